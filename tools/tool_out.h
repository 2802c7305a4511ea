/* SPDX-License-Identifier: MIT */
/* Image and buffer output shared by `vsmp run` and `vsmp launch`: one PNG writer, one raw
 * writer, one rule for turning a texel into 8-bit channels (docs/RUN.md, docs/LAUNCH.md). */
#ifndef VSMP_TOOLS_TOOL_OUT_H
#define VSMP_TOOLS_TOOL_OUT_H

#include <stddef.h>
#include <stdint.h>

#include "vsmp/vsmp.h"

/* The dialect `vsmp run` and `vsmp launch` parse a .visaasm kernel in: VSMP_DIALECT_AUTO (by
 * content, docs/TEXT.md) unless --syntax says otherwise. */
extern vsmp_dialect vsmp_tool_dialect;

/* Channel @p c of texel @p t of format @p fi as 8 bits: float classes (UNORM, SNORM, sRGB,
 * FLOAT) as v * 255 + 0.5 truncated, integer classes as the value itself; both saturate to
 * 0..255 (a UINT 4294967295 is 255, a SINT -5 is 0; NaN is 0). */
uint8_t vsmp_tool_to_u8(const vsmp_format_info *fi, const vsmp_texel *t, int c);

/* Write the first level the sampler sees (SurfaceMinLOD) of @p s as an 8-bit RGBA PNG; a
 * surface of several slices (3D depth, array layers, cube faces) as one tall image, slice 0 on
 * top, slice z at rows z * height ... @return 0, or -1 with a message in @p err. */
int vsmp_tool_save_png(const vsmp_surface *s, const char *path, char *err, size_t err_size);

/* Write @p size bytes to @p path (a buffer, or a surface's memory). @return 0, or -1 with a
 * message in @p err. */
int vsmp_tool_save_raw(const void *data, size_t size, const char *path, char *err, size_t err_size);

#endif
