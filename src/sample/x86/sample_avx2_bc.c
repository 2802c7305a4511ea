/* SPDX-License-Identifier: MIT */
/*
 * AVX2 block-compressed texels (compiled with sample_avx2.c's flags): BC1 texels of 8 lanes
 * decoded straight from their blocks, with the operations of the reference's bc1_palette
 * (src/format/format.c) in the same order, so the same floats: endpoints k / 31 and k / 63,
 * the third and fourth colours (2 p0 + p1) / 3 and (p0 + 2 p1) / 3, or (p0 + p1) / 2 and
 * transparent black in 3-colour mode. A lone tap decodes only the entry each lane's index
 * selects; the four taps of bilinear filtering, when the 8 lanes' taps lie in 2x2 blocks of one
 * level (coherent lanes), decode those blocks' 16 entries once and look each tap's up.
 */
#include <immintrin.h>

#include "loads_avx2.h"
#include "sample_avx2_bc.h"
#include "lanes16_avx2.h"

/* One channel of 8 texels: the endpoint fields (bits @p shift, @p mask) of c0 and c1, divided
 * by their maximum, then the colour each index selects. */
static inline __m256 bc1_channel(__m256i c0, __m256i c1, int shift, int mask, __m256 idx2,
                                 __m256 idx3, __m256 sel1, __m256 four, __m256 black)
{
    __m256i m = _mm256_set1_epi32(mask);
    __m256 den = _mm256_set1_ps((float)mask);
    __m256 p0 =
        _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(c0, shift), m)), den);
    __m256 p1 =
        _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(c1, shift), m)), den);
    /* index 3: (p0 + 2 p1) / 3 is 2 a + b with a = p1, b = p0 (a sum is commutative) */
    __m256 a = _mm256_blendv_ps(p0, p1, idx3), b = _mm256_blendv_ps(p1, p0, idx3);
    __m256 num4 = _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(2.0f), a), b);
    __m256 num3 = _mm256_add_ps(p0, p1);
    __m256 mid = _mm256_div_ps(_mm256_blendv_ps(num3, num4, four),
                               _mm256_blendv_ps(_mm256_set1_ps(2.0f), _mm256_set1_ps(3.0f), four));
    __m256 r = _mm256_blendv_ps(p0, p1, sel1);
    r = _mm256_blendv_ps(r, mid, _mm256_or_ps(idx2, idx3));
    return _mm256_andnot_ps(black, r);
}

/* The palette entries idx of 8 texels whose blocks' dwords are ends (endpoints) and idx. */
static inline void bc1_decode8(__m256i ends, __m256i idx, __m256 out[4])
{
    __m256i c0 = _mm256_and_si256(ends, _mm256_set1_epi32(0xffff));
    __m256i c1 = _mm256_srli_epi32(ends, 16);
    __m256 four = _mm256_castsi256_ps(_mm256_cmpgt_epi32(c0, c1));
    __m256 sel1 = _mm256_castsi256_ps(_mm256_cmpeq_epi32(idx, _mm256_set1_epi32(1)));
    __m256 idx2 = _mm256_castsi256_ps(_mm256_cmpeq_epi32(idx, _mm256_set1_epi32(2)));
    __m256 idx3 = _mm256_castsi256_ps(_mm256_cmpeq_epi32(idx, _mm256_set1_epi32(3)));
    __m256 black = _mm256_andnot_ps(four, idx3); /* 3-colour mode, index 3 */
    out[0] = bc1_channel(c0, c1, 11, 31, idx2, idx3, sel1, four, black);
    out[1] = bc1_channel(c0, c1, 5, 63, idx2, idx3, sel1, four, black);
    out[2] = bc1_channel(c0, c1, 0, 31, idx2, idx3, sel1, four, black);
    out[3] = _mm256_andnot_ps(black, _mm256_set1_ps(1.0f));
}

/* The 2-bit index of texel (x, y) in a block's index dword. */
static inline __m256i bc1_index8(__m256i bits, __m256i x, __m256i y)
{
    __m256i three = _mm256_set1_epi32(3);
    __m256i i = _mm256_add_epi32(_mm256_slli_epi32(_mm256_and_si256(y, three), 2),
                                 _mm256_and_si256(x, three));
    return _mm256_and_si256(_mm256_srlv_epi32(bits, _mm256_add_epi32(i, i)), three);
}

void vsmp_bc1_fetch8_avx2(const uint8_t *mem, __m256i base, __m256i pitch, __m256i x, __m256i y,
                          __m256 out[4])
{
    /* the block: rows of blocks pitch bytes apart, 8 bytes each */
    __m256i off =
        _mm256_add_epi32(base, _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srli_epi32(y, 2), pitch),
                                                _mm256_slli_epi32(_mm256_srli_epi32(x, 2), 3)));
    __m256i ends, bits; /* the block's two words */
    pairs8((const int *)mem, off, &ends, &bits);
    bc1_decode8(ends, bc1_index8(bits, x, y), out);
}

/* The palettes of 4 blocks (their endpoint dwords in lanes 0-3 of ends), per channel in two
 * vectors: ep (lanes j and 4 + j: entries 0 and 1 of block j) and mid (entries 2 and 3), the
 * same operations as bc1_channel, each on all the blocks at once; three: the 3-colour blocks
 * (lanes j and 4 + j). */
typedef struct pal4 {
    __m256 ep[3], mid[3];
    __m256i three;
} pal4;

static inline void bc1_palettes4(__m256i ends, pal4 *pl)
{
    /* c0 of the 4 blocks, then their c1 */
    __m256i e = _mm256_permute2x128_si256(ends, ends, 0x00);
    __m256i c =
        _mm256_and_si256(_mm256_srlv_epi32(e, _mm256_setr_epi32(0, 0, 0, 0, 16, 16, 16, 16)),
                         _mm256_set1_epi32(0xffff));
    __m256i sw = _mm256_permute2x128_si256(c, c, 0x01);
    __m256i four = _mm256_cmpgt_epi32(c, sw); /* lanes 0-3: c0 > c1 */
    four = _mm256_permute2x128_si256(four, four, 0x00);
    pl->three = _mm256_xor_si256(four, _mm256_set1_epi32(-1));
    __m256 f = _mm256_castsi256_ps(four);
    __m256 den = _mm256_blendv_ps(_mm256_set1_ps(2.0f), _mm256_set1_ps(3.0f), f);
    static const int shift[3] = {11, 5, 0}, mask[3] = {31, 63, 31};
    for (int ch = 0; ch < 3; ch++) {
        __m256i m = _mm256_set1_epi32(mask[ch]);
        __m256 p =
            _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(c, shift[ch]), m)),
                          _mm256_set1_ps((float)mask[ch]));
        /* lanes j: p0 and p1 of block j, lanes 4 + j: p1 and p0; 2 p0 + p1 and p1 + 2 p0 are
         * the reference's sums (addition is commutative) */
        __m256 q = _mm256_permute2f128_ps(p, p, 0x01);
        __m256 num4 = _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(2.0f), p), q);
        __m256 num3 = _mm256_add_ps(p, q); /* lanes 4 + j: masked as black */
        pl->ep[ch] = p;
        pl->mid[ch] = _mm256_div_ps(_mm256_blendv_ps(num3, num4, f), den);
    }
}

/* One tap of the quad: the entry of each lane's texel (x, y) in the palettes of the 2x2
 * blocks (block j = dx + 2 dy from (bx0, by0); bits: their index dwords in lanes 0-3). */
static inline void quad_tap(const pal4 *pl, __m256i bits, __m256i bx0, __m256i by0, __m256i x,
                            __m256i y, __m256 out[4])
{
    __m256i dx = _mm256_sub_epi32(_mm256_srli_epi32(x, 2), bx0);
    __m256i dy = _mm256_sub_epi32(_mm256_srli_epi32(y, 2), by0);
    __m256i blk = _mm256_add_epi32(dx, _mm256_add_epi32(dy, dy));
    __m256i idx = bc1_index8(_mm256_permutevar8x32_epi32(bits, blk), x, y);
    __m256i slot =
        _mm256_add_epi32(blk, _mm256_slli_epi32(_mm256_and_si256(idx, _mm256_set1_epi32(1)), 2));
    __m256 hi = _mm256_castsi256_ps(_mm256_slli_epi32(idx, 30)); /* entries 2 and 3 */
    __m256 black =
        _mm256_castsi256_ps(_mm256_and_si256(_mm256_cmpeq_epi32(idx, _mm256_set1_epi32(3)),
                                             _mm256_permutevar8x32_epi32(pl->three, blk)));
    for (int c = 0; c < 3; c++)
        out[c] = _mm256_andnot_ps(black,
                                  _mm256_blendv_ps(_mm256_permutevar8x32_ps(pl->ep[c], slot),
                                                   _mm256_permutevar8x32_ps(pl->mid[c], slot), hi));
    out[3] = _mm256_andnot_ps(black, _mm256_set1_ps(1.0f));
}

void vsmp_bc1_quad8_avx2(const uint8_t *mem, size_t size, __m256i base, __m256i pitch, __m256i x0,
                         __m256i x1, __m256i y0, __m256i y1, __m256 t00[4], __m256 t10[4],
                         __m256 t01[4], __m256 t11[4])
{
    /* the blocks of every tap within 2x2 blocks, one base and pitch for the 8 lanes */
    __m256i bx0 = hmin8(_mm256_min_epi32(_mm256_srli_epi32(x0, 2), _mm256_srli_epi32(x1, 2)));
    __m256i by0 = hmin8(_mm256_min_epi32(_mm256_srli_epi32(y0, 2), _mm256_srli_epi32(y1, 2)));
    __m256i bx1 = hmax8(_mm256_max_epi32(_mm256_srli_epi32(x0, 2), _mm256_srli_epi32(x1, 2)));
    __m256i by1 = hmax8(_mm256_max_epi32(_mm256_srli_epi32(y0, 2), _mm256_srli_epi32(y1, 2)));
    __m256i one = _mm256_set1_epi32(1);
    __m256i far = _mm256_or_si256(_mm256_cmpgt_epi32(_mm256_sub_epi32(bx1, bx0), one),
                                  _mm256_cmpgt_epi32(_mm256_sub_epi32(by1, by0), one));
    far = _mm256_or_si256(
        far, _mm256_xor_si256(_mm256_cmpeq_epi32(base, hmin8(base)), _mm256_set1_epi32(-1)));
    far = _mm256_or_si256(
        far, _mm256_xor_si256(_mm256_cmpeq_epi32(pitch, hmin8(pitch)), _mm256_set1_epi32(-1)));
    size_t o = (uint32_t)_mm256_cvtsi256_si32(base) +
               (size_t)(uint32_t)_mm256_cvtsi256_si32(by0) * (uint32_t)_mm256_cvtsi256_si32(pitch) +
               (size_t)(uint32_t)_mm256_cvtsi256_si32(bx0) * 8;
    size_t row = (uint32_t)_mm256_cvtsi256_si32(pitch);
    if (!_mm256_testz_si256(far, far) || o + row + 16 > size) {
        vsmp_bc1_fetch8_avx2(mem, base, pitch, x0, y0, t00);
        vsmp_bc1_fetch8_avx2(mem, base, pitch, x1, y0, t10);
        vsmp_bc1_fetch8_avx2(mem, base, pitch, x0, y1, t01);
        vsmp_bc1_fetch8_avx2(mem, base, pitch, x1, y1, t11);
        return;
    }
    /* blocks (bx0, by0) (bx0 + 1, by0) and the same one row down, whether used or not (the
     * bytes past a row's last block are never selected) */
    __m256i r = _mm256_setr_m128i(_mm_loadu_si128((const __m128i *)(mem + o)),
                                  _mm_loadu_si128((const __m128i *)(mem + o + row)));
    /* blocks j = dx + 2 dy: endpoints in lanes 0-3, index dwords too */
    __m256i ends = _mm256_permutevar8x32_epi32(r, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6));
    __m256i bits = _mm256_permutevar8x32_epi32(r, _mm256_setr_epi32(1, 3, 5, 7, 1, 3, 5, 7));
    pal4 pal;
    bc1_palettes4(ends, &pal);
    quad_tap(&pal, bits, bx0, by0, x0, y0, t00);
    quad_tap(&pal, bits, bx0, by0, x1, y0, t10);
    quad_tap(&pal, bits, bx0, by0, x0, y1, t01);
    quad_tap(&pal, bits, bx0, by0, x1, y1, t11);
}
