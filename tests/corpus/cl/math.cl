// SPDX-License-Identifier: MIT
// Math builtins: sqrt, rsqrt, exp, exp2, log, log2, pow, sin, cos, tan, atan2, fma, floor,
// ceil, fract, fabs, copysign, native_* variants, and integer popcount/clz/mul_hi/rotate.
__kernel void m_transcendental(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    float x = in[i];
    float r = sqrt(fabs(x)) + rsqrt(x * x + 1.0f);
    r += exp(x * 0.1f) + exp2(x) + log(fabs(x) + 1.0f) + log2(x * x + 2.0f);
    r += pow(fabs(x), 1.7f) + sin(x) * cos(x) + tan(x * 0.25f) + atan2(x, r);
    out[i] = fma(r, x, floor(x) + ceil(x) + copysign(1.0f, x));
}

__kernel void m_native(__global const float4 *in, __global float4 *out)
{
    size_t i = get_global_id(0);
    float4 x = in[i];
    out[i] = native_sin(x) + native_cos(x) + native_exp(x) + native_log(fabs(x) + 1.0f) +
             native_sqrt(fabs(x)) + native_recip(x + 2.0f) + native_divide(x, x + 3.0f);
}

__kernel void m_intbits(__global const uint *in, __global uint *out)
{
    size_t i = get_global_id(0);
    uint x = in[i];
    out[i] = popcount(x) + clz(x) + mul_hi(x, 0x9e3779b9u) + rotate(x, 13u) + mad24(x, 3u, 7u) +
             hadd(x, 12345u) + add_sat(x, 0xfffffff0u) + sub_sat(x, 9u);
}
