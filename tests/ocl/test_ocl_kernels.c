/* SPDX-License-Identifier: MIT */
/* Kernels of ours through the system's ICD loader on vsmp's platform (OCL_ICD_VENDORS names
 * libvsmp_opencl.so), each the shape of a conformance-test case that once failed on vsmp:
 *  - integer-format image reads through a sampler_t argument (read_imageui, read_imagei) with
 *    CLK_ADDRESS_CLAMP, CLAMP_TO_EDGE and NONE, outside the image too: the kernel reads the
 *    sampler's addressing and coordinate modes from its payload (test_image_streams, image_r8);
 *  - a vstore2 of char2 through a `__local char *` (test_basic vstore_local): IGC tags such
 *    __local pointers with 0x10000000, which shared local memory must not see;
 *  - by-value arguments wider than 64 bytes: a long16 (test_basic parameter_types) and a 256-byte
 *    struct;
 *  - a buffer past 256 MiB bound as __constant and as __global (test_basic constant, whose
 *    buffers are ~750 MiB): read and written at its first bytes, across the 256 MiB mark and at
 *    its last int, which lies in a partial 256 KiB row.
 * Expected values are worked out by hand in the comments (OpenCL 1.2 section 8.2: nearest
 * filtering reads texel floor(u) of the unnormalized coordinate u = s * width; CLAMP_TO_EDGE
 * clamps it into the image; CLAMP reads the border colour, (0, 0, 0, 0) for CL_RGBA and
 * (0, 0, 0, 1) for CL_R; NONE is defined inside the image only). */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)
#define CHECK_ERR(expr, want)                                                                      \
    do {                                                                                           \
        cl_int got_ = (expr);                                                                      \
        if (got_ != (want)) {                                                                      \
            fprintf(stderr, "%s:%d: %s = %d, expected %d\n", __FILE__, __LINE__, #expr, got_,      \
                    (int)(want));                                                                  \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

static cl_program build(const char *src)
{
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    err = clBuildProgram(p, 1, &dev, NULL, NULL, NULL);
    CHECK_ERR(err, CL_SUCCESS);
    if (err) {
        static char log[1 << 16];
        clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build log:\n%s\n", log);
        clReleaseProgram(p);
        return NULL;
    }
    return p;
}

/* ---- integer reads through samplers ---- */

static const char *int_src =
    "kernel void rdu(read_only image2d_t src, sampler_t smp, global const int2 *xy,\n"
    "                global uint4 *out)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    out[i] = read_imageui(src, smp, xy[i]);\n"
    "}\n"
    "kernel void rdi(read_only image2d_t src, sampler_t smp, global const float2 *xy,\n"
    "                global int4 *out)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    out[i] = read_imagei(src, smp, xy[i]);\n"
    "}\n";

enum { W = 4, H = 3, N = 8 };

/* texel (x, y) of the CL_RGBA images: uint8 (x, y, 10x + y, 200 + x); int16
 * (-x - 1, -1000 y, 10x + y, -7) */
static void texel_u(int x, int y, int32_t t[4])
{
    t[0] = x, t[1] = y, t[2] = 10 * x + y, t[3] = 200 + x;
}

static void texel_i(int x, int y, int32_t t[4])
{
    t[0] = -x - 1, t[1] = -1000 * y, t[2] = 10 * x + y, t[3] = -7;
}

static int clampi(int v, int n)
{
    return v < 0 ? 0 : v >= n ? n - 1 : v;
}

/* Run kernel @p k over N work-items with the image, a sampler of the given modes and the
 * coordinates; the N int4/uint4 results into @p out. */
static void run_read(cl_kernel k, cl_mem img, cl_bool norm, cl_addressing_mode addr, const void *xy,
                     size_t xy_bytes, int32_t out[N][4])
{
    cl_int err;
    cl_sampler smp = clCreateSampler(ctx, norm, addr, CL_FILTER_NEAREST, &err);
    CHECK_ERR(err, CL_SUCCESS);
    cl_mem bxy = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, xy_bytes, (void *)xy, &err);
    cl_mem bout = clCreateBuffer(ctx, 0, N * 16, NULL, &err);
    CHECK_ERR(clSetKernelArg(k, 0, sizeof img, &img), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 1, sizeof smp, &smp), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 2, sizeof bxy, &bxy), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 3, sizeof bout, &bout), CL_SUCCESS);
    size_t g = N;
    memset(out, 0x55, N * 16);
    CHECK_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clEnqueueReadBuffer(q, bout, CL_TRUE, 0, N * 16, out, 0, NULL, NULL), CL_SUCCESS);
    clReleaseMemObject(bout);
    clReleaseMemObject(bxy);
    clReleaseSampler(smp);
}

static void report(const char *what, int lane, const int32_t got[4], const int32_t want[4])
{
    fprintf(stderr, "%s, work-item %d: (%d, %d, %d, %d), expected (%d, %d, %d, %d)\n", what, lane,
            got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
    failures++;
}

static void test_int_reads(void)
{
    cl_program p = build(int_src);
    if (!p)
        return;
    cl_int err;
    uint8_t pu[H][W][4];
    int16_t pi[H][W][4];
    uint8_t pr[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int32_t t[4];
            texel_u(x, y, t);
            for (int c = 0; c < 4; c++)
                pu[y][x][c] = (uint8_t)t[c];
            texel_i(x, y, t);
            for (int c = 0; c < 4; c++)
                pi[y][x][c] = (int16_t)t[c];
            pr[y][x] = (uint8_t)(17 * x + y); /* CL_R: texel (x, y) = 17x + y */
        }
    cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = W, .image_height = H};
    cl_image_format fu = {CL_RGBA, CL_UNSIGNED_INT8}, fi = {CL_RGBA, CL_SIGNED_INT16},
                    fr = {CL_R, CL_UNSIGNED_INT8};
    cl_mem iu = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &fu, &d, pu, &err);
    cl_mem ii = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &fi, &d, pi, &err);
    cl_mem ir = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &fr, &d, pr, &err);
    cl_kernel ku = clCreateKernel(p, "rdu", &err), ki = clCreateKernel(p, "rdi", &err);
    int32_t out[N][4], want[4];

    /* read_imageui with int2 coordinates: inside, left, right, above, below, a far corner */
    static const int32_t ixy[N][2] = {{1, 1}, {-1, 0}, {4, 1}, {2, -3},
                                      {3, 3}, {9, -9}, {0, 2}, {3, 0}};
    static const cl_addressing_mode modes[3] = {CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP,
                                                CL_ADDRESS_NONE};
    static const char *const mname[3] = {"CLAMP_TO_EDGE", "CLAMP", "NONE"};
    for (int m = 0; m < 3; m++) {
        char what[96];
        snprintf(what, sizeof what, "read_imageui CL_RGBA uint8, int2, %s", mname[m]);
        run_read(ku, iu, CL_FALSE, modes[m], ixy, sizeof ixy, out);
        for (int l = 0; l < N; l++) {
            int x = ixy[l][0], y = ixy[l][1];
            bool inside = x >= 0 && x < W && y >= 0 && y < H;
            if (modes[m] == CL_ADDRESS_CLAMP_TO_EDGE)
                texel_u(clampi(x, W), clampi(y, H), want);
            else if (inside)
                texel_u(x, y, want);
            else if (modes[m] == CL_ADDRESS_CLAMP)
                memset(want, 0, sizeof want); /* CL_RGBA's border colour */
            else
                continue; /* NONE: undefined outside */
            if (memcmp(out[l], want, sizeof want))
                report(what, l, out[l], want);
        }
        /* CL_R: clamped texels (r, 0, 0, 1); CLAMP's border colour (0, 0, 0, 1) */
        snprintf(what, sizeof what, "read_imageui CL_R uint8, int2, %s", mname[m]);
        run_read(ku, ir, CL_FALSE, modes[m], ixy, sizeof ixy, out);
        for (int l = 0; l < N; l++) {
            int x = ixy[l][0], y = ixy[l][1];
            bool inside = x >= 0 && x < W && y >= 0 && y < H;
            int32_t r;
            if (modes[m] == CL_ADDRESS_CLAMP_TO_EDGE)
                r = 17 * clampi(x, W) + clampi(y, H);
            else if (inside)
                r = 17 * x + y;
            else if (modes[m] == CL_ADDRESS_CLAMP)
                r = 0;
            else
                continue;
            int32_t w4[4] = {r, 0, 0, 1};
            if (memcmp(out[l], w4, sizeof w4))
                report(what, l, out[l], w4);
        }
    }

    /* read_imagei with float2 coordinates, normalized (u = 4s, v = 3t) and not (on texel edges:
     * 4.0 is the right edge, outside; 0.0 the left edge, inside) */
    static const float nxy[N][2] = {{0.375f, 0.5f}, {-0.1f, 0.5f},  {1.0f, 0.2f}, {0.99f, 0.99f},
                                    {0.125f, 0.0f}, {0.5f, -0.01f}, {0.8f, 1.5f}, {0.26f, 0.34f}};
    static const float uxy[N][2] = {{1.5f, 2.5f},  {-3.0f, 1.0f}, {4.0f, 3.0f},   {3.99f, 0.0f},
                                    {-0.5f, 1.0f}, {0.0f, 0.0f},  {2.0f, 2.999f}, {3.0f, -0.001f}};
    for (int norm = 0; norm < 2; norm++)
        for (int m = 0; m < 2; m++) {
            char what[96];
            snprintf(what, sizeof what, "read_imagei, float2 %s, %s",
                     norm ? "normalized" : "unnormalized", mname[m]);
            const float(*xy)[2] = norm ? nxy : uxy;
            run_read(ki, ii, norm ? CL_TRUE : CL_FALSE, modes[m], xy, sizeof nxy, out);
            for (int l = 0; l < N; l++) {
                /* every product here is exact in binary32 or far from an integer */
                int x = (int)floorf(norm ? xy[l][0] * W : xy[l][0]);
                int y = (int)floorf(norm ? xy[l][1] * H : xy[l][1]);
                if (modes[m] == CL_ADDRESS_CLAMP_TO_EDGE)
                    texel_i(clampi(x, W), clampi(y, H), want);
                else if (x >= 0 && x < W && y >= 0 && y < H)
                    texel_i(x, y, want);
                else
                    memset(want, 0, sizeof want);
                if (memcmp(out[l], want, sizeof want))
                    report(what, l, out[l], want);
            }
        }
    clReleaseKernel(ki);
    clReleaseKernel(ku);
    clReleaseMemObject(ir);
    clReleaseMemObject(ii);
    clReleaseMemObject(iu);
    clReleaseProgram(p);
}

/* ---- vstore into __local memory ---- */

/* test_basic's vstore_local kernel for char2: zero the work-item's two char2 of shared local
 * memory, vstore2 its value at byte 2 offsets[tid] + align through a __local char pointer, copy
 * the two bytes at that place to the same place of the output. */
static const char *vstore_src =
    "kernel void vst(local char2 *shared, global char2 *src, global uint *offsets,\n"
    "                global char2 *dst, uint align)\n"
    "{\n"
    "    int tid = get_global_id(0);\n"
    "    shared[offsets[tid]] = (char2)(char)0;\n"
    "    shared[offsets[tid] + 1] = shared[offsets[tid]];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    vstore2(src[tid], offsets[tid], ((local char *)shared) + align);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    local char *sp = (local char *)(shared + offsets[tid]) + align;\n"
    "    global char *dp = (global char *)(dst + offsets[tid]) + align;\n"
    "    for (int i = 0; i < 2; i++)\n"
    "        dp[i] = sp[i];\n"
    "}\n";

static void test_vstore_local(void)
{
    enum { STORES = 512, ELEMS = 4096 }; /* 8 KiB of char2, as the conformance test has */
    cl_program p = build(vstore_src);
    if (!p)
        return;
    cl_int err;
    static int8_t src[STORES][2], out[2 * ELEMS], want[2 * ELEMS];
    static cl_uint offs[STORES];
    for (int i = 0; i < STORES; i++) {
        /* distinct offsets in 0..4092 (37 is prime to the prime 4093): one element below the end */
        offs[i] = (cl_uint)(37 * i % 4093);
        src[i][0] = (int8_t)(3 * i + 1), src[i][1] = (int8_t)(-i - 5);
    }
    cl_mem bsrc = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof src, src, &err);
    cl_mem boff = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof offs, offs, &err);
    cl_mem bout = clCreateBuffer(ctx, 0, sizeof out, NULL, &err);
    cl_kernel k = clCreateKernel(p, "vst", &err);
    CHECK_ERR(clSetKernelArg(k, 0, 2 * ELEMS, NULL), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 1, sizeof bsrc, &bsrc), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 2, sizeof boff, &boff), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 3, sizeof bout, &bout), CL_SUCCESS);
    for (cl_uint align = 0; align < 2; align++) {
        memset(out, 0, sizeof out);
        CHECK_ERR(clEnqueueWriteBuffer(q, bout, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL),
                  CL_SUCCESS);
        CHECK_ERR(clSetKernelArg(k, 4, sizeof align, &align), CL_SUCCESS);
        size_t g = STORES, l = 256;
        CHECK_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
        CHECK_ERR(clEnqueueReadBuffer(q, bout, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL),
                  CL_SUCCESS);
        /* byte 2 offs[i] + align and the next hold src[i]; every other byte stays 0 */
        memset(want, 0, sizeof want);
        for (int i = 0; i < STORES; i++)
            memcpy(want + 2 * offs[i] + align, src[i], 2);
        int bad = 0;
        for (int b = 0; b < 2 * ELEMS; b++)
            if (out[b] != want[b] && bad++ < 4)
                fprintf(stderr, "vstore_local, align %u: byte %d = %d, expected %d\n", align, b,
                        out[b], want[b]);
        CHECK(bad == 0);
    }
    clReleaseKernel(k);
    clReleaseMemObject(bout);
    clReleaseMemObject(boff);
    clReleaseMemObject(bsrc);
    clReleaseProgram(p);
}

/* ---- wide by-value arguments ---- */

static const char *wide_src = "typedef struct { long v[32]; } wide_t;\n"
                              "kernel void wide_l16(char c, long16 a, global long *out)\n"
                              "{\n"
                              "    size_t i = get_global_id(0);\n"
                              "    vstore16(a * (long)(i + 1) + (long)c, i, out);\n"
                              "}\n"
                              "kernel void wide_struct(wide_t s, uint n, global long *out)\n"
                              "{\n"
                              "    size_t i = get_global_id(0);\n"
                              "    out[i] = s.v[i & 31] + (long)n;\n"
                              "}\n";

static void test_wide_args(void)
{
    cl_program p = build(wide_src);
    if (!p)
        return;
    cl_int err;
    enum { ITEMS = 40 };
    static cl_long out[16 * ITEMS];
    cl_mem bout = clCreateBuffer(ctx, 0, sizeof out, NULL, &err);
    size_t g = ITEMS;
    /* work-item i writes a * (i + 1) + c: a_k = (k - 7) 123456789012 + k, c = -3 (no overflow) */
    cl_kernel k = clCreateKernel(p, "wide_l16", &err);
    cl_long a[16];
    for (int j = 0; j < 16; j++)
        a[j] = (j - 7) * 123456789012LL + j;
    cl_char c = -3;
    CHECK_ERR(clSetKernelArg(k, 0, sizeof c, &c), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 1, 64, a), CL_INVALID_ARG_SIZE); /* a long8's bytes */
    CHECK_ERR(clSetKernelArg(k, 1, sizeof a, a), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 2, sizeof bout, &bout), CL_SUCCESS);
    CHECK_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clEnqueueReadBuffer(q, bout, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
    int bad = 0;
    for (int i = 0; i < ITEMS; i++)
        for (int j = 0; j < 16; j++)
            bad += out[16 * i + j] != a[j] * (i + 1) + c;
    CHECK(bad == 0);
    clReleaseKernel(k);
    /* work-item i writes s.v[i mod 32] + n: s.v[j] = 1000000007 j - 2^40, n = 5 */
    k = clCreateKernel(p, "wide_struct", &err);
    cl_long s[32];
    for (int j = 0; j < 32; j++)
        s[j] = 1000000007LL * j - (1LL << 40);
    cl_uint nv = 5;
    CHECK_ERR(clSetKernelArg(k, 0, sizeof s, s), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 1, sizeof nv, &nv), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 2, sizeof bout, &bout), CL_SUCCESS);
    CHECK_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clEnqueueReadBuffer(q, bout, CL_TRUE, 0, ITEMS * sizeof(cl_long), out, 0, NULL, NULL),
              CL_SUCCESS);
    bad = 0;
    for (int i = 0; i < ITEMS; i++)
        bad += out[i] != s[i % 32] + 5;
    CHECK(bad == 0);
    clReleaseKernel(k);
    clReleaseMemObject(bout);
    clReleaseProgram(p);
}

/* ---- buffers past 256 MiB ---- */

static const char *big_src =
    "kernel void big_read(constant int *c, global const uint *idx, global int *out)\n"
    "{ size_t i = get_global_id(0); out[i] = c[idx[i]]; }\n"
    "kernel void big_write(global int *g, global const uint *idx)\n"
    "{ size_t i = get_global_id(0); g[idx[i]] = 1000 + (int)i; }\n";

static void test_big_buffer(void)
{
    enum { NBIG = 6 };
    const size_t ints = ((size_t)300 << 20) / 4 + 1; /* 300 MiB and 4 bytes */
    const cl_uint idx[NBIG] = {
        0, 1, (1u << 26) - 1, 1u << 26, (cl_uint)ints - 2, (cl_uint)ints - 1};
    cl_ulong max_alloc = 0;
    clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof max_alloc, &max_alloc, NULL);
    CHECK(max_alloc >= ints * 4); /* half this machine's memory, at most 4 GiB - 8 KiB */
    cl_program p = build(big_src);
    if (!p)
        return;
    cl_int err;
    cl_mem big = clCreateBuffer(ctx, CL_MEM_READ_WRITE, ints * 4, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    cl_mem bidx = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof idx, (void *)idx, &err);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, NBIG * sizeof(cl_int), NULL, &err);
    for (int i = 0; i < NBIG; i++) { /* c[idx[i]] = 7 * i + 3 */
        cl_int v = 7 * i + 3;
        CHECK_ERR(clEnqueueWriteBuffer(q, big, CL_TRUE, idx[i] * 4, 4, &v, 0, NULL, NULL),
                  CL_SUCCESS);
    }
    size_t gsz = NBIG;
    cl_kernel kr = clCreateKernel(p, "big_read", &err);
    CHECK_ERR(clSetKernelArg(kr, 0, sizeof big, &big), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(kr, 1, sizeof bidx, &bidx), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(kr, 2, sizeof out, &out), CL_SUCCESS);
    CHECK_ERR(clEnqueueNDRangeKernel(q, kr, 1, NULL, &gsz, NULL, 0, NULL, NULL), CL_SUCCESS);
    cl_int got[NBIG] = {0};
    CHECK_ERR(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL), CL_SUCCESS);
    for (int i = 0; i < NBIG; i++)
        if (got[i] != 7 * i + 3) {
            fprintf(stderr, "big_read: c[%u] = %d, expected %d\n", idx[i], got[i], 7 * i + 3);
            failures++;
        }
    cl_kernel kw = clCreateKernel(p, "big_write", &err);
    CHECK_ERR(clSetKernelArg(kw, 0, sizeof big, &big), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(kw, 1, sizeof bidx, &bidx), CL_SUCCESS);
    CHECK_ERR(clEnqueueNDRangeKernel(q, kw, 1, NULL, &gsz, NULL, 0, NULL, NULL), CL_SUCCESS);
    for (int i = 0; i < NBIG; i++) {
        cl_int v = 0;
        CHECK_ERR(clEnqueueReadBuffer(q, big, CL_TRUE, idx[i] * 4, 4, &v, 0, NULL, NULL),
                  CL_SUCCESS);
        if (v != 1000 + i) {
            fprintf(stderr, "big_write: g[%u] = %d, expected %d\n", idx[i], v, 1000 + i);
            failures++;
        }
    }
    /* more work-items than a launch runs (VSMP_LAUNCH_MAX_ITEMS, 2^32: docs/LAUNCH.md):
     * refused when enqueued, not failed later with a generic status */
    size_t many[2] = {(size_t)1 << 16, ((size_t)1 << 16) + 1};
    CHECK_ERR(clEnqueueNDRangeKernel(q, kw, 2, NULL, many, NULL, 0, NULL, NULL),
              CL_OUT_OF_RESOURCES);
    clReleaseKernel(kr);
    clReleaseKernel(kw);
    clReleaseMemObject(big);
    clReleaseMemObject(bidx);
    clReleaseMemObject(out);
    clReleaseProgram(p);
}

int main(void)
{
    cl_platform_id ps[16], p = NULL;
    cl_uint n = 0;
    CHECK_ERR(clGetPlatformIDs(16, ps, &n), CL_SUCCESS);
    for (cl_uint i = 0; i < n && i < 16; i++) {
        char name[64] = "";
        clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (!strcmp(name, "vsmp"))
            p = ps[i];
    }
    if (!p) {
        fprintf(stderr, "no OpenCL platform named vsmp (OCL_ICD_VENDORS=%s)\n",
                getenv("OCL_ICD_VENDORS") ? getenv("OCL_ICD_VENDORS") : "unset");
        return 1;
    }
    cl_int err;
    CHECK_ERR(clGetDeviceIDs(p, CL_DEVICE_TYPE_DEFAULT, 1, &dev, NULL), CL_SUCCESS);
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    q = clCreateCommandQueue(ctx, dev, 0, &err);
    CHECK_ERR(err, CL_SUCCESS);
    test_int_reads();
    test_vstore_local();
    test_wide_args();
    test_big_buffer();
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("ocl_kernels: all checks passed\n");
    return 0;
}
