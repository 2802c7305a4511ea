/* SPDX-License-Identifier: MIT */
/*
 * The `.isa` container (VISA_ENCODING.md section 5): file header, kernel and function objects,
 * Gen binaries. Reading honours every version gate of section 4.1; writing produces the layout
 * GenX_IR 12504 writes (header, then each kernel object followed by its Gen binaries, then the
 * function objects).
 */
#include <stdlib.h>
#include <string.h>

#include "isa_internal.h"

#define MAGIC_CISA 0x41534943u

/* ------------------------------------------------------------------------------------------ */
/* Reading                                                                                     */
/* ------------------------------------------------------------------------------------------ */

typedef struct rctx {
    const uint8_t *data;
    size_t size;
    uint8_t major, minor;
    vsmp_diags *diags;
    vsmp_status st;
    uint32_t num_kt; /* entries of the kernel table (each may own gen offsets) */
    size_t base;     /* file offset of the object being read: its readers count from it */
    vsmp_budget budget;
} rctx;

static bool ids_wide(unsigned major, unsigned minor)
{
    return vsmp_ver(major, minor) >= 304;
}

/* Report at @p off, counted from the start of the object being read (c->base). */
static void fail(rctx *c, vsmp_status st, int64_t off, const char *fmt, const char *what)
{
    if (!c->st)
        c->st = st;
    vsmp_diags_add(c->diags, VSMP_SEV_ERROR, st == VSMP_ERR_TRUNCATED ? "truncated" : "container",
                   0, 0, off + (int64_t)c->base, fmt, what);
}

/* Charges @p bytes of a table read at @p at (from c->base) to the memory budget; over it,
 * reports where and returns false. */
static bool charge(rctx *c, size_t bytes, size_t at, const char *what)
{
    if (vsmp_budget_take(&c->budget, bytes))
        return true;
    c->st = VSMP_ERR_NOMEM;
    vsmp_budget_report(&c->budget, c->diags, 0, (int64_t)(c->base + at), what);
    return false;
}

/* Records an allocation failure; returns false for the caller to pass up. */
static bool nomem(rctx *c)
{
    c->st = VSMP_ERR_NOMEM;
    return false;
}

static uint32_t rd_id(rctx *c, vsmp_rd *r)
{
    return ids_wide(c->major, c->minor) ? vsmp_rd_u32(r) : vsmp_rd_u16(r);
}

/* Bytes a record needs at least, to bound counts before allocating. */
static bool count_fits(vsmp_rd *r, uint64_t count, unsigned min_record)
{
    return count * min_record <= r->size - r->pos;
}

/* Whether the count just read is sound and n records of min_record bytes can still follow;
 * if not, says which table runs past the end. */
static bool table_fits(rctx *c, vsmp_rd *r, uint32_t n, unsigned min_record, const char *what)
{
    if (!r->fail && count_fits(r, n, min_record))
        return true;
    fail(c, VSMP_ERR_TRUNCATED, (int64_t)r->pos, "the %s run past the end", what);
    return false;
}

static bool rd_attrs(rctx *c, vsmp_rd *r, vsmp_attr **out, uint32_t n, uint32_t nstrings)
{
    *out = NULL;
    if (!n)
        return true;
    if (!count_fits(r, n, ids_wide(c->major, c->minor) ? 5 : 3)) {
        fail(c, VSMP_ERR_TRUNCATED, (int64_t)r->pos, "%s ends inside its attributes", "object");
        return false;
    }
    if (!charge(c, (size_t)n * (sizeof(vsmp_attr) + 1 + VSMP_BLOCK_OVERHEAD), r->pos, "attributes"))
        return false;
    vsmp_attr *a = calloc(n, sizeof(*a));
    if (!a)
        return nomem(c);
    *out = a;
    for (uint32_t i = 0; i < n; i++) {
        size_t at = r->pos;
        a[i].name = rd_id(c, r);
        a[i].size = vsmp_rd_u8(r);
        if (r->fail || r->size - r->pos < a[i].size) {
            fail(c, VSMP_ERR_TRUNCATED, (int64_t)at, "%s ends inside an attribute", "object");
            return false;
        }
        if (a[i].name >= nstrings) {
            fail(c, VSMP_ERR_MALFORMED, (int64_t)at, "%s name index out of the string pool",
                 "attribute");
            return false;
        }
        a[i].value = malloc(a[i].size ? a[i].size : 1);
        if (!a[i].value)
            return nomem(c);
        memcpy(a[i].value, r->p + r->pos, a[i].size);
        r->pos += a[i].size;
    }
    return true;
}

static bool check_name(rctx *c, const vsmp_routine *rt, uint32_t idx, size_t at, const char *what)
{
    if (idx < rt->num_strings)
        return true;
    fail(c, VSMP_ERR_MALFORMED, (int64_t)at, "%s name index out of the string pool", what);
    return false;
}

/* Reads *count declarations; *count stays 0 until the array exists, so that a failure leaves
 * the routine freeable. */
static bool rd_decls(rctx *c, vsmp_rd *r, vsmp_routine *rt, vsmp_decl **out, uint32_t *count,
                     const char *what)
{
    uint32_t n = *count;
    *count = 0;
    *out = NULL;
    if (!n)
        return true;
    if (!count_fits(r, n, ids_wide(c->major, c->minor) ? 7 : 5)) {
        fail(c, VSMP_ERR_TRUNCATED, (int64_t)r->pos, "the %s declarations run past the end", what);
        return false;
    }
    if (!charge(c, (size_t)n * sizeof(vsmp_decl), r->pos, "declarations"))
        return false;
    vsmp_decl *d = calloc(n, sizeof(*d));
    if (!d)
        return nomem(c);
    *out = d;
    *count = n;
    for (uint32_t i = 0; i < n; i++) {
        size_t at = r->pos;
        d[i].name = rd_id(c, r);
        d[i].num_elts = vsmp_rd_u16(r);
        d[i].num_attrs = vsmp_rd_u8(r);
        if (r->fail || !check_name(c, rt, d[i].name, at, what))
            return false;
        if (!rd_attrs(c, r, &d[i].attrs, d[i].num_attrs, rt->num_strings))
            return false;
    }
    return true;
}

static bool rd_strings(rctx *c, vsmp_rd *r, vsmp_routine *rt)
{
    uint32_t n = rd_id(c, r);
    if (r->fail || !count_fits(r, n, 1)) {
        fail(c, VSMP_ERR_TRUNCATED, (int64_t)r->pos, "the %s runs past the end", "string pool");
        return false;
    }
    /* every string is a block of its own: an empty string costs its pointer and a block */
    if (!charge(c, (size_t)n * (sizeof(char *) + VSMP_BLOCK_OVERHEAD), r->pos, "string pool"))
        return false;
    rt->strings = calloc(n ? n : 1, sizeof(char *));
    if (!rt->strings)
        return nomem(c);
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *s = r->p + r->pos;
        const uint8_t *z = memchr(s, 0, r->size - r->pos);
        if (!z) {
            fail(c, VSMP_ERR_TRUNCATED, (int64_t)r->pos, "%s: unterminated string", "string pool");
            return false;
        }
        size_t len = (size_t)(z - s);
        if (len >= VSMP_MAX_STRING) {
            fail(c, VSMP_ERR_MALFORMED, (int64_t)r->pos,
                 "%s: string of 1024 bytes or more (GenX_IR's limit)", "string pool");
            return false;
        }
        if (!charge(c, len + 1, r->pos, "string pool"))
            return false;
        rt->strings[i] = malloc(len + 1);
        if (!rt->strings[i])
            return nomem(c);
        memcpy(rt->strings[i], s, len + 1);
        rt->num_strings = i + 1;
        r->pos += len + 1;
    }
    return true;
}

static bool rd_vars(rctx *c, vsmp_rd *r, vsmp_routine *rt)
{
    uint32_t n = rd_id(c, r);
    if (!table_fits(c, r, n, ids_wide(c->major, c->minor) ? 15 : 11, "variable declarations"))
        return false;
    if (!n)
        return true;
    if (!charge(c, (size_t)n * sizeof(*rt->vars), r->pos, "variable declarations"))
        return false;
    rt->vars = calloc(n, sizeof(*rt->vars));
    if (!rt->vars)
        return nomem(c);
    for (uint32_t i = 0; i < n; i++) {
        vsmp_var_decl *v = &rt->vars[i];
        size_t at = r->pos;
        v->name = rd_id(c, r);
        uint8_t bits = vsmp_rd_u8(r);
        v->type = bits & 0xf;
        v->align = bits >> 4;
        v->num_elts = vsmp_rd_u16(r);
        v->alias = rd_id(c, r);
        v->alias_offset = vsmp_rd_u16(r);
        v->alias_scope = vsmp_rd_u8(r);
        v->num_attrs = vsmp_rd_u8(r);
        rt->num_vars = i + 1;
        if (r->fail || !check_name(c, rt, v->name, at, "variable"))
            return false;
        if (!rd_attrs(c, r, &v->attrs, v->num_attrs, rt->num_strings))
            return false;
    }
    return true;
}

static bool rd_labels(rctx *c, vsmp_rd *r, vsmp_routine *rt)
{
    uint32_t n = vsmp_rd_u16(r);
    if (!table_fits(c, r, n, ids_wide(c->major, c->minor) ? 6 : 4, "label declarations"))
        return false;
    if (!n)
        return true;
    if (!charge(c, (size_t)n * sizeof(*rt->labels), r->pos, "label declarations"))
        return false;
    rt->labels = calloc(n, sizeof(*rt->labels));
    if (!rt->labels)
        return nomem(c);
    for (uint32_t i = 0; i < n; i++) {
        size_t at = r->pos;
        rt->labels[i].name = rd_id(c, r);
        rt->labels[i].kind = vsmp_rd_u8(r);
        rt->labels[i].num_attrs = vsmp_rd_u8(r);
        rt->num_labels = i + 1;
        if (r->fail || !check_name(c, rt, rt->labels[i].name, at, "label"))
            return false;
        if (!rd_attrs(c, r, &rt->labels[i].attrs, rt->labels[i].num_attrs, rt->num_strings))
            return false;
    }
    return true;
}

static bool rd_inputs(rctx *c, vsmp_rd *r, vsmp_routine *rt)
{
    uint32_t n = vsmp_ver(c->major, c->minor) >= 305 ? vsmp_rd_u32(r) : vsmp_rd_u8(r);
    if (!table_fits(c, r, n, ids_wide(c->major, c->minor) ? 9 : 7, "inputs"))
        return false;
    if (!n)
        return true;
    if (!charge(c, (size_t)n * sizeof(*rt->inputs), r->pos, "inputs"))
        return false;
    rt->inputs = calloc(n, sizeof(*rt->inputs));
    if (!rt->inputs)
        return nomem(c);
    for (uint32_t i = 0; i < n; i++) {
        rt->inputs[i].kind = vsmp_rd_u8(r);
        rt->inputs[i].id = rd_id(c, r);
        rt->inputs[i].offset = (int16_t)vsmp_rd_u16(r);
        rt->inputs[i].size = vsmp_rd_u16(r);
    }
    rt->num_inputs = n;
    return !r->fail;
}

static bool rd_code(rctx *c, vsmp_routine *rt, size_t start, uint32_t size, bool paired)
{
    vsmp_isa_version ver = {c->major, c->minor, paired};
    size_t pos = start, end = start + size;
    while (pos < end) {
        vsmp_inst *slot = vsmp_routine_add_inst(rt, &c->budget);
        if (!slot && c->budget.need) {
            c->st = VSMP_ERR_NOMEM;
            vsmp_budget_report(&c->budget, c->diags, 0, (int64_t)pos, "instructions");
            return false;
        }
        if (!slot)
            return nomem(c);
        size_t used = 0;
        vsmp_status st =
            vsmp_inst_decode(c->data + pos, end - pos, &ver, (int64_t)pos, slot, &used);
        if (st)
            rt->num_insts--;
        if (st) {
            const char *msg = "cannot decode the instruction (%s)";
            if (st == VSMP_ERR_UNSUPPORTED)
                msg = "opcode 0x%s is not a vISA opcode GenX_IR 1.0.12504 reads (or an unknown "
                      "sub-operation)";
            char what[64];
            if (st == VSMP_ERR_UNSUPPORTED)
                snprintf(what, sizeof(what), "%02x", c->data[pos]);
            else if (st == VSMP_ERR_TRUNCATED)
                snprintf(what, sizeof(what), "it runs past the instruction stream");
            else
                snprintf(what, sizeof(what), "a field holds a value no encoder writes");
            size_t kept = c->diags ? c->diags->count : 0;
            fail(c, st, (int64_t)pos, msg, what);
            if (c->diags && c->diags->count > kept) /* kept, not past the limit */
                c->diags->items[c->diags->count - 1].at_instruction = 1;
            if (rt->num_insts)
                vsmp_diags_add(c->diags, VSMP_SEV_NOTE, "container", 0, 0, (int64_t)pos,
                               "%u instructions decoded before it; a .isa dumped by IGC 1.0.12504 "
                               "or written by Debian's GenX_IR -binary has lost the trailing "
                               "operands of its instructions (their writer's bug, "
                               "VISA_ENCODING.md 9.1): assemble the .visaasm again "
                               "(vsmp asm)",
                               rt->num_insts);
            return false;
        }
        pos += used;
    }
    return true;
}

/* The declarations and attributes of a kernel or function object (r spans the object; offsets
 * in diagnostics count from c->base); *entry and *code_size locate its instruction stream. */
static bool rd_object(rctx *c, vsmp_rd r, vsmp_routine *rt, uint32_t *entry, uint32_t *code_size)
{
    uint32_t size = (uint32_t)r.size;
    const char *what = rt->is_kernel ? "kernel object" : "function object";
    if (!rd_strings(c, &r, rt))
        return false;
    size_t at = r.pos;
    rt->name_index = rd_id(c, &r);
    if (r.fail || !check_name(c, rt, rt->name_index, at, "routine"))
        return false;
    if (!rd_vars(c, &r, rt))
        return false;
    rt->num_addrs = vsmp_rd_u16(&r);
    if (!rd_decls(c, &r, rt, &rt->addrs, &rt->num_addrs, "address"))
        return false;
    rt->num_preds = vsmp_rd_u16(&r);
    if (!rd_decls(c, &r, rt, &rt->preds, &rt->num_preds, "predicate"))
        return false;
    if (!rd_labels(c, &r, rt))
        return false;
    rt->num_samplers = vsmp_rd_u8(&r);
    if (!rd_decls(c, &r, rt, &rt->samplers, &rt->num_samplers, "sampler"))
        return false;
    rt->num_surfaces = vsmp_rd_u8(&r);
    if (!rd_decls(c, &r, rt, &rt->surfaces, &rt->num_surfaces, "surface"))
        return false;
    rt->vme_count = vsmp_rd_u8(&r);
    if (rt->vme_count) {
        fail(c, VSMP_ERR_UNSUPPORTED, (int64_t)r.pos - 1,
             "%s is not 0 (VME variables "
             "are no longer part of vISA)",
             "vme_count");
        return false;
    }
    if (rt->is_kernel && !rd_inputs(c, &r, rt))
        return false;
    *code_size = vsmp_rd_u32(&r);
    *entry = vsmp_rd_u32(&r);
    if (!rt->is_kernel) {
        rt->input_size = vsmp_rd_u8(&r);
        rt->return_value_size = vsmp_rd_u8(&r);
    }
    rt->num_attrs = vsmp_rd_u16(&r);
    if (r.fail) {
        fail(c, VSMP_ERR_TRUNCATED, (int64_t)r.pos, "the %s header runs past its end", what);
        return false;
    }
    if (!rd_attrs(c, &r, &rt->attrs, rt->num_attrs, rt->num_strings))
        return false;
    if (*entry != r.pos) {
        fail(c, VSMP_ERR_MALFORMED, 0,
             "the %s's entry field does not point right after its attributes", what);
        return false;
    }
    if (size - r.pos != *code_size) {
        fail(c, VSMP_ERR_MALFORMED, 0, "the %s's size does not match its instruction stream", what);
        return false;
    }
    return true;
}

static bool rd_routine(rctx *c, vsmp_routine *rt, size_t off, uint32_t size,
                       const vsmp_read_options *opt)
{
    if (off > c->size || c->size - off < size) {
        fail(c, VSMP_ERR_TRUNCATED, (int64_t)off, "the %s lies outside the file",
             rt->is_kernel ? "kernel object" : "function object");
        return false;
    }
    vsmp_rd r = {c->data + off, size, 0, false};
    uint32_t entry = 0, code_size = 0;
    c->base = off;
    bool ok = rd_object(c, r, rt, &entry, &code_size);
    c->base = 0;
    return ok && rd_code(c, rt, off + entry, code_size, opt && opt->paired_surface);
}

static bool rd_name(rctx *c, vsmp_rd *r, vsmp_routine *rt)
{
    size_t len = vsmp_ver(c->major, c->minor) >= 307 ? vsmp_rd_u16(r) : vsmp_rd_u8(r);
    if (r->fail || r->size - r->pos < len) {
        fail(c, VSMP_ERR_TRUNCATED, (int64_t)r->pos, "the %s runs past the end", "file header");
        return false;
    }
    rt->name = malloc(len + 1);
    if (!rt->name)
        return nomem(c);
    memcpy(rt->name, r->p + r->pos, len);
    rt->name[len] = 0;
    r->pos += len;
    return true;
}

/* Where the header says a routine and its Gen binaries lie; nothing is copied until the whole
 * file has been read and checked. */
typedef struct rtab {
    uint32_t offset, size;
    uint32_t *gen_offset; /* kernels: one per Gen binary */
} rtab;

/* The objects and Gen binaries of a file GenX_IR writes are disjoint and lie after the header,
 * so their sizes add up to less than the file; a file where they add up to more reuses bytes
 * (255 Gen binaries each spanning the whole file), which would make reading allocate many
 * times the file's size. */
static bool claim(rctx *c, uint64_t *claimed, uint32_t size, int64_t at, const char *what)
{
    *claimed += size;
    if (*claimed <= c->size)
        return true;
    fail(c, VSMP_ERR_MALFORMED, at,
         "the %s overlaps other objects (the objects and Gen binaries add up to more "
         "bytes than the file)",
         what);
    return false;
}

static bool rd_header(rctx *c, vsmp_rd *r, vsmp_module *m, rtab **kt, rtab **ft)
{
    m->magic = vsmp_rd_u32(r);
    m->major = c->major = vsmp_rd_u8(r);
    m->minor = c->minor = vsmp_rd_u8(r);
    if (r->fail) {
        fail(c, VSMP_ERR_TRUNCATED, 0, "the %s is shorter than 6 bytes", "file header");
        return false;
    }
    if (m->major < 3 || vsmp_ver(m->major, m->minor) > 401) {
        char v[16];
        snprintf(v, sizeof(v), "%u.%u", m->major, m->minor);
        /* IGC 2.x declares 4.2 but its reader refuses 4.2 files (docs/TEXT.md) */
        fail(c, VSMP_ERR_UNSUPPORTED, 4,
             m->major == 4 && m->minor == 2
                 ? "vISA version %s has no binary layout: IGC's reader refuses it (3.0 to 4.1 "
                   "are read; 4.2 is text only)"
                 : "vISA version %s is not supported (3.0 to 4.1 are)",
             v);
        return false;
    }
    if (m->magic != MAGIC_CISA)
        vsmp_diags_add(c->diags, VSMP_SEV_WARNING, "magic", 0, 0, 0,
                       "the magic number is not \"CISA\" (GenX_IR does not check it)");
    /* every count is checked against the bytes left before anything is allocated for it:
     * a kernel entry takes at least 17 bytes and its name length, a function entry 13 and its
     * name length, a Gen binary entry 9 */
    unsigned name_len = vsmp_ver(c->major, c->minor) >= 307 ? 2 : 1;
    uint64_t claimed = 0;
    uint32_t nk = vsmp_rd_u16(r);
    if (!table_fits(c, r, nk, 17 + name_len, "kernel entries of the file header"))
        return false;
    *kt = calloc(nk ? nk : 1, sizeof(rtab));
    if (!*kt)
        return nomem(c);
    c->num_kt = nk;
    for (uint32_t i = 0; i < nk; i++) {
        vsmp_routine *rt = vsmp_module_add_routine(m, true);
        if (!rt)
            return nomem(c);
        if (!rd_name(c, r, rt))
            return false;
        size_t at = r->pos;
        (*kt)[i].offset = vsmp_rd_u32(r);
        (*kt)[i].size = vsmp_rd_u32(r);
        if (!r->fail && !claim(c, &claimed, (*kt)[i].size, (int64_t)at, "kernel object"))
            return false;
        (void)vsmp_rd_u32(r); /* input_offset: derived on write, checked below */
        rt->num_syms_variable = vsmp_rd_u16(r);
        rt->num_syms_function = vsmp_rd_u16(r);
        if (rt->num_syms_variable || rt->num_syms_function) {
            fail(c, VSMP_ERR_UNSUPPORTED, (int64_t)r->pos - 4,
                 "%s relocation symbols are not "
                 "supported (GenX_IR requires 0)",
                 "kernel");
            return false;
        }
        uint32_t ng = vsmp_rd_u8(r);
        if (!table_fits(c, r, ng, 9, "Gen binary entries of the file header"))
            return false;
        if (!ng)
            continue;
        rt->gen = calloc(ng, sizeof(*rt->gen));
        (*kt)[i].gen_offset = calloc(ng, sizeof(uint32_t));
        if (!rt->gen || !(*kt)[i].gen_offset)
            return nomem(c);
        rt->num_gen = ng; /* data stays NULL until the file has been checked */
        for (uint32_t g = 0; g < ng; g++) {
            rt->gen[g].platform = vsmp_rd_u8(r);
            size_t gat = r->pos;
            uint32_t go = vsmp_rd_u32(r), gs = vsmp_rd_u32(r);
            if (go > c->size || c->size - go < gs) {
                fail(c, VSMP_ERR_TRUNCATED, (int64_t)gat, "the %s lies outside the file",
                     "Gen binary");
                return false;
            }
            if (!claim(c, &claimed, gs, (int64_t)gat, "Gen binary"))
                return false;
            (*kt)[i].gen_offset[g] = go;
            rt->gen[g].size = gs;
        }
    }
    m->num_filescope = vsmp_rd_u16(r);
    if (m->num_filescope) {
        fail(c, VSMP_ERR_UNSUPPORTED, (int64_t)r->pos - 2,
             "%s are not supported (GenX_IR "
             "requires 0)",
             "file-scope variables");
        return false;
    }
    uint32_t nf = vsmp_rd_u16(r);
    if (!table_fits(c, r, nf, 13 + name_len, "function entries of the file header"))
        return false;
    *ft = calloc(nf ? nf : 1, sizeof(rtab));
    if (!*ft)
        return nomem(c);
    for (uint32_t i = 0; i < nf && !r->fail; i++) {
        vsmp_routine *rt = vsmp_module_add_routine(m, false);
        if (!rt)
            return nomem(c);
        rt->linkage = vsmp_rd_u8(r);
        if (!rd_name(c, r, rt))
            return false;
        size_t at = r->pos;
        (*ft)[i].offset = vsmp_rd_u32(r);
        (*ft)[i].size = vsmp_rd_u32(r);
        if (!r->fail && !claim(c, &claimed, (*ft)[i].size, (int64_t)at, "function object"))
            return false;
        rt->num_syms_variable = vsmp_rd_u16(r);
        rt->num_syms_function = vsmp_rd_u16(r);
        if (rt->num_syms_variable || rt->num_syms_function) {
            fail(c, VSMP_ERR_UNSUPPORTED, (int64_t)r->pos - 4,
                 "%s relocation symbols are not "
                 "supported (GenX_IR requires 0)",
                 "function");
            return false;
        }
    }
    if (r->fail) {
        fail(c, VSMP_ERR_TRUNCATED, (int64_t)r->pos, "the %s runs past the end", "file header");
        return false;
    }
    return true;
}

vsmp_status vsmp_module_read(const uint8_t *data, size_t size, const vsmp_read_options *opt,
                             vsmp_module **out, vsmp_diags *diags)
{
    if (!data || !out)
        return VSMP_ERR_ARG;
    vsmp_module *m = vsmp_module_create();
    if (!m)
        return VSMP_ERR_NOMEM;
    rctx c = {data, size, 0, 0, diags, VSMP_OK, 0, 0, {0, 0, 0}};
    c.budget.limit = opt ? opt->max_memory : VSMP_DEFAULT_MAX_MEMORY;
    vsmp_rd r = {data, size, 0, false};
    rtab *kt = NULL, *ft = NULL;
    bool ok = rd_header(&c, &r, m, &kt, &ft);
    for (uint32_t i = 0; ok && i < m->num_kernels; i++)
        ok = rd_routine(&c, &m->kernels[i], kt[i].offset, kt[i].size, opt);
    for (uint32_t i = 0; ok && i < m->num_functions; i++)
        ok = rd_routine(&c, &m->functions[i], ft[i].offset, ft[i].size, opt);
    /* the file is sound: copy the Gen binaries (they add up to at most the file's size) */
    for (uint32_t i = 0; ok && i < m->num_kernels; i++) {
        vsmp_routine *rt = &m->kernels[i];
        for (uint32_t g = 0; ok && g < rt->num_gen; g++) {
            rt->gen[g].data = malloc(rt->gen[g].size ? rt->gen[g].size : 1);
            if (rt->gen[g].data)
                memcpy(rt->gen[g].data, data + kt[i].gen_offset[g], rt->gen[g].size);
            else
                ok = nomem(&c);
        }
    }
    for (uint32_t i = 0; kt && i < c.num_kt; i++)
        free(kt[i].gen_offset);
    free(kt);
    free(ft);
    if (!ok || c.st) {
        vsmp_module_free(m);
        return c.st ? c.st : VSMP_ERR_MALFORMED;
    }
    *out = m;
    return VSMP_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Writing                                                                                     */
/* ------------------------------------------------------------------------------------------ */

typedef struct wctx {
    vsmp_wr w;
    uint8_t major, minor;
    bool paired;
    vsmp_diags *diags;
    vsmp_status st;
} wctx;

static void wfail(wctx *c, const char *msg, const char *what)
{
    if (!c->st)
        c->st = VSMP_ERR_UNENCODABLE;
    vsmp_diags_add(c->diags, VSMP_SEV_ERROR, "encode", 0, 0, -1, msg, what);
}

static void wr_id(wctx *c, uint32_t v)
{
    if (ids_wide(c->major, c->minor)) {
        vsmp_wr_n(&c->w, v, 4);
    } else {
        if (v > 0xffff)
            wfail(c, "%s does not fit the 2-byte ids of vISA < 3.4", "an id or count");
        vsmp_wr_n(&c->w, v, 2);
    }
}

static void wr_attrs(wctx *c, const vsmp_attr *a, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        wr_id(c, a[i].name);
        vsmp_wr_n(&c->w, a[i].size, 1);
        vsmp_wr_bytes(&c->w, a[i].value, a[i].size);
    }
}

static void wr_decls(wctx *c, const vsmp_decl *d, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        wr_id(c, d[i].name);
        vsmp_wr_n(&c->w, d[i].num_elts, 2);
        vsmp_wr_n(&c->w, d[i].num_attrs, 1);
        wr_attrs(c, d[i].attrs, d[i].num_attrs);
    }
}

static void wr_count(wctx *c, uint32_t n, unsigned bytes, const char *what)
{
    if (bytes < 4 && n >> (8 * bytes))
        wfail(c, "too many %s for the field's width", what);
    vsmp_wr_n(&c->w, n, bytes);
}

/* Write one kernel or function object; returns the absolute offset of its input_count. */
static size_t wr_routine(wctx *c, const vsmp_routine *rt)
{
    size_t start = c->w.pos, input_at = 0;
    wr_id(c, rt->num_strings);
    for (uint32_t i = 0; i < rt->num_strings; i++)
        vsmp_wr_bytes(&c->w, rt->strings[i], strlen(rt->strings[i]) + 1);
    wr_id(c, rt->name_index);
    wr_id(c, rt->num_vars);
    for (uint32_t i = 0; i < rt->num_vars; i++) {
        const vsmp_var_decl *v = &rt->vars[i];
        wr_id(c, v->name);
        vsmp_wr_n(&c->w, (v->type & 0xfu) | (unsigned)(v->align & 0xf) << 4, 1);
        vsmp_wr_n(&c->w, v->num_elts, 2);
        wr_id(c, v->alias);
        vsmp_wr_n(&c->w, v->alias_offset, 2);
        vsmp_wr_n(&c->w, v->alias_scope, 1);
        vsmp_wr_n(&c->w, v->num_attrs, 1);
        wr_attrs(c, v->attrs, v->num_attrs);
    }
    wr_count(c, rt->num_addrs, 2, "address variables");
    wr_decls(c, rt->addrs, rt->num_addrs);
    wr_count(c, rt->num_preds, 2, "predicates");
    wr_decls(c, rt->preds, rt->num_preds);
    wr_count(c, rt->num_labels, 2, "labels");
    for (uint32_t i = 0; i < rt->num_labels; i++) {
        wr_id(c, rt->labels[i].name);
        vsmp_wr_n(&c->w, rt->labels[i].kind, 1);
        vsmp_wr_n(&c->w, rt->labels[i].num_attrs, 1);
        wr_attrs(c, rt->labels[i].attrs, rt->labels[i].num_attrs);
    }
    wr_count(c, rt->num_samplers, 1, "samplers");
    wr_decls(c, rt->samplers, rt->num_samplers);
    wr_count(c, rt->num_surfaces, 1, "surfaces");
    wr_decls(c, rt->surfaces, rt->num_surfaces);
    vsmp_wr_n(&c->w, rt->vme_count, 1);
    if (rt->is_kernel) {
        input_at = c->w.pos;
        wr_count(c, rt->num_inputs, vsmp_ver(c->major, c->minor) >= 305 ? 4 : 1, "inputs");
        for (uint32_t i = 0; i < rt->num_inputs; i++) {
            vsmp_wr_n(&c->w, rt->inputs[i].kind, 1);
            wr_id(c, rt->inputs[i].id);
            vsmp_wr_n(&c->w, (uint16_t)rt->inputs[i].offset, 2);
            vsmp_wr_n(&c->w, rt->inputs[i].size, 2);
        }
    }
    /* the instruction stream's size is only known after encoding it: patch it */
    size_t size_at = c->w.pos;
    vsmp_wr_n(&c->w, 0, 4);
    vsmp_wr_n(&c->w, 0, 4);
    if (!rt->is_kernel) {
        vsmp_wr_n(&c->w, rt->input_size, 1);
        vsmp_wr_n(&c->w, rt->return_value_size, 1);
    }
    wr_count(c, rt->num_attrs, 2, "attributes");
    wr_attrs(c, rt->attrs, rt->num_attrs);
    size_t entry = c->w.pos - start;
    vsmp_isa_version ver = {c->major, c->minor, c->paired};
    for (uint32_t i = 0; i < rt->num_insts; i++) {
        size_t used = 0;
        uint8_t *dst = c->w.p && c->w.pos < c->w.cap ? c->w.p + c->w.pos : NULL;
        size_t room = dst ? c->w.cap - c->w.pos : 0;
        vsmp_status st = vsmp_inst_encode(&rt->insts[i], &ver, dst, room, &used);
        if (st && st != VSMP_ERR_SPACE) {
            if (!c->st)
                c->st = st;
            const vsmp_inst *in = &rt->insts[i];
            vsmp_diags_add(c->diags, VSMP_SEV_ERROR, "encode", in->line, in->column, in->offset,
                           "instruction %u cannot be encoded in vISA %u.%u%s", i, c->major,
                           c->minor, c->paired ? " (paired-surface layout)" : "");
        }
        c->w.pos += used;
    }
    vsmp_wr_patch32(&c->w, size_at, (uint32_t)(c->w.pos - start - entry));
    vsmp_wr_patch32(&c->w, size_at + 4, (uint32_t)entry);
    return input_at;
}

static void wr_name(wctx *c, const char *name)
{
    size_t len = name ? strlen(name) : 0;
    wr_count(c, (uint32_t)len, vsmp_ver(c->major, c->minor) >= 307 ? 2 : 1, "name bytes");
    vsmp_wr_bytes(&c->w, name, len);
}

vsmp_status vsmp_module_write(const vsmp_module *m, const vsmp_write_options *opt, uint8_t *dst,
                              size_t dst_capacity, size_t *written, vsmp_diags *diags)
{
    if (!m || !written || (!dst && dst_capacity))
        return VSMP_ERR_ARG;
    wctx c = {{dst, dst_capacity, 0}, 4, 1, false, diags, VSMP_OK};
    if (opt && (opt->major || opt->minor)) {
        c.major = opt->major;
        c.minor = opt->minor;
    }
    if (c.major < 3 || vsmp_ver(c.major, c.minor) > 401) {
        vsmp_diags_add(diags, VSMP_SEV_ERROR, "encode", 0, 0, -1,
                       "vISA %u.%u cannot be written (3.0 to 4.1 can)", c.major, c.minor);
        return VSMP_ERR_UNENCODABLE;
    }
    bool drop_gen = opt && opt->drop_gen;
    c.paired = opt && opt->paired_surface;
    if (c.paired && vsmp_ver(c.major, c.minor) < 308) {
        vsmp_diags_add(diags, VSMP_SEV_ERROR, "encode", 0, 0, -1,
                       "the paired-surface layout needs vISA 3.8 or later");
        return VSMP_ERR_UNENCODABLE;
    }
    /* file header with placeholders, patched once the objects are placed */
    vsmp_wr_n(&c.w, m->magic, 4);
    vsmp_wr_n(&c.w, c.major, 1);
    vsmp_wr_n(&c.w, c.minor, 1);
    wr_count(&c, m->num_kernels, 2, "kernels");
    size_t *kpatch = calloc(m->num_kernels + m->num_functions + 1, sizeof(size_t));
    if (!kpatch)
        return VSMP_ERR_NOMEM;
    size_t *fpatch = kpatch + m->num_kernels;
    for (uint32_t i = 0; i < m->num_kernels; i++) {
        const vsmp_routine *rt = &m->kernels[i];
        wr_name(&c, rt->name);
        kpatch[i] = c.w.pos;
        vsmp_wr_n(&c.w, 0, 12); /* offset, size, input_offset */
        vsmp_wr_n(&c.w, rt->num_syms_variable, 2);
        vsmp_wr_n(&c.w, rt->num_syms_function, 2);
        uint32_t ng = drop_gen ? 0 : rt->num_gen;
        wr_count(&c, ng, 1, "Gen binaries");
        for (uint32_t g = 0; g < ng; g++) {
            vsmp_wr_n(&c.w, rt->gen[g].platform, 1);
            vsmp_wr_n(&c.w, 0, 8); /* offset, size */
        }
    }
    vsmp_wr_n(&c.w, m->num_filescope, 2);
    wr_count(&c, m->num_functions, 2, "functions");
    for (uint32_t i = 0; i < m->num_functions; i++) {
        const vsmp_routine *rt = &m->functions[i];
        vsmp_wr_n(&c.w, rt->linkage, 1);
        wr_name(&c, rt->name);
        fpatch[i] = c.w.pos;
        vsmp_wr_n(&c.w, 0, 8);
        vsmp_wr_n(&c.w, rt->num_syms_variable, 2);
        vsmp_wr_n(&c.w, rt->num_syms_function, 2);
    }
    for (uint32_t i = 0; i < m->num_kernels; i++) {
        const vsmp_routine *rt = &m->kernels[i];
        size_t start = c.w.pos;
        size_t input_at = wr_routine(&c, rt);
        vsmp_wr_patch32(&c.w, kpatch[i], (uint32_t)start);
        vsmp_wr_patch32(&c.w, kpatch[i] + 4, (uint32_t)(c.w.pos - start));
        vsmp_wr_patch32(&c.w, kpatch[i] + 8, (uint32_t)input_at);
        uint32_t ng = drop_gen ? 0 : rt->num_gen;
        for (uint32_t g = 0; g < ng; g++) {
            size_t at = kpatch[i] + 12 + 4 + 1 + g * 9 + 1;
            vsmp_wr_patch32(&c.w, at, (uint32_t)c.w.pos);
            vsmp_wr_patch32(&c.w, at + 4, rt->gen[g].size);
            vsmp_wr_bytes(&c.w, rt->gen[g].data, rt->gen[g].size);
        }
    }
    for (uint32_t i = 0; i < m->num_functions; i++) {
        size_t start = c.w.pos;
        wr_routine(&c, &m->functions[i]);
        vsmp_wr_patch32(&c.w, fpatch[i], (uint32_t)start);
        vsmp_wr_patch32(&c.w, fpatch[i] + 4, (uint32_t)(c.w.pos - start));
    }
    free(kpatch);
    *written = c.w.pos;
    if (c.st)
        return c.st;
    if (c.w.pos > 0xffffffffu) {
        vsmp_diags_add(diags, VSMP_SEV_ERROR, "encode", 0, 0, -1, "the file exceeds 4 GiB");
        return VSMP_ERR_UNENCODABLE;
    }
    return dst_capacity < c.w.pos ? VSMP_ERR_SPACE : VSMP_OK;
}
