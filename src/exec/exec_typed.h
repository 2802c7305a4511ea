/* SPDX-License-Identifier: MIT */
/* The fast path of typed writes (scatter4_typed), exec/ only. */
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

#endif
