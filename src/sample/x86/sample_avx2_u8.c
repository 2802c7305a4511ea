/* SPDX-License-Identifier: MIT */
/*
 * AVX2 kernels for four 8-bit UNORM channels in a 4-byte texel (RGBA8, BGRA8) on 2D surfaces
 * and arrays: sample without a LOD stage (flat), with one (mip), and ld. Chosen at plan time,
 * one per filter and per axis address mode; each issues every 8-lane group's texel loads
 * before unpacking any, so that their latencies overlap, and compiles SIMD16 messages with
 * every lane on apart. Results are the reference's words (tests/test_fastpath.c).
 */
#include "stages_avx2.h"

/* ---- 2D surfaces and arrays of four 8-bit UNORM channels without mips (point, bilinear) ----
 *
 * One kernel per filter and per axis' address mode (WRAP on a power of two, or CLAMP), chosen
 * when the plan is made. Lanes whose index needs more than the 32-bit conversion (NaN,
 * infinities, |x| >= 2^31) are rare: their group of 8 takes the general level8_any. Every
 * group's texel loads are issued before any is unpacked, so that their latencies overlap. Results
 * of these formats are never NaN: no NaN rewrite. */

static inline void flat_u8x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
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
            filter8_u8x4(p, &t[g / 8], linear, o);
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
            flat_u8x4(p, m, r, linear, mu, mv, true);                                              \
        else                                                                                       \
            flat_u8x4(p, m, r, linear, mu, mv, false);                                             \
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

/* 0 CLAMP (and CUBE on a 2D surface), 1 WRAP, 2 CLAMP_BORDER: the modes the plan lets through */
static unsigned mode_index(unsigned mode)
{
    return mode == VSMP_TCM_WRAP ? 1 : mode == VSMP_TCM_CLAMP_BORDER ? 2 : 0;
}

void vsmp_sample_flat_u8x4_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    static const vsmp_kernel k[18] = {flat_pcc, flat_pcw, flat_pcb, flat_pwc, flat_pww, flat_pwb,
                                      flat_pbc, flat_pbw, flat_pbb, flat_lcc, flat_lcw, flat_lcb,
                                      flat_lwc, flat_lww, flat_lwb, flat_lbc, flat_lbw, flat_lbb};
    bool linear = p->st.min_filter != VSMP_FILTER_NEAREST;
    k[linear * 9 + mode_index(p->st.address[0]) * 3 + mode_index(p->st.address[1])](p, m, r);
}

/* ld of 8-bit formats in 4-byte texels: every group's loads issued before any is unpacked;
 * four UNORM channels (u4) unpack by byte shuffles. */
static inline void ld_unorm8(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                             const bool u4, const bool full)
{
    unsigned n8 = full ? 16 : (m->simd + 7u) & ~7u;
    __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1);
    __m256i top = _mm256_set1_epi32((int)p->nlev - 1), base = _mm256_set1_epi32((int)p->base);
    __m256i shuf[4];
    for (int c = 0; c < 4; c++)
        shuf[c] = u8shuf8(p, c);
    const int *mem = (const int *)p->s->mem;
    const uint32_t *lods = p->op == VSMP_SUB_LD_LZ ? NULL : m->param[VSMP_P_LOD];
    /* every lane at level 0 (no LOD, or its SIMD16 lanes all 0): one view for the message */
    bool lz = !lods;
    if (full && lods) {
        __m256i a = _mm256_loadu_si256((const __m256i *)lods);
        __m256i b = _mm256_loadu_si256((const __m256i *)(lods + 8));
        lz = _mm256_testz_si256(_mm256_or_si256(a, b), _mm256_or_si256(a, b));
    }
    const vsmp_level_view *l0 = &p->lv[p->base];
    __m256i wm1 = _mm256_set1_epi32((int)l0->w - 1), hm1 = _mm256_set1_epi32((int)l0->h - 1);
    __m256i pitch = _mm256_set1_epi32((int)l0->pitch), off0 = _mm256_set1_epi32((int)l0->off);
    __m256i px[VSMP_MAX_LANES / 8], in[VSMP_MAX_LANES / 8];
    for (unsigned g = 0; g < n8; g += 8) {
        unsigned i = g / 8;
        __m256i u = param8_in(m, VSMP_P_U, g, full), v = param8_in(m, VSMP_P_V, g, full);
        __m256i ok = _mm256_set1_epi32(-1), gw = wm1, gh = hm1, gp = pitch, off = off0;
        if (!lz) {
            __m256i lod = param8_in(m, VSMP_P_LOD, g, full);
            /* lod < nlev, unsigned */
            ok = _mm256_cmpeq_epi32(_mm256_min_epu32(lod, top), lod);
            view8 lv = gather_view(p, _mm256_add_epi32(base, _mm256_and_si256(lod, ok)));
            gw = _mm256_sub_epi32(lv.w, one), gh = _mm256_sub_epi32(lv.h, one);
            gp = lv.pitch, off = lv.off;
        }
        /* 0 <= u < w as the unsigned u <= w - 1 */
        __m256i inu = _mm256_cmpeq_epi32(_mm256_min_epu32(u, gw), u);
        __m256i inv = _mm256_cmpeq_epi32(_mm256_min_epu32(v, gh), v);
        __m256i inr = in[i] = _mm256_and_si256(ok, _mm256_and_si256(inu, inv));
        off = _mm256_add_epi32(
            off, _mm256_add_epi32(_mm256_mullo_epi32(v, gp), _mm256_slli_epi32(u, 2)));
        if (_mm256_movemask_ps(_mm256_castsi256_ps(inr)) != 0xff) {
            px[i] = _mm256_mask_i32gather_epi32(zero, mem, _mm256_and_si256(off, inr), inr, 1);
            continue;
        }
        /* lanes 2j and 2j + 1 on neighbouring texels of a row (a quad's top or bottom pair):
         * four 64-bit loads */
        __m256i pair = _mm256_cmpeq_epi32(_mm256_srli_epi64(off, 32),
                                          _mm256_add_epi32(off, _mm256_set1_epi32(4)));
        if ((_mm256_movemask_ps(_mm256_castsi256_ps(pair)) & 0x55) != 0x55) {
            px[i] = loads8(mem, off);
            continue;
        }
        const char *b = (const char *)mem;
        __m128i lo = _mm256_castsi256_si128(off), hi = _mm256_extracti128_si256(off, 1);
        uint32_t o0 = (uint32_t)_mm_cvtsi128_si32(lo), o1 = (uint32_t)_mm_extract_epi32(lo, 2);
        uint32_t o2 = (uint32_t)_mm_cvtsi128_si32(hi), o3 = (uint32_t)_mm_extract_epi32(hi, 2);
        long long q0, q1, q2, q3;
        memcpy(&q0, b + o0, 8), memcpy(&q1, b + o1, 8);
        memcpy(&q2, b + o2, 8), memcpy(&q3, b + o3, 8);
        px[i] = _mm256_setr_epi64x(q0, q1, q2, q3);
    }
    for (unsigned g = 0; g < n8; g += 8) {
        unsigned i = g / 8;
        __m256 t[4];
        if (u4)
            for (int c = 0; c < 4; c++)
                t[c] = chan_u8(px[i], shuf[c]);
        else
            unpack8(p, px[i], t);
        if (_mm256_movemask_ps(_mm256_castsi256_ps(in[i])) != 0xff)
            for (int c = 0; c < 4; c++) /* out of range: the zero texel */
                t[c] = _mm256_blendv_ps(_mm256_set1_ps(p->ldzero[c]), t[c],
                                        _mm256_castsi256_ps(in[i]));
        store8_in(r, m, g, t, full);
    }
}

FLATTEN static void ld_u4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    if (full16(m))
        ld_unorm8(p, m, r, true, true);
    else
        ld_unorm8(p, m, r, true, false);
}

FLATTEN static void ld_any(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    ld_unorm8(p, m, r, false, false);
}

void vsmp_ld_2d_unorm8_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    if (p->s->resident)
        p->run(p, m, r);
    else if (u8x4(p))
        ld_u4(p, m, r);
    else
        ld_any(p, m, r);
}

/* ---- 2D surfaces and arrays of four 8-bit UNORM channels with mips (trilinear...) ----
 *
 * sample_body for u8x4 formats without anisotropy: the LOD stage of each group, then both
 * levels' loads of every group issued before any is unpacked. Groups the short index
 * arithmetic cannot take go sample_body's way; a NaN anisotropy ratio cannot occur (isotropic). */
static inline void mip_u8x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                            const bool full, const bool wu, const bool wv)
{
    unsigned n8 = full ? 16 : (m->simd + 7) & ~7u;
    bool linear = p->st.min_filter != VSMP_FILTER_NEAREST;
    lanes8 o[VSMP_MAX_LANES / 8];
    taps8 t[VSMP_MAX_LANES / 8][2];
    unsigned fast = 0, two = 0;
    for (unsigned g = 0; g < n8; g += 8) {
        unsigned i = g / 8;
        lanes8 *q = &o[i];
        *q = stage8(p, false, m, g, full);
        view8 v0 = gather_view(p, q->l0);
        if (p->s->d.array)
            v0.slice = _mm256_mullo_epi32(q->layer, v0.spitch);
        if (!fetch8_u8x4(p, &v0, _mm256_mul_ps(q->u, v0.fw), _mm256_mul_ps(q->v, v0.fh), linear,
                         wu ? MW : MC, wv ? MW : MC, &t[i][0]))
            continue;
        __m256i same = _mm256_cmpeq_epi32(q->l0, q->l1);
        if (_mm256_movemask_ps(_mm256_castsi256_ps(same)) != 0xff) {
            view8 v1 = gather_view(p, q->l1);
            if (p->s->d.array)
                v1.slice = _mm256_mullo_epi32(q->layer, v1.spitch);
            if (!fetch8_u8x4(p, &v1, _mm256_mul_ps(q->u, v1.fw), _mm256_mul_ps(q->v, v1.fh), linear,
                             wu ? MW : MC, wv ? MW : MC, &t[i][1]))
                continue;
            two |= 1u << i;
        }
        fast |= 1u << i;
    }
    for (unsigned g = 0; g < n8; g += 8) {
        unsigned i = g / 8;
        const lanes8 *q = &o[i];
        __m256 a[4];
        if (fast >> i & 1) {
            filter8_u8x4(p, &t[i][0], linear, a);
            if (two >> i & 1) {
                __m256 b[4];
                filter8_u8x4(p, &t[i][1], linear, b);
                __m256 same = _mm256_castsi256_ps(_mm256_cmpeq_epi32(q->l0, q->l1));
                for (int c = 0; c < 4; c++)
                    a[c] = _mm256_blendv_ps(lerp8(a[c], b[c], q->frac), a[c], same);
            }
        } else {
            mip8(p, false, q->l0, q->l1, q->layer, q->u, q->v, q->w, q->frac, linear, &q->an, a);
        }
        store8_in(r, m, g, a, full); /* finite: 8-bit UNORM results are never NaN */
    }
}

#define MIP_KERNEL(name, full, wu, wv)                                                             \
    FLATTEN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)            \
    {                                                                                              \
        mip_u8x4(p, m, r, full, wu, wv);                                                           \
    }
MIP_KERNEL(mip_cc, false, false, false)
MIP_KERNEL(mip_cw, false, false, true)
MIP_KERNEL(mip_wc, false, true, false)
MIP_KERNEL(mip_ww, false, true, true)
MIP_KERNEL(mip_cc16, true, false, false)
MIP_KERNEL(mip_cw16, true, false, true)
MIP_KERNEL(mip_wc16, true, true, false)
MIP_KERNEL(mip_ww16, true, true, true)

void vsmp_sample_mip_u8x4_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    static const vsmp_kernel k[8] = {mip_cc,   mip_cw,   mip_wc,   mip_ww,
                                     mip_cc16, mip_cw16, mip_wc16, mip_ww16};
    bool wu = p->st.address[0] == VSMP_TCM_WRAP, wv = p->st.address[1] == VSMP_TCM_WRAP;
    if (m->simd % 4 || p->s->resident) /* a partial quad: the scalar LOD stage */
        vsmp_sample_2d_avx2(p, m, r);
    else
        k[full16(m) * 4 + wu * 2 + wv](p, m, r);
}
