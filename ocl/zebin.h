/* SPDX-License-Identifier: MIT */
#ifndef VSMP_OCL_ZEBIN_H
#define VSMP_OCL_ZEBIN_H

/*
 * The program binaries Intel's compiler writes with `ocloc compile --format zebin` (an ELF file:
 * one `.text.KERNEL` of Gen code per kernel, with `-ze-emit-zebin-visa-sections` one `.visaasm`
 * section of vISA text per kernel, and the `.ze_info` YAML describing the kernels' interfaces),
 * read into what vsmp runs: per kernel its name, its vISA text and a vsmp_launch_iface built with
 * vsmp/launch_iface.h, with the OpenCL argument information the ICD reports. ELF is read with
 * elfutils' libelf, YAML with libyaml; only vsmp's public API is used. docs/LAUNCH.md section 6
 * maps every zeinfo key; a key not understood is an error naming it.
 *
 * Part of the internal library vsmp_ocl (ocl/), outside libvsmp.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vsmp/vsmp.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Largest zebin (and `.ze_info`) read. */
#define VSMP_OCL_MAX_ZEBIN (64u << 20)
/** The program-scope data buffers are allocated in rows of this many bytes. */
#define VSMP_OCL_DATA_ROW 16384u
/** Most kernels in one program. */
#define VSMP_OCL_MAX_KERNELS 1024

/** One argument's OpenCL information (zeinfo `kernels_misc_info`: clGetKernelArgInfo). Strings
 *  as IGC writes them: address "__global", "__local", "__constant", "__private"; access
 *  "NONE", "__read_only", "__write_only", "__read_write"; type "float*" (the ";8" size suffix
 *  removed); qualifiers "NONE", "const", "volatile", "restrict" (space-separated). */
typedef struct vsmp_ocl_arg_meta {
    char name[256];
    char type_name[256];
    char address_qualifier[16];
    char access_qualifier[16];
    char type_qualifiers[64];
} vsmp_ocl_arg_meta;

typedef struct vsmp_ocl_kernel {
    char name[128];
    char *visaasm; /**< the kernel's `.visaasm` text, NUL-terminated (NULL: the zebin has none) */
    size_t visaasm_size; /**< its bytes, without the NUL */
    /** interface, inline samplers included; NULL when the kernel is unsupported */
    vsmp_launch_iface *iface;
    /** "" when the launcher runs the kernel; else why not (a payload argument it does not fill,
     *  bindless, private memory, relocations...), with the zeinfo line. The program's other
     *  kernels are read as usual. */
    char unsupported[VSMP_DIAG_MSG_MAX + 32];
    unsigned simd;
    uint32_t required_local_size[3]; /**< reqd_work_group_size; all 0 when none */
    bool has_arg_meta;               /**< kernels_misc_info named the kernel */
    unsigned nargs;                  /**< arguments of the interface */
    vsmp_ocl_arg_meta args[VSMP_LAUNCH_MAX_ARGS];
} vsmp_ocl_kernel;

typedef struct vsmp_ocl_program {
    char zeinfo_version[16]; /**< "1.20" for IGC 1.0.12504 */
    unsigned nkernels;
    vsmp_ocl_kernel *kernels;
    /** The program-scope data (docs/LAUNCH.md section 6): `.data.const`, `.bss.const` and
     *  `.data.const.string` one after the other (each at a multiple of 16) for the buffer at
     *  VSMP_LAUNCH_CONSTANT_ADDRESS, `.data.global` and `.bss.global` for
     * VSMP_LAUNCH_GLOBAL_ADDRESS, pointers relocated; empty (NULL) when the zebin has none. Each
     * buffer is allocated to whole rows of VSMP_OCL_DATA_ROW bytes (zeros past its size). The
     * kernels' interfaces name the symbols their code takes the address of. */
    vsmp_launch_program data;
} vsmp_ocl_program;

/**
 * Read a zebin (@p size bytes at @p data; the caller keeps them). Every kernel of its `.ze_info`
 * is read; each `.visaasm` section goes to its kernel (`.visaasm.NAME` by name; IGC 1.0.12504
 * names them all `.visaasm`, in the order of the zeinfo kernels, and each one's `SimdSize`
 * attribute must be its kernel's).
 * The kernel IGC adds to programs with program-scope symbols, `Intel_Symbol_Table_Void_Program`
 * (no OpenCL kernel: it carries the symbol table; Intel's runtime does not offer it either), is
 * left out.
 * A kernel using what the launcher does not provide (private memory, printf, bindless, image
 * channel queries, relocations to program-scope data...) is read with `iface` NULL and the
 * reason in `unsupported`; the others are usable.
 * @return VSMP_OK; VSMP_ERR_MALFORMED (not a zebin, a section or zeinfo key vsmp does not read,
 *         a value out of range: the place in @p diags, rule "zebin" or "zeinfo" with the YAML
 *         line); VSMP_ERR_UNSUPPORTED (a whole program vsmp does not read: another zeinfo
 *         version); VSMP_ERR_NOMEM; VSMP_ERR_ARG.
 */
vsmp_status vsmp_ocl_zebin_read(const void *data, size_t size, vsmp_ocl_program **out,
                                vsmp_diags *diags);

/** The zeinfo YAML alone (no `.visaasm`: the kernels' text is NULL), for a target of 32-byte
 *  registers. Returns as above. */
vsmp_status vsmp_ocl_zeinfo_read(const char *yaml, size_t size, vsmp_ocl_program **out,
                                 vsmp_diags *diags);

/** The same for a target of @p grf-byte registers (32, or 64: Xe-HPC, Xe2 and Xe3, whose
 *  payload the zeinfo alone does not tell apart). A zebin's reader takes it from the zebin's
 *  `.note.intelgt.compat` (the GFXCORE family). A 64-byte-register kernel is read (every key
 *  checked) and kept unsupported until the launcher lays out such payloads.
 *  @return as above; VSMP_ERR_ARG for another @p grf. */
vsmp_status vsmp_ocl_zeinfo_read_grf(const char *yaml, size_t size, unsigned grf,
                                     vsmp_ocl_program **out, vsmp_diags *diags);

/** @return the kernel named @p name, or NULL. */
const vsmp_ocl_kernel *vsmp_ocl_program_kernel(const vsmp_ocl_program *p, const char *name);

void vsmp_ocl_program_free(vsmp_ocl_program *p);

#ifdef __cplusplus
}
#endif

#endif
