// SPDX-License-Identifier: MIT
// Half-precision image access (cl_khr_fp16): read_imageh through a linear sampler with
// normalized coordinates, read_imageh without a sampler, write_imageh; and the format queries
// get_image_channel_order/get_image_channel_data_type.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__constant sampler_t s_lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

__kernel void hf_sample(__read_only image2d_t src, __write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float2 uv = ((float2)(p.x, p.y) + 0.5f) / (float2)(get_image_width(src), get_image_height(src));
    half4 v = read_imageh(src, s_lin, uv);
    write_imageh(dst, p, v * (half)0.5f + read_imageh(src, p));
}

__kernel void q_format(__read_only image2d_t img, __global int *out)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    out[p.y * get_global_size(0) + p.x] =
        get_image_channel_order(img) * 256 + get_image_channel_data_type(img);
}
