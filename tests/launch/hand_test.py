#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Real compiler output against values worked out by hand from the OpenCL C source.

Corpus kernels compiled by Intel's ocloc (IGC 1.0.12504) for tgllp at SIMD8, SIMD16 and SIMD32
(tests/corpus/k) are launched by `vsmp launch` with inputs chosen here; every output is compared
with the value the OpenCL source and the sampling rules (docs/SAMPLING.md) give for that input,
derived in the comments below. No output of vsmp, pocl or any other implementation is used.

  * call_poly (calls.cl): two calls of a noinline subroutine;
  * call_divergent (calls.cl): a subroutine with a loop, called under a divergent branch;
  * s2d_linear_pix (img_sample2d.cl): bilinear sampling at known unnormalized coordinates;
  * f_blur_h (img_filter.cl): a loop of bilinear samples at texel centres, weighted by exp().

usage: hand_test.py --vsmp build/vsmp [--corpus tests/corpus] [-v]
"""
import argparse
import gzip
import json
import math
import os
import struct
import subprocess
import sys
import tempfile

SIMDS = ("simd8", "simd16", "simd32")


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def bits_f(w):
    return struct.unpack("<f", struct.pack("<I", w))[0]


def clampi(v, lo, hi):
    return max(lo, min(hi, v))


# ---- call_poly ----
# cl_poly(x, a, b) = (x * a + b) * x - a, so
#   cl_poly(x, 2, 3)         = (2x + 3) x - 2           = 2x^2 + 3x - 2
#   cl_poly(x / 2, -1, 0.5)  = (-x/2 + 1/2) (x/2) + 1   = -x^2/4 + x/4 + 1
#   out[i] = their sum                                  = 7/4 x^2 + 13/4 x - 1.
# With x a multiple of 1/4 in [-8, 8), every intermediate (x/2 a multiple of 1/8, its square of
# 1/64, all below 2^8) has at most 14 significant bits: each float operation, fused or not, is
# exact, so the result is exact: x = -8 gives 112 - 26 - 1 = 85; x = 0 gives -1; x = 1 gives 4;
# x = -0.25 gives 7/64 - 13/16 - 1 = -109/64.
def poly_case(n):
    xs = [(i - 4 * 8) / 4.0 for i in range(n)]
    want = [7.0 / 4 * x * x + 13.0 / 4 * x - 1 for x in xs]
    assert want[0] == 85.0 and want[32] == -1.0 and want[36] == 4.0 and want[31] == -109 / 64
    args = [{"kind": "buffer", "type": "float", "data": xs},
            {"kind": "buffer", "type": "float", "count": n, "print": True, "hex": True}]
    # local 16: at SIMD32, the vISA IGC dumped for cl_poly's callee computes the first 16 lanes
    # only (cl_poly_1 writes V0065, the M1 half of the result; V0066, the M5 half, is never
    # written), so a thread with more than 16 work-items returns 0 in lanes 16..31
    return {"global": [n], "local": [16], "args": args}, {1: ("float", want, 0.0)}


# ---- call_divergent ----
# out[i] = in[i] > 10 ? cl_collatz(in[i]) : -in[i], where cl_collatz counts the steps of the
# Collatz map (odd: 3x + 1, even: x / 2) until x <= 1, at most 200. Worked by hand:
#   11 -> 34 17 52 26 13 40 20 10 5 16 8 4 2 1: 14 steps; 12 -> 6 3 10 5 16 8 4 2 1: 9;
#   13 -> 40 20 10 5 16 8 4 2 1: 9; 16 -> 8 4 2 1: 4; 32: 5; 64: 6; 17 -> 52 26 ... (13's tail
#   after 40 and one more): 12; 27: 111 (the well-known long orbit, below the cap of 200);
#   values <= 10 are negated: 10 -> -10, 7 -> -7, 0 -> 0, -5 -> 5.
DIVERGENT = [(11, 14), (12, 9), (13, 9), (16, 4), (32, 5), (64, 6), (17, 12), (27, 111),
             (10, -10), (7, -7), (0, 0), (-5, 5)]


def collatz_case(n):
    ins = [DIVERGENT[i % len(DIVERGENT)][0] for i in range(n)]
    want = [DIVERGENT[i % len(DIVERGENT)][1] for i in range(n)]
    args = [{"kind": "buffer", "type": "int", "data": ins},
            {"kind": "buffer", "type": "int", "count": n, "print": True, "hex": True}]
    # local 16: as call_poly, at SIMD32 the dumped callee cl_collatz_4 returns the M1 half of
    # its result only (it writes V0061; V0062, which the caller reads for lanes 16..31 after
    # the second call, is never written), so groups of 16 keep those lanes off
    return {"global": [n], "local": [16], "args": args}, {1: ("int", want, 0)}


# ---- s2d_linear_pix ----
# c = (p.x * 0.75 + 0.25, p.y * 0.5), read_imagef through CLK_NORMALIZED_COORDS_FALSE |
# CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR; out[p.y * 32 + p.x] = the float4.
# Linear filtering (docs/SAMPLING.md): i0 = floor(u - 0.5), a = frac(u - 0.5), the texels i0 and
# i0 + 1 weighted 1 - a and a; CLAMP_TO_EDGE clamps each index into [0, W - 1]. The image holds
# texel(x, y) = (x, 8y, x*y, 1). Bilinear interpolation reproduces a function linear in each
# coordinate, and clamping both indices equals clamping the position, so with
#   X = clamp(0.75 p.x - 0.25, 0, W - 1), Y = clamp(0.5 p.y - 0.5, 0, H - 1)
# the result is (X, 8Y, X*Y, 1): p = (0, 0): u - 0.5 = -0.25, i0 = -1 -> both texels clamp to
# x = 0: X = 0; p.x = 1: X = 0.5 (texels 0 and 1 halved); p.x = 5: X = 3.5; p.y = 2: Y = 0.5;
# p.y = 3: Y = 1. All weights are multiples of 1/4 and every value a small dyadic: exact.
IMG_W, IMG_H = 32, 4


def linear_case():
    tex = [[x, 8 * y, x * y, 1] for y in range(IMG_H) for x in range(IMG_W)]
    want = []
    for py in range(4):
        for px in range(32):
            X = clampi(0.75 * px - 0.25, 0, IMG_W - 1)
            Y = clampi(0.5 * py - 0.5, 0, IMG_H - 1)
            want += [X, 8 * Y, X * Y, 1.0]
    assert want[0:4] == [0, 0, 0, 1] and want[4 * 5] == 3.5 and want[4 * (2 * 32 + 5) + 2] == 1.75
    args = [{"kind": "image", "format": "R32G32B32A32_FLOAT", "width": IMG_W, "height": IMG_H,
             "texels": tex},
            {"kind": "sampler",
             "sampler": "CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | "
                        "CLK_FILTER_LINEAR"},
            {"kind": "buffer", "type": "float", "count": 32 * 4 * 4, "print": True, "hex": True}]
    return {"global": [32, 4], "args": args}, {2: ("float", want, 0.0)}


# ---- f_blur_h ----
# for d in -r..r: wgt = exp(-(d*d) / (2 r^2 + 1)); acc += wgt * read_imagef(src, s_lin,
# (p.x + d + 0.5, p.y + 0.5)); wsum += wgt; dst(p) = acc / wsum. s_lin is unnormalized,
# CLAMP_TO_EDGE, LINEAR: at a texel centre (x + 0.5) the linear weights are (1, 0) (a = 0), so
# each read is texel(clamp(x, 0, W - 1)) (SAMPLING.md: clamp to edge). The source holds
# texel(x, y) = (x, y, 0.5, 1):
#   R = sum_d w_d clamp(p.x + d) / sum_d w_d: p.x itself where no clamp happens (the weights
#       are symmetric), else pulled up at the left edge and down at the right edge;
#   G = p.y, B = 0.5, A = 1 (a constant weighted and divided by the same sum).
# r = 0: one iteration, wgt = exp(-0 / 1) = 1, the texel itself, exact.
# r = 2: w = (e^-4/9, e^-1/9, 1, e^-1/9, e^-4/9); at p.x = 0 the reads are x = 0, 0, 0, 1, 2:
#   R = (e^-1/9 + 2 e^-4/9) / (1 + 2 e^-1/9 + 2 e^-4/9) = 0.53467... exp() is IGC's expansion
#   (OpenCL allows 3 ulp), so float results are compared within 2e-6 relative.
BLUR_W, BLUR_H = 32, 2


def blur_case(r):
    tex = [[x, y, 0.5, 1] for y in range(BLUR_H) for x in range(BLUR_W)]
    want = []
    ws = [(d, math.exp(-(d * d) / (2.0 * r * r + 1.0))) for d in range(-r, r + 1)]
    wsum = sum(w for _, w in ws)
    for y in range(BLUR_H):
        for x in range(BLUR_W):
            R = sum(w * clampi(x + d, 0, BLUR_W - 1) for d, w in ws) / wsum
            want += [R, float(y), 0.5, 1.0]
    if r == 2:
        assert abs(want[0] - 0.53467) < 1e-5 and abs(want[4 * 10] - 10) < 1e-12
    args = [{"kind": "image", "format": "R32G32B32A32_FLOAT", "width": BLUR_W,
             "height": BLUR_H, "texels": tex},
            {"kind": "image", "format": "R32G32B32A32_FLOAT", "width": BLUR_W,
             "height": BLUR_H, "print": True, "hex": True},
            {"kind": "scalar", "type": "int", "value": r}]
    return {"global": [BLUR_W, BLUR_H], "args": args}, {1: ("float", want,
                                                            0.0 if r == 0 else 2e-6)}


CASES = [
    ("call_poly", "call_poly", lambda: poly_case(64)),
    ("call_divergent", "call_divergent", lambda: collatz_case(64)),
    ("s2d_linear_pix", "s2d_linear_pix", linear_case),
    ("f_blur_h r=0", "f_blur_h", lambda: blur_case(0)),
    ("f_blur_h r=2", "f_blur_h", lambda: blur_case(2)),
]


def check(label, out_lines, want, verbose):
    bad = 0
    for idx, (kind, vals, tol) in want.items():
        line = out_lines.get(idx)
        if line is None:
            print("FAIL %s: arg%d not printed" % (label, idx))
            return 1
        words = [int(w, 16) for w in line]
        if len(words) != len(vals):
            print("FAIL %s: arg%d has %d values, want %d" % (label, idx, len(words), len(vals)))
            return 1
        worst = 0.0
        for i, (w, v) in enumerate(zip(words, vals)):
            if kind == "float":
                g = bits_f(w)
                d = abs(g - f32(v))
                ok = d <= tol * max(1.0, abs(v)) if tol else g == f32(v)
                worst = max(worst, d)
            else:
                g = w - (1 << 32) if w >= 1 << 31 else w
                ok = g == v
            if not ok:
                if bad < 5:
                    print("FAIL %s: arg%d value %d: vsmp %r, by hand %r" % (label, idx, i, g, v))
                bad += 1
        if verbose and not bad:
            print("ok   %s: arg%d, %d values, largest difference %.3g" % (label, idx, len(vals),
                                                                       worst))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vsmp", required=True)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--corpus", default=os.path.join(here, "..", "corpus"))
    ap.add_argument("-v", action="store_true")
    o = ap.parse_args()
    kdir = os.path.join(o.corpus, "k")
    failed = runs = 0
    for label, kernel, make in CASES:
        for simd in SIMDS:
            base = os.path.join(kdir, "%s.tgllp.%s" % (kernel, simd))
            desc, want = make()
            with tempfile.TemporaryDirectory() as tmp:
                missing = False
                for ext in ("visaasm", "cos", "dsh"):
                    path = "%s.%s.gz" % (base, ext)
                    if not os.path.exists(path):
                        missing = missing or ext != "dsh"
                        continue
                    with gzip.open(path, "rb") as src, \
                            open(os.path.join(tmp, "k." + ext), "wb") as dst:
                        dst.write(src.read())
                    if ext == "dsh":
                        desc["dynamic_state"] = "k.dsh"
                if missing:
                    print("FAIL %s.%s: kernel files missing" % (label, simd))
                    failed += 1
                    continue
                desc.update({"kernel": "k.visaasm", "interface": "k.cos", "platform": "TGLLP"})
                jpath = os.path.join(tmp, "launch.json")
                with open(jpath, "w") as f:
                    json.dump(desc, f)
                p = subprocess.run([o.vsmp, "launch", jpath], capture_output=True, text=True,
                                   timeout=300)
            runs += 1
            name = "%s.%s" % (label, simd)
            if p.returncode != 0:
                print("FAIL %s: vsmp launch exit %d: %s" % (name, p.returncode,
                                                           p.stderr.strip()[-600:]))
                failed += 1
                continue
            lines = {}
            for ln in p.stdout.splitlines():
                if ln.startswith("arg") and " = " in ln:
                    k, v = ln.split(" = ", 1)
                    lines[int(k[3:])] = v.split()
            failed += check(name, lines, want, o.v)
    print("launch_hand: %d of %d launches give the values worked out by hand" % (runs - failed,
                                                                                  runs))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
