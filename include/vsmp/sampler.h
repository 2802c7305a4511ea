/* SPDX-License-Identifier: MIT */
#ifndef VSMP_SAMPLER_H
#define VSMP_SAMPLER_H

/**
 * @file sampler.h
 * Sampler state (Intel SAMPLER_STATE) and the sampling operations over whole messages.
 *
 * A (surface, sampler state, operation) triple is prepared once into a plan; the plan runs
 * whole 8/16/32-lane messages in structure-of-arrays form, as vISA issues them. Operations are
 * the vISA sub-ops (vsmp_subop in isa.h): sample, sample_b, sample_l, sample_c, sample_d,
 * sample_b_c, sample_l_c, LOD, sample_d_c, sample_lz, sample_c_lz, the sample_po family, ld,
 * ld_lz, load_l, ld2dms_w (UD form with mcsl/mcsh, UW form with mcs0..mcs3), ld_mcs, resinfo and
 * sampleinfo. The rules are those of docs/SAMPLING.md.
 */

#include <stdbool.h>
#include <stdint.h>

#include "vsmp/format.h"
#include "vsmp/isa.h"
#include "vsmp/status.h"
#include "vsmp/surface.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Min/mag filter (SAMPLER_STATE MAPFILTER). */
typedef enum vsmp_filter {
    VSMP_FILTER_NEAREST = 0,
    VSMP_FILTER_LINEAR = 1,
    VSMP_FILTER_ANISOTROPIC = 2,
} vsmp_filter;

/** Mip filter (MIPFILTER). */
typedef enum vsmp_mipfilter {
    VSMP_MIPFILTER_NONE = 0,
    VSMP_MIPFILTER_NEAREST = 1,
    VSMP_MIPFILTER_LINEAR = 3,
} vsmp_mipfilter;

/** Texture coordinate modes (TCM). */
typedef enum vsmp_address {
    VSMP_TCM_WRAP = 0,
    VSMP_TCM_MIRROR = 1,
    VSMP_TCM_CLAMP = 2,
    VSMP_TCM_CUBE = 3,
    VSMP_TCM_CLAMP_BORDER = 4,
    VSMP_TCM_MIRROR_ONCE = 5,
    VSMP_TCM_HALF_BORDER = 6,
    VSMP_TCM_MIRROR_101 = 7,
} vsmp_address;

/** Shadow function: Intel compares `texel OP ref` and returns 0 when it holds (SEMANTICS 9). */
typedef enum vsmp_shadow_func {
    VSMP_PREFILTEROP_ALWAYS = 0,
    VSMP_PREFILTEROP_NEVER = 1,
    VSMP_PREFILTEROP_LESS = 2,
    VSMP_PREFILTEROP_EQUAL = 3,
    VSMP_PREFILTEROP_LEQUAL = 4,
    VSMP_PREFILTEROP_GREATER = 5,
    VSMP_PREFILTEROP_NOTEQUAL = 6,
    VSMP_PREFILTEROP_GEQUAL = 7,
} vsmp_shadow_func;

/** Reduction type (with reduction_enable). */
typedef enum vsmp_reduction {
    VSMP_REDUCTION_STD = 0,
    VSMP_REDUCTION_COMPARISON = 1,
    VSMP_REDUCTION_MIN = 2,
    VSMP_REDUCTION_MAX = 3,
} vsmp_reduction;

/** LOD PreClamp mode. */
#define VSMP_PRECLAMP_NONE 0
#define VSMP_PRECLAMP_OGL  2

/** Sampler state. Plain struct; vsmp_sampler_state_init() fills defaults. */
typedef struct vsmp_sampler_state {
    uint8_t min_filter;   /**< vsmp_filter */
    uint8_t mag_filter;   /**< vsmp_filter */
    uint8_t mip_filter;   /**< vsmp_mipfilter */
    uint8_t max_aniso;    /**< 2..16 (ratio N:1) */
    uint8_t address[3];   /**< vsmp_address for U, V, R */
    uint8_t shadow_func;  /**< vsmp_shadow_func, used by the *_c operations */
    vsmp_texel border;    /**< border colour: floats for float classes, integers otherwise */
    float lod_bias;       /**< Texture LOD Bias */
    float min_lod;        /**< Min LOD */
    float max_lod;        /**< Max LOD */
    uint8_t lod_preclamp; /**< VSMP_PRECLAMP_NONE or VSMP_PRECLAMP_OGL */
    bool mag_mipnone;     /**< LOD Clamp Magnification Mode MIPNONE */
    bool seamless_cube;   /**< Cube Surface Control Mode OVERRIDE */
    bool reduction_enable;
    uint8_t reduction;         /**< vsmp_reduction */
    bool non_normalized;       /**< coordinates in texels (level 0 only) */
    bool cps_lod_compensation; /**< CPS LOD Compensation Enable (SAMPLER_STATE bit 30, gen11+):
                                    as the message's cps flag (see vsmp_message.coarse) */
    /** Zero (set by vsmp_sampler_state_init): room for later fields. */
    uint8_t reserved[15];
} vsmp_sampler_state;

/** Defaults: nearest filters, no mips, wrap, border (0,0,0,0), compare ALWAYS, LOD range
 *  [0, 14], PreClamp OGL, max anisotropy 16. */
VSMP_API void vsmp_sampler_state_init(vsmp_sampler_state *s);

/** How vsmp_sampler_state_quantize rounds the u4.8 Min/Max LOD fields. */
typedef enum vsmp_lod_rounding {
    VSMP_LOD_ROUND_NEAREST = 0,  /**< Mesa (anv, iris): nearest */
    VSMP_LOD_ROUND_TRUNCATE = 1, /**< Intel's compute runtime (FixedU4D8): toward zero */
} vsmp_lod_rounding;

/**
 * Quantise the state's LOD fields to what SAMPLER_STATE can hold (SEMANTICS 12): Texture LOD Bias
 * is s4.8 (rounded to nearest, clamped to [-16, 4095/256]), Min LOD and Max LOD are u4.8
 * (clamped to [0, 14] as Mesa does, then rounded as @p rounding says). The engine itself samples
 * with whatever floats the state holds; call this to get the hardware's values.
 */
VSMP_API void vsmp_sampler_state_quantize(vsmp_sampler_state *s, vsmp_lod_rounding rounding);

#define VSMP_MAX_LANES 32

/** One message: the operation's parameters as the vISA payload holds them, one array of
 *  @c simd 32-bit lane values per parameter kind (float bits for sampling operations, integers
 *  for loads and resinfo). A NULL array reads as zeros (an omitted trailing parameter). */
typedef struct vsmp_message {
    uint8_t simd;       /**< lanes: 1..32 (vISA uses 8, 16, 32) */
    uint32_t mask;      /**< enabled lanes: only these are written */
    int8_t aoffimmi[3]; /**< immediate texel offsets U, V, R, each in [-8, 7] */
    bool mcs16;         /**< ld2dms_w: the UW form (MCS in mcs0..mcs3), else mcsl/mcsh */
    bool cps;           /**< CPS LOD compensation asked by the instruction (3D_SAMPLE Op bit 9) */
    /** The thread's coarse-pixel size (cx, cy); 0 reads as 1. When it is not 1x1 and cps or the
     *  state's cps_lod_compensation is set, the implicit-derivative operations divide the x- and
     *  y-derivatives by cx and cy before the LOD computation (vsmp's reading of SEMANTICS 2). */
    uint8_t coarse[2];
    const uint32_t *param[VSMP_P_COUNT];
} vsmp_message;

/** Results: channel c of lane l in c[c][l] (float bits or integers per the format class); the
 *  pixel null mask: bit l is 0 when lane l fetched a texel from a non-resident tile, 1 otherwise
 *  (lanes that are disabled or past the message included). */
typedef struct vsmp_result {
    uint32_t c[4][VSMP_MAX_LANES];
    uint32_t null_mask;
} vsmp_result;

typedef struct vsmp_plan vsmp_plan;

/**
 * Prepare an operation on a surface with a sampler state (NULL for loads and INFO). The plan
 * keeps pointers to both: they must outlive it and not change.
 * @param op a vsmp_subop value (VSMP_SUB_*).
 * @return VSMP_OK; VSMP_ERR_ARG for an unknown op or an invalid state (reason in @p diags);
 *         VSMP_ERR_UNSUPPORTED for an op the surface cannot serve; VSMP_ERR_NOMEM.
 */
VSMP_API vsmp_status vsmp_plan_create(const vsmp_surface *surf, const vsmp_sampler_state *st,
                                      unsigned op, vsmp_plan **out, vsmp_diags *diags);
/** Free a plan. NULL is allowed. */
VSMP_API void vsmp_plan_free(vsmp_plan *p);
/**
 * Run one message. Lanes outside @c mask keep the values @p res had. Reentrant: one plan may
 * run on several threads at once.
 * @return VSMP_OK or VSMP_ERR_ARG (simd out of range, offsets out of range).
 */
VSMP_API vsmp_status vsmp_plan_run(const vsmp_plan *p, const vsmp_message *msg, vsmp_result *res);

/** One lane of a lane list (vsmp_sample_lanes). */
typedef struct vsmp_lane {
    unsigned op;                  /**< a vsmp_subop value */
    bool mcs16;                   /**< ld2dms_w: the UW form (see vsmp_message) */
    int8_t aoffimmi[3];           /**< immediate texel offsets U, V, R, each in [-8, 7] */
    uint32_t param[VSMP_P_COUNT]; /**< the lane's parameters, as vsmp_message's columns */
} vsmp_lane;

/** What one lane returned: the four channels as vsmp_result's, and its pixel null mask bit (true:
 *  every texel it fetched was resident). */
typedef struct vsmp_lane_result {
    uint32_t c[4];
    bool mapped;
} vsmp_lane_result;

/**
 * Run a list of lanes as whole messages. Lanes are taken VSMP_MAX_LANES at a time; within such a
 * group, the lanes sharing op, mcs16 and offsets run as one masked message as wide as the group,
 * so implicit-derivative operations see their quad neighbours. One plan per operation, made on
 * first use and freed before returning.
 * @param out @p n results.
 * @param failed when a message fails: the index of its first lane (optional).
 * @return VSMP_OK; what vsmp_plan_create (reason in @p diags) or vsmp_plan_run returned for the
 *         failing lane; VSMP_ERR_ARG (NULL arguments, op > 255); VSMP_ERR_NOMEM.
 */
VSMP_API vsmp_status vsmp_sample_lanes(const vsmp_surface *s, const vsmp_sampler_state *st,
                                       const vsmp_lane *lanes, size_t n, vsmp_lane_result *out,
                                       size_t *failed, vsmp_diags *diags);

/* ---- CPU levels of the fast paths ----
 * A plan picks its kernel once, when it is created: a fast path specialised for its properties
 * at the highest level allowed, or the reference pipeline. The levels allowed are those the
 * machine has, ANDed with the mask set here and with the VSMP_CPU environment variable ("ref"
 * or "none": the reference pipeline only; "c": the C fast paths; "avx2": up to AVX2; "avx512":
 * up to AVX-512). Every level gives the reference's result words (a test proves it, at each
 * level the testing machine has); a level only changes speed. */

/** x86-64 AVX2 kernels (with F16C, which every AVX2 processor has). */
#define VSMP_CPU_AVX2 0x1u
/** x86-64 AVX-512 kernels (F, BW, DQ and VL, with the OS saving the mask and ZMM registers);
 * a machine with it has VSMP_CPU_AVX2 too, and a mask with it should keep VSMP_CPU_AVX2. */
#define VSMP_CPU_AVX512 0x2u
/** The C fast paths (plan-time specialisations of the reference; every machine has them). */
#define VSMP_CPU_C 0x100u

/** @return the CPU flags the machine has (VSMP_CPU_*), before any mask. */
VSMP_API unsigned vsmp_cpu_flags(void);
/**
 * Limit the kernels of plans created from now on to the levels in @p mask (VSMP_CPU_* bits;
 * 0 = the reference pipeline only; VSMP_CPU_C = the C fast paths; ~0u = everything the machine
 * has, the default). Plans already created keep their kernels. */
VSMP_API void vsmp_cpu_set_mask(unsigned mask);

/* ---- the media sampler (SAMPLE_UNORM) ---- */

/** SAMPLE_UNORM output formats (Channel_mask bits 5..4). */
typedef enum vsmp_unorm_format {
    VSMP_UNORM_16_FULL = 0,
    VSMP_UNORM_16_DOWNSAMPLED = 1,
    VSMP_UNORM_8_FULL = 2,
    VSMP_UNORM_8_DOWNSAMPLED = 3,
} vsmp_unorm_format;

/**
 * The media sampler: one 8x4 block of 32 pixels, pixel p = 8 y + x at (u + x du, v + y dv),
 * sampled at the surface's base level with the state's filter and address modes (no LOD), each
 * value converted to 16-bit UNORM: UNORM8 sources as round(f * 65280) (raw8 << 8 for exact
 * texels), other sources as round(f * 65535), clamped to [0, 1] first (SEMANTICS 1).
 *
 * Layout of @p dst: with @p hw_formats false (what IGC produces, whatever the format bits say),
 * 16-bit full: the k-th enabled channel (R, G, B, A order) in UW elements [32 k, 32 k + 32).
 * With @p hw_formats true, @p fmt selects the documented hardware layouts: 16-bit downsampled (R
 * and B hold the 16 even pixels), 8-bit full (high bytes, 32 per channel), 8-bit downsampled (R
 * and B share one 32-byte unit).
 * @param written bytes the block needs (set also on VSMP_ERR_SPACE).
 * @return VSMP_OK, VSMP_ERR_ARG (no channel, a multisample surface), VSMP_ERR_SPACE.
 */
VSMP_API vsmp_status vsmp_media_sample_unorm(const vsmp_surface *surf, const vsmp_sampler_state *st,
                                             float u, float v, float du, float dv,
                                             unsigned channels, vsmp_unorm_format fmt,
                                             bool hw_formats, uint8_t *dst, size_t dst_size,
                                             size_t *written);

#ifdef __cplusplus
}
#endif

#endif
