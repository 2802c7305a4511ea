/* SPDX-License-Identifier: MIT */
/* Where the run loop's code lands (docs/EXEC.md "Code placement"), exec/ only. */
#ifndef VSMP_EXEC_HOT_H
#define VSMP_EXEC_HOT_H

#include <stdint.h>

#include "vsmp/vsmp.h"

/* VSMP_HOT before a function of the run loop: it starts on a 64-byte line, in a section of its
 * own that an ELF linker's default script gathers ahead of the rest of the code (.text.hot.*,
 * in link order). Its offset within a cache line, and its distance to the other VSMP_HOT
 * functions, then no longer depend on the size of unrelated code linked before it (on Zen 4 the
 * same copy kernel measured 6 % apart between two builds whose only difference was where the
 * run loop landed). GCC does not split such a function into a hot and a cold part. Elsewhere
 * (no ELF, another compiler) it means nothing. */
#if defined(__GNUC__) && defined(__ELF__)
#define VSMP_HOT __attribute__((aligned(64), section(".text.hot.vsmp")))
#else
#define VSMP_HOT
#endif

/* The address of instruction @p index's handler, 0 when there is none (tests: where the run loop
 * lands). */
uintptr_t vsmp_x_handler_address(const vsmp_machine *m, uint32_t index);

#endif
