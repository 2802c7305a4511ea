/* SPDX-License-Identifier: MIT */
/*
 * LSC untyped messages (LSC_UNTYPED.md, instructions-head): lsc_load and lsc_store, through a
 * binding-table surface (bti) or a flat (stateless) address. The operand layout is
 *
 *   sfid l1 l3 addr_type scale imm_offset addr_size data_size order elems cmask
 *   surface dst src0 src1 src2
 *
 * Per enabled lane n and vector element v: address = Base + scale * Src0Addrs[n] + imm_offset;
 * non-transposed data is DstData[v].elems[n] (each vector element starts a new GRF run),
 * transposed (SIMD1) data is DstData[0].elems[v].
 *
 * bti: the bytes of the surface bound at that index; reads outside it return zeros, writes
 * outside it are dropped (as the surface messages' "Out-of-bound Access"). bss: the same for
 * the surface a bindless surface-state offset names ("BindlessSurfaceStateHeap[Surface]",
 * LSC_UNTYPED.md; the machine's heap is its binding table, vsmp/exec.h). flat: the SVM
 * mappings (vsmp_machine_map_surface); an address outside every mapping is a run-time fault.
 * ss: "SurfaceStateHeap[Surface]"; the machine's surface-state heap holds one surface, the
 * thread's scratch space (T5, vsmp_machine_set_scratch) at offset 0, as bti's out of bounds.
 * IGC 2.40 keeps private arrays there on Xe2/Xe3 (`lsc_store.ugm ss(V)[a]:a32` with V = r0.5
 * >> 4, the scratch surface-state offset, 0 in the launcher's r0); the offset's bits 5:0 are
 * not part of it (surface states are 64 bytes apart), any other offset is a run-time error.
 *
 * LSC typed (LSC_TYPED.md): lsc_load_quad and lsc_store_quad .tgm through a bti or bss surface,
 * at the end of the file.
 */
#include <string.h>

#include "exec_internal.h"
#include "rules.h"

enum { LSC_FLAT = 1, LSC_BSS = 2, LSC_SS = 3, LSC_BTI = 4 }; /* AddrType */
enum { LSC_A32 = 2, LSC_A64 = 3 };                           /* AddrSize */
enum { LSC_NONTRANSPOSE = 1, LSC_TRANSPOSE = 2 };            /* DataOrder */

/* DataElemsPerAddr encoding -> vector size (LSC_UNTYPED.md, table_LSC_DataElemsPerAddr) */
static const uint8_t lsc_vec_size[9] = {0, 1, 2, 3, 4, 8, 16, 32, 64};

/* The planned fields, kept in the xinst: val[0] sub-op, aux the data size code; the rest in
 * the operand list, read when the instruction runs. */
typedef struct lsc_msg {
    unsigned sfid, atype, scale, asize, dsize, order, vec;
    int32_t off;
    unsigned mem_bytes; /* bytes of one datum in memory */
    unsigned reg_bytes; /* bytes of one datum in the register */
} lsc_msg;

static void lsc_fields(const vsmp_inst *in, lsc_msg *g)
{
    const vsmp_opnd *o = in->opnds;
    g->sfid = o[0].value;
    g->atype = o[3].value;
    g->scale = o[4].value;
    g->off = (int32_t)o[5].value;
    g->asize = o[6].value;
    g->dsize = o[7].value;
    g->order = o[8].value;
    g->vec = o[9].value < 9 ? lsc_vec_size[o[9].value] : 0;
    /* d8 1, d16 2, d32 4, d64 8; d8u32 and d16u32 move 1 and 2 bytes widened to a DWord */
    static const uint8_t mem[8] = {0, 1, 2, 4, 8, 1, 2, 0};
    static const uint8_t reg[8] = {0, 1, 2, 4, 8, 4, 4, 0};
    g->mem_bytes = g->dsize < 8 ? mem[g->dsize] : 0;
    g->reg_bytes = g->dsize < 8 ? reg[g->dsize] : 0;
}

/* One memory access: a pointer to @p n bytes at @p a, NULL when outside (bti: read zeros, drop
 * writes; flat: the caller faults). */
typedef struct lsc_mem {
    uint8_t *p; /* bti / slm: the bytes */
    uint64_t size;
    bool flat;
} lsc_mem;

static uint8_t *lsc_ptr(vsmp_machine *m, const lsc_mem *b, uint64_t a, unsigned n)
{
    if (!b->flat)
        return a <= b->size && b->size - a >= n ? b->p + a : NULL;
    for (unsigned i = 0; i < m->nsvm; i++) {
        const vsmp_surface_desc *d = vsmp_surface_get_desc(m->svm[i].s);
        if (a >= m->svm[i].base && a - m->svm[i].base <= d->data_size &&
            d->data_size - (a - m->svm[i].base) >= n)
            return (uint8_t *)d->data + (a - m->svm[i].base);
    }
    return NULL;
}

static bool lsc_surface(vsmp_machine *m, const xinst *x, const lsc_msg *g, lsc_mem *b)
{
    memset(b, 0, sizeof(*b));
    if (g->sfid == 3) { /* .slm */
        b->p = m->slm;
        b->size = m->slm_size;
        return true;
    }
    if (g->atype == LSC_FLAT) {
        b->flat = true;
        return true;
    }
    const vsmp_vec *sv = &x->in->opnds[11].vec;
    uint32_t bti;
    if (sv->vclass == VSMP_VEC_IMMEDIATE) {
        bti = (uint32_t)sv->imm;
    } else {
        xscalar sc;
        uint64_t bits;
        if (vsmp_x_scalar(m, x->in, sv, "surface", &sc) || !vsmp_x_read_scalar(m, &sc, &bits))
            return false;
        bti = (uint32_t)bits;
    }
    if (g->atype == LSC_SS) {
        if (bti >> 6) {
            vsmp_x_report(m, x->in, "exec-binding",
                          "instruction %u: lsc surface-state offset 0x%x names no surface (the "
                          "scratch space is the one at 0)",
                          x->index, bti);
            return false;
        }
        if (!m->scratch) {
            vsmp_x_report(m, x->in, "exec-binding",
                          "instruction %u: lsc surface-state offset 0x%x: the machine has no "
                          "scratch space",
                          x->index, bti);
            return false;
        }
        b->p = m->scratch;
        b->size = m->scratch_size;
        return true;
    }
    uint32_t named = bti;
    if (g->atype == LSC_BSS)
        bti = vsmp_x_bindless(bti);
    if (bti >= VSMP_MAX_BINDINGS || !m->bt[bti]) {
        vsmp_x_report(
            m, x->in, "exec-binding", "instruction %u: lsc %s %u has no surface bound", x->index,
            g->atype == LSC_BSS ? "bindless surface-state offset" : "binding-table index", named);
        return false;
    }
    const vsmp_surface_desc *d = vsmp_surface_get_desc(m->bt[bti]);
    b->p = d->data;
    b->size = d->data_size;
    return true;
}

/* Lane n's address: its 32- or 64-bit word of the address operand, scaled and offset, then
 * wrapped to the address size (a32: 32 bits; slm: the shared memory's offsets). */
static uint64_t lsc_lane_addr(const lsc_msg *g, const uint8_t *addrs, unsigned n)
{
    unsigned abytes = g->asize == LSC_A64 ? 8u : 4u;
    uint64_t a = x_ld(addrs + abytes * n, 4);
    if (abytes == 8)
        a |= (uint64_t)x_ld(addrs + abytes * n + 4, 4) << 32;
    a = a * g->scale + (uint64_t)(int64_t)g->off;
    if (g->asize == LSC_A32)
        a &= 0xffffffffu;
    if (g->sfid == 3)
        a &= X_SLM_MASK;
    return a;
}

static vsmp_status run_lsc(vsmp_machine *m, xinst *x, xstep *s)
{
    lsc_msg g;
    lsc_fields(x->in, &g);
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    lsc_mem b;
    if (!lsc_surface(m, x, &g, &b))
        return VSMP_ERR_INVALID;
    bool store = x->in->subop == VSMP_SOP_LSC_STORE;
    bool tr = g.order == LSC_TRANSPOSE;
    uint32_t run = tr ? 0 : vsmp_geom_rows(x->lanes, g.reg_bytes, m->grf) * m->grf;
    const uint8_t *addrs = m->arena + x->g->raw[1].var;
    uint8_t *data = store                        ? m->arena + x->g->raw[2].var
                    : x->g->raw[0].var == X_NONE ? NULL
                                                 : m->arena + x->g->raw[0].var;
    for (unsigned n = 0; n < x->lanes; n++) {
        if (!(en >> n & 1u))
            continue;
        uint64_t a = lsc_lane_addr(&g, addrs, n);
        for (unsigned v = 0; v < g.vec; v++) {
            uint64_t at = a + (uint64_t)v * g.mem_bytes;
            uint8_t *r = !data ? NULL
                         : tr  ? data + (size_t)v * g.reg_bytes
                               : data + (size_t)v * run + (size_t)n * g.reg_bytes;
            uint8_t *p = lsc_ptr(m, &b, at, g.mem_bytes);
            if (!p && b.flat) {
                vsmp_x_report(m, x->in, "exec-address",
                              "instruction %u: lsc flat address 0x%llx (%u bytes) is not in a "
                              "mapped surface",
                              x->index, (unsigned long long)at, g.mem_bytes);
                return VSMP_ERR_INVALID;
            }
            if (store) {
                if (p)
                    memcpy(p, r, g.mem_bytes);
            } else if (r) {
                memset(r, 0, g.reg_bytes);
                if (p)
                    memcpy(r, p, g.mem_bytes);
            }
        }
    }
    if (!store && data) {
        s->dst_var = x->in->opnds[12].raw.var;
        s->dst_offset = x->in->opnds[12].raw.offset;
        s->dst_size = tr ? g.vec * g.reg_bytes : g.vec * run;
    }
    return VSMP_OK;
}

/* lsc_atomic_*: per enabled lane, one atomic operation (atomic.c) on the datum at the lane's
 * address (computed as for lsc_load); src1 the operand, src2 the value swapped in by icas and
 * fcas when the old value equals src1 (LSC_UNTYPED.md: "set to VIFEQ only if (VCMP ==
 * [VOFF])"); the old value returned in the dst (d16u32: zero-extended to a DWord). Bti and slm
 * addresses outside their memory change nothing and return 0; a flat one faults. */
static const uint8_t lsc_aop[19] = {XA_INC,  XA_DEC,  XA_LOAD, XA_STORE, XA_ADD,  XA_SUB,  XA_IMIN,
                                    XA_IMAX, XA_UMIN, XA_UMAX, XA_CAS,   XA_FADD, XA_FSUB, XA_FMIN,
                                    XA_FMAX, XA_FCAS, XA_AND,  XA_OR,    XA_XOR};

static vsmp_status run_lsc_atomic(vsmp_machine *m, xinst *x, xstep *s)
{
    lsc_msg g;
    lsc_fields(x->in, &g);
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    if (!en)
        return VSMP_OK;
    lsc_mem b;
    if (!lsc_surface(m, x, &g, &b))
        return VSMP_ERR_INVALID;
    unsigned op = lsc_aop[x->in->subop - VSMP_SOP_LSC_ATOMIC_IINC];
    unsigned rb = g.reg_bytes;
    const uint8_t *addrs = m->arena + x->g->raw[1].var;
    const uint8_t *s1 = x->g->raw[2].var == X_NONE ? NULL : m->arena + x->g->raw[2].var;
    const uint8_t *s2 = x->g->raw[3].var == X_NONE ? NULL : m->arena + x->g->raw[3].var;
    uint8_t *d = x->g->raw[0].var == X_NONE ? NULL : m->arena + x->g->raw[0].var;
    uint64_t res[32];
    for (unsigned n = 0; n < x->lanes; n++) {
        if (!(en >> n & 1u))
            continue;
        uint64_t a = lsc_lane_addr(&g, addrs, n);
        uint64_t v1 = 0, v2 = 0;
        if (s1)
            v1 = x_ld(s1 + rb * n, 4) | (rb == 8 ? (uint64_t)x_ld(s1 + rb * n + 4, 4) << 32 : 0);
        if (s2)
            v2 = x_ld(s2 + rb * n, 4) | (rb == 8 ? (uint64_t)x_ld(s2 + rb * n + 4, 4) << 32 : 0);
        if (a % g.mem_bytes) {
            vsmp_x_report(m, x->in, "exec-address",
                          "instruction %u: lsc atomic address 0x%llx is not %u-byte aligned",
                          x->index, (unsigned long long)a, g.mem_bytes);
            return VSMP_ERR_INVALID;
        }
        uint8_t *p = lsc_ptr(m, &b, a, g.mem_bytes);
        if (!p && b.flat) {
            vsmp_x_report(m, x->in, "exec-address",
                          "instruction %u: lsc flat address 0x%llx (%u bytes) is not in a "
                          "mapped surface",
                          x->index, (unsigned long long)a, g.mem_bytes);
            return VSMP_ERR_INVALID;
        }
        bool cas = op == XA_CAS || op == XA_FCAS;
        res[n] = p ? vsmp_x_atomic(p, g.mem_bytes, op, cas ? v2 : v1, v1) : 0;
    }
    if (d) {
        for (unsigned n = 0; n < x->lanes; n++)
            if (en >> n & 1u) {
                x_st(d + rb * n, (uint32_t)res[n], 4);
                if (rb == 8)
                    x_st(d + rb * n + 4, (uint32_t)(res[n] >> 32), 4);
            }
        s->dst_var = x->in->opnds[12].raw.var;
        s->dst_offset = x->in->opnds[12].raw.offset;
        s->dst_size = rb * x->lanes;
    }
    return VSMP_OK;
}

static vsmp_status lsc_refuse(vsmp_machine *m, const xinst *x, const char *what)
{
    const vsmp_opcode_info *oi = vsmp_subop_info_get(x->in->opcode, x->in->subop);
    vsmp_x_report(m, x->in, "exec-unsupported", "instruction %u (%s): %s", x->index,
                  oi ? oi->mnemonic : "lsc_untyped", what);
    return VSMP_ERR_UNSUPPORTED;
}

/* A raw operand of @p bytes: its arena offset into @p out (X_NONE for %null when allowed). */
static vsmp_status lsc_raw(vsmp_machine *m, const xinst *x, const vsmp_raw *r, uint32_t bytes,
                           bool null_ok, uint32_t *out)
{
    if (r->var == 0 && null_ok) {
        *out = X_NONE;
        return VSMP_OK;
    }
    if (r->var == 0 || r->var >= m->nvars || !m->vars[r->var].present ||
        (r->var >= VSMP_NUM_PREDEF_VARS && r->var < VSMP_FIRST_VAR)) {
        vsmp_x_report(m, x->in, "operand-decl", "instruction %u: raw operand names no variable",
                      x->index);
        return VSMP_ERR_INVALID;
    }
    const xvar *v = &m->vars[r->var];
    if ((uint64_t)r->offset + bytes > v->bytes) {
        vsmp_x_report(m, x->in, "operand-bounds",
                      "instruction %u: raw operand needs %u bytes from offset %u, its variable "
                      "has %u",
                      x->index, bytes, r->offset, v->bytes);
        return VSMP_ERR_INVALID;
    }
    *out = v->at + r->offset;
    return VSMP_OK;
}

vsmp_status vsmp_x_plan_lsc(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    if (in->opcode != VSMP_OPC_LSC_UNTYPED || in->num_opnds != 16)
        return lsc_refuse(m, x, "this LSC form is not implemented");
    bool atomic = in->subop >= VSMP_SOP_LSC_ATOMIC_IINC && in->subop <= VSMP_SOP_LSC_ATOMIC_XOR;
    if (in->subop != VSMP_SOP_LSC_LOAD && in->subop != VSMP_SOP_LSC_STORE && !atomic)
        return lsc_refuse(m, x, "only lsc_load, lsc_store and lsc_atomic_* are implemented");
    const char *why, *rule = vsmp_rule_exec_fit(in->exec_size, in->emask, &why);
    if (rule) {
        vsmp_x_report(m, in, rule, "instruction %u: exec size %u: %s", x->index, in->exec_size,
                      why);
        return VSMP_ERR_INVALID;
    }
    lsc_msg g;
    lsc_fields(in, &g);
    if (g.sfid != 0 && g.sfid != 3)
        return lsc_refuse(m, x, "only the .ugm and .slm units are implemented");
    if (g.sfid == 3
            ? g.atype != LSC_FLAT
            : g.atype != LSC_FLAT && g.atype != LSC_BTI && g.atype != LSC_BSS && g.atype != LSC_SS)
        return lsc_refuse(m, x,
                          "only flat, bss, ss and bti addresses (flat for .slm) are implemented");
    if (g.asize != LSC_A32 && g.asize != LSC_A64)
        return lsc_refuse(m, x, "only a32 and a64 addresses are implemented");
    if (!g.vec || !g.reg_bytes || !g.scale)
        return lsc_refuse(m, x, "data size, vector size or address scale out of range");
    bool tr = g.order == LSC_TRANSPOSE;
    if (g.order != LSC_TRANSPOSE && g.order != LSC_NONTRANSPOSE)
        return lsc_refuse(m, x, "data order neither transposed nor not");
    if (tr && (in->exec_size != 1 || g.mem_bytes < 4))
        return lsc_refuse(m, x, "transposed data is SIMD1 of d32 or d64");
    if (!tr && g.mem_bytes < 4 && g.reg_bytes < 4)
        return lsc_refuse(m, x, "non-transposed d8 and d16 take d8u32 and d16u32");
    const vsmp_vec *sv = &in->opnds[11].vec;
    if ((g.atype == LSC_BTI || g.atype == LSC_BSS || g.atype == LSC_SS) &&
        sv->vclass != VSMP_VEC_IMMEDIATE) {
        xscalar sc;
        vsmp_status st = vsmp_x_scalar(m, in, sv, "surface", &sc);
        if (st)
            return st;
    }
    x->lanes = (uint8_t)in->exec_size;
    if (atomic) {
        unsigned op = lsc_aop[in->subop - VSMP_SOP_LSC_ATOMIC_IINC];
        bool fl = op == XA_FADD || op == XA_FSUB || op == XA_FMIN || op == XA_FMAX || op == XA_FCAS;
        if (tr || g.vec != 1 || (g.mem_bytes != 2 && g.mem_bytes != 4 && g.mem_bytes != 8) ||
            (g.mem_bytes == 2 && g.reg_bytes != 4) || (fl && g.mem_bytes == 8))
            return lsc_refuse(m, x,
                              "atomics take one d16u32, d32 or d64 datum per lane, not transposed "
                              "(float ones d16u32 or d32)");
        unsigned nargs = op == XA_INC || op == XA_DEC || op == XA_LOAD ? 0u
                         : op == XA_CAS || op == XA_FCAS               ? 2u
                                                                       : 1u;
        uint32_t bytes = g.reg_bytes * x->lanes;
        x->g->nraw = 4;
        x->g->raw[0].var = x->g->raw[1].var = x->g->raw[2].var = x->g->raw[3].var = X_NONE;
        vsmp_status st =
            lsc_raw(m, x, &in->opnds[13].raw, (g.asize == LSC_A64 ? 8u : 4u) * x->lanes, false,
                    &x->g->raw[1].var);
        if (!st)
            st = lsc_raw(m, x, &in->opnds[12].raw, bytes, true, &x->g->raw[0].var);
        if (!st && nargs >= 1)
            st = lsc_raw(m, x, &in->opnds[14].raw, bytes, false, &x->g->raw[2].var);
        if (!st && nargs == 2)
            st = lsc_raw(m, x, &in->opnds[15].raw, bytes, false, &x->g->raw[3].var);
        if (st)
            return st;
        x->run = run_lsc_atomic;
        return VSMP_OK;
    }
    bool store = in->subop == VSMP_SOP_LSC_STORE;
    /* non-transposed: vector element v at v * run; the last one needs only its lanes' bytes
     * (IGC stores a SIMD1 d32 from a one-DWord variable) */
    uint32_t data_bytes =
        tr ? g.vec * g.reg_bytes
           : (g.vec - 1u) * vsmp_geom_rows(x->lanes, g.reg_bytes, m->grf) * m->grf +
                 x->lanes * g.reg_bytes;
    uint32_t addr_bytes = (g.asize == LSC_A64 ? 8u : 4u) * x->lanes;
    x->g->nraw = 3;
    x->g->raw[0].var = x->g->raw[1].var = x->g->raw[2].var = X_NONE;
    vsmp_status st = lsc_raw(m, x, &in->opnds[13].raw, addr_bytes, false, &x->g->raw[1].var);
    if (!st && store)
        st = lsc_raw(m, x, &in->opnds[14].raw, data_bytes, false, &x->g->raw[2].var);
    if (!st && !store)
        st = lsc_raw(m, x, &in->opnds[12].raw, data_bytes, true, &x->g->raw[0].var);
    if (st)
        return st;
    x->run = run_lsc;
    return VSMP_OK;
}

/* ---- LSC typed: lsc_load_quad / lsc_store_quad .tgm (LSC_TYPED.md, instructions-head) ----
 *
 * Operands: l1 l3 addr_type addr_size data_size order elems cmask surface dst u v r lod src1
 * src2. "The lsc_load_quad and lsc_store_quad LSC_UNTYPED versions, except the address
 * calculation uses surface state and the U, V, R, and LOD coordinates": one texel per enabled
 * lane with the format's conversion, the enabled channels each a GRF run, as gather4_typed and
 * scatter4_typed (vsmp_x_typed_rw). Addresses left out (IGC 2.x writes one to three) are %null
 * and read as zeros ("This should be the null register for 1D surfaces"). The cache options
 * (.cc included) change nothing the machine can observe. */
enum { TGM_U = 10, TGM_SRC1 = 14 }; /* operand indices */

/* The binding-table index of a typed message's bti(...) or bss(...) surface: an immediate, or a
 * scalar read when the message runs; a bss value is a bindless surface-state offset, resolved as
 * the untyped messages' (IGC 2.x's Xe2/Xe3 image writes: "lsc_store_quad.tgm (M1, 16)
 * bss(V0071)[V0046]:a32 V0076:d32.xyzw"). */
static bool tgm_bti(vsmp_machine *m, const xinst *x, uint32_t *bti)
{
    const vsmp_vec *sv = &x->in->opnds[8].vec;
    if (sv->vclass == VSMP_VEC_IMMEDIATE) {
        *bti = (uint32_t)sv->imm;
    } else {
        xscalar sc;
        uint64_t bits;
        if (vsmp_x_scalar(m, x->in, sv, "surface", &sc) || !vsmp_x_read_scalar(m, &sc, &bits))
            return false;
        *bti = (uint32_t)bits;
    }
    uint32_t named = *bti;
    bool bss = x->in->opnds[2].value == LSC_BSS;
    if (bss)
        *bti = vsmp_x_bindless(named);
    if (*bti >= VSMP_MAX_BINDINGS || !m->bt[*bti]) {
        vsmp_x_report(m, x->in, "exec-binding", "instruction %u: lsc %s %u has no surface bound",
                      x->index, bss ? "bindless surface-state offset" : "binding-table index",
                      named);
        return false;
    }
    return true;
}

static vsmp_status run_tgm(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    if (!en)
        return VSMP_OK;
    uint32_t bti;
    if (!tgm_bti(m, x, &bti))
        return VSMP_ERR_INVALID;
    bool store = x->in->subop == VSMP_SOP_LSC_TSTORE_QUAD;
    if (!store && x->g->raw[4].var == X_NONE)
        return VSMP_OK; /* a %null dst: a prefetch, nothing written */
    /* typed writes store into the bound surface */
    vsmp_x_typed_rw(m, x, (vsmp_surface *)m->bt[bti], en, store);
    if (!store) {
        s->dst_var = x->in->opnds[9].raw.var;
        s->dst_offset = x->in->opnds[9].raw.offset;
        s->dst_size = x->note_size;
    }
    return VSMP_OK;
}

vsmp_status vsmp_x_plan_lsc_typed(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    if (in->subop == VSMP_SOP_LSC_TLOAD_BLOCK2D || in->subop == VSMP_SOP_LSC_TSTORE_BLOCK2D)
        return vsmp_x_plan_tblock2d(m, x); /* media_block.c: the media_ld geometry */
    if (in->num_opnds != 16)
        return lsc_refuse(m, x, "this LSC typed form is not implemented");
    if (in->subop != VSMP_SOP_LSC_TLOAD_QUAD && in->subop != VSMP_SOP_LSC_TSTORE_QUAD)
        return lsc_refuse(m, x,
                          "of the typed messages only lsc_load_quad and lsc_store_quad "
                          "are implemented");
    if (in->exec_size < 1 || in->exec_size > 32 || in->exec_size + 4u * (in->emask & 7u) > 32) {
        vsmp_x_report(m, in, "exec-size", "instruction %u: exec size %u does not fit", x->index,
                      in->exec_size);
        return VSMP_ERR_INVALID;
    }
    const vsmp_opnd *o = in->opnds;
    if (o[2].value != LSC_BTI && o[2].value != LSC_BSS)
        return lsc_refuse(m, x, "only bti(...) and bss(...) typed surfaces are implemented");
    if (o[3].value != LSC_A32)
        return lsc_refuse(m, x, "typed addresses are a32");
    if (o[4].value != 3 || o[5].value != LSC_NONTRANSPOSE || !(o[7].value & 0xfu) ||
        o[7].value > 0xfu)
        return lsc_refuse(m, x, "typed quad data is d32, not transposed, with a channel mask");
    const vsmp_vec *sv = &o[8].vec;
    if (sv->vclass != VSMP_VEC_IMMEDIATE) {
        xscalar sc;
        vsmp_status st = vsmp_x_scalar(m, in, sv, "surface", &sc);
        if (st)
            return st;
    }
    x->lanes = (uint8_t)in->exec_size;
    x->g->val[0] = o[7].value;
    unsigned ch = 0;
    for (unsigned c = 0; c < 4; c++)
        ch += o[7].value >> c & 1u;
    /* the data: each enabled channel a GRF run of exec_size DWords */
    uint32_t bytes = ch * vsmp_geom_rows(x->lanes, 4, m->grf) * m->grf;
    bool store = in->subop == VSMP_SOP_LSC_TSTORE_QUAD;
    x->g->nraw = 5;
    vsmp_status st = VSMP_OK;
    for (unsigned i = 0; i < 4 && !st; i++) /* U, V, R, LOD: %null reads zeros */
        st = lsc_raw(m, x, &o[TGM_U + i].raw, 4u * x->lanes, true, &x->g->raw[i].var);
    if (!st)
        st = lsc_raw(m, x, store ? &o[TGM_SRC1].raw : &o[9].raw, bytes, !store, &x->g->raw[4].var);
    if (st)
        return st;
    x->note_size = bytes;
    x->run = run_tgm;
    return VSMP_OK;
}
