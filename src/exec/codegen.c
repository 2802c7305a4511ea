/* SPDX-License-Identifier: MIT */
/*
 * Code generated per run (docs/CODEGEN.md 2.1-2.4): a run of planned instructions (run_group's,
 * exec_fast_run.h) lowered to a list of calls with constant arguments behind one guard, emitted as
 * x86-64 by vsmp's own encoder (x86/emit_x64.c) into memory that is written, then made
 * executable and never writable again, and kept in a process-wide cache keyed by the lowered
 * description (every machine of any thread with the same plan shares the code).
 *
 * The function (vsmp_cg_fn) runs the run's members from the first in order while each takes the
 * common case run_span would take, and returns how many it ran: 0 where its guard fails (the EM
 * lacks a lane an emitted member needs), i where member i is a mode not emitted, its lanes cannot
 * be in the guard or a fused sequence refuses, i + 1 where %cr0 came to round otherwise under a
 * handler or a member that writes it, and i with *st set where member i's handler failed.
 * run_span calls it only while %cr0 rounds to nearest even, with %cr0 and its keep bits (the
 * kernels' arg), kept in stack slots (the bits derived again where %cr0 changed). run_span takes
 * the run on from there (its steps, faults and %cr0 as if it had run every member itself). Emitted
 * as calls of their kernels: GM_K16, GM_K, GM_COPY, GM_COPYS, GM_WIDEN, GM_CHAIN, GM_CHAINW,
 * GM_CHAIN1, GM_FUSED, GM_MOVS; GM_LABEL as nothing; GM_CALL as a call of its handler (the handlers
 * of a run's members change neither the EM nor the flow: exec_fast.c member); GM_K16M, GM_SEL,
 * GM_SEL1, GM_CMP, GM_FCMP1 and GM_ICMP1 as calls of run_span's own cases out of line
 * (vsmp_x_k16m_now and the others; not their handlers, the general forms), the first three
 * returning false where the member's handler takes it.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "exec_internal.h"
#include "x86/emit_x64.h"

/* an argument: a constant, a pointer into the arena, the heads or the generic side array (its
 * offset there), the machine, the step record, or a kernel's arg: %cr0's keep bits now ORed with
 * the constant */
enum { A_CONST, A_ARENA, A_XS, A_XG, A_M, A_S, A_KEEP };
/* after the call: nothing, a handler's status (nonzero: stop with it), a fused sequence's bool
 * (false: stop at the member) */
enum { P_NONE, P_STATUS, P_BOOL };
typedef struct cg_arg {
    uint32_t kind, pad;
    uint64_t v;
} cg_arg;
#define CG_ARGS 6
typedef struct cg_op {
    uint32_t index;   /* the member's place in the run */
    uint32_t nargs;   /* in rdi, rsi, rdx, rcx, r8, r9 */
    uint32_t post;    /* P_* */
    uint32_t recheck; /* read %cr0 again after it (a handler, a member writing %cr0) */
    uint32_t via_xs;  /* the callee is the function pointer at the heads + fn */
    uint32_t copy;    /* GM_COPY's words a[1] -> a[0] (1, 8 or 16, both in the arena) as moves */
    uint64_t fn;
    cg_arg a[CG_ARGS];
} cg_op;
/* the guard: (em & need) == need; the value returned at the end; where %cr0 lies in the arena */
typedef struct cg_head {
    uint32_t need, end, nops, cr0_at;
} cg_head;

static const unsigned arg_reg[CG_ARGS] = {EX_RDI, EX_RSI, EX_RDX, EX_RCX, EX_R8, EX_R9};

/* a pointer as an argument: relative to the base it lies in where the offset fits lea's disp32,
 * else the constant (this machine's own pointer, in the key: code no other machine shares) */
static cg_arg ptr_arg(const vsmp_machine *m, const void *p)
{
    uintptr_t u = (uintptr_t)p, ar = (uintptr_t)m->arena, xs = (uintptr_t)m->x,
              xg = (uintptr_t)m->xg;
    if (u >= ar && u < ar + m->arena_size && u - ar <= INT32_MAX)
        return (cg_arg){A_ARENA, 0, u - ar};
    if (u >= xs && u < xs + (uintptr_t)m->nx * sizeof(xinst) && u - xs <= INT32_MAX)
        return (cg_arg){A_XS, 0, u - xs};
    if (xg && u >= xg && u < xg + (uintptr_t)m->nxg * sizeof(xgen) && u - xg <= INT32_MAX)
        return (cg_arg){A_XG, 0, u - xg};
    return (cg_arg){A_CONST, 0, u};
}

static cg_arg konst(uint64_t v)
{
    return (cg_arg){A_CONST, 0, v};
}

/* a field of member y's head as an argument (ptr_arg's) */
static cg_arg head_arg(const vsmp_machine *m, const xinst *y, size_t field)
{
    return ptr_arg(m, (const uint8_t *)y + field);
}

/* whether member y's lanes can be in the guard (they fit the EM's 32 bits), adding them */
static bool need_lanes(const xinst *y, uint32_t *need)
{
    if (y->f.nomask)
        return true;
    if (y->f.em_off + (unsigned)y->lanes > 32u)
        return false;
    *need |= y->f.lmask << y->f.em_off;
    return true;
}

/* member y as a call of run_span's own case @p fn (vsmp_x_k16m_now and the others: the machine,
 * the head, the keep bits), its result taken as @p post says */
static void now_op(const vsmp_machine *m, const xinst *y, cg_op *o, uintptr_t fn, uint32_t post)
{
    o->fn = fn;
    o->nargs = 3;
    o->a[0] = (cg_arg){A_M, 0, 0};
    o->a[1] = head_arg(m, y, 0);
    o->a[2] = (cg_arg){A_KEEP, 0, 0};
    o->post = post;
    o->recheck = post == P_BOOL && y->f.sets_cr0; /* (a cmp's dst is its predicate) */
}

/* The run from x lowered (ops[], head): the members up to the first one it does not emit */
static uint32_t lower(const vsmp_machine *m, const xinst *x, cg_op *ops, cg_head *h)
{
    const xfast_table *t = m->fast;
    uint32_t n = 0, i = 0;
    memset(h, 0, sizeof *h);
    while (i < x->group) {
        const xinst *y = x + i;
        cg_op *o = &ops[n];
        memset(o, 0, sizeof *o);
        o->index = i;
        uint32_t step = 1;
        switch (y->gmode) {
        case GM_LABEL:
            i++;
            continue;
        case GM_K16:
            if (!need_lanes(y, &h->need))
                goto end;
            o->fn = (uintptr_t)y->f.fn16;
            o->nargs = 5;
            o->a[0] = ptr_arg(m, y->f.dst);
            for (unsigned k = 0; k < 3; k++)
                o->a[1 + k] = ptr_arg(m, y->f.src[k].p);
            o->a[4] = (cg_arg){A_KEEP, 0, y->f.arg};
            o->recheck = y->f.sets_cr0;
            break;
        case GM_K:
            if (!need_lanes(y, &h->need))
                goto end;
            o->fn = (uintptr_t)y->f.fn;
            o->nargs = 4;
            o->a[0] = ptr_arg(m, y->f.dst);
            o->a[1] = head_arg(m, y, offsetof(xinst, f.src));
            o->a[2] = konst(y->lanes);
            o->a[3] = (cg_arg){A_KEEP, 0, y->f.arg};
            o->recheck = y->f.sets_cr0;
            break;
        case GM_COPY:
        case GM_WIDEN:
            if (!need_lanes(y, &h->need))
                goto end;
            o->fn =
                y->gmode == GM_COPY ? (uintptr_t)vsmp_x_copy_lanes : (uintptr_t)vsmp_x_widen_lanes;
            o->nargs = 3;
            o->a[0] = ptr_arg(m, y->f.dst);
            o->a[1] = ptr_arg(m, y->f.src[0].p);
            o->a[2] = konst(y->gmode == GM_COPY ? y->lanes : y->f.src[0].kind == XS_W);
            o->recheck = y->f.sets_cr0;
            break;
        case GM_COPYS: /* each member's copy of the first's lanes */
            if (!need_lanes(y, &h->need))
                goto end;
            for (uint32_t k = 0; k < y->chain; k++, o++, n++) {
                memset(o, 0, sizeof *o);
                o->index = i + k;
                o->fn = (uintptr_t)vsmp_x_copy_lanes;
                o->nargs = 3;
                o->a[0] = ptr_arg(m, y[k].f.dst);
                o->a[1] = ptr_arg(m, y[k].f.src[0].p);
                o->a[2] = konst(y->lanes);
            }
            i += y->chain;
            continue;
        case GM_CHAIN:
        case GM_CHAINW:
        case GM_CHAIN1:
            if (!need_lanes(y, &h->need))
                goto end;
            o->fn = y->gmode == GM_CHAIN    ? (uintptr_t)t->chain16
                    : y->gmode == GM_CHAINW ? (uintptr_t)t->chain_fmadw
                                            : (uintptr_t)t->chain1;
            o->nargs = 3;
            o->a[0] = head_arg(m, y, 0);
            o->a[1] = konst(y->chain);
            o->a[2] = (cg_arg){A_KEEP, 0, 0};
            step = y->chain;
            break;
        case GM_MOVS: /* run_span's: movs_now where a lane is on (the guard: all of them) */
            if (!need_lanes(y, &h->need))
                goto end;
            o->fn = (uintptr_t)vsmp_x_movs_now;
            o->nargs = 1;
            o->a[0] = head_arg(m, y, 0);
            o->recheck = y->f.sets_cr0;
            break;
        case GM_K16M: /* run_span's own cases out of line (the lanes tested there): */
        case GM_SEL:  /* false, run_span takes it from here */
        case GM_SEL1:
            now_op(m, y, o,
                   y->gmode == GM_K16M  ? (uintptr_t)vsmp_x_k16m_now
                   : y->gmode == GM_SEL ? (uintptr_t)vsmp_x_sel_now
                                        : (uintptr_t)vsmp_x_sel1_now,
                   P_BOOL);
            break;
        case GM_CMP: /* a cmp writes its predicate, never %cr0 */
        case GM_FCMP1:
        case GM_ICMP1:
            now_op(m, y, o,
                   y->gmode == GM_CMP     ? (uintptr_t)vsmp_x_cmp_now
                   : y->gmode == GM_FCMP1 ? (uintptr_t)vsmp_x_fcmp1_now
                                          : (uintptr_t)vsmp_x_icmp1_now,
                   P_NONE);
            break;
        case GM_FUSED: /* its own lane test: false, run_span takes it from here */
            o->fn = (uintptr_t)t->fused[y->fuse].fn;
            o->nargs = 4;
            o->a[0] = (cg_arg){A_M, 0, 0};
            o->a[1] = head_arg(m, y, 0);
            o->a[2] = (cg_arg){A_KEEP, 0, 0};
            o->a[3] = konst(0); /* other: the guard holds %cr0 to nearest even */
            o->post = P_BOOL;
            step = y->chain;
            break;
        default: /* GM_CALL: (y != x ? y->run : y->own)(m, y, s) */
            o->via_xs = 1;
            o->fn = (uint64_t)((const uint8_t *)y - (const uint8_t *)m->x) +
                    (i ? offsetof(xinst, run) : offsetof(xinst, own));
            o->nargs = 3;
            o->a[0] = (cg_arg){A_M, 0, 0};
            o->a[1] = head_arg(m, y, 0);
            o->a[2] = (cg_arg){A_S, 0, 0};
            o->post = P_STATUS;
            o->recheck = 1; /* a general handler may write %cr0 */
            break;
        }
        n++;
        i += step;
    }
end:
    h->end = i;
    h->nops = n;
    h->cr0_at = m->vars[14].at;
    for (uint32_t k = 0; k < n; k++) /* copies in the arena, moved by the code itself */
        if (ops[k].fn == (uintptr_t)vsmp_x_copy_lanes && ops[k].a[0].kind == A_ARENA &&
            ops[k].a[1].kind == A_ARENA && ops[k].a[0].v < INT32_MAX - 64 &&
            ops[k].a[1].v < INT32_MAX - 64 &&
            (ops[k].a[2].v == 1 || ops[k].a[2].v == 8 || ops[k].a[2].v == 16))
            ops[k].copy = (uint32_t)ops[k].a[2].v;
    return n;
}

/* ---- emitting ---- */

enum { R_M = EX_RBX, R_ARENA = EX_R12, R_XS = EX_R13, R_XG = EX_R14, R_S = EX_R15 };

/* "return v" where the flags do not say cc: jcc over mov eax, v; jmp to the end (patched) */
static void ret_unless(ex_buf *b, unsigned cc, uint32_t v, size_t *jumps, size_t *nj)
{
    size_t over = vsmp_ex_jcc(b, cc);
    vsmp_ex_mov_imm(b, EX_RAX, v);
    jumps[(*nj)++] = vsmp_ex_jmp(b);
    vsmp_ex_patch(b, over, b->n);
}

/* %cr0's keep bits (keep_bits), or UINT32_MAX where it rounds other than to nearest even */
static uint32_t cg_keep(const vsmp_machine *m)
{
    uint32_t c0;
    memcpy(&c0, m->arena + m->vars[14].at, 4);
    return c0 & XF_CR0_ROUND ? UINT32_MAX : keep_bits(c0);
}

/* %cr0 read again: where it is the word last seen (its slot, 12) nothing changes; else it is kept
 * there, and its keep bits go into their slot (8), or "return v" where it does not round to
 * nearest even (a member's `or %cr0` keeps the run in its code) */
static void keep_now(ex_buf *b, const cg_head *h, uint32_t v, size_t *jumps, size_t *nj)
{
    vsmp_ex_load32(b, EX_RAX, R_ARENA, (int32_t)h->cr0_at);
    vsmp_ex_cmp_mem(b, EX_RAX, EX_RSP, 12);
    size_t same = vsmp_ex_jcc(b, EX_CC_E);
    vsmp_ex_store32(b, EX_RSP, 12, EX_RAX);
    vsmp_ex_mov_rr(b, EX_RDI, R_M);
    vsmp_ex_call(b, (uintptr_t)cg_keep);
    vsmp_ex_cmp_imm(b, EX_RAX, UINT32_MAX);
    ret_unless(b, EX_CC_NE, v, jumps, nj);
    vsmp_ex_store32(b, EX_RSP, 8, EX_RAX);
    vsmp_ex_patch(b, same, b->n);
}

/* copy_lanes' moves: every word loaded before any is stored */
static void copy_moves(ex_buf *b, const cg_op *o)
{
    int32_t d = (int32_t)o->a[0].v, s = (int32_t)o->a[1].v;
    if (o->copy == 1) {
        vsmp_ex_load32(b, EX_RAX, R_ARENA, s);
        vsmp_ex_store32(b, R_ARENA, d, EX_RAX);
        return;
    }
    unsigned n = o->copy / 4;
    for (unsigned k = 0; k < n; k++)
        vsmp_ex_movdqu_load(b, k, R_ARENA, s + 16 * (int32_t)k);
    for (unsigned k = 0; k < n; k++)
        vsmp_ex_movdqu_store(b, R_ARENA, d + 16 * (int32_t)k, k);
}

static void emit(ex_buf *b, const cg_head *h, const cg_op *ops, size_t *jumps)
{
    size_t nj = 0;
    vsmp_ex_endbr64(b);
    vsmp_ex_push(b, EX_RBP);
    vsmp_ex_mov_rr(b, EX_RBP, EX_RSP);
    static const unsigned saved[] = {EX_RBX, EX_R12, EX_R13, EX_R14, EX_R15};
    for (unsigned k = 0; k < 5; k++)
        vsmp_ex_push(b, saved[k]);
    vsmp_ex_sub_rsp(b, 24); /* st's slot, then keep's and %cr0's, the stack 16-byte aligned */
    vsmp_ex_mov_rr(b, R_M, EX_RDI);
    vsmp_ex_mov_rr(b, R_S, EX_RSI);
    vsmp_ex_store64(b, EX_RSP, 0, EX_RDX);
    vsmp_ex_store64(b, EX_RSP, 8, EX_RCX);
    vsmp_ex_load64(b, R_ARENA, R_M, (int32_t)offsetof(vsmp_machine, arena));
    vsmp_ex_load64(b, R_XS, R_M, (int32_t)offsetof(vsmp_machine, x));
    vsmp_ex_load64(b, R_XG, R_M, (int32_t)offsetof(vsmp_machine, xg));
    if (h->need) {
        vsmp_ex_load32(b, EX_RAX, R_M, (int32_t)offsetof(vsmp_machine, em));
        vsmp_ex_and_imm(b, EX_RAX, h->need);
        vsmp_ex_cmp_imm(b, EX_RAX, h->need);
        ret_unless(b, EX_CC_E, 0, jumps, &nj);
    }
    for (uint32_t k = 0; k < h->nops; k++) {
        const cg_op *o = &ops[k];
        if (o->copy) {
            copy_moves(b, o);
            if (o->recheck)
                keep_now(b, h, o->index + 1, jumps, &nj);
            continue;
        }
        for (unsigned a = 0; a < o->nargs; a++) {
            unsigned r = arg_reg[a];
            const cg_arg *g = &o->a[a];
            switch (g->kind) {
            case A_ARENA:
                vsmp_ex_lea(b, r, R_ARENA, (int32_t)g->v);
                break;
            case A_XS:
                vsmp_ex_lea(b, r, R_XS, (int32_t)g->v);
                break;
            case A_XG:
                vsmp_ex_lea(b, r, R_XG, (int32_t)g->v);
                break;
            case A_M:
                vsmp_ex_mov_rr(b, r, R_M);
                break;
            case A_S:
                vsmp_ex_mov_rr(b, r, R_S);
                break;
            case A_KEEP:
                vsmp_ex_load32(b, r, EX_RSP, 8);
                if (g->v)
                    vsmp_ex_or_imm(b, r, (uint32_t)g->v);
                break;
            default:
                vsmp_ex_mov_imm(b, r, g->v);
                break;
            }
        }
        if (o->via_xs)
            vsmp_ex_call_mem(b, R_XS, (int32_t)o->fn);
        else
            vsmp_ex_call(b, (uintptr_t)o->fn);
        if (o->post == P_STATUS) { /* nonzero: *st = eax, return the member */
            vsmp_ex_test32(b, EX_RAX, EX_RAX);
            size_t over = vsmp_ex_jcc(b, EX_CC_E);
            vsmp_ex_load64(b, EX_RDX, EX_RSP, 0);
            vsmp_ex_store32(b, EX_RDX, 0, EX_RAX);
            vsmp_ex_mov_imm(b, EX_RAX, o->index);
            jumps[nj++] = vsmp_ex_jmp(b);
            vsmp_ex_patch(b, over, b->n);
        } else if (o->post == P_BOOL) {
            vsmp_ex_test8(b, EX_RAX, EX_RAX);
            ret_unless(b, EX_CC_NE, o->index, jumps, &nj);
        }
        if (o->recheck)
            keep_now(b, h, o->index + 1, jumps, &nj);
    }
    vsmp_ex_mov_imm(b, EX_RAX, h->end);
    for (size_t j = 0; j < nj; j++)
        vsmp_ex_patch(b, jumps[j], b->n);
    vsmp_ex_add_rsp(b, 24);
    for (unsigned k = 5; k-- > 0;)
        vsmp_ex_pop(b, saved[k]);
    vsmp_ex_pop(b, EX_RBP);
    vsmp_ex_ret(b);
}

/* the bytes one op can take at most, and the prologue, guard and epilogue */
#define OP_BYTES   (CG_ARGS * 12 + 12 + 32 + 48)
#define BASE_BYTES 160

/* ---- the cache ---- */

typedef struct cg_entry {
    struct cg_entry *next;
    uint64_t hash;
    size_t len;
    vsmp_cg_fn fn;
    unsigned char key[]; /* head, then the ops */
} cg_entry;

#define CG_BUCKETS 1024u
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static cg_entry *g_table[CG_BUCKETS];
static bool g_refused; /* the OS refused executable memory once: never tried again */
/* The code's pages are never freed: at most CG_MAX_BYTES of them (16384 mappings of a page, well
 * under the kernel's map count), then runs not yet made keep run_span (a fuzzer or a long-lived
 * process planning kernel after kernel) */
enum { CG_MAX_BYTES = 64 << 20 };
static size_t g_bytes;

uint32_t vsmp_cg_none(vsmp_machine *m, xstep *s, vsmp_status *st, uint64_t c0_keep)
{
    (void)m, (void)s, (void)st, (void)c0_keep;
    return 0;
}

static uint64_t fnv(const unsigned char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3u;
    return h;
}

/* the code of key's description in fresh pages, written then made read+execute */
static vsmp_cg_fn make(const cg_head *h, const cg_op *ops)
{
    long pg = sysconf(_SC_PAGESIZE);
    size_t cap = BASE_BYTES + (size_t)h->nops * OP_BYTES;
    size_t len = (cap + (size_t)pg - 1) & ~((size_t)pg - 1);
    if (len > CG_MAX_BYTES - g_bytes)
        return NULL;
    size_t *jumps = malloc(sizeof(size_t) * (2 + 3 * (size_t)h->nops));
    void *mem = jumps ? mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                      : MAP_FAILED;
    if (mem == MAP_FAILED) {
        free(jumps);
        return NULL;
    }
    ex_buf b = {mem, 0, cap, (uintptr_t)mem, 0};
    emit(&b, h, ops, jumps);
    free(jumps);
    if (b.overflow || mprotect(mem, len, PROT_READ | PROT_EXEC)) {
        munmap(mem, len);
        if (!b.overflow)
            g_refused = true;
        return NULL;
    }
    g_bytes += len;
    vsmp_cg_fn fn;
    memcpy(&fn, &mem, sizeof fn); /* (an object pointer to a function pointer) */
    return fn;
}

static vsmp_cg_fn lookup(const unsigned char *key, size_t len, const cg_head *h, const cg_op *ops)
{
    uint64_t hash = fnv(key, len);
    vsmp_cg_fn fn = vsmp_cg_none;
    pthread_mutex_lock(&g_lock);
    cg_entry **slot = &g_table[hash % CG_BUCKETS];
    for (cg_entry *e = *slot; e; e = e->next)
        if (e->hash == hash && e->len == len && !memcmp(e->key, key, len)) {
            fn = e->fn;
            goto out;
        }
    if (g_refused)
        goto out;
    cg_entry *e = malloc(sizeof *e + len);
    vsmp_cg_fn made = e ? make(h, ops) : NULL;
    if (!made) {
        free(e);
        goto out;
    }
    e->hash = hash, e->len = len, e->fn = made;
    memcpy(e->key, key, len);
    e->next = *slot;
    *slot = e;
    fn = made;
out:
    pthread_mutex_unlock(&g_lock);
    return fn;
}

vsmp_cg_fn vsmp_cg_build(vsmp_machine *m, const xinst *x)
{
    vsmp_cg_fn fn = vsmp_cg_none;
    size_t cap = sizeof(cg_head) + (size_t)x->group * sizeof(cg_op);
    unsigned char *key = malloc(cap);
    if (key) {
        cg_head h;
        cg_op *ops = (cg_op *)(void *)(key + sizeof h);
        if (lower(m, x, ops, &h)) {
            memcpy(key, &h, sizeof h);
            fn = lookup(key, sizeof h + h.nops * sizeof(cg_op), &h, ops);
        }
        free(key);
    }
    m->cgf[x->index] = fn;
    return fn;
}
