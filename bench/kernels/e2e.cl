// Image kernels of bench_e2e (bench/bench_e2e.c): the same source is compiled by ocloc for vsmp
// (tgllp; -DFOR_IGC: SIMD16 by the attribute) and by pocl. Each frame is 1920x1080.
#ifdef FOR_IGC
#define SIMD16 __attribute__((intel_reqd_sub_group_size(16)))
#else
#define SIMD16
#endif

// 5x5 box blur through a sampler argument (the host passes CLAMP_TO_EDGE, nearest, unnormalized)
SIMD16 kernel void box5(read_only image2d_t src, write_only image2d_t dst, sampler_t s)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 acc = 0.0f;
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++)
            acc += read_imagef(src, s, p + (int2)(dx, dy));
    write_imagef(dst, p, acc * (1.0f / 25.0f));
}

// bilinear resize through an inline sampler (normalized coordinates at the pixel centres)
constant sampler_t lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

SIMD16 kernel void resize(read_only image2d_t src, write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float2 inv = (float2)(1.0f / get_global_size(0), 1.0f / get_global_size(1));
    float2 uv = ((float2)(p.x, p.y) + 0.5f) * inv;
    write_imagef(dst, p, read_imagef(src, lin, uv));
}

constant sampler_t pt = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

// one pass of a separable 9-tap Gaussian, the weights from a buffer; (dx, dy) the direction
SIMD16 kernel void gauss9_buf(read_only image2d_t src, write_only image2d_t dst,
                              global const float *w, int dx, int dy)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 acc = 0.0f;
    for (int k = -4; k <= 4; k++)
        acc += w[k + 4] * read_imagef(src, pt, p + (int2)(k * dx, k * dy));
    write_imagef(dst, p, acc);
}

// the same with the weights computed from exp (sigma given), normalized by their sum
SIMD16 kernel void gauss9_exp(read_only image2d_t src, write_only image2d_t dst, float sigma,
                              int dx, int dy)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 acc = 0.0f;
    float sum = 0.0f, c = -1.0f / (2.0f * sigma * sigma);
    for (int k = -4; k <= 4; k++) {
        float wk = exp((float)(k * k) * c);
        sum += wk;
        acc += wk * read_imagef(src, pt, p + (int2)(k * dx, k * dy));
    }
    write_imagef(dst, p, acc / sum);
}

// integer copy
SIMD16 kernel void copy_ui(read_only image2d_t src, write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    write_imageui(dst, p, read_imageui(src, p));
}

// an average blur in the shape of FFmpeg's avgblur: an ADDRESS_NONE inline sampler, the window
// cut at the image's edges, one direction per pass
constant sampler_t none = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

SIMD16 kernel void avg_pass(write_only image2d_t dst, read_only image2d_t src, int rad, int dx,
                            int dy)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    int2 size = (int2)(get_global_size(0), get_global_size(1));
    int at = dx ? p.x : p.y, n = dx ? size.x : size.y;
    int count = 0;
    float4 acc = 0.0f;
    for (int i = max(0, at - rad); i < min(at + rad + 1, n); i++) {
        count++;
        acc += read_imagef(src, none, dx ? (int2)(i, p.y) : (int2)(p.x, i));
    }
    write_imagef(dst, p, acc / count);
}
