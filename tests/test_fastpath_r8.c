/* SPDX-License-Identifier: MIT */
/*
 * Point and bilinear sampling of one 8-bit channel in a 1-byte texel (R8, A8, R8_SNORM) and of
 * four in a 4-byte texel (RGBA8, BGRA8) through the flat kernels, against the reference word for
 * word at every CPU level this machine has (c, avx2, avx512): above all the AVX2 level's 16-lane
 * kernels (sample_avx2_r8.c; sample_avx2_pt.c's RGBA8 point), which take SIMD16 messages with
 * every lane on whose (first) texels are a run of 16 or two rows of 8 (quads, or two runs of 8)
 * and send the rest to the 8-lane kernel. Messages in those shapes and in shapes one
 * lane off them (a lane a row below, two lanes swapped, a quad's lane a column on, the second row
 * of 8 two rows below, a run backwards, every lane on one texel, a run's lane 0 a texel back:
 * at column 0 plus a fraction, its coordinate's truncation, not its floor, a run's), at texel
 * centres and edges, inside the level, across its edges and off it (CLAMP_BORDER: whole messages
 * off it, or partly),
 * with a lane at NaN, an infinity, a huge value or -0, partial, SIMD8 and SIMD32; on a 37x11 level
 * (no power of two), 64x8 (WRAP) and 16x2 (a run the level's width, two rows its height), arrays
 * too; every pair of axis modes, normalized and unnormalized coordinates, a border colour with a
 * negative zero. And the AVX2 level's choice: the plans of R8 and A8 on 2D surfaces, point or
 * bilinear without a CLAMP_BORDER axis, name a kernel of their own (each its own), the rest
 * (bilinear CLAMP_BORDER, arrays, R8_SNORM) the 8-lane family's entry, under the one name
 * sample_flat_r8_avx2; the point plans of RGBA8 on 2D surfaces a kernel of their own for each
 * pair of modes and load form, bilinear and arrays the family's entry of their form.
 *
 * usage: test_fastpath_r8 [MESSAGES_PER_PLAN]
 */
#include <stdio.h>

#include "fastpath_kit.h"
#include "testlib.h"

enum {
    SH_RUN,     /* lane k at column k of one row */
    SH_QUADS,   /* four 2x2 quads side by side */
    SH_ROWS,    /* lanes 0-7 and 8-15 along two rows */
    SH_RUN_9,   /* a run, lane 9 a row below */
    SH_RUN_56,  /* a run, lanes 5 and 6 swapped */
    SH_QUAD_3,  /* quads, lane 3 a column on */
    SH_ROWS_2,  /* rows of 8, the second two rows below */
    SH_RUN_ODD, /* a run, one lane at a special value */
    SH_SAME,    /* every lane on one texel */
    SH_BACK,    /* a run backwards */
    SH_LANE0,   /* a run, lane 0 a texel back (its coordinate's truncation a run's) */
    SH_N
};

static const char *const shape_names[SH_N] = {"run",
                                              "quads",
                                              "rows of 8",
                                              "run, lane 9 below",
                                              "run, lanes 5 and 6 swapped",
                                              "quads, lane 3 on",
                                              "rows of 8 apart",
                                              "run, one lane special",
                                              "one texel",
                                              "run backwards",
                                              "run, lane 0 back"};

/* Lane k's texel (column, row) from the message's origin in a shape. */
static void shape_at(unsigned shape, unsigned k, int *dx, int *dy)
{
    unsigned q = shape == SH_QUADS || shape == SH_QUAD_3,
             rows = shape == SH_ROWS || shape == SH_ROWS_2;
    *dx = q ? (int)((k >> 2) * 2 + (k & 1)) : rows ? (int)(k & 7) : (int)k;
    *dy = q ? (int)(k >> 1 & 1) : rows ? (int)(k >> 3) * (shape == SH_ROWS_2 ? 2 : 1) : 0;
    if (shape == SH_RUN_9 && k == 9)
        *dy = 1;
    if (shape == SH_RUN_56 && (k == 5 || k == 6))
        *dx = 11 - (int)k;
    if (shape == SH_QUAD_3 && k == 3)
        *dx = 2;
    if (shape == SH_SAME)
        *dx = 0;
    if (shape == SH_BACK)
        *dx = 15 - (int)k;
    if (shape == SH_LANE0 && k == 0)
        *dx = -1;
}

/* An origin along an axis of @p n texels: inside (most often, so that whole shapes fit), or on,
 * across and off its edges. */
static float origin(sc_rng *r, uint32_t n, int span)
{
    const int edge[] = {-40,
                        -17,
                        -9,
                        -2,
                        -1,
                        0,
                        1,
                        (int)n - span - 1,
                        (int)n - span,
                        (int)n - span + 1,
                        (int)n - 1,
                        (int)n,
                        (int)n + 5};
    if (sc_below(r, 2) && (int)n > span)
        return (float)sc_below(r, n - (uint32_t)span + 1);
    return (float)edge[sc_below(r, sizeof(edge) / sizeof(edge[0]))];
}

static unsigned bad, total, fit;

/* Random messages through plan p (a level of w x h texels), each compared with the reference. */
static void messages(vsmp_plan *p, sc_rng *r, uint32_t w, uint32_t h, bool nn, unsigned n,
                     const char *what)
{
    static const float odd[] = {NAN,    INFINITY,      -INFINITY,      1e30f,
                                -1e30f, 2147483648.0f, -2147483648.0f, -0.0f};
    for (unsigned j = 0; j < n; j++) {
        unsigned shape = sc_below(r, SH_N);
        float x0 = origin(r, w, 16), y0 = origin(r, h, shape == SH_ROWS_2 ? 3 : 2);
        const float fr[] = {0.0f, 0.5f, 0x1.fffffep-1f, sc_unit(r)};
        float fx = fr[sc_below(r, 4)], fy = fr[sc_below(r, 4)];
        unsigned form = sc_below(r, 10); /* SIMD16 whole, else partial, SIMD8 or SIMD32 */
        unsigned simd = form == 8 ? 8 : form == 9 ? 32 : 16;
        uint32_t u[32], v[32];
        unsigned lane_odd = sc_below(r, simd);
        bool inside = true;
        for (unsigned l = 0; l < simd; l++) {
            int dx, dy;
            shape_at(shape, l % 16, &dx, &dy);
            float x = x0 + fx + (float)(dx + (int)(l / 16) * 16), y = y0 + fy + (float)dy;
            inside = inside && x >= 0 && x < (float)w && y >= 0 && y < (float)h;
            if (!nn)
                x /= (float)w, y /= (float)h;
            if (shape == SH_RUN_ODD && l == lane_odd)
                x = odd[sc_below(r, sizeof(odd) / sizeof(odd[0]))];
            u[l] = sc_fbits(x), v[l] = sc_fbits(y);
        }
        vsmp_message m = uv_message(simd, u, v);
        if (form == 7) /* partial: a random lane off */
            m.mask &= ~(1u << sc_below(r, 16));
        fit += inside && simd == 16 && form != 7 && shape <= SH_ROWS;
        vsmp_result got, want;
        total++;
        if (!same_as_reference(p, &m, &got, &want) && bad++ < 6)
            fprintf(stderr, "  %s: %s SIMD%u mask %#x at (%g, %g)%s: kernel %s differs\n", what,
                    shape_names[shape], simd, m.mask, (double)(x0 + fx), (double)(y0 + fy),
                    nn ? " unnormalized" : "", p->fast_name);
    }
}

/* Every plan of the sizes, formats, modes and coordinates above at one level. */
static void identity(unsigned cpu, const char *level, unsigned n)
{
    static const vsmp_format fmts[] = {VSMP_FORMAT_R8_UNORM, VSMP_FORMAT_A8_UNORM,
                                       VSMP_FORMAT_R8_SNORM, VSMP_FORMAT_R8G8B8A8_UNORM,
                                       VSMP_FORMAT_B8G8R8A8_UNORM};
    static const struct {
        uint32_t w, h;
        bool array;
    } sizes[] = {{37, 11, false}, {64, 8, false}, {16, 2, false}, {64, 8, true}};
    sc_rng r = {0x5a8b16ull, NULL, 0};
    bad = total = fit = 0;
    for (unsigned fi = 0; fi < sizeof(fmts) / sizeof(fmts[0]); fi++)
        for (unsigned si = 0; si < 4; si++) {
            uint32_t w = sizes[si].w, h = sizes[si].h;
            bool pow2 = !(w & (w - 1)) && !(h & (h - 1));
            vsmp_surface *s = kit_surface(&r, fmts[fi], w, h, sizes[si].array);
            CHECK(s, "surface");
            for (unsigned kind = 0; s && kind < 18; kind++)
                for (unsigned nn = 0; nn < 2; nn++) {
                    unsigned mk = kind % 9;
                    if (!pow2 && (mk / 3 == 1 || mk % 3 == 1)) /* WRAP: powers of two */
                        continue;
                    vsmp_sampler_state st = kit_state(mk, kind >= 9, nn);
                    vsmp_plan *p = NULL;
                    CHECK(!vsmp_plan_create_cpu(s, &st, VSMP_SUB_SAMPLE_LZ, cpu, &p, NULL), "plan");
                    char what[96];
                    snprintf(what, sizeof(what), "%s %s %ux%u%s %s modes %u %u", level,
                             vsmp_format_get(fmts[fi])->name, w, h, sizes[si].array ? " array" : "",
                             kind >= 9 ? "linear" : "nearest", st.address[0], st.address[1]);
                    if (p)
                        messages(p, &r, w, h, nn, n, what);
                    vsmp_plan_free(p);
                }
            vsmp_surface_free(s);
        }
    printf("%s: %u messages, %u whole shapes inside the level\n", level, total, fit);
    CHECK(!bad, "%s: %u of %u messages differ from the reference", level, bad, total);
    /* the shapes the 16-lane kernels take, whole inside the level, are a good share */
    CHECK(fit >= total / 40, "%s: %u of %u messages whole shapes inside", level, fit, total);
}

/* The AVX2 level's choice: a kernel of its own for R8 and A8 plans on 2D surfaces, per filter and
 * pair of modes (bilinear: no CLAMP_BORDER axis); the 8-lane family's entry (R8_SNORM's kernel)
 * for the rest. */
static void choice(unsigned cpu)
{
    sc_rng r = {0xc401ceull, NULL, 0};
    vsmp_surface *r8 = kit_surface(&r, VSMP_FORMAT_R8_UNORM, 64, 8, false);
    vsmp_surface *a8 = kit_surface(&r, VSMP_FORMAT_A8_UNORM, 64, 8, false);
    vsmp_surface *sn = kit_surface(&r, VSMP_FORMAT_R8_SNORM, 64, 8, false);
    vsmp_surface *ar = kit_surface(&r, VSMP_FORMAT_R8_UNORM, 64, 8, true);
    CHECK(r8 && a8 && sn && ar, "choice: surfaces");
    vsmp_kernel seen[18] = {NULL};
    for (unsigned kind = 0; r8 && a8 && sn && ar && kind < 18; kind++) {
        bool linear = kind >= 9;
        vsmp_sampler_state st = kit_state(kind % 9, linear, kind % 2);
        vsmp_plan *p[4] = {NULL, NULL, NULL, NULL};
        vsmp_surface *s[4] = {r8, a8, sn, ar};
        for (int i = 0; i < 4; i++)
            CHECK(!vsmp_plan_create_cpu(s[i], &st, VSMP_SUB_SAMPLE_LZ, cpu, &p[i], NULL),
                  "choice: plan");
        if (p[0] && p[1] && p[2] && p[3]) {
            for (int i = 0; i < 4; i++)
                CHECK(!strcmp(p[i]->fast_name, "sample_flat_r8_avx2"), "choice: %u %d: %s", kind, i,
                      p[i]->fast_name);
            vsmp_kernel entry = p[2]->fast;
            bool own = !linear || (kind % 9 / 3 != 2 && kind % 3 != 2); /* no CLAMP_BORDER */
            CHECK((p[0]->fast != entry) == own, "choice: R8 kind %u", kind);
            CHECK((p[1]->fast != entry) == own, "choice: A8 kind %u", kind);
            CHECK(!own || p[0]->fast != p[1]->fast, "choice: R8 and A8 kind %u apart", kind);
            CHECK(p[3]->fast == entry, "choice: array kind %u", kind);
            for (unsigned k = 0; own && k < kind; k++)
                CHECK(seen[k] != p[0]->fast, "choice: kinds %u and %u apart", k, kind);
            if (own)
                seen[kind] = p[0]->fast;
        }
        for (int i = 0; i < 4; i++)
            vsmp_plan_free(p[i]);
    }
    vsmp_surface_free(r8), vsmp_surface_free(a8), vsmp_surface_free(sn), vsmp_surface_free(ar);
}

/* The AVX2 level's choice for RGBA8: the point plans on 2D surfaces a kernel of their own for each
 * pair of modes and each load form (scalar loads, gathers), not the family's entry; arrays the
 * entry of their form (the plans' name that of the family's form either way). The bilinear plans
 * on 2D surfaces have 16-lane kernels of their own too: test_fastpath_bil checks those. */
static void choice_u8x4(unsigned cpu)
{
    sc_rng r = {0xc4a8f4ull, NULL, 0};
    vsmp_surface *flat = kit_surface(&r, VSMP_FORMAT_R8G8B8A8_UNORM, 64, 8, false);
    vsmp_surface *ar = kit_surface(&r, VSMP_FORMAT_R8G8B8A8_UNORM, 64, 8, true);
    CHECK(flat && ar, "choice_u8x4: surfaces");
    static const unsigned form[2] = {VSMP_CPU_SCALAR, VSMP_CPU_GATHER};
    static const char *const name[2] = {"sample_flat_u8x4_avx2", "sample_flat_u8x4_avx2_gather"};
    vsmp_kernel seen[2][9] = {{NULL}};
    for (unsigned kind = 0; flat && ar && kind < 18; kind++)
        for (unsigned f = 0; f < 2; f++) {
            vsmp_sampler_state st = kit_state(kind % 9, kind >= 9, false);
            vsmp_plan *p = NULL, *a = NULL, *e = NULL;
            vsmp_sampler_state bil = kit_state(0, true, false); /* an array's: the family's entry */
            CHECK(!vsmp_plan_create_cpu(flat, &st, VSMP_SUB_SAMPLE_LZ, cpu | form[f], &p, NULL) &&
                      !vsmp_plan_create_cpu(ar, &st, VSMP_SUB_SAMPLE_LZ, cpu | form[f], &a, NULL) &&
                      !vsmp_plan_create_cpu(ar, &bil, VSMP_SUB_SAMPLE_LZ, cpu | form[f], &e, NULL),
                  "choice_u8x4: plans");
            if (p && a && e) {
                CHECK(!strcmp(p->fast_name, name[f]) && !strcmp(a->fast_name, name[f]),
                      "choice_u8x4: kind %u form %u: %s %s", kind, f, p->fast_name, a->fast_name);
                CHECK(a->fast == e->fast, "choice_u8x4: array kind %u form %u", kind, f);
                CHECK(kind >= 9 || p->fast != e->fast, "choice_u8x4: kind %u form %u", kind, f);
                for (unsigned k = 0; kind < 9 && k < kind; k++)
                    CHECK(seen[f][k] != p->fast, "choice_u8x4: kinds %u and %u apart", k, kind);
                CHECK(kind >= 9 || f == 0 || seen[0][kind] != p->fast,
                      "choice_u8x4: kind %u: the forms apart", kind);
                if (kind < 9)
                    seen[f][kind] = p->fast;
            }
            vsmp_plan_free(p), vsmp_plan_free(a), vsmp_plan_free(e);
        }
    vsmp_surface_free(flat), vsmp_surface_free(ar);
}

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 200, have = vsmp_cpu_flags();
    for (unsigned i = 0; i < 3; i++) {
        if ((have & kit_levels[i].cpu) != kit_levels[i].cpu) {
            printf("SKIP: level %s not tested: this CPU or build lacks it (flags %#x)\n",
                   kit_levels[i].name, have);
            continue;
        }
        identity(kit_levels[i].cpu, kit_levels[i].name, n);
        if (kit_levels[i].cpu == (VSMP_CPU_C | VSMP_CPU_AVX2))
            choice(kit_levels[i].cpu), choice_u8x4(kit_levels[i].cpu);
    }
    return t_finish();
}
