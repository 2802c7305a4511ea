/* SPDX-License-Identifier: MIT */
#ifndef VSMP_TOOLS_SAMPLE_JOB_H
#define VSMP_TOOLS_SAMPLE_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Run a sampling job (JSON text); results to out, errors to err. @return the exit status. */
int vsmp_sample_job(const char *path, const char *text, size_t size, bool json_out, FILE *out,
                    FILE *err);

struct json_object;
struct vsmp_surface;
struct vsmp_sampler_state;

/* A surface / sampler state from its JSON description (docs/SAMPLE_JOB.md; PNG paths relative to
 * @p dir). @return 0, or -1 with a message in @p err. */
int vsmp_job_surface(struct json_object *js, const char *dir, struct vsmp_surface **out, char *err,
                     size_t err_size);
int vsmp_job_sampler(struct json_object *js, struct vsmp_sampler_state *st, char *err,
                     size_t err_size);

#endif
