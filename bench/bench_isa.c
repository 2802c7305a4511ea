/* SPDX-License-Identifier: MIT */
/*
 * Codec throughput on a whole kernel of at least 10,000 instructions: binary read, binary
 * write, text print and text parse, in instructions per second (a program, never a test).
 *
 *   bench_isa [KERNEL.isa] [--min-insts N] [--seconds S]
 *
 * KERNEL.isa defaults to tests/kernels/tgllp/math_simd32.isa; its instructions (all but the
 * leading subroutine label) are repeated until the kernel holds N (10,000) of them. A kernel
 * that is already that long is used as is: bench/kernels/unrolled.cl says how to compile one
 * of 10,016 instructions with ocloc.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vsmp/vsmp.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static unsigned char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *b = malloc(n > 0 ? (size_t)n : 1);
    if (b && n > 0 && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *size = n > 0 ? (size_t)n : 0;
    return b;
}

/* Repeat the body of kernel 0 until it has at least min instructions. */
static int grow(vsmp_module *m, unsigned min)
{
    vsmp_routine *r = &m->kernels[0];
    uint32_t body = r->num_insts > 1 ? r->num_insts - 1 : r->num_insts;
    if (!body || r->num_insts >= min)
        return 0;
    uint32_t n = r->num_insts;
    while (n < min)
        n += body;
    vsmp_inst *ni = realloc(r->insts, (size_t)n * sizeof(*ni));
    if (!ni)
        return -1;
    r->insts = ni;
    for (uint32_t i = r->num_insts; i < n; i++)
        ni[i] = ni[r->num_insts - body + (i - r->num_insts) % body];
    r->num_insts = n;
    r->cap_insts = n;
    return 0;
}

/* The fastest of the repetitions: the machine is shared, the minimum is the codec's cost. */
typedef struct result {
    double best;
    unsigned reps;
} result;

static void add(result *r, double t)
{
    if (!r->reps || t < r->best)
        r->best = t;
    r->reps++;
}

static void report(const char *what, result r, unsigned insts)
{
    printf("%-6s %9.2f ms per kernel  %12.0f instructions/s  (best of %u)\n", what, r.best * 1e3,
           insts / r.best, r.reps);
}

int main(int argc, char **argv)
{
    const char *path = "tests/kernels/tgllp/math_simd32.isa";
    unsigned min = 10000;
    double seconds = 1.0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--min-insts") && i + 1 < argc)
            min = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = strtod(argv[++i], NULL);
        else
            path = argv[i];
    }
    size_t size = 0;
    unsigned char *file = read_file(path, &size);
    if (!file) {
        fprintf(stderr, "bench_isa: cannot read %s\n", path);
        return 2;
    }
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_module *m = NULL;
    if (vsmp_module_read(file, size, NULL, &m, &d) || !m->num_kernels || grow(m, min)) {
        vsmp_diags_print(&d, path, stderr);
        return 1;
    }
    unsigned insts = m->kernels[0].num_insts;
    vsmp_write_options wo;
    vsmp_write_options_init(&wo);
    wo.drop_gen = true;
    size_t bn = 0;
    vsmp_module_write(m, &wo, NULL, 0, &bn, NULL);
    unsigned char *bin = malloc(bn);
    vsmp_module_write(m, &wo, bin, bn, &bn, NULL);
    size_t tn = vsmp_text_print(m, NULL, NULL, 0, NULL);
    char *text = malloc(tn + 1);
    vsmp_text_print(m, NULL, text, tn + 1, NULL);
    printf("kernel: %s, %u instructions, %zu bytes binary, %zu bytes text\n", path, insts, bn, tn);

    result rr = {0, 0}, rw = {0, 0}, rp = {0, 0}, rs = {0, 0};
    double t0 = now();
    while (now() - t0 < seconds || !rr.reps) {
        double t = now();
        vsmp_module *x = NULL;
        if (vsmp_module_read(bin, bn, NULL, &x, NULL))
            return 1;
        add(&rr, now() - t);
        t = now();
        size_t w = 0;
        vsmp_module_write(x, &wo, bin, bn, &w, NULL);
        add(&rw, now() - t);
        t = now();
        vsmp_text_print(x, NULL, text, tn + 1, NULL);
        add(&rp, now() - t);
        vsmp_module_free(x);
        t = now();
        if (vsmp_text_parse(text, tn, VSMP_DIALECT_12504, &x, NULL))
            return 1;
        add(&rs, now() - t);
        vsmp_module_free(x);
    }
    report("read", rr, insts);
    report("write", rw, insts);
    report("print", rp, insts);
    report("parse", rs, insts);
    printf("read + print + parse + write: %.2f ms per kernel\n",
           (rr.best + rp.best + rs.best + rw.best) * 1e3);
    free(bin);
    free(text);
    free(file);
    vsmp_module_free(m);
    vsmp_diags_free(&d);
    return 0;
}
