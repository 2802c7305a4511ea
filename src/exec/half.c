/* SPDX-License-Identifier: MIT */
/* IEEE 754 binary16 <-> binary32, bit-exact: widening is exact, narrowing rounds to nearest
 * even (SEMANTICS 10: 16-bit float returns RTNE, overflow to infinity). */
#include <string.h>

#include "exec_internal.h"

float vsmp_half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h >> 15) << 31;
    uint32_t exp = h >> 10 & 0x1fu;
    uint32_t man = h & 0x3ffu;
    uint32_t bits;
    if (exp == 0x1f) {
        bits = sign | 0x7f800000u | man << 13; /* inf, NaN (payload kept) */
    } else if (exp) {
        bits = sign | (exp + 112u) << 23 | man << 13;
    } else if (man) {
        /* subnormal: normalise */
        unsigned e = 113;
        while (!(man & 0x400u)) {
            man <<= 1;
            e--;
        }
        bits = sign | e << 23 | (man & 0x3ffu) << 13;
    } else {
        bits = sign;
    }
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

uint16_t vsmp_float_to_half_rtne(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint16_t sign = (uint16_t)(x >> 16 & 0x8000u);
    uint32_t exp = x >> 23 & 0xffu;
    uint32_t man = x & 0x7fffffu;
    if (exp == 0xff) /* inf; NaN stays a (quiet) NaN */
        return (uint16_t)(sign | 0x7c00u | (man ? 0x200u | man >> 13 : 0));
    int e = (int)exp - 127 + 15;
    if (e >= 31)
        return (uint16_t)(sign | 0x7c00u);
    uint32_t full, shift;
    if (e <= 0) {
        if (e < -10)
            return sign; /* below half the smallest subnormal: rounds to zero */
        full = man | 0x800000u;
        shift = (uint32_t)(14 - e);
    } else {
        full = man;
        shift = 13;
    }
    uint32_t q = full >> shift;
    uint32_t rem = full & ((1u << shift) - 1u);
    uint32_t halfway = 1u << (shift - 1);
    if (rem > halfway || (rem == halfway && (q & 1u)))
        q++;
    /* a carry out of the mantissa moves into the exponent field, which is what we want */
    uint32_t r = e <= 0 ? q : ((uint32_t)e << 10) + q;
    return (uint16_t)(sign | r);
}
