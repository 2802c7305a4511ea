/* SPDX-License-Identifier: MIT */
/*
 * The second form of a few kernel families, their texel loads by gathers (loads_avx2.h under
 * VSMP_GATHER_LOADS): gather_avx*.c compile those families' sources again with this header first
 * (after names_avx512.h at that level), so that each form has its own symbols. The families are
 * those whose gathers measured faster on an Intel core (the AVX2 level's 2D mip, 3D and flat RGBA8
 * kernels, the AVX-512 level's 3D kernel; not its 2D mip kernel, whose 16-lane filter left the
 * gathers no gain); the fast-path table's gather_forms says which CPUs take them
 * (docs/SAMPLING.md, "Gathers or scalar loads").
 */
#ifndef VSMP_NAMES_GATHER_H
#define VSMP_NAMES_GATHER_H

#define VSMP_GATHER_LOADS 1

#ifdef VSMP_AVX512_LEVEL
#define vsmp_sample_3d_u8x4_avx512 vsmp_sample_3d_u8x4_avx512_gather
#else
#define vsmp_sample_mip_u8x4_avx2  vsmp_sample_mip_u8x4_avx2_gather
#define vsmp_sample_3d_u8x4_avx2   vsmp_sample_3d_u8x4_avx2_gather
#define vsmp_sample_flat_u8x4_avx2 vsmp_sample_flat_u8x4_avx2_gather
#endif

#endif
