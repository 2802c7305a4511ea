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
 * The AVX2 level's kernel at the AVX-512 level too (table.c). At the AVX2 level, bilinear plans
 * on 2D surfaces with CLAMP and WRAP axes take a 16-lane kernel first (bil16_r16, below; named
 * at plan time by vsmp_flat_r16_avx2_pick), which sends the messages it leaves to this family.
 * Tested against the reference in tests/test_fastpath_r16.c.
 */
#include "stages_avx2.h"
#include "chan1_avx2.h"
#include "flat_frame_avx2.h"
#include "point16_avx2.h"
#include "bil16_avx2.h"
#include "flat_r16_avx2.h"

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

/* ---- bilinear, 16 lanes a message ----
 *
 * A bilinear SIMD16 message with every lane on, CLAMP or WRAP axes, whose taps bil16_grid finds
 * in a shape: each of the four taps' 16 texels read by one 32-byte load (a run) or a 16-byte load
 * of each of its two rows (rows of 8; quads, whose 2-texel pairs are then interleaved in lane
 * order), the second taps of a row the same loads 2 bytes on; each half's 8 values converted
 * together (r16_dec) and filtered as chan1_bilinear's (the constant channels filter to
 * themselves), NaN results (float16) rewritten as flat8_nan's. */

/* The 16 2-byte texels of a shape in lane order: the run's 32 bytes from o0, or the 8 texels of
 * each row (from o0 and o1), the rows of 8 one after the other, the quads' 2-texel pairs
 * interleaved (lanes 0-7: top 0-1, bottom 0-1, top 2-3, bottom 2-3; lanes 8-15 the same of
 * texels 4-7). */
static inline __m256i r16x16(const uint8_t *mem, int shape, uint32_t o0, uint32_t o1)
{
    if (shape == SHAPE16_RUN)
        return _mm256_loadu_si256((const __m256i *)(mem + o0));
    __m128i top = _mm_loadu_si128((const __m128i *)(mem + o0));
    __m128i bot = _mm_loadu_si128((const __m128i *)(mem + o1));
    if (shape == SHAPE16_ROWS)
        return _mm256_set_m128i(bot, top);
    return _mm256_set_m128i(_mm_unpackhi_epi32(top, bot), _mm_unpacklo_epi32(top, bot));
}

/* Lanes 0-7 (h = 0) or 8-15 of r16x16's texels as the channel's floats. */
static inline __m256 r16x16_half(bool f16, __m256i t, const int h)
{
    return r16_dec(f16, h ? _mm256_extracti128_si256(t, 1) : _mm256_castsi256_si128(t));
}

/* Channel c (0: R16, R16_FLOAT; 3: A16) the texels', the others the plan's constants. @return
 * false, having stored nothing, when the 8-lane kernel must take the message. */
static inline bool bil16_r16(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                             const unsigned mu, const unsigned mv, const bool f16, const int c)
{
    bil16 b;
    if (!bil16_grid(p, m, mu, mv, &b))
        return false;
    const vsmp_level_view *l = &p->lv[p->base];
    const uint8_t *mem = p->s->mem;
    uint32_t oa = l->off + b.y0 * l->pitch + 2 * b.x0, oa1 = oa + l->pitch;
    uint32_t ob = l->off + b.yb0 * l->pitch + 2 * b.x0, ob1 = l->off + b.yb1 * l->pitch + 2 * b.x0;
    __m256i ta = r16x16(mem, b.shape, oa, oa1), tb = r16x16(mem, b.shape, oa + 2, oa1 + 2);
    __m256i tc = r16x16(mem, b.shape, ob, ob1), td = r16x16(mem, b.shape, ob + 2, ob1 + 2);
    const __m256 qnan = _mm256_castsi256_ps(_mm256_set1_epi32((int)VSMP_NAN_BITS));
    __m256 o[2];
    for (int h = 0; h < 2; h++) {
        __m256 a = r16x16_half(f16, ta, h), bb = r16x16_half(f16, tb, h);
        __m256 cc = r16x16_half(f16, tc, h), d = r16x16_half(f16, td, h);
        const grid8 *g = &b.g[h];
        o[h] = lerp8(lerp8(a, bb, g->wx), lerp8(cc, d, g->wx), g->wy);
        if (f16) /* (the constant channels are never NaN) */
            o[h] = _mm256_blendv_ps(o[h], qnan, _mm256_cmp_ps(o[h], o[h], _CMP_UNORD_Q));
    }
    for (int k = 0; k < 4; k++) {
        __m256 v0 = _mm256_set1_ps(p->konst[k]), v1 = v0;
        if (k == c)
            v0 = o[0], v1 = o[1];
        _mm256_storeu_ps((float *)r->c[k], v0), _mm256_storeu_ps((float *)r->c[k] + 8, v1);
    }
    return true;
}

/* Each kernel compiled whole for its pair of modes and decoder, starting on a 64-byte boundary
 * (as sample_avx2_r8.c's); a message it leaves runs the family's member of the same modes, out
 * of line (R16X16_APART): inlined, that member's body (the whole 8-lane kernel) set the 16-lane
 * path's frame (a 2.3 KiB stack frame, realigned, and spills on every message). */
#if defined(__GNUC__)
#define R16X16_FN    __attribute__((flatten, aligned(64)))
#define R16X16_APART __attribute__((noinline))
#else
#define R16X16_FN
#define R16X16_APART
#endif
/* the family's member of each pair of modes, out of line */
#define R16X16_REST(md)                                                                            \
    R16X16_APART static void r16_rest_##md(const vsmp_plan *p, const vsmp_message *m,              \
                                           vsmp_result *r)                                         \
    {                                                                                              \
        flat_r16_l##md(p, m, r);                                                                   \
    }
R16X16_REST(cc)
R16X16_REST(cw)
R16X16_REST(wc)
R16X16_REST(ww)

#define R16X16(name, md, mu, mv, f16, c)                                                           \
    R16X16_FN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)          \
    {                                                                                              \
        if (!full16(m) || !bil16_r16(p, m, r, mu, mv, f16, c))                                     \
            r16_rest_##md(p, m, r);                                                                \
    }
/* each pair of modes' kernels: UNORM16 and float16, channel 0 and 3 (_a) */
#define R16X16_MODES(md, mu, mv)                                                                   \
    R16X16(r16x16_##md, md, mu, mv, false, 0)                                                      \
    R16X16(h16x16_##md, md, mu, mv, true, 0)                                                       \
    R16X16(r16x16_##md##_a, md, mu, mv, false, 3)                                                  \
    R16X16(h16x16_##md##_a, md, mu, mv, true, 3)
R16X16_MODES(cc, MC, MC)
R16X16_MODES(cw, MC, MW)
R16X16_MODES(wc, MW, MC)
R16X16_MODES(ww, MW, MW)

/* The kernels by channel (0, 3), decoder (UNORM16, float16) and mode_index of u and v (CLAMP,
 * WRAP). */
static const vsmp_kernel r16x16_k[2][2][2][2] = {
    {{{r16x16_cc, r16x16_cw}, {r16x16_wc, r16x16_ww}},
     {{h16x16_cc, h16x16_cw}, {h16x16_wc, h16x16_ww}}},
    {{{r16x16_cc_a, r16x16_cw_a}, {r16x16_wc_a, r16x16_ww_a}},
     {{h16x16_cc_a, h16x16_cw_a}, {h16x16_wc_a, h16x16_ww_a}}}};

vsmp_kernel vsmp_flat_r16_avx2_pick(const vsmp_plan *p, vsmp_kernel k)
{
    unsigned i = flat_kind(p);
    if (k != vsmp_sample_flat_r16_avx2 || p->s->d.array || i < 9)
        return k;
    unsigned mu = mode_index(p->st.address[0]), mv = mode_index(p->st.address[1]);
    int c = chan16(p);
    if (mu > 1 || mv > 1 || (c != 0 && c != 3))
        return k;
    return r16x16_k[c == 3][p->ch_dec[c] == CD_F16][mu][mv];
}
