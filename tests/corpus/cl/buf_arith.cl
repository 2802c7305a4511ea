// SPDX-License-Identifier: MIT
// Buffers and plain arithmetic: global ids, float/int add, mul, mad, integer division and
// remainder, shifts and bit logic, select, min/max/clamp, one load and one store per lane.
__kernel void buf_saxpy(__global const float *x, __global float *y, float a)
{
    size_t i = get_global_id(0);
    y[i] = mad(a, x[i], y[i]);
}

__kernel void buf_int_ops(__global const int *a, __global const int *b, __global int *out)
{
    size_t i = get_global_id(0);
    int x = a[i], y = b[i] | 1;
    int r = x / y + x % y;
    r ^= (x << 3) | ((unsigned)y >> 2);
    r = select(r, ~r, x < y);
    out[i] = clamp(r, -1000, 1000) + max(x, y) - min(x, y) + abs(x - y);
}
