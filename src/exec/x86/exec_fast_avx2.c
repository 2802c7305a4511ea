/* SPDX-License-Identifier: MIT */
/* The fast path's lane kernels compiled for AVX2 with FMA (this file only: -mavx2 -mfma): the
 * C source of exec_fast_k.h, vectorised eight lanes at a time, mad's fmaf one vfmadd. */
#define XF_TABLE vsmp_x_fast_avx2
#include "../exec_fast_k.h"
