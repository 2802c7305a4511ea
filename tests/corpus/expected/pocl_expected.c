/* SPDX-License-Identifier: MIT */
/* Expected outputs of a few corpus kernels, computed by pocl (OpenCL on the CPU), for the
 * future vISA executor to compare against. Each kernel runs once on fixed inputs (a seeded
 * generator; values chosen so that every float result is exact: small integers and binary
 * fractions, so fused or unfused mad, any summation order and any rounding mode give the same
 * bits); EXPECTED_DIR/KERNEL.json records the source, the NDRange, every argument as given and
 * every output argument as pocl left it. One kernel pocl cannot run (ty_half: pocl has no
 * cl_khr_fp16) has its outputs computed on the host, exactly, and says so ("computed": "host").
 *
 * usage: pocl_expected CL_DIR EXPECTED_DIR     (scripts/gen-expected.sh builds and runs it) */
#define _POSIX_C_SOURCE          200809L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* BUF_T, SCALAR_V: a buffer of any OpenCL C scalar type, a scalar or vector argument of any
 * type (arg.type names it: "uchar", "long", "short8", "float3") */
enum kind {
    BUF_F32,
    BUF_I32,
    BUF_U32,
    SCALAR_F32,
    SCALAR_I32,
    IMG2D,
    IMG1D,    /* image1d_t: w */
    IMG1DBUF, /* image1d_buffer_t: w, on a buffer of its own */
    IMG1DARR, /* image1d_array_t: w, d layers */
    IMG2DARR, /* image2d_array_t: w x h, d layers */
    IMG3D,    /* image3d_t: w x h x d */
    SAMPLER,
    LOCAL,
    BUF_T,
    SCALAR_V
};
enum elem { E_F32, E_I32, E_U32, E_U8 };

struct arg {
    enum kind kind;
    int output;
    size_t n;              /* elements (buffers, images: texels x 4 channels); LOCAL: bytes */
    cl_channel_type ctype; /* images */
    size_t w, h, d;        /* images (d: depth or layers, 1 for 2D and 1D) */
    union {
        float f;
        int32_t i;
    } scalar;
    void *data;
    cl_mem mem;
    /* samplers: clCreateSampler's arguments and the OpenCL C spelling of the same value */
    cl_bool norm;
    cl_addressing_mode am;
    cl_filter_mode fm;
    const char *sampler_name;
    cl_sampler smp;
    const char *type; /* BUF_T: the element type; SCALAR_V: the argument's type */
    cl_mem buf;       /* an image1d_buffer_t's buffer */
};

/* OpenCL C's scalar types: size in bytes and class (signed, unsigned, float) */
static const struct ctype {
    const char *name;
    unsigned size;
    char cls;
} ctypes[] = {{"char", 1, 'i'},  {"uchar", 1, 'u'}, {"short", 2, 'i'}, {"ushort", 2, 'u'},
              {"int", 4, 'i'},   {"uint", 4, 'u'},  {"long", 8, 'i'},  {"ulong", 8, 'u'},
              {"float", 4, 'f'}, {"double", 8, 'f'}};

/* the scalar type of TYPE ("short8": short) and its element count (N of a vector, else 1) */
static const struct ctype *ctype_of(const char *type, unsigned *count)
{
    size_t len = strcspn(type, "0123456789");
    for (size_t i = 0; i < sizeof ctypes / sizeof ctypes[0]; i++)
        if (strlen(ctypes[i].name) == len && !strncmp(ctypes[i].name, type, len)) {
            if (count)
                *count = type[len] ? (unsigned)atoi(type + len) : 1;
            return &ctypes[i];
        }
    fprintf(stderr, "pocl_expected: unknown type %s\n", type);
    exit(1);
}

/* the bytes of a buffer argument */
static size_t buf_bytes(const struct arg *a)
{
    return a->n * (a->kind == BUF_T ? ctype_of(a->type, NULL)->size : 4);
}

static cl_context ctx;
static cl_command_queue queue;
static cl_device_id dev;
static const char *cl_dir, *out_dir;
/* the work-group size of the next run (NULL: the implementation's choice) */
static const size_t *run_local;
/* the next run's build options ("" none), global offset (NULL none), and whether its printf
 * output is recorded (stdout captured around the launch) */
static const char *run_options = "";
static const size_t *run_offset;
static int run_printf;
/* the next run's kernel left out of the source pocl builds (NULL none: types.cl's ty_half, as
 * pocl has no cl_khr_fp16); its outputs computed on the host instead of by pocl (NULL: by
 * pocl); and its "any_of" (NULL none): JSON objects {"index": ARG, "element": E, "of": ARG2},
 * an output element whose value depends on the order the work-items run in, any one of
 * ARG2's values */
static const char *run_drop;
static void (*run_host)(struct arg *args);
static const char *run_any_of;

static void die(const char *what, cl_int err)
{
    fprintf(stderr, "pocl_expected: %s failed (%d)\n", what, (int)err);
    exit(1);
}

static uint32_t seed;
static uint32_t next(void) /* LCG, numerical recipes constants */
{
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
}
static int32_t rnd(int32_t lo, int32_t hi)
{
    return lo + (int32_t)(next() % (uint32_t)(hi - lo + 1));
}

/* 32 random bits; a 64-bit value as two of them, some of them special */
static uint32_t rnd32(void)
{
    return next() << 8 ^ next();
}

static uint64_t rnd64(void)
{
    static const uint64_t special[6] = {0, ~(uint64_t)0, (uint64_t)1 << 63,
                                        1, 0x100000000u, 0xffffffffu};
    uint32_t k = next() % 8u;
    if (k < 6 && next() % 4u == 0)
        return special[k];
    uint64_t v = (uint64_t)rnd32() << 32 | rnd32();
    return k == 6 ? v >> (next() % 64u) : v;
}

static void put64(struct arg *a, size_t i, uint64_t v)
{
    ((uint32_t *)a->data)[2 * i] = (uint32_t)v;
    ((uint32_t *)a->data)[2 * i + 1] = (uint32_t)(v >> 32);
}

static enum elem elem_of(const struct arg *a)
{
    if (a->kind == BUF_F32)
        return E_F32;
    if (a->kind == BUF_I32)
        return E_I32;
    if (a->kind == BUF_U32)
        return E_U32;
    switch (a->ctype) {
    case CL_FLOAT:
        return E_F32;
    case CL_SIGNED_INT32:
        return E_I32;
    case CL_UNSIGNED_INT32:
        return E_U32;
    default:
        return E_U8;
    }
}

static struct arg buf(enum kind k, size_t n, int output)
{
    struct arg a = {.kind = k, .output = output, .n = n};
    a.data = calloc(n, 4);
    if (!a.data)
        die("calloc", 0);
    return a;
}

static struct arg buf_t(const char *type, size_t n, int output)
{
    struct arg a = {.kind = BUF_T, .output = output, .n = n, .type = type};
    a.data = calloc(n, ctype_of(type, NULL)->size);
    if (!a.data)
        die("calloc", 0);
    return a;
}

/* a scalar or vector argument passed by value; its elements are set through data */
static struct arg scalar_v(const char *type)
{
    struct arg a = {.kind = SCALAR_V, .type = type};
    a.data = calloc(16, 8);
    if (!a.data)
        die("calloc", 0);
    return a;
}

/* element I of TYPE's elements at P, as JSON */
static void print_elem(FILE *f, const struct ctype *t, const void *p, size_t i)
{
    const unsigned char *b = (const unsigned char *)p + i * t->size;
    if (t->cls == 'f' && t->size == 4) {
        float v;
        memcpy(&v, b, 4);
        fprintf(f, "%.9g", (double)v);
    } else if (t->cls == 'f') {
        double v;
        memcpy(&v, b, 8);
        fprintf(f, "%.17g", v);
    } else {
        uint64_t u = 0;
        memcpy(&u, b, t->size); /* little-endian host */
        if (t->cls == 'i' && t->size < 8 && u >> (t->size * 8 - 1))
            u |= ~(uint64_t)0 << (t->size * 8);
        if (t->cls == 'i')
            fprintf(f, "%lld", (long long)u);
        else
            fprintf(f, "%llu", (unsigned long long)u);
    }
}

static struct arg image_of(enum kind k, cl_channel_type t, size_t w, size_t h, size_t d, int output)
{
    struct arg a = {
        .kind = k, .output = output, .n = w * h * d * 4, .ctype = t, .w = w, .h = h, .d = d};
    a.data = calloc(a.n, 4);
    if (!a.data)
        die("calloc", 0);
    return a;
}

static struct arg image(cl_channel_type t, size_t w, size_t h, int output)
{
    return image_of(IMG2D, t, w, h, 1, output);
}

static int is_image(enum kind k)
{
    return k == IMG2D || k == IMG1D || k == IMG1DBUF || k == IMG1DARR || k == IMG2DARR ||
           k == IMG3D;
}

static void print_data(FILE *f, const struct arg *a)
{
    enum elem e = elem_of(a);
    fputc('[', f);
    for (size_t i = 0; i < a->n; i++) {
        if (i)
            fputs(i % 16 ? ", " : ",\n      ", f);
        if (a->kind == BUF_T)
            print_elem(f, ctype_of(a->type, NULL), a->data, i);
        else if (e == E_F32)
            fprintf(f, "%.9g", (double)((float *)a->data)[i]);
        else if (e == E_I32)
            fprintf(f, "%d", (int)((int32_t *)a->data)[i]);
        else if (e == E_U32)
            fprintf(f, "%u", (unsigned)((uint32_t *)a->data)[i]);
        else
            fprintf(f, "%u", (unsigned)((uint8_t *)a->data)[i]);
    }
    fputc(']', f);
}

static void print_arg(FILE *f, unsigned idx, const struct arg *a)
{
    static const char *const types[] = {"float", "int", "uint", "float", "int", ""};
    fprintf(f, "    {\"index\": %u, ", idx);
    switch (a->kind) {
    case SCALAR_F32:
        fprintf(f, "\"kind\": \"scalar\", \"type\": \"float\", \"value\": %.9g}",
                (double)a->scalar.f);
        return;
    case SCALAR_I32:
        fprintf(f, "\"kind\": \"scalar\", \"type\": \"int\", \"value\": %d}", (int)a->scalar.i);
        return;
    case SAMPLER:
        fprintf(f, "\"kind\": \"sampler\", \"value\": \"%s\"}", a->sampler_name);
        return;
    case LOCAL:
        fprintf(f, "\"kind\": \"local\", \"size\": %zu}", a->n);
        return;
    case SCALAR_V: {
        unsigned n;
        const struct ctype *t = ctype_of(a->type, &n);
        fprintf(f, "\"kind\": \"scalar\", \"type\": \"%s\", \"value\": ", a->type);
        for (unsigned i = 0; i < n; i++) {
            fputs(i ? ", " : n > 1 ? "[" : "", f);
            print_elem(f, t, a->data, i);
        }
        fputs(n > 1 ? "]}" : "}", f);
        return;
    }
    case BUF_T:
        fprintf(f, "\"kind\": \"buffer\", \"type\": \"%s\", \"data\": ", a->type);
        break;
    case IMG2D:
    case IMG1D:
    case IMG1DBUF:
    case IMG1DARR:
    case IMG2DARR:
    case IMG3D: {
        static const char *const names[] = {
            [IMG2D] = "image2d",           [IMG1D] = "image1d",
            [IMG1DBUF] = "image1d_buffer", [IMG1DARR] = "image1d_array",
            [IMG2DARR] = "image2d_array",  [IMG3D] = "image3d"};
        fprintf(f,
                "\"kind\": \"%s\", \"channel_order\": \"RGBA\", \"channel_type\": \"%s\", "
                "\"width\": %zu, ",
                names[a->kind],
                a->ctype == CL_FLOAT            ? "FLOAT"
                : a->ctype == CL_SIGNED_INT32   ? "SIGNED_INT32"
                : a->ctype == CL_UNSIGNED_INT32 ? "UNSIGNED_INT32"
                                                : "UNORM_INT8",
                a->w);
        if (a->kind == IMG2D || a->kind == IMG2DARR || a->kind == IMG3D)
            fprintf(f, "\"height\": %zu, ", a->h);
        if (a->kind == IMG3D)
            fprintf(f, "\"depth\": %zu, ", a->d);
        if (a->kind == IMG1DARR || a->kind == IMG2DARR)
            fprintf(f, "\"array_size\": %zu, ", a->d);
        fprintf(f, "\"data\": ");
        break;
    }
    case BUF_F32:
    case BUF_I32:
    case BUF_U32:
        fprintf(f, "\"kind\": \"buffer\", \"type\": \"%s\", \"data\": ", types[a->kind]);
        break;
    }
    print_data(f, a);
    fputc('}', f);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die(path, 0);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (!s || fread(s, 1, (size_t)n, f) != (size_t)n)
        die("read", 0);
    s[n] = 0;
    fclose(f);
    *len = (size_t)n;
    return s;
}

static void run(const char *source, const char *kernel, unsigned dims, const size_t *global,
                struct arg *args, unsigned nargs)
{
    char path[1024];
    size_t len;
    cl_int err;
    snprintf(path, sizeof path, "%s/%s", cl_dir, source);
    char *text = slurp(path, &len);
    if (run_drop) { /* cut "__kernel void NAME(...) {...}" up to its closing "\n}\n" */
        char head[256];
        snprintf(head, sizeof head, "__kernel void %s(", run_drop);
        char *b = strstr(text, head), *e = b ? strstr(b, "\n}\n") : NULL;
        if (!e)
            die(run_drop, 0);
        memmove(b, e + 3, strlen(e + 3) + 1);
        len = strlen(text);
    }
    const char *t = text;
    cl_program prog = NULL;
    cl_kernel k = NULL;
    if (!run_host) {
        prog = clCreateProgramWithSource(ctx, 1, &t, &len, &err);
        if (err)
            die("clCreateProgramWithSource", err);
        if ((err = clBuildProgram(prog, 1, &dev, run_options, NULL, NULL)) != CL_SUCCESS) {
            char log[8192] = "";
            clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
            fprintf(stderr, "%s\n", log);
            die(kernel, err);
        }
        k = clCreateKernel(prog, kernel, &err);
        if (err)
            die(kernel, err);
    }

    snprintf(path, sizeof path, "%s/%s.json", out_dir, kernel);
    FILE *f = fopen(path, "w");
    if (!f)
        die(path, 0);
    fprintf(f, "{\n  \"kernel\": \"%s\", \"source\": \"cl/%s\",\n  \"global\": [", kernel, source);
    for (unsigned d = 0; d < dims; d++)
        fprintf(f, "%s%zu", d ? ", " : "", global[d]);
    fprintf(f, "], \"local\": ");
    for (unsigned d = 0; d < dims && run_local; d++)
        fprintf(f, "%s%zu", d ? ", " : "[", run_local[d]);
    fprintf(f, "%s,\n", run_local ? "]" : "null");
    if (run_offset) {
        fprintf(f, "  \"offset\": [");
        for (unsigned d = 0; d < dims; d++)
            fprintf(f, "%s%zu", d ? ", " : "", run_offset[d]);
        fprintf(f, "],\n");
    }
    if (run_options[0])
        fprintf(f, "  \"options\": \"%s\",\n", run_options);
    if (run_host)
        fprintf(f, "  \"computed\": \"host\",\n");
    if (run_any_of)
        fprintf(f, "  \"any_of\": [%s],\n", run_any_of);
    fprintf(f, "  \"args\": [\n");
    for (unsigned i = 0; i < nargs; i++) {
        struct arg *a = &args[i];
        print_arg(f, i, a);
        fputs(i + 1 < nargs ? ",\n" : "\n", f);
        if (run_host)
            continue;
        if (a->kind == SCALAR_V) {
            unsigned n;
            const struct ctype *ct = ctype_of(a->type, &n);
            err = clSetKernelArg(k, i, ct->size * (n == 3 ? 4 : n), a->data);
        } else if (a->kind == SCALAR_F32 || a->kind == SCALAR_I32) {
            err = clSetKernelArg(k, i, 4, &a->scalar);
        } else if (a->kind == LOCAL) {
            err = clSetKernelArg(k, i, a->n, NULL);
        } else if (a->kind == SAMPLER) {
            a->smp = clCreateSampler(ctx, a->norm, a->am, a->fm, &err);
            if (err)
                die("clCreateSampler", err);
            err = clSetKernelArg(k, i, sizeof(cl_sampler), &a->smp);
        } else {
            cl_mem_flags fl = CL_MEM_COPY_HOST_PTR | CL_MEM_READ_WRITE;
            if (is_image(a->kind)) {
                cl_image_format fmt = {CL_RGBA, a->ctype};
                cl_image_desc desc = {.image_width = a->w, .image_height = a->h};
                switch (a->kind) {
                case IMG1D:
                    desc.image_type = CL_MEM_OBJECT_IMAGE1D;
                    break;
                case IMG1DBUF: /* the image's memory is a buffer's, filled through the buffer */
                    desc.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
                    desc.buffer = a->buf = clCreateBuffer(ctx, fl, a->n * 4, a->data, &err);
                    if (err)
                        die("clCreateBuffer", err);
                    fl = CL_MEM_READ_WRITE;
                    break;
                case IMG1DARR:
                    desc.image_type = CL_MEM_OBJECT_IMAGE1D_ARRAY;
                    desc.image_array_size = a->d;
                    break;
                case IMG2DARR:
                    desc.image_type = CL_MEM_OBJECT_IMAGE2D_ARRAY;
                    desc.image_array_size = a->d;
                    break;
                case IMG3D:
                    desc.image_type = CL_MEM_OBJECT_IMAGE3D;
                    desc.image_depth = a->d;
                    break;
                default:
                    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
                }
                a->mem =
                    clCreateImage(ctx, fl, &fmt, &desc, a->kind == IMG1DBUF ? NULL : a->data, &err);
            } else {
                a->mem = clCreateBuffer(ctx, fl, buf_bytes(a), a->data, &err);
            }
            if (err)
                die("create memory", err);
            err = clSetKernelArg(k, i, sizeof(cl_mem), &a->mem);
        }
        if (err)
            die("clSetKernelArg", err);
    }
    /* printf: the kernel's output goes to stdout; catch it in a file around the launch */
    char pf_path[] = "/tmp/pocl_printf_XXXXXX";
    int saved = -1, pf_fd = -1;
    if (run_printf) {
        fflush(stdout);
        pf_fd = mkstemp(pf_path);
        saved = dup(1);
        if (pf_fd < 0 || saved < 0 || dup2(pf_fd, 1) < 0)
            die("capture stdout", 0);
    }
    if (run_host)
        run_host(args);
    else if ((err = clEnqueueNDRangeKernel(queue, k, dims, run_offset, global, run_local, 0, NULL,
                                           NULL)))
        die("clEnqueueNDRangeKernel", err);
    if (run_printf) {
        clFinish(queue);
        fflush(stdout);
        dup2(saved, 1);
        close(saved);
        close(pf_fd);
        size_t n;
        char *text = slurp(pf_path, &n);
        unlink(pf_path);
        fprintf(f, "  ],\n  \"printf\": \"");
        for (size_t c = 0; c < n; c++) {
            unsigned char ch = (unsigned char)text[c];
            if (ch == '"' || ch == '\\')
                fprintf(f, "\\%c", ch);
            else if (ch == '\n')
                fputs("\\n", f);
            else if (ch < 0x20)
                fprintf(f, "\\u%04x", ch);
            else
                fputc(ch, f);
        }
        fprintf(f, "\",\n  \"outputs\": [\n");
        free(text);
    } else {
        fprintf(f, "  ],\n  \"outputs\": [\n");
    }
    unsigned first = 1;
    for (unsigned i = 0; i < nargs; i++) {
        struct arg *a = &args[i];
        if (!a->output)
            continue;
        if (run_host) {
            err = CL_SUCCESS;
        } else if (is_image(a->kind)) {
            /* a 1D array's layers are its second dimension; 2D arrays' and 3D's the third */
            size_t origin[3] = {0, 0, 0}, region[3] = {a->w, a->h, a->d};
            if (a->kind == IMG1DARR)
                region[1] = a->d, region[2] = 1;
            err = clEnqueueReadImage(queue, a->mem, CL_TRUE, origin, region, 0, 0, a->data, 0, NULL,
                                     NULL);
        } else {
            err = clEnqueueReadBuffer(queue, a->mem, CL_TRUE, 0, buf_bytes(a), a->data, 0, NULL,
                                      NULL);
        }
        if (err)
            die("read back", err);
        fputs(first ? "" : ",\n", f);
        first = 0;
        print_arg(f, i, a);
    }
    fprintf(f, "\n  ]\n}\n");
    fclose(f);
    for (unsigned i = 0; i < nargs; i++) {
        if (args[i].mem)
            clReleaseMemObject(args[i].mem);
        if (args[i].smp)
            clReleaseSampler(args[i].smp);
        if (args[i].buf)
            clReleaseMemObject(args[i].buf);
        free(args[i].data);
    }
    if (k)
        clReleaseKernel(k);
    if (prog)
        clReleaseProgram(prog);
    free(text);
}

/* The half <-> float conversions of the values ty_half computes: normal halves and zero only
 * (every value it makes is one; anything else stops the program) */
static float half_to_float(uint16_t h)
{
    unsigned e = h >> 10 & 31, m = h & 1023;
    if (e == 31 || (e == 0 && m))
        die("half_to_float: not a normal half", 0);
    float v = e ? (float)(1024 + m) / 1024.0f : 0.0f;
    for (int k = (int)e - 15; e && k > 0; k--)
        v *= 2.0f;
    for (int k = (int)e - 15; e && k < 0; k++)
        v *= 0.5f;
    return h >> 15 ? -v : v;
}

static uint16_t float_to_half(float f)
{
    uint16_t s = f < 0 ? 0x8000 : 0;
    float a = f < 0 ? -f : f;
    if (a == 0.0f)
        return s;
    int e = 15;
    while (a >= 2.0f && e < 31)
        a *= 0.5f, e++;
    while (a < 1.0f && e > 0)
        a *= 2.0f, e--;
    float m = (a - 1.0f) * 1024.0f;
    if (e <= 0 || e >= 31 || m != (float)(int)m)
        die("float_to_half: not exact in half", 0);
    return (uint16_t)(s | e << 10 | (int)m);
}

/* ty_half on the host: r = h * 1.5 + 0.25 in half, f = (float)r + h. Every input is k/4 with
 * |k| <= 256, so h * 1.5 = 3k/8 and r = (3k + 2)/8 need at most 10 significant bits: exact in
 * half (and in float), whatever rounding or fusing the device uses */
static void ty_half_host(struct arg *a)
{
    for (size_t i = 0; i < a[0].n; i++) {
        float h = half_to_float(((uint16_t *)a[0].data)[i]);
        float r = h * 1.5f + 0.25f;
        ((uint16_t *)a[1].data)[i] = float_to_half(r);
        ((float *)a[2].data)[i] = r + h;
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: pocl_expected CL_DIR EXPECTED_DIR\n");
        return 2;
    }
    cl_dir = argv[1];
    out_dir = argv[2];
    cl_platform_id plats[8], plat = NULL;
    cl_uint np = 0;
    cl_int err = clGetPlatformIDs(8, plats, &np);
    for (cl_uint i = 0; !err && i < np; i++) {
        char name[256] = "";
        clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (!strcmp(name, "Portable Computing Language"))
            plat = plats[i];
    }
    if (!plat) {
        fprintf(stderr, "pocl_expected: no pocl platform (apt-get install pocl-opencl-icd)\n");
        return 1;
    }
    if ((err = clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL)))
        die("clGetDeviceIDs", err);
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    if (err)
        die("clCreateContext", err);
    queue = clCreateCommandQueue(ctx, dev, 0, &err);
    if (err)
        die("clCreateCommandQueue", err);

    { /* y = a*x + y: x, y small integers, a = 2.5: every product and sum exact */
        seed = 1;
        struct arg a[3] = {buf(BUF_F32, 64, 0), buf(BUF_F32, 64, 1), {.kind = SCALAR_F32}};
        a[2].scalar.f = 2.5f;
        for (size_t i = 0; i < 64; i++) {
            ((float *)a[0].data)[i] = (float)rnd(-100, 100);
            ((float *)a[1].data)[i] = (float)rnd(-1000, 1000) * 0.5f;
        }
        run("buf_arith.cl", "buf_saxpy", 1, (size_t[]){64}, a, 3);
    }
    { /* integer division, remainder, shifts, select, clamp */
        seed = 2;
        struct arg a[3] = {buf(BUF_I32, 64, 0), buf(BUF_I32, 64, 0), buf(BUF_I32, 64, 1)};
        for (size_t i = 0; i < 64; i++) {
            ((int32_t *)a[0].data)[i] = rnd(-100000, 100000);
            ((int32_t *)a[1].data)[i] = rnd(-300, 300);
        }
        run("buf_arith.cl", "buf_int_ops", 1, (size_t[]){64}, a, 3);
    }
    { /* data-dependent loop: sums of small integer products stay below 2^24 */
        seed = 3;
        struct arg a[3] = {buf(BUF_F32, 128, 0), buf(BUF_I32, 64, 0), buf(BUF_F32, 64, 1)};
        for (size_t i = 0; i < 128; i++)
            ((float *)a[0].data)[i] = (float)rnd(-50, 50);
        for (size_t i = 0; i < 64; i++)
            ((int32_t *)a[1].data)[i] = rnd(0, 200);
        run("buf_loop.cl", "loop_sum_n", 1, (size_t[]){64}, a, 3);
    }
    { /* switch and a loop with break/continue */
        seed = 4;
        struct arg a[2] = {buf(BUF_I32, 64, 0), buf(BUF_I32, 64, 1)};
        for (size_t i = 0; i < 64; i++)
            ((int32_t *)a[0].data)[i] = rnd(-500, 500);
        run("branch.cl", "br_switch", 1, (size_t[]){64}, a, 2);
    }
    { /* image copy (load, no sampler), RGBA FLOAT 16x8 */
        seed = 5;
        struct arg a[2] = {image(CL_FLOAT, 16, 8, 0), image(CL_FLOAT, 16, 8, 1)};
        for (size_t i = 0; i < a[0].n; i++)
            ((float *)a[0].data)[i] = (float)rnd(-64, 64) * 0.25f;
        run("img_copy.cl", "cp_2d", 2, (size_t[]){16, 8}, a, 2);
    }
    { /* nearest sampling, normalized coordinates, REPEAT: an RGBA UNORM_INT8 8x8 image read
       * at (x + 0.5) / 4, a 16x16 RGBA FLOAT result (each texel twice in each direction) */
        seed = 6;
        struct arg a[2] = {image(CL_UNORM_INT8, 8, 8, 0), image(CL_FLOAT, 16, 16, 1)};
        for (size_t i = 0; i < a[0].n; i++)
            ((uint8_t *)a[0].data)[i] = (uint8_t)rnd(0, 255);
        run("img_sample2d.cl", "s2d_nearest_norm", 2, (size_t[]){16, 16}, a, 2);
    }
    { /* read_imagei / read_imageui through an unnormalized nearest sampler (CLAMP) */
        seed = 7;
        struct arg a[3] = {image(CL_SIGNED_INT32, 8, 8, 0), image(CL_UNSIGNED_INT32, 8, 8, 0),
                           image(CL_UNSIGNED_INT32, 8, 8, 1)};
        for (size_t i = 0; i < a[0].n; i++) {
            ((int32_t *)a[0].data)[i] = rnd(-1000000, 1000000);
            ((uint32_t *)a[1].data)[i] = (uint32_t)rnd(0, 2000000);
        }
        run("img_sample2d.cl", "s2d_int_pix", 2, (size_t[]){8, 8}, a, 3);
    }
    /* Kernels for the launcher's end-to-end tier (tests/launch): float results are not
     * exact here (filtering weights, UNORM8 conversions, exp); tests/launch documents the
     * tolerance each is compared with. */
    { /* linear sampling, normalized coordinates, CLAMP_TO_EDGE: an 8x8 UNORM_INT8 image
       * magnified onto 16x16 FLOAT (scale 1) */
        seed = 8;
        struct arg a[3] = {
            image(CL_UNORM_INT8, 8, 8, 0), image(CL_FLOAT, 16, 16, 1), {.kind = SCALAR_F32}};
        a[2].scalar.f = 1.0f;
        for (size_t i = 0; i < a[0].n; i++)
            ((uint8_t *)a[0].data)[i] = (uint8_t)rnd(0, 255);
        run("img_sample2d.cl", "s2d_linear_norm", 2, (size_t[]){16, 16}, a, 3);
    }
    { /* 3x3 box blur with a border test (control flow), UNORM_INT8 16x16 -> FLOAT */
        seed = 9;
        struct arg a[2] = {image(CL_UNORM_INT8, 16, 16, 0), image(CL_FLOAT, 16, 16, 1)};
        for (size_t i = 0; i < a[0].n; i++)
            ((uint8_t *)a[0].data)[i] = (uint8_t)rnd(0, 255);
        run("img_filter.cl", "f_box3", 2, (size_t[]){16, 16}, a, 2);
    }
    { /* horizontal Gaussian blur, radius 2 (a loop, exp, linear sampling at texel centres) */
        seed = 10;
        struct arg a[3] = {
            image(CL_UNORM_INT8, 16, 8, 0), image(CL_FLOAT, 16, 8, 1), {.kind = SCALAR_I32}};
        a[2].scalar.i = 2;
        for (size_t i = 0; i < a[0].n; i++)
            ((uint8_t *)a[0].data)[i] = (uint8_t)rnd(0, 255);
        run("img_filter.cl", "f_blur_h", 2, (size_t[]){16, 8}, a, 3);
    }
    { /* threshold with divergent branches, UNSIGNED_INT32 16x8, t = 0.5 */
        seed = 11;
        struct arg a[3] = {image(CL_UNSIGNED_INT32, 16, 8, 0),
                           image(CL_UNSIGNED_INT32, 16, 8, 1),
                           {.kind = SCALAR_F32}};
        a[2].scalar.f = 0.5f;
        for (size_t i = 0; i < a[0].n; i++)
            ((uint32_t *)a[0].data)[i] = (uint32_t)rnd(0, 255);
        run("img_filter.cl", "f_threshold", 2, (size_t[]){16, 8}, a, 3);
    }
    { /* a sampler_t argument (unnormalized, CLAMP_TO_EDGE, LINEAR) read between texel
       * centres; the results go to a float4 buffer (a stateless pointer) */
        seed = 12;
        struct arg a[3] = {image(CL_UNORM_INT8, 8, 8, 0),
                           {.kind = SAMPLER,
                            .norm = CL_FALSE,
                            .am = CL_ADDRESS_CLAMP_TO_EDGE,
                            .fm = CL_FILTER_LINEAR,
                            .sampler_name = "CLK_NORMALIZED_COORDS_FALSE | "
                                            "CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR"},
                           buf(BUF_F32, 8 * 8 * 4, 1)};
        for (size_t i = 0; i < a[0].n; i++)
            ((uint8_t *)a[0].data)[i] = (uint8_t)rnd(0, 255);
        run("img_sample2d.cl", "s2d_linear_pix", 2, (size_t[]){8, 8}, a, 3);
    }
    /* Image dimensions and kinds (img_copy.cl, img_filter.cl, img_sample_dims.cl): every float
     * texel a small binary fraction, every linear read at a texel centre (weights 1 and 0), so
     * every result is exact. img_half.cl (cl_khr_fp16) and img_mip.cl (cl_khr_mipmap_image)
     * need extensions pocl has not, and pocl reads the wrong layer of sd_2darr's 2D array
     * (it wraps the layer as a normalized coordinate): spec_expected.py computes those. */
    { /* 1D copy, RGBA FLOAT, 64 texels */
        seed = 101;
        struct arg a[2] = {image_of(IMG1D, CL_FLOAT, 64, 1, 1, 0),
                           image_of(IMG1D, CL_FLOAT, 64, 1, 1, 1)};
        for (size_t i = 0; i < a[0].n; i++)
            ((float *)a[0].data)[i] = (float)rnd(-256, 256) * 0.125f;
        run("img_copy.cl", "cp_1d", 1, (size_t[]){64}, a, 2);
    }
    { /* 1D buffer image copy, RGBA UNSIGNED_INT32, 64 texels */
        seed = 102;
        struct arg a[2] = {image_of(IMG1DBUF, CL_UNSIGNED_INT32, 64, 1, 1, 0),
                           image_of(IMG1DBUF, CL_UNSIGNED_INT32, 64, 1, 1, 1)};
        for (size_t i = 0; i < a[0].n; i++)
            ((uint32_t *)a[0].data)[i] = rnd32();
        run("img_copy.cl", "cp_1dbuf", 1, (size_t[]){64}, a, 2);
    }
    { /* 3D image read into a float4 buffer, RGBA FLOAT 8x4x3 */
        seed = 103;
        struct arg a[2] = {image_of(IMG3D, CL_FLOAT, 8, 4, 3, 0), buf(BUF_F32, 8 * 4 * 3 * 4, 1)};
        for (size_t i = 0; i < a[0].n; i++)
            ((float *)a[0].data)[i] = (float)rnd(-256, 256) * 0.125f;
        run("img_copy.cl", "cp_3d", 3, (size_t[]){8, 4, 3}, a, 2);
    }
    { /* 1D array copy, RGBA SIGNED_INT32, 16 texels x 4 layers; two more rows of work-items
       * than layers (the kernel's array-size test) */
        seed = 104;
        struct arg a[2] = {image_of(IMG1DARR, CL_SIGNED_INT32, 16, 1, 4, 0),
                           image_of(IMG1DARR, CL_SIGNED_INT32, 16, 1, 4, 1)};
        for (size_t i = 0; i < a[0].n; i++)
            ((int32_t *)a[0].data)[i] = (int32_t)rnd32();
        run("img_copy.cl", "cp_1darr", 2, (size_t[]){16, 6}, a, 2);
    }
    { /* 2D array copy, RGBA FLOAT 8x4, 3 layers */
        seed = 105;
        struct arg a[2] = {image_of(IMG2DARR, CL_FLOAT, 8, 4, 3, 0),
                           image_of(IMG2DARR, CL_FLOAT, 8, 4, 3, 1)};
        for (size_t i = 0; i < a[0].n; i++)
            ((float *)a[0].data)[i] = (float)rnd(-256, 256) * 0.125f;
        run("img_copy.cl", "cp_2darr", 3, (size_t[]){8, 4, 3}, a, 2);
    }
    { /* a blend of two images by a mask, three branches, 16x8 RGBA FLOAT, alpha 0.5: values in
       * 1/16 steps, mask channels 0, 0.25, 0.75 or 1, so mix and the squares are exact */
        seed = 106;
        struct arg a[5] = {image(CL_FLOAT, 16, 8, 0),
                           image(CL_FLOAT, 16, 8, 0),
                           image(CL_FLOAT, 16, 8, 0),
                           image(CL_FLOAT, 16, 8, 1),
                           {.kind = SCALAR_F32}};
        a[4].scalar.f = 0.5f;
        static const float mv[4] = {0.0f, 0.25f, 0.75f, 1.0f};
        for (size_t i = 0; i < a[0].n; i++) {
            ((float *)a[0].data)[i] = (float)rnd(-8, 24) / 16.0f;
            ((float *)a[1].data)[i] = (float)rnd(-8, 24) / 16.0f;
            ((float *)a[2].data)[i] = mv[rnd(0, 3)];
        }
        run("img_filter.cl", "f_blend", 2, (size_t[]){16, 8}, a, 5);
    }
    { /* 1D: linear (normalized, MIRRORED_REPEAT) at texel centres plus nearest (unnormalized,
       * CLAMP_TO_EDGE), RGBA FLOAT 16 texels */
        seed = 107;
        struct arg a[2] = {image_of(IMG1D, CL_FLOAT, 16, 1, 1, 0), buf(BUF_F32, 16 * 4, 1)};
        for (size_t i = 0; i < a[0].n; i++)
            ((float *)a[0].data)[i] = (float)rnd(-256, 256) * 0.125f;
        run("img_sample_dims.cl", "sd_1d", 1, (size_t[]){16}, a, 2);
    }
    { /* 3D: linear, normalized, at texel centres, RGBA FLOAT 8x4x2 */
        seed = 108;
        struct arg a[2] = {image_of(IMG3D, CL_FLOAT, 8, 4, 2, 0), buf(BUF_F32, 8 * 4 * 2 * 4, 1)};
        for (size_t i = 0; i < a[0].n; i++)
            ((float *)a[0].data)[i] = (float)rnd(-256, 256) * 0.125f;
        run("img_sample_dims.cl", "sd_3d", 3, (size_t[]){8, 4, 2}, a, 2);
    }
    { /* 1D array: nearest, unnormalized, RGBA UNSIGNED_INT32 16 texels x 3 layers */
        seed = 109;
        struct arg a[2] = {image_of(IMG1DARR, CL_UNSIGNED_INT32, 16, 1, 3, 0),
                           buf(BUF_U32, 16 * 3 * 4, 1)};
        for (size_t i = 0; i < a[0].n; i++)
            ((uint32_t *)a[0].data)[i] = rnd32();
        run("img_sample_dims.cl", "sd_1darr", 2, (size_t[]){16, 3}, a, 2);
    }
    { /* tree reduction in __local memory with barriers: 2 groups of 64 floats (SIMD8: 8
       * hardware threads per group); small integers, so every partial sum is exact */
        seed = 13;
        struct arg a[3] = {buf(BUF_F32, 128, 0), buf(BUF_F32, 2, 1), {.kind = LOCAL, .n = 256}};
        for (size_t i = 0; i < 128; i++)
            ((float *)a[0].data)[i] = (float)rnd(-1000, 1000);
        run_local = (size_t[]){64};
        run("local_barrier.cl", "lb_reduce", 1, (size_t[]){128}, a, 3);
        run_local = NULL;
    }
    { /* a 16x16 tile transposed through __local memory (inline), 2x2 groups of 256 items */
        seed = 14;
        struct arg a[3] = {
            buf(BUF_F32, 32 * 32, 0), buf(BUF_F32, 32 * 32, 1), {.kind = SCALAR_I32}};
        a[2].scalar.i = 32;
        for (size_t i = 0; i < 32 * 32; i++)
            ((float *)a[0].data)[i] = (float)rnd(-100000, 100000) * 0.25f;
        run_local = (size_t[]){16, 16};
        run("local_barrier.cl", "lb_transpose", 2, (size_t[]){32, 32}, a, 3);
        run_local = NULL;
    }
    { /* sum and max of 4 groups of 64 integers in two __local arguments, plus an inline
       * __local variable */
        seed = 15;
        struct arg a[4] = {buf(BUF_I32, 256, 0),
                           buf(BUF_I32, 12, 1),
                           {.kind = LOCAL, .n = 256},
                           {.kind = LOCAL, .n = 256}};
        for (size_t i = 0; i < 256; i++)
            ((int32_t *)a[0].data)[i] = rnd(-1000000, 1000000);
        run_local = (size_t[]){64};
        run("local_reduce.cl", "lr_sum_max", 1, (size_t[]){256}, a, 4);
        run_local = NULL;
    }
    { /* atomics (atomic_ops.cl): every 32-bit operation on global memory over 16 groups of 64,
       * the tickets atomic_inc hands out, one compare-exchange winner */
        seed = 16;
        struct arg a[5] = {buf(BUF_I32, 12, 1), buf(BUF_U32, 2, 1), buf(BUF_I32, 1024, 1),
                           buf(BUF_I32, 1, 1), buf(BUF_I32, 1024, 0)};
        const int32_t g0[12] = {1000, 1000, 0, 0, INT32_MAX, INT32_MIN, -1, 0, 0x5a5a, 0, 0, 0};
        memcpy(a[0].data, g0, sizeof(g0));
        ((uint32_t *)a[1].data)[0] = 0xffffffffu;
        for (size_t i = 0; i < 1024; i++)
            ((int32_t *)a[4].data)[i] = rnd(-100000, 100000);
        run_local = (size_t[]){64};
        run("atomic_ops.cl", "at_ops", 1, (size_t[]){1024}, a, 5);
        run_local = NULL;
    }
    { /* a 16-bin histogram of 4096 values in global memory, 64 groups */
        seed = 17;
        struct arg a[2] = {buf(BUF_U32, 4096, 0), buf(BUF_U32, 16, 1)};
        for (size_t i = 0; i < 4096; i++)
            ((uint32_t *)a[0].data)[i] = (uint32_t)rnd(0, 1000000);
        run_local = (size_t[]){64};
        run("atomic_ops.cl", "at_hist16", 1, (size_t[]){4096}, a, 2);
        run_local = NULL;
    }
    { /* the same operations on __local memory, 4 groups of 128 */
        seed = 18;
        struct arg a[2] = {buf(BUF_I32, 512, 0), buf(BUF_I32, 40, 1)};
        for (size_t i = 0; i < 512; i++)
            ((int32_t *)a[0].data)[i] = rnd(-100000, 100000);
        run_local = (size_t[]){128};
        run("atomic_ops.cl", "at_local_ops", 1, (size_t[]){512}, a, 2);
        run_local = NULL;
    }
    { /* 64-bit add, inc and xchg; the longs as pairs of ints (low word first): the sum of 256
       * values below 2^31 carries into the high word */
        seed = 19;
        struct arg a[2] = {buf(BUF_I32, 6, 1), buf(BUF_I32, 512, 0)};
        ((int32_t *)a[0].data)[0] = -1; /* g[0] = 0x00000000ffffffff */
        for (size_t i = 0; i < 256; i++)
            ((int32_t *)a[1].data)[2 * i] = rnd(0, 2000000000);
        run_local = (size_t[]){64};
        run("atomic_ops.cl", "at_ops64", 1, (size_t[]){256}, a, 2);
        run_local = NULL;
    }
    { /* 64-bit integer operations (conv64.cl): longs as pairs of ints, low word first */
        seed = 20;
        struct arg a[4] = {buf(BUF_I32, 128, 0),
                           buf(BUF_I32, 128, 0),
                           buf(BUF_I32, 2048, 1),
                           {.kind = SCALAR_I32}};
        a[3].scalar.i = 37;
        for (size_t i = 0; i < 64; i++) {
            put64(&a[0], i, rnd64());
            put64(&a[1], i, rnd64());
        }
        run_local = (size_t[]){16};
        run("conv64.cl", "q_ops", 1, (size_t[]){64}, a, 4);
        run_local = NULL;
    }
    { /* long <-> float and float -> int conversions with every rounding mode */
        seed = 21;
        struct arg a[5] = {buf(BUF_I32, 128, 0), buf(BUF_F32, 64, 0), buf(BUF_I32, 512, 1),
                           buf(BUF_F32, 384, 1), buf(BUF_I32, 384, 1)};
        static const float sp[8] = {2.5f,        -2.5f,       3.5f,           -0.5f,
                                    0.49999997f, 16777217.0f, -2147483520.0f, 2147483520.0f};
        for (size_t i = 0; i < 64; i++) {
            put64(&a[0], i, rnd64());
            float g = i < 8   ? sp[i]
                      : i % 2 ? (float)rnd(-1000000, 1000000) * 0.125f
                              : (float)rnd(-2000000, 2000000) * 1000.0f;
            ((float *)a[1].data)[i] = g;
        }
        run_local = (size_t[]){16};
        run("conv64.cl", "q_conv", 1, (size_t[]){64}, a, 5);
        run_local = NULL;
    }
    { /* int/uint -> float rounding, rint, round, trunc, floor, ceil, fma, saturating
       * conversions to narrow types */
        seed = 22;
        struct arg a[5] = {buf(BUF_F32, 64, 0), buf(BUF_I32, 64, 0), buf(BUF_U32, 64, 0),
                           buf(BUF_F32, 512, 1), buf(BUF_I32, 64, 1)};
        for (size_t i = 0; i < 64; i++) {
            ((float *)a[0].data)[i] = (float)rnd(-8000, 8000) * 0.125f;
            ((uint32_t *)a[1].data)[i] = rnd32();
            ((uint32_t *)a[2].data)[i] = rnd32();
        }
        run_local = (size_t[]){16};
        run("conv64.cl", "f_round", 1, (size_t[]){64}, a, 5);
        run_local = NULL;
    }
    /* The interface features (tests/launch/iface_e2e_test.py): program-scope data, printf,
     * private memory, the global offset, a kernel without local IDs (iface.cl) */
    run_options = "-cl-std=CL2.0";
    { /* a weight table in __constant memory indexed by the data */
        seed = 16;
        struct arg a[2] = {buf(BUF_I32, 64, 0), buf(BUF_F32, 64, 1)};
        for (size_t i = 0; i < 64; i++)
            ((int32_t *)a[0].data)[i] = rnd(0, 1000);
        run("iface.cl", "ps_table", 1, (size_t[]){64}, a, 2);
    }
    { /* a __global variable with initial values, read and written */
        seed = 17;
        struct arg a[2] = {buf(BUF_I32, 16, 0), buf(BUF_I32, 16, 1)};
        for (size_t i = 0; i < 16; i++)
            ((int32_t *)a[0].data)[i] = rnd(-1000, 1000);
        run("iface.cl", "ps_global", 1, (size_t[]){16}, a, 2);
    }
    { /* pow() and tan(): IGC's constant tables */
        seed = 18;
        struct arg a[2] = {buf(BUF_F32, 32, 0), buf(BUF_F32, 64, 1)};
        for (size_t i = 0; i < 32; i++)
            ((float *)a[0].data)[i] = (float)rnd(1, 400) / 64.0f;
        run("iface.cl", "ps_pow_tan", 1, (size_t[]){32}, a, 2);
    }
    { /* a private array indexed by the data */
        seed = 19;
        struct arg a[3] = {buf(BUF_I32, 64, 0), buf(BUF_I32, 64, 0), buf(BUF_I32, 64, 1)};
        for (size_t i = 0; i < 64; i++) {
            ((int32_t *)a[0].data)[i] = rnd(-1000, 1000);
            ((int32_t *)a[1].data)[i] = rnd(0, 63);
        }
        run("iface.cl", "pv_array", 1, (size_t[]){64}, a, 3);
    }
    { /* the global offset */
        struct arg a[1] = {buf(BUF_I32, 16, 1)};
        run_offset = (size_t[]){5};
        run("iface.cl", "go_offset", 1, (size_t[]){16}, a, 1);
        run_offset = NULL;
    }
    { /* no local IDs: one work-item per group */
        struct arg a[2] = {buf(BUF_I32, 4, 1), {.kind = SCALAR_I32}};
        a[1].scalar.i = 7;
        run_local = (size_t[]){1};
        run("iface.cl", "nl_groups", 1, (size_t[]){4}, a, 2);
        run_local = NULL;
    }
    { /* printf: ints in several conversions, a char, a string, a float */
        seed = 20;
        struct arg a[1] = {buf(BUF_I32, 8, 0)};
        for (size_t i = 0; i < 8; i++)
            ((int32_t *)a[0].data)[i] = rnd(-100000, 100000);
        run_printf = 1;
        run("iface.cl", "pf_ints", 1, (size_t[]){8}, a, 1);
        run_printf = 0;
    }
    run_options = "";
    /* programs with program-scope __constant data (IGC 2.x: const_base, tests/corpus2) */
    { /* integer bit builtins (math.cl) */
        seed = 21;
        struct arg a[2] = {buf(BUF_U32, 64, 0), buf(BUF_U32, 64, 1)};
        for (size_t i = 0; i < 64; i++)
            ((uint32_t *)a[0].data)[i] = rnd32();
        run("math.cl", "m_intbits", 1, (size_t[]){64}, a, 2);
    }
    { /* a private table with initial values, indexed by the data (indirect.cl) */
        seed = 22;
        struct arg a[2] = {buf(BUF_U32, 64, 0), buf(BUF_U32, 64, 1)};
        for (size_t i = 0; i < 64; i++)
            ((uint32_t *)a[0].data)[i] = rnd32();
        run("indirect.cl", "ind_table", 1, (size_t[]){64}, a, 2);
    }
    /* The kernels of tests/corpus2 that take no image or sampler (atomics, large, branch,
     * calls, convert, double, indirect, buf_loop, math, printf, types, vec_args, vector):
     * inputs chosen so that every result is exact where the operation allows; m_native,
     * m_transcendental and big_math are not (tests/launch/launch_test.py TOLERANCE) */
    { /* a 64-bin histogram of bytes in __local memory merged into global memory with
       * atomic_add: 16 groups of 128; the bins start at 1000 * bin */
        seed = 23;
        struct arg a[2] = {buf_t("uchar", 2048, 0), buf(BUF_U32, 64, 1)};
        for (size_t i = 0; i < 2048; i++)
            ((uint8_t *)a[0].data)[i] = (uint8_t)rnd(0, 255);
        for (size_t i = 0; i < 64; i++)
            ((uint32_t *)a[1].data)[i] = 1000u * (uint32_t)i;
        run_local = (size_t[]){128};
        run("atomics.cl", "at_histogram", 1, (size_t[]){2048}, a, 2);
        run_local = NULL;
    }
    { /* min, max, xchg, or, and, sub and a float add by a compare-exchange loop, one group of
       * 256: the value xchg leaves depends on the order (any of the inputs); the or of the
       * values it hands back does not (-1: every bit is set in two inputs or more); the float
       * sum of integers below 2^24 is exact in any order */
        seed = 24;
        struct arg a[3] = {buf(BUF_I32, 6, 1), buf(BUF_I32, 256, 0), buf(BUF_F32, 1, 1)};
        const int32_t c0[6] = {5000, -5000, 0x12345678, 0, -1, 0};
        memcpy(a[0].data, c0, sizeof c0);
        for (size_t i = 0; i < 256; i++)
            ((int32_t *)a[1].data)[i] = rnd(-1000, 1000);
        ((float *)a[2].data)[0] = 0.5f;
        run_local = (size_t[]){256};
        run_any_of = "{\"index\": 0, \"element\": 2, \"of\": 1}";
        run("atomics.cl", "at_misc", 1, (size_t[]){256}, a, 3);
        run_any_of = NULL;
        run_local = NULL;
    }
    { /* a 256-tap FIR: every input 0 or +-2^k (k = -1..2), so every product with a tap
       * (float)((k * 37) % 101) * 0.01f is exact and mad, fused or not, rounds only the sum,
       * in the kernel's own order */
        seed = 25;
        static const float pow2[8] = {0.0f, 0.5f, 1.0f, 2.0f, 4.0f, -0.5f, -1.0f, -4.0f};
        struct arg a[2] = {buf(BUF_F32, 64 + 255, 0), buf(BUF_F32, 64, 1)};
        for (size_t i = 0; i < 64 + 255; i++)
            ((float *)a[0].data)[i] = pow2[rnd(0, 7)];
        run("large.cl", "big_fir", 1, (size_t[]){64}, a, 2);
    }
    { /* sin, sqrt, exp, pow in a chain of six: not exact (launch_test.py TOLERANCE) */
        seed = 26;
        struct arg a[2] = {buf(BUF_F32, 64, 0), buf(BUF_F32, 64, 1)};
        for (size_t i = 0; i < 64; i++)
            ((float *)a[0].data)[i] = (float)rnd(-256, 256) / 64.0f;
        run("large.cl", "big_math", 1, (size_t[]){64}, a, 2);
    }
    { /* if/else chains and an early return on NaN: the input is float bits (NaN is no JSON
       * number), the output starts at -7777 (left there for NaN) */
        seed = 27;
        static const uint32_t sp[12] = {0x7fc00000u, 0xffc00001u, 0x7f800001u, 0,
                                        0x80000000u, 0x3f000000u, 0x3f800000u, 0x3f7fffffu,
                                        0x4e6e6b28u, 0xbf800000u, 0x40490fdbu, 0x4b7fffffu};
        struct arg a[2] = {buf(BUF_U32, 64, 0), buf(BUF_I32, 64, 1)};
        for (size_t i = 0; i < 64; i++) {
            float v = (float)rnd(-1000, 1000) / 16.0f;
            if (i < 12)
                ((uint32_t *)a[0].data)[i] = sp[i];
            else
                memcpy((uint32_t *)a[0].data + i, &v, 4);
            ((int32_t *)a[1].data)[i] = -7777;
        }
        run("branch.cl", "br_classify", 1, (size_t[]){64}, a, 2);
    }
    { /* a noinline subroutine with a loop (Collatz steps, at most 200) called under divergent
       * control flow */
        seed = 28;
        struct arg a[2] = {buf(BUF_I32, 64, 0), buf(BUF_I32, 64, 1)};
        for (size_t i = 0; i < 64; i++)
            ((int32_t *)a[0].data)[i] = rnd(-50, 5000);
        run("calls.cl", "call_divergent", 1, (size_t[]){64}, a, 2);
    }
    { /* a noinline polynomial called twice: inputs k/8, |k| <= 512, so every product and sum
       * (fused or not) is exact */
        seed = 29;
        struct arg a[2] = {buf(BUF_F32, 64, 0), buf(BUF_F32, 64, 1)};
        for (size_t i = 0; i < 64; i++)
            ((float *)a[0].data)[i] = (float)rnd(-512, 512) / 8.0f;
        run("calls.cl", "call_poly", 1, (size_t[]){64}, a, 2);
    }
    { /* int -> float with rtz and rtp, short -> float, saturating char2: every conversion and
       * sum is defined to the bit (no product to fuse) */
        seed = 30;
        static const int32_t sp[8] = {0,        -1,        INT32_MIN,  INT32_MAX,
                                      16777217, -16777217, 0x7fffff80, 33554435};
        struct arg a[3] = {buf(BUF_I32, 64, 0), buf(BUF_F32, 64, 1), buf_t("char", 128, 1)};
        for (size_t i = 0; i < 64; i++)
            ((int32_t *)a[0].data)[i] = i < 8   ? sp[i]
                                        : i % 2 ? rnd(-100000, 100000)
                                                : (int32_t)rnd32();
        run("convert.cl", "cv_from_int", 1, (size_t[]){64}, a, 3);
    }
    { /* float4 * 255 to uchar4 (sat, rte), short4 (sat, rtz), int4 (rtp + rtn + bits): inputs
       * k/256 and m/2 (odd m: v = 127.5 m, a tie for rte), every product exact */
        seed = 31;
        struct arg a[4] = {buf(BUF_F32, 256, 0), buf_t("uchar", 256, 1), buf_t("short", 256, 1),
                           buf(BUF_I32, 256, 1)};
        for (size_t i = 0; i < 256; i++)
            ((float *)a[0].data)[i] =
                i % 3 ? (float)rnd(-2000, 2000) / 256.0f : (float)rnd(-20, 20) / 2.0f;
        run("convert.cl", "cv_sat", 1, (size_t[]){64}, a, 4);
    }
    { /* double fma, division, sqrt and conversions: each correctly rounded in double
       * (OpenCL 1.2 section 7.4), so exact whatever the inputs; b never -2 */
        seed = 32;
        struct arg a[4] = {buf_t("double", 64, 0), buf(BUF_F32, 64, 0), buf_t("double", 64, 1),
                           buf(BUF_I32, 64, 1)};
        for (size_t i = 0; i < 64; i++) {
            ((double *)a[0].data)[i] = (double)rnd(-1000000, 1000000) / 7.0;
            int b = rnd(-1000, 1000);
            ((float *)a[1].data)[i] = (float)(b == -16 ? 3 : b) / 8.0f;
        }
        run("double.cl", "dbl_ops", 1, (size_t[]){64}, a, 4);
    }
    { /* -fabs(x) * x.wzyx + fabs(x.yxwz), any(), all(): inputs k/8, every fourth vector all
       * negative */
        seed = 33;
        struct arg a[2] = {buf(BUF_F32, 256, 0), buf(BUF_F32, 256, 1)};
        for (size_t i = 0; i < 256; i++)
            ((float *)a[0].data)[i] = (float)(i / 4 % 4 == 3 ? -rnd(1, 64) : rnd(-64, 64)) / 8.0f;
        run("indirect.cl", "ind_negabs", 1, (size_t[]){64}, a, 2);
    }
    { /* a private array of 16 indexed by the data: small integers and quarters */
        seed = 34;
        struct arg a[3] = {buf(BUF_I32, 64, 0), buf(BUF_F32, 1024, 0), buf(BUF_F32, 64, 1)};
        for (size_t i = 0; i < 64; i++)
            ((int32_t *)a[0].data)[i] = rnd(0, 4095);
        for (size_t i = 0; i < 1024; i++)
            ((float *)a[1].data)[i] = (float)rnd(-100, 100) / 4.0f;
        run("indirect.cl", "ind_private", 1, (size_t[]){64}, a, 3);
    }
    { /* a 16x16 matrix product, 2D NDRange: small integers and quarters, every partial sum
       * exact */
        seed = 35;
        struct arg a[4] = {
            buf(BUF_F32, 256, 0), buf(BUF_F32, 256, 0), buf(BUF_F32, 256, 1), {.kind = SCALAR_I32}};
        a[3].scalar.i = 16;
        for (size_t i = 0; i < 256; i++) {
            ((float *)a[0].data)[i] = (float)rnd(-16, 16);
            ((float *)a[1].data)[i] = (float)rnd(-16, 16) / 4.0f;
        }
        run("buf_loop.cl", "loop_matmul", 2, (size_t[]){16, 16}, a, 4);
    }
    { /* native_*: their precision is the implementation's (launch_test.py TOLERANCE); inputs
       * k/64 in [-1.5, 2] */
        seed = 36;
        struct arg a[2] = {buf(BUF_F32, 256, 0), buf(BUF_F32, 256, 1)};
        for (size_t i = 0; i < 256; i++)
            ((float *)a[0].data)[i] = (float)rnd(-96, 128) / 64.0f;
        run("math.cl", "m_native", 1, (size_t[]){64}, a, 2);
    }
    { /* sqrt, rsqrt, exp, exp2, log, log2, pow, sin, cos, tan, atan2, fma, floor, ceil,
       * copysign: not exact (launch_test.py TOLERANCE); inputs k/64 in [-4, 4] */
        seed = 37;
        struct arg a[2] = {buf(BUF_F32, 64, 0), buf(BUF_F32, 64, 1)};
        for (size_t i = 0; i < 64; i++)
            ((float *)a[0].data)[i] = (float)rnd(-256, 256) / 64.0f;
        run("math.cl", "m_transcendental", 1, (size_t[]){64}, a, 2);
    }
    { /* printf of an int and a float (binary fractions: %f prints them exactly) by two of
       * eight work-items */
        seed = 38;
        struct arg a[1] = {buf(BUF_F32, 8, 0)};
        for (size_t i = 0; i < 8; i++)
            ((float *)a[0].data)[i] = (float)rnd(-100000, 100000) / 32.0f;
        run_printf = 1;
        run("printf.cl", "pf_hello", 1, (size_t[]){8}, a, 1);
        run_printf = 0;
    }
    { /* half arithmetic: pocl has no cl_khr_fp16, so the outputs are computed on the host
       * (ty_half_host: exact) and check_expected.py recomputes them */
        seed = 39;
        struct arg a[3] = {buf_t("ushort", 64, 0), buf_t("ushort", 64, 1), buf(BUF_F32, 64, 1)};
        for (size_t i = 0; i < 64; i++)
            ((uint16_t *)a[0].data)[i] = float_to_half((float)rnd(-256, 256) / 4.0f);
        run_host = ty_half_host;
        run("types.cl", "ty_half", 1, (size_t[]){64}, a, 3);
        run_host = NULL;
    }
    run_drop = "ty_half"; /* the rest of types.cl, which pocl builds without ty_half */
    {                     /* char and short arithmetic that wraps */
        seed = 40;
        struct arg a[3] = {buf_t("char", 64, 0), buf_t("short", 64, 0), buf_t("short", 64, 1)};
        for (size_t i = 0; i < 64; i++) {
            ((int8_t *)a[0].data)[i] = (int8_t)rnd(-128, 127);
            ((int16_t *)a[1].data)[i] = (int16_t)rnd(-32768, 32767);
        }
        run("types.cl", "ty_small", 1, (size_t[]){64}, a, 3);
    }
    { /* long multiply, ulong divide and remainder, shifts: |a| < 2^39 and b < 2^23, so the
       * product stays in range */
        seed = 41;
        struct arg a[3] = {buf_t("long", 64, 0), buf_t("ulong", 64, 0), buf_t("long", 64, 1)};
        for (size_t i = 0; i < 64; i++) {
            ((int64_t *)a[0].data)[i] = (int64_t)rnd64() >> 25;
            ((uint64_t *)a[1].data)[i] = rnd32() >> 9;
        }
        run("types.cl", "ty_long", 1, (size_t[]){64}, a, 3);
    }
    run_drop = NULL;
    { /* vector arguments by value: int4, float4, uchar4, int2, float3, short8, long2 */
        struct arg a[9] = {buf(BUF_I32, 8 * 16, 1), buf(BUF_F32, 8 * 8, 1), scalar_v("int4"),
                           scalar_v("float4"),      scalar_v("uchar4"),     scalar_v("int2"),
                           scalar_v("float3"),      scalar_v("short8"),     scalar_v("long2")};
        memcpy(a[2].data, (int32_t[]){1, -2, 300000, -7}, 16);
        memcpy(a[3].data, (float[]){0.5f, -1.25f, 3.0f, 8.0f}, 16);
        memcpy(a[4].data, (uint8_t[]){1, 128, 255, 7}, 4);
        memcpy(a[5].data, (int32_t[]){-5, 123456}, 8);
        memcpy(a[6].data, (float[]){1.5f, -2.25f, 1024.0f, 0.0f}, 16);
        memcpy(a[7].data, (int16_t[]){-32768, 1, -2, 300, 32767, -1, 12, -1234}, 16);
        /* l2.x - l2.y = 12345: both words of each long matter */
        memcpy(a[8].data, (int64_t[]){((int64_t)1 << 40) + 12345, (int64_t)1 << 40}, 16);
        run("vec_args.cl", "va_args", 1, (size_t[]){8}, a, 9);
    }
    { /* char, short and uchar arguments, which IGC passes in 4 bytes each */
        struct arg a[4] = {buf(BUF_I32, 16, 1), scalar_v("char"), scalar_v("short"),
                           scalar_v("uchar")};
        memcpy(a[1].data, (int8_t[]){-7}, 1);
        memcpy(a[2].data, (int16_t[]){-12345}, 2);
        memcpy(a[3].data, (uint8_t[]){200}, 1);
        run("small_args.cl", "sa_char_short", 1, (size_t[]){16}, a, 4);
    }
    { /* uchar16 shuffle and wrapping add, int8 swizzles */
        seed = 42;
        struct arg a[4] = {buf_t("uchar", 256, 0), buf_t("uchar", 256, 1), buf(BUF_I32, 128, 0),
                           buf(BUF_I32, 128, 1)};
        for (size_t i = 0; i < 256; i++)
            ((uint8_t *)a[0].data)[i] = (uint8_t)rnd(0, 255);
        for (size_t i = 0; i < 128; i++)
            ((int32_t *)a[2].data)[i] = rnd(-100000, 100000);
        run("vector.cl", "vec_bytes", 1, (size_t[]){16}, a, 4);
    }
    { /* cross, dot, normalize, length, distance of small integer vectors: x and x - y of
       * integer length, cross(x, y) of a power-of-two length (so along an axis): every result
       * is exact */
        seed = 43;
        struct arg a[3] = {buf(BUF_F32, 128, 0), buf(BUF_F32, 128, 0), buf(BUF_F32, 128, 1)};
        for (size_t i = 0; i < 32;) {
            int x[4], y[4], d[4];
            for (int c = 0; c < 4; c++) {
                x[c] = rnd(-6, 6);
                y[c] = rnd(-6, 6);
                d[c] = x[c] - y[c];
            }
            int cr[3] = {x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2],
                         x[0] * y[1] - x[1] * y[0]};
            int lx = x[0] * x[0] + x[1] * x[1] + x[2] * x[2] + x[3] * x[3];
            int ld = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + d[3] * d[3];
            int lc = cr[0] * cr[0] + cr[1] * cr[1] + cr[2] * cr[2];
            int rx = 0, rd = 0, rc = 1;
            while ((rx + 1) * (rx + 1) <= lx)
                rx++;
            while ((rd + 1) * (rd + 1) <= ld)
                rd++;
            while (rc * rc < lc)
                rc *= 2;
            if (rx * rx != lx || rd * rd != ld || rc * rc != lc || !lc)
                continue;
            for (int c = 0; c < 4; c++) {
                ((float *)a[0].data)[4 * i + c] = (float)x[c];
                ((float *)a[1].data)[4 * i + c] = (float)y[c];
            }
            i++;
        }
        run("vector.cl", "vec_geom", 1, (size_t[]){32}, a, 3);
    }
    { /* vload3 / vstore3 one float past 16-byte alignment; out[0] keeps its -1 */
        seed = 44;
        struct arg a[2] = {buf(BUF_F32, 193, 0), buf(BUF_F32, 193, 1)};
        for (size_t i = 0; i < 193; i++) {
            ((float *)a[0].data)[i] = (float)rnd(-1000, 1000) / 8.0f;
            ((float *)a[1].data)[i] = -1.0f;
        }
        run("vector.cl", "vec_vload", 1, (size_t[]){64}, a, 2);
    }
    /* The image kernels of large.cl: big_conv9x9 and big_lin_taps exact to the bit (see each),
     * big_bilateral bounded by the ULP table (launch_test.py TOLERANCE) */
    { /* a 9x9 convolution through a nearest CLAMP_TO_EDGE sampler, weights from __constant
       * memory: texels k/4 (|k| <= 32), weights m/8 (|m| <= 8), so every product is a multiple
       * of 1/32 below 8 and every sum of 81 is exact in float, in any order, fused or not */
        seed = 45;
        struct arg a[3] = {image(CL_FLOAT, 16, 16, 0), image(CL_FLOAT, 16, 16, 1),
                           buf(BUF_F32, 81, 0)};
        for (size_t i = 0; i < a[0].n; i++)
            ((float *)a[0].data)[i] = (float)rnd(-32, 32) / 4.0f;
        for (size_t i = 0; i < 81; i++)
            ((float *)a[2].data)[i] = (float)rnd(-8, 8) / 8.0f;
        run("large.cl", "big_conv9x9", 2, (size_t[]){16, 16}, a, 3);
    }
    { /* 48 linear taps at normalized coordinates, REPEAT, over a 16x8 FLOAT image: step is
       * (1/64, 1/8), a quarter texel across and a whole row down, so every tap lies on a row
       * centre and on a quarter of a texel across (weights 0, 1/4, 1/2, 3/4: exact for 8-bit
       * sub-texel weights and for float ones). The odd taps, at 1/4 and 3/4, are multiplied by
       * 1 / (k + 1) and summed; that product is exact (so fused or not, each sum rounds once)
       * when the tap, (3a + b) / 4 or (a + 3b) / 4 of two neighbours a, b, is a power of two:
       * each row of each channel is a cycle of odd integers whose every neighbour pair has
       * 3a + b and a + 3b zero or a power of two (in absolute value), scaled by 1/4 */
        seed = 46;
        static const int odd[12] = {1, -1, 3, -3, 5, -5, 7, -7, 11, -11, 13, -13};
        struct arg a[3] = {image(CL_FLOAT, 16, 8, 0), buf(BUF_F32, 16 * 8 * 4, 1),
                           scalar_v("float2")};
        memcpy(a[2].data, (float[]){1.0f / 64.0f, 1.0f / 8.0f}, 8);
        for (size_t row = 0; row < 8 * 4; row++) { /* row y, channel c: texels 4 (16 y + x) + c */
            int v[16];
            for (int ok = 0; !ok;) { /* a random walk over the pairs, until it closes */
                v[0] = odd[rnd(0, 11)];
                for (int x = 1; x <= 16; x++) {
                    int cand[12], n = 0;
                    for (int c = 0; c < 12; c++) {
                        int b = x < 16 ? odd[c] : v[0], p = abs(3 * v[x - 1] + b),
                            q = abs(v[x - 1] + 3 * b);
                        if (!(p & (p - 1)) && !(q & (q - 1))) /* 0 or a power of two */
                            cand[n++] = b;
                    }
                    if (x == 16)
                        ok = n > 0;
                    else /* never none: every odd value here has a neighbour */
                        v[x] = cand[rnd(0, n - 1)];
                }
            }
            for (int x = 0; x < 16; x++)
                ((float *)a[0].data)[4 * (16 * (row / 4) + (size_t)x) + row % 4] =
                    (float)v[x] / 4.0f;
        }
        run("large.cl", "big_lin_taps", 2, (size_t[]){16, 8}, a, 3);
    }
    { /* a 9x9 bilateral filter (exp weights: not exact, launch_test.py TOLERANCE), FLOAT 16x16:
       * channels k/16 in [0, 1], alpha in [-1/4, 1] (taps with alpha <= 0 are left out) and
       * <= 0 over the top-left 5x5, so pixel (0, 0) has no tap and keeps its texel; every
       * exp argument is exact (multiples of 1/256 below 12) */
        seed = 47;
        struct arg a[3] = {
            image(CL_FLOAT, 16, 16, 0), image(CL_FLOAT, 16, 16, 1), {.kind = SCALAR_F32}};
        a[2].scalar.f = 2.0f;
        for (size_t i = 0; i < a[0].n; i++) {
            size_t x = i / 4 % 16, y = i / 64;
            ((float *)a[0].data)[i] = i % 4 < 3        ? (float)rnd(0, 16) / 16.0f
                                      : x < 5 && y < 5 ? (float)rnd(-4, 0) / 16.0f
                                                       : (float)rnd(-4, 16) / 16.0f;
        }
        run("large.cl", "big_bilateral", 2, (size_t[]){16, 16}, a, 3);
    }
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    return 0;
}
