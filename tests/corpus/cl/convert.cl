// SPDX-License-Identifier: MIT
// Conversions: float to char/short/int/uint with saturation and the four rounding modes,
// int to float with rounding, packed uchar4/short2, as_type reinterpretation.
__kernel void cv_sat(__global const float4 *in, __global uchar4 *o8, __global short4 *o16,
                     __global int4 *o32)
{
    size_t i = get_global_id(0);
    float4 v = in[i] * 255.0f;
    o8[i] = convert_uchar4_sat_rte(v);
    o16[i] = convert_short4_sat_rtz(v * 300.0f);
    o32[i] = convert_int4_rtp(v) + convert_int4_rtn(v) + as_int4(v);
}

__kernel void cv_from_int(__global const int *in, __global float *out, __global char2 *c)
{
    size_t i = get_global_id(0);
    int x = in[i];
    out[i] = convert_float_rtz(x) + convert_float_rtp((uint)x) + (float)(short)x;
    c[i] = convert_char2_sat((int2)(x, x >> 8));
}
