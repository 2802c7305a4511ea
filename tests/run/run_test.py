#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`vsmp run`: run descriptions with hand-computed results (docs/RUN.md).

usage: run_test.py VSMP TESTS_DIR"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

vsmp, tests = sys.argv[1], os.path.abspath(sys.argv[2])
here = os.path.join(tests, "run")
passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what, file=sys.stderr)


def png_pixels(path):
    """Decode an 8-bit RGBA, non-interlaced PNG (what `vsmp run` writes): rows of (r, g, b, a)."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, w = 8, b"", 0
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
        ft, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
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


def run(*args, workers=None):
    env = dict(os.environ)
    if workers:
        env["VSMP_RUN_WORKERS"] = str(workers)
    p = subprocess.run([vsmp, "run", *args], capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


# ld8.json: (P1 = 0xf5) load_3d.RA SIMD8 of a 4x2 RGBA32F surface at BTI 3 (the surface input
# reads 3 from the payload); lane l reads (u, v) = (l % 4, l / 4): R = u + 4 v, A = 10 + u
# (row 0) or 20 + u (row 1). Lanes 1 and 3 are off and keep 0xdeadbeef, which prints as the
# float -6.2598534e+18 (sign 1, exponent 189 - 127 = 62, 1.357... * 2^62).
NOT = "-6.2598534e+18"
rc, out, err = run(os.path.join(here, "ld8.json"))
want = ("DST = 0 {n} 2 {n} 4 5 6 7 10 {n} 12 {n} 20 21 22 23\n"
        "DST = 0xdeadbeef\n").format(n=NOT)
check(rc == 0 and out == want, "ld8 output:\n" + out + err)

rc, out, err = run("--trace", os.path.join(here, "ld8.json"))
check(rc == 0 and "lanes=0x000000f5" in out and "#1 ret" in out, "ld8 trace:\n" + out + err)

with tempfile.TemporaryDirectory() as tmp:
    # IGC's vadd (tests/kernels/tgllp): c[gid] = a[gid] * 2 + b[gid] for gid < n. Group 1 of 32
    # lanes (r0.1 = thread index 1 when "threads" is 2: thread 0 covers gid 0..31), n = 40,
    # a[i] = i + 0.25, b[i] = 1000 - i: thread 0 writes c[0..31] = 1000.5 + i, thread 1
    # c[32..39]; c[40..63] stay 7.
    desc = {
        "kernel": os.path.join(tests, "kernels", "tgllp", "vadd_simd32.isa"),
        "platform": "TGLLP",
        "threads": 2,
        "surfaces": [
            {"bti": 0, "type": "1D", "format": "R32_FLOAT", "width": 64,
             "texels": [[i + 0.25] for i in range(64)]},
            {"bti": 1, "type": "1D", "format": "R32_FLOAT", "width": 64,
             "texels": [[1000 - i] for i in range(64)]},
            {"bti": 2, "type": "1D", "format": "R32_FLOAT", "width": 64,
             "texels": [[7] for i in range(64)]},
        ],
        "payload": [
            {"offset": 32, "type": "w", "values": list(range(32))},
            {"offset": 280, "type": "d", "values": [40]},
            {"offset": 296, "type": "d", "values": [32, 1, 1]},
        ],
        "save": [{"surface": 2, "raw": "c.bin"}],
    }
    path = os.path.join(tmp, "vadd.json")
    with open(path, "w") as f:
        json.dump(desc, f)
    # the binary, then GenX_IR's text of the same kernel
    for kernel in ("vadd_simd32.isa", "vadd_simd32.visaasm"):
        if os.path.exists(os.path.join(tmp, "c.bin")):
            os.remove(os.path.join(tmp, "c.bin"))
        rc, out, err = run("--kernel", os.path.join(tests, "kernels", "tgllp", kernel), path)
        check(rc == 0, "vadd (%s) runs: %s" % (kernel, err))
        c = []
        if os.path.exists(os.path.join(tmp, "c.bin")):
            with open(os.path.join(tmp, "c.bin"), "rb") as f:
                c = list(struct.unpack("<64f", f.read(256)))
        want = [1000.5 + i if i < 40 else 7.0 for i in range(64)]
        check(c == want, "vadd (%s) buffer: %s" % (kernel, c[30:42]))

    # Eight threads on the thread pool (docs/RUN.md): vadd over n = 250 of 256 elements, thread
    # t covering gid 32t..32t+31 (r0.1 = t); c[i] = (i + 0.25) * 2 + 1000 - i = 1000.5 + i for
    # i < 250, the last six stay 7. One worker (sequential), 3 and 8 workers print the same
    # lines in thread order ("[t] %r0 = ..." with r0.1 = t), the same trace and the same buffer.
    many = dict(desc, threads=8)
    many["surfaces"] = [
        {"bti": 0, "type": "1D", "format": "R32_FLOAT", "width": 256,
         "texels": [[i + 0.25] for i in range(256)]},
        {"bti": 1, "type": "1D", "format": "R32_FLOAT", "width": 256,
         "texels": [[1000 - i] for i in range(256)]},
        {"bti": 2, "type": "1D", "format": "R32_FLOAT", "width": 256,
         "texels": [[7] for i in range(256)]},
    ]
    many["payload"] = [dict(desc["payload"][0]), {"offset": 280, "type": "d", "values": [250]},
                       dict(desc["payload"][2])]
    many["print"] = [{"var": "%r0", "type": "ud", "offset": 4, "count": 1}]
    with open(path, "w") as f:
        json.dump(many, f)
    results = []
    for workers in (1, 3, 8):
        rc, out, err = run("--trace", path, workers=workers)
        with open(os.path.join(tmp, "c.bin"), "rb") as f:
            c = list(struct.unpack("<256f", f.read(1024)))
        results.append((rc, out, c))
        lines = [l for l in out.splitlines() if "%r0 =" in l]
        check(rc == 0 and lines == ["[%d] %%r0 = %d" % (t, t) for t in range(8)],
              "%d workers: per-thread r0.1 lines %s %s" % (workers, lines, err))
        check(c == [1000.5 + i if i < 250 else 7.0 for i in range(256)],
              "%d workers: buffer %s" % (workers, c[246:252]))
    check(results[0] == results[1] == results[2], "1, 3 and 8 workers: identical output")
    check(results[0][1].count("[7] #") > 0 and results[0][1].count("[0] #") > 0,
          "trace lines of threads 0 and 7")

    # "save" as PNG (docs/RUN.md: level 0 as 8-bit RGBA, float classes as v * 255 + 0.5 truncated
    # and clamped, integer classes clamped to 0..255). Float surface, 4x2, texel (x, y) =
    # (x / 3, y, 0.5, 1): R 0, 85 (85.0000025 + 0.5), 170, 255 (255.5 -> 255); G 0 (0.5 -> 0)
    # or 255; B 128 (127.5 + 0.5); A 255; but (0, 1) has R = -2 -> 0 and (3, 1) R = 7 -> 255.
    # Integer surfaces: UINT 300 -> 255, 7 -> 7; SINT -5 -> 0, 200 -> 200.
    ftex = [[x / 3.0, float(y), 0.5, 1.0] for y in range(2) for x in range(4)]
    ftex[4][0], ftex[7][0] = -2.0, 7.0
    pngd = dict(json.load(open(os.path.join(here, "ld8.json"))))
    pngd["surfaces"] = [
        {"bti": 3, "format": "R32G32B32A32_FLOAT", "width": 4, "height": 2, "texels": ftex},
        {"bti": 4, "format": "R32G32B32A32_UINT", "width": 2, "height": 1,
         "texels": [[300, 7, 0, 255], [1, 2, 3, 4]]},
        {"bti": 5, "format": "R32G32B32A32_SINT", "width": 1, "height": 1,
         "texels": [[-5, 200, 0, 256]]},
    ]
    pngd["kernel"] = os.path.join(here, "ld8.visaasm")
    pngd["print"] = []
    pngd["save"] = [{"surface": 3, "png": "f.png"}, {"surface": 4, "png": "u.png"},
                    {"surface": 5, "png": "s.png"}]
    with open(path, "w") as f:
        json.dump(pngd, f)
    rc, out, err = run(path)
    check(rc == 0, "png save runs: " + err)
    if rc == 0:
        want_f = [[(0, 0, 128, 255), (85, 0, 128, 255), (170, 0, 128, 255), (255, 0, 128, 255)],
                  [(0, 255, 128, 255), (85, 255, 128, 255), (170, 255, 128, 255),
                   (255, 255, 128, 255)]]
        check(png_pixels(os.path.join(tmp, "f.png")) == want_f,
              "float PNG: %s" % png_pixels(os.path.join(tmp, "f.png")))
        check(png_pixels(os.path.join(tmp, "u.png")) == [[(255, 7, 0, 255), (1, 2, 3, 4)]],
              "uint PNG: %s" % png_pixels(os.path.join(tmp, "u.png")))
        check(png_pixels(os.path.join(tmp, "s.png")) == [[(0, 200, 0, 255)]],
              "sint PNG: %s" % png_pixels(os.path.join(tmp, "s.png")))

    # faults are diagnosed with a non-zero exit
    bad = dict(desc, surfaces=desc["surfaces"][:2], save=[])
    with open(path, "w") as f:
        json.dump(bad, f)
    rc, out, err = run(path)
    check(rc == 1 and "no surface is bound" in err, "unbound BTI 2: %d %s" % (rc, err))

    bad = dict(desc, vars={"NOPE": 1})
    with open(path, "w") as f:
        json.dump(bad, f)
    rc, out, err = run(path)
    check(rc == 1 and 'no variable "NOPE"' in err, "unknown variable: " + err)

    bad = dict(desc, prnt=["x"])
    with open(path, "w") as f:
        json.dump(bad, f)
    rc, out, err = run(path)
    check(rc == 1 and "prnt: unknown key; did you mean 'print'?" in err, "misspelt key: " + err)

    with open(path, "w") as f:
        f.write("{")
    rc, out, err = run(path)
    check(rc == 1 and "invalid JSON" in err, "bad JSON: " + err)

    # an instruction the machine does not implement is refused before anything runs
    bad = dict(desc, kernel=os.path.join(tests, "kernels", "tgllp", "atomics_simd32.isa"))
    with open(path, "w") as f:
        json.dump(bad, f)
    rc, out, err = run(path)
    check(rc == 1 and "instruction 8 (svm_atomic) is not implemented" in err and out == "",
          "unimplemented svm_atomic: " + err[:300])

# CPS LOD compensation (docs/RUN.md coarse_pixel, docs/EXEC.md 4.1): cps.visaasm samples an
# 8x8 R32_FLOAT surface whose level L holds L everywhere, nearest with mip nearest, with
# sample_3d.cps into D1 and a plain sample_3d into D2. Lane l of quad q = l >> 2 is at
# u = (0.5 + 2 (l & 1) + 4 q) / 8, v = (0.5 + 2 ((l >> 1) & 1)) / 8: 2 level-0 texels between
# neighbours in x and in y, lambda = log2 2 = 1. A 2x2 coarse pixel divides both by 2:
# lambda = log2 1 = 0. So D1 reads level 0 with [2, 2] and level 1 without; D2 reads level 1
# unless the sampler's cps_lod_compensation asks for it too.
with tempfile.TemporaryDirectory() as tmp:
    lanes = range(8)
    cps = {
        "kernel": os.path.join(here, "cps.visaasm"),
        "surfaces": [{"bti": 3, "format": "R32_FLOAT", "width": 8, "height": 8, "levels": 4,
                      "texels": [[0]] * 64,
                      "mip_texels": [[[1]] * 16, [[2]] * 4, [[3]]]}],
        "samplers": [{"index": 0, "mip_filter": "nearest"}],
        "payload": [{"offset": 0, "type": "ud", "values": [0]},
                    {"offset": 8, "type": "ud", "values": [3]}],
        "vars": {"U": [(0.5 + 2 * (l & 1) + 4 * (l >> 2)) / 8 for l in lanes],
                 "V": [(0.5 + 2 * ((l >> 1) & 1)) / 8 for l in lanes]},
        "print": ["D1", "D2"],
    }
    path = os.path.join(tmp, "cps.json")
    cases = [
        ({}, "1", "1"),
        ({"coarse_pixel": [1, 1]}, "1", "1"),
        ({"coarse_pixel": [2, 2]}, "0", "1"),
        ({"coarse_pixel": [2, 2], "samplers": [{"index": 0, "mip_filter": "nearest",
                                                "cps_lod_compensation": True}]}, "0", "0"),
    ]
    for extra, d1, d2 in cases:
        with open(path, "w") as f:
            json.dump(dict(cps, **extra), f)
        rc, out, err = run(path)
        want = "D1 = %s\nD2 = %s\n" % (" ".join([d1] * 8), " ".join([d2] * 8))
        check(rc == 0 and out == want, "cps %s:\n%s%s" % (extra, out, err))
    for badc in ([0, 1], [2], [5, 1], "2x2"):
        with open(path, "w") as f:
            json.dump(dict(cps, coarse_pixel=badc), f)
        rc, out, err = run(path)
        check(rc == 1 and "coarse_pixel: [cx, cy] with each in 1..4 expected" in err,
              "coarse_pixel %s refused: %d %s" % (badc, rc, err))

rc, out, err = run()
check(rc == 2, "no argument: usage error")

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
