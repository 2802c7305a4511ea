// An inline sampler with CLK_ADDRESS_NONE (as FFmpeg's filters write them) and a sampler_t
// argument, each read one texel up and left of the work-item (outside the image on the first
// row and column). Compiled for tests/launch/iface_test.py by ocloc (IGC 1.0.12504) for tgllp:
//   IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir=dump IGC_ForceOCLSIMDWidth=8 \
//       ocloc compile -file inline_none.cl -device tgllp      (the .bin: patch tokens)
//   ocloc compile -file inline_none.cl -device tgllp --format zebin    (the .zebin)
// kept: each kernel's .visaasm and .cos (SURFACE_STATE listings dropped, as gen-corpus.sh
// does), the .progbin IGC dumped, ocloc's .bin and the zebin, gzipped.
__constant sampler_t s_none = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
__kernel void rd_none(__read_only image2d_t src, __global float4 *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * get_global_size(0) + x] = read_imagef(src, s_none, (int2)(x - 1, y - 1));
}
__kernel void rd_arg(__read_only image2d_t src, sampler_t smp, __global float4 *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * get_global_size(0) + x] = read_imagef(src, smp, (int2)(x - 1, y - 1));
}
