/* SPDX-License-Identifier: MIT */
/*
 * The machine's speed (a program, never a test):
 *
 *   bench_exec [--seconds S]
 *
 * 1. ALU: a straight-line SIMD16 kernel of 256 general instructions (add, mul, mad, mov F->D,
 *    add D, shl, and, sel, cmp) plus ret; the time per executed instruction and per lane.
 * 2. Sampler: a SIMD16 kernel in the shape IGC gives an image read (coordinates from the lane
 *    index: mov, add, mul and mad; one sample_3d.RGBA with bilinear filtering on a 256x256
 *    RGBA8 surface; ret); its run time against the time of the same message through
 *    vsmp_plan_run alone. The difference is the share of the kernel's time spent outside the
 *    sampler (the machine's dispatch, operands and writeback).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vsmp/vsmp.h"

static double now(void)
{
    /* the thread's CPU time: the figures stay meaningful on a shared, loaded machine */
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static vsmp_machine *make(const char *text, size_t len, vsmp_module **mod)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_machine *m = NULL;
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.platform = VSMP_PLATFORM_TGLLP;
    if (vsmp_text_parse(text, len, VSMP_DIALECT_12504, mod, &d) ||
        vsmp_machine_create(*mod, 0, &o, &m, &d)) {
        vsmp_diags_print(&d, "bench_exec", stderr);
        m = NULL;
    }
    vsmp_diags_free(&d);
    return m;
}

static const char *const alu_ops[] = {
    "add (M1, 16) A(0,0)<1> A(0,0)<8;8,1> B(0,0)<8;8,1>",
    "mul (M1, 16) B(0,0)<1> A(0,0)<8;8,1> 0.5:f",
    "mad (M1, 16) C(0,0)<1> A(0,0)<8;8,1> B(0,0)<8;8,1> C(0,0)<8;8,1>",
    "mov (M1, 16) D(0,0)<1> C(0,0)<8;8,1>",
    "add (M1, 16) E(0,0)<1> D(0,0)<8;8,1> E(0,0)<8;8,1>",
    "shl (M1, 16) E(0,0)<1> E(0,0)<8;8,1> 0x1:ud",
    "and (M1, 16) D(0,0)<1> E(0,0)<8;8,1> 0xffff:ud",
    "cmp.lt (M1, 16) P1 A(0,0)<8;8,1> B(0,0)<8;8,1>",
    "(P1) sel (M1, 16) C(0,0)<1> A(0,0)<8;8,1> B(0,0)<8;8,1>",
};
enum { ALU_INSTS = 256, LANES = 16 };

static int bench_alu(double seconds)
{
    size_t cap = 64u << 10, len = 0;
    char *t = malloc(cap);
    if (!t)
        return 1;
    len += (size_t)snprintf(t + len, cap - len,
                            ".version 4.1\n.kernel \"alu\"\n"
                            ".decl A v_type=G type=f num_elts=16 align=GRF\n"
                            ".decl B v_type=G type=f num_elts=16 align=GRF\n"
                            ".decl C v_type=G type=f num_elts=16 align=GRF\n"
                            ".decl D v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl E v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl P1 v_type=P num_elts=16\n");
    for (unsigned i = 0; i < ALU_INSTS; i++)
        len += (size_t)snprintf(t + len, cap - len, "%s\n",
                                alu_ops[i % (sizeof(alu_ops) / sizeof(alu_ops[0]))]);
    len += (size_t)snprintf(t + len, cap - len, "ret (M1, 1)\n");
    vsmp_module *mod = NULL;
    vsmp_machine *m = make(t, len, &mod);
    free(t);
    if (!m)
        return 1;
    vsmp_diags d;
    vsmp_diags_init(&d);
    unsigned long runs = 0;
    double t0 = now(), t1;
    do {
        for (int k = 0; k < 100; k++, runs++)
            if (vsmp_machine_run(m, &d)) {
                vsmp_diags_print(&d, "bench_exec alu", stderr);
                return 1;
            }
        t1 = now();
    } while (t1 - t0 < seconds);
    vsmp_diags_free(&d);
    double insts = (double)runs * (ALU_INSTS + 1);
    printf("alu: %lu runs of %u instructions (SIMD%u): %.1f ns per instruction, %.2f ns per "
           "instruction per lane\n",
           runs, ALU_INSTS + 1, LANES, (t1 - t0) / insts * 1e9, (t1 - t0) / (insts * LANES) * 1e9);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    return 0;
}

static const char smp_kernel[] = ".version 4.1\n.kernel \"img\"\n"
                                 ".decl X v_type=G type=uw num_elts=16 align=GRF\n"
                                 ".decl FX v_type=G type=f num_elts=16 align=GRF\n"
                                 ".decl U v_type=G type=f num_elts=16 align=GRF\n"
                                 ".decl V v_type=G type=f num_elts=16 align=GRF\n"
                                 ".decl DST v_type=G type=f num_elts=64 align=GRF\n"
                                 ".decl smp v_type=S num_elts=1\n"
                                 ".decl tex v_type=T num_elts=1\n"
                                 ".input smp offset=0 size=4\n"
                                 ".input tex offset=8 size=4\n"
                                 "mov (M1, 16) X(0,0)<1> 0x76543210:v\n"
                                 "add (M1, 8) X(0,8)<1> X(0,0)<8;8,1> 0x8:uw\n"
                                 "mov (M1, 16) FX(0,0)<1> X(0,0)<8;8,1>\n"
                                 "add (M1, 16) FX(0,0)<1> FX(0,0)<8;8,1> 0.5:f\n"
                                 "mul (M1, 16) U(0,0)<1> FX(0,0)<8;8,1> 0.00390625:f\n"
                                 "mad (M1, 16) V(0,0)<1> FX(0,0)<8;8,1> 0.001953125:f 0.25:f\n"
                                 "sample_3d.RGBA (M1, 16) 0x0:uw smp tex DST.0 U.0 V.0\n"
                                 "ret (M1, 1)\n";

static int bench_sampler(double seconds)
{
    vsmp_surface_desc sd;
    vsmp_surface_desc_init(&sd);
    sd.format = VSMP_FORMAT_R8G8B8A8_UNORM;
    sd.width = sd.height = 256;
    vsmp_surface *s = NULL;
    if (vsmp_surface_create(&sd, &s, NULL))
        return 1;
    for (uint32_t y = 0; y < 256; y++)
        for (uint32_t x = 0; x < 256; x++) {
            vsmp_texel tx = {.f = {x / 255.0f, y / 255.0f, 0.5f, 1.0f}};
            vsmp_surface_store(s, 0, 0, x, y, &tx);
        }
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    vsmp_module *mod = NULL;
    vsmp_machine *m = make(smp_kernel, sizeof(smp_kernel) - 1, &mod);
    if (!m)
        return 1;
    vsmp_machine_bind_surface(m, 3, s);
    vsmp_machine_bind_sampler(m, 0, &st);
    uint32_t pay[3] = {0, 0, 3}; /* smp = 0 at byte 0, tex = 3 at byte 8 */
    vsmp_machine_set_payload(m, 0, pay, 12);
    vsmp_diags d;
    vsmp_diags_init(&d);
    unsigned long runs = 0;
    double t0 = now(), t1;
    do {
        for (int k = 0; k < 100; k++, runs++)
            if (vsmp_machine_run(m, &d)) {
                vsmp_diags_print(&d, "bench_exec sampler", stderr);
                return 1;
            }
        t1 = now();
    } while (t1 - t0 < seconds);
    double per_run = (t1 - t0) / (double)runs;
    /* the same message through the sampler alone: lane l at ((l + 0.5) / 256, (l + 0.5) /
     * 512 + 0.25), as the kernel computes */
    vsmp_plan *p = NULL;
    if (vsmp_plan_create(s, &st, VSMP_SUB_SAMPLE, &p, &d))
        return 1;
    uint32_t u[16], v[16], zero[16] = {0};
    for (unsigned l = 0; l < 16; l++) {
        float fu = ((float)l + 0.5f) * 0.00390625f, fv = ((float)l + 0.5f) * 0.001953125f + 0.25f;
        memcpy(&u[l], &fu, 4);
        memcpy(&v[l], &fv, 4);
    }
    vsmp_message msg;
    memset(&msg, 0, sizeof(msg));
    msg.simd = 16;
    msg.mask = 0xffff;
    for (int k = 0; k < VSMP_P_COUNT; k++)
        msg.param[k] = zero;
    msg.param[VSMP_P_U] = u;
    msg.param[VSMP_P_V] = v;
    vsmp_result res;
    unsigned long sruns = 0;
    t0 = now();
    do {
        for (int k = 0; k < 100; k++, sruns++)
            vsmp_plan_run(p, &msg, &res);
        t1 = now();
    } while (t1 - t0 < seconds);
    double per_msg = (t1 - t0) / (double)sruns;
    printf("sampler kernel (8 instructions, one SIMD16 bilinear sample): %.0f ns per run, the "
           "message alone %.0f ns: %.1f%% of the kernel's time outside the sampler\n",
           per_run * 1e9, per_msg * 1e9, 100.0 * (per_run - per_msg) / per_run);
    vsmp_plan_free(p);
    vsmp_diags_free(&d);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    vsmp_surface_free(s);
    return 0;
}

int main(int argc, char **argv)
{
    double seconds = 1.0;
    const char *row = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--row") && i + 1 < argc)
            row = argv[++i];
        else {
            fprintf(stderr, "usage: bench_exec [--seconds S] [--row alu|sampler]\n");
            return 2;
        }
    }
    if (!row || !strcmp(row, "alu"))
        if (bench_alu(seconds))
            return 1;
    if (!row || !strcmp(row, "sampler"))
        if (bench_sampler(seconds))
            return 1;
    return 0;
}
