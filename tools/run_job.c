/* SPDX-License-Identifier: MIT */
/* `vsmp run RUN.json`: run a kernel on the machine. Schema: docs/RUN.md. Public API only. */
#define _GNU_SOURCE
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
#define MAX_WORKERS     64

typedef struct run {
    const char *path;
    char dir[4096];
    FILE *out, *err;
    vsmp_module *mod;
    vsmp_machine *m;
    vsmp_surface *surf[VSMP_MAX_BINDINGS];
    bool trace;
    bool shared; /* a worker's copy: the surfaces belong to the first run */
    uint32_t thread;
    size_t max_memory; /* --max-memory */
} run;

static int fail(run *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static int fail(run *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(r->err, "%s: ", r->path);
    vfprintf(r->err, fmt, ap);
    fputc('\n', r->err);
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

static void join(const run *r, const char *name, char *out, size_t n)
{
    if (name[0] == '/')
        snprintf(out, n, "%s", name);
    else
        snprintf(out, n, "%s/%s", r->dir, name);
}

/* ---- typed values ---- */

static uint16_t f2h(float f)
{
    /* nearest even; enough for describing inputs (the machine's own conversions are its own) */
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = x >> 16 & 0x8000u, e = x >> 23 & 0xffu, mt = x & 0x7fffffu;
    if (e == 0xff)
        return (uint16_t)(sign | 0x7c00u | (mt ? 0x200u : 0));
    int ee = (int)e - 112;
    if (ee >= 31)
        return (uint16_t)(sign | 0x7c00u);
    if (ee <= 0) {
        if (ee < -10)
            return (uint16_t)sign;
        mt |= 0x800000u;
        unsigned sh = (unsigned)(14 - ee);
        uint32_t q = mt >> sh, rem = mt & ((1u << sh) - 1), half = 1u << (sh - 1);
        q += rem > half || (rem == half && (q & 1));
        return (uint16_t)(sign | q);
    }
    uint32_t q = mt >> 13, rem = mt & 0x1fffu;
    q += rem > 0x1000u || (rem == 0x1000u && (q & 1));
    return (uint16_t)(sign | (((uint32_t)ee << 10) + q));
}

static float h2f(uint16_t h)
{
    unsigned e = h >> 10 & 0x1fu, mt = h & 0x3ffu;
    float v = e == 0    ? ldexpf((float)mt, -24)
              : e == 31 ? (mt ? NAN : INFINITY)
                        : ldexpf((float)(mt | 0x400u), (int)e - 25);
    return (h & 0x8000u) ? -v : v;
}

/* One JSON value as @p n bytes of type @p t (numbers, or "0x..." strings for raw bits). */
static int encode(run *r, json_object *v, unsigned t, uint8_t *b)
{
    unsigned n = vsmp_type_size(t);
    uint64_t bits;
    if (json_object_is_type(v, json_type_string)) {
        const char *s = json_object_get_string(v);
        char *end;
        errno = 0;
        bits = strtoull(s, &end, 0);
        if (errno || *end || end == s)
            return fail(r, "value \"%s\" is not a number", s);
    } else if (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double)) {
        double d = json_object_get_double(v);
        int64_t i = json_object_get_int64(v);
        if (t == VSMP_TYPE_F) {
            float f = (float)d;
            uint32_t u;
            memcpy(&u, &f, 4);
            bits = u;
        } else if (t == VSMP_TYPE_DF) {
            memcpy(&bits, &d, 8);
        } else if (t == VSMP_TYPE_HF) {
            bits = f2h((float)d);
        } else {
            bits = (uint64_t)i;
        }
    } else {
        return fail(r, "values are numbers or \"0x\" strings");
    }
    for (unsigned k = 0; k < n; k++)
        b[k] = (uint8_t)(bits >> (8 * k));
    return 0;
}

/* A value or an array of values, packed as @p t into @p buf; *len its bytes. */
static int encode_all(run *r, json_object *v, unsigned t, uint8_t *buf, size_t cap, size_t *len)
{
    unsigned n = vsmp_type_size(t);
    if (!n)
        return fail(r, "unknown type");
    size_t count = json_object_is_type(v, json_type_array) ? json_object_array_length(v) : 1;
    if (count * n > cap)
        return fail(r, "%zu values of %u bytes do not fit in %zu", count, n, cap);
    for (size_t i = 0; i < count; i++) {
        json_object *e =
            json_object_is_type(v, json_type_array) ? json_object_array_get_idx(v, i) : v;
        if (encode(r, e, t, buf + i * n))
            return -1;
    }
    *len = count * n;
    return 0;
}

/* ---- set-up ---- */

static int load_kernel(run *r, json_object *root, const char *kernel_override)
{
    json_object *jk = jfield(root, "kernel");
    const char *name = kernel_override ? kernel_override : jk ? json_object_get_string(jk) : NULL;
    if (!name)
        return fail(r, "the run needs a \"kernel\" path");
    char path[4200];
    if (kernel_override)
        snprintf(path, sizeof(path), "%s", name);
    else
        join(r, name, path, sizeof(path));
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(r, "cannot open %s: %s", path, strerror(errno));
    uint8_t *data = malloc(MAX_KERNEL_FILE + 1);
    size_t n = data ? fread(data, 1, MAX_KERNEL_FILE + 1, f) : 0;
    fclose(f);
    if (!data || n > MAX_KERNEL_FILE) {
        free(data);
        return fail(r, "%s: unreadable or larger than %u MiB", path, MAX_KERNEL_FILE >> 20);
    }
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st;
    size_t len = strlen(path);
    bool text = len > 8 && strcmp(path + len - 8, ".visaasm") == 0;
    if (!text && !(n >= 4 && memcmp(data, "CISA", 4) == 0))
        text = true;
    vsmp_text_options to;
    vsmp_text_options_init(&to);
    to.max_memory = r->max_memory;
    vsmp_read_options ro;
    vsmp_read_options_init(&ro);
    ro.max_memory = r->max_memory;
    if (text)
        st = vsmp_text_parse_opt((const char *)data, n, &to, &r->mod, &d);
    else
        st = vsmp_module_read(data, n, &ro, &r->mod, &d);
    free(data);
    vsmp_diags_print(&d, path, r->err);
    vsmp_diags_free(&d);
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
    json_object *jp = jfield(root, "platform");
    if (jp && vsmp_platform_find(json_object_get_string(jp), &o.platform))
        return fail(r, "unknown platform \"%s\"", json_object_get_string(jp));
    json_object *js = jfield(root, "simd");
    if (js)
        o.dispatch_simd = (uint8_t)json_object_get_int(js);
    json_object *jm = jfield(root, "dispatch_mask");
    if (jm) {
        uint8_t b[4];
        if (encode(r, jm, VSMP_TYPE_UD, b))
            return -1;
        o.dispatch_mask =
            (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
    json_object *ju = jfield(root, "hw_unorm_formats");
    o.hw_unorm_formats = ju && json_object_get_boolean(ju);
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
    vsmp_check_options co = {.platform = o.platform};
    vsmp_status st = vsmp_module_check(r->mod, &co, &d);
    if (!st)
        st = vsmp_machine_create(r->mod, 0, &o, &r->m, &d);
    vsmp_diags_print(&d, r->path, r->err);
    vsmp_diags_free(&d);
    if (st)
        return fail(r, "the kernel cannot run: %s", vsmp_status_str(st));
    return 0;
}

static int bind_all(run *r, json_object *root)
{
    json_object *js = jfield(root, "surfaces");
    size_t n = js && json_object_is_type(js, json_type_array) ? json_object_array_length(js) : 0;
    char msg[512];
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(js, i);
        json_object *jb = jfield(e, "bti");
        int bti = jb ? json_object_get_int(jb) : -1;
        if (bti < 0 || bti >= VSMP_MAX_BINDINGS || (!r->shared && r->surf[bti]))
            return fail(r, "surfaces[%zu]: \"bti\" must be a free index 0..255", i);
        if (!r->shared &&
            vsmp_job_surface(e, r->dir, r->max_memory, &r->surf[bti], msg, sizeof(msg)))
            return fail(r, "surfaces[%zu]: %s", i, msg);
        vsmp_machine_bind_surface(r->m, (unsigned)bti, r->surf[bti]);
        json_object *ja = jfield(e, "address");
        if (ja) {
            uint8_t b[8];
            if (encode(r, ja, VSMP_TYPE_UQ, b))
                return -1;
            uint64_t a = 0;
            for (int k = 7; k >= 0; k--)
                a = a << 8 | b[k];
            if (vsmp_machine_map_surface(r->m, a, r->surf[bti]))
                return fail(r, "surfaces[%zu]: \"address\" overlaps another mapping", i);
        }
    }
    json_object *jsm = jfield(root, "samplers");
    n = jsm && json_object_is_type(jsm, json_type_array) ? json_object_array_length(jsm) : 0;
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(jsm, i);
        json_object *ji = jfield(e, "index");
        int idx = ji ? json_object_get_int(ji) : -1;
        vsmp_sampler_state st;
        if (idx < 0 || idx >= VSMP_MAX_SAMPLER_STATES)
            return fail(r, "samplers[%zu]: \"index\" must be 0..255", i);
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
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(jp, i);
        json_object *jo = jfield(e, "offset"), *jt = jfield(e, "type"), *jv = jfield(e, "values");
        int t = jt ? type_of(json_object_get_string(jt)) : VSMP_TYPE_UD;
        if (!jo || !jv || t < 0)
            return fail(r, "payload[%zu] needs \"offset\", \"values\" and a known \"type\"", i);
        uint8_t buf[8192];
        size_t len;
        if (encode_all(r, jv, (unsigned)t, buf, sizeof(buf), &len))
            return -1;
        if (vsmp_machine_set_payload(r->m, (size_t)json_object_get_int64(jfield(e, "offset")), buf,
                                     len))
            return fail(r, "payload[%zu] lies outside the %zu-byte payload", i,
                        vsmp_machine_payload_size(r->m));
    }
    return 0;
}

/* "vars": {"NAME": values | {"offset", "type", "values"}}: written before the run. */
static int set_vars(run *r, json_object *jv)
{
    if (!jv)
        return 0;
    if (!json_object_is_type(jv, json_type_object))
        return fail(r, "\"vars\" must be an object");
    json_object_object_foreach(jv, name, val)
    {
        vsmp_var_info vi;
        if (vsmp_machine_find(r->m, name, &vi))
            return fail(r, "vars: no variable \"%s\"", name);
        unsigned t = vi.type;
        size_t off = 0;
        json_object *values = val;
        if (json_object_is_type(val, json_type_object)) {
            json_object *jt = jfield(val, "type"), *jo = jfield(val, "offset");
            if (jt && type_of(json_object_get_string(jt)) < 0)
                return fail(r, "vars.%s: unknown type", name);
            if (jt)
                t = (unsigned)type_of(json_object_get_string(jt));
            off = jo ? (size_t)json_object_get_int64(jo) : 0;
            values = jfield(val, "values");
            if (!values)
                return fail(r, "vars.%s needs \"values\"", name);
        }
        if (vi.cls != VSMP_VAR_GENERAL)
            t = VSMP_TYPE_UD; /* predicates, addresses, surface and sampler indices: 32-bit */
        uint8_t buf[8192];
        size_t len;
        if (encode_all(r, values, t, buf, sizeof(buf), &len))
            return -1;
        if (vsmp_machine_write_var(r->m, vi.cls, vi.id, off, buf, len))
            return fail(r, "vars.%s: %zu bytes at %zu do not fit its %u bytes", name, len, off,
                        vi.bytes);
    }
    return 0;
}

/* ---- output ---- */

static void print_value(FILE *out, const uint8_t *p, unsigned t, bool hex)
{
    unsigned n = vsmp_type_size(t);
    uint64_t b = 0;
    for (unsigned k = 0; k < n; k++)
        b |= (uint64_t)p[k] << (8 * k);
    if (hex) {
        fprintf(out, " 0x%0*" PRIx64, (int)(2 * n), b);
        return;
    }
    switch (t) {
    case VSMP_TYPE_F: {
        float f;
        uint32_t u = (uint32_t)b;
        memcpy(&f, &u, 4);
        fprintf(out, " %.9g", f);
        break;
    }
    case VSMP_TYPE_HF:
        fprintf(out, " %.5g", h2f((uint16_t)b));
        break;
    case VSMP_TYPE_DF: {
        double d;
        memcpy(&d, &b, 8);
        fprintf(out, " %.17g", d);
        break;
    }
    case VSMP_TYPE_B:
        fprintf(out, " %d", (int8_t)b);
        break;
    case VSMP_TYPE_W:
        fprintf(out, " %d", (int16_t)b);
        break;
    case VSMP_TYPE_D:
        fprintf(out, " %" PRId32, (int32_t)b);
        break;
    case VSMP_TYPE_Q:
        fprintf(out, " %" PRId64, (int64_t)b);
        break;
    default:
        fprintf(out, " %" PRIu64, b);
        break;
    }
}

static void print_span(run *r, const char *name, const vsmp_var_info *vi, unsigned t, size_t off,
                       size_t bytes, bool hex)
{
    uint8_t buf[8192];
    size_t got = 0;
    if (vsmp_machine_read_var(r->m, vi->cls, vi->id, 0, buf, sizeof(buf), &got))
        return;
    unsigned n = vsmp_type_size(t);
    if (off > got)
        off = got;
    if (bytes > got - off)
        bytes = got - off;
    fprintf(r->out, "%s", name);
    for (size_t i = 0; i + n <= bytes; i += n)
        print_value(r->out, buf + off + i, t, hex);
    fputc('\n', r->out);
}

/* "print": ["NAME" | {"var", "type", "offset", "count", "hex"}] after each thread. */
static int print_vars(run *r, json_object *root)
{
    json_object *jp = jfield(root, "print");
    size_t n = jp && json_object_is_type(jp, json_type_array) ? json_object_array_length(jp) : 0;
    for (size_t i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(jp, i);
        const char *name = json_object_is_type(e, json_type_string)
                               ? json_object_get_string(e)
                               : json_object_get_string(jfield(e, "var"));
        vsmp_var_info vi;
        if (!name || vsmp_machine_find(r->m, name, &vi))
            return fail(r, "print[%zu]: no variable \"%s\"", i, name ? name : "");
        unsigned t = vi.cls == VSMP_VAR_GENERAL ? vi.type : VSMP_TYPE_UD;
        json_object *jt = jfield(e, "type"), *jo = jfield(e, "offset"), *jc = jfield(e, "count"),
                    *jh = jfield(e, "hex");
        if (jt && type_of(json_object_get_string(jt)) < 0)
            return fail(r, "print[%zu]: unknown type", i);
        if (jt)
            t = (unsigned)type_of(json_object_get_string(jt));
        size_t off = jo ? (size_t)json_object_get_int64(jo) : 0;
        size_t bytes = jc ? (size_t)json_object_get_int64(jc) * vsmp_type_size(t) : vi.bytes;
        char label[300];
        if (r->thread != UINT32_MAX)
            snprintf(label, sizeof(label), "[%u] %s =", r->thread, name);
        else
            snprintf(label, sizeof(label), "%s =", name);
        print_span(r, label, &vi, t, off, bytes, jh && json_object_get_boolean(jh));
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
        join(r, json_object_get_string(jpng ? jpng : jraw), path, sizeof(path));
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
    uint8_t buf[8192];
    size_t got = 0;
    if (vsmp_machine_read_var(m, VSMP_VAR_GENERAL, ev->dst_var, 0, buf, sizeof(buf), &got))
        return;
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
    vsmp_status st = vsmp_machine_run(r->m, &d);
    vsmp_diags_print(&d, r->path, r->err);
    vsmp_diags_free(&d);
    if (st)
        return fail(r, "thread %u: %s", t, vsmp_status_str(st));
    return print_vars(r, root);
}

/* The thread pool: each worker owns a machine bound to the same surfaces and takes the next
 * thread number; each thread's output and diagnostics are kept apart and written in thread
 * order afterwards, up to the first thread that failed, so the output is the sequential one. */
typedef struct thread_out {
    char *out, *err;
    size_t nout, nerr;
    int rc;
} thread_out;

typedef struct pool {
    run **workers; /* workers[0] is the first run itself (its trace callback points at it) */
    json_object *root;
    thread_out *res;
    uint32_t threads;
    atomic_uint next;
    atomic_uint first_fail;
} pool;

typedef struct worker_arg {
    pool *p;
    unsigned w;
} worker_arg;

static void *worker_main(void *arg)
{
    worker_arg *a = arg;
    pool *p = a->p;
    run *w = p->workers[a->w];
    for (;;) {
        uint32_t t = atomic_fetch_add(&p->next, 1u);
        if (t >= p->threads || t > atomic_load(&p->first_fail))
            break;
        thread_out *o = &p->res[t];
        w->out = open_memstream(&o->out, &o->nout);
        w->err = open_memstream(&o->err, &o->nerr);
        if (!w->out || !w->err) {
            o->rc = -2;
        } else {
            o->rc = run_one(w, p->root, t, p->threads > 1);
        }
        if (w->out)
            fclose(w->out);
        if (w->err)
            fclose(w->err);
        w->out = w->err = NULL;
        if (o->rc) {
            unsigned cur = atomic_load(&p->first_fail);
            while (t < cur && !atomic_compare_exchange_weak(&p->first_fail, &cur, t))
                ;
        }
    }
    return NULL;
}

static unsigned num_workers(uint32_t threads)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    const char *env = getenv("VSMP_RUN_WORKERS"); /* docs/RUN.md */
    if (env && atoi(env) > 0)
        n = atoi(env);
    if (n < 1)
        n = 1;
    if (n > MAX_WORKERS)
        n = MAX_WORKERS;
    return (unsigned)(n < (long)threads ? n : (long)threads);
}

static int run_threads(run *r, json_object *root)
{
    json_object *jt = jfield(root, "threads");
    int64_t threads = jt ? json_object_get_int64(jt) : 1;
    if (threads < 1 || threads > MAX_THREADS)
        return fail(r, "\"threads\" must be 1..%d", MAX_THREADS);
    unsigned nw = num_workers((uint32_t)threads);
    if (nw <= 1) {
        for (uint32_t t = 0; t < (uint32_t)threads; t++)
            if (run_one(r, root, t, threads > 1))
                return -1;
        return 0;
    }
    pool p = {.root = root, .threads = (uint32_t)threads};
    atomic_init(&p.next, 0u);
    atomic_init(&p.first_fail, UINT32_MAX);
    p.workers = calloc(nw, sizeof(run *));
    run *copies = calloc(nw, sizeof(run));
    FILE *out = r->out, *err = r->err;
    p.res = calloc((size_t)threads, sizeof(thread_out));
    worker_arg *args = calloc(nw, sizeof(worker_arg));
    pthread_t *tids = calloc(nw, sizeof(pthread_t));
    int rc = 0;
    unsigned made = 0, started = 0;
    if (!p.workers || !copies || !p.res || !args || !tids) {
        rc = fail(r, "out of memory");
        goto done;
    }
    /* worker 0 is the first run's machine; the others are made and bound the same way */
    p.workers[0] = r;
    for (made = 1; made < nw; made++) {
        run *c = &copies[made];
        *c = *r;
        c->m = NULL;
        c->shared = true;
        p.workers[made] = c;
        if (make_machine(c, root) || bind_all(c, root) || set_payload(c, root)) {
            vsmp_machine_free(c->m);
            rc = -1;
            goto done;
        }
    }
    for (; started < nw; started++) {
        args[started] = (worker_arg){&p, started};
        if (pthread_create(&tids[started], NULL, worker_main, &args[started]))
            break;
    }
    if (!started) {
        rc = fail(r, "cannot start a worker thread");
        goto done;
    }
    for (unsigned w = 0; w < started; w++)
        pthread_join(tids[w], NULL);
    r->out = out, r->err = err;
    for (uint32_t t = 0; t < p.threads; t++) {
        thread_out *o = &p.res[t];
        if (o->nout)
            fwrite(o->out, 1, o->nout, r->out);
        if (o->nerr)
            fwrite(o->err, 1, o->nerr, r->err);
        if (o->rc == -2)
            rc = fail(r, "thread %u: out of memory", t);
        else if (o->rc)
            rc = -1;
        if (rc)
            break;
    }
done:
    for (unsigned w = 1; w < made; w++)
        vsmp_machine_free(copies[w].m);
    if (p.res)
        for (uint32_t t = 0; t < p.threads; t++)
            free(p.res[t].out), free(p.res[t].err);
    free(p.workers);
    free(copies);
    free(p.res);
    free(args);
    free(tids);
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
                 size_t max_memory, FILE *out, FILE *err)
{
    run r;
    memset(&r, 0, sizeof(r));
    r.max_memory = max_memory;
    r.path = path, r.out = out, r.err = err, r.trace = trace, r.thread = UINT32_MAX;
    snprintf(r.dir, sizeof(r.dir), "%s", path);
    char *slash = strrchr(r.dir, '/');
    if (slash)
        *slash = 0;
    else
        strcpy(r.dir, ".");
    json_tokener *tok = json_tokener_new();
    json_object *root = tok ? json_tokener_parse_ex(tok, text, (int)size) : NULL;
    if (tok)
        json_tokener_free(tok);
    int rc = 1;
    if (!root || !json_object_is_type(root, json_type_object)) {
        fail(&r, "invalid JSON (the run description is one object)");
        goto done;
    }
    if (check_keys(&r, root) || load_kernel(&r, root, kernel) || make_machine(&r, root) ||
        bind_all(&r, root) || set_payload(&r, root))
        goto done;
    if (run_threads(&r, root) || save_all(&r, root))
        goto done;
    rc = 0;
done:
    vsmp_machine_free(r.m);
    for (int i = 0; i < VSMP_MAX_BINDINGS; i++)
        vsmp_surface_free(r.surf[i]);
    vsmp_module_free(r.mod);
    if (root)
        json_object_put(root);
    return rc;
}
