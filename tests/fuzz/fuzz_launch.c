/* SPDX-License-Identifier: MIT */
/* Fuzz target: the kernel-interface reader (IGC's patch-token text dump). Whatever it accepts
 * answers every query within its own bounds; whatever it refuses comes with a diagnostic. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vsmp/vsmp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    vsmp_launch_iface *f = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_launch_iface_parse((const char *)data, size, &f, &d);
    if (st == VSMP_OK) {
        unsigned simd = vsmp_launch_iface_simd(f), n = vsmp_launch_iface_num_args(f);
        if ((simd != 8 && simd != 16 && simd != 32) || n > VSMP_LAUNCH_MAX_ARGS ||
            !vsmp_launch_iface_kernel(f) || vsmp_launch_iface_arg(f, n))
            abort();
        for (unsigned i = 0; i < n; i++) {
            const vsmp_launch_arg_info *a = vsmp_launch_iface_arg(f, i);
            if (!a || a->bti >= VSMP_MAX_BINDINGS || a->sampler >= VSMP_MAX_SAMPLER_STATES ||
                strlen(a->type) >= sizeof(a->type) || strlen(a->name) >= sizeof(a->name))
                abort();
        }
    } else if (st != VSMP_ERR_NOMEM && d.count == 0) {
        abort(); /* a refusal without a diagnostic */
    }
    vsmp_launch_iface_free(f);
    vsmp_diags_free(&d);
    return 0;
}
