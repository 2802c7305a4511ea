// SPDX-License-Identifier: MIT
// Loops over buffers: a data-dependent trip count (backward branch with a divergent exit),
// a nested loop computing a small matrix product, and a prefix reduction with 2D ids.
__kernel void loop_sum_n(__global const float *in, __global const int *n, __global float *out)
{
    size_t i = get_global_id(0);
    float s = 0.0f;
    int count = n[i] & 63;
    for (int k = 0; k < count; k++)
        s += in[i + k] * (float)k;
    out[i] = s;
}

__kernel void loop_matmul(__global const float *a, __global const float *b, __global float *c,
                          int n)
{
    int row = get_global_id(1), col = get_global_id(0);
    float acc = 0.0f;
    for (int k = 0; k < n; k++)
        acc += a[row * n + k] * b[k * n + col];
    c[row * n + col] = acc;
}
