/* SPDX-License-Identifier: MIT */
/*
 * The machine's state: variables as byte storage in one arena (so that an address variable is
 * a byte offset, as a GRF address is on the hardware), predicates, address, sampler and surface
 * variables, the thread payload, the binding table and the sampler states. The run loop is at
 * the end; instructions are planned in dispatch.c. Rules and sources: docs/EXEC.md.
 */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_internal.h"
#include "hot.h"
#include "sample_internal.h"

/* The arena holds every variable of one thread; vISA caps a variable at 4 KiB (4_visa_header.md
 * var_info), so a sane kernel needs far less than this (vsmp's bound against hostile files). */
#define ARENA_MAX (64u << 20)

/* Pre-defined variables V0..V20 (4_visa_header.md, "Thirty-two variables (V0-V31) are reserved
 * for pre-defined variables"): type and elements; %arg and %retval are counted in GRFs. */
typedef struct predef {
    uint8_t type;
    uint16_t elems; /* elements, or GRFs when grfs is set */
    bool grfs;
} predef;

static const predef predefs[VSMP_NUM_PREDEF_VARS] = {
    [0] = {VSMP_TYPE_UD, 0, false},  /* %null: no storage */
    [1] = {VSMP_TYPE_UW, 1, false},  /* %thread_x */
    [2] = {VSMP_TYPE_UW, 1, false},  /* %thread_y */
    [3] = {VSMP_TYPE_UD, 1, false},  /* %group_id_x */
    [4] = {VSMP_TYPE_UD, 1, false},  /* %group_id_y */
    [5] = {VSMP_TYPE_UD, 1, false},  /* %group_id_z */
    [6] = {VSMP_TYPE_UD, 5, false},  /* %tsc (%tm): 5 UD */
    [7] = {VSMP_TYPE_UD, 1, true},   /* %r0: one GRF (8 UD; 16 UD on 64-byte GRFs) */
    [8] = {VSMP_TYPE_UD, 32, true},  /* %arg: 32 GRFs (256 UD / 512 UD on 64-byte GRFs) */
    [9] = {VSMP_TYPE_UD, 12, true},  /* %retval: 12 GRFs */
    [10] = {VSMP_TYPE_UD, 1, false}, /* %sp */
    [11] = {VSMP_TYPE_UD, 1, false}, /* %fp */
    [12] = {VSMP_TYPE_UD, 1, false}, /* %hw_id */
    [13] = {VSMP_TYPE_UD, 4, false}, /* %sr0 */
    [14] = {VSMP_TYPE_UD, 1, false}, /* %cr0 */
    [15] = {VSMP_TYPE_UD, 1, false}, /* %ce0 */
    [16] = {VSMP_TYPE_UD, 2, false}, /* %dbg0 */
    [17] = {VSMP_TYPE_UW, 1, false}, /* %color */
    [18] = {VSMP_TYPE_UQ, 1, false}, /* %impl_arg_buf_ptr */
    [19] = {VSMP_TYPE_UQ, 1, false}, /* %local_id_buf_ptr */
    [20] = {VSMP_TYPE_UD, 1, true},  /* %msg0: one GRF (vsmp's choice, docs/EXEC.md) */
};

void vsmp_machine_options_init(vsmp_machine_options *o)
{
    if (!o)
        return;
    memset(o, 0, sizeof(*o));
    o->platform = VSMP_PLATFORM_TGLLP;
    o->dispatch_mask = 0xffffffffu;
    o->coarse_x = o->coarse_y = 1;
    o->max_steps = (uint64_t)1 << 24;
}

void vsmp_x_report(vsmp_machine *m, const vsmp_inst *in, const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsmp_diags *d = m->diags;
    size_t kept = d ? d->count : 0;
    vsmp_diags_vadd(d, VSMP_SEV_ERROR, rule, in ? in->line : 0, in ? in->column : 0,
                    in ? in->offset : -1, fmt, ap);
    va_end(ap);
    if (d && d->count > kept && in && in->offset >= 0) /* kept, not past the limit */
        d->items[d->count - 1].at_instruction = 1;
}

static unsigned align_bytes(unsigned code, unsigned grf)
{
    static const unsigned fixed[10] = {1, 2, 4, 8, 16, 0, 0, 32, 64, 128};
    if (code == 5)
        return grf;
    if (code == 6)
        return 2 * grf;
    return code < 10 ? fixed[code] : 1;
}

/* Place a root variable of @p bytes at the next offset aligned to @p align. */
static bool place(uint64_t *top, uint32_t bytes, unsigned align, uint32_t *at)
{
    uint64_t a = (*top + align - 1) / align * align;
    if (a + bytes > ARENA_MAX)
        return false;
    *at = (uint32_t)a;
    *top = a + bytes;
    return true;
}

static vsmp_status layout_predefs(vsmp_machine *m, uint64_t *top)
{
    for (unsigned id = 1; id < VSMP_NUM_PREDEF_VARS; id++) {
        xvar *v = &m->vars[id];
        const predef *p = &predefs[id];
        unsigned ts = vsmp_type_size(p->type);
        v->type = p->type;
        v->elems = p->grfs ? p->elems * m->grf / ts : p->elems;
        v->bytes = v->elems * ts;
        v->present = true;
        if (!place(top, v->bytes, m->grf, &v->at))
            return VSMP_ERR_NOMEM;
    }
    m->vars[0].present = true; /* %null */
    return VSMP_OK;
}

/* Resolve variable @p id: roots are placed, aliases point into their base (chains followed,
 * cycles refused). state: 0 unvisited, 1 in progress, 2 done. */
static vsmp_status resolve_var(vsmp_machine *m, uint32_t id, uint8_t *state, uint64_t *top)
{
    if (id < VSMP_FIRST_VAR || state[id - VSMP_FIRST_VAR] == 2)
        return VSMP_OK;
    const vsmp_var_decl *d = &m->r->vars[id - VSMP_FIRST_VAR];
    const char *name = vsmp_routine_string(m->r, d->name);
    if (state[id - VSMP_FIRST_VAR] == 1) {
        vsmp_x_report(m, NULL, "alias", "variable %s: alias chain loops", name ? name : "?");
        return VSMP_ERR_INVALID;
    }
    state[id - VSMP_FIRST_VAR] = 1;
    xvar *v = &m->vars[id];
    unsigned ts = vsmp_type_size(d->type);
    if (!ts || d->type == VSMP_TYPE_V || d->type == VSMP_TYPE_VF || d->type == VSMP_TYPE_UV ||
        d->type == VSMP_TYPE_BOOL) {
        vsmp_x_report(m, NULL, "declarations", "variable %s has type %s, which has no storage",
                      name ? name : "?", vsmp_type_name(d->type) ? vsmp_type_name(d->type) : "?");
        return VSMP_ERR_INVALID;
    }
    v->type = d->type;
    v->elems = d->num_elts;
    v->bytes = (uint32_t)d->num_elts * ts;
    /* present only once placed: an alias whose base is still being resolved (itself, or a
     * chain back to it) is a loop, not a base at offset 0 */
    if (!d->alias) {
        /* a variable of a GRF or more starts a GRF, as an input of that size must (input_info)
         * and as raw operands must ("all raw operands must be GRF-aligned", 5_operands.md) */
        unsigned al = align_bytes(d->align, m->grf);
        if (al < ts)
            al = ts;
        if (v->bytes >= m->grf && al < m->grf)
            al = m->grf;
        if (m->first && v->bytes >= 64 && al < 64) /* the layout by reads: on a cache line */
            al = 64;
        if (!place(top, v->bytes, al, &v->at)) {
            vsmp_x_report(m, NULL, "declarations", "the kernel's variables need more than %u bytes",
                          ARENA_MAX);
            return VSMP_ERR_UNSUPPORTED;
        }
    } else {
        uint32_t b = d->alias;
        if (b == 0 || b >= m->nvars || !m->vars[b].present ||
            (b >= VSMP_NUM_PREDEF_VARS && b < VSMP_FIRST_VAR)) {
            if (b >= VSMP_FIRST_VAR && b < m->nvars) {
                vsmp_status s = resolve_var(m, b, state, top);
                if (s)
                    return s;
            } else {
                vsmp_x_report(m, NULL, "alias", "variable %s aliases undeclared variable %u",
                              name ? name : "?", b);
                return VSMP_ERR_INVALID;
            }
        }
        const xvar *base = &m->vars[b];
        /* an alias is "a reference to a subset of the elements in the base variable"
         * (4_visa_header.md var_info): it must lie inside its base */
        if ((uint64_t)d->alias_offset + v->bytes > base->bytes) {
            vsmp_x_report(m, NULL, "alias",
                          "variable %s (%u bytes at offset %u) runs past its base (%u bytes)",
                          name ? name : "?", v->bytes, d->alias_offset, base->bytes);
            return VSMP_ERR_INVALID;
        }
        v->at = base->at + d->alias_offset;
    }
    v->present = true;
    state[id - VSMP_FIRST_VAR] = 2;
    return VSMP_OK;
}

/* The words of the predicates, address, sampler and surface variables, each array with one
 * word past its end. */
static size_t state_words(const vsmp_machine *m)
{
    return (size_t)m->r->num_preds + m->naddr_words + m->nsmp_words + m->nsurf_words + 4;
}

static vsmp_status layout_state_vars(vsmp_machine *m)
{
    const vsmp_routine *r = m->r;
    m->addr_base = calloc(r->num_addrs + 1, sizeof(uint32_t));
    m->smp_base = calloc(r->num_samplers + 1, sizeof(uint32_t));
    m->surf_base = calloc(VSMP_NUM_PREDEF_SURFS + r->num_surfaces + 1, sizeof(uint32_t));
    if (!m->addr_base || !m->smp_base || !m->surf_base)
        return VSMP_ERR_NOMEM;
    for (uint32_t i = 0; i < r->num_preds; i++)
        if (r->preds[i].num_elts > 32) {
            vsmp_x_report(m, NULL, "declarations",
                          "predicate P%u has %u elements; at most 32 lanes exist", i + 1,
                          r->preds[i].num_elts);
            return VSMP_ERR_INVALID;
        }
    uint32_t n = 0;
    for (uint32_t i = 0; i < r->num_addrs; i++)
        m->addr_base[i] = n, n += r->addrs[i].num_elts;
    m->naddr_words = n;
    n = 0;
    for (uint32_t i = 0; i < r->num_samplers; i++)
        m->smp_base[i] = n, n += r->samplers[i].num_elts;
    m->s31_word = n++; /* S31, the bindless sampler */
    m->nsmp_words = n;
    n = 0;
    for (uint32_t i = 0; i < VSMP_NUM_PREDEF_SURFS; i++)
        m->surf_base[i] = X_NONE;
    for (uint32_t i = 0; i < r->num_surfaces; i++)
        m->surf_base[VSMP_NUM_PREDEF_SURFS + i] = n, n += r->surfaces[i].num_elts;
    m->bss_word = m->surf_base[X_SURF_BSS] = n++; /* %bss, the bindless surface */
    m->nsurf_words = n;
    /* the predicates, address, sampler and surface words in one block (state_words), which a
     * reset clears at once; the block is m->preds' */
    m->preds = calloc(state_words(m), sizeof(uint32_t));
    if (!m->preds)
        return VSMP_ERR_NOMEM;
    m->addr_vals = m->preds + r->num_preds + 1;
    m->smp_vals = m->addr_vals + m->naddr_words + 1;
    m->surf_vals = m->smp_vals + m->nsmp_words + 1;
    return VSMP_OK;
}

/* Inputs: "the offset in bytes of where this input is stored in Gen's general register file"
 * (4_visa_header.md input_info). The payload spans every input. */
static vsmp_status check_inputs(vsmp_machine *m)
{
    const vsmp_routine *r = m->r;
    uint32_t end = 0;
    for (uint32_t i = 0; i < r->num_inputs; i++) {
        const vsmp_input *in = &r->inputs[i];
        unsigned cls = in->kind & 3u;
        uint32_t cap = 0;
        if (in->offset < 0) {
            vsmp_x_report(m, NULL, "input", "input %u has a negative offset %d", i, in->offset);
            return VSMP_ERR_INVALID;
        }
        if (cls == VSMP_INPUT_GENERAL && in->id < m->nvars && m->vars[in->id].present &&
            in->id != 0)
            cap = m->vars[in->id].bytes;
        else if (cls == VSMP_INPUT_SAMPLER && in->id < r->num_samplers)
            cap = 4u * r->samplers[in->id].num_elts;
        else if (cls == VSMP_INPUT_SURFACE && in->id >= VSMP_NUM_PREDEF_SURFS &&
                 in->id - VSMP_NUM_PREDEF_SURFS < r->num_surfaces)
            cap = 4u * r->surfaces[in->id - VSMP_NUM_PREDEF_SURFS].num_elts;
        else {
            vsmp_x_report(m, NULL, "input", "input %u names no declared variable (class %u, id %u)",
                          i, cls, in->id);
            return VSMP_ERR_INVALID;
        }
        if (in->size > cap) {
            vsmp_x_report(m, NULL, "input", "input %u has %u bytes but its variable holds %u", i,
                          in->size, cap);
            return VSMP_ERR_INVALID;
        }
        if ((uint32_t)in->offset + in->size > end)
            end = (uint32_t)in->offset + in->size;
    }
    m->payload_size = end;
    m->payload = calloc(end ? end : 1, 1);
    return m->payload ? VSMP_OK : VSMP_ERR_NOMEM;
}

/* The general inputs as copies, in their order, a copy that continues the previous one in the
 * payload and in the arena joined to it (the same bytes land in the same places: the two
 * destinations are adjacent, so disjoint). */
static vsmp_status plan_inputs(vsmp_machine *m)
{
    const vsmp_routine *r = m->r;
    m->incopy = calloc(r->num_inputs ? r->num_inputs : 1, sizeof(*m->incopy));
    if (!m->incopy)
        return VSMP_ERR_NOMEM;
    uint32_t n = 0;
    for (uint32_t i = 0; i < r->num_inputs; i++) {
        const vsmp_input *in = &r->inputs[i];
        if ((in->kind & 3u) != VSMP_INPUT_GENERAL) {
            m->state_inputs = true;
            continue;
        }
        uint32_t from = (uint32_t)in->offset, to = m->vars[in->id].at;
        if (!in->size)
            continue;
        if (n && m->incopy[n - 1].from + m->incopy[n - 1].size == from &&
            m->incopy[n - 1].to + m->incopy[n - 1].size == to) {
            m->incopy[n - 1].size += in->size;
            continue;
        }
        m->incopy[n].from = from, m->incopy[n].to = to, m->incopy[n].size = in->size;
        n++;
    }
    m->nincopy = n;
    return VSMP_OK;
}

/* @p n bytes from @p s to @p d (apart): moves of 32, 16, 8 or 4 bytes, the last one ending where
 * the copy ends (over bytes the one before it copied: the same bytes again), or single bytes
 * for 1 to 3. Not the library's memcpy: an input is a few GRFs or a few bytes, copied before every
 * run, and the call with its choice of a method by size costs more than the moves (copy_ui's
 * kernel: 96 and 44 bytes a hardware thread). */
static void copy_input(uint8_t *restrict d, const uint8_t *restrict s, uint32_t n)
{
    if (n >= 32) {
        for (uint32_t i = 0; i + 32 < n; i += 32)
            memcpy(d + i, s + i, 32);
        memcpy(d + n - 32, s + n - 32, 32);
    } else if (n >= 16) {
        memcpy(d, s, 16);
        memcpy(d + n - 16, s + n - 16, 16);
    } else if (n >= 8) {
        memcpy(d, s, 8);
        memcpy(d + n - 8, s + n - 8, 8);
    } else if (n >= 4) {
        memcpy(d, s, 4);
        memcpy(d + n - 4, s + n - 4, 4);
    } else if (n) { /* 1, 2 or 3 bytes (a loop here is a call of memmove) */
        d[0] = s[0];
        d[n / 2] = s[n / 2];
        d[n - 1] = s[n - 1];
    }
}

static void load_inputs(vsmp_machine *m)
{
    for (uint32_t i = 0; i < m->nincopy; i++)
        copy_input(m->arena + m->incopy[i].to, m->payload + m->incopy[i].from, m->incopy[i].size);
    if (!m->state_inputs)
        return;
    const vsmp_routine *r = m->r;
    for (uint32_t i = 0; i < r->num_inputs; i++) {
        const vsmp_input *in = &r->inputs[i];
        const uint8_t *src = m->payload + in->offset;
        switch (in->kind & 3u) {
        case VSMP_INPUT_GENERAL:
            break;
        case VSMP_INPUT_SAMPLER:
            for (uint32_t w = 0; w * 4 < in->size; w++)
                m->smp_vals[m->smp_base[in->id] + w] =
                    x_ld(src + 4 * w, in->size - 4 * w < 4 ? in->size - 4 * w : 4);
            break;
        default:
            for (uint32_t w = 0; w * 4 < in->size; w++)
                m->surf_vals[m->surf_base[in->id] + w] =
                    x_ld(src + 4 * w, in->size - 4 * w < 4 ? in->size - 4 * w : 4);
            break;
        }
    }
}

/* The dispatch width a kernel needs: the highest channel any instruction reaches (exec size plus
 * its mask offset), rounded up to 8, 16 or 32 (docs/EXEC.md). */
static unsigned max_exec(const vsmp_routine *r)
{
    unsigned top = 8;
    for (uint32_t i = 0; i < r->num_insts; i++) {
        unsigned e = r->insts[i].exec_size + 4u * (r->insts[i].emask & 7u);
        if (r->insts[i].exec_size <= 32 && e > top)
            top = e;
    }
    return top <= 8 ? 8 : top <= 16 ? 16 : 32;
}

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

static vsmp_status plan_clear(vsmp_machine *m)
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
 * as above. Every instruction after it may run in any order, any
 * number of times and on any lanes, so each of its roles, dsts included, counts as a read of
 * the whole variable: a byte it names is read first unless the straight line wrote it. Anything
 * else (an indirect operand, an instruction of no known group): not known, and
 * vsmp_machine_reset_for_run is vsmp_machine_reset. */
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

static vsmp_status plan_reads(vsmp_machine *m)
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

/* The machine of @p kernel, its roots placed in their order, or with @p first the roots it marks
 * first (in their order, after the predefined variables) and then the others. */
static vsmp_status create_laid(const vsmp_module *mod, uint32_t kernel,
                               const vsmp_machine_options *opt, uint8_t *first, vsmp_machine **out,
                               vsmp_diags *diags)
{
    vsmp_machine *m = calloc(1, sizeof(*m));
    if (!m)
        return VSMP_ERR_NOMEM;
    m->mod = mod;
    m->r = &mod->kernels[kernel];
    m->opt = *opt;
    m->pi = vsmp_platform_info_get(opt->platform);
    m->grf = m->pi->grf_bytes;
    m->diags = diags;
    m->simd = opt->dispatch_simd ? opt->dispatch_simd : max_exec(m->r);
    m->nvars = VSMP_FIRST_VAR + m->r->num_vars;
    m->vars = calloc(m->nvars, sizeof(xvar));
    m->first = first;
    uint8_t *state = calloc(m->r->num_vars + 1, 1);
    vsmp_status s = m->vars && state ? VSMP_OK : VSMP_ERR_NOMEM;
    uint64_t top = 0;
    if (!s)
        s = layout_predefs(m, &top);
    for (uint32_t i = 0; !s && first && i < m->r->num_vars; i++)
        if (first[i]) /* a root (first_roots) */
            s = resolve_var(m, VSMP_FIRST_VAR + i, state, &top);
    for (uint32_t i = 0; !s && i < m->r->num_vars; i++)
        s = resolve_var(m, VSMP_FIRST_VAR + i, state, &top);
    free(state);
    if (!s) {
        m->arena_size = (uint32_t)top;
        /* on a cache line: a GRF's 32 bytes (64 at GRF64) never split across two lines, and
         * where the variables fall in lines is the same in every process and build */
        size_t bytes = ((size_t)(top ? top : 1) + 63u) & ~(size_t)63u;
        m->arena = aligned_alloc(64, bytes);
        if (!m->arena)
            s = VSMP_ERR_NOMEM;
        else
            memset(m->arena, 0, bytes);
    }
    if (!s)
        s = layout_state_vars(m);
    if (!s)
        s = check_inputs(m);
    if (!s)
        s = plan_inputs(m);
    if (!s)
        s = vsmp_x_plan(m);
    if (!s)
        s = plan_clear(m);
    if (!s)
        s = plan_reads(m);
    m->diags = NULL;
    if (first)
        m->first = NULL; /* the caller's */
    if (s) {
        vsmp_machine_free(m);
        return s;
    }
    *out = m;
    return VSMP_OK;
}

/* ---- the layout by reads, remembered ----
 *
 * A launch makes its machines again for every NDRange: the roots that create_laid placed first
 * for a kernel are kept (MEMO_SLOTS kernels, each slot filled once and kept for the process),
 * so that its next machines are laid out and planned once. Only an order is kept: whatever
 * order a machine is laid out in, plan_reads finds its spans on that layout, so a stale entry
 * (a module freed and another made at its address, with the same sums) costs speed, never
 * results. The key: the routine's address, a sum of its declarations, instructions and the
 * options and CPU level that planning reads. */
enum { MEMO_SLOTS = 32 };

typedef struct layout_memo {
    const vsmp_routine *r;
    uint64_t key;
    uint32_t nvars;
    uint8_t first[]; /* [nvars] */
} layout_memo;

static _Atomic(layout_memo *) memo[MEMO_SLOTS];

static uint64_t mix64(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}

static uint64_t memo_key(const vsmp_routine *r, const vsmp_machine_options *o)
{
    uint64_t h =
        mix64(mix64(mix64(r->num_vars, r->num_insts), r->num_inputs), vsmp_cpu_effective());
    h = mix64(mix64(mix64(h, o->platform), o->dispatch_simd), o->dispatch_mask);
    for (uint32_t i = 0; i < r->num_vars; i++) {
        const vsmp_var_decl *d = &r->vars[i];
        h = mix64(h, (uint64_t)d->type | (uint64_t)d->align << 8 | (uint64_t)d->num_elts << 16 |
                         (uint64_t)d->alias << 32);
        h = mix64(h, d->alias_offset);
    }
    for (uint32_t i = 0; i < r->num_insts; i++) {
        const vsmp_inst *in = &r->insts[i];
        h = mix64(h, (uint64_t)in->opcode | (uint64_t)in->exec_size << 8 |
                         (uint64_t)in->emask << 16 | (uint64_t)in->pred << 32);
    }
    return h;
}

static const uint8_t *memo_find(const vsmp_routine *r, uint64_t key)
{
    for (unsigned i = 0; i < MEMO_SLOTS; i++) {
        layout_memo *e = atomic_load_explicit(&memo[i], memory_order_acquire);
        if (!e)
            return NULL;
        if (e->r == r && e->key == key && e->nvars == r->num_vars)
            return e->first;
    }
    return NULL;
}

static void memo_keep(const vsmp_routine *r, uint64_t key, const uint8_t *first)
{
    layout_memo *e = malloc(sizeof(*e) + r->num_vars);
    if (!e)
        return;
    e->r = r, e->key = key, e->nvars = r->num_vars;
    memcpy(e->first, first, r->num_vars);
    for (unsigned i = 0; i < MEMO_SLOTS; i++) {
        layout_memo *none = NULL;
        if (atomic_compare_exchange_strong_explicit(&memo[i], &none, e, memory_order_acq_rel,
                                                    memory_order_acquire))
            return;
    }
    free(e); /* every slot taken: not kept */
}

vsmp_status vsmp_machine_create(const vsmp_module *mod, uint32_t kernel,
                                const vsmp_machine_options *opt, vsmp_machine **out,
                                vsmp_diags *diags)
{
    vsmp_machine_options def;
    if (!opt) {
        vsmp_machine_options_init(&def);
        opt = &def;
    }
    if (!mod || !out || kernel >= mod->num_kernels || !vsmp_platform_info_get(opt->platform) ||
        (opt->dispatch_simd != 0 && opt->dispatch_simd != 8 && opt->dispatch_simd != 16 &&
         opt->dispatch_simd != 32) ||
        !opt->coarse_x || !opt->coarse_y)
        return VSMP_ERR_ARG;
    vsmp_machine *m = NULL;
    uint64_t key = memo_key(&mod->kernels[kernel], opt);
    const uint8_t *known = memo_find(&mod->kernels[kernel], key);
    if (known && !create_laid(mod, kernel, opt, (uint8_t *)known, &m, NULL)) {
        *out = m;
        return VSMP_OK;
    }
    vsmp_status s = create_laid(mod, kernel, opt, NULL, &m, diags);
    if (s)
        return s;
    /* A kernel whose bytes read first past its straight line lie in more spans than r0's,
     * %cr0's and one: laid out again with the roots holding them together, after the
     * predefined variables, so that vsmp_machine_reset_for_run clears one span there (a few
     * short spans cost more than one long one: bench/results/cp3-spr.txt). Planned again, the
     * same rule finds the same bytes: it follows operands, not offsets. */
    uint8_t *first = m->first;
    m->first = NULL;
    vsmp_machine *laid = NULL;
    if (first && m->nrclear > 3 && !create_laid(mod, kernel, opt, first, &laid, NULL)) {
        vsmp_machine_free(m);
        m = laid;
        memo_keep(&mod->kernels[kernel], key, first);
    }
    free(first);
    *out = m;
    return VSMP_OK;
}

void vsmp_machine_free(vsmp_machine *m)
{
    if (!m)
        return;
    vsmp_x_drop_plans(m);
    free(m->x);
    free(m->xg);
    free(m->xs);
    free(m->xa);
    free(m->label_at);
    free(m->vars);
    free(m->arena);
    free(m->preds); /* and the other state words (layout_state_vars) */
    free(m->addr_base);
    free(m->smp_base);
    free(m->surf_base);
    free(m->payload);
    free(m->clear);
    free(m->rclear);
    free(m->first);
    free(m->incopy);
    free(m);
}

vsmp_status vsmp_machine_bind_surface(vsmp_machine *m, unsigned bti, const vsmp_surface *s)
{
    if (!m || bti >= VSMP_MAX_BINDINGS)
        return VSMP_ERR_ARG;
    m->bt[bti] = s;
    vsmp_x_drop_plans(m); /* plans point at the surface they were made for */
    m->bind_gen++;        /* and the typed stores' geometry (exec_typed.c) */
    return VSMP_OK;
}

vsmp_status vsmp_machine_bind_sampler(vsmp_machine *m, unsigned index, const vsmp_sampler_state *st)
{
    if (!m || index >= VSMP_MAX_SAMPLER_STATES)
        return VSMP_ERR_ARG;
    m->st_bound[index] = st != NULL;
    if (st)
        m->st[index] = *st;
    vsmp_x_drop_plans(m);
    return VSMP_OK;
}

vsmp_status vsmp_machine_map_surface(vsmp_machine *m, uint64_t address, const vsmp_surface *s)
{
    if (!m || !s)
        return VSMP_ERR_ARG;
    uint64_t size = vsmp_surface_get_desc(s)->data_size;
    if (address + size < address)
        return VSMP_ERR_ARG;
    for (unsigned i = 0; i < m->nsvm; i++) {
        uint64_t b = m->svm[i].base, e = b + vsmp_surface_get_desc(m->svm[i].s)->data_size;
        if (address < e && b < address + size)
            return VSMP_ERR_ARG;
    }
    if (m->nsvm >= VSMP_MAX_SVM_MAPPINGS)
        return VSMP_ERR_SPACE;
    m->svm[m->nsvm].base = address;
    m->svm[m->nsvm++].s = s;
    return VSMP_OK;
}

vsmp_status vsmp_machine_set_payload(vsmp_machine *m, size_t offset, const void *src, size_t size)
{
    if (!m || (!src && size) || offset > m->payload_size || size > m->payload_size - offset)
        return VSMP_ERR_ARG;
    if (size)
        memcpy(m->payload + offset, src, size);
    return VSMP_OK;
}

size_t vsmp_machine_payload_size(const vsmp_machine *m)
{
    return m ? m->payload_size : 0;
}

/* ---- variables by class and id ---- */

typedef struct span {
    uint8_t *p;
    size_t bytes;
} span;

static bool var_span(const vsmp_machine *m, vsmp_var_class cls, uint32_t id, span *sp)
{
    const vsmp_routine *r = m->r;
    switch (cls) {
    case VSMP_VAR_GENERAL:
        if (id == 0 || id >= m->nvars || !m->vars[id].present)
            return false;
        sp->p = m->arena + m->vars[id].at;
        sp->bytes = m->vars[id].bytes;
        return true;
    case VSMP_VAR_PREDICATE:
        if (id == 0 || id > r->num_preds)
            return false;
        sp->p = (uint8_t *)&m->preds[id];
        sp->bytes = 4;
        return true;
    case VSMP_VAR_ADDRESS:
        if (id >= r->num_addrs)
            return false;
        sp->p = (uint8_t *)&m->addr_vals[m->addr_base[id]];
        sp->bytes = 4u * r->addrs[id].num_elts;
        return true;
    case VSMP_VAR_SAMPLER:
        if (id >= r->num_samplers)
            return false;
        sp->p = (uint8_t *)&m->smp_vals[m->smp_base[id]];
        sp->bytes = 4u * r->samplers[id].num_elts;
        return true;
    case VSMP_VAR_SURFACE:
        if (id < VSMP_NUM_PREDEF_SURFS || id - VSMP_NUM_PREDEF_SURFS >= r->num_surfaces)
            return false;
        sp->p = (uint8_t *)&m->surf_vals[m->surf_base[id]];
        sp->bytes = 4u * r->surfaces[id - VSMP_NUM_PREDEF_SURFS].num_elts;
        return true;
    }
    return false;
}

/* State words are host uint32_t: expose them little-endian like the arena. */
static void copy_words_out(uint8_t *dst, const uint8_t *words, size_t off, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t b = off + i;
        uint32_t w;
        memcpy(&w, words + b / 4 * 4, 4);
        dst[i] = (uint8_t)(w >> (8 * (b % 4)));
    }
}

static void copy_words_in(uint8_t *words, const uint8_t *src, size_t off, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t b = off + i;
        uint32_t w;
        memcpy(&w, words + b / 4 * 4, 4);
        w = (w & ~(0xffu << (8 * (b % 4)))) | (uint32_t)src[i] << (8 * (b % 4));
        memcpy(words + b / 4 * 4, &w, 4);
    }
}

vsmp_status vsmp_machine_read_var(const vsmp_machine *m, vsmp_var_class cls, uint32_t id,
                                  size_t offset, void *dst, size_t dst_capacity, size_t *size)
{
    span sp;
    if (!m || !size || !var_span(m, cls, id, &sp) || offset > sp.bytes)
        return VSMP_ERR_ARG;
    size_t n = sp.bytes - offset;
    *size = n;
    if (n > dst_capacity)
        return VSMP_ERR_SPACE;
    if (n && !dst)
        return VSMP_ERR_ARG;
    if (cls == VSMP_VAR_GENERAL)
        memcpy(dst, sp.p + offset, n);
    else
        copy_words_out(dst, sp.p, offset, n);
    return VSMP_OK;
}

/* Do the @p size bytes at arena offset @p at lie inside one of the spans a reset clears? */
static bool in_clear(const vsmp_machine *m, uint32_t at, uint32_t size)
{
    for (uint32_t i = 0; i < m->nclear; i++)
        if (at >= m->clear[2 * i] && at + size <= m->clear[2 * i + 1])
            return true;
    return m->clear_all;
}

vsmp_status vsmp_machine_write_var(vsmp_machine *m, vsmp_var_class cls, uint32_t id, size_t offset,
                                   const void *src, size_t size)
{
    span sp;
    if (!m || (!src && size) || !var_span(m, cls, id, &sp) || offset > sp.bytes ||
        size > sp.bytes - offset)
        return VSMP_ERR_ARG;
    if (cls == VSMP_VAR_GENERAL) {
        memcpy(sp.p + offset, src, size);
        if (size && !m->dirty)
            m->dirty = !in_clear(m, (uint32_t)(sp.p + offset - m->arena), (uint32_t)size);
    } else {
        copy_words_in(sp.p, src, offset, size);
    }
    if (cls == VSMP_VAR_PREDICATE) {
        unsigned n = m->r->preds[id - 1].num_elts;
        if (n < 32)
            m->preds[id] &= (1u << n) - 1; /* bits past the declared elements do not exist */
    }
    return VSMP_OK;
}

/* General variable @p id's first @p size bytes, for the library's own caller that writes them
 * before each run as vsmp_machine_write_var would, without its checks per call (vsmp_launch's
 * r0, launch.c start_thread): NULL unless they lie inside the spans a reset clears, where a
 * write needs no note (m->dirty). */
uint8_t *vsmp_machine_general_bytes(vsmp_machine *m, uint32_t id, size_t size)
{
    span sp;
    if (!m || !var_span(m, VSMP_VAR_GENERAL, id, &sp) || size > sp.bytes ||
        !in_clear(m, (uint32_t)(sp.p - m->arena), (uint32_t)size))
        return NULL;
    return sp.p;
}

static bool name_is(const vsmp_routine *r, uint32_t sidx, const char *name)
{
    const char *s = vsmp_routine_string(r, sidx);
    return s && strcmp(s, name) == 0;
}

static void info_of(const vsmp_machine *m, vsmp_var_class cls, uint32_t id, uint32_t elems,
                    vsmp_var_info *vi)
{
    span sp = {0};
    var_span(m, cls, id, &sp);
    vi->cls = cls;
    vi->id = id;
    vi->type = cls == VSMP_VAR_GENERAL ? m->vars[id].type : VSMP_TYPE_UD;
    vi->bytes = (uint32_t)sp.bytes;
    vi->elements = elems;
}

vsmp_status vsmp_machine_find(const vsmp_machine *m, const char *name, vsmp_var_info *vi)
{
    if (!m || !name || !vi)
        return VSMP_ERR_ARG;
    const vsmp_routine *r = m->r;
    for (uint32_t i = 0; i < r->num_vars; i++)
        if (name_is(r, r->vars[i].name, name)) {
            info_of(m, VSMP_VAR_GENERAL, VSMP_FIRST_VAR + i, r->vars[i].num_elts, vi);
            return VSMP_OK;
        }
    for (uint32_t i = 1; i < VSMP_NUM_PREDEF_VARS; i++)
        if (strcmp(vsmp_predef_var_names[i], name) == 0) {
            info_of(m, VSMP_VAR_GENERAL, i, m->vars[i].elems, vi);
            return VSMP_OK;
        }
    for (uint32_t i = 0; i < r->num_preds; i++)
        if (name_is(r, r->preds[i].name, name)) {
            info_of(m, VSMP_VAR_PREDICATE, i + 1, r->preds[i].num_elts, vi);
            return VSMP_OK;
        }
    for (uint32_t i = 0; i < r->num_addrs; i++)
        if (name_is(r, r->addrs[i].name, name)) {
            info_of(m, VSMP_VAR_ADDRESS, i, r->addrs[i].num_elts, vi);
            return VSMP_OK;
        }
    for (uint32_t i = 0; i < r->num_samplers; i++)
        if (name_is(r, r->samplers[i].name, name)) {
            info_of(m, VSMP_VAR_SAMPLER, i, r->samplers[i].num_elts, vi);
            return VSMP_OK;
        }
    for (uint32_t i = 0; i < r->num_surfaces; i++)
        if (name_is(r, r->surfaces[i].name, name)) {
            info_of(m, VSMP_VAR_SURFACE, VSMP_NUM_PREDEF_SURFS + i, r->surfaces[i].num_elts, vi);
            return VSMP_OK;
        }
    return VSMP_ERR_ARG;
}

/* Zero @p n bytes at @p p. The spans a thread clears are mostly short (the state words, a
 * kernel's few read-first variables), where a memset of a variable size is a string store
 * whose start-up costs more than the stores: those are done 32 bytes at a time (memcpy of a
 * constant size from zeros, which compiles to vector stores), the last piece overlapping. */
static void zero_bytes(uint8_t *p, size_t n)
{
    static const uint8_t zeros[32];
    if (n > 512) {
        memset(p, 0, n);
        return;
    }
    if (n >= 32) {
        for (size_t i = 0; i + 32 < n; i += 32)
            memcpy(p + i, zeros, 32);
        memcpy(p + n - 32, zeros, 32);
        return;
    }
    if (n >= 8) {
        for (size_t i = 0; i + 8 < n; i += 8)
            memcpy(p + i, zeros, 8);
        memcpy(p + n - 8, zeros, 8);
        return;
    }
    for (size_t i = 0; i < n; i++)
        p[i] = 0;
}

static void clear_words(uint32_t *w, uint32_t n)
{
    zero_bytes((uint8_t *)w, (size_t)n * sizeof(*w));
}

void vsmp_machine_reset(vsmp_machine *m)
{
    if (!m)
        return;
    if (m->clear_all || m->dirty) {
        memset(m->arena, 0, m->arena_size);
        m->dirty = false;
    } else { /* every byte outside the spans is still zero (plan_clear) */
        for (uint32_t i = 0; i < m->nclear; i++)
            memset(m->arena + m->clear[2 * i], 0, m->clear[2 * i + 1] - m->clear[2 * i]);
    }
#ifdef VSMP_CHECK_RESET
    for (uint32_t i = 0; i < m->arena_size; i++)
        if (m->arena[i]) {
            fprintf(stderr, "vsmp_machine_reset: arena byte %u left non-zero\n", i);
            abort();
        }
#endif
    clear_words(m->preds, (uint32_t)state_words(m)); /* every state word, in one block */
    m->paused = false;
}

void vsmp_machine_reset_for_run(vsmp_machine *m)
{
    if (!m)
        return;
    if (!m->reads_known) {
        vsmp_machine_reset(m);
        return;
    }
    for (uint32_t i = 0; i < m->nrclear; i++)
        zero_bytes(m->arena + m->rclear[2 * i], m->rclear[2 * i + 1] - m->rclear[2 * i]);
    clear_words(m->preds, (uint32_t)state_words(m));
    m->paused = false;
    m->dirty = true; /* bytes outside the spans may hold values: a full reset clears all */
}

/* ---- execution ---- */

uint32_t vsmp_x_lanes(const vsmp_machine *m, const vsmp_inst *in, unsigned lanes)
{
    return vsmp_x_lanes_of(m, in->emask, in->pred, lanes);
}

uint32_t vsmp_x_lanes_of(const vsmp_machine *m, unsigned emask, unsigned pred, unsigned lanes)
{
    /* 3_execution_model.md: mask control Mn selects EM[i .. i+k) with i = 4 (n - 1); the
     * _NM forms ignore the EMs "subject to predication"; "the M1-M8 mask control ... also
     * used to control the predicate variable offset" */
    unsigned off = 4u * (emask & 7u);
    uint32_t lm = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
    uint32_t en = (emask & 8u) ? lm : (off < 32 ? m->em >> off : 0) & lm;
    if (pred) {
        unsigned id = VSMP_PRED_ID(pred);
        uint32_t p = id && id <= m->r->num_preds && off < 32 ? (m->preds[id] >> off) & lm : 0;
        switch (VSMP_PRED_CTRL(pred)) {
        case 1: /* .any: one predicate for every lane */
            p = p ? lm : 0;
            break;
        case 2: /* .all */
            p = p == lm ? lm : 0;
            break;
        default:
            break;
        }
        if (VSMP_PRED_INV(pred))
            p = ~p & lm;
        en &= p;
    }
    return en;
}

static void trace(vsmp_machine *m, const xinst *x, const xstep *s)
{
    vsmp_trace_event ev;
    ev.index = x->index;
    ev.inst = x->in;
    ev.lanes = s->lanes;
    ev.dst_var = s->dst_var;
    ev.dst_offset = s->dst_offset;
    ev.dst_size = s->dst_size;
    m->opt.trace(m->opt.trace_user, m, &ev);
}

static vsmp_status run_from(vsmp_machine *m, uint32_t pc, bool *at_barrier);

vsmp_status vsmp_machine_run(vsmp_machine *m, vsmp_diags *diags)
{
    return vsmp_machine_run_to_barrier(m, false, NULL, diags);
}

void vsmp_machine_set_slm(vsmp_machine *m, void *mem, size_t size)
{
    if (!m)
        return;
    m->slm = size && size <= UINT32_MAX ? mem : NULL;
    m->slm_size = m->slm ? (uint32_t)size : 0;
}

void vsmp_machine_set_scratch(vsmp_machine *m, void *mem, size_t size)
{
    if (!m)
        return;
    m->scratch = size && size <= UINT32_MAX ? mem : NULL;
    m->scratch_size = m->scratch ? (uint32_t)size : 0;
}

vsmp_status vsmp_machine_run_to_barrier(vsmp_machine *m, bool resume, bool *at_barrier,
                                        vsmp_diags *diags)
{
    if (!m || (resume && (!at_barrier || !m->paused)))
        return VSMP_ERR_ARG;
    m->paused = false;
    m->pause_barrier = at_barrier != NULL;
    if (at_barrier)
        *at_barrier = false;
    m->diags = diags;
    if (resume)
        return run_from(m, m->pc, at_barrier);
    load_inputs(m);
    uint32_t lm = m->simd >= 32 ? 0xffffffffu : (1u << m->simd) - 1u;
    m->em = m->opt.dispatch_mask & lm;
    /* %sr0.2 "DMask: the 32-bit mask specifying which channels are active at dispatch time" */
    x_st(m->arena + m->vars[13].at + 8, m->em, 4);
    m->steps_before += m->steps;
    m->smp_before += m->smp_msgs;
    m->steps = 0;
    m->smp_msgs = 0;
    m->waiting = 0;
    m->depth = 0;
    m->callmask = 0;
    return run_from(m, 0, at_barrier);
}

/* The run loop, from instruction @p pc; with a barrier pause, stops after a barrier with
 * *at_barrier set and the next instruction in m->pc. */
VSMP_HOT static vsmp_status run_from(vsmp_machine *m, uint32_t pc, bool *at_barrier)
{
    vsmp_status st = VSMP_OK;
    uint8_t *ce0 = m->arena + m->vars[15].at;
    const bool tracing = m->opt.trace != NULL;
    const uint64_t max_steps = m->opt.max_steps;
    while (pc < m->nx) {
        xinst *x = &m->x[pc];
        /* lanes a goto disabled come back here (3_execution_model.md) */
        for (uint32_t w = m->waiting; w; w &= w - 1u) {
            unsigned l = x_ctz(w);
            if (m->wait_at[l] == pc) {
                m->waiting &= ~(1u << l);
                m->em |= 1u << l;
            }
        }
        if (m->steps >= max_steps) {
            vsmp_x_report(m, x->in, "steps", "the run reached its limit of %llu instructions",
                          (unsigned long long)max_steps);
            st = VSMP_ERR_INVALID;
            break;
        }
        m->steps++;
        xstep s;
        if (tracing) /* the trace reads what a handler left unset as zero */
            memset(&s, 0, sizeof(s));
        s.next = pc + 1;
        s.end = s.barrier = false;
        /* %ce0: "the 32 bit execution mask for the current instruction" */
        x_st(ce0, m->em, 4);
        st = x->run(m, x, &s);
        if (st)
            break;
        if (tracing)
            trace(m, x, &s);
        if (s.end | s.barrier) {
            if (s.end)
                break;
            if (at_barrier) {
                m->pc = s.next;
                m->paused = true;
                *at_barrier = true;
                break;
            }
        }
        pc = s.next;
    }
    m->diags = NULL;
    return st;
}

uintptr_t vsmp_x_handler_address(const vsmp_machine *m, uint32_t index)
{
    return m && index < m->nx ? (uintptr_t)m->x[index].run : 0;
}

uint64_t vsmp_machine_steps(const vsmp_machine *m)
{
    return m ? m->steps : 0;
}

size_t vsmp_machine_memory(const vsmp_machine *m)
{
    if (!m)
        return 0;
    /* the arena and the plans dominate; the state words and tables are counted too */
    return sizeof(*m) + m->arena_size + (size_t)m->nx * sizeof(xinst) + m->nxg * sizeof(xgen) +
           m->nxs * sizeof(xsmp) + m->nxa * sizeof(xfaddr) + (size_t)m->nvars * sizeof(xvar) +
           vsmp_machine_payload_size(m) + (m->r->num_labels + 1) * sizeof(uint32_t) +
           (m->naddr_words + m->nsmp_words + m->nsurf_words + 3) * sizeof(uint32_t);
}

uint64_t vsmp_machine_sampler_messages(const vsmp_machine *m)
{
    return m ? m->smp_msgs : 0;
}

void vsmp_machine_totals(const vsmp_machine *m, uint64_t *steps, uint64_t *smp)
{
    *steps = m ? m->steps_before + m->steps : 0;
    *smp = m ? m->smp_before + m->smp_msgs : 0;
}
