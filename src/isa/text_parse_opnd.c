/* SPDX-License-Identifier: MIT */
/*
 * Operands of the `.visaasm` text: raw operands, vector operands of every class (general with
 * regions, indirect, immediate, address, predicate, state, address-of), execution size and
 * mask, predicates, channels, and the small fields of the generic instructions.
 */
#include <stdlib.h>
#include <string.h>

#include "text_parse.h"

bool find_sym(parser *p, const tok *t, uint8_t cls, const char *what, uint32_t *id)
{
    sym *s = syms_find(&p->syms, t->s, t->len);
    if (!s || s->cls != cls) {
        PERR(p, t, "undeclared", "%.*s: undefined %s", (int)t->len, t->s, what);
        return false;
    }
    *id = s->id;
    return true;
}

bool parse_raw(parser *p, vsmp_raw *r)
{
    const tok *name;
    if (!expect_ident(p, "a raw operand (VAR.offset)", &name))
        return false;
    uint32_t id;
    if (!find_sym(p, name, C_G, "general variable", &id))
        return false;
    if (!expect(p, '.', "'.' and a byte offset"))
        return false;
    int64_t off;
    if (is_punct(cur(p), '(')) {
        if (!int_prim(p, &off))
            return false;
    } else if (cur(p)->kind == TK_INT) {
        off = (int64_t)cur(p)->ival;
        p->at++;
    } else {
        char b[64];
        PERR(p, cur(p), "syntax", "expected a byte offset, found %s",
             tok_desc(cur(p), b, sizeof(b)));
        return false;
    }
    if (off < 0 || off > 0xffff) {
        PERR(p, name, "syntax", "offset out of bounds");
        return false;
    }
    if (id == 0 && off != 0) {
        PERR(p, name, "syntax", "%%null must have 0 as offset");
        return false;
    }
    r->var = id;
    r->offset = (uint16_t)off;
    return true;
}

bool parse_type_suffix(parser *p, int *type)
{
    if (!expect(p, ':', "':' and a type"))
        return false;
    const tok *t;
    if (!expect_ident(p, "a type", &t))
        return false;
    char b[8] = {0};
    if (t->len < sizeof(b))
        memcpy(b, t->s, t->len);
    *type = vsmp_type_from_name(b);
    if (*type < 0) {
        PERR(p, t, "syntax", "unknown type '%.*s'", (int)t->len, t->s);
        return false;
    }
    return true;
}

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static uint64_t f64_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

static bool parse_immediate(parser *p, vsmp_vec *v)
{
    v->vclass = VSMP_VEC_IMMEDIATE;
    bool neg = false;
    uint32_t save = p->at;
    if (accept(p, '-'))
        neg = true;
    const tok *t = cur(p);
    if (t->kind == TK_FLOAT) {
        p->at++;
        double d = neg ? -t->fval : t->fval;
        v->imm_type = t->is_double ? VSMP_TYPE_DF : VSMP_TYPE_F;
        v->imm = t->is_double ? f64_bits(d) : f32_bits((float)d);
        return true;
    }
    p->at = save;
    int64_t val;
    if (!int_prim(p, &val))
        return false;
    int type;
    if (!parse_type_suffix(p, &type))
        return false;
    v->imm_type = (uint8_t)type;
    switch (type) {
    case VSMP_TYPE_F: /* "1:f" means the bits 0x00000001 (CISA.y FloatLit) */
        v->imm = (uint32_t)val;
        break;
    case VSMP_TYPE_HF:
        if ((uint64_t)val >= 0x10000) {
            PERR(p, t, "syntax", "literal too large for half float");
            return false;
        }
        v->imm = (uint64_t)val;
        break;
    case VSMP_TYPE_DF:
    case VSMP_TYPE_Q:
    case VSMP_TYPE_UQ:
        v->imm = (uint64_t)val;
        break;
    case VSMP_TYPE_BF:
    case VSMP_TYPE_BOOL:
        PERR(p, t, "syntax", "no immediate of this type");
        return false;
    default: /* stored un-narrowed, truncated to 32 bits (CISA_create_immed) */
        v->imm = (uint32_t)val;
        break;
    }
    return true;
}

static bool parse_region(parser *p, uint16_t *region, bool indirect)
{
    if (!expect(p, '<', "'<' and a region"))
        return false;
    int64_t a, b = -1, c = -1;
    if (!int_prim(p, &a))
        return false;
    bool vs = false;
    if (accept(p, ';')) {
        vs = true;
        if (!int_prim(p, &b) || !expect(p, ',', "','") || !int_prim(p, &c))
            return false;
    } else if (indirect && accept(p, ',')) {
        if (!int_prim(p, &b))
            return false;
    } else if (!indirect) {
        PERR(p, cur(p), "syntax", "expected a region <vstride;width,hstride>");
        return false;
    }
    if (!expect(p, '>', "'>'"))
        return false;
    int vsc, wc, hsc;
    if (vs) {
        vsc = vsmp_region_code((unsigned)a), wc = vsmp_region_code((unsigned)b);
        hsc = vsmp_region_code((unsigned)c);
    } else if (b >= 0) {
        vsc = 0, wc = vsmp_region_code((unsigned)a), hsc = vsmp_region_code((unsigned)b);
    } else {
        vsc = 0, wc = 0, hsc = vsmp_region_code((unsigned)a);
    }
    if (vsc < 0 || wc < 0 || hsc < 0 || a < 0 || a > 32 || b > 32 || c > 32) {
        PERR(p, cur(p), "syntax", "invalid region");
        return false;
    }
    *region = (uint16_t)(vsc | wc << 4 | hsc << 8);
    return true;
}

/* (-) (abs) (-abs) (~) */
static bool parse_srcmod(parser *p, uint8_t *mod)
{
    const tok *a = &p->toks[p->at];
    if (!is_punct(a, '(') || p->at + 2 >= p->ntok)
        return true;
    const tok *b = a + 1, *c = a + 2;
    if (is_punct(b, '-') && is_punct(c, ')')) {
        *mod = VSMP_MOD_NEG, p->at += 3;
    } else if (is_punct(b, '~') && is_punct(c, ')')) {
        *mod = VSMP_MOD_NOT, p->at += 3;
    } else if (is_word(b, "abs") && is_punct(c, ')')) {
        *mod = VSMP_MOD_ABS, p->at += 3;
    } else if (is_punct(b, '-') && is_word(c, "abs") && p->at + 3 < p->ntok &&
               is_punct(a + 3, ')')) {
        *mod = VSMP_MOD_NEG_ABS, p->at += 4;
    }
    return true;
}

/* General, indirect or immediate vector operand (VecSrcOperand_G_I_IMM). */
bool parse_vec(parser *p, vsmp_vec *v)
{
    memset(v, 0, sizeof(*v));
    const tok *t = cur(p);
    if (t->kind == TK_INT || t->kind == TK_FLOAT || is_punct(t, '-') || is_punct(t, '~')) {
        return parse_immediate(p, v);
    }
    if (!parse_srcmod(p, &v->mod))
        return false;
    t = cur(p);
    if (is_punct(t, '(')) {
        return parse_immediate(p, v);
    }
    const tok *name;
    if (!expect_ident(p, "a vector operand", &name))
        return false;
    if (is_word(name, "r") && is_punct(cur(p), '[')) {
        p->at++;
        const tok *a;
        int64_t sub, off = 0;
        if (!expect_ident(p, "an address variable", &a))
            return false;
        uint32_t id;
        if (!find_sym(p, a, C_A, "address variable", &id))
            return false;
        if (!expect(p, '(', "'('") || !int_expr(p, &sub) || !expect(p, ')', "')'"))
            return false;
        if (accept(p, ',') && !int_expr(p, &off))
            return false;
        if (!expect(p, ']', "']'"))
            return false;
        int type;
        if (!parse_region(p, &v->region, true) || !parse_type_suffix(p, &type))
            return false;
        if (sub < 0 || sub > 255 || off < -32768 || off > 32767) {
            PERR(p, a, "syntax", "indirect offset out of range");
            return false;
        }
        v->vclass = VSMP_VEC_INDIRECT;
        v->var = id;
        v->row = (uint8_t)sub;
        v->ind_offset = (int16_t)off;
        v->imm_type = (uint8_t)type;
        return true;
    }
    uint32_t id;
    if (!find_sym(p, name, C_G, "general variable", &id))
        return false;
    int64_t row, col;
    if (!expect(p, '(', "'(' row, column") || !int_expr(p, &row) || !expect(p, ',', "','") ||
        !int_expr(p, &col) || !expect(p, ')', "')'"))
        return false;
    if (row < 0 || row > 255 || col < 0 || col > 255) {
        PERR(p, name, "syntax", "row or column offset out of range (0..255)");
        return false;
    }
    v->vclass = VSMP_VEC_GENERAL;
    v->var = id;
    v->row = (uint8_t)row;
    v->col = (uint8_t)col;
    return parse_region(p, &v->region, false);
}

/* Sampler or surface operand. GenX_IR 12504 accepts a variable of the other class and encodes
 * its index (CISA_get_surface_variable); vsmp does the same and warns. */
bool parse_state(parser *p, bool sampler, uint8_t *out)
{
    bool paren = false;
    if (p->dialect == VSMP_DIALECT_HEAD && is_punct(cur(p), '(')) {
        paren = true;
        p->at++;
    }
    const tok *name;
    if (!expect_ident(p, sampler ? "a sampler" : "a surface", &name))
        return false;
    sym *s = syms_find(&p->syms, name->s, name->len);
    uint8_t want = sampler ? C_S : C_T;
    if (!s || (s->cls != C_S && s->cls != C_T)) {
        PERR(p, name, "undeclared", "%.*s: undefined %s variable", (int)name->len, name->s,
             sampler ? "sampler" : "surface");
        return false;
    }
    if (s->cls != want)
        pwarn(p, name, "operand-class",
              sampler ? "a surface is used as the sampler: GenX_IR encodes its index as is"
                      : "a sampler is used as the surface: GenX_IR encodes its index as is");
    if (s->id > 255) {
        PERR(p, name, "syntax", "index does not fit a byte");
        return false;
    }
    *out = (uint8_t)s->id;
    if (paren) {
        int64_t idx;
        if (!expect(p, ',', "','") || !int_expr(p, &idx) || !expect(p, ')', "')'"))
            return false;
        if (idx != 0) {
            PERR(p, name, "unsupported", "an indexed %s has no binary encoding",
                 sampler ? "sampler" : "surface");
            return false;
        }
    }
    return true;
}

bool parse_exec(parser *p, vsmp_inst *in)
{
    if (!expect(p, '(', "'(' and an execution size"))
        return false;
    in->emask = 0;
    if (cur(p)->kind == TK_IDENT) {
        const tok *m = cur(p);
        char b[16] = {0};
        if (m->len < sizeof(b))
            memcpy(b, m->s, m->len);
        int e = vsmp_emask_from_name(b);
        if (e < 0) {
            PERR(p, m, "syntax", "invalid execution offset info");
            return false;
        }
        in->emask = (uint8_t)e;
        p->at++;
        if (!expect(p, ',', "','"))
            return false;
    }
    const tok *n = cur(p);
    int code = n->kind == TK_INT && n->ival <= 64 ? vsmp_exec_code((unsigned)n->ival) : -1;
    if (code < 0) {
        PERR(p, n, "exec-size", "invalid execution size");
        return false;
    }
    p->at++;
    in->exec_code = (uint8_t)code;
    in->exec_size = (uint8_t)n->ival;
    return expect(p, ')', "')'");
}

bool parse_pred(parser *p, vsmp_inst *in)
{
    if (!accept(p, '('))
        return true;
    unsigned inv = accept(p, '!') ? 1 : 0;
    const tok *name;
    if (!expect_ident(p, "a predicate", &name))
        return false;
    uint32_t id;
    sym *s = syms_find(&p->syms, name->s, name->len);
    if (!s) {
        PERR(p, name, "undeclared", "%.*s: undefined predicate variable", (int)name->len, name->s);
        return false;
    }
    if (s->cls != C_P) {
        PERR(p, name, "operand-class", "%.*s: not a predicate variable", (int)name->len, name->s);
        return false;
    }
    id = s->id;
    unsigned ctrl = 0;
    if (accept(p, '.')) {
        const tok *c;
        if (!expect_ident(p, "any or all", &c))
            return false;
        if (is_word(c, "any"))
            ctrl = 1;
        else if (is_word(c, "all"))
            ctrl = 2;
        else {
            PERR(p, c, "syntax", "predicate control must be .any or .all");
            return false;
        }
    }
    in->pred = (uint16_t)(id | ctrl << 13 | inv << 15);
    return expect(p, ')', "')'");
}

bool parse_channels(parser *p, uint8_t *mask)
{
    const tok *t = cur(p);
    if (t->kind != TK_IDENT || t->len > 4) {
        char b[64];
        PERR(p, t, "syntax", "expected channels (a subsequence of RGBA), found %s",
             tok_desc(t, b, sizeof(b)));
        return false;
    }
    static const char order[] = "RGBA";
    unsigned m = 0, at = 0;
    for (size_t i = 0; i < t->len; i++) {
        char c = (char)(t->s[i] >= 'a' ? t->s[i] - 32 : t->s[i]);
        while (at < 4 && order[at] != c)
            at++;
        if (at == 4) {
            PERR(p, t, "syntax", "channels must be a subsequence of RGBA in that order");
            return false;
        }
        m |= 1u << at++;
    }
    *mask = (uint8_t)m;
    p->at++;
    return true;
}

bool parse_params(parser *p, vsmp_inst *in)
{
    in->num_params = 0;
    while (p->at < p->ntok) {
        if (in->num_params == VSMP_MAX_PARAMS) {
            PERR(p, cur(p), "numparams", "more than 16 parameters (GenX_IR's parser overflows)");
            return false;
        }
        if (!parse_raw(p, &in->params[in->num_params]))
            return false;
        in->num_params++;
    }
    return true;
}

/* ---- generic operands ---- */

vsmp_opnd *add_opnd(parser *p, vsmp_inst *in, uint8_t kind)
{
    if (in->num_opnds >= VSMP_MAX_OPNDS) {
        PERR(p, cur(p), "syntax", "too many operands");
        return NULL;
    }
    vsmp_opnd *o = &in->opnds[in->num_opnds++];
    memset(o, 0, sizeof(*o));
    o->kind = kind;
    return o;
}

bool add_value(parser *p, vsmp_inst *in, uint32_t v, uint8_t size)
{
    vsmp_opnd *o = add_opnd(p, in, VSMP_OPND_VALUE);
    if (!o)
        return false;
    o->size = size;
    o->value = v;
    return true;
}

bool add_raw(parser *p, vsmp_inst *in, bool dst)
{
    vsmp_opnd *o = add_opnd(p, in, dst ? VSMP_OPND_RAW_DST : VSMP_OPND_RAW_SRC);
    return o && parse_raw(p, &o->raw);
}

/* <h> of a destination */
static bool parse_dst_region(parser *p, uint16_t *region)
{
    int64_t h;
    if (!expect(p, '<', "'<' and a stride") || !int_prim(p, &h) || !expect(p, '>', "'>'"))
        return false;
    int hc = h >= 0 && h <= 32 ? vsmp_region_code((unsigned)h) : -1;
    if (hc < 0) {
        PERR(p, cur(p), "syntax", "invalid destination stride");
        return false;
    }
    *region = (uint16_t)(hc << 8);
    return true;
}

/* A0(off)<width>, P1, T6(off) / S0(off): the operand classes beyond general, indirect and
 * immediate. @return 1 parsed, 0 not such an operand, -1 error. */
static int parse_special_vec(parser *p, vsmp_vec *v)
{
    const tok *t = cur(p);
    if (t->kind != TK_IDENT)
        return 0;
    sym *s = syms_find(&p->syms, t->s, t->len);
    if (!s || s->cls == C_G)
        return 0;
    p->at++;
    int64_t off = 0;
    switch (s->cls) {
    case C_P:
        v->vclass = VSMP_VEC_PREDICATE;
        v->var = s->id;
        return 1;
    case C_A: {
        int64_t w;
        if (!expect(p, '(', "'('") || !int_expr(p, &off) || !expect(p, ')', "')'") ||
            !expect(p, '<', "'<'") || !int_prim(p, &w) || !expect(p, '>', "'>'"))
            return -1;
        int code = w > 0 && w <= 32 ? vsmp_exec_code((unsigned)w) : -1;
        if (off < 0 || off > 255 || code < 0) {
            PERR(p, t, "syntax", "address operand offset or width out of range");
            return -1;
        }
        v->vclass = VSMP_VEC_ADDRESS;
        v->var = s->id;
        v->row = (uint8_t)off;
        v->col = (uint8_t)code;
        return 1;
    }
    case C_S:
    case C_T:
        if (!expect(p, '(', "'(' and an offset") || !int_expr(p, &off) || !expect(p, ')', "')'"))
            return -1;
        if (off < 0 || off > 255 || s->id > 0xffff) {
            PERR(p, t, "syntax", "state operand offset out of range");
            return -1;
        }
        v->vclass = VSMP_VEC_STATE;
        v->row = s->cls == C_S ? 1 : 0;
        v->var = s->id;
        v->col = (uint8_t)off;
        return 1;
    default:
        PERR(p, t, "operand-class", "%.*s cannot be an operand here", (int)t->len, t->s);
        return -1;
    }
}

bool parse_dst_vec(parser *p, vsmp_vec *v)
{
    memset(v, 0, sizeof(*v));
    int r = parse_special_vec(p, v);
    if (r)
        return r > 0;
    const tok *name;
    if (!expect_ident(p, "a destination operand", &name))
        return false;
    if (is_word(name, "r") && is_punct(cur(p), '[')) {
        p->at++;
        const tok *a;
        int64_t sub, off = 0;
        uint32_t id;
        int type;
        if (!expect_ident(p, "an address variable", &a) ||
            !find_sym(p, a, C_A, "address variable", &id) || !expect(p, '(', "'('") ||
            !int_expr(p, &sub) || !expect(p, ')', "')'"))
            return false;
        if (accept(p, ',') && !int_expr(p, &off))
            return false;
        if (!expect(p, ']', "']'") || !parse_dst_region(p, &v->region) ||
            !parse_type_suffix(p, &type))
            return false;
        if (sub < 0 || sub > 255 || off < -32768 || off > 32767) {
            PERR(p, a, "syntax", "indirect offset out of range");
            return false;
        }
        v->vclass = VSMP_VEC_INDIRECT;
        v->var = id;
        v->row = (uint8_t)sub;
        v->ind_offset = (int16_t)off;
        v->imm_type = (uint8_t)type;
        return true;
    }
    uint32_t id;
    int64_t row, col;
    if (!find_sym(p, name, C_G, "general variable", &id) || !expect(p, '(', "'(' row, column") ||
        !int_expr(p, &row) || !expect(p, ',', "','") || !int_expr(p, &col) ||
        !expect(p, ')', "')'"))
        return false;
    if (row < 0 || row > 255 || col < 0 || col > 255) {
        PERR(p, name, "syntax", "row or column offset out of range (0..255)");
        return false;
    }
    v->vclass = VSMP_VEC_GENERAL;
    v->var = id;
    v->row = (uint8_t)row;
    v->col = (uint8_t)col;
    return parse_dst_region(p, &v->region);
}

/* &V[bytes] or &T6[bytes]: addr_add's first source (row in 32-byte GRFs, col in elements) */
static bool parse_address_of(parser *p, vsmp_vec *v)
{
    const tok *name;
    if (!expect_ident(p, "a variable", &name))
        return false;
    sym *s = syms_find(&p->syms, name->s, name->len);
    if (!s || (s->cls != C_G && s->cls != C_S && s->cls != C_T)) {
        PERR(p, name, "undeclared", "%.*s: undefined variable", (int)name->len, name->s);
        return false;
    }
    int64_t off = 0;
    if (accept(p, '[') && (!int_expr(p, &off) || !expect(p, ']', "']'")))
        return false;
    if (off < 0 || off > 255 * 32) {
        PERR(p, name, "syntax", "address-of offset out of range");
        return false;
    }
    if (s->cls == C_G) {
        unsigned tsize = 4;
        if (s->id >= VSMP_FIRST_VAR)
            tsize = vsmp_type_size(p->k->vars[s->id - VSMP_FIRST_VAR].type);
        if (!tsize || (off % 32) % tsize) {
            PERR(p, name, "syntax", "address-of offset is not a multiple of the element size");
            return false;
        }
        v->vclass = VSMP_VEC_GENERAL;
        v->var = s->id;
        v->row = (uint8_t)(off / 32);
        v->col = (uint8_t)((off % 32) / tsize);
        v->region = 0x0121; /* <0;1,0> */
        return true;
    }
    if (off % 4) {
        PERR(p, name, "syntax", "address-of offset of a state variable is in dwords");
        return false;
    }
    v->vclass = VSMP_VEC_STATE;
    v->row = s->cls == C_S ? 1 : 0;
    v->var = s->id;
    v->col = (uint8_t)(off / 4);
    return true;
}

bool parse_src_vec(parser *p, vsmp_vec *v)
{
    memset(v, 0, sizeof(*v));
    uint32_t save = p->at;
    uint8_t mod = 0;
    if (!parse_srcmod(p, &mod))
        return false;
    if (accept(p, '&')) {
        if (!parse_address_of(p, v))
            return false;
        v->mod = mod;
        return true;
    }
    int r = parse_special_vec(p, v);
    if (r < 0)
        return false;
    if (r) {
        v->mod = mod;
        return true;
    }
    p->at = save;
    return parse_vec(p, v);
}

bool add_vec(parser *p, vsmp_inst *in, bool dst)
{
    vsmp_opnd *o = add_opnd(p, in, dst ? VSMP_OPND_VEC_DST : VSMP_OPND_VEC_SRC);
    if (!o)
        return false;
    return dst ? parse_dst_vec(p, &o->vec) : parse_src_vec(p, &o->vec);
}

/* the operands a layout still lists, in order (vectors, raws, labels) */
bool parse_layout_tail(parser *p, vsmp_inst *in, const char *l)
{
    for (; *l; l++) {
        bool ok;
        switch (*l) {
        case 'D':
        case 'v':
            ok = add_vec(p, in, *l == 'D');
            break;
        case 'R':
        case 'r':
            ok = add_raw(p, in, *l == 'R');
            break;
        case 'L': {
            const tok *t;
            if (!expect_ident(p, "a label", &t))
                return false;
            int64_t id = label_ref(p, t->s, t->len, C_L, 0);
            if (id < 0)
                return false;
            vsmp_opnd *o = add_opnd(p, in, VSMP_OPND_LABEL);
            ok = o != NULL;
            if (o) {
                o->size = 2;
                o->value = (uint32_t)id;
            }
            break;
        }
        default:
            PERR(p, cur(p), "syntax", "internal: layout letter '%c' has no text", *l);
            return false;
        }
        if (!ok)
            return false;
    }
    return true;
}

/* ".name" suffix looked up in a name table; @return its index or -1 (reported) */
int suffix(parser *p, const char *const *tab, size_t n, const char *what)
{
    const tok *t;
    if (!expect(p, '.', what))
        return -1;
    t = cur(p);
    int i = -1;
    if (t->kind == TK_IDENT || t->kind == TK_INT)
        i = vsmp_name_index(tab, n, t->s, t->len);
    if (i < 0) {
        char b[64];
        PERR(p, t, "syntax", "expected %s, found %s", what, tok_desc(t, b, sizeof(b)));
        return -1;
    }
    p->at++;
    return i;
}

bool parse_surface_value(parser *p, vsmp_inst *in)
{
    uint8_t s;
    return parse_state(p, false, &s) && add_value(p, in, s, 1);
}

/* .op[.16|.64] of the atomic messages */
bool parse_atomic_op(parser *p, vsmp_inst *in)
{
    int op = suffix(p, VSMP_NAMES(vsmp_atomic_names), "'.' and an atomic operation");
    if (op < 0)
        return false;
    unsigned v = (unsigned)op;
    if (is_punct(cur(p), '.') && p->at + 1 < p->ntok && p->toks[p->at + 1].kind == TK_INT) {
        uint64_t w = p->toks[p->at + 1].ival;
        if (w != 16 && w != 64) {
            PERR(p, cur(p), "syntax", "atomic width must be .16 or .64");
            return false;
        }
        v |= w == 16 ? 0x20u : 0x40u;
        p->at += 2;
    }
    return add_value(p, in, v, 1);
}

int64_t parse_count(parser *p, const char *what, int64_t lo, int64_t hi)
{
    int64_t v;
    if (!int_prim(p, &v))
        return -1;
    if (v < lo || v > hi) {
        PERR(p, cur(p), "syntax", "%s out of range", what);
        return -1;
    }
    return v;
}

int oword_code(parser *p)
{
    int64_t n;
    if (!expect(p, '(', "'(' and an oword count") || !int_prim(p, &n) || !expect(p, ')', "')'"))
        return -1;
    static const int64_t owords[5] = {1, 2, 4, 8, 16};
    for (int i = 0; i < 5; i++)
        if (owords[i] == n)
            return i;
    PERR(p, cur(p), "syntax", "oword count must be 1, 2, 4, 8 or 16");
    return -1;
}

/* V33 or V33.64 (LSC prints the offset only when it is not 0) */
bool parse_lsc_raw(parser *p, vsmp_raw *r)
{
    const tok *name;
    uint32_t id;
    if (!expect_ident(p, "a variable", &name) || !find_sym(p, name, C_G, "general variable", &id))
        return false;
    int64_t off = 0;
    if (is_punct(cur(p), '.') && p->at + 1 < p->ntok && p->toks[p->at + 1].kind == TK_INT) {
        off = (int64_t)p->toks[p->at + 1].ival;
        p->at += 2;
    }
    if (off > 0xffff) {
        PERR(p, name, "syntax", "offset out of bounds");
        return false;
    }
    r->var = id;
    r->offset = (uint16_t)off;
    return true;
}
