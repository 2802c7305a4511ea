/* SPDX-License-Identifier: MIT */
/* The flat kernel of four float channels (sample_avx2_f4.c), for the fast-path table; declared
 * here rather than in fast.h, which every SIMD kernel includes. */
#ifndef VSMP_FLAT_F4_H
#define VSMP_FLAT_F4_H

#include "../fast/fast.h"

/* R32G32B32A32_FLOAT and R16G16B16A16_FLOAT on 2D surfaces and arrays, point and bilinear
 * without mips (table.c's FLAT_F4 rows). */
void vsmp_sample_flat_f4_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);

#endif
