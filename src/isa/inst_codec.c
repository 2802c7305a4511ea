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

/* ---- generic opcodes: driven by the layout of their table row ---- */

static vsmp_opnd *next_opnd(dec *d, vsmp_inst *in)
{
    if (in->num_opnds >= VSMP_MAX_OPNDS) {
        d->err = VSMP_ERR_MALFORMED;
        return NULL;
    }
    vsmp_opnd *o = &in->opnds[in->num_opnds++];
    memset(o, 0, sizeof(*o));
    return o;
}

static void rd_value(dec *d, vsmp_inst *in, unsigned size, uint8_t kind)
{
    vsmp_opnd *o = next_opnd(d, in);
    if (!o)
        return;
    o->kind = kind;
    o->size = (uint8_t)size;
    o->value = (uint32_t)vsmp_rd_n(&d->rd, size);
}

static void rd_layout(dec *d, vsmp_inst *in, const char *layout)
{
    for (const char *l = layout; *l && !d->err && !d->rd.fail; l++) {
        vsmp_opnd *o;
        switch (*l) {
        case 'E':
            rd_exec(d, in);
            break;
        case 'P':
            in->pred = vsmp_rd_u16(&d->rd);
            break;
        case 'b':
            rd_value(d, in, 1, VSMP_OPND_VALUE);
            break;
        case 'w':
            rd_value(d, in, 2, VSMP_OPND_VALUE);
            break;
        case 'd':
            rd_value(d, in, 4, VSMP_OPND_VALUE);
            break;
        case 'i':
            rd_value(d, in, wide_ids(d->ver) ? 4 : 2, VSMP_OPND_VALUE);
            break;
        case 'L':
            rd_value(d, in, 2, VSMP_OPND_LABEL);
            break;
        case 'D':
        case 'v':
            if ((o = next_opnd(d, in)) != NULL) {
                o->kind = *l == 'D' ? VSMP_OPND_VEC_DST : VSMP_OPND_VEC_SRC;
                rd_vec(d, &o->vec);
            }
            break;
        case 'R':
        case 'r':
            if ((o = next_opnd(d, in)) != NULL) {
                o->kind = *l == 'R' ? VSMP_OPND_RAW_DST : VSMP_OPND_RAW_SRC;
                o->raw = rd_raw(d);
            }
            break;
        case 'S': {
            in->subop = vsmp_rd_u8(&d->rd);
            const vsmp_opcode_info *sub = vsmp_subop_info_get(in->opcode, in->subop);
            if (d->rd.fail)
                return;
            if (!sub) {
                d->err = VSMP_ERR_UNSUPPORTED;
                return;
            }
            if (in->opcode == VSMP_OPC_LSC_TYPED && !strchr(sub->layout, 'E')) {
                /* the typed 2D block has no exec size: "always SIMD1" (LSC_TYPED.md, head) */
                in->exec_code = 0;
                in->exec_size = 1;
                in->emask = 8;
            }
            rd_layout(d, in, sub->layout);
            return;
        }
        default:
            d->err = VSMP_ERR_UNSUPPORTED;
            return;
        }
    }
}

/* SWITCHJMP: exec, label count, index, labels (ByteCodeReaderNG readInstructionControlFlow). */
static void rd_switchjmp(dec *d, vsmp_inst *in)
{
    rd_exec(d, in);
    rd_value(d, in, 1, VSMP_OPND_VALUE);
    unsigned n = in->opnds[0].value;
    if (n > 32) {
        d->err = VSMP_ERR_MALFORMED;
        return;
    }
    rd_layout(d, in, "v");
    for (unsigned i = 0; i < n && !d->err; i++)
        rd_value(d, in, 2, VSMP_OPND_LABEL);
}

/* RT_WRITE: which operands follow depends on the mode word's bits (readInstructionDataportNG). */
static void rd_rt_write(dec *d, vsmp_inst *in)
{
    rd_layout(d, in, "EPwbr");
    if (d->err || d->rd.fail)
        return;
    unsigned mode = in->opnds[0].value;
    if (mode & (1u << 11))
        rd_layout(d, in, "v"); /* sample index */
    if (mode & (1u << 8))
        rd_layout(d, in, "v"); /* CPS counter */
    if (mode & (1u << 2))
        rd_layout(d, in, "v"); /* render-target index */
    if (mode & (1u << 3))
        rd_layout(d, in, "r"); /* s0a */
    if (mode & (1u << 4))
        rd_layout(d, in, "r"); /* oM */
    rd_layout(d, in, "rrrr");  /* R, G, B, A */
    if (mode & (1u << 5))
        rd_layout(d, in, "r"); /* Z */
    if (mode & (1u << 6))
        rd_layout(d, in, "r"); /* stencil */
}

static void rd_generic(dec *d, vsmp_inst *in, const vsmp_opcode_info *row)
{
    if (in->opcode == VSMP_OPC_SWITCHJMP)
        rd_switchjmp(d, in);
    else if (in->opcode == VSMP_OPC_3D_RT_WRITE)
        rd_rt_write(d, in);
    else
        rd_layout(d, in, vsmp_opcode_layout(row, d->ver->major, d->ver->minor));
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
    case VSMP_OPC_3D_GATHER4:
        rd_sampler_common(&d, &in, true);
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
    default: {
        if (d.rd.fail || src_size == 0)
            return VSMP_ERR_TRUNCATED;
        const vsmp_opcode_info *row = vsmp_opcode_info_get(in.opcode);
        if (!row || !strcmp(row->layout, "*"))
            return VSMP_ERR_UNSUPPORTED; /* not an opcode */
        rd_generic(&d, &in, row);
        break;
    }
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

/* ---- generic opcodes ---- */

static void wr_opnd(enc *e, const vsmp_opnd *o, char want)
{
    bool ok;
    switch (want) {
    case 'b':
    case 'w':
    case 'd':
    case 'i':
        ok = o->kind == VSMP_OPND_VALUE;
        break;
    case 'L':
        ok = o->kind == VSMP_OPND_LABEL;
        break;
    case 'D':
    case 'v':
        ok = o->kind == VSMP_OPND_VEC_DST || o->kind == VSMP_OPND_VEC_SRC;
        break;
    case 'R':
    case 'r':
        ok = o->kind == VSMP_OPND_RAW_DST || o->kind == VSMP_OPND_RAW_SRC;
        break;
    case '+':
        ok = o->kind != VSMP_OPND_NONE;
        break;
    default:
        ok = false;
        break;
    }
    if (!ok) {
        e->err = VSMP_ERR_ARG;
        return;
    }
    switch (o->kind) {
    case VSMP_OPND_VALUE:
    case VSMP_OPND_LABEL: {
        unsigned size = o->size;
        if (want == 'i')
            size = wide_ids(e->ver) ? 4 : 2;
        else if (want == 'b')
            size = 1;
        else if (want == 'w' || want == 'L')
            size = 2;
        else if (want == 'd')
            size = 4;
        if (size < 4 && (o->value >> (8 * size)))
            e->err = VSMP_ERR_UNENCODABLE;
        vsmp_wr_n(&e->wr, o->value, size);
        break;
    }
    case VSMP_OPND_VEC_DST:
    case VSMP_OPND_VEC_SRC:
        wr_vec(e, &o->vec);
        break;
    default:
        wr_raw(e, o->raw);
        break;
    }
}

static void wr_layout(enc *e, const vsmp_inst *in, const char *layout, unsigned *k)
{
    for (const char *l = layout; *l && !e->err; l++) {
        switch (*l) {
        case 'E':
            wr_exec(e, in);
            break;
        case 'P':
            vsmp_wr_n(&e->wr, in->pred, 2);
            break;
        case 'S': {
            const vsmp_opcode_info *sub = vsmp_subop_info_get(in->opcode, in->subop);
            if (!sub) {
                e->err = VSMP_ERR_ARG;
                return;
            }
            vsmp_wr_n(&e->wr, in->subop, 1);
            wr_layout(e, in, sub->layout, k);
            return;
        }
        case '+':
            while (*k < in->num_opnds && !e->err)
                wr_opnd(e, &in->opnds[(*k)++], '+');
            return;
        default:
            if (*k >= in->num_opnds) {
                e->err = VSMP_ERR_ARG;
                return;
            }
            wr_opnd(e, &in->opnds[(*k)++], *l);
            break;
        }
    }
}

static void wr_generic(enc *e, const vsmp_inst *in, const vsmp_opcode_info *row)
{
    unsigned k = 0;
    if (in->num_opnds > VSMP_MAX_OPNDS) {
        e->err = VSMP_ERR_ARG;
        return;
    }
    if (in->opcode == VSMP_OPC_SWITCHJMP)
        wr_layout(e, in, "E+", &k);
    else if (in->opcode == VSMP_OPC_3D_RT_WRITE)
        wr_layout(e, in, "EP+", &k);
    else
        wr_layout(e, in, vsmp_opcode_layout(row, e->ver->major, e->ver->minor), &k);
    if (!e->err && k != in->num_opnds)
        e->err = VSMP_ERR_ARG; /* operands the layout has no place for */
    /* operands of the other side of a version gate (WAIT's mask before 3.1, the typed
     * messages' exec size, predicate and LOD before 3.2, RAW_SENDS' FFID before 3.6): this
     * version cannot express the instruction */
    if (e->err == VSMP_ERR_ARG && row->gate)
        e->err = VSMP_ERR_UNENCODABLE;
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
    case VSMP_OPC_3D_GATHER4:
        wr_sampler_common(&e, in, true);
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
    default: {
        const vsmp_opcode_info *row = vsmp_opcode_info_get(in->opcode);
        if (!row || !strcmp(row->layout, "*"))
            return VSMP_ERR_ARG;
        wr_generic(&e, in, row);
        break;
    }
    }
    *written = e.wr.pos;
    if (e.err)
        return e.err;
    if (dst_capacity < e.wr.pos)
        return VSMP_ERR_SPACE;
    return VSMP_OK;
}
