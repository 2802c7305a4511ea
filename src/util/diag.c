/* SPDX-License-Identifier: MIT */
/* Status names and the diagnostic list. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vsmp/status.h"

const char *vsmp_status_str(vsmp_status st)
{
    switch (st) {
    case VSMP_OK:
        return "ok";
    case VSMP_ERR_ARG:
        return "invalid argument";
    case VSMP_ERR_NOMEM:
        return "out of memory";
    case VSMP_ERR_TRUNCATED:
        return "truncated input";
    case VSMP_ERR_MALFORMED:
        return "malformed input";
    case VSMP_ERR_UNSUPPORTED:
        return "unsupported input";
    case VSMP_ERR_SPACE:
        return "output buffer too small";
    case VSMP_ERR_UNENCODABLE:
        return "not encodable in the requested format";
    case VSMP_ERR_SYNTAX:
        return "syntax error";
    case VSMP_ERR_INVALID:
        return "invalid program";
    case VSMP_ERR_IO:
        return "I/O error";
    case VSMP_ERR_CANCELLED:
        return "cancelled";
    }
    return "unknown status";
}

void vsmp_diags_init(vsmp_diags *d)
{
    memset(d, 0, sizeof(*d));
}

void vsmp_diags_free(vsmp_diags *d)
{
    if (!d)
        return;
    free(d->items);
    size_t limit = d->limit;
    memset(d, 0, sizeof(*d));
    d->limit = limit;
}

/* Diagnostics of severity @p sev the list holds (scans it: used only when printing). */
static size_t kept(const vsmp_diags *d, vsmp_severity sev)
{
    size_t n = 0;
    for (size_t i = 0; i < d->count; i++)
        n += d->items[i].severity == sev;
    return n;
}

vsmp_status vsmp_diags_vadd(vsmp_diags *d, vsmp_severity sev, const char *rule, uint32_t line,
                            uint32_t column, int64_t offset, const char *fmt, va_list ap)
{
    if (!d)
        return VSMP_OK;
    /* the n-th diagnostic of its severity, counting this one */
    size_t nth;
    if (sev == VSMP_SEV_ERROR)
        nth = ++d->errors;
    else if (sev == VSMP_SEV_WARNING)
        nth = ++d->warnings;
    else
        nth = ++d->notes;
    if (d->limit && nth > d->limit) {
        d->dropped++;
        return VSMP_OK;
    }
    if (d->count == d->capacity) {
        size_t cap = d->capacity ? d->capacity * 2 : 16;
        vsmp_diag *n = realloc(d->items, cap * sizeof(*n));
        if (!n) {
            d->dropped++;
            return VSMP_ERR_NOMEM;
        }
        d->items = n;
        d->capacity = cap;
    }
    vsmp_diag *g = &d->items[d->count++];
    g->severity = sev;
    g->rule = rule ? rule : "";
    g->line = line;
    g->column = column;
    g->offset = offset;
    g->at_instruction = 0;
    vsnprintf(g->message, sizeof(g->message), fmt, ap);
    return VSMP_OK;
}

vsmp_status vsmp_diags_add(vsmp_diags *d, vsmp_severity sev, const char *rule, uint32_t line,
                           uint32_t column, int64_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_status st = vsmp_diags_vadd(d, sev, rule, line, column, offset, fmt, ap);
    va_end(ap);
    return st;
}

static const char *sev_name(vsmp_severity s)
{
    switch (s) {
    case VSMP_SEV_ERROR:
        return "error";
    case VSMP_SEV_WARNING:
        return "warning";
    case VSMP_SEV_NOTE:
        return "note";
    }
    return "error";
}

void vsmp_diags_print(const vsmp_diags *d, const char *file, FILE *out)
{
    if (!d)
        return;
    if (!file)
        file = "<input>";
    for (size_t i = 0; i < d->count; i++) {
        const vsmp_diag *g = &d->items[i];
        if (g->line && g->column)
            fprintf(out, "%s:%u:%u: ", file, g->line, g->column);
        else if (g->line)
            fprintf(out, "%s:%u: ", file, g->line);
        else if (g->offset >= 0)
            fprintf(out, "%s: %s 0x%llx: ", file, g->at_instruction ? "instruction at" : "offset",
                    (unsigned long long)g->offset);
        else
            fprintf(out, "%s: ", file);
        fprintf(out, "%s: %s", sev_name(g->severity), g->message);
        if (g->rule && *g->rule)
            fprintf(out, " [%s]", g->rule);
        fputc('\n', out);
    }
    size_t more_errors = d->errors - kept(d, VSMP_SEV_ERROR);
    size_t more_warnings = d->warnings - kept(d, VSMP_SEV_WARNING);
    if (more_errors)
        fprintf(out, "%s: ... and %zu more error%s\n", file, more_errors,
                more_errors == 1 ? "" : "s");
    if (more_warnings)
        fprintf(out, "%s: ... and %zu more warning%s\n", file, more_warnings,
                more_warnings == 1 ? "" : "s");
    if (d->dropped > more_errors + more_warnings)
        fprintf(out, "%s: ... and %zu more notes\n", file,
                d->dropped - more_errors - more_warnings);
}
