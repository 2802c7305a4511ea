/* SPDX-License-Identifier: MIT */
/* Fuzz target: the machine. A program vsmp reads (binary, or text in the 12504 syntax) is
 * planned for two platforms and, when planned, run with a small surface and sampler state bound
 * at every index, the payload filled from the input, and a step limit: planning may refuse, a
 * run may fault, nothing may crash or run away. After the run, vsmp_machine_reset must leave
 * every variable zero (abort otherwise: a finding). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vsmp/vsmp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_reset(const vsmp_machine *mc, uint32_t nvars)
{
    static uint8_t b[1u << 16];
    for (uint32_t id = 1; id < nvars; id++) {
        size_t n = 0;
        if (vsmp_machine_read_var(mc, VSMP_VAR_GENERAL, id, 0, b, sizeof(b), &n))
            continue; /* no such variable, or larger than vISA allows (4 KiB) */
        for (size_t i = 0; i < n; i++)
            if (b[i]) {
                fprintf(stderr, "fuzz_exec: variable %u byte %zu not zero after a reset\n", id, i);
                abort();
            }
    }
}

static void run_on(const vsmp_module *m, vsmp_platform plat, const uint8_t *data, size_t size)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.width = d.height = 8;
    vsmp_surface *s = NULL;
    if (vsmp_surface_create(&d, &s, NULL))
        return;
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.platform = plat;
    o.max_steps = 4096;
    for (uint32_t k = 0; k < m->num_kernels && k < 2; k++) {
        vsmp_machine *mc = NULL;
        if (vsmp_machine_create(m, k, &o, &mc, NULL))
            continue;
        for (unsigned i = 0; i < VSMP_MAX_BINDINGS; i++) {
            vsmp_machine_bind_surface(mc, i, s);
            vsmp_machine_bind_sampler(mc, i, &st);
        }
        size_t p = vsmp_machine_payload_size(mc);
        vsmp_machine_set_payload(mc, 0, data, p < size ? p : size);
        vsmp_machine_run(mc, NULL);
        vsmp_machine_reset(mc);
        check_reset(mc, 32u + m->kernels[k].num_vars); /* declared ids from 32 (exec.h) */
        vsmp_machine_free(mc);
    }
    vsmp_surface_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    vsmp_module *m = NULL;
    vsmp_status st = size >= 4 && memcmp(data, "CISA", 4) == 0
                         ? vsmp_module_read(data, size, NULL, &m, NULL)
                         : vsmp_text_parse((const char *)data, size, VSMP_DIALECT_12504, &m, NULL);
    if (st == VSMP_OK) {
        run_on(m, VSMP_PLATFORM_TGLLP, data, size);
        run_on(m, VSMP_PLATFORM_XE2, data, size);
    }
    vsmp_module_free(m);
    return 0;
}
