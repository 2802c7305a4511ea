/* SPDX-License-Identifier: MIT */
/*
 * Reads each zeinfo file named on the command line with vsmp_ocl_zeinfo_read and prints what it
 * made of every kernel, for tests/corpus2/zeinfo_test.py to compare with the YAML and the
 * compiler's `.visaasm` (one line each):
 *   E FILE MESSAGE                          the file refused (the first diagnostic)
 *   U FILE KERNEL SIMD REASON               a kernel kept without an interface
 *   K FILE KERNEL SIMD CROSS_OFFSET IDS     a kernel read: cross-thread data offset, local IDs
 *   A INDEX KIND BTI SAMPLER OFFSET SIZE    its arguments (vsmp_arg_kind)
 *   P KIND ARG OFFSET SIZE SOURCE           its payload values (launch_param_kind)
 * A file named NAME.DEVICE.simdW.zeinfo of an Xe2 or Xe3 DEVICE (lnl, bmg, ptl) is read for
 * 64-byte registers (vsmp_ocl_zeinfo_read_grf), any other for 32.
 * usage: zeinfo_dump FILE...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/launch/launch_internal.h"
#include "vsmp/vsmp.h"
#include "zebin.h"

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, len = 0;
    char *b = malloc(cap);
    size_t r;
    while (b && (r = fread(b + len, 1, cap - len, f)) > 0) {
        len += r;
        if (len == cap) {
            char *nb = realloc(b, cap *= 2);
            if (!nb)
                free(b);
            b = nb;
        }
    }
    fclose(f);
    *n = len;
    return b;
}

int main(int argc, char **argv)
{
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        size_t n = 0;
        char *text = slurp(argv[i], &n);
        if (!text) {
            printf("E %s cannot be read\n", argv[i]);
            bad = 1;
            continue;
        }
        const char *file = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
        vsmp_diags d;
        vsmp_diags_init(&d);
        vsmp_ocl_program *p = NULL;
        unsigned grf =
            strstr(file, ".lnl.") || strstr(file, ".bmg.") || strstr(file, ".ptl.") ? 64 : 32;
        vsmp_status st = vsmp_ocl_zeinfo_read_grf(text, n, grf, &p, &d);
        free(text);
        if (st) {
            printf("E %s %u: %s\n", file, d.count ? d.items[0].line : 0,
                   d.count ? d.items[0].message : vsmp_status_str(st));
            vsmp_diags_free(&d);
            continue;
        }
        vsmp_diags_free(&d);
        for (unsigned k = 0; k < p->nkernels; k++) {
            const vsmp_ocl_kernel *kn = &p->kernels[k];
            if (!kn->iface) {
                printf("U %s %s %u %s\n", file, kn->name, kn->simd, kn->unsupported);
                continue;
            }
            const vsmp_launch_iface *f = kn->iface;
            vsmp_launch_layout l;
            vsmp_launch_iface_get_layout(f, &l);
            printf("K %s %s %u %u %u\n", file, kn->name, kn->simd, l.cross_thread_offset,
                   (unsigned)l.local_id[0] + l.local_id[1] + l.local_id[2]);
            for (unsigned a = 0; a < f->nargs; a++) {
                const vsmp_launch_arg_info *ai = &f->args[a];
                printf("A %u %d %d %d %d %u\n", a, (int)ai->kind, ai->bti, ai->sampler, ai->offset,
                       ai->size);
            }
            for (unsigned q = 0; q < f->nparams; q++) {
                const launch_param *lp = &f->params[q];
                printf("P %d %d %u %u %u\n", (int)lp->kind, lp->arg, lp->offset, lp->size,
                       lp->source);
            }
            /* the program-scope buffers and the private memory (offset -1: no pointer): B
             * which(0 __constant, 1 __global, 2 printf, 3 private) bti offset size */
            for (int b = PROG_CONSTANT; b <= PROG_PRIVATE; b++)
                if (f->prog[b].present)
                    printf("B %d %d %d %u\n", b, f->prog[b].bti, f->prog[b].offset,
                           f->prog[b].size);
        }
        vsmp_ocl_program_free(p);
    }
    return bad;
}
