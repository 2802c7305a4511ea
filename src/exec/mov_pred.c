/* SPDX-License-Identifier: MIT */
/*
 * mov from a predicate (MOV.md: "If <src0> is a predicate operand, <exec_size> must be one, and
 * <dst> must have one of the types UB, UW, UD ... The value of the predicate variable is
 * interpreted as an unsigned integer, with element 0 corresponding to the LSB, and copied to
 * <dst>"). Bits past the predicate's elements are zeros (the page: "undefined"; vsmp keeps no
 * such bits).
 */
#include "exec_internal.h"

static vsmp_status run_mov_pred(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, 1);
    s->lanes = en;
    if (!(en & 1u))
        return VSMP_OK;
    const xvec *d = &x->v[0];
    unsigned ts = vsmp_type_size(d->type);
    x_st(m->arena + d->at, m->preds[x->v[1].word], ts);
    s->dst_var = d->var;
    s->dst_offset = d->at - m->vars[d->var].at;
    s->dst_size = ts;
    return VSMP_OK;
}

vsmp_status vsmp_x_plan_mov_pred(vsmp_machine *m, xinst *x)
{
    const xvec *d = &x->v[0];
    if (x->in->exec_size != 1 || x->in->pred || d->cls != VSMP_VEC_GENERAL || d->var == 0 ||
        d->mod || (d->type != VSMP_TYPE_UB && d->type != VSMP_TYPE_UW && d->type != VSMP_TYPE_UD) ||
        x->v[1].word == 0 || x->v[1].word > m->r->num_preds) {
        vsmp_x_report(m, x->in, "exec-unsupported",
                      "instruction %u (mov): a predicate source needs exec size 1, no predicate, "
                      "and a UB, UW or UD general destination",
                      x->index);
        return VSMP_ERR_UNSUPPORTED;
    }
    x->run = run_mov_pred;
    return VSMP_OK;
}
