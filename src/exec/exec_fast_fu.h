/* SPDX-License-Identifier: MIT */
/*
 * The fused sequences (xfast_table.fused, XFU_*, planned by exec_fast.c plan_fused): a part of
 * exec_fast_k.h, included by it where its lane kernels, which the members run, are defined; so
 * compiled once per CPU level with them. At the AVX2 and AVX-512 levels the members run in
 * registers (fu_*_r, fu_fdivn_v), else each through its kernel.
 */

/* ---- fused sequences (xfast_table.fused, XFU_*): each member's SIMD16 kernel on its planned
 * sources and dst, in order, as run_group would take them one by one (GM_K16, GM_CMP, GM_SEL);
 * nothing runs unless every member's lanes are all on and no F result needs another rounding */

/* Every lane of y's exec size on (the EM at its offset, or NoMask), and, where @p flt (a float
 * result), %cr0 rounding to nearest even. */
static XF_INLINE bool fu_lanes_on(const vsmp_machine *m, const xinst *y, bool flt, uint32_t other)
{
    return group_lanes(m, y) == y->f.lmask && !(flt && other);
}

/* Member y taken as run_group would take it (its own float result). */
static XF_INLINE bool fu_on(const vsmp_machine *m, const xinst *y, uint32_t other)
{
    return fu_lanes_on(m, y, y->f.flt, other);
}

/* The @p n members from y taken as run_group would take them (fu_on): where they share their
 * lanes (XFP_ONE), the first's test once, with a float result where any member has one */
static XF_INLINE bool fu_all_on(const vsmp_machine *m, const xinst *y, unsigned n, uint32_t other)
{
    if (y->fplan & XFP_ONE)
        return fu_lanes_on(m, y, (y->fplan & XFP_FLT) != 0, other);
    for (unsigned i = 0; i < n; i++)
        if (!fu_on(m, &y[i], other))
            return false;
    return true;
}

/* A kernel member (GM_K16: fn16 without scalars) */
#define FU_K(i, name)                                                                              \
    name##_w16(y[i].f.dst, y[i].f.src[0].p, y[i].f.src[1].p, y[i].f.src[2].p, y[i].f.arg | keep)

/* An integer cmp member (GM_CMP): its 16 lanes' bits to its predicate's word (exec_fast.c
 * put_pred with every lane on) */
static XF_INLINE void fu_icmp(const xinst *y, uint32_t keep)
{
    uint32_t r, *p = (uint32_t *)(void *)y->f.dst, mask = y->f.lmask << y->f.em_off;
    k_icmp16_w16(&r, y->f.src[0].p, y->f.src[1].p, NULL, y->f.arg | keep);
    *p = ((*p & ~mask) | (r << y->f.em_off & mask)) & y->f.src[2].v;
}

/* A sel member (GM_SEL): its plain predicate's lanes at its offset pick src0 */
static XF_INLINE void fu_sel(const vsmp_machine *m, const xinst *y, uint32_t keep)
{
    uint32_t p = group_pred(m, y);
    k_isel16_w16(y->f.dst, y->f.src[0].p, y->f.src[1].p, NULL, y->f.arg | keep | p << XF_ARG_SHIFT);
}

#if defined(__AVX2__)
/* The division's chain kept in registers: 16 lanes, two halves of eight at the AVX2 level, one
 * 512-bit register (its flushes, NaNs and predicates in mask registers) at the AVX-512 level.
 * Each member's result is stored to its dst at once, in order, as the members one by one store
 * it; a source is the register of an earlier member only where it is that member's dst exactly
 * and no member since wrote a byte of it (xfast.fresh), and is read from the arena otherwise
 * (which then holds what the members before it left). The same operations as the kernels:
 * k_and, icmp16_regs, k_isel16, k_fmul, k_inv (1.0f / x: what gcc makes of k_inv's
 * (float)(1.0 / (double)x), the same bits as double rounding of a quotient is innocuous at
 * 53 >= 2 x 24 + 2 bits). */
#if defined(__AVX512F__)
typedef struct v16 {
    __m512i z;
} v16;

static XF_INLINE v16 v16_ld(const uint8_t *p)
{
    return (v16){_mm512_loadu_si512((const void *)p)};
}

static XF_INLINE void v16_st(uint8_t *p, v16 v)
{
    _mm512_storeu_si512((void *)p, v.z);
}

static XF_INLINE v16 v16_and(v16 a, v16 b)
{
    return (v16){_mm512_and_si512(a.z, b.z)};
}

/* F lanes as fin() reads them, the result as k_fmul and k_inv store it: flushed unless kept (a
 * NaN is not flushed), a NaN the one quiet NaN */
static XF_INLINE __m512 fu_fin(__m512i b, uint32_t keep)
{
    if (!keep)
        b = _mm512_mask_and_epi32(b, _mm512_testn_epi32_mask(b, _mm512_set1_epi32(0x7f800000)), b,
                                  _mm512_set1_epi32((int)0x80000000u));
    return _mm512_castsi512_ps(b);
}

static XF_INLINE __m512i fu_fout(__m512 r, uint32_t keep)
{
    __m512i b = _mm512_castps_si512(r);
    if (!keep)
        b = _mm512_mask_and_epi32(b, _mm512_testn_epi32_mask(b, _mm512_set1_epi32(0x7f800000)), b,
                                  _mm512_set1_epi32((int)0x80000000u));
    return _mm512_mask_mov_epi32(b, _mm512_cmp_ps_mask(r, r, _CMP_UNORD_Q),
                                 _mm512_set1_epi32(0x7fc00000));
}

static XF_INLINE v16 fu_fmul(v16 a, v16 b, uint32_t keep)
{
    return (v16){fu_fout(_mm512_mul_ps(fu_fin(a.z, keep), fu_fin(b.z, keep)), keep)};
}

static XF_INLINE v16 fu_finv(v16 a, uint32_t keep)
{
    return (v16){fu_fout(_mm512_div_ps(_mm512_set1_ps(1.0f), fu_fin(a.z, keep)), keep)};
}

/* icmp16_regs on 16 lanes: of one signedness the relation as a mask at once (signed or
 * unsigned order); of mixed signedness by halves (icmp8_mixed) */
static XF_INLINE uint32_t icmp16_v(v16 x, v16 y, uint32_t arg)
{
    unsigned rel = arg >> XF_ARG_SHIFT & 7u;
    bool sa = arg >> (XF_ARG_SHIFT + 3) & 1u, sb = arg >> (XF_ARG_SHIFT + 4) & 1u;
    if (sa != sb)
        return icmp16_regs(_mm512_castsi512_si256(x.z), _mm512_extracti64x4_epi64(x.z, 1),
                           _mm512_castsi512_si256(y.z), _mm512_extracti64x4_epi64(y.z, 1), arg);
    __mmask16 k;
    switch (rel) {
    case 0:
        k = sa ? _mm512_cmpeq_epi32_mask(x.z, y.z) : _mm512_cmpeq_epu32_mask(x.z, y.z);
        break;
    case 1:
        k = sa ? _mm512_cmpneq_epi32_mask(x.z, y.z) : _mm512_cmpneq_epu32_mask(x.z, y.z);
        break;
    case 2:
        k = sa ? _mm512_cmpgt_epi32_mask(x.z, y.z) : _mm512_cmpgt_epu32_mask(x.z, y.z);
        break;
    case 3:
        k = sa ? _mm512_cmpge_epi32_mask(x.z, y.z) : _mm512_cmpge_epu32_mask(x.z, y.z);
        break;
    case 5:
        k = sa ? _mm512_cmple_epi32_mask(x.z, y.z) : _mm512_cmple_epu32_mask(x.z, y.z);
        break;
    default: /* lt (icmp16_regs takes what is not eq, ne, gt, ge, le as lt) */
        k = sa ? _mm512_cmplt_epi32_mask(x.z, y.z) : _mm512_cmplt_epu32_mask(x.z, y.z);
        break;
    }
    return (uint32_t)k;
}

/* the lanes of @p p (16 bits) from a, the others from b */
static XF_INLINE v16 v16_pick(uint32_t p, v16 a, v16 b)
{
    return (v16){_mm512_mask_blend_epi32((__mmask16)p, b.z, a.z)};
}

static XF_INLINE v16 v16_iadd(v16 a, v16 b)
{
    return (v16){_mm512_add_epi32(a.z, b.z)};
}

/* k_f_from_d: D lanes to F, rounded to nearest even (the fused sequences run at that %cr0
 * rounding only: fu_on) */
static XF_INLINE v16 v16_f_from_d(v16 a)
{
    return (v16){_mm512_castps_si512(_mm512_cvtepi32_ps(a.z))};
}

/* k_fadd: flushed sources (unless kept), the sum flushed and a NaN the one quiet NaN */
static XF_INLINE v16 fu_fadd(v16 a, v16 b, uint32_t keep)
{
    return (v16){fu_fout(_mm512_add_ps(fu_fin(a.z, keep), fu_fin(b.z, keep)), keep)};
}
#else
typedef struct v16 {
    __m256i lo, hi;
} v16;

static XF_INLINE v16 v16_ld(const uint8_t *p)
{
    return (v16){_mm256_loadu_si256((const __m256i *)(const void *)p),
                 _mm256_loadu_si256((const __m256i *)(const void *)(p + 32))};
}

static XF_INLINE void v16_st(uint8_t *p, v16 v)
{
    _mm256_storeu_si256((__m256i *)(void *)p, v.lo);
    _mm256_storeu_si256((__m256i *)(void *)(p + 32), v.hi);
}

static XF_INLINE v16 v16_and(v16 a, v16 b)
{
    return (v16){_mm256_and_si256(a.lo, b.lo), _mm256_and_si256(a.hi, b.hi)};
}

/* F lanes as fin() reads them (fin8), the result as k_fmul and k_inv store it: flushed unless
 * kept (a NaN is not flushed), a NaN the one quiet NaN */
static XF_INLINE __m256 fu_fin(__m256i b, uint32_t keep)
{
    return _mm256_castsi256_ps(keep ? b : ftz8(b));
}

/* A NaN result of vaddps, vmulps or vdivps is quiet (bit 22 set, the exponent's bits all set):
 * clearing its sign and its payload's other bits leaves the one quiet NaN 0x7fc00000 */
static XF_INLINE __m256i fu_fout(__m256 r, uint32_t keep)
{
    __m256i b = _mm256_castps_si256(r);
    if (!keep)
        b = ftz8(b);
    __m256i nan = _mm256_castps_si256(_mm256_cmp_ps(r, r, _CMP_UNORD_Q));
    return _mm256_andnot_si256(_mm256_and_si256(nan, _mm256_set1_epi32((int)0x803fffffu)), b);
}

static XF_INLINE v16 fu_fmul(v16 a, v16 b, uint32_t keep)
{
    return (v16){fu_fout(_mm256_mul_ps(fu_fin(a.lo, keep), fu_fin(b.lo, keep)), keep),
                 fu_fout(_mm256_mul_ps(fu_fin(a.hi, keep), fu_fin(b.hi, keep)), keep)};
}

static XF_INLINE v16 fu_finv(v16 a, uint32_t keep)
{
    __m256 one = _mm256_set1_ps(1.0f);
    return (v16){fu_fout(_mm256_div_ps(one, fu_fin(a.lo, keep)), keep),
                 fu_fout(_mm256_div_ps(one, fu_fin(a.hi, keep)), keep)};
}

static XF_INLINE uint32_t icmp16_v(v16 x, v16 y, uint32_t arg)
{
    return icmp16_regs(x.lo, x.hi, y.lo, y.hi, arg);
}

/* the lanes of @p p (16 bits) from a, the others from b */
static XF_INLINE v16 v16_pick(uint32_t p, v16 a, v16 b)
{
    return (v16){pick8(p, 0, a.lo, b.lo), pick8(p, 8, a.hi, b.hi)};
}

static XF_INLINE v16 v16_iadd(v16 a, v16 b)
{
    return (v16){_mm256_add_epi32(a.lo, b.lo), _mm256_add_epi32(a.hi, b.hi)};
}

static XF_INLINE v16 v16_f_from_d(v16 a)
{
    return (v16){_mm256_castps_si256(_mm256_cvtepi32_ps(a.lo)),
                 _mm256_castps_si256(_mm256_cvtepi32_ps(a.hi))};
}

static XF_INLINE v16 fu_fadd(v16 a, v16 b, uint32_t keep)
{
    return (v16){fu_fout(_mm256_add_ps(fu_fin(a.lo, keep), fu_fin(b.lo, keep)), keep),
                 fu_fout(_mm256_add_ps(fu_fin(a.hi, keep), fu_fin(b.hi, keep)), keep)};
}
#endif

/* source @p s of member i: member j's result in register r where it is that member's dst and no
 * member between them wrote a byte of it (xfast.fresh, planned), else the arena */
static XF_INLINE v16 fu_src(const xinst *y, unsigned i, unsigned s, unsigned j, v16 r)
{
    return y[i].f.fresh[s] == i - j ? r : v16_ld(y[i].f.src[s].p);
}

/* A cmp member's 16 lanes' bits @p r to its predicate's word (fu_icmp's store), the word
 * returned */
static XF_INLINE uint32_t fu_pred_st(const xinst *y, uint32_t r)
{
    uint32_t *p = (uint32_t *)(void *)y->f.dst, mask = y->f.lmask << y->f.em_off;
    *p = ((*p & ~mask) | (r << y->f.em_off & mask)) & y->f.src[2].v;
    return *p;
}

/* A sel member on a and b, its predicate's word @p w when it is member c's (the word that cmp
 * wrote, read back without a load), else the predicate as fu_sel reads it */
static XF_INLINE v16 fu_sel_v(const vsmp_machine *m, const xinst *y, const xinst *c, uint32_t w,
                              v16 a, v16 b)
{
    const uint32_t *pw = &m->preds[VSMP_PRED_ID(y->f.pred)];
    return v16_pick(sel_lanes(y, (const uint8_t *)(const void *)pw == c->f.dst ? w : *pw), a, b);
}

/* Members as fu_sel and FU_K take them, each through registers: its sources loaded (a store of
 * the member before forwarded), its result stored */
static XF_INLINE void fu_sel_r(const vsmp_machine *m, const xinst *y)
{
    uint32_t p = group_pred(m, y);
    v16_st(y->f.dst, v16_pick(p, v16_ld(y->f.src[0].p), v16_ld(y->f.src[1].p)));
}

static XF_INLINE void fu_cvt_r(const xinst *y)
{
    v16_st(y->f.dst, v16_f_from_d(v16_ld(y->f.src[0].p)));
}

static XF_INLINE void fu_iadd_r(const xinst *y)
{
    v16_st(y->f.dst, v16_iadd(v16_ld(y->f.src[0].p), v16_ld(y->f.src[1].p)));
}

static XF_INLINE void fu_fadd_r(const xinst *y, uint32_t kf)
{
    v16_st(y->f.dst, fu_fadd(v16_ld(y->f.src[0].p), v16_ld(y->f.src[1].p), kf));
}

/* The division's members 0-6 in registers (the scale s2 and the reciprocal ai of the divisor
 * times it), each result stored; the cmps' bits in c[0] and c[1] */
typedef struct fu_div {
    v16 t, s, s2, a, ai;
    uint32_t c[2];
} fu_div;

static XF_INLINE fu_div fu_div_scale(vsmp_machine *m, const xinst *y, uint32_t kf)
{
    fu_div d;
    d.t = v16_and(v16_ld(y[0].f.src[0].p), v16_ld(y[0].f.src[1].p));
    v16_st(y[0].f.dst, d.t);
    d.c[0] = icmp16_v(fu_src(y, 1, 0, 0, d.t), v16_ld(y[1].f.src[1].p), y[1].f.arg);
    uint32_t w1 = fu_pred_st(&y[1], d.c[0]);
    d.s = fu_sel_v(m, &y[2], &y[1], w1, v16_ld(y[2].f.src[0].p), v16_ld(y[2].f.src[1].p));
    v16_st(y[2].f.dst, d.s);
    d.c[1] = icmp16_v(fu_src(y, 3, 0, 0, d.t), v16_ld(y[3].f.src[1].p), y[3].f.arg);
    uint32_t w3 = fu_pred_st(&y[3], d.c[1]);
    d.s2 = fu_sel_v(m, &y[4], &y[3], w3, fu_src(y, 4, 0, 2, d.s), fu_src(y, 4, 1, 2, d.s));
    v16_st(y[4].f.dst, d.s2);
    d.a = fu_fmul(fu_src(y, 5, 0, 4, d.s2), fu_src(y, 5, 1, 4, d.s2), kf);
    v16_st(y[5].f.dst, d.a);
    d.ai = fu_finv(fu_src(y, 6, 0, 5, d.a), kf);
    v16_st(y[6].f.dst, d.ai);
    return d;
}

/* The same results of another division that repeats them (exec_fast.c fdiv_repeats) stored
 * to its members' dsts, in order: each cmp's bits to its own predicate's word */
static XF_INLINE void fu_div_again(const xinst *y, const fu_div *d)
{
    v16_st(y[0].f.dst, d->t);
    fu_pred_st(&y[1], d->c[0]);
    v16_st(y[2].f.dst, d->s);
    fu_pred_st(&y[3], d->c[1]);
    v16_st(y[4].f.dst, d->s2);
    v16_st(y[5].f.dst, d->a);
    v16_st(y[6].f.dst, d->ai);
}

/* The division's members 7 and 8 (the dividend times ai, times s2) */
static XF_INLINE void fu_div_quot(const xinst *y, const fu_div *d, uint32_t kf)
{
    v16 q = fu_fmul(fu_src(y, 7, 0, 6, d->ai), fu_src(y, 7, 1, 6, d->ai), kf);
    v16_st(y[7].f.dst, q);
    v16 r = fu_fmul(fu_src(y, 8, 0, 7, q), fu_src(y, 8, 1, 4, d->s2), kf);
    v16_st(y[8].f.dst, r);
}

/* @p n divisions by one divisor in registers (k_fu_fdiv: one; k_fu_fdiv4: four, the first's
 * members 0-6 run once and their results stored again for the other three, which repeat them
 * (planned)); false (nothing run) where a dst holds 16-bit elements (XF_OUT16) */
static XF_INLINE bool fu_fdivn_v(vsmp_machine *m, const xinst *y, uint32_t keep, unsigned n)
{
    if (!(y->fplan & XFP_V32))
        return false;
    uint32_t kf = keep & XF_KEEP_F;
    fu_div d = fu_div_scale(m, y, kf);
    fu_div_quot(y, &d, kf);
    for (unsigned k = 1; k < n; k++) {
        fu_div_again(y + k * XFU_FDIV_N, &d);
        fu_div_quot(y + k * XFU_FDIV_N, &d, kf);
    }
    return true;
}
#endif

/* Members in registers (fu_*_r) at the AVX2 and AVX-512 levels where every dst holds 32-bit
 * elements; else each through its kernel */
#if defined(__AVX2__)
#define FU_REGS(y) ((y)->fplan & XFP_V32)
#else
#define FU_REGS(y)       false
#define fu_sel_r(m, y)   (void)0
#define fu_cvt_r(y)      (void)0
#define fu_iadd_r(y)     (void)0
#define fu_fadd_r(y, kf) (void)0
#endif

static bool k_fu_fadd4(vsmp_machine *m, const xinst *y, uint32_t keep, uint32_t other)
{
    if (!fu_all_on(m, y, 4, other))
        return false;
    if (FU_REGS(y)) {
        for (unsigned i = 0; i < 4; i++)
            fu_fadd_r(&y[i], keep & XF_KEEP_F);
        return true;
    }
    FU_K(0, k_fadd);
    FU_K(1, k_fadd);
    FU_K(2, k_fadd);
    FU_K(3, k_fadd);
    return true;
}

/* IGC's x / y on F (XFU_FDIV_K), each member through its kernel */
static XF_INLINE void fu_fdiv_k(vsmp_machine *m, const xinst *y, uint32_t keep)
{
    FU_K(0, k_and);
    fu_icmp(&y[1], keep);
    fu_sel(m, &y[2], keep);
    fu_icmp(&y[3], keep);
    fu_sel(m, &y[4], keep);
    FU_K(5, k_fmul);
    FU_K(6, k_inv);
    FU_K(7, k_fmul);
    FU_K(8, k_fmul);
}

/* IGC's x / y on F: the scale s of y's exponent (and, cmp.eq, sel, cmp.ge, sel), then
 * ((y * s)^-1 * x) * s */
static bool k_fu_fdiv(vsmp_machine *m, const xinst *y, uint32_t keep, uint32_t other)
{
    if (!fu_all_on(m, y, XFU_FDIV_N, other))
        return false;
#if defined(__AVX2__)
    if (fu_fdivn_v(m, y, keep, 1))
        return true;
#endif
    fu_fdiv_k(m, y, keep);
    return true;
}

/* Four divisions by one divisor (a float4's channels): in registers the scale and reciprocal
 * once (fu_fdivn_v), else each division member by member */
static bool k_fu_fdiv4(vsmp_machine *m, const xinst *y, uint32_t keep, uint32_t other)
{
    if (!fu_all_on(m, y, 4 * XFU_FDIV_N, other))
        return false;
#if defined(__AVX2__)
    if (fu_fdivn_v(m, y, keep, 4))
        return true;
#endif
    for (unsigned k = 0; k < 4; k++)
        fu_fdiv_k(m, y + k * XFU_FDIV_N, keep);
    return true;
}

/* IGC's integer image coordinates made F: (sel, sel, mov, mov), (add, sel, mov, sel, mov),
 * (sel, mov, sel, mov) and (sel, mov) */
static bool k_fu_sel2cvt2(vsmp_machine *m, const xinst *y, uint32_t keep, uint32_t other)
{
    if (!fu_all_on(m, y, 4, other))
        return false;
    if (FU_REGS(y)) {
        fu_sel_r(m, &y[0]);
        fu_sel_r(m, &y[1]);
        fu_cvt_r(&y[2]);
        fu_cvt_r(&y[3]);
        return true;
    }
    fu_sel(m, &y[0], keep);
    fu_sel(m, &y[1], keep);
    FU_K(2, k_f_from_d);
    FU_K(3, k_f_from_d);
    return true;
}

static bool k_fu_addselcvt2(vsmp_machine *m, const xinst *y, uint32_t keep, uint32_t other)
{
    if (!fu_all_on(m, y, 5, other))
        return false;
    if (FU_REGS(y)) {
        fu_iadd_r(&y[0]);
        fu_sel_r(m, &y[1]);
        fu_cvt_r(&y[2]);
        fu_sel_r(m, &y[3]);
        fu_cvt_r(&y[4]);
        return true;
    }
    FU_K(0, k_iadd);
    fu_sel(m, &y[1], keep);
    FU_K(2, k_f_from_d);
    fu_sel(m, &y[3], keep);
    FU_K(4, k_f_from_d);
    return true;
}

static bool k_fu_selcvt2(vsmp_machine *m, const xinst *y, uint32_t keep, uint32_t other)
{
    if (!fu_all_on(m, y, 4, other))
        return false;
    if (FU_REGS(y)) {
        fu_sel_r(m, &y[0]);
        fu_cvt_r(&y[1]);
        fu_sel_r(m, &y[2]);
        fu_cvt_r(&y[3]);
        return true;
    }
    fu_sel(m, &y[0], keep);
    FU_K(1, k_f_from_d);
    fu_sel(m, &y[2], keep);
    FU_K(3, k_f_from_d);
    return true;
}

static bool k_fu_selcvt(vsmp_machine *m, const xinst *y, uint32_t keep, uint32_t other)
{
    if (!fu_all_on(m, y, 2, other))
        return false;
    if (FU_REGS(y)) {
        fu_sel_r(m, &y[0]);
        fu_cvt_r(&y[1]);
        return true;
    }
    fu_sel(m, &y[0], keep);
    FU_K(1, k_f_from_d);
    return true;
}
