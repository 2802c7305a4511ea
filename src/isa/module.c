/* SPDX-License-Identifier: MIT */
/* Module ownership: creation, growth and release of routines and their tables. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "isa_internal.h"

bool vsmp_grow(void **arr, uint32_t *cap, uint32_t n, size_t sz)
{
    if (n < *cap)
        return true;
    if (*cap > UINT32_MAX / 2)
        return false;
    uint32_t nc = *cap ? *cap * 2 : 8;
    void *p = realloc(*arr, (size_t)nc * sz);
    if (!p)
        return false;
    *arr = p;
    *cap = nc;
    return true;
}

vsmp_module *vsmp_module_create(void)
{
    vsmp_module *m = calloc(1, sizeof(*m));
    if (!m)
        return NULL;
    m->magic = 0x41534943u; /* "CISA" */
    m->major = 4;
    m->minor = 1;
    return m;
}

/* Arrays may be NULL with a non-zero count when a read failed before allocating them. */
static void free_attrs(vsmp_attr *a, uint32_t n)
{
    if (!a)
        return;
    for (uint32_t i = 0; i < n; i++)
        free(a[i].value);
    free(a);
}

static void free_decls(vsmp_decl *d, uint32_t n)
{
    if (!d)
        return;
    for (uint32_t i = 0; i < n; i++)
        free_attrs(d[i].attrs, d[i].num_attrs);
    free(d);
}

void vsmp_routine_clear(vsmp_routine *r)
{
    free(r->name);
    for (uint32_t i = 0; r->gen && i < r->num_gen; i++)
        free(r->gen[i].data);
    free(r->gen);
    for (uint32_t i = 0; r->strings && i < r->num_strings; i++)
        free(r->strings[i]);
    free(r->strings);
    for (uint32_t i = 0; r->vars && i < r->num_vars; i++)
        free_attrs(r->vars[i].attrs, r->vars[i].num_attrs);
    free(r->vars);
    free_decls(r->addrs, r->num_addrs);
    free_decls(r->preds, r->num_preds);
    for (uint32_t i = 0; r->labels && i < r->num_labels; i++)
        free_attrs(r->labels[i].attrs, r->labels[i].num_attrs);
    free(r->labels);
    free_decls(r->samplers, r->num_samplers);
    free_decls(r->surfaces, r->num_surfaces);
    free(r->inputs);
    free_attrs(r->attrs, r->num_attrs);
    free(r->insts);
    memset(r, 0, sizeof(*r));
}

void vsmp_module_free(vsmp_module *m)
{
    if (!m)
        return;
    for (uint32_t i = 0; i < m->num_kernels; i++)
        vsmp_routine_clear(&m->kernels[i]);
    for (uint32_t i = 0; i < m->num_functions; i++)
        vsmp_routine_clear(&m->functions[i]);
    free(m->kernels);
    free(m->functions);
    free(m);
}

vsmp_routine *vsmp_module_add_routine(vsmp_module *m, bool is_kernel)
{
    vsmp_routine **arr = is_kernel ? &m->kernels : &m->functions;
    uint32_t *n = is_kernel ? &m->num_kernels : &m->num_functions;
    if (*n >= 0xffff)
        return NULL;
    vsmp_routine *p = realloc(*arr, (*n + 1) * sizeof(**arr));
    if (!p)
        return NULL;
    *arr = p;
    vsmp_routine *r = &p[(*n)++];
    memset(r, 0, sizeof(*r));
    r->is_kernel = is_kernel;
    return r;
}

int64_t vsmp_routine_add_string(vsmp_routine *r, const char *s, size_t len)
{
    if (r->num_strings == UINT32_MAX)
        return -1;
    char **p = realloc(r->strings, (r->num_strings + 1) * sizeof(*p));
    if (!p)
        return -1;
    r->strings = p;
    char *c = malloc(len + 1);
    if (!c)
        return -1;
    memcpy(c, s, len);
    c[len] = 0;
    p[r->num_strings] = c;
    return r->num_strings++;
}

bool vsmp_budget_take(vsmp_budget *b, size_t bytes)
{
    if (!b)
        return true;
    size_t after = bytes > SIZE_MAX - b->used ? SIZE_MAX : b->used + bytes;
    if (b->limit && after > b->limit) {
        b->need = after;
        return false;
    }
    b->used = after;
    return true;
}

void vsmp_budget_report(const vsmp_budget *b, vsmp_diags *diags, uint32_t line, int64_t offset,
                        const char *what)
{
    vsmp_diags_add(diags, VSMP_SEV_ERROR, "memory", line, line ? 1 : 0, offset,
                   "out of memory: the program needs %zu bytes or more for its %s, over the "
                   "memory budget of %zu bytes",
                   b->need, what, b->limit);
}

/* The one place instruction arrays grow. An instruction model is large (every operand slot of
 * the widest instruction) while its encoding or text can be a few bytes, so the growth is
 * charged to the budget first, and by half the capacity rather than doubling it, to keep
 * what is reserved close to what is used. */
vsmp_inst *vsmp_routine_add_inst(vsmp_routine *r, vsmp_budget *b)
{
    if (r->num_insts == r->cap_insts) {
        uint32_t cap = r->cap_insts;
        if (cap > UINT32_MAX / 3 * 2)
            return NULL;
        uint32_t nc = cap < 16 ? 16 : cap + cap / 2;
        if (!vsmp_budget_take(b, (size_t)(nc - cap) * sizeof(vsmp_inst)))
            return NULL;
        void *p = realloc(r->insts, (size_t)nc * sizeof(vsmp_inst));
        if (!p)
            return NULL;
        r->insts = p;
        r->cap_insts = nc;
    }
    vsmp_inst *i = &r->insts[r->num_insts++];
    memset(i, 0, sizeof(*i));
    i->offset = -1;
    return i;
}

const char *vsmp_routine_string(const vsmp_routine *r, uint32_t index)
{
    return index < r->num_strings ? r->strings[index] : NULL;
}

const char *vsmp_routine_var_name(const vsmp_routine *r, uint32_t id)
{
    if (id < VSMP_NUM_PREDEF_VARS)
        return vsmp_predef_var_names[id];
    if (id >= VSMP_FIRST_VAR && id - VSMP_FIRST_VAR < r->num_vars) {
        const char *s = vsmp_routine_string(r, r->vars[id - VSMP_FIRST_VAR].name);
        if (s)
            return s;
    }
    return "?";
}
