/* SPDX-License-Identifier: MIT */
/*
 * What the AVX2 level's 16-lane kernels ask of a message's lanes as a whole: the lowest and the
 * highest of 8 lanes' words (a box's bounds, a half's levels), and whether the two halves of a
 * SIMD16 message have one LOD (lanes 8-15's gradients lanes 0-7's word for word), so that the LOD
 * stage runs once for 16 lanes. Included by the kernels' files after their own headers.
 */
#ifndef VSMP_LANES16_AVX2_H
#define VSMP_LANES16_AVX2_H

#include <immintrin.h>
#include <stdbool.h>

#include "../fast/fast.h"

/* The lowest of 8 lanes' signed words, in every lane. */
static inline __m256i hmin8(__m256i v)
{
    __m128i m = _mm_min_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    m = _mm_min_epi32(m, _mm_shuffle_epi32(m, 0x4e));
    return _mm256_broadcastd_epi32(_mm_min_epi32(m, _mm_shuffle_epi32(m, 0xb1)));
}

/* The highest of 8 lanes' signed words, in every lane. */
static inline __m256i hmax8(__m256i v)
{
    __m128i m = _mm_max_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    m = _mm_max_epi32(m, _mm_shuffle_epi32(m, 0x4e));
    return _mm256_broadcastd_epi32(_mm_max_epi32(m, _mm_shuffle_epi32(m, 0xb1)));
}

/* Whether lanes 8-15 of a SIMD16 message give lanes 0-7's levels and fraction lane for lane in
 * the LOD stage: the same words in every parameter it reads other than the coordinates. That is
 * always so when it reads none (a lod_unused plan, L_ZERO), so for L_GRAD when each gradient (the
 * u and v ones, and the r ones on a 3D surface: @p r) is the same in lane l and lane 8 + l (an
 * absent one is zero in every lane), and never for L_IMPLICIT and L_BIAS, which read the
 * coordinates. */
static inline bool one_lod16(const vsmp_plan *p, const vsmp_message *m, bool r)
{
    static const unsigned grad[] = {VSMP_P_DUDX, VSMP_P_DVDX, VSMP_P_DUDY,
                                    VSMP_P_DVDY, VSMP_P_DRDX, VSMP_P_DRDY};
    if (p->lod_unused || p->lod == L_ZERO)
        return true;
    if (p->lod != L_GRAD)
        return false;
    __m256i d = _mm256_setzero_si256();
    for (unsigned k = 0; k < (r ? 6u : 4u); k++) {
        const uint32_t *a = m->param[grad[k]];
        if (a)
            d = _mm256_or_si256(d, _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)a),
                                                    _mm256_loadu_si256((const __m256i *)(a + 8))));
    }
    return _mm256_testz_si256(d, d);
}

#endif
