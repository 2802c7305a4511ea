/* SPDX-License-Identifier: MIT */
/* Internal structures of the sampling engine. Not installed. */
#ifndef VSMP_SAMPLE_INTERNAL_H
#define VSMP_SAMPLE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "vsmp/format.h"
#include "vsmp/isa.h"
#include "vsmp/sampler.h"
#include "vsmp/surface.h"

struct vsmp_surface {
    vsmp_surface_desc d; /* layout fields filled in */
    const vsmp_format_info *fi;
    uint8_t *mem;
    uint8_t *owned;
    uint64_t *mcs;     /* multisample with MCS: one element per pixel per layer */
    uint8_t *resident; /* sparse: one byte per 64 KiB tile (NULL: all resident) */
    size_t tiles;
};

/* The extent of mip level `level` of an extent of v texels: v >> level, at least 1. The one home of
 * a level's size: surfaces, the reference pipeline and the fast paths read it. */
static inline uint32_t vsmp_minify(uint32_t v, unsigned level)
{
    uint32_t r = level < 32 ? v >> level : 0;
    return r ? r : 1;
}

/* Width, height and depth of mip level `level` of a surface (depth 1 unless 3D). */
static inline void vsmp_level_extent(const vsmp_surface_desc *d, unsigned level, uint32_t out[3])
{
    out[0] = vsmp_minify(d->width, level);
    out[1] = vsmp_minify(d->height, level);
    out[2] = d->type == VSMP_SURFTYPE_3D ? vsmp_minify(d->depth, level) : 1;
}

/* A texel load that honours residency: non-resident texels read as zero bytes and set *null_hit
 * (which may be NULL). */
void vsmp_surface_load_sparse(const vsmp_surface *s, unsigned level, uint32_t slice, uint32_t x,
                              uint32_t y, vsmp_texel *t, bool *null_hit);

/* What an operation does, derived once from its sub-op. */
enum op_kind { K_SAMPLE, K_LOD, K_LD, K_RESINFO, K_SAMPLEINFO, K_LD2DMS, K_LDMCS };
enum lod_mode { L_IMPLICIT, L_BIAS, L_EXPLICIT, L_ZERO, L_GRAD };

typedef struct vsmp_plan vsmp_plan;
typedef void (*vsmp_kernel)(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);

/* CPU levels (vsmp_cpu_flags): a plan picks its kernels from the flags it was created with. */
unsigned vsmp_cpu_effective(void);

/* Bits of a plan's CPU flags beside the levels (never in vsmp_cpu_flags, never masked by
 * vsmp_cpu_set_mask or VSMP_CPU): the texel-load form of the kernel families compiled in two,
 * scalar loads or gathers (table.c's gather_forms; docs/SAMPLING.md, "Gathers or scalar loads").
 * vsmp_cpu_effective adds VSMP_CPU_INTEL on an Intel core, VSMP_CPU_SLOW_GATHER on a core with
 * slow gathers, or what VSMP_LOADS forces ("gather": VSMP_CPU_GATHER, "scalar": VSMP_CPU_SCALAR)
 * instead. */
#define VSMP_CPU_INTEL  0x10000u /* the CPUID vendor is GenuineIntel */
#define VSMP_CPU_GATHER 0x20000u /* forced: every family compiled in two by gathers */
#define VSMP_CPU_SCALAR 0x40000u /* forced: scalar loads (wins over VSMP_CPU_GATHER) */
/* an x86 core neither Intel nor with AVX-512 (AMD before Zen 4), whose gathers are slower than
 * scalar loads even for the table lookups (fast/lut_forms.h's second form) */
#define VSMP_CPU_SLOW_GATHER 0x80000u

/* One mip level as the fast paths address it (precomputed when the plan is made). */
typedef struct vsmp_level_view {
    const uint8_t *base; /* level 0 of slice 0 */
    uint32_t pitch;      /* bytes per row (of blocks) */
    size_t spitch;       /* bytes per slice (layer) */
    uint32_t spitch32;   /* the same, for the SIMD kernels (surfaces under 2 GiB) */
    uint32_t off;        /* base - surface memory, in bytes (< 2^31 for the SIMD kernels) */
    uint32_t w, h, d;    /* texels (d: 3D depth, else 1) */
    float fw, fh, fd;    /* the same as floats */
    float rw, rh, rd; /* 1 / fw, 1 / fh, 1 / fd (exact for the power-of-two sizes that use them) */
} vsmp_level_view;

struct vsmp_plan {
    const vsmp_surface *s;
    vsmp_sampler_state st;
    unsigned op;
    enum op_kind kind;
    enum lod_mode lod;
    bool compare;
    bool po;       /* programmable offsets packed in a parameter */
    bool seamless; /* cube, filtered across faces */
    unsigned dims; /* coordinate axes that address texels: 1, 2 or 3 (cube: 2 per face) */
    unsigned base; /* SurfaceMinLOD */
    unsigned nlev; /* MIPCountLOD + 1 */
    vsmp_kernel run;
    /* fast path (src/sample/fast/): used when set and the message has no immediate offsets */
    vsmp_kernel fast;
    /* the kernel of every message without immediate offsets when no other field of the message
     * can change it (vsmp_plan_kernel: fast, or run without one; NULL when a CPS-scaled message
     * would take run) */
    vsmp_kernel plain;
    const char *fast_name; /* e.g. "sample_2d_unorm8_avx2" */
    unsigned cpu;          /* the CPU flags the plan was made with */
    vsmp_level_view lv[VSMP_MAX_LEVELS];
    float lut[4][256];  /* unorm8/snorm8 formats: channel c of byte value b, from the reference */
    uint8_t byte_of[4]; /* the byte holding channel c (0xff: none, lut gives the constant) */
    uint8_t ch_kind[4]; /* 0: no channel (a constant), 1: UNORM (byte / 255), 2: the table */
    uint8_t u8shuf[4][16]; /* unorm8: a byte shuffle giving each lane channel c's byte b three
                              times (b * 0x010101, see the AVX2 kernels' unorm8) */
    uint8_t texel_kind;    /* fast.c: how a texel is decoded (unorm8, f32, f16, generic, block) */
    bool u8x4;             /* four 8-bit UNORM channels (byte / 255) in a 4-byte texel */
    float konst[4];        /* missing channels: what the reference unpack gives them */
    float ldzero[4];       /* the texel ld returns out of range (its words: integers too) */
    float border[4];       /* CLAMP_BORDER's texel of a float-class format (border_texel) */
    bool border_nan;       /* a channel of it is NaN (kernels that skip the NaN rewrite refuse) */
    bool dec;              /* every channel has an 8-lane decoder (ch_dec): the SIMD kernels'
                              generic texels (R16, R16_FLOAT, integer formats...) */
    uint8_t ch_dec[4];     /* channel c's decoder (fast.h's CD_*) */
    uint8_t ch_pos[4];     /* its first byte in the texel */
    uint8_t ch_bits[4];    /* its width: 8, 16 or 32 */
    bool pow2;             /* every level's width and height is a power of two */
    bool lod_unused;       /* vsmp_fast_lod_unused(): lambda cannot change a result */
};

/* CPS LOD compensation (vsmp_message.coarse; vsmp's reading of SEMANTICS 2): true when this
 * message's implicit derivatives are divided by a coarse-pixel size other than 1x1, which only
 * the reference pipeline does (vsmp_plan_run sends such messages there). */
bool vsmp_cps_scaled(const vsmp_plan *p, const vsmp_message *m);

/* Create a plan with the given CPU flags (the public entry uses vsmp_cpu_effective()). */
vsmp_status vsmp_plan_create_cpu(const vsmp_surface *surf, const vsmp_sampler_state *st,
                                 unsigned op, unsigned cpu, vsmp_plan **out, vsmp_diags *diags);
/* Fill p->fast from the fast-path table when the plan's properties match one (fast.c). */
void vsmp_fast_select(vsmp_plan *p);

/* The reference kernels (sample_ref.c). */
void vsmp_ref_sample(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_ref_load(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_ref_info(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
void vsmp_ref_load_ms(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);

/* Cube faces (12.4), the reference's, for the fast paths too. Faces +X -X +Y -Y +Z -Z = 0..5. */
typedef struct facecoord {
    unsigned face;
    float s, t; /* normalized in [0, 1] on the face */
} facecoord;
/* The face of direction d (major axis; ties prefer z over y over x) and its coordinates. */
facecoord vsmp_cube_face(const float d[3]);
/* The direction of face coordinates (sc, tc in [-1, 1] on the face; may lie outside). */
void vsmp_cube_face_dir(unsigned face, float sc, float tc, float d[3]);
/* Face coordinates' derivatives for direction d and its derivative dd, on d's own face. */
void vsmp_cube_derivs(const float d[3], const float dd[3], float out[3]);
/* The same, d's face given (vsmp_cube_face(d).face). */
void vsmp_cube_face_derivs(unsigned face, const float d[3], const float dd[3], float out[3]);

#endif
