/* SPDX-License-Identifier: MIT */
/*
 * The AVX2 level's bilinear kernels of four 8-bit UNORM channels in a 4-byte texel (RGBA8, BGRA8)
 * on 2D surfaces, 16 lanes a message: the bilinear plans of sample_flat_u8x4_avx2, one kernel per
 * pair of axis modes (CLAMP, WRAP, CLAMP_BORDER), which vsmp_flat_u8x4_avx2_pick names at plan
 * time. A SIMD16 message with every lane on is taken whole, as two halves of 8 lanes sharing the
 * plan's constants, when every lane's second tap along x is the texel after its first
 * (xb = xa + 1: nothing clamped or wrapped along x), its first taps are one of the shapes
 * sample_avx512_flat.c reads (found on their indices), and each of the shape's rows has one second
 * row (yb: lane 0's, and lane 2's of quads or lane 8's of rows of 8, compared in every lane: on a
 * CLAMP axis yb is not a function of ya, rows floored to -1 and to 0 both having ya 0):
 *
 *   - a run: lane l at lane 0's column + l on lane 0's row (OpenCL's work-items along x), each
 *     row of taps two 32-byte loads, the second taps the same 4 bytes on;
 *   - two rows of 8: four 2x2 quads side by side (a rasterizer's lanes) or lanes 0-7 and 8-15
 *     along two consecutive rows (OpenCL's work-groups 8 wide), a 32-byte load of each row (and
 *     4 bytes on), quads' placed in their lanes by 64-bit unpacks and 128-bit permutes.
 *
 * Every texel read is one a lane reads (inside the level). The index arithmetic and weights are
 * grid8_flat's (the 8-lane kernel's words), the filter filter8_u8x4's (x, then y, each lerp
 * a + (b - a) w rounded at every step), the conversion b / 255 correctly rounded (unorm8b below).
 * On a CLAMP_BORDER axis a message is taken when no tap is off the level (the CLAMP message it
 * then is) or every tap of every lane is (the border colour filtered, nothing read). Any other
 * message (partial, SIMD8, SIMD32, taps in no such shape, clamped or wrapped at an edge, partly
 * off the level, a lane whose index needs more than the 32-bit conversion: NaN, infinities,
 * |x| >= 2^31) runs the plan's 8-lane kernel before anything is stored. Results are never NaN: no
 * NaN rewrite. Tested against the reference in tests/test_fastpath_r8.c (its RGBA8 and BGRA8
 * plans) and tests/test_fastpath.c (every byte).
 */
#include "stages_avx2.h"
#include "flat_u8x4_avx2.h"

/* b / 255 correctly rounded from z = b * 0x010101 (b = 0..255), as unorm8 gives it, with one
 * floating-point operation: z 2^-24 is exact (z < 2^24), and b / 255 = z 2^-24 (1 + 2^-24 + ...)
 * exceeds it by z 2^-48 (1 + ...), which for b > 0 lies strictly between half an ulp of z 2^-24
 * and a whole one (z has its top bit at 2^(23 - k) when the float's ulp is 2^(-24 - k)): the
 * correctly rounded quotient is z 2^-24 rounded up one ulp, its word float(z)'s with 24 taken off
 * the exponent and 1 added, 0x0BFFFFFF less. b = 0 (z = 0: that difference is negative) is 0. */
static inline __m256 unorm8b(__m256i z)
{
    __m256i f = _mm256_castps_si256(_mm256_cvtepi32_ps(z));
    return _mm256_castsi256_ps(_mm256_max_epi32(_mm256_sub_epi32(f, _mm256_set1_epi32(0x0BFFFFFF)),
                                                _mm256_setzero_si256()));
}

enum { BIL_NONE, BIL_RUN, BIL_QUADS, BIL_ROWS };

/* Whether 16 lanes' offsets from lane 0 (dx, dy: lanes 0-7, 8-15) are a shape's (columns c0,
 * c1 and rows r0, r1 of each half). */
static inline bool bil_is(const __m256i dx[2], const __m256i dy[2], __m256i c0, __m256i c1,
                          __m256i r0, __m256i r1)
{
    __m256i t =
        _mm256_or_si256(_mm256_or_si256(_mm256_xor_si256(dx[0], c0), _mm256_xor_si256(dx[1], c1)),
                        _mm256_or_si256(_mm256_xor_si256(dy[0], r0), _mm256_xor_si256(dy[1], r1)));
    return _mm256_testz_si256(t, t);
}

/* The shape of 16 lanes' first taps (xa, ya of lanes 0-7 and 8-15): lane 1 a column on and on
 * lane 0's row in all three; lane 2 two columns on (a run, rows of 8) or a row below (quads). */
static inline int bil_shape(const __m256i xa[2], const __m256i ya[2])
{
    __m256i x0 = _mm256_broadcastd_epi32(_mm256_castsi256_si128(xa[0]));
    __m256i y0 = _mm256_broadcastd_epi32(_mm256_castsi256_si128(ya[0]));
    __m256i dx[2] = {_mm256_sub_epi32(xa[0], x0), _mm256_sub_epi32(xa[1], x0)};
    __m256i dy[2] = {_mm256_sub_epi32(ya[0], y0), _mm256_sub_epi32(ya[1], y0)};
    const __m256i z = _mm256_setzero_si256(), one = _mm256_set1_epi32(1);
    const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i qrow = _mm256_setr_epi32(0, 0, 1, 1, 0, 0, 1, 1);
    if (bil_is(dx, dy, _mm256_setr_epi32(0, 1, 0, 1, 2, 3, 2, 3),
               _mm256_setr_epi32(4, 5, 4, 5, 6, 7, 6, 7), qrow, qrow))
        return BIL_QUADS;
    if (bil_is(dx, dy, iota, _mm256_add_epi32(iota, _mm256_set1_epi32(8)), z, z))
        return BIL_RUN;
    return bil_is(dx, dy, iota, iota, z, one) ? BIL_ROWS : BIL_NONE;
}

/* The 4-byte texels of a shape's two rows of 8 at byte offsets t and b of mem (the top row's
 * lanes and the bottom's) in lane order, lanes 0-7 in px[0] and 8-15 in px[1]: rows of 8 as they
 * are, quads by 64-bit unpacks and 128-bit permutes (lanes 0-7: t0 t1 b0 b1 t2 t3 b2 b3). */
static inline void bil_rows(const uint8_t *mem, int shape, uint32_t t, uint32_t b, __m256i px[2])
{
    __m256i top = _mm256_loadu_si256((const __m256i *)(mem + t));
    __m256i bot = _mm256_loadu_si256((const __m256i *)(mem + b));
    if (shape != BIL_QUADS) {
        px[0] = top, px[1] = bot;
        return;
    }
    __m256i lo = _mm256_unpacklo_epi64(top, bot), hi = _mm256_unpackhi_epi64(top, bot);
    px[0] = _mm256_permute2x128_si256(lo, hi, 0x20);
    px[1] = _mm256_permute2x128_si256(lo, hi, 0x31);
}

/* A bilinear SIMD16 message with every lane on, axis modes mu and mv: @return false, having
 * stored nothing, when the 8-lane kernel must take it. */
static inline bool bil16_u8x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                              const unsigned mu, const unsigned mv)
{
    const vsmp_level_view *l = &p->lv[p->base];
    view8 lv = {0}; /* (grid8_flat reads the sizes alone) */
    lv.w = _mm256_set1_epi32((int)l->w), lv.h = _mm256_set1_epi32((int)l->h);
    __m256 fw = _mm256_set1_ps(l->fw), fh = _mm256_set1_ps(l->fh);
    const bool nn = p->st.non_normalized;
    grid8 g[2];
    for (int h = 0; h < 2; h++) {
        __m256 x = paramf8_in(m, VSMP_P_U, 8 * h, true), y = paramf8_in(m, VSMP_P_V, 8 * h, true);
        if (!nn) /* (unnormalized: the scale is 1, which changes no word the index reads) */
            x = _mm256_mul_ps(x, fw), y = _mm256_mul_ps(y, fh);
        if (!grid8_flat(&lv, x, y, true, mu, mv, &g[h]))
            return false;
    }
    if (mu == VSMP_TCM_CLAMP_BORDER || mv == VSMP_TCM_CLAMP_BORDER) {
        __m256i any = _mm256_setzero_si256(), all = _mm256_set1_epi32(-1);
        for (int h = 0; h < 2; h++) {
            __m256i ox = _mm256_or_si256(g[h].oxa, g[h].oxb),
                    oy = _mm256_or_si256(g[h].oya, g[h].oyb);
            any = _mm256_or_si256(any, _mm256_or_si256(ox, oy));
            /* a lane's four taps are off when both columns or both rows are */
            all = _mm256_and_si256(all, _mm256_or_si256(_mm256_and_si256(g[h].oxa, g[h].oxb),
                                                        _mm256_and_si256(g[h].oya, g[h].oyb)));
        }
        if (!_mm256_testz_si256(any, any)) {
            if (!_mm256_testc_si256(all, _mm256_set1_epi32(-1)))
                return false;
            /* every tap off the level: the border colour filtered (filter8_x4's lerps) */
            for (int k = 0; k < 4; k++) {
                __m256 t = _mm256_set1_ps(p->border[k]);
                for (int h = 0; h < 2; h++) {
                    __m256 e = lerp8(t, t, g[h].wx);
                    _mm256_storeu_ps((float *)r->c[k] + 8 * h, lerp8(e, e, g[h].wy));
                }
            }
            return true;
        }
    }
    const __m256i one = _mm256_set1_epi32(1);
    __m256i nx = _mm256_or_si256(_mm256_xor_si256(g[0].xb, _mm256_add_epi32(g[0].xa, one)),
                                 _mm256_xor_si256(g[1].xb, _mm256_add_epi32(g[1].xa, one)));
    if (!_mm256_testz_si256(nx, nx))
        return false;
    const __m256i xa[2] = {g[0].xa, g[1].xa}, ya[2] = {g[0].ya, g[1].ya};
    int shape = bil_shape(xa, ya);
    if (shape == BIL_NONE)
        return false;
    /* each row's one second row: lane 0's and the second row's (lane 2's of quads, lane 8's of
     * rows of 8) in every lane of it */
    const __m256i q = _mm256_setr_epi32(0, 0, 2, 2, 0, 0, 2, 2), z = _mm256_setzero_si256();
    __m256i yb0 = _mm256_permutevar8x32_epi32(g[0].yb, shape == BIL_QUADS ? q : z);
    __m256i yb1 = shape == BIL_ROWS ? _mm256_permutevar8x32_epi32(g[1].yb, z) : yb0;
    __m256i rb = _mm256_or_si256(_mm256_xor_si256(g[0].yb, yb0), _mm256_xor_si256(g[1].yb, yb1));
    if (!_mm256_testz_si256(rb, rb))
        return false;
    const uint8_t *mem = p->s->mem;
    uint32_t x0 = (uint32_t)_mm256_cvtsi256_si32(xa[0]), y0 = (uint32_t)_mm256_cvtsi256_si32(ya[0]);
    uint32_t yr0 = (uint32_t)_mm256_cvtsi256_si32(g[0].yb);
    uint32_t col = l->off + 4 * x0, pitch = l->pitch;
    __m256i ta[2], tb[2], tc[2], td[2];
    if (shape == BIL_RUN) {
        uint32_t oa = col + y0 * pitch, ob = col + yr0 * pitch;
        ta[0] = _mm256_loadu_si256((const __m256i *)(mem + oa));
        ta[1] = _mm256_loadu_si256((const __m256i *)(mem + oa + 32));
        tb[0] = _mm256_loadu_si256((const __m256i *)(mem + oa + 4));
        tb[1] = _mm256_loadu_si256((const __m256i *)(mem + oa + 36));
        tc[0] = _mm256_loadu_si256((const __m256i *)(mem + ob));
        tc[1] = _mm256_loadu_si256((const __m256i *)(mem + ob + 32));
        td[0] = _mm256_loadu_si256((const __m256i *)(mem + ob + 4));
        td[1] = _mm256_loadu_si256((const __m256i *)(mem + ob + 36));
    } else {
        uint32_t yr1 = shape == BIL_QUADS ? (uint32_t)_mm256_extract_epi32(g[0].yb, 2)
                                          : (uint32_t)_mm256_cvtsi256_si32(g[1].yb);
        uint32_t oa = col + y0 * pitch, ob = col + yr0 * pitch, ob1 = col + yr1 * pitch;
        bil_rows(mem, shape, oa, oa + pitch, ta);
        bil_rows(mem, shape, oa + 4, oa + pitch + 4, tb);
        bil_rows(mem, shape, ob, ob1, tc);
        bil_rows(mem, shape, ob + 4, ob1 + 4, td);
    }
    /* each channel converted and filtered in turn (every value read before the first store: r is
     * not the plan) */
    for (int k = 0; k < 4; k++) {
        __m256i s = u8shuf8(p, k);
        for (int h = 0; h < 2; h++) {
            __m256 a = unorm8b(_mm256_shuffle_epi8(ta[h], s));
            __m256 b = unorm8b(_mm256_shuffle_epi8(tb[h], s));
            __m256 c = unorm8b(_mm256_shuffle_epi8(tc[h], s));
            __m256 d = unorm8b(_mm256_shuffle_epi8(td[h], s));
            __m256 o = lerp8(lerp8(a, b, g[h].wx), lerp8(c, d, g[h].wx), g[h].wy);
            _mm256_storeu_ps((float *)r->c[k] + 8 * h, o);
        }
    }
    return true;
}

/* Each kernel compiled whole for its pair of modes, starting on a 64-byte boundary (as
 * sample_avx512_flat.c's: placement alone moves such a kernel's speed), in two: one sending the
 * messages it leaves to the 8-lane family's scalar-load form, one to its gather form. Only the
 * bilinear kinds of FLAT_KINDS (the point ones expand to nothing). */
#if defined(__GNUC__)
#define BIL16_FN __attribute__((flatten, aligned(64)))
#else
#define BIL16_FN
#endif
#define BIL16_ONE(name, rest, mu, mv)                                                              \
    BIL16_FN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)           \
    {                                                                                              \
        if (!full16(m) || !bil16_u8x4(p, m, r, mu, mv))                                            \
            rest(p, m, r);                                                                         \
    }
#define BIL16_false(name, mu, mv)
#define BIL16_true(name, mu, mv)                                                                   \
    BIL16_ONE(name, vsmp_sample_flat_u8x4_avx2, mu, mv)                                            \
    BIL16_ONE(name##_g, vsmp_sample_flat_u8x4_avx2_gather, mu, mv)
#define BIL16(name, arg, linear, mu, mv) BIL16_##linear(name, mu, mv)
#define BIL16_NAME_false(name)
#define BIL16_NAME_true(name)                 name,
#define BIL16_NAME(name, sfx, linear, mu, mv) BIL16_NAME_##linear(name##sfx)

FLAT_KINDS(BIL16, bil16, _)

/* The bilinear kinds in FLAT_KINDS' order (flat_kind's index less 9), each load form's. */
static const vsmp_kernel bil16_k[2][9] = {{FLAT_KINDS(BIL16_NAME, bil16, )},
                                          {FLAT_KINDS(BIL16_NAME, bil16, _g)}};

vsmp_kernel vsmp_flat_u8x4_avx2_pick(const vsmp_plan *p, vsmp_kernel k)
{
    bool gather = k == vsmp_sample_flat_u8x4_avx2_gather;
    unsigned i = flat_kind(p);
    if ((k != vsmp_sample_flat_u8x4_avx2 && !gather) || p->s->d.array || i < 9)
        return k;
    return bil16_k[gather][i - 9];
}
