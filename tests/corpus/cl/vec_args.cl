// SPDX-License-Identifier: MIT
// Vector arguments passed by value (int4, float4, uchar4, int2, float3, short8, long2), as
// FFmpeg's filters and compute-runtime's copy kernels take offsets, colours and steps: every
// component of each is used, so the interface asks for all of its bytes.
__kernel void va_args(__global int4 *out, __global float4 *fout, int4 off, float4 scale,
                      uchar4 key, int2 xy, float3 f3, short8 s8, long2 l2)
{
    int i = get_global_id(0);
    out[4 * i + 0] = off + i;
    out[4 * i + 1] = convert_int4(key);
    out[4 * i + 2] = (int4)(xy.x, xy.y, s8.s0 + s8.s7, (int)(l2.x - l2.y));
    out[4 * i + 3] = (int4)(s8.s1, s8.s2, s8.s3, s8.s4 + s8.s5 + s8.s6);
    fout[2 * i] = scale * (float)i + (float4)(f3, 1.0f);
    fout[2 * i + 1] = (float4)(f3.z, f3.y, f3.x, scale.w);
}
