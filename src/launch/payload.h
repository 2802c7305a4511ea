/* SPDX-License-Identifier: MIT */
/* A hardware thread's payload (docs/LAUNCH.md section 2): r0, the local IDs, the cross-thread
 * data, laid out in the platform's GRFs; assembled once per worker (payload.c) and given to each
 * of its machines, then per thread only the local IDs and r0's group IDs change (launch.c). */
#ifndef VSMP_LAUNCH_PAYLOAD_H
#define VSMP_LAUNCH_PAYLOAD_H

#include "launch_internal.h"

#define SVM_BASE(arg) ((uint64_t)((arg) + 1) << 32) /* where buffer argument `arg` is mapped */

static inline void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* The payload's layout in GRFs of `grf` bytes (32; 64 on LNL, BMG, PTL): r0 (one GRF), then the
 * local IDs present (one uw per lane, at least one GRF per dimension), then the cross-thread
 * data, whose first `split` bytes (the inline data) take a GRF of their own: the rest follows
 * `gap` bytes later, at the next GRF (IGC 2.40's `.input` offsets, docs/LAUNCH.md section 2). */
typedef struct payload_layout {
    unsigned grf, id_bytes, nids;
    size_t ct_base, ct_cap, split, gap;
} payload_layout;

payload_layout vsmp_payload_layout(const vsmp_launch_iface *f, unsigned simd, vsmp_platform plat);

/* What the payload of a work-group's threads is made of, for one NDRange and kernel. */
typedef struct payload_shape {
    const vsmp_ndrange *nd;    /* the NDRange, its local size chosen */
    const uint32_t *local_off; /* each __local argument's offset in shared local memory */
    unsigned simd;             /* lanes of a hardware thread */
    uint32_t threads, group;   /* hardware threads and work-items of a group */
    vsmp_platform platform;
} payload_shape;

/* The payloads of a group's threads: one thread's bytes up to the cross-thread data's end,
 * the same for every thread but for the local IDs, and every thread's local IDs. */
typedef struct launch_payload {
    payload_layout pl;
    uint8_t *bytes; /* r0 .. the cross-thread data's end (IDs left zero); `end` bytes */
    size_t end;
    size_t n;     /* bytes of it a machine is given (its payload's size at most) */
    uint8_t *ids; /* thread t's local IDs at t * nids * id_bytes (NULL: none written) */
    size_t ids_n; /* bytes of a thread's IDs written, at byte grf */
} launch_payload;

/* The cross-thread data of @p f for the NDRange and arguments, in its layout. */
vsmp_status vsmp_payload_build(launch_payload *pl, const vsmp_launch_iface *f,
                               const payload_shape *s, const vsmp_launch_arg *args, vsmp_diags *d);
/* Cut to a machine's payload of @p psize bytes, and the local IDs of every thread worked out
 * (the IDs of thread t are the same in every work-group). */
vsmp_status vsmp_payload_fit(launch_payload *pl, const vsmp_launch_iface *f, const payload_shape *s,
                             size_t psize);
void vsmp_payload_free(launch_payload *pl);

#endif
