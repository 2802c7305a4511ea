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

#include <signal.h>
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
/** The bytes of a by-value argument, at most: OpenCL's CL_DEVICE_MAX_PARAMETER_SIZE on Intel's
 *  runtime (a long16 is 128, a struct may be more); the cross-thread data bounds them too. */
#define VSMP_LAUNCH_MAX_ARG_BYTES 2048

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
/** @return the sampler states of the kernel's SAMPLER_STATE_ARRAY (`Count`): those no sampler_t
 *  argument uses are its inline samplers (`__constant sampler_t`), which the launch needs in
 *  vsmp_launch_options.inline_samplers. */
VSMP_API unsigned vsmp_launch_iface_num_sampler_states(const vsmp_launch_iface *f);

/** A bound argument (by the argument number of the interface). */
typedef struct vsmp_launch_arg {
    vsmp_surface *surface;      /**< buffers (their bytes) and images */
    vsmp_sampler_state sampler; /**< sampler_t arguments */
    /** sampler_t arguments: the OpenCL sampler_t value @c sampler was made from (CLK_* bits as
     *  vsmp_sampler_from_cl reads them), which the kernel's sampler payload values are written
     *  from; 0: they are derived from @c sampler (docs/LAUNCH.md section 2) */
    uint32_t sampler_bits;
    uint8_t bytes[VSMP_LAUNCH_MAX_ARG_BYTES]; /**< scalars: the value's bytes (little-endian) */
    uint32_t size; /**< scalars: bytes given; __local pointers: the bytes of shared
                        local memory they point to */
} vsmp_launch_arg;

/** The work-items a launch runs at most (2^32): the product of the global sizes. Each size and
 *  offset is 32 bits, and offset + global size stays within 2^32 - 1 in every dimension, so a
 *  work-item's global ID, its group ID and the launch's group count fit 32 bits; the counts of
 *  a launch are 64 bits (docs/LAUNCH.md section 2). The OpenCL device refuses a larger NDRange
 *  with this bound. */
#define VSMP_LAUNCH_MAX_ITEMS ((uint64_t)1 << 32)

/** The NDRange. */
typedef struct vsmp_ndrange {
    uint32_t dims;      /**< 1..3 */
    uint32_t global[3]; /**< global size per dimension (unused ones 1) */
    uint32_t local[3];  /**< local size; all zero = vsmp chooses (docs/LAUNCH.md) */
    uint32_t offset[3]; /**< global offset (offset + global within 2^32 - 1) */
} vsmp_ndrange;

/** What a launch did (vsmp_launch_options.stats). After a failure or a stop, the counts are of
 *  what ran before it (with several workers, not the same for every worker count). */
typedef struct vsmp_launch_stats {
    uint32_t local[3];         /**< the local size used (given, or chosen: docs/LAUNCH.md) */
    unsigned workers;          /**< CPU threads the groups were shared among */
    uint64_t groups_total;     /**< work-groups of the NDRange */
    uint64_t groups;           /**< work-groups run to their end */
    uint64_t threads;          /**< hardware threads run */
    uint64_t lanes;            /**< lanes enabled at dispatch over those threads (work-items) */
    uint64_t lane_slots;       /**< those threads x the SIMD width: lanes / lane_slots is how
                                    full the threads were */
    uint64_t instructions;     /**< instructions executed (vsmp_machine_steps), every thread */
    uint64_t sampler_messages; /**< sampler messages sent (vsmp_machine_sampler_messages) */
    uint64_t memory;           /**< bytes of machines, payloads and shared local memory the
                                    workers held (what max_memory is checked against) */
    uint64_t reserved[8];
} vsmp_launch_stats;

/** Progress of a launch: @p done of @p total work-groups have ended. Called about every 0.1 s
 *  of a launch, and once when it ends, from the calling thread or a worker's (never two calls
 *  at once); it must not call vsmp_launch. */
typedef void (*vsmp_launch_progress_fn)(void *user, uint64_t done, uint64_t total);

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
     *  that many (at most one per group, and VSMP_LAUNCH_MAX_WORKERS), fewer when their
     *  machines would pass max_memory. Results are the same for any count; the first failing
     *  group stops every worker (groups past it may have run in other shares). */
    unsigned workers;
    /** Memory budget of the launch's own state, every worker's together: the machines (one per
     *  hardware thread of a group with barriers, else two), payloads, local IDs and shared
     *  local memory (docs/LAUNCH.md section 2). A launch whose one worker would pass it is
     *  refused before its machines are made (VSMP_ERR_NOMEM, rule "memory", the bytes needed);
     *  with several workers, only as many run as fit. 0 = no budget. Default
     *  VSMP_DEFAULT_MAX_MEMORY. */
    size_t max_memory;
    /** Instructions the whole launch may execute, every thread of every group: past it the
     *  launch stops (VSMP_ERR_INVALID, rule "steps") once the threads running end. 0 = no
     *  budget (the default; each thread keeps max_steps). */
    uint64_t max_total_steps;
    /** Non-zero stops the launch: each worker stops before its next hardware thread and
     *  vsmp_launch returns VSMP_ERR_CANCELLED. May be set from a signal handler or another thread
     *  (the launcher reads it with a relaxed atomic load). NULL = none. */
    const volatile sig_atomic_t *cancel;
    vsmp_launch_progress_fn progress; /**< NULL = none */
    void *progress_user;
    vsmp_launch_stats *stats; /**< filled (success or not) when not NULL */
    /** The program-scope buffers (docs/LAUNCH.md section 2), BUFFER surfaces the caller made,
     *  shared by every work-item and left as the kernel leaves them: @c program_constant holds
     *  the program's `__constant` data, @c program_global its `__global` variables (both
     *  with their initial bytes and relocations: vsmp_launch_program_read), @c printf_buffer
     *  the printf buffer (its first 4 bytes, the bytes written, set to 4 by the caller:
     *  vsmp_launch_printf_init). Each is bound at the binding-table index the interface gives
     *  and mapped at its VSMP_LAUNCH_*_ADDRESS; a kernel that uses one refuses to launch
     *  without it. NULL = none. */
    vsmp_surface *program_constant;
    vsmp_surface *program_global;
    vsmp_surface *printf_buffer;
    /** Zero (set by vsmp_launch_options_init): room for later options. */
    uint8_t reserved[8];
} vsmp_launch_options;

/** The SVM addresses of the program-scope buffers (buffer argument N is at (N + 1) << 32). */
#define VSMP_LAUNCH_CONSTANT_ADDRESS ((uint64_t)0x100 << 32)
#define VSMP_LAUNCH_GLOBAL_ADDRESS   ((uint64_t)0x101 << 32)
#define VSMP_LAUNCH_PRINTF_ADDRESS   ((uint64_t)0x102 << 32)
/** Where each hardware thread's private memory is mapped (each machine its own). */
#define VSMP_LAUNCH_PRIVATE_ADDRESS ((uint64_t)0x103 << 32)

/** The program-scope data of a compiled program: its `__constant` and `__global` bytes. */
typedef struct vsmp_launch_program {
    uint8_t *constant; /**< malloc'd, @c constant_size bytes (NULL when none) */
    size_t constant_size;
    uint8_t *global; /**< malloc'd, @c global_size bytes (NULL when none) */
    size_t global_size;
    unsigned relocations; /**< pointers patched (a pointer to program-scope data in the data) */
} vsmp_launch_program;

/**
 * Read the program-scope data of IGC's program binary (`.progbin`, magic `CTNI`) or of ocloc's
 * `.bin` holding one (docs/LAUNCH.md section 1): the initial bytes of the program's `__constant`
 * and `__global` buffers (PATCH_TOKEN_ALLOCATE_CONSTANT_MEMORY_SURFACE_PROGRAM_BINARY_INFO,
 * ..._GLOBAL_...), with each pointer the program patch list relocates
 * (PATCH_TOKEN_GLOBAL_POINTER_PROGRAM_BINARY_INFO, ..._CONSTANT_POINTER_...) patched to the
 * buffer's VSMP_LAUNCH_*_ADDRESS. @p out is zeroed first; free it with vsmp_launch_program_free.
 * @return VSMP_OK; VSMP_ERR_MALFORMED (rule "launch.program", the byte offset); VSMP_ERR_NOMEM;
 *         VSMP_ERR_ARG.
 */
VSMP_API vsmp_status vsmp_launch_program_read(const void *data, size_t size,
                                              vsmp_launch_program *out, vsmp_diags *diags);
VSMP_API void vsmp_launch_program_free(vsmp_launch_program *p);

/** Bytes vsmp launch gives a printf buffer (Intel's runtime: 4 MiB; vsmp: 1 MiB). */
#define VSMP_LAUNCH_PRINTF_SIZE (1u << 20)

/** Make @p buf (@p size >= 4 bytes) an empty printf buffer: its first dword, the bytes used, 4. */
VSMP_API void vsmp_launch_printf_init(void *buf, size_t size);

/**
 * Format a printf buffer the kernel of @p f filled as Intel's runtime prints it
 * (`PrintFormatter`): records of a format-string index (the interface's printf strings:
 * PATCH_TOKEN_STRING) and, per conversion, a type tag and the value. The text (NUL-terminated,
 * malloc'd, at most @p max_out bytes of it; 0 = 64 MiB) goes to @p out. A record that runs past
 * the bytes used or names an unknown string stops the text with an error (rule "launch.printf",
 * the byte offset).
 * @return VSMP_OK; VSMP_ERR_MALFORMED; VSMP_ERR_NOMEM; VSMP_ERR_ARG.
 */
VSMP_API vsmp_status vsmp_launch_printf_format(const vsmp_launch_iface *f, const void *buf,
                                               size_t size, size_t max_out, char **out,
                                               vsmp_diags *diags);

/** @return the interface's printf string @p index (PATCH_TOKEN_STRING), or NULL. */
VSMP_API const char *vsmp_launch_iface_printf_string(const vsmp_launch_iface *f, unsigned index);

#define VSMP_LAUNCH_MAX_WORKERS 64

/** Fill @p o with the defaults (platform TGLLP, one worker, max_memory
 *  VSMP_DEFAULT_MAX_MEMORY, every other field zero). */
VSMP_API void vsmp_launch_options_init(vsmp_launch_options *o);

/**
 * An OpenCL sampler_t value (CLK_* bits as the OpenCL C headers define them: normalized
 * coordinates 1, address mode << 1, filter << 4) as a sampler state.
 * @return VSMP_OK or VSMP_ERR_ARG (bits that are no sampler).
 */
VSMP_API vsmp_status vsmp_sampler_from_cl(uint32_t value, vsmp_sampler_state *st);

/**
 * An OpenCL inline sampler (`__constant sampler_t` in the kernel's source) as IGC programs it in
 * the kernel's dynamic state heap: as vsmp_sampler_from_cl() but CLK_ADDRESS_NONE is clamp to
 * edge (IGC's CImagesBI::CreateInlineSamplerAnnotations), where the runtime makes a sampler_t
 * argument's NONE clamp to border, and the mip filter is nearest (as in IGC's SAMPLER_STATEs).
 * @return VSMP_OK or VSMP_ERR_ARG (bits that are no sampler).
 */
VSMP_API vsmp_status vsmp_sampler_from_cl_inline(uint32_t value, vsmp_sampler_state *st);

/**
 * A hardware SAMPLER_STATE (16 bytes, as IGC writes OpenCL inline samplers) as a sampler
 * state: min/mag/mip filters, the three address modes, non-normalized coordinates (the fields an
 * OpenCL sampler sets; docs/LAUNCH.md).
 * @return VSMP_OK; VSMP_ERR_UNSUPPORTED (a filter no OpenCL sampler uses); VSMP_ERR_ARG.
 */
VSMP_API vsmp_status vsmp_sampler_from_hw(const uint8_t state[16], vsmp_sampler_state *st);

/**
 * The inline samplers of a kernel from its dynamic state heap: each sampler state of the
 * interface's SAMPLER_STATE_ARRAY that no sampler_t argument uses, decoded into @p out[i] with
 * @p set[i] true (both VSMP_MAX_SAMPLER_STATES long). @p dsh (@p size bytes) is the heap alone
 * (the corpus keeps it as KERNEL.DEVICE.simdW.dsh.gz), IGC's program binary (`.progbin`, magic
 * "CTNI": the kernel of the interface's name, its checksum that of the interface's binary
 * header when it has one) or ocloc's output holding one (an ELF of type 0xff04). The heap's size
 * must be the interface's DynamicStateHeapSize when the `.cos` gives it.
 * @return VSMP_OK; VSMP_ERR_MALFORMED (a zebin, another kernel's or a short heap, a size other
 *         than the interface's, in @p diags); VSMP_ERR_UNSUPPORTED; VSMP_ERR_ARG.
 */
VSMP_API vsmp_status vsmp_launch_dsh_samplers(const vsmp_launch_iface *f, const void *dsh,
                                              size_t size, vsmp_sampler_state *out, bool *set,
                                              vsmp_diags *diags);

/**
 * The local size vsmp_launch takes when an NDRange gives none (docs/LAUNCH.md section 2): each
 * dimension a divisor of @p global (unused dimensions 1), at most 1024 work-items, the fewest
 * hardware threads of @p simd lanes in all; of those the smallest group, then the widest in x,
 * then in y. @p global must be non-zero; @p simd 8, 16 or 32.
 */
VSMP_API void vsmp_launch_local_size(const uint32_t global[3], unsigned simd, uint32_t local[3]);

/**
 * Run kernel @p kernel of @p mod over @p nd with @p args (@p nargs, indexed by argument number;
 * surfaces are written in place).
 * @return VSMP_OK; VSMP_ERR_ARG (an argument missing or of the wrong kind, a bad NDRange:
 *         a global size outside 1..2^24, more than 2^24 work-items, a local size that does not
 *         divide it, more than 1024 work-items in a group); VSMP_ERR_UNSUPPORTED (an interface
 *         vsmp does not read); VSMP_ERR_NOMEM (over max_memory, rule "memory"); what the
 *         machine returns (VSMP_ERR_INVALID...) with the failing thread in @p diags, or for the
 *         instruction budget (rule "steps"); VSMP_ERR_CANCELLED (the cancel flag).
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
