/* SPDX-License-Identifier: MIT */
/* The rules the validator and the machine share (rules.h). */
#include "rules.h"

#include "isa_internal.h"

const char *vsmp_rule_opnd_type(unsigned opcode, unsigned t, unsigned vclass, const char **why)
{
    const vsmp_opcode_info *row = vsmp_opcode_info_get(opcode);
    if (!row || vclass == VSMP_VEC_PREDICATE)
        return NULL;
    bool imm = vclass == VSMP_VEC_IMMEDIATE;
    bool packed_int = imm && (t == VSMP_TYPE_V || t == VSMP_TYPE_UV);
    switch ((vsmp_type_set)row->types) {
    case VSMP_TS_FLOAT:
        if (!vsmp_type_is_float(t) && !(imm && t == VSMP_TYPE_VF)) {
            *why = "floating-point operands only";
            return "type";
        }
        break;
    case VSMP_TS_INT:
        if (!vsmp_type_is_int(t) && !packed_int) {
            *why = "integer operands only";
            return "type";
        }
        break;
    case VSMP_TS_ANY:
        break;
    }
    /* ADDC.md, SUBB.md: "Supported Types: UD". A narrower integer (IGC's `:uv` immediates) is its
     * value modulo 2^32; a 64-bit one has no meaning there */
    if ((opcode == VSMP_OPC_ADDC || opcode == VSMP_OPC_SUBB) && !packed_int &&
        vsmp_type_size(t) > 4) {
        *why = "integers of 32 bits or less";
        return "type";
    }
    return NULL;
}

const char *vsmp_rule_vec_decl(const vsmp_routine *r, const vsmp_vec *v, const char **why)
{
    switch (v->vclass) {
    case VSMP_VEC_GENERAL:
        if (v->var < VSMP_NUM_PREDEF_VARS ||
            (v->var >= VSMP_FIRST_VAR && v->var - VSMP_FIRST_VAR < r->num_vars))
            return NULL;
        *why = "names a variable that is not declared";
        return "operand-decl";
    case VSMP_VEC_ADDRESS:
    case VSMP_VEC_INDIRECT:
        if (v->var < r->num_addrs && v->row < r->addrs[v->var].num_elts)
            return NULL;
        *why = v->var < r->num_addrs ? "names an element past its address variable's declared ones"
                                     : "names an address variable that is not declared";
        return "operand-decl";
    case VSMP_VEC_PREDICATE:
        if (VSMP_PRED_ID(v->var) >= 1 && VSMP_PRED_ID(v->var) <= r->num_preds)
            return NULL;
        *why = "names a predicate that is not declared";
        return "operand-decl";
    case VSMP_VEC_STATE:
        if (v->row == 0 && (v->var < VSMP_NUM_PREDEF_SURFS ||
                            (v->var - VSMP_NUM_PREDEF_SURFS < r->num_surfaces &&
                             v->col < r->surfaces[v->var - VSMP_NUM_PREDEF_SURFS].num_elts)))
            return NULL;
        if (v->row == 1 && (v->var == VSMP_BINDLESS_SAMPLER ||
                            (v->var < r->num_samplers && v->col < r->samplers[v->var].num_elts)))
            return NULL;
        *why = v->row > 1 ? "has a state class other than surface (0) or sampler (1)"
               : v->row   ? "names a sampler, or an element of one, that is not declared"
                          : "names a surface, or an element of one, that is not declared";
        return "operand-decl";
    default:
        return NULL;
    }
}

enum {
    G = 1u << VSMP_VEC_GENERAL,
    A = 1u << VSMP_VEC_ADDRESS,
    P = 1u << VSMP_VEC_PREDICATE,
    I = 1u << VSMP_VEC_INDIRECT,
    M = 1u << VSMP_VEC_IMMEDIATE,
    S = 1u << VSMP_VEC_STATE,
};

/* the opnds column's sets: the destination's classes, source 0's, the other sources' */
static const uint8_t opnd_sets[][3] = {
    [VSMP_OC_VEC] = {G | I, G | I | M, G | I | M},
    [VSMP_OC_BITS] = {G | I | P, G | I | M | P, G | I | M | P},
    [VSMP_OC_MOV] = {G | I | P | A, G | I | M | P | A, G | I | M | P | A},
    [VSMP_OC_MOVS] = {G | I | P | A | S, G | I | M | P | A | S, G | I | M | P | A | S},
    [VSMP_OC_SETP] = {P, G | I | M, G | I | M},
    [VSMP_OC_CMP] = {P | G, G | I | M, G | I | M},
    [VSMP_OC_ADDR] = {A, G | A | S, G | M},
    [VSMP_OC_MSG] = {G | I, G | I | M | A | P | S, G | I | M | A | P | S},
};

unsigned vsmp_opnd_classes(unsigned opcode, bool dst, unsigned srcpos)
{
    const vsmp_opcode_info *row = vsmp_opcode_info_get(opcode);
    unsigned set = row ? row->opnds : VSMP_OC_MSG;
    return opnd_sets[set][dst ? 0 : srcpos == 0 ? 1 : 2];
}

const char *vsmp_rule_opnd_class(unsigned opcode, bool dst, unsigned srcpos, unsigned vclass,
                                 const char **why)
{
    static const char *const names[8] = {"a general variable",  "an address", "a predicate",
                                         "an indirect operand", "?",          "an immediate",
                                         "a state variable",    "?"};
    if (vclass > VSMP_VEC_STATE || vclass == 4 ||
        (vsmp_opnd_classes(opcode, dst, srcpos) >> vclass & 1u))
        return NULL;
    *why = names[vclass & 7];
    return "operand-class";
}

const char *vsmp_rule_exec_fit(unsigned lanes, unsigned emask, const char **why)
{
    if (lanes < 1 || lanes > 32) { /* the binary form's codes give 1, 2, 4, 8, 16, 32 */
        *why = "the execution size must be 1 to 32 lanes";
        return "exec-size";
    }
    if (lanes + 4u * (emask & 7u) > 32) {
        *why = "the execution size with the mask's channel offset runs past 32 channels (lanes + "
               "4 * offset must be <= 32)";
        return "exec-mask";
    }
    return NULL;
}

const char *vsmp_rule_flag_copy(unsigned lanes, bool predicated, bool sat, int dst_type,
                                const char **why)
{
    const char *rule =
        lanes != 1     ? "exec-size"
        : predicated   ? "predicate"
        : sat          ? "operand-class"
        : dst_type < 0 ? NULL
        : !vsmp_type_is_int((unsigned)dst_type) || vsmp_type_size((unsigned)dst_type) > 4 ? "type"
                                                                                          : NULL;
    if (rule)
        *why = "a flag copy is scalar, unpredicated, into an integer of 32 bits or less, without "
               ".sat";
    return rule;
}

uint64_t vsmp_region_last(unsigned vs, unsigned w, unsigned hs, bool dst, unsigned lanes)
{
    if (!lanes)
        return 0;
    if (dst || w == 0)
        return (uint64_t)(lanes - 1) * hs;
    /* the last lane's element, or the end of the row before when the last row is partial */
    unsigned rl = (lanes - 1) / w, cl = (lanes - 1) % w;
    uint64_t last = (uint64_t)rl * vs + (uint64_t)cl * hs;
    if (rl && cl + 1 < w) {
        uint64_t prev = (uint64_t)(rl - 1) * vs + (uint64_t)(w - 1) * hs;
        if (prev > last)
            last = prev;
    }
    return last;
}

const char *vsmp_rule_sampler_dst(unsigned opcode, unsigned t, const char **why)
{
    if (opcode == VSMP_OPC_3D_INFO) {
        if (t == VSMP_TYPE_UD)
            return NULL;
        *why = "INFO writes UD";
        return "dst-type";
    }
    if (t == VSMP_TYPE_HF || t == VSMP_TYPE_F || t == VSMP_TYPE_W || t == VSMP_TYPE_UW ||
        t == VSMP_TYPE_D || t == VSMP_TYPE_UD)
        return NULL;
    *why = "the sampler writes HF, F, W, UW, D or UD";
    return "dst-type";
}

const char *vsmp_rule_sampler_param(bool load, unsigned t, const char **why)
{
    if (load) { /* 3D_LOAD.md / INFO.md: UD or UW (D, W accepted as GenX_IR does) */
        if (t == VSMP_TYPE_UD || t == VSMP_TYPE_D || t == VSMP_TYPE_UW || t == VSMP_TYPE_W)
            return NULL;
        *why = "loads and INFO read UD, D, UW or W";
        return "param-type";
    }
    if (t == VSMP_TYPE_F || t == VSMP_TYPE_HF) /* 3D_SAMPLE.md: F, or HF from ICLLP on */
        return NULL;
    *why = "sampling reads F or HF";
    return "param-type";
}

unsigned vsmp_media_pitch(unsigned width)
{
    unsigned p = 4;
    while (p < width)
        p *= 2;
    return p;
}

const char *vsmp_rule_media(unsigned opcode, unsigned mod, unsigned surface, unsigned plane,
                            unsigned width, unsigned height, const char **why)
{
    bool st = opcode == VSMP_OPC_MEDIA_ST;
    if (mod >= (st ? 4u : 6u)) {
        *why = st ? "the modifier must be 0..3" : "the modifier must be 0..5";
        return "media-block";
    }
    if (surface == 0 || surface == 5) {
        *why = surface ? "surface T5 (stateless) is not a 2D surface"
                       : "surface T0 (shared local memory) is not a 2D surface";
        return "media-block";
    }
    if (plane > 3) {
        *why = "the plane must be 0..3";
        return "media-block";
    }
    if (width < 1 || width > 64 || height < 1 || height > 64) {
        *why = "block width and height must be 1..64";
        return "media-block";
    }
    if (vsmp_media_pitch(width) * height > 256) {
        *why = "the block must fit one transaction: register pitch x height <= 256 bytes";
        return "media-block";
    }
    return NULL;
}

const char *vsmp_rule_media_offset(unsigned t, const char **why)
{
    if (vsmp_type_is_int(t) && vsmp_type_size(t) <= 4)
        return NULL;
    *why = "the X and Y offsets are integers of 32 bits or less";
    return "type";
}

/* LSC_TYPED.md (instructions-head), lsc_load_block2d / lsc_store_block2d .tgm: "BlockWidth ...
 * in bytes ... Valid value is [1, 64]", "BlockHeight ... Valid value is [1, 64]"; the surface is
 * typed: bss, ss or bti (AddrType 2..4) */
const char *vsmp_rule_tblock2d(unsigned addr_type, unsigned width, unsigned height,
                               const char **why)
{
    if (addr_type < 2 || addr_type > 4) {
        *why = "the surface must be bss(...), ss(...) or bti(...)";
        return "lsc-block2d";
    }
    if (width < 1 || width > 64 || height < 1 || height > 64) {
        *why = "block width (bytes) and height must be 1..64";
        return "lsc-block2d";
    }
    return NULL;
}
