/* SPDX-License-Identifier: MIT */
/*
 * The `.visaasm` parser's shared state and helpers (text_parse.c: lines, symbols, expressions,
 * declarations and directives; text_parse_inst.c: operands and instructions). Not installed.
 *
 * The helpers keep short names inside the parser; the macros below give them the library's
 * internal prefix so that they never clash with other symbols of libvsmp.
 */
#ifndef VSMP_TEXT_PARSE_H
#define VSMP_TEXT_PARSE_H

#include "isa_internal.h"
#include "text_lex.h"

/* symbol classes: general, address, predicate, sampler, surface, block label, subroutine */
enum sym_class { C_G = 1, C_A, C_P, C_S, C_T, C_L, C_F };

typedef struct sym {
    char *name;
    uint8_t cls;
    uint32_t id;
} sym;

typedef struct symtab {
    sym *slots;
    uint32_t cap; /* power of two */
    uint32_t used;
} symtab;

typedef struct parser {
    lexer lx;
    tok *toks; /* the current line */
    uint32_t ntok, captok, at;
    vsmp_module *m;
    vsmp_routine *k;
    symtab syms;
    vsmp_dialect dialect;
    vsmp_diags *diags;
    bool failed;
    bool seen_version;
    bool has_target;
    bool nomem;
    vsmp_budget budget; /* of the instructions (vsmp_text_options.max_memory) */
    unsigned depth;     /* nesting of the integer expression being parsed */
} parser;

#define syms_find           vsmp_tp_syms_find
#define syms_add            vsmp_tp_syms_add
#define perr_at             vsmp_tp_perr_at
#define pwarn               vsmp_tp_pwarn
#define cur                 vsmp_tp_cur
#define is_punct            vsmp_tp_is_punct
#define is_word             vsmp_tp_is_word
#define accept              vsmp_tp_accept
#define tok_desc            vsmp_tp_tok_desc
#define expect              vsmp_tp_expect
#define expect_ident        vsmp_tp_expect_ident
#define int_expr            vsmp_tp_int_expr
#define int_prim            vsmp_tp_int_prim
#define add_string          vsmp_tp_add_string
#define parse_instruction   vsmp_tp_parse_instruction
#define label_ref           vsmp_tp_label_ref
#define parse_function      vsmp_tp_parse_function
#define find_sym            vsmp_tp_find_sym
#define parse_raw           vsmp_tp_parse_raw
#define parse_type_suffix   vsmp_tp_parse_type_suffix
#define parse_vec           vsmp_tp_parse_vec
#define parse_state         vsmp_tp_parse_state
#define parse_exec          vsmp_tp_parse_exec
#define parse_pred          vsmp_tp_parse_pred
#define parse_channels      vsmp_tp_parse_channels
#define parse_params        vsmp_tp_parse_params
#define add_opnd            vsmp_tp_add_opnd
#define add_value           vsmp_tp_add_value
#define add_raw             vsmp_tp_add_raw
#define parse_dst_vec       vsmp_tp_parse_dst_vec
#define parse_src_vec       vsmp_tp_parse_src_vec
#define add_vec             vsmp_tp_add_vec
#define parse_layout_tail   vsmp_tp_parse_layout_tail
#define suffix              vsmp_tp_suffix
#define parse_surface_value vsmp_tp_parse_surface_value
#define parse_atomic_op     vsmp_tp_parse_atomic_op
#define parse_count         vsmp_tp_parse_count
#define oword_code          vsmp_tp_oword_code
#define parse_lsc_raw       vsmp_tp_parse_lsc_raw

sym *syms_find(const symtab *t, const char *s, size_t n);
bool syms_add(parser *p, const char *s, size_t n, uint8_t cls, uint32_t id);
void perr_at(parser *p, uint32_t line, uint32_t col, const char *rule, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
#define PERR(p, t, rule, ...) perr_at(p, (t)->line, (t)->col, rule, __VA_ARGS__)
void pwarn(parser *p, const tok *t, const char *rule, const char *msg);
const tok *cur(parser *p);
bool is_punct(const tok *t, char c);
bool is_word(const tok *t, const char *w);
bool accept(parser *p, char c);
const char *tok_desc(const tok *t, char *buf, size_t n);
bool expect(parser *p, char c, const char *what);
bool expect_ident(parser *p, const char *what, const tok **out);
bool int_expr(parser *p, int64_t *out);
bool int_prim(parser *p, int64_t *out);
bool add_string(parser *p, const char *s, size_t n, uint32_t *idx);

/* text_parse_opnd.c */
bool find_sym(parser *p, const tok *t, uint8_t cls, const char *what, uint32_t *id);
bool parse_raw(parser *p, vsmp_raw *r);
bool parse_lsc_raw(parser *p, vsmp_raw *r);
bool parse_type_suffix(parser *p, int *type);
bool parse_vec(parser *p, vsmp_vec *v);     /* general, indirect or immediate source */
bool parse_dst_vec(parser *p, vsmp_vec *v); /* any destination class */
bool parse_src_vec(parser *p, vsmp_vec *v); /* any source class, address-of included */
bool parse_state(parser *p, bool sampler, uint8_t *out);
bool parse_exec(parser *p, vsmp_inst *in);
bool parse_pred(parser *p, vsmp_inst *in);
bool parse_channels(parser *p, uint8_t *mask);
bool parse_params(parser *p, vsmp_inst *in);
vsmp_opnd *add_opnd(parser *p, vsmp_inst *in, uint8_t kind);
bool add_value(parser *p, vsmp_inst *in, uint32_t v, uint8_t size);
bool add_raw(parser *p, vsmp_inst *in, bool dst);
bool add_vec(parser *p, vsmp_inst *in, bool dst);
/* the vector, raw and label operands a layout (tail) lists, in order */
bool parse_layout_tail(parser *p, vsmp_inst *in, const char *l);
/* ".name" looked up in a name table: its index, or -1 (reported) */
int suffix(parser *p, const char *const *tab, size_t n, const char *what);
bool parse_surface_value(parser *p, vsmp_inst *in);
bool parse_atomic_op(parser *p, vsmp_inst *in);
int64_t parse_count(parser *p, const char *what, int64_t lo, int64_t hi);
int oword_code(parser *p);

/* text_parse_inst.c */
bool parse_instruction(parser *p);
/* A label by name: block labels (cls C_L) and subroutines (C_F, kind 1 or 2) live apart, as in
 * GenX_IR; a name not seen yet is created (a forward reference). @return the id or -1. */
int64_t label_ref(parser *p, const char *s, size_t n, uint8_t cls, uint8_t kind);
/* `.function "name"`: the subroutine label and its instruction. */
bool parse_function(parser *p, const tok *name);

#endif
