/* SPDX-License-Identifier: MIT */
/* `vsmp launch`'s kernel (launch_tool.h): the kernel and its interface from a .visaasm or .isa
 * with IGC's .cos or .zeinfo, from a zebin, or from OpenCL C compiled by ocloc; the inline
 * samplers of a dynamic state heap; the program-scope data of a program binary or zebin.
 * Schema: docs/LAUNCH.md section 3. Public API only. */
#define _GNU_SOURCE /* memmem */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch_tool.h"
#include "ocloc.h"
#include "zebin.h"

/* The module's text, parsed (or its binary, read) into *mod; diagnostics under @p label. */
static int parse_module(lj_job *j, const uint8_t *kd, size_t size, const char *label,
                        vsmp_module **mod)
{
    bool text = !(size >= 4 && memcmp(kd, "CISA", 4) == 0);
    vsmp_status st =
        vsmp_tool_parse_module(kd, size, text, j->max_memory, j->error_limit, label, j->err, mod);
    if (st)
        return vsmp_lj_fail(j, "%s: %s", label, vsmp_status_str(st));
    return 0;
}

/* ocloc's devices vsmp runs, and their platforms: a platform's device is its first row (the
 * default "device"), a device names its platform. */
static const struct {
    const char *device;
    vsmp_platform platform;
} devices[] = {{"skl", VSMP_PLATFORM_SKL},
               {"icllp", VSMP_PLATFORM_ICLLP},
               {"tgllp", VSMP_PLATFORM_TGLLP},
               {"acm-g10", VSMP_PLATFORM_DG2},
               {"dg2", VSMP_PLATFORM_DG2}};
#define NDEVICES (sizeof(devices) / sizeof(devices[0]))

/* The ocloc device of a platform, when "device" is not given (NULL: none). */
static const char *platform_device(vsmp_platform p)
{
    for (size_t i = 0; i < NDEVICES; i++)
        if (devices[i].platform == p)
            return devices[i].device;
    return NULL;
}

/* "device" without "platform" gives the platform; with one, they must agree (a kernel compiled
 * for one target run as another's is refused). */
static int device_platform(lj_job *j, json_object *root, const char *device,
                           vsmp_platform *platform)
{
    if (!device)
        return 0;
    size_t i = 0;
    while (i < NDEVICES && strcmp(devices[i].device, device))
        i++;
    if (!jfield(root, "platform")) {
        if (i == NDEVICES)
            return vsmp_lj_fail(j, "\"device\" %s: say which \"platform\" runs it", device);
        *platform = devices[i].platform;
    } else if (i < NDEVICES && devices[i].platform != *platform) {
        return vsmp_lj_fail(j, "\"device\" %s and \"platform\" %s disagree", device,
                            json_object_get_string(jfield(root, "platform")));
    }
    return 0;
}

/* "source": the OpenCL C @p src (its @p size bytes, freed here) compiled by ocloc for "device"
 * (else the platform's) with "options" into *zebin. Diagnostics into @p d (freed on failure). */
static int compile_source(lj_job *j, json_object *root, const char *file, uint8_t *src, size_t size,
                          vsmp_platform *platform, uint8_t **zebin, size_t *zsize, vsmp_diags *d)
{
    json_object *jdev = jfield(root, "device"), *jopt = jfield(root, "options");
    vsmp_ocl_build b;
    vsmp_ocl_build_init(&b);
    b.device = jdev ? json_object_get_string(jdev) : platform_device(*platform);
    b.options = jopt ? json_object_get_string(jopt) : NULL;
    int dp = device_platform(j, root, b.device, platform);
    if (dp || !b.device) {
        free(src);
        vsmp_diags_free(d);
        return dp ? dp
                  : vsmp_lj_fail(j, "\"device\": which ocloc device (the platform names none)");
    }
    char *log = NULL;
    *zebin = NULL;
    vsmp_status st = vsmp_ocl_compile((const char *)src, size, &b, zebin, zsize, &log, d);
    free(src);
    if (st) {
        /* ocloc's log is the diagnostic; else what kept it from running */
        if (log && *log)
            fprintf(j->err, "%s", log);
        else
            vsmp_diags_print(d, file, j->err);
        free(log);
        vsmp_diags_free(d);
        return vsmp_lj_fail(j, "%s: ocloc -device %s could not compile it: %s", file, b.device,
                            vsmp_status_str(st));
    }
    free(log);
    return 0;
}

/* The kernel from a zebin: "binary" (the file) or "source" (OpenCL C compiled by ocloc in a child
 * process, through the build cache), "kernel" its name (docs/LAUNCH.md section 3). */
static int load_zebin(lj_job *j, json_object *root, vsmp_platform *platform, vsmp_module **mod,
                      vsmp_launch_iface **f, char *label, size_t cap)
{
    json_object *jk = jfield(root, "kernel"), *js = jfield(root, "source"),
                *jb = jfield(root, "binary"), *jdev = jfield(root, "device"),
                *jopt = jfield(root, "options");
    const char *what = js ? "source" : "binary";
    const char *file = json_object_get_string(js ? js : jb);
    if (jfield(root, "interface"))
        return vsmp_lj_fail(j, "\"interface\" goes with a .visaasm \"kernel\", not with \"%s\"",
                            what);
    if (!jk || !json_object_is_type(jk, json_type_string))
        return vsmp_lj_fail(j, "\"%s\" needs \"kernel\": the name of the kernel to launch", what);
    if (jb && (jdev || jopt))
        return vsmp_lj_fail(j, "\"device\" and \"options\" go with \"source\", not \"binary\"");
    if ((jdev && !json_object_is_type(jdev, json_type_string)) ||
        (jopt && !json_object_is_type(jopt, json_type_string)))
        return vsmp_lj_fail(j, "\"device\" and \"options\" are strings");
    const char *kernel = json_object_get_string(jk);
    size_t size = 0;
    uint8_t *data = vsmp_lj_read_file(j, file, &size);
    if (!data)
        return -1;
    uint8_t *zebin = data;
    vsmp_diags d;
    vsmp_lj_diags_begin(j, &d);
    if (js && compile_source(j, root, file, data, size, platform, &zebin, &size, &d))
        return -1;
    vsmp_ocl_program *prog = NULL;
    vsmp_status st = vsmp_ocl_zebin_read(zebin, size, &prog, &d);
    free(zebin);
    vsmp_diags_print(&d, file, j->err);
    vsmp_diags_free(&d);
    if (st)
        return vsmp_lj_fail(j, "%s: %s", file, vsmp_status_str(st));
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
        rc = vsmp_lj_fail(j, "%s holds no kernel \"%s\" (it holds %s)", file, kernel, names);
    else if (!k->iface)
        rc = vsmp_lj_fail(j, "%s: kernel %s is not launched: %s", file, kernel, k->unsupported);
    else if (!k->visaasm)
        rc = vsmp_lj_fail(j,
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
static int zeinfo_iface(lj_job *j, const uint8_t *text, size_t size, const uint8_t *kd,
                        size_t ksize, const char *ipath, vsmp_platform p, vsmp_launch_iface **f)
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
        return vsmp_lj_fail(
            j,
            "%s: a zeinfo interface goes with a .visaasm kernel (its .kernel \"NAME\" "
            "names the zeinfo's kernel)",
            ipath);
    unsigned grf = p == VSMP_PLATFORM_LNL || p == VSMP_PLATFORM_BMG || p == VSMP_PLATFORM_PTL ||
                           p == VSMP_PLATFORM_XE2 || p == VSMP_PLATFORM_PVC
                       ? 64
                       : 32;
    vsmp_diags d;
    vsmp_lj_diags_begin(j, &d);
    vsmp_ocl_program *prog = NULL;
    vsmp_status st = vsmp_ocl_zeinfo_read_grf((const char *)text, size, grf, &prog, &d);
    vsmp_diags_print(&d, ipath, j->err);
    vsmp_diags_free(&d);
    if (st)
        return vsmp_lj_fail(j, "%s: %s", ipath, vsmp_status_str(st));
    const vsmp_ocl_kernel *k = vsmp_ocl_program_kernel(prog, kernel);
    int rc = 0;
    if (!k)
        rc = vsmp_lj_fail(j, "%s holds no kernel \"%s\"", ipath, kernel);
    else if (!k->iface)
        rc = vsmp_lj_fail(j, "%s: kernel %s is not launched: %s", ipath, kernel, k->unsupported);
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
static int load_kernel(lj_job *j, json_object *root, vsmp_platform *platform, vsmp_module **mod,
                       vsmp_launch_iface **f, char *label, size_t cap, char *ilabel, size_t icap)
{
    const char *kpath = NULL, *ipath = NULL;
    if (jfield(root, "source") && jfield(root, "binary"))
        return vsmp_lj_fail(j, "\"source\" and \"binary\": give one of them");
    if (jfield(root, "source") || jfield(root, "binary")) {
        const char *file = NULL;
        if (jget_str(root, "", jfield(root, "source") ? "source" : "binary", &file, &j->e))
            return vsmp_lj_jfailed(j);
        snprintf(ilabel, icap, "%s", file);
        return load_zebin(j, root, platform, mod, f, label, cap);
    }
    if (jfield(root, "device") || jfield(root, "options"))
        return vsmp_lj_fail(j, "\"device\" and \"options\" go with \"source\"");
    if (jget_str(root, "", "kernel", &kpath, &j->e) ||
        jget_str(root, "", "interface", &ipath, &j->e))
        return vsmp_lj_jfailed(j);
    if (!kpath || !ipath)
        return vsmp_lj_fail(j,
                            "the launch needs \"kernel\" and \"interface\" paths, or \"source\" or "
                            "\"binary\" with \"kernel\"");
    snprintf(ilabel, icap, "%s", ipath);
    size_t size;
    uint8_t *text = vsmp_lj_read_file(j, ipath, &size);
    if (!text)
        return -1;
    if (text && is_zeinfo(text, size)) { /* the zeinfo gives the inline samplers */
        size_t ksize;
        snprintf(label, cap, "%s", kpath);
        uint8_t *kd = vsmp_lj_read_file(j, label, &ksize);
        int rc = kd ? zeinfo_iface(j, text, size, kd, ksize, ipath, *platform, f) : -1;
        free(text);
        if (!rc)
            rc = parse_module(j, kd, ksize, label, mod);
        free(kd);
        return rc;
    }
    vsmp_diags d;
    vsmp_lj_diags_begin(j, &d);
    vsmp_status st = vsmp_launch_iface_parse((const char *)text, size, f, &d);
    j->program_data =
        text && size && memmem(text, size, "MEMORY_SURFACE_WITH_INITIALIZATION", 34) != NULL;
    free(text);
    vsmp_diags_print(&d, ipath, j->err);
    vsmp_diags_free(&d);
    if (st)
        return vsmp_lj_fail(j, "%s: %s", ipath, vsmp_status_str(st));
    /* inline samplers (__constant sampler_t) come from "dynamic_state" or "inline_samplers"
     * (a zebin carries its own): with neither, say so before reading anything else */
    bool missing[VSMP_MAX_SAMPLER_STATES];
    unsigned nmiss = vsmp_lj_missing_inline(*f, NULL, missing);
    if (nmiss && !jfield(root, "dynamic_state") && !jfield(root, "inline_samplers"))
        return vsmp_lj_fail(j,
                            "kernel %s has %u inline sampler%s (__constant sampler_t): give "
                            "\"dynamic_state\" (its .dsh, IGC's .progbin or ocloc's .bin) or "
                            "\"inline_samplers\"",
                            vsmp_launch_iface_kernel(*f), nmiss, nmiss == 1 ? "" : "s");
    snprintf(label, cap, "%s", kpath);
    uint8_t *kd = vsmp_lj_read_file(j, label, &size);
    if (!kd)
        return -1;
    int rc = parse_module(j, kd, size, label, mod);
    free(kd);
    return rc;
}

vsmp_surface *vsmp_lj_bytes_surface(uint8_t **mem, const uint8_t *init, size_t bytes)
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

unsigned vsmp_lj_missing_inline(const vsmp_launch_iface *f, const vsmp_launch_options *o,
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
int vsmp_lj_load_kernel(lj_job *j, json_object *root, lj_bound *b)
{
    return load_kernel(j, root, &b->o.platform, &b->mod, &b->f, b->kname, sizeof(b->kname),
                       b->iname, sizeof(b->iname));
}

int vsmp_lj_dynamic_state(lj_job *j, const char *dname, lj_bound *b)
{
    size_t dsize = 0;
    uint8_t *dsh = vsmp_lj_read_file(j, dname, &dsize);
    if (!dsh)
        return -1;
    bool set[VSMP_MAX_SAMPLER_STATES];
    vsmp_diags d;
    vsmp_lj_diags_begin(j, &d);
    vsmp_status st = vsmp_launch_dsh_samplers(b->f, dsh, dsize, b->hw_smp, set, &d);
    vsmp_lj_print_diags(j, &d, b->iname, dname);
    vsmp_diags_free(&d);
    free(dsh);
    if (st)
        return vsmp_lj_fail(j, "\"dynamic_state\": %s: %s", dname, vsmp_status_str(st));
    for (unsigned i = 0; i < VSMP_MAX_SAMPLER_STATES; i++)
        if (set[i])
            b->o.inline_samplers[i] = &b->hw_smp[i];
    return 0;
}

/* @p prog's data as b->o's program surfaces (those it has replace what was there).
 * @return 0, or -1 out of memory. */
static int program_surfaces(lj_bound *b, const vsmp_launch_program *prog)
{
    if (prog->constant) {
        vsmp_surface_free(b->const_surf);
        free(b->const_mem);
        b->o.program_constant = b->const_surf =
            vsmp_lj_bytes_surface(&b->const_mem, prog->constant, prog->constant_size);
    }
    if (prog->global) {
        vsmp_surface_free(b->global_surf);
        free(b->global_mem);
        b->o.program_global = b->global_surf =
            vsmp_lj_bytes_surface(&b->global_mem, prog->global, prog->global_size);
    }
    return (prog->constant && !b->const_surf) || (prog->global && !b->global_surf) ? -1 : 0;
}

/* "program": IGC's .progbin, or a zebin beside its .visaasm and .zeinfo. */
static int read_program(lj_job *j, const char *pgname, lj_bound *b, vsmp_launch_program *prog)
{
    size_t psize = 0;
    uint8_t *pb = vsmp_lj_read_file(j, pgname, &psize);
    if (!pb)
        return -1;
    vsmp_diags d;
    vsmp_lj_diags_begin(j, &d);
    vsmp_status st;
    if (psize >= 4 && !memcmp(pb,
                              "\x7f"
                              "ELF",
                              4)) {
        vsmp_ocl_program *zp = NULL;
        st = vsmp_ocl_zebin_read(pb, psize, &zp, &d);
        if (!st) {
            *prog = zp->data;
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
            st = vsmp_launch_iface_add_symbols_of(b->f, zk->iface, &d);
        }
        vsmp_ocl_program_free(zp);
    } else {
        st = vsmp_launch_program_read(pb, psize, prog, &d);
    }
    vsmp_lj_print_diags(j, &d, b->iname, pgname);
    vsmp_diags_free(&d);
    free(pb);
    if (st)
        return vsmp_lj_fail(j, "\"program\": %s: %s", pgname, vsmp_status_str(st));
    return 0;
}

int vsmp_lj_program_data(lj_job *j, const char *pgname, lj_bound *b)
{
    if (program_surfaces(b, &j->zdata))
        return vsmp_lj_fail(j, "out of memory");
    if (!pgname)
        return 0;
    vsmp_launch_program prog;
    memset(&prog, 0, sizeof(prog));
    if (read_program(j, pgname, b, &prog))
        return -1;
    int nomem = program_surfaces(b, &prog);
    vsmp_launch_program_free(&prog);
    return nomem ? vsmp_lj_fail(j, "out of memory") : 0;
}
