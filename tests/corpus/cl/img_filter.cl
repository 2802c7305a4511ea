// SPDX-License-Identifier: MIT
// Image filters with control flow: a 3x3 box blur with a border test, a separable blur with a
// radius from the argument (loop), a blend of two images chosen per pixel by a mask, and a
// threshold with divergent branches.
__constant sampler_t s_pix = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t s_lin = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

__kernel void f_box3(__read_only image2d_t src, __write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    int w = get_image_width(src), h = get_image_height(src);
    float4 acc = 0.0f;
    if (p.x == 0 || p.y == 0 || p.x == w - 1 || p.y == h - 1) {
        acc = read_imagef(src, s_pix, p);
    } else {
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                acc += read_imagef(src, s_pix, p + (int2)(dx, dy));
        acc /= 9.0f;
    }
    write_imagef(dst, p, acc);
}

__kernel void f_blur_h(__read_only image2d_t src, __write_only image2d_t dst, int radius)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 acc = 0.0f;
    float wsum = 0.0f;
    for (int d = -radius; d <= radius; d++) {
        float wgt = exp(-(float)(d * d) / (2.0f * radius * radius + 1.0f));
        acc += wgt * read_imagef(src, s_lin, (float2)(p.x + d + 0.5f, p.y + 0.5f));
        wsum += wgt;
    }
    write_imagef(dst, p, acc / wsum);
}

__kernel void f_blend(__read_only image2d_t a, __read_only image2d_t b, __read_only image2d_t mask,
                      __write_only image2d_t dst, float alpha)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 x = read_imagef(a, s_pix, p);
    float4 m = read_imagef(mask, s_pix, p);
    float4 r;
    if (m.x > 0.5f) {
        float4 y = read_imagef(b, s_pix, p);
        r = mix(x, y, alpha * m.x);
    } else if (m.y > 0.5f) {
        r = x * x;
    } else {
        r = (float4)(x.zyx, 1.0f);
    }
    write_imagef(dst, p, clamp(r, 0.0f, 1.0f));
}

__kernel void f_threshold(__read_only image2d_t src, __write_only image2d_t dst, float t)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    uint4 v = read_imageui(src, s_pix, p);
    float l = 0.299f * v.x + 0.587f * v.y + 0.114f * v.z;
    uint4 o;
    if (l > t * 255.0f)
        o = (uint4)(255, 255, 255, v.w);
    else if (l > t * 128.0f)
        o = v / 2;
    else
        o = (uint4)(0, 0, 0, v.w);
    write_imageui(dst, p, o);
}
