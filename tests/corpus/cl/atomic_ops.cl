// SPDX-License-Identifier: MIT
// Atomics whose results do not depend on the order the work-items run in: every 32-bit
// operation on global and __local memory with their final values, the values atomic_inc
// returns (a permutation of 0..n-1: each ticket taken once), a compare-exchange only one
// work-item wins, and a global histogram over many work-groups (contended by every worker).
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

// g: 12 ints, u: 2 uints; tickets: n ints (zeroed), each set to 1 by the ticket's owner;
// won: 1 int counting the winners of the compare-exchange
__kernel void at_ops(__global int *g, __global uint *u, __global int *tickets,
                     __global int *won, __global const int *v)
{
    size_t i = get_global_id(0);
    int x = v[i];
    atomic_add(&g[0], x);
    atomic_sub(&g[1], x);
    atomic_inc(&g[2]);
    atomic_dec(&g[3]);
    atomic_min(&g[4], x);
    atomic_max(&g[5], x);
    atomic_and(&g[6], ~(1 << (i & 31)));
    atomic_or(&g[7], 1 << (x & 31));
    atomic_xor(&g[8], x);
    atomic_min(&u[0], (uint)x);
    atomic_max(&u[1], (uint)x);
    atomic_xchg(&g[9], 7);
    int t = atomic_inc(&g[10]);
    tickets[t] += 1;
    if (atomic_cmpxchg(&g[11], 0, 1) == 0)
        atomic_inc(won);
}

// a histogram of 16 bins over the whole NDRange, straight into global memory
__kernel void at_hist16(__global const uint *in, __global uint *hist)
{
    atomic_inc(&hist[in[get_global_id(0)] & 15]);
}

// the same operations on __local memory within each group; out: 10 ints per group
__kernel void at_local_ops(__global const int *v, __global int *out)
{
    __local int c[9];
    __local int tk[256];
    size_t l = get_local_id(0), n = get_local_size(0);
    if (l < 9)
        c[l] = l == 4 ? 0x7fffffff : l == 5 ? -0x7fffffff : l == 6 ? -1 : 0;
    tk[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = v[get_global_id(0)];
    atomic_add(&c[0], x);
    atomic_sub(&c[1], x);
    int t = atomic_inc(&c[2]);
    atomic_dec(&c[3]);
    atomic_min(&c[4], x);
    atomic_max(&c[5], x);
    atomic_and(&c[6], ~(1 << (l & 31)));
    atomic_xor(&c[7], x);
    atomic_add(&tk[t], 1);
    if (atomic_cmpxchg(&c[8], 0, (int)l + 1) == 0)
        atomic_or(&c[8], 0x10000);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 9)
        out[get_group_id(0) * 10 + l] = l == 8 ? c[8] >> 16 : c[l];
    if (l == 0) {
        int ok = 1;
        for (size_t k = 0; k < n; k++)
            ok &= tk[k] == 1;
        out[get_group_id(0) * 10 + 9] = ok;
    }
}

// 64-bit atomics (cl_khr_int64_base_atomics)
__kernel void at_ops64(__global long *g, __global const long *v)
{
    long x = v[get_global_id(0)];
    atom_add(&g[0], x);
    atom_inc(&g[1]);
    atom_xchg(&g[2], 5L);
}
