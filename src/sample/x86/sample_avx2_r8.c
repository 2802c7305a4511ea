/* SPDX-License-Identifier: MIT */
/*
 * The AVX2 level's kernels of one 8-bit UNORM channel in a 1-byte texel (R8, A8) on 2D surfaces,
 * 16 lanes a message: the plans of sample_flat_r8_avx2, point, or bilinear on CLAMP and WRAP
 * axes, which vsmp_flat_r8_avx2_pick names at plan time (one kernel per filter, pair of axis
 * modes and channel). A SIMD16 message with every lane on is taken whole, as two halves of 8 lanes
 * sharing the plan's constants and the message's tests, when its (first) texels are one of the
 * shapes sample_avx512_flat.c reads, found by their indices (no offsets a lane):
 *
 *   - a run: lane l at lane 0's column + l on lane 0's row (OpenCL's work-items along x), read
 *     by one 16-byte load;
 *   - two rows of 8: four 2x2 quads side by side (a rasterizer's lanes: lane l at column
 *     2 (l / 4) + l % 2 of row (l / 2) % 2 from lane 0's) or lanes 0-7 and 8-15 along two
 *     consecutive rows (OpenCL's work-groups 8 wide), read by an 8-byte load of each row;
 *
 * bilinear's other taps the same shape one column on and on the second taps' rows. Every texel
 * read is one a lane reads (inside the level). The 16 bytes in lane order, each lane's byte is
 * copied to its dword's bytes 0-2 by one shuffle a half (unorm8's b * 0x010101) and converted by
 * unorm8_fast (point16_avx2.h): b / 255 exactly, the reference's word. The index arithmetic: point,
 * point16_at's (the shape on the coordinates' truncations where that is exact, else grid8_flat's
 * floor, then the 32-bit conversion; CLAMP on integers after it, as sample_avx512_flat.c's
 * idx16_point: the same indices); bilinear, grid8_flat itself, and
 * chan1_bilinear's filter. A CLAMP_BORDER point message off the level in every lane is the border
 * colour (nothing read). Any other message (partial, SIMD32, texels in no such shape, on and off
 * the level at once, or a lane whose index needs more than the 32-bit conversion: NaN, infinities,
 * |x| >= 2^31) runs vsmp_sample_flat_r8_avx2 before anything is stored. Results are never NaN
 * (bytes, and a border colour without NaN: the row's F_BORDER_OK): no NaN rewrite. Tested against
 * the reference in tests/test_fastpath_r8.c.
 */
#include "stages_avx2.h"
#include "flat_r8_avx2.h"
#include "point16_avx2.h"
#include "bil16_avx2.h"

/* The channel of a one-byte texel (0: R8; 3: A8), the others the plan's constants. */
static inline int r8_chan(const vsmp_plan *p)
{
    int c = 0;
    while (c < 3 && p->byte_of[c] == 0xff)
        c++;
    return c;
}

/* Bytes 0-7 (h = 0) or 8-15 (h = 1) of b as the channel's values: each byte copied to its lane's
 * bytes 0-2 (the shuffle's indices count from its 16-byte lane: b broadcast to both), then
 * unorm8_fast. */
static inline __m256 unorm8_half(__m256i b2, const int h)
{
    const __m256i t0 = _mm256_setr_epi8(0, 0, 0, -128, 1, 1, 1, -128, 2, 2, 2, -128, 3, 3, 3, -128,
                                        4, 4, 4, -128, 5, 5, 5, -128, 6, 6, 6, -128, 7, 7, 7, -128);
    const __m256i t1 =
        _mm256_setr_epi8(8, 8, 8, -128, 9, 9, 9, -128, 10, 10, 10, -128, 11, 11, 11, -128, 12, 12,
                         12, -128, 13, 13, 13, -128, 14, 14, 14, -128, 15, 15, 15, -128);
    return unorm8_fast(_mm256_shuffle_epi8(b2, h ? t1 : t0));
}

/* A SIMD16 message with every lane on, channel c its texels' (0: R8, 3: A8; the others the
 * plan's constants): @return false, having stored nothing, when the 8-lane kernel must take it. */
static inline bool point16_r8(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                              const unsigned mu, const unsigned mv, const int c)
{
    const vsmp_level_view *l = &p->lv[p->base];
    const bool nn = p->st.non_normalized;
    __m256 fw = _mm256_set1_ps(l->fw), fh = _mm256_set1_ps(l->fh), x[2], y[2];
    for (int h = 0; h < 2; h++) {
        x[h] = paramf8_in(m, VSMP_P_U, 8 * h, true), y[h] = paramf8_in(m, VSMP_P_V, 8 * h, true);
        if (!nn) /* (unnormalized: the scale is 1, which changes no word the index reads) */
            x[h] = _mm256_mul_ps(x[h], fw), y[h] = _mm256_mul_ps(y[h], fh);
    }
    int shape = SHAPE16_NONE;
    uint32_t x0 = 0, y0 = 0;
    int at = point16_at(mu, mv, x, y, l, &shape, &x0, &y0);
    if (at < 0)
        return false;
    __m256 o[4][2];
    if (!at) { /* off the level in every lane (CLAMP_BORDER): the border colour, nothing read */
        for (int k = 0; k < 4; k++)
            o[k][0] = o[k][1] = _mm256_set1_ps(p->border[k]);
        goto store;
    }
    uint32_t o0 = l->off + y0 * l->pitch + x0;
    __m256i b2 = _mm256_broadcastsi128_si256(bytes16(p->s->mem, shape, o0, o0 + l->pitch));
    for (int k = 0; k < 4; k++)
        o[k][0] = o[k][1] = _mm256_set1_ps(p->konst[k]);
    o[c][0] = unorm8_half(b2, 0), o[c][1] = unorm8_half(b2, 1);
store: /* (every value read before the first store: r is not the plan) */
    for (int k = 0; k < 4; k++)
        _mm256_storeu_ps((float *)r->c[k], o[k][0]),
            _mm256_storeu_ps((float *)r->c[k] + 8, o[k][1]);
    return true;
}

/* A bilinear SIMD16 message with every lane on, CLAMP or WRAP axes, channel c, whose taps
 * bil16_grid (bil16_avx2.h) finds in a shape: the four taps' 16 bytes each by bytes16 (a row's
 * second taps one byte on), the channel filtered as chan1_bilinear's (the constant ones filter to
 * themselves). @return false, having stored nothing, otherwise (and for CLAMP_BORDER axes, which
 * the 8-lane kernel takes). */
static inline bool bil16_r8(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                            const unsigned mu, const unsigned mv, const int c)
{
    if (mu == VSMP_TCM_CLAMP_BORDER || mv == VSMP_TCM_CLAMP_BORDER)
        return false;
    bil16 bg;
    if (!bil16_grid(p, m, mu, mv, &bg))
        return false;
    const vsmp_level_view *l = &p->lv[p->base];
    const uint8_t *mem = p->s->mem;
    const int shape = bg.shape;
    uint32_t oa = l->off + bg.y0 * l->pitch + bg.x0, ob = l->off + bg.yb0 * l->pitch + bg.x0;
    uint32_t oa1 = oa + l->pitch, ob1 = l->off + bg.yb1 * l->pitch + bg.x0;
    __m256i ta = _mm256_broadcastsi128_si256(bytes16(mem, shape, oa, oa1));
    __m256i tb = _mm256_broadcastsi128_si256(bytes16(mem, shape, oa + 1, oa1 + 1));
    __m256i tc = _mm256_broadcastsi128_si256(bytes16(mem, shape, ob, ob1));
    __m256i td = _mm256_broadcastsi128_si256(bytes16(mem, shape, ob + 1, ob1 + 1));
    __m256 o[4][2];
    for (int k = 0; k < 4; k++)
        o[k][0] = o[k][1] = _mm256_set1_ps(p->konst[k]);
    for (int h = 0; h < 2; h++) {
        __m256 a = unorm8_half(ta, h), b = unorm8_half(tb, h);
        __m256 cc = unorm8_half(tc, h), d = unorm8_half(td, h);
        o[c][h] = lerp8(lerp8(a, b, bg.g[h].wx), lerp8(cc, d, bg.g[h].wx), bg.g[h].wy);
    }
    for (int k = 0; k < 4; k++)
        _mm256_storeu_ps((float *)r->c[k], o[k][0]),
            _mm256_storeu_ps((float *)r->c[k] + 8, o[k][1]);
    return true;
}

/* Each kernel compiled whole for its pair of modes, starting on a 64-byte boundary (as
 * sample_avx512_flat.c's: placement alone moves such a kernel's speed). Only the point kinds of
 * FLAT_KINDS (the bilinear ones expand to nothing). */
#if defined(__GNUC__)
#define R8X16_FN __attribute__((flatten, aligned(64)))
#else
#define R8X16_FN
#endif
#define R8X16_ONE(name, linear, mu, mv, c)                                                         \
    R8X16_FN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)           \
    {                                                                                              \
        if (!full16(m) ||                                                                          \
            !((linear) ? bil16_r8(p, m, r, mu, mv, c) : point16_r8(p, m, r, mu, mv, c)))           \
            vsmp_sample_flat_r8_avx2(p, m, r);                                                     \
    }
/* R8's kernel (name) and A8's (name_a) of each kind (the bilinear CLAMP_BORDER ones not named) */
#define R8X16(name, arg, linear, mu, mv)                                                           \
    R8X16_ONE(name, linear, mu, mv, 0) R8X16_ONE(name##_a, linear, mu, mv, 3)
#define R8X16_NAME(name, sfx, linear, mu, mv) name##sfx,

FLAT_KINDS(R8X16, r8p16, _)

/* R8's and A8's kinds in FLAT_KINDS' order: flat_kind's index. */
static const vsmp_kernel r8p16_k[2][18] = {{FLAT_KINDS(R8X16_NAME, r8p16, )},
                                           {FLAT_KINDS(R8X16_NAME, r8p16, _a)}};

vsmp_kernel vsmp_flat_r8_avx2_pick(const vsmp_plan *p, vsmp_kernel k)
{
    int c = r8_chan(p);
    bool border =
        p->st.address[0] == VSMP_TCM_CLAMP_BORDER || p->st.address[1] == VSMP_TCM_CLAMP_BORDER;
    unsigned i = flat_kind(p);
    if (k != vsmp_sample_flat_r8_avx2 || p->s->d.array || p->ch_kind[c] != 1 ||
        (i >= 9 && border) || (c != 0 && c != 3))
        return k;
    return r8p16_k[c == 3][i];
}
