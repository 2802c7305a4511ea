/* SPDX-License-Identifier: MIT */
/*
 * Parser for `.visaasm` programs in GenX_IR 12504's syntax and in the newer (HEAD) syntax
 * (VISA_ENCODING.md section 6). It builds the module the way GenX_IR 12504 builds its binary:
 * the string pool starts with the kernel name, the 21 pre-defined variable names, the 6
 * pre-defined surface names and "S31", then one entry per declaration, label and attribute in
 * source order; general variables are numbered from 32, predicates from 1, samplers from 0,
 * surfaces from 6, labels from 0; a Target attribute is appended when the text has none.
 *
 * The parser is line-oriented like CISA.y: a line that fails gets one diagnostic and parsing
 * resumes on the next line, so one run reports every bad line.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "text_parse.h"

/* The parser state and the helpers shared with text_parse_inst.c are in text_parse.h. */

/* ---- symbol table ---- */

static uint32_t hash_name(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)s[i]) * 16777619u;
    return h;
}

static void syms_free(symtab *t)
{
    for (uint32_t i = 0; i < t->cap; i++)
        free(t->slots[i].name);
    free(t->slots);
    memset(t, 0, sizeof(*t));
}

sym *syms_find(const symtab *t, const char *s, size_t n)
{
    if (!t->cap)
        return NULL;
    for (uint32_t i = hash_name(s, n) & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
        sym *e = &t->slots[i];
        if (!e->name)
            return NULL;
        if (strlen(e->name) == n && memcmp(e->name, s, n) == 0)
            return e;
    }
}

bool syms_add(parser *p, const char *s, size_t n, uint8_t cls, uint32_t id)
{
    symtab *t = &p->syms;
    if ((t->used + 1) * 2 > t->cap) {
        uint32_t nc = t->cap ? t->cap * 2 : 64;
        sym *ns = calloc(nc, sizeof(*ns));
        if (!ns)
            return false;
        for (uint32_t i = 0; i < t->cap; i++) {
            sym *e = &t->slots[i];
            if (!e->name)
                continue;
            uint32_t j = hash_name(e->name, strlen(e->name)) & (nc - 1);
            while (ns[j].name)
                j = (j + 1) & (nc - 1);
            ns[j] = *e;
        }
        free(t->slots);
        t->slots = ns;
        t->cap = nc;
    }
    uint32_t j = hash_name(s, n) & (t->cap - 1);
    while (t->slots[j].name)
        j = (j + 1) & (t->cap - 1);
    char *c = malloc(n + 1);
    if (!c)
        return false;
    memcpy(c, s, n);
    c[n] = 0;
    t->slots[j].name = c;
    t->slots[j].cls = cls;
    t->slots[j].id = id;
    t->used++;
    return true;
}

/* ---- diagnostics ---- */

void perr_at(parser *p, uint32_t line, uint32_t col, const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_diags_vadd(p->diags, VSMP_SEV_ERROR, rule, line, col, -1, fmt, ap);
    va_end(ap);
    p->failed = true;
}

void pwarn(parser *p, const tok *t, const char *rule, const char *msg)
{
    vsmp_diags_add(p->diags, VSMP_SEV_WARNING, rule, t->line, t->col, -1, "%s", msg);
}

/* ---- token access ---- */

const tok *cur(parser *p)
{
    return &p->toks[p->at < p->ntok ? p->at : p->ntok]; /* toks[ntok] is the line end */
}

bool is_punct(const tok *t, char c)
{
    return t->kind == TK_PUNCT && t->s[0] == c;
}

bool is_word(const tok *t, const char *w)
{
    return t->kind == TK_IDENT && strlen(w) == t->len && memcmp(t->s, w, t->len) == 0;
}

bool accept(parser *p, char c)
{
    if (is_punct(cur(p), c)) {
        p->at++;
        return true;
    }
    return false;
}

const char *tok_desc(const tok *t, char *buf, size_t n)
{
    if (t->kind == TK_NEWLINE || t->kind == TK_EOF)
        return "end of line";
    snprintf(buf, n, "'%.*s'", (int)(t->len > 40 ? 40 : t->len), t->s);
    return buf;
}

bool expect(parser *p, char c, const char *what)
{
    if (accept(p, c))
        return true;
    char b[64];
    PERR(p, cur(p), "syntax", "expected %s, found %s", what, tok_desc(cur(p), b, sizeof(b)));
    return false;
}

bool expect_ident(parser *p, const char *what, const tok **out)
{
    const tok *t = cur(p);
    if (t->kind != TK_IDENT) {
        char b[64];
        PERR(p, t, "syntax", "expected %s, found %s", what, tok_desc(t, b, sizeof(b)));
        return false;
    }
    p->at++;
    *out = t;
    return true;
}

/* Integer expression: literals, unary minus and ~, + - * /, parentheses. */

/* Each unary operator and parenthesis nests one level; the recursion stops here instead of
 * running out of stack on a line of 20,000 '('. */
#define MAX_EXPR_DEPTH 256

static bool int_prim_nested(parser *p, int64_t *out)
{
    const tok *t = cur(p);
    if (accept(p, '-')) {
        if (!int_prim(p, out))
            return false;
        *out = (int64_t)(0 - (uint64_t)*out);
        return true;
    }
    if (accept(p, '~')) {
        if (!int_prim(p, out))
            return false;
        *out = ~*out;
        return true;
    }
    if (accept(p, '(')) {
        return int_expr(p, out) && expect(p, ')', "')'");
    }
    if (t->kind == TK_INT) {
        *out = (int64_t)t->ival;
        p->at++;
        return true;
    }
    char b[64];
    PERR(p, t, "syntax", "expected an integer, found %s", tok_desc(t, b, sizeof(b)));
    return false;
}

bool int_prim(parser *p, int64_t *out)
{
    if (p->depth >= MAX_EXPR_DEPTH) {
        PERR(p, cur(p), "syntax", "expression nested more than %d levels deep", MAX_EXPR_DEPTH);
        return false;
    }
    p->depth++;
    bool ok = int_prim_nested(p, out);
    p->depth--;
    return ok;
}

/* a op b for + - * in int64_t; false when the result does not fit (it would wrap and mean
 * another number). A literal above INT64_MAX is a bit pattern and takes part as negative. */
static bool int_binop(char op, int64_t a, int64_t b, int64_t *out)
{
    switch (op) {
    case '+':
        if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b))
            return false;
        *out = a + b;
        return true;
    case '-':
        if ((b < 0 && a > INT64_MAX + b) || (b > 0 && a < INT64_MIN + b))
            return false;
        *out = a - b;
        return true;
    default: /* '*' */
        if (a == 0 || b == 0) {
            *out = 0;
            return true;
        }
        if ((a == -1 && b == INT64_MIN) || (b == -1 && a == INT64_MIN))
            return false;
        if (a > 0 ? (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a)
                  : (b > 0 ? a < INT64_MIN / b : a < INT64_MAX / b))
            return false;
        *out = a * b;
        return true;
    }
}

static bool int_term(parser *p, int64_t *out)
{
    if (!int_prim(p, out))
        return false;
    for (;;) {
        const tok *t = cur(p);
        char op = t->kind == TK_PUNCT ? t->s[0] : 0;
        if (op != '*' && op != '/')
            return true;
        p->at++;
        int64_t r;
        if (!int_prim(p, &r))
            return false;
        if (op == '/' && r == 0) {
            PERR(p, t, "syntax", "division by zero");
            return false;
        }
        if (op == '/' && !(r == -1 && *out == INT64_MIN)) {
            *out /= r;
        } else if (!int_binop('*', *out, op == '/' ? -1 : r, out)) {
            PERR(p, t, "syntax", "the expression overflows 64 bits");
            return false;
        }
    }
}

bool int_expr(parser *p, int64_t *out)
{
    if (!int_term(p, out))
        return false;
    for (;;) {
        const tok *t = cur(p);
        char op = t->kind == TK_PUNCT ? t->s[0] : 0;
        if (op != '+' && op != '-')
            return true;
        p->at++;
        int64_t r;
        if (!int_term(p, &r))
            return false;
        if (!int_binop(op, *out, r, out)) {
            PERR(p, t, "syntax", "the expression overflows 64 bits");
            return false;
        }
    }
}

/* ---- module building ---- */

bool add_string(parser *p, const char *s, size_t n, uint32_t *idx)
{
    int64_t i = vsmp_routine_add_string(p->k, s, n);
    if (i < 0) {
        p->nomem = true;
        return false;
    }
    *idx = (uint32_t)i;
    return true;
}

static bool add_attr(parser *p, vsmp_attr **arr, uint32_t *n, const char *name, size_t nlen,
                     const void *val, uint8_t size)
{
    uint32_t idx;
    if (!add_string(p, name, nlen, &idx))
        return false;
    vsmp_attr *a = realloc(*arr, (*n + 1) * sizeof(**arr));
    if (!a) {
        p->nomem = true;
        return false;
    }
    *arr = a;
    a[*n].name = idx;
    a[*n].size = size;
    a[*n].value = malloc(size ? size : 1);
    if (!a[*n].value) {
        p->nomem = true;
        return false;
    }
    if (size)
        memcpy(a[*n].value, val, size);
    (*n)++;
    return true;
}

static bool start_kernel(parser *p, const char *name, size_t n, bool is_kernel)
{
    p->k = vsmp_module_add_routine(p->m, is_kernel);
    if (!p->k) {
        p->nomem = true;
        return false;
    }
    p->k->name = malloc(n + 1);
    if (!p->k->name) {
        p->nomem = true;
        return false;
    }
    memcpy(p->k->name, name, n);
    p->k->name[n] = 0;
    syms_free(&p->syms);
    p->has_target = false;
    uint32_t idx;
    if (!add_string(p, name, n, &idx))
        return false;
    p->k->name_index = idx;
    for (unsigned i = 0; i < VSMP_NUM_PREDEF_VARS; i++) {
        const char *s = vsmp_predef_var_names[i];
        char alias[8];
        snprintf(alias, sizeof(alias), "V%u", i);
        if (!add_string(p, s, strlen(s), &idx) || !syms_add(p, s, strlen(s), C_G, i) ||
            !syms_add(p, alias, strlen(alias), C_G, i)) {
            p->nomem = true;
            return false;
        }
    }
    for (unsigned i = 0; i < VSMP_NUM_PREDEF_SURFS; i++) {
        const char *s = vsmp_predef_surf_names[i];
        if (!add_string(p, s, strlen(s), &idx) || !syms_add(p, s, strlen(s), C_T, i)) {
            p->nomem = true;
            return false;
        }
    }
    if (!add_string(p, "S31", 3, &idx) || !syms_add(p, "S31", 3, C_S, VSMP_BINDLESS_SAMPLER)) {
        p->nomem = true;
        return false;
    }
    return true;
}

/* Kernel attributes (VISAAttributes.h, kind AK_KERNEL): 0 bool, 1 int32, 2 string. */
static int kernel_attr_kind(const char *s, size_t n)
{
    static const struct {
        const char *name;
        int kind;
    } t[] = {
        {"Extern", 0},         {"NoBarrier", 0},
        {"Callable", 0},       {"Caller", 0},
        {"Composable", 0},     {"Entry", 0},
        {"SepSpillPvtSS", 0},  {"LTO_InvokeOptTarget", 0},
        {"Target", 1},         {"SLMSize", 1},
        {"SpillMemOffset", 1}, {"ArgSize", 1},
        {"RetValSize", 1},     {"PerThreadInputSize", 1},
        {"SimdSize", 1},       {"CrossThreadInputSize", 1},
        {"NBarrierCnt", 1},    {"OutputAsmPath", 2},
    };
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
        if (strlen(t[i].name) == n && memcmp(t[i].name, s, n) == 0)
            return t[i].kind;
    return -1;
}

/* Variable attributes (AK_VAR): 0 bool, 1 int32. */
static int var_attr_kind(const char *s, size_t n)
{
    static const struct {
        const char *name;
        int kind;
    } t[] = {
        {"Input", 0},      {"Output", 0},     {"PayloadLiveOut", 0}, {"Input_Output", 0},
        {"NoWidening", 0}, {"DoNotSpill", 0}, {"Scope", 1},          {"SurfaceUsage", 1},
    };
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
        if (strlen(t[i].name) == n && memcmp(t[i].name, s, n) == 0)
            return t[i].kind;
    return -1;
}

/* attrs={Name, Name=int, ...}: appended to *arr after the declaration's own name. */
static bool parse_var_attrs(parser *p, vsmp_attr **arr, uint32_t *n)
{
    if (!expect(p, '{', "'{'"))
        return false;
    do {
        const tok *name;
        if (!expect_ident(p, "an attribute name", &name))
            return false;
        int kind = var_attr_kind(name->s, name->len);
        if (kind < 0) {
            PERR(p, name, "attribute", "unknown variable attribute '%.*s'", (int)name->len,
                 name->s);
            return false;
        }
        int64_t v = 0;
        if (accept(p, '=')) {
            if (!int_expr(p, &v))
                return false;
        }
        uint8_t le[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
        if (*n >= 255) {
            PERR(p, name, "attribute", "more than 255 attributes");
            return false;
        }
        if (!add_attr(p, arr, n, name->s, name->len, le, kind ? 4 : 0))
            return false;
    } while (accept(p, ','));
    return expect(p, '}', "'}'");
}

static bool check_new_name(parser *p, const tok *name)
{
    const sym *e = syms_find(&p->syms, name->s, name->len);
    if (e) {
        bool predef = (e->cls == C_G && e->id < VSMP_NUM_PREDEF_VARS) ||
                      (e->cls == C_T && e->id < VSMP_NUM_PREDEF_SURFS) ||
                      (e->cls == C_S && e->id == VSMP_BINDLESS_SAMPLER);
        PERR(p, name, "redeclaration", "%.*s: %s", (int)name->len, name->s,
             predef ? "a pre-defined name (V0..V20, T0..T5 and S31 among them)"
                    : "variable redeclaration");
        return false;
    }
    if (name->len >= VSMP_MAX_STRING) {
        PERR(p, name, "syntax", "name longer than 1023 bytes");
        return false;
    }
    return true;
}

typedef struct decl_opts {
    char vtype;
    int type;
    int64_t num_elts;
    bool has_num_elts;
    int align;
    const tok *alias;
    int64_t alias_off;
    bool has_attrs;
    size_t attrs_at; /* token index of the attrs list */
} decl_opts;

static bool parse_decl_opts(parser *p, decl_opts *o)
{
    memset(o, 0, sizeof(*o));
    o->type = -1;
    while (cur(p)->kind == TK_IDENT) {
        const tok *key = cur(p);
        p->at++;
        if (!expect(p, '=', "'='"))
            return false;
        const tok *val = cur(p);
        if (is_word(key, "v_type")) {
            if (val->kind != TK_IDENT || val->len != 1 || !strchr("GAPST", val->s[0])) {
                PERR(p, val, "syntax", "v_type must be G, A, P, S or T");
                return false;
            }
            o->vtype = val->s[0];
            p->at++;
        } else if (is_word(key, "type")) {
            char b[8] = {0};
            if (val->kind == TK_IDENT && val->len < sizeof(b))
                memcpy(b, val->s, val->len);
            o->type = vsmp_type_from_name(b);
            if (o->type < 0 || o->type == VSMP_TYPE_V || o->type == VSMP_TYPE_VF ||
                o->type == VSMP_TYPE_UV) {
                PERR(p, val, "syntax", "invalid variable type");
                return false;
            }
            p->at++;
        } else if (is_word(key, "num_elts")) {
            if (!int_expr(p, &o->num_elts))
                return false;
            o->has_num_elts = true;
        } else if (is_word(key, "align")) {
            char b[16] = {0};
            if (val->kind == TK_IDENT && val->len < sizeof(b)) {
                memcpy(b, val->s, val->len);
                o->align = vsmp_align_from_name(b);
                p->at++;
            } else {
                int64_t bytes;
                if (!int_expr(p, &bytes))
                    return false;
                static const int64_t sizes[10] = {1, 2, 4, 8, 16, 32, 64, 32, 64, 128};
                o->align = -1;
                for (int a = 0; a < 10 && o->align < 0; a++)
                    if (sizes[a] == bytes && a != 7 && a != 8)
                        o->align = a;
            }
            if (o->align < 0) {
                PERR(p, val, "syntax", "invalid align value");
                return false;
            }
        } else if (is_word(key, "alias")) {
            if (!expect(p, '<', "'<'") || !expect_ident(p, "a variable", &o->alias) ||
                !expect(p, ',', "','") || !int_expr(p, &o->alias_off) || !expect(p, '>', "'>'"))
                return false;
        } else if (is_word(key, "v_name")) {
            const tok *vn;
            if (!expect_ident(p, "a name", &vn))
                return false;
        } else if (is_word(key, "attrs")) {
            o->has_attrs = true;
            o->attrs_at = p->at;
            int depth = 0;
            do { /* skip now; parsed after the name is in the pool */
                if (is_punct(cur(p), '{'))
                    depth++;
                else if (is_punct(cur(p), '}'))
                    depth--;
                p->at++;
            } while (depth > 0 && p->at < p->ntok);
        } else {
            PERR(p, key, "syntax", "unknown declaration field '%.*s'", (int)key->len, key->s);
            return false;
        }
    }
    return true;
}

static bool decl_attrs(parser *p, const decl_opts *o, vsmp_attr **arr, uint8_t *count)
{
    if (!o->has_attrs)
        return true;
    uint32_t save = p->at, n = *count;
    p->at = (uint32_t)o->attrs_at;
    bool ok = parse_var_attrs(p, arr, &n);
    p->at = save;
    *count = (uint8_t)n;
    return ok;
}

static bool parse_decl(parser *p)
{
    const tok *name;
    if (!expect_ident(p, "a variable name", &name) || !check_new_name(p, name))
        return false;
    decl_opts o;
    if (!parse_decl_opts(p, &o))
        return false;
    if (p->at < p->ntok) {
        char b[64];
        PERR(p, cur(p), "syntax", "unexpected %s in .decl", tok_desc(cur(p), b, sizeof(b)));
        return false;
    }
    if (!o.vtype || !o.has_num_elts) {
        PERR(p, name, "syntax", ".decl needs v_type= and num_elts=");
        return false;
    }
    if (o.num_elts < 0 || o.num_elts > 0xffff) {
        PERR(p, name, "syntax", "num_elts %lld does not fit 16 bits", (long long)o.num_elts);
        return false;
    }
    vsmp_routine *k = p->k;
    uint32_t sidx;
    if (o.vtype == 'G') {
        if (o.type < 0) {
            PERR(p, name, "syntax", "a general variable needs type=");
            return false;
        }
        uint32_t alias = 0;
        if (o.alias) {
            sym *s = syms_find(&p->syms, o.alias->s, o.alias->len);
            if (!s || s->cls != C_G) {
                PERR(p, o.alias, "undeclared", "%.*s: undefined alias variable", (int)o.alias->len,
                     o.alias->s);
                return false;
            }
            if (o.alias_off < 0 || o.alias_off > 0xffff) {
                PERR(p, o.alias, "syntax", "alias offset out of range");
                return false;
            }
            alias = s->id;
        }
        vsmp_var_decl *v = realloc(k->vars, (k->num_vars + 1) * sizeof(*v));
        if (!v || !add_string(p, name->s, name->len, &sidx))
            return !(p->nomem = true);
        k->vars = v;
        v = &k->vars[k->num_vars++];
        memset(v, 0, sizeof(*v));
        v->name = sidx;
        v->type = (uint8_t)o.type;
        v->align = (uint8_t)o.align;
        v->num_elts = (uint16_t)o.num_elts;
        v->alias = alias;
        v->alias_offset = (uint16_t)o.alias_off;
        if (!syms_add(p, name->s, name->len, C_G, VSMP_FIRST_VAR + k->num_vars - 1))
            return !(p->nomem = true);
        return decl_attrs(p, &o, &v->attrs, &v->num_attrs);
    }
    vsmp_decl **arr;
    uint32_t *cnt, base = 0;
    uint8_t cls;
    switch (o.vtype) {
    case 'A':
        arr = &k->addrs, cnt = &k->num_addrs, cls = C_A;
        break;
    case 'P':
        arr = &k->preds, cnt = &k->num_preds, cls = C_P, base = 1;
        break;
    case 'S':
        arr = &k->samplers, cnt = &k->num_samplers, cls = C_S;
        break;
    default:
        arr = &k->surfaces, cnt = &k->num_surfaces, cls = C_T, base = 6;
        break;
    }
    if ((cls == C_S && *cnt >= 31) || (cls == C_T && *cnt >= 249) || *cnt >= 0xffff) {
        PERR(p, name, "declarations", "too many %s declarations",
             cls == C_S   ? "sampler"
             : cls == C_T ? "surface"
                          : "such");
        return false;
    }
    vsmp_decl *d = realloc(*arr, (*cnt + 1) * sizeof(*d));
    if (!d || !add_string(p, name->s, name->len, &sidx))
        return !(p->nomem = true);
    *arr = d;
    d = &d[(*cnt)++];
    memset(d, 0, sizeof(*d));
    d->name = sidx;
    d->num_elts = (uint16_t)o.num_elts;
    if (!syms_add(p, name->s, name->len, cls, base + *cnt - 1))
        return !(p->nomem = true);
    if (cls == C_S && o.has_attrs) {
        pwarn(p, name, "attribute", "GenX_IR 12504 ignores attrs= on sampler declarations");
        return true;
    }
    return decl_attrs(p, &o, &d->attrs, &d->num_attrs);
}

static bool add_input(parser *p, const tok *name, unsigned implicit, int64_t off, int64_t size,
                      bool has_size)
{
    sym *s = syms_find(&p->syms, name->s, name->len);
    if (!s || (s->cls != C_G && s->cls != C_S && s->cls != C_T)) {
        PERR(p, name, "undeclared", "%.*s: undefined input variable", (int)name->len, name->s);
        return false;
    }
    vsmp_routine *k = p->k;
    unsigned cls = s->cls == C_G   ? VSMP_INPUT_GENERAL
                   : s->cls == C_S ? VSMP_INPUT_SAMPLER
                                   : VSMP_INPUT_SURFACE;
    if (!has_size) {
        if (s->cls == C_G && s->id >= VSMP_FIRST_VAR) {
            const vsmp_var_decl *v = &k->vars[s->id - VSMP_FIRST_VAR];
            size = (int64_t)v->num_elts * vsmp_type_size(v->type);
        } else if (s->cls == C_S && s->id < k->num_samplers) {
            size = (int64_t)k->samplers[s->id].num_elts * 4;
        } else if (s->cls == C_T && s->id >= 6) {
            size = (int64_t)k->surfaces[s->id - 6].num_elts * 4;
        } else {
            PERR(p, name, "syntax", "give size= for a pre-defined input");
            return false;
        }
    }
    if (size < 0 || size >= 0x10000 || off < -32768 || off > 32767) {
        PERR(p, name, "syntax", "input offset or size out of range");
        return false;
    }
    vsmp_input *in = realloc(k->inputs, (k->num_inputs + 1) * sizeof(*in));
    if (!in)
        return !(p->nomem = true);
    k->inputs = in;
    in = &in[k->num_inputs++];
    in->kind = (uint8_t)(cls | implicit << 3);
    in->id = s->id;
    in->offset = (int16_t)off;
    in->size = (uint16_t)size;
    return true;
}

static bool parse_input(parser *p, unsigned implicit)
{
    const tok *name;
    if (!expect_ident(p, "a variable name", &name))
        return false;
    int64_t off = 0, size = 0;
    bool has_size = false;
    while (cur(p)->kind == TK_IDENT) {
        const tok *key = cur(p);
        p->at++;
        if (!expect(p, '=', "'='"))
            return false;
        if (is_word(key, "offset")) {
            if (!int_expr(p, &off))
                return false;
        } else if (is_word(key, "size")) {
            if (!int_expr(p, &size))
                return false;
            has_size = true;
        } else {
            PERR(p, key, "syntax", "unknown .input field '%.*s'", (int)key->len, key->s);
            return false;
        }
    }
    if (p->at < p->ntok) {
        char b[64];
        PERR(p, cur(p), "syntax", "unexpected %s in .input", tok_desc(cur(p), b, sizeof(b)));
        return false;
    }
    return add_input(p, name, implicit, off, size, has_size);
}

static bool parse_kernel_attr(parser *p)
{
    const tok *name;
    if (!expect_ident(p, "an attribute name", &name))
        return false;
    int kind = kernel_attr_kind(name->s, name->len);
    if (kind < 0) {
        PERR(p, name, "attribute", "unknown kernel attribute '%.*s'", (int)name->len, name->s);
        return false;
    }
    vsmp_routine *k = p->k;
    bool is_target = is_word(name, "Target");
    if (!accept(p, '=') || p->at >= p->ntok) {
        if (is_target) {
            PERR(p, name, "attribute", ".kernel_attr Target=.. must be \"cm\" or \"3d\"");
            return false;
        }
        return add_attr(p, &k->attrs, &k->num_attrs, name->s, name->len, NULL, 0);
    }
    const tok *v = cur(p);
    if (v->kind == TK_STRING) {
        p->at++;
        const char *s = v->s + 1;
        size_t n = v->len - 2;
        if (is_target) {
            uint8_t t;
            if (n == 2 && memcmp(s, "cm", 2) == 0)
                t = 0;
            else if (n == 2 && memcmp(s, "3d", 2) == 0)
                t = 1;
            else {
                PERR(p, v, "attribute", "invalid kernel target attribute");
                return false;
            }
            p->has_target = true;
            return add_attr(p, &k->attrs, &k->num_attrs, name->s, name->len, &t, 1);
        }
        if (n > 255) {
            PERR(p, v, "attribute", "attribute value longer than 255 bytes");
            return false;
        }
        return add_attr(p, &k->attrs, &k->num_attrs, name->s, name->len, s, (uint8_t)n);
    }
    int64_t iv;
    if (!int_expr(p, &iv))
        return false;
    if (is_target)
        p->has_target = true;
    uint8_t le[4] = {(uint8_t)iv, (uint8_t)(iv >> 8), (uint8_t)(iv >> 16), (uint8_t)(iv >> 24)};
    return add_attr(p, &k->attrs, &k->num_attrs, name->s, name->len, le, 4);
}

static void finish_kernel(parser *p)
{
    if (p->k && !p->has_target) {
        uint8_t t = 1; /* GenX_IR's default target: 3d */
        add_attr(p, &p->k->attrs, &p->k->num_attrs, "Target", 6, &t, 1);
        p->has_target = true;
    }
}

static bool parse_directive(parser *p)
{
    const tok *d;
    if (!expect_ident(p, "a directive", &d))
        return false;
    if (is_word(d, "version")) {
        const tok *a = cur(p);
        int64_t maj = 0, min = 0;
        if (a->kind != TK_INT) {
            PERR(p, a, "syntax", "expected a version such as 4.1");
            return false;
        }
        maj = (int64_t)a->ival;
        p->at++;
        if (!expect(p, '.', "'.'"))
            return false;
        if (cur(p)->kind != TK_INT) {
            PERR(p, cur(p), "syntax", "expected a version such as 4.1");
            return false;
        }
        min = (int64_t)cur(p)->ival;
        p->at++;
        if (maj > 255 || min > 255 || !vsmp_text_version_known((unsigned)maj, (unsigned)min)) {
            PERR(p, a, "version",
                 "unknown vISA version %lld.%lld (vsmp reads 3.0 to 3.8 and 4.0 to 4.2)",
                 (long long)maj, (long long)min);
            return false;
        }
        p->m->major = (uint8_t)maj;
        p->m->minor = (uint8_t)min;
        p->seen_version = true;
        return true;
    }
    if (is_word(d, "kernel")) {
        const tok *n = cur(p);
        if (n->kind == TK_STRING) {
            p->at++;
            finish_kernel(p);
            return start_kernel(p, n->s + 1, n->len - 2, true);
        }
        if (n->kind == TK_IDENT) {
            p->at++;
            finish_kernel(p);
            return start_kernel(p, n->s, n->len, true);
        }
        PERR(p, n, "syntax", "expected a kernel name");
        return false;
    }
    if (is_word(d, "function") && p->k) {
        const tok *n = cur(p);
        if (n->kind != TK_STRING && n->kind != TK_IDENT) {
            PERR(p, n, "syntax", "expected a function name");
            return false;
        }
        p->at++;
        return parse_function(p, n);
    }
    /* A function object (a stack-call target, fcall): GenX_IR 12504 writes it as its own
     * `.global_function "name"` program beside the kernels; its body is a kernel's. */
    if (is_word(d, "global_function")) {
        const tok *n = cur(p);
        if (n->kind != TK_STRING && n->kind != TK_IDENT) {
            PERR(p, n, "syntax", "expected a function name");
            return false;
        }
        p->at++;
        finish_kernel(p);
        if (n->kind == TK_STRING)
            return start_kernel(p, n->s + 1, n->len - 2, false);
        return start_kernel(p, n->s, n->len, false);
    }
    /* `.funcdecl "name"` declares an fcall target; the fcall names it itself, and GenX_IR
     * 12504 writes the same bytes with or without it: accepted and ignored. */
    if (is_word(d, "funcdecl")) {
        const tok *n = cur(p);
        if (n->kind != TK_STRING && n->kind != TK_IDENT) {
            PERR(p, n, "syntax", "expected a function name");
            return false;
        }
        p->at++;
        return true;
    }
    if (is_word(d, "function") || is_word(d, "parameter")) {
        PERR(p, d, "unsupported", ".%.*s is not implemented by vsmp", (int)d->len, d->s);
        return false;
    }
    if (!p->k) {
        PERR(p, d, "syntax", ".%.*s before .kernel", (int)d->len, d->s);
        return false;
    }
    if (is_word(d, "decl"))
        return parse_decl(p);
    if (is_word(d, "input"))
        return parse_input(p, 0);
    if (is_word(d, "kernel_attr"))
        return parse_kernel_attr(p);
    if (d->len > 9 && memcmp(d->s, "implicit_", 9) == 0) {
        static const struct {
            const char *n;
            unsigned k;
        } kinds[] = {{"EXPLICIT", 0},
                     {"LOCAL_SIZE", 1},
                     {"GROUP_COUNT", 2},
                     {"LOCAL_ID", 3},
                     {"PSEUDO_INPUT", 0x10}};
        for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
            if (strlen(kinds[i].n) == d->len - 9 && memcmp(d->s + 9, kinds[i].n, d->len - 9) == 0)
                return parse_input(p, kinds[i].k);
        PERR(p, d, "syntax", "unknown implicit input kind '%.*s'", (int)d->len, d->s);
        return false;
    }
    PERR(p, d, "unsupported", "directive .%.*s is not implemented by vsmp", (int)d->len, d->s);
    return false;
}

/* `name:` defines a block label (created by a forward reference or here). The label GenX_IR's
 * printer writes after `.function "name"` names the subroutine: it is skipped, as GenX_IR does. */
static bool parse_label(parser *p, const tok *name)
{
    vsmp_routine *k = p->k;
    char key[VSMP_MAX_STRING + 2];
    if (name->len < VSMP_MAX_STRING) {
        key[0] = '\2';
        memcpy(key + 1, name->s, name->len);
        if (syms_find(&p->syms, key, name->len + 1))
            return true;
    }
    int64_t id = label_ref(p, name->s, name->len, C_L, 0);
    if (id < 0)
        return false;
    vsmp_inst *in = vsmp_routine_add_inst(k, &p->budget);
    if (!in)
        return !(p->nomem = true);
    in->opcode = VSMP_OPC_LABEL;
    in->label = (uint16_t)id;
    in->line = name->line;
    in->column = name->col;
    return true;
}

static void parse_statement(parser *p)
{
    const tok *t = &p->toks[0];
    if (!p->seen_version) {
        if (!(is_punct(t, '.') && p->ntok > 1 && is_word(t + 1, "version"))) {
            PERR(p, t, "syntax", "a program starts with .version");
            p->seen_version = true; /* report once */
            return;
        }
    }
    if (is_punct(t, '.')) {
        p->at = 1;
        parse_directive(p);
        if (!p->failed && p->at < p->ntok) {
            char b[64];
            PERR(p, cur(p), "syntax", "unexpected %s", tok_desc(cur(p), b, sizeof(b)));
        }
        return;
    }
    if (is_punct(t, '{') || is_punct(t, '}')) {
        PERR(p, t, "unsupported", "scopes ({ }) are not implemented by vsmp");
        return;
    }
    if (!p->k) {
        PERR(p, t, "syntax", "instruction before .kernel");
        return;
    }
    if (t->kind == TK_IDENT && p->ntok >= 2 && is_punct(t + 1, ':')) {
        p->at = 2;
        if (parse_label(p, t) && p->ntok > 2) {
            char b[64];
            PERR(p, cur(p), "syntax", "unexpected %s after the label",
                 tok_desc(cur(p), b, sizeof(b)));
        }
        return;
    }
    p->at = 0;
    parse_instruction(p);
}

/* The longest statement of the language (a sampler instruction with 15 parameters, a nested
 * expression at the depth limit) has a few hundred tokens; a line of millions of tokens would
 * otherwise be held whole, 64 bytes per source byte. */
#define MAX_LINE_TOKENS 4096

static bool read_line(parser *p)
{
    p->ntok = 0;
    for (;;) {
        if (!vsmp_grow((void **)&p->toks, &p->captok, p->ntok + 1, sizeof(tok))) {
            p->nomem = true;
            return false;
        }
        tok t = vsmp_lex_next(&p->lx);
        p->toks[p->ntok] = t;
        if (t.kind == TK_NEWLINE || t.kind == TK_EOF)
            return t.kind == TK_NEWLINE || p->ntok > 0;
        if (t.kind == TK_BAD || p->ntok == MAX_LINE_TOKENS) {
            if (t.kind == TK_BAD)
                perr_at(p, t.line, t.col, "syntax",
                        "unexpected character or malformed literal '%.*s'",
                        (int)(t.len > 20 ? 20 : t.len), t.s);
            else
                perr_at(p, t.line, t.col, "syntax", "a line of more than %d tokens",
                        MAX_LINE_TOKENS);
            /* drop the rest of the line */
            do
                t = vsmp_lex_next(&p->lx);
            while (t.kind != TK_NEWLINE && t.kind != TK_EOF);
            p->ntok = 0;
            p->toks[0] = t;
            return t.kind == TK_NEWLINE;
        }
        p->ntok++;
    }
}

vsmp_status vsmp_text_parse(const char *text, size_t size, vsmp_dialect dialect, vsmp_module **out,
                            vsmp_diags *diags)
{
    vsmp_text_options o;
    vsmp_text_options_init(&o);
    o.dialect = dialect;
    return vsmp_text_parse_opt(text, size, &o, out, diags);
}

vsmp_status vsmp_text_parse_opt(const char *text, size_t size, const vsmp_text_options *opt,
                                vsmp_module **out, vsmp_diags *diags)
{
    vsmp_text_options defaults;
    if (!opt) {
        vsmp_text_options_init(&defaults);
        opt = &defaults;
    }
    vsmp_dialect dialect = opt->dialect;
    if (!text || !out ||
        (dialect != VSMP_DIALECT_12504 && dialect != VSMP_DIALECT_HEAD &&
         dialect != VSMP_DIALECT_AUTO))
        return VSMP_ERR_ARG;
    if (dialect == VSMP_DIALECT_AUTO) {
        vsmp_status st = vsmp_text_detect_dialect(text, size, &dialect, diags);
        if (st)
            return st;
    }
    parser p;
    memset(&p, 0, sizeof(p));
    p.m = vsmp_module_create();
    if (!p.m)
        return VSMP_ERR_NOMEM;
    p.dialect = dialect;
    p.diags = diags;
    p.budget.limit = opt->max_memory;
    vsmp_lex_init(&p.lx, text, size);
    for (;;) {
        bool more = read_line(&p);
        if (p.nomem)
            break;
        if (p.ntok) {
            p.at = 0;
            bool before = p.failed;
            p.failed = false;
            parse_statement(&p);
            p.failed = p.failed || before;
            if (p.nomem)
                break;
        }
        if (!more)
            break;
    }
    if (p.lx.unterminated_comment)
        perr_at(&p, p.lx.unterminated_comment, 0, "syntax", "unterminated /* comment");
    if (!p.nomem && !p.seen_version && !p.failed)
        perr_at(&p, 1, 1, "syntax", "empty program: a program starts with .version");
    if (!p.nomem && !p.failed && p.m->num_kernels == 0 && p.m->num_functions == 0)
        perr_at(&p, 1, 1, "syntax", "no .kernel or .global_function in the program");
    finish_kernel(&p);
    if (p.budget.need)
        vsmp_budget_report(&p.budget, diags, p.toks ? p.toks[0].line : 0, -1, "instructions");
    syms_free(&p.syms);
    free(p.toks);
    if (p.nomem) {
        vsmp_module_free(p.m);
        return VSMP_ERR_NOMEM;
    }
    if (p.failed) {
        vsmp_module_free(p.m);
        return VSMP_ERR_SYNTAX;
    }
    *out = p.m;
    return VSMP_OK;
}
