/* SPDX-License-Identifier: MIT */
/*
 * AVX2 kernels for 8-bit texels of 4 bytes whose channels are not all UNORM bytes (sRGB, SNORM,
 * X channels: the plan's tables, vsmp_plan.lut) on 2D surfaces and arrays: sample without a LOD
 * stage (flat) and with one (mip), on sample_avx2_u8.c's model: the same short index arithmetic
 * and texel loads (fetch8_u8x4: a 64-bit load per lane for a bilinear row's two texels), every
 * group's loads issued before any is unpacked. A channel read through a table is looked up by a
 * gather (on the Zen 4 measured, faster than the scalar loads of the general kernel's unpack8:
 * bench/results/srgb3d-zen4.txt), or by scalar loads where scalar_avx2_lut8.c compiles this file
 * again for the cores with slow gathers (LUT_GATHERS; on a Zen 3, bench/results/gather-zen3.txt).
 * Results are the reference's words (tests/test_fastpath.c).
 */
#include "stages_avx2.h"

#include "flat_frame_avx2.h"

/* ---- without mips (point, bilinear): flat_u8x4 of sample_avx2_u8.c, the same plans' shapes
 * (the tables' values are finite and never -0: no NaN rewrite, and a linear mip filter's blend
 * of a level with itself changes nothing) ---- */

/* A bilinear group of 8 lanes that are two 2x2 quads side by side one texel a pixel apart (a
 * rasterizer's lanes at 1:1: lane l's first tap at texel (2 (l / 4) + (l & 1), (l >> 1) & 1) of
 * the group's first, and its second column and row the next ones) reads 15 texels for its 32
 * taps: rows 0 and 1, texels 0-3 of each, in quad.t[0]; row 2, texels 0-3, then texel 4 of rows 0,
 * 1, 2 in quad.t[1]. Each is decoded once (6 table gathers instead of 12) and the taps are
 * permuted from them; the texels, weights and filter are fetch8_u8x4's and filter8_x4's. */
#define QUAD_SLOTS(a, b, c, d, e, f, g, h) _mm256_setr_epi32(a, b, c, d, e, f, g, h)

/* @return whether the group's byte offsets of the first taps of its rows (oa, ob; each lane's
 * second tap the next texel) have that shape, with the row pitch in @p pitch. */
static inline bool quads_unit(__m256i oa, __m256i ob, uint32_t *pitch)
{
    __m256i b = _mm256_broadcastd_epi32(_mm256_castsi256_si128(oa));
    __m256i d = _mm256_sub_epi32(oa, b);
    int pp = _mm_extract_epi32(_mm256_castsi256_si128(d), 2);
    __m256i pv = _mm256_set1_epi32(pp);
    __m256i want = _mm256_add_epi32(QUAD_SLOTS(0, 4, 0, 4, 8, 12, 8, 12),
                                    _mm256_and_si256(pv, QUAD_SLOTS(0, 0, -1, -1, 0, 0, -1, -1)));
    __m256i ok = _mm256_and_si256(_mm256_cmpeq_epi32(d, want),
                                  _mm256_cmpeq_epi32(ob, _mm256_add_epi32(oa, pv)));
    *pitch = (uint32_t)pp;
    return pp > 0 && _mm256_movemask_ps(_mm256_castsi256_ps(ok)) == 0xff;
}

/* fetch8_u8x4 for the bilinear filter, the quads' 15 texels in t->t[0..1] when @p quad is set. */
static inline bool fetch8_lut(const vsmp_plan *p, const view8 *lv, __m256 x, __m256 y, unsigned mu,
                              unsigned mv, taps8 *t, bool *quad)
{
    grid8 g;
    if (!grid8_flat(lv, x, y, true, mu, mv, &g))
        return false;
    const int *mem = (const int *)p->s->mem;
    taps8_grid(&g, t);
    t->wx = g.wx, t->wy = g.wy;
    __m256i oa = texel_off(lv, g.xa, g.ya);
    uint32_t pitch;
    *quad = grid8_pairs(&g) && quads_unit(oa, texel_off(lv, g.xa, g.yb), &pitch);
    if (!*quad) {
        taps8_loads(mem, lv, &g, t);
        return true;
    }
    const uint8_t *r0 = (const uint8_t *)mem + (uint32_t)_mm256_cvtsi256_si32(oa);
    const uint8_t *r1 = r0 + pitch, *r2 = r1 + pitch;
    int e0, e1, e2;
    memcpy(&e0, r0 + 16, 4), memcpy(&e1, r1 + 16, 4), memcpy(&e2, r2 + 16, 4);
    t->t[0] = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)r0)),
                                      _mm_loadu_si128((const __m128i *)r1), 1);
    t->t[1] = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)r2)),
                                      _mm_setr_epi32(e0, e1, e2, e0), 1);
    return true;
}

/* Slots i of two 8-lane vectors (0-7 in a, 8-15 in b), blended by the constant mask of the lanes
 * reading b. */
#define PICK2(a, b, idx, mask)                                                                     \
    _mm256_blend_ps(_mm256_permutevar8x32_ps(a, idx), _mm256_permutevar8x32_ps(b, idx), mask)

/* filter8_x4 of the quads' 15 texels (fetch8_lut): each decoded once, then each tap's channels
 * permuted into its lanes. */
static inline void filter8_quads(const vsmp_plan *p, const taps8 *t, __m256 out[4])
{
    __m256 da[4], db[4];
    unpack8_by(p, t->t[0], LUT_GATHERS, da);
    unpack8_by(p, t->t[1], LUT_GATHERS, db);
    /* texel (column, row) of the slots: row 0 in 0-3, row 1 in 4-7, row 2 in 8-11, column 4 of
     * rows 0-2 in 12-14 */
    const __m256i ia = QUAD_SLOTS(0, 1, 4, 5, 2, 3, 6, 7),
                  ib = QUAD_SLOTS(1, 2, 5, 6, 3, 12, 7, 13);
    const __m256i ic = QUAD_SLOTS(4, 5, 8, 9, 6, 7, 10, 11);
    const __m256i id = QUAD_SLOTS(5, 6, 9, 10, 7, 13, 11, 14);
    __m256 a[4], b[4], c[4], d[4];
    for (int k = 0; k < 4; k++) {
        a[k] = _mm256_permutevar8x32_ps(da[k], ia);
        b[k] = PICK2(da[k], db[k], ib, 0xa0);
        c[k] = PICK2(da[k], db[k], ic, 0xcc);
        d[k] = PICK2(da[k], db[k], id, 0xec);
    }
    if (t->border) {
        border8(p, t->off[0], a), border8(p, t->off[1], b);
        border8(p, t->off[2], c), border8(p, t->off[3], d);
    }
    for (int k = 0; k < 4; k++)
        out[k] = lerp8(lerp8(a[k], b[k], t->wx), lerp8(c[k], d[k], t->wx), t->wy);
}

/* The bilinear flat kernel: the frame (FLAT8_FRAME) with fetch8_lut, the groups it
 * marks as quads filtered by filter8_quads. */
static inline void bil_lut4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                            const unsigned mu, const unsigned mv, const bool full)
{
#define LUT_FETCH(v, x, y, t, q) fetch8_lut(p, v, x, y, mu, mv, t, q)
#define LUT_FILTER(t, q, o)      ((q) ? filter8_quads(p, t, o) : filter8_lut4(p, t, true, o))
    FLAT8_FRAME(p, m, r, true, full, false, taps8, LUT_FETCH, LUT_FILTER);
#undef LUT_FETCH
#undef LUT_FILTER
}

static inline void flat_lut4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                             const bool linear, const unsigned mu, const unsigned mv,
                             const bool full)
{
    if (linear)
        bil_lut4(p, m, r, mu, mv, full);
    else
        flat8_x4(p, m, r, false, mu, mv, full, true);
}

FLAT_FAMILY(vsmp_sample_flat_lut8_avx2, flat_lut4)

/* ---- with mips (trilinear...): mip_u8x4 of sample_avx2_u8.c, with the tables ---- */

static inline void mip_lut4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                            const bool full, const bool wu, const bool wv)
{
    mip8_x4(p, m, r, full, wu, wv, true);
}

MIP_FAMILY(vsmp_sample_mip_lut8_avx2, mip_lut4)
