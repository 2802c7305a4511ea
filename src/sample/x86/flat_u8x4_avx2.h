/* SPDX-License-Identifier: MIT */
/* The AVX2 level's bilinear kernels of four 8-bit UNORM channels, 16 lanes a message
 * (sample_avx2_bil.c), for the fast-path table; declared here rather than in fast.h, which every
 * SIMD kernel includes. */
#ifndef VSMP_FLAT_U8X4_AVX2_H
#define VSMP_FLAT_U8X4_AVX2_H

#include "../fast/fast.h"

/* The kernel a plan of sample_flat_u8x4_avx2, or of sample_mip_u8x4_avx2 on a view of one
 * level (either load form: k is the plan's kernel after the table's load form is chosen), runs at
 * the AVX2 level (and a plan of sample_mip_u8x4_avx512 of one level at the AVX-512 level): for
 * RGBA8 and BGRA8 on a 2D surface (not an array), bilinear, the 16-lane kernel
 * of its pair of modes, which takes SIMD16 messages with every lane on whose taps are a run of 16
 * or two rows of 8 (quads, or two runs of 8), or each 8 lanes' a window of 9 columns of a row
 * pair, inside the level, or (CLAMP_BORDER) off it in every lane, and sends every other message
 * to k; a plan of sample_mip_u8x4_avx2 (either load form) on a 2D surface or 2D array of
 * several levels, min and mag filters bilinear, not sample_l, takes the 16-lane trilinear kernel of
 * its pair of modes (CLAMP, WRAP), which takes SIMD16 messages with every lane on whose each 8
 * lanes' layer (arrays) is one and levels span at most three, each lane's first on the lowest two,
 * and whose taps on each a box of at most 9 columns and 4 rows inside it, and sends every other
 * message to k; any other plan's kernel (point, bilinear arrays, the AVX-512 level's mip plans of
 * several levels, every other kernel) is returned as it is. */
vsmp_kernel vsmp_flat_u8x4_avx2_pick(const vsmp_plan *p, vsmp_kernel k);

/* For the tests, on no sampling path: -1 when plan p's kernel is none of the 16-lane ones above;
 * else 1 when its 16-lane kernel takes message m whole (its words in r), 0 when it sends m to the
 * rest, and *tri whether that kernel is a trilinear one. Built with the AVX2 level. */
int vsmp_u8x4_avx2_took16(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r, bool *tri);

#endif
