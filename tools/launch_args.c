/* SPDX-License-Identifier: MIT */
/* `vsmp launch`'s arguments (launch_tool.h): each "args" entry read against the kernel's
 * argument of its index (OpenCL C values, buffers, images, samplers, __local sizes), the
 * "inline_samplers", and what is printed and written after the launch ("print", "save",
 * "raw"). Schema: docs/LAUNCH.md section 3. Public API only. */
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch_tool.h"
#include "sample_job.h"

/* ---- OpenCL C types: scalars and their vectors of 2, 3, 4, 8 and 16 elements ---- */

static const struct {
    const char *name;
    unsigned bytes;
    char cls; /* 'f' float, 'i' signed, 'u' unsigned */
} scalars[] = {{"float", 4, 'f'}, {"double", 8, 'f'}, {"int", 4, 'i'},  {"uint", 4, 'u'},
               {"short", 2, 'i'}, {"ushort", 2, 'u'}, {"char", 1, 'i'}, {"uchar", 1, 'u'},
               {"long", 8, 'i'},  {"ulong", 8, 'u'}};
#define NSCALARS (sizeof(scalars) / sizeof(scalars[0]))

static bool cltype_parse(const char *name, size_t len, lj_cltype *t)
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

static void cltype_name(const lj_cltype *t, char *buf, size_t n)
{
    if (t->n == 1)
        snprintf(buf, n, "%s", scalars[t->s].name);
    else
        snprintf(buf, n, "%s%u", scalars[t->s].name, t->n);
}

/* "type" of argument i: an OpenCL scalar or vector type name. */
static int get_type(lj_job *j, json_object *e, const char *path, lj_cltype *t)
{
    const char *s = NULL;
    char p[256];
    jpath(p, sizeof(p), path, "type");
    json_object *v = jfield(e, "type");
    if (!v)
        return vsmp_lj_fail(
            j, "%s: missing (an OpenCL scalar or vector type: float, int4, uchar16...)", p);
    if (jval_str(v, p, &s, &j->e))
        return vsmp_lj_jfailed(j);
    if (!cltype_parse(s, strlen(s), t))
        return vsmp_lj_fail(
            j,
            "%s: \"%.40s\" is no OpenCL type vsmp takes (float, double, char, uchar, short, "
            "ushort, int, uint, long, ulong, or their vectors of 2, 3, 4, 8, 16)",
            p, s);
    return 0;
}

/* One element of scalar type s at path: a number (an integer for the integer types, within the
 * type's range; integers are read as numbers for float and double), or "0x..." giving its bits. */
static int encode_scalar(lj_job *j, unsigned s, json_object *v, const char *path, uint8_t *b)
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
            return vsmp_lj_fail(
                j,
                "%s: expected %s for %s, got \"%.40s\" (a string gives the bits: \"0x\" "
                "and at most %u hex digits)",
                path, cls == 'f' ? "a number" : "an integer", scalars[s].name, str, 2 * bytes);
        x = strtoull(str + 2, NULL, 16);
    } else if (!json_object_is_type(v, json_type_int) &&
               (cls != 'f' || !json_object_is_type(v, json_type_double))) {
        return vsmp_lj_fail(j, "%s: expected %s for %s, got %s", path,
                            cls == 'f' ? "a number" : "an integer", scalars[s].name,
                            json_object_is_type(v, json_type_double)    ? "a fraction"
                            : json_object_is_type(v, json_type_array)   ? "an array"
                            : json_object_is_type(v, json_type_object)  ? "an object"
                            : json_object_is_type(v, json_type_boolean) ? "a boolean"
                                                                        : "null");
    } else if (cls == 'f') {
        double d;
        if (jval_num(v, path, &d, &j->e))
            return vsmp_lj_jfailed(j);
        if (json_object_is_type(v, json_type_int)) {
            int64_t i = json_object_get_int64(v);
            if (i == INT64_MAX || i == INT64_MIN) /* json-c's clamp of what int64 cannot hold */
                return vsmp_lj_fail(j, "%s: %s is out of range for %s", path,
                                    json_object_get_string(v), scalars[s].name);
        }
        if (bytes == 4) {
            float f = (float)d;
            if (isinf(f))
                return vsmp_lj_fail(j, "%s: %g is out of range for float", path, d);
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
            return vsmp_lj_fail(j, "%s (%s)", j->e.msg, scalars[s].name);
        x = (uint64_t)i;
    }
    for (unsigned k = 0; k < bytes; k++)
        b[k] = (uint8_t)(x >> (8 * k));
    return 0;
}

/* A value of type t at path: the element itself for a scalar type, an array of exactly n
 * elements for a vector (a 3-element vector's fourth element is 0). */
static int encode_value(lj_job *j, const lj_cltype *t, json_object *v, const char *path, uint8_t *b)
{
    memset(b, 0, t->bytes);
    if (t->n == 1)
        return encode_scalar(j, t->s, v, path, b);
    char name[16];
    cltype_name(t, name, sizeof(name));
    if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) != t->n)
        return vsmp_lj_fail(j, "%s: expected an array of %u elements (%s)", path, t->n, name);
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
static int sampler_value(lj_job *j, json_object *v, const char *path, vsmp_sampler_state *st,
                         bool inl, uint32_t *bits_out)
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
        return vsmp_lj_fail(j, "%s: missing (\"CLK_... | CLK_...\" or the number)", path);
    if (json_object_is_type(v, json_type_int)) {
        int64_t x;
        if (jval_int(v, path, 0, UINT32_MAX, &x, &j->e))
            return vsmp_lj_jfailed(j);
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
                return vsmp_lj_fail(
                    j, "%s: \"%.*s\" is no CLK_* sampler name (names are joined by '|')", path,
                    (int)(t > 64 ? 64 : t), s);
            if (seen[names[i].group])
                return vsmp_lj_fail(j, "%s: two %s (%s and %s)", path, groups[names[i].group],
                                    seen[names[i].group], names[i].n);
            seen[names[i].group] = names[i].n;
            bits |= names[i].v;
            if (!s[n])
                break;
            s += n + 1;
        }
    } else {
        return vsmp_lj_fail(j, "%s: expected \"CLK_... | CLK_...\" or the number", path);
    }
    if ((inl ? vsmp_sampler_from_cl_inline : vsmp_sampler_from_cl)(bits, st))
        return vsmp_lj_fail(j, "%s: 0x%x is no OpenCL sampler (it needs a CLK_FILTER_*)", path,
                            bits);
    if (bits_out)
        *bits_out = bits;
    return 0;
}

/* ---- buffers ---- */

static int make_buffer(lj_job *j, json_object *e, unsigned i, vsmp_launch_arg *a, lj_store *s)
{
    char path[64], p[96];
    snprintf(path, sizeof(path), "args[%u]", i);
    if (get_type(j, e, path, &s->type))
        return -1;
    const lj_cltype *t = &s->type;
    json_object *jd = jfield(e, "data"), *jf = jfield(e, "file"), *jn = jfield(e, "count");
    if ((jd != NULL) + (jf != NULL) + (jn != NULL) != 1)
        return vsmp_lj_fail(j, "%s: a buffer takes exactly one of \"data\", \"file\", \"count\"",
                            path);
    size_t count = 0, bytes = 0;
    uint8_t *file = NULL;
    if (jd) {
        if (jval_array(jd, jpath(p, sizeof(p), path, "data"), 1, VSMP_LJ_MAX_BUFFER / t->bytes,
                       &count, &j->e))
            return vsmp_lj_jfailed(j);
        bytes = count * t->bytes;
    } else if (jn) {
        int64_t c;
        if (jval_int(jn, jpath(p, sizeof(p), path, "count"), 1, VSMP_LJ_MAX_BUFFER / t->bytes, &c,
                     &j->e))
            return vsmp_lj_jfailed(j);
        bytes = (size_t)c * t->bytes;
    } else {
        const char *name;
        if (jval_str(jf, jpath(p, sizeof(p), path, "file"), &name, &j->e))
            return vsmp_lj_jfailed(j);
        if (!(file = vsmp_lj_read_file(j, name, &bytes)))
            return -1;
        if (!bytes) {
            free(file);
            return vsmp_lj_fail(j, "%s.file: an empty file (a buffer has 1 byte to %u MiB)", path,
                                VSMP_LJ_MAX_BUFFER >> 20);
        }
    }
    /* a 2D R8_UINT surface whose rows hold the bytes in order */
    s->bytes = bytes;
    a->surface = vsmp_lj_bytes_surface(&s->mem, file, bytes);
    free(file);
    if (!s->mem)
        return vsmp_lj_fail(j, "out of memory");
    if (!a->surface)
        return vsmp_lj_fail(j, "%s: cannot describe the buffer as a surface", path);
    char pd[96], pk[128];
    jpath(pd, sizeof(pd), path, "data");
    for (size_t k = 0; k < count; k++)
        if (encode_value(j, t, json_object_array_get_idx(jd, k), jpath_idx(pk, sizeof(pk), pd, k),
                         s->mem + k * t->bytes))
            return -1;
    return 0;
}

/* ---- images ---- */

/* The image of argument i from its surface description (the launcher's own keys left out);
 * "file": the surface's memory, its exact size. */
static int make_image(lj_job *j, json_object *e, unsigned i, vsmp_launch_arg *a)
{
    static const char *const own[] = {"kind", "print", "hex", "save", "raw", "file", NULL};
    static const char *const level0[] = {"texels", "png", "pattern", "bytes", "mip_texels", NULL};
    char p[96], msg[512];
    json_object *sd = json_object_new_object(), *jf = jfield(e, "file");
    if (!sd)
        return vsmp_lj_fail(j, "out of memory");
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
        return vsmp_lj_fail(
            j, "args[%u].generate_mips: no level is generated over an image's \"file\"", i);
    }
    for (size_t k = 0; jf && level0[k]; k++)
        if (jfield(e, level0[k])) {
            json_object_put(sd);
            return vsmp_lj_fail(
                j, "args[%u]: give an image's contents as \"file\" or \"%s\", not both", i,
                level0[k]);
        }
    if (jf && !jfield(e, "generate_mips")) /* the file's bytes are the memory: nothing generated */
        json_object_object_add(sd, "generate_mips", json_object_new_boolean(gm));
    int bad = vsmp_job_surface(sd, j->dir, j->max_memory, &a->surface, msg, sizeof(msg));
    json_object_put(sd);
    if (bad)
        return vsmp_lj_fail(j, "args[%u]: %s", i, msg);
    if (!jf)
        return 0;
    const char *name;
    snprintf(p, sizeof(p), "args[%u].file", i);
    if (jval_str(jf, p, &name, &j->e))
        return vsmp_lj_jfailed(j);
    size_t size;
    uint8_t *data = vsmp_lj_read_file(j, name, &size);
    if (!data)
        return -1;
    const vsmp_surface_desc *d = vsmp_surface_get_desc(a->surface);
    if (size != d->data_size) {
        free(data);
        return vsmp_lj_fail(j, "%s: %zu bytes; the %ux%ux%u %s image's memory is %zu bytes", p,
                            size, d->width, d->height, d->depth > 1 ? d->depth : d->array_len,
                            vsmp_format_get(d->format)->name, d->data_size);
    }
    memcpy(d->data, data, size);
    free(data);
    return 0;
}

/* ---- keys and scalars ---- */

/* Keys of an object at path: unknown ones are named with the closest valid key. */
static int check_keys(lj_job *j, json_object *o, const char *path, const char *const *keys)
{
    if (jcheck_object(o, path, keys, &j->e))
        return vsmp_lj_jfailed(j);
    return 0;
}

/* The launcher's own keys of argument i, whatever its kind, typed before anything runs. */
static int check_arg(lj_job *j, json_object *e, unsigned i, int kind)
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
        return vsmp_lj_jfailed(j);
    if (kind == VSMP_ARG_IMAGE && jfield(e, "save") && !*json_object_get_string(jfield(e, "save")))
        return vsmp_lj_fail(j, "%s: an empty file name", jpath(p, sizeof(p), path, "save"));
    if (jfield(e, "raw") && !*json_object_get_string(jfield(e, "raw")))
        return vsmp_lj_fail(j, "%s: an empty file name", jpath(p, sizeof(p), path, "raw"));
    return 0;
}

/* A scalar argument: "type" (scalar or vector) and "value"; its size must be the interface's
 * (the kernel reads that many bytes). */
static int make_scalar(lj_job *j, json_object *e, unsigned i, const vsmp_launch_arg_info *ai,
                       vsmp_launch_arg *a)
{
    char path[64], p[96], name[16];
    snprintf(path, sizeof(path), "args[%u]", i);
    lj_cltype t;
    if (get_type(j, e, path, &t))
        return -1;
    cltype_name(&t, name, sizeof(name));
    lj_cltype it;
    size_t il = strcspn(ai->type, ";");
    if (il && cltype_parse(ai->type, il, &it) && (it.s != t.s || it.n != t.n))
        return vsmp_lj_fail(j, "%s.type: \"%s\", but the kernel's argument %u is \"%.*s %s\"", path,
                            name, i, (int)il, ai->type, ai->name);
    if (t.bytes > sizeof(a->bytes))
        return vsmp_lj_fail(j,
                            "%s.type: a %s of %u bytes; vsmp passes scalars of at most %zu bytes",
                            path, name, t.bytes, sizeof(a->bytes));
    /* IGC passes char and short (and their 2-vectors) in 4 bytes: a value of the kernel's own
     * type is padded with zeros, as Intel's runtime copies it into a zeroed payload */
    bool own_type = il && cltype_parse(ai->type, il, &it);
    if (t.bytes < ai->size && !(own_type && ai->size <= 4))
        return vsmp_lj_fail(j, "%s.type: a %s has %u bytes; the kernel reads %u", path, name,
                            t.bytes, ai->size);
    json_object *jv = jfield(e, "value");
    if (!jv)
        return vsmp_lj_fail(j, "%s: missing (a %s)", jpath(p, sizeof(p), path, "value"), name);
    memset(a->bytes, 0, sizeof(a->bytes));
    if (encode_value(j, &t, jv, jpath(p, sizeof(p), path, "value"), a->bytes))
        return -1;
    a->size = t.bytes < ai->size ? ai->size : t.bytes; /* the bytes past the value are zero */
    return 0;
}

/* "global" (1 to 3 sizes), "local" (as many, or null), "offset" (as many). */
/* ---- one argument, and all of them ---- */

/* A __local argument: its "size" in bytes. */
static int make_local(lj_job *j, json_object *e, unsigned i, vsmp_launch_arg *a)
{
    char p[64];
    snprintf(p, sizeof(p), "args[%u]", i);
    int64_t z = 0;
    if (!jfield(e, "size"))
        return vsmp_lj_fail(j, "args[%u]: a __local argument needs its \"size\" in bytes (1..2^20)",
                            i);
    if (jget_int(e, p, "size", 1, 1 << 20, &z, &j->e))
        return vsmp_lj_jfailed(j);
    a->size = (uint32_t)z;
    return 0;
}

/* "args[i]" against the kernel's argument @p ai: an object whose "kind" is the argument's, its
 * keys typed (check_arg), then its value. */
static int bind_arg(lj_job *j, json_object *e, unsigned i, const vsmp_launch_arg_info *ai,
                    vsmp_launch_arg *a, lj_store *s)
{
    const char *kind = NULL;
    char p[64], q[96];
    snprintf(p, sizeof(p), "args[%u]", i);
    if (!json_object_is_type(e, json_type_object))
        return vsmp_lj_fail(j, "%s: expected an object", p);
    if (jget_str(e, p, "kind", &kind, &j->e))
        return vsmp_lj_jfailed(j);
    const char *want = ai->kind == VSMP_ARG_BUFFER    ? "buffer"
                       : ai->kind == VSMP_ARG_IMAGE   ? "image"
                       : ai->kind == VSMP_ARG_SAMPLER ? "sampler"
                       : ai->kind == VSMP_ARG_SCALAR  ? "scalar"
                       : ai->kind == VSMP_ARG_LOCAL   ? "local"
                                                      : "none";
    if (!kind || strcmp(kind, want))
        return vsmp_lj_fail(j, "args[%u]: the kernel's argument %u (%s %s) is a %s", i, i, ai->type,
                            ai->name, want);
    if (check_arg(j, e, i, ai->kind))
        return -1;
    switch (ai->kind) {
    case VSMP_ARG_BUFFER:
        return make_buffer(j, e, i, a, s);
    case VSMP_ARG_IMAGE:
        return make_image(j, e, i, a);
    case VSMP_ARG_SAMPLER:
        return sampler_value(j, jfield(e, "sampler"), jpath(q, sizeof(q), p, "sampler"),
                             &a->sampler, false, &a->sampler_bits);
    case VSMP_ARG_SCALAR:
        return make_scalar(j, e, i, ai, a);
    case VSMP_ARG_LOCAL:
        return make_local(j, e, i, a);
    case VSMP_ARG_NONE:
        break;
    }
    return 0;
}

int vsmp_lj_bind_args(lj_job *j, lj_bound *b)
{
    const vsmp_launch_iface *f = b->f;
    if (b->nargs != vsmp_launch_iface_num_args(f))
        return vsmp_lj_fail(j, "\"args\" has %u entries; kernel %s takes %u", b->nargs,
                            vsmp_launch_iface_kernel(f), vsmp_launch_iface_num_args(f));
    for (unsigned i = 0; i < b->nargs; i++)
        if (bind_arg(j, json_object_array_get_idx(b->ja, i), i, vsmp_launch_iface_arg(f, i),
                     &b->args[i], &b->store[i]))
            return -1;
    return 0;
}

/* ---- inline samplers ---- */

int vsmp_lj_inline_samplers(lj_job *j, json_object *js, size_t ns, lj_bound *b)
{
    static const char *const skeys[] = {"index", "sampler", NULL};
    bool given[VSMP_MAX_SAMPLER_STATES] = {false};
    for (size_t i = 0; i < ns; i++) {
        json_object *e = json_object_array_get_idx(js, i);
        char p[64], q[96];
        int64_t idx = -1;
        jpath_idx(p, sizeof(p), "inline_samplers", i);
        if (check_keys(j, e, p, skeys))
            return -1;
        if (!jfield(e, "index"))
            return vsmp_lj_fail(j, "%s.index: missing (the sampler-state index, 0..255)", p);
        if (jget_int(e, p, "index", 0, VSMP_MAX_SAMPLER_STATES - 1, &idx, &j->e))
            return vsmp_lj_jfailed(j);
        if (given[idx])
            return vsmp_lj_fail(j, "%s.index: sampler state %lld is given twice", p,
                                (long long)idx);
        given[idx] = true;
        if (sampler_value(j, jfield(e, "sampler"), jpath(q, sizeof(q), p, "sampler"), &b->inl[i],
                          true, NULL))
            return -1;
        b->o.inline_samplers[idx] = &b->inl[i];
    }
    bool missing[VSMP_MAX_SAMPLER_STATES];
    if (vsmp_lj_missing_inline(b->f, &b->o, missing)) {
        unsigned s = 0;
        while (!missing[s])
            s++;
        return vsmp_lj_fail(j,
                            "sampler state %u of kernel %s is an inline sampler (__constant "
                            "sampler_t) that neither \"dynamic_state\" nor \"inline_samplers\" "
                            "gives",
                            s, vsmp_launch_iface_kernel(b->f));
    }
    return 0;
}

/* ---- after the launch ---- */

/* Where an output file goes: under --out-dir, else beside the description. */
static void out_path(const lj_job *j, const char *name, char *out, size_t n)
{
    if (j->out_dir && name[0] != '/')
        snprintf(out, n, "%s/%s", j->out_dir, name);
    else
        vsmp_tool_join(j->dir, name, out, n);
}

static void print_buffer(lj_job *j, unsigned i, const lj_store *st, bool hex)
{
    const lj_cltype *t = &st->type;
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
static void print_image(lj_job *j, unsigned i, const vsmp_surface *s, bool hex)
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
int vsmp_lj_results(lj_job *j, lj_bound *b)
{
    const vsmp_launch_arg *args = b->args;
    const lj_store *st = b->store;
    for (unsigned i = 0; i < b->nargs; i++) {
        json_object *e = json_object_array_get_idx(b->ja, i);
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
                return vsmp_lj_fail(j, "args[%u].save: %s", i, msg);
            j->saved++;
        }
        if (jr && args[i].surface) {
            const vsmp_surface_desc *d = vsmp_surface_get_desc(args[i].surface);
            out_path(j, json_object_get_string(jr), path, sizeof(path));
            if (vsmp_tool_save_raw(st[i].mem ? st[i].mem : d->data,
                                   st[i].mem ? st[i].bytes : d->data_size, path, msg, sizeof(msg)))
                return vsmp_lj_fail(j, "args[%u].raw: %s", i, msg);
            j->saved++;
        }
    }
    return 0;
}
