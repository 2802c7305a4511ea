#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Recompute what can be modelled in a few lines of the pocl-produced expected outputs
(tests/corpus/expected/*.json) and compare: a check of the data, independent of pocl.

usage: check_expected.py EXPECTED_DIR
"""
import json
import math
import os
import struct
import sys
from fractions import Fraction


def f32(v):
    return struct.unpack("f", struct.pack("f", v))[0]


def s32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >> 31 else v


def cdiv(a, b):  # C division truncates towards zero
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def saxpy(j):
    x, y, a = j["args"][0]["data"], j["args"][1]["data"], j["args"][2]["value"]
    return {1: [f32(a * xi + yi) for xi, yi in zip(x, y)]}


def int_ops(j):
    out = []
    for x, b in zip(j["args"][0]["data"], j["args"][1]["data"]):
        y = b | 1
        r = cdiv(x, y) + (x - cdiv(x, y) * y)
        r = s32(r ^ ((x << 3) | ((y & 0xFFFFFFFF) >> 2)))
        r = ~r if x < y else r
        out.append(s32(max(-1000, min(1000, r)) + max(x, y) - min(x, y) + abs(x - y)))
    return {2: out}


def sum_n(j):
    a, n = j["args"][0]["data"], j["args"][1]["data"]
    return {2: [float(sum(a[i + k] * k for k in range(n[i] & 63))) for i in range(len(n))]}


def switch(j):
    out = []
    for x in j["args"][0]["data"]:
        r = {0: x * 3, 1: x + 17, 2: x >> 1, 5: -x}.get(x & 7, x ^ 0x55)
        while r > 100:
            r -= 37
            if r & 1:
                continue
            if r < 150:
                break
        out.append(r)
    return {1: out}


def copy(j):
    return {1: j["args"][0]["data"]}


def nearest(j):
    src, w = j["args"][0]["data"], j["args"][0]["width"]
    out = []
    for y in range(16):
        for x in range(16):
            # uv = (p + 0.5) / 8 * 2, REPEAT: the texel is floor(frac(uv) * 8)
            tx, ty = int(((x + 0.5) / 4) % 1.0 * 8), int(((y + 0.5) / 4) % 1.0 * 8)
            # pocl converts UNORM8 as x * (binary32 nearest 1/255), not the correctly rounded
            # x / 255: the two differ by one ulp for about half of the values
            out += [f32(src[(ty * w + tx) * 4 + c] * f32(1 / 255.0)) for c in range(4)]
    return {1: out}


def int_pix(j):
    a, b = j["args"][0]["data"], j["args"][1]["data"]
    return {2: [(x + y) & 0xFFFFFFFF for x, y in zip(a, b)]}


def reduce_sum(j):  # per group of 64: the sum (integers below 2^24: exact in float)
    x = j["args"][0]["data"]
    return {1: [float(sum(x[g:g + 64])) for g in range(0, len(x), 64)]}


def transpose(j):  # 16x16 tiles: out[(gx*16+ly)*w + gy*16+lx] = in[(gy*16+ly)*w + gx*16+lx]
    x, w = j["args"][0]["data"], j["args"][2]["value"]
    out = [0.0] * len(x)
    for y in range(w):
        for c in range(w):
            out[c * w + y] = x[y * w + c]
    return {1: out}


def sum_max(j):  # per group of 64: the sum (wrapping at 32 bits), the max, the last value
    x, out = j["args"][0]["data"], []
    for g in range(0, len(x), 64):
        out += [s32(sum(x[g:g + 64])), max(x[g:g + 64]), x[g + 63]]
    return {1: out}


def at_ops(j):  # final values whatever the order; each ticket 0..n-1 taken once; one winner
    v = j["args"][4]["data"]
    g = list(j["args"][0]["data"])
    n = len(v)
    andv = -1
    for i in range(n):
        andv &= ~(1 << (i & 31))
    orv = 0
    for x in v:
        orv |= 1 << (x & 31)
    xorv = 0x5a5a
    for x in v:
        xorv ^= x
    g = [s32(g[0] + sum(v)), s32(g[1] - sum(v)), n, -n, min(v), max(v), s32(andv), s32(orv),
         s32(xorv), 7, n, 1]
    u = [min(x & 0xFFFFFFFF for x in v), max(x & 0xFFFFFFFF for x in v)]
    return {0: g, 1: u, 2: [1] * n, 3: [1]}


def hist16(j):
    h = [0] * 16
    for x in j["args"][0]["data"]:
        h[x & 15] += 1
    return {1: h}


def local_ops(j):  # per group of 128: the __local results, then "every ticket once"
    v, out = j["args"][0]["data"], []
    for g in range(0, len(v), 128):
        x = v[g:g + 128]
        andv, xorv = -1, 0
        for lid, e in enumerate(x):
            andv &= ~(1 << (lid & 31))
            xorv ^= e
        out += [s32(sum(x)), s32(-sum(x)), 128, -128, min(x), max(x), s32(andv), s32(xorv), 1, 1]
    return {1: out}


def ops64(j):  # longs as (low, high) int pairs
    v = j["args"][1]["data"]
    tot = (0xFFFFFFFF + sum(v[0::2][i] & 0xFFFFFFFF for i in range(len(v) // 2))) % (1 << 64)
    return {0: [s32(tot), s32(tot >> 32), len(v) // 2, 0, 5, 0]}


# The kernels of tests/corpus2 without images (pocl_expected.c's block headed so)

def wrap(v, bits):  # two's complement of BITS bits
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def f32_bits(f):
    return struct.unpack("<I", struct.pack("<f", f))[0]


def f32_step(f, up):  # the next binary32 above (up) or below f
    b = f32_bits(f)
    if f == 0:
        b = 1 if up else 0x80000001
    elif (f > 0) == up:
        b += 1
    else:
        b -= 1
    return struct.unpack("<f", struct.pack("<I", b))[0]


def at_histogram(j):
    h = list(j["args"][1]["data"])
    for x in j["args"][0]["data"]:
        h[x & 63] += 1
    return {1: h}


def at_misc(j):  # cnt[2] is any input (xchg keeps the last); the or of what it hands back is
    c0, v = j["args"][0]["data"], j["args"][1]["data"]  # every value but that last one
    last = next(o["data"][2] for o in j["outputs"] if o["index"] == 0)
    rest = list(v)
    if last not in rest:  # pocl's value must be one of the inputs
        return {0: [None] * 6}
    rest.remove(last)
    orv, andv = c0[3] | c0[2], c0[4]
    for x in rest:
        orv |= x
    for x in v:
        andv &= ~x
    return {0: [min([c0[0]] + v), max([c0[1]] + v), last, s32(orv), s32(andv), c0[5] - len(v)],
            2: [f32(j["args"][2]["data"][0] + sum(v))]}


def big_fir(j):  # products exact (inputs 0, +-2^k); each sum rounded once, in order
    x, n = j["args"][0]["data"], len(j["args"][1]["data"])
    taps = [f32(f32((k * 37) % 101) * f32(0.01)) for k in range(256)]
    out = []
    for i in range(n):
        acc = 0.0
        for k in range(256):
            acc = f32(acc + x[i + k] * taps[k])
        out.append(acc)
    return {1: out}


def br_classify(j):
    out = []
    for b, init in zip(j["args"][0]["data"], j["args"][1]["data"]):
        v = struct.unpack("<f", struct.pack("<I", b))[0]
        out.append(init if v != v else -1 if v < 0 else 0 if v == 0 else 1 if v < 1 else
                   2 + int(v))
    return {1: out}


def call_divergent(j):
    out = []
    for x in j["args"][0]["data"]:
        if x <= 10:
            out.append(-x)
            continue
        n = 0
        while x > 1 and n < 200:
            x = 3 * x + 1 if x & 1 else x >> 1
            n += 1
        out.append(n)
    return {1: out}


def call_poly(j):
    p = lambda x, a, b: (x * a + b) * x - a  # noqa: E731
    return {1: [f32(p(x, 2.0, 3.0) + p(x * 0.5, -1.0, 0.5)) for x in j["args"][0]["data"]]}


def cv_from_int(j):
    out, c = [], []
    for x in j["args"][0]["data"]:
        rz = f32(x)
        if abs(rz) > abs(x):
            rz = f32_step(rz, x < 0)
        u = x & 0xFFFFFFFF
        rp = f32(u)
        if rp < u:
            rp = f32_step(rp, True)
        out.append(f32(f32(rz + rp) + wrap(x, 16)))
        c += [max(-128, min(127, x)), max(-128, min(127, x >> 8))]
    return {1: out, 2: c}


def cv_sat(j):
    o8, o16, o32 = [], [], []
    for x in j["args"][0]["data"]:
        v = f32(x * 255.0)
        o8.append(max(0, min(255, round(v))))  # round: half to even
        o16.append(max(-32768, min(32767, int(f32(v * 300.0)))))
        o32.append(s32(math.ceil(v) + math.floor(v) + f32_bits(v)))
    return {1: o8, 2: o16, 3: o32}


def dbl_ops(j):  # fma, division, sqrt: correctly rounded in double
    out, oi = [], []
    for x, b in zip(j["args"][0]["data"], j["args"][1]["data"]):
        y = f32(b)
        r = float(Fraction(x) * Fraction(y) + 1) / (y + 2.0) + math.sqrt(abs(x))
        out.append(r)
        oi.append(s32(int(r) + int(f32(x))))
    return {2: out, 3: oi}


def ind_negabs(j):
    x, out = j["args"][0]["data"], []
    for i in range(0, len(x), 4):
        v = x[i:i + 4]
        r = [-abs(v[c]) * v[3 - c] + abs(v[c ^ 1]) for c in range(4)]
        if any(e > 1 for e in v):
            r = [2 * e for e in r]
        if all(e < 0 for e in v):
            r = [-e for e in r]
        out += [f32(e) for e in r]
    return {1: out}


def ind_private(j):
    idx, x, out = j["args"][0]["data"], j["args"][1]["data"], []
    for i, k in enumerate(idx):
        a = list(x[16 * i:16 * i + 16])
        a[k & 15] += 1.0
        out.append(f32(a[(k >> 4) & 15] * a[(k >> 8) & 15]))
    return {2: out}


def loop_matmul(j):
    a, b, n = j["args"][0]["data"], j["args"][1]["data"], j["args"][3]["value"]
    return {2: [f32(sum(a[r * n + k] * b[k * n + c] for k in range(n)))
                for r in range(n) for c in range(n)]}


def pf_hello(j):  # printf text, not an output argument
    want = "".join("lane %d value %f\n" % (i, x) for i, x in enumerate(j["args"][0]["data"][:2]))
    return {"printf": want}


def ty_half(j):
    h = [struct.unpack("<e", struct.pack("<H", b))[0] for b in j["args"][0]["data"]]
    r = [x * 1.5 + 0.25 for x in h]
    return {1: [struct.unpack("<H", struct.pack("<e", v))[0] for v in r],
            2: [f32(v + x) for v, x in zip(r, h)]}


def ty_small(j):
    out = []
    for c, s in zip(j["args"][0]["data"], j["args"][1]["data"]):
        b = wrap(s + wrap(c * 3, 8), 16)
        out.append(wrap(b * b, 16) >> 2)
    return {2: out}


def ty_long(j):
    out = []
    for x, y in zip(j["args"][0]["data"], j["args"][1]["data"]):
        y |= 1
        out.append(wrap(x * y + y // 7 - (x >> 5) + (y << 3) + y % 13, 64))
    return {2: out}


def va_args(j):
    a = {x["index"]: x.get("value") for x in j["args"]}
    off, scale, key, xy, f3, s8, l2 = (a[k] for k in range(2, 9))
    n = len(j["args"][0]["data"]) // 16
    out, fout = [], []
    for i in range(n):
        out += [o + i for o in off] + key + [xy[0], xy[1], s8[0] + s8[7], l2[0] - l2[1]]
        out += [s8[1], s8[2], s8[3], s8[4] + s8[5] + s8[6]]
        fout += [f32(s * i + f) for s, f in zip(scale, f3 + [1.0])]
        fout += [f3[2], f3[1], f3[0], scale[3]]
    return {0: out, 1: fout}


def vec_bytes(j):
    x, w, out, ow = j["args"][0]["data"], j["args"][2]["data"], [], []
    for i in range(0, len(x), 16):
        v = x[i:i + 16]
        out += [(v[15 - k] + v[0]) & 255 for k in range(16)]
    for i in range(0, len(w), 8):
        q = w[i:i + 8]
        ow += [s32(q[7 - c] * 3 + q[c]) for c in range(8)]
    return {1: out, 3: ow}


def vec_geom(j):
    a, b, out = j["args"][0]["data"], j["args"][1]["data"], []
    for i in range(0, len(a), 4):
        x, y = a[i:i + 4], b[i:i + 4]
        c = [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0], 0]
        lc = math.sqrt(sum(e * e for e in c))
        d = sum(p * q for p, q in zip(x, y))
        extra = [math.sqrt(sum(e * e for e in x)),
                 math.sqrt(sum((p - q) ** 2 for p, q in zip(x, y))), x[2], x[3]]
        out += [f32(c[k] / lc * d + extra[k] + y[3 - k]) for k in range(4)]
    return {2: out}


def vec_vload(j):
    x = j["args"][0]["data"]
    out = [j["args"][1]["data"][0]]
    for i in range((len(x) - 1) // 3):
        v = x[1 + 3 * i:4 + 3 * i]
        out += [f32(v[c] * 2 + v[(c + 1) % 3]) for c in range(3)]
    return {1: out}
def copy3d(j):  # cp_3d: the texels in order, into a buffer
    return {1: j["args"][0]["data"]}


def blend(j):  # f_blend: per pixel, by the mask: mix, square or swizzle; clamped to [0, 1]
    a, b, m = (j["args"][i]["data"] for i in range(3))
    alpha, out = j["args"][4]["value"], []
    for p in range(0, len(a), 4):
        x, y, k = a[p:p + 4], b[p:p + 4], m[p:p + 4]
        if k[0] > 0.5:
            r = [xi + (yi - xi) * (alpha * k[0]) for xi, yi in zip(x, y)]
        elif k[1] > 0.5:
            r = [xi * xi for xi in x]
        else:
            r = [x[2], x[1], x[0], 1.0]
        out += [min(max(v, 0.0), 1.0) for v in r]
    return {3: out}


def twice(j):  # sd_1d: linear at texel centres (the texel) plus nearest (the texel)
    return {1: [2 * v for v in j["args"][0]["data"]]}


# The image kernels of large.cl (pocl_expected.c's block after the one above)

def texel(img, x, y):  # an RGBA image argument's texel (x, y): its four channels
    i = 4 * (y * img["width"] + x)
    return img["data"][i:i + 4]


def big_conv9x9(j):  # products and sums of binary fractions: exact in any order
    src, wts = j["args"][0], j["args"][2]["data"]
    w, h, out = src["width"], src["height"], []
    for y in range(h):
        for x in range(w):
            acc = [Fraction(0)] * 4
            for dy in range(-4, 5):
                for dx in range(-4, 5):  # nearest, CLAMP_TO_EDGE
                    t = texel(src, min(max(x + dx, 0), w - 1), min(max(y + dy, 0), h - 1))
                    acc = [a + Fraction(wts[(dy + 4) * 9 + dx + 4]) * Fraction(c)
                           for a, c in zip(acc, t)]
            out += [float(a) for a in acc]
    return {1: out}


def lin_repeat(img, u, v):
    """OpenCL's linear filter at normalized (u, v) with CLK_ADDRESS_REPEAT (OpenCL 1.2
    section 8.2), in exact arithmetic: the weights and texels are binary fractions. None when a
    weight is off Intel's 8-bit sub-texel grid (a multiple of 1/256), where its sampler's weight
    would not be the exact one."""
    w, h = img["width"], img["height"]
    u, v = (u - math.floor(u)) * w - Fraction(1, 2), (v - math.floor(v)) * h - Fraction(1, 2)
    i0, j0 = math.floor(u), math.floor(v)
    a, b = u - i0, v - j0
    if (a * 256).denominator != 1 or (b * 256).denominator != 1:
        return None
    i0, j0 = i0 % w, j0 % h
    i1, j1 = (i0 + 1) % w, (j0 + 1) % h
    t = [texel(img, i, jj) for jj in (j0, j1) for i in (i0, i1)]
    return [(1 - a) * (1 - b) * t[0][c] + a * (1 - b) * t[1][c] + (1 - a) * b * t[2][c] +
            a * b * t[3][c] for c in range(4)]


def big_lin_taps(j):
    """The kernel in binary32: the taps exact, their weights on the 8-bit sub-texel grid, each
    odd tap times f32(1 / (k + 1)) exact (pocl_expected.c chose the inputs so; each checked),
    each sum rounded once."""
    src, (sx, sy) = j["args"][0], j["args"][2]["value"]
    w, h, out = src["width"], src["height"], []
    for y in range(h):
        for x in range(w):
            u, v = Fraction(2 * x + 1, 2 * w), Fraction(2 * y + 1, 2 * h)
            acc = [0.0] * 4
            for k in range(48):
                t = lin_repeat(src, u + Fraction(sx) * (k - 24), v + Fraction(sy) * (k - 24))
                if t is None:
                    return {1: [None] * (4 * w * h)}  # not on the sub-texel grid
                if k & 1:
                    c = f32(1.0 / (k + 1))
                    prod = [Fraction(e) * Fraction(c) for e in t]
                    if any(Fraction(f32(float(p))) != p for p in prod):
                        return {1: [None] * (4 * w * h)}  # not exact: not what was chosen
                    acc = [f32(a + float(p)) for a, p in zip(acc, prod)]
                else:
                    acc = [max(a, float(e)) for a, e in zip(acc, t)]
            out += acc
    return {1: out}


def sa_char_short(j):  # c * 1000 + s + u * i, in int
    c, sh, u = (j["args"][k]["value"] for k in (1, 2, 3))
    return {0: [c * 1000 + sh + u * i for i in range(len(j["args"][0]["data"]))]}


MODELS = {"at_ops": at_ops, "at_hist16": hist16, "at_local_ops": local_ops, "at_ops64": ops64,
          "buf_saxpy": saxpy, "buf_int_ops": int_ops, "loop_sum_n": sum_n, "br_switch": switch,
          "cp_2d": copy, "s2d_nearest_norm": nearest, "s2d_int_pix": int_pix,
          "lb_reduce": reduce_sum, "lb_transpose": transpose, "lr_sum_max": sum_max,
          "at_histogram": at_histogram, "at_misc": at_misc, "big_fir": big_fir,
          "br_classify": br_classify, "call_divergent": call_divergent, "call_poly": call_poly,
          "cv_from_int": cv_from_int, "cv_sat": cv_sat, "dbl_ops": dbl_ops,
          "ind_negabs": ind_negabs, "ind_private": ind_private, "loop_matmul": loop_matmul,
          "pf_hello": pf_hello, "ty_half": ty_half, "ty_small": ty_small, "ty_long": ty_long,
          "va_args": va_args, "vec_bytes": vec_bytes, "vec_geom": vec_geom,
          "vec_vload": vec_vload, "sa_char_short": sa_char_short, "big_conv9x9": big_conv9x9, "big_lin_taps": big_lin_taps,
          # image dimensions: copies and reads at texel centres are the texels
          "cp_1d": copy, "cp_1dbuf": copy, "cp_1darr": copy, "cp_2darr": copy, "cp_3d": copy3d,
          "f_blend": blend, "sd_1d": twice, "sd_3d": copy3d, "sd_1darr": copy3d}


# Kernels whose results are not exact (math functions): each value's error bound from the
# OpenCL 1.2 ULP table (section 7.4, table 7.1: single precision, full profile), carried
# through the expression to first order; pocl's value must lie within it of the value computed
# in double. Two implementations that each keep the bound differ by at most twice the largest
# one: launch_test.py's TOLERANCE for the kernel is at least that.
ULPS = {"sqrt": 3, "rsqrt": 2, "exp": 3, "exp2": 3, "log": 3, "log2": 3, "pow": 16, "sin": 4,
        "cos": 4, "tan": 5, "atan2": 6, "recip": 2.5, "divide": 2.5}


def ulp(v):  # of a binary32 value (normal; the denormal step below 2^-126)
    v = abs(v)
    return 2.0 ** (max(math.frexp(v)[1] - 1, -126) - 23) if v else 2.0 ** -149


class E:
    """A value of the float program and the bound of its error against the exact one."""

    def __init__(self, v, e=0.0):
        self.v, self.e = v, e

    def __add__(self, o):
        o = o if isinstance(o, E) else E(o)
        v = self.v + o.v
        return E(v, self.e + o.e + ulp(v) / 2)

    def __mul__(self, o):
        o = o if isinstance(o, E) else E(o)
        v = self.v * o.v
        return E(v, abs(self.v) * o.e + abs(o.v) * self.e + self.e * o.e + ulp(v) / 2)

    def __neg__(self):
        return E(-self.v, self.e)


def fn(name, f, df, *a):
    """f(a) within ULPS[name] ulp, plus the arguments' errors times |df/da| (the largest over
    the arguments' intervals, sampled at their ends and middle)."""
    v = f(*(x.v for x in a))
    e = ULPS[name] * ulp(v)
    for i, x in enumerate(a):
        if x.e:
            pts = [x.v - x.e, x.v, x.v + x.e]
            e += x.e * max(abs(df[i](*(p if k == i else y.v for k, y in enumerate(a))))
                           for p in pts)
    return E(v, e)


def e_abs(x):
    return E(abs(x.v), x.e)


def m_transcendental_bound(x):
    X, ax = E(x), E(abs(x))
    one = E(1.0)
    xx = X * X
    r = (fn("sqrt", math.sqrt, [lambda u: 0.5 / math.sqrt(u)], ax) +
         fn("rsqrt", lambda u: u ** -0.5, [lambda u: 0.5 * u ** -1.5], xx + one))
    t = (fn("exp", math.exp, [math.exp], X * f32(0.1)) +
         fn("exp2", lambda u: 2 ** u, [lambda u: math.log(2) * 2 ** u], X))
    t = t + fn("log", math.log, [lambda u: 1 / u], ax + one)
    t = t + fn("log2", math.log2, [lambda u: 1 / (u * math.log(2))], xx + E(2.0))
    r = r + t
    p = fn("pow", lambda u: u ** f32(1.7), [lambda u: f32(1.7) * u ** (f32(1.7) - 1)], ax) \
        if x else E(0.0)
    t = p + fn("sin", math.sin, [math.cos], X) * fn("cos", math.cos, [math.sin], X)
    t = t + fn("tan", math.tan, [lambda u: 1 / math.cos(u) ** 2], X * 0.25)
    t = t + fn("atan2", math.atan2, [lambda y, w: w / (y * y + w * w),
                                     lambda y, w: -y / (y * y + w * w)], X, r)
    r = r + t
    c = math.floor(x) + math.ceil(x) + math.copysign(1.0, x)
    v = r.v * x + c
    return E(v, abs(x) * r.e + ulp(v) / 2)


def m_native_bound(x):
    """native_* are the implementation's (OpenCL 1.2 section 7.4): bounded here as the full
    functions, native_exp as exp2(x * log2 e), native_log as log2(u) * ln 2 and native_divide
    as x * recip(y) (IGC's expansions), each with its own roundings."""
    X, ax = E(x), E(abs(x))
    log2e, ln2 = f32(1 / math.log(2)), f32(math.log(2))
    terms = [fn("sin", math.sin, [math.cos], X), fn("cos", math.cos, [math.sin], X),
             fn("exp2", lambda u: 2 ** u, [lambda u: math.log(2) * 2 ** u], X * log2e),
             fn("log2", math.log2, [lambda u: 1 / (u * math.log(2))], ax + 1.0) * ln2,
             fn("sqrt", math.sqrt, [lambda u: 0.5 / math.sqrt(u)], ax) if x else E(0.0),
             fn("recip", lambda u: 1 / u, [lambda u: -1 / u ** 2], X + 2.0),
             X * fn("recip", lambda u: 1 / u, [lambda u: -1 / u ** 2], X + 3.0)]
    r = terms[0]
    for t in terms[1:]:
        r = r + t
    return r


def big_math_bound(x):
    X, acc = E(x), E(0.0)
    for k in range(6):
        s = fn("sin", math.sin, [math.cos], X * f32(1.1) + float(k))
        a = e_abs(X) + float(k)
        q = fn("sqrt", math.sqrt, [lambda u: 0.5 / math.sqrt(u)], a) if a.v else E(0.0)
        X = s + q * fn("exp", math.exp, [math.exp], -(X * X))
        p = f32(0.3 + f32(k * f32(0.01)))
        acc = acc + fn("pow", lambda u: u ** p, [lambda u: p * u ** (p - 1)], e_abs(X) + 1.0)
    return acc


BOUNDED = {"m_transcendental": (0, 1, 1, m_transcendental_bound),
           "m_native": (0, 1, 1, m_native_bound), "big_math": (0, 1, 1, big_math_bound)}


def big_bilateral_bound(j):
    """Every output value with its bound: the exp arguments are exact (pocl_expected.c chose
    the inputs so), each weight within exp's 3 ulp, each product and sum within half an ulp
    (fused or not), the quotient within division's 2.5 ulp; a pixel without taps keeps its
    texel, exactly."""
    src, sigma = j["args"][0], j["args"][2]["value"]
    w, h, out = src["width"], src["height"], []
    for y in range(h):
        for x in range(w):
            c = texel(src, x, y)
            acc, wsum = [E(0.0)] * 4, E(0.0)
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    t = texel(src, min(max(x + dx, 0), w - 1), min(max(y + dy, 0), h - 1))
                    dd = sum((Fraction(a) - Fraction(b)) ** 2 for a, b in zip(t, c))
                    arg = -Fraction(dx * dx + dy * dy, 8) - dd * Fraction(sigma)
                    if Fraction(f32(float(arg))) != arg:
                        return [E(float("nan"))] * (4 * w * h)  # not what was chosen
                    wt = fn("exp", math.exp, [math.exp], E(float(arg)))
                    if t[3] > 0:
                        acc = [a + wt * e for a, e in zip(acc, t)]
                        wsum = wsum + wt
            if wsum.v > 0:
                out += [fn("divide", lambda p, q: p / q, [lambda p, q: 1 / q,
                                                        lambda p, q: -p / (q * q)], a, wsum)
                        for a in acc]
            else:
                out += [E(e) for e in c]
    return out


# images: NAME: (the output argument, the model giving each of its values with its bound)
BOUNDED_IMAGES = {"big_bilateral": (1, big_bilateral_bound)}


def check_bounds(d):
    bad = 0
    for name, (src, dst, _, model) in sorted(BOUNDED.items()) + [
            (n, (None, dst, None, m)) for n, (dst, m) in sorted(BOUNDED_IMAGES.items())]:
        j = json.load(open(os.path.join(d, name + ".json")))
        got = next(o["data"] for o in j["outputs"] if o["index"] == dst)
        if src is None:
            x, bounds = got, model(j)
        else:
            x = j["args"][src]["data"]
            bounds = [model(xi) for xi in x]
        worst, out = 0.0, 0
        for b, g in zip(bounds, got):
            worst = max(worst, b.e)
            out += not abs(f32(g) - b.v) <= b.e
        print(f"{name}: {len(x) - out} of {len(x)} values within their ULP-table bound of "
              f"the exact value; two such implementations differ by at most {2 * worst:.3g}")
        bad += out
    return bad


def main():
    d = sys.argv[1]
    bad = 0
    for name, model in sorted(MODELS.items()):
        j = json.load(open(os.path.join(d, name + ".json")))
        want = model(j)
        got = {o["index"]: o["data"] for o in j["outputs"]}
        types = {o["index"]: o.get("type") for o in j["outputs"]}
        got["printf"] = [j.get("printf")]
        for idx, w in want.items():
            if idx == "printf":
                w = [w]
            # floats are printed with 9 significant digits: equal once rounded to binary32;
            # doubles with 17: equal as they are
            same = [x == y if types.get(idx) == "double" or not isinstance(y, float)
                    else f32(x) == f32(y) for x, y in zip(got[idx], w)]
            diff = same.count(False) + abs(len(got[idx]) - len(w))
            print(f"{name} arg {idx}: {len(w) - diff} of {len(w)} values agree")
            bad += diff
    bad += check_bounds(d)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
