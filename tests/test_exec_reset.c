/* SPDX-License-Identifier: MIT */
/*
 * vsmp_machine_reset_for_run against vsmp_machine_reset: whatever the variables held before (every
 * byte of every general variable written with random bits, as an earlier thread could leave
 * them), a run after vsmp_machine_reset_for_run computes what a run after a full reset does.
 * The kernels write parts of variables (fewer lanes than the variable, a strided dst, a
 * predicate, lanes disabled at dispatch, a scalar, a load of two channels of four; fast and
 * general instructions) and then read each variable whole into an output, NoMask: every byte a
 * run can see ends in an output. Straight-line kernels clear less (a variable the run writes
 * whole before reading it keeps its old bytes after the reset: that is what makes it cheaper);
 * a kernel with a goto clears all but what its straight line before the first goto writes (one
 * whose goto comes first: everything, as vsmp_machine_reset does), against outputs by hand
 * (test_flow).
 */
#define _POSIX_C_SOURCE 200112L /* unsetenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_kit.h"

/* internal (src/exec/exec_internal.h, clear.c) */
uint32_t vsmp_x_read_spans(const vsmp_machine *m, const uint32_t **sp);

static uint64_t rng_state = 0x5eed5eedull;

static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 32);
}

/* Parts written, then each variable read whole (NoMask) into O1..O6. IN: 16 lanes from the
 * payload. %s: lines before the body. The predicate is cleared by either
 * reset (every state word is). */
static const char body[] = ".version 4.1\n.kernel \"t\"\n"
                           ".decl IN v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl A v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl B v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl C v_type=G type=w num_elts=32 align=GRF\n"
                           ".decl D v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl E v_type=G type=f num_elts=16 align=GRF\n"
                           ".decl S v_type=G type=d num_elts=1 align=dword\n"
                           ".decl T v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl TW v_type=G type=w num_elts=32 align=GRF alias=<T, 0>\n"
                           ".decl O1 v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl O2 v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl O3 v_type=G type=w num_elts=32 align=GRF\n"
                           ".decl O4 v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl O5 v_type=G type=f num_elts=16 align=GRF\n"
                           ".decl O6 v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl UU v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl VV v_type=G type=ud num_elts=16 align=GRF\n"
                           ".decl RES v_type=G type=d num_elts=64 align=GRF\n"
                           ".decl O7 v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl O8 v_type=G type=d num_elts=16 align=GRF\n"
                           ".decl tex v_type=T num_elts=1\n"
                           ".input tex offset=8 size=4\n"
                           ".decl P1 v_type=P num_elts=16\n"
                           ".input IN offset=32 size=64\n"
                           "%s"
                           "mov (M1, 8) A(0,0)<1> IN(0,0)<1;1,0>\n"
                           "mov (M1, 16) B(0,0)<1> IN(0,0)<1;1,0>\n"
                           "add (M1, 16) B(0,0)<1> B(0,0)<1;1,0> A(0,0)<1;1,0>\n"
                           "mov (M1, 16) C(0,0)<2> IN(0,0)<1;1,0>\n"
                           "cmp.lt (M1, 16) P1 IN(0,0)<1;1,0> 0x0:d\n"
                           "(P1) mov (M1, 16) D(0,0)<1> IN(0,0)<1;1,0>\n"
                           "mov (M1, 16) E(0,0)<1> (-)IN(0,0)<1;1,0>\n"
                           "mov (M1_NM, 1) S(0,0)<1> IN(0,3)<0;1,0>\n"
                           "mov (M3, 8) T(1,0)<1> IN(0,0)<1;1,0>\n"
                           "mov (M1, 16) TW(0,0)<1> IN(0,0)<1;1,0>\n"
                           "and (M1, 16) UU(0,0)<1> IN(0,0)<1;1,0> 0xf:d\n"
                           "shr (M1, 16) VV(0,0)<1> IN(0,0)<1;1,0> 0x1e:d\n"
                           "load_lz.RB (M1, 16) 0x0:uw tex RES.0 UU.0 VV.0\n"
                           "mov (M1_NM, 16) O7(0,0)<1> RES(2,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O8(0,0)<1> RES(4,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O1(0,0)<1> A(0,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O2(0,0)<1> B(0,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O3(0,0)<1> C(0,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O3(1,0)<1> C(1,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O4(0,0)<1> D(0,0)<1;1,0>\n"
                           "mov (M1_NM, 16) O5(0,0)<1> E(0,0)<1;1,0>\n"
                           "add (M1_NM, 16) O6(0,0)<1> T(0,0)<1;1,0> S(0,0)<0;1,0>\n"
                           "ret (M1, 1)\n";

static const char *const outs[] = {"O1", "O2", "O3", "O4", "O5", "O6", "O7", "O8"};
enum { NOUT = sizeof(outs) / sizeof(outs[0]) };

/* Every general variable of @p m (ids 1 up) filled with random bytes. */
static void scribble(vsmp_machine *m)
{
    for (uint32_t id = 1; id < 64; id++) {
        uint8_t buf[512];
        size_t n = 0;
        vsmp_status st = vsmp_machine_read_var(m, VSMP_VAR_GENERAL, id, 0, NULL, 0, &n);
        if ((st != VSMP_OK && st != VSMP_ERR_SPACE) || n > sizeof(buf))
            continue;
        for (size_t b = 0; b < n; b++)
            buf[b] = (uint8_t)rnd();
        CHECK(vsmp_machine_write_var(m, VSMP_VAR_GENERAL, id, 0, buf, n) == VSMP_OK, "scribble %u",
              id);
    }
}

/* Run @p m with @p in as IN; the outputs into @p o (unless NULL). */
static bool run(vsmp_machine *m, const int32_t *in, uint8_t (*o)[64])
{
    uint8_t bti[4] = {3, 0, 0, 0};
    CHECK(vsmp_machine_set_payload(m, 8, bti, 4) == VSMP_OK, "payload");
    CHECK(vsmp_machine_set_payload(m, 32, in, 64) == VSMP_OK, "payload");
    if (!kit_run(m, NULL))
        return false;
    for (unsigned k = 0; o && k < NOUT; k++)
        kit_get(m, outs[k], o[k], 64);
    return true;
}

/* RGBA8 UINT 16x4 of random texels, which the kernels' load reads at binding-table index 3 */
static vsmp_surface *tex;

static vsmp_machine *make(const vsmp_module *mod, uint32_t dmask, unsigned cpu)
{
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.dispatch_simd = 16;
    o.dispatch_mask = dmask;
    vsmp_machine *m = kit_create_at(mod, cpu, VSMP_PLATFORM_TGLLP, &o, NULL);
    if (m)
        CHECK(vsmp_machine_bind_surface(m, 3, tex) == VSMP_OK, "bind");
    return m;
}

/* Does variable @p name of @p m read all zero? */
static bool zero(vsmp_machine *m, const char *name)
{
    uint8_t b[64];
    kit_get(m, name, b, 64);
    for (unsigned i = 0; i < 64; i++)
        if (b[i])
            return false;
    return true;
}

static void test_observed(void)
{
    static const uint32_t dmasks[] = {0xffffu, 0x0ff0u, 0x00ffu, 0x1u};
    unsetenv("VSMP_CPU");
    unsigned all = vsmp_cpu_flags(), cpus[4], nc = 0;
    cpus[nc++] = 0; /* the reference */
    cpus[nc++] = VSMP_CPU_C;
    if (all & VSMP_CPU_AVX2)
        cpus[nc++] = VSMP_CPU_C | VSMP_CPU_AVX2;
    if (all != cpus[nc - 1])
        cpus[nc++] = all;
    /* straight-line code; with a label (no branch: still straight-line); with a goto */
    static const char *const heads[] = {"", "top:\n",
                                        ("cmp.eq (M1, 16) P1 IN(0,0)<1;1,0> 0x7:d\n"
                                         "(P1) goto (M1, 16) skip\nskip:\n")};
    for (unsigned lab = 0; lab < 3; lab++) {
        char text[4096];
        snprintf(text, sizeof(text), body, heads[lab]);
        vsmp_module *mod = kit_parse(text, VSMP_DIALECT_12504, NULL);
        CHECK(mod != NULL, "parse");
        if (!mod)
            return;
        for (size_t di = 0; di < sizeof(dmasks) / sizeof(dmasks[0]); di++) {
            for (unsigned ci = 0; ci < nc; ci++) {
                vsmp_machine *a = make(mod, dmasks[di], cpus[ci]);
                vsmp_machine *b = make(mod, dmasks[di], cpus[ci]);
                CHECK(a && b, "machines");
                if (!a || !b) {
                    vsmp_machine_free(a), vsmp_machine_free(b);
                    continue;
                }
                bool same = true, kept = false;
                for (unsigned round = 0; round < 8; round++) {
                    int32_t in[16];
                    for (unsigned l = 0; l < 16; l++)
                        in[l] = (int32_t)rnd();
                    uint8_t oa[NOUT][64], ob[NOUT][64];
                    vsmp_machine_reset(a);
                    scribble(b);
                    vsmp_machine_reset_for_run(b);
                    kept |= !zero(b, "O1"); /* written whole before it is read */
                    CHECK(run(a, in, oa) && run(b, in, ob), "runs");
                    for (unsigned k = 0; k < NOUT; k++)
                        if (memcmp(oa[k], ob[k], 64)) {
                            same = false;
                            fprintf(stderr, "  %s differs (head %u, dispatch %#x, cpu %#x)\n",
                                    outs[k], lab, dmasks[di], cpus[ci]);
                        }
                }
                CHECK(same,
                      "a run after vsmp_machine_reset_for_run sees what one after a full reset "
                      "does (head %u, dispatch %#x, cpu %#x)",
                      lab, dmasks[di], cpus[ci]);
                /* straight-line code: old bytes stay where no run reads them first (at full
                 * dispatch, NoMask writes); a goto first: everything cleared */
                if (lab == 2)
                    CHECK(!kept, "with a goto first the reset clears every variable");
                else if (dmasks[di] == 0xffffu && cpus[ci]) /* the fast path's writes */
                    CHECK(kept, "straight-line code: O1 (written whole first) is not cleared");
                vsmp_machine_free(a);
                vsmp_machine_free(b);
            }
        }
        vsmp_module_free(mod);
    }
}

/* Kernels with branches: the straight line before the first goto or jmp (its writes known as in
 * straight-line code), then code whose every variable counts as read first. Each reads a
 * variable before writing it on one path only: K1 a goto past B's write (lanes below zero),
 * K2 a loop whose accumulator C is read on the first trip before any write, K3 a goto inside
 * a loop past D's write (lanes where IN + trip is even), so D holds an earlier trip's value,
 * or the reset's zero; K4 past its goto reads lane by lane; K5 writes B on every path and D
 * only under a predicate after it (a class of bytes no write is credited to, next to one that
 * is). Expected values by hand (model_flow: the kernels in C, the variables
 * starting at zero, lanes off at dispatch left zero); A, written whole on the line, keeps its
 * old bytes after the reset at full dispatch. */
static const char flow_decls[] = ".version 4.1\n.kernel \"t\"\n"
                                 ".decl IN v_type=G type=d num_elts=16 align=GRF\n"
                                 ".decl A v_type=G type=d num_elts=16 align=GRF\n"
                                 ".decl B v_type=G type=d num_elts=16 align=GRF\n"
                                 ".decl C v_type=G type=d num_elts=16 align=GRF\n"
                                 ".decl D v_type=G type=d num_elts=16 align=GRF\n"
                                 ".decl E v_type=G type=d num_elts=16 align=GRF\n"
                                 ".decl T v_type=G type=d num_elts=16 align=GRF\n"
                                 ".decl S v_type=G type=d num_elts=1 align=dword\n"
                                 ".decl O1 v_type=G type=d num_elts=16 align=GRF\n"
                                 ".decl O2 v_type=G type=d num_elts=16 align=GRF\n"
                                 ".decl O3 v_type=G type=d num_elts=16 align=GRF\n"
                                 ".decl UU v_type=G type=d num_elts=16 align=GRF\n"
                                 ".decl VV v_type=G type=ud num_elts=16 align=GRF\n"
                                 ".decl RES v_type=G type=d num_elts=64 align=GRF\n"
                                 ".decl RES2 v_type=G type=d num_elts=64 align=GRF\n"
                                 ".decl W1 v_type=G type=d num_elts=16 align=GRF\n"
                                 ".decl P1 v_type=P num_elts=16\n"
                                 ".decl P2 v_type=P num_elts=16\n"
                                 ".decl tex v_type=T num_elts=1\n"
                                 ".input tex offset=8 size=4\n"
                                 ".input IN offset=32 size=64\n";
static const char *const flow_bodies[] = {
    "mov (M1, 16) A(0,0)<1> IN(0,0)<1;1,0>\n"
    "cmp.lt (M1, 16) P1 IN(0,0)<1;1,0> 0x0:d\n"
    "(P1) goto (M1, 16) neg\n"
    "add (M1, 16) B(0,0)<1> A(0,0)<1;1,0> 0x1:d\n"
    "neg:\n"
    "add (M1, 16) O1(0,0)<1> B(0,0)<1;1,0> A(0,0)<1;1,0>\n"
    "mov (M1_NM, 16) O2(0,0)<1> B(0,0)<1;1,0>\n"
    "mov (M1_NM, 16) O3(0,0)<1> A(0,0)<1;1,0>\n",
    "mov (M1_NM, 1) S(0,0)<1> 0x0:d\n"
    "mov (M1, 16) A(0,0)<1> IN(0,0)<1;1,0>\n"
    "top:\n"
    "add (M1, 16) C(0,0)<1> C(0,0)<1;1,0> A(0,0)<1;1,0>\n"
    "add (M1_NM, 1) S(0,0)<1> S(0,0)<0;1,0> 0x1:d\n"
    "cmp.lt (M1_NM, 1) P1 S(0,0)<0;1,0> 0x3:d\n"
    "(P1) jmp (M1, 1) top\n"
    "mov (M1_NM, 16) O1(0,0)<1> C(0,0)<1;1,0>\n"
    "mov (M1_NM, 16) O2(0,0)<1> S(0,0)<0;1,0>\n"
    "mov (M1_NM, 16) O3(0,0)<1> A(0,0)<1;1,0>\n",
    "mov (M1_NM, 1) S(0,0)<1> 0x0:d\n"
    "mov (M1, 16) A(0,0)<1> IN(0,0)<1;1,0>\n"
    "top:\n"
    "add (M1, 16) T(0,0)<1> A(0,0)<1;1,0> S(0,0)<0;1,0>\n"
    "and (M1, 16) T(0,0)<1> T(0,0)<1;1,0> 0x1:d\n"
    "cmp.eq (M1, 16) P2 T(0,0)<1;1,0> 0x0:d\n"
    "(P2) goto (M1, 16) join\n"
    "add (M1, 16) D(0,0)<1> A(0,0)<1;1,0> S(0,0)<0;1,0>\n"
    "join:\n"
    "add (M1, 16) E(0,0)<1> E(0,0)<1;1,0> D(0,0)<1;1,0>\n"
    "add (M1_NM, 1) S(0,0)<1> S(0,0)<0;1,0> 0x1:d\n"
    "cmp.lt (M1_NM, 1) P1 S(0,0)<0;1,0> 0x3:d\n"
    "(P1) jmp (M1, 1) top\n"
    "mov (M1_NM, 16) O1(0,0)<1> E(0,0)<1;1,0>\n"
    "mov (M1_NM, 16) O2(0,0)<1> D(0,0)<1;1,0>\n"
    "mov (M1_NM, 16) O3(0,0)<1> A(0,0)<1;1,0>\n",
    /* K4: past the goto, variables read only lane by lane (machine.c lane_reads' rule) */
    "mov (M1, 16) A(0,0)<1> IN(0,0)<1;1,0>\n"
    "cmp.lt (M1, 16) P1 IN(0,0)<1;1,0> 0x0:d\n"
    "(P1) goto (M1, 16) neg\n"
    "add (M1, 16) B(0,0)<1> A(0,0)<1;1,0> 0x1:d\n"
    "neg:\n"
    "and (M1, 16) UU(0,0)<1> A(0,0)<1;1,0> 0xf:d\n"
    "shr (M1, 16) VV(0,0)<1> A(0,0)<1;1,0> 0x1e:d\n"
    "load_lz.RB (M1, 16) 0x0:uw tex RES.0 UU.0 VV.0\n"
    "cmp.eq (M1, 16) P2 UU(0,0)<1;1,0> 0x3:d\n"
    "(P2) add (M1, 16) D(0,0)<1> A(0,0)<1;1,0> 0x2:d\n"
    "mov (M1, 8) T(0,0)<1> A(0,0)<1;1,0>\n"
    "add (M1, 16) E(0,0)<1> B(0,0)<1;1,0> RES(2,0)<1;1,0>\n"
    "add (M1, 16) E(0,0)<1> E(0,0)<1;1,0> D(0,0)<1;1,0>\n"
    "add (M1, 16) E(0,0)<1> E(0,0)<1;1,0> T(0,0)<1;1,0>\n"
    "mov (M1, 1) W1(0,0)<1> A(0,0)<0;1,0>\n"
    "add (M1, 16) E(0,0)<1> E(0,0)<1;1,0> W1(0,0)<0;1,0>\n"
    "add (M1, 1) W1(0,1)<1> W1(0,0)<0;1,0> 0x1:d\n"
    "(P2) load_lz.RB (M1, 16) 0x0:uw tex RES2.0 UU.0 VV.0\n"
    "mov (M1_NM, 1) S(0,0)<1> 0x0:d\n"
    "top:\n"
    "add (M1, 16) C(0,0)<1> C(0,0)<1;1,0> A(0,0)<1;1,0>\n"
    "add (M1_NM, 1) S(0,0)<1> S(0,0)<0;1,0> 0x1:d\n"
    "cmp.lt (M1_NM, 1) P1 S(0,0)<0;1,0> 0x2:d\n"
    "(P1) jmp (M1, 1) top\n"
    "add (M1, 16) O1(0,0)<1> E(0,0)<1;1,0> RES(0,0)<1;1,0>\n"
    "add (M1, 16) UU(0,0)<1> C(0,0)<1;1,0> RES(2,0)<1;1,0>\n"
    "add (M1, 16) O2(0,0)<1> UU(0,0)<1;1,0> RES2(0,0)<1;1,0>\n"
    "mov (M1_NM, 16) O3(0,0)<1> A(0,0)<1;1,0>\n",
    /* K5: past the goto, B written on every path (a credited write), D only under a predicate
     * (no credited write): D is read first where the predicate is off */
    "mov (M1, 16) A(0,0)<1> IN(0,0)<1;1,0>\n"
    "cmp.lt (M1, 16) P1 IN(0,0)<1;1,0> 0x0:d\n"
    "(P1) goto (M1, 16) join\n"
    "join:\n"
    "mov (M1, 16) B(0,0)<1> 0x1:d\n"
    "(P1) mov (M1, 16) D(0,0)<1> 0x5:d\n"
    "add (M1, 16) O1(0,0)<1> B(0,0)<1;1,0> D(0,0)<1;1,0>\n"
    "mov (M1_NM, 16) O2(0,0)<1> 0x0:d\n"
    "mov (M1_NM, 16) O3(0,0)<1> A(0,0)<1;1,0>\n",
};

/* the texels of the surface the kernels' loads read (main) */
static const uint8_t *texels;

/* Kernel @p k of flow_bodies by hand: O1..O3 for lanes @p on, every variable zero before */
static void model_flow(unsigned k, const int32_t *in, uint32_t on, uint32_t (*o)[16])
{
    memset(o, 0, 3 * sizeof(*o));
    for (unsigned l = 0; l < 16; l++) {
        if (k == 1) /* the trip count, NoMask */
            o[1][l] = 3;
        if (!(on >> l & 1u))
            continue;
        uint32_t x = (uint32_t)in[l], b = 0, c = 0, d = 0, e = 0;
        const uint8_t *tx = texels + 4 * (16 * (x >> 30) + (x & 0xfu)); /* K4's load */
        switch (k) {
        case 3:
            /* B: goto'd past below zero; D and RES2: under a predicate; T: lanes 0-7; W1's
             * first element: lane 0's, read by every lane (and lane 0 alone); C: read on the
             * loop's first trip before any write; RES: R and B of the texel */
            b = in[l] < 0 ? 0 : x + 1u;
            d = (x & 0xfu) == 3 ? x + 2u : 0;
            e = b + tx[2] + d + (l < 8 ? x : 0) + (on & 1u ? (uint32_t)in[0] : 0);
            o[0][l] = e + tx[0];
            o[1][l] = 2 * x + tx[2] + ((x & 0xfu) == 3 ? tx[0] : 0);
            break;
        case 4: /* D: 5 where IN < 0, else the reset's zero */
            o[0][l] = 1u + (in[l] < 0 ? 5u : 0u);
            break;
        case 0:
            b = in[l] < 0 ? 0 : x + 1u;
            o[0][l] = b + x, o[1][l] = b;
            break;
        case 1:
            for (uint32_t t = 0; t < 3; t++)
                c += x;
            o[0][l] = c;
            break;
        default:
            for (uint32_t t = 0; t < 3; t++) {
                if ((x + t) & 1u)
                    d = x + t;
                e += d;
            }
            o[0][l] = e, o[1][l] = d;
            break;
        }
        o[2][l] = x;
    }
}

static void test_flow(void)
{
    static const uint32_t dmasks[] = {0xffffu, 0x0ff0u, 0x00ffu, 0x1u};
    static const char *const fouts[3] = {"O1", "O2", "O3"};
    unsetenv("VSMP_CPU");
    unsigned all = vsmp_cpu_flags(), cpus[4], nc = 0;
    cpus[nc++] = 0;
    cpus[nc++] = VSMP_CPU_C;
    if (all & VSMP_CPU_AVX2)
        cpus[nc++] = VSMP_CPU_C | VSMP_CPU_AVX2;
    if (all != cpus[nc - 1])
        cpus[nc++] = all;
    for (unsigned k = 0; k < sizeof(flow_bodies) / sizeof(flow_bodies[0]); k++) {
        char text[4096];
        snprintf(text, sizeof(text), "%s%sret (M1, 1)\n", flow_decls, flow_bodies[k]);
        vsmp_module *mod = kit_parse(text, VSMP_DIALECT_12504, NULL);
        CHECK(mod != NULL, "parse flow kernel %u", k);
        if (!mod)
            continue;
        for (size_t di = 0; di < sizeof(dmasks) / sizeof(dmasks[0]); di++) {
            for (unsigned ci = 0; ci < nc; ci++) {
                vsmp_machine *m = make(mod, dmasks[di], cpus[ci]);
                CHECK(m != NULL, "machine");
                if (!m)
                    continue;
                bool same = true, kept = false, kept_lane = true;
                for (unsigned round = 0; round < 16; round++) {
                    int32_t in[16];
                    for (unsigned l = 0; l < 16; l++)
                        in[l] = (int32_t)rnd() >> (round & 7u);
                    uint32_t want[3][16];
                    uint8_t got[3][64];
                    model_flow(k, in, dmasks[di], want);
                    scribble(m);
                    vsmp_machine_reset_for_run(m);
                    kept |= !zero(m, "A");
                    if (k == 3)
                        kept_lane &= !zero(m, "E") && !zero(m, "RES");
                    CHECK(run(m, in, NULL), "run");
                    for (unsigned o = 0; o < 3; o++) {
                        kit_get(m, fouts[o], got[o], 64);
                        if (memcmp(got[o], want[o], 64)) {
                            same = false;
                            fprintf(stderr, "  %s differs (kernel %u, dispatch %#x, cpu %#x)\n",
                                    fouts[o], k, dmasks[di], cpus[ci]);
                        }
                    }
                }
                CHECK(same,
                      "flow kernel %u after vsmp_machine_reset_for_run: the outputs by hand "
                      "(dispatch %#x, cpu %#x)",
                      k, dmasks[di], cpus[ci]);
                if (dmasks[di] == 0xffffu && cpus[ci])
                    CHECK(kept, "flow kernel %u: A, written whole on the straight line, kept", k);
                if (k == 3 && dmasks[di] == 0xffffu)
                    CHECK(kept_lane,
                          "flow kernel 3: E and RES, written on every path before a "
                          "lane reads them, kept (cpu %#x)",
                          cpus[ci]);
                vsmp_machine_free(m);
            }
        }
        vsmp_module_free(mod);
    }
}

/* The layout by reads (machine.c create_laid): flow kernel 3's bytes read first past its goto
 * (B, C, D, RES2, T's upper lanes, W1, the outputs) are in roots declared among others that
 * need no clear (E, RES), and in vsmp_machine_reset_for_run's spans laid out together: %cr0's
 * (a predefined variable's, in place) and one. */
static void test_layout(void)
{
    char text[4096];
    snprintf(text, sizeof(text), "%s%sret (M1, 1)\n", flow_decls, flow_bodies[3]);
    vsmp_module *mod = kit_parse(text, VSMP_DIALECT_12504, NULL);
    for (unsigned round = 0; mod && round < 2; round++) { /* laid out, then remembered */
        vsmp_machine *m = make(mod, 0xffffu, vsmp_cpu_flags());
        const uint32_t *sp = NULL;
        uint32_t n = m ? vsmp_x_read_spans(m, &sp) : 0;
        for (uint32_t i = 0; i < n && n != UINT32_MAX && n != 2; i++)
            fprintf(stderr, "  span [%u, %u)\n", sp[2 * i], sp[2 * i + 1]);
        CHECK(m && n == 2, "flow kernel 3: two spans cleared, %%cr0 and the laid out roots (%u)",
              n);
        vsmp_machine_free(m);
    }
    vsmp_module_free(mod);
}

/* After vsmp_machine_reset_for_run a full reset still leaves every variable zero. */
static void test_full_after(void)
{
    char text[4096];
    snprintf(text, sizeof(text), body, "");
    vsmp_module *mod = kit_parse(text, VSMP_DIALECT_12504, NULL);
    vsmp_machine *m = mod ? make(mod, 0xffffu, VSMP_CPU_C) : NULL;
    CHECK(m != NULL, "machine");
    if (m) {
        scribble(m);
        vsmp_machine_reset_for_run(m);
        vsmp_machine_reset(m);
        bool ok = true;
        for (unsigned k = 0; k < NOUT; k++)
            ok &= zero(m, outs[k]);
        CHECK(ok, "vsmp_machine_reset after vsmp_machine_reset_for_run zeroes everything");
    }
    vsmp_machine_free(m);
    vsmp_module_free(mod);
}

int main(void)
{
    tex = kit_surface(VSMP_SURFTYPE_2D, VSMP_FORMAT_R8G8B8A8_UINT, 16, 4, 1);
    CHECK(tex != NULL, "surface");
    if (!tex)
        return t_finish();
    uint8_t *tx = vsmp_surface_get_desc(tex)->data;
    for (unsigned b = 0; b < 16 * 4 * 4; b++)
        tx[b] = (uint8_t)rnd();
    texels = tx;
    test_observed();
    test_flow();
    test_layout();
    test_full_after();
    vsmp_surface_free(tex);
    return t_finish();
}
