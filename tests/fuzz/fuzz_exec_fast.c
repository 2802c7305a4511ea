/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the machine's fast path (src/exec/exec_fast.c, exec_fast_k.h) against its
 * general path (exec_alu.c). The input bytes drive a generator, not text mutation: a header of
 * five to nine bytes sets %cr0 and the dispatch mask and seeds every variable and predicate; the
 * rest builds a straight-line program of 1 to 24 instructions (while the input lasts) from the
 * forms the fast path takes and their neighbours that it must leave to the general path
 * (docs/EXEC.md, "Planning also puts ..."): mov with the F <-> integer and HF <- F conversions,
 * add, mul, mad, min, max, and, or, xor, not, shl, shr, asr, sel (predicated or not, inverted,
 * .any/.all), cmp to a predicate or a variable; exec sizes 1/4/8/16/32, M1..M8 offsets, NoMask,
 * predicates; packed, scalar, <1;1,0>, strided and repeating regions; scalar, V, UV and VF
 * immediates; source modifiers and .sat; in-place and overlapping dsts, views of one storage as
 * another type; and writes to %cr0 (its rounding bits 4-5, its denormal bits 7 and 10) in the
 * middle of a run of fast instructions.
 *
 * The program is planned at the reference level (vsmp_cpu_set_mask(0): every instruction on
 * the general path) and at each fast level the host has (the C kernels, then AVX2 with FMA),
 * run with dispatch SIMD32 under the input's dispatch mask, and every variable, predicate and
 * %cr0 must hold the same bytes afterwards; otherwise the program, the level and the first
 * differing byte go to stderr and the target aborts.
 *
 * Values are biased as test_exec_fast.c biases them: F to zeros, denormals, infinities,
 * extremes, halves and half-float ties, with one NaN only (0x7fc00000); integers to 0, -1, the
 * types' bounds, small shift counts, and signalling and payload NaNs for the F view of D storage
 * (XF, read only, so that no F result lands where integers are read). Every byte must be equal:
 * a NaN result of add, mul or mad is the one NaN 0x7fc00000 on both paths (docs/EXEC.md 5.2),
 * whichever of two NaN sources (0xffc00000 from x86's 0 * inf, or a negated one) the host's
 * instruction returned.
 */
#define _POSIX_C_SOURCE 200112L /* unsetenv */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vsmp/vsmp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
bool vsmp_x_is_fast(const vsmp_machine *m, uint32_t index); /* internal (exec_fast.c) */

/* ---- the input ---- */

typedef struct rd {
    const uint8_t *p;
    size_t n;
} rd;

/* The next input byte; 0 once the input is used up (0 picks each choice's common case). */
static unsigned u8(rd *r)
{
    if (!r->n)
        return 0;
    r->n--;
    return *r->p++;
}

static unsigned pick(rd *r, unsigned n)
{
    return u8(r) % n;
}

static uint32_t u32(rd *r)
{
    uint32_t v = u8(r);
    v |= (uint32_t)u8(r) << 8;
    v |= (uint32_t)u8(r) << 16;
    return v | (uint32_t)u8(r) << 24;
}

/* ---- the variables ---- */

/* Type classes: F, D, UD, W, UW, B, UB, HF. */
enum { C_F, C_D, C_UD, C_W, C_UW, C_B, C_UB, C_HF, NCLS };

static const char *const cls_type[NCLS] = {"f", "d", "ud", "w", "uw", "b", "ub", "hf"};
static const unsigned cls_size[NCLS] = {4, 4, 4, 2, 2, 1, 1, 2};

typedef struct fvar {
    const char *name;
    unsigned cls;
    unsigned elts;
    const char *alias; /* NULL: storage of its own (filled from the input) */
    bool dst;          /* may be written */
} fvar;

static const fvar vars[] = {
    {"FA", C_F, 64, NULL, true},
    {"FB", C_F, 64, NULL, true},
    {"FC", C_F, 64, NULL, true},
    {"DA", C_D, 64, NULL, true},
    {"DB", C_D, 64, NULL, true},
    {"UA", C_UD, 64, NULL, true},
    {"UB", C_UD, 64, NULL, true},
    {"WA", C_W, 64, NULL, true},
    {"WB", C_UW, 64, NULL, true},
    {"BA", C_B, 64, NULL, true},
    {"BB", C_UB, 64, NULL, true},
    {"HA", C_HF, 64, NULL, true},
    /* another type over the same bytes: F over D storage (read only, so that F results stay
     * in F storage), W over D storage, D over UW storage */
    {"XF", C_F, 32, "DB, 128", false},
    {"XW", C_W, 64, "DA, 0", true},
    {"XD", C_D, 32, "WB, 0", true},
};
#define NVARS (sizeof(vars) / sizeof(vars[0]))
#define NBASE 12 /* the variables with storage of their own come first */
#define NPRED 3

/* A variable of class c (a writable one for a dst), or -1. */
static int var_of(rd *r, unsigned c, bool dst)
{
    int cand[NVARS];
    unsigned n = 0;
    for (unsigned v = 0; v < NVARS; v++)
        if (vars[v].cls == c && (!dst || vars[v].dst))
            cand[n++] = (int)v;
    return n ? cand[pick(r, n)] : -1;
}

/* ---- values ---- */

static uint32_t rnd(uint64_t *st)
{
    *st = *st * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*st >> 32);
}

static uint32_t fval(uint64_t *st)
{
    static const uint32_t special[] = {
        0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x00800000u, 0x7f800000u, 0xff800000u,
        0x7fc00000u, 0x7f7fffffu, 0x3f800000u, 0xbf000000u, 0x4f000000u, 0xcf000000u, 0x4f800000u,
        0x477fe000u, 0x33800001u, 0x38800000u, 0x387fc000u, 0xc0200000u, 0x3fc00000u, 0x4b800001u,
        0x00400000u, 0x80000001u, 0xff7fffffu, 0x47000000u, 0x46fffe00u, 0x437f8000u, 0x3f000000u};
    uint32_t r = rnd(st), b, sign = r & 0x80000000u;
    switch (r & 7u) {
    case 0:
    case 1:
    case 2:
        b = special[(r >> 8) % (sizeof(special) / sizeof(special[0]))];
        break;
    case 3: /* a tie between two binary16 values */
        b = sign | (113u + (r >> 8) % 30u) << 23 | (rnd(st) & 0x3ffu) << 13 | 0x1000u;
        break;
    case 4: { /* a half denormal's rounding bit */
        uint32_t e = 102u + (r >> 8) % 11u, shift = 126u - e;
        b = sign | e << 23 | ((rnd(st) & 0x7fffffu) & ~((1u << shift) - 1u)) | 1u << (shift - 1u);
        break;
    }
    case 5: { /* a small integer or half, exact in F */
        float f = (float)((int32_t)(r >> 8 & 0x3ff) - 512) * 0.5f;
        memcpy(&b, &f, 4);
        break;
    }
    default:
        b = rnd(st);
        break;
    }
    return (b & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : b;
}

static uint32_t ival(uint64_t *st)
{
    static const uint32_t special[] = {
        0,           1,           0xffffffffu, 0x7fffffffu, 0x80000000u, 0x8000u,
        0x7fffu,     0xffffu,     0x10000u,    31,          32,          33,
        0x80u,       0x7fu,       0xffu,       0xff80u,     0xffffff80u, 0xffff8000u,
        0x7f800001u, 0xffa00000u, 0x7fbfffffu, 0x7fc00001u}; /* NaNs when read as F (XF) */
    uint32_t r = rnd(st);
    switch (r & 3u) {
    case 0:
        return special[(r >> 8) % (sizeof(special) / sizeof(special[0]))];
    case 1:
        return (r >> 8) & 0x3fu;
    default:
        return rnd(st);
    }
}

static uint32_t hval(uint64_t *st)
{
    static const uint16_t special[] = {0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x7bff,
                                       0x7c00, 0xfc00, 0x7e00, 0x3c00, 0xb800, 0x3555};
    uint32_t r = rnd(st);
    uint32_t h = r & 1u ? special[(r >> 8) % (sizeof(special) / sizeof(special[0]))] : r >> 16;
    return (h & 0x7fffu) > 0x7c00u ? 0x7e00u : h;
}

/* ---- the program ---- */

typedef struct gen {
    char text[8192];
    size_t len;
    bool full;
} gen;

static void put(gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(g->text + g->len, sizeof(g->text) - g->len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof(g->text) - g->len)
        g->full = true;
    else
        g->len += (size_t)n;
}

/* A variable's element e as (row, column) of 32-byte rows. */
static void at(gen *g, int v, unsigned e)
{
    unsigned ts = cls_size[vars[v].cls], b = e * ts;
    put(g, "%s(%u,%u)", vars[v].name, b / 32u, b % 32u / ts);
}

/* An element offset for a span of @p span elements in variable v: 0 mostly. */
static unsigned offset(rd *r, int v, unsigned span)
{
    static const unsigned offs[] = {0, 0, 0, 0, 1, 2, 3, 4, 5, 8, 16, 24, 32, 7};
    unsigned e = offs[pick(r, sizeof(offs) / sizeof(offs[0]))];
    return e + span <= vars[v].elts ? e : 0;
}

/* A float immediate's bits. */
static uint32_t fimm(rd *r)
{
    uint64_t st = u8(r) * 0x9e3779b97f4a7c15ull + 1;
    return fval(&st);
}

static uint32_t iimm(rd *r)
{
    uint64_t st = u8(r) * 0x9e3779b97f4a7c15ull + 7;
    return ival(&st);
}

/* Source n (of size lanes) of class c: a region of a variable, or an immediate. */
static void source(gen *g, rd *r, unsigned c, unsigned size, bool may_imm, bool mods)
{
    unsigned k = u8(r);
    if (may_imm && (k & 7u) == 7u) {
        unsigned form = u8(r) % 4;
        if (form == 3 && c == C_F)
            put(g, "0x%08x:vf", u32(r));
        else if (form == 3 && c != C_HF)
            put(g, "0x%08x:%s", u32(r), k & 0x10u ? "v" : "uv");
        else if (c == C_F)
            put(g, "0x%08x:f", fimm(r));
        else if (c == C_HF)
            put(g, "0x%04x:hf", fimm(r) >> 16);
        else
            put(g, "0x%x:%s",
                iimm(r) & (cls_size[c] == 4   ? 0xffffffffu
                           : cls_size[c] == 2 ? 0xffffu
                                              : 0xffu),
                cls_type[c]);
        return;
    }
    if (mods && k >= 0xf4) /* (-), (abs), (-abs): the general path's */
        put(g, "%s", (const char *[]){"(-)", "(abs)", "(-abs)"}[k % 3]);
    int v = var_of(r, c, false);
    /* regions: packed rows, a scalar, <1;1,0>, stride 2, one row repeated, rows with gaps,
     * one element per row at a stride; the width at most the exec size */
    unsigned w8 = size < 8 ? size : 8, w4 = size < 4 ? size : 4, w16 = size < 16 ? size : 16;
    unsigned vs, w, hs;
    switch (k >> 3 & 15u) {
    case 0:
    case 1:
    case 2:
    case 3:
    case 4:
        vs = w8, w = w8, hs = 1;
        break;
    case 5:
        vs = w16, w = w16, hs = 1;
        break;
    case 6:
    case 7:
        vs = 0, w = 1, hs = 0;
        break;
    case 8:
        vs = 1, w = 1, hs = 0;
        break;
    case 9:
    case 10:
        vs = 2 * w8, w = w8, hs = 2;
        break;
    case 11:
        vs = 0, w = w4, hs = 1;
        break;
    case 12:
        vs = 2 * w4, w = w4, hs = 1;
        break;
    case 13:
        vs = 2, w = 1, hs = 0;
        break;
    default:
        vs = w4, w = w4, hs = 1;
        break;
    }
    if (size == 1)
        vs = 0, w = 1, hs = 0;
    unsigned span = vs * (size / w - 1u) + hs * (w - 1u) + 1u;
    if (span > vars[v].elts)
        vs = w8, w = w8, hs = 1, span = size;
    at(g, v, offset(r, v, span));
    put(g, "<%u;%u,%u>", vs, w, hs);
}

enum { K_MOV, K_FI, K_F, K_I };

static const struct op {
    const char *name;
    unsigned nsrc, kind;
} ops[] = {
    {"mov", 1, K_MOV}, {"mov", 1, K_MOV}, {"mov", 1, K_MOV}, {"add", 2, K_FI}, {"add", 2, K_FI},
    {"mul", 2, K_FI},  {"mad", 3, K_FI},  {"min", 2, K_F},   {"max", 2, K_F},  {"and", 2, K_I},
    {"or", 2, K_I},    {"xor", 2, K_I},   {"not", 1, K_I},   {"shl", 2, K_I},  {"shr", 2, K_I},
    {"asr", 2, K_I},   {"sel", 2, K_FI},  {"sel", 2, K_FI},  {"cmp", 2, K_FI}, {"cmp", 2, K_FI},
    {NULL, 0, 0}, /* a write to %cr0 */
    {NULL, 0, 0},
};
#define NOPS (sizeof(ops) / sizeof(ops[0]))

static const char *const rels[] = {"eq", "ne", "gt", "ge", "lt", "le"};

static unsigned int_cls(rd *r)
{
    return pick(r, 6) + C_D;
}

/* The classes of an instruction's dst and sources: the fast forms mostly, their neighbours
 * (mixed F and integers, HF) sometimes. */
static void classes(rd *r, const struct op *o, unsigned *c)
{
    unsigned m = u8(r);
    bool mix = m >= 0xe0;
    for (unsigned i = 0; i <= o->nsrc; i++)
        c[i] = mix ? pick(r, NCLS) : C_F;
    if (mix)
        return;
    switch (o->kind) {
    case K_MOV:
        switch (m & 3u) {
        case 0:
            break; /* F <- F */
        case 1:
            c[1] = int_cls(r); /* F <- integer */
            break;
        case 2:
            c[0] = pick(r, 4) ? int_cls(r) : C_HF; /* integer or HF <- F */
            break;
        default:
            c[0] = int_cls(r), c[1] = int_cls(r);
            break;
        }
        return;
    case K_FI:
        if (m & 1u)
            for (unsigned i = 0; i <= o->nsrc; i++)
                c[i] = m & 2u ? int_cls(r) : (m & 4u ? C_D : C_UD);
        return;
    case K_F:
        return;
    default:
        for (unsigned i = 0; i <= o->nsrc; i++)
            c[i] = int_cls(r);
        return;
    }
}

static void inst(gen *g, rd *r)
{
    const struct op *o = &ops[pick(r, NOPS)];
    if (!o->name) {
        static const char *const lops[] = {"or", "and", "xor", "mov"};
        static const uint32_t bits[] = {0x80, 0x400, 0x480, 0x10, 0x20, 0x30, 0x4b0, 0x90};
        unsigned k = u8(r);
        uint32_t b = bits[k >> 2 & 7u];
        put(g, "%s (%s, 1) %%cr0(0,0)<1> ", lops[k & 3u], k & 0x20u ? "M1" : "M1_NM");
        if ((k & 3u) == 3u)
            put(g, "0x%x:ud\n", b);
        else
            put(g, "%%cr0(0,0)<0;1,0> 0x%x:ud\n", (k & 3u) == 1u ? ~b : b);
        return;
    }
    static const unsigned sizes[] = {16, 16, 16, 16, 8, 8, 32, 1, 4, 16, 8, 32, 1, 16, 8, 16};
    unsigned size = sizes[pick(r, 16)], ctl = u8(r);
    /* the mask offset: a multiple of the size inside 32 lanes */
    unsigned nm = ctl & 7u, step = size < 4 ? 1u : size / 4u;
    unsigned emask = (ctl >> 3 & 3u) ? 0u : nm / step * step;
    if (emask * 4u + size > 32u)
        emask = 0;
    bool nomask = (ctl >> 5) == 7u;
    unsigned c[4];
    classes(r, o, c);
    bool cmp = !strcmp(o->name, "cmp"), sel = !strcmp(o->name, "sel");
    bool unpred = cmp || o->kind == K_F; /* cmp, min and max take no predicate */
    /* the predicate: sel mostly has one, the others sometimes */
    unsigned p = u8(r);
    if (!unpred && (sel ? p < 0xd0 : p >= 0xd0)) {
        static const char *const ctrl[] = {"", "", "", "", "", "", ".any", ".all"};
        put(g, "(%sP%u%s) ", p & 1u ? "!" : "", 1u + (p >> 1 & 1u) + (p >> 7 & 1u) * (p >> 2 & 1u),
            ctrl[p >> 3 & 7u]);
    }
    unsigned f = u8(r);
    put(g, "%s", o->name);
    if (cmp)
        put(g, ".%s", rels[f % 6u]);
    if (f >= 0xf0 && !cmp)
        put(g, ".sat");
    put(g, " (M%u%s, %u) ", emask + 1u, nomask ? "_NM" : "", size);
    /* the dst: a predicate for cmp mostly; in place or overlapping the first source sometimes */
    unsigned dk = u8(r);
    char src0[160] = "";
    gen s0 = {{0}, 0, false};
    source(&s0, r, c[1], size, !strcmp(o->name, "mov") || (dk & 0x40u), true);
    snprintf(src0, sizeof(src0), "%.*s", (int)s0.len, s0.text);
    if (cmp && dk < 0xe0) {
        put(g, "P%u ", 1u + dk % NPRED);
    } else {
        unsigned hs = (dk & 7u) == 7u ? 2u : 1u, span = hs * (size - 1u) + 1u;
        int v = var_of(r, c[0], true);
        if (v < 0)
            v = var_of(r, C_F, true);
        if (span > vars[v].elts)
            hs = 1, span = size;
        unsigned e = offset(r, v, span);
        /* the first source's variable and element, when the dst takes them (in place) */
        const char *lp = strchr(src0, '(');
        if ((dk >> 3 & 3u) == 0 && lp && vars[v].cls == c[1]) {
            char name[8] = "";
            unsigned row = 0, col = 0;
            if (sscanf(src0[0] == '(' ? strchr(src0, ')') + 1 : src0, "%7[A-Z](%u,%u)", name, &row,
                       &col) == 3)
                for (unsigned u = 0; u < NVARS; u++)
                    if (!strcmp(vars[u].name, name) && vars[u].dst) {
                        unsigned e2 = (row * 32u / cls_size[c[1]] + col) + (dk >> 5 & 1u);
                        if (e2 + span <= vars[u].elts)
                            v = (int)u, e = e2;
                    }
        }
        at(g, v, e);
        put(g, "<%u> ", hs);
    }
    put(g, "%s", src0);
    for (unsigned i = 2; i <= o->nsrc; i++) {
        put(g, " ");
        source(g, r, c[i], size, true, true);
    }
    put(g, "\n");
}

/* ---- the machines ---- */

static vsmp_machine *machine(const vsmp_module *mod, unsigned cpu, uint32_t dmask)
{
    vsmp_cpu_set_mask(cpu);
    vsmp_machine *m = NULL;
    vsmp_machine_options o;
    vsmp_machine_options_init(&o);
    o.dispatch_simd = 32;
    o.dispatch_mask = dmask;
    o.max_steps = 1024;
    if (vsmp_machine_create(mod, 0, &o, &m, NULL))
        m = NULL;
    vsmp_cpu_set_mask(~0u);
    return m;
}

typedef struct state {
    uint8_t bytes[NBASE][256];
    uint32_t preds[NPRED];
    uint32_t cr0;
} state;

static void load(vsmp_machine *m, const state *s)
{
    for (unsigned v = 0; v < NBASE; v++) {
        vsmp_var_info vi;
        if (!vsmp_machine_find(m, vars[v].name, &vi))
            vsmp_machine_write_var(m, VSMP_VAR_GENERAL, vi.id, 0, s->bytes[v], vi.bytes);
    }
    for (unsigned p = 0; p < NPRED; p++)
        vsmp_machine_write_var(m, VSMP_VAR_PREDICATE, p + 1, 0, &s->preds[p], 4);
    vsmp_var_info vi;
    if (!vsmp_machine_find(m, "%cr0", &vi))
        vsmp_machine_write_var(m, VSMP_VAR_GENERAL, vi.id, 0, &s->cr0, 4);
}

/* The bytes a machine holds afterwards: the base variables, the predicates, %cr0. */
static size_t dump(const vsmp_machine *m, uint8_t *out)
{
    size_t n = 0, got = 0;
    for (unsigned v = 0; v < NBASE; v++) {
        vsmp_var_info vi;
        memset(out + n, 0, 256);
        if (!vsmp_machine_find(m, vars[v].name, &vi))
            vsmp_machine_read_var(m, VSMP_VAR_GENERAL, vi.id, 0, out + n, 256, &got);
        n += 256;
    }
    for (unsigned p = 0; p < NPRED; p++) {
        memset(out + n, 0, 4);
        vsmp_machine_read_var(m, VSMP_VAR_PREDICATE, p + 1, 0, out + n, 4, &got);
        n += 4;
    }
    vsmp_var_info vi;
    memset(out + n, 0, 4);
    if (!vsmp_machine_find(m, "%cr0", &vi))
        vsmp_machine_read_var(m, VSMP_VAR_GENERAL, vi.id, 0, out + n, 4, &got);
    return n + 4;
}

/* Do two dumps agree, byte for byte? @p off: the first differing byte. */
static bool same(const uint8_t *got, const uint8_t *want, size_t nb, size_t *off)
{
    for (size_t i = 0; i < nb; i++)
        if (got[i] != want[i]) {
            *off = i;
            return false;
        }
    return true;
}

static const char *place(size_t off, char *b, size_t cap)
{
    if (off < NBASE * 256u)
        snprintf(b, cap, "%s byte %zu", vars[off / 256].name, off % 256);
    else if (off < NBASE * 256u + 4u * NPRED)
        snprintf(b, cap, "P%zu byte %zu", (off - NBASE * 256u) / 4 + 1, off % 4);
    else
        snprintf(b, cap, "%%cr0 byte %zu", off % 4);
    return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool init;
    if (!init) {
        /* the levels are set through vsmp_cpu_set_mask: VSMP_CPU would lower every mask */
        unsetenv("VSMP_CPU");
        init = true;
    }
    rd r = {data, size};
    /* the header, five bytes (nine with a dispatch mask of its own), so that most of a short
     * input is program: %cr0, the dispatch mask, a seed of the values, the predicates' kinds */
    static const uint32_t cr0s[] = {0x0,  0x80, 0x400, 0x480, 0x0,  0x80,  0x10, 0x20,
                                    0x30, 0xb0, 0x490, 0x0,   0x80, 0x480, 0x0,  0x80};
    state s;
    s.cr0 = cr0s[u8(&r) & 15u];
    unsigned dm = u8(&r);
    static const uint32_t dmasks[] = {0xffffffffu, 0x0000ffffu, 0xffff0000u, 0x000000ffu};
    uint32_t dmask = dm < 0xc0 ? dmasks[dm & 3u] : u32(&r);
    uint64_t seed = u8(&r) | u8(&r) << 8;
    unsigned pk = u8(&r);
    for (unsigned p = 0; p < NPRED; p++) {
        uint64_t st = seed * 0x2545f4914f6cdd1dull + p;
        unsigned k = pk >> 2 * p & 3u;
        s.preds[p] = k == 2u ? 0xffffffffu : k == 3u ? 0u : rnd(&st);
    }
    for (unsigned v = 0; v < NBASE; v++) {
        uint64_t st = seed * 0x9e3779b97f4a7c15ull + v;
        unsigned ts = cls_size[vars[v].cls];
        for (unsigned e = 0; e < 256u / ts; e++) {
            uint32_t w = vars[v].cls == C_F    ? fval(&st)
                         : vars[v].cls == C_HF ? hval(&st)
                                               : ival(&st);
            memcpy(s.bytes[v] + e * ts, &w, ts);
        }
    }
    /* the program */
    gen g = {{0}, 0, false};
    put(&g, ".version 4.1\n.kernel \"fx\"\n");
    for (unsigned v = 0; v < NVARS; v++) {
        put(&g, ".decl %s v_type=G type=%s num_elts=%u align=GRF", vars[v].name,
            cls_type[vars[v].cls], vars[v].elts);
        put(&g, vars[v].alias ? " alias=<%s>\n" : "\n", vars[v].alias);
    }
    for (unsigned p = 0; p < NPRED; p++)
        put(&g, ".decl P%u v_type=P num_elts=32\n", p + 1);
    size_t body = g.len;
    /* up to 24 instructions, while the input lasts */
    unsigned n = 1 + pick(&r, 24), ni = 0;
    while (ni < n && (ni == 0 || r.n))
        inst(&g, &r), ni++;
    n = ni;
    put(&g, "ret (M1, 1)\n");
    if (g.full)
        return 0;

    vsmp_module *mod = NULL;
    vsmp_diags d;
    vsmp_diags_init(&d);
    vsmp_status ps = vsmp_text_parse(g.text, g.len, VSMP_DIALECT_12504, &mod, &d);
    if (ps && getenv("FUZZ_EXEC_FAST_REJECTS")) /* how often the generator misses, by why */
        vsmp_diags_print(&d, "rejected", stderr);
    vsmp_diags_free(&d);
    if (ps)
        return 0;
    unsigned levels[3] = {VSMP_CPU_C, VSMP_CPU_C | VSMP_CPU_AVX2,
                          VSMP_CPU_C | VSMP_CPU_AVX2 | VSMP_CPU_AVX512},
             nlev = 1, all = vsmp_cpu_flags();
    if (all & VSMP_CPU_AVX2)
        nlev = all & VSMP_CPU_AVX512 ? 3 : 2;
    static uint8_t want[NBASE * 256 + 4 * NPRED + 4], got[sizeof(want)];
    vsmp_machine *ref = machine(mod, 0, dmask);
    if (!ref) {
        if (getenv("FUZZ_EXEC_FAST_REJECTS"))
            fprintf(stderr, "not planned:\n%s\n", g.text + body);
        vsmp_module_free(mod);
        return 0;
    }
    for (uint32_t i = 0; i < n; i++)
        if (vsmp_x_is_fast(ref, i)) {
            fprintf(stderr,
                    "fuzz_exec_fast: instruction %u on the fast path at the reference "
                    "level\n%s",
                    i, g.text + body);
            abort();
        }
    load(ref, &s);
    vsmp_status want_st = vsmp_machine_run(ref, NULL);
    size_t nb = dump(ref, want);
    for (unsigned l = 0; l < nlev; l++) {
        vsmp_machine *m = machine(mod, levels[l], dmask);
        if (!m) {
            fprintf(stderr, "fuzz_exec_fast: planned at the reference level, not at 0x%x\n%s",
                    levels[l], g.text + body);
            abort();
        }
        load(m, &s);
        vsmp_status st = vsmp_machine_run(m, NULL);
        dump(m, got);
        size_t off = nb;
        if (st != want_st || !same(got, want, nb, &off)) {
            char b[64];
            fprintf(stderr,
                    "fuzz_exec_fast: level 0x%x differs from the reference (status %d, %d)\n"
                    "%%cr0 0x%x, dispatch mask 0x%08x, P1..P3 0x%08x 0x%08x 0x%08x\n%s",
                    levels[l], (int)st, (int)want_st, s.cr0, dmask, s.preds[0], s.preds[1],
                    s.preds[2], g.text + body);
            if (off < nb) {
                size_t w = off & ~(size_t)3;
                uint32_t a, e;
                memcpy(&a, got + w, 4);
                memcpy(&e, want + w, 4);
                fprintf(stderr,
                        "first difference: %s: 0x%02x, reference 0x%02x (word 0x%08x, "
                        "reference 0x%08x)\n",
                        place(off, b, sizeof(b)), got[off], want[off], a, e);
            }
            abort();
        }
        vsmp_machine_free(m);
    }
    vsmp_machine_free(ref);
    vsmp_module_free(mod);
    return 0;
}
