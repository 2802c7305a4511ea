// SPDX-License-Identifier: MIT
// Subroutine calls the compiler does not inline (noinline): a scalar helper called twice and
// a helper with a loop called under divergent control flow.
__attribute__((noinline)) float cl_poly(float x, float a, float b)
{
    return (x * a + b) * x - a;
}

__attribute__((noinline)) int cl_collatz(int x)
{
    int n = 0;
    while (x > 1 && n < 200) {
        x = (x & 1) ? 3 * x + 1 : x >> 1;
        n++;
    }
    return n;
}

__kernel void call_poly(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    out[i] = cl_poly(in[i], 2.0f, 3.0f) + cl_poly(in[i] * 0.5f, -1.0f, 0.5f);
}

__kernel void call_divergent(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    int x = in[i];
    out[i] = x > 10 ? cl_collatz(x) : -x;
}
