/* SPDX-License-Identifier: MIT */
/*
 * Image kernels end to end, vsmp against pocl (a program, never a test):
 *
 *   bench_e2e [--rounds R] [--threads N] [--row NAME] [--kernels FILE]
 *
 * The kernels of bench/kernels/e2e.cl at 1920x1080: compiled by ocloc for tgllp at SIMD16 (in a
 * child process, outside the timing, cached) and run by vsmp_launch, and the same source built by
 * pocl (the system's OpenCL loader, the platform whose name holds "Portable") and run warm, with
 * clFinish after each frame. A frame is every pass of a row. For one thread and for N (every
 * online core by default), a child process is forked (pocl reads POCL_MAX_PTHREAD_COUNT once,
 * when it starts), and in it the rounds interleave: per round and row one vsmp frame, then one
 * pocl frame. Time is the process's CPU time per frame (every thread of it, pocl's workers
 * included), median and range over the rounds, and the median wall time. After the rounds the
 * outputs of the two are compared byte by byte: identical, or the largest difference in LSB and
 * how many bytes differ.
 */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ocloc.h"
#include "vsmp/vsmp.h"
#include "zebin.h"

enum { MAXR = 64, W = 1920, H = 1080, NIMG = 3, MAXPASS = 2, MAXARG = 6 };

/* image formats: RGBA8 UNORM, R8 UNORM, RGBA8 UINT */
enum { F_RGBA8, F_R8, F_RGBA8UI };

/* A pass's argument: an image of the row (0 input, 1 output, 2 between passes), the sampler
 * argument (CLK_* value), the weights buffer, an int or a float. */
typedef struct arg {
    char kind; /* 'i' image, 's' sampler, 'w' weights, 'I' int, 'F' float */
    int i;
    float f;
} arg;

typedef struct pass {
    const char *kernel;
    unsigned na;
    arg a[MAXARG];
} pass;

typedef struct row {
    const char *name, *what;
    unsigned fmt, in_w, in_h, npass;
    pass p[MAXPASS];
} row;

#define IMG(n)                                                                                     \
    {                                                                                              \
        'i', n, 0                                                                                  \
    }
#define INT(n)                                                                                     \
    {                                                                                              \
        'I', n, 0                                                                                  \
    }
#define FLT(x)                                                                                     \
    {                                                                                              \
        'F', 0, x                                                                                  \
    }
#define SMP(v)                                                                                     \
    {                                                                                              \
        's', v, 0                                                                                  \
    }
#define WEIGHTS                                                                                    \
    {                                                                                              \
        'w', 0, 0                                                                                  \
    }
/* CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST, unnormalized */
#define EDGE_NEAREST 0x12

static const row rows[] = {
    {"box5_rgba8",
     "5x5 box blur, sampler argument (edge, nearest), RGBA8",
     F_RGBA8,
     W,
     H,
     1,
     {{"box5", 3, {IMG(0), IMG(1), SMP(EDGE_NEAREST)}}}},
    {"box5_r8",
     "the same on R8",
     F_R8,
     W,
     H,
     1,
     {{"box5", 3, {IMG(0), IMG(1), SMP(EDGE_NEAREST)}}}},
    {"resize",
     "bilinear resize 1280x720 -> 1920x1080, inline sampler, RGBA8",
     F_RGBA8,
     1280,
     720,
     1,
     {{"resize", 2, {IMG(0), IMG(1)}}}},
    {"gauss9_buf",
     "separable 9-tap Gaussian, weights buffer, two passes, RGBA8",
     F_RGBA8,
     W,
     H,
     2,
     {{"gauss9_buf", 5, {IMG(0), IMG(2), WEIGHTS, INT(1), INT(0)}},
      {"gauss9_buf", 5, {IMG(2), IMG(1), WEIGHTS, INT(0), INT(1)}}}},
    {"gauss9_exp",
     "separable 9-tap Gaussian, weights from exp, two passes, RGBA8",
     F_RGBA8,
     W,
     H,
     2,
     {{"gauss9_exp", 5, {IMG(0), IMG(2), FLT(2.0f), INT(1), INT(0)}},
      {"gauss9_exp", 5, {IMG(2), IMG(1), FLT(2.0f), INT(0), INT(1)}}}},
    {"copy_ui",
     "read_imageui/write_imageui copy, RGBA8 UINT",
     F_RGBA8UI,
     W,
     H,
     1,
     {{"copy_ui", 2, {IMG(0), IMG(1)}}}},
    {"avgblur_r8",
     "avgblur-like, ADDRESS_NONE inline sampler, radius 3, two passes, R8",
     F_R8,
     W,
     H,
     2,
     {{"avg_pass", 5, {IMG(2), IMG(0), INT(3), INT(1), INT(0)}},
      {"avg_pass", 5, {IMG(1), IMG(2), INT(3), INT(0), INT(1)}}}},
};
enum { NROWS = sizeof(rows) / sizeof(rows[0]) };

static const float gauss_w[9] = {0.0276f, 0.0663f, 0.1238f, 0.1802f, 0.2042f,
                                 0.1802f, 0.1238f, 0.0663f, 0.0276f};

static unsigned fmt_bytes(unsigned f)
{
    return f == F_R8 ? 1 : 4;
}

/* ---- clocks ---- */

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double wall_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* ---- the row's images, in host memory (vsmp's surfaces lie on them) ---- */

typedef struct images {
    unsigned w[NIMG], h[NIMG];
    uint8_t *mem[NIMG];
    uint8_t *pocl_out; /* pocl's output read back */
} images;

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
    uint32_t s = seed * 2654435761u + 1u;
    for (size_t i = 0; i < n; i++) {
        s ^= s << 13, s ^= s >> 17, s ^= s << 5;
        p[i] = (uint8_t)((i / 7 + (s & 63)) & 0xff);
    }
}

static int images_make(const row *r, images *im)
{
    memset(im, 0, sizeof(*im));
    for (unsigned i = 0; i < NIMG; i++) {
        im->w[i] = i ? W : r->in_w;
        im->h[i] = i ? H : r->in_h;
        im->mem[i] = calloc((size_t)im->w[i] * im->h[i], fmt_bytes(r->fmt));
        if (!im->mem[i])
            return -1;
    }
    im->pocl_out = calloc((size_t)W * H, fmt_bytes(r->fmt));
    if (!im->pocl_out)
        return -1;
    fill(im->mem[0], (size_t)im->w[0] * im->h[0] * fmt_bytes(r->fmt), 7);
    return 0;
}

static void images_free(images *im)
{
    for (unsigned i = 0; i < NIMG; i++)
        free(im->mem[i]);
    free(im->pocl_out);
}

/* ---- vsmp ---- */

typedef struct vkernel {
    char name[128];
    vsmp_module *mod;
    vsmp_launch_iface *iface;
} vkernel;

static vkernel g_vk[8];
static unsigned g_nvk;

static int vsmp_compile(const char *src, size_t size)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_ocl_build b;
    vsmp_ocl_build_init(&b);
    b.device = "tgllp";
    b.options = "-DFOR_IGC";
    uint8_t *zebin = NULL;
    size_t zsize = 0;
    char *log = NULL;
    vsmp_ocl_program *prog = NULL;
    int rc = -1;
    if (vsmp_ocl_compile(src, size, &b, &zebin, &zsize, &log, &d) ||
        vsmp_ocl_zebin_read(zebin, zsize, &prog, &d)) {
        vsmp_diags_print(&d, "bench_e2e: ocloc", stderr);
        if (log)
            fputs(log, stderr);
        goto out;
    }
    for (unsigned i = 0; i < prog->nkernels && g_nvk < 8; i++) {
        vsmp_ocl_kernel *k = &prog->kernels[i];
        if (!k->iface || !k->visaasm) {
            fprintf(stderr, "bench_e2e: kernel %s not launched: %s\n", k->name, k->unsupported);
            goto out;
        }
        if (k->simd != 16) {
            fprintf(stderr, "bench_e2e: kernel %s compiled at SIMD%u\n", k->name, k->simd);
            goto out;
        }
        vkernel *v = &g_vk[g_nvk];
        snprintf(v->name, sizeof(v->name), "%s", k->name);
        if (vsmp_text_parse(k->visaasm, k->visaasm_size, VSMP_DIALECT_AUTO, &v->mod, &d)) {
            vsmp_diags_print(&d, k->name, stderr);
            goto out;
        }
        v->iface = k->iface;
        k->iface = NULL;
        g_nvk++;
    }
    rc = 0;
out:
    vsmp_ocl_program_free(prog);
    free(zebin);
    free(log);
    vsmp_diags_free(&d);
    return rc;
}

static const vkernel *vk_find(const char *name)
{
    for (unsigned i = 0; i < g_nvk; i++)
        if (!strcmp(g_vk[i].name, name))
            return &g_vk[i];
    return NULL;
}

typedef struct vrow {
    vsmp_surface *s[NIMG], *weights;
    vsmp_launch_arg args[MAXPASS][MAXARG];
    const vkernel *k[MAXPASS];
} vrow;

static vsmp_surface *surface_on(uint8_t *mem, unsigned w, unsigned h, vsmp_format f, size_t bpp)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = f;
    d.width = w;
    d.height = h;
    d.data = mem;
    d.data_size = (size_t)w * h * bpp;
    vsmp_surface *s = NULL;
    return vsmp_surface_create(&d, &s, NULL) ? NULL : s;
}

static int vrow_make(const row *r, images *im, vrow *v)
{
    static const vsmp_format fmts[] = {VSMP_FORMAT_R8G8B8A8_UNORM, VSMP_FORMAT_R8_UNORM,
                                       VSMP_FORMAT_R8G8B8A8_UINT};
    memset(v, 0, sizeof(*v));
    for (unsigned i = 0; i < NIMG; i++)
        if (!(v->s[i] =
                  surface_on(im->mem[i], im->w[i], im->h[i], fmts[r->fmt], fmt_bytes(r->fmt))))
            return -1;
    if (!(v->weights = surface_on((uint8_t *)gauss_w, sizeof(gauss_w), 1, VSMP_FORMAT_R8_UINT, 1)))
        return -1;
    for (unsigned p = 0; p < r->npass; p++) {
        const pass *ps = &r->p[p];
        if (!(v->k[p] = vk_find(ps->kernel)) ||
            vsmp_launch_iface_num_args(v->k[p]->iface) != ps->na)
            return fprintf(stderr, "bench_e2e: kernel %s missing or other arguments\n", ps->kernel),
                   -1;
        for (unsigned i = 0; i < ps->na; i++) {
            vsmp_launch_arg *a = &v->args[p][i];
            const arg *x = &ps->a[i];
            switch (x->kind) {
            case 'i':
                a->surface = v->s[x->i];
                break;
            case 'w':
                a->surface = v->weights;
                break;
            case 's':
                if (vsmp_sampler_from_cl((uint32_t)x->i, &a->sampler))
                    return -1;
                break;
            case 'I':
                memcpy(a->bytes, &x->i, 4), a->size = 4;
                break;
            default:
                memcpy(a->bytes, &x->f, 4), a->size = 4;
                break;
            }
        }
    }
    return 0;
}

static void vrow_free(vrow *v)
{
    for (unsigned i = 0; i < NIMG; i++)
        vsmp_surface_free(v->s[i]);
    vsmp_surface_free(v->weights);
}

static int vsmp_frame(const row *r, vrow *v, unsigned workers)
{
    vsmp_launch_options o;
    vsmp_launch_options_init(&o);
    o.platform = VSMP_PLATFORM_TGLLP;
    o.workers = workers;
    o.max_memory = 0;
    vsmp_ndrange nd = {2, {W, H, 1}, {0, 0, 0}, {0, 0, 0}};
    for (unsigned p = 0; p < r->npass; p++) {
        vsmp_diags d;
        vsmp_diags_init(&d);
        vsmp_status st =
            vsmp_launch(v->k[p]->mod, 0, v->k[p]->iface, &nd, v->args[p], r->p[p].na, &o, &d);
        if (st)
            vsmp_diags_print(&d, r->p[p].kernel, stderr);
        vsmp_diags_free(&d);
        if (st)
            return -1;
    }
    return 0;
}

/* ---- pocl ---- */

typedef struct pocl {
    cl_context ctx;
    cl_command_queue q;
    cl_program prog;
} pocl;

static int pocl_start(pocl *c, const char *src, size_t size, char *devname, size_t cap)
{
    cl_platform_id plats[8];
    cl_uint np = 0;
    if (clGetPlatformIDs(8, plats, &np) != CL_SUCCESS)
        return -1;
    for (cl_uint i = 0; i < np; i++) {
        char name[256] = "";
        clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof(name), name, NULL);
        if (!strstr(name, "Portable"))
            continue;
        cl_device_id dev;
        cl_int e;
        if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS)
            return -1;
        clGetDeviceInfo(dev, CL_DEVICE_NAME, cap, devname, NULL);
        c->ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
        if (e)
            return -1;
        c->q = clCreateCommandQueue(c->ctx, dev, 0, &e);
        if (e)
            return -1;
        const char *s = src;
        c->prog = clCreateProgramWithSource(c->ctx, 1, &s, &size, &e);
        if (e || clBuildProgram(c->prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS) {
            char log[8192] = "";
            clGetProgramBuildInfo(c->prog, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
            fprintf(stderr, "bench_e2e: pocl build failed:\n%s\n", log);
            return -1;
        }
        return 0;
    }
    fprintf(stderr, "bench_e2e: no pocl platform (apt-get install pocl-opencl-icd)\n");
    return -1;
}

typedef struct prow {
    cl_mem img[NIMG], weights;
    cl_sampler smp;
    cl_kernel k[MAXPASS];
} prow;

static int prow_make(pocl *c, const row *r, images *im, prow *v)
{
    static const cl_image_format fmts[] = {
        {CL_RGBA, CL_UNORM_INT8}, {CL_R, CL_UNORM_INT8}, {CL_RGBA, CL_UNSIGNED_INT8}};
    cl_int e;
    memset(v, 0, sizeof(*v));
    for (unsigned i = 0; i < NIMG; i++) {
        cl_image_desc d;
        memset(&d, 0, sizeof(d));
        d.image_type = CL_MEM_OBJECT_IMAGE2D;
        d.image_width = im->w[i];
        d.image_height = im->h[i];
        v->img[i] = clCreateImage(c->ctx, CL_MEM_READ_WRITE | (i ? 0 : CL_MEM_COPY_HOST_PTR),
                                  &fmts[r->fmt], &d, i ? NULL : im->mem[0], &e);
        if (e)
            return -1;
    }
    v->weights = clCreateBuffer(c->ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(gauss_w),
                                (void *)gauss_w, &e);
    if (e)
        return -1;
    v->smp = clCreateSampler(c->ctx, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST, &e);
    if (e)
        return -1;
    for (unsigned p = 0; p < r->npass; p++) {
        const pass *ps = &r->p[p];
        v->k[p] = clCreateKernel(c->prog, ps->kernel, &e);
        if (e)
            return -1;
        for (unsigned i = 0; i < ps->na; i++) {
            const arg *x = &ps->a[i];
            cl_uint ai = i;
            switch (x->kind) {
            case 'i':
                e = clSetKernelArg(v->k[p], ai, sizeof(cl_mem), &v->img[x->i]);
                break;
            case 'w':
                e = clSetKernelArg(v->k[p], ai, sizeof(cl_mem), &v->weights);
                break;
            case 's':
                e = clSetKernelArg(v->k[p], ai, sizeof(cl_sampler), &v->smp);
                break;
            case 'I':
                e = clSetKernelArg(v->k[p], ai, 4, &x->i);
                break;
            default:
                e = clSetKernelArg(v->k[p], ai, 4, &x->f);
                break;
            }
            if (e)
                return -1;
        }
    }
    return 0;
}

static void prow_free(prow *v)
{
    for (unsigned i = 0; i < NIMG; i++)
        if (v->img[i])
            clReleaseMemObject(v->img[i]);
    if (v->weights)
        clReleaseMemObject(v->weights);
    if (v->smp)
        clReleaseSampler(v->smp);
    for (unsigned p = 0; p < MAXPASS; p++)
        if (v->k[p])
            clReleaseKernel(v->k[p]);
}

static int pocl_frame(pocl *c, const row *r, prow *v)
{
    size_t g[2] = {W, H};
    for (unsigned p = 0; p < r->npass; p++)
        if (clEnqueueNDRangeKernel(c->q, v->k[p], 2, NULL, g, NULL, 0, NULL, NULL) != CL_SUCCESS)
            return -1;
    return clFinish(c->q) == CL_SUCCESS ? 0 : -1;
}

/* ---- one thread count, in a child process ---- */

typedef struct result {
    int ok;
    double v[MAXR], p[MAXR], vw[MAXR], pw[MAXR]; /* CPU and wall seconds per frame */
    unsigned maxdiff;
    size_t ndiff;
    char pocl_device[128];
} result;

static void run_rows(const char *src, size_t size, unsigned threads, unsigned rounds,
                     const char *only, result *res)
{
    char n[16];
    snprintf(n, sizeof(n), "%u", threads);
    setenv("POCL_MAX_PTHREAD_COUNT", n, 1);
    pocl c;
    char dev[128] = "";
    if (pocl_start(&c, src, size, dev, sizeof(dev)))
        return;
    for (unsigned i = 0; i < NROWS; i++) {
        const row *r = &rows[i];
        result *o = &res[i];
        snprintf(o->pocl_device, sizeof(o->pocl_device), "%s", dev);
        if (only && strcmp(only, r->name))
            continue;
        images im;
        vrow vr;
        prow pr;
        memset(&pr, 0, sizeof(pr));
        memset(&vr, 0, sizeof(vr));
        if (images_make(r, &im) || vrow_make(r, &im, &vr) || prow_make(&c, r, &im, &pr) ||
            vsmp_frame(r, &vr, threads) || pocl_frame(&c, r, &pr)) { /* warm */
            fprintf(stderr, "bench_e2e: row %s failed to set up\n", r->name);
            goto next;
        }
        for (unsigned k = 0; k < rounds; k++) {
            double c0 = cpu_now(), w0 = wall_now();
            if (vsmp_frame(r, &vr, threads))
                goto next;
            double c1 = cpu_now(), w1 = wall_now();
            if (pocl_frame(&c, r, &pr))
                goto next;
            double c2 = cpu_now(), w2 = wall_now();
            o->v[k] = c1 - c0, o->vw[k] = w1 - w0;
            o->p[k] = c2 - c1, o->pw[k] = w2 - w1;
        }
        size_t origin[3] = {0, 0, 0}, region[3] = {W, H, 1};
        if (clEnqueueReadImage(c.q, pr.img[1], CL_TRUE, origin, region, 0, 0, im.pocl_out, 0, NULL,
                               NULL) != CL_SUCCESS)
            goto next;
        size_t bytes = (size_t)W * H * fmt_bytes(r->fmt);
        for (size_t b = 0; b < bytes; b++) {
            unsigned d = (unsigned)abs((int)im.mem[1][b] - (int)im.pocl_out[b]);
            o->ndiff += d != 0;
            if (d > o->maxdiff)
                o->maxdiff = d;
        }
        o->ok = 1;
    next:
        prow_free(&pr);
        vrow_free(&vr);
        images_free(&im);
    }
}

/* ---- the report ---- */

typedef struct stat3 {
    double med, lo, hi;
} stat3;

static stat3 stats(const double *x, unsigned n)
{
    double s[MAXR];
    memcpy(s, x, n * sizeof(double));
    qsort(s, n, sizeof(double), cmp_d);
    return (stat3){n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2, s[0], s[n - 1]};
}

static void cpu_name(char *out, size_t cap)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512], model[256] = "unknown CPU", fam[16] = "?", mod[16] = "?";
    bool avx512 = false;
    while (f && fgets(line, sizeof(line), f)) {
        char *v = strchr(line, ':');
        if (!v)
            continue;
        v += 1 + (v[1] == ' ');
        v[strcspn(v, "\n")] = 0;
        if (!strncmp(line, "model name", 10))
            snprintf(model, sizeof(model), "%s", v);
        else if (!strncmp(line, "cpu family", 10))
            snprintf(fam, sizeof(fam), "%s", v);
        else if (!strncmp(line, "model\t", 6))
            snprintf(mod, sizeof(mod), "%s", v);
        else if (!strncmp(line, "flags", 5)) {
            avx512 = strstr(v, "avx512f") != NULL;
            break;
        }
    }
    if (f)
        fclose(f);
    unsigned flags = vsmp_cpu_flags();
    const char *env = getenv("VSMP_CPU");
    const char *level = env && *env               ? env
                        : flags & VSMP_CPU_AVX512 ? "avx512"
                        : flags & VSMP_CPU_AVX2   ? "avx2"
                        : flags & VSMP_CPU_C      ? "c"
                                                  : "ref";
    snprintf(out, cap, "%s (family %s model %s%s); vsmp CPU level %s", model, fam, mod,
             avx512 ? ", AVX-512 present" : "", level);
}

static char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *b = malloc(1u << 20);
    size_t n = b ? fread(b, 1, (1u << 20) - 1, f) : 0;
    fclose(f);
    if (b)
        b[n] = 0;
    *size = n;
    return b;
}

int main(int argc, char **argv)
{
    unsigned rounds = 3, threads = (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
    const char *only = NULL, *path = "bench/kernels/e2e.cl";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
            rounds = (unsigned)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = (unsigned)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--row") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--kernels") && i + 1 < argc)
            path = argv[++i];
        else {
            fprintf(stderr,
                    "usage: bench_e2e [--rounds R] [--threads N] [--row NAME] [--kernels FILE]\n");
            return 2;
        }
    }
    if (rounds < 1 || rounds > MAXR)
        rounds = 3;
    if (threads < 1 || threads > VSMP_LAUNCH_MAX_WORKERS)
        threads = 1;
    size_t size = 0;
    char *src = read_file(path, &size);
    if (!src) {
        fprintf(stderr, "bench_e2e: cannot read %s (run from the checkout, or --kernels)\n", path);
        return 1;
    }
    if (vsmp_compile(src, size))
        return 1;
    unsigned tc[2] = {1, threads}, nt = threads > 1 ? 2 : 1;
    result *res = mmap(NULL, sizeof(result) * NROWS * 2, PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (res == MAP_FAILED)
        return 1;
    memset(res, 0, sizeof(result) * NROWS * 2);
    fflush(NULL);
    for (unsigned t = 0; t < nt; t++) {
        pid_t pid = fork();
        if (pid == 0) {
            run_rows(src, size, tc[t], rounds, only, res + (size_t)t * NROWS);
            _exit(0);
        }
        int ws = 0;
        if (pid < 0 || waitpid(pid, &ws, 0) < 0 || !WIFEXITED(ws))
            fprintf(stderr, "bench_e2e: the %u-thread run failed\n", tc[t]);
    }
    char cpu[512];
    cpu_name(cpu, sizeof(cpu));
    printf("vsmp %s end-to-end image kernels at %ux%u; CPU: %s\n", vsmp_version(), W, H, cpu);
    printf("vsmp: vsmp_launch of ocloc's tgllp SIMD16 code; pocl: %s, warm, clFinish per frame\n",
           res[0].pocl_device[0] ? res[0].pocl_device : "?");
    printf("CPU ms per frame (the process's, every thread), median [min-max] of %u interleaved "
           "rounds; ratio = pocl / vsmp (above 1: vsmp faster); wall = median wall ms\n\n",
           rounds);
    for (unsigned t = 0; t < nt; t++) {
        printf("%u thread%s\n", tc[t], tc[t] == 1 ? "" : "s");
        printf("%-11s %24s %24s %6s %9s %9s  %s\n", "row", "vsmp ms", "pocl ms", "ratio",
               "vsmp wall", "pocl wall", "output");
        for (unsigned i = 0; i < NROWS; i++) {
            const result *o = &res[(size_t)t * NROWS + i];
            if (only && strcmp(only, rows[i].name))
                continue;
            if (!o->ok) {
                printf("%-11s failed\n", rows[i].name);
                continue;
            }
            stat3 v = stats(o->v, rounds), p = stats(o->p, rounds);
            stat3 vw = stats(o->vw, rounds), pw = stats(o->pw, rounds);
            char a[64], b[64], cmp[64];
            snprintf(a, sizeof(a), "%.1f [%.1f-%.1f]", v.med * 1e3, v.lo * 1e3, v.hi * 1e3);
            snprintf(b, sizeof(b), "%.1f [%.1f-%.1f]", p.med * 1e3, p.lo * 1e3, p.hi * 1e3);
            if (!o->ndiff)
                snprintf(cmp, sizeof(cmp), "identical");
            else
                snprintf(cmp, sizeof(cmp), "within %u LSB (%zu bytes differ)", o->maxdiff,
                         o->ndiff);
            printf("%-11s %24s %24s %6.2f %9.1f %9.1f  %s\n", rows[i].name, a, b, p.med / v.med,
                   vw.med * 1e3, pw.med * 1e3, cmp);
        }
        printf("\n");
    }
    for (unsigned i = 0; i < NROWS; i++)
        printf("%-11s %s\n", rows[i].name, rows[i].what);
    for (unsigned i = 0; i < g_nvk; i++) {
        vsmp_module_free(g_vk[i].mod);
        vsmp_launch_iface_free(g_vk[i].iface);
    }
    free(src);
    return 0;
}
