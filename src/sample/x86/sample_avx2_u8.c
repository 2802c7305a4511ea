/* SPDX-License-Identifier: MIT */
/*
 * AVX2 kernels for four 8-bit UNORM channels in a 4-byte texel (RGBA8, BGRA8) on 2D surfaces
 * and arrays: sample without a LOD stage (flat), with one (mip), and ld; and the flat kernel of
 * one 8-bit channel in a 1-byte texel (R8, A8, R8_SNORM). Chosen at plan time,
 * one per filter and per axis address mode; each issues every 8-lane group's texel loads
 * before unpacking any, so that their latencies overlap, and compiles SIMD16 messages with
 * every lane on apart. Results are the reference's words (tests/test_fastpath.c).
 */
#include "stages_avx2.h"
#include "chan1_avx2.h"
#include "flat_frame_avx2.h"
#include "point16_avx2.h"
#include "ld16_avx2.h"

/* The texels at byte offsets off of 8 lanes: when lanes 2j and 2j + 1 read neighbouring texels
 * of a row (a quad's top or bottom pair: a rasterizer's lanes, and OpenCL's along x), a 64-bit
 * load of each pair (both texels are read anyway: inside the surface), else a load a lane. The
 * pair test costs a compare; checking for longer runs (one 32-byte load for 8 lanes along a row,
 * a 16-byte load of each quad row) before loading measured slower: the loads wait on the test.
 * A SIMD16 message's shape tested once for both groups pays (point16_avx2.h's shape16: ld
 * below, and sample_avx2_pt.c's 16-lane point kernels, which take such messages before this
 * family's point kernels see them). */
static inline __m256i u8x4_texels(const uint8_t *mem, __m256i off)
{
    __m256i pair =
        _mm256_cmpeq_epi32(_mm256_srli_epi64(off, 32), _mm256_add_epi32(off, _mm256_set1_epi32(4)));
    if ((_mm256_movemask_ps(_mm256_castsi256_ps(pair)) & 0x55) != 0x55)
        return loads8((const int *)mem, off);
    __m128i lo = _mm256_castsi256_si128(off), hi = _mm256_extracti128_si256(off, 1);
    uint32_t o0 = (uint32_t)_mm_cvtsi128_si32(lo), o1 = (uint32_t)_mm_extract_epi32(lo, 2);
    uint32_t o2 = (uint32_t)_mm_cvtsi128_si32(hi), o3 = (uint32_t)_mm_extract_epi32(hi, 2);
    long long q0, q1, q2, q3;
    memcpy(&q0, mem + o0, 8), memcpy(&q1, mem + o1, 8);
    memcpy(&q2, mem + o2, 8), memcpy(&q3, mem + o3, 8);
    return _mm256_setr_epi64x(q0, q1, q2, q3);
}

/* The flat kernels are the AVX2 level's at the AVX-512 level too (measured faster there,
 * docs/SAMPLING.md): sample_avx512_u8.c does not compile them again. */
#ifndef VSMP_AVX512_LEVEL
/* ---- 2D surfaces and arrays of four 8-bit UNORM channels without mips (point, bilinear) ----
 *
 * One kernel per filter and per axis' address mode (WRAP on a power of two, or CLAMP), chosen
 * when the plan is made. Lanes whose index needs more than the 32-bit conversion (NaN,
 * infinities, |x| >= 2^31) are rare: their group of 8 takes the general level8_any. Every
 * group's texel loads are issued before any is unpacked, so that their latencies overlap. Results
 * of these formats are never NaN: no NaN rewrite. */

/* Point sampling: flat8_x4's index arithmetic (grid8_flat: the same texels) and frame, each
 * group's texels by u8x4_texels, kept with their offsets (border8's lanes) in a pt8: a taps8 is
 * four times its size, and the border test is the modes' (a constant of the kernel), not a
 * field read back per group (each measured 1.5-2.5 % slower). */
typedef struct {
    __m256i px, off;
} pt8;

static inline bool point_fetch(const vsmp_plan *p, const view8 *v, __m256 x, __m256 y, unsigned mu,
                               unsigned mv, pt8 *t)
{
    grid8 q;
    if (!grid8_flat(v, x, y, false, mu, mv, &q))
        return false;
    t->off = _mm256_or_si256(q.oxa, q.oya);
    t->px = u8x4_texels(p->s->mem, texel_off(v, q.xa, q.ya));
    return true;
}

static inline void point_filter(const vsmp_plan *p, const pt8 *t, unsigned mu, unsigned mv,
                                __m256 o[4])
{
    unpack_u8x4(p, t->px, o);
    if (mu == VSMP_TCM_CLAMP_BORDER || mv == VSMP_TCM_CLAMP_BORDER)
        border8(p, t->off, o);
}

static inline void point_u8x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                              const unsigned mu, const unsigned mv, const bool full)
{
#define PT_FETCH(v, x, y, t, q) point_fetch(p, v, x, y, mu, mv, t)
#define PT_FILTER(t, q, o)      ((void)(q), point_filter(p, t, mu, mv, o))
    FLAT8_FRAME(p, m, r, false, full, false, pt8, PT_FETCH, PT_FILTER);
#undef PT_FETCH
#undef PT_FILTER
}

static inline void flat_u8x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                             const bool linear, const unsigned mu, const unsigned mv,
                             const bool full)
{
    if (linear)
        flat8_x4(p, m, r, true, mu, mv, full, false);
    else
        point_u8x4(p, m, r, mu, mv, full);
}

FLAT_FAMILY(vsmp_sample_flat_u8x4_avx2, flat_u8x4)

#endif /* VSMP_AVX512_LEVEL */

/* The gather form (names_gather.h, the AVX2 level: gather_avx2_u8.c) compiles the mip and flat
 * RGBA8 families only. */
#ifndef VSMP_GATHER_LOADS
/* ld of RGBA8 for a SIMD16 message with every lane on at level 0 whose texels are a
 * shape16 shape inside the level, read by ld16_u8x4 (ld16_avx2.h).
 * @return false (nothing stored) for any other message. */
/* ld_u4_shaped inlines into the entry, the other messages' kernels do not (their frame, 5
 * registers and 0x248 bytes, cost the shaped messages ~6 % of the ld row there, as a call to
 * ld_u4_shaped did) */
#if defined(__GNUC__)
#define LD_INLINE __attribute__((always_inline)) inline
#define LD_APART  __attribute__((noinline))
#else
#define LD_INLINE inline
#define LD_APART
#endif

static LD_INLINE bool ld_u4_shaped(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    __m256i px[2];
    if (!ld16_u8x4(p, m, px))
        return false;
    for (unsigned g = 0; g < 2; g++) {
        __m256 t[4];
        unpack_u8x4(p, px[g], t);
        store8_in(r, m, 8 * g, t, true);
    }
    return true;
}

/* ld of 8-bit formats in 4-byte texels: every group's loads issued before any is unpacked;
 * four UNORM channels (u4) unpack by byte shuffles (unorm8: unorm8_fast measured no faster
 * here, bench/results/avx2pt-spr.txt). */
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
    bool lz = !lods || (full && ld_lz16(p, m));
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
        px[i] = u8x4_texels((const uint8_t *)mem, off); /* pairs of lanes, or a lane each */
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

FLATTEN LD_APART static void ld_u4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    if (full16(m))
        ld_unorm8(p, m, r, true, true);
    else
        ld_unorm8(p, m, r, true, false);
}

FLATTEN LD_APART static void ld_any(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    ld_unorm8(p, m, r, false, false);
}

void vsmp_ld_2d_unorm8_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    if (p->s->resident)
        p->run(p, m, r);
    else if (!u8x4(p))
        ld_any(p, m, r);
    else if (!full16(m) || !ld_lz16(p, m) || !ld_u4_shaped(p, m, r))
        ld_u4(p, m, r); /* the shaped message here, apart from ld_u4's frame */
}

#endif /* VSMP_GATHER_LOADS */

/* ---- 2D surfaces and arrays of four 8-bit UNORM channels with mips (trilinear...) ----
 *
 * sample_body for u8x4 formats without anisotropy (mip8_x4): the LOD stage of each group (AVX-512:
 * of both at once), then both levels' loads of every group issued before any is unpacked. Groups
 * the short index arithmetic cannot take go sample_body's way; no NaN anisotropy (isotropic). At
 * the AVX-512 level a SIMD16 message whose lanes share their levels runs 16 lanes at once
 * (stage16_avx512.h's mip16_u8x4); one whose lanes spans16 finds spanning levels goes to a kernel
 * of its own (mip16_mixed_*: 16 lanes at once, each lane's level's view by views16), whose
 * messages a lane of which needs the general index arithmetic go the groups' way. */
#ifdef __AVX512F__
/* Level l's values into lanes in of a view16 (v, with each lane's slice pitch and sizes as
 * floats: views16's). */
static inline void view16_put(view16 *v, __m512i *spitch, __m512 *fw, __m512 *fh, __mmask16 in,
                              const vsmp_level_view *l)
{
    v->w = _mm512_mask_mov_epi32(v->w, in, _mm512_set1_epi32((int)l->w));
    v->h = _mm512_mask_mov_epi32(v->h, in, _mm512_set1_epi32((int)l->h));
    v->base = _mm512_mask_mov_epi32(v->base, in, _mm512_set1_epi32((int)l->off));
    v->pitch = _mm512_mask_mov_epi32(v->pitch, in, _mm512_set1_epi32((int)l->pitch));
    *spitch = _mm512_mask_mov_epi32(*spitch, in, _mm512_set1_epi32((int)l->spitch32));
    *fw = _mm512_mask_mov_ps(*fw, in, _mm512_set1_ps(l->fw));
    *fh = _mm512_mask_mov_ps(*fh, in, _mm512_set1_ps(l->fh));
}

/* The view16 of 16 lanes each on its own level (lev; layer: each lane's) and the levels' sizes as
 * floats (fw, fh): lane 0's level in every lane, then lane 15's into its lanes (a message whose
 * groups of 8 lanes each share their level, or whose levels rise by at most one from lane 0 to
 * lane 15, as a ramp's: the levels from registers), then any other level present into its lanes
 * in turn (level16_fetch's values, a lane each). */
static inline __attribute__((always_inline)) view16 views16(const vsmp_plan *p, __m512i lev,
                                                            __m512i layer, __m512 *fw, __m512 *fh)
{
    int k0 = _mm_cvtsi128_si32(_mm512_castsi512_si128(lev));
    int k15 = _mm_extract_epi32(_mm512_extracti32x4_epi32(lev, 3), 3);
    __m512i zero = _mm512_setzero_si512(), spitch = zero;
    view16 v = {zero, zero, zero, zero};
    *fw = *fh = _mm512_setzero_ps();
    __mmask16 in = _mm512_cmpeq_epi32_mask(lev, _mm512_set1_epi32(k15));
    __mmask16 left = (__mmask16) ~(in | _mm512_cmpeq_epi32_mask(lev, _mm512_set1_epi32(k0)));
    view16_put(&v, &spitch, fw, fh, 0xffff, &p->lv[k0]);
    view16_put(&v, &spitch, fw, fh, in, &p->lv[k15]);
    if (left) { /* a third level and more */
        int32_t at[16];
        _mm512_storeu_si512(at, lev);
        do {
            int k = at[__builtin_ctz(left)];
            in = _mm512_mask_cmpeq_epi32_mask(left, lev, _mm512_set1_epi32(k));
            view16_put(&v, &spitch, fw, fh, in, &p->lv[k]);
            left &= (__mmask16)~in;
        } while (left);
    }
    if (p->s->d.array)
        v.base = _mm512_add_epi32(v.base, _mm512_mullo_epi32(layer, spitch));
    return v;
}

/* level16_fetch of 16 lanes each on its own level (lev). */
static inline __attribute__((always_inline)) bool
levels16_fetch(const vsmp_plan *p, __m512i lev, const lanes16 *z, __m512i layer, const bool wu,
               const bool wv, __m512i px[4], __m512 *wx, __m512 *wy)
{
    __m512 fw, fh;
    view16 v = views16(p, lev, layer, &fw, &fh);
    return fetch16_u8x4(p, &v, _mm512_mul_ps(z->u, fw), _mm512_mul_ps(z->v, fh), wu, wv, px, wx,
                        wy);
}

/* mip16_u8x4 of a message whose lanes spans16 finds on different levels: stage16_zq on spans16's
 * lengths (sq), each lane's
 * first level, then (where some lane's differs) each lane's second, fetched 16 lanes at once on
 * views16, bilinear16_px, and MIP16_STORE's blend by the LOD fraction where a lane's levels
 * differ, stored. @return false (nothing stored) when a lane needs the general index arithmetic:
 * the groups' way. */
static inline __attribute__((always_inline)) bool mip16_spread(const vsmp_plan *p,
                                                               const vsmp_message *m,
                                                               vsmp_result *r, const bool wu,
                                                               const bool wv, const __m512 sq[2])
{
    lanes16 z = stage16_zq(p, false, m, sq);
    __m512i layer =
        p->s->d.array ? join16i(layer8(p, m, 0), layer8(p, m, 8)) : _mm512_setzero_si512();
    __m512i px[2][4];
    __m512 wx[2], wy[2];
    if (!levels16_fetch(p, z.l0, &z, layer, wu, wv, px[0], &wx[0], &wy[0]))
        return false;
    __mmask16 same = _mm512_cmpeq_epi32_mask(z.l0, z.l1);
    if (same == 0xffff) { /* each lane on one level (a nearest mip filter, the last level) */
        _Pragma("GCC unroll 4") for (int c = 0; c < 4; c++)
            _mm512_storeu_ps((float *)r->c[c], bilinear16_px(p, c, px[0], wx[0], wy[0]));
        return true;
    }
    if (!levels16_fetch(p, z.l1, &z, layer, wu, wv, px[1], &wx[1], &wy[1]))
        return false;
    _Pragma("GCC unroll 4") for (int c = 0; c < 4; c++)
    {
        __m512 a = bilinear16_px(p, c, px[0], wx[0], wy[0]);
        __m512 b = bilinear16_px(p, c, px[1], wx[1], wy[1]);
        _mm512_storeu_ps((float *)r->c[c], _mm512_mask_blend_ps(same, lerp16(a, b, z.frac), a));
    }
    return true;
}

/* mip16_spread as a kernel of its own for each pair of axis modes (WRAP or CLAMP), out of line and
 * in a section of its own: the shared-level kernels' body stays as it is without it (the mixed
 * way inside them cost them 2-3 %: bench/results/mix-spr.txt). */
#define MIP16_MIXED(name, wu, wv)                                                                  \
    static __attribute__((noinline, section(".text.vsmp_mip16_mixed"))) bool name(                 \
        const vsmp_plan *p, const vsmp_message *m, vsmp_result *r, __m512 sx, __m512 sy)           \
    {                                                                                              \
        const __m512 sq[2] = {sx, sy};                                                             \
        return mip16_spread(p, m, r, wu, wv, sq);                                                  \
    }
MIP16_MIXED(mip16_mixed_cc, false, false)
MIP16_MIXED(mip16_mixed_cw, false, true)
MIP16_MIXED(mip16_mixed_wc, true, false)
MIP16_MIXED(mip16_mixed_ww, true, true)
#undef MIP16_MIXED
#endif

static inline void mip_u8x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                            const bool full, const bool wu, const bool wv)
{
#ifdef __AVX512F__
    if (full && p->st.min_filter != VSMP_FILTER_NEAREST && stage16_ok(p, full)) {
        __m512 sq[2];
        unsigned s = spans16(p, m, sq);
        if (s != SPANS16_YES) {
            if (mip16_u8x4(p, m, r, wu, wv, s == SPANS16_NO ? sq : NULL))
                return;
        } else if (wu ? (wv ? mip16_mixed_ww(p, m, r, sq[0], sq[1])
                            : mip16_mixed_wc(p, m, r, sq[0], sq[1]))
                      : (wv ? mip16_mixed_cw(p, m, r, sq[0], sq[1])
                            : mip16_mixed_cc(p, m, r, sq[0], sq[1])))
            return;
    }
#endif
    mip8_x4(p, m, r, full, wu, wv, false);
}

MIP_FAMILY(vsmp_sample_mip_u8x4_avx2, mip_u8x4)

#if !defined(VSMP_AVX512_LEVEL) && !defined(VSMP_GATHER_LOADS)
/* ---- 2D surfaces and arrays of one 8-bit channel in a 1-byte texel (R8, A8, R8_SNORM), no
 * mips (point, bilinear) ----
 *
 * flat_u8x4's index arithmetic (grid8_flat: the same texels and weights), with loads as narrow
 * as the texels: 8 lanes reading 8 consecutive bytes (a message along a row: OpenCL's kernels
 * over the x axis) take one 64-bit load, a bilinear row's two taps of a lane one 32-bit word
 * (the word ending with the second tap); only the real channel is decoded and filtered, the
 * constant ones only when a border colour is read. Results are never NaN (bytes, and a border
 * colour without NaN: the row's F_BORDER_OK): no NaN rewrite. */

/* The bytes at offsets off of 8 lanes in the low bytes of 32-bit lanes (the rest zero): a run
 * by one 64-bit load, two quads by a 32-bit load of each row, else the 32-bit word ending with
 * each (from byte 0 for the surface's first bytes; the surface has at least 4), shifted down. */
static inline __m256i r8_bytes(const uint8_t *mem, uint32_t size, __m256i off)
{
    uint32_t o0, o1;
    switch (chan1_shape(off, size, 1, 8, 8, &o0, &o1)) {
    case CHAN1_RUN:
        return _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(mem + o0)));
    case CHAN1_QUADS: {
        int wa, wb;
        memcpy(&wa, mem + o0, 4), memcpy(&wb, mem + o1, 4);
        /* a0 a1 b0 b1 a2 a3 b2 b3: the lanes' order */
        return _mm256_cvtepu8_epi32(
            _mm_unpacklo_epi16(_mm_cvtsi32_si128(wa), _mm_cvtsi32_si128(wb)));
    }
    }
    __m256i a =
        _mm256_max_epi32(_mm256_sub_epi32(off, _mm256_set1_epi32(3)), _mm256_setzero_si256());
    __m256i w = loads8((const int *)mem, a);
    w = _mm256_srlv_epi32(w, _mm256_slli_epi32(_mm256_sub_epi32(off, a), 3));
    return _mm256_and_si256(w, _mm256_set1_epi32(0xff));
}

/* The bytes at off and off + 1 of 8 lanes (a bilinear row's taps when they are neighbours, off
 * + 1 inside the surface): a run by two 64-bit loads, two quads by a 64-bit load of each row
 * (5 bytes of each used), else one 32-bit word a lane, the word ending with the second byte
 * (from byte 0 at the surface's start). */
static inline void r8_pairs(const uint8_t *mem, uint32_t size, __m256i off, __m256i *a, __m256i *b)
{
    uint32_t o0, o1;
    switch (chan1_shape(off, size, 1, 9, 9, &o0, &o1)) {
    case CHAN1_RUN:
        *a = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(mem + o0)));
        *b = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(mem + o0 + 1)));
        return;
    case CHAN1_QUADS: {
        __m128i qa = _mm_loadl_epi64((const __m128i *)(mem + o0));
        __m128i qb = _mm_loadl_epi64((const __m128i *)(mem + o1));
        *a = _mm256_cvtepu8_epi32(_mm_unpacklo_epi16(qa, qb));
        *b = _mm256_cvtepu8_epi32(_mm_unpacklo_epi16(_mm_srli_epi64(qa, 8), _mm_srli_epi64(qb, 8)));
        return;
    }
    }
    __m256i s =
        _mm256_max_epi32(_mm256_sub_epi32(off, _mm256_set1_epi32(2)), _mm256_setzero_si256());
    __m256i w = loads8((const int *)mem, s);
    w = _mm256_srlv_epi32(w, _mm256_slli_epi32(_mm256_sub_epi32(off, s), 3));
    __m256i ff = _mm256_set1_epi32(0xff);
    *a = _mm256_and_si256(w, ff), *b = _mm256_and_si256(_mm256_srli_epi32(w, 8), ff);
}

/* Bytes (low bytes of 32-bit lanes) as channel c's values: UNORM as b / 255 (unorm8 of the
 * byte tripled by a shuffle), otherwise the plan's table. */
static inline __m256 r8_dec(const vsmp_plan *p, int c, bool unorm, __m256i b)
{
    if (unorm) {
        const __m256i tri =
            _mm256_setr_epi8(0, 0, 0, -128, 4, 4, 4, -128, 8, 8, 8, -128, 12, 12, 12, -128, 0, 0, 0,
                             -128, 4, 4, 4, -128, 8, 8, 8, -128, 12, 12, 12, -128);
        return unorm8(_mm256_shuffle_epi8(b, tri));
    }
    return _mm256_castsi256_ps(loads8((const int *)p->lut[c], _mm256_slli_epi32(b, 2)));
}

static inline bool r8_group(const vsmp_plan *p, const view8 *lv, __m256 x, __m256 y, bool linear,
                            unsigned mu, unsigned mv, int c, bool unorm, __m256 out[4])
{
    grid8 g;
    if (!grid8_flat(lv, x, y, linear, mu, mv, &g))
        return false;
    const uint8_t *mem = p->s->mem;
    uint32_t size = (uint32_t)p->s->d.data_size;
    if (!linear) {
        __m256 v = r8_dec(p, c, unorm, r8_bytes(mem, size, chan1_off(lv, g.xa, g.ya, 1)));
        chan1_texel(p, c, v, g.border, _mm256_or_si256(g.oxa, g.oya), out);
        return true;
    }
    __m256i oa = chan1_off(lv, g.xa, g.ya, 1), ob = chan1_off(lv, g.xa, g.yb, 1);
    __m256i ba, bb, bc, bd;
    if (grid8_pairs(&g)) {
        r8_pairs(mem, size, oa, &ba, &bb);
        r8_pairs(mem, size, ob, &bc, &bd);
    } else {
        __m256i dx = _mm256_sub_epi32(g.xb, g.xa);
        ba = r8_bytes(mem, size, oa), bb = r8_bytes(mem, size, _mm256_add_epi32(oa, dx));
        bc = r8_bytes(mem, size, ob), bd = r8_bytes(mem, size, _mm256_add_epi32(ob, dx));
    }
    __m256 a = r8_dec(p, c, unorm, ba), b = r8_dec(p, c, unorm, bb);
    __m256 cc = r8_dec(p, c, unorm, bc), d = r8_dec(p, c, unorm, bd);
    chan1_bilinear(p, &g, c, a, b, cc, d, out);
    return true;
}

static inline void flat_r8(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                           const bool linear, const unsigned mu, const unsigned mv, const bool full)
{
    int c = 0;
    while (c < 3 && p->byte_of[c] == 0xff)
        c++;
    bool unorm = p->ch_kind[c] == 1;
#define R8_FETCH(v, x, y, t, q) r8_group(p, v, x, y, linear, mu, mv, c, unorm, (t)->o)
    FLAT8_FRAME(p, m, r, linear, full, false, out8, R8_FETCH, OUT8_TAKE);
#undef R8_FETCH
}

FLAT_FAMILY(vsmp_sample_flat_r8_avx2, flat_r8)
#endif /* VSMP_AVX512_LEVEL, VSMP_GATHER_LOADS */
