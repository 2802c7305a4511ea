/* SPDX-License-Identifier: MIT */
/*
 * The frame of the flat kernels that filter each group of 8 lanes as they fetch it:
 * sample_avx2_u8.c's one 8-bit channel (R8, A8, R8_SNORM), sample_avx2_r16.c's one 16-bit
 * channel (R16, R16_FLOAT, A16) and sample_avx2_f4.c's four float channels (RGBA32F,
 * RGBA16F). Included after stages_avx2.h (flat8_begin, flat8_group, flat8_slow); a header of its
 * own so that a change to the frame recompiles these three kernels alone.
 */
#ifndef VSMP_FLAT_FRAME_AVX2_H
#define VSMP_FLAT_FRAME_AVX2_H

/* NaN channels of 8 lanes as the reference returns them (VSMP_NAN_BITS). */
static inline void flat8_nan(__m256 o[4])
{
    __m256 qnan = _mm256_castsi256_ps(_mm256_set1_epi32((int)VSMP_NAN_BITS));
    for (int k = 0; k < 4; k++)
        o[k] = _mm256_blendv_ps(o[k], qnan, _mm256_cmp_ps(o[k], o[k], _CMP_UNORD_Q));
}

/* A flat kernel's message: each group of 8 lanes by GROUP(p, &view, x, y, linear, ..., out), the
 * group's view and texel coordinates from flat8_group and the trailing arguments as given; GROUP
 * returns false when a lane's index needs more than the 32-bit conversion (NaN, infinities, |x| >=
 * 2^31), and that group takes flat8_slow, or the whole message the reference at unnormalized
 * coordinates (level8_any scales coordinates). Then each group's NaN results rewritten where nan
 * (a bool, read per group) and its lanes stored. A macro, as MIP8_FILTER_STORE: GROUP is a static
 * inline function whose trailing arguments differ by kernel, and every call must inline. */
#define FLAT8_FRAME(p, m, r, linear, full, nan, GROUP, ...)                                        \
    do {                                                                                           \
        flat8 f_ = flat8_begin(p, m, full);                                                        \
        __m256 o_[VSMP_MAX_LANES / 8][4];                                                          \
        unsigned slow_ = 0;                                                                        \
        for (unsigned g_ = 0; g_ < f_.n8; g_ += 8) {                                               \
            __m256 x_, y_;                                                                         \
            view8 gv_ = flat8_group(p, m, &f_, g_, full, &x_, &y_);                                \
            if (!GROUP(p, &gv_, x_, y_, linear, __VA_ARGS__, o_[g_ / 8]))                          \
                slow_ |= 1u << (g_ / 8);                                                           \
        }                                                                                          \
        if (slow_ && f_.nn) {                                                                      \
            (p)->run(p, m, r);                                                                     \
            break;                                                                                 \
        }                                                                                          \
        for (unsigned g_ = 0; g_ < f_.n8; g_ += 8) {                                               \
            if (slow_ >> (g_ / 8) & 1)                                                             \
                flat8_slow(p, m, g_, linear, o_[g_ / 8]);                                          \
            if (nan)                                                                               \
                flat8_nan(o_[g_ / 8]);                                                             \
            store8_in(r, m, g_, o_[g_ / 8], full);                                                 \
        }                                                                                          \
    } while (0)

#endif
