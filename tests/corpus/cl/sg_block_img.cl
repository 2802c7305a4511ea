// SPDX-License-Identifier: MIT
// Sub-group block reads from an image (cl_intel_subgroups): lane l of a sub-group reads the
// four bytes at byte column x + 4l of row y. A file of its own: IGC 1.0.12504 refuses block
// reads at SIMD32 ("SIMD Media Block Read not supported in SIMD32").
// ocloc-options: -cl-std=CL2.0
#pragma OPENCL EXTENSION cl_intel_subgroups : enable

__kernel void sg_block_img(read_only image2d_t src, __global uint *out)
{
    int x0 = get_group_id(0) * get_local_size(0) + get_sub_group_id() * get_sub_group_size();
    int y = get_global_id(1);
    uint v = intel_sub_group_block_read(src, (int2)(4 * x0, y));
    out[y * get_global_size(0) + x0 + get_sub_group_local_id()] = v;
}
