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

#include "text_print.h"

void put(sb *b, const char *fmt, ...)
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

bool ident_ok(const char *s)
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
const char *var_name(const names *nm, uint32_t id, char *tmp, size_t n)
{
    if (id < VSMP_NUM_PREDEF_VARS)
        return vsmp_predef_var_names[id];
    if (id >= VSMP_FIRST_VAR && id - VSMP_FIRST_VAR < nm->count[N_VAR])
        return nm->n[N_VAR][id - VSMP_FIRST_VAR];
    snprintf(tmp, n, "<undeclared V%u>", id);
    return NULL;
}

const char *smp_name(const names *nm, uint32_t id)
{
    if (id == VSMP_BINDLESS_SAMPLER)
        return "S31";
    return id < nm->count[N_SMP] ? nm->n[N_SMP][id] : NULL;
}

const char *surf_name(const names *nm, uint32_t id)
{
    if (id < VSMP_NUM_PREDEF_SURFS)
        return vsmp_predef_surf_names[id];
    return id - 6 < nm->count[N_SURF] ? nm->n[N_SURF][id - 6] : NULL;
}

/* ---- instructions ---- */

void put_raw(pctx *c, vsmp_raw r)
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
void put_region(pctx *c, uint16_t region, bool indirect)
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

void put_vec(pctx *c, const vsmp_vec *v)
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

void put_channels(pctx *c, unsigned ch)
{
    if (!(ch & 0xf))
        c->why = "channel mask 0 has no text form (and hangs GenX_IR)";
    put(c->b, ".");
    for (int i = 0; i < 4; i++)
        if (ch >> i & 1)
            put(c->b, "%c", "RGBA"[i]);
}

void put_exec(pctx *c, const vsmp_inst *in)
{
    if (in->exec_code > 5)
        c->why = "the exec-size code is not 1..32";
    put(c->b, " (%s, %u)", vsmp_emask_name(in->emask), vsmp_exec_lanes(in->exec_code));
}

void put_pred(pctx *c, uint16_t pred)
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

void put_state(pctx *c, bool sampler, unsigned id)
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
    put(b, "%s \"%s\"\n", r->is_kernel ? ".kernel" : ".global_function",
        kn ? kn : (r->name ? r->name : "kernel"));
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
    for (uint32_t i = 0; i < m->num_functions; i++)
        print_routine(&b, &m->functions[i], opt, diags);
    return b.len;
}
