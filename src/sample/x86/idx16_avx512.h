/* SPDX-License-Identifier: MIT */
/* idx_flat and idx_next of stages_avx2.h on 16 lanes (the same operations), the one home of the
 * AVX-512 kernels that index a level 16 lanes at a time by them (stage16_avx512.h's mip and
 * anisotropic filters, sample_avx2_3d.c's 3D taps at the AVX-512 level). The flat kernels of
 * sample_avx512_flat.c take the same indices by one conversion rounding down, CLAMP on integers
 * (idx16_point, idx16_lin). */
#ifndef VSMP_IDX16_AVX512_H
#define VSMP_IDX16_AVX512_H

#include <immintrin.h>
#include <stdbool.h>
#include <stdint.h>

/* The floored coordinate f's index (WRAP on a power of two, else CLAMP's), lanes converted to
 * INT32_MIN flagged in *bad. */
static inline __m512i idx16(bool wrap, __m512 f, __m512 fm1, __m512i m1, __mmask16 *bad)
{
    __m512i i = _mm512_cvttps_epi32(wrap ? f : _mm512_min_ps(fm1, f));
    *bad |= _mm512_cmpeq_epi32_mask(i, _mm512_set1_epi32(INT32_MIN));
    return wrap ? _mm512_and_si512(i, m1) : _mm512_max_epi32(i, _mm512_setzero_si512());
}

/* The next index (the bilinear footprint's second tap). */
static inline __m512i idx16_next(bool wrap, __m512 f, __m512i i0, __m512 fm1, __m512i m1)
{
    if (wrap)
        return _mm512_and_si512(_mm512_add_epi32(i0, _mm512_set1_epi32(1)), m1);
    return _mm512_max_epi32(
        _mm512_cvttps_epi32(_mm512_min_ps(fm1, _mm512_add_ps(f, _mm512_set1_ps(1.0f)))),
        _mm512_setzero_si512());
}

#endif
