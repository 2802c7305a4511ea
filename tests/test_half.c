/* SPDX-License-Identifier: MIT */
/*
 * binary16 <-> binary32, the library's one home (src/format/half.h) that the machine, the format
 * unpackers and the sampling kernels read: values worked by hand from IEEE 754's binary16
 * (1 sign, 5 exponent bits of bias 15, 10 mantissa bits), every half widened and narrowed back,
 * and, where the CPU has F16C, the hardware's VCVTPH2PS / VCVTPS2PH (the AVX2 sampling level's
 * vector form) as a peer: every half, and every 61st float.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#endif

#include "half.h"
#include "testlib.h"

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void test_hand(void)
{
    static const struct {
        uint16_t h;
        float f;
    } exact[] = {
        {0x3c00, 1.0f},
        {0xc000, -2.0f},
        {0x7bff, 65504.0f}, /* largest */
        {0x0400, 0x1p-14f},
        {0x0001, 0x1p-24f}, /* smallest normal, subnormal */
        {0x03ff, 1023 * 0x1p-24f},
        {0x3555, 0x1.554p-2f},
        {0x8000, -0.0f},
        {0x7c00, INFINITY},
        {0xfc00, -INFINITY},
    };
    for (size_t i = 0; i < sizeof(exact) / sizeof(exact[0]); i++) {
        float f = vsmp_half_to_float(exact[i].h);
        CHECK(fbits(f) == fbits(exact[i].f), "%04x widens to %a, not %a", exact[i].h, (double)f,
              (double)exact[i].f);
        uint16_t h = vsmp_float_to_half_rtne(exact[i].f);
        CHECK(h == exact[i].h, "%a narrows to %04x, not %04x", (double)exact[i].f, h, exact[i].h);
    }
    static const struct {
        float f;
        uint16_t h;
    } rounded[] = {
        {1.0f + 0x1p-11f, 0x3c00},     /* a tie: to the even 1.0 */
        {1.0f + 3 * 0x1p-11f, 0x3c02}, /* a tie: to the even 1 + 2^-9 */
        {1.0f + 0x1p-11f + 0x1p-20f, 0x3c01},
        {65519.0f, 0x7bff}, /* below the tie with 65536 */
        {65520.0f, 0x7c00}, /* the tie: to the even, infinity */
        {1e10f, 0x7c00},
        {-1e10f, 0xfc00},
        {0x1p-25f, 0x0000},   /* half the smallest subnormal: the even 0 */
        {0x1.8p-24f, 0x0002}, /* 1.5 subnormal steps: to the even 2 */
        {0x1p-26f, 0x0000},
        {-0x1p-30f, 0x8000},
        {0x1.ffcp-15f, 0x0400}, /* rounds up into the smallest normal */
    };
    for (size_t i = 0; i < sizeof(rounded) / sizeof(rounded[0]); i++) {
        uint16_t h = vsmp_float_to_half_rtne(rounded[i].f);
        CHECK(h == rounded[i].h, "%a narrows to %04x, not %04x", (double)rounded[i].f, h,
              rounded[i].h);
    }
    /* NaNs: widening keeps the payload (signalling 0x7d00 -> 0x7fa00000), narrowing makes it
     * quiet with the top payload bits and the sign (0xffa00000 -> 0xfc00 | 0x200 | 0x100); the
     * sampler's read has no payload */
    CHECK(fbits(vsmp_half_to_float(0x7d00)) == 0x7fa00000u, "sNaN widened keeps its payload");
    CHECK(vsmp_f32_bits_to_f16(0xffa00000u) == 0xff00u, "sNaN narrowed quiet: %04x",
          vsmp_f32_bits_to_f16(0xffa00000u));
    CHECK(fbits(vsmp_half_value(0xfd01)) == 0xffc00000u, "the sampler's NaN: quiet, signed");
}

/* Every half widened is exact and narrows back to itself (a NaN: to itself made quiet). */
static void test_every_half(void)
{
    unsigned bad = 0;
    for (uint32_t h = 0; h < 0x10000; h++) {
        bool nan = (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu);
        uint32_t back = vsmp_float_to_half_rtne(vsmp_half_to_float((uint16_t)h));
        bad += back != (nan ? h | 0x200u : h);
        float v = vsmp_half_value(h);
        bad += nan ? fbits(v) != ((h & 0x8000u) << 16 | 0x7fc00000u)
                   : fbits(v) != fbits(vsmp_half_to_float((uint16_t)h));
    }
    CHECK(bad == 0, "every half round-trips: %u differ", bad);
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

__attribute__((target("f16c"))) static void test_f16c(void)
{
    unsigned bad = 0;
    for (uint32_t h = 0; h < 0x10000; h += 8) {
        __m128i hv = _mm_setr_epi16((short)h, (short)(h + 1), (short)(h + 2), (short)(h + 3),
                                    (short)(h + 4), (short)(h + 5), (short)(h + 6), (short)(h + 7));
        float hw[8];
        _mm256_storeu_ps(hw, _mm256_cvtph_ps(hv));
        for (unsigned k = 0; k < 8; k++) {
            float f = vsmp_half_to_float((uint16_t)(h + k));
            /* the hardware quiets a signalling NaN; the value is the same otherwise */
            bad += isnan(f) ? !isnan(hw[k]) : fbits(f) != fbits(hw[k]);
        }
    }
    CHECK(bad == 0, "every half widens as VCVTPH2PS: %u differ", bad);
    bad = 0;
    for (uint64_t x = 0; x <= 0xffffffffu; x += 61 * 8) {
        uint32_t in[8];
        for (unsigned k = 0; k < 8; k++)
            in[k] = (uint32_t)(x + 61u * k);
        float fin[8];
        memcpy(fin, in, sizeof(in));
        uint16_t hw[8];
        _mm_storeu_si128((__m128i *)hw,
                         _mm256_cvtps_ph(_mm256_loadu_ps(fin), _MM_FROUND_TO_NEAREST_INT));
        for (unsigned k = 0; k < 8; k++)
            bad += vsmp_f32_bits_to_f16(in[k]) != hw[k];
    }
    CHECK(bad == 0, "every 61st float narrows as VCVTPS2PH: %u differ", bad);
}
#endif

int main(void)
{
    test_hand();
    test_every_half();
#if defined(__x86_64__) && defined(__GNUC__)
    /* CPUID leaf 1, ECX bit 29: F16C (clang's __builtin_cpu_supports does not know "f16c") */
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid(1, &a, &b, &c, &d) && (c >> 29 & 1u))
        test_f16c();
    else
        printf("no F16C: the hardware peer is not run\n");
#endif
    return t_finish();
}
