/* SPDX-License-Identifier: MIT */
/*
 * The AVX2 kernel for 3D surfaces of four 8-bit UNORM channels (RGBA8, BGRA8), isotropic, in
 * WRAP (power of two) or CLAMP on each axis: sample_body's steps for that case with
 * sample_avx2_u8.c's short index arithmetic on all three axes. Per group of 8 lanes the LOD
 * stage (at the AVX-512 level, of a SIMD16 message of every lane, both groups' at once), then
 * both levels' taps on both slices: a row's two texels by one 64-bit load per lane
 * (when every lane's pair are neighbours), every group's loads issued before any is unpacked.
 * The filter is level8_any's: each slice bilinear (x, then y), then the slices blended by z.
 * Groups the short arithmetic cannot take (NaN, infinities, |x| >= 2^31) go sample_body's way.
 * At the AVX-512 level a SIMD16 message of every lane whose lanes share their levels runs 16 lanes
 * at once (mip16_3d).
 * Results are the reference's words (tests/test_fastpath.c).
 */
#include "stages_avx2.h"

/* The raw texels of 8 lanes on one level of a 3D surface: t[k][q] slice k (za, zb) and tap q
 * as taps8 orders them; the weights. */
typedef struct taps3 {
    __m256i t[2][4];
    __m256 wx, wy, wz;
} taps3;

#ifdef __AVX512F__
/* pairs8 at the AVX-512 level: pair_loads8's loads, the pairs split by one two-source permute
 * each (vpermt2d) instead of pairs8's two shuffles and two 64-bit permutes. */
static inline void pairs8_3d(const int *mem, __m256i off, __m256i *first, __m256i *second)
{
    __m256d ld, hd;
    pair_loads8(mem, off, &ld, &hd);
    __m256i l4 = _mm256_castpd_si256(ld), h4 = _mm256_castpd_si256(hd);
    /* l4: lanes 0-3's pairs, h4: lanes 4-7's; the first texels are the even words of both */
    *first = _mm256_permutex2var_epi32(l4, _mm256_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14), h4);
    *second = _mm256_permutex2var_epi32(l4, _mm256_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15), h4);
}
#define PAIRS8_3D pairs8_3d
#else
#define PAIRS8_3D pairs8
#endif

/* @return false (nothing fetched) when a lane needs the general index8. */
static inline bool fetch8_3d(const vsmp_plan *p, const view8 *lv, __m256 x, __m256 y, __m256 z,
                             bool linear, bool wu, bool wv, bool ww, taps3 *t)
{
    grid8 g;
    if (!grid8_flat(lv, x, y, linear, wu ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP,
                    wv ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP, &g))
        return false;
    __m256i dm1 = _mm256_sub_epi32(lv->d, _mm256_set1_epi32(1));
    __m256 fdm1 = _mm256_cvtepi32_ps(dm1);
    if (linear)
        z = _mm256_sub_ps(z, _mm256_set1_ps(0.5f));
    __m256 fz = _mm256_floor_ps(z);
    __m256i bad = _mm256_setzero_si256();
    __m256i za = idx_flat(ww, fz, fdm1, dm1, &bad);
    if (!_mm256_testz_si256(bad, bad))
        return false;
    const int *mem = (const int *)p->s->mem;
    view8 va = *lv;
    va.slice = _mm256_mullo_epi32(za, lv->spitch);
    if (!linear) {
        t->t[0][0] = loads8(mem, texel_off(&va, g.xa, g.ya));
        return true;
    }
    t->wx = g.wx, t->wy = g.wy;
    t->wz = _mm256_sub_ps(z, fz);
    if (!ww)
        t->wz = _mm256_and_ps(t->wz, _mm256_cmp_ps(t->wz, t->wz, _CMP_ORD_Q));
    __m256i zb = idx_next(ww, fz, za, fdm1, dm1);
    view8 vb = *lv;
    vb.slice = _mm256_mullo_epi32(zb, lv->spitch);
    __m256i pair = _mm256_cmpeq_epi32(g.xb, _mm256_add_epi32(g.xa, _mm256_set1_epi32(1)));
    if (_mm256_movemask_ps(_mm256_castsi256_ps(pair)) == 0xff) {
        /* each lane's two texels of a row are neighbours: a 64-bit load of both */
        PAIRS8_3D(mem, texel_off(&va, g.xa, g.ya), &t->t[0][0], &t->t[0][1]);
        PAIRS8_3D(mem, texel_off(&va, g.xa, g.yb), &t->t[0][2], &t->t[0][3]);
        PAIRS8_3D(mem, texel_off(&vb, g.xa, g.ya), &t->t[1][0], &t->t[1][1]);
        PAIRS8_3D(mem, texel_off(&vb, g.xa, g.yb), &t->t[1][2], &t->t[1][3]);
        return true;
    }
    const view8 *vs[2] = {&va, &vb};
    for (int k = 0; k < 2; k++) {
        t->t[k][0] = loads8(mem, texel_off(vs[k], g.xa, g.ya));
        t->t[k][1] = loads8(mem, texel_off(vs[k], g.xb, g.ya));
        t->t[k][2] = loads8(mem, texel_off(vs[k], g.xa, g.yb));
        t->t[k][3] = loads8(mem, texel_off(vs[k], g.xb, g.yb));
    }
    return true;
}

/* The filtered result of fetched taps, in level8_any's order. */
static inline void filter8_3d(const vsmp_plan *p, const taps3 *t, bool linear, __m256 out[4])
{
    if (!linear) {
        unpack_u8x4(p, t->t[0][0], out);
        return;
    }
    __m256 s[2][4];
    for (int k = 0; k < 2; k++) {
        __m256 a[4], b[4], c[4], d[4];
        unpack_u8x4(p, t->t[k][0], a), unpack_u8x4(p, t->t[k][1], b);
        unpack_u8x4(p, t->t[k][2], c), unpack_u8x4(p, t->t[k][3], d);
        for (int q = 0; q < 4; q++)
            s[k][q] = lerp8(lerp8(a[q], b[q], t->wx), lerp8(c[q], d[q], t->wx), t->wy);
    }
    for (int q = 0; q < 4; q++)
        out[q] = lerp8(s[0][q], s[1][q], t->wz);
}

#ifdef __AVX512F__
/* Channel c of one level's bilinear-per-slice, blended-by-z result (filter8_3d) of both groups of
 * a SIMD16 message (MIP16_STORE's level filter). */
static inline __m512 level16_3d(const vsmp_plan *p, const taps3 *t0, const taps3 *t1, int c)
{
    __m512 wx = join16(t0->wx, t1->wx), wy = join16(t0->wy, t1->wy);
    __m512 s0 = bilinear16_u8(p, c, t0->t[0], t1->t[0], wx, wy);
    __m512 s1 = bilinear16_u8(p, c, t0->t[1], t1->t[1], wx, wy);
    return lerp16(s0, s1, join16(t0->wz, t1->wz));
}

/* One level's taps of a SIMD16 message's 16 lanes on a 3D surface at z's coordinates, both slices
 * (px[k]: slice k's, taps8's order), and the weights: fetch8_3d's index arithmetic on 16 lanes
 * (the third axis' as idx16's, each slice's rows by fetch16_u8x4 on the slice's view). false
 * (nothing fetched) when a lane needs the general index8. */
static inline bool level16_3d_fetch(const vsmp_plan *p, int lev, const lanes16 *z, const bool wu,
                                    const bool wv, const bool ww, __m512i px[2][4], __m512 *wx,
                                    __m512 *wy, __m512 *wz)
{
    const vsmp_level_view *l = &p->lv[lev];
    __m512i dm1 = _mm512_set1_epi32((int)l->d - 1);
    __m512 fdm1 = _mm512_cvtepi32_ps(dm1);
    __m512 w = _mm512_sub_ps(_mm512_mul_ps(z->w, _mm512_set1_ps(l->fd)), _mm512_set1_ps(0.5f));
    __m512 fz = _mm512_roundscale_ps(w, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    __mmask16 bad = 0;
    __m512i za = idx16(ww, fz, fdm1, dm1, &bad);
    if (bad)
        return false;
    *wz = _mm512_sub_ps(w, fz);
    if (!ww)
        *wz = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(*wz, *wz, _CMP_ORD_Q), *wz);
    __m512i zb = idx16_next(ww, fz, za, fdm1, dm1), sp = _mm512_set1_epi32((int)l->spitch32);
    __m512i off = _mm512_set1_epi32((int)l->off);
    __m512 x = _mm512_mul_ps(z->u, _mm512_set1_ps(l->fw));
    __m512 y = _mm512_mul_ps(z->v, _mm512_set1_ps(l->fh));
    __m512i zs[2] = {za, zb};
    for (int k = 0; k < 2; k++) {
        view16 v = {_mm512_set1_epi32((int)l->w), _mm512_set1_epi32((int)l->h),
                    _mm512_add_epi32(off, _mm512_mullo_epi32(zs[k], sp)),
                    _mm512_set1_epi32((int)l->pitch)};
        if (!fetch16_u8x4(p, &v, x, y, wu, wv, px[k], wx, wy))
            return false;
    }
    return true;
}

/* level16_3d on 16 lanes' taps (level16_3d_fetch's). */
static inline __m512 level16_3d_px(const vsmp_plan *p, __m512i px[2][4], __m512 wx, __m512 wy,
                                   __m512 wz, int c)
{
    return lerp16(bilinear16_px(p, c, px[0], wx, wy), bilinear16_px(p, c, px[1], wx, wy), wz);
}

/* The 3D kernel of a SIMD16 message of every lane (stage16_ok, linear) whose lanes share their
 * first level and their second: stage16_z, each level's taps of the 16 lanes at once
 * (level16_3d_fetch), each slice bilinear16_px, blended by z, then by the LOD fraction where the
 * levels differ, stored. @return false (nothing stored) for a message of another shape, or whose
 * taps the short index arithmetic does not take: the 8-lane groups' way. */
static inline bool mip16_3d(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                            const bool wu, const bool wv, const bool ww)
{
    lanes16 z = stage16_z(p, true, m);
    int lev[2];
    if (!shared_levels16(&z, lev))
        return false;
    __m512i px[2][2][4];
    __m512 wx[2], wy[2], wz[2];
    if (!level16_3d_fetch(p, lev[0], &z, wu, wv, ww, px[0], &wx[0], &wy[0], &wz[0]))
        return false;
    if (lev[0] == lev[1]) {
        _Pragma("GCC unroll 4") for (int c = 0; c < 4; c++)
            _mm512_storeu_ps((float *)r->c[c], level16_3d_px(p, px[0], wx[0], wy[0], wz[0], c));
        return true;
    }
    if (!level16_3d_fetch(p, lev[1], &z, wu, wv, ww, px[1], &wx[1], &wy[1], &wz[1]))
        return false;
    _Pragma("GCC unroll 4") for (int c = 0; c < 4; c++)
    {
        __m512 a = level16_3d_px(p, px[0], wx[0], wy[0], wz[0], c);
        __m512 b = level16_3d_px(p, px[1], wx[1], wy[1], wz[1], c);
        _mm512_storeu_ps((float *)r->c[c], lerp16(a, b, z.frac));
    }
    return true;
}
#endif

static inline bool level8_3d_u8x4(const vsmp_plan *p, __m256i level, const lanes8 *q, bool linear,
                                  bool wu, bool wv, bool ww, taps3 *t)
{
    view8 v = gather_view(p, level);
    return fetch8_3d(p, &v, _mm256_mul_ps(q->u, v.fw), _mm256_mul_ps(q->v, v.fh),
                     _mm256_mul_ps(q->w, v.fd), linear, wu, wv, ww, t);
}

static inline void mip3d_u8x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                              const bool full, const bool wu, const bool wv, const bool ww)
{
    unsigned n8 = full ? 16 : (m->simd + 7) & ~7u;
    bool linear = p->st.min_filter != VSMP_FILTER_NEAREST;
    lanes8 o[VSMP_MAX_LANES / 8];
    taps3 t[VSMP_MAX_LANES / 8][2];
    unsigned fast = 0, two = 0;
#ifdef __AVX512F__
    if (full && linear && stage16_ok(p, full) && mip16_3d(p, m, r, wu, wv, ww))
        return;
    const bool both = stage16_ok(p, full);
    if (both)
        stage16(p, true, m, o);
#else
    const bool both = false;
#endif
    for (unsigned g = 0; g < n8; g += 8) {
        unsigned i = g / 8;
        lanes8 *q = &o[i];
        if (!both)
            *q = stage8(p, true, m, g, full);
        if (!level8_3d_u8x4(p, q->l0, q, linear, wu, wv, ww, &t[i][0]))
            continue;
        __m256i same = _mm256_cmpeq_epi32(q->l0, q->l1);
        if (_mm256_movemask_ps(_mm256_castsi256_ps(same)) != 0xff) {
            if (!level8_3d_u8x4(p, q->l1, q, linear, wu, wv, ww, &t[i][1]))
                continue;
            two |= 1u << i;
        }
        fast |= 1u << i;
    }
#ifdef __AVX512F__
    if (full && linear && fast == 3 && two == 3) {
        MIP16_STORE(p, o, t, r, level16_3d);
        return;
    }
#endif
    MIP8_FILTER_STORE(p, m, r, full, true, linear, o, t, fast, two, filter8_3d);
}

#define MIP3_KERNEL(name, full, wu, wv, ww)                                                        \
    FLATTEN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)            \
    {                                                                                              \
        mip3d_u8x4(p, m, r, full, wu, wv, ww);                                                     \
    }
MIP3_KERNEL(mip_ccc, false, false, false, false)
MIP3_KERNEL(mip_ccw, false, false, false, true)
MIP3_KERNEL(mip_cwc, false, false, true, false)
MIP3_KERNEL(mip_cww, false, false, true, true)
MIP3_KERNEL(mip_wcc, false, true, false, false)
MIP3_KERNEL(mip_wcw, false, true, false, true)
MIP3_KERNEL(mip_wwc, false, true, true, false)
MIP3_KERNEL(mip_www, false, true, true, true)
MIP3_KERNEL(mip_ccc16, true, false, false, false)
MIP3_KERNEL(mip_ccw16, true, false, false, true)
MIP3_KERNEL(mip_cwc16, true, false, true, false)
MIP3_KERNEL(mip_cww16, true, false, true, true)
MIP3_KERNEL(mip_wcc16, true, true, false, false)
MIP3_KERNEL(mip_wcw16, true, true, false, true)
MIP3_KERNEL(mip_wwc16, true, true, true, false)
MIP3_KERNEL(mip_www16, true, true, true, true)

void vsmp_sample_3d_u8x4_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    static const vsmp_kernel k[16] = {
        mip_ccc,   mip_ccw,   mip_cwc,   mip_cww,   mip_wcc,   mip_wcw,   mip_wwc,   mip_www,
        mip_ccc16, mip_ccw16, mip_cwc16, mip_cww16, mip_wcc16, mip_wcw16, mip_wwc16, mip_www16};
    const uint8_t *a = p->st.address;
    bool wu = a[0] == VSMP_TCM_WRAP, wv = a[1] == VSMP_TCM_WRAP, ww = a[2] == VSMP_TCM_WRAP;
    if (m->simd % 4 || p->s->resident) /* a partial quad: the scalar LOD stage */
        vsmp_sample_2d_avx2(p, m, r);
    else
        k[full16(m) * 8 + wu * 4 + wv * 2 + ww](p, m, r);
}
