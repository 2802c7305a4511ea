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
 * levels (not at "ref", as the typed writes' fast path), eight lanes at a time at the AVX2
 * level; tests/test_exec_ld.c compares the two byte for byte at every level.
 */
#include <string.h>

#include "exec_internal.h"
#include "exec_typed.h"
#include "hot.h"
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
    if (d->type != VSMP_SURFTYPE_2D || d->array || d->samples > 1 || !s->mem || p->nlev < 1 ||
        p->base >= d->levels || p->base >= VSMP_MAX_LEVELS)
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
    r->surf = s;
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

#ifdef VSMP_HAVE_AVX2
#include <immintrin.h>
#define LD_AVX2 __attribute__((target("avx2")))

/* At the AVX2 level, n a multiple of 8: the row test and the widening eight lanes at a time
 * (the same integer operations as vsmp_x_ld_row's loops). */
LD_AVX2 static bool on_row_avx2(const uint32_t *u, const uint32_t *v, const uint32_t *lod,
                                unsigned n)
{
    __m256i lane =
        _mm256_add_epi32(_mm256_set1_epi32((int)u[0]), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    __m256i v0 = _mm256_set1_epi32((int)v[0]), diff = _mm256_setzero_si256();
    for (unsigned l = 0; l < n; l += 8) {
        __m256i a = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(u + l)), lane);
        __m256i b = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(v + l)), v0);
        __m256i c = _mm256_loadu_si256((const __m256i *)(lod + l));
        diff = _mm256_or_si256(diff, _mm256_or_si256(a, _mm256_or_si256(b, c)));
        lane = _mm256_add_epi32(lane, _mm256_set1_epi32(8));
    }
    return _mm256_testz_si256(diff, diff);
}

LD_AVX2 static void widen_avx2(uint8_t *dst, const uint8_t *src, unsigned n, unsigned sh, bool sint)
{
    __m128i left = _mm_cvtsi32_si128((int)(24 - sh)), right = _mm_cvtsi32_si128((int)sh);
    for (unsigned l = 0; l < n; l += 8) {
        __m256i t = _mm256_loadu_si256((const __m256i *)(src + 4 * l));
        t = sint ? _mm256_sra_epi32(_mm256_sll_epi32(t, left), _mm_cvtsi32_si128(24))
                 : _mm256_and_si256(_mm256_srl_epi32(t, right), _mm256_set1_epi32(0xff));
        _mm256_storeu_si256((__m256i *)(dst + 4 * l), t);
    }
}

/* The message at the AVX2 level, n a multiple of 8, in one call (on_row_avx2 and widen_avx2
 * inlined): vsmp_x_ld_row's test and response, the same operations. */
LD_AVX2 static bool row_avx2(vsmp_machine *m, const xinst *x, const uint32_t *u, const uint32_t *v,
                             const uint32_t *lod, unsigned n)
{
    const xldrow *r = &x->s->row;
    uint32_t u0 = u[0], v0 = v[0];
    /* the reference compares u and v as signed values: below 2^31, as here, they agree */
    if (!on_row_avx2(u, v, lod, n) || u0 >= r->w || r->w - u0 < n || v0 >= r->h)
        return false;
    const uint8_t *row = r->base + (size_t)v0 * r->pitch + (size_t)u0 * 4u;
    x_prefetch_row(row);
    const vsmp_dst_geom *g = &x->s->geom;
    uint8_t *dst = m->arena + x->s->dst_at;
    unsigned k = 0;
    for (unsigned c = 0; c < 4; c++)
        if (x->in->channels >> c & 1u)
            widen_avx2(dst + k++ * g->channel_stride, row, n, r->shift[c], r->sint);
    if (g->null_mask)
        x_st(dst + g->null_mask_at, 0xffffffffu, 4);
    return true;
}
#endif

VSMP_HOT bool vsmp_x_ld_row(vsmp_machine *m, const xinst *x, uint32_t en)
{
    const xldrow *r = &x->s->row;
    const vsmp_message *msg = &x->s->msg;
    unsigned n = x->lanes;
    uint32_t all = n >= 32 ? 0xffffffffu : (1u << n) - 1u;
    /* sparse tiles (vsmp_surface_set_resident, at any time): the engine's */
    if (!r->base || en != all || msg->aoffimmi[0] || msg->aoffimmi[1] || msg->aoffimmi[2] ||
        r->surf->resident)
        return false;
    static const uint32_t zeros[VSMP_MAX_LANES];
    const uint32_t *u = msg->param[VSMP_P_U], *v = msg->param[VSMP_P_V];
    const uint32_t *lod = x->in->subop == VSMP_SUB_LD ? msg->param[VSMP_P_LOD] : NULL;
    u = u ? u : zeros, v = v ? v : zeros, lod = lod ? lod : zeros;
#ifdef VSMP_HAVE_AVX2
    if (m->fast && m->fast->avx2 && n % 8 == 0)
        return row_avx2(m, x, u, v, lod, n);
#endif
    uint32_t u0 = u[0], v0 = v[0], diff = 0;
    for (unsigned l = 0; l < n; l++)
        diff |= (u[l] - u0 - l) | (v[l] - v0) | lod[l];
    /* the reference compares u and v as signed values: below 2^31, as here, they agree */
    if (diff || u0 >= r->w || r->w - u0 < n || v0 >= r->h)
        return false;
    const uint8_t *row = r->base + (size_t)v0 * r->pitch + (size_t)u0 * 4u;
    x_prefetch_row(row);
    const vsmp_dst_geom *g = &x->s->geom;
    uint8_t *dst = m->arena + x->s->dst_at;
    unsigned k = 0;
    for (unsigned c = 0; c < 4; c++) {
        if (!(x->in->channels >> c & 1u))
            continue;
        widen(dst + k++ * g->channel_stride, row, n, r->shift[c], r->sint);
    }
    if (g->null_mask)
        x_st(dst + g->null_mask_at, 0xffffffffu, 4);
    return true;
}

bool vsmp_x_ld_row_planned(const vsmp_machine *m, uint32_t index)
{
    return m && index < m->nx && m->x[index].s && m->x[index].s->row.base;
}
