/* SPDX-License-Identifier: MIT */
/*
 * Divergent control flow on text programs: nested and crossing forward gotos, a loop with a
 * lane-varying break and continue, and all lanes off (a goto every enabled lane takes, a
 * predicated instruction and a goto with no lane enabled), in SIMD16 (M1) and SIMD8 (M1, M5 of
 * a SIMD32 dispatch). The rules (3_execution_model.md, Control Flow): a forward goto disables
 * its active predicated lanes until the program reaches the label, and with no lane left
 * execution jumps to the next point where some lane waits; a backward goto jumps with its
 * active unpredicated lanes waiting at the instruction after it, and falls through when no lane
 * takes it. The Mn mask selects channels 4 (n - 1) on and offsets the predicate bits alike.
 * Expected values are derived in the comments.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

static const char decls[] = ".version 4.1\n.kernel \"t\"\n"
                            ".decl X v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl A v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl B v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl C v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl D v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl I v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl S v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl K v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl J v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl N v_type=G type=d num_elts=16 align=GRF\n"
                            ".decl P1 v_type=P num_elts=32\n"
                            ".decl P2 v_type=P num_elts=32\n"
                            ".decl P3 v_type=P num_elts=32\n";

/* A program: the declarations, then @p body with every "%s" replaced by the execution size
 * and mask (e.g. "M1, 16"). */
static vsmp_machine *machine(const char *body, const char *em, unsigned simd, uint32_t dmask,
                             vsmp_module **mod)
{
    char text[4096];
    char b[3072];
    /* the body names its mask once per instruction: expand each %s */
    size_t o = 0;
    for (const char *p = body; *p && o + 16 < sizeof(b); p++) {
        if (p[0] == '%' && p[1] == 's') {
            o += (size_t)snprintf(b + o, sizeof(b) - o, "%s", em);
            p++;
        } else
            b[o++] = *p;
    }
    b[o] = 0;
    snprintf(text, sizeof(text), "%s%s", decls, b);
    *mod = kit_parse(text, VSMP_DIALECT_12504, NULL);
    vsmp_machine_options op;
    vsmp_machine_options_init(&op);
    op.dispatch_simd = (uint8_t)simd;
    op.dispatch_mask = dmask;
    vsmp_machine *m = *mod ? kit_create(*mod, VSMP_PLATFORM_TGLLP, &op, NULL) : NULL;
    CHECK(m != NULL, "machine created");
    return m;
}

static uint32_t get_pred(vsmp_machine *m, const char *name)
{
    uint32_t v = 0;
    kit_get(m, name, &v, 4);
    return v;
}

/* The three shapes run in SIMD16 (M1), SIMD8 (M1) and SIMD8 M5 (channels 16..23 of a SIMD32
 * dispatch; the predicate bits the cmp writes and the goto reads are 16..23). */
static const struct shape {
    const char *em;
    unsigned n, simd;
} shapes[] = {{"M1, 16", 16, 16}, {"M1, 8", 8, 8}, {"M5, 8", 8, 32}};

/* Nested and crossing forward gotos on X = 0, 1, 2, ... (one per lane):
 *   X < 8 lanes wait at "outer" (the outer if), the others add 1;
 *   among them X < 12 wait at "inner" (nested if), the others add 0x10; all add 0x100 at inner;
 *   X < 14 then wait at "far", past "outer": they must not be re-activated at "outer";
 *   at outer the X < 8 lanes and X >= 14 add 0x1000; at far everybody adds 0x10000.
 * So A = 0x11000 for X < 8, 0x10101 for 8..11, 0x10111 for 12..13, 0x11111 for 14..15. In
 * SIMD8 X = 2 i, so lanes 0..3, 4..5, 6, 7 fall in these four classes. */
static const char nested_body[] = "cmp.lt (%s) P1 X(0,0)<1;1,0> 0x8:d\n"
                                  "(P1) goto (%s) outer\n"
                                  "add (%s) A(0,0)<1> A(0,0)<1;1,0> 0x1:d\n"
                                  "cmp.lt (%s) P2 X(0,0)<1;1,0> 0xc:d\n"
                                  "(P2) goto (%s) inner\n"
                                  "add (%s) A(0,0)<1> A(0,0)<1;1,0> 0x10:d\n"
                                  "inner:\n"
                                  "add (%s) A(0,0)<1> A(0,0)<1;1,0> 0x100:d\n"
                                  "cmp.lt (%s) P3 X(0,0)<1;1,0> 0xe:d\n"
                                  "(P3) goto (%s) far\n"
                                  "outer:\n"
                                  "add (%s) A(0,0)<1> A(0,0)<1;1,0> 0x1000:d\n"
                                  "far:\n"
                                  "add (%s) A(0,0)<1> A(0,0)<1;1,0> 0x10000:d\n"
                                  "ret (M1, 1)\n";

static void test_nested(void)
{
    for (size_t k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
        const struct shape *sh = &shapes[k];
        vsmp_module *mod;
        vsmp_machine *m = machine(nested_body, sh->em, sh->simd, 0xffffffffu, &mod);
        if (!m) {
            vsmp_module_free(mod);
            continue;
        }
        int32_t x[16] = {0}, a[16] = {0};
        for (unsigned i = 0; i < 16; i++)
            x[i] = (int32_t)(sh->n == 16 ? i : 2 * i);
        kit_put(m, "X", x, 64);
        kit_put(m, "A", a, 64);
        CHECK(kit_run(m, NULL), "nested %s runs", sh->em);
        kit_get(m, "A", a, 64);
        bool ok = true;
        for (unsigned i = 0; i < sh->n; i++) {
            int32_t want = x[i] < 8 ? 0x11000 : x[i] < 12 ? 0x10101 : x[i] < 14 ? 0x10111 : 0x11111;
            ok &= a[i] == want;
            if (a[i] != want)
                fprintf(stderr, "  nested %s lane %u: %#x, want %#x\n", sh->em, i, (unsigned)a[i],
                        (unsigned)want);
        }
        for (unsigned i = sh->n; i < 16; i++)
            ok &= a[i] == 0;
        CHECK(ok, "nested gotos %s: each lane re-joins at its own label only", sh->em);
        vsmp_machine_free(m);
        vsmp_module_free(mod);
    }
}

/* A loop with a per-lane trip count, break and continue, as C:
 *   I = 0; S = 0;
 *   do { I++; if (I == K) break; if (I == J) continue; S += I; } while (I < N);
 *   S += 0x100;
 * The break is a forward goto past the loop (lanes wait at "exit"), the continue a forward goto
 * to the loop's test, the loop a backward goto whose unpredicated lanes (those done) wait after
 * it, i.e. at "exit" too, while the others go round again. Iteration n runs when n = 1 or
 * n - 1 < N. Worked per lane:
 *   K <= N (or K = 1): iterations 1 .. K-1 add I except J, then break at K:
 *     S = K (K - 1) / 2 - (J < K ? J : 0), I = K;
 *   K > N: iterations 1 .. N: S = N (N + 1) / 2 - (J <= N ? J : 0), I = N.
 * Lanes 0..7: K = 1 2 3 4 5 6 7 9, J = 3 1 2 9 4 2 5 7, N = 6 3 5 2 8 6 4 7
 *   -> S = 0, 1-1=0, 3-2=1, 3 (K > N), 10-4=6, 15-2=13, 10 (K > N), 28-7=21 (K > N);
 *      I = 1 2 3 2 5 6 4 7.
 * Lanes 8..15: K = 7 3 9 2 6 4 8 1, J = 1 2 6 1 6 3 9 1, N = 2 5 4 8 3 6 7 1
 *   -> S = 3-1=2 (K > N), 3-2=1, 10 (K > N, J > N), 1-1=0, 6 (K > N), 6-3=3, 28 (K > N), 0;
 *      I = 2 3 4 2 3 4 7 1.
 * Every lane then adds 0x100 once: all re-join after the loop. */
static const char loop_body[] = "mov (%s) I(0,0)<1> 0x0:d\n"
                                "mov (%s) S(0,0)<1> 0x0:d\n"
                                "top:\n"
                                "add (%s) I(0,0)<1> I(0,0)<1;1,0> 0x1:d\n"
                                "cmp.eq (%s) P1 I(0,0)<1;1,0> K(0,0)<1;1,0>\n"
                                "(P1) goto (%s) exit\n"
                                "cmp.eq (%s) P2 I(0,0)<1;1,0> J(0,0)<1;1,0>\n"
                                "(P2) goto (%s) cont\n"
                                "add (%s) S(0,0)<1> S(0,0)<1;1,0> I(0,0)<1;1,0>\n"
                                "cont:\n"
                                "cmp.lt (%s) P3 I(0,0)<1;1,0> N(0,0)<1;1,0>\n"
                                "(P3) goto (%s) top\n"
                                "exit:\n"
                                "add (%s) S(0,0)<1> S(0,0)<1;1,0> 0x100:d\n"
                                "ret (M1, 1)\n";

/* One run of the loop on the tables (16 lanes each); the M5 shape takes the second half, so
 * both halves are seen in SIMD8. */
static void loop_case(const char *what, const int32_t *kk, const int32_t *jj, const int32_t *nn,
                      const int32_t *ws, const int32_t *wi)
{
    for (size_t k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
        const struct shape *sh = &shapes[k];
        vsmp_module *mod;
        /* M5 dispatches channels 16..23 only: with other channels on, no goto could leave the
         * thread without an active lane */
        vsmp_machine *m = machine(loop_body, sh->em, sh->simd, k == 2 ? 0xffu << 16 : ~0u, &mod);
        if (!m) {
            vsmp_module_free(mod);
            continue;
        }
        unsigned base = k == 2 ? 8 : 0;
        int32_t kv[16] = {0}, jv[16] = {0}, nv[16] = {0}, s[16], iv[16];
        for (unsigned i = 0; i < sh->n; i++)
            kv[i] = kk[base + i], jv[i] = jj[base + i], nv[i] = nn[base + i];
        kit_put(m, "K", kv, 64);
        kit_put(m, "J", jv, 64);
        kit_put(m, "N", nv, 64);
        CHECK(kit_run(m, NULL), "loop %s %s runs", what, sh->em);
        kit_get(m, "S", s, 64);
        kit_get(m, "I", iv, 64);
        bool ok = true;
        for (unsigned i = 0; i < sh->n; i++) {
            ok &= s[i] == 0x100 + ws[base + i] && iv[i] == wi[base + i];
            if (s[i] != 0x100 + ws[base + i] || iv[i] != wi[base + i])
                fprintf(stderr, "  loop %s %s lane %u: S %#x I %d, want %#x %d\n", what, sh->em, i,
                        (unsigned)s[i], iv[i], (unsigned)(0x100 + ws[base + i]), wi[base + i]);
        }
        CHECK(ok, "loop %s %s: per-lane exits, re-joined after the loop", what, sh->em);
        vsmp_machine_free(m);
        vsmp_module_free(mod);
    }
}

static void test_loop(void)
{
    static const int32_t kk[16] = {1, 2, 3, 4, 5, 6, 7, 9, 7, 3, 9, 2, 6, 4, 8, 1};
    static const int32_t jj[16] = {3, 1, 2, 9, 4, 2, 5, 7, 1, 2, 6, 1, 6, 3, 9, 1};
    static const int32_t nn[16] = {6, 3, 5, 2, 8, 6, 4, 7, 2, 5, 4, 8, 3, 6, 7, 1};
    static const int32_t ws[16] = {0, 0, 1, 3, 6, 13, 10, 21, 2, 1, 10, 0, 6, 3, 28, 0};
    static const int32_t wi[16] = {1, 2, 3, 2, 5, 6, 4, 7, 2, 3, 4, 2, 3, 4, 7, 1};
    loop_case("break/continue", kk, jj, nn, ws, wi);
    /* Every lane still in the loop continues at iteration 2 (J = 2, no break: K = 99), so the
     * continue goto leaves no lane active and execution jumps to "cont", the nearest point
     * where lanes wait (the N = 1 lanes wait further, at "exit"). N = i % 4 + 1:
     *   N = 1: S = 1, I = 1; N = 2: S = 3 - 2 = 1, I = 2; N = 3: 6 - 2 = 4, I = 3;
     *   N = 4: 10 - 2 = 8, I = 4. */
    int32_t k2[16], j2[16], n2[16], s2[16], i2[16];
    static const int32_t sn[5] = {0, 1, 1, 4, 8};
    for (int i = 0; i < 16; i++) {
        k2[i] = 99, j2[i] = 2, n2[i] = i % 4 + 1;
        s2[i] = sn[n2[i]], i2[i] = n2[i];
    }
    loop_case("all-continue", k2, j2, n2, s2, i2);
}

/* All lanes off. The dispatch enables lanes 0..5 only (0x3f). P1 = X < 0x100 holds for every
 * lane, so the goto to "skip" disables every enabled lane: execution jumps to "skip" and
 * nothing in between executes, not even the NoMask mov nor the cmp to P2 (P2 keeps the 0xa5a5
 * written before the run). P3 = X > 0x100 holds for no lane: the predicated mov writes nothing
 * and the predicated forward and backward gotos fall through. At skip the enabled lanes add
 * 1 to B: B = 1 on lanes 0..5 and stays 0 elsewhere; A, C, D keep their 0x55. */
static const char off_body[] = "cmp.lt (%s) P1 X(0,0)<1;1,0> 0x100:d\n"
                               "cmp.gt (%s) P3 X(0,0)<1;1,0> 0x100:d\n"
                               "back:\n"
                               "(P1) goto (%s) skip\n"
                               "mov (%s) A(0,0)<1> 0x7:d\n"
                               "mov (%s_NM) C(0,0)<1> 0x7:d\n"
                               "cmp.eq (%s) P2 X(0,0)<1;1,0> X(0,0)<1;1,0>\n"
                               "skip:\n"
                               "(P3) mov (%s) D(0,0)<1> 0x7:d\n"
                               "(P3) goto (%s) end\n"
                               "add (%s) B(0,0)<1> B(0,0)<1;1,0> 0x1:d\n"
                               "(P3) goto (%s) back\n"
                               "end:\n"
                               "ret (M1, 1)\n";

static void test_all_off(void)
{
    /* the NoMask forms of the shapes, for the body's "%s_NM" */
    static const char *const nm[] = {"M1_NM, 16", "M1_NM, 8", "M5_NM, 8"};
    for (size_t k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
        const struct shape *sh = &shapes[k];
        /* replace "%s_NM" by the NoMask form before the generic expansion */
        char body[2048];
        const char *p = off_body;
        size_t o = 0;
        while (*p) {
            if (!strncmp(p, "%s_NM", 5)) {
                o += (size_t)snprintf(body + o, sizeof(body) - o, "%s", nm[k]);
                p += 5;
            } else
                body[o++] = *p++;
        }
        body[o] = 0;
        vsmp_module *mod;
        /* in M5 the enabled lanes are channels 16..21 */
        uint32_t dmask = k == 2 ? 0x3fu << 16 : 0x3fu;
        vsmp_machine *m = machine(body, sh->em, sh->simd, dmask, &mod);
        if (!m) {
            vsmp_module_free(mod);
            continue;
        }
        int32_t x[16], f[16], z[16] = {0};
        for (unsigned i = 0; i < 16; i++)
            x[i] = (int32_t)i, f[i] = 0x55;
        kit_put(m, "X", x, 64);
        kit_put(m, "A", f, 64);
        kit_put(m, "C", f, 64);
        kit_put(m, "D", f, 64);
        kit_put(m, "B", z, 64);
        uint32_t p2 = 0xa5a5u;
        kit_put(m, "P2", &p2, 4);
        CHECK(kit_run(m, NULL), "all-off %s runs", sh->em);
        int32_t a[16], b[16], c[16], d[16];
        kit_get(m, "A", a, 64);
        kit_get(m, "B", b, 64);
        kit_get(m, "C", c, 64);
        kit_get(m, "D", d, 64);
        bool ok = true;
        for (unsigned i = 0; i < 16; i++)
            ok &= a[i] == 0x55 && c[i] == 0x55 && d[i] == 0x55;
        CHECK(ok,
              "all-off %s: the skipped region and the predicated-off mov write nothing "
              "(A %#x C %#x D %#x)",
              sh->em, (unsigned)a[0], (unsigned)c[0], (unsigned)d[0]);
        CHECK(get_pred(m, "P2") == 0xa5a5u, "all-off %s: the skipped cmp leaves P2 (%#x)", sh->em,
              get_pred(m, "P2"));
        ok = true;
        for (unsigned i = 0; i < 16; i++)
            ok &= b[i] == (i < 6 ? 1 : 0);
        CHECK(ok, "all-off %s: the enabled lanes re-join at the label once (B %d %d %d)", sh->em,
              b[0], b[5], b[6]);
        vsmp_machine_free(m);
        vsmp_module_free(mod);
    }
}

int main(void)
{
    test_nested();
    test_loop();
    test_all_off();
    return t_finish();
}
