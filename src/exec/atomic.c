/* SPDX-License-Identifier: MIT */
/*
 * Atomic messages: svm_atomic (64-bit addresses into the mapped surfaces), dword_atomic (shared
 * local memory, T0, and bound buffers) and the read-modify-write of every atomic operation,
 * which lsc.c shares for lsc_atomic_*. Each access is one C11 atomic operation on the memory's
 * bytes (a compare-exchange loop, or a load), so that lanes, hardware threads and the launch's
 * worker threads touching the same bytes see OpenCL's guarantees: every update happens once,
 * indivisibly, and returns the value it replaced (DWORD_ATOMIC.md, SVM_ATOMIC.md "atomic
 * read-modify-write").
 */
#include <math.h>
#include <stdatomic.h>
#include <string.h>

#include "exec_internal.h"

/* The raw bits of a float of @p bytes as a double (HF, F, DF; denormals kept: vsmp). */
static double fval(uint64_t v, unsigned bytes)
{
    if (bytes == 2)
        return vsmp_half_to_float((uint16_t)v);
    if (bytes == 4) {
        uint32_t b = (uint32_t)v;
        float f;
        memcpy(&f, &b, 4);
        return f;
    }
    double d;
    memcpy(&d, &v, 8);
    return d;
}

/* A double rounded to nearest even into a float of @p bytes (the sum of two HF or F values is
 * exact in double, so one more rounding is the correctly rounded result). */
static uint64_t fbits(double d, unsigned bytes)
{
    if (bytes == 2)
        return vsmp_float_to_half_rtne((float)d);
    if (bytes == 4) {
        float f = (float)d;
        uint32_t b;
        memcpy(&b, &f, 4);
        return b;
    }
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

static int64_t sext(uint64_t v, unsigned bytes)
{
    return bytes == 2 ? (int16_t)v : bytes == 4 ? (int32_t)v : (int64_t)v;
}

/* The value an operation writes over @p old (DWORD_ATOMIC.md's table: "new"), given its operand
 * @p a (src0; LSC: src1) and compare value @p c. Float min/max: a NaN operand gives the other
 * (as MIN_MAX; vsmp), -0 below +0. */
static uint64_t aop_new(unsigned op, unsigned bytes, uint64_t old, uint64_t a, uint64_t c)
{
    uint64_t mask = bytes == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * bytes)) - 1u;
    a &= mask;
    c &= mask;
    switch (op) {
    case XA_ADD:
        return (old + a) & mask;
    case XA_SUB:
        return (old - a) & mask;
    case XA_INC:
        return (old + 1u) & mask;
    case XA_DEC:
    case XA_PREDEC:
        return (old - 1u) & mask;
    case XA_UMIN:
        return old < a ? old : a;
    case XA_UMAX:
        return old > a ? old : a;
    case XA_IMIN:
        return sext(old, bytes) < sext(a, bytes) ? old : a;
    case XA_IMAX:
        return sext(old, bytes) > sext(a, bytes) ? old : a;
    case XA_XCHG:
    case XA_STORE:
        return a;
    case XA_CAS:
        return old == c ? a : old;
    case XA_AND:
        return old & a;
    case XA_OR:
        return old | a;
    case XA_XOR:
        return old ^ a;
    case XA_FMIN:
    case XA_FMAX: {
        double o = fval(old, bytes), v = fval(a, bytes);
        if (isnan(v))
            return old;
        if (isnan(o))
            return a;
        bool less = v < o || (v == o && signbit(v) && !signbit(o));
        bool more = v > o || (v == o && !signbit(v) && signbit(o));
        return (op == XA_FMIN ? less : more) ? a : old;
    }
    case XA_FCAS:
        return fval(old, bytes) == fval(c, bytes) ? a : old;
    case XA_FADD:
        return fbits(fval(old, bytes) + fval(a, bytes), bytes);
    case XA_FSUB:
        return fbits(fval(old, bytes) - fval(a, bytes), bytes);
    default: /* XA_LOAD */
        return old;
    }
}

uint64_t vsmp_x_atomic(uint8_t *p, unsigned bytes, unsigned op, uint64_t a, uint64_t c)
{
    switch (bytes) {
    case 2: {
        _Atomic uint16_t *q = (_Atomic uint16_t *)(void *)p;
        uint16_t old = atomic_load(q);
        if (op != XA_LOAD)
            while (!atomic_compare_exchange_weak(q, &old, (uint16_t)aop_new(op, 2, old, a, c)))
                ;
        return old;
    }
    case 4: {
        _Atomic uint32_t *q = (_Atomic uint32_t *)(void *)p;
        uint32_t old = atomic_load(q);
        if (op != XA_LOAD)
            while (!atomic_compare_exchange_weak(q, &old, (uint32_t)aop_new(op, 4, old, a, c)))
                ;
        return old;
    }
    default: {
        _Atomic uint64_t *q = (_Atomic uint64_t *)(void *)p;
        uint64_t old = atomic_load(q);
        if (op != XA_LOAD)
            while (!atomic_compare_exchange_weak(q, &old, aop_new(op, 8, old, a, c)))
                ;
        return old;
    }
    }
}

uint64_t vsmp_x_atomic_ret(unsigned op, unsigned bytes, uint64_t old)
{
    return op == XA_PREDEC ? aop_new(op, bytes, old, 0, 0) : old;
}

/* The Op field of svm_atomic, dword_atomic and typed_atomic (bits 4..0, DWORD_ATOMIC.md) as an
 * XA_ operation; XA_NONE for the codes without one. */
static unsigned op_of(unsigned code)
{
    static const uint8_t ops[21] = {XA_ADD,  XA_SUB,  XA_INC,  XA_DEC,  XA_UMIN, XA_UMAX, XA_XCHG,
                                    XA_CAS,  XA_AND,  XA_OR,   XA_XOR,  XA_IMIN, XA_IMAX, XA_PREDEC,
                                    XA_NONE, XA_NONE, XA_FMAX, XA_FMIN, XA_FCAS, XA_FADD, XA_FSUB};
    return code < 21 ? ops[code] : XA_NONE;
}

static bool unary(unsigned op)
{
    return op == XA_INC || op == XA_DEC || op == XA_PREDEC || op == XA_LOAD;
}

static bool binary_cas(unsigned op)
{
    return op == XA_CAS || op == XA_FCAS;
}

/* typed_atomic's surface: the one bound at the index the surface variable holds, of a format
 * with texels of @p bytes in one integer or float channel (R32_UINT, R32_SINT, R32_FLOAT; R16_*
 * for 16-bit atomics), or NULL and a fault. */
static const vsmp_surface *typed_surface(vsmp_machine *m, const xinst *x, unsigned bytes)
{
    uint32_t bti = m->surf_vals[x->g->target];
    if (bti >= VSMP_MAX_BINDINGS || !m->bt[bti]) {
        vsmp_x_report(m, x->in, "exec-binding",
                      "instruction %u: surface variable holds binding-table index %u, where no "
                      "surface is bound",
                      x->index, bti);
        return NULL;
    }
    vsmp_format f = vsmp_surface_get_desc(m->bt[bti])->format;
    const vsmp_format_info *fi = vsmp_format_get(f);
    bool ok =
        bytes == 4
            ? f == VSMP_FORMAT_R32_UINT || f == VSMP_FORMAT_R32_SINT || f == VSMP_FORMAT_R32_FLOAT
            : f == VSMP_FORMAT_R16_UINT || f == VSMP_FORMAT_R16_SINT || f == VSMP_FORMAT_R16_FLOAT;
    if (!ok) {
        vsmp_x_report(m, x->in, "exec-plan",
                      "instruction %u: typed_atomic on a %s surface (%u-bit atomics need a "
                      "one-channel integer or float format of %u bytes)",
                      x->index, fi ? fi->name : "?", 8 * bytes, bytes);
        return NULL;
    }
    return m->bt[bti];
}

/* The plan (x->g->val): [0] the operation, [1] its bytes in memory, [2] the address kind (0 SVM,
 * 1 a buffer or SLM through surf_word/target, 2 a typed surface); raw[0] the addresses or offsets,
 * raw[1] src0, raw[2] src1, raw[3] the dst (arena offsets, X_NONE for %null). Register data: one
 * DWord per lane (16-bit data in its low half, "unpacked"), or one QWord for 64-bit data. */
static vsmp_status run_atomic(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    if (!en)
        return VSMP_OK;
    unsigned op = x->g->val[0], bytes = x->g->val[1], stride = bytes == 8 ? 8u : 4u;
    bool svm = x->g->val[2] == 0, typed = x->g->val[2] == 2;
    uint8_t *mem = NULL;
    uint64_t size = 0;
    const vsmp_surface *surf = NULL;
    if (typed && !(surf = typed_surface(m, x, bytes)))
        return VSMP_ERR_INVALID;
    if (!svm && !typed && !vsmp_x_buffer(m, x, x->g->target, &mem, &size))
        return VSMP_ERR_INVALID;
    /* raw operands: [0] addresses (typed: U, V, R, LOD in [0], [4], [5], [6]), [1] src0,
     * [2] src1, [3] dst */
    const uint8_t *addr = m->arena + x->g->raw[0].var;
    const uint8_t *s0 = x->g->raw[1].var == X_NONE ? NULL : m->arena + x->g->raw[1].var;
    const uint8_t *s1 = x->g->raw[2].var == X_NONE ? NULL : m->arena + x->g->raw[2].var;
    uint8_t *d = x->g->raw[3].var == X_NONE ? NULL : m->arena + x->g->raw[3].var;
    const uint8_t *tc[4] = {NULL, NULL, NULL, NULL};
    for (unsigned k = 0; typed && k < 4; k++) {
        uint32_t at = x->g->raw[k ? 3 + k : 0].var;
        tc[k] = at == X_NONE ? NULL : m->arena + at;
    }
    /* the message's payload is read whole before any lane's result is written back */
    uint64_t res[32];
    bool done[32];
    for (unsigned l = 0; l < x->lanes; l++) {
        done[l] = false;
        if (!(en >> l & 1u))
            continue;
        uint64_t a = 0, c = 0;
        if (s0)
            a = x_ld(s0 + stride * l, 4) |
                (stride == 8 ? (uint64_t)x_ld(s0 + 8 * l + 4, 4) << 32 : 0);
        if (s1)
            c = x_ld(s1 + stride * l, 4) |
                (stride == 8 ? (uint64_t)x_ld(s1 + 8 * l + 4, 4) << 32 : 0);
        /* DWORD_ATOMIC.md: new = (old == src1) ? src0 : old; FCMPWR: (src0 == old) ? src1 */
        if (op == XA_FCAS) {
            uint64_t t = a;
            a = c, c = t;
        }
        uint8_t *p;
        if (typed) {
            /* outside the surface: nothing written, zero returned (TYPED_ATOMIC.md) */
            const uint8_t *const *c4 = (const uint8_t *const *)tc;
            p = vsmp_x_typed_texel(
                surf, c4[0] ? x_ld(c4[0] + 4 * l, 4) : 0, c4[1] ? x_ld(c4[1] + 4 * l, 4) : 0,
                c4[2] ? x_ld(c4[2] + 4 * l, 4) : 0, c4[3] ? x_ld(c4[3] + 4 * l, 4) : 0);
        } else if (svm) {
            uint64_t va = x_ld(addr + 8 * l, 4) | (uint64_t)x_ld(addr + 8 * l + 4, 4) << 32;
            p = vsmp_x_svm_at(m, x, va, bytes);
            if (!p)
                return VSMP_ERR_INVALID;
            if (va % bytes) {
                vsmp_x_report(m, x->in, "exec-address",
                              "instruction %u: atomic address 0x%llx is not %u-byte aligned",
                              x->index, (unsigned long long)va, bytes);
                return VSMP_ERR_INVALID;
            }
        } else {
            uint64_t off = x_ld(addr + 4 * l, 4) & (x->g->target == X_NONE ? X_SLM_MASK : ~0u);
            if (off % bytes) {
                vsmp_x_report(m, x->in, "exec-address",
                              "instruction %u: atomic offset %llu is not %u-byte aligned", x->index,
                              (unsigned long long)off, bytes);
                return VSMP_ERR_INVALID;
            }
            /* outside the buffer: nothing written, zero returned (the pages' "Out-of-bound
             * Access", as the other buffer messages) */
            p = mem && off + bytes <= size ? mem + off : NULL;
        }
        res[l] = p ? vsmp_x_atomic_ret(op, bytes, vsmp_x_atomic(p, bytes, op, a, c)) : 0;
        done[l] = true;
    }
    if (d) {
        for (unsigned l = 0; l < x->lanes; l++)
            if (done[l]) {
                x_st(d + stride * l, (uint32_t)res[l], 4);
                if (stride == 8)
                    x_st(d + 8 * l + 4, (uint32_t)(res[l] >> 32), 4);
            }
        const vsmp_opnd *o = &x->in->opnds[x->in->num_opnds - 1];
        s->dst_var = o->raw.var;
        s->dst_offset = o->raw.offset;
        s->dst_size = stride * x->lanes;
    }
    return VSMP_OK;
}

static vsmp_status refuse(vsmp_machine *m, const xinst *x, const char *why)
{
    vsmp_x_report(m, x->in, "exec-unsupported", "instruction %u (%s): %s", x->index,
                  vsmp_x_opname(x->in), why);
    return VSMP_ERR_UNSUPPORTED;
}

/* Plan svm_atomic (E P Op Addresses Src0 Src1 Dst) and dword_atomic (Op E P Surface
 * Element_offset Src0 Src1 Dst). */
/* The sources an operation reads (src0 unless unary, src1 for a compare-exchange), the others
 * dropped, and the operation and datum size kept for run_atomic: one rule for every atomic. */
static vsmp_status plan_sources(vsmp_machine *m, xinst *x, unsigned op, unsigned bytes)
{
    if (!unary(op) && x->g->raw[1].var == X_NONE)
        return refuse(m, x, "the operation needs src0");
    if (binary_cas(op) && x->g->raw[2].var == X_NONE)
        return refuse(m, x, "compare-exchange needs src1");
    if (unary(op))
        x->g->raw[1].var = X_NONE;
    if (!binary_cas(op))
        x->g->raw[2].var = X_NONE;
    x->g->val[0] = op;
    x->g->val[1] = bytes;
    return VSMP_OK;
}

vsmp_status vsmp_x_plan_atomic(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    x->g->nraw = 0; /* vsmp_x_plan_svm may have resolved them already */
    vsmp_status st = vsmp_x_operands(m, x);
    if (st)
        return st;
    bool svm = in->opcode == VSMP_OPC_SVM;
    if (x->g->nv != 0 || x->g->nraw != 4 || x->g->nval < (svm ? 1u : 2u))
        return refuse(m, x, "unexpected operand layout");
    unsigned code = x->g->val[0];
    unsigned op = op_of(code & 31u);
    if (op == XA_NONE)
        return refuse(m, x, "this atomic operation is not implemented");
    /* SVM_ATOMIC.md: Op bits 6..5 the data width (0 32-bit, 1 16-bit, 2 64-bit);
     * DWORD_ATOMIC.md: bit 5 a 16-bit operation */
    unsigned w = code >> 5 & 3u;
    unsigned bytes = w == 0 ? 4u : w == 1 ? 2u : w == 2 && svm ? 8u : 0u;
    if (!bytes)
        return refuse(m, x, "this data width is not implemented");
    if (!svm) {
        unsigned sv = x->g->val[1];
        if (sv == 0)
            x->g->target = X_NONE; /* T0: shared local memory */
        else if (sv != X_SURF_BSS &&
                 (sv < VSMP_NUM_PREDEF_SURFS || sv - VSMP_NUM_PREDEF_SURFS >= m->r->num_surfaces)) {
            vsmp_x_report(m, in, "exec-surface",
                          "instruction %u: surface %u is not a declared surface (stateless "
                          "access is not implemented)",
                          x->index, sv);
            return VSMP_ERR_UNSUPPORTED;
        } else
            x->g->target = m->surf_base[sv];
    }
    unsigned stride = bytes == 8 ? 8u : 4u;
    st = vsmp_x_raw_at(m, x, 0, (svm ? 8u : 4u) * x->lanes);
    if (!st)
        st = vsmp_x_raw_at(m, x, 1, unary(op) || !x->g->raw[1].var ? 0u : stride * x->lanes);
    if (!st)
        st = vsmp_x_raw_at(m, x, 2, !binary_cas(op) || !x->g->raw[2].var ? 0u : stride * x->lanes);
    if (!st)
        st = vsmp_x_raw_at(m, x, 3, x->g->raw[3].var ? stride * x->lanes : 0u);
    if (st)
        return st;
    st = plan_sources(m, x, op, bytes);
    if (st)
        return st;
    x->g->val[2] = svm ? 0u : 1u;
    x->run = run_atomic;
    return VSMP_OK;
}

/* Plan typed_atomic (Op E P Surface U V R LOD Src0 Src1 Dst; TYPED_ATOMIC.md): the texel at
 * (u, v, r, lod) of the bound surface, addressed as the typed messages address it; Op bit 5 a
 * 16-bit atomic (TGLLP+), data unpacked in a DWord per lane. The raw operands are kept as
 * run_atomic reads them: [0] U, [1] src0, [2] src1, [3] dst, [4] V, [5] R, [6] LOD. */
vsmp_status vsmp_x_plan_typed_atomic(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    x->g->nraw = 0;
    vsmp_status st = vsmp_x_operands(m, x);
    if (st)
        return st;
    if (x->g->nv != 0 || x->g->nraw != 7 || x->g->nval < 2)
        return refuse(m, x, "unexpected operand layout");
    unsigned code = x->g->val[0];
    unsigned op = op_of(code & 31u);
    if (op == XA_NONE || op == XA_FADD || op == XA_FSUB) /* 19, 20: no typed operation */
        return refuse(m, x, "this atomic operation is not implemented");
    unsigned bytes = code >> 5 & 1u ? 2u : 4u;
    if (code >> 6)
        return refuse(m, x, "this data width is not implemented");
    unsigned sv = x->g->val[1];
    if (sv < VSMP_NUM_PREDEF_SURFS || sv - VSMP_NUM_PREDEF_SURFS >= m->r->num_surfaces) {
        vsmp_x_report(m, in, "exec-surface", "instruction %u: surface %u is not a declared surface",
                      x->index, sv);
        return VSMP_ERR_UNSUPPORTED;
    }
    x->g->target = m->surf_base[sv];
    vsmp_raw r[7];
    memcpy(r, x->g->raw, sizeof(r));
    static const uint8_t order[7] = {0, 4, 5, 6, 1, 2, 3}; /* new index of U V R LOD s0 s1 d */
    for (unsigned i = 0; i < 7; i++)
        x->g->raw[order[i]] = r[i];
    uint32_t lane4 = 4u * x->lanes;
    st = vsmp_x_raw_at(m, x, 0, lane4);
    for (unsigned i = 4; !st && i < 7; i++) /* V, R, LOD: %null reads 0 */
        st = vsmp_x_raw_at(m, x, i, x->g->raw[i].var ? lane4 : 0u);
    if (!st)
        st = vsmp_x_raw_at(m, x, 1, unary(op) || !x->g->raw[1].var ? 0u : lane4);
    if (!st)
        st = vsmp_x_raw_at(m, x, 2, !binary_cas(op) || !x->g->raw[2].var ? 0u : lane4);
    if (!st)
        st = vsmp_x_raw_at(m, x, 3, x->g->raw[3].var ? lane4 : 0u);
    if (st)
        return st;
    st = plan_sources(m, x, op, bytes);
    if (st)
        return st;
    x->g->val[2] = 2;
    x->run = run_atomic;
    return VSMP_OK;
}
