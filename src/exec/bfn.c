/* SPDX-License-Identifier: MIT */
/*
 * bfn: each bit of the destination is bit (s0 + 2 s1 + 4 s2) of the 8-bit truth table, s0, s1,
 * s2 the same bit of the three sources (BFN.md, instructions-head: "dst.chan[i][idx] =
 * (BooleanFuncCtrl >> (src0 + (src1 << 1) + (src2 << 2))) & 0x1").
 */
#include "exec_internal.h"

uint64_t vsmp_x_bfn(unsigned table, uint64_t s0, uint64_t s1, uint64_t s2)
{
    uint64_t r = 0;
    for (unsigned k = 0; k < 8; k++) {
        if (!(table >> k & 1u))
            continue;
        /* the bits where (s0, s1, s2) spell k */
        r |= (k & 1u ? s0 : ~s0) & (k & 2u ? s1 : ~s1) & (k & 4u ? s2 : ~s2);
    }
    return r;
}
