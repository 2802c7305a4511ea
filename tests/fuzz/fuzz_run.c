/* SPDX-License-Identifier: MIT */
/* Fuzz target: `vsmp run` descriptions (docs/RUN.md), through the same entry point the CLI uses
 * (tools/run_job.h). The description lives in a scratch directory holding the committed
 * kernels of tests/run, vadd_simd32 and atomics_simd32, so "kernel" names one of them; 1 MiB
 * --max-memory, at most 64 threads and one worker. A description must succeed or fail with its
 * diagnostics; it must never crash, read out of bounds or leak. */
#define _GNU_SOURCE
#include <stdint.h>

#include "fuzz_dir.h"
#include "run_job.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fuzz_file files[] = {
    {VSMP_FUZZ_SRC "/tests/run/ld8.visaasm", "ld8.visaasm", NULL, 0},
    {VSMP_FUZZ_SRC "/tests/run/cps.visaasm", "cps.visaasm", NULL, 0},
    {VSMP_FUZZ_SRC "/tests/kernels/tgllp/vadd_simd32.visaasm", "vadd_simd32.visaasm", NULL, 0},
    {VSMP_FUZZ_SRC "/tests/kernels/tgllp/atomics_simd32.visaasm", "atomics_simd32.visaasm", NULL,
     0},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink && !(sink = fopen("/dev/null", "w")))
        abort();
    setenv("VSMP_RUN_WORKERS", "1", 1);
    json_object *root = fuzz_parse(data, size);
    bool ok = !root || fuzz_paths_ok(root);
    json_object *jt = NULL;
    if (ok && root && json_object_is_type(root, json_type_object) &&
        json_object_object_get_ex(root, "threads", &jt))
        ok = json_object_get_int64(jt) <= 64;
    if (root)
        json_object_put(root);
    if (!ok)
        return 0;
    fuzz_dir_reset(files, sizeof(files) / sizeof(files[0]));
    char path[128];
    snprintf(path, sizeof(path), "%s/fuzz.json", fuzz_dir);
    int rc = vsmp_run_job(path, (const char *)data, size, NULL, size & 1, (size_t)1 << 20, 20, sink,
                          sink);
    if (rc != 0 && rc != 1)
        abort();
    return 0;
}
