// SPDX-License-Identifier: MIT
// A sub-group block write to an image (cl_intel_subgroups; IGC 1.0.12504 lowers it to
// media_st): lane l of the sub-group at x0 writes in[y * global size + x0 + l] as the four bytes
// at byte column 4 (x0 + l) of row y. tests/launch/subgroup_test.py launches it over an image
// narrower and shorter than the NDRange: the writes outside it are dropped.
#pragma OPENCL EXTENSION cl_intel_subgroups : enable

__kernel void sg_block_img_wr(write_only image2d_t dst, __global const uint *in)
{
    int x0 = get_group_id(0) * get_local_size(0) + get_sub_group_id() * get_sub_group_size();
    int y = get_global_id(1);
    uint v = in[y * get_global_size(0) + x0 + get_sub_group_local_id()];
    intel_sub_group_block_write(dst, (int2)(4 * x0, y), v);
}
