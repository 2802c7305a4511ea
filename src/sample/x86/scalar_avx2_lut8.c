/* SPDX-License-Identifier: MIT */
/*
 * sample_avx2_lut8.c's table kernels again, their channels looked up in the plan's tables by
 * loads8's scalar loads instead of gathers (VSMP_LUT_SCALAR: stages_avx2.h's LUT_GATHERS), for
 * the cores whose gathers are slow (VSMP_CPU_SLOW_GATHER, sample_internal.h). The loads read
 * the same words as the gathers, so the results are the same. Groups of lanes on different
 * levels still gather their levels' fields (gather_view), as every AVX2 kernel does.
 */
#define VSMP_LUT_SCALAR

#define vsmp_sample_flat_lut8_avx2 vsmp_sample_flat_lut8_avx2_scalar
#define vsmp_sample_mip_lut8_avx2  vsmp_sample_mip_lut8_avx2_scalar

#include "sample_avx2_lut8.c"
