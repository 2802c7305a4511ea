/* SPDX-License-Identifier: MIT */
/* The AVX-512 level of gather_avx2_3d.c (names_avx512.h, names_gather.h); the level's 2D mip
 * kernel has no gather form (no gain measured). */
#include "names_avx512.h"
#include "names_gather.h"

#include "sample_avx2_3d.c"
