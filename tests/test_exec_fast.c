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

#include "codegen.h" /* VSMP_CPU_CODEGEN */
#include "exec_kit.h"

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
bool vsmp_x_is_fast(const vsmp_machine *m, uint32_t index);
unsigned vsmp_x_fused_at(const vsmp_machine *m, uint32_t index);
uint32_t vsmp_x_chain(const vsmp_machine *m, uint32_t index);
unsigned vsmp_x_gmode(const vsmp_machine *m, uint32_t index);
uint32_t vsmp_x_group(const vsmp_machine *m, uint32_t index);
bool vsmp_x_is_codegen(const vsmp_machine *m, uint32_t index);

static const char ff_decls[] = ".version 4.1\n.kernel \"ff\"\n"
                               ".decl FA v_type=G type=f num_elts=32 align=GRF\n"
                               ".decl FB v_type=G type=f num_elts=32 align=GRF\n"
                               ".decl FC v_type=G type=f num_elts=32 align=GRF\n"
                               ".decl FD v_type=G type=f num_elts=32 align=GRF\n"
                               ".decl DA v_type=G type=d num_elts=32 align=GRF\n"
                               ".decl DB v_type=G type=d num_elts=32 align=GRF\n"
                               ".decl DC v_type=G type=d num_elts=32 align=GRF\n"
                               ".decl DD v_type=G type=d num_elts=32 align=GRF\n"
                               ".decl UA v_type=G type=ud num_elts=32 align=GRF\n"
                               ".decl UB v_type=G type=ud num_elts=32 align=GRF\n"
                               ".decl UD v_type=G type=ud num_elts=32 align=GRF\n"
                               ".decl WA v_type=G type=w num_elts=32 align=GRF\n"
                               ".decl WB v_type=G type=uw num_elts=32 align=GRF\n"
                               ".decl WD v_type=G type=w num_elts=32 align=GRF\n"
                               ".decl HD v_type=G type=hf num_elts=32 align=GRF\n"
                               ".decl BA v_type=G type=b num_elts=32 align=GRF\n"
                               ".decl BD v_type=G type=ub num_elts=32 align=GRF\n"
                               ".decl WO v_type=G type=w num_elts=64 alias=<DC, 0>\n"
                               ".decl P1 v_type=P num_elts=32\n"
                               ".decl P2 v_type=P num_elts=32\n"
                               ".decl P3 v_type=P num_elts=16\n"
                               ".decl smp v_type=S num_elts=1\n"
                               ".decl img v_type=T num_elts=2\n";
static const char *const ff_vars[] = {"FA", "FB", "FC", "FD", "DA", "DB", "DC", "DD", "UA",
                                      "UB", "UD", "WA", "WB", "WD", "HD", "BA", "BD"};

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

static uint32_t ff_rand(uint64_t *st)
{
    *st = *st * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*st >> 32);
}

static uint32_t ff_float(uint64_t *st)
{
    static const uint32_t special[] = {
        0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x00800000u, 0x7f800000u, 0xff800000u,
        0x7fc00000u, 0x7f7fffffu, 0x3f800000u, 0xbf000000u, 0x4f000000u, 0xcf000000u, 0x4f800000u,
        0x477fe000u, 0x33800001u, 0x38800000u, 0x387fc000u, 0xc0200000u, 0x3fc00000u};
    uint32_t r = ff_rand(st), b, sign = r & 0x80000000u;
    switch (r & 7u) {
    case 0:
    case 1:
        b = special[(r >> 8) % (sizeof(special) / sizeof(special[0]))];
        break;
    case 2: { /* a tie between two binary16 values: normal, then subnormal in half */
        uint32_t e = 113u + (r >> 8) % 30u;
        b = sign | e << 23 | (ff_rand(st) & 0x3ffu) << 13 | 0x1000u;
        break;
    }
    case 3: {
        uint32_t e = 102u + (r >> 8) % 11u, shift = 126u - e; /* the half's rounding bit */
        b = sign | e << 23 | ((ff_rand(st) & 0x7fffffu) & ~((1u << shift) - 1u)) |
            1u << (shift - 1u);
        break;
    }
    case 4: /* integers and halves near the integer types' bounds */
        b = ff_rand(st);
        {
            static const float near[] = {2147483648.0f, 2147483520.0f, 4294967296.0f, 4294967040.0f,
                                         32767.5f,      32768.0f,      65535.5f,      65536.0f,
                                         127.5f,        128.0f,        255.5f,        256.0f,
                                         0.5f,          1.5f,          2.5f};
            float v = near[(r >> 8) % (sizeof(near) / sizeof(near[0]))];
            memcpy(&b, &v, 4);
            b |= sign;
        }
        break;
    default:
        b = ff_rand(st);
        break;
    }
    return (b & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : b;
}

static uint32_t ff_int(uint64_t *st)
{
    static const uint32_t special[] = {
        0,           1,           0xffffffffu, 0x7fffffffu, 0x80000000u, 0x8000u,
        0x7fffu,     0xffffu,     0x10000u,    31,          32,          33,
        0x7fu,       0x80u,       0xffu,       0x100u,      0xffffff80u, 0xffffff7fu,
        0xffff8000u, 0xffff7fffu, 0x80000001u, 0xfffffffeu}; /* saturation edges too */
    uint32_t r = ff_rand(st);
    switch (r & 3u) {
    case 0:
        return special[(r >> 8) % (sizeof(special) / sizeof(special[0]))];
    case 1:
        return (r >> 8) & 0x3fu;
    default:
        return ff_rand(st);
    }
}

/* Random contents for every variable and predicate, the same for both machines. */
static void ff_fill(vsmp_machine *const *ms, unsigned nm, uint64_t seed)
{
    for (size_t v = 0; v < sizeof(ff_vars) / sizeof(ff_vars[0]); v++) {
        uint64_t st = seed * 977u + v;
        vsmp_var_info vi;
        if (vsmp_machine_find(ms[0], ff_vars[v], &vi))
            continue;
        uint8_t b[128];
        unsigned ts = vi.bytes / vi.elements;
        for (uint32_t e = 0; e < vi.elements; e++) {
            uint32_t w = vi.type == VSMP_TYPE_F ? ff_float(&st) : ff_int(&st);
            memcpy(b + e * ts, &w, ts);
        }
        for (unsigned k = 0; k < nm; k++)
            vsmp_machine_write_var(ms[k], VSMP_VAR_GENERAL, vi.id, 0, b, vi.bytes);
    }
    uint64_t st = seed;
    uint32_t p1 = ff_rand(&st), p2 = ff_rand(&st), p3 = ff_rand(&st);
    for (unsigned k = 0; k < nm; k++) {
        vsmp_machine_write_var(ms[k], VSMP_VAR_PREDICATE, 1, 0, &p1, 4);
        vsmp_machine_write_var(ms[k], VSMP_VAR_PREDICATE, 2, 0, &p2, 4);
        vsmp_machine_write_var(ms[k], VSMP_VAR_PREDICATE, 3, 0, &p3, 4);
    }
}

/* Do two machines hold the same bytes in every variable and predicate, and in %cr0 (a run may
 * write it)? */
static bool ff_same(vsmp_machine *a, vsmp_machine *b, const char **which)
{
    vsmp_var_info cr;
    uint32_t ca = 0, cb = 1;
    size_t nc;
    vsmp_machine_find(a, "%cr0", &cr);
    vsmp_machine_read_var(a, VSMP_VAR_GENERAL, cr.id, 0, &ca, 4, &nc);
    vsmp_machine_read_var(b, VSMP_VAR_GENERAL, cr.id, 0, &cb, 4, &nc);
    if (ca != cb) {
        *which = "%cr0";
        return false;
    }
    for (size_t v = 0; v < sizeof(ff_vars) / sizeof(ff_vars[0]); v++) {
        vsmp_var_info vi;
        uint8_t x[128], y[128];
        size_t nx = 0, ny = 0;
        vsmp_machine_find(a, ff_vars[v], &vi);
        vsmp_machine_read_var(a, VSMP_VAR_GENERAL, vi.id, 0, x, sizeof(x), &nx);
        vsmp_machine_read_var(b, VSMP_VAR_GENERAL, vi.id, 0, y, sizeof(y), &ny);
        if (nx != ny || memcmp(x, y, nx)) {
            *which = ff_vars[v];
            return false;
        }
    }
    for (uint32_t id = 1; id <= 3; id++) {
        uint32_t x = 0, y = 1;
        size_t n;
        vsmp_machine_read_var(a, VSMP_VAR_PREDICATE, id, 0, &x, 4, &n);
        vsmp_machine_read_var(b, VSMP_VAR_PREDICATE, id, 0, &y, 4, &n);
        if (x != y) {
            *which = id == 1 ? "P1" : id == 2 ? "P2" : "P3";
            return false;
        }
    }
    return true;
}

/* A SIMD32 machine planned at CPU level @p cpu, lanes @p dmask on at dispatch. */
static vsmp_machine *ff_machine(const vsmp_module *mod, unsigned cpu, uint32_t dmask)
{
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.dispatch_simd = 32;
    o.dispatch_mask = dmask;
    return kit_create_at(mod, cpu, VSMP_PLATFORM_TGLLP, &o, NULL);
}

/* The fast CPU levels the host has (the C kernels, then AVX2 with FMA, then AVX-512), each
 * again with generated code (VSMP_CPU_CODEGEN, where the build has it), into levels[]
 * (FF_LEVELS at most), their count. They are set through vsmp_cpu_set_mask: VSMP_CPU, which
 * lowers every mask, would keep them from being reached, so it is unset. */
enum { FF_LEVELS = 6 };
static unsigned ff_levels(unsigned *levels)
{
    unsetenv("VSMP_CPU");
    unsigned all = vsmp_cpu_flags(), n = 0;
    levels[n++] = VSMP_CPU_C;
    if (all & VSMP_CPU_AVX2)
        levels[n++] = VSMP_CPU_C | VSMP_CPU_AVX2;
    if ((all & VSMP_CPU_AVX2) && (all & VSMP_CPU_AVX512))
        levels[n++] = VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512;
    for (unsigned k = 0, plain = n; k < plain && (all & VSMP_CPU_CODEGEN); k++)
        levels[n++] = levels[k] | VSMP_CPU_CODEGEN;
    return n;
}

/* Runs given generated code at the levels with it (vsmp_x_is_codegen), counted per level by
 * the run comparisons, so that a cache that never makes code cannot pass (ff_cg_check) */
static unsigned ff_cg_made[FF_LEVELS];
static void ff_cg_count(vsmp_machine *const *ms, unsigned nlev)
{
    for (unsigned l = 0; l < nlev; l++)
        for (uint32_t i = 0; ms[1 + l] && i < 64; i++)
            ff_cg_made[l] += vsmp_x_is_codegen(ms[1 + l], i);
}
static void ff_cg_check(const char *what)
{
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (unsigned l = 0; l < nlev; l++) {
        bool cg = (levels[l] & VSMP_CPU_CODEGEN) != 0;
        CHECK(cg ? ff_cg_made[l] > 0 : !ff_cg_made[l], "%s at level 0x%x: %u runs with code", what,
              levels[l], ff_cg_made[l]);
        ff_cg_made[l] = 0;
    }
}

/* Every machine made: the reference level's and one per fast level (@p nlev) */
static bool ff_made(vsmp_machine *const *ms, unsigned nlev)
{
    for (unsigned k = 0; k < 1 + nlev; k++)
        if (!ms[k])
            return false;
    return true;
}

/* The declarations, @p body (then @p sep) and ret, parsed; NULL (a failed check) when not. */
static vsmp_module *ff_parse(const char *body, const char *sep)
{
    char text[8192];
    snprintf(text, sizeof(text), "%s%s%sret (M1, 1)\n", ff_decls, body, sep);
    vsmp_module *mod = kit_parse(text, VSMP_DIALECT_12504, NULL);
    CHECK(mod != NULL, "parse %s", body);
    return mod;
}

static void test_fast_forms(void)
{
    static const uint32_t cr0s[] = {0x0, 0x80, 0x400, 0x480, 0x10, 0x30, 0x1, 0x81};
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (size_t f = 0; f < sizeof(ff_forms) / sizeof(ff_forms[0]); f++) {
        vsmp_module *mod = ff_parse(ff_forms[f], "\n");
        if (!mod)
            continue;
        vsmp_machine *ms[1 + FF_LEVELS] = {ff_machine(mod, 0, ~0u)};
        for (unsigned l = 0; l < nlev; l++)
            ms[1 + l] = ff_machine(mod, levels[l], ~0u);
        bool made = ff_made(ms, nlev);
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

/* Each of @p runs (@p count), every instruction fast (@p all_fast) or the first. */
static void test_runs_of(const char *const *runs, size_t count, bool all_fast)
{
    static const uint32_t cr0s[] = {0x0, 0x80, 0x400, 0x10};
    static const uint32_t dmasks[] = {0xffffffffu, 0x0000ffffu, 0xfff0ffffu, 0x00ff0f0fu};
    unsigned levels[FF_LEVELS], nlev = ff_levels(levels);
    for (size_t f = 0; f < count; f++) {
        vsmp_module *mod = ff_parse(runs[f], "");
        if (!mod)
            continue;
        uint32_t ninst = mod->kernels[0].num_insts - 1; /* without ret */
        for (size_t dm = 0; dm < sizeof(dmasks) / sizeof(dmasks[0]); dm++) {
            vsmp_machine *ms[1 + FF_LEVELS] = {ff_machine(mod, 0, dmasks[dm])};
            for (unsigned l = 0; l < nlev; l++)
                ms[1 + l] = ff_machine(mod, levels[l], dmasks[dm]);
            bool made = ff_made(ms, nlev);
            CHECK(made, "machines for run %zu", f);
            if (!made)
                goto next;
            for (uint32_t i = 0; i < (all_fast ? ninst : 1u); i++) {
                CHECK(!vsmp_x_is_fast(ms[0], i), "run %zu inst %u: reference level", f, i);
                for (unsigned l = 0; l < nlev; l++)
                    CHECK(vsmp_x_is_fast(ms[1 + l], i), "run %zu inst %u: fast at level 0x%x", f, i,
                          levels[l]);
            }
            unsigned bad = 0;
            for (uint64_t seed = 1; seed <= 200 && bad < 3; seed++) {
                uint32_t c0 = cr0s[seed % (sizeof(cr0s) / sizeof(cr0s[0]))];
                ff_fill(ms, 1 + nlev, seed * 104729u + f * 31u + dm);
                for (unsigned k = 0; k < 1 + nlev; k++) {
                    kit_set_cr0(ms[k], c0);
                    CHECK(kit_run(ms[k], NULL), "run %zu", f);
                }
                for (unsigned l = 0; l < nlev; l++) {
                    const char *which = "";
                    bool same = ff_same(ms[0], ms[1 + l], &which);
                    CHECK(same,
                          "run %zu (level 0x%x, mask 0x%08x, seed %llu, cr0 0x%x): %s differs", f,
                          levels[l], dmasks[dm], (unsigned long long)seed, c0, which);
                    bad += !same;
                }
            }
            ff_cg_count(ms, nlev);
        next:
            for (unsigned k = 0; k < 1 + FF_LEVELS; k++)
                vsmp_machine_free(ms[k]);
        }
        vsmp_module_free(mod);
    }
}

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
        vsmp_machine *ms[1 + FF_LEVELS] = {ff_machine(mod, 0, ~0u)};
        for (unsigned l = 0; l < nlev; l++)
            ms[1 + l] = ff_machine(mod, levels[l], ~0u);
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
                vsmp_machine *ms[1 + FF_LEVELS] = {NULL};
                for (unsigned k = 0; k < 1 + nlev; k++) {
                    vsmp_machine_options o;
                    vsmp_machine_options_init(&o);
                    o.dispatch_simd = 32;
                    o.dispatch_mask = dmasks[dm];
                    if (limits[li])
                        o.max_steps = limits[li];
                    ms[k] =
                        kit_create_at(mod, k ? levels[k - 1] : 0, VSMP_PLATFORM_TGLLP, &o, NULL);
                }
                bool made = ff_made(ms, nlev);
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
                        bool same = ok[0] == ok[1 + l] && w[0].status == w[1 + l].status &&
                                    !strcmp(w[0].rule, w[1 + l].rule) &&
                                    vsmp_machine_steps(ms[0]) == vsmp_machine_steps(ms[1 + l]) &&
                                    ff_same(ms[0], ms[1 + l], &which);
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
        vsmp_machine *ms[1 + FF_LEVELS] = {ff_machine(mod, 0, ~0u)};
        for (unsigned l = 0; l < nlev; l++)
            ms[1 + l] = ff_machine(mod, levels[l], ~0u);
        if (ff_made(ms, nlev)) {
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
        vsmp_machine *ms[1 + FF_LEVELS] = {ff_machine(mod, 0, dmasks[dm])};
        for (unsigned l = 0; l < nlev; l++)
            ms[1 + l] = ff_machine(mod, levels[l], dmasks[dm]);
        bool made = ff_made(ms, nlev);
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
 * later member reads, a cmp and a sel (modes the code does not emit) in the middle of a run,
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
        "add (M1, 16) FD(0,0)<1> FA(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "mov (M1_NM, 1) %cr0(0,0)<1> 0x30:ud\n"
        "add (M1, 16) FC(0,0)<1> FD(0,0)<8;8,1> FB(0,0)<8;8,1>\n"
        "mov (M1_NM, 1) %cr0(0,0)<1> 0x80:ud\n"
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
                vsmp_machine *ms[1 + FF_LEVELS] = {NULL};
                for (unsigned k = 0; k < 1 + nlev; k++) {
                    vsmp_machine_options o;
                    vsmp_machine_options_init(&o);
                    o.dispatch_simd = 32;
                    o.dispatch_mask = dmasks[dm];
                    if (limits[li])
                        o.max_steps = limits[li];
                    ms[k] =
                        kit_create_at(mod, k ? levels[k - 1] : 0, VSMP_PLATFORM_TGLLP, &o, NULL);
                }
                bool made = ff_made(ms, nlev);
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
                        bool same = ok[0] == ok[1 + l] && w[0].status == w[1 + l].status &&
                                    !strcmp(w[0].rule, w[1 + l].rule) &&
                                    vsmp_machine_steps(ms[0]) == vsmp_machine_steps(ms[1 + l]) &&
                                    ff_same(ms[0], ms[1 + l], &which);
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
    test_nan_payloads();
    test_general_forms();
    test_fast_forms();
    test_fast_runs();
    ff_cg_check("ff_runs");
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
