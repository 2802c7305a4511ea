/* SPDX-License-Identifier: MIT */
/*
 * sample_avx2_lut8.c's table kernels with scalar loads instead of gathers (lut_forms.h), for the
 * cores whose gathers are slow (VSMP_CPU_SLOW_GATHER). Every 8-lane gather of 4-byte words with
 * scale 4 in the kernels (the table lookups of unpack8_by, gather_view's level fields) becomes
 * loads8's eight scalar loads of the same words: the same values, so the same results.
 */
#include <immintrin.h>

#include "loads_avx2.h"

/* _mm256_i32gather_ps(base, idx, 4): the floats at base[idx] of 8 lanes, by scalar loads */
static inline __m256 lut_loads8(const float *base, __m256i idx)
{
    return _mm256_castsi256_ps(loads8((const int *)base, _mm256_slli_epi32(idx, 2)));
}
#define _mm256_i32gather_ps(base, idx, scale) lut_loads8(base, idx)

#define vsmp_sample_flat_lut8_avx2 vsmp_sample_flat_lut8_avx2_scalar
#define vsmp_sample_mip_lut8_avx2  vsmp_sample_mip_lut8_avx2_scalar

#include "sample_avx2_lut8.c"
