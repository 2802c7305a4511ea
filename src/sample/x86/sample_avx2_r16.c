/* SPDX-License-Identifier: MIT */
/*
 * The AVX2 flat kernel of one 16-bit channel in a 2-byte texel (R16_UNORM, R16_FLOAT,
 * A16_UNORM...) on 2D surfaces and arrays, without mips (point, bilinear): grid8_flat's index
 * arithmetic (the same texels and weights as the reference), with loads as wide as a message's
 * texels allow. 8 lanes reading 8 consecutive texels (lanes along a row) take one 128-bit load,
 * two 2x2 quads side by side (a rasterizer's lanes) a 64-bit load of each of their rows, a
 * bilinear row's two taps of a lane one 32-bit word otherwise; the 8 values are converted
 * together (float16 by one vcvtph2ps, UNORM16 by a multiply-add: unorm16_fma). Only the real
 * channel is filtered, the constant ones only when a border colour is read. The decoder (UNORM16 or
 * float16) is data, read once a message, not a specialization: one family of 18 kernels serves
 * both. float16 results may be NaN: they are rewritten as the reference returns them.
 * The AVX2 level's kernel at the AVX-512 level too (table.c).
 */
#include "stages_avx2.h"
#include "chan1_avx2.h"
#include "flat_frame_avx2.h"

/* The low 16 bits of 8 32-bit lanes as 8 16-bit values (each below 2^16: no saturation). */
static inline __m128i r16_pack(__m256i w)
{
    return _mm_packus_epi32(_mm256_castsi256_si128(w), _mm256_extracti128_si256(w, 1));
}

/* The 2-byte texels at byte offsets off of 8 lanes, as 8 16-bit values: a run by one 128-bit
 * load, two quads by a 64-bit load of each row, else the 32-bit word ending with each (from
 * byte 0 for the surface's first texel; the surface has at least 4 bytes), shifted down. */
static inline __m128i r16_texels(const uint8_t *mem, uint32_t size, __m256i off)
{
    uint32_t o0, o1;
    switch (chan1_shape(off, size, 2, 16, 8, &o0, &o1)) {
    case CHAN1_RUN:
        return _mm_loadu_si128((const __m128i *)(mem + o0));
    case CHAN1_QUADS:
        /* a0 a1 b0 b1 a2 a3 b2 b3: the lanes' order */
        return _mm_unpacklo_epi32(_mm_loadl_epi64((const __m128i *)(mem + o0)),
                                  _mm_loadl_epi64((const __m128i *)(mem + o1)));
    }
    __m256i a =
        _mm256_max_epi32(_mm256_sub_epi32(off, _mm256_set1_epi32(2)), _mm256_setzero_si256());
    __m256i w = loads8((const int *)mem, a);
    w = _mm256_srlv_epi32(w, _mm256_slli_epi32(_mm256_sub_epi32(off, a), 3));
    return r16_pack(_mm256_and_si256(w, _mm256_set1_epi32(0xffff)));
}

/* The texels at off and off + 2 of 8 lanes (a bilinear row's taps when they are neighbours,
 * off + 2 inside the level): a run by two 128-bit loads, two quads by a 128-bit load of each row
 * (10 bytes of each used), else the 32-bit word at off of each lane, which holds both. */
static inline void r16_pairs(const uint8_t *mem, uint32_t size, __m256i off, __m128i *a, __m128i *b)
{
    uint32_t o0, o1;
    switch (chan1_shape(off, size, 2, 18, 16, &o0, &o1)) {
    case CHAN1_RUN:
        *a = _mm_loadu_si128((const __m128i *)(mem + o0));
        *b = _mm_loadu_si128((const __m128i *)(mem + o0 + 2));
        return;
    case CHAN1_QUADS: {
        __m128i qa = _mm_loadu_si128((const __m128i *)(mem + o0));
        __m128i qb = _mm_loadu_si128((const __m128i *)(mem + o1));
        *a = _mm_unpacklo_epi32(qa, qb);
        *b = _mm_unpacklo_epi32(_mm_srli_si128(qa, 2), _mm_srli_si128(qb, 2));
        return;
    }
    }
    __m256i w = loads8((const int *)mem, off);
    *a = r16_pack(_mm256_and_si256(w, _mm256_set1_epi32(0xffff)));
    *b = r16_pack(_mm256_srli_epi32(w, 16));
}

/* v / 65535.0f of 8 16-bit values v, correctly rounded as the reference's division, in float:
 * 1 / 65535 = 2^-16 (1 + 2^-16 + 2^-32 + ...), so v / 65535 = v (2^-16 + 2^-32) + v (2^-48 +
 * 2^-64) + e with 0 <= e < v 2^-79. The fused multiply-add takes the first product exactly (v
 * 65537 2^-32) and adds the second rounded to float (off by under v 2^-72), then rounds once: the
 * sum it rounds is within v 2^-71, about 2^-55 relative, of the quotient. As unorm16's comment
 * argues, the quotient's bits repeat v's 16 bits, so it lies no closer than about 2^-53 relative
 * to a rounding midpoint (v = 0 and 65535 aside, whose quotients 0 and 1 the sum gives exactly):
 * both round alike. fastpath's every_u16 case compares all 65536 values with the reference. */
static inline __m256 unorm16_fma(__m256i v)
{
    __m256 f = _mm256_cvtepi32_ps(v);
    return _mm256_fmadd_ps(f, _mm256_set1_ps(0x1.0001p-16f),
                           _mm256_mul_ps(f, _mm256_set1_ps(0x1.0001p-48f)));
}

/* 8 16-bit values as the channel's floats: float16 (f16: exact, a NaN stays a NaN) or UNORM16
 * (v / 65535.0f, unorm16_fma). */
static inline __m256 r16_dec(bool f16, __m128i v)
{
    return f16 ? _mm256_cvtph_ps(v) : unorm16_fma(_mm256_cvtepu16_epi32(v));
}

static inline bool r16_group(const vsmp_plan *p, const view8 *lv, __m256 x, __m256 y, bool linear,
                             unsigned mu, unsigned mv, int c, bool f16, __m256 out[4])
{
    grid8 g;
    if (!grid8_flat(lv, x, y, linear, mu, mv, &g))
        return false;
    const uint8_t *mem = p->s->mem;
    uint32_t size = (uint32_t)p->s->d.data_size;
    if (!linear) {
        __m256 v = r16_dec(f16, r16_texels(mem, size, chan1_off(lv, g.xa, g.ya, 2)));
        chan1_texel(p, c, v, g.border, _mm256_or_si256(g.oxa, g.oya), out);
        return true;
    }
    __m256i oa = chan1_off(lv, g.xa, g.ya, 2), ob = chan1_off(lv, g.xa, g.yb, 2);
    __m128i ha, hb, hc, hd;
    if (grid8_pairs(&g)) {
        r16_pairs(mem, size, oa, &ha, &hb);
        r16_pairs(mem, size, ob, &hc, &hd);
    } else {
        __m256i dx = _mm256_slli_epi32(_mm256_sub_epi32(g.xb, g.xa), 1);
        ha = r16_texels(mem, size, oa), hb = r16_texels(mem, size, _mm256_add_epi32(oa, dx));
        hc = r16_texels(mem, size, ob), hd = r16_texels(mem, size, _mm256_add_epi32(ob, dx));
    }
    __m256 a = r16_dec(f16, ha), b = r16_dec(f16, hb);
    __m256 cc = r16_dec(f16, hc), d = r16_dec(f16, hd);
    chan1_bilinear(p, &g, c, a, b, cc, d, out);
    return true;
}

static inline void flat_r16(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                            const bool linear, const unsigned mu, const unsigned mv,
                            const bool full)
{
    int c = chan16(p);
    bool f16 = p->ch_dec[c] == CD_F16;
#define R16_FETCH(v, x, y, t, q) r16_group(p, v, x, y, linear, mu, mv, c, f16, (t)->o)
    FLAT8_FRAME(p, m, r, linear, full, f16, out8, R16_FETCH, OUT8_TAKE);
#undef R16_FETCH
}

FLAT_FAMILY(vsmp_sample_flat_r16_avx2, flat_r16)
