/* SPDX-License-Identifier: MIT */
/*
 * The sampling engine against hand-computed values: format conversions, surface validation,
 * every address mode, bilinear weights, mip selection and clamps, implicit and gradient LOD,
 * the LOD query, compare, loads and their bounds, resinfo/sampleinfo, cube faces and seams,
 * border clamping, anisotropic tap counts, min/max reduction, programmable offsets.
 * Each expected value is derived in the comment next to it from the rules of SEMANTICS.md.
 */
#include <math.h>

#include "testlib.h"
#include "vsmp/format.h"
#include "vsmp/sampler.h"
#include "vsmp/surface.h"

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* A surface whose texel (x, y) of every slice of level l holds R = value(l, slice, x, y). */
static vsmp_surface *make(vsmp_surface_type type, bool array, vsmp_format fmt, uint32_t w,
                          uint32_t h, uint32_t d, uint32_t layers, uint32_t levels,
                          float (*value)(unsigned, uint32_t, uint32_t, uint32_t))
{
    vsmp_surface_desc desc;
    vsmp_surface_desc_init(&desc);
    desc.type = type;
    desc.array = array;
    desc.format = fmt;
    desc.width = w, desc.height = h, desc.depth = d, desc.array_len = layers;
    desc.levels = levels;
    vsmp_surface *s = NULL;
    vsmp_status st = vsmp_surface_create(&desc, &s, NULL);
    CHECK(st == VSMP_OK, "surface create: %s", vsmp_status_str(st));
    if (st)
        return NULL;
    for (unsigned l = 0; l < levels; l++) {
        uint32_t lw, lh, n;
        vsmp_surface_level_size(s, l, &lw, &lh, NULL, &n);
        for (uint32_t z = 0; z < n; z++)
            for (uint32_t y = 0; y < lh; y++)
                for (uint32_t x = 0; x < lw; x++) {
                    vsmp_texel t = {{value(l, z, x, y), 0.0f, 0.0f, 1.0f}};
                    if (vsmp_format_get(fmt)->cls != VSMP_CLASS_FLOAT)
                        t.u[0] = (uint32_t)value(l, z, x, y), t.u[3] = 1;
                    vsmp_surface_store(s, l, z, x, y, &t);
                }
    }
    return s;
}

static float v_index(unsigned l, uint32_t z, uint32_t x, uint32_t y)
{
    (void)l, (void)z;
    return (float)(y * 16 + x);
}

static float v_level(unsigned l, uint32_t z, uint32_t x, uint32_t y)
{
    (void)z, (void)x, (void)y;
    return (float)l;
}

static float v_slice(unsigned l, uint32_t z, uint32_t x, uint32_t y)
{
    (void)l, (void)x, (void)y;
    return (float)z;
}

static float v_ramp(unsigned l, uint32_t z, uint32_t x, uint32_t y)
{
    (void)l, (void)z, (void)y;
    return (float)x;
}

typedef struct lanes {
    uint32_t p[VSMP_P_COUNT][VSMP_MAX_LANES];
    bool used[VSMP_P_COUNT];
} lanes;

static void setf(lanes *ls, unsigned kind, unsigned lane, float v)
{
    ls->p[kind][lane] = fb(v);
    ls->used[kind] = true;
}

static void setu(lanes *ls, unsigned kind, unsigned lane, uint32_t v)
{
    ls->p[kind][lane] = v;
    ls->used[kind] = true;
}

static vsmp_result run(const vsmp_surface *s, const vsmp_sampler_state *st, unsigned op, lanes *ls,
                       unsigned simd, uint32_t mask, int8_t au, int8_t av)
{
    vsmp_result r;
    memset(&r, 0xab, sizeof(r));
    vsmp_plan *p = NULL;
    vsmp_status e = vsmp_plan_create(s, st, op, &p, NULL);
    CHECK(e == VSMP_OK, "plan for op 0x%x: %s", op, vsmp_status_str(e));
    if (e)
        return r;
    vsmp_message m;
    memset(&m, 0, sizeof(m));
    m.simd = (uint8_t)simd;
    m.mask = mask;
    m.aoffimmi[0] = au, m.aoffimmi[1] = av;
    for (int k = 0; k < VSMP_P_COUNT; k++)
        m.param[k] = ls->used[k] ? ls->p[k] : NULL;
    CHECK(vsmp_plan_run(p, &m, &r) == VSMP_OK, "run");
    vsmp_plan_free(p);
    return r;
}

/* One-lane sample at (u, v[, r]); returns R as float. */
static float s1(const vsmp_surface *s, const vsmp_sampler_state *st, unsigned op, float u, float v,
                float r)
{
    lanes ls;
    memset(&ls, 0, sizeof(ls));
    setf(&ls, VSMP_P_U, 0, u);
    setf(&ls, VSMP_P_V, 0, v);
    setf(&ls, VSMP_P_R, 0, r);
    vsmp_result res = run(s, st, op, &ls, 1, 1, 0, 0);
    return bf(res.c[0][0]);
}

static void test_formats(void)
{
    const vsmp_format_info *fi = vsmp_format_get(VSMP_FORMAT_R8G8B8A8_UNORM);
    uint8_t px[4] = {0, 128, 255, 64};
    vsmp_texel t;
    vsmp_format_unpack(fi, px, &t);
    CHECK(t.f[0] == 0.0f && t.f[1] == 128.0f / 255.0f && t.f[2] == 1.0f && t.f[3] == 64.0f / 255.0f,
          "RGBA8 unorm: x/255");
    fi = vsmp_format_get(VSMP_FORMAT_B8G8R8A8_UNORM);
    vsmp_format_unpack(fi, px, &t); /* memory B=0 G=128 R=255 A=64 */
    CHECK(t.f[0] == 1.0f && t.f[2] == 0.0f, "BGRA8 swizzle");
    fi = vsmp_format_get(VSMP_FORMAT_R8_SNORM);
    uint8_t sn[3] = {0x80, 0x81, 0x7f};
    vsmp_format_unpack(fi, &sn[0], &t);
    CHECK(t.f[0] == -1.0f && t.f[1] == 0.0f && t.f[3] == 1.0f, "snorm -128 -> -1, G=0, A=1");
    vsmp_format_unpack(fi, &sn[1], &t);
    CHECK(t.f[0] == -1.0f, "snorm -127 -> -1");
    vsmp_format_unpack(fi, &sn[2], &t);
    CHECK(t.f[0] == 1.0f, "snorm 127 -> 1");
    fi = vsmp_format_get(VSMP_FORMAT_R16_FLOAT);
    uint16_t h[3] = {0x3c00, 0xc000, 0x0001};
    vsmp_format_unpack(fi, &h[0], &t);
    CHECK(t.f[0] == 1.0f, "half 0x3c00 = 1");
    vsmp_format_unpack(fi, &h[1], &t);
    CHECK(t.f[0] == -2.0f, "half 0xc000 = -2");
    vsmp_format_unpack(fi, &h[2], &t);
    CHECK(t.f[0] == ldexpf(1.0f, -24), "half subnormal 1 = 2^-24");
    /* R11G11B10: 1.0 = exponent 15, mantissa 0: R 0x3c0, G 0x3c0 << 11, B (10-bit) 0x1e0 << 22 */
    fi = vsmp_format_get(VSMP_FORMAT_R11G11B10_FLOAT);
    uint32_t rgb = 0x3c0u | 0x3c0u << 11 | 0x1e0u << 22;
    vsmp_format_unpack(fi, &rgb, &t);
    CHECK(t.f[0] == 1.0f && t.f[1] == 1.0f && t.f[2] == 1.0f && t.f[3] == 1.0f, "r11g11b10 1.0");
    fi = vsmp_format_get(VSMP_FORMAT_R24_UNORM_X8_TYPELESS);
    uint32_t d24 = 0xff800000u | 0x800000u; /* X8 bits are ignored */
    vsmp_format_unpack(fi, &d24, &t);
    CHECK(t.f[0] == (float)0x800000 / 16777215.0f, "r24 unorm ignores X8");
    fi = vsmp_format_get(VSMP_FORMAT_R10G10B10A2_UINT);
    uint32_t a2 = 1023u | 5u << 10 | 3u << 30;
    vsmp_format_unpack(fi, &a2, &t);
    CHECK(t.u[0] == 1023 && t.u[1] == 5 && t.u[2] == 0 && t.u[3] == 3, "r10g10b10a2 uint");
    fi = vsmp_format_get(VSMP_FORMAT_R8G8B8A8_UNORM_SRGB);
    uint8_t sr[4] = {188, 0, 255, 188};
    vsmp_format_unpack(fi, sr, &t);
    /* ((188/255 + 0.055) / 1.055)^2.4 = 0.50289...; alpha is linear */
    CHECK(fabsf(t.f[0] - 0.502886f) < 1e-5f && t.f[2] == 1.0f && t.f[3] == 188.0f / 255.0f,
          "srgb decode");
    /* pack: round to nearest even, saturate. 1.0f / 510.0f is 0x3b008081 =
     * 0.0019607844..., above 1/510: times 255 it is 0.50000001 exactly, which rounds to 1 */
    vsmp_texel in = {{0.5f, 2.0f, -1.0f, 1.0f / 510.0f}};
    uint8_t out[4];
    vsmp_format_pack(vsmp_format_get(VSMP_FORMAT_R8G8B8A8_UNORM), &in, out);
    CHECK(out[0] == 128 && out[1] == 255 && out[2] == 0 && out[3] == 1,
          "pack rgba8: 127.5 -> 128 (even), 2 -> 255, -1 -> 0, 0.50000001 -> 1");
    vsmp_texel hv = {{1.0f / 3.0f, 65520.0f, 0, 0}};
    uint16_t hp[2];
    vsmp_format_pack(vsmp_format_get(VSMP_FORMAT_R16G16_FLOAT), &hv, hp);
    CHECK(hp[0] == 0x3555 && hp[1] == 0x7c00, "pack half: 1/3 -> 0x3555, 65520 -> inf");
    /* 16-bit packed, alpha-only, luminance and intensity formats */
    static const struct {
        vsmp_format f;
        uint16_t bits;
        float want[4];
    } small[] = {
        {VSMP_FORMAT_B5G6R5_UNORM, 0xf800, {1, 0, 0, 1}},
        {VSMP_FORMAT_B5G6R5_UNORM, 0x07e0, {0, 1, 0, 1}},
        {VSMP_FORMAT_B5G5R5A1_UNORM, 0x8000, {0, 0, 0, 1}},
        {VSMP_FORMAT_B5G5R5A1_UNORM, 0x001f, {0, 0, 1, 0}},
        {VSMP_FORMAT_B4G4R4A4_UNORM, 0xf00f, {0, 0, 1, 1}},
        {VSMP_FORMAT_A8_UNORM, 0x80, {0, 0, 0, 128.0f / 255.0f}},
        {VSMP_FORMAT_L8_UNORM, 0x40, {64.0f / 255.0f, 64.0f / 255.0f, 64.0f / 255.0f, 1}},
        {VSMP_FORMAT_I8_UNORM,
         0x40,
         {64.0f / 255.0f, 64.0f / 255.0f, 64.0f / 255.0f, 64.0f / 255.0f}},
        {VSMP_FORMAT_L8A8_UNORM,
         0x8040,
         {64.0f / 255.0f, 64.0f / 255.0f, 64.0f / 255.0f, 128.0f / 255.0f}},
        {VSMP_FORMAT_A16_UNORM, 0xffff, {0, 0, 0, 1}},
    };
    for (size_t i = 0; i < sizeof(small) / sizeof(small[0]); i++) {
        vsmp_format_unpack(vsmp_format_get(small[i].f), &small[i].bits, &t);
        CHECK(memcmp(t.f, small[i].want, 16) == 0, "%s 0x%x: (%g %g %g %g)",
              vsmp_format_get(small[i].f)->name, small[i].bits, t.f[0], t.f[1], t.f[2], t.f[3]);
    }
    /* R9G9B9E5: value = mantissa * 2^(E - 24); E = 15: 256 -> 0.5, 511 -> 0.998046875 */
    uint32_t e5 = 256u | 0u << 9 | 511u << 18 | 15u << 27;
    vsmp_format_unpack(vsmp_format_get(VSMP_FORMAT_R9G9B9E5_SHAREDEXP), &e5, &t);
    CHECK(t.f[0] == 0.5f && t.f[1] == 0.0f && t.f[2] == 0.998046875f && t.f[3] == 1.0f,
          "r9g9b9e5 decode");
    uint32_t back = 0;
    vsmp_format_pack(vsmp_format_get(VSMP_FORMAT_R9G9B9E5_SHAREDEXP), &t, &back);
    CHECK(back == e5, "r9g9b9e5 encode: 0x%08x", back);
    vsmp_format f;
    CHECK(vsmp_format_find("r8g8b8a8_unorm_srgb", &f) == VSMP_OK &&
              f == VSMP_FORMAT_R8G8B8A8_UNORM_SRGB && f == 0xc8,
          "find by name; SURFACE_FORMAT number 0xc8");
    /* every format's pack/unpack round-trips a representable value */
    for (size_t i = 0; i < vsmp_format_count(); i++) {
        const vsmp_format_info *x = vsmp_format_at(i);
        if (x->block_w > 1 || x->planes > 1)
            continue; /* block and planar formats: test_bc, test_yuv */
        uint8_t b[16] = {0}, b2[16] = {0};
        for (int k = 0; k < 16; k++)
            b[k] = (uint8_t)(0x35 + 17 * k);
        vsmp_texel tt;
        vsmp_format_unpack(x, b, &tt);
        vsmp_format_pack(x, &tt, b2);
        vsmp_texel t2;
        vsmp_format_unpack(x, b2, &t2);
        CHECK(memcmp(&tt, &t2, sizeof(tt)) == 0, "%s: unpack(pack(unpack(x))) stable", x->name);
    }
}

static void test_surfaces(void)
{
    vsmp_surface_desc d;
    vsmp_surface *s = NULL;
    vsmp_surface_desc_init(&d);
    d.width = 0;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "width 0");
    d.width = 16385;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "width 16385");
    vsmp_surface_desc_init(&d);
    d.levels = 16;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "16 levels");
    vsmp_surface_desc_init(&d);
    d.type = VSMP_SURFTYPE_CUBE, d.width = 4, d.height = 2;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "non-square cube");
    vsmp_surface_desc_init(&d);
    d.width = 16384, d.height = 16384, d.array = true, d.array_len = 2048;
    d.format = VSMP_FORMAT_R32G32B32A32_FLOAT;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "8 TiB is refused, not allocated");
    vsmp_surface_desc_init(&d);
    uint8_t mem[16];
    d.width = 2, d.height = 2, d.data = mem, d.data_size = 15;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "caller memory too small");
    d.data_size = 16;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_OK, "caller memory exactly enough");
    vsmp_surface_free(s);
    /* caller layout with padded rows */
    uint8_t big[64] = {0};
    vsmp_surface_desc_init(&d);
    d.width = 2, d.height = 2, d.data = big, d.data_size = sizeof(big);
    d.row_pitch[0] = 16, d.slice_pitch[0] = 32, d.level_offset[0] = 8;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_OK, "pitched layout");
    CHECK((uint8_t *)vsmp_surface_texel(s, 0, 0, 1, 1) == big + 8 + 16 + 4, "texel address");
    vsmp_surface_free(s);
    d.row_pitch[0] = 4;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "row pitch below the row size");
    vsmp_surface_desc_init(&d);
    d.levels = 2, d.min_lod = 2;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "min_lod past the levels");
    /* SURFTYPE_BUFFER (image1d_buffer_t): up to 2^27 texels in one row, nothing else */
    vsmp_surface_desc_init(&d);
    d.type = VSMP_SURFTYPE_BUFFER, d.format = VSMP_FORMAT_R8_UINT, d.width = 20000;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_OK, "a buffer surface of 20000 texels");
    vsmp_texel t = {.u = {7, 0, 0, 1}}, back;
    CHECK(s && vsmp_surface_store(s, 0, 0, 19999, 0, &t) == VSMP_OK &&
              vsmp_surface_load(s, 0, 0, 19999, 0, &back) == VSMP_OK && back.u[0] == 7 &&
              (uint8_t *)vsmp_surface_texel(s, 0, 0, 19999, 0) ==
                  (uint8_t *)vsmp_surface_get_desc(s)->data + 19999,
          "buffer texel 19999 at byte 19999");
    vsmp_surface_free(s);
    s = NULL;
    d.width = VSMP_MAX_BUFFER_TEXELS + 1;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "a buffer of 2^27 + 1 texels");
    d.width = 4, d.height = 2;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "a buffer of two rows");
    d.height = 1, d.levels = 2;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "a buffer of two levels");
    d.levels = 1, d.array = true, d.array_len = 2;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "a buffer of two layers");
    d.array = false, d.array_len = 1, d.format = VSMP_FORMAT_BC1_UNORM;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_ERR_ARG, "a buffer of BC blocks");
}

static void test_address_modes(void)
{
    /* 4x4 R32_FLOAT, texel (x, y) = 16y + x; nearest, v = 0.125 (row 0) */
    vsmp_surface *s = make(VSMP_SURFTYPE_2D, false, VSMP_FORMAT_R32_FLOAT, 4, 4, 1, 1, 1, v_index);
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.375f, 0.125f, 0) == 1.0f, "u 0.375 -> x 1");
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.375f, 0.625f, 0) == 33.0f, "v 0.625 -> y 2");
    static const struct {
        unsigned mode;
        float u;
        float want;
    } cases[] = {
        /* u = -0.1: x = -0.4 -> i = -1 */
        {VSMP_TCM_WRAP, -0.1f, 3},
        {VSMP_TCM_MIRROR, -0.1f, 0},
        {VSMP_TCM_CLAMP, -0.1f, 0},
        {VSMP_TCM_MIRROR_ONCE, -0.1f, 0},
        {VSMP_TCM_CLAMP_BORDER, -0.1f, 0.25f},
        {VSMP_TCM_MIRROR_101, -0.1f, 1},
        /* u = 1.3: x = 5.2 -> i = 5; mirror period 8: 5 -> 2; mirror_101 period 6: 5 -> 1 */
        {VSMP_TCM_WRAP, 1.3f, 1},
        {VSMP_TCM_MIRROR, 1.3f, 2},
        {VSMP_TCM_CLAMP, 1.3f, 3},
        {VSMP_TCM_MIRROR_ONCE, 1.3f, 3},
        {VSMP_TCM_CLAMP_BORDER, 1.3f, 0.25f},
        {VSMP_TCM_MIRROR_101, 1.3f, 1},
        /* u = -1.3: x = -5.2 -> i = -6; wrap 2; mirror 8k-6=2 -> 2 <4 -> 2; once: 5 -> 3 */
        {VSMP_TCM_WRAP, -1.3f, 2},
        {VSMP_TCM_MIRROR, -1.3f, 2},
        {VSMP_TCM_MIRROR_ONCE, -1.3f, 3},
        {VSMP_TCM_MIRROR_101, -1.3f, 0},
        /* TCM_CUBE on a 2D surface clamps; HALF_BORDER nearest never reads the border */
        {VSMP_TCM_CUBE, 1.3f, 3},
        {VSMP_TCM_HALF_BORDER, 1.3f, 3},
    };
    st.border.f[0] = 0.25f;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        st.address[0] = (uint8_t)cases[i].mode;
        float got = s1(s, &st, VSMP_SUB_SAMPLE_LZ, cases[i].u, 0.125f, 0);
        CHECK(got == cases[i].want, "mode %u u %g: want %g got %g", cases[i].mode, cases[i].u,
              cases[i].want, got);
    }
    /* HALF_BORDER, linear: u = 1 -> x = 4, taps 3 and 4 (border) with weight 0.5 each */
    st.address[0] = VSMP_TCM_HALF_BORDER;
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    st.address[1] = VSMP_TCM_CLAMP;
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 1.0f, 0.125f, 0) == 3.0f + (0.25f - 3.0f) * 0.5f,
          "half border blends the edge with the border 50 %%");
    vsmp_surface_free(s);
}

static void test_bilinear_and_border(void)
{
    /* 4x1 ramp R = x: linear, clamp; u = 0.375 -> x - 0.5 = 1.0 -> exactly texel 1;
     * u = 0.3 -> x = 1.2 -> 0.7 -> taps 0, 1, weight 0.7 -> 0.7 */
    vsmp_surface *s = make(VSMP_SURFTYPE_2D, false, VSMP_FORMAT_R32_FLOAT, 4, 1, 1, 1, 1, v_ramp);
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    st.address[0] = st.address[1] = VSMP_TCM_CLAMP;
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.375f, 0.5f, 0) == 1.0f, "bilinear at a centre");
    float x = 0.3f * 4.0f - 0.5f, w = x - floorf(x);
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.3f, 0.5f, 0) == 0.0f + (1.0f - 0.0f) * w,
          "bilinear weight");
    /* min/max reduction over the two taps */
    st.reduction_enable = true;
    st.reduction = VSMP_REDUCTION_MIN;
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.3f, 0.5f, 0) == 0.0f, "min reduction");
    st.reduction = VSMP_REDUCTION_MAX;
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.3f, 0.5f, 0) == 1.0f, "max reduction");
    vsmp_surface_free(s);
    /* border colour clamped to UNORM range: (2, -1, 0.5, 1) -> (1, 0, 0.5, 1) */
    s = make(VSMP_SURFTYPE_2D, false, VSMP_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1, 1, v_level);
    vsmp_sampler_state_init(&st);
    st.address[0] = st.address[1] = VSMP_TCM_CLAMP_BORDER;
    st.border.f[0] = 2.0f, st.border.f[1] = -1.0f, st.border.f[2] = 0.5f, st.border.f[3] = 1.0f;
    lanes ls;
    memset(&ls, 0, sizeof(ls));
    setf(&ls, VSMP_P_U, 0, -0.5f);
    vsmp_result r = run(s, &st, VSMP_SUB_SAMPLE_LZ, &ls, 1, 1, 0, 0);
    CHECK(bf(r.c[0][0]) == 1.0f && bf(r.c[1][0]) == 0.0f && bf(r.c[2][0]) == 0.5f &&
              bf(r.c[3][0]) == 1.0f,
          "border clamped per format");
    vsmp_surface_free(s);
    /* integer formats filter as nearest and return integers */
    s = make(VSMP_SURFTYPE_2D, false, VSMP_FORMAT_R32_UINT, 4, 1, 1, 1, 1, v_ramp);
    vsmp_sampler_state_init(&st);
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    memset(&ls, 0, sizeof(ls));
    setf(&ls, VSMP_P_U, 0, 0.6f); /* x = 2.4 -> nearest texel 2 */
    r = run(s, &st, VSMP_SUB_SAMPLE_LZ, &ls, 1, 1, 0, 0);
    CHECK(r.c[0][0] == 2 && r.c[3][0] == 1, "uint: nearest, integer result, alpha 1");
    vsmp_surface_free(s);
}

static void test_mips(void)
{
    /* 8x8 with 4 levels; every texel of level l is l */
    vsmp_surface *s = make(VSMP_SURFTYPE_2D, false, VSMP_FORMAT_R32_FLOAT, 8, 8, 1, 1, 4, v_level);
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.mip_filter = VSMP_MIPFILTER_NEAREST;
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_L, 0.5f, 0.5f, 0) == 0.0f, "lod 0");
    lanes ls;
    memset(&ls, 0, sizeof(ls));
    static const float lods[] = {1.4f, 1.6f, 2.5f, 9.0f, -3.0f};
    static const float near[] = {1, 2, 3, 3, 0}; /* floor(lod + 0.5), clamped to [0, 3] */
    for (int i = 0; i < 5; i++) {
        setf(&ls, VSMP_P_LOD, i, lods[i]);
        setf(&ls, VSMP_P_U, i, 0.5f);
        setf(&ls, VSMP_P_V, i, 0.5f);
    }
    vsmp_result r = run(s, &st, VSMP_SUB_SAMPLE_L, &ls, 5, 0x1f, 0, 0);
    for (int i = 0; i < 5; i++)
        CHECK(bf(r.c[0][i]) == near[i], "nearest mip of lod %g: %g", lods[i], bf(r.c[0][i]));
    st.mip_filter = VSMP_MIPFILTER_LINEAR;
    r = run(s, &st, VSMP_SUB_SAMPLE_L, &ls, 5, 0x1f, 0, 0);
    CHECK(bf(r.c[0][1]) == 1.0f + (2.0f - 1.0f) * (1.6f - 1.0f), "linear mip 1.6");
    CHECK(bf(r.c[0][3]) == 3.0f && bf(r.c[0][4]) == 0.0f, "linear mip clamps");
    /* sampler clamps: max_lod 1 -> 1; min_lod 2 -> 2; bias 1 on lod 0.5 -> 1.5 */
    st.max_lod = 1.0f;
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.5f, 0.5f, 0) == 0.0f, "lz ignores max");
    setf(&ls, VSMP_P_LOD, 0, 2.5f);
    r = run(s, &st, VSMP_SUB_SAMPLE_L, &ls, 1, 1, 0, 0);
    CHECK(bf(r.c[0][0]) == 1.0f, "max_lod clamp");
    st.max_lod = 14.0f, st.min_lod = 2.0f;
    setf(&ls, VSMP_P_LOD, 0, 0.5f);
    r = run(s, &st, VSMP_SUB_SAMPLE_L, &ls, 1, 1, 0, 0);
    CHECK(bf(r.c[0][0]) == 2.0f, "min_lod clamp");
    st.min_lod = 0.0f, st.lod_bias = 1.0f;
    r = run(s, &st, VSMP_SUB_SAMPLE_L, &ls, 1, 1, 0, 0);
    CHECK(bf(r.c[0][0]) == 1.5f, "sampler LOD bias on an explicit lod");
    /* MIPFILTER_NONE: base level whatever the lod */
    st.lod_bias = 0.0f, st.mip_filter = VSMP_MIPFILTER_NONE;
    setf(&ls, VSMP_P_LOD, 0, 2.0f);
    r = run(s, &st, VSMP_SUB_SAMPLE_L, &ls, 1, 1, 0, 0);
    CHECK(bf(r.c[0][0]) == 0.0f, "mipfilter none");
    vsmp_surface_free(s);
    /* SurfaceMinLOD 1 with MIPCountLOD+1 = 2: lod 0 reads level 1, lod 5 clamps to level 2 */
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R32_FLOAT, d.width = d.height = 8, d.levels = 4, d.min_lod = 1;
    d.mip_count = 2;
    vsmp_surface *v = NULL;
    CHECK(vsmp_surface_create(&d, &v, NULL) == VSMP_OK, "view");
    for (unsigned l = 0; l < 4; l++) {
        uint32_t w, h;
        vsmp_surface_level_size(v, l, &w, &h, NULL, NULL);
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                vsmp_texel t = {{(float)l, 0, 0, 1}};
                vsmp_surface_store(v, l, 0, x, y, &t);
            }
    }
    vsmp_sampler_state_init(&st);
    st.mip_filter = VSMP_MIPFILTER_NEAREST;
    setf(&ls, VSMP_P_LOD, 0, 0.0f);
    setf(&ls, VSMP_P_LOD, 1, 5.0f);
    r = run(v, &st, VSMP_SUB_SAMPLE_L, &ls, 2, 3, 0, 0);
    CHECK(bf(r.c[0][0]) == 1.0f && bf(r.c[0][1]) == 2.0f, "view base and top");
    vsmp_surface_free(v);
}

static void quad(lanes *ls, float u0, float v0, float du, float dv)
{
    setf(ls, VSMP_P_U, 0, u0), setf(ls, VSMP_P_V, 0, v0);
    setf(ls, VSMP_P_U, 1, u0 + du), setf(ls, VSMP_P_V, 1, v0);
    setf(ls, VSMP_P_U, 2, u0), setf(ls, VSMP_P_V, 2, v0 + dv);
    setf(ls, VSMP_P_U, 3, u0 + du), setf(ls, VSMP_P_V, 3, v0 + dv);
}

static void test_lod(void)
{
    /* 16x16, 5 levels, level value = l; linear mips */
    vsmp_surface *s =
        make(VSMP_SURFTYPE_2D, false, VSMP_FORMAT_R32_FLOAT, 16, 16, 1, 1, 5, v_level);
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.mip_filter = VSMP_MIPFILTER_LINEAR;
    lanes ls;
    memset(&ls, 0, sizeof(ls));
    /* quad spacing 2/16 in u and v: texel derivatives 2 -> lambda 1 */
    quad(&ls, 0.25f, 0.25f, 0.125f, 0.125f);
    vsmp_result r = run(s, &st, VSMP_SUB_SAMPLE, &ls, 4, 0xf, 0, 0);
    for (int i = 0; i < 4; i++)
        CHECK(bf(r.c[0][i]) == 1.0f, "implicit lod 1 (lane %d: %g)", i, bf(r.c[0][i]));
    /* only the TL lane enabled: its LOD still comes from the whole quad (11.2) */
    memset(&r, 0, sizeof(r));
    r = run(s, &st, VSMP_SUB_SAMPLE, &ls, 4, 0x1, 0, 0);
    CHECK(bf(r.c[0][0]) == 1.0f && r.c[0][1] == 0xabababab, "disabled lanes feed the LOD, "
                                                            "are not written");
    /* anisotropic: du = 8 texels, dv = 1 texel: isotropic lambda 3, 8 taps -> lambda 0 */
    memset(&ls, 0, sizeof(ls));
    quad(&ls, 0.25f, 0.25f, 0.5f, 0.0625f);
    r = run(s, &st, VSMP_SUB_SAMPLE, &ls, 4, 0x1, 0, 0);
    CHECK(bf(r.c[0][0]) == 3.0f, "isotropic: the major axis sets lambda 3");
    st.min_filter = VSMP_FILTER_ANISOTROPIC, st.mag_filter = VSMP_FILTER_LINEAR;
    r = run(s, &st, VSMP_SUB_SAMPLE, &ls, 4, 0x1, 0, 0);
    CHECK(bf(r.c[0][0]) == 0.0f, "8:1 anisotropic: lambda log2(8 / 8) = 0");
    st.max_aniso = 2;
    r = run(s, &st, VSMP_SUB_SAMPLE, &ls, 4, 0x1, 0, 0);
    CHECK(bf(r.c[0][0]) == 2.0f, "2:1 cap: lambda log2(8 / 2) = 2");
    st.min_filter = VSMP_FILTER_NEAREST, st.mag_filter = VSMP_FILTER_NEAREST;
    /* sample_b: per-lane bias after the quad LOD; bias clamps to [-16, 16] */
    memset(&ls, 0, sizeof(ls));
    quad(&ls, 0.25f, 0.25f, 0.125f, 0.125f);
    setf(&ls, VSMP_P_BIAS, 0, 1.0f);
    setf(&ls, VSMP_P_BIAS, 1, -1.0f);
    setf(&ls, VSMP_P_BIAS, 2, 0.5f);
    setf(&ls, VSMP_P_BIAS, 3, 100.0f);
    r = run(s, &st, VSMP_SUB_SAMPLE_B, &ls, 4, 0xf, 0, 0);
    CHECK(bf(r.c[0][0]) == 2.0f && bf(r.c[0][1]) == 0.0f && bf(r.c[0][2]) == 1.5f &&
              bf(r.c[0][3]) == 4.0f,
          "per-lane bias");
    /* sample_d: dudx = 4/16 -> 4 texels -> lambda 2; dvdy larger wins: 8 texels -> 3 */
    memset(&ls, 0, sizeof(ls));
    setf(&ls, VSMP_P_U, 0, 0.5f), setf(&ls, VSMP_P_V, 0, 0.5f);
    setf(&ls, VSMP_P_DUDX, 0, 0.25f);
    setf(&ls, VSMP_P_U, 1, 0.5f), setf(&ls, VSMP_P_V, 1, 0.5f);
    setf(&ls, VSMP_P_DUDX, 1, 0.25f), setf(&ls, VSMP_P_DVDY, 1, 0.5f);
    r = run(s, &st, VSMP_SUB_SAMPLE_D, &ls, 2, 3, 0, 0);
    CHECK(bf(r.c[0][0]) == 2.0f && bf(r.c[0][1]) == 3.0f, "gradient lod");
    /* LOD op: R = clamped (to MIPCount-1 = 4), G = unclamped; texel derivative 32 -> 5 */
    memset(&ls, 0, sizeof(ls));
    quad(&ls, 0.0f, 0.0f, 2.0f, 0.0f);
    st.lod_bias = 0.25f;
    r = run(s, &st, VSMP_SUB_LOD, &ls, 4, 1, 0, 0);
    CHECK(bf(r.c[0][0]) == 4.0f && bf(r.c[1][0]) == 5.25f, "LOD: R %g G %g", bf(r.c[0][0]),
          bf(r.c[1][0]));
    st.mip_filter = VSMP_MIPFILTER_NONE;
    r = run(s, &st, VSMP_SUB_LOD, &ls, 4, 1, 0, 0);
    CHECK(bf(r.c[0][0]) == 0.0f && bf(r.c[1][0]) == 5.25f, "LOD with no mips: R 0");
    vsmp_surface_free(s);
}

static void test_compare(void)
{
    /* 2x2 depth R32_FLOAT = 0.5; Intel: 0 when `texel OP ref` holds */
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R32_FLOAT, d.width = d.height = 2;
    vsmp_surface *s = NULL;
    vsmp_surface_create(&d, &s, NULL);
    for (int i = 0; i < 4; i++) {
        vsmp_texel t = {{i == 3 ? 0.9f : 0.5f, 0, 0, 1}};
        vsmp_surface_store(s, 0, 0, (uint32_t)i & 1, (uint32_t)i >> 1, &t);
    }
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.address[0] = st.address[1] = VSMP_TCM_CLAMP;
    lanes ls;
    memset(&ls, 0, sizeof(ls));
    setf(&ls, VSMP_P_REF, 0, 0.6f);
    setf(&ls, VSMP_P_U, 0, 0.25f), setf(&ls, VSMP_P_V, 0, 0.25f);
    static const struct {
        unsigned func;
        float want;
    } c[] = {{VSMP_PREFILTEROP_LESS, 0.0f},   {VSMP_PREFILTEROP_GREATER, 1.0f},
             {VSMP_PREFILTEROP_ALWAYS, 0.0f}, {VSMP_PREFILTEROP_NEVER, 1.0f},
             {VSMP_PREFILTEROP_EQUAL, 1.0f},  {VSMP_PREFILTEROP_GEQUAL, 1.0f}};
    for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
        st.shadow_func = (uint8_t)c[i].func;
        vsmp_result r = run(s, &st, VSMP_SUB_SAMPLE_C_LZ, &ls, 1, 1, 0, 0);
        CHECK(bf(r.c[0][0]) == c[i].want && bf(r.c[3][0]) == 1.0f, "compare func %u", c[i].func);
    }
    /* PCF: linear at the centre of the 4 texels: 3 pass (0), one fails (1) -> 0.25 */
    st.shadow_func = VSMP_PREFILTEROP_LESS;
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    setf(&ls, VSMP_P_U, 0, 0.5f), setf(&ls, VSMP_P_V, 0, 0.5f);
    vsmp_result r = run(s, &st, VSMP_SUB_SAMPLE_C_LZ, &ls, 1, 1, 0, 0);
    CHECK(bf(r.c[0][0]) == 0.25f, "PCF: compare then filter");
    vsmp_surface_free(s);
    /* UNORM depth: the reference is clamped to [0, 1] before the compare (Vulkan's rule).
     * R16_UNORM 2x2 = 1.0 (65535) except texel (1, 1) = 0.0; nearest at texel (0, 0):
     *   LESS    1.0 < clamp(1.5) = 1.0 fails -> 1   (unclamped 1.0 < 1.5 would hold -> 0)
     *   GEQUAL  1.0 >= clamp(1.5) = 1.0 holds -> 0  (unclamped would fail -> 1)
     * at texel (1, 1):
     *   GREATER 0.0 > clamp(-0.5) = 0.0 fails -> 1  (unclamped 0 > -0.5 would hold -> 0)
     * R32_FLOAT keeps the reference: 1.0 < 1.5 holds -> 0 */
    static const struct {
        vsmp_format f;
        unsigned func;
        float u, ref, want;
    } uc[] = {{VSMP_FORMAT_R16_UNORM, VSMP_PREFILTEROP_LESS, 0.25f, 1.5f, 1.0f},
              {VSMP_FORMAT_R16_UNORM, VSMP_PREFILTEROP_GEQUAL, 0.25f, 1.5f, 0.0f},
              {VSMP_FORMAT_R16_UNORM, VSMP_PREFILTEROP_GREATER, 0.75f, -0.5f, 1.0f},
              {VSMP_FORMAT_R24_UNORM_X8_TYPELESS, VSMP_PREFILTEROP_LESS, 0.25f, 1.5f, 1.0f},
              {VSMP_FORMAT_R32_FLOAT, VSMP_PREFILTEROP_LESS, 0.25f, 1.5f, 0.0f}};
    vsmp_sampler_state_init(&st);
    for (size_t i = 0; i < sizeof(uc) / sizeof(uc[0]); i++) {
        d.format = uc[i].f;
        s = NULL;
        vsmp_surface_create(&d, &s, NULL);
        for (int k = 0; k < 4; k++) {
            vsmp_texel t = {{k == 3 ? 0.0f : 1.0f, 0, 0, 1}};
            vsmp_surface_store(s, 0, 0, (uint32_t)k & 1, (uint32_t)k >> 1, &t);
        }
        st.shadow_func = (uint8_t)uc[i].func;
        memset(&ls, 0, sizeof(ls));
        setf(&ls, VSMP_P_REF, 0, uc[i].ref);
        setf(&ls, VSMP_P_U, 0, uc[i].u), setf(&ls, VSMP_P_V, 0, uc[i].u);
        r = run(s, &st, VSMP_SUB_SAMPLE_C_LZ, &ls, 1, 1, 0, 0);
        CHECK(bf(r.c[0][0]) == uc[i].want, "%s func %u ref %g: %g, got %g",
              vsmp_format_get(uc[i].f)->name, uc[i].func, uc[i].ref, uc[i].want, bf(r.c[0][0]));
        vsmp_surface_free(s);
    }
}

static void test_load(void)
{
    vsmp_surface *s = make(VSMP_SURFTYPE_2D, false, VSMP_FORMAT_R32_FLOAT, 4, 4, 1, 1, 2, v_index);
    lanes ls;
    memset(&ls, 0, sizeof(ls));
    setu(&ls, VSMP_P_U, 0, 1), setu(&ls, VSMP_P_V, 0, 2);   /* 33 */
    setu(&ls, VSMP_P_U, 1, 4), setu(&ls, VSMP_P_V, 1, 0);   /* out of range */
    setu(&ls, VSMP_P_U, 2, 1), setu(&ls, VSMP_P_LOD, 2, 1); /* level 1 (2x2): 1 */
    setu(&ls, VSMP_P_U, 3, 0), setu(&ls, VSMP_P_LOD, 3, 2); /* lod past the chain */
    setu(&ls, VSMP_P_U, 4, 0xffffffffu);                    /* -1 */
    vsmp_result r = run(s, NULL, VSMP_SUB_LD, &ls, 5, 0x1f, 0, 0);
    CHECK(bf(r.c[0][0]) == 33.0f && bf(r.c[3][0]) == 1.0f, "ld texel");
    /* out of range: the zero texel, R32_FLOAT's missing G, B, A filled as 0, 0, 1 */
    for (unsigned l = 1; l < 5; l += 2)
        CHECK(r.c[0][l] == 0 && r.c[1][l] == 0 && r.c[2][l] == 0 && bf(r.c[3][l]) == 1.0f,
              "lane %u out of range: (0, 0, 0, 1), got alpha 0x%08x", l, r.c[3][l]);
    CHECK(bf(r.c[0][2]) == 1.0f, "ld lod 1");
    CHECK(r.c[0][4] == 0 && bf(r.c[3][4]) == 1.0f, "negative bound");
    /* aoffimmi: (+1, -1) moves (1, 2) to (2, 1) = 18 */
    r = run(s, NULL, VSMP_SUB_LD, &ls, 1, 1, 1, -1);
    CHECK(bf(r.c[0][0]) == 18.0f, "ld with offsets");
    vsmp_surface_free(s);
    /* 2D array: layer from r; 3D: z from r */
    s = make(VSMP_SURFTYPE_2D, true, VSMP_FORMAT_R32_UINT, 2, 2, 1, 3, 1, v_slice);
    memset(&ls, 0, sizeof(ls));
    setu(&ls, VSMP_P_R, 0, 2), setu(&ls, VSMP_P_R, 1, 3);
    r = run(s, NULL, VSMP_SUB_LD_LZ, &ls, 2, 3, 0, 0);
    /* layer 3 of 3: the zero texel, R32_UINT's missing alpha the integer 1 */
    CHECK(r.c[0][0] == 2 && r.c[0][1] == 0 && r.c[3][1] == 1, "array layer and its bound");
    vsmp_surface_free(s);
    /* The zero texel per format (Vulkan robustImageAccess2): stored channels 0, missing G, B 0,
     * missing A 1. RGBA8: (0, 0, 0, 0); A8: alpha stored, (0, 0, 0, 0); L8: R = G = B = L,
     * alpha missing, (0, 0, 0, 1); R16G16_SINT: (0, 0, 0, 1) as integers; ld_lz and load_l
     * alike (x = 5 on a 4-wide level) */
    static const struct {
        vsmp_format f;
        uint32_t a;
    } zf[] = {{VSMP_FORMAT_R8G8B8A8_UNORM, 0},
              {VSMP_FORMAT_A8_UNORM, 0},
              {VSMP_FORMAT_L8_UNORM, 0x3f800000u},
              {VSMP_FORMAT_R16G16_SINT, 1},
              {VSMP_FORMAT_R32G32B32_FLOAT, 0x3f800000u}};
    static const unsigned zops[] = {VSMP_SUB_LD, VSMP_SUB_LD_LZ, VSMP_SUB_LD_L};
    for (size_t i = 0; i < sizeof(zf) / sizeof(zf[0]); i++) {
        s = make(VSMP_SURFTYPE_2D, false, zf[i].f, 4, 4, 1, 1, 1, v_level);
        for (size_t o = 0; o < sizeof(zops) / sizeof(zops[0]); o++) {
            memset(&ls, 0, sizeof(ls));
            setu(&ls, VSMP_P_U, 0, 5);
            r = run(s, NULL, zops[o], &ls, 1, 1, 0, 0);
            CHECK(r.c[0][0] == 0 && r.c[1][0] == 0 && r.c[2][0] == 0 && r.c[3][0] == zf[i].a,
                  "%s op 0x%x out of range: alpha 0x%08x, got 0x%08x",
                  vsmp_format_get(zf[i].f)->name, zops[o], zf[i].a, r.c[3][0]);
        }
        vsmp_surface_free(s);
    }
}

static void test_info(void)
{
    vsmp_surface *s = make(VSMP_SURFTYPE_2D, true, VSMP_FORMAT_R8_UNORM, 8, 4, 1, 3, 4, v_level);
    lanes ls;
    memset(&ls, 0, sizeof(ls));
    setu(&ls, VSMP_P_LOD, 0, 1);
    setu(&ls, VSMP_P_LOD, 1, 3); /* 8x4 >> 3 = 1x1 (minimum 1) */
    setu(&ls, VSMP_P_LOD, 2, 5); /* past the chain: sizes 0, array and count kept */
    vsmp_result r = run(s, NULL, VSMP_SUB_RESINFO, &ls, 3, 7, 0, 0);
    CHECK(r.c[0][0] == 4 && r.c[1][0] == 2 && r.c[2][0] == 3 && r.c[3][0] == 4, "2D array lod 1");
    CHECK(r.c[0][1] == 1 && r.c[1][1] == 1, "max(1, size >> lod)");
    CHECK(r.c[0][2] == 0 && r.c[1][2] == 0 && r.c[2][2] == 3 && r.c[3][2] == 4, "lod past");
    r = run(s, NULL, VSMP_SUB_SAMPLEINFO, &ls, 1, 1, 0, 0);
    CHECK(r.c[0][0] == 1 && r.c[1][0] == 0 && r.c[3][0] == 0, "sampleinfo: 1 sample");
    vsmp_surface_free(s);
    s = make(VSMP_SURFTYPE_3D, false, VSMP_FORMAT_R8_UNORM, 8, 8, 4, 1, 3, v_level);
    setu(&ls, VSMP_P_LOD, 0, 2);
    r = run(s, NULL, VSMP_SUB_RESINFO, &ls, 1, 1, 0, 0);
    CHECK(r.c[0][0] == 2 && r.c[1][0] == 2 && r.c[2][0] == 1 && r.c[3][0] == 3, "3D lod 2");
    vsmp_surface_free(s);
    s = make(VSMP_SURFTYPE_1D, true, VSMP_FORMAT_R8_UNORM, 8, 1, 1, 5, 1, v_level);
    setu(&ls, VSMP_P_LOD, 0, 0);
    r = run(s, NULL, VSMP_SUB_RESINFO, &ls, 1, 1, 0, 0);
    CHECK(r.c[0][0] == 8 && r.c[1][0] == 5 && r.c[2][0] == 0 && r.c[3][0] == 1, "1D array");
    vsmp_surface_free(s);
}

static float v_face(unsigned l, uint32_t z, uint32_t x, uint32_t y)
{
    (void)l, (void)x, (void)y;
    return (float)(z + 1) * 10.0f;
}

static void test_cube(void)
{
    /* 2x2 faces, face f holds 10 (f + 1) */
    vsmp_surface *s = make(VSMP_SURFTYPE_CUBE, false, VSMP_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, v_face);
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.address[0] = st.address[1] = st.address[2] = VSMP_TCM_CLAMP;
    static const struct {
        float d[3];
        float want;
    } dirs[] = {{{1, 0.2f, -0.3f}, 10},       {{-1, 0, 0}, 20}, {{0.1f, 1, 0}, 30},
                {{0, -1, 0.2f}, 40},          {{0, 0, 1}, 50},  {{0.3f, 0.3f, -1}, 60},
                {{1, 1, 1}, 50} /* tie: z */, {{1, 1, 0}, 30} /* tie: y over x */};
    for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
        CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, dirs[i].d[0], dirs[i].d[1], dirs[i].d[2]) ==
                  dirs[i].want,
              "cube direction %zu", i);
    /* seam: +X face at s = 0.125 (x = 0.25 -> taps -1, 0 with weight 0.75 on texel 0):
     * direction (1, 0, 0.75) -> sc = -0.75; the off-face tap lies on +Z (50) */
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    float want_clamped = 10.0f;
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 1.0f, 0.0f, 0.75f) == want_clamped,
          "non-seamless: clamped on the face");
    st.seamless_cube = true;
    float got = s1(s, &st, VSMP_SUB_SAMPLE_LZ, 1.0f, 0.0f, 0.75f);
    CHECK(got == 50.0f + (10.0f - 50.0f) * 0.75f, "seamless: 0.25 of +Z, 0.75 of +X: %g", got);
    vsmp_surface_free(s);
}

/* depth per face: +Z 0.2, -X 0.9, +Y 0.3, the others 0.5 */
static float v_depth_face(unsigned l, uint32_t z, uint32_t x, uint32_t y)
{
    (void)l, (void)x, (void)y;
    return z == 4 ? 0.2f : z == 1 ? 0.9f : z == 2 ? 0.3f : 0.5f;
}

static void test_cube_corner(void)
{
    /* Seamless, linear, 2x2 faces, direction (-1, 1, 1): the tie picks +Z, where
     * s = (sc / ma + 1) / 2 = (-1 + 1) / 2 = 0 and t = (-(1) / 1 + 1) / 2 = 0, so x = y = 0:
     * taps x, y in {-1, 0}, each weight 0.25.
     *   (0, 0)   +Z's own texel: 0.2
     *   (-1, 0)  off the left edge: centre (sc, tc) = (-1.5, -0.5) -> (-1.5, 0.5, 1): -X, 0.9
     *   (0, -1)  off the top edge: (-0.5, -1.5) -> (-0.5, 1.5, 1): +Y, 0.3
     *   (-1, -1) the corner: +Z (0, 0), -X and +Y texels meeting there: 0.2, 0.9, 0.3
     * Compare LESS against 0.5 (Intel: 0 when texel < ref): 0.2 -> 0, 0.9 -> 1, 0.3 -> 0;
     * the corner compares each texel, then averages: (0 + 1 + 0) / 3 = 1/3 (averaging the
     * depths first, 0.4667 < 0.5 -> 0, would give 0.25 in all);
     * result 0.25 (0 + 1 + 0 + 1/3) = 1/3. */
    vsmp_surface *s =
        make(VSMP_SURFTYPE_CUBE, false, VSMP_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, v_depth_face);
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    st.seamless_cube = true;
    st.shadow_func = VSMP_PREFILTEROP_LESS;
    lanes ls;
    memset(&ls, 0, sizeof(ls));
    setf(&ls, VSMP_P_U, 0, -1.0f), setf(&ls, VSMP_P_V, 0, 1.0f), setf(&ls, VSMP_P_R, 0, 1.0f);
    setf(&ls, VSMP_P_REF, 0, 0.5f);
    vsmp_result r = run(s, &st, VSMP_SUB_SAMPLE_C_LZ, &ls, 1, 1, 0, 0);
    CHECK(fabsf(bf(r.c[0][0]) - 1.0f / 3.0f) < 1e-6f,
          "cube corner: compare the three texels, then average: 1/3, got %g", bf(r.c[0][0]));
    /* without compare: 0.25 (0.2 + 0.9 + 0.3 + (0.2 + 0.9 + 0.3) / 3) = 0.4667 */
    float got = s1(s, &st, VSMP_SUB_SAMPLE_LZ, -1.0f, 1.0f, 1.0f);
    CHECK(fabsf(got - 1.4f / 3.0f) < 1e-6f, "cube corner filtered: %g", got);
    vsmp_surface_free(s);
    /* integer formats never average: nearest at direction (1, -1, 1) (+Z, s = t = 1, so
     * x = y = 2, off both edges) takes +Z's own corner texel, 10 (4 + 1) = 50 */
    s = make(VSMP_SURFTYPE_CUBE, false, VSMP_FORMAT_R32_UINT, 2, 2, 1, 1, 1, v_face);
    vsmp_sampler_state_init(&st);
    st.seamless_cube = true;
    memset(&ls, 0, sizeof(ls));
    setf(&ls, VSMP_P_U, 0, 1.0f), setf(&ls, VSMP_P_V, 0, -1.0f), setf(&ls, VSMP_P_R, 0, 1.0f);
    r = run(s, &st, VSMP_SUB_SAMPLE_LZ, &ls, 1, 1, 0, 0);
    CHECK(r.c[0][0] == 50 && r.c[3][0] == 1, "integer cube corner: %u", r.c[0][0]);
    vsmp_surface_free(s);
}

/* level l, texel (x, y): 100 l + 4 y + x */
static float v_lxy(unsigned l, uint32_t z, uint32_t x, uint32_t y)
{
    (void)z;
    return (float)(100 * l + 4 * y + x);
}

/* One lane of op on s with the parameters given as (kind, value) pairs; returns R. */
static float s_params(const vsmp_surface *s, const vsmp_sampler_state *st, unsigned op, unsigned n,
                      const unsigned *kind, const float *val)
{
    lanes ls;
    memset(&ls, 0, sizeof(ls));
    for (unsigned i = 0; i < n; i++)
        setf(&ls, kind[i], 0, val[i]);
    vsmp_result r = run(s, st, op, &ls, 1, 1, 0, 0);
    return bf(r.c[0][0]);
}

/* NaN, infinite and huge operands in every float-taking operation (SAMPLING.md, "non-finite
 * operands"). Built with UBSan, each float-to-integer conversion is checked on the way. */
static void test_nonfinite(void)
{
    const float inf = INFINITY, nan = NAN;
    /* 4x4, 2x2, 1x1 holding 100 l + 4 y + x */
    vsmp_surface *s = make(VSMP_SURFTYPE_2D, false, VSMP_FORMAT_R32_FLOAT, 4, 4, 1, 1, 3, v_lxy);
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.min_filter = VSMP_FILTER_ANISOTROPIC, st.mag_filter = VSMP_FILTER_LINEAR;
    st.mip_filter = VSMP_MIPFILTER_LINEAR;
    const unsigned kd[] = {VSMP_P_U, VSMP_P_V, VSMP_P_DUDX, VSMP_P_DVDY};
    /* infinite derivatives, anisotropic: lengths inf and inf, one tap (inf / inf would be a NaN
     * ratio), lambda = +inf -> clamped to the last level (1x1): 200 */
    const float vd_inf[] = {0.5f, 0.5f, inf, inf};
    float got = s_params(s, &st, VSMP_SUB_SAMPLE_D, 4, kd, vd_inf);
    CHECK(got == 200.0f, "anisotropic, infinite derivatives: last level, got %g", got);
    /* finite derivatives whose squares pass FLT_MAX (1e30 * 4 texels): an infinite length,
     * one tap at the last level */
    const float vd_huge[] = {0.5f, 0.5f, 1e30f, 0.25f};
    got = s_params(s, &st, VSMP_SUB_SAMPLE_D, 4, kd, vd_huge);
    CHECK(got == 200.0f, "anisotropic, derivative 1e30: last level, got %g", got);
    /* one infinite, one zero: still one tap at the last level */
    const float vd_inf0[] = {0.5f, 0.5f, inf, 0.0f};
    got = s_params(s, &st, VSMP_SUB_SAMPLE_D, 4, kd, vd_inf0);
    CHECK(got == 200.0f, "anisotropic, infinite and zero derivatives, got %g", got);
    /* a NaN derivative: lambda NaN -> 0; with min LOD 1 (PreClamp OGL) lambda = 1: level 1
     * (2x2) at x = y = 1.0: taps 0, 1 each way at weight 0.5 -> 100 + (0 + 1 + 4 + 5) / 4 =
     * 102.5 (NaN taken as magnification at level 0 would give (5 + 6 + 9 + 10) / 4 = 7.5) */
    st.min_lod = 1.0f;
    const float vd_nan[] = {0.5f, 0.5f, nan, 0.25f};
    got = s_params(s, &st, VSMP_SUB_SAMPLE_D, 4, kd, vd_nan);
    CHECK(got == 102.5f, "NaN derivative: LOD 0, then clamped to min LOD 1: got %g", got);
    /* a NaN explicit LOD and a NaN bias read as LOD 0 the same way */
    const unsigned kl[] = {VSMP_P_U, VSMP_P_V, VSMP_P_LOD};
    const float vl_nan[] = {0.5f, 0.5f, nan};
    got = s_params(s, &st, VSMP_SUB_SAMPLE_L, 3, kl, vl_nan);
    CHECK(got == 102.5f, "NaN lod: got %g", got);
    /* explicit +inf: the last level; -inf: clamped to min LOD 1 */
    const float vl_pinf[] = {0.5f, 0.5f, inf}, vl_minf[] = {0.5f, 0.5f, -inf};
    CHECK(s_params(s, &st, VSMP_SUB_SAMPLE_L, 3, kl, vl_pinf) == 200.0f, "lod +inf");
    CHECK(s_params(s, &st, VSMP_SUB_SAMPLE_L, 3, kl, vl_minf) == 102.5f, "lod -inf");
    /* sample_b: lanes 0-3 a quad with du = dv = 0.25 (one texel at level 0: lambda 0); a NaN
     * bias on lane 0 makes its LOD NaN -> 0 -> min LOD 1: 102.5 at (0.5, 0.5) */
    lanes ls;
    memset(&ls, 0, sizeof(ls));
    quad(&ls, 0.5f, 0.5f, 0.25f, 0.25f);
    setf(&ls, VSMP_P_BIAS, 0, nan);
    vsmp_result r = run(s, &st, VSMP_SUB_SAMPLE_B, &ls, 4, 0xf, 0, 0);
    CHECK(bf(r.c[0][0]) == 102.5f, "NaN bias: got %g", bf(r.c[0][0]));
    /* LOD op on a quad whose u are all +inf: du = inf - inf = NaN -> R = G = 0 (R is then
     * clamped to min LOD 1) */
    memset(&ls, 0, sizeof(ls));
    quad(&ls, inf, 0.5f, 0.0f, 0.25f);
    r = run(s, &st, VSMP_SUB_LOD, &ls, 4, 0xf, 0, 0);
    CHECK(bf(r.c[0][0]) == 1.0f && bf(r.c[1][0]) == 0.0f, "LOD of a NaN derivative: %g %g",
          bf(r.c[0][0]), bf(r.c[1][0]));
    vsmp_surface_free(s);

    /* Coordinates on a 4x4 single level, row y = 1 (v = 0.375: nearest floor(1.5) = 1; linear
     * 1.5 - 0.5 = 1 exactly, weight 0 on row 2): value 4 + x.
     *   NaN: index 0 (linear: weight 0 on index 1): 4 in every mode
     *   +inf, 1e30: saturate at 2^62 (x - 0.5 = x, weight inf - inf = NaN -> 0):
     *     wrap 2^62 mod 4 = 0 -> 4; clamp -> 3 -> 7; mirror 2^62 mod 8 = 0 -> 4;
     *     border -> the border colour 0.25
     *     mirror-101: period 6, 2^62 mod 6 = 4 (2^62 is even and 1 mod 3), reflected 6 - 4 = 2 -> 6
     *   -inf, -1e30: -2^62: wrap 0 -> 4; clamp 0 -> 4; mirror-once -1 - i = 2^62 - 1 -> 3 -> 7 */
    s = make(VSMP_SURFTYPE_2D, false, VSMP_FORMAT_R32_FLOAT, 4, 4, 1, 1, 1, v_lxy);
    static const struct {
        unsigned mode;
        float u, want;
    } cc[] = {{VSMP_TCM_WRAP, NAN, 4},           {VSMP_TCM_CLAMP, NAN, 4},
              {VSMP_TCM_MIRROR, NAN, 4},         {VSMP_TCM_CLAMP_BORDER, NAN, 4},
              {VSMP_TCM_WRAP, INFINITY, 4},      {VSMP_TCM_CLAMP, INFINITY, 7},
              {VSMP_TCM_MIRROR, INFINITY, 4},    {VSMP_TCM_CLAMP_BORDER, INFINITY, 0.25f},
              {VSMP_TCM_WRAP, 1e30f, 4},         {VSMP_TCM_CLAMP, 1e30f, 7},
              {VSMP_TCM_WRAP, -INFINITY, 4},     {VSMP_TCM_CLAMP, -1e30f, 4},
              {VSMP_TCM_MIRROR_ONCE, -1e30f, 7}, {VSMP_TCM_MIRROR_101, 1e30f, 6}};
    for (size_t i = 0; i < sizeof(cc) / sizeof(cc[0]); i++)
        for (int lin = 0; lin < 2; lin++) {
            vsmp_sampler_state_init(&st);
            st.address[0] = (uint8_t)cc[i].mode;
            st.border.f[0] = 0.25f;
            if (lin)
                st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
            got = s1(s, &st, VSMP_SUB_SAMPLE_LZ, cc[i].u, 0.375f, 0);
            CHECK(got == cc[i].want, "u %g mode %u %s: %g, got %g", cc[i].u, cc[i].mode,
                  lin ? "linear" : "nearest", cc[i].want, got);
        }
    vsmp_surface_free(s);
    /* exact below 2^62: u = 1e9 on a 3-wide surface, x = 3e9 (a float exactly), wrap: 3e9 mod
     * 3 = 0 -> texel 0 (a saturation at 1e9 texels would give 1e9 mod 3 = 1) */
    s = make(VSMP_SURFTYPE_2D, false, VSMP_FORMAT_R32_FLOAT, 3, 1, 1, 1, 1, v_ramp);
    vsmp_sampler_state_init(&st);
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 1e9f, 0.5f, 0) == 0.0f, "u 1e9 wraps exactly");
    vsmp_surface_free(s);
    /* 3D: r NaN addresses slice 0, r = -1e30 clamps to slice 0, r = 1e30 wraps: 2^62 mod 4 =
     * 0 (4x4x4 holding z in R, nearest, wrap) */
    s = make(VSMP_SURFTYPE_3D, false, VSMP_FORMAT_R32_FLOAT, 4, 4, 4, 1, 1, v_slice);
    vsmp_sampler_state_init(&st);
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.5f, 0.5f, nan) == 0.0f, "3D r NaN");
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.5f, 0.5f, 1e30f) == 0.0f, "3D r 1e30 wraps");
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.5f, 0.5f, 0.625f) == 2.0f, "3D r 0.625 -> slice 2");
    st.address[2] = VSMP_TCM_CLAMP;
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.5f, 0.5f, 1e30f) == 3.0f, "3D r 1e30 clamps to 3");
    vsmp_surface_free(s);
    /* array index: NaN -> layer 0; +inf, 1e30 -> the last (2); -inf -> 0 */
    s = make(VSMP_SURFTYPE_2D, true, VSMP_FORMAT_R32_FLOAT, 2, 2, 1, 3, 1, v_slice);
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.5f, 0.5f, nan) == 0.0f, "layer NaN");
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.5f, 0.5f, inf) == 2.0f, "layer +inf");
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.5f, 0.5f, 1e30f) == 2.0f, "layer 1e30");
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.5f, 0.5f, -inf) == 0.0f, "layer -inf");
    vsmp_surface_free(s);
    /* cube directions (faces hold 10 (f + 1)): (inf, 0, 0) -> +X at s = t = 0.5: 10;
     * (inf, inf, inf) -> the tie picks +Z, s = (inf / inf + 1) / 2 = NaN -> texel 0: 50;
     * (NaN, NaN, NaN) -> every comparison fails: -X, 20 */
    s = make(VSMP_SURFTYPE_CUBE, false, VSMP_FORMAT_R32_FLOAT, 2, 2, 1, 1, 1, v_face);
    vsmp_sampler_state_init(&st);
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    st.seamless_cube = true;
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, inf, 0, 0) == 10.0f, "cube (inf, 0, 0)");
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, inf, inf, inf) == 50.0f, "cube (inf, inf, inf)");
    CHECK(s1(s, &st, VSMP_SUB_SAMPLE_LZ, nan, nan, nan) == 20.0f, "cube NaN");
    vsmp_surface_free(s);
    /* compare with a NaN reference: ordered comparisons fail (1), NOTEQUAL holds (0) */
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R16_UNORM, d.width = d.height = 1;
    s = NULL;
    vsmp_surface_create(&d, &s, NULL);
    vsmp_sampler_state_init(&st);
    const unsigned kc[] = {VSMP_P_REF, VSMP_P_U, VSMP_P_V};
    const float vc[] = {nan, 0.5f, 0.5f};
    st.shadow_func = VSMP_PREFILTEROP_LESS;
    CHECK(s_params(s, &st, VSMP_SUB_SAMPLE_C_LZ, 3, kc, vc) == 1.0f, "NaN ref, LESS");
    st.shadow_func = VSMP_PREFILTEROP_NOTEQUAL;
    CHECK(s_params(s, &st, VSMP_SUB_SAMPLE_C_LZ, 3, kc, vc) == 0.0f, "NaN ref, NOTEQUAL");
    vsmp_surface_free(s);
}

static void test_offsets_and_misc(void)
{
    vsmp_surface *s = make(VSMP_SURFTYPE_2D, false, VSMP_FORMAT_R32_FLOAT, 4, 4, 1, 1, 1, v_index);
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    lanes ls;
    memset(&ls, 0, sizeof(ls));
    setf(&ls, VSMP_P_U, 0, 0.125f), setf(&ls, VSMP_P_V, 0, 0.125f);
    vsmp_result r = run(s, &st, VSMP_SUB_SAMPLE_LZ, &ls, 1, 1, 2, 1);
    CHECK(bf(r.c[0][0]) == 18.0f, "aoffimmi (+2, +1): texel (2, 1)");
    r = run(s, &st, VSMP_SUB_SAMPLE_LZ, &ls, 1, 1, -1, 0);
    CHECK(bf(r.c[0][0]) == 3.0f, "aoffimmi -1 wraps to x 3");
    /* sample_po_lz: u v r OFFUVR, U = 1 (bits 3:0), V = -1 (bits 7:4 = 0xf) */
    setu(&ls, VSMP_P_OFFUVR, 0, 0x0f1);
    setf(&ls, VSMP_P_V, 0, 0.375f); /* y 1 -> 0 */
    r = run(s, &st, VSMP_SUB_SAMPLE_PO_LZ, &ls, 1, 1, 0, 0);
    CHECK(bf(r.c[0][0]) == 1.0f, "programmable offsets (+1, -1): texel (1, 0), got %g",
          bf(r.c[0][0]));
    /* non-normalized coordinates: u, v in texels */
    st.non_normalized = true;
    memset(&ls, 0, sizeof(ls));
    setf(&ls, VSMP_P_U, 0, 2.5f), setf(&ls, VSMP_P_V, 0, 3.5f);
    r = run(s, &st, VSMP_SUB_SAMPLE_LZ, &ls, 1, 1, 0, 0);
    CHECK(bf(r.c[0][0]) == 50.0f, "unnormalized (2.5, 3.5) -> texel (2, 3)");
    /* offsets out of range are refused */
    vsmp_plan *p = NULL;
    vsmp_plan_create(s, &st, VSMP_SUB_SAMPLE_LZ, &p, NULL);
    vsmp_message m;
    memset(&m, 0, sizeof(m));
    m.simd = 8, m.mask = 0xff, m.aoffimmi[0] = 8;
    CHECK(vsmp_plan_run(p, &m, &r) == VSMP_ERR_ARG, "aoffimmi 8 refused");
    m.aoffimmi[0] = 0, m.simd = 33;
    CHECK(vsmp_plan_run(p, &m, &r) == VSMP_ERR_ARG, "simd 33 refused");
    m.simd = 16;
    CHECK(vsmp_plan_run(p, &m, &r) == VSMP_OK && r.null_mask == 0xffffffffu,
          "all-zero message, null mask all set (lanes past the message too)");
    vsmp_plan_free(p);
    st.max_aniso = 1;
    CHECK(vsmp_plan_create(s, &st, VSMP_SUB_SAMPLE, &p, NULL) == VSMP_ERR_ARG, "bad state");
    CHECK(vsmp_plan_create(s, NULL, VSMP_SUB_SAMPLE, &p, NULL) == VSMP_ERR_ARG, "no state");
    CHECK(vsmp_plan_create(s, NULL, 0x55, &p, NULL) == VSMP_ERR_ARG, "unknown op");
    vsmp_surface_free(s);
    /* sRGB surfaces decode before filtering */
    s = make(VSMP_SURFTYPE_2D, false, VSMP_FORMAT_R8G8B8A8_UNORM_SRGB, 1, 1, 1, 1, 1, v_level);
    vsmp_texel t = {{0.5f, 0, 0, 1}};
    vsmp_surface_store(s, 0, 0, 0, 0, &t); /* stored as round(linear_to_srgb(0.5) * 255) = 188 */
    vsmp_sampler_state_init(&st);
    CHECK(fabsf(s1(s, &st, VSMP_SUB_SAMPLE_LZ, 0.5f, 0.5f, 0) - 0.502886f) < 1e-5f,
          "sRGB decode on sample");
    vsmp_surface_free(s);
}

static void test_quantize(void)
{
    /* s4.8 bias: 0.1 * 256 = 25.6 -> 26 -> 0.1015625; 20 clamps to 4095 / 256; -20 to -16.
     * u4.8 LODs: 1.3 * 256 = 332.8 -> 333 (nearest) or 332 (truncate); 20 clamps to 14. */
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.lod_bias = 0.1f, st.min_lod = 1.3f, st.max_lod = 20.0f;
    vsmp_sampler_state q = st;
    vsmp_sampler_state_quantize(&q, VSMP_LOD_ROUND_NEAREST);
    CHECK(q.lod_bias == 26.0f / 256.0f && q.min_lod == 333.0f / 256.0f && q.max_lod == 14.0f,
          "quantize, nearest");
    q = st;
    vsmp_sampler_state_quantize(&q, VSMP_LOD_ROUND_TRUNCATE);
    CHECK(q.min_lod == 332.0f / 256.0f, "quantize, truncate");
    q.lod_bias = 20.0f;
    vsmp_sampler_state_quantize(&q, VSMP_LOD_ROUND_NEAREST);
    CHECK(q.lod_bias == 4095.0f / 256.0f, "bias clamps to the s4.8 maximum");
    q.lod_bias = -20.0f, q.min_lod = -1.0f;
    vsmp_sampler_state_quantize(&q, VSMP_LOD_ROUND_NEAREST);
    CHECK(q.lod_bias == -16.0f && q.min_lod == 0.0f, "bias and min clamp low");
}

int main(void)
{
    test_quantize();
    test_formats();
    test_surfaces();
    test_address_modes();
    test_bilinear_and_border();
    test_mips();
    test_lod();
    test_compare();
    test_load();
    test_info();
    test_cube();
    test_cube_corner();
    test_nonfinite();
    test_offsets_and_misc();
    return t_finish();
}
