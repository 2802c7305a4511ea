/* SPDX-License-Identifier: MIT */
/*
 * AVX2 block-compressed texels (compiled with sample_avx2.c's flags): BC1 texels of 8 lanes
 * decoded straight from their blocks, with the operations of the reference's bc1_palette
 * (src/format/format.c) in the same order, so the same floats: endpoints k / 31 and k / 63,
 * the third and fourth colours (2 p0 + p1) / 3 and (p0 + 2 p1) / 3, or (p0 + p1) / 2 and
 * transparent black in 3-colour mode. Only the entry each lane's index selects is computed.
 */
#include <immintrin.h>

#include "sample_avx2_bc.h"

/* One channel of 8 texels: the endpoint fields (bits @p shift, @p mask) of c0 and c1, divided
 * by their maximum, then the colour each index selects. */
static inline __m256 bc1_channel(__m256i c0, __m256i c1, int shift, int mask, __m256 idx2,
                                 __m256 idx3, __m256 sel1, __m256 four, __m256 black)
{
    __m256i m = _mm256_set1_epi32(mask);
    __m256 den = _mm256_set1_ps((float)mask);
    __m256 p0 =
        _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(c0, shift), m)), den);
    __m256 p1 =
        _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(c1, shift), m)), den);
    /* index 3: (p0 + 2 p1) / 3 is 2 a + b with a = p1, b = p0 (a sum is commutative) */
    __m256 a = _mm256_blendv_ps(p0, p1, idx3), b = _mm256_blendv_ps(p1, p0, idx3);
    __m256 num4 = _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(2.0f), a), b);
    __m256 num3 = _mm256_add_ps(p0, p1);
    __m256 mid = _mm256_div_ps(_mm256_blendv_ps(num3, num4, four),
                               _mm256_blendv_ps(_mm256_set1_ps(2.0f), _mm256_set1_ps(3.0f), four));
    __m256 r = _mm256_blendv_ps(p0, p1, sel1);
    r = _mm256_blendv_ps(r, mid, _mm256_or_ps(idx2, idx3));
    return _mm256_andnot_ps(black, r);
}

void vsmp_bc1_fetch8_avx2(const uint8_t *mem, __m256i base, __m256i pitch, __m256i x, __m256i y,
                          __m256 out[4])
{
    /* the block: rows of blocks pitch bytes apart, 8 bytes each */
    __m256i off =
        _mm256_add_epi32(base, _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srli_epi32(y, 2), pitch),
                                                _mm256_slli_epi32(_mm256_srli_epi32(x, 2), 3)));
    __m256i ends = _mm256_i32gather_epi32((const int *)mem, off, 1);
    __m256i bits = _mm256_i32gather_epi32((const int *)(mem + 4), off, 1);
    /* texel 4 (y & 3) + (x & 3): its 2-bit index */
    __m256i three = _mm256_set1_epi32(3);
    __m256i i = _mm256_add_epi32(_mm256_slli_epi32(_mm256_and_si256(y, three), 2),
                                 _mm256_and_si256(x, three));
    __m256i idx = _mm256_and_si256(_mm256_srlv_epi32(bits, _mm256_add_epi32(i, i)), three);
    __m256i c0 = _mm256_and_si256(ends, _mm256_set1_epi32(0xffff));
    __m256i c1 = _mm256_srli_epi32(ends, 16);
    __m256 four = _mm256_castsi256_ps(_mm256_cmpgt_epi32(c0, c1));
    __m256 sel1 = _mm256_castsi256_ps(_mm256_cmpeq_epi32(idx, _mm256_set1_epi32(1)));
    __m256 idx2 = _mm256_castsi256_ps(_mm256_cmpeq_epi32(idx, _mm256_set1_epi32(2)));
    __m256 idx3 = _mm256_castsi256_ps(_mm256_cmpeq_epi32(idx, three));
    __m256 black = _mm256_andnot_ps(four, idx3); /* 3-colour mode, index 3 */
    out[0] = bc1_channel(c0, c1, 11, 31, idx2, idx3, sel1, four, black);
    out[1] = bc1_channel(c0, c1, 5, 63, idx2, idx3, sel1, four, black);
    out[2] = bc1_channel(c0, c1, 0, 31, idx2, idx3, sel1, four, black);
    out[3] = _mm256_andnot_ps(black, _mm256_set1_ps(1.0f));
}
