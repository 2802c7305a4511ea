/* SPDX-License-Identifier: MIT */
/*
 * Bilinear sampling of four 8-bit UNORM channels (RGBA8, BGRA8) through the flat and mip kernels,
 * against the reference word for word at every CPU level this machine has (c, avx2 in both
 * texel-load forms, avx512): above all the AVX2 level's 16-lane kernels (sample_avx2_bil.c),
 * which take SIMD16 messages with every lane on whose first taps are a run of 16 or two rows of 8
 * (quads, or two runs of 8), or each 8 lanes' a window of 9 columns of a row pair, inside the
 * level or (CLAMP_BORDER) off it in every lane, and send the rest to the 8-lane kernel. The
 * messages: those shapes at one fraction, at each lane's own (weights a lane), one lane off them
 * (a row below or a column on), at the CLAMP top edge with each top lane's fraction its own
 * (first rows all 0, second rows 0 or 1), lanes a fixed step apart along x (windows, or too wide,
 * or backwards) on one row or two, with a lane or every lane at NaN, an infinity, a huge value or
 * -0 along x or y, partial, SIMD8 and SIMD32; at texel centres and edges, inside the level, across
 * its edges and off it; on a 37x11 level (no power of two), 64x8 (WRAP), 17x2 (a run the level's
 * width less one), 64x8 arrays, and 64x8 as level 1 of two the sampler sees alone (its base level)
 * or with level 0; every pair of axis modes, normalized and unnormalized coordinates, each mip
 * filter (sample_lz, sample_l at levels of one and of several and special LODs, sample), a border
 * colour with a negative zero. Every byte of every channel through the 16-lane kernels at texel
 * centres (each run's first taps weighted 1). And the AVX2 level's choice: each bilinear plan of
 * RGBA8 on a 2D surface, flat or mip of one level, names a kernel of its own per pair of modes and
 * load form, and so does each mip plan of two levels but sample_l's, and of a 2D array of two
 * (the trilinear kernels); point plans, bilinear flat arrays and sample_l's keep their family's
 * entry, under the same names; at the AVX-512
 * level the mip plans of one level take them too (those of two levels keep the AVX-512 mip kernel).
 * And trilinear messages (trilinear(): quads or rows of pixels, a LOD of one, two or three levels a
 * message, specials, edges; on 2D arrays a layer a message, or a lane's or lanes 8-15's apart)
 * through the AVX2 level's 16-lane trilinear kernels, which an array of two levels takes too. And
 * that the 16-lane kernels do take messages whole (vsmp_u8x4_avx2_took16): every whole shape inside
 * the level at unnormalized coordinates (bilinear), at least half the trilinear ones.
 *
 * usage: test_fastpath_bil [MESSAGES_PER_PLAN]
 */
#include <stdio.h>

#include "fastpath_kit.h"
#ifdef VSMP_HAVE_AVX2
#include "x86/flat_u8x4_avx2.h"
#endif
#include "testlib.h"

enum {
    S_RUN,    /* lane k at column k of one row */
    S_QUADS,  /* four 2x2 quads side by side */
    S_ROWS,   /* lanes 0-7 and 8-15 along two rows */
    S_JITTER, /* one of the three, each lane's fractions its own (the same taps) */
    S_TOP,    /* one of the three at row 0, each top lane's y fraction its own */
    S_OFF,    /* one of the three, one lane a row below or a column on */
    S_ODD,    /* one of the three, one lane at a special value */
    S_SCALE,  /* lanes a fixed step apart along x (a resize's), on one row or each 8 on its own */
    S_N
};

/* Lane k's texel offset (column, row) from the message's origin in shape b (S_RUN..S_ROWS). */
static void lane_at(unsigned b, unsigned k, int *dx, int *dy)
{
    static const int8_t qx[16] = {0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7};
    *dx = b == S_QUADS ? qx[k] : b == S_ROWS ? (int)(k % 8) : (int)k;
    *dy = b == S_QUADS ? (int)(k / 2 % 2) : b == S_ROWS ? (int)(k / 8) : 0;
}

/* An origin along an axis of @p n texels: inside (most often), or on, across and off its edges. */
static float origin(sc_rng *r, uint32_t n, int span)
{
    const int edge[] = {-40,           -17,        -2,     -1,        0, 1, (int)n - span - 1,
                        (int)n - span, (int)n - 1, (int)n, (int)n + 9};
    if (sc_below(r, 2) && (int)n > span)
        return (float)sc_below(r, n - (uint32_t)span + 1);
    return (float)edge[sc_below(r, sizeof(edge) / sizeof(edge[0]))];
}

static unsigned bad, total, fit;
/* Of the messages of whole shapes inside the level through a plan of a 16-lane kernel (bilinear
 * at unnormalized coordinates, trilinear): how many, and how many that kernel took whole
 * (vsmp_u8x4_avx2_took16). A normalized coordinate scaled back to texels may floor a lane a
 * texel lower than its neighbours', which is no longer the shape: those are not counted. */
static unsigned wholes[2], taken[2];
static bool probe; /* whether this run's level has AVX2 (the probe is compiled for it) */

/* Counts message m of plan p in wholes and taken, where p's kernel is a 16-lane one. */
static void count_taken(const vsmp_plan *p, const vsmp_message *m)
{
#ifdef VSMP_HAVE_AVX2
    vsmp_result t;
    bool tri = false;
    int took = probe ? vsmp_u8x4_avx2_took16(p, m, &t, &tri) : -1;
    if (took >= 0 && (tri || p->st.non_normalized))
        wholes[tri]++, taken[tri] += (unsigned)took;
#else
    (void)p, (void)m;
#endif
}

static void messages(vsmp_plan *p, sc_rng *r, uint32_t w, uint32_t h, bool nn, unsigned op,
                     unsigned n, const char *what)
{
    static const float odd[] = {NAN,    INFINITY,      -INFINITY,      1e30f,
                                -1e30f, 2147483648.0f, -2147483648.0f, -0.0f};
    for (unsigned j = 0; j < n; j++) {
        unsigned shape = sc_below(r, S_N), b = shape < S_JITTER ? shape : sc_below(r, 3);
        float x0 = origin(r, w, 17), y0 = shape == S_TOP ? 0.0f : origin(r, h, 3);
        const float fr[] = {0.0f, 0.5f, 0x1.fffffep-1f, sc_unit(r)};
        float fx = fr[sc_below(r, 4)], fy = fr[sc_below(r, 4)];
        /* S_SCALE's step: windows of up to 8 columns each 8 lanes, or not (1.5, backwards) */
        const float steps[] = {0.25f, 0.5f, 2.0f / 3.0f, 0.875f, 1.0f, 1.5f, -0.5f};
        float step = steps[sc_below(r, sizeof(steps) / sizeof(steps[0]))];
        bool rows2 = sc_below(r, 2);
        /* S_ODD: the special value, along x or y, in one lane or every lane */
        float oddv = odd[sc_below(r, sizeof(odd) / sizeof(odd[0]))];
        bool along_y = sc_below(r, 2), every = sc_below(r, 2);
        unsigned form = sc_below(r, 10); /* SIMD16 whole, else partial, SIMD8 or SIMD32 */
        unsigned simd = form == 8 ? 8 : form == 9 ? 32 : 16, one = sc_below(r, simd);
        uint32_t u[32], v[32];
        bool inside = true;
        for (unsigned l = 0; l < simd; l++) {
            int dx, dy;
            lane_at(b, l % 16, &dx, &dy);
            float lx = fx, ly = fy;
            if (shape == S_JITTER) /* the same floor of x - 0.5 and y - 0.5 */
                lx = 0.5f + 0.5f * sc_unit(r), ly = 0.5f + 0.5f * sc_unit(r);
            if (shape == S_TOP)
                ly = dy ? 0.75f : sc_unit(r);
            if (shape == S_OFF && l == one)
                sc_below(r, 2) ? (dy += 1) : (dx += 1);
            float x = x0 + lx + (float)(dx + (int)(l / 16) * 16), y = y0 + ly + (float)dy;
            if (shape == S_SCALE)
                x = x0 + lx + step * (float)l, y = y0 + ly + (rows2 ? (float)(l / 8 % 2) : 0.0f);
            inside = inside && x >= 0.5f && x < (float)w - 0.5f && y >= 0.5f && y < (float)h - 0.5f;
            if (!nn)
                x /= (float)w, y /= (float)h;
            if (shape == S_ODD && (l == one || every)) /* along x or y */
                along_y ? (y = oddv) : (x = oddv);
            u[l] = sc_fbits(x), v[l] = sc_fbits(y);
        }
        vsmp_message m = uv_message(simd, u, v);
        uint32_t lod[32]; /* sample_l's: a level of one or of several, or a special value */
        static const float lods[] = {0.0f, -1.0f, 0.5f, 1.0f, 3.0f, NAN, INFINITY};
        for (unsigned l = 0; l < simd; l++)
            lod[l] = sc_fbits(lods[sc_below(r, sizeof(lods) / sizeof(lods[0]))]);
        if (op == VSMP_SUB_SAMPLE_L)
            m.param[VSMP_P_LOD] = lod;
        if (form == 7) /* partial: a random lane off */
            m.mask &= ~(1u << sc_below(r, 16));
        fit += inside && simd == 16 && form != 7 && shape < S_TOP;
        if (inside && simd == 16 && form != 7 && shape < S_TOP)
            count_taken(p, &m);
        vsmp_result got, want;
        total++;
        if (!same_as_reference(p, &m, &got, &want) && bad++ < 6)
            fprintf(stderr,
                    "  %s: shape %u (%u) SIMD%u mask %#x at (%g, %g)%s: kernel %s differs\n", what,
                    shape, b, simd, m.mask, (double)(x0 + fx), (double)(y0 + fy),
                    nn ? " unnormalized" : "", p->fast_name);
    }
}

/* A surface of format f, w x h at level 0, of @p levels levels (the sampler seeing those from
 * min_lod on: mip_count of them, 0 all), random bytes. */
static vsmp_surface *surface_lv(sc_rng *r, vsmp_format f, uint32_t w, uint32_t h, bool array,
                                uint32_t levels, uint32_t min_lod, uint32_t mip_count)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = f, d.width = w, d.height = h, d.levels = levels, d.min_lod = min_lod;
    d.mip_count = mip_count;
    if (array) /* (of several levels: three layers) */
        d.array = true, d.array_len = levels > 1 ? 3 : 2;
    return random_surface(&d, r);
}

static void identity(unsigned cpu, const char *level, unsigned n)
{
    static const vsmp_format fmts[] = {VSMP_FORMAT_R8G8B8A8_UNORM, VSMP_FORMAT_B8G8R8A8_UNORM};
    /* the sizes sampled (their base level's; the last two: levels 0 and 1 of 128x16, the sampler
     * seeing level 1 alone, and both) */
    static const struct {
        uint32_t w, h;
        bool array;
        uint32_t levels, min_lod, mip_count;
    } sizes[] = {{37, 11, false, 1, 0, 0}, {64, 8, false, 1, 0, 0}, {17, 2, false, 1, 0, 0},
                 {64, 8, true, 1, 0, 0},   {64, 8, false, 2, 1, 1}, {64, 8, false, 2, 0, 0}};
    static const uint8_t mips[] = {VSMP_MIPFILTER_NONE, VSMP_MIPFILTER_NEAREST,
                                   VSMP_MIPFILTER_LINEAR};
    static const unsigned ops[] = {VSMP_SUB_SAMPLE_LZ, VSMP_SUB_SAMPLE_L, VSMP_SUB_SAMPLE};
    sc_rng r = {0xb11e4aull, NULL, 0};
    bad = total = fit = 0;
    for (unsigned fi = 0; fi < 2; fi++)
        for (unsigned si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
            /* level 0 twice the base level's size when the sampler starts at level 1 */
            uint32_t w = sizes[si].w, h = sizes[si].h, k0 = sizes[si].min_lod;
            bool pow2 = !(w & (w - 1)) && !(h & (h - 1));
            vsmp_surface *s = surface_lv(&r, fmts[fi], w << k0, h << k0, sizes[si].array,
                                         sizes[si].levels, k0, sizes[si].mip_count);
            CHECK(s, "surface");
            for (unsigned kind = 0; s && kind < 9; kind++)
                for (unsigned j = 0; j < 6; j++) { /* normalized or not, each mip filter */
                    bool nn = j % 2;
                    if (!pow2 && (kind / 3 == 1 || kind % 3 == 1)) /* WRAP: powers of two */
                        continue;
                    vsmp_sampler_state st = kit_state(kind, true, nn);
                    st.mip_filter = mips[j / 2];
                    unsigned op = ops[sc_below(&r, 3)];
                    vsmp_plan *p = NULL;
                    CHECK(!vsmp_plan_create_cpu(s, &st, op, cpu, &p, NULL), "plan");
                    char what[128];
                    snprintf(what, sizeof(what),
                             "%s %s %ux%u%s levels %u op %#x mip %u modes %u %u", level,
                             vsmp_format_get(fmts[fi])->name, w, h, sizes[si].array ? " array" : "",
                             sizes[si].levels, op, st.mip_filter, st.address[0], st.address[1]);
                    if (p)
                        messages(p, &r, w, h, nn, op, n, what);
                    vsmp_plan_free(p);
                }
            vsmp_surface_free(s);
        }
    printf("%s: %u messages, %u whole shapes inside the level\n", level, total, fit);
    CHECK(!bad, "%s: %u of %u messages differ from the reference", level, bad, total);
    CHECK(fit >= total / 40, "%s: %u of %u messages whole shapes inside", level, fit, total);
}

/* Every byte of every channel, bilinear at texel centres (weights 0: each lane's first tap alone)
 * in runs of 16 of a 64x4 level whose row y's texel i holds bytes 4 (i + y) + c: each row's runs
 * at columns 0, 16, 32 and 47 see every byte but those of column 63, which row 1 holds at 62. */
static void every_byte(unsigned cpu, const char *level)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R8G8B8A8_UNORM, d.width = 64, d.height = 4;
    vsmp_surface *s = NULL;
    CHECK(!vsmp_surface_create(&d, &s, NULL), "every_byte: surface");
    if (!s)
        return;
    const vsmp_surface_desc *ld = vsmp_surface_get_desc(s);
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t i = 0; i < 64; i++)
            for (uint32_t c = 0; c < 4; c++)
                ((uint8_t *)ld->data)[y * ld->row_pitch[0] + 4 * i + c] =
                    (uint8_t)(4 * (i + y) + c);
    vsmp_sampler_state st = kit_state(0, true, false);
    vsmp_plan *p = NULL;
    CHECK(!vsmp_plan_create_cpu(s, &st, VSMP_SUB_SAMPLE_LZ, cpu, &p, NULL), "every_byte: plan");
    static const unsigned at[] = {0, 16, 32, 47};
    for (unsigned y = 0; p && y < 3; y++)
        for (unsigned k = 0; k < 4; k++) {
            uint32_t u[16], v[16];
            for (unsigned x = 0; x < 16; x++) {
                float fu = ((float)(at[k] + x) + 0.5f) / 64.0f, fv = ((float)y + 0.5f) / 4.0f;
                u[x] = sc_fbits(fu), v[x] = sc_fbits(fv);
            }
            vsmp_message m = uv_message(16, u, v);
            vsmp_result got, want;
            CHECK(same_as_reference(p, &m, &got, &want),
                  "every_byte: %s row %u column %u (kernel %s) differs from the reference", level,
                  y, at[k], p->fast_name);
        }
    vsmp_plan_free(p);
    vsmp_surface_free(s);
}

/* Trilinear (mip plans of several levels): messages of four 2x2 quads side by side or two rows
 * of 8 pixels, g texels a pixel on the base level (0.5 to 3: each 8 lanes' taps a box of up to 9
 * columns and 4 rows on a level, or wider), their LOD from gradients (sample_d), an explicit LOD
 * (sample_l) or the quads (sample): alike in every lane, lanes 8-15 twice lanes 0-7's (a level
 * apart), a ramp across the message (two levels in one 8 lanes), or a lane or every lane's
 * gradient or LOD a special value (NaN, an infinity, 0, huge); at texel fractions of their own,
 * inside the level, across its edges and off it; partial, SIMD8 and SIMD32; RGBA8 128x64 and
 * BGRA8 96x40 (no power of two: CLAMP only) of every level, and 128x64's levels from 1 on (its
 * base level past 0), and arrays of three layers, RGBA8 64x32 and BGRA8 96x40 from level 1, their
 * layer (R) one for every lane (0.4 and 1.5 rounded, past the last, negative, NaN) or a lane's or
 * lanes 8-15's the next; each pair of CLAMP and WRAP, each mip filter. */
static void trilinear(unsigned cpu, const char *level, unsigned n)
{
    static const struct {
        vsmp_format f;
        uint32_t w, h, min_lod;
        bool array;
    } surfs[] = {{VSMP_FORMAT_R8G8B8A8_UNORM, 128, 64, 0, false},
                 {VSMP_FORMAT_B8G8R8A8_UNORM, 96, 40, 0, false},
                 {VSMP_FORMAT_R8G8B8A8_UNORM, 128, 64, 1, false},
                 {VSMP_FORMAT_R8G8B8A8_UNORM, 64, 32, 0, true},
                 {VSMP_FORMAT_B8G8R8A8_UNORM, 96, 40, 1, true}};
    /* an array's layer (R) a message: one for every lane (rounded to it: 0.4, 1.5 to 2, past
     * the last, negative, NaN), or a near-miss (one lane, or lanes 8-15, on another) */
    static const float layers[] = {0.0f, 1.0f, 2.0f, 0.4f, 1.5f, 7.0f, -1.0f, NAN, 2.5f};
    static const uint8_t mips[] = {VSMP_MIPFILTER_NONE, VSMP_MIPFILTER_NEAREST,
                                   VSMP_MIPFILTER_LINEAR, VSMP_MIPFILTER_LINEAR};
    static const unsigned ops[] = {VSMP_SUB_SAMPLE_D, VSMP_SUB_SAMPLE_L, VSMP_SUB_SAMPLE};
    static const float gs[] = {0.5f, 0.75f, 1.0f, 1.5f, 1.75f, 2.0f, 2.5f, 3.0f};
    static const float odd[] = {NAN, INFINITY, -INFINITY, 0.0f, 1e30f, -0.0f};
    sc_rng r = {0x7a111eull, NULL, 0};
    unsigned tbad = 0, ttotal = 0, tfit = 0, awhole = 0, ataken = 0;
    for (unsigned si = 0; si < sizeof(surfs) / sizeof(surfs[0]); si++) {
        uint32_t w = surfs[si].w, h = surfs[si].h, k0 = surfs[si].min_lod;
        uint32_t levels = 1; /* every level */
        while ((w << k0) >> levels)
            levels++;
        vsmp_surface *s =
            surface_lv(&r, surfs[si].f, w << k0, h << k0, surfs[si].array, levels, k0, 0);
        CHECK(s, "trilinear: surface");
        for (unsigned kind = 0; s && kind < 4; kind++)
            for (unsigned j = 0; j < 4 * 3; j++) {
                bool wu = kind / 2, wv = kind % 2;
                if (surfs[si].f == VSMP_FORMAT_B8G8R8A8_UNORM && (wu || wv)) /* WRAP: 2^k */
                    continue;
                vsmp_sampler_state st = kit_state(wu * 3 + wv, true, false);
                st.mip_filter = mips[j % 4];
                unsigned op = ops[j / 4];
                vsmp_plan *p = NULL;
                CHECK(!vsmp_plan_create_cpu(s, &st, op, cpu, &p, NULL), "trilinear: plan");
                for (unsigned i = 0; p && i < n; i++) {
                    float g = gs[sc_below(&r, sizeof(gs) / sizeof(gs[0]))];
                    unsigned vary = sc_below(&r, 5), rows = sc_below(&r, 2);
                    unsigned form = sc_below(&r, 10);
                    unsigned simd = form == 8 ? 8 : form == 9 ? 32 : 16, one = sc_below(&r, simd);
                    float oddv = odd[sc_below(&r, sizeof(odd) / sizeof(odd[0]))];
                    /* the pixel origin: inside the level most often, else near or past its
                     * first or last texels */
                    float px = kit_px_origin(&r, w, g, 20), py = kit_px_origin(&r, h, g, 20);
                    float fx = sc_unit(&r), fy = sc_unit(&r);
                    uint32_t u[32], v[32], gr[4][32], lod[32], ar[32];
                    unsigned miss = sc_below(&r, 6); /* 4: one lane's layer, 5: lanes 8-15's */
                    float lay = layers[sc_below(&r, sizeof(layers) / sizeof(layers[0]))];
                    bool inside = true;
                    for (unsigned l = 0; l < simd; l++) {
                        unsigned k = l % 16;
                        float x, y;
                        kit_px_lane(l, rows, px, py, &x, &y);
                        float tx = (x + fx) * g, ty = (y + fy) * g;
                        inside = inside && tx >= 0.5f && tx < (float)w - 0.5f && ty >= 0.5f &&
                                 ty < (float)h - 0.5f;
                        u[l] = sc_fbits(tx / (float)w), v[l] = sc_fbits(ty / (float)h);
                        float f = kit_px_scale(vary, k);
                        float d[4] = {g * f / (float)w, 0.0f, 0.0f, g * f / (float)h};
                        float ld = log2f(g * f);
                        if (vary >= 3 && (vary == 4 || l == one)) /* a special value */
                            d[sc_below(&r, 4)] = oddv, ld = oddv;
                        for (int c = 0; c < 4; c++)
                            gr[c][l] = sc_fbits(d[c]);
                        lod[l] = sc_fbits(ld);
                        ar[l] = sc_fbits(miss == 4 && l == one ? lay + 1.0f
                                         : miss == 5 && k >= 8 ? lay + 1.0f
                                                               : lay);
                    }
                    vsmp_message m = uv_message(simd, u, v);
                    if (op == VSMP_SUB_SAMPLE_D) {
                        m.param[VSMP_P_DUDX] = gr[0], m.param[VSMP_P_DVDX] = gr[1];
                        m.param[VSMP_P_DUDY] = gr[2], m.param[VSMP_P_DVDY] = gr[3];
                    }
                    if (op == VSMP_SUB_SAMPLE_L)
                        m.param[VSMP_P_LOD] = lod;
                    if (surfs[si].array)
                        m.param[VSMP_P_R] = ar;
                    if (form == 7) /* partial: a random lane off */
                        m.mask &= ~(1u << sc_below(&r, 16));
                    tfit += inside && simd == 16 && form != 7 && vary < 3 && g <= 2.0f;
                    if (inside && simd == 16 && form != 7 && vary < 3 && g <= 2.0f) {
                        unsigned was = taken[1];
                        count_taken(p, &m);
                        if (surfs[si].array && miss < 4) /* every lane on one layer */
                            awhole++, ataken += taken[1] - was;
                    }
                    vsmp_result got, want;
                    ttotal++;
                    if (!same_as_reference(p, &m, &got, &want) && tbad++ < 6)
                        fprintf(stderr,
                                "  trilinear %s: %ux%u from level %u op %#x mip %u modes %u %u "
                                "g %g vary %u %s SIMD%u mask %#x at (%g, %g): kernel %s "
                                "differs\n",
                                level, w, h, k0, op, st.mip_filter, st.address[0], st.address[1],
                                (double)g, vary, rows ? "rows" : "quads", simd, m.mask, (double)px,
                                (double)py, p->fast_name);
                }
                vsmp_plan_free(p);
            }
        vsmp_surface_free(s);
    }
    printf("%s trilinear: %u messages, %u whole quads or rows inside the level\n", level, ttotal,
           tfit);
    CHECK(!tbad, "%s trilinear: %u of %u messages differ from the reference", level, tbad, ttotal);
    CHECK(tfit >= ttotal / 8, "%s trilinear: %u of %u messages inside", level, tfit, ttotal);
    /* at the AVX2 level the arrays' messages of one layer are the 16-lane kernels' too (as
     * many as the 2D ones': the boxes of a third fit, this test's spans and edges) */
    printf("%s trilinear: arrays, %u of %u whole shapes on one layer taken\n", level, ataken,
           awhole);
    if (probe && !(cpu & VSMP_CPU_AVX512) && n >= 120)
        CHECK(awhole && ataken >= awhole / 5, "%s trilinear: arrays, %u of %u taken", level, ataken,
              awhole);
}

/* The AVX2 level's choice in one load form (cpu, the flat and mip families' names with its
 * suffix sfx): a kernel of its own for bilinear RGBA8 plans on 2D surfaces, per pair of modes,
 * and for mip plans on a surface of one level (CLAMP and WRAP: the mip rows' modes); the
 * family's entry for flat arrays and point mip plans of two levels (point plans on 2D surfaces:
 * other 16-lane kernels, sample_avx2_pt.c's) and sample_l's; mip plans of two levels (a 2D
 * array's too) the trilinear kernels. */
static void choice(unsigned cpu, const char *sfx)
{
    sc_rng r = {0xc401ceull, NULL, 0};
    vsmp_surface *s2 = kit_surface(&r, VSMP_FORMAT_R8G8B8A8_UNORM, 64, 8, false);
    vsmp_surface *ar = kit_surface(&r, VSMP_FORMAT_R8G8B8A8_UNORM, 64, 8, true);
    vsmp_surface *l2 = surface_lv(&r, VSMP_FORMAT_R8G8B8A8_UNORM, 64, 8, false, 2, 0, 0);
    vsmp_surface *a2 = surface_lv(&r, VSMP_FORMAT_R8G8B8A8_UNORM, 64, 8, true, 2, 0, 0);
    CHECK(s2 && ar && l2 && a2, "choice: surfaces");
    char flat[64], mip[64];
    snprintf(flat, sizeof(flat), "sample_flat_u8x4_avx2%s", sfx);
    snprintf(mip, sizeof(mip), "sample_mip_u8x4_avx2%s", sfx);
    vsmp_kernel seen[9] = {NULL}, seen_mip[9] = {NULL}, seen_tri[9] = {NULL};
    for (unsigned kind = 0; s2 && ar && l2 && a2 && kind < 9; kind++) {
        vsmp_sampler_state sl = kit_state(kind, true, kind % 2),
                           sp = kit_state(kind, false, kind % 2);
        vsmp_sampler_state sm = kit_state(kind, true, false);
        sm.mip_filter = VSMP_MIPFILTER_NEAREST;
        bool mips = kind / 3 != 2 && kind % 3 != 2; /* no CLAMP_BORDER axis */
        vsmp_plan *p[5] = {NULL, NULL, NULL, NULL, NULL};
        CHECK(!vsmp_plan_create_cpu(s2, &sl, VSMP_SUB_SAMPLE_LZ, cpu, &p[0], NULL), "plan");
        CHECK(!vsmp_plan_create_cpu(s2, &sp, VSMP_SUB_SAMPLE_LZ, cpu, &p[1], NULL), "plan");
        CHECK(!vsmp_plan_create_cpu(ar, &sl, VSMP_SUB_SAMPLE_LZ, cpu, &p[2], NULL), "plan");
        CHECK(!vsmp_plan_create_cpu(s2, &sm, VSMP_SUB_SAMPLE_L, cpu, &p[3], NULL), "plan");
        CHECK(!vsmp_plan_create_cpu(l2, &sm, VSMP_SUB_SAMPLE_L, cpu, &p[4], NULL), "plan");
        if (p[0] && p[1] && p[2] && p[3] && p[4]) {
            for (int i = 0; i < 3; i++)
                CHECK(!strcmp(p[i]->fast_name, flat), "choice: %u %d: %s", kind, i,
                      p[i]->fast_name);
            /* point plans on 2D surfaces: sample_avx2_pt.c's (test_fastpath_r8 checks those) */
            CHECK(p[1]->fast != p[0]->fast, "choice: point kind %u: not a bilinear one", kind);
            CHECK(p[0]->fast != p[2]->fast, "choice: bilinear kind %u: its own", kind);
            for (unsigned k = 0; k < kind; k++)
                CHECK(seen[k] != p[0]->fast, "choice: kinds %u and %u apart", k, kind);
            seen[kind] = p[0]->fast;
            if (mips) {
                for (int i = 3; i < 5; i++)
                    CHECK(!strcmp(p[i]->fast_name, mip), "choice: mip %u %d: %s", kind, i,
                          p[i]->fast_name);
                CHECK(p[3]->fast != p[4]->fast, "choice: mip kind %u, one level: its own", kind);
                /* two levels: the trilinear kernel of its own, per pair of modes (sample_l's,
                 * p[4], the family's entry) */
                vsmp_plan *q = NULL; /* (point: the family's entry) */
                vsmp_sampler_state sq = kit_state(kind, false, false);
                sq.mip_filter = VSMP_MIPFILTER_NEAREST;
                CHECK(!vsmp_plan_create_cpu(l2, &sq, VSMP_SUB_SAMPLE_L, cpu, &q, NULL), "plan");
                if (q) {
                    vsmp_plan *t = NULL;
                    CHECK(!vsmp_plan_create_cpu(l2, &sm, VSMP_SUB_SAMPLE, cpu, &t, NULL), "plan");
                    if (t) {
                        CHECK(!strcmp(t->fast_name, mip), "choice: tri %u: %s", kind, t->fast_name);
                        CHECK(t->fast != q->fast && t->fast != p[3]->fast,
                              "choice: mip kind %u, two levels: its own", kind);
                        CHECK(p[4]->fast == q->fast, "choice: mip kind %u, sample_l: %s", kind,
                              p[4]->fast_name);
                        for (unsigned k = 0; k < kind; k++)
                            CHECK(seen_tri[k] != t->fast, "choice: tri kinds %u and %u apart", k,
                                  kind);
                        seen_tri[kind] = t->fast;
                        /* an array of two levels: the same kernel (a layer a message) */
                        vsmp_plan *a = NULL;
                        CHECK(!vsmp_plan_create_cpu(a2, &sm, VSMP_SUB_SAMPLE, cpu, &a, NULL),
                              "plan");
                        CHECK(a && a->fast == t->fast, "choice: tri array kind %u: %s", kind,
                              a ? a->fast_name : "-");
                        vsmp_plan_free(a);
                    }
                    vsmp_plan_free(t);
                }
                vsmp_plan_free(q);
                for (unsigned k = 0; k < 9; k++)
                    CHECK(seen[k] != p[3]->fast && seen_mip[k] != p[3]->fast,
                          "choice: mip kind %u apart from kind %u", kind, k);
                seen_mip[kind] = p[3]->fast;
            }
        }
        for (int i = 0; i < 5; i++)
            vsmp_plan_free(p[i]);
    }
    vsmp_surface_free(s2), vsmp_surface_free(ar), vsmp_surface_free(l2), vsmp_surface_free(a2);
}

/* The AVX-512 level's choice: the mip plans of RGBA8 on a surface of one level take the 16-lane
 * bilinear kernels too (their rest the AVX-512 mip kernel), per pair of modes; those of two
 * levels keep that kernel. */
static void choice512(void)
{
    const unsigned cpu = VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512;
    sc_rng r = {0xc401ceull, NULL, 0};
    vsmp_surface *s2 = kit_surface(&r, VSMP_FORMAT_R8G8B8A8_UNORM, 64, 8, false);
    vsmp_surface *l2 = surface_lv(&r, VSMP_FORMAT_R8G8B8A8_UNORM, 64, 8, false, 2, 0, 0);
    CHECK(s2 && l2, "choice512: surfaces");
    vsmp_kernel seen[9] = {NULL};
    for (unsigned kind = 0; s2 && l2 && kind < 9; kind++) {
        if (kind / 3 == 2 || kind % 3 == 2) /* the mip rows: no CLAMP_BORDER axis */
            continue;
        vsmp_sampler_state sm = kit_state(kind, true, false);
        sm.mip_filter = VSMP_MIPFILTER_LINEAR;
        vsmp_plan *p[2] = {NULL, NULL};
        CHECK(!vsmp_plan_create_cpu(s2, &sm, VSMP_SUB_SAMPLE, cpu, &p[0], NULL), "plan");
        CHECK(!vsmp_plan_create_cpu(l2, &sm, VSMP_SUB_SAMPLE, cpu, &p[1], NULL), "plan");
        if (p[0] && p[1]) {
            for (int i = 0; i < 2; i++)
                CHECK(!strcmp(p[i]->fast_name, "sample_mip_u8x4_avx512"), "choice512: %u %d: %s",
                      kind, i, p[i]->fast_name);
            CHECK(p[0]->fast != p[1]->fast, "choice512: kind %u, one level: its own", kind);
            for (unsigned k = 0; k < kind; k++)
                CHECK(seen[k] != p[0]->fast, "choice512: kinds %u and %u apart", k, kind);
            seen[kind] = p[0]->fast;
        }
        for (int i = 0; i < 2; i++)
            vsmp_plan_free(p[i]);
    }
    vsmp_surface_free(s2), vsmp_surface_free(l2);
}

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 120, have = vsmp_cpu_flags();
    const struct {
        const char *name;
        unsigned cpu;
    } runs[] = {{"c", VSMP_CPU_C},
                {"avx2 scalar loads", VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_SCALAR},
                {"avx2 gathers", VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_GATHER},
                {"avx512", VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512}};
    for (unsigned i = 0; i < 4; i++) {
        unsigned need = runs[i].cpu & (VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512);
        if ((have & need) != need) {
            printf("SKIP: %s not tested: this CPU or build lacks it (flags %#x)\n", runs[i].name,
                   have);
            continue;
        }
        wholes[0] = wholes[1] = taken[0] = taken[1] = 0;
        probe = runs[i].cpu & VSMP_CPU_AVX2;
        identity(runs[i].cpu, runs[i].name, n);
        trilinear(runs[i].cpu, runs[i].name, n);
        /* the 16-lane bilinear kernels take every whole shape inside the level at unnormalized
         * coordinates; the trilinear ones most of theirs (a level's box may not fit) */
        printf("%s: 16-lane bilinear took %u of %u whole shapes inside, trilinear %u of %u\n",
               runs[i].name, taken[0], wholes[0], taken[1], wholes[1]);
        if ((runs[i].cpu & VSMP_CPU_AVX2) && n >= 120) { /* (fewer messages: too few shapes) */
            CHECK((wholes[0] || (runs[i].cpu & VSMP_CPU_AVX512)) && taken[0] == wholes[0],
                  "%s: the 16-lane bilinear kernels took %u of %u whole shapes", runs[i].name,
                  taken[0], wholes[0]);
            CHECK((runs[i].cpu & VSMP_CPU_AVX512) || (wholes[1] && taken[1] >= wholes[1] / 2),
                  "%s: the 16-lane trilinear kernels took %u of %u whole shapes", runs[i].name,
                  taken[1], wholes[1]);
        }
        every_byte(runs[i].cpu, runs[i].name);
    }
    if ((have & VSMP_CPU_AVX2) == VSMP_CPU_AVX2) {
        choice(VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_SCALAR, "");
        choice(VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_GATHER, "_gather");
    }
    if ((have & VSMP_CPU_AVX512) == VSMP_CPU_AVX512)
        choice512();
    return t_finish();
}
