/* SPDX-License-Identifier: MIT */
/*
 * Which fast path a plan takes, as rows of data (pixman's fast-path table shape). A plan is
 * described once, when it is made: its operation, its surface's kind, its texels' class and a
 * set of flags (properties such as "normalized coordinates" or "every addressed axis in a mode
 * the SIMD kernels take"). Each row names the operations, surface kinds and texel classes it
 * takes (any of each set), the flags a plan must all have, the CPU level the kernel needs and
 * the kernel; the first row that matches wins, and the reference (sample_ref.c) runs when none
 * does. Only then is the plan prepared for its kernel (level views, the 8-bit channel tables),
 * and an AVX-512 flat family's member named (vsmp_flat_avx512_pick), or at the AVX2 level the
 * 16-lane R8 kernel (vsmp_flat_r8_avx2_pick), the 16-lane R16 bilinear one
 * (vsmp_flat_r16_avx2_pick) and, after the load form, the 16-lane bilinear or trilinear RGBA8
 * one (vsmp_flat_u8x4_avx2_pick), the 16-lane RGBA8 point one (vsmp_point_u8x4_avx2_pick) or the
 * 16-lane trilinear 3D RGBA8 one (vsmp_3d_u8x4_avx2_pick).
 *
 * A property a row needs the negation of has a flag of its own (F_NORMALIZED, F_UNNORMALIZED),
 * and a kernel taking a union of shapes has one row per shape: matching stays one generic loop.
 * docs/SAMPLING.md ("The fast-path table") says how to add a row; tests/test_fastpath_choice.c
 * pins the choice of every class of plan, and tests/test_fastpath.c the kernels' bit identity.
 */
#include <string.h>

#include "../x86/flat_avx512.h"
#include "../x86/flat_f4.h"
#include "../x86/flat_r16_avx2.h"
#include "../x86/flat_r8_avx2.h"
#include "../x86/flat_u8x4_avx2.h"
#include "../x86/ld16_avx2.h"
#include "../x86/tri3_avx2.h"
#include "fast.h"
#include "lane_math.h"
#include "lut_forms.h"
#include "format_internal.h"

/* ---- what a plan is, as the rows see it ---- */

/* Operations (the op column) */
enum {
    OP_SAMPLE = 1 << 0, /* sampling without compare, programmable offsets or min/max reduction */
    OP_LD = 1 << 1,     /* ld, ld_lz, load_l */
};

/* Surface kinds (the surf column) */
enum {
    SK_2D = 1 << 0,
    SK_2DARRAY = 1 << 1,
    SK_3D = 1 << 2,
    SK_CUBE = 1 << 3, /* cubes and cube arrays */
};

/* Texel classes (the texels column): one per plan. 8-bit means whole 8-bit UNORM/SNORM
 * channels (texel_kind TX_UNORM8). */
enum {
    TC_RGBA8 = 1 << 0,    /* four 8-bit UNORM channels, not sRGB, in 4 bytes (plan u8x4) */
    TC_U8_4B = 1 << 1,    /* other 8-bit texels of 4 bytes, not sRGB (SNORM, X channels) */
    TC_SRGB8_4B = 1 << 2, /* 8-bit sRGB texels of 4 bytes */
    TC_U8 = 1 << 3,       /* 8-bit texels of 1 or 2 bytes, not sRGB (R8, R8G8, A8...) */
    TC_SRGB8 = 1 << 4,    /* 8-bit sRGB texels of 1 or 2 bytes */
    TC_FWORDS = 1 << 5,   /* float32 or float16 channels in whole 4-byte words */
    TC_DEC = 1 << 6,      /* the rest the generic decoder reads (R16, R16_FLOAT, integers...) */
    TC_BC1 = 1 << 7,      /* BC1, not sRGB */
    TC_OTHER = 1 << 8,    /* everything else: other blocks, packed fields, 3-byte texels... */
    TC_ANY = (1 << 9) - 1,
    TC_LUT8_4B = TC_U8_4B | TC_SRGB8_4B, /* 8-bit texels of 4 bytes some of whose channels the
                                            plan's tables decode */
    TC_U8_ALL = TC_RGBA8 | TC_U8_4B | TC_SRGB8_4B | TC_U8 | TC_SRGB8,
    TC_SIMD = TC_U8_ALL | TC_FWORDS | TC_DEC, /* what the AVX2 kernels' decoders read */
};

/* Flags (the need column: a row matches a plan having every flag it names) */
enum {
    F_PLAIN = 1 << 0,           /* single-sample, not sparse, one plane, not YCrCb */
    F_FLOAT = 1 << 1,           /* a float-class format (UNORM, SNORM, sRGB, float, BCn...) */
    F_DATA4 = 1 << 2,           /* the surface has 4 bytes or more (the SIMD loads' width) */
    F_UNDER_2G = 1 << 3,        /* under 2 GiB: 32-bit offsets */
    F_DEC = 1 << 4,             /* every channel has a generic decoder (plan ch_dec) */
    F_NORMALIZED = 1 << 5,      /* normalized coordinates */
    F_UNNORMALIZED = 1 << 6,    /* unnormalized coordinates */
    F_FILT_SAME = 1 << 7,       /* min and mag filters both nearest or both not */
    F_NOT_ANISO = 1 << 8,       /* the min filter is not anisotropic */
    F_MIP_NONE = 1 << 9,        /* no mip filter */
    F_MIPS = 1 << 10,           /* a mip filter: nearest or linear */
    F_MIP_NOT_LINEAR = 1 << 11, /* mip filter none or nearest */
    F_NO_HALF_BORDER = 1 << 12, /* no addressed axis is HALF_BORDER */
    F_NO_BORDER = 1 << 13,      /* no addressed axis is CLAMP_BORDER or HALF_BORDER */
    F_SIMD_ADDR = 1 << 14,      /* every addressed axis is CLAMP, CUBE, CLAMP_BORDER, or WRAP on
                                   power-of-two levels (the SIMD kernels' modes); seamless cubes
                                   ignore their modes */
    F_BORDER_OK = 1 << 15,      /* no addressed axis is CLAMP_BORDER with a NaN border colour */
    F_ONE_BYTE = 1 << 16,       /* 1-byte texels of a single channel (R8, A8, R8_SNORM) */
    F_ONE_16 = 1 << 17,         /* 2-byte texels of a single 16-bit UNORM or float16 channel
                                   (R16, R16_FLOAT, A16) */
    F_FLOAT4 = 1 << 18,         /* four float32 or float16 channels R, G, B, A filling the texel
                                   in that order (R32G32B32A32_FLOAT, R16G16B16A16_FLOAT) */
    F_INT8X4 = 1 << 19,         /* four 8-bit UINT or SINT channels filling a 4-byte texel */
};

/* Coordinates the kernels take: normalized, or unnormalized ones whose lambda cannot matter
 * (level_setup of the reference reads the base level; with min and mag filters alike and no
 * anisotropy only a linear mip filter's blend of that level with itself, which turns -0 into
 * +0, would differ) */
#define NN_FLAT (F_UNNORMALIZED | F_NOT_ANISO | F_MIP_NOT_LINEAR | F_FILT_SAME)
/* What the C sampling kernel needs of any plan */
#define C_2D (F_PLAIN | F_FLOAT | F_NO_HALF_BORDER)
/* ... of a cube: not border (the face's axes), normalized */
#define C_CUBE (F_PLAIN | F_FLOAT | F_NO_BORDER | F_NORMALIZED)
/* What the SIMD sampling kernels need of any plan (their texels besides) */
#define SIMD      (F_PLAIN | F_FLOAT | F_SIMD_ADDR | F_FILT_SAME | F_UNDER_2G)
#define SIMD_CUBE (SIMD | C_CUBE)
/* The flat RGBA8 kernel: no LOD stage (lambda changes nothing), no NaN border colour (it skips
 * the NaN rewrite). 8-bit UNORM texels are never -0, so with unnormalized coordinates a linear
 * mip filter changes nothing either, unless a border colour of -0 is read. */
#define FLAT    (SIMD | F_DATA4 | F_NOT_ANISO | F_BORDER_OK)
#define FLAT_NN (FLAT | F_UNNORMALIZED)
/* The flat one-byte kernel (R8...): FLAT's plans of 1-byte texels of one 8-bit UNORM or SNORM
 * channel (TC_U8), at the flat RGBA8 kernel's shapes but unnormalized coordinates with a linear
 * mip filter (its third row rests on UNORM texels never being -0, not argued here for SNORM) */
#define FLAT_R8 (FLAT | F_ONE_BYTE)
/* The flat kernel of one 16-bit channel (R16, R16_FLOAT...): FLAT's plans of those texels
 * (TC_DEC), at flat_r8's first two shapes (float16 texels may be -0) */
#define FLAT_R16 (FLAT | F_ONE_16)
/* The flat kernel of four float channels (RGBA32F, RGBA16F): FLAT's plans of those texels
 * (TC_FWORDS), at flat_r16's shapes (float texels may be -0) */
#define FLAT_F4 (FLAT | F_FLOAT4)
/* The RGBA8 kernel with a LOD stage (mips), not anisotropic, not border */
#define MIP8 (SIMD | F_DATA4 | F_NORMALIZED | F_MIPS | F_NOT_ANISO | F_NO_BORDER)
/* The RGBA8 kernel of 3D surfaces (any mip filter), not anisotropic, not border */
#define MIP3D (SIMD | F_DATA4 | F_NORMALIZED | F_NOT_ANISO | F_NO_BORDER)

/* The description of a plan the rows match. */
typedef struct plan_class {
    unsigned op, surf, texels, flags;
} plan_class;

typedef struct fast_row {
    const char *name;
    unsigned cpu;    /* VSMP_CPU_* levels the kernel needs */
    uint8_t op;      /* OP_*: any of */
    uint8_t surf;    /* SK_*: any of */
    uint16_t texels; /* TC_*: any of */
    uint32_t need;   /* F_*: all of */
    vsmp_kernel run;
} fast_row;

#define L_C      VSMP_CPU_C
#define L_AVX2   (VSMP_CPU_C | VSMP_CPU_AVX2)
#define L_AVX512 (VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512)
#define S_2D     (SK_2D | SK_2DARRAY)
#define S_2D3D   (SK_2D | SK_2DARRAY | SK_3D)

/* Searched in order; the first match wins. The AVX-512 rows are the AVX2 kernels' sources
 * under the AVX-512 flags, where they measured faster than at the AVX2 level (docs/SAMPLING.md):
 * not the flat kernels nor float32/float16 words and sRGB texels (6-8 %), which the AVX2 rows
 * take; and the flat RGBA8 kernel of its own (16 lanes a register), ahead of all. */
static const fast_row rows[] = {
#ifdef VSMP_HAVE_AVX512
    /* flat RGBA8: its own AVX-512 kernel, which sends the AVX2 one the messages it leaves */
    {"sample_flat_u8x4_avx512", L_AVX512, OP_SAMPLE, S_2D, TC_RGBA8,
     FLAT | F_NORMALIZED | F_MIP_NONE, vsmp_sample_flat_u8x4_avx512},
    {"sample_flat_u8x4_avx512", L_AVX512, OP_SAMPLE, S_2D, TC_RGBA8, FLAT_NN | F_MIP_NOT_LINEAR,
     vsmp_sample_flat_u8x4_avx512},
    {"sample_flat_u8x4_avx512", L_AVX512, OP_SAMPLE, S_2D, TC_RGBA8, FLAT_NN | F_NO_BORDER,
     vsmp_sample_flat_u8x4_avx512},
    {"sample_flat_r16_avx512", L_AVX512, OP_SAMPLE, S_2D, TC_DEC,
     FLAT_R16 | F_NORMALIZED | F_MIP_NONE, vsmp_sample_flat_r16_avx512},
    {"sample_flat_r16_avx512", L_AVX512, OP_SAMPLE, S_2D, TC_DEC,
     FLAT_R16 | F_UNNORMALIZED | F_MIP_NOT_LINEAR, vsmp_sample_flat_r16_avx512},
    {"sample_flat_r8_avx512", L_AVX512, OP_SAMPLE, S_2D, TC_U8, FLAT_R8 | F_NORMALIZED | F_MIP_NONE,
     vsmp_sample_flat_r8_avx512},
    {"sample_flat_r8_avx512", L_AVX512, OP_SAMPLE, S_2D, TC_U8,
     FLAT_R8 | F_UNNORMALIZED | F_MIP_NOT_LINEAR, vsmp_sample_flat_r8_avx512},
#endif
#ifdef VSMP_HAVE_AVX2
    {"sample_flat_u8x4_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_RGBA8, FLAT | F_NORMALIZED | F_MIP_NONE,
     vsmp_sample_flat_u8x4_avx2},
    {"sample_flat_u8x4_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_RGBA8, FLAT_NN | F_MIP_NOT_LINEAR,
     vsmp_sample_flat_u8x4_avx2},
    {"sample_flat_u8x4_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_RGBA8, FLAT_NN | F_NO_BORDER,
     vsmp_sample_flat_u8x4_avx2},
    {"sample_flat_r8_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_U8, FLAT_R8 | F_NORMALIZED | F_MIP_NONE,
     vsmp_sample_flat_r8_avx2},
    {"sample_flat_r8_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_U8,
     FLAT_R8 | F_UNNORMALIZED | F_MIP_NOT_LINEAR, vsmp_sample_flat_r8_avx2},
    {"sample_flat_r16_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_DEC, FLAT_R16 | F_NORMALIZED | F_MIP_NONE,
     vsmp_sample_flat_r16_avx2},
    {"sample_flat_r16_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_DEC,
     FLAT_R16 | F_UNNORMALIZED | F_MIP_NOT_LINEAR, vsmp_sample_flat_r16_avx2},
    {"sample_flat_f4_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_FWORDS, FLAT_F4 | F_NORMALIZED | F_MIP_NONE,
     vsmp_sample_flat_f4_avx2},
    {"sample_flat_f4_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_FWORDS,
     FLAT_F4 | F_UNNORMALIZED | F_MIP_NOT_LINEAR, vsmp_sample_flat_f4_avx2},
    {"sample_flat_lut8_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_LUT8_4B, FLAT | F_NORMALIZED | F_MIP_NONE,
     vsmp_sample_flat_lut8_avx2},
    {"sample_flat_lut8_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_LUT8_4B, FLAT_NN | F_MIP_NOT_LINEAR,
     vsmp_sample_flat_lut8_avx2},
    {"sample_flat_lut8_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_LUT8_4B, FLAT_NN | F_NO_BORDER,
     vsmp_sample_flat_lut8_avx2},
    {"sample_mip_lut8_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_LUT8_4B, MIP8, vsmp_sample_mip_lut8_avx2},
#endif
#ifdef VSMP_HAVE_AVX512
    {"sample_3d_u8x4_avx512", L_AVX512, OP_SAMPLE, SK_3D, TC_RGBA8, MIP3D,
     vsmp_sample_3d_u8x4_avx512},
    {"sample_mip_u8x4_avx512", L_AVX512, OP_SAMPLE, S_2D, TC_RGBA8, MIP8,
     vsmp_sample_mip_u8x4_avx512},
    {"sample_2d_avx512", L_AVX512, OP_SAMPLE, S_2D3D, TC_RGBA8 | TC_U8_4B | TC_U8 | TC_DEC,
     SIMD | F_DATA4 | F_NORMALIZED, vsmp_sample_2d_avx512},
    {"sample_2d_avx512", L_AVX512, OP_SAMPLE, S_2D, TC_RGBA8 | TC_U8_4B | TC_U8 | TC_DEC,
     SIMD | F_DATA4 | NN_FLAT, vsmp_sample_2d_avx512},
    {"ld_u8x4_avx512", L_AVX512, OP_LD, SK_2D, TC_RGBA8, F_PLAIN | F_FLOAT | F_UNDER_2G,
     vsmp_ld_u8x4_avx512},
    {"ld_int8x4_avx512", L_AVX512, OP_LD, SK_2D, TC_DEC,
     F_PLAIN | F_DEC | F_DATA4 | F_UNDER_2G | F_INT8X4, vsmp_ld_int8x4_avx512},
    {"ld_2d_unorm8_avx512", L_AVX512, OP_LD, SK_2D, TC_RGBA8 | TC_U8_4B | TC_SRGB8_4B,
     F_PLAIN | F_FLOAT | F_UNDER_2G, vsmp_ld_2d_unorm8_avx512},
    {"ld_2d_avx512", L_AVX512, OP_LD, SK_2D, TC_SIMD, F_PLAIN | F_DEC | F_DATA4 | F_UNDER_2G,
     vsmp_ld_2d_avx512},
    {"sample_cube_avx512", L_AVX512, OP_SAMPLE, SK_CUBE, TC_SIMD, SIMD_CUBE | F_DATA4,
     vsmp_sample_2d_avx512},
    {"sample_bc1_avx512", L_AVX512, OP_SAMPLE, S_2D3D, TC_BC1, SIMD | F_NORMALIZED,
     vsmp_sample_2d_avx512},
    {"sample_bc1_avx512", L_AVX512, OP_SAMPLE, S_2D, TC_BC1, SIMD | NN_FLAT, vsmp_sample_2d_avx512},
    {"sample_bc1_avx512", L_AVX512, OP_SAMPLE, SK_CUBE, TC_BC1, SIMD_CUBE, vsmp_sample_2d_avx512},
#endif
#ifdef VSMP_HAVE_AVX2
    {"sample_3d_u8x4_avx2", L_AVX2, OP_SAMPLE, SK_3D, TC_RGBA8, MIP3D, vsmp_sample_3d_u8x4_avx2},
    {"sample_mip_u8x4_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_RGBA8, MIP8, vsmp_sample_mip_u8x4_avx2},
    {"sample_2d_avx2", L_AVX2, OP_SAMPLE, S_2D3D, TC_SIMD, SIMD | F_DATA4 | F_NORMALIZED,
     vsmp_sample_2d_avx2},
    {"sample_2d_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_SIMD, SIMD | F_DATA4 | NN_FLAT,
     vsmp_sample_2d_avx2},
    {"ld_2d_unorm8_avx2", L_AVX2, OP_LD, SK_2D, TC_RGBA8 | TC_U8_4B | TC_SRGB8_4B,
     F_PLAIN | F_FLOAT | F_UNDER_2G, vsmp_ld_2d_unorm8_avx2},
    {"ld_int8x4_avx2", L_AVX2, OP_LD, SK_2D, TC_DEC,
     F_PLAIN | F_DEC | F_DATA4 | F_UNDER_2G | F_INT8X4, vsmp_ld_int8x4_avx2},
    {"ld_2d_avx2", L_AVX2, OP_LD, SK_2D, TC_SIMD, F_PLAIN | F_DEC | F_DATA4 | F_UNDER_2G,
     vsmp_ld_2d_avx2},
    {"sample_cube_avx2", L_AVX2, OP_SAMPLE, SK_CUBE, TC_SIMD, SIMD_CUBE | F_DATA4,
     vsmp_sample_2d_avx2},
    {"sample_bc1_avx2", L_AVX2, OP_SAMPLE, S_2D3D, TC_BC1, SIMD | F_NORMALIZED,
     vsmp_sample_2d_avx2},
    {"sample_bc1_avx2", L_AVX2, OP_SAMPLE, S_2D, TC_BC1, SIMD | NN_FLAT, vsmp_sample_2d_avx2},
    {"sample_bc1_avx2", L_AVX2, OP_SAMPLE, SK_CUBE, TC_BC1, SIMD_CUBE, vsmp_sample_2d_avx2},
#endif
    {"sample_c", L_C, OP_SAMPLE, S_2D3D, TC_ANY, C_2D | F_NORMALIZED, vsmp_sample_2d_c},
    {"sample_c", L_C, OP_SAMPLE, S_2D3D, TC_ANY, C_2D | NN_FLAT, vsmp_sample_2d_c},
    {"sample_cube_c", L_C, OP_SAMPLE, SK_CUBE, TC_ANY, C_CUBE, vsmp_sample_2d_c},
    {"ld_2d_c", L_C, OP_LD, S_2D, TC_ANY, F_PLAIN, vsmp_ld_2d_c},
};

/* ---- gathers or scalar loads ----
 *
 * The families compiled in two forms (names_gather.h): a row's kernel, its gather form and the
 * CPUs (load-form bits of the plan's flags, sample_internal.h) whose plans take it; every other
 * CPU keeps the scalar loads. Measured (docs/SAMPLING.md, "Gathers or scalar loads";
 * bench/results/gather-pick-spr.txt): on an Intel core of the Sapphire Rapids class the gathers
 * of the AVX2 mip, 3D and flat RGBA8 kernels and of the AVX-512 3D kernel win 5-9 %; on Zen 4
 * gathers lost 12-26 % on the whole-texel kernels. The AVX-512 2D mip kernel (gathers 0 to -1 %)
 * and the four-float kernel (-6 %) have no gather form.
 *
 * The table kernels (sample_avx2_lut8.c) look their channels up by gathers in their rows (faster
 * on Zen 4: bench/results/srgb3d-zen4.txt), and have a second form with scalar loads
 * (scalar_avx2_lut8.c) for the cores whose gathers are slow: VSMP_CPU_SLOW_GATHER, an x86 core
 * neither Intel nor with AVX-512 (sample_internal.h; Zen 3: an 8-lane table lookup by vpgatherdd
 * took 4.2-5.6 ns against 3.2-5.1 ns by scalar loads in a loop of lookups alone). Zen 4 (AMD family
 * 25 too, but with AVX-512) and Intel cores keep the gathers. */
typedef struct gather_form {
    vsmp_kernel scalar, gather;
    const char *name; /* the plan's fast_name with the form its row does not name */
    unsigned cpus;    /* VSMP_CPU_INTEL...: any of; the CPUs taking that form */
    bool gather_row;  /* the row names the gather form (else the scalar one) */
} gather_form;

static const gather_form gather_forms[] = {
#ifdef VSMP_HAVE_AVX512
    {vsmp_sample_3d_u8x4_avx512, vsmp_sample_3d_u8x4_avx512_gather, "sample_3d_u8x4_avx512_gather",
     VSMP_CPU_INTEL, false},
#endif
#ifdef VSMP_HAVE_AVX2
    {vsmp_sample_mip_u8x4_avx2, vsmp_sample_mip_u8x4_avx2_gather, "sample_mip_u8x4_avx2_gather",
     VSMP_CPU_INTEL, false},
    {vsmp_sample_3d_u8x4_avx2, vsmp_sample_3d_u8x4_avx2_gather, "sample_3d_u8x4_avx2_gather",
     VSMP_CPU_INTEL, false},
    {vsmp_sample_flat_u8x4_avx2, vsmp_sample_flat_u8x4_avx2_gather, "sample_flat_u8x4_avx2_gather",
     VSMP_CPU_INTEL, false},
    {vsmp_sample_flat_lut8_avx2_scalar, vsmp_sample_flat_lut8_avx2, "sample_flat_lut8_avx2_scalar",
     VSMP_CPU_SLOW_GATHER, true},
    {vsmp_sample_mip_lut8_avx2_scalar, vsmp_sample_mip_lut8_avx2, "sample_mip_lut8_avx2_scalar",
     VSMP_CPU_SLOW_GATHER, true},
#endif
    {NULL, NULL, NULL, 0, false},
};

/* The form of the chosen kernel the plan's CPU flags take: VSMP_CPU_SCALAR forces scalar loads,
 * else VSMP_CPU_GATHER gathers, else the form of the row's CPUs where the CPU is one of them. */
static void load_form(vsmp_plan *p)
{
    const unsigned c = p->cpu;
    for (const gather_form *g = gather_forms; g->scalar; g++) {
        if (g->gather_row && g->gather == p->fast) {
            if ((c & VSMP_CPU_SCALAR) || ((c & g->cpus) && !(c & VSMP_CPU_GATHER)))
                p->fast = g->scalar, p->fast_name = g->name;
            return;
        }
        if (!g->gather_row && g->scalar == p->fast) {
            if (!(c & VSMP_CPU_SCALAR) && (c & (g->cpus | VSMP_CPU_GATHER)))
                p->fast = g->gather, p->fast_name = g->name;
            return;
        }
    }
}

/* ---- describing a plan ---- */

/* How texels are decoded: whole 8-bit UNORM/SNORM bytes by table, float32 and float16
 * channels directly, blocks and everything else through the reference unpack. */
static unsigned texel_kind(const vsmp_format_info *fi)
{
    if (fi->block_w > 1 || fi->block_h > 1)
        return TX_BLOCK;
    bool u8 = fi->bytes <= 4 && fi->bytes != 3, f32 = true, f16 = true;
    for (int c = 0; c < 4; c++) {
        const vsmp_chan_desc *d = &fi->ch[c];
        if (d->type == VSMP_CHAN_NONE)
            continue;
        u8 = u8 && (d->type == VSMP_CHAN_UNORM || d->type == VSMP_CHAN_SNORM) && d->bits == 8 &&
             d->shift % 8 == 0;
        f32 = f32 && d->type == VSMP_CHAN_FLOAT && d->bits == 32 && d->shift % 32 == 0;
        f16 = f16 && d->type == VSMP_CHAN_FLOAT && d->bits == 16 && d->shift % 16 == 0;
    }
    return u8 ? TX_UNORM8 : f32 ? TX_F32 : f16 ? TX_F16 : TX_GENERIC;
}

/* CLAMP_BORDER's texel (border_texel of the reference, float classes): the state's colour,
 * each channel clamped to the range its type represents (12.3). */
static void border_colour(vsmp_plan *p)
{
    const vsmp_format_info *fi = p->s->fi;
    p->border_nan = false;
    for (int c = 0; c < 4; c++) {
        float f = p->st.border.f[c];
        unsigned ty = fi->ch[c].type;
        if (ty == VSMP_CHAN_UNORM)
            f = clampf(f, 0.0f, 1.0f);
        else if (ty == VSMP_CHAN_SNORM)
            f = clampf(f, -1.0f, 1.0f);
        else if (ty == VSMP_CHAN_UFLOAT && f < 0)
            f = 0.0f;
        p->border[c] = f;
        p->border_nan = p->border_nan || !(f == f);
    }
}

/* The SIMD kernels' generic decoder: each channel a whole 8-, 16- or 32-bit field the decoder
 * converts as vsmp_format_unpack does (UNORM8 not sRGB, UNORM16, UINT, SINT, FLOAT16/32), in a
 * texel of 1, 2, 4, 8 or 16 bytes. */
static void decoders(vsmp_plan *p)
{
    const vsmp_format_info *fi = p->s->fi;
    unsigned b = fi->bytes;
    p->dec =
        fi->block_w == 1 && fi->block_h == 1 && (b == 1 || b == 2 || b == 4 || b == 8 || b == 16);
    for (int c = 0; c < 4; c++) {
        const vsmp_chan_desc *d = &fi->ch[c];
        p->ch_pos[c] = (uint8_t)(d->shift / 8), p->ch_bits[c] = (uint8_t)d->bits;
        unsigned k = CD_NO;
        bool whole = (d->bits == 8 || d->bits == 16 || d->bits == 32) && d->shift % d->bits == 0;
        if (d->type == VSMP_CHAN_NONE)
            k = CD_NONE;
        else if (!whole)
            k = CD_NO;
        else if (d->type == VSMP_CHAN_UNORM && !(fi->srgb && c < 3))
            k = d->bits == 8 ? CD_UNORM8 : d->bits == 16 ? CD_UNORM16 : CD_NO;
        else if (d->type == VSMP_CHAN_UINT)
            k = CD_UINT;
        else if (d->type == VSMP_CHAN_SINT)
            k = CD_SINT;
        else if (d->type == VSMP_CHAN_FLOAT)
            k = d->bits == 32 ? CD_F32 : d->bits == 16 ? CD_F16 : CD_NO;
        p->ch_dec[c] = (uint8_t)k;
        p->dec = p->dec && k != CD_NO;
    }
}

/* 8-bit texels: where each channel is and how the kernels convert it. */
static void bytes_of(vsmp_plan *p)
{
    const vsmp_format_info *fi = p->s->fi;
    p->u8x4 = false;
    if (p->texel_kind != TX_UNORM8)
        return;
    p->u8x4 = fi->bytes == 4;
    for (int c = 0; c < 4; c++) {
        bool none = fi->ch[c].type == VSMP_CHAN_NONE;
        p->byte_of[c] = none ? 0xff : (uint8_t)(fi->ch[c].shift / 8);
        for (int b = 0; b < 16; b++) /* bytes 0-2 of each lane: the channel's; 0x80: zero */
            p->u8shuf[c][b] = b % 4 == 3 || none ? 0x80 : (uint8_t)(b - b % 4 + p->byte_of[c]);
        p->ch_kind[c] = none                                                        ? 0
                        : fi->ch[c].type == VSMP_CHAN_UNORM && !(fi->srgb && c < 3) ? 1
                                                                                    : 2;
        p->u8x4 = p->u8x4 && p->ch_kind[c] == 1;
    }
}

static unsigned texel_class(const vsmp_plan *p)
{
    const vsmp_format_info *fi = p->s->fi;
    switch (p->texel_kind) {
    case TX_UNORM8:
        if (p->u8x4)
            return TC_RGBA8;
        if (fi->bytes == 4)
            return fi->srgb ? TC_SRGB8_4B : TC_U8_4B;
        return fi->srgb ? TC_SRGB8 : TC_U8;
    case TX_F32:
    case TX_F16:
        if (fi->bytes % 4 == 0)
            return TC_FWORDS;
        break;
    case TX_BLOCK:
        return fi->bc == 1 && !fi->srgb && fi->bytes == 8 ? TC_BC1 : TC_OTHER;
    }
    return p->dec ? TC_DEC : TC_OTHER;
}

/* Whether address mode m of an addressed axis is one the SIMD kernels take. */
static bool simd_mode(const vsmp_plan *p, unsigned m)
{
    return m == VSMP_TCM_CLAMP || m == VSMP_TCM_CUBE || m == VSMP_TCM_CLAMP_BORDER ||
           (m == VSMP_TCM_WRAP && p->pow2);
}

static unsigned plan_flags(const vsmp_plan *p)
{
    const vsmp_surface *s = p->s;
    const vsmp_format_info *fi = s->fi;
    const vsmp_sampler_state *st = &p->st;
    unsigned f = 0;
    if (s->d.samples <= 1 && !s->resident && fi->planes <= 1 && !fi->yuv)
        f |= F_PLAIN;
    if (fi->cls == VSMP_CLASS_FLOAT)
        f |= F_FLOAT;
    if (s->d.data_size >= 4)
        f |= F_DATA4;
    if (s->d.data_size < (1u << 31))
        f |= F_UNDER_2G;
    if (p->dec)
        f |= F_DEC;
    f |= st->non_normalized ? F_UNNORMALIZED : F_NORMALIZED;
    if ((st->min_filter == VSMP_FILTER_NEAREST) == (st->mag_filter == VSMP_FILTER_NEAREST))
        f |= F_FILT_SAME;
    if (st->min_filter != VSMP_FILTER_ANISOTROPIC)
        f |= F_NOT_ANISO;
    f |= st->mip_filter == VSMP_MIPFILTER_NONE ? F_MIP_NONE : F_MIPS;
    if (st->mip_filter != VSMP_MIPFILTER_LINEAR)
        f |= F_MIP_NOT_LINEAR;
    bool half = false, border = false, simd = true;
    for (unsigned a = 0; a < p->dims && a < 3; a++) {
        unsigned m = st->address[a];
        half = half || m == VSMP_TCM_HALF_BORDER;
        border = border || m == VSMP_TCM_CLAMP_BORDER;
        simd = simd && simd_mode(p, m);
    }
    if (!half)
        f |= F_NO_HALF_BORDER;
    if (!half && !border)
        f |= F_NO_BORDER;
    if (simd || (s->d.type == VSMP_SURFTYPE_CUBE && p->seamless))
        f |= F_SIMD_ADDR;
    if (!(border && p->border_nan))
        f |= F_BORDER_OK;
    unsigned chans = 0;
    for (int c = 0; c < 4; c++)
        chans += fi->ch[c].type != VSMP_CHAN_NONE;
    if (fi->bytes == 1 && chans == 1)
        f |= F_ONE_BYTE;
    bool one16 = p->dec && fi->bytes == 2 && chans == 1;
    for (int c = 0; c < 4; c++)
        one16 = one16 &&
                (p->ch_dec[c] == CD_NONE || p->ch_dec[c] == CD_UNORM16 || p->ch_dec[c] == CD_F16);
    if (one16)
        f |= F_ONE_16;
    bool f4 =
        (p->texel_kind == TX_F32 && fi->bytes == 16) || (p->texel_kind == TX_F16 && fi->bytes == 8);
    for (int c = 0; c < 4; c++)
        f4 = f4 && fi->ch[c].type == VSMP_CHAN_FLOAT && fi->ch[c].shift == c * fi->ch[c].bits;
    if (f4)
        f |= F_FLOAT4;
    bool i8 = p->dec && fi->bytes == 4;
    for (int c = 0; c < 4; c++)
        i8 = i8 && (p->ch_dec[c] == CD_UINT || p->ch_dec[c] == CD_SINT) && p->ch_bits[c] == 8;
    if (i8)
        f |= F_INT8X4;
    return f;
}

/* Whether every level's width, height and depth is a power of two. */
static bool pow2_levels(const vsmp_surface *s)
{
    for (unsigned l = 0; l < s->d.levels && l < VSMP_MAX_LEVELS; l++) {
        uint32_t e[3];
        vsmp_level_extent(&s->d, l, e);
        if ((e[0] & (e[0] - 1)) || (e[1] & (e[1] - 1)) || (e[2] & (e[2] - 1)))
            return false;
    }
    return true;
}

/* The plan's class; the properties the rows read (and the kernels after them) are set. */
static plan_class describe(vsmp_plan *p)
{
    const vsmp_surface *s = p->s;
    const vsmp_sampler_state *st = &p->st;
    plan_class c = {0, 0, 0, 0};
    bool minmax = st->reduction_enable &&
                  (st->reduction == VSMP_REDUCTION_MIN || st->reduction == VSMP_REDUCTION_MAX);
    if (p->kind == K_SAMPLE && !p->compare && !p->po && !minmax)
        c.op = OP_SAMPLE;
    else if (p->kind == K_LD)
        c.op = OP_LD;
    switch ((unsigned)s->d.type) {
    case VSMP_SURFTYPE_2D:
        c.surf = s->d.array ? SK_2DARRAY : SK_2D;
        break;
    case VSMP_SURFTYPE_3D:
        c.surf = SK_3D;
        break;
    case VSMP_SURFTYPE_CUBE:
        c.surf = SK_CUBE;
        break;
    }
    if (!c.op || !c.surf) /* no row takes it: nothing more to learn */
        return c;
    p->texel_kind = (uint8_t)texel_kind(s->fi);
    p->pow2 = pow2_levels(s);
    border_colour(p);
    decoders(p);
    bytes_of(p);
    c.texels = texel_class(p);
    c.flags = plan_flags(p);
    return c;
}

static bool matches(const fast_row *r, const plan_class *c, unsigned cpu)
{
    return (r->cpu & cpu) == r->cpu && (r->op & c->op) && (r->surf & c->surf) &&
           (r->texels & c->texels) && (r->need & c->flags) == r->need;
}

/* ---- preparing a plan for the kernel its row chose ---- */

/* Level views, the missing channels' constants, ld's zero texel and, for 8-bit texels, the
 * channel tables. */
static void prepare(vsmp_plan *p)
{
    const vsmp_surface *s = p->s;
    for (unsigned l = 0; l < s->d.levels && l < VSMP_MAX_LEVELS; l++) {
        vsmp_level_view *lv = &p->lv[l];
        lv->base = s->mem + s->d.level_offset[l];
        lv->off = (uint32_t)s->d.level_offset[l];
        lv->pitch = (uint32_t)s->d.row_pitch[l];
        lv->spitch = s->d.slice_pitch[l];
        lv->spitch32 = (uint32_t)s->d.slice_pitch[l];
        uint32_t ext[3];
        vsmp_level_extent(&s->d, l, ext);
        lv->w = ext[0], lv->h = ext[1], lv->d = ext[2];
        lv->fw = (float)lv->w, lv->fh = (float)lv->h, lv->fd = (float)lv->d;
        lv->rw = 1.0f / lv->fw, lv->rh = 1.0f / lv->fh, lv->rd = 1.0f / lv->fd;
    }
    const vsmp_format_info *fi = s->fi;
    uint8_t zero[16] = {0};
    vsmp_texel z;
    vsmp_format_unpack(fi, zero, &z);
    memcpy(p->konst, z.f, 16);
    /* what ld returns out of range: zeros, A = 1 when the format has no alpha (reference's
     * zero_texel) */
    p->ldzero[0] = p->ldzero[1] = p->ldzero[2] = 0.0f;
    p->ldzero[3] = fi->ch[3].bits ? 0.0f : 1.0f;
    if (fi->cls != VSMP_CLASS_FLOAT && !fi->ch[3].bits) { /* integer classes: the word 1 */
        uint32_t one = 1;
        memcpy(&p->ldzero[3], &one, 4);
    }
    if (p->texel_kind != TX_UNORM8)
        return;
    /* the tables: byte b in every channel's byte at once (each 8-bit channel unpacks from its
     * own byte alone), one unpack per value */
    for (unsigned b = 0; b < 256; b++) {
        uint8_t px[4] = {0, 0, 0, 0};
        for (int c = 0; c < 4; c++)
            if (p->byte_of[c] != 0xff)
                px[p->byte_of[c]] = (uint8_t)b;
        vsmp_texel t;
        vsmp_format_unpack(fi, px, &t);
        for (int c = 0; c < 4; c++)
            p->lut[c][b] = t.f[c];
    }
}

void vsmp_fast_select(vsmp_plan *p)
{
    p->fast = NULL;
    p->fast_name = "reference";
    if (!p->s || !p->s->fi || p->s->d.type == VSMP_SURFTYPE_NULL)
        return;
    plan_class c = describe(p);
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        if (!matches(&rows[i], &c, p->cpu))
            continue;
        prepare(p);
        p->fast = rows[i].run;
#ifdef VSMP_HAVE_AVX512
        p->fast = vsmp_flat_avx512_pick(p, p->fast); /* a flat family's member, named once */
#endif
#ifdef VSMP_HAVE_AVX2
        p->fast = vsmp_flat_r8_avx2_pick(p, p->fast);  /* the AVX2 level's 16-lane R8 one */
        p->fast = vsmp_flat_r16_avx2_pick(p, p->fast); /* its 16-lane R16 bilinear one */
#endif
        p->fast_name = rows[i].name;
        load_form(p);
#ifdef VSMP_HAVE_AVX2
        /* the AVX2 level's 16-lane bilinear RGBA8 one (and the AVX-512 level's for mip plans of
         * one level), sending what it leaves to the plan's kernel in its load form */
        p->fast = vsmp_flat_u8x4_avx2_pick(p, p->fast);
        p->fast = vsmp_point_u8x4_avx2_pick(p, p->fast); /* its RGBA8 point one, either form */
        p->fast = vsmp_3d_u8x4_avx2_pick(p, p->fast);    /* the 16-lane trilinear 3D RGBA8 one */
#endif
        p->lod_unused = vsmp_fast_lod_unused(p);
        return;
    }
}
