/* SPDX-License-Identifier: MIT */
/*
 * lavapipe tier: seeded random cases run through vsmp and through Mesa's lavapipe (Vulkan on
 * llvmpipe), compared lane by lane. Each case is one 16-lane message on one random surface
 * (1D, 1D array, 2D, 2D array, 3D, cube, cube array; every format lavapipe samples), a random
 * sampler state that Vulkan can express, and one of: sample_l, sample_lz, sample_d, sample_l_c,
 * sample_d_c, ld, resinfo (compute shaders), sample, sample_b, sample_c, sample_b_c, LOD
 * (fragment shaders: implicit derivatives), with immediate offsets where the op allows them.
 * docs/SAMPLING.md lists every tolerance and exclusion and why.
 *
 * Tolerances (docs/SAMPLING.md, "lavapipe"): llvmpipe runs with GALLIVM_PERF=no_aos_sampling
 * (float filtering for UNORM8); values must agree within 2e-5 relative + 2e-5 absolute (sRGB:
 * 2e-3, its decode is a polynomial); integer results exactly. LODs computed from gradients
 * (lavapipe's log2 is approximate, its cube derivatives and min/mag decision point are its
 * own) are checked against an interval: vsmp is run with the LOD shifted by -d, 0, +d (d = 0.1,
 * 0.5 for cubes, whose derivatives lavapipe approximates; nine steps) and with either filter, and
 * lavapipe must lie within the values it gives (integers: equal one of them), plus 0.2 % of the
 * value for the kink of the blend at a level boundary. Out-of-range texel fetches (undefined in
 * Vulkan) and border colour channels the format lacks (Vulkan substitutes them, Intel does not) are
 * not compared.
 *
 * usage: test_lavapipe [--cases N] [--seed S] [--case I] [-v]
 * A mismatch prints the case index and seed; --seed S --case I replays it alone.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vk.h"
#include "vsmp/format.h"
#include "vsmp/sampler.h"
#include "vsmp/surface.h"

#define LANES 16

static uint64_t rng;
static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return n ? (uint32_t)(rng % n) : 0;
}
static float rndf(float lo, float hi)
{
    return lo + (hi - lo) * (float)rnd(1u << 24) / (float)(1u << 24);
}

/* vsmp format <-> Vulkan format */
static const struct {
    vsmp_format f;
    VkFormat vk;
    bool depth; /* sampled through a depth view (compare ops) */
} fmts[] = {
    {VSMP_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM, false},
    {VSMP_FORMAT_R8_SNORM, VK_FORMAT_R8_SNORM, false},
    {VSMP_FORMAT_R8_UINT, VK_FORMAT_R8_UINT, false},
    {VSMP_FORMAT_R8_SINT, VK_FORMAT_R8_SINT, false},
    {VSMP_FORMAT_R8G8_UNORM, VK_FORMAT_R8G8_UNORM, false},
    {VSMP_FORMAT_R8G8_SNORM, VK_FORMAT_R8G8_SNORM, false},
    {VSMP_FORMAT_R8G8_UINT, VK_FORMAT_R8G8_UINT, false},
    {VSMP_FORMAT_R8G8_SINT, VK_FORMAT_R8G8_SINT, false},
    {VSMP_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, false},
    {VSMP_FORMAT_R8G8B8A8_SNORM, VK_FORMAT_R8G8B8A8_SNORM, false},
    {VSMP_FORMAT_R8G8B8A8_UINT, VK_FORMAT_R8G8B8A8_UINT, false},
    {VSMP_FORMAT_R8G8B8A8_SINT, VK_FORMAT_R8G8B8A8_SINT, false},
    {VSMP_FORMAT_R8G8B8A8_UNORM_SRGB, VK_FORMAT_R8G8B8A8_SRGB, false},
    {VSMP_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_B8G8R8A8_UNORM, false},
    {VSMP_FORMAT_B8G8R8A8_UNORM_SRGB, VK_FORMAT_B8G8R8A8_SRGB, false},
    {VSMP_FORMAT_R10G10B10A2_UNORM, VK_FORMAT_A2B10G10R10_UNORM_PACK32, false},
    {VSMP_FORMAT_R10G10B10A2_UINT, VK_FORMAT_A2B10G10R10_UINT_PACK32, false},
    {VSMP_FORMAT_R16_UNORM, VK_FORMAT_R16_UNORM, false},
    {VSMP_FORMAT_R16_SNORM, VK_FORMAT_R16_SNORM, false},
    {VSMP_FORMAT_R16_UINT, VK_FORMAT_R16_UINT, false},
    {VSMP_FORMAT_R16_SINT, VK_FORMAT_R16_SINT, false},
    {VSMP_FORMAT_R16_FLOAT, VK_FORMAT_R16_SFLOAT, false},
    {VSMP_FORMAT_R16G16_UNORM, VK_FORMAT_R16G16_UNORM, false},
    {VSMP_FORMAT_R16G16_SNORM, VK_FORMAT_R16G16_SNORM, false},
    {VSMP_FORMAT_R16G16_UINT, VK_FORMAT_R16G16_UINT, false},
    {VSMP_FORMAT_R16G16_SINT, VK_FORMAT_R16G16_SINT, false},
    {VSMP_FORMAT_R16G16_FLOAT, VK_FORMAT_R16G16_SFLOAT, false},
    {VSMP_FORMAT_R16G16B16A16_UNORM, VK_FORMAT_R16G16B16A16_UNORM, false},
    {VSMP_FORMAT_R16G16B16A16_SNORM, VK_FORMAT_R16G16B16A16_SNORM, false},
    {VSMP_FORMAT_R16G16B16A16_UINT, VK_FORMAT_R16G16B16A16_UINT, false},
    {VSMP_FORMAT_R16G16B16A16_SINT, VK_FORMAT_R16G16B16A16_SINT, false},
    {VSMP_FORMAT_R16G16B16A16_FLOAT, VK_FORMAT_R16G16B16A16_SFLOAT, false},
    {VSMP_FORMAT_R32_UINT, VK_FORMAT_R32_UINT, false},
    {VSMP_FORMAT_R32_SINT, VK_FORMAT_R32_SINT, false},
    {VSMP_FORMAT_R32_FLOAT, VK_FORMAT_R32_SFLOAT, false},
    {VSMP_FORMAT_R32G32_UINT, VK_FORMAT_R32G32_UINT, false},
    {VSMP_FORMAT_R32G32_SINT, VK_FORMAT_R32G32_SINT, false},
    {VSMP_FORMAT_R32G32_FLOAT, VK_FORMAT_R32G32_SFLOAT, false},
    {VSMP_FORMAT_R32G32B32_UINT, VK_FORMAT_R32G32B32_UINT, false},
    {VSMP_FORMAT_R32G32B32_SINT, VK_FORMAT_R32G32B32_SINT, false},
    {VSMP_FORMAT_R32G32B32_FLOAT, VK_FORMAT_R32G32B32_SFLOAT, false},
    {VSMP_FORMAT_R32G32B32A32_UINT, VK_FORMAT_R32G32B32A32_UINT, false},
    {VSMP_FORMAT_R32G32B32A32_SINT, VK_FORMAT_R32G32B32A32_SINT, false},
    {VSMP_FORMAT_R32G32B32A32_FLOAT, VK_FORMAT_R32G32B32A32_SFLOAT, false},
    {VSMP_FORMAT_R11G11B10_FLOAT, VK_FORMAT_B10G11R11_UFLOAT_PACK32, false},
    {VSMP_FORMAT_R9G9B9E5_SHAREDEXP, VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, false},
    {VSMP_FORMAT_B5G6R5_UNORM, VK_FORMAT_R5G6B5_UNORM_PACK16, false},
    {VSMP_FORMAT_B5G5R5A1_UNORM, VK_FORMAT_A1R5G5B5_UNORM_PACK16, false},
    {VSMP_FORMAT_BC1_UNORM, VK_FORMAT_BC1_RGBA_UNORM_BLOCK, false},
    {VSMP_FORMAT_BC1_UNORM_SRGB, VK_FORMAT_BC1_RGBA_SRGB_BLOCK, false},
    {VSMP_FORMAT_BC2_UNORM, VK_FORMAT_BC2_UNORM_BLOCK, false},
    {VSMP_FORMAT_BC2_UNORM_SRGB, VK_FORMAT_BC2_SRGB_BLOCK, false},
    {VSMP_FORMAT_BC3_UNORM, VK_FORMAT_BC3_UNORM_BLOCK, false},
    {VSMP_FORMAT_BC3_UNORM_SRGB, VK_FORMAT_BC3_SRGB_BLOCK, false},
    {VSMP_FORMAT_BC4_UNORM, VK_FORMAT_BC4_UNORM_BLOCK, false},
    {VSMP_FORMAT_BC4_SNORM, VK_FORMAT_BC4_SNORM_BLOCK, false},
    {VSMP_FORMAT_BC5_UNORM, VK_FORMAT_BC5_UNORM_BLOCK, false},
    {VSMP_FORMAT_BC5_SNORM, VK_FORMAT_BC5_SNORM_BLOCK, false},
    {VSMP_FORMAT_BC6H_UF16, VK_FORMAT_BC6H_UFLOAT_BLOCK, false},
    {VSMP_FORMAT_BC6H_SF16, VK_FORMAT_BC6H_SFLOAT_BLOCK, false},
    {VSMP_FORMAT_BC7_UNORM, VK_FORMAT_BC7_UNORM_BLOCK, false},
    {VSMP_FORMAT_BC7_UNORM_SRGB, VK_FORMAT_BC7_SRGB_BLOCK, false},
    {VSMP_FORMAT_R16_UNORM, VK_FORMAT_D16_UNORM, true},
    {VSMP_FORMAT_R24_UNORM_X8_TYPELESS, VK_FORMAT_X8_D24_UNORM_PACK32, true},
    {VSMP_FORMAT_R32_FLOAT, VK_FORMAT_D32_SFLOAT, true},
};
#define NFMT (sizeof(fmts) / sizeof(fmts[0]))

enum dim { D1, D1A, D2, D2A, D3, DC, DCA, NDIM };
static const char *const dim_name[NDIM] = {"1D", "1DArray", "2D",       "2DArray",
                                           "3D", "Cube",    "CubeArray"};
enum op { O_L, O_LZ, O_D, O_L_C, O_D_C, O_LD, O_SIZE, O_S, O_B, O_C, O_B_C, O_LODQ, NOP };
static const char *const op_name[NOP] = {"sample_l",   "sample_lz", "sample_d",   "sample_l_c",
                                         "sample_d_c", "ld",        "resinfo",    "sample",
                                         "sample_b",   "sample_c",  "sample_b_c", "LOD"};
/* implicit derivatives: run in a fragment shader (vk_frag.c) */
static bool is_frag(enum op o)
{
    return o >= O_S;
}
static bool is_cmp(enum op o)
{
    return o == O_L_C || o == O_D_C || o == O_C || o == O_B_C;
}
int vk_frag_init(vk *v);
void vk_frag_finish(vk *v);
int vk_frag_run(vk *v, const char *glsl, VkImageView view, VkSampler smp, const float *lanes,
                size_t floats, uint32_t out[16][4]);

typedef struct lane_in {
    float a[4], b[4], c[4], d[4];
    int32_t i[4];
} lane_in;

typedef struct tcase {
    unsigned index;
    unsigned fmt; /* index in fmts */
    enum dim dim;
    enum op op;
    uint32_t w, h, dd, layers, levels, base, nlev;
    vsmp_sampler_state st;
    int off[3];
    lane_in in[LANES];
} tcase;

static bool verbose;
static int only_fmt = -1; /* --format NAME: every case on this format */

static bool op_ok(enum op op, enum dim d, bool depth, bool is_int)
{
    bool cmp = is_cmp(op);
    if (op == O_B_C && (d == D2A || d == DCA || d == D3))
        return false; /* no texture(..., bias) for these shadow samplers */
    if (op == O_C && d == D3)
        return false;
    if (op == O_LODQ && (is_int || d == DC || d == DCA))
        return false; /* lavapipe's cube LOD query is per pixel (run_vsmp emulates that), but
                         even so 14 of 43 cube cases differ by 0.5-1.4 levels (SAMPLING.md) */
    if (cmp != depth)
        return false;
    if (cmp && is_int)
        return false;
    if (op == O_L_C && (d == D2A || d == DC || d == DCA || d == D3))
        return false; /* GLSL has no textureLod for these shadow samplers */
    if (op == O_D_C && (d == DCA || d == D3))
        return false;
    if (op == O_LD && (d == DC || d == DCA))
        return false;
    return true;
}

static void gen_case(vk *v, tcase *c)
{
    memset(c, 0, sizeof(*c));
    for (;;) {
        c->op = (enum op)rnd(NOP);
        bool cmp = is_cmp(c->op);
        do /* compare ops take the depth formats, the others the rest */
            c->fmt = rnd(NFMT);
        while (fmts[c->fmt].depth != cmp);
        c->dim = (enum dim)rnd(NDIM);
        const vsmp_format_info *fi = vsmp_format_get(fmts[c->fmt].f);
        bool is_int = fi->cls != VSMP_CLASS_FLOAT;
        if (!op_ok(c->op, c->dim, fmts[c->fmt].depth, is_int))
            continue;
        if (fmts[c->fmt].depth && (c->dim == D3))
            continue;
        if (fi->bc && (c->dim == D1 || c->dim == D1A || c->dim == D3))
            continue; /* block formats: 2D and cube images */
        if (!vk_format_supported(v, fmts[c->fmt].vk, !is_int && !fmts[c->fmt].depth))
            continue;
        if (only_fmt >= 0 && fmts[c->fmt].f != (vsmp_format)only_fmt)
            continue;
        break;
    }
    uint32_t maxd = c->dim == D3 ? 9 : 17;
    c->w = 1 + rnd(maxd);
    c->h = c->dim == D1 || c->dim == D1A     ? 1
           : (c->dim == DC || c->dim == DCA) ? c->w
                                             : 1 + rnd(maxd);
    c->dd = c->dim == D3 ? 1 + rnd(9) : 1;
    c->layers = (c->dim == D1A || c->dim == D2A || c->dim == DCA) ? 1 + rnd(4) : 1;
    uint32_t big = c->w > c->h ? c->w : c->h;
    if (c->dd > big)
        big = c->dd;
    uint32_t full = 1;
    while ((big >> full) > 0)
        full++;
    c->levels = 1 + rnd(full);
    c->base = rnd(c->levels);
    c->nlev = 1 + rnd(c->levels - c->base);
    vsmp_sampler_state *st = &c->st;
    vsmp_sampler_state_init(st);
    const vsmp_format_info *fi = vsmp_format_get(fmts[c->fmt].f);
    bool is_int = fi->cls != VSMP_CLASS_FLOAT;
    bool lin_ok = !is_int && vk_format_supported(v, fmts[c->fmt].vk, true);
    st->min_filter = lin_ok ? (uint8_t)rnd(2) : VSMP_FILTER_NEAREST;
    st->mag_filter = lin_ok ? (uint8_t)rnd(2) : VSMP_FILTER_NEAREST;
    static const uint8_t mips[3] = {VSMP_MIPFILTER_NONE, VSMP_MIPFILTER_NEAREST,
                                    VSMP_MIPFILTER_LINEAR};
    st->mip_filter = mips[rnd(lin_ok ? 3 : 2)]; /* a LINEAR mipmap mode filters too */
    static const uint8_t modes[5] = {VSMP_TCM_WRAP, VSMP_TCM_MIRROR, VSMP_TCM_CLAMP,
                                     VSMP_TCM_CLAMP_BORDER, VSMP_TCM_MIRROR_ONCE};
    for (int a = 0; a < 3; a++)
        st->address[a] = modes[rnd(5)];
    if (c->dim == DC || c->dim == DCA) {
        st->address[0] = st->address[1] = st->address[2] = VSMP_TCM_CLAMP;
        st->seamless_cube = true; /* Vulkan cubes are seamless */
    }
    for (int k = 0; k < 4; k++) {
        /* drivers program missing channels as 0 and a missing alpha as 1 (HSW PRM, SEMANTICS
         * 12.3): Intel does not substitute them, Vulkan does */
        if (fi->ch[k].type == VSMP_CHAN_NONE) {
            if (is_int)
                st->border.u[k] = k == 3;
            else
                st->border.f[k] = k == 3 ? 1.0f : 0.0f;
        } else if (is_int)
            st->border.u[k] = rnd(200);
        else if (fi->ch[k].type == VSMP_CHAN_SNORM)
            st->border.f[k] = rndf(-1, 1);
        else
            st->border.f[k] = rndf(0, 1);
    }
    st->lod_bias = rnd(3) ? 0.0f : rndf(-2, 2);
    st->min_lod = rnd(3) ? 0.0f : rndf(0, 2);
    st->max_lod = rnd(3) ? 14.0f : st->min_lod + rndf(0, 3);
    st->shadow_func = (uint8_t)rnd(8);
    VkFormatProperties fp;
    vkGetPhysicalDeviceFormatProperties(v->phys, fmts[c->fmt].vk, &fp);
    bool minmax = fp.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_MINMAX_BIT;
    /* min/max with a LINEAR mip blend: lavapipe interpolates per-level results in some cases
     * and not in others; vsmp takes every non-zero-weight tap (docs/SAMPLING.md) */
    if (!is_int && !fmts[c->fmt].depth && minmax && st->mip_filter != VSMP_MIPFILTER_LINEAR &&
        rnd(8) == 0) {
        st->reduction_enable = true;
        st->reduction = rnd(2) ? VSMP_REDUCTION_MIN : VSMP_REDUCTION_MAX;
    }
    bool offs = c->dim != DC && c->dim != DCA && c->op != O_SIZE && c->op != O_LODQ && rnd(3) == 0;
    for (int a = 0; a < 3; a++)
        c->off[a] = offs ? (int)rnd(16) - 8 : 0;
    if (c->dim == D1 || c->dim == D1A)
        c->off[1] = c->off[2] = 0;
    if (c->dim != D3)
        c->off[2] = 0;
    int32_t size_lod = (int32_t)rnd(c->nlev);
    for (int l = 0; l < LANES; l++) {
        lane_in *x = &c->in[l];
        for (int k = 0; k < 3; k++) {
            x->a[k] = rnd(4) ? rndf(-0.25f, 1.25f) : rndf(-3, 3);
            x->c[k] = rndf(-0.3f, 0.3f) * (rnd(3) ? 0.1f : 1.0f);
            x->d[k] = rndf(-0.3f, 0.3f) * (rnd(3) ? 0.1f : 1.0f);
        }
        if (c->dim == DC || c->dim == DCA)
            for (int k = 0; k < 3; k++)
                x->a[k] = rndf(-1, 1);
        float lay = rndf(-0.7f, (float)c->layers + 0.2f);
        if (c->dim == D1A)
            x->a[1] = lay;
        if (c->dim == D2A)
            x->a[2] = lay;
        x->a[3] = c->dim == DCA ? lay : 0.0f;
        x->b[0] = rndf(-1.0f, (float)c->nlev + 1.0f); /* lod, or bias */
        bool cube = c->dim == DC || c->dim == DCA;
        if (is_frag(c->op) && (l & 3) && (cube || rnd(4))) {
            /* mostly coherent quads: TR, BL, BR near TL, as a rasterizer makes them */
            const lane_in *tl = &c->in[l & ~3];
            float step = rndf(0.0f, cube ? 0.05f : 0.3f) * (rnd(2) ? 1.0f : 0.1f);
            for (int k = 0; k < 3; k++)
                x->a[k] = tl->a[k] + ((l & 1) ? step : 0.0f) * (k == 0 ? 1.0f : 0.3f) +
                          ((l & 2) ? step : 0.0f) * (k == 1 ? 1.0f : 0.2f);
            x->a[3] = tl->a[3];
            if (c->dim == D1A)
                x->a[1] = tl->a[1];
            if (c->dim == D2A)
                x->a[2] = tl->a[2];
        }
        /* ref; past [0, 1] on UNORM depth too, where both clamp it first */
        x->b[1] = fi->ch[0].type == VSMP_CHAN_UNORM ? rndf(-0.5f, 1.5f) : rndf(-1, 1);
        /* fetch: mostly in range, some out */
        uint32_t lw = c->w >> c->base ? c->w >> c->base : 1;
        uint32_t lh = c->h >> c->base ? c->h >> c->base : 1;
        x->i[0] = (int32_t)rnd(lw + 2) - 1;
        x->i[1] = c->dim == D1A ? (int32_t)rnd(c->layers + 1) : (int32_t)rnd(lh + 2) - 1;
        x->i[2] = c->dim == D2A  ? (int32_t)rnd(c->layers + 1)
                  : c->dim == D3 ? (int32_t)rnd(c->dd + 2) - 1
                                 : 0;
        x->i[3] = c->op == O_SIZE ? size_lod : (int32_t)rnd(c->nlev + 1);
    }
}

/* The ", offset" argument of a texture*Offset call; false when the case has none. */
static bool offset_arg(const tcase *c, char *off, size_t n)
{
    off[0] = 0;
    if (!c->off[0] && !c->off[1] && !c->off[2])
        return false;
    if (c->dim == D1 || c->dim == D1A)
        snprintf(off, n, ", %d", c->off[0]);
    else if (c->dim == D3)
        snprintf(off, n, ", ivec3(%d, %d, %d)", c->off[0], c->off[1], c->off[2]);
    else
        snprintf(off, n, ", ivec2(%d, %d)", c->off[0], c->off[1]);
    return true;
}

/* ---- GLSL for a case ---- */

static void glsl_for(const tcase *c, char *out, size_t n)
{
    const vsmp_format_info *fi = vsmp_format_get(fmts[c->fmt].f);
    const char *pre = fi->cls == VSMP_CLASS_UINT ? "u" : fi->cls == VSMP_CLASS_SINT ? "i" : "";
    bool shadow = c->op == O_L_C || c->op == O_D_C;
    static const char *const P[NDIM] = {"a.x", "a.xy", "a.xy", "a.xyz", "a.xyz", "a.xyz", "a"};
    static const char *const PS[NDIM] = {"vec3(a.x, 0.0, b.y)",
                                         "vec3(a.xy, b.y)",
                                         "vec3(a.xy, b.y)",
                                         "vec4(a.xyz, b.y)",
                                         "",
                                         "vec4(a.xyz, b.y)",
                                         ""};
    static const char *const G[NDIM] = {"x", "x", "xy", "xy", "xyz", "xyz", "xyz"};
    static const char *const I[NDIM] = {"i.x", "i.xy", "i.xy", "i.xyz", "i.xyz", "", ""};
    char off[64];
    bool has_off = offset_arg(c, off, sizeof(off));
    const char *O = has_off ? "Offset" : "";
    char expr[512];
    const char *conv = fi->cls == VSMP_CLASS_FLOAT ? "floatBitsToUint(r)" : "uvec4(r)";
    const char *rt = fi->cls == VSMP_CLASS_UINT   ? "uvec4"
                     : fi->cls == VSMP_CLASS_SINT ? "ivec4"
                                                  : "vec4";
    switch (c->op) {
    case O_L:
        snprintf(expr, sizeof(expr), "%s r = textureLod%s(tex, %s, b.x%s);", rt, O, P[c->dim], off);
        break;
    case O_LZ:
        snprintf(expr, sizeof(expr), "%s r = textureLod%s(tex, %s, 0.0%s);", rt, O, P[c->dim], off);
        break;
    case O_D:
        snprintf(expr, sizeof(expr), "%s r = textureGrad%s(tex, %s, c.%s, d.%s%s);", rt, O,
                 P[c->dim], G[c->dim], G[c->dim], off);
        break;
    case O_L_C:
        snprintf(expr, sizeof(expr), "vec4 r = vec4(textureLod%s(tex, %s, b.x%s), 0, 0, 0);", O,
                 PS[c->dim], off);
        break;
    case O_D_C:
        snprintf(expr, sizeof(expr),
                 "vec4 r = vec4(textureGrad%s(tex, %s, c.%s, d.%s%s), 0, 0, 0);", O, PS[c->dim],
                 G[c->dim], G[c->dim], off);
        break;
    case O_LD:
        snprintf(expr, sizeof(expr), "%s r = texelFetch%s(tex, %s, i.w%s);", rt, O, I[c->dim], off);
        break;
    case O_SIZE: {
        static const char *const sz[NDIM] = {
            "ivec4(textureSize(tex, i.w), 0, 0, 0)", "ivec4(textureSize(tex, i.w), 0, 0)",
            "ivec4(textureSize(tex, i.w), 0, 0)",    "ivec4(textureSize(tex, i.w), 0)",
            "ivec4(textureSize(tex, i.w), 0)",       "ivec4(textureSize(tex, i.w), 0, 0)",
            "ivec4(textureSize(tex, i.w), 0)"};
        snprintf(expr, sizeof(expr),
                 "ivec4 s = %s; s.w = textureQueryLevels(tex); uvec4 r = uvec4(s);", sz[c->dim]);
        conv = "r";
        break;
    }
    default: /* the fragment-shader ops: frag_glsl_for */
        break;
    }
    if (shadow || c->op == O_SIZE)
        conv = shadow ? "floatBitsToUint(r)" : "r";
    snprintf(out, n,
             "#version 450\n"
             "layout(local_size_x = %d) in;\n"
             "layout(set = 0, binding = 0) uniform %ssampler%s%s tex;\n"
             "struct L { vec4 a; vec4 b; vec4 c; vec4 d; ivec4 i; };\n"
             "layout(std430, set = 0, binding = 1) readonly buffer In { L l[]; } inb;\n"
             "layout(std430, set = 0, binding = 2) writeonly buffer Out { uvec4 o[]; } outb;\n"
             "void main() {\n"
             "  uint k = gl_LocalInvocationID.x;\n"
             "  vec4 a = inb.l[k].a, b = inb.l[k].b, c = inb.l[k].c, d = inb.l[k].d;\n"
             "  ivec4 i = inb.l[k].i;\n"
             "  %s\n"
             "  outb.o[k] = %s;\n"
             "}\n",
             LANES, shadow ? "" : pre, dim_name[c->dim], shadow ? "Shadow" : "", expr, conv);
}

static void frag_glsl_for(const tcase *c, char *out, size_t n)
{
    const vsmp_format_info *fi = vsmp_format_get(fmts[c->fmt].f);
    const char *pre = fi->cls == VSMP_CLASS_UINT ? "u" : fi->cls == VSMP_CLASS_SINT ? "i" : "";
    bool shadow = is_cmp(c->op);
    static const char *const P[NDIM] = {"a.x", "a.xy", "a.xy", "a.xyz", "a.xyz", "a.xyz", "a"};
    static const char *const PS[NDIM] = {
        "vec3(a.x, 0.0, b.y)", "vec3(a.xy, b.y)", "vec3(a.xy, b.y)", "vec4(a.xyz, b.y)", "",
        "vec4(a.xyz, b.y)",    "a, b.y"};
    static const char *const PQ[NDIM] = {"a.x", "a.x", "a.xy", "a.xy", "a.xyz", "a.xyz", "a.xyz"};
    char off[64];
    bool has_off = offset_arg(c, off, sizeof(off));
    const char *O = has_off ? "Offset" : "";
    const char *rt = fi->cls == VSMP_CLASS_UINT   ? "uvec4"
                     : fi->cls == VSMP_CLASS_SINT ? "ivec4"
                                                  : "vec4";
    const char *conv = fi->cls == VSMP_CLASS_FLOAT || shadow || c->op == O_LODQ
                           ? "floatBitsToUint(r)"
                           : "uvec4(r)";
    char expr[512];
    switch (c->op) {
    case O_S:
        snprintf(expr, sizeof(expr), "%s r = texture%s(tex, %s%s);", rt, O, P[c->dim], off);
        break;
    case O_B:
        snprintf(expr, sizeof(expr), "%s r = texture%s(tex, %s%s, b.x);", rt, O, P[c->dim], off);
        break;
    case O_C:
        snprintf(expr, sizeof(expr), "vec4 r = vec4(texture%s(tex, %s%s), 0, 0, 0);", O, PS[c->dim],
                 off);
        break;
    case O_B_C:
        snprintf(expr, sizeof(expr), "vec4 r = vec4(texture%s(tex, %s%s, b.x), 0, 0, 0);", O,
                 PS[c->dim], off);
        break;
    default:
        snprintf(expr, sizeof(expr), "vec4 r = vec4(textureQueryLod(tex, %s), 0, 0);", PQ[c->dim]);
        break;
    }
    snprintf(out, n,
             "#version 450\n"
             "layout(set = 0, binding = 0) uniform %ssampler%s%s tex;\n"
             "layout(set = 0, binding = 1) uniform samplerBuffer inb;\n"
             "layout(location = 0) out uvec4 o;\n"
             "void main() {\n"
             "  ivec2 p = ivec2(gl_FragCoord.xy);\n"
             "  int k = 4 * (p.x / 2) + 2 * (p.y & 1) + (p.x & 1);\n"
             "  vec4 a = texelFetch(inb, 2 * k), b = texelFetch(inb, 2 * k + 1);\n"
             "  %s\n"
             "  o = %s;\n"
             "}\n",
             shadow ? "" : pre, dim_name[c->dim], shadow ? "Shadow" : "", expr, conv);
}

/* ---- Vulkan sampler for a state ---- */

static VkCompareOp vk_compare(unsigned hw)
{
    /* Intel returns 0 when `texel OP ref`; Vulkan 1 when `ref OP texel` (SEMANTICS 9) */
    switch (hw) {
    case VSMP_PREFILTEROP_ALWAYS:
        return VK_COMPARE_OP_NEVER;
    case VSMP_PREFILTEROP_NEVER:
        return VK_COMPARE_OP_ALWAYS;
    case VSMP_PREFILTEROP_LESS:
        return VK_COMPARE_OP_LESS_OR_EQUAL;
    case VSMP_PREFILTEROP_EQUAL:
        return VK_COMPARE_OP_NOT_EQUAL;
    case VSMP_PREFILTEROP_LEQUAL:
        return VK_COMPARE_OP_LESS;
    case VSMP_PREFILTEROP_GREATER:
        return VK_COMPARE_OP_GREATER_OR_EQUAL;
    case VSMP_PREFILTEROP_NOTEQUAL:
        return VK_COMPARE_OP_EQUAL;
    default:
        return VK_COMPARE_OP_GREATER;
    }
}

static VkSamplerAddressMode vk_address(unsigned m)
{
    switch (m) {
    case VSMP_TCM_WRAP:
        return VK_SAMPLER_ADDRESS_MODE_REPEAT;
    case VSMP_TCM_MIRROR:
        return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
    case VSMP_TCM_CLAMP_BORDER:
        return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
    case VSMP_TCM_MIRROR_ONCE:
        return VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE;
    default:
        return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    }
}

static int make_sampler(vk *v, const tcase *c, VkSampler *out)
{
    const vsmp_sampler_state *st = &c->st;
    const vsmp_format_info *fi = vsmp_format_get(fmts[c->fmt].f);
    VkSamplerCustomBorderColorCreateInfoEXT cb = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT,
        .format = VK_FORMAT_UNDEFINED};
    memcpy(&cb.customBorderColor, &st->border, 16);
    VkSamplerReductionModeCreateInfo red = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO,
        .pNext = &cb,
        .reductionMode = !st->reduction_enable ? VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE
                         : st->reduction == VSMP_REDUCTION_MIN ? VK_SAMPLER_REDUCTION_MODE_MIN
                                                               : VK_SAMPLER_REDUCTION_MODE_MAX};
    bool shadow = is_cmp(c->op);
    VkSamplerCreateInfo si = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
        .pNext = &red,
        .magFilter = st->mag_filter ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
        .minFilter = st->min_filter ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
        .mipmapMode = st->mip_filter == VSMP_MIPFILTER_LINEAR ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                                                              : VK_SAMPLER_MIPMAP_MODE_NEAREST,
        .addressModeU = vk_address(st->address[0]),
        .addressModeV = vk_address(st->address[1]),
        .addressModeW = vk_address(st->address[2]),
        .mipLodBias = st->lod_bias,
        .compareEnable = shadow,
        .compareOp = vk_compare(st->shadow_func),
        .minLod = st->min_lod,
        .maxLod = st->max_lod,
        .borderColor = fi->cls == VSMP_CLASS_FLOAT ? VK_BORDER_COLOR_FLOAT_CUSTOM_EXT
                                                   : VK_BORDER_COLOR_INT_CUSTOM_EXT};
    return vkCreateSampler(v->dev, &si, NULL, out) == VK_SUCCESS ? 0 : -1;
}

/* ---- data ---- */

/* A random texel written as raw channel bits at @p dst, so that what lavapipe reads is not
 * vsmp's own packing (vsmp_format_pack is checked on its own by tests/format): integers and
 * UNORM/SNORM codes of any value; 16-bit and 11/10-bit floats with exponents 0..16 (|x| < 4,
 * subnormals and zeros included); 32-bit floats as C stores them; shared-exponent with
 * exponents 0..17. */
static void random_bits(const vsmp_format_info *fi, bool depth, uint8_t *texel)
{
    /* The channels are written into whole words of a local copy: only the bytes the channels
     * cover are read from and written back to the texel (the surface's last texel may end
     * before a word does). */
    unsigned nb = 0;
    for (int k = 0; k < 4; k++)
        if (fi->ch[k].type != VSMP_CHAN_NONE) {
            unsigned end =
                fi->ch[k].type == VSMP_CHAN_SHAREDEXP ? 32u : fi->ch[k].shift + fi->ch[k].bits;
            if ((end + 7) / 8 > nb)
                nb = (end + 7) / 8;
        }
    uint8_t dst[16] = {0};
    if (nb > sizeof(dst))
        nb = sizeof(dst);
    memcpy(dst, texel, nb);
    for (int k = 0; k < 4; k++) {
        const vsmp_chan_desc *d = &fi->ch[k];
        uint32_t v;
        switch (d->type) {
        case VSMP_CHAN_NONE:
            continue;
        case VSMP_CHAN_FLOAT:
            if (d->bits == 32) {
                float f = depth ? rndf(0, 1) : rndf(-4, 4);
                memcpy(&v, &f, 4);
            } else { /* binary16: sign, exponent 0..16, mantissa */
                v = rnd(2) << 15 | rnd(17) << 10 | rnd(1u << 10);
            }
            break;
        case VSMP_CHAN_UFLOAT:
            v = rnd(17) << (d->bits - 5) | rnd(1u << (d->bits - 5));
            break;
        case VSMP_CHAN_SHAREDEXP:
            v = rnd(1u << 9);
            if (k == 0) /* the exponent, bits 31:27, once */
                v |= rnd(18) << 27;
            break;
        default:
            v = d->bits == 32 ? (uint32_t)rnd(0xffffffffu) : rnd(1u << d->bits);
            /* UNORM depth: a quarter 0 and a quarter 1, where a reference past [0, 1]
             * compares differently unclamped */
            if (d->type == VSMP_CHAN_UNORM && depth && rnd(2))
                v = rnd(2) ? (d->bits == 32 ? 0xffffffffu : (1u << d->bits) - 1) : 0;
            break;
        }
        unsigned word = d->shift / 32, at = d->shift % 32;
        uint32_t w, mask = d->bits == 32 ? 0xffffffffu : ((1u << d->bits) - 1) << at;
        if (d->type == VSMP_CHAN_SHAREDEXP && k == 0)
            mask |= 0xf8000000u;
        memcpy(&w, dst + 4 * word, 4);
        w = (w & ~mask) | ((v << at) & mask);
        memcpy(dst + 4 * word, &w, 4);
    }
    memcpy(texel, dst, nb);
}

/* ---- comparison ---- */

typedef struct stats {
    unsigned cases, lanes, fails, by_op[NOP], by_dim[NDIM];
    unsigned oob; /* out-of-range texelFetch lanes compared (robustImageAccess2) */
} stats;

static float bf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static void describe(const tcase *c, uint64_t seed)
{
    const vsmp_sampler_state *s = &c->st;
    fprintf(stderr,
            "  case %u (replay: test_lavapipe --seed 0x%llx --case %u): %s %s %s %ux%ux%u "
            "layers %u levels %u base %u count %u\n"
            "  filters min %u mag %u mip %u, address %u %u %u, bias %g lod [%g, %g], "
            "compare %u, reduction %u/%u, offsets %d %d %d\n",
            c->index, (unsigned long long)seed, c->index, op_name[c->op], dim_name[c->dim],
            vsmp_format_get(fmts[c->fmt].f)->name, c->w, c->h, c->dd, c->layers, c->levels, c->base,
            c->nlev, s->min_filter, s->mag_filter, s->mip_filter, s->address[0], s->address[1],
            s->address[2], s->lod_bias, s->min_lod, s->max_lod, s->shadow_func, s->reduction_enable,
            s->reduction, c->off[0], c->off[1], c->off[2]);
}

/* Whether texelFetch of lane l names a layer outside an array view. */
static bool layer_out_of_range(const tcase *c, int l)
{
    const lane_in *x = &c->in[l];
    int32_t layer = c->dim == D1A ? x->i[1] : c->dim == D2A ? x->i[2] : 0;
    return (c->dim == D1A || c->dim == D2A) && (layer < 0 || (uint32_t)layer >= c->layers);
}

/* Whether texelFetch of lane l is inside the view (otherwise Vulkan leaves it undefined
 * without robustImageAccess2). */
static bool fetch_in_range(const tcase *c, int l)
{
    const lane_in *x = &c->in[l];
    if (x->i[3] < 0 || (uint32_t)x->i[3] >= c->nlev)
        return false;
    unsigned lev = c->base + (unsigned)x->i[3];
    int64_t w = c->w >> lev ? c->w >> lev : 1, h = c->h >> lev ? c->h >> lev : 1;
    int64_t dd = c->dd >> lev ? c->dd >> lev : 1;
    int64_t u = (int64_t)x->i[0] + c->off[0], v = (int64_t)x->i[1], r = x->i[2];
    if (u < 0 || u >= w)
        return false;
    switch (c->dim) {
    case D1A:
        return v >= 0 && v < c->layers;
    case D2:
        v += c->off[1];
        return v >= 0 && v < h;
    case D2A:
        v += c->off[1];
        return v >= 0 && v < h && r >= 0 && r < c->layers;
    case D3:
        v += c->off[1], r += c->off[2];
        return v >= 0 && v < h && r >= 0 && r < dd;
    default:
        return true;
    }
}

/* Cube face of a direction (major axis, ties to z then y). */
static int face_of(const float d[3])
{
    float ax = fabsf(d[0]), ay = fabsf(d[1]), az = fabsf(d[2]);
    if (az >= ay && az >= ax)
        return d[2] >= 0 ? 4 : 5;
    if (ay >= ax)
        return d[1] >= 0 ? 2 : 3;
    return d[0] >= 0 ? 0 : 1;
}

/* A cube quad whose pixels lie on different faces: its implicit LOD is implementation
 * specific (vsmp uses the TL pixel's face, lavapipe each pixel's), so it is not compared. */
static bool quad_spans_faces(const tcase *c, int l)
{
    if (!is_frag(c->op) || (c->dim != DC && c->dim != DCA))
        return false;
    int q = l & ~3, f = face_of(c->in[q].a);
    for (int k = 1; k < 4; k++)
        if (face_of(c->in[q + k].a) != f)
            return true;
    return false;
}

static int run_msg(const tcase *c, const vsmp_surface *surf, const vsmp_sampler_state *st,
                   unsigned op, uint32_t p[VSMP_P_COUNT][LANES], vsmp_result *r)
{
    vsmp_plan *plan = NULL;
    if (vsmp_plan_create(surf, st, op, &plan, NULL))
        return -1;
    vsmp_message m;
    memset(&m, 0, sizeof(m));
    m.simd = LANES;
    m.mask = (1u << LANES) - 1;
    for (int a = 0; a < 3; a++)
        m.aoffimmi[a] = (int8_t)c->off[a];
    for (int k = 0; k < VSMP_P_COUNT; k++)
        m.param[k] = p[k];
    int rc = vsmp_plan_run(plan, &m, r) ? -1 : 0;
    vsmp_plan_free(plan);
    return rc;
}

/* llvmpipe computes one LOD per pixel, not per quad, when the shader gives a bias operand or
 * queries the LOD (lp_bld_sample_soa.c: num_lods = the vector length for lod_bias, explicit
 * LODs and derivatives, and always for lodq). On a cube the LOD comes from per-pixel
 * derivatives (lp_build_cube_lookup with need_derivs: lp_build_ddx/ddy, which are fine, row
 * by row and column by column, lp_bld_quad.c) transformed at each pixel's own direction and
 * face; a per-quad LOD takes the TL pixel's, whose fine derivatives are the coarse ones, so
 * only these operations differ from vsmp's quad rule, and only on cubes. */
static bool per_pixel_lod(const tcase *c)
{
    return (c->dim == DC || c->dim == DCA) && (c->op == O_B || c->op == O_B_C || c->op == O_LODQ);
}

static int run_vsmp(const tcase *c, const vsmp_surface *surf, float lod_shift, int filt,
                    vsmp_result *r)
{
    vsmp_sampler_state st = c->st;
    st.lod_bias += lod_shift;
    if (filt == 1)
        st.mag_filter = st.min_filter;
    else if (filt == 2)
        st.min_filter = st.mag_filter;
    unsigned op;
    switch (c->op) {
    case O_L:
        op = VSMP_SUB_SAMPLE_L;
        break;
    case O_LZ:
        op = VSMP_SUB_SAMPLE_LZ;
        break;
    case O_D:
        op = VSMP_SUB_SAMPLE_D;
        break;
    case O_L_C:
        op = VSMP_SUB_SAMPLE_L_C;
        break;
    case O_D_C:
        op = VSMP_SUB_SAMPLE_D_C;
        break;
    case O_LD:
        op = VSMP_SUB_LD;
        break;
    case O_S:
        op = VSMP_SUB_SAMPLE;
        break;
    case O_B:
        op = VSMP_SUB_SAMPLE_B;
        break;
    case O_C:
        op = VSMP_SUB_SAMPLE_C;
        break;
    case O_B_C:
        op = VSMP_SUB_SAMPLE_B_C;
        break;
    case O_LODQ:
        op = VSMP_SUB_LOD;
        break;
    default:
        op = VSMP_SUB_RESINFO;
        break;
    }
    static uint32_t p[VSMP_P_COUNT][LANES];
    memset(p, 0, sizeof(p));
    for (int l = 0; l < LANES; l++) {
        const lane_in *x = &c->in[l];
        uint32_t a[4], cc[4], dd[4], lod, ref;
        memcpy(a, x->a, 16), memcpy(cc, x->c, 16), memcpy(dd, x->d, 16);
        memcpy(&lod, &x->b[0], 4), memcpy(&ref, &x->b[1], 4);
        if (c->op == O_LD) {
            p[VSMP_P_U][l] = (uint32_t)x->i[0];
            p[VSMP_P_V][l] = (uint32_t)x->i[1];
            p[VSMP_P_R][l] = (uint32_t)x->i[2];
            p[VSMP_P_LOD][l] = (uint32_t)x->i[3];
            continue;
        }
        if (c->op == O_SIZE) {
            p[VSMP_P_LOD][l] = (uint32_t)x->i[3];
            continue;
        }
        p[VSMP_P_U][l] = a[0], p[VSMP_P_V][l] = a[1], p[VSMP_P_R][l] = a[2];
        p[VSMP_P_AI][l] = a[3];
        p[VSMP_P_LOD][l] = lod, p[VSMP_P_REF][l] = ref, p[VSMP_P_BIAS][l] = lod;
        p[VSMP_P_DUDX][l] = cc[0], p[VSMP_P_DVDX][l] = cc[1], p[VSMP_P_DRDX][l] = cc[2];
        p[VSMP_P_DUDY][l] = dd[0], p[VSMP_P_DVDY][l] = dd[1], p[VSMP_P_DRDY][l] = dd[2];
        /* 1D array: the layer is v; 2D array: r (already in a[1] / a[2]) */
    }
    if (!per_pixel_lod(c))
        return run_msg(c, surf, &st, op, p, r);
    /* lavapipe's LOD per pixel: lane k of each quad gets the LOD of a quad whose TL is lane k
     * and whose TR, BL lie at lane k's fine derivatives (its row's right - left, its column's
     * bottom - top), i.e. vsmp's LOD at lane k's own direction and face */
    static uint32_t q[VSMP_P_COUNT][LANES];
    vsmp_result rk;
    for (int k = 0; k < 4; k++) {
        memcpy(q, p, sizeof(q));
        for (int b = 0; b < LANES; b += 4)
            for (int j = 0; j < 4; j++) {
                static const unsigned ck[3] = {VSMP_P_U, VSMP_P_V, VSMP_P_R};
                for (int a = 0; a < 3; a++) {
                    float base = bf(p[ck[a]][b + k]);
                    float d = bf(p[ck[a]][b + j]) - bf(p[ck[a]][b]);
                    if (j == 1 || j == 2) {
                        /* fine: lane k's row (j = 1) or column (j = 2) difference */
                        int o = j == 1 ? (k & 2) : (k & 1);
                        d = bf(p[ck[a]][b + o + j]) - bf(p[ck[a]][b + o]);
                    }
                    float x = base + d;
                    memcpy(&q[ck[a]][b + j], &x, 4);
                }
                q[VSMP_P_BIAS][b + j] = p[VSMP_P_BIAS][b + k];
                q[VSMP_P_REF][b + j] = p[VSMP_P_REF][b + k];
                q[VSMP_P_AI][b + j] = p[VSMP_P_AI][b + k];
            }
        if (run_msg(c, surf, &st, op, q, &rk))
            return -1;
        for (int b = 0; b < LANES; b += 4)
            for (int ch = 0; ch < 4; ch++)
                r->c[ch][b + k] = rk.c[ch][b];
    }
    return 0;
}

static int run_case(vk *v, tcase *c, uint64_t seed, stats *s)
{
    const vsmp_format_info *fi = vsmp_format_get(fmts[c->fmt].f);
    bool depth = fmts[c->fmt].depth;
    /* the surface: packed levels, filled with random texels, shared by both sides */
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    static const vsmp_surface_type types[NDIM] = {
        VSMP_SURFTYPE_1D, VSMP_SURFTYPE_1D,   VSMP_SURFTYPE_2D,  VSMP_SURFTYPE_2D,
        VSMP_SURFTYPE_3D, VSMP_SURFTYPE_CUBE, VSMP_SURFTYPE_CUBE};
    d.type = types[c->dim];
    d.array = c->dim == D1A || c->dim == D2A || c->dim == DCA;
    d.format = fi->format;
    d.width = c->w, d.height = c->h, d.depth = c->dd, d.array_len = c->layers;
    d.levels = c->levels, d.min_lod = c->base, d.mip_count = c->nlev;
    vsmp_surface *surf = NULL;
    if (vsmp_surface_create(&d, &surf, NULL)) {
        fprintf(stderr, "surface creation failed\n");
        describe(c, seed);
        return -1;
    }
    const vsmp_surface_desc *ld = vsmp_surface_get_desc(surf);
    if (fi->bc) /* any bytes are valid blocks (reserved BC6H/BC7 modes decode to 0) */
        for (size_t i = 0; i < ld->data_size; i++)
            ((uint8_t *)ld->data)[i] = (uint8_t)rnd(256);
    for (unsigned l = 0; l < c->levels && !fi->bc; l++) {
        uint32_t w, h, n;
        vsmp_surface_level_size(surf, l, &w, &h, NULL, &n);
        for (uint32_t z = 0; z < n; z++)
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++)
                    random_bits(fi, depth, vsmp_surface_texel(surf, l, z, x, y));
    }
    /* BC6H spans 0..65504: a filtered value's rounding follows the largest texel it weighs */
    float maxabs = 0.0f;
    for (unsigned l = 0; l < c->levels && fi->bc == 6; l++) {
        uint32_t w, h, n;
        vsmp_surface_level_size(surf, l, &w, &h, NULL, &n);
        for (uint32_t z = 0; z < n; z++)
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++) {
                    vsmp_texel t;
                    vsmp_surface_load(surf, l, z, x, y, &t);
                    for (int k = 0; k < 3; k++)
                        maxabs = fmaxf(maxabs, fabsf(t.f[k]));
                }
    }
    size_t offs[VSMP_MAX_LEVELS + 1];
    for (unsigned l = 0; l < c->levels; l++)
        offs[l] = ld->level_offset[l];
    offs[c->levels] = ld->data_size;
    static const VkImageViewType vt[NDIM] = {
        VK_IMAGE_VIEW_TYPE_1D,        VK_IMAGE_VIEW_TYPE_1D_ARRAY, VK_IMAGE_VIEW_TYPE_2D,
        VK_IMAGE_VIEW_TYPE_2D_ARRAY,  VK_IMAGE_VIEW_TYPE_3D,       VK_IMAGE_VIEW_TYPE_CUBE,
        VK_IMAGE_VIEW_TYPE_CUBE_ARRAY};
    vk_image_desc id = {
        vt[c->dim],
        fmts[c->fmt].vk,
        c->w,
        c->h,
        c->dd,
        c->dim == DC || c->dim == DCA ? 6 * c->layers : c->layers,
        c->levels,
        c->st.mip_filter == VSMP_MIPFILTER_NONE && c->op != O_SIZE && c->op != O_LD ? 1 : c->nlev,
        c->base,
        depth};
    vk_image im;
    VkSampler smp = VK_NULL_HANDLE;
    vk_buffer in, out;
    char glsl[4096];
    bool frag = is_frag(c->op);
    if (frag)
        frag_glsl_for(c, glsl, sizeof(glsl));
    else
        glsl_for(c, glsl, sizeof(glsl));
    VkShaderModule sm = frag ? (VkShaderModule)(uintptr_t)1 : vk_shader(v, glsl);
    int rc = -1;
    if (!sm || vk_image_make(v, &id, ld->data, offs, &im) || make_sampler(v, c, &smp) ||
        vk_buffer_make(v, sizeof(c->in), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &in) ||
        vk_buffer_make(v, LANES * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out)) {
        fprintf(stderr, "Vulkan set-up failed\n");
        describe(c, seed);
        vsmp_surface_free(surf);
        return -1;
    }
    unsigned fails_before = s->fails;
    memcpy(in.map, c->in, sizeof(c->in));
    memset(out.map, 0, LANES * 16);
    static uint32_t fout[LANES][4];
    float fin[LANES * 8];
    for (int l = 0; l < LANES; l++) {
        memcpy(&fin[l * 8], c->in[l].a, 16);
        memcpy(&fin[l * 8 + 4], c->in[l].b, 16);
    }
    int drc = frag ? vk_frag_run(v, glsl, im.view, smp, fin, LANES * 8, fout)
                   : vk_dispatch(v, sm, im.view, smp, &in, &out);
    if (drc == 0) {
        const uint32_t *got = frag ? &fout[0][0] : (const uint32_t *)out.map;
        /* LODs from gradients: lavapipe's LOD differs from the exact one (approximate log2,
         * its own cube derivatives, its own min/mag decision point), so such lanes are checked
         * against the interval of vsmp's results over LOD +-delta and both filters */
        static vsmp_result alt[32];
        vsmp_result r0;
        unsigned nalt = 0;
        bool grad = c->op == O_D || c->op == O_D_C || (frag && c->op != O_LODQ);
        /* lavapipe decides magnification before the sampler's LOD bias: with different
         * min/mag filters, any explicit-LOD lane may take either */
        bool either = c->st.min_filter != c->st.mag_filter && c->op != O_LODQ && c->op != O_LD &&
                      c->op != O_SIZE;
        float delta = c->dim == DC || c->dim == DCA ? (frag ? 1.0f : 0.5f)
                      : c->dim == D3                ? 0.25f
                                                    : 0.1f;
        int ok_run = run_vsmp(c, surf, 0.0f, 0, &r0) == 0;
        if (ok_run && !grad && either) {
            ok_run &= run_vsmp(c, surf, 0.0f, 1, &alt[nalt++]) == 0;
            ok_run &= run_vsmp(c, surf, 0.0f, 2, &alt[nalt++]) == 0;
        }
        if (ok_run && grad) {
            bool two = c->st.min_filter != c->st.mag_filter;
            for (int f = 0; f < (two ? 3 : 1) && ok_run; f++)
                for (int k = -4; k <= 4 && ok_run; k++)
                    if (k || f)
                        ok_run &= run_vsmp(c, surf, delta * (float)k / 4.0f, f, &alt[nalt++]) == 0;
        }
        if (ok_run) {
            rc = 0;
            bool shadow = is_cmp(c->op);
            unsigned nch = shadow ? 1 : c->op == O_LODQ ? 2 : 4;
            bool srgb = fi->srgb;
            for (int l = 0; l < LANES; l++) {
                if (c->op == O_LD && !fetch_in_range(c, l)) {
                    if (!v->robust2)
                        continue; /* undefined in Vulkan without robustImageAccess2 */
                    if (c->layers == 1 && layer_out_of_range(c, l))
                        continue; /* lavapipe 22.3.6 reads past a 1-layer array view */
                    s->oob++;
                }
                if (quad_spans_faces(c, l))
                    continue;
                s->lanes++;
                for (unsigned ch = 0; ch < nch; ch++) {
                    uint32_t want = r0.c[ch][l], lv = got[l * 4 + ch];
                    bool ok;
                    if (c->op == O_SIZE) {
                        /* the components Vulkan's textureSize returns, and the level count */
                        unsigned ncomp = c->dim == D1                                     ? 1
                                         : c->dim == D3 || c->dim == D2A || c->dim == DCA ? 3
                                                                                          : 2;
                        if (ch < 3 && ch >= ncomp)
                            continue;
                        if (c->dim == D1A && ch == 1)
                            ok = lv == want;
                        else
                            ok = lv == want;
                    } else if (c->op == O_LODQ && ch == 0 &&
                               c->st.mip_filter == VSMP_MIPFILTER_NEAREST) {
                        continue; /* Vulkan returns the level chosen; vsmp's R is not rounded */
                    } else if (c->op == O_LODQ) {
                        /* Mesa 22's fragment LOD uses a fast log2 (error up to 0.043) */
                        float g = bf(lv), w = bf(want);
                        float tol = c->dim == DC || c->dim == DCA ? 0.5f : 0.1f;
                        ok = fabsf(g - w) <= tol || (isinf(g) && isinf(w) && g == w);
                    } else if (fi->cls != VSMP_CLASS_FLOAT && !shadow) {
                        ok = lv == want;
                        for (unsigned k = 0; k < nalt && !ok; k++)
                            ok = lv == alt[k].c[ch][l]; /* another level near a boundary */
                    } else {
                        float g = bf(lv), w = bf(want);
                        float lo = w, hi = w;
                        for (unsigned k = 0; k < nalt; k++) {
                            float a = bf(alt[k].c[ch][l]);
                            lo = fminf(lo, a);
                            hi = fmaxf(hi, a);
                        }
                        float tol = srgb && ch < 3 ? 2e-3f : 2e-5f;
                        if (fi->bc && fi->bc <= 5) /* lavapipe decodes these to 8 bits first */
                            tol +=
                                fi->ch[0].type == VSMP_CHAN_SNORM ? 1.5f / 127.0f : 2.0f / 255.0f;
                        float eps = tol + 2e-5f * fmaxf(fabsf(lo), fabsf(hi)) + 1e-6f * maxabs;
                        if (grad) /* the interval's end points miss the kink at a level boundary */
                            eps += 2e-3f * fmaxf(fabsf(lo), fabsf(hi));
                        ok = (g >= lo - eps && g <= hi + eps) || (isnan(g) && isnan(w));
                    }
                    if (!ok) {
                        s->fails++;
                        s->by_op[c->op]++;
                        s->by_dim[c->dim]++;
                        if (s->fails <= 20) {
                            fprintf(stderr,
                                    "MISMATCH lane %d channel %u: vsmp 0x%08x (%g) lavapipe "
                                    "0x%08x (%g)\n",
                                    l, ch, want, bf(want), lv, bf(lv));
                            const lane_in *x = &c->in[l];
                            fprintf(stderr,
                                    "  lane: a (%g %g %g %g) lod %g ref %g dPdx (%g %g %g) dPdy "
                                    "(%g %g %g) i (%d %d %d %d)\n",
                                    x->a[0], x->a[1], x->a[2], x->a[3], x->b[0], x->b[1], x->c[0],
                                    x->c[1], x->c[2], x->d[0], x->d[1], x->d[2], x->i[0], x->i[1],
                                    x->i[2], x->i[3]);
                            describe(c, seed);
                        }
                        break;
                    }
                }
            }
        }
    }
    if (verbose)
        describe(c, seed);
    if (getenv("LVP_SUMMARY"))
        fprintf(stderr,
                "SUMMARY case %u %s %s %s base %u nlev %u levels %u mip %u min %u mag %u "
                "fails %u\n",
                c->index, op_name[c->op], dim_name[c->dim], fi->name, c->base, c->nlev, c->levels,
                c->st.mip_filter, c->st.min_filter, c->st.mag_filter, s->fails - fails_before);
    vkDestroySampler(v->dev, smp, NULL);
    vk_buffer_free(v, &in);
    vk_buffer_free(v, &out);
    vk_image_free(v, &im);
    vsmp_surface_free(surf);
    s->cases++;
    return rc;
}

/* ---- seamless cube corners with depth compare ----
 * 1x1 and 2x2 single-level D32 cubes, linear filtering, textureGrad with zero gradients (one
 * level, so no LOD allowance widens the check): every tap of a 1x1 face and the outer taps of a
 * 2x2 face near its corners are corner texels, which vsmp compares one by one before averaging
 * (docs/SAMPLING.md, cube seams). */
static int run_cube_corners(vk *v, uint64_t seed, stats *s)
{
    int rc = 0;
    unsigned dfmt = 0;
    while (dfmt < NFMT && !(fmts[dfmt].depth && fmts[dfmt].f == VSMP_FORMAT_R32_FLOAT))
        dfmt++;
    if (dfmt == NFMT)
        return -1;
    for (unsigned k = 0; k < 8; k++) {
        rng = (seed ^ (0xc0411e5ULL + k * 0x9e3779b97f4a7c15ULL)) | 1;
        tcase c;
        memset(&c, 0, sizeof(c));
        c.index = 100000 + k;
        c.fmt = dfmt;
        c.dim = DC;
        c.op = O_D_C;
        c.w = c.h = 1 + (k & 1);
        c.dd = c.layers = c.levels = c.nlev = 1;
        vsmp_sampler_state_init(&c.st);
        c.st.min_filter = c.st.mag_filter = VSMP_FILTER_LINEAR;
        c.st.address[0] = c.st.address[1] = c.st.address[2] = VSMP_TCM_CLAMP;
        c.st.seamless_cube = true;
        c.st.border.f[3] = 1.0f;
        c.st.shadow_func = (uint8_t)(2 + k % 6); /* LESS .. GEQUAL */
        for (int l = 0; l < LANES; l++) {
            lane_in *x = &c.in[l];
            /* near one of the eight corners: each component +-(1 - small) */
            for (int a = 0; a < 3; a++)
                x->a[a] = ((l >> a) & 1 ? -1.0f : 1.0f) * rndf(0.8f, 1.0f);
            x->b[1] = rndf(0, 1);
        }
        if (run_case(v, &c, seed, s))
            rc = -1;
    }
    return rc;
}

/* ---- 4x multisample fetch ----
 * lavapipe samples only 1 or 4: a 4x image is written sample by sample through a storage
 * image, read back with texelFetch(sampler2DMSArray, p, sample), and compared with vsmp's
 * ld2dms_w on the same per-sample data: without MCS, and MCS-compressed (ld_mcs, then
 * ld2dms_w with its result). */

#define MS_W      7
#define MS_H      5
#define MS_LAYERS 2

/* Sample s of pixel (x, y, layer): pixel class (x + 2y + layer) % 3 makes all samples equal,
 * two values (s & 1) or four. The GLSL below computes the same. */
static void ms_value(bool uint_fmt, uint32_t x, uint32_t y, uint32_t layer, uint32_t s,
                     uint32_t out[4])
{
    uint32_t cls = (x + 2 * y + layer) % 3, k = cls == 0 ? 0 : cls == 1 ? (s & 1) : s;
    if (uint_fmt) {
        out[0] = x * 100003u + y * 7919u + layer * 31337u + k * 1000000007u;
        out[1] = out[2] = 0, out[3] = 1;
        return;
    }
    out[0] = (x * 37 + y * 11 + layer * 17 + k * 71 + 5) & 255;
    out[1] = (x * 5 + y * 53 + layer * 3 + k * 19 + 101) & 255;
    out[2] = (x * 3 + y * 7 + layer * 29 + k * 131) & 255;
    out[3] = (k * 60 + 40 + x) & 255;
}

static const char ms_writer_rgba8[] =
    "#version 450\n"
    "layout(local_size_x = 1) in;\n"
    "layout(set = 0, binding = 0, rgba8) uniform writeonly image2DMSArray img;\n"
    "void main() {\n"
    "  for (uint l = 0u; l < 2u; l++) for (uint y = 0u; y < 5u; y++)\n"
    "  for (uint x = 0u; x < 7u; x++) for (uint s = 0u; s < 4u; s++) {\n"
    "    uint c = (x + 2u * y + l) % 3u, k = c == 0u ? 0u : c == 1u ? (s & 1u) : s;\n"
    "    uvec4 v = uvec4(x * 37u + y * 11u + l * 17u + k * 71u + 5u,\n"
    "                    x * 5u + y * 53u + l * 3u + k * 19u + 101u,\n"
    "                    x * 3u + y * 7u + l * 29u + k * 131u, k * 60u + 40u + x) & 255u;\n"
    "    imageStore(img, ivec3(x, y, l), int(s), vec4(v) / 255.0);\n"
    "  }\n"
    "}\n";

static const char ms_writer_r32ui[] =
    "#version 450\n"
    "layout(local_size_x = 1) in;\n"
    "layout(set = 0, binding = 0, r32ui) uniform writeonly uimage2DMSArray img;\n"
    "void main() {\n"
    "  for (uint l = 0u; l < 2u; l++) for (uint y = 0u; y < 5u; y++)\n"
    "  for (uint x = 0u; x < 7u; x++) for (uint s = 0u; s < 4u; s++) {\n"
    "    uint c = (x + 2u * y + l) % 3u, k = c == 0u ? 0u : c == 1u ? (s & 1u) : s;\n"
    "    uint v = x * 100003u + y * 7919u + l * 31337u + k * 1000000007u;\n"
    "    imageStore(img, ivec3(x, y, l), int(s), uvec4(v, 0u, 0u, 1u));\n"
    "  }\n"
    "}\n";

static const char ms_reader_float[] =
    "#version 450\n"
    "layout(local_size_x = 1) in;\n"
    "layout(set = 0, binding = 0) uniform sampler2DMSArray t;\n"
    "layout(std430, set = 0, binding = 1) readonly buffer I { ivec4 q[]; };\n"
    "layout(std430, set = 0, binding = 2) writeonly buffer O { uvec4 r[]; };\n"
    "void main() {\n"
    "  for (int i = 0; i < q.length(); i++)\n"
    "    r[i] = floatBitsToUint(texelFetch(t, q[i].xyz, q[i].w));\n"
    "}\n";

static const char ms_reader_uint[] =
    "#version 450\n"
    "layout(local_size_x = 1) in;\n"
    "layout(set = 0, binding = 0) uniform usampler2DMSArray t;\n"
    "layout(std430, set = 0, binding = 1) readonly buffer I { ivec4 q[]; };\n"
    "layout(std430, set = 0, binding = 2) writeonly buffer O { uvec4 r[]; };\n"
    "void main() {\n"
    "  for (int i = 0; i < q.length(); i++)\n"
    "    r[i] = texelFetch(t, q[i].xyz, q[i].w);\n"
    "}\n";

/* vsmp's result for sample si of (x, y, layer) through ld2dms_w (after ld_mcs when there is an
 * MCS), channels as raw bits. */
static void vsmp_ms_fetch(const vsmp_surface *s, uint32_t x, uint32_t y, uint32_t layer,
                          uint32_t si, uint32_t out[4])
{
    uint32_t u = x, v = y, r = layer, lod = 0, lo = 0, hi = 0;
    vsmp_message m;
    memset(&m, 0, sizeof(m));
    m.simd = 1, m.mask = 1;
    m.param[VSMP_P_U] = &u, m.param[VSMP_P_V] = &v, m.param[VSMP_P_R] = &r;
    m.param[VSMP_P_LOD] = &lod;
    vsmp_plan *p = NULL;
    vsmp_result res;
    if (vsmp_surface_get_desc(s)->mcs) {
        vsmp_plan_create(s, NULL, VSMP_SUB_LD_MCS, &p, NULL);
        vsmp_plan_run(p, &m, &res);
        vsmp_plan_free(p);
        lo = res.c[0][0], hi = res.c[1][0];
    }
    m.param[VSMP_P_SI] = &si, m.param[VSMP_P_MCSL] = &lo, m.param[VSMP_P_MCSH] = &hi;
    vsmp_plan_create(s, NULL, VSMP_SUB_LD2DMS_W, &p, NULL);
    vsmp_plan_run(p, &m, &res);
    vsmp_plan_free(p);
    for (int c = 0; c < 4; c++)
        out[c] = res.c[c][0];
}

static int run_ms(vk *v, stats *st)
{
    static const struct {
        vsmp_format f;
        VkFormat vkf;
        const char *writer, *reader;
    } k[] = {
        {VSMP_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, ms_writer_rgba8, ms_reader_float},
        {VSMP_FORMAT_R32_UINT, VK_FORMAT_R32_UINT, ms_writer_r32ui, ms_reader_uint},
    };
    VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    VkSampler smp;
    if (vkCreateSampler(v->dev, &sci, NULL, &smp) != VK_SUCCESS)
        return -1;
    int rc = 0;
    enum { N = MS_W * MS_H * MS_LAYERS * 4 };
    for (size_t f = 0; f < sizeof(k) / sizeof(k[0]) && !rc; f++) {
        bool is_uint = k[f].f == VSMP_FORMAT_R32_UINT;
        vk_image im;
        vk_buffer in, out;
        VkShaderModule sm = vk_shader(v, k[f].reader);
        if (!sm || vk_ms_image_make(v, k[f].vkf, MS_W, MS_H, MS_LAYERS, 4, k[f].writer, &im) ||
            vk_buffer_make(v, N * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &in) ||
            vk_buffer_make(v, N * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out)) {
            rc = -1;
            break;
        }
        int32_t *q = in.map;
        for (int i = 0; i < N; i++) {
            q[4 * i] = i / 4 % MS_W, q[4 * i + 1] = i / 4 / MS_W % MS_H;
            q[4 * i + 2] = i / 4 / (MS_W * MS_H), q[4 * i + 3] = i % 4;
        }
        if (vk_dispatch(v, sm, im.view, smp, &in, &out)) {
            rc = -1;
            break;
        }
        for (int mcs = 0; mcs < 2; mcs++) {
            vsmp_surface_desc d;
            vsmp_surface_desc_init(&d);
            d.format = k[f].f, d.width = MS_W, d.height = MS_H, d.array = true;
            d.array_len = MS_LAYERS, d.samples = 4, d.mcs = mcs;
            uint32_t c0[4];
            ms_value(is_uint, 0, 0, 0, 0, c0); /* pixel (0, 0) of layer 0 compresses to "cleared" */
            for (int c = 0; c < 4; c++) {
                if (is_uint)
                    d.clear_color.u[c] = c0[c];
                else
                    d.clear_color.f[c] = (float)c0[c] / 255.0f;
            }
            vsmp_surface *s = NULL;
            if (vsmp_surface_create(&d, &s, NULL)) {
                rc = -1;
                break;
            }
            for (uint32_t l = 0; l < MS_LAYERS; l++)
                for (uint32_t y = 0; y < MS_H; y++)
                    for (uint32_t x = 0; x < MS_W; x++)
                        for (uint32_t si = 0; si < 4; si++) {
                            uint32_t val[4];
                            vsmp_texel t;
                            ms_value(is_uint, x, y, l, si, val);
                            for (int c = 0; c < 4; c++) {
                                if (is_uint)
                                    t.u[c] = val[c];
                                else
                                    t.f[c] = (float)val[c] / 255.0f;
                            }
                            vsmp_surface_store(s, 0, l * 4 + si, x, y, &t);
                        }
            if (mcs)
                vsmp_surface_compress(s);
            const uint32_t *got = out.map;
            for (int i = 0; i < N; i++) {
                uint32_t want[4];
                vsmp_ms_fetch(s, (uint32_t)q[4 * i], (uint32_t)q[4 * i + 1], (uint32_t)q[4 * i + 2],
                              (uint32_t)q[4 * i + 3], want);
                st->lanes++;
                bool ok = true;
                /* integers exactly; UNORM8 within 1e-6 (lavapipe converts as x * (1 / 255.0f),
                 * an ULP off x / 255 for some x; neighbouring bytes are 1 / 255 apart) */
                for (int c = 0; c < (is_uint ? 1 : 4); c++)
                    ok &= is_uint ? got[4 * i + c] == want[c]
                                  : fabsf(bf(got[4 * i + c]) - bf(want[c])) <= 1e-6f;
                if (!ok) {
                    st->fails++;
                    if (st->fails <= 20)
                        fprintf(stderr,
                                "MISMATCH 4x %s%s (%d, %d) layer %d sample %d: vsmp %08x %08x "
                                "%08x %08x lavapipe %08x %08x %08x %08x\n",
                                vsmp_format_get(k[f].f)->name, mcs ? " MCS" : "", q[4 * i],
                                q[4 * i + 1], q[4 * i + 2], q[4 * i + 3], want[0], want[1], want[2],
                                want[3], got[4 * i], got[4 * i + 1], got[4 * i + 2],
                                got[4 * i + 3]);
                }
            }
            vsmp_surface_free(s);
        }
        vk_buffer_free(v, &in);
        vk_buffer_free(v, &out);
        vk_image_free(v, &im);
    }
    vkDestroySampler(v->dev, smp, NULL);
    return rc;
}

int main(int argc, char **argv)
{
    unsigned ncases = 2000;
    uint64_t seed = 0x1a7a91beULL;
    long only = -1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--cases") && i + 1 < argc)
            ncases = (unsigned)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--case") && i + 1 < argc)
            only = strtol(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--format") && i + 1 < argc) {
            vsmp_format f;
            if (vsmp_format_find(argv[++i], &f)) {
                fprintf(stderr, "unknown format %s\n", argv[i]);
                return 2;
            }
            only_fmt = (int)f;
        } else if (!strcmp(argv[i], "-v"))
            verbose = true;
    }
    /* float filtering for UNORM8 in llvmpipe (its 8-bit fixed-point path is documented as
     * off by up to 1.8 LSB); set before the driver loads */
    setenv("GALLIVM_PERF", "no_aos_sampling", 0);
    vk v;
    if (vk_init(&v) || vk_frag_init(&v)) {
        printf("0 passed, 1 failed\n");
        return 1;
    }
    printf("peer: %s (%s), seed 0x%llx, %u cases\n", v.device_name, v.driver_info,
           (unsigned long long)seed, ncases);
    stats s;
    memset(&s, 0, sizeof(s));
    unsigned errors = 0;
    for (unsigned i = 0; i < ncases; i++) {
        rng = (seed ^ ((uint64_t)i * 0x9e3779b97f4a7c15ULL)) | 1;
        tcase c;
        gen_case(&v, &c);
        c.index = i;
        if (only >= 0 && (long)i != only)
            continue;
        if (run_case(&v, &c, seed, &s))
            errors++;
        if ((i + 1) % 250 == 0 && only < 0) /* progress: the tier runs for minutes */
            fprintf(stderr, "lavapipe: %u/%u cases, %u lanes compared, %u mismatches\n", i + 1,
                    ncases, s.lanes, s.fails);
    }
    if (only < 0 && only_fmt < 0) {
        unsigned before = s.lanes;
        if (run_cube_corners(&v, seed, &s))
            errors++;
        printf("seamless cube corners with compare: %u lanes compared\n", s.lanes - before);
        before = s.lanes;
        if (run_ms(&v, &s))
            errors++;
        printf("4x multisample fetch: %u samples compared (with and without MCS)\n",
               s.lanes - before);
    }
    vk_frag_finish(&v);
    vk_finish(&v);
    if (v.robust2)
        printf("out-of-range texelFetch (robustImageAccess2): %u lanes compared\n", s.oob);
    else
        printf("out-of-range texelFetch: not compared (no robustImageAccess2)\n");
    printf("%u cases, %u lanes compared, %u lane mismatches, %u case errors\n", s.cases, s.lanes,
           s.fails, errors);
    for (int o = 0; o < NOP; o++)
        if (s.by_op[o])
            printf("  mismatches in %s: %u\n", op_name[o], s.by_op[o]);
    for (int dd = 0; dd < NDIM; dd++)
        if (s.by_dim[dd])
            printf("  mismatches on %s: %u\n", dim_name[dd], s.by_dim[dd]);
    unsigned bad = s.fails + errors;
    printf("%u passed, %u failed\n", s.lanes - s.fails, bad);
    return bad ? 1 : 0;
}
