/* SPDX-License-Identifier: MIT */
/* The AVX2 level's 16-lane bilinear kernels of one 16-bit channel (sample_avx2_r16.c), for the
 * fast-path table; declared here rather than in fast.h, which every SIMD kernel includes. */
#ifndef VSMP_FLAT_R16_AVX2_H
#define VSMP_FLAT_R16_AVX2_H

#include "../fast/fast.h"

/* The kernel a plan of sample_flat_r16_avx2 runs at the AVX2 level: for R16, R16_FLOAT and A16
 * on a 2D surface (not an array), bilinear with CLAMP and WRAP axes, the 16-lane kernel of its
 * pair of modes, decoder (UNORM16, float16) and channel (R, A), which takes SIMD16 messages with
 * every lane on whose taps are a run of 16 or two rows of 8 (a run of 8 each, or four 2x2 quads)
 * and sends every other message to the plan's member of vsmp_sample_flat_r16_avx2; any other plan's
 * kernel (point, CLAMP_BORDER, arrays, every other kernel) is returned as it is. */
vsmp_kernel vsmp_flat_r16_avx2_pick(const vsmp_plan *p, vsmp_kernel k);

#endif
