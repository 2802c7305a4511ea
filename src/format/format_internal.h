/* SPDX-License-Identifier: MIT */
/* Block decoders shared inside the format module. Not installed. */
#ifndef VSMP_FORMAT_INTERNAL_H
#define VSMP_FORMAT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "half.h"
#include "vsmp/format.h"

/* Texel @p texel (4y + x) of a BC7 block: 8-bit R, G, B, A. */
void vsmp_bc7_texel(const uint8_t *block, unsigned texel, uint8_t out[4]);
/* Texel @p texel of a BC6H block: binary16 bits of R, G, B (signed or unsigned variant). */
void vsmp_bc6h_texel(const uint8_t *block, unsigned texel, bool is_signed, uint16_t out[3]);

/* All 16 texels of a 4x4 block format's block (texel 4y + x), the values
 * vsmp_format_unpack_block gives one by one. */
void vsmp_format_unpack_block16(const vsmp_format_info *fi, const void *block, vsmp_texel out[16]);
/* A BC1 block (fi->bc == 1) as its palette and 2-bit indices: texel i (4y + x) is
 * pal[indices >> 2i & 3]. */
void vsmp_format_bc1_palette(const vsmp_format_info *fi, const void *block, float pal[4][4],
                             uint32_t *indices);

/* vsmp_format_pack of the channels in @p mask (bit c: channel c) alone: the bits of the others
 * are left as they are in @p dst (shared-exponent formats take the whole texel). */
void vsmp_format_pack_channels(const vsmp_format_info *fi, const vsmp_texel *in, unsigned mask,
                               void *dst);

#endif
