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

/* Every plan of the sizes, formats, modes and coordinates above at one level. */
static void identity(unsigned cpu, const char *level, unsigned n)
{
    static const vsmp_format fmts[] = {VSMP_FORMAT_R8_UNORM, VSMP_FORMAT_A8_UNORM,
                                       VSMP_FORMAT_R8_SNORM, VSMP_FORMAT_R8G8B8A8_UNORM,
                                       VSMP_FORMAT_B8G8R8A8_UNORM};
    kit_sweep(cpu, level, n, fmts, sizeof(fmts) / sizeof(fmts[0]), 0x5a8b16ull, kit_surface);
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
