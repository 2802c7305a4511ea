/* SPDX-License-Identifier: MIT */
/*
 * The fast paths' C kernels and the stages the SIMD kernels share: plan-time specialisations of
 * the reference pipeline, chosen once per plan by the table of rows in table.c. Every kernel
 * here follows the reference's arithmetic step for step (same float operations in the same
 * order), so the result words are the same; tests/test_fastpath.c and the fuzz_fastpath target
 * prove it.
 *
 * Covered (docs/SAMPLING.md's "Which path a plan takes" is the table): 2D surfaces, arrays, 3D
 * surfaces and cubes of float-class formats, not sparse;
 *   - sampling without compare, programmable offsets or min/max reduction: any LOD mode, any
 *     filters (anisotropic included), every address mode but HALF_BORDER (and on cubes
 *     CLAMP_BORDER, which elsewhere reads the plan's border colour, clamped as border_texel
 *     clamps it), normalized coordinates, and
 *     unnormalized ones whose lambda cannot matter (min and mag filters alike, not anisotropic,
 *     mip filter not linear);
 *   - ld / ld_lz / load_l on 2D surfaces and arrays of every format, integer ones included.
 * 8-bit UNORM/SNORM texels are decoded through a per-plan table of each channel's 256 values,
 * filled from the reference unpack (sRGB by table, never pow).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "fast.h"
#include "format_internal.h"
#include "lane_math.h"
#include "vmath.h"

/* ---- the per-lane stage: LOD (11.3, 12.1) and levels (12.2) ---- */

typedef struct aniso {
    unsigned taps;
    float ax, ay, az;
    bool bad; /* NaN ratio */
} aniso;

/* lod_from_derivs of the reference for 2D and 3D surfaces (anisotropic when the min filter
 * is): the sums run over the surface's axes only, in order. */
static float lod_nd(const vsmp_plan *p, const float dx[3], const float dy[3], aniso *an)
{
    const vsmp_level_view *b = &p->lv[p->base];
    const float n[3] = {b->fw, b->fh, b->fd};
    float sx = 0, sy = 0;
    for (unsigned a = 0; a < p->dims; a++) {
        sx += (dx[a] * n[a]) * (dx[a] * n[a]);
        sy += (dy[a] * n[a]) * (dy[a] * n[a]);
    }
    float lx = sqrtf(sx), ly = sqrtf(sy);
    an->taps = 1, an->ax = an->ay = an->az = 0.0f, an->bad = false;
    if (!(lx == lx) || !(ly == ly))
        return NAN; /* becomes 0 after the bias (lod_nan) */
    /* anisotropic only with finite lengths */
    if (p->st.min_filter != VSMP_FILTER_ANISOTROPIC || !(lx <= FLT_MAX && ly <= FLT_MAX))
        return vsmp_log2f(lx > ly ? lx : ly);
    float pmax = lx > ly ? lx : ly, pmin = lx > ly ? ly : lx;
    unsigned maxa = p->st.max_aniso < 2 ? 2 : p->st.max_aniso > 16 ? 16 : p->st.max_aniso;
    float ratio = pmin > 0.0f ? ceilf(pmax / pmin) : (float)maxa;
    if (!(ratio == ratio)) {
        an->bad = true;
        return 0.0f;
    }
    unsigned nt = pmax > 0.0f ? (unsigned)clampf(ratio, 1.0f, (float)maxa) : 1;
    const float *maj = lx > ly ? dx : dy;
    an->ax = maj[0], an->ay = maj[1], an->az = p->dims >= 3 ? maj[2] : 0.0f;
    an->taps = nt;
    return vsmp_log2f(pmax / (float)nt);
}

static void set_aniso(fast_lanes *fl, unsigned l, const aniso *an)
{
    fl->taps[l] = (uint8_t)an->taps;
    fl->ax[l] = an->ax, fl->ay[l] = an->ay, fl->az[l] = an->az;
}

/* Cube: derivatives of the direction -> of the face coordinates on c's face. */
static void face_derivs(unsigned face, const float c[3], float dx[3], float dy[3])
{
    float fx[3], fy[3];
    vsmp_cube_face_derivs(face, c, dx, fx);
    vsmp_cube_face_derivs(face, c, dy, fy);
    memcpy(dx, fx, sizeof(fx));
    memcpy(dy, fy, sizeof(fy));
}

static bool lambdas(const vsmp_plan *p, const vsmp_message *m, fast_lanes *fl, const facecoord *fc,
                    float *lam)
{
    unsigned simd = m->simd;
    bool cube = p->s->d.type == VSMP_SURFTYPE_CUBE;
    bool ok = true;
    aniso an = {1, 0, 0, 0, false};
    for (unsigned l = 0; l < simd; l++)
        set_aniso(fl, l, &an);
    switch (p->lod) {
    case L_IMPLICIT:
    case L_BIAS:
        for (unsigned q = 0; q < simd; q += 4) {
            unsigned c1 = q + 1 < simd ? q + 1 : q, c2 = q + 2 < simd ? q + 2 : q;
            float dx[3] = {fl->u[c1] - fl->u[q], fl->v[c1] - fl->v[q], fl->w[c1] - fl->w[q]};
            float dy[3] = {fl->u[c2] - fl->u[q], fl->v[c2] - fl->v[q], fl->w[c2] - fl->w[q]};
            if (cube) { /* direction derivatives -> face coordinate derivatives at TL */
                const float c0[3] = {fl->u[q], fl->v[q], fl->w[q]};
                face_derivs(fc[q].face, c0, dx, dy);
            }
            float l = lod_nd(p, dx, dy, &an);
            ok = ok && !an.bad;
            for (unsigned k = 0; k < 4 && q + k < simd; k++) {
                lam[q + k] = l;
                set_aniso(fl, q + k, &an);
            }
        }
        break;
    case L_GRAD:
        for (unsigned l = 0; l < simd; l++) {
            float dx[3] = {pf(m, VSMP_P_DUDX, l), pf(m, VSMP_P_DVDX, l), pf(m, VSMP_P_DRDX, l)};
            float dy[3] = {pf(m, VSMP_P_DUDY, l), pf(m, VSMP_P_DVDY, l), pf(m, VSMP_P_DRDY, l)};
            if (cube) {
                const float c[3] = {fl->u[l], fl->v[l], fl->w[l]};
                face_derivs(fc[l].face, c, dx, dy);
            }
            lam[l] = lod_nd(p, dx, dy, &an);
            ok = ok && !an.bad;
            set_aniso(fl, l, &an);
        }
        break;
    case L_EXPLICIT:
        for (unsigned l = 0; l < simd; l++)
            lam[l] = pf(m, VSMP_P_LOD, l);
        break;
    case L_ZERO:
        for (unsigned l = 0; l < simd; l++)
            lam[l] = 0.0f;
        break;
    }
    for (unsigned l = 0; l < simd; l++) {
        lam[l] += p->st.lod_bias;
        if (p->lod == L_BIAS)
            lam[l] += clampf(pf(m, VSMP_P_BIAS, l), -16.0f, 16.0f);
        if (!(lam[l] == lam[l])) /* a NaN LOD is 0 (lod_nan of the reference) */
            lam[l] = 0.0f;
    }
    return ok;
}

/* Without mips and anisotropy, with min and mag filters alike (both nearest or both not),
 * lambda changes nothing in the result: the base level, one tap, one filter. */
bool vsmp_fast_lod_unused(const vsmp_plan *p)
{
    const vsmp_sampler_state *st = &p->st;
    return st->mip_filter == VSMP_MIPFILTER_NONE && st->min_filter != VSMP_FILTER_ANISOTROPIC &&
           (st->min_filter == VSMP_FILTER_NEAREST) == (st->mag_filter == VSMP_FILTER_NEAREST);
}

static bool levels(const vsmp_plan *p, const vsmp_message *m, fast_lanes *fl, const facecoord *fc);

bool vsmp_fast_lanes(const vsmp_plan *p, const vsmp_message *m, fast_lanes *fl)
{
    const vsmp_sampler_state *st = &p->st;
    unsigned simd = m->simd;
    float nl = (float)(p->s->d.array_len - 1);
    bool cube = p->s->d.type == VSMP_SURFTYPE_CUBE;
    for (unsigned l = 0; l < simd; l++) {
        fl->u[l] = pf(m, VSMP_P_U, l), fl->v[l] = pf(m, VSMP_P_V, l);
        fl->w[l] = p->dims >= 3 || cube ? pf(m, VSMP_P_R, l) : 0.0f;
        float layer = p->s->d.array ? nearbyintf(pf(m, cube ? VSMP_P_AI : VSMP_P_R, l)) : 0.0f;
        layer = !(layer >= 0.0f) ? 0.0f : layer > nl ? nl : layer;
        fl->layer[l] = (uint32_t)layer;
    }
    facecoord fc[VSMP_MAX_LANES]; /* cube: each lane's face, for derivatives and coordinates */
    if (cube)
        for (unsigned l = 0; l < simd; l++) {
            const float c[3] = {fl->u[l], fl->v[l], fl->w[l]};
            fc[l] = vsmp_cube_face(c);
        }
    /* unnormalized coordinates read the base level (level_setup of the reference); the plans
     * let them through with min and mag filters alike and not anisotropic: one tap, one filter */
    if (vsmp_fast_lod_unused(p) || st->non_normalized) {
        for (unsigned l = 0; l < simd; l++) {
            fl->l0[l] = fl->l1[l] = p->base, fl->frac[l] = 0.0f, fl->taps[l] = 1;
            fl->linear[l] = st->min_filter != VSMP_FILTER_NEAREST;
        }
    } else {
        if (!levels(p, m, fl, fc))
            return false;
    }
    if (cube) /* the direction -> face coordinates; the layer -> the face's slice */
        for (unsigned l = 0; l < simd; l++) {
            fl->u[l] = fc[l].s, fl->v[l] = fc[l].t, fl->w[l] = 0.0f;
            fl->layer[l] = 6u * fl->layer[l] + fc[l].face;
        }
    return true;
}

/* The LOD and level stage of vsmp_fast_lanes. */
static bool levels(const vsmp_plan *p, const vsmp_message *m, fast_lanes *fl, const facecoord *fc)
{
    const vsmp_sampler_state *st = &p->st;
    unsigned simd = m->simd;
    float lam[VSMP_MAX_LANES];
    if (!lambdas(p, m, fl, fc, lam))
        return false;
    float lo = st->min_lod, hi = st->max_lod, top = (float)(p->nlev - 1);
    for (unsigned l = 0; l < simd; l++) {
        float lambda = lam[l];
        if (st->lod_preclamp == VSMP_PRECLAMP_OGL)
            lambda = lambda < lo ? lo : lambda > hi ? hi : lambda;
        bool magnify = !(lambda > 0.0f);
        if (st->lod_preclamp != VSMP_PRECLAMP_OGL)
            lambda = lambda < lo ? lo : lambda > hi ? hi : lambda;
        if (lambda > top)
            lambda = top;
        if (!(lambda >= 0.0f))
            lambda = 0.0f;
        unsigned l0 = 0, l1 = 0;
        float frac = 0.0f;
        if (st->mip_filter == VSMP_MIPFILTER_NONE || (magnify && st->mag_mipnone)) {
            /* the view's first level */
        } else if (st->mip_filter == VSMP_MIPFILTER_NEAREST) {
            float f = floorf(lambda + 0.5f);
            l0 = l1 = (unsigned)(f > top ? top : f);
        } else {
            float f = floorf(lambda);
            l0 = (unsigned)f;
            l1 = l0 + 1 < p->nlev ? l0 + 1 : l0;
            frac = lambda - f;
        }
        fl->l0[l] = p->base + l0, fl->l1[l] = p->base + l1;
        fl->frac[l] = frac;
        unsigned filt = magnify ? st->mag_filter : st->min_filter;
        fl->linear[l] = filt != VSMP_FILTER_NEAREST;
        if (filt != VSMP_FILTER_ANISOTROPIC || magnify)
            fl->taps[l] = 1;
    }
    return true;
}

/* ---- addressing (12.5; CLAMP_BORDER, not HALF_BORDER) and fetch ---- */

#define FAST_BORDER (-1) /* an index off a CLAMP_BORDER axis: the tap reads the border colour */

static int64_t imod(int64_t a, int64_t n)
{
    int64_t r = a % n;
    return r < 0 ? r + n : r;
}

static int64_t address(unsigned mode, int64_t i, int64_t n)
{
    switch (mode) {
    case VSMP_TCM_WRAP:
        return (n & (n - 1)) == 0 ? i & (n - 1) : imod(i, n);
    case VSMP_TCM_MIRROR: {
        int64_t j = imod(i, 2 * n);
        return j < n ? j : 2 * n - 1 - j;
    }
    case VSMP_TCM_MIRROR_ONCE: {
        int64_t j = i < 0 ? -1 - i : i;
        return j >= n ? n - 1 : j;
    }
    case VSMP_TCM_MIRROR_101: {
        if (n == 1)
            return 0;
        int64_t per = 2 * n - 2, j = imod(i, per);
        return j >= n ? per - j : j;
    }
    case VSMP_TCM_CLAMP_BORDER: /* the plans let HALF_BORDER through to the reference only */
        return i < 0 || i >= n ? FAST_BORDER : i;
    default: /* CLAMP, and CUBE on a non-cube surface */
        return i < 0 ? 0 : i >= n ? n - 1 : i;
    }
}

/* IEEE binary16 -> float as the reference gives it (src/format/half.h) */
static float half_to_float(uint32_t h)
{
    return vsmp_half_value(h);
}

/* Decoded 4x4 blocks of one message (direct-mapped by block address): a block's 16 texels are
 * decoded once however many taps read them. Lives for one call: the surface may change between
 * messages. */
#define BC_SLOTS 16
typedef struct bcache {
    const uint8_t *key[BC_SLOTS];
    union {
        vsmp_texel t[16];
        struct {
            float pal[4][4];
            uint32_t idx;
        } bc1;
    } b[BC_SLOTS];
} bcache;

static void cached_texel(bcache *bc, const vsmp_format_info *fi, const uint8_t *px, unsigned i,
                         float t[4])
{
    size_t h = (size_t)((uintptr_t)px / 8);
    unsigned slot = (unsigned)((h ^ h >> 5 ^ h >> 11) % BC_SLOTS);
    if (bc->key[slot] != px) {
        if (fi->bc == 1)
            vsmp_format_bc1_palette(fi, px, bc->b[slot].bc1.pal, &bc->b[slot].bc1.idx);
        else
            vsmp_format_unpack_block16(fi, px, bc->b[slot].t);
        bc->key[slot] = px;
    }
    if (fi->bc == 1)
        memcpy(t, bc->b[slot].bc1.pal[bc->b[slot].bc1.idx >> (2 * i) & 3], 16);
    else
        memcpy(t, bc->b[slot].t[i].f, 16);
}

/* Whether the plan's texels are 4x4 blocks the cache decodes (not the 4:2:2 packed formats). */
static bool cacheable(const vsmp_plan *p)
{
    const vsmp_format_info *fi = p->s->fi;
    return p->texel_kind == TX_BLOCK && fi->block_w == 4 && fi->block_h == 4 && !fi->yuv;
}

/* Texel (x, y) of a slice of a level, decoded as the reference decodes it. */
static void fetch(const vsmp_plan *p, bcache *bc, const vsmp_level_view *lv, size_t slice,
                  int64_t x, int64_t y, float t[4])
{
    const vsmp_format_info *fi = p->s->fi;
    const uint8_t *px = lv->base + slice + (size_t)y * lv->pitch + (size_t)x * fi->bytes;
    vsmp_texel tx;
    switch (p->texel_kind) {
    case TX_UNORM8:
        for (int c = 0; c < 4; c++)
            t[c] = p->lut[c][p->byte_of[c] == 0xff ? 0 : px[p->byte_of[c]]];
        return;
    case TX_F32:
        for (int c = 0; c < 4; c++)
            if (fi->ch[c].type == VSMP_CHAN_NONE)
                t[c] = p->konst[c];
            else
                memcpy(&t[c], px + fi->ch[c].shift / 8, 4);
        return;
    case TX_F16:
        for (int c = 0; c < 4; c++)
            t[c] = fi->ch[c].type == VSMP_CHAN_NONE
                       ? p->konst[c]
                       : half_to_float((uint32_t)px[fi->ch[c].shift / 8] |
                                       (uint32_t)px[fi->ch[c].shift / 8 + 1] << 8);
        return;
    case TX_BLOCK: /* x, y >= 0: unsigned division by the block size */
        if (bc) {
            px = lv->base + slice + (size_t)((uint64_t)y >> 2) * lv->pitch +
                 (size_t)((uint64_t)x >> 2) * fi->bytes;
            cached_texel(bc, fi, px, (unsigned)((y & 3) * 4 + (x & 3)), t);
            return;
        }
        px = lv->base + slice + (size_t)((uint64_t)y / fi->block_h) * lv->pitch +
             (size_t)((uint64_t)x / fi->block_w) * fi->bytes;
        vsmp_format_unpack_block(fi, px, (unsigned)((uint64_t)x % fi->block_w),
                                 (unsigned)((uint64_t)y % fi->block_h), &tx);
        break;
    default:
        vsmp_format_unpack(fi, px, &tx);
        break;
    }
    memcpy(t, tx.f, 16);
}

/* fetch of texel (x, y) of slice z (a 3D depth or an array layer), or the border colour when
 * an index is FAST_BORDER (fetch of the reference). */
static void fetch_b(const vsmp_plan *p, bcache *bc, const vsmp_level_view *lv, int64_t z, int64_t x,
                    int64_t y, float t[4])
{
    if (x < 0 || y < 0 || z < 0) {
        memcpy(t, p->border, sizeof(p->border));
        return;
    }
    fetch(p, bc, lv, (size_t)z * lv->spitch, x, y, t);
}

/* One axis of sample_level: the taps' indices after the address mode, and the weight. */
static float axis(const vsmp_plan *p, unsigned a, float c, float n, uint32_t size, bool linear,
                  int64_t i[2])
{
    unsigned mode = p->st.address[a];
    float x = p->st.non_normalized ? c : c * n; /* unnormalized: texel coordinates already */
    if (!linear) {
        i[0] = i[1] = address(mode, ifloor(x), size);
        return 0.0f;
    }
    float w = (x - 0.5f) - floorf(x - 0.5f);
    if (!(w == w))
        w = 0.0f;
    int64_t i0 = ifloor(x - 0.5f);
    i[0] = address(mode, i0, size), i[1] = address(mode, i0 + 1, size);
    return w;
}

/* Seamless cube (fetch_cube of the reference): a tap off one edge is re-projected onto the face
 * its texel centre lies on; a tap off a corner is the average of the three texels there. */
static void cube_edge(const vsmp_plan *p, bcache *bc, const vsmp_level_view *lv, uint32_t slice,
                      int64_t x, int64_t y, float t[4])
{
    int64_t n = lv->w;
    float sc = 2.0f * (((float)x + 0.5f) / (float)n) - 1.0f;
    float tc = 2.0f * (((float)y + 0.5f) / (float)n) - 1.0f;
    float d[3];
    vsmp_cube_face_dir(slice % 6, sc, tc, d);
    facecoord f = vsmp_cube_face(d);
    int64_t nx = ifloor(f.s * (float)n), ny = ifloor(f.t * (float)n);
    nx = nx < 0 ? 0 : nx >= n ? n - 1 : nx;
    ny = ny < 0 ? 0 : ny >= n ? n - 1 : ny;
    fetch(p, bc, lv, (size_t)(slice - slice % 6 + f.face) * lv->spitch, nx, ny, t);
}

static void cube_texel(const vsmp_plan *p, bcache *bc, const vsmp_level_view *lv, uint32_t slice,
                       int64_t x, int64_t y, float t[4])
{
    int64_t n = lv->w;
    bool ox = x < 0 || x >= n, oy = y < 0 || y >= n;
    if (!ox && !oy) {
        fetch(p, bc, lv, (size_t)slice * lv->spitch, x, y, t);
        return;
    }
    if (!(ox && oy)) {
        cube_edge(p, bc, lv, slice, x, y, t);
        return;
    }
    int64_t cx = x < 0 ? 0 : n - 1, cy = y < 0 ? 0 : n - 1;
    float a[4], b[4], c[4];
    fetch(p, bc, lv, (size_t)slice * lv->spitch, cx, cy, a);
    cube_edge(p, bc, lv, slice, x, cy, b);
    cube_edge(p, bc, lv, slice, cx, y, c);
    for (int ch = 0; ch < 4; ch++)
        t[ch] = (a[ch] + b[ch] + c[ch]) / 3.0f;
}

/* One level of a seamless cube at face coordinates (u, v) of slice 6 layer + face. */
static void sample_one_seamless(const vsmp_plan *p, bcache *bc, unsigned level, uint32_t slice,
                                float u, float v, bool linear, float out[4])
{
    const vsmp_level_view *lv = &p->lv[level];
    float x = u * lv->fw, y = v * lv->fh;
    if (!linear) {
        cube_texel(p, bc, lv, slice, ifloor(x), ifloor(y), out);
        return;
    }
    float wx = (x - 0.5f) - floorf(x - 0.5f), wy = (y - 0.5f) - floorf(y - 0.5f);
    if (!(wx == wx))
        wx = 0.0f;
    if (!(wy == wy))
        wy = 0.0f;
    int64_t x0 = ifloor(x - 0.5f), y0 = ifloor(y - 0.5f);
    float t00[4], t10[4], t01[4], t11[4];
    cube_texel(p, bc, lv, slice, x0, y0, t00);
    cube_texel(p, bc, lv, slice, x0 + 1, y0, t10);
    cube_texel(p, bc, lv, slice, x0, y0 + 1, t01);
    cube_texel(p, bc, lv, slice, x0 + 1, y0 + 1, t11);
    for (int c = 0; c < 4; c++)
        out[c] = lerp(lerp(t00[c], t10[c], wx), lerp(t01[c], t11[c], wx), wy);
}

void vsmp_fast_cube_level(const vsmp_plan *p, unsigned level, uint32_t slice, float u, float v,
                          bool linear, float out[4])
{
    sample_one_seamless(p, NULL, level, slice, u, v, linear, out);
}

/* One level, as sample_level does it for 2D and 3D surfaces without offsets. */
static void sample_one(const vsmp_plan *p, bcache *bc, unsigned level, uint32_t layer, float u,
                       float v, float w, bool linear, float out[4])
{
    if (p->seamless && p->s->d.type == VSMP_SURFTYPE_CUBE) {
        sample_one_seamless(p, bc, level, layer, u, v, linear, out);
        return;
    }
    const vsmp_level_view *lv = &p->lv[level];
    int64_t xi[2], yi[2], zi[2] = {0, 0};
    float wx = axis(p, 0, u, lv->fw, lv->w, linear, xi);
    float wy = axis(p, 1, v, lv->fh, lv->h, linear, yi);
    bool three = p->dims >= 3;
    float wz = three ? axis(p, 2, w, lv->fd, lv->d, linear, zi) : 0.0f;
    if (!three)
        zi[0] = zi[1] = layer;
    if (!linear) {
        fetch_b(p, bc, lv, zi[0], xi[0], yi[0], out);
        return;
    }
    float zv[2][4];
    for (unsigned k = 0; k < (three ? 2u : 1u); k++) {
        float t00[4], t10[4], t01[4], t11[4];
        fetch_b(p, bc, lv, zi[k], xi[0], yi[0], t00);
        fetch_b(p, bc, lv, zi[k], xi[1], yi[0], t10);
        fetch_b(p, bc, lv, zi[k], xi[0], yi[1], t01);
        fetch_b(p, bc, lv, zi[k], xi[1], yi[1], t11);
        for (int c = 0; c < 4; c++)
            zv[k][c] = lerp(lerp(t00[c], t10[c], wx), lerp(t01[c], t11[c], wx), wy);
    }
    for (int c = 0; c < 4; c++)
        out[c] = three ? lerp(zv[0][c], zv[1][c], wz) : zv[0][c];
}

/* sample_at of the reference: N bilinear taps spread along the major axis, averaged. */
static void sample_at(const vsmp_plan *p, bcache *bc, unsigned level, const fast_lanes *fl,
                      unsigned l, float out[4])
{
    unsigned n = fl->taps[l];
    if (n <= 1) {
        sample_one(p, bc, level, fl->layer[l], fl->u[l], fl->v[l], fl->w[l], fl->linear[l], out);
        return;
    }
    float acc[4] = {0, 0, 0, 0};
    for (unsigned t = 0; t < n; t++) {
        float k = ((float)t + 0.5f) / (float)n - 0.5f, r[4];
        sample_one(p, bc, level, fl->layer[l], fl->u[l] + fl->ax[l] * k, fl->v[l] + fl->ay[l] * k,
                   fl->w[l] + fl->az[l] * k, true, r);
        for (int c = 0; c < 4; c++)
            acc[c] += r[c];
    }
    for (int c = 0; c < 4; c++)
        out[c] = acc[c] / (float)n;
}

void vsmp_sample_2d_c(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    if (p->s->resident) { /* made sparse after the plan: the reference knows residency */
        p->run(p, m, r);
        return;
    }
    fast_lanes fl;
    if (!vsmp_fast_lanes(p, m, &fl)) {
        p->run(p, m, r);
        return;
    }
    bcache cache, *bc = NULL;
    if (cacheable(p)) {
        memset(cache.key, 0, sizeof(cache.key));
        bc = &cache;
    }
    for (unsigned l = 0; l < m->simd; l++) {
        if (!(m->mask >> l & 1))
            continue;
        float t[4];
        sample_at(p, bc, fl.l0[l], &fl, l, t);
        if (fl.l1[l] != fl.l0[l]) {
            float t1[4];
            sample_at(p, bc, fl.l1[l], &fl, l, t1);
            for (int c = 0; c < 4; c++)
                t[c] = lerp(t[c], t1[c], fl.frac[l]);
        }
        for (int c = 0; c < 4; c++) /* NaN results as the reference returns them */
            if (t[c] == t[c])
                memcpy(&r->c[c][l], &t[c], 4);
            else
                r->c[c][l] = VSMP_NAN_BITS;
    }
}

/* ld, ld_lz, load_l on a 2D surface: out of range (layer included) reads zeros (6). */
void vsmp_ld_2d_c(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    if (p->s->resident) {
        p->run(p, m, r);
        return;
    }
    const vsmp_surface_desc *d = &p->s->d;
    bcache *bc = NULL; /* one texel per lane: nothing to share */
    for (unsigned l = 0; l < m->simd; l++) {
        if (!(m->mask >> l & 1))
            continue;
        float t[4];
        memcpy(t, p->ldzero, sizeof(t)); /* the zero texel, unless in range */
        int32_t u = (int32_t)pu(m, VSMP_P_U, l), v = (int32_t)pu(m, VSMP_P_V, l);
        int32_t rr = (int32_t)pu(m, VSMP_P_R, l);
        uint32_t lod = p->op == VSMP_SUB_LD_LZ ? 0 : pu(m, VSMP_P_LOD, l);
        uint32_t slice = d->array ? (uint32_t)rr : 0;
        bool ok = !d->array || (rr >= 0 && (uint32_t)rr < d->array_len);
        if (lod < p->nlev && ok) {
            const vsmp_level_view *lv = &p->lv[p->base + lod];
            if (u >= 0 && (uint32_t)u < lv->w && v >= 0 && (uint32_t)v < lv->h)
                fetch(p, bc, lv, (size_t)slice * lv->spitch, u, v, t);
        }
        for (int c = 0; c < 4; c++)
            memcpy(&r->c[c][l], &t[c], 4);
    }
}
