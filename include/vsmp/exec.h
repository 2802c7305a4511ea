/* SPDX-License-Identifier: MIT */
#ifndef VSMP_EXEC_H
#define VSMP_EXEC_H

/**
 * @file exec.h
 * The machine: one hardware thread running a vISA kernel, GRF-exact.
 *
 * A machine is created for one kernel of a module and a platform. Creating it plans the whole
 * kernel once: every variable gets its byte storage (declared type, size and alignment; aliases
 * share their base's storage), every instruction is resolved to storage offsets and a handler.
 * An instruction the machine does not implement, or an operand that does not fit its variable,
 * is refused then, with its place, before anything runs.
 *
 * Surfaces are bound by binding-table index and sampler states by sampler-state index; the
 * kernel's surface and sampler variables hold those indices (from the thread payload when they
 * are inputs, or written by the program). General inputs are read from the thread payload at
 * their `.input` offsets. The rules, with their sources, are in docs/EXEC.md.
 *
 * Typical use:
 * @code
 *   vsmp_machine_options o;
 *   vsmp_machine_options_init(&o);
 *   o.platform = VSMP_PLATFORM_TGLLP;
 *   vsmp_machine *m;
 *   vsmp_machine_create(module, 0, &o, &m, &diags);
 *   vsmp_machine_bind_surface(m, 3, surface);
 *   vsmp_machine_bind_sampler(m, 0, &state);
 *   vsmp_machine_set_payload(m, 0, payload, sizeof(payload));
 *   vsmp_machine_run(m, &diags);
 *   vsmp_machine_read_var(m, id, 0, out, sizeof(out), &n);
 *   vsmp_machine_free(m);
 * @endcode
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsmp/isa.h"
#include "vsmp/sampler.h"
#include "vsmp/status.h"
#include "vsmp/surface.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VSMP_MAX_BINDINGS       256 /**< binding-table indices 0..255 */
#define VSMP_MAX_SAMPLER_STATES 256 /**< sampler-state indices 0..255 */

/**
 * Bindless state (the `%bss` surface, LSC `bss(...)` addresses and the `S31` sampler hold a
 * state offset, not an index; docs/EXEC.md "Bindless surfaces and samplers"): the machine's
 * bindless heaps are its binding table and sampler-state table, entry i at offset
 * VSMP_BINDLESS_OFFSET(i) = 64 x (i + 1). An offset names entry (offset >> 6) - 1; its low 6
 * bits are ignored (IGC sets bit 0 of S31's), and an offset below 64 names none.
 */
#define VSMP_BINDLESS_OFFSET(i) (((uint32_t)(i) + 1u) << 6)

/** What the machine reports after each executed instruction (see vsmp_machine_options). */
typedef struct vsmp_trace_event {
    uint32_t index;        /**< instruction index in the kernel */
    const vsmp_inst *inst; /**< the instruction */
    uint32_t lanes;        /**< enabled lanes (bit l = lane l of the instruction) */
    uint32_t dst_var;      /**< variable written (0: none or %null) */
    uint32_t dst_offset;   /**< first byte written, from the variable's start */
    uint32_t dst_size;     /**< bytes of the written span (disabled lanes inside it kept) */
} vsmp_trace_event;

typedef struct vsmp_machine vsmp_machine;

/** Called after each executed instruction; the machine may be read (vsmp_machine_read_var)
 *  from inside it. */
typedef void (*vsmp_trace_fn)(void *user, const vsmp_machine *m, const vsmp_trace_event *ev);

/** Machine options (plain struct; vsmp_machine_options_init() fills defaults). */
typedef struct vsmp_machine_options {
    vsmp_platform platform; /**< GRF size and platform rules (default TGLLP) */
    uint8_t dispatch_simd;  /**< 8, 16 or 32; 0 = the highest channel an instruction reaches
                                 (exec size + mask offset), rounded up to 8, 16 or 32 */
    uint32_t dispatch_mask; /**< channels enabled at dispatch (ANDed with the SIMD width);
                                 default all ones */
    bool hw_unorm_formats;  /**< SAMPLE_UNORM: the documented hardware layouts for the output
                                 format bits (default false: IGC's 16-bit full, SEMANTICS 1) */
    uint8_t coarse_x;       /**< the thread's coarse-pixel size (>= 1) for CPS LOD compensation:
                                 with .cps or a state's cps_lod_compensation, implicit derivatives
                                 are divided by it (vsmp_message.coarse); 1x1 (default) makes it a
                                 no-op (docs/EXEC.md 4.1) */
    uint8_t coarse_y;
    uint64_t max_steps;  /**< instructions one run may execute (default 1 << 24) */
    vsmp_trace_fn trace; /**< NULL = no trace */
    void *trace_user;
} vsmp_machine_options;

/** Fill @p o with defaults. */
VSMP_API void vsmp_machine_options_init(vsmp_machine_options *o);

/**
 * Create a machine for kernel @p kernel of @p mod (kept by pointer: it must outlive the machine
 * and not change). Plans every instruction; all storage starts zeroed.
 * @return VSMP_OK; VSMP_ERR_ARG (no such kernel, bad options); VSMP_ERR_UNSUPPORTED (an
 *         instruction or declaration the machine does not implement) or VSMP_ERR_INVALID (an
 *         operand outside its variable, an undeclared operand, a bad alias or input), each
 *         reported in @p diags with its place; VSMP_ERR_NOMEM.
 */
VSMP_API vsmp_status vsmp_machine_create(const vsmp_module *mod, uint32_t kernel,
                                         const vsmp_machine_options *opt, vsmp_machine **out,
                                         vsmp_diags *diags);
/** Free a machine (not the surfaces bound to it). NULL is allowed. */
VSMP_API void vsmp_machine_free(vsmp_machine *m);

/** Bind a surface at binding-table index @p bti (NULL unbinds). The surface must outlive the
 *  binding. @return VSMP_OK or VSMP_ERR_ARG. */
VSMP_API vsmp_status vsmp_machine_bind_surface(vsmp_machine *m, unsigned bti,
                                               const vsmp_surface *s);
/** Bind a sampler state (copied) at sampler-state index @p index; NULL unbinds.
 *  @return VSMP_OK or VSMP_ERR_ARG. */
VSMP_API vsmp_status vsmp_machine_bind_sampler(vsmp_machine *m, unsigned index,
                                               const vsmp_sampler_state *st);

#define VSMP_MAX_SVM_MAPPINGS 64 /**< surfaces mapped into the SVM address space */

/**
 * Map the memory of a surface (buffer) at a 64-bit SVM address: the SVM messages (svm_block_ld,
 * svm_block_st, svm_gather, svm_scatter) read and write [address, address + its data_size).
 * The surface must outlive the machine. Mappings may not overlap.
 * @return VSMP_OK, VSMP_ERR_ARG (overlap, wrap-around, NULL), VSMP_ERR_SPACE (too many).
 */
VSMP_API vsmp_status vsmp_machine_map_surface(vsmp_machine *m, uint64_t address,
                                              const vsmp_surface *s);

/**
 * Give symbol @p name the 64-bit address @p address: what each `faddr NAME` of the kernel stores
 * (FADDR.md; IGC takes the address of program-scope data and printf strings so, docs/EXEC.md).
 * Symbols the kernel does not name are ignored; a faddr whose symbol has no address stops the
 * run (rule exec-faddr). @return VSMP_OK or VSMP_ERR_ARG (NULL, an empty name).
 */
VSMP_API vsmp_status vsmp_machine_set_symbol(vsmp_machine *m, const char *name, uint64_t address);

/**
 * Write bytes of the thread payload (the GRF image the kernel's inputs are read from, byte 0 =
 * r0.0). The payload is as large as the inputs need (vsmp_machine_payload_size()).
 * @return VSMP_OK or VSMP_ERR_ARG (outside the payload).
 */
VSMP_API vsmp_status vsmp_machine_set_payload(vsmp_machine *m, size_t offset, const void *src,
                                              size_t size);
/** @return the payload size in bytes. */
VSMP_API size_t vsmp_machine_payload_size(const vsmp_machine *m);

/** Variable classes for vsmp_machine_find. */
typedef enum vsmp_var_class {
    VSMP_VAR_GENERAL = 0,   /**< id: 1..20 pre-defined, 32.. declared */
    VSMP_VAR_ADDRESS = 1,   /**< id: index in the address table */
    VSMP_VAR_PREDICATE = 2, /**< id: 1.. (P0 is "no predicate") */
    VSMP_VAR_SAMPLER = 3,   /**< id: sampler variable index */
    VSMP_VAR_SURFACE = 4,   /**< id: 0..5 pre-defined, 6.. declared */
} vsmp_var_class;

/** Description of a variable as the machine stores it. */
typedef struct vsmp_var_info {
    vsmp_var_class cls;
    uint32_t id;
    uint8_t type;      /**< vsmp_type of general variables (UD for state variables) */
    uint32_t bytes;    /**< storage bytes (predicates: one bit per element, stored as 4 bytes) */
    uint32_t elements; /**< declared elements */
} vsmp_var_info;

/**
 * Find a variable by its text name ("DST", "%r0", "P1", "tex"...).
 * @return VSMP_OK and *info, or VSMP_ERR_ARG when no variable has that name.
 */
VSMP_API vsmp_status vsmp_machine_find(const vsmp_machine *m, const char *name,
                                       vsmp_var_info *info);

/**
 * Read bytes of a variable's storage: general variables as stored (little-endian), predicates
 * as a 32-bit word (bit i = element i), address, sampler and surface variables as 32-bit words
 * per element.
 * @param size set to the bytes copied.
 * @return VSMP_OK, VSMP_ERR_ARG (no such variable, @p offset past its end), VSMP_ERR_SPACE
 *         (@p dst_capacity smaller than what remains: nothing copied, *size says what is needed).
 */
VSMP_API vsmp_status vsmp_machine_read_var(const vsmp_machine *m, vsmp_var_class cls, uint32_t id,
                                           size_t offset, void *dst, size_t dst_capacity,
                                           size_t *size);
/** Write bytes of a variable's storage (the layout of vsmp_machine_read_var).
 *  @return VSMP_OK or VSMP_ERR_ARG (no such variable, a span past its end, %null). */
VSMP_API vsmp_status vsmp_machine_write_var(vsmp_machine *m, vsmp_var_class cls, uint32_t id,
                                            size_t offset, const void *src, size_t size);

/** Zero every variable (inputs are read from the payload again by the next run). */
VSMP_API void vsmp_machine_reset(vsmp_machine *m);
/**
 * Make the next run see what it would after vsmp_machine_reset: zero the bytes the kernel can
 * read before writing them, and every predicate, address, sampler and surface word; the other
 * bytes of the variables may keep what they hold (for a caller that runs the kernel again and again
 * without reading its variables: vsmp_machine_read_var may then show bytes of an earlier run).
 * It clears less than vsmp_machine_reset for kernels without indirect operands: what their
 * straight line writes first, and past it what one lane alone writes on every path before
 * reading (docs/EXEC.md section 1).
 */
VSMP_API void vsmp_machine_reset_for_run(vsmp_machine *m);

/**
 * Run the kernel from its first instruction until it ends (ret with every channel returned, or
 * the last instruction). Inputs are first copied from the payload into their variables; other
 * variables keep what they hold (zero after create/reset, or what was written).
 * @return VSMP_OK; VSMP_ERR_INVALID for a run-time fault (a surface or sampler index with
 *         nothing bound, an operation the bound surface cannot serve, the step limit), reported
 *         in @p diags with the instruction's place; VSMP_ERR_NOMEM.
 */
VSMP_API vsmp_status vsmp_machine_run(vsmp_machine *m, vsmp_diags *diags);

/**
 * Run one hardware thread of a work-group whose threads meet at barriers: like
 * vsmp_machine_run, but a `barrier` stops the run after it with *@p at_barrier true; call again
 * with @p resume true to continue from there (false starts a new run: inputs loaded, masks
 * reset). *@p at_barrier false: the thread ended. The step limit counts from the start of the
 * run, across resumptions. (vsmp_machine_run passes barriers: a thread alone in its group.)
 * @return as vsmp_machine_run; VSMP_ERR_ARG when @p resume is asked with @p at_barrier NULL or
 *         when the last run did not stop at a barrier.
 */
VSMP_API vsmp_status vsmp_machine_run_to_barrier(vsmp_machine *m, bool resume, bool *at_barrier,
                                                 vsmp_diags *diags);

/**
 * Shared local memory (T0, `%slm`, LSC `.slm`): @p size bytes at @p mem, kept by pointer (not
 * copied, not freed); several machines (the threads of one work-group) may share it. Accesses
 * outside it read zeros and drop writes. NULL or 0 removes it.
 */
VSMP_API void vsmp_machine_set_slm(vsmp_machine *m, void *mem, size_t size);
/** Give the machine @p size bytes at @p mem (not owned) as its scratch space, the pre-defined
 *  surface T5 (`%scratch`) of the surface messages: IGC keeps private arrays there on skl and
 *  tgllp, at offsets from r0.5 bits 31:10 (docs/EXEC.md 5.4). Reads outside it give zeros,
 *  writes outside are dropped; NULL or 0 bytes: none. */
VSMP_API void vsmp_machine_set_scratch(vsmp_machine *m, void *mem, size_t size);

/** @return the number of instructions the last run executed. */
VSMP_API uint64_t vsmp_machine_steps(const vsmp_machine *m);
/** @return the sampler messages the last run sent (sampler instructions with an enabled lane,
 *  SAMPLE_UNORM included). */
VSMP_API uint64_t vsmp_machine_sampler_messages(const vsmp_machine *m);
/** @return about the bytes the machine holds (its variables' arena, its planned instructions,
 *  payload and tables; not the surfaces bound to it). */
VSMP_API size_t vsmp_machine_memory(const vsmp_machine *m);

#ifdef __cplusplus
}
#endif

#endif
