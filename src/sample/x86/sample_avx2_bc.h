/* SPDX-License-Identifier: MIT */
/* AVX2 texel decoders of block-compressed formats (sample_avx2_bc.c), for the AVX2 kernels of
 * sample_avx2.c: include only from files compiled with -mavx2. */
#ifndef VSMP_SAMPLE_AVX2_BC_H
#define VSMP_SAMPLE_AVX2_BC_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

/* Texels (x, y) of 8 lanes of a BC1 (not sRGB) level: blocks at byte offsets base + (y / 4)
 * pitch + (x / 4) 8 of mem; out[c] the channels, as vsmp_format_unpack_block gives them.
 * x and y are indices inside the level (not negative). */
void vsmp_bc1_fetch8_avx2(const uint8_t *mem, __m256i base, __m256i pitch, __m256i x, __m256i y,
                          __m256 out[4]);

/* The four bilinear taps (x0|x1, y0|y1) of 8 lanes, as vsmp_bc1_fetch8_avx2 gives them: when
 * the lanes share base and pitch and every tap lies in 2x2 blocks, the palettes of those blocks
 * (read as two 16-byte rows, inside the size bytes of mem) are decoded once and each tap looks
 * its entry up; otherwise each tap is fetched. */
void vsmp_bc1_quad8_avx2(const uint8_t *mem, size_t size, __m256i base, __m256i pitch, __m256i x0,
                         __m256i x1, __m256i y0, __m256i y1, __m256 t00[4], __m256 t10[4],
                         __m256 t01[4], __m256 t11[4]);

#endif
