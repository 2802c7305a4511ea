// SPDX-License-Identifier: MIT
// printf: the format string in constant memory, the printf buffer, int and float arguments.
__kernel void pf_hello(__global const float *in)
{
    size_t i = get_global_id(0);
    if (i < 2)
        printf("lane %d value %f\n", (int)i, in[i]);
}
