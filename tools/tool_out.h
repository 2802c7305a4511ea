/* SPDX-License-Identifier: MIT */
/* The runtime the commands share (`vsmp sample`, `vsmp run`, `vsmp launch`): one PNG writer,
 * one raw writer, one rule for turning a texel into 8-bit channels (docs/RUN.md,
 * docs/LAUNCH.md); one diagnostic form, one file reader, one way of printing a value and of
 * converting binary16. Public API only. */
#ifndef VSMP_TOOLS_TOOL_OUT_H
#define VSMP_TOOLS_TOOL_OUT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vsmp/vsmp.h"

/* The dialect `vsmp run` and `vsmp launch` parse a .visaasm kernel in: VSMP_DIALECT_AUTO (by
 * content, docs/TEXT.md) unless --syntax says otherwise. */
extern vsmp_dialect vsmp_tool_dialect;

#if defined(__GNUC__)
#define VSMP_TOOL_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define VSMP_TOOL_PRINTF(f, a)
#endif

/* ---- diagnostics, paths, files ---- */

/* A command's failure: "WHERE: message" and a newline on @p err (WHERE: the description or
 * job file). @return -1. */
int vsmp_tool_fail(FILE *err, const char *where, const char *fmt, ...) VSMP_TOOL_PRINTF(3, 4);
int vsmp_tool_vfail(FILE *err, const char *where, const char *fmt, va_list ap);

/* A file a description names: @p name as it is when absolute, else under @p dir. */
void vsmp_tool_join(const char *dir, const char *name, char *out, size_t n);

/* All of the file @p path, at most @p max bytes. @return the bytes (free them) and *size, or
 * NULL with a message in @p err ("cannot open P: reason", "P: unreadable or larger than N
 * MiB"). */
uint8_t *vsmp_tool_read_file(const char *path, size_t max, size_t *size, char *err,
                             size_t err_size);

/* The directory of the description @p path (what its file names are relative to): "." when
 * @p path names none. */
void vsmp_tool_dir(const char *path, char *out, size_t n);

/* A kernel file's bytes as a module: vISA text when @p text (in the dialect of --syntax), else
 * a binary `.isa`; both within @p max_memory (0: the library's limit). Diagnostics, at most
 * @p error_limit of each severity (0: all), printed on @p err under @p label. @return the
 * status (the caller names the file with vsmp_status_str). */
vsmp_status vsmp_tool_parse_module(const uint8_t *data, size_t size, bool text, size_t max_memory,
                                   unsigned error_limit, const char *label, FILE *err,
                                   vsmp_module **mod);

/* ---- values ---- */

/* binary16 from a float, rounded to nearest even (overflow to infinity, NaN kept quiet), and
 * back (exact). */
uint16_t vsmp_tool_f2h(float f);
float vsmp_tool_h2f(uint16_t h);

/* One value of @p bytes bytes (1, 2, 4, 8; @p bits little-endian, as stored) as " V" on @p out:
 * with @p hex " 0x" and 2 * bytes hex digits; else by @p cls: FLOAT binary16 "%.5g", binary32
 * "%.9g", binary64 "%.17g"; SINT sign-extended; anything else unsigned. */
void vsmp_tool_print_value(FILE *out, uint64_t bits, unsigned bytes, vsmp_tclass cls, bool hex);

/* Channel @p c of texel @p t of format @p fi as 8 bits: float classes (UNORM, SNORM, sRGB,
 * FLOAT) as v * 255 + 0.5 truncated, integer classes as the value itself; both saturate to
 * 0..255 (a UINT 4294967295 is 255, a SINT -5 is 0; NaN is 0). */
uint8_t vsmp_tool_to_u8(const vsmp_format_info *fi, const vsmp_texel *t, int c);

/* The zlib level of the PNGs vsmp_tool_save_png writes (--png-level: 0 none ... 9 smallest).
 * The default, 1, is the fastest that compresses: on a 1920x1080 RGBA picture it took 48 ms
 * for 101 KB where level 6 (zlib's default) took 65 ms for 50 KB, and on a blurred-noise frame
 * 178 ms for 5.9 MB against 340 ms for 5.4 MB (docs/RUN.md). */
#define VSMP_TOOL_PNG_LEVEL_DEFAULT 1
extern int vsmp_tool_png_level;

/* Write the first level the sampler sees (SurfaceMinLOD) of @p s as an 8-bit RGBA PNG; a
 * surface of several slices (3D depth, array layers, cube faces) as one tall image, slice 0 on
 * top, slice z at rows z * height ... (R8G8B8A8_UNORM and _UINT rows copied as they lie: their
 * bytes are what vsmp_tool_to_u8 gives). @return 0, or -1 with a message in @p err. */
int vsmp_tool_save_png(const vsmp_surface *s, const char *path, char *err, size_t err_size);

/* Write @p size bytes to @p path (a buffer, or a surface's memory). @return 0, or -1 with a
 * message in @p err. */
int vsmp_tool_save_raw(const void *data, size_t size, const char *path, char *err, size_t err_size);

#endif
