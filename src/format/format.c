/* SPDX-License-Identifier: MIT */
/* The format table and the descriptor-driven reference unpack/pack. */
#include <math.h>
#include <string.h>
#include <strings.h>

#include "format_internal.h"
#include "vsmp/format.h"

#define C(t, b, s)                                                                                 \
    {                                                                                              \
        VSMP_CHAN_##t, b, s                                                                        \
    }
#define NO                                                                                         \
    {                                                                                              \
        VSMP_CHAN_NONE, 0, 0                                                                       \
    }
#define BCC(t, bits, i, n)                                                                         \
    {                                                                                              \
        (i) < (n) ? VSMP_CHAN_##t : VSMP_CHAN_NONE, (i) < (n) ? bits : 0, 0                        \
    }
static const vsmp_format_info table[] = {
#define FMT(nm, bytes, cls, srgb, depth, r, g, b, a)                                               \
    {VSMP_FORMAT_##nm, #nm, bytes, VSMP_CLASS_##cls, srgb, depth, {r, g, b, a}, 1, 1, 0, 1, false},
#define YUV(nm, bytes, bw, planes, cr, y, cb)                                                      \
    {VSMP_FORMAT_##nm, #nm, bytes, VSMP_CLASS_FLOAT, 0, 0, {cr, y, cb, NO}, bw, 1, 0, planes, true},
#define BCF(nm, bytes, n, srgb, t, bits, nch)                                                      \
    {VSMP_FORMAT_##nm,                                                                             \
     #nm,                                                                                          \
     bytes,                                                                                        \
     VSMP_CLASS_FLOAT,                                                                             \
     srgb,                                                                                         \
     0,                                                                                            \
     {BCC(t, bits, 0, nch), BCC(t, bits, 1, nch), BCC(t, bits, 2, nch), BCC(t, bits, 3, nch)},     \
     4,                                                                                            \
     4,                                                                                            \
     n,                                                                                            \
     1,                                                                                            \
     false},
#include "formats.def"
};
#undef BCC
#undef C
#undef NO

size_t vsmp_format_count(void)
{
    return sizeof(table) / sizeof(table[0]);
}

const vsmp_format_info *vsmp_format_at(size_t i)
{
    return i < vsmp_format_count() ? &table[i] : NULL;
}

const vsmp_format_info *vsmp_format_get(vsmp_format f)
{
    for (size_t i = 0; i < vsmp_format_count(); i++)
        if (table[i].format == f)
            return &table[i];
    return NULL;
}

vsmp_status vsmp_format_find(const char *name, vsmp_format *out)
{
    if (!name || !out)
        return VSMP_ERR_ARG;
    for (size_t i = 0; i < vsmp_format_count(); i++) {
        if (strcasecmp(table[i].name, name) == 0) {
            *out = table[i].format;
            return VSMP_OK;
        }
    }
    return VSMP_ERR_ARG;
}

/* ---- scalar conversions ---- */

static float bits_to_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t float_to_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* The unsigned small floats of R11G11B10_FLOAT: 5 exponent bits (bias 15),
 * m mantissa bits, no sign: exact. (binary16 is half.h's.) */
static float small_float(uint32_t v, unsigned m)
{
    uint32_t mant = v & ((1u << m) - 1);
    uint32_t exp = (v >> m) & 0x1fu;
    if (exp == 0)
        return ldexpf((float)mant, -14 - (int)m);
    if (exp == 31)
        return mant ? NAN : INFINITY;
    return ldexpf((float)(mant | 1u << m), (int)exp - 15 - (int)m);
}

/* Round-to-nearest-even conversion to an unsigned small float (m mantissa bits): a negative
 * value is 0, a NaN the quiet NaN. */
static uint32_t to_small_float(float f, unsigned m)
{
    if (isnan(f))
        return (31u << m) | 1u << (m - 1);
    if (f < 0 || (f == 0 && signbit(f)))
        return 0;
    if (isinf(f))
        return 31u << m;
    if (f == 0.0f)
        return 0; /* frexpf(0) has no normal form: (0 * 2 - 1) would be a negative mantissa */
    int e;
    float fr = frexpf(f, &e); /* f = fr * 2^e, fr in [0.5, 1) */
    int exp = e - 1 + 15;     /* biased exponent of 1.xxx form */
    uint32_t bits;
    if (exp <= 0) {
        /* subnormal: value / 2^-14 in units of 2^-(14+m) */
        float scaled = ldexpf(f, 14 + (int)m);
        bits = (uint32_t)nearbyintf(scaled); /* may round up into the normal range: fine */
    } else {
        float scaled = ldexpf(fr * 2.0f - 1.0f, (int)m); /* mantissa in [0, 2^m) */
        uint32_t mant = (uint32_t)nearbyintf(scaled);
        bits = ((uint32_t)exp << m) + mant; /* a carry into the exponent is correct */
    }
    if (bits >= 31u << m)
        bits = 31u << m; /* overflow to infinity */
    return bits;
}

/* A float packed as binary16 (half.h's rounding), a NaN as 0x7e00. */
static uint32_t to_half(float f)
{
    return isnan(f) ? 0x7e00u : vsmp_f32_bits_to_f16(float_to_bits(f));
}

static double srgb_to_linear(double c)
{
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double linear_to_srgb(double c)
{
    return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
}

/* ---- texels ---- */

static uint32_t get_bits(const uint8_t *t, unsigned shift, unsigned bits)
{
    unsigned word = shift / 32, at = shift % 32;
    uint32_t w;
    memcpy(&w, t + word * 4, 4);
    return bits == 32 ? w : (w >> at) & ((1u << bits) - 1);
}

static void put_bits(uint8_t *t, unsigned shift, unsigned bits, uint32_t v)
{
    unsigned word = shift / 32, at = shift % 32;
    uint32_t w;
    memcpy(&w, t + word * 4, 4);
    uint32_t mask = bits == 32 ? 0xffffffffu : ((1u << bits) - 1) << at;
    w = (w & ~mask) | ((v << at) & mask);
    memcpy(t + word * 4, &w, 4);
}

void vsmp_format_unpack(const vsmp_format_info *fi, const void *src, vsmp_texel *out)
{
    uint8_t t[16] = {0};
    memcpy(t, src, fi->bytes);
    bool is_int = fi->cls != VSMP_CLASS_FLOAT;
    for (int c = 0; c < 4; c++) {
        const vsmp_chan_desc *d = &fi->ch[c];
        if (d->type == VSMP_CHAN_NONE) {
            if (is_int)
                out->u[c] = c == 3 ? 1u : 0u;
            else
                out->f[c] = c == 3 ? 1.0f : 0.0f;
            continue;
        }
        uint32_t v = get_bits(t, d->shift, d->bits);
        switch ((vsmp_chan_type)d->type) {
        case VSMP_CHAN_UNORM: {
            float f = (float)v / (float)((d->bits == 32 ? 0xffffffffu : (1u << d->bits) - 1));
            if (fi->srgb && c < 3)
                f = (float)srgb_to_linear(f);
            out->f[c] = f;
            break;
        }
        case VSMP_CHAN_SNORM: {
            int32_t s = (int32_t)(v << (32 - d->bits)) >> (32 - d->bits);
            float f = (float)s / (float)((1u << (d->bits - 1)) - 1);
            out->f[c] = f < -1.0f ? -1.0f : f;
            break;
        }
        case VSMP_CHAN_UINT:
            out->u[c] = v;
            break;
        case VSMP_CHAN_SINT:
            out->i[c] =
                d->bits == 32 ? (int32_t)v : (int32_t)(v << (32 - d->bits)) >> (32 - d->bits);
            break;
        case VSMP_CHAN_FLOAT:
            out->f[c] = d->bits == 32 ? bits_to_float(v) : vsmp_half_value(v);
            break;
        case VSMP_CHAN_UFLOAT:
            out->f[c] = small_float(v, d->bits - 5);
            break;
        case VSMP_CHAN_SHAREDEXP: /* mantissa * 2^(E - 15 - 9), E in bits 31:27 */
            out->f[c] = ldexpf((float)v, (int)get_bits(t, 27, 5) - 24);
            break;
        case VSMP_CHAN_NONE:
            break;
        }
    }
}

/* R9G9B9E5 encoding (the shared-exponent rule of the D3D/Vulkan format definition). */
static uint32_t pack_sharedexp(const float in[3])
{
    const float maxv = 65408.0f; /* (2^9 - 1) / 2^9 * 2^16 */
    float c[3], mx = 0.0f;
    for (int i = 0; i < 3; i++) {
        float f = in[i];
        c[i] = !(f > 0.0f) ? 0.0f : f > maxv ? maxv : f;
        if (c[i] > mx)
            mx = c[i];
    }
    int e = mx > 0.0f ? (int)floorf(log2f(mx)) : -16;
    int ep = (e < -16 ? -16 : e) + 16;
    float scale = ldexpf(1.0f, ep - 24);
    if ((int)floorf(mx / scale + 0.5f) == 512) {
        ep++;
        scale *= 2.0f;
    }
    uint32_t r = (uint32_t)ep << 27;
    for (int i = 0; i < 3; i++)
        r |= ((uint32_t)floorf(c[i] / scale + 0.5f) & 0x1ff) << (9 * i);
    return r;
}

/* Clamp, scale and round to nearest even. The product is exact in double (24-bit significand
 * times a scale below 2^24), so only the final rounding rounds. */
static uint32_t sat_round(float f, float lo, float hi, float scale)
{
    if (isnan(f))
        return 0;
    f = f < lo ? lo : f > hi ? hi : f;
    return (uint32_t)(int32_t)nearbyint((double)f * scale);
}

/* Channel c names the same bits as an earlier channel (L: R, G, B; I: R, G, B, A). */
static bool shares_bits(const vsmp_format_info *fi, int c)
{
    for (int k = 0; k < c; k++)
        if (fi->ch[k].type != VSMP_CHAN_NONE && fi->ch[k].shift == fi->ch[c].shift &&
            fi->ch[k].bits == fi->ch[c].bits)
            return true;
    return false;
}

/* An integer channel's value saturated to its width: UINT channels read the word as unsigned,
 * SINT channels as signed (the data port's conversion; OpenCL's convert_uchar_sat and the like
 * for write_imageui and write_imagei). */
static uint32_t sat_int(vsmp_chan_type type, unsigned bits, uint32_t v)
{
    if (bits >= 32)
        return v;
    uint32_t maxu = (1u << bits) - 1;
    if (type == VSMP_CHAN_UINT)
        return v > maxu ? maxu : v;
    int32_t lo = -(int32_t)(1u << (bits - 1)), hi = (int32_t)(maxu >> 1), s = (int32_t)v;
    return (uint32_t)(s < lo ? lo : s > hi ? hi : s) & maxu;
}

void vsmp_format_pack(const vsmp_format_info *fi, const vsmp_texel *in, void *dst)
{
    vsmp_format_pack_channels(fi, in, 0xfu, dst);
}

void vsmp_format_pack_channels(const vsmp_format_info *fi, const vsmp_texel *in, unsigned mask,
                               void *dst)
{
    uint8_t t[16] = {0};
    if (fi->ch[0].type == VSMP_CHAN_SHAREDEXP) {
        uint32_t v = pack_sharedexp(in->f);
        memcpy(dst, &v, 4);
        return;
    }
    memcpy(t, dst, fi->bytes);
    for (int c = 0; c < 4; c++) {
        const vsmp_chan_desc *d = &fi->ch[c];
        if (!(mask >> c & 1u) || shares_bits(fi, c))
            continue; /* not written, or luminance and intensity: the bits hold R */
        uint32_t v = 0;
        uint32_t maxu = d->bits == 32 ? 0xffffffffu : (1u << d->bits) - 1;
        switch ((vsmp_chan_type)d->type) {
        case VSMP_CHAN_NONE:
            continue;
        case VSMP_CHAN_UNORM: {
            float f = in->f[c];
            if (fi->srgb && c < 3 && !isnan(f))
                f = (float)linear_to_srgb(f < 0 ? 0 : f > 1 ? 1 : f);
            v = sat_round(f, 0.0f, 1.0f, (float)maxu);
            break;
        }
        case VSMP_CHAN_SNORM:
            v = sat_round(in->f[c], -1.0f, 1.0f, (float)((1u << (d->bits - 1)) - 1)) & maxu;
            break;
        case VSMP_CHAN_UINT:
        case VSMP_CHAN_SINT:
            v = sat_int((vsmp_chan_type)d->type, d->bits, in->u[c]);
            break;
        case VSMP_CHAN_FLOAT:
            v = d->bits == 32 ? float_to_bits(in->f[c]) : to_half(in->f[c]);
            break;
        case VSMP_CHAN_UFLOAT:
            v = to_small_float(in->f[c], d->bits - 5u);
            break;
        case VSMP_CHAN_SHAREDEXP:
            continue;
        }
        put_bits(t, d->shift, d->bits, v);
    }
    memcpy(dst, t, fi->bytes);
}

/* ---- block-compressed formats (BC1-BC5) ---- */

static uint64_t le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* BC1 colour block: RGB565 endpoints; 4-colour mode when c0 > c1 (always for BC2/BC3). The
 * palette of the 4 indices (index 3 is transparent black in 3-colour mode). */
static void bc1_palette(const uint8_t *b, bool force4, float pal[4][4])
{
    unsigned c[2] = {(unsigned)(b[0] | b[1] << 8), (unsigned)(b[2] | b[3] << 8)};
    float e[2][3];
    for (int k = 0; k < 2; k++) {
        e[k][0] = (float)(c[k] >> 11 & 31) / 31.0f;
        e[k][1] = (float)(c[k] >> 5 & 63) / 63.0f;
        e[k][2] = (float)(c[k] & 31) / 31.0f;
    }
    bool four = force4 || c[0] > c[1];
    for (int ch = 0; ch < 3; ch++) {
        float p0 = e[0][ch], p1 = e[1][ch];
        pal[0][ch] = p0;
        pal[1][ch] = p1;
        pal[2][ch] = four ? (2.0f * p0 + p1) / 3.0f : (p0 + p1) / 2.0f;
        pal[3][ch] = four ? (p0 + 2.0f * p1) / 3.0f : 0.0f;
    }
    pal[0][3] = pal[1][3] = pal[2][3] = 1.0f;
    pal[3][3] = four ? 1.0f : 0.0f;
}

static unsigned bc1_index(const uint8_t *b, unsigned i)
{
    return (unsigned)(le64(b) >> 32 >> (2 * i)) & 3;
}

static void bc1_color(const uint8_t *b, unsigned i, bool force4, float out[4])
{
    float pal[4][4];
    bc1_palette(b, force4, pal);
    memcpy(out, pal[bc1_index(b, i)], 16);
}

/* BC3 alpha / BC4 / BC5 channel block: two 8-bit endpoints and 3-bit indices. */
static float bc4_channel(const uint8_t *b, unsigned i, bool snorm)
{
    float e0, e1;
    if (snorm) {
        int s0 = (int8_t)b[0], s1 = (int8_t)b[1];
        e0 = (float)(s0 < -127 ? -127 : s0) / 127.0f;
        e1 = (float)(s1 < -127 ? -127 : s1) / 127.0f;
    } else {
        e0 = (float)b[0] / 255.0f;
        e1 = (float)b[1] / 255.0f;
    }
    bool eight = snorm ? (int8_t)b[0] > (int8_t)b[1] : b[0] > b[1];
    unsigned idx = (unsigned)(le64(b) >> 16 >> (3 * i)) & 7;
    if (idx == 0)
        return e0;
    if (idx == 1)
        return e1;
    if (eight)
        return ((float)(8 - idx) * e0 + (float)(idx - 1) * e1) / 7.0f;
    if (idx <= 5)
        return ((float)(6 - idx) * e0 + (float)(idx - 1) * e1) / 5.0f;
    return idx == 6 ? (snorm ? -1.0f : 0.0f) : 1.0f;
}

/* A packed 4:2:2 block with G moved to the Y of texel x. */
static vsmp_format_info yuv422_texel(const vsmp_format_info *fi, unsigned x)
{
    vsmp_format_info t = *fi;
    t.ch[1].shift = (uint8_t)(t.ch[1].shift + 16 * (x & 1));
    return t;
}

void vsmp_format_unpack_block(const vsmp_format_info *fi, const void *block, unsigned x, unsigned y,
                              vsmp_texel *out)
{
    const uint8_t *b = block;
    unsigned i = (y & 3) * 4 + (x & 3);
    bool snorm = fi->ch[0].type == VSMP_CHAN_SNORM;
    if (fi->yuv) {
        vsmp_format_info t = yuv422_texel(fi, x);
        vsmp_format_unpack(&t, block, out);
        return;
    }
    out->f[0] = out->f[1] = out->f[2] = 0.0f;
    out->f[3] = 1.0f;
    switch (fi->bc) {
    case 1:
        bc1_color(b, i, false, out->f);
        break;
    case 2:
        bc1_color(b + 8, i, true, out->f);
        out->f[3] = (float)(le64(b) >> (4 * i) & 15) / 15.0f;
        break;
    case 3:
        bc1_color(b + 8, i, true, out->f);
        out->f[3] = bc4_channel(b, i, false);
        break;
    case 4:
        out->f[0] = bc4_channel(b, i, snorm);
        break;
    case 5:
        out->f[0] = bc4_channel(b, i, snorm);
        out->f[1] = bc4_channel(b + 8, i, snorm);
        break;
    case 6: {
        uint16_t h[3];
        vsmp_bc6h_texel(b, i, fi->ch[0].type == VSMP_CHAN_FLOAT, h);
        for (int c = 0; c < 3; c++)
            out->f[c] = vsmp_half_value(h[c]);
        break;
    }
    case 7: {
        uint8_t v[4];
        vsmp_bc7_texel(b, i, v);
        for (int c = 0; c < 4; c++)
            out->f[c] = (float)v[c] / 255.0f;
        break;
    }
    default:
        break;
    }
    if (fi->srgb)
        for (int c = 0; c < 3; c++)
            out->f[c] = (float)srgb_to_linear(out->f[c]);
}

/* A BC1 block as its palette (sRGB applied) and its 2-bit indices: texel i is
 * pal[indices >> 2i & 3], the value vsmp_format_unpack_block gives. */
void vsmp_format_bc1_palette(const vsmp_format_info *fi, const void *block, float pal[4][4],
                             uint32_t *indices)
{
    const uint8_t *b = block;
    bc1_palette(b, false, pal);
    if (fi->srgb)
        for (int k = 0; k < 4; k++)
            for (int c = 0; c < 3; c++)
                pal[k][c] = (float)srgb_to_linear(pal[k][c]);
    *indices = (uint32_t)b[4] | (uint32_t)b[5] << 8 | (uint32_t)b[6] << 16 | (uint32_t)b[7] << 24;
}

/* All 16 texels of a 4x4 block (texel 4y + x), each as vsmp_format_unpack_block gives it:
 * the BC1-BC3 colour palette is computed once. */
void vsmp_format_unpack_block16(const vsmp_format_info *fi, const void *block, vsmp_texel out[16])
{
    const uint8_t *b = block;
    if (fi->yuv || fi->bc < 1 || fi->bc > 3) {
        for (unsigned i = 0; i < 16; i++)
            vsmp_format_unpack_block(fi, block, i & 3, i >> 2, &out[i]);
        return;
    }
    const uint8_t *cb = fi->bc == 1 ? b : b + 8;
    float pal[4][4];
    bc1_palette(cb, fi->bc != 1, pal);
    if (fi->srgb)
        for (int k = 0; k < 4; k++)
            for (int c = 0; c < 3; c++)
                pal[k][c] = (float)srgb_to_linear(pal[k][c]);
    for (unsigned i = 0; i < 16; i++) {
        memcpy(out[i].f, pal[bc1_index(cb, i)], 16);
        if (fi->bc == 2)
            out[i].f[3] = (float)(le64(b) >> (4 * i) & 15) / 15.0f;
        else if (fi->bc == 3)
            out[i].f[3] = bc4_channel(b, i, false);
    }
}

vsmp_status vsmp_format_pack_block(const vsmp_format_info *fi, const vsmp_texel *in, unsigned x,
                                   void *block)
{
    if (!fi || !fi->yuv || fi->block_w != 2)
        return VSMP_ERR_UNSUPPORTED;
    vsmp_format_info t = yuv422_texel(fi, x);
    vsmp_format_pack(&t, in, block);
    return VSMP_OK;
}

/* The planar layout as two one-plane descriptors: G in the Y texel; R, B in the chroma pair. */
static void planar_parts(const vsmp_format_info *fi, vsmp_format_info *luma,
                         vsmp_format_info *chroma)
{
    *luma = *chroma = *fi;
    luma->planes = chroma->planes = 1;
    luma->ch[0].type = luma->ch[2].type = VSMP_CHAN_NONE;
    chroma->ch[1].type = VSMP_CHAN_NONE;
    chroma->bytes = (uint8_t)(2 * fi->bytes);
}

void vsmp_format_unpack_planar(const vsmp_format_info *fi, const void *luma, const void *chroma,
                               vsmp_texel *out)
{
    vsmp_format_info l, c;
    vsmp_texel y;
    planar_parts(fi, &l, &c);
    vsmp_format_unpack(&c, chroma, out);
    vsmp_format_unpack(&l, luma, &y);
    out->f[1] = y.f[1];
}

void vsmp_format_pack_planar(const vsmp_format_info *fi, const vsmp_texel *in, void *luma,
                             void *chroma)
{
    vsmp_format_info l, c;
    planar_parts(fi, &l, &c);
    vsmp_format_pack(&l, in, luma);
    vsmp_format_pack(&c, in, chroma);
}
