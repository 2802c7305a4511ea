/* SPDX-License-Identifier: MIT */
/* `vsmp sample JOB.json`: what does the sampler return here? Schema: docs/SAMPLE_JOB.md. */
#define _GNU_SOURCE
#include <json-c/json.h>
#include <ctype.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sample_job.h"
#include "vsmp/vsmp.h"

typedef struct job_err {
    char msg[512];
} job_err;

static int fail(job_err *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
#include <stdarg.h>
static int fail(job_err *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
    va_end(ap);
    return -1;
}

static json_object *field(json_object *o, const char *k)
{
    json_object *v = NULL;
    return o && json_object_object_get_ex(o, k, &v) ? v : NULL;
}

static int get_num(json_object *o, const char *k, double *out, job_err *e, const char *where)
{
    json_object *v = field(o, k);
    if (!v)
        return 0;
    if (!json_object_is_type(v, json_type_double) && !json_object_is_type(v, json_type_int))
        return fail(e, "%s: \"%s\" must be a number", where, k);
    *out = json_object_get_double(v);
    return 0;
}

static int get_uint(json_object *o, const char *k, uint32_t *out, uint32_t max, job_err *e,
                    const char *where)
{
    json_object *v = field(o, k);
    if (!v)
        return 0;
    if (!json_object_is_type(v, json_type_int))
        return fail(e, "%s: \"%s\" must be an integer", where, k);
    int64_t x = json_object_get_int64(v);
    if (x < 0 || (uint64_t)x > max)
        return fail(e, "%s: \"%s\" must be in [0, %u]", where, k, max);
    *out = (uint32_t)x;
    return 0;
}

static int pick(const char *s, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (names[i] && strcasecmp(s, names[i]) == 0)
            return i;
    return -1;
}

static int get_enum(json_object *o, const char *k, const char *const *names, int n, int *out,
                    job_err *e, const char *where)
{
    json_object *v = field(o, k);
    if (!v)
        return 0;
    int i =
        json_object_is_type(v, json_type_string) ? pick(json_object_get_string(v), names, n) : -1;
    if (i < 0)
        return fail(e, "%s: unknown \"%s\" value", where, k);
    *out = i;
    return 0;
}

/* ---- surface ---- */

static int load_png(const char *path, uint32_t *w, uint32_t *h, uint8_t **rgba, job_err *e)
{
    png_image img;
    memset(&img, 0, sizeof(img));
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, path))
        return fail(e, "%s: %s", path, img.message);
    img.format = PNG_FORMAT_RGBA;
    *rgba = malloc(PNG_IMAGE_SIZE(img));
    if (!*rgba || !png_image_finish_read(&img, NULL, *rgba, 0, NULL)) {
        free(*rgba);
        *rgba = NULL;
        png_image_free(&img);
        return fail(e, "%s: cannot decode", path);
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

static int texel_from_json(json_object *a, const vsmp_format_info *fi, vsmp_texel *t, job_err *e)
{
    if (!json_object_is_type(a, json_type_array) || json_object_array_length(a) < 1 ||
        json_object_array_length(a) > 4)
        return fail(e, "surface.texels: each texel is an array of 1 to 4 numbers");
    vsmp_texel def = {{0, 0, 0, 1}};
    *t = def;
    to_class(fi, t);
    for (size_t c = 0; c < json_object_array_length(a); c++) {
        json_object *v = json_object_array_get_idx(a, c);
        if (fi->cls == VSMP_CLASS_FLOAT)
            t->f[c] = (float)json_object_get_double(v);
        else if (fi->cls == VSMP_CLASS_SINT)
            t->i[c] = (int32_t)json_object_get_int64(v);
        else
            t->u[c] = (uint32_t)json_object_get_int64(v);
    }
    return 0;
}

/* "bytes": the surface's memory from byte 0 of its layout, as hex digits (whitespace between
 * bytes allowed); what is not given stays as it was. */
static int load_bytes(vsmp_surface *s, const char *hex, job_err *e)
{
    const vsmp_surface_desc *d = vsmp_surface_get_desc(s);
    uint8_t *mem = d->data;
    size_t n = 0;
    for (const char *p = hex ? hex : ""; *p;) {
        if (isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        if (!isxdigit((unsigned char)p[0]) || !isxdigit((unsigned char)p[1]))
            return fail(e, "surface.bytes: two hex digits per byte (at byte %zu)", n);
        if (n == d->data_size)
            return fail(e, "surface.bytes: more than the surface's %zu bytes", d->data_size);
        char two[3] = {p[0], p[1], 0};
        mem[n++] = (uint8_t)strtoul(two, NULL, 16);
        p += 2;
    }
    return 0;
}

static int build_surface(json_object *js, vsmp_surface **out, const char *dir, job_err *e)
{
    if (!js || !json_object_is_type(js, json_type_object))
        return fail(e, "the job needs a \"surface\" object");
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    static const char *const types[] = {"1D", "2D", "3D", "CUBE"};
    int ty = 1;
    if (get_enum(js, "type", types, 4, &ty, e, "surface"))
        return -1;
    d.type = (vsmp_surface_type)ty;
    json_object *arr = field(js, "array");
    d.array = arr && json_object_get_boolean(arr);
    json_object *fmt = field(js, "format");
    if (fmt && vsmp_format_find(json_object_get_string(fmt), &d.format))
        return fail(e, "surface: unknown format \"%s\"", json_object_get_string(fmt));
    const vsmp_format_info *fi = vsmp_format_get(d.format);
    uint8_t *png = NULL;
    uint32_t pw = 0, ph = 0;
    json_object *pngf = field(js, "png");
    if (pngf) {
        char path[4096];
        const char *p = json_object_get_string(pngf);
        snprintf(path, sizeof(path), "%s%s%s", p[0] == '/' ? "" : dir, p[0] == '/' ? "" : "/", p);
        if (load_png(path, &pw, &ph, &png, e))
            return -1;
        d.width = pw, d.height = ph;
    }
    if (get_uint(js, "width", &d.width, VSMP_MAX_SURFACE_DIM, e, "surface") ||
        get_uint(js, "height", &d.height, VSMP_MAX_SURFACE_DIM, e, "surface") ||
        get_uint(js, "depth", &d.depth, VSMP_MAX_SURFACE_DEPTH, e, "surface") ||
        get_uint(js, "array_len", &d.array_len, VSMP_MAX_SURFACE_DEPTH, e, "surface") ||
        get_uint(js, "levels", &d.levels, VSMP_MAX_LEVELS, e, "surface") ||
        get_uint(js, "min_lod", &d.min_lod, VSMP_MAX_LEVELS, e, "surface") ||
        get_uint(js, "mip_count", &d.mip_count, VSMP_MAX_LEVELS, e, "surface") ||
        get_uint(js, "samples", &d.samples, 16, e, "surface")) {
        free(png);
        return -1;
    }
    json_object *mcs = field(js, "mcs"), *cc = field(js, "clear_color");
    d.mcs = mcs && json_object_get_boolean(mcs);
    if (cc && texel_from_json(cc, fi, &d.clear_color, e)) {
        free(png);
        return -1;
    }
    vsmp_diags dg;
    vsmp_diags_init(&dg);
    vsmp_surface *s = NULL;
    if (vsmp_surface_create(&d, &s, &dg)) {
        int rc = fail(e, "%s", dg.count ? dg.items[0].message : "invalid surface");
        vsmp_diags_free(&dg);
        free(png);
        return rc;
    }
    vsmp_diags_free(&dg);
    uint32_t w, h, n;
    vsmp_surface_level_size(s, 0, &w, &h, NULL, &n);
    json_object *tex = field(js, "texels"), *pat = field(js, "pattern");
    static const char *const pats[] = {"checker", "gradient", "index"};
    int pk = -1;
    if (pat && get_enum(js, "pattern", pats, 3, &pk, e, "surface")) {
        vsmp_surface_free(s);
        free(png);
        return -1;
    }
    if (tex && (!json_object_is_type(tex, json_type_array) ||
                json_object_array_length(tex) != (size_t)w * h * n)) {
        vsmp_surface_free(s);
        free(png);
        return fail(e, "surface.texels: expected %u texels (level 0, slice by slice, row by row)",
                    w * h * n);
    }
    for (uint32_t z = 0; z < n; z++)
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                vsmp_texel t = {{0, 0, 0, 1}};
                if (tex) {
                    if (texel_from_json(json_object_array_get_idx(tex, (z * h + y) * w + x), fi, &t,
                                        e)) {
                        vsmp_surface_free(s);
                        free(png);
                        return -1;
                    }
                } else {
                    if (png) {
                        const uint8_t *p = png + 4 * ((size_t)y * pw + x);
                        for (int c = 0; c < 4; c++)
                            t.f[c] = fi->cls == VSMP_CLASS_FLOAT ? p[c] / 255.0f : (float)p[c];
                    } else if (pk >= 0) {
                        pattern(pk, x, y, z, w, h, &t);
                    }
                    to_class(fi, &t);
                }
                if ((tex || png || pk >= 0) && vsmp_surface_store(s, 0, z, x, y, &t)) {
                    vsmp_surface_free(s);
                    free(png);
                    return fail(e,
                                "surface: %s texels cannot be given one by one; give the "
                                "blocks' memory as \"bytes\"",
                                fi->name);
                }
            }
    free(png);
    json_object *raw = field(js, "bytes");
    if (raw && load_bytes(s, json_object_get_string(raw), e)) {
        vsmp_surface_free(s);
        return -1;
    }
    json_object *gm = field(js, "generate_mips"), *mt = field(js, "mip_texels");
    if (mt) {
        /* levels 1.. given: mip_texels[i] holds level i + 1 like "texels" holds level 0 */
        if (!json_object_is_type(mt, json_type_array) ||
            json_object_array_length(mt) > (size_t)d.levels - 1) {
            vsmp_surface_free(s);
            return fail(e, "surface.mip_texels: an array of at most levels - 1 texel arrays");
        }
        for (size_t i = 0; i < json_object_array_length(mt); i++) {
            json_object *lt = json_object_array_get_idx(mt, i);
            uint32_t lw, lh, ln;
            vsmp_surface_level_size(s, (unsigned)i + 1, &lw, &lh, NULL, &ln);
            if (!json_object_is_type(lt, json_type_array) ||
                json_object_array_length(lt) != (size_t)lw * lh * ln) {
                vsmp_surface_free(s);
                return fail(e, "surface.mip_texels[%zu]: expected %u texels", i, lw * lh * ln);
            }
            for (uint32_t k = 0; k < lw * lh * ln; k++) {
                vsmp_texel t;
                if (texel_from_json(json_object_array_get_idx(lt, k), fi, &t, e)) {
                    vsmp_surface_free(s);
                    return -1;
                }
                vsmp_surface_store(s, (unsigned)i + 1, k / (lw * lh), k % lw, (k / lw) % lh, &t);
            }
        }
    } else if ((!gm || json_object_get_boolean(gm)) && d.levels > 1) {
        vsmp_surface_generate_mips(s);
    }
    /* multisample: the texels are the planes (sample i in plane i); "compress" builds the MCS */
    json_object *cmp = field(js, "compress");
    if (cmp && json_object_get_boolean(cmp) && vsmp_surface_compress(s)) {
        vsmp_surface_free(s);
        return fail(e, "surface: \"compress\" needs \"mcs\": true and samples > 1");
    }
    json_object *nr = field(js, "nonresident_tiles");
    if (nr) {
        if (!json_object_is_type(nr, json_type_array)) {
            vsmp_surface_free(s);
            return fail(e, "surface: \"nonresident_tiles\" is an array of tile indices");
        }
        for (size_t i = 0; i < json_object_array_length(nr); i++) {
            int64_t t = json_object_get_int64(json_object_array_get_idx(nr, i));
            if (t < 0 || vsmp_surface_set_resident(s, (size_t)t, false)) {
                size_t ntiles = vsmp_surface_tile_count(s);
                vsmp_surface_free(s);
                return fail(e, "surface: tile %lld does not exist (%zu tiles of 64 KiB)",
                            (long long)t, ntiles);
            }
        }
    }
    *out = s;
    return 0;
}

/* ---- sampler ---- */

static int build_sampler(json_object *js, vsmp_sampler_state *st, job_err *e)
{
    vsmp_sampler_state_init(st);
    if (!js)
        return 0;
    static const char *const filters[] = {"nearest", "linear", "anisotropic"};
    static const char *const mips[] = {"none", "nearest", NULL, "linear"};
    static const char *const modes[] = {"wrap",   "mirror",      "clamp",       "cube",
                                        "border", "mirror_once", "half_border", "mirror_101"};
    static const char *const shadow[] = {"always", "never",   "less",     "equal",
                                         "lequal", "greater", "notequal", "gequal"};
    static const char *const red[] = {"std", "comparison", "min", "max"};
    static const char *const pre[] = {"none", NULL, "ogl"};
    int v;
    v = st->min_filter;
    if (get_enum(js, "min_filter", filters, 3, &v, e, "sampler"))
        return -1;
    st->min_filter = (uint8_t)v;
    v = st->mag_filter;
    if (get_enum(js, "mag_filter", filters, 3, &v, e, "sampler"))
        return -1;
    st->mag_filter = (uint8_t)v;
    v = st->mip_filter;
    if (get_enum(js, "mip_filter", mips, 4, &v, e, "sampler"))
        return -1;
    st->mip_filter = (uint8_t)v;
    v = st->shadow_func;
    if (get_enum(js, "shadow_func", shadow, 8, &v, e, "sampler"))
        return -1;
    st->shadow_func = (uint8_t)v;
    v = st->reduction;
    if (get_enum(js, "reduction", red, 4, &v, e, "sampler"))
        return -1;
    st->reduction = (uint8_t)v;
    st->reduction_enable = v == VSMP_REDUCTION_MIN || v == VSMP_REDUCTION_MAX;
    v = st->lod_preclamp;
    if (get_enum(js, "lod_preclamp", pre, 3, &v, e, "sampler"))
        return -1;
    st->lod_preclamp = (uint8_t)v;
    json_object *ad = field(js, "address");
    if (ad) {
        if (json_object_is_type(ad, json_type_string)) {
            int m = pick(json_object_get_string(ad), modes, 8);
            if (m < 0)
                return fail(e, "sampler: unknown address mode");
            st->address[0] = st->address[1] = st->address[2] = (uint8_t)m;
        } else if (json_object_is_type(ad, json_type_array) && json_object_array_length(ad) <= 3) {
            for (size_t i = 0; i < json_object_array_length(ad); i++) {
                int m = pick(json_object_get_string(json_object_array_get_idx(ad, i)), modes, 8);
                if (m < 0)
                    return fail(e, "sampler: unknown address mode");
                st->address[i] = (uint8_t)m;
            }
        } else {
            return fail(e, "sampler: \"address\" is a mode or an array of up to 3 modes");
        }
    }
    double x;
    uint32_t u = st->max_aniso;
    if (get_uint(js, "max_aniso", &u, 16, e, "sampler"))
        return -1;
    st->max_aniso = (uint8_t)u;
    x = st->lod_bias;
    if (get_num(js, "lod_bias", &x, e, "sampler"))
        return -1;
    st->lod_bias = (float)x;
    x = st->min_lod;
    if (get_num(js, "min_lod", &x, e, "sampler"))
        return -1;
    st->min_lod = (float)x;
    x = st->max_lod;
    if (get_num(js, "max_lod", &x, e, "sampler"))
        return -1;
    st->max_lod = (float)x;
    json_object *b = field(js, "seamless_cube");
    st->seamless_cube = b && json_object_get_boolean(b);
    b = field(js, "non_normalized");
    st->non_normalized = b && json_object_get_boolean(b);
    b = field(js, "mag_mipnone");
    st->mag_mipnone = b && json_object_get_boolean(b);
    json_object *bc = field(js, "border");
    if (bc) {
        if (!json_object_is_type(bc, json_type_array) || json_object_array_length(bc) != 4)
            return fail(e, "sampler: \"border\" is an array of 4 numbers");
        for (int c = 0; c < 4; c++) {
            json_object *n = json_object_array_get_idx(bc, c);
            if (json_object_is_type(n, json_type_int))
                st->border.u[c] = (uint32_t)json_object_get_int64(n);
            else
                st->border.f[c] = (float)json_object_get_double(n);
        }
    }
    return 0;
}

/* ---- lanes ---- */

typedef struct jlane {
    unsigned op;
    bool mcs16; /* ld2dms_w operands given as mcs0..mcs3 */
    int8_t off[3];
    uint32_t p[VSMP_P_COUNT];
} jlane;

static int op_from_name(const char *s)
{
    for (size_t i = 0; i < vsmp_op_count(); i++) {
        const vsmp_op_info *o = vsmp_op_at(i);
        if (strcasecmp(s, o->spec_name) == 0 || strcasecmp(s, o->mnemonic) == 0)
            return o->subop;
    }
    return -1;
}

static int parse_lane(json_object *jl, size_t idx, jlane *l, job_err *e)
{
    char where[32];
    snprintf(where, sizeof(where), "lanes[%zu]", idx);
    memset(l, 0, sizeof(*l));
    json_object *op = field(jl, "op");
    int o = op ? op_from_name(json_object_get_string(op)) : -1;
    if (o < 0)
        return fail(e,
                    "%s: \"op\" must name a sampler operation (sample, sample_l, ld, resinfo, "
                    "...)",
                    where);
    l->op = (unsigned)o;
    bool ints = o == VSMP_SUB_LD || o == VSMP_SUB_LD_LZ || o == VSMP_SUB_LD_L ||
                o == VSMP_SUB_RESINFO || o == VSMP_SUB_SAMPLEINFO;
    for (int k = 0; k < VSMP_P_COUNT; k++) {
        const char *name = vsmp_param_name((vsmp_param)k);
        char lower[32];
        size_t n = strlen(name);
        for (size_t i = 0; i <= n && i < sizeof(lower); i++)
            lower[i] = (char)((name[i] >= 'A' && name[i] <= 'Z') ? name[i] + 32 : name[i]);
        json_object *v = field(jl, lower);
        if (!v)
            continue;
        if (k >= VSMP_P_MCS0 && k <= VSMP_P_MCS3)
            l->mcs16 = true;
        bool packed = k >= VSMP_P_SI && k != VSMP_P_SI; /* MCS and packed offsets: integers */
        if (ints || packed || k == VSMP_P_SI) {
            if (!json_object_is_type(v, json_type_int))
                return fail(e, "%s: \"%s\" must be an integer for %s", where, lower,
                            json_object_get_string(op));
            l->p[k] = (uint32_t)json_object_get_int64(v);
        } else {
            float f = (float)json_object_get_double(v);
            memcpy(&l->p[k], &f, 4);
        }
    }
    json_object *off = field(jl, "offset");
    if (off) {
        if (!json_object_is_type(off, json_type_array) || json_object_array_length(off) > 3)
            return fail(e, "%s: \"offset\" is an array of up to 3 integers in [-8, 7]", where);
        for (size_t i = 0; i < json_object_array_length(off); i++) {
            int64_t x = json_object_get_int64(json_object_array_get_idx(off, i));
            if (x < -8 || x > 7)
                return fail(e, "%s: offsets are in [-8, 7]", where);
            l->off[i] = (int8_t)x;
        }
    }
    return 0;
}

static void print_value(FILE *out, const vsmp_format_info *fi, unsigned op, uint32_t v, bool json)
{
    bool is_int = op == VSMP_SUB_RESINFO || op == VSMP_SUB_SAMPLEINFO ||
                  (fi && fi->cls != VSMP_CLASS_FLOAT && op != VSMP_SUB_LOD);
    if (is_int) {
        if (fi && fi->cls == VSMP_CLASS_SINT && op != VSMP_SUB_RESINFO && op != VSMP_SUB_SAMPLEINFO)
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

/* "media": one SAMPLE_UNORM block through the media sampler. */
static int run_media(json_object *jm, const vsmp_surface *s, const vsmp_sampler_state *st,
                     bool json_out, FILE *out, job_err *e)
{
    float c[4] = {0, 0, 0, 0};
    static const char *const keys[4] = {"u", "v", "du", "dv"};
    for (int k = 0; k < 4; k++) {
        json_object *x = field(jm, keys[k]);
        if (x && !json_object_is_type(x, json_type_double) &&
            !json_object_is_type(x, json_type_int))
            return fail(e, "media.%s must be a number", keys[k]);
        c[k] = x ? (float)json_object_get_double(x) : 0.0f;
    }
    json_object *jc = field(jm, "channels");
    const char *chs = jc ? json_object_get_string(jc) : "RGBA";
    unsigned mask = 0;
    for (const char *p = chs; *p; p++) {
        const char *at = strchr("RGBA", *p >= 'a' ? *p - 32 : *p);
        if (!at)
            return fail(e, "media.channels: letters of \"RGBA\"");
        mask |= 1u << (at - "RGBA");
    }
    static const char *const outs[] = {"16_full", "16_downsampled", "8_full", "8_downsampled"};
    int fmt = 0;
    if (field(jm, "output") && get_enum(jm, "output", outs, 4, &fmt, e, "media"))
        return -1;
    uint8_t dst[256];
    size_t n = 0;
    vsmp_status rc =
        vsmp_media_sample_unorm(s, st, c[0], c[1], c[2], c[3], mask, (vsmp_unorm_format)fmt,
                                fmt != 0, dst, sizeof(dst), &n);
    if (rc)
        return fail(e, "media: %s",
                    rc == VSMP_ERR_ARG ? "needs a channel and a single-sampled "
                                         "surface"
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

int vsmp_sample_job(const char *path, const char *text, size_t size, bool json_out, FILE *out,
                    FILE *err)
{
    job_err e = {{0}};
    json_tokener *tok = json_tokener_new();
    json_object *root = tok ? json_tokener_parse_ex(tok, text, (int)size) : NULL;
    if (!root) {
        enum json_tokener_error je = tok ? json_tokener_get_error(tok) : json_tokener_error_depth;
        fprintf(err, "%s: invalid JSON: %s (near byte %zu)\n", path,
                je == json_tokener_continue ? "unexpected end of input"
                                            : json_tokener_error_desc(je),
                tok ? json_tokener_get_parse_end(tok) : 0);
        if (tok)
            json_tokener_free(tok);
        return 1;
    }
    json_tokener_free(tok);
    char dir[4096];
    snprintf(dir, sizeof(dir), "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        strcpy(dir, ".");
    vsmp_surface *s = NULL;
    vsmp_sampler_state st;
    jlane *lanes = NULL;
    int rc = 1;
    json_object *jl = field(root, "lanes");
    size_t n = jl && json_object_is_type(jl, json_type_array) ? json_object_array_length(jl) : 0;
    if (build_surface(field(root, "surface"), &s, dir, &e) ||
        build_sampler(field(root, "sampler"), &st, &e))
        goto done;
    json_object *jm = field(root, "media");
    if (jm && jl) {
        fail(&e, "a job has \"lanes\" or \"media\", not both");
        goto done;
    }
    if (jm) {
        if (run_media(jm, s, &st, json_out, out, &e))
            goto done;
        rc = 0;
        goto done;
    }
    if (!n) {
        fail(&e, "the job needs a non-empty \"lanes\" array (or \"media\")");
        goto done;
    }
    lanes = calloc(n, sizeof(*lanes));
    if (!lanes) {
        fail(&e, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < n; i++)
        if (parse_lane(json_object_array_get_idx(jl, i), i, &lanes[i], &e))
            goto done;
    const vsmp_format_info *fi = vsmp_format_get(vsmp_surface_get_desc(s)->format);
    if (json_out)
        fprintf(out, "{\"format\": \"%s\", \"lanes\": [", fi ? fi->name : "NULL");
    /* messages of up to 32 lanes: lanes 4k..4k+3 form a quad for implicit derivatives */
    for (size_t base = 0; base < n; base += VSMP_MAX_LANES) {
        unsigned simd = (unsigned)(n - base < VSMP_MAX_LANES ? n - base : VSMP_MAX_LANES);
        static uint32_t params[VSMP_P_COUNT][VSMP_MAX_LANES];
        for (unsigned l = 0; l < simd; l++)
            for (int k = 0; k < VSMP_P_COUNT; k++)
                params[k][l] = lanes[base + l].p[k];
        uint32_t done_mask = 0;
        vsmp_result res;
        memset(&res, 0, sizeof(res));
        for (unsigned l = 0; l < simd; l++) {
            if (done_mask >> l & 1)
                continue;
            const jlane *a = &lanes[base + l];
            uint32_t mask = 0;
            for (unsigned k = l; k < simd; k++) {
                const jlane *b = &lanes[base + k];
                if (b->op == a->op && b->mcs16 == a->mcs16 && !memcmp(b->off, a->off, 3))
                    mask |= 1u << k;
            }
            done_mask |= mask;
            vsmp_plan *plan = NULL;
            vsmp_diags dg;
            vsmp_diags_init(&dg);
            if (vsmp_plan_create(s, &st, a->op, &plan, &dg)) {
                fail(&e, "lanes[%zu]: %s", base + l, dg.count ? dg.items[0].message : "bad op");
                vsmp_diags_free(&dg);
                goto done;
            }
            vsmp_diags_free(&dg);
            vsmp_message m;
            memset(&m, 0, sizeof(m));
            m.simd = (uint8_t)simd;
            m.mask = mask;
            memcpy(m.aoffimmi, a->off, 3);
            m.mcs16 = a->mcs16;
            for (int k = 0; k < VSMP_P_COUNT; k++)
                m.param[k] = params[k];
            vsmp_plan_run(plan, &m, &res);
            vsmp_plan_free(plan);
        }
        for (unsigned l = 0; l < simd; l++) {
            const vsmp_op_info *oi = vsmp_op_find(VSMP_OPC_3D_SAMPLE, lanes[base + l].op, false);
            if (!oi)
                oi = vsmp_op_find(VSMP_OPC_3D_LOAD, lanes[base + l].op, false);
            if (!oi)
                oi = vsmp_op_find(VSMP_OPC_3D_INFO, lanes[base + l].op, false);
            const char *name = oi ? oi->spec_name : "?";
            bool nullbit = res.null_mask >> l & 1;
            if (json_out) {
                fprintf(out, "%s\n  {\"lane\": %zu, \"op\": \"%s\", \"rgba\": [",
                        base + l ? "," : "", base + l, name);
                for (int c = 0; c < 4; c++) {
                    print_value(out, fi, lanes[base + l].op, res.c[c][l], true);
                    fputs(c < 3 ? ", " : "", out);
                }
                fprintf(out, "], \"mapped\": %s}", nullbit ? "true" : "false");
            } else {
                fprintf(out, "lane %zu %s:", base + l, name);
                for (int c = 0; c < 4; c++) {
                    fputc(' ', out);
                    print_value(out, fi, lanes[base + l].op, res.c[c][l], false);
                }
                fputc('\n', out);
            }
        }
    }
    if (json_out)
        fprintf(out, "\n]}\n");
    rc = 0;
done:
    if (rc)
        fprintf(err, "%s: error: %s\n", path, e.msg);
    free(lanes);
    vsmp_surface_free(s);
    json_object_put(root);
    return rc;
}

/* The job's surface and sampler descriptions, for `vsmp run` (docs/RUN.md). */
int vsmp_job_surface(struct json_object *js, const char *dir, vsmp_surface **out, char *err,
                     size_t err_size)
{
    job_err e = {{0}};
    if (build_surface(js, out, dir, &e)) {
        snprintf(err, err_size, "%s", e.msg);
        return -1;
    }
    return 0;
}

int vsmp_job_sampler(struct json_object *js, vsmp_sampler_state *st, char *err, size_t err_size)
{
    job_err e = {{0}};
    if (build_sampler(js, st, &e)) {
        snprintf(err, err_size, "%s", e.msg);
        return -1;
    }
    return 0;
}
