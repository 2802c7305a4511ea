/* SPDX-License-Identifier: MIT */
/* The parts of `vsmp launch` (docs/LAUNCH.md section 3), shared by its files:
 * launch_job.c      the description's top level, the run, its progress and summary;
 * launch_kernel.c   the kernel and its interface (a .visaasm or .isa with a .cos or .zeinfo,
 *                   a zebin, OpenCL C through ocloc), the dynamic state heap and the
 *                   program-scope data;
 * launch_args.c     the arguments (OpenCL C values, buffers, images, samplers, __local sizes,
 *                   inline samplers) and what is printed and written after the launch.
 * Public API only. Every value is read strictly (job_json.h): a value of another type, out of
 * its type's range or not what the key takes is refused with its JSON path. */
#ifndef VSMP_TOOLS_LAUNCH_TOOL_H
#define VSMP_TOOLS_LAUNCH_TOOL_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "job_json.h"
#include "launch_job.h"
#include "tool_out.h"
#include "vsmp/vsmp.h"

#define VSMP_LJ_MAX_FILE   (64u << 20) /* a file the description names */
#define VSMP_LJ_MAX_BUFFER (64u << 20) /* a buffer argument */
#define VSMP_LJ_MAX_INLINE 8           /* entries of "inline_samplers" */

/* The description being launched and where its messages go. */
typedef struct lj_job {
    const char *path;
    char dir[4096];
    const char *out_dir; /* where "save" and "raw" files go; NULL: beside the description */
    FILE *out, *err;
    size_t max_memory;    /* --max-memory */
    unsigned error_limit; /* --error-limit: diagnostics printed per severity, 0 = all */
    jerr e;               /* the message of a failed strict read */
    const launch_job_options *opt;
    unsigned saved;     /* files written ("save", "raw") */
    bool cancelled;     /* the launch stopped on Ctrl-C */
    double start;       /* when the launch started (seconds, monotonic) */
    double next_report; /* when progress is next printed */
    bool tty;           /* err is a terminal: progress rewrites one line */
    bool reported;      /* a progress line was printed */
    bool program_data;  /* the .cos names program-scope data (a hint when "program" is absent) */
    vsmp_launch_program zdata; /* a zebin's program-scope data (vsmp_lj_load_kernel) */
    char zeinfo_kernel[128];   /* the kernel a .zeinfo interface was read for ("" none) */
} lj_job;

/* OpenCL C types: a scalar (float, double, [u]char, [u]short, [u]int, [u]long) or its vector of
 * 2, 3, 4, 8 or 16 elements. */
typedef struct lj_cltype {
    unsigned s;     /* the scalar (launch_args.c's table) */
    unsigned n;     /* elements written: 1 (a scalar), 2, 3, 4, 8, 16 */
    unsigned bytes; /* the type's size: a 3-element vector takes 4 elements (OpenCL 6.1.5) */
} lj_cltype;

/* A buffer argument's memory (the surface's), its own bytes and element type. */
typedef struct lj_store {
    uint8_t *mem;
    size_t bytes;
    lj_cltype type;
} lj_store;

/* Everything a launch binds, and frees at its end (vsmp_lj_bound_free). */
typedef struct lj_bound {
    vsmp_launch_options o;
    vsmp_ndrange nd;
    vsmp_module *mod;
    vsmp_launch_iface *f;
    char kname[4200], iname[4200]; /* the kernel's and the interface's names, for diagnostics */
    json_object *ja;               /* "args" */
    unsigned nargs;
    vsmp_launch_arg args[VSMP_LAUNCH_MAX_ARGS];
    lj_store store[VSMP_LAUNCH_MAX_ARGS];
    vsmp_sampler_state inl[VSMP_LJ_MAX_INLINE];           /* "inline_samplers" */
    vsmp_sampler_state hw_smp[VSMP_MAX_SAMPLER_STATES];   /* "dynamic_state" */
    vsmp_surface *const_surf, *global_surf, *printf_surf; /* program-scope data, printf */
    uint8_t *const_mem, *global_mem, *printf_mem;
} lj_bound;

/* ---- launch_job.c: the description's messages ---- */

/* "PATH: message" on err. @return -1. */
int vsmp_lj_fail(lj_job *j, const char *fmt, ...) VSMP_TOOL_PRINTF(2, 3);
/* The strict read that failed (its message names the JSON path). @return -1. */
int vsmp_lj_jfailed(lj_job *j);
/* Diagnostics kept within --error-limit. */
void vsmp_lj_diags_begin(const lj_job *j, vsmp_diags *d);
/* A diagnostic of the library under the file it is about: the interface's line (rules
 * launch.iface and launch.dsh with a line) under @p iface, the description's (launch.ndrange,
 * launch.args) under its path, else under @p other (the kernel, the dynamic state file). */
void vsmp_lj_print_diags(lj_job *j, const vsmp_diags *d, const char *iface, const char *other);
/* A file the description names (beside it), at most VSMP_LJ_MAX_FILE bytes; NULL: refused. */
uint8_t *vsmp_lj_read_file(lj_job *j, const char *name, size_t *size);

/* ---- launch_kernel.c ---- */

/* The kernel and its interface into b->mod and b->f (b->kname, b->iname their names):
 * "kernel" with "interface", or "source" / "binary" with "kernel"; b->o.platform from "device"
 * when "platform" is not given. */
int vsmp_lj_load_kernel(lj_job *j, json_object *root, lj_bound *b);
/* The inline samplers of the kernel's dynamic state heap, the file @p dname, into
 * b->o.inline_samplers. */
int vsmp_lj_dynamic_state(lj_job *j, const char *dname, lj_bound *b);
/* The program-scope data of the zebin (j->zdata) and of "program" @p pgname (IGC's .progbin
 * or a zebin; NULL: none) as b->o's program surfaces. */
int vsmp_lj_program_data(lj_job *j, const char *pgname, lj_bound *b);
/* The sampler states of the interface that are inline samplers (no sampler_t argument uses
 * them): missing[i] set for those neither @p o nor the interface gives; @return how many. */
unsigned vsmp_lj_missing_inline(const vsmp_launch_iface *f, const vsmp_launch_options *o,
                                bool *missing);
/* A buffer surface over *mem, @p bytes (at least 1) of it in 2D R8_UINT rows of up to 16384
 * bytes, zero past @p init's bytes (NULL: all zero). NULL when out of memory. */
vsmp_surface *vsmp_lj_bytes_surface(uint8_t **mem, const uint8_t *init, size_t bytes);

/* ---- launch_args.c ---- */

/* Every "args" entry against the interface's argument of its index, into b->args. */
int vsmp_lj_bind_args(lj_job *j, lj_bound *b);
/* "inline_samplers" (@p js, @p ns entries) into b->o.inline_samplers, and then every inline
 * sampler the kernel has given. */
int vsmp_lj_inline_samplers(lj_job *j, json_object *js, size_t ns, lj_bound *b);
/* After the launch: "print", "save" and "raw" of each argument. */
int vsmp_lj_results(lj_job *j, lj_bound *b);

#endif
