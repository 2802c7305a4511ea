/* SPDX-License-Identifier: MIT */
/* Fuzz target: the zebin and zeinfo reader (ocl/zebin.h). An input starting with the ELF magic
 * is read as a zebin, any other as zeinfo YAML. Whatever it accepts holds kernels that are either
 * launchable (an interface within its bounds) or unsupported with a reason; whatever it refuses
 * comes with a diagnostic. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vsmp/vsmp.h"
#include "zebin.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    vsmp_ocl_program *p = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    bool elf = size >= 4 && !memcmp(data, "\177ELF", 4);
    vsmp_status st = elf ? vsmp_ocl_zebin_read(data, size, &p, &d)
                         : vsmp_ocl_zeinfo_read((const char *)data, size, &p, &d);
    if (st == VSMP_OK) {
        if (!p || !p->nkernels || p->nkernels > VSMP_OCL_MAX_KERNELS)
            abort();
        for (unsigned i = 0; i < p->nkernels; i++) {
            const vsmp_ocl_kernel *k = &p->kernels[i];
            if (!k->name[0] || !k->iface != !!k->unsupported[0] || k->nargs > VSMP_LAUNCH_MAX_ARGS)
                abort();
            if (k->visaasm && strlen(k->visaasm) != k->visaasm_size)
                abort();
            if (!k->iface)
                continue;
            unsigned n = vsmp_launch_iface_num_args(k->iface),
                     simd = vsmp_launch_iface_simd(k->iface);
            vsmp_launch_layout l;
            if ((simd != 8 && simd != 16 && simd != 32) || n > k->nargs ||
                vsmp_launch_iface_get_layout(k->iface, &l) ||
                l.cross_thread_size > VSMP_LAUNCH_MAX_CROSS_THREAD)
                abort();
            for (unsigned a = 0; a < n; a++) {
                const vsmp_launch_arg_info *ai = vsmp_launch_iface_arg(k->iface, a);
                if (!ai || ai->bti >= VSMP_MAX_BINDINGS || ai->sampler >= VSMP_MAX_SAMPLER_STATES ||
                    (ai->offset >= 0 && (uint32_t)ai->offset + ai->size > l.cross_thread_size))
                    abort();
            }
        }
    } else if (st != VSMP_ERR_NOMEM && d.count == 0) {
        abort(); /* a refusal without a diagnostic */
    }
    vsmp_ocl_program_free(p);
    vsmp_diags_free(&d);
    return 0;
}
