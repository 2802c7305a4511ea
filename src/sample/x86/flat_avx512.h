/* SPDX-License-Identifier: MIT */
/* The AVX-512 kernels of 16 lanes a register (sample_avx512_flat.c: flat RGBA8, R16 and R8, ld
 * of four 8-bit channels), for the fast-path table; declared here rather than in fast.h, which
 * every SIMD kernel includes. */
#ifndef VSMP_FLAT_AVX512_H
#define VSMP_FLAT_AVX512_H

#include "../fast/fast.h"

/* RGBA8 and BGRA8 on 2D surfaces and arrays, point and bilinear without mips (table.c's flat
 * RGBA8 rows at the AVX-512 level): SIMD16 and SIMD32 messages with every lane on whose taps lie
 * along a row or in two rows of 8 (quads, OpenCL work-groups 8 wide) in 16 lanes at once, every
 * other message by vsmp_sample_flat_u8x4_avx2. */
void vsmp_sample_flat_u8x4_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);

/* R16, R16_FLOAT and A16 on 2D surfaces and arrays, point and bilinear without mips (the plans of
 * sample_flat_r16_avx2, whose kernel runs what it leaves): the same messages. */
void vsmp_sample_flat_r16_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);

/* R8 and A8 (one 8-bit UNORM channel in a 1-byte texel) on 2D surfaces and arrays, point and
 * bilinear without mips (the plans of sample_flat_r8_avx2, whose kernel runs what it leaves, and
 * R8_SNORM's): the same messages. */
void vsmp_sample_flat_r8_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);

/* The kernel of a flat family (one of the three above) that a plan's messages run: the member of
 * its filter and modes, whose messages are not dispatched again (an array's plan, and R8_SNORM's,
 * keep the family's entry). Any other kernel is returned as it is. */
vsmp_kernel vsmp_flat_avx512_pick(const vsmp_plan *p, vsmp_kernel k);

/* ld of RGBA8 and BGRA8 on 2D surfaces (the plans of ld_2d_unorm8_avx512, whose kernel runs what
 * it leaves) and of four 8-bit UINT or SINT channels in a 4-byte texel (table.c's F_INT8X4; the
 * rest runs ld_2d_avx512): SIMD16 and SIMD32 messages with every lane on at level 0, inside the
 * level, whose texels are a run or two rows of 8. */
void vsmp_ld_u8x4_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_ld_int8x4_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);

#endif
