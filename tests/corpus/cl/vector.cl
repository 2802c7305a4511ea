// SPDX-License-Identifier: MIT
// Vector types: float4/int8/uchar16 loads and stores, swizzles, shuffle, dot/cross/length/
// normalize, vload/vstore with odd alignment.
__kernel void vec_geom(__global const float4 *a, __global const float4 *b, __global float4 *out)
{
    size_t i = get_global_id(0);
    float4 x = a[i], y = b[i];
    float4 c = cross(x, y);
    out[i] = normalize(c) * dot(x, y) + (float4)(length(x), distance(x, y), x.zw) + y.wzyx;
}

__kernel void vec_bytes(__global const uchar16 *in, __global uchar16 *out, __global const int8 *w,
                        __global int8 *ow)
{
    size_t i = get_global_id(0);
    uchar16 v = in[i];
    out[i] = shuffle(v, (uchar16)(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)) + v.s0;
    int8 q = w[i];
    ow[i] = q.s76543210 * 3 + (int8)(q.lo, q.hi);
}

__kernel void vec_vload(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    float3 v = vload3(i, in + 1);
    vstore3(v * 2.0f + v.yzx, i, out + 1);
}
