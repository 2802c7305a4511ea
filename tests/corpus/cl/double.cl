// SPDX-License-Identifier: MIT
// Double precision (cl_khr_fp64; compiled only where the device has it): add, mul, fma,
// sqrt, division and conversions double<->float/int.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dbl_ops(__global const double *a, __global const float *b, __global double *out,
                      __global int *oi)
{
    size_t i = get_global_id(0);
    double x = a[i], y = (double)b[i];
    double r = fma(x, y, 1.0) / (y + 2.0) + sqrt(fabs(x));
    out[i] = r;
    oi[i] = (int)r + (int)(float)x;
}
