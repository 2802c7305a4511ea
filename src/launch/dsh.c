/* SPDX-License-Identifier: MIT */
/*
 * Inline samplers from a kernel's dynamic state heap: the SAMPLER_STATEs IGC writes there for
 * OpenCL `__constant sampler_t` values (the patch-token text does not carry them). Only the
 * fields an OpenCL sampler can set are read (docs/LAUNCH.md section 1):
 *
 *   DW0 bits 16:14 min filter, 19:17 mag filter (0 nearest, 1 linear), 21:20 mip filter
 *   DW3 bits 2:0 TCZ, 5:3 TCY, 8:6 TCX address modes, bit 10 non-normalized coordinates
 *
 * (the SAMPLER_STATE layout of Gen9 to Xe-HPG; the address modes and mip filters have the
 * hardware's codes in vsmp_sampler_state). Border colour: (0, 0, 0, 0), OpenCL's.
 */
#include <string.h>

#include "launch_internal.h"

static uint32_t dw(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

vsmp_status vsmp_sampler_from_hw(const uint8_t state[16], vsmp_sampler_state *st)
{
    if (!state || !st)
        return VSMP_ERR_ARG;
    uint32_t d0 = dw(state), d3 = dw(state + 12);
    unsigned minf = d0 >> 14 & 7, magf = d0 >> 17 & 7, mip = d0 >> 20 & 3;
    unsigned tcz = d3 & 7, tcy = d3 >> 3 & 7, tcx = d3 >> 6 & 7;
    if (minf > 1 || magf > 1 || mip == 2)
        return VSMP_ERR_UNSUPPORTED; /* anisotropic, mono, or a reserved mip filter */
    vsmp_sampler_state_init(st);
    st->min_filter = minf ? VSMP_FILTER_LINEAR : VSMP_FILTER_NEAREST;
    st->mag_filter = magf ? VSMP_FILTER_LINEAR : VSMP_FILTER_NEAREST;
    st->mip_filter = (uint8_t)mip;
    st->address[0] = (uint8_t)tcx;
    st->address[1] = (uint8_t)tcy;
    st->address[2] = (uint8_t)tcz;
    st->non_normalized = (d3 >> 10 & 1) != 0;
    return VSMP_OK;
}

vsmp_status vsmp_launch_dsh_samplers(const vsmp_launch_iface *f, const void *dsh, size_t size,
                                     vsmp_sampler_state *out, bool *set, vsmp_diags *d)
{
    if (!f || (!dsh && size) || !out || !set)
        return VSMP_ERR_ARG;
    memset(set, 0, VSMP_MAX_SAMPLER_STATES * sizeof(bool));
    if (!f->sampler_count)
        return VSMP_OK;
    if (f->sampler_array_offset < 0 || f->sampler_count > VSMP_MAX_SAMPLER_STATES ||
        (uint64_t)f->sampler_array_offset + 16u * f->sampler_count > size) {
        vsmp_diags_add(d, VSMP_SEV_ERROR, "launch", 0, 0, -1,
                       "the dynamic state heap (%zu bytes) does not hold the %u sampler states "
                       "at %ld",
                       size, f->sampler_count, f->sampler_array_offset);
        return VSMP_ERR_MALFORMED;
    }
    for (unsigned i = 0; i < f->sampler_count; i++) {
        bool arg = false;
        for (unsigned a = 0; a < f->nargs; a++)
            arg |= f->args[a].kind == VSMP_ARG_SAMPLER && f->args[a].sampler == (int32_t)i;
        if (arg)
            continue;
        const uint8_t *p = (const uint8_t *)dsh + f->sampler_array_offset + 16u * i;
        if (vsmp_sampler_from_hw(p, &out[i])) {
            vsmp_diags_add(d, VSMP_SEV_ERROR, "launch", 0, 0, -1,
                           "sampler state %u of the dynamic state heap is no OpenCL sampler", i);
            return VSMP_ERR_UNSUPPORTED;
        }
        set[i] = true;
    }
    return VSMP_OK;
}
