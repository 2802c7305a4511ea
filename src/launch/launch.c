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

#include "../exec/machine_bytes.h"
#include "launch_internal.h"
#include "payload.h"
#include "vsmp/pool.h"

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
    MAX_GROUP = 1024, /* work-items of a work-group */
    MAX_SLM = 1 << 20 /* bytes of shared local memory of a work-group */
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

/* The NDRange against the limits (every product checked as it grows, before anything is
 * divided by it), its local size chosen when none is given, and the shape of its groups. */
static vsmp_status plan_ndrange(const vsmp_launch_iface *f, const vsmp_ndrange *ndr, launch_plan *p,
                                vsmp_diags *d)
{
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
        if (!nd->global[k])
            return fail_req(d, "launch.ndrange",
                            "dimension %s%ld: the global size must be 1 to 2^32 - 1", "", k);
        if (nd->offset[k] > UINT32_MAX - nd->global[k]) /* the last global ID within 32 bits */
            return fail_req(d, "launch.ndrange",
                            "dimension %s%ld: the offset and the global size pass 2^32 - 1", "", k);
        items *= nd->global[k]; /* at most 2^32 x (2^32 - 1) before the check: no wrap */
        if (items > VSMP_LAUNCH_MAX_ITEMS)
            return nd_fail(d, nd, "more than 2^32 work-items");
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
    return VSMP_OK;
}

/* Shared local memory: the kernel's own (inline) bytes, then each __local argument at its
 * alignment (SUM_OF_LOCAL_MEMORY_OBJECT_ARGUMENT_SIZES: SourceOffset). The offset the kernel is
 * given counts from the end of the inline bytes (the kernel adds them itself: lr_sum_max adds
 * 0x20 to it), as the name says: the sum of the earlier arguments' sizes. */
static vsmp_status plan_slm(const vsmp_launch_iface *f, const vsmp_launch_arg *args, launch_plan *p,
                            vsmp_diags *d)
{
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
    return VSMP_OK;
}

/* Check the arguments and the NDRange and work out the shape of the launch. */
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
    vsmp_status st = plan_ndrange(f, ndr, p, d);
    if (!st)
        st = plan_slm(f, args, p, d);
    if (st)
        return st;
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
    uint64_t max = sh->o->max_total_steps;
    if (!max) /* no budget: the launch's total is the workers' counts summed (gather) */
        return VSMP_OK;
    uint64_t total = atomic_fetch_add_explicit(&sh->steps, s, memory_order_relaxed) + s;
    if (total > max && !failed && !atomic_exchange(&sh->halt, true)) {
        vsmp_diags_add(d, VSMP_SEV_ERROR, "steps", 0, 0, -1,
                       "the launch reached its budget of %llu instructions (%llu work-groups of "
                       "%llu ended)",
                       (unsigned long long)max, (unsigned long long)atomic_load(&sh->done),
                       (unsigned long long)sh->p->groups);
        return VSMP_ERR_INVALID;
    }
    return VSMP_OK;
}

/* A group has ended: count it, and call the progress function when one is due. The shared
 * count is kept only for what reads it while the launch runs (progress calls, the budget's
 * message); the launch's own is the workers' counts summed (gather). */
static void group_done(launch_shared *sh, worker_count *c)
{
    c->groups++;
    const vsmp_launch_options *o = sh->o;
    if (!o->progress && !o->max_total_steps)
        return;
    uint64_t done = atomic_fetch_add_explicit(&sh->done, 1, memory_order_relaxed) + 1;
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

/* ---- a worker's machines ---- */

/* The machines of a worker and what they hold: shared local memory (one group's at a time),
 * private memory and scratch space each of its own, whose local IDs each payload has. */
typedef struct worker_machines {
    unsigned nm;
    vsmp_machine **m;
    vsmp_surface **psurf; /* each machine's private memory, over priv_mem */
    uint8_t *priv_mem, *scratch, *slm;
    bool *waits;     /* waits[t]: thread t of the group has not ended (interleaved groups) */
    uint32_t *holds; /* holds[k]: the thread whose IDs machine k's payload has */
    vsmp_var_info r0;
    uint8_t **r0p; /* r0p[k]: machine k's r0 bytes, written directly (NULL: by write_var) */
} worker_machines;

static void machines_free(worker_machines *w)
{
    for (unsigned k = 0; k < w->nm; k++) {
        if (w->m)
            vsmp_machine_free(w->m[k]);
        if (w->psurf)
            vsmp_surface_free(w->psurf[k]);
    }
    free(w->m);
    free(w->psurf);
    free(w->priv_mem);
    free(w->scratch);
    free(w->slm);
    free(w->waits);
    free(w->holds);
    free(w->r0p);
}

/* The memory of p->nm machines. Private memory: each machine its own, mapped at the same
 * address (the machine's %sr0 thread ID is 0: a thread's slot is the first; its lanes follow
 * one another); the scratch space (T5): each its own (r0.5's scratch offset stays 0). */
static vsmp_status machines_alloc(worker_machines *w, const vsmp_launch_iface *f,
                                  const launch_plan *p)
{
    memset(w, 0, sizeof(*w));
    unsigned nm = w->nm = p->nm;
    size_t priv_bytes = private_bytes(f, p->simd);
    w->slm = calloc(1, p->slm_size ? (size_t)p->slm_size : 1);
    w->m = calloc(nm, sizeof(*w->m));
    w->waits = calloc(p->threads, sizeof(bool));
    w->psurf = calloc(nm, sizeof(*w->psurf));
    w->holds = malloc(nm * sizeof(*w->holds));
    w->r0p = calloc(nm, sizeof(*w->r0p));
    w->priv_mem = priv_bytes ? calloc(nm, priv_bytes) : NULL;
    w->scratch = f->scratch_size ? calloc(nm, f->scratch_size) : NULL;
    if (!w->slm || !w->m || !w->waits || !w->psurf || !w->holds || !w->r0p ||
        (priv_bytes && !w->priv_mem) || (f->scratch_size && !w->scratch))
        return VSMP_ERR_NOMEM;
    return VSMP_OK;
}

/* The machines (of threads one after the other, the second only when a group's last thread is
 * partial), their arguments bound and the payload given. A machine keeps its payload through
 * its resets: the cross-thread data, the same for every thread, is written once per
 * machine; per thread only the local IDs change (start_thread). */
static vsmp_status machines_make(worker_machines *w, const vsmp_module *mod, uint32_t kernel,
                                 const vsmp_launch_iface *f, const vsmp_launch_arg *args,
                                 const vsmp_launch_options *o, const launch_plan *p,
                                 launch_payload *pay, const payload_shape *s, vsmp_diags *d)
{
    size_t priv_bytes = private_bytes(f, p->simd);
    vsmp_status st = VSMP_OK;
    for (unsigned k = 0; k < w->nm && !st; k++) {
        if (!p->interleave && k == 1 && !p->tail)
            break;
        if (priv_bytes) {
            w->psurf[k] = bytes_surface(w->priv_mem + (size_t)k * priv_bytes, priv_bytes);
            if (!w->psurf[k])
                return VSMP_ERR_NOMEM;
        }
        st = make_machine(mod, kernel, f, args, o, p, k, w->slm, w->psurf[k], &w->m[k], d);
        if (!st && w->scratch)
            vsmp_machine_set_scratch(w->m[k], w->scratch + (size_t)k * f->scratch_size,
                                     f->scratch_size);
    }
    if (!st && vsmp_machine_find(w->m[0], "%r0", &w->r0))
        st = VSMP_ERR_UNSUPPORTED;
    if (!st)
        st = vsmp_payload_fit(pay, f, s, vsmp_machine_payload_size(w->m[0]));
    for (unsigned k = 0; k < w->nm && !st && w->m[k]; k++) {
        if (pay->n)
            vsmp_machine_set_payload(w->m[k], 0, pay->bytes, pay->n);
        w->holds[k] = UINT32_MAX;
        w->r0p[k] = vsmp_machine_general_bytes(w->m[k], w->r0.id, 32);
    }
    return st;
}

/* ---- a work-group ---- */

/* r0 of thread t of group g, its 32 bytes at @p r: the group IDs in r0.1, r0.6 and r0.7, and in
 * r0.2 bits 7:0 the thread's index in its group (the hardware's; IGC reads a thread's sub-group
 * index there on acm-g10); every other byte zero. Each word stored whole where it goes, none
 * built in a buffer first (a 16-byte load of a buffer just written by smaller stores waits for
 * them to reach the cache: the store-to-load forwarding does not serve it). */
static inline void put_r0(uint8_t *r, uint32_t t, const uint32_t g[3])
{
    put32(r, 0);
    put32(r + 4, g[0]);
    put32(r + 8, t & 0xffu);
    put32(r + 12, 0);
    put32(r + 16, 0);
    put32(r + 20, 0);
    put32(r + 24, g[1]);
    put32(r + 28, g[2]);
}

/* Thread t of group g on machine k, reset for its run (vsmp_machine_reset_for_run: what the run
 * can read before writing it is zeroed, docs/EXEC.md section 1): its local IDs (unless the
 * payload holds them already) and r0 (put_r0). */
static void start_thread(worker_machines *w, const launch_payload *pay, unsigned k, uint32_t t,
                         const uint32_t g[3])
{
    vsmp_machine *mm = w->m[k];
    vsmp_machine_reset_for_run(mm);
    if (pay->ids && w->holds[k] != t) {
        const payload_layout *l = &pay->pl;
        vsmp_machine_set_payload(mm, l->grf, pay->ids + (size_t)t * l->nids * l->id_bytes,
                                 pay->ids_n);
        w->holds[k] = t;
    }
    if (w->r0p[k]) { /* inside the spans a reset clears: what write_var would do */
        put_r0(w->r0p[k], t, g);
        return;
    }
    uint8_t rr[32];
    put_r0(rr, t, g);
    vsmp_machine_write_var(mm, VSMP_VAR_GENERAL, w->r0.id, 0, rr, sizeof(rr));
}

/* Are a share's steps and sampler messages counted from its machines' totals at its end
 * (count_totals), not per thread (count_thread)? Without barriers (one run a thread, the machines
 * the share's own) and without an instruction budget (which is checked thread by thread). */
static bool counts_by_totals(const launch_shared *sh, const launch_plan *p)
{
    return !p->interleave && !sh->o->max_total_steps;
}

/* The steps and sampler messages of every run of the share's machines (counts_by_totals). */
static void count_totals(const worker_machines *w, worker_count *c)
{
    for (unsigned k = 0; w->m && k < w->nm; k++) {
        uint64_t steps, smp;
        vsmp_machine_totals(w->m[k], &steps, &smp);
        c->steps += steps;
        c->smp += smp;
    }
}

/* The threads of group `lin` (coordinates g) without barriers, one after the other: full
 * threads on machine 0, a partial last one on machine 1. Each thread counted as it ends or
 * fails: its lanes here and its steps at the share's end (counts_by_totals), or all of it by
 * count_thread under a budget. */
static vsmp_status run_serial(worker_machines *w, const launch_payload *pay, const launch_plan *p,
                              uint64_t lin, const uint32_t g[3], launch_shared *sh, worker_count *c,
                              bool *stop, vsmp_diags *d)
{
    vsmp_status st = VSMP_OK;
    const bool totals = counts_by_totals(sh, p);
    for (uint32_t t = 0; t < p->threads && !st && !*stop; t++) {
        st = check_halt(sh, lin, stop);
        if (st || *stop)
            break;
        unsigned k = t == p->threads - 1 && p->tail ? 1 : 0;
        start_thread(w, pay, k, t, g);
        st = vsmp_machine_run(w->m[k], d);
        if (st)
            vsmp_diags_add(d, VSMP_SEV_ERROR, "launch", 0, 0, -1,
                           "in work-group (%u, %u, %u), hardware thread %u", g[0], g[1], g[2], t);
        if (totals) {
            c->threads++;
            c->lanes += lanes_of(p, t);
            continue;
        }
        vsmp_status cs = count_thread(sh, c, w->m[k], lanes_of(p, t), st != VSMP_OK, d);
        if (!st)
            st = cs;
    }
    return st;
}

/* The threads of group `lin` with barriers: each started on a machine of its own, then run
 * interleaved (run_group). */
static vsmp_status run_interleaved(worker_machines *w, const launch_payload *pay,
                                   const launch_plan *p, uint64_t lin, const uint32_t g[3],
                                   launch_shared *sh, worker_count *c, bool *stop, vsmp_diags *d)
{
    for (uint32_t t = 0; t < p->threads; t++) {
        vsmp_status st = check_halt(sh, lin, stop);
        if (st || *stop)
            return st;
        start_thread(w, pay, t, t, g);
        w->waits[t] = true;
    }
    return run_group(w->m, p, w->waits, g[0], g[1], g[2], sh, c, d);
}

/* The coordinates of the group after @p g in linear order (x fastest). */
static void next_group(uint32_t g[3], const uint32_t ng[3])
{
    if (++g[0] < ng[0])
        return;
    g[0] = 0;
    if (++g[1] < ng[1])
        return;
    g[1] = 0;
    g[2]++;
}

/* The launch, running the work-groups of linear index (x fastest) in [lo, hi) only. */
static vsmp_status launch_groups(const vsmp_module *mod, uint32_t kernel,
                                 const vsmp_launch_iface *f, const vsmp_launch_arg *args,
                                 const vsmp_launch_options *o, const launch_plan *p,
                                 launch_shared *sh, worker_count *c, vsmp_diags *d, uint64_t lo,
                                 uint64_t hi)
{
    payload_shape s = {&p->nd, p->local_off, p->simd, p->threads, p->group, o->platform};
    launch_payload pay;
    worker_machines w;
    memset(&pay, 0, sizeof(pay));
    vsmp_status st = machines_alloc(&w, f, p);
    if (!st)
        st = vsmp_payload_build(&pay, f, &s, args, d);
    if (!st)
        st = machines_make(&w, mod, kernel, f, args, o, p, &pay, &s, d);
    const uint32_t *ng = p->ng;
    bool stop = false;
    /* the first group of the share, then on in linear order (x fastest): its coordinates
     * divided out once, then counted up */
    uint32_t g[3] = {(uint32_t)(lo % ng[0]), (uint32_t)(lo / ng[0] % ng[1]),
                     (uint32_t)(lo / ((uint64_t)ng[0] * ng[1]))};
    for (uint64_t lin = lo; lin < hi && lin < p->groups && !st && !stop; lin++, next_group(g, ng)) {
        /* OpenCL leaves __local memory undefined at a group's start: vsmp zeroes it */
        if (p->slm_size)
            memset(w.slm, 0, (size_t)p->slm_size);
        st = p->interleave ? run_interleaved(&w, &pay, p, lin, g, sh, c, &stop, d)
                           : run_serial(&w, &pay, p, lin, g, sh, c, &stop, d);
        if (st && st != VSMP_ERR_CANCELLED)
            note_failure(sh, lin);
        else if (!st && !stop)
            group_done(sh, c);
    }
    if (counts_by_totals(sh, p))
        count_totals(&w, c);
    machines_free(&w);
    vsmp_payload_free(&pay);
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
    payload_layout pl = vsmp_payload_layout(f, p->simd, o->platform);
    unsigned nm = p->interleave || p->tail ? p->nm : 1;
    *bytes = (uint64_t)nm * *machine_bytes + pl.ct_base + pl.ct_cap + pl.gap + p->slm_size +
             (uint64_t)p->threads * pl.nids * pl.id_bytes +
             p->threads * (sizeof(bool) + sizeof(uint32_t)) + nm * sizeof(vsmp_machine *) +
             (uint64_t)p->nm * (private_bytes(f, p->simd) + f->scratch_size);
    return VSMP_OK;
}

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

/* A cross-thread offset the interface gives lies at a GRF at or after the local IDs of the
 * launch's platform. */
static vsmp_status check_cross_offset(const vsmp_launch_iface *f, const launch_plan *p,
                                      vsmp_platform plat, vsmp_diags *d)
{
    if (!f->cross_offset)
        return VSMP_OK;
    payload_layout pl = vsmp_payload_layout(f, p->simd, plat);
    size_t ids_end = pl.grf + (size_t)pl.id_bytes * pl.nids;
    if (f->cross_offset >= ids_end && f->cross_offset % pl.grf == 0)
        return VSMP_OK;
    vsmp_diags_add(d, VSMP_SEV_ERROR, "launch.iface", 0, 0, -1,
                   "the cross-thread data at payload byte %u: on %s (%u-byte GRFs) it starts at a "
                   "GRF at or after the local IDs' end, byte %zu",
                   f->cross_offset, vsmp_platform_name(plat), pl.grf, ids_end);
    return VSMP_ERR_ARG;
}

/* How many workers share the groups: one per core (or as given), each with some milliseconds of
 * work unless the count is given, no more than the groups, and as many as the memory budget
 * holds. */
static unsigned worker_number(const vsmp_launch_options *o, const launch_plan *p,
                              uint64_t per_worker)
{
    unsigned nw = o->workers ? o->workers : vsmp_pool_cores();
    if (nw > VSMP_LAUNCH_MAX_WORKERS)
        nw = VSMP_LAUNCH_MAX_WORKERS;
    /* a worker is a CPU thread started for the launch, which can cost some hundreds of
     * microseconds on a virtual machine, so each gets WORKER_MIN hardware threads (each about a
     * microsecond) or more */
    uint64_t hw = p->groups * p->threads;
    if (!o->workers && nw > hw / WORKER_MIN)
        nw = (unsigned)(hw / WORKER_MIN);
    if (nw > p->groups)
        nw = (unsigned)p->groups;
    if (o->max_memory && nw > o->max_memory / per_worker)
        nw = (unsigned)(o->max_memory / per_worker);
    return nw < 1 ? 1 : nw;
}

/* Work-groups are independent (no memory model across them but atomics, which the machine
 * refuses), so each worker takes a contiguous share of them in linear order, with machines,
 * SLM and payload of its own. A worker stops at its first failing group, and every worker
 * stops before a group past the lowest failing one so far: the launch reports the failure of the
 * first worker that failed, which is the failing group the one-worker launch reports (every
 * group before it ran, and passed, in an earlier share or before it in its own; a worker of an
 * earlier share is never stopped by a later failure). Groups after it may have run in other
 * shares: after a failure, the buffers' contents are not those of the one-worker launch. */

/* The launch's outcome from its workers': the diagnostics of the first worker that failed (a
 * cancelled one only when none failed otherwise), or of the first one when none failed; the
 * last progress call; the counts summed into o->stats. */
static vsmp_status gather(const worker *w, unsigned nw, const launch_plan *p,
                          const vsmp_launch_options *o, uint64_t per_worker, vsmp_diags *d)
{
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
    vsmp_status st = w[pick].st;
    uint64_t done = 0; /* groups ended, every worker (group_done) */
    for (unsigned i = 0; i < nw; i++)
        done += w[i].c.groups;
    if (st == VSMP_ERR_CANCELLED)
        vsmp_diags_add(d, VSMP_SEV_ERROR, "launch", 0, 0, -1,
                       "the launch was cancelled after %llu of %llu work-groups",
                       (unsigned long long)done, (unsigned long long)p->groups);
    if (o->progress)
        o->progress(o->progress_user, done, p->groups);
    vsmp_launch_stats *stats = o->stats;
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
    if (!st)
        st = check_cross_offset(f, p, o->platform, d);
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
    unsigned nw = worker_number(o, p, per_worker);
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
    st = gather(w, nw, p, o, per_worker, d);
    for (unsigned i = 0; i < nw; i++)
        vsmp_diags_free(&w[i].d);
    free(w);
    pthread_mutex_destroy(&sh.lock);
    free(p);
    return st;
}
