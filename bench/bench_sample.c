/* SPDX-License-Identifier: MIT */
/*
 * Sampling throughput of vsmp's engine next to lavapipe, measured fairly in the same run.
 *
 * Both sides do the same work: screen pixels in 2x2 quads, 64-lane groups (16 quads); each
 * pixel takes NSAMP samples whose coordinates (a pixel shift of (7k, 13k)) and gradients
 * (scaled by 1 + k/32) vary with the sample k. lavapipe runs it as one compute invocation per
 * pixel (local_size_x = 64) looping over k, so its dispatch overhead is spread over NSAMP
 * samples; each row's pipeline is warmed by an untimed dispatch. vsmp is fed SIMD16 messages of
 * the same pixels in the same order (lavapipe's first 64 groups, over and over), each computed in
 * the timed loop (the default): its coordinates (and gradients or LOD where the operation reads
 * them) from its group, sample k and quarter, by plain C the compiler vectorises (256-bit), into
 * a ring of buffers per thread while the messages before it are sent, as a kernel computes them
 * in its registers and as lavapipe's shader computes them from its ids.
 * --table points the messages instead at a table of 8192 built before timing (~1.5 MB, past L2:
 * a memory stream neither lavapipe nor a kernel pays; the figures before 2026-11-28 were measured
 * so). Each row checks the computed messages against the table before timing (every parameter
 * the operation reads, and every 8th message's results) and stops on a difference. Time is CPU
 * time (the whole lavapipe process, each vsmp thread), so other load on the machine does not
 * count: rates are
 * M samples per CPU-second, which a perfectly scaling engine keeps with N threads. Rounds
 * interleave vsmp and lavapipe row by row; the table shows the median and the range.
 *
 * Each row gives lavapipe the GLSL form of its operation, the cheapest it has: sample_d is
 * textureGrad, sample_lz textureLod(..., 0), sample_l textureLod with the LOD of the gradient
 * (log2 of texels per pixel), ld texelFetch (usampler2D for integer formats). Unnormalized rows
 * use a sampler with unnormalizedCoordinates (textureLod at LOD 0, texel coordinates, one level,
 * as Vulkan requires); border rows CLAMP_TO_BORDER with transparent black, vsmp's default border
 * colour. The sampling rows' coordinates run past the surface's right and bottom edges (up to
 * 217 and 403 texels), so border and clamp rows read off the level too.
 *
 * lavapipe runs in two children (LP_NUM_THREADS=1 and =N, read at device creation) that serve
 * measurement requests over pipes. llvmpipe's LLVM targets the host CPU's whole ISA (Mesa 22.3:
 * the -mattr list follows util_cpu_caps, -mcpu is the host's), AVX-512VL and its mask registers
 * too at its default 256-bit width; so when vsmp's level is restricted (VSMP_CPU=avx2 or c on a
 * machine with more), the children get the ISA that level is built for by Mesa's
 * GALLIUM_OVERRIDE_CPU_CAPS (read once when lavapipe starts): "avx" clears AVX-512 (AVX2, FMA and
 * F16C stay; 256-bit vectors), "sse2" everything past SSE2 (128-bit, as vsmp's C level is built).
 * The header names the peer's ISA; --peer-full keeps the host's; a GALLIUM_OVERRIDE_CPU_CAPS
 * the caller sets is passed on as it is.
 *
 * usage: bench_sample [--seconds S] [--rounds R] [--threads N] [--row NAME] [--vsmp-only]
 *                     [--table] [--also LEVEL] [--peer-full]
 *
 * --vsmp-only measures vsmp alone (for profiling; lavapipe's columns then read 0).
 * --also LEVEL (ref, c, avx2, avx512) measures vsmp on one thread at that CPU level too, in the
 * same interleaved rounds, in place of the N-thread columns: two levels side by side on the
 * same load ("1T/it": the first vsmp column over it). The first lines name the CPU, the levels
 * it has and the level in force.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../tests/lavapipe/vk.h"
#include "vsmp/vsmp.h"

#define NSAMP   32   /* samples per pixel (per lavapipe invocation) */
#define GROUPS  1024 /* lavapipe work groups per dispatch (64 lanes each) */
#define VGROUPS 64   /* groups whose messages vsmp has precomputed */
#define NMSG    (VGROUPS * NSAMP * 4)
#define MAXR    16

enum shape { S2D, S2DA, S3D, SCUBE };

typedef struct row {
    const char *name;
    enum shape shape;
    vsmp_format fmt;
    VkFormat vkf;
    unsigned op;
    uint8_t min, mag, mip;
    float gx, gy; /* texels per pixel along x and y */
    uint8_t addr; /* VSMP_TCM_*: WRAP when 0 */
    bool nn;      /* unnormalized coordinates (2D, sample_lz) */
    uint8_t vary; /* lanes' gradients: 0 alike; 1 lanes 8-15 of each 16 twice lanes 0-7's (a
                   * level apart: every message spans levels); 2 a ramp, 1 + (lane % 16) / 32 */
} row;

#define RGBA8 VSMP_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM
#define SD    VSMP_SUB_SAMPLE_D
#define SLZ   VSMP_SUB_SAMPLE_LZ
#define SL    VSMP_SUB_SAMPLE_L
#define NEAR  VSMP_FILTER_NEAREST
#define LIN   VSMP_FILTER_LINEAR
#define NOMIP VSMP_MIPFILTER_NONE
#define BORD  VSMP_TCM_CLAMP_BORDER
#define CLAMP VSMP_TCM_CLAMP
static const row rows[] = {
    {"point", S2D, RGBA8, SD, NEAR, NEAR, VSMP_MIPFILTER_NONE, 1, 1, 0, false, 0},
    {"bilinear", S2D, RGBA8, SD, LIN, LIN, VSMP_MIPFILTER_NONE, 1, 1, 0, false, 0},
    {"trilinear", S2D, RGBA8, SD, LIN, LIN, VSMP_MIPFILTER_LINEAR, 1.5f, 1.5f, 0, false, 0},
    /* (16, 2): 8 taps at LOD 1..2 on both sides (max anisotropy 16) */
    {"aniso16x", S2D, RGBA8, SD, VSMP_FILTER_ANISOTROPIC, LIN, VSMP_MIPFILTER_LINEAR, 16, 2, 0,
     false, 0},
    {"ld", S2D, RGBA8, VSMP_SUB_LD, NEAR, NEAR, VSMP_MIPFILTER_NONE, 1, 1, 0, false, 0},
    {"bil R8", S2D, VSMP_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM, SD, LIN, LIN, VSMP_MIPFILTER_NONE, 1,
     1, 0, false, 0},
    {"bil RGBA16F", S2D, VSMP_FORMAT_R16G16B16A16_FLOAT, VK_FORMAT_R16G16B16A16_SFLOAT, SD, LIN,
     LIN, VSMP_MIPFILTER_NONE, 1, 1, 0, false, 0},
    {"bil RGBA32F", S2D, VSMP_FORMAT_R32G32B32A32_FLOAT, VK_FORMAT_R32G32B32A32_SFLOAT, SD, LIN,
     LIN, VSMP_MIPFILTER_NONE, 1, 1, 0, false, 0},
    {"bil sRGB", S2D, VSMP_FORMAT_R8G8B8A8_UNORM_SRGB, VK_FORMAT_R8G8B8A8_SRGB, SD, LIN, LIN,
     VSMP_MIPFILTER_NONE, 1, 1, 0, false, 0},
    {"bil BC1", S2D, VSMP_FORMAT_BC1_UNORM, VK_FORMAT_BC1_RGBA_UNORM_BLOCK, SD, LIN, LIN,
     VSMP_MIPFILTER_NONE, 1, 1, 0, false, 0},
    {"tri 2Darray", S2DA, RGBA8, SD, LIN, LIN, VSMP_MIPFILTER_LINEAR, 1.5f, 1.5f, 0, false, 0},
    {"tri 3D", S3D, RGBA8, SD, LIN, LIN, VSMP_MIPFILTER_LINEAR, 1.5f, 1.5f, 0, false, 0},
    {"tri cube", SCUBE, RGBA8, SD, LIN, LIN, VSMP_MIPFILTER_LINEAR, 1.5f, 1.5f, 0, false, 0},
    /* trilinear with lanes' gradients unlike (a SIMD16 message's lanes on different levels) */
    {"tri mixed", S2D, RGBA8, SD, LIN, LIN, VSMP_MIPFILTER_LINEAR, 1.5f, 1.5f, 0, false, 1},
    {"tri ramp", S2D, RGBA8, SD, LIN, LIN, VSMP_MIPFILTER_LINEAR, 1.5f, 1.5f, 0, false, 2},
    /* explicit LOD (OpenCL's read_imagef: sample_lz, sample_l) against textureLod */
    {"point lz", S2D, RGBA8, SLZ, NEAR, NEAR, NOMIP, 1, 1, 0, false, 0},
    {"bil lz", S2D, RGBA8, SLZ, LIN, LIN, NOMIP, 1, 1, 0, false, 0},
    {"tri l", S2D, RGBA8, SL, LIN, LIN, VSMP_MIPFILTER_LINEAR, 1.5f, 1.5f, 0, false, 0},
    /* address modes and formats that once fell to the reference */
    {"point border", S2D, RGBA8, SLZ, NEAR, NEAR, NOMIP, 1, 1, BORD, false, 0},
    {"bil border", S2D, RGBA8, SLZ, LIN, LIN, NOMIP, 1, 1, BORD, false, 0},
    {"point R8 nn", S2D, VSMP_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM, SLZ, NEAR, NEAR, NOMIP, 1, 1,
     CLAMP, true, 0},
    {"pt R8 nn bord", S2D, VSMP_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM, SLZ, NEAR, NEAR, NOMIP, 1, 1,
     BORD, true, 0},
    {"bil R8 nn", S2D, VSMP_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM, SLZ, LIN, LIN, NOMIP, 1, 1, CLAMP,
     true, 0},
    {"bil R16 lz", S2D, VSMP_FORMAT_R16_UNORM, VK_FORMAT_R16_UNORM, SLZ, LIN, LIN, NOMIP, 1, 1, 0,
     false, 0},
    {"bil R16F lz", S2D, VSMP_FORMAT_R16_FLOAT, VK_FORMAT_R16_SFLOAT, SLZ, LIN, LIN, NOMIP, 1, 1, 0,
     false, 0},
    /* ld of integer formats (read_imageui) against texelFetch */
    {"ld RGBA8UI", S2D, VSMP_FORMAT_R8G8B8A8_UINT, VK_FORMAT_R8G8B8A8_UINT, VSMP_SUB_LD, NEAR, NEAR,
     NOMIP, 1, 1, 0, false, 0},
    {"ld RGBA32UI", S2D, VSMP_FORMAT_R32G32B32A32_UINT, VK_FORMAT_R32G32B32A32_UINT, VSMP_SUB_LD,
     NEAR, NEAR, NOMIP, 1, 1, 0, false, 0},
    {"ld R32F", S2D, VSMP_FORMAT_R32_FLOAT, VK_FORMAT_R32_SFLOAT, VSMP_SUB_LD, NEAR, NEAR, NOMIP, 1,
     1, 0, false, 0},
};
#define NROWS (sizeof(rows) / sizeof(rows[0]))

/* edge of the surface of each shape (3D: a cube of this size; cube: the face) */
static uint32_t edge(enum shape s)
{
    return s == S3D     ? 128
           : s == SCUBE ? 512
                        : (getenv("EDGE") ? (uint32_t)atoi(getenv("EDGE")) : 1024);
}

static double wall(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double cpu_thread(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double cpu_process(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + 1e-6 * (double)u.ru_utime.tv_usec +
           (double)u.ru_stime.tv_sec + 1e-6 * (double)u.ru_stime.tv_usec;
}

static uint32_t levels_of(enum shape s)
{
    uint32_t n = 1, e = edge(s);
    while (e > 1)
        e >>= 1, n++;
    return n;
}

/* ---- surfaces, shared by both sides (built before the lavapipe children fork) ---- */

static vsmp_surface *g_surf[NROWS];

static vsmp_surface *make_surface(const row *r)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    uint32_t e = edge(r->shape);
    d.type = r->shape == S3D     ? VSMP_SURFTYPE_3D
             : r->shape == SCUBE ? VSMP_SURFTYPE_CUBE
                                 : VSMP_SURFTYPE_2D;
    d.array = r->shape == S2DA;
    d.array_len = r->shape == S2DA ? 4 : 1;
    d.format = r->fmt;
    d.width = d.height = e;
    d.depth = r->shape == S3D ? e : 1;
    d.levels = levels_of(r->shape);
    vsmp_surface *s = NULL;
    if (vsmp_surface_create(&d, &s, NULL))
        return NULL;
    const vsmp_surface_desc *ld = vsmp_surface_get_desc(s);
    if (vsmp_format_get(r->fmt)->bc) {
        uint32_t x = 12345;
        for (size_t i = 0; i < ld->data_size; i++) {
            x = x * 1664525u + 1013904223u;
            ((uint8_t *)ld->data)[i] = (uint8_t)(x >> 24);
        }
        return s;
    }
    uint32_t w, h, dd, n;
    vsmp_surface_level_size(s, 0, &w, &h, &dd, &n);
    for (uint32_t z = 0; z < n; z++)
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                vsmp_texel t = {{(float)(x & 255) / 255.0f, (float)(y & 255) / 255.0f,
                                 (float)((x ^ y ^ z) & 255) / 255.0f, 1.0f}};
                vsmp_surface_store(s, 0, z, x, y, &t);
            }
    vsmp_surface_generate_mips(s);
    return s;
}

/* ---- the workload: pixel of lane l of group g, sample k's coordinates ---- */

static void pixel(uint32_t g, unsigned l, uint32_t *x, uint32_t *y)
{
    uint32_t quad = g * 16u + l / 4u;
    *x = (quad % 512u) * 2u + (l & 1u);
    *y = ((quad / 512u) % 512u) * 2u + ((l >> 1) & 1u);
}

typedef struct coords {
    float p[3], dx[3], dy[3];
    float lod;
    int32_t i[2];
} coords;

/* The factor of a lane's gradients (row.vary; lane16: its lane in a SIMD16 message, the
 * invocation's lane % 16 in lavapipe's group), and its GLSL */
static float vary_factor(const row *r, unsigned lane16)
{
    return r->vary == 1   ? (lane16 < 8 ? 1.0f : 2.0f)
           : r->vary == 2 ? 1.0f + (float)lane16 / 32.0f
                          : 1.0f;
}

static const char *vary_glsl(const row *r)
{
    return r->vary == 1   ? "    gxx *= (lane & 15u) < 8u ? 1.0 : 2.0, gyy *= (lane & 15u) < 8u ? "
                            "1.0 : 2.0;\n"
           : r->vary == 2 ? "    gxx *= 1.0 + float(lane & 15u) / 32.0, gyy *= 1.0 + float(lane & "
                            "15u) / 32.0;\n"
                          : "";
}

/* The same formulas as the GLSL of shader_for(). */
static coords sample_coords(const row *r, uint32_t x, uint32_t y, uint32_t k)
{
    coords c;
    memset(&c, 0, sizeof(c));
    float n = (float)edge(r->shape);
    float sx = (float)(x + 7u * k) + 0.5f, sy = (float)(y + 13u * k) + 0.5f;
    float sc = 1.0f + (float)k / 32.0f;
    float u = sx * r->gx / n, v = sy * r->gy / n;
    if (r->nn) /* texel coordinates */
        u = sx * r->gx, v = sy * r->gy;
    c.lod = log2f(r->gx * sc); /* sample_l: the gradient's LOD */
    float gxx = r->gx * sc / n, gyy = r->gy * sc / n;
    c.i[0] = (int32_t)((x + 7u * k) & 1023u), c.i[1] = (int32_t)((y + 13u * k) & 1023u);
    switch (r->shape) {
    case S2D:
    case S2DA:
        c.p[0] = u, c.p[1] = v, c.p[2] = (float)(k & 3u);
        c.dx[0] = gxx, c.dy[1] = gyy;
        break;
    case S3D:
        c.p[0] = u, c.p[1] = v, c.p[2] = ((float)k + 0.5f) / 32.0f;
        c.dx[0] = gxx, c.dy[1] = gyy;
        break;
    case SCUBE: {
        float a = (u - floorf(u)) * 2.0f - 1.0f, b = (v - floorf(v)) * 2.0f - 1.0f;
        if (k & 1u) {
            c.p[0] = 1.0f, c.p[1] = b, c.p[2] = a;
            c.dx[2] = 2.0f * gxx, c.dy[1] = 2.0f * gyy;
        } else {
            c.p[0] = a, c.p[1] = b, c.p[2] = 1.0f;
            c.dx[0] = 2.0f * gxx, c.dy[1] = 2.0f * gyy;
        }
        break;
    }
    }
    return c;
}

static const char *shader_for(const row *r, char *buf, size_t n)
{
    static const char *const samplers[] = {"sampler2D", "sampler2DArray", "sampler3D",
                                           "samplerCube"};
    static const char *const bodies[] = {
        "acc += textureGrad(tex, vec2(sx, sy) * g / N, vec2(gxx, 0), vec2(0, gyy));",
        "acc += textureGrad(tex, vec3(vec2(sx, sy) * g / N, float(k & 3u)), vec2(gxx, 0),\n"
        "                   vec2(0, gyy));",
        "acc += textureGrad(tex, vec3(vec2(sx, sy) * g / N, (float(k) + 0.5) / 32.0),\n"
        "                   vec3(gxx, 0, 0), vec3(0, gyy, 0));",
        "vec2 uv = vec2(sx, sy) * g / N;\n"
        "    vec2 ab = (uv - floor(uv)) * 2.0 - 1.0;\n"
        "    if ((k & 1u) != 0u)\n"
        "      acc += textureGrad(tex, vec3(1.0, ab.y, ab.x), vec3(0, 0, 2.0 * gxx),\n"
        "                         vec3(0, 2.0 * gyy, 0));\n"
        "    else\n"
        "      acc += textureGrad(tex, vec3(ab, 1.0), vec3(2.0 * gxx, 0, 0),\n"
        "                         vec3(0, 2.0 * gyy, 0));",
    };
    const char *body = r->op == VSMP_SUB_LD    ? "acc += vec4(texelFetch(tex, ivec2((x + 7u * k) & "
                                                 "1023u, (y + 13u * k) & 1023u), 0));"
                       : r->op == SLZ && r->nn ? "acc += textureLod(tex, vec2(sx, sy) * g, 0.0);"
                       : r->op == SLZ ? "acc += textureLod(tex, vec2(sx, sy) * g / N, 0.0);"
                       : r->op == SL
                           ? "acc += textureLod(tex, vec2(sx, sy) * g / N, log2(g.x * sc));"
                           : bodies[r->shape];
    bool integer = vsmp_format_get(r->fmt)->cls != VSMP_CLASS_FLOAT;
    snprintf(buf, n,
             "#version 450\n"
             "layout(local_size_x = 64) in;\n"
             "layout(set = 0, binding = 0) uniform %s%s tex;\n"
             "layout(std430, set = 0, binding = 1) readonly buffer In { vec4 g4; } inb;\n"
             "layout(std430, set = 0, binding = 2) writeonly buffer Out { vec4 o[]; } outb;\n"
             "void main() {\n"
             "  uint lane = gl_LocalInvocationID.x;\n"
             "  uint quad = gl_WorkGroupID.x * 16u + lane / 4u;\n"
             "  uint x = (quad %% 512u) * 2u + (lane & 1u);\n"
             "  uint y = ((quad / 512u) %% 512u) * 2u + ((lane >> 1) & 1u);\n"
             "  vec2 g = inb.g4.xy;\n"
             "  float N = inb.g4.z;\n"
             "  vec4 acc = vec4(0);\n"
             "  for (uint k = 0u; k < %uu; k++) {\n"
             "    float sx = float(x + 7u * k) + 0.5, sy = float(y + 13u * k) + 0.5;\n"
             "    float sc = 1.0 + float(k) / 32.0;\n"
             "    float gxx = g.x * sc / N, gyy = g.y * sc / N;\n"
             "%s"
             "    %s\n"
             "  }\n"
             "  outb.o[gl_GlobalInvocationID.x] = acc;\n"
             "}\n",
             integer ? "u" : "", samplers[r->shape], NSAMP, vary_glsl(r), body);
    return buf;
}

/* ---- vsmp ---- */

/* Precomputed messages: each message's coordinates (u, v, r) in its own arrays; gradients
 * depend only on the sample k, so messages of the same k share them. One message struct per
 * thread points at them (as an executor would point at its registers). */
typedef struct msg_data {
    uint32_t c[3][16];
} msg_data;

static const unsigned grad_kind[6] = {VSMP_P_DUDX, VSMP_P_DUDY, VSMP_P_DVDX,
                                      VSMP_P_DVDY, VSMP_P_DRDX, VSMP_P_DRDY};
static msg_data *g_data; /* NMSG messages */
static uint32_t g_grad[NSAMP][6][16];
static uint32_t g_lod[NSAMP][16]; /* sample_l: each sample's LOD */
static uint32_t g_zero[16];
static bool g_ld;

/* Message m: group g, sample k, quarter q, in the order of a lavapipe invocation's loop. */
static uint32_t msg_sample(uint32_t m)
{
    return (m / 4) % NSAMP;
}

static void build_messages(const row *r)
{
    g_ld = r->op == VSMP_SUB_LD;
    for (uint32_t m = 0; m < NMSG; m++) {
        uint32_t g = m / (NSAMP * 4), k = msg_sample(m), q = m % 4;
        msg_data *md = &g_data[m];
        for (unsigned l = 0; l < 16; l++) {
            uint32_t x, y;
            pixel(g, q * 16 + l, &x, &y);
            coords c = sample_coords(r, x, y, k);
            if (g_ld) {
                md->c[0][l] = (uint32_t)c.i[0], md->c[1][l] = (uint32_t)c.i[1];
                md->c[2][l] = 0;
                continue;
            }
            for (unsigned i = 0; i < 3; i++)
                memcpy(&md->c[i][l], &c.p[i], 4);
            float gr[6] = {c.dx[0], c.dy[0], c.dx[1], c.dy[1], c.dx[2], c.dy[2]};
            for (unsigned i = 0; i < 6; i++) {
                gr[i] *= vary_factor(r, l);
                memcpy(&g_grad[k][i][l], &gr[i], 4);
            }
            memcpy(&g_lod[k][l], &c.lod, 4);
        }
    }
}

/* ---- vsmp's side computing each message as it goes (the default) ----
 *
 * A kernel holds a message's coordinates in its registers, computed from its ids by a few ALU
 * instructions, as lavapipe's shader computes them; so by default each thread computes message
 * m's parameters (group, sample k, quarter, as build_messages numbers them) into its own buffer
 * just before sending it: the same formulas as sample_coords and vary_factor, written lane-wise
 * for the compiler to vectorise. Only the parameters the operation reads are written (the
 * others point at zeros); a division by a power-of-two edge is the exact multiply by its
 * reciprocal. check_messages compares every message with the table before timing. */
typedef struct msg_regs {
    _Alignas(64) uint32_t c[3][16];
    _Alignas(64) uint32_t grad[3][16]; /* du/dx, dv/dy, dr/dx (the others are 0) */
    _Alignas(64) uint32_t lod[16];
} msg_regs;

typedef struct calc {
    enum shape shape;
    unsigned op;
    bool nn, vary;
    float gx, gy, n, inv_n;  /* inv_n: 1 / n when n is a power of two (exact), else 0 */
    float su, sv;            /* u = sx su, v = sy sv where that is exact (nn, or inv_n), else 0 */
    uint32_t dx[16], dy[16]; /* lane l's pixel less lane 0's in every message */
    float hx[16], hy[16];    /* dx + 0.5, dy + 0.5 */
    float f[16];             /* the lanes' gradient factors (vary_factor) */
} calc;

static calc g_calc;

static calc calc_for(const row *r)
{
    uint32_t e = edge(r->shape);
    calc c = {.shape = r->shape, .op = r->op, .nn = r->nn, .vary = r->vary != 0};
    c.gx = r->gx, c.gy = r->gy, c.n = (float)e;
    if (e && !(e & (e - 1)))
        c.inv_n = 1.0f / (float)e;
    if (r->nn)
        c.su = r->gx, c.sv = r->gy;
    else if (c.inv_n != 0) /* (s gx) / n = s (gx / n): both scale by a power of two */
        c.su = r->gx * c.inv_n, c.sv = r->gy * c.inv_n;
    for (unsigned l = 0; l < 16; l++) {
        pixel(0, l, &c.dx[l], &c.dy[l]);
        c.hx[l] = (float)c.dx[l] + 0.5f, c.hy[l] = (float)c.dy[l] + 0.5f;
        c.f[l] = vary_factor(r, l);
    }
    return c;
}

static inline float over_n(const calc *c, float a)
{
    return c->inv_n != 0 ? a * c->inv_n : a / c->n;
}

/* Message m's parameters as a kernel computes them: its lane 0's pixel in scalars (pixel()), the
 * lanes' offsets from it a constant vector (a message's four quads are four consecutive ones of
 * a row of 512: quad % 512 + l / 4 does not wrap), so a coordinate is a broadcast, an add and a
 * multiply; every value as sample_coords computes it (integers and halves below 2^23 are exact
 * in a float; a power of two's scaling is exact). */
__attribute__((always_inline)) static inline void compute_message(const calc *c, uint32_t m,
                                                                  msg_regs *o)
{
    uint32_t g = m / (NSAMP * 4), k = msg_sample(m), q = m % 4, x0, y0;
    pixel(g, q * 16, &x0, &y0);
    x0 += 7u * k, y0 += 13u * k;
    if (c->op == VSMP_SUB_LD) {
        for (unsigned l = 0; l < 16; l++)
            o->c[0][l] = (x0 + c->dx[l]) & 1023u, o->c[1][l] = (y0 + c->dy[l]) & 1023u;
        return;
    }
    float *u = (float *)o->c[0], *v = (float *)o->c[1], *w = (float *)o->c[2];
    float fx = (float)x0, fy = (float)y0;
    if (c->su != 0) {
        for (unsigned l = 0; l < 16; l++)
            u[l] = (fx + c->hx[l]) * c->su, v[l] = (fy + c->hy[l]) * c->sv;
    } else {
        for (unsigned l = 0; l < 16; l++)
            u[l] = (fx + c->hx[l]) * c->gx / c->n, v[l] = (fy + c->hy[l]) * c->gy / c->n;
    }
    float sc = 1.0f + (float)k / 32.0f;
    float gxx = over_n(c, c->gx * sc), gyy = over_n(c, c->gy * sc), grx = 0;
    if (c->shape == S2DA || c->shape == S3D) {
        float r = c->shape == S3D ? ((float)k + 0.5f) / 32.0f : (float)(k & 3u);
        for (unsigned l = 0; l < 16; l++)
            w[l] = r;
    } else if (c->shape == SCUBE) { /* the face +x (1, b, a) or +z (a, b, 1) */
        float a[16], bb[16], one[16];
        for (unsigned l = 0; l < 16; l++) { /* floor as truncation: u, v >= 0 */
            a[l] = (u[l] - (float)(int32_t)u[l]) * 2.0f - 1.0f;
            bb[l] = (v[l] - (float)(int32_t)v[l]) * 2.0f - 1.0f;
            one[l] = 1.0f;
        }
        bool x = k & 1u;
        memcpy(u, x ? one : a, sizeof(a)), memcpy(v, bb, sizeof(bb)),
            memcpy(w, x ? a : one, sizeof(a));
        grx = x ? 2.0f * gxx : 0, gxx = x ? 0 : 2.0f * gxx, gyy *= 2.0f;
    }
    if (c->op == SL) {
        float lod = log2f(c->gx * sc);
        for (unsigned l = 0; l < 16; l++)
            memcpy(&o->lod[l], &lod, 4);
    } else if (c->op != SLZ) {
        float *dudx = (float *)o->grad[0], *dvdy = (float *)o->grad[1], *drdx = (float *)o->grad[2];
        if (c->vary)
            for (unsigned l = 0; l < 16; l++)
                dudx[l] = gxx * c->f[l], dvdy[l] = gyy * c->f[l];
        else
            for (unsigned l = 0; l < 16; l++)
                dudx[l] = gxx, dvdy[l] = gyy;
        if (c->shape == SCUBE)
            for (unsigned l = 0; l < 16; l++)
                drdx[l] = grx * c->f[l];
    }
}

/* The parameters an operation reads (a 2D surface's R none), and their number */
static unsigned params_of(unsigned op, enum shape sh, unsigned *f)
{
    static const unsigned sd[] = {VSMP_P_U,    VSMP_P_V,    VSMP_P_DUDX, VSMP_P_DUDY, VSMP_P_DVDX,
                                  VSMP_P_DVDY, VSMP_P_DRDX, VSMP_P_DRDY, VSMP_P_R};
    static const unsigned sl[] = {VSMP_P_U, VSMP_P_V, VSMP_P_LOD, VSMP_P_R};
    const unsigned *a = op == SL ? sl : sd;
    unsigned n = op == VSMP_SUB_LD ? 2 : op == SLZ ? 2 : op == SL ? 3 : 8;
    memcpy(f, a, n * sizeof(unsigned));
    if (op != VSMP_SUB_LD && sh != S2D)
        f[n] = VSMP_P_R, n++;
    return n;
}

/* A message struct whose parameters are regs' (zeros where the operation reads none, and for
 * the gradients that are 0). */
static void point_at_regs(vsmp_message *mm, msg_regs *o, const calc *c)
{
    for (unsigned i = 0; i < VSMP_P_COUNT; i++)
        mm->param[i] = g_zero;
    mm->param[VSMP_P_U] = o->c[0], mm->param[VSMP_P_V] = o->c[1];
    if (c->op != VSMP_SUB_LD && c->shape != S2D)
        mm->param[VSMP_P_R] = o->c[2];
    if (c->op == SL)
        mm->param[VSMP_P_LOD] = o->lod;
    else if (c->op == SD) {
        mm->param[VSMP_P_DUDX] = o->grad[0], mm->param[VSMP_P_DVDY] = o->grad[1];
        if (c->shape == SCUBE)
            mm->param[VSMP_P_DRDX] = o->grad[2];
    }
}

typedef struct job {
    const vsmp_plan *p;
    double seconds, rate;
    unsigned thread;
} job;

static void point_at(vsmp_message *mm, uint32_t m)
{
    const msg_data *md = &g_data[m];
    mm->param[VSMP_P_U] = md->c[0], mm->param[VSMP_P_V] = md->c[1];
    if (g_ld)
        return;
    mm->param[VSMP_P_R] = md->c[2];
    uint32_t k = msg_sample(m);
    for (unsigned i = 0; i < 6; i++)
        mm->param[grad_kind[i]] = g_grad[k][i];
    mm->param[VSMP_P_LOD] = g_lod[k];
}

/* Every message computed as the timed loop computes it against the table, in the parameters
 * the operation reads, and every 8th message's results through the plan both ways. */
static int check_messages(const row *r, const vsmp_plan *p)
{
    calc c = calc_for(r);
    msg_regs o;
    vsmp_message mt, mc;
    memset(&mt, 0, sizeof(mt)), memset(&mc, 0, sizeof(mc));
    mt.simd = mc.simd = 16, mt.mask = mc.mask = 0xffff;
    if (g_ld)
        mt.param[VSMP_P_LOD] = g_zero;
    point_at_regs(&mc, &o, &c);
    unsigned f[9], n = params_of(c.op, c.shape, f);
    for (uint32_t m = 0; m < NMSG; m++) {
        memset(&o, 0xa5, sizeof(o));
        compute_message(&c, m, &o);
        point_at(&mt, m);
        for (unsigned i = 0; i < n; i++)
            if (memcmp(mc.param[f[i]], mt.param[f[i]], 64)) {
                fprintf(stderr, "%s: message %u parameter %u differs from the table\n", r->name, m,
                        f[i]);
                return -1;
            }
        if (m % 8)
            continue;
        vsmp_result a, b;
        memset(&a, 0, sizeof(a)), memset(&b, 0, sizeof(b));
        vsmp_plan_run(p, &mt, &a);
        vsmp_plan_run(p, &mc, &b);
        if (memcmp(&a, &b, sizeof(a))) {
            fprintf(stderr, "%s: message %u's result differs from the table's\n", r->name, m);
            return -1;
        }
    }
    return 0;
}

static bool g_table; /* --table: messages streamed from the precomputed table */

/* Message m into mm: pointed at the table's (--table), or computed into regs, at which mm
 * points. */
__attribute__((always_inline)) static inline void feed(vsmp_message *mm, msg_regs *o, const calc *c,
                                                       uint32_t m)
{
    if (g_table)
        point_at(mm, m);
    else
        compute_message(c, m, o);
}

/* Message m's parameters are computed while message m - RING + 1 is sent (a ring of buffers),
 * as a kernel compiler schedules a loop's next coordinates ahead of the sends and as lavapipe's
 * straight-line loop lets the core overlap them; three ahead, their stores have left the store
 * buffer when the sampler reads them. Measured: computed just before its own send, bil lz ran
 * ~10 % slower than with the table (the chain from the message number through the stores on
 * each message's path), one ahead as fast as the table. The table form is fed the same way. */
#ifndef RING
#define RING 4
#endif
typedef struct feeder {
    vsmp_message mm[RING];
    msg_regs o[RING];
    unsigned i; /* mm[i]: the message to send next */
    uint32_t m; /* its number */
} feeder;

__attribute__((always_inline)) static inline void send_n(const job *j, const calc *c, feeder *f,
                                                         vsmp_result *r, unsigned n)
{
    for (unsigned b = 0; b < n; b++) {
        unsigned s = (f->i + RING - 1) % RING; /* the slot sent last: free */
        feed(&f->mm[s], &f->o[s], c, (f->m + RING - 1) % NMSG);
        vsmp_plan_run(j->p, &f->mm[f->i], r);
        f->i = (f->i + 1) % RING, f->m = (f->m + 1) % NMSG;
    }
}

/* Built for 256-bit vectors where the CPU has them, as vsmp's machine runs a kernel's ALU
 * instructions at its AVX2 and AVX-512 levels (-mprefer-vector-width=256). 512-bit ones here
 * slowed the AVX2 kernels (tri cube, bil sRGB) by 10-20 %: their third vector port is off while
 * 512-bit operations are in flight. */
__attribute__((target_clones("avx2", "default"))) static void *run_vsmp(void *arg)
{
    job *j = arg;
    const calc c = g_calc;
    vsmp_result r;
    memset(&r, 0, sizeof(r));
    feeder f;
    memset(&f, 0, sizeof(f));
    f.m = (j->thread * 997u) % NMSG;
    for (unsigned i = 0; i < RING; i++) {
        f.mm[i].simd = 16, f.mm[i].mask = 0xffff;
        if (!g_table)
            point_at_regs(&f.mm[i], &f.o[i], &c);
        else if (g_ld)
            f.mm[i].param[VSMP_P_LOD] = g_zero;
        if (i + 1 < RING)
            feed(&f.mm[i], &f.o[i], &c, (f.m + i) % NMSG);
    }
    uint64_t count = 0;
    send_n(j, &c, &f, &r, 64); /* warm-up: caches and pages */
    double w0 = wall(), c0 = cpu_thread(), c1 = c0;
    while (wall() - w0 < j->seconds) {
        send_n(j, &c, &f, &r, 256);
        count += 256 * 16;
    }
    c1 = cpu_thread();
    j->rate = c1 > c0 ? (double)count / (c1 - c0) : 0;
    return NULL;
}

/* M samples per CPU-second, summed over threads' own rates divided by threads */
static double vsmp_rate(const vsmp_plan *p, unsigned threads, double seconds)
{
    pthread_t t[64];
    job j[64];
    double sum = 0;
    for (unsigned i = 0; i < threads; i++) {
        j[i] = (job){p, seconds, 0, i};
        pthread_create(&t[i], NULL, run_vsmp, &j[i]);
    }
    for (unsigned i = 0; i < threads; i++) {
        pthread_join(t[i], NULL);
        sum += j[i].rate;
    }
    return sum / threads / 1e6;
}

/* ---- lavapipe, in a child serving requests: row index in, rate out ---- */

typedef struct lvp_row {
    bool ready;
    VkShaderModule sm;
    vk_image im;
    VkSampler smp;
} lvp_row;

static int lvp_setup(vk *v, const row *r, const vsmp_surface *s, lvp_row *lr)
{
    const vsmp_surface_desc *d = vsmp_surface_get_desc(s);
    size_t offs[VSMP_MAX_LEVELS + 1];
    for (unsigned l = 0; l < d->levels; l++)
        offs[l] = d->level_offset[l];
    offs[d->levels] = d->data_size;
    static const VkImageViewType vt[] = {VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D_ARRAY,
                                         VK_IMAGE_VIEW_TYPE_3D, VK_IMAGE_VIEW_TYPE_CUBE};
    bool mips = r->mip != VSMP_MIPFILTER_NONE;
    static const VkSamplerAddressMode vam[] = {
        [VSMP_TCM_WRAP] = VK_SAMPLER_ADDRESS_MODE_REPEAT,
        [VSMP_TCM_CLAMP] = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        [VSMP_TCM_CLAMP_BORDER] = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER};
    VkSamplerAddressMode am = vam[r->addr];
    vk_image_desc id = {vt[r->shape],
                        r->vkf,
                        d->width,
                        d->height,
                        d->type == VSMP_SURFTYPE_3D ? d->depth : 1,
                        r->shape == SCUBE ? 6 : d->array_len,
                        d->levels,
                        mips ? d->levels : 1,
                        0,
                        false};
    VkSamplerCreateInfo si = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                              .magFilter = r->mag ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
                              .minFilter = r->min ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
                              .mipmapMode = r->mip == VSMP_MIPFILTER_LINEAR
                                                ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                                                : VK_SAMPLER_MIPMAP_MODE_NEAREST,
                              .addressModeU = am,
                              .addressModeV = am,
                              .addressModeW = am,
                              .anisotropyEnable = r->min == VSMP_FILTER_ANISOTROPIC,
                              .maxAnisotropy = 16,
                              .maxLod = r->nn ? 0 : 14,
                              .borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK,
                              .unnormalizedCoordinates = r->nn};
    char glsl[4096];
    lr->sm = vk_shader(v, shader_for(r, glsl, sizeof(glsl)));
    if (!lr->sm || vk_image_make(v, &id, d->data, offs, &lr->im) ||
        vkCreateSampler(v->dev, &si, NULL, &lr->smp) != VK_SUCCESS)
        return -1;
    lr->ready = true;
    return 0;
}

static int lavapipe_child(int in_fd, int out_fd)
{
    vk v;
    if (vk_init(&v))
        return 1;
    static lvp_row lr[NROWS];
    vk_buffer in, out;
    if (vk_buffer_make(&v, 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &in) ||
        vk_buffer_make(&v, (size_t)GROUPS * 64 * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out))
        return 1;
    struct {
        int row;
        double seconds;
    } req;
    while (read(in_fd, &req, sizeof(req)) == (ssize_t)sizeof(req) && req.row >= 0) {
        const row *r = &rows[req.row];
        lvp_row *x = &lr[req.row];
        double rate = -1;
        float g[4] = {r->gx, r->gy, (float)edge(r->shape), 0};
        memcpy(in.map, g, 16);
        if (x->ready || lvp_setup(&v, r, g_surf[req.row], x) == 0) {
            /* warm-up: JIT, first touch of the image */
            if (vk_dispatch_groups(&v, x->sm, x->im.view, x->smp, &in, &out, GROUPS) == 0) {
                uint64_t count = 0;
                double w0 = wall(), c0 = cpu_process();
                while (wall() - w0 < req.seconds) {
                    if (vk_dispatch_groups(&v, x->sm, x->im.view, x->smp, &in, &out, GROUPS))
                        break;
                    count += (uint64_t)GROUPS * 64 * NSAMP;
                }
                double c1 = cpu_process();
                rate = c1 > c0 ? (double)count / (c1 - c0) / 1e6 : -1;
            }
        }
        if (write(out_fd, &rate, sizeof(rate)) != (ssize_t)sizeof(rate))
            return 1;
    }
    for (size_t i = 0; i < NROWS; i++)
        if (lr[i].ready) {
            vkDestroySampler(v.dev, lr[i].smp, NULL);
            vk_image_free(&v, &lr[i].im);
        }
    vk_buffer_free(&v, &in);
    vk_buffer_free(&v, &out);
    vk_finish(&v);
    return 0;
}

typedef struct child {
    pid_t pid;
    int to, from;
    unsigned threads;
} child;

/* GALLIUM_OVERRIDE_CPU_CAPS for the children (NULL: leave the environment as it is) */
static const char *g_peer_caps;

static int child_start(child *c, unsigned threads)
{
    int a[2], b[2];
    if (pipe(a) || pipe(b))
        return -1;
    c->threads = threads;
    c->pid = fork();
    if (c->pid == 0) {
        char t[16];
        snprintf(t, sizeof(t), "%u", threads);
        setenv("LP_NUM_THREADS", t, 1);
        if (g_peer_caps)
            setenv("GALLIUM_OVERRIDE_CPU_CAPS", g_peer_caps, 1);
        close(a[1]), close(b[0]);
        _exit(lavapipe_child(a[0], b[1]));
    }
    close(a[0]), close(b[1]);
    c->to = a[1], c->from = b[0];
    return c->pid > 0 ? 0 : -1;
}

/* rate in M samples per CPU-second of the lavapipe process (all its threads) */
static double child_rate(child *c, int rowi, double seconds)
{
    struct {
        int row;
        double seconds;
    } req = {rowi, seconds};
    double rate = -1;
    if (c->pid <= 0 || write(c->to, &req, sizeof(req)) != (ssize_t)sizeof(req) ||
        read(c->from, &rate, sizeof(rate)) != (ssize_t)sizeof(rate))
        return -1;
    return rate;
}

static void child_stop(child *c)
{
    struct {
        int row;
        double seconds;
    } req = {-1, 0};
    if (c->pid <= 0)
        return;
    if (write(c->to, &req, sizeof(req)) < 0)
        kill(c->pid, SIGTERM);
    close(c->to), close(c->from);
    waitpid(c->pid, NULL, 0);
}

/* A CPU level's mask by name (as VSMP_CPU and --cpu take them), or 1 (no such name). */
static unsigned level_mask(const char *n)
{
    static const struct {
        const char *name;
        unsigned mask;
    } lv[] = {{"ref", 0},
              {"c", VSMP_CPU_C},
              {"avx2", VSMP_CPU_C | VSMP_CPU_AVX2},
              {"avx512", VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512}};
    for (size_t i = 0; i < sizeof(lv) / sizeof(lv[0]); i++)
        if (!strcmp(n, lv[i].name))
            return lv[i].mask;
    return 1;
}

/* The CPU's model name (/proc/cpuinfo) and the levels it has, for the results' header. */
static void print_cpu(void)
{
    char line[256], model[200] = "unknown CPU";
    unsigned fam = 0, mod = 0;
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof(line), f)) {
        if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
            snprintf(model, sizeof(model), "%s", strchr(line, ':') + 2);
            model[strcspn(model, "\n")] = 0;
            break;
        }
        if (!strncmp(line, "cpu family", 10) && strchr(line, ':'))
            fam = (unsigned)atoi(strchr(line, ':') + 1);
        else if (!strncmp(line, "model\t", 6) && strchr(line, ':'))
            mod = (unsigned)atoi(strchr(line, ':') + 1);
    }
    if (f)
        fclose(f);
    unsigned fl = vsmp_cpu_flags();
    const char *env = getenv("VSMP_CPU"), *loads = getenv("VSMP_LOADS");
    printf("CPU: %s (family %u model %u); vsmp levels: c%s%s; VSMP_CPU=%s; VSMP_LOADS=%s\n", model,
           fam, mod, fl & VSMP_CPU_AVX2 ? " avx2" : "", fl & VSMP_CPU_AVX512 ? " avx512" : "",
           env && *env ? env : "(unset: the highest)",
           loads && *loads ? loads : "(unset: the CPU's texel-load form)");
}

/* Sets the ISA the lavapipe children get (g_peer_caps) to match vsmp's level in force, unless
 * full: VSMP_CPU's level on this CPU, as the library reads it. Returns the header's words. */
static const char *peer_isa(bool full)
{
    const char *env = getenv("VSMP_CPU"), *set = getenv("GALLIUM_OVERRIDE_CPU_CAPS");
    unsigned has = vsmp_cpu_flags(), lv = env && *env ? level_mask(env) : ~0u;
    if (!strcmp(env ? env : "", "none"))
        lv = 0;
    lv = lv == 1 ? has : has & lv; /* an unknown name leaves every level on */
    const char *why = "the host's whole ISA (LLVM -mcpu and -mattr of this CPU)";
    if (set && *set)
        why = "GALLIUM_OVERRIDE_CPU_CAPS as the caller set it";
    else if (full)
        why = "the host's whole ISA (--peer-full)";
    else if ((has & VSMP_CPU_AVX512) && (lv & VSMP_CPU_AVX2) && !(lv & VSMP_CPU_AVX512))
        g_peer_caps = "avx", why = "AVX2, FMA and F16C, no AVX-512 (256-bit), as vsmp's avx2 level";
    else if ((has & VSMP_CPU_AVX2) && !(lv & VSMP_CPU_AVX2))
        g_peer_caps = "sse2", why = "SSE2 (128-bit), as vsmp's C level is built";
    return why;
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct stat3 {
    double med, lo, hi;
} stat3;

static stat3 stats(double *v, unsigned n)
{
    qsort(v, n, sizeof(double), cmpd);
    stat3 s = {n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]), v[0], v[n - 1]};
    return s;
}

static void cell(stat3 s)
{
    char b[64];
    if (s.med < 0)
        snprintf(b, sizeof(b), "-");
    else
        snprintf(b, sizeof(b), "%.1f [%.1f-%.1f]", s.med, s.lo, s.hi);
    printf(" %22s", b);
}

int main(int argc, char **argv)
{
    double seconds = 0.5;
    unsigned rounds = 3, threads = (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
    const char *only = NULL, *also = NULL;
    bool vsmp_only = false, peer_full = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
            rounds = (unsigned)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = (unsigned)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--row") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--vsmp-only"))
            vsmp_only = true;
        else if (!strcmp(argv[i], "--table"))
            g_table = true;
        else if (!strcmp(argv[i], "--peer-full"))
            peer_full = true;
        else if (!strcmp(argv[i], "--also") && i + 1 < argc && level_mask(argv[i + 1]) != 1)
            also = argv[++i];
        else {
            fprintf(stderr, "usage: bench_sample [--seconds S] [--rounds R] [--threads N] "
                            "[--row NAME] [--vsmp-only] [--table] [--also ref|c|avx2|avx512] "
                            "[--peer-full]\n");
            return 2;
        }
    }
    if (threads < 1 || threads > 64)
        threads = 1;
    if (rounds < 1 || rounds > MAXR)
        rounds = 3;
    for (size_t i = 0; i < NROWS; i++)
        if ((!only || !strcmp(only, rows[i].name)) && !(g_surf[i] = make_surface(&rows[i]))) {
            fprintf(stderr, "surface for %s failed\n", rows[i].name);
            return 1;
        }
    g_data = malloc(sizeof(*g_data) * NMSG);
    if (!g_data)
        return 1;
    child c1, cn;
    memset(&c1, 0, sizeof(c1)), memset(&cn, 0, sizeof(cn));
    const char *peer = peer_isa(peer_full), *caps = getenv("GALLIUM_OVERRIDE_CPU_CAPS");
    if (!vsmp_only && (child_start(&c1, 1) || child_start(&cn, threads)))
        fprintf(stderr, "lavapipe children failed to start\n");
    printf("vsmp %s sampling benchmark; vsmp SIMD16 messages (%s), lavapipe 64-lane groups, %d "
           "samples per pixel\n",
           vsmp_version(),
           g_table ? "--table: streamed from a precomputed table" : "computed in the timed loop",
           NSAMP);
    print_cpu();
    if (!vsmp_only)
        printf("lavapipe ISA: %s; GALLIUM_OVERRIDE_CPU_CAPS=%s\n", peer,
               g_peer_caps     ? g_peer_caps
               : caps && *caps ? caps
                               : "(unset)");
    printf("M samples per CPU-second (per thread), median [min-max] of %u rounds of %.2f s; "
           "NT = %u threads; ratio = vsmp / lavapipe\n\n",
           rounds, seconds, threads);
    char alsocol[32];
    snprintf(alsocol, sizeof(alsocol), "vsmp 1T %s", also ? also : "");
    if (also)
        printf("%-13s %22s %22s %6s %22s %6s %6s\n", "row", "vsmp 1T", "lavapipe 1T", "ratio",
               alsocol, "ratio", "1T/it");
    else
        printf("%-13s %22s %22s %6s %22s %22s %6s\n", "row", "vsmp 1T", "lavapipe 1T", "ratio",
               "vsmp NT", "lavapipe NT", "ratio");
    for (size_t i = 0; i < NROWS; i++) {
        const row *r = &rows[i];
        if (!g_surf[i])
            continue;
        vsmp_sampler_state st;
        vsmp_sampler_state_init(&st);
        st.min_filter = r->min, st.mag_filter = r->mag, st.mip_filter = r->mip;
        st.max_aniso = 16;
        st.address[0] = st.address[1] = st.address[2] = r->addr;
        st.non_normalized = r->nn;
        vsmp_plan *p = NULL;
        if (vsmp_plan_create(g_surf[i], &st, r->op, &p, NULL))
            return 1;
        vsmp_plan *pa = NULL; /* --also: the plan at that level */
        if (also) {
            vsmp_cpu_set_mask(level_mask(also));
            vsmp_status e = vsmp_plan_create(g_surf[i], &st, r->op, &pa, NULL);
            vsmp_cpu_set_mask(~0u);
            if (e)
                return 1;
        }
        build_messages(r);
        g_calc = calc_for(r);
        if (check_messages(r, p))
            return 1;
        double v1[MAXR], l1[MAXR], vn[MAXR], ln[MAXR];
        for (unsigned k = 0; k < rounds; k++) {
            l1[k] = vsmp_only ? 0 : child_rate(&c1, (int)i, seconds);
            v1[k] = vsmp_rate(p, 1, seconds);
            ln[k] = vsmp_only || also ? 0 : child_rate(&cn, (int)i, seconds);
            vn[k] = also                        ? vsmp_rate(pa, 1, seconds)
                    : vsmp_only && threads == 1 ? 0
                                                : vsmp_rate(p, threads, seconds);
        }
        stat3 sv1 = stats(v1, rounds), sl1 = stats(l1, rounds);
        stat3 svn = stats(vn, rounds), sln = stats(ln, rounds);
        printf("%-13s", r->name);
        cell(sv1), cell(sl1);
        printf(" %6.2f", sl1.med > 0 ? sv1.med / sl1.med : 0);
        cell(svn);
        if (also)
            printf(" %6.2f %6.2f\n", sl1.med > 0 ? svn.med / sl1.med : 0,
                   svn.med > 0 ? sv1.med / svn.med : 0);
        else {
            cell(sln);
            printf(" %6.2f\n", sln.med > 0 ? svn.med / sln.med : 0);
        }
        fflush(stdout);
        vsmp_plan_free(p);
        vsmp_plan_free(pa);
    }
    child_stop(&c1), child_stop(&cn);
    for (size_t i = 0; i < NROWS; i++)
        vsmp_surface_free(g_surf[i]);
    free(g_data);
    return 0;
}
