#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Expected outputs of the corpus image kernels pocl cannot give, computed here from the OpenCL
specification: written in the layout of pocl_expected.c's files (tests/corpus/expected/KERNEL.json),
with "by" saying where the values come from. Nothing of vsmp is used.

  * hf_sample, q_format (img_half.cl): pocl builds no cl_khr_fp16 program (clinfo: no half
    support), so not even q_format, which only queries the format;
  * mip_lod, mip_level (img_mip.cl): pocl has no cl_khr_mipmap_image (clinfo);
  * sd_2darr (img_sample_dims.cl): pocl 3.1 applies the normalized MIRRORED_REPEAT addressing to
    the layer of a 2D array read by read_imagef (layer 1 of 3 reads layer 2), where OpenCL takes
    the layer as clamp(rint(z), 0, layers - 1) whatever the sampler (OpenCL C 3.0, section 8.4,
    "selecting an image from an image array").

Every input is chosen so the result is exact: linear reads at texel centres (weights 1 and 0) or
at quarter positions (weights 1/4, 3/4 on values in 1/16 steps), small binary fractions.

usage: spec_expected.py EXPECTED_DIR     (scripts/gen-expected.sh runs it)
"""
import json
import math
import os
import random
import struct
import sys

CL_RGBA = 0x10B5
CL_HALF_FLOAT = 0x10DD


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f16(x):
    """x rounded to binary16 (exact for every value used here; asserted)."""
    h = struct.unpack("<e", struct.pack("<e", x))[0]
    assert h == x, x
    return h


def bits(x):
    return struct.unpack("<i", struct.pack("<f", x))[0]


def image(kind, ctype, w, data, h=None, layers=None, levels=None):
    a = {"kind": kind, "channel_order": "RGBA", "channel_type": ctype, "width": w}
    if h is not None:
        a["height"] = h
    if layers is not None:
        a["array_size"] = layers
    if levels is not None:
        a["mip_levels"] = len(levels) + 1
        a["mip_data"] = levels
    a["data"] = data
    return a


def write(d, kernel, source, glob, args, outputs, by, options=None, local=None):
    lines = ['{', '  "kernel": "%s", "source": "cl/%s",' % (kernel, source),
             '  "global": %s, "local": %s,' % (json.dumps(glob), json.dumps(local))]
    if options:  # the source's "// ocloc-options:", as pocl_expected.c's "options"
        lines.append('  "options": %s,' % json.dumps(options))
    lines += ['  "by": %s,' % json.dumps(by), '  "args": [']
    for i, a in enumerate(args):
        lines.append("    " + json.dumps(dict({"index": i}, **a)) +
                     ("," if i + 1 < len(args) else ""))
    lines.append("  ],")
    lines.append('  "outputs": [')
    for n, (i, a) in enumerate(outputs):
        lines.append("    " + json.dumps(dict({"index": i}, **a)) +
                     ("," if n + 1 < len(outputs) else ""))
    lines += ["  ]", "}"]
    with open(os.path.join(d, kernel + ".json"), "w") as f:
        f.write("\n".join(lines) + "\n")


def texel(data, w, x, y, c, h=1, z=0):
    return data[((z * h + y) * w + x) * 4 + c]


def mirrored_linear(s, size):
    """OpenCL's CLK_ADDRESS_MIRRORED_REPEAT with CLK_FILTER_LINEAR for one normalized coordinate
    (OpenCL C 3.0 section 8.2): the two texels and the weight of the second."""
    sp = 2.0 * round(0.5 * s)  # rint: no .5 ties occur for these coordinates
    u = abs(s - sp) * size
    i0 = math.floor(u - 0.5)
    a = (u - 0.5) - i0
    return max(i0, 0), min(i0 + 1, size - 1), a


def hf_sample(d, rng):
    """read_imageh(linear, normalized, CLAMP_TO_EDGE) at texel centres is the texel; v * 0.5 +
    the texel read without a sampler: 1.5 x texel, exact in binary16 for k/8, |k| <= 64."""
    w = h = 8
    src = [f16(rng.randint(-64, 64) / 8.0) for _ in range(w * h * 4)]
    dst = [f16(1.5 * t) for t in src]
    args = [image("image2d", "HALF_FLOAT", w, src, h=h),
            image("image2d", "HALF_FLOAT", w, [0.0] * (w * h * 4), h=h)]
    write(d, "hf_sample", "img_half.cl", [w, h], args, [(1, args[1] | {"data": dst})],
          "spec_expected.py: linear filtering at texel centres (weight 1), binary16 arithmetic "
          "on exact values; pocl has no cl_khr_fp16")


def q_format(d, rng):
    """get_image_channel_order(img) * 256 + get_image_channel_data_type(img): CL_RGBA and
    CL_HALF_FLOAT (CL/cl.h, which OpenCL C's CLK_* equal)."""
    w, h = 4, 2
    src = [f16(rng.randint(-64, 64) / 8.0) for _ in range(w * h * 4)]
    args = [image("image2d", "HALF_FLOAT", w, src, h=h),
            {"kind": "buffer", "type": "int", "data": [0] * (w * h)}]
    out = [CL_RGBA * 256 + CL_HALF_FLOAT] * (w * h)
    write(d, "q_format", "img_half.cl", [w, h], args,
          [(1, args[1] | {"data": out})],
          "spec_expected.py: CL_RGBA * 256 + CL_HALF_FLOAT; pocl has no cl_khr_fp16")


def mip_chain(rng, w, make):
    """Level 0 and the levels below it (each half the size, down to 1x1), texels from make()."""
    levels, s = [], w
    while s >= 1:
        levels.append([make() for _ in range(s * s * 4)])
        s //= 2
    return levels


def mip_lod(d, rng):
    """read_imagef(linear, normalized, MIRRORED_REPEAT, lod 1) of an 8x8 RGBA FLOAT image of 4
    levels at the centres of level 0's texels: the inline sampler's mip filter is nearest
    (cl_khr_mipmap_image: an inline sampler's mipmap filter mode is CLK_FILTER_NEAREST), so lod
    1 reads level 1 (4x4), bilinearly at u = (x + 0.5) / 8: weights 1/4 and 3/4, mirrored at the
    edges; plus get_image_num_mip_levels, 4."""
    w, lod = 8, 1
    levels = mip_chain(rng, w, lambda: rng.randint(-16, 16) / 16.0)
    lv, lw = levels[lod], w >> lod
    out = []
    for y in range(w):
        for x in range(w):
            i0, i1, a = mirrored_linear(f32((x + 0.5) / w), lw)
            j0, j1, b = mirrored_linear(f32((y + 0.5) / w), lw)
            for c in range(4):
                v = ((1 - a) * (1 - b) * texel(lv, lw, i0, j0, c, lw) +
                     a * (1 - b) * texel(lv, lw, i1, j0, c, lw) +
                     (1 - a) * b * texel(lv, lw, i0, j1, c, lw) +
                     a * b * texel(lv, lw, i1, j1, c, lw))
                r = v + len(levels)
                assert f32(r) == r  # exact: multiples of 1/256, small
                out.append(r)
    args = [image("image2d", "FLOAT", w, levels[0], h=w, levels=levels[1:]),
            {"kind": "buffer", "type": "float", "data": [0.0] * (w * w * 4)},
            {"kind": "scalar", "type": "float", "value": float(lod)}]
    write(d, "mip_lod", "img_mip.cl", [w, w], args, [(1, args[1] | {"data": out})],
          "spec_expected.py: OpenCL 8.2 linear filtering and MIRRORED_REPEAT on mip level 1 "
          "(inline sampler: nearest mip filter), exact weights 1/4, 3/4; pocl has no "
          "cl_khr_mipmap_image", options="-cl-std=CL2.0")


def mip_level(d, rng):
    """read_imageui(nearest, unnormalized, CLAMP, (x, y), lod 0) of an 8x8 RGBA UNSIGNED_INT32
    image of 4 levels: texel (x, y) of level 0 (IGC reads it with `ld`, integer coordinates,
    whatever the other levels hold). A level above 0 is not asked: IGC reads it with `sample_l`
    through the unnormalized sampler, where OpenCL says "the mip-level specified by lod" and
    Intel's sampler state allows no mips with non-normalized coordinates (docs/LAUNCH.md
    section 4), and no peer here can settle which texels that gives."""
    w, level = 8, 0
    levels = mip_chain(rng, w, lambda: rng.getrandbits(32))
    lw = w >> level
    out = [texel(levels[level], lw, x, y, c, lw) for y in range(lw) for x in range(lw)
           for c in range(4)]
    args = [image("image2d", "UNSIGNED_INT32", w, levels[0], h=w, levels=levels[1:]),
            {"kind": "buffer", "type": "uint", "data": [0] * (lw * lw * 4)},
            {"kind": "scalar", "type": "int", "value": level}]
    write(d, "mip_level", "img_mip.cl", [lw, lw], args, [(1, args[1] | {"data": out})],
          "spec_expected.py: nearest, unnormalized coordinates, level 0 of a 4-level image; pocl "
          "has no cl_khr_mipmap_image", options="-cl-std=CL2.0")


def sd_2darr(d, rng):
    """read_imagef(linear, normalized, MIRRORED_REPEAT) of layer l at texel centres is the texel
    (the layer is rint(l), not a normalized coordinate); read_imagei(nearest) of a FLOAT image
    is undefined in OpenCL: taken as the texel's 32 bits, which both Intel's sampler (it returns
    the surface's channels; IGC reinterprets them) and pocl return. n x 2^20 texels keep
    0.5 x texel + (float)bits exact."""
    w, h, layers = 8, 4, 3
    src = [float(rng.randint(-64, 64) * 1048576) for _ in range(w * h * layers * 4)]
    out = []
    for t in src:
        r = 0.5 * t + float(bits(t))
        assert f32(r) == r
        out.append(r)
    args = [image("image2d_array", "FLOAT", w, src, h=h, layers=layers),
            {"kind": "buffer", "type": "float", "data": [0.0] * len(src)}]
    write(d, "sd_2darr", "img_sample_dims.cl", [w, h, layers], args,
          [(1, args[1] | {"data": out})],
          "spec_expected.py: linear filtering at texel centres, the layer rint(z); read_imagei of "
          "a FLOAT texel as its bits; pocl 3.1 wraps the layer as a normalized coordinate")


def wg_funcs(d, rnd):
    """work_group_reduce_add and work_group_scan_inclusive_add (OpenCL C 2.0, section 6.13.15):
    the sum of the group's values, and each work-item's sum of its own and the lower local IDs';
    groups of 64 (several hardware threads at every SIMD width), integers (exact)."""
    n, group = 256, 64
    data = [rnd.randint(-100000, 100000) for _ in range(n)]
    red, scan = [], []
    for g in range(0, n, group):
        part = data[g:g + group]
        red += [sum(part)] * group
        acc = 0
        for v in part:
            acc += v
            scan.append(acc)
    by = "OpenCL C 2.0 section 6.13.15; pocl's OpenCL C is 1.2 (clinfo): no work-group functions"
    for kernel, out in (("wg_reduce_add", red), ("wg_scan_add", scan)):
        args = [{"kind": "buffer", "type": "int", "data": data},
                {"kind": "buffer", "type": "int", "data": [0] * n}]
        write(d, kernel, "wg_funcs.cl", [n], args, [(1, args[1] | {"data": out})], by,
              options="-cl-std=CL2.0", local=[group])


def main():
    d = sys.argv[1]
    for seed, f in enumerate((hf_sample, q_format, mip_lod, mip_level, sd_2darr, wg_funcs), 201):
        f(d, random.Random(seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
