#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Integer-format image reads through a sampler_t argument, through `vsmp launch` (docs/LAUNCH.md
section 2, the sampler values): IGC's kernels read the sampler's addressing mode
(`sampler_address`, .cos SAMPLER_ADDRESS_MODE) and coordinate mode (`sampler_normalized`,
SAMPLER_NORMALIZED_COORDS) from the payload and choose from them between a load (ld, whose
out-of-range texels read 0: CLK_ADDRESS_CLAMP's border colour) and a sample with the sampler
state (CLK_ADDRESS_CLAMP_TO_EDGE). Each kernel runs from IGC's .visaasm + .cos and from the zebin.

Kernels: tests/launch/data/rd_int.cl (compiled by ocloc, IGC 1.0.12504, for tgllp: see its
header). Expected values are worked out by hand below from OpenCL's addressing rules (OpenCL
1.2 section 8.2: nearest filtering reads texel floor(u) of the unnormalized coordinate u =
s * width for normalized s; CLAMP_TO_EDGE clamps it into the image, CLAMP reads the border colour
(0, 0, 0, 0) outside an image with alpha; NONE is only defined inside the image).

usage: sampler_int_test.py --vsmp build/vsmp
"""
import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")

failures = 0
checks = 0


def check(ok, what, detail=""):
    global failures, checks
    checks += 1
    if not ok:
        failures += 1
        print("FAIL %s%s" % (what, (": " + detail) if detail else ""))


# A 4x3 image; texel (x, y) of the R8G8B8A8_UINT one is (x, y, 10x + y, 200 + x), of the
# R16G16B16A16_SINT one (-x - 1, -1000 y, 10x + y, -7).
W, H = 4, 3


def texel_u(x, y):
    return [x, y, 10 * x + y, 200 + x]


def texel_i(x, y):
    return [-x - 1, -1000 * y, 10 * x + y, -7]


def image(fmt, texel):
    return {"kind": "image", "format": fmt, "width": W, "height": H,
            "texels": [texel(x, y) for y in range(H) for x in range(W)]}


def clamp(v, n):
    return min(max(v, 0), n - 1)


def floor(v):
    return int(v // 1)


# rdu_arg: out[i] = read_imageui(src, smp, xy[i]) with int2 coordinates (unnormalized, nearest)
INT_XY = [[1, 1], [-1, 0], [4, 1], [2, -3], [3, 3], [9, -9], [0, 2], [3, 0]]


def expect_int(mode):
    v = []
    for x, y in INT_XY:
        inside = 0 <= x < W and 0 <= y < H
        if mode == "CLK_ADDRESS_CLAMP_TO_EDGE":
            v += texel_u(clamp(x, W), clamp(y, H))
        elif inside:
            v += texel_u(x, y)
        elif mode == "CLK_ADDRESS_CLAMP":
            v += [0, 0, 0, 0]
        else:  # NONE: undefined outside the image, not compared
            v += [None] * 4
    return v


# rdi_argf: out[i] = read_imagei(src, smp, xy[i]) with float2 coordinates
FLOAT_XY = {
    # normalized: u = s * 4, v = t * 3
    True: [[0.375, 0.5], [-0.1, 0.5], [1.0, 0.2], [0.99, 0.99], [0.125, 0.0], [0.5, -0.01],
           [0.8, 1.5], [0.26, 0.34]],
    # unnormalized, on texel edges too (4.0 is the right edge: outside)
    False: [[1.5, 2.5], [-3.0, 1.0], [4.0, 3.0], [3.99, 0.0], [-0.5, 1.0], [0.0, 0.0],
            [2.0, 2.999], [3.0, -0.001]],
}


def expect_float(mode, normalized):
    v = []
    for s, t in FLOAT_XY[normalized]:
        # the unnormalized coordinates in binary32, as the kernel's multiply makes them (every
        # product here is exact or far from an integer)
        u, w = (s * W, t * H) if normalized else (s, t)
        x, y = floor(u), floor(w)
        if mode == "CLK_ADDRESS_CLAMP_TO_EDGE":
            v += texel_i(clamp(x, W), clamp(y, H))
        elif 0 <= x < W and 0 <= y < H:
            v += texel_i(x, y)
        else:
            v += [0, 0, 0, 0]
    return v


def ints(line):
    return [int(v) for v in line.split("=", 1)[1].split()]


def run(vsmp, tmp, desc):
    path = os.path.join(tmp, "launch.json")
    with open(path, "w") as f:
        json.dump(desc, f)
    p = subprocess.run([vsmp, "launch", path], capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, VSMP_LAUNCH_WORKERS="1"))
    return p


def same(got, want):
    return got is not None and len(got) == len(want) and all(
        w is None or g == w for g, w in zip(got, want))


def launches(vsmp, tmp):
    forms = {"the .cos": lambda k: {"kernel": k + ".visaasm", "interface": k + ".cos",
                                    "platform": "TGLLP"},
             "the zebin": lambda k: {"binary": "rd_int.zebin", "kernel": k}}
    n = len(INT_XY)
    for form, head in forms.items():
        for mode in ("CLK_ADDRESS_CLAMP_TO_EDGE", "CLK_ADDRESS_CLAMP", "CLK_ADDRESS_NONE"):
            smp = "CLK_NORMALIZED_COORDS_FALSE | %s | CLK_FILTER_NEAREST" % mode
            desc = dict(head("rdu_arg"), **{
                "global": [n], "local": [n],
                "args": [image("R8G8B8A8_UINT", texel_u), {"kind": "sampler", "sampler": smp},
                         {"kind": "buffer", "type": "int2", "data": INT_XY},
                         {"kind": "buffer", "type": "uint4", "count": n, "print": True}]})
            p = run(vsmp, tmp, desc)
            got = ints(p.stdout.splitlines()[0]) if p.returncode == 0 and p.stdout else None
            check(same(got, expect_int(mode)),
                  "read_imageui, int2, %s, from %s" % (mode, form),
                  "exit %d, %s" % (p.returncode, (p.stderr.strip() or str(got))[-400:]))
        for normalized in (True, False):
            for mode in ("CLK_ADDRESS_CLAMP_TO_EDGE", "CLK_ADDRESS_CLAMP"):
                smp = "CLK_NORMALIZED_COORDS_%s | %s | CLK_FILTER_NEAREST" % (
                    "TRUE" if normalized else "FALSE", mode)
                xy = FLOAT_XY[normalized]
                desc = dict(head("rdi_argf"), **{
                    "global": [len(xy)], "local": [len(xy)],
                    "args": [image("R16G16B16A16_SINT", texel_i),
                             {"kind": "sampler", "sampler": smp},
                             {"kind": "buffer", "type": "float2", "data": xy},
                             {"kind": "buffer", "type": "int4", "count": len(xy), "print": True}]})
                p = run(vsmp, tmp, desc)
                got = ints(p.stdout.splitlines()[0]) if p.returncode == 0 and p.stdout else None
                check(same(got, expect_float(mode, normalized)),
                      "read_imagei, float2, %s, from %s" % (smp, form),
                      "exit %d, %s" % (p.returncode, (p.stderr.strip() or str(got))[-400:]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vsmp", required=True)
    a = ap.parse_args()
    vsmp = os.path.abspath(a.vsmp)
    with tempfile.TemporaryDirectory() as tmp:
        for k in ("rdu_arg", "rdi_argf"):
            for ext in ("visaasm", "cos"):
                with gzip.open(os.path.join(DATA, "%s.tgllp.simd8.%s.gz" % (k, ext)), "rb") as f:
                    open(os.path.join(tmp, "%s.%s" % (k, ext)), "wb").write(f.read())
        with gzip.open(os.path.join(DATA, "rd_int.tgllp.zebin.gz"), "rb") as f:
            open(os.path.join(tmp, "rd_int.zebin"), "wb").write(f.read())
        launches(vsmp, tmp)
    print("sampler_int: %d checks, %d failed" % (checks, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
