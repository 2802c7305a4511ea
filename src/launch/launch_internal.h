/* SPDX-License-Identifier: MIT */
#ifndef VSMP_LAUNCH_INTERNAL_H
#define VSMP_LAUNCH_INTERNAL_H

#include "vsmp/launch.h"

#define LAUNCH_MAX_PARAMS   256
#define LAUNCH_MAX_STRINGS  64   /* printf strings (PATCH_TOKEN_STRING) a kernel */
#define LAUNCH_STRING_BYTES 8192 /* their bytes together, each with its NUL */

/* The program-scope buffers and the printf buffer (docs/LAUNCH.md section 2). */
enum { PROG_CONSTANT, PROG_GLOBAL, PROG_PRINTF, PROG_PRIVATE, PROG_N };

/* The private memory a work-item (a hardware thread, not IsSimtThread) may have, at most. */
#define LAUNCH_MAX_PRIVATE (64u << 10)

typedef struct launch_prog_surf {
    bool present;
    int32_t bti;    /* binding-table index, -1 when none */
    int32_t offset; /* its pointer in the cross-thread data, -1 when none */
    uint32_t size;  /* 4 or 8 */
    uint32_t line;  /* of the token */
} launch_prog_surf;

/* What a DATA_PARAMETER_BUFFER token asks the launcher to write (docs/LAUNCH.md section 2). */
typedef enum launch_param_kind {
    LP_UNKNOWN = 0, /* a type vsmp does not fill: the launch is refused, naming it */
    LP_NONE,        /* nothing to write (BUFFER_STATEFUL: a flag for the runtime) */
    LP_ZERO,        /* zero (BUFFER_OFFSET: buffers start at their surface's base) */
    LP_KERNEL_ARGUMENT,
    LP_GLOBAL_WORK_OFFSET,
    LP_LOCAL_WORK_SIZE,
    LP_ENQUEUED_LOCAL_WORK_SIZE,
    LP_GLOBAL_WORK_SIZE,
    LP_NUM_WORK_GROUPS,
    LP_WORK_DIMENSIONS,
    LP_IMAGE_WIDTH,
    LP_IMAGE_HEIGHT,
    LP_IMAGE_DEPTH,
    LP_IMAGE_ARRAY_SIZE,
    LP_IMAGE_CHANNEL_DATA_TYPE, /* the OpenCL cl_channel_type of the image's format */
    LP_IMAGE_CHANNEL_ORDER,     /* its cl_channel_order */
    LP_IMAGE_NUM_MIP_LEVELS,    /* the levels the sampler sees */
    LP_IMAGE_NUM_SAMPLES,       /* samples per pixel */
    LP_LOCAL_OFFSET,     /* a __local argument's offset in SLM (SourceOffset: its alignment) */
    LP_BINDLESS_SURFACE, /* VSMP_BINDLESS_OFFSET of the argument's binding-table index */
    LP_BINDLESS_SAMPLER, /* VSMP_BINDLESS_OFFSET of sampler state SourceOffset */
    /* of a sampler_t argument, as Intel's runtime writes them (docs/LAUNCH.md section 2) */
    LP_SAMPLER_ADDRESS,    /* its addressing mode: NONE 0, CLAMP 1, CLAMP_TO_EDGE 2, ... */
    LP_SAMPLER_NORMALIZED, /* 8 with normalized coordinates, else 0 */
    LP_SAMPLER_SNAP_WA,    /* ~0 for CLAMP with NEAREST, else 0 */
    LP_BINDLESS_PROGRAM,   /* VSMP_BINDLESS_OFFSET of the program buffer's index SourceOffset */
} launch_param_kind;

typedef struct launch_param {
    launch_param_kind kind;
    int32_t arg;     /* ArgumentNumber */
    uint32_t offset; /* in the cross-thread data */
    uint32_t size;   /* DataSize */
    uint32_t source; /* SourceOffset: byte of the value (dimension * 4 for the sizes) */
    uint32_t line;   /* of the token in the .cos */
    char unknown[48];
} launch_param;

struct vsmp_launch_iface {
    char kernel[128];
    uint32_t kernel_line; /* the "Kernel Patch Lists" line */
    unsigned simd;
    uint32_t simd_line;  /* the EXECUTION_ENVIRONMENT token */
    bool barriers;       /* HasBarriers (the launch decides from the kernel's instructions) */
    uint32_t slm_inline; /* ALLOCATE_LOCAL_SURFACE TotalInlineLocalMemorySize */
    bool local_id[3];
    uint32_t cross_size;
    long sampler_array_offset;
    unsigned sampler_count; /* SAMPLER_STATE_ARRAY Count */
    uint32_t sampler_line;
    long dsh_size;     /* the binary header's DynamicStateHeapSize; -1 when the .cos has none */
    uint32_t dsh_line; /* the binary header's line */
    bool has_checksum; /* the binary header's CheckSum */
    uint32_t checksum;
    unsigned nargs;
    vsmp_launch_arg_info args[VSMP_LAUNCH_MAX_ARGS];
    uint32_t arg_line[VSMP_LAUNCH_MAX_ARGS]; /* the token that made the argument's kind */
    unsigned nparams;
    launch_param params[LAUNCH_MAX_PARAMS];
    /* set by the builder (iface_build.c) only; a parsed `.cos` leaves them zero */
    uint32_t cross_offset; /* payload byte of the cross-thread data; 0: after the local IDs */
    uint32_t inline_size;  /* bytes of cross-thread data in the inline data's GRF (0: none) */
    bool inline_set[VSMP_MAX_SAMPLER_STATES];
    vsmp_sampler_state inline_samplers[VSMP_MAX_SAMPLER_STATES];
    /* program-scope __constant, __global and the printf buffer the kernel reaches */
    launch_prog_surf prog[PROG_N];
    uint64_t prog_bytes[2]; /* InitializationDataSize of the program's constant, global data */
    uint32_t private_size;  /* PerThreadPrivateMemorySize: bytes of private memory ... */
    bool private_simt;      /* ... per work-item (IsSimtThread), else per hardware thread */
    uint32_t scratch_size;  /* MEDIA_VFE_STATE PerThreadScratchSpace: T5's bytes per thread */
    uint32_t scratch_line;
    /* printf strings by index: offsets into strtab, -1 none */
    int32_t str_off[LAUNCH_MAX_STRINGS];
    uint32_t str_used;
    char strtab[LAUNCH_STRING_BYTES];
    /* program-scope symbols faddr names (vsmp_launch_iface_add_symbol): each name's offset in
     * symtab and its address; with printf strings among them, the records name strings by
     * address (str_addr[i] is string i's, str_by_addr set) */
    unsigned nsyms;
    uint32_t sym_name[VSMP_LAUNCH_MAX_SYMBOLS];
    uint64_t sym_addr[VSMP_LAUNCH_MAX_SYMBOLS];
    uint32_t sym_used;
    char symtab[LAUNCH_STRING_BYTES];
    bool str_by_addr;
    uint64_t str_addr[LAUNCH_MAX_STRINGS];
};

/* The printf string at address @p addr (IGC's zebins), or NULL. */
const char *vsmp_launch_iface_string_at(const vsmp_launch_iface *f, uint64_t addr);

/* The interface against the kernel and the bound arguments, before anything runs
 * (docs/LAUNCH.md section 1): the kernel's name and SIMD width, image types, scalar sizes, inline
 * samplers given. Diagnostics of rule "launch.iface" carry the .cos line. */
vsmp_status vsmp_launch_iface_check(const vsmp_module *mod, uint32_t kernel,
                                    const vsmp_launch_iface *f, const vsmp_launch_arg *args,
                                    unsigned nargs, const vsmp_launch_options *o, vsmp_diags *d);

/* The program-scope buffers none, no printf strings (a new interface). */
void vsmp_launch_iface_init_prog(vsmp_launch_iface *f);

/* True when the kernel (or a function of its module) has a barrier instruction: its work-groups
 * run their hardware threads interleaved. */
bool vsmp_launch_kernel_barriers(const vsmp_module *mod, uint32_t kernel);

#endif
