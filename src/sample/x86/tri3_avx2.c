/* SPDX-License-Identifier: MIT */
/*
 * The AVX2 level's trilinear kernels of 3D surfaces of four 8-bit UNORM channels (RGBA8, BGRA8),
 * 16 lanes a message: the plans of sample_3d_u8x4_avx2 (either load form) on a surface of several
 * levels, min and mag filters bilinear, any mip filter, not sample_l, one kernel per triple of
 * axis modes (CLAMP, WRAP) and load form of the rest, which vsmp_3d_u8x4_avx2_pick names at plan
 * time. A SIMD16 message with every lane on is taken whole when
 *
 *   - the LOD stage (stage8) gives each 8 lanes one first level and one second (run once for the
 *     16 lanes when lanes 8-15's gradients are lanes 0-7's word for word: sample_d), and
 *   - on each of those levels each 8 lanes' third coordinate floors to one slice (their two
 *     slices one pair, idx_flat's and idx_next's), and their first taps on the level (grid8_flat's
 *     indices, each lane's second column and row the next ones, modulo the size on a WRAP axis:
 *     no clamp between them) lie at most 7 columns after lane 0's and 0 to 2 rows below (modulo
 *     the size on a WRAP axis), on a level at least 8 columns wide.
 *
 * Each slice's box is then read by one 32-byte load a row from lane 0's column (two for 9 columns),
 * or from the level's last 8 columns when that would read past the row's end, and its first 8 too
 * when a lane's taps wrap to the row's start (WRAP); rows modulo the height on a WRAP axis; each
 * lane's taps by permutes and its rows by blends; every lane's taps are its floored coordinates'
 * texels and the next, its weights grid8_flat's and fetch8_3d's, the filter filter8_3d's (each
 * slice bilinear, x then y, the slices blended by z, each lerp a + (b - a) w rounded at every
 * step), the two levels blended by the LOD fraction (MIP8_FILTER_STORE's words), the conversion
 * unorm8's: sample_avx2_3d.c's words. Any other message (partial, SIMD8, SIMD32, lanes on levels or
 * slices of their own, taps wider than the box, clamped at an edge, a lane whose index needs more
 * than the 32-bit conversion: NaN, infinities, |x| >= 2^31) runs the plan's 8-lane 3D kernel before
 * anything is stored. Results are never NaN: no NaN rewrite.
 * Tested against the reference in tests/test_fastpath_tri3.c.
 */
#include "tri3_avx2.h"

#include "stages_avx2.h"
#include "lanes16_avx2.h"

/* The taps of 8 lanes on one level whose lanes share their slices: where each slice's rows are
 * read (at[k]: slice k's (za, zb) first column read; ro[i]: row i's offset from it), each lane's
 * columns in a row read (ca, cb: first, second) and rows (r1: the lanes whose first row is the
 * box's second, r2: its third), the weights. A box of 8 columns is one 32-byte load a row (one),
 * of 9 two (the second 4 bytes on), one across the end of a WRAP row two (split: the row's last 8
 * columns, then its first 8, hi bytes on: ca and cb index the 16, above 7 (ma, mb) the second). */
typedef struct box3 {
    const uint8_t *at[2];
    size_t ro[4];
    int nr;     /* rows read: 2, 3 or 4 */
    bool one;   /* 8 columns: one load a row */
    bool split; /* across the end of the row (WRAP) */
    ptrdiff_t hi;
    __m256i ca, cb, ma, mb, r1, r2;
    __m256 wx, wy, wz;
} box3;

/* The box of 8 lanes (q's coordinates) on level l: @return false (nothing read) when the lanes
 * are not in one (above). */
static inline bool box3_at(const vsmp_plan *p, const vsmp_level_view *l, const lanes8 *q,
                           const bool wu, const bool wv, const bool ww, box3 *b)
{
    __m256 z = _mm256_sub_ps(_mm256_mul_ps(q->w, _mm256_set1_ps(l->fd)), _mm256_set1_ps(0.5f));
    __m256 fz = _mm256_floor_ps(z);
    __m256 fz0 = _mm256_permutevar8x32_ps(fz, _mm256_setzero_si256());
    /* lanes on no shared pair of slices (NaN: on none), no short index, apart (below): one test */
    __m256i no = _mm256_castps_si256(_mm256_cmp_ps(fz, fz0, _CMP_NEQ_UQ));
    __m256i dm1 = _mm256_set1_epi32((int)l->d - 1);
    __m256 fdm1 = _mm256_cvtepi32_ps(dm1);
    __m256i za = idx_flat(ww, fz, fdm1, dm1, &no);
    __m256i zb = idx_next(ww, fz, za, fdm1, dm1);
    int32_t w = (int32_t)l->w, h = (int32_t)l->h;
    view8 v = {.w = _mm256_set1_epi32(w), .h = _mm256_set1_epi32(h)};
    grid8 g;
    if (!grid8_flat(&v, _mm256_mul_ps(q->u, _mm256_set1_ps(l->fw)),
                    _mm256_mul_ps(q->v, _mm256_set1_ps(l->fh)), true,
                    wu ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP, wv ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP, &g))
        return false;
    /* each lane's second column and row the next ones (on a WRAP axis, of a power-of-two size,
     * modulo the size): no clamp between them; its first ones and lane 0's (bx, by) apart by
     * dx, dy (modulo the size on a WRAP axis) */
    const __m256i one = _mm256_set1_epi32(1);
    const __m256i mx = _mm256_set1_epi32(wu ? w - 1 : -1), my = _mm256_set1_epi32(wv ? h - 1 : -1);
    __m256i apart =
        _mm256_or_si256(_mm256_xor_si256(g.xb, _mm256_and_si256(_mm256_add_epi32(g.xa, one), mx)),
                        _mm256_xor_si256(g.yb, _mm256_and_si256(_mm256_add_epi32(g.ya, one), my)));
    int32_t bx = _mm256_cvtsi256_si32(g.xa), by = _mm256_cvtsi256_si32(g.ya);
    __m256i dx = _mm256_and_si256(_mm256_sub_epi32(g.xa, _mm256_set1_epi32(bx)), mx);
    __m256i dy = _mm256_and_si256(_mm256_sub_epi32(g.ya, _mm256_set1_epi32(by)), my);
    __m256i r3 = _mm256_cmpeq_epi32(dy, _mm256_set1_epi32(3));
    no = _mm256_or_si256(
        _mm256_or_si256(no, apart),
        _mm256_or_si256(_mm256_and_si256(dx, _mm256_set1_epi32(~7)),
                        _mm256_or_si256(_mm256_and_si256(dy, _mm256_set1_epi32(~3)), r3)));
    if (!_mm256_testz_si256(no, no))
        return false;
    /* the rows read (by .. the last lane's second, modulo h on a WRAP axis) are the lanes' own;
     * the columns read past the lanes' must be on the level too: a box of 8 columns whose last
     * would be past the level's is the level's last 8 when no lane's second column wrapped to the
     * row's start (every lane's taps in them: its second column is on the level, its first at or
     * after lane 0's), else the last 8 and the first 8; 9 columns (a lane 7 columns on, none
     * wrapped) are inside */
    __m256i c7 = _mm256_cmpeq_epi32(dx, _mm256_set1_epi32(7));
    b->one = _mm256_testz_si256(c7, c7);
    int32_t x0 = bx;
    b->split = false, b->hi = 0;
    b->ma = b->mb = _mm256_setzero_si256();
    if (bx + (b->one ? 7 : 8) > w - 1) {
        /* (no lane wrapped: then no lane is 7 columns on, whose second column would be past the
         * level's) */
        if (w < 8)
            return false;
        x0 = w - 8, b->one = true;
        dx = _mm256_add_epi32(dx, _mm256_set1_epi32(bx - x0));
        __m256i wrapped = _mm256_cmpgt_epi32(_mm256_set1_epi32(bx), g.xb);
        b->split = wu && !_mm256_testz_si256(wrapped, wrapped);
        if (b->split) {
            const __m256i seven = _mm256_set1_epi32(7);
            b->hi = -4 * (ptrdiff_t)x0;
            b->ma = _mm256_cmpgt_epi32(dx, seven);
            b->mb = _mm256_cmpgt_epi32(_mm256_add_epi32(dx, one), seven);
        }
    }
    b->ca = dx, b->cb = _mm256_add_epi32(dx, one);
    b->r1 = _mm256_cmpeq_epi32(dy, one), b->r2 = _mm256_cmpeq_epi32(dy, _mm256_set1_epi32(2));
    b->nr = !_mm256_testz_si256(b->r2, b->r2) ? 4 : !_mm256_testz_si256(b->r1, b->r1) ? 3 : 2;
    for (int i = 0; i < 4; i++)
        b->ro[i] = (size_t)(uint32_t)(wv ? (by + i) & (h - 1) : by + i) * l->pitch;
    b->wx = g.wx, b->wy = g.wy;
    b->wz = _mm256_sub_ps(z, fz);
    if (!ww) /* (+inf in CLAMP: the last slice, weight inf - inf, which is 0) */
        b->wz = _mm256_and_ps(b->wz, _mm256_cmp_ps(b->wz, b->wz, _CMP_ORD_Q));
    const uint8_t *at = p->s->mem + l->off + 4 * (size_t)x0;
    b->at[0] = at + (size_t)(uint32_t)_mm256_cvtsi256_si32(za) * l->spitch32;
    b->at[1] = at + (size_t)(uint32_t)_mm256_cvtsi256_si32(zb) * l->spitch32;
    return true;
}

/* Row i of box b on a slice (a: its at): each lane's first column's texels (c[0]) and the next's
 * (c[1]). */
static inline void box3_row(const box3 *b, const uint8_t *a, int i, __m256i c[2])
{
    a += b->ro[i];
    __m256i x = _mm256_loadu_si256((const __m256i *)a);
    if (b->split) {
        __m256i y = _mm256_loadu_si256((const __m256i *)(a + b->hi));
        c[0] = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(x, b->ca),
                                  _mm256_permutevar8x32_epi32(y, b->ca), b->ma);
        c[1] = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(x, b->cb),
                                  _mm256_permutevar8x32_epi32(y, b->cb), b->mb);
        return;
    }
    c[0] = _mm256_permutevar8x32_epi32(x, b->ca);
    c[1] = b->one
               ? _mm256_permutevar8x32_epi32(x, b->cb)
               : _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(a + 4)), b->ca);
}

/* The taps of the 8 lanes of box b on slice k, as taps8 orders them: (xa, ya), (xb, ya), (xa, yb),
 * (xb, yb): each lane's rows from the box's by blends. */
static inline void box3_taps(const box3 *b, int k, __m256i t[4])
{
    __m256i r0[2], r1[2];
    box3_row(b, b->at[k], 0, r0), box3_row(b, b->at[k], 1, r1);
    t[0] = r0[0], t[1] = r0[1], t[2] = r1[0], t[3] = r1[1];
    if (b->nr > 2) {
        __m256i r2[2];
        box3_row(b, b->at[k], 2, r2);
        for (int j = 0; j < 2; j++)
            t[j] = _mm256_blendv_epi8(t[j], r1[j], b->r1),
            t[2 + j] = _mm256_blendv_epi8(t[2 + j], r2[j], b->r1);
        if (b->nr > 3) {
            __m256i r3[2];
            box3_row(b, b->at[k], 3, r3);
            for (int j = 0; j < 2; j++)
                t[j] = _mm256_blendv_epi8(t[j], r2[j], b->r2),
                t[2 + j] = _mm256_blendv_epi8(t[2 + j], r3[j], b->r2);
        }
    }
}

/* Channel (byte shuffle s) of one slice's taps filtered bilinearly: x, then y (filter8_3d's). */
static inline __m256 slice3(const __m256i t[4], __m256i s, __m256 wx, __m256 wy)
{
    __m256 e = lerp8(chan_u8(t[0], s), chan_u8(t[1], s), wx);
    __m256 f = lerp8(chan_u8(t[2], s), chan_u8(t[3], s), wx);
    return lerp8(e, f, wy);
}

/* A SIMD16 message with every lane on: @return false, having stored nothing, when the 8-lane 3D
 * kernel must take it (above). */
static inline bool tri3_16(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r, const bool wu,
                           const bool wv, const bool ww)
{
    lanes8 o[2];
    o[0] = stage8(p, true, m, 0, true);
    if (one_lod16(p, m, true)) {
        o[1].l0 = o[0].l0, o[1].l1 = o[0].l1, o[1].frac = o[0].frac;
        o[1].u = paramf8_in(m, VSMP_P_U, 8, true), o[1].v = paramf8_in(m, VSMP_P_V, 8, true);
        o[1].w = paramf8_in(m, VSMP_P_R, 8, true);
    } else {
        o[1] = stage8(p, true, m, 8, true);
    }
    box3 b[2][2]; /* [half][first or second level] */
    bool two[2];
    for (int h = 0; h < 2; h++) {
        int32_t l0 = _mm256_cvtsi256_si32(o[h].l0), l1 = _mm256_cvtsi256_si32(o[h].l1);
        __m256i other = _mm256_or_si256(_mm256_xor_si256(o[h].l0, _mm256_set1_epi32(l0)),
                                        _mm256_xor_si256(o[h].l1, _mm256_set1_epi32(l1)));
        if (!_mm256_testz_si256(other, other))
            return false;
        two[h] = l0 != l1;
        if (!box3_at(p, &p->lv[l0], &o[h], wu, wv, ww, &b[h][0]) ||
            (two[h] && !box3_at(p, &p->lv[l1], &o[h], wu, wv, ww, &b[h][1])))
            return false;
    }
    for (int h = 0; h < 2; h++) {
        __m256i t[2][2][4]; /* [level][slice][tap] */
        for (int k = 0; k < 1 + two[h]; k++)
            box3_taps(&b[h][k], 0, t[k][0]), box3_taps(&b[h][k], 1, t[k][1]);
        for (int c = 0; c < 4; c++) {
            __m256i s = u8shuf8(p, c);
            const box3 *b0 = &b[h][0], *b1 = &b[h][1];
            __m256 a = lerp8(slice3(t[0][0], s, b0->wx, b0->wy), slice3(t[0][1], s, b0->wx, b0->wy),
                             b0->wz);
            if (two[h])
                a = lerp8(a,
                          lerp8(slice3(t[1][0], s, b1->wx, b1->wy),
                                slice3(t[1][1], s, b1->wx, b1->wy), b1->wz),
                          o[h].frac);
            _mm256_storeu_ps((float *)r->c[c] + 8 * h, a);
        }
    }
    return true;
}

/* One kernel per triple of axis modes and per load form of the 3D kernel the rest goes to:
 * tri3_k[form][4 wu + 2 wv + ww]. */
#if defined(__GNUC__)
#define TRI3_FN __attribute__((flatten, aligned(64)))
#else
#define TRI3_FN
#endif
#define TRI3_ONE(name, rest, wu, wv, ww)                                                           \
    TRI3_FN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)            \
    {                                                                                              \
        if (!full16(m) || !tri3_16(p, m, r, wu, wv, ww))                                           \
            rest(p, m, r);                                                                         \
    }
#define TRI3_MODES(X, name, rest)                                                                  \
    X(name##_ccc, rest, false, false, false)                                                       \
    X(name##_ccw, rest, false, false, true)                                                        \
    X(name##_cwc, rest, false, true, false)                                                        \
    X(name##_cww, rest, false, true, true)                                                         \
    X(name##_wcc, rest, true, false, false)                                                        \
    X(name##_wcw, rest, true, false, true)                                                         \
    X(name##_wwc, rest, true, true, false) X(name##_www, rest, true, true, true)
TRI3_MODES(TRI3_ONE, tri3_s, vsmp_sample_3d_u8x4_avx2)
TRI3_MODES(TRI3_ONE, tri3_g, vsmp_sample_3d_u8x4_avx2_gather)
#define TRI3_NAME(name, rest, wu, wv, ww) name,
static const vsmp_kernel tri3_k[2][8] = {{TRI3_MODES(TRI3_NAME, tri3_s, 0)},
                                         {TRI3_MODES(TRI3_NAME, tri3_g, 0)}};

vsmp_kernel vsmp_3d_u8x4_avx2_pick(const vsmp_plan *p, vsmp_kernel k)
{
    int f = k == vsmp_sample_3d_u8x4_avx2 ? 0 : k == vsmp_sample_3d_u8x4_avx2_gather ? 1 : -1;
    const vsmp_sampler_state *st = &p->st;
    /* (sample_l: no LOD stage to share, left to the 8-lane kernel as the 2D trilinear kernels
     * leave it; resident surfaces: the 3D kernel sends them to the general one) */
    if (f < 0 || p->nlev < 2 || p->s->resident || p->lod == L_EXPLICIT ||
        st->min_filter != VSMP_FILTER_LINEAR || st->mag_filter != VSMP_FILTER_LINEAR)
        return k;
    const uint8_t *a = st->address;
    return tri3_k[f][(a[0] == VSMP_TCM_WRAP) * 4 + (a[1] == VSMP_TCM_WRAP) * 2 +
                     (a[2] == VSMP_TCM_WRAP)];
}

__attribute__((cold)) int vsmp_3d_u8x4_avx2_took16(const vsmp_plan *p, const vsmp_message *m,
                                                   vsmp_result *r)
{
    for (unsigned f = 0; f < 2; f++)
        for (unsigned j = 0; j < 8; j++)
            if (p->fast == tri3_k[f][j])
                return full16(m) && tri3_16(p, m, r, j & 4, j & 2, j & 1);
    return -1;
}
