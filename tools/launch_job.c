/* SPDX-License-Identifier: MIT */
/* `vsmp launch LAUNCH.json`: an IGC-compiled OpenCL kernel over an NDRange. Schema:
 * docs/LAUNCH.md. Public API only. */
#define _GNU_SOURCE
#include <errno.h>
#include <json-c/json.h>
#include <png.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job_json.h"
#include "launch_job.h"
#include "ocloc.h"
#include "sample_job.h"
#include "vsmp/vsmp.h"
#include "zebin.h"

#define MAX_FILE   (64u << 20)
#define MAX_BUFFER (64u << 20)

typedef struct job {
    const char *path;
    char dir[4096];
    const char *out_dir; /* where "save" files go; NULL: beside the description */
    FILE *out, *err;
    size_t max_memory; /* --max-memory */
} job;

static int fail(job *j, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static int fail(job *j, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(j->err, "%s: ", j->path);
    vfprintf(j->err, fmt, ap);
    fputc('\n', j->err);
    va_end(ap);
    return -1;
}

static void join(const job *j, const char *name, char *out, size_t n)
{
    if (name[0] == '/')
        snprintf(out, n, "%s", name);
    else
        snprintf(out, n, "%s/%s", j->dir, name);
}

static uint8_t *read_file(job *j, const char *name, size_t *size)
{
    char path[4200];
    join(j, name, path, sizeof(path));
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail(j, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    uint8_t *data = malloc(MAX_FILE + 1);
    size_t n = data ? fread(data, 1, MAX_FILE + 1, f) : 0;
    fclose(f);
    if (!data || n > MAX_FILE) {
        free(data);
        fail(j, "%s: unreadable or larger than %u MiB", path, MAX_FILE >> 20);
        return NULL;
    }
    *size = n;
    return data;
}

/* OpenCL C scalar type names a buffer or scalar may hold. */
static const struct {
    const char *name;
    unsigned bytes;
    char cls; /* 'f' float, 'i' signed, 'u' unsigned */
} types[] = {{"float", 4, 'f'}, {"int", 4, 'i'},    {"uint", 4, 'u'},
             {"short", 2, 'i'}, {"ushort", 2, 'u'}, {"char", 1, 'i'},
             {"uchar", 1, 'u'}, {"long", 8, 'i'},   {"ulong", 8, 'u'}};

static int type_index(const char *s)
{
    for (size_t i = 0; s && i < sizeof(types) / sizeof(types[0]); i++)
        if (strcmp(types[i].name, s) == 0)
            return (int)i;
    return -1;
}

/* A number for a float type, an integer for the others: a string or a fraction was read as 0
 * or truncated. @return false for a value of another JSON type. */
static bool encode(int t, json_object *v, uint8_t *b)
{
    uint64_t x;
    if (!json_object_is_type(v, json_type_int) &&
        (types[t].cls != 'f' || !json_object_is_type(v, json_type_double)))
        return false;
    if (types[t].cls == 'f') {
        float f = (float)json_object_get_double(v);
        uint32_t u;
        memcpy(&u, &f, 4);
        x = u;
    } else {
        x = (uint64_t)json_object_get_int64(v);
    }
    for (unsigned k = 0; k < types[t].bytes; k++)
        b[k] = (uint8_t)(x >> (8 * k));
    return true;
}

/* "sampler": "CLK_A | CLK_B | ..." or a number. */
static int sampler_value(job *j, json_object *v, vsmp_sampler_state *st)
{
    uint32_t bits = 0;
    if (json_object_is_type(v, json_type_int)) {
        bits = (uint32_t)json_object_get_int(v);
    } else {
        static const struct {
            const char *n;
            uint32_t v;
        } names[] = {{"CLK_NORMALIZED_COORDS_FALSE", 0},
                     {"CLK_NORMALIZED_COORDS_TRUE", 1},
                     {"CLK_ADDRESS_NONE", 0},
                     {"CLK_ADDRESS_CLAMP_TO_EDGE", 2},
                     {"CLK_ADDRESS_CLAMP", 4},
                     {"CLK_ADDRESS_REPEAT", 6},
                     {"CLK_ADDRESS_MIRRORED_REPEAT", 8},
                     {"CLK_FILTER_NEAREST", 0x10},
                     {"CLK_FILTER_LINEAR", 0x20}};
        const char *s = json_object_get_string(v);
        char tok[64];
        while (s && *s) {
            while (*s == ' ' || *s == '|')
                s++;
            size_t n = strcspn(s, " |");
            if (!n)
                break;
            if (n >= sizeof(tok))
                return fail(j, "sampler: unknown name \"%.*s\"", (int)n, s);
            memcpy(tok, s, n);
            tok[n] = 0;
            size_t i = 0;
            while (i < sizeof(names) / sizeof(names[0]) && strcmp(names[i].n, tok))
                i++;
            if (i == sizeof(names) / sizeof(names[0]))
                return fail(j, "sampler: unknown name \"%s\"", tok);
            bits |= names[i].v;
            s += n;
        }
    }
    if (vsmp_sampler_from_cl(bits, st))
        return fail(j, "sampler 0x%x is no OpenCL sampler (it needs a CLK_FILTER_*)", bits);
    return 0;
}

typedef struct arg_store {
    uint8_t *mem; /* buffers: caller memory of the surface */
    size_t bytes; /* the buffer's own bytes */
    int type;     /* buffers: element type */
} arg_store;

static int make_buffer(job *j, json_object *e, unsigned i, vsmp_launch_arg *a, arg_store *s)
{
    int t = type_index(json_object_get_string(jfield(e, "type")));
    if (t < 0)
        return fail(j, "args[%u]: \"type\" must be an OpenCL scalar type name", i);
    s->type = t;
    json_object *jd = jfield(e, "data"), *jf = jfield(e, "file"), *jn = jfield(e, "count");
    size_t count = jd && json_object_is_type(jd, json_type_array) ? json_object_array_length(jd)
                   : jn ? (size_t)json_object_get_int64(jn)
                        : 0;
    uint8_t *file = NULL;
    size_t fsize = 0;
    if (jf && !(file = read_file(j, json_object_get_string(jf), &fsize)))
        return -1;
    size_t bytes = jf ? fsize : count * types[t].bytes;
    if (!bytes || bytes > MAX_BUFFER) {
        free(file);
        return fail(j, "args[%u]: a buffer of 1 byte to %u MiB (\"data\", \"file\" or \"count\")",
                    i, MAX_BUFFER >> 20);
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
        memcpy(s->mem, file, fsize);
    free(file);
    for (size_t k = 0; jd && k < count; k++)
        if (!encode(t, json_object_array_get_idx(jd, k), s->mem + k * types[t].bytes))
            return fail(j, "args[%u].data[%zu]: expected %s for %s", i, k,
                        types[t].cls == 'f' ? "a number" : "an integer", types[t].name);
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = VSMP_FORMAT_R8_UINT;
    d.width = w;
    d.height = h;
    d.data = s->mem;
    d.data_size = (size_t)w * h;
    if (vsmp_surface_create(&d, &a->surface, NULL))
        return fail(j, "args[%u]: cannot describe the buffer as a surface", i);
    return 0;
}

static int save_png(job *j, const vsmp_surface *s, const char *name)
{
    char path[4200];
    if (j->out_dir && name[0] != '/')
        snprintf(path, sizeof(path), "%s/%s", j->out_dir, name);
    else
        join(j, name, path, sizeof(path));
    const vsmp_surface_desc *d = vsmp_surface_get_desc(s);
    const vsmp_format_info *fi = vsmp_format_get(d->format);
    FILE *f = fopen(path, "wb");
    if (!f)
        return fail(j, "cannot write %s: %s", path, strerror(errno));
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    uint8_t *row = malloc((size_t)d->width * 4);
    if (!png || !info || !row || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        fclose(f);
        return fail(j, "cannot write %s", path);
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, d->width, d->height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    bool fl = fi && fi->cls == VSMP_CLASS_FLOAT;
    for (uint32_t y = 0; y < d->height; y++) {
        for (uint32_t x = 0; x < d->width; x++) {
            vsmp_texel t;
            vsmp_surface_load(s, 0, 0, x, y, &t);
            for (int c = 0; c < 4; c++) {
                double v = fl ? t.f[c] * 255.0 + 0.5 : (double)t.i[c];
                row[4 * x + c] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
            }
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    fclose(f);
    return 0;
}

/* After the launch: "print" buffers (typed or hex) and images (texels), "png" images. */
static int results(job *j, json_object *ja, vsmp_launch_arg *args, arg_store *st, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(ja, i);
        json_object *jp = jfield(e, "print"), *jh = jfield(e, "hex"), *jpng = jfield(e, "save");
        bool hex = jh && json_object_get_boolean(jh);
        if (st[i].mem && jp && json_object_get_boolean(jp)) {
            int t = st[i].type;
            unsigned b = types[t].bytes;
            fprintf(j->out, "arg%u =", i);
            for (size_t k = 0; k + b <= st[i].bytes; k += b) {
                uint64_t x = 0;
                for (unsigned q = 0; q < b; q++)
                    x |= (uint64_t)st[i].mem[k + q] << (8 * q);
                if (hex)
                    fprintf(j->out, " 0x%0*llx", (int)(2 * b), (unsigned long long)x);
                else if (types[t].cls == 'f') {
                    float f;
                    uint32_t u = (uint32_t)x;
                    memcpy(&f, &u, 4);
                    fprintf(j->out, " %.9g", f);
                } else if (types[t].cls == 'u')
                    fprintf(j->out, " %llu", (unsigned long long)x);
                else {
                    int64_t sx = b == 8 ? (int64_t)x : (int64_t)(x << (64 - 8 * b)) >> (64 - 8 * b);
                    fprintf(j->out, " %lld", (long long)sx);
                }
            }
            fputc('\n', j->out);
        } else if (!st[i].mem && args[i].surface && jp && json_object_get_boolean(jp)) {
            const vsmp_surface_desc *d = vsmp_surface_get_desc(args[i].surface);
            const vsmp_format_info *fi = vsmp_format_get(d->format);
            bool fl = fi && fi->cls != VSMP_CLASS_UINT && fi->cls != VSMP_CLASS_SINT;
            fprintf(j->out, "arg%u =", i);
            for (uint32_t y = 0; y < d->height; y++)
                for (uint32_t x = 0; x < d->width; x++) {
                    vsmp_texel t;
                    vsmp_surface_load(args[i].surface, 0, 0, x, y, &t);
                    for (int c = 0; c < 4; c++) {
                        if (hex)
                            fprintf(j->out, " 0x%08x", t.u[c]);
                        else if (fl)
                            fprintf(j->out, " %.9g", t.f[c]);
                        else if (fi && fi->cls == VSMP_CLASS_UINT)
                            fprintf(j->out, " %u", t.u[c]);
                        else
                            fprintf(j->out, " %d", t.i[c]);
                    }
                }
            fputc('\n', j->out);
        }
        if (jpng && args[i].surface && !st[i].mem &&
            save_png(j, args[i].surface, json_object_get_string(jpng)))
            return -1;
    }
    return 0;
}

/* Every top-level key is one docs/LAUNCH.md names: a misspelt one ("globl") was ignored and
 * the launch ran with its default. Values are checked where they are read ("local" may be null). */
static int check_keys(job *j, json_object *root)
{
    static const char *const keys[] = {
        "kernel",        "interface",       "platform", "global", "local",  "offset",  "args",
        "dynamic_state", "inline_samplers", "source",   "binary", "device", "options", NULL};
    if (!json_object_is_type(root, json_type_object))
        return fail(j, "the launch description is not a JSON object");
    json_object_object_foreach(root, k, v)
    {
        (void)v;
        size_t n = 0;
        bool known = false;
        for (; keys[n]; n++)
            known |= strcmp(k, keys[n]) == 0;
        if (known)
            continue;
        const char *best = jclosest(k, keys, n);
        if (best)
            return fail(j, "%s: unknown key; did you mean '%s'?", k, best);
        return fail(j, "%s: unknown key", k);
    }
    return 0;
}

/* The keys of a buffer, sampler or scalar argument (an image's are the surface's, checked by
 * the surface reader): an unknown one is named with the closest valid key. */
static int check_arg_keys(job *j, json_object *e, unsigned i, int kind)
{
    static const char *const buf[] = {"kind",  "type",  "data", "file",
                                      "count", "print", "hex",  NULL};
    static const char *const smp[] = {"kind", "sampler", NULL};
    static const char *const sca[] = {"kind", "type", "value", NULL};
    static const char *const loc[] = {"kind", "size", NULL};
    const char *const *keys = kind == VSMP_ARG_BUFFER    ? buf
                              : kind == VSMP_ARG_SAMPLER ? smp
                              : kind == VSMP_ARG_LOCAL   ? loc
                                                         : sca;
    json_object_object_foreach(e, k, v)
    {
        (void)v;
        size_t n = 0;
        bool known = false;
        for (; keys[n]; n++)
            known |= strcmp(k, keys[n]) == 0;
        if (known)
            continue;
        const char *best = jclosest(k, keys, n);
        if (best)
            return fail(j, "args[%u].%s: unknown key; did you mean '%s'?", i, k, best);
        return fail(j, "args[%u].%s: unknown key", i, k);
    }
    return 0;
}

/* The module's text, parsed (or its binary, read) into *mod; diagnostics under @p label. */
static int parse_module(job *j, const uint8_t *kd, size_t size, const char *label,
                        vsmp_module **mod)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_read_options ro;
    vsmp_read_options_init(&ro);
    ro.max_memory = j->max_memory;
    vsmp_text_options to;
    vsmp_text_options_init(&to);
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
    vsmp_diags_init(&d);
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
    }
    vsmp_ocl_program_free(prog);
    return rc;
}

/* The kernel and its interface: "kernel" (.visaasm or .isa) with "interface" (IGC's .cos), or
 * a zebin (load_zebin). */
static int load_kernel(job *j, json_object *root, vsmp_platform *platform, vsmp_module **mod,
                       vsmp_launch_iface **f, char *label, size_t cap)
{
    json_object *jk = jfield(root, "kernel"), *ji = jfield(root, "interface");
    if (jfield(root, "source") && jfield(root, "binary"))
        return fail(j, "\"source\" and \"binary\": give one of them");
    if (jfield(root, "source") || jfield(root, "binary"))
        return load_zebin(j, root, platform, mod, f, label, cap);
    if (jfield(root, "device") || jfield(root, "options"))
        return fail(j, "\"device\" and \"options\" go with \"source\"");
    if (!jk || !ji)
        return fail(j, "the launch needs \"kernel\" and \"interface\" paths, or \"source\" or "
                       "\"binary\" with \"kernel\"");
    const char *iname = json_object_get_string(ji);
    size_t size;
    uint8_t *text = read_file(j, iname, &size);
    if (!text)
        return -1;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status st = vsmp_launch_iface_parse((const char *)text, size, f, &d);
    free(text);
    vsmp_diags_print(&d, iname, j->err);
    vsmp_diags_free(&d);
    if (st)
        return fail(j, "%s: %s", iname, vsmp_status_str(st));
    snprintf(label, cap, "%s", json_object_get_string(jk));
    uint8_t *kd = read_file(j, label, &size);
    if (!kd)
        return -1;
    int rc = parse_module(j, kd, size, label, mod);
    free(kd);
    return rc;
}

static int launch(job *j, json_object *root)
{
    if (check_keys(j, root))
        return -1;
    vsmp_launch_options o;
    vsmp_launch_options_init(&o);
    /* work-groups on every online core, or VSMP_LAUNCH_WORKERS of them (docs/LAUNCH.md) */
    const char *env = getenv("VSMP_LAUNCH_WORKERS");
    o.workers = env && atoi(env) > 0 ? (unsigned)atoi(env) : 0;
    json_object *jp = jfield(root, "platform");
    if (jp && vsmp_platform_find(json_object_get_string(jp), &o.platform))
        return fail(j, "unknown platform \"%s\"", json_object_get_string(jp));
    vsmp_ndrange nd = {0};
    static const char *nk[3] = {"global", "local", "offset"};
    for (int q = 0; q < 3; q++) {
        json_object *a = jfield(root, nk[q]);
        if (!a || json_object_is_type(a, json_type_null))
            continue;
        size_t n = json_object_is_type(a, json_type_array) ? json_object_array_length(a) : 0;
        if (n < 1 || n > 3 || (q && n != nd.dims))
            return fail(j, "\"%s\" must be an array of 1 to 3 sizes (as many as \"global\")",
                        nk[q]);
        uint32_t *dst = q == 0 ? nd.global : q == 1 ? nd.local : nd.offset;
        for (size_t k = 0; k < n; k++) {
            int64_t v = json_object_get_int64(json_object_array_get_idx(a, k));
            if (v < 0 || v > (1 << 24))
                return fail(j, "\"%s\"[%zu] out of range", nk[q], k);
            dst[k] = (uint32_t)v;
        }
        if (q == 0)
            nd.dims = (uint32_t)n;
    }
    if (!nd.dims)
        return fail(j, "the launch needs \"global\"");

    vsmp_launch_iface *f = NULL;
    vsmp_module *mod = NULL;
    char kname[4200];
    vsmp_diags d;
    int rc = -1;
    vsmp_launch_arg args[VSMP_LAUNCH_MAX_ARGS];
    arg_store store[VSMP_LAUNCH_MAX_ARGS];
    vsmp_sampler_state inl[8];
    vsmp_sampler_state hw_smp[VSMP_MAX_SAMPLER_STATES];
    bool hw_set[VSMP_MAX_SAMPLER_STATES];
    memset(args, 0, sizeof(args));
    memset(store, 0, sizeof(store));
    unsigned nargs = 0;
    if (load_kernel(j, root, &o.platform, &mod, &f, kname, sizeof(kname)))
        goto out;
    vsmp_status st;

    json_object *ja = jfield(root, "args");
    nargs =
        ja && json_object_is_type(ja, json_type_array) ? (unsigned)json_object_array_length(ja) : 0;
    if (nargs != vsmp_launch_iface_num_args(f) || nargs > VSMP_LAUNCH_MAX_ARGS) {
        fail(j, "\"args\" has %u entries; kernel %s takes %u", nargs, vsmp_launch_iface_kernel(f),
             vsmp_launch_iface_num_args(f));
        nargs = nargs > VSMP_LAUNCH_MAX_ARGS ? 0 : nargs;
        goto out;
    }
    char msg[512];
    for (unsigned i = 0; i < nargs; i++) {
        json_object *e = json_object_array_get_idx(ja, i);
        const vsmp_launch_arg_info *ai = vsmp_launch_iface_arg(f, i);
        const char *kind = json_object_get_string(jfield(e, "kind"));
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
        if (ai->kind != VSMP_ARG_IMAGE && check_arg_keys(j, e, i, ai->kind))
            goto out;
        if (ai->kind == VSMP_ARG_BUFFER) {
            if (make_buffer(j, e, i, &args[i], &store[i]))
                goto out;
        } else if (ai->kind == VSMP_ARG_IMAGE) {
            /* the surface description without the launcher's own keys */
            json_object *sd = json_object_new_object();
            json_object_object_foreach(e, key, val)
            {
                if (strcmp(key, "kind") && strcmp(key, "print") && strcmp(key, "hex") &&
                    strcmp(key, "save"))
                    json_object_object_add(sd, key, json_object_get(val));
            }
            int bad = !sd || vsmp_job_surface(sd, j->dir, j->max_memory, &args[i].surface, msg,
                                              sizeof(msg));
            json_object_put(sd);
            if (bad) {
                fail(j, "args[%u]: %s", i, sd ? msg : "out of memory");
                goto out;
            }
        } else if (ai->kind == VSMP_ARG_SAMPLER) {
            if (sampler_value(j, jfield(e, "sampler"), &args[i].sampler))
                goto out;
        } else if (ai->kind == VSMP_ARG_SCALAR) {
            int t = type_index(json_object_get_string(jfield(e, "type")));
            json_object *jv = jfield(e, "value");
            if (t < 0 || !jv) {
                fail(j, "args[%u]: a scalar needs an OpenCL \"type\" and a \"value\"", i);
                goto out;
            }
            if (!encode(t, jv, args[i].bytes)) {
                fail(j, "args[%u].value: expected %s for %s", i,
                     types[t].cls == 'f' ? "a number" : "an integer", types[t].name);
                goto out;
            }
            args[i].size = types[t].bytes;
        } else if (ai->kind == VSMP_ARG_LOCAL) {
            json_object *jz = jfield(e, "size");
            int64_t z =
                jz && json_object_is_type(jz, json_type_int) ? json_object_get_int64(jz) : -1;
            if (z < 1 || z > (1 << 20)) {
                fail(j, "args[%u]: a __local argument needs its \"size\" in bytes (1..2^20)", i);
                goto out;
            }
            args[i].size = (uint32_t)z;
        }
    }
    /* inline samplers from the kernel's dynamic state heap; "inline_samplers" overrides */
    json_object *jdsh = jfield(root, "dynamic_state");
    if (jdsh) {
        size_t dsize = 0;
        uint8_t *dsh = read_file(j, json_object_get_string(jdsh), &dsize);
        if (!dsh)
            goto out;
        vsmp_diags_init(&d);
        st = vsmp_launch_dsh_samplers(f, dsh, dsize, hw_smp, hw_set, &d);
        vsmp_diags_print(&d, json_object_get_string(jdsh), j->err);
        vsmp_diags_free(&d);
        free(dsh);
        if (st) {
            fail(j, "\"dynamic_state\": %s", vsmp_status_str(st));
            goto out;
        }
        for (unsigned i = 0; i < VSMP_MAX_SAMPLER_STATES; i++)
            if (hw_set[i])
                o.inline_samplers[i] = &hw_smp[i];
    }
    json_object *js = jfield(root, "inline_samplers");
    size_t ns = js && json_object_is_type(js, json_type_array) ? json_object_array_length(js) : 0;
    if (ns > 8) {
        fail(j, "at most 8 \"inline_samplers\"");
        goto out;
    }
    for (size_t i = 0; i < ns; i++) {
        json_object *e = json_object_array_get_idx(js, i);
        int idx = json_object_get_int(jfield(e, "index"));
        if (idx < 0 || idx >= VSMP_MAX_SAMPLER_STATES || !jfield(e, "index")) {
            fail(j, "inline_samplers[%zu]: \"index\" must be 0..255", i);
            goto out;
        }
        if (sampler_value(j, jfield(e, "sampler"), &inl[i]))
            goto out;
        o.inline_samplers[idx] = &inl[i];
    }
    vsmp_diags_init(&d);
    st = vsmp_launch(mod, 0, f, &nd, args, nargs, &o, &d);
    vsmp_diags_print(&d, kname, j->err);
    vsmp_diags_free(&d);
    if (st) {
        fail(j, "the launch failed: %s", vsmp_status_str(st));
        goto out;
    }
    rc = results(j, ja, args, store, nargs);
out:
    for (unsigned i = 0; i < nargs; i++) {
        vsmp_surface_free(args[i].surface);
        free(store[i].mem);
    }
    vsmp_module_free(mod);
    vsmp_launch_iface_free(f);
    return rc;
}

int vsmp_launch_job(const char *path, const char *text, size_t size, const char *out_dir,
                    size_t max_memory, FILE *out, FILE *err)
{
    job j = {.path = path, .out_dir = out_dir, .out = out, .err = err, .max_memory = max_memory};
    const char *slash = strrchr(path, '/');
    if (slash)
        snprintf(j.dir, sizeof(j.dir), "%.*s", (int)(slash - path), path);
    else
        snprintf(j.dir, sizeof(j.dir), ".");
    json_tokener *tok = json_tokener_new();
    json_object *root = tok ? json_tokener_parse_ex(tok, text, (int)size) : NULL;
    if (!root || !json_object_is_type(root, json_type_object)) {
        fprintf(err, "%s: not a JSON object: %s\n", path,
                tok ? json_tokener_error_desc(json_tokener_get_error(tok)) : "out of memory");
        if (tok)
            json_tokener_free(tok);
        json_object_put(root);
        return 1;
    }
    json_tokener_free(tok);
    int rc = launch(&j, root);
    json_object_put(root);
    return rc ? 1 : 0;
}
