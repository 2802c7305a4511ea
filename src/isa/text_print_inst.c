/* SPDX-License-Identifier: MIT */
/*
 * Printing every opcode of the instruction table other than the sampler messages, in the text
 * forms of GenX_IR 12504 (IsaDisassembly.cpp) by family, or in vsmp's generic form for the
 * instructions that have none (docs/TEXT.md). A field the form cannot express sets pctx.why.
 */
#include <stdio.h>
#include <string.h>

#include "text_print.h"

/* ---- generic opcodes (the instruction table's families; IsaDisassembly's text forms) ---- */

static const char *const emask_names[16] = {"M1",    "M2",    "M3",    "M4",    "M5",    "M6",
                                            "M7",    "M8",    "M1_NM", "M2_NM", "M3_NM", "M4_NM",
                                            "M5_NM", "M6_NM", "M7_NM", "M8_NM"};

/* operand cursor over in->opnds */
typedef struct gcur {
    const vsmp_inst *in;
    unsigned k;
} gcur;

static const vsmp_opnd *g_next(pctx *c, gcur *g)
{
    static const vsmp_opnd none;
    if (g->k >= g->in->num_opnds) {
        c->why = "an instruction has fewer operands than its layout";
        return &none;
    }
    return &g->in->opnds[g->k++];
}

static uint32_t g_value(pctx *c, gcur *g)
{
    const vsmp_opnd *o = g_next(c, g);
    if (o->kind != VSMP_OPND_VALUE && o->kind != VSMP_OPND_LABEL)
        c->why = "an operand is not the value its layout expects";
    return o->value;
}

static void put_state_opnd(pctx *c, const vsmp_vec *v)
{
    const char *n = v->row == 1 ? smp_name(c->nm, v->var) : surf_name(c->nm, v->var);
    if (v->row > 1 || !n) {
        c->why = "a state operand names no declared surface or sampler";
        put(c->b, " %c%u(%u)", v->row == 1 ? 'S' : 'T', v->var, v->col);
        return;
    }
    put(c->b, " %s(%u)", n, v->col);
}

/* Any vector operand, with the classes put_vec leaves out. */
static void put_any_vec(pctx *c, const vsmp_vec *v)
{
    static const char *const mods[8] = {"", "(abs)", "(-)", "(-abs)", "", "(~)", "", ""};
    switch (v->vclass) {
    case VSMP_VEC_ADDRESS:
        if (v->var >= c->nm->count[N_ADDR])
            c->why = "an address operand names an undeclared address variable";
        put(c->b, " %s%s(%u)<%u>", mods[v->mod & 7],
            v->var < c->nm->count[N_ADDR] ? c->nm->n[N_ADDR][v->var] : "A?", v->row,
            vsmp_exec_lanes(v->col & 0xf));
        break;
    case VSMP_VEC_PREDICATE: {
        unsigned id = VSMP_PRED_ID(v->var);
        const char *n = id >= 1 && id - 1 < c->nm->count[N_PRED] ? c->nm->n[N_PRED][id - 1] : NULL;
        if (!n)
            c->why = "a predicate operand names an undeclared predicate";
        put(c->b, " %s%s", mods[v->mod & 7], n ? n : "P?");
        break;
    }
    case VSMP_VEC_STATE:
        put_state_opnd(c, v);
        break;
    default:
        if (v->mod == VSMP_MOD_SAT) { /* printed with the mnemonic */
            vsmp_vec w = *v;
            w.mod = 0;
            put_vec(c, &w);
        } else {
            put_vec(c, v);
        }
        break;
    }
}

static void put_opnd(pctx *c, const vsmp_opnd *o)
{
    switch (o->kind) {
    case VSMP_OPND_VEC_DST:
    case VSMP_OPND_VEC_SRC:
        put_any_vec(c, &o->vec);
        break;
    case VSMP_OPND_RAW_DST:
    case VSMP_OPND_RAW_SRC:
        put_raw(c, o->raw);
        break;
    case VSMP_OPND_LABEL:
        put(c->b, " %s", o->value < c->nm->count[N_LABEL] ? c->nm->n[N_LABEL][o->value] : "L?");
        if (o->value >= c->nm->count[N_LABEL])
            c->why = "a label operand names an undeclared label";
        break;
    default:
        put(c->b, " %u", o->value);
        break;
    }
}

static void g_exec(pctx *c, const vsmp_inst *in)
{
    if (in->exec_code > 5)
        c->why = "the exec-size code is not 1..32";
    put(c->b, " (%s, %u)", emask_names[in->emask & 15], vsmp_exec_lanes(in->exec_code));
}

static void g_surface(pctx *c, unsigned id)
{
    const char *n = surf_name(c->nm, id);
    if (!n) {
        c->why = "the surface index is not declared";
        put(c->b, " T%u", id);
        return;
    }
    put(c->b, " %s", n);
}

static void g_rest(pctx *c, gcur *g)
{
    while (g->k < g->in->num_opnds)
        put_opnd(c, &g->in->opnds[g->k++]);
}

static void put_common(pctx *c, const vsmp_inst *in, const vsmp_opcode_info *row)
{
    gcur g = {in, 0};
    if (strchr(row->layout, 'P'))
        put_pred(c, in->pred);
    unsigned count = in->num_opnds;
    if (in->opcode == VSMP_OPC_FMINMAX) {
        uint32_t mm = g_value(c, &g);
        if (mm > 1)
            c->why = "the min/max selector is neither 0 nor 1";
        put(c->b, "%s", mm ? "max" : "min");
    } else {
        put(c->b, "%s", row->mnemonic);
    }
    if (in->opcode == VSMP_OPC_CMP) {
        uint32_t rel = g_value(c, &g);
        const char *rn = vsmp_relop_names[rel & 7];
        put(c->b, "%s.%s", rel >> 7 ? "n" : "", rn ? rn : "?");
        if ((rel & 0x78) || !rn)
            c->why = "the relational operator has bits 6..3 set";
    } else if (in->opcode == VSMP_OPC_BFN && count) {
        put(c->b, ".x%x", in->opnds[count - 1].value);
        count--;
    }
    if (g.k < count && in->opnds[g.k].kind == VSMP_OPND_VEC_DST &&
        in->opnds[g.k].vec.mod == VSMP_MOD_SAT)
        put(c->b, ".sat");
    g_exec(c, in);
    for (; g.k < count; g.k++) {
        const vsmp_opnd *o = &in->opnds[g.k];
        if (in->opcode == VSMP_OPC_ADDR_ADD && g.k == 1 && o->vec.vclass != VSMP_VEC_ADDRESS &&
            (o->vec.vclass == VSMP_VEC_GENERAL || o->vec.vclass == VSMP_VEC_STATE)) {
            /* &V[byte offset]: col in elements, row in 32-byte GRFs (docs/TEXT.md) */
            static const char *const mods[8] = {"", "(abs)", "(-)", "(-abs)", "", "(~)", "", ""};
            unsigned off;
            const char *n;
            char tmp[48];
            if (o->vec.vclass == VSMP_VEC_STATE) {
                n = o->vec.row == 1 ? smp_name(c->nm, o->vec.var) : surf_name(c->nm, o->vec.var);
                off = o->vec.col * 4u;
            } else {
                n = var_name(c->nm, o->vec.var, tmp, sizeof(tmp));
                unsigned tsize = 4;
                if (o->vec.var >= VSMP_FIRST_VAR &&
                    o->vec.var - VSMP_FIRST_VAR < c->nm->count[N_VAR])
                    tsize = vsmp_type_size(c->rt->vars[o->vec.var - VSMP_FIRST_VAR].type);
                off = o->vec.col * tsize + o->vec.row * 32u;
            }
            if (!n) {
                c->why = "an address-of operand names an undeclared variable";
                n = tmp;
            }
            if (o->vec.vclass == VSMP_VEC_GENERAL && o->vec.region != 0x0121)
                c->why = "an address-of operand has a region other than <0;1,0>";
            put(c->b, " %s&%s", mods[o->vec.mod & 7], n);
            if (off)
                put(c->b, "[%u]", off);
            continue;
        }
        put_opnd(c, o);
    }
}

static void put_flow(pctx *c, const vsmp_inst *in)
{
    gcur g = {in, 0};
    switch (in->opcode) {
    case VSMP_OPC_SUBROUTINE: {
        uint32_t id = g_value(c, &g);
        const char *n = id < c->nm->count[N_LABEL] ? c->nm->n[N_LABEL][id] : "L?";
        if (id >= c->nm->count[N_LABEL])
            c->why = "the subroutine label is not declared";
        else if (c->rt->labels[id].kind != 1)
            c->why = "a subroutine names a label that is not a subroutine";
        put(c->b, ".function \"%s\"\n\n%s:", n, n);
        return;
    }
    case VSMP_OPC_FCALL: {
        put_pred(c, in->pred);
        put(c->b, "fcall");
        g_exec(c, in);
        const char *s = vsmp_routine_string(c->rt, g_value(c, &g));
        if (!s || !ident_ok(s))
            c->why = "the fcall target is not a usable name";
        put(c->b, " %s", s ? s : "?");
        g_rest(c, &g);
        return;
    }
    case VSMP_OPC_FADDR: {
        const char *s = vsmp_routine_string(c->rt, g_value(c, &g));
        if (!s)
            c->why = "the faddr symbol is not in the string pool";
        else if (!ident_ok(s) && (strchr(s, '"') || strchr(s, '\n')))
            c->why = "the faddr symbol has a quote or a newline";
        /* a symbol that is no identifier (IGC's ".str" of printf) is a string, as IGC prints it */
        put(c->b, s && !ident_ok(s) ? "faddr \"%s\"" : "faddr %s", s ? s : "?");
        g_rest(c, &g);
        return;
    }
    case VSMP_OPC_SWITCHJMP:
        put(c->b, "switchjmp");
        g_exec(c, in);
        (void)g_value(c, &g);
        put_opnd(c, g_next(c, &g));
        put(c->b, " (");
        for (bool first = true; g.k < in->num_opnds; first = false) {
            uint32_t id = g_value(c, &g);
            put(c->b, "%s%s", first ? "" : ", ",
                id < c->nm->count[N_LABEL] ? c->nm->n[N_LABEL][id] : "L?");
        }
        put(c->b, ")");
        return;
    default:
        break;
    }
    const vsmp_opcode_info *row = vsmp_opcode_info_get(in->opcode);
    put_pred(c, in->pred);
    if (in->num_opnds && in->opnds[0].kind == VSMP_OPND_LABEL &&
        in->opnds[0].value < c->rt->num_labels) {
        unsigned kind = c->rt->labels[in->opnds[0].value].kind;
        bool call = in->opcode == VSMP_OPC_CALL;
        if (call ? kind != 1 && kind != 2 : kind != 0)
            c->why = call ? "call names a label that is not a subroutine"
                          : "a jump names a subroutine label";
        if (call && kind == 2) {
            put(c->b, "fccall");
            g_exec(c, in);
            g_rest(c, &g);
            return;
        }
    }
    put(c->b, "%s", row->mnemonic);
    g_exec(c, in);
    g_rest(c, &g);
}

static void put_sync(pctx *c, const vsmp_inst *in)
{
    const vsmp_opcode_info *row = vsmp_opcode_info_get(in->opcode);
    gcur g = {in, 0};
    switch (in->opcode) {
    case VSMP_OPC_FENCE: {
        uint32_t m = g_value(c, &g);
        if (m & 0x80) {
            put(c->b, "fence_sw");
            if (m != 0x80)
                c->why = "a software fence with other mode bits has no text form";
            return;
        }
        put(c->b, "fence_%s", m & 0x20 ? "local" : "global");
        if (m & ~0x20u) {
            put(c->b, ".");
            static const char *const bits[] = {"E", "I", "S", "C", "R", "", "L1"};
            for (unsigned i = 0; i < 7; i++)
                if (m >> i & 1)
                    put(c->b, "%s", bits[i]);
        }
        if (m & 0x80)
            c->why = "unexpected fence bits";
        return;
    }
    case VSMP_OPC_SBARRIER: {
        uint32_t m = g_value(c, &g);
        if (m > 1)
            c->why = "the split-barrier mode is neither 0 nor 1";
        put(c->b, "sbarrier.%s", m ? "signal" : "wait");
        return;
    }
    case VSMP_OPC_NBARRIER: {
        uint32_t mode = g_value(c, &g);
        if (mode > 1)
            c->why = "the named-barrier mode is neither 0 nor 1";
        put(c->b, "nbarrier.%s", mode & 1 ? "signal" : "wait");
        put_opnd(c, g_next(c, &g));
        const vsmp_opnd *cnt = g_next(c, &g);
        if (mode & 1)
            put_opnd(c, cnt);
        else if (cnt->vec.vclass != VSMP_VEC_IMMEDIATE || cnt->vec.imm ||
                 cnt->vec.imm_type != VSMP_TYPE_UB || cnt->vec.mod)
            c->why = "a named-barrier wait carries a thread count";
        return;
    }
    default:
        put(c->b, "%s", row->mnemonic);
        g_rest(c, &g);
        return;
    }
}

/* vsmp's generic form (docs/TEXT.md): mnemonic[.SUBOP] [(mask, size)] operands in layout order,
 * values as integers; for the instructions with no GenX_IR text form vsmp implements. */
static void put_generic_form(pctx *c, const vsmp_inst *in, const vsmp_opcode_info *row)
{
    const char *l = row->layout;
    const vsmp_opcode_info *sub = NULL;
    if (in->opcode == VSMP_OPC_3D_RT_WRITE)
        l = "EP+";
    if (l[0] == 'S') {
        sub = vsmp_subop_info_get(in->opcode, in->subop);
        l = sub ? sub->layout : "";
    }
    c->why = "this instruction is printed in vsmp's generic form (GenX_IR cannot read it)";
    if (strchr(l, 'P'))
        put_pred(c, in->pred);
    put(c->b, "%s", row->mnemonic);
    if (row->layout[0] == 'S')
        put(c->b, ".%u", in->subop);
    if (strchr(l, 'E'))
        g_exec(c, in);
    gcur g = {in, 0};
    g_rest(c, &g);
}

static void put_atomic_op(pctx *c, uint32_t v)
{
    const char *n = (v & 0x1f) < VSMP_NUM_ATOMIC_NAMES ? vsmp_atomic_names[v & 0x1f] : NULL;
    if (!n)
        n = "?";
    if (*n == '?')
        c->why = "unknown atomic operation";
    put(c->b, ".%s", n);
    if ((v >> 5) == 1)
        put(c->b, ".16");
    else if ((v >> 6) == 1)
        put(c->b, ".64");
    else if (v >> 5)
        c->why = "unknown atomic width bits";
}

static void put_dataport(pctx *c, const vsmp_inst *in, const vsmp_opcode_info *row)
{
    gcur g = {in, 0};
    if (in->opcode == VSMP_OPC_3D_RT_WRITE) {
        put_generic_form(c, in, row);
        return;
    }
    switch (in->opcode) {
    case VSMP_OPC_GATHER4_SCALED:
    case VSMP_OPC_SCATTER4_SCALED:
    case VSMP_OPC_GATHER_SCALED:
    case VSMP_OPC_SCATTER_SCALED:
    case VSMP_OPC_DWORD_ATOMIC:
    case VSMP_OPC_3D_TYPED_ATOMIC:
    case VSMP_OPC_QW_GATHER:
    case VSMP_OPC_QW_SCATTER:
    case VSMP_OPC_3D_RT_WRITE:
        put_pred(c, in->pred);
        break;
    default:
        if (in->pred)
            c->why = "this data-port message prints no predicate";
        break;
    }
    put(c->b, "%s", row->mnemonic);
    switch (in->opcode) {
    case VSMP_OPC_GATHER4_TYPED:
    case VSMP_OPC_SCATTER4_TYPED:
        put_channels(c, g_value(c, &g));
        g_exec(c, in);
        g_surface(c, g_value(c, &g));
        g_rest(c, &g);
        return;
    case VSMP_OPC_GATHER4_SCALED:
    case VSMP_OPC_SCATTER4_SCALED:
        put_channels(c, g_value(c, &g));
        if (g_value(c, &g))
            c->why = "the scale field is not 0";
        g_exec(c, in);
        g_surface(c, g_value(c, &g));
        g_rest(c, &g);
        return;
    case VSMP_OPC_GATHER_SCALED:
    case VSMP_OPC_SCATTER_SCALED: {
        uint32_t bs = g_value(c, &g), nb = g_value(c, &g);
        if (bs || nb > 3)
            c->why = "the block size/count fields have no text form";
        put(c->b, ".%s", vsmp_block_num_names[nb & 3]);
        g_exec(c, in);
        if (g_value(c, &g))
            c->why = "the scale field is not 0";
        g_surface(c, g_value(c, &g));
        g_rest(c, &g);
        return;
    }
    case VSMP_OPC_DWORD_ATOMIC:
    case VSMP_OPC_3D_TYPED_ATOMIC:
        put_atomic_op(c, g_value(c, &g));
        g_exec(c, in);
        g_surface(c, g_value(c, &g));
        g_rest(c, &g);
        return;
    case VSMP_OPC_QW_GATHER:
    case VSMP_OPC_QW_SCATTER:
        put(c->b, ".%s", vsmp_block_num_names[g_value(c, &g) & 3]);
        g_exec(c, in);
        g_surface(c, g_value(c, &g));
        g_rest(c, &g);
        return;
    case VSMP_OPC_MEDIA_LD:
    case VSMP_OPC_MEDIA_ST: {
        /* media_ld.MOD (W,H) SURFACE PLANE X Y MSG; the binary's order is mod, surface, plane,
         * width, height */
        bool st = in->opcode == VSMP_OPC_MEDIA_ST;
        uint32_t mod = g_value(c, &g), surf = g_value(c, &g), plane = g_value(c, &g);
        uint32_t w = g_value(c, &g), h = g_value(c, &g);
        /* GenX_IR's lexer reads only the media_ld names, so media_st's "reserved" (1) cannot be
         * read back */
        if (mod >= (st ? VSMP_MEDIA_ST_MODS : VSMP_MEDIA_LD_MODS) || (st && mod == 1))
            c->why = "the media modifier has no text form";
        if (plane > 15)
            c->why = "the media plane is over 15";
        unsigned nmods = st ? VSMP_MEDIA_ST_MODS : VSMP_MEDIA_LD_MODS;
        const char *const *mods = st ? vsmp_media_st_mod_names : vsmp_media_ld_mod_names;
        put(c->b, ".%s (%u,%u)", mods[mod < nmods ? mod : 0], w, h);
        g_surface(c, surf);
        put(c->b, " %u", plane);
        g_rest(c, &g);
        return;
    }
    case VSMP_OPC_OWORD_LD:
    case VSMP_OPC_OWORD_ST:
    case VSMP_OPC_OWORD_LD_UNALIGNED: {
        static const unsigned owords[8] = {1, 2, 4, 8, 16, 0, 0, 0};
        uint32_t size = g_value(c, &g);
        if (in->opcode != VSMP_OPC_OWORD_ST) {
            uint32_t mod = g_value(c, &g);
            if (mod & 1)
                put(c->b, ".mod");
            if (mod > 1)
                c->why = "the oword modifier has bits other than bit 0";
        }
        if ((size & 7) > 4 || size >> 3)
            c->why = "the oword count has no text form";
        put(c->b, " (%u)", owords[size & 7]);
        g_surface(c, g_value(c, &g));
        g_rest(c, &g);
        return;
    }
    case VSMP_OPC_GATHER:
    case VSMP_OPC_SCATTER: {
        static const unsigned esz[4] = {1, 2, 4, 0};
        static const char *const sizes[4] = {"8", "16", "1", "?"};
        uint32_t es = g_value(c, &g), mod = 0;
        if (in->opcode == VSMP_OPC_GATHER)
            mod = g_value(c, &g);
        uint32_t ne = g_value(c, &g);
        if (mod & 1)
            put(c->b, ".mod");
        if (mod > 1 || es > 3 || ne >> 8)
            c->why = "the gather/scatter fields have bits no text names";
        put(c->b, ".%u (%s, %s)", esz[es & 3], emask_names[(ne >> 4) & 15], sizes[ne & 3]);
        if ((es & 3) == 3 || (ne & 3) == 3)
            c->why = "the element size or count has no text form";
        g_surface(c, g_value(c, &g));
        g_rest(c, &g);
        return;
    }
    default:
        c->why = "this data-port message has no text form";
        return;
    }
}

static void put_svm(pctx *c, const vsmp_inst *in, const vsmp_opcode_info *sub)
{
    gcur g = {in, 0};
    if (in->subop != VSMP_SOP_SVM_BLOCK_LD && in->subop != VSMP_SOP_SVM_BLOCK_ST)
        put_pred(c, in->pred);
    switch (in->subop) {
    case VSMP_SOP_SVM_BLOCK_LD:
    case VSMP_SOP_SVM_BLOCK_ST: {
        static const unsigned owords[8] = {1, 2, 4, 8, 16, 0, 0, 0};
        uint32_t p = g_value(c, &g);
        put(c->b, "svm_block_%s%s (%u)", in->subop == VSMP_SOP_SVM_BLOCK_ST ? "st" : "ld",
            p & 8 ? ".unaligned" : "", owords[p & 7]);
        if ((p & 7) > 4 || p >> 4)
            c->why = "the oword count has no text form";
        break;
    }
    case VSMP_SOP_SVM_GATHER:
    case VSMP_SOP_SVM_SCATTER: {
        uint32_t bs = g_value(c, &g), nb = g_value(c, &g);
        put(c->b, "svm_%s.%s.%s", in->subop == VSMP_SOP_SVM_GATHER ? "gather" : "scatter",
            (bs & 3) < 3 ? vsmp_svm_block_size_names[bs & 3] : "?", vsmp_block_num_names[nb & 3]);
        if ((bs & 3) == 3 || bs > 3 || nb > 3)
            c->why = "the block size/count has no text form";
        g_exec(c, in);
        break;
    }
    case VSMP_SOP_SVM_ATOMIC: {
        put(c->b, "svm_atomic");
        put_atomic_op(c, g_value(c, &g));
        g_exec(c, in);
        /* text order: address, dst, src0, src1 */
        if (in->num_opnds == 5) {
            put_opnd(c, &in->opnds[1]);
            put_opnd(c, &in->opnds[4]);
            put_opnd(c, &in->opnds[2]);
            put_opnd(c, &in->opnds[3]);
            return;
        }
        c->why = "svm_atomic needs four operands";
        break;
    }
    case VSMP_SOP_SVM_GATHER4_SCALED:
    case VSMP_SOP_SVM_SCATTER4_SCALED:
        put(c->b, "svm_%s",
            in->subop == VSMP_SOP_SVM_GATHER4_SCALED ? "gather4scaled" : "scatter4scaled");
        put_channels(c, g_value(c, &g));
        if (g_value(c, &g))
            c->why = "the scale field is not 0";
        g_exec(c, in);
        break;
    default:
        put(c->b, "%s", sub ? sub->mnemonic : "svm_?");
        c->why = "unknown SVM sub-operation";
        break;
    }
    g_rest(c, &g);
}

static void put_misc(pctx *c, const vsmp_inst *in, const vsmp_opcode_info *row)
{
    gcur g = {in, 0};
    switch (in->opcode) {
    case VSMP_OPC_RAW_SEND: {
        uint32_t mod = g_value(c, &g);
        if (mod > 1)
            c->why = "the raw_send modifier is neither 0 nor 1";
        put_pred(c, in->pred);
        put(c->b, "%s", mod == 1 ? "raw_sendc" : "raw_send");
        g_exec(c, in);
        uint32_t ex = g_value(c, &g), ns = g_value(c, &g), nd = g_value(c, &g);
        put(c->b, " 0x%x %u %u ", ex, ns, nd);
        g_rest(c, &g);
        return;
    }
    case VSMP_OPC_RAW_SENDS: {
        uint32_t mod = g_value(c, &g);
        put_pred(c, in->pred);
        uint32_t n0 = g_value(c, &g), n1 = g_value(c, &g), nd = g_value(c, &g);
        uint32_t ffid = in->num_opnds == 10 ? g_value(c, &g) : 0;
        put(c->b, "%s%u.%s%u.%u.%u", mod & 1 ? "raw_sendsc." : "raw_sends.", ffid,
            mod & 2 ? "eot." : "", n0, n1, nd);
        g_exec(c, in);
        put(c->b, " ");
        g_rest(c, &g);
        return;
    }
    case VSMP_OPC_LIFETIME: {
        uint32_t p = g_value(c, &g), id = g_value(c, &g);
        put(c->b, "lifetime.%s ", p & 1 ? "end" : "start");
        if (p & ~0x31u)
            c->why = "lifetime's property byte has bits other than start/end and the class";
        unsigned cls = (p >> 4) & 3;
        char tmp[48];
        if (cls == VSMP_VEC_GENERAL) {
            const char *n = var_name(c->nm, id, tmp, sizeof(tmp));
            if (!n) {
                c->why = "lifetime names an undeclared variable";
                n = tmp;
            }
            put(c->b, "%s", n);
        } else if (cls == VSMP_VEC_ADDRESS && id < c->nm->count[N_ADDR]) {
            put(c->b, "%s", c->nm->n[N_ADDR][id]);
        } else if (cls == VSMP_VEC_PREDICATE && id >= 1 && id - 1 < c->nm->count[N_PRED]) {
            put(c->b, "%s", c->nm->n[N_PRED][id - 1]);
        } else {
            c->why = "lifetime names an undeclared variable";
            put(c->b, "?%u", id);
        }
        return;
    }
    case VSMP_OPC_FILE: {
        const char *s = vsmp_routine_string(c->rt, g_value(c, &g));
        put(c->b, "FILE \"%s\"", s ? s : "");
        if (!s)
            c->why = "the file name is not in the string pool";
        return;
    }
    case VSMP_OPC_LOC:
        put(c->b, "LOC %u", g_value(c, &g));
        return;
    case VSMP_OPC_3D_URB_WRITE: {
        /* [(P)] urb_write_3d (exec) NUM_OUT GLOBAL_OFFSET CHANNEL_MASK HANDLE PER_SLOT DATA: the
         * binary holds the channel mask before the global offset (IsaDisassembly swaps them) */
        put_pred(c, in->pred);
        put(c->b, "%s", row->mnemonic);
        g_exec(c, in);
        if (in->num_opnds == 6) {
            put(c->b, " %u %u", in->opnds[0].value, in->opnds[2].value);
            put_opnd(c, &in->opnds[1]);
            for (unsigned k = 3; k < 6; k++)
                put_opnd(c, &in->opnds[k]);
        }
        return;
    }
    case VSMP_OPC_DPAS:
    case VSMP_OPC_DPASW: {
        /* dpas.W.A.DEPTH.COUNT (exec) DST SRC0 SRC1 SRC2; the info word is W | A << 8 |
         * depth << 16 | count << 24 (Common_ISA_util.h DpasInfoToUI32) */
        uint32_t info = in->num_opnds == 5 ? in->opnds[4].value : 0;
        unsigned w = info & 0xff, a = info >> 8 & 0xff, d = info >> 16 & 0xff, n = info >> 24;
        const char *wn = w < 13 ? vsmp_dpas_precision_names[w] : NULL;
        const char *an = a < 13 ? vsmp_dpas_precision_names[a] : NULL;
        /* GenX_IR's lexer takes tf32 only paired with itself, depth 1/2/4/8, count 1..8 */
        if (!wn || !an || (w == 12) != (a == 12) || (d != 1 && d != 2 && d != 4 && d != 8) ||
            n < 1 || n > 8)
            c->why = "the dpas precision, depth or count has no text form";
        put(c->b, "%s.%s.%s.%u.%u", row->mnemonic, wn ? wn : "?", an ? an : "?", d, n);
        g_exec(c, in);
        for (unsigned k = 0; k < 3 && k < in->num_opnds; k++)
            put_opnd(c, &in->opnds[k]);
        /* src2 is CISA.y's VecSrcOpndSimple: VAR(row,col), region <1;1,0> implied */
        const vsmp_vec *v = in->num_opnds > 3 ? &in->opnds[3].vec : NULL;
        char tmp[48];
        const char *vn = v ? var_name(c->nm, v->var, tmp, sizeof(tmp)) : NULL;
        if (v && v->vclass == VSMP_VEC_GENERAL && !v->mod && v->region == 0x0122 && vn) {
            put(c->b, " %s(%u,%u)", vn, v->row, v->col);
        } else {
            c->why = "dpas's src2 is not a plain <1;1,0> general operand";
            if (v)
                put_opnd(c, &in->opnds[3]);
        }
        return;
    }
    default:
        put_generic_form(c, in, row);
        return;
    }
}

/* LSC (lsc_load.ugm.ca.ca (M1, 16)  V33:d32  flat[V34]:a64), as IsaDisassembly's formatter. */

static const char *lsc_name(pctx *c, const char *const *tab, size_t n, unsigned v)
{
    if (v < n && tab[v])
        return tab[v];
    c->why = "an LSC field holds a value with no text form";
    return "?";
}
#define LSC_NAME(tab, v) lsc_name(c, tab, sizeof(tab) / sizeof(tab[0]), (v))

/* ".name" into a small rotating buffer, for the names printed with their dot */
static const char *lsc_dot(pctx *c, const char *const *tab, size_t n, unsigned v)
{
    const char *s = lsc_name(c, tab, n, v);
    size_t k = c->dot_next++ & 3;
    snprintf(c->dot[k], sizeof(c->dot[k]), ".%s", s);
    return c->dot[k];
}
#define LSC_DOT(tab, v) lsc_dot(c, tab, sizeof(tab) / sizeof(tab[0]), (v))

/* ".l1.l3"; `.cc` (7) is not in GenX_IR 12504's lexer (GenX_IR 1.0.17791 reads it) */
static void put_lsc_cache(pctx *c, unsigned l1, unsigned l3)
{
    put(c->b, "%s%s", LSC_DOT(vsmp_lsc_cache_names, l1), LSC_DOT(vsmp_lsc_cache_names, l3));
    if ((l1 == 7 || l3 == 7) && c->opt->dialect == VSMP_DIALECT_12504)
        c->why = "the cache option .cc is not in GenX_IR 12504's syntax (the newer one has it)";
}

static void lsc_raw(pctx *c, const vsmp_opnd *o)
{
    char tmp[48];
    const char *n = var_name(c->nm, o->raw.var, tmp, sizeof(tmp));
    if (!n) {
        c->why = "a raw operand names an undeclared variable";
        n = tmp;
    }
    put(c->b, "%s", n);
    if (o->raw.offset)
        put(c->b, ".%u", o->raw.offset);
}

static void lsc_vec(pctx *c, const vsmp_opnd *o)
{
    const vsmp_vec *v = &o->vec;
    if (v->vclass == VSMP_VEC_IMMEDIATE) {
        put(c->b, "0x%llX", (unsigned long long)(v->imm & 0xffffffffu));
    } else if (v->vclass == VSMP_VEC_GENERAL) {
        char tmp[48];
        const char *n = var_name(c->nm, v->var, tmp, sizeof(tmp));
        put(c->b, "%s", n ? n : tmp);
        if (v->row || v->col)
            put(c->b, "(%u,%u)", v->row, v->col);
    } else {
        c->why = "an LSC surface operand is neither a variable nor an immediate";
    }
}

static bool lsc_has_chmask(unsigned sub)
{
    return sub == VSMP_SOP_LSC_LOAD_QUAD || sub == VSMP_SOP_LSC_STORE_QUAD;
}

/* "d32x4t" or "d32.xz" into data */
static void lsc_shape(pctx *c, char *data, size_t n, unsigned dsize, unsigned order, unsigned elems,
                      unsigned cmask, bool quad)
{
    int k = snprintf(data, n, ":%s", LSC_NAME(vsmp_lsc_dsize_names, dsize));
    size_t dl = k < 0 ? 0 : (size_t)k;
    if (quad)
        snprintf(data + dl, n - dl, ".%s%s%s%s", cmask & 1 ? "x" : "", cmask & 2 ? "y" : "",
                 cmask & 4 ? "z" : "", cmask & 8 ? "w" : "");
    else
        snprintf(data + dl, n - dl, "%s%s", LSC_NAME(vsmp_lsc_elems_names, elems),
                 order == 2 ? "t" : "");
}

/* the surface an address model names: bti(0x7B), ss(VAR) */
static void lsc_model(pctx *c, unsigned type, const vsmp_opnd *surf)
{
    put(c->b, "%s", LSC_NAME(vsmp_lsc_addr_names, type));
    if (surf->vec.vclass == VSMP_VEC_IMMEDIATE &&
        (surf->vec.imm_type != VSMP_TYPE_UD || surf->vec.mod))
        c->why = "an LSC surface immediate that is not UD";
    if (surf->vec.vclass == VSMP_VEC_GENERAL && (surf->vec.region != 0x0121 || surf->vec.mod))
        c->why = "an LSC surface variable with a region or modifier";
    if (type >= 2 && type <= 4) {
        put(c->b, "(");
        lsc_vec(c, surf);
        put(c->b, ")");
    }
}

/* typed (tgm): lsc_load_quad.tgm (M1, 16)  DST:d32.x  bti(0x7B)[U, V, R, LOD]:a32, stores
 * address then data, atomics DST address SRC1 SRC2 (IsaDisassembly's formatter); the fields:
 * l1 l3 atype asize dsize order elems cmask surface dst u v r lod src1 src2 */
static void put_lsc_typed(pctx *c, const vsmp_inst *in, const vsmp_opcode_info *sub)
{
    const vsmp_opnd *o = in->opnds;
    put_pred(c, in->pred);
    put(c->b, "%s.tgm", sub->mnemonic);
    if (o[0].value || o[1].value)
        put_lsc_cache(c, o[0].value, o[1].value);
    g_exec(c, in);
    put(c->b, "  ");
    bool load = in->subop <= 3, store = in->subop >= 4 && in->subop <= 7;
    bool quad = in->subop == VSMP_SOP_LSC_TLOAD_QUAD || in->subop == VSMP_SOP_LSC_TSTORE_QUAD;
    if (o[6].value != o[7].value)
        c->why = "the LSC vector size and channel mask differ (GenX_IR writes one value twice)";
    if (o[5].value != 1 && o[5].value != 2)
        c->why = "the LSC data order is neither transposed nor not";
    if (o[2].value < 2 || o[2].value > 4)
        c->why = "a typed LSC address model other than bss, ss or bti";
    if ((load && (o[14].raw.var || o[14].raw.offset || o[15].raw.var || o[15].raw.offset)) ||
        (store && (o[9].raw.var || o[9].raw.offset || o[15].raw.var || o[15].raw.offset)))
        c->why = "an LSC operand the text leaves out is not %null";
    char data[32];
    lsc_shape(c, data, sizeof(data), o[4].value, o[5].value, o[6].value, o[7].value, quad);
    if (!store) {
        lsc_raw(c, &o[9]);
        put(c->b, "%s  ", data);
    }
    lsc_model(c, o[2].value, &o[8]);
    put(c->b, "[");
    /* the addresses up to the last that is not %null (GenX_IR reads no %null address) */
    int last = 10;
    for (int i = 11; i < 14; i++)
        if (o[i].raw.var || o[i].raw.offset)
            last = i;
    for (int i = 10; i <= last; i++) {
        if (i > 10)
            put(c->b, ", ");
        lsc_raw(c, &o[i]);
    }
    put(c->b, "]:%s", LSC_NAME(vsmp_lsc_asize_names, o[3].value));
    if (store) {
        put(c->b, "  ");
        lsc_raw(c, &o[14]);
        put(c->b, "%s", data);
    } else if (!load) {
        put(c->b, "  ");
        lsc_raw(c, &o[14]);
        put(c->b, "  ");
        lsc_raw(c, &o[15]);
    }
}

/* the typed 2D block: lsc_load_block2d.tgm  DST:WxH  bss(V)[X,Y]; stores address then data;
 * no exec size (always SIMD1); the fields: l1 l3 atype width height surface dst x y src1 */
static void put_lsc_tblock2d(pctx *c, const vsmp_inst *in, const vsmp_opcode_info *sub)
{
    const vsmp_opnd *o = in->opnds;
    bool store = in->subop == VSMP_SOP_LSC_TSTORE_BLOCK2D;
    if (in->pred || in->exec_code || in->emask != 8)
        c->why = "a typed 2D block message's text has no exec size, mask or predicate (it is "
                 "(M1_NM, 1))";
    if (o[2].value < 2 || o[2].value > 4)
        c->why = "a typed LSC address model other than bss, ss or bti";
    if (store ? (o[6].raw.var || o[6].raw.offset) : (o[9].raw.var || o[9].raw.offset))
        c->why = "an LSC operand the text leaves out is not %null";
    for (int i = 7; i <= 8; i++)
        if ((o[i].vec.vclass == VSMP_VEC_GENERAL &&
             (o[i].vec.region != 0x0121 || o[i].vec.mod || o[i].vec.row || o[i].vec.col)) ||
            (o[i].vec.vclass == VSMP_VEC_IMMEDIATE &&
             (o[i].vec.imm_type != VSMP_TYPE_UD || o[i].vec.mod)))
            c->why = "a block coordinate that is not a plain variable or UD immediate";
    put(c->b, "%s.tgm", sub->mnemonic);
    if (o[0].value || o[1].value)
        put_lsc_cache(c, o[0].value, o[1].value);
    put(c->b, "  ");
    if (!store) {
        lsc_raw(c, &o[6]);
        put(c->b, ":%ux%u  ", o[3].value, o[4].value);
    }
    lsc_model(c, o[2].value, &o[5]);
    put(c->b, "[");
    lsc_vec(c, &o[7]);
    put(c->b, ",");
    lsc_vec(c, &o[8]);
    put(c->b, "]");
    if (store) {
        put(c->b, "  ");
        lsc_raw(c, &o[9]);
        put(c->b, ":%ux%u", o[3].value, o[4].value);
    }
}

static void put_lsc(pctx *c, const vsmp_inst *in, const vsmp_opcode_info *sub)
{
    const vsmp_opnd *o = in->opnds;
    if (in->opcode == VSMP_OPC_LSC_TYPED && sub && strcmp(sub->layout, "bbbwwvRvvr") == 0 &&
        in->num_opnds == 10) {
        put_lsc_tblock2d(c, in, sub);
        return;
    }
    if (in->opcode == VSMP_OPC_LSC_TYPED && sub && strcmp(sub->layout, "EPbbbbbbbbvRrrrrrr") == 0 &&
        in->num_opnds == 16) {
        put_lsc_typed(c, in, sub);
        return;
    }
    if (in->opcode != VSMP_OPC_LSC_FENCE &&
        (!sub || in->num_opnds != 16 || in->opcode != VSMP_OPC_LSC_UNTYPED ||
         (strcmp(sub->layout, "EPbbbbwdbbbbbvRrrr") != 0 &&
          strcmp(sub->layout, "EPbbbbwdbbbbbvRrvr") != 0))) {
        /* block2d and the typed forms GenX_IR has no text for */
        put_generic_form(c, in, vsmp_opcode_info_get(in->opcode));
        return;
    }
    put_pred(c, in->pred);
    if (in->opcode == VSMP_OPC_LSC_FENCE) {
        if (in->num_opnds != 3) {
            c->why = "lsc_fence needs three fields";
            return;
        }
        if (in->pred || in->exec_code || in->emask != 8)
            c->why = "lsc_fence's text has no exec size, mask or predicate (it is (M1_NM, 1))";
        put(c->b, "lsc_fence.%s%s%s", LSC_NAME(vsmp_lsc_sfid_names, o[0].value),
            LSC_DOT(vsmp_lsc_fence_op_names, o[1].value),
            LSC_DOT(vsmp_lsc_scope_names, o[2].value));
        return;
    }
    /* sfid l1 l3 atype scale off asize dsize order elems cmask surf dst src0 src1 src2 */
    put(c->b, "%s.%s", sub->mnemonic, LSC_NAME(vsmp_lsc_sfid_names, o[0].value));
    if (o[1].value || o[2].value)
        put_lsc_cache(c, o[1].value, o[2].value);
    g_exec(c, in);
    put(c->b, "  ");
    bool load = in->subop <= 3, store = in->subop >= 4 && in->subop <= 7;
    bool quad = in->subop == VSMP_SOP_LSC_LOAD_QUAD || in->subop == VSMP_SOP_LSC_STORE_QUAD;
    bool flat = o[3].value == 1 || o[3].value == 5;
    /* strided: src1 is the pitch, a store's data the last operand; no channel mask */
    bool strided =
        in->subop == VSMP_SOP_LSC_LOAD_STRIDED || in->subop == VSMP_SOP_LSC_STORE_STRIDED;
    if (strided ? o[10].value != 0 : o[9].value != o[10].value)
        c->why = strided ? "a strided LSC message with a channel mask"
                         : "the LSC vector size and channel mask differ (GenX_IR writes one value "
                           "twice)";
    if (strided && (o[14].vec.vclass != VSMP_VEC_IMMEDIATE || o[14].vec.mod ||
                    o[14].vec.imm_type != VSMP_TYPE_UD))
        c->why = "an LSC pitch that is not an immediate";
    if (o[8].value != 1 && o[8].value != 2)
        c->why = "the LSC data order is neither transposed nor not";
    if (!o[4].value)
        c->why = "an LSC address scale of 0 has no text form";
    if (flat && (o[11].vec.vclass != VSMP_VEC_IMMEDIATE || o[11].vec.imm ||
                 o[11].vec.imm_type != VSMP_TYPE_UD || o[11].vec.mod))
        c->why = "a flat LSC address carries a surface";
    if (o[11].vec.vclass == VSMP_VEC_IMMEDIATE &&
        (o[11].vec.imm_type != VSMP_TYPE_UD || o[11].vec.mod))
        c->why = "an LSC surface immediate that is not UD";
    if (o[11].vec.vclass == VSMP_VEC_GENERAL && (o[11].vec.region != 0x0121 || o[11].vec.mod))
        c->why = "an LSC surface variable with a region or modifier";
    const vsmp_raw *rw[4] = {&o[12].raw, &o[13].raw, &o[14].raw, &o[15].raw};
    if (strided
            ? (load && (rw[3]->var || rw[3]->offset)) || (store && (rw[0]->var || rw[0]->offset))
            : (load && (rw[2]->var || rw[2]->offset || rw[3]->var || rw[3]->offset)) ||
                  (store && (rw[0]->var || rw[0]->offset || rw[3]->var || rw[3]->offset)))
        c->why = "an LSC operand the text leaves out is not %null";
    (void)quad;
    char data[32];
    snprintf(data, sizeof(data), ":%s", LSC_NAME(vsmp_lsc_dsize_names, o[7].value));
    size_t dl = strlen(data);
    if (lsc_has_chmask(in->subop)) {
        snprintf(data + dl, sizeof(data) - dl, ".%s%s%s%s", o[10].value & 1 ? "x" : "",
                 o[10].value & 2 ? "y" : "", o[10].value & 4 ? "z" : "",
                 o[10].value & 8 ? "w" : "");
    } else {
        snprintf(data + dl, sizeof(data) - dl, "%s%s", LSC_NAME(vsmp_lsc_elems_names, o[9].value),
                 o[8].value == 2 ? "t" : "");
    }
    /* the address operand */
    char addr[8];
    snprintf(addr, sizeof(addr), "%s", LSC_NAME(vsmp_lsc_addr_names, o[3].value));
    if (load || !store) {
        lsc_raw(c, &o[12]);
        put(c->b, "%s  ", data);
    }
    put(c->b, "%s", addr);
    if (o[3].value >= 2 && o[3].value <= 4) {
        put(c->b, "(");
        lsc_vec(c, &o[11]);
        put(c->b, ")");
    }
    put(c->b, "[");
    if (o[4].value > 1)
        put(c->b, "0x%x*", o[4].value);
    lsc_raw(c, &o[13]);
    int32_t off = (int32_t)o[5].value;
    if (off)
        put(c->b, "%s0x%x", off < 0 ? "-" : "+",
            off < 0 ? (uint32_t) - (int64_t)off : (uint32_t)off);
    if (strided) {
        put(c->b, ", ");
        lsc_vec(c, &o[14]);
    }
    put(c->b, "]:%s", LSC_NAME(vsmp_lsc_asize_names, o[6].value));
    if (store) {
        put(c->b, "  ");
        lsc_raw(c, &o[strided ? 15 : 14]);
        put(c->b, "%s", data);
    } else if (!load) {
        put(c->b, "  ");
        lsc_raw(c, &o[14]);
        put(c->b, "  ");
        lsc_raw(c, &o[15]);
    }
}

/* The old sampler's sample / load: sample.CHANNELS (8|16) SAMPLER SURFACE U V R DST; the mode
 * byte holds the channels (bits 3..0) and SIMD16 (bit 4) (IsaDisassembly, CISA.y
 * SampleInstruction). */
static void put_sample_old(pctx *c, const vsmp_inst *in, const vsmp_opcode_info *row)
{
    gcur g = {in, 0};
    bool smp = in->opcode == VSMP_OPC_SAMPLE;
    uint32_t mode = g_value(c, &g);
    if (mode >> 5)
        c->why = "the sample/load mode byte has bits above SIMD16";
    if (in->pred)
        c->why = "sample/load print no predicate";
    put(c->b, "%s", row->mnemonic);
    put_channels(c, mode & 0xf);
    put(c->b, " (%u)", mode >> 4 & 1 ? 16 : 8);
    if (smp)
        put_state(c, true, g_value(c, &g));
    put_state(c, false, g_value(c, &g));
    g_rest(c, &g);
}

/* avs.CHANNELS SURFACE SAMPLER U V DU DV U2D GROUP VBLOCK CNTRL V2D EXECMODE EIF DST; the
 * binary holds channels, sampler, surface first (IsaDisassembly, CISA.y AVSInstruction). */
static void put_avs(pctx *c, const vsmp_inst *in)
{
    if (in->num_opnds != 15) {
        c->why = "avs has the wrong operand count";
        return;
    }
    const vsmp_opnd *o = in->opnds;
    if (o[0].value > 15)
        c->why = "the avs channel byte has bits above the mask";
    put(c->b, "avs");
    put_channels(c, o[0].value & 0xf);
    put_state(c, false, o[2].value);
    put_state(c, true, o[1].value);
    for (unsigned k = 3; k < 10; k++)
        put_opnd(c, &o[k]);
    uint32_t cntrl = o[10].value, mode = o[12].value;
    if (cntrl > 3 || mode > 2 || mode == 1)
        c->why = "the avs control or exec mode has no text form";
    put(c->b, " %s", vsmp_avs_control_names[cntrl & 3]);
    put_opnd(c, &o[11]);
    put(c->b, " %s", vsmp_avs_exec_mode_names[mode == 2 ? 2 : 0]);
    put_opnd(c, &o[13]);
    put_opnd(c, &o[14]);
}

void put_generic(pctx *c, const vsmp_inst *in)
{
    const vsmp_opcode_info *row = vsmp_opcode_info_get(in->opcode);
    if (!row) {
        c->why = "unknown opcode";
        put(c->b, "opcode_0x%02x", in->opcode);
        return;
    }
    switch (row->family) {
    case VSMP_FAM_ARITH:
    case VSMP_FAM_LOGIC:
    case VSMP_FAM_MOV:
    case VSMP_FAM_CMP:
    case VSMP_FAM_ADDR:
        put_common(c, in, row);
        break;
    case VSMP_FAM_SIMDCF:
    case VSMP_FAM_FLOW:
        put_flow(c, in);
        break;
    case VSMP_FAM_SYNC:
        put_sync(c, in);
        break;
    case VSMP_FAM_DATAPORT:
        put_dataport(c, in, row);
        break;
    case VSMP_FAM_SVM:
        put_svm(c, in, vsmp_subop_info_get(in->opcode, in->subop));
        break;
    case VSMP_FAM_LSC:
        put_lsc(c, in, vsmp_subop_info_get(in->opcode, in->subop));
        break;
    default:
        if (in->opcode == VSMP_OPC_SAMPLE || in->opcode == VSMP_OPC_LOAD)
            put_sample_old(c, in, row);
        else if (in->opcode == VSMP_OPC_AVS)
            put_avs(c, in);
        else
            put_misc(c, in, row);
        break;
    }
}
