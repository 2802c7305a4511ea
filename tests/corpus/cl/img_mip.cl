// SPDX-License-Identifier: MIT
// ocloc-options: -cl-std=CL2.0
// Mipmapped images (cl_khr_mipmap_image, OpenCL C 2.0): read_imagef with an explicit LOD
// through a linear sampler, get_image_num_mip_levels, and read_imageui from a chosen mip level through a nearest,
// unnormalized sampler.
#pragma OPENCL EXTENSION cl_khr_mipmap_image : enable
__constant sampler_t s_lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_LINEAR;
__constant sampler_t s_pix = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void mip_lod(__read_only image2d_t src, __global float4 *out, float lod)
{
    int x = get_global_id(0), y = get_global_id(1);
    float2 c = (float2)((x + 0.5f) / get_image_width(src), (y + 0.5f) / get_image_height(src));
    out[y * get_global_size(0) + x] =
        read_imagef(src, s_lin, c, lod) + (float4)((float)get_image_num_mip_levels(src));
}

__kernel void mip_level(__read_only image2d_t src, __global uint4 *out, int level)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * get_global_size(0) + x] = read_imageui(src, s_pix, (float2)(x, y), (float)level);
}
