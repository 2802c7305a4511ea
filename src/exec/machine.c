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

/* vsmp_machine_reset_for_run's spans that meet [@p from, @p to) made one (the roots placed
 * first: zeroing their bytes that no run reads first changes nothing, and one span costs
 * less than several) */
static void join_spans(vsmp_machine *m, uint32_t from, uint32_t to)
{
    uint32_t n = 0, *sp = m->rclear;
    for (uint32_t i = 0; i < m->nrclear; i++) {
        bool in = sp[2 * i + 1] > from && sp[2 * i] < to;
        if (in && n && sp[2 * n - 1] > from) { /* the one before met it too */
            sp[2 * n - 1] = sp[2 * i + 1];
            continue;
        }
        sp[2 * n] = sp[2 * i], sp[2 * n + 1] = sp[2 * i + 1], n++;
    }
    m->nrclear = n;
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
    uint64_t group = top; /* where the roots placed first begin */
    for (uint32_t i = 0; !s && first && i < m->r->num_vars; i++)
        if (first[i]) /* a root (first_roots) */
            s = resolve_var(m, VSMP_FIRST_VAR + i, state, &top);
    uint64_t group_end = top;
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
        s = vsmp_x_plan_clear(m);
    if (!s)
        s = vsmp_x_plan_reads(m);
    m->diags = NULL;
    if (first)
        m->first = NULL; /* the caller's */
    if (!s && first && m->reads_known)
        join_spans(m, (uint32_t)group, (uint32_t)group_end);
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
 * results. The key: the routine's address, a sum of its declarations, instructions, address
 * variables' count (a kernel with address variables is never laid out by reads, so never hits an
 * entry) and the options and CPU level that planning reads. */
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
    uint64_t h = mix64(mix64(mix64(mix64(r->num_vars, r->num_insts), r->num_inputs), r->num_addrs),
                       vsmp_cpu_effective());
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
    /* A kernel whose bytes read first past its straight line lie in more than one span after
     * the predefined variables: laid out again with the roots holding them together, after the
     * predefined variables, so that vsmp_machine_reset_for_run clears one span there (a few
     * short spans cost more than one long one: bench/results/cp3-spr.txt). Planned again, the
     * same rule finds the same bytes: it follows operands, not offsets. */
    uint8_t *first = m->first;
    m->first = NULL;
    vsmp_machine *laid = NULL;
    const xvar *last = &m->vars[VSMP_NUM_PREDEF_VARS - 1]; /* the predefined ones end there */
    uint32_t apart = 0;
    for (uint32_t i = 0; i < m->nrclear; i++)
        apart += m->rclear[2 * i] >= last->at + last->bytes;
    if (first && apart > 1 && !create_laid(mod, kernel, opt, first, &laid, NULL)) {
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
    free(m->cgf);
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
