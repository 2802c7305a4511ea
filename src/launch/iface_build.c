/* SPDX-License-Identifier: MIT */
/*
 * Kernel interfaces built fact by fact (vsmp/launch_iface.h, docs/LAUNCH.md section 5): the same
 * struct vsmp_launch_iface_parse fills from a `.cos`, with the same meaning, so vsmp_launch runs
 * either. Every setter checks its input and changes nothing when it refuses it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch_internal.h"

#define MAX_SLM (1u << 20)

static vsmp_status refuse(vsmp_diags *d, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static vsmp_status refuse(vsmp_diags *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_diags_vadd(d, VSMP_SEV_ERROR, "launch.iface", 0, 0, -1, fmt, ap);
    va_end(ap);
    return VSMP_ERR_ARG;
}

/* The bytes of one local-ID block and the default start of the cross-thread data. */
static uint32_t id_bytes(unsigned simd)
{
    return simd * 2 < 32 ? 32 : simd * 2;
}

static uint32_t default_cross_offset(const vsmp_launch_iface *f)
{
    return 32 + id_bytes(f->simd) * ((unsigned)f->local_id[0] + f->local_id[1] + f->local_id[2]);
}

/* The end of the cross-thread bytes the interface writes (values and buffer pointers). */
static uint32_t cross_extent(const vsmp_launch_iface *f)
{
    uint32_t end = 0;
    for (unsigned i = 0; i < f->nparams; i++)
        if (f->params[i].kind != LP_NONE && f->params[i].offset + f->params[i].size > end)
            end = f->params[i].offset + f->params[i].size;
    for (unsigned i = 0; i < f->nargs; i++)
        if (f->args[i].kind == VSMP_ARG_BUFFER && f->args[i].offset >= 0 &&
            (uint32_t)f->args[i].offset + f->args[i].size > end)
            end = (uint32_t)f->args[i].offset + f->args[i].size;
    return end;
}

/* Room for bytes [offset, offset + size) of the cross-thread data. */
static vsmp_status fits(const vsmp_launch_iface *f, uint64_t offset, uint64_t size,
                        const char *what, vsmp_diags *d)
{
    uint32_t cap = f->cross_size ? f->cross_size : 256; /* the launcher's default */
    if (offset + size > cap)
        return refuse(d, "%s: bytes %llu..%llu lie past the cross-thread data (%u bytes)", what,
                      (unsigned long long)offset, (unsigned long long)(offset + size - 1), cap);
    return VSMP_OK;
}

vsmp_status vsmp_launch_iface_create(const char *kernel, unsigned simd, vsmp_launch_iface **out,
                                     vsmp_diags *d)
{
    if (!out)
        return VSMP_ERR_ARG;
    *out = NULL;
    size_t n = kernel ? strlen(kernel) : 0;
    if (!n || n >= sizeof(((vsmp_launch_iface *)0)->kernel))
        return refuse(d, "kernel name: 1 to %zu bytes (got %zu)",
                      sizeof(((vsmp_launch_iface *)0)->kernel) - 1, n);
    if (simd != 8 && simd != 16 && simd != 32)
        return refuse(d, "kernel %s: SIMD width %u (8, 16 or 32)", kernel, simd);
    vsmp_launch_iface *f = calloc(1, sizeof(*f));
    if (!f)
        return VSMP_ERR_NOMEM;
    vsmp_launch_iface_init_prog(f);
    memcpy(f->kernel, kernel, n + 1);
    f->simd = simd;
    f->local_id[0] = f->local_id[1] = f->local_id[2] = true;
    f->sampler_array_offset = -1;
    *out = f;
    return VSMP_OK;
}

void vsmp_launch_layout_init(vsmp_launch_layout *l)
{
    if (!l)
        return;
    memset(l, 0, sizeof(*l));
    l->local_id[0] = l->local_id[1] = l->local_id[2] = true;
}

vsmp_status vsmp_launch_iface_set_layout(vsmp_launch_iface *f, const vsmp_launch_layout *l,
                                         vsmp_diags *d)
{
    if (!f || !l)
        return VSMP_ERR_ARG;
    vsmp_launch_iface probe = {.simd = f->simd};
    memcpy(probe.local_id, l->local_id, sizeof(probe.local_id));
    uint32_t ids_end = default_cross_offset(&probe);
    if (l->cross_thread_offset &&
        (l->cross_thread_offset % 32 || l->cross_thread_offset < ids_end ||
         l->cross_thread_offset > 2 * VSMP_LAUNCH_MAX_CROSS_THREAD))
        return refuse(d,
                      "cross-thread data at payload byte %u: a multiple of 32 from %u (the end "
                      "of the local IDs) to %u",
                      l->cross_thread_offset, ids_end, 2 * VSMP_LAUNCH_MAX_CROSS_THREAD);
    if (l->cross_thread_size > VSMP_LAUNCH_MAX_CROSS_THREAD)
        return refuse(d, "cross-thread data of %u bytes (at most %u)", l->cross_thread_size,
                      VSMP_LAUNCH_MAX_CROSS_THREAD);
    uint32_t need = cross_extent(f);
    if (l->cross_thread_size && l->cross_thread_size < need)
        return refuse(d, "cross-thread data of %u bytes: the values added reach byte %u",
                      l->cross_thread_size, need);
    if (l->slm_size > MAX_SLM)
        return refuse(d, "shared local memory of %u bytes (at most %u)", l->slm_size, MAX_SLM);
    if (l->private_size > LAUNCH_MAX_PRIVATE)
        return refuse(d, "private memory of %u bytes (at most %u)", l->private_size,
                      LAUNCH_MAX_PRIVATE);
    if (l->inline_data_size % 32 || l->inline_data_size > 64)
        return refuse(d, "inline data of %u bytes (0, 32 or 64)", l->inline_data_size);
    if (l->scratch_size > VSMP_LAUNCH_MAX_SCRATCH)
        return refuse(d, "scratch space of %u bytes (at most %u)", l->scratch_size,
                      VSMP_LAUNCH_MAX_SCRATCH);
    memcpy(f->local_id, l->local_id, sizeof(f->local_id));
    f->cross_offset = l->cross_thread_offset;
    f->cross_size = l->cross_thread_size;
    f->barriers = l->barriers;
    f->slm_inline = l->slm_size;
    f->private_size = l->private_size;
    f->private_simt = l->private_simt;
    f->inline_size = l->inline_data_size;
    f->scratch_size = l->scratch_size;
    return VSMP_OK;
}

vsmp_status vsmp_launch_iface_get_layout(const vsmp_launch_iface *f, vsmp_launch_layout *out)
{
    if (!f || !out)
        return VSMP_ERR_ARG;
    vsmp_launch_layout_init(out);
    memcpy(out->local_id, f->local_id, sizeof(out->local_id));
    out->cross_thread_offset = f->cross_offset ? f->cross_offset : default_cross_offset(f);
    out->cross_thread_size = f->cross_size;
    out->barriers = f->barriers;
    out->slm_size = f->slm_inline;
    out->private_size = f->private_size;
    out->private_simt = f->private_simt;
    out->inline_data_size = f->inline_size;
    out->scratch_size = f->scratch_size;
    return VSMP_OK;
}

static bool terminated(const char *s, size_t n)
{
    return memchr(s, 0, n) != NULL;
}

static vsmp_status add_param(vsmp_launch_iface *f, launch_param_kind kind, int32_t arg,
                             uint32_t source, uint32_t offset, uint32_t size, vsmp_diags *d)
{
    if (f->nparams == LAUNCH_MAX_PARAMS)
        return refuse(d, "more than %d payload values", LAUNCH_MAX_PARAMS);
    launch_param *p = &f->params[f->nparams++];
    memset(p, 0, sizeof(*p));
    p->kind = kind;
    p->arg = arg;
    p->source = source;
    p->offset = offset;
    p->size = size;
    return VSMP_OK;
}

vsmp_status vsmp_launch_iface_add_arg(vsmp_launch_iface *f, unsigned index,
                                      const vsmp_launch_arg_info *a, vsmp_diags *d)
{
    if (!f || !a)
        return VSMP_ERR_ARG;
    if (index >= VSMP_LAUNCH_MAX_ARGS)
        return refuse(d, "argument %u: at most %d arguments", index, VSMP_LAUNCH_MAX_ARGS);
    if (index < f->nargs && f->args[index].kind != VSMP_ARG_NONE)
        return refuse(d, "argument %u given twice", index);
    if (!terminated(a->type, sizeof(a->type)) || !terminated(a->name, sizeof(a->name)))
        return refuse(d, "argument %u: type or name not NUL-terminated in its %zu bytes", index,
                      sizeof(a->name));
    bool uses_bti = a->kind == VSMP_ARG_BUFFER || a->kind == VSMP_ARG_IMAGE;
    bool uses_ptr = a->kind == VSMP_ARG_BUFFER || a->kind == VSMP_ARG_SCALAR;
    switch (a->kind) {
    case VSMP_ARG_SCALAR:
        if (a->offset < 0 || a->size > VSMP_LAUNCH_MAX_ARG_BYTES)
            return refuse(d, "argument %u (scalar): offset %d, size %u (offset >= 0, size 0..%d)",
                          index, a->offset, a->size, VSMP_LAUNCH_MAX_ARG_BYTES);
        break;
    case VSMP_ARG_BUFFER:
        if (a->bti < -1 || a->bti >= VSMP_MAX_BINDINGS)
            return refuse(d, "argument %u (buffer): binding-table index %d (-1..%d)", index, a->bti,
                          VSMP_MAX_BINDINGS - 1);
        if (a->offset < 0 ? a->offset != -1 || a->size || a->bti < 0 : a->size != 4 && a->size != 8)
            return refuse(d,
                          "argument %u (buffer): pointer at %d of %u bytes (4 or 8 bytes at an "
                          "offset >= 0, or -1 and 0 with a binding-table index)",
                          index, a->offset, a->size);
        break;
    case VSMP_ARG_IMAGE:
        if (a->bti < 0 || a->bti >= VSMP_MAX_BINDINGS)
            return refuse(d, "argument %u (image): binding-table index %d (0..%d)", index, a->bti,
                          VSMP_MAX_BINDINGS - 1);
        break;
    case VSMP_ARG_SAMPLER:
        if (a->sampler < 0 || a->sampler >= VSMP_MAX_SAMPLER_STATES)
            return refuse(d, "argument %u (sampler): sampler index %d (0..%d)", index, a->sampler,
                          VSMP_MAX_SAMPLER_STATES - 1);
        if (f->inline_set[a->sampler])
            return refuse(d, "argument %u (sampler): sampler index %d is an inline sampler's",
                          index, a->sampler);
        break;
    case VSMP_ARG_LOCAL:
        break;
    case VSMP_ARG_NONE:
    default:
        return refuse(d, "argument %u: kind %d is no argument kind", index, (int)a->kind);
    }
    if (!uses_bti && a->bti != -1)
        return refuse(d, "argument %u: a binding-table index (%d) for a kind that has none", index,
                      a->bti);
    if (a->kind != VSMP_ARG_SAMPLER && a->sampler != -1)
        return refuse(d, "argument %u: a sampler index (%d) for a kind that has none", index,
                      a->sampler);
    if (!uses_ptr && (a->offset != -1 || a->size))
        return refuse(d, "argument %u: an offset or size (%d, %u) for a kind that has none", index,
                      a->offset, a->size);
    if (uses_ptr && a->offset >= 0 && a->size) {
        vsmp_status st = fits(f, (uint64_t)a->offset, a->size, "argument", d);
        if (st)
            return st;
    }
    if (a->kind == VSMP_ARG_SCALAR && a->size) {
        vsmp_status st =
            add_param(f, LP_KERNEL_ARGUMENT, (int32_t)index, 0, (uint32_t)a->offset, a->size, d);
        if (st)
            return st;
    }
    for (unsigned i = f->nargs; i < index; i++) {
        memset(&f->args[i], 0, sizeof(f->args[i]));
        f->args[i].bti = f->args[i].sampler = f->args[i].offset = -1;
    }
    if (index >= f->nargs)
        f->nargs = index + 1;
    f->args[index] = *a;
    return VSMP_OK;
}

static const struct {
    vsmp_launch_value what;
    launch_param_kind kind;
    const char *name;
    char uses; /* 'd' dimension, 'i' image argument, 's' scalar argument, 'l' local argument,
                  'b' buffer or image argument with a binding-table index, 'x' sampler state,
                  'm' sampler argument */
} values[] = {
    {VSMP_VALUE_ZERO, LP_ZERO, "zero", 0},
    {VSMP_VALUE_ARG_BYTES, LP_KERNEL_ARGUMENT, "argument bytes", 's'},
    {VSMP_VALUE_GLOBAL_OFFSET, LP_GLOBAL_WORK_OFFSET, "global offset", 'd'},
    {VSMP_VALUE_LOCAL_SIZE, LP_LOCAL_WORK_SIZE, "local size", 'd'},
    {VSMP_VALUE_ENQUEUED_LOCAL_SIZE, LP_ENQUEUED_LOCAL_WORK_SIZE, "enqueued local size", 'd'},
    {VSMP_VALUE_GLOBAL_SIZE, LP_GLOBAL_WORK_SIZE, "global size", 'd'},
    {VSMP_VALUE_NUM_GROUPS, LP_NUM_WORK_GROUPS, "number of groups", 'd'},
    {VSMP_VALUE_WORK_DIM, LP_WORK_DIMENSIONS, "work dimensions", 0},
    {VSMP_VALUE_IMAGE_WIDTH, LP_IMAGE_WIDTH, "image width", 'i'},
    {VSMP_VALUE_IMAGE_HEIGHT, LP_IMAGE_HEIGHT, "image height", 'i'},
    {VSMP_VALUE_IMAGE_DEPTH, LP_IMAGE_DEPTH, "image depth", 'i'},
    {VSMP_VALUE_IMAGE_ARRAY_SIZE, LP_IMAGE_ARRAY_SIZE, "image array size", 'i'},
    {VSMP_VALUE_IMAGE_CHANNEL_DATA_TYPE, LP_IMAGE_CHANNEL_DATA_TYPE, "image channel data type",
     'i'},
    {VSMP_VALUE_IMAGE_CHANNEL_ORDER, LP_IMAGE_CHANNEL_ORDER, "image channel order", 'i'},
    {VSMP_VALUE_IMAGE_NUM_MIP_LEVELS, LP_IMAGE_NUM_MIP_LEVELS, "image mip levels", 'i'},
    {VSMP_VALUE_IMAGE_NUM_SAMPLES, LP_IMAGE_NUM_SAMPLES, "image samples", 'i'},
    {VSMP_VALUE_LOCAL_OFFSET, LP_LOCAL_OFFSET, "local argument offset", 'l'},
    {VSMP_VALUE_PRIVATE_BASE, LP_NONE, "private base", 0},
    {VSMP_VALUE_BINDLESS_SURFACE, LP_BINDLESS_SURFACE, "bindless surface", 'b'},
    {VSMP_VALUE_BINDLESS_SAMPLER, LP_BINDLESS_SAMPLER, "bindless sampler", 'x'},
    {VSMP_VALUE_PRINTF_BUFFER, LP_NONE, "printf buffer", 0},
    {VSMP_VALUE_SAMPLER_ADDRESS, LP_SAMPLER_ADDRESS, "sampler address mode", 'm'},
    {VSMP_VALUE_SAMPLER_NORMALIZED, LP_SAMPLER_NORMALIZED, "sampler normalized coordinates", 'm'},
    {VSMP_VALUE_SAMPLER_SNAP_WA, LP_SAMPLER_SNAP_WA, "sampler snap workaround", 'm'},
    {VSMP_VALUE_CONSTANT_BASE, LP_NONE, "program __constant base", 't'},
    {VSMP_VALUE_GLOBAL_BASE, LP_NONE, "program __global base", 't'},
    {VSMP_VALUE_CONSTANT_BINDLESS, LP_BINDLESS_PROGRAM, "program __constant bindless", 'p'},
    {VSMP_VALUE_GLOBAL_BINDLESS, LP_BINDLESS_PROGRAM, "program __global bindless", 'p'},
};

vsmp_status vsmp_launch_iface_add_value(vsmp_launch_iface *f, const vsmp_launch_payload_value *v,
                                        vsmp_diags *d)
{
    if (!f || !v)
        return VSMP_ERR_ARG;
    size_t k = 0, nv = sizeof(values) / sizeof(values[0]);
    while (k < nv && values[k].what != v->what)
        k++;
    if (k == nv)
        return refuse(d, "payload value of kind %d: no such kind", (int)v->what);
    const char *nm = values[k].name;
    char u = values[k].uses;
    if (u == 's' || u == 'i' || u == 'l' || u == 'm') {
        static const vsmp_arg_kind want[4] = {VSMP_ARG_SCALAR, VSMP_ARG_IMAGE, VSMP_ARG_LOCAL,
                                              VSMP_ARG_SAMPLER};
        static const char *const wname[4] = {"scalar", "image", "__local", "sampler_t"};
        int w = u == 's' ? 0 : u == 'i' ? 1 : u == 'l' ? 2 : 3;
        if (v->arg < 0 || (unsigned)v->arg >= f->nargs || f->args[v->arg].kind != want[w])
            return refuse(d, "%s: argument %d is no %s argument of the interface", nm, v->arg,
                          wname[w]);
    } else if (u == 'b') {
        if (v->arg < 0 || (unsigned)v->arg >= f->nargs ||
            (f->args[v->arg].kind != VSMP_ARG_BUFFER && f->args[v->arg].kind != VSMP_ARG_IMAGE) ||
            f->args[v->arg].bti < 0)
            return refuse(d, "%s: argument %d is no buffer or image with a binding-table index", nm,
                          v->arg);
    } else if (v->arg != -1) {
        return refuse(d, "%s: names argument %d (it belongs to none: -1)", nm, v->arg);
    }
    uint32_t source = v->source;
    if (u == 'd' && source > 2)
        return refuse(d, "%s: dimension %u (0..2)", nm, source);
    if (u == 's' && (v->size < 1 || source + (uint64_t)v->size > VSMP_LAUNCH_MAX_ARG_BYTES))
        return refuse(d, "%s: bytes %u..+%u of the argument (inside its %d bytes)", nm, source,
                      v->size, VSMP_LAUNCH_MAX_ARG_BYTES);
    if (u == 'l' && (!source || source > 4096 || (source & (source - 1))))
        return refuse(d, "%s: alignment %u (a power of two, 1..4096)", nm, source);
    if (u == 'l') {
        for (unsigned i = 0; i < f->nparams; i++)
            if (f->params[i].kind == LP_LOCAL_OFFSET && f->params[i].arg == v->arg)
                return refuse(d, "%s: argument %d has one already", nm, v->arg);
    }
    if (u == 'x' && source >= VSMP_MAX_SAMPLER_STATES)
        return refuse(d, "%s: sampler state %u (0..%d)", nm, source, VSMP_MAX_SAMPLER_STATES - 1);
    if (u == 't' && source > VSMP_MAX_BINDINGS)
        return refuse(d, "%s: binding-table index %u + 1 (0: none; 1..%d)", nm, source - 1,
                      VSMP_MAX_BINDINGS);
    if (u == 'p') {
        /* the program-scope buffer, bound at `source`, its bindless state offset here */
        launch_prog_surf *ps =
            &f->prog[v->what == VSMP_VALUE_CONSTANT_BINDLESS ? PROG_CONSTANT : PROG_GLOBAL];
        if (source >= VSMP_MAX_BINDINGS)
            return refuse(d, "%s: binding-table index %u (0..%d)", nm, source,
                          VSMP_MAX_BINDINGS - 1);
        if (ps->bti >= 0 && ps->bti != (int32_t)source)
            return refuse(d, "%s: binding-table index %u, and %d already", nm, source, ps->bti);
        for (unsigned i = 0; i < f->nargs; i++)
            if ((f->args[i].kind == VSMP_ARG_BUFFER || f->args[i].kind == VSMP_ARG_IMAGE) &&
                f->args[i].bti == (int32_t)source)
                return refuse(d, "%s: binding-table index %u is argument %u's", nm, source, i);
        if (v->size != 4 && v->size != 8)
            return refuse(d, "%s: %u bytes (4 or 8)", nm, v->size);
        vsmp_status st = fits(f, v->offset, v->size, nm, d);
        if (st)
            return st;
        st = add_param(f, values[k].kind, 0, source, v->offset, v->size, d);
        if (st)
            return st;
        ps->present = true;
        ps->bti = (int32_t)source;
        return VSMP_OK;
    }
    if (u != 'd' && u != 's' && u != 'l' && u != 'x' && u != 't' && source)
        return refuse(d, "%s: source %u (it takes none: 0)", nm, source);
    if (u == 't') {
        /* the program-scope buffer itself: bound and mapped by the launcher, its address here.
         * A symbol may have marked it present already (no pointer then). */
        launch_prog_surf *ps =
            &f->prog[v->what == VSMP_VALUE_CONSTANT_BASE ? PROG_CONSTANT : PROG_GLOBAL];
        if (v->size != 4 && v->size != 8)
            return refuse(d, "%s: %u bytes (4 or 8)", nm, v->size);
        if (ps->offset >= 0)
            return refuse(d, "%s: given twice", nm);
        if (source && ps->bti >= 0 && ps->bti != (int32_t)source - 1)
            return refuse(d, "%s: binding-table index %u, and %d already", nm, source - 1, ps->bti);
        for (unsigned i = 0; source && i < f->nargs; i++)
            if ((f->args[i].kind == VSMP_ARG_BUFFER || f->args[i].kind == VSMP_ARG_IMAGE) &&
                f->args[i].bti == (int32_t)source - 1)
                return refuse(d, "%s: binding-table index %u is argument %u's", nm, source - 1, i);
        vsmp_status st = fits(f, v->offset, v->size, nm, d);
        if (st)
            return st;
        ps->present = true;
        if (source)
            ps->bti = (int32_t)source - 1;
        ps->offset = (int32_t)v->offset;
        ps->size = v->size;
        return VSMP_OK;
    }
    if (v->what == VSMP_VALUE_PRIVATE_BASE || v->what == VSMP_VALUE_PRINTF_BUFFER) {
        launch_prog_surf *ps =
            &f->prog[v->what == VSMP_VALUE_PRIVATE_BASE ? PROG_PRIVATE : PROG_PRINTF];
        if (v->size != 4 && v->size != 8)
            return refuse(d, "%s: %u bytes (4 or 8)", nm, v->size);
        if (ps->present)
            return refuse(d, "%s: given twice", nm);
        vsmp_status st = fits(f, v->offset, v->size, nm, d);
        if (st)
            return st;
        ps->present = true;
        ps->bti = -1;
        ps->offset = (int32_t)v->offset;
        ps->size = v->size;
        return VSMP_OK;
    }
    bool size_ok = u == 's'                           ? true
                   : u == 'l' || u == 'b' || u == 'x' ? v->size == 4 || v->size == 8
                   : v->what == VSMP_VALUE_ZERO       ? v->size >= 1 && v->size <= 64
                                                      : v->size == 4;
    if (!size_ok)
        return refuse(d, "%s: %u bytes (%s)", nm, v->size,
                      u == 'l' || u == 'b' || u == 'x' ? "4 or 8"
                      : v->what == VSMP_VALUE_ZERO     ? "1..64"
                                                       : "4");
    vsmp_status st = fits(f, v->offset, v->size, nm, d);
    if (st)
        return st;
    /* the launcher reads the NDRange values' dimension from SourceOffset / 4, as the .cos has it */
    return add_param(f, values[k].kind, v->arg < 0 ? 0 : v->arg, u == 'd' ? source * 4 : source,
                     v->offset, v->size, d);
}

vsmp_status vsmp_launch_iface_add_inline_sampler(vsmp_launch_iface *f, unsigned index,
                                                 const vsmp_sampler_state *st, vsmp_diags *d)
{
    if (!f || !st)
        return VSMP_ERR_ARG;
    if (index >= VSMP_MAX_SAMPLER_STATES)
        return refuse(d, "inline sampler %u: index 0..%d", index, VSMP_MAX_SAMPLER_STATES - 1);
    if (f->inline_set[index])
        return refuse(d, "inline sampler %u given twice", index);
    for (unsigned i = 0; i < f->nargs; i++)
        if (f->args[i].kind == VSMP_ARG_SAMPLER && f->args[i].sampler == (int32_t)index)
            return refuse(d, "inline sampler %u: argument %u is at that sampler index", index, i);
    f->inline_samplers[index] = *st;
    f->inline_set[index] = true;
    return VSMP_OK;
}

const vsmp_sampler_state *vsmp_launch_iface_inline_sampler(const vsmp_launch_iface *f,
                                                           unsigned index)
{
    return f && index < VSMP_MAX_SAMPLER_STATES && f->inline_set[index] ? &f->inline_samplers[index]
                                                                        : NULL;
}

/* strlen of @p s, or @p max when it has no NUL before it */
static size_t bounded_len(const char *s, size_t max)
{
    const char *z = memchr(s, 0, max);
    return z ? (size_t)(z - s) : max;
}

/* Program-scope data lies at most this far into its window (the .cos's limit too). */
#define SYMBOL_WINDOW ((uint64_t)1 << 30)

vsmp_status vsmp_launch_iface_add_symbol(vsmp_launch_iface *f, const char *name, uint64_t address,
                                         uint64_t size, const char *printf_string, vsmp_diags *d)
{
    if (!f || !name)
        return VSMP_ERR_ARG;
    size_t n = bounded_len(name, 256);
    if (n == 0 || n > 255)
        return refuse(d, "symbol \"%.40s\": a name of 1..255 bytes", name);
    static const uint64_t base[2] = {VSMP_LAUNCH_CONSTANT_ADDRESS, VSMP_LAUNCH_GLOBAL_ADDRESS};
    int k = address >= base[1] ? 1 : 0;
    uint64_t off = address - base[k];
    if (address < base[0] || off > SYMBOL_WINDOW || size > SYMBOL_WINDOW - off)
        return refuse(d,
                      "symbol %s: address 0x%llx (%llu bytes) lies outside the program's "
                      "__constant and __global data",
                      name, (unsigned long long)address, (unsigned long long)size);
    for (unsigned i = 0; i < f->nsyms; i++)
        if (!strcmp(f->symtab + f->sym_name[i], name))
            return refuse(d, "symbol %s given twice", name);
    if (f->nsyms >= VSMP_LAUNCH_MAX_SYMBOLS || f->sym_used + n + 1 > sizeof(f->symtab))
        return refuse(d, "symbol %s: more than %d symbols or %zu bytes of names", name,
                      VSMP_LAUNCH_MAX_SYMBOLS, sizeof(f->symtab));
    if (printf_string) {
        size_t sl = bounded_len(printf_string, LAUNCH_STRING_BYTES);
        unsigned i = 0;
        while (i < LAUNCH_MAX_STRINGS && f->str_off[i] >= 0)
            i++;
        if (i == LAUNCH_MAX_STRINGS || f->str_used + sl + 1 > LAUNCH_STRING_BYTES)
            return refuse(d, "symbol %s: more than %d printf strings or %d bytes of them", name,
                          LAUNCH_MAX_STRINGS, LAUNCH_STRING_BYTES);
        if (i && !f->str_by_addr)
            return refuse(d, "symbol %s: a printf string by address beside strings by index", name);
        memcpy(f->strtab + f->str_used, printf_string, sl);
        f->strtab[f->str_used + sl] = 0;
        f->str_off[i] = (int32_t)f->str_used;
        f->str_addr[i] = address;
        f->str_used += (uint32_t)sl + 1;
        f->str_by_addr = true;
    }
    memcpy(f->symtab + f->sym_used, name, n + 1);
    f->sym_name[f->nsyms] = f->sym_used;
    f->sym_addr[f->nsyms++] = address;
    f->sym_used += (uint32_t)n + 1;
    /* the buffer is mapped (no binding-table index, no pointer in the payload), and holds the
     * symbol's bytes */
    launch_prog_surf *ps = &f->prog[k];
    ps->present = true;
    if (f->prog_bytes[k] < off + size)
        f->prog_bytes[k] = off + size;
    return VSMP_OK;
}

vsmp_status vsmp_launch_iface_add_symbols_of(vsmp_launch_iface *f, const vsmp_launch_iface *from,
                                             vsmp_diags *d)
{
    if (!f || !from)
        return VSMP_ERR_ARG;
    for (unsigned i = 0; i < from->nsyms; i++) {
        uint64_t addr = from->sym_addr[i];
        vsmp_status st = vsmp_launch_iface_add_symbol(f, from->symtab + from->sym_name[i], addr, 0,
                                                      vsmp_launch_iface_string_at(from, addr), d);
        if (st)
            return st;
    }
    for (int k = PROG_CONSTANT; k <= PROG_GLOBAL; k++)
        if (from->prog[k].present && f->prog_bytes[k] < from->prog_bytes[k])
            f->prog_bytes[k] = from->prog_bytes[k];
    return VSMP_OK;
}

const char *vsmp_launch_iface_string_at(const vsmp_launch_iface *f, uint64_t addr)
{
    for (unsigned i = 0; f->str_by_addr && i < LAUNCH_MAX_STRINGS && f->str_off[i] >= 0; i++)
        if (f->str_addr[i] == addr)
            return f->strtab + f->str_off[i];
    return NULL;
}
