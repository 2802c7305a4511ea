/* SPDX-License-Identifier: MIT */
/*
 * What the fast-path identity tests share (test_fastpath.c, test_fastpath_r8.c,
 * test_fastpath_r16.c, test_fastpath_ld16.c): messages of coordinates, surfaces of random bytes,
 * the word-for-word comparison of a plan's kernel with its reference, and random messages in the
 * 16-lane kernels' shapes and near them.
 */
#ifndef VSMP_FASTPATH_KIT_H
#define VSMP_FASTPATH_KIT_H

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "plan_kernel.h"
#include "sample_cases.h"
#include "sample_internal.h"
#include "testlib.h"

/* A message of @p simd lanes, all on, with coordinates u and v (the rest zero). */
static inline vsmp_message uv_message(unsigned simd, const uint32_t *u, const uint32_t *v)
{
    vsmp_message m;
    memset(&m, 0, sizeof(m));
    m.simd = simd, m.mask = simd == 32 ? 0xffffffffu : 0xffffu;
    m.param[VSMP_P_U] = u, m.param[VSMP_P_V] = v;
    return m;
}

/* One message through plan p (into *got) and the plan's reference (*want), both filled with 0x5a
 * first: are they the same, word for word? */
static inline bool same_as_reference(vsmp_plan *p, const vsmp_message *m, vsmp_result *got,
                                     vsmp_result *want)
{
    memset(got, 0x5a, sizeof(*got));
    memset(want, 0x5a, sizeof(*want));
    vsmp_plan_run(p, m, got);
    want->null_mask = 0xffffffffu;
    p->run(p, m, want);
    return !memcmp(got, want, sizeof(*got));
}

/* The surface @p d describes, its bytes random; NULL when it cannot be made. */
static inline vsmp_surface *random_surface(const vsmp_surface_desc *d, sc_rng *r)
{
    vsmp_surface *s = NULL;
    if (vsmp_surface_create(d, &s, NULL))
        return NULL;
    const vsmp_surface_desc *ld = vsmp_surface_get_desc(s);
    for (size_t i = 0; i < ld->data_size; i++)
        ((uint8_t *)ld->data)[i] = (uint8_t)sc_u32(r);
    return s;
}

/* A width x height surface of format f, 2D or (array) an array of 2, its bytes random. */
static inline vsmp_surface *kit_surface(sc_rng *r, vsmp_format f, uint32_t w, uint32_t h,
                                        bool array)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = f, d.width = w, d.height = h;
    if (array)
        d.array = true, d.array_len = 2;
    return random_surface(&d, r);
}

/* A sampler of the flat kernels' kind (kernel index 0-8: u mode kind / 3, v mode kind % 3, each
 * CLAMP, WRAP or CLAMP_BORDER), point or bilinear, normalized or not (nn), its border colour with
 * a negative zero. */
static inline vsmp_sampler_state kit_state(unsigned kind, bool linear, bool nn)
{
    static const uint8_t modes[] = {VSMP_TCM_CLAMP, VSMP_TCM_WRAP, VSMP_TCM_CLAMP_BORDER};
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.min_filter = st.mag_filter = (uint8_t)(linear ? VSMP_FILTER_LINEAR : VSMP_FILTER_NEAREST);
    st.address[0] = modes[kind / 3], st.address[1] = modes[kind % 3];
    st.non_normalized = nn;
    st.border.f[0] = -0.0f, st.border.f[1] = 0.25f, st.border.f[2] = 1.0f, st.border.f[3] = 0.5f;
    return st;
}

/* The CPU levels the identity tests take by name (a comma-separated list on their command line). */
static const struct {
    const char *name;
    unsigned cpu;
} kit_levels[] = {{"c", VSMP_CPU_C},
                  {"avx2", VSMP_CPU_C | VSMP_CPU_AVX2},
                  {"avx512", VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512}};

/* Whether @p name is a whole name of the comma-separated list @p ask ("avx2" is not a part of
 * "avx512"). */
static inline bool kit_level_asked(const char *ask, const char *name)
{
    size_t len = strlen(name);
    const char *at = strstr(ask, name);
    while (at && !((at == ask || at[-1] == ',') && (at[len] == ',' || !at[len])))
        at = strstr(at + 1, name);
    return at != NULL;
}

/* ---- messages in the shapes the 16-lane kernels take, and one lane off them ----
 *
 * (test_fastpath_r8.c's and test_fastpath_r16.c's flat kernels.) Shapes of a SIMD16 message's
 * texels: */
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

/* Lane k's texel (column, row) from the message's origin in a shape. */
static inline void kit_shape_at(unsigned shape, unsigned k, int *dx, int *dy)
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
static inline float kit_origin(sc_rng *r, uint32_t n, int span)
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

/* Counts of kit_messages' messages: those unlike the reference's, all, and those whole shapes
 * inside the level (SIMD16, every lane on, a run, quads or rows of 8). */
typedef struct kit_tally {
    unsigned bad, total, fit;
} kit_tally;

/* Random messages through plan p (a level of w x h texels), each compared with the reference
 * (the first few unlike it told on stderr), counted in *t. */
static inline void kit_messages(vsmp_plan *p, sc_rng *r, uint32_t w, uint32_t h, bool nn,
                                unsigned n, const char *what, kit_tally *t)
{
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
    static const float odd[] = {NAN,    INFINITY,      -INFINITY,      1e30f,
                                -1e30f, 2147483648.0f, -2147483648.0f, -0.0f};
    for (unsigned j = 0; j < n; j++) {
        unsigned shape = sc_below(r, SH_N);
        float x0 = kit_origin(r, w, 16), y0 = kit_origin(r, h, shape == SH_ROWS_2 ? 3 : 2);
        const float fr[] = {0.0f, 0.5f, 0x1.fffffep-1f, sc_unit(r)};
        float fx = fr[sc_below(r, 4)], fy = fr[sc_below(r, 4)];
        unsigned form = sc_below(r, 10); /* SIMD16 whole, else partial, SIMD8 or SIMD32 */
        unsigned simd = form == 8 ? 8 : form == 9 ? 32 : 16;
        uint32_t u[32], v[32];
        unsigned lane_odd = sc_below(r, simd);
        bool inside = true;
        for (unsigned l = 0; l < simd; l++) {
            int dx, dy;
            kit_shape_at(shape, l % 16, &dx, &dy);
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
        t->fit += inside && simd == 16 && form != 7 && shape <= SH_ROWS;
        vsmp_result got, want;
        t->total++;
        if (!same_as_reference(p, &m, &got, &want) && t->bad++ < 6)
            fprintf(stderr, "  %s: %s SIMD%u mask %#x at (%g, %g)%s: kernel %s differs\n", what,
                    shape_names[shape], simd, m.mask, (double)(x0 + fx), (double)(y0 + fy),
                    nn ? " unnormalized" : "", p->fast_name);
    }
}

/* Every sample_lz plan of @p fmts (@p nf) at one level (@p cpu, named @p level): surfaces of
 * 37x11 (no power of two), 64x8 (WRAP), 16x2 (a run the level's width, two rows its height) and
 * a 64x8 array, made by @p make from @p seed's stream, every pair of axis modes (WRAP on powers
 * of two), point and bilinear, normalized and unnormalized, each given kit_messages' @p n
 * messages; every result the reference's, and a fair share of whole shapes inside the level. */
typedef vsmp_surface *kit_make_surface(sc_rng *r, vsmp_format f, uint32_t w, uint32_t h,
                                       bool array);
static inline void kit_sweep(unsigned cpu, const char *level, unsigned n, const vsmp_format *fmts,
                             unsigned nf, uint64_t seed, kit_make_surface *make)
{
    static const struct {
        uint32_t w, h;
        bool array;
    } sizes[] = {{37, 11, false}, {64, 8, false}, {16, 2, false}, {64, 8, true}};
    sc_rng r = {seed, NULL, 0};
    kit_tally t = {0, 0, 0};
    for (unsigned fi = 0; fi < nf; fi++)
        for (unsigned si = 0; si < 4; si++) {
            uint32_t w = sizes[si].w, h = sizes[si].h;
            bool pow2 = !(w & (w - 1)) && !(h & (h - 1));
            vsmp_surface *s = make(&r, fmts[fi], w, h, sizes[si].array);
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
                        kit_messages(p, &r, w, h, nn, n, what, &t);
                    vsmp_plan_free(p);
                }
            vsmp_surface_free(s);
        }
    printf("%s: %u messages, %u whole shapes inside the level\n", level, t.total, t.fit);
    CHECK(!t.bad, "%s: %u of %u messages differ from the reference", level, t.bad, t.total);
    /* the shapes the 16-lane kernels take, whole inside the level, are a good share */
    CHECK(t.fit >= t.total / 40, "%s: %u of %u messages whole shapes inside", level, t.fit,
          t.total);
}

/* The trilinear tests' messages (test_fastpath_bil.c trilinear, test_fastpath_tri3.c): a pixel
 * origin along an axis of @p n texels at @p g texels a pixel, inside (most often), up to @p side
 * pixels on either side of the first texel, or its last pixels at most 8 before the last (a
 * message's last lanes on the level's last texels) */
static inline float kit_px_origin(sc_rng *r, uint32_t n, float g, unsigned side)
{
    unsigned k = sc_below(r, 4), in = (unsigned)((float)n / g);
    return k >= 2 ? (float)sc_below(r, in)
           : k    ? (float)sc_below(r, 2 * side) - (float)side
                  : (float)in - 4.0f - (float)sc_below(r, 8);
}

/* Lane @p l's pixel in four 2x2 quads side by side or (@p rows) two rows of 8, SIMD32's second
 * 16 lanes 8 pixels to the right, from the origin (px, py) */
static inline void kit_px_lane(unsigned l, bool rows, float px, float py, float *x, float *y)
{
    unsigned k = l % 16;
    *x = (rows ? (float)(k % 8) : (float)(k / 4 * 2 + (k & 1))) + (px + (float)(l / 16) * 8.0f);
    *y = (rows ? (float)(k / 8) : (float)((k >> 1) & 1)) + py;
}

/* The gradients' scale on lane k of 16: lanes 8-15 twice lanes 0-7's (@p vary 1, a level
 * apart), a ramp across the message (2), else alike */
static inline float kit_px_scale(unsigned vary, unsigned k)
{
    return vary == 1 ? (k >= 8 ? 2.0f : 1.0f) : vary == 2 ? 1.0f + (float)k / 32.0f : 1.0f;
}

#endif
