/* SPDX-License-Identifier: MIT */
/* Block decoders shared inside the format module. Not installed. */
#ifndef VSMP_FORMAT_INTERNAL_H
#define VSMP_FORMAT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

/* Texel @p texel (4y + x) of a BC7 block: 8-bit R, G, B, A. */
void vsmp_bc7_texel(const uint8_t *block, unsigned texel, uint8_t out[4]);
/* Texel @p texel of a BC6H block: binary16 bits of R, G, B (signed or unsigned variant). */
void vsmp_bc6h_texel(const uint8_t *block, unsigned texel, bool is_signed, uint16_t out[3]);

#endif
