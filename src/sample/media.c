/* SPDX-License-Identifier: MIT */
/* The media sampler behind SAMPLE_UNORM (SEMANTICS 1). */
#include <math.h>
#include <string.h>

#include "sample_internal.h"

/* 16-bit UNORM of a sampled value (SEMANTICS 1.3). */
static uint16_t to_unorm16(float f, bool unorm8)
{
    if (!(f > 0.0f))
        return 0;
    if (f > 1.0f)
        f = 1.0f;
    return (uint16_t)nearbyintf(f * (unorm8 ? 65280.0f : 65535.0f));
}

static bool all_unorm8(const vsmp_format_info *fi)
{
    for (int c = 0; c < 4; c++)
        if (fi->ch[c].type != VSMP_CHAN_NONE &&
            !(fi->ch[c].type == VSMP_CHAN_UNORM && fi->ch[c].bits == 8))
            return false;
    return true;
}

static void put16(uint8_t *dst, size_t at, uint16_t v)
{
    dst[at] = (uint8_t)v;
    dst[at + 1] = (uint8_t)(v >> 8);
}

vsmp_status vsmp_media_sample_unorm(const vsmp_surface *surf, const vsmp_sampler_state *st, float u,
                                    float v, float du, float dv, unsigned channels,
                                    vsmp_unorm_format fmt, bool hw_formats, uint8_t *dst,
                                    size_t dst_size, size_t *written)
{
    if (!surf || !st || !written || !(channels & 0xf) || channels > 0xf || surf->d.samples > 1 ||
        (unsigned)fmt > VSMP_UNORM_8_DOWNSAMPLED)
        return VSMP_ERR_ARG;
    if (!hw_formats)
        fmt = VSMP_UNORM_16_FULL; /* IGC never forwards the format bits (SEMANTICS 1.1) */
    bool r = channels & 1, g = channels >> 1 & 1, b = channels >> 2 & 1, a = channels >> 3 & 1;
    size_t need;
    switch (fmt) {
    case VSMP_UNORM_16_DOWNSAMPLED:
        need = 32u * (r + b) + 64u * (g + a);
        break;
    case VSMP_UNORM_8_FULL:
        need = 32u * (r + g + b + a);
        break;
    case VSMP_UNORM_8_DOWNSAMPLED:
        need = 32u * ((r || b) + g + a);
        break;
    case VSMP_UNORM_16_FULL:
    default:
        need = 64u * (r + g + b + a);
        break;
    }
    *written = need;
    if (!dst || dst_size < need)
        return VSMP_ERR_SPACE;
    /* no LOD: the base level with the magnification filter */
    vsmp_sampler_state s = *st;
    s.lod_bias = 0.0f, s.min_lod = 0.0f, s.max_lod = 0.0f;
    s.mip_filter = VSMP_MIPFILTER_NONE;
    vsmp_plan *plan = NULL;
    vsmp_status e = vsmp_plan_create(surf, &s, VSMP_SUB_SAMPLE_LZ, &plan, NULL);
    if (e)
        return e;
    uint32_t pu[32], pv[32];
    for (unsigned p = 0; p < 32; p++) {
        float x = u + (float)(p & 7) * du, y = v + (float)(p >> 3) * dv;
        memcpy(&pu[p], &x, 4);
        memcpy(&pv[p], &y, 4);
    }
    vsmp_message m;
    memset(&m, 0, sizeof(m));
    m.simd = 32;
    m.mask = 0xffffffffu; /* every pixel: "channel enable is ignored" */
    m.param[VSMP_P_U] = pu, m.param[VSMP_P_V] = pv;
    vsmp_result res;
    vsmp_plan_run(plan, &m, &res);
    vsmp_plan_free(plan);
    bool u8 = all_unorm8(surf->fi);
    uint16_t val[4][32];
    for (unsigned c = 0; c < 4; c++)
        for (unsigned p = 0; p < 32; p++) {
            float f;
            memcpy(&f, &res.c[c][p], 4);
            val[c][p] = surf->fi->cls == VSMP_CLASS_FLOAT ? to_unorm16(f, u8) : 0;
        }
    size_t at = 0;
    for (unsigned c = 0; c < 4; c++) {
        if (!(channels >> c & 1) &&
            !(fmt == VSMP_UNORM_8_DOWNSAMPLED && c == 2 && r)) /* R and B share a unit */
            continue;
        bool chroma = c == 0 || c == 2;
        switch (fmt) {
        case VSMP_UNORM_16_DOWNSAMPLED:
            for (unsigned p = 0; p < 32; p += chroma ? 2 : 1, at += 2)
                put16(dst, at, val[c][p]);
            break;
        case VSMP_UNORM_8_FULL:
            for (unsigned p = 0; p < 32; p++)
                dst[at++] = (uint8_t)(val[c][p] >> 8);
            break;
        case VSMP_UNORM_8_DOWNSAMPLED:
            if (c == 0) { /* R in bytes 0..15, B in 16..31 of one unit; a disabled half is left */
                for (unsigned p = 0; p < 32; p += 2) {
                    if (r)
                        dst[at + p / 2] = (uint8_t)(val[0][p] >> 8);
                    if (b)
                        dst[at + 16 + p / 2] = (uint8_t)(val[2][p] >> 8);
                }
                at += 32;
            } else if (c == 2) {
                if (!r) { /* B alone owns the unit */
                    for (unsigned p = 0; p < 32; p += 2)
                        dst[at + 16 + p / 2] = (uint8_t)(val[2][p] >> 8);
                    at += 32;
                }
            } else {
                for (unsigned p = 0; p < 32; p++)
                    dst[at++] = (uint8_t)(val[c][p] >> 8);
            }
            break;
        case VSMP_UNORM_16_FULL:
        default:
            for (unsigned p = 0; p < 32; p++, at += 2)
                put16(dst, at, val[c][p]);
            break;
        }
    }
    return VSMP_OK;
}
