/* SPDX-License-Identifier: MIT */
/*
 * The machine tests' set-up (exec_kit.h): what a test does before and after its assertions,
 * written once. Nothing here asserts (a CHECK here would count in no test); each call reports
 * its outcome and leaves the verdict to the test.
 */
#define _POSIX_C_SOURCE 200112L /* unsetenv */

#include "exec_kit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The outcome of a call into @p why, or, without one, its diagnostics to stderr on failure. */
static void report(const vsmp_diags *d, vsmp_status s, kit_why *why, const char *what)
{
    if (why) {
        why->status = s;
        snprintf(why->rule, sizeof(why->rule), "%s", d->count ? d->items[0].rule : "");
        snprintf(why->message, sizeof(why->message), "%s", d->count ? d->items[0].message : "");
    } else if (s != VSMP_OK) {
        vsmp_diags_print(d, what, stderr);
    }
}

vsmp_module *kit_parse(const char *text, vsmp_dialect dialect, kit_why *why)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_module *mod = NULL;
    vsmp_status s = vsmp_text_parse(text, strlen(text), dialect, &mod, &d);
    report(&d, s, why, "parse");
    vsmp_diags_free(&d);
    return s == VSMP_OK ? mod : NULL;
}

vsmp_status kit_create_diags(const vsmp_module *mod, vsmp_platform plat,
                             const vsmp_machine_options *o, vsmp_machine **m, vsmp_diags *d)
{
    vsmp_machine_options opt;
    if (o)
        opt = *o;
    else
        vsmp_machine_options_init(&opt);
    opt.platform = plat;
    return vsmp_machine_create(mod, 0, &opt, m, d);
}

vsmp_machine *kit_create(const vsmp_module *mod, vsmp_platform plat, const vsmp_machine_options *o,
                         kit_why *why)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_machine *m = NULL;
    vsmp_status s = kit_create_diags(mod, plat, o, &m, &d);
    report(&d, s, why, "machine");
    vsmp_diags_free(&d);
    return s == VSMP_OK ? m : NULL;
}

vsmp_machine *kit_create_at(const vsmp_module *mod, unsigned cpu, vsmp_platform plat,
                            const vsmp_machine_options *o, kit_why *why)
{
    vsmp_cpu_set_mask(cpu);
    vsmp_machine *m = kit_create(mod, plat, o, why);
    vsmp_cpu_set_mask(~0u);
    return m;
}

vsmp_machine *kit_machine(const char *text, vsmp_dialect dialect, vsmp_platform plat,
                          vsmp_module **mod, kit_why *why)
{
    *mod = kit_parse(text, dialect, why);
    return *mod ? kit_create(*mod, plat, NULL, why) : NULL;
}

bool kit_run(vsmp_machine *m, kit_why *why)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status s = vsmp_machine_run(m, &d);
    report(&d, s, why, "run");
    vsmp_diags_free(&d);
    return s == VSMP_OK;
}

bool kit_checks(const vsmp_module *mod, vsmp_platform plat, const char **rule)
{
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_check_options co;
    vsmp_check_options_init(&co);
    co.platform = plat;
    bool ok = vsmp_module_check(mod, &co, &d) == VSMP_OK;
    *rule = "";
    for (size_t i = 0; i < d.count; i++)
        if (d.items[i].severity == VSMP_SEV_ERROR) {
            *rule = d.items[i].rule;
            break;
        }
    vsmp_diags_free(&d);
    return ok;
}

vsmp_surface *kit_surface(vsmp_surface_type type, vsmp_format format, uint32_t w, uint32_t h,
                          uint32_t levels)
{
    vsmp_surface_desc sd;
    vsmp_surface_desc_init(&sd);
    sd.type = type;
    sd.format = format;
    sd.width = w;
    sd.height = h;
    sd.levels = levels;
    vsmp_surface *s = NULL;
    return vsmp_surface_create(&sd, &s, NULL) == VSMP_OK ? s : NULL;
}

void kit_set_cr0(vsmp_machine *m, uint32_t v)
{
    vsmp_var_info vi;
    vsmp_machine_find(m, "%cr0", &vi);
    vsmp_machine_write_var(m, VSMP_VAR_GENERAL, vi.id, 0, &v, 4);
}

unsigned kit_levels(unsigned *lv)
{
    unsetenv("VSMP_CPU");
    unsigned n = 0, all = vsmp_cpu_flags();
    lv[n++] = 0;
    lv[n++] = VSMP_CPU_C;
    if (all & VSMP_CPU_AVX2)
        lv[n++] = VSMP_CPU_C | VSMP_CPU_AVX2;
    if (all != lv[n - 1])
        lv[n++] = all;
    return n;
}
