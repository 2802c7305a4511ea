/* SPDX-License-Identifier: MIT */
/*
 * The fast-path choice, pinned. Plans are made over a cross product of their inputs (every
 * format on a few shapes and states, then representative formats of each texel class over
 * shapes x operations x filters x address modes x coordinates x border colours), at every CPU
 * level this build has (the SIMD levels twice: the second time with the gather forms forced,
 * "avx2-gather", "avx512-gather"), and the kernel each plan selects is folded into a digest per
 * level: kernel names, counts and an FNV-1a hash of the (plan, kernel) sequence. The pins
 * (tests/fastpath_choice.txt) were taken from the predicate chooser that the table of rows in
 * src/sample/fast/fast.c replaced; the table must choose exactly what it chose. Spot checks
 * below state single choices, each reasoned from docs/SAMPLING.md's table of paths.
 *
 * usage: test_fastpath_choice PINS      check the digests against PINS
 *        test_fastpath_choice --dump    print "level plan-key kernel" per plan (for diffing)
 *        test_fastpath_choice --digest  print the digests in the pins' format
 * A level this machine lacks is not checked (its pins line is reported as skipped).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "sample_internal.h"
#include "testlib.h"

typedef struct shape {
    const char *name;
    unsigned type, w, h, d, arr, levels;
} shape;

static const shape shapes[] = {
    {"2d8", VSMP_SURFTYPE_2D, 8, 8, 1, 0, 4},     {"2d6x5", VSMP_SURFTYPE_2D, 6, 5, 1, 0, 3},
    {"2da", VSMP_SURFTYPE_2D, 8, 4, 1, 3, 1},     {"3d4", VSMP_SURFTYPE_3D, 4, 4, 4, 0, 3},
    {"3d5", VSMP_SURFTYPE_3D, 5, 3, 2, 0, 1},     {"cube", VSMP_SURFTYPE_CUBE, 8, 8, 1, 0, 4},
    {"cubea", VSMP_SURFTYPE_CUBE, 5, 5, 1, 2, 1}, {"1x1", VSMP_SURFTYPE_2D, 1, 1, 1, 0, 1},
};
#define NSHAPE (sizeof(shapes) / sizeof(shapes[0]))

static const vsmp_format reps[] = {
    VSMP_FORMAT_R8G8B8A8_UNORM,     VSMP_FORMAT_B8G8R8A8_UNORM,     VSMP_FORMAT_R8G8B8A8_UNORM_SRGB,
    VSMP_FORMAT_R8G8B8A8_SNORM,     VSMP_FORMAT_R8_UNORM,           VSMP_FORMAT_R8_SNORM,
    VSMP_FORMAT_R16G16B16A16_FLOAT, VSMP_FORMAT_R32G32B32A32_FLOAT, VSMP_FORMAT_R16_FLOAT,
    VSMP_FORMAT_R16_UNORM,          VSMP_FORMAT_R32_UINT,           VSMP_FORMAT_BC1_UNORM,
    VSMP_FORMAT_BC1_UNORM_SRGB,     VSMP_FORMAT_BC3_UNORM,          VSMP_FORMAT_R10G10B10A2_UNORM};
#define NREP (sizeof(reps) / sizeof(reps[0]))

/* the choice reads the operation's kind (sampling, ld, LOD), compare and programmable offsets */
static const unsigned ops_all[] = {VSMP_SUB_SAMPLE_LZ, VSMP_SUB_SAMPLE_C, VSMP_SUB_SAMPLE_PO,
                                   VSMP_SUB_LD, VSMP_SUB_LOD};

/* address mode triples: each mode on every axis, and each mode on one axis with CLAMP on the
 * others */
static const uint8_t modes[] = {VSMP_TCM_WRAP,      VSMP_TCM_CLAMP,       VSMP_TCM_CLAMP_BORDER,
                                VSMP_TCM_CUBE,      VSMP_TCM_HALF_BORDER, VSMP_TCM_MIRROR,
                                VSMP_TCM_MIRROR_101};
#define NMODE  (sizeof(modes) / sizeof(modes[0]))
#define NTRIPS (NMODE + 3 * NMODE)

static void triple(unsigned t, uint8_t a[3])
{
    if (t < NMODE) {
        a[0] = a[1] = a[2] = modes[t];
        return;
    }
    t -= NMODE;
    a[0] = a[1] = a[2] = VSMP_TCM_CLAMP;
    a[t / NMODE] = modes[t % NMODE];
}

typedef struct digest {
    const char *names[32];
    unsigned counts[32];
    uint64_t hash;
    unsigned plans;
} digest;

static bool dump;

static void fold(digest *g, const char *key, const char *name, unsigned cpu)
{
    if (dump)
        printf("%#x %s %s\n", cpu, key, name);
    for (const char *s = key; *s; s++)
        g->hash = (g->hash ^ (uint8_t)*s) * 0x100000001b3ull;
    g->hash = (g->hash ^ ' ') * 0x100000001b3ull;
    for (const char *s = name; *s; s++)
        g->hash = (g->hash ^ (uint8_t)*s) * 0x100000001b3ull;
    g->hash = (g->hash ^ '\n') * 0x100000001b3ull;
    g->plans++;
    for (int i = 0; i < 32; i++) {
        if (!g->names[i])
            g->names[i] = name;
        if (!strcmp(g->names[i], name)) {
            g->counts[i]++;
            return;
        }
    }
}

static vsmp_surface *make(vsmp_format f, const shape *sh)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = f;
    d.type = (vsmp_surface_type)sh->type;
    d.width = sh->w, d.height = sh->h, d.depth = sh->d;
    d.array = sh->arr > 0, d.array_len = sh->arr ? sh->arr : 1;
    d.levels = sh->levels;
    vsmp_surface *s = NULL;
    if (vsmp_surface_create(&d, &s, NULL))
        return NULL;
    return s;
}

/* The kernel a plan selects ("reference" when none; "-" when the plan is refused). */
static const char *choice(const vsmp_surface *s, const vsmp_sampler_state *st, unsigned op,
                          unsigned cpu)
{
    vsmp_plan *p = NULL;
    if (vsmp_plan_create_cpu(s, st, op, cpu, &p, NULL))
        return "-";
    const char *n = p->fast_name; /* a string literal of the table */
    vsmp_plan_free(p);
    return n;
}

static void run_level(unsigned cpu, digest *g)
{
    char key[160];
    /* every format, a few shapes and states */
    for (size_t i = 0; i < vsmp_format_count(); i++) {
        const vsmp_format_info *fi = vsmp_format_at(i);
        for (unsigned k = 0; k < NSHAPE; k++) {
            vsmp_surface *s = make(fi->format, &shapes[k]);
            if (!s)
                continue;
            for (unsigned v = 0; v < 5; v++) {
                vsmp_sampler_state st;
                vsmp_sampler_state_init(&st);
                st.min_filter = st.mag_filter = (uint8_t)(v & 1);
                st.mip_filter = v == 2 ? VSMP_MIPFILTER_LINEAR : VSMP_MIPFILTER_NONE;
                for (int a = 0; a < 3; a++)
                    st.address[a] = v == 3 ? VSMP_TCM_CLAMP_BORDER : v ? VSMP_TCM_CLAMP : 0;
                st.non_normalized = v == 4;
                static const unsigned ops[] = {VSMP_SUB_SAMPLE_LZ, VSMP_SUB_SAMPLE_L, VSMP_SUB_LD,
                                               VSMP_SUB_LD_LZ};
                for (unsigned o = 0; o < 4; o++) {
                    snprintf(key, sizeof(key), "%s/%s/v%u/op%#x", fi->name, shapes[k].name, v,
                             ops[o]);
                    fold(g, key, choice(s, &st, ops[o], cpu), cpu);
                }
            }
            vsmp_surface_free(s);
        }
    }
    /* representative formats over the state space */
    for (unsigned f = 0; f < NREP; f++)
        for (unsigned k = 0; k < NSHAPE; k++) {
            vsmp_surface *s = make(reps[f], &shapes[k]);
            if (!s)
                continue;
            for (unsigned filt = 0; filt < 18; filt++)
                for (unsigned t = 0; t < NTRIPS; t++)
                    for (unsigned x = 0; x < 5; x++) {
                        vsmp_sampler_state st;
                        vsmp_sampler_state_init(&st);
                        static const uint8_t mips[] = {VSMP_MIPFILTER_NONE, VSMP_MIPFILTER_NEAREST,
                                                       VSMP_MIPFILTER_LINEAR};
                        st.min_filter = (uint8_t)(filt % 3);
                        st.mag_filter = (uint8_t)(filt / 3 % 2);
                        st.mip_filter = mips[filt / 6];
                        triple(t, st.address);
                        /* x: plain, unnormalized, NaN border, seamless cube, min reduction */
                        st.non_normalized = x == 1;
                        if (x == 2)
                            st.border.f[1] = NAN;
                        st.seamless_cube = x == 3;
                        st.reduction_enable = x == 4;
                        st.reduction = x == 4 ? VSMP_REDUCTION_MIN : 0;
                        for (unsigned o = 0; o < sizeof(ops_all) / sizeof(ops_all[0]); o++) {
                            snprintf(key, sizeof(key), "%s/%s/f%u/t%u/x%u/op%#x",
                                     vsmp_format_get(reps[f])->name, shapes[k].name, filt, t, x,
                                     ops_all[o]);
                            fold(g, key, choice(s, &st, ops_all[o], cpu), cpu);
                        }
                    }
            vsmp_surface_free(s);
        }
}

/* The levels, and the SIMD levels again with the gather forms forced (VSMP_CPU_GATHER: the
 * families compiled in two take their gather form, whatever CPU runs the test). */
static const struct {
    const char *name;
    unsigned cpu;
} levels[] = {{"c", VSMP_CPU_C},
              {"avx2", VSMP_CPU_C | VSMP_CPU_AVX2},
              {"avx512", VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512},
              {"avx2-gather", VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_GATHER},
              {"avx512-gather", VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512 | VSMP_CPU_GATHER}};
#define NLEVEL (sizeof(levels) / sizeof(levels[0]))

/* One pins line: "LEVEL PLANS HASH name=count ..." in the order names were first seen. */
static void format_digest(const char *level, const digest *g, char *out, size_t n)
{
    size_t at = (size_t)snprintf(out, n, "%s %u %016" PRIx64, level, g->plans, g->hash);
    for (int i = 0; i < 32 && g->names[i] && at < n; i++)
        at += (size_t)snprintf(out + at, n - at, " %s=%u", g->names[i], g->counts[i]);
}

/* Single choices, each reasoned from the table of paths (docs/SAMPLING.md). */
static void spot_checks(unsigned cpu)
{
    static const shape sq = {"2d8", VSMP_SURFTYPE_2D, 8, 8, 1, 0, 1};
    static const shape cu = {"cube", VSMP_SURFTYPE_CUBE, 8, 8, 1, 0, 1};
    static const shape vo = {"3d4", VSMP_SURFTYPE_3D, 4, 4, 4, 0, 3};
    bool avx2 = cpu & VSMP_CPU_AVX2, avx512 = cpu & VSMP_CPU_AVX512;
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.address[0] = st.address[1] = st.address[2] = VSMP_TCM_CLAMP;
    vsmp_surface *rgba = make(VSMP_FORMAT_R8G8B8A8_UNORM, &sq);
    vsmp_surface *r16 = make(VSMP_FORMAT_R16_UNORM, &sq);
    vsmp_surface *f32 = make(VSMP_FORMAT_R32G32B32A32_FLOAT, &sq);
    vsmp_surface *cube = make(VSMP_FORMAT_R16G16B16A16_FLOAT, &cu);
    vsmp_surface *ui = make(VSMP_FORMAT_R32_UINT, &sq);
    vsmp_surface *srgb = make(VSMP_FORMAT_R8G8B8A8_UNORM_SRGB, &sq);
    vsmp_surface *vol = make(VSMP_FORMAT_R8G8B8A8_UNORM, &vo);
    /* RGBA8 point sampling without mips: the flat kernel (AVX-512's own: 16 lanes a register) */
    CHECK(!strcmp(choice(rgba, &st, VSMP_SUB_SAMPLE_LZ, cpu), avx512 ? "sample_flat_u8x4_avx512"
                                                              : avx2 ? "sample_flat_u8x4_avx2"
                                                                     : "sample_c"),
          "rgba8 point");
    /* R16 bilinear without mips: the flat kernel of one 16-bit channel (AVX-512's own: 16 lanes a
     * register); with mips, the generic decoder's kernel (AVX-512 takes it: no float words) */
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    CHECK(!strcmp(choice(r16, &st, VSMP_SUB_SAMPLE_LZ, cpu), avx512 ? "sample_flat_r16_avx512"
                                                             : avx2 ? "sample_flat_r16_avx2"
                                                                    : "sample_c"),
          "r16 bilinear");
    st.mip_filter = VSMP_MIPFILTER_LINEAR;
    CHECK(!strcmp(choice(r16, &st, VSMP_SUB_SAMPLE_LZ, cpu), avx512 ? "sample_2d_avx512"
                                                             : avx2 ? "sample_2d_avx2"
                                                                    : "sample_c"),
          "r16 trilinear");
    st.mip_filter = VSMP_MIPFILTER_NONE;
    /* RGBA32F bilinear without mips: the flat kernel of four float channels (AVX2's at both
     * SIMD levels); with mips, float32 words stay at AVX2 on an AVX-512 plan */
    CHECK(!strcmp(choice(f32, &st, VSMP_SUB_SAMPLE_L, cpu),
                  avx2 ? "sample_flat_f4_avx2" : "sample_c"),
          "rgba32f bilinear");
    st.mip_filter = VSMP_MIPFILTER_LINEAR;
    CHECK(!strcmp(choice(f32, &st, VSMP_SUB_SAMPLE_L, cpu), avx2 ? "sample_2d_avx2" : "sample_c"),
          "rgba32f trilinear");
    st.mip_filter = VSMP_MIPFILTER_NONE;
    /* HALF_BORDER is the reference's; compare too */
    st.address[0] = VSMP_TCM_HALF_BORDER;
    CHECK(!strcmp(choice(rgba, &st, VSMP_SUB_SAMPLE_LZ, cpu), "reference"), "half border");
    st.address[0] = VSMP_TCM_CLAMP;
    CHECK(!strcmp(choice(rgba, &st, VSMP_SUB_SAMPLE_C, cpu), "reference"), "compare");
    /* cube: CLAMP_BORDER is the reference's; CLAMP the cube kernel */
    CHECK(!strcmp(choice(cube, &st, VSMP_SUB_SAMPLE_LZ, cpu), avx512 ? "sample_cube_avx512"
                                                              : avx2 ? "sample_cube_avx2"
                                                                     : "sample_cube_c"),
          "cube clamp");
    st.address[0] = st.address[1] = VSMP_TCM_CLAMP_BORDER;
    CHECK(!strcmp(choice(cube, &st, VSMP_SUB_SAMPLE_LZ, cpu), "reference"), "cube border");
    /* ld of an integer format: the generic decoder's ld kernel */
    CHECK(!strcmp(choice(ui, &st, VSMP_SUB_LD, cpu), avx512 ? "ld_2d_avx512"
                                                     : avx2 ? "ld_2d_avx2"
                                                            : "ld_2d_c"),
          "ld r32ui");
    /* ld of four 8-bit channels in 4 bytes at the AVX-512 level: its kernels of their own (the
     * shapes of 16 lanes), UNORM and integer; at the AVX2 level the integer one's own too */
    vsmp_surface *u8ui = make(VSMP_FORMAT_R8G8B8A8_UINT, &sq);
    CHECK(!strcmp(choice(u8ui, &st, VSMP_SUB_LD, cpu), avx512 ? "ld_int8x4_avx512"
                                                       : avx2 ? "ld_int8x4_avx2"
                                                              : "ld_2d_c"),
          "ld rgba8ui");
    CHECK(!strcmp(choice(rgba, &st, VSMP_SUB_LD, cpu), avx512 ? "ld_u8x4_avx512"
                                                       : avx2 ? "ld_2d_unorm8_avx2"
                                                              : "ld_2d_c"),
          "ld rgba8");
    vsmp_surface_free(u8ui);
    /* ... and sampling it is the reference's (integer class) */
    CHECK(!strcmp(choice(ui, &st, VSMP_SUB_SAMPLE_LZ, cpu), "reference"), "sample r32ui");
    /* R8 with unnormalized coordinates, point, border (avgblur's ADDRESS_NONE sampler): the
     * one-byte flat kernel (AVX-512's own: 16 lanes a register); with a linear mip filter not
     * it, the general kernel */
    vsmp_surface *r8 = make(VSMP_FORMAT_R8_UNORM, &sq);
    st.min_filter = st.mag_filter = VSMP_FILTER_NEAREST;
    st.non_normalized = true;
    CHECK(!strcmp(choice(r8, &st, VSMP_SUB_SAMPLE_LZ, cpu), avx512 ? "sample_flat_r8_avx512"
                                                            : avx2 ? "sample_flat_r8_avx2"
                                                                   : "sample_c"),
          "r8 point unnormalized border");
    st.mip_filter = VSMP_MIPFILTER_LINEAR;
    CHECK(strcmp(choice(r8, &st, VSMP_SUB_SAMPLE_LZ, cpu), "sample_flat_r8_avx2") &&
              strcmp(choice(r8, &st, VSMP_SUB_SAMPLE_LZ, cpu), "sample_flat_r8_avx512"),
          "r8 unnormalized, linear mip filter");
    st.mip_filter = VSMP_MIPFILTER_NONE;
    st.non_normalized = false;
    vsmp_surface_free(r8);
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    /* sRGB bilinear without mips: the flat kernel of the tables (AVX2's at both SIMD levels) */
    st.address[0] = st.address[1] = VSMP_TCM_CLAMP;
    CHECK(!strcmp(choice(srgb, &st, VSMP_SUB_SAMPLE_LZ, cpu),
                  avx2 ? "sample_flat_lut8_avx2" : "sample_c"),
          "srgb bilinear");
    /* RGBA8 trilinear on a 3D surface: the 3D kernel; CLAMP_BORDER is the general kernel's */
    st.mip_filter = VSMP_MIPFILTER_LINEAR;
    CHECK(!strcmp(choice(vol, &st, VSMP_SUB_SAMPLE_L, cpu), avx512 ? "sample_3d_u8x4_avx512"
                                                            : avx2 ? "sample_3d_u8x4_avx2"
                                                                   : "sample_c"),
          "3d trilinear");
    st.address[2] = VSMP_TCM_CLAMP_BORDER;
    CHECK(!strcmp(choice(vol, &st, VSMP_SUB_SAMPLE_L, cpu), avx512 ? "sample_2d_avx512"
                                                            : avx2 ? "sample_2d_avx2"
                                                                   : "sample_c"),
          "3d trilinear border");
    vsmp_surface_free(srgb);
    vsmp_surface_free(vol);
    vsmp_surface_free(rgba);
    vsmp_surface_free(r16);
    vsmp_surface_free(f32);
    vsmp_surface_free(cube);
    vsmp_surface_free(ui);
}

/* The kernel a family @p fam ("flat_u8x4", "mip_u8x4" ...) is expected to take at the level of
 * @p avx2 / @p avx512, with suffix @p g (its gather form, or ""): sample_c below AVX2. */
static const char *want_kernel(char *buf, size_t n, const char *fam, bool avx2, bool avx512,
                               const char *g)
{
    if (!avx2)
        snprintf(buf, n, "sample_c");
    else
        snprintf(buf, n, "sample_%s_%s%s", fam, avx512 ? "avx512" : "avx2", g);
    return buf;
}

/* The texel-load forms (table.c's gather_forms): a family compiled in two takes its gather form
 * on an Intel core (VSMP_CPU_INTEL) or where VSMP_CPU_GATHER forces it, never with
 * VSMP_CPU_SCALAR; the families with one form ignore the bits. The table kernels take their
 * gather form but on a core with slow gathers (VSMP_CPU_SLOW_GATHER) unless VSMP_CPU_GATHER
 * forces it, and with VSMP_CPU_SCALAR. */
static void load_forms(unsigned cpu)
{
    static const shape sq = {"2d8", VSMP_SURFTYPE_2D, 8, 8, 1, 0, 4};
    static const shape vo = {"3d4", VSMP_SURFTYPE_3D, 4, 4, 4, 0, 3};
    static const unsigned bits[7] = {0,
                                     VSMP_CPU_INTEL,
                                     VSMP_CPU_GATHER,
                                     VSMP_CPU_INTEL | VSMP_CPU_GATHER | VSMP_CPU_SCALAR,
                                     VSMP_CPU_SLOW_GATHER,
                                     VSMP_CPU_SLOW_GATHER | VSMP_CPU_GATHER,
                                     VSMP_CPU_SCALAR};
    bool avx2 = cpu & VSMP_CPU_AVX2, avx512 = cpu & VSMP_CPU_AVX512;
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.address[0] = st.address[1] = st.address[2] = VSMP_TCM_CLAMP;
    st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
    vsmp_surface *rgba = make(VSMP_FORMAT_R8G8B8A8_UNORM, &sq);
    vsmp_surface *f32 = make(VSMP_FORMAT_R32G32B32A32_FLOAT, &sq);
    vsmp_surface *vol = make(VSMP_FORMAT_R8G8B8A8_UNORM, &vo);
    vsmp_surface *srgb = make(VSMP_FORMAT_R8G8B8A8_UNORM_SRGB, &sq);
    char want[64];
    for (unsigned b = 0; b < 7; b++) {
        unsigned c = cpu | bits[b];
        const char *g = avx2 && (b == 1 || b == 2 || b == 5) ? "_gather" : "";
        /* the table kernels (the AVX2 ones at both SIMD levels): scalar loads for 3, 4 and 6 */
        const char *lut = avx2 && (b == 3 || b == 4 || b == 6) ? "_scalar" : "";
        st.mip_filter = VSMP_MIPFILTER_NONE;
        want_kernel(want, sizeof(want), "flat_lut8", avx2, false, lut);
        CHECK(!strcmp(choice(srgb, &st, VSMP_SUB_SAMPLE_LZ, c), want),
              "srgb bilinear, bits %#x: %s", bits[b], choice(srgb, &st, VSMP_SUB_SAMPLE_LZ, c));
        st.mip_filter = VSMP_MIPFILTER_LINEAR;
        want_kernel(want, sizeof(want), "mip_lut8", avx2, false, lut);
        CHECK(!strcmp(choice(srgb, &st, VSMP_SUB_SAMPLE, c), want), "srgb trilinear, bits %#x: %s",
              bits[b], choice(srgb, &st, VSMP_SUB_SAMPLE, c));
        const char *g2 = avx512 ? "" : g; /* no gather form: AVX-512's flat and 2D mip kernels */
        /* bilinear RGBA8 without mips: the AVX2 flat kernel has a gather form */
        st.mip_filter = VSMP_MIPFILTER_NONE;
        want_kernel(want, sizeof(want), "flat_u8x4", avx2, avx512, g2);
        CHECK(!strcmp(choice(rgba, &st, VSMP_SUB_SAMPLE_LZ, c), want), "bilinear, bits %#x: %s",
              bits[b], choice(rgba, &st, VSMP_SUB_SAMPLE_LZ, c));
        /* the four-float kernel: scalar loads on every CPU */
        CHECK(!strcmp(choice(f32, &st, VSMP_SUB_SAMPLE_LZ, c),
                      avx2 ? "sample_flat_f4_avx2" : "sample_c"),
              "rgba32f bilinear, bits %#x", bits[b]);
        /* trilinear RGBA8, 2D and 3D: the gather forms of the mip kernels (AVX-512: the 3D one) */
        st.mip_filter = VSMP_MIPFILTER_LINEAR;
        want_kernel(want, sizeof(want), "mip_u8x4", avx2, avx512, g2);
        CHECK(!strcmp(choice(rgba, &st, VSMP_SUB_SAMPLE, c), want), "trilinear, bits %#x: %s",
              bits[b], choice(rgba, &st, VSMP_SUB_SAMPLE, c));
        want_kernel(want, sizeof(want), "3d_u8x4", avx2, avx512, g);
        CHECK(!strcmp(choice(vol, &st, VSMP_SUB_SAMPLE, c), want), "3d trilinear, bits %#x: %s",
              bits[b], choice(vol, &st, VSMP_SUB_SAMPLE, c));
    }
    vsmp_surface_free(rgba);
    vsmp_surface_free(f32);
    vsmp_surface_free(vol);
    vsmp_surface_free(srgb);
}

int main(int argc, char **argv)
{
    const char *pins = argc > 1 ? argv[1] : NULL;
    dump = pins && !strcmp(pins, "--dump");
    bool print = pins && !strcmp(pins, "--digest");
    size_t size = 0;
    char *text = pins && !dump && !print ? (char *)t_read(pins, &size) : NULL;
    if (pins && !dump && !print && !text) {
        fprintf(stderr, "test_fastpath_choice: cannot read %s\n", pins);
        return 2;
    }
    unsigned have = vsmp_cpu_flags();
    for (unsigned i = 0; i < NLEVEL; i++) {
        unsigned need = levels[i].cpu & ~VSMP_CPU_GATHER;
        if ((have & need) != need) {
            printf("SKIP: level %s not checked: this CPU or build lacks it\n", levels[i].name);
            continue;
        }
        digest g;
        memset(&g, 0, sizeof(g));
        g.hash = 0xcbf29ce484222325ull;
        run_level(levels[i].cpu, &g);
        if (!(levels[i].cpu & VSMP_CPU_GATHER)) {
            spot_checks(levels[i].cpu);
            load_forms(levels[i].cpu);
        }
        char line[2048];
        format_digest(levels[i].name, &g, line, sizeof(line));
        if (print || dump) {
            if (print)
                printf("%s\n", line);
            continue;
        }
        /* the pins line of this level, whole */
        const char *at = text;
        size_t len = strlen(levels[i].name);
        while (at && !((at == text || at[-1] == '\n') && !strncmp(at, levels[i].name, len) &&
                       at[len] == ' '))
            at = strstr(at + 1, levels[i].name);
        CHECK(at != NULL, "no pins line for level %s", levels[i].name);
        if (!at)
            continue;
        size_t n = strcspn(at, "\n");
        bool same = n == strlen(line) && !strncmp(at, line, n);
        CHECK(same, "level %s: the choice changed\n  pinned %.*s\n  now    %s", levels[i].name,
              (int)n, at, line);
    }
    free(text);
    return t_finish();
}
