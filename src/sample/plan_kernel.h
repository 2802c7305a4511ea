/* SPDX-License-Identifier: MIT */
/*
 * The kernel a plan runs a message with (plan.c): its fast path when the message has no
 * immediate offsets and no CPS-scaled derivatives, its reference kernel otherwise. A caller that
 * builds its messages once (the machine's sampler instructions, exec_sampler.c) asks once and
 * calls the kernel itself; vsmp_plan_run asks on every message. A plan names at creation the
 * kernel of every message without offsets when no CPS field can change it (its plain kernel:
 * every operation but the implicit-LOD ones), so that choice is one test.
 */
#ifndef VSMP_PLAN_KERNEL_H
#define VSMP_PLAN_KERNEL_H

#include "sample_internal.h"

/* The kernel for messages whose offsets (aoffimmi, each in [-8, 7]), CPS flag and coarse size are
 * @p m's; run it with vsmp_kernel_call. */
vsmp_kernel vsmp_plan_kernel(const vsmp_plan *p, const vsmp_message *m);

/* Run kernel @p k of plan @p p on message @p m: the pixel null mask first 1 for every lane
 * (disabled and past the message included), which the kernel clears where a texel it fetched lies
 * in a non-resident tile (SEMANTICS 3; no kernel writes it for a resident surface). */
static inline void vsmp_kernel_call(vsmp_kernel k, const vsmp_plan *p, const vsmp_message *m,
                                    vsmp_result *r)
{
    r->null_mask = 0xffffffffu;
    k(p, m, r);
}

#endif
