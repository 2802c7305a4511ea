/* SPDX-License-Identifier: MIT */
/*
 * vsmp's own log2, the one the reference pipeline computes LOD with (SEMANTICS 11.3), so that
 * results do not depend on the C library and SIMD kernels can compute the same bits (their
 * copies, e.g. log2_8 in src/sample/x86/stages_avx2.h, perform these float operations in this
 * order). Every step is an IEEE float operation; powers of two give exact integers.
 *
 *   x = 2^e * m, m in [sqrt(1/2), sqrt(2));  log2 m = 2/ln 2 * atanh(t), t = (m - 1) / (m + 1)
 *   atanh t = t + t^3/3 + t^5/5 + t^7/7 + t^9/9 + O(t^11), |t| <= 0.1716; the float result is
 *   within 3 ulp of the exact log2 (measured on every 37th positive float)
 *
 * Specials: log2(+-0) = -inf, log2(+inf) = +inf, NaN and negative numbers give NaN (the
 * constant quiet NaN 0x7fc00000, whatever the input's payload).
 */
#ifndef VSMP_VMATH_H
#define VSMP_VMATH_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#define VSMP_LOG2_C1    2.8853900817779268f /* 2 / ln 2 */
#define VSMP_LOG2_C3    0.9617966939259756f /* 2 / (3 ln 2) */
#define VSMP_LOG2_C5    0.5770780163555854f /* 2 / (5 ln 2) */
#define VSMP_LOG2_C7    0.4121985831111324f /* 2 / (7 ln 2) */
#define VSMP_LOG2_C9    0.3205988979753252f /* 2 / (9 ln 2) */
#define VSMP_LOG2_SQRT2 1.41421356f
#define VSMP_NAN_BITS   0x7fc00000u

static inline float vsmp_log2f(float x)
{
    if (!(x > 0.0f)) {
        if (x == 0.0f)
            return -INFINITY;
        uint32_t nb = VSMP_NAN_BITS;
        float n;
        memcpy(&n, &nb, 4);
        return n;
    }
    if (x == INFINITY)
        return INFINITY;
    uint32_t b;
    int e = 0;
    memcpy(&b, &x, 4);
    if (b < 0x00800000u) { /* subnormal: scale into the normal range */
        x *= 8388608.0f;
        memcpy(&b, &x, 4);
        e = -23;
    }
    e += (int)(b >> 23) - 127;
    b = (b & 0x007fffffu) | 0x3f800000u;
    float m;
    memcpy(&m, &b, 4);
    if (m > VSMP_LOG2_SQRT2) {
        m *= 0.5f;
        e += 1;
    }
    float t = (m - 1.0f) / (m + 1.0f), t2 = t * t;
    float s =
        t * (VSMP_LOG2_C1 +
             t2 * (VSMP_LOG2_C3 + t2 * (VSMP_LOG2_C5 + t2 * (VSMP_LOG2_C7 + t2 * VSMP_LOG2_C9))));
    return (float)e + s;
}

#endif
