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
/* The AVX-512 level's filter of a SIMD16 message whose two groups were both fetched on two levels
 * (trilinear): filter8_3d's and MIP8_FILTER_STORE's operations in their order, on both groups at
 * once (16 lanes a register: half the instructions of two 8-lane passes). */
static inline __m512 lerp16(__m512 a, __m512 b, __m512 w)
{
    return _mm512_add_ps(a, _mm512_mul_ps(_mm512_sub_ps(b, a), w));
}

static inline __m512 join16(__m256 lo, __m256 hi)
{
    return _mm512_insertf32x8(_mm512_castps256_ps512(lo), hi, 1);
}

/* Channel c of 16 texels (lo: lanes 0-7, hi: lanes 8-15): unpack_u8x4's byte tripled, then
 * unorm8's operations. */
static inline __m512 chan16_u8(const vsmp_plan *p, int c, __m256i lo, __m256i hi)
{
    __m512i px = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
    __m512i shuf = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p->u8shuf[c]));
    __m512 f = _mm512_cvtepi32_ps(_mm512_shuffle_epi8(px, shuf));
    return _mm512_fmadd_ps(f, _mm512_set1_ps(0x1p-48f), _mm512_mul_ps(f, _mm512_set1_ps(0x1p-24f)));
}

/* Channel c of one level's bilinear-per-slice, blended-by-z result (filter8_3d) of both groups. */
static inline __m512 level16_3d(const vsmp_plan *p, const taps3 *t0, const taps3 *t1, int c)
{
    __m512 wx = join16(t0->wx, t1->wx), wy = join16(t0->wy, t1->wy);
    __m512 s[2];
    for (int k = 0; k < 2; k++) {
        __m512 a = chan16_u8(p, c, t0->t[k][0], t1->t[k][0]);
        __m512 b = chan16_u8(p, c, t0->t[k][1], t1->t[k][1]);
        __m512 cc = chan16_u8(p, c, t0->t[k][2], t1->t[k][2]);
        __m512 d = chan16_u8(p, c, t0->t[k][3], t1->t[k][3]);
        s[k] = lerp16(lerp16(a, b, wx), lerp16(cc, d, wx), wy);
    }
    return lerp16(s[0], s[1], join16(t0->wz, t1->wz));
}

static inline void mip16_3d_store(const vsmp_plan *p, const lanes8 o[2], taps3 t[][2],
                                  vsmp_result *r)
{
    __m512 frac = join16(o[0].frac, o[1].frac);
    __mmask16 same = (__mmask16)(_mm256_cmpeq_epi32_mask(o[0].l0, o[0].l1) |
                                 _mm256_cmpeq_epi32_mask(o[1].l0, o[1].l1) << 8);
    /* unrolled: the four channels' chains interleave (as a loop, each waited on the last) */
#pragma GCC unroll 4
    for (int c = 0; c < 4; c++) {
        __m512 a = level16_3d(p, &t[0][0], &t[1][0], c);
        __m512 b = level16_3d(p, &t[0][1], &t[1][1], c);
        _mm512_storeu_ps((float *)r->c[c], _mm512_mask_blend_ps(same, lerp16(a, b, frac), a));
    }
}
#endif

#ifdef __AVX512F__
/* log2_8 on 16 lanes (vsmp_log2f's operations; the specials blended in last). */
static inline __m512 log2_16(__m512 x)
{
    __m512i b = _mm512_castps_si512(x);
    __mmask16 sub = _mm512_cmpgt_epi32_mask(_mm512_set1_epi32(0x00800000), b); /* subnormal, <= 0 */
    b = _mm512_castps_si512(_mm512_mask_mul_ps(x, sub, x, _mm512_set1_ps(8388608.0f)));
    __m512i e = _mm512_maskz_mov_epi32(sub, _mm512_set1_epi32(-23));
    e = _mm512_add_epi32(e, _mm512_sub_epi32(_mm512_srli_epi32(b, 23), _mm512_set1_epi32(127)));
    b = _mm512_or_si512(_mm512_and_si512(b, _mm512_set1_epi32(0x007fffff)),
                        _mm512_set1_epi32(0x3f800000));
    __m512 m = _mm512_castsi512_ps(b);
    __mmask16 big = _mm512_cmp_ps_mask(m, _mm512_set1_ps(VSMP_LOG2_SQRT2), _CMP_GT_OQ);
    m = _mm512_mask_mul_ps(m, big, m, _mm512_set1_ps(0.5f));
    e = _mm512_mask_add_epi32(e, big, e, _mm512_set1_epi32(1));
    __m512 one = _mm512_set1_ps(1.0f);
    __m512 t = _mm512_div_ps(_mm512_sub_ps(m, one), _mm512_add_ps(m, one));
    __m512 t2 = _mm512_mul_ps(t, t);
    __m512 s = _mm512_add_ps(_mm512_set1_ps(VSMP_LOG2_C7),
                             _mm512_mul_ps(t2, _mm512_set1_ps(VSMP_LOG2_C9)));
    s = _mm512_add_ps(_mm512_set1_ps(VSMP_LOG2_C5), _mm512_mul_ps(t2, s));
    s = _mm512_add_ps(_mm512_set1_ps(VSMP_LOG2_C3), _mm512_mul_ps(t2, s));
    s = _mm512_add_ps(_mm512_set1_ps(VSMP_LOG2_C1), _mm512_mul_ps(t2, s));
    s = _mm512_mul_ps(t, s);
    __m512 r = _mm512_add_ps(_mm512_cvtepi32_ps(e), s);
    __m512 z = _mm512_setzero_ps();
    r = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, z, _CMP_GT_OQ),
                             _mm512_castsi512_ps(_mm512_set1_epi32((int)VSMP_NAN_BITS)), r);
    r = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, z, _CMP_EQ_OQ), r, _mm512_set1_ps(-INFINITY));
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, _mm512_set1_ps(INFINITY), _CMP_EQ_OQ), r,
                                _mm512_set1_ps(INFINITY));
}

/* clamp8 on 16 lanes: x < lo ? lo : x > hi ? hi : x */
static inline __m512 clamp16(__m512 x, __m512 lo, __m512 hi)
{
    __m512 r = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, hi, _CMP_GT_OQ), x, hi);
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, lo, _CMP_LT_OQ), r, lo);
}

static inline __m512 param16(const vsmp_message *m, unsigned kind)
{
    const uint32_t *a = m->param[kind];
    return a ? _mm512_loadu_ps(a) : _mm512_setzero_ps();
}

static inline __m512 sq16(__m512 a)
{
    return _mm512_mul_ps(a, a);
}

/* Whether stage16_3d takes a SIMD16 message of every lane: derivatives (given or the quads'),
 * isotropic. */
static inline bool stage16_ok(const vsmp_plan *p, bool full)
{
    return full && !p->lod_unused && (p->lod == L_IMPLICIT || p->lod == L_GRAD) &&
           p->st.min_filter != VSMP_FILTER_ANISOTROPIC;
}

/* stage8 of a 3D surface for both groups of 8 lanes at once (stage16_ok): lod8 and what
 * stage8_dir makes of lambda, the same operations in the same order on 16 lanes. */
static inline void stage16_3d(const vsmp_plan *p, const vsmp_message *m, lanes8 o[2])
{
    const vsmp_sampler_state *st = &p->st;
    __m512 u = param16(m, VSMP_P_U), v = param16(m, VSMP_P_V), w = param16(m, VSMP_P_R);
    __m512 dx0, dx1, dx2, dy0, dy1, dy2;
    if (p->lod == L_GRAD) {
        dx0 = param16(m, VSMP_P_DUDX), dx1 = param16(m, VSMP_P_DVDX);
        dx2 = param16(m, VSMP_P_DRDX), dy0 = param16(m, VSMP_P_DUDY);
        dy1 = param16(m, VSMP_P_DVDY), dy2 = param16(m, VSMP_P_DRDY);
    } else { /* each quad's lanes 1 and 2 less its lane 0 */
        __m512i i0 = _mm512_setr_epi32(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
        __m512i i1 = _mm512_add_epi32(i0, _mm512_set1_epi32(1));
        __m512i i2 = _mm512_add_epi32(i0, _mm512_set1_epi32(2));
        __m512 u0 = _mm512_permutexvar_ps(i0, u), v0 = _mm512_permutexvar_ps(i0, v);
        __m512 w0 = _mm512_permutexvar_ps(i0, w);
        dx0 = _mm512_sub_ps(_mm512_permutexvar_ps(i1, u), u0);
        dx1 = _mm512_sub_ps(_mm512_permutexvar_ps(i1, v), v0);
        dx2 = _mm512_sub_ps(_mm512_permutexvar_ps(i1, w), w0);
        dy0 = _mm512_sub_ps(_mm512_permutexvar_ps(i2, u), u0);
        dy1 = _mm512_sub_ps(_mm512_permutexvar_ps(i2, v), v0);
        dy2 = _mm512_sub_ps(_mm512_permutexvar_ps(i2, w), w0);
    }
    /* lod8 */
    const vsmp_level_view *b = &p->lv[p->base];
    __m512 fw = _mm512_set1_ps(b->fw), fh = _mm512_set1_ps(b->fh), fd = _mm512_set1_ps(b->fd);
    __m512 sx = _mm512_add_ps(sq16(_mm512_mul_ps(dx0, fw)), sq16(_mm512_mul_ps(dx1, fh)));
    __m512 sy = _mm512_add_ps(sq16(_mm512_mul_ps(dy0, fw)), sq16(_mm512_mul_ps(dy1, fh)));
    sx = _mm512_add_ps(sx, sq16(_mm512_mul_ps(dx2, fd)));
    sy = _mm512_add_ps(sy, sq16(_mm512_mul_ps(dy2, fd)));
    __m512 lx = _mm512_sqrt_ps(sx), ly = _mm512_sqrt_ps(sy);
    __m512 pmax = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(lx, ly, _CMP_GT_OQ), ly, lx);
    __m512 lam = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(lx, ly, _CMP_UNORD_Q), log2_16(pmax),
                                      _mm512_castsi512_ps(_mm512_set1_epi32((int)VSMP_NAN_BITS)));
    /* stage8_dir's lambda to levels */
    lam = _mm512_add_ps(lam, _mm512_set1_ps(st->lod_bias));
    lam = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(lam, lam, _CMP_ORD_Q), lam); /* NaN: 0 */
    __m512 lo = _mm512_set1_ps(st->min_lod), hi = _mm512_set1_ps(st->max_lod);
    __m512 top = _mm512_set1_ps((float)(p->nlev - 1)), zero = _mm512_setzero_ps();
    if (st->lod_preclamp == VSMP_PRECLAMP_OGL)
        lam = clamp16(lam, lo, hi);
    __mmask16 magnify = _mm512_cmp_ps_mask(lam, zero, _CMP_NGT_UQ);
    if (st->lod_preclamp != VSMP_PRECLAMP_OGL)
        lam = clamp16(lam, lo, hi);
    lam = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(lam, top, _CMP_GT_OQ), lam, top);
    lam = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(lam, zero, _CMP_NGE_UQ), lam, zero);
    __m512i base = _mm512_set1_epi32((int)p->base), l0 = base, l1 = base;
    __m512 frac = zero;
    __mmask16 keep = st->mag_mipnone ? magnify : 0;
    if (st->mip_filter == VSMP_MIPFILTER_NEAREST) {
        __m512 f = _mm512_roundscale_ps(_mm512_add_ps(lam, _mm512_set1_ps(0.5f)),
                                        _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        f = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(f, top, _CMP_GT_OQ), f, top);
        l0 = l1 = _mm512_mask_add_epi32(base, ~keep, base, _mm512_cvttps_epi32(f));
    } else if (st->mip_filter != VSMP_MIPFILTER_NONE) {
        __m512 f = _mm512_roundscale_ps(lam, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        __m512i i0 = _mm512_cvttps_epi32(f), i1 = _mm512_add_epi32(i0, _mm512_set1_epi32(1));
        i1 = _mm512_mask_blend_epi32(_mm512_cmpgt_epi32_mask(_mm512_set1_epi32((int)p->nlev), i1),
                                     i0, i1);
        l0 = _mm512_mask_add_epi32(base, ~keep, base, i0);
        l1 = _mm512_mask_add_epi32(base, ~keep, base, i1);
        frac = _mm512_maskz_sub_ps(~keep, lam, f);
    }
    for (unsigned g = 0; g < 2; g++) {
        lanes8 *q = &o[g];
        q->u = g ? _mm512_extractf32x8_ps(u, 1) : _mm512_castps512_ps256(u);
        q->v = g ? _mm512_extractf32x8_ps(v, 1) : _mm512_castps512_ps256(v);
        q->w = g ? _mm512_extractf32x8_ps(w, 1) : _mm512_castps512_ps256(w);
        q->frac = g ? _mm512_extractf32x8_ps(frac, 1) : _mm512_castps512_ps256(frac);
        q->l0 = g ? _mm512_extracti64x4_epi64(l0, 1) : _mm512_castsi512_si256(l0);
        q->l1 = g ? _mm512_extracti64x4_epi64(l1, 1) : _mm512_castsi512_si256(l1);
        q->layer = layer8(p, m, 8 * g);
        q->an.n = _mm256_set1_epi32(1);
        q->an.ax = q->an.ay = q->an.az = q->an.bad = _mm256_setzero_ps();
    }
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
    const bool both = stage16_ok(p, full);
    if (both)
        stage16_3d(p, m, o);
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
        mip16_3d_store(p, o, t, r);
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
