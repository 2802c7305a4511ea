// SPDX-License-Identifier: MIT
// Image copies without a sampler (read_image* with integer coordinates, i.e. loads), 1D,
// 1D buffer, 2D, 3D, 1D array and 2D array images, float/int/uint channel types, and the size
// queries get_image_width/height/depth/array_size/dim.
__kernel void cp_1d(__read_only image1d_t src, __write_only image1d_t dst)
{
    int x = get_global_id(0);
    if (x < get_image_width(src))
        write_imagef(dst, x, read_imagef(src, x));
}

__kernel void cp_1dbuf(__read_only image1d_buffer_t src, __write_only image1d_buffer_t dst)
{
    int x = get_global_id(0);
    write_imageui(dst, x, read_imageui(src, x));
}

__kernel void cp_2d(__read_only image2d_t src, __write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    int2 d = get_image_dim(src);
    if (p.x < d.x && p.y < d.y)
        write_imagef(dst, p, read_imagef(src, p));
}

__kernel void cp_3d(__read_only image3d_t src, __global float4 *dst)
{
    int4 p = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
    int w = get_image_width(src), h = get_image_height(src), d = get_image_depth(src);
    if (p.x < w && p.y < h && p.z < d)
        dst[(p.z * h + p.y) * w + p.x] = read_imagef(src, p);
}

__kernel void cp_1darr(__read_only image1d_array_t src, __write_only image1d_array_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    if (p.y < get_image_array_size(src))
        write_imagei(dst, p, read_imagei(src, p));
}

__kernel void cp_2darr(__read_only image2d_array_t src, __write_only image2d_array_t dst)
{
    int4 p = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
    if (p.z < get_image_array_size(src))
        write_imagef(dst, p, read_imagef(src, p));
}
