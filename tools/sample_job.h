/* SPDX-License-Identifier: MIT */
#ifndef VSMP_TOOLS_SAMPLE_JOB_H
#define VSMP_TOOLS_SAMPLE_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/** Default memory budget of `vsmp sample` for a job's surface (and a PNG's decoded pixels). */
#define VSMP_JOB_DEFAULT_MAX_MEMORY ((size_t)1 << 30)
/** Most lanes in one job. */
#define VSMP_JOB_MAX_LANES 65536

typedef struct vsmp_job_options {
    bool json_out;     /**< results as JSON (else one text line per lane) */
    size_t max_memory; /**< surface memory budget in bytes; 0 = the library's 16 GiB limit */
    bool no_files;     /**< refuse "png" (nothing but the job text is read) */
} vsmp_job_options;

/** Defaults: text output, VSMP_JOB_DEFAULT_MAX_MEMORY, files allowed. */
void vsmp_job_options_init(vsmp_job_options *o);

/** Parse a byte count: digits with an optional K, M, G or T suffix (powers of 1024; "KiB",
 *  "MiB", ... also accepted). @return 0, or -1 when malformed or over SIZE_MAX. */
int vsmp_job_parse_size(const char *s, size_t *out);

/** Run a sampling job (JSON text of @p size bytes, from @p path: "png" paths are relative to
 *  its directory). Results to @p out, one error line to @p err. @return the exit status (0 or
 *  1). */
int vsmp_sample_job(const char *path, const char *text, size_t size, const vsmp_job_options *o,
                    FILE *out, FILE *err);

struct json_object;
struct vsmp_surface;
struct vsmp_sampler_state;

/* A surface / sampler state from its JSON description (docs/SAMPLE_JOB.md; PNG paths relative to
 * @p dir; the surface within @p max_memory bytes, 0 = the library's limit). @return 0, or -1
 * with a message in @p err. */
int vsmp_job_surface(struct json_object *js, const char *dir, size_t max_memory,
                     struct vsmp_surface **out, char *err, size_t err_size);
int vsmp_job_sampler(struct json_object *js, struct vsmp_sampler_state *st, char *err,
                     size_t err_size);

#endif
