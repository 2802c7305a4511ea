/* SPDX-License-Identifier: MIT */
/*
 * The printf buffer, read as Intel's compute runtime reads it (its PrintFormatter, facts of the
 * layout only; docs/LAUNCH.md section 2): dword 0 holds the bytes used (the kernel adds each
 * record's size to it atomically; the buffer starts with 4). From byte 4, records: the format
 * string's index (a dword, PATCH_TOKEN_STRING), then per conversion a type tag (a dword: 1 byte,
 * 2 short, 3 int, 4 float, 5 string, 6 long, 7 pointer, 8 double, 9..14 vectors of byte, short,
 * int, long, float, double) and the value (its own size; a string: the dword index of the
 * string; a vector: a dword count then the elements, those under 4 bytes padded to 4 after the
 * last). IGC's zebins name strings by their 64-bit address instead (the format string's and a
 * string argument's: 8 bytes each), resolved through the interface's symbols. The format string
 * is printed with C's printf conversions; in the .cos's strings a backslash escapes the next
 * character (n: a newline; a zebin's strings hold their own bytes), "%%" is a '%', vector
 * elements are joined by ','.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch_internal.h"

#define OUT_MAX_DEFAULT ((size_t)64 << 20)

void vsmp_launch_printf_init(void *buf, size_t size)
{
    if (!buf || size < 4)
        return;
    memset(buf, 0, size);
    ((uint8_t *)buf)[0] = 4;
}

typedef struct pf {
    const uint8_t *b;
    size_t used, at; /* the bytes used, the read position */
    char *out;
    size_t len, cap, max;
    vsmp_diags *d;
    vsmp_status st;
} pf;

static vsmp_status pf_err(pf *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static vsmp_status pf_err(pf *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_diags_vadd(p->d, VSMP_SEV_ERROR, "launch.printf", 0, 0, -1, fmt, ap);
    va_end(ap);
    if (!p->st)
        p->st = VSMP_ERR_MALFORMED;
    return p->st;
}

static void put(pf *p, const char *s, size_t n)
{
    if (p->st)
        return;
    if (p->len + n + 1 > p->max) {
        pf_err(p, "the printed text passes %zu bytes", p->max);
        return;
    }
    if (p->len + n + 1 > p->cap) {
        size_t c = p->cap ? p->cap : 4096;
        while (c < p->len + n + 1)
            c *= 2;
        char *o = realloc(p->out, c);
        if (!o) {
            p->st = VSMP_ERR_NOMEM;
            return;
        }
        p->out = o;
        p->cap = c;
    }
    memcpy(p->out + p->len, s, n);
    p->len += n;
    p->out[p->len] = 0;
}

static bool rd(pf *p, unsigned n, uint64_t *v)
{
    if (p->at + n > p->used) {
        pf_err(p, "a printf record runs past the %zu bytes used (at byte %zu)", p->used, p->at);
        return false;
    }
    uint64_t x = 0;
    for (unsigned k = 0; k < n; k++)
        x |= (uint64_t)p->b[p->at + k] << (8 * k);
    p->at += n;
    *v = x;
    return true;
}

/* One conversion's spelling, taken apart: flags, width, precision, length, conversion. */
typedef struct spec {
    char flags[8];
    int width, prec; /* -1: none */
    int len;         /* 0 none, 1 h, 2 hh, 3 l, 4 ll (hl: the element's own size) */
    char conv;
} spec;

static bool parse_spec(const char *s, size_t n, spec *sp)
{
    memset(sp, 0, sizeof(*sp));
    sp->width = sp->prec = -1;
    size_t i = 1, nf = 0; /* s[0] is '%' */
    while (i < n && strchr("-+ #0", s[i]) && nf < sizeof(sp->flags) - 1)
        sp->flags[nf++] = s[i++];
    if (i < n && s[i] >= '0' && s[i] <= '9') {
        sp->width = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9' && sp->width < 100000)
            sp->width = sp->width * 10 + (s[i++] - '0');
    }
    if (i < n && s[i] == '.') {
        i++;
        sp->prec = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9' && sp->prec < 100000)
            sp->prec = sp->prec * 10 + (s[i++] - '0');
    }
    if (i < n && s[i] == 'v') { /* OpenCL's vector size: v2, v3, v4, v8, v16 */
        i++;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
    }
    if (i + 1 < n && s[i] == 'h' && s[i + 1] == 'l')
        i += 2;
    else if (i + 1 < n && s[i] == 'h' && s[i + 1] == 'h')
        sp->len = 2, i += 2;
    else if (i + 1 < n && s[i] == 'l' && s[i + 1] == 'l')
        sp->len = 4, i += 2;
    else if (i < n && s[i] == 'h')
        sp->len = 1, i++;
    else if (i < n && s[i] == 'l')
        sp->len = 3, i++;
    if (i + 1 != n || sp->width > 4096 || sp->prec > 4096)
        return false;
    sp->conv = s[i];
    return true;
}

/* The format for C's snprintf: "%" flags width .prec then @p len and the conversion. */
static void c_format(const spec *sp, const char *len, char conv, char *f, size_t fn)
{
    char w[16] = "", pr[16] = "";
    if (sp->width >= 0)
        snprintf(w, sizeof(w), "%d", sp->width);
    if (sp->prec >= 0)
        snprintf(pr, sizeof(pr), ".%d", sp->prec);
    snprintf(f, fn, "%%%s%s%s%s%c", sp->flags, w, pr, len, conv);
}

static void emit_int(pf *p, const spec *sp, int64_t v)
{
    char f[48], o[4200];
    bool sgn = sp->conv == 'd' || sp->conv == 'i';
    if (sp->conv == 'c') {
        c_format(sp, "", 'c', f, sizeof(f));
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
        int n = snprintf(o, sizeof(o), f, (int)(unsigned char)v);
        put(p, o, n > 0 ? (size_t)n : 0);
        return;
    }
    /* the value as the length modifier reads it from C's varargs */
    switch (sp->len) {
    case 0:
        v = sgn ? (int64_t)(int32_t)v : (int64_t)(uint32_t)v;
        break;
    case 1:
        v = sgn ? (int64_t)(int16_t)v : (int64_t)(uint16_t)v;
        break;
    case 2:
        v = sgn ? (int64_t)(int8_t)v : (int64_t)(uint8_t)v;
        break;
    default:
        break;
    }
    c_format(sp, "ll", sp->conv, f, sizeof(f));
    int n = sgn ? snprintf(o, sizeof(o), f, (long long)v)
                : snprintf(o, sizeof(o), f, (unsigned long long)v);
    put(p, o, n > 0 ? (size_t)n : 0);
}

static void emit_float(pf *p, const spec *sp, double v)
{
    char f[48], o[4200];
    c_format(sp, "", sp->conv, f, sizeof(f));
    int n = snprintf(o, sizeof(o), f, v);
    put(p, o, n > 0 ? (size_t)n : 0);
}

static void emit_str(pf *p, const spec *sp, const char *s)
{
    char f[48], o[4200];
    c_format(sp, "", 's', f, sizeof(f));
    int n = snprintf(o, sizeof(o), f, s);
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
    put(p, o, n > 0 ? (size_t)n : 0);
}

static bool is_float_conv(char c)
{
    return strchr("aAeEfFgG", c) != NULL;
}

/* One element of type tag @p type (scalar types 1..8). */
static void emit_value(pf *p, const spec *sp, unsigned type, unsigned size)
{
    uint64_t raw;
    if (!rd(p, size, &raw))
        return;
    double dv = 0;
    int64_t iv = 0;
    bool fl = type == 4 || type == 8;
    if (type == 4) {
        float x;
        uint32_t w = (uint32_t)raw;
        memcpy(&x, &w, 4);
        dv = x;
    } else if (type == 8) {
        memcpy(&dv, &raw, 8);
    } else if (size == 1) {
        iv = (int8_t)raw;
    } else if (size == 2) {
        iv = (int16_t)raw;
    } else if (size == 4) {
        iv = (int32_t)raw;
    } else {
        iv = (int64_t)raw;
    }
    if (sp->conv == 'p') {
        char o[32];
        int n = raw ? snprintf(o, sizeof(o), "0x%llx", (unsigned long long)raw)
                    : snprintf(o, sizeof(o), "(nil)");
        put(p, o, (size_t)n);
    } else if (fl != is_float_conv(sp->conv)) {
        pf_err(p, "a %s value for the conversion %%%c (at byte %zu)", fl ? "floating" : "integer",
               sp->conv, p->at - size);
    } else if (fl) {
        emit_float(p, sp, dv);
    } else {
        emit_int(p, sp, iv);
    }
}

static void conversion(pf *p, const vsmp_launch_iface *f, const char *s, size_t n)
{
    spec sp;
    if (!parse_spec(s, n, &sp)) {
        pf_err(p, "a conversion \"%.*s\" vsmp does not print", (int)n, s);
        return;
    }
    uint64_t type;
    if (!rd(p, 4, &type))
        return;
    static const unsigned sizes[15] = {0, 1, 2, 4, 4, 4, 8, 8, 8, 1, 2, 4, 8, 4, 8};
    if (sp.conv == 's') {
        uint64_t idx;
        if (!rd(p, f->str_by_addr ? 8 : 4, &idx))
            return;
        const char *str = f->str_by_addr ? vsmp_launch_iface_string_at(f, idx)
                                         : vsmp_launch_iface_printf_string(f, (unsigned)idx);
        if (type != 5 && type != 7)
            str = "(null)";
        else if (!str) {
            if (f->str_by_addr)
                pf_err(p,
                       "a %%s of the string at 0x%llx, which the interface does not hold (at "
                       "byte %zu)",
                       (unsigned long long)idx, p->at - 8);
            else
                pf_err(p, "a %%s of string %llu, which the interface does not hold (at byte %zu)",
                       (unsigned long long)idx, p->at - 4);
            return;
        }
        emit_str(p, &sp, str);
        return;
    }
    if (type == 0 || type == 5 || type > 14) {
        pf_err(p, "type tag %llu for the conversion %%%c (at byte %zu)", (unsigned long long)type,
               sp.conv, p->at - 4);
        return;
    }
    if (type < 9) {
        emit_value(p, &sp, (unsigned)type, sizes[type]);
        return;
    }
    uint64_t count;
    if (!rd(p, 4, &count))
        return;
    if (count > 16) {
        pf_err(p, "a vector of %llu elements (at byte %zu)", (unsigned long long)count, p->at - 4);
        return;
    }
    static const unsigned scalar_of[15] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 6, 4, 8};
    unsigned st = scalar_of[type], sz = sizes[type];
    for (uint64_t k = 0; k < count && !p->st; k++) {
        emit_value(p, &sp, st, sz);
        if (k + 1 < count)
            put(p, ",", 1);
    }
    if (sz < 4)
        p->at += (4 - sz) * count;
}

static void record(pf *p, const vsmp_launch_iface *f, const char *fmt)
{
    size_t n = strlen(fmt);
    for (size_t i = 0; i < n && !p->st; i++) {
        char c = fmt[i];
        /* the .cos's strings keep the source's escapes; a zebin's are the string's own bytes */
        if (c == '\\' && i + 1 < n && !f->str_by_addr) {
            char e = fmt[++i] == 'n' ? '\n' : fmt[i];
            put(p, &e, 1);
        } else if (c == '%') {
            if (i + 1 < n && fmt[i + 1] == '%') {
                put(p, "%", 1);
                i++;
                continue;
            }
            size_t e = i + 1;
            while (e < n && !strchr("diouxXaAeEfFgGscp", fmt[e]))
                e++;
            if (e == n) {
                pf_err(p, "a conversion \"%s\" without its letter", fmt + i);
                return;
            }
            conversion(p, f, fmt + i, e - i + 1);
            i = e;
        } else {
            put(p, &c, 1);
        }
    }
}

vsmp_status vsmp_launch_printf_format(const vsmp_launch_iface *f, const void *buf, size_t size,
                                      size_t max_out, char **out, vsmp_diags *d)
{
    if (!f || !out || (!buf && size))
        return VSMP_ERR_ARG;
    *out = NULL;
    pf p = {.b = buf, .at = 0, .max = max_out ? max_out : OUT_MAX_DEFAULT, .d = d};
    put(&p, "", 0);
    uint64_t used = 0;
    if (size >= 4) {
        p.used = 4;
        rd(&p, 4, &used); /* at 4 after it */
    }
    p.used = used < size ? (size_t)used : size;
    /* a record names its format string by index, or (IGC's zebins) by its 64-bit address */
    unsigned idx_bytes = f->str_by_addr ? 8 : 4;
    while (!p.st && p.at + idx_bytes <= p.used) {
        uint64_t idx;
        rd(&p, idx_bytes, &idx);
        const char *fmt = f->str_by_addr ? vsmp_launch_iface_string_at(f, idx)
                                         : vsmp_launch_iface_printf_string(f, (unsigned)idx);
        if (!fmt) {
            if (f->str_by_addr)
                pf_err(&p,
                       "a printf record of the string at 0x%llx, which the interface does not "
                       "hold (at byte %zu)",
                       (unsigned long long)idx, p.at - 8);
            else
                pf_err(&p,
                       "a printf record of string %llu, which the interface does not hold (at "
                       "byte %zu)",
                       (unsigned long long)idx, p.at - 4);
            break;
        }
        record(&p, f, fmt);
    }
    *out = p.out;
    return p.st;
}
