// SPDX-License-Identifier: MIT
// Work-group functions (OpenCL C 2.0: build with -cl-std=CL2.0) over groups of several hardware
// threads: IGC combines the threads' partial results through shared local memory, each thread
// at its sub-group index (on acm-g10 read from r0.2 bits 7:0).
// ocloc-options: -cl-std=CL2.0
__kernel void wg_reduce_add(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    out[i] = work_group_reduce_add(in[i]);
}

__kernel void wg_scan_add(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    out[i] = work_group_scan_inclusive_add(in[i]);
}
