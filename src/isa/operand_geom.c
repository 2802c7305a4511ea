/* SPDX-License-Identifier: MIT */
/* Operand geometry of the sampler instructions (operand_geom.h). */
#include "operand_geom.h"

static unsigned popcount4(unsigned v)
{
    return (v & 1) + (v >> 1 & 1) + (v >> 2 & 1) + (v >> 3 & 1);
}

unsigned vsmp_geom_rows(unsigned lanes, unsigned tsize, unsigned grf_bytes)
{
    return grf_bytes ? (lanes * tsize + grf_bytes - 1) / grf_bytes : 0;
}

void vsmp_geom_sampler_dst(const vsmp_inst *in, unsigned lanes, unsigned dst_tsize,
                           unsigned grf_bytes, vsmp_dst_geom *g)
{
    bool info = in->opcode == VSMP_OPC_3D_INFO;
    g->tsize = info ? 4u : dst_tsize;
    g->channels = popcount4(in->channels & 0xfu);
    g->rows_per_channel = vsmp_geom_rows(lanes, g->tsize, grf_bytes);
    g->channel_stride = g->rows_per_channel * grf_bytes;
    /* INFO has no Op flags: no null mask (INFO.md) */
    g->null_mask = !info && (in->flags & VSMP_OPF_PNM);
    g->null_mask_at = g->channels * g->channel_stride;
    g->bytes = g->null_mask_at + (g->null_mask ? grf_bytes : 0u);
}

uint32_t vsmp_geom_param_bytes(unsigned lanes, unsigned tsize)
{
    return (uint32_t)lanes * tsize;
}

uint32_t vsmp_geom_unorm_dst_bytes(unsigned channels)
{
    return 64u * popcount4(channels & 0xfu);
}
