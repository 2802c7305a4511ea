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

/* Axis modes of the kernels' names: c CLAMP, w WRAP, b CLAMP_BORDER. */
#define MC VSMP_TCM_CLAMP
#define MW VSMP_TCM_WRAP
#define MB VSMP_TCM_CLAMP_BORDER
#define FLAT_KERNEL(name, linear, mu, mv)                                                          \
    FLATTEN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)            \
    {                                                                                              \
        if (full16(m))                                                                             \
            flat_lut4(p, m, r, linear, mu, mv, true);                                              \
        else                                                                                       \
            flat_lut4(p, m, r, linear, mu, mv, false);                                             \
    }
FLAT_KERNEL(flat_pcc, false, MC, MC)
FLAT_KERNEL(flat_pcw, false, MC, MW)
FLAT_KERNEL(flat_pcb, false, MC, MB)
FLAT_KERNEL(flat_pwc, false, MW, MC)
FLAT_KERNEL(flat_pww, false, MW, MW)
FLAT_KERNEL(flat_pwb, false, MW, MB)
FLAT_KERNEL(flat_pbc, false, MB, MC)
FLAT_KERNEL(flat_pbw, false, MB, MW)
FLAT_KERNEL(flat_pbb, false, MB, MB)
FLAT_KERNEL(flat_lcc, true, MC, MC)
FLAT_KERNEL(flat_lcw, true, MC, MW)
FLAT_KERNEL(flat_lcb, true, MC, MB)
FLAT_KERNEL(flat_lwc, true, MW, MC)
FLAT_KERNEL(flat_lww, true, MW, MW)
FLAT_KERNEL(flat_lwb, true, MW, MB)
FLAT_KERNEL(flat_lbc, true, MB, MC)
FLAT_KERNEL(flat_lbw, true, MB, MW)
FLAT_KERNEL(flat_lbb, true, MB, MB)

void vsmp_sample_flat_lut8_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    static const vsmp_kernel k[18] = {flat_pcc, flat_pcw, flat_pcb, flat_pwc, flat_pww, flat_pwb,
                                      flat_pbc, flat_pbw, flat_pbb, flat_lcc, flat_lcw, flat_lcb,
                                      flat_lwc, flat_lww, flat_lwb, flat_lbc, flat_lbw, flat_lbb};
    bool linear = p->st.min_filter != VSMP_FILTER_NEAREST;
    k[linear * 9 + mode_index(p->st.address[0]) * 3 + mode_index(p->st.address[1])](p, m, r);
}

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

#define MIP_KERNEL(name, full, wu, wv)                                                             \
    FLATTEN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)            \
    {                                                                                              \
        mip_lut4(p, m, r, full, wu, wv);                                                           \
    }
MIP_KERNEL(mip_cc, false, false, false)
MIP_KERNEL(mip_cw, false, false, true)
MIP_KERNEL(mip_wc, false, true, false)
MIP_KERNEL(mip_ww, false, true, true)
MIP_KERNEL(mip_cc16, true, false, false)
MIP_KERNEL(mip_cw16, true, false, true)
MIP_KERNEL(mip_wc16, true, true, false)
MIP_KERNEL(mip_ww16, true, true, true)

void vsmp_sample_mip_lut8_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    static const vsmp_kernel k[8] = {mip_cc,   mip_cw,   mip_wc,   mip_ww,
                                     mip_cc16, mip_cw16, mip_wc16, mip_ww16};
    bool wu = p->st.address[0] == VSMP_TCM_WRAP, wv = p->st.address[1] == VSMP_TCM_WRAP;
    if (m->simd % 4 || p->s->resident) /* a partial quad: the scalar LOD stage */
        vsmp_sample_2d_avx2(p, m, r);
    else
        k[full16(m) * 4 + wu * 2 + wv](p, m, r);
}
