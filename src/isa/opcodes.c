/* SPDX-License-Identifier: MIT */
/* The instruction table (include/vsmp/opcodes.def) as lookup functions. */
#include <string.h>

#include "isa_internal.h"

#define ARITH    VSMP_FAM_ARITH
#define LOGIC    VSMP_FAM_LOGIC
#define MOV      VSMP_FAM_MOV
#define CMP      VSMP_FAM_CMP
#define ADDR     VSMP_FAM_ADDR
#define FLOW     VSMP_FAM_FLOW
#define SIMDCF   VSMP_FAM_SIMDCF
#define SYNC     VSMP_FAM_SYNC
#define DATAPORT VSMP_FAM_DATAPORT
#define SAMPLER  VSMP_FAM_SAMPLER
#define MISC     VSMP_FAM_MISC
#define SVM      VSMP_FAM_SVM
#define LSC      VSMP_FAM_LSC

static const vsmp_opcode_info opc_rows[] = {
#define OPC(val, id, mn, fam, layout, gate, old) {val, 0, false, mn, fam, layout, gate, old},
#define SUB(opc, val, id, mn, layout)
#include "vsmp/opcodes.def"
};

static const vsmp_opcode_info sub_rows[] = {
#define OPC(val, id, mn, fam, layout, gate, old)
#define SUB(opc, val, id, mn, layout) {opc, val, true, mn, 0, layout, 0, ""},
#include "vsmp/opcodes.def"
};

#define NOPC (sizeof(opc_rows) / sizeof(opc_rows[0]))
#define NSUB (sizeof(sub_rows) / sizeof(sub_rows[0]))

/* opcode -> row index + 1 (0: not an opcode), from the same table */
enum {
#define OPC(val, id, mn, fam, layout, gate, old) ROW_##id,
#define SUB(opc, val, id, mn, layout)
#include "vsmp/opcodes.def"
};
static const uint8_t opc_index[256] = {
#define OPC(val, id, mn, fam, layout, gate, old) [val] = ROW_##id + 1,
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
        if (!strcmp(opc_rows[i].mnemonic, mnemonic))
            return &opc_rows[i];
    return NULL;
}

const vsmp_opcode_info *vsmp_subop_by_mnemonic(unsigned opcode, const char *mnemonic)
{
    for (size_t i = 0; i < NSUB; i++)
        if (sub_rows[i].opcode == opcode && !strcmp(sub_rows[i].mnemonic, mnemonic))
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
