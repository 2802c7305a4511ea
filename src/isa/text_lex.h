/* SPDX-License-Identifier: MIT */
/* Tokens of the vISA assembly text (CISA.l as GenX_IR 12504 lexes it, reduced to what the
 * sampler instructions and kernel directives need). Not installed. */
#ifndef VSMP_TEXT_LEX_H
#define VSMP_TEXT_LEX_H

#include <stddef.h>
#include <stdint.h>

typedef enum tok_kind {
    TK_EOF = 0,
    TK_NEWLINE,
    TK_IDENT,  /* [A-Za-z_%$][A-Za-z0-9_$@?]*, and digit-led words such as 2GRF */
    TK_INT,    /* decimal or 0x hex */
    TK_FLOAT,  /* 1.5:f, 1e3:f, 2.0:df (the type suffix is part of the token, as in CISA.l) */
    TK_STRING, /* "..." */
    TK_PUNCT,  /* one character: ( ) , . < > ; : = { } [ ] ! - + * / ~ & */
    TK_BAD,    /* a character the language does not use */
} tok_kind;

typedef struct tok {
    tok_kind kind;
    const char *s; /* start in the source */
    size_t len;
    uint32_t line, col;
    uint64_t ival; /* TK_INT */
    double fval;   /* TK_FLOAT */
    int is_double; /* TK_FLOAT: :df */
    int is_hex;    /* TK_INT written in hex */
} tok;

typedef struct lexer {
    const char *src;
    size_t size;
    size_t pos;
    uint32_t line, col;
    int unterminated_comment; /* line of an unterminated comment, 0 if none */
} lexer;

void vsmp_lex_init(lexer *lx, const char *src, size_t size);
/* Next token; comments are skipped, newlines are tokens. */
tok vsmp_lex_next(lexer *lx);

#endif
