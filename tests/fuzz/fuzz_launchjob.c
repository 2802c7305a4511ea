/* SPDX-License-Identifier: MIT */
/* Fuzz target: `vsmp launch` descriptions (docs/LAUNCH.md), through the same entry point the CLI
 * uses (tools/launch_job.h). The description lives in a scratch directory holding committed
 * kernels with their interfaces: the example (rotate.visaasm, rotate.cos, picture.png), a
 * reduction with barriers and a __local argument (lb_reduce.visaasm, lb_reduce.cos: tgllp
 * SIMD16) and a kernel with an inline sampler (rd_none.visaasm, rd_none.cos, with IGC's
 * inline_none.progbin and ocloc's inline_none.bin for "dynamic_state"). An input may carry its
 * own interface: the bytes after its first NUL are written as fuzz.cos, which the description
 * may name. "save" goes to the directory too; 1 MiB --max-memory. A description must succeed or
 * fail with its diagnostics; it must never crash, read out of bounds or leak. */
#define _GNU_SOURCE
#include <stdint.h>

#include "fuzz_dir.h"
#include "launch_job.h"
#include "vsmp/vsmp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fuzz_file files[] = {
    {VSMP_FUZZ_SRC "/examples/launch/rotate.visaasm", "rotate.visaasm", NULL, 0},
    {VSMP_FUZZ_SRC "/examples/launch/rotate.cos", "rotate.cos", NULL, 0},
    {VSMP_FUZZ_SRC "/examples/launch/picture.png", "picture.png", NULL, 0},
    {VSMP_FUZZ_SRC "/tests/corpus/k/lb_reduce.tgllp.simd16.visaasm.gz", "lb_reduce.visaasm", NULL,
     0},
    {VSMP_FUZZ_SRC "/tests/corpus/k/lb_reduce.tgllp.simd16.cos.gz", "lb_reduce.cos", NULL, 0},
    {VSMP_FUZZ_SRC "/tests/launch/data/rd_none.tgllp.simd8.visaasm.gz", "rd_none.visaasm", NULL, 0},
    {VSMP_FUZZ_SRC "/tests/launch/data/rd_none.tgllp.simd8.cos.gz", "rd_none.cos", NULL, 0},
    {VSMP_FUZZ_SRC "/tests/launch/data/inline_none.tgllp.progbin.gz", "inline_none.progbin", NULL,
     0},
    {VSMP_FUZZ_SRC "/tests/launch/data/inline_none.tgllp.bin.gz", "inline_none.bin", NULL, 0},
};

/* The work the input asks for stays bounded: the product of the "global" sizes (saturating)
 * is at most 4096 work-items, or past the launcher's limit of 2^32 (which it must refuse at
 * once, whatever the product's size). Sizes between run too long for a fuzzer. */
static bool bounded_range(json_object *root)
{
    json_object *jg = NULL;
    if (!json_object_is_type(root, json_type_object) ||
        !json_object_object_get_ex(root, "global", &jg) ||
        !json_object_is_type(jg, json_type_array))
        return true;
    uint64_t items = 1;
    for (size_t i = 0; i < json_object_array_length(jg) && i < 3; i++) {
        int64_t g = json_object_get_int64(json_object_array_get_idx(jg, i));
        uint64_t u = g < 0 ? 0 : (uint64_t)g;
        items = u && items > UINT64_MAX / u ? UINT64_MAX : items * u;
    }
    return items <= 4096 || items > VSMP_LAUNCH_MAX_ITEMS;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink && !(sink = fopen("/dev/null", "w")))
        abort();
    const uint8_t *nul = memchr(data, 0, size);
    size_t jsize = nul ? (size_t)(nul - data) : size;
    json_object *root = fuzz_parse(data, jsize);
    bool ok = !root || (fuzz_paths_ok(root) && bounded_range(root));
    if (root)
        json_object_put(root);
    if (!ok)
        return 0;
    fuzz_dir_reset(files, sizeof(files) / sizeof(files[0]));
    char path[128];
    if (nul) {
        snprintf(path, sizeof(path), "%s/fuzz.cos", fuzz_dir);
        FILE *f = fopen(path, "wb");
        size_t n = size - jsize - 1;
        if (!f || fwrite(nul + 1, 1, n, f) != n || fclose(f))
            abort();
    }
    snprintf(path, sizeof(path), "%s/fuzz.json", fuzz_dir);
    int rc =
        vsmp_launch_job(path, (const char *)data, jsize, NULL, (size_t)1 << 20, 20, sink, sink);
    if (rc != 0 && rc != 1)
        abort();
    return 0;
}
