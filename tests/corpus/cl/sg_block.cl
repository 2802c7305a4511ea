// SPDX-License-Identifier: MIT
// Sub-group block reads and writes (cl_intel_subgroups) on a buffer; apart from subgroups.cl
// because IGC 1.0.12504 refuses them at SIMD32 ("Block reads not supported in SIMD32").
// ocloc-options: -cl-std=CL2.0
#pragma OPENCL EXTENSION cl_intel_subgroups : enable
#pragma OPENCL EXTENSION cl_intel_subgroups_short : enable

// Intel's block read and write: each sub-group reads its own run of the buffer, lane l
// receiving word l, and writes back 2x + 1 the same way
__kernel void sg_block(__global const uint *in, __global uint *out)
{
    uint base = get_group_id(0) * get_local_size(0) + get_sub_group_id() * get_sub_group_size();
    uint v = intel_sub_group_block_read(in + base);
    intel_sub_group_block_write(out + base, 2 * v + 1);
}

// two words per lane (lane l gets words l and W + l of the sub-group's run of 2W) written back
// swapped, and 16-bit block reads and writes (cl_intel_subgroups_short)
__kernel void sg_block_vec(__global const uint *in, __global uint *out,
                           __global const ushort *ins, __global ushort *outs)
{
    uint base = get_group_id(0) * get_local_size(0) + get_sub_group_id() * get_sub_group_size();
    uint2 v = intel_sub_group_block_read2(in + 2 * base);
    intel_sub_group_block_write2(out + 2 * base, v.s10);
    ushort s = intel_sub_group_block_read_us(ins + base);
    intel_sub_group_block_write_us(outs + base, (ushort)(s + 1));
}
