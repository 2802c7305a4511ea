/* SPDX-License-Identifier: MIT */
/* The machine entries the launch uses beside the public API (src/exec/machine.c). */
#ifndef VSMP_EXEC_MACHINE_BYTES_H
#define VSMP_EXEC_MACHINE_BYTES_H

#include <stddef.h>
#include <stdint.h>

#include "vsmp/exec.h"

/* General variable @p id's first @p size bytes, which a caller may write before each run as
 * vsmp_machine_write_var would (launch.c: r0 before each hardware thread), or NULL when such a
 * write must go through vsmp_machine_write_var because it lies outside the spans the next reset
 * clears, or needs a note for that reset. */
uint8_t *vsmp_machine_general_bytes(vsmp_machine *m, uint32_t id, size_t size);

/* The instructions executed and sampler messages sent by every run since the machine's creation
 * (vsmp_machine_steps and vsmp_machine_sampler_messages of each run, summed): launch.c counts a
 * worker's threads' steps by these once at its share's end, not a call per thread. */
void vsmp_machine_totals(const vsmp_machine *m, uint64_t *steps, uint64_t *smp);

#endif
