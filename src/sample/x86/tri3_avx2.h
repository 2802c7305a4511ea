/* SPDX-License-Identifier: MIT */
/* The AVX2 level's 16-lane trilinear kernels of 3D RGBA8 surfaces (tri3_avx2.c), for the
 * fast-path table; declared here rather than in fast.h, which every SIMD kernel includes. */
#ifndef VSMP_TRI3_AVX2_H
#define VSMP_TRI3_AVX2_H

#include "../fast/fast.h"

/* The kernel a plan of sample_3d_u8x4_avx2 (either load form: k is the plan's kernel after the
 * table's load form is chosen) runs: for a surface of several levels (not resident), min and mag
 * filters bilinear, any mip filter, not sample_l, the 16-lane kernel of its three axis modes
 * (CLAMP, WRAP), which takes SIMD16 messages with every lane on whose each 8 lanes share their
 * first level and their second, their slices on each, and whose taps on each slice lie in a box of
 * at most 9 columns and 4 rows inside it, and sends every other message to k; any other plan's
 * kernel is returned as it is. */
vsmp_kernel vsmp_3d_u8x4_avx2_pick(const vsmp_plan *p, vsmp_kernel k);

/* For the tests, on no sampling path: -1 when plan p's kernel is none of the 16-lane ones above;
 * else 1 when its 16-lane kernel takes message m whole (its words in r), 0 when it sends m to the
 * rest. Built with the AVX2 level. */
int vsmp_3d_u8x4_avx2_took16(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);

#endif
