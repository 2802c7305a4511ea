// Integer-format image reads through a sampler_t argument: IGC reads the sampler's addressing
// mode and coordinate mode from the payload (sampler_address, sampler_normalized) and picks ld
// or sample from them. Compiled for tests/launch/sampler_int_test.py by ocloc (IGC 1.0.12504)
// for tgllp:
//   IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir=dump IGC_ForceOCLSIMDWidth=8 \
//       ocloc compile -file rd_int.cl -device tgllp
//   ocloc compile -file rd_int.cl -device tgllp --format zebin \
//       -internal_options "-ze-emit-zebin-visa-sections" -output_no_suffix -output rd_int
// kept: each kernel's .visaasm and .cos (SURFACE_STATE listings dropped, as gen-corpus.sh
// does) and the zebin, gzipped (gzip -9 -n).
__kernel void rdu_arg(__read_only image2d_t src, sampler_t smp, __global const int2 *xy,
                      __global uint4 *out)
{
    size_t i = get_global_id(0);
    out[i] = read_imageui(src, smp, xy[i]);
}
__kernel void rdi_argf(__read_only image2d_t src, sampler_t smp, __global const float2 *xy,
                       __global int4 *out)
{
    size_t i = get_global_id(0);
    out[i] = read_imagei(src, smp, xy[i]);
}
