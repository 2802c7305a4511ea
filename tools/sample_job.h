/* SPDX-License-Identifier: MIT */
#ifndef VSMP_TOOLS_SAMPLE_JOB_H
#define VSMP_TOOLS_SAMPLE_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Run a sampling job (JSON text); results to out, errors to err. @return the exit status. */
int vsmp_sample_job(const char *path, const char *text, size_t size, bool json_out, FILE *out,
                    FILE *err);

#endif
