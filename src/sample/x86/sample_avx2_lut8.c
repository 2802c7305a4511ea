/* SPDX-License-Identifier: MIT */
/*
 * AVX2 kernels for 8-bit texels of 4 bytes whose channels are not all UNORM bytes (sRGB, SNORM,
 * X channels: the plan's tables, vsmp_plan.lut) on 2D surfaces and arrays: sample without a LOD
 * stage (flat) and with one (mip), on sample_avx2_u8.c's model: the same short index arithmetic
 * and texel loads (fetch8_u8x4: a 64-bit load per lane for a bilinear row's two texels), every
 * group's loads issued before any is unpacked. A channel read through a table is looked up by a
 * gather (on the Zen 4 measured, faster than the scalar loads of the general kernel's unpack8:
 * bench/results/srgb3d-zen4.txt). Results are the reference's words (tests/test_fastpath.c).
 */
#include "stages_avx2.h"

/* The channels of 8 texels: UNORM bytes by unorm8, the others by their table, absent ones the
 * table's constant. */
static inline void unpack_lut4(const vsmp_plan *p, __m256i px, __m256 out[4])
{
    for (int c = 0; c < 4; c++) {
        if (p->ch_kind[c] == 0) {
            out[c] = _mm256_set1_ps(p->lut[c][0]);
        } else if (p->ch_kind[c] == 1) {
            out[c] = chan_u8(px, u8shuf8(p, c));
        } else {
            __m256i b = _mm256_and_si256(_mm256_srl_epi32(px, _mm_cvtsi32_si128(8 * p->byte_of[c])),
                                         _mm256_set1_epi32(0xff));
            out[c] = _mm256_i32gather_ps(p->lut[c], b, 4);
        }
    }
}

/* filter8_u8x4 with unpack_lut4. */
static inline void filter8_lut4(const vsmp_plan *p, const taps8 *t, bool linear, __m256 out[4])
{
    if (!linear) {
        unpack_lut4(p, t->t[0], out);
        if (t->border)
            border8(p, t->off[0], out);
        return;
    }
    __m256 a[4], b[4], c[4], d[4];
    unpack_lut4(p, t->t[0], a), unpack_lut4(p, t->t[1], b);
    unpack_lut4(p, t->t[2], c), unpack_lut4(p, t->t[3], d);
    if (t->border)
        border8(p, t->off[0], a), border8(p, t->off[1], b), border8(p, t->off[2], c),
            border8(p, t->off[3], d);
    for (int k = 0; k < 4; k++)
        out[k] = lerp8(lerp8(a[k], b[k], t->wx), lerp8(c[k], d[k], t->wx), t->wy);
}

/* ---- without mips (point, bilinear): flat_u8x4 of sample_avx2_u8.c, the same plans' shapes
 * (the tables' values are finite and never -0: no NaN rewrite, and a linear mip filter's blend
 * of a level with itself changes nothing) ---- */

static inline void flat_lut4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                             const bool linear, const unsigned mu, const unsigned mv,
                             const bool full)
{
    view8 lv = gather_view(p, _mm256_set1_epi32((int)p->base));
    bool nn = p->st.non_normalized; /* coordinates in texels: no scaling */
    __m256 sx = nn ? _mm256_set1_ps(1.0f) : lv.fw, sy = nn ? _mm256_set1_ps(1.0f) : lv.fh;
    unsigned n8 = full ? 16 : (m->simd + 7) & ~7u;
    taps8 t[VSMP_MAX_LANES / 8];
    unsigned slow = 0;
    for (unsigned g = 0; g < n8; g += 8) {
        view8 gv = lv;
        if (p->s->d.array)
            gv.slice = _mm256_mullo_epi32(layer8(p, m, g), lv.spitch);
        __m256 x = _mm256_mul_ps(paramf8_in(m, VSMP_P_U, g, full), sx);
        __m256 y = _mm256_mul_ps(paramf8_in(m, VSMP_P_V, g, full), sy);
        if (!fetch8_u8x4(p, &gv, x, y, linear, mu, mv, &t[g / 8]))
            slow |= 1u << (g / 8);
    }
    if (slow && nn) { /* level8_any scales coordinates: the reference takes the message */
        p->run(p, m, r);
        return;
    }
    for (unsigned g = 0; g < n8; g += 8) {
        __m256 o[4];
        if (slow >> (g / 8) & 1)
            level8_any(p, false, _mm256_set1_epi32((int)p->base), layer8(p, m, g),
                       paramf8(m, VSMP_P_U, g), paramf8(m, VSMP_P_V, g), _mm256_setzero_ps(),
                       linear, o);
        else
            filter8_lut4(p, &t[g / 8], linear, o);
        store8_in(r, m, g, o, full);
    }
}

FLAT_FAMILY(vsmp_sample_flat_lut8_avx2, flat_lut4)

/* ---- with mips (trilinear...): mip_u8x4 of sample_avx2_u8.c, with the tables ---- */

static inline void mip_lut4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                            const bool full, const bool wu, const bool wv)
{
    bool linear = p->st.min_filter != VSMP_FILTER_NEAREST;
    lanes8 o[VSMP_MAX_LANES / 8];
    taps8 t[VSMP_MAX_LANES / 8][2];
    unsigned two, fast = mip8_fetch_u8x4(p, m, full, wu, wv, linear, o, t, &two);
    MIP8_FILTER_STORE(p, m, r, full, false, linear, o, t, fast, two, filter8_lut4);
}

MIP_FAMILY(vsmp_sample_mip_lut8_avx2, mip_lut4)
