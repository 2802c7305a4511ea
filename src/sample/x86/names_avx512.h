/* SPDX-License-Identifier: MIT */
/*
 * The AVX-512 level's names for the AVX2 level's kernels: sample_avx512*.c compile the AVX2
 * sources again with this header first and the AVX-512 flags, so that each level has its own
 * symbols (fast.c's table picks by name and level).
 */
#ifndef VSMP_NAMES_AVX512_H
#define VSMP_NAMES_AVX512_H

/* the sources compiled at the AVX-512 level leave out the kernels only the AVX2 level runs */
#define VSMP_AVX512_LEVEL 1

#define vsmp_sample_2d_avx2       vsmp_sample_2d_avx512
#define vsmp_sample_mip_u8x4_avx2 vsmp_sample_mip_u8x4_avx512
#define vsmp_ld_2d_unorm8_avx2    vsmp_ld_2d_unorm8_avx512
#define vsmp_ld_2d_avx2           vsmp_ld_2d_avx512
#define vsmp_bc1_fetch8_avx2      vsmp_bc1_fetch8_avx512
#define vsmp_bc1_quad8_avx2       vsmp_bc1_quad8_avx512
#define vsmp_sample_3d_u8x4_avx2  vsmp_sample_3d_u8x4_avx512

#endif
