/* SPDX-License-Identifier: MIT */
/* The fast path's lane kernels compiled for AVX-512 (F, BW, DQ, VL) with AVX2 and FMA (this file
 * only): the C source of exec_fast_k.h, as the AVX2 level, its vectors 256 bits wide; where a
 * kernel has an AVX-512 form (__AVX512F__ in exec_fast_k.h) predicates and flushes are mask
 * registers. */
#define XF_TABLE vsmp_x_fast_avx512
#include "../exec_fast_k.h"
