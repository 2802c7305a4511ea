/* SPDX-License-Identifier: MIT */
/*
 * faddr (FADDR.md): "Take the address of function <func_id> and store it to <dst>", the
 * address "represented as a 64-bit unsigned integer"; dst "must have type UD,UQ" (a UD dst keeps
 * the low 32 bits). IGC also takes with it the address of program-scope data and of printf's
 * strings (a zebin's `.symtab` symbols, relocated in the Gen code). The machine has no code
 * addresses: a symbol's address is what the caller gives (vsmp_machine_set_symbol), and a
 * faddr of a symbol without one stops the run (rule exec-faddr) rather than store a value
 * nothing can use. Indirect calls (fcall, ifcall) stay refused (docs/EXEC.md).
 */
#include <string.h>

#include "exec_internal.h"

static const char *sym_name(const vsmp_machine *m, const xinst *x)
{
    const vsmp_inst *in = x->in;
    for (unsigned k = 0; k < in->num_opnds; k++)
        if (in->opnds[k].kind == VSMP_OPND_VALUE)
            return vsmp_routine_string(m->r, in->opnds[k].value);
    return NULL;
}

static vsmp_status run_faddr(vsmp_machine *m, xinst *x, xstep *s)
{
    if (!x->a->sym_set) {
        const char *n = sym_name(m, x);
        vsmp_x_report(m, x->in, "exec-faddr",
                      "instruction %u: faddr %s: the symbol has no address (the launch gives "
                      "program-scope data and printf strings theirs; functions have none)",
                      x->index, n ? n : "?");
        return VSMP_ERR_INVALID;
    }
    const xscalar *d = &x->a->sym_dst;
    unsigned ts = vsmp_type_size(d->type);
    uint64_t at = d->at;
    if (d->kind == XS_INDIRECT) {
        at = (uint64_t)m->addr_vals[d->addr] + (uint64_t)(int64_t)d->disp;
        if ((int64_t)at < 0 || at + ts > m->arena_size) {
            vsmp_x_report(m, x->in, "exec-address",
                          "instruction %u: faddr's indirect dst lies outside the registers",
                          x->index);
            return VSMP_ERR_INVALID;
        }
    }
    for (unsigned i = 0; i < ts; i++)
        m->arena[at + i] = (uint8_t)(x->a->sym_addr >> (8 * i));
    s->lanes = 1;
    s->dst_offset = (uint32_t)at;
    s->dst_size = ts;
    return VSMP_OK;
}

vsmp_status vsmp_x_plan_faddr(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    const vsmp_vec *dst = NULL;
    for (unsigned k = 0; k < in->num_opnds; k++)
        if (in->opnds[k].kind == VSMP_OPND_VEC_DST)
            dst = &in->opnds[k].vec;
    if (!dst || !sym_name(m, x)) {
        vsmp_x_report(m, in, "operand-class", "instruction %u: faddr needs a symbol and a dst",
                      x->index);
        return VSMP_ERR_INVALID;
    }
    vsmp_status st = vsmp_x_scalar(m, in, dst, "dst", &x->a->sym_dst);
    if (st)
        return st;
    if (x->a->sym_dst.kind == XS_IMM ||
        (x->a->sym_dst.type != VSMP_TYPE_UD && x->a->sym_dst.type != VSMP_TYPE_UQ)) {
        vsmp_x_report(m, in, "type", "instruction %u: faddr's dst must have type UD or UQ",
                      x->index);
        return VSMP_ERR_INVALID;
    }
    x->run = run_faddr;
    return VSMP_OK;
}

vsmp_status vsmp_machine_set_symbol(vsmp_machine *m, const char *name, uint64_t address)
{
    if (!m || !name || !*name)
        return VSMP_ERR_ARG;
    for (uint32_t i = 0; i < m->nx; i++) {
        xinst *x = &m->x[i];
        if (x->in->opcode != VSMP_OPC_FADDR || x->run != run_faddr)
            continue;
        const char *n = sym_name(m, x);
        if (n && !strcmp(n, name)) {
            x->a->sym_addr = address;
            x->a->sym_set = true;
        }
    }
    return VSMP_OK;
}
