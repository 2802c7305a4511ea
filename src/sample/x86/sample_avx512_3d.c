/* SPDX-License-Identifier: MIT */
/* The AVX-512 level of sample_avx2_3d.c (names_avx512.h). */
#include "names_avx512.h"

#include "sample_avx2_3d.c"
