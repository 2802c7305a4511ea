/* SPDX-License-Identifier: MIT */
/*
 * The machine's fast path against its general path, as test_exec_fast.c (its method, ff_kit.h),
 * on what crosses instructions: fused sequences, loops and gotos planned together, a run of every
 * mode with %cr0 written by each, an entry label, and the rows of generated code's own cases
 * (a handler failing mid-run, a dst a later member reads, a run ended by a mode not emitted,
 * %cr0 set to round toward inside a run, a run of 300 members).
 */
#define _POSIX_C_SOURCE 200112L /* unsetenv */
#include "ff_kit.h"

/* Fused sequences (exec_fast_k.h, xfast_table.fused): IGC's F division (and, cmp.eq, sel,
 * cmp.ge, sel, mul, inv, mul, mul), four F adds, and its image coordinates (sel, sel, mov D -> F,
 * mov; add, sel, mov, sel, mov; sel, mov, sel, mov; sel, mov) taken by one call when every member's
 * lanes are on and no F result needs another rounding, else member by member. Against the reference
 * level as the runs above (four dispatch masks, one turning lanes of every member off; %cr0 with
 * denormals kept, flushed, and a rounding mode that sends the float members to the general path),
 * at M1 and at M5 (lanes 16-31, the predicates' elements there), under NoMask, with inverted
 * predicates, members reading what an earlier one wrote, dsts overlapping their sources at an
 * offset, and the division's form the AVX2 level runs member by member (a 16-bit dst) besides its
 * chain in registers (cmps of mixed signedness among them). ff_fused_n is how many sequences each
 * must be planned as at the fast levels. */
static const char *const ff_fused[] = {
    ".decl DDU v_type=G type=ud num_elts=32 align=GRF alias=<DD, 0>\n"
    ".decl FAD v_type=G type=d num_elts=32 align=GRF alias=<FA, 0>\n"
    "and (M1, 16) DD(0,0)<1> FAD(0,0)<8;8,1> 0x7f800000:d\n"
    "cmp.eq (M1, 16) P1 DD(0,0)<8;8,1> 0x0:d\n"
    "(P1) sel (M1, 16) FC(0,0)<1> 0x4f800000:f 0x3f800000:f\n"
    "cmp.ge (M1, 16) P2 DDU(0,0)<8;8,1> 0x64000000:ud\n"
    "(P2) sel (M1, 16) FC(0,0)<1> 0x2f800000:f FC(0,0)<8;8,1>\n"
    "mul (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
    "inv (M1, 16) FD(0,0)<1> FD(0,0)<8;8,1>\n"
    "mul (M1, 16) FD(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "mul (M1, 16) FB(0,0)<1> FD(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
    "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "add (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,16)<8;8,1>\n"
    "add (M1, 16) FA(0,0)<1> FA(0,1)<8;8,1> FC(0,0)<8;8,1>\n"
    "add (M1_NM, 16) FB(0,16)<1> FB(0,8)<8;8,1> FD(0,0)<8;8,1>\n",
    /* the same at M5, the divisor's bits read through DA, a second division after it */
    "and (M5, 16) DD(0,16)<1> DA(0,0)<8;8,1> 0x7f800000:d\n"
    "cmp.eq (M5, 16) P1 DD(0,16)<8;8,1> 0x0:d\n"
    "(P1) sel (M5, 16) FC(0,16)<1> 0x4f800000:f 0x3f800000:f\n"
    "cmp.ge (M5, 16) P2 DA(0,0)<8;8,1> 0x64000000:d\n"
    "(!P2) sel (M5, 16) FC(0,16)<1> FC(0,16)<8;8,1> 0x2f800000:f\n"
    "mul (M5, 16) FD(0,16)<1> FA(0,16)<8;8,1> FC(0,16)<8;8,1>\n"
    "inv (M5, 16) FD(0,16)<1> FD(0,16)<8;8,1>\n"
    "mul (M5, 16) FD(0,16)<1> FD(0,16)<8;8,1> FB(0,0)<8;8,1>\n"
    "mul (M5, 16) FB(0,0)<1> FD(0,16)<8;8,1> FC(0,16)<8;8,1>\n"
    "and (M5, 16) DC(0,0)<1> DB(0,0)<8;8,1> 0x7f800000:d\n"
    "cmp.eq (M5, 16) P3 DC(0,0)<8;8,1> 0x0:d\n"
    "(P3) sel (M5, 16) FC(0,0)<1> 0x4f800000:f 0x3f800000:f\n"
    "cmp.ge (M5, 16) P1 DC(0,0)<8;8,1> 0x64000000:ud\n"
    "(P1) sel (M5, 16) FC(0,0)<1> 0x2f800000:f FC(0,0)<8;8,1>\n"
    "mul (M5, 16) FA(0,0)<1> FB(0,16)<8;8,1> FC(0,0)<8;8,1>\n"
    "inv (M5, 16) FA(0,0)<1> FA(0,0)<8;8,1>\n"
    "mul (M5, 16) FA(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "mul (M5, 16) FA(0,16)<1> FA(0,0)<8;8,1> FC(0,0)<8;8,1>\n",
    /* coordinates: a NoMask scalar test (not fused), two sels and their conversions, then
     * sel and mov twice (one sequence), each sel's conversion reading it */
    "cmp.eq (M1_NM, 16) P1 DA(0,0)<0;1,0> 0x0:d\n"
    "(P1) sel (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "(!P1) sel (M1, 16) DC(0,0)<1> DB(0,0)<8;8,1> DD(0,0)<8;8,1>\n"
    "mov (M1, 16) FC(0,0)<1> DD(0,0)<8;8,1>\n"
    "mov (M1, 16) FD(0,0)<1> DC(0,0)<8;8,1>\n"
    "(P2) sel (M1, 16) DD(0,0)<1> DC(0,0)<8;8,1> 0x5:d\n"
    "mov (M1, 16) FA(0,0)<1> DD(0,0)<8;8,1>\n"
    "(!P2) sel (M5, 16) DB(0,0)<1> DB(0,1)<8;8,1> DA(0,16)<8;8,1>\n"
    "mov (M5, 16) FB(0,16)<1> DB(0,0)<8;8,1>\n",
    /* IGC's taps: an add, a sel and its conversion twice (the second sel in place on the add's
     * dst; one sequence with the add), then a sel and its conversion alone, and an add reading
     * the conversions */
    "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> 0x1:d\n"
    "(P1) sel (M1, 16) DC(0,0)<1> DB(0,0)<8;8,1> DD(0,0)<8;8,1>\n"
    "mov (M1, 16) FC(0,0)<1> DC(0,0)<8;8,1>\n"
    "(P1) sel (M1, 16) DD(0,0)<1> DD(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "mov (M1, 16) FD(0,0)<1> DD(0,0)<8;8,1>\n"
    "(!P2) sel (M1, 16) DC(0,0)<1> DC(0,0)<8;8,1> DA(0,0)<8;8,1>\n"
    "mov (M1, 16) FA(0,0)<1> DC(0,0)<8;8,1>\n"
    "add (M1, 16) FB(0,0)<1> FA(0,0)<8;8,1> FC(0,0)<8;8,1>\n",
    /* the division with its and into 16-bit elements (the cmps read another variable: the AVX2
     * level runs it member by member), and with a cmp of mixed signedness (in registers) */
    "and (M1, 16) WD(0,0)<1> DA(0,0)<8;8,1> 0x7f800000:d\n"
    "cmp.eq (M1, 16) P1 DD(0,0)<8;8,1> 0x0:d\n"
    "(P1) sel (M1, 16) FC(0,0)<1> 0x4f800000:f 0x3f800000:f\n"
    "cmp.ge (M1, 16) P2 DD(0,0)<8;8,1> 0x64000000:d\n"
    "(P2) sel (M1, 16) FC(0,0)<1> 0x2f800000:f FC(0,0)<8;8,1>\n"
    "mul (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
    "inv (M1, 16) FD(0,0)<1> FD(0,0)<8;8,1>\n"
    "mul (M1, 16) FD(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "mul (M1, 16) FB(0,0)<1> FD(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
    "and (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> 0x7f800000:d\n"
    "cmp.eq (M1, 16) P1 DD(0,0)<8;8,1> 0x0:d\n"
    "(P1) sel (M1, 16) FC(0,0)<1> 0x4f800000:f 0x3f800000:f\n"
    "cmp.ge (M1, 16) P2 DD(0,0)<8;8,1> 0x64000000:ud\n"
    "(P2) sel (M1, 16) FC(0,0)<1> 0x2f800000:f FC(0,0)<8;8,1>\n"
    "mul (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
    "inv (M1, 16) FD(0,0)<1> FD(0,0)<8;8,1>\n"
    "mul (M1, 16) FD(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "mul (M1, 16) FB(0,0)<1> FD(0,0)<8;8,1> FC(0,0)<8;8,1>\n",
    /* the division with both cmps of mixed signedness (UD with D, D with UD) and other
     * relations, in registers at the AVX2 level */
    ".decl DDU v_type=G type=ud num_elts=32 align=GRF alias=<DD, 0>\n"
    "and (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> 0x7f800000:d\n"
    "cmp.lt (M1, 16) P1 DDU(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "(P1) sel (M1, 16) FC(0,0)<1> 0x4f800000:f 0x3f800000:f\n"
    "cmp.gt (M1, 16) P2 DB(0,0)<8;8,1> UA(0,0)<8;8,1>\n"
    "(!P2) sel (M1, 16) FC(0,0)<1> 0x2f800000:f FC(0,0)<8;8,1>\n"
    "mul (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
    "inv (M1, 16) FD(0,0)<1> FD(0,0)<8;8,1>\n"
    "mul (M1, 16) FD(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "mul (M1, 16) FB(0,0)<1> FD(0,0)<8;8,1> FC(0,0)<8;8,1>\n",
    /* the division's sels on predicates other than the cmp before them, and a mul's dst on half
     * of the scale, which the last mul then reads from the arena */
    "and (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> 0x7f800000:d\n"
    "cmp.eq (M1, 16) P1 DD(0,0)<8;8,1> 0x0:d\n"
    "(P3) sel (M1, 16) FC(0,0)<1> 0x4f800000:f 0x3f800000:f\n"
    "cmp.ge (M1, 16) P2 UA(0,0)<8;8,1> 0x64000000:ud\n"
    "(!P1) sel (M1, 16) FC(0,0)<1> 0x2f800000:f FC(0,0)<8;8,1>\n"
    "mul (M1, 16) FC(0,8)<1> FA(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
    "inv (M1, 16) FD(0,0)<1> FC(0,8)<8;8,1>\n"
    "mul (M1, 16) FD(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "mul (M1, 16) FB(0,0)<1> FD(0,0)<8;8,1> FC(0,0)<8;8,1>\n",
    /* four adds: a dst on half of the one before, read whole after it (from the arena), and
     * adds of signed zeros that keep a denormal or flush it as %cr0 says */
    "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "add (M1, 16) FD(0,8)<1> FD(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
    "add (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> 0x0:f\n"
    "add (M1, 16) FB(0,0)<1> FA(0,0)<8;8,1> 0x80000000:f\n",
    /* members whose lanes differ (no one test for the sequence: xinst.fplan): four adds at M1
     * and M5, the division's last mul at M1 after the others at M5, coordinates under NoMask
     * then at M1; and all four adds under NoMask (one test) */
    "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "add (M5, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,16)<8;8,1>\n"
    "add (M1, 16) FA(0,0)<1> FA(0,1)<8;8,1> FC(0,0)<8;8,1>\n"
    "add (M1, 16) FB(0,16)<1> FB(0,8)<8;8,1> FD(0,0)<8;8,1>\n"
    "and (M5, 16) DD(0,16)<1> DA(0,0)<8;8,1> 0x7f800000:d\n"
    "cmp.eq (M5, 16) P1 DD(0,16)<8;8,1> 0x0:d\n"
    "(P1) sel (M5, 16) FC(0,16)<1> 0x4f800000:f 0x3f800000:f\n"
    "cmp.ge (M5, 16) P2 DA(0,0)<8;8,1> 0x64000000:d\n"
    "(!P2) sel (M5, 16) FC(0,16)<1> FC(0,16)<8;8,1> 0x2f800000:f\n"
    "mul (M5, 16) FD(0,16)<1> FA(0,16)<8;8,1> FC(0,16)<8;8,1>\n"
    "inv (M5, 16) FD(0,16)<1> FD(0,16)<8;8,1>\n"
    "mul (M5, 16) FD(0,16)<1> FD(0,16)<8;8,1> FB(0,0)<8;8,1>\n"
    "mul (M1, 16) FB(0,0)<1> FD(0,16)<8;8,1> FC(0,16)<8;8,1>\n"
    "(P1) sel (M1_NM, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "(!P1) sel (M1_NM, 16) DC(0,0)<1> DB(0,0)<8;8,1> DD(0,0)<8;8,1>\n"
    "mov (M1, 16) FC(0,0)<1> DD(0,0)<8;8,1>\n"
    "mov (M1, 16) FD(0,0)<1> DC(0,0)<8;8,1>\n"
    "add (M1_NM, 16) FD(0,16)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "add (M1_NM, 16) FC(0,16)<1> FD(0,16)<8;8,1> FB(0,16)<8;8,1>\n"
    "add (M1_NM, 16) FA(0,0)<1> FA(0,1)<8;8,1> FC(0,16)<8;8,1>\n"
    "add (M1_NM, 16) FB(0,16)<1> FB(0,8)<8;8,1> FD(0,16)<8;8,1>\n",
};
static const unsigned ff_fused_n[] = {2, 2, 2, 2, 2, 1, 1, 1, 4};

/* IGC's division at mask M of the dividend dv (a region's start) by FA (its bits read through
 * FAD and FAU), as a float4 by a scalar makes four of: the and to t, the cmp.eq to pa, a sel on
 * ps, the cmp.<ge> of u to pb, a sel of imm on pb, the scale in FC(0,0), the mul and inv in
 * FD(0,0), the quotient to r */
#define FF_DIVG(M, t, pa, ps, ge, u, pb, imm, dv, r)                                               \
    "and (" M ", 16) " t "<1> FAD(0,0)<8;8,1> 0x7f800000:d\n"                                      \
    "cmp.eq (" M ", 16) " pa " " t "<8;8,1> 0x0:d\n"                                               \
    "(" ps ") sel (" M ", 16) FC(0,0)<1> 0x4f800000:f 0x3f800000:f\n"                              \
    "cmp." ge " (" M ", 16) " pb " " u "<8;8,1> 0x64000000:ud\n"                                   \
    "(" pb ") sel (" M ", 16) FC(0,0)<1> " imm ":f FC(0,0)<8;8,1>\n"                               \
    "mul (" M ", 16) FD(0,0)<1> FA(0,0)<8;8,1> FC(0,0)<8;8,1>\n"                                   \
    "inv (" M ", 16) FD(0,0)<1> FD(0,0)<8;8,1>\n"                                                  \
    "mul (" M ", 16) FD(0,0)<1> FD(0,0)<8;8,1> " dv "<8;8,1>\n"                                    \
    "mul (" M ", 16) " r "<1> FD(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
#define FF_DIV(dv)                                                                                 \
    FF_DIVG("M1", "DD(0,0)", "P1", "P1", "ge", "FAU(0,0)", "P2", "0x2f800000", dv, dv)
#define FF_DIV_DECLS                                                                               \
    ".decl FAD v_type=G type=d num_elts=32 align=GRF alias=<FA, 0>\n"                              \
    ".decl FAU v_type=G type=ud num_elts=32 align=GRF alias=<FA, 0>\n"

/* Four divisions by FA in a row (exec_fast.c fdiv_repeats): a float4 divided in place, and
 * IGC's form at M5 (each division's and, cmps and predicates its own), each planned as one
 * sequence (XFU_FDIV4, the scale and reciprocal run once); then four that are not one, each
 * planned as four divisions: the third's cmp.ge on another source, the first's quotient on half
 * of the divisor (read again by the others), the second's first sel on another predicate than
 * its cmp's, the fourth's second sel of another immediate, the second's cmp.lt for cmp.ge. */
static const char *const ff_fdiv4[] = {
    FF_DIV_DECLS FF_DIV("FB(0,0)") FF_DIV("FB(0,16)") FF_DIV("FD(0,16)") FF_DIV("FC(0,16)"),
    FF_DIV_DECLS FF_DIVG("M5", "DD(0,0)", "P1", "P1", "ge", "FAU(0,0)", "P2", "0x2f800000",
                         "FB(0,0)", "FB(0,0)")
        FF_DIVG("M5", "DD(0,16)", "P2", "P2", "ge", "FAU(0,0)", "P1", "0x2f800000", "FB(0,16)",
                "FB(0,16)") FF_DIVG("M5", "DC(0,0)", "P1", "P1", "ge", "FAU(0,0)", "P2",
                                    "0x2f800000", "FD(0,16)", "FD(0,16)")
            FF_DIVG("M5", "DC(0,16)", "P2", "P2", "ge", "FAU(0,0)", "P1", "0x2f800000", "FC(0,16)",
                    "FC(0,16)"),
    FF_DIV_DECLS FF_DIV("FB(0,0)") FF_DIV("FB(0,16)")
        FF_DIVG("M1", "DD(0,0)", "P1", "P1", "ge", "UA(0,0)", "P2", "0x2f800000", "FD(0,16)",
                "FD(0,16)") FF_DIV("FC(0,16)"),
    FF_DIV_DECLS FF_DIVG("M1", "DD(0,0)", "P1", "P1", "ge", "FAU(0,0)", "P2", "0x2f800000",
                         "FB(0,0)", "FA(0,8)") FF_DIV("FB(0,16)") FF_DIV("FD(0,16)")
        FF_DIV("FC(0,16)"),
    FF_DIV_DECLS FF_DIV("FB(0,0)") FF_DIVG("M1", "DD(0,0)", "P1", "P2", "ge", "FAU(0,0)", "P2",
                                           "0x2f800000", "FB(0,16)", "FB(0,16)") FF_DIV("FD(0,16)")
        FF_DIV("FC(0,16)"),
    FF_DIV_DECLS FF_DIV("FB(0,0)") FF_DIV("FB(0,16)") FF_DIV("FD(0,16)") FF_DIVG(
        "M1", "DD(0,0)", "P1", "P1", "ge", "FAU(0,0)", "P2", "0x2f000000", "FC(0,16)", "FC(0,16)"),
    FF_DIV_DECLS FF_DIV("FB(0,0)") FF_DIVG("M1", "DD(0,0)", "P1", "P1", "lt", "FAU(0,0)", "P2",
                                           "0x2f800000", "FB(0,16)", "FB(0,16)") FF_DIV("FD(0,16)")
        FF_DIV("FC(0,16)"),
};
static const unsigned ff_fdiv4_n[] = {1, 1, 4, 4, 4, 4, 4};

/* Each of @p runs (@p count) planned as @p want[f] fused sequences at every fast level, none
 * at the reference level, and the same bits as the reference (test_runs_of) */
static void test_fused_runs(const char *const *runs, const unsigned *want, size_t count)
{
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (size_t f = 0; f < count; f++) {
        vsmp_module *mod = ff_parse(runs[f], "");
        if (!mod)
            continue;
        uint32_t ninst = mod->kernels[0].num_insts - 1;
        vsmp_machine *ms[1 + FF_LEVELS];
        ff_machine_set(ms, mod, levels, nlev, ~0u, 0);
        for (unsigned k = 0; k < 1 + nlev; k++) {
            unsigned n = 0;
            for (uint32_t i = 0; ms[k] && i < ninst; i++)
                n += vsmp_x_fused_at(ms[k], i) != 0;
            CHECK(n == (k ? want[f] : 0u), "fused %zu: %u sequences planned at level %u", f, n, k);
        }
        for (unsigned k = 0; k < 1 + FF_LEVELS; k++)
            vsmp_machine_free(ms[k]);
        vsmp_module_free(mod);
    }
    test_runs_of(runs, count, true);
}

static void test_fused(void)
{
    test_fused_runs(ff_fused, ff_fused_n, sizeof(ff_fused) / sizeof(ff_fused[0]));
    test_fused_runs(ff_fdiv4, ff_fdiv4_n, sizeof(ff_fdiv4) / sizeof(ff_fdiv4[0]));
}

/* Loops: the run (exec_fast.c run_group) goes on through the labels, gotos, jmps and runs after
 * it while no lane waits for a goto's target, as steps of their own, deciding a goto whose lanes
 * all go or none itself (goto_now), else through exec_flow.c run_goto; a goto every active lane
 * takes jumps without making the lanes wait. Against the reference
 * level (no runs: every instruction a step of the run loop): the variables, the predicates, the
 * step count (vsmp_machine_steps), and under a step limit that ends the run inside a loop, the
 * same refusal at the same step. The shapes are IGC's: a loop unrolled, its back edge a goto
 * that every lane takes or none; a remainder loop left by a forward goto, its back edge a
 * scalar goto (or a jmp); and a loop whose lanes leave at different trips (waiting lanes, where
 * the runs go back to the run loop). The trip counts come from the random DA. */
static const char *const ff_loops[] = {
    "mov (M1, 16) DD(0,0)<1> 0x0:d\n"
    "mov (M1_NM, 1) DC(0,0)<1> 0x0:d\n"
    "and (M1_NM, 1) DC(0,1)<1> DA(0,0)<0;1,0> 0x7:d\n"
    "top:\n"
    "add (M1, 16) DD(0,0)<1> DD(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "add (M1_NM, 1) DC(0,0)<1> DC(0,0)<0;1,0> 0x1:d\n"
    "cmp.ge (M1, 16) P1 DC(0,0)<0;1,0> DC(0,1)<0;1,0>\n"
    "(P1) goto (M1, 16) done\n"
    "next:\n"
    "add (M1, 16) FD(0,0)<1> FD(0,0)<8;8,1> FA(0,0)<8;8,1>\n"
    "goto (M1, 1) top\n"
    "done:\n"
    "mul (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n",
    "mov (M1_NM, 1) DC(0,0)<1> 0x0:d\n"
    "and (M1_NM, 1) DC(0,1)<1> DA(0,0)<0;1,0> 0x7:d\n"
    "add (M1_NM, 1) DC(0,1)<1> DC(0,1)<0;1,0> 0x1:d\n"
    "top:\n"
    "add (M1, 16) DD(0,0)<1> DD(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "add (M1_NM, 1) DC(0,0)<1> DC(0,0)<0;1,0> 0x1:d\n"
    "cmp.eq (M1, 16) P2 DC(0,0)<0;1,0> DC(0,1)<0;1,0>\n"
    "(!P2) goto (M1, 16) top\n"
    "mov (M1, 16) UD(0,0)<1> DD(0,0)<8;8,1>\n",
    "mov (M1_NM, 1) DC(0,0)<1> 0x0:d\n"
    "and (M1_NM, 1) DC(0,1)<1> DA(0,0)<0;1,0> 0x7:d\n"
    "top:\n"
    "add (M1_NM, 1) DC(0,0)<1> DC(0,0)<0;1,0> 0x1:d\n"
    "mul (M1, 16) FD(0,0)<1> FD(0,0)<8;8,1> FA(0,0)<8;8,1>\n"
    "cmp.lt (M1_NM, 1) P1 DC(0,0)<0;1,0> DC(0,1)<0;1,0>\n"
    "(P1) jmp (M1, 1) top\n"
    "add (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n",
    "and (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> 0x7:d\n"
    "mov (M1_NM, 1) DC(0,0)<1> 0x0:d\n"
    "mov (M1, 16) UD(0,0)<1> 0x0:ud\n"
    "top:\n"
    "add (M1_NM, 1) DC(0,0)<1> DC(0,0)<0;1,0> 0x1:d\n"
    "cmp.eq (M1, 16) P2 DD(0,0)<8;8,1> 0x3:d\n"
    "(P2) goto (M1, 16) skip\n"
    "add (M1, 16) UD(0,0)<1> UD(0,0)<8;8,1> DC(0,0)<0;1,0>\n"
    "skip:\n"
    "cmp.lt (M1, 16) P1 DC(0,0)<0;1,0> DD(0,0)<8;8,1>\n"
    "(P1) goto (M1, 16) top\n"
    "mul (M1, 16) UB(0,0)<1> UD(0,0)<8;8,1> 0x3:ud\n",
    /* gotos at M5 and M1 on a predicate made of a scalar (every lane or none, a forward one
     * inverted), a predicated scalar goto out of the loop (inverted) and its scalar back edge */
    "mov (M1_NM, 1) DC(0,0)<1> 0x0:d\n"
    "and (M1_NM, 1) DC(0,1)<1> DA(0,0)<0;1,0> 0x7:d\n"
    "top:\n"
    "add (M1, 16) DD(0,0)<1> DD(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "add (M5, 16) DD(0,16)<1> DD(0,16)<8;8,1> DB(0,16)<8;8,1>\n"
    "add (M1_NM, 1) DC(0,0)<1> DC(0,0)<0;1,0> 0x1:d\n"
    "cmp.lt (M1_NM, 1) P1 DC(0,0)<0;1,0> DC(0,1)<0;1,0>\n"
    "(!P1) goto (M1, 1) done\n"
    "cmp.eq (M5, 16) P2 DC(0,0)<0;1,0> 0x2:d\n"
    "(P2) goto (M5, 16) mid\n"
    "add (M5, 16) UD(0,16)<1> UD(0,16)<8;8,1> 0x1:ud\n"
    "mid:\n"
    "cmp.eq (M1, 16) P2 DC(0,0)<0;1,0> 0x3:d\n"
    "(!P2) goto (M1, 16) next\n"
    "add (M1, 16) UD(0,0)<1> UD(0,0)<8;8,1> 0x3:ud\n"
    "next:\n"
    "goto (M1, 1) top\n"
    "done:\n"
    "mul (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n",
    /* a NoMask goto forward (its lanes whatever the EM) and a SIMD8 goto back */
    "mov (M1_NM, 1) DC(0,0)<1> 0x0:d\n"
    "and (M1_NM, 1) DC(0,1)<1> DA(0,0)<0;1,0> 0x3:d\n"
    "top:\n"
    "add (M1, 8) DD(0,0)<1> DD(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "add (M1_NM, 1) DC(0,0)<1> DC(0,0)<0;1,0> 0x1:d\n"
    "cmp.gt (M1_NM, 16) P1 DC(0,1)<0;1,0> DC(0,0)<0;1,0>\n"
    "(P1) goto (M1_NM, 16) skip\n"
    "add (M1, 16) UD(0,0)<1> UD(0,0)<8;8,1> 0x1:ud\n"
    "skip:\n"
    "(P1) goto (M1, 8) top\n"
    "mul (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n",
};

/* The loops of ff_loops that end whatever lanes 16-31 do (the last two: their exits are scalar
 * gotos or NoMask compares), also run with those lanes on */
static const bool ff_loops_hi[] = {false, false, false, false, true, true};

static void test_fast_loops(void)
{
    /* lanes 16..31 off (the loops' gotos are SIMD16, most at M1); for ff_loops_hi, lanes 8-15
     * off with lanes 16-31 on (gotos at M1 leave lanes on) */
    static const uint32_t dmasks[] = {0x0000ffffu, 0x0000fffeu, 0x00000f0fu, 0x00008001u,
                                      0xffff00ffu};
    static const uint64_t limits[] = {0, 5, 9, 13, 20, 31};
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (size_t f = 0; f < sizeof(ff_loops) / sizeof(ff_loops[0]); f++) {
        vsmp_module *mod = ff_parse(ff_loops[f], "");
        if (!mod)
            continue;
        for (size_t dm = 0; dm < sizeof(dmasks) / sizeof(dmasks[0]) - !ff_loops_hi[f]; dm++)
            for (size_t li = 0; li < sizeof(limits) / sizeof(limits[0]); li++) {
                vsmp_machine *ms[1 + FF_LEVELS];
                bool made = ff_machine_set(ms, mod, levels, nlev, dmasks[dm], limits[li]);
                CHECK(made, "machines for loop %zu", f);
                unsigned bad = 0;
                for (uint64_t seed = 1; made && seed <= 40 && bad < 3; seed++) {
                    ff_fill(ms, 1 + nlev, seed * 7193u + f * 17u + dm);
                    kit_why w[1 + FF_LEVELS];
                    bool ok[1 + FF_LEVELS] = {false};
                    for (unsigned k = 0; k < 1 + nlev; k++) {
                        memset(&w[k], 0, sizeof(w[k]));
                        ok[k] = kit_run(ms[k], &w[k]);
                    }
                    CHECK(ok[0] || limits[li], "loop %zu at the reference level: %s", f,
                          w[0].message);
                    for (unsigned l = 0; l < nlev; l++) {
                        const char *which = "";
                        bool same = ff_same_end(ms[0], ok[0], &w[0], ms[1 + l], ok[1 + l],
                                                &w[1 + l], &which);
                        CHECK(same,
                              "loop %zu (level 0x%x, mask 0x%08x, limit %llu, seed %llu): "
                              "%s / %s, steps %llu / %llu, %s differs",
                              f, levels[l], dmasks[dm], (unsigned long long)limits[li],
                              (unsigned long long)seed, ok[0] ? "ran" : w[0].rule,
                              ok[1 + l] ? "ran" : w[1 + l].rule,
                              (unsigned long long)vsmp_machine_steps(ms[0]),
                              (unsigned long long)vsmp_machine_steps(ms[1 + l]), which);
                        bad += !same;
                    }
                }
                if (made)
                    ff_cg_count(ms, nlev);
                for (unsigned k = 0; k < 1 + FF_LEVELS; k++)
                    vsmp_machine_free(ms[k]);
            }
        vsmp_module_free(mod);
    }
}

/* A forward goto every active lane takes jumps to its target only when no lane waits elsewhere
 * (exec_flow.c run_goto) and some lane is active; by hand, from 3_execution_model.md ("if there
 * are no active channels due to predication, execution will jump to the next program point
 * where some channels are waiting to be re-activated"), at every level:
 * - lanes 0-7 wait at L2; the goto to L1 after it, which lanes 8-15 all take, leaves no lane
 *   active, so execution goes on at L2, the nearer of the two, where lanes 0-7 add 1, and at
 *   L1 all sixteen add 16 (lanes 0-7: 17, 8-15: 16);
 * - with no lane on at dispatch (and none waiting) the goto finds no lane and no program point
 *   where one waits: the thread ends, and the NoMask mov after its target does not run. */
static void test_goto_together(void)
{
    static const char text[] = ".version 4.1\n.kernel \"gt\"\n"
                               ".decl DA v_type=G type=d num_elts=16 align=GRF\n"
                               ".decl DD v_type=G type=d num_elts=16 align=GRF\n"
                               ".decl DC v_type=G type=d num_elts=1 align=GRF\n"
                               ".decl P1 v_type=P num_elts=16\n"
                               "mov (M1, 16) DD(0,0)<1> 0x0:d\n"
                               "cmp.lt (M1, 16) P1 DA(0,0)<8;8,1> 0x8:d\n"
                               "(P1) goto (M1, 16) L2\n"
                               "goto (M1, 16) L1\n"
                               "add (M1, 16) DD(0,0)<1> DD(0,0)<8;8,1> 0x64:d\n"
                               "L2:\n"
                               "add (M1, 16) DD(0,0)<1> DD(0,0)<8;8,1> 0x1:d\n"
                               "L1:\n"
                               "add (M1, 16) DD(0,0)<1> DD(0,0)<8;8,1> 0x10:d\n"
                               "mov (M1_NM, 1) DC(0,0)<1> 0x5:d\n"
                               "ret (M1, 1)\n";
    vsmp_module *mod = kit_parse_ok(text, VSMP_DIALECT_12504);
    unsigned levels[1 + FF_LEVELS] = {0}, nlev = ff_levels(levels + 1);
    for (unsigned l = 0; mod && l <= nlev; l++)
        for (unsigned dm = 0; dm < 2; dm++) {
            vsmp_machine_options o;
            vsmp_machine_options_init(&o);
            o.dispatch_simd = 16;
            o.dispatch_mask = dm ? 0u : 0xffffu;
            vsmp_machine *m = kit_create_at(mod, levels[l], VSMP_PLATFORM_TGLLP, &o, NULL);
            CHECK(m != NULL, "machine at level 0x%x", levels[l]);
            if (!m)
                continue;
            int32_t lane[16], dd[16], dc = -1, want_dc = dm ? -1 : 5;
            for (int i = 0; i < 16; i++)
                lane[i] = i;
            kit_put(m, "DA", lane, sizeof(lane));
            kit_put(m, "DC", &dc, 4);
            CHECK(kit_run(m, NULL), "run at level 0x%x", levels[l]);
            kit_get(m, "DD", dd, sizeof(dd));
            kit_get(m, "DC", &dc, 4);
            for (int i = 0; i < 16; i++) {
                int32_t want = dm ? 0 : i < 8 ? 17 : 16;
                CHECK(dd[i] == want, "level 0x%x mask %u lane %d: %d, not %d", levels[l], dm, i,
                      dd[i], want);
            }
            CHECK(dc == want_dc, "level 0x%x mask %u: the mov after L1 %s", levels[l], dm,
                  dm ? "ran" : "did not run");
            vsmp_machine_free(m);
        }
    vsmp_module_free(mod);
}

/* One run holding every mode of run_span's loop (exec_fast.c gmode) but the gotos' (never inside
 * a run), from its label (L0; the add before it is a run of its own): chains of SIMD16 adds, of F
 * mads with a weight and of SIMD1 muls, a SIMD16 and a SIMD8 kernel, a SIMD16 one with a modified
 * source, copies (a chain of two of 16 lanes, one of one lane), a widening, sel of 16 lanes and of
 * one, cmp of 16, of one F and of one integer lane, movs, a division (a fused sequence) and a
 * general member (a Q source); %cr0 written by each mode that can write it (a kernel's or and add,
 * a sel's one lane, a copy, a movs: each a mode's own reload of it) and by a general member, each
 * before float members that read it (a denormal source, flushed or kept). */
static const char ff_every[] =
    FF_DIV_DECLS "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
                 "L0:\n"
                 "add (M1, 16) DC(0,0)<1> DD(0,3)<0;1,0> DB(0,0)<8;8,1>\n"
                 "add (M1, 16) DC(0,16)<1> DC(0,16)<8;8,1> DD(0,4)<0;1,0>\n"
                 "mad (M1, 16) FB(0,0)<1> FA(0,1)<0;1,0> FC(0,0)<8;8,1> FD(0,0)<8;8,1>\n"
                 "mad (M1, 16) FB(0,16)<1> FA(0,1)<0;1,0> FC(0,16)<8;8,1> FB(0,16)<8;8,1>\n"
                 "or (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0x80:ud\n"
                 "mul (M1_NM, 1) FC(0,0)<1> FA(0,0)<0;1,0> 0x40000000:f\n"
                 "mul (M1_NM, 1) FC(0,1)<1> FC(0,1)<0;1,0> FA(0,2)<0;1,0>\n"
                 "add (M5, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
                 "cmp.eq (M1_NM, 1) P1 DD(0,0)<0;1,0> 0x0:d\n"
                 "(P1) sel (M1_NM, 1) %cr0(0,0)<1> 0x10:ud 0x0:ud\n"
                 "add (M1, 8) FD(0,16)<1> FA(0,16)<8;8,1> FB(0,16)<8;8,1>\n"
                 "add (M1, 16) FA(0,0)<1> FA(0,0)<8;8,1> (-)FB(0,1)<0;1,0>\n"
                 "mov (M1_NM, 1) %cr0(0,0)<1> 0x80:ud\n"
                 "mul (M1, 16) FD(0,16)<1> FA(0,16)<8;8,1> FB(0,16)<8;8,1>\n"
                 "mov (M1, 16) DB(0,0)<1> DA(0,16)<8;8,1>\n"
                 "mov (M1, 16) DC(0,16)<1> DB(0,0)<8;8,1>\n"
                 "mov (M1, 16) DA(0,0)<1> WA(0,0)<8;8,1>\n"
                 "cmp.lt (M1, 16) P2 FD(0,0)<8;8,1> FA(0,0)<8;8,1>\n"
                 "(P2) sel (M1, 16) FB(0,0)<1> FC(0,0)<8;8,1> FD(0,0)<8;8,1>\n"
                 "add (M1_NM, 1) DD(0,6)<1> DD(0,6)<0;1,0> 0x1:d\n"
                 "cmp.lt (M1_NM, 1) P1 FC(0,1)<0;1,0> 0xc2d20000:f\n"
                 "movs (M1_NM, 1) smp(0) 0x30:ud\n"
                 "movs (M1_NM, 1) %cr0(0,0)<1> smp(0)\n"
                 "mul (M1, 16) FC(0,16)<1> FA(0,16)<8;8,1> FB(0,16)<8;8,1>\n"
                 "and (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0xffffff4f:ud\n"
                 "add (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0x80:ud\n"
                 "mul (M1, 16) FA(0,16)<1> FA(0,0)<8;8,1> 0x7fffff:f\n"
                 "mov (M1_NM, 1) %cr0(0,0)<1> 0x0:q\n"
                 "mul (M1, 16) FB(0,16)<1> FA(0,0)<8;8,1> 0x7fffff:f\n" FF_DIV("FB(0,0)");

/* ff_every: the same bits as the reference (test_runs_of), and at each fast level one run from
 * L0 (instruction 1) to the ret holding 18 modes, every one but the gotos' and the ret's
 * (GM_BRANCH, GM_GOTO, GM_RET: run_span takes those after the run). */
static void test_every_mode(void)
{
    static const char *const runs[] = {ff_every};
    vsmp_module *mod = ff_parse(ff_every, "");
    CHECK(mod, "parse ff_every");
    if (!mod)
        return;
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (unsigned l = 0; l < nlev; l++) {
        vsmp_machine *m = ff_machine(mod, levels[l], ~0u);
        uint32_t seen = 0, n = 0;
        for (uint32_t i = 1; m && i + 1 < mod->kernels[0].num_insts; i++)
            seen |= 1u << vsmp_x_gmode(m, i);
        for (; seen; seen &= seen - 1u)
            n++;
        CHECK(n == 18, "ff_every at level 0x%x: %u modes", levels[l], n);
        uint32_t g = vsmp_x_group(m, 1), want = mod->kernels[0].num_insts - 2;
        CHECK(g == want, "ff_every at level 0x%x: a run of %u from L0, not %u", levels[l], g, want);
        vsmp_machine_free(m);
    }
    vsmp_module_free(mod);
    test_runs_of(runs, 1, false);
}

/* A kernel's subroutine label (its first instruction in ocloc's code) before fast instructions
 * starts their run (GM_LABEL), and the run then ends with the thread at the ret (GM_RET): the
 * run's handler at instruction 0 holding the label and the two instructions after it, at every
 * fast level; the same bits and the same step count as the reference under each dispatch mask. */
static void test_entry_label(void)
{
    static const uint32_t dmasks[] = {0xffffffffu, 0x0000ffffu, 0x00ff0f0fu, 0};
    vsmp_module *mod = ff_parse(".function \"ff_entry\"\n"
                                "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
                                "mov (M1, 16) DC(0,0)<1> DD(0,0)<8;8,1>\n",
                                "");
    if (!mod)
        return;
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (size_t dm = 0; dm < sizeof(dmasks) / sizeof(dmasks[0]); dm++) {
        vsmp_machine *ms[1 + FF_LEVELS];
        bool made = ff_machine_set(ms, mod, levels, nlev, dmasks[dm], 0);
        CHECK(made, "machines for the entry label");
        for (unsigned l = 0; made && l < nlev; l++)
            CHECK(vsmp_x_group(ms[1 + l], 0) == 3, "entry label at level 0x%x: a run of %u at 0",
                  levels[l], vsmp_x_group(ms[1 + l], 0));
        for (uint64_t seed = 1; made && seed <= 20; seed++) {
            ff_fill(ms, 1 + nlev, seed * 7919u + dm);
            for (unsigned k = 0; k < 1 + nlev; k++)
                CHECK(kit_run(ms[k], NULL), "entry label run");
            for (unsigned l = 0; l < nlev; l++) {
                const char *which = "";
                CHECK(ff_same(ms[0], ms[1 + l], &which),
                      "entry label (level 0x%x, mask 0x%08x, seed %llu): %s differs", levels[l],
                      dmasks[dm], (unsigned long long)seed, which);
                CHECK(vsmp_machine_steps(ms[1 + l]) == vsmp_machine_steps(ms[0]) &&
                          vsmp_machine_steps(ms[0]) == 4,
                      "entry label (level 0x%x, mask 0x%08x): %llu steps, reference %llu",
                      levels[l], dmasks[dm], (unsigned long long)vsmp_machine_steps(ms[1 + l]),
                      (unsigned long long)vsmp_machine_steps(ms[0]));
            }
        }
        for (unsigned k = 0; k < 1 + FF_LEVELS; k++)
            vsmp_machine_free(ms[k]);
    }
    vsmp_module_free(mod);
}

/* Rows for the runs' generated code (docs/CODEGEN.md 2.5), compared with the reference as
 * ff_loops are (bits, status, rule, steps) under step limits, dispatch masks and %cr0 values:
 * a store to a surface no binding holds failing in the middle of a run (its handler), a dst a
 * later member reads, a cmp and a sel in the middle of a run, every mode emitted through
 * run_span's case out of line (K16M, SEL, SEL1, CMP, ICMP1, FCMP1) with its result read next,
 * %cr0 written inside a run (rounding toward zero, then back) and a run of 300 members (chains
 * of 255 at most, more than a member's index in a byte). */
static void test_cg_rows(void)
{
    static const char *const rows[] = {
        "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
        "mul (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "oword_st (1) img 0x0:ud DA.0\n"
        "add (M1, 16) DC(0,0)<1> DD(0,0)<8;8,1> DB(0,0)<8;8,1>\n",
        "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
        "mov (M1, 16) DA(0,0)<1> DD(0,8)<8;8,1>\n"
        "add (M1, 16) DC(0,0)<1> DA(0,0)<8;8,1> DD(0,0)<8;8,1>\n"
        "mul (M1, 16) DD(0,4)<1> DC(0,0)<8;8,1> DD(0,0)<8;8,1>\n",
        "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "cmp.lt (M1, 16) P1 FD(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
        "add (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "(P1) sel (M1, 16) FB(0,0)<1> FC(0,0)<8;8,1> FD(0,0)<8;8,1>\n"
        "mul (M1, 16) FA(0,0)<1> FB(0,0)<8;8,1> FC(0,0)<8;8,1>\n",
        /* each mode emitted as a call of run_span's case out of line in the middle of a run,
         * the next member reading what it wrote: K16M (source modifiers), SEL (an inverted
         * predicate), a scalar ICMP1, FCMP1 and SEL1, a cmp with modifiers */
        "add (M1, 16) FD(0,0)<1> (-)FA(0,0)<8;8,1> (abs)FB(0,0)<8;8,1>\n"
        "cmp.lt (M1, 16) P1 (-)FD(0,0)<8;8,1> (abs)FC(0,0)<8;8,1>\n"
        "mul (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "(!P1) sel (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
        "add (M1, 16) DC(0,0)<1> DD(0,0)<8;8,1> (-)DB(0,0)<8;8,1>\n"
        "cmp.gt (M1_NM, 1) P2 DC(0,3)<0;1,0> DA(0,1)<0;1,0>\n"
        "cmp.le (M1_NM, 1) P3 FC(0,2)<0;1,0> FA(0,1)<0;1,0>\n"
        "(P2) sel (M1_NM, 1) DA(0,5)<1> DC(0,3)<0;1,0> DB(0,1)<0;1,0>\n"
        "(P3) sel (M1_NM, 1) DB(0,6)<1> DA(0,5)<0;1,0> DD(0,2)<0;1,0>\n"
        "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
        "(P1) sel (M1, 16) FB(0,0)<1> FC(0,0)<8;8,1> FD(0,0)<8;8,1>\n",
        "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "mov (M1_NM, 1) %cr0(0,0)<1> 0x30:ud\n"
        "add (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "mov (M1_NM, 1) %cr0(0,0)<1> 0x80:ud\n"
        "mul (M1, 16) FA(0,0)<1> FB(0,0)<8;8,1> FC(0,0)<8;8,1>\n",
        /* %cr0 written by a run's last member (its code runs it whole), the next run in the span
         * after a label, a goto decided in place, or a run whose code returns 0 at its guard */
        "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "mov (M1_NM, 1) %cr0(0,0)<1> 0x30:ud\n"
        "cga:\n"
        "add (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "mul (M1, 16) FA(0,0)<1> FB(0,0)<8;8,1> FC(0,0)<8;8,1>\n",
        "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "mov (M1_NM, 1) %cr0(0,0)<1> 0x10:ud\n"
        "goto (M1, 1) cgb\n"
        "cgb:\n"
        "add (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "mul (M1, 16) FA(0,0)<1> FB(0,0)<8;8,1> FC(0,0)<8;8,1>\n",
        "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "mov (M1_NM, 1) %cr0(0,0)<1> 0x20:ud\n"
        "cgc:\n"
        "cmp.lt (M1, 16) P1 FD(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
        "add (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "mul (M1, 16) FA(0,0)<1> FB(0,0)<8;8,1> FC(0,0)<8;8,1>\n",
        "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "mov (M1_NM, 1) %cr0(0,0)<1> 0x80:ud\n"
        "cgd:\n"
        "add (M5, 8) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "mul (M1, 16) FA(0,0)<1> FB(0,0)<8;8,1> FC(0,0)<8;8,1>\n",
        NULL};
    static const uint64_t limits[] = {0, 2, 3, 5, 260};
    static const uint32_t dmasks[] = {0xffffffffu, 0x0000ffffu, 0x00ff0f0fu};
    static const uint32_t cr0s[] = {0x0, 0x80, 0x10};
    const char *big = "add (M1, 16) DD(0,0)<1> DD(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
                      "mul (M1, 16) FD(0,0)<1> FD(0,0)<8;8,1> FA(0,0)<8;8,1>\n";
    size_t nrows = sizeof(rows) / sizeof(rows[0]), cap = sizeof(ff_decls) + 300 * 128 + 4096;
    char *text = malloc(cap);
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (size_t r = 0; text && r < nrows; r++) {
        size_t n = (size_t)snprintf(text, cap, "%s", ff_decls);
        for (unsigned k = 0; !rows[r] && k < 300; k++) /* the last row: 300 members */
            n += (size_t)snprintf(text + n, cap - n, "%s", k < 150 ? strchr(big, '\n') + 1 : big);
        snprintf(text + n, cap - n, "%sret (M1, 1)\n", rows[r] ? rows[r] : "");
        vsmp_module *mod = kit_parse(text, VSMP_DIALECT_12504, NULL);
        CHECK(mod != NULL, "parse codegen row %zu", r);
        for (size_t dm = 0; mod && dm < sizeof(dmasks) / sizeof(dmasks[0]); dm++)
            for (size_t li = 0; li < sizeof(limits) / sizeof(limits[0]); li++) {
                vsmp_machine *ms[1 + FF_LEVELS];
                bool made = ff_machine_set(ms, mod, levels, nlev, dmasks[dm], limits[li]);
                CHECK(made, "machines for codegen row %zu", r);
                for (uint64_t seed = 1; made && seed <= 12; seed++) {
                    ff_fill(ms, 1 + nlev, seed * 6007u + r * 13u + dm);
                    kit_why w[1 + FF_LEVELS];
                    bool ok[1 + FF_LEVELS] = {false};
                    for (unsigned k = 0; k < 1 + nlev; k++) {
                        memset(&w[k], 0, sizeof(w[k]));
                        kit_set_cr0(ms[k], cr0s[seed % 3]);
                        ok[k] = kit_run(ms[k], &w[k]);
                    }
                    CHECK(ok[0] == (r != 0 && !limits[li]) || (r && limits[li]),
                          "codegen row %zu at the reference level: %s", r, w[0].message);
                    for (unsigned l = 0; l < nlev; l++) {
                        const char *which = "";
                        bool same = ff_same_end(ms[0], ok[0], &w[0], ms[1 + l], ok[1 + l],
                                                &w[1 + l], &which);
                        CHECK(same,
                              "codegen row %zu (level 0x%x, mask 0x%08x, limit %llu, seed %llu): "
                              "%s / %s, steps %llu / %llu, %s differs",
                              r, levels[l], dmasks[dm], (unsigned long long)limits[li],
                              (unsigned long long)seed, ok[0] ? "ran" : w[0].rule,
                              ok[1 + l] ? "ran" : w[1 + l].rule,
                              (unsigned long long)vsmp_machine_steps(ms[0]),
                              (unsigned long long)vsmp_machine_steps(ms[1 + l]), which);
                    }
                }
                if (made)
                    ff_cg_count(ms, nlev);
                for (unsigned k = 0; k < 1 + FF_LEVELS; k++)
                    vsmp_machine_free(ms[k]);
            }
        vsmp_module_free(mod);
    }
    free(text);
    ff_cg_check("codegen rows");
}

int main(void)
{
    test_fast_loops();
    ff_cg_check("ff_loops");
    test_goto_together();
    test_fused();
    ff_cg_check("ff_fused");
    test_every_mode();
    ff_cg_check("ff_every");
    test_entry_label();
    test_cg_rows();
    return t_finish();
}
