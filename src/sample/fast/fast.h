/* SPDX-License-Identifier: MIT */
/* The fast paths: plan-time specialisations of the reference pipeline (sample_ref.c), in C
 * (fast.c) and per ISA (src/sample/x86/), chosen by the table of rows in table.c. Each must
 * give the reference's result words. */
#ifndef VSMP_FAST_H
#define VSMP_FAST_H

#include "sample_internal.h"

/* How a plan decodes texels (vsmp_plan.texel_kind): whole 8-bit UNORM/SNORM bytes by table,
 * float32 and float16 channels directly, blocks and every other format by the reference. */
enum { TX_UNORM8, TX_F32, TX_F16, TX_GENERIC, TX_BLOCK };

/* How the SIMD kernels' generic decoder reads a channel (vsmp_plan.ch_dec): a constant (no
 * channel), 8-bit UNORM (b / 255), 16-bit UNORM (v / 65535), unsigned and signed integers,
 * binary32 and binary16 floats, each as vsmp_format_unpack gives it. */
enum { CD_NONE, CD_UNORM8, CD_UNORM16, CD_UINT, CD_SINT, CD_F32, CD_F16, CD_NO };

/* The per-lane stage every 2D sampling kernel shares: coordinates, LOD, level choice, filter
 * (structure of arrays over the message). Levels are absolute. */
typedef struct fast_lanes {
    float u[VSMP_MAX_LANES], v[VSMP_MAX_LANES], w[VSMP_MAX_LANES]; /* w: 3D only */
    uint32_t layer[VSMP_MAX_LANES]; /* arrays: the layer (rounded, clamped); cube: the slice */
    uint32_t l0[VSMP_MAX_LANES], l1[VSMP_MAX_LANES];
    float frac[VSMP_MAX_LANES];
    uint8_t linear[VSMP_MAX_LANES];
    uint8_t taps[VSMP_MAX_LANES]; /* anisotropic: taps along (ax, ay); 1: isotropic */
    float ax[VSMP_MAX_LANES], ay[VSMP_MAX_LANES], az[VSMP_MAX_LANES];
} fast_lanes;

/* @return false when a lane's anisotropy ratio is NaN (infinite derivatives on both axes):
 * the caller then runs the reference, which owns that rule. */
bool vsmp_fast_lanes(const vsmp_plan *p, const vsmp_message *m, fast_lanes *fl);
/* Whether the plan's results do not depend on lambda at all (no mips, no anisotropy, min and
 * mag filters alike): the LOD stage can be skipped. */
bool vsmp_fast_lod_unused(const vsmp_plan *p);

/* One level of a seamless cube, one lane, as the reference samples it: face coordinates (u, v)
 * of slice 6 layer + face; any texel off the face is re-projected (edges) or averaged (corners). */
void vsmp_fast_cube_level(const vsmp_plan *p, unsigned level, uint32_t slice, float u, float v,
                          bool linear, float out[4]);

/* The C kernels (fast.c): sampling 2D, 3D and cube surfaces; ld of 2D surfaces and arrays. */
void vsmp_sample_2d_c(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_ld_2d_c(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);

/* Kernels per ISA (declared whatever the build; defined when the ISA is compiled in). */
void vsmp_sample_2d_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_sample_flat_u8x4_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_sample_flat_r8_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_sample_flat_r16_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_sample_mip_u8x4_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_ld_2d_unorm8_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_ld_2d_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_sample_flat_lut8_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_sample_mip_lut8_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_sample_3d_u8x4_avx2(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
/* The same at the AVX-512 level (sample_avx512*.c: the same sources, names_avx512.h). */
void vsmp_sample_2d_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_sample_mip_u8x4_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_ld_2d_unorm8_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_ld_2d_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_sample_3d_u8x4_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
/* The second form of some of them, whose texel loads are gathers (names_gather.h; table.c's
 * gather_forms picks the form per CPU). */
void vsmp_sample_mip_u8x4_avx2_gather(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_sample_3d_u8x4_avx2_gather(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_sample_flat_u8x4_avx2_gather(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_sample_3d_u8x4_avx512_gather(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);

#endif
