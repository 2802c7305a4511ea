/* SPDX-License-Identifier: MIT */
/*
 * The machine tests' set-up (tests/test_exec_*.c), through the public API only: a module from a
 * program's text, a machine made from it, a run, a variable written or read by its name, a
 * surface. exec_kit.c does the work and asserts nothing; what asserts is static inline here, so
 * that its CHECKs count in the test that includes this header (testlib.h's counters are each
 * file's own: a CHECK compiled into exec_kit.c would fail no test).
 *
 * A kit_why given to a call receives the first diagnostic's rule and message (for a test that
 * expects a refusal); without one (NULL), a failure's diagnostics are printed to stderr.
 */
#ifndef VSMP_EXEC_KIT_H
#define VSMP_EXEC_KIT_H

#include <stdbool.h>
#include <stdint.h>

#include "testlib.h"
#include "vsmp/vsmp.h"

typedef struct kit_why {
    vsmp_status status; /* of the call */
    char rule[64];      /* the first diagnostic's rule and message, "" when there was none */
    char message[512];
} kit_why;

/* @p text parsed in @p dialect; NULL when it does not parse. */
vsmp_module *kit_parse(const char *text, vsmp_dialect dialect, kit_why *why);

/* A machine for @p mod on @p plat, with @p o's other options (NULL: the defaults); NULL when
 * the machine refuses the module. */
vsmp_machine *kit_create(const vsmp_module *mod, vsmp_platform plat, const vsmp_machine_options *o,
                         kit_why *why);

/* kit_create with every diagnostic appended to @p d (for a test that reads them all, their
 * lines too): the status of vsmp_machine_create, the machine in *m. */
vsmp_status kit_create_diags(const vsmp_module *mod, vsmp_platform plat,
                             const vsmp_machine_options *o, vsmp_machine **m, vsmp_diags *d);

/* kit_create planned at CPU level @p cpu (vsmp_cpu_set_mask; every level again afterwards). */
vsmp_machine *kit_create_at(const vsmp_module *mod, unsigned cpu, vsmp_platform plat,
                            const vsmp_machine_options *o, kit_why *why);

/* kit_parse, then kit_create with the default options: the module in *mod (NULL when the text
 * does not parse; the caller frees it either way), the machine returned. */
vsmp_machine *kit_machine(const char *text, vsmp_dialect dialect, vsmp_platform plat,
                          vsmp_module **mod, kit_why *why);

/* vsmp_machine_run: true when it ran to the end. */
bool kit_run(vsmp_machine *m, kit_why *why);

/* The validator on @p mod for @p plat: true when clean; else *rule is the first error's rule. */
bool kit_checks(const vsmp_module *mod, vsmp_platform plat, const char **rule);

/* A surface of @p format, @p w x @p h texels (h 1 for 1D) and @p levels levels, zeroed; NULL
 * when it cannot be made. */
vsmp_surface *kit_surface(vsmp_surface_type type, vsmp_format format, uint32_t w, uint32_t h,
                          uint32_t levels);

/* %cr0 = @p v (no check: the tests' rounding and denormal modes). */
void kit_set_cr0(vsmp_machine *m, uint32_t v);

/* The CPU levels a test compares, into @p lv (room for 4), how many returned: the reference (0),
 * the C kernels, AVX2 where the host has it, and every level the host has when that is more.
 * VSMP_CPU, which lowers every mask, is unset. */
unsigned kit_levels(unsigned *lv);

/* ---- the asserting helpers (inline: they count in the including test) ---- */

/* The id of variable @p name (of any class). */
static inline uint32_t kit_var(vsmp_machine *m, const char *name)
{
    vsmp_var_info vi;
    CHECK(vsmp_machine_find(m, name, &vi) == VSMP_OK, "find %s", name);
    return vi.id;
}

/* The first @p n bytes of variable @p name (of its own class) = @p v. */
static inline void kit_put(vsmp_machine *m, const char *name, const void *v, size_t n)
{
    vsmp_var_info vi;
    CHECK(vsmp_machine_find(m, name, &vi) == VSMP_OK &&
              vsmp_machine_write_var(m, vi.cls, vi.id, 0, v, n) == VSMP_OK,
          "write %s", name);
}

/* The first @p n bytes of variable @p name into @p v (the variable holding at least n). */
static inline void kit_get(vsmp_machine *m, const char *name, void *v, size_t n)
{
    vsmp_var_info vi;
    uint8_t b[4096];
    size_t got = 0;
    CHECK(vsmp_machine_find(m, name, &vi) == VSMP_OK &&
              vsmp_machine_read_var(m, vi.cls, vi.id, 0, b, sizeof(b), &got) == VSMP_OK && got >= n,
          "read %s", name);
    memcpy(v, b, n <= got ? n : got);
}

/* kit_parse that must succeed. */
static inline vsmp_module *kit_parse_ok(const char *text, vsmp_dialect dialect)
{
    vsmp_module *mod = kit_parse(text, dialect, NULL);
    CHECK(mod != NULL, "parsed");
    return mod;
}

/* kit_create (the default options) that must succeed; NULL without a check when @p mod is. */
static inline vsmp_machine *kit_create_ok(const vsmp_module *mod, vsmp_platform plat)
{
    if (!mod)
        return NULL;
    vsmp_machine *m = kit_create(mod, plat, NULL, NULL);
    CHECK(m != NULL, "machine created");
    return m;
}

/* kit_machine that must succeed. */
static inline vsmp_machine *kit_machine_ok(const char *text, vsmp_dialect dialect,
                                           vsmp_platform plat, vsmp_module **mod)
{
    vsmp_machine *m = kit_machine(text, dialect, plat, mod, NULL);
    CHECK(m != NULL, "machine created");
    return m;
}

/* The validator and the machine on @p plat refuse @p mod under the same rule, @p rule. */
static inline void kit_same_rule(const vsmp_module *mod, vsmp_platform plat, const char *rule,
                                 const char *what)
{
    const char *vr = "";
    bool refused = !kit_checks(mod, plat, &vr);
    CHECK(refused && !strcmp(vr, rule), "%s: validator [%s] (%s)", what, rule, vr);
    kit_why why;
    vsmp_machine *m = kit_create(mod, plat, NULL, &why);
    CHECK(!m && !strcmp(why.rule, rule), "%s: machine [%s] (%s)", what, rule, why.rule);
    vsmp_machine_free(m);
}

/* A 1D R32_UINT buffer of @p words words, zeroed. */
static inline vsmp_surface *kit_buffer(uint32_t words)
{
    vsmp_surface *s = kit_surface(VSMP_SURFTYPE_1D, VSMP_FORMAT_R32_UINT, words, 1, 1);
    CHECK(s != NULL, "buffer");
    return s;
}

#endif
