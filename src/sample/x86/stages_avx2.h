/* SPDX-License-Identifier: MIT */
/*
 * The 8-lane stages of the AVX2 sampling kernels (include only from files compiled with the
 * AVX2 level's flags: -mavx2 -mfma -mf16c): coordinates and address modes (index8, idx_flat),
 * level views, texel loads, unpacking (unorm8 turns a byte into b / 255.0f exactly), fetch and
 * bilinear filtering of a level (level8_any; fetch8_u8x4 and filter8_u8x4 for four 8-bit UNORM
 * channels), message parameters and stores, the LOD stage (stage8; cube faces in cube_avx2.h)
 * and anisotropic taps (at8). The same float operations in the same order as the C fast path
 * and the reference, so the same result words. The kernels that assemble them are
 * sample_avx2.c (every format the AVX2 level takes) and sample_avx2_u8.c (RGBA8-class).
 */
#ifndef VSMP_STAGES_AVX2_H
#define VSMP_STAGES_AVX2_H

#include <float.h>
#include <immintrin.h>
#include <stddef.h>
#include <string.h>

#include "../fast/fast.h"
#include "../vmath.h"
#include "cube_avx2.h"
#include "flat_kinds.h"
#include "loads_avx2.h"
#include "sample_avx2_bc.h"

/* Surfaces whose lanes address a slice of their own: arrays, and cubes (6 layer + face). */
static inline bool layered(const vsmp_plan *p)
{
    return p->s->d.array || p->s->d.type == VSMP_SURFTYPE_CUBE;
}

static inline __m256 lerp8(__m256 a, __m256 b, __m256 w)
{
    return _mm256_add_ps(a, _mm256_mul_ps(_mm256_sub_ps(b, a), w));
}

/* The reference's ifloor: floor, NaN reads as 0, saturated to +-1e9. */
static inline __m256i ifloor8(__m256 x)
{
    __m256 f = _mm256_floor_ps(x);
    f = _mm256_and_ps(f, _mm256_cmp_ps(x, x, _CMP_ORD_Q));
    f = _mm256_max_ps(f, _mm256_set1_ps(-1e9f));
    f = _mm256_min_ps(f, _mm256_set1_ps(1e9f));
    return _mm256_cvttps_epi32(f);
}

/* WRAP of a floored coordinate f on a power-of-two size n, exactly as the reference's
 * int64 floor (saturated at +-2^62) and mask: f - n floor(f / n) is exact in float (f / n and
 * the product are exact, the difference is Sterbenz-exact or of small integers); infinities
 * and NaN give 0, as the saturated and the NaN index do. */
static inline __m256i wrap8(__m256 f, __m256 nf, __m256 rn)
{
    /* f / n as f * (1 / n) (rn): exact for a power of two n */
    __m256 r = _mm256_sub_ps(f, _mm256_mul_ps(nf, _mm256_floor_ps(_mm256_mul_ps(f, rn))));
    r = _mm256_and_ps(r, _mm256_cmp_ps(r, r, _CMP_ORD_Q));
    return _mm256_cvttps_epi32(r);
}

/* The index of floor(x) (x - 0.5 for the first linear tap) and the next one, after the
 * address mode: WRAP on a power of two, or CLAMP (the only modes the plan lets through). */
static inline void index8(unsigned mode, __m256 x, __m256i n, __m256 nf, __m256 rn, __m256i *i0,
                          __m256i *i1)
{
    __m256i one = _mm256_set1_epi32(1);
    if (mode == VSMP_TCM_WRAP) {
        __m256 f = _mm256_floor_ps(x);
        f = _mm256_and_ps(f, _mm256_cmp_ps(x, x, _CMP_ORD_Q));
        *i0 = wrap8(f, nf, rn);
        *i1 = _mm256_and_si256(_mm256_add_epi32(*i0, one), _mm256_sub_epi32(n, one));
        return;
    }
    __m256i i = ifloor8(x); /* saturated at +-1e9: the clamp gives the same texel */
    __m256i hi = _mm256_sub_epi32(n, one), zero = _mm256_setzero_si256();
    *i0 = _mm256_min_epi32(_mm256_max_epi32(i, zero), hi);
    *i1 = _mm256_min_epi32(_mm256_max_epi32(_mm256_add_epi32(i, one), zero), hi);
}

/* CLAMP_BORDER (@p mode; other modes: none): which of index8's two taps (floor(x) and the next)
 * lie off the level, as masks; index8 clamped their indices (CLAMP's branch), so their loads
 * stay inside the level and the border colour replaces the texels read (border8). ifloor8
 * saturates at +-1e9, off any level either way. */
static inline void off8(unsigned mode, __m256 x, __m256i n, __m256i *o0, __m256i *o1)
{
    __m256i zero = _mm256_setzero_si256();
    if (mode != VSMP_TCM_CLAMP_BORDER) {
        *o0 = *o1 = zero;
        return;
    }
    __m256i i = ifloor8(x), hi = _mm256_sub_epi32(n, _mm256_set1_epi32(1));
    __m256i j = _mm256_add_epi32(i, _mm256_set1_epi32(1));
    *o0 = _mm256_or_si256(_mm256_cmpgt_epi32(zero, i), _mm256_cmpgt_epi32(i, hi));
    *o1 = _mm256_or_si256(_mm256_cmpgt_epi32(zero, j), _mm256_cmpgt_epi32(j, hi));
}

/* The border colour (the plan's, clamped to the format as the reference's border_texel) in the
 * lanes of @p off. */
static inline void border8(const vsmp_plan *p, __m256i off, __m256 t[4])
{
    if (_mm256_testz_si256(off, off))
        return;
    for (int c = 0; c < 4; c++)
        t[c] = _mm256_blendv_ps(t[c], _mm256_set1_ps(p->border[c]), _mm256_castsi256_ps(off));
}

typedef struct view8 {
    __m256 fw, fh, fd, rw, rh, rd; /* sizes and their reciprocals */
    __m256i w, h, d, pitch, off, spitch;
    __m256i slice;              /* arrays: the byte offset of each lane's layer in the level */
    const vsmp_level_view *one; /* the level of all 8 lanes, or NULL */
    bool three;                 /* a 3D surface (the kernel is compiled for each case) */
} view8;

static inline view8 gather_view(const vsmp_plan *p, __m256i level)
{
    view8 v;
    v.three = false;
    __m256i first = _mm256_permutevar8x32_epi32(level, _mm256_setzero_si256());
    if (_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(level, first))) == 0xff) {
        /* one level for the 8 lanes (the common case): no gathers */
        const vsmp_level_view *l = &p->lv[_mm256_cvtsi256_si32(level)];
        v.fw = _mm256_set1_ps(l->fw), v.fh = _mm256_set1_ps(l->fh);
        v.rw = _mm256_set1_ps(l->rw), v.rh = _mm256_set1_ps(l->rh);
        v.fd = _mm256_set1_ps(l->fd), v.rd = _mm256_set1_ps(l->rd);
        v.d = _mm256_set1_epi32((int)l->d);
        v.w = _mm256_set1_epi32((int)l->w), v.h = _mm256_set1_epi32((int)l->h);
        v.pitch = _mm256_set1_epi32((int)l->pitch), v.off = _mm256_set1_epi32((int)l->off);
        v.spitch = _mm256_set1_epi32((int)l->spitch32);
        v.slice = _mm256_setzero_si256();
        v.one = l;
        return v;
    }
    v.one = NULL;
    const char *b = (const char *)p->lv;
    __m256i idx = _mm256_mullo_epi32(level, _mm256_set1_epi32(sizeof(vsmp_level_view) / 4));
    v.fw = _mm256_i32gather_ps((const float *)(b + offsetof(vsmp_level_view, fw)), idx, 4);
    v.rw = _mm256_i32gather_ps((const float *)(b + offsetof(vsmp_level_view, rw)), idx, 4);
    v.rh = _mm256_i32gather_ps((const float *)(b + offsetof(vsmp_level_view, rh)), idx, 4);
    v.fd = _mm256_i32gather_ps((const float *)(b + offsetof(vsmp_level_view, fd)), idx, 4);
    v.rd = _mm256_i32gather_ps((const float *)(b + offsetof(vsmp_level_view, rd)), idx, 4);
    v.d = _mm256_i32gather_epi32((const int *)(b + offsetof(vsmp_level_view, d)), idx, 4);
    v.fh = _mm256_i32gather_ps((const float *)(b + offsetof(vsmp_level_view, fh)), idx, 4);
    v.w = _mm256_i32gather_epi32((const int *)(b + offsetof(vsmp_level_view, w)), idx, 4);
    v.h = _mm256_i32gather_epi32((const int *)(b + offsetof(vsmp_level_view, h)), idx, 4);
    v.pitch = _mm256_i32gather_epi32((const int *)(b + offsetof(vsmp_level_view, pitch)), idx, 4);
    v.off = _mm256_i32gather_epi32((const int *)(b + offsetof(vsmp_level_view, off)), idx, 4);
    v.spitch =
        _mm256_i32gather_epi32((const int *)(b + offsetof(vsmp_level_view, spitch32)), idx, 4);
    v.slice = _mm256_setzero_si256();
    return v;
}

/* b / 255.0f correctly rounded, from z = b * 0x010101 (b = 0..255): b / 255 is z / (2^24 - 1)
 * = z 2^-24 (1 + 2^-24 + 2^-48 ...), and z 2^-24 + z 2^-48, summed exactly and rounded once by
 * the fused multiply-add, rounds as the whole series does: their difference is below 2^-48 and
 * both are integers in units of 2^-48, so no rounding boundary (a multiple of 2^-32 here) lies
 * between them, and z 2^-24 + z 2^-48 is itself a boundary only for b = 0. Checked for all 256
 * bytes by tests/test_fastpath.c's every_byte. */
static inline __m256 unorm8(__m256i z)
{
    __m256 f = _mm256_cvtepi32_ps(z);
    return _mm256_fmadd_ps(f, _mm256_set1_ps(0x1p-48f), _mm256_mul_ps(f, _mm256_set1_ps(0x1p-24f)));
}

/* The byte shuffle giving each lane channel c's byte three times (the plan's u8shuf). */
static inline __m256i u8shuf8(const vsmp_plan *p, int c)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p->u8shuf[c]));
}

/* An 8-bit UNORM channel of 8 texels: its byte tripled by the shuffle, then unorm8. */
static inline __m256 chan_u8(__m256i px, __m256i shuf)
{
    return unorm8(_mm256_shuffle_epi8(px, shuf));
}

/* The channels of 8 texels of 8-bit channels: UNORM bytes by shuffles, the others by their table
 * (the plan's lut: one gather with gather, eight loads without; the table-decoded kernels measured
 * the gather faster on Zen 4, bench/results/srgb3d-zen4.txt), absent ones the table's constant. */
static inline void unpack8_by(const vsmp_plan *p, __m256i px, const bool gather, __m256 out[4])
{
    for (int c = 0; c < 4; c++) {
        if (p->ch_kind[c] == 0) {
            out[c] = _mm256_set1_ps(p->lut[c][0]);
        } else if (p->ch_kind[c] == 1) {
            out[c] = chan_u8(px, u8shuf8(p, c));
        } else {
            __m256i b = _mm256_and_si256(_mm256_srl_epi32(px, _mm_cvtsi32_si128(8 * p->byte_of[c])),
                                         _mm256_set1_epi32(0xff));
            out[c] =
                gather
                    ? _mm256_i32gather_ps(p->lut[c], b, 4)
                    : _mm256_castsi256_ps(loads8((const int *)p->lut[c], _mm256_slli_epi32(b, 2)));
        }
    }
}

static inline void unpack8(const vsmp_plan *p, __m256i px, __m256 out[4])
{
    unpack8_by(p, px, false, out);
}

/* Byte offsets of texels (x, y) of @p bytes each. */
static inline __m256i texel_off_n(const view8 *v, __m256i x, __m256i y, unsigned bytes)
{
    __m256i o =
        _mm256_add_epi32(_mm256_add_epi32(v->off, v->slice), _mm256_mullo_epi32(y, v->pitch));
    return _mm256_add_epi32(o, bytes == 4 ? _mm256_slli_epi32(x, 2)
                                          : _mm256_mullo_epi32(x, _mm256_set1_epi32((int)bytes)));
}

static inline __m256i texel_off(const view8 *v, __m256i x, __m256i y)
{
    return texel_off_n(v, x, y, 4);
}

/* The texels of 8 lanes (on the CPUs measured, scalar loads are cheaper than a gather, and
 * than loading a coherent message's rows and permuting them into place). */
static inline __m256i texels8(const vsmp_plan *p, const view8 *v, __m256i x, __m256i y)
{
    return loads8((const int *)p->s->mem, texel_off(v, x, y));
}

/* 8 binary16 values in the low halves of 32-bit lanes -> floats (exact; a NaN stays a NaN,
 * which the final store makes the reference's NaN). */
static inline __m256 half8(__m256i h)
{
    __m256i packed = _mm256_packus_epi32(h, h); /* per 128-bit half: h0-3 h0-3 | h4-7 h4-7 */
    packed = _mm256_permute4x64_epi64(packed, 0x08);
    return _mm256_cvtph_ps(_mm256_castsi256_si128(packed));
}

/* Four 8-bit UNORM channels in a 4-byte texel (RGBA8, BGRA8...): each byte / 255. */
static inline bool u8x4(const vsmp_plan *p)
{
    return p->u8x4;
}

/* unpack8 of u8x4 formats, without the per-channel kinds */
static inline void unpack_u8x4(const vsmp_plan *p, __m256i px, __m256 out[4])
{
    for (int c = 0; c < 4; c++)
        out[c] = chan_u8(px, u8shuf8(p, c));
}

/* The 32-bit words at byte offsets off of 8 lanes for the generic decoder: a gather, which on
 * the Zen 4 measured beats loads8's scalar loads for these kernels (ld of R32_FLOAT 0.59-0.66
 * against 0.44 G texels per second, R16 bilinear 155-162 against 139-141 M samples; RGBA8_UINT
 * ld the same), unlike the RGBA8 kernels' (bench/results/). */
static inline __m256i words8(const int *mem, __m256i off)
{
    return _mm256_i32gather_epi32(mem, off, 1);
}

/* The four words of 16-byte texels at byte offsets off of 8 lanes, transposed: w[k] holds word
 * k of every lane (one 128-bit load per lane, then 4x4 transposes in each 128-bit half). */
static inline void words8x4(const int *mem, __m256i off, __m256i w[4])
{
    const char *b = (const char *)mem;
    uint32_t o[8];
    _mm256_storeu_si256((__m256i *)o, off);
#define T2(i, j)                                                                                   \
    _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(b + o[i]))),  \
                            _mm_loadu_si128((const __m128i *)(b + o[j])), 1)
    __m256i r0 = T2(0, 4), r1 = T2(1, 5), r2 = T2(2, 6), r3 = T2(3, 7);
#undef T2
    __m256i a = _mm256_unpacklo_epi32(r0, r1), c = _mm256_unpackhi_epi32(r0, r1);
    __m256i bb = _mm256_unpacklo_epi32(r2, r3), d = _mm256_unpackhi_epi32(r2, r3);
    w[0] = _mm256_unpacklo_epi64(a, bb), w[1] = _mm256_unpackhi_epi64(a, bb);
    w[2] = _mm256_unpacklo_epi64(c, d), w[3] = _mm256_unpackhi_epi64(c, d);
}

/* (float)v / 65535.0f of 8 16-bit values, as the reference divides, without a division: v
 * times the double nearest 1 / 65535, rounded to float. The double product is within 2^-52 of
 * v / 65535 relatively; the float rounding could differ from the division's only if the exact
 * quotient lay that close to a midpoint of two floats, that is if its bits 25 to 53 after the
 * leading one read 1000...0 or 0111...1. But v / 65535 = 0.vvvv... in base 2^16 (v's 16 bits
 * repeated forever), so bit k + 16 equals bit k and no 29 consecutive bits can have a lone one
 * or a lone zero unless v is 0 or 65535, whose quotients 0 and 1 are exact. (fastpath's
 * every_u16 case compares all 65536 values with the reference.) */
static inline __m256 unorm16(__m256i v)
{
#ifdef __AVX512F__
    return _mm512_cvtpd_ps(
        _mm512_mul_pd(_mm512_cvtepi32_pd(v), _mm512_set1_pd(1.0 / (double)0xffff)));
#else
    __m256d k = _mm256_set1_pd(1.0 / (double)0xffff);
    __m128 lo = _mm256_cvtpd_ps(_mm256_mul_pd(_mm256_cvtepi32_pd(_mm256_castsi256_si128(v)), k));
    __m128 hi =
        _mm256_cvtpd_ps(_mm256_mul_pd(_mm256_cvtepi32_pd(_mm256_extracti128_si256(v, 1)), k));
    return _mm256_set_m128(hi, lo);
#endif
}

/* 16-bit values in the low halves of 32-bit lanes -> floats, as decode8 gives them but for a
 * NaN's payload: a binary16 NaN stays a NaN (not quieted), which the sampling kernels' final
 * rewrite makes the reference's NaN, whatever filtering did to it. */
static inline __m256 dec16(unsigned k, __m256i v)
{
    return k == CD_UNORM16 ? unorm16(v) : half8(v);
}

/* dec16 of both 16-bit halves of 8 words: the low halves in *lo, the high ones in *hi. */
static inline void dec16x2(unsigned k, __m256i w, __m256 *lo, __m256 *hi)
{
    if (k == CD_UNORM16) {
        __m256 d = _mm256_set1_ps(65535.0f);
        *lo = _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_and_si256(w, _mm256_set1_epi32(0xffff))), d);
        *hi = _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_srli_epi32(w, 16)), d);
        return;
    }
    /* 16 halves converted in two instructions, then the lanes' pairs split apart */
    __m256 a = _mm256_cvtph_ps(_mm256_castsi256_si128(w));
    __m256 b = _mm256_cvtph_ps(_mm256_extracti128_si256(w, 1));
    __m256 l = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
    __m256 h = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
    *lo = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(l), _MM_SHUFFLE(3, 1, 2, 0)));
    *hi = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(h), _MM_SHUFFLE(3, 1, 2, 0)));
}

/* The texels of 8 lanes at byte offsets off, by the plan's generic decoder (ch_dec), as the
 * words vsmp_format_unpack gives: 16-byte texels load whole (words8x4), 4- and 8-byte ones each
 * 32-bit word a channel needs once; shorter ones the word ending with the texel (from byte 0 for
 * the first bytes of the surface, which is at least 4 bytes long), shifted down so that the texel
 * starts at bit 0. Each channel is shifted down, masked or sign-extended and converted. A binary16
 * NaN becomes the quiet NaN with its sign (small_float's). */
static inline void decode8(const vsmp_plan *p, __m256i off, __m256 out[4])
{
    const int *mem = (const int *)p->s->mem;
    unsigned bytes = p->s->fi->bytes;
    __m256i w[4];
    unsigned have = 0;
    if (bytes < 4) {
        __m256i end = _mm256_add_epi32(off, _mm256_set1_epi32((int)bytes));
        __m256i a =
            _mm256_max_epi32(_mm256_sub_epi32(end, _mm256_set1_epi32(4)), _mm256_setzero_si256());
        __m256i sh = _mm256_slli_epi32(
            _mm256_sub_epi32(_mm256_sub_epi32(end, a), _mm256_set1_epi32((int)bytes)), 3);
        w[0] = _mm256_srlv_epi32(words8(mem, a), sh);
        have = 1;
    } else if (bytes == 16) {
        words8x4(mem, off, w);
        have = 15;
    }
    for (int c = 0; c < 4; c++) {
        unsigned k = p->ch_dec[c], pos = p->ch_pos[c], bits = p->ch_bits[c];
        if (k == CD_NONE) {
            uint32_t kw;
            memcpy(&kw, &p->konst[c], 4);
            out[c] = _mm256_castsi256_ps(_mm256_set1_epi32((int)kw));
            continue;
        }
        unsigned wi = bytes < 4 ? 0 : pos / 4, bs = bytes < 4 ? 8 * pos : 8 * (pos % 4);
        if (!(have >> wi & 1)) {
            w[wi] = words8(mem, _mm256_add_epi32(off, _mm256_set1_epi32((int)(4 * wi))));
            have |= 1u << wi;
        }
        __m256i v = w[wi];
        if (bits < 32) {
            if (k == CD_SINT) {
                v = _mm256_srai_epi32(_mm256_slli_epi32(v, (int)(32 - bits - bs)),
                                      (int)(32 - bits));
            } else {
                v = _mm256_and_si256(_mm256_srli_epi32(v, (int)bs),
                                     _mm256_set1_epi32(bits == 8 ? 0xff : 0xffff));
            }
        }
        switch (k) {
        case CD_UNORM8:
            out[c] = unorm8(_mm256_mullo_epi32(v, _mm256_set1_epi32(0x010101)));
            break;
        case CD_UNORM16:
            out[c] = unorm16(v);
            break;
        case CD_F16: {
            __m256 f = half8(v);
            __m256 nan = _mm256_cmp_ps(f, f, _CMP_UNORD_Q);
            __m256 q =
                _mm256_or_ps(_mm256_and_ps(f, _mm256_castsi256_ps(_mm256_set1_epi32(INT32_MIN))),
                             _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc00000)));
            out[c] = _mm256_blendv_ps(f, q, nan);
            break;
        }
        default: /* CD_UINT, CD_SINT, CD_F32: the bits */
            out[c] = _mm256_castsi256_ps(v);
            break;
        }
    }
}

/* decode8 out of line for fetch8: the flattened sampling bodies inline fetch8 at every tap, and
 * the generic decoder there would bloat every kernel (the RGBA8 cube kernel lost 20 %). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void
decode8_call(const vsmp_plan *p, __m256i off, __m256 out[4])
{
    decode8(p, off, out);
}

/* Texels fetch8 sends to the generic decoder: 16-bit UNORM, 2-byte float16, integers... */
static inline bool generic_texels(const vsmp_plan *p)
{
    return p->texel_kind != TX_BLOCK && p->texel_kind != TX_UNORM8 &&
           !((p->texel_kind == TX_F32 || p->texel_kind == TX_F16) && p->s->fi->bytes % 4 == 0);
}

/* The four bilinear taps of 8 lanes by the generic decoder, in one call: their gathers issue
 * back to back and their latencies overlap (four calls of decode8_call left R16 bilinear
 * waiting on each gather in turn). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void
decode8_quad(const vsmp_plan *p, const view8 *v, __m256i xa, __m256i xb, __m256i ya, __m256i yb,
             __m256 t00[4], __m256 t10[4], __m256 t01[4], __m256 t11[4])
{
    unsigned b = p->s->fi->bytes;
    __m256i o00 = texel_off_n(v, xa, ya, b), o10 = texel_off_n(v, xb, ya, b);
    __m256i o01 = texel_off_n(v, xa, yb, b), o11 = texel_off_n(v, xb, yb, b);
    decode8(p, o00, t00);
    decode8(p, o10, t10);
    decode8(p, o01, t01);
    decode8(p, o11, t11);
}

static inline void fetch8(const vsmp_plan *p, const view8 *v, __m256i x, __m256i y, __m256 out[4])
{
    const vsmp_format_info *fi = p->s->fi;
    if (p->texel_kind == TX_BLOCK) { /* BC1: the plan lets no other block format through */
        vsmp_bc1_fetch8_avx2(p->s->mem, _mm256_add_epi32(v->off, v->slice), v->pitch, x, y, out);
        return;
    }
    if (p->texel_kind == TX_UNORM8 && fi->bytes == 4) {
        if (u8x4(p))
            unpack_u8x4(p, texels8(p, v, x, y), out);
        else
            unpack8(p, texels8(p, v, x, y), out);
        return;
    }
    __m256i off = texel_off_n(v, x, y, fi->bytes);
    if (p->texel_kind == TX_UNORM8) {
        /* 1- and 2-byte texels: the 32-bit word ending with the texel (starting at 0 for the
         * first bytes of the surface, which is at least 4 bytes long), shifted down */
        __m256i base = _mm256_max_epi32(
            _mm256_sub_epi32(off, _mm256_set1_epi32(4 - (int)fi->bytes)), _mm256_setzero_si256());
        __m256i w = loads8((const int *)p->s->mem, base);
        unpack8(p, _mm256_srlv_epi32(w, _mm256_slli_epi32(_mm256_sub_epi32(off, base), 3)), out);
        return;
    }
    if (generic_texels(p)) {
        decode8_call(p, off, out); /* 16-bit UNORM, 2-byte float16 texels... */
        return;
    }
    if (p->texel_kind == TX_F16 && fi->bytes <= 8) {
        /* float16 texels of 4 or 8 bytes (R16G16_FLOAT, RGBA16F): the texel by one load per
         * lane, each word's two halves converted together */
        __m256i w[2];
        __m256 h[4];
        if (fi->bytes == 8)
            pairs8((const int *)p->s->mem, off, &w[0], &w[1]);
        else
            w[0] = w[1] = loads8((const int *)p->s->mem, off);
        dec16x2(CD_F16, w[0], &h[0], &h[1]);
        if (fi->bytes == 8)
            dec16x2(CD_F16, w[1], &h[2], &h[3]);
        for (int c = 0; c < 4; c++)
            out[c] = fi->ch[c].type == VSMP_CHAN_NONE ? _mm256_set1_ps(p->konst[c])
                                                      : h[fi->ch[c].shift / 16];
        return;
    }
    for (int c = 0; c < 4; c++) {
        if (fi->ch[c].type == VSMP_CHAN_NONE) {
            out[c] = _mm256_set1_ps(p->konst[c]);
            continue;
        }
        /* the 32-bit word holding the channel (inside the texel: bytes is a multiple of 4) */
        const uint8_t *base = p->s->mem + fi->ch[c].shift / 32 * 4;
        __m256i w = loads8((const int *)base, off);
        if (p->texel_kind == TX_F32)
            out[c] = _mm256_castsi256_ps(w);
        else if (fi->ch[c].shift % 32)
            out[c] = half8(_mm256_srli_epi32(w, 16));
        else
            out[c] = half8(_mm256_and_si256(w, _mm256_set1_epi32(0xffff)));
    }
}

/* Floored coordinate -> texel index as index8 gives it, without 64-bit arithmetic: WRAP (a power
 * of two) is the low bits of the 32-bit conversion, exact below 2^31; CLAMP clamps in float first
 * (min(w - 1, f) keeps a NaN, which converts to INT_MIN). Lanes converted to INT_MIN (NaN,
 * infinities, out of 32-bit range) are flagged in *bad: the caller sends them the general way. */
static inline __m256i idx_flat(bool wrap, __m256 f, __m256 fm1, __m256i m1, __m256i *bad)
{
    __m256i i;
    if (wrap) {
        i = _mm256_cvttps_epi32(f);
        *bad = _mm256_or_si256(*bad, _mm256_cmpeq_epi32(i, _mm256_set1_epi32(INT32_MIN)));
        return _mm256_and_si256(i, m1);
    }
    i = _mm256_cvttps_epi32(_mm256_min_ps(fm1, f));
    *bad = _mm256_or_si256(*bad, _mm256_cmpeq_epi32(i, _mm256_set1_epi32(INT32_MIN)));
    return _mm256_max_epi32(i, _mm256_setzero_si256());
}

static inline __m256i idx_next(bool wrap, __m256 f, __m256i i0, __m256 fm1, __m256i m1)
{
    if (wrap)
        return _mm256_and_si256(_mm256_add_epi32(i0, _mm256_set1_epi32(1)), m1);
    return _mm256_max_epi32(
        _mm256_cvttps_epi32(_mm256_min_ps(fm1, _mm256_add_ps(f, _mm256_set1_ps(1.0f)))),
        _mm256_setzero_si256());
}

/* The fetched texels of 8 lanes of level8_u8x4, before unpacking and filtering (kept apart so
 * that a kernel can issue several groups' loads before it waits for any of them). */
typedef struct taps8 {
    __m256i t[4]; /* (xa, ya), then linear: (xb, ya), (xa, yb), (xb, yb) */
    __m256 wx, wy;
    __m256i off[4]; /* CLAMP_BORDER: the taps off the level (the border colour), when border */
    bool border;
} taps8;

/* CLAMP_BORDER of idx_flat's floored coordinate f and the next (fm1 = size - 1): off the level
 * below 0 or above size - 1, compared in float (exact for the integers the index conversion
 * lets through; +inf is off too). */
static inline void off_flat(__m256 f, __m256 fm1, __m256i *o0, __m256i *o1)
{
    __m256 z = _mm256_setzero_ps(), g = _mm256_add_ps(f, _mm256_set1_ps(1.0f));
    *o0 = _mm256_castps_si256(
        _mm256_or_ps(_mm256_cmp_ps(f, z, _CMP_LT_OQ), _mm256_cmp_ps(f, fm1, _CMP_GT_OQ)));
    *o1 = _mm256_castps_si256(
        _mm256_or_ps(_mm256_cmp_ps(g, z, _CMP_LT_OQ), _mm256_cmp_ps(g, fm1, _CMP_GT_OQ)));
}

/* The bilinear grid of a 2D level in WRAP (power of two), CLAMP or CLAMP_BORDER (mu, mv; any
 * other mode reads as CLAMP) with the short index arithmetic: the taps' indices (xa, ya; linear:
 * xb, yb), the weights (linear) and the CLAMP_BORDER off-level masks (oxa, oxb, oya, oyb: zero
 * unless border). @return false (nothing set) when a lane needs the general index8. */
typedef struct grid8 {
    __m256i xa, ya, xb, yb;
    __m256 wx, wy;
    __m256i oxa, oxb, oya, oyb;
    bool border;
} grid8;

static inline bool grid8_flat(const view8 *lv, __m256 x, __m256 y, bool linear, unsigned mu,
                              unsigned mv, grid8 *g)
{
    const bool wu = mu == VSMP_TCM_WRAP, wv = mv == VSMP_TCM_WRAP;
    const bool bu = mu == VSMP_TCM_CLAMP_BORDER, bv = mv == VSMP_TCM_CLAMP_BORDER;
    __m256i one = _mm256_set1_epi32(1);
    __m256i wm1 = _mm256_sub_epi32(lv->w, one), hm1 = _mm256_sub_epi32(lv->h, one);
    __m256 fwm1 = _mm256_cvtepi32_ps(wm1), fhm1 = _mm256_cvtepi32_ps(hm1);
    if (linear) {
        __m256 half = _mm256_set1_ps(0.5f);
        x = _mm256_sub_ps(x, half), y = _mm256_sub_ps(y, half);
    }
    __m256 fx = _mm256_floor_ps(x), fy = _mm256_floor_ps(y);
    __m256i bad = _mm256_setzero_si256();
    g->xa = idx_flat(wu, fx, fwm1, wm1, &bad), g->ya = idx_flat(wv, fy, fhm1, hm1, &bad);
    if (!_mm256_testz_si256(bad, bad))
        return false;
    __m256i z = _mm256_setzero_si256();
    g->oxa = g->oxb = g->oya = g->oyb = g->xb = g->yb = z;
    g->wx = g->wy = _mm256_setzero_ps();
    g->border = bu || bv;
    if (bu)
        off_flat(fx, fwm1, &g->oxa, &g->oxb);
    if (bv)
        off_flat(fy, fhm1, &g->oya, &g->oyb);
    if (!linear)
        return true;
    /* CLAMP lets +inf through (index w - 1): its weight inf - inf is NaN, which is 0 */
    g->wx = _mm256_sub_ps(x, fx), g->wy = _mm256_sub_ps(y, fy);
    if (!wu)
        g->wx = _mm256_and_ps(g->wx, _mm256_cmp_ps(g->wx, g->wx, _CMP_ORD_Q));
    if (!wv)
        g->wy = _mm256_and_ps(g->wy, _mm256_cmp_ps(g->wy, g->wy, _CMP_ORD_Q));
    g->xb = idx_next(wu, fx, g->xa, fwm1, wm1), g->yb = idx_next(wv, fy, g->ya, fhm1, hm1);
    return true;
}

/* A grid's border flag and its four taps' offsets (border8's lanes), as fetch8_u8x4 keeps them. */
static inline void taps8_grid(const grid8 *g, taps8 *t)
{
    t->border = g->border;
    t->off[0] = _mm256_or_si256(g->oxa, g->oya), t->off[1] = _mm256_or_si256(g->oxb, g->oya);
    t->off[2] = _mm256_or_si256(g->oxa, g->oyb), t->off[3] = _mm256_or_si256(g->oxb, g->oyb);
}

/* Whether each lane's two texels of a row are neighbours (a bilinear grid). */
static inline bool grid8_pairs(const grid8 *g)
{
    __m256i pair = _mm256_cmpeq_epi32(g->xb, _mm256_add_epi32(g->xa, _mm256_set1_epi32(1)));
    return _mm256_movemask_ps(_mm256_castsi256_ps(pair)) == 0xff;
}

/* A bilinear grid's four 4-byte texels a lane: where every lane's two texels of a row are
 * neighbours, a 64-bit load of both. */
static inline void taps8_loads(const int *mem, const view8 *lv, const grid8 *g, taps8 *t)
{
    if (grid8_pairs(g)) {
        pairs8(mem, texel_off(lv, g->xa, g->ya), &t->t[0], &t->t[1]);
        pairs8(mem, texel_off(lv, g->xa, g->yb), &t->t[2], &t->t[3]);
        return;
    }
    t->t[0] = loads8(mem, texel_off(lv, g->xa, g->ya));
    t->t[1] = loads8(mem, texel_off(lv, g->xb, g->ya));
    t->t[2] = loads8(mem, texel_off(lv, g->xa, g->yb));
    t->t[3] = loads8(mem, texel_off(lv, g->xb, g->yb));
}

/* level8_any's texel fetch for 2D surfaces and arrays of four 8-bit UNORM channels (u8x4) in
 * WRAP (power of two), CLAMP or CLAMP_BORDER (mu, mv; any other mode reads as CLAMP): the same
 * texels and weights, with the short index arithmetic. @return false (nothing fetched) when a
 * lane needs the general index8. */
static inline bool fetch8_u8x4(const vsmp_plan *p, const view8 *lv, __m256 x, __m256 y, bool linear,
                               unsigned mu, unsigned mv, taps8 *t)
{
    grid8 g;
    if (!grid8_flat(lv, x, y, linear, mu, mv, &g))
        return false;
    taps8_grid(&g, t);
    if (!linear) {
        t->t[0] = loads8((const int *)p->s->mem, texel_off(lv, g.xa, g.ya));
        return true;
    }
    t->wx = g.wx, t->wy = g.wy;
    taps8_loads((const int *)p->s->mem, lv, &g, t);
    return true;
}

/* How the table kernels (sample_avx2_lut8.c) look their channels up in the plan's tables: by
 * gathers, or by loads8's scalar loads in the second compilation of those kernels for the cores
 * whose gathers are slow (scalar_avx2_lut8.c defines VSMP_LUT_SCALAR first; lut_forms.h). */
#ifdef VSMP_LUT_SCALAR
#define LUT_GATHERS false
#else
#define LUT_GATHERS true
#endif

/* Tap i of fetched taps, its channels: UNORM bytes unpacked by shuffles (unpack_u8x4) or, with
 * lut, every channel by the plan's tables (unpack8_by, LUT_GATHERS); the border colour outside. */
static inline void tap8_x4(const vsmp_plan *p, const taps8 *t, int i, const bool lut, __m256 out[4])
{
    if (lut)
        unpack8_by(p, t->t[i], LUT_GATHERS, out);
    else
        unpack_u8x4(p, t->t[i], out);
    if (t->border)
        border8(p, t->off[i], out);
}

/* The filtered result of fetched taps. */
static inline void filter8_x4(const vsmp_plan *p, const taps8 *t, bool linear, const bool lut,
                              __m256 out[4])
{
    if (!linear) {
        tap8_x4(p, t, 0, lut, out);
        return;
    }
    __m256 a[4], b[4], c[4], d[4];
    tap8_x4(p, t, 0, lut, a), tap8_x4(p, t, 1, lut, b);
    tap8_x4(p, t, 2, lut, c), tap8_x4(p, t, 3, lut, d);
    for (int k = 0; k < 4; k++)
        out[k] = lerp8(lerp8(a[k], b[k], t->wx), lerp8(c[k], d[k], t->wx), t->wy);
}

static inline void filter8_u8x4(const vsmp_plan *p, const taps8 *t, bool linear, __m256 out[4])
{
    filter8_x4(p, t, linear, false, out);
}

static inline void filter8_lut4(const vsmp_plan *p, const taps8 *t, bool linear, __m256 out[4])
{
    filter8_x4(p, t, linear, true, out);
}

static inline bool level8_u8x4(const vsmp_plan *p, const view8 *lv, __m256 x, __m256 y, bool linear,
                               unsigned ma, unsigned mb, __m256 out[4])
{
    taps8 t;
    if (!fetch8_u8x4(p, lv, x, y, linear, ma, mb, &t))
        return false;
    filter8_u8x4(p, &t, linear, out);
    return true;
}

/* The channel of 2-byte texels holding one 16-bit UNORM or float16 channel and no other (R16,
 * R16_FLOAT...), or -1. */
static inline int chan16(const vsmp_plan *p)
{
    if (p->s->fi->bytes != 2 || !p->dec)
        return -1;
    int ch = -1;
    for (int c = 0; c < 4; c++) {
        unsigned k = p->ch_dec[c];
        if (k == CD_NONE)
            continue;
        if (ch >= 0 || (k != CD_UNORM16 && k != CD_F16))
            return -1;
        ch = c;
    }
    return ch;
}

/* The 2-byte texels at byte offsets off of 8 lanes, in the low halves of 32-bit lanes: the word
 * ending with the texel (from byte 0 for the surface's first texel; the surface is at least 4
 * bytes long), shifted down and masked. */
static inline __m256i texels16(const int *mem, __m256i off)
{
    __m256i a =
        _mm256_max_epi32(_mm256_sub_epi32(off, _mm256_set1_epi32(2)), _mm256_setzero_si256());
    __m256i w = loads8(mem, a);
    w = _mm256_srlv_epi32(w, _mm256_slli_epi32(_mm256_sub_epi32(off, a), 3));
    return _mm256_and_si256(w, _mm256_set1_epi32(0xffff));
}

/* level8_any for 2D surfaces and arrays of 2-byte texels of one 16-bit channel (chan16: R16,
 * R16_FLOAT) in WRAP (power of two), CLAMP or CLAMP_BORDER, with fetch8_u8x4's index arithmetic
 * (the same texels and weights): when each lane's two taps of a row are neighbours, one 32-bit
 * word holds both (two loads for the four taps, not four); the constant channels are not
 * filtered unless a border colour is read. @return false (nothing done) when a lane needs the
 * general index8. */
static inline bool level8_h16(const vsmp_plan *p, const view8 *lv, __m256 x, __m256 y, bool linear,
                              unsigned mu, unsigned mv, int ch, __m256 out[4])
{
    grid8 g;
    if (!grid8_flat(lv, x, y, linear, mu, mv, &g))
        return false;
    const int *mem = (const int *)p->s->mem;
    const unsigned k = p->ch_dec[ch];
    for (int c = 0; c < 4; c++)
        out[c] = _mm256_set1_ps(p->konst[c]);
    if (!linear) {
        out[ch] = dec16(k, texels16(mem, texel_off_n(lv, g.xa, g.ya, 2)));
        if (g.border)
            border8(p, _mm256_or_si256(g.oxa, g.oya), out);
        return true;
    }
    __m256 wx = g.wx, wy = g.wy;
    __m256i oa = texel_off_n(lv, g.xa, g.ya, 2), ob = texel_off_n(lv, g.xa, g.yb, 2);
    __m256 a, b, c, d;
    if (grid8_pairs(&g)) {
        /* the word at the first tap holds the second: it ends with the second texel (scalar
         * loads: faster than gathers here on the Zen 4 measured) */
        dec16x2(k, loads8(mem, oa), &a, &b);
        dec16x2(k, loads8(mem, ob), &c, &d);
    } else {
        __m256i dx = _mm256_slli_epi32(_mm256_sub_epi32(g.xb, g.xa), 1);
        a = dec16(k, texels16(mem, oa)), b = dec16(k, texels16(mem, _mm256_add_epi32(oa, dx)));
        c = dec16(k, texels16(mem, ob)), d = dec16(k, texels16(mem, _mm256_add_epi32(ob, dx)));
    }
    if (!g.border) {
        out[ch] = lerp8(lerp8(a, b, wx), lerp8(c, d, wx), wy);
        return true;
    }
    __m256 ta[4], tb[4], tc[4], td[4];
    for (int q = 0; q < 4; q++)
        ta[q] = tb[q] = tc[q] = td[q] = out[q];
    ta[ch] = a, tb[ch] = b, tc[ch] = c, td[ch] = d;
    border8(p, _mm256_or_si256(g.oxa, g.oya), ta), border8(p, _mm256_or_si256(g.oxb, g.oya), tb);
    border8(p, _mm256_or_si256(g.oxa, g.oyb), tc), border8(p, _mm256_or_si256(g.oxb, g.oyb), td);
    for (int q = 0; q < 4; q++)
        out[q] = lerp8(lerp8(ta[q], tb[q], wx), lerp8(tc[q], td[q], wx), wy);
    return true;
}

static inline void level8_any(const vsmp_plan *p, const bool three, __m256i level, __m256i layer,
                              __m256 u, __m256 v, __m256 w, bool linear, __m256 out[4])
{
    view8 lv = gather_view(p, level);
    lv.three = three;
    if (layered(p))
        lv.slice = _mm256_mullo_epi32(layer, lv.spitch);
    unsigned ma = p->st.address[0], mb = p->st.address[1], mc = p->st.address[2];
    /* unnormalized coordinates (2D only: the plans let no 3D through) are texels already */
    bool nn = !three && p->st.non_normalized;
    __m256 x = nn ? u : _mm256_mul_ps(u, lv.fw), y = nn ? v : _mm256_mul_ps(v, lv.fh);
    __m256 z = three ? _mm256_mul_ps(w, lv.fd) : _mm256_setzero_ps();
    if (!three && p->s->d.type != VSMP_SURFTYPE_CUBE && u8x4(p) &&
        level8_u8x4(p, &lv, x, y, linear, ma, mb, out))
        return;
    int ch16 = three || p->s->d.type == VSMP_SURFTYPE_CUBE ? -1 : chan16(p);
    if (ch16 >= 0 && level8_h16(p, &lv, x, y, linear, ma, mb, ch16, out))
        return;
    if (!three && p->seamless && p->s->d.type == VSMP_SURFTYPE_CUBE) {
        /* seamless cube: lanes whose taps all lie on their face read them as CLAMP would;
         * taps off an edge are the scalar path's */
        __m256 h = _mm256_set1_ps(linear ? 0.5f : 0.0f);
        __m256i x0 = ifloor8(_mm256_sub_ps(x, h)), y0 = ifloor8(_mm256_sub_ps(y, h));
        __m256i last = _mm256_sub_epi32(lv.w, _mm256_set1_epi32(linear ? 1 : 0));
        __m256i lastv = _mm256_sub_epi32(lv.h, _mm256_set1_epi32(linear ? 1 : 0));
        __m256i zero = _mm256_setzero_si256();
        __m256i off = _mm256_or_si256(
            _mm256_or_si256(_mm256_cmpgt_epi32(zero, x0), _mm256_cmpgt_epi32(zero, y0)),
            _mm256_or_si256(_mm256_cmpgt_epi32(x0, _mm256_sub_epi32(last, _mm256_set1_epi32(1))),
                            _mm256_cmpgt_epi32(y0, _mm256_sub_epi32(lastv, _mm256_set1_epi32(1)))));
        if (!_mm256_testz_si256(off, off)) {
            float fu[8], fv[8], t[4][8];
            uint32_t fl[8], fs[8];
            _mm256_storeu_ps(fu, u), _mm256_storeu_ps(fv, v);
            _mm256_storeu_si256((__m256i *)fl, level);
            _mm256_storeu_si256((__m256i *)fs, layer);
            for (int l = 0; l < 8; l++) {
                float o[4];
                vsmp_fast_cube_level(p, fl[l], fs[l], fu[l], fv[l], linear, o);
                for (int c = 0; c < 4; c++)
                    t[c][l] = o[c];
            }
            for (int c = 0; c < 4; c++)
                out[c] = _mm256_loadu_ps(t[c]);
            return;
        }
        ma = mb = VSMP_TCM_CLAMP; /* every index in range: any mode reads the same texel */
    }
    __m256i xa, xb, ya, yb, za = _mm256_setzero_si256(), zb = za;
    __m256i oxa, oxb, oya, oyb, oza = za, ozb = za; /* CLAMP_BORDER: taps off the level */
    if (!linear) {
        index8(ma, x, lv.w, lv.fw, lv.rw, &xa, &xb);
        index8(mb, y, lv.h, lv.fh, lv.rh, &ya, &yb);
        off8(ma, x, lv.w, &oxa, &oxb), off8(mb, y, lv.h, &oya, &oyb);
        if (three) {
            index8(mc, z, lv.d, lv.fd, lv.rd, &za, &zb);
            off8(mc, z, lv.d, &oza, &ozb);
            lv.slice = _mm256_mullo_epi32(za, lv.spitch);
        }
        fetch8(p, &lv, xa, ya, out);
        border8(p, _mm256_or_si256(_mm256_or_si256(oxa, oya), oza), out);
        return;
    }
    __m256 half = _mm256_set1_ps(0.5f);
    __m256 xm = _mm256_sub_ps(x, half), ym = _mm256_sub_ps(y, half);
    __m256 wx = _mm256_sub_ps(xm, _mm256_floor_ps(xm)), wy = _mm256_sub_ps(ym, _mm256_floor_ps(ym));
    wx = _mm256_and_ps(wx, _mm256_cmp_ps(wx, wx, _CMP_ORD_Q));
    wy = _mm256_and_ps(wy, _mm256_cmp_ps(wy, wy, _CMP_ORD_Q));
    index8(ma, xm, lv.w, lv.fw, lv.rw, &xa, &xb);
    index8(mb, ym, lv.h, lv.fh, lv.rh, &ya, &yb);
    off8(ma, xm, lv.w, &oxa, &oxb), off8(mb, ym, lv.h, &oya, &oyb);
    __m256 wz = _mm256_setzero_ps();
    if (three) {
        __m256 zm = _mm256_sub_ps(z, half);
        wz = _mm256_sub_ps(zm, _mm256_floor_ps(zm));
        wz = _mm256_and_ps(wz, _mm256_cmp_ps(wz, wz, _CMP_ORD_Q));
        index8(mc, zm, lv.d, lv.fd, lv.rd, &za, &zb);
        off8(mc, zm, lv.d, &oza, &ozb);
    }
    __m256 zv[2][4];
    for (int k = 0; k < (three ? 2 : 1); k++) {
        if (three)
            lv.slice = _mm256_mullo_epi32(k ? zb : za, lv.spitch);
        __m256 t00[4], t10[4], t01[4], t11[4];
        if (p->texel_kind == TX_BLOCK) { /* BC1: the taps' blocks decoded once */
            vsmp_bc1_quad8_avx2(p->s->mem, p->s->d.data_size, _mm256_add_epi32(lv.off, lv.slice),
                                lv.pitch, xa, xb, ya, yb, t00, t10, t01, t11);
        } else if (generic_texels(p)) {
            decode8_quad(p, &lv, xa, xb, ya, yb, t00, t10, t01, t11);
        } else {
            fetch8(p, &lv, xa, ya, t00);
            fetch8(p, &lv, xb, ya, t10);
            fetch8(p, &lv, xa, yb, t01);
            fetch8(p, &lv, xb, yb, t11);
        }
        __m256i oz = k ? ozb : oza;
        border8(p, _mm256_or_si256(_mm256_or_si256(oxa, oya), oz), t00);
        border8(p, _mm256_or_si256(_mm256_or_si256(oxb, oya), oz), t10);
        border8(p, _mm256_or_si256(_mm256_or_si256(oxa, oyb), oz), t01);
        border8(p, _mm256_or_si256(_mm256_or_si256(oxb, oyb), oz), t11);
        for (int c = 0; c < 4; c++)
            zv[k][c] = lerp8(lerp8(t00[c], t10[c], wx), lerp8(t01[c], t11[c], wx), wy);
    }
    for (int c = 0; c < 4; c++)
        out[c] = three ? lerp8(zv[0][c], zv[1][c], wz) : zv[0][c];
}

/* One copy per dimensionality, each with the other's code compiled out: the body is inlined
 * into both (a hint; without it the code is the same, only slower). */
#if defined(__GNUC__)
#define FLATTEN __attribute__((flatten))
#else
#define FLATTEN

#endif

FLATTEN static void level8_2d(const vsmp_plan *p, __m256i level, __m256i layer, __m256 u, __m256 v,
                              bool linear, __m256 out[4])
{
    level8_any(p, false, level, layer, u, v, _mm256_setzero_ps(), linear, out);
}

FLATTEN static void level8_3d(const vsmp_plan *p, __m256i level, __m256 u, __m256 v, __m256 w,
                              bool linear, __m256 out[4])
{
    level8_any(p, true, level, _mm256_setzero_si256(), u, v, w, linear, out);
}

static inline void level8(const vsmp_plan *p, const bool three, __m256i level, __m256i layer,
                          __m256 u, __m256 v, __m256 w, bool linear, __m256 out[4])
{
    if (three)
        level8_3d(p, level, u, v, w, linear, out);
    else
        level8_2d(p, level, layer, u, v, linear, out);
}

/* Up to 8 lanes of a parameter (zeros past the message or for an omitted parameter). */
static inline __m256i param8(const vsmp_message *m, unsigned kind, unsigned g)
{
    const uint32_t *a = m->param[kind];
    if (a && m->simd - g >= 8)
        return _mm256_loadu_si256((const __m256i *)(a + g));
    uint32_t b[8] = {0};
    if (a)
        memcpy(b, a + g, 4 * (m->simd - g < 8 ? m->simd - g : 8));
    return _mm256_loadu_si256((const __m256i *)b);
}

static inline __m256 paramf8(const vsmp_message *m, unsigned kind, unsigned g)
{
    return _mm256_castsi256_ps(param8(m, kind, g));
}

/* param8 when the kernel knows lanes g..g+7 are all in the message (SIMD16, every lane on). */
static inline __m256i param8_in(const vsmp_message *m, unsigned kind, unsigned g, bool full)
{
    if (!full)
        return param8(m, kind, g);
    const uint32_t *a = m->param[kind];
    return a ? _mm256_loadu_si256((const __m256i *)(a + g)) : _mm256_setzero_si256();
}

static inline __m256 paramf8_in(const vsmp_message *m, unsigned kind, unsigned g, bool full)
{
    return _mm256_castsi256_ps(param8_in(m, kind, g, full));
}

/* vsmp_log2f (src/sample/vmath.h), 8 lanes: the same operations, specials blended in last. */
static inline __m256 log2_8(__m256 x)
{
    __m256i b = _mm256_castps_si256(x);
    __m256i sub = _mm256_cmpgt_epi32(_mm256_set1_epi32(0x00800000), b); /* subnormal (or <= 0) */
    __m256 xs =
        _mm256_blendv_ps(x, _mm256_mul_ps(x, _mm256_set1_ps(8388608.0f)), _mm256_castsi256_ps(sub));
    b = _mm256_castps_si256(xs);
    __m256i e = _mm256_and_si256(sub, _mm256_set1_epi32(-23));
    e = _mm256_add_epi32(e, _mm256_sub_epi32(_mm256_srli_epi32(b, 23), _mm256_set1_epi32(127)));
    b = _mm256_or_si256(_mm256_and_si256(b, _mm256_set1_epi32(0x007fffff)),
                        _mm256_set1_epi32(0x3f800000));
    __m256 m = _mm256_castsi256_ps(b);
    __m256 big = _mm256_cmp_ps(m, _mm256_set1_ps(VSMP_LOG2_SQRT2), _CMP_GT_OQ);
    m = _mm256_blendv_ps(m, _mm256_mul_ps(m, _mm256_set1_ps(0.5f)), big);
    e = _mm256_sub_epi32(e, _mm256_castps_si256(big));
    __m256 one = _mm256_set1_ps(1.0f);
    __m256 t = _mm256_div_ps(_mm256_sub_ps(m, one), _mm256_add_ps(m, one));
    __m256 t2 = _mm256_mul_ps(t, t);
    __m256 s = _mm256_add_ps(_mm256_set1_ps(VSMP_LOG2_C7),
                             _mm256_mul_ps(t2, _mm256_set1_ps(VSMP_LOG2_C9)));
    s = _mm256_add_ps(_mm256_set1_ps(VSMP_LOG2_C5), _mm256_mul_ps(t2, s));
    s = _mm256_add_ps(_mm256_set1_ps(VSMP_LOG2_C3), _mm256_mul_ps(t2, s));
    s = _mm256_add_ps(_mm256_set1_ps(VSMP_LOG2_C1), _mm256_mul_ps(t2, s));
    s = _mm256_mul_ps(t, s);
    __m256 r = _mm256_add_ps(_mm256_cvtepi32_ps(e), s);
    __m256 pos = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_GT_OQ);
    __m256 zero = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_EQ_OQ);
    __m256 inf = _mm256_cmp_ps(x, _mm256_set1_ps(INFINITY), _CMP_EQ_OQ);
    r = _mm256_blendv_ps(_mm256_castsi256_ps(_mm256_set1_epi32((int)VSMP_NAN_BITS)), r, pos);
    r = _mm256_blendv_ps(r, _mm256_set1_ps(-INFINITY), zero);
    return _mm256_blendv_ps(r, _mm256_set1_ps(INFINITY), inf);
}

static inline __m256 sq(__m256 a)
{
    return _mm256_mul_ps(a, a);
}

/* lod_2d of fast.c: sums from 0 in the same order, sqrt, the larger (NaN: the second), log2 */
/* x < lo ? lo : x > hi ? hi : x */
static inline __m256 clamp8(__m256 x, __m256 lo, __m256 hi)
{
    __m256 r = _mm256_blendv_ps(x, hi, _mm256_cmp_ps(x, hi, _CMP_GT_OQ));
    return _mm256_blendv_ps(r, lo, _mm256_cmp_ps(x, lo, _CMP_LT_OQ));
}

typedef struct aniso8 {
    __m256i n;         /* taps (1: isotropic) */
    __m256 ax, ay, az; /* major axis */
    __m256 bad;        /* NaN ratio: the reference decides */
} aniso8;

/* lod_2d of fast.c (lod_from_derivs of the reference), anisotropic when the min filter is. */
static inline __m256 lod8(const vsmp_plan *p, const bool three, __m256 dx0, __m256 dx1, __m256 dx2,
                          __m256 dy0, __m256 dy1, __m256 dy2, aniso8 *an)
{
    const vsmp_level_view *b = &p->lv[p->base];
    __m256 fw = _mm256_set1_ps(b->fw), fh = _mm256_set1_ps(b->fh), z = _mm256_setzero_ps();
    /* the reference adds the squares to 0: the same bits as the first square (never -0) */
    __m256 sx = _mm256_add_ps(sq(_mm256_mul_ps(dx0, fw)), sq(_mm256_mul_ps(dx1, fh)));
    __m256 sy = _mm256_add_ps(sq(_mm256_mul_ps(dy0, fw)), sq(_mm256_mul_ps(dy1, fh)));
    if (three) { /* the third axis, added last */
        __m256 fd = _mm256_set1_ps(b->fd);
        sx = _mm256_add_ps(sx, sq(_mm256_mul_ps(dx2, fd)));
        sy = _mm256_add_ps(sy, sq(_mm256_mul_ps(dy2, fd)));
    }
    __m256 lx = _mm256_sqrt_ps(sx), ly = _mm256_sqrt_ps(sy);
    __m256 gt = _mm256_cmp_ps(lx, ly, _CMP_GT_OQ);
    __m256 pmax = _mm256_blendv_ps(ly, lx, gt);
    an->n = _mm256_set1_epi32(1);
    an->bad = an->ax = an->ay = an->az = z;
    /* a NaN length makes lambda NaN (0 after the bias), whatever the other length */
    __m256 nan = _mm256_cmp_ps(lx, ly, _CMP_UNORD_Q);
    __m256 qnan = _mm256_castsi256_ps(_mm256_set1_epi32((int)VSMP_NAN_BITS));
    if (p->st.min_filter != VSMP_FILTER_ANISOTROPIC)
        return _mm256_blendv_ps(log2_8(pmax), qnan, nan);
    /* anisotropic only where both lengths are finite (not NaN, not infinite) */
    __m256 fmx = _mm256_set1_ps(FLT_MAX);
    __m256 finite =
        _mm256_and_ps(_mm256_cmp_ps(lx, fmx, _CMP_LE_OQ), _mm256_cmp_ps(ly, fmx, _CMP_LE_OQ));
    unsigned maxa = p->st.max_aniso < 2 ? 2 : p->st.max_aniso > 16 ? 16 : p->st.max_aniso;
    __m256 fmaxa = _mm256_set1_ps((float)maxa), one = _mm256_set1_ps(1.0f);
    __m256 pmin = _mm256_blendv_ps(lx, ly, gt);
    __m256 ratio = _mm256_blendv_ps(fmaxa, _mm256_ceil_ps(_mm256_div_ps(pmax, pmin)),
                                    _mm256_cmp_ps(pmin, z, _CMP_GT_OQ));
    an->bad = _mm256_and_ps(finite, _mm256_cmp_ps(ratio, ratio, _CMP_UNORD_Q));
    __m256 nf =
        _mm256_blendv_ps(one, clamp8(ratio, one, fmaxa), _mm256_cmp_ps(pmax, z, _CMP_GT_OQ));
    nf = _mm256_blendv_ps(one, nf, finite);
    an->n = _mm256_cvttps_epi32(_mm256_and_ps(nf, _mm256_cmp_ps(nf, nf, _CMP_ORD_Q)));
    an->ax = _mm256_blendv_ps(dy0, dx0, gt), an->ay = _mm256_blendv_ps(dy1, dx1, gt);
    an->az = three ? _mm256_blendv_ps(dy2, dx2, gt) : z;
    /* (float)n of the reference: n is a small integer (1 where not anisotropic) */
    return _mm256_blendv_ps(log2_8(_mm256_div_ps(pmax, _mm256_cvtepi32_ps(an->n))), qnan, nan);
}

typedef struct lanes8 {
    __m256 u, v, w, frac;
    __m256i l0, l1, layer;
    aniso8 an;
} lanes8;

/* The layer of lanes g..g+7 of a 2D array (0 otherwise): R rounded to nearest even, NaN and
 * negative to 0, clamped to the array. */
static inline __m256i layer8(const vsmp_plan *p, const vsmp_message *m, unsigned g)
{
    if (!p->s->d.array)
        return _mm256_setzero_si256();
    unsigned kind = p->s->d.type == VSMP_SURFTYPE_CUBE ? VSMP_P_AI : VSMP_P_R;
    __m256 r = _mm256_round_ps(paramf8(m, kind, g), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 nl = _mm256_set1_ps((float)(p->s->d.array_len - 1));
    r = _mm256_and_ps(r, _mm256_cmp_ps(r, _mm256_setzero_ps(), _CMP_GE_OQ));
    r = _mm256_blendv_ps(r, nl, _mm256_cmp_ps(r, nl, _CMP_GT_OQ));
    return _mm256_cvttps_epi32(r);
}

/* lod8 of derivatives (dx, dy) at c; on a cube (fc given), of the direction: they become the
 * face coordinates' on the face of @p face (vsmp_cube_face_derivs). */
static inline __m256 lod8_at(const vsmp_plan *p, const bool three, const cube8 *fc, __m256i face,
                             __m256 c0, __m256 c1, __m256 c2, __m256 dx0, __m256 dx1, __m256 dx2,
                             __m256 dy0, __m256 dy1, __m256 dy2, aniso8 *an)
{
    if (fc) {
        cube_derivs8(face, c0, c1, c2, dx0, dx1, dx2, &dx0, &dx1);
        cube_derivs8(face, c0, c1, c2, dy0, dy1, dy2, &dy0, &dy1);
        dx2 = dy2 = _mm256_setzero_ps();
    }
    return lod8(p, three, dx0, dx1, dx2, dy0, dy1, dy2, an);
}

/* vsmp_fast_lanes for lanes g..g+7 (whole quads: simd is a multiple of 4), before a cube's
 * direction becomes face coordinates: fc the faces of a cube's lanes, NULL otherwise. */
static inline lanes8 stage8_dir(const vsmp_plan *p, const bool three, const vsmp_message *m,
                                unsigned g, const bool full, const cube8 *fc)
{
    const vsmp_sampler_state *st = &p->st;
    lanes8 o;
    o.u = paramf8_in(m, VSMP_P_U, g, full), o.v = paramf8_in(m, VSMP_P_V, g, full);
    o.w = three || fc ? paramf8_in(m, VSMP_P_R, g, full) : _mm256_setzero_ps();
    o.layer = layer8(p, m, g);
    if (p->lod_unused) {
        o.l0 = o.l1 = _mm256_set1_epi32((int)p->base);
        o.frac = o.an.ax = o.an.ay = o.an.az = o.an.bad = _mm256_setzero_ps();
        o.an.n = _mm256_set1_epi32(1);
        return o;
    }
    __m256 lam;
    switch (p->lod) {
    case L_IMPLICIT:
    case L_BIAS: {
        __m256i i0 = _mm256_setr_epi32(0, 0, 0, 0, 4, 4, 4, 4);
        __m256i i1 = _mm256_setr_epi32(1, 1, 1, 1, 5, 5, 5, 5);
        __m256i i2 = _mm256_setr_epi32(2, 2, 2, 2, 6, 6, 6, 6);
        __m256 u0 = _mm256_permutevar8x32_ps(o.u, i0), v0 = _mm256_permutevar8x32_ps(o.v, i0);
        __m256 w0 = _mm256_permutevar8x32_ps(o.w, i0);
        __m256i face0 = fc ? _mm256_permutevar8x32_epi32(fc->face, i0) : i0;
        lam = lod8_at(p, three, fc, face0, u0, v0, w0,
                      _mm256_sub_ps(_mm256_permutevar8x32_ps(o.u, i1), u0),
                      _mm256_sub_ps(_mm256_permutevar8x32_ps(o.v, i1), v0),
                      _mm256_sub_ps(_mm256_permutevar8x32_ps(o.w, i1), w0),
                      _mm256_sub_ps(_mm256_permutevar8x32_ps(o.u, i2), u0),
                      _mm256_sub_ps(_mm256_permutevar8x32_ps(o.v, i2), v0),
                      _mm256_sub_ps(_mm256_permutevar8x32_ps(o.w, i2), w0), &o.an);
        break;
    }
    case L_GRAD:
        lam = lod8_at(p, three, fc, fc ? fc->face : o.layer, o.u, o.v, o.w,
                      paramf8_in(m, VSMP_P_DUDX, g, full), paramf8_in(m, VSMP_P_DVDX, g, full),
                      paramf8_in(m, VSMP_P_DRDX, g, full), paramf8_in(m, VSMP_P_DUDY, g, full),
                      paramf8_in(m, VSMP_P_DVDY, g, full), paramf8_in(m, VSMP_P_DRDY, g, full),
                      &o.an);
        break;
    case L_EXPLICIT:
        lam = paramf8_in(m, VSMP_P_LOD, g, full);
        o.an.n = _mm256_set1_epi32(1);
        o.an.bad = o.an.ax = o.an.ay = o.an.az = _mm256_setzero_ps();
        break;
    case L_ZERO:
    default:
        lam = _mm256_setzero_ps();
        o.an.n = _mm256_set1_epi32(1);
        o.an.bad = o.an.ax = o.an.ay = o.an.az = _mm256_setzero_ps();
        break;
    }
    lam = _mm256_add_ps(lam, _mm256_set1_ps(st->lod_bias));
    if (p->lod == L_BIAS)
        lam = _mm256_add_ps(lam, clamp8(paramf8_in(m, VSMP_P_BIAS, g, full), _mm256_set1_ps(-16.0f),
                                        _mm256_set1_ps(16.0f)));
    lam = _mm256_and_ps(lam, _mm256_cmp_ps(lam, lam, _CMP_ORD_Q)); /* a NaN LOD is 0 */
    __m256 lo = _mm256_set1_ps(st->min_lod), hi = _mm256_set1_ps(st->max_lod);
    __m256 top = _mm256_set1_ps((float)(p->nlev - 1)), zero = _mm256_setzero_ps();
    if (st->lod_preclamp == VSMP_PRECLAMP_OGL)
        lam = clamp8(lam, lo, hi);
    __m256 magnify = _mm256_cmp_ps(lam, zero, _CMP_NGT_UQ); /* !(lambda > 0) */
    /* magnified lanes filter with the mag filter: one tap */
    o.an.n = _mm256_blendv_epi8(o.an.n, _mm256_set1_epi32(1), _mm256_castps_si256(magnify));
    if (st->lod_preclamp != VSMP_PRECLAMP_OGL)
        lam = clamp8(lam, lo, hi);
    lam = _mm256_blendv_ps(lam, top, _mm256_cmp_ps(lam, top, _CMP_GT_OQ));
    lam = _mm256_blendv_ps(lam, zero, _mm256_cmp_ps(lam, zero, _CMP_NGE_UQ));
    __m256i base = _mm256_set1_epi32((int)p->base);
    o.l0 = o.l1 = base, o.frac = zero;
    if (st->mip_filter == VSMP_MIPFILTER_NONE)
        return o;
    __m256i keep = st->mag_mipnone ? _mm256_castps_si256(magnify) : _mm256_setzero_si256();
    if (st->mip_filter == VSMP_MIPFILTER_NEAREST) {
        __m256 f = _mm256_floor_ps(_mm256_add_ps(lam, _mm256_set1_ps(0.5f)));
        f = _mm256_blendv_ps(f, top, _mm256_cmp_ps(f, top, _CMP_GT_OQ));
        o.l0 = _mm256_add_epi32(base, _mm256_andnot_si256(keep, _mm256_cvttps_epi32(f)));
        o.l1 = o.l0;
        return o;
    }
    __m256 f = _mm256_floor_ps(lam);
    __m256i l0 = _mm256_cvttps_epi32(f), one = _mm256_set1_epi32(1);
    __m256i l1 = _mm256_add_epi32(l0, one);
    l1 = _mm256_blendv_epi8(l0, l1, _mm256_cmpgt_epi32(_mm256_set1_epi32((int)p->nlev), l1));
    o.l0 = _mm256_add_epi32(base, _mm256_andnot_si256(keep, l0));
    o.l1 = _mm256_add_epi32(base, _mm256_andnot_si256(keep, l1));
    o.frac = _mm256_andnot_ps(_mm256_castsi256_ps(keep), _mm256_sub_ps(lam, f));
    return o;
}

/* vsmp_fast_lanes for lanes g..g+7: on a cube, the faces of the directions, derivatives on
 * them, then the face coordinates and the slice 6 layer + face. */
static inline lanes8 stage8(const vsmp_plan *p, const bool three, const vsmp_message *m, unsigned g,
                            const bool full)
{
    if (three || p->s->d.type != VSMP_SURFTYPE_CUBE)
        return stage8_dir(p, three, m, g, full, NULL);
    cube8 fc = cube_face8(paramf8_in(m, VSMP_P_U, g, full), paramf8_in(m, VSMP_P_V, g, full),
                          paramf8_in(m, VSMP_P_R, g, full));
    lanes8 o = stage8_dir(p, false, m, g, full, &fc);
    o.u = fc.s, o.v = fc.t, o.w = _mm256_setzero_ps();
    o.layer = _mm256_add_epi32(_mm256_mullo_epi32(o.layer, _mm256_set1_epi32(6)), fc.face);
    return o;
}

/* Lanes l..l+7 that are enabled and inside the message, as a store mask. */
static inline __m256i lane_mask(const vsmp_message *m, unsigned g)
{
    uint32_t bits = (m->mask >> g) & 0xffu;
    if (m->simd - g < 8)
        bits &= (1u << (m->simd - g)) - 1;
    __m256i sel = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    return _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)bits), sel), sel);
}

static inline void store8(vsmp_result *r, const vsmp_message *m, unsigned g, const __m256 t[4])
{
    __m256i mask = lane_mask(m, g);
    if (_mm256_movemask_ps(_mm256_castsi256_ps(mask)) == 0xff) {
        for (int c = 0; c < 4; c++)
            _mm256_storeu_ps((float *)&r->c[c][g], t[c]);
        return;
    }
    for (int c = 0; c < 4; c++)
        _mm256_maskstore_ps((float *)&r->c[c][g], mask, t[c]);
}

static inline void store8_in(vsmp_result *r, const vsmp_message *m, unsigned g, const __m256 t[4],
                             bool full)
{
    if (!full) {
        store8(r, m, g, t);
        return;
    }
    for (int c = 0; c < 4; c++)
        _mm256_storeu_ps((float *)&r->c[c][g], t[c]);
}

/* A SIMD16 message with every lane on: the kernels' most common shape, compiled apart. */
static inline bool full16(const vsmp_message *m)
{
    return m->simd == 16 && (m->mask & 0xffffu) == 0xffffu;
}

/* sample_at of the reference for 8 lanes: lanes with n > 1 average n bilinear taps along
 * their major axis; the others sample once. */
static inline void at8(const vsmp_plan *p, const bool three, __m256i level, __m256i layer, __m256 u,
                       __m256 v, __m256 w, bool linear, const aniso8 *an, __m256 out[4])
{
    __m256i one = _mm256_set1_epi32(1);
    __m256 multi = _mm256_castsi256_ps(_mm256_cmpgt_epi32(an->n, one));
    if (_mm256_movemask_ps(multi) != 0xff) /* lanes of one tap */
        level8(p, three, level, layer, u, v, w, linear, out);
    else
        out[0] = out[1] = out[2] = out[3] = _mm256_setzero_ps();
    if (_mm256_testz_ps(multi, multi))
        return;
    __m128i m4 = _mm_max_epi32(_mm256_castsi256_si128(an->n), _mm256_extracti128_si256(an->n, 1));
    m4 = _mm_max_epi32(m4, _mm_shuffle_epi32(m4, 0x4e));
    m4 = _mm_max_epi32(m4, _mm_shuffle_epi32(m4, 0xb1));
    int nmax = _mm_cvtsi128_si32(m4);
    __m256 nf = _mm256_cvtepi32_ps(an->n), half = _mm256_set1_ps(0.5f);
    __m256 acc[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(),
                     _mm256_setzero_ps()};
    for (int t = 0; t < nmax; t++) {
        __m256 on = _mm256_castsi256_ps(_mm256_cmpgt_epi32(an->n, _mm256_set1_epi32(t)));
        __m256 k =
            _mm256_sub_ps(_mm256_div_ps(_mm256_add_ps(_mm256_set1_ps((float)t), half), nf), half);
        __m256 r[4];
        level8(p, three, level, layer, _mm256_add_ps(u, _mm256_mul_ps(an->ax, k)),
               _mm256_add_ps(v, _mm256_mul_ps(an->ay, k)),
               _mm256_add_ps(w, _mm256_mul_ps(an->az, k)), true, r);
        for (int c = 0; c < 4; c++)
            acc[c] = _mm256_blendv_ps(acc[c], _mm256_add_ps(acc[c], r[c]), on);
    }
    for (int c = 0; c < 4; c++)
        out[c] = _mm256_blendv_ps(out[c], _mm256_div_ps(acc[c], nf), multi);
}

/* Both levels of 8 lanes (at8 each) blended by frac where they differ, as the reference's
 * mip-linear filter blends them. */
static inline void mip8(const vsmp_plan *p, const bool three, __m256i l0, __m256i l1, __m256i layer,
                        __m256 u, __m256 v, __m256 w, __m256 frac, bool linear, const aniso8 *an,
                        __m256 out[4])
{
    at8(p, three, l0, layer, u, v, w, linear, an, out);
    __m256i same = _mm256_cmpeq_epi32(l0, l1);
    if (_mm256_movemask_ps(_mm256_castsi256_ps(same)) == 0xff)
        return;
    __m256 t1[4];
    at8(p, three, l1, layer, u, v, w, linear, an, t1);
    for (int c = 0; c < 4; c++)
        out[c] = _mm256_blendv_ps(lerp8(out[c], t1[c], frac), out[c], _mm256_castsi256_ps(same));
}

#include "stage16_avx512.h"

/* The mip kernels' first half for four 8-bit channels in a 4-byte texel (RGBA8, and the tables'
 * texels): each group's LOD stage (o[i]; stage16's at once) and its one or two levels' taps (t[i]),
 * every group's loads issued before any is unpacked. Bit i of the result is set for the groups
 * fetched; bit i of *two for those whose second level was fetched too. Groups the short index
 * arithmetic cannot take are left to mip8 (the second half). */
static inline unsigned mip8_fetch_u8x4(const vsmp_plan *p, const vsmp_message *m, const bool full,
                                       const bool wu, const bool wv, bool linear, lanes8 *o,
                                       taps8 (*t)[2], unsigned *two)
{
    unsigned n8 = full ? 16 : (m->simd + 7) & ~7u, fast = 0;
    *two = 0;
#ifdef __AVX512F__
    const bool both = stage16_ok(p, full); /* the AVX-512 level: both groups' LOD stage at once */
    if (both)
        stage16(p, false, m, o);
#else
    const bool both = false;
#endif
    for (unsigned g = 0; g < n8; g += 8) {
        unsigned i = g / 8;
        lanes8 *q = &o[i];
        if (!both)
            *q = stage8(p, false, m, g, full);
        view8 v0 = gather_view(p, q->l0);
        if (p->s->d.array)
            v0.slice = _mm256_mullo_epi32(q->layer, v0.spitch);
        if (!fetch8_u8x4(p, &v0, _mm256_mul_ps(q->u, v0.fw), _mm256_mul_ps(q->v, v0.fh), linear,
                         wu ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP, wv ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP,
                         &t[i][0]))
            continue;
        __m256i same = _mm256_cmpeq_epi32(q->l0, q->l1);
        if (_mm256_movemask_ps(_mm256_castsi256_ps(same)) != 0xff) {
            view8 v1 = gather_view(p, q->l1);
            if (p->s->d.array)
                v1.slice = _mm256_mullo_epi32(q->layer, v1.spitch);
            if (!fetch8_u8x4(p, &v1, _mm256_mul_ps(q->u, v1.fw), _mm256_mul_ps(q->v, v1.fh), linear,
                             wu ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP,
                             wv ? VSMP_TCM_WRAP : VSMP_TCM_CLAMP, &t[i][1]))
                continue;
            *two |= 1u << i;
        }
        fast |= 1u << i;
    }
    return fast;
}

/* The mip kernels' second half: each group's fetched taps filtered (FILTER(p, taps, linear,
 * out)) and its two levels blended by the LOD fraction where they differ, or, for the groups
 * not fetched, mip8 (the general stages); stored. Results are finite (8-bit texels, UNORM or
 * by table): no NaN rewrite. A macro, as the taps' type differs (taps8, the 3D kernel's taps3). */
#define MIP8_FILTER_STORE(p, m, r, full, three, linear, o, t, fast, two, FILTER)                   \
    do {                                                                                           \
        unsigned n8_ = (full) ? 16 : ((m)->simd + 7) & ~7u;                                        \
        for (unsigned g_ = 0; g_ < n8_; g_ += 8) {                                                 \
            unsigned i_ = g_ / 8;                                                                  \
            const lanes8 *q_ = &(o)[i_];                                                           \
            __m256 a_[4];                                                                          \
            if ((fast) >> i_ & 1) {                                                                \
                FILTER(p, &(t)[i_][0], linear, a_);                                                \
                if ((two) >> i_ & 1) {                                                             \
                    __m256 b_[4];                                                                  \
                    FILTER(p, &(t)[i_][1], linear, b_);                                            \
                    __m256 same_ = _mm256_castsi256_ps(_mm256_cmpeq_epi32(q_->l0, q_->l1));        \
                    for (int c_ = 0; c_ < 4; c_++)                                                 \
                        a_[c_] = _mm256_blendv_ps(lerp8(a_[c_], b_[c_], q_->frac), a_[c_], same_); \
                }                                                                                  \
            } else {                                                                               \
                mip8(p, three, q_->l0, q_->l1, q_->layer, q_->u, q_->v, q_->w, q_->frac, linear,   \
                     &q_->an, a_);                                                                 \
            }                                                                                      \
            store8_in(r, m, g_, a_, full);                                                         \
        }                                                                                          \
    } while (0)

/* The mip kernel of 4-byte texels of 8-bit channels: each group's LOD stage and both levels'
 * taps (mip8_fetch_u8x4), then their filter (filter8_x4, lut: by tables; MIP16_STORE), blend. */
static inline void mip8_x4(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r,
                           const bool full, const bool wu, const bool wv, const bool lut)
{
    bool linear = p->st.min_filter != VSMP_FILTER_NEAREST;
    lanes8 o[VSMP_MAX_LANES / 8];
    taps8 t[VSMP_MAX_LANES / 8][2];
    unsigned two, fast = mip8_fetch_u8x4(p, m, full, wu, wv, linear, o, t, &two);
#ifdef __AVX512F__
    if (!lut && full && linear && fast == 3 && two == 3) { /* both groups on two levels */
        MIP16_STORE(p, o, t, r, level16_2d);
        return;
    }
#endif
    if (lut)
        MIP8_FILTER_STORE(p, m, r, full, false, linear, o, t, fast, two, filter8_lut4);
    else
        MIP8_FILTER_STORE(p, m, r, full, false, linear, o, t, fast, two, filter8_u8x4);
}

/* ---- Kernel families: one kernel per filter and axis mode, chosen when the plan is made ---- */

/* A kernel running BODY(p, m, r, a, b, c, full), SIMD16 messages with every lane on compiled
 * apart (full). */
#define KERNEL_FULL16(name, BODY, a, b, c)                                                         \
    FLATTEN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)            \
    {                                                                                              \
        if (full16(m))                                                                             \
            BODY(p, m, r, a, b, c, true);                                                          \
        else                                                                                       \
            BODY(p, m, r, a, b, c, false);                                                         \
    }

/* A flat family: BODY(p, m, r, linear, mode_u, mode_v, full) compiled for each filter (p point,
 * l linear) and pair of axis modes (c, w, b), and ENTRY, which runs the one the plan's filter and
 * modes name. */
#define FLAT_FAMILY(ENTRY, BODY)                                                                   \
    FLAT_KINDS(KERNEL_FULL16, BODY, BODY)                                                          \
    void ENTRY(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)                          \
    {                                                                                              \
        static const vsmp_kernel k[18] = {FLAT_KINDS(FLAT_KIND_NAME, BODY, _)};                    \
        k[flat_kind(p)](p, m, r);                                                                  \
    }

#define MIP_ONE(name, BODY, full, wu, wv)                                                          \
    FLATTEN static void name(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)            \
    {                                                                                              \
        BODY(p, m, r, full, wu, wv);                                                               \
    }

/* A mip family: BODY(p, m, r, full, wrap_u, wrap_v) compiled for SIMD16 messages with every lane
 * on (full) or not and WRAP or CLAMP on each axis, and ENTRY, which runs the one the message and
 * the plan name; messages of a partial quad, and resident surfaces, go to the general kernel (its
 * scalar LOD stage). */
#define MIP_FAMILY(ENTRY, BODY)                                                                    \
    MIP_ONE(BODY##_cc, BODY, false, false, false)                                                  \
    MIP_ONE(BODY##_cw, BODY, false, false, true)                                                   \
    MIP_ONE(BODY##_wc, BODY, false, true, false)                                                   \
    MIP_ONE(BODY##_ww, BODY, false, true, true)                                                    \
    MIP_ONE(BODY##_cc16, BODY, true, false, false)                                                 \
    MIP_ONE(BODY##_cw16, BODY, true, false, true)                                                  \
    MIP_ONE(BODY##_wc16, BODY, true, true, false)                                                  \
    MIP_ONE(BODY##_ww16, BODY, true, true, true)                                                   \
    void ENTRY(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r)                          \
    {                                                                                              \
        static const vsmp_kernel k[8] = {BODY##_cc,   BODY##_cw,   BODY##_wc,   BODY##_ww,         \
                                         BODY##_cc16, BODY##_cw16, BODY##_wc16, BODY##_ww16};      \
        bool wu = p->st.address[0] == VSMP_TCM_WRAP, wv = p->st.address[1] == VSMP_TCM_WRAP;       \
        if (m->simd % 4 || p->s->resident)                                                         \
            vsmp_sample_2d_avx2(p, m, r);                                                          \
        else                                                                                       \
            k[full16(m) * 4 + wu * 2 + wv](p, m, r);                                               \
    }

#endif
