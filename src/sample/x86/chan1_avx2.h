/* SPDX-License-Identifier: MIT */
/*
 * What the flat kernels of one real channel in a small texel (sample_avx2_u8.c's one-byte
 * R8/A8/R8_SNORM, sample_avx2_r16.c's two-byte R16/R16_FLOAT/A16) share: texel offsets, the
 * shapes of 8 lanes' offsets that wide loads can read, and the four channels of a point or
 * bilinear result (the real channel filtered, the constant ones only where a border colour is
 * read). Included after stages_avx2.h.
 */
#ifndef VSMP_CHAN1_AVX2_H
#define VSMP_CHAN1_AVX2_H

/* The byte offsets of texels (x, y) of 1 or 2 bytes in the view (its layer's slice included). */
static inline __m256i chan1_off(const view8 *v, __m256i x, __m256i y, const unsigned bytes)
{
    __m256i o =
        _mm256_add_epi32(_mm256_add_epi32(v->off, v->slice), _mm256_mullo_epi32(y, v->pitch));
    return _mm256_add_epi32(o, bytes == 2 ? _mm256_add_epi32(x, x) : x);
}

/* The shapes of 8 lanes' byte offsets of texels of @p bytes read with wide loads: a run (o0, o0
 * + bytes, ... o0 + 7 bytes: lanes along a row, OpenCL's kernels over the x axis) when @p nrun
 * bytes from o0 lie inside the surface, or two 2x2 quads side by side (o0 + 0, 1, P, P + 1, 2, 3,
 * P + 2, P + 3 texels for a row pitch P > 0: a rasterizer's lanes) when @p nquad bytes from o0
 * and from o1 = o0 + P do. */
enum { CHAN1_ANY, CHAN1_RUN, CHAN1_QUADS };

static inline int chan1_shape(__m256i off, uint32_t size, const unsigned bytes, uint32_t nrun,
                              uint32_t nquad, uint32_t *o0, uint32_t *o1)
{
    __m256i b = _mm256_broadcastd_epi32(_mm256_castsi256_si128(off));
    __m256i d = _mm256_sub_epi32(off, b);
    __m256i step = _mm256_set1_epi32((int)bytes);
    *o0 = (uint32_t)_mm256_cvtsi256_si32(off);
    __m256i run =
        _mm256_cmpeq_epi32(d, _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), step));
    if (size >= nrun && *o0 <= size - nrun && _mm256_movemask_ps(_mm256_castsi256_ps(run)) == 0xff)
        return CHAN1_RUN;
    if (size < nquad || *o0 > size - nquad)
        return CHAN1_ANY;
    int pitch = _mm_extract_epi32(_mm256_castsi256_si128(d), 2);
    __m256i q = _mm256_add_epi32(
        _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 0, 1, 2, 3, 2, 3), step),
        _mm256_and_si256(_mm256_set1_epi32(pitch), _mm256_setr_epi32(0, 0, -1, -1, 0, 0, -1, -1)));
    *o1 = *o0 + (uint32_t)pitch;
    if (_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(d, q))) == 0xff && pitch > 0 &&
        *o1 <= size - nquad)
        return CHAN1_QUADS;
    return CHAN1_ANY;
}

/* The four channels of 8 lanes: channel c's values v, the constants elsewhere, and the border
 * colour where off is set (when border). */
static inline void chan1_texel(const vsmp_plan *p, int c, __m256 v, bool border, __m256i off,
                               __m256 t[4])
{
    for (int k = 0; k < 4; k++)
        t[k] = _mm256_set1_ps(p->konst[k]);
    t[c] = v;
    if (border)
        border8(p, off, t);
}

/* The bilinear result of channel c's values at the grid's four taps (a, b on the first row, cc,
 * d on the second), the border colour's channels in place of a tap outside. */
static inline void chan1_bilinear(const vsmp_plan *p, const grid8 *g, int c, __m256 a, __m256 b,
                                  __m256 cc, __m256 d, __m256 out[4])
{
    __m256i o00 = _mm256_or_si256(g->oxa, g->oya), o10 = _mm256_or_si256(g->oxb, g->oya);
    __m256i o01 = _mm256_or_si256(g->oxa, g->oyb), o11 = _mm256_or_si256(g->oxb, g->oyb);
    __m256i any = _mm256_or_si256(_mm256_or_si256(o00, o10), _mm256_or_si256(o01, o11));
    if (!g->border || _mm256_testz_si256(any, any)) {
        /* the constant channels filter to themselves (finite weights in [0, 1]) */
        for (int k = 0; k < 4; k++)
            out[k] = _mm256_set1_ps(p->konst[k]);
        out[c] = lerp8(lerp8(a, b, g->wx), lerp8(cc, d, g->wx), g->wy);
        return;
    }
    __m256 ta[4], tb[4], tc[4], td[4];
    chan1_texel(p, c, a, true, o00, ta), chan1_texel(p, c, b, true, o10, tb);
    chan1_texel(p, c, cc, true, o01, tc), chan1_texel(p, c, d, true, o11, td);
    for (int k = 0; k < 4; k++)
        out[k] = lerp8(lerp8(ta[k], tb[k], g->wx), lerp8(tc[k], td[k], g->wx), g->wy);
}

#endif
