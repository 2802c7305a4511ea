/* SPDX-License-Identifier: MIT */
/*
 * NDRange launch: work-groups, hardware threads of the kernel's SIMD width, their payloads
 * (docs/LAUNCH.md section 2), one machine run per thread.
 */
#define _POSIX_C_SOURCE 200809L /* sysconf */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "launch_internal.h"

#define SVM_BASE(arg) ((uint64_t)((arg) + 1) << 32) /* where buffer argument `arg` is mapped */

void vsmp_launch_options_init(vsmp_launch_options *o)
{
    memset(o, 0, sizeof(*o));
    o->platform = VSMP_PLATFORM_TGLLP;
    o->workers = 1;
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

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
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
        if (p->kind >= LP_IMAGE_WIDTH && p->kind <= LP_IMAGE_ARRAY_SIZE) {
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
        case LP_KERNEL_ARGUMENT: {
            const vsmp_launch_arg *a = &args[p->arg];
            if (p->source + p->size > a->size)
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
        }
        if (p->size != 4 && !(p->size == 0 && p->kind == LP_ZERO))
            return fail(d, VSMP_ERR_UNSUPPORTED, "data parameter %s of %ld bytes", "size", p->size);
        if (p->size == 4)
            put32(ct + p->offset, v);
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
                             const vsmp_launch_arg *args, const vsmp_launch_options *o)
{
    /* the kernel's inline samplers: the launch options' if given, else the interface's */
    for (unsigned i = 0; i < VSMP_MAX_SAMPLER_STATES; i++)
        if (o->inline_samplers[i])
            vsmp_machine_bind_sampler(m, i, o->inline_samplers[i]);
        else if (f->inline_set[i])
            vsmp_machine_bind_sampler(m, i, &f->inline_samplers[i]);
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

/* The threads of one work-group with barriers, interleaved: each runs until it passes a
 * barrier (or ends), then the next, round-robin, until all have ended. A round where some
 * threads wait at a barrier and others have ended is a deadlock: the waiting threads would
 * never go on. (Each thread's run keeps the machine's step limit, so a group is bounded by
 * threads x max_steps instructions.) waits[t]: thread t has not ended (all true at the start). */
static vsmp_status run_group(vsmp_machine **m, uint32_t threads, bool *waits, uint32_t gx,
                             uint32_t gy, uint32_t gz, vsmp_diags *d)
{
    bool started = false;
    for (;;) {
        uint32_t waiting = 0, ended = 0;
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
                return st;
            }
            waits[t] = at;
            if (at)
                waiting++;
            else
                ended++;
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

/* The NDRange with its unused dimensions set to 1 and, when no local size is given, the local
 * size chosen (the largest divisor of the global size up to 16 in x, 1 elsewhere); *items the
 * work-items. -1 when valid; -2 for a dimension count outside 1..3; else the first dimension
 * whose global size is not a non-zero multiple of its local size. */
static int norm_ndrange(vsmp_ndrange *nd, uint64_t *items)
{
    if (nd->dims < 1 || nd->dims > 3)
        return -2;
    bool choose = !nd->local[0] && !nd->local[1] && !nd->local[2];
    *items = 1;
    for (unsigned k = 0; k < 3; k++) {
        if (k >= nd->dims) {
            nd->global[k] = nd->local[k] = 1;
            nd->offset[k] = 0;
        }
        if (choose && k < nd->dims) {
            unsigned lim = k == 0 ? 16 : 1;
            nd->local[k] = 1;
            for (unsigned l = lim; l >= 1; l--)
                if (nd->global[k] % l == 0) {
                    nd->local[k] = l;
                    break;
                }
        }
        if (!nd->global[k] || !nd->local[k] || nd->global[k] % nd->local[k])
            return (int)k;
        *items *= nd->global[k];
    }
    return -1;
}

/* The launch, running the work-groups of linear index (x fastest) in [lo, hi) only. */
static vsmp_status launch_groups(const vsmp_module *mod, uint32_t kernel,
                                 const vsmp_launch_iface *f, const vsmp_ndrange *ndr,
                                 const vsmp_launch_arg *args, unsigned nargs,
                                 const vsmp_launch_options *o, vsmp_diags *d, uint64_t lo,
                                 uint64_t hi)
{
    if (!mod || !f || !ndr || !o || (nargs && !args))
        return VSMP_ERR_ARG;
    if (nargs < f->nargs)
        return fail(d, VSMP_ERR_ARG, "the kernel has %s%ld arguments, fewer were given", "",
                    f->nargs);
    for (unsigned i = 0; i < f->nargs; i++) {
        vsmp_arg_kind k = f->args[i].kind;
        if ((k == VSMP_ARG_BUFFER || k == VSMP_ARG_IMAGE) && !args[i].surface)
            return fail(d, VSMP_ERR_ARG, "argument %s%ld needs a surface", "", i);
    }
    vsmp_ndrange nd = *ndr;
    uint64_t items = 0;
    int bad = norm_ndrange(&nd, &items);
    if (bad == -2)
        return fail(d, VSMP_ERR_ARG, "%sNDRange of %ld dimensions", "", nd.dims);
    if (bad >= 0)
        return fail(d, VSMP_ERR_ARG,
                    "dimension %s%ld: the global size must be a non-zero multiple of the "
                    "local size",
                    "", bad);
    if (items > (1u << 24))
        return fail(d, VSMP_ERR_ARG, "%smore than 2^24 work-items (%ld)", "", (long)items);
    unsigned simd = f->simd;
    uint32_t group = nd.local[0] * nd.local[1] * nd.local[2];
    if (group > 1024)
        return fail(d, VSMP_ERR_ARG, "%sa work-group of %ld work-items (at most 1024)", "", group);
    uint32_t threads = (group + simd - 1) / simd;
    /* shared local memory: the kernel's own (inline) bytes, then each __local argument at its
     * alignment (SUM_OF_LOCAL_MEMORY_OBJECT_ARGUMENT_SIZES: SourceOffset). The offset the
     * kernel is given counts from the end of the inline bytes (the kernel adds them itself:
     * lr_sum_max adds 0x20 to it), as the name says: the sum of the earlier arguments' sizes. */
    uint32_t local_off[VSMP_LAUNCH_MAX_ARGS] = {0};
    uint64_t slm_size = f->slm_inline;
    for (unsigned i = 0; i < f->nargs; i++) {
        if (f->args[i].kind != VSMP_ARG_LOCAL)
            continue;
        uint32_t al = 1;
        for (unsigned k = 0; k < f->nparams; k++)
            if (f->params[k].kind == LP_LOCAL_OFFSET && f->params[k].arg == (int32_t)i &&
                f->params[k].source > al)
                al = f->params[k].source;
        uint64_t rel = slm_size - f->slm_inline;
        rel = (rel + al - 1) / al * al;
        local_off[i] = (uint32_t)rel;
        slm_size = f->slm_inline + rel + args[i].size;
    }
    if (slm_size > (1u << 20))
        return fail(d, VSMP_ERR_ARG, "%sshared local memory of %ld bytes (at most 1 MiB)", "",
                    (long)slm_size);
    /* a group with barriers runs its threads interleaved, one machine each; otherwise the
     * threads run one after the other on two machines (full threads, the partial last one) */
    bool interleave = f->barriers && threads > 1;

    /* payload: r0, then the local IDs present (one uw per lane, at least one 32-byte GRF per
     * dimension), then the cross-thread data */
    unsigned id_bytes = simd * 2 < 32 ? 32 : simd * 2, nids = 0;
    for (unsigned k = 0; k < 3; k++)
        nids += f->local_id[k];
    size_t ct_base = f->cross_offset ? f->cross_offset : 32 + (size_t)id_bytes * nids;
    size_t ct_cap = f->cross_size ? f->cross_size : 256;
    uint8_t *payload = calloc(1, ct_base + ct_cap);
    if (!payload)
        return VSMP_ERR_NOMEM;
    uint8_t *slm = calloc(1, slm_size ? (size_t)slm_size : 1);
    unsigned nm = interleave ? threads : 2;
    vsmp_machine **m = calloc(nm, sizeof(*m));
    bool *waits = calloc(threads, sizeof(bool));
    if (!slm || !m || !waits) {
        free(payload), free(slm), free(m), free(waits);
        return VSMP_ERR_NOMEM;
    }
    vsmp_status st = cross_thread(f, &nd, args, local_off, payload + ct_base, ct_cap, d);

    uint32_t tail = group % simd;
    for (unsigned k = 0; k < nm && !st; k++) {
        bool partial = interleave ? k == threads - 1 && tail : k == 1;
        if (!interleave && k == 1 && !tail)
            break;
        vsmp_machine_options mo;
        vsmp_machine_options_init(&mo);
        mo.platform = o->platform;
        mo.dispatch_simd = (uint8_t)simd;
        mo.dispatch_mask = partial ? (1u << tail) - 1 : ~0u;
        if (o->max_steps)
            mo.max_steps = o->max_steps;
        st = vsmp_machine_create(mod, kernel, &mo, &m[k], d);
        if (!st)
            st = bind_args(m[k], f, args, o);
        if (!st)
            vsmp_machine_set_slm(m[k], slm, (size_t)slm_size);
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
    size_t n = ct_base + ct_cap < psize ? ct_base + ct_cap : psize;
    size_t id_end = n < ct_base ? n : ct_base, ids_n = id_end > 32 ? id_end - 32 : 0;
    if (ids_n > (size_t)nids * id_bytes) /* a gap before the cross-thread data stays zero */
        ids_n = (size_t)nids * id_bytes;
    uint8_t *ids = NULL;
    uint32_t *holds = NULL; /* holds[k]: the thread whose IDs machine k's payload has */
    if (!st && ids_n) {
        ids = local_ids(&nd, f, simd, threads, group, id_bytes, nids);
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
    uint32_t ng[3];
    for (unsigned k = 0; k < 3; k++)
        ng[k] = nd.global[k] / nd.local[k];
    for (uint32_t gz = 0; gz < ng[2] && !st; gz++)
        for (uint32_t gy = 0; gy < ng[1] && !st; gy++)
            for (uint32_t gx = 0; gx < ng[0] && !st; gx++) {
                uint64_t lin = ((uint64_t)gz * ng[1] + gy) * ng[0] + gx;
                if (lin < lo || lin >= hi)
                    continue;
                /* OpenCL leaves __local memory undefined at a group's start: vsmp zeroes it */
                if (slm_size)
                    memset(slm, 0, (size_t)slm_size);
                for (uint32_t t = 0; t < threads && !st; t++) {
                    unsigned k = interleave ? t : t == threads - 1 && tail ? 1 : 0;
                    vsmp_machine *mm = m[k];
                    vsmp_machine_reset(mm);
                    if (holds && holds[k] != t) {
                        vsmp_machine_set_payload(mm, 32, ids + (size_t)t * nids * id_bytes, ids_n);
                        holds[k] = t;
                    }
                    uint8_t rr[32] = {0};
                    put32(rr + 4, gx); /* r0.1, r0.6, r0.7: the group IDs */
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
                                       "in work-group (%u, %u, %u), hardware thread %u", gx, gy, gz,
                                       t);
                }
                if (interleave && !st)
                    st = run_group(m, threads, waits, gx, gy, gz, d);
            }
    for (unsigned k = 0; k < nm; k++)
        vsmp_machine_free(m[k]);
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
    const vsmp_ndrange *ndr;
    const vsmp_launch_arg *args;
    unsigned nargs;
    const vsmp_launch_options *o;
    uint64_t lo, hi;
    vsmp_diags d;
    vsmp_status st;
} worker;

static void *worker_main(void *arg)
{
    worker *w = arg;
    w->st = launch_groups(w->mod, w->kernel, w->f, w->ndr, w->args, w->nargs, w->o, &w->d, w->lo,
                          w->hi);
    return NULL;
}

static unsigned online_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > VSMP_LAUNCH_MAX_WORKERS ? VSMP_LAUNCH_MAX_WORKERS : (unsigned)n;
}

/* Work-groups are independent (no memory model across them but atomics, which the machine
 * refuses), so each worker takes a contiguous share of them in linear order, with machines,
 * SLM and payload of its own. A worker stops at its first failing group; the launch reports the
 * failure of the first worker that failed, which is the failing group the one-worker launch
 * reports (every group before it ran, and passed, in an earlier share or before it in its own).
 * Groups after it may have run in other shares: after a failure, the buffers' contents are not
 * those of the one-worker launch. */
vsmp_status vsmp_launch(const vsmp_module *mod, uint32_t kernel, const vsmp_launch_iface *f,
                        const vsmp_ndrange *ndr, const vsmp_launch_arg *args, unsigned nargs,
                        const vsmp_launch_options *o, vsmp_diags *d)
{
    unsigned nw = o ? o->workers : 1;
    if (nw == 0)
        nw = online_cores();
    if (nw > VSMP_LAUNCH_MAX_WORKERS)
        nw = VSMP_LAUNCH_MAX_WORKERS;
    vsmp_ndrange nd;
    uint64_t items = 0, groups = 0;
    if (ndr) {
        nd = *ndr;
        if (norm_ndrange(&nd, &items) == -1)
            groups = items / ((uint64_t)nd.local[0] * nd.local[1] * nd.local[2]);
    }
    /* one per core: a worker is a CPU thread started for the launch, which can cost some
     * hundreds of microseconds on a virtual machine, so each gets some milliseconds of work,
     * WORKER_MIN hardware threads (each about a microsecond) or more; a count given is kept */
    if (o && !o->workers && groups && f && f->simd) {
        uint64_t group = (uint64_t)nd.local[0] * nd.local[1] * nd.local[2];
        uint64_t hw = groups * ((group + f->simd - 1) / f->simd);
        if (nw > hw / WORKER_MIN)
            nw = (unsigned)(hw / WORKER_MIN);
    }
    if (nw > groups)
        nw = (unsigned)groups;
    if (nw <= 1)
        return launch_groups(mod, kernel, f, ndr, args, nargs, o, d, 0, UINT64_MAX);
    worker w[VSMP_LAUNCH_MAX_WORKERS];
    pthread_t tid[VSMP_LAUNCH_MAX_WORKERS];
    bool started[VSMP_LAUNCH_MAX_WORKERS] = {false};
    for (unsigned i = 0; i < nw; i++) {
        w[i] = (worker){mod, kernel, f, ndr, args, nargs, o, groups * i / nw, groups * (i + 1) / nw,
                        {0}, VSMP_OK};
        vsmp_diags_init(&w[i].d);
        w[i].d.limit = d ? d->limit : 0;
    }
    /* worker 0 runs on the calling thread; a worker that cannot be started runs there too */
    for (unsigned i = 1; i < nw; i++)
        started[i] = pthread_create(&tid[i], NULL, worker_main, &w[i]) == 0;
    worker_main(&w[0]);
    for (unsigned i = 1; i < nw; i++) {
        if (started[i])
            pthread_join(tid[i], NULL);
        else
            worker_main(&w[i]);
    }
    /* the diagnostics of the first failing worker, or of the first one when none failed */
    unsigned pick = 0;
    for (unsigned i = 0; i < nw; i++)
        if (w[i].st) {
            pick = i;
            break;
        }
    for (size_t k = 0; d && k < w[pick].d.count; k++) {
        const vsmp_diag *g = &w[pick].d.items[k];
        vsmp_diags_add(d, g->severity, g->rule, g->line, g->column, g->offset, "%s", g->message);
    }
    vsmp_status st = w[pick].st;
    for (unsigned i = 0; i < nw; i++)
        vsmp_diags_free(&w[i].d);
    return st;
}
