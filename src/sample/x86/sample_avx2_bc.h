/* SPDX-License-Identifier: MIT */
/* AVX2 texel decoders of block-compressed formats (sample_avx2_bc.c), for the AVX2 kernels of
 * sample_avx2.c: include only from files compiled with -mavx2. */
#ifndef VSMP_SAMPLE_AVX2_BC_H
#define VSMP_SAMPLE_AVX2_BC_H

#include <immintrin.h>
#include <stdint.h>

/* Texels (x, y) of 8 lanes of a BC1 (not sRGB) level: blocks at byte offsets base + (y / 4)
 * pitch + (x / 4) 8 of mem; out[c] the channels, as vsmp_format_unpack_block gives them.
 * x and y are indices inside the level (not negative). */
void vsmp_bc1_fetch8_avx2(const uint8_t *mem, __m256i base, __m256i pitch, __m256i x, __m256i y,
                          __m256 out[4]);

#endif
