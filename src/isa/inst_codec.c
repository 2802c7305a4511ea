/* SPDX-License-Identifier: MIT */
/*
 * Binary encoding of single instructions (VISA_ENCODING.md section 3). The codec never
 * allocates. Field widths depend on the file header's version only (section 4.1):
 *   < 3.4   variable ids are 2 bytes and aoffimmi is a bare UW;
 *   major 3 the 3D_SAMPLE/3D_LOAD Op is a UB with flags in bits 5..7;
 *   == 3.0  the exec-mask nibble uses the old enum (M0..M7, NoMask, Default);
 *   >= 3.8  HEAD's reader (only on request) expects a paired surface after Dst.
 */
#include <string.h>

#include "isa_internal.h"

static bool wide_ids(const vsmp_isa_version *v)
{
    return vsmp_ver(v->major, v->minor) >= 304;
}

static bool paired_layout(const vsmp_isa_version *v)
{
    return v->paired_surface && vsmp_ver(v->major, v->minor) >= 308;
}

/* ---- decoding ---- */

typedef struct dec {
    vsmp_rd rd;
    const vsmp_isa_version *ver;
    vsmp_status err; /* a field no encoder writes: sticky */
} dec;

static uint32_t rd_id(dec *d)
{
    return wide_ids(d->ver) ? vsmp_rd_u32(&d->rd) : vsmp_rd_u16(&d->rd);
}

static void rd_exec(dec *d, vsmp_inst *in)
{
    uint8_t b = vsmp_rd_u8(&d->rd);
    unsigned mask = b >> 4;
    in->exec_code = b & 0xf;
    in->exec_size = (uint8_t)vsmp_exec_lanes(in->exec_code);
    if (d->ver->major == 3 && d->ver->minor == 0) {
        /* vISA 3.0 enum: M0..M7 = 0..7, NoMask = 8, Default = 9 (ByteCodeReaderNG transformMask) */
        if (mask <= 7)
            in->emask = (uint8_t)mask;
        else if (mask == 8)
            in->emask = 8;
        else if (mask == 9)
            in->emask = 0;
        else
            d->err = VSMP_ERR_MALFORMED;
    } else {
        in->emask = (uint8_t)mask;
    }
}

static vsmp_raw rd_raw(dec *d)
{
    vsmp_raw r;
    r.var = rd_id(d);
    r.offset = vsmp_rd_u16(&d->rd);
    return r;
}

static void rd_vec(dec *d, vsmp_vec *v)
{
    memset(v, 0, sizeof(*v));
    uint8_t tag = vsmp_rd_u8(&d->rd);
    v->vclass = tag & 7;
    v->mod = (tag >> 3) & 7;
    if (tag >> 6)
        d->err = VSMP_ERR_MALFORMED;
    switch (v->vclass) {
    case VSMP_VEC_GENERAL:
        v->var = rd_id(d);
        v->row = vsmp_rd_u8(&d->rd);
        v->col = vsmp_rd_u8(&d->rd);
        v->region = vsmp_rd_u16(&d->rd);
        break;
    case VSMP_VEC_ADDRESS:
        v->var = vsmp_rd_u16(&d->rd);
        v->row = vsmp_rd_u8(&d->rd);
        v->col = vsmp_rd_u8(&d->rd);
        break;
    case VSMP_VEC_PREDICATE:
        v->var = vsmp_rd_u16(&d->rd);
        break;
    case VSMP_VEC_INDIRECT:
        v->var = vsmp_rd_u16(&d->rd);
        v->row = vsmp_rd_u8(&d->rd);
        v->ind_offset = (int16_t)vsmp_rd_u16(&d->rd);
        v->imm_type = vsmp_rd_u8(&d->rd);
        v->region = vsmp_rd_u16(&d->rd);
        break;
    case VSMP_VEC_IMMEDIATE:
        v->imm_type = vsmp_rd_u8(&d->rd);
        if (v->imm_type > 15)
            d->err = VSMP_ERR_MALFORMED;
        v->imm = vsmp_rd_n(&d->rd, vsmp_type_is_64(v->imm_type) ? 8 : 4);
        break;
    case VSMP_VEC_STATE:
        v->row = vsmp_rd_u8(&d->rd);
        v->var = vsmp_rd_u16(&d->rd);
        v->col = vsmp_rd_u8(&d->rd);
        break;
    default:
        d->err = VSMP_ERR_MALFORMED;
        break;
    }
}

static void rd_op(dec *d, vsmp_inst *in)
{
    if (d->ver->major >= 4) {
        uint16_t op = vsmp_rd_u16(&d->rd);
        in->subop = op & 0xff;
        in->flags = (uint8_t)((op >> 8) & 7);
        if (op >> 11)
            d->err = VSMP_ERR_MALFORMED;
    } else {
        uint8_t op = vsmp_rd_u8(&d->rd);
        in->subop = op & 0x1f;
        in->flags = (uint8_t)((op >> 5) & 7);
    }
}

static void rd_sampler_common(dec *d, vsmp_inst *in, bool has_sampler)
{
    rd_op(d, in);
    rd_exec(d, in);
    in->pred = vsmp_rd_u16(&d->rd);
    in->channels = vsmp_rd_u8(&d->rd);
    if (in->channels >> 4)
        d->err = VSMP_ERR_MALFORMED;
    if (wide_ids(d->ver)) {
        rd_vec(d, &in->aoffimmi);
    } else {
        memset(&in->aoffimmi, 0, sizeof(in->aoffimmi));
        in->aoffimmi.vclass = VSMP_VEC_IMMEDIATE;
        in->aoffimmi.imm_type = VSMP_TYPE_UW;
        in->aoffimmi.imm = vsmp_rd_u16(&d->rd);
    }
    if (has_sampler)
        in->sampler = vsmp_rd_u8(&d->rd);
    in->surface = vsmp_rd_u8(&d->rd);
    in->dst = rd_raw(d);
    if (paired_layout(d->ver)) {
        in->has_paired = true;
        in->paired = rd_raw(d);
    }
    unsigned n = vsmp_rd_u8(&d->rd);
    if (n > VSMP_MAX_PARAMS) {
        d->err = VSMP_ERR_MALFORMED;
        return;
    }
    in->num_params = (uint8_t)n;
    for (unsigned i = 0; i < n; i++)
        in->params[i] = rd_raw(d);
}

vsmp_status vsmp_inst_decode(const uint8_t *src, size_t src_size, const vsmp_isa_version *ver,
                             int64_t base_offset, vsmp_inst *inst, size_t *consumed)
{
    if (!src || !ver || !inst || !consumed)
        return VSMP_ERR_ARG;
    dec d = {{src, src_size, 0, false}, ver, VSMP_OK};
    vsmp_inst in;
    memset(&in, 0, sizeof(in));
    in.offset = base_offset;
    in.opcode = vsmp_rd_u8(&d.rd);
    switch (in.opcode) {
    case VSMP_OPC_3D_SAMPLE:
        rd_sampler_common(&d, &in, true);
        break;
    case VSMP_OPC_3D_LOAD:
        rd_sampler_common(&d, &in, false);
        break;
    case VSMP_OPC_3D_INFO:
        in.subop = vsmp_rd_u8(&d.rd);
        rd_exec(&d, &in);
        in.channels = vsmp_rd_u8(&d.rd);
        if (in.channels >> 4)
            d.err = VSMP_ERR_MALFORMED;
        in.surface = vsmp_rd_u8(&d.rd);
        if (in.subop == VSMP_SUB_RESINFO)
            in.lod = rd_raw(&d);
        in.dst = rd_raw(&d);
        break;
    case VSMP_OPC_SAMPLE_UNORM: {
        uint8_t cm = vsmp_rd_u8(&d.rd);
        in.channels = cm & 0xf;
        in.unorm_fmt = (cm >> 4) & 3;
        if (cm >> 6)
            d.err = VSMP_ERR_MALFORMED;
        in.sampler = vsmp_rd_u8(&d.rd);
        in.surface = vsmp_rd_u8(&d.rd);
        for (int i = 0; i < 4; i++)
            rd_vec(&d, &in.src[i]);
        in.dst = rd_raw(&d);
        in.exec_size = 32; /* the block is 32 pixels; no exec byte in the encoding */
        in.exec_code = 5;
        break;
    }
    case VSMP_OPC_RET:
        rd_exec(&d, &in);
        in.pred = vsmp_rd_u16(&d.rd);
        break;
    case VSMP_OPC_LABEL:
        in.label = vsmp_rd_u16(&d.rd);
        break;
    default:
        if (d.rd.fail || src_size == 0)
            return VSMP_ERR_TRUNCATED;
        return VSMP_ERR_UNSUPPORTED;
    }
    if (d.rd.fail)
        return VSMP_ERR_TRUNCATED;
    if (d.err)
        return d.err;
    *inst = in;
    *consumed = d.rd.pos;
    return VSMP_OK;
}

/* ---- encoding ---- */

typedef struct enc {
    vsmp_wr wr;
    const vsmp_isa_version *ver;
    vsmp_status err;
} enc;

static void wr_id(enc *e, uint32_t id)
{
    if (wide_ids(e->ver)) {
        vsmp_wr_n(&e->wr, id, 4);
    } else {
        if (id > 0xffff)
            e->err = VSMP_ERR_UNENCODABLE;
        vsmp_wr_n(&e->wr, id, 2);
    }
}

static void wr_raw(enc *e, vsmp_raw r)
{
    wr_id(e, r.var);
    vsmp_wr_n(&e->wr, r.offset, 2);
}

static void wr_exec(enc *e, const vsmp_inst *in)
{
    unsigned mask = in->emask & 0xf;
    if (e->ver->major == 3 && e->ver->minor == 0) {
        if (mask > 8)
            e->err = VSMP_ERR_UNENCODABLE; /* only M1_NM has a 3.0 spelling (NoMask) */
    }
    if (in->exec_code > 0xf)
        e->err = VSMP_ERR_ARG;
    vsmp_wr_n(&e->wr, (in->exec_code & 0xfu) | mask << 4, 1);
}

static void wr_vec(enc *e, const vsmp_vec *v)
{
    if (v->vclass > 7 || v->mod > 7) {
        e->err = VSMP_ERR_ARG;
        return;
    }
    vsmp_wr_n(&e->wr, (unsigned)v->vclass | (unsigned)v->mod << 3, 1);
    switch (v->vclass) {
    case VSMP_VEC_GENERAL:
        wr_id(e, v->var);
        vsmp_wr_n(&e->wr, v->row, 1);
        vsmp_wr_n(&e->wr, v->col, 1);
        vsmp_wr_n(&e->wr, v->region, 2);
        break;
    case VSMP_VEC_ADDRESS:
        vsmp_wr_n(&e->wr, v->var, 2);
        vsmp_wr_n(&e->wr, v->row, 1);
        vsmp_wr_n(&e->wr, v->col, 1);
        break;
    case VSMP_VEC_PREDICATE:
        vsmp_wr_n(&e->wr, v->var, 2);
        break;
    case VSMP_VEC_INDIRECT:
        vsmp_wr_n(&e->wr, v->var, 2);
        vsmp_wr_n(&e->wr, v->row, 1);
        vsmp_wr_n(&e->wr, (uint16_t)v->ind_offset, 2);
        vsmp_wr_n(&e->wr, v->imm_type, 1);
        vsmp_wr_n(&e->wr, v->region, 2);
        break;
    case VSMP_VEC_IMMEDIATE:
        vsmp_wr_n(&e->wr, v->imm_type, 1);
        vsmp_wr_n(&e->wr, v->imm, vsmp_type_is_64(v->imm_type) ? 8 : 4);
        break;
    case VSMP_VEC_STATE:
        vsmp_wr_n(&e->wr, v->row, 1);
        vsmp_wr_n(&e->wr, v->var, 2);
        vsmp_wr_n(&e->wr, v->col, 1);
        break;
    default:
        e->err = VSMP_ERR_ARG;
        break;
    }
}

static void wr_sampler_common(enc *e, const vsmp_inst *in, bool has_sampler)
{
    if (e->ver->major >= 4) {
        vsmp_wr_n(&e->wr, in->subop | (unsigned)(in->flags & 7) << 8, 2);
    } else {
        if (in->subop > 0x1f)
            e->err = VSMP_ERR_UNENCODABLE; /* the 3.x Op has five sub-op bits */
        vsmp_wr_n(&e->wr, (in->subop & 0x1fu) | (unsigned)(in->flags & 7) << 5, 1);
    }
    wr_exec(e, in);
    vsmp_wr_n(&e->wr, in->pred, 2);
    vsmp_wr_n(&e->wr, in->channels & 0xf, 1);
    if (wide_ids(e->ver)) {
        wr_vec(e, &in->aoffimmi);
    } else {
        /* before 3.4 aoffimmi is a bare UW: only an immediate fits */
        if (in->aoffimmi.vclass != VSMP_VEC_IMMEDIATE || in->aoffimmi.imm > 0xffff ||
            in->aoffimmi.imm_type != VSMP_TYPE_UW || in->aoffimmi.mod)
            e->err = VSMP_ERR_UNENCODABLE;
        vsmp_wr_n(&e->wr, in->aoffimmi.imm, 2);
    }
    if (has_sampler)
        vsmp_wr_n(&e->wr, in->sampler, 1);
    vsmp_wr_n(&e->wr, in->surface, 1);
    wr_raw(e, in->dst);
    if (paired_layout(e->ver)) {
        vsmp_raw none = {0, 0};
        wr_raw(e, in->has_paired ? in->paired : none);
    } else if (in->has_paired && (in->paired.var != 0 || in->paired.offset != 0)) {
        e->err = VSMP_ERR_UNENCODABLE; /* a real paired surface needs the HEAD layout */
    }
    if (in->num_params > VSMP_MAX_PARAMS) {
        e->err = VSMP_ERR_ARG;
        return;
    }
    vsmp_wr_n(&e->wr, in->num_params, 1);
    for (unsigned i = 0; i < in->num_params; i++)
        wr_raw(e, in->params[i]);
}

vsmp_status vsmp_inst_encode(const vsmp_inst *in, const vsmp_isa_version *ver, uint8_t *dst,
                             size_t dst_capacity, size_t *written)
{
    if (!in || !ver || !written || (!dst && dst_capacity))
        return VSMP_ERR_ARG;
    enc e = {{dst, dst_capacity, 0}, ver, VSMP_OK};
    vsmp_wr_n(&e.wr, in->opcode, 1);
    switch (in->opcode) {
    case VSMP_OPC_3D_SAMPLE:
        wr_sampler_common(&e, in, true);
        break;
    case VSMP_OPC_3D_LOAD:
        wr_sampler_common(&e, in, false);
        break;
    case VSMP_OPC_3D_INFO:
        vsmp_wr_n(&e.wr, in->subop, 1);
        wr_exec(&e, in);
        vsmp_wr_n(&e.wr, in->channels & 0xf, 1);
        vsmp_wr_n(&e.wr, in->surface, 1);
        if (in->subop == VSMP_SUB_RESINFO)
            wr_raw(&e, in->lod);
        wr_raw(&e, in->dst);
        break;
    case VSMP_OPC_SAMPLE_UNORM:
        vsmp_wr_n(&e.wr, (in->channels & 0xfu) | (in->unorm_fmt & 3u) << 4, 1);
        vsmp_wr_n(&e.wr, in->sampler, 1);
        vsmp_wr_n(&e.wr, in->surface, 1);
        for (int i = 0; i < 4; i++)
            wr_vec(&e, &in->src[i]);
        wr_raw(&e, in->dst);
        break;
    case VSMP_OPC_RET:
        wr_exec(&e, in);
        vsmp_wr_n(&e.wr, in->pred, 2);
        break;
    case VSMP_OPC_LABEL:
        vsmp_wr_n(&e.wr, in->label, 2);
        break;
    default:
        return VSMP_ERR_ARG;
    }
    *written = e.wr.pos;
    if (e.err)
        return e.err;
    if (dst_capacity < e.wr.pos)
        return VSMP_ERR_SPACE;
    return VSMP_OK;
}
