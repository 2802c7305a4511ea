/* SPDX-License-Identifier: MIT */
/*
 * Dispatch, planned once per kernel: each instruction gets its handler and its operands
 * resolved to arena offsets. Which planner takes an opcode is the exec column of the
 * instruction table (include/vsmp/opcodes.def). An instruction without a handler is refused here,
 * with its name and place, before anything runs; it is never skipped.
 */
#include <stdlib.h>
#include <string.h>

#include "exec_internal.h"

/* An instruction's name in diagnostics: its mnemonic in the instruction table (opcodes.def), the
 * sub-operation's for the opcodes that carry one ("lsc_load", "svm_gather"). */
const char *vsmp_x_opname(const vsmp_inst *in)
{
    const vsmp_opcode_info *oi = vsmp_subop_info_get(in->opcode, in->subop);
    if (!oi)
        oi = vsmp_opcode_info_get(in->opcode);
    return oi && oi->mnemonic ? oi->mnemonic : "instruction";
}

/* The planner of each execution group (the exec column of the instruction table). */
typedef vsmp_status (*xplanner)(vsmp_machine *m, xinst *x);
static const xplanner planners[VSMP_XG_LIMIT] = {
    [VSMP_XG_ALU] = vsmp_x_plan_alu,
    [VSMP_XG_FLOW] = vsmp_x_plan_flow,
    [VSMP_XG_SAMPLER] = vsmp_x_plan_sampler,
    [VSMP_XG_UNORM] = vsmp_x_plan_unorm,
    [VSMP_XG_MEM] = vsmp_x_plan_mem,
    [VSMP_XG_SVM] = vsmp_x_plan_svm,
    [VSMP_XG_ATOMIC] = vsmp_x_plan_atomic,
    [VSMP_XG_LSC] = vsmp_x_plan_lsc,
    [VSMP_XG_LSC_TYPED] = vsmp_x_plan_lsc_typed,
    [VSMP_XG_SYNC] = vsmp_x_plan_sync,
    [VSMP_XG_TYPED_ATOMIC] = vsmp_x_plan_typed_atomic,
    [VSMP_XG_FADDR] = vsmp_x_plan_faddr,
    [VSMP_XG_MEDIA] = vsmp_x_plan_media,
};

/* The family whose data an instruction's plan holds (struct xinst): the sampler's (sampler and
 * SAMPLE_UNORM messages), faddr's, or the generic operands (VSMP_XG_ALU for all the rest). */
static unsigned family(const vsmp_inst *in)
{
    const vsmp_opcode_info *row = vsmp_opcode_info_get(in->opcode);
    unsigned g = row ? row->exec : VSMP_XG_NONE;
    return g == VSMP_XG_SAMPLER || g == VSMP_XG_UNORM ? VSMP_XG_SAMPLER
           : g == VSMP_XG_FADDR                       ? VSMP_XG_FADDR
                                                      : VSMP_XG_ALU;
}

static vsmp_status plan_one(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    const vsmp_opcode_info *row = vsmp_opcode_info_get(in->opcode);
    xplanner plan = row && row->exec < VSMP_XG_LIMIT ? planners[row->exec] : NULL;
    if (plan)
        return plan(m, x);
    vsmp_x_report(m, in, "exec-unsupported",
                  "instruction %u (%s, opcode 0x%02x) is not implemented by the machine", x->index,
                  vsmp_x_opname(in), in->opcode);
    return VSMP_ERR_UNSUPPORTED;
}

static vsmp_status map_labels(vsmp_machine *m)
{
    const vsmp_routine *r = m->r;
    m->label_at = malloc((r->num_labels + 1) * sizeof(uint32_t));
    if (!m->label_at)
        return VSMP_ERR_NOMEM;
    for (uint32_t i = 0; i <= r->num_labels; i++)
        m->label_at[i] = X_NONE;
    for (uint32_t i = 0; i < r->num_insts; i++) {
        const vsmp_inst *in = &r->insts[i];
        uint32_t id = X_NONE;
        if (in->opcode == VSMP_OPC_LABEL)
            id = in->label;
        else if (in->opcode == VSMP_OPC_SUBROUTINE && in->num_opnds)
            id = in->opnds[0].value;
        if (id < r->num_labels)
            m->label_at[id] = i;
    }
    return VSMP_OK;
}

vsmp_status vsmp_x_plan(vsmp_machine *m)
{
    const vsmp_routine *r = m->r;
    m->nx = r->num_insts;
    m->x = calloc(m->nx ? m->nx : 1, sizeof(xinst));
    if (!m->x)
        return VSMP_ERR_NOMEM;
    /* each family's side array, one entry per instruction of the family */
    for (uint32_t i = 0; i < m->nx; i++)
        switch (family(&r->insts[i])) {
        case VSMP_XG_SAMPLER:
            m->nxs++;
            break;
        case VSMP_XG_FADDR:
            m->nxa++;
            break;
        default:
            m->nxg++;
            break;
        }
    m->xg = calloc(m->nxg ? m->nxg : 1, sizeof(xgen));
    m->xs = calloc(m->nxs ? m->nxs : 1, sizeof(xsmp));
    m->xa = calloc(m->nxa ? m->nxa : 1, sizeof(xfaddr));
    if (!m->xg || !m->xs || !m->xa)
        return VSMP_ERR_NOMEM;
    uint32_t ng = 0, ns = 0, na = 0;
    m->fast = vsmp_x_fast_level();
    vsmp_status worst = map_labels(m);
    if (worst)
        return worst;
    for (uint32_t i = 0; i < m->nx; i++) {
        xinst *x = &m->x[i];
        x->in = &r->insts[i];
        x->index = i;
        x->lanes = (uint8_t)(x->in->exec_size ? x->in->exec_size : 1);
        switch (family(x->in)) {
        case VSMP_XG_SAMPLER:
            x->s = &m->xs[ns++];
            x->s->dst_at = X_NONE;
            x->s->plan_bti = x->s->plan_smp = X_NONE;
            break;
        case VSMP_XG_FADDR:
            x->a = &m->xa[na++];
            break;
        default:
            x->g = &m->xg[ng++];
            break;
        }
        /* plan every instruction, so that one run of the planner reports every refusal */
        vsmp_status s = plan_one(m, x);
        if (s == VSMP_ERR_NOMEM)
            return s;
        if (s && !worst)
            worst = s;
    }
    if (!worst)
        vsmp_x_group_fast(m);
    return worst;
}

/* ---- scalar vector operands ---- */

vsmp_status vsmp_x_scalar(vsmp_machine *m, const vsmp_inst *in, const vsmp_vec *v, const char *role,
                          xscalar *out)
{
    memset(out, 0, sizeof(*out));
    switch (v->vclass) {
    case VSMP_VEC_IMMEDIATE:
        out->kind = XS_IMM;
        out->type = v->imm_type;
        out->imm = v->imm;
        return VSMP_OK;
    case VSMP_VEC_GENERAL: {
        if (v->var == 0 || v->var >= m->nvars || !m->vars[v->var].present) {
            vsmp_x_report(m, in, "operand-decl", "%s: %s names undeclared variable %u",
                          vsmp_x_opname(in), role, v->var);
            return VSMP_ERR_INVALID;
        }
        const xvar *xv = &m->vars[v->var];
        unsigned ts = vsmp_type_size(xv->type);
        /* vector operand (row, col): byte row * GRF + col * type size (5_operands.md) */
        uint32_t at = (uint32_t)v->row * m->grf + (uint32_t)v->col * ts;
        if (at + ts > xv->bytes) {
            vsmp_x_report(m, in, "operand-bounds", "%s: %s %s(%u,%u) lies outside the variable",
                          vsmp_x_opname(in), role, vsmp_routine_var_name(m->r, v->var), v->row,
                          v->col);
            return VSMP_ERR_INVALID;
        }
        out->kind = XS_DIRECT;
        out->type = xv->type;
        out->at = xv->at + at;
        return VSMP_OK;
    }
    case VSMP_VEC_INDIRECT:
        if (v->var >= m->r->num_addrs || v->row >= m->r->addrs[v->var].num_elts) {
            vsmp_x_report(m, in, "operand-decl", "%s: %s uses address A%u(%u), not declared",
                          vsmp_x_opname(in), role, v->var, v->row);
            return VSMP_ERR_INVALID;
        }
        if (!vsmp_type_size(v->imm_type)) {
            vsmp_x_report(m, in, "operand-type", "%s: %s has no valid type", vsmp_x_opname(in),
                          role);
            return VSMP_ERR_INVALID;
        }
        out->kind = XS_INDIRECT;
        out->type = v->imm_type;
        out->addr = m->addr_base[v->var] + v->row;
        out->disp = v->ind_offset;
        return VSMP_OK;
    default:
        vsmp_x_report(m, in, "operand-class", "%s: %s must be an immediate or a scalar variable",
                      vsmp_x_opname(in), role);
        return VSMP_ERR_INVALID;
    }
}

bool vsmp_x_read_scalar(const vsmp_machine *m, const xscalar *s, uint64_t *bits)
{
    unsigned ts = vsmp_type_size(s->type);
    uint64_t at;
    switch (s->kind) {
    case XS_IMM:
        *bits = s->imm;
        return true;
    case XS_DIRECT:
        at = s->at;
        break;
    default:
        at = (uint64_t)m->addr_vals[s->addr] + (uint64_t)(int64_t)s->disp;
        if ((int64_t)at < 0 || at + ts > m->arena_size)
            return false;
        break;
    }
    uint64_t v = 0;
    for (unsigned i = 0; i < ts; i++)
        v |= (uint64_t)m->arena[at + i] << (8 * i);
    *bits = v;
    return true;
}
