// By-value arguments wider than 64 bytes: a long16 (128 bytes, the conformance parameter_types
// test's widest) beside a char, and a 256-byte struct (IGC passes it in 32 pieces of 8 bytes in
// the .cos, in one of 256 in the zeinfo). Compiled for tests/launch/wide_arg_test.py by ocloc
// (IGC 1.0.12504) for tgllp:
//   IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir=dump IGC_ForceOCLSIMDWidth=8 \
//       ocloc compile -file arg_wide.cl -device tgllp
//   ocloc compile -file arg_wide.cl -device tgllp --format zebin \
//       -internal_options "-ze-emit-zebin-visa-sections" -output_no_suffix -output arg_wide
// kept: wide_l16's .visaasm and .cos (SURFACE_STATE listings dropped) and the zebin, gzipped
// (gzip -9 -n). A launch description cannot name a struct type: wide_struct runs through the
// ICD (tests/ocl/test_ocl_kernels.c, with its own copy of these kernels).
typedef struct {
    long v[32];
} wide_t;
__kernel void wide_l16(char c, long16 a, __global long *out)
{
    size_t i = get_global_id(0);
    long16 b = a * (long)(i + 1) + (long)c;
    vstore16(b, i, out);
}
__kernel void wide_struct(wide_t s, uint n, __global long *out)
{
    size_t i = get_global_id(0);
    out[i] = s.v[i & 31] + (long)n;
}
