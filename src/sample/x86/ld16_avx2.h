/* SPDX-License-Identifier: MIT */
/*
 * ld of 4-byte texels of four 8-bit channels at the AVX2 level, 16 lanes a message: the kernel
 * of UINT and SINT channels (sample_avx2_ld8i.c), declared for the fast-path table, and what it
 * shares with sample_avx2_u8.c's ld of RGBA8 (UNORM): whether a SIMD16 message reads level 0
 * (ld_lz16) and the texels of one whose coordinates are a shape16 shape inside the level
 * (ld16_u8x4). The helpers are for the kernels (compiled with AVX2: included after
 * stages_avx2.h and point16_avx2.h); table.c reads the declaration alone.
 */
#ifndef VSMP_LD16_AVX2_H
#define VSMP_LD16_AVX2_H

#include "../fast/fast.h"

/* ld (ld_lz, load_l) of four 8-bit UINT or SINT channels filling a 4-byte texel (R8G8B8A8_UINT,
 * R8G8B8A8_SINT...) on a 2D surface at the AVX2 level: a SIMD16 message with every lane on at
 * level 0 whose coordinates are four 2x2 quads, a run of 16 or two rows of 8 (shape16) inside
 * the level is read by two 32-byte loads, each channel's byte zero- or sign-extended to its word
 * by one shuffle a half; every other message (and a resident surface's) runs vsmp_ld_2d_avx2. */
void vsmp_ld_int8x4_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);

#ifdef __AVX2__
/* Whether every lane of a SIMD16 message with every lane on reads level 0: ld_lz, or ld without
 * a LOD or with its 16 lanes' all 0. */
static inline bool ld_lz16(const vsmp_plan *p, const vsmp_message *m)
{
    const uint32_t *lods = p->op == VSMP_SUB_LD_LZ ? NULL : m->param[VSMP_P_LOD];
    if (!lods)
        return true;
    __m256i a = _mm256_loadu_si256((const __m256i *)lods);
    __m256i b = _mm256_loadu_si256((const __m256i *)(lods + 8));
    return _mm256_testz_si256(_mm256_or_si256(a, b), _mm256_or_si256(a, b));
}

/* The 4-byte texels of a SIMD16 message with every lane on at level 0 whose coordinates are a
 * shape16 shape inside the level, lanes 0-7 in px[0] and 8-15 in px[1]: the shape tested on the
 * coordinates (no per-lane offsets), the level's bounds by one comparison an axis (lane 0's
 * column and row plus the shape's extent, in 64 bits: no wrap past 2^32), the texels by
 * texels16_u8x4. @return false (nothing read) for any other message. */
static inline bool ld16_u8x4(const vsmp_plan *p, const vsmp_message *m, __m256i px[2])
{
    const uint32_t *pu = m->param[VSMP_P_U], *pv = m->param[VSMP_P_V];
    if (!pu || !pv)
        return false;
    __m256i x[2] = {_mm256_loadu_si256((const __m256i *)pu),
                    _mm256_loadu_si256((const __m256i *)(pu + 8))};
    __m256i y[2] = {_mm256_loadu_si256((const __m256i *)pv),
                    _mm256_loadu_si256((const __m256i *)(pv + 8))};
    int shape = shape16(x, y, _mm256_set1_epi32((int)pu[0]), _mm256_set1_epi32((int)pv[0]));
    /* columns u0 .. u0 + 7 (quads, rows of 8) or + 15 (a run) and rows v0 (.. v0 + 1) inside
     * the level */
    const vsmp_level_view *l = &p->lv[p->base];
    if (shape == SHAPE16_NONE || (uint64_t)pu[0] + shape16_cols(shape) > l->w ||
        (uint64_t)pv[0] + shape16_rows(shape) > l->h)
        return false;
    texels16_u8x4((const uint8_t *)p->s->mem + l->off + (size_t)pv[0] * l->pitch + 4 * pu[0],
                  l->pitch, shape, px);
    return true;
}
#endif

#endif
