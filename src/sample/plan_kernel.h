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
 * @p m's; the caller sets r->null_mask (every lane 1: no fast path or reference kernel writes it
 * for a resident surface) before calling it. */
vsmp_kernel vsmp_plan_kernel(const vsmp_plan *p, const vsmp_message *m);

#endif
