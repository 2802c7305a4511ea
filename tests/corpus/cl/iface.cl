// SPDX-License-Identifier: MIT
// The interface features a real program needs (docs/LAUNCH.md sections 1-2): program-scope
// __constant and __global data (OpenCL C 2.0: build with -cl-std=CL2.0), IGC's constant tables
// of pow() and tan(), printf, a private array, the global offset, a kernel without local IDs.
// ocloc-options: -cl-std=CL2.0
__constant float ps_w[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};

__kernel void ps_table(__global const int *in, __global float *out)
{
    int i = get_global_id(0);
    out[i] = ps_w[in[i] % 5] * (float)in[i];
}

#if __OPENCL_C_VERSION__ >= 200
__global int ps_acc[16] = {100, 200, 300, 400, 500, 600, 700, 800,
                           900, 1000, 1100, 1200, 1300, 1400, 1500, 1600};

__kernel void ps_global(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    ps_acc[i] += in[i];
    out[i] = ps_acc[i] * 2 + i;
}
#endif

__kernel void ps_pow_tan(__global const float *in, __global float *out)
{
    int i = get_global_id(0);
    out[2 * i] = pow(in[i], 2.5f);
    out[2 * i + 1] = tan(in[i]);
}

__kernel void pv_array(__global const int *in, __global const int *idx, __global int *out)
{
    int t[64];
    int i = get_global_id(0);
    for (int k = 0; k < 64; k++)
        t[k] = in[(i + k) & 63] * (k + 1);
    out[i] = t[idx[i] & 63] + t[(idx[i] + 7) & 63];
}

__kernel void go_offset(__global int *out)
{
    int i = get_global_id(0) - get_global_offset(0);
    out[i] = get_global_id(0) * 100 + get_global_offset(0);
}

__kernel void nl_groups(__global int *a, int v)
{
    a[get_group_id(0)] = v + 10 * (int)get_group_id(0);
}

__kernel void pf_ints(__global const int *in)
{
    int i = get_global_id(0);
    printf("item %d: %d %x %u %c %s %.3f\n", i, in[i], in[i], (uint)in[i] * 3u, 'A' + i, "ok",
           (float)in[i] / 8.0f);
}
