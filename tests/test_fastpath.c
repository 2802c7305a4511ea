/* SPDX-License-Identifier: MIT */
/*
 * The bit-identity tier (checkasm style): every fast-path kernel at every CPU level this
 * machine has, against the reference kernel of the same plan, word for word, on seeded random
 * cases aimed at the fast paths' properties (2D surfaces and arrays, 3D surfaces, cubes and cube
 * arrays of 8-bit, float and block formats, power-of-two and other sizes, every level, mip views)
 * with edge-case messages (NaN, infinities, -0, huge coordinates, exact texel edges;
 * tests/sample_cases.h), cube directions on the faces' boundaries and rasterizer-like lanes
 * (quads side by side: the coherent paths). Each kernel must be reached by enough cases, so a
 * selection that stops choosing it fails too.
 *
 * usage: test_fastpath [CASES [LEVELS [LOADS]]]
 *
 * LEVELS is a comma-separated list of c, avx2 and avx512 (default: all three). A level this
 * machine lacks is not tested: it is reported as skipped on stdout, and when every level asked
 * for is missing the exit status is 77 (ctest's SKIP_RETURN_CODE: "Skipped", not "Passed").
 * LOADS is scalar, gather or both (the default): each level is tested with the texel-load form
 * forced (VSMP_CPU_SCALAR, VSMP_CPU_GATHER), so that the kernel families compiled in two are
 * tested in both forms whatever CPU runs the test; the gather forms must be reached.
 */
#include <inttypes.h>
#include <stdio.h>

#include "fastpath_kit.h"
#include "plan_kernel.h"
#include "sample_cases.h"
#include "sample_internal.h"
#include "testlib.h"

static const vsmp_format fmts[] = {
    VSMP_FORMAT_R16G16B16A16_FLOAT, VSMP_FORMAT_R32G32B32A32_FLOAT, VSMP_FORMAT_R32_FLOAT,
    VSMP_FORMAT_R16G16_FLOAT, VSMP_FORMAT_BC1_UNORM,
    VSMP_FORMAT_BC1_UNORM, /* more often: its own AVX2 paths */
    VSMP_FORMAT_BC1_UNORM, VSMP_FORMAT_BC1_UNORM, VSMP_FORMAT_BC1_UNORM_SRGB,
    VSMP_FORMAT_BC3_UNORM_SRGB, VSMP_FORMAT_R10G10B10A2_UNORM, VSMP_FORMAT_B5G6R5_UNORM,
    VSMP_FORMAT_R16G16B16A16_UNORM, VSMP_FORMAT_R11G11B10_FLOAT, VSMP_FORMAT_R8G8B8A8_UINT,
    VSMP_FORMAT_R8G8B8A8_UNORM, VSMP_FORMAT_B8G8R8A8_UNORM, VSMP_FORMAT_R8G8B8A8_UNORM_SRGB,
    VSMP_FORMAT_B8G8R8A8_UNORM_SRGB, VSMP_FORMAT_R8G8B8A8_SNORM, VSMP_FORMAT_R8_UNORM,
    VSMP_FORMAT_R8G8_UNORM, VSMP_FORMAT_R8G8_SNORM, VSMP_FORMAT_L8A8_UNORM, VSMP_FORMAT_A8_UNORM,
    VSMP_FORMAT_R8_SNORM,
    /* the generic decoder's: 16-bit UNORM, 2-byte float16, integers */
    VSMP_FORMAT_R16_UNORM, VSMP_FORMAT_R16G16_UNORM, VSMP_FORMAT_R16_FLOAT,
    VSMP_FORMAT_R32G32_FLOAT, VSMP_FORMAT_R32G32B32A32_UINT, VSMP_FORMAT_R32G32B32A32_SINT,
    VSMP_FORMAT_R32_UINT, VSMP_FORMAT_R32_SINT, VSMP_FORMAT_R16_UINT, VSMP_FORMAT_R16G16_SINT,
    VSMP_FORMAT_R16G16B16A16_UINT, VSMP_FORMAT_R8_UINT, VSMP_FORMAT_R8G8_SINT,
    VSMP_FORMAT_R8G8B8A8_SINT};
#define NFMT (sizeof(fmts) / sizeof(fmts[0]))

static const unsigned ops[] = {VSMP_SUB_SAMPLE,    VSMP_SUB_SAMPLE_B,  VSMP_SUB_SAMPLE_L,
                               VSMP_SUB_SAMPLE_D,  VSMP_SUB_SAMPLE_LZ, VSMP_SUB_LD,
                               VSMP_SUB_LD_LZ,     VSMP_SUB_LD_L,      VSMP_SUB_SAMPLE_C,
                               VSMP_SUB_SAMPLE_PO, VSMP_SUB_LOD};
#define NOPS (sizeof(ops) / sizeof(ops[0]))

typedef struct tally {
    const char *name;
    unsigned n;
} tally;
#define NTALLY 24
static tally tallies[NTALLY];

static void count(const char *name)
{
    for (int i = 0; i < NTALLY; i++) {
        if (!tallies[i].name)
            tallies[i].name = name;
        if (!strcmp(tallies[i].name, name)) {
            tallies[i].n++;
            return;
        }
    }
}

static vsmp_surface *surface_2d(sc_rng *r, vsmp_format f, uint32_t *size)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = f;
    if (sc_below(r, 4) == 0)
        d.array = true, d.array_len = 1 + sc_below(r, 4);
    else if (sc_below(r, 4) == 0)
        d.type = VSMP_SURFTYPE_3D;
    bool pow2 = sc_below(r, 2);
    d.width = pow2 ? 1u << sc_below(r, 7) : 1 + sc_below(r, 40);
    d.height = pow2 ? 1u << sc_below(r, 7) : 1 + sc_below(r, 40);
    if (d.type == VSMP_SURFTYPE_3D) {
        d.width = 1 + sc_below(r, 20), d.height = 1 + sc_below(r, 20);
        d.depth = pow2 ? 1u << sc_below(r, 4) : 1 + sc_below(r, 12);
    }
    if (sc_below(r, 5) == 0) { /* cubes and cube arrays: square faces */
        d.type = VSMP_SURFTYPE_CUBE;
        d.height = d.width = pow2 ? 1u << sc_below(r, 6) : 1 + sc_below(r, 24);
        d.depth = 1;
    }
    uint32_t big = d.width > d.height ? d.width : d.height, full = 1;
    while (big >> full)
        full++;
    d.levels = sc_below(r, 3) ? full : 1 + sc_below(r, full);
    d.min_lod = sc_below(r, 4) == 0 ? sc_below(r, d.levels) : 0;
    d.mip_count = sc_below(r, 4) == 0 ? 1 + sc_below(r, d.levels - d.min_lod) : 0;
    vsmp_surface *s = random_surface(&d, r);
    *size = d.width;
    return s;
}

/* Cube directions on the faces' boundaries: lanes whose components come from a few values
 * (zeros of both signs, +-1, +-0.5), so that ties between major axes (the reference prefers z
 * over y over x), the zero vector and signed zeros are drawn often; the derivatives too. */
static void cube_edges(sc_rng *r, sc_case *c, unsigned k)
{
    static const float vals[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 1.0f, -1.0f};
    static const unsigned kinds[] = {VSMP_P_U,    VSMP_P_V,    VSMP_P_R,
                                     VSMP_P_DUDX, VSMP_P_DVDX, VSMP_P_DRDX,
                                     VSMP_P_DUDY, VSMP_P_DVDY, VSMP_P_DRDY};
    for (unsigned l = 0; l < c->m[k].simd; l++) {
        if (sc_below(r, 2))
            continue;
        for (unsigned i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
            c->par[k][kinds[i]][l] = sc_fbits(vals[sc_below(r, 8)]);
    }
}

/* Rasterizer-like lanes: 2x2 quads side by side from one point, a texel or so apart (rows of
 * quads of 8 lanes), so that a message's taps share texels and blocks (the coherent loads and
 * the BC1 block palettes decoded once per group of lanes). */
static void side_by_side(sc_rng *r, sc_case *c, unsigned k)
{
    float u0 = 1.5f * sc_unit(r) - 0.25f, v0 = 1.5f * sc_unit(r) - 0.25f;
    float step =
        (0.05f + (sc_below(r, 2) ? 0.5f : 1.5f) * sc_unit(r)) / (float)(c->size ? c->size : 1);
    for (unsigned l = 0; l < c->m[k].simd; l++) {
        float x = (float)((l >> 2) % 4 * 2 + (l & 1)), y = (float)((l >> 4) * 2 + (l >> 1 & 1));
        c->par[k][VSMP_P_U][l] = sc_fbits(u0 + step * x);
        c->par[k][VSMP_P_V][l] = sc_fbits(v0 + step * y);
    }
}

/* Unnormalized coordinates: the message's U and V (normalized-like values) scaled to texels of
 * a w x h level, so that lanes fall inside, on the edges and just off the level. */
static void to_texels(sc_case *c, unsigned k, uint32_t w, uint32_t h)
{
    for (unsigned l = 0; l < c->m[k].simd; l++) {
        float u, v;
        memcpy(&u, &c->par[k][VSMP_P_U][l], 4);
        memcpy(&v, &c->par[k][VSMP_P_V][l], 4);
        c->par[k][VSMP_P_U][l] = sc_fbits(u * (float)w);
        c->par[k][VSMP_P_V][l] = sc_fbits(v * (float)h);
    }
}

/* Lanes a texel apart: along a row (OpenCL's work-items over x: lane l at x0 + l) or in 2x2
 * quads side by side (a rasterizer's), so that 8 lanes' point taps, and a bilinear row's taps,
 * are runs of consecutive bytes or two quads' rows (the wide loads of the one-byte kernel and of
 * the RGBA8 point kernel). */
static void texel_steps(sc_rng *r, sc_case *c, unsigned k)
{
    const vsmp_surface_desc *d = vsmp_surface_get_desc(c->s);
    uint32_t w = d->width >> d->min_lod, h = d->height >> d->min_lod;
    float nw = (float)(w ? w : 1), nh = (float)(h ? h : 1);
    float u0 = (float)sc_below(r, w + 4) - 2.0f + 0.5f * sc_unit(r);
    float v0 = (float)sc_below(r, h + 4) - 2.0f + 0.5f * sc_unit(r);
    bool quads = sc_below(r, 2);
    for (unsigned l = 0; l < c->m[k].simd; l++) {
        float x = quads ? (float)((l >> 2) * 2 + (l & 1)) : (float)l;
        float y = quads ? (float)(l >> 1 & 1) : 0.0f;
        c->par[k][VSMP_P_U][l] = sc_fbits((u0 + x) / nw);
        c->par[k][VSMP_P_V][l] = sc_fbits((v0 + y) / nh);
    }
}

/* One case at CPU level @p cpu: the kernel the plan chose against the plan's reference. */
/* focus 1: the flat kernels' properties (four 8-bit UNORM channels, no mips, min and mag filters
 * alike, WRAP or CLAMP, sampling ops), with the same random surfaces and edge-case messages;
 * a quarter of its messages with lanes a texel apart (texel_steps: the point kernel's wide
 * loads); focus 2: the same for one-byte texels of one channel (R8, A8, R8_SNORM), with lanes a
 * texel apart besides (texel_steps); focus 3: the same for 2-byte texels of one 16-bit UNORM or
 * float16 channel (R16, R16_FLOAT, A16); focus 4: the same for four float32 or float16
 * channels (RGBA32F, RGBA16F: the flat_f4 kernel). */
static void run_case(uint64_t seed, unsigned cpu, int focus)
{
    /* four 8-bit UNORM channels (the u8x4 kernels), sRGB and SNORM (the lut8 kernels) */
    static const vsmp_format f8x4[] = {VSMP_FORMAT_R8G8B8A8_UNORM, VSMP_FORMAT_B8G8R8A8_UNORM,
                                       VSMP_FORMAT_R8G8B8A8_UNORM_SRGB,
                                       VSMP_FORMAT_B8G8R8A8_UNORM_SRGB, VSMP_FORMAT_R8G8B8A8_SNORM};
#define NF8X4 (sizeof(f8x4) / sizeof(f8x4[0]))
    static const vsmp_format f8[] = {VSMP_FORMAT_R8_UNORM, VSMP_FORMAT_A8_UNORM,
                                     VSMP_FORMAT_R8_SNORM, VSMP_FORMAT_R8_UNORM};
    static const vsmp_format f16[] = {VSMP_FORMAT_R16_UNORM, VSMP_FORMAT_R16_FLOAT,
                                      VSMP_FORMAT_A16_UNORM, VSMP_FORMAT_R16_FLOAT};
    static const vsmp_format f4[] = {VSMP_FORMAT_R32G32B32A32_FLOAT,
                                     VSMP_FORMAT_R16G16B16A16_FLOAT};
    static const unsigned sops[] = {VSMP_SUB_SAMPLE,   VSMP_SUB_SAMPLE_B,  VSMP_SUB_SAMPLE_L,
                                    VSMP_SUB_SAMPLE_D, VSMP_SUB_SAMPLE_LZ, VSMP_SUB_LD,
                                    VSMP_SUB_LD_LZ,    VSMP_SUB_LD_L};
    sc_rng r = {seed, NULL, 0};
    const vsmp_format_info *fi = vsmp_format_get(focus == 4   ? f4[sc_below(&r, 2)]
                                                 : focus == 3 ? f16[sc_below(&r, 4)]
                                                 : focus == 2 ? f8[sc_below(&r, 4)]
                                                 : focus      ? f8x4[sc_below(&r, NF8X4)]
                                                              : fmts[sc_below(&r, NFMT)]);
    sc_case c;
    memset(&c, 0, sizeof(c));
    c.s = surface_2d(&r, fi->format, &c.size);
    CHECK(c.s != NULL, "seed %" PRIu64 ": surface", seed);
    if (!c.s)
        return;
    sc_state(&r, fi, &c.st);
    if (focus || sc_below(&r, 2)) { /* mostly inside the fast paths' properties */
        c.st.min_filter = (uint8_t)sc_below(&r, 3);
        c.st.mag_filter =
            c.st.min_filter == VSMP_FILTER_ANISOTROPIC ? VSMP_FILTER_LINEAR : c.st.min_filter;
        /* WRAP, CLAMP and CLAMP_BORDER (OpenCL's CLK_ADDRESS_CLAMP and NONE) per axis */
        static const uint8_t modes[] = {VSMP_TCM_WRAP, VSMP_TCM_CLAMP, VSMP_TCM_CLAMP_BORDER};
        for (int a = 0; a < 3; a++)
            c.st.address[a] = modes[sc_below(&r, 3)];
        c.st.non_normalized = false;
        c.st.reduction_enable = false;
        if (focus) { /* half without mips (the flat kernels), half with (the mip kernels) */
            c.st.min_filter = c.st.mag_filter = (uint8_t)sc_below(&r, 2);
            if (sc_below(&r, 2))
                c.st.mip_filter = VSMP_MIPFILTER_NONE;
            c.st.non_normalized = sc_below(&r, 4) == 0; /* the flat kernels, any mips */
            /* mostly the mip kernels' modes (and the 3D kernel's, any mips) */
            const vsmp_surface_desc *sd = vsmp_surface_get_desc(c.s);
            bool three = sd->type == VSMP_SURFTYPE_3D;
            /* WRAP on other sizes than powers of two: not the SIMD kernels' */
            bool pow2 = !(sd->width & (sd->width - 1)) && !(sd->height & (sd->height - 1)) &&
                        !(sd->depth & (sd->depth - 1));
            for (int a = 0; a < 3 && (three || c.st.mip_filter != VSMP_MIPFILTER_NONE); a++)
                if ((c.st.address[a] == VSMP_TCM_CLAMP_BORDER ||
                     (three && !pow2 && c.st.address[a] == VSMP_TCM_WRAP)) &&
                    sc_below(&r, 4))
                    c.st.address[a] = VSMP_TCM_CLAMP;
        } else if (sc_below(&r, 4) == 0) { /* unnormalized: min and mag filters alike */
            c.st.min_filter = c.st.mag_filter = (uint8_t)sc_below(&r, 2);
            c.st.non_normalized = true;
        }
        if (sc_below(&r, 8) == 0) /* border colours with NaN, -0 and out-of-range channels */
            for (int ch = 0; ch < 4; ch++) {
                static const float odd[] = {NAN, -0.0f, 2.5f, -1.5f};
                c.st.border.f[ch] = odd[sc_below(&r, 4)];
            }
    }
    c.op = focus ? sops[sc_below(&r, 8)] : ops[sc_below(&r, NOPS)];
    vsmp_plan *p = NULL;
    if (vsmp_plan_create_cpu(c.s, &c.st, c.op, cpu, &p, NULL)) {
        sc_free(&c);
        return;
    }
    count(p->fast_name);
    for (unsigned k = 0; k < 2; k++) {
        sc_message(&r, &c, k);
        if (vsmp_surface_get_desc(c.s)->type == VSMP_SURFTYPE_CUBE && sc_below(&r, 3) == 0)
            cube_edges(&r, &c, k);
        else if ((focus >= 2 && sc_below(&r, 2)) || (focus == 1 && sc_below(&r, 4) == 0))
            texel_steps(&r, &c, k);
        else if (sc_below(&r, 3) == 0)
            side_by_side(&r, &c, k);
        if (c.st.non_normalized && !sc_is_load(c.op)) {
            const vsmp_surface_desc *d = vsmp_surface_get_desc(c.s);
            uint32_t w = d->width >> d->min_lod, h = d->height >> d->min_lod;
            to_texels(&c, k, w ? w : 1, h ? h : 1);
        }
        if (sc_below(&r, 2))
            memset(c.m[k].aoffimmi, 0, 3);
        vsmp_result got, want;
        memset(&got, 0x5a, sizeof(got));
        memset(&want, 0x5a, sizeof(want));
        vsmp_plan_run(p, &c.m[k], &got);
        want.null_mask = 0xffffffffu;
        p->run(p, &c.m[k], &want);
        bool same = !memcmp(&got, &want, sizeof(got));
        CHECK(same, "seed %" PRIu64 " cpu %u kernel %s op 0x%x message %u: results differ", seed,
              cpu, p->fast_name, c.op, k);
        if (!same) {
            const vsmp_surface_desc *d = vsmp_surface_get_desc(c.s);
            fprintf(stderr,
                    "  %s %ux%u%s x%u, levels %u (view %u+%u), filters %u/%u/%u, address %u %u, "
                    "simd %u\n",
                    fi->name, d->width, d->height, d->array ? " array" : "", d->array_len,
                    d->levels, d->min_lod, d->mip_count, c.st.min_filter, c.st.mag_filter,
                    c.st.mip_filter, c.st.address[0], c.st.address[1], c.m[k].simd);
        }
        for (unsigned l = 0; !same && l < VSMP_MAX_LANES; l++)
            for (int ch = 0; ch < 4; ch++)
                if (got.c[ch][l] != want.c[ch][l]) {
                    float u, v;
                    memcpy(&u, &c.par[k][VSMP_P_U][l], 4);
                    memcpy(&v, &c.par[k][VSMP_P_V][l], 4);
                    fprintf(stderr, "  lane %u ch %d: %08x, reference %08x (u %a v %a)\n", l, ch,
                            got.c[ch][l], want.c[ch][l], u, v);
                }
    }
    vsmp_plan_free(p);
    sc_free(&c);
}

/* The kernel-name suffix of a CPU level's kernels (the AVX-512 level keeps some AVX2 ones:
 * "_avx" for both; main checks that each AVX-512 kernel is reached). */
static const char *level_suffix(unsigned cpu)
{
    return cpu & VSMP_CPU_AVX512 ? "_avx" : cpu & VSMP_CPU_AVX2 ? "_avx2" : "_c";
}

/* Every byte value of every channel of 8-bit UNORM formats, by ld and by point sampling at texel
 * centres: the kernels turn bytes into floats without the reference's division (b / 255.0f), or
 * look sRGB and SNORM bytes up in the plan's tables (gathers), so all 256 values of each channel
 * are compared with the reference, not only those random surfaces happen to hold. */
static void every_byte(unsigned cpu)
{
    static const vsmp_format f8[] = {
        VSMP_FORMAT_R8G8B8A8_UNORM, VSMP_FORMAT_B8G8R8A8_UNORM,      VSMP_FORMAT_R8_UNORM,
        VSMP_FORMAT_R8G8_UNORM,     VSMP_FORMAT_R8G8B8A8_UNORM_SRGB, VSMP_FORMAT_R8G8B8A8_SNORM};
    for (unsigned fi = 0; fi < sizeof(f8) / sizeof(f8[0]); fi++) {
        for (unsigned op = 0; op < 2; op++) {
            vsmp_surface_desc d;
            vsmp_surface_desc_init(&d);
            d.format = f8[fi];
            d.width = d.height = 16;
            vsmp_surface *s = NULL;
            CHECK(!vsmp_surface_create(&d, &s, NULL), "every_byte: surface");
            if (!s)
                return;
            const vsmp_surface_desc *ld = vsmp_surface_get_desc(s);
            unsigned bpt = vsmp_format_get(f8[fi])->bytes;
            /* byte k of texel i: (i + 64 k) mod 256, each channel sees all 256 values */
            for (size_t i = 0; i < 256; i++)
                for (unsigned k = 0; k < bpt; k++)
                    ((uint8_t *)ld->data)[i * bpt + k] = (uint8_t)(i + 64 * k);
            vsmp_sampler_state st;
            vsmp_sampler_state_init(&st);
            unsigned sop = op ? VSMP_SUB_SAMPLE_LZ : VSMP_SUB_LD;
            vsmp_plan *p = NULL;
            CHECK(!vsmp_plan_create_cpu(s, &st, sop, cpu, &p, NULL), "every_byte: plan");
            /* a fast kernel of this level, not the reference against itself */
            CHECK(p && strstr(p->fast_name, level_suffix(cpu)), "every_byte: cpu %#x %s: kernel %s",
                  cpu, vsmp_format_get(f8[fi])->name, p ? p->fast_name : "none");
            for (unsigned y = 0; p && y < 16; y++) {
                uint32_t u[16], v[16], lod[16] = {0};
                for (unsigned x = 0; x < 16; x++) {
                    float fu = ((float)x + 0.5f) / 16.0f, fv = ((float)y + 0.5f) / 16.0f;
                    if (op)
                        memcpy(&u[x], &fu, 4), memcpy(&v[x], &fv, 4);
                    else
                        u[x] = x, v[x] = y;
                }
                vsmp_message m;
                memset(&m, 0, sizeof(m));
                m.simd = 16, m.mask = 0xffff;
                m.param[VSMP_P_U] = u, m.param[VSMP_P_V] = v;
                if (!op)
                    m.param[VSMP_P_LOD] = lod;
                vsmp_result got, want;
                CHECK(same_as_reference(p, &m, &got, &want),
                      "every_byte: cpu %#x %s %s row %u (kernel %s) differs from the reference",
                      cpu, vsmp_format_get(f8[fi])->name, op ? "sample_lz" : "ld", y, p->fast_name);
            }
            vsmp_plan_free(p);
            vsmp_surface_free(s);
        }
    }
}

/* Every 16-bit UNORM value (R16_UNORM, texel (x, y) holding 256 y + x), by ld and by point
 * sampling at texel centres: the SIMD decoders turn v into v / 65535.0f without the reference's
 * division (stages_avx2.h's unorm16), so all 65536 values are compared with the reference. */
static void every_u16(unsigned cpu)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R16_UNORM;
    d.width = d.height = 256;
    vsmp_surface *s = NULL;
    CHECK(!vsmp_surface_create(&d, &s, NULL), "every_u16: surface");
    if (!s)
        return;
    const vsmp_surface_desc *ld = vsmp_surface_get_desc(s);
    for (uint32_t y = 0; y < 256; y++)
        for (uint32_t x = 0; x < 256; x++) {
            uint16_t v = (uint16_t)(256 * y + x);
            memcpy((uint8_t *)ld->data + (size_t)y * ld->row_pitch[0] + 2 * x, &v, 2);
        }
    for (unsigned op = 0; op < 2; op++) {
        vsmp_sampler_state st;
        vsmp_sampler_state_init(&st);
        vsmp_plan *p = NULL;
        CHECK(!vsmp_plan_create_cpu(s, &st, op ? VSMP_SUB_SAMPLE_LZ : VSMP_SUB_LD, cpu, &p, NULL),
              "every_u16: plan");
        if (!p)
            continue;
        bool fast = p->fast_name && strstr(p->fast_name, level_suffix(cpu));
        CHECK(fast, "every_u16: cpu %#x: kernel %s", cpu, p->fast_name ? p->fast_name : "none");
        unsigned bad = 0;
        for (uint32_t y = 0; fast && y < 256; y++)
            for (uint32_t x0 = 0; x0 < 256; x0 += 16) {
                uint32_t u[16], v[16], lod[16] = {0};
                for (unsigned l = 0; l < 16; l++) {
                    float fu = ((float)(x0 + l) + 0.5f) / 256.0f, fv = ((float)y + 0.5f) / 256.0f;
                    if (op)
                        memcpy(&u[l], &fu, 4), memcpy(&v[l], &fv, 4);
                    else
                        u[l] = x0 + l, v[l] = y;
                }
                vsmp_message m;
                memset(&m, 0, sizeof(m));
                m.simd = 16, m.mask = 0xffff;
                m.param[VSMP_P_U] = u, m.param[VSMP_P_V] = v;
                if (!op)
                    m.param[VSMP_P_LOD] = lod;
                vsmp_result got, want;
                bool same = same_as_reference(p, &m, &got, &want);
                for (unsigned l = 0; l < 16; l++)
                    if (got.c[0][l] != want.c[0][l] && bad++ < 4)
                        fprintf(stderr, "  value %u: %08x, reference %08x\n", 256 * y + x0 + l,
                                got.c[0][l], want.c[0][l]);
                bad += !same;
            }
        CHECK(!bad, "every_u16: cpu %#x %s (kernel %s): %u differences from the reference", cpu,
              op ? "sample_lz" : "ld", p->fast_name, bad);
        vsmp_plan_free(p);
    }
    vsmp_surface_free(s);
}

/* SIMD16 and SIMD32 messages with every lane on whose taps are the shapes the flat kernels read 16
 * lanes at a time (sample_avx512_flat.c): lanes one texel apart along a row (OpenCL's), two rows
 * of 8 (OpenCL's work-groups 8 wide) or four 2x2 quads side by side (a rasterizer's), at texel
 * centres or between them, inside the level, across its edges and off it (CLAMP_BORDER's border
 * colour for whole rows of taps), for every filter and pair of axis modes, normalized and
 * unnormalized, on RGBA8, BGRA8, R16, R16_FLOAT (NaNs and infinities among its random values), A16,
 * R8, A8 and R8_SNORM levels of random bytes (mip views too). Each message is compared with the
 * reference. */
static void flat16_shapes(unsigned cpu)
{
    static const uint8_t modes[] = {VSMP_TCM_CLAMP, VSMP_TCM_WRAP, VSMP_TCM_CLAMP_BORDER};
    sc_rng r = {0xf1a716ull, NULL, 0};
    unsigned bad = 0, n = 0;
    for (unsigned k = 0; k < 400; k++) {
        vsmp_surface_desc d;
        vsmp_surface_desc_init(&d);
        static const vsmp_format f[] = {VSMP_FORMAT_R8G8B8A8_UNORM, VSMP_FORMAT_B8G8R8A8_UNORM,
                                        VSMP_FORMAT_R16_UNORM,      VSMP_FORMAT_R16_FLOAT,
                                        VSMP_FORMAT_A16_UNORM,      VSMP_FORMAT_R8_UNORM,
                                        VSMP_FORMAT_A8_UNORM,       VSMP_FORMAT_R8_SNORM};
        unsigned fk = sc_below(&r, 8);
        d.format = f[fk];
        bool pow2 = sc_below(&r, 2);
        d.width = pow2 ? 1u << (4 + sc_below(&r, 5)) : 16 + sc_below(&r, 200);
        d.height = pow2 ? 1u << sc_below(&r, 7) : 1 + sc_below(&r, 40);
        d.levels = sc_below(&r, 3) ? 1 : 2, d.min_lod = d.levels > 1 ? sc_below(&r, 2) : 0;
        vsmp_surface *s = random_surface(&d, &r);
        CHECK(s, "flat16_shapes: surface");
        if (!s)
            return;
        uint32_t w = d.width >> d.min_lod, h = d.height >> d.min_lod;
        w = w ? w : 1, h = h ? h : 1;
        vsmp_sampler_state st;
        vsmp_sampler_state_init(&st);
        st.min_filter = st.mag_filter = (uint8_t)(k % 2 ? VSMP_FILTER_LINEAR : VSMP_FILTER_NEAREST);
        st.address[0] = modes[k / 2 % 3], st.address[1] = modes[k / 6 % 3];
        if (!pow2 && st.address[0] == VSMP_TCM_WRAP)
            st.address[0] = VSMP_TCM_CLAMP;
        if (!pow2 && st.address[1] == VSMP_TCM_WRAP)
            st.address[1] = VSMP_TCM_CLAMP;
        st.non_normalized = k / 18 % 3 == 0;
        for (int c = 0; c < 4; c++)
            st.border.f[c] = sc_unit(&r);
        vsmp_plan *p = NULL;
        CHECK(!vsmp_plan_create_cpu(s, &st, VSMP_SUB_SAMPLE_LZ, cpu, &p, NULL),
              "flat16_shapes: plan");
        const char *kern = fk < 2   ? "sample_flat_u8x4_avx512"
                           : fk < 5 ? "sample_flat_r16_avx512"
                                    : "sample_flat_r8_avx512";
        CHECK(!p || !(cpu & VSMP_CPU_AVX512) || !strcmp(p->fast_name, kern),
              "flat16_shapes: kernel %s", p ? p->fast_name : "none");
        for (unsigned j = 0; p && j < 24; j++) {
            /* mostly a start whose lanes stay inside, else on the edges or off the level (whole
             * messages off it too) */
            bool in = j % 4 && w > 17 && h > 2;
            float x0 = in ? (float)sc_below(&r, w - 17) : (float)sc_below(&r, w + 40) - 20.0f;
            float y0 = in ? (float)sc_below(&r, h - 2) : (float)sc_below(&r, h + 8) - 4.0f;
            float fx = j % 3 == 0 ? 0.5f : sc_unit(&r), fy = j % 3 == 0 ? 0.5f : sc_unit(&r);
            /* a row of 16, quads, two rows of 8; a row of 16 with lane 9 a row below (its columns
             * a run, its rows not one) or with lanes 5 and 6 swapped (one row, its columns not a
             * run): the point kernels' test of a run by its indices */
            unsigned shape = j / 2 % 5;
            bool quads = shape == 1;
            /* SIMD32: the second 16 lanes the first's shape 16 texels on along x (off the level or
             * across its edge at times) */
            unsigned simd = j % 5 == 4 ? 32 : 16;
            uint32_t u[32], v[32];
            for (unsigned l = 0; l < simd; l++) {
                unsigned k16 = l % 16;
                unsigned swap = shape == 4 && (k16 == 5 || k16 == 6) ? 11 - k16 : k16;
                float x = x0 + fx + (float)(l / 16 * 16) +
                          (float)(quads        ? (k16 >> 2) * 2 + (k16 & 1)
                                  : shape == 2 ? k16 & 7
                                               : swap);
                float y = y0 + fy +
                          (float)(quads        ? (k16 >> 1 & 1)
                                  : shape == 2 ? k16 >> 3
                                               : shape == 3 && k16 == 9);
                if (!st.non_normalized)
                    x /= (float)w, y /= (float)h;
                u[l] = sc_fbits(x), v[l] = sc_fbits(y);
            }
            vsmp_message m = uv_message(simd, u, v);
            vsmp_result got, want;
            n++;
            if (!same_as_reference(p, &m, &got, &want) && bad++ < 4)
                fprintf(stderr,
                        "  flat16_shapes: %s %ux%u view %u, %s, modes %u %u%s, %s at (%g, %g): "
                        "kernel %s differs\n",
                        vsmp_format_get(d.format)->name, d.width, d.height, d.min_lod,
                        k % 2 ? "linear" : "nearest", st.address[0], st.address[1],
                        st.non_normalized ? " unnormalized" : "",
                        quads        ? "quads"
                        : shape == 2 ? "rows of 8"
                        : shape == 3 ? "row, lane 9 below"
                        : shape == 4 ? "row, lanes 5 and 6 swapped"
                                     : "row",
                        (double)(x0 + fx), (double)(y0 + fy), p->fast_name);
        }
        vsmp_plan_free(p);
        vsmp_surface_free(s);
    }
    CHECK(!bad, "flat16_shapes: cpu %#x: %u of %u messages differ from the reference", cpu, bad, n);
}

/* Point and bilinear sampling at the coordinates where a row of taps changes, through the flat
 * kernels' index and off-level tests (point: one conversion rounding down in place of floor and
 * truncation; CLAMP_BORDER: the unclamped index against w - 1, the whole message on the level, off
 * it in every tap, or neither). SIMD16 runs along x (a run's lanes share a row) at heights just
 * below, on and above the rows where the taps cross 0, h - 1 and h, and below -h (WRAP's negative
 * rows); runs starting off the left or right edge, and ending on the last column or past it; and
 * runs with non-finite or huge coordinates (+-inf, NaN, +-1e30, +-2^31) in every lane or in one;
 * and runs whose lane 0 is moved 6 texels left of the level, or lane 15 6 right of it, their
 * clamped indices still a run (CLAMP's two taps there are both the edge texel, not neighbours).
 * On a 37x11 level (w and h apart, neither a power of two) and a 64x8 one (WRAP), for RGBA8, R16
 * and R8, every mode of v (and of u, or CLAMP), normalized and not, with a border colour that has
 * a negative zero. Each message is compared with the reference. */
static void flat16_edges(unsigned cpu, bool linear)
{
    static const vsmp_format f[] = {VSMP_FORMAT_R8G8B8A8_UNORM, VSMP_FORMAT_R16_UNORM,
                                    VSMP_FORMAT_R8_UNORM};
    static const uint8_t modes[] = {VSMP_TCM_CLAMP, VSMP_TCM_WRAP, VSMP_TCM_CLAMP_BORDER};
    const float e = 0x1p-18f; /* a float step at 8..64 */
    const char *name = linear ? "flat16_linear_edges" : "flat16_point_edges";
    sc_rng r = {0xed6e5ull, NULL, 0};
    unsigned bad = 0, n = 0;
    for (unsigned k = 0; k < 3 * 2 * 3 * 2; k++) {
        unsigned mode = modes[k / 2 % 3];
        bool nn = k / 6 % 2, wrap = mode == VSMP_TCM_WRAP;
        vsmp_surface_desc d;
        vsmp_surface_desc_init(&d);
        d.format = f[k / 12];
        d.width = wrap ? 64 : 37, d.height = wrap ? 8 : 11;
        vsmp_surface *s = random_surface(&d, &r);
        CHECK(s, "%s: surface", name);
        if (!s)
            return;
        float w = (float)d.width, h = (float)d.height;
        vsmp_sampler_state st;
        vsmp_sampler_state_init(&st);
        st.min_filter = st.mag_filter = linear ? VSMP_FILTER_LINEAR : VSMP_FILTER_NEAREST;
        st.address[0] = (uint8_t)(k % 2 ? mode : VSMP_TCM_CLAMP), st.address[1] = (uint8_t)mode;
        st.non_normalized = nn;
        for (int c = 0; c < 4; c++)
            st.border.f[c] = c ? 0.25f * (float)c : -0.0f;
        vsmp_plan *p = NULL;
        CHECK(!vsmp_plan_create_cpu(s, &st, VSMP_SUB_SAMPLE_LZ, cpu, &p, NULL), "%s: plan", name);
        /* (x0, y) in texels: runs at rows across the top and bottom edges, then runs across the
         * sides; bilinear's taps are at floor(x - 0.5) and the next */
        const float pt[][2] = {
            {3.5f, -1.0f},  {3.5f, -1.0f + e}, {3.5f, -0.5f},    {3.5f, -e},       {3.5f, -0.0f},
            {3.5f, 0.0f},   {3.5f, e},         {3.5f, 0.5f},     {3.5f, h - 1.0f}, {3.5f, h - 0.5f},
            {3.5f, h - e},  {3.5f, h},         {3.5f, h + 0.5f}, {3.5f, 2.5f - h}, {-16.0f, 2.5f},
            {-15.5f, 2.5f}, {3.5f - w, 2.5f},  {w - e, 2.5f},    {w, 2.5f},        {w + 0.5f, 2.5f},
        };
        const float li[][2] = {
            {3.5f, -1.5f},        {3.5f, -1.0f},        {3.5f, -0.5f - e},     {3.5f, -0.5f},
            {3.5f, -e},           {3.5f, 0.0f},         {3.5f, 0.5f - e},      {3.5f, 0.5f},
            {3.5f, h - 1.5f},     {3.5f, h - 0.5f - e}, {3.5f, h - 0.5f},      {3.5f, h},
            {3.5f, h + 0.5f - e}, {3.5f, h + 0.5f},     {3.5f, 2.75f - h},     {-16.5f, 2.5f},
            {-16.5f + e, 2.5f},   {-15.5f, 2.5f},       {w - 15.5f - e, 2.5f}, {w - 15.5f, 2.5f},
            {w - 0.5f - e, 2.5f}, {w - 0.5f, 2.5f},     {w + 0.5f, 2.75f},     {3.5f - w, 2.5f},
        };
        /* non-finite and huge values: every lane's x, one lane's x, every lane's y */
        const float odd[] = {INFINITY, -INFINITY, NAN, 1e30f, -1e30f, 0x1p31f, -0x1p31f};
        const unsigned nrun = linear ? sizeof(li) / sizeof(li[0]) : sizeof(pt) / sizeof(pt[0]);
        const unsigned nodd = sizeof(odd) / sizeof(odd[0]);
        for (unsigned j = 0; p && j < nrun + 3 * nodd + 2; j++) {
            /* 0: a run of the table; 1-3: odd values; 4: lane 0 moved left, 5: lane 15 right */
            unsigned o = j < nrun              ? 0
                         : j < nrun + 3 * nodd ? (j - nrun) / nodd + 1
                                               : j - nrun - 3 * nodd + 4;
            float oddv = j < nrun || o > 3 ? 0.0f : odd[(j - nrun) % nodd];
            /* o 4 and 5: lane l's first tap at column l, or at w - 16 + l */
            float x0 = j < nrun ? (linear ? li[j][0] : pt[j][0])
                       : o == 4 ? (linear ? 0.75f : 0.5f)
                       : o == 5 ? w - (linear ? 15.25f : 15.5f)
                                : 3.5f;
            float y0 = j < nrun ? (linear ? li[j][1] : pt[j][1]) : 2.5f;
            uint32_t u[16], v[16];
            for (unsigned l = 0; l < 16; l++) {
                float x = x0 + (float)l, y = y0;
                if (o == 1 || (o == 2 && l == 5))
                    x = oddv;
                else if (o == 3)
                    y = oddv;
                else if ((o == 4 && l == 0) || (o == 5 && l == 15))
                    x += o == 4 ? -6.0f : 6.0f;
                if (!nn)
                    x /= w, y /= h;
                u[l] = sc_fbits(x), v[l] = sc_fbits(y);
            }
            vsmp_message m;
            memset(&m, 0, sizeof(m));
            m.simd = 16, m.mask = 0xffff;
            m.param[VSMP_P_U] = u, m.param[VSMP_P_V] = v;
            vsmp_result got, want;
            n++;
            if (!same_as_reference(p, &m, &got, &want) && bad++ < 4)
                fprintf(stderr,
                        "  %s: %s, modes %u %u%s, run %u at (%a, %a), odd %u (%g): kernel %s "
                        "differs\n",
                        name, vsmp_format_get(d.format)->name, st.address[0], st.address[1],
                        nn ? " unnormalized" : "", j, (double)x0, (double)y0, o, (double)oddv,
                        p->fast_name);
        }
        vsmp_plan_free(p);
        vsmp_surface_free(s);
    }
    CHECK(!bad, "%s: cpu %#x: %u of %u messages differ from the reference", name, cpu, bad, n);
}

/* Bilinear quads (a rasterizer's four 2x2 quads side by side) across a WRAP axis's right edge,
 * whose columns go on at the row's column 0 (the flat RGBA8 kernels' wrap16): every start column
 * from 9 texels before the edge to 1 after it, on levels 4 to 64 texels wide (below 8 the AVX2
 * kernel's), with v CLAMP, WRAP or CLAMP_BORDER; and the same with one lane a row lower (its
 * half-row's lanes not on one row), one lane w texels on (the same texel, its floored coordinate
 * not its quad's) or SIMD32 (the second 16 lanes 8 texels on). RGBA8 and BGRA8, each message
 * compared with the reference. */
static void flat16_wrap_quads(unsigned cpu)
{
    static const uint8_t vmodes[] = {VSMP_TCM_CLAMP, VSMP_TCM_WRAP, VSMP_TCM_CLAMP_BORDER};
    sc_rng r = {0x3a9b0ull, NULL, 0};
    unsigned bad = 0, n = 0;
    for (unsigned k = 0; k < 2 * 5 * 3; k++) {
        vsmp_surface_desc d;
        vsmp_surface_desc_init(&d);
        d.format = k % 2 ? VSMP_FORMAT_B8G8R8A8_UNORM : VSMP_FORMAT_R8G8B8A8_UNORM;
        d.width = 4u << (k / 2 % 5), d.height = 8;
        vsmp_surface *s = random_surface(&d, &r);
        CHECK(s, "flat16_wrap_quads: surface");
        if (!s)
            return;
        vsmp_sampler_state st;
        vsmp_sampler_state_init(&st);
        st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
        st.address[0] = VSMP_TCM_WRAP, st.address[1] = vmodes[k / 10];
        for (int c = 0; c < 4; c++)
            st.border.f[c] = 0.25f * (float)c;
        vsmp_plan *p = NULL;
        CHECK(!vsmp_plan_create_cpu(s, &st, VSMP_SUB_SAMPLE_LZ, cpu, &p, NULL),
              "flat16_wrap_quads: plan");
        float w = (float)d.width, h = (float)d.height;
        for (unsigned j = 0; p && j < 11 * 4 * 2; j++) {
            /* the quads' first taps from column w - 9 + j % 11 (bilinear's at floor(x - 0.5)) */
            float x0 = w - 9.0f + (float)(j % 11) + (j / 44 ? 0.5f + 0x1p-6f : 0.75f);
            float y0 = j / 44 ? 2.25f : h - 1.0f; /* lanes 0-7 on rows 1, 2 or h - 1, 0 (wrapped) */
            unsigned var = j / 11 % 4, simd = var == 3 ? 32 : 16;
            uint32_t u[32], v[32];
            for (unsigned l = 0; l < simd; l++) {
                unsigned k16 = l % 16;
                float x = x0 + (float)(l / 16 * 8) + (float)((k16 >> 2) * 2 + (k16 & 1));
                float y = y0 + (float)(k16 >> 1 & 1);
                if (var == 1 && l == 13)
                    y += 1.0f;
                else if (var == 2 && l == 13)
                    x += w;
                u[l] = sc_fbits(x / w), v[l] = sc_fbits(y / h);
            }
            vsmp_message m = uv_message(simd, u, v);
            vsmp_result got, want;
            n++;
            if (!same_as_reference(p, &m, &got, &want) && bad++ < 4)
                fprintf(stderr,
                        "  flat16_wrap_quads: %s %ux%u, v mode %u, quads at (%g, %g), variant %u: "
                        "kernel %s differs\n",
                        vsmp_format_get(d.format)->name, d.width, d.height, st.address[1],
                        (double)x0, (double)y0, var, p->fast_name);
        }
        vsmp_plan_free(p);
        vsmp_surface_free(s);
    }
    CHECK(!bad, "flat16_wrap_quads: cpu %#x: %u of %u messages differ from the reference", cpu, bad,
          n);
}

/* Bilinear quads at the top edge of a CLAMP v axis whose lanes of one quad row straddle row 0's
 * centre: each lane's first row of taps is row 0 (floor(y - 0.5) is -1 or 0, clamped to 0), its
 * second row 0 or 1 (below the centre both taps are row 0). A quad row whose first taps share a
 * row may so have second taps on two rows: the kernels must not take the second row's shape from
 * the first's. Quads along x inside the level (CLAMP or WRAP u), and across the right edge (WRAP
 * u: sample_avx512_flat.c's wrap16), the straddling lanes chosen per quad (both halves of each
 * row, and the bottom quad row too), SIMD16 and SIMD32, on RGBA8, R16 and R8 of random bytes,
 * normalized and not. Each message is compared with the reference. */
static void flat16_clamp_top(unsigned cpu)
{
    static const vsmp_format f[] = {VSMP_FORMAT_R8G8B8A8_UNORM, VSMP_FORMAT_R16_UNORM,
                                    VSMP_FORMAT_R8_UNORM};
    sc_rng r = {0xc1a3709ull, NULL, 0};
    unsigned bad = 0, n = 0;
    for (unsigned k = 0; k < 3 * 2 * 2; k++) {
        vsmp_surface_desc d;
        vsmp_surface_desc_init(&d);
        d.format = f[k % 3];
        d.width = 64, d.height = 16;
        vsmp_surface *s = random_surface(&d, &r);
        CHECK(s, "flat16_clamp_top: surface");
        if (!s)
            return;
        vsmp_sampler_state st;
        vsmp_sampler_state_init(&st);
        st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
        st.address[0] = k / 3 % 2 ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP;
        st.address[1] = VSMP_TCM_CLAMP;
        st.non_normalized = k / 6 == 0 && st.address[0] == VSMP_TCM_CLAMP;
        vsmp_plan *p = NULL;
        CHECK(!vsmp_plan_create_cpu(s, &st, VSMP_SUB_SAMPLE_LZ, cpu, &p, NULL),
              "flat16_clamp_top: plan");
        float w = (float)d.width, h = (float)d.height;
        for (unsigned j = 0; p && j < 64; j++) {
            /* quads from column 5 + j % 16 (j / 32: from column w - 5, across the right edge
             * under WRAP); each quad's lanes of a row at y 0.3 or 0.7 (row 0's centre 0.5), by a
             * random choice per quad and row, its other row at 1.5 (j % 2) or straddling too */
            bool edge = j / 32 && st.address[0] == VSMP_TCM_WRAP;
            float x0 = (edge ? w - 5.0f : 5.0f + (float)(j % 16)) + 0.75f;
            unsigned simd = j % 4 == 3 ? 32 : 16;
            uint32_t pick = sc_u32(&r) | 1u; /* quad row 0 of quad 0 below the centre */
            uint32_t u[32], v[32];
            for (unsigned l = 0; l < simd; l++) {
                unsigned k16 = l % 16, quad = l / 4, row = k16 >> 1 & 1;
                float x = x0 + (float)(l / 16 * 8) + (float)((k16 >> 2) * 2 + (k16 & 1));
                float y = pick >> (2 * quad + row) & 1 ? 0.3f : 0.7f;
                if (row && j % 2)
                    y = 1.5f;
                if (!st.non_normalized)
                    x /= w, y /= h;
                u[l] = sc_fbits(x), v[l] = sc_fbits(y);
            }
            vsmp_message m = uv_message(simd, u, v);
            vsmp_result got, want;
            n++;
            if (!same_as_reference(p, &m, &got, &want) && bad++ < 4)
                fprintf(stderr,
                        "  flat16_clamp_top: %s, u mode %u%s, quads at x %g, rows %#x: kernel %s "
                        "differs\n",
                        vsmp_format_get(d.format)->name, st.address[0],
                        st.non_normalized ? " unnormalized" : "", (double)x0, pick, p->fast_name);
        }
        vsmp_plan_free(p);
        vsmp_surface_free(s);
    }
    CHECK(!bad, "flat16_clamp_top: cpu %#x: %u of %u messages differ from the reference", cpu, bad,
          n);
}

/* ld and ld_lz in the same shapes (lanes one texel apart along a row, two rows of 8, four quads
 * side by side), on 4-byte texels of four 8-bit channels, UNORM and integer: inside the level,
 * across its edges, ending on its last column or row or one past it, at LOD 0 and not, each
 * message compared with the reference. */
static void ld16_shapes(unsigned cpu)
{
    static const vsmp_format f[] = {VSMP_FORMAT_R8G8B8A8_UNORM, VSMP_FORMAT_B8G8R8A8_UNORM,
                                    VSMP_FORMAT_R8G8B8A8_UINT, VSMP_FORMAT_R8G8B8A8_SINT};
    sc_rng r = {0x1d16ull, NULL, 0};
    unsigned bad = 0, n = 0;
    for (unsigned k = 0; k < 200; k++) {
        vsmp_surface_desc d;
        vsmp_surface_desc_init(&d);
        d.format = f[k % 4];
        d.width = 16 + sc_below(&r, 100), d.height = 1 + sc_below(&r, 20);
        d.levels = sc_below(&r, 2) ? 1 : 2, d.min_lod = d.levels > 1 ? sc_below(&r, 2) : 0;
        vsmp_surface *s = random_surface(&d, &r);
        CHECK(s, "ld16_shapes: surface");
        if (!s)
            return;
        uint32_t w = d.width >> d.min_lod, h = d.height >> d.min_lod;
        vsmp_sampler_state st;
        vsmp_sampler_state_init(&st);
        vsmp_plan *p = NULL;
        unsigned op = k / 4 % 2 ? VSMP_SUB_LD_LZ : VSMP_SUB_LD;
        CHECK(!vsmp_plan_create_cpu(s, &st, op, cpu, &p, NULL), "ld16_shapes: plan");
        /* each level's kernels of these shapes (AVX-512's, AVX2's) are the ones compared */
        bool avx512 = cpu & VSMP_CPU_AVX512;
        const char *kern = k % 4 < 2 ? (avx512 ? "ld_u8x4_avx512" : "ld_2d_unorm8_avx2")
                           : avx512  ? "ld_int8x4_avx512"
                                     : "ld_int8x4_avx2";
        CHECK(!p || !(cpu & VSMP_CPU_AVX2) || !strcmp(p->fast_name, kern),
              "ld16_shapes: %s: kernel %s", vsmp_format_get(d.format)->name,
              p ? p->fast_name : "none");
        for (unsigned j = 0; p && j < 24; j++) {
            bool in = j % 4 && w > 17 && h > 2;
            unsigned shape = j / 2 % 3; /* a row of 16, quads, two rows of 8 */
            bool quads = shape == 1;
            int32_t x0 = in ? (int32_t)sc_below(&r, w - 17) : (int32_t)sc_below(&r, w + 8) - 4;
            int32_t y0 = in ? (int32_t)sc_below(&r, h - 2) : (int32_t)sc_below(&r, h + 4) - 2;
            if (j % 8 == 7 && h >= 2) { /* the level's last columns and rows, or one past them */
                x0 = (int32_t)(w - (shape ? 8 : 16) + sc_below(&r, 2));
                y0 = (int32_t)(h - (shape ? 2 : 1) + sc_below(&r, 2));
            }
            unsigned simd = j % 5 == 4 ? 32 : 16; /* the second half 16 texels on along x */
            uint32_t u[32], v[32], lod[32] = {0};
            for (unsigned l = 0; l < simd; l++) {
                unsigned k16 = l % 16;
                int32_t dx = (int32_t)(quads ? (k16 >> 2) * 2 + (k16 & 1) : shape ? k16 & 7 : k16);
                u[l] = (uint32_t)(x0 + (int32_t)(l / 16 * 16) + dx);
                v[l] = (uint32_t)(y0 + (int32_t)(quads ? (k16 >> 1 & 1) : shape ? k16 >> 3 : 0));
            }
            if (j % 3 == 2) /* a lane at level 1 (a SIMD32 message's first or second half) */
                lod[sc_below(&r, simd)] = 1;
            vsmp_message m = uv_message(simd, u, v);
            m.param[VSMP_P_LOD] = lod;
            vsmp_result got, want;
            n++;
            if (!same_as_reference(p, &m, &got, &want) && bad++ < 4)
                fprintf(stderr,
                        "  ld16_shapes: %s %ux%u view %u, %s at (%d, %d): kernel %s differs\n",
                        vsmp_format_get(d.format)->name, d.width, d.height, d.min_lod,
                        quads   ? "quads"
                        : shape ? "rows of 8"
                                : "row",
                        x0, y0, p->fast_name);
        }
        vsmp_plan_free(p);
        vsmp_surface_free(s);
    }
    CHECK(!bad, "ld16_shapes: cpu %#x: %u of %u messages differ from the reference", cpu, bad, n);
}

/* The kernel vsmp_plan_run takes (plan_kernel.h; the plan's plain kernel): a message without
 * immediate offsets runs the fast path whatever its CPS flag and coarse size when the operation's
 * LOD is not implicit (sample_lz), and, for an implicit one (sample), unless the message is
 * CPS-scaled, which the reference runs (the fast paths do not scale derivatives: its results
 * differ); an offset in any of the three bytes runs the reference, the byte after them (mcs16)
 * is no offset, and each is range-checked. */
static void plan_kernels(unsigned cpu)
{
    sc_rng r = {0x91a17ull, NULL, 0};
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R8G8B8A8_UNORM;
    d.width = d.height = 64, d.levels = 7;
    vsmp_surface *s = random_surface(&d, &r);
    CHECK(s, "plan_kernels: surface");
    for (unsigned implicit = 0; s && implicit < 2; implicit++) {
        vsmp_sampler_state st;
        vsmp_sampler_state_init(&st);
        st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
        st.mip_filter = VSMP_MIPFILTER_LINEAR;
        vsmp_plan *p = NULL;
        unsigned op = implicit ? VSMP_SUB_SAMPLE : VSMP_SUB_SAMPLE_LZ;
        CHECK(!vsmp_plan_create_cpu(s, &st, op, cpu, &p, NULL), "plan_kernels: plan");
        if (!p)
            break;
        CHECK(p->fast, "plan_kernels: cpu %#x op 0x%x: no fast path", cpu, op);
        /* four 2x2 quads side by side, 4 texels a pixel (LOD 2; 1 when CPS halves it) */
        uint32_t u[16], v[16];
        for (unsigned l = 0; l < 16; l++) {
            float fu = (float)(2 * (l / 4) + l % 2) * 4.0f / 64.0f + 0.01f;
            float fv = (float)(l / 2 % 2) * 4.0f / 64.0f + 0.02f;
            memcpy(&u[l], &fu, 4), memcpy(&v[l], &fv, 4);
        }
        vsmp_message m;
        memset(&m, 0, sizeof(m));
        m.simd = 16, m.mask = 0xffff;
        m.param[VSMP_P_U] = u, m.param[VSMP_P_V] = v;
        m.cps = true, m.coarse[0] = m.coarse[1] = 2;
        vsmp_result got, want;
        CHECK(vsmp_plan_kernel(p, &m) == (implicit ? p->run : p->fast),
              "plan_kernels: cpu %#x op 0x%x: a CPS message's kernel", cpu, op);
        CHECK(same_as_reference(p, &m, &got, &want),
              "plan_kernels: cpu %#x op 0x%x: a CPS message differs from the reference", cpu, op);
        if (implicit && p->fast) { /* the case matters: the fast path would not scale */
            p->fast(p, &m, &got);
            CHECK(memcmp(got.c, want.c, sizeof(got.c)),
                  "plan_kernels: cpu %#x: the fast path scales CPS (the case tests nothing)", cpu);
        }
        m.cps = false, m.mcs16 = true;
        CHECK(vsmp_plan_kernel(p, &m) == p->fast, "plan_kernels: cpu %#x op 0x%x: plain kernel",
              cpu, op);
        m.mcs16 = false;
        for (unsigned a = 0; a < 3; a++) {
            m.aoffimmi[a] = -1;
            CHECK(vsmp_plan_kernel(p, &m) == p->run,
                  "plan_kernels: cpu %#x op 0x%x: offset %u: not the reference", cpu, op, a);
            CHECK(same_as_reference(p, &m, &got, &want),
                  "plan_kernels: cpu %#x op 0x%x: offset %u differs", cpu, op, a);
            m.aoffimmi[a] = 8;
            CHECK(vsmp_plan_run(p, &m, &got) == VSMP_ERR_ARG,
                  "plan_kernels: cpu %#x op 0x%x: offset %u = 8 not refused", cpu, op, a);
            m.aoffimmi[a] = 0;
        }
        vsmp_plan_free(p);
    }
    vsmp_surface_free(s);
}

/* Rasterizer lanes in the shapes some kernels take apart: SIMD16 messages of four 2x2 quads side
 * by side (8 x 2 pixels). (a) Bilinear sampling of sRGB and SNORM texels one texel a pixel apart:
 * each group of 8 lanes reads 15 texels, which the table kernel decodes once each
 * (sample_avx2_lut8.c's filter8_quads); every address mode, origins over the whole surface and
 * past its edges. (b) Trilinear sampling of a 3D RGBA8 surface at 1.5 texels a pixel (the LOD
 * between levels 0 and 1 in every lane): both groups of the message on two levels, which the
 * AVX-512 level filters 16 lanes at once (stage16_avx512.h's MIP16_STORE). Random messages
 * seldom have either shape. */
static void coherent_lanes(unsigned cpu)
{
    sc_rng r = {0xc0e4e47ull, NULL, 0};
    static const vsmp_format lut[] = {VSMP_FORMAT_R8G8B8A8_UNORM_SRGB,
                                      VSMP_FORMAT_B8G8R8A8_UNORM_SRGB, VSMP_FORMAT_R8G8B8A8_SNORM};
    static const uint8_t modes[] = {VSMP_TCM_WRAP, VSMP_TCM_CLAMP, VSMP_TCM_CLAMP_BORDER};
    for (unsigned part = 0; part < 2; part++) {
        bool three = part == 1;
        for (unsigned fi = 0; fi < (three ? 1 : 3); fi++) {
            vsmp_surface_desc d;
            vsmp_surface_desc_init(&d);
            d.format = three ? VSMP_FORMAT_R8G8B8A8_UNORM : lut[fi];
            d.width = d.height = 32;
            if (three)
                d.type = VSMP_SURFTYPE_3D, d.width = d.height = d.depth = 16, d.levels = 5;
            vsmp_surface *s = random_surface(&d, &r);
            CHECK(s, "coherent_lanes: surface");
            if (!s)
                return;
            /* (3D: WRAP and CLAMP, the kernel's modes) */
            for (unsigned am = 0; am < (three ? 8u : 9u); am++) {
                vsmp_sampler_state st;
                vsmp_sampler_state_init(&st);
                st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
                st.mip_filter = three ? VSMP_MIPFILTER_LINEAR : VSMP_MIPFILTER_NONE;
                st.address[0] = three ? modes[am & 1] : modes[am % 3];
                st.address[1] = three ? modes[am >> 1 & 1] : modes[am / 3];
                st.address[2] = three ? modes[am >> 2 & 1] : VSMP_TCM_CLAMP;
                st.border.f[0] = 0.25f, st.border.f[3] = 1.0f;
                unsigned op = three ? VSMP_SUB_SAMPLE : VSMP_SUB_SAMPLE_LZ;
                vsmp_plan *p = NULL;
                CHECK(!vsmp_plan_create_cpu(s, &st, op, cpu, &p, NULL), "coherent_lanes: plan");
                if (!p)
                    continue;
                const char *want = three ? "sample_3d_u8x4" : "sample_flat_lut8";
                if (cpu & VSMP_CPU_AVX2)
                    CHECK(p->fast_name && strstr(p->fast_name, want),
                          "coherent_lanes: cpu %#x %s: kernel %s", cpu,
                          vsmp_format_get(d.format)->name, p->fast_name ? p->fast_name : "none");
                unsigned bad = 0;
                for (unsigned k = 0; k < 40; k++) {
                    /* origins from 2 texels before the surface to 2 past it */
                    float u0 = (float)sc_below(&r, d.width + 4) - 2.0f + sc_unit(&r);
                    float v0 = (float)sc_below(&r, d.height + 4) - 2.0f + sc_unit(&r);
                    float w0 = (float)sc_below(&r, 16) + sc_unit(&r);
                    float step = three ? 1.5f : 1.0f;
                    uint32_t u[16], v[16], w[16];
                    for (unsigned l = 0; l < 16; l++) {
                        float x = (float)((l >> 2) * 2 + (l & 1)), y = (float)(l >> 1 & 1);
                        u[l] = sc_fbits((u0 + step * x) / (float)d.width);
                        v[l] = sc_fbits((v0 + step * y) / (float)d.height);
                        w[l] = sc_fbits((w0 + 0.5f * x + 0.25f * y) / 16.0f);
                    }
                    vsmp_message m;
                    memset(&m, 0, sizeof(m));
                    m.simd = 16, m.mask = 0xffff;
                    m.param[VSMP_P_U] = u, m.param[VSMP_P_V] = v;
                    if (three)
                        m.param[VSMP_P_R] = w;
                    vsmp_result got, ref;
                    bad += !same_as_reference(p, &m, &got, &ref);
                }
                CHECK(!bad,
                      "coherent_lanes: cpu %#x %s address %u %u %u (kernel %s): %u of 40 "
                      "messages differ from the reference",
                      cpu, vsmp_format_get(d.format)->name, st.address[0], st.address[1],
                      st.address[2], p->fast_name, bad);
                vsmp_plan_free(p);
            }
            vsmp_surface_free(s);
        }
    }
}

/* SIMD16 messages of every lane whose 16 lanes share their one or two mip levels, and whose lanes
 * spread over levels in the shapes of a rasterizer's, on RGBA8 and BGRA8 2D surfaces (square and
 * not), 2D arrays and RGBA8 3D surfaces: the AVX-512 level's 2D and 3D kernels take the shared
 * ones 16 lanes at once (stage16_avx512.h's mip16_u8x4, sample_avx2_3d.c's mip16_3d: fetch16_u8x4
 * on each level, and slice), the spread ones the groups' way. sample_d with the same derivatives
 * in every lane, sample_l with the same LOD (between levels, on one, past the last), sample's
 * implicit derivatives of quads a common step apart, each lane's scaled by the message's shape
 * (shared: 1; lanes 8-15 twice lanes 0-7, a level above; a ramp of 1 + lane / 32; each quad 2^0
 * to 2^3: up to four level pairs, some past the last level); coordinates over the surface and
 * past its edges (a row's second texel wrapped round: the four-load taps), a few special (the
 * 8-lane groups' way); WRAP and CLAMP on each axis (the third: the first's), each mip filter.
 * Random messages (lod16) seldom share their levels. */
static void mip16_shared(unsigned cpu)
{
    sc_rng r = {0x3a1b16ull, NULL, 0};
    static const float sp[] = {NAN, INFINITY, -INFINITY, 3e38f};
    static const uint8_t mips[] = {VSMP_MIPFILTER_LINEAR, VSMP_MIPFILTER_NEAREST,
                                   VSMP_MIPFILTER_NONE};
    static const unsigned mops[] = {VSMP_SUB_SAMPLE_D, VSMP_SUB_SAMPLE_L, VSMP_SUB_SAMPLE};
    unsigned bad = 0, n = 0;
    for (unsigned kind = 0; kind < 5; kind++) { /* 32x32, 32x16, BGRA8 16x32, 2D array, 3D */
        bool three = kind == 4;
        vsmp_surface_desc d;
        vsmp_surface_desc_init(&d);
        d.format = kind == 2 ? VSMP_FORMAT_B8G8R8A8_UNORM : VSMP_FORMAT_R8G8B8A8_UNORM;
        d.width = kind == 2 ? 16 : 32, d.height = kind == 0 ? 32 : kind == 2 ? 32 : 16;
        d.levels = 6;
        if (kind == 3)
            d.array = true, d.array_len = 3, d.levels = 5;
        if (three)
            d.type = VSMP_SURFTYPE_3D, d.width = d.height = d.depth = 16, d.levels = 5;
        vsmp_surface *s = random_surface(&d, &r);
        CHECK(s, "mip16_shared: surface");
        if (!s)
            return;
        for (unsigned k = 0; k < 12; k++) {
            vsmp_sampler_state st;
            vsmp_sampler_state_init(&st);
            st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
            st.mip_filter = mips[k % 3];
            st.address[0] = k / 3 & 1 ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP;
            st.address[1] = k / 6 & 1 ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP;
            st.address[2] = st.address[0];
            for (unsigned oi = 0; oi < 3; oi++) {
                unsigned op = mops[oi];
                vsmp_plan *p = NULL;
                CHECK(!vsmp_plan_create_cpu(s, &st, op, cpu, &p, NULL), "mip16_shared: plan");
                if (!p)
                    continue;
                if (cpu & VSMP_CPU_AVX2 && st.mip_filter != VSMP_MIPFILTER_NONE)
                    CHECK(p->fast_name &&
                              strstr(p->fast_name, three ? "sample_3d_u8x4" : "sample_mip_u8x4"),
                          "mip16_shared: cpu %#x kind %u op %u: kernel %s", cpu, kind, op,
                          p->fast_name ? p->fast_name : "none");
                for (unsigned j = 0; j < 64; j++) {
                    uint32_t c[3][16], dv[6][16], lod[16];
                    float
                        sf[16]; /* each lane's scale of the message's derivatives (shape j / 16) */
                    unsigned spread = j / 16, qk = (unsigned)sc_below(&r, 256);
                    for (unsigned l = 0; l < 16; l++)
                        sf[l] = spread == 1   ? (l >= 8 ? 2.0f : 1.0f)
                                : spread == 2 ? 1.0f + (float)l / 32.0f
                                : spread == 3 ? (float)(1u << (qk >> (l / 4 * 2) & 3))
                                              : 1.0f;
                    /* one LOD for the message: 2^-1 to 2^6 texels a pixel; between levels, on
                     * one (j % 8 == 1), past the last (j % 8 == 2) */
                    float tpp = ldexpf(1.0f + sc_unit(&r), (int)sc_below(&r, 8) - 1);
                    float e = j % 8 == 1   ? (float)sc_below(&r, 5)
                              : j % 8 == 2 ? 7.5f
                                           : sc_unit(&r) * 6.0f - 0.5f;
                    float g[4] = {tpp / (float)d.width, 0.0f, 0.0f, tpp / (float)d.height};
                    float u0 = sc_unit(&r) * 1.5f - 0.25f, v0 = sc_unit(&r) * 1.5f - 0.25f;
                    for (unsigned l = 0; l < 16; l++) {
                        float x = (float)((l >> 2) * 2 + (l & 1)), y = (float)(l >> 1 & 1);
                        bool implicit = op == VSMP_SUB_SAMPLE;
                        float gx = g[0] * sf[l], gy = g[3] * sf[l];
                        c[0][l] = sc_fbits(implicit ? u0 + gx * x : sc_unit(&r) * 1.5f - 0.25f);
                        c[1][l] = sc_fbits(implicit ? v0 + gy * y : sc_unit(&r) * 1.5f - 0.25f);
                        /* a layer; on a 3D surface the third coordinate, half u's step */
                        c[2][l] = sc_fbits(implicit && three ? u0 + gx * 0.5f * x
                                           : three           ? sc_unit(&r) * 1.5f - 0.25f
                                                             : sc_unit(&r) * 3.0f);
                        for (unsigned q = 0; q < 4; q++)
                            dv[q][l] = sc_fbits(g[q] * sf[l]);
                        dv[4][l] = sc_fbits(gx * 0.5f), dv[5][l] = sc_fbits(0.0f);
                        lod[l] = sc_fbits(e + log2f(sf[l]));
                    }
                    if (j % 8 == 7) /* a special coordinate */
                        c[sc_below(&r, three ? 3 : 2)][sc_below(&r, 16)] =
                            sc_fbits(sp[sc_below(&r, 4)]);
                    vsmp_message m;
                    memset(&m, 0, sizeof(m));
                    m.simd = 16, m.mask = 0xffff;
                    m.param[VSMP_P_U] = c[0], m.param[VSMP_P_V] = c[1];
                    if (d.array || three)
                        m.param[VSMP_P_R] = c[2];
                    if (op == VSMP_SUB_SAMPLE_D) {
                        m.param[VSMP_P_DUDX] = dv[0], m.param[VSMP_P_DVDX] = dv[1];
                        m.param[VSMP_P_DUDY] = dv[2], m.param[VSMP_P_DVDY] = dv[3];
                        if (three)
                            m.param[VSMP_P_DRDX] = dv[4], m.param[VSMP_P_DRDY] = dv[5];
                    }
                    if (op == VSMP_SUB_SAMPLE_L)
                        m.param[VSMP_P_LOD] = lod;
                    vsmp_result got, ref;
                    n++;
                    if (!same_as_reference(p, &m, &got, &ref) && bad++ < 4)
                        fprintf(stderr,
                                "  mip16_shared: surface kind %u, op %u, state %u, message %u: "
                                "kernel %s differs\n",
                                kind, op, k, j, p->fast_name);
                }
                vsmp_plan_free(p);
            }
        }
        vsmp_surface_free(s);
    }
    CHECK(!bad, "mip16_shared: cpu %#x: %u of %u messages differ from the reference", cpu, bad, n);
}

/* SIMD16 messages of every lane on RGBA8 2D surfaces, 2D arrays and 3D surfaces through the LOD
 * stage the AVX-512 level runs on both groups of 8 lanes at once (stage16_avx512.h's stage16),
 * and, with a linear mip filter, their two levels filtered 16 lanes at once (MIP16_STORE):
 * sample_d with derivatives over every level and special values (0, -0, NaN, infinities,
 * subnormals, huge), sample's and sample_b's implicit derivatives (sample_b's bias in and past
 * its +-16 clamp, and special), and sample_l's LOD over every level and special, under each mip
 * filter, both LOD preclamps, the magnification MIPNONE mode, a bias and LOD clamps. */
static void lod16(unsigned cpu)
{
    sc_rng r = {0x10d16e3dull, NULL, 0};
    static const float sp[] = {0.0f,   -0.0f,   NAN,   INFINITY, -INFINITY,
                               1e-45f, -3e-39f, 3e38f, 1e19f};
    static const uint8_t mips[] = {VSMP_MIPFILTER_LINEAR, VSMP_MIPFILTER_NEAREST,
                                   VSMP_MIPFILTER_NONE};
    static const unsigned lod_ops[] = {VSMP_SUB_SAMPLE, VSMP_SUB_SAMPLE_D, VSMP_SUB_SAMPLE_B,
                                       VSMP_SUB_SAMPLE_L};
    unsigned bad = 0, n = 0;
    for (unsigned kind = 0; kind < 3; kind++) { /* 2D, 2D array, 3D */
        bool three = kind == 2;
        vsmp_surface_desc d;
        vsmp_surface_desc_init(&d);
        d.format = VSMP_FORMAT_R8G8B8A8_UNORM, d.width = d.height = 16, d.levels = 5;
        if (kind == 0)
            d.width = 32, d.levels = 6;
        if (kind == 1)
            d.array = true, d.array_len = 3;
        if (three)
            d.type = VSMP_SURFTYPE_3D, d.depth = 16;
        vsmp_surface *s = random_surface(&d, &r);
        CHECK(s, "lod16: surface");
        if (!s)
            return;
        const char *want = three ? "sample_3d_u8x4" : "sample_mip_u8x4";
        for (unsigned k = 0; k < 24; k++) {
            vsmp_sampler_state st;
            vsmp_sampler_state_init(&st);
            st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
            st.mip_filter = mips[k % 3];
            st.lod_preclamp = k / 3 % 2 ? VSMP_PRECLAMP_OGL : VSMP_PRECLAMP_NONE;
            st.mag_mipnone = k / 6 % 2;
            if (k / 12) /* a bias, and the LOD clamped inside the levels */
                st.lod_bias = 0.75f, st.min_lod = 0.5f, st.max_lod = 2.25f;
            for (unsigned a = 0; a < 3; a++)
                st.address[a] = (k >> a) & 1 ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP;
            for (unsigned oi = 0; oi < 4; oi++) {
                unsigned op = lod_ops[oi];
                bool grad = op == VSMP_SUB_SAMPLE_D, given = op == VSMP_SUB_SAMPLE_L;
                vsmp_plan *p = NULL;
                CHECK(!vsmp_plan_create_cpu(s, &st, op, cpu, &p, NULL), "lod16: plan");
                if (!p)
                    continue;
                /* (2D without mips: the flat kernel, the LOD unused) */
                if (cpu & VSMP_CPU_AVX2 && (three || st.mip_filter != VSMP_MIPFILTER_NONE))
                    CHECK(p->fast_name && strstr(p->fast_name, want),
                          "lod16: cpu %#x kind %u op %u: kernel %s", cpu, kind, op,
                          p->fast_name ? p->fast_name : "none");
                for (unsigned j = 0; j < 24; j++) {
                    uint32_t c[3][16], dv[6][16], x16[16];
                    /* implicit: quads a random step apart, 2^-6 to 2^5 texels a pixel */
                    float step = ldexpf(1.0f + sc_unit(&r), (int)sc_below(&r, 12) - 6) / 16.0f;
                    for (unsigned l = 0; l < 16; l++) {
                        float x = (float)((l >> 2) * 2 + (l & 1)), y = (float)(l >> 1 & 1);
                        for (unsigned a = 0; a < 3; a++) {
                            float o = sc_unit(&r) * 1.25f - 0.125f;
                            c[a][l] = sc_fbits(grad || given ? o
                                                             : 0.5f + step * (a == 1 ? y : x) *
                                                                          (float)(a + 1));
                        }
                        if (kind == 1) /* layers -1 to 4: rounded and clamped to 0..2 */
                            c[2][l] = sc_fbits(sc_unit(&r) * 5.0f - 1.0f);
                        for (unsigned q = 0; q < 6; q++) {
                            float g = ldexpf(sc_unit(&r) - 0.5f, (int)sc_below(&r, 12) - 6) / 16.0f;
                            dv[q][l] = sc_fbits(sc_below(&r, 10) ? g : sp[sc_below(&r, 9)]);
                        }
                        /* sample_l's LOD over the levels and past them; sample_b's bias past
                         * its clamp */
                        float e = given ? sc_unit(&r) * 8.0f - 1.5f : sc_unit(&r) * 40.0f - 20.0f;
                        x16[l] = sc_fbits(sc_below(&r, 10) ? e : sp[sc_below(&r, 9)]);
                    }
                    if (!grad && !given && j % 4 == 3) /* a special coordinate: its quad's LOD */
                        c[sc_below(&r, three ? 3 : 2)][sc_below(&r, 16)] =
                            sc_fbits(sp[sc_below(&r, 9)]);
                    vsmp_message m;
                    memset(&m, 0, sizeof(m));
                    m.simd = 16, m.mask = 0xffff;
                    m.param[VSMP_P_U] = c[0], m.param[VSMP_P_V] = c[1];
                    if (kind)
                        m.param[VSMP_P_R] = c[2];
                    if (grad) {
                        m.param[VSMP_P_DUDX] = dv[0], m.param[VSMP_P_DVDX] = dv[1];
                        m.param[VSMP_P_DUDY] = dv[3], m.param[VSMP_P_DVDY] = dv[4];
                        if (three)
                            m.param[VSMP_P_DRDX] = dv[2], m.param[VSMP_P_DRDY] = dv[5];
                    }
                    if (op == VSMP_SUB_SAMPLE_B)
                        m.param[VSMP_P_BIAS] = x16;
                    if (given)
                        m.param[VSMP_P_LOD] = x16;
                    vsmp_result got, ref;
                    n++;
                    if (!same_as_reference(p, &m, &got, &ref) && bad++ < 4)
                        fprintf(stderr,
                                "  lod16: surface kind %u, op %u, state %u, message %u: kernel %s "
                                "differs\n",
                                kind, op, k, j, p->fast_name);
                }
                vsmp_plan_free(p);
            }
        }
        vsmp_surface_free(s);
    }
    CHECK(!bad, "lod16: cpu %#x: %u of %u messages differ from the reference", cpu, bad, n);
}

/* Anisotropic filtering of SIMD16 messages of every lane on RGBA8 and BGRA8 2D surfaces and
 * arrays in WRAP and CLAMP (at the AVX-512 level both groups' taps filtered 16 lanes at once:
 * sample_avx2.c's aniso16_u8x4; the other levels' sample_body alike): derivatives of a random
 * major axis and ratio (1 to 24 taps, clamped to the maximum anisotropy; magnified lanes of one
 * tap among them), given (sample_d) or each quad's (sample, sample_b), sample_l's one tap, now
 * and then a special derivative (NaN, infinite, 0: one tap, or the reference's NaN ratio), under
 * each mip filter, both preclamps, MIPNONE magnification, a bias and LOD clamps. */
static void aniso16(unsigned cpu)
{
    sc_rng r = {0xa4150016ull, NULL, 0};
    static const float sp[] = {0.0f, -0.0f, NAN, INFINITY, -INFINITY, 3e38f};
    static const uint8_t mips[] = {VSMP_MIPFILTER_LINEAR, VSMP_MIPFILTER_NEAREST,
                                   VSMP_MIPFILTER_NONE};
    static const unsigned aops[] = {VSMP_SUB_SAMPLE_D, VSMP_SUB_SAMPLE, VSMP_SUB_SAMPLE_B,
                                    VSMP_SUB_SAMPLE_L};
    unsigned bad = 0, n = 0;
    for (unsigned kind = 0; kind < 2; kind++) { /* 2D RGBA8, 2D array of BGRA8 */
        vsmp_surface_desc d;
        vsmp_surface_desc_init(&d);
        d.format = kind ? VSMP_FORMAT_B8G8R8A8_UNORM : VSMP_FORMAT_R8G8B8A8_UNORM;
        d.width = 64, d.height = 32, d.levels = 7;
        if (kind)
            d.width = d.height = 16, d.levels = 5, d.array = true, d.array_len = 3;
        vsmp_surface *s = random_surface(&d, &r);
        CHECK(s, "aniso16: surface");
        if (!s)
            return;
        for (unsigned k = 0; k < 24; k++) {
            vsmp_sampler_state st;
            vsmp_sampler_state_init(&st);
            st.min_filter = VSMP_FILTER_ANISOTROPIC, st.mag_filter = VSMP_FILTER_LINEAR;
            st.mip_filter = mips[k % 3];
            st.max_aniso = (uint8_t)(k % 4 == 3 ? 2 + sc_below(&r, 15) : 16);
            st.lod_preclamp = k / 3 % 2 ? VSMP_PRECLAMP_OGL : VSMP_PRECLAMP_NONE;
            st.mag_mipnone = k / 6 % 2;
            if (k / 12) /* a bias, and the LOD clamped inside the levels */
                st.lod_bias = 0.75f, st.min_lod = 0.5f, st.max_lod = 3.25f;
            for (unsigned a = 0; a < 2; a++)
                st.address[a] = (k + kind) >> a & 1 ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP;
            for (unsigned oi = 0; oi < 4; oi++) {
                unsigned op = aops[oi];
                bool grad = op == VSMP_SUB_SAMPLE_D, given = op == VSMP_SUB_SAMPLE_L;
                vsmp_plan *p = NULL;
                CHECK(!vsmp_plan_create_cpu(s, &st, op, cpu, &p, NULL), "aniso16: plan");
                if (!p)
                    continue;
                const char *want = cpu & VSMP_CPU_AVX512 ? "sample_2d_avx512"
                                   : cpu & VSMP_CPU_AVX2 ? "sample_2d_avx2"
                                                         : NULL;
                if (want)
                    CHECK(p->fast_name && !strcmp(p->fast_name, want),
                          "aniso16: cpu %#x op %u: kernel %s", cpu, op,
                          p->fast_name ? p->fast_name : "none");
                for (unsigned j = 0; j < 16; j++) {
                    uint32_t c[3][16], dv[4][16], x16[16];
                    float q[4][4]; /* each quad's (or lane's) major and minor axes */
                    float fu[16], fv[16];
                    for (unsigned l = 0; l < 16; l++) {
                        bool fresh = grad || l % 4 == 0;
                        if (fresh) {
                            float len = ldexpf(1.0f + sc_unit(&r), (int)sc_below(&r, 10) - 3);
                            float ratio = 1.0f + 23.0f * sc_unit(&r), t = 6.2831853f * sc_unit(&r);
                            float ca = cosf(t) * len, sa = sinf(t) * len;
                            bool swap = sc_below(&r, 2);
                            q[l / 4][swap ? 2 : 0] = ca / (float)d.width;
                            q[l / 4][swap ? 3 : 1] = sa / (float)d.height;
                            q[l / 4][swap ? 0 : 2] = -sa / ratio / (float)d.width;
                            q[l / 4][swap ? 1 : 3] = ca / ratio / (float)d.height;
                        }
                        const float *a = q[l / 4];
                        float x = (float)(l & 1), y = (float)(l >> 1 & 1);
                        float u0 = sc_unit(&r) * 1.5f - 0.25f, v0 = sc_unit(&r) * 1.5f - 0.25f;
                        if (!grad && l % 4) /* the quad's lane 0 plus its derivatives */
                            u0 = fu[l - l % 4] + a[0] * x + a[2] * y,
                            v0 = fv[l - l % 4] + a[1] * x + a[3] * y;
                        fu[l] = u0, fv[l] = v0;
                        c[0][l] = sc_fbits(u0), c[1][l] = sc_fbits(v0);
                        c[2][l] = sc_fbits(sc_unit(&r) * 4.0f - 0.5f); /* arrays: the layer */
                        for (unsigned e = 0; e < 4; e++)
                            dv[e][l] = sc_fbits(sc_below(&r, 24) ? a[e] : sp[sc_below(&r, 6)]);
                        float e = given ? sc_unit(&r) * 8.0f - 1.5f : sc_unit(&r) * 6.0f - 3.0f;
                        x16[l] = sc_fbits(e);
                    }
                    vsmp_message m;
                    memset(&m, 0, sizeof(m));
                    m.simd = 16, m.mask = 0xffff;
                    m.param[VSMP_P_U] = c[0], m.param[VSMP_P_V] = c[1];
                    if (kind)
                        m.param[VSMP_P_R] = c[2];
                    if (grad) {
                        m.param[VSMP_P_DUDX] = dv[0], m.param[VSMP_P_DVDX] = dv[1];
                        m.param[VSMP_P_DUDY] = dv[2], m.param[VSMP_P_DVDY] = dv[3];
                    }
                    if (op == VSMP_SUB_SAMPLE_B)
                        m.param[VSMP_P_BIAS] = x16;
                    if (given)
                        m.param[VSMP_P_LOD] = x16;
                    vsmp_result got, ref;
                    n++;
                    if (!same_as_reference(p, &m, &got, &ref) && bad++ < 4)
                        fprintf(stderr,
                                "  aniso16: surface kind %u, op %u, state %u, message %u: "
                                "kernel %s differs\n",
                                kind, op, k, j, p->fast_name);
                }
                vsmp_plan_free(p);
            }
        }
        vsmp_surface_free(s);
    }
    CHECK(!bad, "aniso16: cpu %#x: %u of %u messages differ from the reference", cpu, bad, n);
}

/* The kernels the AVX-512 level takes for 8-bit texels by table and for 3D RGBA8 surfaces (the
 * AVX2 kernels where they measured faster: src/sample/fast/table.c). */
#define LUT8_AVX512_FLAT "sample_flat_lut8_avx2"
#define LUT8_AVX512_MIP  "sample_mip_lut8_avx2"
#define U8X4_AVX512_3D   "sample_3d_u8x4_avx512"

/* The kernels with a gather form (table.c's gather_forms): their names when VSMP_CPU_GATHER
 * forces it are these with "_gather" appended. */
static const char *const gathered[] = {"sample_3d_u8x4_avx512", "sample_mip_u8x4_avx2",
                                       "sample_3d_u8x4_avx2", "sample_flat_u8x4_avx2"};

/* The table kernels, whose rows name their gather form: their names when VSMP_CPU_SCALAR forces
 * their scalar-load form are these with "_scalar" appended. */
static const char *const scalared[] = {"sample_flat_lut8_avx2", "sample_mip_lut8_avx2"};

/* A tally's count of kernel name n. */
static unsigned tally_of(const char *n)
{
    for (int i = 0; i < NTALLY && tallies[i].name; i++)
        if (!strcmp(tallies[i].name, n))
            return tallies[i].n;
    return 0;
}

/* A tally's count of kernel name n, or of its other form when the forced form (gather, else
 * scalar loads) is not the one n names; n itself must then not have been chosen. */
static unsigned reached(const char *n, bool gather)
{
    const char *const *other = gather ? gathered : scalared;
    size_t k =
        gather ? sizeof(gathered) / sizeof(gathered[0]) : sizeof(scalared) / sizeof(scalared[0]);
    for (size_t i = 0; i < k; i++)
        if (!strcmp(n, other[i])) {
            char f[64];
            snprintf(f, sizeof(f), "%s_%s", n, gather ? "gather" : "scalar");
            CHECK(tally_of(n) == 0, "%s chosen with the %s form forced", n, f);
            return tally_of(f);
        }
    return tally_of(n);
}

int main(int argc, char **argv)
{
    unsigned cases = argc > 1 ? (unsigned)atoi(argv[1]) : 12000;
    const char *ask = argc > 2 ? argv[2] : "c,avx2,avx512";
    const char *loads = argc > 3 ? argv[3] : "both";
    unsigned forms[2], nform = 0;
    if (strcmp(loads, "gather"))
        forms[nform++] = VSMP_CPU_SCALAR;
    if (strcmp(loads, "scalar"))
        forms[nform++] = VSMP_CPU_GATHER;
    unsigned levels[3], nlev = 0, nask = 0, have = vsmp_cpu_flags();
    for (unsigned i = 0; i < 3; i++) {
        const char *n = kit_levels[i].name;
        if (!kit_level_asked(ask, n))
            continue;
        nask++;
        if ((have & kit_levels[i].cpu) == kit_levels[i].cpu)
            levels[nlev++] = kit_levels[i].cpu;
        else
            printf("SKIP: level %s not tested: this CPU or build lacks it (flags %#x)\n", n, have);
    }
    if (!nask) {
        fprintf(stderr, "test_fastpath: no level in \"%s\" (c, avx2, avx512)\n", ask);
        return 2;
    }
    if (!nlev)
        return 77;
    for (unsigned lf = 0; lf < nlev * nform; lf++) {
        unsigned li = lf / nform, cpu = levels[li] | forms[lf % nform];
        bool gather = forms[lf % nform] == VSMP_CPU_GATHER;
        if (gather && !(cpu & VSMP_CPU_AVX2)) /* the C level has one form */
            continue;
        every_byte(cpu);
        every_u16(cpu);
        flat16_shapes(cpu);
        flat16_edges(cpu, false);
        flat16_edges(cpu, true);
        flat16_wrap_quads(cpu);
        flat16_clamp_top(cpu);
        ld16_shapes(cpu);
        plan_kernels(cpu);
        coherent_lanes(cpu);
        lod16(cpu);
        mip16_shared(cpu);
        aniso16(cpu);
        memset(tallies, 0, sizeof(tallies));
        for (unsigned k = 0; k < cases; k++)
            run_case(0x5eed0000ull + k, cpu, 0);
        for (unsigned k = 0; k < cases; k++)
            run_case(0xf1a70000ull + k, cpu, 1);
        for (unsigned k = 0; k < cases / 5; k++)
            run_case(0x0b8e0000ull + k, cpu, 2);
        for (unsigned k = 0; k < cases / 5; k++)
            run_case(0x16b10000ull + k, cpu, 3);
        for (unsigned k = 0; k < cases / 5; k++)
            run_case(0xf4f40000ull + k, cpu, 4);
        printf("cpu flags %#x:", cpu);
        for (int i = 0; i < NTALLY && tallies[i].name; i++)
            printf(" %s %u", tallies[i].name, tallies[i].n);
        printf("\n");
        /* every kernel of this level is reached */
        const char *want[16] = {"sample_c", "ld_2d_c", "sample_cube_c", NULL};
        if (levels[li] & VSMP_CPU_AVX512) /* flat RGBA8 and R8, float texels: the AVX2 kernels */
            want[3] = "sample_2d_avx512", want[4] = "ld_2d_unorm8_avx512",
            want[5] = "sample_cube_avx512", want[6] = "sample_flat_u8x4_avx512",
            want[7] = "sample_mip_u8x4_avx512", want[8] = "sample_bc1_avx512",
            want[9] = "ld_2d_avx512", want[10] = LUT8_AVX512_FLAT, want[11] = LUT8_AVX512_MIP,
            want[12] = U8X4_AVX512_3D, want[13] = "sample_flat_r8_avx512",
            want[14] = "sample_flat_r16_avx512", want[15] = "sample_flat_f4_avx2";
        else if (levels[li] & VSMP_CPU_AVX2)
            want[3] = "sample_2d_avx2", want[4] = "ld_2d_unorm8_avx2", want[5] = "sample_cube_avx2",
            want[6] = "sample_flat_u8x4_avx2", want[7] = "sample_mip_u8x4_avx2",
            want[8] = "sample_bc1_avx2", want[9] = "ld_2d_avx2", want[10] = "sample_flat_lut8_avx2",
            want[11] = "sample_mip_lut8_avx2", want[12] = "sample_3d_u8x4_avx2",
            want[13] = "sample_flat_r8_avx2", want[14] = "sample_flat_r16_avx2",
            want[15] = "sample_flat_f4_avx2";
        for (int w = 0; w < 16 && want[w]; w++) {
            unsigned n = reached(want[w], gather);
            CHECK(n >= cases / 100, "cpu %#x: %s%s reached by %u cases", cpu, want[w],
                  gather ? " (gather form)" : " (scalar-load form)", n);
        }
    }
    return t_finish();
}
