/* SPDX-License-Identifier: MIT */
/*
 * The machine's fast path (src/exec/exec_fast.c) against its general path: every form the fast
 * path takes, planned at the reference level and at each fast CPU level, on random values.
 * The general path's own rules are checked by hand in test_exec_alu.c.
 */
#define _POSIX_C_SOURCE 200112L /* unsetenv */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ff_kit.h"

/* Each form is one instruction (then ret), planned with the CPU levels off
 * (vsmp_cpu_set_mask(0), "ref": every instruction through the general path, run_arith and
 * run_cmp in exec_alu.c) and at each fast level the host has (the C kernels, then AVX2 with
 * FMA). The fast machine must have planned the instruction onto the fast path
 * (vsmp_x_is_fast, an internal query: this test links the internal objects), the reference
 * machine must not have. Both get the same random contents (F values biased to zeros,
 * denormals, infinities, the quiet NaN, extremes and halves; integers to 0, -1, extremes and
 * small values; a NaN is always 0x7fc00000, as a payload may come from either source of a
 * two-NaN operation), the same predicates and %cr0 (denormals flushed or kept for F and HF,
 * and a rounding mode, which sends the fast forms to the general path), and every variable
 * and predicate must hold the same bytes afterwards. */
static const char *const ff_forms[] = {
    /* F arithmetic: packed, in place, a variable's scalar, immediates, SIMD1/8/16/32 */
    "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    "add (M1, 16) FA(0,0)<1> FA(0,0)<8;8,1> 0.5:f",
    "add (M1, 1) FD(0,3)<1> FA(0,5)<0;1,0> FB(0,0)<0;1,0>",
    "mul (M1, 8) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,2)<0;1,0>",
    "mul (M1, 32) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    "mad (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1> FC(0,0)<8;8,1>",
    "mad (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> 0.001953125:f 0.25:f",
    "mad (M1, 4) FC(0,0)<1> FC(0,0)<4;4,1> FA(0,0)<4;4,1> FC(0,0)<4;4,1>",
    "min (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    "max (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> 0.0:f",
    /* moves and conversions */
    "mov (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "mov (M1, 16) FD(0,0)<1> DA(0,0)<8;8,1>",
    "mov (M1, 16) FD(0,0)<1> UA(0,0)<8;8,1>",
    "mov (M1, 16) FD(0,0)<1> WA(0,0)<8;8,1>",
    "mov (M1, 16) FD(0,0)<1> WB(0,0)<8;8,1>",
    "mov (M1, 16) FD(0,0)<1> BA(0,0)<8;8,1>",
    "mov (M1, 8) FD(0,0)<1> 0x76543210:v",
    "mov (M1, 8) FD(0,0)<1> 0xb0403830:vf",
    "mov (M1, 16) DD(0,0)<1> FA(0,0)<8;8,1>",
    "mov (M1, 16) UD(0,0)<1> FA(0,0)<8;8,1>",
    "mov (M1, 16) WD(0,0)<1> FA(0,0)<8;8,1>",
    "mov (M1, 16) BD(0,0)<1> FA(0,0)<8;8,1>",
    "mov (M1, 16) HD(0,0)<1> FA(0,0)<8;8,1>",
    "mov (M1, 16) DD(0,0)<1> WA(0,0)<8;8,1>",
    "mov (M1, 16) WD(0,0)<1> DA(0,0)<8;8,1>",
    "mov (M1, 16) WD(0,0)<1> 0x76543210:v",
    "mov (M1, 16) DD(0,0)<1> 0xfedcba98:uv",
    /* integers: add with D/UD and 16-bit operands, logic, shifts */
    "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>",
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> 0x7fffffff:ud",
    "add (M1, 8) WD(0,8)<1> WA(0,0)<8;8,1> 0x8:uw",
    "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> WA(0,0)<8;8,1>",
    "add (M1, 16) DD(0,0)<1> DA(0,3)<0;1,0> DB(0,0)<8;8,1>",
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,6)<0;1,0>",
    "add (M1, 16) DA(0,0)<1> DA(0,0)<8;8,1> DA(0,2)<0;1,0>",
    "mul (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>",
    "mad (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1> DC(0,0)<8;8,1>",
    "and (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>",
    "or (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> 0xff00:ud",
    "xor (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>",
    "not (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1>",
    "shl (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> UB(0,0)<8;8,1>",
    "shr (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> DB(0,0)<8;8,1>",
    "shr (M1, 16) WD(0,0)<1> WA(0,0)<8;8,1> 0x3:uw",
    "asr (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> UB(0,0)<8;8,1>",
    "asr (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> 0x5:ud",
    /* sel and cmp */
    "(P1) sel (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    "(!P1) sel (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> 0x7:d",
    "cmp.lt (M1, 16) P2 FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    "cmp.ne (M1, 16) P2 FA(0,0)<8;8,1> FA(0,0)<8;8,1>",
    "cmp.ge (M1, 16) P2 DA(0,0)<8;8,1> UA(0,0)<8;8,1>",
    "cmp.eq (M1, 16) P2 WA(0,0)<8;8,1> 0x5:w",
    "cmp.le (M5, 8) P2 DA(0,0)<8;8,1> DB(0,0)<0;1,0>",
    /* source modifiers on F (the sign bit, then the kernels' flush) */
    "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> (-)FB(0,0)<8;8,1>",
    "mul (M1, 16) FD(0,0)<1> (abs)FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    "mad (M1, 16) FD(0,0)<1> (-)FA(0,0)<8;8,1> FB(0,0)<8;8,1> (-abs)FC(0,0)<8;8,1>",
    "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> (-)FB(0,1)<0;1,0>",
    "min (M1, 16) FD(0,0)<1> (-)FA(0,0)<8;8,1> (abs)FB(0,0)<8;8,1>",
    "max (M1, 8) FD(0,0)<1> (-abs)FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    "mov (M1, 16) FD(0,0)<1> (-)FA(0,0)<8;8,1>",
    "mov (M1, 16) FD(0,0)<1> (abs)FA(0,0)<8;8,1>",
    "mov (M1, 16) DD(0,0)<1> (-)FA(0,0)<8;8,1>",
    "mov (M1, 16) UD(0,0)<1> (abs)FA(0,0)<8;8,1>",
    "mov (M1, 16) HD(0,0)<1> (-abs)FA(0,0)<8;8,1>",
    "cmp.lt (M1, 16) P2 (-)FA(0,0)<8;8,1> (abs)FB(0,0)<8;8,1>",
    /* source modifiers on integers (IGC's subtraction: add with (-) of a D scalar) */
    "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> (-)DB(0,0)<0;1,0>",
    /* a modified scalar is read and modified once, then broadcast: W and UD by value, F by
     * its sign bit, in every kernel family (mad, cmp, sel) */
    "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> (-abs)WA(0,3)<0;1,0>",
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> (abs)UB(0,1)<0;1,0>",
    "mad (M1, 16) FD(0,0)<1> (abs)FA(0,2)<0;1,0> FB(0,0)<8;8,1> (-)FC(0,5)<0;1,0>",
    "cmp.lt (M1, 16) P2 FA(0,0)<8;8,1> (-)FB(0,1)<0;1,0>",
    "(P1) sel (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> (-)DB(0,2)<0;1,0>",
    "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> (-)DB(0,0)<8;8,1>",
    "add (M1, 16) DD(0,0)<1> (abs)DA(0,0)<8;8,1> (-abs)WA(0,0)<8;8,1>",
    "add (M1, 16) UD(0,0)<1> (abs)UA(0,0)<8;8,1> (-abs)UB(0,0)<8;8,1>",
    "mul (M1, 16) DD(0,0)<1> (-)UA(0,0)<8;8,1> DB(0,0)<8;8,1>",
    "mad (M1, 16) DD(0,0)<1> (abs)DA(0,0)<8;8,1> DB(0,0)<8;8,1> (-)DC(0,0)<8;8,1>",
    "and (M1, 16) UD(0,0)<1> (~)UA(0,0)<8;8,1> UB(0,0)<8;8,1>",
    "shl (M1, 16) DD(0,0)<1> (-)DA(0,0)<8;8,1> UB(0,0)<8;8,1>",
    "shr (M1, 16) WD(0,0)<1> (-)WA(0,0)<8;8,1> 0x3:uw",
    "mov (M1, 16) DD(0,0)<1> (-)WA(0,0)<8;8,1>",
    "mov (M1, 16) WD(0,0)<1> (abs)DA(0,0)<8;8,1>",
    "mov (M1, 16) BD(0,0)<1> (-)BA(0,0)<8;8,1>",
    /* integer min/max: signed, unsigned, mixed, 16-bit, a scalar */
    "min (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>",
    "max (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> 0x0:d",
    "min (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>",
    "max (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> UA(0,0)<8;8,1>",
    "min (M1, 16) WD(0,0)<1> WA(0,0)<8;8,1> WB(0,0)<8;8,1>",
    "min (M1, 1) DD(0,0)<1> DA(0,1)<0;1,0> DB(0,0)<0;1,0>",
    /* SIMD1 (IGC's uniform values: each source's one lane read directly) from W, UW, D, F, an
     * immediate, a 16-bit dst */
    "add (M1_NM, 1) DD(0,2)<1> WA(0,3)<1;1,0> WB(0,5)<1;1,0>",
    "mad (M1_NM, 1) FD(0,1)<1> FA(0,1)<0;1,0> 0x3f000000:f FC(0,3)<1;1,0>",
    "mul (M1, 1) FD(0,0)<1> FA(0,4)<0;1,0> FB(0,2)<0;1,0>",
    "shr (M1_NM, 1) WD(0,1)<1> WA(0,5)<1;1,0> 0x2:uw",
    "rndz (M1_NM, 1) FD(0,3)<1> FA(0,7)<0;1,0>",
    /* the math box and the roundings on F (%cr0 bit 0, ALT mode, among the cr0 values) */
    "inv (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "inv (M1, 1) FD(0,2)<1> FA(0,1)<0;1,0>",
    "sqrt (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "rsqrt (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "exp (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "exp (M1, 1) FD(0,0)<1> (-)FA(0,3)<0;1,0>",
    "log (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "log (M1, 8) FD(0,0)<1> (abs)FA(0,0)<8;8,1>",
    "rndd (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "rndu (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "rnde (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "rndz (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "rndz (M1, 1) FD(0,0)<1> FA(0,4)<0;1,0>",
    "frc (M1, 16) FD(0,0)<1> (-)FA(0,0)<8;8,1>",
    /* sel with modifiers (IGC's abs and negation by sel): F converts the picked value,
     * integers take its low bits */
    "(P1) sel (M1, 16) FD(0,0)<1> (-)FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    "(!P1) sel (M1, 16) FD(0,0)<1> (abs)FA(0,0)<8;8,1> 0.5:f",
    "(P1) sel (M1, 16) DD(0,0)<1> (-)DA(0,0)<8;8,1> DA(0,0)<8;8,1>",
    "(P1) sel (M1, 16) DD(0,0)<1> 0x1:d (-)DB(0,0)<8;8,1>",
    "(!P1) sel (M1, 16) DD(0,0)<1> (abs)WA(0,0)<8;8,1> UB(0,0)<8;8,1>",
    "(P1) sel (M1, 8) WD(0,0)<1> (-abs)DA(0,0)<8;8,1> (~)UA(0,0)<8;8,1>",
    /* conversions with .sat: F clamped to [0, 1]; integers to the dst's range; integer <- F */
    "mov.sat (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "mov.sat (M1, 16) FD(0,0)<1> (-)FA(0,0)<8;8,1>",
    "mov.sat (M1, 16) BD(0,0)<1> DA(0,0)<8;8,1>",
    "mov.sat (M1, 16) WD(0,0)<1> UA(0,0)<8;8,1>",
    "mov.sat (M1, 16) UD(0,0)<1> DA(0,0)<8;8,1>",
    "mov.sat (M1, 16) DD(0,0)<1> UA(0,0)<8;8,1>",
    "mov.sat (M1, 16) BD(0,0)<1> WA(0,0)<8;8,1>",
    "mov.sat (M1, 16) WD(0,0)<1> BA(0,0)<8;8,1>",
    "mov.sat (M1, 16) BD(0,0)<1> FA(0,0)<8;8,1>",
    "mov.sat (M1, 16) DD(0,0)<1> FA(0,0)<8;8,1>",
    "mov.sat (M1, 16) WD(0,0)<1> (-)FA(0,0)<8;8,1>",
    /* masks, predicates, strides */
    "(P1) add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    "(!P1) mov (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1>",
    "add (M5, 8) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    "add (M1_NM, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>",
    "add (M1, 8) FD(0,0)<2> FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    "add (M1, 8) FD(0,0)<1> FA(0,0)<16;8,2> FB(0,1)<8;8,1>",
    "mov (M1, 16) FD(0,0)<1> FA(0,0)<1;1,0>",
};

static void test_fast_forms(void)
{
    static const uint32_t cr0s[] = {0x0, 0x80, 0x400, 0x480, 0x10, 0x30, 0x1, 0x81};
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (size_t f = 0; f < sizeof(ff_forms) / sizeof(ff_forms[0]); f++) {
        vsmp_module *mod = ff_parse(ff_forms[f], "\n");
        if (!mod)
            continue;
        vsmp_machine *ms[1 + FF_LEVELS];
        bool made = ff_machine_set(ms, mod, levels, nlev, ~0u, 0);
        CHECK(made, "machines for %s", ff_forms[f]);
        if (made) {
            CHECK(!vsmp_x_is_fast(ms[0], 0), "%s: general path at the reference level",
                  ff_forms[f]);
            for (unsigned l = 0; l < nlev; l++)
                CHECK(vsmp_x_is_fast(ms[1 + l], 0), "%s: fast path at level 0x%x", ff_forms[f],
                      levels[l]);
            unsigned bad = 0;
            for (uint64_t seed = 1; seed <= 300 && bad < 3; seed++) {
                uint32_t c0 = cr0s[seed % (sizeof(cr0s) / sizeof(cr0s[0]))];
                ff_fill(ms, 1 + nlev, seed * 7919u + f);
                for (unsigned k = 0; k < 1 + nlev; k++) {
                    kit_set_cr0(ms[k], c0);
                    CHECK(kit_run(ms[k], NULL), "run %s", ff_forms[f]);
                }
                for (unsigned l = 0; l < nlev; l++) {
                    const char *which = "";
                    bool same = ff_same(ms[0], ms[1 + l], &which);
                    CHECK(same, "%s (level 0x%x, seed %llu, cr0 0x%x): %s differs", ff_forms[f],
                          levels[l], (unsigned long long)seed, c0, which);
                    bad += !same;
                }
            }
        }
        for (unsigned k = 0; k < 1 + FF_LEVELS; k++)
            vsmp_machine_free(ms[k]);
        vsmp_module_free(mod);
    }
}

/* Runs of fast instructions execute as one step (exec_fast.c run_group), which takes each
 * instruction's common case itself: every lane on (by the EM or NoMask), %cr0 as read at the
 * run's start or after an instruction of the run wrote it, a plain predicate picking for sel,
 * cmp to a predicate that a later sel of the same run reads. Each sequence below is one such
 * run (ret ends it), against the reference level, under dispatch masks that turn lanes off,
 * with %cr0 changed inside the run (denormals kept, then a rounding mode that sends float
 * results to the general path, then back). */
static const char *const ff_runs[] = {
    /* IGC's shape: coordinates, clamps by cmp and sel, a scalar test under NoMask */
    "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "cmp.lt (M1, 16) P2 FD(0,0)<8;8,1> 0x0:f\n"
    "(P2) sel (M1, 16) FC(0,0)<1> FA(0,0)<8;8,1> FD(0,0)<8;8,1>\n"
    "(!P2) sel (M1, 16) FB(0,0)<1> FC(0,0)<8;8,1> 0.5:f\n"
    "cmp.eq (M1_NM, 16) P1 DA(0,0)<0;1,0> 0x0:d\n"
    "(P1) sel (M1, 16) FD(0,0)<1> FC(0,0)<8;8,1> FD(0,0)<8;8,1>\n"
    "(P2.any) sel (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "mad (M1, 16) FA(0,0)<1> FD(0,0)<8;8,1> 0.75:f FB(0,0)<8;8,1>\n"
    "mul (M1_NM, 1) DC(0,0)<1> DA(0,0)<0;1,0> DB(0,1)<0;1,0>\n"
    "add (M1, 16) DD(0,0)<1> DC(0,0)<0;1,0> DD(0,0)<8;8,1>\n",
    /* %cr0 written inside the run */
    "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "or (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0x80:ud\n"
    "mul (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FA(0,0)<8;8,1>\n"
    "xor (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0x20:ud\n"
    "add (M1, 16) FB(0,0)<1> FC(0,0)<8;8,1> FA(0,0)<8;8,1>\n"
    "(P1) sel (M1, 16) FA(0,0)<1> FB(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
    "and (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0xffffff4f:ud\n"
    "mad (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
    "mov (M1, 16) DD(0,0)<1> FD(0,0)<8;8,1>\n",
    /* masks and forms that take their handlers inside the run */
    "add (M5, 8) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "add (M1_NM, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "mov (M1, 1) FD(0,3)<1> FA(0,5)<0;1,0>\n"
    "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> WA(0,0)<8;8,1>\n"
    "(P1) add (M1, 16) FC(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "shl (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> 0x4:d\n"
    "cmp.ge (M5, 8) P2 DA(0,0)<8;8,1> DD(0,0)<8;8,1>\n"
    "(!P2) sel (M5, 8) DB(0,0)<1> DA(0,0)<8;8,1> DD(0,0)<8;8,1>\n"
    "mov (M1, 16) WD(0,0)<1> 0x76543210:v\n"
    "add (M1, 32) FA(0,0)<1> FA(0,0)<8;8,1> FD(0,0)<8;8,1>\n",
    /* movs between fast instructions (IGC sets the sampler and surface words before each
     * message): from immediates, general scalars of each size and state words, to state words
     * and back to general scalars (each of them compared), under NoMask and the EM at offsets
     * 0 and 16 (lane 16 off under the second dispatch mask) */
    "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "movs (M1_NM, 1) smp(0) 0x89abcdef:ud\n"
    "movs (M1_NM, 1) img(0) 0x1:ud\n"
    "movs (M1, 1) img(1) DD(0,3)<0;1,0>\n"
    "mul (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "movs (M1_NM, 1) UD(0,2)<1> smp(0)\n"
    "movs (M5, 1) DC(0,1)<1> img(1)\n"
    "movs (M1_NM, 1) smp(0) WA(0,5)<0;1,0>\n"
    "movs (M1_NM, 1) WD(0,7)<1> smp(0)\n"
    "movs (M5, 1) img(1) BA(0,9)<0;1,0>\n"
    "movs (M1_NM, 1) BD(0,4)<1> img(1)\n"
    "movs (M1_NM, 1) img(0) img(1)\n"
    "movs (M1_NM, 1) DB(0,6)<1> img(0)\n"
    "add (M1, 16) DA(0,0)<1> DC(0,0)<8;8,1> DB(0,0)<8;8,1>\n",
};

/* The SIMD16 forms the run takes (xfast_table fn16, fs16): cmp of every relation on F, on
 * signed, unsigned and mixed integers (of each order, every relation), into a 32- and a
 * 16-element predicate at offsets 0 and 16; sel of F and integers; kernels of one,
 * two and three sources with 32-bit scalars in each position and in two at once. Each comes
 * after an instruction that starts the run. */
static const char *const ff_runs16[] = {
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "cmp.eq (M1, 16) P1 FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "cmp.ne (M1, 16) P2 FA(0,3)<0;1,0> FB(0,0)<8;8,1>\n"
    "(P1) sel (M1, 16) FC(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "cmp.gt (M1, 16) P3 FA(0,0)<8;8,1> FB(0,1)<0;1,0>\n"
    "(!P2) sel (M1, 16) FD(0,0)<1> FC(0,0)<8;8,1> FB(0,2)<0;1,0>\n"
    "cmp.ge (M5, 16) P1 FA(0,0)<8;8,1> 0.5:f\n"
    "(P3) sel (M1, 16) FB(0,0)<1> FA(0,4)<0;1,0> FD(0,0)<8;8,1>\n"
    "cmp.lt (M1, 16) P2 FB(0,0)<8;8,1> FD(0,0)<8;8,1>\n"
    "cmp.le (M5, 16) P3 FC(0,0)<8;8,1> FD(0,5)<0;1,0>\n",
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "cmp.eq (M1, 16) P1 DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "cmp.ne (M1_NM, 16) P2 DA(0,1)<0;1,0> 0x0:d\n"
    "cmp.gt (M1, 16) P3 UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "cmp.ge (M5, 16) P1 DA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "(P1) sel (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "cmp.lt (M1, 16) P2 UA(0,0)<8;8,1> DB(0,6)<0;1,0>\n"
    "(!P3) sel (M1, 16) UD(0,0)<1> UA(0,2)<0;1,0> UB(0,0)<8;8,1>\n"
    "cmp.le (M1, 16) P3 DD(0,0)<8;8,1> DC(0,0)<8;8,1>\n"
    "(P2) sel (M1, 16) DC(0,0)<1> DD(0,0)<8;8,1> 0x7:d\n",
    /* mixed signedness (D with UD, UD with D: each widened by its own type), every relation,
     * in place and with a scalar */
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "cmp.eq (M1, 16) P1 DA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "cmp.ne (M1, 16) P2 DA(0,0)<8;8,1> UA(0,0)<8;8,1>\n"
    "cmp.gt (M1, 16) P3 DA(0,0)<8;8,1> UB(0,0)<8;8,1>\n",
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "cmp.ge (M1, 16) P1 DA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "cmp.lt (M5, 16) P2 DB(0,0)<8;8,1> UA(0,0)<8;8,1>\n"
    "cmp.le (M1, 16) P3 DA(0,2)<0;1,0> UB(0,0)<8;8,1>\n",
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "cmp.eq (M1, 16) P1 UA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "cmp.ne (M1, 16) P2 UB(0,0)<8;8,1> DA(0,0)<8;8,1>\n"
    "cmp.gt (M5, 16) P3 UA(0,0)<8;8,1> DB(0,0)<8;8,1>\n",
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "cmp.ge (M1, 16) P1 UA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "cmp.lt (M1, 16) P2 UB(0,0)<8;8,1> DA(0,0)<8;8,1>\n"
    "cmp.le (M1, 16) P3 UA(0,0)<8;8,1> DB(0,1)<0;1,0>\n",
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "(!P2) sel (M1, 16) FC(0,0)<1> FA(0,2)<0;1,0> 0x80000001:f\n"
    "mad (M1, 16) FB(0,0)<1> FA(0,1)<0;1,0> FC(0,0)<8;8,1> FD(0,0)<8;8,1>\n"
    "mad (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FC(0,7)<0;1,0> FB(0,0)<8;8,1>\n"
    "mad (M1, 16) FC(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1> FD(0,3)<0;1,0>\n"
    "mad (M1, 16) FA(0,0)<1> FB(0,9)<0;1,0> FC(0,0)<8;8,1> FD(0,2)<0;1,0>\n"
    "mad (M1, 16) DD(0,0)<1> 0xfffffffc:d DA(0,0)<0;1,0> DB(0,0)<8;8,1>\n"
    "add (M1, 16) DC(0,0)<1> DD(0,3)<0;1,0> DB(0,0)<8;8,1>\n"
    "mul (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,1)<0;1,0>\n"
    "inv (M1, 16) FC(0,0)<1> FD(0,4)<0;1,0>\n"
    "mov (M1, 16) FB(0,0)<1> DA(0,5)<0;1,0>\n",
    /* copies of 32-bit lanes (SIMD8 halves before a typed store, SIMD1 and SIMD2 uniform
     * values, one overlapping its source) under the EM at offsets 0 and 8 and NoMask */
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "mov (M1, 8) FD(0,0)<1> FA(0,0)<8;8,1>\n"
    "mov (M3, 8) FD(0,8)<1> FB(0,8)<8;8,1>\n"
    "mov (M1_NM, 2) DD(0,3)<1> DA(0,5)<1;1,0>\n"
    "mov (M1_NM, 1) FB(0,1)<1> 0x3f800000:f\n"
    "mov (M1, 8) DA(0,1)<1> DA(0,0)<8;8,1>\n"
    "mov (M1, 8) UB(0,0)<1> UB(0,1)<8;8,1>\n"
    "mov (M1_NM, 8) UD(0,16)<1> DC(0,0)<8;8,1>\n"
    /* SIMD16 (IGC's copies of a load's channels), one overlapping its source either way */
    "mov (M1, 16) FC(0,0)<1> FA(0,0)<1;1,0>\n"
    "mov (M1, 16) DB(0,1)<1> DB(0,0)<1;1,0>\n"
    "mov (M1, 16) DC(0,0)<1> DC(0,3)<1;1,0>\n"
    "mov (M1_NM, 16) UD(0,0)<1> FC(0,0)<1;1,0>\n",
    /* SIMD16 with 32-bit general scalars under a modifier (read, modified and copied to 16
     * lanes when the run reaches them), beside one with a modified region too (its handler) */
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> (-)DB(0,3)<0;1,0>\n"
    "add (M1, 16) UD(0,0)<1> (-)UA(0,1)<0;1,0> UB(0,0)<8;8,1>\n"
    "mad (M1, 16) FD(0,0)<1> (-)FA(0,2)<0;1,0> FB(0,0)<8;8,1> (abs)FC(0,4)<0;1,0>\n"
    "mul (M1, 16) FC(0,0)<1> (-abs)FA(0,5)<0;1,0> FB(0,0)<8;8,1>\n"
    "and (M1, 16) DC(0,0)<1> (~)DA(0,6)<0;1,0> DB(0,0)<8;8,1>\n"
    "add (M1, 16) DB(0,0)<1> (abs)DA(0,7)<0;1,0> 0x5:d\n"
    "add (M1, 16) DA(0,0)<1> (-)DD(0,0)<8;8,1> (-)DC(0,1)<0;1,0>\n"
    "mad (M1, 16) FA(0,0)<1> FD(0,0)<8;8,1> (-)FC(0,1)<0;1,0> (-)FB(0,2)<0;1,0>\n",
    /* SIMD16 with a packed 32-bit region under a modifier (its 16 lanes read and modified when
     * the run reaches it: IGC's trip count, a D region minus another), with a modified scalar
     * beside it, of each modifier on D, UD and F, at M5 and under NoMask, in place on its dst
     * and on the dst one lane on; beside the forms left to the handler (two modified regions,
     * a modified 16-bit region) */
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> (-)DB(0,0)<8;8,1>\n"
    "add (M1, 16) DC(0,0)<1> (abs)DD(0,0)<8;8,1> (-)DA(0,3)<0;1,0>\n"
    "add (M5, 16) UD(0,16)<1> (-abs)UA(0,16)<8;8,1> UB(0,2)<0;1,0>\n"
    "mul (M1, 16) FD(0,0)<1> (-abs)FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "mad (M1_NM, 16) FC(0,0)<1> FB(0,0)<8;8,1> (abs)FD(0,0)<8;8,1> (-)FA(0,4)<0;1,0>\n"
    "and (M1, 16) UB(0,0)<1> (~)UB(0,0)<8;8,1> UA(0,0)<8;8,1>\n"
    "add (M1, 16) DB(0,1)<1> (-)DB(0,0)<8;8,1> 0x3:d\n"
    "add (M1, 16) DA(0,0)<1> (-)DC(0,0)<8;8,1> (abs)DD(0,0)<8;8,1>\n"
    "add (M1, 16) DD(0,0)<1> (-)WA(0,0)<8;8,1> DC(0,0)<8;8,1>\n"
    "add (M1, 16) DC(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n",
    /* integer add with one 32-bit scalar source (fs16's direct form, k_iadd_b16: IGC's address
     * arithmetic, a base added to lane offsets): the scalar as src0 and as src1, D and UD,
     * in place with the scalar inside the dst, a dst overlapping its region one lane on, as
     * members of a chain and alone (M5, NoMask between them), under a modifier (read and
     * modified first); beside the forms it hands to the staged one (two scalars, a 16-bit
     * dst) */
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "add (M1, 16) DD(0,0)<1> DA(0,2)<0;1,0> DB(0,0)<8;8,1>\n"
    "add (M1, 16) DC(0,0)<1> DC(0,0)<8;8,1> DC(0,5)<0;1,0>\n"
    "add (M1, 16) DA(0,1)<1> DA(0,0)<8;8,1> DB(0,7)<0;1,0>\n"
    "add (M5, 16) DD(0,16)<1> DB(0,16)<8;8,1> DA(0,3)<0;1,0>\n"
    "add (M1_NM, 16) UD(0,0)<1> UA(0,1)<0;1,0> UB(0,0)<8;8,1>\n"
    "add (M1, 16) UB(0,0)<1> UB(0,1)<8;8,1> UA(0,9)<0;1,0>\n"
    "add (M5_NM, 16) DB(0,16)<1> DA(0,6)<0;1,0> DC(0,2)<0;1,0>\n"
    "add (M1, 16) WD(0,0)<1> DA(0,4)<0;1,0> DB(0,0)<8;8,1>\n"
    "add (M1, 16) DD(0,0)<1> (-)DA(0,8)<0;1,0> DB(0,0)<8;8,1>\n"
    "add (M1, 16) DC(0,16)<1> DD(0,0)<8;8,1> DD(0,9)<0;1,0>\n",
    /* SIMD16 moves of W and UW lanes in place to a packed 32-bit dst (GM_WIDEN: IGC's local
     * IDs made D), extended by the source's type: UW -> D, W -> D, W -> UD, at offsets 0 and
     * 16 (M5) and NoMask, from an odd element, a dst overlapping its source (WO is DC's
     * bytes) ahead of it and in place; beside the moves the run leaves to k_imov (SIMD8, a
     * 16-bit dst, a byte source) */
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "mov (M1, 16) DD(0,0)<1> WB(0,0)<1;1,0>\n"
    "mov (M1, 16) DA(0,0)<1> WA(0,0)<1;1,0>\n"
    "mov (M1, 16) UD(0,16)<1> WA(0,16)<1;1,0>\n"
    "mov (M5, 16) DD(0,16)<1> WB(0,16)<1;1,0>\n"
    "mov (M1_NM, 16) UD(0,0)<1> WB(0,3)<1;1,0>\n"
    "mov (M1, 16) DC(0,0)<1> WO(0,8)<1;1,0>\n"
    "mov (M1, 16) DC(0,16)<1> WO(0,32)<1;1,0>\n"
    "mov (M1, 8) DB(0,0)<1> WA(0,0)<1;1,0>\n"
    "mov (M1, 16) WD(0,0)<1> WB(0,0)<1;1,0>\n"
    "mov (M1, 16) DB(0,16)<1> BA(0,0)<1;1,0>\n",
    /* SIMD1 (IGC's uniform values), which the run takes itself: cmp of F of every relation and
     * of signed, unsigned and mixed integers, at lane 0 and (M5) lane 16, under NoMask and the
     * EM; sel of F, D and W (a 16-bit dst) on plain and inverted predicates */
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "cmp.eq (M1_NM, 1) P1 FA(0,0)<0;1,0> FB(0,0)<0;1,0>\n"
    "cmp.ne (M1, 1) P2 FA(0,1)<0;1,0> 0.5:f\n"
    "cmp.gt (M5_NM, 1) P1 FA(0,2)<0;1,0> FB(0,3)<0;1,0>\n"
    "cmp.ge (M1_NM, 1) P3 FC(0,0)<0;1,0> FD(0,0)<0;1,0>\n"
    "(P1) sel (M1_NM, 1) FD(0,1)<1> FA(0,4)<0;1,0> FB(0,5)<0;1,0>\n"
    "cmp.lt (M5, 1) P2 FB(0,1)<0;1,0> FD(0,2)<0;1,0>\n"
    "cmp.le (M1_NM, 1) P1 FC(0,3)<0;1,0> FD(0,1)<0;1,0>\n"
    "(!P2) sel (M5_NM, 1) FC(0,6)<1> FA(0,7)<0;1,0> 0x3f800000:f\n",
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "cmp.eq (M1_NM, 1) P1 DA(0,0)<0;1,0> DB(0,0)<0;1,0>\n"
    "cmp.ne (M1_NM, 1) P2 DA(0,1)<0;1,0> 0x0:d\n"
    "cmp.gt (M1, 1) P3 UA(0,0)<0;1,0> UB(0,1)<0;1,0>\n"
    "cmp.ge (M5_NM, 1) P1 DA(0,2)<0;1,0> UB(0,2)<0;1,0>\n"
    "(P1) sel (M1_NM, 1) DD(0,3)<1> DA(0,3)<0;1,0> DB(0,4)<0;1,0>\n"
    "cmp.lt (M1_NM, 1) P2 UA(0,5)<0;1,0> DB(0,6)<0;1,0>\n"
    "(!P3) sel (M1_NM, 1) WD(0,2)<1> WA(0,3)<0;1,0> WB(0,1)<0;1,0>\n"
    "cmp.le (M5, 1) P3 DD(0,0)<0;1,0> DC(0,0)<0;1,0>\n"
    "(P2) sel (M5, 1) UD(0,16)<1> UA(0,9)<0;1,0> 0x7:ud\n",
};

/* Chains of SIMD16 kernels (GM_CHAIN, GM_CHAINW; taken in one call when every member's lanes
 * are on and rounding is to nearest even): IGC's mad chain over a sample's four channels (src0
 * a weight scalar, each channel's mad feeding the next tap's), its address arithmetic (an imad
 * with an immediate, adds of a scalar in either position, the D -> F conversion), a member
 * reading what the one before it wrote and one writing its own source, kernels called through
 * the table (mul, add, inv); an M5 instruction ends a chain and a NoMask one starts another, a
 * cmp and a sel between chains */
static const char ff_chain[] =
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "mad (M1, 16) FB(0,0)<1> FA(0,1)<0;1,0> FC(0,0)<8;8,1> FD(0,0)<8;8,1>\n"
    "mad (M1, 16) FB(0,16)<1> FA(0,1)<0;1,0> FC(0,16)<8;8,1> FD(0,16)<8;8,1>\n"
    "mad (M1, 16) FD(0,0)<1> FA(0,2)<0;1,0> FB(0,0)<8;8,1> FD(0,0)<8;8,1>\n"
    "mad (M1, 16) FD(0,16)<1> FA(0,2)<0;1,0> FB(0,16)<8;8,1> FD(0,16)<8;8,1>\n"
    "mad (M1, 16) DD(0,0)<1> 0xfffffffc:d DA(0,0)<0;1,0> DB(0,0)<8;8,1>\n"
    "mov (M1, 16) FC(0,0)<1> DD(0,0)<8;8,1>\n"
    "add (M1, 16) DC(0,0)<1> DD(0,3)<0;1,0> DB(0,0)<8;8,1>\n"
    "add (M1, 16) DC(0,16)<1> DC(0,0)<8;8,1> DD(0,4)<0;1,0>\n"
    "mov (M1, 16) FC(0,16)<1> DC(0,16)<8;8,1>\n"
    "mul (M1, 16) FA(0,16)<1> FA(0,0)<8;8,1> FB(0,1)<0;1,0>\n"
    "mad (M1, 16) FA(0,0)<1> FC(0,0)<8;8,1> FC(0,16)<8;8,1> FA(0,16)<8;8,1>\n"
    "add (M5, 16) FB(0,0)<1> FA(0,0)<8;8,1> FD(0,0)<8;8,1>\n"
    "inv (M5, 16) FB(0,16)<1> FB(0,0)<8;8,1>\n"
    "mul (M5, 16) FA(0,16)<1> FB(0,16)<8;8,1> FD(0,0)<8;8,1>\n"
    "add (M5, 16) DB(0,0)<1> DA(0,0)<8;8,1> DC(0,0)<8;8,1>\n"
    "mul (M1_NM, 16) FD(0,0)<1> FB(0,3)<0;1,0> FB(0,16)<8;8,1>\n"
    "add (M1_NM, 16) DA(0,0)<1> DA(0,0)<8;8,1> DC(0,0)<8;8,1>\n"
    "mov (M1_NM, 16) FC(0,0)<1> DA(0,0)<8;8,1>\n"
    "shl (M1_NM, 16) DD(0,0)<1> DA(0,0)<8;8,1> 0x2:d\n"
    "cmp.lt (M1, 16) P1 FD(0,0)<8;8,1> FA(0,0)<8;8,1>\n"
    "mad (M1, 16) FC(0,0)<1> FD(0,4)<0;1,0> FA(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
    "mad (M1, 16) FC(0,16)<1> FD(0,4)<0;1,0> FA(0,16)<8;8,1> FC(0,16)<8;8,1>\n"
    "(P1) sel (M1, 16) FB(0,0)<1> FC(0,0)<8;8,1> FC(0,16)<8;8,1>\n";

/* Chains of SIMD1 kernels (GM_CHAIN1, IGC's uniform values: the weights of gauss9_exp): F mul,
 * mad, add (inlined), inv, exp, rndz, and, shl (called through the table), a move of an
 * immediate (a copy, which ends a chain), one reading what the one before it wrote, under NoMask,
 * the EM at lane 0 and (M5) at lane 16, which two of the dispatch masks turn off; cmp and sel
 * between chains */
static const char ff_chain1[] =
    "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
    "mul (M1_NM, 1) FB(0,0)<1> FA(0,0)<0;1,0> 0x40000000:f\n"
    "mul (M1_NM, 1) FB(0,1)<1> FB(0,0)<0;1,0> FA(0,0)<0;1,0>\n"
    "and (M1_NM, 1) DD(0,0)<1> DA(0,0)<0;1,0> 0x7f800000:d\n"
    "cmp.eq (M1_NM, 1) P1 DD(0,0)<0;1,0> 0x0:d\n"
    "(P1) sel (M1_NM, 1) FC(0,0)<1> 0x4f800000:f 0x3f800000:f\n"
    "inv (M1_NM, 1) FC(0,1)<1> FB(0,1)<0;1,0>\n"
    "mul (M1_NM, 1) FC(0,2)<1> FC(0,1)<0;1,0> 0xbf800000:f\n"
    "rndz (M1_NM, 1) FC(0,3)<1> FC(0,2)<0;1,0>\n"
    "mov (M1_NM, 1) FC(0,4)<1> 0xbf317200:f\n"
    "mad (M1_NM, 1) FC(0,5)<1> FC(0,3)<0;1,0> FC(0,4)<0;1,0> FC(0,2)<0;1,0>\n"
    "exp (M1_NM, 1) FC(0,6)<1> FC(0,5)<0;1,0>\n"
    "add (M1_NM, 1) FC(0,7)<1> FC(0,6)<0;1,0> FA(0,3)<0;1,0>\n"
    "shl (M1_NM, 1) DD(0,1)<1> DA(0,2)<0;1,0> 0x1:d\n"
    "cmp.lt (M1_NM, 1) P2 FC(0,7)<0;1,0> 0xc2d20000:f\n"
    "mul (M1, 1) FD(0,0)<1> FC(0,7)<0;1,0> FA(0,4)<0;1,0>\n"
    "add (M1, 1) FD(0,1)<1> FD(0,0)<0;1,0> FD(0,0)<0;1,0>\n"
    "mul (M5, 1) FD(0,16)<1> FC(0,5)<0;1,0> FA(0,5)<0;1,0>\n"
    "mad (M5, 1) FD(0,17)<1> FD(0,16)<0;1,0> FA(0,6)<0;1,0> FD(0,1)<0;1,0>\n"
    "add (M5, 1) FD(0,18)<1> FD(0,17)<0;1,0> FA(0,7)<0;1,0>\n"
    "(P2) sel (M1_NM, 1) FA(0,8)<1> 0x0:f FD(0,18)<0;1,0>\n";

/* Chains of copies (GM_COPYS, IGC's moves of a loop's values and of a result's channels before
 * its store): 1-3 (M1: one reading what the one before it wrote, one whose dst lies on its
 * source at an offset), 5-6 (M5, which two of the dispatch masks turn off), ended by a copy at
 * M1 (7, alone), 8-9 (NoMask), 10-11 (SIMD8), 12-14 (SIMD1: of a word, of an immediate, of what
 * 12 wrote), ended by a copy to %cr0 (15, alone: a chain has none), whose flush of denormals the
 * F add after 16-17 must see. */
static const char ff_copys[] = "add (M1, 16) UD(0,0)<1> UA(0,0)<8;8,1> UB(0,0)<8;8,1>\n"
                               "mov (M1, 16) DB(0,0)<1> DA(0,0)<8;8,1>\n"
                               "mov (M1, 16) DC(0,0)<1> DB(0,0)<8;8,1>\n"
                               "mov (M1, 16) DB(0,4)<1> DB(0,0)<8;8,1>\n"
                               "add (M1, 16) DD(0,0)<1> DC(0,0)<8;8,1> DB(0,4)<8;8,1>\n"
                               "mov (M5, 16) DA(0,16)<1> DD(0,0)<8;8,1>\n"
                               "mov (M5, 16) DD(0,16)<1> DA(0,16)<8;8,1>\n"
                               "mov (M1, 16) DC(0,16)<1> DA(0,0)<8;8,1>\n"
                               "mov (M1_NM, 16) DC(0,0)<1> DD(0,16)<8;8,1>\n"
                               "mov (M1_NM, 16) DA(0,0)<1> DC(0,0)<8;8,1>\n"
                               "mov (M1, 8) DB(0,0)<1> DD(0,8)<8;8,1>\n"
                               "mov (M1, 8) DB(0,8)<1> DB(0,0)<8;8,1>\n"
                               "mov (M1_NM, 1) DD(0,0)<1> DA(0,3)<1;1,0>\n"
                               "mov (M1_NM, 1) DD(0,1)<1> 0x7:d\n"
                               "mov (M1_NM, 1) DD(0,2)<1> DD(0,0)<1;1,0>\n"
                               "mov (M1_NM, 1) %cr0(0,0)<1> 0x80:ud\n"
                               "mov (M1, 16) FA(0,0)<1> FB(0,0)<8;8,1>\n"
                               "mov (M1, 16) FA(0,16)<1> FB(0,16)<8;8,1>\n"
                               "add (M1, 16) FC(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n";

/* Runs with instructions of the general path inside (exec_fast.c member: handlers that change
 * neither the EM nor the flow): only the first instruction is fast; the general ones write
 * %cr0 (a Q source is not the fast path's), which the fast instructions after them must see
 * (denormals kept, then round toward zero, then back), or write %ce0, which ends the run; a
 * label ends a run, and one before a fast instruction starts the next; rets after runs. */
static const char *const ff_mixed[] = {
    "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "mul (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FA(0,0)<8;8,1>\n"
    "mov (M1_NM, 1) %cr0(0,0)<1> 0x80:q\n"
    "add (M1, 16) FB(0,0)<1> FC(0,0)<8;8,1> FA(0,0)<8;8,1>\n"
    "L0:\n"
    "mov (M1_NM, 1) %cr0(0,0)<1> 0x30:q\n"
    "mad (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
    "mul (M1, 16) FA(0,0)<1> FD(0,0)<8;8,1> FC(0,0)<8;8,1>\n"
    "mov (M1_NM, 1) %cr0(0,0)<1> 0x0:q\n"
    "L1:\n"
    "add (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "mov (M1, 16) DD(0,0)<1> FD(0,0)<8;8,1>\n",
    "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "mov (M1, 16) DC(0,0)<1> 0x7:q\n"
    "mov (M1_NM, 1) %ce0(0,0)<1> 0x3:q\n"
    "mov (M1_NM, 1) DB(0,3)<1> %ce0(0,0)<0;1,0>\n"
    "add (M1, 16) DA(0,0)<1> DC(0,0)<8;8,1> DD(0,0)<8;8,1>\n",
    /* rets after a run (GM_RET, taken by run_span past a run): a predicated one that ends some
     * lanes or none (the thread's end when it ends every lane), the instructions after it,
     * then one that ends the thread before a run that must not run */
    "add (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "cmp.gt (M1, 16) P1 DA(0,0)<8;8,1> DB(0,0)<8;8,1>\n"
    "mov (M1, 16) DC(0,0)<1> DD(0,0)<8;8,1>\n"
    "(P1) ret (M1, 16)\n"
    "add (M1, 16) DA(0,0)<1> DC(0,0)<8;8,1> DD(0,0)<8;8,1>\n"
    "mov (M1, 16) DD(0,0)<1> DA(0,0)<8;8,1>\n"
    "ret (M1, 1)\n"
    "add (M1, 16) DB(0,0)<1> DC(0,0)<8;8,1> DD(0,0)<8;8,1>\n"
    "mov (M1, 16) DC(0,0)<1> DB(0,0)<8;8,1>\n",
};

/* ff_chain and ff_chain1: the same bits as the reference (test_runs_of), and the chains planned
 * where the rule puts them, none at the reference level. ff_chain: instructions 1-4 (F mads with
 * a scalar weight: GM_CHAINW, apart from the add before them and the kernels after them), 5-11
 * (M1 SIMD16 kernels: the imad, the conversion, two adds, the conversion, mul, a mad of three
 * regions), 12-15 (M5), 16-19 (NoMask), 21-22 (weights again, after the cmp: a chain of mads
 * with a weight may be of 2, the others of 4 or more). ff_chain1: 1-3
 * (NoMask mul, mul, and), 6-8 (inv, mul, rndz) and 10-13 (mad to shl) on either side of the
 * move of an immediate (a copy of its word, GM_COPY, no kernel), 15-16 (M1), 17-19 (M5). */
static void test_chains(void)
{
    static const struct {
        const char *run;
        uint32_t want[24];
    } cases[] = {{ff_chain, {[1] = 4, [5] = 7, [12] = 4, [16] = 4, [21] = 2}},
                 {ff_chain1, {[1] = 3, [6] = 3, [10] = 4, [15] = 2, [17] = 3}},
                 {ff_copys, {[1] = 3, [5] = 2, [8] = 2, [10] = 2, [12] = 3, [16] = 2}}};
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        const char *const runs[] = {cases[c].run};
        test_runs_of(runs, 1, true);
        vsmp_module *mod = ff_parse(cases[c].run, "");
        if (!mod)
            continue;
        for (unsigned l = 0; l <= nlev; l++) {
            vsmp_machine *m = ff_machine(mod, l ? levels[l - 1] : 0, 0xffffffffu);
            CHECK(m, "machine at level %u", l);
            for (uint32_t i = 0; m && i < 24; i++)
                CHECK(vsmp_x_chain(m, i) == (l ? cases[c].want[i] : 0),
                      "chain run %zu inst %u: chain of %u at level %u", c, i, vsmp_x_chain(m, i),
                      l);
            vsmp_machine_free(m);
        }
        vsmp_module_free(mod);
    }
}

static void test_fast_runs(void)
{
    test_chains();
    test_runs_of(ff_runs, sizeof(ff_runs) / sizeof(ff_runs[0]), true);
    test_runs_of(ff_runs16, sizeof(ff_runs16) / sizeof(ff_runs16[0]), true);
    test_runs_of(ff_mixed, sizeof(ff_mixed) / sizeof(ff_mixed[0]), false);
}

/* Forms with source modifiers whose result depends on more than the low 32 bits of the
 * modified integer values (the general path computes on 64-bit values: (-) of a UD is negative,
 * (-) of INT_MIN is 2^31), which the fast path leaves to the general path, with a modified
 * mov.sat and the .sat forms it does not take (add.sat, sel.sat). */
static const char *const ff_general[] = {
    "cmp.lt (M1, 16) P2 (-)UA(0,0)<8;8,1> UB(0,0)<8;8,1>",
    "min (M1, 16) DD(0,0)<1> (-)DA(0,0)<8;8,1> DB(0,0)<8;8,1>",
    "asr (M1, 16) DD(0,0)<1> (-)UA(0,0)<8;8,1> 0x3:ud",
    "mov (M1, 16) FD(0,0)<1> (-)DA(0,0)<8;8,1>",
    "mov.sat (M1, 16) BD(0,0)<1> (-)UA(0,0)<8;8,1>",
    "add.sat (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    "(P1) sel.sat (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
};

static void test_general_forms(void)
{
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (size_t f = 0; f < sizeof(ff_general) / sizeof(ff_general[0]); f++) {
        vsmp_module *mod = ff_parse(ff_general[f], "\n");
        if (!mod)
            continue;
        for (unsigned l = 0; l < nlev; l++) {
            vsmp_machine *m = ff_machine(mod, levels[l], ~0u);
            CHECK(m && !vsmp_x_is_fast(m, 0), "%s: general path at level 0x%x", ff_general[f],
                  levels[l]);
            vsmp_machine_free(m);
        }
        vsmp_module_free(mod);
    }
}

/* The one-source F forms keep a NaN's payload (made quiet) where the general path does (a
 * conversion through double: mov with a modifier, the roundings) and make it the one quiet NaN
 * where it does (the math box, two-source arithmetic), or clamp it (.sat, integer dsts): FA
 * holds signalling and quiet NaNs of both signs with payloads, between ordinary values, at
 * every level. */
static const char *const ff_nan_forms[] = {
    "mov (M1, 16) FD(0,0)<1> (-)FA(0,0)<8;8,1>",
    "mov (M1, 16) FD(0,0)<1> (abs)FA(0,0)<8;8,1>",
    "rndd (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "rnde (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "rndz (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "frc (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "inv (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "exp (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "sqrt (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "mov.sat (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1>",
    "(P1) sel (M1, 16) FD(0,0)<1> (-)FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    "mov (M1, 16) DD(0,0)<1> (-)FA(0,0)<8;8,1>",
    "min (M1, 16) FD(0,0)<1> (-)FA(0,0)<8;8,1> FB(0,0)<8;8,1>",
    /* four adds (a fused sequence, its members in registers at the AVX2 and AVX-512 levels):
     * a NaN sum the one quiet NaN whatever the payloads and signs of its sources */
    "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
    "add (M1, 16) FC(0,0)<1> FB(0,0)<8;8,1> FA(0,0)<8;8,1>\n"
    "add (M1, 16) FB(0,0)<1> FA(0,0)<8;8,1> FD(0,0)<8;8,1>\n"
    "add (M1, 16) FA(0,0)<1> FA(0,0)<8;8,1> FC(0,0)<8;8,1>",
};

static void test_nan_payloads(void)
{
    static const uint32_t nans[] = {0x7f800001u, 0xffa00000u, 0x7fc12345u, 0xffc00001u,
                                    0x7fbfffffu, 0x3f800000u, 0xc0490fdbu, 0x00000000u};
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (size_t f = 0; f < sizeof(ff_nan_forms) / sizeof(ff_nan_forms[0]); f++) {
        vsmp_module *mod = ff_parse(ff_nan_forms[f], "\n");
        if (!mod)
            continue;
        vsmp_machine *ms[1 + FF_LEVELS];
        if (ff_machine_set(ms, mod, levels, nlev, ~0u, 0)) {
            for (unsigned l = 0; l < nlev; l++)
                CHECK(vsmp_x_is_fast(ms[1 + l], 0), "%s: fast at level 0x%x", ff_nan_forms[f],
                      levels[l]);
            uint32_t a[32], b[32];
            for (unsigned e = 0; e < 32; e++)
                a[e] = nans[e % 8], b[e] = nans[(e + 3) % 8];
            vsmp_var_info va, vb;
            vsmp_machine_find(ms[0], "FA", &va);
            vsmp_machine_find(ms[0], "FB", &vb);
            for (unsigned c = 0; c < 2; c++)
                for (unsigned k = 0; k < 1 + nlev; k++) {
                    ff_fill(&ms[k], 1, 5);
                    vsmp_machine_write_var(ms[k], VSMP_VAR_GENERAL, va.id, 0, a, sizeof(a));
                    vsmp_machine_write_var(ms[k], VSMP_VAR_GENERAL, vb.id, 0, b, sizeof(b));
                    kit_set_cr0(ms[k], c ? 0x80u : 0u);
                    CHECK(kit_run(ms[k], NULL), "run %s", ff_nan_forms[f]);
                    const char *which = "";
                    if (k)
                        CHECK(ff_same(ms[0], ms[k], &which),
                              "%s (level 0x%x, cr0 0x%x): %s differs", ff_nan_forms[f],
                              levels[k - 1], c ? 0x80u : 0u, which);
                }
        } else
            CHECK(false, "machines for %s", ff_nan_forms[f]);
        for (unsigned k = 0; k < 1 + FF_LEVELS; k++)
            vsmp_machine_free(ms[k]);
        vsmp_module_free(mod);
    }
}

int main(void)
{
    test_nan_payloads();
    test_general_forms();
    test_fast_forms();
    test_fast_runs();
    ff_cg_check("ff_runs");
    return t_finish();
}
