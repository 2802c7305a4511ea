/* SPDX-License-Identifier: MIT */
/* The AVX-512 level of sample_avx2_u8.c: the same source under the AVX-512 flags (EVEX forms, 32
 * vector registers, mask registers; the texel loads chosen as at the AVX2 level: docs/SAMPLING.md,
 * "Gathers or scalar loads"). */
#include "names_avx512.h"

#include "sample_avx2_u8.c"
