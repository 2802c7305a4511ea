/* SPDX-License-Identifier: MIT */
/*
 * Point and bilinear sampling of one 16-bit channel in a 2-byte texel (R16_UNORM, R16_FLOAT,
 * A16_UNORM) through the flat kernels, against the reference word for word at every CPU level
 * this machine has (c, avx2, avx512) and both load forms: above all the AVX2 level's 16-lane
 * bilinear kernels (sample_avx2_r16.c's bil16_r16), which take SIMD16 messages with every lane on
 * whose taps are a run of 16 or two rows of 8 (quads, or two runs of 8) and send the rest to the
 * 8-lane kernel. fastpath_kit.h's messages: those shapes and shapes one lane off them, at texel
 * centres and edges, inside the level, across its edges (WRAP's last column, CLAMP's first and
 * last rows) and off it, a lane at NaN, an infinity, a huge value or -0, partial, SIMD8 and
 * SIMD32; on a 37x11 level, 64x8 (WRAP), 16x2, arrays too; every pair of axis modes, normalized
 * and unnormalized coordinates. The texels are random with every 5th one special: float16 -0,
 * infinities, NaNs (quiet, signalling, negative), the largest finite and subnormal values; UNORM16
 * 0 and 65535. And the AVX2 level's choice: the bilinear plans of these formats on 2D surfaces
 * with CLAMP and WRAP axes name a kernel of their own for each pair of modes, decoder and channel,
 * the rest (point, CLAMP_BORDER, arrays) the 8-lane family's entry, all under the name
 * sample_flat_r16_avx2.
 *
 * usage: test_fastpath_r16 [MESSAGES_PER_PLAN]
 */
#include <stdio.h>

#include "fastpath_kit.h"
#include "testlib.h"

static const vsmp_format fmts[] = {VSMP_FORMAT_R16_UNORM, VSMP_FORMAT_R16_FLOAT,
                                   VSMP_FORMAT_A16_UNORM};

/* kit_surface's surface with every 5th texel one of the format's special values. */
static vsmp_surface *special_surface(sc_rng *r, vsmp_format f, uint32_t w, uint32_t h, bool array)
{
    static const uint16_t f16[] = {0x8000, 0x0000, 0x7c00, 0xfc00, 0x7e00, 0x7d01, 0xfe00,
                                   0xffff, 0x7bff, 0xfbff, 0x0001, 0x8001, 0x3c00, 0xbc00};
    static const uint16_t u16[] = {0, 0xffff, 1, 0xfffe};
    vsmp_surface *s = kit_surface(r, f, w, h, array);
    if (!s)
        return NULL;
    const vsmp_surface_desc *d = vsmp_surface_get_desc(s);
    uint8_t *b = d->data;
    bool half = f == VSMP_FORMAT_R16_FLOAT;
    for (size_t i = 0; i + 1 < d->data_size; i += 10) {
        uint16_t v = half ? f16[sc_below(r, sizeof(f16) / sizeof(f16[0]))]
                          : u16[sc_below(r, sizeof(u16) / sizeof(u16[0]))];
        memcpy(b + i, &v, 2);
    }
    return s;
}

/* Every plan of the sizes, formats, modes and coordinates above at one level (cpu: with its
 * load form). */
static void identity(unsigned cpu, const char *level, unsigned n)
{
    kit_sweep(cpu, level, n, fmts, sizeof(fmts) / sizeof(fmts[0]), 0x16b16ull, special_surface);
}

/* The AVX2 level's choice: a kernel of its own for the bilinear plans of each format on 2D
 * surfaces with CLAMP and WRAP axes, one per pair of modes, decoder and channel (R16, R16_FLOAT
 * and A16 each their own); the family's entry (an array's plan's kernel) for the rest. */
static void choice(unsigned cpu)
{
    sc_rng r = {0xc416ull, NULL, 0};
    vsmp_surface *s[3], *ar = kit_surface(&r, VSMP_FORMAT_R16_UNORM, 64, 8, true);
    for (int i = 0; i < 3; i++)
        s[i] = kit_surface(&r, fmts[i], 64, 8, false);
    CHECK(s[0] && s[1] && s[2] && ar, "choice: surfaces");
    vsmp_kernel seen[18][3] = {{NULL}};
    for (unsigned kind = 0; s[0] && s[1] && s[2] && ar && kind < 18; kind++) {
        bool linear = kind >= 9;
        vsmp_sampler_state st = kit_state(kind % 9, linear, kind % 2);
        vsmp_plan *p[4] = {NULL, NULL, NULL, NULL};
        for (int i = 0; i < 4; i++)
            CHECK(
                !vsmp_plan_create_cpu(i < 3 ? s[i] : ar, &st, VSMP_SUB_SAMPLE_LZ, cpu, &p[i], NULL),
                "choice: plan");
        if (p[0] && p[1] && p[2] && p[3]) {
            for (int i = 0; i < 4; i++)
                CHECK(!strcmp(p[i]->fast_name, "sample_flat_r16_avx2"), "choice: %u %d: %s", kind,
                      i, p[i]->fast_name);
            vsmp_kernel entry = p[3]->fast;
            bool own = linear && kind % 9 / 3 != 2 && kind % 3 != 2; /* no CLAMP_BORDER */
            for (int i = 0; i < 3; i++)
                CHECK((p[i]->fast != entry) == own, "choice: %s kind %u",
                      vsmp_format_get(fmts[i])->name, kind);
            CHECK(!own || (p[0]->fast != p[1]->fast && p[0]->fast != p[2]->fast &&
                           p[1]->fast != p[2]->fast),
                  "choice: R16, R16F and A16 kind %u apart", kind);
            for (unsigned k = 0; own && k < kind; k++)
                for (int i = 0; i < 3; i++)
                    CHECK(seen[k][i] != p[i]->fast, "choice: kinds %u and %u apart", k, kind);
            for (int i = 0; own && i < 3; i++)
                seen[kind][i] = p[i]->fast;
        }
        for (int i = 0; i < 4; i++)
            vsmp_plan_free(p[i]);
    }
    for (int i = 0; i < 3; i++)
        vsmp_surface_free(s[i]);
    vsmp_surface_free(ar);
}

int main(int argc, char **argv)
{
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 400, have = vsmp_cpu_flags();
    static const struct {
        unsigned form;
        const char *name;
    } forms[] = {{VSMP_CPU_SCALAR, ""}, {VSMP_CPU_GATHER, " gather"}};
    for (unsigned i = 0; i < 3; i++) {
        if ((have & kit_levels[i].cpu) != kit_levels[i].cpu) {
            printf("SKIP: level %s not tested: this CPU or build lacks it (flags %#x)\n",
                   kit_levels[i].name, have);
            continue;
        }
        for (unsigned f = 0; f < (i ? 2u : 1u); f++) {
            char level[32];
            snprintf(level, sizeof(level), "%s%s", kit_levels[i].name, forms[f].name);
            identity(kit_levels[i].cpu | (i ? forms[f].form : 0), level, n);
        }
        if (kit_levels[i].cpu == (VSMP_CPU_C | VSMP_CPU_AVX2))
            choice(kit_levels[i].cpu);
    }
    return t_finish();
}
