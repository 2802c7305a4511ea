/* SPDX-License-Identifier: MIT */
/* Fuzz target: `vsmp launch` descriptions (docs/LAUNCH.md), through the same entry point the CLI
 * uses (tools/launch_job.h). The description lives in a scratch directory holding the committed
 * example (rotate.visaasm, rotate.cos, picture.png); "save" goes there too; 1 MiB --max-memory
 * and at most 1024 work-items. A description must succeed or fail with its diagnostics; it must
 * never crash, read out of bounds or leak. */
#define _GNU_SOURCE
#include <stdint.h>

#include "fuzz_dir.h"
#include "launch_job.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static fuzz_file files[] = {
    {VSMP_FUZZ_SRC "/examples/launch/rotate.visaasm", "rotate.visaasm", NULL, 0},
    {VSMP_FUZZ_SRC "/examples/launch/rotate.cos", "rotate.cos", NULL, 0},
    {VSMP_FUZZ_SRC "/examples/launch/picture.png", "picture.png", NULL, 0},
};

/* The NDRange the input asks for stays small: "global" is at most three dimensions whose
 * product is at most 1024 (anything else is left for the reader to refuse). */
static bool small_range(json_object *root)
{
    json_object *jg = NULL;
    if (!json_object_is_type(root, json_type_object) ||
        !json_object_object_get_ex(root, "global", &jg) ||
        !json_object_is_type(jg, json_type_array))
        return true;
    int64_t items = 1;
    for (size_t i = 0; i < json_object_array_length(jg) && i < 3; i++) {
        int64_t g = json_object_get_int64(json_object_array_get_idx(jg, i));
        if (g > 1024 || (g > 0 && (items *= g) > 1024))
            return false;
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink && !(sink = fopen("/dev/null", "w")))
        abort();
    json_object *root = fuzz_parse(data, size);
    bool ok = !root || (fuzz_paths_ok(root) && small_range(root));
    if (root)
        json_object_put(root);
    if (!ok)
        return 0;
    fuzz_dir_reset(files, sizeof(files) / sizeof(files[0]));
    char path[128];
    snprintf(path, sizeof(path), "%s/fuzz.json", fuzz_dir);
    int rc = vsmp_launch_job(path, (const char *)data, size, NULL, (size_t)1 << 20, 20, sink, sink);
    if (rc != 0 && rc != 1)
        abort();
    return 0;
}
