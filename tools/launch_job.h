/* SPDX-License-Identifier: MIT */
#ifndef VSMP_TOOLS_LAUNCH_JOB_H
#define VSMP_TOOLS_LAUNCH_JOB_H

#include <stddef.h>
#include <stdio.h>

/* Launch a kernel from a launch description (JSON text, docs/LAUNCH.md); images saved under
 * @p out_dir (NULL: beside the description); the kernel read and each image within
 * @p max_memory bytes (--max-memory, 0 = none); at most @p error_limit diagnostics of each
 * severity printed (--error-limit, 0 = all); results to out, errors to err.
 * @return the exit status. */
int vsmp_launch_job(const char *path, const char *text, size_t size, const char *out_dir,
                    size_t max_memory, unsigned error_limit, FILE *out, FILE *err);

#endif
