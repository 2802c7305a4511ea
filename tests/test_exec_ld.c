/* SPDX-License-Identifier: MIT */
/*
 * ld of one row (src/exec/exec_ld.c): ld and ld_lz whose lanes read the texels of one row of
 * a 2D surface of four 8-bit integer channels. First by hand (UINT channels widened with
 * zeros, SINT with their sign, the pixel null mask all ones), then against the sampling
 * engine's reference (the machine planned at level "ref", the engine run at its reference
 * pipeline) on random messages at every CPU level the host has: rows inside, past the row's
 * end, below and above the surface, a lane off the row, disabled lanes, immediate offsets,
 * LODs, SIMD8/16/32, every channel mask, with and without the null mask, every byte of the
 * response and of the GRFs after it compared; and a tile made non-resident after the plan. Links
 * the internal objects to ask whether the instruction was planned on the row path.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

/* internal (src/exec/exec_internal.h, machine_bytes.h) */
bool vsmp_x_ld_row_planned(const vsmp_machine *m, uint32_t index);
void vsmp_machine_totals(const vsmp_machine *m, uint64_t *steps, uint64_t *smp);

/* After @p runs runs of the two-instruction program (the ld and ret), @p msgs of them with an
 * enabled lane: each run's counts, and their sums since the machine's creation (what the launch
 * counts a worker's threads by). */
static void check_counts(const vsmp_machine *m, unsigned runs, unsigned msgs, bool sent)
{
    uint64_t steps = 0, smp = 0;
    vsmp_machine_totals(m, &steps, &smp);
    CHECK(vsmp_machine_steps(m) == 2 && vsmp_machine_sampler_messages(m) == (sent ? 1u : 0u),
          "run %u: %llu steps, %llu sampler messages", runs,
          (unsigned long long)vsmp_machine_steps(m),
          (unsigned long long)vsmp_machine_sampler_messages(m));
    CHECK(steps == 2u * runs && smp == msgs, "after %u runs: totals %llu steps, %llu messages",
          runs, (unsigned long long)steps, (unsigned long long)smp);
}

static const char *const mask_names[16] = {"",    ".R",   ".G",   ".RG",  ".B",  ".RB",
                                           ".GB", ".RGB", ".A",   ".RA",  ".GA", ".RGA",
                                           ".BA", ".RBA", ".GBA", ".RGBA"};

/* ld (with L) or ld_lz of the channels in @p mask at SIMD @p simd under P1, immediate offsets
 * @p aoff (vISA's 0xUVR nibbles), the response in D (and its null mask when @p pnm), the
 * surface's binding-table index at payload offset 8. */
static vsmp_module *program(bool lz, unsigned mask, unsigned simd, unsigned aoff, bool pnm)
{
    char text[2048];
    snprintf(text, sizeof(text),
             ".version 4.1\n.kernel \"t\"\n"
             ".decl U v_type=G type=ud num_elts=32 align=GRF\n"
             ".decl V v_type=G type=ud num_elts=32 align=GRF\n"
             ".decl L v_type=G type=ud num_elts=32 align=GRF\n"
             ".decl D v_type=G type=ud num_elts=144 align=GRF\n"
             ".decl P1 v_type=P num_elts=32\n"
             ".decl img v_type=T num_elts=1\n"
             ".input img offset=8 size=4\n"
             "(P1) %s%s%s (M1, %u) 0x%x:uw img D.0 U.0 V.0%s\n"
             "ret (M1, 1)\n",
             lz ? "load_lz" : "load_3d", pnm ? ".pixel_null_mask" : "", mask_names[mask], simd,
             aoff, lz ? "" : " L.0");
    vsmp_module *mod = kit_parse(text, VSMP_DIALECT_12504, NULL);
    CHECK(mod != NULL, "parse %s%s SIMD%u", lz ? "load_lz" : "load_3d", mask_names[mask], simd);
    return mod;
}

static vsmp_machine *machine(const vsmp_module *mod, unsigned cpu)
{
    if (!mod)
        return NULL;
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.dispatch_simd = 32;
    vsmp_machine *m = kit_create_at(mod, cpu, VSMP_PLATFORM_TGLLP, &o, NULL);
    CHECK(m != NULL, "machine at level %#x", cpu);
    return m;
}

/* Bind @p s, fill D with a pattern, set the lanes, coordinates and LODs and run with the CPU
 * mask @p cpu (the plan the sampler instruction makes on its first message takes its kernels
 * from it); D's bytes into @p out. */
static bool run(vsmp_machine *m, unsigned cpu, vsmp_surface *s, uint32_t pred, const uint32_t *u,
                const uint32_t *v, const uint32_t *l, uint8_t *out)
{
    uint8_t bti[4] = {3, 0, 0, 0}, fill[576];
    for (unsigned i = 0; i < sizeof(fill); i++)
        fill[i] = (uint8_t)(0xa5 ^ i);
    CHECK(vsmp_machine_bind_surface(m, 3, s) == VSMP_OK, "bind");
    CHECK(vsmp_machine_set_payload(m, 8, bti, 4) == VSMP_OK, "payload");
    kit_put(m, "U", u, 128);
    kit_put(m, "V", v, 128);
    kit_put(m, "L", l, 128);
    kit_put(m, "D", fill, sizeof(fill));
    kit_put(m, "P1", &pred, 4);
    vsmp_cpu_set_mask(cpu);
    bool ok = kit_run(m, NULL);
    vsmp_cpu_set_mask(~0u);
    kit_get(m, "D", out, 576);
    return ok;
}

static vsmp_surface *surface(vsmp_format f, uint32_t w, uint32_t h, uint32_t levels)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = f, d.type = VSMP_SURFTYPE_2D, d.width = w, d.height = h, d.depth = 1;
    d.array_len = 1, d.levels = levels;
    vsmp_surface *s = NULL;
    CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_OK, "surface");
    return s;
}

static vsmp_format format_named(const char *name)
{
    vsmp_format f = 0;
    CHECK(vsmp_format_find(name, &f) == VSMP_OK, "format %s", name);
    return f;
}

static uint32_t word(const uint8_t *p)
{
    uint32_t w;
    memcpy(&w, p, 4);
    return w;
}

/* ---- by hand ---- */

/* SIMD16 ld_lz.RGBA of row 1 from texel 3 of a 24x2 surface whose texel (x, y) holds the
 * bytes (x, 0x80 + x, 16 y, 0xff - x): R8G8B8A8_UINT reads them as they are, R8G8B8A8_SINT
 * with the sign (0x80 + x: -128 + x; 0xff - x: -1 - x). The response is four GRF pairs (one a
 * channel), then the null mask's DWord, all ones. With lane 15 off, the engine answers and its
 * lane 15 keeps D's bytes. */
static void test_hand(void)
{
    static const char *const names[2] = {"R8G8B8A8_UINT", "R8G8B8A8_SINT"};
    for (unsigned sint = 0; sint < 2; sint++) {
        vsmp_surface *s = surface(format_named(names[sint]), 24, 2, 1);
        uint8_t *mem = vsmp_surface_get_desc(s)->data;
        size_t pitch = vsmp_surface_get_desc(s)->row_pitch[0];
        for (unsigned y = 0; y < 2; y++)
            for (unsigned x = 0; x < 24; x++) {
                uint8_t *t = mem + y * pitch + 4 * x;
                t[0] = (uint8_t)x, t[1] = (uint8_t)(0x80 + x), t[2] = (uint8_t)(16 * y);
                t[3] = (uint8_t)(0xff - x);
            }
        vsmp_module *mod = program(true, 0xf, 16, 0, true);
        vsmp_machine *m = machine(mod, VSMP_CPU_C);
        uint32_t u[32], v[32], l[32] = {0};
        for (unsigned k = 0; k < 32; k++)
            u[k] = 3 + k, v[k] = 1;
        for (unsigned pass = 0; pass < 2 && m; pass++) {
            uint8_t d[576];
            uint32_t pred = pass ? 0x7fffu : 0xffffu;
            CHECK(run(m, ~0u, s, pred, u, v, l, d), "%s run", names[sint]);
            CHECK(vsmp_x_ld_row_planned(m, 0), "%s: planned on the row path", names[sint]);
            for (unsigned k = 0; k < (pass ? 15u : 16u); k++) {
                uint32_t x = 3 + k;
                uint32_t want[4] = {x, 0x80 + x, 16, 0xff - x};
                if (sint)
                    want[1] = (uint32_t)(int32_t)(int8_t)(uint8_t)want[1],
                    want[3] = (uint32_t)(int32_t)(int8_t)(uint8_t)want[3];
                for (unsigned c = 0; c < 4; c++)
                    CHECK(word(d + 64 * c + 4 * k) == want[c],
                          "%s pass %u lane %u channel %u: %08x, expected %08x", names[sint], pass,
                          k, c, word(d + 64 * c + 4 * k), want[c]);
            }
            if (pass)
                for (unsigned c = 0; c < 4; c++) /* lane 15 off: the pattern stays */
                    for (unsigned b = 0; b < 4; b++)
                        CHECK(d[64 * c + 60 + b] == (uint8_t)(0xa5 ^ (64 * c + 60 + b)),
                              "%s: lane 15 channel %u byte %u written", names[sint], c, b);
            CHECK(word(d + 256) == 0xffffffffu, "%s pass %u: null mask %08x", names[sint], pass,
                  word(d + 256));
            for (unsigned b = 260; b < 576; b++)
                CHECK(d[b] == (uint8_t)(0xa5 ^ b), "%s: byte %u past the response written",
                      names[sint], b);
            check_counts(m, pass + 1, pass + 1, true);
        }
        if (m) { /* every lane off: no message sent, the steps counted */
            uint8_t d[576];
            CHECK(run(m, ~0u, s, 0, u, v, l, d), "%s run, no lane", names[sint]);
            check_counts(m, 3, 2, false);
        }
        vsmp_machine_free(m);
        vsmp_module_free(mod);
        vsmp_surface_free(s);
    }
}

/* What the row path is not planned for: float and UNORM formats, 16- and 32-bit channels,
 * an array, and the reference level. */
static void test_not_planned(void)
{
    static const struct {
        const char *format;
        bool array;
        unsigned cpu;
    } cases[] = {
        {"R8G8B8A8_UNORM", false, VSMP_CPU_C}, {"R16G16B16A16_UINT", false, VSMP_CPU_C},
        {"R32_UINT", false, VSMP_CPU_C},       {"R8G8B8A8_UINT", true, VSMP_CPU_C},
        {"R8G8B8A8_UINT", false, 0},
    };
    vsmp_module *mod = program(true, 0xf, 16, 0, false);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        vsmp_surface_desc d;
        vsmp_surface_desc_init(&d);
        d.format = format_named(cases[i].format), d.type = VSMP_SURFTYPE_2D;
        d.width = 32, d.height = 2, d.depth = 1, d.levels = 1;
        d.array = cases[i].array, d.array_len = cases[i].array ? 2 : 1;
        vsmp_surface *s = NULL;
        CHECK(vsmp_surface_create(&d, &s, NULL) == VSMP_OK, "surface %s", cases[i].format);
        vsmp_machine *m = machine(mod, cases[i].cpu);
        uint32_t u[32], v[32] = {0}, l[32] = {0};
        for (unsigned k = 0; k < 32; k++)
            u[k] = k;
        uint8_t out[576];
        CHECK(m && run(m, ~0u, s, ~0u, u, v, l, out), "%s run", cases[i].format);
        CHECK(m && !vsmp_x_ld_row_planned(m, 0), "%s%s at level %#x: not on the row path",
              cases[i].format, cases[i].array ? " array" : "", cases[i].cpu);
        vsmp_machine_free(m);
        vsmp_surface_free(s);
    }
    vsmp_module_free(mod);
}

/* A tile made non-resident after the plan was made, the binding unchanged: the next message
 * into it goes to the engine, which reads zeros there and clears those lanes' null-mask bits
 * (SEMANTICS 3). RGBA8 UINT 128 x 256: 512-byte rows, 128 to a 64 KiB tile; row 200 lies in
 * tile 1. */
static void test_sparse(void)
{
    vsmp_surface *s = surface(format_named("R8G8B8A8_UINT"), 128, 256, 1);
    uint8_t *mem = vsmp_surface_get_desc(s)->data;
    memset(mem, 0x5a, vsmp_surface_get_desc(s)->data_size);
    vsmp_module *mod = program(true, 0xf, 16, 0, true);
    vsmp_machine *m = machine(mod, VSMP_CPU_C);
    uint32_t u[32], v[32], l[32] = {0};
    for (unsigned k = 0; k < 32; k++)
        u[k] = 16 + k, v[k] = 200;
    uint8_t d[576];
    CHECK(m && run(m, ~0u, s, ~0u, u, v, l, d), "sparse: first run");
    CHECK(m && vsmp_x_ld_row_planned(m, 0), "sparse: planned on the row path");
    CHECK(word(d) == 0x5a && word(d + 256) == 0xffffffffu, "sparse: resident row %08x %08x",
          word(d), word(d + 256));
    CHECK(vsmp_surface_set_resident(s, 1, false) == VSMP_OK, "unmap tile 1");
    CHECK(m && kit_run(m, NULL), "sparse: second run");
    if (m)
        kit_get(m, "D", d, sizeof(d));
    for (unsigned c = 0; c < 4; c++)
        CHECK(word(d + 64 * c) == 0 && word(d + 64 * c + 60) == 0,
              "sparse: channel %u of a non-resident texel %08x", c, word(d + 64 * c));
    CHECK(word(d + 256) == 0xffff0000u, "sparse: null mask %08x, expected ffff0000", word(d + 256));
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    vsmp_surface_free(s);
}

/* ---- against the reference ---- */

static uint64_t rng_state;
static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 33);
}

typedef struct pshape {
    bool lz;
    unsigned mask, simd, aoff;
    bool pnm;
} pshape;

static void test_random(void)
{
    static const char *const formats[] = {"R8G8B8A8_UINT", "R8G8B8A8_SINT", "R8G8B8A8_UNORM"};
    static const pshape ps[] = {
        {true, 0xf, 16, 0, true},      {true, 0xf, 16, 0, false}, {false, 0xf, 16, 0, true},
        {true, 0xf, 8, 0, true},       {false, 0xf, 32, 0, true}, {true, 0x5, 16, 0, true},
        {false, 0xa, 8, 0, false},     {true, 0x8, 32, 0, true},  {true, 0xf, 16, 0x100, true},
        {false, 0xf, 16, 0x0f0, true},
    };
    const unsigned np = sizeof(ps) / sizeof(ps[0]);
    unsigned lv[4], nlev = kit_levels(lv);
    unsigned compared = 0, bad = 0, rows = 0;
    for (unsigned p = 0; p < np; p++) {
        vsmp_module *mod = program(ps[p].lz, ps[p].mask, ps[p].simd, ps[p].aoff, ps[p].pnm);
        vsmp_machine *ms[4] = {NULL};
        for (unsigned li = 0; li < nlev; li++)
            ms[li] = machine(mod, lv[li]);
        for (size_t fi = 0; fi < sizeof(formats) / sizeof(formats[0]); fi++) {
            /* 40 x 5 with 3 levels (the view's first level only is the row path's) */
            vsmp_surface *s = surface(format_named(formats[fi]), 40, 5, 3);
            const vsmp_surface_desc *sd = vsmp_surface_get_desc(s);
            for (unsigned round = 0; round < 40 && s; round++) {
                rng_state = 0x1d0000ull + p * 7919u + fi * 131u + round;
                uint8_t *mem = sd->data;
                for (size_t b = 0; b < sd->data_size; b++)
                    mem[b] = (uint8_t)rnd();
                uint32_t u[32], v[32], l[32];
                unsigned kind = rnd() % 8;
                /* mostly rows: inside, running past the end, or starting anywhere */
                uint32_t u0 = kind < 4   ? rnd() % (41 - ps[p].simd > 40 ? 1 : 41 - ps[p].simd)
                              : kind < 6 ? rnd() % 44
                                         : rnd();
                uint32_t v0 = rnd() % 8 == 0 ? 5 + rnd() % 2 : rnd() % 5;
                for (unsigned k = 0; k < 32; k++)
                    u[k] = u0 + k, v[k] = v0, l[k] = 0;
                if (rnd() % 5 == 0) /* a lane off the row, or at another LOD */
                    (rnd() % 2 ? u : rnd() % 2 ? v : l)[rnd() % ps[p].simd] ^= 1 + rnd() % 4;
                if (kind == 7) /* anything */
                    for (unsigned k = 0; k < 32; k++)
                        u[k] = rnd() % 48, v[k] = rnd() % 6, l[k] = rnd() % 4;
                uint32_t pred = rnd() % 3 ? ~0u : rnd();
                uint8_t ref[576];
                CHECK(ms[0] && run(ms[0], 0, s, pred, u, v, l, ref), "reference run");
                for (unsigned li = 1; li < nlev; li++) {
                    uint8_t got[576];
                    CHECK(ms[li] && run(ms[li], lv[li], s, pred, u, v, l, got), "run");
                    compared++;
                    if (memcmp(ref, got, sizeof(ref)) && bad++ < 10) {
                        unsigned at = 0;
                        while (ref[at] == got[at])
                            at++;
                        CHECK(false,
                              "%s%s%s SIMD%u aoff %#x%s, %s round %u, level %#x: D byte %u is "
                              "%02x, the reference's %02x",
                              ps[p].lz ? "load_lz" : "load_3d", ps[p].pnm ? ".pnm" : "",
                              mask_names[ps[p].mask], ps[p].simd, ps[p].aoff,
                              pred == ~0u ? "" : " (some lanes off)", formats[fi], round, lv[li],
                              at, got[at], ref[at]);
                    }
                }
            }
            rows += ms[1] && vsmp_x_ld_row_planned(ms[1], 0);
            vsmp_surface_free(s);
        }
        for (unsigned li = 0; li < nlev; li++)
            vsmp_machine_free(ms[li]);
        vsmp_module_free(mod);
    }
    /* the two integer formats of every shape */
    CHECK(rows == 2 * np, "%u of %u (shape, integer format) planned on the row path", rows, 2 * np);
    CHECK(bad == 0, "%u of %u messages differ from the reference", bad, compared);
    printf("%u messages compared at %u fast levels\n", compared, nlev - 1);
}

int main(void)
{
    test_hand();
    test_not_planned();
    test_sparse();
    test_random();
    return t_finish();
}
