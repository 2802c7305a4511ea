/* SPDX-License-Identifier: MIT */
#ifndef VSMP_FORMAT_H
#define VSMP_FORMAT_H

/**
 * @file format.h
 * Surface formats, keyed by Intel's SURFACE_FORMAT names and numbers (RENDER_SURFACE_STATE).
 * Every property comes from one table (src/format/formats.def); vsmp_format_get() exposes it.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsmp/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Intel SURFACE_FORMAT values. Only the formats vsmp implements are listed; numbers are
 *  Intel's, so values are sparse and only ever appended. */
typedef enum vsmp_format {
    VSMP_FORMAT_R32G32B32A32_FLOAT = 0x000,
    VSMP_FORMAT_R32G32B32A32_SINT = 0x001,
    VSMP_FORMAT_R32G32B32A32_UINT = 0x002,
    VSMP_FORMAT_R32G32B32_FLOAT = 0x040,
    VSMP_FORMAT_R32G32B32_SINT = 0x041,
    VSMP_FORMAT_R32G32B32_UINT = 0x042,
    VSMP_FORMAT_R16G16B16A16_UNORM = 0x080,
    VSMP_FORMAT_R16G16B16A16_SNORM = 0x081,
    VSMP_FORMAT_R16G16B16A16_SINT = 0x082,
    VSMP_FORMAT_R16G16B16A16_UINT = 0x083,
    VSMP_FORMAT_R16G16B16A16_FLOAT = 0x084,
    VSMP_FORMAT_R32G32_FLOAT = 0x085,
    VSMP_FORMAT_R32G32_SINT = 0x086,
    VSMP_FORMAT_R32G32_UINT = 0x087,
    VSMP_FORMAT_B8G8R8A8_UNORM = 0x0c0,
    VSMP_FORMAT_B8G8R8A8_UNORM_SRGB = 0x0c1,
    VSMP_FORMAT_R10G10B10A2_UNORM = 0x0c2,
    VSMP_FORMAT_R10G10B10A2_UINT = 0x0c4,
    VSMP_FORMAT_R8G8B8A8_UNORM = 0x0c7,
    VSMP_FORMAT_R8G8B8A8_UNORM_SRGB = 0x0c8,
    VSMP_FORMAT_R8G8B8A8_SNORM = 0x0c9,
    VSMP_FORMAT_R8G8B8A8_SINT = 0x0ca,
    VSMP_FORMAT_R8G8B8A8_UINT = 0x0cb,
    VSMP_FORMAT_R16G16_UNORM = 0x0cc,
    VSMP_FORMAT_R16G16_SNORM = 0x0cd,
    VSMP_FORMAT_R16G16_SINT = 0x0ce,
    VSMP_FORMAT_R16G16_UINT = 0x0cf,
    VSMP_FORMAT_R16G16_FLOAT = 0x0d0,
    VSMP_FORMAT_R11G11B10_FLOAT = 0x0d3,
    VSMP_FORMAT_R9G9B9E5_SHAREDEXP = 0x0ed,
    VSMP_FORMAT_B5G6R5_UNORM = 0x100,
    VSMP_FORMAT_B5G5R5A1_UNORM = 0x102,
    VSMP_FORMAT_B4G4R4A4_UNORM = 0x104,
    VSMP_FORMAT_I16_UNORM = 0x111,
    VSMP_FORMAT_L16_UNORM = 0x112,
    VSMP_FORMAT_A16_UNORM = 0x113,
    VSMP_FORMAT_L8A8_UNORM = 0x114,
    VSMP_FORMAT_R32_SINT = 0x0d6,
    VSMP_FORMAT_R32_UINT = 0x0d7,
    VSMP_FORMAT_R32_FLOAT = 0x0d8,
    VSMP_FORMAT_R24_UNORM_X8_TYPELESS = 0x0d9,
    VSMP_FORMAT_R8G8_UNORM = 0x106,
    VSMP_FORMAT_R8G8_SNORM = 0x107,
    VSMP_FORMAT_R8G8_SINT = 0x108,
    VSMP_FORMAT_R8G8_UINT = 0x109,
    VSMP_FORMAT_R16_UNORM = 0x10a,
    VSMP_FORMAT_R16_SNORM = 0x10b,
    VSMP_FORMAT_R16_SINT = 0x10c,
    VSMP_FORMAT_R16_UINT = 0x10d,
    VSMP_FORMAT_R16_FLOAT = 0x10e,
    VSMP_FORMAT_R8_UNORM = 0x140,
    VSMP_FORMAT_R8_SNORM = 0x141,
    VSMP_FORMAT_R8_SINT = 0x142,
    VSMP_FORMAT_R8_UINT = 0x143,
    VSMP_FORMAT_A8_UNORM = 0x144,
    VSMP_FORMAT_I8_UNORM = 0x145,
    VSMP_FORMAT_L8_UNORM = 0x146,
    VSMP_FORMAT_BC1_UNORM = 0x186,
    VSMP_FORMAT_BC2_UNORM = 0x187,
    VSMP_FORMAT_BC3_UNORM = 0x188,
    VSMP_FORMAT_BC4_UNORM = 0x189,
    VSMP_FORMAT_BC5_UNORM = 0x18a,
    VSMP_FORMAT_BC1_UNORM_SRGB = 0x18b,
    VSMP_FORMAT_BC2_UNORM_SRGB = 0x18c,
    VSMP_FORMAT_BC3_UNORM_SRGB = 0x18d,
    VSMP_FORMAT_BC4_SNORM = 0x199,
    VSMP_FORMAT_BC5_SNORM = 0x19a,
    VSMP_FORMAT_BC6H_SF16 = 0x1a1,
    VSMP_FORMAT_BC7_UNORM = 0x1a2,
    VSMP_FORMAT_BC7_UNORM_SRGB = 0x1a3,
    VSMP_FORMAT_BC6H_UF16 = 0x1a4,
    /* YCrCb: R = Cr (V), G = Y, B = Cb (U), A = 1 */
    VSMP_FORMAT_YCRCB_NORMAL = 0x182,  /**< packed 4:2:2, bytes Y0 Cb Y1 Cr (YUY2) */
    VSMP_FORMAT_YCRCB_SWAPUVY = 0x183, /**< packed 4:2:2, bytes Cr Y0 Cb Y1 (VYUY) */
    VSMP_FORMAT_YCRCB_SWAPUV = 0x18f,  /**< packed 4:2:2, bytes Y0 Cr Y1 Cb (YVYU) */
    VSMP_FORMAT_YCRCB_SWAPY = 0x190,   /**< packed 4:2:2, bytes Cb Y0 Cr Y1 (UYVY) */
    VSMP_FORMAT_PLANAR_420_8 = 0x1a5,  /**< NV12: 8-bit Y plane, then a Cb,Cr byte pair per 2x2 */
    VSMP_FORMAT_PLANAR_420_16 = 0x1a6, /**< P016 (and P010, P012: the value in the high bits):
                                            16-bit Y plane, then a Cb,Cr pair of 16-bit words */
} vsmp_format;

/** How a channel's bits are interpreted. */
typedef enum vsmp_chan_type {
    VSMP_CHAN_NONE = 0, /**< the format has no such channel */
    VSMP_CHAN_UNORM = 1,
    VSMP_CHAN_SNORM = 2,
    VSMP_CHAN_UINT = 3,
    VSMP_CHAN_SINT = 4,
    VSMP_CHAN_FLOAT = 5,  /**< IEEE binary16 or binary32 */
    VSMP_CHAN_UFLOAT = 6, /**< unsigned 11- or 10-bit float (5-bit exponent) */
    VSMP_CHAN_SHAREDEXP =
        7, /**< 9-bit mantissa scaled by the texel's shared exponent (bits 31:27) */
} vsmp_chan_type;

/** What the sampler returns for a format. */
typedef enum vsmp_format_class {
    VSMP_CLASS_FLOAT = 0, /**< float, UNORM, SNORM and sRGB formats: float results */
    VSMP_CLASS_UINT = 1,  /**< unsigned integer results */
    VSMP_CLASS_SINT = 2,  /**< signed integer results */
} vsmp_format_class;

/** One channel of a texel: its type, width and bit position in the little-endian texel. */
typedef struct vsmp_chan_desc {
    uint8_t type; /**< vsmp_chan_type */
    uint8_t bits;
    uint8_t shift; /**< from bit 0 of the texel (channels never straddle a 32-bit word) */
} vsmp_chan_desc;

/** Format descriptor. */
typedef struct vsmp_format_info {
    vsmp_format format;
    const char *name;     /**< Intel's name, e.g. "R8G8B8A8_UNORM_SRGB" */
    uint8_t bytes;        /**< bytes per texel */
    uint8_t cls;          /**< vsmp_format_class */
    bool srgb;            /**< R, G, B are sRGB-encoded */
    bool depth;           /**< usable as a depth surface */
    vsmp_chan_desc ch[4]; /**< R, G, B, A (luminance and intensity formats name the same bits
                             in several channels) */
    uint8_t block_w;      /**< texels per block across: 1; 4 for BCn; 2 for packed 4:2:2 YCrCb */
    uint8_t block_h;      /**< texels per block down: 1; 4 for BCn. @c bytes is per block */
    uint8_t bc;           /**< 0, or n for BCn (6 = BC6H, 7 = BC7) */
    uint8_t planes;       /**< 1; 2 for planar 4:2:0 YCrCb, where @c bytes is per Y texel, G is
                               read from the Y plane and R, B from the chroma plane's Cb,Cr pair
                               (2 * bytes, Cb first) of each 2x2 texels */
    bool yuv;             /**< a YCrCb format (no colour conversion: R = Cr, G = Y, B = Cb) */
} vsmp_format_info;

/** @return the descriptor of @p f, or NULL if vsmp does not implement it. */
VSMP_API const vsmp_format_info *vsmp_format_get(vsmp_format f);
/** Find a format by Intel's name (case-insensitive). @return VSMP_OK or VSMP_ERR_ARG. */
VSMP_API vsmp_status vsmp_format_find(const char *name, vsmp_format *out);
/** Number of formats in the table, and the i-th one (for listing and tests). */
VSMP_API size_t vsmp_format_count(void);
VSMP_API const vsmp_format_info *vsmp_format_at(size_t i);

/** Texel value of any class: float channels in f, integer channels in u/i. */
typedef union vsmp_texel {
    float f[4];
    uint32_t u[4];
    int32_t i[4];
} vsmp_texel;

/**
 * Decode one texel (the reference unpack, driven by the descriptor). Missing channels read
 * as 0, alpha as 1 (1.0f or integer 1). sRGB channels are decoded to linear.
 */
VSMP_API void vsmp_format_unpack(const vsmp_format_info *fi, const void *src, vsmp_texel *out);
/** Decode texel (x, y) of one block (x < block_w, y < block_h): BC1-BC5 (BC1: RGB565
 *  endpoints, 3- or 4-colour mode; BC2: 4-bit alpha; BC3/BC4/BC5: 8-value channel blocks;
 *  interpolation in float), BC6H (binary16 results), BC7 (8-bit results), sRGB decoded last;
 *  packed 4:2:2 (Y of texel x, the shared Cb and Cr). */
VSMP_API void vsmp_format_unpack_block(const vsmp_format_info *fi, const void *block, unsigned x,
                                       unsigned y, vsmp_texel *out);
/** Encode texel x of a packed 4:2:2 block: its Y, and the block's Cb and Cr (shared with the
 *  other texel). @return VSMP_OK, or VSMP_ERR_UNSUPPORTED for other block formats. */
VSMP_API vsmp_status vsmp_format_pack_block(const vsmp_format_info *fi, const vsmp_texel *in,
                                            unsigned x, void *block);
/** Decode / encode a texel of a planar format from / to its Y texel and its chroma pair. */
VSMP_API void vsmp_format_unpack_planar(const vsmp_format_info *fi, const void *luma,
                                        const void *chroma, vsmp_texel *out);
VSMP_API void vsmp_format_pack_planar(const vsmp_format_info *fi, const vsmp_texel *in, void *luma,
                                      void *chroma);
/** Encode one texel: float classes convert with round-to-nearest-even and saturation (16-bit
 *  and 11/10-bit floats: IEEE round-to-nearest-even, +-0 kept, unsigned floats store negative
 *  values as 0); integer classes saturate to the channel's range, UINT channels reading the
 *  word as unsigned and SINT channels as signed (300 -> 255 and 0xfffffffb -> 255 in UINT8,
 *  -200 -> -128 in SINT8). Luminance and intensity formats store R. Not for block or planar
 *  formats. */
VSMP_API void vsmp_format_pack(const vsmp_format_info *fi, const vsmp_texel *in, void *dst);

#ifdef __cplusplus
}
#endif

#endif
