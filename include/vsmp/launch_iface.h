/* SPDX-License-Identifier: MIT */
#ifndef VSMP_LAUNCH_IFACE_H
#define VSMP_LAUNCH_IFACE_H

/**
 * @file launch_iface.h
 * Kernel interfaces built by the caller, without IGC's `.cos` dump: what a reader of another
 * description of the kernel (zeinfo in a zebin, an OpenCL runtime's own records) knows about
 * the kernel, told to vsmp one fact at a time. The interface made this way is the same object
 * vsmp_launch_iface_parse() makes, launched by vsmp_launch() and freed by
 * vsmp_launch_iface_free(). docs/LAUNCH.md section 5 gives the rules.
 *
 * Every function checks what it is given: a value out of range, an argument number given twice,
 * a payload value that names an argument of the wrong kind or falls outside the cross-thread
 * data returns VSMP_ERR_ARG with a message in @p diags (rule "launch.iface") and leaves the
 * interface as it was. Order: an argument is added before the payload values that name it.
 *
 * Included by vsmp/launch.h.
 */

#include <stdbool.h>
#include <stdint.h>

#include "vsmp/launch.h"
#include "vsmp/sampler.h"
#include "vsmp/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The cross-thread data may reach this many bytes (offset + size). */
#define VSMP_LAUNCH_MAX_CROSS_THREAD 4096

/**
 * Create an empty interface for kernel @p kernel (1 to 127 bytes, no NUL) compiled at SIMD
 * @p simd (8, 16 or 32): no arguments, the local-ID registers of x, y and z in the payload, no
 * barriers, no shared local memory, the cross-thread data right after the local IDs (256 bytes
 * of it until vsmp_launch_iface_set_layout says otherwise).
 * @return VSMP_OK; VSMP_ERR_ARG; VSMP_ERR_NOMEM.
 */
VSMP_API vsmp_status vsmp_launch_iface_create(const char *kernel, unsigned simd,
                                              vsmp_launch_iface **out, vsmp_diags *diags);

/** What the payload holds and the kernel needs besides its arguments. The payload is laid out
 *  in the GRFs of the launch's platform (G = 32 bytes, 64 on LNL, BMG, PTL): r0 in bytes
 *  0..G-1, the local IDs present, then the cross-thread data (docs/LAUNCH.md section 2). */
typedef struct vsmp_launch_layout {
    bool local_id[3]; /**< the local-ID registers of x, y, z present (one max(G, 2W)-byte block
                           each, in that order, from payload byte G) */
    /** payload byte where the cross-thread data starts: a multiple of 32, at or after the end of
     *  the local IDs (on the launch's platform: checked by vsmp_launch); 0 = right after them
     *  (IGC's layout on every platform vsmp launches for) */
    uint32_t cross_thread_offset;
    /** bytes of cross-thread data (at most VSMP_LAUNCH_MAX_CROSS_THREAD); 0 = 256. Every payload
     *  value and buffer pointer must lie inside it. */
    uint32_t cross_thread_size;
    bool barriers;     /**< the kernel has barriers (a group's threads run interleaved) */
    uint32_t slm_size; /**< the kernel's own `__local` bytes, before any `__local` argument
                            (at most 1 MiB) */
    /** bytes of private memory per work-item (@c private_simt) or per hardware thread, at most
     *  65536; 0 = none. Each hardware thread gets its own at the VSMP_VALUE_PRIVATE_BASE. */
    uint32_t private_size;
    bool private_simt;
    /** bytes at the start of the cross-thread data that come as the inline data (zeinfo's
     *  inline_data_payload_size: 32 from IGC 2.x on DG2 and later): 0, 32 or 64. They take a GRF
     *  of their own, and the rest of the cross-thread data starts at the next GRF: on 64-byte
     *  GRFs with 32 bytes inline, cross-thread byte 32 lies 64 bytes after byte 0 (IGC 2.40's
     *  `.input` offsets on LNL, BMG, PTL); on 32-byte GRFs nothing moves. 0 = none. */
    uint32_t inline_data_size;
    /** bytes of scratch space (the surface T5, `%scratch`) per hardware thread, at most
     *  VSMP_LAUNCH_MAX_SCRATCH; 0 = none. Each hardware thread gets its own. */
    uint32_t scratch_size;
} vsmp_launch_layout;

/** The scratch space a hardware thread may have, at most (the hardware's largest). */
#define VSMP_LAUNCH_MAX_SCRATCH (2u << 20)

/** Fill @p l as vsmp_launch_iface_create leaves an interface. */
VSMP_API void vsmp_launch_layout_init(vsmp_launch_layout *l);

/**
 * Set the payload layout of @p f.
 * @return VSMP_OK; VSMP_ERR_ARG (an offset that is no multiple of 32 or overlaps the local IDs, a
 *         size past VSMP_LAUNCH_MAX_CROSS_THREAD or smaller than the values already added need,
 *         shared local memory over 1 MiB, inline data other than 0, 32 or 64 bytes).
 */
VSMP_API vsmp_status vsmp_launch_iface_set_layout(vsmp_launch_iface *f, const vsmp_launch_layout *l,
                                                  vsmp_diags *diags);

/**
 * The layout of @p f (also of a parsed `.cos`): @p out->cross_thread_offset is the effective
 * offset on 32-byte GRFs (never 0; vsmp_launch on a 64-byte-GRF platform puts a 0 given after
 * its own local IDs), @p out->cross_thread_size the bytes the interface declares (0: not given).
 * @return VSMP_OK; VSMP_ERR_ARG (NULL).
 */
VSMP_API vsmp_status vsmp_launch_iface_get_layout(const vsmp_launch_iface *f,
                                                  vsmp_launch_layout *out);

/**
 * Add explicit argument @p index (0 .. VSMP_LAUNCH_MAX_ARGS - 1; numbers skipped stay
 * VSMP_ARG_NONE) as @p info describes it. By @p info->kind:
 *  - VSMP_ARG_SCALAR: @p offset (>= 0) and @p size (1..VSMP_LAUNCH_MAX_ARG_BYTES) of its bytes in
 *    the cross-thread data; the launcher copies the value's bytes 0..size-1 there (a value split
 *    into pieces: @p size 0 here, each piece then a VSMP_VALUE_ARG_BYTES value);
 *  - VSMP_ARG_BUFFER: @p bti (0..255, or -1 when only stateless accesses reach it) and its
 *    pointer at @p offset, @p size 4 or 8 bytes (@p offset -1, @p size 0: no pointer; then @p bti
 *    must be given);
 *  - VSMP_ARG_IMAGE: @p bti (0..255);
 *  - VSMP_ARG_SAMPLER: @p sampler (0..255);
 *  - VSMP_ARG_LOCAL: nothing (its offset in shared local memory is a VSMP_VALUE_LOCAL_OFFSET).
 * Fields a kind does not use must be -1 (@p bti, @p sampler, @p offset) and 0 (@p size).
 * @p type and @p name are NUL-terminated within their arrays (for diagnostics; "" allowed).
 * @return VSMP_OK; VSMP_ERR_ARG.
 */
VSMP_API vsmp_status vsmp_launch_iface_add_arg(vsmp_launch_iface *f, unsigned index,
                                               const vsmp_launch_arg_info *info, vsmp_diags *diags);

/** A value the launcher writes into the cross-thread data. */
typedef enum vsmp_launch_value {
    VSMP_VALUE_ZERO = 1,            /**< zeros (a buffer's offset, a workaround flag) */
    VSMP_VALUE_ARG_BYTES,           /**< bytes source .. source+size-1 of scalar argument @c arg */
    VSMP_VALUE_GLOBAL_OFFSET,       /**< of dimension @c source (0..2) */
    VSMP_VALUE_LOCAL_SIZE,          /**< of dimension @c source */
    VSMP_VALUE_ENQUEUED_LOCAL_SIZE, /**< of dimension @c source */
    VSMP_VALUE_GLOBAL_SIZE,         /**< of dimension @c source */
    VSMP_VALUE_NUM_GROUPS,          /**< of dimension @c source */
    VSMP_VALUE_WORK_DIM,            /**< the NDRange's dimension count */
    VSMP_VALUE_IMAGE_WIDTH,         /**< of image argument @c arg */
    VSMP_VALUE_IMAGE_HEIGHT,        /**< of image argument @c arg */
    VSMP_VALUE_IMAGE_DEPTH,         /**< of image argument @c arg */
    VSMP_VALUE_IMAGE_ARRAY_SIZE,    /**< of image argument @c arg */
    /** the byte offset in shared local memory of `__local` argument @c arg, which is placed at
     *  a multiple of @c source (a power of two, 1..4096); @c size 4 or 8 */
    VSMP_VALUE_LOCAL_OFFSET,
    /** the private memory's base address (@c size 8, or 4), given once; its size is the
     *  layout's @c private_size */
    VSMP_VALUE_PRIVATE_BASE,
    /** of image argument @c arg: OpenCL's cl_channel_type and cl_channel_order of its format
     *  (CL_UNORM_INT8 0x10D2, CL_RGBA 0x10B5...: docs/LAUNCH.md section 2), its mip levels as
     *  the sampler sees them, its samples per pixel */
    VSMP_VALUE_IMAGE_CHANNEL_DATA_TYPE,
    VSMP_VALUE_IMAGE_CHANNEL_ORDER,
    VSMP_VALUE_IMAGE_NUM_MIP_LEVELS,
    VSMP_VALUE_IMAGE_NUM_SAMPLES,
    /** the bindless surface-state offset of buffer or image argument @c arg: its binding-table
     *  index i as VSMP_BINDLESS_OFFSET(i) (vsmp/exec.h); @c size 4 or 8 */
    VSMP_VALUE_BINDLESS_SURFACE,
    /** the bindless sampler-state offset of sampler state @c source (an inline sampler's index
     *  or a `sampler_t` argument's): VSMP_BINDLESS_OFFSET(source); @c arg -1, @c size 4 or 8 */
    VSMP_VALUE_BINDLESS_SAMPLER,
    /** the printf buffer's address (@c size 8, or 4), given once: the kernel prints (the
     *  launch needs vsmp_launch_options.printf_buffer) */
    VSMP_VALUE_PRINTF_BUFFER,
    /** of sampler_t argument @c arg, the values Intel's runtime writes (docs/LAUNCH.md section
     *  2): its addressing mode (CLK_ADDRESS_NONE 0, CLAMP 1, CLAMP_TO_EDGE 2, REPEAT 3,
     *  MIRRORED_REPEAT 4), its coordinates (normalized 8, else 0), the coordinate-snap
     *  workaround flag (0xffffffff for CLAMP with nearest filtering, else 0) */
    VSMP_VALUE_SAMPLER_ADDRESS,
    VSMP_VALUE_SAMPLER_NORMALIZED,
    VSMP_VALUE_SAMPLER_SNAP_WA,
    /** the address of the program's `__constant` data (VSMP_LAUNCH_CONSTANT_ADDRESS) or of its
     *  `__global` data (VSMP_LAUNCH_GLOBAL_ADDRESS): zeinfo's const_base and global_base, @c size
     *  8 (or 4), each given once. @c source 0: reached through the address only; i + 1: the
     *  buffer is bound at binding-table index i (0..255) too (zeinfo's bti_value). The launch
     *  then needs vsmp_launch_options.program_constant (program_global). */
    VSMP_VALUE_CONSTANT_BASE,
    VSMP_VALUE_GLOBAL_BASE,
    /** the bindless surface-state offset of the program's `__constant` (`__global`) data:
     *  zeinfo's const_base (global_base) with addrmode bindless. The buffer is bound at
     *  binding-table index @c source (0..255, no buffer or image argument's, the same as a
     *  *_BASE value's index if that gives one) and VSMP_BINDLESS_OFFSET(source) is written;
     *  @c size 4 or 8, @c arg -1 */
    VSMP_VALUE_CONSTANT_BINDLESS,
    VSMP_VALUE_GLOBAL_BINDLESS
} vsmp_launch_value;

/** One value of the cross-thread data. */
typedef struct vsmp_launch_payload_value {
    vsmp_launch_value what;
    int32_t arg;     /**< the argument it belongs to (ARG_BYTES, IMAGE_*, LOCAL_OFFSET,
                          BINDLESS_SURFACE, SAMPLER_*); else -1 */
    uint32_t source; /**< dimension, byte of the value, alignment, sampler-state index or
                          binding-table index + 1 (by @c what); else 0 */
    uint32_t offset; /**< its byte in the cross-thread data */
    uint32_t size;   /**< its bytes: 4 for the NDRange and image values; 4 or 8 for LOCAL_OFFSET
                          and BINDLESS_*; 1..VSMP_LAUNCH_MAX_ARG_BYTES for ARG_BYTES (inside the
                          argument's bytes), 1..64 for ZERO */
} vsmp_launch_payload_value;

/**
 * Add one value of the cross-thread data. A VSMP_VALUE_LOCAL_OFFSET is given once per `__local`
 * argument.
 * @return VSMP_OK; VSMP_ERR_ARG (an unknown @c what, a field out of range, @c arg not an argument
 *         of the kind the value needs, past the cross-thread data).
 */
VSMP_API vsmp_status vsmp_launch_iface_add_value(vsmp_launch_iface *f,
                                                 const vsmp_launch_payload_value *v,
                                                 vsmp_diags *diags);

/** Symbols an interface may hold, and the bytes of their names and printf strings together. */
#define VSMP_LAUNCH_MAX_SYMBOLS 128

/**
 * A program-scope symbol the kernel takes the address of with `faddr NAME` (a zebin's `.symtab`,
 * docs/LAUNCH.md section 6): @p name (1..255 bytes) lies at @p address, @p size bytes, inside the
 * program's __constant data (at VSMP_LAUNCH_CONSTANT_ADDRESS + its offset) or __global data
 * (VSMP_LAUNCH_GLOBAL_ADDRESS + offset). The launch then maps that buffer, which must hold at
 * least offset + @p size bytes, and gives every machine the address (vsmp_machine_set_symbol).
 * @p printf_string, when not NULL, is the NUL-terminated text at that address, a printf format or
 * `%s` string: the kernel's printf records then name their strings by 64-bit address, not by
 * index (IGC's zebins), and vsmp_launch_printf_format reads them so.
 * @return VSMP_OK; VSMP_ERR_ARG (a name given twice or out of range, an address outside both
 *         windows, more than VSMP_LAUNCH_MAX_SYMBOLS symbols or 8 KiB of names or strings).
 */
VSMP_API vsmp_status vsmp_launch_iface_add_symbol(vsmp_launch_iface *f, const char *name,
                                                  uint64_t address, uint64_t size,
                                                  const char *printf_string, vsmp_diags *diags);

/**
 * Give @p f every symbol interface @p from holds (vsmp_launch_iface_add_symbol: name, address,
 * printf string), with the program bytes @p from needs: a kernel's .zeinfo interface with the
 * symbols its zebin's reader gave the same kernel (`vsmp launch` "program", docs/LAUNCH.md
 * section 6).
 * @return VSMP_OK; VSMP_ERR_ARG as vsmp_launch_iface_add_symbol (a name @p f holds already).
 */
VSMP_API vsmp_status vsmp_launch_iface_add_symbols_of(vsmp_launch_iface *f,
                                                      const vsmp_launch_iface *from,
                                                      vsmp_diags *diags);

/**
 * Declare the kernel's own sampler state @p index (0..255; an OpenCL `__constant sampler_t`):
 * vsmp_launch binds it there, unless vsmp_launch_options.inline_samplers[index] is given (that
 * one wins). Declaring an index twice, or one a `sampler_t` argument uses, is refused.
 * @return VSMP_OK; VSMP_ERR_ARG.
 */
VSMP_API vsmp_status vsmp_launch_iface_add_inline_sampler(vsmp_launch_iface *f, unsigned index,
                                                          const vsmp_sampler_state *st,
                                                          vsmp_diags *diags);

/** @return the inline sampler state @p index declared by vsmp_launch_iface_add_inline_sampler,
 *          or NULL. */
VSMP_API const vsmp_sampler_state *vsmp_launch_iface_inline_sampler(const vsmp_launch_iface *f,
                                                                    unsigned index);

#ifdef __cplusplus
}
#endif

#endif
