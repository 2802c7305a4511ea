/* SPDX-License-Identifier: MIT */
/* The machine's state and its planned instructions (exec/ only). */
#ifndef VSMP_EXEC_INTERNAL_H
#define VSMP_EXEC_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "half.h" /* src/format/half.h: binary16 conversions */
#include "isa_internal.h"
#include "machine_bytes.h"
#include "operand_geom.h"
#include "vsmp/exec.h"

#define X_NONE UINT32_MAX /* an operand that is %null */

/* Storage of one general variable (pre-defined or declared): a span of the arena. */
typedef struct xvar {
    uint32_t at;    /* arena byte offset */
    uint32_t bytes; /* 0 for %null and unused ids */
    uint32_t elems;
    uint8_t type;
    bool present;
} xvar;

/* A scalar source (aoffimmi, SAMPLE_UNORM's U/V offsets and deltas): an immediate, a general
 * variable's element, or an element reached through an address variable. */
typedef enum xscalar_kind { XS_IMM, XS_DIRECT, XS_INDIRECT } xscalar_kind;
typedef struct xscalar {
    uint8_t kind; /* xscalar_kind */
    uint8_t type;
    uint64_t imm;  /* XS_IMM: the bits */
    uint32_t at;   /* XS_DIRECT: arena offset */
    uint32_t addr; /* XS_INDIRECT: index into the machine's address words */
    int32_t disp;  /* XS_INDIRECT: byte displacement */
} xscalar;

/* A resolved vector operand of a generic instruction. */
typedef struct xvec {
    uint8_t cls;       /* vsmp_vclass */
    uint8_t type;      /* element type (immediate vectors: their element type) */
    uint8_t mod;       /* vsmp_srcmod */
    uint8_t vs, w, hs; /* region in elements (dst: hs) */
    bool multi;        /* multi-address indirect */
    uint32_t at;       /* GENERAL: arena offset of the origin */
    uint32_t var;      /* GENERAL: variable id (trace) */
    uint32_t word;     /* INDIRECT/ADDRESS: address word; PREDICATE: id; STATE: state word */
    int32_t disp;      /* INDIRECT: byte displacement */
    uint8_t state_cls; /* STATE: 0 surface, 1 sampler */
    uint8_t width;     /* ADDRESS: elements */
    uint8_t nimm;      /* IMMEDIATE: 1, or 8 (V, UV) / 4 (VF) */
    uint8_t fk;        /* the fast path's way of reading it (exec_fast.c fast_kind) */
    uint64_t imm[8];
} xvec;

typedef struct vsmp_machine vsmp_machine;
typedef struct xinst xinst;

/* What one executed instruction did, for the trace. */
typedef struct xstep {
    uint32_t next;  /* next instruction index */
    uint32_t lanes; /* enabled lanes */
    uint32_t dst_var, dst_offset, dst_size;
    bool end;     /* the thread ended */
    bool barrier; /* the thread stops at a barrier (sync.c) */
} xstep;

typedef vsmp_status (*xhandler)(vsmp_machine *m, xinst *x, xstep *s);
/* A run's generated code (codegen.c, docs/CODEGEN.md 2.1): how many of the run's members it ran
 * (0: its guard failed), *st set when a handler failed (at the member returned); called while
 * %cr0 rounds to nearest even, with %cr0 in @p c0_keep's high word and its keep bits in the low */
typedef uint32_t (*vsmp_cg_fn)(vsmp_machine *m, xstep *s, vsmp_status *st, uint64_t c0_keep);

/* A source of a fast-path kernel: 32-bit lane values at p (XS_WORDS), one value v for every
 * lane (XS_BCAST), the 32-bit value at p for every lane (XS_SCALAR), or 16-bit values at p
 * extended by their sign (XS_W) or with zeros (XS_UW). */
enum { XS_NONE, XS_WORDS, XS_BCAST, XS_SCALAR, XS_W, XS_UW };
typedef struct xsrc {
    const uint8_t *p;
    uint32_t v;
    uint8_t kind;
} xsrc;

/* The fast path's lane kernels (exec_fast_k.h), one table per CPU level: out[l] = op(a[l],
 * b[l], c[l]) for l < n over the 32-bit lane values of the sources s[0..2]; arg carries
 * XF_KEEP_F (%cr0 bit 7), XF_KEEP_HF (%cr0 bit 10), XF_OUT16 and a kernel's own planned value
 * from bit XF_ARG_SHIFT. out may be the dst in the arena, overlapping sources. */
typedef void (*xfast_fn)(void *out, const xsrc *s, unsigned n, uint32_t arg);
enum {
    XF_FADD,
    XF_FMUL,
    XF_FMAD,
    XF_FMIN,
    XF_FMAX,
    XF_F_FROM_D,
    XF_F_FROM_UD,
    XF_HF_FROM_F,
    XF_I_FROM_F,
    XF_IMOV,
    XF_IADD,
    XF_IMUL,
    XF_IMAD,
    XF_AND,
    XF_OR,
    XF_XOR,
    XF_NOT,
    XF_SHL,
    XF_SHR,
    XF_ASR,
    XF_FMOV, /* F <- F with a source modifier: flushed, a NaN quiet (not a copy) */
    XF_INV,  /* the math box on F: computed in double as the general path, rounded once */
    XF_SQRT,
    XF_RSQRT,
    XF_EXP,
    XF_LOG,
    XF_RNDD,
    XF_RNDU,
    XF_RNDE,
    XF_RNDZ,
    XF_FRC,
    XF_IMIN, /* integer min/max; arg's value: src0 signed | src1 signed << 1 */
    XF_IMAX,
    XF_FSAT, /* mov.sat F <- F: clamped to [0, 1], NaN 0 */
    XF_ISAT, /* mov.sat integer <- integer; arg's value: dst type | src0 signed << 8 */
    XF_ISEL, /* sel, F too (it picks bits): s[2].v holds the lanes that pick src0 */
    XF_FSEL, /* sel of F with a source modifier: the picked value converted (flushed, NaN quiet) */
    XF_FCMP, /* cmp: out[0] = the lanes where the relation (arg's value) holds */
    XF_ICMP, /* the same on integers; arg's value: relation | src0 signed << 3 | src1 << 4 */
    XF_COUNT
};
/* fs16: bits 4..6 of arg name the sources (bit i: source i) that are 32-bit scalars */
#define XF_SPLAT_SHIFT 4
#define XF_KEEP_F      1u
#define XF_KEEP_HF     2u
#define XF_OUT16       4u /* out holds 16-bit elements: each result cut to its low 16 bits */
#define XF_ALT         8u /* %cr0 bit 0, ALT mode: sqrt, rsqrt and log take |src0| */
#define XF_ARG_SHIFT   8
/* The same for SIMD16 with every source 32-bit lane values in place (XS_WORDS): a, b, c (fn16),
 * or in place and 32-bit scalars (XS_SCALAR) as arg's XF_SPLAT bits say (fs16). sel's take the
 * lanes that pick src0 as arg's value; cmp's write the 16 lanes' bits to out[0]. */
typedef void (*xfast16_fn)(void *out, const uint8_t *a, const uint8_t *b, const uint8_t *c,
                           uint32_t arg);
/* Fused sequences (exec_fast_fu.h): consecutive SIMD16 instructions of a run that IGC emits
 * together, taken by one function of the table; it runs them all (every lane of each on, no
 * other %cr0 rounding where a result is F: false `other`) and returns true, or runs none and
 * returns false (run_group then takes the first through its handler).
 *
 * XFU_LIST is their one list: X(name, function, each member's kernel in order). The names
 * XFU_<name>, and each level's row of the table (xfused: the function, how many members and
 * their kernels, which exec_fast.c plan_fused matches a run against, in this order: a sequence
 * before any that begins it) are made from it. */
/* IGC's F division x / y: the scale s of y's exponent (and, cmp.eq, sel, cmp.ge, sel), then
 * ((y * s)^-1 * x) * s; members 0-6 read y and x's divisor only, 7 and 8 the dividend */
#define XFU_FDIV_K XF_AND, XF_ICMP, XF_ISEL, XF_ICMP, XF_ISEL, XF_FMUL, XF_INV, XF_FMUL, XF_FMUL
#define XFU_FDIV_N 9
#define XFU_LIST(X)                                                                                \
    /* four F adds (IGC's four channels of an accumulation) */                                     \
    X(FADD4, k_fu_fadd4, XF_FADD, XF_FADD, XF_FADD, XF_FADD)                                       \
    /* four of IGC's F divisions by one divisor (a float4 by a scalar: exec_fast.c fdiv_repeats)   \
     */                                                                                            \
    X(FDIV4, k_fu_fdiv4, XFU_FDIV_K, XFU_FDIV_K, XFU_FDIV_K, XFU_FDIV_K)                           \
    /* IGC's F division: and, cmp, sel, cmp, sel, mul, inv, mul, mul */                            \
    X(FDIV, k_fu_fdiv, XFU_FDIV_K)                                                                 \
    /* IGC's image coordinates: two sels, then each converted D -> F */                            \
    X(SEL2CVT2, k_fu_sel2cvt2, XF_ISEL, XF_ISEL, XF_F_FROM_D, XF_F_FROM_D)                         \
    /* IGC's image taps: an integer add, then a sel converted D -> F twice */                      \
    X(ADDSELCVT2, k_fu_addselcvt2, XF_IADD, XF_ISEL, XF_F_FROM_D, XF_ISEL, XF_F_FROM_D)            \
    /* IGC's image coordinates: a sel converted D -> F, twice */                                   \
    X(SELCVT2, k_fu_selcvt2, XF_ISEL, XF_F_FROM_D, XF_ISEL, XF_F_FROM_D)                           \
    /* one sel, then converted D -> F */                                                           \
    X(SELCVT, k_fu_selcvt, XF_ISEL, XF_F_FROM_D)
#define XFU_NAME(name, fn, ...) XFU_##name,
enum { XFU_NONE, XFU_LIST(XFU_NAME) XFU_COUNT };
#undef XFU_NAME
#define XFU_MAX_MEMBERS (4 * XFU_FDIV_N)
/* xinst.fplan: every member's lanes those of the first (the same exec size, EM offset and
 * NoMask: one test for the sequence); some member's result is F (the first's test takes
 * xfast.flt as this); no member's dst holds 16-bit elements (XF_OUT16: the members may run in
 * registers) */
#define XFP_ONE 1u
#define XFP_FLT 2u
#define XFP_V32 4u
typedef bool (*xfused_fn)(vsmp_machine *m, const xinst *y, uint32_t keep, uint32_t other);
typedef struct xfused {
    xfused_fn fn;
    uint8_t n;                  /* its members */
    uint8_t k[XFU_MAX_MEMBERS]; /* each one's kernel (XF_*) */
} xfused;

/* A chain of SIMD16 instructions (exec_fast_run.h run_span GM_CHAIN): each instruction's fn16 form
 * (x->f.fn16) on its planned sources into its dst, one after the other, arg | keep; chain1 the
 * same of SIMD1 instructions (GM_CHAIN1) through their fn. */
typedef void (*xchain_fn)(const xinst *x, unsigned n, uint32_t keep);
typedef struct xfast_table {
    xfast_fn fn[XF_COUNT];
    xfast16_fn fn16[XF_COUNT];
    xfast16_fn fs16[XF_COUNT];
    xfused fused[XFU_COUNT]; /* XFU_NONE's row empty */
    xchain_fn chain16, chain1;
    xchain_fn chain_fmadw; /* GM_CHAINW: F mads with src0 a 32-bit scalar, the others in place */
    /* a SIMD16 sampler response of 32-bit words with every lane on (exec_sampler.c writeback):
     * channel ch[k]'s 16 words of r to dst + k * stride, for k < n */
    void (*wb16)(uint8_t *dst, uint32_t stride, const vsmp_result *r, const uint8_t *ch,
                 unsigned n);
    bool avx2; /* the CPU runs AVX2: the typed and ld rows' AVX2 forms (exec_typed.c, exec_ld.c) */
} xfast_table;
extern const xfast_table vsmp_x_fast_c;      /* exec_fast.c */
extern const xfast_table vsmp_x_fast_avx2;   /* x86/exec_fast_avx2.c */
extern const xfast_table vsmp_x_fast_avx512; /* x86/exec_fast_avx512.c */

/* A planned instruction: handler chosen and operands resolved once per kernel. Its data is
 * split by family: the head (struct xinst, one array) holds what the run loop and every
 * handler read, and the fast path's data, which the group loop reads for every instruction of
 * a run; the rest of a family's data lies in a side array (xgen, xsmp, xfaddr), reached
 * through the head's pointer of that family (NULL for the other families). The run loop walks
 * the heads alone, so a kernel's straight-line fast code reads a few hundred bytes an
 * instruction rather than the whole of every family's fields. */

/* The fast path's data (exec_fast.c): its kernel, planned arg, dst store and lane mask. */
typedef struct xfast {
    xfast_fn fn;
    xfast16_fn fn16; /* SIMD16, every source in place or a 32-bit scalar (its arg's XF_SPLAT
                        bits): the kernel without preparation */
    uint8_t *dst;    /* the dst in the arena (direct); cmp: its predicate's word */
    xsrc src[3];     /* the kernel's sources, planned; cmp: src[2].v its predicate's elements */
    uint32_t arg;
    uint32_t lmask;   /* (1 << lanes) - 1 */
    uint32_t dst_var; /* the dst's variable (trace), or cmp's predicate id */
    uint16_t pred;    /* the instruction's predicate, copied next to the rest */
    uint8_t st;       /* how the result is stored (exec_fast.c) */
    uint8_t em_off;
    bool flt;        /* a float result: other %cr0 rounding modes take the general path */
    bool direct;     /* the kernel may write the dst in place (all lanes enabled) */
    bool fixed;      /* src holds every source as it is at run time (no per-run reads) */
    bool plain_mask; /* no predicate, no NoMask: the lanes are the EM at em_off */
    bool nomask;
    bool sets_cr0; /* a fast instruction whose dst is %cr0 */
    /* a member of a fused sequence (exec_fast.c plan_fused): fresh[s] is k > 0 where its
     * source s is exactly the dst of the member k before it, on which no vector dst of a member
     * between them lies (that member's result in a register is the source), else 0 */
    uint8_t fresh[2];
} xfast;

/* Generic instructions (ALU, flow, memory, LSC, atomics, sync): operands and value fields. */
typedef struct xgen {
    xvec v[6]; /* operands in layout order: the dst (if any) first */
    uint8_t nv;
    uint32_t aux;    /* the first value field: rel_op, min/max op... */
    uint32_t val[4]; /* every value field in layout order */
    uint8_t nval;
    vsmp_raw raw[7]; /* raw operands in layout order (typed_atomic has 7) */
    uint8_t nraw;
    uint32_t target;      /* branch target: instruction index */
    uint32_t immv[3][32]; /* immediate sources' lane values (V, UV, VF, or one value), once */
    /* scatter4_typed's fast path (exec_typed.c): the format of its last message's surface
     * and the fast path's word for it */
    const void *tformat_fi;
    uint32_t tformat;
    /* ... and the level size of its last message's surface and level, while no surface was
     * bound since (tgeom_gen: the machine's bind_gen then) */
    const void *tgeom_surf;
    uint64_t tgeom_gen;
    uint32_t tgeom_level, tgeom_w, tgeom_h, tgeom_slices;
    /* ... and what vsmp_x_typed_row found of trow_surf, while no surface was bound since
     * (trow_gen): where its level's texels start (NULL: the message does not take it), the
     * pitch of a row, the size, each channel's byte in the texel, a channel's bytes in the
     * message, whether the channels are UNORM (else UINT) and the texel's bytes (4: RGBA8 or
     * BGRA8, 1: R8) */
    const void *trow_surf;
    uint64_t trow_gen;
    uint8_t *trow_base;
    size_t trow_pitch;
    uint32_t trow_w, trow_h, trow_stride;
    uint8_t trow_off[4];
    uint8_t trow_unorm, trow_bytes;
} xgen;

/* ld of one row (exec_ld.c): the view's level 0 when the plan's surface and format allow it
 * (base NULL: never) */
typedef struct xldrow {
    const vsmp_surface *surf;
    const uint8_t *base;
    size_t pitch;
    uint32_t w, h;
    uint8_t shift[4]; /* channel c's bits in the texel */
    bool sint;
} xldrow;

/* Sampler instructions (exec_sampler.c). */
typedef struct xsmp {
    const vsmp_op_info *op;
    bool mcs16;
    bool load; /* integer parameters (3D_LOAD, INFO) */
    uint8_t nparams;
    uint8_t ptype[VSMP_MAX_PARAMS];
    uint32_t pat[VSMP_MAX_PARAMS]; /* arena offsets, X_NONE for %null */
    uint32_t dst_at;               /* X_NONE: results discarded */
    uint8_t dst_type;
    vsmp_dst_geom geom;
    bool aoff_var;
    int8_t aoff[3];
    xscalar aoff_src;
    xscalar unorm_src[4];
    uint32_t surf_word; /* index of the surface variable's word in surf_vals */
    uint32_t smp_word;  /* index of the sampler variable's word in smp_vals */
    /* the message built once, its parameters pointing into the arena where their layout
     * allows */
    vsmp_message msg;
    uint32_t direct; /* parameter i read in place (bit i) */
    bool all_direct; /* every parameter the message reads is read in place */
    /* plan cache: the (binding, sampler) pair the plan was made for */
    vsmp_plan *plan;
    uint32_t plan_bti, plan_smp;
    bool plan_flt; /* the plan's response holds floats (exec_sampler.c float_response) */
    /* the plan's kernel for the message (vsmp_plan_kernel), called directly; NULL when aoffimmi
     * is read per message (vsmp_plan_run then checks and chooses on each) */
    void (*kern)(const vsmp_plan *p, const vsmp_message *m, vsmp_result *r);
    /* the response's enabled channels in RGBA order (writeback), and the mask of every lane */
    uint8_t wb_n, wb_ch[4];
    uint32_t all_lanes;
    xldrow row;
} xsmp;

/* faddr (faddr.c): its dst, and the symbol's address once the caller gives it. */
typedef struct xfaddr {
    xscalar sym_dst;
    uint64_t sym_addr;
    bool sym_set;
} xfaddr;

struct xinst {
    /* what the run loop and a run read of every instruction first */
    xhandler run;
    uint32_t group; /* instructions from this one on that run as one step (exec_fast.c) */
    uint8_t lanes;  /* exec size */
    uint8_t gmode;  /* how the run's loop takes it (exec_fast_run.h run_span) */
    uint8_t fuse;   /* the fused sequence it starts (XFU_*, with gmode GM_FUSED) */
    uint8_t chain;  /* GM_CHAIN, GM_CHAIN1, GM_CHAINW, GM_COPYS: the instructions from this one
                       on that it runs at once; GM_FUSED: its members */
    xfast f;
    /* the rest */
    xhandler own; /* a run's first instruction: its own handler (exec_fast.c) */
    const vsmp_inst *in;
    uint32_t index;
    uint32_t note_off, note_size; /* the trace's dst span */
    uint8_t fplan; /* GM_FUSED: what its members have in common (XFP_*, plan_fused) */
    xgen *g;       /* generic instructions */
    xsmp *s;       /* sampler instructions */
    xfaddr *a;     /* faddr */
};

/* A copy of size bytes from payload offset from to arena offset to (an input). */
typedef struct xcopy {
    uint32_t from, to, size;
} xcopy;

struct vsmp_machine {
    const vsmp_module *mod;
    const vsmp_routine *r;
    vsmp_machine_options opt;
    const vsmp_platform_info *pi;
    unsigned grf;
    uint8_t *arena;
    uint32_t arena_size;
    xvar *vars; /* indexed by var id: 0..VSMP_FIRST_VAR + num_vars */
    uint32_t nvars;
    uint32_t *preds;     /* [num_preds + 1]: bit i = element i */
    uint32_t *addr_vals; /* address words, arena byte offsets */
    uint32_t *addr_base; /* per address variable: its first word */
    uint32_t naddr_words;
    uint32_t *smp_vals;
    uint32_t *smp_base;
    uint32_t nsmp_words;
    uint32_t *surf_vals;
    uint32_t *surf_base; /* per surface variable id (pre-defined ones but %bss: X_NONE) */
    uint32_t nsurf_words;
    uint32_t bss_word; /* %bss's word in surf_vals: a bindless surface-state offset */
    uint32_t s31_word; /* S31's word in smp_vals: a bindless sampler-state offset */
    uint8_t *payload;
    uint32_t payload_size;
    const vsmp_surface *bt[VSMP_MAX_BINDINGS];
    vsmp_sampler_state st[VSMP_MAX_SAMPLER_STATES];
    bool st_bound[VSMP_MAX_SAMPLER_STATES];
    xinst *x;
    uint32_t nx;
    xgen *xg; /* the families' side arrays (struct xinst) */
    xsmp *xs;
    xfaddr *xa;
    uint32_t nxg, nxs, nxa;
    uint32_t simd;
    uint32_t em;          /* the execution mask */
    uint32_t waiting;     /* lanes disabled by goto, waiting for wait_at[lane] */
    uint32_t wait_at[32]; /* instruction index that re-activates each waiting lane */
    uint32_t *label_at;   /* label id -> instruction index (X_NONE when absent) */
    uint32_t depth;       /* call depth */
    struct {
        uint32_t ret, em, callmask;
    } stack[64];
    uint32_t callmask;
    struct {
        uint64_t base;
        const vsmp_surface *s;
    } svm[VSMP_MAX_SVM_MAPPINGS];
    unsigned nsvm;
    uint64_t steps;
    uint64_t smp_msgs; /* sampler messages sent by the last run */
    vsmp_diags *diags; /* during create and run */
    uint8_t *slm;      /* shared local memory (lsc.c), not owned */
    uint32_t slm_size;
    uint8_t *scratch; /* the thread's scratch space (T5), not owned */
    uint32_t scratch_size;
    bool pause_barrier;      /* barriers stop the run (vsmp_machine_run_group_step) */
    uint32_t pc;             /* where a run stopped at a barrier resumes */
    const xfast_table *fast; /* the fast path's kernels (NULL: the general path only) */
    /* sampler parameters that cannot be read in place, converted per message */
    uint32_t pbuf[VSMP_MAX_PARAMS][VSMP_MAX_LANES];
    bool paused; /* the run stopped at a barrier (pc is valid) */
    /* What vsmp_machine_reset clears (machine.c plan_clear): the arena spans a run can write,
     * sorted and apart, or the whole arena */
    uint32_t *clear; /* [2 * nclear]: begin, end of each span */
    uint32_t nclear;
    bool clear_all;    /* a write's place is unknown at planning (an indirect operand) */
    bool dirty;        /* vsmp_machine_write_var wrote outside the spans since the last reset */
    uint64_t bind_gen; /* vsmp_machine_bind_surface calls: what was cached of a surface holds
                          while it is unchanged */
    /* What vsmp_machine_reset_for_run clears (machine.c plan_reads): the spans a run can read
     * before writing them, when known */
    uint32_t *rclear; /* [2 * nrclear] */
    uint32_t nrclear;
    bool reads_known;
    /* at creation only (machine.c): the movable roots holding a byte read first past the
     * straight line, [num_vars] (NULL: none, or not a kernel the layout takes) */
    uint8_t *first;
    /* the general inputs as copies from the payload into the arena, neighbours joined
     * (machine.c plan_inputs) */
    xcopy *incopy;
    uint32_t nincopy;
    bool state_inputs; /* some input is a sampler or surface variable */
    /* steps and smp_msgs of the runs before the last, summed (vsmp_machine_totals) */
    uint64_t steps_before, smp_before;
    /* codegen.c: per instruction index, its run's generated function (NULL: not made yet,
     * vsmp_cg_none: refused); NULL when code generation is off (VSMP_CPU_CODEGEN) */
    vsmp_cg_fn *cgf;
};

/* A run of instructions in one step of the run loop, from a fast-path instruction (or a label
 * before one) on through every instruction whose handler changes neither the execution mask
 * nor the flow (member): the loop's work between them (the step count, %ce0, lanes waiting for
 * a goto's target, the trace) is done once for the run. With a trace, lanes waiting to come
 * back inside the run, or too few steps left, only the first instruction runs.
 *
 * Inside the run, each fast instruction's common case is taken here without its handler
 * (xinst.gmode, set by vsmp_x_group_fast): every lane of its exec size enabled (by the EM at its
 * offset, or NoMask), %cr0 rounding to nearest even for a float result, sources as planned.
 * %cr0 is read once, and again after an instruction that writes it and after every handler
 * call. Anything else goes through the instruction's handler, which decides the same way with
 * every rule spelt out. (Deciding the common case once for the whole run at its start, and
 * then calling each kernel without a check, measured no faster end to end and 12 % slower on
 * bench_exec's ALU row: bench/results/dispatch-zen4.txt.) */
enum {
    GM_CALL,
    GM_CHAIN,  /* GM_K16 and the ones after it that it runs at once (xinst.chain, plan_chains) */
    GM_CHAIN1, /* the same of SIMD1 GM_K (IGC's uniform values) */
    GM_CHAINW, /* the same of F mads with src0 a 32-bit scalar (IGC's weight), the rest in place */
    GM_K16,
    GM_K,
    GM_K16M,  /* SIMD16 with modified 32-bit scalars and a modified region (plan16_mod) */
    GM_COPY,  /* k_imov of 32-bit lanes in place to a packed 32-bit dst: a copy of the words */
    GM_COPYS, /* GM_COPY and the ones after it that it copies at once (xinst.chain, plan_chains) */
    GM_WIDEN, /* k_imov of SIMD16 W or UW lanes in place to a packed 32-bit dst (widen_lanes) */
    GM_SEL,
    GM_SEL1, /* SIMD1 (IGC's uniform values): sel of bits, cmp of F and of integers, here */
    GM_CMP,
    GM_FCMP1,
    GM_ICMP1,
    GM_MOVS,
    GM_LABEL,
    GM_BRANCH,
    GM_GOTO,  /* a goto of a plain predicate or none (plan_goto): run_span decides it past a run */
    GM_FUSED, /* the first of a fused sequence (xinst.fuse; exec_fast_fu.h) */
    GM_RET,   /* ret (exec_flow.c run_ret): run_span takes it past a run; may end the thread */
    GM_COUNT  /* (how many: run_span's jump table has one entry each) */
};

/* The kernels' arg bits of %cr0 @p c0 (XF_KEEP_F, XF_KEEP_HF, XF_ALT): its bits 7, 10 and 0,
 * XF_CR0_KEEP; XF_CR0_ROUND its rounding bits, other than nearest even when not 0 */
#define XF_CR0_KEEP  0x481u
#define XF_CR0_ROUND 0x30u
static inline uint32_t keep_bits(uint32_t c0)
{
    return (c0 >> 7 & 1u) * XF_KEEP_F | (c0 >> 10 & 1u) * XF_KEEP_HF | (c0 & 1u) * XF_ALT;
}

/* codegen.c (VSMP_CODEGEN builds): the generated function of the run headed by @p x, made
 * (or found in the process-wide cache) and stored in m->cgf; vsmp_cg_none where refused */
vsmp_cg_fn vsmp_cg_build(vsmp_machine *m, const xinst *x);
uint32_t vsmp_cg_none(vsmp_machine *m, xstep *s, vsmp_status *st, uint64_t c0_keep);
/* exec_fast.c: GM_COPY's and GM_WIDEN's moves (exec_fast_run.h), out of line for codegen.c */
void vsmp_x_copy_lanes(uint8_t *dst, const uint8_t *src, unsigned lanes);
void vsmp_x_widen_lanes(uint8_t *dst, const uint8_t *src, bool sign);
void vsmp_x_movs_now(const xinst *x); /* GM_MOVS's move of a state word */
/* exec_fast.c: run_span's common cases of GM_K16M, GM_SEL, GM_SEL1 (false: to the handler),
 * GM_CMP, GM_FCMP1 and GM_ICMP1 at %cr0's keep bits @p keep, rounding to nearest even */
bool vsmp_x_k16m_now(const vsmp_machine *m, const xinst *y, uint32_t keep);
bool vsmp_x_sel_now(const vsmp_machine *m, const xinst *y, uint32_t keep);
bool vsmp_x_sel1_now(const vsmp_machine *m, const xinst *y, uint32_t keep);
void vsmp_x_cmp_now(const vsmp_machine *m, const xinst *y, uint32_t keep);
void vsmp_x_fcmp1_now(const vsmp_machine *m, const xinst *y, uint32_t keep);
void vsmp_x_icmp1_now(const vsmp_machine *m, const xinst *y, uint32_t keep);
/* Was the run at @p index given generated code (tests/ff_kit.h)? */
bool vsmp_x_is_codegen(const vsmp_machine *m, uint32_t index);
uintptr_t vsmp_x_codegen_at(const vsmp_machine *m, uint32_t index); /* its address, 0: none */

/* dispatch.c: plan every instruction; report and refuse what is not implemented. */
vsmp_status vsmp_x_plan(vsmp_machine *m);
/* Report a diagnostic at an instruction's place. */
void vsmp_x_report(vsmp_machine *m, const vsmp_inst *in, const char *rule, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
const char *vsmp_x_opname(const vsmp_inst *in);
/* Enabled lanes of an instruction: execution mask (offset, NoMask) and predicate. */
uint32_t vsmp_x_lanes(const vsmp_machine *m, const vsmp_inst *in, unsigned lanes);
/* The same from an instruction's mask control and predicate fields. */
uint32_t vsmp_x_lanes_of(const vsmp_machine *m, unsigned emask, unsigned pred, unsigned lanes);
/* vsmp_x_lanes with an instruction without a predicate taken here (the messages' hot path):
 * the EM's lanes at its offset, or all of its exec size under NoMask */
static inline uint32_t vsmp_x_lanes_now(const vsmp_machine *m, const vsmp_inst *in, unsigned lanes)
{
    if (in->pred)
        return vsmp_x_lanes(m, in, lanes);
    uint32_t lm = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
    return in->emask & 8u ? lm : m->em >> (4u * (in->emask & 7u)) & lm;
}
/* Resolve a scalar vector operand (aoffimmi, SAMPLE_UNORM sources). */
vsmp_status vsmp_x_scalar(vsmp_machine *m, const vsmp_inst *in, const vsmp_vec *v, const char *role,
                          xscalar *out);
/* Read a scalar's value as 64 raw bits of its type (false: an indirect address out of range). */
bool vsmp_x_read_scalar(const vsmp_machine *m, const xscalar *s, uint64_t *bits);

/* exec_sampler.c: plan and run the sampler instructions. */
vsmp_status vsmp_x_plan_sampler(vsmp_machine *m, xinst *x);
vsmp_status vsmp_x_plan_unorm(vsmp_machine *m, xinst *x);
void vsmp_x_drop_plans(vsmp_machine *m);
/* exec_ld.c: ld of one row. Plan it for @p x's new plan @p p (xsmp.row), and run it: true when
 * the message was one it takes (every lane in @p en) and its response is written as the
 * sampling engine's would be, false (nothing written) when the engine must run it. */
void vsmp_x_ld_row_plan(const vsmp_machine *m, xinst *x, const vsmp_plan *p);
bool vsmp_x_ld_row(vsmp_machine *m, const xinst *x, uint32_t en);
/* Is instruction @p index's plan (made by its first message) on the row path? (tests) */
bool vsmp_x_ld_row_planned(const vsmp_machine *m, uint32_t index);

/* exec_fast.c: the kernels of the CPU level in use (vsmp_cpu_effective; NULL for "ref"), and
 * the planning of an instruction onto the fast path: sets x->run and returns true when one of
 * its forms applies (every operand of 32 bits or less, direct or immediate, no modifier). */
const xfast_table *vsmp_x_fast_level(void);
bool vsmp_x_plan_fast(const vsmp_machine *m, xinst *x);
/* Runs of consecutive fast-path instructions: the first runs them all in one step of the run
 * loop (exec_fast.c); called once every instruction is planned. */
void vsmp_x_group_fast(vsmp_machine *m);
/* Was instruction @p index planned onto the fast path? (tests/test_exec_fast.c) */
bool vsmp_x_is_fast(const vsmp_machine *m, uint32_t index);
/* The fused sequence instruction @p index starts (XFU_*; XFU_NONE) (tests/test_exec_fast.c) */
unsigned vsmp_x_fused_at(const vsmp_machine *m, uint32_t index);
/* The instructions a chain starting at @p index runs at once (exec_fast.c GM_CHAIN, GM_CHAIN1,
 * GM_CHAINW, GM_COPYS), 0 when none starts there (tests/test_exec_fast.c). */
uint32_t vsmp_x_chain(const vsmp_machine *m, uint32_t index);
/* How run_group takes instruction @p index (exec_fast.c gmode; tests/test_exec_fast.c). */
unsigned vsmp_x_gmode(const vsmp_machine *m, uint32_t index);
/* The instructions of the run starting at @p index (xinst.group: run_group takes them as one
 * step), 0 when none starts there (tests/test_exec_fast.c). */
uint32_t vsmp_x_group(const vsmp_machine *m, uint32_t index);
/* The bytes sampler instruction @p x writes when every lane of its exec size is enabled (and the
 * run goes on past it): up to 5 spans (arena offset, bytes) into @p sp, each enabled channel's
 * run and the null mask; 0 when it writes none or is not planned by exec_sampler.c's
 * run_sampler (machine.c plan_reads). */
unsigned vsmp_x_sampler_writes(const xinst *x, uint32_t sp[5][2]);

/* clear.c: the spans vsmp_machine_reset clears (m->clear, m->clear_all) and those
 * vsmp_machine_reset_for_run clears (m->rclear, m->reads_known; m->first when the layout by
 * reads applies), planned after vsmp_x_plan. */
vsmp_status vsmp_x_plan_clear(vsmp_machine *m);
vsmp_status vsmp_x_plan_reads(vsmp_machine *m);
/* The spans vsmp_machine_reset_for_run clears ([2 * n]: begin, end), n returned; UINT32_MAX
 * when it clears what vsmp_machine_reset does (tests) */
uint32_t vsmp_x_read_spans(const vsmp_machine *m, const uint32_t **sp);
/* exec_alu.c: the general path, and predicate results (bits of lanes [off, off + exec)). */
vsmp_status vsmp_x_run_arith(vsmp_machine *m, xinst *x, xstep *s);
bool vsmp_x_is_copy(const xinst *x);
void vsmp_x_put_pred(vsmp_machine *m, unsigned id, unsigned off, uint32_t en, uint32_t bits);

/* exec_operand.c: vector operands of generic instructions. */
vsmp_status vsmp_x_vec(vsmp_machine *m, const xinst *x, const vsmp_vec *v, bool dst, xvec *out);
/* exec_alu.c, exec_flow.c, exec_mem.c: plan a generic instruction (handler and operands). */
vsmp_status vsmp_x_operands(vsmp_machine *m, xinst *x);
vsmp_status vsmp_x_plan_alu(vsmp_machine *m, xinst *x);
vsmp_status vsmp_x_plan_flow(vsmp_machine *m, xinst *x);
vsmp_status vsmp_x_plan_mem(vsmp_machine *m, xinst *x);
vsmp_status vsmp_x_plan_svm(vsmp_machine *m, xinst *x);
/* faddr.c: faddr, its symbol's address given by vsmp_machine_set_symbol. */
vsmp_status vsmp_x_plan_faddr(vsmp_machine *m, xinst *x);
/* exec_mem.c: the bytes of the buffer a surface word names (X_NONE: shared local memory), or
 * an exec-binding fault; the bytes at an SVM address (NULL and an exec-address fault when no
 * mapping holds them); raw operand i of @p bytes resolved to its arena offset (X_NONE for
 * %null when @p bytes is 0). */
/* Shared local memory offsets keep their low 28 bits: IGC tags __local pointers with
 * 0x10000000 in kernels with local atomics (tests/corpus/k/at_local_ops.*: "or ... 0x10000000"
 * before every %slm message) and sends them as they are; the hardware's SLM (at most 64 KiB
 * per group) never sees those bits (vsmp's reading). */
#define X_SLM_MASK 0x0fffffffu
/* A message's surface word for T5 (%scratch, pre-defined surface 5): the scratch space. */
#define X_SCRATCH         (UINT32_MAX - 1)
#define X_SCRATCH_SURFACE 5u
bool vsmp_x_buffer(vsmp_machine *m, const xinst *x, uint32_t word, uint8_t **p, uint64_t *size);

/* Bindless state (vsmp/exec.h, docs/EXEC.md): %bss is surface variable 4, S31 sampler 31; an
 * offset names table entry (offset >> 6) - 1, UINT32_MAX (no entry) below 64. */
#define X_SURF_BSS 4
static inline uint32_t vsmp_x_bindless(uint32_t offset)
{
    return offset < 64 ? UINT32_MAX : (offset >> 6) - 1;
}

/* The binding-table index surface word @p word names: a surface variable's value, or the
 * entry of %bss's bindless offset. */
static inline uint32_t vsmp_x_bti(const vsmp_machine *m, uint32_t word)
{
    uint32_t v = m->surf_vals[word];
    return word == m->bss_word ? vsmp_x_bindless(v) : v;
}
/* The bytes of the texel a typed message's (u, v, r, lod) address, NULL outside the surface. */
uint8_t *vsmp_x_typed_texel(const vsmp_surface *s, uint32_t u, uint32_t v, uint32_t r,
                            uint32_t lod);
uint8_t *vsmp_x_svm_at(vsmp_machine *m, const xinst *x, uint64_t a, unsigned n);
vsmp_status vsmp_x_raw_at(vsmp_machine *m, xinst *x, unsigned i, uint32_t bytes);
/* exec_mem.c: the typed read or write of every enabled lane (gather4_typed, scatter4_typed, LSC
 * .tgm quads): addresses at x->raw[0..3], data at x->raw[4], channel mask x->val[0]. */
void vsmp_x_typed_rw(vsmp_machine *m, const xinst *x, vsmp_surface *surf, uint32_t en, bool store);
/* atomic.c: svm_atomic and dword_atomic; the atomic operations (XA_), shared with lsc.c:
 * vsmp_x_atomic applies one to the @p bytes (2, 4, 8; aligned) at @p p as one C11 atomic
 * operation with operand @p a and compare value @p c, and returns the old value;
 * vsmp_x_atomic_ret gives what the message returns from it (PREDEC: the new value). */
enum {
    XA_ADD,
    XA_SUB,
    XA_INC,
    XA_DEC,
    XA_UMIN,
    XA_UMAX,
    XA_XCHG,
    XA_CAS,
    XA_AND,
    XA_OR,
    XA_XOR,
    XA_IMIN,
    XA_IMAX,
    XA_PREDEC,
    XA_FMAX,
    XA_FMIN,
    XA_FCAS,
    XA_FADD,
    XA_FSUB,
    XA_LOAD,
    XA_STORE,
    XA_NONE
};
vsmp_status vsmp_x_plan_atomic(vsmp_machine *m, xinst *x);
vsmp_status vsmp_x_plan_typed_atomic(vsmp_machine *m, xinst *x); /* atomic.c */
uint64_t vsmp_x_atomic(uint8_t *p, unsigned bytes, unsigned op, uint64_t a, uint64_t c);
uint64_t vsmp_x_atomic_ret(unsigned op, unsigned bytes, uint64_t old);
/* lsc.c: lsc_load / lsc_store and the atomics (LSC untyped); lsc_load_quad / lsc_store_quad
 * .tgm (LSC typed). */
vsmp_status vsmp_x_plan_lsc(vsmp_machine *m, xinst *x);
vsmp_status vsmp_x_plan_lsc_typed(vsmp_machine *m, xinst *x);
vsmp_status vsmp_x_plan_sync(vsmp_machine *m, xinst *x); /* sync.c */
/* media_block.c: media_ld and media_st (media block messages on 2D surfaces). */
vsmp_status vsmp_x_plan_media(vsmp_machine *m, xinst *x);
vsmp_status vsmp_x_plan_tblock2d(vsmp_machine *m, xinst *x);

/* little-endian access to the arena */
static inline uint32_t x_ld(const uint8_t *p, unsigned n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (n >= 4) {
        uint32_t w;
        memcpy(&w, p, 4);
        return w;
    }
#endif
    uint32_t v = 0;
    for (unsigned i = 0; i < n && i < 4; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}
static inline void x_st(uint8_t *p, uint32_t v, unsigned n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (n >= 4) {
        memcpy(p, &v, 4);
        return;
    }
#endif
    for (unsigned i = 0; i < n && i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* The index of the lowest set bit of w (w != 0): loops over lane masks visit the set lanes only. */
static inline unsigned x_ctz(uint32_t w)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctz(w);
#else
    unsigned l = 0;
    while (!(w >> l & 1u))
        l++;
    return l;
#endif
}

/* Copy n 32-bit words; the common widths spelt out so that the copy is inlined. */
static inline void x_copy32n(void *d, const void *p, unsigned n)
{
    switch (n) {
    case 8:
        memcpy(d, p, 32);
        return;
    case 16:
        memcpy(d, p, 64);
        return;
    case 32:
        memcpy(d, p, 128);
        return;
    default:
        memcpy(d, p, 4u * n);
        return;
    }
}

#endif
