/* SPDX-License-Identifier: MIT */
/* The commands' runtime: image and buffer output, diagnostics, files, values (tool_out.h). */
#include "tool_out.h"

vsmp_dialect vsmp_tool_dialect = VSMP_DIALECT_AUTO;
int vsmp_tool_png_level = VSMP_TOOL_PNG_LEVEL_DEFAULT;

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint8_t vsmp_tool_to_u8(const vsmp_format_info *fi, const vsmp_texel *t, int c)
{
    if (fi && fi->cls == VSMP_CLASS_UINT)
        return (uint8_t)(t->u[c] > 255 ? 255 : t->u[c]);
    if (fi && fi->cls == VSMP_CLASS_SINT)
        return (uint8_t)(t->i[c] < 0 ? 0 : t->i[c] > 255 ? 255 : t->i[c]);
    double v = (double)t->f[c] * 255.0 + 0.5;
    return (uint8_t)(v >= 255 ? 255 : v > 0 ? v : 0); /* NaN fails both tests: 0 */
}

int vsmp_tool_save_png(const vsmp_surface *s, const char *path, char *err, size_t err_size)
{
    const vsmp_surface_desc *d = vsmp_surface_get_desc(s);
    const vsmp_format_info *fi = vsmp_format_get(d->format);
    unsigned level = d->min_lod;
    uint32_t w = 0, h = 0, slices = 0;
    if (vsmp_surface_level_size(s, level, &w, &h, NULL, &slices) || !w || !h || !slices) {
        snprintf(err, err_size, "cannot write %s: the surface has no level %u", path, level);
        return -1;
    }
    if ((uint64_t)h * slices > 0x7fffffffu) { /* PNG's limit */
        snprintf(err, err_size, "cannot write %s: %u slices of %u rows are too tall for a PNG",
                 path, slices, h);
        return -1;
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, err_size, "cannot create %s: %s", path, strerror(errno));
        return -1;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    uint8_t *row = malloc((size_t)w * 4);
    if (!png || !info || !row || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        fclose(f);
        snprintf(err, err_size, "cannot write %s", path);
        return -1;
    }
    png_init_io(png, f);
    png_set_compression_level(png, vsmp_tool_png_level);
    png_set_IHDR(png, info, w, h * slices, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    /* RGBA8 UNORM and UINT texels are their 8-bit channels already (v * 255 + 0.5 truncated
     * gives back the byte an UNORM value came from): rows are written as they lie */
    bool direct = d->format == VSMP_FORMAT_R8G8B8A8_UNORM || d->format == VSMP_FORMAT_R8G8B8A8_UINT;
    for (uint32_t z = 0; z < slices; z++)
        for (uint32_t y = 0; y < h; y++) {
            const uint8_t *at = direct ? vsmp_surface_texel(s, level, z, 0, y) : NULL;
            if (at) {
                memcpy(row, at, (size_t)w * 4);
                png_write_row(png, row);
                continue;
            }
            for (uint32_t x = 0; x < w; x++) {
                vsmp_texel t;
                memset(&t, 0, sizeof(t));
                vsmp_surface_load(s, level, z, x, y, &t);
                for (int c = 0; c < 4; c++)
                    row[4 * x + c] = vsmp_tool_to_u8(fi, &t, c);
            }
            png_write_row(png, row);
        }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    if (fclose(f)) {
        snprintf(err, err_size, "cannot write %s", path);
        return -1;
    }
    return 0;
}

int vsmp_tool_save_raw(const void *data, size_t size, const char *path, char *err, size_t err_size)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, err_size, "cannot create %s: %s", path, strerror(errno));
        return -1;
    }
    bool ok = fwrite(data, 1, size, f) == size;
    if (fclose(f) || !ok) {
        snprintf(err, err_size, "cannot write %s", path);
        return -1;
    }
    return 0;
}

/* ---- diagnostics, paths, files ---- */

int vsmp_tool_vfail(FILE *err, const char *where, const char *fmt, va_list ap)
{
    fprintf(err, "%s: ", where);
    vfprintf(err, fmt, ap);
    fputc('\n', err);
    return -1;
}

int vsmp_tool_fail(FILE *err, const char *where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_tool_vfail(err, where, fmt, ap);
    va_end(ap);
    return -1;
}

void vsmp_tool_join(const char *dir, const char *name, char *out, size_t n)
{
    if (name[0] == '/')
        snprintf(out, n, "%s", name);
    else
        snprintf(out, n, "%s/%s", dir, name);
}

uint8_t *vsmp_tool_read_file(const char *path, size_t max, size_t *size, char *err, size_t err_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_size, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    uint8_t *data = malloc(max + 1);
    size_t n = data ? fread(data, 1, max + 1, f) : 0;
    fclose(f);
    if (!data || n > max) {
        free(data);
        snprintf(err, err_size, "%s: unreadable or larger than %zu MiB", path, max >> 20);
        return NULL;
    }
    *size = n;
    return data;
}

void vsmp_tool_dir(const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (slash)
        snprintf(out, n, "%.*s", (int)(slash - path), path);
    else
        snprintf(out, n, ".");
}

vsmp_status vsmp_tool_parse_module(const uint8_t *data, size_t size, bool text, size_t max_memory,
                                   unsigned error_limit, const char *label, FILE *err,
                                   vsmp_module **mod)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    d.limit = error_limit;
    vsmp_status st;
    if (text) {
        vsmp_text_options to;
        vsmp_text_options_init(&to);
        to.dialect = vsmp_tool_dialect;
        to.max_memory = max_memory;
        st = vsmp_text_parse_opt((const char *)data, size, &to, mod, &d);
    } else {
        vsmp_read_options ro;
        vsmp_read_options_init(&ro);
        ro.max_memory = max_memory;
        st = vsmp_module_read(data, size, &ro, mod, &d);
    }
    vsmp_diags_print(&d, label, err);
    vsmp_diags_free(&d);
    return st;
}

/* ---- values ---- */

uint16_t vsmp_tool_f2h(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = x >> 16 & 0x8000u, e = x >> 23 & 0xffu, mt = x & 0x7fffffu;
    if (e == 0xff)
        return (uint16_t)(sign | 0x7c00u | (mt ? 0x200u : 0));
    int ee = (int)e - 112;
    if (ee >= 31)
        return (uint16_t)(sign | 0x7c00u);
    if (ee <= 0) {
        if (ee < -10)
            return (uint16_t)sign;
        mt |= 0x800000u;
        unsigned sh = (unsigned)(14 - ee);
        uint32_t q = mt >> sh, rem = mt & ((1u << sh) - 1), half = 1u << (sh - 1);
        q += rem > half || (rem == half && (q & 1));
        return (uint16_t)(sign | q);
    }
    uint32_t q = mt >> 13, rem = mt & 0x1fffu;
    q += rem > 0x1000u || (rem == 0x1000u && (q & 1));
    return (uint16_t)(sign | (((uint32_t)ee << 10) + q));
}

float vsmp_tool_h2f(uint16_t h)
{
    unsigned e = h >> 10 & 0x1fu, mt = h & 0x3ffu;
    float v = e == 0    ? ldexpf((float)mt, -24)
              : e == 31 ? (mt ? NAN : INFINITY)
                        : ldexpf((float)(mt | 0x400u), (int)e - 25);
    return (h & 0x8000u) ? -v : v;
}

void vsmp_tool_print_value(FILE *out, uint64_t bits, unsigned bytes, vsmp_tclass cls, bool hex)
{
    if (hex) {
        fprintf(out, " 0x%0*" PRIx64, (int)(2 * bytes), bits);
    } else if (cls == VSMP_TCLASS_FLOAT && bytes == 2) {
        fprintf(out, " %.5g", vsmp_tool_h2f((uint16_t)bits));
    } else if (cls == VSMP_TCLASS_FLOAT && bytes == 4) {
        float f;
        uint32_t u = (uint32_t)bits;
        memcpy(&f, &u, 4);
        fprintf(out, " %.9g", f);
    } else if (cls == VSMP_TCLASS_FLOAT && bytes == 8) {
        double d;
        memcpy(&d, &bits, 8);
        fprintf(out, " %.17g", d);
    } else if (cls == VSMP_TCLASS_SINT && bytes && bytes < 8) {
        unsigned sh = 64 - 8 * bytes;
        fprintf(out, " %" PRId64, (int64_t)(bits << sh) >> sh);
    } else if (cls == VSMP_TCLASS_SINT) {
        fprintf(out, " %" PRId64, (int64_t)bits);
    } else {
        fprintf(out, " %" PRIu64, bits);
    }
}
