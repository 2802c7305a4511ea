/* SPDX-License-Identifier: MIT */
#ifndef VSMP_LAUNCH_INTERNAL_H
#define VSMP_LAUNCH_INTERNAL_H

#include "vsmp/launch.h"

#define LAUNCH_MAX_PARAMS 256

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
    LP_LOCAL_OFFSET, /* a __local argument's offset in SLM (SourceOffset: its alignment) */
} launch_param_kind;

typedef struct launch_param {
    launch_param_kind kind;
    int32_t arg;     /* ArgumentNumber */
    uint32_t offset; /* in the cross-thread data */
    uint32_t size;   /* DataSize */
    uint32_t source; /* SourceOffset: byte of the value (dimension * 4 for the sizes) */
    char unknown[48];
} launch_param;

struct vsmp_launch_iface {
    char kernel[128];
    unsigned simd;
    bool barriers;
    uint32_t slm_inline; /* ALLOCATE_LOCAL_SURFACE TotalInlineLocalMemorySize */
    bool local_id[3];
    uint32_t cross_size;
    long sampler_array_offset;
    unsigned sampler_count; /* SAMPLER_STATE_ARRAY Count */
    unsigned nargs;
    vsmp_launch_arg_info args[VSMP_LAUNCH_MAX_ARGS];
    unsigned nparams;
    launch_param params[LAUNCH_MAX_PARAMS];
    /* set by the builder (iface_build.c) only; a parsed `.cos` leaves them zero */
    uint32_t cross_offset; /* payload byte of the cross-thread data; 0: after the local IDs */
    bool inline_set[VSMP_MAX_SAMPLER_STATES];
    vsmp_sampler_state inline_samplers[VSMP_MAX_SAMPLER_STATES];
};

#endif
