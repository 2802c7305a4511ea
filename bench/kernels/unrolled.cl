// A 10,016-instruction vISA kernel for bench_isa (TGLLP, SIMD16, IGC 1.0.12504):
//   IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir=d ocloc compile -file unrolled.cl -device tgllp
//   GenX_IR_12504_fixed d/*.visaasm -platform TGLLP -binary -outputCisaBinaryName unrolled.isa
//   bench_isa unrolled.isa
kernel void big(global float *a, global int *b, int n) {
  int i = get_global_id(0);
  float x = a[i]; int y = b[i];
#pragma unroll
  for (int k = 0; k < 1000; k++) {
    x = x * 1.0001f + (float)(y & k);
    y = (y ^ (k * 7)) + (int)x;
    if (y & 1) x = sqrt(fabs(x)); 
  }
  a[i] = x; b[i] = y;
}
