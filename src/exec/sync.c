/* SPDX-License-Identifier: MIT */
/*
 * barrier, fence, lsc_fence and lifetime. The machine's memory is written in program order and seen
 * at once by every thread that shares it, so fences have nothing to wait for: they run as no-ops
 * (FENCE.md, LSC_FENCE.md: they order and flush memory accesses). A barrier (BARRIER.md: "causes
 * the executing thread to wait until all threads in the same thread group have executed the
 * barrier instruction") stops the run
 * when the caller interleaves the threads of a work-group (vsmp_machine_run_to_barrier), and
 * passes otherwise (a thread alone in its group). sampler_cache_flush ("The texture caches in
 * the sampling engine are flushed", CACHE_FLUSH.md) is a no-op too: the machine caches no texel,
 * every sample reads the surface's memory as it is. lifetime.start/.end mark a variable's live
 * range for the register allocator (IGC 2.40 writes them on tgllp): no-ops, the variable keeps
 * whatever it holds.
 */
#include "exec_internal.h"

static vsmp_status run_fence(vsmp_machine *m, xinst *x, xstep *s)
{
    (void)m, (void)x;
    s->lanes = 0;
    return VSMP_OK;
}

static vsmp_status run_barrier(vsmp_machine *m, xinst *x, xstep *s)
{
    (void)x;
    s->lanes = 0;
    s->barrier = m->pause_barrier;
    return VSMP_OK;
}

vsmp_status vsmp_x_plan_sync(vsmp_machine *m, xinst *x)
{
    (void)m;
    x->run = x->in->opcode == VSMP_OPC_BARRIER ? run_barrier : run_fence;
    return VSMP_OK;
}
