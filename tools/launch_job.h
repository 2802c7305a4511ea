/* SPDX-License-Identifier: MIT */
#ifndef VSMP_TOOLS_LAUNCH_JOB_H
#define VSMP_TOOLS_LAUNCH_JOB_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* What `vsmp launch` takes besides the description (docs/LAUNCH.md). */
typedef struct launch_job_options {
    const char *out_dir; /* where "save" files go; NULL: beside the description */
    size_t max_memory;   /* --max-memory: the kernel read, each image, the launch's machines */
    uint64_t max_instructions; /* --max-instructions: the launch's budget, 0 = none */
    bool quiet;                /* --quiet: no summary, no progress */
    unsigned error_limit;      /* --error-limit: diagnostics printed per severity, 0 = all */
    const volatile sig_atomic_t *cancel; /* set (SIGINT) to stop the launch; NULL = none */
} launch_job_options;

/* Launch a kernel from a launch description with @p o; results to out, errors, progress and
 * the summary to err. @return the exit status (130 when cancelled). */
int vsmp_launch_job_opt(const char *path, const char *text, size_t size,
                        const launch_job_options *o, FILE *out, FILE *err);

/* Launch a kernel from a launch description (JSON text, docs/LAUNCH.md); images saved under
 * @p out_dir (NULL: beside the description); the kernel read, each image and the launch's
 * machines within @p max_memory bytes (--max-memory, 0 = none); at most @p error_limit
 * diagnostics of each severity printed (--error-limit, 0 = all); results to out, errors to err;
 * quiet (no summary), no instruction budget, no cancel. @return the exit status. */
int vsmp_launch_job(const char *path, const char *text, size_t size, const char *out_dir,
                    size_t max_memory, unsigned error_limit, FILE *out, FILE *err);

#endif
