// SPDX-License-Identifier: MIT
// Sampling 1D, 3D, 1D array and 2D array images through nearest and linear samplers
// (normalized and not) and integer reads of array images.
__constant sampler_t s_lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_LINEAR;
__constant sampler_t s_pix = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void sd_1d(__read_only image1d_t src, __global float4 *out)
{
    int x = get_global_id(0);
    float u = (x + 0.5f) / get_image_width(src);
    out[x] = read_imagef(src, s_lin, u) + read_imagef(src, s_pix, (float)x);
}

__kernel void sd_3d(__read_only image3d_t src, __global float4 *out)
{
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    float4 c = (float4)((x + 0.5f) / get_image_width(src), (y + 0.5f) / get_image_height(src),
                        (z + 0.5f) / get_image_depth(src), 0.0f);
    out[(z * get_global_size(1) + y) * get_global_size(0) + x] = read_imagef(src, s_lin, c);
}

__kernel void sd_1darr(__read_only image1d_array_t src, __global uint4 *out)
{
    int x = get_global_id(0), l = get_global_id(1);
    out[l * get_global_size(0) + x] = read_imageui(src, s_pix, (float2)(x, l));
}

__kernel void sd_2darr(__read_only image2d_array_t src, __global float4 *out)
{
    int x = get_global_id(0), y = get_global_id(1), l = get_global_id(2);
    float4 c = (float4)((x + 0.5f) / get_image_width(src), (y + 0.5f) / get_image_height(src),
                        (float)l, 0.0f);
    out[(l * get_global_size(1) + y) * get_global_size(0) + x] =
        read_imagef(src, s_lin, c) * 0.5f + convert_float4(read_imagei(src, s_pix, (int4)(x, y, l, 0)));
}
