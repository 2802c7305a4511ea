#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`vsmp launch` descriptions read strictly, vector arguments, image and buffer output.

Corpus kernels compiled by ocloc (tests/corpus/k, tgllp SIMD16) and examples/launch/rotate are
launched with descriptions written here. Refusals are checked by their JSON path; results against
values worked out by hand from the OpenCL C source (tests/corpus/cl) in the comments below.

usage: job_test.py --vsmp build/vsmp [--corpus tests/corpus] [-v]
"""
import argparse
import gzip
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
passed = failed = 0
verbose = False


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        if verbose:
            print("ok:", what)
    else:
        failed += 1
        print("FAIL:", what)


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def png_pixels(path):
    """Decode an 8-bit RGBA, non-interlaced PNG: rows of (r, g, b, a)."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, w, h = 8, b"", 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, lace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype == 6 and lace == 0
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, rows, prev, stride = zlib.decompress(idat), [], bytearray(w * 4), w * 4
    for y in range(h):
        ft = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b, c = prev[i], prev[i - 4] if i >= 4 else 0
            if ft == 1:
                line[i] = (line[i] + a) & 255
            elif ft == 2:
                line[i] = (line[i] + b) & 255
            elif ft == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ft == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[4 * x:4 * x + 4]) for x in range(w)])
        prev = line
    return rows


class Launcher:
    def __init__(self, vsmp, corpus, tmp):
        self.vsmp, self.corpus, self.tmp, self.n = vsmp, corpus, tmp, 0

    def kernel(self, name):
        """The tgllp SIMD16 build of a corpus kernel: (visaasm, cos) paths."""
        out = []
        for ext in ("visaasm", "cos"):
            dst = os.path.join(self.tmp, "%s.%s" % (name, ext))
            if not os.path.exists(dst):
                src = os.path.join(self.corpus, "k", "%s.tgllp.simd16.%s.gz" % (name, ext))
                with gzip.open(src, "rb") as f, open(dst, "wb") as g:
                    g.write(f.read())
            out.append(dst)
        return out

    def raw(self, text, *opts):
        self.n += 1
        path = os.path.join(self.tmp, "l%d.json" % self.n)
        with open(path, "w") as f:
            f.write(text)
        r = subprocess.run([self.vsmp, "launch", *opts, path], capture_output=True, text=True,
                           timeout=120)
        return r.returncode, r.stdout, r.stderr

    def run(self, name, desc, *opts):
        k, c = self.kernel(name)
        d = {"kernel": k, "interface": c, "platform": "TGLLP"}
        d.update(desc)
        return self.raw(json.dumps(d), *opts)


def lines_of(out):
    """{"arg1": [values...], "arg0 slice 1": [...]} from the printed lines."""
    res = {}
    for line in out.splitlines():
        name, _, vals = line.partition(" =")
        res[name] = vals.split()
    return res


def refused(L, what, name, desc, msg, *opts):
    rc, out, err = L.run(name, desc, *opts)
    check(rc == 1 and msg in err, "%s: refused naming %r: rc %d %r" % (what, msg, rc, err))


def main():
    global verbose
    ap = argparse.ArgumentParser()
    ap.add_argument("--vsmp", required=True)
    ap.add_argument("--corpus", default=os.path.join(HERE, "..", "corpus"))
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    verbose = a.v
    with tempfile.TemporaryDirectory() as tmp:
        L = Launcher(os.path.abspath(a.vsmp), a.corpus, tmp)
        buffers(L)
        strict(L)
        diagnostics(L)
        vectors(L)
        images(L, tmp)
        buffer_images(L)
        surfaces(L)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


# ---- item: a buffer takes exactly one of data, file, count ----
# buf_saxpy: y[i] = mad(a, x[i], y[i]). x = 0..15, y = 100 + i, a = 2: y = 2i + 100 + i = 3i + 100,
# all exact small integers.
def saxpy(x=None, y=None, a=None, **nd):
    desc = {"global": [16],
            "args": [x or {"kind": "buffer", "type": "float", "data": list(range(16))},
                     y or {"kind": "buffer", "type": "float",
                           "data": [100 + i for i in range(16)], "print": True},
                     a or {"kind": "scalar", "type": "float", "value": 2.0}]}
    desc.update(nd)
    return desc


def buffers(L):
    xfile = os.path.join(L.tmp, "x.bin")
    with open(xfile, "wb") as f:
        f.write(struct.pack("<4f", 0, 1, 2, 3))
    # a 16-byte file and 16 values of data: the buffer was sized by the file and filled from the
    # data, 64 bytes into 16 (a heap overflow)
    for keys in ({"file": xfile, "data": list(range(16))}, {"file": xfile, "count": 4},
                 {"data": [1], "count": 1}, {}):
        x = {"kind": "buffer", "type": "float", **keys}
        refused(L, "buffer with %s" % sorted(keys), "buf_saxpy", saxpy(x=x),
                "args[0]: a buffer takes exactly one of \"data\", \"file\", \"count\"")
    rc, out, err = L.run("buf_saxpy", saxpy())
    check(rc == 0 and lines_of(out).get("arg1") == [str(3 * i + 100) for i in range(16)],
          "saxpy with data: %r %r" % (out, err))
    # a buffer's raw bytes saved: y after the launch, 16 little-endian floats
    y = {"kind": "buffer", "type": "float", "data": [100 + i for i in range(16)], "raw": "y.bin"}
    rc, out, err = L.run("buf_saxpy", saxpy(y=y), "--out-dir", L.tmp)
    ok = rc == 0 and os.path.exists(os.path.join(L.tmp, "y.bin"))
    got = struct.unpack("<16f", open(os.path.join(L.tmp, "y.bin"), "rb").read()) if ok else None
    check(ok and list(got) == [3 * i + 100 for i in range(16)], "buffer raw: %r %r" % (got, err))


# ---- item: strict reading of the description ----
def strict(L):
    cases = [
        ("global true", {"global": [True]}, "global[0]: expected an integer, got a boolean"),
        ("global 16.9", {"global": [16.9]}, "global[0]: expected an integer, got a fractional"),
        ("local 0", {"local": [0]}, "local[0]: 0 is out of range [1, 4294967295]"),
        ("global 0", {"global": [0]}, "global[0]: 0 is out of range"),
        ("4 global sizes", {"global": [16, 1, 1, 1]}, "global: an array of 1 to 3 sizes, got 4"),
        ("local of 2 for 1", {"local": [16, 1]}, "local: 1 size (as many as \"global\"), got 2"),
        ("local not dividing", {"local": [5]}, "local[0]: global[0] = 16 is no multiple of the local size 5"),
        ("global a string", {"global": "16"}, "global: expected an array of 1 to 3 sizes"),
        ("kernel a number", {"kernel": 3}, "kernel: expected a string, got an integer"),
    ]
    for what, change, msg in cases:
        refused(L, what, "buf_saxpy", saxpy(**change), msg)
    # count 15.9 was read as 15, 2^62 + 1 as a 4-byte buffer
    for count, msg in ((15.9, "args[1].count: expected an integer, got a fractional number"),
                       (2 ** 62 + 1, "args[1].count: 4611686018427387905 is out of range"),
                       (0, "args[1].count: 0 is out of range")):
        y = {"kind": "buffer", "type": "float", "count": count}
        refused(L, "count %r" % count, "buf_saxpy", saxpy(y=y), msg)
    # an integer for a float argument passed its bits (2 -> 2.8e-45): it is the number 2.0
    rc, out, err = L.run("buf_saxpy", saxpy(a={"kind": "scalar", "type": "float", "value": 2}))
    check(rc == 0 and lines_of(out).get("arg1") == [str(3 * i + 100) for i in range(16)],
          "an integer value of a float argument is its number: %r %r" % (out, err))
    # "0x40000000" is the bits of 2.0f
    rc, out, err = L.run("buf_saxpy",
                         saxpy(a={"kind": "scalar", "type": "float", "value": "0x40000000"}))
    check(rc == 0 and lines_of(out).get("arg1") == [str(3 * i + 100) for i in range(16)],
          "a float argument's bits as \"0x...\": %r %r" % (out, err))
    for v, msg in (("0x400000000", "args[2].value: expected a number for float, got "),
                   ("2.0", "args[2].value: expected a number for float, got \"2.0\""),
                   (True, "args[2].value: expected a number for float, got a boolean"),
                   (1e39, "args[2].value: 1e+39 is out of range for float")):
        refused(L, "float value %r" % v, "buf_saxpy",
                saxpy(a={"kind": "scalar", "type": "float", "value": v}), msg)
    # the scalar's type against the interface's (float)
    refused(L, "int for a float argument", "buf_saxpy",
            saxpy(a={"kind": "scalar", "type": "int", "value": 2}),
            "args[2].type: \"int\", but the kernel's argument 2 is \"float a\"")
    # integers out of their type's range: 2^32 + 2 became 2, a uchar 300 became 44
    hist = {"global": [16], "args": [
        {"kind": "buffer", "type": "uchar", "data": [300] + [0] * 15},
        {"kind": "buffer", "type": "uint", "count": 256}]}
    refused(L, "uchar 300", "at_histogram", hist, "args[0].data[0]: 300 is out of range [0, 255]")
    hist["args"][0]["data"][0] = 5
    hist["args"][1] = {"kind": "buffer", "type": "uint", "data": [2 ** 32 + 2] + [0] * 255}
    refused(L, "uint 2^32 + 2", "at_histogram", hist,
            "args[1].data[0]: 4294967298 is out of range [0, 4294967295]")
    hist["args"][1] = {"kind": "buffer", "type": "uint", "data": [-1] + [0] * 255}
    refused(L, "uint -1", "at_histogram", hist, "args[1].data[0]: -1 is out of range")
    mip = {"global": [1], "args": [
        {"kind": "image", "format": "R8G8B8A8_UNORM", "width": 1, "height": 1},
        {"kind": "buffer", "type": "uint", "count": 4},
        {"kind": "scalar", "type": "int", "value": 2 ** 32 + 2}],
        "inline_samplers": [{"index": 0, "sampler": "CLK_NORMALIZED_COORDS_FALSE | "
                                                    "CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST"}]}
    refused(L, "int scalar 2^32 + 2", "mip_level", mip,
            "args[2].value: 4294967298 is out of range [-2147483648, 2147483647]")
    # two address modes: CLAMP_TO_EDGE | CLAMP became REPEAT (2 | 4 = 6)
    lin = {"global": [32, 4], "args": [
        {"kind": "image", "format": "R32G32B32A32_FLOAT", "width": 32, "height": 4},
        {"kind": "sampler",
         "sampler": "CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_ADDRESS_CLAMP "
                    "| CLK_FILTER_LINEAR"},
        {"kind": "buffer", "type": "float", "count": 512}]}
    refused(L, "two address modes", "s2d_linear_pix", lin,
            "args[1].sampler: two address modes (CLK_ADDRESS_CLAMP_TO_EDGE and CLK_ADDRESS_CLAMP)")
    lin["args"][1]["sampler"] = "CLK_FILTER_LINEAR | CLK_FILTER_NEAREST"
    refused(L, "two filters", "s2d_linear_pix", lin, "args[1].sampler: two filters")
    lin["args"][1]["sampler"] = "CLK_FILTER_LINEAR CLK_ADDRESS_CLAMP"
    refused(L, "names without '|'", "s2d_linear_pix", lin,
            "args[1].sampler: \"CLK_FILTER_LINEAR CLK_ADDRESS_CLAMP\" is no CLK_* sampler name")


# ---- item: diagnostics of the description itself ----
def diagnostics(L):
    rc, out, err = L.raw("")
    check(rc == 1 and "empty input" in err and "continue" not in err, "empty input: %r" % err)
    rc, out, err = L.raw('{"kernel": "k",\n  "global": [1,]\n}')
    check(rc == 1 and "invalid JSON" in err and "line 2, column 16" in err,
          "JSON error at line:column: %r" % err)
    # 30 unknown instructions: the first 20 errors and a count by default, all with 0, N with N
    k, c = L.kernel("buf_saxpy")
    text = open(k).read().split("\n")
    at = [i for i, line in enumerate(text) if line.startswith(".kernel")][0] + 1
    bad = ["    frobnicate%d (M1, 16) V1(0,0)<1> 0x0:ud" % i for i in range(30)]
    kb = os.path.join(L.tmp, "bad.visaasm")
    with open(kb, "w") as f:
        f.write("\n".join(text[:at] + bad + text[at:]))
    d = saxpy()
    d.update(kernel=kb, interface=c)
    for opts, shown, more in (((), 20, "and 10 more errors"), (("--error-limit", "0"), 30, None),
                              (("--error-limit", "5"), 5, "and 25 more errors")):
        rc, out, err = L.raw(json.dumps(d), *opts)
        n = sum("unknown instruction" in line for line in err.splitlines())
        check(rc == 1 and n == shown and (more is None or more in err),
              "launch %s: %d errors shown: %r" % (opts, n, err[-300:]))
    rc, out, err = L.raw(json.dumps(d), "--error-limit", "x")
    check(rc == 2 and "--error-limit 'x'" in err, "--error-limit x: %r" % err)


# ---- item: vector arguments ----
# va_args (vec_args.cl), i = 0..15, with off = (10, -20, 30, 2147483000), scale = (0.5, 2, -1, 8),
# key = (1, 128, 200, 255), xy = (-7, 99), f3 = (1.5, -2.5, 4), s8 = (1, 2, 3, 4, 5, 6, 7, -300),
# l2 = (2^40 + 5, 2^40):
#   out[4i]     = off + i                      = (10 + i, -20 + i, 30 + i, 2147483000 + i)
#   out[4i + 1] = convert_int4(key)            = (1, 128, 200, 255)
#   out[4i + 2] = (xy, s8.s0 + s8.s7, l2.x - l2.y) = (-7, 99, -299, 5)
#   out[4i + 3] = (s8.s1, s8.s2, s8.s3, s8.s4 + s8.s5 + s8.s6) = (2, 3, 4, 18)
#   fout[2i]     = scale * i + (f3, 1)         = (0.5i + 1.5, 2i - 2.5, 4 - i, 8i + 1)
#   fout[2i + 1] = (f3.z, f3.y, f3.x, scale.w) = (4, -2.5, 1.5, 8)
# every value a small dyadic or integer: exact. The interface asks for 16 bytes of int4, float4,
# float3 (a 3-vector takes 4 elements), short8 and long2, 4 of uchar4, 8 of int2.
VA_ARGS = [("int4", [10, -20, 30, 2147483000]), ("float4", [0.5, 2, -1, 8]),
           ("uchar4", [1, 128, 200, 255]), ("int2", [-7, 99]), ("float3", [1.5, -2.5, 4]),
           ("short8", [1, 2, 3, 4, 5, 6, 7, -300]), ("long2", [2 ** 40 + 5, 2 ** 40])]


def fmt(v):
    return str(int(v)) if v == int(v) else repr(v)


def vectors(L):
    args = [{"kind": "buffer", "type": "int4", "count": 64, "print": True},
            {"kind": "buffer", "type": "float4", "count": 32, "print": True}]
    args += [{"kind": "scalar", "type": t, "value": v} for t, v in VA_ARGS]
    desc = {"global": [16], "args": args}
    want_i, want_f = [], []
    for i in range(16):
        want_i += [10 + i, -20 + i, 30 + i, 2147483000 + i, 1, 128, 200, 255, -7, 99, -299, 5,
                   2, 3, 4, 18]
        want_f += [0.5 * i + 1.5, 2 * i - 2.5, 4 - i, 8 * i + 1, 4, -2.5, 1.5, 8]
    rc, out, err = L.run("va_args", desc)
    ls = lines_of(out)
    check(rc == 0 and ls.get("arg0") == [str(v) for v in want_i],
          "va_args: int4 out: %r %r" % (ls.get("arg0", [])[:16], err))
    check(rc == 0 and ls.get("arg1") == [fmt(v) for v in want_f],
          "va_args: float4 out: %r" % ls.get("arg1", [])[:8])
    # "0x..." elements: 0x3f000000 is 0.5f, 0xfed4 is the short -300
    args[3]["value"] = ["0x3f000000", 2, -1, 8]
    args[7]["value"] = [1, 2, 3, 4, 5, 6, 7, "0xfed4"]
    rc, out2, err = L.run("va_args", desc)
    check(rc == 0 and out2 == out, "vector elements as bits: %r" % err)
    args[3]["value"], args[7]["value"] = VA_ARGS[1][1], VA_ARGS[5][1]
    for k, value, typ, msg in (
            (2, [10, -20, 30], "int4", "args[2].value: expected an array of 4 elements (int4)"),
            (2, 10, "int4", "args[2].value: expected an array of 4 elements (int4)"),
            (2, [1, 2, 3, 4], "uint4", "args[2].type: \"uint4\", but the kernel's argument 2 "
                                       "is \"int4 off\""),
            (4, [1, 128, 200, 256], "uchar4", "args[4].value[3]: 256 is out of range [0, 255]"),
            (5, [1, 2.5], "int2", "args[5].value[1]: expected an integer for int, got a fraction"),
            (5, [1, 2, 3, 4], "int4", "args[5].type: \"int4\", but the kernel's argument 5 is \"int2 xy\""),
            (8, [0, 2 ** 63], "long2", "args[8].value[1]: 9223372036854775808 is out of range"),
            (6, [1, 2], "float7", "args[6].type: \"float7\" is no OpenCL type")):
        saved = args[k]
        args[k] = {"kind": "scalar", "type": typ, "value": value}
        refused(L, "%s %r" % (typ, value), "va_args", desc, msg)
        args[k] = saved
    # a vector buffer's data: one array per element
    args[1] = {"kind": "buffer", "type": "float4", "data": [[1, 2, 3, 4]] * 31 + [[1, 2]]}
    refused(L, "float4 data of 2", "va_args", desc,
            "args[1].data[31]: expected an array of 4 elements (float4)")
    args[1] = {"kind": "buffer", "type": "float4", "data": [[0.5 * k, 1, 2, 3] for k in range(32)],
               "print": True}
    rc, out, err = L.run("va_args", desc)
    check(rc == 0 and lines_of(out).get("arg1") == [fmt(v) for v in want_f],
          "vector buffer data is overwritten by the kernel: %r" % err)


# ---- item: images: slices, raw output and input, the one PNG writer ----
def images(L, tmp):
    # cp_3d: dst[(z * h + y) * w + x] = read_imagef(src, (x, y, z)). A 2x2x3 R32G32B32A32_FLOAT
    # source of texel (x, y, z) = (x, y, z, 0.5): the buffer holds them in order, and the source
    # printed after the launch shows each slice on its own line.
    tex = [[x, y, z, 0.5] for z in range(3) for y in range(2) for x in range(2)]
    src = {"kind": "image", "type": "3D", "format": "R32G32B32A32_FLOAT", "width": 2,
           "height": 2, "depth": 3, "texels": tex, "print": True, "save": "src3d.png",
           "raw": "src3d.bin"}
    desc = {"global": [2, 2, 3], "local": [2, 2, 1],
            "args": [src, {"kind": "buffer", "type": "float4", "count": 12, "print": True}]}
    rc, out, err = L.run("cp_3d", desc, "--out-dir", tmp)
    ls = lines_of(out)
    flat = [str(v if v != int(v) else int(v)) for t in tex for v in t]
    check(rc == 0 and ls.get("arg1") == flat, "cp_3d: the buffer %r %r" % (ls.get("arg1"), err))
    check(all(ls.get("arg0 slice %d" % z) == flat[16 * z:16 * z + 16] for z in range(3))
          and "arg0" not in ls, "3D print: every slice, named: %r" % sorted(ls))
    # the PNG: the three slices stacked, slice 0 on top; x / 1 * 255 + 0.5 etc.: (x, y, z, 0.5)
    # -> (255x, 255y, 255z, 128) saturated
    if rc == 0:
        want = [[(min(255, 255 * x), min(255, 255 * y), min(255, 255 * z), 128) for x in range(2)]
                for z in range(3) for y in range(2)]
        got = png_pixels(os.path.join(tmp, "src3d.png"))
        check(got == want, "3D save: a tall PNG of every slice: %r" % got)
        raw = open(os.path.join(tmp, "src3d.bin"), "rb").read()
        check(raw == b"".join(struct.pack("<4f", *t) for t in tex),
              "3D raw: the image's memory, %d bytes" % len(raw))
        # the raw file read back as an image's "file" gives the same texels
        src2 = {"kind": "image", "type": "3D", "format": "R32G32B32A32_FLOAT", "width": 2,
                "height": 2, "depth": 3, "file": os.path.join(tmp, "src3d.bin")}
        rc, out, err = L.run("cp_3d", {"global": [2, 2, 3], "args": [
            src2, {"kind": "buffer", "type": "float4", "count": 12, "print": True}]})
        check(rc == 0 and lines_of(out).get("arg1") == flat, "image file input: %r" % err)
        src2["depth"] = 2
        refused(L, "image file of another size", "cp_3d", {"global": [2, 2, 3], "args": [
            src2, {"kind": "buffer", "type": "float4", "count": 12}]},
            "args[0].file: 192 bytes; the 2x2x2 R32G32B32A32_FLOAT image's memory is 128 bytes")
        src2["depth"] = 3
        src2["generate_mips"] = True
        refused(L, "image file and generate_mips", "cp_3d", {"global": [2, 2, 3], "args": [
            src2, {"kind": "buffer", "type": "float4", "count": 12}]},
            "args[0].generate_mips: no level is generated over an image's \"file\"")
        del src2["generate_mips"]
        src2["texels"] = tex
        refused(L, "image file and texels", "cp_3d", {"global": [2, 2, 3], "args": [
            src2, {"kind": "buffer", "type": "float4", "count": 12}]},
            "args[0]: give an image's contents as \"file\" or \"texels\", not both")
    # The R32G32B32A32_UINT texel (4294967295, 200, 3000000000, 255): each channel saturates to
    # 0..255, (255, 200, 255, 255), from `vsmp launch` (rotate's input image, saved after the
    # launch) and from `vsmp run` (tests/run/ld8.visaasm with the texel bound at 5).
    texel = [4294967295, 200, 3000000000, 255]
    ex = os.path.join(HERE, "..", "..", "examples", "launch")
    d = {"kernel": os.path.join(ex, "rotate.visaasm"), "interface": os.path.join(ex, "rotate.cos"),
         "global": [1, 1],
         "args": [{"kind": "image", "format": "R32G32B32A32_UINT", "width": 1, "height": 1,
                   "texels": [texel], "save": "u_launch.png"},
                  {"kind": "image", "format": "R8G8B8A8_UNORM", "width": 1, "height": 1},
                  {"kind": "scalar", "type": "float", "value": 1},
                  {"kind": "scalar", "type": "float", "value": 0}],
         "inline_samplers": [{"index": 0, "sampler": "CLK_NORMALIZED_COORDS_TRUE | "
                                                     "CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST"}]}
    rc, out, err = L.raw(json.dumps(d), "--out-dir", tmp)
    got = png_pixels(os.path.join(tmp, "u_launch.png")) if rc == 0 else err
    check(got == [[(255, 200, 255, 255)]], "launch: UINT texel saved saturated: %r" % got)
    run = json.load(open(os.path.join(HERE, "..", "run", "ld8.json")))
    run["kernel"] = os.path.join(HERE, "..", "run", "ld8.visaasm")
    run["surfaces"].append({"bti": 5, "format": "R32G32B32A32_UINT", "width": 1, "height": 1,
                            "texels": [texel]})
    run["print"] = []
    run["save"] = [{"surface": 5, "png": os.path.join(tmp, "u_run.png")}]
    rp = os.path.join(tmp, "u_run.json")
    with open(rp, "w") as f:
        json.dump(run, f)
    r = subprocess.run([L.vsmp, "run", rp], capture_output=True, text=True, timeout=60)
    got = png_pixels(os.path.join(tmp, "u_run.png")) if r.returncode == 0 else r.stderr
    check(got == [[(255, 200, 255, 255)]], "run: UINT texel saved saturated: %r" % got)


# ---- item: image1d_buffer_t: a BUFFER surface, not capped at 1D's 16384 texels ----
# cp_1dbuf (img_copy.cl): write_imageui(dst, x, read_imageui(src, x)) for x = 0..19999. The source
# is the "index" pattern, texel x = (x, 0, 0, 1) (SAMPLE_JOB.md); the copy's raw memory holds the
# same 20000 texels of four little-endian uint32.
def buffer_images(L):
    n = 20000
    src = {"kind": "image", "type": "BUFFER", "format": "R32G32B32A32_UINT", "width": n,
           "pattern": "index"}
    dst = {"kind": "image", "type": "BUFFER", "format": "R32G32B32A32_UINT", "width": n,
           "raw": "buf1d.bin"}
    rc, out, err = L.run("cp_1dbuf", {"global": [n], "args": [src, dst]}, "--out-dir", L.tmp)
    raw = open(os.path.join(L.tmp, "buf1d.bin"), "rb").read() if rc == 0 else b""
    want = b"".join(struct.pack("<4I", x, 0, 0, 1) for x in range(n))
    check(rc == 0 and raw == want, "image1d_buffer of 20000 texels: %d bytes %r" % (len(raw), err))
    for change, msg in (({"type": "1D"}, "args[0]: surface.width: 20000 is out of range [0, 16384]"),
                        ({"width": 2 ** 27 + 1},
                         "args[0]: surface.width: 134217729 is out of range [0, 134217728]"),
                        ({"height": 2}, "args[0]: surface: invalid surface: a buffer surface has one row, one "
                                        "level, no layers or samples"),
                        ({"levels": 2}, "args[0]: surface: invalid surface: a buffer surface has one row")):
        bad = dict(src, **change)
        refused(L, "buffer surface %r" % change, "cp_1dbuf", {"global": [n], "args": [bad, dst]},
                msg)


# ---- item: surfaces: bytes with mips, UNORM values out of range ----
def surfaces(L):
    base = {"global": [1], "args": [
        {"kind": "image", "format": "R8G8B8A8_UNORM", "width": 1, "height": 1},
        {"kind": "buffer", "type": "uint", "count": 4},
        {"kind": "scalar", "type": "int", "value": 0}],
        "inline_samplers": [{"index": 0, "sampler": "CLK_NORMALIZED_COORDS_FALSE | "
                                                    "CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST"}]}
    # 128 meant as a byte was clamped to 1.0
    base["args"][0]["texels"] = [[128, 0, 0, 1]]
    refused(L, "UNORM 128", "mip_level", base,
            "args[0]: surface.texels[0][0]: 128 is outside [0, 1], the range of R8G8B8A8_UNORM's "
            "UNORM channels")
    # bytes on a 4x4 surface of 3 levels (64 + 16 + 4 bytes): level 0 only was overwritten by
    # generated levels 1 and 2; now every level's bytes are needed
    img = {"kind": "image", "format": "R8G8B8A8_UNORM", "width": 4, "height": 4, "levels": 3,
           "bytes": "ff" * 64}
    base["args"][0] = img
    refused(L, "bytes of level 0 with mips", "mip_level", base,
            "args[0]: surface.bytes: 64 bytes given; a surface of 3 mip levels takes the bytes of "
            "every level, 84")
    img["bytes"] = "ff" * 84
    img["generate_mips"] = True
    refused(L, "bytes with generate_mips", "mip_level", base,
            "args[0]: surface.generate_mips: levels given as \"bytes\" are not generated")
    # bytes of every level: kept as given (they were overwritten by generated levels 1 and 2),
    # as the image's raw output after the launch shows
    del img["generate_mips"]
    img["bytes"] = "00" * 64 + "11" * 16 + "4080c0ff"
    img["raw"] = "mips.bin"
    base["args"][2]["value"] = 2
    rc, out, err = L.run("mip_level", base, "--out-dir", L.tmp)
    raw = open(os.path.join(L.tmp, "mips.bin"), "rb").read() if rc == 0 else b""
    check(rc == 0 and raw == bytes.fromhex(img["bytes"]),
          "bytes of every level are kept, not generated: %r %r" % (raw[-8:], err))
    # the same through `vsmp sample` (the shared surface reader): a 2x2 surface of 2 levels whose
    # bytes give level 1 (1x1) the texel 0x40 = 64 / 255 in every channel; it was generated from
    # level 0's zeros instead
    job = {"surface": {"format": "R8G8B8A8_UNORM", "width": 2, "height": 2, "levels": 2,
                       "mip_count": 2, "bytes": "00" * 16 + "40404040"},
           "sampler": {"min_filter": "nearest", "mag_filter": "nearest"},
           "lanes": [{"op": "ld", "u": 0, "v": 0, "lod": 1}]}
    jp = os.path.join(L.tmp, "mips_sample.json")
    with open(jp, "w") as f:
        json.dump(job, f)
    r = subprocess.run([L.vsmp, "sample", jp], capture_output=True, text=True, timeout=60)
    v = "%.9g" % f32(64 / 255)
    check(r.returncode == 0 and r.stdout.split() == ["lane", "0", "ld:", v, v, v, v],
          "sample: level 1 from bytes: %r %r" % (r.stdout, r.stderr))


if __name__ == "__main__":
    sys.exit(main())
