/* SPDX-License-Identifier: MIT */
/*
 * The machine's general instructions, on programs built through the API (the declarations come
 * from the text parser, the instructions from the generic operand model): conversions with
 * truncation, saturation and %cr0 rounding, denormal flushing, regions, source modifiers,
 * cmp to general variables and predicates, sel, divergent goto (forward and backward) with
 * re-convergence. Expected values are derived in the comments.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

/* Declarations: A, B, C are 16 D each (ids 32, 33, 34), F and G 16 F (35, 36), U 32 UB (37),
 * Q 8 UQ (38), R 8 UD (39),
 * P1 predicate of 16. */
static const char decls[] = ".version 4.1\n.kernel \"t\"\n"
                            ".decl A v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl B v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl C v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl F v_type=G type=f num_elts=16 align=GRF\n"
                            ".decl G v_type=G type=f num_elts=16 align=GRF\n"
                            ".decl U v_type=G type=ub num_elts=32 align=GRF\n"
                            ".decl Q v_type=G type=uq num_elts=8 align=GRF\n"
                            ".decl P1 v_type=P num_elts=16\n"
                            ".decl A0 v_type=A num_elts=2\n"
                            ".decl buf v_type=T num_elts=1\n"
                            ".decl R v_type=G type=ud num_elts=8 align=GRF\n"
                            ".decl H v_type=G type=f num_elts=32 align=GRF\n"
                            ".decl K v_type=G type=f num_elts=32 align=GRF\n"
                            ".decl P2 v_type=P num_elts=16\n"
                            ".decl P3 v_type=P num_elts=16\n"
                            "ret (M1, 1)\n";
enum { A = 32, B, C, F, G, U, Q, R, H, K };

static int code(int v)
{
    return vsmp_region_code((unsigned)v);
}

static vsmp_opnd src(uint32_t var, int row, int col, int vs, int w, int hs, unsigned mod)
{
    vsmp_opnd o;
    memset(&o, 0, sizeof(o));
    o.kind = VSMP_OPND_VEC_SRC;
    o.vec.vclass = VSMP_VEC_GENERAL;
    o.vec.var = var, o.vec.row = (uint8_t)row, o.vec.col = (uint8_t)col, o.vec.mod = (uint8_t)mod;
    o.vec.region = (uint16_t)(code(vs) | code(w) << 4 | code(hs) << 8);
    return o;
}

static vsmp_opnd dst(uint32_t var, int hs, unsigned mod)
{
    vsmp_opnd o = src(var, 0, 0, 0, 1, hs, mod);
    o.kind = VSMP_OPND_VEC_DST;
    return o;
}

static vsmp_opnd imm(unsigned type, uint64_t bits)
{
    vsmp_opnd o;
    memset(&o, 0, sizeof(o));
    o.kind = VSMP_OPND_VEC_SRC;
    o.vec.vclass = VSMP_VEC_IMMEDIATE;
    o.vec.imm_type = (uint8_t)type;
    o.vec.imm = bits;
    return o;
}

static vsmp_opnd pred_dst(unsigned id)
{
    vsmp_opnd o;
    memset(&o, 0, sizeof(o));
    o.kind = VSMP_OPND_VEC_DST;
    o.vec.vclass = VSMP_VEC_PREDICATE;
    o.vec.var = id;
    return o;
}

static vsmp_opnd value(uint32_t v, unsigned kind)
{
    vsmp_opnd o;
    memset(&o, 0, sizeof(o));
    o.kind = (uint8_t)kind;
    o.size = kind == VSMP_OPND_LABEL ? 2 : 1;
    o.value = v;
    return o;
}

typedef struct prog {
    vsmp_module *mod;
    vsmp_routine *r;
} prog;

static bool prog_make(prog *p, unsigned labels)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    p->mod = NULL;
    bool ok = vsmp_text_parse(decls, strlen(decls), VSMP_DIALECT_12504, &p->mod, &d) == VSMP_OK;
    vsmp_diags_free(&d);
    if (!ok)
        return false;
    p->r = &p->mod->kernels[0];
    p->r->num_insts = 0; /* drop the parsed ret; instructions are appended below */
    if (labels) {
        p->r->labels = calloc(labels, sizeof(vsmp_label_decl));
        p->r->num_labels = labels;
    }
    return true;
}

static vsmp_inst *add(prog *p, unsigned opcode, unsigned lanes, unsigned emask, unsigned pred,
                      unsigned n, const vsmp_opnd *o)
{
    vsmp_routine *r = p->r;
    vsmp_inst *a = realloc(r->insts, (r->num_insts + 1) * sizeof(*a));
    if (!a)
        abort();
    r->insts = a;
    r->cap_insts = r->num_insts + 1;
    vsmp_inst *in = &a[r->num_insts++];
    memset(in, 0, sizeof(*in));
    in->opcode = (uint8_t)opcode;
    in->exec_size = (uint8_t)lanes;
    unsigned c = 0;
    while ((1u << c) < lanes)
        c++;
    in->exec_code = (uint8_t)c;
    in->emask = (uint8_t)emask;
    in->pred = (uint16_t)pred;
    in->offset = -1;
    in->line = r->num_insts;
    in->num_opnds = (uint8_t)n;
    if (n)
        memcpy(in->opnds, o, n * sizeof(*o));
    return in;
}

static void label(prog *p, unsigned id)
{
    vsmp_inst *in = add(p, VSMP_OPC_LABEL, 1, 0, 0, 0, NULL);
    in->label = (uint16_t)id;
}

static void ret(prog *p)
{
    add(p, VSMP_OPC_RET, 1, 0, 0, 0, NULL);
}

static vsmp_machine *machine(prog *p)
{
    vsmp_machine *m = kit_create(p->mod, VSMP_PLATFORM_TGLLP, NULL, NULL);
    CHECK(m != NULL, "machine created");
    return m;
}

static void put(vsmp_machine *m, uint32_t var, const void *v, size_t n)
{
    CHECK(vsmp_machine_write_var(m, VSMP_VAR_GENERAL, var, 0, v, n) == VSMP_OK, "write var %u",
          var);
}

static void get(vsmp_machine *m, uint32_t var, void *v, size_t n)
{
    uint8_t b[64];
    size_t got = 0;
    CHECK(vsmp_machine_read_var(m, VSMP_VAR_GENERAL, var, 0, b, sizeof(b), &got) == VSMP_OK,
          "read var %u", var);
    memcpy(v, b, n);
}

/* mov F -> D: toward zero, saturated, NaN -> 0. */
static void test_f2d(void)
{
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd o[2] = {dst(A, 1, 0), src(F, 0, 0, 1, 1, 0, 0)};
    o[1] = src(F, 0, 0, 8, 8, 1, 0);
    add(&p, VSMP_OPC_MOV, 8, 0, 0, 2, o);
    ret(&p);
    vsmp_machine *m = machine(&p);
    if (m) {
        float f[8] = {-2.7f, 2.7f, 3e9f, -3e9f, NAN, 0.5f, -0.5f, 2147483520.0f};
        put(m, F, f, sizeof(f));
        CHECK(kit_run(m, NULL), "f2d run");
        int32_t a[8];
        get(m, A, a, sizeof(a));
        const int32_t want[8] = {-2, 2, INT32_MAX, INT32_MIN, 0, 0, 0, 2147483520};
        CHECK(memcmp(a, want, sizeof(a)) == 0, "F -> D truncates and saturates (%d %d %d)", a[0],
              a[2], a[4]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* mov D -> F with the %cr0 rounding modes (bits 5..4): 2^24 + 1 lies between 16777216 and
 * 16777218; RTNE -> 16777216 (even), RU -> 16777218, RD -> 16777216, RTZ -> 16777216; for
 * -(2^24 + 1): RU -> -16777216, RD -> -16777218. Denormals: 1e-40 is subnormal in F; moved
 * with a (-) modifier (a conversion, not a copy) it flushes to -0 with %cr0 bit 7 clear and is
 * -1e-40 with it set; moved as it is (a copy: vsmp_x_is_copy) it stays 1e-40 under every
 * %cr0. */
static void test_rounding(void)
{
    static const float want[4][2] = {{16777216.0f, -16777216.0f},
                                     {16777218.0f, -16777216.0f},
                                     {16777216.0f, -16777218.0f},
                                     {16777216.0f, -16777216.0f}};
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd o[2] = {dst(F, 1, 0), src(A, 0, 0, 8, 8, 1, 0)};
    add(&p, VSMP_OPC_MOV, 2, 0, 0, 2, o);
    vsmp_opnd o2[2] = {dst(G, 1, 0), src(G, 0, 0, 8, 8, 1, VSMP_MOD_NEG)};
    add(&p, VSMP_OPC_MOV, 1, 0, 0, 2, o2);
    vsmp_opnd o3[2] = {dst(F, 1, 0), src(G, 0, 1, 8, 8, 1, 0)};
    o3[0].vec.col = 2;
    add(&p, VSMP_OPC_MOV, 1, 0, 0, 2, o3);
    ret(&p);
    vsmp_machine *m = machine(&p);
    for (uint32_t mode = 0; m && mode < 4; mode++) {
        int32_t a[2] = {16777217, -16777217};
        float g[2] = {1e-40f, 1e-40f};
        put(m, A, a, sizeof(a));
        put(m, G, g, sizeof(g));
        kit_set_cr0(m, mode << 4);
        CHECK(kit_run(m, NULL), "rounding run");
        float f[3];
        get(m, F, f, sizeof(f));
        get(m, G, g, 4);
        CHECK(f[0] == want[mode][0] && f[1] == want[mode][1], "mode %u: %.1f %.1f", mode, f[0],
              f[1]);
        CHECK(g[0] == 0.0f && signbit(g[0]), "F denormal flushed with %%cr0 bit 7 clear");
        CHECK(f[2] == 1e-40f, "F denormal copied by a plain mov, %%cr0 0x%x", mode << 4);
    }
    if (m) {
        float g[2] = {1e-40f, 1e-40f};
        put(m, G, g, sizeof(g));
        kit_set_cr0(m, 0x80);
        CHECK(kit_run(m, NULL), "denorm run");
        get(m, G, g, 4);
        CHECK(g[0] == -1e-40f, "F denormal kept with %%cr0 bit 7 set");
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* Saturation: add.sat F: 0.75 + 0.5 -> 1.0, -0.25 + 0 -> 0; add.sat UB of D sources:
 * 200 + 100 -> 255, 10 - 20 -> 0, 7 + 8 -> 15. Source modifiers: (-), (abs), (-abs) on
 * D -5 -> 5, 5, -5. */
static void test_sat_mods(void)
{
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd o[3] = {dst(G, 1, 4), src(F, 0, 0, 8, 8, 1, 0), src(F, 0, 8, 8, 8, 1, 0)};
    add(&p, VSMP_OPC_ADD, 2, 0, 0, 3, o);
    vsmp_opnd o2[3] = {dst(U, 1, 4), src(A, 0, 0, 8, 8, 1, 0), src(B, 0, 0, 8, 8, 1, 0)};
    add(&p, VSMP_OPC_ADD, 4, 0, 0, 3, o2);
    for (unsigned k = 0; k < 3; k++) {
        vsmp_opnd o3[2] = {dst(C, 1, 0), src(A, 0, 4, 0, 1, 0, 1 + k)};
        o3[0].vec.col = (uint8_t)k;
        add(&p, VSMP_OPC_MOV, 1, 0, 0, 2, o3);
    }
    ret(&p);
    vsmp_machine *m = machine(&p);
    if (m) {
        float f[10] = {0.75f, -0.25f, 0, 0, 0, 0, 0, 0, 0.5f, 0.0f};
        int32_t a[5] = {200, 10, 7, 0, -5}, b[3] = {100, -20, 8};
        put(m, F, f, sizeof(f));
        put(m, A, a, sizeof(a));
        put(m, B, b, sizeof(b));
        CHECK(kit_run(m, NULL), "sat run");
        float g[2];
        uint8_t u[3];
        int32_t c[3];
        get(m, G, g, sizeof(g));
        get(m, U, u, sizeof(u));
        get(m, C, c, sizeof(c));
        CHECK(g[0] == 1.0f && g[1] == 0.0f, "add.sat F clamps to [0, 1]");
        CHECK(u[0] == 255 && u[1] == 0 && u[2] == 15, "add.sat UB clamps (%u %u %u)", u[0], u[1],
              u[2]);
        /* modifier codes as GenX_IR writes them: 1 abs, 2 neg, 3 -abs */
        CHECK(c[0] == 5 && c[1] == 5 && c[2] == -5, "(abs) (-) (-abs) of -5: %d %d %d", c[0], c[1],
              c[2]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* Regions: src <4;2,1> over A = 0..15 reads rows of 2 every 4 elements: 0 1 4 5 8 9 12 13;
 * dst <2> writes C elements 0, 2, ..., 14; the odd ones keep -1. */
static void test_regions(void)
{
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd o[2] = {dst(C, 2, 0), src(A, 0, 0, 4, 2, 1, 0)};
    add(&p, VSMP_OPC_MOV, 8, 0, 0, 2, o);
    ret(&p);
    vsmp_machine *m = machine(&p);
    if (m) {
        int32_t a[16], c[16];
        for (int i = 0; i < 16; i++)
            a[i] = i, c[i] = -1;
        put(m, A, a, sizeof(a));
        put(m, C, c, sizeof(c));
        CHECK(kit_run(m, NULL), "region run");
        get(m, C, c, sizeof(c));
        const int32_t want[16] = {0, -1, 1, -1, 4, -1, 5, -1, 8, -1, 9, -1, 12, -1, 13, -1};
        CHECK(memcmp(c, want, sizeof(c)) == 0, "<4;2,1> into <2>");
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* cmp.lt to a general D variable (-1 / 0, CMP.md) and to P1; (P1) sel picks A where P1 holds,
 * B elsewhere. A = l, B = 3: lanes 0..2 less. */
static void test_cmp_sel(void)
{
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd o[4] = {value(4, VSMP_OPND_VALUE), dst(C, 1, 0), src(A, 0, 0, 8, 8, 1, 0),
                      imm(VSMP_TYPE_D, 3)};
    add(&p, VSMP_OPC_CMP, 8, 0, 0, 4, o);
    o[1] = pred_dst(1);
    add(&p, VSMP_OPC_CMP, 8, 0, 0, 4, o);
    vsmp_opnd s[3] = {dst(B, 1, 0), src(A, 0, 0, 8, 8, 1, 0), imm(VSMP_TYPE_D, 100)};
    add(&p, VSMP_OPC_SEL, 8, 0, 1, 3, s);
    ret(&p);
    vsmp_machine *m = machine(&p);
    if (m) {
        int32_t a[8];
        for (int i = 0; i < 8; i++)
            a[i] = i;
        put(m, A, a, sizeof(a));
        CHECK(kit_run(m, NULL), "cmp run");
        int32_t c[8], b[8];
        get(m, C, c, sizeof(c));
        get(m, B, b, sizeof(b));
        bool ok = true;
        for (int i = 0; i < 8; i++)
            ok &= c[i] == (i < 3 ? -1 : 0) && b[i] == (i < 3 ? i : 100);
        CHECK(ok, "cmp.lt -> -1/0; sel by P1");
        uint32_t pw = 0;
        size_t n;
        vsmp_machine_read_var(m, VSMP_VAR_PREDICATE, 1, 0, &pw, 4, &n);
        CHECK(pw == 0x7, "P1 = 0x7 (0x%x)", pw);
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* Divergence. Forward: (P1) goto L0 with P1 = 0x0f: lanes 0..3 skip "A += 1", all add 10 after
 * the label -> A = 10 (lanes 0..3), 11 (4..7). Backward: per-lane loop "A += 1 while A < B[l]"
 * with B = l: each lane leaves after max(1, l) turns; the lanes that left wait after the goto
 * and re-join there: C = A = 1 1 2 3 4 5 6 7. */
static void test_goto(void)
{
    prog p;
    CHECK(prog_make(&p, 2), "parse");
    vsmp_opnd g[1] = {value(0, VSMP_OPND_LABEL)};
    add(&p, VSMP_OPC_GOTO, 8, 0, 1, 1, g);
    vsmp_opnd inc[3] = {dst(A, 1, 0), src(A, 0, 0, 8, 8, 1, 0), imm(VSMP_TYPE_D, 1)};
    add(&p, VSMP_OPC_ADD, 8, 0, 0, 3, inc);
    label(&p, 0);
    vsmp_opnd ten[3] = {dst(A, 1, 0), src(A, 0, 0, 8, 8, 1, 0), imm(VSMP_TYPE_D, 10)};
    add(&p, VSMP_OPC_ADD, 8, 0, 0, 3, ten);
    /* loop on B */
    label(&p, 1);
    vsmp_opnd inc2[3] = {dst(B, 1, 0), src(B, 0, 0, 8, 8, 1, 0), imm(VSMP_TYPE_D, 1)};
    add(&p, VSMP_OPC_ADD, 8, 0, 0, 3, inc2);
    vsmp_opnd lt[4] = {value(4, VSMP_OPND_VALUE), pred_dst(1), src(B, 0, 0, 8, 8, 1, 0),
                       src(C, 0, 0, 8, 8, 1, 0)};
    add(&p, VSMP_OPC_CMP, 8, 0, 0, 4, lt);
    vsmp_opnd back[1] = {value(1, VSMP_OPND_LABEL)};
    add(&p, VSMP_OPC_GOTO, 8, 0, 1, 1, back);
    vsmp_opnd cp[2] = {dst(G, 1, 0), src(B, 0, 0, 8, 8, 1, 0)};
    add(&p, VSMP_OPC_MOV, 8, 0, 0, 2, cp);
    ret(&p);
    vsmp_machine *m = machine(&p);
    if (m) {
        uint32_t pw = 0x0f;
        vsmp_machine_write_var(m, VSMP_VAR_PREDICATE, 1, 0, &pw, 4);
        int32_t lim[8];
        for (int i = 0; i < 8; i++)
            lim[i] = i;
        put(m, C, lim, sizeof(lim));
        CHECK(kit_run(m, NULL), "goto run");
        int32_t a[8];
        float g2[8];
        get(m, A, a, sizeof(a));
        get(m, G, g2, sizeof(g2));
        bool ok = true;
        for (int i = 0; i < 8; i++)
            ok &= a[i] == (i < 4 ? 10 : 11);
        CHECK(ok, "forward goto: lanes 0..3 skip, all re-join at the label");
        ok = true;
        for (int i = 0; i < 8; i++)
            ok &= g2[i] == (float)(i < 1 ? 1 : i);
        CHECK(ok, "backward goto: per-lane trip counts, re-joined after the loop (%g %g %g)", g2[0],
              g2[2], g2[7]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* addr_add and indirect operands (ADDR_ADD.md, ch5): A0(0) = &A(0,2) + 8 bytes = &A[4];
 * mov (4) C <- r[A0(0), 0]<1;1,0>:d reads A[4..7]; then a multi-address source with width 1
 * (A0(0) = &A[4], A0(1) = &A[10]; <;1,0>) reads one element per address: C[8], C[9] =
 * A[4], A[10]. A = 100 + i. */
static void test_indirect(void)
{
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd aa[3];
    memset(aa, 0, sizeof(aa));
    aa[0].kind = VSMP_OPND_VEC_DST;
    aa[0].vec.vclass = VSMP_VEC_ADDRESS, aa[0].vec.var = 0, aa[0].vec.row = 0, aa[0].vec.col = 1;
    aa[1] = src(A, 0, 2, 0, 1, 0, 0);
    aa[2] = imm(VSMP_TYPE_UW, 8);
    add(&p, VSMP_OPC_ADDR_ADD, 1, 8, 0, 3, aa);
    vsmp_opnd mv[2] = {dst(C, 1, 0), src(A, 0, 0, 1, 1, 0, 0)};
    mv[1].vec.vclass = VSMP_VEC_INDIRECT;
    mv[1].vec.var = 0, mv[1].vec.row = 0, mv[1].vec.ind_offset = 0;
    mv[1].vec.imm_type = VSMP_TYPE_D;
    mv[1].vec.region = (uint16_t)(code(1) | code(1) << 4 | code(0) << 8);
    add(&p, VSMP_OPC_MOV, 4, 0, 0, 2, mv);
    /* A0(1) = &A(0,10) + 0 */
    aa[0].vec.row = 1;
    aa[1] = src(A, 0, 10, 0, 1, 0, 0);
    aa[2] = imm(VSMP_TYPE_UW, 0);
    add(&p, VSMP_OPC_ADDR_ADD, 1, 8, 0, 3, aa);
    vsmp_opnd mm[2] = {dst(C, 1, 0), mv[1]};
    mm[0].vec.col = 8;
    mm[1].vec.region = (uint16_t)(0 | code(1) << 4 | code(0) << 8); /* null vstride: multi */
    add(&p, VSMP_OPC_MOV, 2, 0, 0, 2, mm);
    /* the address is UW: on the hardware the sum wraps at 16 bits, so adding 0xfff8 moves
     * A0(0) 8 bytes back: &A(0,12) - 8 = &A[10]; C[4] = A[10] */
    aa[0].vec.row = 0;
    aa[1] = src(A, 0, 12, 0, 1, 0, 0);
    aa[2] = imm(VSMP_TYPE_UW, 0xfff8);
    add(&p, VSMP_OPC_ADDR_ADD, 1, 8, 0, 3, aa);
    vsmp_opnd mw[2] = {dst(C, 1, 0), mv[1]};
    mw[0].vec.col = 4;
    mw[1].vec.region = (uint16_t)(0 | code(1) << 4 | code(0) << 8);
    add(&p, VSMP_OPC_MOV, 1, 0, 0, 2, mw);
    ret(&p);
    vsmp_machine *m = machine(&p);
    if (m) {
        int32_t a[16];
        for (int i = 0; i < 16; i++)
            a[i] = 100 + i;
        put(m, A, a, sizeof(a));
        CHECK(kit_run(m, NULL), "indirect run");
        int32_t c[10];
        get(m, C, c, sizeof(c));
        CHECK(c[0] == 104 && c[1] == 105 && c[2] == 106 && c[3] == 107,
              "single-address indirect reads A[4..7] (%d %d)", c[0], c[3]);
        CHECK(c[8] == 104 && c[9] == 110, "multi-address indirect (%d %d)", c[8], c[9]);
        CHECK(c[4] == 110, "addr_add wraps at 16 bits: 0xfff8 is 8 bytes back (%d)", c[4]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* mov to an address, as IGC 2.x writes it before an addr_add (tests/corpus2's ind_private on
 * every platform): A0 = 0 on all 16 lanes (NoMask), then A0(l) = &A + O[l] with O[l] = 4 (15 - l),
 * so the indirect read gives C[l] = A[15 - l] = 100 + 15 - l; A1 = A0 (an address source) reads
 * the same; a mov of an F source to an address is refused when planned. */
static vsmp_machine *text_machine(const char *text, vsmp_module **mod, char *msg, size_t cap)
{
    kit_why why;
    vsmp_machine *m = kit_machine(text, VSMP_DIALECT_HEAD, VSMP_PLATFORM_DG2, mod, &why);
    snprintf(msg, cap, "%s", why.message);
    return m;
}

static void test_mov_address(void)
{
    static const char text[] = ".version 4.2\n.kernel \"t\"\n"
                               ".decl A v_type=G type=d num_elts=16 align=GRF\n"
                               ".decl C v_type=G type=d num_elts=16 align=GRF\n"
                               ".decl E v_type=G type=d num_elts=16 align=GRF\n"
                               ".decl O v_type=G type=uw num_elts=16 align=GRF\n"
                               ".decl A0 v_type=A num_elts=16\n"
                               ".decl A1 v_type=A num_elts=16\n"
                               "mov (M1_NM, 16) A0(0)<1> 0x0:uw\n"
                               "addr_add (M1, 16) A0(0)<1> &A O(0,0)<1;1,0>\n"
                               "mov (M1, 16) C(0,0)<1> r[A0(0),0]<1,0>:d\n"
                               "mov (M1, 16) A1(0)<1> A0(0)<16>\n"
                               "mov (M1, 16) E(0,0)<1> r[A1(0),0]<1,0>:d\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod = NULL;
    char msg[512];
    vsmp_machine *m = text_machine(text, &mod, msg, sizeof(msg));
    CHECK(m != NULL, "mov to an address planned: %s", msg);
    if (m) {
        int32_t a[16], c[16], e[16];
        uint16_t o[16];
        for (int i = 0; i < 16; i++)
            a[i] = 100 + i, o[i] = (uint16_t)(4 * (15 - i));
        put(m, kit_var(m, "A"), a, sizeof(a));
        put(m, kit_var(m, "O"), o, sizeof(o));
        CHECK(kit_run(m, NULL), "mov to an address runs");
        get(m, kit_var(m, "C"), c, sizeof(c));
        get(m, kit_var(m, "E"), e, sizeof(e));
        bool ok = true;
        for (int l = 0; l < 16; l++)
            ok &= c[l] == 115 - l && e[l] == 115 - l;
        CHECK(ok, "r[A0] and r[A1] read A[15 - l]: %d %d | %d %d", c[0], c[15], e[0], e[15]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
    static const char bad[] = ".version 4.2\n.kernel \"t\"\n"
                              ".decl F v_type=G type=f num_elts=16 align=GRF\n"
                              ".decl A0 v_type=A num_elts=16\n"
                              "mov (M1_NM, 16) A0(0)<1> F(0,0)<1;1,0>\n"
                              "ret (M1, 1)\n";
    mod = NULL;
    m = text_machine(bad, &mod, msg, sizeof(msg));
    CHECK(!m && strstr(msg, "mov to an address takes an integer"),
          "a mov of F to an address refused: \"%s\"", msg);
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

static vsmp_opnd raw(uint32_t var, bool is_dst)
{
    vsmp_opnd o;
    memset(&o, 0, sizeof(o));
    o.kind = is_dst ? VSMP_OPND_RAW_DST : VSMP_OPND_RAW_SRC;
    o.raw.var = var;
    return o;
}

/* SVM on a buffer mapped at 0x1000 (words w[i] = 3i): svm_block_ld of 2 owords reads w[0..7]
 * into C; svm_gather of one DWord per lane from Q[l] = 0x1000 + 4 (7 - l) reads B[l] = w[7 - l]
 * = 3 (7 - l); then svm_scatter of one byte per lane writes A[l]'s low byte (0xa0 + l) to the
 * first byte of w[7 - l]: w[7 - l] = 0xa0 + l (3 (7 - l) < 256, so its other bytes are 0).
 * An address outside the mapping faults. */
static void test_svm(void)
{
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd bl[3] = {value(1, VSMP_OPND_VALUE), imm(VSMP_TYPE_UQ, 0x1000), raw(C, true)};
    vsmp_inst *in = add(&p, VSMP_OPC_SVM, 1, 8, 0, 3, bl);
    in->subop = VSMP_SOP_SVM_BLOCK_LD;
    vsmp_opnd ga[4] = {value(1, VSMP_OPND_VALUE), value(0, VSMP_OPND_VALUE), raw(Q, false),
                       raw(B, true)};
    in = add(&p, VSMP_OPC_SVM, 8, 0, 0, 4, ga);
    in->subop = VSMP_SOP_SVM_GATHER;
    vsmp_opnd sc[4] = {value(0, VSMP_OPND_VALUE), value(0, VSMP_OPND_VALUE), raw(Q, false),
                       raw(A, false)};
    in = add(&p, VSMP_OPC_SVM, 8, 0, 0, 4, sc);
    in->subop = VSMP_SOP_SVM_SCATTER;
    ret(&p);
    vsmp_machine *m = machine(&p);
    vsmp_surface *buf = kit_buffer(64);
    if (m && buf) {
        uint32_t *w = vsmp_surface_get_desc(buf)->data;
        for (int i = 0; i < 64; i++)
            w[i] = 3u * (uint32_t)i;
        CHECK(vsmp_machine_map_surface(m, 0x1000, buf) == VSMP_OK, "map");
        CHECK(vsmp_machine_map_surface(m, 0x10f0, buf) == VSMP_ERR_ARG, "overlap refused");
        uint64_t q[8];
        int32_t a[8];
        for (int l = 0; l < 8; l++)
            q[l] = 0x1000u + 4u * (7u - (unsigned)l), a[l] = 0xa0 + l;
        put(m, Q, q, sizeof(q));
        put(m, A, a, sizeof(a));
        CHECK(kit_run(m, NULL), "svm run");
        int32_t c[8], b[8];
        get(m, C, c, sizeof(c));
        get(m, B, b, sizeof(b));
        bool ok = true;
        for (int i = 0; i < 8; i++)
            ok &= c[i] == 3 * i && b[i] == 3 * (7 - i) && w[7 - i] == (uint32_t)(0xa0 + i);
        CHECK(ok, "svm block read, gather, byte scatter");
        q[3] = 0x2000;
        put(m, Q, q, sizeof(q));
        vsmp_diags d;
        vsmp_diags_init(&d);
        CHECK(vsmp_machine_run(m, &d) == VSMP_ERR_INVALID && d.count &&
                  strstr(d.items[0].message, "0x2000"),
              "unmapped SVM address faults");
        vsmp_diags_free(&d);
    }
    vsmp_surface_free(buf);
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* setp from a scalar immediate 0x35: P1 = 0x35 (bit i of the value for lane i, all 8 lanes);
 * then setp from A (vector): lane i gets A[i] & 1 with A = i + 2: 0b10101010 in P1 after the
 * first M1 SIMD8 part... written to P1 bits 8..15 through M3 (offset 8): P1 = 0xaa35.
 * add3 (4): C = A + B + 5 with B = 10 i: 7, 18, 29, 40. */
static void test_setp_add3(void)
{
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd sp[2] = {pred_dst(1), imm(VSMP_TYPE_UD, 0x35)};
    add(&p, VSMP_OPC_SETP, 8, 0, 0, 2, sp);
    vsmp_opnd sv[2] = {pred_dst(1), src(A, 0, 0, 8, 8, 1, 0)};
    add(&p, VSMP_OPC_SETP, 8, 2, 0, 2, sv); /* M3: predicate bits 8..15 */
    vsmp_opnd a3[4] = {dst(C, 1, 0), src(A, 0, 0, 4, 4, 1, 0), src(B, 0, 0, 4, 4, 1, 0),
                       imm(VSMP_TYPE_D, 5)};
    add(&p, VSMP_OPC_ADD3, 4, 0, 0, 4, a3);
    ret(&p);
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.dispatch_simd = 16;
    vsmp_machine *m = NULL;
    vsmp_diags dg;
    vsmp_diags_init(&dg);
    CHECK(vsmp_machine_create(p.mod, 0, &o, &m, &dg) == VSMP_OK, "setp machine");
    vsmp_diags_print(&dg, "setp", stderr);
    vsmp_diags_free(&dg);
    if (m) {
        int32_t a[8], b[8];
        for (int i = 0; i < 8; i++)
            a[i] = i + 2, b[i] = 10 * i;
        put(m, A, a, sizeof(a));
        put(m, B, b, sizeof(b));
        CHECK(kit_run(m, NULL), "setp run");
        uint32_t pw = 0;
        size_t n;
        vsmp_machine_read_var(m, VSMP_VAR_PREDICATE, 1, 0, &pw, 4, &n);
        CHECK(pw == 0xaa35u, "setp: P1 = 0x%x", pw);
        int32_t c[4];
        get(m, C, c, sizeof(c));
        CHECK(c[0] == 7 && c[1] == 18 && c[2] == 29 && c[3] == 40, "add3");
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* jmp: uniform; (P1) jmp with P1 = 0 falls through, unpredicated jmp skips:
 *   0: (P1) jmp L0      P1 = 0: not taken
 *   1: add A += 1       runs
 *   2: jmp L1           taken
 *   3: add A += 100     skipped
 *   4: L1: label   (label 1)
 *   5: ret
 *   6: L0: label (never reached)
 * A = 1 in every lane. */
static void test_jmp(void)
{
    prog p;
    CHECK(prog_make(&p, 2), "parse");
    vsmp_opnd j0[1] = {value(0, VSMP_OPND_LABEL)};
    add(&p, VSMP_OPC_JMP, 1, 0, 1, 1, j0);
    vsmp_opnd inc[3] = {dst(A, 1, 0), src(A, 0, 0, 8, 8, 1, 0), imm(VSMP_TYPE_D, 1)};
    add(&p, VSMP_OPC_ADD, 8, 0, 0, 3, inc);
    vsmp_opnd j1[1] = {value(1, VSMP_OPND_LABEL)};
    add(&p, VSMP_OPC_JMP, 1, 0, 0, 1, j1);
    vsmp_opnd big[3] = {dst(A, 1, 0), src(A, 0, 0, 8, 8, 1, 0), imm(VSMP_TYPE_D, 100)};
    add(&p, VSMP_OPC_ADD, 8, 0, 0, 3, big);
    label(&p, 1);
    ret(&p);
    label(&p, 0);
    vsmp_machine *m = machine(&p);
    if (m) {
        CHECK(kit_run(m, NULL), "jmp run");
        int32_t a[8];
        get(m, A, a, sizeof(a));
        bool ok = true;
        for (int i = 0; i < 8; i++)
            ok &= a[i] == 1;
        CHECK(ok, "jmp: fall-through, then a taken jump (A[0] = %d)", a[0]);
        CHECK(vsmp_machine_steps(m) == 5, "5 instructions executed (%llu)",
              (unsigned long long)vsmp_machine_steps(m));
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* addc (2): A = {0xffffffff, 5} + B = {2, 7} -> C = {1, 12}, carries U = {1, 0}; subb (2) into
 * C(0,2) and U[2..3]: {3, 10} - {5, 4} -> {0xfffffffe, 6}, borrows {1, 0}. */
static void test_carry(void)
{
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd ac[4] = {dst(C, 1, 0), dst(U, 1, 0), src(A, 0, 0, 2, 2, 1, 0),
                       src(B, 0, 0, 2, 2, 1, 0)};
    add(&p, VSMP_OPC_ADDC, 2, 0, 0, 4, ac);
    vsmp_opnd sb[4] = {dst(C, 1, 0), dst(U, 1, 0), src(A, 0, 2, 2, 2, 1, 0),
                       src(B, 0, 2, 2, 2, 1, 0)};
    sb[0].vec.col = 2, sb[1].vec.col = 2;
    add(&p, VSMP_OPC_SUBB, 2, 0, 0, 4, sb);
    ret(&p);
    vsmp_machine *m = machine(&p);
    if (m) {
        uint32_t a[4] = {0xffffffffu, 5, 3, 10}, b[4] = {2, 7, 5, 4};
        put(m, A, a, sizeof(a));
        put(m, B, b, sizeof(b));
        CHECK(kit_run(m, NULL), "carry run");
        uint32_t c[4];
        uint8_t u[4];
        get(m, C, c, sizeof(c));
        get(m, U, u, sizeof(u));
        CHECK(c[0] == 1 && c[1] == 12 && u[0] == 1 && u[1] == 0, "addc: sums and carries");
        CHECK(c[2] == 0xfffffffeu && c[3] == 6 && u[2] == 1 && u[3] == 0,
              "subb: differences and borrows");
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* Buffer messages on the surface variable buf (id 6) holding binding-table index 2, a buffer
 * of words w[i] = 3i:
 *   oword_ld 2 owords at oword 1 -> C[0..7] = w[4..11] = 12, 15, ..., 33
 *   oword_st 1 oword of A at oword 3 -> w[12..15] = A[0..3] = 100..103
 *   scatter_scaled.4 (8): the 4-byte A[4 + l] at byte 4 (20 + l): w[20 + l] = 104 + l, but
 *   lane 7 is predicated off (P1 = 0x7f) and w[27] keeps 81. */
static void test_buffers(void)
{
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd ld[5] = {value(1, VSMP_OPND_VALUE), value(0, VSMP_OPND_VALUE),
                       value(6, VSMP_OPND_VALUE), imm(VSMP_TYPE_UD, 1), raw(C, true)};
    add(&p, VSMP_OPC_OWORD_LD, 1, 0, 0, 5, ld);
    vsmp_opnd st[4] = {value(0, VSMP_OPND_VALUE), value(6, VSMP_OPND_VALUE), imm(VSMP_TYPE_UD, 3),
                       raw(A, false)};
    add(&p, VSMP_OPC_OWORD_ST, 1, 0, 0, 4, st);
    /* E P Block_size Num_blocks Scale Surface Offset Element_offset Src */
    vsmp_opnd sc[7] = {value(0, VSMP_OPND_VALUE),
                       value(2, VSMP_OPND_VALUE),
                       value(0, VSMP_OPND_VALUE),
                       value(6, VSMP_OPND_VALUE),
                       imm(VSMP_TYPE_UD, 80),
                       raw(B, false),
                       raw(A, false)};
    sc[6].raw.offset = 16; /* A[4..] */
    add(&p, VSMP_OPC_SCATTER_SCALED, 8, 0, 1, 7, sc);
    ret(&p);
    vsmp_machine *m = machine(&p);
    vsmp_surface *bufs = kit_buffer(64);
    if (m && bufs) {
        uint32_t *w = vsmp_surface_get_desc(bufs)->data;
        for (int i = 0; i < 64; i++)
            w[i] = 3u * (uint32_t)i;
        vsmp_machine_bind_surface(m, 2, bufs);
        uint32_t two = 2, pw = 0x7f;
        CHECK(vsmp_machine_write_var(m, VSMP_VAR_SURFACE, 6, 0, &two, 4) == VSMP_OK, "buf = 2");
        vsmp_machine_write_var(m, VSMP_VAR_PREDICATE, 1, 0, &pw, 4);
        int32_t a[12], b[8];
        for (int i = 0; i < 12; i++)
            a[i] = 100 + i;
        for (int l = 0; l < 8; l++)
            b[l] = 4 * l; /* element offsets from the global offset 80 = w[20] */
        put(m, A, a, sizeof(a));
        put(m, B, b, sizeof(b));
        CHECK(kit_run(m, NULL), "buffers run");
        int32_t c[8];
        get(m, C, c, sizeof(c));
        bool ok = true;
        for (int i = 0; i < 8; i++)
            ok &= c[i] == 3 * (4 + i);
        CHECK(ok, "oword_ld: w[4..11] (%d %d)", c[0], c[7]);
        ok = true;
        for (int i = 0; i < 4; i++)
            ok &= w[12 + i] == (uint32_t)(100 + i);
        CHECK(ok && w[11] == 33 && w[16] == 48, "oword_st: w[12..15] only");
        ok = true;
        for (int l = 0; l < 7; l++)
            ok &= w[20 + l] == (uint32_t)(104 + l);
        CHECK(ok && w[27] == 81 && w[19] == 57, "scatter_scaled: enabled lanes only");
    }
    vsmp_surface_free(bufs);
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* One float op over 8 lanes: G(0,0) = op(F(0,0), F(0,8), G(0,8)), all <8;8,1>; the result's
 * bits compared with @p want (a NaN is expected as 0x7fc00000, docs/EXEC.md). */
static void math8(unsigned opc, unsigned nsrc, const float *a, const float *b, const float *c,
                  const uint32_t *want, uint32_t cr0, const char *name)
{
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd o[4] = {dst(G, 1, 0), src(F, 0, 0, 8, 8, 1, 0), src(F, 0, 8, 8, 8, 1, 0),
                      src(G, 0, 8, 8, 8, 1, 0)};
    add(&p, opc, 8, 0, 0, 1 + nsrc, o);
    ret(&p);
    vsmp_machine *m = machine(&p);
    if (m) {
        float fv[16] = {0}, gv[16] = {0};
        memcpy(fv, a, 8 * sizeof(float));
        if (b)
            memcpy(fv + 8, b, 8 * sizeof(float));
        if (c)
            memcpy(gv + 8, c, 8 * sizeof(float));
        put(m, F, fv, sizeof(fv));
        put(m, G, gv, sizeof(gv));
        kit_set_cr0(m, cr0);
        CHECK(kit_run(m, NULL), "%s run", name);
        uint32_t got[8];
        get(m, G, got, sizeof(got));
        for (unsigned l = 0; l < 8; l++)
            CHECK(got[l] == want[l], "%s lane %u: 0x%08x, want 0x%08x", name, l, got[l], want[l]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

#define QNAN 0x7fc00000u
#define PINF 0x7f800000u
#define NINF 0xff800000u

static float fof(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

/* A NaN result of add, mul and mad is the one quiet NaN 0x7fc00000, whatever the sources' NaNs
 * (signs, payloads, a signalling one) and whichever of them the host returns (docs/EXEC.md
 * 5.2); other lanes as IEEE 754 says. On the general path (CPU levels off) and on the fast path
 * (the host's best level). */
static void test_nan_results(void)
{
    const uint32_t NNAN = 0xffc00000u, SNAN = 0x7f800001u, PNAN = 0x7fc00001u;
    for (int lev = 0; lev < 2; lev++) {
        vsmp_cpu_set_mask(lev ? ~0u : 0u);
        /* add: NaN + 1, -NaN + 1, 1 + -NaN, inf + -inf (invalid), a payload NaN + 1, -NaN + NaN,
         * 1 + 2 = 3 (0x40400000), a signalling NaN + 1 */
        const float aa[8] = {fof(QNAN), fof(NNAN), 1, INFINITY, fof(PNAN), fof(NNAN), 1, fof(SNAN)};
        const float ab[8] = {1, 1, fof(NNAN), -INFINITY, 1, fof(QNAN), 2, 1};
        const uint32_t aw[8] = {QNAN, QNAN, QNAN, QNAN, QNAN, QNAN, 0x40400000, QNAN};
        math8(VSMP_OPC_ADD, 2, aa, ab, NULL, aw, 0, lev ? "add NaN, fast" : "add NaN, general");
        /* mul: 0 * inf (invalid), -NaN * 3, 2 * -NaN, -NaN * NaN, 2 * 3 = 6 (0x40c00000), a
         * signalling NaN * 1, -0 * 5 = -0, inf * -1 = -inf */
        const float ma[8] = {0, fof(NNAN), 2, fof(NNAN), 2, fof(SNAN), -0.0f, INFINITY};
        const float mb[8] = {INFINITY, 3, fof(NNAN), fof(QNAN), 3, 1, 5, -1};
        const uint32_t mw[8] = {QNAN, QNAN, QNAN, QNAN, 0x40c00000, QNAN, 0x80000000, NINF};
        math8(VSMP_OPC_MUL, 2, ma, mb, NULL, mw, 0, lev ? "mul NaN, fast" : "mul NaN, general");
        /* mad a * b + c: NaN * -NaN + -NaN, 0 * inf + 1, 1 * 1 + -NaN, inf * 1 + -inf, 2 * 3 + 1
         * = 7 (0x40e00000), -NaN * 0 + 1, 1 * SNaN + 0, 1 * 1 + payload NaN */
        const float da[8] = {fof(QNAN), 0, 1, INFINITY, 2, fof(NNAN), 1, 1};
        const float db[8] = {fof(NNAN), INFINITY, 1, 1, 3, 0, fof(SNAN), 1};
        const float dc[8] = {fof(NNAN), 1, fof(NNAN), -INFINITY, 1, 1, 0, fof(PNAN)};
        const uint32_t dw[8] = {QNAN, QNAN, QNAN, QNAN, 0x40e00000, QNAN, QNAN, QNAN};
        math8(VSMP_OPC_MAD, 3, da, db, dc, dw, 0, lev ? "mad NaN, fast" : "mad NaN, general");
    }
    vsmp_cpu_set_mask(~0u);
}

/* inv, sqrt, rsqrt, exp (2^x), log (log2), pow, sin, cos, lrp, div, divm on exact cases; the
 * bits of the F values are worked by hand: 1.0 = 0x3f800000, 2^k adds k << 23 to it. */
static void test_math(void)
{
    /* inv: 1/4 = 0.25 (0x3e800000), 1/-0.5 = -2 (0xc0000000), 1/+0 = +inf, 1/-0 = -inf,
     * 1/inf = +0, 1/3: 0.010101...b = 1.0101...b x 2^-2, 23 mantissa bits 0101...010 then
     * 1010..., rounded up to 0x3eaaaaab; NaN -> NaN; 1/2^127 = 2^-127, an F denormal, flushed
     * to +0 with %cr0 = 0. */
    const float ia[8] = {4, -0.5f, 0.0f, -0.0f, INFINITY, 3, NAN, 0x1p127f};
    const uint32_t iw[8] = {0x3e800000, 0xc0000000, PINF, NINF, 0, 0x3eaaaaab, QNAN, 0};
    math8(VSMP_OPC_INV, 1, ia, NULL, NULL, iw, 0, "inv");
    /* sqrt: 16 -> 4, 2.25 -> 1.5, -0 -> -0, -1 -> NaN, inf -> inf, 2 -> 0x3fb504f3 (sqrt 2 =
     * 1.41421356..; 0x3fb504f3 = 1.41421353816986, the next float 1.41421365738 is farther),
     * 0 -> 0, 1e-40 (denormal, flushed on input) -> 0. */
    const float sa[8] = {16, 2.25f, -0.0f, -1, INFINITY, 2, 0, 1e-40f};
    const uint32_t sw[8] = {0x40800000, 0x3fc00000, 0x80000000, QNAN, PINF, 0x3fb504f3, 0, 0};
    math8(VSMP_OPC_SQRT, 1, sa, NULL, NULL, sw, 0, "sqrt");
    math8(VSMP_OPC_SQRTM, 1, sa, NULL, NULL, sw, 0, "sqrtm");
    /* ALT mode (%cr0 bit 0): sqrt(|-1|) = 1 (SQRT.md) */
    const float sa2[8] = {-1, -16, 4, 1, 1, 1, 1, 1};
    const uint32_t sw2[8] = {0x3f800000, 0x40800000, 0x40000000, 0x3f800000,
                             0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000};
    math8(VSMP_OPC_SQRT, 1, sa2, NULL, NULL, sw2, 1, "sqrt ALT");
    /* rsqrt: 4 -> 0.5, 0.25 -> 2, +0 -> +inf, -0 -> -inf, inf -> 0, -4 -> NaN, 16 -> 0.25,
     * 64 -> 0.125 */
    const float ra[8] = {4, 0.25f, 0.0f, -0.0f, INFINITY, -4, 16, 64};
    const uint32_t rw[8] = {0x3f000000, 0x40000000, PINF, NINF, 0, QNAN, 0x3e800000, 0x3e000000};
    math8(VSMP_OPC_RSQRT, 1, ra, NULL, NULL, rw, 0, "rsqrt");
    /* exp = 2^x: 3 -> 8, -1 -> 0.5, 0 -> 1, -inf -> 0, inf -> inf, 0.5 -> sqrt 2 (0x3fb504f3
     * as above), 128 -> 2^128 past the largest F -> +inf (RTNE), -150 -> 2^-150 -> 0 */
    const float ea[8] = {3, -1, 0, -INFINITY, INFINITY, 0.5f, 128, -150};
    const uint32_t ew[8] = {0x41000000, 0x3f000000, 0x3f800000, 0, PINF, 0x3fb504f3, PINF, 0};
    math8(VSMP_OPC_EXP, 1, ea, NULL, NULL, ew, 0, "exp");
    /* log = log2: 8 -> 3, 0.25 -> -2, 1 -> 0, +0 -> -inf, -1 -> NaN, inf -> inf, 2^-100 ->
     * -100 (0xc2c80000: 100 = 1.5625 x 2^6), 0x1.8p1 = 3: not exact, skipped; 1024 -> 10 */
    const float la[8] = {8, 0.25f, 1, 0.0f, -1, INFINITY, 0x1p-100f, 1024};
    const uint32_t lw[8] = {0x40400000, 0xc0000000, 0, NINF, QNAN, PINF, 0xc2c80000, 0x41200000};
    math8(VSMP_OPC_LOG, 1, la, NULL, NULL, lw, 0, "log");
    /* ALT mode: log2(|-8|) = 3 (LOG.md) */
    const float la2[8] = {-8, 8, 1, 1, 1, 1, 1, 1};
    const uint32_t lw2[8] = {0x40400000, 0x40400000, 0, 0, 0, 0, 0, 0};
    math8(VSMP_OPC_LOG, 1, la2, NULL, NULL, lw2, 1, "log ALT");
    /* pow (IEEE 754 pow): 2^10 = 1024, 9^0.5 = 3, (-2)^3 = -8, (-8)^0.5 = NaN, NaN^0 = 1,
     * 0^-1 = +inf, 4^-0.5 = 0.5, 1^NaN = 1 */
    const float pa[8] = {2, 9, -2, -8, NAN, 0.0f, 4, 1};
    const float pb[8] = {10, 0.5f, 3, 0.5f, 0, -1, -0.5f, NAN};
    const uint32_t pw[8] = {0x44800000, 0x40400000, 0xc1000000, QNAN,
                            0x3f800000, PINF,       0x3f000000, 0x3f800000};
    math8(VSMP_OPC_POW, 2, pa, pb, NULL, pw, 0, "pow");
    /* sin: 0 -> 0, -0 -> -0, inf -> NaN, NaN -> NaN, the F nearest pi/2 (1.57079637) ->
     * 1 - 2^-50 or so -> 1.0; cos: 0 -> 1, inf -> NaN, the F nearest pi (3.14159274) ->
     * -1 + 4e-15 -> -1.0 */
    const float sna[8] = {0, -0.0f, INFINITY, NAN, 1.57079637f, 0, 0, 0};
    const uint32_t snw[8] = {0, 0x80000000, QNAN, QNAN, 0x3f800000, 0, 0, 0};
    math8(VSMP_OPC_SIN, 1, sna, NULL, NULL, snw, 0, "sin");
    const float ca[8] = {0, -0.0f, INFINITY, NAN, 3.14159274f, 0, 0, 0};
    const uint32_t cw[8] = {0x3f800000, 0x3f800000, QNAN,       QNAN,
                            0xbf800000, 0x3f800000, 0x3f800000, 0x3f800000};
    math8(VSMP_OPC_COS, 1, ca, NULL, NULL, cw, 0, "cos");
    /* lrp: src1 * src0 + src2 * (1 - src0): (0.25, 8, 4) -> 2 + 3 = 5; (1, 7, 9) -> 7;
     * (0, 7, 9) -> 9; (0.5, 1, 3) -> 2; (2, 1, 0) -> 2; (0.75, 0, 4) -> 1 */
    const float l0[8] = {0.25f, 1, 0, 0.5f, 2, 0.75f, 0, 0};
    const float l1[8] = {8, 7, 7, 1, 1, 0, 0, 0};
    const float l2[8] = {4, 9, 9, 3, 0, 4, 0, 0};
    const uint32_t lrw[8] = {0x40a00000, 0x40e00000, 0x41100000, 0x40000000,
                             0x40000000, 0x3f800000, 0,          0};
    math8(VSMP_OPC_LRP, 3, l0, l1, l2, lrw, 0, "lrp");
    /* div is "x * INV(y)" (DIV.md): 6/3: INV(3) = 0x3eaaaaab = 0.333333343; x 6 =
     * 2.0000000596, less than half an ulp (1.19e-7) above 2 -> 2.0. 3/7: INV(7) = 0x3e124925
     * (mantissa 0x924925); x 3 = mantissa 0x1b6db6f, 25 bits: one bit too many and it is 1, a
     * tie, to even -> 0x3edb6db8, where the correctly rounded 3/7 (divm) is 0x3edb6db7
     * (0.42857143283 is 4.3e-9 from 3/7, 0x3edb6db8 = 0.42857146263 is 3.4e-8 from it).
     * 10/4 = 2.5; 1/0 = inf; 0/0 = NaN; -1/inf = -0; 1/3 = 0x3eaaaaab; 8/-2 = -4. */
    const float da[8] = {6, 3, 10, 1, 0, -1, 1, 8};
    const float db[8] = {3, 7, 4, 0, 0, INFINITY, 3, -2};
    const uint32_t dw[8] = {0x40000000, 0x3edb6db8, 0x40200000, PINF,
                            QNAN,       0x80000000, 0x3eaaaaab, 0xc0800000};
    math8(VSMP_OPC_DIV, 2, da, db, NULL, dw, 0, "div");
    uint32_t dmw[8];
    memcpy(dmw, dw, sizeof(dmw));
    dmw[1] = 0x3edb6db7;
    math8(VSMP_OPC_DIVM, 2, da, db, NULL, dmw, 0, "divm");
}

/* Integer div and mod on D (the sign tables of DIV.md / MOD.md: the quotient's sign is the
 * product of the signs, the remainder's the numerator's): 7/2 = 3 r 1, -7/2 = -3 r -1,
 * 7/-2 = -3 r 1, -7/-2 = 3 r -1; 5/0 = all ones r 5 (vsmp); INT_MIN/-1 = INT_MIN r 0;
 * 0/3 = 0 r 0; 100/7 = 14 r 2. mulh D: 0x40000000 * 8 = 2^33 -> 2; -1 * 1 -> high word
 * 0xffffffff; 0x7fffffff^2 = 0x3fffffff00000001 -> 0x3fffffff. bfe (UD dst C... here D):
 * width 8 offset 4 of 0x12345678 -> 0x67; width 4 offset 0 of 0xf -> 0xf, sign bit 3 set, D
 * dst -> -1; width 0 -> 0. bfi: width 8 offset 8, 0xab into 0x11223344 -> 0x1122ab44.
 * bfrev: 1 -> 0x80000000; 0x12345678 -> 0x1e6a2c48 (its 32 bits read backwards). */
static void test_intmath(void)
{
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd dv[3] = {dst(C, 1, 0), src(A, 0, 0, 8, 8, 1, 0), src(B, 0, 0, 8, 8, 1, 0)};
    add(&p, VSMP_OPC_DIV, 8, 0, 0, 3, dv);
    vsmp_opnd md[3] = {dst(C, 1, 0), src(A, 0, 0, 8, 8, 1, 0), src(B, 0, 0, 8, 8, 1, 0)};
    md[0].vec.col = 8;
    add(&p, VSMP_OPC_MOD, 8, 0, 0, 3, md);
    ret(&p);
    vsmp_machine *m = machine(&p);
    if (m) {
        int32_t a[8] = {7, -7, 7, -7, 5, INT32_MIN, 0, 100};
        int32_t b[8] = {2, 2, -2, -2, 0, -1, 3, 7};
        put(m, A, a, sizeof(a));
        put(m, B, b, sizeof(b));
        CHECK(kit_run(m, NULL), "div/mod run");
        int32_t c[16];
        get(m, C, c, sizeof(c));
        const int32_t q[8] = {3, -3, -3, 3, -1, INT32_MIN, 0, 14};
        const int32_t r[8] = {1, -1, 1, -1, 5, 0, 0, 2};
        CHECK(memcmp(c, q, sizeof(q)) == 0, "div D quotients (%d %d %d %d)", c[0], c[1], c[2],
              c[3]);
        CHECK(memcmp(c + 8, r, sizeof(r)) == 0, "mod D remainders (%d %d %d %d)", c[8], c[9], c[10],
              c[11]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);

    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd mh[3] = {dst(C, 1, 0), src(A, 0, 0, 8, 8, 1, 0), src(B, 0, 0, 8, 8, 1, 0)};
    add(&p, VSMP_OPC_MULH, 3, 0, 0, 3, mh);
    vsmp_opnd be[4] = {dst(C, 1, 0), src(A, 0, 3, 8, 8, 1, 0), src(B, 0, 3, 8, 8, 1, 0),
                       src(A, 0, 8, 8, 8, 1, 0)};
    be[0].vec.col = 3;
    add(&p, VSMP_OPC_BFE, 3, 0, 0, 4, be);
    vsmp_opnd bi[5] = {dst(C, 1, 0), imm(VSMP_TYPE_UD, 8), imm(VSMP_TYPE_UD, 8),
                       imm(VSMP_TYPE_UD, 0xab), imm(VSMP_TYPE_UD, 0x11223344)};
    bi[0].vec.col = 6;
    add(&p, VSMP_OPC_BFI, 1, 0, 0, 5, bi);
    /* rol (1) C(0,10) = 0x80000001 rol 4 = 0x00000018; ror (1) C(0,11) = 0x80000001 ror 4 =
     * 0x18000000; rol by 36 = rol by 36 & 31 = 4 */
    vsmp_opnd rl[3] = {dst(C, 1, 0), imm(VSMP_TYPE_UD, 0x80000001u), imm(VSMP_TYPE_UD, 4)};
    rl[0].vec.col = 10;
    add(&p, VSMP_OPC_ROL, 1, 0, 0, 3, rl);
    rl[0].vec.col = 11;
    add(&p, VSMP_OPC_ROR, 1, 0, 0, 3, rl);
    rl[0].vec.col = 12;
    rl[2] = imm(VSMP_TYPE_UD, 36);
    add(&p, VSMP_OPC_ROL, 1, 0, 0, 3, rl);
    vsmp_opnd br[2] = {dst(C, 1, 0), src(B, 0, 8, 8, 8, 1, 0)};
    br[0].vec.col = 8;
    add(&p, VSMP_OPC_BFREV, 2, 0, 0, 2, br);
    ret(&p);
    m = machine(&p);
    if (m) {
        /* A: mulh lhs 0..2, bfe widths 3..5, bfe sources at 8..10; B: mulh rhs 0..2, bfe
         * offsets 3..5, bfrev sources at 8..9 */
        int32_t a[16] = {0x40000000, -1, 0x7fffffff, 8, 4, 0, 0, 0, 0x12345678, 0xf, -1};
        int32_t b[16] = {8, 1, 0x7fffffff, 4, 0, 9, 0, 0, 1, 0x12345678};
        put(m, A, a, sizeof(a));
        put(m, B, b, sizeof(b));
        CHECK(kit_run(m, NULL), "bits run");
        uint32_t c[16];
        get(m, C, c, sizeof(c));
        CHECK(c[0] == 2 && c[1] == 0xffffffffu && c[2] == 0x3fffffffu, "mulh D: %x %x %x", c[0],
              c[1], c[2]);
        CHECK(c[3] == 0x67 && c[4] == 0xffffffffu && c[5] == 0, "bfe D: %x %x %x", c[3], c[4],
              c[5]);
        CHECK(c[6] == 0x1122ab44u, "bfi: %x", c[6]);
        CHECK(c[8] == 0x80000000u && c[9] == 0x1e6a2c48u, "bfrev: %x %x", c[8], c[9]);
        CHECK(c[10] == 0x18u && c[11] == 0x18000000u && c[12] == 0x18u, "rol/ror: %x %x %x", c[10],
              c[11], c[12]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* bfn (3) with table 0xf8 (minterms 3..7: src2 | (src0 & src1)) and 0x96 (minterms 1, 2, 4, 7:
 * src0 ^ src1 ^ src2): A = {0x0f0f0f0f, 0xf0, 0}, B = {0x00ff00ff, 0xcc, 0}, C(0,8) = {0x30000000,
 * 0xaa, 0}: 0xf8 -> 0x300f000f, 0xf0 & 0xcc | 0xaa = 0xea, 0; 0x96 -> 0x3ff00ff0 ^ 0x30000000 =
 * 0x0ff00ff0, 0xf0 ^ 0xcc ^ 0xaa = 0x96, 0.
 * madw (4) of D sources A(0,4) = {-1, -2, 0x10000, 7}, B(0,4) = {-1, 3, 0x10000, 0} plus 1: the
 * 64-bit results 2, -5, 2^32 + 1, 1; low DWords at R(0,0): 2, 0xfffffffb, 1, 1; high DWords
 * from the next GRF (32 bytes on the default TGLLP), C(1,0): 0, 0xffffffff, 1, 0.
 * mov (1) of predicate P1 = 0xa5c3 (16 elements) to R(0,4) UD -> 0xa5c3. */
static void test_bfn_madw(void)
{
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd bf[5] = {dst(R, 1, 0), src(A, 0, 0, 8, 8, 1, 0), src(B, 0, 0, 8, 8, 1, 0),
                       src(C, 0, 8, 8, 8, 1, 0), value(0xf8, VSMP_OPND_VALUE)};
    bf[0].vec.col = 0;
    add(&p, VSMP_OPC_BFN, 3, 0, 0, 5, bf);
    bf[0] = dst(U, 1, 0);
    bf[4] = value(0x96, VSMP_OPND_VALUE);
    /* U is UB: the low byte of each result */
    add(&p, VSMP_OPC_BFN, 3, 0, 0, 5, bf);
    vsmp_opnd mw[4] = {dst(C, 1, 0), src(A, 0, 4, 8, 8, 1, 0), src(B, 0, 4, 8, 8, 1, 0),
                       imm(VSMP_TYPE_D, 1)};
    add(&p, VSMP_OPC_MADW, 4, 0, 0, 4, mw);
    vsmp_opnd mp[2] = {dst(R, 1, 0), pred_dst(1)};
    mp[0].vec.col = 4;
    mp[1].kind = VSMP_OPND_VEC_SRC;
    add(&p, VSMP_OPC_MOV, 1, 8, 0, 2, mp);
    ret(&p);
    vsmp_machine *m = machine(&p);
    if (m) {
        int32_t a[8] = {0x0f0f0f0f, 0xf0, 0, 0, -1, -2, 0x10000, 7};
        int32_t b[8] = {0x00ff00ff, 0xcc, 0, 0, -1, 3, 0x10000, 0};
        int32_t c[16] = {0};
        c[8] = 0x30000000, c[9] = 0xaa;
        put(m, A, a, sizeof(a));
        put(m, B, b, sizeof(b));
        put(m, C, c, sizeof(c));
        uint32_t pw = 0xa5c3;
        vsmp_machine_write_var(m, VSMP_VAR_PREDICATE, 1, 0, &pw, 4);
        CHECK(kit_run(m, NULL), "bfn/madw run");
        uint32_t r[8], cc[16];
        uint8_t u[4];
        get(m, R, r, sizeof(r));
        get(m, C, cc, sizeof(cc));
        get(m, U, u, sizeof(u));
        CHECK(u[0] == 0xf0 && u[1] == 0x96 && u[2] == 0, "bfn 0x96: %x %x %x", u[0], u[1], u[2]);
        CHECK(cc[0] == 2 && cc[1] == 0xfffffffbu && cc[2] == 1 && cc[3] == 1,
              "madw low DWords %x %x %x %x", cc[0], cc[1], cc[2], cc[3]);
        CHECK(cc[8] == 0 && cc[9] == 0xffffffffu && cc[10] == 1 && cc[11] == 0,
              "madw high DWords %x %x %x %x", cc[8], cc[9], cc[10], cc[11]);
        CHECK(r[0] == 0x300f000fu && r[1] == 0xea && r[2] == 0, "bfn 0xf8: %x %x %x", r[0], r[1],
              r[2]);
        CHECK(r[4] == 0xa5c3u, "mov of a predicate: 0x%x", r[4]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* The planned fast path (docs/EXEC.md 1) computes what the general one does:
 *   add (8) A = A + (-1:w): the W immediate's value -1, not 0xffff: {5, 0, ...} -> {4, -1, ...}
 *   add (8) G = F + 0.0: F[0] = 1e-40 (an F denormal) flushed to +0 with %cr0 = 0, kept with
 *     bit 7
 *   mad (1) G(0,1) = F(0,1) * F(0,2) + F(0,3) fused: (1 + 2^-12)(1 - 2^-12) - 1 = -2^-24 exactly
 *     (unfused, 1 - 2^-24 would round to 1 and give 0)
 *   mov (2) G(0,2) = U(0,0) UB: 200 -> 200.0f; shl (1) C = A(0,0) << 33: the count & 31 = 1. */
static void test_fast_path(void)
{
    prog p;
    CHECK(prog_make(&p, 0), "parse");
    vsmp_opnd ad[3] = {dst(A, 1, 0), src(A, 0, 0, 8, 8, 1, 0), imm(VSMP_TYPE_W, 0xffff)};
    add(&p, VSMP_OPC_ADD, 8, 0, 0, 3, ad);
    vsmp_opnd af[3] = {dst(G, 1, 0), src(F, 0, 0, 8, 8, 1, 0), imm(VSMP_TYPE_F, 0)};
    add(&p, VSMP_OPC_ADD, 1, 0, 0, 3, af);
    vsmp_opnd md[4] = {dst(G, 1, 0), src(F, 0, 1, 0, 1, 0, 0), src(F, 0, 2, 0, 1, 0, 0),
                       src(F, 0, 3, 0, 1, 0, 0)};
    md[0].vec.col = 1;
    add(&p, VSMP_OPC_MAD, 1, 0, 0, 4, md);
    vsmp_opnd mv[2] = {dst(G, 1, 0), src(U, 0, 0, 2, 2, 1, 0)};
    mv[0].vec.col = 2;
    add(&p, VSMP_OPC_MOV, 2, 0, 0, 2, mv);
    vsmp_opnd sh[3] = {dst(C, 1, 0), src(A, 0, 0, 0, 1, 0, 0), imm(VSMP_TYPE_UD, 33)};
    add(&p, VSMP_OPC_SHL, 1, 0, 0, 3, sh);
    ret(&p);
    vsmp_machine *m = machine(&p);
    for (uint32_t c0 = 0; m && c0 <= 0x80; c0 += 0x80) {
        int32_t a[8] = {5, 0, 7, 7, 7, 7, 7, 7};
        float f[4] = {1e-40f, 1.0f + 0x1p-12f, 1.0f - 0x1p-12f, -1.0f};
        uint8_t u[2] = {200, 3};
        put(m, A, a, sizeof(a));
        put(m, F, f, sizeof(f));
        put(m, U, u, sizeof(u));
        kit_set_cr0(m, c0);
        CHECK(kit_run(m, NULL), "fast run");
        int32_t ra[8], rc[1];
        float g[4];
        get(m, A, ra, sizeof(ra));
        get(m, C, rc, sizeof(rc));
        get(m, G, g, sizeof(g));
        CHECK(ra[0] == 4 && ra[1] == -1 && ra[2] == 6, "add D + W -1: %d %d", ra[0], ra[1]);
        CHECK(c0 ? g[0] == 1e-40f : (g[0] == 0.0f && !signbit(g[0])), "F denormal %s (%g)",
              c0 ? "kept" : "flushed", g[0]);
        CHECK(g[1] == -0x1p-24f, "mad fused: %a", g[1]);
        CHECK(g[2] == 200.0f && g[3] == 3.0f, "mov UB -> F: %g %g", g[2], g[3]);
        CHECK(rc[0] == 8, "shl by 33 & 31 = 1: 4 << 1 = %d", rc[0]);
    }
    vsmp_machine_free(m);
    vsmp_module_free(p.mod);
}

/* The fast variants of cmp (to a predicate), sel and mov D <- F against the general path: each
 * case runs the instruction twice in one program, once on plain sources (planned onto the fast
 * variant) and once on the negated copies of the same values with a (-) modifier (a source
 * modifier sends it to the general path, run_cmp / run_arith, which share no code with the fast
 * variant); -(-x) is x bit for bit (F: the sign bit twice; D: no INT_MIN among the inputs). Both
 * results must agree in every bit, with %cr0 = 0 (denormals flushed) and 0x80 (kept). A few
 * values are checked by hand as well:
 *   cmp.eq 0 == -0 holds; NaN: only cmp.ne holds; 1e-40 == 0 holds when flushed, not when kept;
 *   sel picks src0 where P1 is set, src1 elsewhere, every lane written (the predicate selects);
 *   mov D <- F: 2.5 -> 2, -2.5 -> -2, NaN -> 0, -inf -> INT_MIN, 1e30 -> INT_MAX. */
static const float fx_a[16] = {0.0f,      -0.0f,    1e-40f, -1e-40f, 1.0f,  -1.0f,   2.5f,  NAN,
                               -INFINITY, INFINITY, 3.0f,   3.0f,    -2.5f, FLT_MIN, 1e30f, -7.0f};
static const float fx_b[16] = {-0.0f,     0.0f, 0.0f, 1e-40f, 1.0f,  2.0f,    2.5f,  1.0f,
                               -INFINITY, NAN,  2.0f, 3.0f,   -3.0f, FLT_MIN, 1e30f, 7.0f};

static uint32_t fbits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static vsmp_machine *fx_machine(prog *p, uint32_t c0, uint32_t p1)
{
    ret(p);
    vsmp_machine *m = machine(p);
    if (!m)
        return NULL;
    uint32_t h[32], k[32];
    for (int i = 0; i < 16; i++) {
        h[i] = fbits(fx_a[i]), h[16 + i] = fbits(fx_b[i]);
        k[i] = h[i] ^ 0x80000000u, k[16 + i] = h[16 + i] ^ 0x80000000u;
    }
    put(m, H, h, 64); /* rows 0-1: a; rows 2-3: b (vsmp_machine_write_var in two halves) */
    CHECK(vsmp_machine_write_var(m, VSMP_VAR_GENERAL, H, 64, h + 16, 64) == VSMP_OK, "H b");
    put(m, K, k, 64);
    CHECK(vsmp_machine_write_var(m, VSMP_VAR_GENERAL, K, 64, k + 16, 64) == VSMP_OK, "K b");
    int32_t ia[8] = {0, -1, 5, -7, 2147483647, -2147483647, 100, 3};
    int32_t ib[8] = {0, 1, 5, -8, -2147483647, 2147483647, 99, -3};
    int32_t a[16], b[16];
    for (int i = 0; i < 8; i++)
        a[i] = ia[i], a[8 + i] = ib[i], b[i] = -ia[i], b[8 + i] = -ib[i];
    put(m, A, a, sizeof(a));
    put(m, B, b, sizeof(b));
    uint32_t init = 0xa5a5u; /* the lanes a predicated cmp leaves alone keep these bits */
    vsmp_machine_write_var(m, VSMP_VAR_PREDICATE, 1, 0, &p1, 4);
    vsmp_machine_write_var(m, VSMP_VAR_PREDICATE, 2, 0, &init, 4);
    vsmp_machine_write_var(m, VSMP_VAR_PREDICATE, 3, 0, &init, 4);
    kit_set_cr0(m, c0);
    return m;
}

static uint32_t pred_of(vsmp_machine *m, unsigned id)
{
    uint32_t w = 0;
    size_t n;
    vsmp_machine_read_var(m, VSMP_VAR_PREDICATE, id, 0, &w, 4, &n);
    return w;
}

static void test_fast_differential(void)
{
    const unsigned neg = VSMP_MOD_NEG;
    for (uint32_t c0 = 0; c0 <= 0x80; c0 += 0x80) {
        for (unsigned rel = 0; rel < 6; rel++) {
            for (int integer = 0; integer < 2; integer++) {
                /* (P1) cmp.rel (16) P2 a b; (P1) cmp.rel (16) P3 (-)na (-)nb; F: H rows 0-1 and
                 * 2-3; D (SIMD8): A row 0 and row 1 */
                prog p;
                CHECK(prog_make(&p, 0), "parse");
                unsigned lanes = integer ? 8 : 16, v = integer ? A : H, nv = integer ? B : K;
                int brow = integer ? 1 : 2;
                vsmp_opnd o[4] = {value(rel, VSMP_OPND_VALUE), pred_dst(2),
                                  src(v, 0, 0, 8, 8, 1, 0), src(v, brow, 0, 8, 8, 1, 0)};
                add(&p, VSMP_OPC_CMP, lanes, 0, 1, 4, o);
                vsmp_opnd g[4] = {value(rel, VSMP_OPND_VALUE), pred_dst(3),
                                  src(nv, 0, 0, 8, 8, 1, neg), src(nv, brow, 0, 8, 8, 1, neg)};
                add(&p, VSMP_OPC_CMP, lanes, 0, 1, 4, g);
                vsmp_machine *m = fx_machine(&p, c0, 0x7fffu);
                if (m && kit_run(m, NULL)) {
                    uint32_t fast = pred_of(m, 2), gen = pred_of(m, 3);
                    CHECK(fast == gen, "cmp rel %u %s cr0 0x%x: fast 0x%x, general 0x%x", rel,
                          integer ? "D" : "F", c0, fast, gen);
                    CHECK((fast & 0x8000u) == 0x8000u, "lane 15 (P1 off) keeps its bit");
                    if (!integer && rel == 0) /* eq: 0 == -0, -0 == 0, denormals as cr0 says */
                        CHECK((fast & 0xfu) == (c0 ? 0x3u : 0xfu) && !(fast >> 7 & 1u),
                              "cmp.eq F: 0x%x", fast);
                    if (!integer && rel == 1) /* ne: NaN lanes 7 and 9 */
                        CHECK((fast >> 7 & 1u) && (fast >> 9 & 1u), "cmp.ne NaN: 0x%x", fast);
                    if (integer && rel == 4) /* lt: lanes 1 (-1 < 1) and 5 (-max < max) only */
                        CHECK((fast & 0xffu) == 0x22u, "cmp.lt D: 0x%x", fast);
                }
                vsmp_machine_free(m);
                vsmp_module_free(p.mod);
            }
        }
        /* (P1) sel (16) F a b | G (-)na (-)nb;  (P1) sel (8) C Aa Ab | ... ; mov (16) A <- a,
         * mov (16) B <- (-)na; with P1 = 0x5a3c */
        prog p;
        CHECK(prog_make(&p, 0), "parse");
        vsmp_opnd sf[3] = {dst(F, 1, 0), src(H, 0, 0, 8, 8, 1, 0), src(H, 2, 0, 8, 8, 1, 0)};
        add(&p, VSMP_OPC_SEL, 16, 0, 1, 3, sf);
        vsmp_opnd sg[3] = {dst(G, 1, 0), src(K, 0, 0, 8, 8, 1, neg), src(K, 2, 0, 8, 8, 1, neg)};
        add(&p, VSMP_OPC_SEL, 16, 0, 1, 3, sg);
        vsmp_opnd si[3] = {dst(C, 1, 0), src(A, 0, 0, 8, 8, 1, 0), src(A, 1, 0, 8, 8, 1, 0)};
        add(&p, VSMP_OPC_SEL, 8, 0, 1, 3, si);
        vsmp_opnd sj[3] = {dst(C, 1, 0), src(B, 0, 0, 8, 8, 1, neg), src(B, 1, 0, 8, 8, 1, neg)};
        sj[0].vec.row = 1;
        add(&p, VSMP_OPC_SEL, 8, 0, 1, 3, sj);
        vsmp_opnd mf[2] = {dst(A, 1, 0), src(H, 0, 0, 8, 8, 1, 0)};
        add(&p, VSMP_OPC_MOV, 16, 0, 0, 2, mf);
        vsmp_opnd mg[2] = {dst(B, 1, 0), src(K, 0, 0, 8, 8, 1, neg)};
        add(&p, VSMP_OPC_MOV, 16, 0, 0, 2, mg);
        vsmp_machine *m = fx_machine(&p, c0, 0x5a3cu);
        if (m && kit_run(m, NULL)) {
            uint32_t f[16], g[16];
            int32_t c[16], a[16], b[16];
            get(m, F, f, sizeof(f));
            get(m, G, g, sizeof(g));
            get(m, C, c, sizeof(c));
            get(m, A, a, sizeof(a));
            get(m, B, b, sizeof(b));
            /* sel F copies bits (vsmp_x_is_copy): with %cr0 bit 7 clear its denormal lanes 2
             * and 3 keep them where the (-) copies, converted, flush them */
            uint32_t g_unflushed[16];
            memcpy(g_unflushed, g, sizeof(g));
            if (!c0)
                g_unflushed[2] = f[2], g_unflushed[3] = f[3];
            bool same =
                !memcmp(f, g_unflushed, sizeof(f)) && !memcmp(c, c + 8, 32) && !memcmp(a, b, 64);
            CHECK(same, "sel F, sel D, mov D <- F: fast and general agree (cr0 0x%x)", c0);
            CHECK(c0 || (g[2] == 0 && g[3] == 0x80000000u), "sel F (-)(-) flushed: %x %x", g[2],
                  g[3]);
            /* by hand: P1 bit 2 set: lane 2 = a = 1e-40, bit 3: lane 3 = -1e-40 (copied as they
             * are); bit 0 clear: lane 0 = b = -0; lane 4 set (1), lane 15 clear (7) */
            CHECK(f[0] == 0x80000000u && f[2] == fbits(1e-40f) && f[3] == fbits(-1e-40f) &&
                      f[4] == fbits(1.0f) && f[15] == fbits(7.0f),
                  "sel F by hand: %x %x %x %x", f[0], f[2], f[4], f[15]);
            CHECK(c[2] == 5 && c[0] == 0 && c[1] == 1 && c[4] == 2147483647, "sel D by hand");
            CHECK(a[6] == 2 && a[12] == -2 && a[7] == 0 && a[8] == INT32_MIN && a[9] == INT32_MAX &&
                      a[14] == INT32_MAX && a[15] == -7,
                  "mov D <- F by hand: %d %d %d %d %d", a[6], a[12], a[7], a[8], a[9]);
        }
        vsmp_machine_free(m);
        vsmp_module_free(p.mod);
    }
}

int main(void)
{
    test_f2d();
    test_rounding();
    test_sat_mods();
    test_regions();
    test_cmp_sel();
    test_goto();
    test_indirect();
    test_mov_address();
    test_svm();
    test_setp_add3();
    test_jmp();
    test_carry();
    test_buffers();
    test_math();
    test_nan_results();
    test_intmath();
    test_bfn_madw();
    test_fast_path();
    test_fast_differential();
    return t_finish();
}
