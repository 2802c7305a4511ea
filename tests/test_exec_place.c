/* SPDX-License-Identifier: MIT */
/*
 * Where the run loop's code lands (src/exec/hot.h, docs/EXEC.md "Code placement"): the functions
 * marked VSMP_HOT (the handler of a run of fast instructions, exec_fast.c run_group; the one-row
 * ld, exec_ld.c; the typed row store, exec_typed.c) each start on a 64-byte line, and lie ahead
 * of the library's other code, so that no change in the size of other code moves them within a
 * line or apart from one another. ELF and GCC or Clang only: elsewhere the marking means nothing
 * and this test says so and passes.
 */
#include <stdint.h>
#include <stdio.h>

#include "exec_kit.h"

/* internal (src/exec/hot.h, exec_internal.h, exec_typed.h); the three row functions are declared
 * here only for their addresses (never called) */
uintptr_t vsmp_x_handler_address(const vsmp_machine *m, uint32_t index);
bool vsmp_x_is_fast(const vsmp_machine *m, uint32_t index);
bool vsmp_x_ld_row(vsmp_machine *m, const void *x, uint32_t en);
bool vsmp_x_typed_row(vsmp_machine *m, const void *x, uint32_t en, vsmp_surface *surf);
bool vsmp_x_typed_store(vsmp_machine *m, const void *x, uint32_t en, vsmp_surface *surf);

/* Two fast instructions in a row: the first is planned onto the run's handler (run_group). */
static const char run_text[] = ".version 4.1\n.kernel \"place\"\n"
                               ".decl FA v_type=G type=f num_elts=16 align=GRF\n"
                               ".decl FB v_type=G type=f num_elts=16 align=GRF\n"
                               "add (M1, 16) FA(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
                               "mul (M1, 16) FB(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
                               "ret (M1, 1)\n";

static void test_hot(void)
{
    vsmp_module *mod = NULL;
    vsmp_machine *m = kit_machine(run_text, VSMP_DIALECT_12504, VSMP_PLATFORM_TGLLP, &mod, NULL);
    CHECK(m, "machine");
    if (!m) {
        vsmp_module_free(mod);
        return;
    }
    CHECK(vsmp_x_is_fast(m, 0), "the add is on the fast path");
    /* the addresses compared as integers (function pointers to uintptr_t: GCC and Clang keep the
     * address) */
    const struct {
        const char *name;
        uintptr_t at;
    } hot[] = {{"the run's handler", vsmp_x_handler_address(m, 0)},
               {"vsmp_x_ld_row", (uintptr_t)vsmp_x_ld_row},
               {"vsmp_x_typed_row", (uintptr_t)vsmp_x_typed_row}},
      cold[] = {{"vsmp_x_typed_store", (uintptr_t)vsmp_x_typed_store},
                {"vsmp_machine_steps", (uintptr_t)vsmp_machine_steps},
                {"vsmp_module_free", (uintptr_t)vsmp_module_free}};
    for (size_t h = 0; h < sizeof(hot) / sizeof(hot[0]); h++) {
        CHECK(hot[h].at && hot[h].at % 64 == 0, "%s at %#jx: not on a 64-byte line", hot[h].name,
              (uintmax_t)hot[h].at);
        for (size_t c = 0; c < sizeof(cold) / sizeof(cold[0]); c++)
            CHECK(hot[h].at < cold[c].at, "%s at %#jx: not ahead of %s at %#jx", hot[h].name,
                  (uintmax_t)hot[h].at, cold[c].name, (uintmax_t)cold[c].at);
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

int main(void)
{
#if defined(__GNUC__) && defined(__ELF__)
    test_hot();
#else
    printf("exec_place: no ELF section placement with this compiler; nothing to check\n");
#endif
    return t_finish();
}
