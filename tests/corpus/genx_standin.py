#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""GenX_IR standing in for vsmp, to check the corpus's goldens and corpus_test.py's codec tier:

    GENX_IR_FIXED=/path/to/GenX_IR_12504_fixed \\
        tests/corpus/corpus_test.py --vsmp tests/corpus/genx_standin.py --tier codec

must pass on every kernel file after scripts/gen-corpus.sh (the tools reproduce their goldens).
It answers the commands corpus_test.py gives:
  asm K.visaasm -o OUT    the fixed GenX_IR assembles it;
  asm K.isa -o OUT        a copy (the golden is the fixed GenX_IR's own output);
  dis K.visaasm -o OUT    a copy;
  dis K.isa -o OUT        Debian GenX_IR's dump of the binary, with the label renaming of its
                          reader undone (L becomes L_<index>, a subroutine F becomes
                          F_<index>_<n>); the original names come from K.visaasm beside K.isa;
  dis K.igc.isa           refused, as IGC's corrupted dumps must be;
  check ...               success.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

PLATFORM = {"skl": "SKL", "tgllp": "TGLLP", "acm-g10": "DG2"}


def main():
    cmd, src = sys.argv[1], sys.argv[-1] if sys.argv[1] == "check" else sys.argv[2]
    if cmd == "check":
        return 0
    out = sys.argv[sys.argv.index("-o") + 1]
    plat = PLATFORM[os.path.basename(src).split(".")[1]]
    if cmd == "dis" and src.endswith(".igc.isa"):
        print(f"{src}: error: IGC's own dump is not read by the stand-in", file=sys.stderr)
        return 1
    if not src.endswith(".isa" if cmd == "dis" else ".visaasm"):
        shutil.copy(src, out)
        return 0
    with tempfile.TemporaryDirectory() as d:
        if cmd == "asm":
            fixed = os.environ.get("GENX_IR_FIXED", "GenX_IR_12504_fixed")
            shutil.copy(src, os.path.join(d, "k.visaasm"))
            subprocess.run([fixed, "k.visaasm", "-platform", plat, "-binary",
                            "-outputCisaBinaryName", "k.isa"], cwd=d, capture_output=True)
            shutil.copy(os.path.join(d, "k.isa"), out)
            return 0
        shutil.copy(src, os.path.join(d, "k.isa"))
        subprocess.run(["GenX_IR", "k.isa", "-platform", plat, "-dumpcommonisa"], cwd=d,
                       capture_output=True)
        dump = open(os.path.join(d, ".visaasm")).read()  # a binary input dumps to ".visaasm"
    orig = open(src[:-len(".isa")] + ".visaasm").read()
    names = set(re.findall(r"^([A-Za-z_]\w*):\s*$", orig, re.M))
    names |= set(re.findall(r'^\.function "([^"]+)"', orig, re.M))
    for n in sorted(names, key=len, reverse=True):
        dump = re.sub(r"\b" + re.escape(n) + r"_\d+(?:_\d+)?\b", n, dump)
    open(out, "w").write(dump)
    return 0


if __name__ == "__main__":
    sys.exit(main())
