/* SPDX-License-Identifier: MIT */
/*
 * vsmp_launch on the 64-byte-GRF platforms (LNL, BMG, PTL) with interfaces built through
 * vsmp/launch_iface.h, the facts typed from IGC 2.40's zeinfo for the kernels of tests/corpus2
 * (the `.visaasm` IGC 2.40 wrote for each platform and width, extracted by CTest):
 *  - buf_saxpy(__global const float *x, __global float *y, float a): local ID x, cross-thread
 *    data with 32 bytes inline, so arguments 1 (byte 32) and 2 (byte 40) lie a GRF after it;
 *  - lb_transpose(__global const float *in, __global float *out, int w): local IDs x and y,
 *    barriers and shared local memory, the group IDs from r0.1 and r0.6;
 *  - call_divergent(__global const int *in, __global int *out): local IDs x, y, z, a subroutine
 *    called under divergent control flow;
 * the results worked out here from the OpenCL C source (tests/corpus/cl); then the payload
 * refusals on these platforms.
 * usage: test_launch_grf64 DIR
 */
#include <stdint.h>

#include "testlib.h"
#include "vsmp/vsmp.h"

static const char *dir;

static vsmp_module *read_kernel(const char *name)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    FILE *fp = fopen(path, "rb");
    CHECK(fp != NULL, "%s: read", path);
    if (!fp)
        return NULL;
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof(text) - 1, fp);
    fclose(fp);
    vsmp_module *m = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_text_options to;
    vsmp_text_options_init(&to);
    vsmp_status st = vsmp_text_parse_opt(text, n, &to, &m, &d);
    CHECK(st == VSMP_OK, "%s: parse: %s", name, d.count ? d.items[0].message : "");
    vsmp_diags_free(&d);
    return m;
}

static vsmp_launch_arg_info arg(vsmp_arg_kind k, int32_t off, uint32_t size, const char *type,
                                const char *name)
{
    vsmp_launch_arg_info a;
    memset(&a, 0, sizeof(a));
    a.kind = k;
    a.bti = a.sampler = -1;
    a.offset = off;
    a.size = size;
    snprintf(a.type, sizeof(a.type), "%s", type);
    snprintf(a.name, sizeof(a.name), "%s", name);
    return a;
}

/* The interface of these kernels (the same arguments and payload values in IGC 2.40's zeinfo of
 * every Xe2/Xe3 platform and width): global_id_offset at 0, enqueued_local_size at 12 (12 bytes
 * each), arg_bypointer 0 and 1 at 24 and 32 (8 bytes, stateless), arg_byvalue 2 at 40 (4; not in
 * call_divergent); inline_data_payload_size 32; per_thread_payload_arguments local_id of @p nids
 * blocks (buf_saxpy 1, lb_transpose 2, call_divergent 3); lb_transpose: barrier_count 1,
 * slm_size 1088. */
static vsmp_launch_iface *build(const char *kernel, unsigned simd, unsigned nids, bool scalar,
                                uint32_t inl, uint32_t cross_offset)
{
    bool tr = !strcmp(kernel, "lb_transpose");
    vsmp_launch_iface *f = NULL;
    CHECK(vsmp_launch_iface_create(kernel, simd, &f, NULL) == VSMP_OK, "create %s", kernel);
    if (!f)
        return NULL;
    vsmp_launch_layout l;
    vsmp_launch_layout_init(&l);
    for (unsigned k = 0; k < 3; k++)
        l.local_id[k] = k < nids;
    l.cross_thread_size = 64;
    l.cross_thread_offset = cross_offset;
    l.inline_data_size = inl;
    l.barriers = tr;
    l.slm_size = tr ? 1088 : 0;
    CHECK(vsmp_launch_iface_set_layout(f, &l, NULL) == VSMP_OK, "%s: layout", kernel);
    vsmp_launch_arg_info a = arg(VSMP_ARG_BUFFER, 24, 8, "float*", "in");
    CHECK(vsmp_launch_iface_add_arg(f, 0, &a, NULL) == VSMP_OK, "arg 0");
    a = arg(VSMP_ARG_BUFFER, 32, 8, "float*", "out");
    CHECK(vsmp_launch_iface_add_arg(f, 1, &a, NULL) == VSMP_OK, "arg 1");
    if (scalar) {
        a = arg(VSMP_ARG_SCALAR, 40, 4, tr ? "int" : "float", tr ? "w" : "a");
        CHECK(vsmp_launch_iface_add_arg(f, 2, &a, NULL) == VSMP_OK, "arg 2");
    }
    for (uint32_t k = 0; k < 3; k++) {
        vsmp_launch_payload_value v = {VSMP_VALUE_GLOBAL_OFFSET, -1, k, 4 * k, 4};
        CHECK(vsmp_launch_iface_add_value(f, &v, NULL) == VSMP_OK, "global offset %u", k);
        v = (vsmp_launch_payload_value){VSMP_VALUE_ENQUEUED_LOCAL_SIZE, -1, k, 12 + 4 * k, 4};
        CHECK(vsmp_launch_iface_add_value(f, &v, NULL) == VSMP_OK, "local size %u", k);
    }
    return f;
}

static vsmp_surface *bytes_surface(void *mem, uint32_t n)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R8_UINT;
    d.width = n;
    d.height = 1;
    d.data = mem;
    d.data_size = n;
    vsmp_surface *s = NULL;
    vsmp_surface_create(&d, &s, NULL);
    return s;
}

static vsmp_status launch(vsmp_module *mod, vsmp_launch_iface *f, vsmp_platform plat,
                          const vsmp_ndrange *nd, void *in, void *out, uint32_t bytes,
                          uint32_t scalar, vsmp_diags *d)
{
    unsigned nargs = vsmp_launch_iface_num_args(f);
    vsmp_launch_arg args[3];
    memset(args, 0, sizeof(args));
    args[0].surface = bytes_surface(in, bytes);
    args[1].surface = bytes_surface(out, bytes);
    memcpy(args[2].bytes, &scalar, 4);
    args[2].size = 4;
    vsmp_launch_options o;
    vsmp_launch_options_init(&o);
    o.platform = plat;
    vsmp_status st = vsmp_launch(mod, 0, f, nd, args, nargs, &o, d);
    vsmp_surface_free(args[0].surface);
    vsmp_surface_free(args[1].surface);
    return st;
}

/* y[i] = a * x[i] + y[i] for i = offset + 0 .. 95: x[i] = i, y[i] = 1000 - 2 i, a = 0.5 give
 * 1000 - 1.5 i (exact in float); y[0..3] (before the global offset 4) and y[100..] keep. */
static void test_saxpy(const char *file, vsmp_platform plat, unsigned simd)
{
    vsmp_module *mod = read_kernel(file);
    vsmp_launch_iface *f = build("buf_saxpy", simd, 1, true, 32, 0);
    if (!mod || !f)
        goto out;
    float x[104], y[104];
    for (int i = 0; i < 104; i++)
        x[i] = (float)i, y[i] = 1000.0f - 2.0f * (float)i;
    float a = 0.5f;
    uint32_t ab;
    memcpy(&ab, &a, 4);
    vsmp_ndrange nd = {1, {96, 1, 1}, {0, 0, 0}, {4, 0, 0}};
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = launch(mod, f, plat, &nd, x, y, sizeof(x), ab, &d);
    CHECK(st == VSMP_OK, "%s: launch: %s %s", file, vsmp_status_str(st),
          d.count ? d.items[0].message : "");
    vsmp_diags_free(&d);
    int bad = -1;
    for (int i = 0; i < 104 && bad < 0; i++) {
        float want = i >= 4 && i < 100 ? 1000.0f - 1.5f * (float)i : 1000.0f - 2.0f * (float)i;
        if (y[i] != want)
            bad = i;
    }
    CHECK(bad < 0, "%s: y[%d] = %g", file, bad, bad < 0 ? 0.0 : (double)y[bad]);
out:
    vsmp_launch_iface_free(f);
    vsmp_module_free(mod);
}

/* out[x][y] = in[y][x] for a 32 x 32 matrix in 16 x 16 groups (four of them): in[i] = i. */
static void test_transpose(const char *file, vsmp_platform plat, unsigned simd)
{
    vsmp_module *mod = read_kernel(file);
    vsmp_launch_iface *f = build("lb_transpose", simd, 2, true, 32, 0);
    if (!mod || !f)
        goto out;
    static float in[32 * 32], out[32 * 32];
    for (int i = 0; i < 32 * 32; i++)
        in[i] = (float)i, out[i] = -1.0f;
    vsmp_ndrange nd = {2, {32, 32, 1}, {16, 16, 1}, {0, 0, 0}};
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = launch(mod, f, plat, &nd, in, out, sizeof(in), 32, &d);
    CHECK(st == VSMP_OK, "%s: launch: %s %s", file, vsmp_status_str(st),
          d.count ? d.items[0].message : "");
    vsmp_diags_free(&d);
    int bad = -1;
    for (int r = 0; r < 32 && bad < 0; r++)
        for (int c = 0; c < 32 && bad < 0; c++)
            if (out[r * 32 + c] != (float)(c * 32 + r))
                bad = r * 32 + c;
    CHECK(bad < 0, "%s: out[%d] = %g", file, bad, bad < 0 ? 0.0 : (double)out[bad]);
out:
    vsmp_launch_iface_free(f);
    vsmp_module_free(mod);
}

/* cl_collatz(x): the steps of the Collatz sequence from x to 1, at most 200. */
static int32_t collatz(int32_t x)
{
    int32_t n = 0;
    while (x > 1 && n < 200) {
        x = (x & 1) ? 3 * x + 1 : x >> 1;
        n++;
    }
    return n;
}

/* call_divergent: out[i] = in[i] > 10 ? cl_collatz(in[i]) : -in[i], the helper a subroutine
 * IGC calls under divergent control flow (`call (M1, W) cl_collatz_4`); local IDs x, y, z at
 * 64, 128, 192 and the cross-thread data from 256 (pointer 1 at 320). i is get_global_id(0):
 * on a 3D NDRange of 8 x 4 x 2 (groups the launcher chooses) every (y, z) writes out[0..7] the
 * same values, so a y or z ID read in x's place shows; out[8..] keep 12345. in[i] = (i * 37) %
 * 60 - 5: -5, 32, 9, 46, 23, 0, 37, 14 (over 10 but 9, 0 and -5). */
static void test_divergent(const char *file, vsmp_platform plat, unsigned simd)
{
    vsmp_module *mod = read_kernel(file);
    vsmp_launch_iface *f = build("call_divergent", simd, 3, false, 32, 0);
    if (!mod || !f)
        goto out;
    int32_t in[64], out[64];
    for (int i = 0; i < 64; i++)
        in[i] = (i * 37) % 60 - 5, out[i] = 12345;
    vsmp_ndrange nd = {3, {8, 4, 2}, {0, 0, 0}, {0, 0, 0}};
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = launch(mod, f, plat, &nd, in, out, sizeof(in), 0, &d);
    CHECK(st == VSMP_OK, "%s: launch: %s %s", file, vsmp_status_str(st),
          d.count ? d.items[0].message : "");
    vsmp_diags_free(&d);
    int bad = -1;
    for (int i = 0; i < 64 && bad < 0; i++)
        if (out[i] != (i >= 8 ? 12345 : in[i] > 10 ? collatz(in[i]) : -in[i]))
            bad = i;
    CHECK(bad < 0, "%s: out[%d] = %d (in %d)", file, bad, bad < 0 ? 0 : out[bad],
          bad < 0 ? 0 : in[bad]);
out:
    vsmp_launch_iface_free(f);
    vsmp_module_free(mod);
}

/* An explicit cross-thread offset inside the local IDs of LNL (byte 96: r0 and one 64-byte ID
 * block end at 128; on TGLLP they end at 64, and set_layout, which knows no platform, takes it)
 * is refused by the launch, naming the platform; 128 launches. Inline data of 48 bytes is
 * refused by the builder. */
static void test_refusals(void)
{
    vsmp_module *mod = read_kernel("buf_saxpy.lnl.simd16.visaasm");
    vsmp_launch_iface *f = build("buf_saxpy", 16, 1, true, 32, 96);
    vsmp_launch_iface *g = build("buf_saxpy", 16, 1, true, 32, 128);
    if (mod && f && g) {
        float x[16] = {0}, y[16] = {0};
        vsmp_ndrange nd = {1, {16, 1, 1}, {0, 0, 0}, {0, 0, 0}};
        vsmp_diags d;
        vsmp_diags_init(&d);
        vsmp_status st = launch(mod, f, VSMP_PLATFORM_LNL, &nd, x, y, sizeof(x), 0, &d);
        CHECK(st == VSMP_ERR_ARG && d.count == 1 &&
                  strstr(d.items[0].message, "payload byte 96: on LNL (64-byte GRFs) it starts "
                                             "at a GRF at or after the local IDs' end, byte 128"),
              "cross-thread data inside the IDs refused: %s", d.count ? d.items[0].message : "");
        vsmp_diags_free(&d);
        vsmp_diags_init(&d);
        st = launch(mod, g, VSMP_PLATFORM_LNL, &nd, x, y, sizeof(x), 0, &d);
        CHECK(st == VSMP_OK, "cross-thread data at 128 on LNL: %s",
              d.count ? d.items[0].message : "");
        vsmp_diags_free(&d);
    }
    vsmp_launch_iface_free(f);
    vsmp_launch_iface_free(g);
    vsmp_launch_iface *h = NULL;
    vsmp_launch_layout l;
    vsmp_launch_layout_init(&l);
    l.inline_data_size = 48;
    vsmp_diags d;
    vsmp_diags_init(&d);
    CHECK(vsmp_launch_iface_create("k", 16, &h, NULL) == VSMP_OK &&
              vsmp_launch_iface_set_layout(h, &l, &d) == VSMP_ERR_ARG && d.count == 1 &&
              strstr(d.items[0].message, "inline data of 48 bytes (0, 32 or 64)"),
          "inline data of 48 bytes refused");
    vsmp_diags_free(&d);
    vsmp_launch_iface_free(h);
    vsmp_module_free(mod);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_launch_grf64 DIR\n");
        return 2;
    }
    dir = argv[1];
    CHECK(vsmp_platform_grf_bytes(VSMP_PLATFORM_LNL) == 64 &&
              vsmp_platform_grf_bytes(VSMP_PLATFORM_PTL) == 64 &&
              vsmp_platform_grf_bytes(VSMP_PLATFORM_TGLLP) == 32 &&
              vsmp_platform_grf_bytes(VSMP_PLATFORM_COUNT) == 0,
          "GRF sizes");
    test_saxpy("buf_saxpy.lnl.simd16.visaasm", VSMP_PLATFORM_LNL, 16);
    test_saxpy("buf_saxpy.lnl.simd32.visaasm", VSMP_PLATFORM_LNL, 32);
    test_saxpy("buf_saxpy.bmg.simd16.visaasm", VSMP_PLATFORM_BMG, 16);
    test_saxpy("buf_saxpy.ptl.simd32.visaasm", VSMP_PLATFORM_PTL, 32);
    test_transpose("lb_transpose.lnl.simd16.visaasm", VSMP_PLATFORM_LNL, 16);
    test_transpose("lb_transpose.lnl.simd32.visaasm", VSMP_PLATFORM_LNL, 32);
    test_transpose("lb_transpose.bmg.simd32.visaasm", VSMP_PLATFORM_BMG, 32);
    test_transpose("lb_transpose.ptl.simd16.visaasm", VSMP_PLATFORM_PTL, 16);
    test_divergent("call_divergent.lnl.simd16.visaasm", VSMP_PLATFORM_LNL, 16);
    test_divergent("call_divergent.bmg.simd32.visaasm", VSMP_PLATFORM_BMG, 32);
    test_divergent("call_divergent.ptl.simd16.visaasm", VSMP_PLATFORM_PTL, 16);
    test_refusals();
    return t_finish();
}
