// SPDX-License-Identifier: MIT
// Divergent control flow: if/else chains on per-lane data, a switch, early return, a
// while loop with break and continue, and predicated stores.
__kernel void br_classify(__global const float *in, __global int *out)
{
    size_t i = get_global_id(0);
    float v = in[i];
    int c;
    if (v < 0.0f)
        c = -1;
    else if (v == 0.0f)
        c = 0;
    else if (v < 1.0f)
        c = 1;
    else
        c = 2 + (int)v;
    if (isnan(v))
        return;
    out[i] = c;
}

__kernel void br_switch(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    int x = in[i], r = 0;
    switch (x & 7) {
    case 0: r = x * 3; break;
    case 1: r = x + 17; break;
    case 2: r = x >> 1; break;
    case 5: r = -x; break;
    default: r = x ^ 0x55;
    }
    while (r > 100) {
        r -= 37;
        if (r & 1)
            continue;
        if (r < 150)
            break;
    }
    out[i] = r;
}
