/* SPDX-License-Identifier: MIT */
/*
 * The fast path's lane kernels, one loop per operation over the instruction's lanes, written to
 * be vectorised by the compiler. This file is included once per CPU level: by exec_fast.c
 * (baseline x86-64 or any other target) and by x86/exec_fast_avx2.c (-mavx2 -mfma), each
 * defining XF_TABLE, the name of the table it fills. The same C source at every level: only
 * the instructions the compiler picks differ (mad's fmaf is a libm call per lane at the
 * baseline, one vfmadd per eight lanes with FMA; both round once, as C's fmaf must).
 *
 * Every kernel computes what the general path (exec_alu.c run_arith) computes for its form,
 * bit for bit (docs/EXEC.md 5.2, 1): F sources flushed to a signed zero unless %cr0 bit 7 keeps
 * denormals, the F result flushed the same way and a NaN result made quiet (the general path's
 * double does that); integers in 32-bit wrapping arithmetic on values extended by their type.
 * Sources are 32-bit lane values at a, b, c (an arena region, or a buffer prep() filled); the
 * result goes to out[0..n).
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "hot.h"

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "exec_internal.h"

/* Inlined in every kernel's body (GCC declines past its size limits otherwise; a call per
 * SIMD1 source costs what the kernel's work does) */
#if defined(__GNUC__)
#define XF_INLINE inline __attribute__((always_inline))
#else
#define XF_INLINE inline
#endif

/* The lanes a fast instruction runs (run_group, the fused sequences, movs): every lane of its
 * exec size under NoMask, else the EM at its offset. */
static XF_INLINE uint32_t group_lanes(const vsmp_machine *m, const xinst *y)
{
    return y->f.nomask ? y->f.lmask : (m->em >> y->f.em_off) & y->f.lmask;
}

/* The lanes a plain predicate (no .any/.all: vsmp_x_lanes_of) holds in, from its word @p w: the
 * instruction's lanes at its offset, inverted where the predicate is. */
static XF_INLINE uint32_t sel_lanes(const xinst *y, uint32_t w)
{
    uint32_t p = (w >> y->f.em_off) & y->f.lmask;
    return VSMP_PRED_INV(y->f.pred) ? ~p & y->f.lmask : p;
}

/* The same from the predicate's word now. */
static XF_INLINE uint32_t group_pred(const vsmp_machine *m, const xinst *y)
{
    return sel_lanes(y, m->preds[VSMP_PRED_ID(y->f.pred)]);
}

static inline uint32_t ld(const uint8_t *p, unsigned l)
{
    uint32_t v;
    memcpy(&v, p + (size_t)l * 4, 4); /* size_t: a linear access, never a gather */
    return v;
}

static inline float asf(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static inline uint32_t asu(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* A denormal (exponent field 0) flushed to the zero of its sign unless kept. */
static inline uint32_t ftz(uint32_t b, uint32_t keep)
{
    return (b & 0x7f800000u) || keep ? b : b & 0x80000000u;
}

static inline float fin(const uint8_t *p, unsigned l, uint32_t keep)
{
    return asf(ftz(ld(p, l), keep));
}

/* An F result: flushed unless kept, a NaN made quiet. */
static inline uint32_t fout(float r, uint32_t keep)
{
    uint32_t b = ftz(asu(r), keep);
    return (b & 0x7fffffffu) > 0x7f800000u ? b | 0x00400000u : b;
}

/* A source's lane values: in place, or made in @p buf here, with this level's stores, so that
 * the kernel's loads of them are forwarded from those stores. */
static XF_INLINE const uint8_t *prep(const xsrc *s, uint32_t *restrict buf, unsigned n)
{
    switch (s->kind) {
    case XS_WORDS:
        return s->p;
    case XS_BCAST:
        for (unsigned l = 0; l < n; l++)
            buf[l] = s->v;
        return (const uint8_t *)buf;
    case XS_SCALAR: {
        uint32_t v;
        memcpy(&v, s->p, 4);
        for (unsigned l = 0; l < n; l++)
            buf[l] = v;
        return (const uint8_t *)buf;
    }
    case XS_W:
        for (unsigned l = 0; l < n; l++) {
            int16_t h;
            memcpy(&h, s->p + (size_t)l * 2, 2);
            buf[l] = (uint32_t)(int32_t)h;
        }
        return (const uint8_t *)buf;
    case XS_UW:
        for (unsigned l = 0; l < n; l++) {
            uint16_t h;
            memcpy(&h, s->p + (size_t)l * 2, 2);
            buf[l] = h;
        }
        return (const uint8_t *)buf;
    default:
        return NULL;
    }
}

/* SIMD1 (IGC's uniform values): a source's one lane value, as prep() makes it. */
static XF_INLINE uint32_t prep1(const xsrc *s)
{
    switch (s->kind) {
    case XS_WORDS:
    case XS_SCALAR:
        return ld(s->p, 0);
    case XS_BCAST:
        return s->v;
    case XS_W: {
        int16_t h;
        memcpy(&h, s->p, 2);
        return (uint32_t)(int32_t)h;
    }
    case XS_UW: {
        uint16_t h;
        memcpy(&h, s->p, 2);
        return h;
    }
    default:
        return 0;
    }
}

/* The results to out: 32-bit words, or (XF_OUT16) their low 16 bits. */
/* SIMD1's one lane (its own function: put's whole-vector copies are dead code for one lane, and
 * an unoptimised build, which keeps them, warns of them) */
static XF_INLINE void put1(void *out, uint32_t r, uint32_t arg)
{
    if (arg & XF_OUT16) {
        uint16_t h = (uint16_t)r;
        memcpy(out, &h, 2);
    } else {
        memcpy(out, &r, 4);
    }
}

static XF_INLINE void put(void *out, const uint32_t *r, unsigned n, uint32_t arg)
{
    if (arg & XF_OUT16) {
        uint16_t h[32];
        if (n == 16) {
            for (unsigned l = 0; l < 16; l++)
                h[l] = (uint16_t)r[l];
            memcpy(out, h, 32);
        } else {
            for (unsigned l = 0; l < n; l++)
                h[l] = (uint16_t)r[l];
            memcpy(out, h, 2u * n);
        }
    } else if (n == 16) {
        memcpy(out, r, 64);
    } else if (n == 8) {
        memcpy(out, r, 32);
    } else {
        memcpy(out, r, 4u * n);
    }
}

/* A SIMD16 source: in place, or (@p on) the 32-bit scalar at p copied to 16 lanes of buf, with
 * this level's vector stores, so that the kernel's loads of it are forwarded from those stores */
static XF_INLINE const uint8_t *splat16(const uint8_t *p, uint32_t *restrict buf, uint32_t on)
{
    if (!on)
        return p;
    uint32_t v = ld(p, 0);
    for (unsigned l = 0; l < 16; l++)
        buf[l] = v;
    return (const uint8_t *)buf;
}

/* The SIMD16 forms of body name##_k (xfast_table fn16 and fs16), its 16 results in r stored by
 * @p store: name##_w16 with every source a region in place (no preparation), name##_s16 with
 * the sources of arg's XF_SPLAT bits 32-bit scalars, the others in place (one call: the scalars
 * copied here, the body inlined) */
#define SIMD16(name, store)                                                                        \
    static XF_INLINE void name##_w16(void *out, const uint8_t *a, const uint8_t *b,                \
                                     const uint8_t *c, uint32_t arg)                               \
    {                                                                                              \
        uint32_t r[16];                                                                            \
        name##_k(r, a, b, c, 16, arg);                                                             \
        store;                                                                                     \
    }                                                                                              \
    static void name##_s16(void *out, const uint8_t *a, const uint8_t *b, const uint8_t *c,        \
                           uint32_t arg)                                                           \
    {                                                                                              \
        _Alignas(32) uint32_t sp[3][16];                                                           \
        uint32_t r[16];                                                                            \
        name##_k(r, splat16(a, sp[0], arg >> XF_SPLAT_SHIFT & 1u),                                 \
                 splat16(b, sp[1], arg >> XF_SPLAT_SHIFT & 2u),                                    \
                 splat16(c, sp[2], arg >> XF_SPLAT_SHIFT & 4u), 16, arg);                          \
        store;                                                                                     \
    }

/* KERNEL(name) { body over a, b, c, n, arg, out }: the table's entry prepares the sources, runs
 * the body into a buffer of its own and copies that to out, so that out may overlap any source
 * (an in-place add reads every lane before any is written, as the general path does). */
#define KERNEL(name)                                                                               \
    static inline void name##_k(uint32_t *restrict out, const uint8_t *a, const uint8_t *b,        \
                                const uint8_t *c, unsigned n, uint32_t arg);                       \
    static XF_INLINE void name##_n(void *out, const xsrc *s, unsigned n, uint32_t arg)             \
    {                                                                                              \
        uint32_t buf[3][32], r[32];                                                                \
        name##_k(r, prep(&s[0], buf[0], n), prep(&s[1], buf[1], n), prep(&s[2], buf[2], n), n,     \
                 arg);                                                                             \
        put(out, r, n, arg);                                                                       \
    }                                                                                              \
    /* SIMD16, SIMD8 and SIMD1 (IGC's uniform values) with a constant lane count: whole vectors,   \
     * no remainder, and for SIMD1 no loop and no call of memcpy */                                \
    static void name(void *out, const xsrc *s, unsigned n, uint32_t arg)                           \
    {                                                                                              \
        if (n == 16)                                                                               \
            name##_n(out, s, 16, arg);                                                             \
        else if (n == 8)                                                                           \
            name##_n(out, s, 8, arg);                                                              \
        else if (n == 1) {                                                                         \
            uint32_t v[3] = {prep1(&s[0]), prep1(&s[1]), prep1(&s[2])}, r[1];                      \
            name##_k(r, (const uint8_t *)&v[0], (const uint8_t *)&v[1], (const uint8_t *)&v[2], 1, \
                     arg);                                                                         \
            put1(out, r[0], arg);                                                                  \
        } else                                                                                     \
            name##_n(out, s, n, arg);                                                              \
    }                                                                                              \
    SIMD16(name, put(out, r, 16, arg))                                                             \
    static inline void name##_k(uint32_t *restrict out, const uint8_t *a, const uint8_t *b,        \
                                const uint8_t *c, unsigned n, uint32_t arg)

/* A NaN result of add, mul or mad: the one quiet NaN 0x7fc00000, whichever source's NaN the
 * host's instruction returned (docs/EXEC.md 5.2) */
static inline uint32_t fnan1(uint32_t b)
{
    return (b & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : b;
}

/* add, mul, mad: the result flushed unless kept (a NaN is not flushed), a NaN made the one
 * NaN; with denormals kept (IGC's kernels set %cr0 bit 7), the bare operation */
KERNEL(k_fadd)
{
    (void)c;
    if (arg & XF_KEEP_F)
        for (unsigned l = 0; l < n; l++)
            out[l] = fnan1(asu(asf(ld(a, l)) + asf(ld(b, l))));
    else
        for (unsigned l = 0; l < n; l++)
            out[l] = fnan1(ftz(asu(fin(a, l, 0) + fin(b, l, 0)), 0));
}

KERNEL(k_fmul)
{
    (void)c;
    if (arg & XF_KEEP_F)
        for (unsigned l = 0; l < n; l++)
            out[l] = fnan1(asu(asf(ld(a, l)) * asf(ld(b, l))));
    else
        for (unsigned l = 0; l < n; l++)
            out[l] = fnan1(ftz(asu(fin(a, l, 0) * fin(b, l, 0)), 0));
}

/* mad in F with round-to-nearest-even: fused, rounded once (the general path's fmaf) */
KERNEL(k_fmad)
{
    if (arg & XF_KEEP_F)
        for (unsigned l = 0; l < n; l++)
            out[l] = fnan1(asu(fmaf(asf(ld(a, l)), asf(ld(b, l)), asf(ld(c, l)))));
    else
        for (unsigned l = 0; l < n; l++)
            out[l] = fnan1(ftz(asu(fmaf(fin(a, l, 0), fin(b, l, 0), fin(c, l, 0))), 0));
}

/* min/max: a NaN source gives the other source; otherwise a < b (a > b) picks a, else b (so
 * min(0, -0) is -0 and min(-0, 0) is 0, as the general path's comparison gives) */
KERNEL(k_fmin)
{
    (void)c;
    uint32_t keep = arg & XF_KEEP_F;
    for (unsigned l = 0; l < n; l++) {
        float x = fin(a, l, keep), y = fin(b, l, keep);
        out[l] = fout(x != x ? y : y != y ? x : x < y ? x : y, keep);
    }
}

KERNEL(k_fmax)
{
    (void)c;
    uint32_t keep = arg & XF_KEEP_F;
    for (unsigned l = 0; l < n; l++) {
        float x = fin(a, l, keep), y = fin(b, l, keep);
        out[l] = fout(x != x ? y : y != y ? x : x > y ? x : y, keep);
    }
}

/* F <- a signed integer (B, W, D extended to 32 bits), rounded to nearest even */
KERNEL(k_f_from_d)
{
    (void)b, (void)c, (void)arg;
    for (unsigned l = 0; l < n; l++)
        out[l] = asu((float)(int32_t)ld(a, l));
}

/* F <- an unsigned integer (UB, UW, UD) */
KERNEL(k_f_from_ud)
{
    (void)b, (void)c, (void)arg;
    for (unsigned l = 0; l < n; l++)
        out[l] = asu((float)ld(a, l));
}

/* binary32 bits to binary16 bits, rounded to nearest even (src/format/half.h) */
static inline uint32_t f2h(uint32_t x)
{
    return vsmp_f32_bits_to_f16(x);
}

/* HF <- F: the F value (flushed unless %cr0 bit 7) rounded to half, a half denormal flushed
 * unless %cr0 bit 10 keeps it; out holds the 16-bit values */
KERNEL(k_hf_from_f)
{
    (void)b, (void)c;
    uint32_t keep = arg & XF_KEEP_F, keep_hf = arg & XF_KEEP_HF;
    for (unsigned l = 0; l < n; l++) {
        uint32_t h = f2h(ftz(ld(a, l), keep));
        out[l] = (h & 0x7c00u) || keep_hf ? h : h & 0x8000u;
    }
}

/* integer <- F: toward zero, saturated to the dst type's range, NaN -> 0 (arg: the dst type) */
KERNEL(k_i_from_f)
{
    (void)b, (void)c;
    uint32_t keep = arg & XF_KEEP_F;
    unsigned t = arg >> XF_ARG_SHIFT;
    if (t == VSMP_TYPE_UD) {
        for (unsigned l = 0; l < n; l++) {
            float f = fin(a, l, keep);
            out[l] = !(f > 0.0f) ? 0u : f >= 4294967296.0f ? 0xffffffffu : (uint32_t)f;
        }
        return;
    }
    /* lo and hi + 1 are exact in F; trunc(f) < lo exactly when f <= lo - 1 < lo ... and lanes
     * in (lo - 1, lo] truncate to lo anyway, so f <= lo gives lo */
    int32_t lo = t == VSMP_TYPE_D   ? INT32_MIN
                 : t == VSMP_TYPE_W ? -32768
                 : t == VSMP_TYPE_B ? -128
                                    : 0;
    int32_t hi = t == VSMP_TYPE_D    ? INT32_MAX
                 : t == VSMP_TYPE_W  ? 32767
                 : t == VSMP_TYPE_B  ? 127
                 : t == VSMP_TYPE_UW ? 65535
                                     : 255;
    float flo = (float)lo, fhi = (float)hi + 1.0f;
    for (unsigned l = 0; l < n; l++) {
        float f = fin(a, l, keep);
        int32_t v = f != f ? 0 : f <= flo ? lo : f >= fhi ? hi : (int32_t)f;
        out[l] = (uint32_t)v;
    }
}

/* F <- F through a source modifier (applied to the lane values before the kernel): the value
 * flushed unless kept, a NaN made quiet, as the general path's conversion through double */
KERNEL(k_fmov)
{
    (void)b, (void)c;
    uint32_t keep = arg & XF_KEEP_F;
    for (unsigned l = 0; l < n; l++)
        out[l] = fout(fin(a, l, keep), keep);
}

/* The math box and the roundings on F (docs/EXEC.md 5.2.1): the general path's formula on the
 * flushed source in double (exec_alu.c compute), rounded once to F (the conversion's
 * round-to-nearest-even is round_fmt's at %cr0 mode 0), the result flushed unless kept; the math
 * box's NaN is the one quiet NaN, a rounding's NaN its source's, made quiet. */
static inline uint32_t fmath(double r, uint32_t keep)
{
    return fnan1(ftz(asu((float)r), keep));
}

static inline double din(const uint8_t *p, unsigned l, uint32_t keep)
{
    return (double)fin(p, l, keep);
}

/* A unary F kernel: x, each lane's source as a double, flushed unless kept, to the result res
 * (a math box function through fmath, a rounding through fout) */
#define F_UNARY(name, res)                                                                         \
    KERNEL(name)                                                                                   \
    {                                                                                              \
        (void)b, (void)c;                                                                          \
        uint32_t keep = arg & XF_KEEP_F;                                                           \
        for (unsigned l = 0; l < n; l++) {                                                         \
            double x = din(a, l, keep);                                                            \
            out[l] = res;                                                                          \
        }                                                                                          \
    }
#define FMATH(name, expr)  F_UNARY(name, fmath(expr, keep))
#define FROUND(name, expr) F_UNARY(name, fout((float)(expr), keep))

FMATH(k_inv, 1.0 / x)
FMATH(k_sqrt, sqrt(arg &XF_ALT ? fabs(x) : x))
FMATH(k_rsqrt, 1.0 / sqrt(arg & XF_ALT ? fabs(x) : x))
FMATH(k_exp, exp2(x))
FMATH(k_log, log2(arg &XF_ALT ? fabs(x) : x))
FROUND(k_rndd, floor(x))
FROUND(k_rndu, ceil(x))
FROUND(k_rnde, nearbyint(x))
FROUND(k_rndz, trunc(x))
FROUND(k_frc, x - floor(x))

/* integer min/max on the sources' values: unsigned when both are, else signed 64-bit values
 * (a UD's zero-extended); the picked source's bits (arg: src0 signed | src1 signed << 1) */
#define IMINMAX(name, REL)                                                                         \
    KERNEL(name)                                                                                   \
    {                                                                                              \
        (void)c;                                                                                   \
        unsigned sg = arg >> XF_ARG_SHIFT & 3u;                                                    \
        if (!sg)                                                                                   \
            for (unsigned l = 0; l < n; l++) {                                                     \
                uint32_t x = ld(a, l), y = ld(b, l);                                               \
                out[l] = x REL y ? x : y;                                                          \
            }                                                                                      \
        else                                                                                       \
            for (unsigned l = 0; l < n; l++) {                                                     \
                uint32_t x = ld(a, l), y = ld(b, l);                                               \
                int64_t vx = sg & 1u ? (int64_t)(int32_t)x : (int64_t)x;                           \
                int64_t vy = sg & 2u ? (int64_t)(int32_t)y : (int64_t)y;                           \
                out[l] = vx REL vy ? x : y;                                                        \
            }                                                                                      \
    }

IMINMAX(k_imin, <)
IMINMAX(k_imax, >)

/* mov.sat F <- F: the value (flushed unless kept) clamped to [0, 1], a NaN 0, -0 kept (it is
 * not below 0): the general path's clamp before its rounding, which 0 and 1 survive */
KERNEL(k_fsat)
{
    (void)b, (void)c;
    uint32_t keep = arg & XF_KEEP_F;
    for (unsigned l = 0; l < n; l++) {
        float v = fin(a, l, keep);
        out[l] = asu(v != v ? 0.0f : v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v);
    }
}

/* mov.sat integer <- integer: the source's value (by its signedness) clamped to the dst type's
 * range (arg: dst type | src0 signed << 8) */
KERNEL(k_isat)
{
    (void)b, (void)c;
    unsigned t = arg >> XF_ARG_SHIFT & 0xffu;
    bool sg = arg >> (XF_ARG_SHIFT + 8) & 1u;
    int64_t lo = t == VSMP_TYPE_D   ? INT32_MIN
                 : t == VSMP_TYPE_W ? -32768
                 : t == VSMP_TYPE_B ? -128
                                    : 0;
    int64_t hi = t == VSMP_TYPE_D    ? INT32_MAX
                 : t == VSMP_TYPE_UD ? (int64_t)UINT32_MAX
                 : t == VSMP_TYPE_W  ? 32767
                 : t == VSMP_TYPE_B  ? 127
                 : t == VSMP_TYPE_UW ? 65535
                                     : 255;
    for (unsigned l = 0; l < n; l++) {
        uint32_t x = ld(a, l);
        int64_t v = sg ? (int64_t)(int32_t)x : (int64_t)x;
        out[l] = (uint32_t)(v < lo ? lo : v > hi ? hi : v);
    }
}

KERNEL(k_imov)
{
    (void)b, (void)c, (void)arg;
    for (unsigned l = 0; l < n; l++)
        out[l] = ld(a, l);
}

KERNEL(k_iadd)
{
    (void)c, (void)arg;
    for (unsigned l = 0; l < n; l++)
        out[l] = ld(a, l) + ld(b, l);
}

/* add with one 32-bit scalar source (IGC's address arithmetic: a base added to 16 lane offsets;
 * xfast_table fs16[XF_IADD]): the scalar broadcast in a register and added to the region's 16
 * lanes, every lane loaded before any result is stored (out may overlap the region), no copy
 * of the scalar to 16 lanes and no staging of the results; the same wrapping sums as k_iadd.
 * Both sources scalars, or a 16-bit dst (XF_OUT16): k_iadd_s16. */
static void k_iadd_b16(void *out, const uint8_t *a, const uint8_t *b, const uint8_t *c,
                       uint32_t arg)
{
    uint32_t sp = arg >> XF_SPLAT_SHIFT & 7u;
    if ((sp != 1u && sp != 2u) || (arg & XF_OUT16)) {
        k_iadd_s16(out, a, b, c, arg);
        return;
    }
    const uint8_t *r = sp == 1u ? b : a;
    uint32_t v = ld(sp == 1u ? a : b, 0);
#if defined(__AVX2__)
    __m256i s = _mm256_set1_epi32((int)v);
    __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)r);
    __m256i hi = _mm256_loadu_si256((const __m256i *)(const void *)(r + 32));
    _mm256_storeu_si256((__m256i *)out, _mm256_add_epi32(lo, s));
    _mm256_storeu_si256((__m256i *)(void *)((uint8_t *)out + 32), _mm256_add_epi32(hi, s));
#elif defined(__SSE2__)
    __m128i s = _mm_set1_epi32((int)v), q[4];
    for (unsigned i = 0; i < 4; i++)
        q[i] = _mm_add_epi32(_mm_loadu_si128((const __m128i *)(const void *)(r + 16 * i)), s);
    for (unsigned i = 0; i < 4; i++)
        _mm_storeu_si128((__m128i *)(void *)((uint8_t *)out + 16 * i), q[i]);
#else
    uint32_t o[16];
    for (unsigned l = 0; l < 16; l++)
        o[l] = ld(r, l) + v;
    memcpy(out, o, 64);
#endif
}

KERNEL(k_imul)
{
    (void)c, (void)arg;
    for (unsigned l = 0; l < n; l++)
        out[l] = ld(a, l) * ld(b, l);
}

KERNEL(k_imad)
{
    (void)arg;
    for (unsigned l = 0; l < n; l++)
        out[l] = ld(a, l) * ld(b, l) + ld(c, l);
}

KERNEL(k_and)
{
    (void)c, (void)arg;
    for (unsigned l = 0; l < n; l++)
        out[l] = ld(a, l) & ld(b, l);
}

KERNEL(k_or)
{
    (void)c, (void)arg;
    for (unsigned l = 0; l < n; l++)
        out[l] = ld(a, l) | ld(b, l);
}

KERNEL(k_xor)
{
    (void)c, (void)arg;
    for (unsigned l = 0; l < n; l++)
        out[l] = ld(a, l) ^ ld(b, l);
}

KERNEL(k_not)
{
    (void)b, (void)c, (void)arg;
    for (unsigned l = 0; l < n; l++)
        out[l] = ~ld(a, l);
}

/* shifts: the count & 31 (sources of 32 bits or less) */
KERNEL(k_shl)
{
    (void)c, (void)arg;
    for (unsigned l = 0; l < n; l++)
        out[l] = ld(a, l) << (ld(b, l) & 31u);
}

/* shr: src0 cut to its own width first (arg: that width's mask, 0 for 32 bits) */
KERNEL(k_shr)
{
    (void)c;
    uint32_t wm = arg >> XF_ARG_SHIFT ? arg >> XF_ARG_SHIFT : 0xffffffffu;
    for (unsigned l = 0; l < n; l++)
        out[l] = (ld(a, l) & wm) >> (ld(b, l) & 31u);
}

/* asr: arithmetic on a signed src0's value, logical on an unsigned one's (arg: 1 = signed) */
KERNEL(k_asr)
{
    (void)c;
    if (arg >> XF_ARG_SHIFT)
        for (unsigned l = 0; l < n; l++) {
            int32_t v = (int32_t)ld(a, l);
            unsigned k = ld(b, l) & 31u;
            out[l] = (uint32_t)(v < 0 ? ~(~v >> k) : v >> k);
        }
    else
        for (unsigned l = 0; l < n; l++)
            out[l] = ld(a, l) >> (ld(b, l) & 31u);
}

/* Kernel t of an inline kernel any(out, s, n, arg): SIMD16, the common width, and SIMD1 compiled
 * with n constant (loops unrolled and vectorised, or gone), any other width as it comes. */
#define AT16(t, any)                                                                               \
    static void t(void *out, const xsrc *s, unsigned n, uint32_t arg)                              \
    {                                                                                              \
        if (n == 16)                                                                               \
            any(out, s, 16, arg);                                                                  \
        else if (n == 1)                                                                           \
            any(out, s, 1, arg);                                                                   \
        else                                                                                       \
            any(out, s, n, arg);                                                                   \
    }

/* sel: the predicate's lanes (s[2].v) take src0, the others src1, bits as they are (a copy:
 * vsmp_x_is_copy; F as well, a signalling NaN and a denormal kept) */
static inline void k_sel_any(void *out, const xsrc *s, unsigned n, uint32_t arg)
{
    uint32_t buf[2][32], r[32], pick = s[2].v;
    const uint8_t *a = prep(&s[0], buf[0], n), *b = prep(&s[1], buf[1], n);
    for (unsigned l = 0; l < n; l++) {
        uint32_t m = 0u - (pick >> l & 1u);
        r[l] = (ld(a, l) & m) | (ld(b, l) & ~m);
    }
    put(out, r, n, arg);
}

AT16(k_isel_t, k_sel_any)

/* sel of F sources with a modifier: not a copy, the picked (modified) value through the general
 * path's conversion to F: flushed unless kept, a NaN made quiet */
static inline void k_fsel_any(void *out, const xsrc *s, unsigned n, uint32_t arg)
{
    uint32_t buf[2][32], r[32], pick = s[2].v, keep = arg & XF_KEEP_F;
    const uint8_t *a = prep(&s[0], buf[0], n), *b = prep(&s[1], buf[1], n);
    for (unsigned l = 0; l < n; l++) {
        uint32_t m = 0u - (pick >> l & 1u);
        r[l] = fout(asf(ftz((ld(a, l) & m) | (ld(b, l) & ~m), keep)), keep);
    }
    put(out, r, n, arg);
}

AT16(k_fsel_t, k_fsel_any)

/* sel at SIMD16 (fn16, fs16): the lanes of arg's value (the predicate's bits, from
 * XF_ARG_SHIFT up) take src0, the others src1 (k_sel_any; the converting sel, whose modifiers
 * are on sources read when it runs, has none) */
static inline void k_isel16_k(uint32_t *restrict out, const uint8_t *a, const uint8_t *b,
                              const uint8_t *c, unsigned n, uint32_t arg)
{
    (void)c;
    uint32_t pick = arg >> XF_ARG_SHIFT;
    for (unsigned l = 0; l < n; l++) {
        uint32_t m = 0u - (pick >> l & 1u);
        out[l] = (ld(a, l) & m) | (ld(b, l) & ~m);
    }
}

SIMD16(k_isel16, put(out, r, 16, arg))

/* The lanes where t[l] is 1 (t[l] is 0 or 1), as a bit mask. */
static inline uint32_t lane_bits(const uint32_t *t, unsigned n)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < n; l++)
        m |= t[l] << l;
    return m;
}

/* cmp: bit l of out[0] set where src0 rel src1 holds (rel: 0 eq, 1 ne, 2 gt, 3 ge, 4 lt, 5 le);
 * F flushed unless kept, NaN unordered (only ne holds); integers by their value, each source
 * signed or not by its type */
#define CMP_LANES(T, A, B)                                                                         \
    do {                                                                                           \
        switch (rel) {                                                                             \
        case 0:                                                                                    \
            for (unsigned l = 0; l < n; l++) {                                                     \
                T x = A, y = B;                                                                    \
                t[l] = x == y;                                                                     \
            }                                                                                      \
            break;                                                                                 \
        case 1:                                                                                    \
            for (unsigned l = 0; l < n; l++) {                                                     \
                T x = A, y = B;                                                                    \
                t[l] = x != y;                                                                     \
            }                                                                                      \
            break;                                                                                 \
        case 2:                                                                                    \
            for (unsigned l = 0; l < n; l++) {                                                     \
                T x = A, y = B;                                                                    \
                t[l] = x > y;                                                                      \
            }                                                                                      \
            break;                                                                                 \
        case 3:                                                                                    \
            for (unsigned l = 0; l < n; l++) {                                                     \
                T x = A, y = B;                                                                    \
                t[l] = x >= y;                                                                     \
            }                                                                                      \
            break;                                                                                 \
        case 4:                                                                                    \
            for (unsigned l = 0; l < n; l++) {                                                     \
                T x = A, y = B;                                                                    \
                t[l] = x < y;                                                                      \
            }                                                                                      \
            break;                                                                                 \
        default:                                                                                   \
            for (unsigned l = 0; l < n; l++) {                                                     \
                T x = A, y = B;                                                                    \
                t[l] = x <= y;                                                                     \
            }                                                                                      \
            break;                                                                                 \
        }                                                                                          \
    } while (0)

static inline void fcmp_n(void *out, const xsrc *s, unsigned n, uint32_t arg)
{
    uint32_t buf[2][32], t[32], keep = arg & XF_KEEP_F;
    unsigned rel = arg >> XF_ARG_SHIFT & 7u;
    const uint8_t *a = prep(&s[0], buf[0], n), *b = prep(&s[1], buf[1], n);
    CMP_LANES(float, fin(a, l, keep), fin(b, l, keep));
    uint32_t m = lane_bits(t, n);
    memcpy(out, &m, 4);
}

AT16(k_fcmp_t, fcmp_n)

/* The integer relation of n lanes (the relation and the sources' signedness in arg) in t[]. */
static XF_INLINE void icmp_lanes(uint32_t *restrict t, const uint8_t *a, const uint8_t *b,
                                 unsigned n, uint32_t arg)
{
    unsigned rel = arg >> XF_ARG_SHIFT & 7u;
    bool sa = arg >> (XF_ARG_SHIFT + 3) & 1u, sb = arg >> (XF_ARG_SHIFT + 4) & 1u;
    if (sa && sb)
        CMP_LANES(int32_t, (int32_t)ld(a, l), (int32_t)ld(b, l));
    else if (!sa && !sb)
        CMP_LANES(uint32_t, ld(a, l), ld(b, l));
    else
        CMP_LANES(int64_t, sa ? (int64_t)(int32_t)ld(a, l) : (int64_t)ld(a, l),
                  sb ? (int64_t)(int32_t)ld(b, l) : (int64_t)ld(b, l));
}

static inline void icmp_n(void *out, const xsrc *s, unsigned n, uint32_t arg)
{
    uint32_t buf[2][32], t[32];
    const uint8_t *a = prep(&s[0], buf[0], n), *b = prep(&s[1], buf[1], n);
    icmp_lanes(t, a, b, n, arg);
    uint32_t m = lane_bits(t, n);
    memcpy(out, &m, 4);
}

AT16(k_icmp_t, icmp_n)

/* cmp at SIMD16 (fn16, fs16): out[0] the 16 lanes' bits, as fcmp_n and icmp_n give them */
static XF_INLINE void put_bits(void *out, const uint32_t *t)
{
    uint32_t m = lane_bits(t, 16);
    memcpy(out, &m, 4);
}

static inline void k_fcmp16_k(uint32_t *restrict t, const uint8_t *a, const uint8_t *b,
                              const uint8_t *c, unsigned n, uint32_t arg)
{
    (void)c;
    uint32_t keep = arg & XF_KEEP_F;
    unsigned rel = arg >> XF_ARG_SHIFT & 7u;
    CMP_LANES(float, fin(a, l, keep), fin(b, l, keep));
}

static inline void k_icmp16_k(uint32_t *restrict t, const uint8_t *a, const uint8_t *b,
                              const uint8_t *c, unsigned n, uint32_t arg)
{
    (void)c;
    icmp_lanes(t, a, b, n, arg);
}

#if defined(__AVX2__)
/* The 16 lanes' bits of a relation given as "x gt y" (or eq) of eight lanes, and whether it is
 * negated: the sign bits of the lane masks (vmovmskps), two halves. */
static XF_INLINE uint32_t bits16(__m256i lo, __m256i hi, bool inv)
{
    uint32_t m = (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(lo)) |
                 (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(hi)) << 8;
    return inv ? m ^ 0xffffu : m;
}

/* ftz() of eight lanes, never kept: where the exponent field is 0 every bit but the sign
 * cleared (and, andnot: no blend) */
static XF_INLINE __m256i ftz8(__m256i b)
{
    __m256i z = _mm256_cmpeq_epi32(_mm256_and_si256(b, _mm256_set1_epi32(0x7f800000)),
                                   _mm256_setzero_si256());
    return _mm256_andnot_si256(_mm256_and_si256(z, _mm256_set1_epi32(0x7fffffff)), b);
}

/* Eight F lanes as fin() reads them: a denormal flushed to the zero of its sign unless kept */
static XF_INLINE __m256 fin8(const uint8_t *p, uint32_t keep)
{
    __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)p);
    return _mm256_castsi256_ps(keep ? b : ftz8(b));
}

/* Lanes from a where bit @p off + l of @p p is set (l = 0..7), else from b: each bit shifted
 * to its lane's sign bit, which vblendvps reads */
static XF_INLINE __m256i pick8(uint32_t p, unsigned off, __m256i a, __m256i b)
{
    __m256i s = _mm256_sub_epi32(_mm256_set1_epi32((int)(31 - off)),
                                 _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    __m256 m = _mm256_castsi256_ps(_mm256_sllv_epi32(_mm256_set1_epi32((int)p), s));
    return _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(b), _mm256_castsi256_ps(a), m));
}

/* cmp of 16 F lanes: CMP_LANES's relations on the flushed values, NaN unordered (only ne
 * holds: the ordered predicates but ne's unordered one) */
static XF_INLINE uint32_t fcmp16_bits(const uint8_t *a, const uint8_t *b, uint32_t arg)
{
    uint32_t keep = arg & XF_KEEP_F;
    __m256 x0 = fin8(a, keep), x1 = fin8(a + 32, keep);
    __m256 y0 = fin8(b, keep), y1 = fin8(b + 32, keep);
    __m256 r0, r1;
    switch (arg >> XF_ARG_SHIFT & 7u) {
    case 0:
        r0 = _mm256_cmp_ps(x0, y0, _CMP_EQ_OQ), r1 = _mm256_cmp_ps(x1, y1, _CMP_EQ_OQ);
        break;
    case 1:
        r0 = _mm256_cmp_ps(x0, y0, _CMP_NEQ_UQ), r1 = _mm256_cmp_ps(x1, y1, _CMP_NEQ_UQ);
        break;
    case 2:
        r0 = _mm256_cmp_ps(x0, y0, _CMP_GT_OQ), r1 = _mm256_cmp_ps(x1, y1, _CMP_GT_OQ);
        break;
    case 3:
        r0 = _mm256_cmp_ps(x0, y0, _CMP_GE_OQ), r1 = _mm256_cmp_ps(x1, y1, _CMP_GE_OQ);
        break;
    case 4:
        r0 = _mm256_cmp_ps(x0, y0, _CMP_LT_OQ), r1 = _mm256_cmp_ps(x1, y1, _CMP_LT_OQ);
        break;
    default:
        r0 = _mm256_cmp_ps(x0, y0, _CMP_LE_OQ), r1 = _mm256_cmp_ps(x1, y1, _CMP_LE_OQ);
        break;
    }
    return bits16(_mm256_castps_si256(r0), _mm256_castps_si256(r1), false);
}

/* An integer relation of eight lanes of a signed x and an unsigned y (@p sa), or of an
 * unsigned x and a signed y, as icmp_lanes takes it (each widened to 64 bits by its own type):
 * the lane mask of the relation or, for ne, lt and le, of its negation (icmp16_regs). x > y
 * is the signed order where neither sign bit is set; with one set, the signed x is negative
 * (below every unsigned y) or the unsigned one is at least 2^31 (above every signed one). The
 * two are equal where their bits are and the sign bit is clear. */
static XF_INLINE __m256i icmp8_mixed(__m256i x, __m256i y, unsigned rel, bool sa)
{
    __m256i top = _mm256_srai_epi32(_mm256_or_si256(x, y), 31), gt = _mm256_cmpgt_epi32(x, y);
    gt = sa ? _mm256_andnot_si256(top, gt) : _mm256_or_si256(gt, top);
    if (rel == 2 || rel == 5) /* gt, le: not gt */
        return gt;
    __m256i eq = _mm256_andnot_si256(_mm256_srai_epi32(x, 31), _mm256_cmpeq_epi32(x, y));
    return rel <= 1 ? eq : _mm256_or_si256(gt, eq); /* eq, ne: not eq; ge, lt: not ge */
}

/* cmp of 16 integer lanes x (x0, x1) and y in registers, the relation and the sources'
 * signedness in arg: both signed, or both unsigned (bias 0x80000000: the unsigned order as the
 * signed one), eq and gt, lt by gt with its sources swapped, the rest negations; of mixed
 * signedness icmp8_mixed */
static XF_INLINE uint32_t icmp16_regs(__m256i x0, __m256i x1, __m256i y0, __m256i y1, uint32_t arg)
{
    unsigned rel = arg >> XF_ARG_SHIFT & 7u;
    bool sa = arg >> (XF_ARG_SHIFT + 3) & 1u, sb = arg >> (XF_ARG_SHIFT + 4) & 1u;
    if (sa != sb)
        return bits16(icmp8_mixed(x0, y0, rel, sa), icmp8_mixed(x1, y1, rel, sa),
                      rel == 1 || rel >= 4);
    __m256i bias = _mm256_set1_epi32(sa ? 0 : (int)0x80000000u);
    x0 = _mm256_xor_si256(x0, bias), x1 = _mm256_xor_si256(x1, bias);
    y0 = _mm256_xor_si256(y0, bias), y1 = _mm256_xor_si256(y1, bias);
    switch (rel) {
    case 0:
    case 1: /* eq, ne */
        return bits16(_mm256_cmpeq_epi32(x0, y0), _mm256_cmpeq_epi32(x1, y1), rel == 1);
    case 2:
    case 5: /* gt, le: not gt */
        return bits16(_mm256_cmpgt_epi32(x0, y0), _mm256_cmpgt_epi32(x1, y1), rel == 5);
    default: /* lt: y gt x; ge: not lt */
        return bits16(_mm256_cmpgt_epi32(y0, x0), _mm256_cmpgt_epi32(y1, x1), rel == 3);
    }
}
#endif

/* cmp at SIMD16 (fn16, fs16): the 16 lanes' bits to out[0], as fcmp_n and icmp_n give them (at
 * the AVX2 level a lane mask of each eight, its sign bits taken at once) */
static XF_INLINE void fcmp16(void *out, const uint8_t *a, const uint8_t *b, uint32_t arg)
{
#if defined(__AVX2__)
    uint32_t m = fcmp16_bits(a, b, arg);
    memcpy(out, &m, 4);
#else
    uint32_t t[16];
    k_fcmp16_k(t, a, b, NULL, 16, arg);
    put_bits(out, t);
#endif
}

static XF_INLINE void icmp16(void *out, const uint8_t *a, const uint8_t *b, uint32_t arg)
{
#if defined(__AVX2__)
    uint32_t m = icmp16_regs(_mm256_loadu_si256((const __m256i *)(const void *)a),
                             _mm256_loadu_si256((const __m256i *)(const void *)(a + 32)),
                             _mm256_loadu_si256((const __m256i *)(const void *)b),
                             _mm256_loadu_si256((const __m256i *)(const void *)(b + 32)), arg);
    memcpy(out, &m, 4);
#else
    uint32_t t[16];
    k_icmp16_k(t, a, b, NULL, 16, arg);
    put_bits(out, t);
#endif
}

/* The SIMD16 forms of cmp body name (fcmp16, icmp16) in the table (fn16, fs16), as SIMD16 makes
 * a kernel's: name##_w16 with both sources in place, name##_s16 with those of arg's XF_SPLAT
 * bits 32-bit scalars copied to 16 lanes */
#define CMP16(name)                                                                                \
    static XF_INLINE void k_##name##_w16(void *out, const uint8_t *a, const uint8_t *b,            \
                                         const uint8_t *c, uint32_t arg)                           \
    {                                                                                              \
        (void)c;                                                                                   \
        name(out, a, b, arg);                                                                      \
    }                                                                                              \
    static void k_##name##_s16(void *out, const uint8_t *a, const uint8_t *b, const uint8_t *c,    \
                               uint32_t arg)                                                       \
    {                                                                                              \
        (void)c;                                                                                   \
        _Alignas(32) uint32_t sp[2][16];                                                           \
        name(out, splat16(a, sp[0], arg >> XF_SPLAT_SHIFT & 1u),                                   \
             splat16(b, sp[1], arg >> XF_SPLAT_SHIFT & 2u), arg);                                  \
    }

CMP16(fcmp16)
CMP16(icmp16)

#undef CMP16

/* ---- fused sequences: exec_fast_fu.h, on the kernels above ---- */
#include "exec_fast_fu.h"

/* ---- chains of SIMD16 instructions (exec_fast_run.h run_span GM_CHAIN) ---- */

/* The instructions x[0..n), every lane of each on and rounding to nearest even (run_span's
 * test, made once for the chain): each one's SIMD16 form on its planned sources into its dst,
 * in order, so that one reads what the one before it wrote, as their steps would. The forms
 * IGC's image kernels chain most (the mad chains over a sample's four channels, the address
 * arithmetic and its conversion to F) are called directly, not through the pointer, for the
 * compiler to inline what it can: the same functions as the table's, so the same bits. */
/* mad with src0 a 32-bit scalar (IGC's weight) and denormals kept (IGC's kernels set %cr0 bit
 * 7): k_fmad's XF_KEEP_F case with the scalar read once for the 16 lanes instead of copied to
 * them */
static XF_INLINE void fmad_w16_keep(void *out, const uint8_t *a, const uint8_t *b, const uint8_t *c)
{
    float w = asf(ld(a, 0));
    uint32_t r[16];
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 1 /* vectorised as a loop; fully unrolled first, its fmaf stay scalar */
#endif
    for (unsigned l = 0; l < 16; l++)
        r[l] = fnan1(asu(fmaf(w, asf(ld(b, l)), asf(ld(c, l)))));
    memcpy(out, r, 64);
}

VSMP_HOT static void k_chain16(const xinst *x, unsigned n, uint32_t keep)
{
    for (const xinst *end = x + n; x < end; x++) {
        xfast16_fn f = x->f.fn16;
        void *o = x->f.dst;
        const uint8_t *a = x->f.src[0].p, *b = x->f.src[1].p, *c = x->f.src[2].p;
        uint32_t arg = x->f.arg | keep;
        if (f == k_fmad_s16)
            k_fmad_s16(o, a, b, c, arg);
        else if (f == k_fmad_w16)
            k_fmad_w16(o, a, b, c, arg);
        else if (f == k_f_from_d_w16)
            k_f_from_d_w16(o, a, b, c, arg);
        else if (f == k_iadd_b16)
            k_iadd_b16(o, a, b, c, arg);
        else if (f == k_imad_s16)
            k_imad_s16(o, a, b, c, arg);
        else
            f(o, a, b, c, arg);
    }
}

/* A chain of F mads with src0 a 32-bit scalar and the others in place (IGC's taps over a
 * sample's channels; exec_fast.c GM_CHAINW): with denormals kept each reads its scalar once
 * (fmad_w16_keep), otherwise k_fmad_s16. Apart from k_chain16, whose other forms would pay
 * for this one's frame. */
static void k_chain_fmadw(const xinst *x, unsigned n, uint32_t keep)
{
    for (const xinst *end = x + n; x < end; x++) {
        if (keep & XF_KEEP_F)
            fmad_w16_keep(x->f.dst, x->f.src[0].p, x->f.src[1].p, x->f.src[2].p);
        else
            k_fmad_s16(x->f.dst, x->f.src[0].p, x->f.src[1].p, x->f.src[2].p, x->f.arg | keep);
    }
}

/* The same of SIMD1 instructions (IGC's uniform values: the weights' arithmetic, GM_CHAIN1):
 * each one's fn on its planned sources, the common ones with the body of the kernel's n == 1
 * case (KERNEL) inlined. */
#define CHAIN1(name)                                                                               \
    do {                                                                                           \
        uint32_t v[3] = {prep1(&s[0]), prep1(&s[1]), prep1(&s[2])}, r[1];                          \
        name##_k(r, (const uint8_t *)&v[0], (const uint8_t *)&v[1], (const uint8_t *)&v[2], 1,     \
                 arg);                                                                             \
        put1(o, r[0], arg);                                                                        \
    } while (0)

static void k_chain1(const xinst *x, unsigned n, uint32_t keep)
{
    for (const xinst *end = x + n; x < end; x++) {
        xfast_fn f = x->f.fn;
        const xsrc *s = x->f.src;
        void *o = x->f.dst;
        uint32_t arg = x->f.arg | keep;
        if (f == k_fmul)
            CHAIN1(k_fmul);
        else if (f == k_fmad)
            CHAIN1(k_fmad);
        else if (f == k_fadd)
            CHAIN1(k_fadd);
        else if (f == k_imov)
            CHAIN1(k_imov);
        else if (f == k_exp)
            CHAIN1(k_exp);
        else if (f == k_inv)
            CHAIN1(k_inv);
        else if (f == k_rndz)
            CHAIN1(k_rndz);
        else if (f == k_and)
            CHAIN1(k_and);
        else
            f(o, s, 1, arg);
    }
}

#undef CHAIN1

/* xfast_table.wb16: each channel's 64 bytes in one copy (one 512-bit register at the AVX-512
 * level) */
static void k_wb16(uint8_t *dst, uint32_t stride, const vsmp_result *r, const uint8_t *ch,
                   unsigned n)
{
    for (unsigned k = 0; k < n; k++, dst += stride) {
#if defined(__AVX512F__)
        _mm512_storeu_si512(dst, _mm512_loadu_si512(r->c[ch[k]]));
#else
        memcpy(dst, r->c[ch[k]], 64);
#endif
    }
}

const xfast_table XF_TABLE = {{
                                  [XF_FADD] = k_fadd,
                                  [XF_FMUL] = k_fmul,
                                  [XF_FMAD] = k_fmad,
                                  [XF_FMIN] = k_fmin,
                                  [XF_FMAX] = k_fmax,
                                  [XF_F_FROM_D] = k_f_from_d,
                                  [XF_F_FROM_UD] = k_f_from_ud,
                                  [XF_HF_FROM_F] = k_hf_from_f,
                                  [XF_I_FROM_F] = k_i_from_f,
                                  [XF_IMOV] = k_imov,
                                  [XF_IADD] = k_iadd,
                                  [XF_IMUL] = k_imul,
                                  [XF_IMAD] = k_imad,
                                  [XF_AND] = k_and,
                                  [XF_OR] = k_or,
                                  [XF_XOR] = k_xor,
                                  [XF_NOT] = k_not,
                                  [XF_SHL] = k_shl,
                                  [XF_SHR] = k_shr,
                                  [XF_ASR] = k_asr,
                                  [XF_FMOV] = k_fmov,
                                  [XF_INV] = k_inv,
                                  [XF_SQRT] = k_sqrt,
                                  [XF_RSQRT] = k_rsqrt,
                                  [XF_EXP] = k_exp,
                                  [XF_LOG] = k_log,
                                  [XF_RNDD] = k_rndd,
                                  [XF_RNDU] = k_rndu,
                                  [XF_RNDE] = k_rnde,
                                  [XF_RNDZ] = k_rndz,
                                  [XF_FRC] = k_frc,
                                  [XF_IMIN] = k_imin,
                                  [XF_IMAX] = k_imax,
                                  [XF_FSAT] = k_fsat,
                                  [XF_ISAT] = k_isat,
                                  [XF_ISEL] = k_isel_t,
                                  [XF_FSEL] = k_fsel_t,
                                  [XF_FCMP] = k_fcmp_t,
                                  [XF_ICMP] = k_icmp_t,
                              },
                              {
                                  [XF_FADD] = k_fadd_w16,
                                  [XF_FMUL] = k_fmul_w16,
                                  [XF_FMAD] = k_fmad_w16,
                                  [XF_FMIN] = k_fmin_w16,
                                  [XF_FMAX] = k_fmax_w16,
                                  [XF_F_FROM_D] = k_f_from_d_w16,
                                  [XF_F_FROM_UD] = k_f_from_ud_w16,
                                  [XF_HF_FROM_F] = k_hf_from_f_w16,
                                  [XF_I_FROM_F] = k_i_from_f_w16,
                                  [XF_IMOV] = k_imov_w16,
                                  [XF_IADD] = k_iadd_w16,
                                  [XF_IMUL] = k_imul_w16,
                                  [XF_IMAD] = k_imad_w16,
                                  [XF_AND] = k_and_w16,
                                  [XF_OR] = k_or_w16,
                                  [XF_XOR] = k_xor_w16,
                                  [XF_NOT] = k_not_w16,
                                  [XF_SHL] = k_shl_w16,
                                  [XF_SHR] = k_shr_w16,
                                  [XF_ASR] = k_asr_w16,
                                  [XF_FMOV] = k_fmov_w16,
                                  [XF_INV] = k_inv_w16,
                                  [XF_SQRT] = k_sqrt_w16,
                                  [XF_RSQRT] = k_rsqrt_w16,
                                  [XF_EXP] = k_exp_w16,
                                  [XF_LOG] = k_log_w16,
                                  [XF_RNDD] = k_rndd_w16,
                                  [XF_RNDU] = k_rndu_w16,
                                  [XF_RNDE] = k_rnde_w16,
                                  [XF_RNDZ] = k_rndz_w16,
                                  [XF_FRC] = k_frc_w16,
                                  [XF_IMIN] = k_imin_w16,
                                  [XF_IMAX] = k_imax_w16,
                                  [XF_FSAT] = k_fsat_w16,
                                  [XF_ISAT] = k_isat_w16,
                                  [XF_ISEL] = k_isel16_w16,
                                  [XF_FCMP] = k_fcmp16_w16,
                                  [XF_ICMP] = k_icmp16_w16,
                              },
                              {
                                  [XF_FADD] = k_fadd_s16,
                                  [XF_FMUL] = k_fmul_s16,
                                  [XF_FMAD] = k_fmad_s16,
                                  [XF_FMIN] = k_fmin_s16,
                                  [XF_FMAX] = k_fmax_s16,
                                  [XF_F_FROM_D] = k_f_from_d_s16,
                                  [XF_F_FROM_UD] = k_f_from_ud_s16,
                                  [XF_HF_FROM_F] = k_hf_from_f_s16,
                                  [XF_I_FROM_F] = k_i_from_f_s16,
                                  [XF_IMOV] = k_imov_s16,
                                  [XF_IADD] = k_iadd_b16,
                                  [XF_IMUL] = k_imul_s16,
                                  [XF_IMAD] = k_imad_s16,
                                  [XF_AND] = k_and_s16,
                                  [XF_OR] = k_or_s16,
                                  [XF_XOR] = k_xor_s16,
                                  [XF_NOT] = k_not_s16,
                                  [XF_SHL] = k_shl_s16,
                                  [XF_SHR] = k_shr_s16,
                                  [XF_ASR] = k_asr_s16,
                                  [XF_FMOV] = k_fmov_s16,
                                  [XF_INV] = k_inv_s16,
                                  [XF_SQRT] = k_sqrt_s16,
                                  [XF_RSQRT] = k_rsqrt_s16,
                                  [XF_EXP] = k_exp_s16,
                                  [XF_LOG] = k_log_s16,
                                  [XF_RNDD] = k_rndd_s16,
                                  [XF_RNDU] = k_rndu_s16,
                                  [XF_RNDE] = k_rnde_s16,
                                  [XF_RNDZ] = k_rndz_s16,
                                  [XF_FRC] = k_frc_s16,
                                  [XF_IMIN] = k_imin_s16,
                                  [XF_IMAX] = k_imax_s16,
                                  [XF_FSAT] = k_fsat_s16,
                                  [XF_ISAT] = k_isat_s16,
                                  [XF_ISEL] = k_isel16_s16,
                                  [XF_FCMP] = k_fcmp16_s16,
                                  [XF_ICMP] = k_icmp16_s16,
                              },
                              {
#define XFU_ROW(name, fn, ...)                                                                     \
    [XFU_##name] = {fn, sizeof((const uint8_t[]){__VA_ARGS__}), {__VA_ARGS__}},
                                  XFU_LIST(XFU_ROW)
#undef XFU_ROW
                              },
                              k_chain16,
                              k_chain1,
                              k_chain_fmadw,
                              k_wb16,
#if defined(__AVX2__)
                              true
#else
                              false
#endif
};
