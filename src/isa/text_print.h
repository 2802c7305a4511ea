/* SPDX-License-Identifier: MIT */
/*
 * The printer's shared state (text_print.c: names, operands, sampler messages, declarations;
 * text_print_inst.c: every other opcode by family). Not installed. The helpers keep short names
 * inside the printer; the macros give them the library's internal prefix.
 */
#ifndef VSMP_TEXT_PRINT_H
#define VSMP_TEXT_PRINT_H

#include "isa_internal.h"

#define put          vsmp_tpr_put
#define ident_ok     vsmp_tpr_ident_ok
#define var_name     vsmp_tpr_var_name
#define smp_name     vsmp_tpr_smp_name
#define surf_name    vsmp_tpr_surf_name
#define put_raw      vsmp_tpr_put_raw
#define put_region   vsmp_tpr_put_region
#define put_vec      vsmp_tpr_put_vec
#define put_channels vsmp_tpr_put_channels
#define put_exec     vsmp_tpr_put_exec
#define put_pred     vsmp_tpr_put_pred
#define put_state    vsmp_tpr_put_state
#define put_generic  vsmp_tpr_put_generic

typedef struct sb {
    char *buf;
    size_t cap;
    size_t len;
} sb;

void put(sb *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- names ---- */

enum { N_VAR, N_ADDR, N_PRED, N_SMP, N_SURF, N_LABEL, N_KINDS };

typedef struct names {
    char **n[N_KINDS];
    uint32_t count[N_KINDS];
    const char **set; /* every name handed out, open addressing (power-of-two size) */
    uint32_t set_cap, set_used;
    bool nomem;
} names;

bool ident_ok(const char *s);
/* Name of a general variable id (pre-defined ones by their % name); NULL and tmp filled when
 * it is not declared. */
const char *var_name(const names *nm, uint32_t id, char *tmp, size_t n);
const char *smp_name(const names *nm, uint32_t id);
const char *surf_name(const names *nm, uint32_t id);

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

void put_raw(pctx *c, vsmp_raw r);
void put_region(pctx *c, uint16_t region, bool indirect);
void put_vec(pctx *c, const vsmp_vec *v); /* general, indirect or immediate */
void put_channels(pctx *c, unsigned ch);
void put_exec(pctx *c, const vsmp_inst *in);
void put_pred(pctx *c, uint16_t pred);
void put_state(pctx *c, bool sampler, unsigned id);

/* text_print_inst.c: every opcode other than the sampler messages, RET and LABEL */
void put_generic(pctx *c, const vsmp_inst *in);

#endif
