/* SPDX-License-Identifier: MIT */
/*
 * The AVX-512 level's 16-lane stages of the mip kernels (included by stages_avx2.h, whose types
 * and 8-lane stages they mirror; empty without __AVX512F__): the LOD stage of a SIMD16 message
 * of every lane, both groups of 8 lanes at once (stage16: stage8's operations in its order, 2D
 * surfaces and arrays, and 3D surfaces by their third coordinate), and the blocks of the two-level
 * filter of both groups at once (lerp16, chan16_px, MIP16_STORE: the 2D kernel's and the 3D
 * kernel's level filters in sample_avx2_u8.c's and sample_avx2_3d.c's order). 16 lanes a register:
 * half the instructions of two 8-lane passes, the same result words.
 */
#ifndef VSMP_STAGE16_AVX512_H
#define VSMP_STAGE16_AVX512_H

#ifdef __AVX512F__

#include "idx16_avx512.h"
#include "unorm16_avx512.h"

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

/* Whether stage16 takes a SIMD16 message of every lane: a LOD of derivatives (given or the
 * quads'; with a bias or not) or given, isotropic, not on a cube (its faces: stage8). */
static inline bool stage16_ok(const vsmp_plan *p, bool full)
{
    return full && !p->lod_unused &&
           (p->lod == L_IMPLICIT || p->lod == L_BIAS || p->lod == L_GRAD || p->lod == L_EXPLICIT) &&
           p->st.min_filter != VSMP_FILTER_ANISOTROPIC && p->s->d.type != VSMP_SURFTYPE_CUBE;
}

/* The squared lengths of the x and y derivatives (sx, sy) lod8 (isotropic) finds of a SIMD16
 * message's 16 lanes at (u, v, w): derivatives given or each quad's; the third axis only on a 3D
 * surface (three). */
static inline void lod16_sq(const vsmp_plan *p, const bool three, const vsmp_message *m, __m512 u,
                            __m512 v, __m512 w, __m512 *sx_, __m512 *sy_)
{
    __m512 dx0, dx1, dx2 = _mm512_setzero_ps(), dy0, dy1, dy2 = _mm512_setzero_ps();
    if (p->lod == L_GRAD) {
        dx0 = param16(m, VSMP_P_DUDX), dx1 = param16(m, VSMP_P_DVDX);
        dy0 = param16(m, VSMP_P_DUDY), dy1 = param16(m, VSMP_P_DVDY);
        if (three)
            dx2 = param16(m, VSMP_P_DRDX), dy2 = param16(m, VSMP_P_DRDY);
    } else { /* each quad's lanes 1 and 2 less its lane 0 */
        __m512i i0 = _mm512_setr_epi32(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
        __m512i i1 = _mm512_add_epi32(i0, _mm512_set1_epi32(1));
        __m512i i2 = _mm512_add_epi32(i0, _mm512_set1_epi32(2));
        __m512 u0 = _mm512_permutexvar_ps(i0, u), v0 = _mm512_permutexvar_ps(i0, v);
        dx0 = _mm512_sub_ps(_mm512_permutexvar_ps(i1, u), u0);
        dx1 = _mm512_sub_ps(_mm512_permutexvar_ps(i1, v), v0);
        dy0 = _mm512_sub_ps(_mm512_permutexvar_ps(i2, u), u0);
        dy1 = _mm512_sub_ps(_mm512_permutexvar_ps(i2, v), v0);
        if (three) {
            __m512 w0 = _mm512_permutexvar_ps(i0, w);
            dx2 = _mm512_sub_ps(_mm512_permutexvar_ps(i1, w), w0);
            dy2 = _mm512_sub_ps(_mm512_permutexvar_ps(i2, w), w0);
        }
    }
    const vsmp_level_view *b = &p->lv[p->base];
    __m512 fw = _mm512_set1_ps(b->fw), fh = _mm512_set1_ps(b->fh);
    __m512 sx = _mm512_add_ps(sq16(_mm512_mul_ps(dx0, fw)), sq16(_mm512_mul_ps(dx1, fh)));
    __m512 sy = _mm512_add_ps(sq16(_mm512_mul_ps(dy0, fw)), sq16(_mm512_mul_ps(dy1, fh)));
    if (three) { /* the third axis, added last */
        __m512 fd = _mm512_set1_ps(b->fd);
        sx = _mm512_add_ps(sx, sq16(_mm512_mul_ps(dx2, fd)));
        sy = _mm512_add_ps(sy, sq16(_mm512_mul_ps(dy2, fd)));
    }
    *sx_ = sx, *sy_ = sy;
}

/* lod8's lambda (isotropic) of 16 lanes from lod16_sq's squared lengths (sx, sy). */
static inline __m512 lod16_len(__m512 sx, __m512 sy)
{
    __m512 lx = _mm512_sqrt_ps(sx), ly = _mm512_sqrt_ps(sy);
    __m512 pmax = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(lx, ly, _CMP_GT_OQ), ly, lx);
    /* a NaN length makes lambda NaN (0 after the bias), whatever the other length */
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(lx, ly, _CMP_UNORD_Q), log2_16(pmax),
                                _mm512_castsi512_ps(_mm512_set1_epi32((int)VSMP_NAN_BITS)));
}

/* lod8 (isotropic) of a SIMD16 message's 16 lanes at (u, v, w). */
static inline __m512 lod16(const vsmp_plan *p, const bool three, const vsmp_message *m, __m512 u,
                           __m512 v, __m512 w)
{
    __m512 sx, sy;
    lod16_sq(p, three, m, u, v, w, &sx, &sy);
    return lod16_len(sx, sy);
}

/* The LOD stage's result of a SIMD16 message's 16 lanes (lanes8's, 16 lanes a register). */
typedef struct lanes16 {
    __m512 u, v, w, frac;
    __m512i l0, l1;
} lanes16;

/* stage8 for both groups of 8 lanes of a SIMD16 message at once (stage16_ok), on a 2D surface
 * or array, or (three) a 3D surface: lod8 (or the given LOD) and what stage8_dir makes of
 * lambda, the same operations in the same order on 16 lanes. sq: lod16_sq's lengths of this
 * message when already found (spans16's of given derivatives), else NULL. */
static inline lanes16 stage16_zq(const vsmp_plan *p, const bool three, const vsmp_message *m,
                                 const __m512 *sq)
{
    const vsmp_sampler_state *st = &p->st;
    __m512 u = param16(m, VSMP_P_U), v = param16(m, VSMP_P_V);
    __m512 w = three ? param16(m, VSMP_P_R) : _mm512_setzero_ps();
    __m512 lam = p->lod == L_EXPLICIT ? param16(m, VSMP_P_LOD)
                 : sq                 ? lod16_len(sq[0], sq[1])
                                      : lod16(p, three, m, u, v, w);
    /* stage8_dir's lambda to levels */
    lam = _mm512_add_ps(lam, _mm512_set1_ps(st->lod_bias));
    if (p->lod == L_BIAS)
        lam = _mm512_add_ps(
            lam, clamp16(param16(m, VSMP_P_BIAS), _mm512_set1_ps(-16.0f), _mm512_set1_ps(16.0f)));
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
    return (lanes16){u, v, w, frac, l0, l1};
}

static inline lanes16 stage16_z(const vsmp_plan *p, const bool three, const vsmp_message *m)
{
    return stage16_zq(p, three, m, NULL);
}

/* stage16_z's result split into the groups of 8 lanes (o), with their layers. */
static inline void stage16(const vsmp_plan *p, const bool three, const vsmp_message *m, lanes8 o[2])
{
    lanes16 z = stage16_z(p, three, m);
    __m512 u = z.u, v = z.v, w = z.w, frac = z.frac;
    __m512i l0 = z.l0, l1 = z.l1;
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

static inline __m512 lerp16(__m512 a, __m512 b, __m512 w)
{
    return _mm512_add_ps(a, _mm512_mul_ps(_mm512_sub_ps(b, a), w));
}

static inline __m512 join16(__m256 lo, __m256 hi)
{
    return _mm512_insertf32x8(_mm512_castps256_ps512(lo), hi, 1);
}

static inline __m512i join16i(__m256i lo, __m256i hi)
{
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

/* Channel c of the bilinear filter (x, then y: filter8_x4's order) of 16 lanes' four 8-bit UNORM
 * taps a lane (px: taps8's order, 16 lanes each). */
static inline __m512 bilinear16_px(const vsmp_plan *p, int c, const __m512i px[4], __m512 wx,
                                   __m512 wy)
{
    __m512 a = chan16_px(p, c, px[0]), b = chan16_px(p, c, px[1]);
    __m512 cc = chan16_px(p, c, px[2]), d = chan16_px(p, c, px[3]);
    return lerp16(lerp16(a, b, wx), lerp16(cc, d, wx), wy);
}

/* bilinear16_px of taps in two halves (lo: lanes 0-7's, hi: lanes 8-15's). */
static inline __m512 bilinear16_u8(const vsmp_plan *p, int c, const __m256i lo[4],
                                   const __m256i hi[4], __m512 wx, __m512 wy)
{
    __m512i px[4];
    for (int k = 0; k < 4; k++)
        px[k] = join16i(lo[k], hi[k]);
    return bilinear16_px(p, c, px, wx, wy);
}

/* Channel c of one level's bilinear result (filter8_u8x4 without a border: the mip kernels' modes
 * are WRAP and CLAMP) of both groups of a SIMD16 message (MIP16_STORE's level filter). */
static inline __m512 level16_2d(const vsmp_plan *p, const taps8 *t0, const taps8 *t1, int c)
{
    return bilinear16_u8(p, c, t0->t, t1->t, join16(t0->wx, t1->wx), join16(t0->wy, t1->wy));
}

/* The two-level filter of a SIMD16 message whose groups were both fetched on two levels (taps
 * t[group][level] of o's groups): each level's channel c of both groups (LEVEL16(p, &group 0's
 * taps, &group 1's taps, c)) and MIP8_FILTER_STORE's blend by the LOD fraction where the levels
 * differ, stored. A macro, as the taps' type differs (taps8, the 3D kernel's taps3); the four
 * channels unrolled: their chains interleave (as a loop, each waited on the last). */
#define MIP16_STORE(p, o, t, r, LEVEL16)                                                           \
    do {                                                                                           \
        __m512 frac_ = join16((o)[0].frac, (o)[1].frac);                                           \
        __mmask16 same_ = (__mmask16)(_mm256_cmpeq_epi32_mask((o)[0].l0, (o)[0].l1) |              \
                                      _mm256_cmpeq_epi32_mask((o)[1].l0, (o)[1].l1) << 8);         \
        _Pragma("GCC unroll 4") for (int c_ = 0; c_ < 4; c_++)                                     \
        {                                                                                          \
            __m512 a_ = LEVEL16(p, &(t)[0][0], &(t)[1][0], c_);                                    \
            __m512 b_ = LEVEL16(p, &(t)[0][1], &(t)[1][1], c_);                                    \
            _mm512_storeu_ps((float *)(r)->c[c_],                                                  \
                             _mm512_mask_blend_ps(same_, lerp16(a_, b_, frac_), a_));              \
        }                                                                                          \
    } while (0)

/* ---- The 2D kernel's SIMD16 messages whose 16 lanes share their one or two levels ---- */

/* A level's sizes and texel offsets, 16 lanes (view8's of both groups): w, h, base (the level's
 * offset and each lane's layer's, off + slice) and pitch. */
typedef struct view16 {
    __m512i w, h, base, pitch;
} view16;

/* fetch8_u8x4 (linear, WRAP or CLAMP: no border) of both groups at texel coordinates (x, y) of
 * their views v: grid8_flat's index arithmetic on 16 lanes, then the four taps of each lane
 * loaded as taps8_loads loads them (px: taps8's order, 16 lanes each); the weights 16 lanes (wx,
 * wy). false (nothing fetched) when a lane needs the general index8. */
static inline bool fetch16_u8x4(const vsmp_plan *p, const view16 *v, __m512 x, __m512 y,
                                const bool wu, const bool wv, __m512i px[4], __m512 *wx, __m512 *wy)
{
    __m512i one = _mm512_set1_epi32(1);
    __m512i wm1 = _mm512_sub_epi32(v->w, one), hm1 = _mm512_sub_epi32(v->h, one);
    __m512 fwm1 = _mm512_cvtepi32_ps(wm1), fhm1 = _mm512_cvtepi32_ps(hm1);
    __m512 half = _mm512_set1_ps(0.5f);
    x = _mm512_sub_ps(x, half), y = _mm512_sub_ps(y, half);
    __m512 fx = _mm512_roundscale_ps(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    __m512 fy = _mm512_roundscale_ps(y, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    __mmask16 bad = 0;
    __m512i xa = idx16(wu, fx, fwm1, wm1, &bad), ya = idx16(wv, fy, fhm1, hm1, &bad);
    if (bad)
        return false;
    /* CLAMP lets +inf through (index w - 1): its weight inf - inf is NaN, which is 0 */
    *wx = _mm512_sub_ps(x, fx), *wy = _mm512_sub_ps(y, fy);
    if (!wu)
        *wx = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(*wx, *wx, _CMP_ORD_Q), *wx);
    if (!wv)
        *wy = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(*wy, *wy, _CMP_ORD_Q), *wy);
    __m512i xb = idx16_next(wu, fx, xa, fwm1, wm1), yb = idx16_next(wv, fy, ya, fhm1, hm1);
    /* texel_off: the level's (and layer's) offset, the row, 4 bytes a texel */
    __m512i ra = _mm512_add_epi32(v->base, _mm512_mullo_epi32(ya, v->pitch));
    __m512i rb = _mm512_add_epi32(v->base, _mm512_mullo_epi32(yb, v->pitch));
    __m512i oa = _mm512_slli_epi32(xa, 2), ob = _mm512_slli_epi32(xb, 2);
    const int *mem = (const int *)p->s->mem;
    __m512i o00 = _mm512_add_epi32(ra, oa), o01 = _mm512_add_epi32(rb, oa);
    if (_mm512_cmpeq_epi32_mask(xb, _mm512_add_epi32(xa, one)) == 0xffff) {
        /* each row's two taps by one 64-bit load (pair_loads8), split into first and second */
        __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
        __m512i odd = _mm512_add_epi32(even, one);
        for (int row = 0; row < 2; row++) {
            __m512i o = row ? o01 : o00, w[2];
            for (unsigned g = 0; g < 2; g++) {
                __m256d lo4, hi4;
                pair_loads8(mem, g ? _mm512_extracti64x4_epi64(o, 1) : _mm512_castsi512_si256(o),
                            &lo4, &hi4);
                w[g] = _mm512_castpd_si512(_mm512_insertf64x4(_mm512_castpd256_pd512(lo4), hi4, 1));
            }
            px[2 * row] = _mm512_permutex2var_epi32(w[0], even, w[1]);
            px[2 * row + 1] = _mm512_permutex2var_epi32(w[0], odd, w[1]);
        }
        return true;
    }
    __m512i o10 = _mm512_add_epi32(ra, ob), o11 = _mm512_add_epi32(rb, ob);
    const __m512i *const os[4] = {&o00, &o10, &o01, &o11};
    for (int k = 0; k < 4; k++)
        px[k] = join16i(loads8(mem, _mm512_castsi512_si256(*os[k])),
                        loads8(mem, _mm512_extracti64x4_epi64(*os[k], 1)));
    return true;
}

/* fetch16_u8x4 of 16 lanes on level lev of a 2D surface or array (layer: each lane's) at z's
 * coordinates. */
static inline bool level16_fetch(const vsmp_plan *p, int lev, const lanes16 *z, __m512i layer,
                                 const bool wu, const bool wv, __m512i px[4], __m512 *wx,
                                 __m512 *wy)
{
    const vsmp_level_view *l = &p->lv[lev];
    __m512i base = _mm512_set1_epi32((int)l->off);
    if (p->s->d.array)
        base =
            _mm512_add_epi32(base, _mm512_mullo_epi32(layer, _mm512_set1_epi32((int)l->spitch32)));
    view16 v = {_mm512_set1_epi32((int)l->w), _mm512_set1_epi32((int)l->h), base,
                _mm512_set1_epi32((int)l->pitch)};
    return fetch16_u8x4(p, &v, _mm512_mul_ps(z->u, _mm512_set1_ps(l->fw)),
                        _mm512_mul_ps(z->v, _mm512_set1_ps(l->fh)), wu, wv, px, wx, wy);
}

/* Whether a SIMD16 message's lanes (stage16_ok, a 2D surface or array) of given derivatives
 * (sample_d) likely span levels, found before the LOD stage: none when du/dx has lane 0's bits in
 * every lane (the derivatives likely shared); else lambda estimated as half of log2 of the
 * longer squared length (lod16_sq) by its exponent and mantissa (getexp, getmant - 1: below the
 * true log2 by at most 0.09), then the bias and clamps of stage16_z; SPANS16_YES when the
 * estimates' levels differ. An estimate only chooses the way (the 2D kernel's mip16_mixed_* for a
 * message that spans levels: its LOD stage runs once), never a result: both ways are the
 * reference's. Other LODs: SPANS16_SHARED (the 16-lane way first; a test of a given LOD's lanes
 * measured slower on tri l). @return SPANS16_SHARED (lengths not found), else the lengths in sq
 * (for stage16_zq: the LOD stage's own) and SPANS16_NO or SPANS16_YES. */
enum { SPANS16_SHARED, SPANS16_NO, SPANS16_YES };
static inline unsigned spans16(const vsmp_plan *p, const vsmp_message *m, __m512 sq[2])
{
    const vsmp_sampler_state *st = &p->st;
    if (p->lod != L_GRAD || st->mip_filter == VSMP_MIPFILTER_NONE)
        return SPANS16_SHARED;
    const uint32_t *dudx = m->param[VSMP_P_DUDX];
    if (!dudx ||
        !_mm512_cmpneq_epi32_mask(_mm512_loadu_si512(dudx), _mm512_set1_epi32((int)dudx[0])))
        return SPANS16_SHARED;
    __m512 zero = _mm512_setzero_ps();
    lod16_sq(p, false, m, zero, zero, zero, &sq[0], &sq[1]);
    __m512 q = _mm512_max_ps(sq[0], sq[1]);
    __m512 mant = _mm512_getmant_ps(q, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_src);
    __m512 lam =
        _mm512_mul_ps(_mm512_add_ps(_mm512_getexp_ps(q), _mm512_sub_ps(mant, _mm512_set1_ps(1.0f))),
                      _mm512_set1_ps(0.5f));
    lam = _mm512_add_ps(lam, _mm512_set1_ps(st->lod_bias));
    lam = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(lam, lam, _CMP_ORD_Q), lam); /* NaN: 0 */
    lam = clamp16(lam, _mm512_set1_ps(st->min_lod), _mm512_set1_ps(st->max_lod));
    lam = clamp16(lam, zero, _mm512_set1_ps((float)(p->nlev - 1)));
    if (st->mip_filter == VSMP_MIPFILTER_NEAREST)
        lam = _mm512_add_ps(lam, _mm512_set1_ps(0.5f));
    __m512i l = _mm512_cvttps_epi32(lam); /* lam >= 0: its floor */
    return _mm512_cmpneq_epi32_mask(l, _mm512_permutexvar_epi32(_mm512_setzero_si512(), l))
               ? SPANS16_YES
               : SPANS16_NO;
}

/* Whether the 16 lanes of stage16_z's @p z share their first level and their second; if so, those
 * two levels in @p lev. */
static inline bool shared_levels16(const lanes16 *z, int lev[2])
{
    __m512i zero = _mm512_setzero_si512();
    if (_mm512_cmpneq_epi32_mask(z->l0, _mm512_permutexvar_epi32(zero, z->l0)) |
        _mm512_cmpneq_epi32_mask(z->l1, _mm512_permutexvar_epi32(zero, z->l1)))
        return false;
    lev[0] = _mm_cvtsi128_si32(_mm512_castsi512_si128(z->l0));
    lev[1] = _mm_cvtsi128_si32(_mm512_castsi512_si128(z->l1));
    return true;
}

/* The 2D kernel (RGBA8 and the other u8x4 UNORM formats, linear) of a SIMD16 message of every
 * lane (stage16_ok) whose lanes share their first level and their second: stage16_z, each
 * level's taps of the 16 lanes at once (fetch16_u8x4), bilinear16_px and the blend by the LOD
 * fraction where the levels differ, stored (sq: stage16_zq's). @return false (nothing stored)
 * for a message of another shape, or whose taps fetch16_u8x4 does not take: the 8-lane groups'
 * way. */
static inline bool mip16_u8x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                              const bool wu, const bool wv, const __m512 *sq)
{
    lanes16 z = stage16_zq(p, false, m, sq);
    int lev[2];
    if (!shared_levels16(&z, lev))
        return false;
    __m512i zero = _mm512_setzero_si512();
    __m512i layer = p->s->d.array ? join16i(layer8(p, m, 0), layer8(p, m, 8)) : zero;
    __m512i px[2][4];
    __m512 wx[2], wy[2];
    if (!level16_fetch(p, lev[0], &z, layer, wu, wv, px[0], &wx[0], &wy[0]))
        return false;
    if (lev[0] == lev[1]) { /* one level (same_'s lanes of MIP16_STORE) */
        _Pragma("GCC unroll 4") for (int c = 0; c < 4; c++)
            _mm512_storeu_ps((float *)r->c[c], bilinear16_px(p, c, px[0], wx[0], wy[0]));
        return true;
    }
    if (!level16_fetch(p, lev[1], &z, layer, wu, wv, px[1], &wx[1], &wy[1]))
        return false;
    _Pragma("GCC unroll 4") for (int c = 0; c < 4; c++)
    {
        __m512 a = bilinear16_px(p, c, px[0], wx[0], wy[0]);
        __m512 b = bilinear16_px(p, c, px[1], wx[1], wy[1]);
        _mm512_storeu_ps((float *)r->c[c], lerp16(a, b, z.frac));
    }
    return true;
}

#endif /* __AVX512F__ */

#endif
