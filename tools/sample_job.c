/* SPDX-License-Identifier: MIT */
/* `vsmp sample JOB.json`: what does the sampler return here? Schema: docs/SAMPLE_JOB.md.
 * Every value is read strictly (job_json.h): unknown keys, wrong types and values out of range
 * are refused with their JSON path. */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "job_json.h"
#include "sample_job.h"
#include "tool_out.h"
#include "vsmp/vsmp.h"

void vsmp_job_options_init(vsmp_job_options *o)
{
    memset(o, 0, sizeof(*o));
    o->max_memory = VSMP_JOB_DEFAULT_MAX_MEMORY;
}

int vsmp_job_parse_size(const char *s, size_t *out)
{
    if (!s || !isdigit((unsigned char)*s))
        return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno)
        return -1;
    static const char units[] = "KMGT";
    unsigned shift = 0;
    if (*end) {
        const char *u = strchr(units, toupper((unsigned char)*end));
        if (!u)
            return -1;
        shift = 10u * (unsigned)(u - units + 1);
        end++;
        if (strcmp(end, "") && strcmp(end, "iB") && strcmp(end, "B"))
            return -1;
    }
    if (v > (SIZE_MAX >> shift))
        return -1;
    *out = (size_t)v << shift;
    return 0;
}

/* ---- surface ---- */

/* The PNG's header, then (only when its size is acceptable) its pixels as 8-bit RGBA. */
static int load_png(const char *path, const char *where, uint32_t want_w, uint32_t want_h,
                    size_t budget, uint32_t *w, uint32_t *h, uint8_t **rgba, jerr *e)
{
    png_image img;
    memset(&img, 0, sizeof(img));
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, path))
        return jfail(e, "%s: %s: %s", where, path, img.message);
    int rc = 0;
    if (img.width > VSMP_MAX_SURFACE_DIM || img.height > VSMP_MAX_SURFACE_DIM)
        rc = jfail(e, "%s: %s is %ux%u, larger than %ux%u", where, path, img.width, img.height,
                   VSMP_MAX_SURFACE_DIM, VSMP_MAX_SURFACE_DIM);
    else if ((want_w && want_w != img.width) || (want_h && want_h != img.height))
        rc =
            jfail(e, "%s: %s is %ux%u, the surface %ux%u (leave width and height out)", where, path,
                  img.width, img.height, want_w ? want_w : img.width, want_h ? want_h : img.height);
    img.format = PNG_FORMAT_RGBA;
    size_t bytes = (size_t)img.width * img.height * 4;
    if (!rc && budget && bytes > budget)
        rc = jfail(e,
                   "%s: out of memory: decoding %s needs %zu bytes, over the memory budget of "
                   "%zu bytes (--max-memory)",
                   where, path, bytes, budget);
    if (rc) {
        png_image_free(&img);
        return rc;
    }
    *rgba = malloc(bytes ? bytes : 1);
    if (!*rgba) {
        png_image_free(&img);
        return jfail(e, "%s: out of memory: decoding %s needs %zu bytes", where, path, bytes);
    }
    if (!png_image_finish_read(&img, NULL, *rgba, 0, NULL)) {
        free(*rgba);
        *rgba = NULL;
        png_image_free(&img);
        return jfail(e, "%s: %s: cannot decode: %s", where, path, img.message);
    }
    *w = img.width, *h = img.height;
    return 0;
}

/* Built-in patterns, by texel position in level 0 (and slice). */
static void pattern(int kind, uint32_t x, uint32_t y, uint32_t z, uint32_t w, uint32_t h,
                    vsmp_texel *t)
{
    switch (kind) {
    case 0: { /* checker of 4x4 cells */
        float c = ((x / 4 + y / 4 + z) & 1) ? 1.0f : 0.0f;
        t->f[0] = t->f[1] = t->f[2] = c, t->f[3] = 1.0f;
        break;
    }
    case 1: /* gradient: R = x, G = y, B = slice */
        t->f[0] = (x + 0.5f) / (float)w, t->f[1] = (y + 0.5f) / (float)h;
        t->f[2] = (float)z / 8.0f, t->f[3] = 1.0f;
        break;
    default: /* index: R = x, G = y, B = z as values (integer formats too) */
        t->f[0] = (float)x, t->f[1] = (float)y, t->f[2] = (float)z, t->f[3] = 1.0f;
        break;
    }
}

static void to_class(const vsmp_format_info *fi, vsmp_texel *t)
{
    if (fi->cls == VSMP_CLASS_FLOAT)
        return;
    for (int c = 0; c < 4; c++) {
        float f = t->f[c];
        if (fi->cls == VSMP_CLASS_SINT)
            t->i[c] = (int32_t)f;
        else
            t->u[c] = f < 0 ? 0 : (uint32_t)f;
    }
}

/* One channel value: a number for float classes, a 32-bit integer of the class otherwise. */
static int channel_from_json(json_object *v, const char *path, const vsmp_format_info *fi,
                             vsmp_texel *t, int c, jerr *e)
{
    if (fi->cls == VSMP_CLASS_FLOAT) {
        double x;
        if (jval_num(v, path, &x, e))
            return -1;
        /* a normalized channel holds [0, 1] or [-1, 1]: 128 meant as a byte is refused, not
         * clamped to 1 */
        uint8_t ct = fi->ch[c].type;
        if (ct == VSMP_CHAN_UNORM && (x < 0 || x > 1))
            return jfail(e,
                         "%s: %g is outside [0, 1], the range of %s's UNORM channels (a byte "
                         "value v is v / 255)",
                         path, x, fi->name);
        if (ct == VSMP_CHAN_SNORM && (x < -1 || x > 1))
            return jfail(e, "%s: %g is outside [-1, 1], the range of %s's SNORM channels", path, x,
                         fi->name);
        t->f[c] = (float)x;
        return 0;
    }
    int64_t x;
    bool s = fi->cls == VSMP_CLASS_SINT;
    if (jval_int(v, path, s ? INT32_MIN : 0, s ? INT32_MAX : UINT32_MAX, &x, e))
        return -1;
    t->u[c] = (uint32_t)x;
    return 0;
}

/* [r, g, b, a]: 1 to 4 channels, missing ones 0 (alpha 1). */
static int texel_from_json(json_object *a, const char *path, const vsmp_format_info *fi,
                           vsmp_texel *t, jerr *e)
{
    size_t n;
    if (jval_array(a, path, 1, 4, &n, e))
        return -1;
    vsmp_texel def = {{0, 0, 0, 1}};
    *t = def;
    to_class(fi, t);
    for (size_t c = 0; c < n; c++) {
        char p[256];
        if (channel_from_json(json_object_array_get_idx(a, c), jpath_idx(p, sizeof(p), path, c), fi,
                              t, (int)c, e))
            return -1;
    }
    return 0;
}

/* "bytes": the surface's memory from byte 0 of its layout, as hex digits (whitespace between
 * bytes allowed); what is not given stays as it was, except on a surface of several mip levels,
 * whose bytes must cover every level (levels are not generated over them). */
static int load_bytes(vsmp_surface *s, const char *hex, jerr *e)
{
    const vsmp_surface_desc *d = vsmp_surface_get_desc(s);
    uint8_t *mem = d->data;
    size_t n = 0;
    for (const char *p = hex; *p;) {
        if (isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        if (!isxdigit((unsigned char)p[0]) || !isxdigit((unsigned char)p[1]))
            return jfail(e, "surface.bytes: two hex digits per byte (at byte %zu)", n);
        if (n == d->data_size)
            return jfail(e, "surface.bytes: more than the surface's %zu bytes", d->data_size);
        char two[3] = {p[0], p[1], 0};
        mem[n++] = (uint8_t)strtoul(two, NULL, 16);
        p += 2;
    }
    if (d->levels > 1 && n != d->data_size)
        return jfail(e,
                     "surface.bytes: %zu bytes given; a surface of %u mip levels takes the bytes "
                     "of every level, %zu (or give level 0 as \"texels\", \"png\" or "
                     "\"pattern\" and let the levels be generated)",
                     n, d->levels, d->data_size);
    return 0;
}

static const char *const surface_keys[] = {
    "type",    "array",     "format",      "width",      "height",
    "depth",   "array_len", "levels",      "min_lod",    "mip_count",
    "texels",  "png",       "pattern",     "mip_texels", "generate_mips",
    "samples", "mcs",       "clear_color", "compress",   "nonresident_tiles",
    "bytes",   NULL};

/* Level texels from a JSON array, slice by slice, row by row. */
static int store_texels(vsmp_surface *s, unsigned level, json_object *arr, const char *path,
                        const vsmp_format_info *fi, jerr *e)
{
    uint32_t w, h, n;
    vsmp_surface_level_size(s, level, &w, &h, NULL, &n);
    size_t count = (size_t)w * h * n, len;
    if (!json_object_is_type(arr, json_type_array) || json_object_array_length(arr) != count) {
        if (jval_array(arr, path, count, count, &len, e))
            return -1;
    }
    for (size_t k = 0; k < count; k++) {
        vsmp_texel t;
        char p[256];
        if (texel_from_json(json_object_array_get_idx(arr, k), jpath_idx(p, sizeof(p), path, k), fi,
                            &t, e))
            return -1;
        uint32_t x = (uint32_t)(k % w), y = (uint32_t)(k / w % h), z = (uint32_t)(k / w / h);
        if (vsmp_surface_store(s, level, z, x, y, &t))
            return jfail(e,
                         "%s: %s texels cannot be given one by one; give the blocks' memory as "
                         "\"bytes\"",
                         path, fi->name);
    }
    return 0;
}

/* Level 0 from a PNG or a pattern (texels: store_texels). */
static int fill_level0(vsmp_surface *s, const vsmp_format_info *fi, const uint8_t *png, uint32_t pw,
                       int pk, jerr *e)
{
    uint32_t w, h, n;
    vsmp_surface_level_size(s, 0, &w, &h, NULL, &n);
    for (uint32_t z = 0; z < n; z++)
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                vsmp_texel t = {{0, 0, 0, 1}};
                if (png) {
                    const uint8_t *p = png + 4 * ((size_t)y * pw + x);
                    for (int c = 0; c < 4; c++)
                        t.f[c] = fi->cls == VSMP_CLASS_FLOAT ? p[c] / 255.0f : (float)p[c];
                } else {
                    pattern(pk, x, y, z, w, h, &t);
                }
                to_class(fi, &t);
                if (vsmp_surface_store(s, 0, z, x, y, &t))
                    return jfail(e,
                                 "surface.%s: %s texels cannot be given one by one; give the "
                                 "blocks' memory as \"bytes\"",
                                 png ? "png" : "pattern", fi->name);
            }
    return 0;
}

static int build_surface(json_object *js, vsmp_surface **out, const char *dir,
                         const vsmp_job_options *o, jerr *e)
{
    if (!js)
        return jfail(e, "surface: the job needs a \"surface\" object");
    if (jcheck_object(js, "surface", surface_keys, e))
        return -1;
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.max_memory = o->max_memory;
    static const char *const types[] = {"1D", "2D", "3D", "CUBE", "BUFFER"};
    static const char *const pats[] = {"checker", "gradient", "index"};
    int ty = 1, pk = -1;
    const char *fname = NULL, *pngf = NULL, *raw = NULL;
    bool gm = true, cmp = false;
    if (jget_enum(js, "surface", "type", types, 5, &ty, e) ||
        jget_bool(js, "surface", "array", &d.array, e) ||
        jget_str(js, "surface", "format", &fname, e) ||
        jget_u32(js, "surface", "width", ty == 4 ? VSMP_MAX_BUFFER_TEXELS : VSMP_MAX_SURFACE_DIM,
                 &d.width, e) ||
        jget_u32(js, "surface", "height", VSMP_MAX_SURFACE_DIM, &d.height, e) ||
        jget_u32(js, "surface", "depth", VSMP_MAX_SURFACE_DEPTH, &d.depth, e) ||
        jget_u32(js, "surface", "array_len", VSMP_MAX_SURFACE_DEPTH, &d.array_len, e) ||
        jget_u32(js, "surface", "levels", VSMP_MAX_LEVELS, &d.levels, e) ||
        jget_u32(js, "surface", "min_lod", VSMP_MAX_LEVELS - 1, &d.min_lod, e) ||
        jget_u32(js, "surface", "mip_count", VSMP_MAX_LEVELS, &d.mip_count, e) ||
        jget_u32(js, "surface", "samples", 16, &d.samples, e) ||
        jget_bool(js, "surface", "mcs", &d.mcs, e) ||
        jget_bool(js, "surface", "generate_mips", &gm, e) ||
        jget_bool(js, "surface", "compress", &cmp, e) ||
        jget_enum(js, "surface", "pattern", pats, 3, &pk, e) ||
        jget_str(js, "surface", "png", &pngf, e) || jget_str(js, "surface", "bytes", &raw, e))
        return -1;
    d.type = (vsmp_surface_type)ty;
    if (fname && vsmp_format_find(fname, &d.format)) {
        const char *names[128];
        size_t nf = 0;
        for (; nf < vsmp_format_count() && nf < 128; nf++)
            names[nf] = vsmp_format_at(nf)->name;
        const char *best = jclosest(fname, names, nf);
        if (best)
            return jfail(e, "surface.format: unknown format \"%.64s\"; did you mean \"%s\"?", fname,
                         best);
        return jfail(e, "surface.format: unknown format \"%.64s\" (docs/SAMPLING.md lists them)",
                     fname);
    }
    const vsmp_format_info *fi = vsmp_format_get(d.format);
    json_object *tex = jfield(js, "texels"), *mt = jfield(js, "mip_texels");
    if ((tex != NULL) + (pngf != NULL) + (pk >= 0) > 1)
        return jfail(e, "surface: give level 0 as one of \"texels\", \"png\" or \"pattern\"");
    if (mt && jfield(js, "generate_mips") && gm)
        return jfail(e, "surface.generate_mips: levels given as \"mip_texels\" are not generated");
    if (raw && jfield(js, "generate_mips") && gm)
        return jfail(e, "surface.generate_mips: levels given as \"bytes\" are not generated");
    json_object *cc = jfield(js, "clear_color");
    if (cc && texel_from_json(cc, "surface.clear_color", fi, &d.clear_color, e))
        return -1;
    uint8_t *png = NULL;
    uint32_t pw = 0, ph = 0;
    if (pngf) {
        if (o->no_files)
            return jfail(e, "surface.png: reading files is disabled");
        char path[4096];
        vsmp_tool_join(dir, pngf, path, sizeof(path));
        if (load_png(path, "surface.png", jfield(js, "width") ? d.width : 0,
                     jfield(js, "height") ? d.height : 0, o->max_memory, &pw, &ph, &png, e))
            return -1;
        d.width = pw, d.height = ph;
    }
    vsmp_diags dg;
    vsmp_diags_init(&dg);
    vsmp_surface *s = NULL;
    vsmp_status st = vsmp_surface_create(&d, &s, &dg);
    if (st) {
        jfail(e, "surface: %s%s", dg.count ? dg.items[0].message : vsmp_status_str(st),
              st == VSMP_ERR_NOMEM && o->max_memory ? " (--max-memory)" : "");
        vsmp_diags_free(&dg);
        free(png);
        return -1;
    }
    vsmp_diags_free(&dg);
    int rc = 0;
    if (tex)
        rc = store_texels(s, 0, tex, "surface.texels", fi, e);
    else if (png || pk >= 0)
        rc = fill_level0(s, fi, png, pw, pk, e);
    free(png);
    if (!rc && raw)
        rc = load_bytes(s, raw, e);
    if (!rc && mt) {
        /* levels 1.. given: mip_texels[i] holds level i + 1 like "texels" holds level 0 */
        size_t nl;
        rc = jval_array(mt, "surface.mip_texels", 0, (size_t)d.levels - 1, &nl, e);
        for (size_t i = 0; !rc && i < nl; i++) {
            char p[64];
            rc = store_texels(s, (unsigned)i + 1, json_object_array_get_idx(mt, i),
                              jpath_idx(p, sizeof(p), "surface.mip_texels", i), fi, e);
        }
    } else if (!rc && gm && !raw && d.levels > 1) {
        vsmp_surface_generate_mips(s);
    }
    /* multisample: the texels are the planes (sample i in plane i); "compress" builds the MCS */
    if (!rc && cmp && vsmp_surface_compress(s))
        rc = jfail(e, "surface.compress: needs \"mcs\": true and samples > 1");
    json_object *nr = jfield(js, "nonresident_tiles");
    size_t nt = 0;
    if (!rc && nr)
        rc = jval_array(nr, "surface.nonresident_tiles", 0, SIZE_MAX, &nt, e);
    for (size_t i = 0; !rc && i < nt; i++) {
        char p[64];
        int64_t t;
        size_t ntiles = vsmp_surface_tile_count(s);
        rc = jval_int(json_object_array_get_idx(nr, i),
                      jpath_idx(p, sizeof(p), "surface.nonresident_tiles", i), 0, INT64_MAX - 1, &t,
                      e);
        if (!rc && vsmp_surface_set_resident(s, (size_t)t, false))
            rc = jfail(e, "%s: tile %lld does not exist (%zu tiles of 64 KiB)", p, (long long)t,
                       ntiles);
    }
    if (rc) {
        vsmp_surface_free(s);
        return -1;
    }
    *out = s;
    return 0;
}

/* ---- sampler ---- */

static const char *const sampler_keys[] = {"min_filter",
                                           "mag_filter",
                                           "mip_filter",
                                           "max_aniso",
                                           "address",
                                           "border",
                                           "shadow_func",
                                           "lod_bias",
                                           "min_lod",
                                           "max_lod",
                                           "lod_preclamp",
                                           "reduction",
                                           "seamless_cube",
                                           "non_normalized",
                                           "mag_mipnone",
                                           "cps_lod_compensation",
                                           NULL};

static int get_u8_enum(json_object *js, const char *k, const char *const *names, int n,
                       uint8_t *out, jerr *e)
{
    int v = *out;
    if (jget_enum(js, "sampler", k, names, n, &v, e))
        return -1;
    *out = (uint8_t)v;
    return 0;
}

static int get_float(json_object *js, const char *k, float *out, jerr *e)
{
    double x = *out;
    if (jget_num(js, "sampler", k, &x, e))
        return -1;
    *out = (float)x;
    return 0;
}

static int build_sampler(json_object *js, const vsmp_format_info *fi, vsmp_sampler_state *st,
                         jerr *e)
{
    vsmp_sampler_state_init(st);
    if (!js)
        return 0;
    if (jcheck_object(js, "sampler", sampler_keys, e))
        return -1;
    static const char *const filters[] = {"nearest", "linear", "anisotropic"};
    static const char *const mips[] = {"none", "nearest", NULL, "linear"};
    static const char *const modes[] = {"wrap",   "mirror",      "clamp",       "cube",
                                        "border", "mirror_once", "half_border", "mirror_101"};
    static const char *const shadow[] = {"always", "never",   "less",     "equal",
                                         "lequal", "greater", "notequal", "gequal"};
    static const char *const red[] = {"std", "comparison", "min", "max"};
    static const char *const pre[] = {"none", NULL, "ogl"};
    uint32_t aniso = st->max_aniso;
    if (get_u8_enum(js, "min_filter", filters, 3, &st->min_filter, e) ||
        get_u8_enum(js, "mag_filter", filters, 3, &st->mag_filter, e) ||
        get_u8_enum(js, "mip_filter", mips, 4, &st->mip_filter, e) ||
        get_u8_enum(js, "shadow_func", shadow, 8, &st->shadow_func, e) ||
        get_u8_enum(js, "reduction", red, 4, &st->reduction, e) ||
        get_u8_enum(js, "lod_preclamp", pre, 3, &st->lod_preclamp, e) ||
        jget_u32(js, "sampler", "max_aniso", 16, &aniso, e) ||
        get_float(js, "lod_bias", &st->lod_bias, e) || get_float(js, "min_lod", &st->min_lod, e) ||
        get_float(js, "max_lod", &st->max_lod, e) ||
        jget_bool(js, "sampler", "seamless_cube", &st->seamless_cube, e) ||
        jget_bool(js, "sampler", "non_normalized", &st->non_normalized, e) ||
        jget_bool(js, "sampler", "mag_mipnone", &st->mag_mipnone, e) ||
        jget_bool(js, "sampler", "cps_lod_compensation", &st->cps_lod_compensation, e))
        return -1;
    if (aniso < 2)
        return jfail(e, "sampler.max_aniso: %u is out of range [2, 16]", aniso);
    st->max_aniso = (uint8_t)aniso;
    st->reduction_enable =
        st->reduction == VSMP_REDUCTION_MIN || st->reduction == VSMP_REDUCTION_MAX;
    json_object *ad = jfield(js, "address");
    if (ad && json_object_is_type(ad, json_type_array)) {
        size_t n;
        if (jval_array(ad, "sampler.address", 1, 3, &n, e))
            return -1;
        for (size_t i = 0; i < n; i++) {
            char p[64];
            int m;
            if (jval_enum(json_object_array_get_idx(ad, i),
                          jpath_idx(p, sizeof(p), "sampler.address", i), modes, 8, &m, e))
                return -1;
            st->address[i] = (uint8_t)m;
        }
    } else if (ad) {
        int m;
        if (jval_enum(ad, "sampler.address", modes, 8, &m, e))
            return -1;
        st->address[0] = st->address[1] = st->address[2] = (uint8_t)m;
    }
    json_object *bc = jfield(js, "border");
    if (bc) {
        size_t n;
        if (jval_array(bc, "sampler.border", 4, 4, &n, e))
            return -1;
        for (int c = 0; c < 4; c++) {
            char p[64];
            if (channel_from_json(json_object_array_get_idx(bc, (size_t)c),
                                  jpath_idx(p, sizeof(p), "sampler.border", (size_t)c), fi,
                                  &st->border, c, e))
                return -1;
        }
    }
    return 0;
}

/* ---- lanes ---- */

typedef struct jlane {
    const vsmp_op_info *op;
    bool mcs16; /* ld2dms_w operands given as mcs0..mcs3 */
    int8_t off[3];
    uint32_t p[VSMP_P_COUNT];
} jlane;

static const vsmp_op_info *op_from_name(const char *s)
{
    for (size_t i = 0; i < vsmp_op_count(); i++) {
        const vsmp_op_info *o = vsmp_op_at(i);
        if (strcasecmp(s, o->spec_name) == 0 || strcasecmp(s, o->mnemonic) == 0)
            return o;
    }
    return NULL;
}

/* Loads and INFO take integers; sampling takes floats but for the packed offsets. */
static bool int_param(const vsmp_op_info *op, int k)
{
    return op->opcode != VSMP_OPC_3D_SAMPLE || k >= VSMP_P_OFFUVR;
}

static bool op_takes(const vsmp_op_info *op, int k)
{
    for (unsigned i = 0; i < op->num_params; i++)
        if (op->params[i] == k)
            return true;
    return false;
}

static void param_key(int k, char *buf, size_t n)
{
    const char *name = vsmp_param_name((vsmp_param)k);
    size_t i = 0;
    for (; name[i] && i + 1 < n; i++)
        buf[i] = (char)tolower((unsigned char)name[i]);
    buf[i] = 0;
}

static const char *const *lane_keys(void)
{
    static char names[VSMP_P_COUNT][24];
    static const char *keys[VSMP_P_COUNT + 3];
    if (!keys[0]) {
        keys[VSMP_P_COUNT] = "op";
        keys[VSMP_P_COUNT + 1] = "offset";
        for (int k = 0; k < VSMP_P_COUNT; k++) {
            param_key(k, names[k], sizeof(names[k]));
            keys[k] = names[k];
        }
    }
    return keys;
}

static int parse_lane(json_object *jl, size_t idx, jlane *l, jerr *e)
{
    char where[32];
    snprintf(where, sizeof(where), "lanes[%zu]", idx);
    memset(l, 0, sizeof(*l));
    if (jcheck_object(jl, where, lane_keys(), e))
        return -1;
    const char *opn = NULL;
    char p[64];
    if (jget_str(jl, where, "op", &opn, e))
        return -1;
    if (!opn)
        return jfail(e, "%s: each lane names its \"op\" (sample, sample_l, ld, resinfo, ...)",
                     where);
    const vsmp_op_info *op = op_from_name(opn);
    if (!op) {
        const char *names[64];
        size_t no = 0;
        for (; no < vsmp_op_count() && no < 64; no++)
            names[no] = vsmp_op_at(no)->spec_name;
        const char *best = jclosest(opn, names, no);
        jpath(p, sizeof(p), where, "op");
        if (best)
            return jfail(e, "%s: \"%.40s\" is not a sampler operation; did you mean \"%s\"?", p,
                         opn, best);
        return jfail(e,
                     "%s: \"%.40s\" is not a sampler operation (sample, sample_l, ld, "
                     "resinfo, ...)",
                     p, opn);
    }
    for (int k = VSMP_P_MCS0; k <= VSMP_P_MCS3; k++) {
        char key[24];
        param_key(k, key, sizeof(key));
        l->mcs16 |= op->subop == VSMP_SUB_LD2DMS_W && jfield(jl, key) != NULL;
    }
    if (l->mcs16)
        op = vsmp_op_find(VSMP_OPC_3D_LOAD, VSMP_SUB_LD2DMS_W, true);
    l->op = op;
    for (int k = 0; k < VSMP_P_COUNT; k++) {
        char key[24];
        param_key(k, key, sizeof(key));
        json_object *v = jfield(jl, key);
        if (!v)
            continue;
        jpath(p, sizeof(p), where, key);
        if (!op_takes(op, k)) {
            char list[160] = "";
            size_t at = 0;
            for (unsigned i = 0; i < op->num_params && at < sizeof(list); i++) {
                char pk[24];
                param_key(op->params[i], pk, sizeof(pk));
                at += (size_t)snprintf(list + at, sizeof(list) - at, "%s%s", i ? ", " : "", pk);
            }
            return jfail(e, "%s: %s takes no \"%s\" (its parameters: %s)", p, op->spec_name, key,
                         at ? list : "none");
        }
        if (int_param(op, k)) {
            int64_t x;
            if (jval_int(v, p, INT32_MIN, UINT32_MAX, &x, e))
                return -1;
            l->p[k] = (uint32_t)x;
        } else {
            double x;
            if (jval_num(v, p, &x, e))
                return -1;
            float f = (float)x;
            memcpy(&l->p[k], &f, 4);
        }
    }
    json_object *off = jfield(jl, "offset");
    if (off) {
        size_t n;
        if (jval_array(off, jpath(p, sizeof(p), where, "offset"), 1, 3, &n, e))
            return -1;
        for (size_t i = 0; i < n; i++) {
            char q[80];
            int64_t x;
            if (jval_int(json_object_array_get_idx(off, i), jpath_idx(q, sizeof(q), p, i), -8, 7,
                         &x, e))
                return -1;
            l->off[i] = (int8_t)x;
        }
    }
    return 0;
}

static void print_value(FILE *out, const vsmp_format_info *fi, unsigned op, uint32_t v, bool json)
{
    /* resinfo, sampleinfo and ld_mcs return integers whatever the format */
    bool raw_int = op == VSMP_SUB_RESINFO || op == VSMP_SUB_SAMPLEINFO || op == VSMP_SUB_LD_MCS;
    if (raw_int || (fi->cls != VSMP_CLASS_FLOAT && op != VSMP_SUB_LOD)) {
        if (!raw_int && fi->cls == VSMP_CLASS_SINT)
            fprintf(out, "%d", (int32_t)v);
        else
            fprintf(out, "%u", v);
        return;
    }
    float f;
    memcpy(&f, &v, 4);
    if (json && !isfinite(f))
        fprintf(out, "\"%g\"", f);
    else
        fprintf(out, "%.9g", f);
}

/* ---- media ---- */

static const char *const media_keys[] = {"u", "v", "du", "dv", "channels", "output", NULL};

/* "media": one SAMPLE_UNORM block through the media sampler. */
static int run_media(json_object *jm, const vsmp_surface *s, const vsmp_sampler_state *st,
                     bool json_out, FILE *out, jerr *e)
{
    if (jcheck_object(jm, "media", media_keys, e))
        return -1;
    double c[4] = {0, 0, 0, 0};
    static const char *const keys[4] = {"u", "v", "du", "dv"};
    for (int k = 0; k < 4; k++)
        if (jget_num(jm, "media", keys[k], &c[k], e))
            return -1;
    const char *chs = "RGBA";
    if (jget_str(jm, "media", "channels", &chs, e))
        return -1;
    unsigned mask = 0;
    for (const char *p = chs; *p; p++) {
        const char *at = *p ? strchr("RGBA", toupper((unsigned char)*p)) : NULL;
        if (!at)
            return jfail(e, "media.channels: letters of \"RGBA\"");
        mask |= 1u << (at - "RGBA");
    }
    static const char *const outs[] = {"16_full", "16_downsampled", "8_full", "8_downsampled"};
    int fmt = 0;
    if (jget_enum(jm, "media", "output", outs, 4, &fmt, e))
        return -1;
    uint8_t dst[256];
    size_t n = 0;
    vsmp_status rc =
        vsmp_media_sample_unorm(s, st, (float)c[0], (float)c[1], (float)c[2], (float)c[3], mask,
                                (vsmp_unorm_format)fmt, fmt != 0, dst, sizeof(dst), &n);
    if (rc)
        return jfail(e, "media: %s",
                     rc == VSMP_ERR_ARG ? "needs a channel and a single-sampled surface"
                                        : "the media sampler failed");
    char order[5] = {0};
    for (unsigned k = 0, i = 0; k < 4; k++)
        if (mask >> k & 1)
            order[i++] = "RGBA"[k];
    if (json_out)
        fprintf(out, "{\"media\": {\"channels\": \"%s\", \"output\": \"%s\", ", order, outs[fmt]);
    if (fmt == 0) { /* 16-bit full: the k-th enabled channel in words [32 k, 32 k + 32) */
        unsigned nch = (unsigned)strlen(order);
        if (json_out)
            fputs("\"pixels\": [", out);
        for (unsigned p = 0; p < 32; p++) {
            if (json_out)
                fprintf(out, "%s\n  [", p ? "," : "");
            else
                fprintf(out, "pixel %u (%u, %u):", p, p % 8, p / 8);
            for (unsigned k = 0; k < nch; k++) {
                unsigned w = dst[64 * k + 2 * p] | dst[64 * k + 2 * p + 1] << 8;
                if (json_out)
                    fprintf(out, "%s%u", k ? ", " : "", w);
                else
                    fprintf(out, " %c=0x%04x", order[k], w);
            }
            fputs(json_out ? "]" : "\n", out);
        }
        if (json_out)
            fputs("\n]}}\n", out);
        return 0;
    }
    /* the hardware layouts: the destination bytes */
    if (json_out)
        fputs("\"bytes\": \"", out);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%02x%s", dst[i],
                json_out                       ? ""
                : (i % 32 == 31 || i + 1 == n) ? "\n"
                                               : (i % 2 ? " " : ""));
    if (json_out)
        fputs("\"}}\n", out);
    return 0;
}

/* ---- running the lanes ---- */

/* The lanes run as whole messages through the library (vsmp_sample_lanes), then print. */
static int run_lanes(const vsmp_surface *s, const vsmp_sampler_state *st, const jlane *lanes,
                     size_t n, bool json_out, FILE *out, jerr *e)
{
    const vsmp_format_info *fi = vsmp_format_get(vsmp_surface_get_desc(s)->format);
    vsmp_lane *ls = calloc(n, sizeof(*ls));
    vsmp_lane_result *res = calloc(n, sizeof(*res));
    if (!ls || !res) {
        free(ls);
        free(res);
        return jfail(e, "out of memory");
    }
    for (size_t i = 0; i < n; i++) {
        ls[i].op = lanes[i].op->subop;
        ls[i].mcs16 = lanes[i].mcs16;
        memcpy(ls[i].aoffimmi, lanes[i].off, 3);
        memcpy(ls[i].param, lanes[i].p, sizeof(ls[i].param));
    }
    size_t bad = 0;
    vsmp_diags dg;
    vsmp_diags_init(&dg);
    vsmp_status rs = vsmp_sample_lanes(s, st, ls, n, res, &bad, &dg);
    free(ls);
    if (rs) {
        if (dg.count)
            jfail(e, "lanes[%zu]: %s", bad, dg.items[0].message);
        else
            jfail(e, "lanes[%zu]: %s", bad, vsmp_status_str(rs));
        vsmp_diags_free(&dg);
        free(res);
        return -1;
    }
    vsmp_diags_free(&dg);
    if (json_out)
        fprintf(out, "{\"format\": \"%s\", \"lanes\": [", fi->name);
    for (size_t l = 0; l < n; l++) {
        const jlane *ln = &lanes[l];
        if (json_out) {
            fprintf(out, "%s\n  {\"lane\": %zu, \"op\": \"%s\", \"rgba\": [", l ? "," : "", l,
                    ln->op->spec_name);
            for (int c = 0; c < 4; c++) {
                print_value(out, fi, ln->op->subop, res[l].c[c], true);
                fputs(c < 3 ? ", " : "", out);
            }
            fprintf(out, "], \"mapped\": %s}", res[l].mapped ? "true" : "false");
        } else {
            fprintf(out, "lane %zu %s:", l, ln->op->spec_name);
            for (int c = 0; c < 4; c++) {
                fputc(' ', out);
                print_value(out, fi, ln->op->subop, res[l].c[c], false);
            }
            fputc('\n', out);
        }
    }
    if (json_out)
        fprintf(out, "\n]}\n");
    free(res);
    return 0;
}

static const char *const job_keys[] = {"surface", "sampler", "lanes", "media", NULL};

int vsmp_sample_job(const char *path, const char *text, size_t size, const vsmp_job_options *o,
                    FILE *out, FILE *err)
{
    jerr e = {{0}};
    vsmp_surface *s = NULL;
    jlane *lanes = NULL;
    int rc = 1;
    json_object *root = jparse(text, size, &e);
    if (!root)
        goto done;
    if (jcheck_object(root, "", job_keys, &e))
        goto done;
    char dir[4096];
    vsmp_tool_dir(path, dir, sizeof(dir));
    vsmp_sampler_state st;
    json_object *jl = jfield(root, "lanes"), *jm = jfield(root, "media");
    if (jm && jl) {
        jfail(&e, "a job has \"lanes\" or \"media\", not both");
        goto done;
    }
    if (!jm && !jl) {
        jfail(&e, "the job needs a non-empty \"lanes\" array (or \"media\")");
        goto done;
    }
    if (build_surface(jfield(root, "surface"), &s, dir, o, &e) ||
        build_sampler(jfield(root, "sampler"), vsmp_format_get(vsmp_surface_get_desc(s)->format),
                      &st, &e))
        goto done;
    if (jm) {
        if (run_media(jm, s, &st, o->json_out, out, &e))
            goto done;
        rc = 0;
        goto done;
    }
    size_t n;
    if (jval_array(jl, "lanes", 1, VSMP_JOB_MAX_LANES, &n, &e))
        goto done;
    lanes = calloc(n, sizeof(*lanes));
    if (!lanes) {
        jfail(&e, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < n; i++)
        if (parse_lane(json_object_array_get_idx(jl, i), i, &lanes[i], &e))
            goto done;
    if (run_lanes(s, &st, lanes, n, o->json_out, out, &e))
        goto done;
    rc = 0;
done:
    if (rc)
        fprintf(err, "%s: error: %s\n", path, e.msg);
    free(lanes);
    vsmp_surface_free(s);
    json_object_put(root);
    return rc;
}

/* The job's surface and sampler descriptions, for `vsmp run` (docs/RUN.md): the same keys, less
 * the ones `vsmp run` adds (a binding-table index, an SVM address, a sampler-state index). */
static json_object *without(json_object *js, const char *const *drop)
{
    if (!js || !json_object_is_type(js, json_type_object))
        return js ? json_object_get(js) : NULL;
    json_object *c = json_object_new_object();
    if (!c)
        return NULL;
    json_object_object_foreach(js, k, v)
    {
        bool skip = false;
        for (const char *const *d = drop; *d; d++)
            skip |= strcmp(k, *d) == 0;
        if (!skip)
            json_object_object_add(c, k, json_object_get(v));
    }
    return c;
}

int vsmp_job_surface(struct json_object *js, const char *dir, size_t max_memory, vsmp_surface **out,
                     char *err, size_t err_size)
{
    static const char *const drop[] = {"bti", "address", NULL};
    jerr e = {{0}};
    vsmp_job_options o;
    vsmp_job_options_init(&o);
    o.max_memory = max_memory;
    json_object *c = without(js, drop);
    int rc = c ? build_surface(c, out, dir, &o, &e) : jfail(&e, "out of memory");
    json_object_put(c);
    if (rc)
        snprintf(err, err_size, "%s", e.msg);
    return rc ? -1 : 0;
}

int vsmp_job_sampler(struct json_object *js, vsmp_sampler_state *st, char *err, size_t err_size)
{
    static const char *const drop[] = {"index", NULL};
    jerr e = {{0}};
    json_object *c = without(js, drop);
    /* a run's sampler state is bound to no surface: its border colour is read as floats */
    int rc = c ? build_sampler(c, vsmp_format_get(VSMP_FORMAT_R32G32B32A32_FLOAT), st, &e)
               : jfail(&e, "out of memory");
    json_object_put(c);
    if (rc)
        snprintf(err, err_size, "%s", e.msg);
    return rc ? -1 : 0;
}
