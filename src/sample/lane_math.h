/* SPDX-License-Identifier: MIT */
/*
 * The per-lane helpers the reference (sample_ref.c) and the C fast path (fast/fast.c, table.c)
 * share, so that both read a message and round a coordinate by one rule: a parameter as a float
 * or a word (an absent array reads as zeros), clamping, the texel index of a coordinate and the
 * linear blend.
 */
#ifndef VSMP_LANE_MATH_H
#define VSMP_LANE_MATH_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "vsmp/sampler.h"

static inline float pf(const vsmp_message *m, unsigned kind, unsigned lane)
{
    const uint32_t *a = m->param[kind];
    float f = 0.0f;
    if (a)
        memcpy(&f, &a[lane], 4);
    return f;
}

static inline uint32_t pu(const vsmp_message *m, unsigned kind, unsigned lane)
{
    const uint32_t *a = m->param[kind];
    return a ? a[lane] : 0;
}

static inline float clampf(float x, float lo, float hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* floor(x) as an integer. Every float beyond 2^24 is an integer already, so the address modes
 * see the exact texel index up to 2^62 (wrap and mirror stay exact there); beyond, and for
 * infinities, it saturates at +-2^62; NaN reads as 0. */
static inline int64_t ifloor(float x)
{
    const float lim = 4611686018427387904.0f; /* 2^62 */
    if (!(x == x))
        return 0;
    x = floorf(x);
    return x <= -lim ? -((int64_t)1 << 62) : x >= lim ? (int64_t)1 << 62 : (int64_t)x;
}

static inline float lerp(float a, float b, float w)
{
    return a + (b - a) * w;
}

#endif
