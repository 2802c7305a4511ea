/* SPDX-License-Identifier: MIT */
#ifndef VSMP_LAUNCH_H
#define VSMP_LAUNCH_H

/**
 * @file launch.h
 * The launcher: an OpenCL kernel compiled by IGC run over an NDRange on the machine.
 *
 * The kernel's interface is read from IGC's text dump of its patch tokens (the `.cos` file
 * `IGC_ShaderDumpEnable` writes beside the `.visaasm`): arguments and their binding-table
 * slots, their offsets in the cross-thread data, the implicit arguments (global offset, local
 * and global sizes, image sizes), the local IDs in the thread payload, the SIMD width.
 * vsmp_launch() splits the NDRange into work-groups and each group into hardware threads of the
 * kernel's SIMD width, builds each thread's payload and runs the threads one after the other,
 * the work-groups shared among vsmp_launch_options.workers CPU threads.
 * The payload layout and every rule are in docs/LAUNCH.md.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsmp/exec.h"
#include "vsmp/isa.h"
#include "vsmp/sampler.h"
#include "vsmp/status.h"
#include "vsmp/surface.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VSMP_LAUNCH_MAX_ARGS 64

/** What an explicit kernel argument is. */
typedef enum vsmp_arg_kind {
    VSMP_ARG_NONE = 0,    /**< not named by the interface */
    VSMP_ARG_SCALAR = 1,  /**< bytes in the cross-thread data (KERNEL_ARGUMENT) */
    VSMP_ARG_BUFFER = 2,  /**< a global/constant pointer: a buffer at a binding-table slot */
    VSMP_ARG_IMAGE = 3,   /**< an image at a binding-table slot */
    VSMP_ARG_SAMPLER = 4, /**< a sampler_t argument at a sampler-state index */
    VSMP_ARG_LOCAL = 5    /**< a __local pointer: its bytes of shared local memory */
} vsmp_arg_kind;

/** One explicit argument as the interface describes it. */
typedef struct vsmp_launch_arg_info {
    vsmp_arg_kind kind;
    int32_t bti;     /**< binding-table index (buffers, images); -1 when none */
    int32_t sampler; /**< sampler-state index (samplers); -1 when none */
    int32_t offset;  /**< cross-thread byte offset of a scalar or a buffer's pointer; -1 */
    uint32_t size;   /**< bytes of the scalar or pointer at @c offset */
    char type[32];   /**< the type name of KERNEL_ARGUMENT_INFO ("float*", "image2d_t") */
    char name[32];   /**< the argument's name */
} vsmp_launch_arg_info;

typedef struct vsmp_launch_iface vsmp_launch_iface;

/**
 * Read a kernel interface from IGC's patch-token text dump (`.cos`).
 * @return VSMP_OK; VSMP_ERR_MALFORMED (a line it cannot read, a token field out of range, no kernel
 *         name) with the line in @p diags; VSMP_ERR_NOMEM.
 */
VSMP_API vsmp_status vsmp_launch_iface_parse(const char *text, size_t size, vsmp_launch_iface **out,
                                             vsmp_diags *diags);
VSMP_API void vsmp_launch_iface_free(vsmp_launch_iface *f);
/** @return the kernel name the interface is for. */
VSMP_API const char *vsmp_launch_iface_kernel(const vsmp_launch_iface *f);
/** @return the SIMD width the kernel was compiled for (8, 16, 32). */
VSMP_API unsigned vsmp_launch_iface_simd(const vsmp_launch_iface *f);
/** @return the number of explicit arguments (highest argument number + 1). */
VSMP_API unsigned vsmp_launch_iface_num_args(const vsmp_launch_iface *f);
/** @return argument @p i, or NULL past the end. */
VSMP_API const vsmp_launch_arg_info *vsmp_launch_iface_arg(const vsmp_launch_iface *f, unsigned i);

/** A bound argument (by the argument number of the interface). */
typedef struct vsmp_launch_arg {
    vsmp_surface *surface;      /**< buffers (their bytes) and images */
    vsmp_sampler_state sampler; /**< sampler_t arguments */
    uint8_t bytes[64];          /**< scalars: the value's bytes (little-endian) */
    uint32_t size;              /**< scalars: bytes given; __local pointers: the bytes of shared
                                     local memory they point to */
} vsmp_launch_arg;

/** The NDRange. */
typedef struct vsmp_ndrange {
    uint32_t dims;      /**< 1..3 */
    uint32_t global[3]; /**< global size per dimension (unused ones 1) */
    uint32_t local[3];  /**< local size; all zero = vsmp chooses (docs/LAUNCH.md) */
    uint32_t offset[3]; /**< global offset */
} vsmp_ndrange;

/** Launch options. */
typedef struct vsmp_launch_options {
    vsmp_platform platform;
    /** Sampler states the kernel declares itself (OpenCL inline samplers), by sampler-state
     *  index: the patch tokens do not carry their values. */
    const vsmp_sampler_state *inline_samplers[VSMP_MAX_SAMPLER_STATES];
    uint64_t max_steps; /**< per thread; 0 = the machine's default */
    /** CPU threads the work-groups are shared among (each takes a contiguous share, with
     *  machines of its own): 1 (the default) runs everything on the calling thread; 0 one per
     *  online core, as many as have 4096 hardware threads of work or more each; another count
     *  that many (at most one per group, and VSMP_LAUNCH_MAX_WORKERS). Results are the same for
     *  any count; after a failure, groups past the failing one may have run. */
    unsigned workers;
} vsmp_launch_options;

#define VSMP_LAUNCH_MAX_WORKERS 64

VSMP_API void vsmp_launch_options_init(vsmp_launch_options *o);

/**
 * An OpenCL sampler_t value (CLK_* bits as the OpenCL C headers define them: normalized
 * coordinates 1, address mode << 1, filter << 4) as a sampler state.
 * @return VSMP_OK or VSMP_ERR_ARG (bits that are no sampler).
 */
VSMP_API vsmp_status vsmp_sampler_from_cl(uint32_t value, vsmp_sampler_state *st);

/**
 * A hardware SAMPLER_STATE (16 bytes, as IGC writes OpenCL inline samplers) as a sampler
 * state: min/mag/mip filters, the three address modes, non-normalized coordinates (the fields an
 * OpenCL sampler sets; docs/LAUNCH.md).
 * @return VSMP_OK; VSMP_ERR_UNSUPPORTED (a filter no OpenCL sampler uses); VSMP_ERR_ARG.
 */
VSMP_API vsmp_status vsmp_sampler_from_hw(const uint8_t state[16], vsmp_sampler_state *st);

/**
 * The inline samplers of a kernel from its dynamic state heap (@p dsh, @p size bytes: the heap
 * of IGC's program binary; the corpus keeps it as KERNEL.DEVICE.simdW.dsh.gz): each sampler
 * state of the interface's SAMPLER_STATE_ARRAY that no sampler_t argument uses, decoded into
 * @p out[i] with @p set[i] true (both VSMP_MAX_SAMPLER_STATES long).
 * @return VSMP_OK; VSMP_ERR_MALFORMED (the heap too short, in @p diags); VSMP_ERR_UNSUPPORTED;
 *         VSMP_ERR_ARG.
 */
VSMP_API vsmp_status vsmp_launch_dsh_samplers(const vsmp_launch_iface *f, const void *dsh,
                                              size_t size, vsmp_sampler_state *out, bool *set,
                                              vsmp_diags *diags);

/**
 * Run kernel @p kernel of @p mod over @p nd with @p args (@p nargs, indexed by argument number;
 * surfaces are written in place).
 * @return VSMP_OK; VSMP_ERR_ARG (an argument missing or of the wrong kind, a bad NDRange);
 *         VSMP_ERR_UNSUPPORTED (barriers across the threads of a group, an interface vsmp does
 *         not read); what the machine returns (VSMP_ERR_INVALID...) with the failing thread in
 *         @p diags.
 */
VSMP_API vsmp_status vsmp_launch(const vsmp_module *mod, uint32_t kernel,
                                 const vsmp_launch_iface *f, const vsmp_ndrange *nd,
                                 const vsmp_launch_arg *args, unsigned nargs,
                                 const vsmp_launch_options *opt, vsmp_diags *diags);

#ifdef __cplusplus
}
#endif

/* interfaces built without a `.cos` */
#include "vsmp/launch_iface.h"

#endif
