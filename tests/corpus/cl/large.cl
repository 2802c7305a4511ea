// SPDX-License-Identifier: MIT
// Large kernels (thousands of vISA instructions): fully unrolled convolutions reading an image
// through a sampler, an unrolled FIR over a buffer, an unrolled polynomial/transcendental chain,
// and a 9x9 bilateral filter (81 samples, exp weights, a divergent test per tap). The unrolled
// loops have constant trip counts so the compiler flattens them.
__constant sampler_t s_pix = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t s_lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;

__kernel void big_conv9x9(__read_only image2d_t src, __write_only image2d_t dst,
                          __constant float *wts)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 acc = 0.0f;
#pragma unroll
    for (int dy = -4; dy <= 4; dy++)
#pragma unroll
        for (int dx = -4; dx <= 4; dx++)
            acc += wts[(dy + 4) * 9 + dx + 4] * read_imagef(src, s_pix, p + (int2)(dx, dy));
    write_imagef(dst, p, acc);
}

__kernel void big_lin_taps(__read_only image2d_t src, __global float4 *out, float2 step)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float2 uv = ((float2)(p.x, p.y) + 0.5f) / (float2)(get_image_width(src), get_image_height(src));
    float4 acc = 0.0f;
#pragma unroll
    for (int k = 0; k < 48; k++) {
        float4 t = read_imagef(src, s_lin, uv + step * (float)(k - 24));
        acc = k & 1 ? acc + t * (1.0f / (k + 1)) : fmax(acc, t);
    }
    out[p.y * get_global_size(0) + p.x] = acc;
}

__kernel void big_fir(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < 256; k++)
        acc = mad(in[i + k], (float)((k * 37) % 101) * 0.01f, acc);
    out[i] = acc;
}

__kernel void big_math(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    float x = in[i], acc = 0.0f;
#pragma unroll
    for (int k = 0; k < 6; k++) {
        x = sin(x * 1.1f + k) + sqrt(fabs(x) + k) * exp(-x * x);
        acc += pow(fabs(x) + 1.0f, 0.3f + k * 0.01f);
    }
    out[i] = acc;
}

__kernel void big_bilateral(__read_only image2d_t src, __write_only image2d_t dst, float sigma_r)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 c = read_imagef(src, s_pix, p);
    float4 acc = 0.0f;
    float wsum = 0.0f;
#pragma unroll
    for (int dy = -4; dy <= 4; dy++)
#pragma unroll
        for (int dx = -4; dx <= 4; dx++) {
            float4 t = read_imagef(src, s_pix, p + (int2)(dx, dy));
            float4 d = t - c;
            float w = exp(-(dx * dx + dy * dy) * 0.125f - dot(d, d) * sigma_r);
            if (t.w > 0.0f) {
                acc += w * t;
                wsum += w;
            }
        }
    write_imagef(dst, p, wsum > 0.0f ? acc / wsum : c);
}
