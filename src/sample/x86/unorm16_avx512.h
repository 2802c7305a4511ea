/* SPDX-License-Identifier: MIT */
/* 8-bit UNORM channels to float on 16 lanes, the one home of the AVX-512 kernels' conversion
 * (sample_avx512_flat.c's flat and ld kernels, stage16_avx512.h's mip and anisotropic filters). */
#ifndef VSMP_UNORM16_AVX512_H
#define VSMP_UNORM16_AVX512_H

#include <immintrin.h>

#include "../sample_internal.h"

/* unorm8 of stages_avx2.h (b / 255.0f correctly rounded) on 16 lanes, from z = b * 0x010101 in
 * two operations: z converted (exactly), times c = 2^-24 (1 + 2^-23) rounding down. For b > 0,
 * with t = z 2^-24 (a float) in [2^e, 2^(e+1)) and u its unit in the last place 2^(e-23): b / 255
 * = t / (1 - 2^-24) = t + t / (2^24 - 1) lies in (t + u / 2, t + u], so it rounds to t + u; z c
 * = t + t 2^-23 lies in [t + u, t + 2u), so rounding it down gives t + u as well (the next float
 * after t + u is at least t + 2u, binade crossed or not); b = 0 gives 0. The words of unorm8's
 * z 2^-24 + z 2^-48, one operation fewer (tests/test_fastpath.c's every_byte: all 256). */
static inline __m512 unorm8_16(__m512i z)
{
    return _mm512_mul_round_ps(_mm512_cvtepi32_ps(z), _mm512_set1_ps(0x1.000002p-24f),
                               _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
}

/* Channel c of 16 texels in one register (unpack_u8x4's order): its byte tripled by the plan's
 * shuffle, then unorm8_16. */
static inline __m512 chan16_px(const vsmp_plan *p, int c, __m512i px)
{
    __m512i shuf = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p->u8shuf[c]));
    return unorm8_16(_mm512_shuffle_epi8(px, shuf));
}

#endif
