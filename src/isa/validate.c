/* SPDX-License-Identifier: MIT */
/*
 * The validator: every rule the seed pages state (3D_SAMPLE.md, 3D_LOAD.md, INFO.md,
 * SAMPLE_UNORM.md), the verifier rules of GenX_IR (IsaVerification.cpp), the platform rules of
 * SEMANTICS.md section 13, and the inputs known to crash or hang GenX_IR 12504. Each rule has a
 * stable id (docs/VALIDATION.md lists them); what is legal but suspicious is a warning.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "isa_internal.h"
#include "rules.h"
#include "operand_geom.h"

typedef struct vctx {
    const vsmp_routine *r;
    const vsmp_platform_info *pi;
    vsmp_platform plat;
    vsmp_diags *diags;
    const vsmp_inst *in;
    unsigned index;
} vctx;

static void report(vctx *c, vsmp_severity sev, const char *rule, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void report(vctx *c, vsmp_severity sev, const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const vsmp_inst *in = c->in;
    size_t kept = c->diags ? c->diags->count : 0;
    vsmp_diags_vadd(c->diags, sev, rule, in ? in->line : 0, in ? in->column : 0,
                    in ? in->offset : -1, fmt, ap);
    va_end(ap);
    if (c->diags && c->diags->count > kept && in && in->offset >= 0) /* kept, not past the limit */
        c->diags->items[c->diags->count - 1].at_instruction = 1;
}

#define ERR(c, rule, ...)  report(c, VSMP_SEV_ERROR, rule, __VA_ARGS__)
#define WARN(c, rule, ...) report(c, VSMP_SEV_WARNING, rule, __VA_ARGS__)

static const char *op_label(const vsmp_inst *in)
{
    switch (in->opcode) {
    case VSMP_OPC_3D_SAMPLE:
        return "3D_SAMPLE";
    case VSMP_OPC_3D_LOAD:
        return "3D_LOAD";
    case VSMP_OPC_3D_INFO:
        return "INFO";
    case VSMP_OPC_SAMPLE_UNORM:
        return "SAMPLE_UNORM";
    default:
        return "instruction";
    }
}

static bool at_least(const vctx *c, vsmp_platform p)
{
    return c->plat >= p;
}

/* A general variable's type and byte size; false if undeclared or reserved. */
typedef struct varinfo {
    bool known; /* declared (not pre-defined) */
    unsigned type;
    uint32_t bytes;
} varinfo;

static bool var_lookup(vctx *c, uint32_t id, const char *role, varinfo *vi)
{
    memset(vi, 0, sizeof(*vi));
    if (id < VSMP_NUM_PREDEF_VARS)
        return true; /* pre-defined: type and size are the target's */
    if (id < VSMP_FIRST_VAR || id - VSMP_FIRST_VAR >= c->r->num_vars) {
        ERR(c, "operand-decl", "%s: %s names variable id %u, which is not declared",
            op_label(c->in), role, id);
        return false;
    }
    const vsmp_var_decl *v = &c->r->vars[id - VSMP_FIRST_VAR];
    vi->known = true;
    vi->type = v->type;
    vi->bytes = (uint32_t)v->num_elts * vsmp_type_size(v->type);
    return true;
}

static const char *vname(const vctx *c, uint32_t id)
{
    return vsmp_routine_var_name(c->r, id);
}

/* Raw operand of @p elems elements of its own type, starting at its byte offset. */
static void check_raw_bounds(vctx *c, vsmp_raw op, const char *role, uint32_t bytes_needed,
                             varinfo *vi)
{
    if (!var_lookup(c, op.var, role, vi) || !vi->known)
        return;
    if ((uint64_t)op.offset + bytes_needed > vi->bytes)
        ERR(c, "operand-bounds", "%s: %s %s.%u needs %u bytes but variable %s has %u",
            op_label(c->in), role, vname(c, op.var), op.offset, bytes_needed, vname(c, op.var),
            vi->bytes);
    unsigned ts = vsmp_type_size(vi->type);
    if (ts && op.offset % ts)
        WARN(c, "operand-align", "%s: %s offset %u is not a multiple of its element size %u",
             op_label(c->in), role, op.offset, ts);
}

static void check_exec(vctx *c)
{
    const vsmp_inst *in = c->in;
    unsigned lanes = vsmp_exec_lanes(in->exec_code);
    if (in->exec_code > 5) {
        ERR(c, "exec-size", "%s: exec-size code %u is not a valid size", op_label(in),
            in->exec_code);
        return;
    }
    if (lanes != 8 && lanes != 16 && lanes != 32)
        ERR(c, "exec-size", "%s: exec size must be 8, 16 or 32, got %u", op_label(in), lanes);
    if (lanes + 4u * (in->emask & 7u) > 32)
        ERR(c, "exec-mask",
            "%s: exec size %u with mask %s runs past 32 channels (lanes + 4 * "
            "offset must be <= 32)",
            op_label(in), lanes, vsmp_emask_name(in->emask));
    else if (lanes == 8 && (in->emask & 1))
        WARN(c, "exec-mask",
             "%s: SIMD8 with mask %s is not 8-channel aligned; GenX_IR reports "
             "\"Invalid emask for SIMD8 inst\" and emits M0",
             op_label(in), vsmp_emask_name(in->emask));
    else if (lanes == 16 && (in->emask & 3))
        WARN(c, "exec-mask", "%s: SIMD16 with mask %s is not 16-channel aligned", op_label(in),
             vsmp_emask_name(in->emask));
    if (lanes == 32 && c->pi->grf_bytes == 32)
        WARN(c, "simd32",
             "%s: SIMD32 on a 32-byte-GRF target is emitted as one (32|M0) send; "
             "the 3D sampler executes SIMD8/16 messages (SEMANTICS.md 13.3)",
             op_label(in));
}

static void check_pred(vctx *c)
{
    uint16_t p = c->in->pred;
    if (!p)
        return;
    unsigned id = VSMP_PRED_ID(p);
    if (p & 0x1000u)
        ERR(c, "predicate", "%s: predicate bit 12 must be 0", op_label(c->in));
    if (VSMP_PRED_CTRL(p) == 3)
        ERR(c, "predicate", "%s: predicate control 3 is not .any or .all", op_label(c->in));
    if (id == 0 || id > c->r->num_preds) {
        ERR(c, "predicate", "%s: predicate P%u is not declared", op_label(c->in), id);
        return;
    }
    unsigned elts = c->r->preds[id - 1].num_elts;
    unsigned lanes = vsmp_exec_lanes(c->in->exec_code);
    if (lanes && elts < lanes)
        WARN(c, "predicate", "%s: predicate has %u elements for %u lanes", op_label(c->in), elts,
             lanes);
}

static void check_channels(vctx *c)
{
    if (!(c->in->channels & 0xf))
        ERR(c, "channels",
            "%s: channel mask is 0; at least one of R, G, B, A must be enabled "
            "(GenX_IR does not terminate on it)",
            op_label(c->in));
}

static void check_aoffimmi(vctx *c)
{
    const vsmp_vec *a = &c->in->aoffimmi;
    if (a->vclass == VSMP_VEC_IMMEDIATE) {
        if (a->imm_type != VSMP_TYPE_UW)
            WARN(c, "aoffimmi-type",
                 "%s: aoffimmi must have type UW, got %s (GenX_IR accepts "
                 "it)",
                 op_label(c->in), vsmp_type_name(a->imm_type) ? vsmp_type_name(a->imm_type) : "?");
        if (a->imm_type == VSMP_TYPE_F || a->imm_type == VSMP_TYPE_HF ||
            a->imm_type == VSMP_TYPE_DF || a->imm_type == VSMP_TYPE_VF)
            ERR(c, "aoffimmi-type", "%s: aoffimmi is a floating-point immediate", op_label(c->in));
        uint64_t v = a->imm;
        if (a->imm_type == VSMP_TYPE_W || a->imm_type == VSMP_TYPE_B || a->imm_type == VSMP_TYPE_D)
            v &= 0xffff; /* a negative literal: only its low 16 bits are the field */
        if (v > 0xfff)
            ERR(c, "aoffimmi",
                "%s: aoffimmi 0x%llx has reserved bits set (bits 15..12 must be "
                "zero and the U, V, R offsets fit 12 bits; GenX_IR keeps only the low 12 bits)",
                op_label(c->in), (unsigned long long)a->imm);
        if (a->mod)
            ERR(c, "aoffimmi", "%s: aoffimmi carries a source modifier", op_label(c->in));
    } else if (a->vclass == VSMP_VEC_GENERAL || a->vclass == VSMP_VEC_INDIRECT) {
        if (a->vclass == VSMP_VEC_GENERAL) {
            varinfo vi;
            if (var_lookup(c, a->var, "aoffimmi", &vi) && vi.known) {
                if (vi.type != VSMP_TYPE_UW)
                    WARN(c, "aoffimmi-type",
                         "%s: aoffimmi variable %s has type %s, the spec "
                         "requires UW",
                         op_label(c->in), vname(c, a->var),
                         vsmp_type_name(vi.type) ? vsmp_type_name(vi.type) : "?");
                unsigned ts = vsmp_type_size(vi.type);
                uint32_t at = (uint32_t)a->row * c->pi->grf_bytes + (uint32_t)a->col * ts;
                if (at + ts > vi.bytes)
                    ERR(c, "operand-bounds", "%s: aoffimmi %s(%u,%u) lies outside the variable",
                        op_label(c->in), vname(c, a->var), a->row, a->col);
            }
        } else if (a->var >= c->r->num_addrs) {
            ERR(c, "operand-decl", "%s: aoffimmi uses undeclared address variable A%u",
                op_label(c->in), a->var);
        }
        if (a->mod)
            ERR(c, "aoffimmi", "%s: aoffimmi carries a source modifier", op_label(c->in));
        if (a->region != 0x0121)
            WARN(c, "aoffimmi", "%s: aoffimmi is a scalar; its region should be <0;1,0>",
                 op_label(c->in));
    } else {
        ERR(c, "aoffimmi", "%s: aoffimmi must be an immediate or a general/indirect scalar",
            op_label(c->in));
    }
}

static void check_state(vctx *c, bool sampler)
{
    const vsmp_inst *in = c->in;
    if (sampler) {
        if (in->sampler != VSMP_BINDLESS_SAMPLER && in->sampler >= c->r->num_samplers)
            ERR(c, "sampler",
                "%s: sampler index %u is not a declared sampler (a surface in the "
                "sampler position? GenX_IR encodes it and crashes reading it back)",
                op_label(in), in->sampler);
        return;
    }
    if (in->surface >= VSMP_NUM_PREDEF_SURFS + c->r->num_surfaces) {
        ERR(c, "surface", "%s: surface index %u is not a declared surface", op_label(in),
            in->surface);
        return;
    }
    if (in->surface == 0 || in->surface == 5)
        WARN(c, "surface",
             "%s: surface %s is %s, not a texture (a sampler in the surface "
             "position?)",
             op_label(in), vsmp_predef_surf_names[in->surface],
             in->surface == 0 ? "shared local memory" : "scratch space");
}

static void check_dst(vctx *c, unsigned type_rule)
{
    const vsmp_inst *in = c->in;
    if (in->dst.var == 0)
        return; /* %null: results discarded */
    varinfo vi;
    if (!var_lookup(c, in->dst.var, "dst", &vi) || !vi.known)
        return;
    unsigned lanes = vsmp_exec_lanes(in->exec_code);
    unsigned ts = vsmp_type_size(vi.type);
    const char *why, *rule = vsmp_rule_sampler_dst(in->opcode, vi.type, &why);
    if (rule)
        ERR(c, rule, "%s: dst has type %s; %s", op_label(in), vsmp_type_name(vi.type), why);
    else if (type_rule == 0 && ts == 2 && !(c->pi->flags & PF_HF16))
        WARN(c, "dst-type", "%s: a 16-bit dst needs 16-bit sampler returns (ICLLP+)", op_label(in));
    if (!lanes || !ts)
        return;
    vsmp_dst_geom g;
    vsmp_geom_sampler_dst(in, lanes, ts, c->pi->grf_bytes, &g);
    check_raw_bounds(c, in->dst, "dst", g.bytes, &vi);
}

static void check_params(vctx *c, const vsmp_op_info *o)
{
    const vsmp_inst *in = c->in;
    bool load = in->opcode == VSMP_OPC_3D_LOAD;
    unsigned lanes = vsmp_exec_lanes(in->exec_code);
    if (in->num_params == 0) {
        ERR(c, "numparams", "%s: NumParams must be in [1,15], got 0 (GenX_IR crashes on it)",
            op_label(in));
        return;
    }
    if (in->num_params > 15)
        ERR(c, "numparams", "%s: NumParams must be in [1,15], got %u", op_label(in),
            in->num_params);
    else if (o && in->num_params > o->num_params)
        WARN(c, "params-extra",
             "%s: %u parameters for %s, whose list has %u (trailing ones are "
             "MLOD or ignored, depending on the target)",
             op_label(in), in->num_params, o->spec_name, o->num_params);
    int first_type = -1;
    bool mixed = false;
    for (unsigned i = 0; i < in->num_params; i++) {
        vsmp_raw p = in->params[i];
        char role[32];
        snprintf(role, sizeof(role), "param %u (%s)", i,
                 o && i < o->num_params ? vsmp_param_name((vsmp_param)o->params[i]) : "extra");
        if (p.var == 0) {
            WARN(c, "null-operand", "%s: %s is %%null", op_label(in), role);
            continue;
        }
        varinfo vi;
        if (!var_lookup(c, p.var, role, &vi) || !vi.known)
            continue;
        if (first_type < 0)
            first_type = (int)vi.type;
        else if ((unsigned)first_type != vi.type)
            mixed = true;
        const char *why, *rule = vsmp_rule_sampler_param(load, vi.type, &why);
        if (!rule && !load && !(c->pi->flags & PF_HF16) && vi.type != VSMP_TYPE_F)
            ERR(c, "param-type",
                "3D_SAMPLE: before ICLLP every parameter must have type F; "
                "%s has type %s",
                role, vsmp_type_name(vi.type));
        else if (rule)
            ERR(c, rule, "%s: %s has type %s; %s", op_label(in), role, vsmp_type_name(vi.type),
                why);
        if (lanes)
            check_raw_bounds(c, p, role, vsmp_geom_param_bytes(lanes, vsmp_type_size(vi.type)),
                             &vi);
    }
    if (mixed)
        ERR(c, "param-type",
            "%s: all parameters must have the same type (GenX_IR takes the "
            "payload format from param 0)",
            op_label(in));
}

static void check_sampler_op(vctx *c)
{
    const vsmp_inst *in = c->in;
    bool smp = in->opcode == VSMP_OPC_3D_SAMPLE;
    bool uw_form = false;
    if (!smp && in->subop == VSMP_SUB_LD2DMS_W && in->num_params &&
        in->params[0].var >= VSMP_FIRST_VAR &&
        in->params[0].var - VSMP_FIRST_VAR < c->r->num_vars) {
        unsigned t = c->r->vars[in->params[0].var - VSMP_FIRST_VAR].type;
        uw_form = t == VSMP_TYPE_UW || t == VSMP_TYPE_W;
    }
    const vsmp_op_info *o = vsmp_op_find(in->opcode, in->subop, uw_form);
    if (!o)
        ERR(c, "subop", "%s: sub-op 0x%02x is not a %s operation", op_label(in), in->subop,
            smp ? "sample" : "load");
    if (c->pi->flags & PF_NOSMP)
        ERR(c, "platform", "%s: %s has no sampler (GenX_IR 12504 still compiles it)", op_label(in),
            c->pi->name);
    if (o && (o->flags & VSMP_OPI_PO) && !(c->pi->flags & PF_XE2))
        ERR(c, "platform",
            "%s: %s needs Xe2 (sample_po messages); GenX_IR 12504 compiles it as "
            "plain sample",
            op_label(in), o->spec_name);
    if (uw_form && !at_least(c, VSMP_PLATFORM_ICLLP))
        ERR(c, "platform", "3D_LOAD: the 16-bit ld2dms_w form needs ICLLP or later");
    if (o && !smp && in->subop == VSMP_SUB_LD2DMS_W && !uw_form && at_least(c, VSMP_PLATFORM_DG2) &&
        c->plat != VSMP_PLATFORM_PVC)
        WARN(c, "platform",
             "3D_LOAD: from DG2 on ld2dms_w takes only the 16-bit form "
             "(SEMANTICS.md 13.4)");
    if ((in->flags & VSMP_OPF_PNM) && !at_least(c, VSMP_PLATFORM_SKL))
        ERR(c, "pnm", "%s: the pixel null mask needs SKL or later", op_label(in));
    if (in->flags & VSMP_OPF_CPS) {
        unsigned lanes = vsmp_exec_lanes(in->exec_code);
        if (!smp)
            ERR(c, "cps", "3D_LOAD: CPS LOD compensation is not defined for loads");
        else if (o && !(o->flags & VSMP_OPI_CPS))
            ERR(c, "cps",
                "3D_SAMPLE: CPS LOD Compensation Enable is only supported for sample, "
                "sample_b, sample_b_c, sample_c and LOD, not %s",
                o->spec_name);
        if (lanes != 8 && lanes != 16)
            ERR(c, "cps",
                "%s: CPS LOD Compensation Enable must be disabled unless SIMD mode is "
                "simd8 or simd16",
                op_label(in));
        if (!(c->pi->flags & PF_CPS))
            WARN(c, "cps", "%s: CPS LOD compensation is ICLLP+; %s ignores it", op_label(in),
                 c->pi->name);
    }
    if (!smp && (in->flags & VSMP_OPF_NONUNIFORM))
        ERR(c, "subop", "3D_LOAD: the non-uniform-sampler bit is set on a load");
    if (smp && in->divs_text == VSMP_DIVS_PRESENT)
        WARN(c, "divs",
             "3D_SAMPLE: GenX_IR 12504 does not store .divS in the binary; it only "
             "removes {Serialize} from the send");
    if (in->has_paired && (in->paired.var || in->paired.offset) && !(c->pi->flags & PF_XE2))
        WARN(c, "platform", "%s: a paired surface is an Xe2 feature", op_label(in));
    check_channels(c);
    check_exec(c);
    check_pred(c);
    check_aoffimmi(c);
    if (smp)
        check_state(c, true);
    check_state(c, false);
    check_dst(c, 0);
    check_params(c, o);
}

static void check_info(vctx *c)
{
    const vsmp_inst *in = c->in;
    if (in->subop != VSMP_SUB_RESINFO && in->subop != VSMP_SUB_SAMPLEINFO)
        ERR(c, "subop", "INFO: op 0x%02x is neither resinfo (0x0a) nor sampleinfo (0x0b)",
            in->subop);
    if (c->pi->flags & PF_NOSMP)
        ERR(c, "platform", "INFO: %s has no sampler", c->pi->name);
    check_channels(c);
    check_exec(c);
    check_state(c, false);
    check_dst(c, 1);
    if (in->subop == VSMP_SUB_RESINFO) {
        varinfo vi;
        if (in->lod.var == 0)
            WARN(c, "null-operand", "INFO: resinfo LOD is %%null");
        else if (var_lookup(c, in->lod.var, "LOD", &vi) && vi.known) {
            /* the message takes the LOD as a 32-bit unsigned integer per lane, whatever the
             * variable's type: IGC 2.x passes it in F variables holding integer bits
             * (docs/VALIDATION.md, info-type) */
            if (vi.type != VSMP_TYPE_UD && vi.type != VSMP_TYPE_D && vi.type != VSMP_TYPE_F)
                ERR(c, "info-type",
                    "INFO: LOD must be 32 bits (UD; D or F holding the integer's bits), got %s",
                    vsmp_type_name(vi.type));
            unsigned lanes = vsmp_exec_lanes(in->exec_code);
            if (lanes)
                check_raw_bounds(c, in->lod, "LOD",
                                 vsmp_geom_param_bytes(lanes, vsmp_type_size(vi.type)), &vi);
        }
    }
}

static void check_unorm(vctx *c)
{
    const vsmp_inst *in = c->in;
    static const char *const names[4] = {"U_offset", "V_offset", "DeltaU", "DeltaV"};
    if (!(c->pi->flags & PF_UNORM))
        ERR(c, "platform", "SAMPLE_UNORM: the media sampler ends before XeHP; %s has none",
            c->pi->name);
    check_channels(c);
    if (in->unorm_fmt)
        WARN(c, "unorm-format",
             "SAMPLE_UNORM: IGC ignores the output format (bits 5..4); the "
             "finalizer always returns 16-bit full (SEMANTICS.md 1)");
    check_state(c, true);
    check_state(c, false);
    for (int i = 0; i < 4; i++) {
        const vsmp_vec *v = &in->src[i];
        if (v->vclass == VSMP_VEC_IMMEDIATE) {
            if (v->imm_type != VSMP_TYPE_F)
                ERR(c, "unorm-scalar", "SAMPLE_UNORM: %s must have type F, got a %s immediate",
                    names[i], vsmp_type_name(v->imm_type) ? vsmp_type_name(v->imm_type) : "?");
        } else if (v->vclass == VSMP_VEC_GENERAL) {
            varinfo vi;
            if (var_lookup(c, v->var, names[i], &vi) && vi.known && vi.type != VSMP_TYPE_F)
                ERR(c, "unorm-scalar", "SAMPLE_UNORM: %s must have type F, got %s", names[i],
                    vsmp_type_name(vi.type));
        } else if (v->vclass != VSMP_VEC_INDIRECT) {
            ERR(c, "unorm-scalar", "SAMPLE_UNORM: %s must be a scalar operand", names[i]);
        } else if (v->imm_type != VSMP_TYPE_F) {
            ERR(c, "unorm-scalar", "SAMPLE_UNORM: %s must have type F", names[i]);
        }
    }
    if (in->dst.var == 0)
        return;
    varinfo vi;
    if (!var_lookup(c, in->dst.var, "dst", &vi) || !vi.known)
        return;
    if (vi.type != VSMP_TYPE_UW)
        ERR(c, "unorm-dst", "SAMPLE_UNORM: dst must have type UW, got %s", vsmp_type_name(vi.type));
    check_raw_bounds(c, in->dst, "dst", vsmp_geom_unorm_dst_bytes(in->channels), &vi);
}

/* After the instructions: every label used is defined, none twice (reported at the use and
 * at the second definition). */
typedef struct labinfo {
    uint32_t used_at;   /* instruction index + 1 of the first use, 0 none */
    uint32_t defs;      /* LABEL / SUBROUTINE instructions naming it */
    uint32_t second_at; /* instruction index + 1 of the second definition */
} labinfo;

/* ---- every other opcode: the general checks of GenX_IR's verifier (IsaVerification.cpp) ---- */

static const char *mnem(const vsmp_inst *in)
{
    const vsmp_opcode_info *row = vsmp_opcode_info_get(in->opcode);
    if (row && row->layout[0] == 'S') {
        const vsmp_opcode_info *sub = vsmp_subop_info_get(in->opcode, in->subop);
        if (sub)
            return sub->mnemonic;
    }
    return row ? row->mnemonic : "?";
}

/* The operand's element type (its variable's, or an indirect/immediate's own); -1 unknown. */
static int vec_type(const vctx *c, const vsmp_vec *v)
{
    if (v->vclass == VSMP_VEC_IMMEDIATE || v->vclass == VSMP_VEC_INDIRECT)
        return v->imm_type;
    if (v->vclass == VSMP_VEC_GENERAL && v->var >= VSMP_FIRST_VAR &&
        v->var - VSMP_FIRST_VAR < c->r->num_vars)
        return c->r->vars[v->var - VSMP_FIRST_VAR].type;
    return -1;
}

/* The region rules of GenX_IR's verifier (IsaVerification.cpp verifyRegion) for a general or
 * indirect operand of a common instruction. */
static void check_region(vctx *c, const vsmp_vec *v, bool dst, unsigned lanes, unsigned pos)
{
    if (v->vclass != VSMP_VEC_GENERAL && v->vclass != VSMP_VEC_INDIRECT)
        return;
    unsigned vc = v->region & 0xf, wc = (v->region >> 4) & 0xf, hc = (v->region >> 8) & 0xf;
    int vs = vsmp_region_value(vc), w = vsmp_region_value(wc), hs = vsmp_region_value(hc);
    const char *m = mnem(c->in);
    if (wc == 1) {
        ERR(c, "region", "%s: operand %u has a region of width 0", m, pos);
        return;
    }
    if (dst && hs == 0)
        ERR(c, "region", "%s: a destination's horizontal stride must not be 0", m);
    if (hc == 0 || hs > 4 || hs == 3)
        ERR(c, "region", "%s: operand %u: horizontal stride must be 0, 1, 2 or 4", m, pos);
    if (dst)
        return;
    if (wc) {
        if (w < 1 || w > 16 || (w & (w - 1)))
            ERR(c, "region", "%s: operand %u: width must be 1, 2, 4, 8 or 16", m, pos);
        else if (lanes && (unsigned)w > lanes)
            ERR(c, "region", "%s: operand %u: width %d exceeds the execution size %u", m, pos, w,
                lanes);
    }
    if (vc && vs < 0)
        ERR(c, "region", "%s: operand %u: invalid vertical stride", m, pos);
    if (!vc && w > 0 && lanes / (unsigned)w > 16)
        ERR(c, "region", "%s: operand %u: a VxH region addresses more than 16 rows", m, pos);
}

/* Bytes from the start of the variable that a general operand reaches (its last element). */
static void check_vec_bounds(vctx *c, const vsmp_vec *v, bool dst, unsigned lanes, int pos)
{
    if (v->vclass != VSMP_VEC_GENERAL || v->var < VSMP_FIRST_VAR ||
        v->var - VSMP_FIRST_VAR >= c->r->num_vars)
        return;
    const vsmp_var_decl *d = &c->r->vars[v->var - VSMP_FIRST_VAR];
    unsigned ts = vsmp_type_size(d->type);
    uint32_t bytes = (uint32_t)d->num_elts * ts;
    int vs = vsmp_region_value(v->region & 0xf), w = vsmp_region_value((v->region >> 4) & 0xf);
    int hs = vsmp_region_value((v->region >> 8) & 0xf);
    uint64_t first = (uint64_t)v->row * c->pi->grf_bytes + (uint64_t)v->col * ts;
    uint64_t last = first + vsmp_region_last(vs > 0 ? (unsigned)vs : 0, w > 0 ? (unsigned)w : 0,
                                             hs > 0 ? (unsigned)hs : 0, dst, lanes) *
                                ts;
    if (last + ts > bytes) /* GenX_IR's verifier warns and compiles it */
        WARN(c, "operand-bounds",
             "%s: operand %d reaches byte %llu of %s, which has %u bytes (region and offset "
             "must stay inside the variable)",
             mnem(c->in), pos, (unsigned long long)(last + ts), vname(c, v->var), bytes);
}

static void check_vec_decl(vctx *c, const vsmp_vec *v, int pos)
{
    const char *why, *rule = vsmp_rule_vec_decl(c->r, v, &why);
    if (rule)
        ERR(c, rule, "%s: operand %d %s (%s %u)", mnem(c->in), pos, why,
            v->vclass == VSMP_VEC_GENERAL     ? "variable id"
            : v->vclass == VSMP_VEC_PREDICATE ? "predicate P"
            : v->vclass == VSMP_VEC_STATE     ? "state id"
                                              : "address id",
            v->vclass == VSMP_VEC_PREDICATE ? VSMP_PRED_ID(v->var) : v->var);
}

/* media_ld, media_st: Modifiers Surface Plane Block_width Block_height X_offset Y_offset Msg;
 * the rules the machine shares (rules.c vsmp_rule_media, vsmp_rule_media_offset) */
static void check_media(vctx *c)
{
    const vsmp_inst *in = c->in;
    unsigned val[5], nval = 0;
    for (unsigned i = 0; i < in->num_opnds; i++) {
        const vsmp_opnd *o = &in->opnds[i];
        if (o->kind == VSMP_OPND_VALUE && nval < 5)
            val[nval++] = o->value;
        if (o->kind != VSMP_OPND_VEC_SRC)
            continue;
        int t = vec_type(c, &o->vec);
        const char *why, *rule = t < 0 ? NULL : vsmp_rule_media_offset((unsigned)t, &why);
        if (rule)
            ERR(c, rule, "%s: operand %u has type %s; %s", mnem(in), i, vsmp_type_name((unsigned)t),
                why);
    }
    if (nval < 5)
        return;
    const char *why,
        *rule = vsmp_rule_media(in->opcode, val[0], val[1], val[2], val[3], val[4], &why);
    if (rule)
        ERR(c, rule, "%s: (%u,%u) block, plane %u, surface %u, modifier %u: %s", mnem(in), val[3],
            val[4], val[2], val[1], val[0], why);
}

static void check_generic(vctx *c, labinfo *li)
{
    const vsmp_inst *in = c->in;
    const vsmp_routine *r = c->r;
    const vsmp_opcode_info *row = vsmp_opcode_info_get(in->opcode);
    if (!row)
        return;
    bool has_exec = strchr(row->layout, 'E') != NULL || row->layout[0] == 'S' ||
                    in->opcode == VSMP_OPC_SWITCHJMP || in->opcode == VSMP_OPC_3D_RT_WRITE;
    if (row->layout[0] == 'S') {
        const vsmp_opcode_info *sub = vsmp_subop_info_get(in->opcode, in->subop);
        has_exec = sub && strchr(sub->layout, 'E');
    }
    unsigned lanes = 0;
    if (has_exec) {
        if (in->exec_code > 5) {
            ERR(c, "exec-size", "%s: exec-size code %u is not a valid size", mnem(in),
                in->exec_code);
            return;
        }
        lanes = vsmp_exec_lanes(in->exec_code);
        const char *why, *rule = vsmp_rule_exec_fit(lanes, in->emask, &why);
        if (rule)
            ERR(c, rule, "%s: exec size %u with mask %s: %s", mnem(in), lanes,
                vsmp_emask_name(in->emask), why);
    }
    if (in->pred) {
        unsigned id = VSMP_PRED_ID(in->pred);
        if (id == 0 || id > r->num_preds)
            ERR(c, "predicate", "%s: predicate P%u is not declared", mnem(in), id);
        else if (lanes && r->preds[id - 1].num_elts < lanes)
            ERR(c, "pred-width", "%s: predicate %s has %u elements for %u lanes", mnem(in),
                vsmp_routine_string(r, r->preds[id - 1].name), r->preds[id - 1].num_elts, lanes);
        if ((in->pred & 0x1000u) || VSMP_PRED_CTRL(in->pred) == 3)
            ERR(c, "predicate", "%s: predicate bit 12 set or control 3", mnem(in));
    }
    /* the execution sizes IsaVerification allows per opcode */
    if (lanes == 32 && in->opcode == VSMP_OPC_SVM)
        ERR(c, "exec-size", "%s: SVM messages are not SIMD32", mnem(in));
    if (in->opcode == VSMP_OPC_3D_URB_WRITE && lanes != 1 && lanes != 8)
        ERR(c, "exec-size", "%s: only execution size 1 or 8", mnem(in));
    if ((in->opcode == VSMP_OPC_DPAS || in->opcode == VSMP_OPC_DPASW) && lanes &&
        lanes != (at_least(c, VSMP_PLATFORM_PVC) ? 16u : 8u))
        ERR(c, "exec-size", "%s: only execution size %u on this platform", mnem(in),
            at_least(c, VSMP_PLATFORM_PVC) ? 16u : 8u);
    if (in->opcode == VSMP_OPC_MOV && in->num_opnds == 2 &&
        in->opnds[1].vec.vclass == VSMP_VEC_PREDICATE) {
        /* a flag copy is scalar, unpredicated, into a wide enough integer, without .sat */
        const char *why,
            *rule = vsmp_rule_flag_copy(lanes, in->pred != 0, in->opnds[0].vec.mod == VSMP_MOD_SAT,
                                        vec_type(c, &in->opnds[0].vec), &why);
        if (rule)
            ERR(c, rule, "%s: %s", mnem(in), why);
    }
    /* OWORD_LD.md, OWORD_ST.md: Size bits 2..0 are 1, 2, 4 or 8 owords (codes 0..3) */
    if ((in->opcode == VSMP_OPC_OWORD_LD || in->opcode == VSMP_OPC_OWORD_LD_UNALIGNED ||
         in->opcode == VSMP_OPC_OWORD_ST) &&
        in->num_opnds && in->opnds[0].kind == VSMP_OPND_VALUE && (in->opnds[0].value & 7u) > 3)
        ERR(c, "oword-size", "%s: size code %u (0..3: 1, 2, 4 or 8 owords)", mnem(in),
            in->opnds[0].value & 7u);
    if (in->opcode == VSMP_OPC_MEDIA_LD || in->opcode == VSMP_OPC_MEDIA_ST)
        check_media(c);
    if (in->opcode == VSMP_OPC_LSC_TYPED && in->num_opnds == 10 &&
        (in->subop == VSMP_SOP_LSC_TLOAD_BLOCK2D || in->subop == VSMP_SOP_LSC_TSTORE_BLOCK2D)) {
        const char *why, *rule = vsmp_rule_tblock2d(in->opnds[2].value, in->opnds[3].value,
                                                    in->opnds[4].value, &why);
        if (rule)
            ERR(c, rule, "%s: %ux%u block: %s", mnem(in), in->opnds[3].value, in->opnds[4].value,
                why);
    }
    unsigned srcpos = 0;
    for (unsigned i = 0; i < in->num_opnds; i++) {
        const vsmp_opnd *o = &in->opnds[i];
        switch (o->kind) {
        case VSMP_OPND_VEC_DST:
        case VSMP_OPND_VEC_SRC: {
            bool dst = o->kind == VSMP_OPND_VEC_DST;
            check_vec_decl(c, &o->vec, (int)i);
            if (o->vec.vclass > VSMP_VEC_STATE || o->vec.vclass == 4)
                continue;
            const char *cwhy,
                *crule = vsmp_rule_opnd_class(in->opcode, dst, srcpos, o->vec.vclass, &cwhy);
            if (crule)
                ERR(c, crule, "%s: operand %u cannot be %s", mnem(in), i, cwhy);
            if (!dst)
                srcpos++;
            if (dst && o->vec.vclass == VSMP_VEC_PREDICATE && lanes) {
                unsigned id = VSMP_PRED_ID(o->vec.var);
                if (id >= 1 && id <= r->num_preds && r->preds[id - 1].num_elts < lanes)
                    ERR(c, "pred-width", "%s: predicate %s has %u elements for %u lanes", mnem(in),
                        vsmp_routine_string(r, r->preds[id - 1].name), r->preds[id - 1].num_elts,
                        lanes);
            }
            if (lanes && (row->family <= VSMP_FAM_ADDR)) {
                check_region(c, &o->vec, dst, lanes, i);
                check_vec_bounds(c, &o->vec, dst, o->vec.region == 0x0121 ? 1 : lanes, (int)i);
            }
            int t = vec_type(c, &o->vec);
            const char *why,
                *rule = t < 0 ? NULL
                              : vsmp_rule_opnd_type(in->opcode, (unsigned)t, o->vec.vclass, &why);
            if (rule)
                ERR(c, rule, "%s: operand %u has type %s; %s takes %s", mnem(in), i,
                    vsmp_type_name((unsigned)t), mnem(in), why);
            break;
        }
        case VSMP_OPND_RAW_DST:
        case VSMP_OPND_RAW_SRC: {
            vsmp_raw rw = o->raw;
            if (rw.var >= VSMP_NUM_PREDEF_VARS &&
                (rw.var < VSMP_FIRST_VAR || rw.var - VSMP_FIRST_VAR >= r->num_vars)) {
                ERR(c, "operand-decl", "%s: operand %u names variable id %u, which is not declared",
                    mnem(in), i, rw.var);
            } else if (rw.var >= VSMP_FIRST_VAR) {
                const vsmp_var_decl *d = &r->vars[rw.var - VSMP_FIRST_VAR];
                uint32_t bytes = (uint32_t)d->num_elts * vsmp_type_size(d->type);
                if (rw.offset >= bytes)
                    ERR(c, "operand-bounds", "%s: operand %u starts at byte %u of %s, which has %u",
                        mnem(in), i, rw.offset, vname(c, rw.var), bytes);
            }
            break;
        }
        case VSMP_OPND_LABEL:
            if (o->value >= r->num_labels)
                ERR(c, "operand-decl", "%s: label %u is not declared", mnem(in), o->value);
            else if (in->opcode == VSMP_OPC_SUBROUTINE) {
                if (++li[o->value].defs == 2)
                    li[o->value].second_at = c->index + 1;
            } else if (!li[o->value].used_at) {
                li[o->value].used_at = c->index + 1;
            }
            break;
        default:
            break;
        }
    }
}

static void check_labels(vctx *c, const labinfo *li)
{
    for (uint32_t i = 0; i < c->r->num_labels; i++) {
        const char *n = vsmp_routine_string(c->r, c->r->labels[i].name);
        if (li[i].defs > 1) {
            c->in = &c->r->insts[li[i].second_at - 1];
            ERR(c, "label", "label %s is defined %u times", n ? n : "?", li[i].defs);
        }
        if (li[i].used_at && !li[i].defs) {
            c->in = &c->r->insts[li[i].used_at - 1];
            ERR(c, "label", "label %s is used but never defined", n ? n : "?");
        }
    }
    c->in = NULL;
}

/* Rule input-offset: a kernel's inputs are bytes of its thread payload, "the offset in bytes of
 * where this input is stored in Gen's general register file" (4_visa_header.md input_info): each
 * lies inside the register file, 128 GRFs of the platform's size (the kernel's NumGRF attribute
 * when it has one). */
static void check_inputs(vctx *c)
{
    const vsmp_routine *r = c->r;
    uint32_t grfs = 128;
    for (uint32_t i = 0; i < r->num_attrs; i++) {
        const char *n = vsmp_routine_string(r, r->attrs[i].name);
        if (n && strcmp(n, "NumGRF") == 0 && r->attrs[i].size >= 1) {
            uint32_t v = r->attrs[i].value[0];
            if (r->attrs[i].size >= 2)
                v |= (uint32_t)r->attrs[i].value[1] << 8;
            if (v >= 1 && v <= 256)
                grfs = v;
        }
    }
    uint32_t file = grfs * c->pi->grf_bytes;
    for (uint32_t i = 0; i < r->num_inputs; i++) {
        const vsmp_input *in = &r->inputs[i];
        if (in->offset < 0 || (uint32_t)in->offset + in->size > file)
            ERR(c, "input-offset",
                "input %u: bytes %d..%d of the payload are outside the register file (%u GRFs of "
                "%u bytes: %u bytes)",
                i, in->offset, in->offset + (int)in->size - 1, grfs, c->pi->grf_bytes, file);
    }
}

static void check_routine(vctx *c)
{
    const vsmp_routine *r = c->r;
    c->in = NULL;
    if (r->is_kernel)
        check_inputs(c);
    if (r->num_samplers > 31)
        ERR(c, "declarations", "%u samplers declared; at most 31 are allowed", r->num_samplers);
    for (uint32_t i = 0; i < r->num_vars; i++) {
        const vsmp_var_decl *v = &r->vars[i];
        if (vsmp_tclass_of(v->type) == VSMP_TCLASS_PACKED)
            ERR(c, "declarations", "variable %s has a vector-immediate type",
                vsmp_routine_string(r, v->name) ? vsmp_routine_string(r, v->name) : "?");
        if (v->alias_scope)
            ERR(c, "declarations", "variable alias scope must be 0 (file scope is gone)");
        if (v->alias && (v->alias >= VSMP_FIRST_VAR + r->num_vars ||
                         (v->alias >= VSMP_NUM_PREDEF_VARS && v->alias < VSMP_FIRST_VAR)))
            ERR(c, "declarations", "variable %u aliases an undeclared variable", i + 32);
        /* %r0 (pre-defined variable 7) is one GRF: 32 bytes, 64 on Xe2 and later; IGC 2.x's
         * Xe2 kernels alias all 64 bytes of it */
        uint32_t bytes =
            (uint32_t)v->alias_offset + (uint32_t)v->num_elts * vsmp_type_size(v->type);
        if (v->alias == 7 && bytes > c->pi->grf_bytes)
            ERR(c, "declarations",
                "variable %s aliases bytes %u..%u of %%r0, which is one %u-byte GRF on %s",
                vsmp_routine_string(r, v->name) ? vsmp_routine_string(r, v->name) : "?",
                v->alias_offset, bytes - 1, c->pi->grf_bytes, c->pi->name);
    }
    labinfo *li = calloc(r->num_labels + 1, sizeof(*li));
    if (!li) {
        ERR(c, "declarations", "out of memory while checking labels");
        return;
    }
    for (uint32_t i = 0; i < r->num_insts; i++) {
        c->in = &r->insts[i];
        c->index = i;
        switch (c->in->opcode) {
        case VSMP_OPC_3D_SAMPLE:
        case VSMP_OPC_3D_LOAD:
            check_sampler_op(c);
            break;
        case VSMP_OPC_3D_INFO:
            check_info(c);
            break;
        case VSMP_OPC_SAMPLE_UNORM:
            check_unorm(c);
            break;
        case VSMP_OPC_RET:
            check_pred(c);
            break;
        case VSMP_OPC_LABEL:
            if (c->in->label >= r->num_labels)
                ERR(c, "operand-decl", "label %u is not declared", c->in->label);
            else if (++li[c->in->label].defs == 2)
                li[c->in->label].second_at = i + 1;
            break;
        case VSMP_OPC_3D_GATHER4:
            break;
        default:
            check_generic(c, li);
            break;
        }
    }
    check_labels(c, li);
    free(li);
}

vsmp_status vsmp_module_check(const vsmp_module *m, const vsmp_check_options *opt,
                              vsmp_diags *diags)
{
    if (!m || !opt || !vsmp_platform_info_get(opt->platform))
        return VSMP_ERR_ARG;
    vsmp_diags local;
    vsmp_diags_init(&local);
    if (!diags)
        diags = &local;
    size_t before = diags->errors;
    vctx c;
    memset(&c, 0, sizeof(c));
    c.pi = vsmp_platform_info_get(opt->platform);
    c.plat = opt->platform;
    c.diags = diags;
    for (uint32_t i = 0; i < m->num_kernels; i++) {
        c.r = &m->kernels[i];
        check_routine(&c);
    }
    for (uint32_t i = 0; i < m->num_functions; i++) {
        c.r = &m->functions[i];
        check_routine(&c);
    }
    bool bad = diags->errors > before;
    vsmp_diags_free(&local);
    return bad ? VSMP_ERR_INVALID : VSMP_OK;
}
