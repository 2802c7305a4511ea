/* SPDX-License-Identifier: MIT */
/* BC6H and BC7 against blocks built field by field from the format definition (D3D11 BC6H /
 * BC7 block layouts: a little-endian 128-bit stream, mode bits first). Every expected value
 * below was worked out by hand from the definition's arithmetic; the steps are in comments. */
#include <math.h>

#include "testlib.h"
#include "vsmp/vsmp.h"

/* Write n bits of v at bit position *at of a 16-byte block. */
static void put(uint8_t *b, unsigned *at, unsigned v, unsigned n)
{
    for (unsigned i = 0; i < n; i++, (*at)++)
        if (v >> i & 1)
            b[*at / 8] |= (uint8_t)(1u << (*at % 8));
}

static void bc7(vsmp_format f, const uint8_t *b, unsigned texel, unsigned out[4])
{
    vsmp_texel t;
    vsmp_format_unpack_block(vsmp_format_get(f), b, texel % 4, texel / 4, &t);
    for (int c = 0; c < 4; c++)
        out[c] = (unsigned)lrintf(t.f[c] * 255.0f);
    /* the decoded value is exactly n / 255 */
    for (int c = 0; c < 4; c++)
        CHECK(t.f[c] == (float)out[c] / 255.0f, "BC7 channel %d is an 8-bit value", c);
}

static bool is4(const unsigned v[4], unsigned r, unsigned g, unsigned b, unsigned a)
{
    return v[0] == r && v[1] == g && v[2] == b && v[3] == a;
}

static void bc6(vsmp_format f, const uint8_t *b, unsigned texel, float out[4])
{
    vsmp_texel t;
    vsmp_format_unpack_block(vsmp_format_get(f), b, texel % 4, texel / 4, &t);
    memcpy(out, t.f, sizeof(t.f));
}

static void test_bc7(void)
{
    unsigned v[4];
    {
        /* mode 6: one subset, 7-bit RGBA endpoints, a p-bit per endpoint, 4-bit indices.
         * R 127|1 = 255, 0|0 = 0; G 0|1 = 1, 127|0 = 254; B 64|1 = 129, 64|0 = 128;
         * A 127|1 = 255, 127|0 = 254 */
        uint8_t b[16] = {0};
        unsigned at = 0;
        put(b, &at, 1u << 6, 7);
        put(b, &at, 127, 7), put(b, &at, 0, 7);   /* R0 R1 */
        put(b, &at, 0, 7), put(b, &at, 127, 7);   /* G0 G1 */
        put(b, &at, 64, 7), put(b, &at, 64, 7);   /* B0 B1 */
        put(b, &at, 127, 7), put(b, &at, 127, 7); /* A0 A1 */
        put(b, &at, 1, 1), put(b, &at, 0, 1);     /* P0 P1 */
        CHECK(at == 65, "mode 6 header");
        put(b, &at, 0, 3); /* texel 0: anchor, 3 bits */
        for (unsigned i = 1; i < 16; i++)
            put(b, &at, i, 4);
        bc7(VSMP_FORMAT_BC7_UNORM, b, 0, v);
        CHECK(is4(v, 255, 1, 129, 255), "BC7 mode 6 texel 0 = endpoint 0 (%u %u %u %u)", v[0], v[1],
              v[2], v[3]);
        /* texel 5, index 5, weight 21: R (43*255 + 32) >> 6 = 171; G (43 + 21*254 + 32) >> 6 =
         * 84; B (43*129 + 21*128 + 32) >> 6 = 129; A (43*255 + 21*254 + 32) >> 6 = 255 */
        bc7(VSMP_FORMAT_BC7_UNORM, b, 5, v);
        CHECK(is4(v, 171, 84, 129, 255), "BC7 mode 6 texel 5 (%u %u %u %u)", v[0], v[1], v[2],
              v[3]);
        bc7(VSMP_FORMAT_BC7_UNORM, b, 15, v);
        CHECK(is4(v, 0, 254, 128, 254), "BC7 mode 6 texel 15 = endpoint 1");
        /* sRGB: the same bytes, decoded to linear after interpolation */
        vsmp_texel t;
        vsmp_format_unpack_block(vsmp_format_get(VSMP_FORMAT_BC7_UNORM_SRGB), b, 1, 1, &t);
        float lin = (float)pow((171.0 / 255.0 + 0.055) / 1.055, 2.4);
        CHECK(fabsf(t.f[0] - lin) < 1e-6f && t.f[3] == 1.0f, "BC7 sRGB decodes colour, not alpha");
    }
    {
        /* mode 1: two subsets (partition 13: texels 8..15 in subset 1, whose anchor is texel
         * 15), 6-bit colour, a p-bit shared by a subset's endpoints, 3-bit indices */
        uint8_t b[16] = {0};
        unsigned at = 0;
        put(b, &at, 1u << 1, 2);
        put(b, &at, 13, 6);
        unsigned rgb[3][4] = {{0, 0, 63, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}; /* s0e0 s0e1 s1e0 s1e1 */
        for (int c = 0; c < 3; c++)
            for (int e = 0; e < 4; e++)
                put(b, &at, rgb[c][e], 6);
        put(b, &at, 0, 1), put(b, &at, 1, 1); /* shared p-bits of subsets 0 and 1 */
        CHECK(at == 82, "mode 1 header");
        /* indices: texel 0 and texel 15 have 2 bits, the rest 3 */
        for (unsigned i = 0; i < 16; i++)
            put(b, &at, i == 14 ? 7 : i == 15 ? 3 : 0, i == 0 || i == 15 ? 2 : 3);
        CHECK(at == 128, "mode 1 fills the block");
        /* subset 1: R 63|1 = 127 -> 8 bits 255, 0|1 = 1 -> 2; G and B 1 -> 2 */
        bc7(VSMP_FORMAT_BC7_UNORM, b, 14, v);
        CHECK(is4(v, 2, 2, 2, 255), "BC7 mode 1 texel 14: index 7 = endpoint 1, opaque");
        /* texel 15, index 3, weight 27: R (37*255 + 27*2 + 32) >> 6 = 148; G (37*2 + 27*2 +
         * 32) >> 6 = 2 */
        bc7(VSMP_FORMAT_BC7_UNORM, b, 15, v);
        CHECK(is4(v, 148, 2, 2, 255), "BC7 mode 1 anchor texel 15 (%u %u %u %u)", v[0], v[1], v[2],
              v[3]);
        bc7(VSMP_FORMAT_BC7_UNORM, b, 7, v);
        CHECK(is4(v, 0, 0, 0, 255), "BC7 mode 1 texel 7 is in subset 0");
    }
    {
        /* mode 0: three subsets (partition 0: texel 15 in subset 2; anchors 0, 3, 15), 4-bit
         * colour, a p-bit per endpoint, 3-bit indices */
        uint8_t b[16] = {0};
        unsigned at = 0;
        put(b, &at, 1, 1);
        put(b, &at, 0, 4);
        for (int c = 0; c < 3; c++)
            for (int e = 0; e < 6; e++)
                put(b, &at, c == 0 && e == 4 ? 15 : 0, 4);
        for (int e = 0; e < 6; e++)
            put(b, &at, e == 4, 1);
        CHECK(at == 83, "mode 0 header");
        for (unsigned i = 0; i < 16; i++)
            put(b, &at, i == 15 ? 1 : 0, i == 0 || i == 3 || i == 15 ? 2 : 3);
        CHECK(at == 128, "mode 0 fills the block");
        /* subset 2: R 15|1 = 31 -> 255, G and B 0|1 = 1 -> 8, endpoint 1 all 0; index 1,
         * weight 9: R (55*255 + 32) >> 6 = 219, G (55*8 + 32) >> 6 = 7 */
        bc7(VSMP_FORMAT_BC7_UNORM, b, 15, v);
        CHECK(is4(v, 219, 7, 7, 255), "BC7 mode 0 texel 15 (%u %u %u %u)", v[0], v[1], v[2], v[3]);
    }
    {
        /* mode 4: rotation 1 (swap R and A), index selection 1 (colour from the 3-bit set,
         * alpha from the 2-bit set); R 31 -> 255 / 0, A 0 / 63 -> 255 */
        uint8_t b[16] = {0};
        unsigned at = 0;
        put(b, &at, 1u << 4, 5);
        put(b, &at, 1, 2), put(b, &at, 1, 1);
        put(b, &at, 31, 5), put(b, &at, 0, 5);
        for (int k = 0; k < 4; k++)
            put(b, &at, 0, 5);
        put(b, &at, 0, 6), put(b, &at, 63, 6);
        CHECK(at == 50, "mode 4 header");
        for (unsigned i = 0; i < 16; i++)
            put(b, &at, i == 1 ? 2 : 0, i == 0 ? 1 : 2);
        for (unsigned i = 0; i < 16; i++)
            put(b, &at, i == 1 ? 5 : 0, i == 0 ? 2 : 3);
        CHECK(at == 128, "mode 4 fills the block");
        /* texel 1: colour index 5 (weight 46): R (18*255 + 32) >> 6 = 72; alpha index 2
         * (weight 43): (43*255 + 32) >> 6 = 171; rotated: R = 171, A = 72 */
        bc7(VSMP_FORMAT_BC7_UNORM, b, 1, v);
        CHECK(is4(v, 171, 0, 0, 72), "BC7 mode 4 rotation and index selection (%u %u %u %u)", v[0],
              v[1], v[2], v[3]);
    }
    {
        /* mode 5: 7-bit colour, 8-bit alpha, 2-bit colour and alpha indices */
        uint8_t b[16] = {0};
        unsigned at = 0;
        put(b, &at, 1u << 5, 6);
        put(b, &at, 0, 2);
        put(b, &at, 127, 7), put(b, &at, 0, 7);
        for (int k = 0; k < 4; k++)
            put(b, &at, 0, 7);
        put(b, &at, 200, 8), put(b, &at, 100, 8);
        for (unsigned i = 0; i < 16; i++)
            put(b, &at, i == 2 ? 3 : 0, i == 0 ? 1 : 2);
        for (unsigned i = 0; i < 16; i++)
            put(b, &at, i == 2 ? 1 : 0, i == 0 ? 1 : 2);
        CHECK(at == 128, "mode 5 fills the block");
        /* texel 2: colour index 3 -> endpoint 1 (R 0); alpha index 1, weight 21:
         * (43*200 + 21*100 + 32) >> 6 = 167 */
        bc7(VSMP_FORMAT_BC7_UNORM, b, 2, v);
        CHECK(is4(v, 0, 0, 0, 167), "BC7 mode 5 texel 2 (%u %u %u %u)", v[0], v[1], v[2], v[3]);
        bc7(VSMP_FORMAT_BC7_UNORM, b, 0, v);
        CHECK(is4(v, 255, 0, 0, 200), "BC7 mode 5 texel 0: R 127 -> 255, A 200");
    }
    {
        /* modes 2, 3 and 7, texel 0 (index 0: endpoint 0 of subset 0) */
        uint8_t b[16] = {0};
        unsigned at = 0;
        put(b, &at, 1u << 2, 3), put(b, &at, 0, 6), put(b, &at, 31, 5);
        bc7(VSMP_FORMAT_BC7_UNORM, b, 0, v);
        CHECK(is4(v, 255, 0, 0, 255), "BC7 mode 2: R 31 (5 bits) -> 255");
        uint8_t c[16] = {0};
        at = 0;
        put(c, &at, 1u << 3, 4), put(c, &at, 0, 6), put(c, &at, 64, 7);
        at = 94, put(c, &at, 1, 1); /* p-bit of subset 0 endpoint 0 */
        bc7(VSMP_FORMAT_BC7_UNORM, c, 0, v);
        /* the p-bit joins every channel: R 64|1 = 129, G and B 0|1 = 1 */
        CHECK(is4(v, 129, 1, 1, 255), "BC7 mode 3: 7-bit endpoints with p-bits");
        uint8_t d[16] = {0};
        at = 0;
        put(d, &at, 1u << 7, 8), put(d, &at, 0, 6), put(d, &at, 16, 5);
        at = 74, put(d, &at, 31, 5); /* A of subset 0 endpoint 0 */
        at = 94, put(d, &at, 1, 1);
        /* R 16|1 = 33 (6 bits) -> 33 << 2 | 33 >> 4 = 134; G, B 0|1 = 1 -> 4; A 31|1 = 63 ->
         * 255 */
        bc7(VSMP_FORMAT_BC7_UNORM, d, 0, v);
        CHECK(is4(v, 134, 4, 4, 255), "BC7 mode 7: 6-bit endpoints with p-bits (%u %u %u %u)", v[0],
              v[1], v[2], v[3]);
        uint8_t z[16] = {0};
        z[5] = 0xff;
        bc7(VSMP_FORMAT_BC7_UNORM, z, 3, v);
        CHECK(is4(v, 0, 0, 0, 0), "BC7 without a mode bit decodes to 0 in every channel");
    }
}

static void test_bc6h(void)
{
    float f[4];
    {
        /* mode 00011: one region, two 10-bit endpoints, 4-bit indices */
        uint8_t b[16] = {0};
        unsigned at = 0;
        put(b, &at, 0x03, 5);
        put(b, &at, 1023, 10), put(b, &at, 512, 10), put(b, &at, 0, 10); /* r0 g0 b0 */
        put(b, &at, 0, 10), put(b, &at, 0, 10), put(b, &at, 0, 10);      /* r1 g1 b1 */
        put(b, &at, 0, 3), put(b, &at, 8, 4);                            /* texels 0, 1 */
        /* unsigned: r0 1023 = all ones -> 0xffff -> 0xffff * 31 / 64 = 0x7bff = 65504;
         * g0 512 -> ((512 << 16) + 0x8000) >> 10 = 32800 -> 15887 = 0x3e0f = 1.5146484375 */
        bc6(VSMP_FORMAT_BC6H_UF16, b, 0, f);
        CHECK(f[0] == 65504.0f && f[1] == 1.5146484375f && f[2] == 0.0f && f[3] == 1.0f,
              "BC6H UF16 mode 00011 texel 0 (%g %g %g %g)", f[0], f[1], f[2], f[3]);
        /* texel 1, index 8, weight 34: r (30*65535 + 32) >> 6 = 30720 -> 14880 = 0x3a20 =
         * 0.765625; g (30*32800 + 32) >> 6 = 15375 -> 15375*31/64 = 7447 = 0x1d17 =
         * 2^-8 * (1 + 279/1024) = 0.004970550537109375 */
        bc6(VSMP_FORMAT_BC6H_UF16, b, 1, f);
        CHECK(f[0] == 0.765625f && f[1] == 0.004970550537109375f,
              "BC6H UF16 interpolation (%.9g %.9g)", f[0], f[1]);
        /* signed: r0 = -1 -> -(((1 << 15) + 0x4000) >> 9) = -96 -> -(96*31/32) = -93, a
         * negative subnormal: -93 * 2^-24; g0 = -512 -> -0x7fff -> -(32767*31/32) = -31743
         * = 0xfbff = -65504 */
        bc6(VSMP_FORMAT_BC6H_SF16, b, 0, f);
        CHECK(f[0] == -93.0f * 0x1p-24f && f[1] == -65504.0f && f[2] == 0.0f,
              "BC6H SF16 sign extension and unquantization (%g %g)", f[0], f[1]);
    }
    {
        /* mode 00111: one region, 11-bit endpoint 0, 9-bit deltas (layout r0[9:0] g0[9:0]
         * b0[9:0] r1[8:0] r0[10] g1[8:0] g0[10] b1[8:0] b0[10]) */
        uint8_t b[16] = {0};
        unsigned at = 0;
        put(b, &at, 0x07, 5);
        put(b, &at, 0, 10), put(b, &at, 0, 10), put(b, &at, 0, 10);
        put(b, &at, 0x1ff, 9), put(b, &at, 1, 1); /* r1 = -1, r0 bit 10 */
        put(b, &at, 0x1ff, 9), put(b, &at, 0, 1); /* g1 = -1, g0 bit 10 */
        put(b, &at, 0, 9), put(b, &at, 0, 1);
        put(b, &at, 0, 3), put(b, &at, 15, 4);
        /* r0 = 1024 -> ((1024 << 16) + 0x8000) >> 11 = 32784 -> 15879 = 1.5068359375 */
        bc6(VSMP_FORMAT_BC6H_UF16, b, 0, f);
        CHECK(f[0] == 1.5068359375f && f[1] == 0.0f, "BC6H mode 00111 endpoint 0 (%.9g)", f[0]);
        /* r1 = 1024 - 1 = 1023 -> 32752 -> 15864 = 1.4921875; g1 = (0 - 1) & 0x7ff = 2047,
         * all ones -> 65504 */
        bc6(VSMP_FORMAT_BC6H_UF16, b, 1, f);
        CHECK(f[0] == 1.4921875f && f[1] == 65504.0f, "BC6H deltas wrap to 11 bits (%.9g %g)", f[0],
              f[1]);
    }
    {
        /* mode 00: two regions, 10-bit endpoint 0, 5-bit deltas; partition 0 (texel 2 in
         * region 1, anchor texel 15). Bits: r0 5..14, r2 65..69, r3 71..75, partition
         * 77..81, indices from 82 */
        uint8_t b[16] = {0};
        unsigned at = 5;
        put(b, &at, 100, 10);
        at = 65, put(b, &at, 3, 5);
        at = 71, put(b, &at, 30, 5); /* -2 */
        at = 82;
        for (unsigned i = 0; i < 16; i++)
            put(b, &at, i == 2 ? 7 : i == 15 ? 3 : 0, i == 0 || i == 15 ? 2 : 3);
        CHECK(at == 128, "mode 00 fills the block");
        /* texel 0: r0 100 -> ((100 << 16) + 0x8000) >> 10 = 6432 -> 3115 = 0x0c2b */
        bc6(VSMP_FORMAT_BC6H_UF16, b, 0, f);
        CHECK(f[0] == 0.0002543926239013672f, "BC6H mode 00 region 0 (%.9g)", f[0]);
        /* texel 2, index 7 = endpoint 3 = 98 -> 6304 -> 3053 = 0x0bed */
        bc6(VSMP_FORMAT_BC6H_UF16, b, 2, f);
        CHECK(f[0] == 0.00024187564849853516f, "BC6H mode 00 region 1 endpoint 3 (%.9g)", f[0]);
        /* texel 15 (2-bit anchor), index 3, weight 27: endpoint 2 = 103 -> 6624;
         * (37*6624 + 27*6304 + 32) >> 6 = 6489 -> 3143 = 0x0c47 */
        bc6(VSMP_FORMAT_BC6H_UF16, b, 15, f);
        CHECK(f[0] == 0.00026106834411621094f, "BC6H mode 00 anchor texel 15 (%.9g)", f[0]);
    }
    {
        uint8_t b[16] = {0};
        unsigned at = 0;
        put(b, &at, 0x13, 5); /* reserved */
        memset(b + 1, 0xff, 15);
        bc6(VSMP_FORMAT_BC6H_SF16, b, 6, f);
        CHECK(f[0] == 0.0f && f[1] == 0.0f && f[2] == 0.0f && f[3] == 1.0f,
              "BC6H reserved mode decodes to (0, 0, 0, 1)");
    }
}

/* Every BC6H mode: r0's low bits start at bit 5 in all 14 layouts. With r0 = 1 and every other
 * bit 0, texel 0 reads endpoint 0: unsigned ((1 << 16) + 0x8000) >> epb (epb >= 15: 1), scaled
 * by 31/64; signed ((1 << 15) + 0x4000) >> (epb - 1), scaled by 31/32; both binary16 subnormals
 * (bits * 2^-24). Mode codes and endpoint widths from the mode table of the definition. */
static void test_bc6h_modes(void)
{
    static const struct {
        unsigned code, code_bits, epb, u16, s16;
    } m[] = {
        /* epb 10: 98304 >> 10 = 96 -> 96*31/64 = 46 | 96*31/32 = 93 */
        {0x00, 2, 10, 46, 93},   {0x01, 2, 7, 372, 744}, /* 768 -> 372 | 744 */
        {0x02, 5, 11, 23, 46},                           /* 48 -> 23 | 46 */
        {0x06, 5, 11, 23, 46},   {0x0a, 5, 11, 23, 46},
        {0x0e, 5, 9, 93, 186},  /* 192 -> 93 | 186 */
        {0x12, 5, 8, 186, 372}, /* 384 -> 186 | 372 */
        {0x16, 5, 8, 186, 372},  {0x1a, 5, 8, 186, 372},
        {0x1e, 5, 6, 744, 1488}, /* 1536 -> 744 | 1488 */
        {0x03, 5, 10, 46, 93},   {0x07, 5, 11, 23, 46},
        {0x0b, 5, 12, 11, 23}, /* 24 -> 11 | 23 */
        {0x0f, 5, 16, 0, 0},   /* 16 bits are used as they are: 1 -> 0; r0 = 512 below */
    };
    for (size_t i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
        uint8_t b[16] = {0};
        unsigned at = 0;
        put(b, &at, m[i].code, m[i].code_bits);
        bool wide = m[i].epb == 16; /* r0 = 512 is used as it is: 512*31/64 = 248 | 496 */
        at = wide ? 14 : 5, put(b, &at, 1, 1);
        unsigned u16 = wide ? 248 : m[i].u16, s16 = wide ? 496 : m[i].s16;
        float f[4];
        bc6(VSMP_FORMAT_BC6H_UF16, b, 0, f);
        CHECK(f[0] == (float)u16 * 0x1p-24f && f[1] == 0.0f && f[2] == 0.0f,
              "BC6H UF16 mode 0x%02x (epb %u): %g", m[i].code, m[i].epb, f[0] / 0x1p-24f);
        bc6(VSMP_FORMAT_BC6H_SF16, b, 0, f);
        CHECK(f[0] == (float)s16 * 0x1p-24f, "BC6H SF16 mode 0x%02x (epb %u): %g", m[i].code,
              m[i].epb, f[0] / 0x1p-24f);
    }
}

int main(void)
{
    test_bc7();
    test_bc6h();
    test_bc6h_modes();
    return t_finish();
}
