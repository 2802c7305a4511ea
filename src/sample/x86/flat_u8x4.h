/* SPDX-License-Identifier: MIT */
/* The AVX-512 flat kernel of four 8-bit UNORM channels (sample_avx512_flat8.c), for the
 * fast-path table; declared here rather than in fast.h, which every SIMD kernel includes. */
#ifndef VSMP_FLAT_U8X4_H
#define VSMP_FLAT_U8X4_H

#include "../fast/fast.h"

/* RGBA8 and BGRA8 on 2D surfaces and arrays, point and bilinear without mips (table.c's flat
 * RGBA8 rows at the AVX-512 level): SIMD16 messages with every lane on whose taps lie along a
 * row or in two rows of quads in 16 lanes at once, every other message by
 * vsmp_sample_flat_u8x4_avx2. */
void vsmp_sample_flat_u8x4_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);

#endif
