/* SPDX-License-Identifier: MIT */
/*
 * Vector operands of the generic instructions, resolved once per kernel (5_operands.md): general
 * operands with their regions, indirect operands through address variables (single- and
 * multi-address), immediates (V, UV and VF vectors expanded), predicate, address and state
 * operands.
 */
#include <string.h>

#include "exec_internal.h"
#include "rules.h"

static vsmp_status bad(vsmp_machine *m, const xinst *x, const char *rule, const char *what)
{
    vsmp_x_report(m, x->in, rule, "instruction %u: %s", x->index, what);
    return VSMP_ERR_INVALID;
}

static bool region(uint16_t r, bool dst, uint8_t *vs, uint8_t *w, uint8_t *hs)
{
    int v = vsmp_region_value(r & 0xfu), wi = vsmp_region_value(r >> 4 & 0xfu),
        h = vsmp_region_value(r >> 8 & 0xfu);
    if (dst) {
        *vs = 0, *w = 1;
        *hs = (uint8_t)(h > 0 ? h : 1); /* "HorzStride for a destination operand must not be 0" */
        return h >= 0;
    }
    if (h < 0 || wi < 1)
        return false;
    *vs = (uint8_t)(v < 0 ? 0 : v), *w = (uint8_t)wi, *hs = (uint8_t)h;
    return true;
}

/* Expand an immediate: V (8 signed nibbles, W), UV (8 unsigned nibbles, UW), VF (4 restricted
 * 8-bit floats, F); others are one value replicated across the channels (5_operands.md). */
static void immediate(const vsmp_vec *v, xvec *o)
{
    o->type = v->imm_type;
    o->nimm = 1;
    o->imm[0] = v->imm;
    if (v->imm_type == VSMP_TYPE_V || v->imm_type == VSMP_TYPE_UV) {
        o->type = v->imm_type == VSMP_TYPE_V ? VSMP_TYPE_W : VSMP_TYPE_UW;
        o->nimm = 8;
        for (int i = 0; i < 8; i++) {
            unsigned n = (unsigned)(v->imm >> (4 * i)) & 0xfu;
            int val = v->imm_type == VSMP_TYPE_V && n >= 8 ? (int)n - 16 : (int)n;
            o->imm[i] = (uint64_t)(uint16_t)(int16_t)val;
        }
    } else if (v->imm_type == VSMP_TYPE_VF) {
        /* restricted float: sign, 3-bit exponent (bias 3), 4-bit mantissa; exponent and
         * mantissa 0 is zero */
        o->type = VSMP_TYPE_F;
        o->nimm = 4;
        for (int i = 0; i < 4; i++) {
            unsigned b = (unsigned)(v->imm >> (8 * i)) & 0xffu;
            unsigned e = b >> 4 & 7u, mt = b & 0xfu;
            float f =
                (e == 0 && mt == 0) ? 0.0f : (1.0f + (float)mt / 16.0f) * (float)(1 << e) / 8.0f;
            if (b & 0x80u)
                f = -f;
            uint32_t bits;
            memcpy(&bits, &f, 4);
            o->imm[i] = bits;
        }
    }
}

vsmp_status vsmp_x_vec(vsmp_machine *m, const xinst *x, const vsmp_vec *v, bool dst, xvec *o)
{
    memset(o, 0, sizeof(*o));
    o->cls = v->vclass;
    o->mod = v->mod;
    unsigned lanes = x->lanes;
    const char *why, *rule = vsmp_rule_vec_decl(m->r, v, &why);
    if (rule) {
        vsmp_x_report(m, x->in, rule, "instruction %u: operand %s", x->index, why);
        return VSMP_ERR_INVALID;
    }
    switch (v->vclass) {
    case VSMP_VEC_GENERAL: {
        if (v->var >= m->nvars || !m->vars[v->var].present)
            return bad(m, x, "operand-decl", "operand names an undeclared variable");
        const xvar *xv = &m->vars[v->var];
        o->type = xv->type;
        o->var = v->var;
        if (v->var == 0) /* %null: reads zero, writes vanish */
            return VSMP_OK;
        if (!region(v->region, dst, &o->vs, &o->w, &o->hs))
            return bad(m, x, "operand-region", "operand has an invalid region");
        unsigned ts = vsmp_type_size(xv->type);
        /* FirstElementIndex = R * (GRF / sizeof(type)) + C (5_operands.md); but addr_add's
         * address-of source (&V[bytes], its first source) counts its row in 32 bytes whatever
         * the GRF: the text's byte offset, which the parser and printer split at 32 */
        bool addr_of = x->in->opcode == VSMP_OPC_ADDR_ADD && o == &x->g->v[1];
        uint64_t first = (uint64_t)v->row * (addr_of ? 32u : m->grf) + (uint64_t)v->col * ts;
        uint64_t last = first + vsmp_region_last(o->vs, o->w, o->hs, dst, lanes) * ts;
        if (last + ts > xv->bytes) {
            vsmp_x_report(m, x->in, "operand-bounds",
                          "instruction %u: operand (%u,%u) with its region runs past its "
                          "variable (%u bytes)",
                          x->index, v->row, v->col, xv->bytes);
            return VSMP_ERR_INVALID;
        }
        o->at = xv->at + (uint32_t)first;
        return VSMP_OK;
    }
    case VSMP_VEC_INDIRECT:
        if (!vsmp_type_size(v->imm_type))
            return bad(m, x, "operand-type", "indirect operand without a valid type");
        o->type = v->imm_type;
        o->word = m->addr_base[v->var] + v->row;
        o->disp = v->ind_offset;
        if (!region(v->region, dst, &o->vs, &o->w, &o->hs))
            return bad(m, x, "operand-region", "operand has an invalid region");
        o->multi = !dst && (v->region & 0xfu) == 0;
        if (o->multi && v->row + (lanes + o->w - 1) / o->w > m->r->addrs[v->var].num_elts)
            return bad(m, x, "operand-bounds", "multi-address operand needs more addresses");
        return VSMP_OK;
    case VSMP_VEC_IMMEDIATE:
        if (dst)
            return bad(m, x, "operand-class", "an immediate cannot be a destination");
        immediate(v, o);
        if (!vsmp_type_size(o->type) || o->type == VSMP_TYPE_BOOL)
            return bad(m, x, "operand-type", "immediate with an invalid type");
        return VSMP_OK;
    case VSMP_VEC_PREDICATE: {
        o->word = VSMP_PRED_ID(v->var);
        o->type = VSMP_TYPE_BOOL;
        return VSMP_OK;
    }
    case VSMP_VEC_ADDRESS:
        o->word = m->addr_base[v->var] + v->row;
        o->width = (uint8_t)vsmp_exec_lanes(v->col & 0xfu); /* col: the width's exec code */
        if (v->row + (dst ? lanes : o->width) > m->r->addrs[v->var].num_elts)
            return bad(m, x, "operand-bounds", "address operand runs past its variable");
        o->type = VSMP_TYPE_UW;
        return VSMP_OK;
    case VSMP_VEC_STATE: {
        /* state_opnd: class (row) 0 surface, 1 sampler; id (var); offset (col) */
        o->state_cls = v->row;
        o->type = VSMP_TYPE_UD;
        const vsmp_routine *r = m->r;
        if (v->row == 0 && v->var >= VSMP_NUM_PREDEF_SURFS &&
            v->var - VSMP_NUM_PREDEF_SURFS < r->num_surfaces &&
            v->col < r->surfaces[v->var - VSMP_NUM_PREDEF_SURFS].num_elts) {
            o->word = m->surf_base[v->var] + v->col;
            return VSMP_OK;
        }
        if (v->row == 1 && v->var < r->num_samplers && v->col < r->samplers[v->var].num_elts) {
            o->word = m->smp_base[v->var] + v->col;
            return VSMP_OK;
        }
        if (v->col == 0 && (v->row == 0 ? v->var == X_SURF_BSS : v->var == 31)) {
            o->word = v->row == 0 ? m->bss_word : m->s31_word; /* %bss(0), S31(0) */
            return VSMP_OK;
        }
        vsmp_x_report(m, x->in, "exec-state",
                      "instruction %u: state operand %s %u(%u) is not a declared variable (the "
                      "pre-defined surfaces are not implemented)",
                      x->index, v->row ? "sampler" : "surface", v->var, v->col);
        return VSMP_ERR_UNSUPPORTED;
    }
    default:
        return bad(m, x, "operand-class", "operand class not implemented");
    }
}
