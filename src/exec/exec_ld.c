/* SPDX-License-Identifier: MIT */
/*
 * ld of one row (3D_LOAD ld and ld_lz): a message whose lanes, every one enabled, address the
 * texels of one row one after the other, all inside a 2D surface (not an array, no sparse
 * tiles) of four 8-bit integer channels in a 4-byte texel (R8G8B8A8_UINT, _SINT and the
 * other channel orders), at level 0 of the view and without immediate offsets. Its texels are
 * read as one span and each channel's bytes widened (zeros, or the sign, in front) into the
 * response's GRFs. That is what the sampling engine returns for such a message (each lane's
 * texel unpacked: the channel's integer; the pixel null mask all ones without sparse tiles),
 * and every other message goes to the engine (exec_sampler.c). Taken at the machine's fast
 * levels (not at "ref", as the typed writes' fast path); tests/test_exec_ld.c compares the two
 * byte for byte.
 */
#include <string.h>

#include "exec_internal.h"
#include "sample_internal.h"

void vsmp_x_ld_row_plan(const vsmp_machine *m, xinst *x, const vsmp_plan *p)
{
    xldrow *r = &x->s->row;
    memset(r, 0, sizeof(*r));
    const vsmp_surface *s = p->s;
    const vsmp_format_info *fi = s ? s->fi : NULL;
    const vsmp_inst *in = x->in;
    if (in->opcode != VSMP_OPC_3D_LOAD ||
        (in->subop != VSMP_SUB_LD && in->subop != VSMP_SUB_LD_LZ) || x->s->dst_at == X_NONE ||
        x->s->geom.tsize != 4 || !fi || !m->fast)
        return;
    const vsmp_surface_desc *d = &s->d;
    if (d->type != VSMP_SURFTYPE_2D || d->array || s->resident || d->samples > 1 || !s->mem ||
        p->nlev < 1 || p->base >= d->levels || p->base >= VSMP_MAX_LEVELS)
        return;
    if (fi->bytes != 4 || fi->planes != 1 || fi->yuv || fi->bc || fi->block_w != 1 ||
        fi->block_h != 1 || (fi->cls != VSMP_CLASS_UINT && fi->cls != VSMP_CLASS_SINT))
        return;
    unsigned want = fi->cls == VSMP_CLASS_UINT ? VSMP_CHAN_UINT : VSMP_CHAN_SINT;
    for (unsigned c = 0; c < 4; c++) {
        if (fi->ch[c].type != want || fi->ch[c].bits != 8 || fi->ch[c].shift % 8)
            return;
        r->shift[c] = fi->ch[c].shift;
    }
    uint32_t ext[3];
    vsmp_level_extent(d, p->base, ext);
    r->base = s->mem + d->level_offset[p->base];
    r->pitch = d->row_pitch[p->base];
    r->w = ext[0], r->h = ext[1];
    r->sint = fi->cls == VSMP_CLASS_SINT;
}

/* One channel of n texels: the byte at bit @p sh of each, widened to a word. */
static void widen(uint8_t *dst, const uint8_t *src, unsigned n, unsigned sh, bool sint)
{
    uint32_t out[32];
    if (sint)
        for (unsigned l = 0; l < n; l++) {
            uint32_t t;
            memcpy(&t, src + 4 * l, 4);
            out[l] = (uint32_t)(int32_t)(int8_t)(uint8_t)(t >> sh);
        }
    else
        for (unsigned l = 0; l < n; l++) {
            uint32_t t;
            memcpy(&t, src + 4 * l, 4);
            out[l] = t >> sh & 0xffu;
        }
    x_copy32n(dst, out, n);
}

bool vsmp_x_ld_row(vsmp_machine *m, const xinst *x, uint32_t en)
{
    const xldrow *r = &x->s->row;
    const vsmp_message *msg = &x->s->msg;
    unsigned n = x->lanes;
    uint32_t all = n >= 32 ? 0xffffffffu : (1u << n) - 1u;
    if (!r->base || en != all || msg->aoffimmi[0] || msg->aoffimmi[1] || msg->aoffimmi[2])
        return false;
    static const uint32_t zeros[VSMP_MAX_LANES];
    const uint32_t *u = msg->param[VSMP_P_U], *v = msg->param[VSMP_P_V];
    const uint32_t *lod = x->in->subop == VSMP_SUB_LD ? msg->param[VSMP_P_LOD] : NULL;
    u = u ? u : zeros, v = v ? v : zeros, lod = lod ? lod : zeros;
    uint32_t u0 = u[0], v0 = v[0], diff = 0;
    for (unsigned l = 0; l < n; l++)
        diff |= (u[l] - u0 - l) | (v[l] - v0) | lod[l];
    /* the reference compares u and v as signed values: below 2^31, as here, they agree */
    if (diff || u0 >= r->w || r->w - u0 < n || v0 >= r->h)
        return false;
    const uint8_t *row = r->base + (size_t)v0 * r->pitch + (size_t)u0 * 4u;
    const vsmp_dst_geom *g = &x->s->geom;
    uint8_t *dst = m->arena + x->s->dst_at;
    unsigned k = 0;
    for (unsigned c = 0; c < 4; c++)
        if (x->in->channels >> c & 1u)
            widen(dst + k++ * g->channel_stride, row, n, r->shift[c], r->sint);
    if (g->null_mask)
        x_st(dst + g->null_mask_at, 0xffffffffu, 4);
    return true;
}

bool vsmp_x_ld_row_planned(const vsmp_machine *m, uint32_t index)
{
    return m && index < m->nx && m->x[index].s && m->x[index].s->row.base;
}
