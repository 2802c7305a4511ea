/* SPDX-License-Identifier: MIT */
/*
 * The frame of the AVX2 flat kernels (2D surfaces and arrays without a LOD stage): what every
 * group of 8 lanes of a message shares, and the loop over the groups (FLAT8_FRAME) of every flat
 * kernel: sample_avx2_u8.c's RGBA8 and one 8-bit channel (R8, A8, R8_SNORM), sample_avx2_lut8.c's
 * other 4-byte 8-bit texels (sRGB, SNORM), sample_avx2_r16.c's one 16-bit channel (R16,
 * R16_FLOAT, A16) and sample_avx2_f4.c's four float channels (RGBA32F, RGBA16F). Included after
 * stages_avx2.h; a header of its own so that a change to the frame recompiles these kernels
 * alone.
 */
#ifndef VSMP_FLAT_FRAME_AVX2_H
#define VSMP_FLAT_FRAME_AVX2_H

/* What every group of a message shares: level 0's view, the coordinates' scale (1 at
 * unnormalized coordinates, nn) and the lanes to run (n8: whole groups of 8). */
typedef struct {
    view8 lv;
    __m256 sx, sy;
    unsigned n8;
    bool nn;
} flat8;

static inline flat8 flat8_begin(const vsmp_plan *p, const vsmp_message *m, bool full)
{
    flat8 f;
    f.lv = gather_view(p, _mm256_set1_epi32((int)p->base));
    f.nn = p->st.non_normalized;
    f.sx = f.nn ? _mm256_set1_ps(1.0f) : f.lv.fw;
    f.sy = f.nn ? _mm256_set1_ps(1.0f) : f.lv.fh;
    f.n8 = full ? 16 : (m->simd + 7) & ~7u;
    return f;
}

/* Group g's view (its layers' slices on arrays) and texel coordinates. */
static inline view8 flat8_group(const vsmp_plan *p, const vsmp_message *m, const flat8 *f,
                                unsigned g, bool full, __m256 *x, __m256 *y)
{
    view8 gv = f->lv;
    if (p->s->d.array)
        gv.slice = _mm256_mullo_epi32(layer8(p, m, g), f->lv.spitch);
    *x = _mm256_mul_ps(paramf8_in(m, VSMP_P_U, g, full), f->sx);
    *y = _mm256_mul_ps(paramf8_in(m, VSMP_P_V, g, full), f->sy);
    return gv;
}

/* Group g by the general level8_any: a lane's index needs more than the 32-bit conversion (NaN,
 * infinities, |x| >= 2^31). */
static inline void flat8_slow(const vsmp_plan *p, const vsmp_message *m, unsigned g, bool linear,
                              __m256 out[4])
{
    level8_any(p, false, _mm256_set1_epi32((int)p->base), layer8(p, m, g), paramf8(m, VSMP_P_U, g),
               paramf8(m, VSMP_P_V, g), _mm256_setzero_ps(), linear, out);
}

/* NaN channels of 8 lanes as the reference returns them (VSMP_NAN_BITS). */
static inline void flat8_nan(__m256 o[4])
{
    __m256 qnan = _mm256_castsi256_ps(_mm256_set1_epi32((int)VSMP_NAN_BITS));
    for (int k = 0; k < 4; k++)
        o[k] = _mm256_blendv_ps(o[k], qnan, _mm256_cmp_ps(o[k], o[k], _CMP_UNORD_Q));
}

/* A flat kernel's message in two passes, so that every group's loads are issued before any
 * result is needed: each group of 8 lanes fetched by FETCH(&view, x, y, &item, &mark) into an
 * item of type T (the group's view and texel coordinates from flat8_group; mark a bool the fetch
 * may set, false unless it does), then each group's results made by FILTER(&item, mark, out),
 * NaN results rewritten where nan (a bool, read per group), and its lanes stored. FETCH returns
 * false when a lane's index needs more than the 32-bit conversion (NaN, infinities, |x| >= 2^31):
 * that group takes flat8_slow instead of FILTER, or the whole message the reference at
 * unnormalized coordinates (level8_any scales coordinates). A macro, as MIP8_FILTER_STORE: FETCH
 * and FILTER are function-like macros of the caller naming its own arguments (plan, modes,
 * channel), and every call must inline. T is the group's taps (taps8) for the kernels that filter
 * them in the second pass, or its results (out8, FILTER = OUT8_TAKE) for those that filter as they
 * fetch. */
#define FLAT8_FRAME(p, m, r, linear, full, nan, T, FETCH, FILTER)                                  \
    do {                                                                                           \
        flat8 f_ = flat8_begin(p, m, full);                                                        \
        T t_[VSMP_MAX_LANES / 8];                                                                  \
        unsigned slow_ = 0, mark_ = 0;                                                             \
        for (unsigned g_ = 0; g_ < f_.n8; g_ += 8) {                                               \
            __m256 x_, y_;                                                                         \
            bool q_ = false;                                                                       \
            view8 gv_ = flat8_group(p, m, &f_, g_, full, &x_, &y_);                                \
            if (!FETCH(&gv_, x_, y_, &t_[g_ / 8], &q_))                                            \
                slow_ |= 1u << (g_ / 8);                                                           \
            mark_ |= (unsigned)q_ << (g_ / 8);                                                     \
        }                                                                                          \
        if (slow_ && f_.nn) {                                                                      \
            (p)->run(p, m, r);                                                                     \
            break;                                                                                 \
        }                                                                                          \
        for (unsigned g_ = 0; g_ < f_.n8; g_ += 8) {                                               \
            __m256 o_[4];                                                                          \
            if (slow_ >> (g_ / 8) & 1)                                                             \
                flat8_slow(p, m, g_, linear, o_);                                                  \
            else                                                                                   \
                FILTER(&t_[g_ / 8], (mark_ >> (g_ / 8) & 1) != 0, o_);                             \
            if (nan)                                                                               \
                flat8_nan(o_);                                                                     \
            store8_in(r, m, g_, o_, full);                                                         \
        }                                                                                          \
    } while (0)

/* A group's results made as it is fetched (FLAT8_FRAME's T), and their FILTER. */
typedef struct {
    __m256 o[4];
} out8;

#define OUT8_TAKE(t, q, out)                                                                       \
    do {                                                                                           \
        (void)(q);                                                                                 \
        for (int k_ = 0; k_ < 4; k_++)                                                             \
            (out)[k_] = (t)->o[k_];                                                                \
    } while (0)

/* The flat kernel of 4-byte texels of 8-bit channels: taps by fetch8_u8x4, UNORM bytes unpacked
 * by shuffles (filter8_u8x4) or every channel by the plan's tables (lut, filter8_lut4). Results of
 * these formats are never NaN: no NaN rewrite. */
static inline void flat8_x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                            const bool linear, const unsigned mu, const unsigned mv,
                            const bool full, const bool lut)
{
#define X4_FETCH(v, x, y, t, q) fetch8_u8x4(p, v, x, y, linear, mu, mv, t)
#define X4_FILTER(t, q, o)      ((void)(q), filter8_x4(p, t, linear, lut, o))
    FLAT8_FRAME(p, m, r, linear, full, false, taps8, X4_FETCH, X4_FILTER);
#undef X4_FETCH
#undef X4_FILTER
}

#endif
