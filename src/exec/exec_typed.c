/* SPDX-License-Identifier: MIT */
/*
 * The fast path of typed writes (scatter4_typed): per message, the surface's geometry (level,
 * base, pitches, bounds) is resolved once, every lane's texel address computed from it, each
 * written channel converted for all lanes in one loop by its format's rule, and the channels
 * stored without reading the texel (the bits of the channels not written stay, as in the
 * reference). It takes formats whose channels all have one type and a width of 8, 16 or 32
 * bits on byte boundaries (R8/RG8/RGBA8/BGRA8 UNORM, SNORM, UINT, SINT; the 16-bit ones and
 * binary16; 32-bit floats and integers; luminance and intensity, storing R), not sRGB, and
 * messages whose enabled lanes share one LOD; everything else runs the reference (exec_mem.c
 * typed_ref), which this equals bit for bit (tests/test_exec_typed.c). At the AVX2 level, UNORM
 * channels convert and RGBA8 UINT texels assemble eight lanes at a time, and a message of one
 * row of RGBA8, BGRA8 or R8 (UINT, UNORM) on the surface the instruction's last message wrote
 * takes a short entry (vsmp_x_typed_row).
 */
#include <float.h>
#include <stdatomic.h>
#include <math.h>
#include <string.h>

#include "exec_typed.h"
#include "hot.h"
#include "sample_internal.h"

/* How a format's channels are stored. */
typedef enum tkind {
    TK_RAW32, /* 32-bit float, UINT, SINT: the lane's bits (saturation is the identity) */
    TK_UNORM8,
    TK_SNORM8,
    TK_UINT8,
    TK_SINT8,
    TK_UNORM16,
    TK_SNORM16,
    TK_UINT16,
    TK_SINT16,
    TK_HALF,
    TK_COUNT
} tkind;

static const char *const kind_names[TK_COUNT] = {
    "raw32", "unorm8", "snorm8", "uint8", "sint8", "unorm16", "snorm16", "uint16", "sint16", "half",
};

/* The fast path's view of a format: its kind, each channel's byte offset in the texel, the
 * channels present (bit c), bytes per channel. */
typedef struct tfmt {
    tkind kind;
    uint8_t off[4];
    uint8_t present;
    uint8_t size;
} tfmt;

static bool classify(const vsmp_format_info *fi, tfmt *t)
{
    if (!fi || fi->planes != 1 || fi->yuv || fi->bc || fi->block_w != 1 || fi->block_h != 1 ||
        fi->srgb)
        return false;
    int type = -1;
    unsigned bits = 0;
    t->present = 0;
    for (unsigned c = 0; c < 4; c++) {
        const vsmp_chan_desc *d = &fi->ch[c];
        if (d->type == VSMP_CHAN_NONE)
            continue;
        if ((type >= 0 && (d->type != type || d->bits != bits)) || d->shift % 8)
            return false;
        bool shared = false;
        for (unsigned k = 0; k < c; k++)
            shared |= t->present >> k & 1u && fi->ch[k].shift == d->shift;
        if (shared)
            continue; /* luminance and intensity: the bits hold R, which alone is stored */
        type = d->type, bits = d->bits;
        t->off[c] = (uint8_t)(d->shift / 8);
        t->present |= (uint8_t)(1u << c);
    }
    static const struct {
        uint8_t type, bits, kind;
    } rows[] = {
        {VSMP_CHAN_FLOAT, 32, TK_RAW32},   {VSMP_CHAN_UINT, 32, TK_RAW32},
        {VSMP_CHAN_SINT, 32, TK_RAW32},    {VSMP_CHAN_UNORM, 8, TK_UNORM8},
        {VSMP_CHAN_SNORM, 8, TK_SNORM8},   {VSMP_CHAN_UINT, 8, TK_UINT8},
        {VSMP_CHAN_SINT, 8, TK_SINT8},     {VSMP_CHAN_UNORM, 16, TK_UNORM16},
        {VSMP_CHAN_SNORM, 16, TK_SNORM16}, {VSMP_CHAN_UINT, 16, TK_UINT16},
        {VSMP_CHAN_SINT, 16, TK_SINT16},   {VSMP_CHAN_FLOAT, 16, TK_HALF},
    };
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
        if (t->present && rows[i].type == type && rows[i].bits == bits) {
            t->kind = (tkind)rows[i].kind;
            t->size = (uint8_t)(bits / 8);
            return true;
        }
    return false;
}

/* classify's answers per format (its index in the format table), worked out on first use: bit
 * 31 known, bit 30 taken, then the kind (bits 0-3), the channels present (4-7), the bytes per
 * channel (8-10) and each channel's byte offset (4 bits from bit 12). Relaxed atomics: every
 * thread that works one out stores the same word. */
static _Atomic uint32_t known[128];

static uint32_t pack_word(const vsmp_format_info *fi)
{
    tfmt t;
    uint32_t v = 1u << 31;
    if (classify(fi, &t)) {
        v |= 1u << 30 | (uint32_t)t.kind | (uint32_t)t.present << 4 | (uint32_t)t.size << 8;
        for (unsigned c = 0; c < 4; c++)
            v |= (uint32_t)(t.present >> c & 1u ? t.off[c] : 0) << (12 + 4 * c);
    }
    return v;
}

static uint32_t format_word(const vsmp_format_info *fi)
{
    const vsmp_format_info *first = vsmp_format_at(0);
    size_t i = (size_t)(fi - first);
    if (i >= vsmp_format_count() || i >= sizeof(known) / sizeof(known[0]))
        return pack_word(fi);
    uint32_t v = atomic_load_explicit(&known[i], memory_order_relaxed);
    if (!v) {
        v = pack_word(fi);
        atomic_store_explicit(&known[i], v, memory_order_relaxed);
    }
    return v;
}

/* The fast path's view of @p fi: the word of the instruction's last message when its surface
 * had the same format (the common case: one surface bound for the whole launch), else the
 * table's. False when the fast path does not take the format. */
static bool lookup(const xinst *x, const vsmp_format_info *fi, tfmt *t)
{
    uint32_t v = x->g->tformat;
    if (x->g->tformat_fi != fi) {
        v = format_word(fi);
        x->g->tformat_fi = fi;
        x->g->tformat = v;
    }
    if (!(v >> 30 & 1u))
        return false;
    t->kind = (tkind)(v & 0xfu);
    t->present = (uint8_t)(v >> 4 & 0xfu);
    t->size = (uint8_t)(v >> 8 & 7u);
    for (unsigned c = 0; c < 4; c++)
        t->off[c] = (uint8_t)(v >> (12 + 4 * c) & 0xfu);
    return true;
}

const char *vsmp_x_typed_store_kernel(const vsmp_format_info *fi, unsigned mask)
{
    static const char *const whole[TK_COUNT] = {
        "raw32 whole",   "unorm8 whole",  "snorm8 whole", "uint8 whole",  "sint8 whole",
        "unorm16 whole", "snorm16 whole", "uint16 whole", "sint16 whole", "half whole",
    };
    tfmt t;
    if (!classify(fi, &t))
        return NULL;
    unsigned nc =
        (t.present & 1u) + (t.present >> 1 & 1u) + (t.present >> 2 & 1u) + (t.present >> 3 & 1u);
    bool full = (mask & t.present) == t.present && nc * t.size == fi->bytes;
    return full ? whole[t.kind] : kind_names[t.kind];
}

/* ---- conversions, each the reference's (format.c vsmp_format_pack) ---- */

/* The integer nearest (ties to even) to @p d, |d| < 2^31, as its two's-complement bits: adding
 * 1.5 * 2^52 rounds d to an integer in the current (default: nearest even) mode and leaves it in
 * the low bits of the sum's significand. Where doubles carry more precision than they show
 * (x87), the library's nearbyint. */
static inline uint32_t rne_bits(double d)
{
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
    double s = d + 6755399441055744.0;
    uint64_t b;
    memcpy(&b, &s, 8);
    return (uint32_t)b;
#else
    return (uint32_t)(int32_t)nearbyint(d);
#endif
}

static inline float bits_f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static inline float lane_f(const uint8_t *p)
{
    float f;
    memcpy(&f, p, 4);
    return f;
}

static inline uint32_t lane_u(const uint8_t *p)
{
    uint32_t u;
    memcpy(&u, p, 4);
    return u;
}

/* UNORM: NaN -> 0, clamped to [0, 1], times 2^n - 1 (exact in double), rounded to even. The
 * clamp on the bits: the sign bit set (negatives, -0, negative NaNs) or a positive NaN -> +0,
 * from 1 up (+inf included) -> 1. */
static void cv_unorm(uint32_t *out, const uint8_t *src, unsigned n, double scale)
{
    for (unsigned l = 0; l < n; l++) {
        uint32_t u = lane_u(src + 4 * l);
        u = (int32_t)u < 0 || u > 0x7f800000u ? 0u : u > 0x3f800000u ? 0x3f800000u : u;
        out[l] = rne_bits((double)bits_f(u) * scale);
    }
}

/* SNORM: NaN -> 0, clamped to [-1, 1], times 2^(n-1) - 1, rounded, cut to n bits */
static void cv_snorm(uint32_t *out, const uint8_t *src, unsigned n, double scale, uint32_t mask)
{
    for (unsigned l = 0; l < n; l++) {
        uint32_t u = lane_u(src + 4 * l), a = u & 0x7fffffffu;
        u = a > 0x7f800000u ? 0u : a > 0x3f800000u ? (u & 0x80000000u) | 0x3f800000u : u;
        out[l] = rne_bits((double)bits_f(u) * scale) & mask;
    }
}

static void cv_uint(uint32_t *out, const uint8_t *src, unsigned n, uint32_t max)
{
    for (unsigned l = 0; l < n; l++) {
        uint32_t u = lane_u(src + 4 * l);
        out[l] = u > max ? max : u;
    }
}

static void cv_sint(uint32_t *out, const uint8_t *src, unsigned n, int32_t lo, int32_t hi,
                    uint32_t mask)
{
    for (unsigned l = 0; l < n; l++) {
        int32_t s = (int32_t)lane_u(src + 4 * l);
        out[l] = (uint32_t)(s < lo ? lo : s > hi ? hi : s) & mask;
    }
}

/* binary16: nearest even, overflow to infinity; every NaN the quiet NaN 0x7e00 */
static void cv_half(uint32_t *out, const uint8_t *src, unsigned n)
{
    for (unsigned l = 0; l < n; l++) {
        float f = lane_f(src + 4 * l);
        out[l] = f != f ? 0x7e00u : vsmp_float_to_half_rtne(f);
    }
}

static void convert(tkind k, uint32_t *out, const uint8_t *src, unsigned n)
{
    switch (k) {
    case TK_RAW32:
        memcpy(out, src, 4u * n);
        break;
    case TK_UNORM8:
        cv_unorm(out, src, n, 255.0);
        break;
    case TK_UNORM16:
        cv_unorm(out, src, n, 65535.0);
        break;
    case TK_SNORM8:
        cv_snorm(out, src, n, 127.0, 0xffu);
        break;
    case TK_SNORM16:
        cv_snorm(out, src, n, 32767.0, 0xffffu);
        break;
    case TK_UINT8:
        cv_uint(out, src, n, 0xffu);
        break;
    case TK_UINT16:
        cv_uint(out, src, n, 0xffffu);
        break;
    case TK_SINT8:
        cv_sint(out, src, n, -128, 127, 0xffu);
        break;
    case TK_SINT16:
        cv_sint(out, src, n, -32768, 32767, 0xffffu);
        break;
    case TK_HALF:
        cv_half(out, src, n);
        break;
    case TK_COUNT:
        break;
    }
}

/* ---- stores ---- */

/* Every channel of the texel written: assembled and stored in one piece. */
static void store_whole(uint8_t *base, const size_t *offs, uint32_t live, unsigned n, const tfmt *t,
                        uint32_t cv[4][32], const uint8_t *off, unsigned nc, unsigned bytes)
{
    if (t->size == 1 && nc == 4) { /* RGBA8, BGRA8 */
        unsigned s0 = 8u * off[0], s1 = 8u * off[1], s2 = 8u * off[2], s3 = 8u * off[3];
        for (unsigned l = 0; l < n; l++)
            if (live >> l & 1u) {
                uint32_t w = cv[0][l] << s0 | cv[1][l] << s1 | cv[2][l] << s2 | cv[3][l] << s3;
                memcpy(base + offs[l], &w, 4);
            }
        return;
    }
    if (nc == 1 && t->size == 1) { /* R8 */
        for (unsigned l = 0; l < n; l++)
            if (live >> l & 1u)
                base[offs[l]] = (uint8_t)cv[0][l];
        return;
    }
    if (t->size == 2 && nc == 4) { /* RGBA16 */
        unsigned s0 = 8u * off[0], s1 = 8u * off[1], s2 = 8u * off[2], s3 = 8u * off[3];
        for (unsigned l = 0; l < n; l++)
            if (live >> l & 1u) {
                uint64_t w = (uint64_t)cv[0][l] << s0 | (uint64_t)cv[1][l] << s1 |
                             (uint64_t)cv[2][l] << s2 | (uint64_t)cv[3][l] << s3;
                memcpy(base + offs[l], &w, 8);
            }
        return;
    }
    if (t->size == 2 && nc == 1) { /* R16 */
        for (unsigned l = 0; l < n; l++)
            if (live >> l & 1u) {
                uint16_t h = (uint16_t)cv[0][l];
                memcpy(base + offs[l], &h, 2);
            }
        return;
    }
    if (t->size == 4) { /* R32 ... RGBA32 */
        for (unsigned l = 0; l < n; l++)
            if (live >> l & 1u) {
                uint32_t w[4];
                for (unsigned i = 0; i < nc; i++)
                    w[off[i] / 4] = cv[i][l];
                memcpy(base + offs[l], w, 4u * nc);
            }
        return;
    }
    for (unsigned l = 0; l < n; l++) {
        if (!(live >> l & 1u))
            continue;
        uint8_t tb[16];
        for (unsigned i = 0; i < nc; i++) {
            uint32_t v = cv[i][l];
            uint8_t *p = tb + off[i];
            switch (t->size) {
            case 1:
                p[0] = (uint8_t)v;
                break;
            case 2: {
                uint16_t h = (uint16_t)v;
                memcpy(p, &h, 2);
                break;
            }
            default:
                memcpy(p, &v, 4);
                break;
            }
        }
        memcpy(base + offs[l], tb, bytes);
    }
}

/* Some channels written: each stored in place, the others' bytes untouched. */
static void store_channel(uint8_t *base, const size_t *offs, uint32_t live, unsigned n,
                          unsigned size, const uint32_t *cv, unsigned off)
{
    for (unsigned l = 0; l < n; l++) {
        if (!(live >> l & 1u))
            continue;
        uint8_t *p = base + offs[l] + off;
        if (size == 1) {
            p[0] = (uint8_t)cv[l];
        } else if (size == 2) {
            uint16_t h = (uint16_t)cv[l];
            memcpy(p, &h, 2);
        } else {
            memcpy(p, &cv[l], 4);
        }
    }
}

/* Four 8-bit channels, every one written (RGBA8, BGRA8 UNORM, UINT and SINT): each lane's
 * texel saturated and assembled in one pass over the lanes (no per-channel arrays), into @p px.
 * False for the other kinds (convert and store_whole take them). */
static bool pack_rgba8(uint32_t *px, unsigned n, const tfmt *t, const uint8_t *data,
                       uint32_t stride)
{
    const uint8_t *r = data, *g = data + stride, *b = data + 2 * stride, *a = data + 3 * stride;
    unsigned s0 = 8u * t->off[0], s1 = 8u * t->off[1], s2 = 8u * t->off[2], s3 = 8u * t->off[3];
    if (t->kind == TK_UINT8) {
        for (unsigned l = 0; l < n; l++) {
            uint32_t v0 = lane_u(r + 4 * l), v1 = lane_u(g + 4 * l), v2 = lane_u(b + 4 * l),
                     v3 = lane_u(a + 4 * l);
            v0 = v0 > 0xffu ? 0xffu : v0, v1 = v1 > 0xffu ? 0xffu : v1;
            v2 = v2 > 0xffu ? 0xffu : v2, v3 = v3 > 0xffu ? 0xffu : v3;
            px[l] = v0 << s0 | v1 << s1 | v2 << s2 | v3 << s3;
        }
    } else if (t->kind == TK_SINT8) {
        for (unsigned l = 0; l < n; l++) {
            int32_t v[4] = {(int32_t)lane_u(r + 4 * l), (int32_t)lane_u(g + 4 * l),
                            (int32_t)lane_u(b + 4 * l), (int32_t)lane_u(a + 4 * l)};
            uint32_t q[4];
            for (unsigned c = 0; c < 4; c++)
                q[c] = (uint32_t)(v[c] < -128 ? -128 : v[c] > 127 ? 127 : v[c]) & 0xffu;
            px[l] = q[0] << s0 | q[1] << s1 | q[2] << s2 | q[3] << s3;
        }
    } else if (t->kind == TK_UNORM8) {
        for (unsigned l = 0; l < n; l++) {
            const uint8_t *ch[4] = {r, g, b, a};
            uint32_t q[4];
            for (unsigned c = 0; c < 4; c++) { /* cv_unorm's rule */
                uint32_t u = lane_u(ch[c] + 4 * l);
                u = (int32_t)u < 0 || u > 0x7f800000u ? 0u : u > 0x3f800000u ? 0x3f800000u : u;
                q[c] = rne_bits((double)bits_f(u) * 255.0);
            }
            px[l] = q[0] << s0 | q[1] << s1 | q[2] << s2 | q[3] << s3;
        }
    } else {
        return false;
    }
    return true;
}

/* ---- AVX2: the row test and the RGBA8 UINT assembly, eight lanes at a time ----
 *
 * Taken at the machine's AVX2 level (m->fast, dispatch.c), for messages of 8, 16 or 32 lanes:
 * the same integer operations as one_row and pack_rgba8, so the same answer bit for bit
 * (tests/test_exec_typed.c compares every level with the reference). */
#ifdef VSMP_HAVE_AVX2
#include <immintrin.h>
#define TYPED_AVX2 __attribute__((target("avx2")))

TYPED_AVX2 static bool one_row_avx2(const uint8_t *up, const uint8_t *yp, const uint8_t *sp,
                                    unsigned n)
{
    uint32_t u0 = lane_u(up), y0 = lane_u(yp), s0 = lane_u(sp);
    __m256i lane =
        _mm256_add_epi32(_mm256_set1_epi32((int)u0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    __m256i yv = _mm256_set1_epi32((int)y0), sv = _mm256_set1_epi32((int)s0);
    __m256i diff = _mm256_setzero_si256();
    for (unsigned l = 0; l < n; l += 8) {
        __m256i u = _mm256_loadu_si256((const __m256i *)(up + 4 * l));
        __m256i y = _mm256_loadu_si256((const __m256i *)(yp + 4 * l));
        __m256i z = _mm256_loadu_si256((const __m256i *)(sp + 4 * l));
        diff = _mm256_or_si256(diff, _mm256_or_si256(_mm256_xor_si256(u, lane),
                                                     _mm256_or_si256(_mm256_xor_si256(y, yv),
                                                                     _mm256_xor_si256(z, sv))));
        lane = _mm256_add_epi32(lane, _mm256_set1_epi32(8));
    }
    return _mm256_testz_si256(diff, diff) && u0 <= UINT32_MAX - (n - 1u);
}

/* cv_unorm on eight lanes: the same clamp on the bits (the sign bit set or a NaN -> +0, from 1
 * up -> 1), the product with 2^n - 1 in double (exact) and its rounding in the current mode, as
 * rne_bits rounds: the same integers. */
TYPED_AVX2 static inline __m256i unorm_avx2(__m256i u, __m256d scale)
{
    __m256i bad = _mm256_or_si256(_mm256_cmpgt_epi32(_mm256_setzero_si256(), u),
                                  _mm256_cmpgt_epi32(u, _mm256_set1_epi32(0x7f800000)));
    u = _mm256_andnot_si256(bad, _mm256_min_epi32(u, _mm256_set1_epi32(0x3f800000)));
    __m256 f = _mm256_castsi256_ps(u);
    __m128i lo =
        _mm256_cvtpd_epi32(_mm256_mul_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(f)), scale));
    __m128i hi =
        _mm256_cvtpd_epi32(_mm256_mul_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(f, 1)), scale));
    return _mm256_set_m128i(hi, lo);
}

/* cv_unorm for @p n lanes, a multiple of 8 */
TYPED_AVX2 static void cv_unorm_avx2(uint32_t *out, const uint8_t *src, unsigned n, double scale)
{
    const __m256d sc = _mm256_set1_pd(scale);
    for (unsigned l = 0; l < n; l += 8)
        _mm256_storeu_si256((__m256i *)(out + l),
                            unorm_avx2(_mm256_loadu_si256((const __m256i *)(src + 4 * l)), sc));
}

/* A channel of eight lanes as a byte value: UNORM by unorm_avx2, UINT saturated to 255 (the
 * integer operations of pack_rgba8) */
TYPED_AVX2 static inline __m256i byte8_avx2(__m256i v, bool unorm)
{
    return unorm ? unorm_avx2(v, _mm256_set1_pd(255.0))
                 : _mm256_min_epu32(v, _mm256_set1_epi32(0xff));
}

/* pack_rgba8 of RGBA8/BGRA8 UINT or UNORM: each channel by byte8_avx2, shifted to its byte
 * (inlined into pack8_avx2's two calls, each of one kind: no test per channel) */
TYPED_AVX2 static inline __attribute__((always_inline)) void
pack8_k(uint32_t *px, unsigned n, const tfmt *t, const uint8_t *data, uint32_t stride,
        const bool unorm)
{
    __m128i sh[4];
    for (unsigned c = 0; c < 4; c++)
        sh[c] = _mm_cvtsi32_si128((int)(8u * t->off[c]));
    for (unsigned l = 0; l < n; l += 8) {
        __m256i p = _mm256_setzero_si256();
        for (unsigned c = 0; c < 4; c++) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(data + c * stride + 4 * l));
            p = _mm256_or_si256(p, _mm256_sll_epi32(byte8_avx2(v, unorm), sh[c]));
        }
        _mm256_storeu_si256((__m256i *)(px + l), p);
    }
}

TYPED_AVX2 static void pack8_avx2(uint32_t *px, unsigned n, const tfmt *t, const uint8_t *data,
                                  uint32_t stride, bool unorm)
{
    if (unorm)
        pack8_k(px, n, t, data, stride, true);
    else
        pack8_k(px, n, t, data, stride, false);
}

/* The common case whole (a kernel writing RGBA8 UINT at its global IDs): every lane enabled,
 * on one row and inside, every channel written: the texels assembled and stored where the row
 * starts. False (nothing written) for any other message. */
TYPED_AVX2 static bool row_uint8_avx2(const uint8_t *up, const uint8_t *yp, const uint8_t *sp,
                                      unsigned n, uint32_t w, uint32_t h, uint32_t slices,
                                      uint8_t *base, size_t rp, size_t spitch, const tfmt *t,
                                      const uint8_t *data, uint32_t stride)
{
    uint32_t u0 = lane_u(up), y0 = lane_u(yp), s0 = lane_u(sp);
    if (u0 >= w || w - u0 < n || y0 >= h || s0 >= slices || !one_row_avx2(up, yp, sp, n))
        return false;
    uint8_t *dst = base + (size_t)s0 * spitch + (size_t)y0 * rp + (size_t)u0 * 4u;
    pack8_avx2((uint32_t *)(void *)dst, n, t, data, stride, false); /* unaligned stores */
    return true;
}
#endif

/* ---- the message ---- */

static inline uint32_t coord(const vsmp_machine *m, uint32_t at, unsigned l)
{
    return at == X_NONE ? 0 : lane_u(m->arena + at + 4 * l);
}

/* Do the @p n lanes address the texels of one row one after the other, (u0 + l, y0, s0) with
 * u0 + n - 1 below 2^32? The shape of a kernel writing at its global IDs; the lanes not
 * enabled are looked at too (a message whose disabled lanes hold other values takes the
 * general loop, which gives the same result). */
static bool one_row(const uint8_t *up, const uint8_t *yp, const uint8_t *sp, unsigned n)
{
    uint32_t u0 = lane_u(up), y0 = lane_u(yp), s0 = lane_u(sp), diff = 0;
    for (unsigned l = 0; l < n; l++)
        diff |=
            (lane_u(up + 4 * l) - u0 - l) | (lane_u(yp + 4 * l) - y0) | (lane_u(sp + 4 * l) - s0);
    return !diff && u0 <= UINT32_MAX - (n - 1u);
}

#ifdef VSMP_HAVE_AVX2
/* vsmp_x_typed_row's message on what it found of the surface (xgen trow_*): u0 + l and y0 in
 * every lane, inside the level (the slice is %null's zero: a 2D surface, not an array), then
 * the texels assembled and stored where the row's span starts: row_uint8_avx2's test and
 * stores without the slice, each channel made a byte by byte8_avx2 (RGBA8 and BGRA8 by
 * pack8_avx2; an R8 texel is its lane's low byte). False, nothing written, otherwise. */
TYPED_AVX2 static bool row_found_avx2(const xgen *g, const uint8_t *up, const uint8_t *yp,
                                      unsigned n, const uint8_t *data)
{
    uint32_t u0 = lane_u(up), y0 = lane_u(yp);
    if (u0 >= g->trow_w || g->trow_w - u0 < n || y0 >= g->trow_h) /* u0 + n - 1 < 2^32 */
        return false;
    __m256i lane =
        _mm256_add_epi32(_mm256_set1_epi32((int)u0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    __m256i yv = _mm256_set1_epi32((int)y0), diff = _mm256_setzero_si256();
    for (unsigned l = 0; l < n; l += 8) {
        __m256i u = _mm256_loadu_si256((const __m256i *)(up + 4 * l));
        __m256i y = _mm256_loadu_si256((const __m256i *)(yp + 4 * l));
        diff = _mm256_or_si256(diff,
                               _mm256_or_si256(_mm256_xor_si256(u, lane), _mm256_xor_si256(y, yv)));
        lane = _mm256_add_epi32(lane, _mm256_set1_epi32(8));
    }
    if (!_mm256_testz_si256(diff, diff))
        return false;
    uint8_t *dst = g->trow_base + (size_t)y0 * g->trow_pitch + (size_t)u0 * g->trow_bytes;
    x_prefetchw_row(dst);
    if (g->trow_bytes == 1) { /* R8: channel R, each lane's low byte */
        const __m256i low =
            _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 4, 8,
                             12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
        for (unsigned l = 0; l < n; l += 8) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(data + 4 * l));
            v = _mm256_shuffle_epi8(byte8_avx2(v, g->trow_unorm), low);
            __m128i b =
                _mm_unpacklo_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
            _mm_storel_epi64((__m128i *)(void *)(dst + l), b);
        }
        return true;
    }
    tfmt t = {.size = 1};
    memcpy(t.off, g->trow_off, sizeof(g->trow_off));
    if (g->trow_unorm) /* unaligned stores */
        pack8_k((uint32_t *)(void *)dst, n, &t, data, g->trow_stride, true);
    else
        pack8_k((uint32_t *)(void *)dst, n, &t, data, g->trow_stride, false);
    return true;
}

/* Does the instruction's message on @p surf take row_found_avx2? The surface's format RGBA8,
 * BGRA8 or R8, UINT or UNORM; LOD %null; every channel; 2D, not an array; 8, 16 or 32 lanes at
 * the AVX2 level; and
 * the level's size known: what the instruction's last message kept (no surface bound since).
 * What is found is kept for the next messages (xgen trow_*; trow_base NULL: not taken, found
 * for good): none of it changes until a surface is bound (the surface's description is fixed
 * at its creation); a level size not kept yet is looked at again on the next message. */
static bool row_find(const vsmp_machine *m, const xinst *x, const vsmp_surface *surf)
{
    xgen *g = x->g;
    const vsmp_surface_desc *d = &surf->d;
    unsigned n = x->lanes;
    uint32_t fw = format_word(surf->fi), kind = fw & 0xfu, bytes = surf->fi->bytes;
    /* taken, one byte a channel, and every channel of RGBA8 / BGRA8 or R alone */
    uint32_t shape = fw & 0x400007f0u, rgba = 0x40000000u | 0x1f0u, r = 0x40000000u | 0x110u;
    bool takes = m->fast && m->fast->avx2 && n % 8 == 0 &&
                 (kind == TK_UINT8 || kind == TK_UNORM8) &&
                 ((shape == rgba && bytes == 4) || (shape == r && bytes == 1)) && d->mip_count &&
                 g->raw[3].var == X_NONE && g->raw[0].var != X_NONE && g->raw[1].var != X_NONE &&
                 (g->val[0] & 0xfu) == 0xfu && d->type == VSMP_SURFTYPE_2D && !d->array;
    if (takes && (g->tgeom_surf != surf || g->tgeom_gen != m->bind_gen ||
                  g->tgeom_level != d->min_lod || !g->tgeom_slices))
        return false; /* the level's size not known yet: nothing kept */
    g->trow_surf = surf, g->trow_gen = m->bind_gen, g->trow_base = NULL;
    if (!takes)
        return false;
    for (unsigned c = 0; c < 4; c++)
        g->trow_off[c] = (uint8_t)(fw >> (12 + 4 * c) & 0xfu);
    g->trow_unorm = kind == TK_UNORM8, g->trow_bytes = (uint8_t)bytes;
    g->trow_pitch = d->row_pitch[d->min_lod];
    g->trow_w = g->tgeom_w, g->trow_h = g->tgeom_h;
    g->trow_stride = (n * 4u + m->grf - 1u) & ~(m->grf - 1u);
    g->trow_base = (uint8_t *)d->data + d->level_offset[d->min_lod];
    return true;
}
#endif

VSMP_HOT bool vsmp_x_typed_row(vsmp_machine *m, const xinst *x, uint32_t en, vsmp_surface *surf)
{
#ifdef VSMP_HAVE_AVX2
    const xgen *g = x->g;
    unsigned n = x->lanes;
    if ((g->trow_surf != surf || g->trow_gen != m->bind_gen) ? !row_find(m, x, surf)
                                                             : !g->trow_base)
        return false;
    if (en != (n >= 32 ? 0xffffffffu : (1u << n) - 1u))
        return false;
    return row_found_avx2(g, m->arena + g->raw[0].var, m->arena + g->raw[1].var, n,
                          m->arena + g->raw[4].var);
#else
    (void)m, (void)x, (void)en, (void)surf;
    return false;
#endif
}

bool vsmp_x_typed_store(vsmp_machine *m, const xinst *x, uint32_t en, vsmp_surface *surf)
{
    const vsmp_surface_desc *d = &surf->d;
    tfmt t;
    if (d->type == VSMP_SURFTYPE_NULL || !lookup(x, surf->fi, &t))
        return false;
    unsigned n = x->lanes;
    /* one LOD for every enabled lane (IGC writes %null: LOD 0) */
    uint32_t lod = 0;
    bool first = true;
    if (x->g->raw[3].var != X_NONE)
        for (unsigned l = 0; l < n; l++) {
            if (!(en >> l & 1u))
                continue;
            uint32_t v = coord(m, x->g->raw[3].var, l);
            if (!first && v != lod)
                return false;
            lod = v, first = false;
        }
    if (!en || lod >= d->mip_count)
        return true; /* nothing to write: every lane is outside */
    unsigned level = d->min_lod + lod;
    uint32_t w, h, slices;
    xgen *g = x->g;
    if (g->tgeom_surf == surf && g->tgeom_gen == m->bind_gen && g->tgeom_level == level) {
        w = g->tgeom_w, h = g->tgeom_h, slices = g->tgeom_slices;
    } else {
        if (vsmp_surface_level_size(surf, level, &w, &h, NULL, &slices))
            return true;
        g->tgeom_surf = surf, g->tgeom_gen = m->bind_gen, g->tgeom_level = level;
        g->tgeom_w = w, g->tgeom_h = h, g->tgeom_slices = slices;
    }
    /* which operand holds y and which the slice (exec_mem.c typed_at); %null reads zeros */
    static const uint8_t zeros[4 * 32];
    uint32_t ya = x->g->raw[1].var, sa = d->array ? x->g->raw[2].var : X_NONE;
    if (d->type == VSMP_SURFTYPE_1D)
        ya = X_NONE, sa = d->array ? x->g->raw[1].var : X_NONE;
    else if (d->type == VSMP_SURFTYPE_3D)
        sa = x->g->raw[2].var;
    const uint8_t *up = x->g->raw[0].var == X_NONE ? zeros : m->arena + x->g->raw[0].var;
    const uint8_t *yp = ya == X_NONE ? zeros : m->arena + ya;
    const uint8_t *sp_ = sa == X_NONE ? zeros : m->arena + sa;
    uint8_t *base = (uint8_t *)d->data + d->level_offset[level];
    size_t rp = d->row_pitch[level], sp = d->slice_pitch[level], bytes = surf->fi->bytes;
    uint32_t all = n >= 32 ? 0xffffffffu : (1u << n) - 1u;
    size_t offs[32];
    uint32_t live = 0;
    unsigned mask = x->g->val[0] & 0xfu;
    /* a channel's GRF run: n DWords rounded up to whole GRFs (32 or 64 bytes, a power of two:
     * no division) */
    uint32_t stride = (n * 4u + m->grf - 1u) & ~(m->grf - 1u);
    const uint8_t *data = m->arena + x->g->raw[4].var;
    bool rgba8 = t.size == 1 && t.present == 0xfu && mask == 0xfu && bytes == 4;
#ifdef VSMP_HAVE_AVX2
    bool avx2 = m->fast && m->fast->avx2 && n % 8 == 0;
    if (avx2 && rgba8 && t.kind == TK_UINT8 && en == all &&
        row_uint8_avx2(up, yp, sp_, n, w, h, slices, base, rp, sp, &t, data, stride))
        return true;
    bool row = avx2 ? one_row_avx2(up, yp, sp_, n) : one_row(up, yp, sp_, n);
#else
    bool row = one_row(up, yp, sp_, n);
#endif
    if (row) { /* the lanes inside: those before the row's end */
        uint32_t u0 = lane_u(up), y0 = lane_u(yp), s0 = lane_u(sp_);
        if (u0 >= w || y0 >= h || s0 >= slices)
            return true;
        live = w - u0 >= n ? all : (1u << (w - u0)) - 1u;
        size_t at = (size_t)s0 * sp + (size_t)y0 * rp + (size_t)u0 * bytes;
        for (unsigned l = 0; l < n; l++)
            offs[l] = at + l * bytes;
    } else {
        for (unsigned l = 0; l < n; l++) {
            uint32_t u = lane_u(up + 4 * l), y = lane_u(yp + 4 * l), sl = lane_u(sp_ + 4 * l);
            offs[l] = (size_t)sl * sp + (size_t)y * rp + (size_t)u * bytes;
            live |= (uint32_t)(u < w && y < h && sl < slices) << l;
        }
    }
    live &= en;
    if (!live)
        return true;
    uint32_t px[32];
#ifdef VSMP_HAVE_AVX2
    if (rgba8 && avx2 && (t.kind == TK_UINT8 || t.kind == TK_UNORM8))
        pack8_avx2(px, n, &t, data, stride, t.kind == TK_UNORM8);
    else
#endif
        rgba8 = rgba8 && pack_rgba8(px, n, &t, data, stride);
    if (rgba8) {
        if (row && live == all) { /* one piece (a copy of a constant size: no string move) */
            if (n == 8)
                memcpy(base + offs[0], px, 32);
            else if (n == 16)
                memcpy(base + offs[0], px, 64);
            else
                memcpy(base + offs[0], px, 4u * n);
            return true;
        }
        for (uint32_t bits = live; bits; bits &= bits - 1u) {
            unsigned l = x_ctz(bits);
            memcpy(base + offs[l], &px[l], 4);
        }
        return true;
    }
    uint32_t cv[4][32];
    uint8_t off[4];
    unsigned nc = 0, k = 0;
    for (unsigned c = 0; c < 4; c++) {
        if (!(mask >> c & 1u))
            continue;
        const uint8_t *src = data + k++ * stride;
        if (!(t.present >> c & 1u))
            continue; /* a channel the format has not */
#ifdef VSMP_HAVE_AVX2
        if (avx2 && (t.kind == TK_UNORM8 || t.kind == TK_UNORM16))
            cv_unorm_avx2(cv[nc], src, n, t.kind == TK_UNORM8 ? 255.0 : 65535.0);
        else
#endif
            convert(t.kind, cv[nc], src, n);
        off[nc++] = t.off[c];
    }
    if ((mask & t.present) == t.present && nc * t.size == bytes) { /* no padding bytes */
        store_whole(base, offs, live, n, &t, cv, off, nc, (unsigned)bytes);
        return true;
    }
    for (unsigned i = 0; i < nc; i++)
        store_channel(base, offs, live, n, t.size, cv[i], off[i]);
    return true;
}
