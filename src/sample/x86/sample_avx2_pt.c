/* SPDX-License-Identifier: MIT */
/*
 * The AVX2 level's point kernels of four 8-bit UNORM channels in a 4-byte texel (RGBA8, BGRA8) on
 * 2D surfaces, 16 lanes a message: the point plans of sample_flat_u8x4_avx2 (either load form),
 * CLAMP, WRAP (a power of two) or CLAMP_BORDER axes, which vsmp_point_u8x4_avx2_pick names at plan
 * time (one kernel per pair of axis modes and load form). A SIMD16 message with every lane on is
 * taken whole, as two halves of 8 lanes sharing the plan's constants and the message's tests
 * (point16_avx2.h), when its texels are a shape16 shape (four 2x2 quads, a run of 16, two rows of
 * 8), read by two 32-byte loads (texels16_u8x4), each channel's byte tripled by the plan's
 * shuffle and converted by unorm8_fast (b / 255 exactly, the reference's word). The shape and
 * indices are point16_at's (the shape on the coordinates' truncations, the axis modes on lane 0's
 * index, where that is exact; else pidx8's floor, conversion and modes on integers: the indices
 * grid8_flat gives). A CLAMP_BORDER message off the level in every lane is the border
 * colour (nothing read). Any other message (partial, SIMD32, texels in no such shape, on and off
 * the level at once, or a lane whose index needs more than the 32-bit conversion: NaN,
 * infinities, |x| >= 2^31) runs the family's entry of the plan's load form before anything is
 * stored. Results of these formats are never NaN: no NaN rewrite. Tested against the reference
 * in tests/test_fastpath_r8.c (its RGBA8 and BGRA8 plans) and test_fastpath.c's every_byte.
 */
#include "stages_avx2.h"
#include "flat_r8_avx2.h"
#include "point16_avx2.h"

/* A SIMD16 message with every lane on: @return false, having stored nothing, when the family's
 * kernel must take it. */
static inline bool point16_u8x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                                const unsigned mu, const unsigned mv)
{
    const float *pu = (const float *)m->param[VSMP_P_U], *pv = (const float *)m->param[VSMP_P_V];
    if (!pu || !pv)
        return false;
    const vsmp_level_view *l = &p->lv[p->base];
    /* the coordinates' scale (unnormalized: 1, x * 1 the word of x, a NaN a NaN) */
    static const float unit = 1.0f;
    const bool nn = p->st.non_normalized;
    __m256 sx = _mm256_broadcast_ss(nn ? &unit : &l->fw),
           sy = _mm256_broadcast_ss(nn ? &unit : &l->fh);
    const __m256 x[2] = {_mm256_mul_ps(_mm256_loadu_ps(pu), sx),
                         _mm256_mul_ps(_mm256_loadu_ps(pu + 8), sx)};
    const __m256 y[2] = {_mm256_mul_ps(_mm256_loadu_ps(pv), sy),
                         _mm256_mul_ps(_mm256_loadu_ps(pv + 8), sy)};
    int shape = SHAPE16_NONE;
    uint32_t x0 = 0, y0 = 0;
    int at = point16_at(mu, mv, x, y, l, &shape, &x0, &y0);
    if (at < 0)
        return false;
    /* (the message read whole before the first store; the plan's values read between the
     * stores: r is not the plan) */
    if (!at) { /* off the level in every lane (CLAMP_BORDER): the border colour, nothing read */
        for (int c = 0; c < 4; c++) {
            __m256 b = _mm256_set1_ps(p->border[c]);
            _mm256_storeu_ps((float *)r->c[c], b), _mm256_storeu_ps((float *)r->c[c] + 8, b);
        }
        return true;
    }
    __m256i px[2];
    texels16_u8x4((const uint8_t *)p->s->mem + l->off + (size_t)y0 * l->pitch + 4 * (size_t)x0,
                  l->pitch, shape, px);
    for (int c = 0; c < 4; c++) {
        __m256i shuf = u8shuf8(p, c);
        _mm256_storeu_ps((float *)r->c[c], unorm8_fast(_mm256_shuffle_epi8(px[0], shuf)));
        _mm256_storeu_ps((float *)r->c[c] + 8, unorm8_fast(_mm256_shuffle_epi8(px[1], shuf)));
    }
    return true;
}

/* Each kernel compiled whole for its pair of modes and load form (the entry its other messages
 * run: fb), starting on a 64-byte boundary (as sample_avx2_r8.c's). FLAT_KINDS' bilinear kinds
 * are named too (their table's places) but never picked. */
#if defined(__GNUC__)
#define PT16_FN __attribute__((flatten, aligned(64)))
#else
#define PT16_FN
#endif
#define PT16_ONE(name, fb, linear, mu, mv)                                                         \
    PT16_FN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)            \
    {                                                                                              \
        if ((linear) || !full16(m) || !point16_u8x4(p, m, r, mu, mv))                              \
            fb(p, m, r);                                                                           \
    }
/* The scalar-load form's kernel (name) and the gather form's (name_g) of each kind */
#define PT16(name, arg, linear, mu, mv)                                                            \
    PT16_ONE(name, vsmp_sample_flat_u8x4_avx2, linear, mu, mv)                                     \
    PT16_ONE(name##_g, vsmp_sample_flat_u8x4_avx2_gather, linear, mu, mv)
#define PT16_NAME(name, sfx, linear, mu, mv) name##sfx,

FLAT_KINDS(PT16, pt16, _)

/* The scalar form's kinds and the gather form's in FLAT_KINDS' order: flat_kind's index. */
static const vsmp_kernel pt16_k[2][18] = {{FLAT_KINDS(PT16_NAME, pt16, )},
                                          {FLAT_KINDS(PT16_NAME, pt16, _g)}};

vsmp_kernel vsmp_point_u8x4_avx2_pick(const vsmp_plan *p, vsmp_kernel k)
{
    bool gather = k == vsmp_sample_flat_u8x4_avx2_gather;
    unsigned i = flat_kind(p);
    if ((k != vsmp_sample_flat_u8x4_avx2 && !gather) || p->s->d.array || i >= 9)
        return k;
    return pt16_k[gather][i];
}
