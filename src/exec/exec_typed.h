/* SPDX-License-Identifier: MIT */
/* The fast path of typed writes (scatter4_typed), and the row messages' prefetch (typed writes
 * and ld), exec/ only. */
#ifndef VSMP_EXEC_TYPED_H
#define VSMP_EXEC_TYPED_H

#include <stdbool.h>
#include <stdint.h>

#include "exec_internal.h"

/* Store scatter4_typed's enabled lanes @p en into @p surf as the reference does (exec_mem.c
 * typed_ref), bit for bit: true when done, false when the message is not one the fast path
 * takes (the format, or lanes at different LODs) and nothing was written. */
bool vsmp_x_typed_store(vsmp_machine *m, const xinst *x, uint32_t en, vsmp_surface *surf);
/* Its common case alone, before it (no stack frame for the general loops): an RGBA8 UINT
 * message of every lane on one row inside, into the surface and level the instruction's last
 * message wrote (what that message kept of them), at the AVX2 level. True when done; false,
 * nothing written, for anything else. */
bool vsmp_x_typed_row(vsmp_machine *m, const xinst *x, uint32_t en, vsmp_surface *surf);

/* The name of the kernel a write of the channels in @p mask into format @p fi takes, or NULL
 * when it runs the reference (tests and docs/EXEC.md). */
const char *vsmp_x_typed_store_kernel(const vsmp_format_info *fi, unsigned mask);

/* Instruction @p index of @p m was planned on the typed-write fast path (exec_mem.c). */
bool vsmp_x_is_typed_fast(const vsmp_machine *m, uint32_t index);

/* The memory of the messages after a row message (vsmp_x_ld_row's texels read, vsmp_x_typed_row's
 * written), fetched into the cache X_ROW_AHEAD bytes past its span while it runs: a kernel at
 * its global IDs reads and writes its surfaces' rows one after the other, a message a hardware
 * thread, and a thread (~150 ns of copy_ui) leaves too long between lines for the CPU's own
 * prefetch to keep a DRAM-sized image in the cache (copy_ui's ld waited on its first load, the
 * typed store on its stores). 2 KiB: 32 SIMD16 RGBA8 threads ahead (1, 2 and 4 KiB measured
 * alike). A hint: it reads and writes nothing, nor faults, past a surface's end too. The write
 * form fetches the line to be written (PREFETCHW; older x86 CPUs take it as a NOP). */
enum { X_ROW_AHEAD = 2048 };
static inline void x_prefetch_row(const void *p)
{
#if defined(__GNUC__)
    __builtin_prefetch((const void *)((uintptr_t)p + X_ROW_AHEAD));
#else
    (void)p;
#endif
}
static inline void x_prefetchw_row(const void *p)
{
#if defined(__GNUC__) && defined(__x86_64__)
    __asm__ volatile("prefetchw %0" ::"m"(*(const char *)((uintptr_t)p + X_ROW_AHEAD)));
#elif defined(__GNUC__)
    __builtin_prefetch((const void *)((uintptr_t)p + X_ROW_AHEAD), 1);
#else
    (void)p;
#endif
}

#endif
