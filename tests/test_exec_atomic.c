/* SPDX-License-Identifier: MIT */
/*
 * The forms IGC emits for OpenCL C that the machine takes: addc/subb with V, UV and UD
 * immediates (64-bit address additions), and the atomic messages (svm_atomic, dword_atomic on
 * shared local memory, lsc_atomic_*), on text programs. Expected values are worked out by hand
 * in the comments from ADDC.md, SUBB.md, DWORD_ATOMIC.md, SVM_ATOMIC.md and LSC_UNTYPED.md; the
 * last test has four host threads contend for the same counters.
 */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

/* @p text in GenX_IR 12504's syntax, which must parse. */
static vsmp_module *parse(const char *text)
{
    return kit_parse_ok(text, VSMP_DIALECT_12504);
}

/* @p text parsed into *mod, checked clean by the validator on @p plat (@p what names it in the
 * check) and made a machine there. */
static vsmp_machine *checked(const char *text, vsmp_platform plat, const char *what,
                             vsmp_module **mod)
{
    *mod = parse(text);
    const char *rule = "-";
    CHECK(*mod && kit_checks(*mod, plat, &rule), "%s checks (%s)", what, rule);
    return kit_create_ok(*mod, plat);
}

static uint32_t fbits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* addc/subb with immediates IGC writes (SIMD8), A = {0xffffffff, 0xffffffff, 5, 0,
 * 0x80000000, 0xfffffffb, 1, 2}:
 *  addc + 0x76543210:uv: lane i adds nibble i = i: C = {0xffffffff, 0, 7, 3, 0x80000004, 0,
 *    7, 9}, carries K = {0, 1, 0, 0, 0, 1, 0, 0} (lanes 1 and 5 wrap past 2^32).
 *  subb - 0xfedcba98:v: nibble i = 8 + i, signed -8 + i, as 32 bits 2^32 - 8 + i:
 *    D = A - (2^32 - 8 + i) = A + 8 - i mod 2^32 = {7, 6, 11, 5, 0x80000004, 0xfffffffe, 3, 3},
 *    borrows (A < 2^32 - 8 + i) L = {0, 0, 1, 1, 1, 1, 1, 1}.
 *  addc + 0xfffffffe:ud: E = A - 2 mod 2^32 = {0xfffffffd, 0xfffffffd, 3, 0xfffffffe,
 *    0x7ffffffe, 0xfffffff9, 0xffffffff, 0}, carries M = {1, 1, 1, 0, 1, 1, 0, 1}. */
static void test_carry_immediates(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl A v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl C v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl K v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl D v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl L v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl E v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl M v_type=G type=ud num_elts=8 align=GRF\n"
                               "addc (M1, 8) C(0,0)<1> K(0,0)<1> A(0,0)<1;1,0> 0x76543210:uv\n"
                               "subb (M1, 8) D(0,0)<1> L(0,0)<1> A(0,0)<1;1,0> 0xfedcba98:v\n"
                               "addc (M1, 8) E(0,0)<1> M(0,0)<1> A(0,0)<1;1,0> 0xfffffffe:ud\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = checked(text, VSMP_PLATFORM_TGLLP, "addc/subb immediates", &mod);
    if (m) {
        uint32_t a[8] = {0xffffffffu, 0xffffffffu, 5, 0, 0x80000000u, 0xfffffffbu, 1, 2};
        kit_put(m, "A", a, sizeof(a));
        CHECK(kit_run(m, NULL), "carry run");
        uint32_t c[8], k[8], d[8], l[8], e[8], mm[8];
        kit_get(m, "C", c, sizeof(c));
        kit_get(m, "K", k, sizeof(k));
        kit_get(m, "D", d, sizeof(d));
        kit_get(m, "L", l, sizeof(l));
        kit_get(m, "E", e, sizeof(e));
        kit_get(m, "M", mm, sizeof(mm));
        static const uint32_t wc[8] = {0xffffffffu, 0, 7, 3, 0x80000004u, 0, 7, 9},
                              wk[8] = {0, 1, 0, 0, 0, 1, 0, 0},
                              wd[8] = {7, 6, 11, 5, 0x80000004u, 0xfffffffeu, 3, 3},
                              wl[8] = {0, 0, 1, 1, 1, 1, 1, 1},
                              we[8] = {0xfffffffdu, 0xfffffffdu, 3,           0xfffffffeu,
                                       0x7ffffffeu, 0xfffffff9u, 0xffffffffu, 0},
                              wm[8] = {1, 1, 1, 0, 1, 1, 0, 1};
        CHECK(!memcmp(c, wc, 32) && !memcmp(k, wk, 32), "addc :uv: %08x %08x %u %u", c[1], c[7],
              k[1], k[5]);
        CHECK(!memcmp(d, wd, 32) && !memcmp(l, wl, 32), "subb :v: %08x %08x %u %u", d[0], d[5],
              l[0], l[2]);
        CHECK(!memcmp(e, we, 32) && !memcmp(mm, wm, 32), "addc :ud: %08x %08x %u %u", e[0], e[7],
              mm[3], mm[7]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);

    /* a 64-bit operand: the validator and the machine refuse it under the same rule */
    static const char q[] = ".version 4.1\n.kernel \"t\"\n"
                            ".decl A v_type=G type=uq num_elts=8 align=GRF\n"
                            ".decl C v_type=G type=ud num_elts=8 align=GRF\n"
                            ".decl K v_type=G type=ud num_elts=8 align=GRF\n"
                            "addc (M1, 8) C(0,0)<1> K(0,0)<1> A(0,0)<1;1,0> 0x1:uv\n"
                            "ret (M1, 1)\n";
    mod = parse(q);
    if (mod)
        kit_same_rule(mod, VSMP_PLATFORM_TGLLP, "type", "UQ source");
    vsmp_module_free(mod);
}

/* One svm_atomic or dword_atomic per program on SIMD4: four words, the old values returned.
 * Memory w = {5, 0xfffffff0, 0x80000000, 7}, src0 = {3, 0x20, 1, 7}, src1 = {5, 0, 0, 8}
 * (DWORD_ATOMIC.md's table, "new" per operation; every one returns the old value but predec,
 * which returns the new one). */
static const uint32_t w0[4] = {5, 0xfffffff0u, 0x80000000u, 7};
static const uint32_t s0v[4] = {3, 0x20, 1, 7};
static const uint32_t s1v[4] = {5, 0, 0, 8};
static const struct {
    const char *op;
    uint32_t want[4];
} int_ops[] = {
    {"add", {8, 0x10, 0x80000001u, 14}},
    {"sub", {2, 0xffffffd0u, 0x7fffffffu, 0}},
    {"inc", {6, 0xfffffff1u, 0x80000001u, 8}},
    {"dec", {4, 0xffffffefu, 0x7fffffffu, 6}},
    {"min", {3, 0x20, 1, 7}},                      /* unsigned */
    {"max", {5, 0xfffffff0u, 0x80000000u, 7}},     /* unsigned */
    {"minsint", {3, 0xfffffff0u, 0x80000000u, 7}}, /* -16 < 32, INT_MIN < 1 */
    {"maxsint", {5, 0x20, 1, 7}},
    {"xchg", {3, 0x20, 1, 7}},
    {"cmpxchg", {3, 0xfffffff0u, 0x80000000u, 7}}, /* (old == src1) ? src0 : old: lane 0 only */
    {"and", {1, 0x20, 0, 7}},
    {"or", {7, 0xfffffff0u, 0x80000001u, 7}},
    {"xor", {6, 0xffffffd0u, 0x80000001u, 0}},
    {"predec", {4, 0xffffffefu, 0x7fffffffu, 6}},
};

static bool unary_op(const char *op)
{
    return !strcmp(op, "inc") || !strcmp(op, "dec") || !strcmp(op, "predec");
}

static void test_svm_ops(void)
{
    vsmp_surface *buf = kit_buffer(16);
    for (size_t t = 0; t < sizeof(int_ops) / sizeof(int_ops[0]) && buf; t++) {
        const char *op = int_ops[t].op;
        bool pre = !strcmp(op, "predec");
        char text[1024];
        /* text order: addresses, dst, src0, src1 */
        snprintf(text, sizeof(text),
                 ".version 4.1\n.kernel \"t\"\n"
                 ".decl Q v_type=G type=uq num_elts=4 align=GRF\n"
                 ".decl S v_type=G type=ud num_elts=8 align=GRF\n"
                 ".decl T v_type=G type=ud num_elts=8 align=GRF\n"
                 ".decl R v_type=G type=ud num_elts=8 align=GRF\n"
                 "svm_atomic.%s (M1, 4) Q.0 R.0 %s %s\n"
                 "ret (M1, 1)\n",
                 pre ? "dec" : op, unary_op(op) ? "%null.0" : "S.0",
                 strcmp(op, "cmpxchg") ? "%null.0" : "T.0");
        vsmp_module *mod = parse(text);
        if (mod && pre) {
            /* predec (0b01101) has no name in the 12504 text: the dec instruction, recoded */
            vsmp_inst *in = &mod->kernels[0].insts[0];
            for (unsigned i = 0; i < in->num_opnds; i++)
                if (in->opnds[i].kind == VSMP_OPND_VALUE)
                    in->opnds[i].value = 13;
        }
        const char *rule;
        CHECK(mod && kit_checks(mod, VSMP_PLATFORM_TGLLP, &rule), "svm_atomic.%s checks (%s)", op,
              mod ? rule : "-");
        vsmp_machine *m = kit_create_ok(mod, VSMP_PLATFORM_TGLLP);
        if (m) {
            uint32_t *w = vsmp_surface_get_desc(buf)->data;
            memset(w, 0, 64);
            memcpy(w + 2, w0, 16); /* the words at 0x1008.. */
            CHECK(vsmp_machine_map_surface(m, 0x1000, buf) == VSMP_OK, "map");
            uint64_t q[4] = {0x1008, 0x100c, 0x1010, 0x1014};
            uint32_t r0[8] = {0, 0, 0, 0, 0x55, 0x55, 0x55, 0x55};
            kit_put(m, "Q", q, sizeof(q));
            kit_put(m, "S", s0v, sizeof(s0v));
            kit_put(m, "T", s1v, sizeof(s1v));
            kit_put(m, "R", r0, sizeof(r0));
            CHECK(kit_run(m, NULL), "svm_atomic.%s runs", op);
            uint32_t r[8];
            kit_get(m, "R", r, sizeof(r));
            bool ok = !memcmp(w + 2, int_ops[t].want, 16) && w[0] == 0 && w[1] == 0 && w[6] == 0;
            CHECK(ok, "svm_atomic.%s memory: %08x %08x %08x %08x", op, w[2], w[3], w[4], w[5]);
            ok = !memcmp(r, pre ? int_ops[t].want : w0, 16) && r[4] == 0x55 && r[7] == 0x55;
            CHECK(ok, "svm_atomic.%s returns %s: %08x %08x %08x %08x", op, pre ? "new" : "old",
                  r[0], r[1], r[2], r[3]);
        }
        vsmp_machine_free(m);
        vsmp_module_free(mod);
    }
    vsmp_surface_free(buf);
}

/* Float operations, one program: words at 0x1000 {1.5, -0.0, NaN, 2.0}:
 *  fmax with {2.5, +0.0, 1.0, NaN} -> {2.5, +0.0 (above -0), 1.0 (a NaN gives the other),
 *    2.0}; returns the old words;
 *  on fresh words {1.5, -0.0, NaN, 2.0} at 0x1010: fmin with the same -> {1.5, -0.0, 1.0, 2.0};
 *  at 0x1020 {1.5, -0.0, NaN, 2.0}: fcmpwr src0 {1.5, +0.0, NaN, 3.0}, src1 9.0: new =
 *    (src0 == old) ? src1 : old -> {9.0, 9.0 (+0 == -0), NaN (never equal), 2.0}.
 * 16-bit: svm_atomic.add.16 on the halfword at 0x1030 (0xfffe) with src0 0x00010003 (its low
 * half 3): 0x0001, the halfword at 0x1032 (0x7777) untouched, 0xfffe returned in a DWord.
 * 64-bit: svm_atomic.add.64 on the QWord at 0x1038 (0x1ffffffff) + 1 = 0x200000000. */
static void test_svm_float_widths(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl Q1 v_type=G type=uq num_elts=4 align=GRF\n"
                               ".decl Q2 v_type=G type=uq num_elts=4 align=GRF\n"
                               ".decl Q3 v_type=G type=uq num_elts=4 align=GRF\n"
                               ".decl Q4 v_type=G type=uq num_elts=1 align=GRF\n"
                               ".decl Q5 v_type=G type=uq num_elts=1 align=GRF\n"
                               ".decl S v_type=G type=f num_elts=8 align=GRF\n"
                               ".decl S2 v_type=G type=f num_elts=8 align=GRF\n"
                               ".decl T v_type=G type=f num_elts=8 align=GRF\n"
                               ".decl R v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl H v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl HR v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl X v_type=G type=uq num_elts=4 align=GRF\n"
                               ".decl XR v_type=G type=uq num_elts=4 align=GRF\n"
                               "svm_atomic.fmax (M1, 4) Q1.0 R.0 S.0 %null.0\n"
                               "svm_atomic.fmin (M1, 4) Q2.0 %null.0 S.0 %null.0\n"
                               "svm_atomic.fcmpwr (M1, 4) Q3.0 %null.0 S2.0 T.0\n"
                               "svm_atomic.add.16 (M1_NM, 1) Q4.0 HR.0 H.0 %null.0\n"
                               "svm_atomic.add.64 (M1_NM, 1) Q5.0 XR.0 X.0 %null.0\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = checked(text, VSMP_PLATFORM_TGLLP, "float/16/64", &mod);
    vsmp_surface *buf = kit_buffer(16);
    if (m && buf) {
        uint32_t *w = vsmp_surface_get_desc(buf)->data;
        uint32_t fw[4] = {fbits(1.5f), 0x80000000u, 0x7fc00000u, fbits(2.0f)};
        memcpy(w, fw, 16);
        memcpy(w + 4, fw, 16);
        memcpy(w + 8, fw, 16);
        w[12] = 0x7777fffeu;
        w[14] = 0xffffffffu, w[15] = 1;
        CHECK(vsmp_machine_map_surface(m, 0x1000, buf) == VSMP_OK, "map");
        uint64_t q1[4] = {0x1000, 0x1004, 0x1008, 0x100c}, q2[4], q3[4], q4 = 0x1030, q5 = 0x1038;
        for (int i = 0; i < 4; i++)
            q2[i] = q1[i] + 16, q3[i] = q1[i] + 32;
        float s[8] = {2.5f, 0.0f, 1.0f, NAN}, s2[8] = {1.5f, 0.0f, NAN, 3.0f}, t[8] = {9, 9, 9, 9};
        uint32_t h[8] = {0x00010003u}, hr[8] = {0xdeadbeefu};
        uint64_t x[4] = {1}, xr[4] = {0};
        kit_put(m, "Q1", q1, sizeof(q1));
        kit_put(m, "Q2", q2, sizeof(q2));
        kit_put(m, "Q3", q3, sizeof(q3));
        kit_put(m, "Q4", &q4, 8);
        kit_put(m, "Q5", &q5, 8);
        kit_put(m, "S", s, sizeof(s));
        kit_put(m, "S2", s2, sizeof(s2));
        kit_put(m, "T", t, sizeof(t));
        kit_put(m, "H", h, sizeof(h));
        kit_put(m, "HR", hr, sizeof(hr));
        kit_put(m, "X", x, sizeof(x));
        kit_put(m, "XR", xr, sizeof(xr));
        CHECK(kit_run(m, NULL), "float/16/64 run");
        uint32_t r[8];
        kit_get(m, "R", r, sizeof(r));
        kit_get(m, "HR", hr, sizeof(hr));
        kit_get(m, "XR", xr, sizeof(xr));
        CHECK(w[0] == fbits(2.5f) && w[1] == 0 && w[2] == fbits(1.0f) && w[3] == fbits(2.0f),
              "fmax: %08x %08x %08x %08x", w[0], w[1], w[2], w[3]);
        CHECK(!memcmp(r, fw, 16), "fmax returns the old words");
        CHECK(w[4] == fbits(1.5f) && w[5] == 0x80000000u && w[6] == fbits(1.0f) &&
                  w[7] == fbits(2.0f),
              "fmin: %08x %08x %08x %08x", w[4], w[5], w[6], w[7]);
        CHECK(w[8] == fbits(9.0f) && w[9] == fbits(9.0f) && w[10] == 0x7fc00000u &&
                  w[11] == fbits(2.0f),
              "fcmpwr: %08x %08x %08x %08x", w[8], w[9], w[10], w[11]);
        CHECK(w[12] == 0x77770001u && hr[0] == 0xfffe, "add.16: %08x, returned %08x", w[12], hr[0]);
        CHECK(w[14] == 0 && w[15] == 2 && xr[0] == 0x1ffffffffull, "add.64: %08x%08x, %llx", w[15],
              w[14], (unsigned long long)xr[0]);
    }
    vsmp_surface_free(buf);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* dword_atomic on shared local memory (T0), SIMD16: every lane increments the DWord at byte 8:
 * the lanes take it in turn, lane l reading 100 + l (vsmp: lane order) and leaving 116; a
 * cmpxchg of 0 -> 40 + l at byte 12, addressed as IGC tags __local pointers (0x1000000c: bits
 * 31..28 ignored), holding 0, succeeds for lane 0 only, the others read 40;
 * lanes 14 and 15 of an add at offset 4096 lie past the 64 bytes of SLM: they return 0 and
 * change nothing; a 16-bit add on the halfword at byte 2 adds 3 to its 0x00ff (0x0102), the
 * halfword at byte 0 keeps 0x00ff. */
static void test_dword_slm(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl O v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl O2 v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl O3 v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl C v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl Z v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl R v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl R2 v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl R3 v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl O4 v_type=G type=ud num_elts=1 align=GRF\n"
                               ".decl H v_type=G type=ud num_elts=1 align=GRF\n"
                               "dword_atomic.inc (M1, 16) %slm O.0 %null.0 %null.0 R.0\n"
                               "dword_atomic.cmpxchg (M1, 16) %slm O2.0 C.0 Z.0 R2.0\n"
                               "dword_atomic.add (M1, 16) %slm O3.0 C.0 %null.0 R3.0\n"
                               "dword_atomic.add.16 (M1_NM, 1) %slm O4.0 H.0 %null.0 %null.0\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = checked(text, VSMP_PLATFORM_TGLLP, "dword_atomic", &mod);
    if (m) {
        uint32_t slm[16] = {0x00ff00ffu, 0, 100, 0};
        vsmp_machine_set_slm(m, slm, sizeof(slm));
        uint32_t o[16], o2[16], o3[16], c[16], z[16] = {0}, o4 = 2, h = 3;
        for (int l = 0; l < 16; l++)
            o[l] = 8, o2[l] = 0x1000000c, c[l] = 40u + (uint32_t)l,
            o3[l] = l < 14 ? 16u + 4u * l : 4096;
        kit_put(m, "O", o, sizeof(o));
        kit_put(m, "O2", o2, sizeof(o2));
        kit_put(m, "O3", o3, sizeof(o3));
        kit_put(m, "C", c, sizeof(c));
        kit_put(m, "Z", z, sizeof(z));
        kit_put(m, "O4", &o4, 4);
        kit_put(m, "H", &h, 4);
        uint32_t r3[16];
        for (int l = 0; l < 16; l++)
            r3[l] = 0x99;
        kit_put(m, "R3", r3, sizeof(r3));
        CHECK(kit_run(m, NULL), "dword_atomic run");
        uint32_t r[16], r2[16];
        kit_get(m, "R", r, sizeof(r));
        kit_get(m, "R2", r2, sizeof(r2));
        kit_get(m, "R3", r3, sizeof(r3));
        bool ok = slm[2] == 116;
        for (int l = 0; l < 16; l++)
            ok &= r[l] == 100u + (uint32_t)l;
        CHECK(ok, "inc: lanes take turns (%u, %u..%u)", slm[2], r[0], r[15]);
        ok = slm[3] == 40 && r2[0] == 0;
        for (int l = 1; l < 16; l++)
            ok &= r2[l] == 40;
        CHECK(ok, "cmpxchg: one winner (%u; %u %u)", slm[3], r2[0], r2[1]);
        /* bytes 16..63: DWords 4..15 get 40 + l for lanes 0..11; lanes 12, 13 reach bytes 64
         * and 68, past the memory, as do 14 and 15 */
        ok = true;
        for (int l = 0; l < 12; l++)
            ok &= slm[4 + l] == 40u + (uint32_t)l && r3[l] == 0;
        for (int l = 12; l < 16; l++)
            ok &= r3[l] == 0;
        CHECK(ok, "add: outside the SLM nothing is written, 0 returned (%u %u)", r3[12], r3[15]);
        CHECK(slm[0] == 0x010200ffu, "add.16 on the halfword at byte 2 only: %08x", slm[0]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* lsc_atomic_* on DG2 (SIMD8): iadd on .slm a32 at bytes 0, 4, .. 28 adding l + 1 to 10 l
 * (-> 11 l + 1, old returned); icas on .ugm flat a64 at 0x2000 + 4 l holding 7 l: compare src1 =
 * 7 l for even lanes (succeeds: becomes src2 = 1000 + l), 7 l + 1 for odd ones (keeps 7 l);
 * fadd d32 at 0x2040 + 4 l holding 0.5: + l * 0.25; iinc d64 at 0x2060 (one QWord, every
 * lane): 0xffffffff + 8 = 0x100000007, lanes returning 0xffffffff + l. */
static void test_lsc_atomics(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl A v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl B v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl R v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl Q v_type=G type=uq num_elts=8 align=GRF\n"
                               ".decl Q2 v_type=G type=uq num_elts=8 align=GRF\n"
                               ".decl Q3 v_type=G type=uq num_elts=8 align=GRF\n"
                               ".decl CM v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl NV v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl RC v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl FA v_type=G type=f num_elts=8 align=GRF\n"
                               ".decl RI v_type=G type=uq num_elts=8 align=GRF\n"
                               "lsc_atomic_iadd.slm (M1, 8) R:d32 flat[A]:a32 B %null\n"
                               "lsc_atomic_icas.ugm (M1, 8) RC:d32 flat[Q]:a64 CM NV\n"
                               "lsc_atomic_fadd.ugm (M1, 8) %null:d32 flat[Q2]:a64 FA %null\n"
                               "lsc_atomic_iinc.ugm (M1, 8) RI:d64 flat[Q3]:a64 %null %null\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = checked(text, VSMP_PLATFORM_DG2, "lsc atomics", &mod);
    vsmp_surface *buf = kit_buffer(32);
    if (m && buf) {
        uint32_t slm[8];
        uint32_t a[8], b[8], cm[8], nv[8];
        uint64_t q[8], q2[8], q3[8];
        float fa[8];
        uint32_t *w = vsmp_surface_get_desc(buf)->data;
        for (uint32_t l = 0; l < 8; l++) {
            slm[l] = 10 * l, a[l] = 4 * l, b[l] = l + 1;
            w[l] = 7 * l, q[l] = 0x2000 + 4 * l, cm[l] = 7 * l + (l & 1), nv[l] = 1000 + l;
            w[16 + l] = fbits(0.5f), q2[l] = 0x2040 + 4 * l, fa[l] = 0.25f * (float)l;
            q3[l] = 0x2060;
        }
        w[24] = 0xffffffffu, w[25] = 0;
        vsmp_machine_set_slm(m, slm, sizeof(slm));
        CHECK(vsmp_machine_map_surface(m, 0x2000, buf) == VSMP_OK, "map");
        kit_put(m, "A", a, sizeof(a));
        kit_put(m, "B", b, sizeof(b));
        kit_put(m, "Q", q, sizeof(q));
        kit_put(m, "Q2", q2, sizeof(q2));
        kit_put(m, "Q3", q3, sizeof(q3));
        kit_put(m, "CM", cm, sizeof(cm));
        kit_put(m, "NV", nv, sizeof(nv));
        kit_put(m, "FA", fa, sizeof(fa));
        CHECK(kit_run(m, NULL), "lsc atomics run");
        uint32_t r[8], rc[8];
        uint64_t ri[8];
        kit_get(m, "R", r, sizeof(r));
        kit_get(m, "RC", rc, sizeof(rc));
        kit_get(m, "RI", ri, sizeof(ri));
        bool ok = true;
        for (uint32_t l = 0; l < 8; l++)
            ok &= slm[l] == 11 * l + 1 && r[l] == 10 * l;
        CHECK(ok, "lsc_atomic_iadd.slm: %u %u, returned %u", slm[1], slm[7], r[7]);
        ok = true;
        for (uint32_t l = 0; l < 8; l++)
            ok &= w[l] == (l & 1 ? 7 * l : 1000 + l) && rc[l] == 7 * l;
        CHECK(ok, "lsc_atomic_icas.ugm: %u %u, returned %u", w[0], w[1], rc[1]);
        ok = true;
        for (uint32_t l = 0; l < 8; l++)
            ok &= w[16 + l] == fbits(0.5f + 0.25f * (float)l);
        CHECK(ok, "lsc_atomic_fadd.ugm: %08x", w[23]);
        ok = w[24] == 7 && w[25] == 1;
        for (uint32_t l = 0; l < 8; l++)
            ok &= ri[l] == 0xffffffffull + l;
        CHECK(ok, "lsc_atomic_iinc.ugm d64: %08x%08x, %llx", w[25], w[24],
              (unsigned long long)ri[7]);
    }
    vsmp_surface_free(buf);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* Four host threads, each with its own machine, run a SIMD16 kernel 5000 times: every lane
 * increments word 0 (svm_atomic.inc, two SIMD8 halves) and adds its lane number + 1 to word 1
 * of one shared buffer. Atomic read-modify-writes lose no update: word 0 ends at 4 * 5000 * 16
 * = 320000 and word 1 at 4 * 5000 * (1 + ... + 16) = 2720000. (A plain read, add and write in
 * place of the atomic operation lost three quarters of the updates here.) */
enum { CONTEND_THREADS = 4, CONTEND_RUNS = 5000 };

struct contender {
    vsmp_module *mod;
    vsmp_surface *buf;
    bool ok;
};

static void *contend(void *arg)
{
    struct contender *c = arg;
    vsmp_machine *m = NULL;
    c->ok = vsmp_machine_create(c->mod, 0, NULL, &m, NULL) == VSMP_OK &&
            vsmp_machine_map_surface(m, 0x4000, c->buf) == VSMP_OK;
    uint64_t q[16], q1[16];
    uint32_t v[16];
    for (int l = 0; l < 16; l++)
        q[l] = 0x4000, q1[l] = 0x4004, v[l] = (uint32_t)l + 1;
    vsmp_var_info qi, q1i, vi;
    c->ok = c->ok && vsmp_machine_find(m, "Q", &qi) == VSMP_OK &&
            vsmp_machine_find(m, "Q1", &q1i) == VSMP_OK &&
            vsmp_machine_find(m, "V", &vi) == VSMP_OK;
    for (int r = 0; r < CONTEND_RUNS && c->ok; r++) {
        vsmp_machine_reset(m);
        c->ok = vsmp_machine_write_var(m, VSMP_VAR_GENERAL, qi.id, 0, q, sizeof(q)) == VSMP_OK &&
                vsmp_machine_write_var(m, VSMP_VAR_GENERAL, q1i.id, 0, q1, sizeof(q1)) == VSMP_OK &&
                vsmp_machine_write_var(m, VSMP_VAR_GENERAL, vi.id, 0, v, sizeof(v)) == VSMP_OK &&
                vsmp_machine_run(m, NULL) == VSMP_OK;
    }
    vsmp_machine_free(m);
    return NULL;
}

static void test_contention(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl Q v_type=G type=uq num_elts=16 align=GRF\n"
                               ".decl Q1 v_type=G type=uq num_elts=16 align=GRF\n"
                               ".decl V v_type=G type=ud num_elts=16 align=GRF\n"
                               "svm_atomic.inc (M1, 8) Q.0 %null.0 %null.0 %null.0\n"
                               "svm_atomic.inc (M3, 8) Q.64 %null.0 %null.0 %null.0\n"
                               "svm_atomic.add (M1, 8) Q1.0 %null.0 V.0 %null.0\n"
                               "svm_atomic.add (M3, 8) Q1.64 %null.0 V.32 %null.0\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod = parse(text);
    vsmp_surface *buf = kit_buffer(4);
    if (!mod || !buf) {
        vsmp_surface_free(buf);
        vsmp_module_free(mod);
        return;
    }
    struct contender c[CONTEND_THREADS];
    pthread_t th[CONTEND_THREADS];
    for (int i = 0; i < CONTEND_THREADS; i++) {
        c[i] = (struct contender){mod, buf, false};
        CHECK(pthread_create(&th[i], NULL, contend, &c[i]) == 0, "thread %d", i);
    }
    for (int i = 0; i < CONTEND_THREADS; i++) {
        pthread_join(th[i], NULL);
        CHECK(c[i].ok, "thread %d ran its kernels", i);
    }
    const uint32_t *w = vsmp_surface_get_desc(buf)->data;
    CHECK(w[0] == CONTEND_THREADS * CONTEND_RUNS * 16 &&
              w[1] == CONTEND_THREADS * CONTEND_RUNS * 136,
          "no update lost: %u (%u), %u (%u)", w[0], CONTEND_THREADS * CONTEND_RUNS * 16, w[1],
          CONTEND_THREADS * CONTEND_RUNS * 136);
    vsmp_surface_free(buf);
    vsmp_module_free(mod);
}

/* oword_ld_unaligned and svm_gather4_scaled / svm_scatter4_scaled (TGLLP, 32-byte GRFs):
 *  a buffer bound at index 2 holds w[i] = 3 i: oword_ld_unaligned of 2 owords at byte 0x24
 *  reads w[9..16] = 27, 30, .., 48 (OWORD_LD_UNALIGNED.md: a byte offset);
 *  a buffer mapped at 0x1000 holds v[i] = 100 + i: gather4scaled.RB (8) at 0x1000 + OFF[l],
 *  OFF[l] = 8 (7 - l): R = v[14 - 2 l] = 114 - 2 l in G[0..7], B (+8 bytes) = 116 - 2 l in
 *  G[8..15] (channel k at element k * max(8, 32 / 4)); scatter4scaled.RG at 0x1000 + 128 + 8 l
 *  writes v[32 + 2 l] = S[l] = 1000 + l and v[33 + 2 l] = S[8 + l] = 2000 + l; lane 7 is
 *  predicated off (P1 = 0x7f): v[46], v[47] keep 146, 147. */
static void test_unaligned_svm4(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl buf v_type=T num_elts=1\n"
                               ".decl D v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl OFF v_type=G type=uq num_elts=8 align=GRF\n"
                               ".decl OFF2 v_type=G type=uq num_elts=8 align=GRF\n"
                               ".decl G v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl S v_type=G type=ud num_elts=16 align=GRF\n"
                               ".decl P1 v_type=P num_elts=8\n"
                               "movs (M1_NM, 1) buf(0) 0x2:ud\n"
                               "oword_ld_unaligned (2) buf 0x24:ud D.0\n"
                               "svm_gather4scaled.RB (M1, 8) 0x1000:ud OFF.0 G.0\n"
                               "setp (M1_NM, 8) P1 0x7f:uw\n"
                               "(P1) svm_scatter4scaled.RG (M1, 8) 0x1080:ud OFF2.0 S.0\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = checked(text, VSMP_PLATFORM_TGLLP, "unaligned/svm4", &mod);
    vsmp_surface *b1 = kit_buffer(32), *b2 = kit_buffer(64);
    if (m && b1 && b2) {
        uint32_t *w = vsmp_surface_get_desc(b1)->data, *v = vsmp_surface_get_desc(b2)->data;
        for (uint32_t i = 0; i < 32; i++)
            w[i] = 3 * i;
        for (uint32_t i = 0; i < 64; i++)
            v[i] = 100 + i;
        CHECK(vsmp_machine_bind_surface(m, 2, b1) == VSMP_OK, "bind");
        CHECK(vsmp_machine_map_surface(m, 0x1000, b2) == VSMP_OK, "map");
        uint64_t off[8], off2[8];
        uint32_t sv[16];
        for (uint32_t l = 0; l < 8; l++)
            off[l] = 8 * (7 - l), off2[l] = 8 * l, sv[l] = 1000 + l, sv[8 + l] = 2000 + l;
        kit_put(m, "OFF", off, sizeof(off));
        kit_put(m, "OFF2", off2, sizeof(off2));
        kit_put(m, "S", sv, sizeof(sv));
        CHECK(kit_run(m, NULL), "unaligned/svm4 run");
        uint32_t d[8], g[16];
        kit_get(m, "D", d, sizeof(d));
        kit_get(m, "G", g, sizeof(g));
        bool ok = true;
        for (uint32_t i = 0; i < 8; i++)
            ok &= d[i] == 3 * (9 + i);
        CHECK(ok, "oword_ld_unaligned: %u .. %u", d[0], d[7]);
        ok = true;
        for (uint32_t l = 0; l < 8; l++)
            ok &= g[l] == 114 - 2 * l && g[8 + l] == 116 - 2 * l;
        CHECK(ok, "svm_gather4_scaled.RB: %u %u / %u %u", g[0], g[7], g[8], g[15]);
        ok = v[46] == 146 && v[47] == 147;
        for (uint32_t l = 0; l < 7; l++)
            ok &= v[32 + 2 * l] == 1000 + l && v[33 + 2 * l] == 2000 + l;
        CHECK(ok, "svm_scatter4_scaled.RG: %u %u, lane 7 off: %u %u", v[32], v[33], v[46], v[47]);
    }
    vsmp_surface_free(b1);
    vsmp_surface_free(b2);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* shl into a Q dst from a D source shifts in 64 bits with a 6-bit count (IGC's float -> long
 * emulation on SKL: the high word << 32): D = {-1, 1, 0x80000000, 7} << 32 (sign-extended) =
 * {0xffffffff00000000, 0x100000000, 0x8000000000000000, 0x700000000}. */
static void test_shl_q(void)
{
    static const char text[] = ".version 3.6\n.kernel \"t\"\n"
                               ".decl D v_type=G type=d num_elts=8 align=GRF\n"
                               ".decl Q v_type=G type=q num_elts=4 align=GRF\n"
                               "shl (M1, 4) Q(0,0)<1> D(0,0)<1;1,0> 0x20:d\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod = parse(text);
    vsmp_machine *m = kit_create_ok(mod, VSMP_PLATFORM_SKL);
    if (m) {
        int32_t d[8] = {-1, 1, INT32_MIN, 7};
        kit_put(m, "D", d, sizeof(d));
        CHECK(kit_run(m, NULL), "shl run");
        uint64_t q[4];
        kit_get(m, "Q", q, sizeof(q));
        CHECK(q[0] == 0xffffffff00000000ull && q[1] == 0x100000000ull &&
                  q[2] == 0x8000000000000000ull && q[3] == 0x700000000ull,
              "shl Q <- D << 32: %llx %llx %llx %llx", (unsigned long long)q[0],
              (unsigned long long)q[1], (unsigned long long)q[2], (unsigned long long)q[3]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* A flag copy into a D dst (the validator's rule: any integer of 32 bits or less) runs: P1 =
 * 0x8005 -> D = 0x8005; one of exec size 2 is refused by both under exec-size. */
static void test_flag_copy(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl D v_type=G type=d num_elts=8 align=GRF\n"
                               ".decl P1 v_type=P num_elts=16\n"
                               "setp (M1_NM, 16) P1 0x8005:uw\n"
                               "mov (M1_NM, 1) D(0,0)<1> P1\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = checked(text, VSMP_PLATFORM_TGLLP, "flag copy to D", &mod);
    if (m) {
        CHECK(kit_run(m, NULL), "flag copy run");
        int32_t d[8];
        kit_get(m, "D", d, sizeof(d));
        CHECK(d[0] == 0x8005, "flag copy to D: %x", (unsigned)d[0]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    static const char bad[] = ".version 4.1\n.kernel \"t\"\n"
                              ".decl D v_type=G type=ud num_elts=8 align=GRF\n"
                              ".decl P1 v_type=P num_elts=16\n"
                              "mov (M1_NM, 2) D(0,0)<1> P1\n"
                              "ret (M1, 1)\n";
    mod = parse(bad);
    if (mod)
        kit_same_rule(mod, VSMP_PLATFORM_TGLLP, "exec-size", "flag copy of exec size 2");
    vsmp_module_free(mod);
}

/* sampler_cache_flush runs as a no-op: the mov after it writes 7 (CACHE_FLUSH.md). */
static void test_cache_flush(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl D v_type=G type=d num_elts=8 align=GRF\n"
                               "sampler_cache_flush\n"
                               "mov (M1_NM, 1) D(0,0)<1> 0x7:d\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = checked(text, VSMP_PLATFORM_TGLLP, "sampler_cache_flush", &mod);
    if (m) {
        CHECK(kit_run(m, NULL), "sampler_cache_flush run");
        int32_t d[8];
        kit_get(m, "D", d, sizeof(d));
        CHECK(d[0] == 7 && vsmp_machine_steps(m) == 3, "after the flush: %d, %llu steps", d[0],
              (unsigned long long)vsmp_machine_steps(m));
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* lifetime.start/.end (IGC 2.40 writes them on tgllp: tests/corpus2's ps_table) mark where a
 * variable's live range begins and ends, for the register allocator: they run as no-ops, D
 * keeps the value written between them. */
static void test_lifetime(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl D v_type=G type=d num_elts=8 align=GRF\n"
                               "lifetime.start D\n"
                               "mov (M1_NM, 1) D(0,0)<1> 0x9:d\n"
                               "lifetime.end D\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = checked(text, VSMP_PLATFORM_TGLLP, "lifetime", &mod);
    CHECK(m != NULL, "lifetime: the machine takes it");
    if (m) {
        CHECK(kit_run(m, NULL), "lifetime run");
        int32_t d[8];
        kit_get(m, "D", d, sizeof(d));
        CHECK(d[0] == 9 && vsmp_machine_steps(m) == 4, "between lifetimes: %d, %llu steps", d[0],
              (unsigned long long)vsmp_machine_steps(m));
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* faddr (FADDR.md): the address of a symbol, "represented as a 64-bit unsigned integer", into a
 * UQ or (its low 32 bits) a UD dst. Symbols 0x10000000040 (ps_w) and 0x10000000123 (".str", a
 * name that is no identifier, quoted as IGC prints it): Q[0] = 0x10000000040, Q[1] =
 * 0x10000000123, U[2] = 0x40 and U[3] untouched (0). A symbol without an address stops the run,
 * rule exec-faddr. */
static void test_faddr(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl Q v_type=G type=uq num_elts=4 align=GRF\n"
                               ".decl U v_type=G type=ud num_elts=8 align=GRF\n"
                               "faddr ps_w Q(0,0)<1>\n"
                               "faddr \".str\" Q(0,1)<1>\n"
                               "faddr ps_w U(0,2)<1>\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = checked(text, VSMP_PLATFORM_TGLLP, "faddr", &mod);
    if (m) {
        CHECK(vsmp_machine_set_symbol(m, "ps_w", 0x10000000040ull) == VSMP_OK &&
                  vsmp_machine_set_symbol(m, ".str", 0x10000000123ull) == VSMP_OK &&
                  vsmp_machine_set_symbol(m, "unused", 5) == VSMP_OK &&
                  vsmp_machine_set_symbol(m, "", 5) == VSMP_ERR_ARG,
              "symbols set");
        CHECK(kit_run(m, NULL), "faddr run");
        uint64_t q[4];
        uint32_t u[8];
        kit_get(m, "Q", q, sizeof(q));
        kit_get(m, "U", u, sizeof(u));
        CHECK(q[0] == 0x10000000040ull && q[1] == 0x10000000123ull && u[2] == 0x40 && u[3] == 0,
              "faddr: %llx %llx %x %x", (unsigned long long)q[0], (unsigned long long)q[1], u[2],
              u[3]);
    }
    vsmp_machine_free(m);
    m = kit_create_ok(mod, VSMP_PLATFORM_TGLLP);
    if (m) {
        vsmp_machine_set_symbol(m, "ps_w", 0x10000000040ull);
        vsmp_diags d;
        vsmp_diags_init(&d);
        CHECK(vsmp_machine_run(m, &d) != VSMP_OK && d.count &&
                  !strcmp(d.items[0].rule, "exec-faddr") && strstr(d.items[0].message, ".str"),
              "faddr without an address: [%s] %s", d.count ? d.items[0].rule : "-",
              d.count ? d.items[0].message : "");
        vsmp_diags_free(&d);
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* The scratch space T5 (%scratch; GATHER4_SCALED.md, SCATTER4_SCALED.md on it as on a buffer):
 * SIMD8 scatter4_scaled.R of D[l] = 100 + l at offsets O[l] = 4 * l, but lane 7 at 64, past the
 * 64-byte scratch space (dropped); then gather4_scaled.R at offsets G[l] = 28 - 4 * l for l < 7
 * and 64 for lane 7: R[l] = 100 + (7 - l), R[0] = 0 (nothing was written at 28: lane 7's write
 * was dropped), R[7] = 0 (outside). A machine without a scratch space reads zeros. */
static void test_scratch(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl O v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl G v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl D v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl R v_type=G type=ud num_elts=8 align=GRF\n"
                               "scatter4_scaled.R (M1, 8) %scratch 0x0:ud O.0 D.0\n"
                               "gather4_scaled.R (M1, 8) %scratch 0x0:ud G.0 R.0\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod = parse(text);
    const char *rule;
    CHECK(mod && kit_checks(mod, VSMP_PLATFORM_TGLLP, &rule), "T5 checks (%s)", mod ? rule : "-");
    uint32_t o[8], g[8], dv[8], r[8];
    for (unsigned l = 0; l < 8; l++) {
        o[l] = l < 7 ? 4 * l : 64;
        g[l] = l < 7 ? 28 - 4 * l : 64;
        dv[l] = 100 + l;
    }
    for (int with = 1; with >= 0; with--) {
        vsmp_machine *m = kit_create_ok(mod, VSMP_PLATFORM_TGLLP);
        if (!m)
            break;
        uint8_t mem[64] = {0};
        if (with)
            vsmp_machine_set_scratch(m, mem, sizeof(mem));
        kit_put(m, "O", o, sizeof(o));
        kit_put(m, "G", g, sizeof(g));
        kit_put(m, "D", dv, sizeof(dv));
        CHECK(kit_run(m, NULL), "T5 run");
        kit_get(m, "R", r, sizeof(r));
        bool ok = r[0] == 0 && r[7] == 0;
        for (unsigned l = 1; l < 7; l++)
            ok &= r[l] == (with ? 100 + (7 - l) : 0);
        CHECK(ok, "T5 (%s scratch): %u %u %u .. %u", with ? "with" : "without", r[0], r[1], r[2],
              r[7]);
        vsmp_machine_free(m);
    }
    vsmp_module_free(mod);
}

/* A 2D surface of 4 x 2 texels of @p f, texel (x, y) = 10 y + x (its low bytes for R16). */
static vsmp_surface *texels(vsmp_format f)
{
    vsmp_surface *s = kit_surface(VSMP_SURFTYPE_2D, f, 4, 2, 1);
    CHECK(s != NULL, "typed surface");
    for (uint32_t y = 0; s && y < 2; y++)
        for (uint32_t x = 0; x < 4; x++) {
            uint32_t v = 10 * y + x;
            memcpy(vsmp_surface_texel(s, 0, 0, x, y), &v, f == VSMP_FORMAT_R16_UINT ? 2 : 4);
        }
    return s;
}

static uint32_t texel(const vsmp_surface *s, uint32_t x, uint32_t y, unsigned bytes)
{
    uint32_t v = 0;
    memcpy(&v, vsmp_surface_texel(s, 0, 0, x, y), bytes);
    return v;
}

/* typed_atomic (TYPED_ATOMIC.md) on a 4 x 2 R32_UINT surface bound at 2, texel (x, y) = 10 y +
 * x, SIMD8 lanes at (U, V) = (l & 3, l >> 2) but lane 7 at (4, 1), outside:
 *  add of S[l] = 100 + l: texel (l & 3, l >> 2) becomes 10 y + x + 100 + l for l < 7, R[l] the
 *  old 10 y + x; lane 7 returns 0 and (3, 1) keeps 13 ("On read: zeros are returned. On
 *  write: data is dropped");
 *  then cmpxchg of N[l] = 7 (new = old == src1 ? src0 : old) with C[l] the value the add left
 *  for even lanes and 0 for odd ones: even lanes' texels become 7, odd ones keep theirs, and R2
 *  gets the value after the add either way (lane 7: 0). */
static void test_typed_atomic(void)
{
    static const char text[] =
        ".version 3.6\n.kernel \"t\"\n"
        ".decl img v_type=T num_elts=1\n"
        ".decl U v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl V v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl S v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl C v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl R v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl R2 v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl N v_type=G type=ud num_elts=8 align=GRF\n"
        "movs (M1_NM, 1) img(0) 0x2:ud\n"
        "mov (M1, 8) N(0,0)<1> 0x7:ud\n"
        "typed_atomic.add (M1, 8) img U.0 V.0 %null.0 %null.0 S.0 %null.0 R.0\n"
        "typed_atomic.cmpxchg (M1, 8) img U.0 V.0 %null.0 %null.0 N.0 C.0 R2.0\n"
        "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = checked(text, VSMP_PLATFORM_TGLLP, "typed_atomic", &mod);
    vsmp_surface *img = texels(VSMP_FORMAT_R32_UINT);
    if (m && img) {
        uint32_t u[8], v[8], sv[8], c[8], r[8], r2[8];
        for (uint32_t l = 0; l < 8; l++) {
            u[l] = l < 7 ? l & 3 : 4;
            v[l] = l >> 2;
            sv[l] = 100 + l;
            /* after the add, lane l's texel holds 10 (l >> 2) + (l & 3) + 100 + l: compare
             * with that for even lanes (they swap in 7), with 0 for odd ones (kept) */
            c[l] = l % 2 ? 0 : 10 * (l >> 2) + (l & 3) + 100 + l;
        }
        CHECK(vsmp_machine_bind_surface(m, 2, img) == VSMP_OK, "bind");
        kit_put(m, "U", u, sizeof(u));
        kit_put(m, "V", v, sizeof(v));
        kit_put(m, "S", sv, sizeof(sv));
        kit_put(m, "C", c, sizeof(c));
        CHECK(kit_run(m, NULL), "typed_atomic run");
        kit_get(m, "R", r, sizeof(r));
        kit_get(m, "R2", r2, sizeof(r2));
        bool ok = r[7] == 0 && r2[7] == 0 && texel(img, 3, 1, 4) == 13;
        for (uint32_t l = 0; l < 7; l++) {
            uint32_t was = 10 * (l >> 2) + (l & 3), added = was + 100 + l;
            ok &= r[l] == was && r2[l] == added;
            ok &= texel(img, l & 3, l >> 2, 4) == (l % 2 ? added : 7u);
        }
        CHECK(ok, "typed_atomic add, cmpxchg: R %u %u %u, R2 %u %u, texels %u %u %u", r[0], r[5],
              r[7], r2[0], r2[1], texel(img, 0, 0, 4), texel(img, 1, 0, 4), texel(img, 3, 1, 4));
    }
    vsmp_surface_free(img);
    vsmp_machine_free(m);
    vsmp_module_free(mod);

    /* inc.16 on R16_UINT, lanes 0..3 at (l, 0): texel l becomes l + 1, R gets l in its low half
     * and 0 above; an R32_UINT surface for a 16-bit atomic is a fault (exec-plan) */
    static const char t16[] = ".version 3.6\n.kernel \"t\"\n"
                              ".decl img v_type=T num_elts=1\n"
                              ".decl U v_type=G type=ud num_elts=8 align=GRF\n"
                              ".decl R v_type=G type=ud num_elts=8 align=GRF\n"
                              "movs (M1_NM, 1) img(0) 0x2:ud\n"
                              "typed_atomic.inc.16 (M1, 8) img U.0 %null.0 %null.0 %null.0 %null.0 "
                              "%null.0 R.0\n"
                              "ret (M1, 1)\n";
    mod = parse(t16);
    for (int wrong = 0; wrong < 2 && mod; wrong++) {
        m = kit_create_ok(mod, VSMP_PLATFORM_TGLLP);
        img = texels(wrong ? VSMP_FORMAT_R32_UINT : VSMP_FORMAT_R16_UINT);
        if (!m || !img) {
            vsmp_surface_free(img);
            vsmp_machine_free(m);
            break;
        }
        uint32_t u[8] = {0, 1, 2, 3, 9, 9, 9, 9}, r[8] = {0};
        memset(r, 0xee, sizeof(r));
        vsmp_machine_bind_surface(m, 2, img);
        kit_put(m, "U", u, sizeof(u));
        kit_put(m, "R", r, sizeof(r));
        vsmp_diags d;
        vsmp_diags_init(&d);
        vsmp_status st = vsmp_machine_run(m, &d);
        if (wrong) {
            CHECK(st != VSMP_OK && d.count && !strcmp(d.items[0].rule, "exec-plan"),
                  "typed_atomic.16 on R32_UINT: [%s]", d.count ? d.items[0].rule : "-");
        } else {
            kit_get(m, "R", r, sizeof(r));
            bool ok = st == VSMP_OK;
            for (uint32_t l = 0; l < 4; l++)
                ok &= r[l] == l && texel(img, l, 0, 2) == l + 1;
            ok &= r[4] == 0 && texel(img, 0, 1, 2) == 10;
            CHECK(ok, "typed_atomic.inc.16: %u %u %u, texel 0 %u", r[0], r[3], r[4],
                  texel(img, 0, 0, 2));
        }
        vsmp_diags_free(&d);
        vsmp_surface_free(img);
        vsmp_machine_free(m);
    }
    vsmp_module_free(mod);
}

/* 64-bit float atomics (SVM_ATOMIC.md: Op bits 6..5 = 2, 64-bit, with fadd, fsub, fmin, fmax,
 * fcmpwr) and typed_atomic, contended: CONTEND_THREADS host threads, each with its own machine,
 * run CONTEND_RUNS times a SIMD8 kernel that increments texel (0, 0) of one R32_UINT surface
 * with typed_atomic.inc and adds H[l] = 0.5 to one double with svm_atomic.fadd.64: the texel ends
 * at threads x runs x 8 and the double at threads x runs x 8 x 0.5 (every partial sum a multiple
 * of 0.5 below 2^53: exact), when no update is lost. Then, alone: fsub.64 of 0.25 per lane (8
 * lanes: -2) and fmin.64 of -1e300 (returns the old value; the minimum wins). */
struct fcontender {
    vsmp_module *mod;
    vsmp_surface *img, *buf;
    bool ok;
};

static void *fcontend(void *arg)
{
    struct fcontender *c = arg;
    vsmp_machine *m = NULL;
    c->ok = vsmp_machine_create(c->mod, 0, NULL, &m, NULL) == VSMP_OK &&
            vsmp_machine_map_surface(m, 0x5000, c->buf) == VSMP_OK &&
            vsmp_machine_bind_surface(m, 1, c->img) == VSMP_OK;
    uint64_t q[8];
    double h[8];
    for (int l = 0; l < 8; l++)
        q[l] = 0x5000, h[l] = 0.5;
    vsmp_var_info qi, hi;
    c->ok = c->ok && vsmp_machine_find(m, "Q", &qi) == VSMP_OK &&
            vsmp_machine_find(m, "H", &hi) == VSMP_OK;
    for (int r = 0; r < CONTEND_RUNS && c->ok; r++) {
        vsmp_machine_reset(m);
        c->ok = vsmp_machine_write_var(m, VSMP_VAR_GENERAL, qi.id, 0, q, sizeof(q)) == VSMP_OK &&
                vsmp_machine_write_var(m, VSMP_VAR_GENERAL, hi.id, 0, h, sizeof(h)) == VSMP_OK &&
                vsmp_machine_run(m, NULL) == VSMP_OK;
    }
    vsmp_machine_free(m);
    return NULL;
}

static void test_float64_typed_contention(void)
{
    static const char text[] =
        ".version 3.6\n.kernel \"t\"\n"
        ".decl img v_type=T num_elts=1\n"
        ".decl U v_type=G type=ud num_elts=8 align=GRF\n"
        ".decl Q v_type=G type=uq num_elts=8 align=GRF\n"
        ".decl H v_type=G type=df num_elts=8 align=GRF\n"
        "movs (M1_NM, 1) img(0) 0x1:ud\n"
        "typed_atomic.inc (M1, 8) img U.0 %null.0 %null.0 %null.0 %null.0 %null.0 %null.0\n"
        "svm_atomic.fadd.64 (M1, 8) Q.0 %null.0 H.0 %null.0\n"
        "ret (M1, 1)\n";
    vsmp_module *mod = parse(text);
    vsmp_surface *img = texels(VSMP_FORMAT_R32_UINT), *buf = kit_buffer(4);
    if (!mod || !img || !buf) {
        vsmp_surface_free(img);
        vsmp_surface_free(buf);
        vsmp_module_free(mod);
        return;
    }
    struct fcontender c[CONTEND_THREADS];
    pthread_t th[CONTEND_THREADS];
    for (int i = 0; i < CONTEND_THREADS; i++) {
        c[i] = (struct fcontender){mod, img, buf, false};
        CHECK(pthread_create(&th[i], NULL, fcontend, &c[i]) == 0, "thread %d", i);
    }
    for (int i = 0; i < CONTEND_THREADS; i++) {
        pthread_join(th[i], NULL);
        CHECK(c[i].ok, "thread %d ran its kernels", i);
    }
    double sum;
    memcpy(&sum, vsmp_surface_get_desc(buf)->data, 8);
    CHECK(texel(img, 0, 0, 4) == CONTEND_THREADS * CONTEND_RUNS * 8 &&
              sum == CONTEND_THREADS * CONTEND_RUNS * 8 * 0.5,
          "no update lost: texel %u (%u), sum %.1f (%.1f)", texel(img, 0, 0, 4),
          CONTEND_THREADS * CONTEND_RUNS * 8, sum, CONTEND_THREADS * CONTEND_RUNS * 8 * 0.5);
    vsmp_module_free(mod);

    static const char t2[] = ".version 3.6\n.kernel \"t\"\n"
                             ".decl Q v_type=G type=uq num_elts=8 align=GRF\n"
                             ".decl H v_type=G type=df num_elts=8 align=GRF\n"
                             ".decl M v_type=G type=df num_elts=8 align=GRF\n"
                             ".decl R v_type=G type=df num_elts=8 align=GRF\n"
                             "svm_atomic.fsub.64 (M1, 8) Q.0 %null.0 H.0 %null.0\n"
                             "svm_atomic.fmin.64 (M1, 1) Q.0 R.0 M.0 %null.0\n"
                             "ret (M1, 1)\n";
    mod = parse(t2);
    vsmp_machine *m = kit_create_ok(mod, VSMP_PLATFORM_TGLLP);
    if (m) {
        double zero = 0, h[8], mv[8], r[8];
        memcpy(vsmp_surface_get_desc(buf)->data, &zero, 8);
        uint64_t q[8];
        for (int l = 0; l < 8; l++)
            q[l] = 0x5000, h[l] = 0.25, mv[l] = -1e300;
        CHECK(vsmp_machine_map_surface(m, 0x5000, buf) == VSMP_OK, "map");
        kit_put(m, "Q", q, sizeof(q));
        kit_put(m, "H", h, sizeof(h));
        kit_put(m, "M", mv, sizeof(mv));
        CHECK(kit_run(m, NULL), "fsub.64, fmin.64 run");
        kit_get(m, "R", r, sizeof(r));
        memcpy(&sum, vsmp_surface_get_desc(buf)->data, 8);
        CHECK(r[0] == -2.0 && sum == -1e300, "fsub.64 then fmin.64: returned %g, holds %g", r[0],
              sum);
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    vsmp_surface_free(img);
    vsmp_surface_free(buf);
}

/* The validator and the machine refuse @p text under the same rule. */
static void same_rule(const char *text, const char *rule, const char *what)
{
    vsmp_module *mod = parse(text);
    if (mod)
        kit_same_rule(mod, VSMP_PLATFORM_TGLLP, rule, what);
    vsmp_module_free(mod);
}

/* integer-only opcodes with a float operand: both say "type" (the machine said
 * exec-unsupported) */
static void test_same_rules(void)
{
    same_rule(".version 4.1\n.kernel \"t\"\n"
              ".decl A v_type=G type=d num_elts=8 align=GRF\n"
              ".decl F v_type=G type=f num_elts=8 align=GRF\n"
              "mod (M1, 8) A(0,0)<1> F(0,0)<1;1,0> A(0,0)<1;1,0>\nret (M1, 1)\n",
              "type", "mod of a float");
    same_rule(".version 4.1\n.kernel \"t\"\n"
              ".decl A v_type=G type=d num_elts=16 align=GRF\n"
              ".decl F v_type=G type=f num_elts=8 align=GRF\n"
              "madw (M1, 8) A(0,0)<1> F(0,0)<1;1,0> A(0,0)<1;1,0> A(0,0)<1;1,0>\nret (M1, 1)\n",
              "type", "madw of a float");
    /* one type rule for every opcode of the table's INT and FLOAT sets (the machine ran these:
     * it knew eight integer-only opcodes and no float-only one) */
    same_rule(".version 4.1\n.kernel \"t\"\n"
              ".decl F v_type=G type=f num_elts=8 align=GRF\n"
              "shl (M1, 8) F(0,0)<1> F(0,0)<1;1,0> F(0,0)<1;1,0>\nret (M1, 1)\n",
              "type", "shl of a float");
    same_rule(".version 4.1\n.kernel \"t\"\n"
              ".decl A v_type=G type=d num_elts=8 align=GRF\n"
              "frc (M1, 8) A(0,0)<1> A(0,0)<1;1,0>\nret (M1, 1)\n",
              "type", "frc of an integer");
    /* a float immediate of an integer-only opcode (the validator let immediates pass) */
    /* a float immediate on an integer-only opcode: both "type" (the validator read declared
     * types only, the machine refused mod's and ran and's) */
    same_rule(".version 4.1\n.kernel \"t\"\n"
              ".decl A v_type=G type=d num_elts=8 align=GRF\n"
              "and (M1, 8) A(0,0)<1> A(0,0)<1;1,0> 0x3f800000:f\nret (M1, 1)\n",
              "type", "and of a float immediate");
    same_rule(".version 4.1\n.kernel \"t\"\n"
              ".decl A v_type=G type=d num_elts=8 align=GRF\n"
              "mod (M1, 8) A(0,0)<1> A(0,0)<1;1,0> 0x3f800000:f\nret (M1, 1)\n",
              "type", "mod of a float immediate");
    /* exec size 8 at M8 (channel offset 28): past 32 channels, exec-mask for both (the machine
     * said exec-size) */
    same_rule(".version 4.1\n.kernel \"t\"\n"
              ".decl A v_type=G type=d num_elts=8 align=GRF\n"
              "add (M8, 8) A(0,0)<1> A(0,0)<1;1,0> 0x1:d\nret (M1, 1)\n",
              "exec-mask", "exec size past 32 channels");
    same_rule(".version 4.1\n.kernel \"t\"\n"
              ".decl A v_type=G type=d num_elts=8 align=GRF\n"
              "shl (M1, 8) A(0,0)<1> A(0,0)<1;1,0> 0x4000:hf\nret (M1, 1)\n",
              "type", "shl by a half immediate");
    /* an integer immediate there is fine for both */
    {
        vsmp_module *mod = parse(".version 4.1\n.kernel \"t\"\n"
                                 ".decl A v_type=G type=d num_elts=8 align=GRF\n"
                                 "and (M1, 8) A(0,0)<1> A(0,0)<1;1,0> 0x3f800000:d\n"
                                 "ret (M1, 1)\n");
        const char *vr = "";
        vsmp_machine *m = mod ? kit_create_ok(mod, VSMP_PLATFORM_TGLLP) : NULL;
        CHECK(mod && kit_checks(mod, VSMP_PLATFORM_TGLLP, &vr) && m, "and of a D immediate: (%s)",
              vr);
        vsmp_machine_free(m);
        vsmp_module_free(mod);
    }
    /* oword_ld size codes 4..7 (binary only: the text has no spelling for them): the byte that
     * differs between the .isa of a 2-oword and of a 4-oword read is the size; code 5 there is
     * refused by both under "oword-size" (OWORD_LD.md: 1, 2, 4 or 8 owords) */
    static const char ow[] = ".version 4.1\n.kernel \"t\"\n"
                             ".decl buf v_type=T num_elts=1\n"
                             ".decl D v_type=G type=ud num_elts=16 align=GRF\n"
                             "oword_ld (%d) buf 0x0:ud D.0\nret (M1, 1)\n";
    uint8_t bin[2][4096];
    size_t len[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        char t[512];
        snprintf(t, sizeof(t), ow, k ? 4 : 2);
        vsmp_module *mod = parse(t);
        CHECK(mod && vsmp_module_write(mod, NULL, bin[k], sizeof(bin[k]), &len[k], NULL) == VSMP_OK,
              "oword_ld .isa %d", k);
        vsmp_module_free(mod);
    }
    size_t at = 0, diffs = 0;
    for (size_t i = 0; len[0] == len[1] && i < len[0]; i++)
        if (bin[0][i] != bin[1][i])
            at = i, diffs++;
    CHECK(diffs == 1 && bin[0][at] == 1 && bin[1][at] == 2, "the size byte: %zu differ", diffs);
    if (diffs == 1) {
        bin[0][at] = 5;
        vsmp_module *mod = NULL;
        CHECK(vsmp_module_read(bin[0], len[0], NULL, &mod, NULL) == VSMP_OK, "patched .isa read");
        if (mod)
            kit_same_rule(mod, VSMP_PLATFORM_TGLLP, "oword-size", "oword size code 5");
        vsmp_module_free(mod);
    }
}

/* dword_atomic on a bound buffer (binding-table index 3, 8 words w[i] = i): add of 10 + l at
 * byte 4 l for lanes 0..7 of SIMD8, lane 7 at byte 28 + 4 = 32 past the end (offset 32): w[i]
 * = i + 10 + i for i < 7, w[7] keeps 7, lane 7 returns 0, the others their old i. */
static void test_dword_buffer(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl buf v_type=T num_elts=1\n"
                               ".decl O v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl S v_type=G type=ud num_elts=8 align=GRF\n"
                               ".decl R v_type=G type=ud num_elts=8 align=GRF\n"
                               "movs (M1_NM, 1) buf(0) 0x3:ud\n"
                               "dword_atomic.add (M1, 8) buf O.0 S.0 %null.0 R.0\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod;
    vsmp_machine *m = checked(text, VSMP_PLATFORM_TGLLP, "dword_atomic buffer", &mod);
    vsmp_surface *b = kit_buffer(8);
    if (m && b) {
        uint32_t *w = vsmp_surface_get_desc(b)->data;
        uint32_t o[8], sv[8], r[8];
        for (uint32_t i = 0; i < 8; i++)
            w[i] = i, o[i] = i < 7 ? 4 * i : 32, sv[i] = 10 + i, r[i] = 0x99;
        CHECK(vsmp_machine_bind_surface(m, 3, b) == VSMP_OK, "bind");
        kit_put(m, "O", o, sizeof(o));
        kit_put(m, "S", sv, sizeof(sv));
        kit_put(m, "R", r, sizeof(r));
        CHECK(kit_run(m, NULL), "dword_atomic buffer run");
        kit_get(m, "R", r, sizeof(r));
        bool ok = w[7] == 7 && r[7] == 0;
        for (uint32_t i = 0; i < 7; i++)
            ok &= w[i] == 2 * i + 10 && r[i] == i;
        CHECK(ok, "dword_atomic.add on a buffer: %u %u %u, returned %u %u", w[0], w[6], w[7], r[6],
              r[7]);
    }
    vsmp_surface_free(b);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

/* A SIMD1 non-transposed lsc_store.slm of a d32 from a one-DWord variable plans (it needs 4
 * bytes, not a GRF: IGC's work-group functions on DG2) and stores 0x1234 at byte 8. */
static void test_lsc_simd1(void)
{
    static const char text[] = ".version 4.1\n.kernel \"t\"\n"
                               ".decl A v_type=G type=ud num_elts=1 align=dword\n"
                               ".decl B v_type=G type=d num_elts=1 align=dword\n"
                               "mov (M1_NM, 1) A(0,0)<1> 0x8:ud\n"
                               "mov (M1_NM, 1) B(0,0)<1> 0x1234:d\n"
                               "lsc_store.slm (M1_NM, 1) flat[A]:a32 B:d32\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod = parse(text);
    vsmp_machine *m = kit_create_ok(mod, VSMP_PLATFORM_DG2);
    if (m) {
        uint32_t slm[4] = {0};
        vsmp_machine_set_slm(m, slm, sizeof(slm));
        CHECK(kit_run(m, NULL) && slm[2] == 0x1234 && slm[1] == 0 && slm[3] == 0,
              "lsc_store SIMD1: %x", slm[2]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

int main(void)
{
    test_faddr();
    test_scratch();
    test_typed_atomic();
    test_float64_typed_contention();
    test_lsc_simd1();
    test_dword_buffer();
    test_same_rules();
    test_cache_flush();
    test_lifetime();
    test_flag_copy();
    test_shl_q();
    test_unaligned_svm4();
    test_carry_immediates();
    test_svm_ops();
    test_svm_float_widths();
    test_dword_slm();
    test_lsc_atomics();
    test_contention();
    return t_finish();
}
