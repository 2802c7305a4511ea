/* SPDX-License-Identifier: MIT */
/* sample_avx2_3d.c's kernel with gathers for its texel loads (names_gather.h). */
#include "names_gather.h"

#include "sample_avx2_3d.c"
