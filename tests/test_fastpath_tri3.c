/* SPDX-License-Identifier: MIT */
/*
 * Trilinear sampling of 3D surfaces of four 8-bit UNORM channels (RGBA8, BGRA8) through the 3D
 * kernels, against the reference word for word at every CPU level this machine has (c, avx2 in
 * both texel-load forms, avx512): above all the AVX2 level's 16-lane kernels (tri3_avx2.c), which
 * take SIMD16 messages with every lane on whose each 8 lanes share their levels and, on each, their
 * slices, and whose taps on each slice lie in a box of at most 9 columns and 4 rows inside it, and
 * send the rest to the 8-lane 3D kernel. The messages: four 2x2 quads side by side or two rows of
 * 8 pixels, g texels a pixel on the base level (0.5 to 3: a box of up to 9 columns and 4 rows on a
 * level, or wider); the third coordinate one value a message (one slice pair), each lane's own
 * fraction of one slice at level 0, lanes across slices, or a special value (NaN, infinities,
 * huge, -0) in one lane or every lane, at the first and last slices and past them; the LOD from
 * gradients (sample_d: lanes alike, lanes 8-15 twice lanes 0-7's, a ramp, a z gradient, a special
 * value in one lane or every lane), an explicit LOD (sample_l) or the quads (sample); inside the
 * level, across its edges and off it; partial, SIMD8 and SIMD32; RGBA8 32x16x16 and BGRA8
 * 24x20x12 (no power of two: CLAMP only) of every level, 32x16x16's levels from 1 on (its base
 * level past 0); every triple of CLAMP and WRAP, each mip filter. And that the 16-lane kernels
 * do take messages whole (vsmp_3d_u8x4_avx2_took16): at least half of those inside the level
 * with one slice value, lanes alike, at most 2 texels a pixel. And the choice: the AVX2 level's
 * 3D plans of several levels, bilinear, not sample_l, each triple of modes and load form, name a
 * kernel of their own (under the 3D kernel's name); sample_l's, one level's, a point mag filter's
 * and the AVX-512 level's keep theirs.
 *
 * usage: test_fastpath_tri3 [MESSAGES_PER_PLAN]
 */
#include <math.h>
#include <stdio.h>

#include "fastpath_kit.h"
#ifdef VSMP_HAVE_AVX2
#include "x86/tri3_avx2.h"
#endif
#include "testlib.h"

static bool probe; /* whether this run's level has AVX2 (the probe is compiled for it) */

/* Whether plan p's kernel is a 16-lane one (took: whether it takes m whole), or -1. */
static int took16(const vsmp_plan *p, const vsmp_message *m)
{
#ifdef VSMP_HAVE_AVX2
    vsmp_result t;
    return probe ? vsmp_3d_u8x4_avx2_took16(p, m, &t) : -1;
#else
    (void)p, (void)m;
    return -1;
#endif
}

/* A 3D surface of format f, w x h x d from level min_lod on (level 0 that shifted up), every level,
 * its bytes random. */
static vsmp_surface *surface3(sc_rng *r, vsmp_format f, uint32_t w, uint32_t h, uint32_t d,
                              uint32_t min_lod)
{
    vsmp_surface_desc sd;
    vsmp_surface_desc_init(&sd);
    sd.type = VSMP_SURFTYPE_3D, sd.format = f;
    sd.width = w << min_lod, sd.height = h << min_lod, sd.depth = d << min_lod;
    uint32_t levels = 1, big = sd.width > sd.height ? sd.width : sd.height;
    big = big > sd.depth ? big : sd.depth;
    while (big >> levels)
        levels++;
    sd.levels = levels, sd.min_lod = min_lod;
    return random_surface(&sd, r);
}

static void trilinear3(unsigned cpu, const char *level, unsigned n)
{
    static const struct {
        vsmp_format f;
        uint32_t w, h, d, min_lod;
    } surfs[] = {{VSMP_FORMAT_R8G8B8A8_UNORM, 32, 16, 16, 0},
                 {VSMP_FORMAT_B8G8R8A8_UNORM, 24, 20, 12, 0},
                 {VSMP_FORMAT_R8G8B8A8_UNORM, 32, 16, 16, 1}};
    static const uint8_t mips[] = {VSMP_MIPFILTER_NONE, VSMP_MIPFILTER_NEAREST,
                                   VSMP_MIPFILTER_LINEAR, VSMP_MIPFILTER_LINEAR};
    static const unsigned ops[] = {VSMP_SUB_SAMPLE_D, VSMP_SUB_SAMPLE_L, VSMP_SUB_SAMPLE};
    static const float gs[] = {0.5f, 0.75f, 1.0f, 1.5f, 1.75f, 2.0f, 2.5f, 3.0f};
    static const float odd[] = {NAN, INFINITY, -INFINITY, 0.0f, 1e30f, -0.0f, -1e30f};
    sc_rng r = {0x3d7a111eull, NULL, 0};
    unsigned bad = 0, total = 0, fit = 0, taken = 0;
    for (unsigned si = 0; si < 3; si++) {
        uint32_t w = surfs[si].w, h = surfs[si].h, dd = surfs[si].d;
        vsmp_surface *s = surface3(&r, surfs[si].f, w, h, dd, surfs[si].min_lod);
        CHECK(s, "trilinear3: surface");
        for (unsigned kind = 0; s && kind < 8; kind++)
            for (unsigned j = 0; j < 4 * 3; j++) {
                if (si == 1 && kind) /* WRAP: powers of two */
                    continue;
                vsmp_sampler_state st;
                vsmp_sampler_state_init(&st);
                st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
                for (unsigned a = 0; a < 3; a++)
                    st.address[a] = (kind >> (2 - a)) & 1 ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP;
                st.mip_filter = mips[j % 4];
                unsigned op = ops[j / 4];
                vsmp_plan *p = NULL;
                CHECK(!vsmp_plan_create_cpu(s, &st, op, cpu, &p, NULL), "trilinear3: plan");
                for (unsigned i = 0; p && i < n; i++) {
                    float g = gs[sc_below(&r, sizeof(gs) / sizeof(gs[0]))];
                    unsigned vary = sc_below(&r, 6), rows = sc_below(&r, 2);
                    unsigned zform = sc_below(&r, 5), form = sc_below(&r, 10);
                    unsigned simd = form == 8 ? 8 : form == 9 ? 32 : 16, one = sc_below(&r, simd);
                    float oddv = odd[sc_below(&r, sizeof(odd) / sizeof(odd[0]))];
                    bool every = sc_below(&r, 2);
                    float px = kit_px_origin(&r, w, g, 12), py = kit_px_origin(&r, h, g, 12);
                    float fx = sc_unit(&r), fy = sc_unit(&r);
                    /* the third coordinate in texels of the base level: a slice's centre, one
                     * of its edges or a random place, on the volume, at its ends or past them */
                    const float zs[] = {0.5f,
                                        1.0f,
                                        (float)dd - 0.5f,
                                        (float)dd - 1.0f,
                                        -0.75f,
                                        (float)dd + 2.0f,
                                        (float)dd * sc_unit(&r),
                                        (float)sc_below(&r, dd) + 0.5f};
                    float z0 = zs[sc_below(&r, 8)];
                    uint32_t u[32], v[32], q[32], gr[6][32], lod[32];
                    bool inside = true;
                    for (unsigned l = 0; l < simd; l++) {
                        unsigned k = l % 16;
                        float x, y;
                        kit_px_lane(l, rows, px, py, &x, &y);
                        float tx = (x + fx) * g, ty = (y + fy) * g, tz = z0;
                        if (zform == 1) /* each lane's own fraction of z0's slice */
                            tz = floorf(z0) + sc_unit(&r);
                        if (zform == 2) /* lanes across slices */
                            tz = z0 + 0.375f * (float)k;
                        inside = inside && tx >= 0.5f && tx < (float)w - 0.5f && ty >= 0.5f &&
                                 ty < (float)h - 0.5f;
                        u[l] = sc_fbits(tx / (float)w), v[l] = sc_fbits(ty / (float)h);
                        q[l] = sc_fbits(tz / (float)dd);
                        if (zform == 3 && (every || l == one))
                            q[l] = sc_fbits(oddv);
                        float f = kit_px_scale(vary, k);
                        /* dudx, dvdx, drdx, dudy, dvdy, drdy (vary 3: a z gradient too) */
                        float d[6] = {g * f / (float)w,
                                      0.0f,
                                      0.0f,
                                      0.0f,
                                      g * f / (float)h,
                                      vary == 3 ? 1.5f * g / (float)dd : 0.0f};
                        float ld = log2f(g * f);
                        if (vary >= 4 && (vary == 5 || l == one)) /* a special value */
                            d[sc_below(&r, 6)] = oddv, ld = oddv;
                        for (int c = 0; c < 6; c++)
                            gr[c][l] = sc_fbits(d[c]);
                        lod[l] = sc_fbits(ld);
                    }
                    vsmp_message m = uv_message(simd, u, v);
                    m.param[VSMP_P_R] = q;
                    if (op == VSMP_SUB_SAMPLE_D) {
                        m.param[VSMP_P_DUDX] = gr[0], m.param[VSMP_P_DVDX] = gr[1];
                        m.param[VSMP_P_DRDX] = gr[2], m.param[VSMP_P_DUDY] = gr[3];
                        m.param[VSMP_P_DVDY] = gr[4], m.param[VSMP_P_DRDY] = gr[5];
                    }
                    if (op == VSMP_SUB_SAMPLE_L)
                        m.param[VSMP_P_LOD] = lod;
                    if (form == 7) /* partial: a random lane off */
                        m.mask &= ~(1u << sc_below(&r, 16));
                    bool whole = inside && simd == 16 && form != 7 && vary == 0 && zform == 0 &&
                                 z0 >= 0.5f && z0 <= (float)dd - 1.0f && g <= 2.0f;
                    int took = took16(p, &m);
                    if (whole && took >= 0 && op == VSMP_SUB_SAMPLE_D)
                        fit++, taken += (unsigned)took;
                    vsmp_result got, want;
                    total++;
                    if (!same_as_reference(p, &m, &got, &want) && bad++ < 6)
                        fprintf(stderr,
                                "  trilinear3 %s: %ux%ux%u from level %u op %#x mip %u modes "
                                "%u %u %u g %g vary %u z %u %s SIMD%u mask %#x at (%g, %g, "
                                "%g): kernel %s differs\n",
                                level, w, h, dd, surfs[si].min_lod, op, st.mip_filter,
                                st.address[0], st.address[1], st.address[2], (double)g, vary, zform,
                                rows ? "rows" : "quads", simd, m.mask, (double)px, (double)py,
                                (double)z0, p->fast_name);
                }
                vsmp_plan_free(p);
            }
        vsmp_surface_free(s);
    }
    printf("%s trilinear3: %u messages; the 16-lane kernels took %u of %u whole ones inside\n",
           level, total, taken, fit);
    CHECK(!bad, "%s trilinear3: %u of %u messages differ from the reference", level, bad, total);
    if (probe && !(cpu & VSMP_CPU_AVX512) && n >= 150)
        CHECK(fit && taken >= fit / 2, "%s trilinear3: the 16-lane kernels took %u of %u", level,
              taken, fit);
    if (cpu & VSMP_CPU_AVX512) /* (the AVX-512 level keeps its 3D kernel) */
        CHECK(!taken, "%s trilinear3: a 16-lane AVX2 kernel took %u", level, taken);
}

#ifdef VSMP_HAVE_AVX2
/* The AVX2 level's choice in one load form (cpu, the 3D kernel's name with its suffix sfx): each
 * triple of modes a kernel of its own for bilinear plans of several levels but sample_l's; the
 * others (sample_l, one level, a point mag filter) the 3D kernel's entry. */
static void choice(unsigned cpu, const char *sfx)
{
    sc_rng r = {0xc4013dull, NULL, 0};
    vsmp_surface *s = surface3(&r, VSMP_FORMAT_R8G8B8A8_UNORM, 16, 16, 16, 0);
    vsmp_surface_desc sd;
    vsmp_surface_desc_init(&sd);
    sd.type = VSMP_SURFTYPE_3D, sd.format = VSMP_FORMAT_R8G8B8A8_UNORM;
    sd.width = sd.height = sd.depth = 16;
    vsmp_surface *s1 = random_surface(&sd, &r); /* one level */
    CHECK(s && s1, "choice: surfaces");
    char name[64];
    snprintf(name, sizeof(name), "sample_3d_u8x4_avx2%s", sfx);
    vsmp_kernel seen[8] = {NULL};
    for (unsigned kind = 0; s && s1 && kind < 8; kind++) {
        vsmp_sampler_state st;
        vsmp_sampler_state_init(&st);
        st.min_filter = st.mag_filter = VSMP_FILTER_LINEAR;
        st.mip_filter = VSMP_MIPFILTER_LINEAR;
        for (unsigned a = 0; a < 3; a++)
            st.address[a] = (kind >> (2 - a)) & 1 ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP;
        vsmp_sampler_state sp = st;
        sp.mag_filter = VSMP_FILTER_NEAREST;
        vsmp_plan *p[5] = {NULL, NULL, NULL, NULL, NULL};
        CHECK(!vsmp_plan_create_cpu(s, &st, VSMP_SUB_SAMPLE_D, cpu, &p[0], NULL), "plan");
        CHECK(!vsmp_plan_create_cpu(s, &st, VSMP_SUB_SAMPLE, cpu, &p[1], NULL), "plan");
        CHECK(!vsmp_plan_create_cpu(s, &st, VSMP_SUB_SAMPLE_L, cpu, &p[2], NULL), "plan");
        CHECK(!vsmp_plan_create_cpu(s1, &st, VSMP_SUB_SAMPLE_D, cpu, &p[3], NULL), "plan");
        CHECK(!vsmp_plan_create_cpu(s, &sp, VSMP_SUB_SAMPLE_D, cpu, &p[4], NULL), "plan");
        if (p[0] && p[1] && p[2] && p[3] && p[4]) {
            for (int i = 0; i < 4; i++) /* (a point mag filter: another kernel's plan) */
                CHECK(!strcmp(p[i]->fast_name, name), "choice: %u %d: %s", kind, i,
                      p[i]->fast_name);
            CHECK(p[0]->fast == p[1]->fast, "choice: kind %u: sample_d's and sample's", kind);
            CHECK(p[0]->fast != p[2]->fast, "choice: kind %u: its own", kind);
            CHECK(p[2]->fast == p[3]->fast, "choice: kind %u: sample_l, one level: the entry",
                  kind);
            vsmp_message m = uv_message(16, NULL, NULL);
            vsmp_result t;
            for (int i = 2; i < 5; i++)
                CHECK(vsmp_3d_u8x4_avx2_took16(p[i], &m, &t) == -1,
                      "choice: kind %u %d: not a 16-lane kernel", kind, i);
            CHECK(vsmp_3d_u8x4_avx2_took16(p[0], &m, &t) >= 0, "choice: kind %u: a 16-lane one",
                  kind);
            for (unsigned k = 0; k < kind; k++)
                CHECK(seen[k] != p[0]->fast, "choice: kinds %u and %u apart", k, kind);
            seen[kind] = p[0]->fast;
        }
        for (int i = 0; i < 5; i++)
            vsmp_plan_free(p[i]);
    }
    vsmp_surface_free(s), vsmp_surface_free(s1);
}

#endif

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 150, have = vsmp_cpu_flags();
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
        probe = runs[i].cpu & VSMP_CPU_AVX2;
        trilinear3(runs[i].cpu, runs[i].name, n);
    }
#ifdef VSMP_HAVE_AVX2
    if ((have & VSMP_CPU_AVX2) == VSMP_CPU_AVX2) {
        choice(VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_SCALAR, "");
        choice(VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_GATHER, "_gather");
    }
#endif
    return t_finish();
}
