/* SPDX-License-Identifier: MIT */
/* `vsmp launch LAUNCH.json`: an IGC-compiled OpenCL kernel over an NDRange. Schema:
 * docs/LAUNCH.md. Public API only. Every value is read strictly (job_json.h): a value of
 * another type, out of its type's range or not what the key takes is refused with its JSON path. */
#define _GNU_SOURCE
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "job_json.h"
#include "launch_job.h"
#include "ocloc.h"
#include "sample_job.h"
#include "tool_out.h"
#include "vsmp/vsmp.h"
#include "zebin.h"

#define MAX_FILE   (64u << 20)
#define MAX_BUFFER (64u << 20)
#define MAX_NDR    (1 << 24) /* a global, local or offset size */

typedef struct job {
    const char *path;
    char dir[4096];
    const char *out_dir; /* where "save" and "raw" files go; NULL: beside the description */
    FILE *out, *err;
    size_t max_memory;    /* --max-memory */
    unsigned error_limit; /* --error-limit: diagnostics printed per severity, 0 = all */
    jerr e;               /* the message of a failed strict read */
    const launch_job_options *opt;
    unsigned saved;     /* files written ("save", "raw") */
    bool cancelled;     /* the launch stopped on Ctrl-C */
    double start;       /* when the launch started (seconds, monotonic) */
    double next_report; /* when progress is next printed */
    bool tty;           /* err is a terminal: progress rewrites one line */
    bool reported;      /* a progress line was printed */
    bool program_data;  /* the .cos names program-scope data (a hint when "program" is absent) */
    vsmp_launch_program zdata; /* a zebin's program-scope data (load_zebin) */
    char zeinfo_kernel[128];   /* the kernel a .zeinfo interface was read for ("" none) */
} job;

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Progress on stderr (docs/LAUNCH.md section 3): nothing in the first second; then work-groups
 * done, the rate and the time left, every half second on a terminal (one line, rewritten),
 * every 10 s otherwise. */
static void progress(void *user, uint64_t done, uint64_t total)
{
    job *j = user;
    double now = seconds(), el = now - j->start;
    if (done >= total || now < j->next_report)
        return;
    j->next_report = now + (j->tty ? 0.5 : 10.0);
    double rate = el > 0 ? (double)done / el : 0;
    double left = rate > 0 ? (double)(total - done) / rate : 0;
    fprintf(j->err, "%s%s: %llu of %llu work-groups (%.1f%%), %.0f/s, %.0f s left%s",
            j->tty ? "\r" : "", j->path, (unsigned long long)done, (unsigned long long)total,
            100.0 * (double)done / (double)total, rate, left, j->tty ? "\033[K" : "\n");
    fflush(j->err);
    j->reported = true;
}

static int fail(job *j, const char *fmt, ...) VSMP_TOOL_PRINTF(2, 3);
static int fail(job *j, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_tool_vfail(j->err, j->path, fmt, ap);
    va_end(ap);
    return -1;
}

/* The strict read that failed (its message names the JSON path). @return -1. */
static int jfailed(job *j)
{
    return fail(j, "%s", j->e.msg);
}

static void diags_begin(const job *j, vsmp_diags *d)
{
    vsmp_diags_init(d);
    d->limit = j->error_limit;
}

static void join(const job *j, const char *name, char *out, size_t n)
{
    vsmp_tool_join(j->dir, name, out, n);
}

/* Where an output file goes: under --out-dir, else beside the description. */
static void out_path(const job *j, const char *name, char *out, size_t n)
{
    if (j->out_dir && name[0] != '/')
        snprintf(out, n, "%s/%s", j->out_dir, name);
    else
        join(j, name, out, n);
}

static uint8_t *read_file(job *j, const char *name, size_t *size)
{
    char path[4200];
    join(j, name, path, sizeof(path));
    char msg[4400];
    uint8_t *data = vsmp_tool_read_file(path, MAX_FILE, size, msg, sizeof(msg));
    if (!data)
        fail(j, "%s", msg);
    return data;
}

/* ---- OpenCL C types: scalars and their vectors of 2, 3, 4, 8 and 16 elements ---- */

static const struct {
    const char *name;
    unsigned bytes;
    char cls; /* 'f' float, 'i' signed, 'u' unsigned */
} scalars[] = {{"float", 4, 'f'}, {"double", 8, 'f'}, {"int", 4, 'i'},  {"uint", 4, 'u'},
               {"short", 2, 'i'}, {"ushort", 2, 'u'}, {"char", 1, 'i'}, {"uchar", 1, 'u'},
               {"long", 8, 'i'},  {"ulong", 8, 'u'}};
#define NSCALARS (sizeof(scalars) / sizeof(scalars[0]))

typedef struct cltype {
    unsigned s;     /* scalars[] index */
    unsigned n;     /* elements written: 1 (a scalar), 2, 3, 4, 8, 16 */
    unsigned bytes; /* the type's size: a 3-element vector takes 4 elements (OpenCL 6.1.5) */
} cltype;

/* "float", "int4", "uchar16"... (up to a ';' or '*': the interface's "float2;8"). */
static bool cltype_parse(const char *name, size_t len, cltype *t)
{
    for (unsigned s = 0; s < NSCALARS; s++) {
        size_t l = strlen(scalars[s].name);
        if (len < l || strncmp(name, scalars[s].name, l))
            continue;
        unsigned n = 1;
        if (len > l) {
            char num[4] = {0};
            if (len - l > 2)
                continue;
            memcpy(num, name + l, len - l);
            n = (unsigned)atoi(num);
            if ((n != 2 && n != 3 && n != 4 && n != 8 && n != 16) || (num[0] == '0'))
                continue;
            if ((n < 10) != (len - l == 1))
                continue;
        }
        t->s = s;
        t->n = n;
        t->bytes = scalars[s].bytes * (n == 3 ? 4 : n);
        return true;
    }
    return false;
}

static void cltype_name(const cltype *t, char *buf, size_t n)
{
    if (t->n == 1)
        snprintf(buf, n, "%s", scalars[t->s].name);
    else
        snprintf(buf, n, "%s%u", scalars[t->s].name, t->n);
}

/* "type" of argument i: an OpenCL scalar or vector type name. */
static int get_type(job *j, json_object *e, const char *path, cltype *t)
{
    const char *s = NULL;
    char p[256];
    jpath(p, sizeof(p), path, "type");
    json_object *v = jfield(e, "type");
    if (!v)
        return fail(j, "%s: missing (an OpenCL scalar or vector type: float, int4, uchar16...)", p);
    if (jval_str(v, p, &s, &j->e))
        return jfailed(j);
    if (!cltype_parse(s, strlen(s), t))
        return fail(
            j,
            "%s: \"%.40s\" is no OpenCL type vsmp takes (float, double, char, uchar, short, "
            "ushort, int, uint, long, ulong, or their vectors of 2, 3, 4, 8, 16)",
            p, s);
    return 0;
}

/* One element of scalar type s at path: a number (an integer for the integer types, within the
 * type's range; integers are read as numbers for float and double), or "0x..." giving its bits. */
static int encode_scalar(job *j, unsigned s, json_object *v, const char *path, uint8_t *b)
{
    unsigned bytes = scalars[s].bytes;
    char cls = scalars[s].cls;
    uint64_t x = 0;
    if (json_object_is_type(v, json_type_string)) {
        const char *str = json_object_get_string(v);
        size_t len = strlen(str), digits = len > 2 ? len - 2 : 0;
        bool ok = len > 2 && str[0] == '0' && (str[1] == 'x' || str[1] == 'X') &&
                  digits <= 2 * bytes && strspn(str + 2, "0123456789abcdefABCDEF") == digits;
        if (!ok)
            return fail(j,
                        "%s: expected %s for %s, got \"%.40s\" (a string gives the bits: \"0x\" "
                        "and at most %u hex digits)",
                        path, cls == 'f' ? "a number" : "an integer", scalars[s].name, str,
                        2 * bytes);
        x = strtoull(str + 2, NULL, 16);
    } else if (!json_object_is_type(v, json_type_int) &&
               (cls != 'f' || !json_object_is_type(v, json_type_double))) {
        return fail(j, "%s: expected %s for %s, got %s", path,
                    cls == 'f' ? "a number" : "an integer", scalars[s].name,
                    json_object_is_type(v, json_type_double)    ? "a fraction"
                    : json_object_is_type(v, json_type_array)   ? "an array"
                    : json_object_is_type(v, json_type_object)  ? "an object"
                    : json_object_is_type(v, json_type_boolean) ? "a boolean"
                                                                : "null");
    } else if (cls == 'f') {
        double d;
        if (jval_num(v, path, &d, &j->e))
            return jfailed(j);
        if (json_object_is_type(v, json_type_int)) {
            int64_t i = json_object_get_int64(v);
            if (i == INT64_MAX || i == INT64_MIN) /* json-c's clamp of what int64 cannot hold */
                return fail(j, "%s: %s is out of range for %s", path, json_object_get_string(v),
                            scalars[s].name);
        }
        if (bytes == 4) {
            float f = (float)d;
            if (isinf(f))
                return fail(j, "%s: %g is out of range for float", path, d);
            uint32_t u;
            memcpy(&u, &f, 4);
            x = u;
        } else {
            memcpy(&x, &d, 8);
        }
    } else {
        /* int64 ends are json-c's clamps (and ulong values past 2^63 - 2 need "0x...") */
        int64_t lo = cls == 'u' ? 0 : bytes == 8 ? INT64_MIN + 1 : -((int64_t)1 << (8 * bytes - 1));
        int64_t hi = bytes == 8   ? INT64_MAX - 1
                     : cls == 'u' ? ((int64_t)1 << (8 * bytes)) - 1
                                  : ((int64_t)1 << (8 * bytes - 1)) - 1;
        int64_t i;
        if (jval_int(v, path, lo, hi, &i, &j->e))
            return fail(j, "%s (%s)", j->e.msg, scalars[s].name);
        x = (uint64_t)i;
    }
    for (unsigned k = 0; k < bytes; k++)
        b[k] = (uint8_t)(x >> (8 * k));
    return 0;
}

/* A value of type t at path: the element itself for a scalar type, an array of exactly n
 * elements for a vector (a 3-element vector's fourth element is 0). */
static int encode_value(job *j, const cltype *t, json_object *v, const char *path, uint8_t *b)
{
    memset(b, 0, t->bytes);
    if (t->n == 1)
        return encode_scalar(j, t->s, v, path, b);
    char name[16];
    cltype_name(t, name, sizeof(name));
    if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != t->n)
        return fail(j, "%s: expected an array of %u elements (%s)", path, t->n, name);
    for (unsigned k = 0; k < t->n; k++) {
        char p[256];
        if (encode_scalar(j, t->s, json_object_array_get_idx(v, k),
                          jpath_idx(p, sizeof(p), path, k), b + k * scalars[t->s].bytes))
            return -1;
    }
    return 0;
}

/* ---- samplers ---- */

/* "sampler": "CLK_A | CLK_B | ..." (at most one name of each group: coordinates, address mode,
 * filter) or the number; @p inl: an inline sampler, as IGC programs those (CLK_ADDRESS_NONE is
 * clamp to edge: docs/LAUNCH.md section 2). */
static int sampler_value(job *j, json_object *v, const char *path, vsmp_sampler_state *st, bool inl,
                         uint32_t *bits_out)
{
    static const struct {
        const char *n;
        uint32_t v;
        int group; /* 0 coordinates, 1 address mode, 2 filter */
    } names[] = {{"CLK_NORMALIZED_COORDS_FALSE", 0, 0},
                 {"CLK_NORMALIZED_COORDS_TRUE", 1, 0},
                 {"CLK_ADDRESS_NONE", 0, 1},
                 {"CLK_ADDRESS_CLAMP_TO_EDGE", 2, 1},
                 {"CLK_ADDRESS_CLAMP", 4, 1},
                 {"CLK_ADDRESS_REPEAT", 6, 1},
                 {"CLK_ADDRESS_MIRRORED_REPEAT", 8, 1},
                 {"CLK_FILTER_NEAREST", 0x10, 2},
                 {"CLK_FILTER_LINEAR", 0x20, 2}};
    static const char *const groups[] = {"coordinate modes", "address modes", "filters"};
    uint32_t bits = 0;
    if (!v)
        return fail(j, "%s: missing (\"CLK_... | CLK_...\" or the number)", path);
    if (json_object_is_type(v, json_type_int)) {
        int64_t x;
        if (jval_int(v, path, 0, UINT32_MAX, &x, &j->e))
            return jfailed(j);
        bits = (uint32_t)x;
    } else if (json_object_is_type(v, json_type_string)) {
        const char *s = json_object_get_string(v), *seen[3] = {NULL, NULL, NULL};
        for (;;) {
            while (*s == ' ')
                s++;
            size_t n = strcspn(s, "|");
            size_t t = n;
            while (t && s[t - 1] == ' ')
                t--;
            size_t i = 0;
            while (i < sizeof(names) / sizeof(names[0]) &&
                   (strlen(names[i].n) != t || strncmp(names[i].n, s, t)))
                i++;
            if (i == sizeof(names) / sizeof(names[0]))
                return fail(j, "%s: \"%.*s\" is no CLK_* sampler name (names are joined by '|')",
                            path, (int)(t > 64 ? 64 : t), s);
            if (seen[names[i].group])
                return fail(j, "%s: two %s (%s and %s)", path, groups[names[i].group],
                            seen[names[i].group], names[i].n);
            seen[names[i].group] = names[i].n;
            bits |= names[i].v;
            if (!s[n])
                break;
            s += n + 1;
        }
    } else {
        return fail(j, "%s: expected \"CLK_... | CLK_...\" or the number", path);
    }
    if ((inl ? vsmp_sampler_from_cl_inline : vsmp_sampler_from_cl)(bits, st))
        return fail(j, "%s: 0x%x is no OpenCL sampler (it needs a CLK_FILTER_*)", path, bits);
    if (bits_out)
        *bits_out = bits;
    return 0;
}

/* ---- buffers ---- */

typedef struct arg_store {
    uint8_t *mem; /* buffers: caller memory of the surface */
    size_t bytes; /* the buffer's own bytes */
    cltype type;  /* buffers: element type */
} arg_store;

static int make_buffer(job *j, json_object *e, unsigned i, vsmp_launch_arg *a, arg_store *s)
{
    char path[64], p[96];
    snprintf(path, sizeof(path), "args[%u]", i);
    if (get_type(j, e, path, &s->type))
        return -1;
    const cltype *t = &s->type;
    json_object *jd = jfield(e, "data"), *jf = jfield(e, "file"), *jn = jfield(e, "count");
    if ((jd != NULL) + (jf != NULL) + (jn != NULL) != 1)
        return fail(j, "%s: a buffer takes exactly one of \"data\", \"file\", \"count\"", path);
    size_t count = 0, bytes = 0;
    uint8_t *file = NULL;
    if (jd) {
        if (jval_array(jd, jpath(p, sizeof(p), path, "data"), 1, MAX_BUFFER / t->bytes, &count,
                       &j->e))
            return jfailed(j);
        bytes = count * t->bytes;
    } else if (jn) {
        int64_t c;
        if (jval_int(jn, jpath(p, sizeof(p), path, "count"), 1, MAX_BUFFER / t->bytes, &c, &j->e))
            return jfailed(j);
        bytes = (size_t)c * t->bytes;
    } else {
        const char *name;
        if (jval_str(jf, jpath(p, sizeof(p), path, "file"), &name, &j->e))
            return jfailed(j);
        if (!(file = read_file(j, name, &bytes)))
            return -1;
        if (!bytes) {
            free(file);
            return fail(j, "%s.file: an empty file (a buffer has 1 byte to %u MiB)", path,
                        MAX_BUFFER >> 20);
        }
    }
    /* a 2D R8_UINT surface whose rows hold the bytes in order */
    uint32_t w = bytes < 16384 ? (uint32_t)bytes : 16384, h = (uint32_t)((bytes + w - 1) / w);
    s->mem = calloc((size_t)w * h, 1);
    s->bytes = bytes;
    if (!s->mem) {
        free(file);
        return fail(j, "out of memory");
    }
    if (file)
        memcpy(s->mem, file, bytes);
    free(file);
    char pd[96], pk[128];
    jpath(pd, sizeof(pd), path, "data");
    for (size_t k = 0; k < count; k++)
        if (encode_value(j, t, json_object_array_get_idx(jd, k), jpath_idx(pk, sizeof(pk), pd, k),
                         s->mem + k * t->bytes))
            return -1;
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R8_UINT;
    d.width = w;
    d.height = h;
    d.data = s->mem;
    d.data_size = (size_t)w * h;
    if (vsmp_surface_create(&d, &a->surface, NULL))
        return fail(j, "%s: cannot describe the buffer as a surface", path);
    return 0;
}

/* ---- images ---- */

/* The image of argument i from its surface description (the launcher's own keys left out);
 * "file": the surface's memory, its exact size. */
static int make_image(job *j, json_object *e, unsigned i, vsmp_launch_arg *a)
{
    static const char *const own[] = {"kind", "print", "hex", "save", "raw", "file", NULL};
    static const char *const level0[] = {"texels", "png", "pattern", "bytes", "mip_texels", NULL};
    char p[96], msg[512];
    json_object *sd = json_object_new_object(), *jf = jfield(e, "file");
    if (!sd)
        return fail(j, "out of memory");
    json_object_object_foreach(e, key, val)
    {
        size_t k = 0;
        while (own[k] && strcmp(key, own[k]))
            k++;
        if (!own[k])
            json_object_object_add(sd, key, json_object_get(val));
    }
    bool gm = false;
    if (jf && jfield(e, "generate_mips") &&
        (!json_object_is_type(jfield(e, "generate_mips"), json_type_boolean) ||
         (gm = json_object_get_boolean(jfield(e, "generate_mips"))))) {
        json_object_put(sd);
        return fail(j, "args[%u].generate_mips: no level is generated over an image's \"file\"", i);
    }
    for (size_t k = 0; jf && level0[k]; k++)
        if (jfield(e, level0[k])) {
            json_object_put(sd);
            return fail(j, "args[%u]: give an image's contents as \"file\" or \"%s\", not both", i,
                        level0[k]);
        }
    if (jf && !jfield(e, "generate_mips")) /* the file's bytes are the memory: nothing generated */
        json_object_object_add(sd, "generate_mips", json_object_new_boolean(gm));
    int bad = vsmp_job_surface(sd, j->dir, j->max_memory, &a->surface, msg, sizeof(msg));
    json_object_put(sd);
    if (bad)
        return fail(j, "args[%u]: %s", i, msg);
    if (!jf)
        return 0;
    const char *name;
    snprintf(p, sizeof(p), "args[%u].file", i);
    if (jval_str(jf, p, &name, &j->e))
        return jfailed(j);
    size_t size;
    uint8_t *data = read_file(j, name, &size);
    if (!data)
        return -1;
    const vsmp_surface_desc *d = vsmp_surface_get_desc(a->surface);
    if (size != d->data_size) {
        free(data);
        return fail(j, "%s: %zu bytes; the %ux%ux%u %s image's memory is %zu bytes", p, size,
                    d->width, d->height, d->depth > 1 ? d->depth : d->array_len,
                    vsmp_format_get(d->format)->name, d->data_size);
    }
    memcpy(d->data, data, size);
    free(data);
    return 0;
}

/* ---- after the launch ---- */

static void print_buffer(job *j, unsigned i, const arg_store *st, bool hex)
{
    const cltype *t = &st->type;
    unsigned b = scalars[t->s].bytes;
    char cls = scalars[t->s].cls;
    fprintf(j->out, "arg%u =", i);
    vsmp_tclass tc = cls == 'f'   ? VSMP_TCLASS_FLOAT
                     : cls == 'u' ? VSMP_TCLASS_UINT
                                  : VSMP_TCLASS_SINT;
    for (size_t k = 0; k + t->bytes <= st->bytes; k += t->bytes)
        for (unsigned c = 0; c < t->n; c++) {
            uint64_t x = 0;
            for (unsigned q = 0; q < b; q++)
                x |= (uint64_t)st->mem[k + c * b + q] << (8 * q);
            vsmp_tool_print_value(j->out, x, b, tc, hex);
        }
    fputc('\n', j->out);
}

/* Level 0, channel by channel; an image of several slices (3D depth, array layers) as one line
 * per slice, "argN slice Z =". */
static void print_image(job *j, unsigned i, const vsmp_surface *s, bool hex)
{
    const vsmp_surface_desc *d = vsmp_surface_get_desc(s);
    const vsmp_format_info *fi = vsmp_format_get(d->format);
    vsmp_tclass tc = !fi || fi->cls == VSMP_CLASS_SINT ? VSMP_TCLASS_SINT
                     : fi->cls == VSMP_CLASS_UINT      ? VSMP_TCLASS_UINT
                                                       : VSMP_TCLASS_FLOAT;
    uint32_t w = 0, h = 0, slices = 0;
    vsmp_surface_level_size(s, 0, &w, &h, NULL, &slices);
    for (uint32_t z = 0; z < slices; z++) {
        if (slices > 1)
            fprintf(j->out, "arg%u slice %u =", i, z);
        else
            fprintf(j->out, "arg%u =", i);
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                vsmp_texel t;
                memset(&t, 0, sizeof(t));
                vsmp_surface_load(s, 0, z, x, y, &t);
                for (int c = 0; c < 4; c++)
                    vsmp_tool_print_value(j->out, t.u[c], 4, tc, hex);
            }
        fputc('\n', j->out);
    }
}

/* "print" buffers (typed or hex) and images (texels); "save" images as PNG; "raw" the memory
 * bytes of buffers and images. The keys were checked before the launch. */
static int results(job *j, json_object *ja, vsmp_launch_arg *args, arg_store *st, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(ja, i);
        json_object *jp = jfield(e, "print"), *jh = jfield(e, "hex"), *js = jfield(e, "save"),
                    *jr = jfield(e, "raw");
        bool hex = jh && json_object_get_boolean(jh);
        if (jp && json_object_get_boolean(jp)) {
            if (st[i].mem)
                print_buffer(j, i, &st[i], hex);
            else if (args[i].surface)
                print_image(j, i, args[i].surface, hex);
        }
        char path[4200], msg[4400];
        if (js && args[i].surface && !st[i].mem) {
            out_path(j, json_object_get_string(js), path, sizeof(path));
            if (vsmp_tool_save_png(args[i].surface, path, msg, sizeof(msg)))
                return fail(j, "args[%u].save: %s", i, msg);
            j->saved++;
        }
        if (jr && args[i].surface) {
            const vsmp_surface_desc *d = vsmp_surface_get_desc(args[i].surface);
            out_path(j, json_object_get_string(jr), path, sizeof(path));
            if (vsmp_tool_save_raw(st[i].mem ? st[i].mem : d->data,
                                   st[i].mem ? st[i].bytes : d->data_size, path, msg, sizeof(msg)))
                return fail(j, "args[%u].raw: %s", i, msg);
            j->saved++;
        }
    }
    return 0;
}

/* ---- the description ---- */

/* Keys of an object at path: unknown ones are named with the closest valid key. */
static int check_keys(job *j, json_object *o, const char *path, const char *const *keys)
{
    if (jcheck_object(o, path, keys, &j->e))
        return jfailed(j);
    return 0;
}

/* The launcher's own keys of argument i, whatever its kind, typed before anything runs. */
static int check_arg(job *j, json_object *e, unsigned i, int kind)
{
    static const char *const buf[] = {"kind",  "type", "data", "file", "count",
                                      "print", "hex",  "raw",  NULL};
    static const char *const smp[] = {"kind", "sampler", NULL};
    static const char *const sca[] = {"kind", "type", "value", NULL};
    static const char *const loc[] = {"kind", "size", NULL};
    char path[64], p[96];
    snprintf(path, sizeof(path), "args[%u]", i);
    if (kind != VSMP_ARG_IMAGE && check_keys(j, e, path,
                                             kind == VSMP_ARG_BUFFER    ? buf
                                             : kind == VSMP_ARG_SAMPLER ? smp
                                             : kind == VSMP_ARG_LOCAL   ? loc
                                                                        : sca))
        return -1;
    bool b;
    const char *s;
    if (jget_bool(e, path, "print", &b, &j->e) || jget_bool(e, path, "hex", &b, &j->e) ||
        jget_str(e, path, "save", &s, &j->e) || jget_str(e, path, "raw", &s, &j->e))
        return jfailed(j);
    if (kind == VSMP_ARG_IMAGE && jfield(e, "save") && !*json_object_get_string(jfield(e, "save")))
        return fail(j, "%s: an empty file name", jpath(p, sizeof(p), path, "save"));
    if (jfield(e, "raw") && !*json_object_get_string(jfield(e, "raw")))
        return fail(j, "%s: an empty file name", jpath(p, sizeof(p), path, "raw"));
    return 0;
}

/* A scalar argument: "type" (scalar or vector) and "value"; its size must be the interface's
 * (the kernel reads that many bytes). */
static int make_scalar(job *j, json_object *e, unsigned i, const vsmp_launch_arg_info *ai,
                       vsmp_launch_arg *a)
{
    char path[64], p[96], name[16];
    snprintf(path, sizeof(path), "args[%u]", i);
    cltype t;
    if (get_type(j, e, path, &t))
        return -1;
    cltype_name(&t, name, sizeof(name));
    cltype it;
    size_t il = strcspn(ai->type, ";");
    if (il && cltype_parse(ai->type, il, &it) && (it.s != t.s || it.n != t.n))
        return fail(j, "%s.type: \"%s\", but the kernel's argument %u is \"%.*s %s\"", path, name,
                    i, (int)il, ai->type, ai->name);
    if (t.bytes > sizeof(a->bytes))
        return fail(j, "%s.type: a %s of %u bytes; vsmp passes scalars of at most %zu bytes", path,
                    name, t.bytes, sizeof(a->bytes));
    /* IGC passes char and short (and their 2-vectors) in 4 bytes: a value of the kernel's own
     * type is padded with zeros, as Intel's runtime copies it into a zeroed payload */
    bool own_type = il && cltype_parse(ai->type, il, &it);
    if (t.bytes < ai->size && !(own_type && ai->size <= 4))
        return fail(j, "%s.type: a %s has %u bytes; the kernel reads %u", path, name, t.bytes,
                    ai->size);
    json_object *jv = jfield(e, "value");
    if (!jv)
        return fail(j, "%s: missing (a %s)", jpath(p, sizeof(p), path, "value"), name);
    memset(a->bytes, 0, sizeof(a->bytes));
    if (encode_value(j, &t, jv, jpath(p, sizeof(p), path, "value"), a->bytes))
        return -1;
    a->size = t.bytes < ai->size ? ai->size : t.bytes; /* the bytes past the value are zero */
    return 0;
}

/* "global" (1 to 3 sizes), "local" (as many, or null), "offset" (as many). */
static int ndrange(job *j, json_object *root, vsmp_ndrange *nd)
{
    static const char *const nk[3] = {"global", "local", "offset"};
    memset(nd, 0, sizeof(*nd));
    for (int q = 0; q < 3; q++) {
        json_object *a = jfield(root, nk[q]);
        if (!a || (q == 1 && json_object_is_type(a, json_type_null)))
            continue;
        if (!json_object_is_type(a, json_type_array))
            return fail(j, "%s: expected an array of %s", nk[q],
                        q ? "sizes, as many as \"global\"" : "1 to 3 sizes");
        size_t n = json_object_array_length(a);
        if (q == 0 && (n < 1 || n > 3))
            return fail(j, "global: an array of 1 to 3 sizes, got %zu", n);
        if (q && n != nd->dims)
            return fail(j, "%s: %u size%s (as many as \"global\"), got %zu", nk[q], nd->dims,
                        nd->dims > 1 ? "s" : "", n);
        uint32_t *dst = q == 0 ? nd->global : q == 1 ? nd->local : nd->offset;
        for (size_t k = 0; k < n; k++) {
            char p[32];
            int64_t v;
            if (jval_int(json_object_array_get_idx(a, k), jpath_idx(p, sizeof(p), nk[q], k),
                         q == 2 ? 0 : 1, MAX_NDR, &v, &j->e))
                return jfailed(j);
            dst[k] = (uint32_t)v;
        }
        if (q == 0)
            nd->dims = (uint32_t)n;
    }
    if (!nd->dims)
        return fail(j, "the launch needs \"global\"");
    for (uint32_t k = 0; nd->local[0] && k < nd->dims; k++)
        if (nd->global[k] % nd->local[k])
            return fail(j, "local[%u]: global[%u] = %u is no multiple of the local size %u", k, k,
                        nd->global[k], nd->local[k]);
    return 0;
}

/* The sampler states of the interface that are inline samplers (no sampler_t argument uses
 * them): missing[i] set for those not in @p o; @return how many are missing. */
static unsigned missing_inline(const vsmp_launch_iface *f, const vsmp_launch_options *o,
                               bool *missing)
{
    unsigned n = 0, ns = vsmp_launch_iface_num_sampler_states(f);
    for (unsigned s = 0; s < ns && s < VSMP_MAX_SAMPLER_STATES; s++) {
        bool arg = false;
        for (unsigned i = 0; i < vsmp_launch_iface_num_args(f); i++) {
            const vsmp_launch_arg_info *a = vsmp_launch_iface_arg(f, i);
            arg |= a->kind == VSMP_ARG_SAMPLER && a->sampler == (int32_t)s;
        }
        missing[s] =
            !arg && !(o && o->inline_samplers[s]) && !vsmp_launch_iface_inline_sampler(f, s);
        n += missing[s];
    }
    return n;
}

/* A diagnostic of the library under the file it is about: the interface's line (rules
 * launch.iface and launch.dsh with a line), the description (launch.ndrange, launch.args: what
 * its keys asked for), else @p other (the kernel, or the dynamic state file). */
static void print_diags(job *j, const vsmp_diags *d, const char *iface, const char *other)
{
    size_t errors = 0, warnings = 0;
    for (size_t k = 0; k < d->count; k++) {
        const vsmp_diag *g = &d->items[k];
        const char *r = g->rule ? g->rule : "";
        const char *file =
            (strcmp(r, "launch.iface") == 0 || strcmp(r, "launch.dsh") == 0) && g->line ? iface
            : strcmp(r, "launch.ndrange") == 0 || strcmp(r, "launch.args") == 0         ? j->path
                                                                                        : other;
        vsmp_diags one = {0};
        one.items = (vsmp_diag *)g;
        one.count = 1;
        one.errors = g->severity == VSMP_SEV_ERROR;
        one.warnings = g->severity == VSMP_SEV_WARNING;
        errors += one.errors;
        warnings += one.warnings;
        vsmp_diags_print(&one, file, j->err);
    }
    if (d->errors > errors)
        fprintf(j->err, "%s: ... and %zu more error%s\n", other, d->errors - errors,
                d->errors - errors == 1 ? "" : "s");
    if (d->warnings > warnings)
        fprintf(j->err, "%s: ... and %zu more warning%s\n", other, d->warnings - warnings,
                d->warnings - warnings == 1 ? "" : "s");
}

/* The module's text, parsed (or its binary, read) into *mod; diagnostics under @p label. */
static int parse_module(job *j, const uint8_t *kd, size_t size, const char *label,
                        vsmp_module **mod)
{
    vsmp_diags d;
    diags_begin(j, &d);
    vsmp_read_options ro;
    vsmp_read_options_init(&ro);
    ro.max_memory = j->max_memory;
    vsmp_text_options to;
    vsmp_text_options_init(&to);
    to.dialect = vsmp_tool_dialect;
    to.max_memory = j->max_memory;
    vsmp_status st;
    if (size >= 4 && memcmp(kd, "CISA", 4) == 0)
        st = vsmp_module_read(kd, size, &ro, mod, &d);
    else
        st = vsmp_text_parse_opt((const char *)kd, size, &to, mod, &d);
    vsmp_diags_print(&d, label, j->err);
    vsmp_diags_free(&d);
    if (st)
        return fail(j, "%s: %s", label, vsmp_status_str(st));
    return 0;
}

/* The ocloc device of a platform, when "device" is not given. */
static const char *platform_device(vsmp_platform p)
{
    switch (p) {
    case VSMP_PLATFORM_SKL:
        return "skl";
    case VSMP_PLATFORM_ICLLP:
        return "icllp";
    case VSMP_PLATFORM_TGLLP:
        return "tgllp";
    case VSMP_PLATFORM_DG2:
        return "acm-g10";
    case VSMP_PLATFORM_BDW:
    case VSMP_PLATFORM_CHV:
    case VSMP_PLATFORM_BXT:
    case VSMP_PLATFORM_XEHP_SDV:
    case VSMP_PLATFORM_MTL:
    case VSMP_PLATFORM_PVC:
    case VSMP_PLATFORM_XE2:
    case VSMP_PLATFORM_ARL:
    case VSMP_PLATFORM_LNL:
    case VSMP_PLATFORM_BMG:
    case VSMP_PLATFORM_PTL:
    case VSMP_PLATFORM_COUNT:
        break;
    }
    return NULL;
}

/* "device" without "platform" gives the platform; with one, they must agree (a kernel compiled
 * for one target run as another's is refused). */
static int device_platform(job *j, json_object *root, const char *device, vsmp_platform *platform)
{
    static const struct {
        const char *device;
        vsmp_platform platform;
    } map[] = {{"skl", VSMP_PLATFORM_SKL},
               {"icllp", VSMP_PLATFORM_ICLLP},
               {"tgllp", VSMP_PLATFORM_TGLLP},
               {"acm-g10", VSMP_PLATFORM_DG2},
               {"dg2", VSMP_PLATFORM_DG2}};
    if (!device)
        return 0;
    size_t i = 0, n = sizeof(map) / sizeof(map[0]);
    while (i < n && strcmp(map[i].device, device))
        i++;
    if (!jfield(root, "platform")) {
        if (i == n)
            return fail(j, "\"device\" %s: say which \"platform\" runs it", device);
        *platform = map[i].platform;
    } else if (i < n && map[i].platform != *platform) {
        return fail(j, "\"device\" %s and \"platform\" %s disagree", device,
                    json_object_get_string(jfield(root, "platform")));
    }
    return 0;
}

/* The kernel from a zebin: "binary" (the file) or "source" (OpenCL C compiled by ocloc in a child
 * process, through the build cache), "kernel" its name (docs/LAUNCH.md section 3). */
static int load_zebin(job *j, json_object *root, vsmp_platform *platform, vsmp_module **mod,
                      vsmp_launch_iface **f, char *label, size_t cap)
{
    json_object *jk = jfield(root, "kernel"), *js = jfield(root, "source"),
                *jb = jfield(root, "binary"), *jdev = jfield(root, "device"),
                *jopt = jfield(root, "options");
    const char *what = js ? "source" : "binary";
    const char *file = json_object_get_string(js ? js : jb);
    if (jfield(root, "interface"))
        return fail(j, "\"interface\" goes with a .visaasm \"kernel\", not with \"%s\"", what);
    if (!jk || !json_object_is_type(jk, json_type_string))
        return fail(j, "\"%s\" needs \"kernel\": the name of the kernel to launch", what);
    if (jb && (jdev || jopt))
        return fail(j, "\"device\" and \"options\" go with \"source\", not \"binary\"");
    if ((jdev && !json_object_is_type(jdev, json_type_string)) ||
        (jopt && !json_object_is_type(jopt, json_type_string)))
        return fail(j, "\"device\" and \"options\" are strings");
    const char *kernel = json_object_get_string(jk);
    size_t size = 0;
    uint8_t *data = read_file(j, file, &size);
    if (!data)
        return -1;
    uint8_t *zebin = data;
    vsmp_diags d;
    diags_begin(j, &d);
    if (js) {
        vsmp_ocl_build b;
        vsmp_ocl_build_init(&b);
        b.device = jdev ? json_object_get_string(jdev) : platform_device(*platform);
        b.options = jopt ? json_object_get_string(jopt) : NULL;
        int dp = device_platform(j, root, b.device, platform);
        if (dp || !b.device) {
            free(data);
            return dp ? dp : fail(j, "\"device\": which ocloc device (the platform names none)");
        }
        char *log = NULL;
        zebin = NULL;
        vsmp_status st = vsmp_ocl_compile((const char *)data, size, &b, &zebin, &size, &log, &d);
        free(data);
        if (st) {
            /* ocloc's log is the diagnostic; else what kept it from running */
            if (log && *log)
                fprintf(j->err, "%s", log);
            else
                vsmp_diags_print(&d, file, j->err);
            free(log);
            vsmp_diags_free(&d);
            return fail(j, "%s: ocloc -device %s could not compile it: %s", file, b.device,
                        vsmp_status_str(st));
        }
        free(log);
    }
    vsmp_ocl_program *prog = NULL;
    vsmp_status st = vsmp_ocl_zebin_read(zebin, size, &prog, &d);
    free(zebin);
    vsmp_diags_print(&d, file, j->err);
    vsmp_diags_free(&d);
    if (st)
        return fail(j, "%s: %s", file, vsmp_status_str(st));
    vsmp_ocl_kernel *k = NULL;
    char names[512] = "";
    for (unsigned i = 0; i < prog->nkernels; i++) {
        if (!strcmp(prog->kernels[i].name, kernel))
            k = &prog->kernels[i];
        size_t n = strlen(names);
        snprintf(names + n, sizeof(names) - n, "%s%s", i ? ", " : "", prog->kernels[i].name);
    }
    int rc = 0;
    if (!k)
        rc = fail(j, "%s holds no kernel \"%s\" (it holds %s)", file, kernel, names);
    else if (!k->iface)
        rc = fail(j, "%s: kernel %s is not launched: %s", file, kernel, k->unsupported);
    else if (!k->visaasm)
        rc = fail(j,
                  "%s: no .visaasm section for kernel %s (ocloc's -internal_options "
                  "-ze-emit-zebin-visa-sections writes it)",
                  file, kernel);
    if (!rc) {
        snprintf(label, cap, "%s:%s.visaasm", file, kernel);
        rc = parse_module(j, (const uint8_t *)k->visaasm, k->visaasm_size, label, mod);
    }
    if (!rc) {
        *f = k->iface; /* the interface is the caller's now */
        k->iface = NULL;
        j->zdata = prog->data; /* and the program-scope data */
        memset(&prog->data, 0, sizeof(prog->data));
    }
    vsmp_ocl_program_free(prog);
    return rc;
}

/* True when an interface file is zeinfo YAML (IGC's `.zeinfo`: "---" or "version:" first),
 * not a .cos. */
static bool is_zeinfo(const uint8_t *t, size_t n)
{
    size_t i = 0;
    while (i < n && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t'))
        i++;
    return (n - i >= 3 && !memcmp(t + i, "---", 3)) ||
           (n - i >= 8 && !memcmp(t + i, "version:", 8));
}

/* The interface of the kernel the text @p kd (.visaasm: its `.kernel "NAME"`) defines, from
 * zeinfo @p text, for the platform's register size (docs/LAUNCH.md section 6). */
static int zeinfo_iface(job *j, const uint8_t *text, size_t size, const uint8_t *kd, size_t ksize,
                        const char *ipath, vsmp_platform p, vsmp_launch_iface **f)
{
    char kernel[128] = "";
    static const char tag[] = ".kernel \"";
    const uint8_t *at = ksize >= sizeof(tag) ? memmem(kd, ksize, tag, sizeof(tag) - 1) : NULL;
    if (at) {
        const uint8_t *b = at + sizeof(tag) - 1, *e = memchr(b, '"', ksize - (size_t)(b - kd));
        if (e && (size_t)(e - b) < sizeof(kernel))
            memcpy(kernel, b, (size_t)(e - b));
    }
    if (!kernel[0])
        return fail(j,
                    "%s: a zeinfo interface goes with a .visaasm kernel (its .kernel \"NAME\" "
                    "names the zeinfo's kernel)",
                    ipath);
    unsigned grf = p == VSMP_PLATFORM_LNL || p == VSMP_PLATFORM_BMG || p == VSMP_PLATFORM_PTL ||
                           p == VSMP_PLATFORM_XE2 || p == VSMP_PLATFORM_PVC
                       ? 64
                       : 32;
    vsmp_diags d;
    diags_begin(j, &d);
    vsmp_ocl_program *prog = NULL;
    vsmp_status st = vsmp_ocl_zeinfo_read_grf((const char *)text, size, grf, &prog, &d);
    vsmp_diags_print(&d, ipath, j->err);
    vsmp_diags_free(&d);
    if (st)
        return fail(j, "%s: %s", ipath, vsmp_status_str(st));
    const vsmp_ocl_kernel *k = vsmp_ocl_program_kernel(prog, kernel);
    int rc = 0;
    if (!k)
        rc = fail(j, "%s holds no kernel \"%s\"", ipath, kernel);
    else if (!k->iface)
        rc = fail(j, "%s: kernel %s is not launched: %s", ipath, kernel, k->unsupported);
    else {
        *f = k->iface; /* the interface is the caller's now */
        ((vsmp_ocl_kernel *)k)->iface = NULL;
        snprintf(j->zeinfo_kernel, sizeof(j->zeinfo_kernel), "%s", kernel);
    }
    vsmp_ocl_program_free(prog);
    return rc;
}

/* The kernel and its interface: "kernel" (.visaasm or .isa) with "interface" (IGC's .cos or
 * .zeinfo), or a zebin (load_zebin). @p label gets the kernel's name for diagnostics, @p ilabel
 * the interface's. */
static int load_kernel(job *j, json_object *root, vsmp_platform *platform, vsmp_module **mod,
                       vsmp_launch_iface **f, char *label, size_t cap, char *ilabel, size_t icap)
{
    const char *kpath = NULL, *ipath = NULL;
    if (jfield(root, "source") && jfield(root, "binary"))
        return fail(j, "\"source\" and \"binary\": give one of them");
    if (jfield(root, "source") || jfield(root, "binary")) {
        const char *file = NULL;
        if (jget_str(root, "", jfield(root, "source") ? "source" : "binary", &file, &j->e))
            return jfailed(j);
        snprintf(ilabel, icap, "%s", file);
        return load_zebin(j, root, platform, mod, f, label, cap);
    }
    if (jfield(root, "device") || jfield(root, "options"))
        return fail(j, "\"device\" and \"options\" go with \"source\"");
    if (jget_str(root, "", "kernel", &kpath, &j->e) ||
        jget_str(root, "", "interface", &ipath, &j->e))
        return jfailed(j);
    if (!kpath || !ipath)
        return fail(j, "the launch needs \"kernel\" and \"interface\" paths, or \"source\" or "
                       "\"binary\" with \"kernel\"");
    snprintf(ilabel, icap, "%s", ipath);
    size_t size;
    uint8_t *text = read_file(j, ipath, &size);
    if (!text)
        return -1;
    if (text && is_zeinfo(text, size)) { /* the zeinfo gives the inline samplers */
        size_t ksize;
        snprintf(label, cap, "%s", kpath);
        uint8_t *kd = read_file(j, label, &ksize);
        int rc = kd ? zeinfo_iface(j, text, size, kd, ksize, ipath, *platform, f) : -1;
        free(text);
        if (!rc)
            rc = parse_module(j, kd, ksize, label, mod);
        free(kd);
        return rc;
    }
    vsmp_diags d;
    diags_begin(j, &d);
    vsmp_status st = vsmp_launch_iface_parse((const char *)text, size, f, &d);
    j->program_data =
        text && size && memmem(text, size, "MEMORY_SURFACE_WITH_INITIALIZATION", 34) != NULL;
    free(text);
    vsmp_diags_print(&d, ipath, j->err);
    vsmp_diags_free(&d);
    if (st)
        return fail(j, "%s: %s", ipath, vsmp_status_str(st));
    /* inline samplers (__constant sampler_t) come from "dynamic_state" or "inline_samplers"
     * (a zebin carries its own): with neither, say so before reading anything else */
    bool missing[VSMP_MAX_SAMPLER_STATES];
    unsigned nmiss = missing_inline(*f, NULL, missing);
    if (nmiss && !jfield(root, "dynamic_state") && !jfield(root, "inline_samplers"))
        return fail(j,
                    "kernel %s has %u inline sampler%s (__constant sampler_t): give "
                    "\"dynamic_state\" (its .dsh, IGC's .progbin or ocloc's .bin) or "
                    "\"inline_samplers\"",
                    vsmp_launch_iface_kernel(*f), nmiss, nmiss == 1 ? "" : "s");
    snprintf(label, cap, "%s", kpath);
    uint8_t *kd = read_file(j, label, &size);
    if (!kd)
        return -1;
    int rc = parse_module(j, kd, size, label, mod);
    free(kd);
    return rc;
}

/* A buffer surface over @p mem (its @p bytes, rounded up to whole rows, zero past them), as
 * make_buffer lays a buffer out: 2D R8_UINT rows. */
static vsmp_surface *bytes_surface(uint8_t **mem, const uint8_t *init, size_t bytes)
{
    if (!bytes)
        bytes = 1;
    uint32_t w = bytes < 16384 ? (uint32_t)bytes : 16384, h = (uint32_t)((bytes + w - 1) / w);
    *mem = calloc((size_t)w * h, 1);
    if (!*mem)
        return NULL;
    if (init)
        memcpy(*mem, init, bytes);
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R8_UINT;
    d.width = w;
    d.height = h;
    d.data = *mem;
    d.data_size = (size_t)w * h;
    vsmp_surface *s = NULL;
    if (vsmp_surface_create(&d, &s, NULL))
        return NULL;
    return s;
}

static int launch(job *j, json_object *root)
{
    static const char *const keys[] = {"kernel",          "interface", "platform", "global",
                                       "local",           "offset",    "args",     "dynamic_state",
                                       "inline_samplers", "source",    "binary",   "device",
                                       "options",         "program",   NULL};
    if (!json_object_is_type(root, json_type_object))
        return fail(j, "the launch description is not a JSON object");
    json_object_object_foreach(root, key, val)
    {
        (void)val;
        size_t n = 0;
        bool known = false;
        for (; keys[n]; n++)
            known |= strcmp(key, keys[n]) == 0;
        if (known)
            continue;
        const char *best = jclosest(key, keys, n);
        if (best)
            return fail(j, "%s: unknown key; did you mean '%s'?", key, best);
        return fail(j, "%s: unknown key", key);
    }
    const char *pname = NULL, *dname = NULL, *pgname = NULL;
    if (jget_str(root, "", "platform", &pname, &j->e) ||
        jget_str(root, "", "dynamic_state", &dname, &j->e) ||
        jget_str(root, "", "program", &pgname, &j->e))
        return jfailed(j);
    if (pgname && (jfield(root, "source") || jfield(root, "binary")))
        return fail(
            j,
            "\"program\" goes with a .cos or .zeinfo \"interface\" (a zebin holds its own data)");
    vsmp_launch_options o;
    vsmp_launch_options_init(&o);
    vsmp_surface *const_surf = NULL, *global_surf = NULL, *printf_surf = NULL;
    uint8_t *const_mem = NULL, *global_mem = NULL, *printf_mem = NULL;
    /* work-groups on every online core, or VSMP_LAUNCH_WORKERS of them (docs/LAUNCH.md) */
    o.workers = vsmp_pool_env_workers("VSMP_LAUNCH_WORKERS"); /* VSMP_WORKERS first */
    if (pname && vsmp_platform_find(pname, &o.platform))
        return fail(j, "platform: unknown platform \"%.40s\"", pname);
    vsmp_ndrange nd;
    if (ndrange(j, root, &nd))
        return -1;
    json_object *ja = jfield(root, "args"), *js = jfield(root, "inline_samplers");
    size_t nja = 0, ns = 0;
    if (ja && jval_array(ja, "args", 0, VSMP_LAUNCH_MAX_ARGS, &nja, &j->e))
        return jfailed(j);
    if (js && jval_array(js, "inline_samplers", 0, 8, &ns, &j->e))
        return jfailed(j);

    vsmp_launch_iface *f = NULL;
    vsmp_module *mod = NULL;
    char kname[4200], iname[4200];
    vsmp_diags d;
    int rc = -1;
    vsmp_launch_arg args[VSMP_LAUNCH_MAX_ARGS];
    arg_store store[VSMP_LAUNCH_MAX_ARGS];
    vsmp_sampler_state inl[8];
    vsmp_sampler_state hw_smp[VSMP_MAX_SAMPLER_STATES];
    bool hw_set[VSMP_MAX_SAMPLER_STATES];
    memset(args, 0, sizeof(args));
    memset(store, 0, sizeof(store));
    unsigned nargs = (unsigned)nja;
    vsmp_status st;
    if (load_kernel(j, root, &o.platform, &mod, &f, kname, sizeof(kname), iname, sizeof(iname)))
        goto out;
    bool missing[VSMP_MAX_SAMPLER_STATES];

    if (nargs != vsmp_launch_iface_num_args(f)) {
        fail(j, "\"args\" has %u entries; kernel %s takes %u", nargs, vsmp_launch_iface_kernel(f),
             vsmp_launch_iface_num_args(f));
        goto out;
    }
    for (unsigned i = 0; i < nargs; i++) {
        json_object *e = json_object_array_get_idx(ja, i);
        const vsmp_launch_arg_info *ai = vsmp_launch_iface_arg(f, i);
        const char *kind = NULL;
        char p[64];
        snprintf(p, sizeof(p), "args[%u]", i);
        if (!json_object_is_type(e, json_type_object)) {
            fail(j, "%s: expected an object", p);
            goto out;
        }
        if (jget_str(e, p, "kind", &kind, &j->e)) {
            jfailed(j);
            goto out;
        }
        const char *want = ai->kind == VSMP_ARG_BUFFER    ? "buffer"
                           : ai->kind == VSMP_ARG_IMAGE   ? "image"
                           : ai->kind == VSMP_ARG_SAMPLER ? "sampler"
                           : ai->kind == VSMP_ARG_SCALAR  ? "scalar"
                           : ai->kind == VSMP_ARG_LOCAL   ? "local"
                                                          : "none";
        if (!kind || strcmp(kind, want)) {
            fail(j, "args[%u]: the kernel's argument %u (%s %s) is a %s", i, i, ai->type, ai->name,
                 want);
            goto out;
        }
        if (check_arg(j, e, i, ai->kind))
            goto out;
        if (ai->kind == VSMP_ARG_BUFFER) {
            if (make_buffer(j, e, i, &args[i], &store[i]))
                goto out;
        } else if (ai->kind == VSMP_ARG_IMAGE) {
            if (make_image(j, e, i, &args[i]))
                goto out;
        } else if (ai->kind == VSMP_ARG_SAMPLER) {
            char q[96];
            if (sampler_value(j, jfield(e, "sampler"), jpath(q, sizeof(q), p, "sampler"),
                              &args[i].sampler, false, &args[i].sampler_bits))
                goto out;
        } else if (ai->kind == VSMP_ARG_SCALAR) {
            if (make_scalar(j, e, i, ai, &args[i]))
                goto out;
        } else if (ai->kind == VSMP_ARG_LOCAL) {
            int64_t z = 0;
            if (!jfield(e, "size")) {
                fail(j, "args[%u]: a __local argument needs its \"size\" in bytes (1..2^20)", i);
                goto out;
            }
            if (jget_int(e, p, "size", 1, 1 << 20, &z, &j->e)) {
                jfailed(j);
                goto out;
            }
            args[i].size = (uint32_t)z;
        }
    }
    /* inline samplers from the kernel's dynamic state heap; "inline_samplers" overrides */
    if (dname) {
        size_t dsize = 0;
        uint8_t *dsh = read_file(j, dname, &dsize);
        if (!dsh)
            goto out;
        diags_begin(j, &d);
        st = vsmp_launch_dsh_samplers(f, dsh, dsize, hw_smp, hw_set, &d);
        print_diags(j, &d, iname, dname);
        vsmp_diags_free(&d);
        free(dsh);
        if (st) {
            fail(j, "\"dynamic_state\": %s: %s", dname, vsmp_status_str(st));
            goto out;
        }
        for (unsigned i = 0; i < VSMP_MAX_SAMPLER_STATES; i++)
            if (hw_set[i])
                o.inline_samplers[i] = &hw_smp[i];
    }
    /* program-scope data from the program binary or the zebin; a printf buffer for every
     * launch */
    if (j->zdata.constant)
        o.program_constant = const_surf =
            bytes_surface(&const_mem, j->zdata.constant, j->zdata.constant_size);
    if (j->zdata.global)
        o.program_global = global_surf =
            bytes_surface(&global_mem, j->zdata.global, j->zdata.global_size);
    if ((j->zdata.constant && !const_surf) || (j->zdata.global && !global_surf)) {
        fail(j, "out of memory");
        goto out;
    }
    if (pgname) {
        size_t psize = 0;
        uint8_t *pb = read_file(j, pgname, &psize);
        if (!pb)
            goto out;
        vsmp_launch_program prog;
        memset(&prog, 0, sizeof(prog));
        diags_begin(j, &d);
        if (psize >= 4 && !memcmp(pb,
                                  "\x7f"
                                  "ELF",
                                  4)) {
            /* a zebin (beside its .visaasm and .zeinfo): its program-scope data */
            vsmp_ocl_program *zp = NULL;
            st = vsmp_ocl_zebin_read(pb, psize, &zp, &d);
            if (!st) {
                prog = zp->data;
                memset(&zp->data, 0, sizeof(zp->data));
            }
            /* with a .zeinfo interface, the symbols faddr names (printf strings, program-scope
             * variables) are the zebin's kernel's: its relocations, which the zeinfo lacks */
            const vsmp_ocl_kernel *zk =
                !st && j->zeinfo_kernel[0] ? vsmp_ocl_program_kernel(zp, j->zeinfo_kernel) : NULL;
            if (!st && j->zeinfo_kernel[0] && !zk) {
                vsmp_diags_add(&d, VSMP_SEV_ERROR, "launch", 0, 0, -1,
                               "the zebin holds no kernel \"%s\"", j->zeinfo_kernel);
                st = VSMP_ERR_ARG;
            } else if (zk && zk->iface) {
                st = vsmp_launch_iface_add_symbols_of(f, zk->iface, &d);
            }
            vsmp_ocl_program_free(zp);
        } else {
            st = vsmp_launch_program_read(pb, psize, &prog, &d);
        }
        print_diags(j, &d, iname, pgname);
        vsmp_diags_free(&d);
        free(pb);
        if (st) {
            fail(j, "\"program\": %s: %s", pgname, vsmp_status_str(st));
            goto out;
        }
        if (prog.constant)
            o.program_constant = const_surf =
                bytes_surface(&const_mem, prog.constant, prog.constant_size);
        if (prog.global)
            o.program_global = global_surf =
                bytes_surface(&global_mem, prog.global, prog.global_size);
        bool nomem = (prog.constant && !const_surf) || (prog.global && !global_surf);
        vsmp_launch_program_free(&prog);
        if (nomem) {
            fail(j, "out of memory");
            goto out;
        }
    }
    o.printf_buffer = printf_surf = bytes_surface(&printf_mem, NULL, VSMP_LAUNCH_PRINTF_SIZE);
    if (!printf_surf) {
        fail(j, "out of memory");
        goto out;
    }
    vsmp_launch_printf_init(printf_mem, VSMP_LAUNCH_PRINTF_SIZE);
    bool given[VSMP_MAX_SAMPLER_STATES] = {false};
    for (size_t i = 0; i < ns; i++) {
        static const char *const skeys[] = {"index", "sampler", NULL};
        json_object *e = json_object_array_get_idx(js, i);
        char p[64], q[96];
        int64_t idx = -1;
        jpath_idx(p, sizeof(p), "inline_samplers", i);
        if (check_keys(j, e, p, skeys))
            goto out;
        if (!jfield(e, "index")) {
            fail(j, "%s.index: missing (the sampler-state index, 0..255)", p);
            goto out;
        }
        if (jget_int(e, p, "index", 0, VSMP_MAX_SAMPLER_STATES - 1, &idx, &j->e)) {
            jfailed(j);
            goto out;
        }
        if (given[idx]) {
            fail(j, "%s.index: sampler state %lld is given twice", p, (long long)idx);
            goto out;
        }
        given[idx] = true;
        if (sampler_value(j, jfield(e, "sampler"), jpath(q, sizeof(q), p, "sampler"), &inl[i], true,
                          NULL))
            goto out;
        o.inline_samplers[idx] = &inl[i];
    }
    if (missing_inline(f, &o, missing)) {
        unsigned s = 0;
        while (!missing[s])
            s++;
        fail(j,
             "sampler state %u of kernel %s is an inline sampler (__constant sampler_t) that "
             "neither \"dynamic_state\" nor \"inline_samplers\" gives",
             s, vsmp_launch_iface_kernel(f));
        goto out;
    }
    /* the budgets, Ctrl-C, progress and the counts of the summary (docs/LAUNCH.md section 3) */
    vsmp_launch_stats stats;
    const launch_job_options *jo = j->opt;
    o.max_memory = j->max_memory;
    o.max_total_steps = jo ? jo->max_instructions : 0;
    o.cancel = jo ? jo->cancel : NULL;
    o.stats = &stats;
    bool quiet = !jo || jo->quiet;
    if (!quiet) {
        o.progress = progress;
        o.progress_user = j;
        j->tty = isatty(fileno(j->err));
    }
    j->start = seconds();
    j->next_report = j->start + 1.0;
    diags_begin(j, &d);
    st = vsmp_launch(mod, 0, f, &nd, args, nargs, &o, &d);
    double took = seconds() - j->start;
    if (j->reported && j->tty)
        fputs("\r\033[K", j->err);
    if (st == VSMP_ERR_CANCELLED) {
        vsmp_diags_free(&d);
        j->cancelled = true;
        fail(j,
             "interrupted: the launch stopped after %llu of %llu work-groups; nothing printed "
             "or saved",
             (unsigned long long)stats.groups, (unsigned long long)stats.groups_total);
        goto out;
    }
    print_diags(j, &d, iname, kname);
    vsmp_diags_free(&d);
    if (st) {
        fail(j, "the launch failed: %s", vsmp_status_str(st));
        if (j->program_data && !pgname)
            fprintf(j->err,
                    "%s: note: the kernel's interface names program-scope data, and \"program\" "
                    "(IGC's .progbin) does not give it\n",
                    j->path);
        goto out;
    }
    {
        /* the printf output, as Intel's runtime prints it after the kernel */
        char *text = NULL;
        diags_begin(j, &d);
        st = vsmp_launch_printf_format(f, printf_mem, VSMP_LAUNCH_PRINTF_SIZE, 0, &text, &d);
        if (text)
            fputs(text, j->out);
        free(text);
        print_diags(j, &d, iname, kname);
        vsmp_diags_free(&d);
        if (st) {
            fail(j, "the printf buffer: %s", vsmp_status_str(st));
            goto out;
        }
    }
    rc = results(j, ja, args, store, nargs);
    if (!rc && !quiet)
        fprintf(j->err,
                "%s: %llu work-groups of %u x %u x %u, %llu hardware threads of SIMD%u, "
                "%.1f%% of lanes used, %llu instructions, %llu sampler messages, %.3f s, %u "
                "file%s written\n",
                j->path, (unsigned long long)stats.groups, stats.local[0], stats.local[1],
                stats.local[2], (unsigned long long)stats.threads, vsmp_launch_iface_simd(f),
                stats.lane_slots ? 100.0 * (double)stats.lanes / (double)stats.lane_slots : 0.0,
                (unsigned long long)stats.instructions, (unsigned long long)stats.sampler_messages,
                took, j->saved, j->saved == 1 ? "" : "s");
out:
    vsmp_launch_program_free(&j->zdata);
    vsmp_surface_free(const_surf);
    vsmp_surface_free(global_surf);
    vsmp_surface_free(printf_surf);
    free(const_mem);
    free(global_mem);
    free(printf_mem);
    for (unsigned i = 0; i < nargs; i++) {
        vsmp_surface_free(args[i].surface);
        free(store[i].mem);
    }
    vsmp_module_free(mod);
    vsmp_launch_iface_free(f);
    return rc;
}

int vsmp_launch_job_opt(const char *path, const char *text, size_t size,
                        const launch_job_options *o, FILE *out, FILE *err)
{
    job j = {.path = path,
             .out_dir = o ? o->out_dir : NULL,
             .out = out,
             .err = err,
             .max_memory = o ? o->max_memory : 0,
             .error_limit = o ? o->error_limit : 0,
             .opt = o};
    const char *slash = strrchr(path, '/');
    if (slash)
        snprintf(j.dir, sizeof(j.dir), "%.*s", (int)(slash - path), path);
    else
        snprintf(j.dir, sizeof(j.dir), ".");
    json_object *root = jparse(text, size, &j.e);
    if (!root) {
        jfailed(&j);
        return 1;
    }
    int rc = launch(&j, root);
    json_object_put(root);
    return j.cancelled ? 130 : rc ? 1 : 0;
}

int vsmp_launch_job(const char *path, const char *text, size_t size, const char *out_dir,
                    size_t max_memory, unsigned error_limit, FILE *out, FILE *err)
{
    launch_job_options o = {
        .out_dir = out_dir, .max_memory = max_memory, .error_limit = error_limit, .quiet = true};
    return vsmp_launch_job_opt(path, text, size, &o, out, err);
}
