/* SPDX-License-Identifier: MIT */
/*
 * ld of four 8-bit channels in 16 lanes (the AVX-512 level's: sample_avx512_flat.c's ld kernels;
 * the AVX2 level's: sample_avx2_u8.c's RGBA8 and sample_avx2_ld8i.c's UINT and SINT) against the
 * reference, word for word, at every CPU level this machine has: messages whose coordinates are
 * each of the shapes the kernels test on the coordinates (four 2x2 quads, a run of 16, two rows of
 * 8) at every edge of the level (the shape's first and last texel each just inside and just
 * outside it, at 0 and at w or h, and coordinates that wrap past 2^32), and the same shapes with
 * one lane's u or v one off (not the shape: the kernels' other paths), for ld and ld_lz,
 * SIMD16 and SIMD32, UNORM and integer formats, power-of-two pitches and others, and mip views.
 *
 * usage: test_fastpath_ld16 [LEVELS] (a comma-separated list of c, avx2 and avx512: default all;
 * a level this machine lacks is skipped, exit status 77 when every one is)
 */
#include <stdio.h>

#include "fastpath_kit.h"
#include "testlib.h"

enum { QUADS, RUN, ROWS8 };

/* Lane l's column and row past lane 0's in shape @p s. */
static void lane_at(unsigned s, unsigned l, uint32_t *dx, uint32_t *dy)
{
    *dx = s == QUADS ? 2 * (l / 4) + l % 2 : s == RUN ? l : l % 8;
    *dy = s == QUADS ? l / 2 % 2 : s == RUN ? 0 : l / 8;
}

typedef struct tally {
    unsigned n, bad;
} tally;

/* One message of @p simd lanes in shape s from (x0, y0) (a SIMD32 message's second half 16
 * columns on), lane @p odd's u (axis 0), v (axis 1) or LOD (axis 2) one more when odd < simd. */
static void one(vsmp_plan *p, unsigned s, unsigned simd, uint32_t x0, uint32_t y0, unsigned odd,
                unsigned axis, tally *t, const char *what)
{
    /* axis 2: lane odd's LOD 1 (ld: the lane reads level 1 of the view; ld_lz: ignored) */
    uint32_t u[32], v[32], lod[32] = {0};
    for (unsigned l = 0; l < simd; l++) {
        uint32_t dx, dy;
        lane_at(s, l % 16, &dx, &dy);
        u[l] = x0 + dx + l / 16 * 16, v[l] = y0 + dy;
    }
    if (odd < simd)
        (axis == 2 ? lod : axis ? v : u)[odd]++;
    vsmp_message m = uv_message(simd, u, v);
    m.param[VSMP_P_LOD] = lod;
    vsmp_result got, want;
    t->n++;
    if (!same_as_reference(p, &m, &got, &want) && t->bad++ < 4)
        fprintf(stderr,
                "  ld16_edges: %s %s: shape %u SIMD%u at (%u, %u), lane %u axis %u: kernel %s "
                "differs\n",
                what, p->op == VSMP_SUB_LD_LZ ? "ld_lz" : "ld", s, simd, x0, y0, odd, axis,
                p->fast_name);
}

static void ld16_edges(unsigned cpu)
{
    static const vsmp_format f[] = {VSMP_FORMAT_R8G8B8A8_UNORM, VSMP_FORMAT_B8G8R8A8_UNORM,
                                    VSMP_FORMAT_R8G8B8A8_UINT, VSMP_FORMAT_R8G8B8A8_SINT};
    /* sizes: the shapes' extents exactly, pitches of a power of two and not */
    static const uint32_t wh[][2] = {{16, 2}, {8, 2}, {17, 3}, {32, 8}, {40, 5}, {64, 64}};
    sc_rng r = {0x1d16edull, NULL, 0};
    tally t = {0, 0};
    for (unsigned fi = 0; fi < 4; fi++)
        for (unsigned si = 0; si < sizeof(wh) / sizeof(wh[0]); si++)
            for (unsigned view = 0; view < 2; view++) {
                vsmp_surface_desc d;
                vsmp_surface_desc_init(&d);
                d.format = f[fi];
                d.width = wh[si][0] << view, d.height = wh[si][1] << view;
                d.levels = 1 + view, d.min_lod = view;
                vsmp_surface *sf = random_surface(&d, &r);
                CHECK(sf, "ld16_edges: surface");
                if (!sf)
                    return;
                const char *name = vsmp_format_get(d.format)->name;
                uint32_t w = wh[si][0], h = wh[si][1];
                for (unsigned o = 0; o < 2; o++) {
                    vsmp_sampler_state st;
                    vsmp_sampler_state_init(&st);
                    vsmp_plan *p = NULL;
                    CHECK(!vsmp_plan_create_cpu(sf, &st, o ? VSMP_SUB_LD_LZ : VSMP_SUB_LD, cpu, &p,
                                                NULL),
                          "ld16_edges: plan");
                    if (!p)
                        continue;
                    /* each level's kernel of these shapes (AVX-512's, AVX2's) is compared */
                    bool avx512 = cpu & VSMP_CPU_AVX512;
                    const char *kern = fi < 2   ? (avx512 ? "ld_u8x4_avx512" : "ld_2d_unorm8_avx2")
                                       : avx512 ? "ld_int8x4_avx512"
                                                : "ld_int8x4_avx2";
                    CHECK(!(cpu & VSMP_CPU_AVX2) || !strcmp(p->fast_name, kern),
                          "ld16_edges: %s: kernel %s", name, p->fast_name);
                    for (unsigned s = 0; s < 3; s++) {
                        uint32_t ex = s == RUN ? 15 : 7, ey = s == RUN ? 0 : 1;
                        /* lane 0's column and row: the shape inside, its last texel at the
                         * level's last and one past it, at the level's end, past 2^32 */
                        const uint32_t xs[] = {0,           w - 1 - ex, w - ex,      w - 1, w,
                                               0xffffffffu, 0u - ex,    0x80000000u, w / 2};
                        const uint32_t ys[] = {0, h - 1 - ey,  h - ey, h - 1,
                                               h, 0xffffffffu, 0u - ey};
                        for (unsigned xi = 0; xi < sizeof(xs) / sizeof(xs[0]); xi++)
                            for (unsigned yi = 0; yi < sizeof(ys) / sizeof(ys[0]); yi++)
                                for (unsigned simd = 16; simd <= 32; simd += 16)
                                    one(p, s, simd, xs[xi], ys[yi], 32, 0, &t, name);
                        /* one lane off the shape or at level 1, the rest inside (a SIMD32
                         * message's lane in either half) */
                        for (unsigned l = 0; l < 32; l++)
                            for (unsigned axis = 0; axis < 3; axis++)
                                one(p, s, l < 16 ? 16 : 32, 0, 0, l, axis, &t, name);
                    }
                    vsmp_plan_free(p);
                }
                vsmp_surface_free(sf);
            }
    CHECK(!t.bad, "ld16_edges: cpu %#x: %u of %u messages differ from the reference", cpu, t.bad,
          t.n);
}

int main(int argc, char **argv)
{
    const char *ask = argc > 1 ? argv[1] : "c,avx2,avx512";
    unsigned have = vsmp_cpu_flags(), tested = 0;
    for (unsigned i = 0; i < 3; i++) {
        const char *n = kit_levels[i].name;
        if (!kit_level_asked(ask, n))
            continue;
        if ((have & kit_levels[i].cpu) != kit_levels[i].cpu) {
            printf("SKIP: level %s not tested: this CPU or build lacks it\n", n);
            continue;
        }
        ld16_edges(kit_levels[i].cpu);
        tested++;
    }
    if (!tested)
        return 77;
    return t_finish();
}
