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

/* sample_body with the level stage inlined, per dimensionality. */
FLATTEN static void sample_body_2d(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
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
    if (p->lod_unused && p->dims == 2 && p->s->d.type != VSMP_SURFTYPE_CUBE && !p->s->resident) {
        sample_flat_2d(p, m, r);
        return;
    }
    if (p->dims >= 3)
        sample_body_3d(p, m, r);
    else
        sample_body_2d(p, m, r);
}
