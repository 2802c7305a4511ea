/* SPDX-License-Identifier: MIT */
/*
 * Kernel interfaces from IGC's patch-token text dump (`.cos`). The dump lists each token as a
 * header line `PATCH_TOKEN_NAME (hex id) (size = N)` followed by tab-indented `Field = value`
 * lines; KERNEL_ARGUMENT_INFO fields read `Field = N | value = "text"`; it ends with the kernel's
 * binary header (`Kernel Name: K`, `Gen7 Kernel Binary Header:` and its fields). Only the tokens
 * the launcher needs are kept (docs/LAUNCH.md section 1); the rest are skipped. Every value read
 * is checked, and an error names the line and the field.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch_internal.h"

#define MAX_FIELDS 48
#define MAX_LINE   512
#define MAX_VALUE  64

#define BINARY_HEADER "Gen7 Kernel Binary Header:"

typedef struct token {
    char name[96];
    uint32_t line;
    unsigned nf;
    char key[MAX_FIELDS][48];
    char val[MAX_FIELDS][MAX_VALUE];
    char text[MAX_LINE]; /* PATCH_TOKEN_STRING's string, as the dump escapes it */
    bool has_text;
} token;

/* The tokens that may appear once (a second one was taken silently: the last won). */
enum { ONE_EXEC, ONE_PAYLOAD, ONE_STREAM, ONE_SAMPLERS, ONE_LOCAL, ONE_HEADER, ONE_N };

/* The parse: the interface being built and what is resolved once every token is read. */
typedef struct reader {
    vsmp_launch_iface *f;
    vsmp_diags *d;
    uint32_t once[ONE_N];                     /* line of each singleton token, 0 = not yet */
    long smp_off[VSMP_LAUNCH_MAX_ARGS];       /* SAMPLER_KERNEL_ARGUMENT Offset */
    uint32_t smp_line[VSMP_LAUNCH_MAX_ARGS];  /* its line, 0 = none */
    uint32_t info_line[VSMP_LAUNCH_MAX_ARGS]; /* KERNEL_ARGUMENT_INFO */
    char binary_name[sizeof(((vsmp_launch_iface *)0)->kernel)]; /* "Kernel Name: K" */
    uint32_t binary_name_line;
} reader;

static vsmp_status bad(vsmp_diags *d, uint32_t line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static vsmp_status bad(vsmp_diags *d, uint32_t line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_diags_vadd(d, VSMP_SEV_ERROR, "launch.iface", line, 0, -1, fmt, ap);
    va_end(ap);
    return VSMP_ERR_MALFORMED;
}

static const char *get(const token *t, const char *k)
{
    for (unsigned i = 0; i < t->nf; i++)
        if (strcmp(t->key[i], k) == 0)
            return t->val[i];
    return NULL;
}

/* A decimal integer field in [lo, hi]: false (with the error naming the field, its value and
 * the range) when absent, not a number or outside. */
static bool num(const token *t, const char *k, long lo, long hi, long *out, vsmp_diags *d)
{
    const char *v = get(t, k);
    char *end = NULL;
    errno = 0;
    long x = v ? strtol(v, &end, 10) : 0;
    if (!v) {
        bad(d, t->line, "%s: no field %s", t->name, k);
        return false;
    }
    if (end == v || *end || errno || x < lo || x > hi) {
        bad(d, t->line, "%s: %s = \"%s\": expected an integer %ld..%ld", t->name, k, v, lo, hi);
        return false;
    }
    *out = x;
    return true;
}

/* A boolean field: true/false or 1/0; an absent one is @p dflt. */
static bool flag(const token *t, const char *k, bool dflt, bool *out, vsmp_diags *d)
{
    const char *v = get(t, k);
    if (!v)
        *out = dflt;
    else if (strcmp(v, "true") == 0 || strcmp(v, "1") == 0)
        *out = true;
    else if (strcmp(v, "false") == 0 || strcmp(v, "0") == 0)
        *out = false;
    else {
        bad(d, t->line, "%s: %s = \"%s\": expected true, false, 1 or 0", t->name, k, v);
        return false;
    }
    return true;
}

static const char *kind_name(vsmp_arg_kind k)
{
    switch (k) {
    case VSMP_ARG_NONE:
        return "none";
    case VSMP_ARG_SCALAR:
        return "scalar (KERNEL_ARGUMENT)";
    case VSMP_ARG_BUFFER:
        return "buffer";
    case VSMP_ARG_IMAGE:
        return "image";
    case VSMP_ARG_SAMPLER:
        return "sampler";
    case VSMP_ARG_LOCAL:
        return "__local pointer";
    }
    return "?";
}

/* Argument @p n (0..VSMP_LAUNCH_MAX_ARGS-1, checked by the caller), made kind @p k by the
 * token at @p line: an argument is one kind, made so once (a scalar's several KERNEL_ARGUMENT
 * parts excepted). */
static vsmp_launch_arg_info *arg_as(reader *r, long n, vsmp_arg_kind k, const token *t)
{
    vsmp_launch_iface *f = r->f;
    if ((unsigned)n >= f->nargs) {
        for (unsigned i = f->nargs; i <= (unsigned)n; i++) {
            memset(&f->args[i], 0, sizeof(f->args[i]));
            f->args[i].bti = f->args[i].sampler = f->args[i].offset = -1;
            f->arg_line[i] = 0;
        }
        f->nargs = (unsigned)n + 1;
    }
    vsmp_launch_arg_info *a = &f->args[n];
    if (k == VSMP_ARG_NONE)
        return a;
    if (a->kind != VSMP_ARG_NONE && !(a->kind == k && k == VSMP_ARG_SCALAR)) {
        bad(r->d, t->line, "%s: argument %ld is already a %s (line %u)", t->name, n,
            kind_name(a->kind), f->arg_line[n]);
        return NULL;
    }
    if (a->kind == VSMP_ARG_NONE)
        f->arg_line[n] = t->line;
    a->kind = k;
    return a;
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
    {"IMAGE_CHANNEL_DATA_TYPE", LP_IMAGE_CHANNEL_DATA_TYPE},
    {"IMAGE_CHANNEL_ORDER", LP_IMAGE_CHANNEL_ORDER},
    {"IMAGE_NUM_MIP_LEVELS", LP_IMAGE_NUM_MIP_LEVELS},
    {"IMAGE_NUM_SAMPLES", LP_IMAGE_NUM_SAMPLES},
    {"BUFFER_OFFSET", LP_ZERO},
    {"BUFFER_STATEFUL", LP_NONE},
    {"SAMPLER_ADDRESS_MODE", LP_SAMPLER_ADDRESS},
    {"SAMPLER_NORMALIZED_COORDS", LP_SAMPLER_NORMALIZED},
    {"SAMPLER_COORDINATE_SNAP_WA_REQUIRED", LP_SAMPLER_SNAP_WA},
    {"SUM_OF_LOCAL_MEMORY_OBJECT_ARGUMENT_SIZES", LP_LOCAL_OFFSET},
};

static bool is(const token *t, const char *name)
{
    return strcmp(t->name, name) == 0;
}

/* A singleton token: the second is an error naming the first. */
static bool first(reader *r, const token *t, int which)
{
    if (r->once[which]) {
        bad(r->d, t->line, "a second %s (the first at line %u)", t->name, r->once[which]);
        return false;
    }
    r->once[which] = t->line;
    return true;
}

#define NUM(field, lo, hi, out)                                                                    \
    do {                                                                                           \
        if (!num(t, field, lo, hi, out, d))                                                        \
            return VSMP_ERR_MALFORMED;                                                             \
    } while (0)

static vsmp_status data_param(reader *r, const token *t)
{
    vsmp_launch_iface *f = r->f;
    vsmp_diags *d = r->d;
    const char *ty = get(t, "Type");
    long arg, off, size, src;
    if (!ty)
        return bad(d, t->line, "%s: no field Type", t->name);
    NUM("ArgumentNumber", 0, VSMP_LAUNCH_MAX_ARGS - 1, &arg);
    NUM("Offset", 0, 4095, &off);
    NUM("DataSize", 0, VSMP_LAUNCH_MAX_ARG_BYTES, &size);
    NUM("SourceOffset", 0, 4096, &src);
    launch_param p = {0};
    p.arg = (int32_t)arg;
    p.offset = (uint32_t)off;
    p.size = (uint32_t)size;
    p.source = (uint32_t)src;
    p.line = t->line;
    p.kind = LP_UNKNOWN;
    for (size_t i = 0; i < sizeof(param_names) / sizeof(param_names[0]); i++)
        if (strcmp(ty, param_names[i].name) == 0)
            p.kind = param_names[i].kind;
    if (p.kind == LP_UNKNOWN)
        snprintf(p.unknown, sizeof(p.unknown), "%s", ty);
    if (p.kind == LP_LOCAL_OFFSET) {
        /* a __local pointer argument: its SLM offset, aligned to SourceOffset */
        if (!src || (src & (src - 1)))
            return bad(d, t->line,
                       "%s: SourceOffset = %ld: a __local alignment that is no power "
                       "of two",
                       t->name, src);
        if (!arg_as(r, arg, VSMP_ARG_LOCAL, t))
            return VSMP_ERR_MALFORMED;
    }
    if (p.kind == LP_KERNEL_ARGUMENT) {
        /* bytes SourceOffset .. of the scalar's value, which has VSMP_LAUNCH_MAX_ARG_BYTES */
        if (!size)
            return bad(d, t->line, "%s: KERNEL_ARGUMENT of DataSize = 0 (argument %ld)", t->name,
                       arg);
        if (src + size > VSMP_LAUNCH_MAX_ARG_BYTES)
            return bad(d, t->line,
                       "%s: KERNEL_ARGUMENT bytes %ld..%ld (SourceOffset, DataSize) are past a "
                       "scalar's %d",
                       t->name, src, src + size - 1, VSMP_LAUNCH_MAX_ARG_BYTES);
        vsmp_launch_arg_info *a = arg_as(r, arg, VSMP_ARG_SCALAR, t);
        if (!a)
            return VSMP_ERR_MALFORMED;
        if (a->offset < 0 || a->offset > off - src)
            a->offset = (int32_t)(off - src);
        if (a->size < (uint32_t)(src + size))
            a->size = (uint32_t)(src + size);
    }
    if (f->nparams == LAUNCH_MAX_PARAMS)
        return bad(d, t->line, "%s: more than %d data parameters", t->name, LAUNCH_MAX_PARAMS);
    f->params[f->nparams++] = p;
    return VSMP_OK;
}

/* One token, complete: keep what the launcher reads. */
static vsmp_status commit(reader *r, const token *t)
{
    vsmp_launch_iface *f = r->f;
    vsmp_diags *d = r->d;
    long arg, off, v;
    if (is(t, "PATCH_TOKEN_IMAGE_MEMORY_OBJECT_KERNEL_ARGUMENT")) {
        NUM("ArgumentNumber", 0, VSMP_LAUNCH_MAX_ARGS - 1, &arg);
        NUM("Offset", 0, 64L * VSMP_MAX_BINDINGS - 1, &off);
        if (off % 64)
            return bad(d, t->line, "%s: Offset = %ld: not a multiple of 64", t->name, off);
        vsmp_launch_arg_info *a = arg_as(r, arg, VSMP_ARG_IMAGE, t);
        if (!a)
            return VSMP_ERR_MALFORMED;
        a->bti = (int32_t)(off / 64); /* surface states are 64 bytes, in binding-table order */
    } else if (is(t, "PATCH_TOKEN_STATELESS_GLOBAL_MEMORY_OBJECT_KERNEL_ARGUMENT") ||
               is(t, "PATCH_TOKEN_STATELESS_CONSTANT_MEMORY_OBJECT_KERNEL_ARGUMENT")) {
        long ssh, size;
        NUM("ArgumentNumber", 0, VSMP_LAUNCH_MAX_ARGS - 1, &arg);
        NUM("SurfaceStateHeapOffset", 0, 64L * VSMP_MAX_BINDINGS - 1, &ssh);
        NUM("DataParamOffset", 0, 4095, &off);
        NUM("DataParamSize", 4, 8, &size);
        if (ssh % 64)
            return bad(d, t->line, "%s: SurfaceStateHeapOffset = %ld: not a multiple of 64",
                       t->name, ssh);
        if (size != 4 && size != 8)
            return bad(d, t->line, "%s: DataParamSize = %ld: a pointer of 4 or 8 bytes", t->name,
                       size);
        vsmp_launch_arg_info *a = arg_as(r, arg, VSMP_ARG_BUFFER, t);
        if (!a)
            return VSMP_ERR_MALFORMED;
        a->bti = (int32_t)(ssh / 64);
        a->offset = (int32_t)off;
        a->size = (uint32_t)size;
    } else if (is(t, "PATCH_TOKEN_SAMPLER_STATE_ARRAY")) {
        if (!first(r, t, ONE_SAMPLERS))
            return VSMP_ERR_MALFORMED;
        NUM("Offset", 0, 0x7fffffff, &f->sampler_array_offset);
        NUM("Count", 0, VSMP_MAX_SAMPLER_STATES, &v);
        f->sampler_count = (unsigned)v;
        f->sampler_line = t->line;
    } else if (is(t, "PATCH_TOKEN_SAMPLER_KERNEL_ARGUMENT")) {
        /* resolved once every token is read: SAMPLER_STATE_ARRAY may come after it */
        NUM("ArgumentNumber", 0, VSMP_LAUNCH_MAX_ARGS - 1, &arg);
        NUM("Offset", 0, 0x7fffffff, &off);
        if (!arg_as(r, arg, VSMP_ARG_SAMPLER, t))
            return VSMP_ERR_MALFORMED;
        r->smp_off[arg] = off;
        r->smp_line[arg] = t->line;
    } else if (is(t, "PATCH_TOKEN_DATA_PARAMETER_BUFFER")) {
        return data_param(r, t);
    } else if (is(t, "PATCH_TOKEN_ALLOCATE_LOCAL_SURFACE")) {
        if (!first(r, t, ONE_LOCAL))
            return VSMP_ERR_MALFORMED;
        NUM("TotalInlineLocalMemorySize", 0, 1L << 20, &v);
        f->slm_inline = (uint32_t)v;
    } else if (is(t, "PATCH_TOKEN_DATA_PARAMETER_STREAM")) {
        if (!first(r, t, ONE_STREAM))
            return VSMP_ERR_MALFORMED;
        NUM("DataParameterStreamSize", 0, 4096, &v);
        f->cross_size = (uint32_t)v;
    } else if (is(t, "PATCH_TOKEN_THREAD_PAYLOAD")) {
        if (!first(r, t, ONE_PAYLOAD))
            return VSMP_ERR_MALFORMED;
        static const char *ids[3] = {"LocalIDXPresent", "LocalIDYPresent", "LocalIDZPresent"};
        for (int i = 0; i < 3; i++)
            if (!flag(t, ids[i], false, &f->local_id[i], d))
                return VSMP_ERR_MALFORMED;
        bool h, fl;
        if (!flag(t, "HeaderPresent", false, &h, d) ||
            !flag(t, "LocalIDFlattenedPresent", false, &fl, d))
            return VSMP_ERR_MALFORMED;
        if (h || fl)
            return bad(d, t->line, "%s: %s = true: the launcher does not write it", t->name,
                       h ? "HeaderPresent" : "LocalIDFlattenedPresent");
        /* IGC's "R1": one GRF of per-thread data a kernel without local IDs still gets; the
         * cross-thread data follows it */
        bool unused;
        if (!flag(t, "UnusedPerThreadConstantPresent", false, &unused, d))
            return VSMP_ERR_MALFORMED;
        if (unused && (f->local_id[0] || f->local_id[1] || f->local_id[2]))
            return bad(d, t->line,
                       "%s: UnusedPerThreadConstantPresent = true with local IDs present: a "
                       "payload the launcher does not write",
                       t->name);
        if (unused)
            f->cross_offset = 64;
    } else if (is(t, "PATCH_TOKEN_EXECUTION_ENVIRONMENT")) {
        if (!first(r, t, ONE_EXEC))
            return VSMP_ERR_MALFORMED;
        NUM("LargestCompiledSIMDSize", 8, 32, &v);
        if (v != 8 && v != 16 && v != 32)
            return bad(d, t->line, "%s: LargestCompiledSIMDSize = %ld: expected 8, 16 or 32",
                       t->name, v);
        f->simd = (unsigned)v;
        f->simd_line = t->line;
        long b = 0;
        const char *hb = get(t, "HasBarriers");
        if (hb && (strcmp(hb, "true") == 0 || strcmp(hb, "false") == 0))
            b = hb[0] == 't';
        else
            NUM("HasBarriers", 0, 0x7fffffff, &b);
        f->barriers = b != 0;
    } else if (is(t, "PATCH_TOKEN_ALLOCATE_CONSTANT_MEMORY_SURFACE_PROGRAM_BINARY_INFO") ||
               is(t, "PATCH_TOKEN_ALLOCATE_GLOBAL_MEMORY_SURFACE_PROGRAM_BINARY_INFO")) {
        /* the program's data (its bytes are in the program binary): one buffer of each */
        int k = strstr(t->name, "_CONSTANT_") ? 0 : 1;
        NUM("BufferIndex", 0, 0, &v);
        NUM("InitializationDataSize", 0, 1L << 30, &v);
        if (f->prog_bytes[k])
            return bad(d, t->line, "a second %s: one buffer of program-scope data is read",
                       t->name);
        f->prog_bytes[k] = (uint64_t)v;
    } else if (is(t,
                  "PATCH_TOKEN_ALLOCATE_STATELESS_CONSTANT_MEMORY_SURFACE_WITH_INITIALIZATION") ||
               is(t, "PATCH_TOKEN_ALLOCATE_STATELESS_GLOBAL_MEMORY_SURFACE_WITH_INITIALIZATION") ||
               is(t, "PATCH_TOKEN_ALLOCATE_STATELESS_PRINTF_SURFACE")) {
        int k = strstr(t->name, "PRINTF")       ? PROG_PRINTF
                : strstr(t->name, "_CONSTANT_") ? PROG_CONSTANT
                                                : PROG_GLOBAL;
        launch_prog_surf *ps = &f->prog[k];
        if (ps->present)
            return bad(d, t->line, "a second %s (the first at line %u)", t->name, ps->line);
        long ssh, sz;
        if (get(t, "Index"))
            NUM("Index", 0, 0, &v);
        if (get(t, "PrintfSurfaceIndex"))
            NUM("PrintfSurfaceIndex", 0, 0, &v);
        NUM("SurfaceStateHeapOffset", -1, 64 * 256 - 64, &ssh);
        NUM("DataParamOffset", 0, 4095, &off);
        NUM("DataParamSize", 4, 8, &sz);
        if (ssh >= 0 && ssh % 64)
            return bad(d, t->line, "%s: SurfaceStateHeapOffset = %ld: not a multiple of 64",
                       t->name, ssh);
        if (sz != 4 && sz != 8)
            return bad(d, t->line, "%s: DataParamSize = %ld: expected 4 or 8", t->name, sz);
        ps->present = true;
        ps->bti = ssh < 0 ? -1 : (int32_t)(ssh / 64);
        ps->offset = (int32_t)off;
        ps->size = (uint32_t)sz;
        ps->line = t->line;
    } else if (is(t, "PATCH_TOKEN_ALLOCATE_STATELESS_PRIVATE_MEMORY")) {
        /* the private base (the same for every thread: a thread adds its own slot from %sr0
         * and its lanes) and the bytes of each work-item, or hardware thread */
        launch_prog_surf *ps = &f->prog[PROG_PRIVATE];
        if (ps->present)
            return bad(d, t->line, "a second %s (the first at line %u)", t->name, ps->line);
        long ssh, sz, simt;
        NUM("SurfaceHeapOffset", -1, 64 * 256 - 64, &ssh);
        NUM("DataParamOffset", 0, 4095, &off);
        NUM("DataParamSize", 4, 8, &sz);
        NUM("PerThreadPrivateMemorySize", 0, LAUNCH_MAX_PRIVATE, &v);
        NUM("IsSimtThread", 0, 1, &simt);
        if (ssh >= 0 && ssh % 64)
            return bad(d, t->line, "%s: SurfaceHeapOffset = %ld: not a multiple of 64", t->name,
                       ssh);
        if (sz != 4 && sz != 8)
            return bad(d, t->line, "%s: DataParamSize = %ld: expected 4 or 8", t->name, sz);
        ps->present = true;
        ps->bti = ssh < 0 ? -1 : (int32_t)(ssh / 64);
        ps->offset = (int32_t)off;
        ps->size = (uint32_t)sz;
        ps->line = t->line;
        f->private_size = (uint32_t)v;
        f->private_simt = simt != 0;
    } else if (is(t, "PATCH_TOKEN_MEDIA_VFE_STATE")) {
        /* the scratch space (T5) each hardware thread has: IGC keeps private arrays there on
         * skl and tgllp (and spills, which vISA does not see) */
        if (f->scratch_line)
            return bad(d, t->line, "a second %s (the first at line %u)", t->name, f->scratch_line);
        NUM("PerThreadScratchSpace", 0, VSMP_LAUNCH_MAX_SCRATCH, &v);
        f->scratch_size = (uint32_t)v;
        f->scratch_line = t->line;
    } else if (is(t, "PATCH_TOKEN_STRING")) {
        NUM("String Index", 0, LAUNCH_MAX_STRINGS - 1, &v);
        if (!t->has_text)
            return bad(d, t->line, "%s: no String Size with its value", t->name);
        if (f->str_off[v] >= 0)
            return bad(d, t->line, "%s: a second string %ld", t->name, v);
        char buf[MAX_LINE];
        size_t n = 0;
        for (const char *c = t->text; *c; c++) {
            char ch = *c;
            if (ch == '\\') {
                /* the dump writes the string with C's escapes */
                static const char esc[] = "n\nt\tr\rv\vf\fa\ab\b\\\\\"\"''?"
                                          "?0";
                const char *e = c[1] ? strchr(esc, c[1]) : NULL;
                if (!e || (e - esc) % 2)
                    return bad(d, t->line, "%s: String Size: an escape \\%c vsmp does not read",
                               t->name, c[1] ? c[1] : ' ');
                ch = c[1] == '0' ? 0 : e[1];
                c++;
                if (!ch)
                    break; /* the string ends at an embedded NUL, as C's printf reads it */
            }
            buf[n++] = ch;
        }
        buf[n] = 0;
        if (f->str_used + n + 1 > sizeof(f->strtab))
            return bad(d, t->line, "%s: the printf strings take more than %zu bytes", t->name,
                       sizeof(f->strtab));
        f->str_off[v] = (int32_t)f->str_used;
        memcpy(f->strtab + f->str_used, buf, n + 1);
        f->str_used += (uint32_t)n + 1;
    } else if (is(t, "PATCH_TOKEN_KERNEL_ARGUMENT_INFO")) {
        NUM("ArgumentNumber", 0, VSMP_LAUNCH_MAX_ARGS - 1, &arg);
        if (r->info_line[arg])
            return bad(d, t->line, "a second %s of argument %ld (the first at line %u)", t->name,
                       arg, r->info_line[arg]);
        r->info_line[arg] = t->line;
        vsmp_launch_arg_info *a = arg_as(r, arg, VSMP_ARG_NONE, t);
        const char *ty = get(t, "TypeNameSize"), *nm = get(t, "ArgumentNameSize");
        if (ty) {
            snprintf(a->type, sizeof(a->type), "%s", ty);
            char *semi = strchr(a->type, ';'); /* "float*;8": the size after ';' */
            if (semi)
                *semi = 0;
        }
        if (nm)
            snprintf(a->name, sizeof(a->name), "%s", nm);
    } else if (is(t, BINARY_HEADER)) {
        if (!first(r, t, ONE_HEADER))
            return VSMP_ERR_MALFORMED;
        NUM("DynamicStateHeapSize", 0, 0x7fffffff, &f->dsh_size);
        f->dsh_line = t->line;
        const char *cs = get(t, "CheckSum");
        char *end = NULL;
        unsigned long c = cs ? strtoul(cs, &end, 16) : 0;
        if (cs && (end == cs || *end || c > 0xffffffffu))
            return bad(d, t->line, "%s CheckSum = \"%s\": expected 8 hex digits", t->name, cs);
        f->has_checksum = cs != NULL;
        f->checksum = (uint32_t)c;
    }
    return VSMP_OK;
}

/* "Field = value", or "Field = N | value = "text"" (the text kept). */
static vsmp_status split_field(char *s, token *t, uint32_t line, vsmp_diags *d)
{
    char *eq = strchr(s, '=');
    if (!eq)
        return bad(d, line, "%s: a field that is not \"Name = value\"", t->name);
    if (t->nf == MAX_FIELDS)
        return bad(d, line, "%s: more than %d fields", t->name, MAX_FIELDS);
    char *k = s, *v = eq + 1;
    *eq = 0;
    while (*k == ' ' || *k == '\t')
        k++;
    size_t kl = strlen(k);
    while (kl && k[kl - 1] == ' ')
        k[--kl] = 0;
    char *q = strstr(v, "| value = \"");
    if (q && strcmp(k, "String Size") == 0) {
        /* a printf string: its text may be longer than a value; the size is the value */
        char *e = strrchr(q + 11, '"');
        if (!e || e < q + 11)
            return bad(d, line, "%s: String Size: no closing quote", t->name);
        *e = 0;
        snprintf(t->text, sizeof(t->text), "%s", q + 11);
        t->has_text = true;
        *q = 0;
        q = NULL;
    }
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
    if (kl >= sizeof(t->key[0]))
        return bad(d, line, "%s: a field name longer than %zu characters", t->name,
                   sizeof(t->key[0]) - 1);
    if (strlen(v) >= MAX_VALUE)
        return bad(d, line, "%s: %s: a value longer than %d characters", t->name, k, MAX_VALUE - 1);
    if (get(t, k))
        return bad(d, line, "%s: a second field %s", t->name, k);
    memcpy(t->key[t->nf], k, kl + 1);
    snprintf(t->val[t->nf], sizeof(t->val[0]), "%s", v);
    t->nf++;
    return VSMP_OK;
}

/* Once every token is read: the sampler arguments' indices, the kinds of the data parameters'
 * arguments, and the cross-thread bytes every value takes (inside the data, none over another). */
static vsmp_status resolve(reader *r)
{
    vsmp_launch_iface *f = r->f;
    vsmp_diags *d = r->d;
    if (!f->kernel[0])
        return bad(d, 0, "no \"Kernel Name\" line: not an IGC patch-token dump");
    if (!f->simd)
        return bad(d, 0, "no PATCH_TOKEN_EXECUTION_ENVIRONMENT (the SIMD width)");
    if (!r->once[ONE_PAYLOAD])
        return bad(d, 0, "no PATCH_TOKEN_THREAD_PAYLOAD (the local IDs of the payload)");
    if (r->binary_name_line && strcmp(r->binary_name, f->kernel))
        return bad(d, r->binary_name_line,
                   "Kernel Name: %s: the binary header of another kernel than %s (line %u)",
                   r->binary_name, f->kernel, f->kernel_line);
    for (unsigned i = 0; i < f->nargs; i++) {
        if (!r->smp_line[i])
            continue;
        long rel = r->smp_off[i] - f->sampler_array_offset;
        if (!r->once[ONE_SAMPLERS])
            return bad(d, r->smp_line[i],
                       "PATCH_TOKEN_SAMPLER_KERNEL_ARGUMENT: argument %u without a "
                       "PATCH_TOKEN_SAMPLER_STATE_ARRAY",
                       i);
        /* SAMPLER_STATE is 16 bytes; Offset counts from the dynamic state heap */
        if (rel < 0 || rel % 16 || rel / 16 >= f->sampler_count)
            return bad(d, r->smp_line[i],
                       "PATCH_TOKEN_SAMPLER_KERNEL_ARGUMENT: Offset = %ld: not one of the %u "
                       "sampler states at %ld (line %u)",
                       r->smp_off[i], f->sampler_count, f->sampler_array_offset, f->sampler_line);
        f->args[i].sampler = (int32_t)(rel / 16);
    }
    /* the bytes each value takes in the cross-thread data */
    uint32_t cap = f->cross_size ? f->cross_size : 256;
    for (unsigned i = 0; i < f->nparams; i++) {
        const launch_param *p = &f->params[i];
        if (p->kind >= LP_IMAGE_WIDTH && p->kind <= LP_IMAGE_NUM_SAMPLES &&
            ((unsigned)p->arg >= f->nargs || f->args[p->arg].kind != VSMP_ARG_IMAGE))
            return bad(d, p->line,
                       "PATCH_TOKEN_DATA_PARAMETER_BUFFER: an image size of argument "
                       "%d, which is no image",
                       p->arg);
        if (p->kind >= LP_SAMPLER_ADDRESS && p->kind <= LP_SAMPLER_SNAP_WA &&
            ((unsigned)p->arg >= f->nargs || f->args[p->arg].kind != VSMP_ARG_SAMPLER))
            return bad(d, p->line,
                       "PATCH_TOKEN_DATA_PARAMETER_BUFFER: a sampler value of argument %d, "
                       "which is no sampler_t",
                       p->arg);
        if (p->offset + p->size > cap)
            return bad(d, p->line,
                       "PATCH_TOKEN_DATA_PARAMETER_BUFFER: Offset = %u, DataSize = %u: past the "
                       "%u bytes of cross-thread data (DataParameterStreamSize)",
                       p->offset, p->size, cap);
    }
    for (unsigned i = 0; i < f->nargs; i++) {
        const vsmp_launch_arg_info *a = &f->args[i];
        if (a->kind != VSMP_ARG_BUFFER)
            continue;
        if ((uint32_t)a->offset + a->size > cap)
            return bad(d, f->arg_line[i],
                       "argument %u: DataParamOffset = %d: its pointer is past the %u bytes of "
                       "cross-thread data (DataParameterStreamSize)",
                       i, a->offset, cap);
        for (unsigned k = 0; k < f->nparams; k++) {
            const launch_param *p = &f->params[k];
            if (p->kind == LP_NONE || !p->size)
                continue;
            if (p->offset < (uint32_t)a->offset + a->size &&
                (uint32_t)a->offset < p->offset + p->size)
                return bad(d, p->line,
                           "PATCH_TOKEN_DATA_PARAMETER_BUFFER: Offset = %u, DataSize = %u: over "
                           "the pointer of buffer argument %u (line %u)",
                           p->offset, p->size, i, f->arg_line[i]);
        }
    }
    return VSMP_OK;
}

vsmp_status vsmp_launch_iface_parse(const char *text, size_t size, vsmp_launch_iface **out,
                                    vsmp_diags *d)
{
    if (!out || (!text && size))
        return VSMP_ERR_ARG;
    *out = NULL;
    vsmp_launch_iface *f = calloc(1, sizeof(*f));
    token *t = calloc(1, sizeof(*t));
    reader *r = calloc(1, sizeof(*r));
    if (!f || !t || !r) {
        free(f);
        free(t);
        free(r);
        return VSMP_ERR_NOMEM;
    }
    f->dsh_size = -1;
    vsmp_launch_iface_init_prog(f);
    r->f = f;
    r->d = d;
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
            st = bad(d, lineno, "a line longer than %d characters", MAX_LINE - 1);
            break;
        }
        memcpy(line, text + pos, len);
        line[len] = 0;
        if (memchr(line, 0, len)) {
            st = bad(d, lineno, "a NUL byte");
            break;
        }
        pos = e + 1;
        if (line[0] == '\t') {
            if (in_token)
                st = split_field(line, t, lineno, d);
            continue;
        }
        if (in_token)
            st = commit(r, t);
        in_token = false;
        if (st)
            break;
        const char *kn = strstr(line, "** Kernel Patch Lists : Kernel Name = ");
        if (kn) {
            if (f->kernel[0]) {
                st = bad(d, lineno, "the patch list of a second kernel (the first, %s, at line %u)",
                         f->kernel, f->kernel_line);
                break;
            }
            const char *nm = kn + 38;
            size_t nl = strcspn(nm, " ");
            if (!nl || nl >= sizeof(f->kernel)) {
                st = bad(d, lineno, "Kernel Name: empty or longer than %zu characters",
                         sizeof(f->kernel) - 1);
                break;
            }
            memcpy(f->kernel, nm, nl);
            f->kernel[nl] = 0;
            f->kernel_line = lineno;
            continue;
        }
        if (strncmp(line, "Kernel Name: ", 13) == 0) {
            snprintf(r->binary_name, sizeof(r->binary_name), "%.*s",
                     (int)sizeof(r->binary_name) - 1, line + 13);
            r->binary_name_line = lineno;
            continue;
        }
        bool header = strcmp(line, BINARY_HEADER) == 0;
        if (header || strncmp(line, "PATCH_TOKEN_", 12) == 0) {
            memset(t, 0, sizeof(*t));
            size_t nl = header ? strlen(line) : strcspn(line, " ");
            if (nl >= sizeof(t->name)) {
                st = bad(d, lineno, "a token name longer than %zu characters", sizeof(t->name) - 1);
                break;
            }
            memcpy(t->name, line, nl);
            t->line = lineno;
            in_token = true;
        }
    }
    if (!st && in_token)
        st = commit(r, t);
    if (!st)
        st = resolve(r);
    free(t);
    free(r);
    if (st) {
        free(f);
        return st;
    }
    *out = f;
    return VSMP_OK;
}

/* ---- the interface against the kernel and the arguments ---- */

static const char *routine_string(const vsmp_routine *r, uint32_t i)
{
    return i < r->num_strings ? r->strings[i] : NULL;
}

static bool has_barrier(const vsmp_routine *r)
{
    for (uint32_t i = 0; i < r->num_insts; i++) {
        unsigned op = r->insts[i].opcode;
        if (op == VSMP_OPC_BARRIER || op == VSMP_OPC_SBARRIER || op == VSMP_OPC_NBARRIER)
            return true;
    }
    return false;
}

bool vsmp_launch_kernel_barriers(const vsmp_module *mod, uint32_t kernel)
{
    if (!mod || kernel >= mod->num_kernels)
        return false;
    if (has_barrier(&mod->kernels[kernel]))
        return true;
    for (uint32_t i = 0; i < mod->num_functions; i++)
        if (has_barrier(&mod->functions[i]))
            return true;
    return false;
}

/* What an OpenCL image type needs of its surface. */
static const struct {
    const char *type;
    vsmp_surface_type st;
    bool array;
    const char *what;
} image_types[] = {
    {"image1d_t", VSMP_SURFTYPE_1D, false, "a 1D image"},
    {"image1d_buffer_t", VSMP_SURFTYPE_BUFFER, false, "a buffer image (or a 1D image)"},
    {"image1d_array_t", VSMP_SURFTYPE_1D, true, "a 1D image array"},
    {"image2d_t", VSMP_SURFTYPE_2D, false, "a 2D image"},
    {"image2d_depth_t", VSMP_SURFTYPE_2D, false, "a 2D image"},
    {"image2d_msaa_t", VSMP_SURFTYPE_2D, false, "a 2D image"},
    {"image2d_array_t", VSMP_SURFTYPE_2D, true, "a 2D image array"},
    {"image2d_array_depth_t", VSMP_SURFTYPE_2D, true, "a 2D image array"},
    {"image2d_array_msaa_t", VSMP_SURFTYPE_2D, true, "a 2D image array"},
    {"image3d_t", VSMP_SURFTYPE_3D, false, "a 3D image"},
};

static const char *surface_what(const vsmp_surface_desc *sd)
{
    switch (sd->type) {
    case VSMP_SURFTYPE_1D:
        return sd->array ? "a 1D image array" : "a 1D image";
    case VSMP_SURFTYPE_2D:
        return sd->array ? "a 2D image array" : "a 2D image";
    case VSMP_SURFTYPE_3D:
        return "a 3D image";
    case VSMP_SURFTYPE_CUBE:
        return "a cube";
    case VSMP_SURFTYPE_BUFFER:
        return "a buffer image";
    case VSMP_SURFTYPE_NULL:
        return "a null surface";
    }
    return "?";
}

static vsmp_status ierr(vsmp_diags *d, uint32_t line, vsmp_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static vsmp_status ierr(vsmp_diags *d, uint32_t line, vsmp_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_diags_vadd(d, VSMP_SEV_ERROR, "launch.iface", line, 0, -1, fmt, ap);
    va_end(ap);
    return st;
}

vsmp_status vsmp_launch_iface_check(const vsmp_module *mod, uint32_t kernel,
                                    const vsmp_launch_iface *f, const vsmp_launch_arg *args,
                                    unsigned nargs, const vsmp_launch_options *o, vsmp_diags *d)
{
    if (!mod || !f || !o || (nargs && !args) || kernel >= mod->num_kernels)
        return VSMP_ERR_ARG;
    const vsmp_routine *r = &mod->kernels[kernel];
    /* the name of an interface read from a .cos; a built one is its builder's to match (IGC
     * 1.0.12504 names the kernel of every .visaasm section of a zebin "kernel": the zebin
     * reader matches sections by order and SIMD width) */
    if (r->name && f->kernel_line && strcmp(r->name, f->kernel))
        return ierr(d, f->kernel_line, VSMP_ERR_ARG,
                    "the interface is kernel %s's, the kernel is %s", f->kernel, r->name);
    /* the width IGC compiled the kernel for: its SimdSize attribute */
    for (uint32_t i = 0; i < r->num_attrs; i++) {
        const char *n = routine_string(r, r->attrs[i].name);
        if (!n || strcmp(n, "SimdSize") || !r->attrs[i].size)
            continue;
        uint32_t w = 0;
        for (unsigned b = 0; b < r->attrs[i].size && b < 4; b++)
            w |= (uint32_t)r->attrs[i].value[b] << (8 * b);
        if (w != f->simd)
            return ierr(d, f->simd_line, VSMP_ERR_ARG,
                        "LargestCompiledSIMDSize = %u, but kernel %s is compiled for SIMD%u "
                        "(.kernel_attr SimdSize)",
                        f->simd, f->kernel, w);
    }
    for (unsigned i = 0; i < f->nargs && i < nargs; i++) {
        const vsmp_launch_arg_info *a = &f->args[i];
        if (a->kind == VSMP_ARG_IMAGE && args[i].surface) {
            const vsmp_surface_desc *sd = vsmp_surface_get_desc(args[i].surface);
            for (size_t k = 0; sd && k < sizeof(image_types) / sizeof(image_types[0]); k++)
                if (strcmp(a->type, image_types[k].type) == 0 &&
                    (sd->type != image_types[k].st || sd->array != image_types[k].array) &&
                    /* an image1d_buffer_t reads a 1D image the same way */
                    !(image_types[k].st == VSMP_SURFTYPE_BUFFER && sd->type == VSMP_SURFTYPE_1D &&
                      !sd->array))
                    return ierr(d, f->arg_line[i], VSMP_ERR_ARG,
                                "argument %u (%s %s) needs %s; %s was given", i, a->type, a->name,
                                image_types[k].what, surface_what(sd));
        }
        if (a->kind == VSMP_ARG_SCALAR &&
            (args[i].size < a->size || args[i].size > VSMP_LAUNCH_MAX_ARG_BYTES))
            return ierr(d, f->arg_line[i], VSMP_ERR_ARG,
                        "argument %u (%s %s): a scalar of %u bytes, %u given", i, a->type, a->name,
                        a->size, args[i].size);
    }
    /* the program-scope buffers and the printf buffer, when given, hold at least the program's
     * bytes. Not given: IGC names them for every kernel of a program with such data, used or
     * not; a kernel that reaches them stops there (an unbound binding-table index, an unmapped
     * address) */
    static const char *const prog_what[PROG_PRIVATE] = {
        "program-scope __constant data", "program-scope __global data", "a printf buffer"};
    vsmp_surface *const prog[PROG_PRIVATE] = {o->program_constant, o->program_global,
                                              o->printf_buffer};
    for (int k = 0; k < PROG_PRIVATE; k++) {
        if (!f->prog[k].present || !prog[k])
            continue;
        const vsmp_surface_desc *sd = vsmp_surface_get_desc(prog[k]);
        uint64_t need = k < PROG_PRINTF ? f->prog_bytes[k] : 4;
        if (!sd || (uint64_t)sd->data_size < need)
            return ierr(d, f->prog[k].line, VSMP_ERR_ARG,
                        "kernel %s uses %s of %llu bytes; a surface of %zu was given", f->kernel,
                        prog_what[k], (unsigned long long)need, sd ? sd->data_size : 0);
    }
    /* the data parameters: each of a type and size the launcher writes */
    for (unsigned i = 0; i < f->nparams; i++) {
        const launch_param *p = &f->params[i];
        if (p->kind == LP_UNKNOWN)
            return ierr(d, p->line, VSMP_ERR_UNSUPPORTED,
                        "PATCH_TOKEN_DATA_PARAMETER_BUFFER: Type = %s (argument %d): a value the "
                        "launcher does not fill",
                        p->unknown, p->arg);
        bool wide = p->kind == LP_LOCAL_OFFSET || p->kind == LP_BINDLESS_SURFACE ||
                    p->kind == LP_BINDLESS_SAMPLER ||
                    p->kind == LP_BINDLESS_PROGRAM; /* 4 or 8 bytes */
        if (wide && p->size != 4 && p->size != 8)
            return ierr(d, p->line, VSMP_ERR_UNSUPPORTED,
                        "PATCH_TOKEN_DATA_PARAMETER_BUFFER: DataSize = %u: a __local argument's "
                        "offset of 4 or 8 bytes",
                        p->size);
        if (p->kind != LP_NONE && p->kind != LP_KERNEL_ARGUMENT && !wide && p->kind != LP_ZERO &&
            p->size != 4)
            return ierr(d, p->line, VSMP_ERR_UNSUPPORTED,
                        "PATCH_TOKEN_DATA_PARAMETER_BUFFER: DataSize = %u: the launcher writes "
                        "this value in 4 bytes",
                        p->size);
    }
    /* inline samplers: the states of SAMPLER_STATE_ARRAY no sampler_t argument uses */
    for (unsigned s = 0; s < f->sampler_count; s++) {
        bool arg = false;
        for (unsigned i = 0; i < f->nargs; i++)
            arg |= f->args[i].kind == VSMP_ARG_SAMPLER && f->args[i].sampler == (int32_t)s;
        if (!arg && !o->inline_samplers[s])
            return ierr(d, f->sampler_line, VSMP_ERR_ARG,
                        "sampler state %u is an inline sampler (__constant sampler_t) of the "
                        "kernel, and none was given",
                        s);
    }
    return VSMP_OK;
}

void vsmp_launch_iface_init_prog(vsmp_launch_iface *f)
{
    for (int k = 0; k < PROG_N; k++) {
        f->prog[k].bti = -1;
        f->prog[k].offset = -1;
    }
    for (int i = 0; i < LAUNCH_MAX_STRINGS; i++)
        f->str_off[i] = -1;
}

const char *vsmp_launch_iface_printf_string(const vsmp_launch_iface *f, unsigned index)
{
    if (!f || index >= LAUNCH_MAX_STRINGS || f->str_off[index] < 0)
        return NULL;
    return f->strtab + f->str_off[index];
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

unsigned vsmp_launch_iface_num_sampler_states(const vsmp_launch_iface *f)
{
    return f ? f->sampler_count : 0;
}
