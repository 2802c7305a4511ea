// SPDX-License-Identifier: MIT
// Work-group reductions through __local memory and barriers: each group's sum and maximum of
// integers in two __local arrays given as arguments (two local arguments: their offsets follow
// each other in shared local memory), and the group's last value passed through a __local
// variable of the kernel itself (inline local memory, placed before the arguments').
__kernel void lr_sum_max(__global const int *in, __global int *out, __local int *sum,
                         __local int *mx)
{
    __local int last;
    size_t lid = get_local_id(0), lsz = get_local_size(0);
    int v = in[get_global_id(0)];
    sum[lid] = v;
    mx[lid] = v;
    if (lid == lsz - 1)
        last = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = lsz / 2; s > 0; s >>= 1) {
        if (lid < s) {
            sum[lid] += sum[lid + s];
            mx[lid] = max(mx[lid], mx[lid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        size_t g = get_group_id(0);
        out[3 * g] = sum[0];
        out[3 * g + 1] = mx[0];
        out[3 * g + 2] = last;
    }
}

// A barrier that only some work-items reach (undefined behaviour in OpenCL): with SIMD8 and a
// group of 16, one hardware thread waits at the barrier while the other ends; the launcher
// reports the deadlock.
__kernel void lr_deadlock(__global int *out)
{
    size_t lid = get_local_id(0);
    if (lid < 8)
        barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = (int)lid;
}
