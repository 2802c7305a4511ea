/* SPDX-License-Identifier: MIT */
/* An OpenCL host program of our own, run through the system's ICD loader on vsmp's platform
 * (OCL_ICD_VENDORS names libvsmp_opencl.so): platform and devices, contexts, queues, buffers and
 * sub-buffers, every buffer command, events with their status, profiling and callbacks, user
 * events, the memory budget, errors for bad handles and unimplemented entry points. Expected
 * values are computed by hand in the comments. */
#define _POSIX_C_SOURCE          200809L /* dup, dup2, fileno */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static _Atomic int failures; /* checks fail on several threads */

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

static cl_platform_id find_vsmp(void)
{
    cl_platform_id ps[16];
    cl_uint n = 0;
    CHECK_ERR(clGetPlatformIDs(16, ps, &n), CL_SUCCESS);
    for (cl_uint i = 0; i < n && i < 16; i++) {
        char name[64] = "";
        clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (!strcmp(name, "vsmp"))
            return ps[i];
    }
    return NULL;
}

static void test_devices(cl_platform_id p, cl_device_id *devs)
{
    cl_uint n = 0;
    CHECK_ERR(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 3, devs, &n), CL_SUCCESS);
    CHECK(n == 3);
    static const char *names[] = {"vsmp tgllp", "vsmp skl", "vsmp acm-g10"};
    /* Intel's runtime for these targets: max work-group 512, 256, 1024; EUs 96, 24, 512 */
    static const size_t wg[] = {512, 256, 1024};
    static const cl_uint cus[] = {96, 24, 512};
    for (int i = 0; i < 3; i++) {
        char name[64] = "";
        size_t size = 0, ret = 0;
        cl_uint cu = 0;
        CHECK_ERR(clGetDeviceInfo(devs[i], CL_DEVICE_NAME, sizeof name, name, &ret), CL_SUCCESS);
        CHECK(!strcmp(name, names[i]) && ret == strlen(names[i]) + 1);
        CHECK_ERR(clGetDeviceInfo(devs[i], CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof size, &size, NULL),
                  CL_SUCCESS);
        CHECK(size == wg[i]);
        CHECK_ERR(clGetDeviceInfo(devs[i], CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, NULL),
                  CL_SUCCESS);
        CHECK(cu == cus[i]);
        /* a buffer too small for the answer */
        CHECK_ERR(clGetDeviceInfo(devs[i], CL_DEVICE_NAME, 4, name, NULL), CL_INVALID_VALUE);
    }
    cl_device_id def;
    CHECK_ERR(clGetDeviceIDs(p, CL_DEVICE_TYPE_DEFAULT, 1, &def, &n), CL_SUCCESS);
    CHECK(n == 1 && def == devs[0]);
    CHECK_ERR(clGetDeviceIDs(p, CL_DEVICE_TYPE_CPU, 1, &def, &n), CL_DEVICE_NOT_FOUND);
    CHECK_ERR(clGetDeviceInfo(devs[0], 0x7fff, 0, NULL, NULL), CL_INVALID_VALUE);
}

static int callback_status = 1, callback_calls;
static void CL_CALLBACK on_event(cl_event ev, cl_int status, void *data)
{
    (void)ev;
    callback_status = status;
    callback_calls += *(int *)data;
}

static void test_buffers(cl_context ctx, cl_command_queue q)
{
    cl_int err;
    /* COPY_HOST_PTR: the bytes are copied at creation, later changes to the source do not show */
    uint32_t init[64];
    for (int i = 0; i < 64; i++)
        init[i] = (uint32_t)i * 3u;
    cl_mem a =
        clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof init, init, &err);
    CHECK_ERR(err, CL_SUCCESS);
    init[0] = 999;
    uint32_t out[64];
    CHECK_ERR(clEnqueueReadBuffer(q, a, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
    CHECK(out[0] == 0 && out[1] == 3 && out[63] == 189);

    /* USE_HOST_PTR: the buffer is the application's memory */
    uint32_t host[64] = {0};
    cl_mem b = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, sizeof host, host, &err);
    CHECK_ERR(err, CL_SUCCESS);
    void *hp = NULL;
    CHECK_ERR(clGetMemObjectInfo(b, CL_MEM_HOST_PTR, sizeof hp, &hp, NULL), CL_SUCCESS);
    CHECK(hp == host);
    /* copy a[8..24) to b[0..16): b[i] = 3 * (i + 8) */
    CHECK_ERR(clEnqueueCopyBuffer(q, a, b, 8 * 4, 0, 16 * 4, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clFinish(q), CL_SUCCESS);
    CHECK(host[0] == 24 && host[15] == 69 && host[16] == 0);

    /* fill b[16..32) with the 8-byte pattern {7, 9} */
    uint32_t pat[2] = {7, 9};
    CHECK_ERR(clEnqueueFillBuffer(q, b, pat, 8, 16 * 4, 16 * 4, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clFinish(q), CL_SUCCESS);
    CHECK(host[16] == 7 && host[17] == 9 && host[31] == 9 && host[32] == 0);
    CHECK_ERR(clEnqueueFillBuffer(q, b, pat, 3, 0, 12, 0, NULL, NULL), CL_INVALID_VALUE);

    /* a sub-buffer of a at byte 128 (32 words): its word 0 is a[32] = 96 */
    cl_buffer_region r = {128, 64};
    cl_mem sub = clCreateSubBuffer(a, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
    CHECK_ERR(err, CL_SUCCESS);
    uint32_t w = 0;
    CHECK_ERR(clEnqueueReadBuffer(q, sub, CL_TRUE, 0, 4, &w, 0, NULL, NULL), CL_SUCCESS);
    CHECK(w == 96);
    w = 12345;
    CHECK_ERR(clEnqueueWriteBuffer(q, sub, CL_TRUE, 4, 4, &w, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clEnqueueReadBuffer(q, a, CL_TRUE, 33 * 4, 4, &w, 0, NULL, NULL), CL_SUCCESS);
    CHECK(w == 12345);
    cl_buffer_region bad = {4, 16}; /* not 128-byte aligned */
    clCreateSubBuffer(a, 0, CL_BUFFER_CREATE_TYPE_REGION, &bad, &err);
    CHECK_ERR(err, CL_MISALIGNED_SUB_BUFFER_OFFSET);
    cl_buffer_region past = {128, 256};
    clCreateSubBuffer(a, 0, CL_BUFFER_CREATE_TYPE_REGION, &past, &err);
    CHECK_ERR(err, CL_INVALID_VALUE);
    cl_mem parent = NULL;
    CHECK_ERR(clGetMemObjectInfo(sub, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, NULL),
              CL_SUCCESS);
    CHECK(parent == a);

    /* map a's words 4..8, write through the mapping, unmap, read back */
    uint32_t *m =
        clEnqueueMapBuffer(q, a, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 16, 16, 0, NULL, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    if (m) {
        CHECK(m[0] == 12); /* a[4] = 3 * 4 */
        m[1] = 555;
        cl_uint maps = 0;
        clGetMemObjectInfo(a, CL_MEM_MAP_COUNT, sizeof maps, &maps, NULL);
        CHECK(maps == 1);
        CHECK_ERR(clEnqueueUnmapMemObject(q, a, m, 0, NULL, NULL), CL_SUCCESS);
    }
    CHECK_ERR(clEnqueueReadBuffer(q, a, CL_TRUE, 20, 4, &w, 0, NULL, NULL), CL_SUCCESS);
    CHECK(w == 555);
    CHECK_ERR(clEnqueueUnmapMemObject(q, a, init, 0, NULL, NULL), CL_INVALID_VALUE);

    /* a 2x2-word rectangle of a viewed as rows of 8 words (32 bytes), from byte 8 of row 1: rows
     * 1 and 2 start at words 8 and 16, so it holds a[10], a[11], a[18], a[19] = 3 * {10, 11, 18,
     * 19}, read into a packed 2x2 host box */
    size_t bo[3] = {8, 1, 0}, ho[3] = {0, 0, 0}, reg[3] = {8, 2, 1};
    uint32_t box[4] = {0};
    CHECK_ERR(clEnqueueReadBufferRect(q, a, CL_TRUE, bo, ho, reg, 32, 0, 8, 0, box, 0, NULL, NULL),
              CL_SUCCESS);
    CHECK(box[0] == 30 && box[1] == 33 && box[2] == 54 && box[3] == 57);
    /* rectangles within a (rows of 32 bytes): 8 x 2 bytes at (0, 0) and at (4, 1) overlap in x
     * and in rows, refused; at (8, 1) they are apart in x, so words 0, 1, 8, 9 land on words 10,
     * 11, 18, 19 */
    size_t r0[3] = {0, 0, 0}, r41[3] = {4, 1, 0}, r81[3] = {8, 1, 0};
    CHECK_ERR(clEnqueueCopyBufferRect(q, a, a, r0, r41, reg, 32, 0, 32, 0, 0, NULL, NULL),
              CL_MEM_COPY_OVERLAP);
    CHECK_ERR(clEnqueueCopyBufferRect(q, a, a, r41, r0, reg, 32, 0, 32, 0, 0, NULL, NULL),
              CL_MEM_COPY_OVERLAP);
    uint32_t before[64], after[64];
    CHECK_ERR(clEnqueueReadBuffer(q, a, CL_TRUE, 0, sizeof before, before, 0, NULL, NULL),
              CL_SUCCESS);
    CHECK_ERR(clEnqueueCopyBufferRect(q, a, a, r0, r81, reg, 32, 0, 32, 0, 0, NULL, NULL),
              CL_SUCCESS);
    CHECK_ERR(clEnqueueReadBuffer(q, a, CL_TRUE, 0, sizeof after, after, 0, NULL, NULL),
              CL_SUCCESS);
    CHECK(after[10] == before[0] && after[11] == before[1] && after[18] == before[8] &&
          after[19] == before[9] && after[12] == before[12] && after[17] == before[17]);

    /* range errors, host-access flags, bad handles */
    CHECK_ERR(clEnqueueReadBuffer(q, a, CL_TRUE, 250, 8, out, 0, NULL, NULL), CL_INVALID_VALUE);
    cl_mem ro = clCreateBuffer(ctx, CL_MEM_HOST_WRITE_ONLY, 16, NULL, &err);
    CHECK_ERR(clEnqueueReadBuffer(q, ro, CL_TRUE, 0, 4, out, 0, NULL, NULL), CL_INVALID_OPERATION);
    CHECK_ERR(clEnqueueReadBuffer(q, (cl_mem)ctx, CL_TRUE, 0, 4, out, 0, NULL, NULL),
              CL_INVALID_MEM_OBJECT);
    clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, 16, NULL, &err);
    CHECK_ERR(err, CL_INVALID_HOST_PTR);
    clCreateBuffer(ctx, 0, 0, NULL, &err);
    CHECK_ERR(err, CL_INVALID_BUFFER_SIZE);
    clReleaseMemObject(ro);
    clReleaseMemObject(sub);
    clReleaseMemObject(b);
    clReleaseMemObject(a);
}

static void test_events(cl_context ctx, cl_command_queue q)
{
    cl_int err;
    uint32_t v[4] = {1, 2, 3, 4}, out[4] = {0};
    cl_mem buf = clCreateBuffer(ctx, 0, sizeof v, NULL, &err);
    /* a write gated by a user event stays queued until the event completes */
    cl_event gate = clCreateUserEvent(ctx, &err);
    CHECK_ERR(err, CL_SUCCESS);
    cl_event wr = NULL, rd = NULL;
    CHECK_ERR(clEnqueueWriteBuffer(q, buf, CL_FALSE, 0, sizeof v, v, 1, &gate, &wr), CL_SUCCESS);
    CHECK_ERR(clEnqueueReadBuffer(q, buf, CL_FALSE, 0, sizeof out, out, 0, NULL, &rd), CL_SUCCESS);
    int one = 1;
    CHECK_ERR(clSetEventCallback(rd, CL_COMPLETE, on_event, &one), CL_SUCCESS);
    cl_int st = 0;
    CHECK_ERR(clGetEventInfo(wr, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
              CL_SUCCESS);
    CHECK(st == CL_QUEUED);
    CHECK(out[3] == 0 && callback_calls == 0);
    CHECK_ERR(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
    CHECK_ERR(clSetUserEventStatus(gate, CL_COMPLETE), CL_INVALID_OPERATION);
    CHECK_ERR(clWaitForEvents(1, &rd), CL_SUCCESS);
    CHECK(out[0] == 1 && out[3] == 4);
    CHECK(callback_calls == 1 && callback_status == CL_COMPLETE);
    CHECK_ERR(clGetEventInfo(wr, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
              CL_SUCCESS);
    CHECK(st == CL_COMPLETE);
    cl_command_type type = 0;
    clGetEventInfo(rd, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL);
    CHECK(type == CL_COMMAND_READ_BUFFER);
    /* profiling: queued <= submit <= start <= end */
    cl_ulong t[4];
    for (int i = 0; i < 4; i++)
        CHECK_ERR(
            clGetEventProfilingInfo(wr, CL_PROFILING_COMMAND_QUEUED + i, sizeof t[i], &t[i], NULL),
            CL_SUCCESS);
    CHECK(t[0] && t[0] <= t[1] && t[1] <= t[2] && t[2] <= t[3]);
    CHECK_ERR(clGetEventProfilingInfo(gate, CL_PROFILING_COMMAND_START, sizeof t[0], t, NULL),
              CL_PROFILING_INFO_NOT_AVAILABLE);
    /* a failed user event fails the commands that wait on it, which do not run */
    cl_event gate2 = clCreateUserEvent(ctx, &err);
    cl_event wr2 = NULL;
    uint32_t other[4] = {9, 9, 9, 9};
    CHECK_ERR(clEnqueueWriteBuffer(q, buf, CL_FALSE, 0, sizeof other, other, 1, &gate2, &wr2),
              CL_SUCCESS);
    CHECK_ERR(clSetUserEventStatus(gate2, -1), CL_SUCCESS);
    CHECK_ERR(clWaitForEvents(1, &wr2), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    CHECK_ERR(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
    CHECK(out[0] == 1);
    /* a marker completes after what came before it */
    cl_event mk = NULL;
    CHECK_ERR(clEnqueueMarkerWithWaitList(q, 0, NULL, &mk), CL_SUCCESS);
    CHECK_ERR(clWaitForEvents(1, &mk), CL_SUCCESS);
    CHECK_ERR(clWaitForEvents(1, (cl_event *)&buf), CL_INVALID_EVENT);
    clReleaseEvent(mk);
    clReleaseEvent(wr2);
    clReleaseEvent(gate2);
    clReleaseEvent(wr);
    clReleaseEvent(rd);
    clReleaseEvent(gate);
    clReleaseMemObject(buf);
}

/* Several threads on their own queues of one context: each result is its own. */
typedef struct {
    cl_context ctx;
    cl_device_id dev;
    int id, ok;
} job;

static void *thread_main(void *arg)
{
    job *j = arg;
    cl_int err;
    cl_command_queue q = clCreateCommandQueueWithProperties(j->ctx, j->dev, NULL, &err);
    uint32_t data[256], back[256];
    j->ok = err == CL_SUCCESS;
    for (int round = 0; round < 50 && j->ok; round++) {
        for (int i = 0; i < 256; i++)
            data[i] = (uint32_t)(j->id * 100000 + round * 1000 + i);
        cl_mem m = clCreateBuffer(j->ctx, CL_MEM_COPY_HOST_PTR, sizeof data, data, &err);
        j->ok &= err == CL_SUCCESS;
        j->ok &= clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL) == 0;
        j->ok &= !memcmp(data, back, sizeof data);
        clReleaseMemObject(m);
    }
    clReleaseCommandQueue(q);
    return NULL;
}

static void test_threads(cl_context ctx, cl_device_id dev)
{
    pthread_t t[4];
    job jobs[4];
    for (int i = 0; i < 4; i++) {
        jobs[i] = (job){ctx, dev, i, 0};
        pthread_create(&t[i], NULL, thread_main, &jobs[i]);
    }
    for (int i = 0; i < 4; i++) {
        pthread_join(t[i], NULL);
        CHECK(jobs[i].ok);
    }
}

/* VSMP_CL_GLOBAL_MEM_MB=64 (set by the test): three 30 MiB buffers do not fit */
static void test_budget(cl_context ctx)
{
    cl_int err;
    cl_ulong global = 0;
    cl_device_id dev;
    clGetContextInfo(ctx, CL_CONTEXT_DEVICES, sizeof dev, &dev, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof global, &global, NULL);
    if (global != 64u << 20) {
        fprintf(stderr, "budget: not checked (VSMP_CL_GLOBAL_MEM_MB=64 not set)\n");
        failures++;
        return;
    }
    cl_mem m1 = clCreateBuffer(ctx, 0, 30u << 20, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    cl_mem m2 = clCreateBuffer(ctx, 0, 30u << 20, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    cl_mem m3 = clCreateBuffer(ctx, 0, 30u << 20, NULL, &err);
    CHECK_ERR(err, CL_OUT_OF_RESOURCES);
    CHECK(m3 == NULL);
    clReleaseMemObject(m2); /* given back: the third fits now */
    m3 = clCreateBuffer(ctx, 0, 30u << 20, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    clCreateBuffer(ctx, 0, 65u << 20, NULL, &err);
    CHECK_ERR(err, CL_INVALID_BUFFER_SIZE); /* past CL_DEVICE_MAX_MEM_ALLOC_SIZE */
    clReleaseMemObject(m1);
    clReleaseMemObject(m3);
}

/* Program objects: the source given in pieces is one string again; a binary that is no ELF file
 * is refused; the build state is kept per device. */
static void test_programs(cl_context ctx, cl_device_id dev)
{
    cl_int err;
    const char *parts[] = {"kernel void k(global int *a) ", "{ a[0] = 1; }XYZ"};
    size_t lens[] = {0, 13}; /* 0: NUL-terminated; 13 bytes: "{ a[0] = 1; }" without "XYZ" */
    cl_program p = clCreateProgramWithSource(ctx, 2, parts, lens, &err);
    CHECK_ERR(err, CL_SUCCESS);
    char src[128] = "";
    size_t n = 0;
    CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_SOURCE, sizeof src, src, &n), CL_SUCCESS);
    CHECK(!strcmp(src, "kernel void k(global int *a) { a[0] = 1; }") && n == strlen(src) + 1);
    cl_build_status st = 1;
    CHECK_ERR(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof st, &st, NULL),
              CL_SUCCESS);
    CHECK(st == CL_BUILD_NONE);
    size_t kernels = 0;
    CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof kernels, &kernels, NULL),
              CL_INVALID_PROGRAM_EXECUTABLE);
    cl_uint refs = 0;
    CHECK_ERR(clRetainProgram(p), CL_SUCCESS);
    clGetProgramInfo(p, CL_PROGRAM_REFERENCE_COUNT, sizeof refs, &refs, NULL);
    CHECK(refs == 2);
    CHECK_ERR(clReleaseProgram(p), CL_SUCCESS);
    CHECK_ERR(clReleaseProgram(p), CL_SUCCESS);
    const unsigned char junk[] = "not a zebin";
    const unsigned char *bins[] = {junk};
    size_t blen[] = {sizeof junk};
    cl_int bst = 0;
    CHECK(clCreateProgramWithBinary(ctx, 1, &dev, blen, bins, &bst, &err) == NULL);
    CHECK_ERR(err, CL_INVALID_BINARY);
    CHECK_ERR(bst, CL_INVALID_BINARY);
    CHECK(clCreateProgramWithSource(ctx, 0, parts, NULL, &err) == NULL && err == CL_INVALID_VALUE);
}

/* Images: formats, every type, pitches, read/write/copy/fill/map, image<->buffer copies;
 * samplers. */
static void test_images(cl_context ctx, cl_command_queue q)
{
    cl_int err;
    cl_uint n = 0;
    cl_image_format fmts[64];
    CHECK_ERR(
        clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 64, fmts, &n),
        CL_SUCCESS);
    CHECK(n == 45); /* Intel's 51 but A, INTENSITY and LUMINANCE in HALF_FLOAT and FLOAT */
    bool rg = false;
    for (cl_uint i = 0; i < n && i < 64; i++)
        rg |= fmts[i].image_channel_order == CL_RG &&
              fmts[i].image_channel_data_type == CL_UNORM_INT8;
    CHECK(rg);
    CHECK_ERR(
        clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE3D, 0, NULL, &n),
        CL_SUCCESS);
    CHECK(n == 38);

    /* a 4x3 RGBA8 image from host rows 20 bytes apart; pixel (x, y) = {x, y, 10x + y, 7} */
    uint8_t src[3 * 20];
    memset(src, 0xee, sizeof src);
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 4; x++) {
            uint8_t *px = src + y * 20 + x * 4;
            px[0] = (uint8_t)x, px[1] = (uint8_t)y, px[2] = (uint8_t)(10 * x + y), px[3] = 7;
        }
    cl_image_format rgba8 = {CL_RGBA, CL_UNORM_INT8};
    cl_image_desc d2 = {.image_type = CL_MEM_OBJECT_IMAGE2D,
                        .image_width = 4,
                        .image_height = 3,
                        .image_row_pitch = 20};
    cl_mem img = clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &rgba8, &d2, src, &err);
    CHECK_ERR(err, CL_SUCCESS);
    size_t pitch = 0, esz = 0;
    clGetImageInfo(img, CL_IMAGE_ROW_PITCH, sizeof pitch, &pitch, NULL);
    clGetImageInfo(img, CL_IMAGE_ELEMENT_SIZE, sizeof esz, &esz, NULL);
    CHECK(pitch == 16 && esz == 4); /* the copy is packed */
    /* the 2x2 box at (1, 1): pixels (1,1) (2,1) (1,2) (2,2) */
    size_t o[3] = {1, 1, 0}, r[3] = {2, 2, 1};
    uint8_t box[16] = {0};
    CHECK_ERR(clEnqueueReadImage(q, img, CL_TRUE, o, r, 0, 0, box, 0, NULL, NULL), CL_SUCCESS);
    CHECK(box[0] == 1 && box[1] == 1 && box[2] == 11 && box[4] == 2 && box[6] == 21 &&
          box[8] == 1 && box[9] == 2 && box[10] == 12 && box[14] == 22 && box[15] == 7);
    /* fill (0,0)-(1,0) with {1, 0.5, 0, 1}: 255, 127.5 -> 128, 0, 255 */
    float color[4] = {1.0f, 0.5f, 0.0f, 1.0f};
    size_t fo[3] = {0, 0, 0}, fr[3] = {2, 1, 1};
    CHECK_ERR(clEnqueueFillImage(q, img, color, fo, fr, 0, NULL, NULL), CL_SUCCESS);
    /* map the whole image: rows 16 bytes apart */
    size_t all[3] = {4, 3, 1}, row = 0;
    uint8_t *m =
        clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_READ, fo, all, &row, NULL, 0, NULL, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    if (m) {
        CHECK(row == 16);
        CHECK(m[0] == 255 && m[1] == 128 && m[2] == 0 && m[3] == 255 && m[4] == 255 && m[8] == 2 &&
              m[16 * 2 + 4 * 3 + 2] == 32);
        CHECK_ERR(clEnqueueUnmapMemObject(q, img, m, 0, NULL, NULL), CL_SUCCESS);
    }
    /* image -> buffer -> another image: the same bytes; copy image within formats */
    cl_mem buf = clCreateBuffer(ctx, 0, 48, NULL, &err);
    CHECK_ERR(clEnqueueCopyImageToBuffer(q, img, buf, fo, all, 0, 0, NULL, NULL), CL_SUCCESS);
    cl_image_desc d2b = {.image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = 4, .image_height = 3};
    cl_mem img2 = clCreateImage(ctx, 0, &rgba8, &d2b, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    CHECK_ERR(clEnqueueCopyBufferToImage(q, buf, img2, 0, fo, all, 0, NULL, NULL), CL_SUCCESS);
    uint8_t whole[48];
    CHECK_ERR(clEnqueueReadImage(q, img2, CL_TRUE, fo, all, 0, 0, whole, 0, NULL, NULL),
              CL_SUCCESS);
    CHECK(whole[1] == 128 && whole[16 + 4 + 2] == 11 && whole[47] == 7);
    size_t co[3] = {3, 2, 0}, one[3] = {1, 1, 1};
    CHECK_ERR(clEnqueueCopyImage(q, img, img2, fo, co, one, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clEnqueueReadImage(q, img2, CL_TRUE, co, one, 0, 0, whole, 0, NULL, NULL),
              CL_SUCCESS);
    CHECK(whole[0] == 255 && whole[1] == 128);
    cl_image_format r8 = {CL_R, CL_UNSIGNED_INT8};
    cl_mem img3 = clCreateImage(ctx, 0, &r8, &d2b, NULL, &err);
    CHECK_ERR(clEnqueueCopyImage(q, img, img3, fo, fo, one, 0, NULL, NULL),
              CL_IMAGE_FORMAT_MISMATCH);
    /* within one image: 2x2 boxes at (0,0) and (1,1) share pixel (1,1); at (0,0) and (2,1)
     * they are apart in x (columns 0-1 and 2-3), so the copy runs: pixel (2,1) becomes (0,0)'s
     * 255, 128 of the fill above, and (3,2) becomes (1,1)'s 1, 1, 11 */
    size_t box2[3] = {2, 2, 1}, o11[3] = {1, 1, 0}, o21[3] = {2, 1, 0};
    CHECK_ERR(clEnqueueCopyImage(q, img, img, fo, o11, box2, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    CHECK_ERR(clEnqueueCopyImage(q, img, img, o11, fo, box2, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    CHECK_ERR(clEnqueueCopyImage(q, img, img, fo, o21, box2, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clEnqueueReadImage(q, img, CL_TRUE, fo, all, 0, 0, whole, 0, NULL, NULL), CL_SUCCESS);
    CHECK(whole[16 + 8] == 255 && whole[16 + 9] == 128 && whole[32 + 12] == 1 &&
          whole[32 + 13] == 1 && whole[32 + 14] == 11);

    /* a 3D 2x2x2 R/UINT16 image: fill it with 513 (bytes 01 02), write voxel (1,1,1) = 9 */
    cl_image_format r16 = {CL_R, CL_UNSIGNED_INT16};
    cl_image_desc d3 = {
        .image_type = CL_MEM_OBJECT_IMAGE3D, .image_width = 2, .image_height = 2, .image_depth = 2};
    cl_mem vol = clCreateImage(ctx, 0, &r16, &d3, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    cl_uint ucolor[4] = {513, 0, 0, 0};
    size_t all3[3] = {2, 2, 2}, last[3] = {1, 1, 1};
    CHECK_ERR(clEnqueueFillImage(q, vol, ucolor, fo, all3, 0, NULL, NULL), CL_SUCCESS);
    uint16_t nine = 9, vox[8];
    CHECK_ERR(clEnqueueWriteImage(q, vol, CL_TRUE, last, one, 0, 0, &nine, 0, NULL, NULL),
              CL_SUCCESS);
    CHECK_ERR(clEnqueueReadImage(q, vol, CL_TRUE, fo, all3, 0, 0, vox, 0, NULL, NULL), CL_SUCCESS);
    CHECK(vox[0] == 513 && vox[6] == 513 && vox[7] == 9);

    /* a 1D array of 3 layers of 2 R/UINT8 texels: layer 2 read alone */
    uint8_t layers[6] = {1, 2, 3, 4, 5, 6}, two[2] = {0};
    cl_image_desc d1a = {
        .image_type = CL_MEM_OBJECT_IMAGE1D_ARRAY, .image_width = 2, .image_array_size = 3};
    cl_mem arr = clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &r8, &d1a, layers, &err);
    CHECK_ERR(err, CL_SUCCESS);
    size_t lo[3] = {0, 2, 0}, lr[3] = {2, 1, 1};
    CHECK_ERR(clEnqueueReadImage(q, arr, CL_TRUE, lo, lr, 0, 0, two, 0, NULL, NULL), CL_SUCCESS);
    CHECK(two[0] == 5 && two[1] == 6);

    /* a 1D image buffer is its buffer's bytes */
    uint8_t bytes[4] = {9, 8, 7, 6};
    cl_mem under = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 4, bytes, &err);
    cl_image_desc d1b = {
        .image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER, .image_width = 4, .buffer = under};
    cl_mem view = clCreateImage(ctx, 0, &r8, &d1b, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    size_t vo[3] = {2, 0, 0}, vr[3] = {1, 1, 1};
    CHECK_ERR(clEnqueueReadImage(q, view, CL_TRUE, vo, vr, 0, 0, two, 0, NULL, NULL), CL_SUCCESS);
    CHECK(two[0] == 7);

    /* refusals */
    cl_image_format rgb = {CL_RGB, CL_UNORM_INT8}, srgb = {CL_sRGBA, CL_UNORM_INT8};
    clCreateImage(ctx, 0, &rgb, &d2b, NULL, &err);
    CHECK_ERR(err, CL_IMAGE_FORMAT_NOT_SUPPORTED);
    clCreateImage(ctx, CL_MEM_WRITE_ONLY, &srgb, &d2b, NULL, &err);
    CHECK_ERR(err, CL_IMAGE_FORMAT_NOT_SUPPORTED);
    cl_image_desc huge = {
        .image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = 16385, .image_height = 1};
    clCreateImage(ctx, 0, &rgba8, &huge, NULL, &err);
    CHECK_ERR(err, CL_INVALID_IMAGE_SIZE);
    size_t past[3] = {4, 4, 1};
    CHECK_ERR(clEnqueueReadImage(q, img, CL_TRUE, fo, past, 0, 0, whole, 0, NULL, NULL),
              CL_INVALID_VALUE);

    cl_sampler smp = clCreateSampler(ctx, CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR, &err);
    CHECK_ERR(err, CL_SUCCESS);
    cl_addressing_mode am = 0;
    clGetSamplerInfo(smp, CL_SAMPLER_ADDRESSING_MODE, sizeof am, &am, NULL);
    CHECK(am == CL_ADDRESS_REPEAT);
    clCreateSampler(ctx, CL_TRUE, 0x1234, CL_FILTER_LINEAR, &err);
    CHECK_ERR(err, CL_INVALID_VALUE);
    clReleaseSampler(smp);
    cl_mem objs[] = {view, under, arr, vol, img3, img2, buf, img};
    for (size_t i = 0; i < sizeof objs / sizeof objs[0]; i++)
        CHECK_ERR(clReleaseMemObject(objs[i]), CL_SUCCESS);
}

/* Build a saxpy kernel from source with ocloc and run it; run it again from the program's binary.
 * y[i] = a * x[i] + y[i] with a = 2.5, x[i] = i, y[i] = 100 - i: 1.5 i + 100, exact in float. */
static const char *saxpy_src =
    "kernel void saxpy(float a, global const float *x, global float *y, int n)\n"
    "{\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n)\n"
    "        y[i] = a * x[i] + y[i];\n"
    "}\n";

static int run_saxpy(cl_context ctx, cl_command_queue q, cl_program p, size_t count,
                     const size_t *offset)
{
    cl_int err;
    cl_kernel k = clCreateKernel(p, "saxpy", &err);
    CHECK_ERR(err, CL_SUCCESS);
    if (err)
        return 1;
    float x[1000], y[1000];
    for (int i = 0; i < 1000; i++)
        x[i] = (float)i, y[i] = (float)(100 - i);
    cl_mem bx = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof x, x, &err);
    cl_mem by = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof y, y, &err);
    float a = 2.5f;
    int n = 1000;
    CHECK_ERR(clSetKernelArg(k, 0, sizeof a, &a), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 1, sizeof bx, &bx), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 2, sizeof by, &by), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 3, sizeof n, &n), CL_SUCCESS);
    cl_event ev = NULL;
    CHECK_ERR(clEnqueueNDRangeKernel(q, k, 1, offset, &count, NULL, 0, NULL, &ev), CL_SUCCESS);
    CHECK_ERR(clEnqueueReadBuffer(q, by, CL_TRUE, 0, sizeof y, y, 1, &ev, NULL), CL_SUCCESS);
    cl_int st = 0;
    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    CHECK(st == CL_COMPLETE);
    size_t from = offset ? offset[0] : 0;
    int bad = 0;
    for (size_t i = 0; i < 1000; i++) {
        float want =
            i >= from && i < from + count ? 1.5f * (float)i + 100.0f : (float)(100 - (int)i);
        bad += y[i] != want;
    }
    CHECK(bad == 0);
    clReleaseEvent(ev);
    clReleaseMemObject(bx);
    clReleaseMemObject(by);
    clReleaseKernel(k);
    return bad;
}

typedef struct {
    cl_context ctx;
    cl_device_id dev;
    cl_program prog;
    int bad;
} saxpy_job;

static void *saxpy_thread(void *arg)
{
    saxpy_job *j = arg;
    cl_int err;
    cl_command_queue q = clCreateCommandQueueWithProperties(j->ctx, j->dev, NULL, &err);
    for (int round = 0; round < 3; round++)
        j->bad += run_saxpy(j->ctx, q, j->prog, 1000, NULL);
    clReleaseCommandQueue(q);
    return NULL;
}

static void test_kernels(cl_context ctx, cl_command_queue q, cl_device_id dev)
{
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &saxpy_src, NULL, &err);
    err = clBuildProgram(p, 1, &dev, "-cl-std=CL1.2", NULL, NULL);
    CHECK_ERR(err, CL_SUCCESS);
    if (err) {
        static char log[1 << 16];
        clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build log:\n%s\n", log);
    }
    cl_build_status bs = 0;
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL);
    CHECK(bs == CL_BUILD_SUCCESS);
    char opts[64] = "";
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_OPTIONS, sizeof opts, opts, NULL);
    CHECK(!strcmp(opts, "-cl-std=CL1.2"));
    size_t nk = 0;
    char names[64] = "";
    CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL), CL_SUCCESS);
    CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL), CL_SUCCESS);
    CHECK(nk == 1 && !strcmp(names, "saxpy"));
    run_saxpy(ctx, q, p, 1000, NULL);
    size_t off = 10;
    run_saxpy(ctx, q, p, 500, &off); /* items 10..509 only */

    /* the kernel's interface: four arguments, sizes checked, the preferred multiple its SIMD */
    cl_kernel k = clCreateKernel(p, "saxpy", &err);
    char aname[32] = "", atype[32] = "";
    cl_kernel_arg_address_qualifier aq = 0;
    cl_kernel_arg_type_qualifier tq = 0;
    cl_int ai = clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_NAME, sizeof aname, aname, NULL);
    if (ai != CL_KERNEL_ARG_INFO_NOT_AVAILABLE) {
        CHECK_ERR(ai, CL_SUCCESS);
        clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_NAME, sizeof atype, atype, NULL);
        clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL);
        clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof tq, &tq, NULL);
        /* global const float *x */
        CHECK(!strcmp(aname, "x") && !strcmp(atype, "float*"));
        CHECK(aq == CL_KERNEL_ARG_ADDRESS_GLOBAL && (tq & CL_KERNEL_ARG_TYPE_CONST));
    } else {
        fprintf(stderr, "ocl_host: the zeinfo has no argument info for saxpy\n");
        failures++;
    }
    cl_uint nargs = 0;
    clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL);
    CHECK(nargs == 4);
    double wide = 1.0;
    CHECK_ERR(clSetKernelArg(k, 0, sizeof wide, &wide), CL_INVALID_ARG_SIZE);
    CHECK_ERR(clSetKernelArg(k, 1, 4, &wide), CL_INVALID_ARG_SIZE);
    CHECK_ERR(clSetKernelArg(k, 4, 4, &wide), CL_INVALID_ARG_INDEX);
    cl_mem notmem = (cl_mem)ctx;
    CHECK_ERR(clSetKernelArg(k, 2, sizeof notmem, &notmem), CL_INVALID_MEM_OBJECT);
    size_t mult = 0;
    CHECK_ERR(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                       sizeof mult, &mult, NULL),
              CL_SUCCESS);
    CHECK(mult == 8 || mult == 16 || mult == 32);
    size_t mult2 = 0; /* NULL: the program's one device */
    CHECK_ERR(clGetKernelWorkGroupInfo(k, NULL, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                       sizeof mult2, &mult2, NULL),
              CL_SUCCESS);
    CHECK(mult2 == mult);
    size_t g = 64;
    CHECK_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL),
              CL_INVALID_KERNEL_ARGS);
    size_t l = 48; /* 64 is no multiple of 48 */
    float a = 1;
    cl_mem b = clCreateBuffer(ctx, 0, 256, NULL, &err);
    clSetKernelArg(k, 0, sizeof a, &a);
    clSetKernelArg(k, 1, sizeof b, &b);
    clSetKernelArg(k, 2, sizeof b, &b);
    clSetKernelArg(k, 3, sizeof(int), &(int){64});
    CHECK_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL),
              CL_INVALID_WORK_GROUP_SIZE);
    CHECK_ERR(clEnqueueNDRangeKernel(q, k, 4, NULL, &g, NULL, 0, NULL, NULL),
              CL_INVALID_WORK_DIMENSION);
    CHECK_ERR(clBuildProgram(p, 1, &dev, NULL, NULL, NULL),
              CL_INVALID_OPERATION); /* a kernel exists */
    clReleaseMemObject(b);
    clReleaseKernel(k);

    /* a launch vsmp cannot make (a NULL buffer argument) fails its command, and the read
     * waiting on it */
    cl_kernel kn = clCreateKernel(p, "saxpy", &err);
    cl_mem ok = clCreateBuffer(ctx, 0, 256, NULL, &err);
    clSetKernelArg(kn, 0, sizeof a, &a);
    CHECK_ERR(clSetKernelArg(kn, 1, sizeof(cl_mem), NULL), CL_SUCCESS);
    clSetKernelArg(kn, 2, sizeof ok, &ok);
    clSetKernelArg(kn, 3, sizeof(int), &(int){64});
    cl_event kev = NULL;
    CHECK_ERR(clEnqueueNDRangeKernel(q, kn, 1, NULL, &g, NULL, 0, NULL, &kev), CL_SUCCESS);
    cl_int kst = 0;
    CHECK_ERR(clWaitForEvents(1, &kev), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    clGetEventInfo(kev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof kst, &kst, NULL);
    CHECK(kst == CL_INVALID_OPERATION);
    float tmp[4];
    CHECK_ERR(clEnqueueReadBuffer(q, ok, CL_TRUE, 0, sizeof tmp, tmp, 1, &kev, NULL),
              CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    clReleaseEvent(kev);
    clReleaseMemObject(ok);
    clReleaseKernel(kn);

    /* three threads, each with its own queue and kernel object, launch at once */
    saxpy_job jobs[3];
    pthread_t th[3];
    for (int i = 0; i < 3; i++) {
        jobs[i] = (saxpy_job){ctx, dev, p, 0};
        pthread_create(&th[i], NULL, saxpy_thread, &jobs[i]);
    }
    for (int i = 0; i < 3; i++) {
        pthread_join(th[i], NULL);
        CHECK(jobs[i].bad == 0);
    }

    /* 20000 floats (80000 bytes: no whole number of 16384-byte rows, so the launch runs on a
     * padded copy) through a sub-buffer at 128 bytes: y[i] = 2.5 * x[i] + y[i] for the
     * sub-buffer's items, x[i] = i, y[i] = 100 - i, item i of the sub-buffer being 32 + i */
    {
        enum { N = 20000 };
        float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
        for (int i = 0; i < N; i++)
            x[i] = (float)i, y[i] = (float)(100 - i);
        cl_mem bx = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, N * sizeof *x, x, &err);
        cl_mem by = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, N * sizeof *y, y, &err);
        cl_buffer_region reg = {128, (N - 32) * sizeof *y};
        cl_mem sub = clCreateSubBuffer(by, 0, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err);
        cl_kernel kb = clCreateKernel(p, "saxpy", &err);
        float a25 = 2.5f;
        int nn = N - 32;
        clSetKernelArg(kb, 0, sizeof a25, &a25);
        clSetKernelArg(kb, 1, sizeof bx, &bx);
        clSetKernelArg(kb, 2, sizeof sub, &sub);
        clSetKernelArg(kb, 3, sizeof nn, &nn);
        size_t gn = N - 32;
        CHECK_ERR(clEnqueueNDRangeKernel(q, kb, 1, NULL, &gn, NULL, 0, NULL, NULL), CL_SUCCESS);
        CHECK_ERR(clEnqueueReadBuffer(q, by, CL_TRUE, 0, N * sizeof *y, y, 0, NULL, NULL),
                  CL_SUCCESS);
        int wrong = 0;
        for (int i = 0; i < N; i++) {
            /* sub-buffer item j = i - 32 got 2.5 * x[j] + y[i] = 2.5 (i - 32) + 100 - i */
            float want = i < 32 ? (float)(100 - i) : 2.5f * (float)(i - 32) + (float)(100 - i);
            wrong += y[i] != want;
        }
        CHECK(wrong == 0);
        clReleaseKernel(kb);
        clReleaseMemObject(sub);
        clReleaseMemObject(by);
        clReleaseMemObject(bx);
        free(x);
        free(y);
    }

    /* the binary (the zebin) round trip */
    size_t bsize = 0;
    CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof bsize, &bsize, NULL), CL_SUCCESS);
    unsigned char *bin = malloc(bsize ? bsize : 1);
    CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL), CL_SUCCESS);
    CHECK(bsize > 4 && !memcmp(bin, "\177ELF", 4));
    const unsigned char *cbin = bin;
    cl_int bst = 1;
    cl_program p2 = clCreateProgramWithBinary(ctx, 1, &dev, &bsize, &cbin, &bst, &err);
    CHECK_ERR(err, CL_SUCCESS);
    CHECK_ERR(clBuildProgram(p2, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    run_saxpy(ctx, q, p2, 1000, NULL);
    /* a zebin cut in half is refused when built, with the reason in the log */
    size_t half = bsize / 2;
    cl_program p3 = clCreateProgramWithBinary(ctx, 1, &dev, &half, &cbin, &bst, &err);
    CHECK_ERR(err, CL_SUCCESS);
    CHECK_ERR(clBuildProgram(p3, 0, NULL, NULL, NULL, NULL), CL_INVALID_BINARY);
    char blog[1024] = "";
    clGetProgramBuildInfo(p3, dev, CL_PROGRAM_BUILD_LOG, sizeof blog, blog, NULL);
    CHECK(strstr(blog, "vsmp cannot run this program") != NULL);
    clReleaseProgram(p3);
    free(bin);
    clReleaseProgram(p2);
    clReleaseProgram(p);

    /* the compiler offers the kernel only what the device lists: no fp16, no atomics */
    const char *ext = "#ifdef cl_khr_fp16\n#error cl_khr_fp16 is not offered\n#endif\n"
                      "#ifdef cl_khr_global_int32_base_atomics\n#error atomics are not offered\n"
                      "#endif\n"
                      "#ifndef cl_khr_byte_addressable_store\n#error it is offered\n#endif\n"
                      "kernel void k(global int *a) { a[0] = 1; }\n";
    p = clCreateProgramWithSource(ctx, 1, &ext, NULL, &err);
    CHECK_ERR(clBuildProgram(p, 1, &dev, NULL, NULL, NULL), CL_SUCCESS);
    clReleaseProgram(p);

    /* a build that fails: CL_BUILD_PROGRAM_FAILURE with the compiler's log */
    const char *broken = "kernel void k(global int *a) { a[0] = undeclared; }";
    p = clCreateProgramWithSource(ctx, 1, &broken, NULL, &err);
    CHECK_ERR(clBuildProgram(p, 1, &dev, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
    char log[4096] = "";
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    CHECK(strstr(log, "undeclared") != NULL);
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL);
    CHECK(bs == CL_BUILD_ERROR);
    clCreateKernel(p, "k", &err);
    CHECK_ERR(err, CL_INVALID_PROGRAM_EXECUTABLE);
    clReleaseProgram(p);
}

/* A __local argument and barriers: each group of 64 sums its items in shared local memory;
 * with in[i] = i, group g's sum is 64 * 64 g + (0 + ... + 63) = 4096 g + 2016. */
static const char *reduce_src =
    "kernel void reduce(global const int *in, global int *out, local int *tmp)\n"
    "{\n"
    "    int l = get_local_id(0), n = get_local_size(0);\n"
    "    tmp[l] = in[get_global_id(0)];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (int s = n / 2; s > 0; s /= 2) {\n"
    "        if (l < s)\n"
    "            tmp[l] += tmp[l + s];\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    }\n"
    "    if (l == 0)\n"
    "        out[get_group_id(0)] = tmp[0];\n"
    "}\n";

static void test_local(cl_context ctx, cl_command_queue q, cl_device_id dev)
{
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &reduce_src, NULL, &err);
    CHECK_ERR(clBuildProgram(p, 1, &dev, NULL, NULL, NULL), CL_SUCCESS);
    cl_kernel k = clCreateKernel(p, "reduce", &err);
    CHECK_ERR(err, CL_SUCCESS);
    if (err) {
        clReleaseProgram(p);
        return;
    }
    int in[256], out[4] = {0};
    for (int i = 0; i < 256; i++)
        in[i] = i;
    cl_mem bi = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof in, in, &err);
    cl_mem bo = clCreateBuffer(ctx, 0, sizeof out, NULL, &err);
    clSetKernelArg(k, 0, sizeof bi, &bi);
    clSetKernelArg(k, 1, sizeof bo, &bo);
    CHECK_ERR(clSetKernelArg(k, 2, 64 * sizeof(int), in), CL_INVALID_ARG_VALUE); /* not NULL */
    CHECK_ERR(clSetKernelArg(k, 2, 0, NULL), CL_INVALID_ARG_SIZE);
    CHECK_ERR(clSetKernelArg(k, 2, 64 * sizeof(int), NULL), CL_SUCCESS);
    cl_ulong lmem = 0;
    clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL);
    CHECK(lmem >= 256);
    size_t g = 256, l = 64;
    CHECK_ERR(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clEnqueueReadBuffer(q, bo, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
    CHECK(out[0] == 2016 && out[1] == 6112 && out[2] == 10208 && out[3] == 14304);
    clReleaseMemObject(bi);
    clReleaseMemObject(bo);
    clReleaseKernel(k);
    clReleaseProgram(p);
}

/* Images and samplers as kernel arguments: a 5x3 RGBA8 image read with a sampler argument
 * (unnormalized, nearest, texel centres) and with an inline sampler, written with its red and
 * blue swapped into a second image, alpha (10 x width + height) / 255 = 53 / 255 (the image's
 * size as the kernel sees it). Every byte is known: in pixel (x, y) = {x, y, 10x + y, 100}. */
static const char *image_src =
    "__constant sampler_t inl = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |\n"
    "                           CLK_FILTER_NEAREST;\n"
    "kernel void swap(read_only image2d_t src, write_only image2d_t dst, sampler_t smp)\n"
    "{\n"
    "    int x = get_global_id(0), y = get_global_id(1);\n"
    "    float4 a = read_imagef(src, smp, (float2)(x + 0.5f, y + 0.5f));\n"
    "    float4 b = read_imagef(src, inl, (int2)(x, y));\n"
    "    float size = 10 * get_image_width(src) + get_image_height(src);\n"
    "    write_imagef(dst, (int2)(x, y), (float4)(a.z, b.y, a.x, size / 255.0f));\n"
    "}\n";

static void test_image_kernels(cl_context ctx, cl_command_queue q, cl_device_id dev)
{
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &image_src, NULL, &err);
    err = clBuildProgram(p, 1, &dev, NULL, NULL, NULL);
    CHECK_ERR(err, CL_SUCCESS);
    if (err) {
        static char log[1 << 16];
        clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build log:\n%s\n", log);
        clReleaseProgram(p);
        return;
    }
    uint8_t px[3][5][4];
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 5; x++)
            px[y][x][0] = (uint8_t)x, px[y][x][1] = (uint8_t)y, px[y][x][2] = (uint8_t)(10 * x + y),
            px[y][x][3] = 100;
    cl_image_format rgba8 = {CL_RGBA, CL_UNORM_INT8};
    cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = 5, .image_height = 3};
    cl_mem src = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &rgba8, &d, px, &err);
    cl_mem dst = clCreateImage(ctx, CL_MEM_WRITE_ONLY, &rgba8, &d, NULL, &err);
    cl_mem dims = clCreateBuffer(ctx, 0, 8, NULL, &err);
    cl_sampler smp =
        clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST, &err);
    cl_kernel k = clCreateKernel(p, "swap", &err);
    CHECK_ERR(clSetKernelArg(k, 0, sizeof src, &src), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 1, sizeof dst, &dst), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(k, 2, sizeof smp, &smp), CL_SUCCESS);
    clReleaseSampler(smp); /* the kernel keeps the sampler's state, not the handle */
    CHECK_ERR(clSetKernelArg(k, 0, sizeof dims, &dims), CL_INVALID_ARG_VALUE); /* a buffer */
    size_t g[2] = {5, 3};
    CHECK_ERR(clEnqueueNDRangeKernel(q, k, 2, NULL, g, NULL, 0, NULL, NULL), CL_SUCCESS);
    uint8_t out[3][5][4];
    size_t o[3] = {0, 0, 0}, r[3] = {5, 3, 1};
    CHECK_ERR(clEnqueueReadImage(q, dst, CL_TRUE, o, r, 0, 0, out, 0, NULL, NULL), CL_SUCCESS);
    int bad = 0;
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 5; x++)
            bad += out[y][x][0] != 10 * x + y || out[y][x][1] != y || out[y][x][2] != x ||
                   out[y][x][3] != 53;
    CHECK(bad == 0);
    clReleaseKernel(k);
    clReleaseMemObject(dims);
    clReleaseMemObject(dst);
    clReleaseMemObject(src);
    clReleaseProgram(p);
}

/* Program-scope data and printf from a zebin (docs/OPENCL.md): a __constant table, a __global
 * variable that keeps its value from one launch to the next, and printf's text on stdout. */
static const char *scope_src = "__constant int ps_w[4] = {3, 5, 7, 11};\n"
                               "__global int ps_count = 40;\n"
                               "kernel void ps_add(global int *out)\n"
                               "{\n"
                               "    int i = get_global_id(0);\n"
                               "    out[i] = ps_w[i & 3] * (i + 1) + ps_count;\n"
                               "}\n"
                               "kernel void ps_bump(void) { ps_count += 2; }\n"
                               "kernel void ps_print(global const int *in)\n"
                               "{\n"
                               "    int i = get_global_id(0);\n"
                               "    printf(\"v%d=%d %s\\n\", i, in[i], \"ok\");\n"
                               "}\n";

static void test_program_scope(cl_context ctx, cl_command_queue q, cl_device_id dev)
{
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &scope_src, NULL, &err);
    CHECK_ERR(clBuildProgram(p, 1, &dev, "-cl-std=CL2.0", NULL, NULL), CL_SUCCESS);
    cl_kernel add = clCreateKernel(p, "ps_add", &err);
    CHECK_ERR(err, CL_SUCCESS);
    cl_kernel bump = clCreateKernel(p, "ps_bump", &err);
    CHECK_ERR(err, CL_SUCCESS);
    cl_kernel print = clCreateKernel(p, "ps_print", &err);
    CHECK_ERR(err, CL_SUCCESS);
    if (!add || !bump || !print)
        return;
    int out[8];
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof out, NULL, &err);
    CHECK_ERR(clSetKernelArg(add, 0, sizeof b, &b), CL_SUCCESS);
    size_t n = 8, one = 1;
    for (int round = 0; round < 2; round++) {
        /* out[i] = w[i & 3] * (i + 1) + count: count 40, then 42 after ps_bump */
        CHECK_ERR(clEnqueueNDRangeKernel(q, add, 1, NULL, &n, NULL, 0, NULL, NULL), CL_SUCCESS);
        CHECK_ERR(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL),
                  CL_SUCCESS);
        static const int w[4] = {3, 5, 7, 11};
        int bad = 0;
        for (int i = 0; i < 8; i++)
            bad += out[i] != w[i & 3] * (i + 1) + 40 + 2 * round;
        CHECK(bad == 0);
        CHECK_ERR(clEnqueueNDRangeKernel(q, bump, 1, NULL, &one, NULL, 0, NULL, NULL), CL_SUCCESS);
    }
    /* printf: stdout caught in a file while the kernel runs */
    int in[2] = {7, -3};
    CHECK_ERR(clEnqueueWriteBuffer(q, b, CL_TRUE, 0, sizeof in, in, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clSetKernelArg(print, 0, sizeof b, &b), CL_SUCCESS);
    FILE *cap = tmpfile();
    fflush(stdout);
    int saved = dup(1);
    dup2(fileno(cap), 1);
    size_t two = 2;
    CHECK_ERR(clEnqueueNDRangeKernel(q, print, 1, NULL, &two, NULL, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clFinish(q), CL_SUCCESS);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    char text[256] = "";
    rewind(cap);
    size_t got = fread(text, 1, sizeof text - 1, cap);
    text[got] = 0;
    fclose(cap);
    /* work-item order: lane order on one hardware thread */
    CHECK(!strcmp(text, "v0=7 ok\nv1=-3 ok\n"));
    if (strcmp(text, "v0=7 ok\nv1=-3 ok\n"))
        fprintf(stderr, "printf printed \"%s\"\n", text);
    clReleaseMemObject(b);
    clReleaseKernel(add);
    clReleaseKernel(bump);
    clReleaseKernel(print);
    clReleaseProgram(p);
}

/* Entry points not implemented answer with an error (docs/OPENCL.md), never crash. */
static void test_unimplemented(cl_context ctx, cl_command_queue q)
{
    cl_int err = 0;
    CHECK(clCreatePipe(ctx, 0, 4, 4, NULL, &err) == NULL && err != CL_SUCCESS);
    CHECK(clSVMAlloc(ctx, 0, 64, 0) == NULL);
    CHECK(clEnqueueNativeKernel(q, NULL, NULL, 0, 0, NULL, NULL, 0, NULL, NULL) != CL_SUCCESS);
    CHECK_ERR(clCreateSubDevices(NULL, NULL, 0, NULL, NULL), CL_INVALID_DEVICE);
}

/* Handles of another kind: each entry point answers the error its object kind has in the OpenCL
 * 3.0 specification (CL_INVALID_MEM_OBJECT "if memobj is not a valid memory object", and so on),
 * and the object it was given keeps its reference count. */
static void test_wrong_kind(cl_context ctx, cl_command_queue q)
{
    cl_int err;
    cl_uint refs = 0, ctx_refs = 0;
    size_t sz = 0;
    cl_mem buf = clCreateBuffer(ctx, 0, 16, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    cl_sampler s = clCreateSamplerWithProperties(ctx, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    cl_program p = clCreateProgramWithSource(ctx, 1, &saxpy_src, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    CHECK_ERR(clGetContextInfo(ctx, CL_CONTEXT_REFERENCE_COUNT, sizeof ctx_refs, &ctx_refs, NULL),
              CL_SUCCESS);
    /* clRetain<kind>, clRelease<kind> and clGet<kind>Info(..._REFERENCE_COUNT) given @p handle */
#define WRONG_KIND(kind, type, handle, ref_count, want)                                            \
    do {                                                                                           \
        CHECK_ERR(clRetain##kind((type)(handle)), want);                                           \
        CHECK_ERR(clRelease##kind((type)(handle)), want);                                          \
        CHECK_ERR(clGet##kind##Info((type)(handle), ref_count, sizeof refs, &refs, NULL), want);   \
    } while (0)
    WRONG_KIND(Context, cl_context, buf, CL_CONTEXT_REFERENCE_COUNT, CL_INVALID_CONTEXT);
    WRONG_KIND(CommandQueue, cl_command_queue, buf, CL_QUEUE_REFERENCE_COUNT,
               CL_INVALID_COMMAND_QUEUE);
    WRONG_KIND(MemObject, cl_mem, s, CL_MEM_REFERENCE_COUNT, CL_INVALID_MEM_OBJECT);
    WRONG_KIND(Sampler, cl_sampler, q, CL_SAMPLER_REFERENCE_COUNT, CL_INVALID_SAMPLER);
    WRONG_KIND(Event, cl_event, buf, CL_EVENT_REFERENCE_COUNT, CL_INVALID_EVENT);
    WRONG_KIND(Program, cl_program, buf, CL_PROGRAM_REFERENCE_COUNT, CL_INVALID_PROGRAM);
    WRONG_KIND(Kernel, cl_kernel, p, CL_KERNEL_REFERENCE_COUNT, CL_INVALID_KERNEL);
#undef WRONG_KIND
    /* a buffer is a memory object but not an image */
    CHECK_ERR(clGetImageInfo(buf, CL_IMAGE_WIDTH, sizeof sz, &sz, NULL), CL_INVALID_MEM_OBJECT);
    /* nothing was retained or released: each object still has the one reference it was made
     * with (the context: the count it had before) */
    cl_uint got = 0;
    CHECK_ERR(clGetMemObjectInfo(buf, CL_MEM_REFERENCE_COUNT, sizeof got, &got, NULL), CL_SUCCESS);
    CHECK(got == 1);
    got = 0;
    CHECK_ERR(clGetSamplerInfo(s, CL_SAMPLER_REFERENCE_COUNT, sizeof got, &got, NULL), CL_SUCCESS);
    CHECK(got == 1);
    got = 0;
    CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_REFERENCE_COUNT, sizeof got, &got, NULL), CL_SUCCESS);
    CHECK(got == 1);
    got = 0;
    CHECK_ERR(clGetContextInfo(ctx, CL_CONTEXT_REFERENCE_COUNT, sizeof got, &got, NULL),
              CL_SUCCESS);
    CHECK(got == ctx_refs);
    CHECK_ERR(clReleaseProgram(p), CL_SUCCESS);
    CHECK_ERR(clReleaseSampler(s), CL_SUCCESS);
    CHECK_ERR(clReleaseMemObject(buf), CL_SUCCESS);
}

int main(void)
{
    cl_platform_id p = find_vsmp();
    if (!p) {
        fprintf(stderr, "no OpenCL platform named vsmp (OCL_ICD_VENDORS=%s)\n",
                getenv("OCL_ICD_VENDORS") ? getenv("OCL_ICD_VENDORS") : "unset");
        return 1;
    }
    char ver[64] = "";
    clGetPlatformInfo(p, CL_PLATFORM_VERSION, sizeof ver, ver, NULL);
    CHECK(!strncmp(ver, "OpenCL 3.0 ", 11));
    cl_device_id devs[3];
    test_devices(p, devs);
    cl_int err;
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)p, 0};
    cl_context ctx = clCreateContext(props, 1, devs, NULL, NULL, &err);
    CHECK_ERR(err, CL_SUCCESS);
    cl_command_queue q = clCreateCommandQueue(ctx, devs[0], CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK_ERR(err, CL_SUCCESS);
    clCreateCommandQueue(ctx, devs[1], 0, &err); /* skl is not in this context */
    CHECK_ERR(err, CL_INVALID_DEVICE);
    test_buffers(ctx, q);
    test_events(ctx, q);
    test_threads(ctx, devs[0]);
    test_budget(ctx);
    test_programs(ctx, devs[0]);
    test_images(ctx, q);
    test_kernels(ctx, q, devs[0]);
    test_image_kernels(ctx, q, devs[0]);
    test_local(ctx, q, devs[0]);
    test_program_scope(ctx, q, devs[0]);
    /* skl: saxpy built for its own target and run there */
    cl_context sctx = clCreateContext(NULL, 1, &devs[1], NULL, NULL, &err);
    cl_command_queue sq = clCreateCommandQueue(sctx, devs[1], 0, &err);
    cl_program sp = clCreateProgramWithSource(sctx, 1, &saxpy_src, NULL, &err);
    CHECK_ERR(clBuildProgram(sp, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    run_saxpy(sctx, sq, sp, 1000, NULL);
    clReleaseProgram(sp);
    clReleaseCommandQueue(sq);
    clReleaseContext(sctx);
    test_wrong_kind(ctx, q);
    test_unimplemented(ctx, q);
    CHECK_ERR(clReleaseCommandQueue(q), CL_SUCCESS);
    CHECK_ERR(clReleaseContext(ctx), CL_SUCCESS);
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("ocl_host: all checks passed\n");
    return 0;
}
