/* SPDX-License-Identifier: MIT */
/*
 * The AVX2 sampling kernel for every format and surface type the AVX2 level takes (8-bit,
 * float32, float16 and BC1 texels on 2D surfaces, arrays, 3D surfaces and cubes): the stages of
 * stages_avx2.h over a message, 8 lanes at a time. Messages with a partial quad take the
 * baseline C LOD stage (vsmp_fast_lanes). BC1 texels are sample_avx2_bc.c's; RGBA8-class
 * surfaces have kernels of their own in sample_avx2_u8.c.
 */
#include "stages_avx2.h"

/* The kernel body, compiled twice: for 2D surfaces and arrays, and for 3D surfaces. */
static inline void sample_body(const vsmp_plan *p, const bool three, const vsmp_message *m,
                               vsmp_result *r)
{
    if (p->s->resident) {
        p->run(p, m, r);
        return;
    }
    fast_lanes fl;
    unsigned simd = m->simd, n8 = (simd + 7) & ~7u;
    bool vector_stage = simd % 4 == 0;
    if (!vector_stage) { /* a partial quad: the scalar stage */
        if (!vsmp_fast_lanes(p, m, &fl)) {
            p->run(p, m, r);
            return;
        }
        for (unsigned l = simd; l < n8; l++) {
            fl.u[l] = fl.v[l] = fl.w[l] = fl.frac[l] = fl.ax[l] = fl.ay[l] = fl.az[l] = 0.0f;
            fl.l0[l] = fl.l1[l] = p->base;
            fl.taps[l] = 1, fl.layer[l] = 0;
        }
    }
    bool linear = p->st.min_filter != VSMP_FILTER_NEAREST;
    for (unsigned g = 0; g < n8; g += 8) {
        __m256 u, v, w, frac;
        __m256i l0, l1, layer;
        aniso8 an;
        if (vector_stage) {
            lanes8 o = stage8(p, three, m, g, false);
            if (!_mm256_testz_ps(o.an.bad, o.an.bad)) {
                p->run(p, m, r); /* rewrites every enabled lane */
                return;
            }
            u = o.u, v = o.v, w = o.w, frac = o.frac, l0 = o.l0, l1 = o.l1, an = o.an;
            layer = o.layer;
        } else {
            int32_t nt[8];
            for (unsigned l = 0; l < 8; l++)
                nt[l] = fl.taps[g + l];
            an.n = _mm256_loadu_si256((const __m256i *)nt);
            an.ax = _mm256_loadu_ps(fl.ax + g), an.ay = _mm256_loadu_ps(fl.ay + g);
            an.az = _mm256_loadu_ps(fl.az + g), w = _mm256_loadu_ps(fl.w + g);
            an.bad = _mm256_setzero_ps();
            u = _mm256_loadu_ps(fl.u + g), v = _mm256_loadu_ps(fl.v + g);
            frac = _mm256_loadu_ps(fl.frac + g);
            l0 = _mm256_loadu_si256((const __m256i *)(fl.l0 + g));
            l1 = _mm256_loadu_si256((const __m256i *)(fl.l1 + g));
            layer = _mm256_loadu_si256((const __m256i *)(fl.layer + g));
        }
        __m256 t[4];
        mip8(p, three, l0, l1, layer, u, v, w, frac, linear, &an, t);
        __m256 qnan = _mm256_castsi256_ps(_mm256_set1_epi32((int)VSMP_NAN_BITS));
        for (int c = 0; c < 4; c++) /* NaN results as the reference returns them */
            t[c] = _mm256_blendv_ps(t[c], qnan, _mm256_cmp_ps(t[c], t[c], _CMP_UNORD_Q));
        store8(r, m, g, t);
    }
}

#ifdef __AVX512F__
/* The AVX-512 level's anisotropic filter of four 8-bit UNORM channels (u8x4) on a 2D surface or
 * array in WRAP or CLAMP, for a SIMD16 message of every lane: each group's LOD stage (stage8),
 * then each level's taps, at8's in its order: every group's tap fetched as level8_any fetches it
 * (fetch8_u8x4, the level's view found once, not per tap), and both groups' taps filtered and
 * summed 16 lanes at once (level16_2d; at8's sum, division and blend), mip8's blend of the two
 * levels alike. The same operations on the same values as sample_body: the same result words. */
static inline bool aniso16_ok(const vsmp_plan *p, const vsmp_message *m)
{
    unsigned mu = p->st.address[0], mv = p->st.address[1];
    return full16(m) && p->dims == 2 && p->s->d.type != VSMP_SURFTYPE_CUBE && u8x4(p) &&
           p->st.min_filter == VSMP_FILTER_ANISOTROPIC && !p->lod_unused &&
           (mu == VSMP_TCM_WRAP || mu == VSMP_TCM_CLAMP) &&
           (mv == VSMP_TCM_WRAP || mv == VSMP_TCM_CLAMP);
}

/* at8 of both groups at level l0 (second: l1); false (nothing done) when a tap needs the
 * general index arithmetic. */
static inline bool aniso16_level(const vsmp_plan *p, const lanes8 o[2], const bool second,
                                 __m512 out[4])
{
    const bool wu = p->st.address[0] == VSMP_TCM_WRAP, wv = p->st.address[1] == VSMP_TCM_WRAP;
    view8 lv[2];
    __m512i px[4];
    for (unsigned g = 0; g < 2; g++) {
        lv[g] = gather_view(p, second ? o[g].l1 : o[g].l0);
        if (layered(p))
            lv[g].slice = _mm256_mullo_epi32(o[g].layer, lv[g].spitch);
    }
    __m512i n = join16i(o[0].an.n, o[1].an.n), one = _mm512_set1_epi32(1);
    __mmask16 multi = _mm512_cmpgt_epi32_mask(n, one);
    __m512 u = join16(o[0].u, o[1].u), v = join16(o[0].v, o[1].v), wx, wy;
    __m512 fw = join16(lv[0].fw, lv[1].fw), fh = join16(lv[0].fh, lv[1].fh);
    view16 v16 = {
        join16i(lv[0].w, lv[1].w), join16i(lv[0].h, lv[1].h),
        join16i(_mm256_add_epi32(lv[0].off, lv[0].slice), _mm256_add_epi32(lv[1].off, lv[1].slice)),
        join16i(lv[0].pitch, lv[1].pitch)};
    if (multi != 0xffff) { /* lanes of one tap (at8's first level8) */
        if (!fetch16_u8x4(p, &v16, _mm512_mul_ps(u, fw), _mm512_mul_ps(v, fh), wu, wv, px, &wx,
                          &wy))
            return false;
        for (int c = 0; c < 4; c++)
            out[c] = bilinear16_px(p, c, px, wx, wy);
        if (!multi)
            return true;
    }
    int nmax = _mm512_reduce_max_epi32(n);
    __m512 nf = _mm512_cvtepi32_ps(n), half = _mm512_set1_ps(0.5f);
    __m512 ax = join16(o[0].an.ax, o[1].an.ax), ay = join16(o[0].an.ay, o[1].an.ay);
    __m512 acc[4] = {_mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps(),
                     _mm512_setzero_ps()};
    for (int k = 0; k < nmax; k++) {
        __mmask16 on = _mm512_cmpgt_epi32_mask(n, _mm512_set1_epi32(k));
        __m512 f =
            _mm512_sub_ps(_mm512_div_ps(_mm512_add_ps(_mm512_set1_ps((float)k), half), nf), half);
        __m512 x = _mm512_add_ps(u, _mm512_mul_ps(ax, f)),
               y = _mm512_add_ps(v, _mm512_mul_ps(ay, f));
        if (!fetch16_u8x4(p, &v16, _mm512_mul_ps(x, fw), _mm512_mul_ps(y, fh), wu, wv, px, &wx,
                          &wy))
            return false;
        _Pragma("GCC unroll 4") for (int c = 0; c < 4; c++)
        {
            acc[c] = _mm512_mask_add_ps(acc[c], on, acc[c], bilinear16_px(p, c, px, wx, wy));
        }
    }
    for (int c = 0; c < 4; c++)
        out[c] = _mm512_mask_blend_ps(multi, out[c], _mm512_div_ps(acc[c], nf));
    return true;
}

/* sample_body for aniso16_ok's messages; false (nothing stored) where it takes them. */
static inline bool aniso16_u8x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    lanes8 o[2];
    for (unsigned g = 0; g < 2; g++) {
        o[g] = stage8(p, false, m, 8 * g, true);
        if (!_mm256_testz_ps(o[g].an.bad, o[g].an.bad))
            return false;
    }
    __m512 a[4], b[4];
    if (!aniso16_level(p, o, false, a))
        return false;
    __mmask16 same = (__mmask16)(_mm256_cmpeq_epi32_mask(o[0].l0, o[0].l1) |
                                 _mm256_cmpeq_epi32_mask(o[1].l0, o[1].l1) << 8);
    if (same != 0xffff) {
        if (!aniso16_level(p, o, true, b))
            return false;
        __m512 frac = join16(o[0].frac, o[1].frac);
        for (int c = 0; c < 4; c++)
            a[c] = _mm512_mask_blend_ps(same, lerp16(a[c], b[c], frac), a[c]);
    }
    __m512 qnan = _mm512_castsi512_ps(_mm512_set1_epi32((int)VSMP_NAN_BITS));
    for (int c = 0; c < 4; c++) /* NaN results as the reference returns them */
        _mm512_storeu_ps(
            (float *)r->c[c],
            _mm512_mask_blend_ps(_mm512_cmp_ps_mask(a[c], a[c], _CMP_UNORD_Q), a[c], qnan));
    return true;
}
#endif

/* sample_body with the level stage inlined, per dimensionality. */
FLATTEN static void sample_body_2d(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
#ifdef __AVX512F__
    if (aniso16_ok(p, m) && !p->s->resident && aniso16_u8x4(p, m, r))
        return;
#endif
    sample_body(p, false, m, r);
}

FLATTEN static void sample_body_3d(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    sample_body(p, true, m, r);
}

/* 2D surfaces and arrays whose results do not depend on lambda (point and bilinear without
 * mips): one level, one tap, no LOD stage; sample_body's steps for that case, in one body. */
FLATTEN static void sample_flat_2d(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    unsigned n8 = (m->simd + 7) & ~7u;
    bool linear = p->st.min_filter != VSMP_FILTER_NEAREST;
    __m256i level = _mm256_set1_epi32((int)p->base);
    __m256 qnan = _mm256_castsi256_ps(_mm256_set1_epi32((int)VSMP_NAN_BITS));
    for (unsigned g = 0; g < n8; g += 8) {
        __m256 t[4];
        level8_any(p, false, level, layer8(p, m, g), paramf8(m, VSMP_P_U, g),
                   paramf8(m, VSMP_P_V, g), _mm256_setzero_ps(), linear, t);
        for (int c = 0; c < 4; c++) /* NaN results as the reference returns them */
            t[c] = _mm256_blendv_ps(t[c], qnan, _mm256_cmp_ps(t[c], t[c], _CMP_UNORD_Q));
        store8(r, m, g, t);
    }
}

void vsmp_sample_2d_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    /* unnormalized coordinates: 2D, min and mag filters alike, not anisotropic (the plan's
     * rule): the base level whatever lambda */
    bool flat = p->lod_unused || p->st.non_normalized;
    if (flat && p->dims == 2 && p->s->d.type != VSMP_SURFTYPE_CUBE && !p->s->resident) {
        sample_flat_2d(p, m, r);
        return;
    }
    if (p->dims >= 3)
        sample_body_3d(p, m, r);
    else
        sample_body_2d(p, m, r);
}

/* ---- ld of every format the generic decoder takes (integer formats, R16, float...) ----
 *
 * 2D surfaces (not arrays): each lane's level (lod < the view's levels), range checks, the
 * texel's byte offset (out of range: 0, whose decode is discarded), the channels decoded by
 * chan8 and the zero texel's words where out of range (vsmp_ref_load). */
static inline void ld_gen(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                          const bool full)
{
    unsigned n8 = full ? 16 : (m->simd + 7u) & ~7u;
    __m256i one = _mm256_set1_epi32(1), bytes = _mm256_set1_epi32((int)p->s->fi->bytes);
    __m256i top = _mm256_set1_epi32((int)p->nlev - 1), base = _mm256_set1_epi32((int)p->base);
    const uint32_t *lods = p->op == VSMP_SUB_LD_LZ ? NULL : m->param[VSMP_P_LOD];
    /* every lane at level 0 (no LOD, or its SIMD16 lanes all 0): one view for the message */
    bool lz = !lods;
    if (full && lods) {
        __m256i a = _mm256_loadu_si256((const __m256i *)lods);
        __m256i b = _mm256_loadu_si256((const __m256i *)(lods + 8));
        lz = _mm256_testz_si256(_mm256_or_si256(a, b), _mm256_or_si256(a, b));
    }
    __m256 zero[4];
    for (int c = 0; c < 4; c++)
        zero[c] = _mm256_set1_ps(p->ldzero[c]);
    view8 l0 = gather_view(p, base);
    for (unsigned g = 0; g < n8; g += 8) {
        __m256i u = param8_in(m, VSMP_P_U, g, full), v = param8_in(m, VSMP_P_V, g, full);
        __m256i ok = _mm256_set1_epi32(-1);
        view8 lv = l0;
        if (!lz) {
            __m256i lod = param8_in(m, VSMP_P_LOD, g, full);
            ok = _mm256_cmpeq_epi32(_mm256_min_epu32(lod, top), lod); /* lod < nlev, unsigned */
            lv = gather_view(p, _mm256_add_epi32(base, _mm256_and_si256(lod, ok)));
        }
        /* 0 <= u < w as the unsigned u <= w - 1 */
        __m256i wm1 = _mm256_sub_epi32(lv.w, one), hm1 = _mm256_sub_epi32(lv.h, one);
        __m256i inu = _mm256_cmpeq_epi32(_mm256_min_epu32(u, wm1), u);
        __m256i inv = _mm256_cmpeq_epi32(_mm256_min_epu32(v, hm1), v);
        __m256i in = _mm256_and_si256(ok, _mm256_and_si256(inu, inv));
        __m256i off = _mm256_add_epi32(lv.off, _mm256_add_epi32(_mm256_mullo_epi32(v, lv.pitch),
                                                                _mm256_mullo_epi32(u, bytes)));
        off = _mm256_and_si256(off, in);
        __m256 t[4];
        decode8(p, off, t);
        if (_mm256_movemask_ps(_mm256_castsi256_ps(in)) != 0xff)
            for (int c = 0; c < 4; c++) /* out of range: the zero texel */
                t[c] = _mm256_blendv_ps(zero[c], t[c], _mm256_castsi256_ps(in));
        store8_in(r, m, g, t, full);
    }
}

FLATTEN static void ld_gen16(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    ld_gen(p, m, r, true);
}

FLATTEN static void ld_gen_any(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    ld_gen(p, m, r, false);
}

void vsmp_ld_2d_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    if (p->s->resident)
        p->run(p, m, r);
    else if (full16(m))
        ld_gen16(p, m, r);
    else
        ld_gen_any(p, m, r);
}
