/* SPDX-License-Identifier: MIT */
/*
 * The AVX2 flat kernel of four float channels in their memory order (R32G32B32A32_FLOAT,
 * R16G16B16A16_FLOAT) on 2D surfaces and arrays, without mips (point, bilinear): grid8_flat's
 * index arithmetic (the same texels and weights as the reference), then each tap of two lanes
 * read whole into one register, lane i's four channels in its low half and lane i + 4's in its
 * high half (a 128-bit load of each float32 texel; a 64-bit load of each float16 texel, the
 * eight halves converted by one vcvtph2ps). The taps are filtered in that layout, the four
 * channels of two lanes by each instruction, with the reference's operations in its order (the
 * weights broadcast to their lanes' halves), and the four results of a group transposed into
 * channels once (two 4x4 transposes). The general kernel read each channel of each tap by 32-bit
 * loads, 16 a bilinear lane, and filtered the channels one by one. The float16 or float32 choice
 * is data read once a message (one family of 18 kernels for both). Results may be NaN: they are
 * rewritten as the reference returns them. The AVX2 level's kernel at the AVX-512 level too
 * (table.c).
 */
#include "stages_avx2.h"
#include "flat_f4.h"
#include "flat_frame_avx2.h"

/* Lane i's texel at byte offset oi in the low half, lane j's at oj in the high half: four
 * float32 words each, or four float16 values each converted (h). */
static inline __m256 f4_two(const uint8_t *mem, uint32_t oi, uint32_t oj, const bool h)
{
    if (h) {
        __m128d q = _mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(mem + oi))),
                                 (const double *)(mem + oj));
        return _mm256_cvtph_ps(_mm_castpd_si128(q));
    }
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps((const float *)(mem + oi))),
                                _mm_loadu_ps((const float *)(mem + oj)), 1);
}

/* The byte offsets of texels (x, y) of 8 or 16 bytes (h: 8) in the view, stored to o. */
static inline void f4_offsets(const view8 *v, __m256i x, __m256i y, const bool h, uint32_t o[8])
{
    __m256i r =
        _mm256_add_epi32(_mm256_add_epi32(v->off, v->slice), _mm256_mullo_epi32(y, v->pitch));
    _mm256_storeu_si256((__m256i *)o, _mm256_add_epi32(r, _mm256_slli_epi32(x, h ? 3 : 4)));
}

/* The border colour in the halves of the lanes (k, k + 4) of @p off whose tap is off the level
 * (off: a mask per lane). */
static inline __m256 f4_border(__m256 t, __m256 colour, __m256i off, __m256i pick)
{
    return _mm256_blendv_ps(t, colour, _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(off, pick)));
}

static inline bool f4_group(const vsmp_plan *p, const view8 *lv, __m256 x, __m256 y, bool linear,
                            unsigned mu, unsigned mv, const bool h, __m256 out[4])
{
    grid8 g;
    if (!grid8_flat(lv, x, y, linear, mu, mv, &g))
        return false;
    const uint8_t *mem = p->s->mem;
    __m256 colour = _mm256_setr_ps(p->border[0], p->border[1], p->border[2], p->border[3],
                                   p->border[0], p->border[1], p->border[2], p->border[3]);
    __m256i o00 = _mm256_or_si256(g.oxa, g.oya), o10 = _mm256_or_si256(g.oxb, g.oya);
    __m256i o01 = _mm256_or_si256(g.oxa, g.oyb), o11 = _mm256_or_si256(g.oxb, g.oyb);
    __m256i any = _mm256_or_si256(_mm256_or_si256(o00, o10), _mm256_or_si256(o01, o11));
    bool border = g.border && !_mm256_testz_si256(any, any);
    uint32_t a[8], b[8], c[8], d[8];
    f4_offsets(lv, g.xa, g.ya, h, a);
    if (linear) {
        f4_offsets(lv, g.xb, g.ya, h, b);
        f4_offsets(lv, g.xa, g.yb, h, c);
        f4_offsets(lv, g.xb, g.yb, h, d);
    }
    __m256 t[4];
    for (int k = 0; k < 4; k++) {
        __m256i pick = _mm256_setr_epi32(k, k, k, k, k + 4, k + 4, k + 4, k + 4);
        __m256 ta = f4_two(mem, a[k], a[k + 4], h);
        if (border)
            ta = f4_border(ta, colour, o00, pick);
        if (!linear) {
            t[k] = ta;
            continue;
        }
        __m256 tb = f4_two(mem, b[k], b[k + 4], h);
        __m256 tc = f4_two(mem, c[k], c[k + 4], h);
        __m256 td = f4_two(mem, d[k], d[k + 4], h);
        if (border) {
            tb = f4_border(tb, colour, o10, pick);
            tc = f4_border(tc, colour, o01, pick);
            td = f4_border(td, colour, o11, pick);
        }
        __m256 wx = _mm256_permutevar8x32_ps(g.wx, pick), wy = _mm256_permutevar8x32_ps(g.wy, pick);
        t[k] = lerp8(lerp8(ta, tb, wx), lerp8(tc, td, wx), wy);
    }
    /* t[k] = lane k's channels | lane k + 4's: two 4x4 transposes give the channels */
    __m256 lo01 = _mm256_unpacklo_ps(t[0], t[1]), hi01 = _mm256_unpackhi_ps(t[0], t[1]);
    __m256 lo23 = _mm256_unpacklo_ps(t[2], t[3]), hi23 = _mm256_unpackhi_ps(t[2], t[3]);
    out[0] = _mm256_castpd_ps(_mm256_unpacklo_pd(_mm256_castps_pd(lo01), _mm256_castps_pd(lo23)));
    out[1] = _mm256_castpd_ps(_mm256_unpackhi_pd(_mm256_castps_pd(lo01), _mm256_castps_pd(lo23)));
    out[2] = _mm256_castpd_ps(_mm256_unpacklo_pd(_mm256_castps_pd(hi01), _mm256_castps_pd(hi23)));
    out[3] = _mm256_castpd_ps(_mm256_unpackhi_pd(_mm256_castps_pd(hi01), _mm256_castps_pd(hi23)));
    return true;
}

static inline void flat_f4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                           const bool linear, const unsigned mu, const unsigned mv, const bool full)
{
    bool h = p->texel_kind == TX_F16;
#define F4_FETCH(v, x, y, t, q) f4_group(p, v, x, y, linear, mu, mv, h, (t)->o)
    FLAT8_FRAME(p, m, r, linear, full, true, out8, F4_FETCH, OUT8_TAKE);
#undef F4_FETCH
}

FLAT_FAMILY(vsmp_sample_flat_f4_avx2, flat_f4)
