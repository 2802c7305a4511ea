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
 *    RGBA8 surface; ret), written by hand; its run time against the time of the same message
 *    through vsmp_plan_run alone. The difference is the share of the kernel's time spent
 *    outside the sampler (the machine's dispatch, operands and writeback).
 * 3. IGC kernel: s2d_linear_pix of tests/corpus (img_sample2d.cl, compiled by ocloc for tgllp
 *    at SIMD16: 31 vISA instructions around one sample_lz and one scatter4_scaled store)
 *    launched through vsmp_launch over a 256x64 NDRange (1024 hardware threads, each with its
 *    payload, reset and run), against the same 1024 SIMD16 sample_lz messages (the coordinates
 *    the kernel computes) through vsmp_plan_run alone. Outside the sampler here: the launch's
 *    per-thread work, 30 EU instructions, the store message and the machine.
 * 4. Typed writes (bench_write below).
 *
 *   bench_exec [--seconds S] [--row alu|sampler|kernel|write] [--corpus DIR]
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "vsmp/vsmp.h"

/* The clock is read once per batch of work of about half a millisecond or more: reading the
 * thread's CPU time is a system call of about a microsecond, which read every 100 sampler
 * messages added some 14 ns to each. */
enum { BATCH = 2000 };

static double now(void)
{
    /* the thread's CPU time: the figures stay meaningful on a shared, loaded machine */
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
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
        for (int k = 0; k < BATCH; k++, runs++)
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
        for (int k = 0; k < BATCH; k++, sruns++)
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

/* 4. Typed writes: a SIMD16 kernel in the shape IGC gives write_image* on tgllp (U from the
 *    lane index and a base X, V a row, both from the payload; two SIMD8 scatter4_typed, M1 and
 *    M3), writing 16 texels a run across a 1920x1080 surface, planned at the reference level
 *    and on the fast path; its time against the same kernel without the two writes. */
static const char write_kernel[] = ".version 4.1\n.kernel \"w\"\n"
                                   ".decl X v_type=G type=uw num_elts=16 align=GRF\n"
                                   ".decl U v_type=G type=ud num_elts=16 align=GRF\n"
                                   ".decl V v_type=G type=ud num_elts=16 align=GRF\n"
                                   ".decl D v_type=G type=ud num_elts=32 align=GRF\n"
                                   ".decl E v_type=G type=ud num_elts=32 align=GRF\n"
                                   ".decl B v_type=G type=ud num_elts=8 align=GRF\n"
                                   ".decl img v_type=T num_elts=1\n"
                                   ".input img offset=8 size=4\n"
                                   ".input B offset=32 size=8\n"
                                   "mov (M1, 16) X(0,0)<1> 0x76543210:v\n"
                                   "add (M1, 8) X(0,8)<1> X(0,0)<8;8,1> 0x8:uw\n"
                                   "add (M1, 16) U(0,0)<1> X(0,0)<8;8,1> B(0,0)<0;1,0>\n"
                                   "mov (M1, 16) V(0,0)<1> B(0,1)<0;1,0>\n"
                                   "%s";
static const char write_msgs[] = "scatter4_typed%s (M1, 8) img U.0 V.0 %%null.0 %%null.0 D.0\n"
                                 "scatter4_typed%s (M3, 8) img U.32 V.32 %%null.0 %%null.0 E.0\n";

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* ns per texel of @p m over @p seconds, walking the 1920x1080 surface 16 texels a run */
static double write_round(vsmp_machine *m, double seconds)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    unsigned long runs = 0;
    uint32_t b[2] = {0, 0};
    double t0 = now(), t1;
    do {
        for (int k = 0; k < BATCH; k++, runs++) {
            vsmp_machine_set_payload(m, 32, b, 8);
            if (vsmp_machine_run(m, &d)) {
                vsmp_diags_print(&d, "bench_exec write", stderr);
                exit(1);
            }
            b[0] += 16;
            if (b[0] >= 1920)
                b[0] = 0, b[1] = (b[1] + 1) % 1080;
        }
        t1 = now();
    } while (t1 - t0 < seconds);
    vsmp_diags_free(&d);
    return (t1 - t0) / (double)runs / 16.0 * 1e9;
}

static int bench_write(double seconds)
{
    static const struct {
        vsmp_format f;
        const char *mask, *name;
    } rows[] = {
        {VSMP_FORMAT_R8G8B8A8_UNORM, ".RGBA", "RGBA8 UNORM"},
        {VSMP_FORMAT_R8G8B8A8_UINT, ".RGBA", "RGBA8 UINT"},
        {VSMP_FORMAT_R8_UNORM, ".R", "R8 UNORM"},
        {VSMP_FORMAT_R32_FLOAT, ".R", "R32F"},
        {VSMP_FORMAT_R32G32B32A32_FLOAT, ".RGBA", "RGBA32F"},
        {VSMP_FORMAT_R16G16B16A16_FLOAT, ".RGBA", "RGBA16F"},
        {VSMP_FORMAT_R8G8B8A8_UNORM, ".RGB", "RGBA8 UNORM .RGB"},
    };
    enum { ROUNDS = 5 };
    printf("typed writes: SIMD16 kernel of 4 ALU instructions + 2 SIMD8 scatter4_typed, 1920x1080, "
           "ns per texel, median [min-max] of %d interleaved rounds; \"alone\": minus the kernel "
           "without the writes\n",
           ROUNDS);
    char text[2048], msgs[512];
    snprintf(text, sizeof(text), write_kernel, "ret (M1, 1)\n");
    vsmp_module *cmod = NULL;
    vsmp_machine *control = make(text, strlen(text), &cmod);
    if (!control)
        return 1;
    for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
        vsmp_surface_desc sd;
        vsmp_surface_desc_init(&sd);
        sd.format = rows[r].f;
        sd.width = 1920, sd.height = 1080;
        vsmp_surface *s = NULL;
        if (vsmp_surface_create(&sd, &s, NULL))
            return 1;
        snprintf(msgs, sizeof(msgs), write_msgs, rows[r].mask, rows[r].mask);
        int n = snprintf(text, sizeof(text), write_kernel, msgs);
        snprintf(text + n, sizeof(text) - (size_t)n, "ret (M1, 1)\n");
        vsmp_module *mod[2] = {NULL, NULL};
        vsmp_machine *m[2];
        vsmp_cpu_set_mask(0); /* the reference */
        m[0] = make(text, strlen(text), &mod[0]);
        vsmp_cpu_set_mask(~0u);
        m[1] = make(text, strlen(text), &mod[1]);
        if (!m[0] || !m[1])
            return 1;
        uint32_t data[32];
        for (unsigned k = 0; k < 32; k++) { /* floats in [0, 1] and small integers alike */
            float f = (float)k / 31.0f;
            memcpy(&data[k], &f, 4);
            if (rows[r].f == VSMP_FORMAT_R8G8B8A8_UINT)
                data[k] = k * 9;
        }
        uint8_t bti[4] = {3, 0, 0, 0};
        for (int i = 0; i < 2; i++) {
            vsmp_machine_bind_surface(m[i], 3, s);
            vsmp_machine_set_payload(m[i], 8, bti, 4);
            vsmp_var_info vi;
            vsmp_machine_find(m[i], "D", &vi);
            vsmp_machine_write_var(m[i], vi.cls, vi.id, 0, data, sizeof(data));
            vsmp_machine_find(m[i], "E", &vi);
            vsmp_machine_write_var(m[i], vi.cls, vi.id, 0, data, sizeof(data));
        }
        double t[3][ROUNDS];
        for (int k = 0; k < ROUNDS; k++) {
            t[0][k] = write_round(m[0], seconds / ROUNDS);
            t[1][k] = write_round(m[1], seconds / ROUNDS);
            t[2][k] = write_round(control, seconds / ROUNDS);
        }
        for (int i = 0; i < 3; i++)
            qsort(t[i], ROUNDS, sizeof(double), cmp_double);
        double c = t[2][ROUNDS / 2];
        printf("%-18s reference %6.1f [%.1f-%.1f] (alone %.1f)   fast %5.1f [%.1f-%.1f] (alone "
               "%.1f)   kernel without writes %.1f   %.1fx\n",
               rows[r].name, t[0][ROUNDS / 2], t[0][0], t[0][ROUNDS - 1], t[0][ROUNDS / 2] - c,
               t[1][ROUNDS / 2], t[1][0], t[1][ROUNDS - 1], t[1][ROUNDS / 2] - c, c,
               (t[0][ROUNDS / 2] - c) / (t[1][ROUNDS / 2] - c));
        for (int i = 0; i < 2; i++) {
            vsmp_machine_free(m[i]);
            vsmp_module_free(mod[i]);
        }
        vsmp_surface_free(s);
    }
    vsmp_machine_free(control);
    vsmp_module_free(cmod);
    return 0;
}

/* A gzip file of the corpus, through gzip -dc (the library reads no gzip). */
static char *read_gz(const char *dir, const char *name, size_t *size)
{
    char cmd[4400];
    snprintf(cmd, sizeof(cmd), "gzip -dc '%s/%s'", dir, name);
    FILE *f = popen(cmd, "r");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    for (size_t got; b && (got = fread(b + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            char *nb = realloc(b, cap * 2);
            if (!nb)
                free(b);
            b = nb, cap *= 2;
        }
    }
    if (pclose(f) != 0 || !b || !n) {
        fprintf(stderr, "bench_exec: cannot read %s/%s\n", dir, name);
        free(b);
        return NULL;
    }
    *size = n;
    return b;
}

enum { KW = 256, KH = 64 };

/* Launches over @p nd, one after the other for about @p seconds by @p clock: the time of one,
 * or -1 when a launch fails. */
static double launch_time(const vsmp_module *mod, const vsmp_launch_iface *f,
                          const vsmp_ndrange *nd, const vsmp_launch_arg *args,
                          const vsmp_launch_options *lo, double (*clock)(void), double seconds,
                          vsmp_diags *d)
{
    unsigned long n = 0;
    double t0 = clock(), t1;
    do {
        if (vsmp_launch(mod, 0, f, nd, args, 3, lo, d)) {
            vsmp_diags_print(d, "bench_exec kernel", stderr);
            return -1;
        }
        n++;
        t1 = clock();
    } while (t1 - t0 < seconds);
    return (t1 - t0) / (double)n;
}

static int bench_kernel(double seconds, const char *corpus)
{
    size_t ksize = 0, csize = 0;
    char *ktext = read_gz(corpus, "s2d_linear_pix.tgllp.simd16.visaasm.gz", &ksize);
    char *cos = read_gz(corpus, "s2d_linear_pix.tgllp.simd16.cos.gz", &csize);
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_module *mod = NULL;
    vsmp_launch_iface *f = NULL;
    if (!ktext || !cos || vsmp_text_parse(ktext, ksize, VSMP_DIALECT_12504, &mod, &d) ||
        vsmp_launch_iface_parse(cos, csize, &f, &d)) {
        vsmp_diags_print(&d, "bench_exec kernel", stderr);
        return 1;
    }
    free(ktext);
    free(cos);
    /* the image: 256x64 RGBA8, texel (x, y) = (x / 255, 4y / 255, 0.5, 1); the output buffer:
     * float4 per work-item, as a 2D R8_UINT surface */
    vsmp_surface_desc sd;
    vsmp_surface_desc_init(&sd);
    sd.format = VSMP_FORMAT_R8G8B8A8_UNORM;
    sd.width = KW, sd.height = KH;
    vsmp_launch_arg args[3];
    memset(args, 0, sizeof(args));
    if (vsmp_surface_create(&sd, &args[0].surface, NULL))
        return 1;
    for (uint32_t y = 0; y < KH; y++)
        for (uint32_t x = 0; x < KW; x++) {
            vsmp_texel tx = {.f = {x / 255.0f, 4 * y / 255.0f, 0.5f, 1.0f}};
            vsmp_surface_store(args[0].surface, 0, 0, x, y, &tx);
        }
    vsmp_sampler_from_cl(0x0 | 0x2 << 0 | 0x20, &args[1].sampler); /* pixel, clamp, linear */
    size_t obytes = (size_t)KW * KH * 16;
    uint8_t *omem = calloc(obytes, 1);
    vsmp_surface_desc od;
    vsmp_surface_desc_init(&od);
    od.format = VSMP_FORMAT_R8_UINT;
    od.width = 16384, od.height = (uint32_t)(obytes / 16384);
    od.data = omem, od.data_size = obytes;
    if (!omem || vsmp_surface_create(&od, &args[2].surface, NULL))
        return 1;
    vsmp_ndrange nd = {.dims = 2, .global = {KW, KH, 1}, .local = {16, 1, 1}};
    vsmp_launch_options lo;
    vsmp_launch_options_init(&lo);
    lo.platform = VSMP_PLATFORM_TGLLP;
    double per_thread = launch_time(mod, f, &nd, args, &lo, now, seconds, &d) / ((KW / 16) * KH);
    if (per_thread < 0)
        return 1;
    /* wall time with one worker and with one per core (vsmp_launch_options.workers), over a
     * 2048x512 NDRange (65536 hardware threads: a launch gives each worker some milliseconds
     * of work) into an output buffer of its own */
    double wall[2];
    size_t wbytes = (size_t)2048 * 512 * 16;
    uint8_t *wmem = calloc(wbytes, 1);
    vsmp_launch_arg wargs[3] = {args[0], args[1], args[2]};
    vsmp_surface_desc wd = od;
    wd.height = (uint32_t)(wbytes / 16384), wd.data = wmem, wd.data_size = wbytes;
    if (!wmem || vsmp_surface_create(&wd, &wargs[2].surface, NULL))
        return 1;
    vsmp_ndrange wnd = {.dims = 2, .global = {2048, 512, 1}, .local = {16, 1, 1}};
    for (int k = 0; k < 2; k++) {
        vsmp_launch_options wo = lo;
        wo.workers = k ? 0 : 1;
        wall[k] = launch_time(mod, f, &wnd, wargs, &wo, wall_now, seconds, &d) / 65536;
        if (wall[k] < 0)
            return 1;
    }
    vsmp_surface_free(wargs[2].surface);
    free(wmem);
    /* the kernel's result at work-item (5, 3): c = (5 * 0.75 + 0.25, 3 * 0.5) = (4, 1.5):
     * u - 0.5 = 3.5, v - 0.5 = 1: texels x 3 and 4 halved, row 1: R = 3.5 / 255, G = 4 / 255 */
    float r5[4];
    memcpy(r5, omem + ((size_t)3 * KW + 5) * 16, 16);
    if (fabsf(r5[0] - 3.5f / 255) > 1e-6f || fabsf(r5[1] - 4.0f / 255) > 1e-6f) {
        fprintf(stderr, "bench_exec kernel: wrong result (%g, %g) at (5, 3)\n", r5[0], r5[1]);
        return 1;
    }
    /* the same messages through the sampler alone: thread (gx, y) samples lanes x = 16 gx + l
     * at (x * 0.75 + 0.25, y * 0.5) (the kernel's mad, fused, and mul) */
    vsmp_plan *p = NULL;
    if (vsmp_plan_create(args[0].surface, &args[1].sampler, VSMP_SUB_SAMPLE_LZ, &p, &d))
        return 1;
    static uint32_t u[KW / 16][KH][16], v[KW / 16][KH][16];
    for (unsigned gx = 0; gx < KW / 16; gx++)
        for (unsigned y = 0; y < KH; y++)
            for (unsigned l = 0; l < 16; l++) {
                float fu = fmaf((float)(16 * gx + l), 0.75f, 0.25f), fv = (float)y * 0.5f;
                memcpy(&u[gx][y][l], &fu, 4);
                memcpy(&v[gx][y][l], &fv, 4);
            }
    vsmp_message msg;
    memset(&msg, 0, sizeof(msg));
    msg.simd = 16;
    msg.mask = 0xffff;
    vsmp_result res;
    unsigned long msgs = 0;
    double t0 = now(), t1;
    do {
        for (int pass = 0; pass < 8; pass++) /* 8192 messages a batch */
            for (unsigned gx = 0; gx < KW / 16; gx++)
                for (unsigned y = 0; y < KH; y++, msgs++) {
                    msg.param[VSMP_P_U] = u[gx][y];
                    msg.param[VSMP_P_V] = v[gx][y];
                    vsmp_plan_run(p, &msg, &res);
                }
        t1 = now();
    } while (t1 - t0 < seconds);
    double per_msg = (t1 - t0) / (double)msgs;
    printf("IGC kernel s2d_linear_pix (tgllp SIMD16, 32 instructions: 30 EU, one bilinear "
           "sample_lz, one scatter4_scaled; through vsmp_launch, 1024 threads a launch): %.0f ns "
           "per hardware thread, the sample message alone %.0f ns: %.1f%% of the thread's time "
           "outside the sampler\n",
           per_thread * 1e9, per_msg * 1e9, 100.0 * (per_thread - per_msg) / per_thread);
    printf("IGC kernel launch over 65536 hardware threads, wall time per hardware thread: %.0f "
           "ns with one worker, %.0f ns with one per core (%ld cores): %.2fx\n",
           wall[0] * 1e9, wall[1] * 1e9, sysconf(_SC_NPROCESSORS_ONLN), wall[0] / wall[1]);
    vsmp_plan_free(p);
    vsmp_diags_free(&d);
    for (int i = 0; i < 3; i += 2)
        vsmp_surface_free(args[i].surface);
    free(omem);
    vsmp_launch_iface_free(f);
    vsmp_module_free(mod);
    return 0;
}

int main(int argc, char **argv)
{
    double seconds = 1.0;
    const char *row = NULL, *corpus = "tests/corpus/k";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--row") && i + 1 < argc)
            row = argv[++i];
        else if (!strcmp(argv[i], "--corpus") && i + 1 < argc)
            corpus = argv[++i];
        else {
            fprintf(stderr, "usage: bench_exec [--seconds S] [--row alu|sampler|kernel|write] "
                            "[--corpus DIR]\n");
            return 2;
        }
    }
    if (!row || !strcmp(row, "alu"))
        if (bench_alu(seconds))
            return 1;
    if (!row || !strcmp(row, "sampler"))
        if (bench_sampler(seconds))
            return 1;
    if (!row || !strcmp(row, "kernel"))
        if (bench_kernel(seconds, corpus))
            return 1;
    if (!row || !strcmp(row, "write"))
        if (bench_write(seconds))
            return 1;
    return 0;
}
