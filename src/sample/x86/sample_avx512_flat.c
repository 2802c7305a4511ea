/* SPDX-License-Identifier: MIT */
/*
 * The AVX-512 level's kernels of 16 lanes a register: flat sampling (point and bilinear without
 * mips) of four 8-bit UNORM channels in a 4-byte texel (RGBA8, BGRA8), of one 16-bit channel
 * (R16, R16_FLOAT, A16) and of one byte (R8, A8) on 2D surfaces, and ld of RGBA8 and of four 8-bit
 * integer channels: the shapes OpenCL's read_imagef / read_imageui send (through a sampler with
 * nearest or linear filtering: sample_lz), and a rasterizer's. For RGBA8 (the others below follow
 * it, their texels' sizes aside): a SIMD16 or SIMD32 message with every lane on is taken 16 lanes
 * at a time (one 512-bit register per channel) when each row of each half's taps is one of two
 * shapes:
 *
 *   - a run: lane l's texel 4 l bytes after lane 0's (OpenCL's work-items along x), read by one
 *     64-byte load;
 *   - two rows of 8 texels: four 2x2 quads side by side, lane l at column 2 (l / 4) + l % 2 of
 *     row (l / 2) % 2 (a rasterizer's), or lanes 0-7 and 8-15 along two rows (OpenCL's
 *     work-groups 8 wide), read by a 32-byte load of each row and one permute.
 *
 * A bilinear row's second taps (the texel after each first tap, when every lane's are
 * neighbours) are the same shape 4 bytes on. Only texels the lanes read are loaded. Bilinear
 * RGBA8 quads across a WRAP axis's right edge (their columns going on at the row's column 0) are
 * read by masked loads out of line (wrap16). Any other message (partial, arrays, taps in no such
 * shape, wrapped otherwise or clamped at an edge, or a lane whose index needs more than the
 * 32-bit conversion) runs vsmp_sample_flat_u8x4_avx2, before
 * anything is stored (a SIMD32 message whose second half is not taken: whole, the AVX2 kernel
 * writing every lane again). The index arithmetic is grid8_flat's (stages_avx2.h) on 16 lanes
 * (the floor of point sampling, and of bilinear on a CLAMP or WRAP axis, as one conversion
 * rounding down, clamped on integers after it: the same words), the
 * conversion unorm8's and the filter filter8_u8x4's, in the same order: the reference's words
 * (tests/test_fastpath.c). Results of these formats are never NaN: no NaN rewrite. Compiled
 * with the AVX-512 level's flags only.
 */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "../vmath.h"
#include "flat_avx512.h"
#include "flat_kinds.h"
#include "unorm16_avx512.h"

/* What every message of a plan shares: level 0's view and the coordinates' scale, as
 * flat8_begin gives them. */
typedef struct flat16 {
    __m512 sx, sy, fw, fh;
    __m512i wm1, hm1, off;
    uint32_t pitch;
    const uint8_t *mem;
} flat16;

/* The 32-bit word at @p in 16 lanes, broadcast from memory (a load, no vector ALU port): gcc
 * otherwise reads a plan's field or builds a constant in a general register and broadcasts it from
 * there, an operation of port 5 (the shuffles' and permutes' port) every message. */
static inline __m512i bcast16(const int32_t *p)
{
#if defined(__GNUC__)
    __m512i v; /* (an operand, not a C access: the plan is never written while sampling) */
    __asm__("vpbroadcastd %1, %0" : "=v"(v) : "m"(*p));
    return v;
#else
    int32_t w;
    memcpy(&w, p, 4);
    return _mm512_set1_epi32(w);
#endif
}

static const int32_t int32_min = INT32_MIN;
static const float one_f = 1.0f;
static const int32_t minus_one = -1;
static const int32_t one_i = 1;

static inline flat16 flat16_begin(const vsmp_plan *p)
{
    const vsmp_level_view *l = &p->lv[p->base];
    flat16 f;
    bool nn = p->st.non_normalized;
    f.sx = _mm512_castsi512_ps(bcast16((const int32_t *)(nn ? &one_f : &l->fw)));
    f.sy = _mm512_castsi512_ps(bcast16((const int32_t *)(nn ? &one_f : &l->fh)));
    /* w - 1 and h - 1 by a vector add (either port) of two broadcasts from memory */
    const __m512i m1 = bcast16(&minus_one);
    f.wm1 = _mm512_add_epi32(bcast16((const int32_t *)&l->w), m1);
    f.hm1 = _mm512_add_epi32(bcast16((const int32_t *)&l->h), m1);
    f.fw = _mm512_castsi512_ps(bcast16((const int32_t *)&l->fw));
    f.fh = _mm512_castsi512_ps(bcast16((const int32_t *)&l->fh));
    f.pitch = l->pitch, f.off = bcast16((const int32_t *)&l->off);
    f.mem = p->s->mem;
    return f;
}

/* A parameter of the message's lanes g..g + 15 (zeros for an omitted one, as param8_in). */
static inline __m512 param16(const vsmp_message *m, unsigned kind, unsigned g)
{
    const uint32_t *a = m->param[kind];
    return a ? _mm512_loadu_ps((const float *)(a + g)) : _mm512_setzero_ps();
}

/* The messages the kernels take 16 lanes at a time: SIMD16 and SIMD32 with every lane on. */
static inline bool whole16(const vsmp_message *m)
{
    return (m->simd == 16 && (m->mask & 0xffffu) == 0xffffu) ||
           (m->simd == 32 && m->mask == 0xffffffffu);
}

/* A coordinate's floor as an integer: one conversion rounding down (floor and truncation in one
 * operation). A NaN, an infinity or a lane out of the 32-bit range converts to INT32_MIN. */
static inline __m512i floor16(__m512 x)
{
    return _mm512_cvt_roundps_epi32(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
}

/* The index of a floored coordinate i (an integer): WRAP on a power of two (i & (w - 1)), else
 * CLAMP's min with w - 1 and max with 0, on integers (floor is monotonic and w - 1 an integer: the
 * index the reference's float min gives). */
static inline __m512i clamp16(bool wrap, __m512i i, __m512i m1)
{
    return wrap ? _mm512_and_si512(i, m1)
                : _mm512_max_epi32(_mm512_min_epi32(i, m1), _mm512_setzero_si512());
}

/* idx16 of point sampling, which needs no floored coordinate for a weight: floor16, then clamp16.
 * A lane converted to INT32_MIN is flagged in *bad (so CLAMP's +inf and coordinates from 2^31 on,
 * which the reference clamps to w - 1, go the AVX2 kernel's way). */
static inline __m512i idx16_point(bool wrap, __m512 x, __m512i m1, __mmask16 *bad)
{
    __m512i i = floor16(x);
    *bad |= _mm512_cmpeq_epi32_mask(i, bcast16(&int32_min));
    return clamp16(wrap, i, m1);
}

/* idx16_point on a CLAMP_BORDER axis: the floored coordinate's index unclamped, and *off its
 * lanes off the level, the index below 0 or above w - 1 (floor(x) < 0 is x < 0, floor(x) > w - 1
 * is x >= w). The min with w sends +inf to w (off, as x >= w says) and keeps NaN (INT32_MIN, in
 * *bad); an off lane's index is never read. */
static inline __m512i idx16_pborder(__m512 x, __m512 fw, __m512i m1, __mmask16 *bad, __mmask16 *off)
{
    __m512i i =
        _mm512_cvt_roundps_epi32(_mm512_min_ps(fw, x), _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    *bad |= _mm512_cmpeq_epi32_mask(i, bcast16(&int32_min));
    *off = _mm512_cmpgt_epu32_mask(i, m1);
    return i;
}

/* idx16 and idx16_next on a CLAMP_BORDER axis: the floored coordinate f's index unclamped and the
 * next (*next), and the lanes where each is off the level, below 0 or above w - 1 (off_flat's
 * f < 0 or f > w - 1, f + 1 < 0 or f + 1 > w - 1: f is an integer). The min with w sends +inf to
 * w (both off) and keeps NaN (INT32_MIN, in *bad); an off tap's index is never read. */
static inline __m512i idx16_lborder(__m512 f, __m512 fw, __m512i m1, __mmask16 *bad, __mmask16 *o0,
                                    __mmask16 *o1, __m512i *next)
{
    __m512i i = _mm512_cvttps_epi32(_mm512_min_ps(fw, f));
    *bad |= _mm512_cmpeq_epi32_mask(i, bcast16(&int32_min));
    *next = _mm512_add_epi32(i, bcast16(&one_i));
    *o0 = _mm512_cmpgt_epu32_mask(i, m1), *o1 = _mm512_cmpgt_epu32_mask(*next, m1);
    return i;
}

/* The shapes of 16 lanes' byte offsets o of texels of @p bytes the kernels read with wide loads:
 * a run (lane l at o0 + l * bytes), two rows of quads (lane l at lane 0's or lane 2's offset +
 * bytes column(l), column(l) = 2 (l / 4) + l % 2, as (l / 2) % 2 says) or two runs of 8 (lanes 0-7
 * from lane 0's offset, 8-15 from lane 8's). *o0 and *o1: the offsets of the run or of the two
 * rows. */
enum { SHAPE_NONE, SHAPE_RUN, SHAPE_QUADS, SHAPE_ROWS };

/* Each shape's lanes: lane l's column past its row's first lane (the quads' column(l), a run's l,
 * the rows of 8's l % 8) and its row (the quads' (l / 2) % 2, the rows of 8's l / 8), the one home
 * of the shapes' tables. */
static inline __m512i quads16_col(void)
{
    return _mm512_setr_epi32(0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7);
}
static inline __m512i quads16_row(void)
{
    return _mm512_setr_epi32(0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1);
}
static inline __m512i run16_col(void)
{
    return _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}
static inline __m512i rows16_col(void)
{
    return _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
}
static inline __m512i rows16_row(void)
{
    return _mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
}

/* The lanes of k in the quads' place (a mask, so that tests chain into one). */
static inline __mmask16 quads16_in(__mmask16 k, __m512i o, const __m512i b)
{
    const __m512i from = _mm512_setr_epi32(0, 0, 2, 2, 0, 0, 2, 2, 0, 0, 2, 2, 0, 0, 2, 2);
    const __m512i col = _mm512_mullo_epi32(quads16_col(), b);
    return _mm512_mask_cmpeq_epi32_mask(k, o,
                                        _mm512_add_epi32(_mm512_permutexvar_epi32(from, o), col));
}

static inline bool quads16(__m512i o, const __m512i b)
{
    return quads16_in(0xffff, o, b) == 0xffff;
}

/* A run and two runs of 8 have lane 2 two texels after lane 0; when it is not, only the quads'
 * test runs (a rasterizer's messages skip the run's), else the tests in the same order. */
static inline int shape16(__m512i o, const unsigned bytes, uint32_t *o0, uint32_t *o1)
{
    const __m512i b = _mm512_set1_epi32((int)bytes);
    __m128i o4 = _mm512_castsi512_si128(o);
    *o0 = (uint32_t)_mm_cvtsi128_si32(o4);
    *o1 = (uint32_t)_mm_extract_epi32(o4, 2);
    if (*o1 != *o0 + 2 * bytes)
        return quads16(o, b) ? SHAPE_QUADS : SHAPE_NONE;
    const __m512i step = _mm512_mullo_epi32(run16_col(), b);
    if (_mm512_cmpeq_epi32_mask(o, _mm512_add_epi32(_mm512_broadcastd_epi32(o4), step)) == 0xffff)
        return SHAPE_RUN;
    if (quads16(o, b))
        return SHAPE_QUADS;
    const __m512i from8 = _mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8);
    const __m512i col8 = _mm512_mullo_epi32(rows16_col(), b);
    if (_mm512_cmpeq_epi32_mask(o, _mm512_add_epi32(_mm512_permutexvar_epi32(from8, o), col8)) ==
        0xffff) {
        *o1 = (uint32_t)_mm_cvtsi128_si32(_mm512_extracti32x4_epi32(o, 2));
        return SHAPE_ROWS;
    }
    return SHAPE_NONE;
}

/* shape16's shapes tested on the lanes' texel indices (x, y) in place of their byte offsets, each
 * with its rows adjacent: four quads on rows y0 and y0 + 1 (lane l at column x0 + column(l) of row
 * y0 + (l / 2) % 2), a run (x0 + l on row y0), two rows of 8 (x0 + l % 8 on row y0 + l / 8). bx
 * and by: lane 0's x0 and y0 in every lane. No offset of the 16 lanes is computed, none extracted:
 * the callers find lane 0's in scalars, the second row's a pitch after it. */
static inline bool quads16_xy(__m512i x, __m512i y, __m512i bx, __m512i by)
{
    __mmask16 k = _mm512_cmpeq_epi32_mask(x, _mm512_add_epi32(bx, quads16_col()));
    return _mm512_mask_cmpeq_epi32_mask(k, y, _mm512_add_epi32(by, quads16_row())) == 0xffff;
}
static inline bool run16_xy(__m512i x, __m512i y, __m512i bx, __m512i by)
{
    __mmask16 k = _mm512_cmpeq_epi32_mask(y, by);
    return _mm512_mask_cmpeq_epi32_mask(k, x, _mm512_add_epi32(bx, run16_col())) == 0xffff;
}
static inline bool rows16_xy(__m512i x, __m512i y, __m512i bx, __m512i by)
{
    __mmask16 k = _mm512_cmpeq_epi32_mask(x, _mm512_add_epi32(bx, rows16_col()));
    return _mm512_mask_cmpeq_epi32_mask(k, y, _mm512_add_epi32(by, rows16_row())) == 0xffff;
}

/* Two rows of 8 texels (top: the row at lane 0's offset; bottom: lane 2's (quads) or lane 8's
 * (rows of 8)) as a shape's 16 lanes, lane l's in dword l: one permute. */
static inline __m512i rows16_lanes(int shape, __m256i top, __m256i bot)
{
    /* lane l: texel column(l) of the top row's 8 (lanes 0..7 of the pair) or of the bottom's */
    const __m512i quads = _mm512_setr_epi32(0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23);
    const __m512i rows = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
    return _mm512_permutex2var_epi32(_mm512_castsi256_si512(top),
                                     shape == SHAPE_QUADS ? quads : rows,
                                     _mm512_castsi256_si512(bot));
}

/* The 4-byte texels of a shape (at + d bytes: a bilinear row's second taps at d = 4), lane l's in
 * dword l: a 64-byte load, or a 32-byte load of each row and one permute. */
static inline __m512i texels16_at(const uint8_t *mem, int shape, uint32_t o0, uint32_t o1,
                                  uint32_t d)
{
    if (shape == SHAPE_RUN)
        return _mm512_loadu_si512(mem + o0 + d);
    __m256i top = _mm256_loadu_si256((const __m256i *)(mem + o0 + d));
    __m256i bot = _mm256_loadu_si256((const __m256i *)(mem + o1 + d));
    return rows16_lanes(shape, top, bot);
}

/* The 4-byte texels at byte offsets o of 16 lanes (and + 4 bytes, next, with two) when they are
 * in a shape; @return false otherwise (nothing read). */
static inline bool texels16(const uint8_t *mem, __m512i o, __m512i *t, __m512i *next,
                            const bool two)
{
    uint32_t o0, o1 = 0;
    int shape = shape16(o, 4, &o0, &o1);
    if (shape == SHAPE_NONE)
        return false;
    *t = texels16_at(mem, shape, o0, o1, 0);
    if (two)
        *next = texels16_at(mem, shape, o0, o1, 4);
    return true;
}

static inline void unpack16(const vsmp_plan *p, __m512i px, __m512 out[4])
{
    for (int c = 0; c < 4; c++)
        out[c] = chan16_px(p, c, px);
}

/* The border colour in the lanes of off (border8). */
static inline void border16(const vsmp_plan *p, __mmask16 off, __m512 t[4])
{
    if (!off)
        return;
    for (int c = 0; c < 4; c++)
        t[c] = _mm512_mask_blend_ps(off, t[c], _mm512_set1_ps(p->border[c]));
}

/* Channel c of lanes lane..lane + 15 of the result. */
static inline void put16(vsmp_result *r, unsigned lane, int c, __m512 v)
{
    _mm512_storeu_ps((float *)(r->c[c] + lane), v);
}

static inline __m512 lerp16(__m512 a, __m512 b, __m512 w)
{
    return _mm512_add_ps(a, _mm512_mul_ps(_mm512_sub_ps(b, a), w));
}

/* grid8_flat of stages_avx2.h on 16 lanes: the taps' indices (xa, ya; linear: xb, yb), the
 * weights and CLAMP_BORDER's off-level masks; linear: nx, the lanes whose second tap along x is the
 * texel after the first (xb = xa + 1) with every index converted; ny, the lanes whose second row
 * is the one row ya gives (a CLAMP v axis: every lane but those floored below 0, whose rows are
 * both 0 where a lane floored to 0 has rows 0 and 1; WRAP: (ya + 1) & (h - 1); CLAMP_BORDER:
 * ya + 1; all lanes); ok, the lanes converted, and ix, a CLAMP or WRAP x axis's floored
 * coordinate. @return false when a lane needs
 * more than the 32-bit conversion (linear without CLAMP_BORDER: nx says it, tested once with the
 * taps' shape). */
typedef struct grid16 {
    __m512i xa, ya, xb, yb;
    __m512 wx, wy;
    __m512i ix;
    __mmask16 oxa, oxb, oya, oyb, nx, ny, ok;
} grid16;

/* A linear CLAMP or WRAP axis: the floored coordinate's index i (floor16: *f its float, exact
 * below 2^31; a lane converted to INT32_MIN cleared in *ok), the first tap's index (clamp16) and
 * the next (*next, clamp16 of i + 1 or, WRAP, of the first + 1): idx16 and idx16_next's words,
 * with floor and conversion as one operation and CLAMP on integers (+inf converts to INT32_MIN and
 * goes the AVX2 kernel's way, as idx16_point's). */
static inline __m512i idx16_lin(bool wrap, __m512 x, __m512i m1, __mmask16 *ok, __m512 *f,
                                __m512i *i, __m512i *next)
{
    *i = floor16(x);
    *ok = _mm512_mask_cmpneq_epi32_mask(*ok, *i, bcast16(&int32_min));
    *f = _mm512_cvtepi32_ps(*i);
    __m512i a = clamp16(wrap, *i, m1);
    *next = clamp16(wrap, _mm512_add_epi32(wrap ? a : *i, bcast16(&one_i)), m1);
    return a;
}

static inline bool grid16_flat(const flat16 *f, const vsmp_message *m, unsigned lane,
                               const bool linear, const unsigned mu, const unsigned mv, grid16 *g)
{
    const bool wu = mu == VSMP_TCM_WRAP, wv = mv == VSMP_TCM_WRAP;
    __m512 x = _mm512_mul_ps(param16(m, VSMP_P_U, lane), f->sx);
    __m512 y = _mm512_mul_ps(param16(m, VSMP_P_V, lane), f->sy);
    if (linear) {
        __m512 half = _mm512_set1_ps(0.5f);
        x = _mm512_sub_ps(x, half), y = _mm512_sub_ps(y, half);
    }
    __mmask16 bad = 0;
    g->oxa = g->oxb = g->oya = g->oyb = 0, g->ok = g->ny = 0xffff, g->ix = _mm512_setzero_si512();
    if (!linear) {
        if (mu == VSMP_TCM_CLAMP_BORDER)
            g->xa = idx16_pborder(x, f->fw, f->wm1, &bad, &g->oxa);
        else
            g->xa = idx16_point(wu, x, f->wm1, &bad);
        if (mv == VSMP_TCM_CLAMP_BORDER)
            g->ya = idx16_pborder(y, f->fh, f->hm1, &bad, &g->oya);
        else
            g->ya = idx16_point(wv, y, f->hm1, &bad);
        g->xb = g->xa, g->yb = g->ya, g->wx = g->wy = _mm512_setzero_ps();
        return !bad;
    }
    const bool bu = mu == VSMP_TCM_CLAMP_BORDER, bv = mv == VSMP_TCM_CLAMP_BORDER;
    __mmask16 ok = 0xffff;
    __m512 fx, fy;
    __m512i ix = _mm512_setzero_si512(), iy;
    if (bu)
        fx = _mm512_floor_ps(x),
        g->xa = idx16_lborder(fx, f->fw, f->wm1, &bad, &g->oxa, &g->oxb, &g->xb);
    else
        g->xa = idx16_lin(wu, x, f->wm1, &ok, &fx, &ix, &g->xb);
    if (bv)
        fy = _mm512_floor_ps(y),
        g->ya = idx16_lborder(fy, f->fh, f->hm1, &bad, &g->oya, &g->oyb, &g->yb);
    else
        g->ya = idx16_lin(wv, y, f->hm1, &ok, &fy, &iy, &g->yb),
        g->ny = wv ? 0xffff : _mm512_cmpge_epi32_mask(iy, _mm512_setzero_si512());
    if (bad || ((bu || bv) && ok != 0xffff))
        return false;
    g->ok = ok, g->ix = ix;
    /* xb = xa + 1: WRAP's xa below w - 1; CLAMP's floored index in [0, w - 1) (below 0 both taps
     * are 0, from w - 1 on both w - 1) */
    g->nx = bu ? _mm512_mask_cmpeq_epi32_mask(ok, g->xb, _mm512_add_epi32(g->xa, bcast16(&one_i)))
               : _mm512_mask_cmplt_epu32_mask(ok, wu ? g->xa : ix, f->wm1);
    /* CLAMP_BORDER lets +inf through (index w, off the level): its weight inf - inf is NaN, which
     * is 0 (CLAMP's +inf goes the AVX2 kernel's way: its weights are finite) */
    g->wx = _mm512_sub_ps(x, fx), g->wy = _mm512_sub_ps(y, fy);
    if (bu)
        g->wx = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(g->wx, g->wx, _CMP_ORD_Q), g->wx);
    if (bv)
        g->wy = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(g->wy, g->wy, _CMP_ORD_Q), g->wy);
    return true;
}

/* Row y's byte offset y * pitch in 16 lanes: a shift when the pitch is a power of two (rows of
 * 2^k bytes), the multiply's 10 cycles off the chain to the texel loads; the same words. */
static inline __m512i rows16(__m512i y, uint32_t pitch)
{
#if defined(__GNUC__)
    if (pitch && !(pitch & (pitch - 1)))
        return _mm512_sll_epi32(y, _mm_cvtsi32_si128(__builtin_ctz(pitch)));
#endif
    return _mm512_mullo_epi32(y, _mm512_set1_epi32((int)pitch));
}

/* log2 of a texel's @p bytes (4, 2 or 1): a column's byte offset is x shifted by it. */
static inline unsigned col_shift(const unsigned bytes)
{
    return bytes == 4 ? 2 : bytes == 2 ? 1 : 0;
}

/* Byte offsets of texels (x, y) of @p bytes in level 0. */
static inline __m512i off16_at(const flat16 *f, __m512i x, __m512i y, const unsigned bytes)
{
    return _mm512_add_epi32(_mm512_add_epi32(f->off, rows16(y, f->pitch)),
                            _mm512_slli_epi32(x, col_shift(bytes)));
}

/* Whether a bilinear row of taps (the first and the second of each lane) can be taken: off the
 * level in every lane (CLAMP_BORDER: the border colour, nothing read), or in none, every lane's
 * two texels neighbours (read together; their shape is tested as they are read). */
static inline bool rows_ok(const grid16 *g, __mmask16 offa, __mmask16 offb)
{
    return (offa & offb) == 0xffff || (!offa && !offb && g->nx == 0xffff);
}

/* Whether both rows of a bilinear message's taps (first taps at byte offsets oa and ob, every tap
 * on the level, CLAMP or WRAP) are quads with their next taps neighbours (xb = xa + 1): a
 * rasterizer's message, in one test of the first row's shape chained to nx (shape16 and rows_ok
 * test each alone). The second row's shape follows: the first row's quads fill eight consecutive
 * texel slots from lane 0's and eight from lane 2's, none of them column w - 1 (nx), so neither
 * crosses the end of a row (rows are at least w texels apart) and the lanes of each four-lane
 * half-row share a row; in the lanes of ny (every lane the test takes) yb is a function of ya,
 * so the second row's lanes do too, at the same columns. *a0, *a2, *b0, *b2: lane 0's and lane 2's
 * offsets of each row. False says nothing: the rows go the general way. */
static inline bool quads16_rows(const grid16 *g, __m512i oa, __m512i ob, const unsigned bytes,
                                uint32_t *a0, uint32_t *a2, uint32_t *b0, uint32_t *b2)
{
    __m128i a4 = _mm512_castsi512_si128(oa), b4 = _mm512_castsi512_si128(ob);
    *a0 = (uint32_t)_mm_cvtsi128_si32(a4), *a2 = (uint32_t)_mm_extract_epi32(a4, 2);
    if (*a2 == *a0 + 2 * bytes) /* lane 2 two texels on: a run or two rows of 8 */
        return false;
    *b0 = (uint32_t)_mm_cvtsi128_si32(b4), *b2 = (uint32_t)_mm_extract_epi32(b4, 2);
    return quads16_in(g->nx & g->ny, oa, _mm512_set1_epi32((int)bytes)) == 0xffff;
}

/* Lanes lane..lane + 15 of a bilinear RGBA8 message from its taps' texels (each channel converted
 * and filtered in turn). */
static inline void bil16_put(const vsmp_plan *p, vsmp_result *r, unsigned lane, const grid16 *g,
                             __m512i ta, __m512i tb, __m512i tc, __m512i td)
{
    __m512 a[4], b[4], c[4], d[4];
    unpack16(p, ta, a), unpack16(p, tb, b), unpack16(p, tc, c), unpack16(p, td, d);
    for (int k = 0; k < 4; k++)
        put16(r, lane, k, lerp16(lerp16(a[k], b[k], g->wx), lerp16(c[k], d[k], g->wx), g->wy));
}

/* One message of four 8-bit UNORM channels: @return false, having stored nothing, when the AVX2
 * kernel must take it. */
static inline bool run16(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r, unsigned lane,
                         const bool linear, const unsigned mu, const unsigned mv)
{
    flat16 f = flat16_begin(p);
    grid16 g;
    if (!grid16_flat(&f, m, lane, linear, mu, mv, &g))
        return false;
    __m512i oa = off16_at(&f, g.xa, g.ya, 4);
    /* CLAMP_BORDER: a row of taps off the level in every lane is the border colour alone (no
     * texel read); one off in some lanes only goes the AVX2 kernel's way. Each case stores its
     * channels itself (no results kept across the cases). */
    if (!linear) {
        __mmask16 off = g.oxa | g.oya;
        __m512i t;
        if (off == 0xffff) {
            for (int c = 0; c < 4; c++)
                put16(r, lane, c, _mm512_set1_ps(p->border[c]));
            return true;
        }
        if (off || !texels16(f.mem, oa, &t, NULL, false))
            return false;
        for (int c = 0; c < 4; c++)
            put16(r, lane, c, chan16_px(p, c, t));
        return true;
    }
    __m512i ob = off16_at(&f, g.xa, g.yb, 4);
    __mmask16 offa = g.oxa | g.oya, offb = g.oxb | g.oya;
    __mmask16 offc = g.oxa | g.oyb, offd = g.oxb | g.oyb;
    __m512i ta, tb, tc, td;
    if (!(offa | offb | offc | offd)) {
        /* every tap on the level (the plain modes' only case): no border colour, each channel
         * converted and filtered in turn */
        uint32_t a0, a2, b0, b2;
        if (quads16_rows(&g, oa, ob, 4, &a0, &a2, &b0, &b2)) {
            ta = texels16_at(f.mem, SHAPE_QUADS, a0, a2, 0);
            tb = texels16_at(f.mem, SHAPE_QUADS, a0, a2, 4);
            tc = texels16_at(f.mem, SHAPE_QUADS, b0, b2, 0);
            td = texels16_at(f.mem, SHAPE_QUADS, b0, b2, 4);
        } else if (!rows_ok(&g, 0, 0) || !texels16(f.mem, oa, &ta, &tb, true) ||
                   !texels16(f.mem, ob, &tc, &td, true)) {
            return false;
        }
        bil16_put(p, r, lane, &g, ta, tb, tc, td);
        return true;
    }
    if ((offa & offb & offc & offd) == 0xffff) {
        /* every tap off it: the border colour filtered (nothing read) */
        for (int k = 0; k < 4; k++) {
            __m512 t = _mm512_set1_ps(p->border[k]);
            put16(r, lane, k, lerp16(lerp16(t, t, g.wx), lerp16(t, t, g.wx), g.wy));
        }
        return true;
    }
    ta = tb = tc = td = _mm512_setzero_si512();
    if (!rows_ok(&g, offa, offb) || !rows_ok(&g, offc, offd))
        return false;
    if ((offa & offb) != 0xffff && !texels16(f.mem, oa, &ta, &tb, true))
        return false;
    if ((offc & offd) != 0xffff && !texels16(f.mem, ob, &tc, &td, true))
        return false;
    __m512 a[4], b[4], c[4], d[4];
    unpack16(p, ta, a), unpack16(p, tb, b), unpack16(p, tc, c), unpack16(p, td, d);
    border16(p, offa, a), border16(p, offb, b), border16(p, offc, c), border16(p, offd, d);
    for (int k = 0; k < 4; k++)
        put16(r, lane, k, lerp16(lerp16(a[k], b[k], g.wx), lerp16(c[k], d[k], g.wx), g.wy));
    return true;
}

/* Each kernel compiled whole for its filter and modes (run16 and its stages inlined), starting on
 * a 64-byte boundary: where the linker places a kernel otherwise moves its speed (the bilinear
 * WRAP kernel measured 9 % apart between two placements of the same instructions). */
#if defined(__GNUC__)
#define FLATTEN16 __attribute__((flatten, aligned(64)))
#else
#define FLATTEN16
#endif

/* A row of 8 texels whose columns wrap at a WRAP axis's right edge: columns (c + j) & (w - 1) of
 * the row whose column c is at byte offset o, j < 8, w from 8 on (a power of two: the columns wrap
 * at most once); those before the edge by one masked load at o, the rest (the row's columns
 * c + j - w) by one from w texels before it. Masked-off dwords are not read. */
static inline __m256i wrap8_row(const uint8_t *mem, uint32_t o, uint32_t c, uint32_t w)
{
    uint32_t in = w - c; /* columns before the edge: 1..w */
    __mmask8 k = (__mmask8)(in >= 8 ? 0xffu : (1u << in) - 1u);
    __m256i v = _mm256_maskz_loadu_epi32(k, (const void *)((uintptr_t)mem + o));
    return _mm256_mask_loadu_epi32(v, (__mmask8)~k, (const void *)((uintptr_t)mem + o - 4 * w));
}

/* A bilinear RGBA8 message of WRAP along x whose quads cross the level's right edge (a
 * rasterizer's at column w - 1, whose columns go on at the row's column 0): every tap on the level
 * (CLAMP or WRAP along y), every index converted, lane l's floored x lane 0's or lane 2's
 * (quads16_in's) + column(l) and its row y that lane's, w from 8 on. Each half-row's texels are
 * then columns (xa + j) & (w - 1), j < 8, of one row y, from xa, lane 0's or lane 2's index, and
 * its second taps the same from xa + 1 (WRAP's xb: (xa + 1) & (w - 1)), read by wrap8_row; the
 * second row of taps (yb, a function of y in the lanes of ny, every lane the test takes) likewise.
 * Lanes lane..lane + 15: @return false, nothing stored, otherwise. */
static inline bool wrap16(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r, unsigned lane,
                          const unsigned mv)
{
    flat16 f = flat16_begin(p);
    grid16 g;
    const uint32_t w = p->lv[p->base].w;
    if (w < 8 || !grid16_flat(&f, m, lane, true, VSMP_TCM_WRAP, mv, &g) || g.ok != 0xffff)
        return false;
    /* quads in rows (every lane's row its quad's) and in columns (unwrapped indices) */
    __mmask16 q = quads16_in(g.ny, g.ya, _mm512_setzero_si512());
    if (quads16_in(q, g.ix, _mm512_set1_epi32(1)) != 0xffff)
        return false;
    __m128i a4 = _mm512_castsi512_si128(off16_at(&f, g.xa, g.ya, 4));
    __m128i b4 = _mm512_castsi512_si128(off16_at(&f, g.xa, g.yb, 4));
    __m128i x4 = _mm512_castsi512_si128(g.xa);
    uint32_t a0 = (uint32_t)_mm_cvtsi128_si32(a4), a2 = (uint32_t)_mm_extract_epi32(a4, 2);
    uint32_t b0 = (uint32_t)_mm_cvtsi128_si32(b4), b2 = (uint32_t)_mm_extract_epi32(b4, 2);
    uint32_t x0 = (uint32_t)_mm_cvtsi128_si32(x4), x2 = (uint32_t)_mm_extract_epi32(x4, 2);
    /* the second taps' row: the first's from one column on, at the edge the row's column 0 */
    uint32_t n0 = x0 + 1 < w ? 4 : 4 - 4 * w, n2 = x2 + 1 < w ? 4 : 4 - 4 * w;
    __m512i ta =
        rows16_lanes(SHAPE_QUADS, wrap8_row(f.mem, a0, x0, w), wrap8_row(f.mem, a2, x2, w));
    __m512i tb = rows16_lanes(SHAPE_QUADS, wrap8_row(f.mem, a0 + n0, (x0 + 1) & (w - 1), w),
                              wrap8_row(f.mem, a2 + n2, (x2 + 1) & (w - 1), w));
    __m512i tc =
        rows16_lanes(SHAPE_QUADS, wrap8_row(f.mem, b0, x0, w), wrap8_row(f.mem, b2, x2, w));
    __m512i td = rows16_lanes(SHAPE_QUADS, wrap8_row(f.mem, b0 + n0, (x0 + 1) & (w - 1), w),
                              wrap8_row(f.mem, b2 + n2, (x2 + 1) & (w - 1), w));
    bil16_put(p, r, lane, &g, ta, tb, tc, td);
    return true;
}

/* A whole message no run16 took, of a bilinear kernel WRAP along x: wrap16's, else the AVX2
 * kernel's. Out of line (1 in 128 of a rasterizer's messages on a 1024-texel-wide level): the
 * kernels' own code as without it. */
#if defined(__GNUC__)
#define WRAP16_FN __attribute__((noinline, flatten))
#else
#define WRAP16_FN
#endif
#define WRAP16(name, mv)                                                                           \
    WRAP16_FN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)          \
    {                                                                                              \
        if (!wrap16(p, m, r, 0, mv) || (m->simd == 32 && !wrap16(p, m, r, 16, mv)))                \
            vsmp_sample_flat_u8x4_avx2(p, m, r);                                                   \
    }
WRAP16(wrap16_c, VSMP_TCM_CLAMP)
WRAP16(wrap16_w, VSMP_TCM_WRAP)

/* The kernels of a family: one per filter and pair of modes, which vsmp_flat_avx512_pick names at
 * plan time; a message not whole (whole16) runs the family's AVX2 kernel, one not taken that or
 * (bilinear, WRAP along x, not CLAMP_BORDER along y) wrap16's. */
#define FLAT16(name, arg, linear, mu, mv)                                                          \
    FLATTEN16 static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)          \
    {                                                                                              \
        if (!whole16(m))                                                                           \
            vsmp_sample_flat_u8x4_avx2(p, m, r);                                                   \
        else if (!run16(p, m, r, 0, linear, mu, mv) ||                                             \
                 (m->simd == 32 && !run16(p, m, r, 16, linear, mu, mv)))                           \
            (!(linear) || (mu) != MW || (mv) == MB ? vsmp_sample_flat_u8x4_avx2                    \
             : (mv) == MW                          ? wrap16_w                                      \
                                                   : wrap16_c)(p, m, r);                                                    \
    }

FLAT_KINDS(FLAT16, flat16, _)

static const vsmp_kernel flat16_k[18] = {FLAT_KINDS(FLAT_KIND_NAME, flat16, _)};

void vsmp_sample_flat_u8x4_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    if (p->s->d.array)
        vsmp_sample_flat_u8x4_avx2(p, m, r);
    else
        flat16_k[flat_kind(p)](p, m, r);
}

/* ---- One 16-bit UNORM or float16 channel in a 2-byte texel (R16, R16_FLOAT, A16) ----
 *
 * sample_flat_r16_avx2's plans at the AVX-512 level: the same shapes of 16 lanes (a run: one
 * 32-byte load; two rows of 8: a 16-byte load of each row), the 16 values converted together
 * (float16 by one vcvtph2ps, UNORM16 by unorm16_fma's multiply-add, exact as the reference's
 * division), the real channel filtered and the constant ones only where a border colour is read
 * (chan1_avx2.h's rules); float16 results that are NaN become the reference's NaN. */

/* The 2-byte texels of a shape (at + d bytes), lane l's in word l. */
static inline __m256i halves16_at(const uint8_t *mem, int shape, uint32_t o0, uint32_t o1,
                                  uint32_t d)
{
    if (shape == SHAPE_RUN)
        return _mm256_loadu_si256((const __m256i *)(mem + o0 + d));
    __m128i top = _mm_loadu_si128((const __m128i *)(mem + o0 + d));
    __m128i bot = _mm_loadu_si128((const __m128i *)(mem + o1 + d));
    if (shape == SHAPE_ROWS)
        return _mm256_inserti128_si256(_mm256_castsi128_si256(top), bot, 1);
    /* quads: lanes 2j, 2j + 1 the top row's pair j % 2 + 2 (j / 2)... as 32-bit pairs, top and
     * bottom alternating */
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_unpacklo_epi32(top, bot)),
                                   _mm_unpackhi_epi32(top, bot), 1);
}

/* 16 values as the channel's floats: float16 exactly, or v / 65535 as unorm16_fma gives it. */
static inline __m512 dec16(const bool f16, __m256i v)
{
    if (f16)
        return _mm512_cvtph_ps(v);
    __m512 f = _mm512_cvtepi32_ps(_mm512_cvtepu16_epi32(v));
    return _mm512_fmadd_ps(f, _mm512_set1_ps(0x1.0001p-16f),
                           _mm512_mul_ps(f, _mm512_set1_ps(0x1.0001p-48f)));
}

/* chan1_texel: channel c's values, the constants elsewhere, the border colour in off's lanes
 * (each channel picked by a blend: no array indexed by c, which the compiler keeps in memory). */
static inline void chan16_texel(const vsmp_plan *p, int c, __m512 v, __mmask16 off, __m512 t[4])
{
    for (int k = 0; k < 4; k++)
        t[k] = _mm512_mask_blend_ps(k == c ? 0xffff : 0, _mm512_set1_ps(p->konst[k]), v);
    border16(p, off, t);
}

/* The 1-byte texels of a shape (at + d bytes), lane l's in byte l: a 16-byte load, or an 8-byte
 * load of each row (quads: their 16-bit pairs interleaved, top and bottom alternating). */
static inline __m128i bytes16_at(const uint8_t *mem, int shape, uint32_t o0, uint32_t o1,
                                 uint32_t d)
{
    if (shape == SHAPE_RUN)
        return _mm_loadu_si128((const __m128i *)(mem + o0 + d));
    __m128i top = _mm_loadl_epi64((const __m128i *)(mem + o0 + d));
    __m128i bot = _mm_loadl_epi64((const __m128i *)(mem + o1 + d));
    return shape == SHAPE_ROWS ? _mm_unpacklo_epi64(top, bot) : _mm_unpacklo_epi16(top, bot);
}

/* The channel's values of a shape's texels (at + d texels): 2-byte texels by dec16, 1-byte UNORM
 * ones by unorm8_16 of b * 0x010101 (each zero-extended byte copied to its dword's bytes 1 and 2
 * by one shuffle, whose indices count from its 16-byte lane: the same words as the multiply). */
static inline __m512 vals16_at(const uint8_t *mem, int shape, uint32_t o0, uint32_t o1,
                               const unsigned bytes, const bool f16, uint32_t d)
{
    if (bytes == 2)
        return dec16(f16, halves16_at(mem, shape, o0, o1, 2 * d));
    const __m512i triple = _mm512_broadcast_i32x4(
        _mm_setr_epi32((int)0x80000000u, (int)0x80040404u, (int)0x80080808u, (int)0x800c0c0cu));
    return unorm8_16(
        _mm512_shuffle_epi8(_mm512_cvtepu8_epi32(bytes16_at(mem, shape, o0, o1, d)), triple));
}

/* The channel's values at byte offsets o of 16 lanes (and at + bytes, next, with two) when they
 * are in a shape (vals16_at); @return false otherwise (nothing read). */
static inline bool vals16(const uint8_t *mem, __m512i o, const unsigned bytes, const bool f16,
                          __m512 *t, __m512 *next, const bool two)
{
    uint32_t o0, o1 = 0;
    int shape = shape16(o, bytes, &o0, &o1);
    if (shape == SHAPE_NONE)
        return false;
    *t = vals16_at(mem, shape, o0, o1, bytes, f16, 0);
    if (two)
        *next = vals16_at(mem, shape, o0, o1, bytes, f16, 1);
    return true;
}

/* Point sampling's taps when they are a run by their indices: one row (ya the same in every
 * lane) and lane l's column lane 0's + l. *o0: lane 0's byte offset, off16_at's words (32-bit
 * arithmetic), found with a scalar multiply instead of the 16 lanes' offsets and shape16's test
 * of them (the same texels: a run). */
static inline bool run16_idx(const flat16 *f, const grid16 *g, const unsigned bytes, uint32_t *o0)
{
    __m128i x4 = _mm512_castsi512_si128(g->xa), y4 = _mm512_castsi512_si128(g->ya);
    const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __mmask16 row = _mm512_cmpeq_epi32_mask(g->ya, _mm512_broadcastd_epi32(y4));
    __mmask16 run =
        _mm512_cmpeq_epi32_mask(g->xa, _mm512_add_epi32(_mm512_broadcastd_epi32(x4), iota));
    if ((row & run) != 0xffff)
        return false;
    uint32_t x0 = (uint32_t)_mm_cvtsi128_si32(x4), y0 = (uint32_t)_mm_cvtsi128_si32(y4);
    *o0 = (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(f->off)) + y0 * f->pitch +
          (x0 << col_shift(bytes));
    return true;
}

/* One message of one channel in a texel of @p bytes (2: R16...; 1: R8, A8): @return false, having
 * stored nothing, when the AVX2 kernel must take it. */
static inline bool run16_h(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r, unsigned lane,
                           const bool linear, const unsigned mu, const unsigned mv,
                           const unsigned bytes)
{
    int c = 0;
    while (c < 3 && (bytes == 2 ? p->ch_dec[c] == CD_NONE : p->byte_of[c] == 0xff))
        c++;
    const bool f16 = bytes == 2 && p->ch_dec[c] == CD_F16;
    flat16 f = flat16_begin(p);
    grid16 g;
    if (!grid16_flat(&f, m, lane, linear, mu, mv, &g))
        return false;
    __m512 o[4];
    /* rows of taps off the level in every lane: zeros, which the border colour replaces */
    if (!linear) {
        __mmask16 off = g.oxa | g.oya;
        __m512 v = _mm512_setzero_ps();
        uint32_t o0;
        if (!off && run16_idx(&f, &g, bytes, &o0))
            v = vals16_at(f.mem, SHAPE_RUN, o0, 0, bytes, f16, 0);
        else if (off != 0xffff && (off || !vals16(f.mem, off16_at(&f, g.xa, g.ya, bytes), bytes,
                                                  f16, &v, NULL, false)))
            return false;
        chan16_texel(p, c, v, off, o);
    } else {
        __m512i oa = off16_at(&f, g.xa, g.ya, bytes);
        __m512i ob = off16_at(&f, g.xa, g.yb, bytes);
        __mmask16 offa = g.oxa | g.oya, offb = g.oxb | g.oya;
        __mmask16 offc = g.oxa | g.oyb, offd = g.oxb | g.oyb;
        __m512 a, b, cc, d;
        a = b = cc = d = _mm512_setzero_ps();
        uint32_t a0, a2, b0, b2;
        if (!(offa | offb | offc | offd) && quads16_rows(&g, oa, ob, bytes, &a0, &a2, &b0, &b2)) {
            a = vals16_at(f.mem, SHAPE_QUADS, a0, a2, bytes, f16, 0);
            b = vals16_at(f.mem, SHAPE_QUADS, a0, a2, bytes, f16, 1);
            cc = vals16_at(f.mem, SHAPE_QUADS, b0, b2, bytes, f16, 0);
            d = vals16_at(f.mem, SHAPE_QUADS, b0, b2, bytes, f16, 1);
        } else {
            if (!rows_ok(&g, offa, offb) || !rows_ok(&g, offc, offd))
                return false;
            if ((offa & offb) != 0xffff && !vals16(f.mem, oa, bytes, f16, &a, &b, true))
                return false;
            if ((offc & offd) != 0xffff && !vals16(f.mem, ob, bytes, f16, &cc, &d, true))
                return false;
        }
        if (!(offa | offb | offc | offd)) {
            /* the constant channels filter to themselves (finite weights in [0, 1]) */
            for (int k = 0; k < 4; k++)
                o[k] = _mm512_set1_ps(p->konst[k]);
            o[c] = lerp16(lerp16(a, b, g.wx), lerp16(cc, d, g.wx), g.wy);
        } else {
            __m512 ta[4], tb[4], tc[4], td[4];
            chan16_texel(p, c, a, offa, ta), chan16_texel(p, c, b, offb, tb);
            chan16_texel(p, c, cc, offc, tc), chan16_texel(p, c, d, offd, td);
            for (int k = 0; k < 4; k++)
                o[k] = lerp16(lerp16(ta[k], tb[k], g.wx), lerp16(tc[k], td[k], g.wx), g.wy);
        }
    }
    const __m512 qnan = _mm512_castsi512_ps(_mm512_set1_epi32((int)VSMP_NAN_BITS));
    for (int k = 0; k < 4; k++) {
        if (f16) /* NaN results as the reference returns them */
            o[k] = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(o[k], o[k], _CMP_UNORD_Q), o[k], qnan);
        _mm512_storeu_ps((float *)(r->c[k] + lane), o[k]);
    }
    return true;
}

/* The R16 kernels: one per filter and pair of modes, as the RGBA8 ones. */
#define FLAT16_H(name, arg, linear, mu, mv)                                                        \
    FLATTEN16 static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)          \
    {                                                                                              \
        if (!whole16(m) || !run16_h(p, m, r, 0, linear, mu, mv, 2) ||                              \
            (m->simd == 32 && !run16_h(p, m, r, 16, linear, mu, mv, 2)))                           \
            vsmp_sample_flat_r16_avx2(p, m, r);                                                    \
    }

FLAT_KINDS(FLAT16_H, flat16h, _)

static const vsmp_kernel flat16h_k[18] = {FLAT_KINDS(FLAT_KIND_NAME, flat16h, _)};

void vsmp_sample_flat_r16_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    if (p->s->d.array)
        vsmp_sample_flat_r16_avx2(p, m, r);
    else
        flat16h_k[flat_kind(p)](p, m, r);
}

/* The R8 kernels (one 8-bit UNORM channel in a 1-byte texel: R8, A8; sample_flat_r8_avx2's
 * plans, which also take R8_SNORM: that one, and every message not taken, runs the AVX2 kernel). */
#define FLAT16_B(name, arg, linear, mu, mv)                                                        \
    FLATTEN16 static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)          \
    {                                                                                              \
        if (!whole16(m) || !run16_h(p, m, r, 0, linear, mu, mv, 1) ||                              \
            (m->simd == 32 && !run16_h(p, m, r, 16, linear, mu, mv, 1)))                           \
            vsmp_sample_flat_r8_avx2(p, m, r);                                                     \
    }

FLAT_KINDS(FLAT16_B, flat16b, _)

static const vsmp_kernel flat16b_k[18] = {FLAT_KINDS(FLAT_KIND_NAME, flat16b, _)};

/* Whether the R8 kernels take a plan's texels: UNORM (R8_SNORM runs the AVX2 kernel). */
static bool r8_unorm(const vsmp_plan *p)
{
    int c = 0;
    while (c < 3 && p->byte_of[c] == 0xff)
        c++;
    return p->ch_kind[c] == 1;
}

void vsmp_sample_flat_r8_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    if (p->s->d.array || !r8_unorm(p))
        vsmp_sample_flat_r8_avx2(p, m, r);
    else
        flat16b_k[flat_kind(p)](p, m, r);
}

static vsmp_kernel ld16_pick(const vsmp_plan *p, vsmp_kernel k);

vsmp_kernel vsmp_flat_avx512_pick(const vsmp_plan *p, vsmp_kernel k)
{
    if (k == vsmp_ld_u8x4_avx512 || k == vsmp_ld_int8x4_avx512)
        return ld16_pick(p, k);
    const vsmp_kernel *family = k == vsmp_sample_flat_u8x4_avx512  ? flat16_k
                                : k == vsmp_sample_flat_r16_avx512 ? flat16h_k
                                : k == vsmp_sample_flat_r8_avx512  ? flat16b_k
                                                                   : NULL;
    if (!family || p->s->d.array || (family == flat16b_k && !r8_unorm(p)))
        return k;
    return family[flat_kind(p)];
}

/* ---- ld of 4-byte texels of four 8-bit channels: UNORM (RGBA8, BGRA8) and integers ----
 *
 * A SIMD16 or SIMD32 message with every lane on at level 0 (ld_lz, or every LOD 0) and inside the
 * level whose texels are a run or two rows of 8 (texels16) in 16 lanes at once: UNORM channels by
 * unpack16 (ld_unorm8's chan_u8), 8-bit UINT and SINT channels each zero- or sign-extended from
 * its byte by one shuffle (decode8's words). Each kernel's inline path tests the shapes on the
 * coordinates (ld16_xy); a message it leaves runs the whole by the texels' byte offsets out of
 * line (shape16), and any other message the AVX-512 kernel the plan would take without this one
 * (vsmp_ld_2d_unorm8_avx512, vsmp_ld_2d_avx512). vsmp_flat_avx512_pick names the member of a
 * plan's operation (ld_lz: no LOD array) and, for RGBA8, of its channels at plan time. */

/* The texels of shape @p s (quads16_xy's, run16_xy's, rows16_xy's) whose lanes' coordinates are
 * at pu and pv when they all lie in level l: lane 0's and lane 15's do, each shape's first and last
 * texel (u in [0, w) and v in [0, h), unsigned: no index wraps past 2^32). Lane 0's address in
 * scalars, the second row's a pitch on (a surface under 2 GiB: off16_at's offsets do not wrap). */
static inline bool ld16_at(const vsmp_level_view *l, const int s, const uint32_t *pu,
                           const uint32_t *pv, __m512i *t)
{
    if (pu[0] >= l->w || pu[15] >= l->w || pv[0] >= l->h || pv[15] >= l->h)
        return false;
    const uint8_t *at = l->base + (size_t)pv[0] * l->pitch + 4 * (size_t)pu[0];
    *t = s == SHAPE_RUN ? _mm512_loadu_si512(at)
                        : rows16_lanes(s, _mm256_loadu_si256((const __m256i *)at),
                                       _mm256_loadu_si256((const __m256i *)(at + l->pitch)));
    return true;
}

/* ld16_texels' messages whose coordinates (at pu, pv: u and v) are in one of the shapes by index,
 * the rasterizer's quads tested first (no test of lane 2 to order them: a run's message pays the
 * quads' test), inside level l (ld16_at). */
static inline bool ld16_xy(const vsmp_level_view *l, const uint32_t *pu, const uint32_t *pv,
                           __m512i *t)
{
    const __m512i u = _mm512_loadu_si512(pu), v = _mm512_loadu_si512(pv);
    const __m512i bx = bcast16((const int32_t *)pu), by = bcast16((const int32_t *)pv);
    if (quads16_xy(u, v, bx, by))
        return ld16_at(l, SHAPE_QUADS, pu, pv, t);
    if (run16_xy(u, v, bx, by))
        return ld16_at(l, SHAPE_RUN, pu, pv, t);
    return rows16_xy(u, v, bx, by) && ld16_at(l, SHAPE_ROWS, pu, pv, t);
}

/* How a kernel finds a message's LOD: ld_lz (none), ld (its LOD array), or the plan's operation. */
enum { LD16_LZ, LD16_LOD, LD16_OP };

/* The texels of a message of ld at level 0, all inside it, in a shape texels16 reads; @return
 * false otherwise (nothing read). With @p xy, the shapes by the coordinates (ld16_xy), else by the
 * texels' byte offsets. */
static inline bool ld16_texels(const vsmp_plan *p, const vsmp_message *m, unsigned lane, __m512i *t,
                               const int lod, const bool xy)
{
    const uint32_t *lods =
        lod == LD16_LZ || (lod == LD16_OP && p->op == VSMP_SUB_LD_LZ) ? NULL : m->param[VSMP_P_LOD];
    if (lods) {
        __m512i z = _mm512_loadu_si512(lods + lane);
        if (_mm512_test_epi32_mask(z, z))
            return false;
    }
    const vsmp_level_view *l = &p->lv[p->base];
    if (xy) {
        const uint32_t *pu = m->param[VSMP_P_U], *pv = m->param[VSMP_P_V];
        return pu && pv && ld16_xy(l, pu + lane, pv + lane, t);
    }
    __m512i u = _mm512_castps_si512(param16(m, VSMP_P_U, lane));
    __m512i v = _mm512_castps_si512(param16(m, VSMP_P_V, lane));
    /* 0 <= u < w and 0 <= v < h, unsigned */
    __mmask16 in = _mm512_cmplt_epu32_mask(u, _mm512_set1_epi32((int)l->w)) &
                   _mm512_cmplt_epu32_mask(v, _mm512_set1_epi32((int)l->h));
    if (in != 0xffff)
        return false;
    __m512i off = _mm512_add_epi32(_mm512_set1_epi32((int)l->off), rows16(v, l->pitch));
    return texels16(p->s->mem, _mm512_add_epi32(off, _mm512_slli_epi32(u, 2)), t, NULL, false);
}

/* Lanes lane..lane + 15 of ld of RGBA8: @return false (nothing stored) when not taken. */
static inline bool ld_u8x4_16(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                              unsigned lane, const int lod, const bool xy)
{
    __m512i t;
    if (!ld16_texels(p, m, lane, &t, lod, xy))
        return false;
    __m512 o[4];
    unpack16(p, t, o);
    for (int c = 0; c < 4; c++)
        _mm512_storeu_ps((float *)(r->c[c] + lane), o[c]);
    return true;
}

/* The same for 8-bit integer channels: byte b of each dword's texel into the dword's low byte
 * (UINT: zeros above) or its high byte (SINT: then shifted down arithmetically). */
static inline bool ld_int8x4_16(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                                unsigned lane, const int lod, const bool xy)
{
    __m512i t;
    if (!ld16_texels(p, m, lane, &t, lod, xy))
        return false;
    const __m512i at = _mm512_setr_epi32(0, 4, 8, 12, 0, 4, 8, 12, 0, 4, 8, 12, 0, 4, 8, 12);
    for (int c = 0; c < 4; c++) {
        __m512i b = _mm512_add_epi32(at, _mm512_set1_epi32(p->ch_pos[c]));
        __m512i w;
        if (p->ch_dec[c] == CD_SINT) {
            b = _mm512_or_si512(_mm512_slli_epi32(b, 24), _mm512_set1_epi32(0x808080));
            w = _mm512_srai_epi32(_mm512_shuffle_epi8(t, b), 24);
        } else {
            w = _mm512_shuffle_epi8(t, _mm512_or_si512(b, _mm512_set1_epi32((int)0x80808000u)));
        }
        _mm512_storeu_si512(r->c[c] + lane, w);
    }
    return true;
}

#if defined(__GNUC__)
#define NOINLINE16 __attribute__((noinline, flatten))
#else
#define NOINLINE16
#endif

/* A message whose halves of 16 lanes were not all taken runs the plan's other kernel whole (it
 * writes every lane again). The kernels: a whole message by ld16_xy, else (out of line, their
 * registers and stack as without it) by the byte offsets, else the other kernel; compiled whole
 * (flatten): the halves' bodies inlined. */
#define LD16(name, half, other)                                                                    \
    NOINLINE16 static void name##_any(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)   \
    {                                                                                              \
        if (!half(p, m, r, 0, LD16_OP, false) ||                                                   \
            (m->simd == 32 && !half(p, m, r, 16, LD16_OP, false)))                                 \
            other(p, m, r);                                                                        \
    }                                                                                              \
    FLATTEN16 static void name##_lz(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)     \
    {                                                                                              \
        if (!whole16(m) || p->s->resident)                                                         \
            other(p, m, r);                                                                        \
        else if (!half(p, m, r, 0, LD16_LZ, true) ||                                               \
                 (m->simd == 32 && !half(p, m, r, 16, LD16_LZ, true)))                             \
            name##_any(p, m, r);                                                                   \
    }                                                                                              \
    FLATTEN16 static void name##_lod(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)    \
    {                                                                                              \
        if (!whole16(m) || p->s->resident)                                                         \
            other(p, m, r);                                                                        \
        else if (!half(p, m, r, 0, LD16_LOD, true) ||                                              \
                 (m->simd == 32 && !half(p, m, r, 16, LD16_LOD, true)))                            \
            name##_any(p, m, r);                                                                   \
    }

LD16(ld_u8x4, ld_u8x4_16, vsmp_ld_2d_unorm8_avx512)
LD16(ld_int8x4, ld_int8x4_16, vsmp_ld_2d_avx512)

/* The member of entry k's family a plan's messages run (vsmp_flat_avx512_pick's). */
static vsmp_kernel ld16_pick(const vsmp_plan *p, vsmp_kernel k)
{
    const bool lz = p->op == VSMP_SUB_LD_LZ;
    if (k == vsmp_ld_int8x4_avx512)
        return lz ? ld_int8x4_lz : ld_int8x4_lod;
    return !p->u8x4 ? vsmp_ld_2d_unorm8_avx512 : lz ? ld_u8x4_lz : ld_u8x4_lod;
}

/* The entries (the fast-path table's): the plan's member. */
void vsmp_ld_u8x4_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    ld16_pick(p, vsmp_ld_u8x4_avx512)(p, m, r);
}

void vsmp_ld_int8x4_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    ld16_pick(p, vsmp_ld_int8x4_avx512)(p, m, r);
}
