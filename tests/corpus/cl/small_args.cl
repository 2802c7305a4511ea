// SPDX-License-Identifier: MIT
// Scalar arguments narrower than 4 bytes: IGC passes char, uchar and short in 4 bytes of the
// cross-thread data; the caller gives each value in its own type's size.
__kernel void sa_char_short(__global int *out, char c, short s, uchar u)
{
    int i = get_global_id(0);
    out[i] = c * 1000 + s + u * i;
}
