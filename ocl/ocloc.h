/* SPDX-License-Identifier: MIT */
#ifndef VSMP_OCL_OCLOC_H
#define VSMP_OCL_OCLOC_H

/*
 * OpenCL C compiled by Intel's compiler in a child process: `ocloc compile` runs in a private
 * temporary directory (IGC reads its environment once per process, writes files into its working
 * directory, prints to stdout and may abort: never in the caller's process), and the zebin it
 * writes comes back with ocloc's log. Builds are cached on disk, keyed by everything that makes
 * the zebin (docs/LAUNCH.md section 7). Part of vsmp_ocl.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsmp/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Largest OpenCL C source compiled, zebin and log read back. */
#define VSMP_OCL_MAX_SOURCE (16u << 20)
#define VSMP_OCL_MAX_LOG    (1u << 20)

typedef struct vsmp_ocl_build {
    const char *device;  /**< ocloc's -device; NULL: "tgllp" */
    const char *options; /**< ocloc's -options (the OpenCL build options: -D, -I, -cl-std...);
                              NULL or "" for none */
    /** more -internal_options, after vsmp's "-ze-emit-zebin-visa-sections"; NULL for none */
    const char *internal_options;
    const char *ocloc; /**< the program; NULL: $VSMP_OCLOC, else "ocloc" on $PATH */
    /** the cache directory; NULL: $XDG_CACHE_HOME/vsmp, else $HOME/.cache/vsmp */
    const char *cache_dir;
    bool no_cache;            /**< neither read nor write the cache (also: $VSMP_OCL_CACHE=0) */
    unsigned timeout_seconds; /**< the child is killed past it; 0: 300 */
} vsmp_ocl_build;

/** Fill @p b with the defaults above. */
void vsmp_ocl_build_init(vsmp_ocl_build *b);

/**
 * Compile @p source (@p size bytes of OpenCL C) with ocloc into a zebin (`--format zebin`, the
 * `.visaasm` sections included): *@p zebin (@p zebin_size bytes, malloc'd) on success. *@p log
 * (malloc'd, NUL-terminated, possibly empty; NULL to not want it) is ocloc's output in every
 * case, the cached one on a cache hit.
 * @return VSMP_OK; VSMP_ERR_SYNTAX (ocloc failed: its log says why, also in @p diags);
 *         VSMP_ERR_IO (ocloc not found, killed, a file not written: in @p diags); VSMP_ERR_ARG;
 *         VSMP_ERR_NOMEM.
 */
vsmp_status vsmp_ocl_compile(const char *source, size_t size, const vsmp_ocl_build *b,
                             uint8_t **zebin, size_t *zebin_size, char **log, vsmp_diags *diags);

#ifdef __cplusplus
}
#endif

#endif
