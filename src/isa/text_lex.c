/* SPDX-License-Identifier: MIT */
/* Lexer for vISA assembly text. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "text_lex.h"

void vsmp_lex_init(lexer *lx, const char *src, size_t size)
{
    memset(lx, 0, sizeof(*lx));
    lx->src = src;
    lx->size = size;
    lx->line = 1;
    lx->col = 1;
}

static int peek(const lexer *lx, size_t ahead)
{
    return lx->pos + ahead < lx->size ? (unsigned char)lx->src[lx->pos + ahead] : -1;
}

static void adv(lexer *lx)
{
    if (lx->pos >= lx->size)
        return;
    if (lx->src[lx->pos] == '\n') {
        lx->line++;
        lx->col = 1;
    } else {
        lx->col++;
    }
    lx->pos++;
}

static int ident_start(int c)
{
    return isalpha(c) || c == '_' || c == '%' || c == '$';
}

static int ident_char(int c)
{
    return isalnum(c) || c == '_' || c == '$' || c == '@' || c == '?';
}

/* Skip blanks and comments; stop at a newline or a token. */
static void skip(lexer *lx)
{
    for (;;) {
        int c = peek(lx, 0);
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            adv(lx);
        } else if (c == '/' && peek(lx, 1) == '/') {
            while (peek(lx, 0) != -1 && peek(lx, 0) != '\n')
                adv(lx);
        } else if (c == '/' && peek(lx, 1) == '*') {
            uint32_t start = lx->line;
            adv(lx);
            adv(lx);
            while (peek(lx, 0) != -1 && !(peek(lx, 0) == '*' && peek(lx, 1) == '/'))
                adv(lx);
            if (peek(lx, 0) == -1) {
                lx->unterminated_comment = start;
                return;
            }
            adv(lx);
            adv(lx);
        } else {
            return;
        }
    }
}

/* A float literal as CISA.l has it: digits '.' digits [eE±digits] ':f' | ':df', or
 * digits [eE]±digits ':f'. Returns its length, 0 if the text is not one. */
static size_t float_len(const lexer *lx, int *is_double)
{
    size_t i = 0;
    while (isdigit(peek(lx, i)))
        i++;
    int frac = 0, exp = 0;
    if (peek(lx, i) == '.' && isdigit(peek(lx, i + 1))) {
        i++;
        while (isdigit(peek(lx, i)))
            i++;
        frac = 1;
    }
    if ((peek(lx, i) == 'e' || peek(lx, i) == 'E') &&
        (peek(lx, i + 1) == '+' || peek(lx, i + 1) == '-') && isdigit(peek(lx, i + 2))) {
        i += 2;
        while (isdigit(peek(lx, i)))
            i++;
        exp = 1;
    }
    if (!frac && !exp)
        return 0;
    if (peek(lx, i) == ':' && peek(lx, i + 1) == 'f' && !ident_char(peek(lx, i + 2))) {
        *is_double = 0;
        return i + 2;
    }
    if (peek(lx, i) == ':' && peek(lx, i + 1) == 'd' && peek(lx, i + 2) == 'f' &&
        !ident_char(peek(lx, i + 3))) {
        *is_double = 1;
        return i + 3;
    }
    return 0;
}

static void lex_number(lexer *lx, tok *t)
{
    int is_double = 0;
    size_t flen = float_len(lx, &is_double);
    if (flen) {
        /* a longer literal is refused: cut to the buffer, it would silently mean another
         * number (1e69 read as 1e62) */
        char buf[128];
        size_t n = 0;
        for (size_t i = 0; i < flen; i++) {
            int c = peek(lx, i);
            if (c == ':')
                break;
            if (n + 1 == sizeof(buf)) {
                for (size_t j = 0; j < flen; j++)
                    adv(lx);
                t->kind = TK_BAD;
                return;
            }
            buf[n++] = (char)c;
        }
        buf[n] = 0;
        t->kind = TK_FLOAT;
        t->fval = strtod(buf, NULL);
        t->is_double = is_double;
        for (size_t i = 0; i < flen; i++)
            adv(lx);
        return;
    }
    if (peek(lx, 0) == '0' && (peek(lx, 1) == 'x' || peek(lx, 1) == 'X') && isxdigit(peek(lx, 2))) {
        adv(lx);
        adv(lx);
        uint64_t v = 0;
        int overflow = 0;
        while (isxdigit(peek(lx, 0))) {
            int c = peek(lx, 0);
            unsigned d = isdigit(c) ? (unsigned)(c - '0') : (unsigned)(tolower(c) - 'a' + 10);
            if (v >> 60)
                overflow = 1;
            v = v << 4 | d;
            adv(lx);
        }
        t->kind = overflow ? TK_BAD : TK_INT;
        t->ival = v;
        t->is_hex = 1;
        return;
    }
    uint64_t v = 0;
    int overflow = 0;
    while (isdigit(peek(lx, 0))) {
        unsigned d = (unsigned)(peek(lx, 0) - '0');
        if (v > (UINT64_MAX - d) / 10)
            overflow = 1;
        v = v * 10 + d;
        adv(lx);
    }
    if (ident_start(peek(lx, 0)) && peek(lx, 0) != '%') {
        /* digit-led word: 2GRF, 32word */
        while (ident_char(peek(lx, 0)))
            adv(lx);
        t->kind = TK_IDENT;
        return;
    }
    t->kind = overflow ? TK_BAD : TK_INT;
    t->ival = v;
}

tok vsmp_lex_next(lexer *lx)
{
    tok t;
    memset(&t, 0, sizeof(t));
    skip(lx);
    t.s = lx->src + lx->pos;
    t.line = lx->line;
    t.col = lx->col;
    int c = peek(lx, 0);
    if (c == -1 || lx->unterminated_comment) {
        t.kind = TK_EOF;
    } else if (c == '\n') {
        adv(lx);
        t.kind = TK_NEWLINE;
    } else if (ident_start(c)) {
        adv(lx);
        while (ident_char(peek(lx, 0)))
            adv(lx);
        t.kind = TK_IDENT;
    } else if (isdigit(c)) {
        lex_number(lx, &t);
    } else if (c == '"') {
        adv(lx);
        while (peek(lx, 0) != -1 && peek(lx, 0) != '"' && peek(lx, 0) != '\n')
            adv(lx);
        if (peek(lx, 0) == '"') {
            adv(lx);
            t.kind = TK_STRING;
        } else {
            t.kind = TK_BAD;
        }
    } else if (strchr("(),.<>;:={}[]!-+*/~&", c) && c != 0) {
        adv(lx);
        t.kind = TK_PUNCT;
    } else {
        adv(lx);
        t.kind = TK_BAD;
    }
    t.len = (size_t)(lx->src + lx->pos - t.s);
    return t;
}
