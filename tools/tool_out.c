/* SPDX-License-Identifier: MIT */
/* Image and buffer output of `vsmp run` and `vsmp launch` (tool_out.h). */
#include "tool_out.h"

vsmp_dialect vsmp_tool_dialect = VSMP_DIALECT_AUTO;

#include <errno.h>
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
    png_set_IHDR(png, info, w, h * slices, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t z = 0; z < slices; z++)
        for (uint32_t y = 0; y < h; y++) {
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
