/* SPDX-License-Identifier: MIT */
/*
 * The general inputs' copy from the payload into their variables before a run (machine.c
 * load_inputs): an input of every size from 1 to 100 bytes (each way the copy moves its bytes:
 * one to three single bytes, two moves of 4, 8 or 16 bytes over each other, 32-byte moves with a
 * last one ending where the input ends), at a payload offset of no alignment, lands whole in its
 * variable and nowhere else: the variable's bytes past the input keep what was written there
 * before the run, and the bytes of the variables around it too. Inputs next to each other in
 * the payload and in the arena (one copy) and an input of size 0 (no copy) too. Expected values:
 * the payload's bytes, by the inputs' definition ("the offset in bytes of where this input is
 * stored", 4_visa_header.md input_info).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

enum { NMAX = 100, SLACK = 5 };

/* A kernel whose variable I<n> (n bytes + SLACK, type ub) takes input n bytes at payload offset
 * off, between two variables B<n> and A<n> no input writes; then the machine's payload set to
 * pay, every variable filled with 0xa5, and run. */
static vsmp_machine *run_one(unsigned n, unsigned off, const uint8_t *pay, size_t npay,
                             vsmp_module **mod)
{
    char text[1024];
    snprintf(text, sizeof(text),
             ".version 4.1\n.kernel \"t\"\n"
             ".decl B v_type=G type=ub num_elts=7\n"
             ".decl I v_type=G type=ub num_elts=%u\n"
             ".decl A v_type=G type=ub num_elts=9\n"
             ".input I offset=%u size=%u\n"
             "ret (M1, 1)\n",
             n + SLACK, off, n);
    vsmp_machine *m = kit_machine_ok(text, VSMP_DIALECT_12504, VSMP_PLATFORM_TGLLP, mod);
    if (!m)
        return NULL;
    uint8_t fill[NMAX + SLACK];
    memset(fill, 0xa5, sizeof(fill));
    kit_put(m, "B", fill, 7);
    kit_put(m, "I", fill, n + SLACK);
    kit_put(m, "A", fill, 9);
    CHECK(vsmp_machine_payload_size(m) == off + n, "payload of %u bytes at %u", n, off);
    CHECK(vsmp_machine_set_payload(m, 0, pay, npay < off + n ? npay : off + n) == VSMP_OK,
          "payload %u", n);
    CHECK(kit_run(m, NULL), "run %u", n);
    return m;
}

static bool all_a5(const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (b[i] != 0xa5)
            return false;
    return true;
}

static void test_sizes(void)
{
    uint8_t pay[NMAX + 64];
    for (unsigned i = 0; i < sizeof(pay); i++)
        pay[i] = (uint8_t)(i * 7 + 3); /* never 0xa5 here (i = 206 would be) */
    for (unsigned n = 1; n <= NMAX; n++) {
        unsigned off = 1 + n % 13; /* of no alignment */
        vsmp_module *mod = NULL;
        vsmp_machine *m = run_one(n, off, pay, sizeof(pay), &mod);
        if (m) {
            uint8_t b[NMAX + SLACK], before[7], after[9];
            kit_get(m, "I", b, n + SLACK);
            kit_get(m, "B", before, sizeof(before));
            kit_get(m, "A", after, sizeof(after));
            CHECK(memcmp(b, pay + off, n) == 0, "input of %u bytes: the payload's", n);
            CHECK(all_a5(b + n, SLACK), "input of %u bytes: the variable's rest kept", n);
            CHECK(all_a5(before, sizeof(before)) && all_a5(after, sizeof(after)),
                  "input of %u bytes: the variables around it kept", n);
        }
        vsmp_machine_free(m);
        vsmp_module_free(mod);
    }
}

/* Three inputs next to each other in the payload and in the arena (one copy of 3 + 1 + 21
 * bytes across three variables, none a GRF), an input of size 0 between them in the declarations,
 * and a fourth apart from them in the payload. */
static void test_joined(void)
{
    vsmp_module *mod = NULL;
    vsmp_machine *m = kit_machine_ok(".version 4.1\n.kernel \"t\"\n"
                                     ".decl X v_type=G type=ub num_elts=3\n"
                                     ".decl Y v_type=G type=ub num_elts=1\n"
                                     ".decl Z v_type=G type=ub num_elts=24\n"
                                     ".decl E v_type=G type=ub num_elts=4\n"
                                     ".decl W v_type=G type=ub num_elts=6\n"
                                     ".input X offset=10 size=3\n"
                                     ".input Y offset=13 size=1\n"
                                     ".input E offset=2 size=0\n"
                                     ".input Z offset=14 size=21\n"
                                     ".input W offset=60 size=5\n"
                                     "ret (M1, 1)\n",
                                     VSMP_DIALECT_12504, VSMP_PLATFORM_TGLLP, &mod);
    if (m) {
        uint8_t pay[65], fill[40], b[40];
        for (unsigned i = 0; i < sizeof(pay); i++)
            pay[i] = (uint8_t)(200 - i);
        memset(fill, 0xa5, sizeof(fill));
        kit_put(m, "Z", fill, 24);
        kit_put(m, "E", fill, 4);
        kit_put(m, "W", fill, 6);
        CHECK(vsmp_machine_payload_size(m) == 65, "joined: payload size");
        CHECK(vsmp_machine_set_payload(m, 0, pay, sizeof(pay)) == VSMP_OK, "joined: payload");
        CHECK(kit_run(m, NULL), "joined: run");
        kit_get(m, "X", b, 3);
        CHECK(memcmp(b, pay + 10, 3) == 0, "joined: X");
        kit_get(m, "Y", b, 1);
        CHECK(b[0] == pay[13], "joined: Y");
        kit_get(m, "Z", b, 24);
        CHECK(memcmp(b, pay + 14, 21) == 0 && all_a5(b + 21, 3), "joined: Z and its rest");
        kit_get(m, "E", b, 4);
        CHECK(all_a5(b, 4), "joined: E, of size 0, kept");
        kit_get(m, "W", b, 6);
        CHECK(memcmp(b, pay + 60, 5) == 0 && b[5] == 0xa5, "joined: W and its rest");
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

int main(void)
{
    test_sizes();
    test_joined();
    return t_finish();
}
