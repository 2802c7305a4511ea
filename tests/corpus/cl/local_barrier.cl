// SPDX-License-Identifier: MIT
// Shared local memory and work-group barriers: a tree reduction in __local memory with
// barrier(CLK_LOCAL_MEM_FENCE), local ids and sizes, group ids, and a global fence.
__kernel void lb_reduce(__global const float *in, __global float *out, __local float *tmp)
{
    size_t lid = get_local_id(0), lsz = get_local_size(0);
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = lsz / 2; s > 0; s >>= 1) {
        if (lid < s)
            tmp[lid] += tmp[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = tmp[0];
}

__kernel void lb_transpose(__global const float *in, __global float *out, int w)
{
    __local float tile[16][17];
    int lx = get_local_id(0), ly = get_local_id(1);
    int gx = get_global_id(0), gy = get_global_id(1);
    tile[ly][lx] = in[gy * w + gx];
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    int ox = get_group_id(1) * 16 + lx, oy = get_group_id(0) * 16 + ly;
    out[oy * w + ox] = tile[lx][ly];
}
