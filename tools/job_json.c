/* SPDX-License-Identifier: MIT */
/* Strict reading of JSON job files (job_json.h). */
#include "job_json.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int jfail(jerr *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
    va_end(ap);
    return -1;
}

/* One strict parse of text[0, size). */
static json_object *parse_strict(const char *text, size_t size, enum json_tokener_error *je,
                                 size_t *end)
{
    json_tokener *tok = json_tokener_new();
    if (!tok) { /* out of memory: reported as a parse failure at byte 0 */
        *je = json_tokener_error_parse_unexpected;
        *end = 0;
        return NULL;
    }
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
    json_object *root = json_tokener_parse_ex(tok, text, (int)size);
    *je = json_tokener_get_error(tok);
    *end = json_tokener_get_parse_end(tok);
    json_tokener_free(tok);
    if (root && *je != json_tokener_success) {
        json_object_put(root);
        root = NULL;
    }
    return root;
}

/* Duplicate keys: json-c keeps the last value of a repeated key; the job must not mean one of
 * two things silently. A scan of the text json-c has accepted (strict, at most 32 deep, so
 * the recursion is bounded), with a hash set of each object's keys. */
typedef struct dscan {
    const char *p, *end;
    jerr *e;
} dscan;

static void dws(dscan *s)
{
    while (s->p < s->end && isspace((unsigned char)*s->p))
        s->p++;
}

/* A string at s->p (after its quote), unescaped into buf (\uXXXX above 0x7f kept raw: no valid
 * key has such a character, and jcheck_object refuses it anyway). */
static void dstring(dscan *s, char *buf, size_t cap)
{
    size_t n = 0;
    s->p++;
    while (s->p < s->end && *s->p != '"') {
        char c = *s->p++;
        if (c == '\\' && s->p < s->end) {
            char x = *s->p++;
            c = x == 'b'   ? '\b'
                : x == 'f' ? '\f'
                : x == 'n' ? '\n'
                : x == 'r' ? '\r'
                : x == 't' ? '\t'
                           : x;
            if (x == 'u' && s->end - s->p >= 4) {
                char hex[5] = {s->p[0], s->p[1], s->p[2], s->p[3], 0};
                unsigned long u = strtoul(hex, NULL, 16);
                if (u && u < 0x80) {
                    c = (char)u;
                    s->p += 4;
                } else {
                    if (n + 1 < cap)
                        buf[n++] = '\\';
                    c = 'u';
                }
            }
        }
        if (n + 1 < cap)
            buf[n++] = c;
    }
    s->p++;
    buf[n] = 0;
}

static int dvalue(dscan *s, const char *path);

static int dobject(dscan *s, const char *path)
{
    json_object *seen = json_object_new_object();
    if (!seen)
        return jfail(s->e, "out of memory");
    int rc = 0;
    s->p++; /* { */
    dws(s);
    while (!rc && s->p < s->end && *s->p != '}') {
        char key[128], where[256];
        dstring(s, key, sizeof(key));
        jpath(where, sizeof(where), path, key);
        if (json_object_object_get_ex(seen, key, NULL))
            rc = jfail(s->e, "%s: duplicate key", where);
        else if (json_object_object_add(seen, key, NULL))
            rc = jfail(s->e, "out of memory");
        dws(s);
        s->p++; /* : */
        dws(s);
        if (!rc)
            rc = dvalue(s, where);
        dws(s);
        if (s->p < s->end && *s->p == ',') {
            s->p++;
            dws(s);
        }
    }
    s->p++;
    json_object_put(seen);
    return rc;
}

static int dvalue(dscan *s, const char *path)
{
    if (s->p >= s->end)
        return 0;
    if (*s->p == '{')
        return dobject(s, path);
    if (*s->p == '"') {
        char skip[2];
        dstring(s, skip, sizeof(skip));
        return 0;
    }
    if (*s->p == '[') {
        s->p++;
        dws(s);
        for (size_t i = 0; s->p < s->end && *s->p != ']'; i++) {
            char where[256];
            if (dvalue(s, jpath_idx(where, sizeof(where), path, i)))
                return -1;
            dws(s);
            if (s->p < s->end && *s->p == ',') {
                s->p++;
                dws(s);
            }
        }
        s->p++;
        return 0;
    }
    const char *start = s->p; /* number, true, false, null */
    while (s->p < s->end && !strchr(",]} \t\r\n", *s->p))
        s->p++;
    if (s->p == start)
        s->p++; /* always move on */
    return 0;
}

/* Line and column (both from 1; a tab is one column) of byte @p at of text. */
static void line_col(const char *text, size_t at, size_t *line, size_t *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < at; i++) {
        if (text[i] == '\n') {
            ++*line;
            *col = 1;
        } else {
            ++*col;
        }
    }
}

json_object *jparse(const char *text, size_t size, jerr *e)
{
    if (size > INT32_MAX) {
        jfail(e, "invalid JSON: larger than 2 GiB");
        return NULL;
    }
    size_t first = 0, line, col;
    while (first < size && isspace((unsigned char)text[first]))
        first++;
    if (first == size) {
        jfail(e, "empty input (expected a JSON object)");
        return NULL;
    }
    enum json_tokener_error je;
    size_t end;
    json_object *root = parse_strict(text, size, &je, &end);
    if (!root) {
        /* strict json-c stops at text after a complete value: say so */
        enum json_tokener_error je2;
        size_t end2;
        json_object *head = end && end < size ? parse_strict(text, end, &je2, &end2) : NULL;
        if (head) {
            json_object_put(head);
            line_col(text, end, &line, &col);
            jfail(e, "invalid JSON: unexpected text after the job (line %zu, column %zu)", line,
                  col);
            return NULL;
        }
        line_col(text, end, &line, &col);
        jfail(e, "invalid JSON: %s (line %zu, column %zu)",
              je == json_tokener_continue || je == json_tokener_success
                  ? "unexpected end of input"
                  : json_tokener_error_desc(je),
              line, col);
        return NULL;
    }
    for (size_t i = end; i < size; i++) {
        if (!isspace((unsigned char)text[i])) {
            json_object_put(root);
            line_col(text, i, &line, &col);
            jfail(e, "invalid JSON: unexpected text after the job (line %zu, column %zu)", line,
                  col);
            return NULL;
        }
    }
    dscan ds = {text, text + end, e};
    dws(&ds);
    if (dvalue(&ds, "")) {
        json_object_put(root);
        return NULL;
    }
    return root;
}

const char *jpath(char *buf, size_t n, const char *path, const char *key)
{
    snprintf(buf, n, "%s%s%s", path, *path ? "." : "", key);
    return buf;
}

const char *jpath_idx(char *buf, size_t n, const char *path, size_t i)
{
    snprintf(buf, n, "%s[%zu]", path, i);
    return buf;
}

json_object *jfield(json_object *o, const char *k)
{
    json_object *v = NULL;
    return o && json_object_is_type(o, json_type_object) && json_object_object_get_ex(o, k, &v)
               ? v
               : NULL;
}

static const char *type_name(json_object *v)
{
    switch (json_object_get_type(v)) {
    case json_type_null:
        return "null";
    case json_type_boolean:
        return "a boolean";
    case json_type_double:
        return "a fractional number";
    case json_type_int:
        return "an integer";
    case json_type_object:
        return "an object";
    case json_type_array:
        return "an array";
    case json_type_string:
        return "a string";
    }
    return "a value";
}

/* Edit distance with adjacent transpositions (optimal string alignment), case-insensitive,
 * capped: keys are short. */
static unsigned distance(const char *a, const char *b)
{
    enum { N = 32 };
    size_t la = strlen(a), lb = strlen(b);
    if (la >= N || lb >= N)
        return 99;
    unsigned d[N][N];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (unsigned)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (unsigned)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            unsigned cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            unsigned m = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < m)
                m = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < m)
                m = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 &&
                tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == tolower((unsigned char)b[j - 1]) &&
                d[i - 2][j - 2] + 1 < m)
                m = d[i - 2][j - 2] + 1;
            d[i][j] = m;
        }
    return d[la][lb];
}

const char *jclosest(const char *s, const char *const *names, size_t n)
{
    const char *best = NULL;
    unsigned bd = 99;
    for (size_t i = 0; i < n; i++) {
        unsigned d = names[i] ? distance(s, names[i]) : 99;
        if (d < bd)
            bd = d, best = names[i];
    }
    return best && bd <= 2 && bd < strlen(s) ? best : NULL;
}

int jcheck_object(json_object *o, const char *path, const char *const *keys, jerr *e)
{
    return jcheck_keys(o, path, keys, false, e);
}

int jcheck_keys(json_object *o, const char *path, const char *const *keys, bool null_ok, jerr *e)
{
    if (!json_object_is_type(o, json_type_object))
        return jfail(e, "%s: expected an object, got %s", *path ? path : "the job", type_name(o));
    json_object_object_foreach(o, k, v)
    {
        bool known = false;
        size_t nkeys = 0;
        for (; keys[nkeys]; nkeys++)
            known |= strcmp(k, keys[nkeys]) == 0;
        char where[256];
        jpath(where, sizeof(where), path, k);
        if (known && !v && !null_ok) /* JSON null: no key takes it */
            return jfail(e, "%s: null is not a value here (leave the key out for its default)",
                         where);
        if (known)
            continue;
        const char *best = jclosest(k, keys, nkeys);
        if (best)
            return jfail(e, "%s: unknown key; did you mean '%s'?", where, best);
        return jfail(e, "%s: unknown key", where);
    }
    return 0;
}

int jval_num(json_object *v, const char *path, double *out, jerr *e)
{
    if (!json_object_is_type(v, json_type_double) && !json_object_is_type(v, json_type_int))
        return jfail(e, "%s: expected a number, got %s", path, type_name(v));
    double x = json_object_get_double(v);
    if (!isfinite(x))
        return jfail(e, "%s: expected a finite number", path);
    *out = x;
    return 0;
}

int jval_int(json_object *v, const char *path, int64_t lo, int64_t hi, int64_t *out, jerr *e)
{
    if (!json_object_is_type(v, json_type_int))
        return jfail(e, "%s: expected an integer, got %s", path, type_name(v));
    int64_t x = json_object_get_int64(v);
    /* json-c clamps what int64 cannot hold to its limits, and holds larger unsigned values
     * apart: both fall outside every range used here */
    if (x < lo || x > hi || x == INT64_MAX || x == INT64_MIN)
        return jfail(e, "%s: %s is out of range [%lld, %lld]", path, json_object_get_string(v),
                     (long long)lo, (long long)hi);
    *out = x;
    return 0;
}

int jval_bool(json_object *v, const char *path, bool *out, jerr *e)
{
    if (!json_object_is_type(v, json_type_boolean))
        return jfail(e, "%s: expected true or false, got %s", path, type_name(v));
    *out = json_object_get_boolean(v);
    return 0;
}

int jval_str(json_object *v, const char *path, const char **out, jerr *e)
{
    if (!json_object_is_type(v, json_type_string))
        return jfail(e, "%s: expected a string, got %s", path, type_name(v));
    *out = json_object_get_string(v);
    return 0;
}

int jval_enum(json_object *v, const char *path, const char *const *names, int n, int *out, jerr *e)
{
    const char *s = NULL;
    if (jval_str(v, path, &s, e))
        return -1;
    for (int i = 0; i < n; i++) {
        if (names[i] && strcasecmp(s, names[i]) == 0) {
            *out = i;
            return 0;
        }
    }
    const char *best = jclosest(s, names, (size_t)n);
    if (best)
        return jfail(e, "%s: \"%.40s\" is not a valid value; did you mean \"%s\"?", path, s, best);
    char list[256] = "";
    size_t at = 0;
    for (int i = 0; i < n && at < sizeof(list); i++)
        if (names[i])
            at += (size_t)snprintf(list + at, sizeof(list) - at, "%s\"%s\"", at ? ", " : "",
                                   names[i]);
    return jfail(e, "%s: \"%.40s\" is not one of %s", path, s, list);
}

int jval_array(json_object *v, const char *path, size_t lo, size_t hi, size_t *len, jerr *e)
{
    if (!json_object_is_type(v, json_type_array))
        return jfail(e, "%s: expected an array, got %s", path, type_name(v));
    size_t n = json_object_array_length(v);
    if (n < lo || n > hi) {
        if (lo == hi)
            return jfail(e, "%s: expected %zu elements, got %zu", path, lo, n);
        return jfail(e, "%s: expected %zu to %zu elements, got %zu", path, lo, hi, n);
    }
    *len = n;
    return 0;
}

int jget_num(json_object *o, const char *path, const char *k, double *out, jerr *e)
{
    json_object *v = jfield(o, k);
    char p[256];
    return v ? jval_num(v, jpath(p, sizeof(p), path, k), out, e) : 0;
}

int jget_int(json_object *o, const char *path, const char *k, int64_t lo, int64_t hi, int64_t *out,
             jerr *e)
{
    json_object *v = jfield(o, k);
    char p[256];
    return v ? jval_int(v, jpath(p, sizeof(p), path, k), lo, hi, out, e) : 0;
}

int jget_u32(json_object *o, const char *path, const char *k, uint32_t hi, uint32_t *out, jerr *e)
{
    int64_t x = *out;
    if (jget_int(o, path, k, 0, hi, &x, e))
        return -1;
    *out = (uint32_t)x;
    return 0;
}

int jget_bool(json_object *o, const char *path, const char *k, bool *out, jerr *e)
{
    json_object *v = jfield(o, k);
    char p[256];
    return v ? jval_bool(v, jpath(p, sizeof(p), path, k), out, e) : 0;
}

int jget_str(json_object *o, const char *path, const char *k, const char **out, jerr *e)
{
    json_object *v = jfield(o, k);
    char p[256];
    return v ? jval_str(v, jpath(p, sizeof(p), path, k), out, e) : 0;
}

int jget_enum(json_object *o, const char *path, const char *k, const char *const *names, int n,
              int *out, jerr *e)
{
    json_object *v = jfield(o, k);
    char p[256];
    return v ? jval_enum(v, jpath(p, sizeof(p), path, k), names, n, out, e) : 0;
}
