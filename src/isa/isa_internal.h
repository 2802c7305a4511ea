/* SPDX-License-Identifier: MIT */
/* Internal helpers shared by the isa/ sources. Not installed. */
#ifndef VSMP_ISA_INTERNAL_H
#define VSMP_ISA_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsmp/isa.h"

#define VSMP_NUM_PREDEF_VARS  21   /* V0..V20 in GenX_IR 12504 */
#define VSMP_NUM_PREDEF_SURFS 6    /* T0..T5 */
#define VSMP_FIRST_VAR        32   /* declared general variables start here */
#define VSMP_BINDLESS_SAMPLER 31   /* S31 */
#define VSMP_MAX_STRING       1024 /* GenX_IR's STRING_LEN */

extern const char *const vsmp_predef_var_names[VSMP_NUM_PREDEF_VARS];
extern const char *const vsmp_predef_surf_names[VSMP_NUM_PREDEF_SURFS];

int vsmp_type_from_name(const char *s);
bool vsmp_type_is_64(unsigned t);

/* A type's class (the class column of vsmp/types.def), inline for the validator's and the
 * machine's type checks; vsmp_type_class() gives the same behind the public API. */
static inline vsmp_tclass vsmp_tclass_of(unsigned t)
{
    switch (t) {
#define TYPE(id, code, name, size, cls)                                                            \
    case code:                                                                                     \
        return VSMP_TCLASS_##cls;
#include "vsmp/types.def"
    default:
        return VSMP_TCLASS_NONE;
    }
}

/* A type's size in bytes (the size column of vsmp/types.def), inline for the machine's hot
 * paths; 0 for an unknown code. */
static inline unsigned vsmp_type_bytes(unsigned t)
{
    switch (t) {
#define TYPE(id, code, name, size, cls)                                                            \
    case code:                                                                                     \
        return size;
#include "vsmp/types.def"
    default:
        return 0;
    }
}

/* HF, BF, F, DF */
static inline bool vsmp_type_is_float(unsigned t)
{
    return vsmp_tclass_of(t) == VSMP_TCLASS_FLOAT;
}

/* B, UB, W, UW, D, UD, Q, UQ (not the packed immediate vectors) */
static inline bool vsmp_type_is_int(unsigned t)
{
    vsmp_tclass c = vsmp_tclass_of(t);
    return c == VSMP_TCLASS_UINT || c == VSMP_TCLASS_SINT;
}

/* B, W, D, Q */
static inline bool vsmp_type_is_signed(unsigned t)
{
    return vsmp_tclass_of(t) == VSMP_TCLASS_SINT;
}
const char *vsmp_emask_name(unsigned m);
int vsmp_emask_from_name(const char *s);
int vsmp_exec_code(unsigned lanes);
unsigned vsmp_exec_lanes(unsigned code);
const char *vsmp_align_name(unsigned a);
int vsmp_align_from_name(const char *s);

/* Platform properties (platforms.def). */
#define PF_UNORM 0x01
#define PF_HF16  0x02
#define PF_CPS   0x04
#define PF_NOSMP 0x08
#define PF_XE2   0x10
typedef struct vsmp_platform_info {
    const char *name;
    uint8_t gen_code;
    uint8_t grf_bytes;
    unsigned flags;
} vsmp_platform_info;
const vsmp_platform_info *vsmp_platform_info_get(vsmp_platform p);

/* Version arithmetic as GenX_IR does it: major * 100 + minor. */
static inline unsigned vsmp_ver(unsigned major, unsigned minor)
{
    return major * 100 + minor;
}

/* A `.version` vsmp reads in text: 3.0-3.8, 4.0-4.2 (text_dialect.c). */
bool vsmp_text_version_known(unsigned major, unsigned minor);

/* ---- little-endian byte reader with a sticky error ---- */
typedef struct vsmp_rd {
    const uint8_t *p;
    size_t size;
    size_t pos;
    bool fail; /* set once a read runs past the end; later reads return 0 */
} vsmp_rd;

static inline uint64_t vsmp_rd_n(vsmp_rd *r, unsigned n)
{
    if (r->fail || r->size - r->pos < n || r->pos > r->size) {
        r->fail = true;
        return 0;
    }
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)r->p[r->pos + i] << (8 * i);
    r->pos += n;
    return v;
}
static inline uint8_t vsmp_rd_u8(vsmp_rd *r)
{
    return (uint8_t)vsmp_rd_n(r, 1);
}
static inline uint16_t vsmp_rd_u16(vsmp_rd *r)
{
    return (uint16_t)vsmp_rd_n(r, 2);
}
static inline uint32_t vsmp_rd_u32(vsmp_rd *r)
{
    return (uint32_t)vsmp_rd_n(r, 4);
}

/* ---- little-endian writer: counts what it would write even past the capacity ---- */
typedef struct vsmp_wr {
    uint8_t *p; /* may be NULL: only count */
    size_t cap;
    size_t pos;
} vsmp_wr;

static inline void vsmp_wr_n(vsmp_wr *w, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (w->p && w->pos < w->cap)
            w->p[w->pos] = i < 8 ? (uint8_t)(v >> (8 * i)) : 0;
        w->pos++;
    }
}
static inline void vsmp_wr_bytes(vsmp_wr *w, const void *src, size_t n)
{
    const uint8_t *s = (const uint8_t *)src;
    for (size_t i = 0; i < n; i++) {
        if (w->p && w->pos < w->cap)
            w->p[w->pos] = s[i];
        w->pos++;
    }
}
static inline void vsmp_wr_patch32(vsmp_wr *w, size_t at, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++)
        if (w->p && at + i < w->cap)
            w->p[at + i] = (uint8_t)(v >> (8 * i));
}

/* Name of entity ids for printing and parsing. */
const char *vsmp_routine_string(const vsmp_routine *r, uint32_t index);
/* The name of general variable @p id (a pre-defined one by its % name); "?" where the routine
 * has no such variable or no name for it (the diagnostics of the checker and the machine). */
const char *vsmp_routine_var_name(const vsmp_routine *r, uint32_t id);

/* Growth helper: ensure *arr has room for n+1 elements of size sz. */
bool vsmp_grow(void **arr, uint32_t *cap, uint32_t n, size_t sz);

/* The memory budget of one read or parse (max_memory of vsmp_read_options and
 * vsmp_text_options): the bytes of the tables that grow with the input are charged before they
 * are allocated. A refused charge leaves need (the bytes the input would take) for the
 * diagnostic. */
typedef struct vsmp_budget {
    size_t limit; /* 0 = none */
    size_t used;
    size_t need; /* non-zero once a charge was refused */
} vsmp_budget;
/* What one heap block costs beyond its bytes (allocator header and rounding), charged for
 * the small blocks a table holds one per entry (strings, attribute values). */
#define VSMP_BLOCK_OVERHEAD 16
bool vsmp_budget_take(vsmp_budget *b, size_t bytes);
/* The out-of-memory diagnostic (rule "memory") of a read or parse at @p offset (-1: none) or
 * @p line; @p what names the table that did not fit. */
void vsmp_budget_report(const vsmp_budget *b, vsmp_diags *diags, uint32_t line, int64_t offset,
                        const char *what);

/* Routine building helpers (module.c). vsmp_routine_add_inst charges its growth to @p b (NULL:
 * no budget); NULL when refused (b->need set) or out of memory. */
vsmp_routine *vsmp_module_add_routine(vsmp_module *m, bool is_kernel);
int64_t vsmp_routine_add_string(vsmp_routine *r, const char *s, size_t len);
vsmp_inst *vsmp_routine_add_inst(vsmp_routine *r, vsmp_budget *b);
void vsmp_routine_clear(vsmp_routine *r);

/* Instruction table iteration (opcodes.c). */
size_t vsmp_opcode_row_count(void);
const vsmp_opcode_info *vsmp_opcode_row_at(size_t i);
size_t vsmp_subop_row_count(void);
const vsmp_opcode_info *vsmp_subop_row_at(size_t i);
const vsmp_opcode_info *vsmp_subop_by_mnemonic(unsigned opcode, const char *mnemonic);

/* Text names of instruction sub-fields (opcodes.c); NULL marks a value with no name. */
#define VSMP_NUM_ATOMIC_NAMES 21 /* ATOMIC_ADD 0x00 .. ATOMIC_FSUB 0x14; 0x0d..0x0f unused */
extern const char *const vsmp_atomic_names[VSMP_NUM_ATOMIC_NAMES];
extern const char *const vsmp_relop_names[8];
extern const char *const vsmp_block_num_names[4];
/* media_ld / media_st modifiers (Common_ISA.cpp media_ld_mod_str / media_st_mod_str) */
#define VSMP_MEDIA_LD_MODS 6
#define VSMP_MEDIA_ST_MODS 4
extern const char *const vsmp_media_ld_mod_names[VSMP_MEDIA_LD_MODS];
extern const char *const vsmp_media_st_mod_names[VSMP_MEDIA_ST_MODS];
/* dpas operand precisions (GenPrecision 1..12; 0 and 11 have no name) */
extern const char *const vsmp_dpas_precision_names[13];
/* AVS output-format control and exec mode (Common_ISA.cpp avs_control_str / avs_exec_mode;
 * exec mode 1, AVS_INVALID, has no token) */
extern const char *const vsmp_avs_control_names[4];
extern const char *const vsmp_avs_exec_mode_names[3];
extern const char *const vsmp_svm_block_size_names[3];
extern const char *const vsmp_lsc_sfid_names[4];
extern const char *const vsmp_lsc_cache_names[8];
extern const char *const vsmp_lsc_addr_names[6];
extern const char *const vsmp_lsc_asize_names[4];
extern const char *const vsmp_lsc_dsize_names[8];
extern const char *const vsmp_lsc_dsize_names_u[8];
extern const char *const vsmp_lsc_elems_names[9];
extern const char *const vsmp_lsc_fence_op_names[7];
extern const char *const vsmp_lsc_scope_names[7];
/* index of the name s[0..len) in tab[0..n), -1 if absent */
int vsmp_name_index(const char *const *tab, size_t n, const char *s, size_t len);
#define VSMP_NAMES(tab) (tab), sizeof(tab) / sizeof((tab)[0])

#endif
