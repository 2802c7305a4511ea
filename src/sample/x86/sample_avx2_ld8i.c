/* SPDX-License-Identifier: MIT */
/*
 * ld of four 8-bit UINT or SINT channels filling a 4-byte texel (R8G8B8A8_UINT, R8G8B8A8_SINT,
 * ...) on 2D surfaces at the AVX2 level, 16 lanes a message (ld16_avx2.h's declaration): a SIMD16
 * message with every lane on at level 0 (ld_lz, or every LOD 0) whose coordinates are a shape16
 * shape inside the level is read by ld16_u8x4 (two 32-byte loads), and each channel's word made
 * by one byte shuffle a half: the channel's byte into the dword's top byte, shifted down
 * logically (UINT: zero-extended) or arithmetically (SINT: sign-extended), the words the
 * reference's decoder gives (vsmp_format_unpack's integer channels). Every other message
 * (partial, SIMD32, another level, off the level, no such shape) and a resident surface's run the
 * generic ld, vsmp_ld_2d_avx2, before anything is stored. The AVX-512 level has its own kernel
 * (sample_avx512_flat.c's ld_int8x4). Tested against the reference in tests/test_fastpath_ld16.c.
 */
#include "stages_avx2.h"
#include "point16_avx2.h"
#include "ld16_avx2.h"

/* The message's words when ld16_u8x4 reads it: @return false (nothing stored) otherwise. */
static inline bool ld_int8x4_16(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    __m256i px[2];
    if (!ld16_u8x4(p, m, px))
        return false;
    /* each 16-byte lane's four texels: the channel's byte of texel j at 4 j + ch_pos, into
     * byte 3 of dword j (the shuffle's index bit 7 zeroes bytes 0-2) */
    const __m256i at = _mm256_setr_epi32(0, 4, 8, 12, 0, 4, 8, 12);
    for (int c = 0; c < 4; c++) {
        __m256i b = _mm256_add_epi32(at, _mm256_set1_epi32(p->ch_pos[c]));
        b = _mm256_or_si256(_mm256_slli_epi32(b, 24), _mm256_set1_epi32(0x808080));
        __m256i w0 = _mm256_shuffle_epi8(px[0], b), w1 = _mm256_shuffle_epi8(px[1], b);
        if (p->ch_dec[c] == CD_SINT)
            w0 = _mm256_srai_epi32(w0, 24), w1 = _mm256_srai_epi32(w1, 24);
        else
            w0 = _mm256_srli_epi32(w0, 24), w1 = _mm256_srli_epi32(w1, 24);
        _mm256_storeu_si256((__m256i *)r->c[c], w0);
        _mm256_storeu_si256((__m256i *)(r->c[c] + 8), w1);
    }
    return true;
}

void vsmp_ld_int8x4_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    if (p->s->resident || !full16(m) || !ld_lz16(p, m) || !ld_int8x4_16(p, m, r))
        vsmp_ld_2d_avx2(p, m, r);
}
