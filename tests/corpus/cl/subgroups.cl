// SPDX-License-Identifier: MIT
// Sub-groups: cl_khr_subgroups (get_sub_group_id/size/local_id, get_num_sub_groups,
// sub_group_broadcast, sub_group_reduce_add/min/max, sub_group_scan_inclusive_add) and
// cl_intel_subgroups (intel_sub_group_shuffle, _shuffle_down, _shuffle_xor, and
// intel_sub_group_block_read/write on a buffer). IGC's sub-group size is its SIMD width.
// ocloc-options: -cl-std=CL2.0
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#pragma OPENCL EXTENSION cl_intel_subgroups : enable

// the sub-group of each work-item: id, size, local id, count
__kernel void sg_ids(__global uint *out)
{
    size_t i = get_global_id(0);
    out[4 * i + 0] = get_sub_group_id();
    out[4 * i + 1] = get_sub_group_size();
    out[4 * i + 2] = get_sub_group_local_id();
    out[4 * i + 3] = get_num_sub_groups();
}

// broadcast, reductions and an inclusive scan of the input over each sub-group
__kernel void sg_reduce(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    int x = in[i];
    out[6 * i + 0] = sub_group_broadcast(x, 3);
    out[6 * i + 1] = sub_group_reduce_add(x);
    out[6 * i + 2] = sub_group_reduce_min(x);
    out[6 * i + 3] = sub_group_reduce_max(x);
    out[6 * i + 4] = sub_group_scan_inclusive_add(x);
    out[6 * i + 5] = sub_group_reduce_add((int)get_sub_group_local_id());
}

// Intel's shuffles: from a lane given by the data, down by a delta across two vectors, xor
__kernel void sg_shuffle(__global const int *in, __global const uint *sel, __global int *out)
{
    size_t i = get_global_id(0);
    int x = in[i];
    int y = x + 1000;
    uint n = get_sub_group_size();
    out[4 * i + 0] = intel_sub_group_shuffle(x, sel[i] % n);
    out[4 * i + 1] = intel_sub_group_shuffle_down(x, y, 3);
    out[4 * i + 2] = intel_sub_group_shuffle_xor(x, 1);
    out[4 * i + 3] = intel_sub_group_shuffle_xor(x, 5 % n);
}

// more of the same on other types: any/all, an exclusive scan, a float broadcast from a lane
// the data gives, an unsigned max, a long shuffle (two 32-bit halves) and a short shuffle_up
__kernel void sg_more(__global const int *in, __global int *out, __global long *outl)
{
    size_t i = get_global_id(0);
    int x = in[i];
    uint lane = get_sub_group_local_id();
    out[6 * i + 0] = sub_group_any(x == 7) != 0;
    out[6 * i + 1] = sub_group_all(x >= 0) != 0;
    out[6 * i + 2] = sub_group_scan_exclusive_add(x);
    out[6 * i + 3] = (int)sub_group_broadcast((float)x * 0.5f, (uint)in[0] % 8);
    out[6 * i + 4] = (int)sub_group_reduce_max((uint)x);
    out[6 * i + 5] = intel_sub_group_shuffle_up((short)x, (short)(x + 100), 2);
    outl[i] = intel_sub_group_shuffle(((long)x << 32) | (uint)(lane * 3), lane ^ 2);
}
