/* SPDX-License-Identifier: MIT */
/* `vsmp launch LAUNCH.json`: an IGC-compiled OpenCL kernel over an NDRange. Schema:
 * docs/LAUNCH.md. Public API only. This file reads the description's top level, runs the
 * launch in its steps (the kernel: launch_kernel.c; the arguments and the outputs:
 * launch_args.c; launch_tool.h names the parts) and prints its progress and summary. */
#define _GNU_SOURCE
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "launch_tool.h"

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
    lj_job *j = user;
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
int vsmp_lj_fail(lj_job *j, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_tool_vfail(j->err, j->path, fmt, ap);
    va_end(ap);
    return -1;
}

int vsmp_lj_jfailed(lj_job *j)
{
    return vsmp_lj_fail(j, "%s", j->e.msg);
}

void vsmp_lj_diags_begin(const lj_job *j, vsmp_diags *d)
{
    vsmp_diags_init(d);
    d->limit = j->error_limit;
}

uint8_t *vsmp_lj_read_file(lj_job *j, const char *name, size_t *size)
{
    char path[4200];
    vsmp_tool_join(j->dir, name, path, sizeof(path));
    char msg[4400];
    uint8_t *data = vsmp_tool_read_file(path, VSMP_LJ_MAX_FILE, size, msg, sizeof(msg));
    if (!data)
        vsmp_lj_fail(j, "%s", msg);
    return data;
}

/* A diagnostic of the library under the file it is about: the interface's line (rules
 * launch.iface and launch.dsh with a line), the description (launch.ndrange, launch.args: what
 * its keys asked for), else @p other (the kernel, or the dynamic state file). */
void vsmp_lj_print_diags(lj_job *j, const vsmp_diags *d, const char *iface, const char *other)
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

/* "global" (1 to 3 sizes), "local" (as many, or null), "offset" (as many). */
static int ndrange(lj_job *j, json_object *root, vsmp_ndrange *nd)
{
    static const char *const nk[3] = {"global", "local", "offset"};
    memset(nd, 0, sizeof(*nd));
    for (int q = 0; q < 3; q++) {
        json_object *a = jfield(root, nk[q]);
        if (!a || (q == 1 && json_object_is_type(a, json_type_null)))
            continue;
        if (!json_object_is_type(a, json_type_array))
            return vsmp_lj_fail(j, "%s: expected an array of %s", nk[q],
                                q ? "sizes, as many as \"global\"" : "1 to 3 sizes");
        size_t n = json_object_array_length(a);
        if (q == 0 && (n < 1 || n > 3))
            return vsmp_lj_fail(j, "global: an array of 1 to 3 sizes, got %zu", n);
        if (q && n != nd->dims)
            return vsmp_lj_fail(j, "%s: %u size%s (as many as \"global\"), got %zu", nk[q],
                                nd->dims, nd->dims > 1 ? "s" : "", n);
        uint32_t *dst = q == 0 ? nd->global : q == 1 ? nd->local : nd->offset;
        for (size_t k = 0; k < n; k++) {
            char p[32];
            int64_t v;
            if (jval_int(json_object_array_get_idx(a, k), jpath_idx(p, sizeof(p), nk[q], k),
                         q == 2 ? 0 : 1, UINT32_MAX, &v, &j->e))
                return vsmp_lj_jfailed(j);
            dst[k] = (uint32_t)v;
        }
        if (q == 0)
            nd->dims = (uint32_t)n;
    }
    if (!nd->dims)
        return vsmp_lj_fail(j, "the launch needs \"global\"");
    for (uint32_t k = 0; nd->local[0] && k < nd->dims; k++)
        if (nd->global[k] % nd->local[k])
            return vsmp_lj_fail(j, "local[%u]: global[%u] = %u is no multiple of the local size %u",
                                k, k, nd->global[k], nd->local[k]);
    return 0;
}

/* The description's top level, before anything is read from a file: its keys, "platform", the
 * NDRange, and the sizes of "args" and "inline_samplers" (their entries are read later). */
typedef struct top {
    const char *dname, *pgname; /* "dynamic_state", "program" */
    json_object *js;            /* "inline_samplers" */
    size_t ns;
} top;

static int read_top(lj_job *j, json_object *root, lj_bound *b, top *t)
{
    static const char *const keys[] = {"kernel",          "interface", "platform", "global",
                                       "local",           "offset",    "args",     "dynamic_state",
                                       "inline_samplers", "source",    "binary",   "device",
                                       "options",         "program",   NULL};
    if (!json_object_is_type(root, json_type_object))
        return vsmp_lj_fail(j, "the launch description is not a JSON object");
    /* null is the NDRange's "local" (vsmp chooses); elsewhere each key's read refuses it */
    if (jcheck_keys(root, "", keys, true, &j->e))
        return vsmp_lj_jfailed(j);
    const char *pname = NULL;
    memset(t, 0, sizeof(*t));
    if (jget_str(root, "", "platform", &pname, &j->e) ||
        jget_str(root, "", "dynamic_state", &t->dname, &j->e) ||
        jget_str(root, "", "program", &t->pgname, &j->e))
        return vsmp_lj_jfailed(j);
    if (t->pgname && (jfield(root, "source") || jfield(root, "binary")))
        return vsmp_lj_fail(
            j,
            "\"program\" goes with a .cos or .zeinfo \"interface\" (a zebin holds its own data)");
    if (pname && vsmp_platform_find(pname, &b->o.platform))
        return vsmp_lj_fail(j, "platform: unknown platform \"%.40s\"", pname);
    if (ndrange(j, root, &b->nd))
        return -1;
    size_t nja = 0;
    b->ja = jfield(root, "args");
    t->js = jfield(root, "inline_samplers");
    if (b->ja && jval_array(b->ja, "args", 0, VSMP_LAUNCH_MAX_ARGS, &nja, &j->e))
        return vsmp_lj_jfailed(j);
    if (t->js && jval_array(t->js, "inline_samplers", 0, VSMP_LJ_MAX_INLINE, &t->ns, &j->e))
        return vsmp_lj_jfailed(j);
    b->nargs = (unsigned)nja;
    return 0;
}

/* A printf buffer for every launch (the kernel may have none: it costs an empty buffer). */
static int printf_buffer(lj_job *j, lj_bound *b)
{
    b->o.printf_buffer = b->printf_surf =
        vsmp_lj_bytes_surface(&b->printf_mem, NULL, VSMP_LAUNCH_PRINTF_SIZE);
    if (!b->printf_surf)
        return vsmp_lj_fail(j, "out of memory");
    vsmp_launch_printf_init(b->printf_mem, VSMP_LAUNCH_PRINTF_SIZE);
    return 0;
}

/* The launch with the budgets, Ctrl-C and progress (docs/LAUNCH.md section 3); its counts into
 * @p stats, its time into @p took. @p pgname: "program" (for the hint when data is missing). */
static int run(lj_job *j, lj_bound *b, const char *pgname, vsmp_launch_stats *stats, double *took)
{
    const launch_job_options *jo = j->opt;
    vsmp_launch_options *o = &b->o;
    o->max_memory = j->max_memory;
    o->max_total_steps = jo ? jo->max_instructions : 0;
    o->cancel = jo ? jo->cancel : NULL;
    o->stats = stats;
    if (jo && !jo->quiet) {
        o->progress = progress;
        o->progress_user = j;
        j->tty = isatty(fileno(j->err));
    }
    j->start = seconds();
    j->next_report = j->start + 1.0;
    vsmp_diags d;
    vsmp_lj_diags_begin(j, &d);
    vsmp_status st = vsmp_launch(b->mod, 0, b->f, &b->nd, b->args, b->nargs, o, &d);
    *took = seconds() - j->start;
    if (j->reported && j->tty)
        fputs("\r\033[K", j->err);
    if (st == VSMP_ERR_CANCELLED) {
        vsmp_diags_free(&d);
        j->cancelled = true;
        return vsmp_lj_fail(j,
                            "interrupted: the launch stopped after %llu of %llu work-groups; "
                            "nothing printed or saved",
                            (unsigned long long)stats->groups,
                            (unsigned long long)stats->groups_total);
    }
    vsmp_lj_print_diags(j, &d, b->iname, b->kname);
    vsmp_diags_free(&d);
    if (st) {
        vsmp_lj_fail(j, "the launch failed: %s", vsmp_status_str(st));
        if (j->program_data && !pgname)
            fprintf(j->err,
                    "%s: note: the kernel's interface names program-scope data, and \"program\" "
                    "(IGC's .progbin) does not give it\n",
                    j->path);
        return -1;
    }
    return 0;
}

/* The printf output, as Intel's runtime prints it after the kernel. */
static int printf_output(lj_job *j, lj_bound *b)
{
    char *text = NULL;
    vsmp_diags d;
    vsmp_lj_diags_begin(j, &d);
    vsmp_status st =
        vsmp_launch_printf_format(b->f, b->printf_mem, VSMP_LAUNCH_PRINTF_SIZE, 0, &text, &d);
    if (text)
        fputs(text, j->out);
    free(text);
    vsmp_lj_print_diags(j, &d, b->iname, b->kname);
    vsmp_diags_free(&d);
    if (st)
        return vsmp_lj_fail(j, "the printf buffer: %s", vsmp_status_str(st));
    return 0;
}

static void summary(lj_job *j, const lj_bound *b, const vsmp_launch_stats *s, double took)
{
    fprintf(j->err,
            "%s: %llu work-groups of %u x %u x %u, %llu hardware threads of SIMD%u, "
            "%.1f%% of lanes used, %llu instructions, %llu sampler messages, %.3f s, %u "
            "file%s written\n",
            j->path, (unsigned long long)s->groups, s->local[0], s->local[1], s->local[2],
            (unsigned long long)s->threads, vsmp_launch_iface_simd(b->f),
            s->lane_slots ? 100.0 * (double)s->lanes / (double)s->lane_slots : 0.0,
            (unsigned long long)s->instructions, (unsigned long long)s->sampler_messages, took,
            j->saved, j->saved == 1 ? "" : "s");
}

static void bound_free(lj_job *j, lj_bound *b)
{
    vsmp_launch_program_free(&j->zdata);
    vsmp_surface_free(b->const_surf);
    vsmp_surface_free(b->global_surf);
    vsmp_surface_free(b->printf_surf);
    free(b->const_mem);
    free(b->global_mem);
    free(b->printf_mem);
    for (unsigned i = 0; i < VSMP_LAUNCH_MAX_ARGS; i++) {
        vsmp_surface_free(b->args[i].surface);
        free(b->store[i].mem);
    }
    vsmp_module_free(b->mod);
    vsmp_launch_iface_free(b->f);
    free(b);
}

/* The launch, step by step, each reporting its own failure: the description's top level, the
 * kernel, the arguments, the dynamic state, the program-scope data, the inline samplers; then
 * the run, printf's output and the results. The first failure is the one reported: a
 * description with several faults names the one of the earliest step. */
static int launch(lj_job *j, json_object *root)
{
    lj_bound *b = calloc(1, sizeof(*b));
    if (!b)
        return vsmp_lj_fail(j, "out of memory");
    vsmp_launch_options_init(&b->o);
    /* work-groups on every online core, or VSMP_LAUNCH_WORKERS of them (docs/LAUNCH.md) */
    b->o.workers = vsmp_pool_env_workers("VSMP_LAUNCH_WORKERS"); /* VSMP_WORKERS first */
    top t;
    vsmp_launch_stats stats;
    double took = 0;
    int rc = read_top(j, root, b, &t);
    if (!rc)
        rc = vsmp_lj_load_kernel(j, root, b);
    if (!rc)
        rc = vsmp_lj_bind_args(j, b);
    if (!rc && t.dname)
        rc = vsmp_lj_dynamic_state(j, t.dname, b);
    if (!rc)
        rc = vsmp_lj_program_data(j, t.pgname, b);
    if (!rc)
        rc = printf_buffer(j, b);
    if (!rc)
        rc = vsmp_lj_inline_samplers(j, t.js, t.ns, b);
    if (!rc)
        rc = run(j, b, t.pgname, &stats, &took);
    if (!rc)
        rc = printf_output(j, b);
    if (!rc)
        rc = vsmp_lj_results(j, b);
    if (!rc && j->opt && !j->opt->quiet)
        summary(j, b, &stats, took);
    bound_free(j, b);
    return rc;
}

int vsmp_launch_job_opt(const char *path, const char *text, size_t size,
                        const launch_job_options *o, FILE *out, FILE *err)
{
    lj_job j = {.path = path,
                .out_dir = o ? o->out_dir : NULL,
                .out = out,
                .err = err,
                .max_memory = o ? o->max_memory : 0,
                .error_limit = o ? o->error_limit : 0,
                .opt = o};
    vsmp_tool_dir(path, j.dir, sizeof(j.dir));
    json_object *root = jparse(text, size, &j.e);
    if (!root) {
        vsmp_lj_jfailed(&j);
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
