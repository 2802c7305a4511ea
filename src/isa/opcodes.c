/* SPDX-License-Identifier: MIT */
/* The instruction table (include/vsmp/opcodes.def) as lookup functions. */
#include <string.h>

#include "isa_internal.h"

static const vsmp_opcode_info opc_rows[] = {
#define OPC(val, id, mn, fam, layout, gate, old, ex, types, fp, opnds)                             \
    {val,                                                                                          \
     0,                                                                                            \
     false,                                                                                        \
     mn,                                                                                           \
     VSMP_FAM_##fam,                                                                               \
     layout,                                                                                       \
     gate,                                                                                         \
     old,                                                                                          \
     VSMP_XG_##ex,                                                                                 \
     VSMP_TS_##types,                                                                              \
     VSMP_FP_##fp,                                                                                 \
     VSMP_OC_##opnds},
#define SUB(opc, val, id, mn, layout)
#include "vsmp/opcodes.def"
};

static const vsmp_opcode_info sub_rows[] = {
#define OPC(val, id, mn, fam, layout, gate, old, ex, types, fp, opnds)
#define SUB(opc, val, id, mn, layout) {opc, val, true, mn, 0, layout, 0, "", 0, 0, 0, 0},
#include "vsmp/opcodes.def"
};

#define NOPC (sizeof(opc_rows) / sizeof(opc_rows[0]))
#define NSUB (sizeof(sub_rows) / sizeof(sub_rows[0]))

/* opcode -> row index + 1 (0: not an opcode), from the same table */
enum {
#define OPC(val, id, mn, fam, layout, gate, old, ex, types, fp, opnds) ROW_##id,
#define SUB(opc, val, id, mn, layout)
#include "vsmp/opcodes.def"
};
static const uint8_t opc_index[256] = {
#define OPC(val, id, mn, fam, layout, gate, old, ex, types, fp, opnds) [val] = ROW_##id + 1,
#define SUB(opc, val, id, mn, layout)
#include "vsmp/opcodes.def"
};

const vsmp_opcode_info *vsmp_opcode_info_get(unsigned opcode)
{
    if (opcode > 0xff)
        return NULL;
    unsigned i = opc_index[opcode];
    return i ? &opc_rows[i - 1] : NULL;
}

const vsmp_opcode_info *vsmp_subop_info_get(unsigned opcode, unsigned subop)
{
    for (size_t i = 0; i < NSUB; i++)
        if (sub_rows[i].opcode == opcode && sub_rows[i].subop == subop)
            return &sub_rows[i];
    return NULL;
}

const vsmp_opcode_info *vsmp_opcode_by_mnemonic(const char *mnemonic)
{
    if (!mnemonic)
        return NULL;
    for (size_t i = 0; i < NOPC; i++)
        if (opc_rows[i].mnemonic[0] == mnemonic[0] && !strcmp(opc_rows[i].mnemonic, mnemonic))
            return &opc_rows[i];
    return NULL;
}

const vsmp_opcode_info *vsmp_subop_by_mnemonic(unsigned opcode, const char *mnemonic)
{
    for (size_t i = 0; i < NSUB; i++)
        if (sub_rows[i].opcode == opcode && sub_rows[i].mnemonic[0] == mnemonic[0] &&
            !strcmp(sub_rows[i].mnemonic, mnemonic))
            return &sub_rows[i];
    return NULL;
}

const char *vsmp_opcode_layout(const vsmp_opcode_info *row, unsigned major, unsigned minor)
{
    if (!row)
        return NULL;
    if (row->gate && vsmp_ver(major, minor) < row->gate)
        return row->layout_before_gate;
    return row->layout;
}

size_t vsmp_opcode_row_count(void)
{
    return NOPC;
}

const vsmp_opcode_info *vsmp_opcode_row_at(size_t i)
{
    return i < NOPC ? &opc_rows[i] : NULL;
}

size_t vsmp_subop_row_count(void)
{
    return NSUB;
}

const vsmp_opcode_info *vsmp_subop_row_at(size_t i)
{
    return i < NSUB ? &sub_rows[i] : NULL;
}

/* ---- names of sub-fields in the text forms (IsaDisassembly 12504), read by the printer and
 * the parser ---- */

const char *const vsmp_atomic_names[VSMP_NUM_ATOMIC_NAMES] = {
    "add",     "sub",     "inc", "dec", "min", "max",  "xchg", "cmpxchg", "and",  "or",  "xor",
    "minsint", "maxsint", NULL,  NULL,  NULL,  "fmax", "fmin", "fcmpwr",  "fadd", "fsub"};
const char *const vsmp_relop_names[8] = {"eq", "ne", "gt", "ge", "lt", "le", NULL, NULL};
const char *const vsmp_block_num_names[4] = {"1", "2", "4", "8"};
const char *const vsmp_media_ld_mod_names[VSMP_MEDIA_LD_MODS] = {
    "nomod", "modified", "top", "bottom", "top_mod", "bottom_mod"};
const char *const vsmp_avs_control_names[4] = {"AVS_16_FULL", "AVS_16_DOWN_SAMPLE", "AVS_8_FULL",
                                               "AVS_8_DOWN_SAMPLE"};
const char *const vsmp_avs_exec_mode_names[3] = {"AVS_16x4", NULL, "AVS_16x8"};
const char *const vsmp_dpas_precision_names[13] = {NULL, "u1", "s1", "u2", "s2", "u4",  "s4",
                                                   "u8", "s8", "bf", "hf", NULL, "tf32"};
const char *const vsmp_media_st_mod_names[VSMP_MEDIA_ST_MODS] = {"nomod", "reserved", "top",
                                                                 "bottom"};
const char *const vsmp_svm_block_size_names[3] = {"1", "4", "8"};
const char *const vsmp_lsc_sfid_names[4] = {"ugm", "ugml", "tgm", "slm"};
/* "cc" (7, constant-cached) came after GenX_IR 12504: GenX_IR 1.0.17791 and IGC 2.x read it */
const char *const vsmp_lsc_cache_names[8] = {"df", "uc", "ca", "wb", "wt", "st", "ri", "cc"};
const char *const vsmp_lsc_addr_names[6] = {NULL, "flat", "bss", "ss", "bti", "arg"};
const char *const vsmp_lsc_asize_names[4] = {NULL, "a16", "a32", "a64"};
const char *const vsmp_lsc_dsize_names[8] = {NULL,  "d8",    "d16",    "d32",
                                             "d64", "d8c32", "d16c32", "d16c32h"};
/* today's spelling of the same sizes (IGC 2.x prints them; GenX_IR 1.0.17791 reads only the
 * c32 names, so the printer writes those) */
const char *const vsmp_lsc_dsize_names_u[8] = {NULL,  "d8",    "d16",    "d32",
                                               "d64", "d8u32", "d16u32", "d16u32h"};
const char *const vsmp_lsc_elems_names[9] = {NULL, "", "x2", "x3", "x4", "x8", "x16", "x32", "x64"};
const char *const vsmp_lsc_fence_op_names[7] = {"none",  "evict",   "invalidate", "discard",
                                                "clean", "flushl3", "type6"};
const char *const vsmp_lsc_scope_names[7] = {"group", "local",  "tile",  "gpu",
                                             "gpus",  "sysrel", "sysacq"};

int vsmp_name_index(const char *const *tab, size_t n, const char *s, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (tab[i] && strlen(tab[i]) == len && memcmp(tab[i], s, len) == 0)
            return (int)i;
    return -1;
}
