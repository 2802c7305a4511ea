#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A by-value argument wider than 64 bytes through `vsmp launch` (docs/LAUNCH.md sections 1 and
3): wide_l16(char c, long16 a, global long *out) from IGC's .visaasm + .cos and from the zebin
(tests/launch/data/arg_wide.cl). Work-item i writes a * (i + 1) + c as 16 longs at out[16 i];
the expected values are computed below in exact integers (none overflows 64 bits).

usage: wide_arg_test.py --vsmp build/vsmp
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
N = 8
C = -3
A = [(k - 7) * 123456789012 + k for k in range(16)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vsmp", required=True)
    vsmp = os.path.abspath(ap.parse_args().vsmp)
    want = [A[k] * (i + 1) + C for i in range(N) for k in range(16)]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("wide_l16.tgllp.simd8.visaasm", "wide_l16.tgllp.simd8.cos",
                     "arg_wide.tgllp.zebin"):
            with gzip.open(os.path.join(DATA, name + ".gz"), "rb") as f:
                open(os.path.join(tmp, name.replace(".tgllp.simd8", "").replace(
                    ".tgllp", "")), "wb").write(f.read())
        args = [{"kind": "scalar", "type": "char", "value": C},
                {"kind": "scalar", "type": "long16", "value": A},
                {"kind": "buffer", "type": "long", "count": 16 * N, "print": True}]
        forms = {"the .cos": {"kernel": "wide_l16.visaasm", "interface": "wide_l16.cos",
                              "platform": "TGLLP"},
                 "the zebin": {"binary": "arg_wide.zebin", "kernel": "wide_l16"}}
        for form, head in forms.items():
            path = os.path.join(tmp, "launch.json")
            with open(path, "w") as f:
                json.dump(dict(head, **{"global": [N], "local": [N], "args": args}), f)
            p = subprocess.run([vsmp, "launch", path], capture_output=True, text=True,
                               timeout=120)
            got = None
            if p.returncode == 0 and p.stdout:
                got = [int(v) for v in p.stdout.splitlines()[0].split("=", 1)[1].split()]
            if got != want:
                failures += 1
                print("FAIL long16 argument from %s: exit %d, %s" % (
                    form, p.returncode, (p.stderr.strip() or str(got))[-400:]))
    print("wide_arg: %d checks, %d failed" % (len(forms), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
