/* SPDX-License-Identifier: MIT */
/*
 * The bilinear grid of a SIMD16 message in 16 lanes at once, for the AVX2 level's 16-lane
 * bilinear kernels of one channel (sample_avx2_r8.c's R8 and A8, sample_avx2_r16.c's R16 and
 * R16_FLOAT): grid8_flat's taps and weights for each half of 8 lanes, and whether the taps are in
 * a shape a few whole loads read. Included after stages_avx2.h and point16_avx2.h (a header of
 * its own: a change here recompiles these kernels alone).
 */
#ifndef VSMP_BIL16_AVX2_H
#define VSMP_BIL16_AVX2_H

/* A message's grid: each half's (lanes 0-7, 8-15), the shape of the first taps (shape16), lane
 * 0's first column and row (x0, y0) and the rows of the second taps under the shape's first and
 * second row (yb0, yb1; a run's second row unused). */
typedef struct bil16 {
    grid8 g[2];
    int shape;
    uint32_t x0, y0, yb0, yb1;
} bil16;

/* The grid of a bilinear SIMD16 message with every lane on, CLAMP or WRAP axes (mu, mv):
 * grid8_flat's taps and weights for each half (the coordinates scaled by the level's size unless
 * unnormalized); @return true when every lane's second tap along x is the texel after its first
 * (xb = xa + 1), the first taps are a shape (shape16) and each of the shape's rows has one yb
 * (lane 0's, and lane 2's of quads or lane 8's of rows of 8): the second row of taps is then the
 * same shape on rows yb0 (and yb1), and each row's second taps the texels after its first (texels
 * lanes read: the columns up to lane 15's or lane 7's xb). false otherwise (a lane whose index
 * needs the general arithmetic, or taps in no such shape): b is then not for use. */
static inline bool bil16_grid(const vsmp_plan *p, const vsmp_message *m, const unsigned mu,
                              const unsigned mv, bil16 *b)
{
    const vsmp_level_view *l = &p->lv[p->base];
    const bool nn = p->st.non_normalized;
    view8 lv = {0}; /* (grid8_flat reads the sizes alone) */
    lv.w = _mm256_set1_epi32((int)l->w), lv.h = _mm256_set1_epi32((int)l->h);
    __m256 fw = _mm256_set1_ps(l->fw), fh = _mm256_set1_ps(l->fh);
    grid8 *g = b->g;
    for (int h = 0; h < 2; h++) {
        __m256 x = paramf8_in(m, VSMP_P_U, 8 * h, true), y = paramf8_in(m, VSMP_P_V, 8 * h, true);
        if (!nn)
            x = _mm256_mul_ps(x, fw), y = _mm256_mul_ps(y, fh);
        if (!grid8_flat(&lv, x, y, true, mu, mv, &g[h]))
            return false;
    }
    const __m256i one = _mm256_set1_epi32(1);
    __m256i nx = _mm256_or_si256(_mm256_xor_si256(g[0].xb, _mm256_add_epi32(g[0].xa, one)),
                                 _mm256_xor_si256(g[1].xb, _mm256_add_epi32(g[1].xa, one)));
    if (!_mm256_testz_si256(nx, nx))
        return false;
    const __m256i xa[2] = {g[0].xa, g[1].xa}, ya[2] = {g[0].ya, g[1].ya};
    int shape = b->shape = shape16_of(xa, ya);
    if (shape == SHAPE16_NONE)
        return false;
    /* the second taps' rows: lane 0's and the second row's, every lane's its row's (CLAMP's yb
     * is not a function of ya: below 0 and at 0 both clamp to row 0, their yb 0 and 1) */
    const __m256i q = _mm256_setr_epi32(0, 0, 2, 2, 0, 0, 2, 2), z = _mm256_setzero_si256();
    __m256i yb0 = _mm256_permutevar8x32_epi32(g[0].yb, shape == SHAPE16_QUADS ? q : z);
    __m256i yb1 = shape == SHAPE16_ROWS ? _mm256_permutevar8x32_epi32(g[1].yb, z) : yb0;
    __m256i rb = _mm256_or_si256(_mm256_xor_si256(g[0].yb, yb0), _mm256_xor_si256(g[1].yb, yb1));
    if (!_mm256_testz_si256(rb, rb))
        return false;
    b->x0 = (uint32_t)_mm256_cvtsi256_si32(xa[0]), b->y0 = (uint32_t)_mm256_cvtsi256_si32(ya[0]);
    b->yb0 = (uint32_t)_mm256_cvtsi256_si32(g[0].yb);
    b->yb1 = shape == SHAPE16_QUADS ? (uint32_t)_mm256_extract_epi32(g[0].yb, 2)
                                    : (uint32_t)_mm256_cvtsi256_si32(g[1].yb);
    return true;
}

#endif
