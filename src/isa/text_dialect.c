/* SPDX-License-Identifier: MIT */
/*
 * The text dialect chosen by content (docs/TEXT.md, "Which dialect"): the `.version` line and
 * the sampler messages say whether a program is GenX_IR 12504's text or the newer IGC's. A
 * program that fits neither unambiguously is refused, never read in the wrong one.
 */
#include <string.h>

#include "isa_internal.h"
#include "text_lex.h"

/* The versions whose text vsmp reads: 3.0 to 3.8, 4.0, 4.1 (the binary layouts) and 4.2, which
 * IGC 2.x writes (Common_ISA.h of IGC from v2.35; its binary reader refuses 4.2 files). */
bool vsmp_text_version_known(unsigned major, unsigned minor)
{
    return (major == 3 && minor <= 8) || (major == 4 && minor <= 2);
}

#define MAX_LINE_TOKS 64

typedef struct scan {
    unsigned null_after_dst, var_after_dst; /* sampler lines of each kind */
    uint32_t first_null, first_var;         /* their first lines */
    uint32_t head_line;                     /* first line of a newer-only form, 0 if none */
    const char *head_why;
    uint32_t version_line;
    unsigned major, minor;
} scan;

static bool is_p(const tok *t, char c)
{
    return t->kind == TK_PUNCT && t->len == 1 && t->s[0] == c;
}

static bool is_w(const tok *t, const char *w)
{
    return t->kind == TK_IDENT && t->len == strlen(w) && memcmp(t->s, w, t->len) == 0;
}

static void head_form(scan *s, uint32_t line, const char *why)
{
    if (!s->head_line) {
        s->head_line = line;
        s->head_why = why;
    }
}

/* One line of tokens (no newline). */
static void scan_line(scan *s, const tok *t, unsigned n)
{
    if (n >= 5 && is_p(&t[0], '.') && is_w(&t[1], "version") && t[2].kind == TK_INT &&
        is_p(&t[3], '.') && t[4].kind == TK_INT) {
        if (!s->version_line) {
            s->version_line = t[0].line;
            s->major = t[2].ival > 255 ? 255 : (unsigned)t[2].ival;
            s->minor = t[4].ival > 255 ? 255 : (unsigned)t[4].ival;
        }
        return;
    }
    unsigned i = 0;
    if (n && is_p(&t[0], '(')) { /* predicate */
        while (i < n && !is_p(&t[i], ')'))
            i++;
        i++;
    }
    if (i >= n || t[i].kind != TK_IDENT || t[i].len >= 32)
        return;
    char name[32];
    memcpy(name, t[i].s, t[i].len);
    name[t[i].len] = 0;
    const vsmp_op_info *o = vsmp_op_by_mnemonic(name);
    if (!o)
        return;
    if (!(o->flags & VSMP_OPI_12504))
        head_form(s, t[i].line, "a sampler operation only the newer syntax has");
    if (o->opcode == VSMP_OPC_3D_INFO)
        return;
    /* past the exec size group */
    while (i < n && !is_p(&t[i], '('))
        i++;
    while (i < n && !is_p(&t[i], ')'))
        i++;
    /* the raw operands (NAME.OFFSET at depth 0); an indexed state operand `(T6, 0)` */
    unsigned raws = 0, depth = 0;
    for (i++; i < n; i++) {
        if (is_p(&t[i], '(')) {
            if (depth == 0 && t[i - 1].kind != TK_IDENT)
                head_form(s, t[i].line, "an indexed sampler or surface");
            depth++;
        } else if (is_p(&t[i], ')')) {
            depth -= depth > 0;
        } else if (depth == 0 && t[i].kind == TK_IDENT && i + 2 < n && is_p(&t[i + 1], '.') &&
                   t[i + 2].kind == TK_INT) {
            if (++raws == 2) {
                if (is_w(&t[i], "%null")) {
                    if (!s->null_after_dst++)
                        s->first_null = t[i].line;
                } else if (!s->var_after_dst++) {
                    s->first_var = t[i].line;
                }
                return;
            }
            i += 2;
        }
    }
}

vsmp_status vsmp_text_detect_dialect(const char *text, size_t size, vsmp_dialect *out,
                                     vsmp_diags *diags)
{
    if (!text || !out)
        return VSMP_ERR_ARG;
    scan s;
    memset(&s, 0, sizeof(s));
    lexer lx;
    vsmp_lex_init(&lx, text, size);
    tok line[MAX_LINE_TOKS];
    unsigned n = 0;
    for (;;) {
        tok t = vsmp_lex_next(&lx);
        if (t.kind == TK_NEWLINE || t.kind == TK_EOF) {
            scan_line(&s, line, n);
            n = 0;
            if (t.kind == TK_EOF)
                break;
        } else if (n < MAX_LINE_TOKS) {
            line[n++] = t;
        }
    }
    if (s.version_line && !vsmp_text_version_known(s.major, s.minor)) {
        vsmp_diags_add(diags, VSMP_SEV_ERROR, "version", s.version_line, 1, -1,
                       "unknown vISA version %u.%u (vsmp reads 3.0 to 3.8 and 4.0 to 4.2)", s.major,
                       s.minor);
        return VSMP_ERR_SYNTAX;
    }
    bool v42 = s.version_line && vsmp_ver(s.major, s.minor) >= 402;
    uint32_t head_at = v42 ? s.version_line : s.null_after_dst ? s.first_null : s.head_line;
    const char *why = v42                ? ".version 4.2, which only the newer IGC writes"
                      : s.null_after_dst ? "a paired surface (%null right after the destination)"
                                         : s.head_why;
    if (!head_at) {
        *out = VSMP_DIALECT_12504;
        return VSMP_OK;
    }
    if (s.var_after_dst) {
        vsmp_diags_add(diags, VSMP_SEV_ERROR, "dialect", s.first_var, 1, -1,
                       "ambiguous dialect: line %u has %s (the newer syntax) but here the "
                       "operand after the destination is a variable, which is a paired surface "
                       "in the newer syntax and the first parameter in GenX_IR 12504's; say "
                       "which with --syntax 12504|head",
                       (unsigned)head_at, why);
        return VSMP_ERR_SYNTAX;
    }
    *out = VSMP_DIALECT_HEAD;
    return VSMP_OK;
}
