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

# The same kernel as IGC 2.x writes it (.version 4.2, the paired surface %null after DST): its
# dialect is chosen by content, so U, V and LOD are UI, VI and LI and the result is the same
# (read in GenX_IR 12504's dialect, %null would be U and every lane would read u = 0).
head = os.path.join(here, "ld8_head.visaasm")
rc, out, err = run("--kernel", head, os.path.join(here, "ld8.json"))
check(rc == 0 and out == want and "warning" not in err, "ld8 in the newer dialect:\n" + out + err)
rc, out, err = run("--syntax", "12504", "--kernel", head, os.path.join(here, "ld8.json"))
check("null-operand" in err and out != want, "--syntax 12504 overrides the content:\n" + out + err)
rc, out, err = run("--syntax", "nine", "--kernel", head, os.path.join(here, "ld8.json"))
check(rc == 2, "--syntax takes 12504 or head")

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
        # RGBA8 UNORM and UINT: their bytes as they are (rows copied whole), 3x2 for the order
        {"bti": 6, "format": "R8G8B8A8_UNORM", "width": 3, "height": 2,
         "texels": [[k / 255.0, min(k + 1, 255) / 255.0, 1.0, 0.0] for k in (0, 17, 254, 3, 128, 255)]},
        {"bti": 7, "format": "R8G8B8A8_UINT", "width": 3, "height": 2,
         "texels": [[k, 255 - k, 9, 200] for k in (0, 17, 254, 3, 128, 255)]},
    ]
    pngd["kernel"] = os.path.join(here, "ld8.visaasm")
    pngd["print"] = []
    pngd["save"] = [{"surface": 3, "png": "f.png"}, {"surface": 4, "png": "u.png"},
                    {"surface": 5, "png": "s.png"}, {"surface": 6, "png": "n8.png"},
                    {"surface": 7, "png": "u8.png"}]
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
        ks = (0, 17, 254, 3, 128, 255)
        want_n8 = [[(k, min(k + 1, 255), 255, 0) for k in ks[3 * y:3 * y + 3]]
                   for y in range(2)]
        check(png_pixels(os.path.join(tmp, "n8.png")) == want_n8,
              "RGBA8 UNORM PNG: %s" % png_pixels(os.path.join(tmp, "n8.png")))
        want_u8 = [[(k, 255 - k, 9, 200) for k in ks[3 * y:3 * y + 3]] for y in range(2)]
        check(png_pixels(os.path.join(tmp, "u8.png")) == want_u8,
              "RGBA8 UINT PNG: %s" % png_pixels(os.path.join(tmp, "u8.png")))
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
    # (dp4: docs/EXEC.md section 5.2 lists what the machine refuses)
    dp4 = os.path.join(os.path.dirname(path), "dp4.visaasm")
    with open(dp4, "w") as f:
        f.write('.version 3.6\n.kernel "k"\n'
                ".decl A v_type=G type=f num_elts=8 align=GRF\n"
                ".decl B v_type=G type=f num_elts=8 align=GRF\n"
                "dp4 (M1, 8) B(0,0)<1> A(0,0)<1;1,0> A(0,0)<1;1,0>\nret (M1, 1)\n")
    bad = dict(desc, kernel=dp4)
    with open(path, "w") as f:
        json.dump(bad, f)
    rc, out, err = run(path)
    check(rc == 1 and "instruction 0 (dp4, opcode 0x06) is not implemented" in err and out == "",
          "unimplemented dp4: " + err[:300])

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

# Strict reading (docs/RUN.md "Values" and the key table): each of these is refused, exit 1,
# with the JSON path of the bad value, where it used to run with another meaning (simd 264 as
# 8, a mask of 2^40 as 0, ub 300 as 44, 1.9 as 1, "010" as octal 8, "0x1ffffffff" and 1e10 cut
# to 32 bits, an .input variable's "vars" overwritten by the payload, a misspelt "ofset" as 0).
with tempfile.TemporaryDirectory() as tmp:
    base = json.load(open(os.path.join(here, "ld8.json")))
    base["kernel"] = os.path.join(here, "ld8.visaasm")
    path = os.path.join(tmp, "r.json")

    def run_desc(desc, *opts, workers=None):
        with open(path, "w") as f:
            json.dump(desc, f)
        return run(*opts, path, workers=workers)

    def payload_with(v, t="ud"):
        return [base["payload"][0], {"offset": 32, "type": t, "values": [v, 1, 2, 3, 0, 1, 2, 3]}]

    vars_typo = dict(base["vars"], DST={"ofset": 4, "values": [1]})
    cases = [
        ({"simd": 264}, "simd: 264 is out of range"),
        ({"simd": 12}, "simd: 12 is not a dispatch width (8, 16 or 32)"),
        ({"simd": "16"}, "simd: expected an integer"),
        ({"dispatch_mask": 2 ** 40}, "dispatch_mask: 1099511627776 is outside ud's range"),
        ({"dispatch_mask": "0x1ffffffff"}, "dispatch_mask: \"0x1ffffffff\" has more bits than ud's 32"),
        ({"vars": dict(base["vars"], UI=[9] * 8)},
         "vars.UI: \"UI\" is an .input variable, copied from payload bytes 32..63"),
        ({"vars": vars_typo}, "vars.DST.ofset: unknown key; did you mean 'offset'?"),
        ({"payload": payload_with(300, "ub")}, "payload[1].values[0]: 300 is outside ub's range 0..255"),
        ({"payload": payload_with(-1)}, "payload[1].values[0]: -1 is outside ud's range 0..4294967295"),
        ({"payload": payload_with(1.9)}, "payload[1].values[0]: 1.9 is not an integer (type ud)"),
        ({"payload": payload_with("010")},
         "payload[1].values[0]: \"010\": a string gives raw bits, \"0x\" then hex digits"),
        ({"payload": payload_with("0x1ffffffff")},
         "payload[1].values[0]: \"0x1ffffffff\" has more bits than ud's 32"),
        ({"payload": payload_with(1e10)}, "payload[1].values[0]: 10000000000 is outside ud's range"),
        ({"payload": payload_with(True)}, "payload[1].values[0]: values are numbers"),
        ({"payload": [{"offset": 4096, "values": [1]}]}, "payload[0].offset: 4096 lies outside the"),
        ({"payload": [{"offset": 8, "type": "vf", "values": [1]}]}, "payload[0].type: a type is one of"),
        ({"vars": dict(base["vars"], VI={"type": "f", "values": [1e39]})},
         "vars.VI.values[0]: 1e+39 is outside f's range"),
        ({"print": [{"var": "DST", "offset": 64}]}, "print[0].offset: 64 lies outside \"DST\" (64 bytes)"),
        ({"print": [{"var": "DST", "offset": 60, "count": 2}]},
         "print[0].count: 2 f values from byte 60 reach past \"DST\" (64 bytes)"),
        ({"print": [{"var": "DST", "hex": 1}]}, "print[0].hex: expected true or false"),
    ]
    for extra, want in cases:
        rc, out, err = run_desc(dict(base, **extra))
        check(rc == 1 and want in err and out == "", "refused %s: want %r, got %d %r %r" %
              (extra, want, rc, out, err))
    # in range: the bounds themselves, an integral 3.0, "0x" with leading zeros, negative d
    ok = dict(base, payload=payload_with(4294967295), simd=8, dispatch_mask="0x00000000000000ff")
    ok["vars"] = dict(base["vars"], LI={"type": "d", "values": [-2147483648, 2147483647, 3.0]})
    rc, out, err = run_desc(ok)
    check(rc == 0, "bounds accepted: %d %s" % (rc, err))

    # A variable past 8 KiB (PVC: 64-byte GRFs, 3000 DWords = 12000 bytes) prints whole, and
    # --trace shows its write at bytes 11520..11552 (GRF 180)
    with open(os.path.join(tmp, "big.visaasm"), "w") as f:
        f.write('.version 4.1\n.kernel "big"\n'
                '.decl BIG v_type=G type=ud num_elts=3000 align=GRF\n'
                'mov (M1, 8) BIG(180,0)<1> 0x7:ud\n'
                'ret (M1, 1)\n')
    big = {"kernel": "big.visaasm", "platform": "PVC", "vars": {"BIG": {"offset": 11996, "values": [5]}},
           "print": ["BIG", {"var": "BIG", "offset": 11516, "count": 10}]}
    rc, out, err = run_desc(big, "--trace")
    lines = out.splitlines()
    whole = [l for l in lines if l.startswith("BIG = ") and len(l.split()) > 100]
    vals = whole[0].split()[2:] if whole else []
    want = ["0"] * 2880 + ["7"] * 8 + ["0"] * 111 + ["5"]
    check(rc == 0 and vals == want, "BIG printed whole (%d values): %s" % (len(vals), err))
    check("BIG = 0 7 7 7 7 7 7 7 7 0" in lines, "BIG span: %s" % lines[-1:])
    check("    wrote bytes 11520..11552: 7 7 7 7 7 7 7 7" in lines, "BIG trace: %s" % lines[:3])

    # Kernel diagnostics carry the kernel's file and lines (s3d_hf line 10 on SKL: two errors),
    # not the run description's name; the first 20 errors are printed and the rest counted
    # (--error-limit N, 0 for all): 15 such lines are 30 errors.
    src = open(os.path.join(tests, "golden", "cases", "s3d_hf", "s3d_hf.visaasm")).read().split("\n")
    with open(os.path.join(tmp, "k.visaasm"), "w") as f:
        f.write("\n".join(src[:10] + [src[9]] * 14 + src[10:]))
    many = {"kernel": "k.visaasm", "platform": "SKL"}
    rc, out, err = run_desc(many)
    errs = [l for l in err.splitlines() if ": error: " in l]
    check(rc == 1 and len(errs) == 20 and all(l.startswith(os.path.join(tmp, "k.visaasm") + ":")
                                              for l in errs), "20 errors under k.visaasm: %s" % err[:400])
    check(errs and errs[0].startswith(os.path.join(tmp, "k.visaasm") + ":10:1: error: "),
          "first error at k.visaasm:10:1: %s" % errs[:1])
    check("k.visaasm: ... and 10 more errors" in err, "the rest counted: %s" % err[-300:])
    rc, out, err = run_desc(many, "--error-limit", "0")
    check(rc == 1 and err.count(": error: ") == 30, "--error-limit 0: all 30 (%d)" % err.count(": error: "))
    rc, out, err = run_desc(many, "--error-limit", "3")
    check(rc == 1 and err.count(": error: ") == 3 and "... and 27 more errors" in err,
          "--error-limit 3: %s" % err)
    rc, out, err = run("--error-limit", "x", path)
    check(rc == 2, "--error-limit x: usage error")

    # SVM mappings: one that wraps past 2^64 and the 65th each say so
    buf = {"type": "1D", "format": "R32_UINT", "width": 4, "texels": [[0]] * 4}
    wrap = dict(base, surfaces=base["surfaces"] + [dict(buf, bti=5, address="0xfffffffffffffff8")])
    rc, out, err = run_desc(wrap)
    check(rc == 1 and "surfaces[1].address: 0xfffffffffffffff8 and the surface's 16 bytes wrap past"
          in err, "wrapped mapping: " + err)
    maps = [dict(buf, bti=10 + i, address=4096 * (i + 1)) for i in range(65)]
    rc, out, err = run_desc(dict(base, surfaces=base["surfaces"] + maps))
    check(rc == 1 and "surfaces[65].address: more than 64 surfaces are mapped" in err,
          "65th mapping: " + err)
    over = dict(base, surfaces=base["surfaces"] + [dict(buf, bti=5, address=4096),
                                                    dict(buf, bti=6, address=4100)])
    rc, out, err = run_desc(over)
    check(rc == 1 and "surfaces[2].address: [0x1004, +16) overlaps another mapping" in err,
          "overlap: " + err)

    # Several workers write each thread's output once the threads before it are done, in thread
    # order, holding back at most the output of the threads a worker may run ahead of the first
    # unfinished one (4 per worker, docs/RUN.md): VSMP_RUN_STATS reports the most bytes held. 64
    # threads printing DST and tracing: the same bytes with 1, 2 and 4 workers, and with 2
    # workers at most 7 threads' output held (every thread's output has the same length but for
    # its number).
    mt = dict(base, threads=64)
    outs = []
    for workers in (1, 2, 4):
        with open(path, "w") as f:
            json.dump(mt, f)
        env = dict(os.environ, VSMP_RUN_WORKERS=str(workers), VSMP_RUN_STATS="1")
        p = subprocess.run([vsmp, "run", "--trace", path], capture_output=True, text=True, env=env)
        outs.append(p.stdout)
        stat = [l for l in p.stderr.splitlines() if l.startswith("vsmp run: 64 threads on ")]
        check(p.returncode == 0 and len(stat) == 1, "%d workers: stats line %s" % (workers, p.stderr))
        if workers == 2 and stat:
            held = int(stat[0].split("at most ")[1].split(" bytes")[0])
            per = len(p.stdout) // 64 + 64  # one thread's output, with room for its number
            check(held <= 7 * per, "2 workers held %d bytes, at most 7 threads of %d" % (held, per))
            check(held < len(p.stdout) // 4, "2 workers held %d of %d" % (held, len(p.stdout)))
    # One worker count for every command: VSMP_WORKERS, read before VSMP_RUN_WORKERS (its older
    # name); the stats line names the workers the threads ran on.
    env = dict(os.environ, VSMP_WORKERS="2", VSMP_RUN_WORKERS="1", VSMP_RUN_STATS="1")
    p = subprocess.run([vsmp, "run", "--trace", path], capture_output=True, text=True, env=env)
    check(p.returncode == 0 and p.stdout == outs[0] and
          "vsmp run: 64 threads on 2 workers;" in p.stderr,
          "VSMP_WORKERS=2 over VSMP_RUN_WORKERS=1: %s" % p.stderr)
    # --cpu: the level of the machine's fast path (and of sampling plans); the same output at
    # every level, an unknown level a usage error
    for level in ("ref", "c", "all"):
        p = subprocess.run([vsmp, "run", "--cpu", level, "--trace", path], capture_output=True,
                           text=True, env=dict(os.environ, VSMP_RUN_WORKERS="1"))
        check(p.returncode == 0 and p.stdout == outs[0], "run --cpu %s: same output" % level)
    p = subprocess.run([vsmp, "run", "--cpu", "sse9", path], capture_output=True, text=True)
    check(p.returncode == 2 and "--cpu takes" in p.stderr, "run --cpu sse9: %r" % p.stderr)
    # A thread that faults: thread t loads 8 DWords at 0x1000 + 16 t from a 20-DWord buffer
    # mapped at 0x1000 (DG2, lsc flat a64); thread 5 reaches 0x1050, past its 80 bytes. Output
    # and diagnostics are those of one worker with any number: threads 0..4 print D = 4t
    # (lane l reads DWord 4t, the address being the same in every lane), then thread 5's fault
    # at the kernel's line 7, and nothing of the threads after it.
    with open(os.path.join(tmp, "f.visaasm"), "w") as f:
        f.write('.version 4.1\n.kernel "f"\n'
                '.decl Q v_type=G type=uq num_elts=8 align=GRF\n'
                '.decl D v_type=G type=ud num_elts=8 align=GRF\n'
                'mul (M1, 8) Q(0,0)<1> %thread_x(0,0)<0;1,0> 0x10:uq\n'
                'add (M1, 8) Q(0,0)<1> Q(0,0)<1;1,0> 0x1000:uq\n'
                'lsc_load.ugm (M1, 8)  D:d32  flat[Q]:a64\n'
                'ret (M1, 1)\n')
    fdesc = {"kernel": "f.visaasm", "platform": "DG2", "threads": 40, "print": ["D"],
             "surfaces": [{"bti": 1, "type": "1D", "format": "R32_UINT", "width": 20,
                           "texels": [[i] for i in range(20)], "address": 4096}]}
    fres = [run_desc(fdesc, workers=w) for w in (1, 2, 4)]
    want = "".join("[%d] D = %s\n" % (t, " ".join([str(4 * t)] * 8)) for t in range(5))
    check(fres[0][0] == 1 and fres[0][1] == want, "faulting thread 5: %r" % (fres[0],))
    check(os.path.join(tmp, "f.visaasm") + ":7:1: error: instruction 2: lsc flat address 0x1050"
          in fres[0][2] and "thread 5: invalid program" in fres[0][2], "fault: %s" % fres[0][2])
    check(fres[0] == fres[1] == fres[2], "faulting run: 1, 2 and 4 workers alike %r" % (fres,))
    check(outs[0] == outs[1] == outs[2] and outs[0].count("[63] DST =") == 2,
          "64 threads: 1, 2 and 4 workers print the same (%d %d %d bytes)" %
          tuple(len(o) for o in outs))

# 64-byte GRFs (LNL, BMG: Xe2). grf64.visaasm, as IGC 2.x lays out a SIMD32 kernel there: %r0
# aliased whole (16 D, 64 bytes), the local IDs at payload 64 (32 W), A at 128 (32 F, two
# GRFs), K at 256. LF = the IDs as floats, l; S = LF * K + A = 1000 + 3l with K = 2 and
# A[i] = 1000 + i. H (SIMD16) = A(1,0) * LF(0,1)<2;1,0>: row 1 of A is byte 64 on a 64-byte GRF,
# A[16 + l] = 1016 + l, and LF[1 + 2l] = 1 + 2l: H[l] = (1016 + l)(1 + 2l) = 1016, 3051, 5090,
# ..., 1031 * 31 = 31961. G = %r0's 16 D + 100: r0.1 is the thread index (docs/RUN.md),
# r0.15 (bytes 60..63, which a 32-byte %r0 has not) is 7 from "vars": 100, t, ..., 107.
with tempfile.TemporaryDirectory() as tmp:
    desc = {"kernel": os.path.join(here, "grf64.visaasm"), "threads": 2,
            "payload": [{"offset": 64, "type": "w", "values": list(range(32))},
                        {"offset": 128, "type": "f", "values": [1000 + i for i in range(32)]},
                        {"offset": 256, "type": "f", "values": [2]}],
            "vars": {"R0": {"offset": 60, "values": [7]}},
            "print": ["S", "H", "G"]}
    want = ""
    for t in range(2):
        want += "[%d] S = %s\n" % (t, " ".join(str(1000 + 3 * i) for i in range(32)))
        want += "[%d] H = %s\n" % (t, " ".join(str((1016 + i) * (1 + 2 * i)) for i in range(16)))
        want += "[%d] G = %s\n" % (t, " ".join(["100", str(100 + t)] + ["100"] * 13 + ["107"]))
    path = os.path.join(tmp, "g.json")
    for plat in ("lnl", "BMG", "ptl"):
        with open(path, "w") as f:
            json.dump(dict(desc, platform=plat), f)
        rc, out, err = run(path)
        check(rc == 0 and out == want and not err, "grf64 on %s:\n%s%s" % (plat, out, err))
    # a 32-byte GRF platform refuses the 64-byte %r0 alias, naming it
    with open(path, "w") as f:
        json.dump(dict(desc, platform="tgllp"), f)
    rc, out, err = run(path)
    check(rc == 1 and "aliases bytes 0..63 of %r0, which is one 32-byte GRF on TGLLP" in err,
          "grf64 on tgllp refused:\n" + out + err)

    # addrof64.visaasm: IGC 2.40's per-lane scatter into a private table (ind_table at SIMD32 on
    # lnl): &T[64] is byte 64 of T (ADDR_ADD: the variable's byte address plus the offset; the
    # text gives bytes), the second 64-byte row on LNL. Lane 6 (of M1) writes X[6] = 106 at
    # A2(6) + 6 x 4 = byte 24, T[6]; lane 18, the third of M5's 16, writes X[18] = 118 at
    # A3(2) + 2 x 4 = byte 72, T[18]. The same bytes on TGLLP (two 32-byte rows).
    with open(path, "w") as f:
        json.dump({"kernel": os.path.join(here, "addrof64.visaasm"), "simd": 32,
                   "vars": {"X": list(range(100, 132))}, "print": ["T"]}, f)
    want = "T = %s\n" % " ".join("106" if i == 6 else "118" if i == 18 else "0"
                                  for i in range(64))
    for plat in ("lnl", "tgllp"):
        d = json.load(open(path))
        d["platform"] = plat
        with open(path, "w") as f:
            json.dump(d, f)
        rc, out, err = run(path)
        check(rc == 0 and out == want and not err, "addrof64 on %s:\n%s%s" % (plat, out, err))

    # smp64.visaasm: a SIMD32 sample_lz.RGBA and a SIMD16 load_lz.RGB into HF, as IGC 2.x
    # writes them for Xe2 (paired surfaces). The 4x2 RGBA32F surface at BTI 2 holds (x + 4y,
    # 100 + x, 200 + y, 10 + x + 4y) at (x, y); sampler state 1 nearest, clamp. Lane l samples
    # the centre of texel (l % 4, l / 4 % 2): each channel's 32 floats are 128 bytes, two
    # 64-byte rows. load_lz reads (3 - l % 4, l / 4 % 2): 16 halves per channel, 32 bytes, and
    # each channel starts the next row: R in halves 0..15, G in 32..47, B in 64..79; halves
    # 16..31, 48..63, 80..95 keep the sentinel 9. On TGLLP the rows are 32 bytes: R, G, B in
    # halves 0..15, 16..31, 32..47, and 48..95 keep 9 (the SIMD32 send is only a warning there).
    tex = [[x + 4 * y, 100 + x, 200 + y, 10 + x + 4 * y] for y in range(2) for x in range(4)]
    sdesc = {"kernel": os.path.join(here, "smp64.visaasm"),
             "surfaces": [{"bti": 2, "format": "R32G32B32A32_FLOAT", "width": 4, "height": 2,
                           "texels": tex}],
             "samplers": [{"index": 1, "address": "clamp"}],
             "payload": [{"offset": 0, "values": [1, 2]}],
             "vars": {"U": {"type": "f", "values": [(l % 4 + 0.5) / 4 for l in range(32)]},
                      "V": {"type": "f", "values": [(l // 4 % 2 + 0.5) / 2 for l in range(32)]},
                      "LU": [3 - l % 4 for l in range(16)], "LV": [l // 4 % 2 for l in range(16)],
                      "LD": {"type": "hf", "values": [9] * 96}},
             "print": ["DST", "LD"]}
    lanes = [(l % 4, l // 4 % 2) for l in range(32)]
    dst = ([x + 4 * y for x, y in lanes] + [100 + x for x, y in lanes] +
           [200 + y for x, y in lanes] + [10 + x + 4 * y for x, y in lanes])
    ld = [(3 - l % 4, l // 4 % 2) for l in range(16)]
    r, g, b = ([x + 4 * y for x, y in ld], [100 + x for x, y in ld], [200 + y for x, y in ld])
    nine = [9] * 16
    for plat, halves in (("lnl", r + nine + g + nine + b + nine),
                         ("bmg", r + nine + g + nine + b + nine),
                         ("tgllp", r + g + b + nine * 3)):
        with open(path, "w") as f:
            json.dump(dict(sdesc, platform=plat), f)
        rc, out, err = run(path)
        want = "DST = %s\nLD = %s\n" % (" ".join(map(str, dst)), " ".join(map(str, halves)))
        check(rc == 0 and out == want, "smp64 on %s:\n%s%s" % (plat, out, err))
        check(("simd32" in err) == (plat == "tgllp"), "smp64 on %s warnings: %s" % (plat, err))

rc, out, err = run()
check(rc == 2, "no argument: usage error")

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
