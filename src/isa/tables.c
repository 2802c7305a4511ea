/* SPDX-License-Identifier: MIT */
/* Name and property tables derived from vsmp/ops.def and platforms.def. */
#include <string.h>
#include <strings.h>

#include "isa_internal.h"

#define OPF_CPS    VSMP_OPI_CPS
#define OPF_S12504 VSMP_OPI_12504
#define OPF_CMP    VSMP_OPI_COMPARE
#define OPF_UWF    VSMP_OPI_UW_FORM
#define OPF_PO     VSMP_OPI_PO
#define CPS        OPF_CPS
#define S12504     OPF_S12504
#define CMP        OPF_CMP
#define UWF        OPF_UWF
#define PO         OPF_PO
#define SMPL       VSMP_OPC_3D_SAMPLE
#define LOAD       VSMP_OPC_3D_LOAD
#define INFO       VSMP_OPC_3D_INFO
#define NARGS(...) (sizeof((uint8_t[]){0, __VA_ARGS__}) - 1)
#define PLIST(...)                                                                                 \
    {                                                                                              \
        __VA_ARGS__                                                                                \
    }

/* Parameter kinds are spelled without the VSMP_P_ prefix in ops.def. */
#define U           VSMP_P_U
#define V           VSMP_P_V
#define R           VSMP_P_R
#define AI          VSMP_P_AI
#define BIAS        VSMP_P_BIAS
#define LOD         VSMP_P_LOD
#define REF         VSMP_P_REF
#define DUDX        VSMP_P_DUDX
#define DUDY        VSMP_P_DUDY
#define DVDX        VSMP_P_DVDX
#define DVDY        VSMP_P_DVDY
#define DRDX        VSMP_P_DRDX
#define DRDY        VSMP_P_DRDY
#define SI          VSMP_P_SI
#define MCSL        VSMP_P_MCSL
#define MCSH        VSMP_P_MCSH
#define MCS0        VSMP_P_MCS0
#define MCS1        VSMP_P_MCS1
#define MCS2        VSMP_P_MCS2
#define MCS3        VSMP_P_MCS3
#define OFFUVR      VSMP_P_OFFUVR
#define BIAS_OFFUVR VSMP_P_BIAS_OFFUVR
#define LOD_OFFUVR  VSMP_P_LOD_OFFUVR
#define OFFUV_R     VSMP_P_OFFUV_R
#define OFFUVR_R    VSMP_P_OFFUVR_R
#define LOD_OFFUV   VSMP_P_LOD_OFFUV

static const vsmp_op_info op_table[] = {
#define OP(id, opc, val, mn, spec, fl, ...)                                                        \
    {opc, val, mn, spec, fl, (uint8_t)NARGS(__VA_ARGS__), PLIST(__VA_ARGS__)},
#include "vsmp/ops.def"
};

#undef U
#undef V
#undef R
#undef AI
#undef BIAS
#undef LOD
#undef REF

size_t vsmp_op_count(void)
{
    return sizeof(op_table) / sizeof(op_table[0]);
}

const vsmp_op_info *vsmp_op_at(size_t i)
{
    return i < vsmp_op_count() ? &op_table[i] : NULL;
}

const vsmp_op_info *vsmp_op_find(unsigned opcode, unsigned subop, bool uw_form)
{
    for (size_t i = 0; i < vsmp_op_count(); i++) {
        const vsmp_op_info *o = &op_table[i];
        if (o->opcode != opcode || o->subop != subop)
            continue;
        if (opcode == VSMP_OPC_3D_LOAD && subop == VSMP_SUB_LD2DMS_W &&
            !!(o->flags & VSMP_OPI_UW_FORM) != uw_form)
            continue;
        return o;
    }
    return NULL;
}

const vsmp_op_info *vsmp_op_by_mnemonic(const char *mnemonic)
{
    for (size_t i = 0; i < vsmp_op_count(); i++)
        if (op_table[i].mnemonic[0] == mnemonic[0] && strcmp(op_table[i].mnemonic, mnemonic) == 0)
            return &op_table[i];
    return NULL;
}

const char *vsmp_param_name(vsmp_param p)
{
    static const char *const names[VSMP_P_COUNT] = {
        [VSMP_P_U] = "u",
        [VSMP_P_V] = "v",
        [VSMP_P_R] = "r",
        [VSMP_P_AI] = "ai",
        [VSMP_P_BIAS] = "bias",
        [VSMP_P_LOD] = "lod",
        [VSMP_P_REF] = "ref",
        [VSMP_P_DUDX] = "dudx",
        [VSMP_P_DUDY] = "dudy",
        [VSMP_P_DVDX] = "dvdx",
        [VSMP_P_DVDY] = "dvdy",
        [VSMP_P_DRDX] = "drdx",
        [VSMP_P_DRDY] = "drdy",
        [VSMP_P_SI] = "si",
        [VSMP_P_MCSL] = "mcsl",
        [VSMP_P_MCSH] = "mcsh",
        [VSMP_P_MCS0] = "mcs0",
        [VSMP_P_MCS1] = "mcs1",
        [VSMP_P_MCS2] = "mcs2",
        [VSMP_P_MCS3] = "mcs3",
        [VSMP_P_OFFUVR] = "OffUVR",
        [VSMP_P_BIAS_OFFUVR] = "BiasOffUVR",
        [VSMP_P_LOD_OFFUVR] = "LodOffUVR",
        [VSMP_P_OFFUV_R] = "OffUV_R",
        [VSMP_P_OFFUVR_R] = "OffUVR_R",
        [VSMP_P_LOD_OFFUV] = "LodOffUV",
    };
    return (unsigned)p < VSMP_P_COUNT ? names[p] : "?";
}

/* ---- types ---- */

static const struct {
    const char *name;
    uint8_t size;
    uint8_t cls;
} type_table[] = {
#define TYPE(id, code, nm, sz, cl) [code] = {nm, sz, VSMP_TCLASS_##cl},
#include "vsmp/types.def"
};
#define NUM_TYPES (sizeof(type_table) / sizeof(type_table[0]))

const char *vsmp_type_name(unsigned t)
{
    return t < NUM_TYPES ? type_table[t].name : NULL;
}

unsigned vsmp_type_size(unsigned t)
{
    return t < NUM_TYPES ? type_table[t].size : 0;
}

vsmp_tclass vsmp_type_class(unsigned t)
{
    return t < NUM_TYPES ? (vsmp_tclass)type_table[t].cls : VSMP_TCLASS_NONE;
}

int vsmp_type_from_name(const char *s)
{
    for (unsigned t = 0; t < NUM_TYPES; t++)
        if (type_table[t].name && strcasecmp(s, type_table[t].name) == 0)
            return (int)t;
    return -1;
}

bool vsmp_type_is_64(unsigned t)
{
    return vsmp_type_size(t) == 8;
}

/* ---- regions ---- */

int vsmp_region_code(unsigned value)
{
    switch (value) {
    case 0:
        return 1;
    case 1:
        return 2;
    case 2:
        return 3;
    case 4:
        return 4;
    case 8:
        return 5;
    case 16:
        return 6;
    case 32:
        return 7;
    default:
        return -1;
    }
}

int vsmp_region_value(unsigned code)
{
    static const int v[8] = {-1, 0, 1, 2, 4, 8, 16, 32};
    return code < 8 ? v[code] : -1;
}

/* ---- execution masks ---- */

static const char *const mask_names[16] = {
    "M1",    "M2",    "M3",    "M4",    "M5",    "M6",    "M7",    "M8",
    "M1_NM", "M2_NM", "M3_NM", "M4_NM", "M5_NM", "M6_NM", "M7_NM", "M8_NM",
};

const char *vsmp_emask_name(unsigned m)
{
    return m < 16 ? mask_names[m] : "?";
}

int vsmp_emask_from_name(const char *s)
{
    for (unsigned m = 0; m < 16; m++)
        if (strcmp(s, mask_names[m]) == 0)
            return (int)m;
    if (strcmp(s, "NoMask") == 0)
        return 8;
    return -1;
}

int vsmp_exec_code(unsigned lanes)
{
    switch (lanes) {
    case 1:
        return 0;
    case 2:
        return 1;
    case 4:
        return 2;
    case 8:
        return 3;
    case 16:
        return 4;
    case 32:
        return 5;
    default:
        return -1;
    }
}

unsigned vsmp_exec_lanes(unsigned code)
{
    return code <= 5 ? 1u << code : 0;
}

/* ---- alignments (VISA_Align) ---- */

static const char *const align_names[10] = {
    "byte", "word", "dword", "qword", "oword", "GRF", "2GRF", "hword", "32word", "64word",
};

const char *vsmp_align_name(unsigned a)
{
    return a < 10 ? align_names[a] : NULL;
}

int vsmp_align_from_name(const char *s)
{
    for (unsigned a = 0; a < 10; a++)
        if (strcmp(s, align_names[a]) == 0)
            return (int)a;
    if (strcmp(s, "GRFx2") == 0)
        return 6;
    if (strcmp(s, "wordx32") == 0)
        return 8;
    if (strcmp(s, "wordx64") == 0)
        return 9;
    return -1;
}

/* ---- pre-defined names ---- */

const char *const vsmp_predef_var_names[VSMP_NUM_PREDEF_VARS] = {
    "%null",
    "%thread_x",
    "%thread_y",
    "%group_id_x",
    "%group_id_y",
    "%group_id_z",
    "%tsc",
    "%r0",
    "%arg",
    "%retval",
    "%sp",
    "%fp",
    "%hw_id",
    "%sr0",
    "%cr0",
    "%ce0",
    "%dbg0",
    "%color",
    "%impl_arg_buf_ptr",
    "%local_id_buf_ptr",
    "%msg0",
};

const char *const vsmp_predef_surf_names[VSMP_NUM_PREDEF_SURFS] = {
    "%slm", "T1", "T2", "TSS", "%bss", "%scratch",
};

/* ---- platforms ---- */

#undef CPS
#define CPS   PF_CPS
#define HF16  PF_HF16
#define NOSMP PF_NOSMP
#define UNORM PF_UNORM
#define XE2   PF_XE2
static const vsmp_platform_info platform_table[] = {
#define PLATFORM(id, nm, code, grf, fl) {nm, code, grf, (fl)},
#include "platforms.def"
};
_Static_assert(sizeof(platform_table) / sizeof(platform_table[0]) == VSMP_PLATFORM_COUNT,
               "platforms.def and vsmp_platform disagree");

const vsmp_platform_info *vsmp_platform_info_get(vsmp_platform p)
{
    return (unsigned)p < VSMP_PLATFORM_COUNT ? &platform_table[p] : NULL;
}

const char *vsmp_platform_name(vsmp_platform p)
{
    return (unsigned)p < VSMP_PLATFORM_COUNT ? platform_table[p].name : NULL;
}

unsigned vsmp_platform_code(vsmp_platform p)
{
    return (unsigned)p < VSMP_PLATFORM_COUNT ? platform_table[p].gen_code : 0;
}

unsigned vsmp_platform_grf_bytes(vsmp_platform p)
{
    return (unsigned)p < VSMP_PLATFORM_COUNT ? platform_table[p].grf_bytes : 0;
}

static const struct {
    const char *name;
    vsmp_platform p;
} platform_aliases[] = {
#define PLATFORM_ALIAS(nm, id) {nm, VSMP_PLATFORM_##id},
#include "platforms.def"
};

vsmp_status vsmp_platform_find(const char *name, vsmp_platform *out)
{
    if (!name || !out)
        return VSMP_ERR_ARG;
    for (unsigned p = 0; p < VSMP_PLATFORM_COUNT; p++) {
        if (strcasecmp(name, platform_table[p].name) == 0) {
            *out = (vsmp_platform)p;
            return VSMP_OK;
        }
    }
    for (size_t i = 0; i < sizeof(platform_aliases) / sizeof(platform_aliases[0]); i++) {
        if (strcasecmp(name, platform_aliases[i].name) == 0) {
            *out = platform_aliases[i].p;
            return VSMP_OK;
        }
    }
    return VSMP_ERR_ARG;
}
