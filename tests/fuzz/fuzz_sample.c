/* SPDX-License-Identifier: MIT */
/* Fuzz target: the sampling engine itself. The input builds a surface (type, format, sizes,
 * levels, samples, MCS, memory from the input's bytes; at most 64 KiB), a sampler state (every
 * field, enum values out of range included), then messages of any op with raw 32-bit
 * parameters (NaN, infinities, huge integers) and random masks, offsets and SIMD widths.
 * Creation and planning may refuse; running must not crash, read out of bounds, hit undefined
 * behaviour, or give different results for the same message twice. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vsmp/vsmp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static uint32_t take(reader *r, unsigned bytes)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        v |= (uint32_t)(r->n ? *r->p : 0) << (8 * i);
        if (r->n)
            r->p++, r->n--;
    }
    return v;
}

static float take_float(reader *r)
{
    uint32_t u = take(r, 4);
    float f;
    memcpy(&f, &u, 4);
    return f;
}

#define MAX_BYTES 65536u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    vsmp_surface_desc d;
    vsmp_surface_desc_init(&d);
    uint32_t b = take(&r, 4);
    d.type = (vsmp_surface_type)(b & 3);
    d.array = b >> 2 & 1;
    d.mcs = b >> 3 & 1;
    d.samples = 1u << (b >> 4 & 7); /* 1..128: the invalid ones are refused */
    const vsmp_format_info *fi = vsmp_format_at(take(&r, 1) % vsmp_format_count());
    d.format = fi->format;
    d.width = 1 + take(&r, 2) % 64;
    d.height = d.type == VSMP_SURFTYPE_1D     ? 1
               : d.type == VSMP_SURFTYPE_CUBE ? d.width
                                              : 1 + take(&r, 1) % 64;
    d.depth = d.type == VSMP_SURFTYPE_3D ? 1 + take(&r, 1) % 16 : 1;
    d.array_len = d.array ? 1 + take(&r, 1) % 8 : 1;
    d.levels = 1 + take(&r, 1) % 8;
    d.min_lod = take(&r, 1) % d.levels;
    d.mip_count = take(&r, 1) % (d.levels - d.min_lod + 1);
    d.max_memory = 4 * MAX_BYTES;
    for (int c = 0; c < 4; c++)
        d.clear_color.u[c] = take(&r, 4);
    vsmp_surface *s = NULL;
    if (vsmp_surface_create(&d, &s, NULL))
        return 0;
    const vsmp_surface_desc *sd = vsmp_surface_get_desc(s);
    if (sd->data_size > MAX_BYTES) {
        vsmp_surface_free(s);
        return 0;
    }
    /* memory: the next bytes, repeated */
    size_t seed = take(&r, 2) % (r.n + 1);
    uint8_t *mem = sd->data;
    for (size_t i = 0; i < sd->data_size; i++)
        mem[i] = r.n ? r.p[(seed + i) % r.n] : (uint8_t)i;
    if (sd->mcs)
        for (uint32_t y = 0; y < sd->height; y++)
            for (uint32_t x = 0; x < sd->width; x++)
                vsmp_surface_set_mcs(s, 0, x, y, (uint64_t)take(&r, 4) << 32 | take(&r, 4));
    uint32_t nr = take(&r, 1);
    if (nr & 1)
        vsmp_surface_set_resident(s, nr >> 1, false);

    vsmp_sampler_state st;
    vsmp_sampler_state_init(&st);
    st.min_filter = (uint8_t)take(&r, 1) % 4;
    st.mag_filter = (uint8_t)take(&r, 1) % 4;
    st.mip_filter = (uint8_t)take(&r, 1) % 4;
    st.max_aniso = (uint8_t)take(&r, 1) % 18;
    for (int i = 0; i < 3; i++)
        st.address[i] = (uint8_t)take(&r, 1) % 9;
    st.shadow_func = (uint8_t)take(&r, 1) % 9;
    for (int c = 0; c < 4; c++)
        st.border.u[c] = take(&r, 4);
    st.lod_bias = take_float(&r);
    st.min_lod = take_float(&r);
    st.max_lod = take_float(&r);
    b = take(&r, 2);
    st.lod_preclamp = (uint8_t)(b & 3);
    st.mag_mipnone = b >> 2 & 1;
    st.seamless_cube = b >> 3 & 1;
    st.reduction_enable = b >> 4 & 1;
    st.reduction = (uint8_t)(b >> 5 & 3);
    st.non_normalized = b >> 7 & 1;
    st.cps_lod_compensation = b >> 8 & 1;

    static uint32_t params[VSMP_P_COUNT][VSMP_MAX_LANES];
    for (unsigned msg = 0; msg < 4 && r.n; msg++) {
        const vsmp_op_info *oi = vsmp_op_at(take(&r, 1) % vsmp_op_count());
        vsmp_plan *plan = NULL;
        if (vsmp_plan_create(s, &st, oi->subop, &plan, NULL))
            continue;
        vsmp_message m;
        memset(&m, 0, sizeof(m));
        m.simd = (uint8_t)(1 + take(&r, 1) % VSMP_MAX_LANES);
        m.mask = take(&r, 4);
        for (int i = 0; i < 3; i++)
            m.aoffimmi[i] = (int8_t)((int)(take(&r, 1) % 16) - 8);
        m.mcs16 = (oi->flags & VSMP_OPI_UW_FORM) != 0;
        m.cps = b >> 9 & 1; /* CPS LOD compensation with a coarse size 0..7 (0 reads as 1) */
        m.coarse[0] = (uint8_t)(b >> 10 & 7);
        m.coarse[1] = (uint8_t)(b >> 13 & 7);
        for (unsigned k = 0; k < oi->num_params; k++)
            for (unsigned l = 0; l < m.simd; l++)
                params[oi->params[k]][l] = take(&r, 4);
        for (int k = 0; k < VSMP_P_COUNT; k++)
            m.param[k] = params[k];
        vsmp_result a, c;
        memset(&a, 0, sizeof(a));
        memset(&c, 0, sizeof(c));
        vsmp_status ra = vsmp_plan_run(plan, &m, &a), rc = vsmp_plan_run(plan, &m, &c);
        if (ra != rc || memcmp(&a, &c, sizeof(a)))
            abort(); /* the same message gave two answers */
        vsmp_plan_free(plan);
    }
    vsmp_surface_free(s);
    return 0;
}
