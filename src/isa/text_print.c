/* SPDX-License-Identifier: MIT */
/*
 * Printer for `.visaasm` text. The default dialect is what Debian's GenX_IR (12504) parses, and
 * the output is laid out so that parsing it again rebuilds the same string pool and ids (see
 * docs/TEXT.md): declarations and attributes are printed in string-pool order, inputs after
 * them, then the instructions; attributes whose names were added after the first label are
 * printed after the instructions.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "isa_internal.h"

typedef struct sb {
    char *buf;
    size_t cap;
    size_t len;
} sb;

static void put(sb *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void put(sb *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *dst = b->buf && b->len < b->cap ? b->buf + b->len : NULL;
    size_t room = dst ? b->cap - b->len : 0;
    int n = vsnprintf(dst, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        b->len += (size_t)n;
}

/* ---- names ---- */

enum { N_VAR, N_ADDR, N_PRED, N_SMP, N_SURF, N_LABEL, N_KINDS };

typedef struct names {
    char **n[N_KINDS];
    uint32_t count[N_KINDS];
    const char **set; /* every name handed out, open addressing (power-of-two size) */
    uint32_t set_cap, set_used;
    bool nomem;
} names;

static uint32_t name_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 16777619u;
    return h;
}

static bool name_taken(const names *nm, const char *s)
{
    if (!nm->set_cap)
        return false;
    for (uint32_t i = name_hash(s) & (nm->set_cap - 1);; i = (i + 1) & (nm->set_cap - 1)) {
        if (!nm->set[i])
            return false;
        if (strcmp(nm->set[i], s) == 0)
            return true;
    }
}

static bool name_insert(names *nm, const char *s)
{
    if ((nm->set_used + 1) * 2 > nm->set_cap) {
        uint32_t nc = nm->set_cap ? nm->set_cap * 2 : 256;
        const char **ns = calloc(nc, sizeof(*ns));
        if (!ns)
            return false;
        for (uint32_t i = 0; i < nm->set_cap; i++) {
            if (!nm->set[i])
                continue;
            uint32_t j = name_hash(nm->set[i]) & (nc - 1);
            while (ns[j])
                j = (j + 1) & (nc - 1);
            ns[j] = nm->set[i];
        }
        free(nm->set);
        nm->set = ns;
        nm->set_cap = nc;
    }
    uint32_t j = name_hash(s) & (nm->set_cap - 1);
    while (nm->set[j])
        j = (j + 1) & (nm->set_cap - 1);
    nm->set[j] = s;
    nm->set_used++;
    return true;
}

static bool ident_ok(const char *s)
{
    static const char *const reserved[] = {
        "r",
        "ret",
        "abs",
        "any",
        "all",
        "NoMask",
        "sample_unorm",
        "resinfo",
        "sampleinfo",
        "lod",
        "load_l",
        "S31",
        "T1",
        "T2",
        "TSS",
        "divS",
        "cps",
        "pixel_null_mask",
    };
    if (!s || !*s ||
        !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z') || s[0] == '_' ||
          s[0] == '$'))
        return false;
    for (const char *c = s; *c; c++)
        if (!((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') ||
              *c == '_' || *c == '$' || *c == '@' || *c == '?'))
            return false;
    if (strlen(s) >= VSMP_MAX_STRING)
        return false;
    for (size_t i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++)
        if (strcmp(s, reserved[i]) == 0)
            return false;
    if ((s[0] == 'M' || s[0] == 'N') && vsmp_emask_from_name(s) >= 0)
        return false;
    if (s[0] >= 'a' && s[0] <= 'z' && (vsmp_op_by_mnemonic(s) || vsmp_opcode_by_mnemonic(s)))
        return false;
    if (s[0] == 'V' && s[1] >= '0' && s[1] <= '9') { /* V0..V20 are pre-defined aliases */
        char *end;
        unsigned long v = strtoul(s + 1, &end, 10);
        if (!*end && v < VSMP_NUM_PREDEF_VARS && (s[1] != '0' || !s[2]))
            return false;
    }
    return true;
}

/* Names of one kind: the string-pool name when it is a usable identifier and unique,
 * otherwise a synthesised one. */
static void name_kind(names *nm, const vsmp_routine *r, int kind, uint32_t count,
                      const uint32_t *pool_idx, const char *prefix, uint32_t id_base)
{
    nm->n[kind] = calloc(count ? count : 1, sizeof(char *));
    if (!nm->n[kind]) {
        nm->nomem = true;
        return;
    }
    for (uint32_t i = 0; i < count; i++) {
        const char *s = vsmp_routine_string(r, pool_idx[i]);
        char buf[64];
        if (!ident_ok(s) || name_taken(nm, s)) {
            unsigned extra = 0;
            do
                snprintf(buf, sizeof(buf), "%s%u%s%.0u", prefix, id_base + i, extra ? "_" : "",
                         extra);
            while (name_taken(nm, buf) && ++extra);
            s = buf;
        }
        nm->n[kind][i] = malloc(strlen(s) + 1);
        if (!nm->n[kind][i]) {
            nm->nomem = true;
            return;
        }
        strcpy(nm->n[kind][i], s);
        nm->count[kind] = i + 1;
        if (!name_insert(nm, nm->n[kind][i])) {
            nm->nomem = true;
            return;
        }
    }
}

static void names_free(names *nm)
{
    for (int k = 0; k < N_KINDS; k++) {
        for (uint32_t i = 0; i < nm->count[k]; i++)
            free(nm->n[k][i]);
        free(nm->n[k]);
    }
    free(nm->set);
}

#define NAME_IDS(arr, cnt, field)                                                                  \
    do {                                                                                           \
        ids = realloc(ids, ((cnt) ? (cnt) : 1) * sizeof(uint32_t));                                \
        if (!ids) {                                                                                \
            nm->nomem = true;                                                                      \
            return;                                                                                \
        }                                                                                          \
        for (uint32_t i = 0; i < (cnt); i++)                                                       \
            ids[i] = (arr)[i].field;                                                               \
    } while (0)

static void names_build(names *nm, const vsmp_routine *r)
{
    memset(nm, 0, sizeof(*nm));
    uint32_t *ids = NULL;
    NAME_IDS(r->vars, r->num_vars, name);
    name_kind(nm, r, N_VAR, r->num_vars, ids, "V", VSMP_FIRST_VAR);
    NAME_IDS(r->addrs, r->num_addrs, name);
    name_kind(nm, r, N_ADDR, r->num_addrs, ids, "A", 0);
    NAME_IDS(r->preds, r->num_preds, name);
    name_kind(nm, r, N_PRED, r->num_preds, ids, "P", 1);
    NAME_IDS(r->samplers, r->num_samplers, name);
    name_kind(nm, r, N_SMP, r->num_samplers, ids, "S", 0);
    NAME_IDS(r->surfaces, r->num_surfaces, name);
    name_kind(nm, r, N_SURF, r->num_surfaces, ids, "T", 6);
    NAME_IDS(r->labels, r->num_labels, name);
    name_kind(nm, r, N_LABEL, r->num_labels, ids, "L", 0);
    free(ids);
}

/* Name of a general variable id (pre-defined ones by their % name). */
static const char *var_name(const names *nm, uint32_t id, char *tmp, size_t n)
{
    if (id < VSMP_NUM_PREDEF_VARS)
        return vsmp_predef_var_names[id];
    if (id >= VSMP_FIRST_VAR && id - VSMP_FIRST_VAR < nm->count[N_VAR])
        return nm->n[N_VAR][id - VSMP_FIRST_VAR];
    snprintf(tmp, n, "<undeclared V%u>", id);
    return NULL;
}

static const char *smp_name(const names *nm, uint32_t id)
{
    if (id == VSMP_BINDLESS_SAMPLER)
        return "S31";
    return id < nm->count[N_SMP] ? nm->n[N_SMP][id] : NULL;
}

static const char *surf_name(const names *nm, uint32_t id)
{
    if (id < VSMP_NUM_PREDEF_SURFS)
        return vsmp_predef_surf_names[id];
    return id - 6 < nm->count[N_SURF] ? nm->n[N_SURF][id - 6] : NULL;
}

/* ---- instructions ---- */

typedef struct pctx {
    sb *b;
    const names *nm;
    const vsmp_print_options *opt;
    const vsmp_routine *rt;
    const char *why; /* set when the instruction has no text form */
    char dot[4][16]; /* lsc_dot's buffers */
    unsigned dot_next;
} pctx;

static void put_raw(pctx *c, vsmp_raw r)
{
    char tmp[48];
    const char *n = var_name(c->nm, r.var, tmp, sizeof(tmp));
    if (!n) {
        c->why = "a raw operand names an undeclared variable";
        n = tmp;
    }
    put(c->b, " %s.%u", n, r.offset);
}

/* <hs> (a destination: width null), <w,hs> (vstride null: VxH indirect), <vs;w,hs> */
static void put_region(pctx *c, uint16_t region, bool indirect)
{
    unsigned vsc = region & 0xf, wc = (region >> 4) & 0xf, hsc = (region >> 8) & 0xf;
    int vs = vsmp_region_value(vsc), w = vsmp_region_value(wc), hs = vsmp_region_value(hsc);
    (void)indirect;
    if ((region >> 12) || hs < 0 || (wc && w < 0) || (vsc && vs < 0) || (!wc && vsc)) {
        c->why = "a vector operand has a region with no text form";
        return;
    }
    if (!wc)
        put(c->b, "<%d>", hs);
    else if (!vsc)
        put(c->b, "<%d,%d>", w, hs);
    else
        put(c->b, "<%d;%d,%d>", vs, w, hs);
}

static void put_vec(pctx *c, const vsmp_vec *v)
{
    static const char *const mods[8] = {"", "(abs)", "(-)", "(-abs)", "", "(~)", "", ""};
    if (v->mod > 5 || v->mod == VSMP_MOD_SAT)
        c->why = "a vector operand has an unknown source modifier";
    put(c->b, " %s", mods[v->mod & 7]);
    switch (v->vclass) {
    case VSMP_VEC_IMMEDIATE: {
        const char *t = vsmp_type_name(v->imm_type);
        if (!t || v->imm_type == VSMP_TYPE_BOOL || v->imm_type == VSMP_TYPE_BF) {
            c->why = "an immediate has a type with no text form";
            t = "ud";
        }
        if (v->mod)
            c->why = "an immediate carries a source modifier";
        if (v->imm_type == VSMP_TYPE_HF && v->imm > 0xffff)
            c->why = "a half-float immediate wider than 16 bits";
        put(c->b, "0x%llx:%s", (unsigned long long)v->imm, t);
        break;
    }
    case VSMP_VEC_GENERAL: {
        char tmp[48];
        const char *n = var_name(c->nm, v->var, tmp, sizeof(tmp));
        if (!n) {
            c->why = "a vector operand names an undeclared variable";
            n = tmp;
        }
        put(c->b, "%s(%u,%u)", n, v->row, v->col);
        put_region(c, v->region, false);
        break;
    }
    case VSMP_VEC_INDIRECT: {
        const char *t = vsmp_type_name(v->imm_type);
        if (v->var >= c->nm->count[N_ADDR] || !t) {
            c->why = "an indirect operand names an undeclared address variable";
            put(c->b, "r[A%u(%u),%d]", v->var, v->row, v->ind_offset);
        } else {
            put(c->b, "r[%s(%u),%d]", c->nm->n[N_ADDR][v->var], v->row, v->ind_offset);
        }
        put_region(c, v->region, true);
        put(c->b, ":%s", t ? t : "ud");
        break;
    }
    default:
        c->why = "address, predicate and state operands have no text form in this position";
        put(c->b, "<class %u>", v->vclass);
        break;
    }
}

static void put_channels(pctx *c, unsigned ch)
{
    if (!(ch & 0xf))
        c->why = "channel mask 0 has no text form (and hangs GenX_IR)";
    put(c->b, ".");
    for (int i = 0; i < 4; i++)
        if (ch >> i & 1)
            put(c->b, "%c", "RGBA"[i]);
}

static void put_exec(pctx *c, const vsmp_inst *in)
{
    if (in->exec_code > 5)
        c->why = "the exec-size code is not 1..32";
    put(c->b, " (%s, %u)", vsmp_emask_name(in->emask), vsmp_exec_lanes(in->exec_code));
}

static void put_pred(pctx *c, uint16_t pred)
{
    if (!pred)
        return;
    unsigned id = VSMP_PRED_ID(pred), ctrl = VSMP_PRED_CTRL(pred);
    if (pred & 0x1000u)
        c->why = "the predicate word has bit 12 set";
    if (ctrl == 3)
        c->why = "the predicate control is 3";
    const char *n = id >= 1 && id - 1 < c->nm->count[N_PRED] ? c->nm->n[N_PRED][id - 1] : NULL;
    if (!n)
        c->why = "the predicate is not declared";
    put(c->b, "(%s%s%s%s) ", VSMP_PRED_INV(pred) ? "!" : "", n ? n : "P?",
        ctrl == 1   ? ".any"
        : ctrl == 2 ? ".all"
                    : "",
        "");
}

static void put_state(pctx *c, bool sampler, unsigned id)
{
    const char *n = sampler ? smp_name(c->nm, id) : surf_name(c->nm, id);
    /* GenX_IR encodes the index of a variable of the other class as is (a swapped sampler
     * and surface); naming that variable reproduces the bytes. The validator reports it. */
    if (!n)
        n = sampler ? surf_name(c->nm, id) : smp_name(c->nm, id);
    if (!n) {
        c->why =
            sampler ? "the sampler index is not declared" : "the surface index is not declared";
        put(c->b, " %c%u", sampler ? 'S' : 'T', id);
        return;
    }
    put(c->b, " %s", n);
}

static bool print_divs(const pctx *c, const vsmp_inst *in)
{
    if (c->opt->dialect == VSMP_DIALECT_HEAD)
        return in->flags & VSMP_OPF_NONUNIFORM;
    if (in->divs_text == VSMP_DIVS_PRESENT)
        return true;
    if (in->divs_text == VSMP_DIVS_ABSENT)
        return false;
    /* decoded: in 12504 text, .divS is what makes GenX_IR treat the sampler as uniform; the
     * compiler's own text never has it */
    if (c->opt->divs == VSMP_DIVS_AS_COMPILER)
        return false;
    return !(in->flags & VSMP_OPF_NONUNIFORM);
}

static void put_sampler_inst(pctx *c, const vsmp_inst *in)
{
    bool smp = in->opcode == VSMP_OPC_3D_SAMPLE;
    const vsmp_op_info *o = vsmp_op_find(in->opcode, in->subop, false);
    put_pred(c, in->pred);
    if (!o) {
        c->why = "the sub-op has no mnemonic";
        put(c->b, "%s_0x%02x", smp ? "sample" : "load", in->subop);
    } else {
        if (c->opt->dialect == VSMP_DIALECT_12504 && !(o->flags & VSMP_OPI_12504))
            c->why = "the op is not in GenX_IR 12504's syntax (use the newer dialect)";
        put(c->b, "%s", o->mnemonic);
    }
    if (in->flags & VSMP_OPF_PNM)
        put(c->b, ".pixel_null_mask");
    if (in->flags & VSMP_OPF_CPS) {
        if (!smp)
            c->why = "a load with the CPS bit has no text form";
        put(c->b, ".cps");
    }
    if (smp && print_divs(c, in))
        put(c->b, ".divS");
    if (!smp && (in->flags & VSMP_OPF_NONUNIFORM))
        c->why = "a load with the non-uniform-sampler bit has no text form";
    put_channels(c, in->channels);
    put_exec(c, in);
    put(c->b, " ");
    put_vec(c, &in->aoffimmi);
    if (smp)
        put_state(c, true, in->sampler);
    put_state(c, false, in->surface);
    put_raw(c, in->dst);
    if (c->opt->dialect == VSMP_DIALECT_HEAD) {
        vsmp_raw none = {0, 0};
        put_raw(c, in->has_paired ? in->paired : none);
    } else if (in->has_paired && (in->paired.var || in->paired.offset)) {
        c->why = "a paired surface needs the newer dialect";
    }
    for (unsigned i = 0; i < in->num_params; i++)
        put_raw(c, in->params[i]);
}

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
        put(c->b, "faddr %s", s ? s : "?");
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
    if (in->opcode == VSMP_OPC_MEDIA_LD || in->opcode == VSMP_OPC_MEDIA_ST ||
        in->opcode == VSMP_OPC_3D_RT_WRITE) {
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

static void put_lsc(pctx *c, const vsmp_inst *in, const vsmp_opcode_info *sub)
{
    const vsmp_opnd *o = in->opnds;
    if (in->opcode != VSMP_OPC_LSC_FENCE &&
        (!sub || strcmp(sub->layout, "EPbbbbwdbbbbbvRrrr") != 0 || in->num_opnds != 16 ||
         in->opcode != VSMP_OPC_LSC_UNTYPED)) {
        /* block2d, strided and typed forms */
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
        put(c->b, "%s%s", LSC_DOT(vsmp_lsc_cache_names, o[1].value),
            LSC_DOT(vsmp_lsc_cache_names, o[2].value));
    g_exec(c, in);
    put(c->b, "  ");
    bool load = in->subop <= 3, store = in->subop >= 4 && in->subop <= 7;
    bool quad = in->subop == VSMP_SOP_LSC_LOAD_QUAD || in->subop == VSMP_SOP_LSC_STORE_QUAD;
    bool flat = o[3].value == 1 || o[3].value == 5;
    if (o[9].value != o[10].value)
        c->why = "the LSC vector size and channel mask differ (GenX_IR writes one value twice)";
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
    if ((load && (rw[2]->var || rw[2]->offset || rw[3]->var || rw[3]->offset)) ||
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
    put(c->b, "]:%s", LSC_NAME(vsmp_lsc_asize_names, o[6].value));
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

static void put_generic(pctx *c, const vsmp_inst *in)
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
        put_misc(c, in, row);
        break;
    }
}

static void put_inst(pctx *c, const vsmp_inst *in)
{
    switch (in->opcode) {
    case VSMP_OPC_3D_SAMPLE:
    case VSMP_OPC_3D_LOAD:
        put_sampler_inst(c, in);
        break;
    case VSMP_OPC_3D_INFO: {
        const vsmp_op_info *o = vsmp_op_find(in->opcode, in->subop, false);
        if (!o)
            c->why = "the INFO op is neither resinfo nor sampleinfo";
        put(c->b, "%s", o ? o->mnemonic : "info_unknown");
        put_channels(c, in->channels);
        put_exec(c, in);
        put_state(c, false, in->surface);
        if (in->subop == VSMP_SUB_RESINFO)
            put_raw(c, in->lod);
        put_raw(c, in->dst);
        break;
    }
    case VSMP_OPC_SAMPLE_UNORM: {
        static const char *const fmt[4] = {"16-full", "16-downsampled", "8-full", "8-downsampled"};
        put(c->b, "sample_unorm");
        put_channels(c, in->channels);
        put(c->b, ".%s", fmt[in->unorm_fmt & 3]);
        put_state(c, true, in->sampler);
        put_state(c, false, in->surface);
        for (int i = 0; i < 4; i++)
            put_vec(c, &in->src[i]);
        put_raw(c, in->dst);
        break;
    }
    case VSMP_OPC_RET:
        put_pred(c, in->pred);
        put(c->b, "ret");
        put_exec(c, in);
        break;
    case VSMP_OPC_LABEL:
        if (in->label < c->nm->count[N_LABEL])
            put(c->b, "%s:", c->nm->n[N_LABEL][in->label]);
        else {
            c->why = "the label is not declared";
            put(c->b, "L%u:", in->label);
        }
        break;
    default:
        put_generic(c, in);
        break;
    }
}

size_t vsmp_inst_print(const vsmp_inst *inst, const vsmp_routine *r, const vsmp_print_options *opt,
                       char *buf, size_t buf_size)
{
    if (buf && buf_size)
        buf[0] = 0;
    if (!inst || !r)
        return 0;
    vsmp_print_options dflt;
    vsmp_print_options_init(&dflt);
    names nm;
    names_build(&nm, r);
    sb b = {buf, buf_size, 0};
    pctx c = {&b, &nm, opt ? opt : &dflt, r, NULL, {{0}}, 0};
    put_inst(&c, inst);
    names_free(&nm);
    return b.len;
}

/* ---- kernels ---- */

static const char *attr_name(const vsmp_routine *r, uint32_t idx)
{
    const char *s = vsmp_routine_string(r, idx);
    return s ? s : "?";
}

static uint32_t attr_int(const vsmp_attr *a)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < a->size && i < 4; i++)
        v |= (uint32_t)a->value[i] << (8 * i);
    if (a->size == 1 && (v & 0x80))
        v |= 0xffffff00u;
    if (a->size == 2 && (v & 0x8000))
        v |= 0xffff0000u;
    return v;
}

static void put_var_attrs(sb *b, const vsmp_routine *r, const vsmp_attr *a, uint32_t n)
{
    if (!n)
        return;
    put(b, " attrs={");
    for (uint32_t i = 0; i < n; i++) {
        put(b, "%s%s", i ? ", " : "", attr_name(r, a[i].name));
        if (a[i].size)
            put(b, "=%d", (int32_t)attr_int(&a[i]));
    }
    put(b, "}");
}

static void put_kernel_attr(sb *b, const vsmp_routine *r, const vsmp_attr *a)
{
    const char *n = attr_name(r, a->name);
    if (strcmp(n, "Target") == 0 && a->size == 1) {
        put(b, ".kernel_attr Target=\"%s\"\n", a->value[0] ? "3d" : "cm");
    } else if (strcmp(n, "OutputAsmPath") == 0) {
        put(b, ".kernel_attr %s=\"%.*s\"\n", n, (int)a->size, (const char *)a->value);
    } else if (a->size == 0) {
        put(b, ".kernel_attr %s\n", n);
    } else {
        put(b, ".kernel_attr %s=%d\n", n, (int32_t)attr_int(a));
    }
}

typedef struct hitem {
    uint32_t pool;
    int kind; /* N_* for declarations, N_KINDS for a kernel attribute */
    uint32_t index;
} hitem;

static int hitem_cmp(const void *a, const void *b)
{
    const hitem *x = a, *y = b;
    return x->pool < y->pool ? -1 : x->pool > y->pool;
}

static void put_decl(sb *b, const vsmp_routine *r, const names *nm, const hitem *h)
{
    char tmp[48];
    switch (h->kind) {
    case N_VAR: {
        const vsmp_var_decl *v = &r->vars[h->index];
        const char *t = vsmp_type_name(v->type);
        put(b, ".decl %s v_type=G type=%s num_elts=%u", nm->n[N_VAR][h->index], t ? t : "ud",
            v->num_elts);
        if (v->align && vsmp_align_name(v->align))
            put(b, " align=%s", vsmp_align_name(v->align));
        if (v->alias) {
            const char *a = var_name(nm, v->alias, tmp, sizeof(tmp));
            put(b, " alias=<%s, %u>", a ? a : tmp, v->alias_offset);
        }
        put_var_attrs(b, r, v->attrs, v->num_attrs);
        put(b, "\n");
        break;
    }
    case N_ADDR:
    case N_PRED:
    case N_SMP:
    case N_SURF: {
        static const char vt[] = {'G', 'A', 'P', 'S', 'T'};
        const vsmp_decl *d = h->kind == N_ADDR   ? &r->addrs[h->index]
                             : h->kind == N_PRED ? &r->preds[h->index]
                             : h->kind == N_SMP  ? &r->samplers[h->index]
                                                 : &r->surfaces[h->index];
        put(b, ".decl %s v_type=%c num_elts=%u", nm->n[h->kind][h->index], vt[h->kind],
            d->num_elts);
        if (h->kind != N_SMP)
            put_var_attrs(b, r, d->attrs, d->num_attrs);
        put(b, "\n");
        break;
    }
    default:
        put_kernel_attr(b, r, &r->attrs[h->index]);
        break;
    }
}

static void put_input(sb *b, const names *nm, const vsmp_input *in, vsmp_diags *diags)
{
    static const char *const kinds[4] = {"", "LOCAL_SIZE", "GROUP_COUNT", "LOCAL_ID"};
    unsigned cls = in->kind & 3, imp = in->kind >> 3;
    const char *n = NULL;
    char tmp[48];
    if (cls == VSMP_INPUT_GENERAL)
        n = var_name(nm, in->id, tmp, sizeof(tmp));
    else if (cls == VSMP_INPUT_SAMPLER)
        n = smp_name(nm, in->id);
    else if (cls == VSMP_INPUT_SURFACE)
        n = surf_name(nm, in->id);
    if (!n || (in->kind & 4) || (imp > 3 && imp != 0x10)) {
        vsmp_diags_add(diags, VSMP_SEV_WARNING, "print", 0, 0, -1,
                       "an input (kind 0x%02x, id %u) has no text form; printed as a comment",
                       in->kind, in->id);
        put(b, "// input kind 0x%02x id %u offset=%d size=%u\n", in->kind, in->id, in->offset,
            in->size);
        return;
    }
    if (imp == 0)
        put(b, ".input %s", n);
    else
        put(b, ".implicit_%s %s", imp == 0x10 ? "PSEUDO_INPUT" : kinds[imp], n);
    put(b, " offset=%d size=%u\n", in->offset, in->size);
}

static void print_routine(sb *b, const vsmp_routine *r, const vsmp_print_options *opt,
                          vsmp_diags *diags)
{
    names nm;
    names_build(&nm, r);
    if (nm.nomem) {
        names_free(&nm);
        return;
    }
    const char *kn = vsmp_routine_string(r, r->name_index);
    put(b, ".kernel \"%s\"\n", kn ? kn : (r->name ? r->name : "kernel"));
    uint32_t first_label = UINT32_MAX;
    for (uint32_t i = 0; i < r->num_labels; i++)
        if (r->labels[i].name < first_label)
            first_label = r->labels[i].name;
    uint32_t n = r->num_vars + r->num_addrs + r->num_preds + r->num_samplers + r->num_surfaces +
                 r->num_attrs;
    hitem *items = calloc(n ? n : 1, sizeof(*items));
    if (!items) {
        names_free(&nm);
        return;
    }
    uint32_t k = 0;
    const struct {
        int kind;
        uint32_t count;
    } kinds[] = {{N_VAR, r->num_vars},     {N_ADDR, r->num_addrs},    {N_PRED, r->num_preds},
                 {N_SMP, r->num_samplers}, {N_SURF, r->num_surfaces}, {N_KINDS, r->num_attrs}};
    for (size_t g = 0; g < sizeof(kinds) / sizeof(kinds[0]); g++) {
        for (uint32_t i = 0; i < kinds[g].count; i++) {
            int kd = kinds[g].kind;
            uint32_t pool = kd == N_VAR    ? r->vars[i].name
                            : kd == N_ADDR ? r->addrs[i].name
                            : kd == N_PRED ? r->preds[i].name
                            : kd == N_SMP  ? r->samplers[i].name
                            : kd == N_SURF ? r->surfaces[i].name
                                           : r->attrs[i].name;
            items[k++] = (hitem){pool, kd, i};
        }
    }
    qsort(items, n, sizeof(*items), hitem_cmp);
    /* declarations (and attributes named before the first label), then inputs */
    uint32_t rest = n;
    for (uint32_t i = 0; i < n; i++) {
        if (items[i].kind == N_KINDS && items[i].pool > first_label) {
            if (rest == n)
                rest = i;
            continue;
        }
        put_decl(b, r, &nm, &items[i]);
    }
    for (uint32_t i = 0; i < r->num_inputs; i++)
        put_input(b, &nm, &r->inputs[i], diags);
    pctx c = {b, &nm, opt, r, NULL, {{0}}, 0};
    for (uint32_t i = 0; i < r->num_insts; i++) {
        const vsmp_inst *in = &r->insts[i];
        size_t mark = b->len;
        c.why = NULL;
        if (in->opcode != VSMP_OPC_LABEL && in->opcode != VSMP_OPC_SUBROUTINE)
            put(b, "    ");
        put_inst(&c, in);
        put(b, "\n");
        if (c.why) {
            size_t kept = diags ? diags->count : 0;
            vsmp_diags_add(diags, VSMP_SEV_WARNING, "print", in->line, in->column, in->offset,
                           "instruction %u: %s", i, c.why);
            if (diags && diags->count > kept) /* kept, not past the limit */
                diags->items[diags->count - 1].at_instruction = in->offset >= 0;
        }
        (void)mark;
    }
    for (uint32_t i = rest; i < n; i++)
        if (items[i].kind == N_KINDS && items[i].pool > first_label)
            put_decl(b, r, &nm, &items[i]);
    free(items);
    names_free(&nm);
}

size_t vsmp_text_print(const vsmp_module *m, const vsmp_print_options *opt, char *buf,
                       size_t buf_size, vsmp_diags *diags)
{
    if (buf && buf_size)
        buf[0] = 0;
    if (!m)
        return 0;
    vsmp_print_options dflt;
    vsmp_print_options_init(&dflt);
    if (!opt)
        opt = &dflt;
    sb b = {buf, buf_size, 0};
    put(&b, ".version %u.%u\n", m->major, m->minor);
    for (uint32_t i = 0; i < m->num_kernels; i++)
        print_routine(&b, &m->kernels[i], opt, diags);
    if (m->num_functions) {
        vsmp_diags_add(diags, VSMP_SEV_WARNING, "print", 0, 0, -1,
                       "%u function object(s) are not printed (vsmp's text covers kernels)",
                       m->num_functions);
        put(&b, "// %u function object(s) not printed\n", m->num_functions);
    }
    return b.len;
}
