#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Sub-group functions as Intel's compiler emits them, against values worked out by hand.

The kernels of tests/corpus/cl/subgroups.cl, sg_block.cl and sg_block_img.cl, compiled by ocloc (IGC 1.0.12504)
for skl, tgllp and acm-g10 at SIMD8, SIMD16 and SIMD32 (sg_block*: 8 and 16, IGC refuses block
reads at SIMD32), are launched by `vsmp launch` over one NDRange of 128 work-items in groups of
64, from IGC's .visaasm and .cos, and from the source compiled by `vsmp launch` itself (the
zebin; SOURCE_VARIANTS); tests/launch/data/sg_block_img_wr.cl (an image block write) from its
source alone. With IGC the sub-group size is the SIMD width W, and sub-group s of a
group holds its local ids s*W .. s*W + W - 1 (lane l = local id mod W). Every expected value
below follows from the OpenCL C source and W alone; pocl is no peer here (it has no
cl_intel_subgroups, and its sub-group size is not IGC's), and no output of vsmp is used.

The same kernels of today's compiler (tests/corpus2: IGC 2.40 for tgllp, dg2, mtl, arl and the
64-byte-register lnl, bmg, ptl; IGC 1.0.17791 for skl and icllp) are launched at every width the
corpus holds from their .visaasm, the program's .zeinfo as interface and its zebin of the same
width as "program", against the same values (the sub-group size is again the SIMD width).

usage: subgroup_test.py --vsmp build/vsmp [--corpus tests/corpus] [--corpus2 tests/corpus2] [-v]
"""
import argparse
import gzip
import json
import os
import subprocess
import sys
import tarfile
import tempfile

PLATFORMS = {"skl": "SKL", "tgllp": "TGLLP", "acm-g10": "DG2"}
WIDTHS = (8, 16, 32)
N, LOCAL = 128, 64


def lanes(w):
    """(global id, sub-group id, lane, index of the sub-group's first work-item) per work-item"""
    for i in range(N):
        lid = i % LOCAL
        yield i, lid // w, lid % w, i - lid % w


# ---- sg_ids ----
# out[4i..4i+3] = get_sub_group_id() = lid / W, get_sub_group_size() = W (every sub-group is
# full: 64 is a multiple of 8, 16, 32), get_sub_group_local_id() = lid mod W,
# get_num_sub_groups() = 64 / W.
def ids_case(w):
    want = []
    for _, s, l, _ in lanes(w):
        want += [s, w, l, LOCAL // w]
    args = [{"kind": "buffer", "type": "uint", "count": 4 * N, "print": True, "hex": True}]
    return args, {0: want}


# ---- sg_reduce ----
# Input x_i = ((i * 37) mod 101) - 50: values in [-50, 50], distinct within any 101 work-items,
# so min, max and the scan are not the same for every lane. For the sub-group starting at b:
#   broadcast(x, 3) = x_{b+3}; reduce_add = sum x_b..x_{b+W-1}; min, max likewise;
#   scan_inclusive_add at lane l = x_b + ... + x_{b+l};
#   reduce_add(lane id) = 0 + 1 + ... + (W-1) = W(W-1)/2 (28, 120, 496).
def reduce_case(w):
    x = [(i * 37) % 101 - 50 for i in range(N)]
    want = []
    for i, _, l, b in lanes(w):
        g = x[b:b + w]
        want += [g[3], sum(g), min(g), max(g), sum(g[:l + 1]), w * (w - 1) // 2]
    assert x[0] == -50 and x[1] == -13 and x[3] == -40
    args = [{"kind": "buffer", "type": "int", "data": x},
            {"kind": "buffer", "type": "int", "count": 6 * N, "print": True, "hex": True}]
    return args, {1: want}


# ---- sg_shuffle ----
# x_i = 7i + 3, y = x + 1000 (the next vector of shuffle_down), sel_i = (5i + 2) mod 64:
#   shuffle(x, sel mod W) = x of lane (sel_i mod W): x_{b + sel_i mod W};
#   shuffle_down(x, y, 3) = lane l + 3 of the concatenation x|y of the sub-group (Intel's
#       cl_intel_subgroups): x_{b+l+3} when l + 3 < W, else y_{b+l+3-W} = x_{b+l+3-W} + 1000;
#   shuffle_xor(x, 1) = x of lane l ^ 1; shuffle_xor(x, 5 mod W) = x of lane l ^ 5 (5 < 8).
def shuffle_case(w):
    x = [7 * i + 3 for i in range(N)]
    sel = [(5 * i + 2) % 64 for i in range(N)]
    want = []
    for i, _, l, b in lanes(w):
        d = l + 3
        down = x[b + d] if d < w else x[b + d - w] + 1000
        want += [x[b + sel[i] % w], down, x[b + (l ^ 1)], x[b + (l ^ 5)]]
    args = [{"kind": "buffer", "type": "int", "data": x},
            {"kind": "buffer", "type": "uint", "data": sel},
            {"kind": "buffer", "type": "int", "count": 4 * N, "print": True, "hex": True}]
    return args, {2: want}


# ---- sg_block ----
# base = group * 64 + sub-group id * W = the global id of the sub-group's first work-item b;
# the block read gives lane l word base + l, i.e. in[i]; the block write puts lane l's value
# at out[base + l] = out[i]: out[i] = 2 in[i] + 1. in[i] = 3i + 1 - 2^31 * (i odd) checks
# the full 32 bits (unsigned, wrapping).
def block_case(w):
    v = [(3 * i + 1 + (0x80000000 if i & 1 else 0)) & 0xFFFFFFFF for i in range(N)]
    want = [(2 * a + 1) & 0xFFFFFFFF for a in v]
    args = [{"kind": "buffer", "type": "uint", "data": v},
            {"kind": "buffer", "type": "uint", "count": N, "print": True, "hex": True}]
    return args, {1: want}


# ---- sg_more ----
# x_i = (5i + 3) mod 67 in the first group (all >= 0; 7 only at i = 41, since 5 * 41 + 3 = 208 =
# 3 * 67 + 7), ((37i) mod 101) - 50 in the second (negatives). For the sub-group at b, lane l:
#   any(x == 7) != 0: 1 where the sub-group holds i = 41 (or a 7 of the second group), else 0;
#   all(x >= 0) != 0: 1 in the first group, 0 in the second (each of its sub-groups of 8 holds
#       a negative: checked below);
#   scan_exclusive_add = x_b + ... + x_{b+l-1} (0 at lane 0);
#   (int)broadcast(x * 0.5f, in[0] mod 8): in[0] = 3, so (int)(x_{b+3} / 2), truncated toward 0
#       (halves of integers are exact in float);
#   (int)reduce_max((uint)x): the largest x modulo 2^32, read back as int (a negative x wins);
#   shuffle_up(previous (short)x, current (short)(x + 100), 2): Intel's rule, lane l takes
#       current of lane l - 2 when l >= 2, else previous of lane W + l - 2: x_{b+l-2} + 100, or
#       x_{b+W+l-2}; a short, sign-extended into the int;
#   outl[i] = shuffle(((long)x << 32) | 3 lane, lane ^ 2): lane l ^ 2's long,
#       x_{b+(l^2)} * 2^32 + 3 (l ^ 2).
def more_case(w):
    x = [(5 * i + 3) % 67 if i < LOCAL else (37 * i) % 101 - 50 for i in range(N)]
    assert x[0] == 3 and x[41] == 7 and x.index(7) == 41
    want, wantl = [], []
    for i, _, l, b in lanes(w):
        g = x[b:b + w]
        if b >= LOCAL:
            assert min(g[:8]) < 0
        umax = max(v & 0xFFFFFFFF for v in g)
        up = g[l - 2] + 100 if l >= 2 else g[w + l - 2]
        want += [int(7 in g), int(min(g) >= 0), sum(g[:l]), int(g[x[0] % 8] / 2),
                 umax - (1 << 32) if umax >= 1 << 31 else umax, up]
        wantl.append((g[l ^ 2] << 32) + 3 * (l ^ 2))
    args = [{"kind": "buffer", "type": "int", "data": x},
            {"kind": "buffer", "type": "int", "count": 6 * N, "print": True, "hex": True},
            {"kind": "buffer", "type": "long", "count": N, "print": True, "hex": True}]
    return args, {1: want, 2: (wantl, 64)}


# ---- sg_block_vec ----
# base = b as in sg_block. block_read2 at in + 2b gives lane l the words 2b + l (.s0) and
# 2b + W + l (.s1) (the sub-group's run of 2W words, a vector element at a time); the write of
# the swapped vector puts .s1 at out[2b + l] and .s0 at out[2b + W + l]: out swaps the two
# halves of each run of 2W. The 16-bit read and write give outs[i] = ins[i] + 1 mod 2^16.
def block_vec_case(w):
    v = [(i * 2654435761) & 0xFFFFFFFF for i in range(2 * N)]
    want = [0] * (2 * N)
    for i, _, l, b in lanes(w):
        want[2 * b + l] = v[2 * b + w + l]
        want[2 * b + w + l] = v[2 * b + l]
    us = [(i * 977 + 65500) & 0xFFFF for i in range(N)]
    args = [{"kind": "buffer", "type": "uint", "data": v},
            {"kind": "buffer", "type": "uint", "count": 2 * N, "print": True, "hex": True},
            {"kind": "buffer", "type": "ushort", "data": us},
            {"kind": "buffer", "type": "ushort", "count": N, "print": True, "hex": True}]
    return args, {1: want, 3: ([(u + 1) & 0xFFFF for u in us], 16)}


# ---- sg_block_img ----
# A 100 x 2 R32_UINT image holding texel(x, y) = 1000 y + x + 2^31 (x odd), read over an NDRange
# of 128 x 3 work-items in groups of 64 x 1. Lane l of the sub-group at x0 = b reads the dword at
# byte column 4 x0 + 4 l of row y, and stores it at out[y * 128 + x0 + l]. Inside the image that
# is texel(x0 + l, y); outside it the block read is clamped to the edge of the image in x and y
# (cl_intel_subgroups: for an image of 4-byte elements "out-of-bounds reads will return the edge
# image element (the equivalent of CLK_ADDRESS_CLAMP_TO_EDGE)"): texel(min(x, 99), min(y, 1)).
IMG_W, IMG_H = 100, 2


def texel(x, y):
    return 1000 * y + x + (0x80000000 if x & 1 else 0)


def block_img_case(w):
    tex = [texel(x, y) for y in range(IMG_H) for x in range(IMG_W)]
    args = [{"kind": "image", "format": "R32_UINT", "width": IMG_W, "height": IMG_H,
             "texels": [[t] for t in tex]},
            {"kind": "buffer", "type": "uint", "count": 3 * N, "print": True, "hex": True}]
    want = [texel(min(x, IMG_W - 1), min(y, IMG_H - 1)) for y in range(3) for x in range(N)]
    return args, {1: want}


# ---- sg_block_img_wr (tests/launch/data/sg_block_img_wr.cl, from the source only) ----
# The block write over the same NDRange into a 100 x 2 R32_UINT image cleared to 0: lane l of
# the sub-group at x0 writes in[y * 128 + x0 + l] = 7 y + 3 x + 5 (x = x0 + l) to texel
# (x, y); the writes outside the image (x >= 100 or y = 2) are dropped ("out-of-bounds writes
# will be ignored"). The image prints each texel's four channels: R, then G = B = 0 and A = 1
# (an R32_UINT texel read back).
def block_img_wr_case(w):
    vals = [7 * y + 3 * x + 5 for y in range(3) for x in range(N)]
    args = [{"kind": "image", "format": "R32_UINT", "width": IMG_W, "height": IMG_H,
             "print": True, "hex": True},
            {"kind": "buffer", "type": "uint", "data": vals}]
    want = []
    for y in range(IMG_H):
        for x in range(IMG_W):
            want += [vals[y * N + x], 0, 0, 1]
    return args, {0: want}


# What the machine refuses today, by kernel: the instruction, named in the diagnostic with the
# rule exec-unsupported. Such a launch passes only when it is refused for that reason (or runs and
# gives the values above). Nothing is refused now: IGC lowers an image block read to media_ld
# and an image block write to media_st on every platform, and the machine runs both.
REFUSED = {}
# the image block reads and writes run over 128 x 3: groups of 64 x 1
GLOBAL = {"sg_block_img": [N, 3], "sg_block_img_wr": [N, 3]}
LOCAL_SIZE = {"sg_block_img": [LOCAL, 1], "sg_block_img_wr": [LOCAL, 1]}
CASES = [("sg_ids", ids_case, WIDTHS), ("sg_reduce", reduce_case, WIDTHS),
         ("sg_shuffle", shuffle_case, WIDTHS), ("sg_block", block_case, (8, 16)),
         ("sg_more", more_case, WIDTHS), ("sg_block_vec", block_vec_case, (8, 16)),
         ("sg_block_img", block_img_case, (8, 16))]
# kernels without corpus files: launched from their source alone
SOURCE_ONLY = [("sg_block_img_wr", block_img_wr_case, (8, 16))]


def check(name, out_lines, want, verbose):
    for idx, vals in want.items():
        vals, bits = vals if isinstance(vals, tuple) else (vals, 32)
        mask = (1 << bits) - 1
        line = out_lines.get(idx)
        if line is None:
            print("FAIL %s: arg%d not printed" % (name, idx))
            return 1
        got = [int(t, 16) for t in line]
        if len(got) != len(vals):
            print("FAIL %s: arg%d has %d values, want %d" % (name, idx, len(got), len(vals)))
            return 1
        bad = [(k, g, v) for k, (g, v) in enumerate(zip(got, vals)) if g != v & mask]
        for k, g, v in bad[:5]:
            gs = g - (1 << bits) if g >= 1 << (bits - 1) and v < 0 else g
            print("FAIL %s: arg%d value %d: vsmp %d, by hand %d" % (name, idx, k, gs, v))
        if bad:
            print("FAIL %s: %d of %d values differ" % (name, len(bad), len(vals)))
            return 1
        if verbose:
            print("ok   %s: arg%d, %d values" % (name, idx, len(vals)))
    return 0


# The source form: `vsmp launch` compiles the .cl itself ("source", "kernel", "device"; ocloc in a
# child process, the zebin's .visaasm and zeinfo) at the width IGC_ForceOCLSIMDWidth asks for:
# tgllp at every width, skl and acm-g10 at 16 (each variant is a compile of about half a second)
SOURCE_VARIANTS = [("tgllp", 8), ("tgllp", 16), ("tgllp", 32), ("skl", 16), ("acm-g10", 16)]
SOURCES = {"sg_ids": "subgroups.cl", "sg_reduce": "subgroups.cl", "sg_shuffle": "subgroups.cl",
           "sg_block": "sg_block.cl", "sg_more": "subgroups.cl", "sg_block_vec": "sg_block.cl",
           "sg_block_img": "sg_block_img.cl",
           # an absolute path: os.path.join below keeps it as it is
           "sg_block_img_wr": os.path.join(os.path.dirname(os.path.abspath(__file__)), "data",
                                           "sg_block_img_wr.cl")}


def launch(vsmp, desc, tmp, env=None):
    """runs one launch description; (error text or None, {argument index: hex words})"""
    jpath = os.path.join(tmp, "launch.json")
    with open(jpath, "w") as f:
        json.dump(desc, f)
    p = subprocess.run([vsmp, "launch", jpath], capture_output=True, text=True, timeout=120,
                       env=env)
    if p.returncode != 0:
        return "vsmp launch exit %d: %s" % (p.returncode, p.stderr.strip()[-600:]), {}
    lines = {}
    for ln in p.stdout.splitlines():
        if ln.startswith("arg") and " = " in ln:
            k, v = ln.split(" = ", 1)
            lines[int(k[3:])] = v.split()
    return None, lines


# tests/corpus2's devices and their vsmp platform names
PLATFORMS2 = {"skl": "SKL", "icllp": "ICLLP", "tgllp": "TGLLP", "dg2": "DG2", "mtl": "MTL",
              "arl": "ARL", "lnl": "LNL", "bmg": "BMG", "ptl": "PTL"}


# tests/corpus2 launches refused with their reason: none (IGC 2.40's Xe2/Xe3 image block reads,
# the typed 2D block load `lsc_load_block2d.tgm`, run since vsmp reads it)
REFUSED2 = {}


def outcome(name, kernel, err, lines, want, verbose, why=None):
    """(failed, refused) of one launch: a refusal counts only with REFUSED's reason (or @p why)"""
    why = why or REFUSED.get(kernel)
    if err and why and why in err:
        if verbose:
            print("ok   %s: refused (%s)" % (name, why))
        return 0, 1
    if err:
        print("FAIL %s: %s" % (name, err))
        return 1, 0
    return check(name, lines, want, verbose), 0


def corpus2_runs(corpus2, vsmp, verbose):
    """Every CASES kernel of tests/corpus2 at every device and width it holds: (runs, failed,
    refused). A device without any of a kernel's files fails (the corpus is incomplete)."""
    runs = failed = refused = 0
    with tempfile.TemporaryDirectory(prefix="vsmp-sg2-") as work:
        for arc in ("visaasm", "zeinfo", "zebin"):
            with tarfile.open(os.path.join(corpus2, arc + ".tar.xz")) as t:
                t.extractall(work, members=[m for m in t.getmembers() if m.isfile() and
                                            "/" not in m.name and m.name.startswith(
                                                ("sg_", "subgroups."))])
        for kernel, make, _ in CASES:
            stem = os.path.splitext(SOURCES[kernel])[0]
            for dev, plat in PLATFORMS2.items():
                found = 0
                for w in WIDTHS:  # IGC 2.40 builds the block reads at SIMD32 on Xe2/Xe3
                    name = "%s.%s.simd%d" % (kernel, dev, w)
                    vis = os.path.join(work, name + ".visaasm")
                    if not os.path.exists(vis):
                        continue  # IGC did not build it (skipped.tsv says why)
                    found += 1
                    runs += 1
                    args, want = make(w)
                    desc = {"kernel": vis,
                            "interface": os.path.join(work, "%s.%s.simd%d.zeinfo" % (stem, dev, w)),
                            "program": os.path.join(work, "%s.%s.simd%d.zebin" % (stem, dev, w)),
                            "platform": plat, "global": GLOBAL.get(kernel, [N]),
                            "local": LOCAL_SIZE.get(kernel, [LOCAL]), "args": args}
                    err, lines = launch(vsmp, desc, work)
                    f, r = outcome(name + " (corpus2)", kernel, err, lines, want, verbose,
                                   REFUSED2.get((kernel, dev)))
                    failed += f
                    refused += r
                if not found:
                    print("FAIL %s.%s: tests/corpus2 holds no width of it" % (kernel, dev))
                    failed += 1
    return runs, failed, refused


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vsmp", required=True)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--corpus", default=os.path.join(here, "..", "corpus"))
    ap.add_argument("--corpus2", default=os.path.join(here, "..", "corpus2"))
    ap.add_argument("-v", action="store_true")
    o = ap.parse_args()
    kdir = os.path.join(o.corpus, "k")
    failed = runs = refused = 0
    for kernel, make, widths in CASES:
        for dev, plat in PLATFORMS.items():
            for w in widths:
                name = "%s.%s.simd%d" % (kernel, dev, w)
                args, want = make(w)
                runs += 1
                with tempfile.TemporaryDirectory() as tmp:
                    missing = False
                    for ext in ("visaasm", "cos"):
                        path = os.path.join(kdir, "%s.%s.gz" % (name, ext))
                        if not os.path.exists(path):
                            missing = True
                            continue
                        with gzip.open(path, "rb") as src, \
                                open(os.path.join(tmp, "k." + ext), "wb") as dst:
                            dst.write(src.read())
                    if missing:
                        print("FAIL %s: kernel files missing" % name)
                        failed += 1
                        continue
                    desc = {"kernel": "k.visaasm", "interface": "k.cos", "platform": plat,
                            "global": GLOBAL.get(kernel, [N]),
                            "local": LOCAL_SIZE.get(kernel, [LOCAL]), "args": args}
                    err, lines = launch(o.vsmp, desc, tmp)
                f, r = outcome(name, kernel, err, lines, want, o.v)
                failed, refused = failed + f, refused + r
    with tempfile.TemporaryDirectory() as cache:
        for kernel, make, widths in CASES + SOURCE_ONLY:
            cl = os.path.abspath(os.path.join(o.corpus, "cl", SOURCES[kernel]))
            for dev, w in SOURCE_VARIANTS:
                if w not in widths:
                    continue
                name = "%s.%s.simd%d from source" % (kernel, dev, w)
                args, want = make(w)
                runs += 1
                env = dict(os.environ, XDG_CACHE_HOME=cache, IGC_ForceOCLSIMDWidth=str(w))
                desc = {"source": cl, "kernel": kernel, "device": dev,
                        "options": "-cl-std=CL2.0", "global": GLOBAL.get(kernel, [N]),
                        "local": LOCAL_SIZE.get(kernel, [LOCAL]), "args": args}
                with tempfile.TemporaryDirectory() as tmp:
                    err, lines = launch(o.vsmp, desc, tmp, env)
                f, r = outcome(name, kernel, err, lines, want, o.v)
                failed, refused = failed + f, refused + r
    r2, f2, x2 = corpus2_runs(o.corpus2, o.vsmp, o.v)
    print("launch_subgroups: tests/corpus2: %d of %d launches give the values worked out by hand, "
          "%d refused as REFUSED says" % (r2 - f2 - x2, r2, x2))
    runs += r2
    failed += f2
    refused += x2
    print("launch_subgroups: %d of %d launches give the values worked out by hand, %d refused as "
          "REFUSED says" % (runs - failed - refused, runs, refused))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
