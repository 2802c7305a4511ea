// SPDX-License-Identifier: MIT
// Atomics on global and local memory: add, inc, min/max, xchg, cmpxchg loop (float add
// emulated), and a histogram in __local memory merged with global atomics.
__kernel void at_histogram(__global const uchar *in, __global uint *hist)
{
    __local uint h[64];
    size_t lid = get_local_id(0);
    if (lid < 64)
        h[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&h[in[get_global_id(0)] & 63]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 64)
        atomic_add(&hist[lid], h[lid]);
}

__kernel void at_misc(__global int *cnt, __global const int *v, __global float *fsum)
{
    size_t i = get_global_id(0);
    int x = v[i];
    atomic_min(&cnt[0], x);
    atomic_max(&cnt[1], x);
    int old = atomic_xchg(&cnt[2], x);
    atomic_or(&cnt[3], old);
    atomic_and(&cnt[4], ~x);
    atomic_sub(&cnt[5], 1);
    union { float f; int i; } o, n;
    do {
        o.f = *fsum;
        n.f = o.f + (float)x;
    } while (atomic_cmpxchg((volatile __global int *)fsum, o.i, n.i) != o.i);
}
