// SPDX-License-Identifier: MIT
// Dynamic indexing of private arrays held in registers (address registers and indirect
// operands), a lookup in a private table, negated absolute values, and any()/all() on
// vector comparisons.
__kernel void ind_private(__global const int *idx, __global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    float a[16];
    for (int k = 0; k < 16; k++)
        a[k] = in[i * 16 + k];
    int j = idx[i];
    a[j & 15] += 1.0f;
    out[i] = a[(j >> 4) & 15] * a[(j >> 8) & 15];
}

__kernel void ind_table(__global const uint *in, __global uint *out)
{
    size_t i = get_global_id(0);
    uint t[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    uint x = in[i];
    t[x & 7] ^= x;
    out[i] = t[(x >> 3) & 7] + t[(x >> 6) & 7];
}

__kernel void ind_negabs(__global const float4 *in, __global float4 *out)
{
    size_t i = get_global_id(0);
    float4 x = in[i];
    float4 r = -fabs(x) * x.wzyx + fabs(x.yxwz);
    if (any(x > 1.0f))
        r *= 2.0f;
    if (all(x < 0.0f))
        r = -r;
    out[i] = r;
}
