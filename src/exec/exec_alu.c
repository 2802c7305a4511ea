/* SPDX-License-Identifier: MIT */
/*
 * The EU instructions: arithmetic, logic, moves and conversions, comparisons, selection,
 * min/max, movs and addr_add. Every lane's sources are read first and converted to the
 * execution type (float if a source is a float type), the operation is computed, and the
 * result converted to the destination type: float results round as %cr0 says, denormals are
 * flushed unless %cr0 allows them, float-to-integer conversion truncates and saturates,
 * integer results wrap unless .sat clamps them (docs/EXEC.md lists each rule and its source).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "exec_internal.h"
#include "rules.h"

typedef struct xnum {
    bool f;
    double d;
    int64_t i;
} xnum;

static uint32_t cr0(const vsmp_machine *m)
{
    return x_ld(m->arena + m->vars[14].at, 4);
}

/* Byte address of a lane's element; false when an indirect address leaves the arena. */
static bool elem_at(const vsmp_machine *m, const xvec *v, unsigned lane, bool dst, uint64_t *at)
{
    unsigned ts = vsmp_type_size(v->type);
    unsigned r = dst ? 0 : lane / v->w, c = dst ? lane : lane % v->w;
    uint64_t e = ((uint64_t)r * v->vs + (uint64_t)c * v->hs) * ts;
    if (v->cls == VSMP_VEC_GENERAL) {
        *at = v->at + e;
        return true;
    }
    int64_t base;
    if (v->multi)
        base = (int64_t)m->addr_vals[v->word + r] + v->disp, e = (uint64_t)c * v->hs * ts;
    else
        base = (int64_t)m->addr_vals[v->word] + v->disp;
    if (base < 0 || (uint64_t)base + e + ts > m->arena_size)
        return false;
    *at = (uint64_t)base + e;
    return true;
}

static uint64_t ld_bits(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void st_bits(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Raw bits of a lane of a source operand. */
static bool src_bits(const vsmp_machine *m, const xvec *v, unsigned lane, uint64_t *bits)
{
    if (v->cls == VSMP_VEC_IMMEDIATE) {
        *bits = v->imm[v->nimm > 1 ? lane % v->nimm : 0];
        return true;
    }
    if (v->cls == VSMP_VEC_GENERAL && v->var == 0) {
        *bits = 0;
        return true;
    }
    uint64_t at;
    if (!elem_at(m, v, lane, false, &at))
        return false;
    *bits = ld_bits(m->arena + at, vsmp_type_size(v->type));
    return true;
}

static double flush(double d, bool allow)
{
    return allow ? d : (d != 0 && fabs(d) < DBL_MIN ? copysign(0.0, d) : d);
}

/* The value of raw bits of type t ("F denorm mode: 0 flush denorms to zero", %cr0 bits 7, 10
 * and 6 for F, HF and DF; 4_visa_header.md). */
static xnum num_of(uint64_t bits, unsigned t, uint32_t c0)
{
    xnum n = {false, 0, 0};
    switch (t) {
    case VSMP_TYPE_F: {
        uint32_t b = (uint32_t)bits;
        float f;
        memcpy(&f, &b, 4);
        n.f = true;
        n.d = (c0 >> 7 & 1) || !(fabsf(f) < FLT_MIN) || f == 0 ? f : copysign(0.0, f);
        return n;
    }
    case VSMP_TYPE_HF: {
        uint16_t h = (uint16_t)bits;
        n.f = true;
        n.d = vsmp_half_to_float(h);
        if (!(c0 >> 10 & 1) && (h & 0x7c00u) == 0)
            n.d = copysign(0.0, n.d);
        return n;
    }
    case VSMP_TYPE_BF: {
        uint32_t b = (uint32_t)(bits & 0xffffu) << 16;
        float f;
        memcpy(&f, &b, 4);
        n.f = true;
        n.d = f;
        return n;
    }
    case VSMP_TYPE_DF: {
        double d;
        memcpy(&d, &bits, 8);
        n.f = true;
        n.d = flush(d, c0 >> 6 & 1);
        return n;
    }
    case VSMP_TYPE_B:
        n.i = (int8_t)bits;
        return n;
    case VSMP_TYPE_UB:
        n.i = (uint8_t)bits;
        return n;
    case VSMP_TYPE_W:
        n.i = (int16_t)bits;
        return n;
    case VSMP_TYPE_UW:
        n.i = (uint16_t)bits;
        return n;
    case VSMP_TYPE_D:
        n.i = (int32_t)bits;
        return n;
    case VSMP_TYPE_UD:
        n.i = (uint32_t)bits;
        return n;
    default: /* Q, UQ: the 64-bit pattern */
        n.i = (int64_t)bits;
        return n;
    }
}

static void mod_in_place(xnum *n, unsigned mod)
{
    switch (mod) {
    case VSMP_MOD_ABS:
        /* in 64-bit two's complement: abs(INT64_MIN) is INT64_MIN, as the negation wraps */
        n->d = fabs(n->d), n->i = n->i < 0 ? (int64_t)(0 - (uint64_t)n->i) : n->i;
        break;
    case VSMP_MOD_NEG:
        n->d = -n->d, n->i = (int64_t)(0 - (uint64_t)n->i);
        break;
    case VSMP_MOD_NEG_ABS:
        n->d = -fabs(n->d), n->i = n->i < 0 ? n->i : -n->i;
        break;
    case VSMP_MOD_NOT:
        n->i = ~n->i;
        break;
    default:
        break;
    }
}

static inline xnum apply_mod(xnum n, unsigned mod)
{
    if (mod)
        mod_in_place(&n, mod);
    return n;
}

/* Round a double to a float format of @p mbits mantissa bits and minimum exponent @p emin
 * (binary32: 23, -126; binary16: 10, -14) with the %cr0 rounding mode (bits 5..4: RTNE, RU,
 * RD, RTZ). One rounding from the double. */
static double round_fmt(double x, int mbits, int emin, int emax, unsigned mode)
{
    if (x == 0 || isnan(x) || isinf(x))
        return x;
    int e;
    frexp(x, &e); /* x = f 2^e, 0.5 <= |f| < 1: the leading bit has weight 2^(e-1) */
    int lead = e - 1 < emin ? emin : e - 1;
    double q = ldexp(1.0, lead - mbits);
    double y = x / q, r;
    switch (mode) {
    case 1:
        r = ceil(y);
        break;
    case 2:
        r = floor(y);
        break;
    case 3:
        r = trunc(y);
        break;
    default:
        r = nearbyint(y);
        break;
    }
    double out = r * q;
    double maxv = ldexp(2.0 - ldexp(1.0, -mbits), emax);
    if (fabs(out) > maxv) {
        bool to_inf = mode == 0 || (mode == 1 && out > 0) || (mode == 2 && out < 0);
        out = to_inf ? copysign(INFINITY, out) : copysign(maxv, out);
    }
    return out;
}

/* The range of an integer type of at most 32 bits; false for the 64-bit types. */
static bool int32_range(unsigned t, int64_t *lo, int64_t *hi)
{
    switch (t) {
    case VSMP_TYPE_B:
        *lo = -128, *hi = 127;
        return true;
    case VSMP_TYPE_UB:
        *lo = 0, *hi = 255;
        return true;
    case VSMP_TYPE_W:
        *lo = -32768, *hi = 32767;
        return true;
    case VSMP_TYPE_UW:
        *lo = 0, *hi = 65535;
        return true;
    case VSMP_TYPE_D:
        *lo = INT32_MIN, *hi = INT32_MAX;
        return true;
    case VSMP_TYPE_UD:
        *lo = 0, *hi = UINT32_MAX;
        return true;
    default:
        return false;
    }
}

static int64_t clamp_int(double d, unsigned t)
{
    /* float -> integer: toward zero, saturated to the type's range, NaN -> 0 (docs/EXEC.md) */
    int64_t lo, hi;
    if (isnan(d))
        return 0;
    if (!int32_range(t, &lo, &hi)) {
        if (t == VSMP_TYPE_Q)
            return d <= -9223372036854775808.0  ? INT64_MIN
                   : d >= 9223372036854775808.0 ? INT64_MAX
                                                : (int64_t)d;
        if (d <= 0)
            return 0;
        return d >= 18446744073709551616.0 ? (int64_t)UINT64_MAX : (int64_t)(uint64_t)d;
    }
    d = trunc(d);
    return d < (double)lo ? lo : d > (double)hi ? hi : (int64_t)d;
}

static int64_t sat_int(int64_t v, unsigned t, bool src_unsigned64)
{
    int64_t lo, hi;
    if (!int32_range(t, &lo, &hi)) {
        if (t == VSMP_TYPE_Q)
            return src_unsigned64 && v < 0 ? INT64_MAX : v;
        return !src_unsigned64 && v < 0 ? 0 : v;
    }
    return v < lo ? lo : v > hi ? hi : v;
}

/* Bits of a value converted to type t. */
static uint64_t bits_of(xnum n, unsigned t, bool sat, bool unsigned_src, uint32_t c0)
{
    unsigned mode = c0 >> 4 & 3u;
    if (vsmp_type_is_float(t)) {
        double d = n.f ? n.d : (unsigned_src ? (double)(uint64_t)n.i : (double)n.i);
        if (sat) /* saturation of a float destination: clamp to [0, 1], NaN -> 0 */
            d = isnan(d) ? 0.0 : d < 0 ? 0.0 : d > 1 ? 1.0 : d;
        switch (t) {
        case VSMP_TYPE_F: {
            float f = (float)round_fmt(d, 23, -126, 127, mode);
            if (!(c0 >> 7 & 1) && fabsf(f) < FLT_MIN)
                f = copysignf(0.0f, f);
            uint32_t b;
            memcpy(&b, &f, 4);
            return b;
        }
        case VSMP_TYPE_HF: {
            double h = round_fmt(d, 10, -14, 15, mode);
            if (!(c0 >> 10 & 1) && fabs(h) < ldexp(1.0, -14))
                h = copysign(0.0, h);
            return vsmp_float_to_half_rtne((float)h);
        }
        case VSMP_TYPE_BF: {
            float f = (float)round_fmt(d, 7, -126, 127, mode);
            uint32_t b;
            memcpy(&b, &f, 4);
            return b >> 16;
        }
        default: {
            d = flush(d, c0 >> 6 & 1);
            uint64_t b;
            memcpy(&b, &d, 8);
            return b;
        }
        }
    }
    if (n.f)
        return (uint64_t)clamp_int(n.d, t);
    return (uint64_t)(sat ? sat_int(n.i, t, unsigned_src) : n.i);
}

/* ---- the operations ---- */

static int64_t shift_count(int64_t c, unsigned ts)
{
    return c & (ts > 4 ? 63 : 31);
}

static uint64_t width_mask(unsigned ts)
{
    return ts >= 8 ? UINT64_MAX : ((uint64_t)1 << (8 * ts)) - 1;
}

static int popcount64(uint64_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static bool compare(unsigned rel, xnum a, xnum b, bool uns)
{
    if (a.f || b.f) {
        double x = a.f ? a.d : (double)a.i, y = b.f ? b.d : (double)b.i;
        switch (rel) {
        case 0:
            return x == y;
        case 1:
            return x != y; /* NaN: unordered, only "ne" holds */
        case 2:
            return x > y;
        case 3:
            return x >= y;
        case 4:
            return x < y;
        default:
            return x <= y;
        }
    }
    int c = uns ? ((uint64_t)a.i < (uint64_t)b.i ? -1 : (uint64_t)a.i > (uint64_t)b.i)
                : (a.i < b.i ? -1 : a.i > b.i);
    switch (rel) {
    case 0:
        return c == 0;
    case 1:
        return c != 0;
    case 2:
        return c > 0;
    case 3:
        return c >= 0;
    case 4:
        return c < 0;
    default:
        return c <= 0;
    }
}

/* A double rounded to float type t with %cr0's rounding mode, denormals kept: the value the
 * math box hands on inside DIV ("x * INV(y)", DIV.md; keeping the denormal: vsmp). */
static double in_fmt(double d, unsigned t, uint32_t c0)
{
    if (!vsmp_type_is_float(t))
        t = VSMP_TYPE_F;
    c0 |= 1u << 7 | 1u << 10 | 1u << 6;
    return num_of(bits_of((xnum){true, d, 0}, t, false, false, c0), t, c0).d;
}

/* Integer quotient and remainder, truncating: the quotient's sign is the product of the
 * signs, the remainder's the numerator's (DIV.md, MOD.md tables). Division by zero: quotient
 * all ones, remainder the numerator (vsmp). */
static int64_t int_div(int64_t a, int64_t b, bool uns, bool rem)
{
    if (b == 0)
        return rem ? a : -1;
    if (uns)
        return (int64_t)(rem ? (uint64_t)a % (uint64_t)b : (uint64_t)a / (uint64_t)b);
    if (a == INT64_MIN && b == -1)
        return rem ? 0 : INT64_MIN;
    return rem ? a % b : a / b;
}

/* One lane of an arithmetic/logic/move instruction, as its semantic function sees it: the
 * sources after their modifiers, and (when the execution type is float) as doubles. */
typedef struct xlane {
    const xinst *x;
    const xnum *s;
    bool f;            /* the execution type is float */
    bool uns;          /* every source is an unsigned integer */
    unsigned ts0, tsx; /* src0's size; the larger of src0's and the dst's */
    uint32_t c0;
    double a, b, c; /* src0..2 as doubles when f */
} xlane;

/* The semantic function of an opcode: the result r (r->f already says float) of one lane. */
typedef void (*xeval)(const xlane *l, xnum *r);

/* -- arithmetic -- */

static void op_add(const xlane *l, xnum *r)
{
    r->d = l->a + l->b, r->i = (int64_t)((uint64_t)l->s[0].i + (uint64_t)l->s[1].i);
}

static void op_mul(const xlane *l, xnum *r)
{
    r->d = l->a * l->b, r->i = (int64_t)((uint64_t)l->s[0].i * (uint64_t)l->s[1].i);
}

static void op_mad(const xlane *l, xnum *r)
{
    /* a fused multiply-add: OpenCL's fma, which must round once, is compiled to mad */
    if (l->f && l->x->g->v[0].type == VSMP_TYPE_F && (l->c0 >> 4 & 3u) == 0)
        r->d = fmaf((float)l->a, (float)l->b, (float)l->c);
    else
        r->d = fma(l->a, l->b, l->c);
    r->i = (int64_t)((uint64_t)l->s[0].i * (uint64_t)l->s[1].i + (uint64_t)l->s[2].i);
}

static void op_add3(const xlane *l, xnum *r)
{
    r->d = l->a + l->b + l->c;
    r->i = (int64_t)((uint64_t)l->s[0].i + (uint64_t)l->s[1].i + (uint64_t)l->s[2].i);
}

static void op_avg(const xlane *l, xnum *r)
{
    r->i = (l->s[0].i + l->s[1].i + 1) >> 1;
}

static void op_div(const xlane *l, xnum *r)
{
    /* float: "implemented as x * INV(y)" (DIV.md): 1/y rounded to the dst format first */
    if (l->f)
        r->d = l->a * in_fmt(1.0 / l->b, l->x->g->v[0].type, l->c0);
    else
        r->i = int_div(l->s[0].i, l->s[1].i, l->uns, false);
}

static void op_mod(const xlane *l, xnum *r)
{
    r->i = int_div(l->s[0].i, l->s[1].i, l->uns, true);
}

static void op_mulh(const xlane *l, xnum *r)
{
    /* the high 32 bits of the 64-bit product of two 32-bit integers (MULH.md) */
    if (l->uns)
        r->i = (int64_t)(((uint64_t)(uint32_t)l->s[0].i * (uint32_t)l->s[1].i) >> 32);
    else
        r->i = ((int64_t)(int32_t)l->s[0].i * (int32_t)l->s[1].i) >> 32;
}

static void op_fminmax(const xlane *l, xnum *r)
{
    const xnum *s = l->s;
    bool max = l->x->g->aux & 1;
    if (l->f) /* a NaN source yields the other source */
        r->d = isnan(l->a)   ? l->b
               : isnan(l->b) ? l->a
               : max         ? (l->a > l->b ? l->a : l->b)
                             : (l->a < l->b ? l->a : l->b);
    else if (l->uns)
        r->i = max ? ((uint64_t)s[0].i > (uint64_t)s[1].i ? s[0].i : s[1].i)
                   : ((uint64_t)s[0].i < (uint64_t)s[1].i ? s[0].i : s[1].i);
    else
        r->i = max ? (s[0].i > s[1].i ? s[0].i : s[1].i) : (s[0].i < s[1].i ? s[0].i : s[1].i);
}

static void op_mov(const xlane *l, xnum *r)
{
    *r = l->s[0];
}

/* -- rounding: on an integer source, the value itself -- */

static void op_frc(const xlane *l, xnum *r)
{
    r->d = l->a - floor(l->a), r->i = l->s[0].i;
}

static void op_rndd(const xlane *l, xnum *r)
{
    r->d = floor(l->a), r->i = l->s[0].i;
}

static void op_rndu(const xlane *l, xnum *r)
{
    r->d = ceil(l->a), r->i = l->s[0].i;
}

static void op_rnde(const xlane *l, xnum *r)
{
    r->d = nearbyint(l->a), r->i = l->s[0].i;
}

static void op_rndz(const xlane *l, xnum *r)
{
    r->d = trunc(l->a), r->i = l->s[0].i;
}

/* -- logic and bits -- */

static void op_and(const xlane *l, xnum *r)
{
    r->i = l->s[0].i & l->s[1].i;
}

static void op_or(const xlane *l, xnum *r)
{
    r->i = l->s[0].i | l->s[1].i;
}

static void op_xor(const xlane *l, xnum *r)
{
    r->i = l->s[0].i ^ l->s[1].i;
}

static void op_not(const xlane *l, xnum *r)
{
    r->i = ~l->s[0].i;
}

/* the count takes 6 bits when src0 or the dst is 64-bit: IGC's float -> long emulation on SKL
 * shifts a D high word into a Q dst by 32 (`shl ... V(Q) V(D) 0x20:d`) */
static void op_shl(const xlane *l, xnum *r)
{
    r->i = (int64_t)((uint64_t)l->s[0].i << shift_count(l->s[1].i, l->tsx));
}

static void op_shr(const xlane *l, xnum *r)
{
    r->i = (int64_t)(((uint64_t)l->s[0].i & width_mask(l->ts0)) >> shift_count(l->s[1].i, l->tsx));
}

static void op_asr(const xlane *l, xnum *r)
{
    int64_t v = l->s[0].i, n = shift_count(l->s[1].i, l->tsx);
    r->i = v < 0 ? ~(~v >> n) : v >> n;
}

static void op_cbit(const xlane *l, xnum *r)
{
    r->i = popcount64((uint64_t)l->s[0].i & width_mask(l->ts0));
}

static void op_fbl(const xlane *l, xnum *r)
{
    uint64_t v = (uint64_t)l->s[0].i & width_mask(l->ts0);
    int n = 0;
    while (v && !(v >> n & 1))
        n++;
    r->i = v ? n : (int64_t)UINT32_MAX;
}

static void op_fbh(const xlane *l, xnum *r)
{
    uint64_t v = (uint64_t)l->s[0].i & 0xffffffffu;
    if (!l->uns && (v >> 31))
        v = ~v & 0xffffffffu; /* signed: first bit that differs from the sign */
    int n = 0;
    while (n < 32 && !(v >> (31 - n) & 1))
        n++;
    r->i = n < 32 ? n : (int64_t)UINT32_MAX;
}

static void op_lzd(const xlane *l, xnum *r)
{
    uint64_t v = (uint64_t)l->s[0].i & 0xffffffffu;
    int n = 0;
    while (n < 32 && !(v >> (31 - n) & 1))
        n++;
    r->i = n;
}

static void op_bfe(const xlane *l, xnum *r)
{
    /* width = src0 & 31, offset = src1 & 31, (src2 >> offset) & ((1 << width) - 1);
     * sign-extended from the field's top bit for a D dst (BFE.md) */
    unsigned w = (unsigned)l->s[0].i & 31u, o = (unsigned)l->s[1].i & 31u;
    uint32_t v = ((uint32_t)l->s[2].i >> o) & (uint32_t)(((uint64_t)1 << w) - 1u);
    bool d = l->x->g->v[0].type == VSMP_TYPE_D;
    if (d && w && (v >> (w - 1) & 1u))
        v |= ~(uint32_t)(((uint64_t)1 << w) - 1u);
    r->i = d ? (int64_t)(int32_t)v : (int64_t)v;
}

static void op_bfi(const xlane *l, xnum *r)
{
    /* bitmask = ((1 << width) - 1) << offset; ((src2 << offset) & bitmask) |
     * (src3 & ~bitmask) (BFI.md) */
    unsigned w = (unsigned)l->s[0].i & 31u, o = (unsigned)l->s[1].i & 31u;
    uint32_t bm = (uint32_t)((((uint64_t)1 << w) - 1u) << o);
    r->i = (int64_t)((((uint32_t)l->s[2].i << o) & bm) | ((uint32_t)l->s[3].i & ~bm));
}

static void op_bfn(const xlane *l, xnum *r)
{
    /* bit idx of the dst = bit (src0 + 2 src1 + 4 src2) of the 8-bit table, each source
     * giving its bit idx (BFN.md): the OR of the table's minterms */
    const xnum *s = l->s;
    uint64_t v = 0;
    for (unsigned k = 0; k < 8; k++)
        if (l->x->g->aux >> k & 1u)
            v |= ((k & 1u) ? (uint64_t)s[0].i : ~(uint64_t)s[0].i) &
                 ((k & 2u) ? (uint64_t)s[1].i : ~(uint64_t)s[1].i) &
                 ((k & 4u) ? (uint64_t)s[2].i : ~(uint64_t)s[2].i);
    r->i = (int64_t)v;
}

static void op_bfrev(const xlane *l, xnum *r)
{
    uint32_t v = (uint32_t)l->s[0].i, o = 0;
    for (unsigned k = 0; k < 32; k++)
        o |= (v >> k & 1u) << (31 - k);
    r->i = o;
}

/* RotateMask = sizeof(src0) * 8 - 1; rol: (src0 << (src1 & mask)) | (src0 >> (-src1 & mask)),
 * ror the mirror (ROL.md, ROR.md), on src0's width */
static void rotate(const xlane *l, xnum *r, bool right)
{
    unsigned bits = 8u * (l->ts0 < 8 ? l->ts0 : 8), k = (unsigned)l->s[1].i & (bits - 1u);
    uint64_t wm = width_mask(l->ts0), v = (uint64_t)l->s[0].i & wm;
    if (right)
        k = (bits - k) & (bits - 1u);
    r->i = (int64_t)(((v << k) | (v >> ((bits - k) & (bits - 1u)))) & wm);
}

static void op_rol(const xlane *l, xnum *r)
{
    rotate(l, r, false);
}

static void op_ror(const xlane *l, xnum *r)
{
    rotate(l, r, true);
}

/* -- the math box (float whatever the source types: the fp column MATH) -- */

static void op_divm(const xlane *l, xnum *r)
{
    r->d = l->a / l->b;
}

static void op_inv(const xlane *l, xnum *r)
{
    r->d = 1.0 / l->a;
}

static void op_sqrt(const xlane *l, xnum *r)
{
    /* ALT mode (%cr0 bit 0) takes |src0| (SQRT.md) */
    r->d = sqrt((l->c0 & 1u) ? fabs(l->a) : l->a);
}

static void op_sqrtm(const xlane *l, xnum *r)
{
    r->d = sqrt(l->a);
}

static void op_rsqrt(const xlane *l, xnum *r)
{
    r->d = 1.0 / sqrt((l->c0 & 1u) ? fabs(l->a) : l->a);
}

static void op_exp(const xlane *l, xnum *r)
{
    r->d = exp2(l->a);
}

static void op_log(const xlane *l, xnum *r)
{
    r->d = log2((l->c0 & 1u) ? fabs(l->a) : l->a);
}

static void op_pow(const xlane *l, xnum *r)
{
    r->d = pow(l->a, l->b);
}

static void op_sin(const xlane *l, xnum *r)
{
    r->d = sin(l->a);
}

static void op_cos(const xlane *l, xnum *r)
{
    r->d = cos(l->a);
}

static void op_lrp(const xlane *l, xnum *r)
{
    /* "src1 * src0 + src2 * (1.0 - src0)" (LRP.md), in double, rounded once (vsmp) */
    r->d = l->b * l->a + l->c * (1.0 - l->a);
}

/* The semantic function of each opcode of the generic path (an opcode of the ALU group without
 * one has its own planner below, or is refused). Adding an ALU opcode: its row in
 * include/vsmp/opcodes.def (exec ALU, its types and fp columns) and its function here. */
static const xeval alu_eval[VSMP_OPC_LIMIT] = {
    [VSMP_OPC_ADD] = op_add,     [VSMP_OPC_MUL] = op_mul,     [VSMP_OPC_MAD] = op_mad,
    [VSMP_OPC_ADD3] = op_add3,   [VSMP_OPC_AVG] = op_avg,     [VSMP_OPC_DIV] = op_div,
    [VSMP_OPC_MOD] = op_mod,     [VSMP_OPC_MULH] = op_mulh,   [VSMP_OPC_FMINMAX] = op_fminmax,
    [VSMP_OPC_MOV] = op_mov,     [VSMP_OPC_SEL] = op_mov,     [VSMP_OPC_FRC] = op_frc,
    [VSMP_OPC_RNDD] = op_rndd,   [VSMP_OPC_RNDU] = op_rndu,   [VSMP_OPC_RNDE] = op_rnde,
    [VSMP_OPC_RNDZ] = op_rndz,   [VSMP_OPC_AND] = op_and,     [VSMP_OPC_OR] = op_or,
    [VSMP_OPC_XOR] = op_xor,     [VSMP_OPC_NOT] = op_not,     [VSMP_OPC_SHL] = op_shl,
    [VSMP_OPC_SHR] = op_shr,     [VSMP_OPC_ASR] = op_asr,     [VSMP_OPC_CBIT] = op_cbit,
    [VSMP_OPC_FBL] = op_fbl,     [VSMP_OPC_FBH] = op_fbh,     [VSMP_OPC_LZD] = op_lzd,
    [VSMP_OPC_BFE] = op_bfe,     [VSMP_OPC_BFI] = op_bfi,     [VSMP_OPC_BFN] = op_bfn,
    [VSMP_OPC_BFREV] = op_bfrev, [VSMP_OPC_ROL] = op_rol,     [VSMP_OPC_ROR] = op_ror,
    [VSMP_OPC_DIVM] = op_divm,   [VSMP_OPC_INV] = op_inv,     [VSMP_OPC_SQRT] = op_sqrt,
    [VSMP_OPC_SQRTM] = op_sqrtm, [VSMP_OPC_RSQRT] = op_rsqrt, [VSMP_OPC_EXP] = op_exp,
    [VSMP_OPC_LOG] = op_log,     [VSMP_OPC_POW] = op_pow,     [VSMP_OPC_SIN] = op_sin,
    [VSMP_OPC_COS] = op_cos,     [VSMP_OPC_LRP] = op_lrp,
};

/* One lane: the execution type (float if a source is, or for the math box), the sources as
 * doubles, the opcode's function, then the fp column's NaN rule. */
static xnum compute(const xinst *x, xeval op, uint8_t fp, const xnum *s, unsigned ns, bool uns,
                    unsigned ts0, uint32_t c0)
{
    unsigned tsd = vsmp_type_size(x->g->v[0].type);
    xlane l = {x, s, (fp & VSMP_FP_MATH) == VSMP_FP_MATH, uns, ts0, tsd > ts0 ? tsd : ts0, c0, 0,
               0, 0};
    for (unsigned i = 0; i < ns; i++)
        l.f |= s[i].f;
    if (l.f) {
        l.a = s[0].f ? s[0].d : uns ? (double)(uint64_t)s[0].i : (double)s[0].i;
        if (ns > 1)
            l.b = s[1].f ? s[1].d : uns ? (double)(uint64_t)s[1].i : (double)s[1].i;
        if (ns > 2)
            l.c = s[2].f ? s[2].d : (double)s[2].i;
    }
    xnum r = {l.f, 0, 0};
    op(&l, &r);
    r.f = l.f;
    /* one quiet NaN, 0x7fc00000 in F, whatever the host made (vsmp): for the math box and div,
     * and for the operations of two or three sources, where which source's NaN (its sign, its
     * payload) comes out is the host's and its compiler's choice */
    if (l.f && (fp & VSMP_FP_ONENAN) && isnan(r.d))
        r.d = NAN;
    return r;
}

static vsmp_status fault(vsmp_machine *m, const xinst *x)
{
    vsmp_x_report(m, x->in, "exec-address",
                  "instruction %u: an indirect operand's address points outside the variables",
                  x->index);
    return VSMP_ERR_INVALID;
}

static void note_dst(const vsmp_machine *m, const xinst *x, xstep *s)
{
    const xvec *d = &x->g->v[0];
    if (d->cls != VSMP_VEC_GENERAL || d->var == 0)
        return;
    unsigned ts = vsmp_type_size(d->type);
    s->dst_var = d->var;
    s->dst_offset = d->at - m->vars[d->var].at;
    s->dst_size = ((x->lanes - 1u) * d->hs + 1u) * ts;
}

/* A mov or sel whose every source has the dst's type, without a source modifier or .sat: it
 * copies bits ("with type conversion if necessary", MOV.md; SEL.md "copies data"), so a
 * signalling NaN stays signalling and a denormal stays whatever %cr0 says (docs/EXEC.md 5.2). */
bool vsmp_x_is_copy(const xinst *x)
{
    if (x->in->opcode != VSMP_OPC_MOV && x->in->opcode != VSMP_OPC_SEL)
        return false;
    if (x->g->v[0].mod == VSMP_MOD_SAT || x->g->nv < 2)
        return false;
    for (unsigned i = 1; i < x->g->nv; i++)
        if (x->g->v[i].mod || x->g->v[i].type != x->g->v[0].type)
            return false;
    return true;
}

/* dst = op(src...) for every enabled lane; sources all read before any write. */
vsmp_status vsmp_x_run_arith(vsmp_machine *m, xinst *x, xstep *s)
{
    bool sel = x->in->opcode == VSMP_OPC_SEL, copy = vsmp_x_is_copy(x);
    uint32_t en = vsmp_x_lanes_of(m, x->in->emask, sel ? 0u : x->in->pred, x->lanes);
    /* sel: the predicate selects the source, it does not disable lanes (SEL.md) */
    uint32_t pick = 0xffffffffu;
    if (sel && x->in->pred)
        pick = vsmp_x_lanes_of(m, 8u | (x->in->emask & 7u), x->in->pred, x->lanes);
    s->lanes = en;
    uint32_t c0 = cr0(m);
    const xvec *d = &x->g->v[0];
    unsigned ns = x->g->nv - 1u;
    bool uns = true, anyf = false;
    for (unsigned i = 0; i < ns; i++)
        uns &=
            !vsmp_type_is_signed(x->g->v[1 + i].type) && !vsmp_type_is_float(x->g->v[1 + i].type),
            anyf |= vsmp_type_is_float(x->g->v[1 + i].type);
    unsigned ts0 = vsmp_type_size(x->g->v[1].type);
    xeval op = alu_eval[x->in->opcode];
    const vsmp_opcode_info *row = vsmp_opcode_info_get(x->in->opcode);
    uint8_t fp = row ? row->fp : VSMP_FP_PLAIN;
    uint64_t out[32];
    for (unsigned l = 0; l < x->lanes; l++) {
        if (!(en >> l & 1u))
            continue;
        xnum src[4];
        uint64_t raw[4];
        for (unsigned i = 0; i < ns; i++) {
            if (!src_bits(m, &x->g->v[1 + i], l, &raw[i]))
                return fault(m, x);
            src[i] = apply_mod(num_of(raw[i], x->g->v[1 + i].type, c0), x->g->v[1 + i].mod);
        }
        if (copy) {
            out[l] = raw[sel && !(pick >> l & 1u) ? 1 : 0];
            continue;
        }
        if (sel) {
            out[l] = bits_of(src[(pick >> l & 1u) ? 0 : 1], d->type, d->mod == VSMP_MOD_SAT,
                             !vsmp_type_is_signed(x->g->v[(pick >> l & 1u) ? 1 : 2].type), c0);
            continue;
        }
        xnum r = compute(x, op, fp, src, ns, uns && !anyf, ts0, c0);
        out[l] = bits_of(r, d->type, d->mod == VSMP_MOD_SAT, uns && !anyf, c0);
    }
    if (d->cls == VSMP_VEC_GENERAL && d->var == 0)
        return VSMP_OK;
    unsigned ts = vsmp_type_size(d->type);
    for (unsigned l = 0; l < x->lanes; l++) {
        uint64_t at;
        if (!(en >> l & 1u))
            continue;
        if (!elem_at(m, d, l, true, &at))
            return fault(m, x);
        st_bits(m->arena + at, out[l], ts);
    }
    note_dst(m, x, s);
    return VSMP_OK;
}

/* Predicate results: the bits of lanes [off, off + exec) (5_operands.md: "contiguous elements
 * are accessed starting from the offset specified by the instruction's mask control"). */
void vsmp_x_put_pred(vsmp_machine *m, unsigned id, unsigned off, uint32_t en, uint32_t bits)
{
    uint32_t mask = off < 32 ? en << off : 0;
    uint32_t v = off < 32 ? bits << off : 0;
    m->preds[id] = (m->preds[id] & ~mask) | (v & mask);
    unsigned n = m->r->preds[id - 1].num_elts;
    if (n < 32)
        m->preds[id] &= (1u << n) - 1u;
}

static vsmp_status run_cmp(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    uint32_t c0 = cr0(m);
    bool uns = !vsmp_type_is_signed(x->g->v[1].type) && !vsmp_type_is_signed(x->g->v[2].type) &&
               !vsmp_type_is_float(x->g->v[1].type) && !vsmp_type_is_float(x->g->v[2].type);
    uint32_t res = 0;
    for (unsigned l = 0; l < x->lanes; l++) {
        if (!(en >> l & 1u))
            continue;
        uint64_t a, b;
        if (!src_bits(m, &x->g->v[1], l, &a) || !src_bits(m, &x->g->v[2], l, &b))
            return fault(m, x);
        xnum na = apply_mod(num_of(a, x->g->v[1].type, c0), x->g->v[1].mod);
        xnum nb = apply_mod(num_of(b, x->g->v[2].type, c0), x->g->v[2].mod);
        if (compare(x->g->aux, na, nb, uns))
            res |= 1u << l;
    }
    const xvec *d = &x->g->v[0];
    if (d->cls == VSMP_VEC_PREDICATE) {
        vsmp_x_put_pred(m, d->word, 4u * (x->in->emask & 7u), en, res);
        return VSMP_OK;
    }
    if (d->var == 0)
        return VSMP_OK;
    unsigned ts = vsmp_type_size(d->type);
    for (unsigned l = 0; l < x->lanes; l++) {
        uint64_t at;
        if (!(en >> l & 1u))
            continue;
        if (!elem_at(m, d, l, true, &at))
            return fault(m, x);
        /* "dst[i] = src0[i] rel_op src[i] ? -1 : 0" (CMP.md), in dst's type */
        xnum r = {false, 0, (res >> l & 1u) ? -1 : 0};
        st_bits(m->arena + at, bits_of(r, d->type, false, false, c0), ts);
    }
    note_dst(m, x, s);
    return VSMP_OK;
}

/* Logic on predicates: and/or/xor/not with predicate operands work on the lanes' bits. */
static vsmp_status run_pred_logic(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    unsigned off = 4u * (x->in->emask & 7u);
    s->lanes = en;
    uint32_t a = off < 32 ? m->preds[x->g->v[1].word] >> off : 0;
    uint32_t b = x->g->nv > 2 && off < 32 ? m->preds[x->g->v[2].word] >> off : 0;
    if (x->g->v[1].mod == VSMP_MOD_NOT)
        a = ~a;
    if (x->g->nv > 2 && x->g->v[2].mod == VSMP_MOD_NOT)
        b = ~b;
    uint32_t r;
    switch (x->in->opcode) {
    case VSMP_OPC_AND:
        r = a & b;
        break;
    case VSMP_OPC_OR:
        r = a | b;
        break;
    case VSMP_OPC_XOR:
        r = a ^ b;
        break;
    default:
        r = ~a;
        break;
    }
    vsmp_x_put_pred(m, x->g->v[0].word, off, en, r);
    return VSMP_OK;
}

/* addc / subb: dst = src0 + src1 (src0 - src1) in 32 bits, the second dst = the carry (the
 * borrow): 1 when the unsigned sum overflows 32 bits (when src0 < src1) (ADDC.md, SUBB.md).
 * A source narrower than 32 bits (a V, UV, W or UW immediate: IGC adds a lane's 64-bit offset as
 * `0x...:uv`) is its integer value, sign- or zero-extended by its type, taken modulo 2^32. */
static vsmp_status run_carry(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    bool sub = x->in->opcode == VSMP_OPC_SUBB;
    uint32_t res[32], cb[32];
    for (unsigned l = 0; l < x->lanes; l++) {
        uint64_t a, b;
        if (!(en >> l & 1u))
            continue;
        if (!src_bits(m, &x->g->v[2], l, &a) || !src_bits(m, &x->g->v[3], l, &b))
            return fault(m, x);
        uint32_t ua = (uint32_t)num_of(a, x->g->v[2].type, 0).i;
        uint32_t ub = (uint32_t)num_of(b, x->g->v[3].type, 0).i;
        res[l] = sub ? ua - ub : ua + ub;
        cb[l] = sub ? ua < ub : res[l] < ua;
    }
    for (unsigned d = 0; d < 2; d++) {
        const xvec *dv = &x->g->v[d];
        if (dv->cls == VSMP_VEC_GENERAL && dv->var == 0)
            continue;
        for (unsigned l = 0; l < x->lanes; l++) {
            uint64_t at;
            if (!(en >> l & 1u))
                continue;
            if (!elem_at(m, dv, l, true, &at))
                return fault(m, x);
            st_bits(m->arena + at, d ? cb[l] : res[l], vsmp_type_size(dv->type));
        }
    }
    note_dst(m, x, s);
    return VSMP_OK;
}

/* setp: a scalar source gives lane i bit i of its value (every lane); a vector source gives
 * each enabled lane its element's bit 0 (SETP.md). */
static vsmp_status run_setp(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    const xvec *v = &x->g->v[1];
    bool scalar = v->cls == VSMP_VEC_IMMEDIATE ? v->nimm == 1 : (v->vs == 0 && v->hs == 0);
    uint32_t bits = 0;
    uint32_t lm = x->lanes >= 32 ? 0xffffffffu : (1u << x->lanes) - 1u;
    if (scalar) {
        uint64_t b;
        if (!src_bits(m, v, 0, &b))
            return fault(m, x);
        bits = (uint32_t)b & lm;
        en = lm;
    } else {
        for (unsigned l = 0; l < x->lanes; l++) {
            uint64_t b;
            if (!(en >> l & 1u))
                continue;
            if (!src_bits(m, v, l, &b))
                return fault(m, x);
            bits |= (uint32_t)(b & 1u) << l;
        }
    }
    vsmp_x_put_pred(m, x->g->v[0].word, 4u * (x->in->emask & 7u), en, bits);
    return VSMP_OK;
}

/* movs: to a surface/sampler variable from a scalar, or from one to a general variable. */
static vsmp_status run_movs(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    if (!en)
        return VSMP_OK;
    const xvec *d = &x->g->v[0], *src = &x->g->v[1];
    uint64_t b = 0;
    if (src->cls == VSMP_VEC_STATE)
        b = src->state_cls ? m->smp_vals[src->word] : m->surf_vals[src->word];
    else if (!src_bits(m, src, 0, &b))
        return fault(m, x);
    if (d->cls == VSMP_VEC_STATE) {
        uint32_t *w = d->state_cls ? &m->smp_vals[d->word] : &m->surf_vals[d->word];
        *w = (uint32_t)b;
        return VSMP_OK;
    }
    uint64_t at;
    if (!elem_at(m, d, 0, true, &at))
        return fault(m, x);
    st_bits(m->arena + at, b, vsmp_type_size(d->type));
    note_dst(m, x, s);
    return VSMP_OK;
}

/* addr_add: dst address = address of src0 (an address, or a general operand's element) + src1
 * bytes (ADDR_ADD.md). */
static vsmp_status run_addr_add(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    uint32_t c0 = cr0(m);
    uint32_t out[32];
    for (unsigned l = 0; l < x->lanes; l++) {
        if (!(en >> l & 1u))
            continue;
        const xvec *a = &x->g->v[1];
        uint64_t base;
        if (a->cls == VSMP_VEC_ADDRESS)
            base = m->addr_vals[a->word + l % a->width];
        else if (!elem_at(m, a, l, false, &base))
            return fault(m, x);
        uint64_t b;
        if (!src_bits(m, &x->g->v[2], l, &b))
            return fault(m, x);
        xnum off = apply_mod(num_of(b, x->g->v[2].type, c0), x->g->v[2].mod);
        /* an address is UW (4_visa_header.md): the hardware's sum wraps at 16 bits, so an
         * offset of 0x8000 or more moves the address back (IGC's fbl of an empty mask, -1 << 2,
         * reaches a NoMask read as 0xfffc: 4 bytes before the variable) */
        out[l] = (uint32_t)(base + (uint64_t)(int64_t)(int16_t)(uint16_t)off.i);
    }
    for (unsigned l = 0; l < x->lanes; l++)
        if (en >> l & 1u)
            m->addr_vals[x->g->v[0].word + l] = out[l];
    return VSMP_OK;
}

/* mov to an address: each enabled lane's address word takes the source's integer value (an
 * address source's word), an arena byte offset as addr_add's results are (IGC 2.x clears an
 * address with "mov (M1_NM, 16) A0(0)<1> 0x0:uw" before its addr_add). */
static vsmp_status run_mov_addr(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    uint32_t c0 = cr0(m), out[32];
    const xvec *a = &x->g->v[1];
    for (unsigned l = 0; l < x->lanes; l++) {
        if (!(en >> l & 1u))
            continue;
        uint64_t b;
        if (a->cls == VSMP_VEC_ADDRESS)
            out[l] = m->addr_vals[a->word + l % a->width];
        else if (!src_bits(m, a, l, &b))
            return fault(m, x);
        else
            out[l] = (uint32_t)apply_mod(num_of(b, a->type, c0), a->mod).i;
    }
    for (unsigned l = 0; l < x->lanes; l++)
        if (en >> l & 1u)
            m->addr_vals[x->g->v[0].word + l] = out[l];
    return VSMP_OK;
}

/* madw: the 64-bit src0 * src1 + src2 of 32-bit integers; its low DWords at the dst, its
 * high DWords from the next GRF boundary after them (MADW.md: "The low 32b of results are
 * stored in the lower GRFs and the high 32b of results are stored in the high GRFs"). */
static vsmp_status run_madw(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    uint32_t c0 = cr0(m);
    uint64_t out[32];
    for (unsigned l = 0; l < x->lanes; l++) {
        if (!(en >> l & 1u))
            continue;
        xnum v[3];
        for (unsigned i = 0; i < 3; i++) {
            uint64_t b;
            if (!src_bits(m, &x->g->v[1 + i], l, &b))
                return fault(m, x);
            v[i] = apply_mod(num_of(b, x->g->v[1 + i].type, c0), x->g->v[1 + i].mod);
        }
        out[l] = (uint64_t)v[0].i * (uint64_t)v[1].i + (uint64_t)v[2].i;
    }
    const xvec *d = &x->g->v[0];
    if (d->var == 0)
        return VSMP_OK;
    for (unsigned l = 0; l < x->lanes; l++)
        if (en >> l & 1u) {
            st_bits(m->arena + d->at + 4u * l, out[l], 4);
            st_bits(m->arena + d->at + x->g->val[3] + 4u * l, out[l] >> 32, 4);
        }
    note_dst(m, x, s);
    s->dst_size = x->g->val[3] + 4u * x->lanes;
    return VSMP_OK;
}

/* mov of a predicate (exec size 1): its bits, element 0 in bit 0, as an unsigned integer
 * (MOV.md); bits past the predicate's size read 0 (the page: "undefined": vsmp). */
static vsmp_status run_mov_pred(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes_of(m, x->in->emask, 0, 1);
    s->lanes = en;
    if (!(en & 1u) || x->g->v[0].var == 0)
        return VSMP_OK;
    uint64_t at;
    if (!elem_at(m, &x->g->v[0], 0, true, &at))
        return fault(m, x);
    st_bits(m->arena + at, m->preds[x->g->v[1].word], vsmp_type_size(x->g->v[0].type));
    note_dst(m, x, s);
    return VSMP_OK;
}

/* ---- planning ---- */

static vsmp_status refuse(vsmp_machine *m, const xinst *x, const char *why)
{
    vsmp_x_report(m, x->in, "exec-unsupported", "instruction %u (%s): %s", x->index,
                  vsmp_x_opname(x->in), why);
    return VSMP_ERR_UNSUPPORTED;
}

/* Resolve every vector operand and the value fields in layout order. */
vsmp_status vsmp_x_operands(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    x->g->nv = 0;
    unsigned nval = 0, nsrc = 0;
    for (unsigned k = 0; k < in->num_opnds; k++) {
        const vsmp_opnd *o = &in->opnds[k];
        if (o->kind == VSMP_OPND_VALUE || o->kind == VSMP_OPND_LABEL) {
            if (nval == 0)
                x->g->aux = o->value;
            if (nval < 4)
                x->g->val[nval] = o->value;
            x->g->nval = (uint8_t)(++nval < 4 ? nval : 4);
            continue;
        }
        if (o->kind == VSMP_OPND_RAW_DST || o->kind == VSMP_OPND_RAW_SRC) {
            if (x->g->nraw < sizeof(x->g->raw) / sizeof(x->g->raw[0]))
                x->g->raw[x->g->nraw++] = o->raw;
            continue;
        }
        if (o->kind != VSMP_OPND_VEC_DST && o->kind != VSMP_OPND_VEC_SRC)
            continue;
        if (x->g->nv >= 6)
            return refuse(m, x, "too many operands");
        bool dst = o->kind == VSMP_OPND_VEC_DST;
        const char *why, *rule = vsmp_rule_opnd_class(in->opcode, dst, nsrc, o->vec.vclass, &why);
        if (rule) {
            vsmp_x_report(m, in, rule, "instruction %u: operand %u cannot be %s", x->index, k, why);
            return VSMP_ERR_INVALID;
        }
        nsrc += !dst;
        vsmp_status st = vsmp_x_vec(m, x, &o->vec, dst, &x->g->v[x->g->nv++]);
        if (st)
            return st;
    }
    return VSMP_OK;
}

/* ---- the forms with a planner of their own (the others: the generic path below) ---- */

static vsmp_status plan_cmp(vsmp_machine *m, xinst *x)
{
    if (x->g->nv != 3 || x->g->aux > 5)
        return refuse(m, x, "cmp needs a relation 0..5 and two sources");
    x->run = run_cmp;
    vsmp_x_plan_fast(m, x);
    return VSMP_OK;
}

static vsmp_status plan_movs(vsmp_machine *m, xinst *x)
{
    const xvec *d = &x->g->v[0];
    if ((d->cls != VSMP_VEC_STATE && x->g->v[1].cls != VSMP_VEC_STATE) ||
        (d->cls != VSMP_VEC_STATE && d->cls != VSMP_VEC_GENERAL))
        return refuse(m, x, "movs moves to or from a surface or sampler variable");
    x->run = run_movs;
    vsmp_x_plan_fast(m, x); /* the common forms (exec_fast.c plan_movs) */
    return VSMP_OK;
}

static vsmp_status plan_carry(vsmp_machine *m, xinst *x)
{
    for (unsigned i = 0; i < x->g->nv; i++)
        if (x->g->v[i].cls != VSMP_VEC_GENERAL && x->g->v[i].cls != VSMP_VEC_INDIRECT &&
            (i < 2 || x->g->v[i].cls != VSMP_VEC_IMMEDIATE))
            return refuse(m, x, "an operand of this class is not implemented");
    if (x->g->nv != 4)
        return refuse(m, x, "unexpected operand count");
    x->run = run_carry;
    return VSMP_OK;
}

static vsmp_status plan_setp(vsmp_machine *m, xinst *x)
{
    if (x->g->v[0].cls != VSMP_VEC_PREDICATE || x->g->nv != 2 ||
        x->g->v[1].cls == VSMP_VEC_PREDICATE)
        return refuse(m, x, "setp writes a predicate from a general or immediate source");
    x->run = run_setp;
    return VSMP_OK;
}

static vsmp_status plan_addr_add(vsmp_machine *m, xinst *x)
{
    if (x->g->v[0].cls != VSMP_VEC_ADDRESS || x->g->nv != 3 ||
        (x->g->v[1].cls != VSMP_VEC_ADDRESS && x->g->v[1].cls != VSMP_VEC_GENERAL))
        return refuse(m, x, "addr_add of a state operand is not implemented");
    x->run = run_addr_add;
    return VSMP_OK;
}

static vsmp_status plan_madw(vsmp_machine *m, xinst *x)
{
    const xvec *d = &x->g->v[0];
    if (x->g->nv != 4 || d->cls != VSMP_VEC_GENERAL || d->hs != 1 || vsmp_type_size(d->type) != 4)
        return refuse(m, x, "madw needs a general D/UD dst of stride 1 and three sources");
    for (unsigned i = 1; i < 4; i++)
        if (x->g->v[i].cls != VSMP_VEC_GENERAL && x->g->v[i].cls != VSMP_VEC_INDIRECT &&
            x->g->v[i].cls != VSMP_VEC_IMMEDIATE)
            return refuse(m, x, "madw takes integer general or immediate sources");
    /* the high half from the GRF after the low DWords: IGC reads V(2,0) after a SIMD16 madw on
     * 32-byte GRFs (tests/kernels/tgllp/math_simd32) */
    uint32_t lo = 4u * x->lanes, hi = (lo + m->grf - 1u) / m->grf * m->grf;
    const xvar *xv = &m->vars[d->var];
    if (d->var && d->at + hi + lo > xv->at + xv->bytes) {
        vsmp_x_report(m, x->in, "operand-bounds",
                      "instruction %u: madw's high DWords reach past its dst variable", x->index);
        return VSMP_ERR_INVALID;
    }
    x->g->val[3] = hi;
    x->run = run_madw;
    return VSMP_OK;
}

/* mov of a predicate, or to an address; any other mov takes the generic path */
static vsmp_status plan_mov(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    const xvec *d = &x->g->v[0];
    if (x->g->nv == 2 && d->cls == VSMP_VEC_ADDRESS) {
        const xvec *a = &x->g->v[1];
        bool integer = a->type != VSMP_TYPE_F && a->type != VSMP_TYPE_HF &&
                       a->type != VSMP_TYPE_DF && a->type != VSMP_TYPE_BF;
        if (d->mod || (a->cls != VSMP_VEC_ADDRESS &&
                       !((a->cls == VSMP_VEC_IMMEDIATE || a->cls == VSMP_VEC_GENERAL) && integer)))
            return refuse(m, x,
                          "mov to an address takes an integer immediate or general source, or "
                          "an address");
        x->run = run_mov_addr;
        return VSMP_OK;
    }
    if (x->g->nv != 2 || x->g->v[1].cls != VSMP_VEC_PREDICATE)
        return VSMP_OK;
    const char *why, *rule = vsmp_rule_flag_copy(in->exec_size, in->pred != 0,
                                                 d->mod == VSMP_MOD_SAT, (int)d->type, &why);
    if (rule) {
        vsmp_x_report(m, in, rule, "instruction %u (mov): %s", x->index, why);
        return VSMP_ERR_INVALID;
    }
    if (d->mod || d->cls != VSMP_VEC_GENERAL)
        return refuse(m, x, "mov of a predicate to this operand is not implemented");
    x->run = run_mov_pred;
    return VSMP_OK;
}

/* and/or/xor/not of predicates; of general operands, the generic path */
static vsmp_status plan_logic(vsmp_machine *m, xinst *x)
{
    if (x->g->v[0].cls != VSMP_VEC_PREDICATE)
        return VSMP_OK;
    for (unsigned i = 1; i < x->g->nv; i++)
        if (x->g->v[i].cls != VSMP_VEC_PREDICATE)
            return refuse(m, x, "predicate logic mixes predicate and general operands");
    x->run = run_pred_logic;
    return VSMP_OK;
}

/* A planner of its own: it sets x->run, refuses, or (VSMP_OK without x->run) leaves the
 * instruction to the generic path. */
typedef vsmp_status (*xalu_plan)(vsmp_machine *m, xinst *x);
static const xalu_plan alu_plan[VSMP_OPC_LIMIT] = {
    [VSMP_OPC_CMP] = plan_cmp,           [VSMP_OPC_MOVS] = plan_movs, [VSMP_OPC_ADDC] = plan_carry,
    [VSMP_OPC_SUBB] = plan_carry,        [VSMP_OPC_SETP] = plan_setp, [VSMP_OPC_MADW] = plan_madw,
    [VSMP_OPC_ADDR_ADD] = plan_addr_add, [VSMP_OPC_MOV] = plan_mov,   [VSMP_OPC_AND] = plan_logic,
    [VSMP_OPC_OR] = plan_logic,          [VSMP_OPC_XOR] = plan_logic, [VSMP_OPC_NOT] = plan_logic,
};

/* The number of vector operands (dst and sources) of an opcode: its layout's D and v letters. */
static unsigned vec_operands(const vsmp_opcode_info *row)
{
    unsigned n = 0;
    for (const char *p = row->layout; *p; p++)
        n += *p == 'D' || *p == 'v';
    return n;
}

vsmp_status vsmp_x_plan_alu(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    const vsmp_opcode_info *row = vsmp_opcode_info_get(in->opcode);
    const char *why, *rule = vsmp_rule_exec_fit(in->exec_size, in->emask, &why);
    if (rule) {
        vsmp_x_report(m, in, rule, "instruction %u: exec size %u: %s", x->index, in->exec_size,
                      why);
        return VSMP_ERR_INVALID;
    }
    vsmp_status st = vsmp_x_operands(m, x);
    if (st)
        return st;
    if (x->g->nv < 2)
        return refuse(m, x, "missing operands");
    for (unsigned i = 0; i < x->g->nv; i++) {
        /* the validator's `type` rule, from the types column of the instruction table */
        rule = vsmp_rule_opnd_type(in->opcode, x->g->v[i].type, x->g->v[i].cls, &why);
        if (rule) {
            vsmp_x_report(m, in, rule, "instruction %u (%s): operand %u has type %s; %s takes %s",
                          x->index, vsmp_x_opname(in), i, vsmp_type_name(x->g->v[i].type),
                          vsmp_x_opname(in), why);
            return VSMP_ERR_INVALID;
        }
    }
    xalu_plan own = alu_plan[in->opcode];
    if (own && ((st = own(m, x)) || x->run))
        return st;
    const xvec *d = &x->g->v[0];
    if (d->cls != VSMP_VEC_GENERAL && d->cls != VSMP_VEC_INDIRECT)
        return refuse(m, x, "its destination class is not implemented");
    for (unsigned i = 1; i < x->g->nv; i++)
        if (x->g->v[i].cls != VSMP_VEC_GENERAL && x->g->v[i].cls != VSMP_VEC_INDIRECT &&
            x->g->v[i].cls != VSMP_VEC_IMMEDIATE)
            return refuse(m, x, "a source of this class is not implemented");
    if (!alu_eval[in->opcode])
        return refuse(m, x, "the machine has no semantic function for it");
    if (!row || x->g->nv != vec_operands(row))
        return refuse(m, x, "unexpected operand count");
    x->run = vsmp_x_run_arith;
    vsmp_x_plan_fast(m, x);
    return VSMP_OK;
}
