/* SPDX-License-Identifier: MIT */
/* The AVX2 level's kernels of 8-bit UNORM texels, 16 lanes a message: one channel
 * (sample_avx2_r8.c) and RGBA8 point (sample_avx2_pt.c), for the fast-path table; declared here
 * rather than in fast.h, which every SIMD kernel includes. */
#ifndef VSMP_FLAT_R8_AVX2_H
#define VSMP_FLAT_R8_AVX2_H

#include "../fast/fast.h"

/* The kernel a plan of sample_flat_r8_avx2 runs at the AVX2 level: for R8 and A8 on a 2D surface
 * (not an array), point or bilinear without a CLAMP_BORDER axis, the 16-lane kernel of its filter
 * and modes, which takes SIMD16 messages with every lane on whose texels are a run of 16 or two
 * rows of 8 (a run of 8 each, or four 2x2 quads) and sends every other message to
 * vsmp_sample_flat_r8_avx2; any other plan's kernel (bilinear CLAMP_BORDER, arrays, R8_SNORM, and
 * every other kernel) is returned as it is. */
vsmp_kernel vsmp_flat_r8_avx2_pick(const vsmp_plan *p, vsmp_kernel k);

/* The kernel a plan of sample_flat_u8x4_avx2 (RGBA8, BGRA8) runs at the AVX2 level, given the
 * family's entry of its load form (k: the scalar one or its gather form, load_form's choice): for
 * point sampling on a 2D surface (not an array), the 16-lane kernel of its pair of modes and load
 * form, which takes SIMD16 messages with every lane on whose texels are quads, a run of 16 or two
 * rows of 8 (or, CLAMP_BORDER, off the level in every lane) and sends every other message to k;
 * any other plan's kernel (bilinear, arrays, every other kernel) is returned as it is. */
vsmp_kernel vsmp_point_u8x4_avx2_pick(const vsmp_plan *p, vsmp_kernel k);

#endif
