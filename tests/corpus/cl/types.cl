// SPDX-License-Identifier: MIT
// Narrow and wide scalar types: half arithmetic (cl_khr_fp16), char/short arithmetic with
// overflow, 64-bit long multiply, divide and shifts, ulong atomics-free sums.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void ty_half(__global const half *in, __global half *out, __global float *f)
{
    size_t i = get_global_id(0);
    half h = in[i];
    half r = h * (half)1.5f + (half)0.25f;
    out[i] = r;
    f[i] = (float)r + vload_half(i, (__global const half *)in);
}

__kernel void ty_small(__global const char *c, __global const short *s, __global short *out)
{
    size_t i = get_global_id(0);
    char a = c[i] * 3;
    short b = s[i] + (short)a;
    out[i] = (short)(b * b) >> 2;
}

__kernel void ty_long(__global const long *a, __global const ulong *b, __global long *out)
{
    size_t i = get_global_id(0);
    long x = a[i];
    ulong y = b[i] | 1;
    out[i] = x * (long)y + (long)(y / 7) - (x >> 5) + (long)(y << 3) + (long)(y % 13);
}
