/* SPDX-License-Identifier: MIT */
/*
 * What the resets clear, planned with the kernel: vsmp_machine_reset's spans (every byte a run
 * can write) and vsmp_machine_reset_for_run's (every byte a run can read before writing it),
 * with the roots whose bytes a run can read first for the layout (machine.c create_laid).
 * Rules: docs/EXEC.md.
 */
#include <stdlib.h>
#include <string.h>

#include "exec_internal.h"

/* ---- what a reset clears ----
 *
 * vsmp_machine_reset must leave the arena all zero, as vsmp_machine_create does. It clears only
 * the spans a run can have written, which is exact because of these invariants:
 *  - between two resets (or since create, when the arena is all zero) every byte written goes
 *    through one of: an instruction's handler, the run loop's %sr0 and %ce0 (machine.c),
 *    load_inputs, and vsmp_machine_write_var (the only API call writing the arena);
 *  - a handler writes only inside the variables its instruction names: direct general
 *    operands and raw operands are checked against their variable at planning (rules
 *    operand-bounds, exec_operand.c, raw_at in exec_mem.c and lsc.c, the sampler's dst
 *    geometry: each against the variable the operand names). Only indirect operands reach
 *    arena bytes that planning cannot know: a kernel with one clears the whole arena;
 *  - so the spans are those of every general variable any instruction names, in any role
 *    (sources included: more than needed, never less), with the variables it aliases, plus
 *    %sr0, %ce0 and the inputs' variables (load_inputs);
 *  - vsmp_machine_write_var outside the spans sets m->dirty: the next reset clears it all.
 * Builds with VSMP_CHECK_RESET (the sanitizer builds) verify the result after every reset. */

/* Mark variable @p id's span and those of the variables it aliases, up the chain (bounded:
 * planning checks every operand against its own variable, the chain is a margin). False when
 * a span leaves the arena. */
static bool mark_var_as(const vsmp_machine *m, uint8_t *w, uint32_t id, bool read)
{
    for (uint32_t n = 0; n <= m->nvars && id && id < m->nvars && m->vars[id].present; n++) {
        const xvar *v = &m->vars[id];
        if ((uint64_t)v->at + v->bytes > m->arena_size)
            return false;
        if (read) { /* plan_reads: a byte not written before is read first (2) */
            for (uint32_t b = v->at; b < v->at + v->bytes; b++)
                w[b] = w[b] ? w[b] : 2;
        } else {
            memset(w + v->at, 1, v->bytes);
        }
        if (id < VSMP_FIRST_VAR)
            break;
        id = m->r->vars[id - VSMP_FIRST_VAR].alias;
    }
    return true;
}

static bool mark_var(const vsmp_machine *m, uint8_t *w, uint32_t id)
{
    return mark_var_as(m, w, id, false);
}

/* false: the operand reaches a place planning cannot know */
static bool mark_vec(const vsmp_machine *m, uint8_t *w, const vsmp_vec *v, bool read)
{
    if (v->vclass == VSMP_VEC_INDIRECT)
        return false;
    /* address, predicate, state words and immediates are not in the arena */
    return v->vclass != VSMP_VEC_GENERAL || mark_var_as(m, w, v->var, read);
}

/* Every variable @p in names, its dst roles (in->dst and the generic dst operands) only with
 * @p dst; with @p read, as read (plan_reads) */
static bool mark_inst_roles(const vsmp_machine *m, uint8_t *w, const vsmp_inst *in, bool read,
                            bool dst)
{
    bool known = mark_vec(m, w, &in->aoffimmi, read);
    for (unsigned i = 0; i < 4; i++)
        known &= mark_vec(m, w, &in->src[i], read);
    if (dst)
        known &= mark_var_as(m, w, in->dst.var, read);
    known &= mark_var_as(m, w, in->paired.var, read);
    known &= mark_var_as(m, w, in->lod.var, read);
    for (unsigned i = 0; i < VSMP_MAX_PARAMS; i++)
        known &= mark_var_as(m, w, in->params[i].var, read);
    for (unsigned i = 0; i < in->num_opnds && i < VSMP_MAX_OPNDS; i++) {
        const vsmp_opnd *o = &in->opnds[i];
        if (o->kind == VSMP_OPND_VEC_SRC || (o->kind == VSMP_OPND_VEC_DST && dst))
            known &= mark_vec(m, w, &o->vec, read);
        else if (o->kind == VSMP_OPND_RAW_SRC || (o->kind == VSMP_OPND_RAW_DST && dst))
            known &= mark_var_as(m, w, o->raw.var, read);
    }
    return known;
}

static bool mark_inst(const vsmp_machine *m, uint8_t *w, const vsmp_inst *in)
{
    return mark_inst_roles(m, w, in, false, true);
}

/* The spans of the bytes of @p w equal to @p val, sorted, joined across gaps under 64 bytes
 * (clearing zeros again is harmless, and a few longer memsets cost less than many short ones):
 * [2 * *n] begin, end. Nonzero when out of memory. */
static int spans_of(const vsmp_machine *m, const uint8_t *w, uint8_t val, uint32_t **out,
                    uint32_t *count)
{
    uint32_t n = 0, cap = 0, *sp = NULL;
    for (uint32_t at = 0; at < m->arena_size;) {
        if (w[at] != val) {
            at++;
            continue;
        }
        uint32_t end = at;
        while (end < m->arena_size && w[end] == val)
            end++;
        if (n && at - sp[2 * n - 1] < 64) {
            sp[2 * n - 1] = end;
        } else {
            if (n == cap) {
                cap = cap ? 2 * cap : 16;
                uint32_t *g = realloc(sp, 2 * cap * sizeof(*sp));
                if (!g) {
                    free(sp);
                    return 1;
                }
                sp = g;
            }
            sp[2 * n] = at, sp[2 * n + 1] = end, n++;
        }
        at = end;
    }
    *out = sp, *count = n;
    return 0;
}

vsmp_status vsmp_x_plan_clear(vsmp_machine *m)
{
    const vsmp_routine *r = m->r;
    uint8_t *w = calloc(m->arena_size ? m->arena_size : 1, 1);
    if (!w)
        return VSMP_ERR_NOMEM;
    bool known = true;
    for (uint32_t i = 0; i < r->num_insts; i++)
        known &= mark_inst(m, w, &r->insts[i]);
    known &= mark_var(m, w, 13); /* %sr0 (vsmp_machine_run_to_barrier) */
    known &= mark_var(m, w, 15); /* %ce0 (run_from) */
    for (uint32_t i = 0; i < r->num_inputs; i++)
        if ((r->inputs[i].kind & 3u) == VSMP_INPUT_GENERAL)
            known &= mark_var(m, w, r->inputs[i].id);
    uint32_t n = 0, *sp = NULL;
    if (known && spans_of(m, w, 1, &sp, &n)) {
        free(w);
        return VSMP_ERR_NOMEM;
    }
    free(w);
    m->clear_all = !known;
    m->clear = sp;
    m->nclear = known ? n : 0;
    return VSMP_OK;
}

/* ---- what a run reads before writing it (vsmp_machine_reset_for_run) ----
 *
 * A kernel of straight-line code (no flow or sync instruction but labels and a last ret) runs its
 * instructions once each, in order, under the dispatch mask. Walking them in that order, a byte
 * is read first when an instruction names it as a source before any instruction is known to
 * have written it (2 in the map; 1: written). Reads are whole variables (with those they
 * alias), every role of an instruction counted as a source but for the writes known: those of
 * a fast-path ALU instruction (exec_fast.c; not movs, not cmp) with a general dst, no predicate and
 * every lane of its exec size enabled at dispatch, whose lanes' elements of the dst it writes,
 * exactly, and of a sampler message under the same conditions, which writes every lane of each
 * enabled channel's run and the null mask (vsmp_x_sampler_writes). The run itself writes the inputs
 * (load_inputs), %ce0 and %sr0's DMask word before the first instruction; %cr0, whose modes every
 * float instruction reads, is read first. Every byte not read first is either written by the run
 * before it is read or never read: what it held before the run cannot be seen.
 *
 * A kernel with branches (loops, gotos, calls) or barriers has the same straight line from its
 * first instruction up to its first sync instruction or flow one but a label (straight_line):
 * every run takes it once, in order, under the dispatch mask, before any other instruction
 * (a label there that a later branch reaches is a nop the first time through), so it is walked
 * as above. After it, bytes one lane alone reads and writes first on every path are told apart
 * by lane_reads' rule (below); where that rule does not apply, every instruction after the line
 * may run in any order, any number of times and on any lanes, so each of its roles, dsts
 * included, counts as a read of the whole variable: a byte it names is read first unless the
 * straight line wrote it. Anything else (an indirect operand, an instruction of no known
 * group): not known, and vsmp_machine_reset_for_run is vsmp_machine_reset. */
static bool lanes_all(const vsmp_machine *m, const vsmp_inst *in)
{
    unsigned off = 4u * (in->emask & 7u);
    uint32_t lm = in->exec_size >= 32 ? 0xffffffffu : (1u << in->exec_size) - 1u;
    uint32_t dm = m->opt.dispatch_mask & (m->simd >= 32 ? 0xffffffffu : (1u << m->simd) - 1u);
    return (in->emask & 8u) || (off < 32 && (dm >> off & lm) == lm);
}

static void mark_written(uint8_t *w, uint32_t at, uint32_t bytes)
{
    for (uint32_t b = at; b < at + bytes; b++)
        w[b] = w[b] ? w[b] : 1;
}

/* How many instructions from the first make the straight line: those before the first sync
 * instruction or flow one but a label and a last ret (all of them in straight-line code; a label
 * a branch reaches is a nop the first time through, when no branch has run). UINT32_MAX: an
 * instruction of no known group. */
static uint32_t straight_line(const vsmp_machine *m)
{
    uint32_t n = m->nx;
    for (uint32_t i = 0; i < m->nx; i++) {
        unsigned op = m->x[i].in->opcode;
        const vsmp_opcode_info *row = vsmp_opcode_info_get(op);
        if (!row || row->exec == VSMP_XG_NONE)
            return UINT32_MAX;
        bool fine = op == VSMP_OPC_LABEL || op == VSMP_OPC_SUBROUTINE ||
                    (i + 1 == m->nx && op == VSMP_OPC_RET);
        if (n == m->nx && (row->exec == VSMP_XG_SYNC || (row->exec == VSMP_XG_FLOW && !fine)))
            n = i;
    }
    return n;
}

/* ---- past the straight line: bytes only one lane reads (plan_reads) ----
 *
 * The rule, exactly. A lane-wise instruction is one of add, mul, mad, inv, and, or, xor, not,
 * shl, shr, asr, mov, sel, fminmax and cmp, without NoMask, with 32 channels or fewer from its
 * mask offset: lane j (channel c = 4 x Mn offset + j) reads the elements of its general sources
 * that the regions give lane j, for its own result only, and only when channel c is enabled;
 * when c is enabled and there is no predicate (or it is sel, whose predicate only selects)
 * it writes lane j's element of a general dst (not cmp's: credited never). A byte every read
 * of which past the straight line is by lane-wise instructions and one channel c is private to
 * c; any other byte that an instruction past the line names (every role of an instruction that
 * is not lane-wise, dsts included, and the whole variables, as the straight-line walk counts
 * them) is not. Past the line the kernel's only flow instructions are labels, goto, jmp and
 * a last ret (else: every role a read, as in plan_reads). Channel c's enabled instructions
 * then follow a path of the kernel's graph from the line's end (every dispatched channel is
 * enabled there; a goto's lanes go to its target or wait at the next instruction (backward:
 * at the one after it) and wake when the run reaches it; jmp is uniform), with edges: an
 * instruction to the next, a goto to its target and the next (a scalar goto without predicate:
 * its target only), a jmp to its target (and the next with a predicate), a ret to none. A
 * private byte is written on entry to instruction i (must-write, intersected over the
 * predecessors, the line's known writes at the line's end) when every path there passes a
 * credited write of it after the line, or the line wrote it. A read of a private byte at an
 * instruction not written on entry to it is read first; so is every byte named past the line
 * that is not private and that the line did not write, and a byte past the line written and
 * never read (the run's outputs, which a reset leaves zero where the run writes no lane). A
 * private byte read only where it is written on entry never shows an earlier run's value: its
 * one channel reads it only on a path that wrote it. */

enum { OWN_NONE = 0xff, OWN_MIXED = 0xfe };

/* The largest must-write sets lane_reads solves, in 64-bit words (instructions past the line
 * times the words of a set): 512 KiB, a few milliseconds at most; a larger kernel takes the
 * straight line's rule (avgblur: 171 instructions of 52 words). */
#define LANE_FLOW_WORDS (1u << 16)

/* The largest arena lane_reads maps (about 10 bytes of maps an arena byte, for the machine's
 * creation only): 1 MiB; a larger one takes the straight line's rule. */
#define LANE_ARENA_MAX (1u << 20)

static bool lane_wise_op(unsigned op)
{
    switch (op) {
    case VSMP_OPC_ADD:
    case VSMP_OPC_MUL:
    case VSMP_OPC_MAD:
    case VSMP_OPC_INV:
    case VSMP_OPC_AND:
    case VSMP_OPC_OR:
    case VSMP_OPC_XOR:
    case VSMP_OPC_NOT:
    case VSMP_OPC_SHL:
    case VSMP_OPC_SHR:
    case VSMP_OPC_ASR:
    case VSMP_OPC_MOV:
    case VSMP_OPC_SEL:
    case VSMP_OPC_FMINMAX:
    case VSMP_OPC_CMP:
        return true;
    default:
        return false;
    }
}

/* Instruction @p x is lane-wise (above): its first channel, else -1 */
static int lane_base(const xinst *x)
{
    const vsmp_inst *in = x->in;
    unsigned off = 4u * (in->emask & 7u);
    if (!lane_wise_op(in->opcode) || (in->emask & 8u) || !x->g || !x->g->nv || !in->exec_size ||
        off + in->exec_size > 32)
        return -1;
    for (unsigned k = 0; k < x->g->nv; k++)
        if (x->g->v[k].cls == VSMP_VEC_GENERAL && x->g->v[k].var && !x->g->v[k].w)
            return -1;
    return (int)off;
}

/* Lane @p j's element of operand @p k of @p x (general, not %null): its first byte, its size
 * in *ts; X_NONE for an operand with no arena bytes */
static uint32_t lane_elem(const xinst *x, unsigned k, unsigned j, uint32_t *ts)
{
    const xvec *o = &x->g->v[k];
    if (o->cls != VSMP_VEC_GENERAL || !o->var)
        return X_NONE;
    *ts = vsmp_type_size(o->type);
    uint32_t e = k == 0 ? j * o->hs : (j / o->w) * o->vs + (j % o->w) * o->hs;
    return o->at + e * *ts;
}

/* The must-write sets over the classes of bytes that need one (lane_flow_solve) */
typedef struct lane_flow {
    uint32_t *idx;  /* [arena_size]: a byte's class, its bit (0: no credited write) */
    uint32_t words; /* 64-bit words of a set */
    uint64_t *in;   /* [n * words]: written on entry to instruction line + i */
    uint64_t *gen;  /* [n * words]: its credited writes */
    uint32_t *succ; /* [2 * n]: its successors (X_NONE: none) */
} lane_flow;

static bool bit_of(const uint64_t *s, uint32_t b)
{
    return s[b >> 6] >> (b & 63) & 1u;
}

/* Pass 1: the owner of each byte past the line (own) and the bytes written past it (wr);
 * false: a flow instruction the rule does not take, or an unknown place */
static bool lane_owners(const vsmp_machine *m, uint32_t line, uint8_t *own, uint8_t *wr)
{
    uint8_t *mix = calloc(m->arena_size ? m->arena_size : 1, 1);
    if (!mix)
        return false;
    bool ok = true;
    memset(own, OWN_NONE, m->arena_size);
    for (uint32_t i = line; i < m->nx && ok; i++) {
        const xinst *x = &m->x[i];
        unsigned op = x->in->opcode;
        const vsmp_opcode_info *row = vsmp_opcode_info_get(op);
        if (!row || row->exec == VSMP_XG_SYNC ||
            (row->exec == VSMP_XG_FLOW && op != VSMP_OPC_LABEL && op != VSMP_OPC_GOTO &&
             op != VSMP_OPC_JMP && !(op == VSMP_OPC_RET && i + 1 == m->nx)) ||
            ((op == VSMP_OPC_GOTO || op == VSMP_OPC_JMP) && (!x->g || x->g->target >= m->nx))) {
            ok = false;
            break;
        }
        uint32_t sp[5][2];
        unsigned ns = vsmp_x_sampler_writes(x, sp);
        int base = lane_base(x);
        if (ns) { /* a sampler message: its dst written (lane_dsts), every other role shared */
            ok = mark_inst_roles(m, mix, x->in, false, false);
            for (unsigned k = 0; k < ns && ok; k++) {
                ok = (uint64_t)sp[k][0] + sp[k][1] <= m->arena_size;
                for (uint32_t b = sp[k][0]; ok && b < sp[k][0] + sp[k][1]; b++)
                    wr[b] = 1;
            }
            continue;
        }
        if (base < 0) {
            ok = mark_inst_roles(m, mix, x->in, false, true);
            continue;
        }
        for (unsigned k = 0; k < x->g->nv; k++)
            for (unsigned j = 0; j < x->in->exec_size; j++) {
                uint32_t ts, at = lane_elem(x, k, j, &ts);
                if (at == X_NONE)
                    continue;
                if ((uint64_t)at + ts > m->arena_size) {
                    ok = false;
                    break;
                }
                for (uint32_t b = at; b < at + ts; b++) {
                    if (k == 0) {
                        wr[b] = 1;
                        continue;
                    }
                    uint8_t c = (uint8_t)(base + (int)j);
                    own[b] = own[b] == OWN_NONE || own[b] == c ? c : OWN_MIXED;
                }
            }
    }
    for (uint32_t b = 0; b < m->arena_size; b++)
        if (mix[b])
            own[b] = OWN_MIXED;
    free(mix);
    return ok;
}

/* The writes lane_reads credits to instruction @p x: lane j (j < x->lanes, channel *base + j)
 * writes *ts bytes at at[r] + j * *step in each run r < the count returned (0: none). A
 * lane-wise instruction but cmp, without a predicate or sel: its dst's elements. A sampler
 * message run by run_sampler, without a predicate or NoMask: each enabled channel's run
 * (exec_sampler.c writeback: the enabled lanes of each; its null mask is not a lane's). */
static unsigned lane_dsts(const xinst *x, uint32_t at[4], uint32_t *ts, uint32_t *step, int *base)
{
    const vsmp_inst *in = x->in;
    uint32_t sp[5][2];
    unsigned ns = vsmp_x_sampler_writes(x, sp), off = 4u * (in->emask & 7u);
    if (ns) {
        unsigned n = x->s->geom.channels < 4 ? x->s->geom.channels : 4;
        if (in->pred || (in->emask & 8u) || off + x->lanes > 32)
            return 0;
        for (unsigned r = 0; r < n; r++)
            at[r] = sp[r][0];
        *ts = *step = x->s->geom.tsize;
        *base = (int)off;
        return n;
    }
    *base = lane_base(x);
    if (*base < 0 || in->opcode == VSMP_OPC_CMP || (in->pred && in->opcode != VSMP_OPC_SEL) ||
        (at[0] = lane_elem(x, 0, 0, ts)) == X_NONE)
        return 0;
    *step = x->g->v[0].hs * *ts;
    return 1;
}

/* Pass 2: the successors of each instruction past the line; the bytes that need a set (private,
 * not written by the line, credited a write past it) in classes of the same credited writers
 * (f->idx: a byte's class; bytes of one class are written at the same instructions, so are
 * written on entry to each alike: one bit serves them all), refined instruction by
 * instruction; each instruction's credited classes (gen), then the must-write sets (in) to a
 * fixed point from none at the line's end. False: a branch back into the line, sets too large,
 * or out of memory. */
static bool lane_flow_solve(const vsmp_machine *m, uint32_t line, const uint8_t *own,
                            const uint8_t *w, lane_flow *f)
{
    uint32_t n = m->nx - line, ncls = 1, cap = 64;
    uint32_t *mark = malloc(cap * sizeof(*mark)), *remap = malloc(cap * sizeof(*remap));
    if (remap)
        remap[0] = 0;
    bool ok = mark && remap;
    for (uint32_t b = 0; b < m->arena_size; b++)
        f->idx[b] = 0; /* class 0: credited by none so far */
    for (uint32_t c = 0; ok && c < cap; c++)
        mark[c] = X_NONE;
    for (uint32_t i = 0; ok && i < n; i++) {
        const xinst *x = &m->x[line + i];
        unsigned op = x->in->opcode;
        uint32_t *s = &f->succ[2 * i];
        s[0] = s[1] = X_NONE;
        if (op == VSMP_OPC_GOTO || op == VSMP_OPC_JMP) {
            bool only = !x->in->pred && (op == VSMP_OPC_JMP || x->lanes == 1);
            s[0] = x->g->target;
            if (!only && line + i + 1 < m->nx)
                s[1] = line + i + 1;
        } else if (op != VSMP_OPC_RET && line + i + 1 < m->nx) {
            s[0] = line + i + 1;
        }
        for (unsigned k = 0; k < 2; k++) /* a branch back into the line: not this rule's */
            ok &= s[k] == X_NONE || s[k] >= line;
        uint32_t at[4], ts, step;
        int base;
        unsigned nr = ok ? lane_dsts(x, at, &ts, &step, &base) : 0;
        for (unsigned r = 0; r < nr; r++)
            for (uint32_t j = 0; ok && j < x->lanes; j++)
                for (uint32_t b = at[r] + j * step; b < at[r] + j * step + ts; b++) {
                    if (own[b] != base + (int)j || w[b])
                        continue;
                    uint32_t c = f->idx[b];
                    if (mark[c] != i) { /* this instruction's part of class c: a new class */
                        if (ncls == cap) {
                            uint32_t *a = realloc(mark, 2 * cap * sizeof(*a));
                            uint32_t *r2 = a ? realloc(remap, 2 * cap * sizeof(*r2)) : NULL;
                            if (a)
                                mark = a;
                            if (r2)
                                remap = r2;
                            if (!a || !r2) {
                                ok = false;
                                break;
                            }
                            for (uint32_t q = cap; q < 2 * cap; q++)
                                mark[q] = X_NONE;
                            cap *= 2;
                        }
                        mark[c] = i, remap[c] = ncls++;
                    }
                    f->idx[b] = remap[c];
                }
    }
    /* the classes left with bytes, numbered from 1 (a class emptied by a later split: none) */
    for (uint32_t c = 0; ok && c < ncls; c++)
        mark[c] = 0;
    for (uint32_t b = 0; ok && b < m->arena_size; b++)
        if (f->idx[b])
            mark[f->idx[b]] = 1;
    uint32_t used = 1;
    remap[0] = 0; /* class 0 (no credited write) stays 0: its old entry is a split's */
    for (uint32_t c = 1; ok && c < ncls; c++)
        remap[c] = mark[c] ? used++ : 0;
    for (uint32_t b = 0; ok && b < m->arena_size; b++)
        f->idx[b] = remap[f->idx[b]];
    free(mark);
    free(remap);
    uint32_t W = f->words = (used + 63) / 64;
    if (!ok || (uint64_t)n * W > LANE_FLOW_WORDS)
        return false;
    f->in = malloc((size_t)n * W * sizeof(uint64_t) + 1);
    f->gen = calloc((size_t)n * W + 1, sizeof(uint64_t));
    if (!f->in || !f->gen)
        return false;
    for (uint32_t i = 0; i < n; i++) {
        const xinst *x = &m->x[line + i];
        uint64_t *g = f->gen + (size_t)i * W;
        uint32_t at[4], ts, step;
        int base;
        unsigned nr = lane_dsts(x, at, &ts, &step, &base);
        for (unsigned r = 0; r < nr; r++)
            for (uint32_t j = 0; j < x->lanes; j++)
                for (uint32_t b = at[r] + j * step; b < at[r] + j * step + ts; b++)
                    if (own[b] == base + (int)j && !w[b])
                        g[f->idx[b] >> 6] |= 1ull << (f->idx[b] & 63);
    }
    for (size_t k = 0; k < (size_t)n * W; k++)
        f->in[k] = k < W ? 0 : ~0ull; /* the line's end: none; the others: all, to narrow */
    for (bool change = true; change;) {
        change = false;
        for (uint32_t i = 0; i < n; i++) { /* out(i) = in(i) | gen(i), into its successors */
            const uint64_t *a = f->in + (size_t)i * W, *g = f->gen + (size_t)i * W;
            for (unsigned k = 0; k < 2; k++) {
                uint32_t t = f->succ[2 * i + k];
                if (t == X_NONE)
                    continue;
                uint64_t *d = f->in + (size_t)(t - line) * W;
                for (uint32_t q = 0; q < W; q++) {
                    uint64_t v = d[q] & (a[q] | g[q]);
                    change |= v != d[q];
                    d[q] = v;
                }
            }
        }
    }
    return true;
}

/* Past the straight line by the rule above, into @p w (2: read first). False: the rule does not
 * take the kernel (plan_reads then counts every role a read) or out of memory. */
static bool lane_reads(const vsmp_machine *m, uint32_t line, uint8_t *w)
{
    if (m->arena_size > LANE_ARENA_MAX)
        return false;
    uint32_t n = m->nx - line, sz = m->arena_size ? m->arena_size : 1;
    uint8_t *own = malloc(sz), *wr = calloc(sz, 1);
    lane_flow f = {malloc(sz * sizeof(uint32_t)), 0, NULL, NULL, malloc(2 * (size_t)n * 4)};
    bool ok = n && own && wr && f.idx && f.succ && lane_owners(m, line, own, wr) &&
              lane_flow_solve(m, line, own, w, &f);
    for (uint32_t i = 0; ok && i < n; i++) { /* reads of private bytes not written on entry */
        const xinst *x = &m->x[line + i];
        int base = lane_base(x);
        const uint64_t *a = f.in + (size_t)i * f.words;
        for (unsigned k = 1; base >= 0 && k < x->g->nv; k++)
            for (unsigned j = 0; j < x->in->exec_size; j++) {
                uint32_t ts, at = lane_elem(x, k, j, &ts);
                for (uint32_t b = at; at != X_NONE && b < at + ts; b++)
                    if (own[b] == base + (int)j && !w[b] && (!f.idx[b] || !bit_of(a, f.idx[b])))
                        w[b] = 2;
            }
    }
    for (uint32_t b = 0; ok && b < m->arena_size; b++) /* shared bytes, and outputs */
        if (!w[b] && (own[b] == OWN_MIXED || (own[b] == OWN_NONE && wr[b])))
            w[b] = 2;
    free(own);
    free(wr);
    free(f.idx);
    free(f.in);
    free(f.gen);
    free(f.succ);
    return ok;
}

/* m->first: the roots a layout may move (not a predefined variable, an input's or one an input
 * aliases) that hold a byte of @p w equal to 2, when the kernel has no address variable (whose
 * values are arena offsets a kernel can compute with); left NULL when there are none. */
static void first_roots(vsmp_machine *m, const uint8_t *w)
{
    const vsmp_routine *r = m->r;
    if (r->num_addrs || !r->num_vars || !(m->first = calloc(r->num_vars, 1)))
        return;
    bool any = false;
    for (uint32_t i = 0; i < r->num_vars; i++) {
        const xvar *v = &m->vars[VSMP_FIRST_VAR + i];
        if (r->vars[i].alias)
            continue;
        for (uint32_t b = v->at; b < v->at + v->bytes && !m->first[i]; b++)
            m->first[i] = w[b] == 2;
    }
    for (uint32_t i = 0; i < r->num_inputs; i++) /* an input's root stays in place */
        for (uint32_t id = r->inputs[i].id, n = 0;
             (r->inputs[i].kind & 3u) == VSMP_INPUT_GENERAL && id >= VSMP_FIRST_VAR &&
             id < m->nvars && n <= r->num_vars;
             id = r->vars[id - VSMP_FIRST_VAR].alias, n++)
            if (!r->vars[id - VSMP_FIRST_VAR].alias)
                m->first[id - VSMP_FIRST_VAR] = 0;
    for (uint32_t i = 0; i < r->num_vars; i++)
        any |= m->first[i];
    if (!any) {
        free(m->first);
        m->first = NULL;
    }
}

vsmp_status vsmp_x_plan_reads(vsmp_machine *m)
{
    m->reads_known = false;
    if (m->clear_all)
        return VSMP_OK;
    uint32_t line = straight_line(m);
    if (line == UINT32_MAX)
        return VSMP_OK;
    uint8_t *w = calloc(m->arena_size ? m->arena_size : 1, 1);
    if (!w)
        return VSMP_ERR_NOMEM;
    /* %cr0: every float instruction reads its modes, named or not (exec_alu.c, exec_fast.c) */
    bool known = mark_var_as(m, w, 14, true);
    for (uint32_t i = 0; i < m->nincopy; i++)
        mark_written(w, m->incopy[i].to, m->incopy[i].size);
    mark_written(w, m->vars[15].at, 4);     /* %ce0 */
    mark_written(w, m->vars[13].at + 8, 4); /* %sr0.2 */
    for (uint32_t i = 0; i < line && known; i++) {
        const xinst *x = &m->x[i];
        const vsmp_inst *in = x->in;
        const xvec *d = x->g && x->g->nv ? &x->g->v[0] : NULL;
        bool credit = vsmp_x_is_fast(m, i) && in->opcode != VSMP_OPC_MOVS &&
                      in->opcode != VSMP_OPC_CMP && !in->pred && d && d->cls == VSMP_VEC_GENERAL &&
                      lanes_all(m, in);
        uint32_t ssp[5][2];
        unsigned ns = !in->pred && lanes_all(m, in) ? vsmp_x_sampler_writes(x, ssp) : 0;
        known = mark_inst_roles(m, w, in, true, !credit && !ns);
        for (unsigned k = 0; k < ns; k++) {
            if ((uint64_t)ssp[k][0] + ssp[k][1] > m->arena_size) {
                known = false;
                break;
            }
            mark_written(w, ssp[k][0], ssp[k][1]);
        }
        if (!credit)
            continue;
        uint32_t ts = vsmp_type_size(d->type);
        for (uint32_t l = 0; l < in->exec_size; l++) {
            uint64_t at = d->at + (uint64_t)l * d->hs * ts;
            if (at + ts > m->arena_size) {
                known = false;
                break;
            }
            mark_written(w, (uint32_t)at, ts);
        }
    }
    /* after the line: bytes private to a lane by lane_reads' rule, else every role a read */
    if (known && line < m->nx && !lane_reads(m, line, w))
        for (uint32_t i = line; i < m->nx && known; i++)
            known = mark_inst_roles(m, w, m->x[i].in, true, true);
    uint32_t n = 0, *sp = NULL;
    if (known && spans_of(m, w, 2, &sp, &n)) {
        free(w);
        return VSMP_ERR_NOMEM;
    }
    if (known && line < m->nx && !m->first)
        first_roots(m, w);
    free(w);
    m->reads_known = known;
    m->rclear = sp;
    m->nrclear = known ? n : 0;
    return VSMP_OK;
}

uint32_t vsmp_x_read_spans(const vsmp_machine *m, const uint32_t **sp)
{
    *sp = m->rclear;
    return m->reads_known ? m->nrclear : UINT32_MAX;
}
