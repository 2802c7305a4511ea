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


def run(*args):
    p = subprocess.run([vsmp, "run", *args], capture_output=True, text=True)
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
    bad = dict(desc, kernel=os.path.join(tests, "kernels", "tgllp", "math_simd32.isa"))
    with open(path, "w") as f:
        json.dump(bad, f)
    rc, out, err = run(path)
    check(rc == 1 and "(madw, opcode 0x91) is not implemented" in err and out == "",
          "unimplemented madw: " + err[:300])

rc, out, err = run()
check(rc == 2, "no argument: usage error")

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
