/* SPDX-License-Identifier: MIT */
#ifndef VSMP_TOOLS_LAUNCH_JOB_H
#define VSMP_TOOLS_LAUNCH_JOB_H

#include <stddef.h>
#include <stdio.h>

/* Launch a kernel from a launch description (JSON text, docs/LAUNCH.md); images saved under
 * @p out_dir (NULL: beside the description), results to out, errors to err.
 * @return the exit status. */
int vsmp_launch_job(const char *path, const char *text, size_t size, const char *out_dir, FILE *out,
                    FILE *err);

#endif
