/* SPDX-License-Identifier: MIT */
/*
 * NDRange launch: work-groups, hardware threads of the kernel's SIMD width, their payloads
 * (docs/LAUNCH.md section 2), one machine run per thread.
 */
#define _POSIX_C_SOURCE 200809L /* sysconf, clock_gettime */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "launch_internal.h"
#include "vsmp/pool.h"

#define SVM_BASE(arg) ((uint64_t)((arg) + 1) << 32) /* where buffer argument `arg` is mapped */

void vsmp_launch_options_init(vsmp_launch_options *o)
{
    memset(o, 0, sizeof(*o));
    o->platform = VSMP_PLATFORM_TGLLP;
    o->workers = 1;
    o->max_memory = VSMP_DEFAULT_MAX_MEMORY;
}

vsmp_status vsmp_sampler_from_cl(uint32_t v, vsmp_sampler_state *st)
{
    /* CLK_ADDRESS_*: NONE 0, CLAMP_TO_EDGE 1, CLAMP 2, REPEAT 3, MIRRORED_REPEAT 4 (<< 1);
     * CLK_FILTER_NEAREST 0x10, LINEAR 0x20 */
    static const uint8_t tcm[5] = {VSMP_TCM_CLAMP_BORDER, VSMP_TCM_CLAMP, VSMP_TCM_CLAMP_BORDER,
                                   VSMP_TCM_WRAP, VSMP_TCM_MIRROR};
    unsigned addr = v >> 1 & 7, filt = v >> 4 & 3;
    if (!st || (v & ~0x3fu) || addr > 4 || filt == 0 || filt == 3)
        return VSMP_ERR_ARG;
    vsmp_sampler_state_init(st);
    st->min_filter = st->mag_filter = filt == 2 ? VSMP_FILTER_LINEAR : VSMP_FILTER_NEAREST;
    st->mip_filter = VSMP_MIPFILTER_NONE;
    st->address[0] = st->address[1] = st->address[2] = tcm[addr];
    st->non_normalized = !(v & 1);
    return VSMP_OK;
}

static vsmp_status fail(vsmp_diags *d, vsmp_status st, const char *fmt, const char *what, long n)
{
    vsmp_diags_add(d, VSMP_SEV_ERROR, "launch", 0, 0, -1, fmt, what, n);
    return st;
}

/* An error of what the caller asked for: the NDRange (rule launch.ndrange) or the arguments
 * (launch.args), not of the kernel (vsmp launch prints them under the description). */
static vsmp_status fail_req(vsmp_diags *d, const char *rule, const char *fmt, const char *what,
                            long n)
{
    vsmp_diags_add(d, VSMP_SEV_ERROR, rule, 0, 0, -1, fmt, what, n);
    return VSMP_ERR_ARG;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
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
        const vsmp_surface_desc *sd = NULL;
        if (p->kind >= LP_IMAGE_WIDTH && p->kind <= LP_IMAGE_NUM_SAMPLES) {
            if ((unsigned)p->arg >= f->nargs || !args[p->arg].surface)
                return fail(d, VSMP_ERR_ARG, "%s %ld: no image bound", "argument", p->arg);
            sd = vsmp_surface_get_desc(args[p->arg].surface);
        }
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
            v = sd->width;
            break;
        case LP_IMAGE_HEIGHT:
            v = sd->height;
            break;
        case LP_IMAGE_DEPTH:
            v = sd->depth;
            break;
        case LP_IMAGE_ARRAY_SIZE:
            v = sd->array_len;
            break;
        case LP_IMAGE_CHANNEL_DATA_TYPE:
        case LP_IMAGE_CHANNEL_ORDER: {
            uint32_t order = 0, type = 0;
            if (!cl_channels(sd->format, &order, &type))
                return fail(d, VSMP_ERR_UNSUPPORTED,
                            "image format %s (argument %ld): no OpenCL channel order and type "
                            "(get_image_channel_*)",
                            vsmp_format_get(sd->format) ? vsmp_format_get(sd->format)->name : "?",
                            p->arg);
            v = p->kind == LP_IMAGE_CHANNEL_ORDER ? order : type;
            break;
        }
        case LP_IMAGE_NUM_MIP_LEVELS:
            v = sd->mip_count ? sd->mip_count : sd->levels - sd->min_lod;
            break;
        case LP_IMAGE_NUM_SAMPLES:
            v = sd->samples ? sd->samples : 1;
            break;
        case LP_SAMPLER_ADDRESS:
        case LP_SAMPLER_NORMALIZED:
        case LP_SAMPLER_SNAP_WA: {
            uint32_t addr, norm, snap;
            if ((unsigned)p->arg >= f->nargs || f->args[p->arg].kind != VSMP_ARG_SAMPLER)
                return fail(d, VSMP_ERR_ARG, "%s %ld: a sampler value of no sampler_t", "argument",
                            p->arg);
            if (!sampler_values(&args[p->arg], &addr, &norm, &snap))
                return fail(d, VSMP_ERR_ARG,
                            "%s %ld: a sampler state with no OpenCL addressing mode (the kernel "
                            "reads it)",
                            "argument", p->arg);
            v = p->kind == LP_SAMPLER_ADDRESS      ? addr
                : p->kind == LP_SAMPLER_NORMALIZED ? norm
                                                   : snap;
            break;
        }
        }
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

static vsmp_status bind_args(vsmp_machine *m, const vsmp_launch_iface *f,
                             const vsmp_launch_arg *args, const vsmp_launch_options *o,
                             vsmp_surface *priv)
{
    /* the kernel's inline samplers: the launch options' if given, else the interface's */
    for (unsigned i = 0; i < VSMP_MAX_SAMPLER_STATES; i++)
        if (o->inline_samplers[i])
            vsmp_machine_bind_sampler(m, i, o->inline_samplers[i]);
        else if (f->inline_set[i])
            vsmp_machine_bind_sampler(m, i, &f->inline_samplers[i]);
    vsmp_surface *const prog[PROG_N] = {o->program_constant, o->program_global, o->printf_buffer,
                                        priv};
    static const uint64_t prog_addr[PROG_N] = {
        VSMP_LAUNCH_CONSTANT_ADDRESS, VSMP_LAUNCH_GLOBAL_ADDRESS, VSMP_LAUNCH_PRINTF_ADDRESS,
        VSMP_LAUNCH_PRIVATE_ADDRESS};
    for (int k = 0; k < PROG_N; k++) {
        if (!f->prog[k].present || !prog[k])
            continue;
        vsmp_status st = VSMP_OK;
        if (f->prog[k].bti >= 0)
            st = vsmp_machine_bind_surface(m, (unsigned)f->prog[k].bti, prog[k]);
        if (!st)
            st = vsmp_machine_map_surface(m, prog_addr[k], prog[k]);
        if (st)
            return st;
    }
    /* program-scope symbols faddr takes the address of (zebin) */
    for (unsigned i = 0; i < f->nsyms; i++) {
        vsmp_status st = vsmp_machine_set_symbol(m, f->symtab + f->sym_name[i], f->sym_addr[i]);
        if (st)
            return st;
    }
    for (unsigned i = 0; i < f->nargs; i++) {
        const vsmp_launch_arg_info *a = &f->args[i];
        vsmp_status st = VSMP_OK;
        if (a->kind == VSMP_ARG_BUFFER) {
            if (a->bti >= 0) /* -1: reached only through its SVM address */
                st = vsmp_machine_bind_surface(m, (unsigned)a->bti, args[i].surface);
            if (!st)
                st = vsmp_machine_map_surface(m, SVM_BASE(i), args[i].surface);
        } else if (a->kind == VSMP_ARG_IMAGE) {
            st = vsmp_machine_bind_surface(m, (unsigned)a->bti, args[i].surface);
        } else if (a->kind == VSMP_ARG_SAMPLER) {
            st = vsmp_machine_bind_sampler(m, (unsigned)a->sampler, &args[i].sampler);
        }
        if (st)
            return st;
    }
    return VSMP_OK;
}

/* ---- the plan: the NDRange and the shape of its work-groups, worked out once ---- */

enum {
    MAX_ITEMS = 1 << 24, /* work-items of a launch */
    MAX_GROUP = 1024,    /* work-items of a work-group */
    MAX_SLM = 1 << 20    /* bytes of shared local memory of a work-group */
};

typedef struct launch_plan {
    vsmp_ndrange nd;   /* unused dimensions 1 (offset 0), the local size chosen if none given */
    uint64_t groups;   /* work-groups */
    uint32_t ng[3];    /* work-groups per dimension */
    uint32_t group;    /* work-items of a group */
    uint32_t threads;  /* hardware threads of a group */
    uint32_t tail;     /* lanes of a group's last thread when partial, else 0 */
    unsigned simd;     /* lanes of a hardware thread */
    bool interleave;   /* the group's threads meet at barriers: one machine each */
    unsigned nm;       /* machines a worker holds */
    uint64_t slm_size; /* shared local memory of a group */
    uint32_t local_off[VSMP_LAUNCH_MAX_ARGS]; /* each __local argument's offset in it */
} launch_plan;

/* The local size vsmp chooses (docs/LAUNCH.md section 2): of the sizes whose every dimension
 * divides the global size and whose work-items are at most 1024, the one that needs the fewest
 * hardware threads of `simd` lanes in all (the threads fullest); of those, the smallest group
 * (fewer machines and less shared memory at a time), then the widest in x, then in y. */
void vsmp_launch_local_size(const uint32_t global[3], unsigned simd, uint32_t local[3])
{
    uint64_t best_threads = UINT64_MAX;
    uint32_t best_items = 0;
    local[0] = local[1] = local[2] = 1;
    if (!simd)
        return;
    for (uint32_t x = 1; x <= MAX_GROUP && x <= global[0]; x++) {
        if (global[0] % x)
            continue;
        for (uint32_t y = 1; x * y <= MAX_GROUP && y <= global[1]; y++) {
            if (global[1] % y)
                continue;
            for (uint32_t z = 1; x * y * z <= MAX_GROUP && z <= global[2]; z++) {
                if (global[2] % z)
                    continue;
                uint32_t items = x * y * z;
                uint64_t groups = (uint64_t)(global[0] / x) * (global[1] / y) * (global[2] / z);
                uint64_t threads = groups * ((items + simd - 1) / simd);
                /* x grows in the outer loop, y in the middle one: on a tie in threads and
                 * items, the later (wider in x, then y) wins */
                if (threads < best_threads || (threads == best_threads && items <= best_items)) {
                    best_threads = threads;
                    best_items = items;
                    local[0] = x;
                    local[1] = y;
                    local[2] = z;
                }
            }
        }
    }
}

static vsmp_status nd_fail(vsmp_diags *d, const vsmp_ndrange *nd, const char *what)
{
    vsmp_diags_add(d, VSMP_SEV_ERROR, "launch.ndrange", 0, 0, -1,
                   "NDRange %u x %u x %u, local %u x %u x %u: %s", nd->global[0], nd->global[1],
                   nd->global[2], nd->local[0], nd->local[1], nd->local[2], what);
    return VSMP_ERR_ARG;
}

/* Check the arguments and the NDRange against the limits (every product checked as it grows,
 * before anything is divided by it) and work out the shape of the launch. */
static vsmp_status plan_launch(const vsmp_module *mod, uint32_t kernel, const vsmp_launch_iface *f,
                               const vsmp_ndrange *ndr, const vsmp_launch_arg *args, unsigned nargs,
                               launch_plan *p, vsmp_diags *d)
{
    memset(p, 0, sizeof(*p));
    if (nargs < f->nargs)
        return fail_req(d, "launch.args", "the kernel has %s%ld arguments, fewer were given", "",
                        f->nargs);
    for (unsigned i = 0; i < f->nargs; i++) {
        vsmp_arg_kind k = f->args[i].kind;
        if ((k == VSMP_ARG_BUFFER || k == VSMP_ARG_IMAGE) && !args[i].surface)
            return fail_req(d, "launch.args", "argument %s%ld needs a surface", "", i);
    }
    vsmp_ndrange *nd = &p->nd;
    *nd = *ndr;
    if (nd->dims < 1 || nd->dims > 3)
        return fail_req(d, "launch.ndrange", "%sNDRange of %ld dimensions", "", nd->dims);
    bool choose = true; /* no local size given: vsmp chooses */
    for (unsigned k = 0; k < nd->dims; k++)
        choose = choose && !nd->local[k];
    for (unsigned k = nd->dims; k < 3; k++) {
        nd->global[k] = nd->local[k] = 1;
        nd->offset[k] = 0;
    }
    uint64_t items = 1;
    for (unsigned k = 0; k < 3; k++) {
        if (!nd->global[k] || nd->global[k] > MAX_ITEMS)
            return fail_req(d, "launch.ndrange",
                            "dimension %s%ld: the global size must be 1 to 2^24", "", k);
        items *= nd->global[k]; /* at most 2^24 x 2^24 before the check */
        if (items > MAX_ITEMS)
            return nd_fail(d, nd, "more than 2^24 work-items");
    }
    p->simd = f->simd;
    if (p->simd != 8 && p->simd != 16 && p->simd != 32)
        return fail(d, VSMP_ERR_UNSUPPORTED, "a SIMD width of %s%ld", "", p->simd);
    if (choose)
        vsmp_launch_local_size(nd->global, p->simd, nd->local);
    uint64_t group = 1;
    for (unsigned k = 0; k < 3; k++) {
        if (!nd->local[k] || nd->global[k] % nd->local[k])
            return fail_req(d, "launch.ndrange",
                            "dimension %s%ld: the global size must be a non-zero multiple of the "
                            "local size",
                            "", k);
        group *= nd->local[k]; /* each local size at most its global size: at most 2^48 */
        if (group > MAX_GROUP)
            return nd_fail(d, nd, "a work-group of more than 1024 work-items");
        p->ng[k] = nd->global[k] / nd->local[k];
    }
    p->group = (uint32_t)group;
    p->groups = (uint64_t)p->ng[0] * p->ng[1] * p->ng[2];
    p->threads = (p->group + p->simd - 1) / p->simd;
    p->tail = p->group % p->simd;
    /* shared local memory: the kernel's own (inline) bytes, then each __local argument at its
     * alignment (SUM_OF_LOCAL_MEMORY_OBJECT_ARGUMENT_SIZES: SourceOffset). The offset the
     * kernel is given counts from the end of the inline bytes (the kernel adds them itself:
     * lr_sum_max adds 0x20 to it), as the name says: the sum of the earlier arguments' sizes. */
    uint64_t slm = f->slm_inline;
    for (unsigned i = 0; i < f->nargs; i++) {
        if (f->args[i].kind != VSMP_ARG_LOCAL)
            continue;
        uint32_t al = 1;
        for (unsigned k = 0; k < f->nparams; k++)
            if (f->params[k].kind == LP_LOCAL_OFFSET && f->params[k].arg == (int32_t)i &&
                f->params[k].source > al)
                al = f->params[k].source;
        uint64_t rel = slm - f->slm_inline;
        rel = (rel + al - 1) / al * al;
        if (f->slm_inline + rel > MAX_SLM) {
            slm = f->slm_inline + rel;
            break;
        }
        p->local_off[i] = (uint32_t)rel;
        slm = f->slm_inline + rel + args[i].size;
    }
    if (slm > MAX_SLM)
        return fail_req(d, "launch.args", "%sshared local memory of %ld bytes (at most 1 MiB)", "",
                        (long)slm);
    p->slm_size = slm;
    /* a group with barriers (a barrier instruction in the kernel: HasBarriers may say 0) runs
     * its threads interleaved, one machine each; otherwise the threads run one after the other
     * on two machines (full threads, the partial last one) */
    p->interleave = vsmp_launch_kernel_barriers(mod, kernel) && p->threads > 1;
    p->nm = p->interleave ? p->threads : 2;
    return VSMP_OK;
}

/* ---- what the workers of a launch share ---- */

typedef struct launch_shared {
    const vsmp_launch_options *o;
    const launch_plan *p;
    _Atomic uint64_t stop_at; /* the lowest linear index of a group that failed so far */
    _Atomic bool halt;        /* the instruction budget ran out: every worker stops */
    _Atomic uint64_t steps;   /* instructions executed, every worker */
    _Atomic uint64_t done;    /* groups ended */
    pthread_mutex_t lock;     /* one progress call at a time */
    uint64_t next_ns;         /* when the next progress call is due (under lock) */
} launch_shared;

/* What one worker did (summed into vsmp_launch_stats). */
typedef struct worker_count {
    uint64_t groups, threads, lanes, steps, smp;
} worker_count;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

enum { PROGRESS_NS = 100000000 }; /* 0.1 s between progress calls */

static bool cancelled(const launch_shared *sh)
{
    return sh->o->cancel && __atomic_load_n(sh->o->cancel, __ATOMIC_RELAXED);
}

/* Before a worker runs anything of group `lin`: VSMP_ERR_CANCELLED; *stop when a group before
 * it failed in another share (that failure is the launch's) or the instruction budget ran out
 * (another worker reports it). */
static vsmp_status check_halt(launch_shared *sh, uint64_t lin, bool *stop)
{
    if (cancelled(sh))
        return VSMP_ERR_CANCELLED;
    *stop = atomic_load_explicit(&sh->halt, memory_order_relaxed) ||
            atomic_load_explicit(&sh->stop_at, memory_order_relaxed) < lin;
    return VSMP_OK;
}

/* Group `lin` failed: workers past it stop (those before it go on: one of them may fail first). */
static void note_failure(launch_shared *sh, uint64_t lin)
{
    uint64_t cur = atomic_load(&sh->stop_at);
    while (lin < cur && !atomic_compare_exchange_weak(&sh->stop_at, &cur, lin))
        ;
}

/* A hardware thread has ended (or failed: @p failed, the budget not checked): its counts, and
 * the launch's instruction budget. */
static vsmp_status count_thread(launch_shared *sh, worker_count *c, const vsmp_machine *m,
                                uint32_t lanes, bool failed, vsmp_diags *d)
{
    uint64_t s = vsmp_machine_steps(m);
    c->threads++;
    c->lanes += lanes;
    c->steps += s;
    c->smp += vsmp_machine_sampler_messages(m);
    uint64_t total = atomic_fetch_add_explicit(&sh->steps, s, memory_order_relaxed) + s;
    uint64_t max = sh->o->max_total_steps;
    if (max && total > max && !failed && !atomic_exchange(&sh->halt, true)) {
        vsmp_diags_add(d, VSMP_SEV_ERROR, "steps", 0, 0, -1,
                       "the launch reached its budget of %llu instructions (%llu work-groups of "
                       "%llu ended)",
                       (unsigned long long)max, (unsigned long long)atomic_load(&sh->done),
                       (unsigned long long)sh->p->groups);
        return VSMP_ERR_INVALID;
    }
    return VSMP_OK;
}

/* A group has ended: count it, and call the progress function when one is due. */
static void group_done(launch_shared *sh, worker_count *c)
{
    c->groups++;
    uint64_t done = atomic_fetch_add_explicit(&sh->done, 1, memory_order_relaxed) + 1;
    const vsmp_launch_options *o = sh->o;
    if (!o->progress || pthread_mutex_trylock(&sh->lock))
        return;
    uint64_t t = now_ns();
    if (t >= sh->next_ns) {
        sh->next_ns = t + PROGRESS_NS;
        o->progress(o->progress_user, done, sh->p->groups);
    }
    pthread_mutex_unlock(&sh->lock);
}

static uint32_t lanes_of(const launch_plan *p, uint32_t t)
{
    return t == p->threads - 1 && p->tail ? p->tail : p->simd;
}

/* The threads of one work-group with barriers, interleaved: each runs until it passes a
 * barrier (or ends), then the next, round-robin, until all have ended. A round where some
 * threads wait at a barrier and others have ended is a deadlock: the waiting threads would
 * never go on. (Each thread's run keeps the machine's step limit, so a group is bounded by
 * threads x max_steps instructions.) waits[t]: thread t has not ended (all true at the start).
 * Each thread is counted when it ends or fails; the cancel flag is read every round. */
static vsmp_status run_group(vsmp_machine **m, const launch_plan *p, bool *waits, uint32_t gx,
                             uint32_t gy, uint32_t gz, launch_shared *sh, worker_count *c,
                             vsmp_diags *d)
{
    bool started = false;
    uint32_t threads = p->threads;
    for (;;) {
        uint32_t waiting = 0, ended = 0;
        if (started && cancelled(sh))
            return VSMP_ERR_CANCELLED;
        for (uint32_t t = 0; t < threads; t++) {
            if (!waits[t]) {
                ended++;
                continue;
            }
            bool at = false;
            vsmp_status st = vsmp_machine_run_to_barrier(m[t], started, &at, d);
            if (st) {
                vsmp_diags_add(d, VSMP_SEV_ERROR, "launch", 0, 0, -1,
                               "in work-group (%u, %u, %u), hardware thread %u", gx, gy, gz, t);
                count_thread(sh, c, m[t], lanes_of(p, t), true, d);
                return st;
            }
            waits[t] = at;
            if (at) {
                waiting++;
            } else {
                ended++;
                st = count_thread(sh, c, m[t], lanes_of(p, t), false, d);
                if (st)
                    return st;
            }
        }
        started = true;
        if (!waiting)
            return VSMP_OK;
        if (ended) {
            vsmp_diags_add(d, VSMP_SEV_ERROR, "launch", 0, 0, -1,
                           "work-group (%u, %u, %u): deadlock: %u hardware threads wait at a "
                           "barrier that %u threads which ended never reach",
                           gx, gy, gz, waiting, ended);
            return VSMP_ERR_INVALID;
        }
    }
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

/* The payload's layout in GRFs of `grf` bytes (32; 64 on LNL, BMG, PTL): r0 (one GRF), then the
 * local IDs present (one uw per lane, at least one GRF per dimension), then the cross-thread
 * data, whose first `split` bytes (the inline data) take a GRF of their own: the rest follows
 * `gap` bytes later, at the next GRF (IGC 2.40's `.input` offsets, docs/LAUNCH.md section 2). */
typedef struct payload_layout {
    unsigned grf, id_bytes, nids;
    size_t ct_base, ct_cap, split, gap;
} payload_layout;

static payload_layout layout_of(const vsmp_launch_iface *f, unsigned simd, vsmp_platform plat)
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

/* Bytes of private memory a hardware thread of SIMD @p simd has (0: none). */
static size_t private_bytes(const vsmp_launch_iface *f, unsigned simd)
{
    if (!f->prog[PROG_PRIVATE].present || !f->private_size)
        return 0;
    return (size_t)f->private_size * (f->private_simt ? simd : 1);
}

/* A buffer surface over @p bytes of @p mem: 2D R8_UINT rows of up to 16384 bytes (@p bytes is a
 * multiple of the row when above it: a multiple of 8 x 16384 at most 64 KiB x 32). */
static vsmp_surface *bytes_surface(uint8_t *mem, size_t bytes)
{
    uint32_t w = bytes < 16384 ? (uint32_t)bytes : 16384;
    vsmp_surface_desc sd;
    vsmp_surface_desc_init(&sd);
    sd.format = VSMP_FORMAT_R8_UINT;
    sd.width = w;
    sd.height = (uint32_t)(bytes / w);
    sd.data = mem;
    sd.data_size = (size_t)sd.width * sd.height;
    vsmp_surface *s = NULL;
    return vsmp_surface_create(&sd, &s, NULL) ? NULL : s;
}

/* Machine k of a worker (k < p->nm), its arguments bound and the shared local memory set. */
static vsmp_status make_machine(const vsmp_module *mod, uint32_t kernel, const vsmp_launch_iface *f,
                                const vsmp_launch_arg *args, const vsmp_launch_options *o,
                                const launch_plan *p, unsigned k, void *slm, vsmp_surface *priv,
                                vsmp_machine **out, vsmp_diags *d)
{
    bool partial = p->interleave ? k == p->threads - 1 && p->tail : k == 1;
    vsmp_machine_options mo;
    vsmp_machine_options_init(&mo);
    mo.platform = o->platform;
    mo.dispatch_simd = (uint8_t)p->simd;
    mo.dispatch_mask = partial ? (1u << p->tail) - 1 : ~0u;
    if (o->max_steps)
        mo.max_steps = o->max_steps;
    vsmp_status st = vsmp_machine_create(mod, kernel, &mo, out, d);
    if (!st && args)
        st = bind_args(*out, f, args, o, priv);
    if (!st)
        vsmp_machine_set_slm(*out, slm, (size_t)p->slm_size);
    return st;
}

/* The launch, running the work-groups of linear index (x fastest) in [lo, hi) only. */
static vsmp_status launch_groups(const vsmp_module *mod, uint32_t kernel,
                                 const vsmp_launch_iface *f, const vsmp_launch_arg *args,
                                 const vsmp_launch_options *o, const launch_plan *p,
                                 launch_shared *sh, worker_count *c, vsmp_diags *d, uint64_t lo,
                                 uint64_t hi)
{
    const vsmp_ndrange *ndp = &p->nd;
    unsigned simd = p->simd;
    uint32_t group = p->group, threads = p->threads, tail = p->tail;
    bool interleave = p->interleave;
    payload_layout pl = layout_of(f, simd, o->platform);
    unsigned id_bytes = pl.id_bytes, nids = pl.nids, grf = pl.grf;
    size_t ct_base = pl.ct_base, ct_cap = pl.ct_cap, ct_end = ct_base + ct_cap + pl.gap;
    uint8_t *payload = calloc(1, ct_end);
    if (!payload)
        return VSMP_ERR_NOMEM;
    uint8_t *slm = calloc(1, p->slm_size ? (size_t)p->slm_size : 1);
    unsigned nm = p->nm;
    vsmp_machine **m = calloc(nm, sizeof(*m));
    bool *waits = calloc(threads, sizeof(bool));
    if (!slm || !m || !waits) {
        free(payload), free(slm), free(m), free(waits);
        return VSMP_ERR_NOMEM;
    }
    /* private memory: each machine its own, mapped at the same address (the machine's %sr0
     * thread ID is 0: a thread's slot is the first; its lanes follow one another) */
    size_t priv_bytes = private_bytes(f, simd);
    uint8_t *priv_mem = priv_bytes ? calloc(nm, priv_bytes) : NULL;
    vsmp_surface **psurf = calloc(nm, sizeof(*psurf));
    if ((priv_bytes && !priv_mem) || !psurf) {
        free(payload), free(slm), free(m), free(waits), free(priv_mem), free(psurf);
        return VSMP_ERR_NOMEM;
    }
    /* the scratch space (T5): each machine its own (r0.5's scratch offset stays 0) */
    uint8_t *scratch = f->scratch_size ? calloc(nm, f->scratch_size) : NULL;
    vsmp_status st = f->scratch_size && !scratch ? VSMP_ERR_NOMEM : VSMP_OK;
    if (!st)
        st = cross_thread(f, ndp, args, p->local_off, payload + ct_base, ct_cap, d);
    if (!st && pl.gap) { /* the bytes after the inline data start the next GRF */
        memmove(payload + ct_base + pl.split + pl.gap, payload + ct_base + pl.split,
                ct_cap - pl.split);
        memset(payload + ct_base + pl.split, 0, pl.gap);
    }
    for (unsigned k = 0; k < nm && !st; k++) {
        if (!interleave && k == 1 && !tail)
            break;
        if (priv_bytes) {
            psurf[k] = bytes_surface(priv_mem + (size_t)k * priv_bytes, priv_bytes);
            if (!psurf[k]) {
                st = VSMP_ERR_NOMEM;
                break;
            }
        }
        st = make_machine(mod, kernel, f, args, o, p, k, slm, psurf[k], &m[k], d);
        if (!st && scratch)
            vsmp_machine_set_scratch(m[k], scratch + (size_t)k * f->scratch_size, f->scratch_size);
    }
    size_t psize = m[0] ? vsmp_machine_payload_size(m[0]) : 0;
    vsmp_var_info r0;
    if (!st && vsmp_machine_find(m[0], "%r0", &r0))
        st = VSMP_ERR_UNSUPPORTED;
    /* A machine keeps its payload through vsmp_machine_reset: the cross-thread data, the same
     * for every thread, is written once per machine; per thread only the local IDs change, and
     * those of thread t are the same in every work-group: worked out once, here. What a thread
     * sees is the payload of the single-thread description above (bytes past n never written,
     * so zero as the machine created them). */
    size_t n = ct_end < psize ? ct_end : psize;
    size_t id_end = n < ct_base ? n : ct_base, ids_n = id_end > grf ? id_end - grf : 0;
    if (ids_n > (size_t)nids * id_bytes) /* a gap before the cross-thread data stays zero */
        ids_n = (size_t)nids * id_bytes;
    uint8_t *ids = NULL;
    uint32_t *holds = NULL; /* holds[k]: the thread whose IDs machine k's payload has */
    if (!st && ids_n) {
        ids = local_ids(ndp, f, simd, threads, group, id_bytes, nids);
        holds = malloc(nm * sizeof(*holds));
        if (!ids || !holds)
            st = VSMP_ERR_NOMEM;
    }
    for (unsigned k = 0; k < nm && !st && m[k]; k++) {
        if (n)
            vsmp_machine_set_payload(m[k], 0, payload, n);
        if (holds)
            holds[k] = UINT32_MAX;
    }
    const uint32_t *ng = p->ng;
    bool stop = false;
    /* the first group of the share, then on in linear order (x fastest) */
    for (uint64_t lin = lo; lin < hi && lin < p->groups && !st && !stop; lin++) {
        uint32_t gx = (uint32_t)(lin % ng[0]), gy = (uint32_t)(lin / ng[0] % ng[1]),
                 gz = (uint32_t)(lin / ((uint64_t)ng[0] * ng[1]));
        /* OpenCL leaves __local memory undefined at a group's start: vsmp zeroes it */
        if (p->slm_size)
            memset(slm, 0, (size_t)p->slm_size);
        for (uint32_t t = 0; t < threads && !st && !stop; t++) {
            st = check_halt(sh, lin, &stop);
            if (st || stop)
                break;
            unsigned k = interleave ? t : t == threads - 1 && tail ? 1 : 0;
            vsmp_machine *mm = m[k];
            vsmp_machine_reset(mm);
            if (holds && holds[k] != t) {
                vsmp_machine_set_payload(mm, grf, ids + (size_t)t * nids * id_bytes, ids_n);
                holds[k] = t;
            }
            uint8_t rr[32] = {0};
            put32(rr + 4, gx); /* r0.1, r0.6, r0.7: the group IDs */
            /* r0.2 bits 7:0: the thread's index in its group (the hardware's; IGC reads a
             * thread's sub-group index there on acm-g10) */
            rr[8] = (uint8_t)t;
            put32(rr + 24, gy);
            put32(rr + 28, gz);
            vsmp_machine_write_var(mm, VSMP_VAR_GENERAL, r0.id, 0, rr, sizeof(rr));
            if (interleave) { /* started below */
                waits[t] = true;
                continue;
            }
            st = vsmp_machine_run(mm, d);
            if (st)
                vsmp_diags_add(d, VSMP_SEV_ERROR, "launch", 0, 0, -1,
                               "in work-group (%u, %u, %u), hardware thread %u", gx, gy, gz, t);
            vsmp_status cs = count_thread(sh, c, mm, lanes_of(p, t), st != VSMP_OK, d);
            if (!st)
                st = cs;
        }
        if (interleave && !st && !stop)
            st = run_group(m, p, waits, gx, gy, gz, sh, c, d);
        if (st && st != VSMP_ERR_CANCELLED)
            note_failure(sh, lin);
        else if (!st && !stop)
            group_done(sh, c);
    }
    for (unsigned k = 0; k < nm; k++) {
        vsmp_machine_free(m[k]);
        vsmp_surface_free(psurf[k]);
    }
    free(psurf);
    free(priv_mem);
    free(scratch);
    free(m);
    free(waits);
    free(slm);
    free(payload);
    free(ids);
    free(holds);
    return st;
}

/* ---- several CPU threads ---- */

enum { WORKER_MIN = 4096 }; /* hardware threads a worker takes at least */

typedef struct worker {
    const vsmp_module *mod;
    uint32_t kernel;
    const vsmp_launch_iface *f;
    const vsmp_launch_arg *args;
    const vsmp_launch_options *o;
    const launch_plan *p;
    launch_shared *sh;
    uint64_t lo, hi;
    worker_count c;
    vsmp_diags d;
    vsmp_status st;
} worker;

/* Worker i of the pool (vsmp_pool_run). */
static void worker_main(void *user, unsigned i)
{
    worker *w = (worker *)user + i;
    w->st = launch_groups(w->mod, w->kernel, w->f, w->args, w->o, w->p, w->sh, &w->c, &w->d, w->lo,
                          w->hi);
}

/* What one worker holds (docs/LAUNCH.md section 2): its machines, measured on one made for the
 * purpose (a machine's arena is capped at 64 MiB), its payload, local IDs, shared local memory.
 * *machine_bytes: one machine's. */
static vsmp_status worker_memory(const vsmp_module *mod, uint32_t kernel,
                                 const vsmp_launch_iface *f, const vsmp_launch_options *o,
                                 const launch_plan *p, uint64_t *bytes, size_t *machine_bytes,
                                 vsmp_diags *d)
{
    vsmp_machine *m = NULL;
    vsmp_status st = make_machine(mod, kernel, f, NULL, o, p, 0, NULL, NULL, &m, d);
    if (st)
        return st;
    *machine_bytes = vsmp_machine_memory(m);
    vsmp_machine_free(m);
    payload_layout pl = layout_of(f, p->simd, o->platform);
    unsigned nm = p->interleave || p->tail ? p->nm : 1;
    *bytes = (uint64_t)nm * *machine_bytes + pl.ct_base + pl.ct_cap + pl.gap + p->slm_size +
             (uint64_t)p->threads * pl.nids * pl.id_bytes +
             p->threads * (sizeof(bool) + sizeof(uint32_t)) + nm * sizeof(vsmp_machine *) +
             (uint64_t)p->nm * (private_bytes(f, p->simd) + f->scratch_size);
    return VSMP_OK;
}

/* Work-groups are independent (no memory model across them but atomics, which the machine
 * refuses), so each worker takes a contiguous share of them in linear order, with machines,
 * SLM and payload of its own. A worker stops at its first failing group, and every worker
 * stops before a group past the lowest failing one so far: the launch reports the failure of the
 * first worker that failed, which is the failing group the one-worker launch reports (every
 * group before it ran, and passed, in an earlier share or before it in its own; a worker of an
 * earlier share is never stopped by a later failure). Groups after it may have run in other
 * shares: after a failure, the buffers' contents are not those of the one-worker launch. */
/* The validator on what runs (docs/LAUNCH.md): its errors refuse the launch before any thread
 * runs, each as the validator words it (its warnings are vsmp check's to print). */
static vsmp_status validate(const vsmp_module *mod, vsmp_platform plat, vsmp_diags *d)
{
    vsmp_check_options co;
    vsmp_check_options_init(&co);
    co.platform = plat;
    vsmp_diags vd;
    vsmp_diags_init(&vd);
    vsmp_status st = vsmp_module_check(mod, &co, &vd);
    for (size_t i = 0; st == VSMP_ERR_INVALID && d && i < vd.count; i++) {
        const vsmp_diag *g = &vd.items[i];
        if (g->severity != VSMP_SEV_ERROR)
            continue;
        size_t kept = d->count;
        vsmp_diags_add(d, VSMP_SEV_ERROR, g->rule, g->line, g->column, g->offset, "%s", g->message);
        if (d->count > kept)
            d->items[kept].at_instruction = g->at_instruction;
    }
    vsmp_diags_free(&vd);
    return st;
}

vsmp_status vsmp_launch(const vsmp_module *mod, uint32_t kernel, const vsmp_launch_iface *f,
                        const vsmp_ndrange *ndr, const vsmp_launch_arg *args, unsigned nargs,
                        const vsmp_launch_options *o, vsmp_diags *d)
{
    if (o && o->stats)
        memset(o->stats, 0, sizeof(*o->stats));
    if (!mod || !f || !ndr || !o || (nargs && !args))
        return VSMP_ERR_ARG;
    launch_plan *p = malloc(sizeof(*p));
    if (!p)
        return VSMP_ERR_NOMEM;
    if (nargs < f->nargs) {
        free(p);
        return fail_req(d, "launch.args", "the kernel has %s%ld arguments, fewer were given", "",
                        f->nargs);
    }
    vsmp_status st = vsmp_launch_iface_check(mod, kernel, f, args, nargs, o, d);
    if (!st)
        st = validate(mod, o->platform, d);
    if (!st)
        st = plan_launch(mod, kernel, f, ndr, args, nargs, p, d);
    if (!st && f->cross_offset) { /* a given offset after the local IDs of this platform */
        payload_layout pl = layout_of(f, p->simd, o->platform);
        size_t ids_end = pl.grf + (size_t)pl.id_bytes * pl.nids;
        if (f->cross_offset < ids_end || f->cross_offset % pl.grf) {
            vsmp_diags_add(d, VSMP_SEV_ERROR, "launch.iface", 0, 0, -1,
                           "the cross-thread data at payload byte %u: on %s (%u-byte GRFs) it "
                           "starts at a GRF at or after the local IDs' end, byte %zu",
                           f->cross_offset, vsmp_platform_name(o->platform), pl.grf, ids_end);
            st = VSMP_ERR_ARG;
        }
    }
    uint64_t per_worker = 0;
    size_t machine_bytes = 0;
    if (!st)
        st = worker_memory(mod, kernel, f, o, p, &per_worker, &machine_bytes, d);
    if (st) {
        free(p);
        return st;
    }
    vsmp_launch_stats *stats = o->stats;
    if (stats) {
        memcpy(stats->local, p->nd.local, sizeof(stats->local));
        stats->groups_total = p->groups;
    }
    if (o->max_memory && per_worker > o->max_memory) {
        vsmp_diags_add(d, VSMP_SEV_ERROR, "memory", 0, 0, -1,
                       "out of memory: the launch needs %llu bytes (%u machine%s of %zu bytes%s), "
                       "over the memory budget of %zu bytes",
                       (unsigned long long)per_worker, p->interleave || p->tail ? p->nm : 1,
                       p->interleave || p->tail ? "s" : "", machine_bytes,
                       p->interleave ? ": the hardware threads of a work-group meet at barriers, "
                                       "one machine each"
                                     : "",
                       o->max_memory);
        free(p);
        return VSMP_ERR_NOMEM;
    }
    unsigned nw = o->workers ? o->workers : vsmp_pool_cores();
    if (nw > VSMP_LAUNCH_MAX_WORKERS)
        nw = VSMP_LAUNCH_MAX_WORKERS;
    /* one per core: a worker is a CPU thread started for the launch, which can cost some
     * hundreds of microseconds on a virtual machine, so each gets some milliseconds of work,
     * WORKER_MIN hardware threads (each about a microsecond) or more; a count given is kept */
    uint64_t hw = p->groups * p->threads;
    if (!o->workers && nw > hw / WORKER_MIN)
        nw = (unsigned)(hw / WORKER_MIN);
    if (nw > p->groups)
        nw = (unsigned)p->groups;
    /* as many as the memory budget holds */
    if (o->max_memory && nw > o->max_memory / per_worker)
        nw = (unsigned)(o->max_memory / per_worker);
    if (nw < 1)
        nw = 1;
    launch_shared sh = {.o = o, .p = p};
    atomic_init(&sh.stop_at, UINT64_MAX);
    atomic_init(&sh.halt, false);
    atomic_init(&sh.steps, 0);
    atomic_init(&sh.done, 0);
    pthread_mutex_init(&sh.lock, NULL);
    sh.next_ns = now_ns() + PROGRESS_NS;
    worker *w = calloc(nw, sizeof(*w));
    if (!w) {
        pthread_mutex_destroy(&sh.lock);
        free(p);
        return VSMP_ERR_NOMEM;
    }
    for (unsigned i = 0; i < nw; i++) {
        w[i] = (worker){
            mod, kernel, f,      args, o, p, &sh, p->groups * i / nw, p->groups * (i + 1) / nw,
            {0}, {0},    VSMP_OK};
        vsmp_diags_init(&w[i].d);
        w[i].d.limit = d ? d->limit : 0;
    }
    /* worker 0 runs on the calling thread; a worker that cannot be started runs there too */
    vsmp_pool_run(nw, worker_main, w);
    /* the diagnostics of the first worker that failed (a cancelled one only when none failed
     * otherwise), or of the first one when none failed */
    unsigned pick = nw;
    for (unsigned i = 0; i < nw && pick == nw; i++)
        if (w[i].st && w[i].st != VSMP_ERR_CANCELLED)
            pick = i;
    for (unsigned i = 0; i < nw && pick == nw; i++)
        if (w[i].st)
            pick = i;
    if (pick == nw)
        pick = 0;
    for (size_t k = 0; d && k < w[pick].d.count; k++) {
        const vsmp_diag *g = &w[pick].d.items[k];
        vsmp_diags_add(d, g->severity, g->rule, g->line, g->column, g->offset, "%s", g->message);
    }
    st = w[pick].st;
    uint64_t done = atomic_load(&sh.done);
    if (st == VSMP_ERR_CANCELLED)
        vsmp_diags_add(d, VSMP_SEV_ERROR, "launch", 0, 0, -1,
                       "the launch was cancelled after %llu of %llu work-groups",
                       (unsigned long long)done, (unsigned long long)p->groups);
    if (o->progress)
        o->progress(o->progress_user, done, p->groups);
    if (stats) {
        stats->workers = nw;
        stats->memory = per_worker * nw;
        for (unsigned i = 0; i < nw; i++) {
            stats->groups += w[i].c.groups;
            stats->threads += w[i].c.threads;
            stats->lanes += w[i].c.lanes;
            stats->instructions += w[i].c.steps;
            stats->sampler_messages += w[i].c.smp;
        }
        stats->lane_slots = stats->threads * p->simd;
    }
    for (unsigned i = 0; i < nw; i++)
        vsmp_diags_free(&w[i].d);
    free(w);
    pthread_mutex_destroy(&sh.lock);
    free(p);
    return st;
}
