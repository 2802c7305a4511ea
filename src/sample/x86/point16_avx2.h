/* SPDX-License-Identifier: MIT */
/*
 * What the AVX2 level's 16-lane kernels of 8-bit texels share (sample_avx2_r8.c's R8 and A8,
 * sample_avx2_pt.c's RGBA8 point, sample_avx2_u8.c's RGBA8 ld): a SIMD16 message's shape found
 * on its 16 lanes' texel indices (shape16), the texels of a shape read by a few whole loads
 * (texels16_u8x4: 4-byte texels; bytes16: 1-byte texels), point sampling's shape and indices
 * (point16_at; pidx8: 8 lanes along an axis) and the UNORM conversion of bytes (unorm8_fast).
 * Included after stages_avx2.h (its own header, so that a change here recompiles these kernels
 * alone).
 */
#ifndef VSMP_POINT16_AVX2_H
#define VSMP_POINT16_AVX2_H

/* The point index of 8 lanes along an axis of mode (CLAMP, WRAP on a power of two or
 * CLAMP_BORDER) and size m1 + 1: floor, then the 32-bit conversion, a lane converted to
 * INT32_MIN flagged in *bad (NaN, infinities, |x| >= 2^31; CLAMP's +inf, which the reference
 * clamps to w - 1, goes the 8-lane kernel's way too); CLAMP's index clamped on integers to
 * [0, m1] (floor is monotonic and m1 an integer: the index the reference's clamp gives), WRAP's
 * low bits. CLAMP_BORDER's index is not clamped: x is first sent no higher than the size fs (+inf
 * to an index off the level, NaN kept), and *in cleared in the lanes off the level (the index
 * below 0 or above m1, unsigned). *bad keeps the lanes' least conversion (a signed minimum, from
 * 0): INT32_MIN there (pidx8_bad) when a lane converted to it. */
static inline __m256i pidx8(const unsigned mode, __m256 x, __m256 fs, __m256i m1, __m256i *bad,
                            __m256i *in)
{
    const bool border = mode == VSMP_TCM_CLAMP_BORDER;
    if (border)
        x = _mm256_min_ps(fs, x);
    __m256i i = _mm256_cvttps_epi32(_mm256_floor_ps(x));
    *bad = _mm256_min_epi32(*bad, i);
    if (border) {
        *in = _mm256_and_si256(*in, _mm256_cmpeq_epi32(_mm256_min_epu32(i, m1), i));
        return i;
    }
    if (mode == VSMP_TCM_WRAP)
        return _mm256_and_si256(i, m1);
    return _mm256_max_epi32(_mm256_min_epi32(i, m1), _mm256_setzero_si256());
}

/* Whether a lane of pidx8's calls (bad: their *bad, set to zero before the first) converted to
 * INT32_MIN: its index needs the general arithmetic. */
static inline bool pidx8_bad(__m256i bad)
{
    __m256i b = _mm256_cmpeq_epi32(bad, _mm256_set1_epi32(INT32_MIN));
    return !_mm256_testz_si256(b, b);
}

/* The shapes of a SIMD16 message's texels that a few whole loads read: four 2x2 quads side by
 * side (lane l at column 2 (l / 4) + l % 2 of row (l / 2) % 2 from lane 0's: a rasterizer's
 * lanes), a run (lane l at lane 0's column + l on lane 0's row: OpenCL's work-items along x) and
 * two rows of 8 (lanes 0-7 and 8-15 along two consecutive rows: OpenCL's work-groups 8 wide). */
enum { SHAPE16_NONE, SHAPE16_QUADS, SHAPE16_RUN, SHAPE16_ROWS };

/* The shape of 16 lanes' texel columns x and rows y (lanes 0-7, 8-15), lane 0's column and row
 * broadcast in x0, y0: each lane's offset from lane 0's, xor'd with the shape's, is zero in every
 * lane of the shape. Quads first (one test: a rasterizer's messages), then a run and two rows of
 * 8, which share their first half's test. */
static inline int shape16(const __m256i x[2], const __m256i y[2], __m256i x0, __m256i y0)
{
    const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i dx0 = _mm256_sub_epi32(x[0], x0), dx1 = _mm256_sub_epi32(x[1], x0);
    __m256i dy0 = _mm256_sub_epi32(y[0], y0), dy1 = _mm256_sub_epi32(y[1], y0);
    const __m256i qrow = _mm256_setr_epi32(0, 0, 1, 1, 0, 0, 1, 1);
    __m256i q = _mm256_or_si256(
        _mm256_or_si256(_mm256_xor_si256(dx0, _mm256_setr_epi32(0, 1, 0, 1, 2, 3, 2, 3)),
                        _mm256_xor_si256(dx1, _mm256_setr_epi32(4, 5, 4, 5, 6, 7, 6, 7))),
        _mm256_or_si256(_mm256_xor_si256(dy0, qrow), _mm256_xor_si256(dy1, qrow)));
    if (_mm256_testz_si256(q, q))
        return SHAPE16_QUADS;
    __m256i a = _mm256_or_si256(_mm256_xor_si256(dx0, iota), dy0);
    if (!_mm256_testz_si256(a, a))
        return SHAPE16_NONE;
    __m256i run =
        _mm256_or_si256(_mm256_xor_si256(dx1, _mm256_add_epi32(iota, _mm256_set1_epi32(8))), dy1);
    if (_mm256_testz_si256(run, run))
        return SHAPE16_RUN;
    __m256i rows =
        _mm256_or_si256(_mm256_xor_si256(dx1, iota), _mm256_xor_si256(dy1, _mm256_set1_epi32(1)));
    return _mm256_testz_si256(rows, rows) ? SHAPE16_ROWS : SHAPE16_NONE;
}

/* shape16 of indices in registers (lane 0's broadcast from them). */
static inline int shape16_of(const __m256i x[2], const __m256i y[2])
{
    return shape16(x, y, _mm256_broadcastd_epi32(_mm256_castsi256_si128(x[0])),
                   _mm256_broadcastd_epi32(_mm256_castsi256_si128(y[0])));
}

/* The columns (from lane 0's) and rows a shape's texels span: a run 16 by 1, the others 8 by 2. */
static inline uint32_t shape16_cols(int shape)
{
    return shape == SHAPE16_RUN ? 16 : 8;
}

static inline uint32_t shape16_rows(int shape)
{
    return shape == SHAPE16_RUN ? 1 : 2;
}

/* Lane 0's index along an axis of mode and n texels for a shape whose lanes' indices span c
 * texels from lane 0's x0 (each lane's floored coordinate: x0 >= 0): 1 when every lane's is on the
 * level (*i lane 0's: WRAP's low bits, the shape not across the level's edge), 0 when every lane's
 * is off it (CLAMP_BORDER, x0 >= n), -1 otherwise (the shape across an edge: CLAMP's indices, or
 * WRAP's, are no longer that shape). */
static inline int axis16(const unsigned mode, uint32_t x0, uint32_t c, uint32_t n, uint32_t *i)
{
    if (mode == VSMP_TCM_WRAP)
        x0 &= n - 1;
    *i = x0;
    if (x0 + c <= n) /* (x0 < 2^31, c <= 16: no wrap) */
        return 1;
    return mode == VSMP_TCM_CLAMP_BORDER && x0 >= n ? 0 : -1;
}

/* point16_at's general arithmetic: pidx8's indices (floor, the 32-bit conversion, the axis
 * modes on integers), the lanes off the level (CLAMP_BORDER), then the shape of the indices. */
static inline int point16_floor(const unsigned mu, const unsigned mv, const __m256 x[2],
                                const __m256 y[2], const vsmp_level_view *l, int *shape,
                                uint32_t *x0, uint32_t *y0)
{
    const bool border = mu == VSMP_TCM_CLAMP_BORDER || mv == VSMP_TCM_CLAMP_BORDER;
    const __m256i one = _mm256_set1_epi32(1);
    __m256 fw = _mm256_set1_ps(l->fw), fh = _mm256_set1_ps(l->fh);
    __m256i wm1 = _mm256_sub_epi32(_mm256_set1_epi32((int)l->w), one);
    __m256i hm1 = _mm256_sub_epi32(_mm256_set1_epi32((int)l->h), one);
    __m256i bad = _mm256_setzero_si256(), in[2], xa[2], ya[2];
    for (int h = 0; h < 2; h++) {
        in[h] = _mm256_set1_epi32(-1);
        xa[h] = pidx8(mu, x[h], fw, wm1, &bad, &in[h]);
        ya[h] = pidx8(mv, y[h], fh, hm1, &bad, &in[h]);
    }
    if (pidx8_bad(bad))
        return -1;
    if (border) {
        unsigned on = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(in[0])) |
                      (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(in[1])) << 8;
        if (!on) /* off the level in every lane (the shape unread) */
            return 0;
        if (on != 0xffff)
            return -1;
    }
    *shape = shape16_of(xa, ya);
    *x0 = (uint32_t)_mm256_cvtsi256_si32(xa[0]), *y0 = (uint32_t)_mm256_cvtsi256_si32(ya[0]);
    return *shape == SHAPE16_NONE ? -1 : 1;
}

/* A SIMD16 point message's texels, its 16 lanes' coordinates x, y (lanes 0-7, 8-15) scaled to
 * texels on a level of modes mu, mv (CLAMP, WRAP on a power of two, CLAMP_BORDER): 1 when every
 * lane is on the level and their indices are a shape16 shape (*shape, lane 0's index *x0, *y0),
 * 0 when every lane is off it (CLAMP_BORDER), -1 otherwise (the family's kernel's message). First
 * by truncation alone, the shape found on the unclamped indices: where lane 0's truncated x0 is
 * >= 1 every lane's is (the shape's offsets are >= 0), so that every lane's coordinate is >= 1
 * and its truncation its floor (NaN, infinities and |x| >= 2^31 convert to INT32_MIN, in no shape
 * from x0 >= 0); at x0 = 0 the same when no lane's coordinate has its sign bit set. Then each
 * axis's mode on lane 0's index alone (axis16: a shape wholly on the level keeps its shape under
 * the mode; wholly off it, CLAMP_BORDER's border). Anything else (a coordinate below 0 or -0, a
 * shape across an edge, no shape) takes point16_floor's general arithmetic: the same answer. */
static inline int point16_at(const unsigned mu, const unsigned mv, const __m256 x[2],
                             const __m256 y[2], const vsmp_level_view *l, int *shape, uint32_t *x0,
                             uint32_t *y0)
{
    const __m256i xi[2] = {_mm256_cvttps_epi32(x[0]), _mm256_cvttps_epi32(x[1])};
    const __m256i yi[2] = {_mm256_cvttps_epi32(y[0]), _mm256_cvttps_epi32(y[1])};
    int s = shape16_of(xi, yi);
    int32_t a = _mm256_cvtsi256_si32(xi[0]), b = _mm256_cvtsi256_si32(yi[0]);
    if (s != SHAPE16_NONE && a >= 0 && b >= 0 &&
        (a || !(_mm256_movemask_ps(x[0]) | _mm256_movemask_ps(x[1]))) &&
        (b || !(_mm256_movemask_ps(y[0]) | _mm256_movemask_ps(y[1])))) {
        int kx = axis16(mu, (uint32_t)a, shape16_cols(s), l->w, x0);
        int ky = axis16(mv, (uint32_t)b, shape16_rows(s), l->h, y0);
        if (kx >= 0 && ky >= 0) {
            *shape = s;
            return kx & ky;
        }
    }
    return point16_floor(mu, mv, x, y, l, shape, x0, y0);
}

/* The 4-byte texels of a shape whose first row starts at at (its second pitch bytes on), lanes
 * 0-7 in px[0] and 8-15 in px[1]: a 32-byte load of each half (a run: 64 bytes on; rows of 8: a
 * row each), quads' placed in the lanes by 64-bit unpacks and 128-bit permutes (rows t, b as
 * pairs t0..t3, b0..b3: lanes 0-7 t0 b0 t1 b1, lanes 8-15 t2 b2 t3 b3). Both loads for every
 * shape and px written once: with a store to px[] on each path GCC kept px[0] in memory across
 * the join in ld's entry (a spill, a reload and a 32-byte-aligned frame on every shaped message,
 * bench/results/avx2ld2-spr.txt). */
static inline void texels16_u8x4(const uint8_t *at, size_t pitch, int shape, __m256i px[2])
{
    __m256i t = _mm256_loadu_si256((const __m256i *)at);
    __m256i b = _mm256_loadu_si256((const __m256i *)(at + (shape == SHAPE16_RUN ? 32 : pitch)));
    if (shape == SHAPE16_QUADS) {
        __m256i lo = _mm256_unpacklo_epi64(t, b), hi = _mm256_unpackhi_epi64(t, b);
        t = _mm256_permute2x128_si256(lo, hi, 0x20);
        b = _mm256_permute2x128_si256(lo, hi, 0x31);
    }
    px[0] = t;
    px[1] = b;
}

/* The 16 one-byte texels of a shape in lane order, lane l's in byte l: the run's 16 bytes from
 * o0, or the 8 of each row (from o0 and o1), the rows of 8 one after the other, the quads' 2-byte
 * pairs interleaved (top and bottom row alternating). */
static inline __m128i bytes16(const uint8_t *mem, int shape, uint32_t o0, uint32_t o1)
{
    if (shape == SHAPE16_RUN)
        return _mm_loadu_si128((const __m128i *)(mem + o0));
    __m128i top = _mm_loadl_epi64((const __m128i *)(mem + o0));
    __m128i bot = _mm_loadl_epi64((const __m128i *)(mem + o1));
    return shape == SHAPE16_ROWS ? _mm_unpacklo_epi64(top, bot) : _mm_unpacklo_epi16(top, bot);
}

/* b / 255.0f correctly rounded, from z = b * 0x010101 (b = 0..255), as unorm8 (stages_avx2.h)
 * gives it in fewer floating-point operations: unorm8 rounds z 2^-24 + z 2^-48 once, and for
 * b > 0 that is z 2^-24 (exact: z has at most 24 bits) plus one unit in its last place (z 2^-48
 * lies between half a unit and one unit of z 2^-24, never on the half: z = 2^k only for b = 0).
 * z 2^-24's word is the word of (float)z (exact) less 24 in the exponent field; one more is the
 * result, and for b = 0 (word 0, the sum negative) the maximum with 0 gives 0. The conversion,
 * an integer add and an integer maximum (unorm8: the conversion, a multiply and a fused
 * multiply-add). Checked for all 256 bytes against the reference by tests/test_fastpath.c's
 * every_byte (runs of RGBA8, BGRA8 and R8 through sample_avx2_pt.c and sample_avx2_r8.c). */
static inline __m256 unorm8_fast(__m256i z)
{
    __m256i w = _mm256_castps_si256(_mm256_cvtepi32_ps(z));
    w = _mm256_add_epi32(w, _mm256_set1_epi32(1 - (24 << 23)));
    return _mm256_castsi256_ps(_mm256_max_epi32(w, _mm256_setzero_si256()));
}

#endif
