/* SPDX-License-Identifier: MIT */
/* The AVX-512 level of sample_avx2.c: the same source under the AVX-512 flags (EVEX forms, 32
 * vector registers, mask registers; loads_avx2.h's texel loads become gathers there). */
#include "names_avx512.h"

#include "sample_avx2.c"
