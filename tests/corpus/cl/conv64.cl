// SPDX-License-Identifier: MIT
// 64-bit integer arithmetic (add, mul, shifts, division, remainder, compares, mul_hi, clz,
// popcount, rotate, abs_diff, min/max) and conversions with every rounding mode between long,
// int and float (IGC emulates some of them with 32-bit pairs, carries and %cr0 rounding).
__kernel void q_ops(__global const long *a, __global const ulong *b, __global long *o, int s)
{
    size_t i = get_global_id(0);
    long x = a[i];
    ulong y = b[i];
    o[i * 16 + 0] = x + (long)y;
    o[i * 16 + 1] = x * (long)y;
    o[i * 16 + 2] = x << (s & 63);
    o[i * 16 + 3] = x >> (s & 63);
    o[i * 16 + 4] = (long)(y >> (s & 63));
    o[i * 16 + 5] = x / ((long)y | 1);
    o[i * 16 + 6] = x % ((long)y | 1);
    o[i * 16 + 7] = (long)(y / (y | 3));
    o[i * 16 + 8] = (long)(y % (y | 3));
    o[i * 16 + 9] = x < (long)y;
    o[i * 16 + 10] = y > (ulong)x;
    o[i * 16 + 11] = mul_hi(x, (long)y);
    o[i * 16 + 12] = (long)mul_hi(y, (ulong)x);
    o[i * 16 + 13] = clz(x) + popcount(y);
    o[i * 16 + 14] = rotate(x, (long)s);
    o[i * 16 + 15] = abs_diff(x, (long)y) + max(x, (long)y) + min(y, (ulong)x);
}

// f: floats within int's range (the conversions without _sat are defined there)
__kernel void q_conv(__global const long *a, __global const float *f, __global long *o,
                     __global float *of, __global int *oi)
{
    size_t i = get_global_id(0);
    long x = a[i];
    float g = f[i];
    of[i * 6 + 0] = (float)x;
    of[i * 6 + 1] = convert_float_rtz(x);
    of[i * 6 + 2] = convert_float_rtp(x);
    of[i * 6 + 3] = convert_float_rtn(x);
    of[i * 6 + 4] = convert_float((ulong)x);
    of[i * 6 + 5] = convert_float_rtz((ulong)x);
    o[i * 4 + 0] = (long)g;
    o[i * 4 + 1] = convert_long_sat(g * 1e10f);
    o[i * 4 + 2] = convert_long_sat_rte(g);
    o[i * 4 + 3] = (long)convert_ulong_sat_rtp(g * 1e10f);
    oi[i * 6 + 0] = convert_int_rte(g);
    oi[i * 6 + 1] = convert_int_rtp(g);
    oi[i * 6 + 2] = convert_int_rtn(g);
    oi[i * 6 + 3] = convert_int_sat(g * 4.0f);
    oi[i * 6 + 4] = (int)convert_uint_sat_rtz(g * 4.0f);
    oi[i * 6 + 5] = convert_int_sat(x);
}

__kernel void f_round(__global const float *f, __global const int *k, __global const uint *u,
                      __global float *o, __global int *oi)
{
    size_t i = get_global_id(0);
    float g = f[i];
    o[i * 8 + 0] = convert_float_rtz(k[i]);
    o[i * 8 + 1] = convert_float_rtp(k[i]);
    o[i * 8 + 2] = convert_float_rtn(k[i]);
    o[i * 8 + 3] = convert_float_rtz(u[i]);
    o[i * 8 + 4] = convert_float_rtp(u[i]);
    o[i * 8 + 5] = rint(g);
    o[i * 8 + 6] = round(g) + trunc(g) * 4.0f + floor(g) * 16.0f + ceil(g) * 64.0f;
    o[i * 8 + 7] = fma(g, g, 1.0f);
    oi[i] = convert_int_sat_rte(g * 1e9f) + (int)convert_short_sat(g * 1e4f) +
            (int)convert_char_sat_rtp(g) + (int)convert_uchar_sat(g);
}
