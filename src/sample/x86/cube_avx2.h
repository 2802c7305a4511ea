/* SPDX-License-Identifier: MIT */
/*
 * Cube faces for 8 lanes (include only from files compiled with -mavx2): the reference's
 * vsmp_cube_face and vsmp_cube_face_derivs (src/sample/sample_ref.c), the same float
 * operations in the same order, each lane's face case chosen by blends instead of branches.
 */
#ifndef VSMP_CUBE_AVX2_H
#define VSMP_CUBE_AVX2_H

#include <immintrin.h>

typedef struct cube8 {
    __m256i face; /* +X -X +Y -Y +Z -Z = 0..5 */
    __m256 s, t;  /* face coordinates, normalized */
} cube8;

static inline __m256 cube_neg8(__m256 x)
{
    return _mm256_xor_ps(x, _mm256_set1_ps(-0.0f));
}

/* vsmp_cube_face: major axis (ties prefer z over y over x), sc, tc and ma of its face. */
static inline cube8 cube_face8(__m256 d0, __m256 d1, __m256 d2)
{
    __m256 abs = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    __m256 ax = _mm256_and_ps(d0, abs), ay = _mm256_and_ps(d1, abs), az = _mm256_and_ps(d2, abs);
    __m256 zsel =
        _mm256_and_ps(_mm256_cmp_ps(az, ay, _CMP_GE_OQ), _mm256_cmp_ps(az, ax, _CMP_GE_OQ));
    __m256 ysel = _mm256_andnot_ps(zsel, _mm256_cmp_ps(ay, ax, _CMP_GE_OQ));
    __m256 z = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
    __m256 p0 = _mm256_cmp_ps(d0, z, _CMP_GE_OQ), p1 = _mm256_cmp_ps(d1, z, _CMP_GE_OQ);
    __m256 p2 = _mm256_cmp_ps(d2, z, _CMP_GE_OQ);
    cube8 f;
    /* 2 axis + 1 for the negative side: the "d >= 0" masks are -1 */
    __m256i fx = _mm256_add_epi32(_mm256_set1_epi32(1), _mm256_castps_si256(p0));
    __m256i fy = _mm256_add_epi32(_mm256_set1_epi32(3), _mm256_castps_si256(p1));
    __m256i fz = _mm256_add_epi32(_mm256_set1_epi32(5), _mm256_castps_si256(p2));
    f.face = _mm256_castps_si256(
        _mm256_blendv_ps(_mm256_blendv_ps(_mm256_castsi256_ps(fx), _mm256_castsi256_ps(fy), ysel),
                         _mm256_castsi256_ps(fz), zsel));
    __m256 sc = _mm256_blendv_ps(_mm256_blendv_ps(d2, cube_neg8(d2), p0), d0, ysel);
    sc = _mm256_blendv_ps(sc, _mm256_blendv_ps(cube_neg8(d0), d0, p2), zsel);
    __m256 tc = _mm256_blendv_ps(cube_neg8(d1), _mm256_blendv_ps(cube_neg8(d2), d2, p1), ysel);
    __m256 ma = _mm256_blendv_ps(_mm256_blendv_ps(ax, ay, ysel), az, zsel);
    ma = _mm256_blendv_ps(ma, one, _mm256_cmp_ps(ma, z, _CMP_EQ_OQ)); /* the zero vector */
    __m256 half = _mm256_set1_ps(0.5f);
    f.s = _mm256_mul_ps(half, _mm256_add_ps(_mm256_div_ps(sc, ma), one));
    f.t = _mm256_mul_ps(half, _mm256_add_ps(_mm256_div_ps(tc, ma), one));
    return f;
}

/* vsmp_cube_face_derivs: the derivatives (o0, o1) of the face coordinates on each lane's face
 * for direction d and its derivative dd: (dsc ma - sc dma) / (2 ma ma), the same for t. */
static inline void cube_derivs8(__m256i face, __m256 d0, __m256 d1, __m256 d2, __m256 dd0,
                                __m256 dd1, __m256 dd2, __m256 *o0, __m256 *o1)
{
    __m256 f0 = _mm256_castsi256_ps(_mm256_cmpeq_epi32(face, _mm256_setzero_si256()));
    __m256 f1 = _mm256_castsi256_ps(_mm256_cmpeq_epi32(face, _mm256_set1_epi32(1)));
    __m256 f2 = _mm256_castsi256_ps(_mm256_cmpeq_epi32(face, _mm256_set1_epi32(2)));
    __m256 f3 = _mm256_castsi256_ps(_mm256_cmpeq_epi32(face, _mm256_set1_epi32(3)));
    __m256 f5 = _mm256_castsi256_ps(_mm256_cmpeq_epi32(face, _mm256_set1_epi32(5)));
    /* sc: -d2 (+X), d2 (-X), -d0 (-Z), d0 otherwise; tc: d2 (+Y), -d2 (-Y), -d1 otherwise */
    __m256 sc = _mm256_blendv_ps(_mm256_blendv_ps(d0, cube_neg8(d0), f5), d2, f1);
    sc = _mm256_blendv_ps(sc, cube_neg8(d2), f0);
    __m256 dsc = _mm256_blendv_ps(_mm256_blendv_ps(dd0, cube_neg8(dd0), f5), dd2, f1);
    dsc = _mm256_blendv_ps(dsc, cube_neg8(dd2), f0);
    __m256 tc = _mm256_blendv_ps(_mm256_blendv_ps(cube_neg8(d1), d2, f2), cube_neg8(d2), f3);
    __m256 dtc = _mm256_blendv_ps(_mm256_blendv_ps(cube_neg8(dd1), dd2, f2), cube_neg8(dd2), f3);
    /* the major axis' component, times the face's sign */
    __m256 xs = _mm256_or_ps(f0, f1), ys = _mm256_or_ps(f2, f3);
    __m256 a = _mm256_blendv_ps(_mm256_blendv_ps(d2, d1, ys), d0, xs);
    __m256 da = _mm256_blendv_ps(_mm256_blendv_ps(dd2, dd1, ys), dd0, xs);
    __m256 odd = _mm256_castsi256_ps(
        _mm256_cmpeq_epi32(_mm256_and_si256(face, _mm256_set1_epi32(1)), _mm256_set1_epi32(1)));
    __m256 one = _mm256_set1_ps(1.0f);
    __m256 sgn = _mm256_blendv_ps(one, _mm256_set1_ps(-1.0f), odd);
    __m256 ma = _mm256_mul_ps(sgn, a), dma = _mm256_mul_ps(sgn, da);
    ma = _mm256_blendv_ps(ma, one, _mm256_cmp_ps(ma, _mm256_setzero_ps(), _CMP_EQ_OQ));
    __m256 den = _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(2.0f), ma), ma);
    *o0 = _mm256_div_ps(_mm256_sub_ps(_mm256_mul_ps(dsc, ma), _mm256_mul_ps(sc, dma)), den);
    *o1 = _mm256_div_ps(_mm256_sub_ps(_mm256_mul_ps(dtc, ma), _mm256_mul_ps(tc, dma)), den);
}

#endif
