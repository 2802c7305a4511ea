/* SPDX-License-Identifier: MIT */
/*
 * Surface memory messages on buffers: gather4_scaled / scatter4_scaled, gather_scaled /
 * scatter_scaled, oword_ld / oword_st. A buffer is the byte memory of the surface bound at the
 * binding-table index the surface variable holds; reads outside it return zeros and writes
 * outside it are dropped (the pages' "Out-of-bound Access" rows). T0 (%slm) is the shared local
 * memory, T5 (%scratch) the hardware thread's scratch space (vsmp_machine_set_scratch: IGC keeps
 * skl's and tgllp's private arrays there, at offsets from r0.5 bits 31:10, which the launcher
 * leaves 0).
 */
#include <string.h>

#include "exec_internal.h"
#include "exec_typed.h"
#include "hot.h"
#include "format_internal.h"

static unsigned popcount4(unsigned v)
{
    return (v & 1) + (v >> 1 & 1) + (v >> 2 & 1) + (v >> 3 & 1);
}

typedef struct buf {
    uint8_t *p;
    size_t size;
} buf;

static bool buffer(vsmp_machine *m, const xinst *x, uint32_t word, buf *b)
{
    uint64_t size;
    if (!vsmp_x_buffer(m, x, word, &b->p, &size))
        return false;
    b->size = (size_t)size;
    return true;
}

bool vsmp_x_buffer(vsmp_machine *m, const xinst *x, uint32_t word, uint8_t **p, uint64_t *size)
{
    if (word == X_NONE) { /* T0: shared local memory */
        *p = m->slm, *size = m->slm_size;
        return true;
    }
    if (word == X_SCRATCH) { /* T5: the thread's scratch space */
        *p = m->scratch, *size = m->scratch_size;
        return true;
    }
    uint32_t bti = vsmp_x_bti(m, word);
    if (bti >= VSMP_MAX_BINDINGS || !m->bt[bti]) {
        vsmp_x_report(m, x->in, "exec-binding",
                      "instruction %u: surface variable holds %s %u, where no surface is bound",
                      x->index, word == m->bss_word ? "bindless offset" : "binding-table index",
                      m->surf_vals[word]);
        return false;
    }
    const vsmp_surface_desc *d = vsmp_surface_get_desc(m->bt[bti]);
    *p = d->data;
    *size = d->data_size;
    return true;
}

static uint32_t rd(const buf *b, uint64_t at, unsigned n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (n == 4 && at + 4 <= b->size) { /* inside: one word */
        uint32_t w;
        memcpy(&w, b->p + at, 4);
        return w;
    }
#endif
    uint32_t v = 0;
    for (unsigned i = 0; i < n; i++)
        if (at + i < b->size)
            v |= (uint32_t)b->p[at + i] << (8 * i);
    return v;
}

static void wr(buf *b, uint64_t at, uint32_t v, unsigned n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (n == 4 && at + 4 <= b->size) {
        memcpy(b->p + at, &v, 4);
        return;
    }
#endif
    for (unsigned i = 0; i < n; i++)
        if (at + i < b->size)
            b->p[at + i] = (uint8_t)(v >> (8 * i));
}

/* The plan's fields: val[] the layout's value fields, v[0] the global offset, raw[0] the
 * element offsets (oword: the data), raw[1] the data; raw[].var holds the arena offset once
 * planned; target holds the surface variable's word. */
static uint32_t surf_word_of(const xinst *x)
{
    return x->g->target; /* stored there by the planner */
}

/* The mask of a message's element offsets: X_SLM_MASK on shared local memory. */
static uint32_t slm_mask(const xinst *x)
{
    return surf_word_of(x) == X_NONE ? X_SLM_MASK : 0xffffffffu;
}

static bool global_offset(vsmp_machine *m, const xinst *x, uint32_t *g)
{
    xscalar sc;
    memset(&sc, 0, sizeof(sc));
    const xvec *v = &x->g->v[0];
    uint64_t bits = 0;
    if (v->cls == VSMP_VEC_IMMEDIATE)
        bits = v->imm[0];
    else if (v->cls == VSMP_VEC_GENERAL)
        bits = x_ld(m->arena + v->at, 4);
    else {
        sc.kind = XS_INDIRECT, sc.type = v->type, sc.addr = v->word, sc.disp = v->disp;
        if (!vsmp_x_read_scalar(m, &sc, &bits))
            return false;
    }
    *g = (uint32_t)bits;
    return true;
}

/* A message's offsets are read when it is sent, before its response is written (a send takes
 * its payload registers as they are when issued): a load whose data overlaps its own offsets
 * reads every lane's offset first. Reads them into off[] and says whether the message has its
 * fast case (the common one): every enabled lane's bytes inside the buffer, global + off[l] +
 * @p end <= size (end: the bytes a lane reaches past its address), so that each access is a
 * plain copy without the byte-by-byte bounds of rd() and wr(). */
static bool lanes_inside(const buf *b, uint32_t g, const uint8_t *offs, uint32_t en, unsigned lanes,
                         unsigned end, uint32_t mask, uint32_t *off)
{
    uint32_t top = 0;
    for (unsigned l = 0; l < lanes; l++) {
        off[l] = x_ld(offs + 4 * l, 4) & mask;
        if ((en >> l & 1u) && off[l] > top)
            top = off[l];
    }
    return en && (uint64_t)g + top + end <= b->size;
}

/* gather4_scaled / scatter4_scaled inside the buffer (lanes_inside): the DWords at base +
 * off[l] + 4 c, channel by channel, lane by lane as the general path (the order decides which
 * of two lanes storing to the same DWord wins). */
static void g4s_inside(uint8_t *base, const uint32_t *off, uint8_t *data, uint32_t stride,
                       unsigned chans, uint32_t en, unsigned lanes, bool store)
{
    bool all = en == (lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u); /* no lane to skip */
    for (unsigned c = 0; c < 4; c++) {
        if (!(chans >> c & 1u))
            continue;
        uint8_t *q = base + 4 * c;
        if (store && all) {
            for (unsigned l = 0; l < lanes; l++)
                memcpy(q + off[l], data + 4 * l, 4);
        } else if (store) {
            for (unsigned l = 0; l < lanes; l++)
                if (en >> l & 1u)
                    memcpy(q + off[l], data + 4 * l, 4);
        } else if (all) {
            for (unsigned l = 0; l < lanes; l++)
                memcpy(data + 4 * l, q + off[l], 4);
        } else {
            for (unsigned l = 0; l < lanes; l++)
                if (en >> l & 1u)
                    memcpy(data + 4 * l, q + off[l], 4);
        }
        data += stride;
    }
}

/* gather4_scaled / scatter4_scaled: per enabled lane, the enabled channels' DWords at
 * global + offset[lane] + 4 c; channel k of the data at its own GRF run (GATHER4_SCALED.md: "The
 * next enabled channel will have its return data starting at the next register"). A lane
 * reaching past the buffer is read and written byte by byte (rd, wr). */
static vsmp_status run_g4s(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    buf b;
    uint32_t g;
    if (!buffer(m, x, surf_word_of(x), &b) || !global_offset(m, x, &g))
        return VSMP_ERR_INVALID;
    bool store = x->in->opcode == VSMP_OPC_SCATTER4_SCALED;
    uint32_t stride = vsmp_geom_rows(x->lanes, 4, m->grf) * m->grf;
    unsigned chans = x->g->val[0] & 0xfu, k = popcount4(chans);
    const uint8_t *offs = m->arena + x->g->raw[0].var;
    uint8_t *data = m->arena + x->g->raw[1].var;
    uint32_t off[32];
    unsigned end = chans & 8u ? 16u : chans & 4u ? 12u : chans & 2u ? 8u : chans ? 4u : 0u;
    if (lanes_inside(&b, g, offs, en, x->lanes, end, slm_mask(x), off)) {
        g4s_inside(b.p + g, off, data, stride, chans, en, x->lanes, store);
    } else {
        unsigned kk = 0;
        for (unsigned c = 0; c < 4; c++) {
            if (!(chans >> c & 1u))
                continue;
            for (unsigned l = 0; l < x->lanes; l++) {
                if (!(en >> l & 1u))
                    continue;
                uint64_t a = (uint64_t)g + off[l] + 4u * c;
                uint8_t *p = data + kk * stride + 4 * l;
                if (store)
                    wr(&b, a, x_ld(p, 4), 4);
                else
                    x_st(p, rd(&b, a, 4), 4);
            }
            kk++;
        }
    }
    if (!store) {
        s->dst_var = x->in->opnds[x->in->num_opnds - 1].raw.var;
        s->dst_offset = x->in->opnds[x->in->num_opnds - 1].raw.offset;
        s->dst_size = k * stride;
    }
    return VSMP_OK;
}

/* gather_scaled / scatter_scaled: 1, 2 or 4 bytes per lane at global + offset[lane], one DWord
 * per lane in the data (the upper bytes of 1- and 2-byte reads are "undefined"; vsmp writes
 * zeros). */
static vsmp_status run_gs(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    buf b;
    uint32_t g;
    if (!buffer(m, x, surf_word_of(x), &b) || !global_offset(m, x, &g))
        return VSMP_ERR_INVALID;
    bool store = x->in->opcode == VSMP_OPC_SCATTER_SCALED;
    unsigned n = 1u << (x->g->val[1] & 3u);
    const uint8_t *offs = m->arena + x->g->raw[0].var;
    uint8_t *data = m->arena + x->g->raw[1].var;
    uint32_t off[32];
    if (lanes_inside(&b, g, offs, en, x->lanes, n, slm_mask(x), off)) {
        uint8_t *base = b.p + g;
        for (unsigned l = 0; l < x->lanes; l++) {
            if (!(en >> l & 1u))
                continue;
            if (store) {
                memcpy(base + off[l], data + 4 * l, n);
            } else {
                uint8_t w[4] = {0};
                memcpy(w, base + off[l], n);
                memcpy(data + 4 * l, w, 4);
            }
        }
    } else {
        for (unsigned l = 0; l < x->lanes; l++) {
            if (!(en >> l & 1u))
                continue;
            uint64_t a = (uint64_t)g + off[l];
            if (store)
                wr(&b, a, x_ld(data + 4 * l, 4), n);
            else
                x_st(data + 4 * l, rd(&b, a, n), 4);
        }
    }
    if (!store) {
        s->dst_var = x->in->opnds[x->in->num_opnds - 1].raw.var;
        s->dst_offset = x->in->opnds[x->in->num_opnds - 1].raw.offset;
        s->dst_size = 4u * x->lanes;
    }
    return VSMP_OK;
}

/* oword_ld / oword_st: 1, 2, 4 or 8 owords at offset * 16, NoMask (OWORD_LD.md). */
static vsmp_status run_oword(vsmp_machine *m, xinst *x, xstep *s)
{
    buf b;
    uint32_t g;
    if (!buffer(m, x, surf_word_of(x), &b) || !global_offset(m, x, &g))
        return VSMP_ERR_INVALID;
    bool store = x->in->opcode == VSMP_OPC_OWORD_ST;
    unsigned bytes = 16u << (x->g->val[0] & 7u);
    uint8_t *data = m->arena + x->g->raw[0].var;
    /* oword_ld_unaligned: "identical to OWORD_LD, except that the offset is dword-aligned"
     * (OWORD_LD_UNALIGNED.md): a byte offset */
    uint64_t at = x->in->opcode == VSMP_OPC_OWORD_LD_UNALIGNED ? (uint64_t)g : (uint64_t)g * 16u;
    for (unsigned i = 0; i < bytes; i += 4) {
        if (store)
            wr(&b, at + i, x_ld(data + i, 4), 4);
        else
            x_st(data + i, rd(&b, at + i, 4), 4);
    }
    s->lanes = 0xffffffffu;
    if (!store) {
        s->dst_var = x->in->opnds[x->in->num_opnds - 1].raw.var;
        s->dst_offset = x->in->opnds[x->in->num_opnds - 1].raw.offset;
        s->dst_size = bytes;
    }
    return VSMP_OK;
}

/* Typed surface coordinates of a lane: x, y, slice and level, or false when outside the
 * surface. The U, V, R operands address surface[u, v, r]: 1D arrays take their layer from v,
 * 2D arrays from r, 3D surfaces their depth from r; LOD counts from SurfaceMinLOD. */
static bool typed_at(const vsmp_surface *s, uint32_t u, uint32_t v, uint32_t r, uint32_t lod,
                     unsigned *level, uint32_t *x, uint32_t *y, uint32_t *slice)
{
    const vsmp_surface_desc *d = vsmp_surface_get_desc(s);
    uint32_t w, h, dep, slices;
    if (lod >= d->mip_count)
        return false;
    *level = d->min_lod + lod;
    if (vsmp_surface_level_size(s, *level, &w, &h, &dep, &slices))
        return false;
    *x = u, *y = 0, *slice = 0;
    switch ((unsigned)d->type) {
    case VSMP_SURFTYPE_1D:
        *slice = d->array ? v : 0;
        break;
    case VSMP_SURFTYPE_3D:
        *y = v, *slice = r;
        break;
    default:
        *y = v, *slice = d->array ? r : 0;
        break;
    }
    return *x < w && *y < h && *slice < slices;
}

static uint32_t lane_ud(const vsmp_machine *m, uint32_t at, unsigned l)
{
    return at == X_NONE ? 0 : x_ld(m->arena + at + 4 * l, 4);
}

/* The surface a typed message names, or NULL (reported). */
static vsmp_surface *typed_surface(vsmp_machine *m, const xinst *x)
{
    uint32_t bti = vsmp_x_bti(m, x->g->target);
    if (bti >= VSMP_MAX_BINDINGS || !m->bt[bti]) {
        vsmp_x_report(m, x->in, "exec-binding",
                      "instruction %u: surface variable holds %s %u, where no surface is bound",
                      x->index,
                      x->g->target == m->bss_word ? "bindless offset" : "binding-table index",
                      m->surf_vals[x->g->target]);
        return NULL;
    }
    return (vsmp_surface *)m->bt[bti]; /* typed writes store into it */
}

/* One texel per enabled lane at (u, v, r, lod) of @p surf, its enabled channels converted
 * from / to the format ("one pixel, with type conversion"): the U, V, R, LOD operands at the
 * arena offsets x->g->raw[0..3] (X_NONE: %null, zeros), the data at x->g->raw[4], channel k at k
 * GRF runs of exec_size DWords (GATHER4_TYPED.md; LSC_TYPED.md: "the lsc_load_quad and
 * lsc_store_quad LSC_UNTYPED versions" whose vector elements each start a GRF run), the channel
 * mask in x->g->val[0]. Reads outside the surface return 0 in R, G, B and 1 in A; writes outside
 * are dropped. A write converts as the format's pack does (saturating integers) and stores the
 * enabled channels alone: the bits of the others stay (a YCrCb texel, whose channels share
 * bytes, is stored whole). gather4_typed / scatter4_typed and the LSC .tgm quad messages
 * (lsc.c). This is the reference; exec_typed.c has the fast path, bit-identical to it. */
void vsmp_x_typed_rw(vsmp_machine *m, const xinst *x, vsmp_surface *surf, uint32_t en, bool store)
{
    const vsmp_format_info *fi = vsmp_format_get(vsmp_surface_get_desc(surf)->format);
    unsigned mask = x->g->val[0] & 0xfu;
    bool whole = fi && (fi->planes > 1 || fi->yuv || fi->bc);
    uint32_t stride = vsmp_geom_rows(x->lanes, 4, m->grf) * m->grf;
    uint8_t *data = m->arena + x->g->raw[4].var;
    for (unsigned l = 0; l < x->lanes; l++) {
        if (!(en >> l & 1u))
            continue;
        unsigned level = 0;
        uint32_t tx = 0, ty = 0, sl = 0;
        bool in = typed_at(surf, lane_ud(m, x->g->raw[0].var, l), lane_ud(m, x->g->raw[1].var, l),
                           lane_ud(m, x->g->raw[2].var, l), lane_ud(m, x->g->raw[3].var, l), &level,
                           &tx, &ty, &sl);
        vsmp_texel t;
        memset(&t, 0, sizeof(t));
        if (in)
            vsmp_surface_load(surf, level, sl, tx, ty, &t);
        else if (fi && fi->cls == VSMP_CLASS_FLOAT)
            t.f[3] = 1.0f;
        else
            t.u[3] = 1;
        unsigned k = 0;
        for (unsigned c = 0; c < 4; c++) {
            if (!(mask >> c & 1u))
                continue;
            uint8_t *p = data + k++ * stride + 4 * l;
            if (store)
                t.u[c] = x_ld(p, 4);
            else
                x_st(p, t.u[c], 4);
        }
        if (!store || !in)
            continue;
        if (whole)
            vsmp_surface_store(surf, level, sl, tx, ty, &t); /* a block format drops it */
        else
            vsmp_format_pack_channels(fi, &t, mask, vsmp_surface_texel(surf, level, sl, tx, ty));
    }
}

/* gather4_typed / scatter4_typed through a surface variable (vsmp_x_typed_rw). */
static vsmp_status run_typed(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    vsmp_surface *surf = typed_surface(m, x);
    if (!surf)
        return VSMP_ERR_INVALID;
    if (x->in->opcode == VSMP_OPC_GATHER4_TYPED) {
        s->dst_var = x->in->opnds[x->in->num_opnds - 1].raw.var;
        s->dst_offset = x->in->opnds[x->in->num_opnds - 1].raw.offset;
        s->dst_size = popcount4(x->g->val[0] & 0xfu) * vsmp_geom_rows(x->lanes, 4, m->grf) * m->grf;
    }
    vsmp_x_typed_rw(m, x, surf, en, x->in->opcode == VSMP_OPC_SCATTER4_TYPED);
    return VSMP_OK;
}

/* scatter4_typed planned on the fast path: exec_typed.c's kernels, or the reference for what
 * they do not take. */
VSMP_HOT static vsmp_status run_typed_store_fast(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes_now(m, x->in, x->lanes);
    s->lanes = en;
    uint32_t bti = vsmp_x_bti(m, x->g->target);
    vsmp_surface *surf = bti < VSMP_MAX_BINDINGS ? (vsmp_surface *)m->bt[bti] : NULL;
    if (!surf && !(surf = typed_surface(m, x))) /* reported there */
        return VSMP_ERR_INVALID;
    if (vsmp_x_typed_row(m, x, en, surf) || vsmp_x_typed_store(m, x, en, surf))
        return VSMP_OK;
    vsmp_x_typed_rw(m, x, surf, en, true);
    return VSMP_OK;
}

bool vsmp_x_is_typed_fast(const vsmp_machine *m, uint32_t index)
{
    return m && index < m->nx && m->x[index].run == run_typed_store_fast;
}

/* ---- SVM: 64-bit addresses into the mapped surfaces ---- */

uint8_t *vsmp_x_svm_at(vsmp_machine *m, const xinst *x, uint64_t a, unsigned n)
{
    for (unsigned i = 0; i < m->nsvm; i++) {
        const vsmp_surface_desc *d = vsmp_surface_get_desc(m->svm[i].s);
        if (a >= m->svm[i].base && a - m->svm[i].base <= d->data_size &&
            d->data_size - (a - m->svm[i].base) >= n)
            return (uint8_t *)d->data + (a - m->svm[i].base);
    }
    vsmp_x_report(m, x->in, "exec-address",
                  "instruction %u: SVM address 0x%llx (%u bytes) is not in a mapped surface",
                  x->index, (unsigned long long)a, n);
    return NULL;
}

static uint64_t ld64(const uint8_t *p)
{
    return (uint64_t)x_ld(p, 4) | (uint64_t)x_ld(p + 4, 4) << 32;
}

/* svm_block_ld / svm_block_st: 1, 2, 4 or 8 owords at a UQ address, every element (NoMask)
 * (SVM_BLOCK_LD.md). */
static vsmp_status run_svm_block(vsmp_machine *m, xinst *x, xstep *s)
{
    uint64_t a;
    xscalar sc;
    memset(&sc, 0, sizeof(sc));
    const xvec *v = &x->g->v[0];
    if (v->cls == VSMP_VEC_IMMEDIATE)
        a = v->imm[0];
    else if (v->cls == VSMP_VEC_GENERAL)
        a = ld64(m->arena + v->at);
    else {
        sc.kind = XS_INDIRECT, sc.type = VSMP_TYPE_UQ, sc.addr = v->word, sc.disp = v->disp;
        if (!vsmp_x_read_scalar(m, &sc, &a))
            return VSMP_ERR_INVALID;
    }
    unsigned bytes = 16u << (x->g->val[0] & 3u);
    uint8_t *p = vsmp_x_svm_at(m, x, a, bytes);
    if (!p)
        return VSMP_ERR_INVALID;
    uint8_t *data = m->arena + x->g->raw[0].var;
    if (x->in->subop == VSMP_SOP_SVM_BLOCK_ST) {
        memcpy(p, data, bytes);
    } else {
        memcpy(data, p, bytes);
        s->dst_var = x->in->opnds[x->in->num_opnds - 1].raw.var;
        s->dst_offset = x->in->opnds[x->in->num_opnds - 1].raw.offset;
        s->dst_size = bytes;
    }
    s->lanes = 0xffffffffu;
    return VSMP_OK;
}

/* svm_gather / svm_scatter: per enabled lane, num_blocks blocks of 1, 4 or 8 bytes at the lane's
 * UQ address; 4- and 8-byte blocks at dst[j * exec + i], byte blocks packed per lane in
 * max(4, num_blocks) bytes (SVM_GATHER.md). */
static vsmp_status run_svm_gs(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    static const unsigned bsz[4] = {1, 4, 8, 0};
    unsigned bs = bsz[x->g->val[0] & 3u], nb = 1u << (x->g->val[1] & 3u);
    bool store = x->in->subop == VSMP_SOP_SVM_SCATTER;
    const uint8_t *addr = m->arena + x->g->raw[0].var;
    uint8_t *data = m->arena + x->g->raw[1].var;
    for (unsigned l = 0; l < x->lanes; l++) {
        if (!(en >> l & 1u))
            continue;
        uint64_t a = ld64(addr + 8 * l);
        uint8_t *p = vsmp_x_svm_at(m, x, a, bs * nb);
        if (!p)
            return VSMP_ERR_INVALID;
        for (unsigned j = 0; j < nb; j++) {
            uint8_t *e = bs == 1 ? data + l * (nb < 4 ? 4u : nb) + j
                                 : data + ((size_t)j * x->lanes + l) * bs;
            if (store)
                memcpy(p + (size_t)j * bs, e, bs);
            else
                memcpy(e, p + (size_t)j * bs, bs);
        }
    }
    if (!store) {
        s->dst_var = x->in->opnds[x->in->num_opnds - 1].raw.var;
        s->dst_offset = x->in->opnds[x->in->num_opnds - 1].raw.offset;
        s->dst_size = x->lanes * (bs == 1 ? (nb < 4 ? 4u : nb) : bs * nb);
    }
    return VSMP_OK;
}

/* svm_gather4_scaled / svm_scatter4_scaled: per enabled lane and enabled channel c, the DWord at
 * address + element_offset[lane] (UQ) + 4 c; channel k of the data at element k * max(exec,
 * GRF / 4) (SVM_GATHER4_SCALED.md). An address outside every mapping faults. */
static vsmp_status run_svm_g4s(vsmp_machine *m, xinst *x, xstep *s)
{
    uint32_t en = vsmp_x_lanes(m, x->in, x->lanes);
    s->lanes = en;
    uint64_t base;
    const xvec *v = &x->g->v[0];
    if (v->cls == VSMP_VEC_IMMEDIATE)
        base = v->imm[0];
    else if (v->cls == VSMP_VEC_GENERAL)
        base = ld64(m->arena + v->at);
    else {
        xscalar sc;
        memset(&sc, 0, sizeof(sc));
        sc.kind = XS_INDIRECT, sc.type = VSMP_TYPE_UQ, sc.addr = v->word, sc.disp = v->disp;
        if (!vsmp_x_read_scalar(m, &sc, &base))
            return VSMP_ERR_INVALID;
    }
    bool store = x->in->subop == VSMP_SOP_SVM_SCATTER4_SCALED;
    unsigned chans = x->g->val[0] & 0xfu, k = 0;
    uint32_t step = 4u * (x->lanes > m->grf / 4u ? x->lanes : m->grf / 4u);
    const uint8_t *offs = m->arena + x->g->raw[0].var;
    uint8_t *data = m->arena + x->g->raw[1].var;
    uint64_t off[32];
    for (unsigned l = 0; l < x->lanes; l++)
        off[l] = ld64(offs + 8 * l);
    for (unsigned c = 0; c < 4; c++) {
        if (!(chans >> c & 1u))
            continue;
        for (unsigned l = 0; l < x->lanes; l++) {
            if (!(en >> l & 1u))
                continue;
            uint8_t *p = vsmp_x_svm_at(m, x, base + off[l] + 4u * c, 4);
            if (!p)
                return VSMP_ERR_INVALID;
            if (store)
                memcpy(p, data + k * step + 4 * l, 4);
            else
                memcpy(data + k * step + 4 * l, p, 4);
        }
        k++;
    }
    if (!store) {
        s->dst_var = x->in->opnds[x->in->num_opnds - 1].raw.var;
        s->dst_offset = x->in->opnds[x->in->num_opnds - 1].raw.offset;
        s->dst_size = k * step;
    }
    return VSMP_OK;
}

vsmp_status vsmp_x_plan_svm(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    vsmp_status st = vsmp_x_operands(m, x);
    if (st)
        return st;
    switch (in->subop) {
    case VSMP_SOP_SVM_BLOCK_LD:
    case VSMP_SOP_SVM_BLOCK_ST:
        if (x->g->nval < 1 || x->g->nv != 1 || x->g->nraw != 1 || (x->g->val[0] & 7u) > 3)
            break;
        x->run = run_svm_block;
        return vsmp_x_raw_at(m, x, 0, 16u << (x->g->val[0] & 3u));
    case VSMP_SOP_SVM_GATHER:
    case VSMP_SOP_SVM_SCATTER: {
        if (x->g->nval < 2 || x->g->nraw != 2 || (x->g->val[0] & 3u) == 3)
            break;
        static const unsigned bsz[3] = {1, 4, 8};
        unsigned bs = bsz[x->g->val[0] & 3u], nb = 1u << (x->g->val[1] & 3u);
        x->run = run_svm_gs;
        st = vsmp_x_raw_at(m, x, 0, 8u * x->lanes);
        if (!st)
            st = vsmp_x_raw_at(m, x, 1, x->lanes * (bs == 1 ? (nb < 4 ? 4u : nb) : bs * nb));
        return st;
    }
    case VSMP_SOP_SVM_ATOMIC:
        return vsmp_x_plan_atomic(m, x);
    case VSMP_SOP_SVM_GATHER4_SCALED:
    case VSMP_SOP_SVM_SCATTER4_SCALED: {
        /* Channels Scale Address Element_offset Dst/Src */
        unsigned chans = x->g->nval ? x->g->val[0] & 0xfu : 0u;
        if (x->g->nval < 2 || x->g->nv != 1 || x->g->nraw != 2 || !chans)
            break;
        unsigned per = m->grf / 4u > x->lanes ? m->grf / 4u : x->lanes;
        x->run = run_svm_g4s;
        st = vsmp_x_raw_at(m, x, 0, 8u * x->lanes);
        if (!st)
            st = vsmp_x_raw_at(m, x, 1, 4u * per * popcount4(chans) - 4u * (per - x->lanes));
        return st;
    }
    default: {
        const vsmp_opcode_info *oi = vsmp_subop_info_get(in->opcode, in->subop);
        vsmp_x_report(m, in, "exec-unsupported",
                      "instruction %u (%s) is not implemented by the machine", x->index,
                      oi ? oi->mnemonic : "svm");
        return VSMP_ERR_UNSUPPORTED;
    }
    }
    vsmp_x_report(m, in, "exec-unsupported", "instruction %u: unexpected SVM operand layout",
                  x->index);
    return VSMP_ERR_UNSUPPORTED;
}

/* A raw operand of @p bytes, resolved in place to its arena offset (raw[].offset). */
vsmp_status vsmp_x_raw_at(vsmp_machine *m, xinst *x, unsigned i, uint32_t bytes)
{
    vsmp_raw r = x->g->raw[i];
    if (r.var == 0 && bytes == 0) {
        x->g->raw[i].var = X_NONE; /* %null coordinates read as zeros */
        return VSMP_OK;
    }
    if (r.var == 0 || r.var >= m->nvars || !m->vars[r.var].present ||
        (r.var >= VSMP_NUM_PREDEF_VARS && r.var < VSMP_FIRST_VAR)) {
        vsmp_x_report(m, x->in, "operand-decl", "instruction %u: raw operand names no variable",
                      x->index);
        return VSMP_ERR_INVALID;
    }
    const xvar *v = &m->vars[r.var];
    if ((uint64_t)r.offset + bytes > v->bytes) {
        vsmp_x_report(m, x->in, "operand-bounds",
                      "instruction %u: raw operand needs %u bytes from offset %u, its variable "
                      "has %u",
                      x->index, bytes, r.offset, v->bytes);
        return VSMP_ERR_INVALID;
    }
    x->g->raw[i].offset = 0;
    x->g->raw[i].var = v->at + r.offset; /* the arena offset from here on */
    return VSMP_OK;
}

vsmp_status vsmp_x_plan_mem(vsmp_machine *m, xinst *x)
{
    const vsmp_inst *in = x->in;
    vsmp_status st = vsmp_x_operands(m, x);
    if (st)
        return st;
    unsigned surf_val; /* index of the Surface value field */
    unsigned nraw;
    uint32_t bytes[2];
    switch (in->opcode) {
    case VSMP_OPC_GATHER4_SCALED:
    case VSMP_OPC_SCATTER4_SCALED:
        /* E P Channels Scale Surface Offset Element_offset Dst/Src */
        surf_val = 2, nraw = 2;
        bytes[0] = 4u * x->lanes;
        bytes[1] = popcount4(x->g->val[0] & 0xfu) * vsmp_geom_rows(x->lanes, 4, m->grf) * m->grf;
        x->run = run_g4s;
        break;
    case VSMP_OPC_GATHER_SCALED:
    case VSMP_OPC_SCATTER_SCALED:
        /* E P Block_size Num_blocks Scale Surface Offset Element_offset Dst/Src */
        surf_val = 3, nraw = 2;
        bytes[0] = bytes[1] = 4u * x->lanes;
        x->run = run_gs;
        break;
    case VSMP_OPC_GATHER4_TYPED:
    case VSMP_OPC_SCATTER4_TYPED: {
        /* E P Channels Surface U V R LOD Dst/Src (vISA 3.2+) */
        if (x->g->nval < 2 || x->g->nraw != 5 || x->g->nv != 0) {
            vsmp_x_report(m, in, "exec-unsupported", "instruction %u: unexpected operand layout",
                          x->index);
            return VSMP_ERR_UNSUPPORTED;
        }
        unsigned sv = x->g->val[1];
        if (sv != X_SURF_BSS &&
            (sv < VSMP_NUM_PREDEF_SURFS || sv - VSMP_NUM_PREDEF_SURFS >= m->r->num_surfaces)) {
            vsmp_x_report(m, in, "exec-surface",
                          "instruction %u: surface %u is not a declared surface", x->index, sv);
            return VSMP_ERR_UNSUPPORTED;
        }
        x->g->target = m->surf_base[sv];
        for (unsigned i = 0; i < 4; i++) {
            st = vsmp_x_raw_at(m, x, i, x->g->raw[i].var ? 4u * x->lanes : 0u);
            if (st)
                return st;
        }
        st = vsmp_x_raw_at(
            m, x, 4, popcount4(x->g->val[0] & 0xfu) * vsmp_geom_rows(x->lanes, 4, m->grf) * m->grf);
        x->run = run_typed;
        if (in->opcode == VSMP_OPC_SCATTER4_TYPED && vsmp_x_fast_level())
            x->run = run_typed_store_fast; /* the fast path's CPU levels (exec_typed.c) */
        return st;
    }
    default:
        /* oword_ld, oword_ld_unaligned: Size Is_modified Surface Offset Dst; oword_st: Size
         * Surface Offset Src */
        surf_val = in->opcode == VSMP_OPC_OWORD_ST ? 1 : 2, nraw = 1;
        bytes[0] = 16u << (x->g->val[0] & 7u);
        if ((x->g->val[0] & 7u) > 3) {
            vsmp_x_report(m, in, "oword-size", "instruction %u: oword size code %u", x->index,
                          x->g->val[0] & 7u);
            return VSMP_ERR_INVALID;
        }
        x->run = run_oword;
        break;
    }
    if (x->g->nval <= surf_val || x->g->nraw != nraw || x->g->nv != 1) {
        vsmp_x_report(m, in, "exec-unsupported", "instruction %u: unexpected operand layout",
                      x->index);
        return VSMP_ERR_UNSUPPORTED;
    }
    /* "Scale: This field is ignored and scale is always zero" (GATHER4_SCALED.md and the
     * others): a non-zero scale belongs to SLM and stateless access, which are not implemented */
    unsigned scale_val =
        in->opcode == VSMP_OPC_GATHER4_SCALED || in->opcode == VSMP_OPC_SCATTER4_SCALED ? 1u
        : in->opcode == VSMP_OPC_GATHER_SCALED || in->opcode == VSMP_OPC_SCATTER_SCALED ? 2u
                                                                                        : 0u;
    if (scale_val && x->g->val[scale_val]) {
        vsmp_x_report(m, in, "exec-surface", "instruction %u: scale %u (only 0 is implemented)",
                      x->index, x->g->val[scale_val]);
        return VSMP_ERR_UNSUPPORTED;
    }
    unsigned sv = x->g->val[surf_val];
    if (sv == 0)
        x->g->target = X_NONE; /* T0 (%slm): shared local memory */
    else if (sv == X_SCRATCH_SURFACE)
        x->g->target = X_SCRATCH; /* T5 (%scratch): the thread's scratch space */
    else if (sv != X_SURF_BSS &&
             (sv < VSMP_NUM_PREDEF_SURFS || sv - VSMP_NUM_PREDEF_SURFS >= m->r->num_surfaces)) {
        vsmp_x_report(m, in, "exec-surface",
                      "instruction %u: surface %u is not a declared surface (stateless access "
                      "is not implemented)",
                      x->index, sv);
        return VSMP_ERR_UNSUPPORTED;
    } else
        x->g->target = m->surf_base[sv];
    for (unsigned i = 0; i < nraw; i++) {
        st = vsmp_x_raw_at(m, x, i, bytes[i]);
        if (st)
            return st;
    }
    return VSMP_OK;
}

/* typed_atomic (atomic.c): the bytes of the texel a lane's (u, v, r, lod) addresses, as the typed
 * messages address it, or NULL outside the surface. */
uint8_t *vsmp_x_typed_texel(const vsmp_surface *s, uint32_t u, uint32_t v, uint32_t r, uint32_t lod)
{
    unsigned level = 0;
    uint32_t tx = 0, ty = 0, sl = 0;
    if (!typed_at(s, u, v, r, lod, &level, &tx, &ty, &sl))
        return NULL;
    return vsmp_surface_texel(s, level, sl, tx, ty);
}
