/* SPDX-License-Identifier: MIT */
/*
 * What the fast-path identity tests share (test_fastpath.c, test_fastpath_r8.c,
 * test_fastpath_ld16.c): messages of coordinates, surfaces of random bytes, and the word-for-word
 * comparison of a plan's kernel with its reference.
 */
#ifndef VSMP_FASTPATH_KIT_H
#define VSMP_FASTPATH_KIT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "plan_kernel.h"
#include "sample_cases.h"
#include "sample_internal.h"

/* A message of @p simd lanes, all on, with coordinates u and v (the rest zero). */
static inline vsmp_message uv_message(unsigned simd, const uint32_t *u, const uint32_t *v)
{
    vsmp_message m;
    memset(&m, 0, sizeof(m));
    m.simd = simd, m.mask = simd == 32 ? 0xffffffffu : 0xffffu;
    m.param[VSMP_P_U] = u, m.param[VSMP_P_V] = v;
    return m;
}

/* One message through plan p (into *got) and the plan's reference (*want), both filled with 0x5a
 * first: are they the same, word for word? */
static inline bool same_as_reference(vsmp_plan *p, const vsmp_message *m, vsmp_result *got,
                                     vsmp_result *want)
{
    memset(got, 0x5a, sizeof(*got));
    memset(want, 0x5a, sizeof(*want));
    vsmp_plan_run(p, m, got);
    want->null_mask = 0xffffffffu;
    p->run(p, m, want);
    return !memcmp(got, want, sizeof(*got));
}

/* The surface @p d describes, its bytes random; NULL when it cannot be made. */
static inline vsmp_surface *random_surface(const vsmp_surface_desc *d, sc_rng *r)
{
    vsmp_surface *s = NULL;
    if (vsmp_surface_create(d, &s, NULL))
        return NULL;
    const vsmp_surface_desc *ld = vsmp_surface_get_desc(s);
    for (size_t i = 0; i < ld->data_size; i++)
        ((uint8_t *)ld->data)[i] = (uint8_t)sc_u32(r);
    return s;
}

/* A width x height surface of format f, 2D or (array) an array of 2, its bytes random. */
static inline vsmp_surface *kit_surface(sc_rng *r, vsmp_format f, uint32_t w, uint32_t h,
                                        bool array)
{
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    d.format = f, d.width = w, d.height = h;
    if (array)
        d.array = true, d.array_len = 2;
    return random_surface(&d, r);
}

/* A sampler of the flat kernels' kind (kernel index 0-8: u mode kind / 3, v mode kind % 3, each
 * CLAMP, WRAP or CLAMP_BORDER), point or bilinear, normalized or not (nn), its border colour with
 * a negative zero. */
static inline vsmp_sampler_state kit_state(unsigned kind, bool linear, bool nn)
{
    static const uint8_t modes[] = {VSMP_TCM_CLAMP, VSMP_TCM_WRAP, VSMP_TCM_CLAMP_BORDER};
    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.min_filter = st.mag_filter = (uint8_t)(linear ? VSMP_FILTER_LINEAR : VSMP_FILTER_NEAREST);
    st.address[0] = modes[kind / 3], st.address[1] = modes[kind % 3];
    st.non_normalized = nn;
    st.border.f[0] = -0.0f, st.border.f[1] = 0.25f, st.border.f[2] = 1.0f, st.border.f[3] = 0.5f;
    return st;
}

/* The CPU levels the identity tests take by name (a comma-separated list on their command line). */
static const struct {
    const char *name;
    unsigned cpu;
} kit_levels[] = {{"c", VSMP_CPU_C},
                  {"avx2", VSMP_CPU_C | VSMP_CPU_AVX2},
                  {"avx512", VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512}};

/* Whether @p name is a whole name of the comma-separated list @p ask ("avx2" is not a part of
 * "avx512"). */
static inline bool kit_level_asked(const char *ask, const char *name)
{
    size_t len = strlen(name);
    const char *at = strstr(ask, name);
    while (at && !((at == ask || at[-1] == ',') && (at[len] == ',' || !at[len])))
        at = strstr(at + 1, name);
    return at != NULL;
}

#endif
