/* SPDX-License-Identifier: MIT */
/* sample_avx2_u8.c's mip and flat RGBA8 families with gathers for their texel loads
 * (names_gather.h). */
#include "names_gather.h"

#include "sample_avx2_u8.c"
