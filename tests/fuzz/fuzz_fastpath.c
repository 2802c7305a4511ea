/* SPDX-License-Identifier: MIT */
/* Fuzz target: the sampling engine's fast paths against its reference. The input bytes drive
 * tests/sample_cases.h: a random surface (any format and type, sparse and multisample
 * included), sampler state, operation and messages; each plan is made at every CPU level the
 * machine has, and every kernel it chose must give the reference's result words (abort
 * otherwise). Under ASan/UBSan it also checks that no input makes the engine misbehave.
 * (Named fuzz_fastpath: fuzz_sample belongs to the engine's API-hardening target.) */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../sample_cases.h"
#include "sample_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    size_t nf = vsmp_format_count();
    const vsmp_format_info *fi = vsmp_format_at(data[0] % nf);
    sc_rng r = {(uint64_t)size * 0x9e3779b97f4a7c15ull + data[1], data + 2, size - 2};
    sc_case c;
    if (!sc_make(&r, fi, &c))
        return 0;
    /* every level the machine has: C, AVX2, AVX-512 */
    unsigned have = vsmp_cpu_flags(), levels[3] = {VSMP_CPU_C}, nlev = 1;
    if (have & VSMP_CPU_AVX2)
        levels[nlev++] = VSMP_CPU_C | VSMP_CPU_AVX2;
    if (have & VSMP_CPU_AVX512)
        levels[nlev++] = VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512;
    for (unsigned li = 0; li < nlev; li++) {
        vsmp_plan *p = NULL;
        if (vsmp_plan_create_cpu(c.s, &c.st, c.op, levels[li], &p, NULL))
            break;
        for (unsigned k = 0; k < 2; k++) {
            vsmp_result got, want;
            memset(&got, 0x5a, sizeof(got));
            memset(&want, 0x5a, sizeof(want));
            if (vsmp_plan_run(p, &c.m[k], &got))
                continue;
            want.null_mask = 0xffffffffu;
            p->run(p, &c.m[k], &want);
            if (memcmp(&got, &want, sizeof(got)))
                abort(); /* a fast path differs from the reference */
        }
        vsmp_plan_free(p);
    }
    sc_free(&c);
    return 0;
}
