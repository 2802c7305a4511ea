/* SPDX-License-Identifier: MIT */
/*
 * IEEE 754 binary16 <-> binary32, the library's one scalar home (inline for the hot paths that
 * use it: the machine's general and fast paths, the format unpackers, the C sampling kernels).
 * Widening is exact; narrowing rounds to nearest even, overflows to infinity and keeps a NaN a
 * quiet NaN with its sign and top payload bits (SEMANTICS 10: 16-bit float returns are RTNE).
 * The vector form of the AVX2 sampling level is F16C's VCVTPH2PS (src/sample/x86/stages_avx2.h
 * half8), which test_half checks against this one for every half. Not installed.
 */
#ifndef VSMP_HALF_H
#define VSMP_HALF_H

#include <stdint.h>
#include <string.h>

/* binary16 bits -> binary32 bits, exact; a NaN keeps its payload and its quiet bit. */
static inline uint32_t vsmp_f16_bits_to_f32(uint32_t h)
{
    uint32_t sign = (h & 0x8000u) << 16, e = h >> 10 & 0x1fu, man = h & 0x3ffu, b;
    if (e == 0x1f) {
        b = sign | 0x7f800000u | man << 13; /* inf, NaN (payload kept) */
    } else if (e) {
        b = sign | (e + 112u) << 23 | man << 13;
    } else {
        float f = (float)man * (1.0f / 16777216.0f); /* a subnormal: man * 2^-24, exact */
        memcpy(&b, &f, 4);
        b |= sign;
    }
    return b;
}

/* binary32 bits -> binary16 bits: round to nearest even, overflow to infinity, a NaN quiet with
 * its sign and top payload bits. Written as selects, so that loops of it vectorise. */
static inline uint32_t vsmp_f32_bits_to_f16(uint32_t x)
{
    uint32_t sign = x >> 16 & 0x8000u, exp = x >> 23 & 0xffu, man = x & 0x7fffffu;
    int32_t e = (int32_t)exp - 112; /* the half's biased exponent */
    uint32_t sub = e <= 0;
    uint32_t full = sub ? man | 0x800000u : man;
    uint32_t shift = sub ? (uint32_t)(14 - (e < -10 ? -10 : e)) : 13u; /* 13..24 */
    uint32_t q = full >> shift, rem = full & ((1u << shift) - 1u), half = 1u << (shift - 1u);
    q += (uint32_t)(rem > half) | ((uint32_t)(rem == half) & q);
    uint32_t r = sub ? q : ((uint32_t)e << 10) + q; /* a carry moves into the exponent */
    uint32_t naninf = 0x7c00u | (man ? 0x200u | man >> 13 : 0u);
    r = exp == 0xffu ? naninf : e >= 31 ? 0x7c00u : e < -10 ? 0u : r;
    return sign | r;
}

/* binary16 -> float, exact, a NaN with its payload. */
static inline float vsmp_half_to_float(uint16_t h)
{
    uint32_t b = vsmp_f16_bits_to_f32(h);
    float f;
    memcpy(&f, &b, 4);
    return f;
}

/* float -> binary16, rounded to nearest even. */
static inline uint16_t vsmp_float_to_half_rtne(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    return (uint16_t)vsmp_f32_bits_to_f16(x);
}

/* A texel's binary16 channel as the sampler reads it: its value, a NaN as the quiet NaN with the
 * half's sign and no payload. */
static inline float vsmp_half_value(uint32_t h)
{
    if ((h & 0x7c00u) == 0x7c00u && (h & 0x3ffu))
        h = (h & 0x8000u) | 0x7e00u;
    return vsmp_half_to_float((uint16_t)h);
}

#endif
