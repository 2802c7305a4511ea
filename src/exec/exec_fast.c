/* SPDX-License-Identifier: MIT */
/*
 * The fast path of the EU instructions real kernels run most: mov (with the F <-> integer and
 * F -> HF conversions), add, mul, mad, min/max (F and integer), and, or, xor, not, shl, shr, asr,
 * sel, cmp to a predicate, the math box's inv, sqrt, rsqrt, exp, log on F and the roundings rndd,
 * rndu, rnde, rndz, frc on F, and movs of state words. Chosen when the kernel is planned, for
 * operands that are direct general variables or immediates of 32 bits or less (dst without .sat),
 * sources with a modifier where the form allows one (mod_ok): each source is read as it lies (a
 * packed region in place) or broadcast once (a scalar, an immediate), or lane by lane (V, UV, VF
 * immediates, other regions), the lane kernel of the CPU level (exec_fast_k.h) computes every lane,
 * and the enabled lanes are stored. Every form gives the general path's bits
 * (tests/test_exec_fast.c runs both on random values); another %cr0 rounding mode than nearest-even
 * sends a float result to the general path.
 *
 * The CPU level is that of the sampler's fast paths (vsmp_cpu_effective, VSMP_CPU): "ref" turns
 * the fast path off (every instruction through the general path), "c" uses the kernels below
 * compiled for the baseline, "avx2" (with FMA) those of x86/exec_fast_avx2.c, "avx512" those of
 * x86/exec_fast_avx512.c (the same source with AVX-512's mask registers).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "codegen.h"
#include "exec_internal.h"
#include "sample_internal.h"

#define XF_TABLE vsmp_x_fast_c
#include "exec_fast_k.h"
#include "hot.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define XF_LE 1 /* the kernels read arena words in place: little-endian hosts only */
#endif

const xfast_table *vsmp_x_fast_level(void)
{
#ifdef XF_LE
    unsigned cpu = vsmp_cpu_effective();
#ifdef VSMP_HAVE_AVX512
    if (cpu & VSMP_CPU_AVX512) /* F, BW, DQ, VL (cpu.c) */
        return &vsmp_x_fast_avx512;
#endif
#ifdef VSMP_HAVE_AVX2
    if (cpu & VSMP_CPU_AVX2) /* with FMA and F16C (cpu.c) */
        return &vsmp_x_fast_avx2;
#endif
    if (cpu & VSMP_CPU_C)
        return &vsmp_x_fast_c;
#endif
    return NULL;
}

static uint32_t cr0(const vsmp_machine *m)
{
    uint32_t v;
    memcpy(&v, m->arena + m->vars[14].at, 4);
    return v;
}

/* Enabled lanes: the execution mask at the instruction's offset, then its predicate. */
static inline uint32_t lanes_now(const vsmp_machine *m, const xinst *x)
{
    if (x->f.plain_mask)
        return (m->em >> x->f.em_off) & x->f.lmask;
    return vsmp_x_lanes(m, x->in, x->lanes);
}

/* ---- sources ---- */

/* How a source is read (xvec.fk): one value for every lane; 32-bit elements one after another
 * (<w;w,1> rows that continue one another, or <1;1,0>); 16-bit ones likewise; an immediate
 * vector (V, UV, VF: element l % n); element by element. */
enum { FK_LANES, FK_SCALAR, FK_CONTIG4, FK_CONTIG2, FK_IMMV };

static uint8_t fast_kind(const xvec *v)
{
    if (v->cls == VSMP_VEC_IMMEDIATE)
        return v->nimm == 1 ? FK_SCALAR : FK_IMMV;
    if (v->vs == 0 && v->hs == 0)
        return FK_SCALAR;
    bool packed = (v->hs == 1 && v->vs == v->w) || (v->w == 1 && v->vs == 1);
    if (packed && vsmp_type_size(v->type) == 4)
        return FK_CONTIG4;
    if (packed && (v->type == VSMP_TYPE_W || v->type == VSMP_TYPE_UW))
        return FK_CONTIG2;
    return FK_LANES;
}

/* Raw bits of type t extended to 32 bits by the type's class (types.def: B, W sign; UB, UW
 * zero). */
static inline uint32_t ext(uint32_t b, unsigned t)
{
    unsigned n = vsmp_type_bytes(t);
    if (n == 0 || n >= 4 || !vsmp_type_is_int(t))
        return b;
    uint32_t m = (1u << 8 * n) - 1u, sign = 1u << (8 * n - 1);
    b &= m;
    return vsmp_type_is_signed(t) ? (b ^ sign) - sign : b;
}

/* Lane l of a direct general source with its region (bounds checked when planned). */
static inline uint32_t lane_ld(const vsmp_machine *m, const xvec *v, unsigned l)
{
    unsigned ts = vsmp_type_size(v->type);
    uint32_t e = v->vs == v->w * v->hs ? l * v->hs
                 : v->w == 1           ? l * v->vs
                                       : (l / v->w) * v->vs + (l % v->w) * v->hs;
    const uint8_t *p = m->arena + v->at + ts * e;
    uint32_t b = 0;
    memcpy(&b, p, ts < 4 ? ts : 4);
    return ext(b, v->type);
}

/* The source's lane values: in place (a packed 32-bit region), or in @p buf. */
static const uint8_t *src_lanes(const vsmp_machine *m, const xvec *v, unsigned n, uint32_t *buf)
{
    switch (v->fk) {
    case FK_CONTIG4:
        return m->arena + v->at;
    case FK_SCALAR: {
        uint32_t b =
            v->cls == VSMP_VEC_IMMEDIATE ? ext((uint32_t)v->imm[0], v->type) : lane_ld(m, v, 0);
        for (unsigned l = 0; l < n; l++)
            buf[l] = b;
        break;
    }
    case FK_CONTIG2: {
        uint16_t h[32];
        memcpy(h, m->arena + v->at, 2u * n);
        if (v->type == VSMP_TYPE_W)
            for (unsigned l = 0; l < n; l++)
                buf[l] = (uint32_t)(int32_t)(int16_t)h[l];
        else
            for (unsigned l = 0; l < n; l++)
                buf[l] = h[l];
        break;
    }
    case FK_IMMV:
        for (unsigned l = 0; l < n; l++)
            buf[l] = ext((uint32_t)v->imm[l & (v->nimm - 1u)], v->type);
        break;
    default:
        for (unsigned l = 0; l < n; l++)
            buf[l] = lane_ld(m, v, l);
        break;
    }
    return (const uint8_t *)buf;
}

/* A source modifier on 32-bit lane values (docs/EXEC.md 5.2): on F the sign bit (the kernels
 * flush after it, which commutes: a flushed denormal keeps its sign); on integers the value of
 * the type (B, W extended by sign) negated or made absolute in wrapping 32-bit arithmetic, which
 * gives the general path's 64-bit result's low 32 bits; mod_ok keeps the forms whose result
 * depends on those bits alone. */
static void mod_lanes(uint32_t *b, unsigned n, unsigned mod, unsigned t)
{
    bool f = t == VSMP_TYPE_F, sg = vsmp_type_is_signed(t);
    /* one loop per form, each of one operation on every lane (the compiler's vector code) */
    switch (mod) {
    case VSMP_MOD_ABS:
        if (f)
            for (unsigned l = 0; l < n; l++)
                b[l] &= 0x7fffffffu;
        else if (sg)
            for (unsigned l = 0; l < n; l++)
                b[l] = (int32_t)b[l] < 0 ? 0u - b[l] : b[l];
        return;
    case VSMP_MOD_NEG:
        if (f)
            for (unsigned l = 0; l < n; l++)
                b[l] ^= 0x80000000u;
        else
            for (unsigned l = 0; l < n; l++)
                b[l] = 0u - b[l];
        return;
    case VSMP_MOD_NEG_ABS:
        if (f)
            for (unsigned l = 0; l < n; l++)
                b[l] |= 0x80000000u;
        else if (sg)
            for (unsigned l = 0; l < n; l++)
                b[l] = (int32_t)b[l] < 0 ? b[l] : 0u - b[l];
        else
            for (unsigned l = 0; l < n; l++)
                b[l] = 0u - b[l];
        return;
    case VSMP_MOD_NOT:
        for (unsigned l = 0; l < n; l++)
            b[l] = ~b[l];
        return;
    default:
        return;
    }
}

/* ---- the dst ---- */

enum { ST_4, ST_2, ST_ANY };

/* The enabled lanes of out to the dst, cut to its size (integers wrap, docs/EXEC.md 5.2). */
static void store(vsmp_machine *m, const xinst *x, const uint32_t *out, uint32_t en)
{
    const xvec *d = &x->g->v[0];
    uint8_t *p = m->arena + d->at;
    unsigned n = x->lanes;
    switch (x->f.st) {
    case ST_4:
        if (en == x->f.lmask) {
            x_copy32n(p, out, n);
            return;
        }
        for (unsigned l = 0; l < n; l++)
            if (en >> l & 1u)
                memcpy(p + (size_t)l * 4, &out[l], 4);
        return;
    case ST_2: {
        uint16_t h[32];
        for (unsigned l = 0; l < n; l++)
            h[l] = (uint16_t)out[l];
        if (en == x->f.lmask) {
            memcpy(p, h, 2u * n);
            return;
        }
        for (unsigned l = 0; l < n; l++)
            if (en >> l & 1u)
                memcpy(p + (size_t)l * 2, &h[l], 2);
        return;
    }
    default: {
        unsigned ts = vsmp_type_size(d->type), step = ts * d->hs;
        for (unsigned l = 0; l < n; l++)
            if (en >> l & 1u)
                memcpy(p + (size_t)step * l, &out[l], ts);
        return;
    }
    }
}

static inline void note(const xinst *x, xstep *s)
{
    s->dst_var = x->f.dst_var;
    s->dst_offset = x->note_off;
    s->dst_size = x->note_size;
}

/* ---- the handlers ---- */

/* A kernel source: in place, broadcast or widened by the kernel itself (exec_fast_k.h prep), or
 * read lane by lane into @p buf here. */
static void kernel_src(const vsmp_machine *m, const xvec *v, unsigned n, uint32_t *buf, xsrc *o)
{
    if (v->mod && buf && v->fk == FK_SCALAR) { /* one value, modified once, broadcast */
        uint32_t b =
            v->cls == VSMP_VEC_IMMEDIATE ? ext((uint32_t)v->imm[0], v->type) : lane_ld(m, v, 0);
        mod_lanes(&b, 1, v->mod, v->type);
        *o = (xsrc){NULL, b, XS_BCAST};
        return;
    }
    if (v->mod && buf) { /* the lane values with the modifier applied, in buf (plan_sources,
                          * which gives no buf, takes modified sources elsewhere) */
        const uint8_t *p = src_lanes(m, v, n, buf);
        if (p != (const uint8_t *)buf)
            memcpy(buf, p, 4u * n);
        mod_lanes(buf, n, v->mod, v->type);
        *o = (xsrc){(const uint8_t *)buf, 0, XS_WORDS};
        return;
    }
    o->p = m->arena + v->at;
    switch (v->fk) {
    case FK_CONTIG4:
        o->kind = XS_WORDS;
        return;
    case FK_SCALAR:
        o->kind = XS_BCAST;
        o->v = v->cls == VSMP_VEC_IMMEDIATE ? ext((uint32_t)v->imm[0], v->type) : lane_ld(m, v, 0);
        return;
    case FK_CONTIG2:
        o->kind = v->type == VSMP_TYPE_W ? XS_W : XS_UW;
        return;
    default:
        o->kind = XS_WORDS;
        o->p = src_lanes(m, v, n, buf);
        return;
    }
}

/* The SIMD16 form (xfast.fn16) into @p out; arg holds its XF_SPLAT bits */
static inline void call16(const xinst *x, void *out, uint32_t arg)
{
    x->f.fn16(out, x->f.src[0].p, x->f.src[1].p, x->f.src[2].p, arg);
}

/* The general case: sources read now, lanes masked, a dst a source overlaps. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void
run_kernel_any(vsmp_machine *m, xinst *x, uint32_t en, uint32_t arg)
{
    unsigned n = x->lanes;
    uint32_t buf[3][32], out[32];
    xsrc src[3];
    memcpy(src, x->f.src, sizeof(src));
    if (!x->f.fixed)
        for (unsigned i = 1; i < x->g->nv; i++)
            kernel_src(m, &x->g->v[i], n, buf[i - 1], &src[i - 1]);
    if (x->f.direct && en == x->f.lmask) {
        x->f.fn(x->f.dst, src, n, arg);
        return;
    }
    x->f.fn(out, src, n, arg & ~XF_OUT16);
    store(m, x, out, en);
}

static vsmp_status run_kernel(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t c0 = cr0(m);
    if (x->f.flt && (c0 & 0x30u))
        return vsmp_x_run_arith(m, x, s);
    uint32_t en = lanes_now(m, x);
    s->lanes = en;
    if (!en)
        return VSMP_OK;
    note(x, s);
    uint32_t arg = x->f.arg | keep_bits(c0);
    /* the common case: every lane, sources as planned, the dst written in place */
    if (x->f.fn16 && x->f.fixed && x->f.direct && en == x->f.lmask)
        call16(x, x->f.dst, arg);
    else if (x->f.fixed && x->f.direct && en == x->f.lmask)
        x->f.fn(x->f.dst, x->f.src, x->lanes, arg);
    else
        run_kernel_any(m, x, en, arg);
    return VSMP_OK;
}

/* The sources as planned, or read now (scalars of other sizes, regions, ...). */
static inline void sources(const vsmp_machine *m, const xinst *x, uint32_t (*buf)[32], xsrc *src)
{
    memcpy(src, x->f.src, 3 * sizeof(xsrc));
    if (!x->f.fixed)
        for (unsigned i = 1; i < x->g->nv; i++)
            kernel_src(m, &x->g->v[i], x->lanes, buf[i - 1], &src[i - 1]);
}

/* sel: the predicate picks src0 where it holds, src1 elsewhere; it disables no lane (SEL.md).
 * F or integers of the dst's type: the picked bits (vsmp_x_is_copy); integers of another type:
 * the value, wrapped. */
static vsmp_status run_sel(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t c0 = cr0(m);
    if (x->f.flt && (c0 & 0x30u))
        return vsmp_x_run_arith(m, x, s);
    unsigned n = x->lanes;
    uint32_t en = x->in->emask & 8u ? x->f.lmask : (m->em >> x->f.em_off) & x->f.lmask;
    s->lanes = en;
    if (!en)
        return VSMP_OK;
    note(x, s);
    uint32_t buf[2][32], out[32];
    xsrc src[3];
    sources(m, x, buf, src);
    src[2].v =
        x->in->pred ? vsmp_x_lanes_of(m, 8u | (x->in->emask & 7u), x->in->pred, n) : 0xffffffffu;
    uint32_t arg = x->f.arg | keep_bits(c0);
    if (x->f.direct && en == x->f.lmask) {
        x->f.fn(x->f.dst, src, n, arg);
    } else {
        x->f.fn(out, src, n, arg & ~XF_OUT16);
        store(m, x, out, en);
    }
    return VSMP_OK;
}

/* cmp's result bits @p bits of lanes @p en to its predicate (vsmp_x_put_pred, with the word and
 * its elements' mask planned) */
static inline void put_pred(const xinst *x, uint32_t en, uint32_t bits)
{
    uint32_t *p = (uint32_t *)(void *)x->f.dst, mask = en << x->f.em_off;
    *p = ((*p & ~mask) | (bits << x->f.em_off & mask)) & x->f.src[2].v;
}

/* cmp to a predicate (docs/EXEC.md 5.2): F sources flushed as %cr0 bit 7 says, NaN unordered
 * (only "ne" holds); integers by their value, signed or not by their type. */
static vsmp_status run_cmp(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = lanes_now(m, x);
    s->lanes = en;
    uint32_t buf[2][32], res = 0;
    xsrc src[3];
    sources(m, x, buf, src);
    x->f.fn(&res, src, x->lanes, x->f.arg | keep_bits(cr0(m)));
    put_pred(x, en, res & en);
    return VSMP_OK;
}

/* ---- movs ---- */

/* movs (exec_alu.c run_movs) without a predicate: its lane is on by the EM at its offset or
 * NoMask. The value is planned (an immediate's low 32 bits) or the 32-bit word at src[0].p (a
 * sampler or surface state word, or a general scalar's first bytes: f.arg's low byte of them,
 * zero-extended); it goes to f.dst, f.arg >> 8 bytes of it zero-extended (a state word: 4; a
 * general scalar: its type's size). The state words and the arena never move once planned. */
static inline void movs_now(const xinst *x)
{
    const xsrc *src = &x->f.src[0];
    unsigned in = x->f.arg & 0xffu, out = x->f.arg >> 8;
    uint64_t b = 0;
    if (src->kind == XS_BCAST)
        b = src->v;
    else if (in == 4) /* a state word: a 4-byte copy, not a call of memcpy */
        b = x_ld(src->p, 4);
    else
        memcpy(&b, src->p, in);
    if (out == 4)
        x_st(x->f.dst, (uint32_t)b, 4);
    else
        memcpy(x->f.dst, &b, out);
}

static vsmp_status run_movs_fast(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = group_lanes(m, x);
    s->lanes = en;
    if (!en)
        return VSMP_OK;
    movs_now(x);
    if (x->f.st == ST_ANY) /* a general dst: the trace's span */
        note(x, s);
    return VSMP_OK;
}

/* The state word a STATE operand names (0 surface, 1 sampler). */
static uint8_t *state_at(const vsmp_machine *m, const xvec *v)
{
    return (uint8_t *)(v->state_cls ? &m->smp_vals[v->word] : &m->surf_vals[v->word]);
}

/* movs of the forms exec_alu.c plan_movs accepts, without a predicate, from an immediate, a
 * state word or a direct general scalar, to a state word or from a state word to a direct
 * general scalar. f.st: ST_4 a state dst, ST_ANY a general one. */
static bool plan_movs(const vsmp_machine *m, xinst *x)
{
    const xvec *d = &x->g->v[0], *v = &x->g->v[1];
    if (x->in->pred || x->g->nv != 2 || d->mod || v->mod)
        return false;
    unsigned in_bytes = 4, out_bytes = 4;
    if (v->cls == VSMP_VEC_IMMEDIATE)
        x->f.src[0] = (xsrc){NULL, (uint32_t)v->imm[0], XS_BCAST};
    else if (v->cls == VSMP_VEC_STATE)
        x->f.src[0] = (xsrc){state_at(m, v), 0, XS_SCALAR};
    else if (v->cls == VSMP_VEC_GENERAL && v->var != 0) {
        unsigned ts = vsmp_type_size(v->type);
        in_bytes = ts < 4 ? ts : 4;
        x->f.src[0] = (xsrc){m->arena + v->at, 0, XS_SCALAR};
    } else
        return false;
    if (d->cls == VSMP_VEC_STATE) {
        x->f.dst = state_at(m, d);
        x->f.st = ST_4;
    } else if (d->cls == VSMP_VEC_GENERAL && d->var != 0 && v->cls == VSMP_VEC_STATE) {
        unsigned ts = vsmp_type_size(d->type);
        if (ts == 0 || ts > 8)
            return false;
        out_bytes = ts;
        x->f.dst = m->arena + d->at;
        x->f.st = ST_ANY;
        x->note_off = d->at - m->vars[d->var].at;
        x->note_size = ((x->lanes - 1u) * d->hs + 1u) * ts;
    } else
        return false;
    x->f.arg = in_bytes | out_bytes << 8;
    x->f.fixed = true;
    x->run = run_movs_fast;
    return true;
}

/* ---- planning ---- */

/* B, W, D (types.def: signed, at most 4 bytes) */
static bool is_sint(unsigned t)
{
    return vsmp_type_is_signed(t) && vsmp_type_bytes(t) <= 4;
}

/* B, UB, W, UW, D, UD (V and UV immediates are W and UW vectors by then) */
static bool plain_int(unsigned t)
{
    return vsmp_type_is_int(t) && vsmp_type_bytes(t) <= 4;
}

/* A source the fast path reads: an immediate, or a direct general variable with a region (a
 * modifier is the form's to allow: mod_ok). */
static bool fast_src(const xvec *v)
{
    return v->cls == VSMP_VEC_IMMEDIATE || (v->cls == VSMP_VEC_GENERAL && v->var != 0 && v->w != 0);
}

static bool any_mod(const xinst *x)
{
    for (unsigned i = 1; i < x->g->nv; i++)
        if (x->g->v[i].mod)
            return true;
    return false;
}

/* May kernel k take the instruction's source modifiers? On F sources (-), (abs), (-abs) wherever
 * the kernel reads F values; on integer sources those and (~) where the result's bits are the
 * low 32 bits of the sources' modified values (add, mul, mad, logic, shl, shr, integer moves):
 * not compares, min/max, asr or conversions to F, which see the 64-bit value. */
static bool mod_ok(const xinst *x, int k)
{
    for (unsigned i = 1; i < x->g->nv; i++) {
        unsigned mod = x->g->v[i].mod, t = x->g->v[i].type;
        if (!mod)
            continue;
        if (mod != VSMP_MOD_ABS && mod != VSMP_MOD_NEG && mod != VSMP_MOD_NEG_ABS &&
            mod != VSMP_MOD_NOT)
            return false;
        if (t == VSMP_TYPE_F) {
            if (mod == VSMP_MOD_NOT)
                return false;
            switch (k) {
            case XF_FADD:
            case XF_FMUL:
            case XF_FMAD:
            case XF_FMIN:
            case XF_FMAX:
            case XF_FMOV:
            case XF_HF_FROM_F:
            case XF_I_FROM_F:
            case XF_FCMP:
            case XF_INV:
            case XF_SQRT:
            case XF_RSQRT:
            case XF_EXP:
            case XF_LOG:
            case XF_RNDD:
            case XF_RNDU:
            case XF_RNDE:
            case XF_RNDZ:
            case XF_FRC:
                continue;
            default:
                return false;
            }
        }
        switch (k) {
        case XF_IADD:
        case XF_IMUL:
        case XF_IMAD:
        case XF_AND:
        case XF_OR:
        case XF_XOR:
        case XF_NOT:
        case XF_SHL:
        case XF_SHR:
            continue;
        case XF_IMOV: /* an integer dst (an F dst from F takes XF_FMOV) */
            if (x->g->v[0].type == VSMP_TYPE_F)
                return false;
            continue;
        default:
            return false;
        }
    }
    return true;
}

/* Each source as the kernel reads it, where it can be fixed when the kernel is planned. */
static void plan_sources(const vsmp_machine *m, xinst *x)
{
    x->f.fixed = true;
    for (unsigned i = 0; i < 3; i++)
        x->f.src[i] = (xsrc){NULL, 0, XS_NONE};
    for (unsigned i = 1; i < x->g->nv; i++) {
        const xvec *v = &x->g->v[i];
        /* packed regions and 16-bit ones are read in place; an immediate's lanes are made
         * once (with its modifier); a 32-bit scalar is read when the instruction runs; other
         * modified sources are made when it runs */
        if (v->mod && v->cls == VSMP_VEC_IMMEDIATE) {
            src_lanes(m, v, x->lanes, x->g->immv[i - 1]);
            mod_lanes(x->g->immv[i - 1], x->lanes, v->mod, v->type);
            x->f.src[i - 1] = (xsrc){(const uint8_t *)x->g->immv[i - 1], 0, XS_WORDS};
        } else if (v->mod)
            x->f.fixed = false;
        else if (v->fk == FK_CONTIG4 || v->fk == FK_CONTIG2)
            kernel_src(m, v, x->lanes, NULL, &x->f.src[i - 1]);
        else if (v->cls == VSMP_VEC_IMMEDIATE)
            x->f.src[i - 1] = (xsrc){src_lanes(m, v, x->lanes, x->g->immv[i - 1]), 0, XS_WORDS};
        else if (v->fk == FK_SCALAR && vsmp_type_size(v->type) == 4)
            x->f.src[i - 1] = (xsrc){m->arena + v->at, 0, XS_SCALAR};
        else
            x->f.fixed = false;
    }
}

/* The kernel of a dst with .sat, from the kernel without it; -1 when none applies. Integer <-
 * F saturates already (the general path's conversion ignores .sat for a float value);
 * mov F <- F clamps to [0, 1]; mov integer <- integer clamps the source's value (unmodified: a
 * modifier's 64-bit value is not the kernels' 32-bit one) to the dst type's range. */
static int sat_kernel(const xinst *x, int k, uint32_t *arg)
{
    unsigned dt = x->g->v[0].type, s0 = x->g->v[1].type;
    if (k == XF_I_FROM_F)
        return k;
    if ((k == XF_IMOV || k == XF_FMOV) && dt == VSMP_TYPE_F)
        return XF_FSAT;
    if (k == XF_IMOV && vsmp_type_is_int(dt) && !any_mod(x)) {
        *arg = (dt | (uint32_t)vsmp_type_is_signed(s0) << 8) << XF_ARG_SHIFT;
        return XF_ISAT;
    }
    return -1;
}

/* The SIMD16 form of kernel k (xfast.fn16): SIMD16 with every source as planned, in place or a
 * 32-bit scalar (fs16, which copies those to 16 lanes, told which by arg's XF_SPLAT bits) */
static void plan16(const vsmp_machine *m, xinst *x, int k)
{
    bool words = x->lanes == 16 && x->f.fixed;
    uint32_t splat = 0;
    for (unsigned i = 1; i < x->g->nv; i++) {
        words &= x->f.src[i - 1].kind == XS_WORDS || x->f.src[i - 1].kind == XS_SCALAR;
        splat |= (uint32_t)(x->f.src[i - 1].kind == XS_SCALAR) << (i - 1);
    }
    x->f.fn16 = !words ? NULL : splat ? m->fast->fs16[k] : m->fast->fn16[k];
    if (x->f.fn16)
        x->f.arg |= splat << XF_SPLAT_SHIFT;
}

/* A SIMD16 kernel whose sources are planned (plan16) but for 32-bit general scalars with a
 * modifier (IGC's address arithmetic subtracts a D scalar through (-)), and at most one packed
 * 32-bit general region with one (IGC's trip count, a D region minus another): those read and
 * modified when it runs (run_group GM_K16M), a scalar once and copied to 16 lanes, the region's
 * 16 lanes into a buffer. Such a source is XS_SCALAR (XS_WORDS) at the unmodified value (lanes)
 * with its modifier and type in xsrc.v (bit 16 set); f.fixed stays false, so that the handlers
 * read every source again. */
static void plan16_mod(const vsmp_machine *m, xinst *x, int k)
{
    x->f.fn16 = NULL;
    if (x->lanes != 16)
        return;
    xsrc src[3];
    memcpy(src, x->f.src, sizeof(src));
    uint32_t splat = 0;
    bool region = false;
    for (unsigned i = 1; i < x->g->nv; i++) {
        const xvec *v = &x->g->v[i];
        xsrc *o = &src[i - 1];
        uint32_t mv = v->mod | (uint32_t)v->type << 8 | 1u << 16;
        bool general = v->mod && v->cls == VSMP_VEC_GENERAL && vsmp_type_size(v->type) == 4;
        if (general && v->fk == FK_SCALAR)
            *o = (xsrc){m->arena + v->at, mv, XS_SCALAR};
        else if (general && v->fk == FK_CONTIG4 && !region)
            *o = (xsrc){m->arena + v->at, mv, XS_WORDS}, region = true;
        else if (o->kind != XS_WORDS && o->kind != XS_SCALAR)
            return;
        splat |= (uint32_t)(o->kind == XS_SCALAR) << (i - 1);
    }
    memcpy(x->f.src, src, sizeof(src));
    x->f.fn16 = splat ? m->fast->fs16[k] : m->fast->fn16[k];
    x->f.arg |= splat << XF_SPLAT_SHIFT;
}

static bool plan_cmp(const vsmp_machine *m, xinst *x)
{
    if (x->g->nv != 3 || x->g->v[0].cls != VSMP_VEC_PREDICATE || x->g->v[0].word == 0 ||
        x->g->v[0].word > m->r->num_preds)
        return false;
    const xvec *a = &x->g->v[1], *b = &x->g->v[2];
    bool f = a->type == VSMP_TYPE_F && b->type == VSMP_TYPE_F;
    if (!(f || (plain_int(a->type) && plain_int(b->type))) || !fast_src(a) || !fast_src(b))
        return false;
    if (!mod_ok(x, f ? XF_FCMP : XF_ICMP))
        return false;
    x->f.fn = m->fast->fn[f ? XF_FCMP : XF_ICMP];
    x->f.arg = (x->g->aux | (uint32_t)is_sint(a->type) << 3 | (uint32_t)is_sint(b->type) << 4)
               << XF_ARG_SHIFT;
    plan_sources(m, x);
    /* the predicate's word (the state words never move) and its elements */
    unsigned id = x->g->v[0].word, ne = m->r->preds[id - 1].num_elts;
    x->f.dst = (uint8_t *)(void *)&m->preds[id];
    x->f.src[2].v = ne < 32 ? (1u << ne) - 1u : 0xffffffffu;
    plan16(m, x, f ? XF_FCMP : XF_ICMP);
    x->run = run_cmp;
    return true;
}

/* The kernel of an instruction whose operands all passed fast_src; -1 when none applies. */
static int pick_kernel(const xinst *x, uint32_t *arg)
{
    unsigned dt = x->g->v[0].type, s0 = x->g->v[1].type;
    bool all_f = true, all_i = true;
    for (unsigned i = 1; i < x->g->nv; i++)
        all_f &= x->g->v[i].type == VSMP_TYPE_F, all_i &= plain_int(x->g->v[i].type);
    bool f = dt == VSMP_TYPE_F && all_f, i = plain_int(dt) && all_i;
    *arg = 0;
    switch (x->in->opcode) {
    case VSMP_OPC_MOV:
        if (dt == VSMP_TYPE_F) /* F <- F copies bits (vsmp_x_is_copy) unless modified */
            return all_f         ? (any_mod(x) ? XF_FMOV : XF_IMOV)
                   : !all_i      ? -1
                   : is_sint(s0) ? XF_F_FROM_D
                                 : XF_F_FROM_UD;
        if (dt == VSMP_TYPE_HF)
            return all_f ? XF_HF_FROM_F : -1;
        if (plain_int(dt) && all_f) {
            *arg = dt << XF_ARG_SHIFT;
            return XF_I_FROM_F;
        }
        return i ? XF_IMOV : -1;
    case VSMP_OPC_ADD:
        return f ? XF_FADD : i ? XF_IADD : -1;
    case VSMP_OPC_MUL:
        return f ? XF_FMUL : i ? XF_IMUL : -1;
    case VSMP_OPC_MAD:
        return f ? XF_FMAD : i ? XF_IMAD : -1;
    case VSMP_OPC_FMINMAX:
        if (i && x->g->nv == 3) {
            *arg = ((uint32_t)vsmp_type_is_signed(s0) |
                    (uint32_t)vsmp_type_is_signed(x->g->v[2].type) << 1)
                   << XF_ARG_SHIFT;
            return (x->g->aux & 1u) ? XF_IMAX : XF_IMIN;
        }
        return f ? ((x->g->aux & 1u) ? XF_FMAX : XF_FMIN) : -1;
    case VSMP_OPC_INV:
        return f ? XF_INV : -1;
    case VSMP_OPC_SQRT:
        return f ? XF_SQRT : -1;
    case VSMP_OPC_RSQRT:
        return f ? XF_RSQRT : -1;
    case VSMP_OPC_EXP:
        return f ? XF_EXP : -1;
    case VSMP_OPC_LOG:
        return f ? XF_LOG : -1;
    case VSMP_OPC_RNDD:
        return f ? XF_RNDD : -1;
    case VSMP_OPC_RNDU:
        return f ? XF_RNDU : -1;
    case VSMP_OPC_RNDE:
        return f ? XF_RNDE : -1;
    case VSMP_OPC_RNDZ:
        return f ? XF_RNDZ : -1;
    case VSMP_OPC_FRC:
        return f ? XF_FRC : -1;
    case VSMP_OPC_AND:
        return i ? XF_AND : -1;
    case VSMP_OPC_OR:
        return i ? XF_OR : -1;
    case VSMP_OPC_XOR:
        return i ? XF_XOR : -1;
    case VSMP_OPC_NOT:
        return i ? XF_NOT : -1;
    case VSMP_OPC_SHL:
        return i ? XF_SHL : -1;
    case VSMP_OPC_SHR: {
        unsigned ts = vsmp_type_size(s0);
        *arg = (ts >= 4 ? 0u : ts == 2 ? 0xffffu : 0xffu) << XF_ARG_SHIFT;
        return i ? XF_SHR : -1;
    }
    case VSMP_OPC_ASR:
        *arg = (uint32_t)is_sint(s0) << XF_ARG_SHIFT;
        return i ? XF_ASR : -1;
    default:
        return -1;
    }
}

/* A fast instruction's lanes (group_lanes, group_pred): its exec size's mask, EM offset, NoMask
 * and predicate */
static void plan_lanes(xinst *x)
{
    x->f.lmask = x->lanes >= 32 ? 0xffffffffu : (1u << x->lanes) - 1u;
    x->f.em_off = (uint8_t)(4u * (x->in->emask & 7u));
    x->f.nomask = (x->in->emask & 8u) != 0;
    x->f.pred = x->in->pred;
}

bool vsmp_x_plan_fast(const vsmp_machine *m, xinst *x)
{
    if (!m->fast || x->g->nv > 4) /* a dst and at most three sources (fsrc) */
        return false;
    plan_lanes(x);
    x->f.plain_mask = !x->in->pred && !(x->in->emask & 8u);
    /* the dst's variable for the trace, or cmp's predicate id */
    x->f.dst_var = x->g->v[0].cls == VSMP_VEC_PREDICATE ? x->g->v[0].word : x->g->v[0].var;
    for (unsigned i = 1; i < x->g->nv; i++)
        x->g->v[i].fk = fast_kind(&x->g->v[i]);
    if (x->in->opcode == VSMP_OPC_CMP)
        return plan_cmp(m, x);
    if (x->in->opcode == VSMP_OPC_MOVS)
        return plan_movs(m, x);
    const xvec *d = &x->g->v[0];
    if (d->cls != VSMP_VEC_GENERAL || d->var == 0 || (d->mod && d->mod != VSMP_MOD_SAT))
        return false;
    for (unsigned i = 1; i < x->g->nv; i++)
        if (!fast_src(&x->g->v[i]))
            return false;
    unsigned ts = vsmp_type_size(d->type);
    x->f.st = d->hs == 1 && ts == 4 ? ST_4 : d->hs == 1 && ts == 2 ? ST_2 : ST_ANY;
    x->note_off = d->at - m->vars[d->var].at;
    x->note_size = ((x->lanes - 1u) * d->hs + 1u) * ts;
    x->f.flt = d->type == VSMP_TYPE_F || d->type == VSMP_TYPE_HF;
    /* a packed 32- or 16-bit dst is written by the kernel itself when every lane is on */
    x->f.direct = x->f.st == ST_4 || x->f.st == ST_2;
    x->f.arg = x->f.st == ST_2 ? XF_OUT16 : 0u;
    x->f.dst = m->arena + d->at; /* the arena never moves */
    plan_sources(m, x);
    if (x->in->opcode == VSMP_OPC_SEL && !d->mod) {
        bool f = d->type == VSMP_TYPE_F && x->g->v[1].type == VSMP_TYPE_F &&
                 x->g->v[2].type == VSMP_TYPE_F;
        bool i = plain_int(d->type) && plain_int(x->g->v[1].type) && plain_int(x->g->v[2].type);
        if (x->g->nv != 3 || !(f || i))
            return false;
        /* F as well: sel copies bits; with a modifier, F converts the picked value and
         * integers take its low bits (the dst wraps), as mod_ok says of integer moves */
        bool fmod = f && any_mod(x);
        for (unsigned k = 1; k < x->g->nv; k++)
            if (x->g->v[k].mod &&
                (x->g->v[k].mod > VSMP_MOD_NEG_ABS && x->g->v[k].mod != VSMP_MOD_NOT))
                return false;
            else if (x->g->v[k].mod == VSMP_MOD_NOT && f)
                return false;
        x->f.fn = m->fast->fn[fmod ? XF_FSEL : XF_ISEL];
        if (fmod)
            x->f.fn16 = NULL;
        else
            plan16(m, x, XF_ISEL);
        x->f.flt = fmod;
        x->run = run_sel;
        return true;
    }
    uint32_t arg;
    int k = pick_kernel(x, &arg);
    if (k < 0 || !mod_ok(x, k) || (d->mod && (k = sat_kernel(x, k, &arg)) < 0))
        return false;
    x->f.fn = m->fast->fn[k];
    x->f.arg |= arg;
    if (k == XF_IMOV) /* a copy: no rounding mode sends it to the general path */
        x->f.flt = false;
    x->run = run_kernel;
    plan16(m, x, k);
    if (!x->f.fixed)
        plan16_mod(m, x, k);
    return true;
}

static bool fast_handler(xhandler h)
{
    return h == run_kernel || h == run_sel || h == run_cmp || h == run_movs_fast;
}

/* ---- running a run: exec_fast_run.h (run_group, run_span), on the modes above ---- */
#include "exec_fast_run.h"

void vsmp_x_copy_lanes(uint8_t *dst, const uint8_t *src, unsigned lanes)
{
    copy_lanes(dst, src, lanes);
}

void vsmp_x_widen_lanes(uint8_t *dst, const uint8_t *src, bool sign)
{
    widen_lanes(dst, src, sign);
}

void vsmp_x_movs_now(const xinst *x)
{
    movs_now(x);
}

/* run_span's common cases of GM_K16M, GM_SEL and GM_SEL1 (false: the member's handler takes it),
 * GM_CMP, GM_FCMP1 and GM_ICMP1, for generated code: %cr0 rounds to nearest even there */
bool vsmp_x_k16m_now(const vsmp_machine *m, const xinst *y, uint32_t keep)
{
    return k16m_now(m, y, keep, 0);
}

bool vsmp_x_sel_now(const vsmp_machine *m, const xinst *y, uint32_t keep)
{
    return sel_now(m, y, keep, 0);
}

bool vsmp_x_sel1_now(const vsmp_machine *m, const xinst *y, uint32_t keep)
{
    return sel1_now(m, y, keep);
}

void vsmp_x_cmp_now(const vsmp_machine *m, const xinst *y, uint32_t keep)
{
    cmp_now(m, y, keep);
}

void vsmp_x_fcmp1_now(const vsmp_machine *m, const xinst *y, uint32_t keep)
{
    cmp1_now(m, y, keep, true);
}

void vsmp_x_icmp1_now(const vsmp_machine *m, const xinst *y, uint32_t keep)
{
    cmp1_now(m, y, keep, false);
}

/* How run_group takes an instruction (GM_CALL: through its handler). */
static uint8_t group_mode(const vsmp_machine *m, const xinst *x)
{
    bool lanes_only = !x->in->pred, plain_pred = x->in->pred && !VSMP_PRED_CTRL(x->in->pred) &&
                                                 VSMP_PRED_ID(x->in->pred) &&
                                                 VSMP_PRED_ID(x->in->pred) <= m->r->num_preds;
    if (x->run == run_cmp)
        return !lanes_only || !x->f.fixed        ? GM_CALL
               : x->lanes != 1                   ? GM_CMP
               : x->f.fn == m->fast->fn[XF_FCMP] ? GM_FCMP1
                                                 : GM_ICMP1;
    if (x->run == run_movs_fast)
        return GM_MOVS;
    if (x->run == run_kernel && lanes_only && x->f.direct && !x->f.fixed && x->f.fn16)
        return GM_K16M;
    if (!x->f.fixed || !x->f.direct)
        return GM_CALL;
    if (x->run == run_sel)
        return !plain_pred                                        ? GM_CALL
               : x->lanes == 1 && x->f.fn == m->fast->fn[XF_ISEL] ? GM_SEL1
                                                                  : GM_SEL;
    if (x->run != run_kernel || !lanes_only)
        return GM_CALL;
    if (x->f.fn == m->fast->fn[XF_IMOV] && x->f.st == ST_4 && x->f.src[0].kind == XS_WORDS &&
        !(x->f.arg & XF_OUT16))
        return GM_COPY;
    if (x->f.fn == m->fast->fn[XF_IMOV] && x->f.st == ST_4 && x->lanes == 16 &&
        (x->f.src[0].kind == XS_W || x->f.src[0].kind == XS_UW) && !(x->f.arg & XF_OUT16))
        return GM_WIDEN;
    return x->f.fn16 ? GM_K16 : GM_K;
}

/* May the instruction be part of a run (after its first: a fast instruction or a label)? The
 * fast ones, and those whose handler changes neither the execution mask nor the flow and ends
 * no thread: every group of the instruction table but flow (labels, goto, jmp, call, ret) and
 * sync (barriers pause the thread). A general ALU instruction whose dst covers a byte of %ce0 ends
 * the run, as the run loop sets %ce0 before each step; a handler's write to %cr0 is seen by
 * the run reading %cr0 again after it. */
static bool member(const vsmp_machine *m, const xinst *x)
{
    if (fast_handler(x->run))
        return true;
    const vsmp_opcode_info *row = vsmp_opcode_info_get(x->in->opcode);
    if (!row || row->exec == VSMP_XG_NONE || row->exec == VSMP_XG_FLOW || row->exec == VSMP_XG_SYNC)
        return false;
    if (row->exec != VSMP_XG_ALU || x->g->nv == 0)
        return true;
    const xvec *d = &x->g->v[0];
    if (d->cls == VSMP_VEC_INDIRECT)
        return false;
    if (d->cls != VSMP_VEC_GENERAL)
        return true;
    uint32_t c = m->vars[15].at, span = ((x->lanes - 1u) * d->hs + 1u) * vsmp_type_size(d->type);
    return !(d->at < c + 4u && c < d->at + span);
}

static bool fuse_member(const vsmp_machine *m, const xinst *y, unsigned k)
{
    uint8_t gm = k == XF_ICMP ? GM_CMP : k == XF_ISEL ? GM_SEL : GM_K16;
    return y->gmode == gm && y->lanes == 16 && !y->f.sets_cr0 && y->f.fn16 == m->fast->fn16[k];
}

/* What the @p n members of a fused sequence from @p y have in common (xinst.fplan), and
 * where a member's source is an earlier member's result (xfast.fresh): the last member before
 * it with a vector dst (a cmp's is its predicate's word) on a byte of the source's 64, when
 * that dst is the source exactly */
static void plan_fused_members(xinst *y, unsigned n)
{
    unsigned fp = XFP_ONE | XFP_V32;
    for (unsigned i = 0; i < n; i++) {
        const xfast *f = &y[i].f, *f0 = &y[0].f;
        if (f->nomask != f0->nomask || f->em_off != f0->em_off || f->lmask != f0->lmask)
            fp &= ~XFP_ONE;
        if (f->flt)
            fp |= XFP_FLT;
        if (f->arg & XF_OUT16)
            fp &= ~XFP_V32;
        for (unsigned s = 0; s < 2; s++) {
            const uint8_t *p = f->src[s].p;
            y[i].f.fresh[s] = 0;
            for (unsigned j = i; p && j-- > 0;) {
                const uint8_t *d = y[j].f.dst;
                if (y[j].gmode != GM_CMP && d < p + 64 && p < d + 64) {
                    y[i].f.fresh[s] = d == p ? (uint8_t)(i - j) : 0u;
                    break;
                }
            }
        }
    }
    y[0].fplan = (uint8_t)fp;
}

/* Where source @p s of member @p i of a fused sequence from @p y comes from: 0 where no member
 * before it writes a byte of it, d > 0 where it is exactly the dst of member i - d and no member
 * between them writes a byte of it, -1 where a member's dst lies on part of it */
static int member_src(const xinst *y, unsigned i, unsigned s)
{
    const uint8_t *p = y[i].f.src[s].p;
    for (unsigned j = i; p && j-- > 0;) {
        const uint8_t *d = y[j].f.dst;
        if (y[j].gmode != GM_CMP && d < p + 64 && p < d + 64)
            return d == p ? (int)(i - j) : -1;
    }
    return 0;
}

/* Whether @p p is 64 bytes of the immediates' lanes planned in x (plan_sources: made once, never
 * written when the kernel runs) */
static bool in_immv(const xinst *x, const uint8_t *p)
{
    const uint8_t *lo = (const uint8_t *)x->g->immv, *hi = lo + sizeof(x->g->immv);
    return p >= lo && p + 64 <= hi;
}

/* Whether member b's source s has, when b runs, the bits member a's had when a ran (a before
 * b, in the fused sequence from y, b of the division from b - b % XFU_FDIV_N): both the dst of
 * the member at the same distance before it in its own division, or both the same arena bytes
 * (no member before b writes them) or the same immediate lanes */
static bool same_src(const xinst *y, unsigned a, unsigned b, unsigned s)
{
    int da = member_src(y, a, s), db = member_src(y, b, s);
    const xsrc *u = &y[a].f.src[s], *v = &y[b].f.src[s];
    if (da < 0 || da != db || u->kind != v->kind || u->v != v->v)
        return false;
    if (da > 0)
        return (unsigned)da <= b % XFU_FDIV_N;
    return u->p == v->p || (u->p && v->p && in_immv(&y[a], u->p) && in_immv(&y[b], v->p) &&
                            !memcmp(u->p, v->p, 64));
}

/* XFU_FDIV4: whether the divisions 2-4 from @p y repeat the first's members 0-6 (XFU_FDIV_K:
 * the scale and the reciprocal of the divisor times it), so that each such member's result is
 * the first division's member's: the same kernel, arg and lanes, each source the same bits
 * (same_src), each sel on its own cmp's predicate (the cmps' lanes and elements the same) */
static bool fdiv_repeats(const vsmp_machine *m, const xinst *y)
{
    for (unsigned k = 1; k < 4; k++)
        for (unsigned i = 0; i < 7; i++) {
            unsigned b = k * XFU_FDIV_N + i;
            const xfast *f = &y[i].f, *g = &y[b].f;
            if (g->fn16 != f->fn16 || g->arg != f->arg || y[b].lanes != y[i].lanes ||
                g->em_off != f->em_off || g->lmask != f->lmask || g->nomask != f->nomask ||
                g->st != f->st || g->flt != f->flt)
                return false;
            for (unsigned s = 0; s < 3; s++)
                if (!same_src(y, i, b, s))
                    return false;
            if (y[i].gmode != GM_SEL) {
                if (g->pred != f->pred)
                    return false;
                continue;
            }
            const uint8_t *pf = (const uint8_t *)&m->preds[VSMP_PRED_ID(f->pred)];
            const uint8_t *pg = (const uint8_t *)&m->preds[VSMP_PRED_ID(g->pred)];
            if (pf != y[i - 1].f.dst || pg != y[b - 1].f.dst ||
                VSMP_PRED_INV(f->pred) != VSMP_PRED_INV(g->pred))
                return false;
        }
    return true;
}

/* Mark the fused sequences of the run of @p n instructions from @p i (before its chains: a
 * chain joins no member of a fused sequence): the first member's mode, the table's row
 * (xfast_table.fused, XFU_LIST) and how many members it has (xinst.chain) */
static void plan_fused(vsmp_machine *m, uint32_t i, uint32_t n)
{
    for (uint32_t j = i, end = i + n; m->fast && j < end;) {
        unsigned k = 0;
        for (unsigned id = XFU_NONE + 1; !k && id < XFU_COUNT; id++) {
            const xfused *f = &m->fast->fused[id];
            bool ok = j + f->n <= end;
            for (unsigned q = 0; ok && q < f->n; q++)
                ok = fuse_member(m, &m->x[j + q], f->k[q]);
            if (ok && id == XFU_FDIV4)
                ok = fdiv_repeats(m, &m->x[j]);
            if (ok) {
                plan_fused_members(&m->x[j], f->n);
                m->x[j].gmode = GM_FUSED, m->x[j].fuse = (uint8_t)id, m->x[j].chain = f->n;
                k = f->n;
            }
        }
        j += k ? k : 1;
    }
}

/* Chains (GM_CHAIN): instructions of a run one after the other that run_span would each take as
 * GM_K16 under the same test (the EM at the same offset, or NoMask; none writing %cr0), joined
 * at the first, which the run then tests once and hands the chain's kernels (xfast_table
 * chain16) in one call: IGC's mad chains over a sample's four channels, its address arithmetic
 * and conversions. The same of GM_COPY (GM_COPYS: IGC's moves of a loop's values, of a result's
 * channels before its store), the members' copies one after the other after the one test. A
 * chain that fails the test runs as its members would alone. */
/* F mad with src0 a 32-bit scalar and the others in place (GM_CHAINW's members) */
static bool fmad_weight(const vsmp_machine *m, const xinst *x)
{
    return x->gmode == GM_K16 && x->f.fn16 == m->fast->fs16[XF_FMAD] &&
           (x->f.arg >> XF_SPLAT_SHIFT & 7u) == 1u;
}

static bool chains_with(const vsmp_machine *m, const xinst *x, const xinst *y)
{
    return (x->gmode == GM_K16 || (x->gmode == GM_K && x->lanes == 1) || x->gmode == GM_COPY) &&
           y->gmode == x->gmode && y->lanes == x->lanes && !y->f.sets_cr0 &&
           y->f.nomask == x->f.nomask && y->f.em_off == x->f.em_off && y->f.lmask == x->f.lmask &&
           fmad_weight(m, y) == fmad_weight(m, x);
}

static void plan_chains(vsmp_machine *m, uint32_t i, uint32_t n)
{
    for (uint32_t end = i + n; i < end;) {
        xinst *x = &m->x[i];
        if (x->gmode == GM_FUSED) {
            i += x->chain;
            continue;
        }
        uint32_t k = 0;
        while (i + k < end && k < UINT8_MAX && chains_with(m, x, &m->x[i + k]))
            k++;
        if (k >= 2) {
            x->gmode = x->gmode == GM_K      ? GM_CHAIN1
                       : x->gmode == GM_COPY ? GM_COPYS
                       : fmad_weight(m, x)   ? GM_CHAINW
                                             : GM_CHAIN;
            x->chain = (uint8_t)k;
        }
        i += k ? k : 1;
    }
}

/* A goto run_span decides itself past a run (GM_GOTO, goto_now): no predicate, or a plain one
 * (no .any or .all) of a declared predicate; its lanes planned as a fast instruction's */
static uint8_t plan_goto(const vsmp_machine *m, xinst *x)
{
    unsigned pred = x->in->pred, id = VSMP_PRED_ID(pred);
    if (pred && (VSMP_PRED_CTRL(pred) || !id || id > m->r->num_preds))
        return GM_BRANCH;
    plan_lanes(x);
    x->f.nomask |= x->lanes == 1;
    return GM_GOTO;
}

void vsmp_x_group_fast(vsmp_machine *m)
{
    for (uint32_t i = 0; i < m->nx; i++) {
        xinst *x = &m->x[i];
        unsigned op = x->in->opcode;
        /* a subroutine's label (a kernel's first instruction) runs as a label: run_nop */
        x->gmode = fast_handler(x->run)                                ? group_mode(m, x)
                   : op == VSMP_OPC_LABEL || op == VSMP_OPC_SUBROUTINE ? GM_LABEL
                   : op == VSMP_OPC_GOTO                               ? plan_goto(m, x)
                   : op == VSMP_OPC_JMP                                ? GM_BRANCH
                   : op == VSMP_OPC_RET                                ? GM_RET
                                                                       : GM_CALL;
        /* a fast instruction whose dst covers a byte of %cr0 (itself or an alias) changes
         * what the next ones read of it */
        uint32_t c = m->vars[14].at;
        x->f.sets_cr0 = fast_handler(x->run) && x->run != run_cmp &&
                        x->g->v[0].cls == VSMP_VEC_GENERAL && x->g->v[0].at < c + 4u &&
                        c < x->g->v[0].at + x->note_size;
    }
    for (uint32_t i = 0; i < m->nx;) {
        /* a run starts at a fast instruction, or at a label before one (a loop's head: the
         * label is then no step of its own) */
        bool label = m->x[i].gmode == GM_LABEL && i + 1 < m->nx && fast_handler(m->x[i + 1].run);
        uint32_t n = label;
        if (label || fast_handler(m->x[i].run))
            while (i + n < m->nx && member(m, &m->x[i + n]))
                n++;
        if (n >= 2) {
            xinst *x = &m->x[i];
            x->own = x->run;
            x->group = n;
            x->run = run_group;
            plan_fused(m, i, n);
            plan_chains(m, i, n);
        }
        i += n ? n : 1;
    }
#ifdef VSMP_CODEGEN
    /* the runs' generated code, made when each first runs (codegen.c) */
    if (m->fast && !m->cgf && (vsmp_cpu_effective() & VSMP_CPU_CODEGEN))
        m->cgf = calloc(m->nx, sizeof *m->cgf);
#endif
}

bool vsmp_x_is_codegen(const vsmp_machine *m, uint32_t index)
{
#ifdef VSMP_CODEGEN
    return m && m->cgf && index < m->nx && m->cgf[index] && m->cgf[index] != vsmp_cg_none;
#else
    (void)m, (void)index;
    return false;
#endif
}

/* The address of the generated code of the run headed by @p index (0: none), which machines of the
 * same plan share (codegen.c's cache; tests/test_codegen_cache.c) */
uintptr_t vsmp_x_codegen_at(const vsmp_machine *m, uint32_t index)
{
#ifdef VSMP_CODEGEN
    if (vsmp_x_is_codegen(m, index))
        return (uintptr_t)m->cgf[index];
#else
    (void)m, (void)index;
#endif
    return 0;
}

unsigned vsmp_x_fused_at(const vsmp_machine *m, uint32_t index)
{
    return m && index < m->nx && m->x[index].gmode == GM_FUSED ? m->x[index].fuse : XFU_NONE;
}

bool vsmp_x_is_fast(const vsmp_machine *m, uint32_t index)
{
    if (!m || index >= m->nx)
        return false;
    const xinst *x = &m->x[index];
    return fast_handler(x->run) || (x->run == run_group && fast_handler(x->own));
}

uint32_t vsmp_x_chain(const vsmp_machine *m, uint32_t index)
{
    if (!m || index >= m->nx)
        return 0;
    const xinst *x = &m->x[index];
    return x->gmode == GM_CHAIN || x->gmode == GM_CHAIN1 || x->gmode == GM_CHAINW ||
                   x->gmode == GM_COPYS
               ? x->chain
               : 0;
}

unsigned vsmp_x_gmode(const vsmp_machine *m, uint32_t index)
{
    return m && index < m->nx ? m->x[index].gmode : GM_CALL;
}

uint32_t vsmp_x_group(const vsmp_machine *m, uint32_t index)
{
    return m && index < m->nx && m->x[index].run == run_group ? m->x[index].group : 0;
}
