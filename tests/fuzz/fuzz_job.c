/* SPDX-License-Identifier: MIT */
/* Fuzz target: `vsmp sample` job files, through the same entry point the CLI uses
 * (tools/sample_job.h), with files refused and a 1 MiB surface budget so that one input stays
 * fast. A job must succeed or fail with one error line; it must never crash, read out of bounds
 * or leak. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "sample_job.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink && !(sink = fopen("/dev/null", "w")))
        abort();
    vsmp_job_options o;
    vsmp_job_options_init(&o);
    o.no_files = true;
    o.max_memory = (size_t)1 << 20;
    o.json_out = size & 1;
    int rc = vsmp_sample_job("fuzz.json", (const char *)data, size, &o, sink, sink);
    if (rc != 0 && rc != 1)
        abort();
    return 0;
}
