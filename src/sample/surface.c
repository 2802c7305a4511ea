/* SPDX-License-Identifier: MIT */
/* Surfaces: validation, memory layout, texel access, mip generation. */
#include <stdlib.h>
#include <string.h>

#include "sample_internal.h"

void vsmp_surface_desc_init(vsmp_surface_desc *d)
{
    memset(d, 0, sizeof(*d));
    d->type = VSMP_SURFTYPE_2D;
    d->format = VSMP_FORMAT_R8G8B8A8_UNORM;
    d->width = d->height = d->depth = 1;
    d->array_len = 1;
    d->levels = 1;
    d->samples = 1;
}

static bool mul_ok(size_t a, size_t b, size_t *out)
{
    if (a && b > SIZE_MAX / a)
        return false;
    *out = a * b;
    return true;
}

static vsmp_status reject(vsmp_diags *diags, const char *what)
{
    vsmp_diags_add(diags, VSMP_SEV_ERROR, "surface", 0, 0, -1, "invalid surface: %s", what);
    return VSMP_ERR_ARG;
}

static vsmp_status no_memory(vsmp_diags *diags, size_t need, size_t budget)
{
    if (budget)
        vsmp_diags_add(diags, VSMP_SEV_ERROR, "memory", 0, 0, -1,
                       "out of memory: the surface needs %zu bytes, over the memory budget of "
                       "%zu bytes",
                       need, budget);
    else
        vsmp_diags_add(diags, VSMP_SEV_ERROR, "memory", 0, 0, -1,
                       "out of memory: cannot allocate the surface's %zu bytes", need);
    return VSMP_ERR_NOMEM;
}

static uint32_t slices_of(const vsmp_surface_desc *d, unsigned level)
{
    switch ((unsigned)d->type) {
    case VSMP_SURFTYPE_3D:
        return vsmp_minify(d->depth, level);
    case VSMP_SURFTYPE_CUBE:
        return 6 * d->array_len;
    default:
        return d->array_len * (d->samples > 1 ? d->samples : 1); /* planes of each layer */
    }
}

static vsmp_status check_desc(const vsmp_surface_desc *d, vsmp_diags *diags)
{
    if (d->type == VSMP_SURFTYPE_NULL)
        return VSMP_OK;
    if (d->type != VSMP_SURFTYPE_1D && d->type != VSMP_SURFTYPE_2D && d->type != VSMP_SURFTYPE_3D &&
        d->type != VSMP_SURFTYPE_CUBE && d->type != VSMP_SURFTYPE_BUFFER)
        return reject(diags, "unknown surface type");
    if (!vsmp_format_get(d->format))
        return reject(diags, "format not implemented");
    if (d->type == VSMP_SURFTYPE_BUFFER) {
        /* SURFTYPE_BUFFER: the element count is 27 bits of the surface state's size fields */
        const vsmp_format_info *bf = vsmp_format_get(d->format);
        if (d->width < 1 || d->width > VSMP_MAX_BUFFER_TEXELS)
            return reject(diags, "a buffer surface has 1..2^27 texels");
        if (d->height != 1 || d->depth != 1 || d->array || d->array_len != 1 || d->levels != 1 ||
            d->min_lod || d->mip_count > 1 || d->samples != 1 || d->mcs)
            return reject(diags, "a buffer surface has one row, one level, no layers or samples");
        if (bf->block_w > 1 || bf->block_h > 1 || bf->planes > 1)
            return reject(diags, "a buffer surface holds whole texels (no blocks or planes)");
        return VSMP_OK;
    }
    if (d->width < 1 || d->width > VSMP_MAX_SURFACE_DIM || d->height < 1 ||
        d->height > VSMP_MAX_SURFACE_DIM || d->depth < 1 || d->depth > VSMP_MAX_SURFACE_DEPTH ||
        d->array_len < 1 || d->array_len > VSMP_MAX_SURFACE_DEPTH)
        return reject(diags, "size out of range (width/height 1..16384, depth and array "
                             "length 1..2048)");
    if (d->type == VSMP_SURFTYPE_1D && d->height != 1)
        return reject(diags, "a 1D surface has height 1");
    if (d->type != VSMP_SURFTYPE_3D && d->depth != 1)
        return reject(diags, "only 3D surfaces have depth");
    if (d->type == VSMP_SURFTYPE_3D && (d->array || d->array_len != 1))
        return reject(diags, "3D surfaces have no array");
    if (d->type == VSMP_SURFTYPE_CUBE && d->width != d->height)
        return reject(diags, "cube faces are square");
    if (!d->array && d->array_len != 1)
        return reject(diags, "array_len > 1 needs array");
    if (d->levels < 1 || d->levels > VSMP_MAX_LEVELS)
        return reject(diags, "levels must be 1..15");
    if (d->min_lod >= d->levels)
        return reject(diags, "min_lod must name a level in memory");
    if (d->mip_count > d->levels - d->min_lod)
        return reject(diags, "mip_count reaches past the levels in memory");
    if (d->samples != 1 && d->samples != 2 && d->samples != 4 && d->samples != 8 &&
        d->samples != 16)
        return reject(diags, "samples must be 1, 2, 4, 8 or 16");
    if (d->samples > 1 && (d->type != VSMP_SURFTYPE_2D || d->levels != 1))
        return reject(diags, "multisample surfaces are 2D (or 2D arrays) with one level");
    if (d->mcs && d->samples == 1)
        return reject(diags, "an MCS needs a multisample surface");
    const vsmp_format_info *fi = vsmp_format_get(d->format);
    if (fi->bc && (d->type == VSMP_SURFTYPE_1D || d->samples > 1))
        return reject(diags, "block-compressed formats are for 2D, 3D and cube surfaces");
    if (fi->yuv && d->samples > 1)
        return reject(diags, "YCrCb formats are single-sampled");
    if (fi->planes > 1 &&
        (d->type != VSMP_SURFTYPE_2D || d->array || d->levels != 1 || d->samples != 1))
        return reject(diags, "planar formats are 2D, not arrays, with one level");
    return VSMP_OK;
}

vsmp_status vsmp_surface_create(const vsmp_surface_desc *in, vsmp_surface **out, vsmp_diags *diags)
{
    if (!in || !out)
        return VSMP_ERR_ARG;
    vsmp_status st = check_desc(in, diags);
    if (st)
        return st;
    vsmp_surface *s = calloc(1, sizeof(*s));
    if (!s)
        return VSMP_ERR_NOMEM;
    s->d = *in;
    if (!s->d.mip_count)
        s->d.mip_count = s->d.levels - s->d.min_lod;
    if (in->type == VSMP_SURFTYPE_NULL) {
        *out = s;
        return VSMP_OK;
    }
    s->fi = vsmp_format_get(in->format);
    bool custom = false;
    for (unsigned l = 0; l < VSMP_MAX_LEVELS; l++)
        custom |= in->level_offset[l] || in->row_pitch[l] || in->slice_pitch[l];
    size_t end = 0, total = 0;
    for (unsigned l = 0; l < s->d.levels; l++) {
        size_t row, slice, bytes;
        uint32_t w = vsmp_minify(in->width, l), h = vsmp_minify(in->height, l),
                 n = slices_of(in, l);
        /* block formats: rows and columns of blocks; planar: even widths (chroma pairs) */
        uint32_t bw = s->fi->planes > 1 ? 2 : s->fi->block_w, bh = s->fi->block_h;
        w = (w + bw - 1) / bw, h = (h + bh - 1) / bh;
        if (!mul_ok(w, (size_t)s->fi->bytes * (s->fi->planes > 1 ? 2 : 1), &row))
            goto too_big;
        size_t rows = s->fi->planes > 1 ? h + (h + 1) / 2 : h; /* planar: then the chroma rows */
        if (custom) {
            if (in->row_pitch[l] < row || in->slice_pitch[l] < in->row_pitch[l] * rows)
                goto bad_layout;
            row = in->row_pitch[l];
        }
        if (!mul_ok(row, rows, &slice))
            goto too_big;
        if (custom)
            slice = in->slice_pitch[l];
        if (!mul_ok(slice, n, &bytes))
            goto too_big;
        size_t off = custom ? in->level_offset[l] : total;
        if (off > VSMP_MAX_SURFACE_BYTES || bytes > VSMP_MAX_SURFACE_BYTES - off)
            goto too_big;
        s->d.level_offset[l] = off;
        s->d.row_pitch[l] = row;
        s->d.slice_pitch[l] = slice;
        total = off + bytes;
        if (total > end)
            end = total;
    }
    /* what this surface will allocate, checked against the budget before anything is */
    size_t px = 0, need = in->data ? 0 : end;
    if (in->mcs && (!mul_ok((size_t)in->width * in->height, in->array_len, &px) ||
                    px > (SIZE_MAX - need) / sizeof(uint64_t)))
        goto too_big;
    need += px * sizeof(uint64_t);
    size_t tiles = (end + VSMP_TILE_BYTES - 1) / VSMP_TILE_BYTES;
    need += tiles; /* the residency map, allocated when a tile is first made non-resident */
    if (in->max_memory && need > in->max_memory) {
        free(s);
        return no_memory(diags, need, in->max_memory);
    }
    if (in->mcs) {
        if (!(s->mcs = calloc(px ? px : 1, sizeof(uint64_t)))) {
            free(s);
            return no_memory(diags, need, 0);
        }
        for (size_t i = 0; i < px; i++)
            s->mcs[i] = vsmp_mcs_identity(in->samples);
    }
    s->tiles = tiles;
    if (in->data) {
        if (in->data_size < end) {
            free(s->mcs);
            free(s);
            return reject(diags, "data_size is smaller than the layout needs");
        }
        s->mem = in->data;
    } else {
        s->owned = calloc(end ? end : 1, 1);
        if (!s->owned) {
            free(s->mcs);
            free(s);
            return no_memory(diags, need, 0);
        }
        s->mem = s->owned;
        s->d.data = s->owned;
        s->d.data_size = end;
    }
    *out = s;
    return VSMP_OK;
too_big:
    free(s);
    return reject(diags, "the layout exceeds 16 GiB");
bad_layout:
    free(s);
    return reject(diags, "a row or slice pitch is smaller than the level needs");
}

void vsmp_surface_free(vsmp_surface *s)
{
    if (!s)
        return;
    free(s->mcs);
    free(s->resident);
    free(s->owned);
    free(s);
}

const vsmp_surface_desc *vsmp_surface_get_desc(const vsmp_surface *s)
{
    return s ? &s->d : NULL;
}

vsmp_status vsmp_surface_level_size(const vsmp_surface *s, unsigned level, uint32_t *w, uint32_t *h,
                                    uint32_t *d, uint32_t *slices)
{
    if (!s || level >= s->d.levels || s->d.type == VSMP_SURFTYPE_NULL)
        return VSMP_ERR_ARG;
    uint32_t ext[3];
    vsmp_level_extent(&s->d, level, ext);
    if (w)
        *w = ext[0];
    if (h)
        *h = ext[1];
    if (d)
        *d = ext[2];
    if (slices)
        *slices = slices_of(&s->d, level);
    return VSMP_OK;
}

void *vsmp_surface_texel(const vsmp_surface *s, unsigned level, uint32_t slice, uint32_t x,
                         uint32_t y)
{
    uint32_t w, h, n;
    if (vsmp_surface_level_size(s, level, &w, &h, NULL, &n) || x >= w || y >= h || slice >= n)
        return NULL;
    return s->mem + s->d.level_offset[level] + slice * s->d.slice_pitch[level] +
           (y / s->fi->block_h) * s->d.row_pitch[level] +
           (size_t)(x / s->fi->block_w) * s->fi->bytes;
}

void *vsmp_surface_chroma(const vsmp_surface *s, uint32_t x, uint32_t y)
{
    if (!s || !s->fi || s->fi->planes < 2 || !vsmp_surface_texel(s, 0, 0, x, y))
        return NULL;
    return s->mem + s->d.level_offset[0] + (s->d.height + y / 2) * s->d.row_pitch[0] +
           (size_t)(x / 2) * 2 * s->fi->bytes;
}

/* Decode texel (x, y) from its bytes @p p (and, for planar formats, its chroma pair @p c). */
static void unpack_at(const vsmp_surface *s, const uint8_t *p, const uint8_t *c, uint32_t x,
                      uint32_t y, vsmp_texel *t)
{
    if (s->fi->planes > 1)
        vsmp_format_unpack_planar(s->fi, p, c, t);
    else if (s->fi->block_w > 1 || s->fi->block_h > 1)
        vsmp_format_unpack_block(s->fi, p, x % s->fi->block_w, y % s->fi->block_h, t);
    else
        vsmp_format_unpack(s->fi, p, t);
}

vsmp_status vsmp_surface_store(vsmp_surface *s, unsigned level, uint32_t slice, uint32_t x,
                               uint32_t y, const vsmp_texel *t)
{
    void *p = vsmp_surface_texel(s, level, slice, x, y);
    if (!p || !t)
        return VSMP_ERR_ARG;
    if (s->fi->planes > 1) {
        vsmp_format_pack_planar(s->fi, t, p, vsmp_surface_chroma(s, x, y));
        return VSMP_OK;
    }
    if (s->fi->yuv)
        return vsmp_format_pack_block(s->fi, t, x % 2, p); /* Y of x; the pair's Cb and Cr */
    if (s->fi->bc)
        return VSMP_ERR_UNSUPPORTED; /* fill block-compressed surfaces through their memory */
    vsmp_format_pack(s->fi, t, p);
    return VSMP_OK;
}

vsmp_status vsmp_surface_load(const vsmp_surface *s, unsigned level, uint32_t slice, uint32_t x,
                              uint32_t y, vsmp_texel *t)
{
    const void *p = vsmp_surface_texel(s, level, slice, x, y);
    if (!p || !t)
        return VSMP_ERR_ARG;
    unpack_at(s, p, vsmp_surface_chroma(s, x, y), x, y, t);
    return VSMP_OK;
}

/* Box filter of the 2x2 (x2 for 3D) parent texels, clamped at odd edges. */
static void downsample(vsmp_surface *s, unsigned l, uint32_t slice, uint32_t x, uint32_t y)
{
    uint32_t pw, ph, pd, dz = s->d.type == VSMP_SURFTYPE_3D ? 2 : 1;
    vsmp_surface_level_size(s, l - 1, &pw, &ph, &pd, NULL);
    float acc[4] = {0, 0, 0, 0};
    unsigned n = 0;
    vsmp_texel t, first;
    for (uint32_t k = 0; k < dz; k++) {
        uint32_t ps = dz == 2 ? (2 * slice + k < pd ? 2 * slice + k : pd - 1) : slice;
        for (uint32_t j = 0; j < 2; j++) {
            for (uint32_t i = 0; i < 2; i++) {
                uint32_t sx = 2 * x + i < pw ? 2 * x + i : pw - 1;
                uint32_t sy = 2 * y + j < ph ? 2 * y + j : ph - 1;
                vsmp_surface_load(s, l - 1, ps, sx, sy, &t);
                if (!n)
                    first = t;
                for (int c = 0; c < 4; c++)
                    acc[c] += t.f[c];
                n++;
            }
        }
    }
    if (s->fi->cls == VSMP_CLASS_FLOAT)
        for (int c = 0; c < 4; c++)
            t.f[c] = acc[c] / (float)n;
    else
        t = first;
    vsmp_surface_store(s, l, slice, x, y, &t);
}

vsmp_status vsmp_surface_generate_mips(vsmp_surface *s)
{
    if (!s || s->d.type == VSMP_SURFTYPE_NULL)
        return VSMP_ERR_ARG;
    if (s->fi->bc || s->fi->yuv)
        return VSMP_ERR_UNSUPPORTED;
    for (unsigned l = 1; l < s->d.levels; l++) {
        uint32_t w, h, n;
        vsmp_surface_level_size(s, l, &w, &h, NULL, &n);
        for (uint32_t z = 0; z < n; z++)
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++)
                    downsample(s, l, z, x, y);
    }
    return VSMP_OK;
}

/* ---- multisample ---- */

static unsigned log2u(uint32_t v)
{
    unsigned r = 0;
    while (v > 1)
        v >>= 1, r++;
    return r;
}

uint64_t vsmp_mcs_identity(uint32_t samples)
{
    unsigned b = log2u(samples);
    uint64_t v = 0;
    for (uint32_t i = 0; i < samples && b; i++)
        v |= (uint64_t)i << (i * b);
    return v;
}

uint64_t vsmp_mcs_clear(uint32_t samples)
{
    unsigned bits = log2u(samples) * samples;
    return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
}

static uint64_t *mcs_at(const vsmp_surface *s, uint32_t layer, uint32_t x, uint32_t y)
{
    if (!s || !s->mcs || layer >= s->d.array_len || x >= s->d.width || y >= s->d.height)
        return NULL;
    return &s->mcs[((size_t)layer * s->d.height + y) * s->d.width + x];
}

vsmp_status vsmp_surface_set_mcs(vsmp_surface *s, uint32_t layer, uint32_t x, uint32_t y,
                                 uint64_t mcs)
{
    uint64_t *m = mcs_at(s, layer, x, y);
    if (!m)
        return VSMP_ERR_ARG;
    *m = mcs;
    return VSMP_OK;
}

vsmp_status vsmp_surface_get_mcs(const vsmp_surface *s, uint32_t layer, uint32_t x, uint32_t y,
                                 uint64_t *mcs)
{
    const uint64_t *m = mcs_at(s, layer, x, y);
    if (!m || !mcs)
        return VSMP_ERR_ARG;
    *mcs = *m;
    return VSMP_OK;
}

vsmp_status vsmp_surface_compress(vsmp_surface *s)
{
    if (!s || !s->mcs)
        return VSMP_ERR_ARG;
    uint32_t n = s->d.samples;
    unsigned b = log2u(n);
    size_t bytes = s->fi->bytes;
    uint8_t clear[16] = {0};
    vsmp_format_pack(s->fi, &s->d.clear_color, clear);
    for (uint32_t layer = 0; layer < s->d.array_len; layer++)
        for (uint32_t y = 0; y < s->d.height; y++)
            for (uint32_t x = 0; x < s->d.width; x++) {
                uint8_t smp[16][16], uniq[16][16];
                unsigned nu = 0;
                uint64_t mcs = 0;
                bool cleared = true;
                for (uint32_t i = 0; i < n; i++) {
                    memcpy(smp[i], vsmp_surface_texel(s, 0, layer * n + i, x, y), bytes);
                    cleared &= memcmp(smp[i], clear, bytes) == 0;
                }
                for (uint32_t i = 0; i < n; i++) {
                    unsigned k = 0;
                    while (k < nu && memcmp(uniq[k], smp[i], bytes))
                        k++;
                    if (k == nu)
                        memcpy(uniq[nu++], smp[i], bytes);
                    mcs |= (uint64_t)k << (i * b);
                }
                for (unsigned k = 0; k < nu; k++)
                    memcpy(vsmp_surface_texel(s, 0, layer * n + k, x, y), uniq[k], bytes);
                *mcs_at(s, layer, x, y) = cleared ? vsmp_mcs_clear(n) : mcs;
            }
    return VSMP_OK;
}

/* ---- sparse ---- */

size_t vsmp_surface_tile_count(const vsmp_surface *s)
{
    return s ? s->tiles : 0;
}

vsmp_status vsmp_surface_set_resident(vsmp_surface *s, size_t tile, bool resident)
{
    if (!s || tile >= s->tiles)
        return VSMP_ERR_ARG;
    if (!s->resident) {
        if (resident)
            return VSMP_OK;
        s->resident = malloc(s->tiles);
        if (!s->resident)
            return VSMP_ERR_NOMEM;
        memset(s->resident, 1, s->tiles);
    }
    s->resident[tile] = resident;
    return VSMP_OK;
}

size_t vsmp_surface_tile_of(const vsmp_surface *s, unsigned level, uint32_t slice, uint32_t x,
                            uint32_t y)
{
    const uint8_t *p = vsmp_surface_texel(s, level, slice, x, y);
    return p ? (size_t)(p - s->mem) / VSMP_TILE_BYTES : SIZE_MAX;
}

/* Whether every tile holding bytes [p, p + n) of the surface is resident. */
static bool bytes_resident(const vsmp_surface *s, const uint8_t *p, size_t n)
{
    size_t first = (size_t)(p - s->mem) / VSMP_TILE_BYTES;
    size_t last = (size_t)(p + n - 1 - s->mem) / VSMP_TILE_BYTES;
    return s->resident[first] && s->resident[last];
}

void vsmp_surface_load_sparse(const vsmp_surface *s, unsigned level, uint32_t slice, uint32_t x,
                              uint32_t y, vsmp_texel *t, bool *null_hit)
{
    const uint8_t *p = vsmp_surface_texel(s, level, slice, x, y);
    if (!p)
        return;
    const uint8_t *c = vsmp_surface_chroma(s, x, y); /* NULL unless planar */
    if (s->resident && !(bytes_resident(s, p, s->fi->bytes) &&
                         (!c || bytes_resident(s, c, 2 * (size_t)s->fi->bytes)))) {
        static const uint8_t zero[16];
        unpack_at(s, zero, zero, x, y, t);
        if (null_hit)
            *null_hit = true;
        return;
    }
    unpack_at(s, p, c, x, y, t);
}
