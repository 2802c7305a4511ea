/* SPDX-License-Identifier: MIT */
/*
 * AVX2 kernels for 8-bit texels of 4 bytes whose channels are not all UNORM bytes (sRGB, SNORM,
 * X channels: the plan's tables, vsmp_plan.lut) on 2D surfaces and arrays: sample without a LOD
 * stage (flat) and with one (mip), on sample_avx2_u8.c's model: the same short index arithmetic
 * and texel loads (fetch8_u8x4: a 64-bit load per lane for a bilinear row's two texels), every
 * group's loads issued before any is unpacked. A channel read through a table is looked up by a
 * gather (on the Zen 4 measured, faster than the scalar loads of the general kernel's unpack8:
 * bench/results/srgb3d-zen4.txt). Results are the reference's words (tests/test_fastpath.c).
 */
#include "stages_avx2.h"

/* ---- without mips (point, bilinear): flat_u8x4 of sample_avx2_u8.c, the same plans' shapes
 * (the tables' values are finite and never -0: no NaN rewrite, and a linear mip filter's blend
 * of a level with itself changes nothing) ---- */

static inline void flat_lut4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                             const bool linear, const unsigned mu, const unsigned mv,
                             const bool full)
{
    flat8_x4(p, m, r, linear, mu, mv, full, true);
}

FLAT_FAMILY(vsmp_sample_flat_lut8_avx2, flat_lut4)

/* ---- with mips (trilinear...): mip_u8x4 of sample_avx2_u8.c, with the tables ---- */

static inline void mip_lut4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                            const bool full, const bool wu, const bool wv)
{
    mip8_x4(p, m, r, full, wu, wv, true);
}

MIP_FAMILY(vsmp_sample_mip_lut8_avx2, mip_lut4)
