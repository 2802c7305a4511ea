// SPDX-License-Identifier: MIT
// A sampled rotation about the image centre: each destination pixel reads the source through a
// normalized, bilinear sampler at its rotated coordinate; outside the source it reads the
// border colour (CLK_ADDRESS_CLAMP). c, s: the cosine and sine of the angle.
__constant sampler_t s_rot = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;

__kernel void rotate(__read_only image2d_t src, __write_only image2d_t dst, float c, float s)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float2 size = (float2)(get_image_width(dst), get_image_height(dst));
    float2 d = ((float2)(p.x, p.y) + 0.5f) / size - 0.5f;
    float2 uv = (float2)(c * d.x + s * d.y, c * d.y - s * d.x) + 0.5f;
    write_imagef(dst, p, read_imagef(src, s_rot, uv));
}
