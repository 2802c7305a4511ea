/* SPDX-License-Identifier: MIT */
/*
 * Round trips:
 *  1. every row of the sub-op table, in both dialects;
 *  2. thousands of seeded random valid instructions: text -> binary -> text -> binary must
 *     give identical binaries, in both dialects;
 *  3. the same binaries re-encoded at every vISA version 3.0 .. 4.1 (and HEAD's paired layout)
 *     read back to the same program.
 * usage: test_roundtrip [seed] [kernels]
 */
#include <stdint.h>

#include "testlib.h"
#include "vsmp/vsmp.h"

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return n ? (uint32_t)(rng % n) : 0;
}

typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void add(text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
#include <stdarg.h>
static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    if (!t->s) {
        t->cap = 4096;
        t->s = malloc(t->cap);
        if (!t->s)
            abort();
    }
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        t->cap = t->cap * 2 + (size_t)n + 64;
        t->s = realloc(t->s, t->cap);
        if (!t->s)
            abort();
    }
}

static const char *const fvars[] = {"F0", "F1", "F2", "F3", "H0", "H1"};
static const char *const ivars[] = {"UD0", "UD1", "UW0", "UW1", "W0", "D0"};
static const char *const dsts[] = {"DF", "DUD", "DUW", "DHF", "%null"};

static void header(text *t, const char *name)
{
    add(t, ".version 4.1\n.kernel \"%s\"\n", name);
    for (int i = 0; i < 4; i++)
        add(t, ".decl F%d v_type=G type=f num_elts=64 align=GRF\n", i);
    for (int i = 0; i < 2; i++)
        add(t, ".decl H%d v_type=G type=hf num_elts=64 align=GRF\n", i);
    add(t, ".decl UD0 v_type=G type=ud num_elts=64 align=GRF\n");
    add(t, ".decl UD1 v_type=G type=ud num_elts=64 align=GRF alias=<UD0, 32>\n");
    add(t, ".decl UW0 v_type=G type=uw num_elts=64 align=GRF\n");
    add(t, ".decl UW1 v_type=G type=uw num_elts=64 align=GRF attrs={NoWidening, Scope=3}\n");
    add(t, ".decl W0 v_type=G type=w num_elts=64 align=word\n");
    add(t, ".decl D0 v_type=G type=d num_elts=64 align=dword\n");
    add(t, ".decl DF v_type=G type=f num_elts=512 align=GRF\n");
    add(t, ".decl DUD v_type=G type=ud num_elts=512 align=GRF\n");
    add(t, ".decl DUW v_type=G type=uw num_elts=512 align=GRF\n");
    add(t, ".decl DHF v_type=G type=hf num_elts=512 align=GRF\n");
    add(t, ".decl AO v_type=G type=uw num_elts=4 align=word\n");
    add(t, ".decl SC v_type=G type=f num_elts=4 align=dword\n");
    add(t, ".decl A0 v_type=A num_elts=2\n");
    add(t, ".decl P1 v_type=P num_elts=32\n.decl P2 v_type=P num_elts=16\n");
    add(t, ".decl smp v_type=S num_elts=1\n.decl smp2 v_type=S num_elts=1\n");
    add(t, ".decl tex v_type=T num_elts=1\n.decl tex2 v_type=T num_elts=1\n");
    add(t, ".input smp offset=0 size=4\n.input tex offset=8 size=4\n");
    add(t, ".input F0 offset=64 size=256\n.implicit_LOCAL_ID UW0 offset=320 size=64\n");
    if (rnd(2))
        add(t, ".kernel_attr SimdSize=16\n");
}

static void raw(text *t, const char *const *pool, int n)
{
    const char *v = pool[rnd((uint32_t)n)];
    add(t, " %s.%u", v, strcmp(v, "%null") ? rnd(4) * 32 : 0);
}

static void exec(text *t)
{
    static const char *const masks[] = {"M1", "M2", "M3",    "M4",    "M5",    "M6",
                                        "M7", "M8", "M1_NM", "M2_NM", "M5_NM", "NoMask"};
    static const unsigned sizes[] = {1, 2, 4, 8, 16, 32};
    if (rnd(8) == 0)
        add(t, " (%u)", sizes[rnd(6)]);
    else
        add(t, " (%s, %u)", masks[rnd(12)], sizes[rnd(6)]);
}

static void vec(text *t, int for_unorm)
{
    static const char *const itypes[] = {"uw", "ud", "w", "d", "ub", "b"};
    switch (rnd(5)) {
    case 0:
        if (for_unorm)
            add(t, " SC(0,%u)<0;1,0>", rnd(4));
        else
            add(t, " %sAO(0,%u)<0;1,0>", rnd(4) ? "" : "(-)", rnd(4));
        break;
    case 1:
        add(t, " r[A0(%u),%d]<0;1,0>:%s", rnd(2), (int)rnd(64) - 32, for_unorm ? "f" : "uw");
        break;
    case 2:
        if (for_unorm)
            add(t, " %u.%u:f", rnd(4), rnd(1000));
        else
            add(t, " -%u:w", rnd(9));
        break;
    default:
        if (for_unorm)
            add(t, " 0x%x:f", rnd(0x7fffffff));
        else
            add(t, " 0x%x:%s", rnd(0x1000), itypes[rnd(6)]);
        break;
    }
}

static void channels(text *t)
{
    unsigned m = 1 + rnd(15);
    add(t, ".");
    for (int i = 0; i < 4; i++)
        if (m >> i & 1)
            add(t, "%c", rnd(2) ? "RGBA"[i] : "rgba"[i]);
}

static void pred(text *t)
{
    if (rnd(3))
        return;
    static const char *const ctl[] = {"", ".any", ".all"};
    add(t, "(%sP%u%s) ", rnd(2) ? "!" : "", 1 + rnd(2), ctl[rnd(3)]);
}

static void sampler_inst(text *t, const vsmp_op_info *o, vsmp_dialect dl)
{
    bool smp = o->opcode == VSMP_OPC_3D_SAMPLE;
    pred(t);
    add(t, "%s", o->mnemonic);
    if (rnd(2))
        add(t, ".pixel_null_mask");
    if (smp && rnd(3) == 0)
        add(t, ".cps");
    if (smp && rnd(2))
        add(t, ".divS");
    channels(t);
    exec(t);
    vec(t, 0);
    if (smp)
        add(t, " %s", rnd(4) ? (rnd(2) ? "smp" : "smp2") : "S31");
    static const char *const surfs[] = {"tex", "tex2", "T1", "%bss"};
    add(t, " %s", surfs[rnd(4)]);
    raw(t, dsts, 5);
    if (dl == VSMP_DIALECT_HEAD)
        add(t, rnd(2) ? " %%null.0" : " F3.0");
    unsigned n = 1 + rnd(smp ? 15 : 9);
    for (unsigned i = 0; i < n; i++)
        raw(t, smp ? fvars : ivars, 6);
    add(t, "\n");
}

static void random_inst(text *t, vsmp_dialect dl, unsigned *labels)
{
    unsigned k = rnd(20);
    if (k < 14) {
        const vsmp_op_info *o;
        do
            o = vsmp_op_at(rnd((uint32_t)vsmp_op_count()));
        while (o->opcode == VSMP_OPC_3D_INFO ||
               (dl == VSMP_DIALECT_12504 && !(o->flags & VSMP_OPI_12504)));
        sampler_inst(t, o, dl);
    } else if (k < 16) {
        bool res = rnd(2);
        add(t, "%s", res ? "resinfo" : "sampleinfo");
        channels(t);
        exec(t);
        add(t, " %s", rnd(2) ? "tex" : "tex2");
        if (res)
            raw(t, ivars, 2);
        raw(t, dsts, 2);
        add(t, "\n");
    } else if (k < 18) {
        static const char *const fmts[] = {"16-full", "16-downsampled", "8-full", "8-downsampled"};
        add(t, "sample_unorm");
        channels(t);
        add(t, ".%s smp tex", fmts[rnd(4)]);
        for (int i = 0; i < 4; i++)
            vec(t, 1);
        add(t, " DUW.%u\n", rnd(2) * 64);
    } else if (k == 18) {
        add(t, "LBL%u:\n", (*labels)++);
    } else {
        pred(t);
        add(t, "ret (M1, 1)\n");
    }
}

static unsigned char *to_binary(const vsmp_module *m, const vsmp_write_options *wo, size_t *n,
                                vsmp_status *st)
{
    size_t need = 0;
    vsmp_module_write(m, wo, NULL, 0, &need, NULL);
    unsigned char *b = malloc(need ? need : 1);
    *st = vsmp_module_write(m, wo, b, need, n, NULL);
    return b;
}

static char *to_text(const vsmp_module *m, vsmp_dialect dl)
{
    vsmp_print_options po = {.dialect = dl};
    size_t n = vsmp_text_print(m, &po, NULL, 0, NULL);
    char *s = malloc(n + 1);
    vsmp_text_print(m, &po, s, n + 1, NULL);
    return s;
}

/* text -> binary -> text -> binary; returns the first binary (caller frees) */
static unsigned char *round_trip(const char *src, vsmp_dialect dl, const char *what, size_t *bn)
{
    vsmp_write_options wo = {.paired_surface = dl == VSMP_DIALECT_HEAD};
    vsmp_module *m = NULL, *b1m = NULL, *m2 = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_text_parse(src, strlen(src), dl, &m, &d);
    CHECK(st == VSMP_OK, "%s: generated text does not parse", what);
    if (st) {
        vsmp_diags_print(&d, what, stderr);
        fprintf(stderr, "%s", src);
        vsmp_diags_free(&d);
        return NULL;
    }
    size_t n1 = 0, n2 = 0;
    unsigned char *b1 = to_binary(m, &wo, &n1, &st);
    CHECK(st == VSMP_OK, "%s: cannot encode", what);
    vsmp_read_options ro = {.paired_surface = wo.paired_surface};
    st = vsmp_module_read(b1, n1, &ro, &b1m, NULL);
    CHECK(st == VSMP_OK, "%s: cannot read its own binary", what);
    char *t2 = st ? NULL : to_text(b1m, dl);
    st = t2 ? vsmp_text_parse(t2, strlen(t2), dl, &m2, &d) : VSMP_ERR_ARG;
    CHECK(st == VSMP_OK, "%s: printed text does not parse:\n%s", what, t2 ? t2 : "");
    if (!st) {
        unsigned char *b2 = to_binary(m2, &wo, &n2, &st);
        CHECK(n1 == n2 && memcmp(b1, b2, n1) == 0, "%s: text->bin->text->bin differs", what);
        free(b2);
    }
    free(t2);
    vsmp_module_free(m);
    vsmp_module_free(b1m);
    vsmp_module_free(m2);
    vsmp_diags_free(&d);
    *bn = n1;
    return b1;
}

static const struct {
    uint8_t major, minor;
    bool paired;
} versions[] = {{3, 0, false}, {3, 3, false}, {3, 4, false}, {3, 5, false}, {3, 6, false},
                {3, 7, false}, {3, 8, true},  {4, 0, false}, {4, 1, false}, {4, 1, true}};

/* Re-encode at every version; what is encodable must read back to the same 4.1 binary. */
static void version_trip(const unsigned char *b, size_t n, bool paired, const char *what,
                         unsigned *encoded)
{
    vsmp_module *m = NULL;
    vsmp_read_options ro0 = {.paired_surface = paired};
    vsmp_write_options wo0 = {.paired_surface = paired};
    if (vsmp_module_read(b, n, &ro0, &m, NULL))
        return;
    for (size_t v = 0; v < sizeof(versions) / sizeof(versions[0]); v++) {
        vsmp_write_options wo = {.major = versions[v].major,
                                 .minor = versions[v].minor,
                                 .paired_surface = versions[v].paired};
        size_t vn = 0;
        vsmp_status st;
        unsigned char *vb = to_binary(m, &wo, &vn, &st);
        CHECK(st == VSMP_OK || st == VSMP_ERR_UNENCODABLE, "%s: v%u.%u write failed with %s", what,
              wo.major, wo.minor, vsmp_status_str(st));
        if (!st) {
            (*encoded)++;
            CHECK(vb[4] == wo.major && vb[5] == wo.minor, "%s: header version", what);
            vsmp_module *back = NULL;
            vsmp_read_options ro = {.paired_surface = versions[v].paired};
            st = vsmp_module_read(vb, vn, &ro, &back, NULL);
            CHECK(st == VSMP_OK, "%s: v%u.%u does not read back", what, wo.major, wo.minor);
            if (!st) {
                size_t bn2 = 0;
                unsigned char *b2 = to_binary(back, &wo0, &bn2, &st);
                CHECK(!st && bn2 == n && memcmp(b2, b, n) == 0,
                      "%s: v%u.%u%s round trip changes the program", what, wo.major, wo.minor,
                      versions[v].paired ? " paired" : "");
                free(b2);
            }
            vsmp_module_free(back);
        }
        free(vb);
    }
    vsmp_module_free(m);
}

/* A random instruction following a layout of the instruction table (the generic opcodes). */
static void random_vec(vsmp_vec *v)
{
    memset(v, 0, sizeof(*v));
    static const uint8_t classes[] = {VSMP_VEC_GENERAL,  VSMP_VEC_ADDRESS,   VSMP_VEC_PREDICATE,
                                      VSMP_VEC_INDIRECT, VSMP_VEC_IMMEDIATE, VSMP_VEC_STATE};
    v->vclass = classes[rnd(6)];
    v->mod = (uint8_t)rnd(6);
    switch (v->vclass) {
    case VSMP_VEC_GENERAL:
        v->var = 32 + rnd(100);
        v->row = (uint8_t)rnd(4);
        v->col = (uint8_t)rnd(16);
        v->region = (uint16_t)(rnd(8) | rnd(8) << 4 | rnd(8) << 8);
        break;
    case VSMP_VEC_ADDRESS:
        v->var = rnd(4);
        v->row = (uint8_t)rnd(8);
        v->col = (uint8_t)rnd(6);
        break;
    case VSMP_VEC_PREDICATE:
        v->var = 1 + rnd(8);
        break;
    case VSMP_VEC_INDIRECT:
        v->var = rnd(4);
        v->row = (uint8_t)rnd(8);
        v->ind_offset = (int16_t)(rnd(256) - 128);
        v->imm_type = (uint8_t)rnd(8);
        v->region = (uint16_t)(rnd(8) | rnd(8) << 4 | rnd(8) << 8);
        break;
    case VSMP_VEC_IMMEDIATE:
        v->imm_type = (uint8_t)rnd(16);
        v->imm = rnd(0xffffffffu);
        if (v->imm_type == VSMP_TYPE_DF || v->imm_type == VSMP_TYPE_Q ||
            v->imm_type == VSMP_TYPE_UQ)
            v->imm |= (uint64_t)rnd(0xffffffffu) << 32;
        break;
    default:
        v->row = (uint8_t)rnd(2);
        v->var = rnd(10);
        v->col = (uint8_t)rnd(4);
        break;
    }
}

static void random_layout(vsmp_inst *in, const char *l, bool wide)
{
    for (; *l; l++) {
        vsmp_opnd *o = &in->opnds[in->num_opnds];
        switch (*l) {
        case 'E':
            in->exec_code = (uint8_t)rnd(6);
            in->exec_size = (uint8_t)(1u << in->exec_code);
            in->emask = (uint8_t)rnd(16);
            continue;
        case 'P':
            in->pred = (uint16_t)(rnd(2) ? 0 : (1 + rnd(8)) | rnd(3) << 13 | rnd(2) << 15);
            continue;
        case 'S':
            continue;
        case 'b':
        case 'w':
        case 'd':
        case 'i':
        case 'L': {
            unsigned size = *l == 'b'                ? 1
                            : *l == 'w' || *l == 'L' ? 2
                            : *l == 'd'              ? 4
                            : wide                   ? 4
                                                     : 2;
            o->kind = *l == 'L' ? VSMP_OPND_LABEL : VSMP_OPND_VALUE;
            o->size = (uint8_t)size;
            o->value = size == 4 ? rnd(0xffffffffu) : rnd(1u << (8 * size));
            break;
        }
        case 'D':
        case 'v':
            o->kind = *l == 'D' ? VSMP_OPND_VEC_DST : VSMP_OPND_VEC_SRC;
            random_vec(&o->vec);
            break;
        default:
            o->kind = *l == 'R' ? VSMP_OPND_RAW_DST : VSMP_OPND_RAW_SRC;
            o->raw.var = rnd(2) ? 0 : 32 + rnd(100);
            o->raw.offset = (uint16_t)(rnd(2) ? 0 : rnd(4096));
            break;
        }
        in->num_opnds++;
    }
}

/* 4. every opcode and sub-operation of the instruction table, in every version: a random
 * instruction of its layout encodes, decodes to the same operands and encodes to the same bytes */
static unsigned table_trip(void)
{
    static const vsmp_isa_version vers[] = {
        {3, 0, false}, {3, 3, false}, {3, 6, false}, {4, 1, false}};
    unsigned rows = 0;
    for (unsigned opc = 0; opc < 256; opc++) {
        const vsmp_opcode_info *row = vsmp_opcode_info_get(opc);
        if (!row || !strcmp(row->layout, "*"))
            continue;
        for (unsigned sub = 0; sub < (row->layout[0] == 'S' ? 256u : 1u); sub++) {
            const vsmp_opcode_info *srow =
                row->layout[0] == 'S' ? vsmp_subop_info_get(opc, sub) : NULL;
            if (row->layout[0] == 'S' && !srow)
                continue;
            rows++;
            for (size_t vi = 0; vi < sizeof(vers) / sizeof(vers[0]); vi++) {
                const vsmp_isa_version *v = &vers[vi];
                for (int rep = 0; rep < 4; rep++) {
                    vsmp_inst in;
                    memset(&in, 0, sizeof(in));
                    in.opcode = (uint8_t)opc;
                    in.subop = (uint8_t)sub;
                    const char *l =
                        srow ? srow->layout : vsmp_opcode_layout(row, v->major, v->minor);
                    bool wide = v->major * 100 + v->minor >= 304;
                    random_layout(&in, l, wide);
                    if (v->major == 3 && v->minor == 0)
                        in.emask &= 7; /* 3.0's mask enum has no _NM forms beyond NoMask */
                    uint8_t b1[1024], b2[1024];
                    size_t n1 = 0, n2 = 0, used = 0;
                    vsmp_status st = vsmp_inst_encode(&in, v, b1, sizeof(b1), &n1);
                    if (st == VSMP_ERR_UNENCODABLE)
                        continue; /* a 4-byte id in a 2-byte version */
                    CHECK(st == VSMP_OK, "%s (sub 0x%x) v%u.%u: encode %d", row->mnemonic, sub,
                          v->major, v->minor, st);
                    if (st)
                        continue;
                    vsmp_inst out;
                    st = vsmp_inst_decode(b1, n1, v, 0, &out, &used);
                    CHECK(st == VSMP_OK && used == n1, "%s (sub 0x%x) v%u.%u: decode %d",
                          row->mnemonic, sub, v->major, v->minor, st);
                    if (st)
                        continue;
                    CHECK(out.num_opnds == in.num_opnds && out.subop == in.subop &&
                              out.pred == in.pred,
                          "%s: decoded operands differ", row->mnemonic);
                    for (unsigned k = 0; k < in.num_opnds && k < out.num_opnds; k++)
                        CHECK(out.opnds[k].kind == in.opnds[k].kind, "%s: operand %u kind",
                              row->mnemonic, k);
                    st = vsmp_inst_encode(&out, v, b2, sizeof(b2), &n2);
                    CHECK(st == VSMP_OK && n1 == n2 && !memcmp(b1, b2, n1),
                          "%s (sub 0x%x) v%u.%u: re-encoding differs", row->mnemonic, sub, v->major,
                          v->minor);
                }
            }
        }
    }
    return rows;
}

/* 5. text: an instruction of every row, with operands a text can name (declared variables,
 * regions, names from the tables), printed, parsed and written gives the same bytes. Rows whose
 * text form cannot express the random fields (the printer warns, not about the generic form)
 * are counted apart. */
static const char text_header[] =
    ".version 4.1\n.kernel \"t\"\n"
    ".decl X0 v_type=G type=ud num_elts=512 align=GRF\n.decl X1 v_type=G type=ud num_elts=512\n"
    ".decl X2 v_type=G type=f num_elts=512\n.decl X3 v_type=G type=d num_elts=512\n"
    ".decl A0 v_type=A num_elts=1\n.decl P1 v_type=P num_elts=32\n"
    ".decl S0 v_type=S num_elts=1\n.decl T6 v_type=T num_elts=1\nL0:\nret (M1, 1)\n";

static void sane_layout(vsmp_inst *in, const char *l)
{
    for (; *l; l++) {
        vsmp_opnd *o = &in->opnds[in->num_opnds];
        switch (*l) {
        case 'E':
            in->exec_code = (uint8_t)(3 + rnd(2));
            in->exec_size = (uint8_t)(1u << in->exec_code);
            in->emask = (uint8_t)(rnd(2) ? 0 : 8);
            continue;
        case 'P':
            in->pred = (uint16_t)(rnd(2) ? 0 : 1 | rnd(2) << 15);
            continue;
        case 'S':
            continue;
        case 'b':
        case 'w':
        case 'd':
        case 'i':
            o->kind = VSMP_OPND_VALUE;
            o->size = *l == 'b' ? 1 : *l == 'w' ? 2 : 4;
            o->value = rnd(*l == 'b' ? 4 : 200);
            break;
        case 'L':
            o->kind = VSMP_OPND_LABEL;
            o->size = 2;
            break;
        case 'D':
        case 'v':
            o->kind = *l == 'D' ? VSMP_OPND_VEC_DST : VSMP_OPND_VEC_SRC;
            o->vec.vclass = VSMP_VEC_GENERAL;
            o->vec.var = 32 + rnd(4);
            o->vec.row = (uint8_t)rnd(4);
            o->vec.col = (uint8_t)rnd(8);
            o->vec.region = *l == 'D' ? 0x0200 : rnd(2) ? 0x0121 : 0x0122;
            if (*l == 'v' && rnd(3) == 0) {
                memset(&o->vec, 0, sizeof(o->vec));
                o->vec.vclass = VSMP_VEC_IMMEDIATE;
                o->vec.imm_type = VSMP_TYPE_UD;
                o->vec.imm = rnd(1000);
            }
            break;
        default:
            o->kind = *l == 'R' ? VSMP_OPND_RAW_DST : VSMP_OPND_RAW_SRC;
            o->raw.var = rnd(4) ? 32 + rnd(4) : 0;
            o->raw.offset = (uint16_t)(o->raw.var ? rnd(16) * 32 : 0);
            break;
        }
        in->num_opnds++;
    }
}

static void text_table_trip(unsigned *ok, unsigned *apart)
{
    vsmp_module *base = NULL;
    if (vsmp_text_parse(text_header, strlen(text_header), VSMP_DIALECT_12504, &base, NULL)) {
        CHECK(0, "the text header does not parse");
        return;
    }
    vsmp_routine *r = &base->kernels[0];
    for (unsigned opc = 0; opc < 256; opc++) {
        const vsmp_opcode_info *row = vsmp_opcode_info_get(opc);
        if (!row || !strcmp(row->layout, "*"))
            continue;
        for (unsigned sub = 0; sub < (row->layout[0] == 'S' ? 256u : 1u); sub++) {
            const vsmp_opcode_info *srow =
                row->layout[0] == 'S' ? vsmp_subop_info_get(opc, sub) : NULL;
            if (row->layout[0] == 'S' && !srow)
                continue;
            vsmp_inst *in = &r->insts[1]; /* after L0:, in place of ret */
            memset(in, 0, sizeof(*in));
            in->offset = -1;
            in->opcode = (uint8_t)opc;
            in->subop = (uint8_t)sub;
            sane_layout(in, srow ? srow->layout : row->layout);
            if (opc == VSMP_OPC_CMP)
                in->opnds[0].value = rnd(6);
            if (opc == VSMP_OPC_FENCE)
                in->opnds[0].value = 0x20 | rnd(2);
            if (opc == VSMP_OPC_LIFETIME)
                in->opnds[1].value = 32;
            /* dpas: bf.bf.8.8, src2 a plain <1;1,0> operand */
            if (opc == VSMP_OPC_DPAS || opc == VSMP_OPC_DPASW) {
                in->opnds[4].value = 9u | 9u << 8 | 8u << 16 | 8u << 24;
                in->opnds[3].vec.vclass = VSMP_VEC_GENERAL;
                in->opnds[3].vec.mod = 0;
                in->opnds[3].vec.region = 0x0122;
            }
            /* avs: RGBA, sampler S0, surface T6, AVS_8_FULL, AVS_16x8 */
            if (opc == VSMP_OPC_AVS) {
                in->opnds[0].value = 0xf;
                in->opnds[1].value = 0;
                in->opnds[2].value = 6;
                in->opnds[10].value = 2;
                in->opnds[12].value = 2;
            }
            /* the old sample/load: SIMD16 RGBA, sampler S0, surface T6 */
            if (opc == VSMP_OPC_SAMPLE || opc == VSMP_OPC_LOAD) {
                in->opnds[0].value = 0x1f;
                if (opc == VSMP_OPC_SAMPLE)
                    in->opnds[1].value = 0;
                in->opnds[opc == VSMP_OPC_SAMPLE ? 2 : 1].value = 6;
            }
            /* faddr, fcall and FILE name a string; the parser appends it to the pool, as
             * GenX_IR's addStringPool does, so a binary naming an earlier string (here the
             * kernel's name) prints the same text but parses to a longer pool: not compared */
            if (opc == VSMP_OPC_FADDR || opc == VSMP_OPC_FCALL || opc == VSMP_OPC_FILE)
                continue;
            size_t n1 = 0, n2 = 0;
            vsmp_status s1 = VSMP_OK, s2 = VSMP_OK;
            unsigned char *b1 = to_binary(base, NULL, &n1, &s1);
            vsmp_diags d;
            vsmp_diags_init(&d);
            size_t tn = vsmp_text_print(base, NULL, NULL, 0, &d);
            char *t = malloc(tn + 1);
            vsmp_text_print(base, NULL, t, tn + 1, NULL);
            bool generic_only = true;
            for (size_t i = 0; i < d.count; i++)
                if (!strstr(d.items[i].message, "generic form"))
                    generic_only = false;
            vsmp_module *m = NULL;
            vsmp_status st = generic_only ? vsmp_text_parse(t, tn, VSMP_DIALECT_12504, &m, NULL)
                                          : VSMP_ERR_SYNTAX;
            unsigned char *b2 = st == VSMP_OK ? to_binary(m, NULL, &n2, &s2) : NULL;
            CHECK(s1 == VSMP_OK && s2 == VSMP_OK, "%s (sub 0x%x): not encodable", row->mnemonic,
                  sub);
            if (!generic_only) {
                (*apart)++;
            } else {
                CHECK(b1 && b2 && n1 == n2 && !memcmp(b1, b2, n1),
                      "%s (sub 0x%x): print+parse changes the bytes\n%s", row->mnemonic, sub, t);
                *ok += b1 && b2 && n1 == n2 && !memcmp(b1, b2, n1);
            }
            free(b1);
            free(b2);
            free(t);
            vsmp_module_free(m);
            vsmp_diags_free(&d);
        }
    }
    vsmp_module_free(base);
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 0x5eed5eedULL;
    unsigned kernels = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 300;
    rng = seed | 1;
    printf("seed 0x%llx, %u kernels per dialect\n", (unsigned long long)seed, kernels);

    /* 1. every table row, alone, in each dialect that has it */
    for (size_t i = 0; i < vsmp_op_count(); i++) {
        const vsmp_op_info *o = vsmp_op_at(i);
        for (int dl = 0; dl < 2; dl++) {
            if (dl == VSMP_DIALECT_12504 && !(o->flags & VSMP_OPI_12504))
                continue;
            text t = {0};
            header(&t, "row");
            if (o->opcode == VSMP_OPC_3D_INFO) {
                add(&t, "%s.RGBA (M1, 16) tex%s DUD.0\n", o->mnemonic,
                    o->subop == VSMP_SUB_RESINFO ? " UD0.0" : "");
            } else {
                add(&t, "%s.RGBA (M1, 16) 0x0:uw%s tex DF.0%s", o->mnemonic,
                    o->opcode == VSMP_OPC_3D_SAMPLE ? " smp" : "",
                    dl == VSMP_DIALECT_HEAD ? " %null.0" : "");
                const char *const *pool =
                    o->opcode == VSMP_OPC_3D_LOAD
                        ? ((o->flags & VSMP_OPI_UW_FORM) ? (const char *const[]){"UW0"}
                                                         : (const char *const[]){"UD0"})
                        : (const char *const[]){"F0"};
                for (unsigned p = 0; p < o->num_params; p++)
                    add(&t, " %s.%u", pool[0], p * 64 % 256);
                add(&t, "\n");
            }
            add(&t, "ret (M1, 1)\n");
            char what[64];
            snprintf(what, sizeof(what), "row %s (%s)", o->mnemonic, dl ? "head" : "12504");
            size_t n = 0;
            unsigned char *b = round_trip(t.s, (vsmp_dialect)dl, what, &n);
            /* the decoded instruction is the row's */
            vsmp_module *m = NULL;
            vsmp_read_options ro = {.paired_surface = dl == VSMP_DIALECT_HEAD};
            if (b && !vsmp_module_read(b, n, &ro, &m, NULL)) {
                const vsmp_inst *in = &m->kernels[0].insts[0];
                CHECK(in->opcode == o->opcode && in->subop == o->subop &&
                          (in->opcode == VSMP_OPC_3D_INFO || in->num_params == o->num_params),
                      "%s: decoded as opcode 0x%x sub-op 0x%x", what, in->opcode, in->subop);
            }
            vsmp_module_free(m);
            free(b);
            free(t.s);
        }
    }

    /* 2 + 3. random kernels */
    unsigned insts = 0, encoded = 0;
    for (int dl = 0; dl < 2; dl++) {
        for (unsigned k = 0; k < kernels; k++) {
            text t = {0};
            unsigned labels = 0;
            header(&t, dl ? "rand_head" : "rand");
            unsigned n = 1 + rnd(24);
            for (unsigned i = 0; i < n; i++)
                random_inst(&t, (vsmp_dialect)dl, &labels);
            insts += n;
            char what[64];
            snprintf(what, sizeof(what), "kernel %u (%s)", k, dl ? "head" : "12504");
            size_t bn = 0;
            unsigned char *b = round_trip(t.s, (vsmp_dialect)dl, what, &bn);
            if (b)
                version_trip(b, bn, dl == VSMP_DIALECT_HEAD, what, &encoded);
            free(b);
            free(t.s);
        }
    }
    printf("%u random instructions, %u version re-encodings\n", insts, encoded);
    unsigned rows = table_trip();
    printf("%u instruction-table rows round-tripped in vISA 3.0, 3.3, 3.6 and 4.1\n", rows);
    CHECK(rows > 150, "only %u instruction-table rows", rows);
    unsigned tok = 0, tapart = 0;
    text_table_trip(&tok, &tapart);
    printf("%u rows print and parse back to the same bytes (%u with fields their text cannot "
           "name)\n",
           tok, tapart);
    CHECK(tok > 120, "only %u rows round-trip through text", tok);
    CHECK(encoded > kernels, "too few kernels were encodable in older versions (%u)", encoded);
    return t_finish();
}
