/* SPDX-License-Identifier: MIT */
#ifndef VSMP_TOOLS_RUN_JOB_H
#define VSMP_TOOLS_RUN_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Run a kernel from a run description (JSON text, docs/RUN.md); @p kernel overrides its
 * "kernel" path when not NULL; the kernel read and each surface within @p max_memory bytes
 * (--max-memory, 0 = none); at most @p error_limit diagnostics of each severity printed, the
 * rest counted (--error-limit, 0 = all); --trace output and results to out, errors to err.
 * @return the exit status. */
int vsmp_run_job(const char *path, const char *text, size_t size, const char *kernel, bool trace,
                 size_t max_memory, unsigned error_limit, FILE *out, FILE *err);

#endif
