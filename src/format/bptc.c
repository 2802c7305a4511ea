/* SPDX-License-Identifier: MIT */
/*
 * BC6H and BC7 (BPTC) block decoding, as the D3D11 / Khronos Data Format definitions give it:
 * a 128-bit little-endian bit stream read from bit 0 of byte 0, a mode, 1-3 subsets chosen
 * by a partition, endpoints per subset and per-texel indices into 6-bit weights.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "format_internal.h"

/* n (<= 16) bits of the stream from bit position at. */
static unsigned bits(const uint8_t *b, unsigned at, unsigned n)
{
    unsigned v = 0;
    for (unsigned i = 0; i < n && at + i < 128; i++)
        v |= (unsigned)(b[(at + i) / 8] >> ((at + i) % 8) & 1) << i;
    return v;
}

/* Subset of each texel (i = 4y + x), one digit per texel, for the 64 partitions of two and of
 * three subsets. BC6H uses the first 32 two-subset partitions. */
static const char part2[64][17] = {
    "0011001100110011", "0001000100010001", "0111011101110111", "0001001100110111",
    "0000000100010011", "0011011101111111", "0001001101111111", "0000000100110111",
    "0000000000010011", "0011011111111111", "0000000101111111", "0000000000010111",
    "0001011111111111", "0000000011111111", "0000111111111111", "0000000000001111",
    "0000100011101111", "0111000100000000", "0000000010001110", "0111001100010000",
    "0011000100000000", "0000100011001110", "0000000010001100", "0111001100110001",
    "0011000100010000", "0000100010001100", "0110011001100110", "0011011001101100",
    "0001011111101000", "0000111111110000", "0111000110001110", "0011100110011100",
    "0101010101010101", "0000111100001111", "0101101001011010", "0011001111001100",
    "0011110000111100", "0101010110101010", "0110100101101001", "0101101010100101",
    "0111001111001110", "0001001111001000", "0011001001001100", "0011101111011100",
    "0110100110010110", "0011110011000011", "0110011010011001", "0000011001100000",
    "0100111001000000", "0010011100100000", "0000001001110010", "0000010011100100",
    "0110110010010011", "0011011011001001", "0110001110011100", "0011100111000110",
    "0110110011001001", "0110001100111001", "0111111010000001", "0001100011100111",
    "0000111100110011", "0011001111110000", "0010001011101110", "0100010001110111",
};
static const char part3[64][17] = {
    "0011001102212222", "0001001122112221", "0000200122112211", "0222002200110111",
    "0000000011221122", "0011001100220022", "0022002211111111", "0011001122112211",
    "0000000011112222", "0000111111112222", "0000111122222222", "0012001200120012",
    "0112011201120112", "0122012201220122", "0011011211221222", "0011200122002220",
    "0001001101121122", "0111001120012200", "0000112211221122", "0022002200221111",
    "0111011102220222", "0001000122212221", "0000001101220122", "0000110022102210",
    "0122012200110000", "0012001211222222", "0110122112210110", "0000011012211221",
    "0022110211020022", "0110011020022222", "0011012201220011", "0000200022112221",
    "0000000211221222", "0222002200120011", "0011001200220222", "0120012001200120",
    "0000111122220000", "0120120120120120", "0120201212010120", "0011220011220011",
    "0011112222000011", "0101010122222222", "0000000021212121", "0022112200221122",
    "0022001100220011", "0220122102201221", "0101222222220101", "0000212121212121",
    "0101010101012222", "0222011102220111", "0002111200021112", "0000211221122112",
    "0222011101110222", "0002111211120002", "0110011001102222", "0000000021122112",
    "0110011022222222", "0022001100110022", "0022112211220022", "0000000000002112",
    "0002000100020001", "0222122202221222", "0101222222222222", "0111201122012220",
};

/* Anchor texels (whose index has one bit less): texel 0 for subset 0, and these for the
 * second subset of two, and the second and third subsets of three. */
static const uint8_t anchor2[64] = {
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 2,  8, 2,  2, 8,
    8,  15, 2,  8,  2,  2,  8,  8,  2,  2,  15, 15, 6,  8,  2,  8,  15, 15, 2, 8,  2, 2,
    2,  15, 15, 6,  6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2, 15,
};
static const uint8_t anchor3_second[64] = {
    3,  3,  15, 15, 8, 3,  15, 15, 8,  8,  6, 6,  6, 5,  3, 3,  3,  3,  8,  15, 3,  3,
    6,  10, 5,  8,  8, 6,  8,  5,  15, 15, 8, 15, 3, 5,  6, 10, 8,  15, 15, 3,  15, 5,
    15, 15, 15, 15, 3, 15, 5,  5,  5,  8,  5, 10, 5, 10, 8, 13, 15, 12, 3,  3,
};
static const uint8_t anchor3_third[64] = {
    15, 8, 8, 3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,  15, 8,  15, 3,  15, 8,
    15, 8, 3, 15, 6,  10, 15, 15, 10, 8,  15, 3,  15, 10, 10, 8,  9,  10, 6,  15, 8,  15,
    3,  6, 6, 8,  15, 3,  15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8,
};

static bool is_anchor(unsigned subsets, unsigned part, unsigned texel)
{
    if (texel == 0)
        return true;
    if (subsets == 2)
        return anchor2[part] == texel;
    if (subsets == 3)
        return anchor3_second[part] == texel || anchor3_third[part] == texel;
    return false;
}

static unsigned subset_of(unsigned subsets, unsigned part, unsigned texel)
{
    if (subsets == 2)
        return (unsigned)(part2[part][texel] - '0');
    if (subsets == 3)
        return (unsigned)(part3[part][texel] - '0');
    return 0;
}

/* Index of @p texel in an index block starting at bit @p at, n bits per texel (one bit less
 * for anchor texels). */
static unsigned texel_index(const uint8_t *b, unsigned at, unsigned n, unsigned subsets,
                            unsigned part, unsigned texel)
{
    for (unsigned t = 0; t < texel; t++)
        at += is_anchor(subsets, part, t) ? n - 1 : n;
    return bits(b, at, is_anchor(subsets, part, texel) ? n - 1 : n);
}

static int weight(unsigned index_bits, unsigned index)
{
    static const uint8_t w2[4] = {0, 21, 43, 64};
    static const uint8_t w3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
    static const uint8_t w4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};
    return index_bits == 2 ? w2[index & 3] : index_bits == 3 ? w3[index & 7] : w4[index & 15];
}

/* ((64 - w) a + w b + 32) / 64, rounded towards minus infinity. */
static int32_t interpolate(int32_t a, int32_t b, int w)
{
    int32_t v = (64 - w) * a + w * b + 32;
    return v >= 0 ? v / 64 : -((-v + 63) / 64);
}

/* ---- BC7 ---- */

typedef struct bc7_mode {
    uint8_t subsets, part_bits, rot_bits, sel_bits, color_bits, alpha_bits;
    uint8_t pbits; /* 0; 1 = one p-bit per endpoint; 2 = one shared by a subset's endpoints */
    uint8_t index_bits, index2_bits;
} bc7_mode;

static const bc7_mode bc7_modes[8] = {
    {3, 4, 0, 0, 4, 0, 1, 3, 0}, {2, 6, 0, 0, 6, 0, 2, 3, 0}, {3, 6, 0, 0, 5, 0, 0, 2, 0},
    {2, 6, 0, 0, 7, 0, 1, 2, 0}, {1, 0, 2, 1, 5, 6, 0, 2, 3}, {1, 0, 2, 0, 7, 8, 0, 2, 2},
    {1, 0, 0, 0, 7, 7, 1, 4, 0}, {2, 6, 0, 0, 5, 5, 1, 2, 0},
};

void vsmp_bc7_texel(const uint8_t *b, unsigned texel, uint8_t out[4])
{
    unsigned m = 0;
    while (m < 8 && !(b[0] >> m & 1))
        m++;
    if (m == 8) { /* no mode bit: reserved, every channel 0 */
        memset(out, 0, 4);
        return;
    }
    const bc7_mode *md = &bc7_modes[m];
    unsigned at = m + 1;
    unsigned part = bits(b, at, md->part_bits);
    at += md->part_bits;
    unsigned rot = bits(b, at, md->rot_bits);
    at += md->rot_bits;
    unsigned sel = bits(b, at, md->sel_bits);
    at += md->sel_bits;

    unsigned ns = md->subsets, nch = md->alpha_bits ? 4 : 3;
    unsigned ep[6][4]; /* endpoint 2s + e of subset s */
    for (unsigned c = 0; c < nch; c++)
        for (unsigned e = 0; e < 2 * ns; e++) {
            unsigned n = c < 3 ? md->color_bits : md->alpha_bits;
            ep[e][c] = bits(b, at, n);
            at += n;
        }
    unsigned width[4] = {md->color_bits, md->color_bits, md->color_bits, md->alpha_bits};
    if (md->pbits) {
        for (unsigned e = 0; e < 2 * ns; e++) {
            unsigned p = bits(b, at + (md->pbits == 1 ? e : e / 2), 1);
            for (unsigned c = 0; c < nch; c++)
                ep[e][c] = ep[e][c] << 1 | p;
        }
        at += md->pbits == 1 ? 2 * ns : ns;
        for (unsigned c = 0; c < 4; c++)
            width[c]++;
    }
    for (unsigned e = 0; e < 2 * ns; e++) /* to 8 bits: the top bits repeat below */
        for (unsigned c = 0; c < 4; c++) {
            if (c == 3 && nch == 3) {
                ep[e][c] = 255;
                continue;
            }
            unsigned n = width[c];
            ep[e][c] = (ep[e][c] << (8 - n) | ep[e][c] >> (2 * n - 8)) & 0xff;
        }

    unsigned s = subset_of(ns, part, texel);
    unsigned i1 = texel_index(b, at, md->index_bits, ns, part, texel);
    unsigned at2 = at + 16 * md->index_bits - ns;
    unsigned i2 = md->index2_bits ? texel_index(b, at2, md->index2_bits, 1, 0, texel) : 0;
    unsigned ci = i1, cb = md->index_bits, ai = i1, ab = md->index_bits;
    if (md->index2_bits) { /* colour and alpha have separate index sets; sel swaps them */
        ai = i2, ab = md->index2_bits;
        if (sel)
            ci = i2, cb = md->index2_bits, ai = i1, ab = md->index_bits;
    }
    for (unsigned c = 0; c < 3; c++)
        out[c] =
            (uint8_t)interpolate((int32_t)ep[2 * s][c], (int32_t)ep[2 * s + 1][c], weight(cb, ci));
    out[3] = (uint8_t)interpolate((int32_t)ep[2 * s][3], (int32_t)ep[2 * s + 1][3], weight(ab, ai));
    if (rot) { /* rotation r swaps alpha with channel r - 1 */
        uint8_t t = out[rot - 1];
        out[rot - 1] = out[3];
        out[3] = t;
    }
}

/* ---- BC6H ---- */

/* The 14 modes. code: the mode bits m[1:0] (two-bit codes) or m[4:0]; epb: endpoint bits;
 * delta: bits of the other endpoints per channel when transformed (else equal to epb). The
 * layout names, in stream order after the mode bits, which bits of which endpoint come next:
 * r0..r3 / g0..g3 / b0..b3 are the R, G, B of endpoints 0..3 (0 and 1 form subset 0, 2 and 3
 * subset 1); [hi:lo] places the first bit read at lo, [lo:hi] (a reversed field) at hi. */
typedef struct bc6_mode {
    uint8_t code, code_bits, epb, delta[3];
    bool transformed, two;
    const char *layout;
} bc6_mode;

static const bc6_mode bc6_modes[] = {
    {0x00,
     2,
     10,
     {5, 5, 5},
     true,
     true,
     "g2[4] b2[4] b3[4] r0[9:0] g0[9:0] b0[9:0] r1[4:0] g3[4] g2[3:0] g1[4:0] b3[0] g3[3:0] "
     "b1[4:0] b3[1] b2[3:0] r2[4:0] b3[2] r3[4:0] b3[3]"},
    {0x01,
     2,
     7,
     {6, 6, 6},
     true,
     true,
     "g2[5] g3[4] g3[5] r0[6:0] b3[0] b3[1] b2[4] g0[6:0] b2[5] b3[2] g2[4] b0[6:0] b3[3] b3[5] "
     "b3[4] r1[5:0] g2[3:0] g1[5:0] g3[3:0] b1[5:0] b2[3:0] r2[5:0] r3[5:0]"},
    {0x02,
     5,
     11,
     {5, 4, 4},
     true,
     true,
     "r0[9:0] g0[9:0] b0[9:0] r1[4:0] r0[10] g2[3:0] g1[3:0] g0[10] b3[0] g3[3:0] b1[3:0] b0[10] "
     "b3[1] b2[3:0] r2[4:0] b3[2] r3[4:0] b3[3]"},
    {0x06,
     5,
     11,
     {4, 5, 4},
     true,
     true,
     "r0[9:0] g0[9:0] b0[9:0] r1[3:0] r0[10] g3[4] g2[3:0] g1[4:0] g0[10] g3[3:0] b1[3:0] b0[10] "
     "b3[1] b2[3:0] r2[3:0] b3[0] b3[2] r3[3:0] g2[4] b3[3]"},
    {0x0a,
     5,
     11,
     {4, 4, 5},
     true,
     true,
     "r0[9:0] g0[9:0] b0[9:0] r1[3:0] r0[10] b2[4] g2[3:0] g1[3:0] g0[10] b3[0] g3[3:0] b1[4:0] "
     "b0[10] b2[3:0] r2[3:0] b3[1] b3[2] r3[3:0] b3[4] b3[3]"},
    {0x0e,
     5,
     9,
     {5, 5, 5},
     true,
     true,
     "r0[8:0] b2[4] g0[8:0] g2[4] b0[8:0] b3[4] r1[4:0] g3[4] g2[3:0] g1[4:0] b3[0] g3[3:0] "
     "b1[4:0] b3[1] b2[3:0] r2[4:0] b3[2] r3[4:0] b3[3]"},
    {0x12,
     5,
     8,
     {6, 5, 5},
     true,
     true,
     "r0[7:0] g3[4] b2[4] g0[7:0] b3[2] g2[4] b0[7:0] b3[3] b3[4] r1[5:0] g2[3:0] g1[4:0] b3[0] "
     "g3[3:0] b1[4:0] b3[1] b2[3:0] r2[5:0] r3[5:0]"},
    {0x16,
     5,
     8,
     {5, 6, 5},
     true,
     true,
     "r0[7:0] b3[0] b2[4] g0[7:0] g2[5] g2[4] b0[7:0] g3[5] b3[4] r1[4:0] g3[4] g2[3:0] g1[5:0] "
     "g3[3:0] b1[4:0] b3[1] b2[3:0] r2[4:0] b3[2] r3[4:0] b3[3]"},
    {0x1a,
     5,
     8,
     {5, 5, 6},
     true,
     true,
     "r0[7:0] b3[1] b2[4] g0[7:0] b2[5] g2[4] b0[7:0] b3[5] b3[4] r1[4:0] g3[4] g2[3:0] g1[4:0] "
     "b3[0] g3[3:0] b1[5:0] b2[3:0] r2[4:0] b3[2] r3[4:0] b3[3]"},
    {0x1e,
     5,
     6,
     {6, 6, 6},
     false,
     true,
     "r0[5:0] g3[4] b3[0] b3[1] b2[4] g0[5:0] g2[5] b2[5] b3[2] g2[4] b0[5:0] g3[5] b3[3] b3[5] "
     "b3[4] r1[5:0] g2[3:0] g1[5:0] g3[3:0] b1[5:0] b2[3:0] r2[5:0] r3[5:0]"},
    {0x03, 5, 10, {10, 10, 10}, false, false, "r0[9:0] g0[9:0] b0[9:0] r1[9:0] g1[9:0] b1[9:0]"},
    {0x07,
     5,
     11,
     {9, 9, 9},
     true,
     false,
     "r0[9:0] g0[9:0] b0[9:0] r1[8:0] r0[10] g1[8:0] g0[10] b1[8:0] b0[10]"},
    {0x0b,
     5,
     12,
     {8, 8, 8},
     true,
     false,
     "r0[9:0] g0[9:0] b0[9:0] r1[7:0] r0[10:11] g1[7:0] g0[10:11] b1[7:0] b0[10:11]"},
    {0x0f,
     5,
     16,
     {4, 4, 4},
     true,
     false,
     "r0[9:0] g0[9:0] b0[9:0] r1[3:0] r0[10:15] g1[3:0] g0[10:15] b1[3:0] b0[10:15]"},
};

static unsigned parse_num(const char **p)
{
    unsigned v = 0;
    while (**p >= '0' && **p <= '9')
        v = v * 10 + (unsigned)(*(*p)++ - '0');
    return v;
}

/* Read the endpoint fields of @p md from bit @p at; @return the bit after them. */
static unsigned bc6_fields(const uint8_t *b, const bc6_mode *md, unsigned at, int32_t ep[4][3])
{
    const char *p = md->layout;
    while (*p) {
        while (*p == ' ')
            p++;
        unsigned c = *p == 'r' ? 0 : *p == 'g' ? 1 : 2;
        p++;
        unsigned e = parse_num(&p);
        p++; /* '[' */
        unsigned first = parse_num(&p), last = first;
        if (*p == ':') {
            p++;
            last = parse_num(&p);
        }
        p++; /* ']' */
        /* [hi:lo]: stream bits go to lo, lo+1, ...; [lo:hi]: to hi, hi-1, ... */
        bool reversed = first < last;
        unsigned n = (reversed ? last - first : first - last) + 1;
        for (unsigned i = 0; i < n; i++) {
            unsigned to = reversed ? last - i : last + i;
            ep[e][c] |= (int32_t)(bits(b, at++, 1) << to);
        }
    }
    return at;
}

static int32_t sign_extend(int32_t v, unsigned n)
{
    uint32_t m = 1u << (n - 1);
    uint32_t u = (uint32_t)v & ((m << 1) - 1);
    return (int32_t)(u ^ m) - (int32_t)m;
}

static int32_t unquantize(int32_t v, unsigned epb, bool sgn)
{
    if (!sgn) {
        if (epb >= 15 || v == 0)
            return v;
        if (v == (1 << epb) - 1)
            return 0xffff;
        return (int32_t)(((uint32_t)v << 16) + 0x8000) >> epb;
    }
    if (epb >= 16 || v == 0)
        return v;
    bool neg = v < 0;
    int32_t a = neg ? -v : v;
    a = a >= (1 << (epb - 1)) - 1 ? 0x7fff : (int32_t)((((uint32_t)a << 15) + 0x4000) >> (epb - 1));
    return neg ? -a : a;
}

void vsmp_bc6h_texel(const uint8_t *b, unsigned texel, bool sgn, uint16_t out[3])
{
    unsigned code = bits(b, 0, 2), code_bits = 2;
    if (code >= 2)
        code = bits(b, 0, 5), code_bits = 5;
    const bc6_mode *md = NULL;
    for (size_t i = 0; i < sizeof(bc6_modes) / sizeof(bc6_modes[0]); i++)
        if (bc6_modes[i].code == code && bc6_modes[i].code_bits == code_bits)
            md = &bc6_modes[i];
    if (!md) { /* reserved mode: 0 */
        out[0] = out[1] = out[2] = 0;
        return;
    }
    int32_t ep[4][3];
    memset(ep, 0, sizeof(ep));
    unsigned at = bc6_fields(b, md, code_bits, ep);
    unsigned ne = md->two ? 4 : 2, epb = md->epb;
    for (unsigned c = 0; c < 3; c++) {
        if (sgn)
            ep[0][c] = sign_extend(ep[0][c], epb);
        for (unsigned e = 1; e < ne; e++) {
            if (md->transformed) { /* a signed delta from endpoint 0, wrapped to epb bits */
                int32_t d = sign_extend(ep[e][c], md->delta[c]);
                ep[e][c] = (int32_t)((uint32_t)(ep[0][c] + d) & ((1u << epb) - 1));
            }
            if (sgn)
                ep[e][c] = sign_extend(ep[e][c], epb);
        }
        for (unsigned e = 0; e < ne; e++)
            ep[e][c] = unquantize(ep[e][c], epb, sgn);
    }
    unsigned part = 0, ns = 1, ib = 4;
    if (md->two) {
        part = bits(b, at, 5);
        at += 5, ns = 2, ib = 3;
    }
    unsigned s = subset_of(ns, part, texel);
    int w = weight(ib, texel_index(b, at, ib, ns, part, texel));
    for (unsigned c = 0; c < 3; c++) {
        int32_t v = interpolate(ep[2 * s][c], ep[2 * s + 1][c], w);
        if (!sgn)
            out[c] = (uint16_t)((v * 31) / 64); /* to binary16 bits: at most 0x7bff */
        else
            out[c] = v < 0 ? (uint16_t)(0x8000 | ((-v * 31) / 32)) : (uint16_t)((v * 31) / 32);
    }
}
