/* SPDX-License-Identifier: MIT */
/*
 * The AVX-512 flat kernel of four 8-bit UNORM channels in a 4-byte texel (RGBA8, BGRA8) on 2D
 * surfaces, point and bilinear without mips: the shapes OpenCL's read_imagef sends through a
 * sampler with nearest or linear filtering (sample_lz), and a rasterizer's. A SIMD16 message
 * with every lane on is taken in 16 lanes at once (one 512-bit register per channel) when each
 * row of its taps is one of two shapes:
 *
 *   - a run: lane l's texel 4 l bytes after lane 0's (OpenCL's work-items along x), read by one
 *     64-byte load;
 *   - two rows of 8 texels: four 2x2 quads side by side, lane l at column 2 (l / 4) + l % 2 of
 *     row (l / 2) % 2 (a rasterizer's), or lanes 0-7 and 8-15 along two rows (OpenCL's
 *     work-groups 8 wide), read by a 32-byte load of each row and one permute.
 *
 * A bilinear row's second taps (the texel after each first tap, when every lane's are
 * neighbours) are the same shape 4 bytes on. Only texels the lanes read are loaded. Any other
 * message (partial, arrays, taps in no such shape, wrapped or clamped at an edge, or a lane
 * whose index needs more than the 32-bit conversion) runs vsmp_sample_flat_u8x4_avx2, before
 * anything is stored. The index arithmetic is grid8_flat's (stages_avx2.h) on 16 lanes, the
 * conversion unorm8's and the filter filter8_u8x4's, in the same order: the reference's words
 * (tests/test_fastpath.c). Results of these formats are never NaN: no NaN rewrite. Compiled
 * with the AVX-512 level's flags only.
 */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "flat_u8x4.h"

/* What every message of a plan shares: level 0's view and the coordinates' scale, as
 * flat8_begin gives them. */
typedef struct flat16 {
    __m512 sx, sy, fwm1, fhm1;
    __m512i wm1, hm1, pitch, off;
    const uint8_t *mem;
} flat16;

static inline flat16 flat16_begin(const vsmp_plan *p)
{
    const vsmp_level_view *l = &p->lv[p->base];
    flat16 f;
    bool nn = p->st.non_normalized;
    f.sx = _mm512_set1_ps(nn ? 1.0f : l->fw), f.sy = _mm512_set1_ps(nn ? 1.0f : l->fh);
    f.wm1 = _mm512_set1_epi32((int)l->w - 1), f.hm1 = _mm512_set1_epi32((int)l->h - 1);
    f.fwm1 = _mm512_cvtepi32_ps(f.wm1), f.fhm1 = _mm512_cvtepi32_ps(f.hm1);
    f.pitch = _mm512_set1_epi32((int)l->pitch), f.off = _mm512_set1_epi32((int)l->off);
    f.mem = p->s->mem;
    return f;
}

/* A parameter of the message's 16 lanes (zeros for an omitted one, as param8_in). */
static inline __m512 param16(const vsmp_message *m, unsigned kind)
{
    const uint32_t *a = m->param[kind];
    return a ? _mm512_loadu_ps((const float *)a) : _mm512_setzero_ps();
}

/* idx_flat and idx_next of stages_avx2.h: the floored coordinate f's index (WRAP on a power of
 * two, else CLAMP's), lanes converted to INT32_MIN flagged in *bad; and the next index. */
static inline __m512i idx16(bool wrap, __m512 f, __m512 fm1, __m512i m1, __mmask16 *bad)
{
    __m512i i = _mm512_cvttps_epi32(wrap ? f : _mm512_min_ps(fm1, f));
    *bad |= _mm512_cmpeq_epi32_mask(i, _mm512_set1_epi32(INT32_MIN));
    return wrap ? _mm512_and_si512(i, m1) : _mm512_max_epi32(i, _mm512_setzero_si512());
}

static inline __m512i idx16_next(bool wrap, __m512 f, __m512i i0, __m512 fm1, __m512i m1)
{
    if (wrap)
        return _mm512_and_si512(_mm512_add_epi32(i0, _mm512_set1_epi32(1)), m1);
    return _mm512_max_epi32(
        _mm512_cvttps_epi32(_mm512_min_ps(fm1, _mm512_add_ps(f, _mm512_set1_ps(1.0f)))),
        _mm512_setzero_si512());
}

/* off_flat: CLAMP_BORDER's taps f and f + 1 off the level (below 0 or above size - 1). */
static inline void off16(__m512 f, __m512 fm1, __mmask16 *o0, __mmask16 *o1)
{
    __m512 z = _mm512_setzero_ps(), g = _mm512_add_ps(f, _mm512_set1_ps(1.0f));
    *o0 = _mm512_cmp_ps_mask(f, z, _CMP_LT_OQ) | _mm512_cmp_ps_mask(f, fm1, _CMP_GT_OQ);
    *o1 = _mm512_cmp_ps_mask(g, z, _CMP_LT_OQ) | _mm512_cmp_ps_mask(g, fm1, _CMP_GT_OQ);
}

/* The texels at byte offsets o of 16 lanes (and + 4 bytes, next) when they are a run, two rows of
 * quads or two runs of 8; @return false otherwise (nothing read). */
static inline bool texels16(const uint8_t *mem, __m512i o, __m512i *t, __m512i *next,
                            const bool two)
{
    const __m512i step =
        _mm512_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60);
    __m128i o4 = _mm512_castsi512_si128(o);
    uint32_t o0 = (uint32_t)_mm_cvtsi128_si32(o4);
    __m512i run = _mm512_add_epi32(_mm512_broadcastd_epi32(o4), step);
    if (_mm512_cmpeq_epi32_mask(o, run) == 0xffff) {
        *t = _mm512_loadu_si512(mem + o0);
        if (two)
            *next = _mm512_loadu_si512(mem + o0 + 4);
        return true;
    }
    /* two rows of quads: lane l at lane 0's (top) or lane 2's (bottom) offset + 4 column(l) */
    const __m512i from = _mm512_setr_epi32(0, 0, 2, 2, 0, 0, 2, 2, 0, 0, 2, 2, 0, 0, 2, 2);
    const __m512i col = _mm512_setr_epi32(0, 4, 0, 4, 8, 12, 8, 12, 16, 20, 16, 20, 24, 28, 24, 28);
    /* lane l: texel column(l) of the top row's 8 (lanes 0..7 of the pair) or of the bottom's */
    __m512i pick = _mm512_setr_epi32(0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23);
    uint32_t o2;
    if (_mm512_cmpeq_epi32_mask(o, _mm512_add_epi32(_mm512_permutexvar_epi32(from, o), col)) ==
        0xffff) {
        o2 = (uint32_t)_mm_extract_epi32(o4, 2);
    } else {
        /* two runs of 8 (OpenCL's work-groups 8 wide): lanes 0..7 from lane 0's offset, 8..15
         * from lane 8's */
        const __m512i from8 = _mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8);
        const __m512i col8 =
            _mm512_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28, 0, 4, 8, 12, 16, 20, 24, 28);
        if (_mm512_cmpeq_epi32_mask(
                o, _mm512_add_epi32(_mm512_permutexvar_epi32(from8, o), col8)) != 0xffff)
            return false;
        o2 = (uint32_t)_mm_cvtsi128_si32(_mm512_extracti32x4_epi32(o, 2));
        pick = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
    }
    __m512i top = _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(mem + o0)));
    __m512i bot = _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(mem + o2)));
    *t = _mm512_permutex2var_epi32(top, pick, bot);
    if (two) {
        top = _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(mem + o0 + 4)));
        bot = _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(mem + o2 + 4)));
        *next = _mm512_permutex2var_epi32(top, pick, bot);
    }
    return true;
}

/* unorm8 of stages_avx2.h on 16 lanes: channel c's byte tripled by the plan's shuffle, then
 * b / 255 correctly rounded as z 2^-24 + z 2^-48 by one fused multiply-add. */
static inline void unpack16(const vsmp_plan *p, __m512i px, __m512 out[4])
{
    for (int c = 0; c < 4; c++) {
        __m512i shuf = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p->u8shuf[c]));
        __m512 f = _mm512_cvtepi32_ps(_mm512_shuffle_epi8(px, shuf));
        out[c] = _mm512_fmadd_ps(f, _mm512_set1_ps(0x1p-48f),
                                 _mm512_mul_ps(f, _mm512_set1_ps(0x1p-24f)));
    }
}

/* The border colour in the lanes of off (border8). */
static inline void border16(const vsmp_plan *p, __mmask16 off, __m512 t[4])
{
    if (!off)
        return;
    for (int c = 0; c < 4; c++)
        t[c] = _mm512_mask_blend_ps(off, t[c], _mm512_set1_ps(p->border[c]));
}

static inline __m512 lerp16(__m512 a, __m512 b, __m512 w)
{
    return _mm512_add_ps(a, _mm512_mul_ps(_mm512_sub_ps(b, a), w));
}

/* One message: @return false, having stored nothing, when the AVX2 kernel must take it. */
static inline bool run16(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                         const bool linear, const unsigned mu, const unsigned mv)
{
    const bool wu = mu == VSMP_TCM_WRAP, wv = mv == VSMP_TCM_WRAP;
    const bool bu = mu == VSMP_TCM_CLAMP_BORDER, bv = mv == VSMP_TCM_CLAMP_BORDER;
    flat16 f = flat16_begin(p);
    __m512 x = _mm512_mul_ps(param16(m, VSMP_P_U), f.sx);
    __m512 y = _mm512_mul_ps(param16(m, VSMP_P_V), f.sy);
    if (linear) {
        __m512 half = _mm512_set1_ps(0.5f);
        x = _mm512_sub_ps(x, half), y = _mm512_sub_ps(y, half);
    }
    __m512 fx = _mm512_floor_ps(x), fy = _mm512_floor_ps(y);
    __mmask16 bad = 0;
    __m512i xa = idx16(wu, fx, f.fwm1, f.wm1, &bad), ya = idx16(wv, fy, f.fhm1, f.hm1, &bad);
    if (bad)
        return false;
    __mmask16 oxa = 0, oxb = 0, oya = 0, oyb = 0;
    if (bu)
        off16(fx, f.fwm1, &oxa, &oxb);
    if (bv)
        off16(fy, f.fhm1, &oya, &oyb);
    __m512i rowa = _mm512_add_epi32(f.off, _mm512_mullo_epi32(ya, f.pitch));
    __m512i oa = _mm512_add_epi32(rowa, _mm512_slli_epi32(xa, 2));
    __m512 o[4];
    /* CLAMP_BORDER: a row of taps off the level in every lane is the border colour alone (no
     * texel read); one off in some lanes only goes the AVX2 kernel's way */
    if (!linear) {
        __mmask16 off = oxa | oya;
        __m512i t = _mm512_setzero_si512();
        if (off != 0xffff && (off || !texels16(f.mem, oa, &t, NULL, false)))
            return false;
        unpack16(p, t, o);
        border16(p, off, o);
    } else {
        __m512 wx = _mm512_sub_ps(x, fx), wy = _mm512_sub_ps(y, fy);
        if (!wu)
            wx = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(wx, wx, _CMP_ORD_Q), wx);
        if (!wv)
            wy = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(wy, wy, _CMP_ORD_Q), wy);
        __m512i xb = idx16_next(wu, fx, xa, f.fwm1, f.wm1);
        __m512i yb = idx16_next(wv, fy, ya, f.fhm1, f.hm1);
        /* every lane's two texels of a row are neighbours: read together */
        bool pairs =
            _mm512_cmpeq_epi32_mask(xb, _mm512_add_epi32(xa, _mm512_set1_epi32(1))) == 0xffff;
        __m512i ob = _mm512_add_epi32(_mm512_add_epi32(f.off, _mm512_mullo_epi32(yb, f.pitch)),
                                      _mm512_slli_epi32(xa, 2));
        __mmask16 offa = oxa | oya, offb = oxb | oya, offc = oxa | oyb, offd = oxb | oyb;
        __m512i ta, tb, tc, td;
        ta = tb = tc = td = _mm512_setzero_si512();
        if ((offa & offb) != 0xffff &&
            (offa || offb || !pairs || !texels16(f.mem, oa, &ta, &tb, true)))
            return false;
        if ((offc & offd) != 0xffff &&
            (offc || offd || !pairs || !texels16(f.mem, ob, &tc, &td, true)))
            return false;
        __m512 a[4], b[4], c[4], d[4];
        unpack16(p, ta, a), unpack16(p, tb, b), unpack16(p, tc, c), unpack16(p, td, d);
        border16(p, offa, a), border16(p, offb, b), border16(p, offc, c), border16(p, offd, d);
        for (int k = 0; k < 4; k++)
            o[k] = lerp16(lerp16(a[k], b[k], wx), lerp16(c[k], d[k], wx), wy);
    }
    for (int c = 0; c < 4; c++)
        _mm512_storeu_ps((float *)r->c[c], o[c]);
    return true;
}

/* Axis modes of the kernels' names: c CLAMP, w WRAP, b CLAMP_BORDER (FLAT_FAMILY's order). */
#define MC VSMP_TCM_CLAMP
#define MW VSMP_TCM_WRAP
#define MB VSMP_TCM_CLAMP_BORDER

/* Each kernel compiled whole for its filter and modes (run16 and its stages inlined). */
#if defined(__GNUC__)
#define FLATTEN16 __attribute__((flatten))
#else
#define FLATTEN16
#endif

#define FLAT16(name, linear, mu, mv)                                                               \
    FLATTEN16 static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)          \
    {                                                                                              \
        if (!run16(p, m, r, linear, mu, mv))                                                       \
            vsmp_sample_flat_u8x4_avx2(p, m, r);                                                   \
    }

FLAT16(flat16_pcc, false, MC, MC)
FLAT16(flat16_pcw, false, MC, MW)
FLAT16(flat16_pcb, false, MC, MB)
FLAT16(flat16_pwc, false, MW, MC)
FLAT16(flat16_pww, false, MW, MW)
FLAT16(flat16_pwb, false, MW, MB)
FLAT16(flat16_pbc, false, MB, MC)
FLAT16(flat16_pbw, false, MB, MW)
FLAT16(flat16_pbb, false, MB, MB)
FLAT16(flat16_lcc, true, MC, MC)
FLAT16(flat16_lcw, true, MC, MW)
FLAT16(flat16_lcb, true, MC, MB)
FLAT16(flat16_lwc, true, MW, MC)
FLAT16(flat16_lww, true, MW, MW)
FLAT16(flat16_lwb, true, MW, MB)
FLAT16(flat16_lbc, true, MB, MC)
FLAT16(flat16_lbw, true, MB, MW)
FLAT16(flat16_lbb, true, MB, MB)

/* The flat kernels' index of an axis' mode (mode_index of stages_avx2.h): 0 CLAMP (and CUBE on
 * a 2D surface), 1 WRAP, 2 CLAMP_BORDER. */
static unsigned mode16(unsigned mode)
{
    return mode == VSMP_TCM_WRAP ? 1 : mode == VSMP_TCM_CLAMP_BORDER ? 2 : 0;
}

void vsmp_sample_flat_u8x4_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    static const vsmp_kernel k[18] = {flat16_pcc, flat16_pcw, flat16_pcb, flat16_pwc, flat16_pww,
                                      flat16_pwb, flat16_pbc, flat16_pbw, flat16_pbb, flat16_lcc,
                                      flat16_lcw, flat16_lcb, flat16_lwc, flat16_lww, flat16_lwb,
                                      flat16_lbc, flat16_lbw, flat16_lbb};
    if (m->simd != 16 || (m->mask & 0xffffu) != 0xffffu || p->s->d.array) {
        vsmp_sample_flat_u8x4_avx2(p, m, r);
        return;
    }
    bool linear = p->st.min_filter != VSMP_FILTER_NEAREST;
    k[linear * 9 + mode16(p->st.address[0]) * 3 + mode16(p->st.address[1])](p, m, r);
}

/* ---- ld of 4-byte texels of four 8-bit channels: UNORM (RGBA8, BGRA8) and integers ----
 *
 * A SIMD16 message with every lane on at level 0 (ld_lz, or every LOD 0) and inside the level
 * whose texels are a run or two rows of 8 (texels16) in 16 lanes at once: UNORM channels by
 * unpack16 (ld_unorm8's chan_u8), 8-bit UINT and SINT channels each zero- or sign-extended from
 * its byte by one shuffle (decode8's words). Any other message runs the AVX-512 kernel the plan
 * would take without this one (vsmp_ld_2d_unorm8_avx512, vsmp_ld_2d_avx512). */

/* The texels of a message of ld at level 0, all inside it, in a shape texels16 reads; @return
 * false otherwise (nothing read). */
static inline bool ld16_texels(const vsmp_plan *p, const vsmp_message *m, __m512i *t)
{
    const uint32_t *lods = p->op == VSMP_SUB_LD_LZ ? NULL : m->param[VSMP_P_LOD];
    if (lods) {
        __m512i lod = _mm512_loadu_si512(lods);
        if (_mm512_test_epi32_mask(lod, lod))
            return false;
    }
    const vsmp_level_view *l = &p->lv[p->base];
    __m512i u = _mm512_castps_si512(param16(m, VSMP_P_U));
    __m512i v = _mm512_castps_si512(param16(m, VSMP_P_V));
    /* 0 <= u < w and 0 <= v < h, unsigned */
    __mmask16 in = _mm512_cmplt_epu32_mask(u, _mm512_set1_epi32((int)l->w)) &
                   _mm512_cmplt_epu32_mask(v, _mm512_set1_epi32((int)l->h));
    if (in != 0xffff)
        return false;
    __m512i off = _mm512_add_epi32(_mm512_set1_epi32((int)l->off),
                                   _mm512_mullo_epi32(v, _mm512_set1_epi32((int)l->pitch)));
    return texels16(p->s->mem, _mm512_add_epi32(off, _mm512_slli_epi32(u, 2)), t, NULL, false);
}

static inline bool full16_of(const vsmp_plan *p, const vsmp_message *m)
{
    return m->simd == 16 && (m->mask & 0xffffu) == 0xffffu && !p->s->resident;
}

void vsmp_ld_u8x4_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    __m512i t;
    if (!p->u8x4 || !full16_of(p, m) || !ld16_texels(p, m, &t)) {
        vsmp_ld_2d_unorm8_avx512(p, m, r);
        return;
    }
    __m512 o[4];
    unpack16(p, t, o);
    for (int c = 0; c < 4; c++)
        _mm512_storeu_ps((float *)r->c[c], o[c]);
}

void vsmp_ld_int8x4_avx512(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)
{
    __m512i t;
    if (!full16_of(p, m) || !ld16_texels(p, m, &t)) {
        vsmp_ld_2d_avx512(p, m, r);
        return;
    }
    /* byte b of each dword's texel into the dword's low byte (UINT: zeros above) or its high
     * byte (SINT: then shifted down arithmetically) */
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
        _mm512_storeu_si512(r->c[c], w);
    }
}
