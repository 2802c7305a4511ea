/* SPDX-License-Identifier: MIT */
/*
 * Kernel interfaces from IGC's patch-token text dump (`.cos`). The dump lists each token as a
 * header line `PATCH_TOKEN_NAME (hex id) (size = N)` followed by tab-indented `Field = value`
 * lines; KERNEL_ARGUMENT_INFO fields read `Field = N | value = "text"`. Only the tokens the
 * launcher needs are kept (docs/LAUNCH.md section 1); the rest are skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch_internal.h"

#define MAX_FIELDS 32
#define MAX_LINE   512

typedef struct token {
    char name[64];
    uint32_t line;
    unsigned nf;
    char key[MAX_FIELDS][48];
    char val[MAX_FIELDS][64];
} token;

static const char *get(const token *t, const char *k)
{
    for (unsigned i = 0; i < t->nf; i++)
        if (strcmp(t->key[i], k) == 0)
            return t->val[i];
    return NULL;
}

/* A decimal integer field; *ok cleared when absent or not a number. */
static long num(const token *t, const char *k, bool *ok)
{
    const char *v = get(t, k);
    char *end;
    long x = v ? strtol(v, &end, 10) : 0;
    if (!v || end == v || *end || x < -1 || x > 0x7fffffff)
        *ok = false;
    return x;
}

static vsmp_status bad(vsmp_diags *d, uint32_t line, const char *fmt, const char *what)
{
    vsmp_diags_add(d, VSMP_SEV_ERROR, "launch.iface", line, 0, -1, fmt, what);
    return VSMP_ERR_MALFORMED;
}

static vsmp_launch_arg_info *arg_at(vsmp_launch_iface *f, long n)
{
    if (n < 0 || n >= VSMP_LAUNCH_MAX_ARGS)
        return NULL;
    if ((unsigned)n >= f->nargs) {
        for (unsigned i = f->nargs; i <= (unsigned)n; i++) {
            memset(&f->args[i], 0, sizeof(f->args[i]));
            f->args[i].bti = f->args[i].sampler = f->args[i].offset = -1;
        }
        f->nargs = (unsigned)n + 1;
    }
    return &f->args[n];
}

static const struct {
    const char *name;
    launch_param_kind kind;
} param_names[] = {
    {"KERNEL_ARGUMENT", LP_KERNEL_ARGUMENT},
    {"GLOBAL_WORK_OFFSET", LP_GLOBAL_WORK_OFFSET},
    {"LOCAL_WORK_SIZE", LP_LOCAL_WORK_SIZE},
    {"ENQUEUED_LOCAL_WORK_SIZE", LP_ENQUEUED_LOCAL_WORK_SIZE},
    {"GLOBAL_WORK_SIZE", LP_GLOBAL_WORK_SIZE},
    {"NUM_WORK_GROUPS", LP_NUM_WORK_GROUPS},
    {"WORK_DIMENSIONS", LP_WORK_DIMENSIONS},
    {"IMAGE_WIDTH", LP_IMAGE_WIDTH},
    {"IMAGE_HEIGHT", LP_IMAGE_HEIGHT},
    {"IMAGE_DEPTH", LP_IMAGE_DEPTH},
    {"IMAGE_ARRAY_SIZE", LP_IMAGE_ARRAY_SIZE},
    {"BUFFER_OFFSET", LP_ZERO},
    {"BUFFER_STATEFUL", LP_NONE},
    {"SAMPLER_COORDINATE_SNAP_WA_REQUIRED", LP_ZERO},
    {"SUM_OF_LOCAL_MEMORY_OBJECT_ARGUMENT_SIZES", LP_LOCAL_OFFSET},
};

/* One token, complete: keep what the launcher reads. */
static vsmp_status commit(vsmp_launch_iface *f, const token *t, vsmp_diags *d)
{
    bool ok = true;
    const char *n = t->name;
    if (strcmp(n, "PATCH_TOKEN_IMAGE_MEMORY_OBJECT_KERNEL_ARGUMENT") == 0) {
        vsmp_launch_arg_info *a = arg_at(f, num(t, "ArgumentNumber", &ok));
        long off = num(t, "Offset", &ok);
        if (!ok || !a || off < 0 || off % 64 || off / 64 >= VSMP_MAX_BINDINGS)
            return bad(d, t->line, "%s: bad ArgumentNumber or Offset", n);
        a->kind = VSMP_ARG_IMAGE;
        a->bti = (int32_t)(off / 64); /* surface states are 64 bytes, in binding-table order */
    } else if (strcmp(n, "PATCH_TOKEN_STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT") == 0 ||
               strcmp(n, "PATCH_TOKEN_STATELESS_CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT") == 0) {
        vsmp_launch_arg_info *a = arg_at(f, num(t, "ArgumentNumber", &ok));
        long ssh = num(t, "SurfaceStateHeapOffset", &ok);
        long off = num(t, "DataParamOffset", &ok), sz = num(t, "DataParamSize", &ok);
        if (!ok || !a || ssh < 0 || ssh % 64 || ssh / 64 >= VSMP_MAX_BINDINGS || off < 0 ||
            (sz != 4 && sz != 8))
            return bad(d, t->line, "%s: bad field", n);
        a->kind = VSMP_ARG_BUFFER;
        a->bti = (int32_t)(ssh / 64);
        a->offset = (int32_t)off;
        a->size = (uint32_t)sz;
    } else if (strcmp(n, "PATCH_TOKEN_SAMPLER_STATE_ARRAY") == 0) {
        f->sampler_array_offset = num(t, "Offset", &ok);
        long cnt = num(t, "Count", &ok);
        if (!ok || f->sampler_array_offset < 0 || cnt < 0 || cnt > VSMP_MAX_SAMPLER_STATES)
            return bad(d, t->line, "%s: bad Offset or Count", n);
        f->sampler_count = (unsigned)cnt;
    } else if (strcmp(n, "PATCH_TOKEN_SAMPLER_KERNEL_ARGUMENT") == 0) {
        vsmp_launch_arg_info *a = arg_at(f, num(t, "ArgumentNumber", &ok));
        long off = num(t, "Offset", &ok) - f->sampler_array_offset;
        /* SAMPLER_STATE is 16 bytes; Offset counts from the dynamic state heap */
        if (!ok || !a || off < 0 || off % 16 || off / 16 >= VSMP_MAX_SAMPLER_STATES)
            return bad(d, t->line, "%s: bad ArgumentNumber or Offset", n);
        a->kind = VSMP_ARG_SAMPLER;
        a->sampler = (int32_t)(off / 16);
    } else if (strcmp(n, "PATCH_TOKEN_DATA_PARAMETER_BUFFER") == 0) {
        const char *ty = get(t, "Type");
        launch_param p = {0};
        p.arg = (int32_t)num(t, "ArgumentNumber", &ok);
        p.offset = (uint32_t)num(t, "Offset", &ok);
        p.size = (uint32_t)num(t, "DataSize", &ok);
        p.source = (uint32_t)num(t, "SourceOffset", &ok);
        if (!ok || !ty || p.arg < 0 || p.arg >= VSMP_LAUNCH_MAX_ARGS || p.size > 64 ||
            p.offset > 4096 || p.source > 64)
            return bad(d, t->line, "%s: bad field", n);
        p.kind = LP_UNKNOWN;
        for (size_t i = 0; i < sizeof(param_names) / sizeof(param_names[0]); i++)
            if (strcmp(ty, param_names[i].name) == 0)
                p.kind = param_names[i].kind;
        if (p.kind == LP_UNKNOWN)
            snprintf(p.unknown, sizeof(p.unknown), "%s", ty);
        if (p.kind == LP_LOCAL_OFFSET) {
            /* a __local pointer argument: its SLM offset, aligned to SourceOffset */
            if (p.source & (p.source - 1))
                return bad(d, t->line, "%s: a local alignment that is no power of two", n);
            arg_at(f, p.arg)->kind = VSMP_ARG_LOCAL;
        }
        if (p.kind == LP_KERNEL_ARGUMENT) {
            vsmp_launch_arg_info *a = arg_at(f, p.arg);
            if (a->kind == VSMP_ARG_NONE || a->kind == VSMP_ARG_SCALAR) {
                a->kind = VSMP_ARG_SCALAR;
                if (a->offset < 0 || (uint32_t)a->offset > p.offset - p.source)
                    a->offset = (int32_t)(p.offset - p.source);
                if (a->size < p.source + p.size)
                    a->size = p.source + p.size;
            }
        }
        if (f->nparams == LAUNCH_MAX_PARAMS)
            return bad(d, t->line, "%s: more data parameters than vsmp reads", n);
        f->params[f->nparams++] = p;
    } else if (strcmp(n, "PATCH_TOKEN_ALLOCATE_LOCAL_SURFACE") == 0) {
        long sz = num(t, "TotalInlineLocalMemorySize", &ok);
        if (!ok || sz < 0 || sz > (1 << 20))
            return bad(d, t->line, "%s: bad TotalInlineLocalMemorySize", n);
        f->slm_inline = (uint32_t)sz;
    } else if (strcmp(n, "PATCH_TOKEN_DATA_PARAMETER_STREAM") == 0) {
        f->cross_size = (uint32_t)num(t, "DataParameterStreamSize", &ok);
        if (!ok || f->cross_size > 4096)
            return bad(d, t->line, "%s: bad DataParameterStreamSize", n);
    } else if (strcmp(n, "PATCH_TOKEN_THREAD_PAYLOAD") == 0) {
        static const char *ids[3] = {"LocalIDXPresent", "LocalIDYPresent", "LocalIDZPresent"};
        for (int i = 0; i < 3; i++) {
            const char *v = get(t, ids[i]);
            f->local_id[i] = v && strcmp(v, "true") == 0;
        }
        const char *h = get(t, "HeaderPresent"), *fl = get(t, "LocalIDFlattenedPresent");
        if ((h && strcmp(h, "false")) || (fl && strcmp(fl, "false")))
            return bad(d, t->line, "%s: a payload header or flattened local IDs (not read)", n);
    } else if (strcmp(n, "PATCH_TOKEN_EXECUTION_ENVIRONMENT") == 0) {
        long s = num(t, "LargestCompiledSIMDSize", &ok);
        long b = num(t, "HasBarriers", &ok);
        if (!ok || (s != 8 && s != 16 && s != 32))
            return bad(d, t->line, "%s: bad LargestCompiledSIMDSize", n);
        f->simd = (unsigned)s;
        f->barriers = b != 0;
    } else if (strcmp(n, "PATCH_TOKEN_KERNEL_ARGUMENT_INFO") == 0) {
        vsmp_launch_arg_info *a = arg_at(f, num(t, "ArgumentNumber", &ok));
        if (!ok || !a)
            return bad(d, t->line, "%s: bad ArgumentNumber", n);
        const char *ty = get(t, "TypeNameSize"), *nm = get(t, "ArgumentNameSize");
        if (ty) {
            snprintf(a->type, sizeof(a->type), "%s", ty);
            char *semi = strchr(a->type, ';'); /* "float*;8": the size after ';' */
            if (semi)
                *semi = 0;
        }
        if (nm)
            snprintf(a->name, sizeof(a->name), "%s", nm);
    }
    return VSMP_OK;
}

/* "Field = value", or "Field = N | value = "text"" (the text kept). */
static bool split_field(char *s, token *t)
{
    char *eq = strchr(s, '=');
    if (!eq || t->nf == MAX_FIELDS)
        return false;
    char *k = s, *v = eq + 1;
    *eq = 0;
    while (*k == ' ' || *k == '\t')
        k++;
    size_t kl = strlen(k);
    while (kl && k[kl - 1] == ' ')
        k[--kl] = 0;
    char *q = strstr(v, "| value = \"");
    if (q) {
        v = q + 11;
        char *e = strrchr(v, '"');
        if (e)
            *e = 0;
    } else {
        while (*v == ' ')
            v++;
        size_t vl = strlen(v);
        while (vl && (v[vl - 1] == ' ' || v[vl - 1] == '\r'))
            v[--vl] = 0;
    }
    snprintf(t->key[t->nf], sizeof(t->key[0]), "%s", k);
    snprintf(t->val[t->nf], sizeof(t->val[0]), "%s", v);
    t->nf++;
    return true;
}

vsmp_status vsmp_launch_iface_parse(const char *text, size_t size, vsmp_launch_iface **out,
                                    vsmp_diags *d)
{
    if (!out || (!text && size))
        return VSMP_ERR_ARG;
    *out = NULL;
    vsmp_launch_iface *f = calloc(1, sizeof(*f));
    token *t = calloc(1, sizeof(*t));
    if (!f || !t) {
        free(f);
        free(t);
        return VSMP_ERR_NOMEM;
    }
    vsmp_status st = VSMP_OK;
    bool in_token = false;
    uint32_t lineno = 0;
    size_t pos = 0;
    while (pos < size && !st) {
        char line[MAX_LINE];
        size_t e = pos;
        while (e < size && text[e] != '\n')
            e++;
        lineno++;
        size_t len = e - pos;
        if (len >= MAX_LINE) {
            st = bad(d, lineno, "%s", "a line longer than 511 characters");
            break;
        }
        memcpy(line, text + pos, len);
        line[len] = 0;
        if (memchr(line, 0, len)) {
            st = bad(d, lineno, "%s", "a NUL byte");
            break;
        }
        pos = e + 1;
        const char *kn = strstr(line, "** Kernel Patch Lists : Kernel Name = ");
        if (kn) {
            char name[sizeof(f->kernel)];
            snprintf(name, sizeof(name), "%s", kn + 38);
            char *sp = strchr(name, ' ');
            if (sp)
                *sp = 0;
            snprintf(f->kernel, sizeof(f->kernel), "%s", name);
            continue;
        }
        if (line[0] == '\t') {
            if (in_token && !split_field(line, t))
                st = bad(d, lineno, "%s", "a token field that is not \"Name = value\"");
            continue;
        }
        if (in_token)
            st = commit(f, t, d);
        in_token = false;
        if (strncmp(line, "PATCH_TOKEN_", 12) == 0) {
            memset(t, 0, sizeof(*t));
            size_t nl = strcspn(line, " ");
            if (nl >= sizeof(t->name)) {
                st = bad(d, lineno, "%s", "a token name longer than 63 characters");
                break;
            }
            memcpy(t->name, line, nl);
            t->line = lineno;
            in_token = true;
        }
    }
    if (!st && in_token)
        st = commit(f, t, d);
    free(t);
    if (!st && !f->kernel[0])
        st = bad(d, 0, "%s", "no \"Kernel Name\" line: not an IGC patch-token dump");
    if (!st && !f->simd)
        st = bad(d, 0, "%s", "no PATCH_TOKEN_EXECUTION_ENVIRONMENT (the SIMD width)");
    if (st) {
        free(f);
        return st;
    }
    *out = f;
    return VSMP_OK;
}

void vsmp_launch_iface_free(vsmp_launch_iface *f)
{
    free(f);
}

const char *vsmp_launch_iface_kernel(const vsmp_launch_iface *f)
{
    return f ? f->kernel : NULL;
}

unsigned vsmp_launch_iface_simd(const vsmp_launch_iface *f)
{
    return f ? f->simd : 0;
}

unsigned vsmp_launch_iface_num_args(const vsmp_launch_iface *f)
{
    return f ? f->nargs : 0;
}

const vsmp_launch_arg_info *vsmp_launch_iface_arg(const vsmp_launch_iface *f, unsigned i)
{
    return f && i < f->nargs ? &f->args[i] : NULL;
}
