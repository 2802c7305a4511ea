/* SPDX-License-Identifier: MIT */
/*
 * Loads of 8 lanes at byte offsets (include only from files compiled with -mavx2), in two forms:
 * scalar loads assembled into vectors, which on the AMD cores measured cost less than the gather
 * instructions doing the same (Zen 3: an 8-lane vpgatherdd about 3.5 ns; Zen 4, whose gathers are
 * faster, at the AVX2 and the AVX-512 levels alike), and, in the sources that define
 * VSMP_GATHER_LOADS first (names_gather.h: the second form of a few kernel families, which an
 * Intel core of the Sapphire Rapids class runs faster), vpgatherdd and vgatherdpd. The fast-path
 * table picks the form per CPU (docs/SAMPLING.md, "Gathers or scalar loads"). Offsets are below
 * 2^31 (the SIMD rows' F_UNDER_2G), so the gathers' signed indices read the same bytes.
 */
#ifndef VSMP_LOADS_AVX2_H
#define VSMP_LOADS_AVX2_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

/* The 32-bit words at byte offsets off of 8 lanes: by scalar loads, or one gather. */
static inline __m256i loads8(const int *mem, __m256i off)
{
#ifdef VSMP_GATHER_LOADS
    return _mm256_i32gather_epi32(mem, off, 1);
#else
    const char *b = (const char *)mem;
    __m128i lo = _mm256_castsi256_si128(off), hi = _mm256_extracti128_si256(off, 1);
    uint64_t a0 = (uint64_t)_mm_cvtsi128_si64(lo), a1 = (uint64_t)_mm_extract_epi64(lo, 1);
    uint64_t a2 = (uint64_t)_mm_cvtsi128_si64(hi), a3 = (uint64_t)_mm_extract_epi64(hi, 1);
    int w[8];
    memcpy(&w[0], b + (uint32_t)a0, 4), memcpy(&w[1], b + (a0 >> 32), 4);
    memcpy(&w[2], b + (uint32_t)a1, 4), memcpy(&w[3], b + (a1 >> 32), 4);
    memcpy(&w[4], b + (uint32_t)a2, 4), memcpy(&w[5], b + (a2 >> 32), 4);
    memcpy(&w[6], b + (uint32_t)a3, 4), memcpy(&w[7], b + (a3 >> 32), 4);
    return _mm256_setr_epi32(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]);
#endif
}

/* The 64-bit words at byte offsets off of 8 lanes, by one 64-bit load per lane or two gathers of
 * 4: lo lanes 0-3's, hi lanes 4-7's, each in lane order. In the float domain, as the loads and
 * inserts are. */
static inline void pair_loads8(const int *mem, __m256i off, __m256d *lo4, __m256d *hi4)
{
    __m128i lo = _mm256_castsi256_si128(off), hi = _mm256_extracti128_si256(off, 1);
#ifdef VSMP_GATHER_LOADS
    *lo4 = _mm256_i32gather_pd((const double *)mem, lo, 1);
    *hi4 = _mm256_i32gather_pd((const double *)mem, hi, 1);
#else
    const char *b = (const char *)mem;
    uint64_t a0 = (uint64_t)_mm_cvtsi128_si64(lo), a1 = (uint64_t)_mm_extract_epi64(lo, 1);
    uint64_t a2 = (uint64_t)_mm_cvtsi128_si64(hi), a3 = (uint64_t)_mm_extract_epi64(hi, 1);
    /* a 64-bit load into each half of 128 bits (movq, movhpd: loads folded into the inserts) */
#define Q2(x, y)                                                                                   \
    _mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(b + (x)))),                    \
                 (const double *)(b + (y)))
    *lo4 = _mm256_insertf128_pd(_mm256_castpd128_pd256(Q2((uint32_t)a0, a0 >> 32)),
                                Q2((uint32_t)a1, a1 >> 32), 1);
    *hi4 = _mm256_insertf128_pd(_mm256_castpd128_pd256(Q2((uint32_t)a2, a2 >> 32)),
                                Q2((uint32_t)a3, a3 >> 32), 1);
#undef Q2
#endif
}

/* The 4-byte texels at byte offsets off and off + 4 of 8 lanes: pair_loads8's pairs split into
 * first and second texels. */
static inline void pairs8(const int *mem, __m256i off, __m256i *first, __m256i *second)
{
    __m256d lo4, hi4;
    pair_loads8(mem, off, &lo4, &hi4);
    __m256 l4 = _mm256_castpd_ps(lo4), h4 = _mm256_castpd_ps(hi4);
    /* lanes 0 1 4 5 | 2 3 6 7 after the shuffles; the 64-bit permutes put them in order */
    __m256 x = _mm256_shuffle_ps(l4, h4, _MM_SHUFFLE(2, 0, 2, 0));
    __m256 y = _mm256_shuffle_ps(l4, h4, _MM_SHUFFLE(3, 1, 3, 1));
    *first = _mm256_permute4x64_epi64(_mm256_castps_si256(x), _MM_SHUFFLE(3, 1, 2, 0));
    *second = _mm256_permute4x64_epi64(_mm256_castps_si256(y), _MM_SHUFFLE(3, 1, 2, 0));
}

#endif
