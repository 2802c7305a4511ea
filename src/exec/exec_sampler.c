/* SPDX-License-Identifier: MIT */
/*
 * The sampler instructions on the machine: 3D_SAMPLE, 3D_LOAD, INFO and SAMPLE_UNORM. Parameters
 * are read as exec-size elements of their declared type, the sampling engine (sampler.h) runs
 * the message, and the response is written back GRF-exact (operand_geom.h; 3D_SAMPLE.md Notes,
 * SEMANTICS 0.3, 3, 10). Every rule and its source: docs/EXEC.md.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_internal.h"
#include "plan_kernel.h"
#include "rules.h"

/* ---- planning ---- */

/* A raw operand of @p bytes: its variable must exist and hold the whole span. */
static vsmp_status raw_span(vsmp_machine *m, const vsmp_inst *in, vsmp_raw op, const char *role,
                            uint32_t bytes, uint32_t *at)
{
    if (op.var >= m->nvars || !m->vars[op.var].present ||
        (op.var >= VSMP_NUM_PREDEF_VARS && op.var < VSMP_FIRST_VAR)) {
        vsmp_x_report(m, in, "operand-decl", "%s: %s names undeclared variable %u",
                      vsmp_x_opname(in), role, op.var);
        return VSMP_ERR_INVALID;
    }
    const xvar *v = &m->vars[op.var];
    if ((uint64_t)op.offset + bytes > v->bytes) {
        vsmp_x_report(m, in, "operand-bounds", "%s: %s %s.%u needs %u bytes but variable %s has %u",
                      vsmp_x_opname(in), role, vsmp_routine_var_name(m->r, op.var), op.offset,
                      bytes, vsmp_routine_var_name(m->r, op.var), v->bytes);
        return VSMP_ERR_INVALID;
    }
    *at = v->at + op.offset;
    return VSMP_OK;
}

static unsigned raw_type(const vsmp_machine *m, uint32_t var)
{
    return var < m->nvars && m->vars[var].present ? m->vars[var].type : VSMP_TYPE_UD;
}

static vsmp_status plan_state(vsmp_machine *m, xinst *x, bool sampler)
{
    const vsmp_inst *in = x->in;
    const vsmp_routine *r = m->r;
    if (in->surface == X_SURF_BSS) {
        x->s->surf_word = m->bss_word; /* the surface its bindless offset names (fetch_state) */
    } else if (in->surface < VSMP_NUM_PREDEF_SURFS) {
        vsmp_x_report(m, in, "exec-surface",
                      "%s: surface %s is a pre-defined surface, not a binding-table surface; "
                      "the machine samples declared surfaces and %%bss only",
                      vsmp_x_opname(in), vsmp_predef_surf_names[in->surface]);
        return VSMP_ERR_UNSUPPORTED;
    } else if (in->surface - VSMP_NUM_PREDEF_SURFS >= r->num_surfaces) {
        vsmp_x_report(m, in, "surface", "%s: surface index %u is not a declared surface",
                      vsmp_x_opname(in), in->surface);
        return VSMP_ERR_INVALID;
    } else {
        x->s->surf_word = m->surf_base[in->surface];
    }
    if (!sampler)
        return VSMP_OK;
    if (in->sampler == VSMP_BINDLESS_SAMPLER) {
        x->s->smp_word = m->s31_word; /* the sampler state its bindless offset names */
        return VSMP_OK;
    }
    if (in->sampler >= r->num_samplers) {
        vsmp_x_report(m, in, "sampler", "%s: sampler index %u is not a declared sampler",
                      vsmp_x_opname(in), in->sampler);
        return VSMP_ERR_INVALID;
    }
    x->s->smp_word = m->smp_base[in->sampler];
    return VSMP_OK;
}

static vsmp_status plan_params(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    unsigned size = 0; /* element size of the payload: every parameter must share it */
    x->s->nparams =
        in->opcode == VSMP_OPC_3D_INFO ? (in->subop == VSMP_SUB_RESINFO) : in->num_params;
    for (unsigned i = 0; i < x->s->nparams; i++) {
        vsmp_raw p = in->opcode == VSMP_OPC_3D_INFO ? in->lod : in->params[i];
        char role[32];
        snprintf(role, sizeof(role), "param %u", i);
        if (p.var == 0) {
            x->s->pat[i] = X_NONE; /* %null reads as zeros, like an omitted parameter */
            continue;
        }
        unsigned t = raw_type(m, p.var);
        if (in->opcode == VSMP_OPC_3D_INFO) {
            /* resinfo's LOD: the message reads a 32-bit unsigned integer per lane whatever the
             * variable's type, so UD, or D or F holding the integer's bits (IGC 2.x on DG2 and
             * later passes it in F variables; GenX_IR 1.0.17791 accepts them); the validator's
             * info-type rule (docs/EXEC.md) */
            if (t != VSMP_TYPE_UD && t != VSMP_TYPE_D && t != VSMP_TYPE_F) {
                vsmp_x_report(m, in, "info-type",
                              "%s: LOD must be 32 bits (UD; D or F holding the integer's bits), "
                              "got %s",
                              vsmp_x_opname(in), vsmp_type_name(t) ? vsmp_type_name(t) : "?");
                return VSMP_ERR_INVALID;
            }
            t = VSMP_TYPE_UD;
        }
        const char *why, *rule = vsmp_rule_sampler_param(x->s->load, t, &why);
        if (p.var < m->nvars && m->vars[p.var].present && rule) {
            vsmp_x_report(m, in, rule, "%s: %s has type %s; %s", vsmp_x_opname(in), role,
                          vsmp_type_name(t) ? vsmp_type_name(t) : "?", why);
            return VSMP_ERR_INVALID;
        }
        unsigned ts = vsmp_type_size(t);
        if (size && ts != size) {
            vsmp_x_report(m, in, "param-type",
                          "%s: parameters of different sizes (the payload has one element size)",
                          vsmp_x_opname(in));
            return VSMP_ERR_INVALID;
        }
        size = ts;
        x->s->ptype[i] = (uint8_t)t;
        vsmp_status s =
            raw_span(m, in, p, role, vsmp_geom_param_bytes(x->lanes, ts), &x->s->pat[i]);
        if (s)
            return s;
    }
    return VSMP_OK;
}

static vsmp_status plan_dst(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    if (in->dst.var == 0)
        return VSMP_OK; /* %null: the response is discarded */
    unsigned t = raw_type(m, in->dst.var);
    const char *why, *rule = vsmp_rule_sampler_dst(in->opcode, t, &why);
    if (in->dst.var < m->nvars && m->vars[in->dst.var].present && rule) {
        vsmp_x_report(m, in, rule, "%s: dst has type %s; %s", vsmp_x_opname(in),
                      vsmp_type_name(t) ? vsmp_type_name(t) : "?", why);
        return VSMP_ERR_INVALID;
    }
    x->s->dst_type = (uint8_t)t;
    vsmp_geom_sampler_dst(in, x->lanes, vsmp_type_size(t), m->grf, &x->s->geom);
    x->s->wb_n = 0;
    for (unsigned c = 0; c < 4; c++)
        if (in->channels >> c & 1u)
            x->s->wb_ch[x->s->wb_n++] = (uint8_t)c;
    x->s->all_lanes = x->lanes >= 32 ? 0xffffffffu : (1u << x->lanes) - 1u;
    return raw_span(m, in, in->dst, "dst", x->s->geom.bytes, &x->s->dst_at);
}

static vsmp_status plan_aoffimmi(vsmp_machine *m, xinst *x)
{
    const vsmp_vec *a = &x->in->aoffimmi;
    if (a->vclass == VSMP_VEC_IMMEDIATE) {
        /* only aoffimmi & 0xfff reaches M0.2: U 11:8, V 7:4, R 3:0 (SEMANTICS 6) */
        unsigned v = (unsigned)(a->imm & 0xfffu);
        for (int c = 0; c < 3; c++) {
            unsigned nib = v >> (8 - 4 * c) & 0xfu;
            x->s->aoff[c] = (int8_t)(nib >= 8 ? (int)nib - 16 : (int)nib);
        }
        return VSMP_OK;
    }
    x->s->aoff_var = true;
    return vsmp_x_scalar(m, x->in, a, "aoffimmi", &x->s->aoff_src);
}

static vsmp_status run_sampler(vsmp_machine *m, xinst *x, xstep *s);
static void plan_message(vsmp_machine *m, xinst *x);

vsmp_status vsmp_x_plan_sampler(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    bool info = in->opcode == VSMP_OPC_3D_INFO;
    unsigned lanes = in->exec_size;
    const char *why, *rule = vsmp_rule_exec_fit(lanes, in->emask, &why);
    if (rule) {
        vsmp_x_report(m, in, rule, "%s: exec size %u: %s", vsmp_x_opname(in), lanes, why);
        return VSMP_ERR_INVALID;
    }
    if (!(in->channels & 0xfu)) {
        vsmp_x_report(m, in, "channels", "%s: channel mask is 0", vsmp_x_opname(in));
        return VSMP_ERR_INVALID;
    }
    x->s->load = in->opcode != VSMP_OPC_3D_SAMPLE;
    bool uw_form = false;
    if (in->opcode == VSMP_OPC_3D_LOAD && in->subop == VSMP_SUB_LD2DMS_W && in->num_params) {
        unsigned t = raw_type(m, in->params[0].var);
        uw_form = t == VSMP_TYPE_UW || t == VSMP_TYPE_W; /* the 16-bit form (SEMANTICS 4.3) */
    }
    x->s->mcs16 = uw_form;
    x->s->op = vsmp_op_find(in->opcode, in->subop, uw_form);
    if (!x->s->op) {
        vsmp_x_report(m, in, "subop", "%s: sub-op 0x%02x is not an operation of the sampler",
                      vsmp_x_opname(in), in->subop);
        return VSMP_ERR_INVALID;
    }
    vsmp_status s = plan_state(m, x, in->opcode == VSMP_OPC_3D_SAMPLE);
    if (!s)
        s = plan_params(m, x);
    if (!s)
        s = plan_dst(m, x);
    if (!s && !info)
        s = plan_aoffimmi(m, x);
    if (!s)
        plan_message(m, x);
    x->run = run_sampler;
    return s;
}

/* ---- running ---- */

static bool fetch_state(vsmp_machine *m, xinst *x, uint32_t *bti, uint32_t *smp)
{
    const vsmp_inst *in = x->in;
    *bti = vsmp_x_bti(m, x->s->surf_word);
    if (*bti >= VSMP_MAX_BINDINGS || !m->bt[*bti]) {
        if (x->s->surf_word == m->bss_word)
            vsmp_x_report(m, in, "exec-binding",
                          "%s (instruction %u): %%bss holds bindless offset 0x%x, where no "
                          "surface state is (binding-table entry (offset >> 6) - 1)",
                          vsmp_x_opname(in), x->index, m->surf_vals[x->s->surf_word]);
        else
            vsmp_x_report(m, in, "exec-binding",
                          "%s (instruction %u): surface variable holds binding-table index %u, "
                          "where no surface is bound",
                          vsmp_x_opname(in), x->index, *bti);
        return false;
    }
    *smp = X_NONE;
    if (in->opcode == VSMP_OPC_3D_SAMPLE || in->opcode == VSMP_OPC_SAMPLE_UNORM) {
        *smp = m->smp_vals[x->s->smp_word];
        if (x->s->smp_word == m->s31_word && (*smp = vsmp_x_bindless(*smp)) == UINT32_MAX) {
            vsmp_x_report(m, in, "exec-binding",
                          "%s (instruction %u): S31 holds bindless offset 0x%x, where no sampler "
                          "state is (entry (offset >> 6) - 1)",
                          vsmp_x_opname(in), x->index, m->smp_vals[x->s->smp_word]);
            return false;
        }
        if (*smp >= VSMP_MAX_SAMPLER_STATES || !m->st_bound[*smp]) {
            vsmp_x_report(m, in, "exec-binding",
                          "%s (instruction %u): sampler variable holds sampler-state index %u, "
                          "where no sampler state is bound",
                          vsmp_x_opname(in), x->index, *smp);
            return false;
        }
    }
    return true;
}

static bool float_response(const xinst *x, const vsmp_surface *s);

/* The plan for (binding, sampler state, op), made on first use and kept until a binding
 * changes ("prepare once, run many times"). */
static const vsmp_plan *get_plan(vsmp_machine *m, xinst *x, uint32_t bti, uint32_t smp)
{
    if (x->s->plan && x->s->plan_bti == bti && x->s->plan_smp == smp)
        return x->s->plan;
    vsmp_plan_free(x->s->plan);
    x->s->plan = NULL;
    x->s->kern = NULL;
    vsmp_plan *p;
    vsmp_status st = vsmp_plan_create(m->bt[bti], smp == X_NONE ? NULL : &m->st[smp], x->in->subop,
                                      &p, m->diags);
    if (st) {
        vsmp_x_report(m, x->in, "exec-plan",
                      "%s (instruction %u): the surface at binding-table index %u cannot serve "
                      "%s (%s)",
                      vsmp_x_opname(x->in), x->index, bti, x->s->op->spec_name,
                      vsmp_status_str(st));
        return NULL;
    }
    x->s->plan = p;
    x->s->plan_bti = bti;
    x->s->plan_smp = smp;
    x->s->plan_flt = float_response(x, m->bt[bti]);
    /* aoffimmi planned: its offsets are in [-8, 7] and the message's CPS flag and coarse size
     * are the planned ones (plan_message), so the kernel is the same on every message */
    x->s->kern = x->s->aoff_var ? NULL : vsmp_plan_kernel(p, &x->s->msg);
    vsmp_x_ld_row_plan(m, x, p);
    return p;
}

void vsmp_x_drop_plans(vsmp_machine *m)
{
    for (uint32_t i = 0; m->xs && i < m->nxs; i++) {
        vsmp_plan_free(m->xs[i].plan);
        m->xs[i].plan = NULL;
        m->xs[i].kern = NULL;
        m->xs[i].plan_bti = m->xs[i].plan_smp = X_NONE;
    }
}

/* One lane of a parameter as the message's 32-bit value: F and UD/D as they are, HF widened
 * exactly to F, UW zero- and W sign-extended (SEMANTICS 10). */
static uint32_t lane_value(const uint8_t *p, unsigned type)
{
    switch (type) {
    case VSMP_TYPE_HF: {
        float f = vsmp_half_to_float((uint16_t)x_ld(p, 2));
        uint32_t b;
        memcpy(&b, &f, 4);
        return b;
    }
    case VSMP_TYPE_UW:
        return x_ld(p, 2);
    case VSMP_TYPE_W:
        return (uint32_t)(int32_t)(int16_t)x_ld(p, 2);
    default:
        return x_ld(p, 4);
    }
}

/* The message, built once when the kernel is planned: a parameter of 32-bit elements at an
 * aligned offset is read by the engine where it lies in the arena (the arena never moves);
 * the others (HF, UW, W) point at the machine's buffer, filled per message (read_params). */
static void plan_message(vsmp_machine *m, xinst *x)
{
    vsmp_message *msg = &x->s->msg;
    memset(msg, 0, sizeof(*msg));
    msg->simd = x->lanes;
    msg->mcs16 = x->s->mcs16;
    /* CPS LOD compensation: the engine applies the thread's coarse size when Op bit 9 or the
     * sampler state's bit asks for it (vsmp's reading of SEMANTICS 2) */
    msg->cps = (x->in->flags & VSMP_OPF_CPS) != 0;
    msg->coarse[0] = m->opt.coarse_x;
    msg->coarse[1] = m->opt.coarse_y;
    memcpy(msg->aoffimmi, x->s->aoff, 3);
    x->s->direct = 0;
    x->s->all_direct = true;
    for (unsigned i = 0; i < x->s->nparams; i++) {
        /* parameters past the op's list are MLOD or ignored (SEMANTICS 13.4): the engine has no
         * per-message MLOD, so they are not read */
        if (x->s->pat[i] == X_NONE || i >= x->s->op->num_params)
            continue;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (vsmp_type_size(x->s->ptype[i]) == 4 && x->s->pat[i] % 4 == 0) {
            /* F, UD, D: the words as they are */
            msg->param[x->s->op->params[i]] =
                (const uint32_t *)(const void *)(m->arena + x->s->pat[i]);
            x->s->direct |= 1u << i;
            continue;
        }
#endif
        msg->param[x->s->op->params[i]] = m->pbuf[i];
        x->s->all_direct = false;
    }
}

static void read_params(vsmp_machine *m, const xinst *x)
{
    for (unsigned i = 0; i < x->s->nparams; i++) {
        if (x->s->pat[i] == X_NONE || i >= x->s->op->num_params || (x->s->direct >> i & 1u))
            continue;
        unsigned ts = vsmp_type_size(x->s->ptype[i]);
        const uint8_t *p = m->arena + x->s->pat[i];
        for (unsigned l = 0; l < x->lanes; l++)
            m->pbuf[i][l] = lane_value(p + l * ts, x->s->ptype[i]);
    }
}

static bool aoffimmi_now(vsmp_machine *m, const xinst *x, vsmp_message *msg)
{
    if (!x->s->aoff_var)
        return true; /* planned with the message */
    uint64_t bits;
    if (!vsmp_x_read_scalar(m, &x->s->aoff_src, &bits)) {
        vsmp_x_report(m, x->in, "exec-address",
                      "%s (instruction %u): aoffimmi's address points outside the variables",
                      vsmp_x_opname(x->in), x->index);
        return false;
    }
    unsigned v = (unsigned)(bits & 0xfffu);
    for (int c = 0; c < 3; c++) {
        unsigned nib = v >> (8 - 4 * c) & 0xfu;
        msg->aoffimmi[c] = (int8_t)(nib >= 8 ? (int)nib - 16 : (int)nib);
    }
    return true;
}

/* Does the response hold floats (16-bit returns become half) or integers (low 16 bits)? */
static bool float_response(const xinst *x, const vsmp_surface *s)
{
    if (x->in->opcode == VSMP_OPC_3D_INFO || x->in->subop == VSMP_SUB_LD_MCS)
        return false;
    if (x->in->opcode == VSMP_OPC_3D_SAMPLE && x->in->subop == VSMP_SUB_LOD)
        return true;
    const vsmp_format_info *fi = vsmp_format_get(vsmp_surface_get_desc(s)->format);
    return fi && fi->cls == VSMP_CLASS_FLOAT;
}

/* Write the response: enabled channels in RGBA order (wb_ch), each from the start of its own GRF
 * run, only enabled lanes; then the pixel null mask DWord (3D_SAMPLE.md Notes; SEMANTICS 0.3,
 * 3). */
static void writeback(vsmp_machine *m, const xinst *x, const vsmp_result *res, uint32_t en,
                      bool flt)
{
    const xsmp *xs = x->s;
    const vsmp_dst_geom *g = &xs->geom;
    uint8_t *dst = m->arena + xs->dst_at;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (g->tsize == 4 && en == xs->all_lanes) {
        /* every lane: each channel's words in one copy (SIMD16 at the fast levels: their copy) */
        if (x->lanes == 16 && m->fast)
            m->fast->wb16(dst, g->channel_stride, res, xs->wb_ch, xs->wb_n);
        else
            for (unsigned k = 0; k < xs->wb_n; k++)
                x_copy32n(dst + k * g->channel_stride, res->c[xs->wb_ch[k]], x->lanes);
        if (g->null_mask)
            x_st(dst + g->null_mask_at, res->null_mask, 4);
        return;
    }
#endif
    for (unsigned k = 0; k < xs->wb_n; k++) {
        uint8_t *base = dst + k * g->channel_stride;
        const uint32_t *c = res->c[xs->wb_ch[k]];
        for (unsigned l = 0; l < x->lanes; l++) {
            if (!(en >> l & 1u))
                continue;
            uint32_t v = c[l];
            if (g->tsize == 4) {
                x_st(base + 4 * l, v, 4);
            } else {
                float f;
                memcpy(&f, &v, 4);
                x_st(base + 2 * l, flt ? vsmp_float_to_half_rtne(f) : v & 0xffffu, 2);
            }
        }
    }
    if (g->null_mask)
        x_st(dst + g->null_mask_at, res->null_mask, 4);
}

/* The plan of the last message while its surface and sampler state words still name the
 * binding-table entry and sampler state it was made for (a plan is dropped whenever a surface or
 * sampler state is bound, so those are bound still), NULL otherwise (fetch_state, get_plan). */
static inline const vsmp_plan *same_plan(const vsmp_machine *m, const xinst *x)
{
    const xsmp *xs = x->s;
    if (!xs->plan || xs->surf_word == m->bss_word || m->surf_vals[xs->surf_word] != xs->plan_bti)
        return NULL;
    if (x->in->opcode != VSMP_OPC_3D_SAMPLE)
        return xs->plan_smp == X_NONE ? xs->plan : NULL;
    if (xs->smp_word == m->s31_word || m->smp_vals[xs->smp_word] != xs->plan_smp)
        return NULL;
    return xs->plan;
}

/* The message's enabled lanes: its simd and mask in one 8-byte store where the bytes are little
 * endian. The kernels test both at once (whole16, full16: compiled as one 8-byte load of the two
 * fields), which a 4-byte store of the mask alone would not forward to: each message's first
 * load then waited for the store to retire. */
static inline void set_mask(vsmp_message *msg, uint32_t en)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(offsetof(vsmp_message, mask) == 4,
                   "simd and mask in the message's first 8 bytes");
    uint64_t w = (uint64_t)msg->simd | (uint64_t)en << 32;
    memcpy(msg, &w, 8);
#else
    msg->mask = en;
#endif
}

static vsmp_status run_sampler(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes_now(m, x->in, x->lanes);
    s->lanes = en;
    if (!en)
        return VSMP_OK; /* no enabled lane: nothing is sent, nothing written (docs/EXEC.md) */
    const vsmp_plan *p = same_plan(m, x);
    if (!p) {
        uint32_t bti, smp;
        if (!fetch_state(m, x, &bti, &smp))
            return VSMP_ERR_INVALID;
        p = get_plan(m, x, bti, smp);
        if (!p)
            return VSMP_ERR_INVALID;
    }
    vsmp_message *msg = &x->s->msg;
    set_mask(msg, en);
    if (!x->s->all_direct)
        read_params(m, x);
    if (!aoffimmi_now(m, x, msg))
        return VSMP_ERR_INVALID;
    /* not cleared: the engine writes every channel of the enabled lanes and the null mask,
     * and the writeback reads nothing else */
    vsmp_result res;
    m->smp_msgs++;
    /* ld of one row (exec_ld.c) writes its response itself (x->s->load first: the sampling
     * messages' test reads nothing past the struct's head) */
    bool row = x->s->load && x->s->row.base && vsmp_x_ld_row(m, x, en);
    vsmp_status st = VSMP_OK;
    if (!row && x->s->kern) {
        vsmp_kernel_call(x->s->kern, p, msg, &res);
    } else if (!row) {
        st = vsmp_plan_run(p, msg, &res);
    }
    if (st) {
        vsmp_x_report(m, x->in, "exec-plan", "%s (instruction %u): the message was refused (%s)",
                      vsmp_x_opname(x->in), x->index, vsmp_status_str(st));
        return VSMP_ERR_INVALID;
    }
    if (x->s->dst_at == X_NONE)
        return VSMP_OK;
    if (!row)
        writeback(m, x, &res, en, x->s->plan_flt);
    s->dst_var = x->in->dst.var;
    s->dst_offset = x->in->dst.offset;
    s->dst_size = x->s->geom.bytes;
    return VSMP_OK;
}

unsigned vsmp_x_sampler_writes(const xinst *x, uint32_t sp[5][2])
{
    if (x->run != run_sampler || x->s->dst_at == X_NONE)
        return 0;
    const vsmp_dst_geom *g = &x->s->geom;
    unsigned n = 0;
    for (unsigned k = 0; k < g->channels && k < 4; k++) /* writeback's runs, every lane */
        sp[n][0] = x->s->dst_at + k * g->channel_stride, sp[n++][1] = x->lanes * g->tsize;
    if (g->null_mask)
        sp[n][0] = x->s->dst_at + g->null_mask_at, sp[n++][1] = 4;
    return n;
}

/* ---- SAMPLE_UNORM ---- */

static vsmp_status run_unorm(vsmp_machine *m, xinst *x, xstep *s);

vsmp_status vsmp_x_plan_unorm(vsmp_machine *m, xinst *x)
{
    static const char *const names[4] = {"U_offset", "V_offset", "DeltaU", "DeltaV"};
    const vsmp_inst *in = x->in;
    x->run = run_unorm;
    if (!(in->channels & 0xfu)) {
        vsmp_x_report(m, in, "channels", "SAMPLE_UNORM: channel mask is 0");
        return VSMP_ERR_INVALID;
    }
    vsmp_status s = plan_state(m, x, true);
    for (int i = 0; !s && i < 4; i++) {
        s = vsmp_x_scalar(m, in, &in->src[i], names[i], &x->s->unorm_src[i]);
        if (!s && x->s->unorm_src[i].type != VSMP_TYPE_F) {
            vsmp_x_report(m, in, "unorm-scalar", "SAMPLE_UNORM: %s must have type F", names[i]);
            s = VSMP_ERR_INVALID;
        }
    }
    if (s || in->dst.var == 0)
        return s;
    unsigned t = raw_type(m, in->dst.var);
    if (in->dst.var < m->nvars && m->vars[in->dst.var].present && t != VSMP_TYPE_UW) {
        vsmp_x_report(m, in, "unorm-dst", "SAMPLE_UNORM: dst must have type UW, got %s",
                      vsmp_type_name(t) ? vsmp_type_name(t) : "?");
        return VSMP_ERR_INVALID;
    }
    x->s->geom.bytes = vsmp_geom_unorm_dst_bytes(in->channels);
    return raw_span(m, in, in->dst, "dst", x->s->geom.bytes, &x->s->dst_at);
}

static vsmp_status run_unorm(vsmp_machine *m, xinst *x, xstep *s)
{
    /* "SIMD Control Flow: channel enable is ignored" (SAMPLE_UNORM.md): all 32 pixels */
    s->lanes = 0xffffffffu;
    uint32_t bti, smp;
    if (!fetch_state(m, x, &bti, &smp))
        return VSMP_ERR_INVALID;
    float f[4];
    for (int i = 0; i < 4; i++) {
        uint64_t bits;
        if (!vsmp_x_read_scalar(m, &x->s->unorm_src[i], &bits)) {
            vsmp_x_report(m, x->in, "exec-address",
                          "SAMPLE_UNORM (instruction %u): an address points outside the "
                          "variables",
                          x->index);
            return VSMP_ERR_INVALID;
        }
        uint32_t b = (uint32_t)bits;
        memcpy(&f[i], &b, 4);
    }
    uint8_t block[256];
    size_t written;
    m->smp_msgs++;
    vsmp_status st =
        vsmp_media_sample_unorm(m->bt[bti], &m->st[smp], f[0], f[1], f[2], f[3], x->in->channels,
                                (vsmp_unorm_format)x->in->unorm_fmt, m->opt.hw_unorm_formats, block,
                                sizeof(block), &written);
    if (st) {
        vsmp_x_report(m, x->in, "exec-plan",
                      "SAMPLE_UNORM (instruction %u): the media sampler refused the surface at "
                      "binding-table index %u (%s)",
                      x->index, bti, vsmp_status_str(st));
        return VSMP_ERR_INVALID;
    }
    if (x->s->dst_at == X_NONE)
        return VSMP_OK;
    memcpy(m->arena + x->s->dst_at, block, written);
    s->dst_var = x->in->dst.var;
    s->dst_offset = x->in->dst.offset;
    s->dst_size = (uint32_t)written;
    return VSMP_OK;
}
