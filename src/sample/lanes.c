/* SPDX-License-Identifier: MIT */
/*
 * A list of lanes run as whole messages: the batching `vsmp sample` describes jobs with, kept
 * in the library so every user forms messages the same way. Lanes go 32 to a message; within
 * one group of 32, the lanes that share their operation, parameter form and offsets run as one
 * masked message of the group's width, so implicit-derivative operations see their quad
 * neighbours exactly as a message from a kernel would show them.
 */
#include <stdlib.h>
#include <string.h>

#include "sample_internal.h"

vsmp_status vsmp_sample_lanes(const vsmp_surface *s, const vsmp_sampler_state *st,
                              const vsmp_lane *lanes, size_t n, vsmp_lane_result *out,
                              size_t *failed, vsmp_diags *diags)
{
    if (failed)
        *failed = 0;
    if (!s || (!lanes && n) || (!out && n))
        return VSMP_ERR_ARG;
    vsmp_plan **plans = calloc(256, sizeof(*plans)); /* one per operation, made on first use */
    uint32_t(*params)[VSMP_MAX_LANES] = malloc(sizeof(uint32_t[VSMP_P_COUNT][VSMP_MAX_LANES]));
    vsmp_result *res = malloc(sizeof(*res));
    vsmp_status rs = VSMP_OK;
    if (!plans || !params || !res) {
        rs = VSMP_ERR_NOMEM;
        goto done;
    }
    for (size_t base = 0; base < n && !rs; base += VSMP_MAX_LANES) {
        unsigned simd = (unsigned)(n - base < VSMP_MAX_LANES ? n - base : VSMP_MAX_LANES);
        memset(params, 0, sizeof(uint32_t[VSMP_P_COUNT][VSMP_MAX_LANES]));
        for (unsigned l = 0; l < simd; l++)
            for (int k = 0; k < VSMP_P_COUNT; k++)
                params[k][l] = lanes[base + l].param[k];
        memset(res, 0, sizeof(*res));
        uint32_t done_mask = 0;
        for (unsigned l = 0; l < simd; l++) {
            if (done_mask >> l & 1u)
                continue;
            const vsmp_lane *a = &lanes[base + l];
            uint32_t mask = 0;
            for (unsigned k = l; k < simd; k++) {
                const vsmp_lane *b = &lanes[base + k];
                if (b->op == a->op && b->mcs16 == a->mcs16 && !memcmp(b->aoffimmi, a->aoffimmi, 3))
                    mask |= 1u << k;
            }
            done_mask |= mask;
            if (a->op > 255) {
                rs = VSMP_ERR_ARG;
                if (failed)
                    *failed = base + l;
                break;
            }
            if (!plans[a->op]) {
                rs = vsmp_plan_create(s, st, a->op, &plans[a->op], diags);
                if (rs) {
                    if (failed)
                        *failed = base + l;
                    break;
                }
            }
            vsmp_message m;
            memset(&m, 0, sizeof(m));
            m.simd = (uint8_t)simd;
            m.mask = mask;
            memcpy(m.aoffimmi, a->aoffimmi, 3);
            m.mcs16 = a->mcs16;
            for (int k = 0; k < VSMP_P_COUNT; k++)
                m.param[k] = params[k];
            rs = vsmp_plan_run(plans[a->op], &m, res);
            if (rs) {
                if (failed)
                    *failed = base + l;
                break;
            }
        }
        if (rs)
            break;
        for (unsigned l = 0; l < simd; l++) {
            for (int c = 0; c < 4; c++)
                out[base + l].c[c] = res->c[c][l];
            out[base + l].mapped = res->null_mask >> l & 1u;
        }
    }
done:
    if (plans)
        for (unsigned i = 0; i < 256; i++)
            vsmp_plan_free(plans[i]);
    free(plans);
    free(params);
    free(res);
    return rs;
}
