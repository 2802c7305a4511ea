// SPDX-License-Identifier: MIT
// 2D image sampling: read_imagef through a nearest and a linear sampler with normalized
// coordinates, read_imagei/read_imageui through an unnormalized nearest sampler with integer
// coordinates, get_image_width/height, write_imagef/write_imageui.
__constant sampler_t s_near_norm = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;
__constant sampler_t s_lin_norm = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
__constant sampler_t s_near_pix = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void s2d_nearest_norm(__read_only image2d_t src, __write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float2 uv = ((float2)(p.x, p.y) + 0.5f) / (float2)(get_image_width(src), get_image_height(src));
    write_imagef(dst, p, read_imagef(src, s_near_norm, uv * 2.0f));
}

__kernel void s2d_linear_norm(__read_only image2d_t src, __write_only image2d_t dst, float scale)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float2 uv = ((float2)(p.x, p.y) + 0.5f) / (float2)(get_image_width(dst), get_image_height(dst));
    write_imagef(dst, p, read_imagef(src, s_lin_norm, uv * scale));
}

__kernel void s2d_int_pix(__read_only image2d_t si, __read_only image2d_t su,
                          __write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    int4 a = read_imagei(si, s_near_pix, p);
    uint4 b = read_imageui(su, s_near_pix, (float2)(p.x + 0.5f, p.y + 0.5f));
    write_imageui(dst, p, as_uint4(a) + b);
}

__kernel void s2d_linear_pix(__read_only image2d_t src, sampler_t smp, __global float4 *out)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float2 c = (float2)(p.x * 0.75f + 0.25f, p.y * 0.5f);
    out[p.y * get_global_size(0) + p.x] = read_imagef(src, smp, c);
}
