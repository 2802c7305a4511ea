/* SPDX-License-Identifier: MIT */
#ifndef VSMP_ISA_H
#define VSMP_ISA_H

/**
 * @file isa.h
 * The vISA instruction model and its codecs: every opcode of GenX_IR 1.0.12504 (one table,
 * include/vsmp/opcodes.def, read by the decoder, encoder, printer, parser and validator), with
 * the sampler messages 3D_SAMPLE (0x6d), 3D_LOAD (0x6e), INFO (0x70) and SAMPLE_UNORM (0x41)
 * modelled field by field.
 *
 * One model serves the binary codec, the `.isa` container, the text parser and printer, the
 * validator and (later) the executor. Sub-operations of the sampler messages and their
 * parameter lists come from one table (include/vsmp/ops.def), exposed here through
 * vsmp_op_info().
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsmp/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* Basic encodings                                                                             */
/* ------------------------------------------------------------------------------------------ */

/** vISA data types (binary codes of VISA_Type), from the type table (include/vsmp/types.def):
 *  VSMP_TYPE_UD = 0 ... VSMP_TYPE_BF = 15. */
typedef enum vsmp_type {
#define TYPE(id, code, name, size, cls) VSMP_TYPE_##id = code,
#include "vsmp/types.def"
} vsmp_type;

/** Classes of types (the class column of types.def). */
typedef enum vsmp_tclass {
    VSMP_TCLASS_NONE = 0, /**< not a type code */
    VSMP_TCLASS_UINT,     /**< UB, UW, UD, UQ */
    VSMP_TCLASS_SINT,     /**< B, W, D, Q */
    VSMP_TCLASS_FLOAT,    /**< HF, BF, F, DF */
    VSMP_TCLASS_PACKED,   /**< the immediate vectors V, UV, VF */
    VSMP_TCLASS_BOOL,     /**< BOOL */
} vsmp_tclass;

/** @return the text name of a type ("ud", "f", ...) or NULL if @p t is not a type code. */
VSMP_API const char *vsmp_type_name(unsigned t);
/** @return the size of a type in bytes, 0 for an unknown code. */
VSMP_API unsigned vsmp_type_size(unsigned t);
/** @return the class of a type (vsmp_tclass), VSMP_TCLASS_NONE for an unknown code. */
VSMP_API vsmp_tclass vsmp_type_class(unsigned t);

/** Every vISA opcode of GenX_IR 1.0.12504's reader, from the instruction table
 *  (include/vsmp/opcodes.def): VSMP_OPC_ADD = 0x01 ... VSMP_OPC_ADD3O = 0x92. */
typedef enum vsmp_opcode {
#define OPC(val, id, mn, fam, layout, gate, old, ex, types, fp, opnds) VSMP_OPC_##id = val,
#define SUB(opc, val, id, mn, layout)
#include "vsmp/opcodes.def"
    VSMP_OPC_LIMIT = 0x100
} vsmp_opcode;

/** Sub-operations of SVM (0x4e), LSC_UNTYPED (0x89) and LSC_TYPED (0x8a), by their binary
 *  value (the byte after the opcode), from the same table: VSMP_SOP_SVM_GATHER = 0x03 ... */
typedef enum vsmp_subopcode {
#define OPC(val, id, mn, fam, layout, gate, old, ex, types, fp, opnds)
#define SUB(opc, val, id, mn, layout) VSMP_SOP_##id = val,
#include "vsmp/opcodes.def"
    VSMP_SOP_LIMIT = 0x100
} vsmp_subopcode;

/** Instruction families (the text form and the validator's rules follow the family). */
typedef enum vsmp_family {
    VSMP_FAM_ARITH,
    VSMP_FAM_LOGIC,
    VSMP_FAM_MOV,
    VSMP_FAM_CMP,
    VSMP_FAM_ADDR,
    VSMP_FAM_FLOW,
    VSMP_FAM_SIMDCF,
    VSMP_FAM_SYNC,
    VSMP_FAM_DATAPORT,
    VSMP_FAM_SAMPLER,
    VSMP_FAM_MISC,
    VSMP_FAM_SVM,
    VSMP_FAM_LSC,
} vsmp_family;

/** The machine's execution groups (the exec column of opcodes.def). */
typedef enum vsmp_exec_group {
    VSMP_XG_NONE, /**< not run by the machine: refused before the run */
    VSMP_XG_ALU,
    VSMP_XG_FLOW,
    VSMP_XG_SAMPLER,
    VSMP_XG_UNORM,
    VSMP_XG_MEM,
    VSMP_XG_SVM,
    VSMP_XG_ATOMIC,
    VSMP_XG_LSC,
    VSMP_XG_LSC_TYPED,
    VSMP_XG_TYPED_ATOMIC,
    VSMP_XG_FADDR,
    VSMP_XG_SYNC,
    VSMP_XG_MEDIA, /**< media_ld, media_st: media block messages */
    VSMP_XG_LIMIT
} vsmp_exec_group;

/** The operand types an opcode takes (the types column of opcodes.def). */
typedef enum vsmp_type_set {
    VSMP_TS_ANY,
    VSMP_TS_FLOAT, /**< HF, BF, F, DF (and VF immediates) */
    VSMP_TS_INT,   /**< B..UQ (and V, UV immediates) */
} vsmp_type_set;

/** Float result rules of an opcode (the fp column of opcodes.def). */
typedef enum vsmp_fp_rule {
    VSMP_FP_PLAIN = 0,
    VSMP_FP_ONENAN = 1, /**< a NaN result is the one quiet NaN */
    VSMP_FP_MATH = 3,   /**< the math box: float whatever the sources (and ONENAN) */
} vsmp_fp_rule;

/** The operand classes an opcode's positions take (the opnds column of opcodes.def, which
 *  spells each set's classes). */
typedef enum vsmp_opnd_set {
    VSMP_OC_VEC,
    VSMP_OC_BITS,
    VSMP_OC_MOV,
    VSMP_OC_MOVS,
    VSMP_OC_SETP,
    VSMP_OC_CMP,
    VSMP_OC_ADDR,
    VSMP_OC_MSG,
} vsmp_opnd_set;

/** One row of the instruction table (an opcode, or a sub-operation of SVM/LSC). The layout
 *  letters are documented in opcodes.def: E exec, P predicate, b/w/d 1/2/4-byte value,
 *  i id-width value, D/v vector dst/src, R/r raw dst/src, L label, S sub-opcode,
 *  '*' decoded by hand, '+' the remaining operands as stored. */
typedef struct vsmp_opcode_info {
    uint8_t opcode;
    uint8_t subop;        /**< for sub-operation rows */
    bool is_subop;        /**< a SUB row */
    const char *mnemonic; /**< "add", "svm_gather", "lsc_load" */
    uint8_t family;       /**< vsmp_family (of the opcode for SUB rows) */
    const char *layout;   /**< from `gate` on */
    uint16_t gate;        /**< version (major * 100 + minor) the layout holds from; 0 always */
    const char *layout_before_gate;
    uint8_t exec;  /**< vsmp_exec_group (0 in SUB rows: the opcode's row has it) */
    uint8_t types; /**< vsmp_type_set */
    uint8_t fp;    /**< vsmp_fp_rule */
    uint8_t opnds; /**< vsmp_opnd_set (0 in SUB rows: the opcode's row has it) */
} vsmp_opcode_info;

/** @return the table row of an opcode, NULL for a value GenX_IR 12504's reader rejects. */
VSMP_API const vsmp_opcode_info *vsmp_opcode_info_get(unsigned opcode);
/** @return the row of a sub-operation of SVM/LSC_UNTYPED/LSC_TYPED, NULL if unknown. */
VSMP_API const vsmp_opcode_info *vsmp_subop_info_get(unsigned opcode, unsigned subop);
/** Look an opcode mnemonic up ("add", "cmp"). @return the row or NULL. */
VSMP_API const vsmp_opcode_info *vsmp_opcode_by_mnemonic(const char *mnemonic);
/** @return the layout string an instruction has in a file of version major.minor. */
VSMP_API const char *vsmp_opcode_layout(const vsmp_opcode_info *row, unsigned major,
                                        unsigned minor);

/** Sub-operations of 3D_SAMPLE / 3D_LOAD and the INFO ops, by their binary value, from the
 *  sub-operation table (include/vsmp/ops.def): VSMP_SUB_SAMPLE = 0x00 ... The 16-bit parameter
 *  form of ld2dms_w has its own row, so VSMP_SUB_LD2DMS_W_UW equals VSMP_SUB_LD2DMS_W. */
typedef enum vsmp_subop {
#define OP(id, opc, val, ...) VSMP_SUB_##id = val,
#include "vsmp/ops.def"
} vsmp_subop;

/** Meaning of one parameter position (the spec's parameter tables). */
typedef enum vsmp_param {
    VSMP_P_U,
    VSMP_P_V,
    VSMP_P_R,
    VSMP_P_AI,
    VSMP_P_BIAS,
    VSMP_P_LOD,
    VSMP_P_REF,
    VSMP_P_DUDX,
    VSMP_P_DUDY,
    VSMP_P_DVDX,
    VSMP_P_DVDY,
    VSMP_P_DRDX,
    VSMP_P_DRDY,
    VSMP_P_SI,
    VSMP_P_MCSL,
    VSMP_P_MCSH,
    VSMP_P_MCS0,
    VSMP_P_MCS1,
    VSMP_P_MCS2,
    VSMP_P_MCS3,
    VSMP_P_OFFUVR,
    VSMP_P_BIAS_OFFUVR,
    VSMP_P_LOD_OFFUVR,
    VSMP_P_OFFUV_R,
    VSMP_P_OFFUVR_R,
    VSMP_P_LOD_OFFUV,
    VSMP_P_COUNT
} vsmp_param;

/** @return the spec's name of a parameter kind ("u", "dudx", "mcsl", ...). */
VSMP_API const char *vsmp_param_name(vsmp_param p);

#define VSMP_MAX_OP_PARAMS 11
/** Op flags of vsmp_op_info. */
#define VSMP_OPI_CPS     0x01 /**< the verifier allows .cps on this op */
#define VSMP_OPI_12504   0x02 /**< GenX_IR 12504's text syntax has the mnemonic */
#define VSMP_OPI_COMPARE 0x04 /**< takes a reference value (shadow compare) */
#define VSMP_OPI_UW_FORM 0x08 /**< the 16-bit parameter form of ld2dms_w */
#define VSMP_OPI_PO      0x10 /**< sample_po family: programmable offsets (Xe2+) */

/** One row of the sub-operation table. */
typedef struct vsmp_op_info {
    uint8_t opcode;        /**< VSMP_OPC_3D_SAMPLE, VSMP_OPC_3D_LOAD or VSMP_OPC_3D_INFO */
    uint8_t subop;         /**< binary value */
    const char *mnemonic;  /**< text mnemonic ("sample_3d", "load_2dms_w", "resinfo") */
    const char *spec_name; /**< name in the spec page ("sample", "ld2dms_w") */
    unsigned flags;        /**< VSMP_OPI_* */
    uint8_t num_params;    /**< length of the spec's parameter list */
    uint8_t params[VSMP_MAX_OP_PARAMS]; /**< vsmp_param values, in message order */
} vsmp_op_info;

/** Number of rows in the sub-operation table. */
VSMP_API size_t vsmp_op_count(void);
/** @return row @p i of the table (i < vsmp_op_count()), NULL otherwise. */
VSMP_API const vsmp_op_info *vsmp_op_at(size_t i);
/**
 * Look a sub-operation up by opcode and value. For ld2dms_w, @p uw_form selects the 16-bit
 * (mcs0..mcs3) parameter list. @return the row, or NULL for an unknown sub-op.
 */
VSMP_API const vsmp_op_info *vsmp_op_find(unsigned opcode, unsigned subop, bool uw_form);
/** Look a text mnemonic up. @return the row (the UD form for load_2dms_w), or NULL. */
VSMP_API const vsmp_op_info *vsmp_op_by_mnemonic(const char *mnemonic);

/* ------------------------------------------------------------------------------------------ */
/* Operands                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** Raw operand: a general variable and a byte offset into it. var 0 is %null, 1..31 are the
 *  pre-defined variables, 32 and up the declared ones. */
typedef struct vsmp_raw {
    uint32_t var;
    uint16_t offset; /**< bytes from the start of the variable */
} vsmp_raw;

/** Classes of vector operands (tag bits 2..0). */
typedef enum vsmp_vclass {
    VSMP_VEC_GENERAL = 0,
    VSMP_VEC_ADDRESS = 1,
    VSMP_VEC_PREDICATE = 2,
    VSMP_VEC_INDIRECT = 3,
    VSMP_VEC_IMMEDIATE = 5,
    VSMP_VEC_STATE = 6,
} vsmp_vclass;

/** Operand modifiers (tag bits 5..3, VISA_Modifier): SAT only on a destination. */
typedef enum vsmp_srcmod {
    VSMP_MOD_NONE = 0,
    VSMP_MOD_ABS = 1,
    VSMP_MOD_NEG = 2,
    VSMP_MOD_NEG_ABS = 3,
    VSMP_MOD_SAT = 4,
    VSMP_MOD_NOT = 5,
} vsmp_srcmod;

/** A vector operand (aoffimmi, SAMPLE_UNORM's scalars). Fields used depend on vclass:
 *  GENERAL: var, row, col, region. ADDRESS: var (address id), row (offset), col (width).
 *  PREDICATE: var (the predicate word). INDIRECT: var (address id), row (address offset),
 *  ind_offset, imm_type (type), region. IMMEDIATE: imm_type, imm. STATE: row (state class),
 *  var (state id), col (offset). */
typedef struct vsmp_vec {
    uint8_t vclass; /**< vsmp_vclass */
    uint8_t mod;    /**< vsmp_srcmod */
    uint8_t row;
    uint8_t col;
    uint32_t var;
    uint16_t region; /**< vstride | width << 4 | hstride << 8, codes 0:null 1:0 2:1 3:2 4:4 ... */
    int16_t ind_offset;
    uint8_t imm_type; /**< vsmp_type */
    uint64_t imm;     /**< immediate bits as stored: 4 bytes, or 8 for DF/Q/UQ */
} vsmp_vec;

/** Region code for a stride/width value (0, 1, 2, 4, 8, 16, 32), or -1. */
VSMP_API int vsmp_region_code(unsigned value);
/** Value of a region code (1 -> 0, 2 -> 1, ...); -1 for code 0 (null) or an invalid code. */
VSMP_API int vsmp_region_value(unsigned code);

/** Kinds of generic operands (vsmp_inst.opnds). */
typedef enum vsmp_opnd_kind {
    VSMP_OPND_NONE = 0,
    VSMP_OPND_VEC_DST = 1, /**< vector operand the instruction writes ('D') */
    VSMP_OPND_VEC_SRC = 2, /**< vector operand it reads ('v') */
    VSMP_OPND_RAW_DST = 3, /**< raw operand it writes ('R') */
    VSMP_OPND_RAW_SRC = 4, /**< raw operand it reads ('r') */
    VSMP_OPND_VALUE = 5,   /**< an unsigned field of `size` bytes ('b', 'w', 'd', 'i') */
    VSMP_OPND_LABEL = 6,   /**< a label id (UW, 'L') */
} vsmp_opnd_kind;

/** One generic operand. VEC_*: vec; RAW_*: raw; VALUE and LABEL: value (size bytes). */
typedef struct vsmp_opnd {
    uint8_t kind; /**< vsmp_opnd_kind */
    uint8_t size; /**< VALUE: 1, 2 or 4 bytes as encoded; LABEL: 2 */
    uint32_t value;
    vsmp_raw raw;
    vsmp_vec vec;
} vsmp_opnd;

/** Most generic operands an instruction holds (SWITCHJMP: index + 32 labels). */
#define VSMP_MAX_OPNDS 36

/* ------------------------------------------------------------------------------------------ */
/* Instructions                                                                                */
/* ------------------------------------------------------------------------------------------ */

/** Op flags of 3D_SAMPLE / 3D_LOAD (the bits above the sub-op in the vISA 4.x Op word). */
#define VSMP_OPF_PNM        0x1 /**< pixel null mask (Op bit 8; bit 5 in vISA 3.x) */
#define VSMP_OPF_CPS        0x2 /**< CPS LOD compensation (Op bit 9; bit 6 in vISA 3.x) */
#define VSMP_OPF_NONUNIFORM 0x4 /**< non-uniform sampler state (Op bit 10; bit 7 in 3.x) */

/** Predicate word helpers (bits 11..0 id, 14..13 control, 15 invert). */
#define VSMP_PRED_ID(p)   ((unsigned)(p)&0xfffu)
#define VSMP_PRED_CTRL(p) (((unsigned)(p) >> 13) & 3u) /**< 0 none, 1 .any, 2 .all */
#define VSMP_PRED_INV(p)  (((unsigned)(p) >> 15) & 1u)

/** How `.divS` was spelled in text parsed with the GenX_IR 12504 syntax (it is never stored in
 *  the binary by GenX_IR 12504; see docs/TEXT.md). */
typedef enum vsmp_divs_text {
    VSMP_DIVS_UNKNOWN = 0, /**< decoded from a binary */
    VSMP_DIVS_ABSENT = 1,  /**< 12504 text without .divS */
    VSMP_DIVS_PRESENT = 2, /**< 12504 text with .divS */
} vsmp_divs_text;

#define VSMP_MAX_PARAMS 16 /**< largest NumParams the model holds (the spec allows 15) */

/**
 * One decoded instruction. Fields not used by the opcode are zero.
 *
 * The sampler messages (3D_SAMPLE, 3D_LOAD, 3D_GATHER4, INFO, SAMPLE_UNORM), RET and LABEL use
 * the named fields below (opcode, subop, flags, exec_size, emask, pred, channels, sampler,
 * surface, dst, params, num_params, aoffimmi, src[], lod, unorm_fmt, label); 3D_GATHER4 reads
 * like 3D_SAMPLE (subop is its channel/op word).
 *
 * Every other opcode is generic: exec_size/exec_code/emask hold its exec byte ('E'), pred its
 * predicate word ('P'), subop its sub-opcode byte ('S': SVM, LSC_UNTYPED, LSC_TYPED), and
 * opnds[0 .. num_opnds) every other field in binary order, one per layout letter of its table
 * row (vsmp_opcode_layout()). Example: `add (M1, 16) V33(0,0)<1> V34(0,0)<1;1,0> 0x2:d` has
 * opnds = {VEC_DST V33, VEC_SRC V34, VEC_SRC imm}; `cmp.lt (M1, 16) P1 a b` has
 * opnds = {VALUE 2 (lt, 1 byte), VEC_DST predicate P1, VEC_SRC a, VEC_SRC b}.
 */
typedef struct vsmp_inst {
    uint8_t opcode;    /**< vsmp_opcode */
    uint8_t subop;     /**< 3D_SAMPLE / 3D_LOAD sub-op, INFO op */
    uint8_t flags;     /**< VSMP_OPF_* (3D_SAMPLE, 3D_LOAD) */
    uint8_t exec_size; /**< lanes: 1, 2, 4, 8, 16 or 32 (raw code kept in exec_code) */
    uint8_t exec_code; /**< exec-size code, bits 3..0 of the exec byte */
    uint8_t emask;     /**< execution mask 0..15 = M1..M8, M1_NM..M8_NM */
    uint16_t pred;     /**< predicate word, 0 = none */
    uint8_t channels;  /**< R=bit0 .. A=bit3 */
    uint8_t unorm_fmt; /**< SAMPLE_UNORM output format, bits 5..4 of its channel byte */
    uint8_t sampler;   /**< 3D_SAMPLE, SAMPLE_UNORM */
    uint8_t surface;   /**< 3D_SAMPLE, 3D_LOAD, INFO, SAMPLE_UNORM */
    uint8_t divs_text; /**< vsmp_divs_text */
    bool has_paired;   /**< a paired-surface raw operand follows Dst (HEAD layout) */
    uint8_t num_params;
    uint16_t label;    /**< LABEL: label id */
    vsmp_vec aoffimmi; /**< 3D_SAMPLE, 3D_LOAD */
    vsmp_vec src[4];   /**< SAMPLE_UNORM: U_offset, V_offset, DeltaU, DeltaV */
    vsmp_raw dst;
    vsmp_raw paired;
    vsmp_raw lod; /**< INFO resinfo */
    vsmp_raw params[VSMP_MAX_PARAMS];
    /* generic opcodes */
    uint8_t num_opnds;
    vsmp_opnd opnds[VSMP_MAX_OPNDS];
    /* where it came from, for diagnostics */
    uint32_t line, column; /**< text position (0 when decoded) */
    int64_t offset;        /**< byte offset in the binary file (-1 when parsed) */
} vsmp_inst;

/** The layout a binary follows. */
typedef struct vsmp_isa_version {
    uint8_t major;
    uint8_t minor;
    bool paired_surface; /**< HEAD's reader layout: paired surface after Dst (version >= 3.8) */
} vsmp_isa_version;

/**
 * Decode one instruction at @p src.
 * @param base_offset file offset of src[0], recorded in inst->offset.
 * @param consumed set to the instruction's length on success.
 * @return VSMP_OK; VSMP_ERR_TRUNCATED; VSMP_ERR_UNSUPPORTED for a value that is no opcode of
 *         the instruction table (reserved values), or an unknown VA/SVM/LSC
 *         sub-operation; VSMP_ERR_MALFORMED for a field no encoder writes (NumParams over 16, a
 *         bad exec mask, a vector-operand tag with an unknown class).
 *         @p inst and @p consumed are untouched on failure.
 */
VSMP_API vsmp_status vsmp_inst_decode(const uint8_t *src, size_t src_size,
                                      const vsmp_isa_version *ver, int64_t base_offset,
                                      vsmp_inst *inst, size_t *consumed);
/**
 * Encode one instruction.
 * @param written set to the number of bytes the instruction needs (also on VSMP_ERR_SPACE).
 * @return VSMP_OK; VSMP_ERR_SPACE when @p dst_capacity is too small; VSMP_ERR_UNENCODABLE
 *         when the version cannot express it (e.g. sample_po in 3.x, a variable aoffimmi
 *         before 3.4); VSMP_ERR_ARG for a malformed model.
 */
VSMP_API vsmp_status vsmp_inst_encode(const vsmp_inst *inst, const vsmp_isa_version *ver,
                                      uint8_t *dst, size_t dst_capacity, size_t *written);

/* ------------------------------------------------------------------------------------------ */
/* Kernels and the .isa container                                                              */
/* ------------------------------------------------------------------------------------------ */

/** Attribute: name (string-pool index) and raw value bytes. */
typedef struct vsmp_attr {
    uint32_t name;
    uint8_t size;
    uint8_t *value;
} vsmp_attr;

/** General variable declaration (var id = 32 + index). */
typedef struct vsmp_var_decl {
    uint32_t name;
    uint8_t type;  /**< vsmp_type */
    uint8_t align; /**< VISA_Align code (0 byte .. 9 64word) */
    uint16_t num_elts;
    uint32_t alias; /**< var id of the aliased variable, 0 = none */
    uint16_t alias_offset;
    uint8_t alias_scope;
    uint8_t num_attrs;
    vsmp_attr *attrs;
} vsmp_var_decl;

/** Address, predicate, sampler or surface declaration. */
typedef struct vsmp_decl {
    uint32_t name;
    uint16_t num_elts;
    uint8_t num_attrs;
    vsmp_attr *attrs;
} vsmp_decl;

/** Label declaration. */
typedef struct vsmp_label_decl {
    uint32_t name;
    uint8_t kind; /**< 0 block, 1 subroutine, ... */
    uint8_t num_attrs;
    vsmp_attr *attrs;
} vsmp_label_decl;

/** Input classes (kind bits 1..0) */
#define VSMP_INPUT_GENERAL 0
#define VSMP_INPUT_SAMPLER 1
#define VSMP_INPUT_SURFACE 2

/** Kernel input. kind = class | implicit-kind << 3. */
typedef struct vsmp_input {
    uint8_t kind;
    uint32_t id; /**< id within the class (general: var id, surface: index incl. T0..T5) */
    int16_t offset;
    uint16_t size;
} vsmp_input;

/** A Gen binary carried through unchanged. */
typedef struct vsmp_gen_binary {
    uint8_t platform;
    uint32_t size;
    uint8_t *data;
} vsmp_gen_binary;

/** A kernel or function. All arrays are owned by the module. */
typedef struct vsmp_routine {
    bool is_kernel;
    char *name;                 /**< name in the file header */
    uint8_t linkage;            /**< functions only */
    uint16_t num_syms_variable; /**< relocation counts (must be 0) */
    uint16_t num_syms_function;
    uint32_t num_gen;
    vsmp_gen_binary *gen;
    uint32_t num_strings;
    char **strings;
    uint32_t name_index;
    uint32_t num_vars;
    vsmp_var_decl *vars;
    uint32_t num_addrs;
    vsmp_decl *addrs;
    uint32_t num_preds;
    vsmp_decl *preds;
    uint32_t num_labels;
    vsmp_label_decl *labels;
    uint32_t num_samplers;
    vsmp_decl *samplers;
    uint32_t num_surfaces; /**< declared surfaces (ids from 6) */
    vsmp_decl *surfaces;
    uint8_t vme_count;
    uint32_t num_inputs;
    vsmp_input *inputs;
    uint8_t input_size;        /**< functions only */
    uint8_t return_value_size; /**< functions only */
    uint32_t num_attrs;
    vsmp_attr *attrs;
    uint32_t num_insts;
    vsmp_inst *insts;
    uint32_t cap_insts; /* internal growth bookkeeping */
} vsmp_routine;

/** A whole `.isa` file (or a parsed `.visaasm` program). */
typedef struct vsmp_module {
    uint32_t magic;
    uint8_t major, minor; /**< header version (the text's .version for parsed text) */
    uint32_t num_kernels;
    vsmp_routine *kernels;
    uint16_t num_filescope;
    uint32_t num_functions;
    vsmp_routine *functions;
} vsmp_module;

/** Create an empty module (version 4.1, no kernels). @return NULL when out of memory. */
VSMP_API vsmp_module *vsmp_module_create(void);
/** Free a module and everything it owns. NULL is allowed. */
VSMP_API void vsmp_module_free(vsmp_module *m);

/** Options for reading a binary. */
/** Default memory budget of reading and parsing a program (1 GiB): the instruction model
 *  holds every operand slot (about 1.7 KB an instruction) while an instruction takes a few
 *  bytes of binary or text, so an input of minimal instructions would otherwise ask for some
 *  hundred times its size. */
#define VSMP_DEFAULT_MAX_MEMORY ((size_t)1 << 30)

typedef struct vsmp_read_options {
    bool paired_surface; /**< read HEAD's layout (paired surface after Dst when version >= 3.8) */
    /** Memory budget: the most bytes the module's tables (instructions, string pools,
     *  declarations, attributes) may take. Over it, reading fails with VSMP_ERR_NOMEM before
     *  allocating, with a diagnostic of rule "memory" at the file offset. 0 = no budget.
     *  Default VSMP_DEFAULT_MAX_MEMORY. */
    size_t max_memory;
    /** Zero (set by the _init function): room for later options. */
    uint8_t reserved[16];
} vsmp_read_options;
/** Fill @p o with the defaults (max_memory VSMP_DEFAULT_MAX_MEMORY, every other field zero).
 *  Call it before setting fields, so that fields added later (from reserved) get their
 *  defaults too. */
VSMP_API void vsmp_read_options_init(vsmp_read_options *o);

/**
 * Read a `.isa` file. Every problem is reported in @p diags with its byte offset.
 * @param opt NULL for the defaults (vsmp_read_options_init()).
 * @return VSMP_OK and *out, or an error (VSMP_ERR_TRUNCATED, VSMP_ERR_MALFORMED,
 *         VSMP_ERR_UNSUPPORTED for an opcode or version vsmp does not implement, VSMP_ERR_NOMEM
 *         over the memory budget or when an allocation failed).
 */
VSMP_API vsmp_status vsmp_module_read(const uint8_t *data, size_t size,
                                      const vsmp_read_options *opt, vsmp_module **out,
                                      vsmp_diags *diags);

/** Options for writing a binary. */
typedef struct vsmp_write_options {
    uint8_t major, minor; /**< 0.0 = 4.1 (what GenX_IR 12504 writes) */
    bool paired_surface;  /**< write HEAD's paired-surface layout (needs version >= 3.8) */
    bool drop_gen;        /**< leave out the embedded Gen binaries */
    /** Zero (set by the _init function): room for later options. */
    uint8_t reserved[16];
} vsmp_write_options;
/** Fill @p o with the defaults (every field zero). Call it before setting fields, so that
 *  fields added later (from reserved) get their defaults too. */
VSMP_API void vsmp_write_options_init(vsmp_write_options *o);

/**
 * Serialise a module. Call with dst NULL to learn the size.
 * @param written bytes needed (set also on VSMP_ERR_SPACE).
 * @return VSMP_OK, VSMP_ERR_SPACE, VSMP_ERR_UNENCODABLE (reported in @p diags).
 */
VSMP_API vsmp_status vsmp_module_write(const vsmp_module *m, const vsmp_write_options *opt,
                                       uint8_t *dst, size_t dst_capacity, size_t *written,
                                       vsmp_diags *diags);

/* ------------------------------------------------------------------------------------------ */
/* Text                                                                                        */
/* ------------------------------------------------------------------------------------------ */

/** Assembly dialects. */
typedef enum vsmp_dialect {
    VSMP_DIALECT_12504 = 0, /**< GenX_IR 1.0.12504 (what Debian's GenX_IR parses) */
    VSMP_DIALECT_HEAD = 1,  /**< current IGC: lod, sample_po*, load_l, paired surface */
    /** Parsing only: chosen by the text's content (`.version`, paired surfaces; docs/TEXT.md);
     *  text that fits neither unambiguously is refused. */
    VSMP_DIALECT_AUTO = 2,
} vsmp_dialect;

/**
 * The dialect a `.visaasm` text is written in (docs/TEXT.md, "Which dialect"): the newer one
 * for `.version` 4.2 or a paired surface (`%null` right after a sampler message's
 * destination), a sampler operation or indexed state only it has; GenX_IR 12504's otherwise.
 * @return VSMP_OK with @p out set; VSMP_ERR_SYNTAX with a diagnostic (rule `version`: an
 *         unknown `.version`; rule `dialect`: signs of the newer syntax and a sampler message
 *         that would read differently in the two).
 */
VSMP_API vsmp_status vsmp_text_detect_dialect(const char *text, size_t size, vsmp_dialect *out,
                                              vsmp_diags *diags);

/**
 * Parse a whole `.visaasm` program. The string pool, ids, inputs and attributes are built the
 * way GenX_IR 12504 builds them, so vsmp_module_write() gives its bytes. The memory budget is
 * VSMP_DEFAULT_MAX_MEMORY (vsmp_text_parse_opt() sets another).
 * @return VSMP_OK, VSMP_ERR_SYNTAX (diagnostics say where), VSMP_ERR_NOMEM (over the memory
 *         budget, with a diagnostic of rule "memory" at the line, or an allocation failed).
 */
VSMP_API vsmp_status vsmp_text_parse(const char *text, size_t size, vsmp_dialect dialect,
                                     vsmp_module **out, vsmp_diags *diags);

/** Options of the text parser. */
typedef struct vsmp_text_options {
    vsmp_dialect dialect; /**< default VSMP_DIALECT_AUTO (by content) */
    /** Memory budget of the module's instructions, as vsmp_read_options.max_memory (the line
     *  is given). 0 = no budget. Default VSMP_DEFAULT_MAX_MEMORY. */
    size_t max_memory;
    /** Zero (set by the _init function): room for later options. */
    uint8_t reserved[16];
} vsmp_text_options;
/** Fill @p o with the defaults. Call it before setting fields, so that fields added later
 *  (from reserved) get their defaults too. */
VSMP_API void vsmp_text_options_init(vsmp_text_options *o);
/** vsmp_text_parse() with options; @p opt NULL for the defaults. */
VSMP_API vsmp_status vsmp_text_parse_opt(const char *text, size_t size,
                                         const vsmp_text_options *opt, vsmp_module **out,
                                         vsmp_diags *diags);

/** Options of the printer. */
/** How a decoded 3D_SAMPLE's `.divS` is printed in the 12504 dialect (docs/TEXT.md): the binary
 *  does not keep whether the text had it. */
typedef enum vsmp_divs_print {
    VSMP_DIVS_AS_READER = 0,   /**< `.divS` when the non-uniform bit is 0: the Gen code GenX_IR
                                    compiles from the binary */
    VSMP_DIVS_AS_COMPILER = 1, /**< never for a decoded binary, as IGC writes its text: the Gen
                                    code GenX_IR compiles from the compiler's own `.visaasm` */
} vsmp_divs_print;

typedef struct vsmp_print_options {
    vsmp_dialect dialect;
    uint8_t divs; /**< vsmp_divs_print */
    /** Zero (set by the _init function): room for later options. */
    uint8_t reserved[15];
} vsmp_print_options;
/** Fill @p o with the defaults (every field zero). Call it before setting fields, so that
 *  fields added later (from reserved) get their defaults too. */
VSMP_API void vsmp_print_options_init(vsmp_print_options *o);

/**
 * Print a module as `.visaasm` text, snprintf-style.
 * @return the length the text needs (excluding the NUL); writes at most buf_size bytes, NUL
 *         terminated when buf_size > 0. Lines the dialect cannot express are reported in
 *         @p diags (may be NULL) as warnings and printed in the newer syntax.
 */
VSMP_API size_t vsmp_text_print(const vsmp_module *m, const vsmp_print_options *opt, char *buf,
                                size_t buf_size, vsmp_diags *diags);

/**
 * Print one instruction (no indentation, no newline) with the names of @p r.
 * @return the length needed, snprintf-style.
 */
VSMP_API size_t vsmp_inst_print(const vsmp_inst *inst, const vsmp_routine *r,
                                const vsmp_print_options *opt, char *buf, size_t buf_size);

/* ------------------------------------------------------------------------------------------ */
/* Platforms and validation                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** Target platforms known to the validator (GenX_IR's -platform names). */
typedef enum vsmp_platform {
    VSMP_PLATFORM_BDW = 0,
    VSMP_PLATFORM_CHV,
    VSMP_PLATFORM_SKL,
    VSMP_PLATFORM_BXT,
    VSMP_PLATFORM_ICLLP,
    VSMP_PLATFORM_TGLLP,
    VSMP_PLATFORM_XEHP_SDV,
    VSMP_PLATFORM_DG2,
    VSMP_PLATFORM_MTL,
    VSMP_PLATFORM_PVC,
    VSMP_PLATFORM_XE2,
    VSMP_PLATFORM_ARL, /**< Arrow Lake (Xe-LPG+, as MTL) */
    VSMP_PLATFORM_LNL, /**< Lunar Lake (Xe2, 64-byte GRFs) */
    VSMP_PLATFORM_BMG, /**< Battlemage (Xe2, 64-byte GRFs) */
    VSMP_PLATFORM_PTL, /**< Panther Lake (Xe3, 64-byte GRFs) */
    VSMP_PLATFORM_COUNT
} vsmp_platform;

/** @return the platform's name ("TGLLP"), NULL if out of range. */
VSMP_API const char *vsmp_platform_name(vsmp_platform p);
/** Find a platform by name or by one of its aliases, ocloc's device names among them ("tgllp",
 *  "acm-g10", "lnl-m"; src/isa/platforms.def), case-insensitive. @return VSMP_OK or VSMP_ERR_ARG.
 */
VSMP_API vsmp_status vsmp_platform_find(const char *name, vsmp_platform *out);
/** @return the `.isa` Gen-binary platform code GenX_IR uses (TGLLP 12), 0 if unknown. */
VSMP_API unsigned vsmp_platform_code(vsmp_platform p);
/** @return the platform's GRF size in bytes: 32, or 64 on PVC, Xe2 (LNL, BMG) and Xe3 (PTL); 0
 *  if out of range. */
VSMP_API unsigned vsmp_platform_grf_bytes(vsmp_platform p);

/** Validator options. */
typedef struct vsmp_check_options {
    vsmp_platform platform;
    /** Zero (set by the _init function): room for later options. */
    uint8_t reserved[16];
} vsmp_check_options;
/** Fill @p o with the defaults (platform TGLLP, every other field zero). Call it before setting
 *  fields, so that fields added later (from reserved) get their defaults too. */
VSMP_API void vsmp_check_options_init(vsmp_check_options *o);

/**
 * Check every rule of the seed pages (and the inputs known to crash or hang GenX_IR) on every
 * instruction of the module. Appends one diagnostic per violation.
 * @return VSMP_OK when no error was found, VSMP_ERR_INVALID otherwise, VSMP_ERR_ARG.
 */
VSMP_API vsmp_status vsmp_module_check(const vsmp_module *m, const vsmp_check_options *opt,
                                       vsmp_diags *diags);

#ifdef __cplusplus
}
#endif

#endif
