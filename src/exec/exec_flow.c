/* SPDX-License-Identifier: MIT */
/*
 * Control flow (3_execution_model.md, Control Flow): labels, jmp (uniform), goto with per-lane
 * divergence and re-convergence, call/ret of subroutines with the call mask, ret ending the
 * thread in a kernel.
 */
#include <string.h>

#include "exec_internal.h"

static unsigned moff(const vsmp_inst *in)
{
    return 4u * (in->emask & 7u);
}

static uint32_t shifted(uint32_t lanes, unsigned off)
{
    return off < 32 ? lanes << off : 0;
}

static vsmp_status run_nop(vsmp_machine *m, xinst *x, xstep *s)
{
    (void)m, (void)x, (void)s;
    return VSMP_OK;
}

/* The earliest instruction after @p pc where a waiting lane re-activates. */
static uint32_t next_wait(const vsmp_machine *m, uint32_t pc)
{
    uint32_t best = X_NONE;
    for (uint32_t w = m->waiting; w; w &= w - 1u) {
        unsigned l = x_ctz(w);
        if (m->wait_at[l] > pc && m->wait_at[l] < best)
            best = m->wait_at[l];
    }
    return best;
}

/* goto: "For a forward goto ... execution continues to the next instruction but with all
 * active and predicated channels disabled; such channels will be re-activated when the program
 * reaches the target label. If there are no active channels due to predication, execution will
 * jump to the next program point where some channels are waiting to be re-activated. For a
 * backward goto ... execution jumps to the label while the active and non-predicated channels
 * are disabled; such channels will be reactivated when the program reaches the instruction
 * after the goto. If there are no active and predicated channels at the goto, execution will
 * continue to the next instruction." (3_execution_model.md) */
static vsmp_status run_goto(vsmp_machine *m, xinst *x, xstep *s)
{
    unsigned off = moff(x->in);
    uint32_t lm = x->lanes >= 32 ? 0xffffffffu : (1u << x->lanes) - 1u;
    uint32_t taken, active;
    if (x->lanes == 1) {
        /* a scalar goto branches every active lane (IGC emits "goto (M1, 1)" as the uniform
         * jump to a join point; docs/EXEC.md): its one predicate bit decides for all */
        bool go = !x->in->pred || vsmp_x_lanes_of(m, 8u | (x->in->emask & 7u), x->in->pred, 1) != 0;
        active = m->em;
        taken = go ? m->em : 0;
    } else {
        taken = shifted(vsmp_x_lanes(m, x->in, x->lanes), off);
        active = m->em & shifted(lm, off);
    }
    s->lanes = taken >> off;
    if (x->g->target > x->index) {
        /* every active lane goes and none waits elsewhere: they all come back at the target,
         * the next instruction to run, with the EM they leave (what the lane by lane work
         * below comes to, without it) */
        if (taken && taken == m->em && !m->waiting) {
            s->next = x->g->target;
            return VSMP_OK;
        }
        for (uint32_t w = taken; w; w &= w - 1u)
            m->wait_at[x_ctz(w)] = x->g->target;
        m->waiting |= taken;
        m->em &= ~taken;
        if (!m->em) {
            uint32_t n = next_wait(m, x->index);
            s->next = n == X_NONE ? m->nx : n;
        }
        return VSMP_OK;
    }
    if (!taken)
        return VSMP_OK;
    uint32_t stay = active & ~taken;
    for (uint32_t w = stay; w; w &= w - 1u)
        m->wait_at[x_ctz(w)] = x->index + 1;
    m->waiting |= stay;
    m->em &= ~stay;
    s->next = x->g->target;
    return VSMP_OK;
}

/* jmp: a uniform branch ("guaranteed to be non-divergent"); taken when its predicate holds for
 * some lane of its window (docs/EXEC.md). */
static vsmp_status run_jmp(vsmp_machine *m, xinst *x, xstep *s)
{
    bool taken = true;
    if (x->in->pred)
        taken = vsmp_x_lanes_of(m, 8u | (x->in->emask & 7u), x->in->pred, x->lanes) != 0;
    s->lanes = taken;
    if (taken)
        s->next = x->g->target;
    return VSMP_OK;
}

/* call: "At the entrypoint of a subroutine ... both the execution mask and the call mask are
 * initialized to be the set of active channels at the call site subject to predication." */
static vsmp_status run_call(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = shifted(vsmp_x_lanes(m, x->in, x->lanes), moff(x->in));
    s->lanes = en;
    if (!en)
        return VSMP_OK;
    if (m->depth >= 64) {
        vsmp_x_report(m, x->in, "exec-call", "instruction %u: calls nest deeper than 64", x->index);
        return VSMP_ERR_INVALID;
    }
    m->stack[m->depth].ret = x->index + 1;
    m->stack[m->depth].em = m->em;
    m->stack[m->depth].callmask = m->callmask;
    m->depth++;
    m->em = m->callmask = en;
    s->next = x->g->target;
    return VSMP_OK;
}

/* ret: in a subroutine, "the active channels that are predicated have their call mask and
 * execution mask bit turned off ... If the call mask becomes all zero, execution returns to the
 * caller, and the call mask is restored"; in a kernel, "Execution will terminate if return is
 * called in a kernel" (RET.md): predicated lanes retire, a scalar or unpredicated ret ends the
 * thread. */
static vsmp_status run_ret(vsmp_machine *m, xinst *x, xstep *s)
{
    unsigned off = moff(x->in);
    uint32_t en = shifted(vsmp_x_lanes(m, x->in, x->lanes), off);
    s->lanes = en >> off;
    if (m->depth) {
        uint32_t gone = x->in->pred ? en : m->callmask;
        m->callmask &= ~gone;
        m->em &= ~gone;
        if (!m->callmask) {
            m->depth--;
            m->em = m->stack[m->depth].em;
            m->callmask = m->stack[m->depth].callmask;
            s->next = m->stack[m->depth].ret;
        }
        return VSMP_OK;
    }
    if (!x->in->pred || x->lanes == 1) {
        if (en || !x->in->pred)
            s->end = true;
        return VSMP_OK;
    }
    m->em &= ~en;
    if (!m->em && !m->waiting)
        s->end = true;
    return VSMP_OK;
}

vsmp_status vsmp_x_plan_flow(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    switch (in->opcode) {
    case VSMP_OPC_LABEL:
    case VSMP_OPC_SUBROUTINE:
        x->run = run_nop;
        return VSMP_OK;
    case VSMP_OPC_RET:
        x->run = run_ret;
        return VSMP_OK;
    default:
        break;
    }
    vsmp_status st = vsmp_x_operands(m, x);
    if (st)
        return st;
    uint32_t label = x->g->val[0];
    if (!x->g->nval || label >= m->r->num_labels || m->label_at[label] == X_NONE) {
        vsmp_x_report(m, in, "exec-label",
                      "instruction %u: branch to label %u, which no "
                      "instruction marks",
                      x->index, label);
        return VSMP_ERR_INVALID;
    }
    x->g->target = m->label_at[label];
    switch (in->opcode) {
    case VSMP_OPC_GOTO:
        x->run = run_goto;
        return VSMP_OK;
    case VSMP_OPC_JMP:
        x->run = run_jmp;
        return VSMP_OK;
    default:
        x->run = run_call;
        return VSMP_OK;
    }
}
