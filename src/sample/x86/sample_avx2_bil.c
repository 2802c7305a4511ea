/* SPDX-License-Identifier: MIT */
/*
 * The AVX2 level's bilinear kernels of four 8-bit UNORM channels in a 4-byte texel (RGBA8, BGRA8)
 * on 2D surfaces, 16 lanes a message: the bilinear plans of sample_flat_u8x4_avx2, and those of
 * sample_mip_u8x4_avx2 on a view of one level (their base level sampled bilinearly whatever
 * lambda), one kernel per pair of axis modes (CLAMP, WRAP, CLAMP_BORDER) and kernel the rest goes
 * to, which vsmp_flat_u8x4_avx2_pick names at plan time. A SIMD16 message with every lane on is
 * taken whole, as two halves of 8 lanes sharing the plan's constants, when its first taps (the
 * floored coordinates x - 0.5 and y - 0.5, found by one conversion each) are one of the shapes
 * sample_avx512_flat.c reads, with lane 0's taps (wrapped on a WRAP axis) placed so that every
 * tap of the message is on the level without clamping or wrapping:
 *
 *   - a run: lane l at lane 0's column + l on lane 0's row (OpenCL's work-items along x), each
 *     row of taps two 32-byte loads, the second taps the same 4 bytes on;
 *   - two rows of 8: four 2x2 quads side by side (a rasterizer's lanes) or lanes 0-7 and 8-15
 *     along two consecutive rows (OpenCL's work-groups 8 wide): filtered as two rows of 8 lanes
 *     (quads' weights and results placed by 64-bit unpacks and 128-bit permutes), on three rows
 *     of texels each converted once (the middle one the top lanes' second row and the bottom
 *     lanes' first), by a 32-byte load of each and one 4 bytes on;
 *   - else a window: each 8 lanes on one row pair, at most 7 columns after the half's lane 0 (a
 *     resize's lanes), the 9 columns by two 32-byte loads a row and each lane's taps by a permute.
 *
 * Every texel read is inside the level (a window's 9 columns of its rows, whatever its lanes'
 * span; the other shapes' texels all taps of a lane). Every lane's taps are then its floored
 * coordinate's texel and the next, as grid8_flat gives them, its weights grid8_flat's, the filter
 * filter8_u8x4's (x, then y, each lerp a + (b - a) w rounded at every step), the conversion
 * unorm8's (b / 255 correctly rounded): the 8-lane kernel's words. On a CLAMP_BORDER axis a
 * message is taken when no tap is off the level (the CLAMP message it then is) or every tap of
 * every lane is (the border colour filtered, nothing read). Any other message (partial, SIMD8,
 * SIMD32, taps in no such shape, clamped or wrapped at an edge, partly off the level, a lane whose
 * index needs more than the 32-bit conversion: NaN, infinities, |x| >= 2^31) runs the plan's
 * 8-lane flat or mip kernel before anything is stored. Results are never NaN: no NaN rewrite.
 * The same file holds the trilinear kernels of the mip plans of several levels (tri16_u8x4, below).
 * Tested against the reference in tests/test_fastpath_bil.c.
 */
#include "stages_avx2.h"
#include "flat_u8x4_avx2.h"
#include "lanes16_avx2.h"

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

/* Quads' 16 lanes (lanes 0-7 in h0, 8-15 in h1: each 128-bit half a quad, its top pair then its
 * bottom pair) as their two rows of 8 (*top, *bot), and back (quads_lanes): 64-bit unpacks and
 * 128-bit permutes. */
static inline void quads_rows(__m256 h0, __m256 h1, __m256 *top, __m256 *bot)
{
    __m256d p = _mm256_castps_pd(_mm256_permute2f128_ps(h0, h1, 0x20));
    __m256d q = _mm256_castps_pd(_mm256_permute2f128_ps(h0, h1, 0x31));
    *top = _mm256_castpd_ps(_mm256_unpacklo_pd(p, q));
    *bot = _mm256_castpd_ps(_mm256_unpackhi_pd(p, q));
}

static inline void quads_lanes(__m256 top, __m256 bot, __m256 *h0, __m256 *h1)
{
    __m256d t = _mm256_castps_pd(top), b = _mm256_castps_pd(bot);
    __m256 lo = _mm256_castpd_ps(_mm256_unpacklo_pd(t, b));
    __m256 hi = _mm256_castpd_ps(_mm256_unpackhi_pd(t, b));
    *h0 = _mm256_permute2f128_ps(lo, hi, 0x20), *h1 = _mm256_permute2f128_ps(lo, hi, 0x31);
}

/* Channel c (its byte shuffle s) of 8 texels, b / 255 (unorm8). */
static inline __m256 chan8(__m256i px, __m256i s)
{
    return unorm8(_mm256_shuffle_epi8(px, s));
}

/* One axis of 8 lanes (x: the coordinates, scaled to texels): the first taps' floored
 * coordinate f (x - 0.5 floored), its 32-bit conversion (i: INT32_MIN for NaN, infinities and
 * |x| >= 2^31; a message whose lane 0 converted so is taken by no shape or window) and the weight
 * x - 0.5 - f: grid8_flat's words in every lane whose taps are the texel f and the next on the
 * level. */
typedef struct {
    __m256 f, w;
    __m256i i;
} axis8;

static inline axis8 axis8_at(__m256 x)
{
    axis8 a;
    x = _mm256_sub_ps(x, _mm256_set1_ps(0.5f));
    a.f = _mm256_floor_ps(x);
    a.i = _mm256_cvttps_epi32(a.f);
    a.w = _mm256_sub_ps(x, a.f);
    return a;
}

/* The lanes of 8 whose taps along an axis (bu: a CLAMP_BORDER one; no tap off the level along
 * any other) are both off the level (off_flat's f + 1 < 0 or f > size - 1; m1: size - 1). */
static inline __m256 off8_both(const axis8 *a, bool bu, __m256 m1)
{
    if (!bu)
        return _mm256_setzero_ps();
    __m256 g = _mm256_add_ps(a->f, _mm256_set1_ps(1.0f));
    return _mm256_or_ps(_mm256_cmp_ps(g, _mm256_setzero_ps(), _CMP_LT_OQ),
                        _mm256_cmp_ps(a->f, m1, _CMP_GT_OQ));
}

/* CLAMP_BORDER: the lanes of 8 every tap of which is off the level (both columns or both rows)
 * and whose indices converted (none INT32_MIN). */
static inline __m256i off8_all(const axis8 *x, const axis8 *y, const unsigned mu, const unsigned mv,
                               __m256 fwm1, __m256 fhm1)
{
    __m256 off = _mm256_or_ps(off8_both(x, mu == VSMP_TCM_CLAMP_BORDER, fwm1),
                              off8_both(y, mv == VSMP_TCM_CLAMP_BORDER, fhm1));
    const __m256i bad = _mm256_set1_epi32(INT32_MIN);
    return _mm256_andnot_si256(
        _mm256_or_si256(_mm256_cmpeq_epi32(x->i, bad), _mm256_cmpeq_epi32(y->i, bad)),
        _mm256_castps_si256(off));
}

/* Lanes 0-7 and 8-15 filtered from their taps in lane order (t[half]: the first row's taps and
 * the next, the second row's), each channel converted and filtered in turn (every value read
 * before the first store: r is not the plan). */
static inline void bil_lanes(const vsmp_plan *p, vsmp_result *r, __m256i t[2][4], const axis8 ax[2],
                             const axis8 ay[2])
{
    for (int k = 0; k < 4; k++) {
        __m256i s = u8shuf8(p, k);
        for (int h = 0; h < 2; h++) {
            __m256 e = lerp8(chan8(t[h][0], s), chan8(t[h][1], s), ax[h].w);
            __m256 f = lerp8(chan8(t[h][2], s), chan8(t[h][3], s), ax[h].w);
            _mm256_storeu_ps((float *)r->c[k] + 8 * h, lerp8(e, f, ay[h].w));
        }
    }
}

/* A window of each 8 lanes' taps (a resize's lanes: columns a fraction of a texel apart): every
 * lane of a half on its lane 0's row and at most 7 columns after its column, the half's rows and
 * its columns up to 8 after placed on the level as the shapes' are (wrapped on a WRAP axis);
 * @return false otherwise (nothing read). Lane 0 converted (not INT32_MIN) and every lane at most
 * 7 columns on says that every lane converted. Each row's 8 texels from the half's first column
 * and the 8 after, then each lane's by a permute. */
static inline bool bil_window(const vsmp_plan *p, const vsmp_level_view *l, const unsigned mu,
                              const unsigned mv, const __m256i xa[2], const __m256i ya[2],
                              __m256i t[2][4])
{
    uint32_t o[2];
    for (int h = 0; h < 2; h++) {
        int32_t bx = _mm256_cvtsi256_si32(xa[h]), by = _mm256_cvtsi256_si32(ya[h]);
        if (bx == INT32_MIN || by == INT32_MIN)
            return false;
        __m256i dx = _mm256_sub_epi32(xa[h], _mm256_set1_epi32(bx));
        __m256i dy = _mm256_sub_epi32(ya[h], _mm256_set1_epi32(by));
        if (!_mm256_testz_si256(dx, _mm256_set1_epi32(~7)) || !_mm256_testz_si256(dy, dy))
            return false;
        if (mu == VSMP_TCM_WRAP)
            bx &= (int32_t)l->w - 1;
        if (mv == VSMP_TCM_WRAP)
            by &= (int32_t)l->h - 1;
        if (bx < 0 || by < 0 || bx + 8 > (int32_t)l->w - 1 || by + 1 > (int32_t)l->h - 1)
            return false;
        o[h] = l->off + (uint32_t)by * l->pitch + 4 * (uint32_t)bx;
    }
    const uint8_t *mem = p->s->mem;
    for (int h = 0; h < 2; h++) {
        __m256i dx =
            _mm256_sub_epi32(xa[h], _mm256_broadcastd_epi32(_mm256_castsi256_si128(xa[h])));
        const uint8_t *at[4] = {mem + o[h], mem + o[h] + 4, mem + o[h] + l->pitch,
                                mem + o[h] + l->pitch + 4};
        for (int i = 0; i < 4; i++)
            t[h][i] = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)at[i]), dx);
    }
    return true;
}

/* A bilinear SIMD16 message with every lane on, axis modes mu and mv: @return false, having
 * stored nothing, when the 8-lane kernel must take it. The shape is tested on the floored
 * coordinates, lane 0's converted (not INT32_MIN: a run's lanes all on "row" INT32_MIN would be
 * a run; with lane 0's converted none is INT32_MIN, no float converting to INT32_MAX), and
 * lane 0's taps, wrapped on a WRAP axis, placed so that every tap of the shape is on the level
 * without clamping or wrapping: the columns x0 .. x0 + 16 (a run) or x0 + 8, the rows y0 .. y0 + 1
 * (a run) or y0 + 2. Every lane's taps are then its floored coordinate's texel (wrapped by the
 * same multiple of the size as lane 0's) and the next, as grid8_flat gives them in each mode, and
 * its weights grid8_flat's. */
static inline bool bil16_u8x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                              const unsigned mu, const unsigned mv)
{
    const uint32_t *pu = m->param[VSMP_P_U], *pv = m->param[VSMP_P_V];
    if (!pu || !pv)
        return false;
    const vsmp_level_view *l = &p->lv[p->base];
    const bool nn = p->st.non_normalized;
    __m256 fw = _mm256_set1_ps(l->fw), fh = _mm256_set1_ps(l->fh);
    axis8 ax[2], ay[2];
    for (int h = 0; h < 2; h++) {
        __m256 x = _mm256_loadu_ps((const float *)pu + 8 * h);
        __m256 y = _mm256_loadu_ps((const float *)pv + 8 * h);
        if (!nn) /* (unnormalized: the scale is 1, which changes no word the index reads) */
            x = _mm256_mul_ps(x, fw), y = _mm256_mul_ps(y, fh);
        ax[h] = axis8_at(x), ay[h] = axis8_at(y);
    }
    const __m256i xa[2] = {ax[0].i, ax[1].i}, ya[2] = {ay[0].i, ay[1].i};
    int shape = bil_shape(xa, ya);
    int32_t x0 = _mm256_cvtsi256_si32(xa[0]), y0 = _mm256_cvtsi256_si32(ya[0]);
    if (x0 == INT32_MIN || y0 == INT32_MIN) /* (a run's lanes all on a row converted so) */
        shape = BIL_NONE;
    if (mu == VSMP_TCM_WRAP)
        x0 &= (int32_t)l->w - 1;
    if (mv == VSMP_TCM_WRAP)
        y0 &= (int32_t)l->h - 1;
    int32_t xs = shape == BIL_RUN ? 16 : 8, ys = shape == BIL_RUN ? 1 : 2;
    if (shape == BIL_NONE || x0 < 0 || y0 < 0 || x0 + xs > (int32_t)l->w - 1 ||
        y0 + ys > (int32_t)l->h - 1) {
        __m256i t[2][4];
        if (bil_window(p, l, mu, mv, xa, ya, t)) {
            bil_lanes(p, r, t, ax, ay);
            return true;
        }
        if (mu != VSMP_TCM_CLAMP_BORDER && mv != VSMP_TCM_CLAMP_BORDER)
            return false;
        /* CLAMP_BORDER: every tap off the level, the border colour filtered (filter8_x4's
         * lerps), nothing read */
        __m256 fwm1 = _mm256_sub_ps(fw, _mm256_set1_ps(1.0f));
        __m256 fhm1 = _mm256_sub_ps(fh, _mm256_set1_ps(1.0f));
        __m256i all = _mm256_and_si256(off8_all(&ax[0], &ay[0], mu, mv, fwm1, fhm1),
                                       off8_all(&ax[1], &ay[1], mu, mv, fwm1, fhm1));
        if (!_mm256_testc_si256(all, _mm256_set1_epi32(-1)))
            return false;
        for (int k = 0; k < 4; k++) {
            __m256 b = _mm256_set1_ps(p->border[k]);
            for (int h = 0; h < 2; h++) {
                __m256 e = lerp8(b, b, ax[h].w);
                _mm256_storeu_ps((float *)r->c[k] + 8 * h, lerp8(e, e, ay[h].w));
            }
        }
        return true;
    }
    const uint8_t *mem = p->s->mem;
    uint32_t pitch = l->pitch, oa = l->off + (uint32_t)y0 * pitch + 4 * (uint32_t)x0;
    if (shape == BIL_RUN) {
        uint32_t ob = oa + pitch;
        __m256i t[2][4]; /* [half][tap]: the first row's taps and the next, the second row's */
        for (int h = 0; h < 2; h++) {
            t[h][0] = _mm256_loadu_si256((const __m256i *)(mem + oa + 32 * h));
            t[h][1] = _mm256_loadu_si256((const __m256i *)(mem + oa + 32 * h + 4));
            t[h][2] = _mm256_loadu_si256((const __m256i *)(mem + ob + 32 * h));
            t[h][3] = _mm256_loadu_si256((const __m256i *)(mem + ob + 32 * h + 4));
        }
        bil_lanes(p, r, t, ax, ay);
        return true;
    }
    /* quads and rows of 8 as two rows of 8 lanes (quads' weights placed so), on the level's rows
     * y0 (the top lanes' first taps), y0 + 1 (their second and the bottom lanes' first) and
     * y0 + 2, each converted once: three rows of 8 texels and of the 8 after */
    __m256 wx[2] = {ax[0].w, ax[1].w}, wy[2] = {ay[0].w, ay[1].w};
    if (shape == BIL_QUADS)
        quads_rows(ax[0].w, ax[1].w, &wx[0], &wx[1]), quads_rows(ay[0].w, ay[1].w, &wy[0], &wy[1]);
    __m256i t[3][2];
    for (int i = 0; i < 3; i++) {
        t[i][0] = _mm256_loadu_si256((const __m256i *)(mem + oa + i * pitch));
        t[i][1] = _mm256_loadu_si256((const __m256i *)(mem + oa + i * pitch + 4));
    }
    for (int k = 0; k < 4; k++) {
        __m256i s = u8shuf8(p, k);
        __m256 u1 = chan8(t[1][0], s), v1 = chan8(t[1][1], s);
        __m256 e = lerp8(chan8(t[0][0], s), chan8(t[0][1], s), wx[0]);
        __m256 top = lerp8(e, lerp8(u1, v1, wx[0]), wy[0]);
        __m256 f = lerp8(chan8(t[2][0], s), chan8(t[2][1], s), wx[1]);
        __m256 bot = lerp8(lerp8(u1, v1, wx[1]), f, wy[1]);
        if (shape == BIL_QUADS)
            quads_lanes(top, bot, &top, &bot);
        _mm256_storeu_ps((float *)r->c[k], top);
        _mm256_storeu_ps((float *)r->c[k] + 8, bot);
    }
    return true;
}

/* Each kernel compiled whole for its pair of modes, starting on a 64-byte boundary (as
 * sample_avx512_flat.c's: placement alone moves such a kernel's speed), once for each kernel the
 * messages it leaves go to (BIL16_RESTS): the 8-lane flat family's scalar-load or gather form, or
 * (a mip plan of one level) the mip family's, at the AVX-512 level too (its 2D mip kernel has no
 * 16-lane bilinear shapes: resize measured 39.9 -> 31.1 ms a frame there,
 * bench/results/avx2bil-spr.txt). Only the bilinear kinds of FLAT_KINDS (the point ones expand to
 * nothing; a mip plan has no CLAMP_BORDER axis, its kernels of one never named). */
#if defined(__GNUC__)
#define BIL16_FN __attribute__((flatten, aligned(64)))
#else
#define BIL16_FN
#endif
#ifdef VSMP_HAVE_AVX512
#define BIL16_RESTS_512(X, name, mu, mv) X(name##_m5, vsmp_sample_mip_u8x4_avx512, mu, mv)
#else
#define BIL16_RESTS_512(X, name, mu, mv)
#endif
/* X(kernel name, the kernel the rest goes to, mu, mv) for each such kernel, in bil16_rest's order
 */
#define BIL16_RESTS(X, name, mu, mv)                                                               \
    X(name, vsmp_sample_flat_u8x4_avx2, mu, mv)                                                    \
    X(name##_g, vsmp_sample_flat_u8x4_avx2_gather, mu, mv)                                         \
    X(name##_m, vsmp_sample_mip_u8x4_avx2, mu, mv)                                                 \
    X(name##_mg, vsmp_sample_mip_u8x4_avx2_gather, mu, mv) BIL16_RESTS_512(X, name, mu, mv)
#define BIL16_ONE(name, rest, mu, mv)                                                              \
    BIL16_FN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)           \
    {                                                                                              \
        if (!full16(m) || !bil16_u8x4(p, m, r, mu, mv))                                            \
            rest(p, m, r);                                                                         \
    }
#define BIL16_false(name, mu, mv)
#define BIL16_true(name, mu, mv)         BIL16_RESTS(BIL16_ONE, name, mu, mv)
#define BIL16(name, arg, linear, mu, mv) BIL16_##linear(name, mu, mv)
#define BIL16_NAME_false(name)
#define BIL16_NAME_true(name)                 name,
#define BIL16_NAME(name, sfx, linear, mu, mv) BIL16_NAME_##linear(name##sfx)
#define BIL16_REST(name, rest, mu, mv)        rest,
#define BIL16_ROW(name, rest, mu, mv)         {FLAT_KINDS(BIL16_NAME, bil16, name)},

FLAT_KINDS(BIL16, bil16, _)

/* The kernels the rest goes to, and the bilinear kinds of each in FLAT_KINDS' order (flat_kind's
 * index less 9). */
static const vsmp_kernel bil16_rest[] = {BIL16_RESTS(BIL16_REST, , 0, 0)};
#define BIL16_NREST (sizeof(bil16_rest) / sizeof(bil16_rest[0]))
static const vsmp_kernel bil16_k[BIL16_NREST][9] = {BIL16_RESTS(BIL16_ROW, , 0, 0)};

/* ---- Trilinear (mip plans of several levels), 16 lanes a message ----
 *
 * A SIMD16 message with every lane on of a mip plan of RGBA8/BGRA8 on a 2D surface or 2D array of
 * several levels (bilinear min and mag filters, CLAMP or WRAP axes) whose each 8 lanes are on one
 * layer (an array's: layer8's, the slice one more offset of every row) and whose levels (stage8's
 * l0 and l1) lie on at most three consecutive levels, each lane's first on the lowest two (one
 * LOD's two levels, as a quad's or a work-group's lanes have them, or a ramp's over two LODs), and
 * whose first taps on each of those levels lie in a box (tri8_box) is filtered on both levels from
 * 32-byte row loads and the two blended by the LOD fraction where the levels differ
 * (MIP8_FILTER_STORE's words: lerp8(a, b, frac)); any other message runs the mip family's 8-lane
 * kernel before anything is stored. */

/* The taps of 8 lanes on level l and layer @p layer (0 but on an array; ax, ay: their axes on
 * the level's texels) when every lane's first taps
 * are at most 7 columns after lane 0's and 0 to 2 rows below (quads of a rasterizer at up to two
 * texels a pixel), the box of lane 0's 9 columns (8 when no lane is 7 columns on) and 4 rows (3
 * when no lane is 2 rows below) placed on the level (wrapped on a WRAP axis of a power-of-two
 * size) without clamping or wrapping: each row by two 32-byte loads (one for 8 columns), each
 * lane's taps by a permute and its rows by blends (t: the first row's taps and the next, the
 * second's, as bil_lanes reads them). @return false otherwise, nothing read. */
static inline bool tri8_box(const vsmp_plan *p, const vsmp_level_view *l, const uint32_t layer,
                            const bool wu, const bool wv, const axis8 *ax, const axis8 *ay,
                            __m256i t[4])
{
    int32_t bx = _mm256_cvtsi256_si32(ax->i), by = _mm256_cvtsi256_si32(ay->i);
    if (bx == INT32_MIN || by == INT32_MIN)
        return false;
    __m256i dx = _mm256_sub_epi32(ax->i, _mm256_set1_epi32(bx));
    __m256i dy = _mm256_sub_epi32(ay->i, _mm256_set1_epi32(by));
    const __m256i two = _mm256_set1_epi32(2);
    if (!_mm256_testz_si256(dx, _mm256_set1_epi32(~7)) ||
        !_mm256_testz_si256(dy, _mm256_set1_epi32(~3)) ||
        !_mm256_testz_si256(_mm256_cmpgt_epi32(dy, two), _mm256_cmpgt_epi32(dy, two)))
        return false;
    /* no lane 7 columns on: each row's taps from one load (the next column by a permute); no
     * lane 2 rows below: three rows */
    const bool one = _mm256_testz_si256(dx, _mm256_cmpeq_epi32(dx, _mm256_set1_epi32(7)));
    const int nr = _mm256_testz_si256(dy, two) ? 3 : 4;
    int32_t w = (int32_t)l->w, h = (int32_t)l->h;
    if (wu) {
        if (w & (w - 1))
            return false;
        bx &= w - 1;
    }
    if (wv) {
        if (h & (h - 1))
            return false;
        by &= h - 1;
    }
    if (bx < 0 || by < 0 || bx + (one ? 7 : 8) > w - 1 || by + nr - 1 > h - 1)
        return false;
    const uint8_t *at =
        p->s->mem + l->off + layer * l->spitch32 + (uint32_t)by * l->pitch + 4 * (uint32_t)bx;
    const __m256i dx1 = _mm256_add_epi32(dx, _mm256_set1_epi32(1));
    __m256i row[4][2];
    for (int i = 0; i < nr; i++) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(at + i * l->pitch));
        row[i][0] = _mm256_permutevar8x32_epi32(a, dx);
        row[i][1] = one ? _mm256_permutevar8x32_epi32(a, dx1)
                        : _mm256_permutevar8x32_epi32(
                              _mm256_loadu_si256((const __m256i *)(at + i * l->pitch + 4)), dx);
    }
    __m256i m1 = _mm256_cmpeq_epi32(dy, _mm256_set1_epi32(1));
    if (nr == 3) {
        for (int j = 0; j < 2; j++) {
            t[j] = _mm256_blendv_epi8(row[0][j], row[1][j], m1);
            t[2 + j] = _mm256_blendv_epi8(row[1][j], row[2][j], m1);
        }
        return true;
    }
    __m256i m2 = _mm256_cmpeq_epi32(dy, two);
    for (int j = 0; j < 2; j++) {
        t[j] = _mm256_blendv_epi8(_mm256_blendv_epi8(row[0][j], row[1][j], m1), row[2][j], m2);
        t[2 + j] = _mm256_blendv_epi8(_mm256_blendv_epi8(row[1][j], row[2][j], m1), row[3][j], m2);
    }
    return true;
}

/* One channel (its byte shuffle s) of 8 lanes filtered from their taps (t: tri8_box's) by their
 * weights wx, wy, as bil_lanes. */
static inline __m256 tri8_filter(const __m256i t[4], __m256 wx, __m256 wy, __m256i s)
{
    __m256 e = lerp8(chan8(t[0], s), chan8(t[1], s), wx);
    __m256 f = lerp8(chan8(t[2], s), chan8(t[3], s), wx);
    return lerp8(e, f, wy);
}

/* A trilinear SIMD16 message with every lane on: @return false, having stored nothing, when the
 * 8-lane mip kernel must take it. Each 8 lanes' levels (stage8's l0, l1: one LOD's two, or a
 * ramp's over two adjacent LODs) lie on at most three consecutive levels lo .. lo + 2, each lane's
 * first one of the lowest two; every such level is filtered for the 8 lanes (tri8_box, as
 * bil_lanes), each lane's first and second level's values taken and blended by its LOD fraction
 * where they differ (MIP8_FILTER_STORE's blend). */
static inline bool tri16_u8x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                              const bool wu, const bool wv)
{
    lanes8 o[2];
    __m256i t[2][3][4]; /* [half][level - lo][tap] */
    axis8 ax[2][3], ay[2][3];
    int n[2];
    __m256i s0[2], s1[2]; /* each lane's first, second level - lo */
    o[0] = stage8(p, false, m, 0, true);
    if (one_lod16(p, m, false)) {
        o[1].l0 = o[0].l0, o[1].l1 = o[0].l1, o[1].frac = o[0].frac;
        o[1].u = paramf8_in(m, VSMP_P_U, 8, true), o[1].v = paramf8_in(m, VSMP_P_V, 8, true);
    } else {
        o[1] = stage8(p, false, m, 8, true);
    }
    uint32_t layer[2] = {0, 0};
    if (p->s->d.array) /* each 8 lanes on one layer (layer8's) */
        for (int h = 0; h < 2; h++) {
            __m256i a = layer8(p, m, 8 * (unsigned)h);
            __m256i a0 = _mm256_broadcastd_epi32(_mm256_castsi256_si128(a));
            if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(a, a0)) != -1)
                return false;
            layer[h] = (uint32_t)_mm256_cvtsi256_si32(a);
        }
    for (int h = 0; h < 2; h++) {
        int32_t lo = _mm256_cvtsi256_si32(hmin8(o[h].l0)),
                hi = _mm256_cvtsi256_si32(hmax8(o[h].l1));
        n[h] = hi - lo + 1;
        __m256i vlo = _mm256_set1_epi32(lo);
        s0[h] = _mm256_sub_epi32(o[h].l0, vlo), s1[h] = _mm256_sub_epi32(o[h].l1, vlo);
        if (n[h] < 1 || n[h] > 3 || _mm256_cvtsi256_si32(hmax8(s0[h])) > 1)
            return false;
        for (int k = 0; k < n[h]; k++) {
            const vsmp_level_view *l = &p->lv[lo + k];
            ax[h][k] = axis8_at(_mm256_mul_ps(o[h].u, _mm256_set1_ps(l->fw)));
            ay[h][k] = axis8_at(_mm256_mul_ps(o[h].v, _mm256_set1_ps(l->fh)));
            if (!tri8_box(p, l, layer[h], wu, wv, &ax[h][k], &ay[h][k], t[h][k]))
                return false;
        }
    }
    /* each half in turn (every parameter read: the stores may be them): each lane's value on its
     * first level and on its second, from its taps and weights there (the half's levels' chosen
     * lane by lane, unless every lane's first level is lo and the levels two: one LOD's, the
     * common case), blended by its fraction (a lane whose levels are one has fraction 0, stage8's:
     * lambda clamped to the last level, a nearest mip filter or a magnified lane of no mips;
     * a + (b - a) 0 is a, its values finite) */
    const __m256i one = _mm256_set1_epi32(1);
    for (int h = 0; h < 2; h++) {
        if (n[h] == 1) {
            for (int c = 0; c < 4; c++)
                _mm256_storeu_ps((float *)r->c[c] + 8 * h,
                                 tri8_filter(t[h][0], ax[h][0].w, ay[h][0].w, u8shuf8(p, c)));
            continue;
        }
        /* each lane's taps and weights on its first level and second (a lane on lo alone: the
         * half's second level's, whatever they are, its fraction 0) */
        __m256i ta[4], tb[4];
        __m256 wa[2] = {ax[h][0].w, ay[h][0].w}, wb[2] = {ax[h][1].w, ay[h][1].w};
        for (int i = 0; i < 4; i++)
            ta[i] = t[h][0][i], tb[i] = t[h][1][i];
        if (n[h] > 2 || !_mm256_testz_si256(s0[h], s0[h])) {
            const __m256i a1 = _mm256_cmpeq_epi32(s0[h], one);
            const __m256i b2 = _mm256_cmpeq_epi32(s1[h], _mm256_set1_epi32(2));
            for (int i = 0; i < 4; i++) {
                ta[i] = _mm256_blendv_epi8(ta[i], t[h][1][i], a1);
                if (n[h] > 2)
                    tb[i] = _mm256_blendv_epi8(tb[i], t[h][2][i], b2);
            }
            const __m256 fa1 = _mm256_castsi256_ps(a1), fb2 = _mm256_castsi256_ps(b2);
            wa[0] = _mm256_blendv_ps(wa[0], ax[h][1].w, fa1);
            wa[1] = _mm256_blendv_ps(wa[1], ay[h][1].w, fa1);
            if (n[h] > 2) {
                wb[0] = _mm256_blendv_ps(wb[0], ax[h][2].w, fb2);
                wb[1] = _mm256_blendv_ps(wb[1], ay[h][2].w, fb2);
            }
        }
        for (int c = 0; c < 4; c++) {
            __m256i s = u8shuf8(p, c);
            __m256 a = tri8_filter(ta, wa[0], wa[1], s), b = tri8_filter(tb, wb[0], wb[1], s);
            _mm256_storeu_ps((float *)r->c[c] + 8 * h, lerp8(a, b, o[h].frac));
        }
    }
    return true;
}

/* One kernel per pair of axis modes (CLAMP, WRAP) and per load form of the mip kernel the rest
 * goes to: tri16_k[form][2 wu + wv]. */
#define TRI16_ONE(name, rest, wu, wv)                                                              \
    BIL16_FN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)           \
    {                                                                                              \
        if (!full16(m) || !tri16_u8x4(p, m, r, wu, wv))                                            \
            rest(p, m, r);                                                                         \
    }
#define TRI16_MODES(X, name, rest)                                                                 \
    X(name##_cc, rest, false, false)                                                               \
    X(name##_cw, rest, false, true) X(name##_wc, rest, true, false) X(name##_ww, rest, true, true)
TRI16_MODES(TRI16_ONE, tri16_m, vsmp_sample_mip_u8x4_avx2)
TRI16_MODES(TRI16_ONE, tri16_mg, vsmp_sample_mip_u8x4_avx2_gather)
#define TRI16_NAME(name, rest, wu, wv) name,
static const vsmp_kernel tri16_k[2][4] = {{TRI16_MODES(TRI16_NAME, tri16_m, 0)},
                                          {TRI16_MODES(TRI16_NAME, tri16_mg, 0)}};

vsmp_kernel vsmp_flat_u8x4_avx2_pick(const vsmp_plan *p, vsmp_kernel k)
{
    unsigned f = 0, i = flat_kind(p);
    while (f < BIL16_NREST && bil16_rest[f] != k)
        f++;
    /* a mip plan of one level whose min and mag filters are both bilinear (F_FILT_SAME, not
     * anisotropic: the mip rows') samples its base level bilinearly whatever lambda: the flat
     * kernel's results; resident (tiled) surfaces stay the mip family's (its general kernel) */
    bool mip1 = f >= 2 && p->nlev == 1 && !p->s->resident;
    /* a mip plan of several levels at the AVX2 level, 2D or a 2D array, bilinear min and mag
     * filters (not anisotropic), CLAMP or WRAP axes (the mip kernels' modes), normalized: the
     * trilinear one; not with an explicit LOD (sample_l: its gain is the LOD stage's, one for 16
     * lanes of one gradient; "tri l" measured 106.0 -> 104.3 M samples per CPU-second with it,
     * bench/results/avx2tri-spr.txt, and within the noise with the LOD stage once for 16 lanes
     * of one LOD, avx2tri2-spr.txt) */
    const vsmp_sampler_state *st = &p->st;
    if ((f == 2 || f == 3) && p->nlev > 1 && !p->s->resident && p->s->d.type == VSMP_SURFTYPE_2D &&
        p->lod != L_EXPLICIT && st->min_filter == VSMP_FILTER_LINEAR &&
        st->mag_filter == VSMP_FILTER_LINEAR && !st->non_normalized && i >= 9 && (i - 9) / 3 < 2 &&
        (i - 9) % 3 < 2)
        return tri16_k[f - 2][(i - 9) / 3 * 2 + (i - 9) % 3];
    if (f == BIL16_NREST || (f >= 2 && !mip1) || p->s->d.array || i < 9)
        return k;
    return bil16_k[f][i - 9];
}

/* For the tests (test_fastpath_bil), off every sampling path: -1 when plan p's kernel is none of
 * this file's; else whether its 16-lane kernel takes message m whole (1, its words in r) or would
 * send it to the rest (0, r as it was or partly written); *tri: whether it is a trilinear one. */
__attribute__((cold)) int vsmp_u8x4_avx2_took16(const vsmp_plan *p, const vsmp_message *m,
                                                vsmp_result *r, bool *tri)
{
    static const unsigned modes[3] = {MC, MW, MB};
    for (unsigned f = 0; f < 2; f++)
        for (unsigned j = 0; j < 4; j++)
            if (p->fast == tri16_k[f][j] && (*tri = true))
                return full16(m) && tri16_u8x4(p, m, r, j >= 2, j & 1);
    for (unsigned f = 0; f < BIL16_NREST; f++)
        for (unsigned j = 0; j < 9; j++)
            if (p->fast == bil16_k[f][j] && !(*tri = false))
                return full16(m) && bil16_u8x4(p, m, r, modes[j / 3], modes[j % 3]);
    return -1;
}
