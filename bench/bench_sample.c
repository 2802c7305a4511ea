/* SPDX-License-Identifier: MIT */
/*
 * Sampling throughput of vsmp's engine next to lavapipe, measured in the same run.
 *
 * Workload: a 1024x1024 R8G8B8A8_UNORM texture with its 11 mips; SIMD16 messages of coherent
 * coordinates (2x2 quads walking the screen in order); point, bilinear, trilinear and 16x
 * anisotropic sampling through sample_d (explicit gradients, so both sides compute the same
 * LOD; lavapipe's compute shaders have no implicit derivatives) and ld. lavapipe runs the same
 * work as a compute shader (textureGrad / texelFetch), one invocation per lane, timed around
 * vkQueueSubmit..vkQueueWaitIdle; its thread count is set with LP_NUM_THREADS in a child.
 *
 * usage: bench_sample [--seconds S] [--threads N]      (a program: CTest does not run it)
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../tests/lavapipe/vk.h"
#include "vsmp/vsmp.h"

#define SIZE   1024
#define LEVELS 11

typedef struct workload {
    const char *name;
    unsigned op;
    uint8_t min, mag, mip;
    float grad_x, grad_y; /* texels per pixel along x and y */
} workload;

static const workload loads[] = {
    {"point", VSMP_SUB_SAMPLE_D, VSMP_FILTER_NEAREST, VSMP_FILTER_NEAREST, VSMP_MIPFILTER_NONE, 1,
     1},
    {"bilinear", VSMP_SUB_SAMPLE_D, VSMP_FILTER_LINEAR, VSMP_FILTER_LINEAR, VSMP_MIPFILTER_NONE, 1,
     1},
    {"trilinear", VSMP_SUB_SAMPLE_D, VSMP_FILTER_LINEAR, VSMP_FILTER_LINEAR, VSMP_MIPFILTER_LINEAR,
     1.5f, 1.5f},
    {"aniso16x", VSMP_SUB_SAMPLE_D, VSMP_FILTER_ANISOTROPIC, VSMP_FILTER_LINEAR,
     VSMP_MIPFILTER_LINEAR, 8, 1},
    {"ld", VSMP_SUB_LD, VSMP_FILTER_NEAREST, VSMP_FILTER_NEAREST, VSMP_MIPFILTER_NONE, 1, 1},
};
#define NLOADS (sizeof(loads) / sizeof(loads[0]))

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static vsmp_surface *g_surf;

typedef struct job {
    const workload *w;
    double seconds;
    unsigned thread;
    double samples;
} job;

/* Pixel (x, y) of a 2x2-quad-ordered screen: lane l of message m. */
static void pixel(uint64_t m, unsigned l, uint32_t *x, uint32_t *y)
{
    uint64_t quad = m * 4 + l / 4; /* 4 quads per SIMD16 message */
    uint32_t qx = (uint32_t)(quad % (SIZE / 2)), qy = (uint32_t)(quad / (SIZE / 2)) % (SIZE / 2);
    *x = qx * 2 + (l & 1);
    *y = qy * 2 + ((l >> 1) & 1);
}

static void *run_vsmp(void *arg)
{
    job *j = arg;
    const workload *w = j->w;
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.min_filter = w->min, st.mag_filter = w->mag, st.mip_filter = w->mip;
    st.max_aniso = 16;
    vsmp_plan *p = NULL;
    if (vsmp_plan_create(g_surf, &st, w->op, &p, NULL))
        return NULL;
    uint32_t u[16], v[16], gx[16], gy[16], zero[16] = {0};
    float fgx = w->grad_x / SIZE, fgy = w->grad_y / SIZE;
    for (int l = 0; l < 16; l++)
        memcpy(&gx[l], &fgx, 4), memcpy(&gy[l], &fgy, 4);
    vsmp_message m;
    memset(&m, 0, sizeof(m));
    m.simd = 16, m.mask = 0xffff;
    m.param[VSMP_P_U] = u, m.param[VSMP_P_V] = v;
    if (w->op == VSMP_SUB_LD) {
        m.param[VSMP_P_LOD] = zero;
    } else {
        m.param[VSMP_P_DUDX] = gx, m.param[VSMP_P_DVDY] = gy;
    }
    vsmp_result r;
    uint64_t msg = (uint64_t)j->thread * 1000003u, count = 0;
    double t0 = now(), t1 = t0;
    while (t1 - t0 < j->seconds) {
        for (int batch = 0; batch < 256; batch++, msg++) {
            for (unsigned l = 0; l < 16; l++) {
                uint32_t x, y;
                pixel(msg, l, &x, &y);
                if (w->op == VSMP_SUB_LD) {
                    u[l] = x, v[l] = y;
                } else {
                    float fu = (x + 0.5f) * w->grad_x / SIZE, fv = (y + 0.5f) * w->grad_y / SIZE;
                    memcpy(&u[l], &fu, 4), memcpy(&v[l], &fv, 4);
                }
            }
            vsmp_plan_run(p, &m, &r);
        }
        count += 256 * 16;
        t1 = now();
    }
    j->samples = (double)count / (t1 - t0);
    vsmp_plan_free(p);
    return NULL;
}

static double vsmp_rate(const workload *w, unsigned threads, double seconds)
{
    pthread_t t[64];
    job j[64];
    double sum = 0;
    for (unsigned i = 0; i < threads; i++) {
        j[i] = (job){w, seconds, i, 0};
        pthread_create(&t[i], NULL, run_vsmp, &j[i]);
    }
    for (unsigned i = 0; i < threads; i++) {
        pthread_join(t[i], NULL);
        sum += j[i].samples;
    }
    return sum;
}

/* ---- lavapipe (in a child: LP_NUM_THREADS is read when the device is created) ---- */

static const char *shader_for(const workload *w, char *buf, size_t n)
{
    const char *body =
        w->op == VSMP_SUB_LD
            ? "acc += texelFetch(tex, ivec2(x, y), 0);"
            : "vec2 uv = (vec2(x, y) + 0.5) * g / 1024.0;\n"
              "    acc += textureGrad(tex, uv, vec2(g.x / 1024.0, 0), vec2(0, g.y / 1024.0));";
    snprintf(buf, n,
             "#version 450\n"
             "layout(local_size_x = 16) in;\n"
             "layout(set = 0, binding = 0) uniform sampler2D tex;\n"
             "layout(std430, set = 0, binding = 1) readonly buffer In { vec4 g4; } inb;\n"
             "layout(std430, set = 0, binding = 2) writeonly buffer Out { vec4 o[]; } outb;\n"
             "void main() {\n"
             "  uint lane = gl_LocalInvocationID.x;\n"
             "  uint quad = gl_WorkGroupID.x * 4u + lane / 4u;\n"
             "  uint x = (quad %% 512u) * 2u + (lane & 1u);\n"
             "  uint y = ((quad / 512u) %% 512u) * 2u + ((lane >> 1) & 1u);\n"
             "  vec2 g = inb.g4.xy;\n"
             "  vec4 acc = vec4(0);\n"
             "  %s\n"
             "  outb.o[gl_GlobalInvocationID.x] = acc;\n"
             "}\n",
             body);
    return buf;
}

static int lavapipe_child(double seconds, int out_fd)
{
    vk v;
    if (vk_init(&v))
        return 1;
    const vsmp_surface_desc *d = vsmp_surface_get_desc(g_surf);
    size_t offs[LEVELS + 1];
    memcpy(offs, d->level_offset, sizeof(size_t) * LEVELS);
    offs[LEVELS] = d->data_size;
    double rates[NLOADS];
    for (size_t i = 0; i < NLOADS; i++) {
        const workload *w = &loads[i];
        vk_image_desc id = {VK_IMAGE_VIEW_TYPE_2D,
                            VK_FORMAT_R8G8B8A8_UNORM,
                            SIZE,
                            SIZE,
                            1,
                            1,
                            LEVELS,
                            w->mip == VSMP_MIPFILTER_NONE ? 1 : LEVELS,
                            0,
                            false};
        vk_image im;
        VkSampler smp;
        VkSamplerCreateInfo si = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                                  .magFilter = w->mag ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
                                  .minFilter = w->min ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
                                  .mipmapMode = w->mip == VSMP_MIPFILTER_LINEAR
                                                    ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                                                    : VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                  .anisotropyEnable = w->min == VSMP_FILTER_ANISOTROPIC,
                                  .maxAnisotropy = 16,
                                  .maxLod = 14};
        char glsl[2048];
        VkShaderModule sm = vk_shader(&v, shader_for(w, glsl, sizeof(glsl)));
        vk_buffer in, out;
        const uint32_t groups = 65536; /* 1M lanes a dispatch */
        if (!sm || vk_image_make(&v, &id, d->data, offs, &im) ||
            vkCreateSampler(v.dev, &si, NULL, &smp) != VK_SUCCESS ||
            vk_buffer_make(&v, 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &in) ||
            vk_buffer_make(&v, (size_t)groups * 16 * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out))
            return 1;
        float g[4] = {w->grad_x, w->grad_y, 0, 0};
        memcpy(in.map, g, 16);
        double t0 = now(), t1 = t0;
        uint64_t count = 0;
        while (t1 - t0 < seconds) {
            if (vk_dispatch_groups(&v, sm, im.view, smp, &in, &out, groups))
                return 1;
            count += (uint64_t)groups * 16;
            t1 = now();
        }
        rates[i] = (double)count / (t1 - t0);
        vkDestroySampler(v.dev, smp, NULL);
        vk_buffer_free(&v, &in);
        vk_buffer_free(&v, &out);
        vk_image_free(&v, &im);
    }
    vk_finish(&v);
    return write(out_fd, rates, sizeof(rates)) == (ssize_t)sizeof(rates) ? 0 : 1;
}

static int lavapipe_rates(unsigned threads, double seconds, double *rates)
{
    int fd[2];
    if (pipe(fd))
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        char t[16];
        snprintf(t, sizeof(t), "%u", threads);
        setenv("LP_NUM_THREADS", t, 1);
        close(fd[0]);
        _exit(lavapipe_child(seconds, fd[1]));
    }
    close(fd[1]);
    ssize_t n = read(fd[0], rates, sizeof(double) * NLOADS);
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return n == (ssize_t)(sizeof(double) * NLOADS) && WIFEXITED(status) && !WEXITSTATUS(status)
               ? 0
               : -1;
}

int main(int argc, char **argv)
{
    double seconds = 1.0;
    unsigned threads = (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = (unsigned)atoi(argv[++i]);
    }
    if (threads < 1 || threads > 64)
        threads = 1;
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.width = d.height = SIZE, d.levels = LEVELS;
    if (vsmp_surface_create(&d, &g_surf, NULL))
        return 1;
    for (uint32_t y = 0; y < SIZE; y++)
        for (uint32_t x = 0; x < SIZE; x++) {
            vsmp_texel t = {{(float)(x & 255) / 255.0f, (float)(y & 255) / 255.0f,
                             (float)((x ^ y) & 255) / 255.0f, 1.0f}};
            vsmp_surface_store(g_surf, 0, 0, x, y, &t);
        }
    vsmp_surface_generate_mips(g_surf);
    printf("vsmp %s sampling benchmark: 1024x1024 R8G8B8A8_UNORM, 11 mips, SIMD16 coherent\n",
           vsmp_version());
    printf("%u s per measurement; all threads = %u; M samples/s, ratio = vsmp / lavapipe\n\n",
           (unsigned)seconds, threads);
    double lvp1[NLOADS], lvpn[NLOADS];
    int have1 = lavapipe_rates(1, seconds, lvp1) == 0;
    int haven = lavapipe_rates(threads, seconds, lvpn) == 0;
    if (!have1 || !haven)
        printf("(lavapipe unavailable: install mesa-vulkan-drivers, glslang-tools)\n");
    printf("%-10s %12s %12s %8s   %12s %12s %8s\n", "workload", "vsmp 1T", "lavapipe 1T", "ratio",
           "vsmp NT", "lavapipe NT", "ratio");
    for (size_t i = 0; i < NLOADS; i++) {
        double v1 = vsmp_rate(&loads[i], 1, seconds) / 1e6;
        double vn = vsmp_rate(&loads[i], threads, seconds) / 1e6;
        double l1 = have1 ? lvp1[i] / 1e6 : 0, ln = haven ? lvpn[i] / 1e6 : 0;
        printf("%-10s %12.2f %12.2f %8.3f   %12.2f %12.2f %8.3f\n", loads[i].name, v1, l1,
               l1 > 0 ? v1 / l1 : 0, vn, ln, ln > 0 ? vn / ln : 0);
    }
    vsmp_surface_free(g_surf);
    return 0;
}
