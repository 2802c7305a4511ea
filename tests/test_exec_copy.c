/* SPDX-License-Identifier: MIT */
/*
 * The machine's copies (mov and sel that copy bits: vsmp_x_is_copy, docs/EXEC.md 5.2) on the
 * general path and at each fast CPU level, each written element checked by hand.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

bool vsmp_x_is_fast(const vsmp_machine *m, uint32_t index);

/* A TGLLP machine of @p mod at CPU level @p cpu, dispatched SIMD32 with every lane on. */
static vsmp_machine *copy_machine(const vsmp_module *mod, unsigned cpu)
{
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.dispatch_simd = 32;
    o.dispatch_mask = ~0u;
    return kit_create_at(mod, cpu, VSMP_PLATFORM_TGLLP, &o, NULL);
}

/* Copies (vsmp_x_is_copy, docs/EXEC.md 5.2): a mov or sel whose sources have the dst's type,
 * without a source modifier or .sat, copies bits, on the general path (the reference level) and
 * at each fast level. The sources hold signalling NaNs of both signs (F 0x7f800001 and
 * 0xffa00000, HF 0x7c01 and 0xfd00, DF 0x7ff0000000000001 and 0xfff4000000000000), denormals of
 * both signs and 1.0; each written dst element must be the bits of the source element the
 * region and the predicate pick (by hand below), under %cr0 = 0 (denormals flushed by every
 * conversion), 0x80 and 0x30 (round toward zero: the fast forms of a conversion would go to
 * the general path). The dst starts as 0xa5 bytes; the elements no lane writes keep them. */
typedef struct copy_form {
    const char *text;
    unsigned ts;        /* element bytes: 4 (F), 2 (HF), 8 (DF) */
    unsigned n;         /* lanes */
    unsigned doff, dhs; /* the dst's first element and stride */
    unsigned soff, shs; /* the first source's (scalar: shs 0) */
    int pred;           /* 0 none, 1 (P1), 2 (!P1); for sel it picks src0 */
    int sel;            /* 0 mov; 1 sel of XA, XB; 2 sel of XA and the immediate 0x7f800001 */
    uint32_t imm;       /* a mov of this immediate (F) */
    bool from_b;        /* a mov of XB (through XC) */
    bool fast;          /* planned on the fast path at every fast level */
} copy_form;

static const copy_form copy_forms[] = {
    {"mov (M1, 16) XD(0,0)<1> XA(0,0)<8;8,1>", 4, 16, 0, 1, 0, 1, 0, 0, 0, false, true},
    {"mov (M1, 32) XD(0,0)<1> XA(0,0)<8;8,1>", 4, 32, 0, 1, 0, 1, 0, 0, 0, false, true},
    {"mov (M1, 8) XD(0,0)<1> XA(0,1)<16;8,2>", 4, 8, 0, 1, 1, 2, 0, 0, 0, false, true},
    {"mov (M1, 8) XD(0,0)<2> XA(0,0)<8;8,1>", 4, 8, 0, 2, 0, 1, 0, 0, 0, false, true},
    {"mov (M1, 1) XD(0,3)<1> XA(0,5)<0;1,0>", 4, 1, 3, 1, 5, 0, 0, 0, 0, false, true},
    {"mov (M1, 16) XD(0,0)<1> XA(0,1)<0;1,0>", 4, 16, 0, 1, 1, 0, 0, 0, 0, false, true},
    {"(P1) mov (M1, 16) XD(0,0)<1> XA(0,0)<8;8,1>", 4, 16, 0, 1, 0, 1, 1, 0, 0, false, true},
    {"mov (M5, 8) XD(0,0)<1> XA(0,0)<8;8,1>", 4, 8, 0, 1, 0, 1, 0, 0, 0, false, true},
    {"mov (M1, 16) XD(0,0)<1> 0xffa00000:f", 4, 16, 0, 1, 0, 0, 0, 0, 0xffa00000u, false, true},
    {"(P1) sel (M1, 16) XD(0,0)<1> XA(0,0)<8;8,1> XB(0,0)<8;8,1>", 4, 16, 0, 1, 0, 1, 1, 1, 0,
     false, true},
    {"(!P1) sel (M1, 16) XD(0,0)<1> XA(0,0)<8;8,1> 0x7f800001:f", 4, 16, 0, 1, 0, 1, 2, 2, 0, false,
     true},
    /* two fast instructions: one step of the run loop (run_group) */
    {"mov (M1, 16) XC(0,0)<1> XB(0,0)<8;8,1>\nmov (M1, 16) XD(0,0)<1> XC(0,0)<8;8,1>", 4, 16, 0, 1,
     0, 1, 0, 0, 0, true, true},
    {"mov (M1, 16) HD(0,0)<1> HA(0,0)<8;8,1>", 2, 16, 0, 1, 0, 1, 0, 0, 0, false, false},
    {"(P1) sel (M1, 16) HD(0,0)<1> HA(0,0)<8;8,1> HB(0,0)<8;8,1>", 2, 16, 0, 1, 0, 1, 1, 1, 0,
     false, false},
    {"mov (M1, 8) ED(0,0)<1> EA(0,0)<4;4,1>", 8, 8, 0, 1, 0, 1, 0, 0, 0, false, false},
    {"(!P1) sel (M1, 8) ED(0,0)<1> EA(0,0)<4;4,1> EB(0,0)<4;4,1>", 8, 8, 0, 1, 0, 1, 2, 1, 0, false,
     false},
};

static const char copy_decls[] = ".version 4.1\n.kernel \"cp\"\n"
                                 ".decl XA v_type=G type=f num_elts=32 align=GRF\n"
                                 ".decl XB v_type=G type=f num_elts=32 align=GRF\n"
                                 ".decl XC v_type=G type=f num_elts=32 align=GRF\n"
                                 ".decl XD v_type=G type=f num_elts=32 align=GRF\n"
                                 ".decl HA v_type=G type=hf num_elts=32 align=GRF\n"
                                 ".decl HB v_type=G type=hf num_elts=32 align=GRF\n"
                                 ".decl HD v_type=G type=hf num_elts=32 align=GRF\n"
                                 ".decl EA v_type=G type=df num_elts=16 align=GRF\n"
                                 ".decl EB v_type=G type=df num_elts=16 align=GRF\n"
                                 ".decl ED v_type=G type=df num_elts=16 align=GRF\n"
                                 ".decl P1 v_type=P num_elts=32\n";

/* Element i of a source: the five patterns in turn (XB, HB, EB shifted by two). */
static uint64_t copy_pat(unsigned ts, unsigned i)
{
    static const uint64_t f[5] = {0x7f800001u, 0xffa00000u, 0x00000001u, 0x80000003u, 0x3f800000u};
    static const uint64_t h[5] = {0x7c01u, 0xfd00u, 0x0001u, 0x8003u, 0x3c00u};
    static const uint64_t d[5] = {0x7ff0000000000001ull, 0xfff4000000000000ull, 1u,
                                  0x8000000000000003ull, 0x3ff0000000000000ull};
    return (ts == 4 ? f : ts == 2 ? h : d)[i % 5];
}

static void copy_put(vsmp_machine *m, const char *name, unsigned ts, unsigned shift)
{
    vsmp_var_info vi;
    uint8_t b[256];
    if (vsmp_machine_find(m, name, &vi))
        return;
    for (uint32_t e = 0; e < vi.elements; e++) {
        uint64_t v = shift == 99 ? 0xa5a5a5a5a5a5a5a5ull : copy_pat(ts, e + shift);
        memcpy(b + e * ts, &v, ts);
    }
    vsmp_machine_write_var(m, VSMP_VAR_GENERAL, vi.id, 0, b, vi.bytes);
}

static void test_copy_bits(void)
{
    static const uint32_t cr0s[] = {0x0, 0x80, 0x30};
    const uint32_t p1 = 0x5a3c96e1u;
    unsigned levels[4], nlev = kit_levels(levels);
    for (size_t f = 0; f < sizeof(copy_forms) / sizeof(copy_forms[0]); f++) {
        const copy_form *cf = &copy_forms[f];
        char text[2048];
        snprintf(text, sizeof(text), "%s%s\nret (M1, 1)\n", copy_decls, cf->text);
        vsmp_module *mod = kit_parse(text, VSMP_DIALECT_12504, NULL);
        CHECK(mod != NULL, "parse %s", cf->text);
        if (!mod)
            continue;
        const char *pre = cf->ts == 4 ? "X" : cf->ts == 2 ? "H" : "E";
        char na[4], nb[4], nc[4], nd[4];
        snprintf(na, sizeof(na), "%sA", pre), snprintf(nb, sizeof(nb), "%sB", pre);
        snprintf(nc, sizeof(nc), "%sC", pre), snprintf(nd, sizeof(nd), "%sD", pre);
        for (unsigned k = 0; k < nlev; k++) {
            unsigned level = levels[k];
            vsmp_machine *m = copy_machine(mod, level);
            CHECK(m != NULL, "machine for %s", cf->text);
            if (!m)
                continue;
            if (level && cf->fast)
                CHECK(vsmp_x_is_fast(m, 0), "%s: fast path at level 0x%x", cf->text, level);
            for (size_t c = 0; c < sizeof(cr0s) / sizeof(cr0s[0]); c++) {
                copy_put(m, na, cf->ts, 0);
                copy_put(m, nb, cf->ts, 2);
                copy_put(m, nc, cf->ts, 99);
                copy_put(m, nd, cf->ts, 99);
                vsmp_machine_write_var(m, VSMP_VAR_PREDICATE, 1, 0, &p1, 4);
                kit_set_cr0(m, cr0s[c]);
                CHECK(kit_run(m, NULL), "run %s", cf->text);
                vsmp_var_info vi;
                uint8_t got[256];
                size_t n = 0;
                vsmp_machine_find(m, nd, &vi);
                vsmp_machine_read_var(m, VSMP_VAR_GENERAL, vi.id, 0, got, sizeof(got), &n);
                /* by hand: lane l writes dst element doff + l * dhs when its predicate bit (at
                 * the mask offset: M5 is channels 16..23) allows; sel writes every lane, src0
                 * where (!)P1 holds, src1 elsewhere */
                unsigned off = strstr(cf->text, "(M5") ? 16u : 0u;
                uint64_t want[32];
                bool written[32] = {false};
                for (unsigned l = 0; l < cf->n; l++) {
                    bool bit = p1 >> (off + l) & 1u, on = cf->pred == 1 ? bit : !bit;
                    if (!cf->sel && cf->pred && !on)
                        continue;
                    unsigned e = cf->doff + l * cf->dhs, se = cf->soff + l * cf->shs;
                    uint64_t v = copy_pat(cf->ts, se + (cf->from_b ? 2u : 0u));
                    if (cf->imm)
                        v = cf->imm;
                    if (cf->sel && !on)
                        v = cf->sel == 2 ? 0x7f800001u : copy_pat(cf->ts, se + 2u);
                    want[e] = v, written[e] = true;
                }
                unsigned bad = 0;
                for (unsigned e = 0; e < vi.elements && bad < 2; e++) {
                    uint64_t g = 0, w = written[e] ? want[e] : 0xa5a5a5a5a5a5a5a5ull;
                    memcpy(&g, got + e * cf->ts, cf->ts);
                    if (cf->ts < 8)
                        w &= ((uint64_t)1 << (8 * cf->ts)) - 1u;
                    bool ok = g == w;
                    CHECK(ok, "%s (level 0x%x, cr0 0x%x): element %u is 0x%llx, not 0x%llx",
                          cf->text, level, cr0s[c], e, (unsigned long long)g,
                          (unsigned long long)w);
                    bad += !ok;
                }
            }
            vsmp_machine_free(m);
        }
        vsmp_module_free(mod);
    }
}

int main(void)
{
    test_copy_bits();
    return t_finish();
}
