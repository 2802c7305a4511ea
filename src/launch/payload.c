/* SPDX-License-Identifier: MIT */
/* A hardware thread's payload (payload.h, docs/LAUNCH.md section 2): its layout, the
 * cross-thread data (every data parameter, buffer pointer, image and sampler value), the local
 * IDs of a group's threads. */
#include <stdlib.h>
#include <string.h>

#include "payload.h"

static vsmp_status fail(vsmp_diags *d, vsmp_status st, const char *fmt, const char *what, long n)
{
    vsmp_diags_add(d, VSMP_SEV_ERROR, "launch", 0, 0, -1, fmt, what, n);
    return st;
}

/* OpenCL's cl_channel_order and cl_channel_type of a surface format (the values of CL/cl.h, which
 * OpenCL C's CLK_* constants equal and Intel's runtime writes for get_image_channel_order and
 * get_image_channel_data_type): the formats whose channels are all one width and type, in the
 * orders R, A, RG, RGBA, BGRA (sRGBA, sBGRA with sRGB), luminance and intensity; false for the
 * others (packed, block, YCrCb formats). */
static bool cl_channels(vsmp_format f, uint32_t *order, uint32_t *type)
{
    const vsmp_format_info *fi = vsmp_format_get(f);
    if (!fi || fi->bc || fi->yuv || fi->planes != 1 || fi->block_w != 1)
        return false;
    char letters[8] = "";
    unsigned n = 0, bits = 0;
    uint8_t ct = 0;
    for (const char *c = fi->name; *c && *c != '_' && n < sizeof(letters) - 1; c++) {
        if (*c >= '0' && *c <= '9')
            continue;
        letters[n++] = *c;
        unsigned w = (unsigned)strtoul(c + 1, NULL, 10);
        if (bits && w != bits)
            return false; /* channels of different widths */
        bits = w;
    }
    for (int k = 0; k < 4; k++)
        if (fi->ch[k].type) {
            if (ct && fi->ch[k].type != ct)
                return false;
            ct = fi->ch[k].type;
        }
    static const struct {
        const char *letters;
        uint32_t order, srgb;
    } orders[] = {{"R", 0x10B0, 0},         {"A", 0x10B1, 0},         {"RG", 0x10B2, 0},
                  {"RGBA", 0x10B5, 0x10C1}, {"BGRA", 0x10B6, 0x10C2}, {"L", 0x10B9, 0},
                  {"I", 0x10B8, 0}};
    *order = 0;
    for (size_t k = 0; k < sizeof(orders) / sizeof(orders[0]); k++)
        if (strcmp(letters, orders[k].letters) == 0)
            *order = fi->srgb ? orders[k].srgb : orders[k].order;
    if (!*order)
        return false;
    /* CL_SNORM_INT8 0x10D0 ... CL_FLOAT 0x10DE */
    uint32_t t = 0;
    if (ct == VSMP_CHAN_UNORM)
        t = bits == 8 ? 0x10D2 : bits == 16 ? 0x10D3 : 0;
    else if (ct == VSMP_CHAN_SNORM)
        t = bits == 8 ? 0x10D0 : bits == 16 ? 0x10D1 : 0;
    else if (ct == VSMP_CHAN_SINT)
        t = bits == 8 ? 0x10D7 : bits == 16 ? 0x10D8 : bits == 32 ? 0x10D9 : 0;
    else if (ct == VSMP_CHAN_UINT)
        t = bits == 8 ? 0x10DA : bits == 16 ? 0x10DB : bits == 32 ? 0x10DC : 0;
    else if (ct == VSMP_CHAN_FLOAT)
        t = bits == 16 ? 0x10DD : bits == 32 ? 0x10DE : 0;
    *type = t;
    return t != 0;
}

/* The sampler values of sampler_t argument @p a as Intel's runtime writes them
 * (compute-runtime's getAddrModeEnum, getNormCoordsEnum, getSnapWaValue): from its OpenCL bits
 * when given, else from its state. False: a state no OpenCL sampler has. */
static bool sampler_values(const vsmp_launch_arg *a, uint32_t *addr, uint32_t *norm, uint32_t *snap)
{
    bool nearest;
    if (a->sampler_bits) {
        /* sampler_t: NONE 0, CLAMP_TO_EDGE 1, CLAMP 2, REPEAT 3, MIRRORED_REPEAT 4 (<< 1) */
        static const uint8_t cl_addr[5] = {0, 2, 1, 3, 4};
        unsigned m = a->sampler_bits >> 1 & 7;
        if (m > 4)
            return false;
        *addr = cl_addr[m];
        *norm = a->sampler_bits & 1 ? 8 : 0;
        nearest = (a->sampler_bits >> 4 & 3) == 1;
    } else {
        switch (a->sampler.address[0]) {
        case VSMP_TCM_CLAMP_BORDER: /* CLAMP (and NONE, which the state cannot tell apart) */
            *addr = 1;
            break;
        case VSMP_TCM_CLAMP:
            *addr = 2;
            break;
        case VSMP_TCM_WRAP:
            *addr = 3;
            break;
        case VSMP_TCM_MIRROR:
            *addr = 4;
            break;
        case VSMP_TCM_MIRROR_101: /* the runtime's MIRRORED_REPEAT_101 */
            *addr = 5;
            break;
        default:
            return false;
        }
        *norm = a->sampler.non_normalized ? 0 : 8;
        nearest = a->sampler.min_filter == VSMP_FILTER_NEAREST;
    }
    *snap = *addr == 1 && nearest ? 0xffffffffu : 0;
    return true;
}
/* An image value of the cross-thread data (get_image_width ... get_image_num_samples). */
static vsmp_status image_value(const vsmp_launch_iface *f, const launch_param *p,
                               const vsmp_launch_arg *args, uint32_t *v, vsmp_diags *d)
{
    if ((unsigned)p->arg >= f->nargs || !args[p->arg].surface)
        return fail(d, VSMP_ERR_ARG, "%s %ld: no image bound", "argument", p->arg);
    const vsmp_surface_desc *sd = vsmp_surface_get_desc(args[p->arg].surface);
    uint32_t order = 0, type = 0;
    if (p->kind != LP_IMAGE_CHANNEL_ORDER && p->kind != LP_IMAGE_CHANNEL_DATA_TYPE) {
        *v = p->kind == LP_IMAGE_WIDTH        ? sd->width
             : p->kind == LP_IMAGE_HEIGHT     ? sd->height
             : p->kind == LP_IMAGE_DEPTH      ? sd->depth
             : p->kind == LP_IMAGE_ARRAY_SIZE ? sd->array_len
             : p->kind == LP_IMAGE_NUM_MIP_LEVELS
                 ? (sd->mip_count ? sd->mip_count : sd->levels - sd->min_lod)
                 : (sd->samples ? sd->samples : 1);
        return VSMP_OK;
    }
    if (!cl_channels(sd->format, &order, &type))
        return fail(d, VSMP_ERR_UNSUPPORTED,
                    "image format %s (argument %ld): no OpenCL channel order and type "
                    "(get_image_channel_*)",
                    vsmp_format_get(sd->format) ? vsmp_format_get(sd->format)->name : "?", p->arg);
    *v = p->kind == LP_IMAGE_CHANNEL_ORDER ? order : type;
    return VSMP_OK;
}

/* A sampler_t argument's value of the cross-thread data (sampler_values). */
static vsmp_status sampler_value(const vsmp_launch_iface *f, const launch_param *p,
                                 const vsmp_launch_arg *args, uint32_t *v, vsmp_diags *d)
{
    uint32_t addr, norm, snap;
    if ((unsigned)p->arg >= f->nargs || f->args[p->arg].kind != VSMP_ARG_SAMPLER)
        return fail(d, VSMP_ERR_ARG, "%s %ld: a sampler value of no sampler_t", "argument", p->arg);
    if (!sampler_values(&args[p->arg], &addr, &norm, &snap))
        return fail(d, VSMP_ERR_ARG,
                    "%s %ld: a sampler state with no OpenCL addressing mode (the kernel reads it)",
                    "argument", p->arg);
    *v = p->kind == LP_SAMPLER_ADDRESS ? addr : p->kind == LP_SAMPLER_NORMALIZED ? norm : snap;
    return VSMP_OK;
}

/* The cross-thread data: every data parameter and buffer pointer. */
static vsmp_status cross_thread(const vsmp_launch_iface *f, const vsmp_ndrange *nd,
                                const vsmp_launch_arg *args, const uint32_t *local_off, uint8_t *ct,
                                size_t cap, vsmp_diags *d)
{
    for (unsigned i = 0; i < f->nparams; i++) {
        const launch_param *p = &f->params[i];
        if (p->kind == LP_NONE)
            continue;
        if (p->kind == LP_UNKNOWN)
            return fail(d, VSMP_ERR_UNSUPPORTED,
                        "the interface asks for data parameter %s (argument %ld), which the "
                        "launcher does not fill",
                        p->unknown, p->arg);
        if ((size_t)p->offset + p->size > cap)
            return fail(d, VSMP_ERR_MALFORMED, "data parameter %s at %ld: past the data", "offset",
                        p->offset);
        unsigned dim = p->source / 4 < 3 ? p->source / 4 : 0;
        uint32_t v = 0;
        vsmp_status st = VSMP_OK;
        switch (p->kind) {
        case LP_UNKNOWN:
        case LP_NONE:
            break;
        case LP_ZERO: /* any size (a built interface's 8-byte private base, say) */
            memset(ct + p->offset, 0, p->size);
            continue;
        case LP_LOCAL_OFFSET: /* the argument's offset in SLM, as a pointer of DataSize */
            if (p->size != 4 && p->size != 8)
                return fail(d, VSMP_ERR_UNSUPPORTED, "local argument offset %s of %ld bytes",
                            "size", p->size);
            memset(ct + p->offset, 0, p->size);
            put32(ct + p->offset, local_off[p->arg]);
            continue;
        case LP_BINDLESS_SURFACE: /* the state offsets of vsmp/exec.h, 4 or 8 bytes */
        case LP_BINDLESS_SAMPLER:
        case LP_BINDLESS_PROGRAM:
            if (p->size != 4 && p->size != 8)
                return fail(d, VSMP_ERR_UNSUPPORTED, "bindless state offset %s of %ld bytes",
                            "size", p->size);
            memset(ct + p->offset, 0, p->size);
            put32(ct + p->offset, VSMP_BINDLESS_OFFSET(p->kind != LP_BINDLESS_SURFACE
                                                           ? p->source
                                                           : (uint32_t)f->args[p->arg].bti));
            continue;
        case LP_KERNEL_ARGUMENT: {
            const vsmp_launch_arg *a = &args[p->arg];
            if (p->source + p->size > a->size || p->source + p->size > sizeof(a->bytes))
                return fail(d, VSMP_ERR_ARG, "%s %ld: the scalar value is too short", "argument",
                            p->arg);
            memcpy(ct + p->offset, a->bytes + p->source, p->size);
            continue;
        }
        case LP_GLOBAL_WORK_OFFSET:
            v = nd->offset[dim];
            break;
        case LP_LOCAL_WORK_SIZE:
        case LP_ENQUEUED_LOCAL_WORK_SIZE:
            v = nd->local[dim];
            break;
        case LP_GLOBAL_WORK_SIZE:
            v = nd->global[dim];
            break;
        case LP_NUM_WORK_GROUPS:
            v = nd->global[dim] / nd->local[dim];
            break;
        case LP_WORK_DIMENSIONS:
            v = nd->dims;
            break;
        case LP_IMAGE_WIDTH:
        case LP_IMAGE_HEIGHT:
        case LP_IMAGE_DEPTH:
        case LP_IMAGE_ARRAY_SIZE:
        case LP_IMAGE_CHANNEL_DATA_TYPE:
        case LP_IMAGE_CHANNEL_ORDER:
        case LP_IMAGE_NUM_MIP_LEVELS:
        case LP_IMAGE_NUM_SAMPLES:
            st = image_value(f, p, args, &v, d);
            break;
        case LP_SAMPLER_ADDRESS:
        case LP_SAMPLER_NORMALIZED:
        case LP_SAMPLER_SNAP_WA:
            st = sampler_value(f, p, args, &v, d);
            break;
        }
        if (st)
            return st;
        if (p->size != 4 && !(p->size == 0 && p->kind == LP_ZERO))
            return fail(d, VSMP_ERR_UNSUPPORTED, "data parameter %s of %ld bytes", "size", p->size);
        if (p->size == 4)
            put32(ct + p->offset, v);
    }
    static const uint64_t prog_addr[PROG_N] = {
        VSMP_LAUNCH_CONSTANT_ADDRESS, VSMP_LAUNCH_GLOBAL_ADDRESS, VSMP_LAUNCH_PRINTF_ADDRESS,
        VSMP_LAUNCH_PRIVATE_ADDRESS};
    for (int k = 0; k < PROG_N; k++) {
        const launch_prog_surf *ps = &f->prog[k];
        if (!ps->present || ps->offset < 0)
            continue;
        if ((size_t)ps->offset + ps->size > cap)
            return fail(d, VSMP_ERR_MALFORMED, "%s %ld: pointer past the data", "program buffer",
                        k);
        put32(ct + ps->offset, (uint32_t)prog_addr[k]);
        if (ps->size == 8)
            put32(ct + ps->offset + 4, (uint32_t)(prog_addr[k] >> 32));
    }
    for (unsigned i = 0; i < f->nargs; i++) {
        const vsmp_launch_arg_info *a = &f->args[i];
        if (a->kind != VSMP_ARG_BUFFER || a->offset < 0) /* < 0: no pointer (stateful only) */
            continue;
        if ((size_t)a->offset + a->size > cap)
            return fail(d, VSMP_ERR_MALFORMED, "%s %ld: pointer past the data", "argument", i);
        uint64_t addr = SVM_BASE(i);
        put32(ct + a->offset, (uint32_t)addr);
        if (a->size == 8)
            put32(ct + a->offset + 4, (uint32_t)(addr >> 32));
    }
    return VSMP_OK;
}
/* The local-ID registers of every hardware thread of a work-group (docs/LAUNCH.md section 2):
 * thread t's at t * nids * id_bytes, dimension by dimension (those present), one 16-bit ID per
 * lane; lanes past the group's last work-item hold work-item 0's IDs. */
static uint8_t *local_ids(const vsmp_ndrange *nd, const vsmp_launch_iface *f, unsigned simd,
                          uint32_t threads, uint32_t group, unsigned id_bytes, unsigned nids)
{
    uint8_t *ids = calloc((size_t)threads * nids, id_bytes);
    if (!ids)
        return NULL;
    for (uint32_t t = 0; t < threads; t++)
        for (unsigned l = 0; l < simd; l++) {
            uint32_t it = t * simd + l;
            if (it >= group)
                it = 0;
            uint32_t lid[3] = {it % nd->local[0], it / nd->local[0] % nd->local[1],
                               it / (nd->local[0] * nd->local[1])};
            uint8_t *p = ids + (size_t)t * nids * id_bytes + 2 * l;
            for (unsigned k = 0; k < 3; k++)
                if (f->local_id[k]) {
                    p[0] = (uint8_t)lid[k];
                    p[1] = (uint8_t)(lid[k] >> 8);
                    p += id_bytes;
                }
        }
    return ids;
}
payload_layout vsmp_payload_layout(const vsmp_launch_iface *f, unsigned simd, vsmp_platform plat)
{
    payload_layout l;
    l.grf = vsmp_platform_grf_bytes(plat) ? vsmp_platform_grf_bytes(plat) : 32;
    l.id_bytes = simd * 2 < l.grf ? l.grf : simd * 2;
    l.nids = (unsigned)f->local_id[0] + f->local_id[1] + f->local_id[2];
    l.ct_base = f->cross_offset ? f->cross_offset : l.grf + (size_t)l.id_bytes * l.nids;
    l.ct_cap = f->cross_size ? f->cross_size : 256;
    l.split = f->inline_size < l.ct_cap ? f->inline_size : l.ct_cap;
    l.gap = f->inline_size ? (f->inline_size + l.grf - 1) / l.grf * l.grf - f->inline_size : 0;
    return l;
}

vsmp_status vsmp_payload_build(launch_payload *pl, const vsmp_launch_iface *f,
                               const payload_shape *s, const vsmp_launch_arg *args, vsmp_diags *d)
{
    memset(pl, 0, sizeof(*pl));
    pl->pl = vsmp_payload_layout(f, s->simd, s->platform);
    const payload_layout *l = &pl->pl;
    pl->end = l->ct_base + l->ct_cap + l->gap;
    pl->bytes = calloc(1, pl->end);
    if (!pl->bytes)
        return VSMP_ERR_NOMEM;
    uint8_t *ct = pl->bytes + l->ct_base;
    vsmp_status st = cross_thread(f, s->nd, args, s->local_off, ct, l->ct_cap, d);
    if (!st && l->gap) { /* the bytes after the inline data start the next GRF */
        memmove(ct + l->split + l->gap, ct + l->split, l->ct_cap - l->split);
        memset(ct + l->split, 0, l->gap);
    }
    return st;
}

/* What a thread sees is the payload of the single-thread description above (bytes past n never
 * written, so zero as the machine created them). */
vsmp_status vsmp_payload_fit(launch_payload *pl, const vsmp_launch_iface *f, const payload_shape *s,
                             size_t psize)
{
    const payload_layout *l = &pl->pl;
    pl->n = pl->end < psize ? pl->end : psize;
    size_t id_end = pl->n < l->ct_base ? pl->n : l->ct_base;
    pl->ids_n = id_end > l->grf ? id_end - l->grf : 0;
    if (pl->ids_n > (size_t)l->nids * l->id_bytes) /* a gap before the cross-thread data stays 0 */
        pl->ids_n = (size_t)l->nids * l->id_bytes;
    if (!pl->ids_n)
        return VSMP_OK;
    pl->ids = local_ids(s->nd, f, s->simd, s->threads, s->group, l->id_bytes, l->nids);
    return pl->ids ? VSMP_OK : VSMP_ERR_NOMEM;
}

void vsmp_payload_free(launch_payload *pl)
{
    free(pl->bytes);
    free(pl->ids);
    memset(pl, 0, sizeof(*pl));
}
