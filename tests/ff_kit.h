/* SPDX-License-Identifier: MIT */
/*
 * What the fast path's reference comparisons (test_exec_fast.c, test_exec_fast_flow.c) share: the
 * declarations every form and run is written against, the random contents both machines get,
 * the comparison of every variable and predicate, the fast CPU levels (each again with generated
 * code) and the count of runs that got code, and the comparison of a list of runs at every level.
 * The method is test_exec_fast.c's (its opening comment).
 */
#ifndef VSMP_FF_KIT_H
#define VSMP_FF_KIT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h" /* VSMP_CPU_CODEGEN */
#include "exec_kit.h"

bool vsmp_x_is_fast(const vsmp_machine *m, uint32_t index);
unsigned vsmp_x_fused_at(const vsmp_machine *m, uint32_t index);
uint32_t vsmp_x_chain(const vsmp_machine *m, uint32_t index);
unsigned vsmp_x_gmode(const vsmp_machine *m, uint32_t index);
uint32_t vsmp_x_group(const vsmp_machine *m, uint32_t index);
bool vsmp_x_is_codegen(const vsmp_machine *m, uint32_t index);

static const char ff_decls[] = ".version 4.1\n.kernel \"ff\"\n"
                               ".decl FA v_type=G type=f num_elts=32 align=GRF\n"
                               ".decl FB v_type=G type=f num_elts=32 align=GRF\n"
                               ".decl FC v_type=G type=f num_elts=32 align=GRF\n"
                               ".decl FD v_type=G type=f num_elts=32 align=GRF\n"
                               ".decl DA v_type=G type=d num_elts=32 align=GRF\n"
                               ".decl DB v_type=G type=d num_elts=32 align=GRF\n"
                               ".decl DC v_type=G type=d num_elts=32 align=GRF\n"
                               ".decl DD v_type=G type=d num_elts=32 align=GRF\n"
                               ".decl UA v_type=G type=ud num_elts=32 align=GRF\n"
                               ".decl UB v_type=G type=ud num_elts=32 align=GRF\n"
                               ".decl UD v_type=G type=ud num_elts=32 align=GRF\n"
                               ".decl WA v_type=G type=w num_elts=32 align=GRF\n"
                               ".decl WB v_type=G type=uw num_elts=32 align=GRF\n"
                               ".decl WD v_type=G type=w num_elts=32 align=GRF\n"
                               ".decl HD v_type=G type=hf num_elts=32 align=GRF\n"
                               ".decl BA v_type=G type=b num_elts=32 align=GRF\n"
                               ".decl BD v_type=G type=ub num_elts=32 align=GRF\n"
                               ".decl WO v_type=G type=w num_elts=64 alias=<DC, 0>\n"
                               ".decl P1 v_type=P num_elts=32\n"
                               ".decl P2 v_type=P num_elts=32\n"
                               ".decl P3 v_type=P num_elts=16\n"
                               ".decl smp v_type=S num_elts=1\n"
                               ".decl img v_type=T num_elts=2\n";
static const char *const ff_vars[] = {"FA", "FB", "FC", "FD", "DA", "DB", "DC", "DD", "UA",
                                      "UB", "UD", "WA", "WB", "WD", "HD", "BA", "BD"};

static inline uint32_t ff_rand(uint64_t *st)
{
    *st = *st * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*st >> 32);
}

static inline uint32_t ff_float(uint64_t *st)
{
    static const uint32_t special[] = {
        0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x00800000u, 0x7f800000u, 0xff800000u,
        0x7fc00000u, 0x7f7fffffu, 0x3f800000u, 0xbf000000u, 0x4f000000u, 0xcf000000u, 0x4f800000u,
        0x477fe000u, 0x33800001u, 0x38800000u, 0x387fc000u, 0xc0200000u, 0x3fc00000u};
    uint32_t r = ff_rand(st), b, sign = r & 0x80000000u;
    switch (r & 7u) {
    case 0:
    case 1:
        b = special[(r >> 8) % (sizeof(special) / sizeof(special[0]))];
        break;
    case 2: { /* a tie between two binary16 values: normal, then subnormal in half */
        uint32_t e = 113u + (r >> 8) % 30u;
        b = sign | e << 23 | (ff_rand(st) & 0x3ffu) << 13 | 0x1000u;
        break;
    }
    case 3: {
        uint32_t e = 102u + (r >> 8) % 11u, shift = 126u - e; /* the half's rounding bit */
        b = sign | e << 23 | ((ff_rand(st) & 0x7fffffu) & ~((1u << shift) - 1u)) |
            1u << (shift - 1u);
        break;
    }
    case 4: /* integers and halves near the integer types' bounds */
        b = ff_rand(st);
        {
            static const float near[] = {2147483648.0f, 2147483520.0f, 4294967296.0f, 4294967040.0f,
                                         32767.5f,      32768.0f,      65535.5f,      65536.0f,
                                         127.5f,        128.0f,        255.5f,        256.0f,
                                         0.5f,          1.5f,          2.5f};
            float v = near[(r >> 8) % (sizeof(near) / sizeof(near[0]))];
            memcpy(&b, &v, 4);
            b |= sign;
        }
        break;
    default:
        b = ff_rand(st);
        break;
    }
    return (b & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : b;
}

static inline uint32_t ff_int(uint64_t *st)
{
    static const uint32_t special[] = {
        0,           1,           0xffffffffu, 0x7fffffffu, 0x80000000u, 0x8000u,
        0x7fffu,     0xffffu,     0x10000u,    31,          32,          33,
        0x7fu,       0x80u,       0xffu,       0x100u,      0xffffff80u, 0xffffff7fu,
        0xffff8000u, 0xffff7fffu, 0x80000001u, 0xfffffffeu}; /* saturation edges too */
    uint32_t r = ff_rand(st);
    switch (r & 3u) {
    case 0:
        return special[(r >> 8) % (sizeof(special) / sizeof(special[0]))];
    case 1:
        return (r >> 8) & 0x3fu;
    default:
        return ff_rand(st);
    }
}

/* Random contents for every variable and predicate, the same for both machines. */
static inline void ff_fill(vsmp_machine *const *ms, unsigned nm, uint64_t seed)
{
    for (size_t v = 0; v < sizeof(ff_vars) / sizeof(ff_vars[0]); v++) {
        uint64_t st = seed * 977u + v;
        vsmp_var_info vi;
        if (vsmp_machine_find(ms[0], ff_vars[v], &vi))
            continue;
        uint8_t b[128];
        unsigned ts = vi.bytes / vi.elements;
        for (uint32_t e = 0; e < vi.elements; e++) {
            uint32_t w = vi.type == VSMP_TYPE_F ? ff_float(&st) : ff_int(&st);
            memcpy(b + e * ts, &w, ts);
        }
        for (unsigned k = 0; k < nm; k++)
            vsmp_machine_write_var(ms[k], VSMP_VAR_GENERAL, vi.id, 0, b, vi.bytes);
    }
    uint64_t st = seed;
    uint32_t p1 = ff_rand(&st), p2 = ff_rand(&st), p3 = ff_rand(&st);
    for (unsigned k = 0; k < nm; k++) {
        vsmp_machine_write_var(ms[k], VSMP_VAR_PREDICATE, 1, 0, &p1, 4);
        vsmp_machine_write_var(ms[k], VSMP_VAR_PREDICATE, 2, 0, &p2, 4);
        vsmp_machine_write_var(ms[k], VSMP_VAR_PREDICATE, 3, 0, &p3, 4);
    }
}

/* Do two machines hold the same bytes in every variable and predicate, and in %cr0 (a run may
 * write it)? */
static inline bool ff_same(vsmp_machine *a, vsmp_machine *b, const char **which)
{
    vsmp_var_info cr;
    uint32_t ca = 0, cb = 1;
    size_t nc;
    vsmp_machine_find(a, "%cr0", &cr);
    vsmp_machine_read_var(a, VSMP_VAR_GENERAL, cr.id, 0, &ca, 4, &nc);
    vsmp_machine_read_var(b, VSMP_VAR_GENERAL, cr.id, 0, &cb, 4, &nc);
    if (ca != cb) {
        *which = "%cr0";
        return false;
    }
    for (size_t v = 0; v < sizeof(ff_vars) / sizeof(ff_vars[0]); v++) {
        vsmp_var_info vi;
        uint8_t x[128], y[128];
        size_t nx = 0, ny = 0;
        vsmp_machine_find(a, ff_vars[v], &vi);
        vsmp_machine_read_var(a, VSMP_VAR_GENERAL, vi.id, 0, x, sizeof(x), &nx);
        vsmp_machine_read_var(b, VSMP_VAR_GENERAL, vi.id, 0, y, sizeof(y), &ny);
        if (nx != ny || memcmp(x, y, nx)) {
            *which = ff_vars[v];
            return false;
        }
    }
    for (uint32_t id = 1; id <= 3; id++) {
        uint32_t x = 0, y = 1;
        size_t n;
        vsmp_machine_read_var(a, VSMP_VAR_PREDICATE, id, 0, &x, 4, &n);
        vsmp_machine_read_var(b, VSMP_VAR_PREDICATE, id, 0, &y, 4, &n);
        if (x != y) {
            *which = id == 1 ? "P1" : id == 2 ? "P2" : "P3";
            return false;
        }
    }
    return true;
}

/* A SIMD32 machine planned at CPU level @p cpu, lanes @p dmask on at dispatch, its step limit
 * @p limit (0: the default). */
static inline vsmp_machine *ff_machine_lim(const vsmp_module *mod, unsigned cpu, uint32_t dmask,
                                           uint64_t limit)
{
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.dispatch_simd = 32;
    o.dispatch_mask = dmask;
    if (limit)
        o.max_steps = limit;
    return kit_create_at(mod, cpu, VSMP_PLATFORM_TGLLP, &o, NULL);
}

static inline vsmp_machine *ff_machine(const vsmp_module *mod, unsigned cpu, uint32_t dmask)
{
    return ff_machine_lim(mod, cpu, dmask, 0);
}

/* The fast CPU levels the host has (the C kernels, then AVX2 with FMA, then AVX-512), each
 * again with generated code (VSMP_CPU_CODEGEN, where the build has it), into levels[]
 * (FF_LEVELS at most), their count. They are set through vsmp_cpu_set_mask: VSMP_CPU, which
 * lowers every mask, would keep them from being reached, so it is unset. */
enum { FF_LEVELS = 6 };
static inline unsigned ff_levels(unsigned *levels)
{
    unsetenv("VSMP_CPU");
    unsigned all = vsmp_cpu_flags(), n = 0;
    levels[n++] = VSMP_CPU_C;
    if (all & VSMP_CPU_AVX2)
        levels[n++] = VSMP_CPU_C | VSMP_CPU_AVX2;
    if ((all & VSMP_CPU_AVX2) && (all & VSMP_CPU_AVX512))
        levels[n++] = VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512;
    for (unsigned k = 0, plain = n; k < plain && (all & VSMP_CPU_CODEGEN); k++)
        levels[n++] = levels[k] | VSMP_CPU_CODEGEN;
    return n;
}

/* Runs given generated code at the levels with it (vsmp_x_is_codegen), counted per level by
 * the run comparisons, so that a cache that never makes code cannot pass (ff_cg_check) */
static unsigned ff_cg_made[FF_LEVELS];
static inline void ff_cg_count(vsmp_machine *const *ms, unsigned nlev)
{
    for (unsigned l = 0; l < nlev; l++)
        for (uint32_t i = 0; ms[1 + l] && i < 64; i++)
            ff_cg_made[l] += vsmp_x_is_codegen(ms[1 + l], i);
}
static inline void ff_cg_check(const char *what)
{
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (unsigned l = 0; l < nlev; l++) {
        bool cg = (levels[l] & VSMP_CPU_CODEGEN) != 0;
        CHECK(cg ? ff_cg_made[l] > 0 : !ff_cg_made[l], "%s at level 0x%x: %u runs with code", what,
              levels[l], ff_cg_made[l]);
        ff_cg_made[l] = 0;
    }
}

/* Every machine made: the reference level's and one per fast level (@p nlev) */
static inline bool ff_made(vsmp_machine *const *ms, unsigned nlev)
{
    for (unsigned k = 0; k < 1 + nlev; k++)
        if (!ms[k])
            return false;
    return true;
}

/* The reference level's machine, then one per level of @p levels (@p nlev), as ff_machine_lim
 * makes them, into ms[] (1 + FF_LEVELS, the rest NULL): whether every one was made */
static inline bool ff_machine_set(vsmp_machine **ms, const vsmp_module *mod, const unsigned *levels,
                                  unsigned nlev, uint32_t dmask, uint64_t limit)
{
    for (unsigned k = 0; k < 1 + FF_LEVELS; k++)
        ms[k] = k <= nlev ? ff_machine_lim(mod, k ? levels[k - 1] : 0, dmask, limit) : NULL;
    return ff_made(ms, nlev);
}

/* Did machine b's run end as a's (@p oka: it ran to the end; else *wa says why it stopped):
 * the same way, after as many steps, with the same contents (ff_same)? */
static inline bool ff_same_end(vsmp_machine *a, bool oka, const kit_why *wa, vsmp_machine *b,
                               bool okb, const kit_why *wb, const char **which)
{
    return oka == okb && wa->status == wb->status && !strcmp(wa->rule, wb->rule) &&
           vsmp_machine_steps(a) == vsmp_machine_steps(b) && ff_same(a, b, which);
}

/* The declarations, @p body (then @p sep) and ret, parsed; NULL (a failed check) when not. */
static inline vsmp_module *ff_parse(const char *body, const char *sep)
{
    char text[8192];
    snprintf(text, sizeof(text), "%s%s%sret (M1, 1)\n", ff_decls, body, sep);
    vsmp_module *mod = kit_parse(text, VSMP_DIALECT_12504, NULL);
    CHECK(mod != NULL, "parse %s", body);
    return mod;
}

/* Each of @p runs (@p count), every instruction fast (@p all_fast) or the first. */
static inline void test_runs_of(const char *const *runs, size_t count, bool all_fast)
{
    static const uint32_t cr0s[] = {0x0, 0x80, 0x400, 0x10};
    static const uint32_t dmasks[] = {0xffffffffu, 0x0000ffffu, 0xfff0ffffu, 0x00ff0f0fu};
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (size_t f = 0; f < count; f++) {
        vsmp_module *mod = ff_parse(runs[f], "");
        if (!mod)
            continue;
        uint32_t ninst = mod->kernels[0].num_insts - 1; /* without ret */
        for (size_t dm = 0; dm < sizeof(dmasks) / sizeof(dmasks[0]); dm++) {
            vsmp_machine *ms[1 + FF_LEVELS];
            bool made = ff_machine_set(ms, mod, levels, nlev, dmasks[dm], 0);
            CHECK(made, "machines for run %zu", f);
            if (!made)
                goto next;
            for (uint32_t i = 0; i < (all_fast ? ninst : 1u); i++) {
                CHECK(!vsmp_x_is_fast(ms[0], i), "run %zu inst %u: reference level", f, i);
                for (unsigned l = 0; l < nlev; l++)
                    CHECK(vsmp_x_is_fast(ms[1 + l], i), "run %zu inst %u: fast at level 0x%x", f, i,
                          levels[l]);
            }
            unsigned bad = 0;
            for (uint64_t seed = 1; seed <= 200 && bad < 3; seed++) {
                uint32_t c0 = cr0s[seed % (sizeof(cr0s) / sizeof(cr0s[0]))];
                ff_fill(ms, 1 + nlev, seed * 104729u + f * 31u + dm);
                for (unsigned k = 0; k < 1 + nlev; k++) {
                    kit_set_cr0(ms[k], c0);
                    CHECK(kit_run(ms[k], NULL), "run %zu", f);
                }
                for (unsigned l = 0; l < nlev; l++) {
                    const char *which = "";
                    bool same = ff_same(ms[0], ms[1 + l], &which);
                    CHECK(same,
                          "run %zu (level 0x%x, mask 0x%08x, seed %llu, cr0 0x%x): %s differs", f,
                          levels[l], dmasks[dm], (unsigned long long)seed, c0, which);
                    bad += !same;
                }
            }
            ff_cg_count(ms, nlev);
        next:
            for (unsigned k = 0; k < 1 + FF_LEVELS; k++)
                vsmp_machine_free(ms[k]);
        }
        vsmp_module_free(mod);
    }
}

#endif
