/* SPDX-License-Identifier: MIT */
/*
 * The kinds of a flat kernel family, one home for the AVX2 families (stages_avx2.h FLAT_FAMILY)
 * and the AVX-512 ones (sample_avx512_flat.c): a kernel per filter (p point, l linear) and pair of
 * axis modes (c CLAMP, w WRAP, b CLAMP_BORDER), and the index of the one a plan names in the
 * family's table of 18.
 */
#ifndef VSMP_FLAT_KINDS_H
#define VSMP_FLAT_KINDS_H

#include <stdbool.h>

#include "../fast/fast.h"

/* Axis modes of the kernels' names: c CLAMP, w WRAP, b CLAMP_BORDER. */
#define MC VSMP_TCM_CLAMP
#define MW VSMP_TCM_WRAP
#define MB VSMP_TCM_CLAMP_BORDER

/* X(pre_<filter><u mode><v mode>, arg, linear, mode of u, mode of v) for each kernel of a family,
 * in the order of its table (flat_kind); arg is passed through. */
#define FLAT_KINDS(X, pre, arg)                                                                    \
    X(pre##_pcc, arg, false, MC, MC)                                                               \
    X(pre##_pcw, arg, false, MC, MW)                                                               \
    X(pre##_pcb, arg, false, MC, MB)                                                               \
    X(pre##_pwc, arg, false, MW, MC)                                                               \
    X(pre##_pww, arg, false, MW, MW)                                                               \
    X(pre##_pwb, arg, false, MW, MB)                                                               \
    X(pre##_pbc, arg, false, MB, MC)                                                               \
    X(pre##_pbw, arg, false, MB, MW)                                                               \
    X(pre##_pbb, arg, false, MB, MB)                                                               \
    X(pre##_lcc, arg, true, MC, MC)                                                                \
    X(pre##_lcw, arg, true, MC, MW)                                                                \
    X(pre##_lcb, arg, true, MC, MB)                                                                \
    X(pre##_lwc, arg, true, MW, MC)                                                                \
    X(pre##_lww, arg, true, MW, MW)                                                                \
    X(pre##_lwb, arg, true, MW, MB)                                                                \
    X(pre##_lbc, arg, true, MB, MC)                                                                \
    X(pre##_lbw, arg, true, MB, MW)                                                                \
    X(pre##_lbb, arg, true, MB, MB)

/* A kernel's name as an element of its family's table. */
#define FLAT_KIND_NAME(name, arg, linear, mu, mv) name,

/* The flat kernels' index of an axis' address mode, as their tables order them: 0 CLAMP (and
 * CUBE on a 2D surface), 1 WRAP, 2 CLAMP_BORDER: the modes their rows let through. */
static inline unsigned mode_index(unsigned mode)
{
    return mode == VSMP_TCM_WRAP ? 1 : mode == VSMP_TCM_CLAMP_BORDER ? 2 : 0;
}

/* The index in its family's table of the kernel a plan's filter and modes name. */
static inline unsigned flat_kind(const vsmp_plan *p)
{
    bool linear = p->st.min_filter != VSMP_FILTER_NEAREST;
    return linear * 9u + mode_index(p->st.address[0]) * 3u + mode_index(p->st.address[1]);
}

#endif
