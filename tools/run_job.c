/* SPDX-License-Identifier: MIT */
/* `vsmp run RUN.json`: run a kernel on the machine. Schema: docs/RUN.md. Public API only. */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <json-c/json.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "job_json.h"
#include "run_job.h"
#include "sample_job.h"
#include "tool_out.h"
#include "vsmp/vsmp.h"

#define MAX_KERNEL_FILE (64u << 20)
#define MAX_THREADS     65536

typedef struct run {
    const char *path;
    char kpath[4200];     /* the kernel file: its diagnostics carry its lines */
    unsigned error_limit; /* --error-limit: diagnostics kept of each severity, 0 = all */
    char dir[4096];
    FILE *out, *err;
    vsmp_module *mod;
    vsmp_machine *m;
    vsmp_surface *surf[VSMP_MAX_BINDINGS];
    bool trace;
    bool shared; /* a worker's copy: the surfaces belong to the first run */
    uint32_t thread;
    size_t max_memory; /* --max-memory */
    uint8_t *scratch;  /* a variable's bytes, for print and trace */
    size_t scratch_cap;
} run;

static int fail(run *r, const char *fmt, ...) VSMP_TOOL_PRINTF(2, 3);
static int fail(run *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_tool_vfail(r->err, r->path, fmt, ap);
    va_end(ap);
    return -1;
}

static int type_of(const char *s)
{
    for (unsigned t = 0; t < 16; t++)
        if (vsmp_type_name(t) && strcmp(vsmp_type_name(t), s) == 0)
            return (int)t;
    return -1;
}

/* ---- typed values ---- */

/* The range of integer type t: [lo, hi] as signed, or [0, uhi] for the unsigned types. */
static bool int_range(unsigned t, int64_t *lo, uint64_t *hi)
{
    unsigned bits = 8u * vsmp_type_size(t);
    bool sgn = vsmp_type_class(t) == VSMP_TCLASS_SINT;
    *lo = sgn ? (bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1))) : 0;
    *hi = sgn          ? ((uint64_t)1 << (bits - 1)) - 1u
          : bits == 64 ? UINT64_MAX
                       : ((uint64_t)1 << bits) - 1u;
    return sgn;
}

/* A JSON number as text for a message. json_object_get_string would do, but it keeps the text
 * it makes in the object, and the workers read the same description at once: every read here
 * leaves the objects as they are. */
static const char *num_text(json_object *v, char *buf, size_t n)
{
    int64_t x = json_object_get_int64(v);
    if (!json_object_is_type(v, json_type_int))
        snprintf(buf, n, "%.15g", json_object_get_double(v));
    else if (x == INT64_MAX)
        snprintf(buf, n, "%" PRIu64, json_object_get_uint64(v));
    else
        snprintf(buf, n, "%" PRId64, x);
    return buf;
}

/* One JSON value at @p path as the vsmp_type_size(t) bytes of type @p t (docs/RUN.md): a number
 * of the type's range (an integer for the integer types; F, HF, DF rounded to nearest, not
 * past the format's largest finite value), or "0x" and at most as many hex digits as the type
 * has (its raw bits). Anything else is refused with its path. */
static int encode(run *r, json_object *v, unsigned t, uint8_t *b, const char *path)
{
    unsigned n = vsmp_type_size(t), bits = 8u * n;
    const char *tn = vsmp_type_name(t);
    uint64_t out = 0;
    bool is_f = t == VSMP_TYPE_F || t == VSMP_TYPE_HF || t == VSMP_TYPE_DF;
    if (json_object_is_type(v, json_type_string)) {
        const char *s = json_object_get_string(v);
        size_t len = strlen(s), digits = len > 2 ? len - 2 : 0;
        bool hex = len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
        for (size_t k = 2; hex && k < len; k++)
            hex = isxdigit((unsigned char)s[k]) != 0;
        if (!hex)
            return fail(r, "%s: \"%s\": a string gives raw bits, \"0x\" then hex digits", path, s);
        while (digits > 1 && s[len - digits] == '0') /* leading zeros add no bits */
            digits--;
        out = strtoull(s + 2, NULL, 16);
        if (digits > bits / 4u)
            return fail(r, "%s: \"%s\" has more bits than %s's %u", path, s, tn, bits);
    } else if (json_object_is_type(v, json_type_int) && !is_f) {
        int64_t lo;
        uint64_t hi;
        int_range(t, &lo, &hi);
        /* json-c holds 2^63..2^64 - 1 as unsigned (int64 reads INT64_MAX) and refuses more */
        int64_t x = json_object_get_int64(v);
        uint64_t u = x == INT64_MAX ? json_object_get_uint64(v) : (uint64_t)x;
        bool ok = x < 0 ? x >= lo : u <= hi;
        out = u;
        char nb[32];
        if (!ok)
            return fail(r, "%s: %s is outside %s's range %" PRId64 "..%" PRIu64, path,
                        num_text(v, nb, sizeof(nb)), tn, lo, hi);
    } else if (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double)) {
        double d = json_object_get_double(v);
        if (t == VSMP_TYPE_F || t == VSMP_TYPE_HF) {
            float f = (float)d;
            char nb[32];
            if (!isfinite(f) || (t == VSMP_TYPE_HF && fabsf(f) >= 65520.0f))
                return fail(r, "%s: %s is outside %s's range", path, num_text(v, nb, sizeof(nb)),
                            tn);
            uint32_t u;
            memcpy(&u, &f, 4);
            out = t == VSMP_TYPE_HF ? vsmp_tool_f2h(f) : u;
        } else if (t == VSMP_TYPE_DF) {
            memcpy(&out, &d, 8);
        } else {
            int64_t lo;
            uint64_t hi;
            int_range(t, &lo, &hi);
            char nb[32];
            if (d != floor(d))
                return fail(r, "%s: %s is not an integer (type %s)", path,
                            num_text(v, nb, sizeof(nb)), tn);
            if (!(d >= (double)lo && d <= (double)hi) || d >= 18446744073709551616.0 ||
                (lo == INT64_MIN && d >= 9223372036854775808.0))
                return fail(r, "%s: %s is outside %s's range %" PRId64 "..%" PRIu64, path,
                            num_text(v, nb, sizeof(nb)), tn, lo, hi);
            out = d < 0 ? (uint64_t)(int64_t)d : (uint64_t)d;
        }
    } else {
        return fail(r, "%s: values are numbers or \"0x...\" strings", path);
    }
    for (unsigned k = 0; k < n; k++)
        b[k] = (uint8_t)(out >> (8 * k));
    return 0;
}

/* A value or an array of values at @p path, as type @p t, at most @p cap bytes: a new buffer in
 * *out (the caller frees it) of *len bytes. */
static int encode_all(run *r, json_object *v, unsigned t, size_t cap, const char *path,
                      uint8_t **out, size_t *len)
{
    unsigned n = vsmp_type_size(t);
    bool arr = json_object_is_type(v, json_type_array);
    size_t count = arr ? json_object_array_length(v) : 1;
    if (count > cap / n)
        return fail(r, "%s: %zu values of %u bytes do not fit in %zu", path, count, n, cap);
    uint8_t *buf = malloc(count ? count * n : 1);
    if (!buf)
        return fail(r, "%s: out of memory", path);
    for (size_t i = 0; i < count; i++) {
        char where[300];
        if (arr)
            snprintf(where, sizeof(where), "%s[%zu]", path, i);
        else
            snprintf(where, sizeof(where), "%s", path);
        if (encode(r, arr ? json_object_array_get_idx(v, i) : v, t, buf + i * n, where)) {
            free(buf);
            return -1;
        }
    }
    *out = buf;
    *len = count * n;
    return 0;
}

/* ---- set-up ---- */

/* The value types a description names (docs/RUN.md). */
static int jtype(run *r, json_object *v, const char *path, unsigned *t)
{
    static const char *const names[] = {"ud", "d", "uw", "w",  "ub", "b",
                                        "uq", "q", "f",  "hf", "df"};
    const char *s = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : "";
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        int k = type_of(names[i]);
        if (k >= 0 && strcmp(s, names[i]) == 0) {
            *t = (unsigned)k;
            return 0;
        }
    }
    return fail(r, "%s: a type is one of ud, d, uw, w, ub, b, uq, q, f, hf, df", path);
}

/* An integer in lo..hi at path (without json_object_get_string: num_text). */
static int jint(run *r, json_object *v, const char *path, int64_t lo, int64_t hi, int64_t *out)
{
    char nb[32];
    if (!json_object_is_type(v, json_type_int))
        return fail(r, "%s: expected an integer", path);
    int64_t x = json_object_get_int64(v);
    if (x < lo || x > hi || x == INT64_MAX || x == INT64_MIN)
        return fail(r, "%s: %s is out of range [%" PRId64 ", %" PRId64 "]", path,
                    num_text(v, nb, sizeof(nb)), lo, hi);
    *out = x;
    return 0;
}

static int load_kernel(run *r, json_object *root, const char *kernel_override)
{
    json_object *jk = jfield(root, "kernel");
    const char *name = kernel_override;
    jerr e = {{0}};
    if (!name && jk && jval_str(jk, "kernel", &name, &e))
        return fail(r, "%s", e.msg);
    if (!name)
        return fail(r, "the run needs a \"kernel\" path");
    char *path = r->kpath;
    if (kernel_override)
        snprintf(path, sizeof(r->kpath), "%s", name);
    else
        vsmp_tool_join(r->dir, name, path, sizeof(r->kpath));
    size_t n = 0;
    char msg[4400];
    uint8_t *data = vsmp_tool_read_file(path, MAX_KERNEL_FILE, &n, msg, sizeof(msg));
    if (!data)
        return fail(r, "%s", msg);
    size_t len = strlen(path);
    bool text = len > 8 && strcmp(path + len - 8, ".visaasm") == 0;
    if (!text && !(n >= 4 && memcmp(data, "CISA", 4) == 0))
        text = true;
    vsmp_status st =
        vsmp_tool_parse_module(data, n, text, r->max_memory, r->error_limit, path, r->err, &r->mod);
    free(data);
    if (st)
        return fail(r, "%s: %s", path, vsmp_status_str(st));
    if (!r->mod->num_kernels)
        return fail(r, "%s has no kernel", path);
    return 0;
}

static void on_trace(void *user, const vsmp_machine *m, const vsmp_trace_event *ev);

static int make_machine(run *r, json_object *root)
{
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    if (r->trace) {
        o.trace = on_trace;
        o.trace_user = r;
    }
    jerr e = {{0}};
    json_object *jp = jfield(root, "platform");
    const char *pname = NULL;
    if (jp && jval_str(jp, "platform", &pname, &e))
        return fail(r, "%s", e.msg);
    if (pname && vsmp_platform_find(pname, &o.platform))
        return fail(r, "platform: unknown platform \"%s\"", pname);
    json_object *js = jfield(root, "simd");
    if (js) {
        int64_t w = 0;
        if (jint(r, js, "simd", 1, 32, &w))
            return -1;
        if (w != 8 && w != 16 && w != 32)
            return fail(r, "simd: %" PRId64 " is not a dispatch width (8, 16 or 32)", w);
        o.dispatch_simd = (uint8_t)w;
    }
    json_object *jm = jfield(root, "dispatch_mask");
    if (jm) {
        uint8_t b[4];
        if (encode(r, jm, VSMP_TYPE_UD, b, "dispatch_mask"))
            return -1;
        o.dispatch_mask =
            (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
    json_object *ju = jfield(root, "hw_unorm_formats");
    bool hw = false;
    if (ju && jval_bool(ju, "hw_unorm_formats", &hw, &e))
        return fail(r, "%s", e.msg);
    o.hw_unorm_formats = hw;
    json_object *jc = jfield(root, "coarse_pixel");
    if (jc) {
        int c[2] = {0, 0};
        bool ok = json_object_is_type(jc, json_type_array) && json_object_array_length(jc) == 2;
        for (size_t i = 0; ok && i < 2; i++) {
            json_object *v = json_object_array_get_idx(jc, i);
            ok = json_object_is_type(v, json_type_int);
            c[i] = ok ? json_object_get_int(v) : 0;
            ok = ok && c[i] >= 1 && c[i] <= 4;
        }
        if (!ok)
            return fail(r, "coarse_pixel: [cx, cy] with each in 1..4 expected");
        o.coarse_x = (uint8_t)c[0];
        o.coarse_y = (uint8_t)c[1];
    }
    vsmp_diags d;
    vsmp_diags_init(&d);
    d.limit = r->error_limit;
    vsmp_check_options co = {.platform = o.platform};
    /* a worker's copy: the kernel was checked (and its warnings printed) for the first run */
    vsmp_status st = r->shared ? VSMP_OK : vsmp_module_check(r->mod, &co, &d);
    if (!st)
        st = vsmp_machine_create(r->mod, 0, &o, &r->m, &d);
    vsmp_diags_print(&d, r->kpath, r->err);
    vsmp_diags_free(&d);
    if (st)
        return fail(r, "the kernel cannot run: %s", vsmp_status_str(st));
    return 0;
}

static int bind_all(run *r, json_object *root)
{
    json_object *js = jfield(root, "surfaces");
    size_t n = js && json_object_is_type(js, json_type_array) ? json_object_array_length(js) : 0;
    char msg[512], where[64];
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(js, i);
        json_object *jb = jfield(e, "bti");
        int64_t bti = -1;
        snprintf(where, sizeof(where), "surfaces[%zu].bti", i);
        if (!jb)
            return fail(r, "surfaces[%zu]: \"bti\" must be a free index 0..255", i);
        if (jint(r, jb, where, 0, VSMP_MAX_BINDINGS - 1, &bti))
            return -1;
        if (!r->shared && r->surf[bti])
            return fail(r, "%s: index %" PRId64 " is bound twice", where, bti);
        if (!r->shared &&
            vsmp_job_surface(e, r->dir, r->max_memory, &r->surf[bti], msg, sizeof(msg)))
            return fail(r, "surfaces[%zu]: %s", i, msg);
        vsmp_machine_bind_surface(r->m, (unsigned)bti, r->surf[bti]);
        json_object *ja = jfield(e, "address");
        if (ja) {
            uint8_t b[8];
            snprintf(where, sizeof(where), "surfaces[%zu].address", i);
            if (encode(r, ja, VSMP_TYPE_UQ, b, where))
                return -1;
            uint64_t a = 0;
            for (int k = 7; k >= 0; k--)
                a = a << 8 | b[k];
            uint64_t size = vsmp_surface_get_desc(r->surf[bti])->data_size;
            if (a + size < a)
                return fail(r,
                            "%s: 0x%" PRIx64 " and the surface's %" PRIu64
                            " bytes wrap past the end of the 64-bit address space",
                            where, a, size);
            vsmp_status st = vsmp_machine_map_surface(r->m, a, r->surf[bti]);
            if (st == VSMP_ERR_SPACE)
                return fail(r, "%s: more than %d surfaces are mapped", where,
                            VSMP_MAX_SVM_MAPPINGS);
            if (st)
                return fail(r, "%s: [0x%" PRIx64 ", +%" PRIu64 ") overlaps another mapping", where,
                            a, size);
        }
    }
    json_object *jsm = jfield(root, "samplers");
    n = jsm && json_object_is_type(jsm, json_type_array) ? json_object_array_length(jsm) : 0;
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(jsm, i);
        json_object *ji = jfield(e, "index");
        int64_t idx = -1;
        vsmp_sampler_state st;
        snprintf(where, sizeof(where), "samplers[%zu].index", i);
        if (!ji)
            return fail(r, "samplers[%zu]: \"index\" must be 0..255", i);
        if (jint(r, ji, where, 0, VSMP_MAX_SAMPLER_STATES - 1, &idx))
            return -1;
        if (vsmp_job_sampler(e, &st, msg, sizeof(msg)))
            return fail(r, "samplers[%zu]: %s", i, msg);
        vsmp_machine_bind_sampler(r->m, (unsigned)idx, &st);
    }
    return 0;
}

/* "payload": [{"offset", "type", "values"}] raw bytes of the thread payload. */
static int set_payload(run *r, json_object *root)
{
    json_object *jp = jfield(root, "payload");
    size_t n = jp && json_object_is_type(jp, json_type_array) ? json_object_array_length(jp) : 0;
    size_t size = vsmp_machine_payload_size(r->m);
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(jp, i);
        json_object *jo = jfield(e, "offset"), *jt = jfield(e, "type"), *jv = jfield(e, "values");
        char where[64];
        unsigned t = VSMP_TYPE_UD;
        int64_t off = 0;
        if (!jo || !jv)
            return fail(r, "payload[%zu] needs \"offset\" and \"values\"", i);
        snprintf(where, sizeof(where), "payload[%zu].type", i);
        if (jt && jtype(r, jt, where, &t))
            return -1;
        snprintf(where, sizeof(where), "payload[%zu].offset", i);
        if (jint(r, jo, where, 0, INT32_MAX, &off))
            return -1;
        if ((size_t)off >= size)
            return fail(r, "%s: %" PRId64 " lies outside the %zu-byte payload", where, off, size);
        snprintf(where, sizeof(where), "payload[%zu].values", i);
        uint8_t *buf;
        size_t len;
        if (encode_all(r, jv, t, size - (size_t)off, where, &buf, &len))
            return -1;
        vsmp_status st = vsmp_machine_set_payload(r->m, (size_t)off, buf, len);
        free(buf);
        if (st)
            return fail(r, "payload[%zu] lies outside the %zu-byte payload", i, size);
    }
    return 0;
}

/* Whether @p vi is one of the kernel's .input variables; *off and *size its payload bytes. */
static bool is_input(const run *r, const vsmp_var_info *vi, int *off, unsigned *size)
{
    const vsmp_routine *k = &r->mod->kernels[0];
    unsigned cls = vi->cls == VSMP_VAR_GENERAL   ? VSMP_INPUT_GENERAL
                   : vi->cls == VSMP_VAR_SAMPLER ? VSMP_INPUT_SAMPLER
                   : vi->cls == VSMP_VAR_SURFACE ? VSMP_INPUT_SURFACE
                                                 : 99u;
    for (uint32_t i = 0; i < k->num_inputs; i++)
        if ((k->inputs[i].kind & 3u) == cls && k->inputs[i].id == vi->id) {
            *off = k->inputs[i].offset, *size = k->inputs[i].size;
            return true;
        }
    return false;
}

/* "vars": {"NAME": values | {"offset", "type", "values"}}: written before the run. An .input
 * variable is refused: the run copies the payload over it (docs/RUN.md). */
static int set_vars(run *r, json_object *jv)
{
    static const char *const keys[] = {"offset", "type", "values", NULL};
    if (!jv)
        return 0;
    if (!json_object_is_type(jv, json_type_object))
        return fail(r, "\"vars\" must be an object");
    json_object_object_foreach(jv, name, val)
    {
        vsmp_var_info vi;
        char where[300];
        snprintf(where, sizeof(where), "vars.%s", name);
        if (vsmp_machine_find(r->m, name, &vi))
            return fail(r, "%s: no variable \"%s\"", where, name);
        int in_off;
        unsigned in_size;
        if (is_input(r, &vi, &in_off, &in_size))
            return fail(r,
                        "%s: \"%s\" is an .input variable, copied from payload bytes %d..%u at "
                        "each run over what \"vars\" would write; give its values in \"payload\"",
                        where, name, in_off, (unsigned)in_off + in_size - 1u);
        unsigned t = vi.cls == VSMP_VAR_GENERAL ? vi.type : VSMP_TYPE_UD;
        int64_t off = 0;
        json_object *values = val;
        if (json_object_is_type(val, json_type_object)) {
            jerr e = {{0}};
            if (jcheck_object(val, where, keys, &e))
                return fail(r, "%s", e.msg);
            json_object *jt = jfield(val, "type"), *jo = jfield(val, "offset");
            char sub[320];
            snprintf(sub, sizeof(sub), "%s.type", where);
            if (jt && jtype(r, jt, sub, &t))
                return -1;
            snprintf(sub, sizeof(sub), "%s.offset", where);
            if (jo && jint(r, jo, sub, 0, (int64_t)vi.bytes - 1, &off))
                return -1;
            values = jfield(val, "values");
            if (!values)
                return fail(r, "%s needs \"values\"", where);
            snprintf(where, sizeof(where), "vars.%s.values", name);
        }
        if (vi.cls != VSMP_VAR_GENERAL)
            t = VSMP_TYPE_UD; /* predicates, addresses, surface and sampler indices: 32-bit */
        uint8_t *buf;
        size_t len;
        if (encode_all(r, values, t, vi.bytes - (size_t)off, where, &buf, &len))
            return -1;
        vsmp_status st = vsmp_machine_write_var(r->m, vi.cls, vi.id, (size_t)off, buf, len);
        free(buf);
        if (st)
            return fail(r, "%s: %zu bytes at %" PRId64 " do not fit its %u bytes", where, len, off,
                        vi.bytes);
    }
    return 0;
}

/* ---- output ---- */

/* One value of type t (bf prints its raw bits: no bfloat16 text). */
static void print_value(FILE *out, const uint8_t *p, unsigned t, bool hex)
{
    unsigned n = vsmp_type_size(t);
    uint64_t b = 0;
    for (unsigned k = 0; k < n; k++)
        b |= (uint64_t)p[k] << (8 * k);
    vsmp_tool_print_value(out, b, n, t == VSMP_TYPE_BF ? VSMP_TCLASS_UINT : vsmp_type_class(t),
                          hex);
}

/* A variable's bytes into the run's scratch buffer (grown to its size). @return the buffer or
 * NULL (out of memory, or no such variable), *got its bytes. */
static uint8_t *read_whole(run *r, const vsmp_machine *m, vsmp_var_class cls, uint32_t id,
                           size_t *got)
{
    size_t need = 0;
    vsmp_status st = vsmp_machine_read_var(m, cls, id, 0, r->scratch, r->scratch_cap, &need);
    if (st == VSMP_ERR_SPACE) {
        uint8_t *b = realloc(r->scratch, need);
        if (!b)
            return NULL;
        r->scratch = b, r->scratch_cap = need;
        st = vsmp_machine_read_var(m, cls, id, 0, r->scratch, r->scratch_cap, &need);
    }
    *got = need;
    return st ? NULL : r->scratch;
}

/* "print": ["NAME" | {"var", "type", "offset", "count", "hex"}] after each thread: the whole
 * variable (any size), or count values from a byte offset inside it. */
static int print_vars(run *r, json_object *root)
{
    json_object *jp = jfield(root, "print");
    size_t n = jp && json_object_is_type(jp, json_type_array) ? json_object_array_length(jp) : 0;
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(jp, i);
        jerr je = {{0}};
        char where[64];
        const char *name = NULL;
        snprintf(where, sizeof(where), "print[%zu]", i);
        if (json_object_is_type(e, json_type_string))
            name = json_object_get_string(e);
        else if (jget_str(e, where, "var", &name, &je))
            return fail(r, "%s", je.msg);
        vsmp_var_info vi;
        if (!name || vsmp_machine_find(r->m, name, &vi))
            return fail(r, "print[%zu]: no variable \"%s\"", i, name ? name : "");
        unsigned t = vi.cls == VSMP_VAR_GENERAL ? vi.type : VSMP_TYPE_UD;
        json_object *jt = jfield(e, "type"), *jo = jfield(e, "offset"), *jc = jfield(e, "count"),
                    *jh = jfield(e, "hex");
        char sub[80];
        snprintf(sub, sizeof(sub), "%s.type", where);
        if (jt && jtype(r, jt, sub, &t))
            return -1;
        unsigned ts = vsmp_type_size(t);
        int64_t off = 0, count = -1;
        bool hex = false;
        snprintf(sub, sizeof(sub), "%s.offset", where);
        if (jo && jint(r, jo, sub, 0, INT32_MAX, &off))
            return -1;
        if (off >= vi.bytes)
            return fail(r, "%s: %" PRId64 " lies outside \"%s\" (%u bytes)", sub, off, name,
                        vi.bytes);
        snprintf(sub, sizeof(sub), "%s.count", where);
        if (jc && jint(r, jc, sub, 1, INT32_MAX, &count))
            return -1;
        if (count > 0 && (uint64_t)count * ts > vi.bytes - (uint64_t)off)
            return fail(
                r, "%s: %" PRId64 " %s values from byte %" PRId64 " reach past \"%s\" (%u bytes)",
                sub, count, vsmp_type_name(t), off, name, vi.bytes);
        snprintf(sub, sizeof(sub), "%s.hex", where);
        if (jh && jval_bool(jh, sub, &hex, &je))
            return fail(r, "%s", je.msg);
        size_t got = 0;
        const uint8_t *buf = read_whole(r, r->m, vi.cls, vi.id, &got);
        if (!buf)
            return fail(r, "%s: \"%s\" cannot be read (out of memory)", where, name);
        size_t bytes = count > 0 ? (size_t)count * ts : got - (size_t)off;
        if (r->thread != UINT32_MAX)
            fprintf(r->out, "[%u] ", r->thread);
        fprintf(r->out, "%s =", name);
        for (size_t k = (size_t)off; k + ts <= (size_t)off + bytes && k + ts <= got; k += ts)
            print_value(r->out, buf + k, t, hex);
        fputc('\n', r->out);
    }
    return 0;
}

/* "save": [{"surface": BTI, "png" | "raw": PATH}] after the last thread. */
static int save_all(run *r, json_object *root)
{
    json_object *js = jfield(root, "save");
    size_t n = js && json_object_is_type(js, json_type_array) ? json_object_array_length(js) : 0;
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(js, i);
        json_object *jb = jfield(e, "surface"), *jpng = jfield(e, "png"), *jraw = jfield(e, "raw");
        int bti = jb ? json_object_get_int(jb) : -1;
        if (bti < 0 || bti >= VSMP_MAX_BINDINGS || !r->surf[bti] || (!jpng == !jraw))
            return fail(r, "save[%zu]: a bound \"surface\" and one of \"png\", \"raw\"", i);
        char path[4200];
        vsmp_tool_join(r->dir, json_object_get_string(jpng ? jpng : jraw), path, sizeof(path));
        /* one PNG writer and one raw writer for run and launch (tool_out.h) */
        const vsmp_surface_desc *d = vsmp_surface_get_desc(r->surf[bti]);
        char msg[4400];
        if (jpng ? vsmp_tool_save_png(r->surf[bti], path, msg, sizeof(msg))
                 : vsmp_tool_save_raw(d->data, d->data_size, path, msg, sizeof(msg)))
            return fail(r, "%s", msg);
    }
    return 0;
}

/* --trace: each executed instruction, its enabled lanes and the values it wrote. */
static void on_trace(void *user, const vsmp_machine *m, const vsmp_trace_event *ev)
{
    run *r = user;
    char text[512];
    vsmp_print_options po;
    vsmp_print_options_init(&po);
    vsmp_inst_print(ev->inst, &r->mod->kernels[0], &po, text, sizeof(text));
    for (char *c = text; *c; c++) /* labels print on lines of their own */
        if (*c == '\n')
            *c = ' ';
    fprintf(r->out, "[%u] #%u %s  lanes=0x%08x\n", r->thread == UINT32_MAX ? 0 : r->thread,
            ev->index, text, ev->lanes);
    if (!ev->dst_var)
        return;
    size_t got = 0;
    const uint8_t *buf = read_whole(r, m, VSMP_VAR_GENERAL, ev->dst_var, &got);
    if (!buf) {
        fprintf(r->out, "    wrote bytes %u..%u (not readable: out of memory)\n", ev->dst_offset,
                ev->dst_offset + ev->dst_size);
        return;
    }
    const vsmp_routine *k = &r->mod->kernels[0];
    unsigned t = ev->dst_var >= 32 && ev->dst_var - 32 < k->num_vars
                     ? k->vars[ev->dst_var - 32].type
                     : VSMP_TYPE_UD;
    unsigned n = vsmp_type_size(t);
    fprintf(r->out, "    wrote bytes %u..%u:", ev->dst_offset, ev->dst_offset + ev->dst_size);
    for (size_t i = ev->dst_offset; i + n <= ev->dst_offset + ev->dst_size && i + n <= got; i += n)
        print_value(r->out, buf + i, t, false);
    fputc('\n', r->out);
}

/* Thread t on the machine of @p r: reset, %thread_x = %group_id_x = r0.1 = t (docs/RUN.md),
 * the "vars", the run, the "print" lines. */
static int run_one(run *r, json_object *root, uint32_t t, bool numbered)
{
    vsmp_var_info tx, r0, g;
    r->thread = numbered ? t : UINT32_MAX;
    vsmp_machine_reset(r->m);
    if (vsmp_machine_find(r->m, "%thread_x", &tx) == VSMP_OK)
        vsmp_machine_write_var(r->m, VSMP_VAR_GENERAL, tx.id, 0, &t, 2);
    if (vsmp_machine_find(r->m, "%group_id_x", &g) == VSMP_OK)
        vsmp_machine_write_var(r->m, VSMP_VAR_GENERAL, g.id, 0, &t, 4);
    if (vsmp_machine_find(r->m, "%r0", &r0) == VSMP_OK)
        vsmp_machine_write_var(r->m, VSMP_VAR_GENERAL, r0.id, 4, &t, 4);
    if (set_vars(r, jfield(root, "vars")))
        return -1;
    vsmp_diags d;
    vsmp_diags_init(&d);
    d.limit = r->error_limit;
    vsmp_status st = vsmp_machine_run(r->m, &d);
    vsmp_diags_print(&d, r->kpath, r->err);
    vsmp_diags_free(&d);
    if (st)
        return fail(r, "thread %u: %s", t, vsmp_status_str(st));
    return print_vars(r, root);
}

/* The thread pool: each worker owns a machine bound to the same surfaces and takes the next
 * thread number. A thread's output and diagnostics go to streams of its own (fopencookie): the
 * thread whose predecessors are all done (the head) writes straight through, the others keep
 * theirs until they become the head, then it is written and they write through. A worker takes
 * thread t only while t < head + window, so at most window - 1 threads' output is held back;
 * nothing is written past the first thread that fails. The output is the one-worker output. */
typedef struct tbuf {
    char *p;
    size_t n, cap;
} tbuf;

typedef struct slot {
    uint32_t t;  /* the thread it holds (UINT32_MAX: none yet) */
    tbuf buf[2]; /* out, err held back */
    bool direct; /* the head: written through */
    bool done;
    int rc;
} slot;

typedef struct pool {
    run **workers; /* workers[0] is the first run itself (its trace callback points at it) */
    json_object *root;
    FILE *out[2]; /* the real stdout and stderr */
    slot *slots;  /* window of them: thread t in slots[t % window] */
    uint32_t threads, window;
    uint32_t next;         /* the next thread to take */
    uint32_t head;         /* the first thread not yet written whole */
    bool stop;             /* the head failed: nothing more is written */
    uint32_t first_fail;   /* the first thread known to have failed: none past it is taken */
    int head_rc;           /* -2: a thread's streams could not be made */
    size_t held, held_max; /* bytes held back now and at most */
    uint32_t ahead_max;    /* threads past the head that held output at most */
    pthread_mutex_t mu;
    pthread_cond_t cv;
} pool;

typedef struct sink {
    pool *p;
    uint32_t t;
    int which; /* 0 out, 1 err */
} sink;

static ssize_t sink_write(void *cookie, const char *data, size_t n)
{
    sink *k = cookie;
    pool *p = k->p;
    pthread_mutex_lock(&p->mu);
    slot *s = &p->slots[k->t % p->window];
    ssize_t rc = (ssize_t)n;
    if (s->direct) {
        fwrite(data, 1, n, p->out[k->which]);
    } else if (!p->stop) {
        tbuf *b = &s->buf[k->which];
        if (b->n + n > b->cap) {
            size_t cap = b->cap ? b->cap : 4096;
            while (cap < b->n + n)
                cap *= 2;
            char *q = realloc(b->p, cap);
            if (!q) {
                pthread_mutex_unlock(&p->mu);
                return -1;
            }
            b->p = q, b->cap = cap;
        }
        memcpy(b->p + b->n, data, n);
        b->n += n;
        p->held += n;
        if (p->held > p->held_max)
            p->held_max = p->held;
        if (k->t - p->head > p->ahead_max)
            p->ahead_max = k->t - p->head;
    }
    pthread_mutex_unlock(&p->mu);
    return rc;
}

static int sink_close(void *cookie)
{
    (void)cookie;
    return 0;
}

/* The head's held-back output written, and the slot made direct (p->mu held). */
static void make_head(pool *p, slot *s)
{
    for (int w = 0; w < 2; w++) {
        if (s->buf[w].n)
            fwrite(s->buf[w].p, 1, s->buf[w].n, p->out[w]);
        p->held -= s->buf[w].n;
        s->buf[w].n = 0;
    }
    s->direct = true;
}

/* Thread t ended with rc: the head moves past every finished thread (p->mu held). */
static void finish(pool *p, uint32_t t, int rc)
{
    slot *s = &p->slots[t % p->window];
    s->done = true, s->rc = rc;
    if (rc && t < p->first_fail)
        p->first_fail = t;
    while (!p->stop && p->head < p->threads) {
        slot *h = &p->slots[p->head % p->window];
        if (h->t != p->head || !h->done)
            break;
        if (h->rc) {
            p->stop = true;
            p->head_rc = h->rc;
            break;
        }
        p->head++;
        slot *n = &p->slots[p->head % p->window];
        if (p->head < p->threads && n->t == p->head)
            make_head(p, n);
    }
    pthread_cond_broadcast(&p->cv);
}

/* Worker wi of the pool (vsmp_pool_run): threads in order while there are any. */
static void worker_main(void *user, unsigned wi)
{
    pool *p = user;
    run *w = p->workers[wi];
    cookie_io_functions_t io = {NULL, sink_write, NULL, sink_close};
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->stop && p->next < p->threads && p->next >= p->head + p->window)
            pthread_cond_wait(&p->cv, &p->mu);
        if (p->stop || p->next >= p->threads || p->next > p->first_fail)
            break;
        uint32_t t = p->next++;
        slot *s = &p->slots[t % p->window];
        for (int k = 0; k < 2; k++)
            p->held -= s->buf[k].n, s->buf[k].n = 0;
        s->t = t, s->done = false, s->rc = 0, s->direct = t == p->head;
        pthread_mutex_unlock(&p->mu);
        sink so = {p, t, 0}, se = {p, t, 1};
        w->out = fopencookie(&so, "w", io);
        w->err = fopencookie(&se, "w", io);
        int rc = w->out && w->err ? run_one(w, p->root, t, p->threads > 1) : -2;
        if (w->out && fclose(w->out))
            rc = rc ? rc : -2;
        if (w->err && fclose(w->err))
            rc = rc ? rc : -2;
        w->out = w->err = NULL;
        pthread_mutex_lock(&p->mu);
        finish(p, t, rc);
    }
    pthread_mutex_unlock(&p->mu);
}

/* One per online core, or VSMP_WORKERS (VSMP_RUN_WORKERS, its older name) of them (docs/RUN.md),
 * at most one per thread. */
static unsigned num_workers(uint32_t threads)
{
    unsigned n = vsmp_pool_env_workers("VSMP_RUN_WORKERS");
    if (!n)
        n = vsmp_pool_cores();
    return n < threads ? n : threads;
}

static int run_threads(run *r, json_object *root)
{
    json_object *jt = jfield(root, "threads");
    int64_t threads = 1;
    if (jt && jint(r, jt, "threads", 1, MAX_THREADS, &threads))
        return -1;
    unsigned nw = num_workers((uint32_t)threads);
    const char *stats = getenv("VSMP_RUN_STATS"); /* docs/RUN.md */
    if (nw <= 1) {
        for (uint32_t t = 0; t < (uint32_t)threads; t++)
            if (run_one(r, root, t, threads > 1))
                return -1;
        if (stats && *stats && strcmp(stats, "0") != 0)
            fprintf(r->err, "vsmp run: %u threads on 1 worker; 0 bytes held back\n",
                    (unsigned)threads);
        return 0;
    }
    pool p = {.root = root, .threads = (uint32_t)threads, .window = 4u * nw};
    p.first_fail = UINT32_MAX;
    p.out[0] = r->out, p.out[1] = r->err;
    pthread_mutex_init(&p.mu, NULL);
    pthread_cond_init(&p.cv, NULL);
    p.workers = calloc(nw, sizeof(run *));
    run *copies = calloc(nw, sizeof(run));
    p.slots = calloc(p.window, sizeof(slot));
    int rc = 0;
    unsigned made = 0, started = 0;
    if (!p.workers || !copies || !p.slots) {
        rc = fail(r, "out of memory");
        goto done;
    }
    for (uint32_t i = 0; i < p.window; i++)
        p.slots[i].t = UINT32_MAX;
    /* worker 0 is the first run's machine; the others are made and bound the same way */
    p.workers[0] = r;
    for (made = 1; made < nw; made++) {
        run *c = &copies[made];
        *c = *r;
        c->m = NULL;
        c->scratch = NULL, c->scratch_cap = 0;
        c->shared = true;
        p.workers[made] = c;
        if (make_machine(c, root) || bind_all(c, root) || set_payload(c, root)) {
            vsmp_machine_free(c->m);
            rc = -1;
            goto done;
        }
    }
    /* worker 0 on this thread; one that cannot be started runs here after it */
    started = vsmp_pool_run(nw, worker_main, &p);
    r->out = p.out[0], r->err = p.out[1];
    if (p.head_rc == -2)
        rc = fail(r, "thread %u: out of memory", p.head);
    else if (p.stop)
        rc = -1;
    if (stats && *stats && strcmp(stats, "0") != 0)
        fprintf(r->err,
                "vsmp run: %u threads on %u workers; at most %zu bytes held back, of threads up to "
                "%u past the first unfinished one\n",
                p.threads, started, p.held_max, p.ahead_max);
done:
    r->out = p.out[0], r->err = p.out[1];
    for (unsigned w = 1; w < made; w++) {
        vsmp_machine_free(copies[w].m);
        free(copies[w].scratch);
    }
    if (p.slots)
        for (uint32_t i = 0; i < p.window; i++)
            free(p.slots[i].buf[0].p), free(p.slots[i].buf[1].p);
    pthread_cond_destroy(&p.cv);
    pthread_mutex_destroy(&p.mu);
    free(p.workers);
    free(copies);
    free(p.slots);
    return rc;
}

/* Every key of the description and of its entries is one this reader knows (a misspelt key is
 * named with the closest known one, as `vsmp sample` does). */
static int check_keys(run *r, json_object *root)
{
    static const char *const top[] = {
        "kernel",   "platform", "simd",    "dispatch_mask", "hw_unorm_formats", "coarse_pixel",
        "surfaces", "samplers", "payload", "vars",          "threads",          "print",
        "save",     NULL};
    static const char *const pay[] = {"offset", "type", "values", NULL};
    static const char *const prt[] = {"var", "type", "offset", "count", "hex", NULL};
    static const char *const sav[] = {"surface", "png", "raw", NULL};
    static const struct {
        const char *key;
        const char *const *keys;
    } lists[] = {{"payload", pay}, {"print", prt}, {"save", sav}};
    jerr e = {{0}};
    if (jcheck_object(root, "", top, &e))
        return fail(r, "%s", e.msg);
    for (size_t l = 0; l < sizeof(lists) / sizeof(lists[0]); l++) {
        json_object *a = jfield(root, lists[l].key);
        if (!a)
            continue;
        if (!json_object_is_type(a, json_type_array))
            return fail(r, "%s: expected an array", lists[l].key);
        for (size_t i = 0; i < json_object_array_length(a); i++) {
            json_object *v = json_object_array_get_idx(a, i);
            char path[64];
            snprintf(path, sizeof(path), "%s[%zu]", lists[l].key, i);
            if (json_object_is_type(v, json_type_string) && lists[l].keys == prt)
                continue; /* print: a bare variable name */
            if (jcheck_object(v, path, lists[l].keys, &e))
                return fail(r, "%s", e.msg);
        }
    }
    return 0;
}

int vsmp_run_job(const char *path, const char *text, size_t size, const char *kernel, bool trace,
                 size_t max_memory, unsigned error_limit, FILE *out, FILE *err)
{
    run r;
    memset(&r, 0, sizeof(r));
    r.max_memory = max_memory;
    r.error_limit = error_limit;
    r.path = path, r.out = out, r.err = err, r.trace = trace, r.thread = UINT32_MAX;
    snprintf(r.kpath, sizeof(r.kpath), "%s", path);
    vsmp_tool_dir(path, r.dir, sizeof(r.dir));
    jerr e = {{0}};
    json_object *root = jparse(text, size, &e);
    int rc = 1;
    if (!root) {
        fail(&r, "%s", e.msg);
        goto done;
    }
    if (!json_object_is_type(root, json_type_object)) {
        fail(&r, "the run description is one JSON object");
        goto done;
    }
    /* "vars" once here: a mistake in them is reported before any thread runs */
    if (check_keys(&r, root) || load_kernel(&r, root, kernel) || make_machine(&r, root) ||
        bind_all(&r, root) || set_payload(&r, root) || set_vars(&r, jfield(root, "vars")))
        goto done;
    if (run_threads(&r, root) || save_all(&r, root))
        goto done;
    rc = 0;
done:
    vsmp_machine_free(r.m);
    for (int i = 0; i < VSMP_MAX_BINDINGS; i++)
        vsmp_surface_free(r.surf[i]);
    vsmp_module_free(r.mod);
    free(r.scratch);
    if (root)
        json_object_put(root);
    return rc;
}
