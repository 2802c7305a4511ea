#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compatibility tier: Debian's GenX_IR (libigc-tools 1.0.12504) as a real peer.

For every golden case/platform that GenX_IR accepted:
  1. `vsmp dis CASE.P.isa` (the fixed GenX_IR's binary) prints text that GenX_IR parses and
     compiles to the same Gen assembly as GenX_IR compiles from that binary (readback.asm);
  2. `vsmp dis CASE.visaasm` re-prints the source; GenX_IR compiles it to the golden text-path
     Gen assembly (CASE.P.asm);
  3. `vsmp asm CASE.visaasm` writes a .isa that GenX_IR reads, dumps as the same program
     (readback.visaasm) and compiles to the same Gen assembly (readback.asm).
Debian's GenX_IR writes broken .isa files, so none of its binaries is used as a reference.

usage: compat.py VSMP GOLDEN_DIR [GENX_IR]
Exit status 77 (CTest's skip code) only when GenX_IR is absent and VSMP_REQUIRE_GENX is unset.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Header comments that name the command line, and the register-allocation comments of the
# declarations (GenX_IR's binary reader declares by class, its parser in source order; vsmp's
# text keeps the source order). Every instruction line is compared.
VOLATILE = ("//.options_string", "//.full_options", "//.declare")
# GenX_IR's reader renames every label NAME to NAME_<string index> (getDeclLabelString): in
# these cases the Gen code read back from a binary is compared to the text path's with the
# suffix of every label it defines taken off, and the columns (padded to the names) ignored.
READER_LABELS = {"k_input_g_label", "fcall", "fcall_rec", "ifcall"}
# The text path keeps a swapped sampler/surface *variable*; a binary holds only its index, and
# GenX_IR crashes reading it back. Nothing printed from the index can match: not compared.
UNREPRESENTABLE = {"inv_sampler_as_surface"}


def normalise(text, case="", reader=False):
    lines = [l for l in text.splitlines() if not l.startswith(VOLATILE)]
    if case not in READER_LABELS:
        return lines
    if reader:
        renamed = {}
        for l in lines:
            m = re.match(r"^(\w+)_\d+:$", l)
            if m:
                renamed[l[:-1]] = m.group(1)
        if renamed:
            names = re.compile(r"\b(" + "|".join(map(re.escape, renamed)) + r")\b")
            lines = [names.sub(lambda m: renamed[m.group(1)], l) for l in lines]
    return [" ".join(l.split()) for l in lines]


def run(cmd, cwd=None):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=120)


def genx(genx_ir, src, platform, cwd, extra=()):
    """Run GenX_IR in cwd; return (exit code, produced .asm text, produced dump text)."""
    base = os.path.basename(src)
    stem = "" if base.endswith(".isa") else base.rsplit(".", 1)[0]
    r = run([genx_ir, base, "-platform", platform, "-output", *extra], cwd=cwd)
    asm = os.path.join(cwd, stem + ".asm")
    # A program with function objects: GenX_IR names the Gen assembly of a linked kernel
    # ".asm"; with an Extern function (ifcall) it writes one file per object under names that
    # collide, and the one kept (the same on both paths) is the function's.
    if not os.path.exists(asm):
        asm = os.path.join(cwd, ".asm")
    dump = os.path.join(cwd, stem + ".visaasm") if stem == "" else None
    a = open(asm).read() if os.path.exists(asm) else None
    d = open(dump).read() if dump and os.path.exists(dump) else None
    return r.returncode, a, d, r.stdout + r.stderr


def main():
    vsmp, golden = sys.argv[1], sys.argv[2]
    genx_ir = sys.argv[3] if len(sys.argv) > 3 else shutil.which("GenX_IR")
    if not genx_ir or not os.path.exists(genx_ir):
        print("GenX_IR not found (apt-get install libigc-tools)")
        if os.environ.get("VSMP_REQUIRE_GENX"):
            print("0 passed, 1 failed")
            return 1
        return 77
    cases = os.path.join(golden, "cases")
    passed = failed = 0

    def check(ok, what, detail=""):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL: {what}\n{detail}"[:4000])

    for case in sorted(os.listdir(cases)):
        cdir = os.path.join(cases, case)
        for f in sorted(os.listdir(cdir)):
            if not f.endswith(".isa") or f.count(".") != 2:
                continue
            plat = f.split(".")[1]
            isa = os.path.join(cdir, f)
            src = os.path.join(cdir, case + ".visaasm")
            gold_asm = os.path.join(cdir, f"{case}.{plat}.asm")
            rb_asm = os.path.join(cdir, f"{case}.{plat}.readback.asm")
            rb_dump = os.path.join(cdir, f"{case}.{plat}.readback.visaasm")
            what = f"{case}/{plat}"
            with tempfile.TemporaryDirectory() as tmp:
                # 1. text printed from the binary
                r = run([vsmp, "dis", isa, "-o", os.path.join(tmp, "p.visaasm")])
                check(r.returncode == 0, what + ": vsmp dis .isa", r.stderr)
                rc, asm, _, log = genx(genx_ir, os.path.join(tmp, "p.visaasm"), plat, tmp)
                check(rc == 0 and asm is not None, what + ": GenX_IR rejects vsmp's text", log)
                ref = rb_asm
                if asm is not None and case not in UNREPRESENTABLE:
                    check(normalise(asm, case) == normalise(open(ref).read(), case, reader=True),
                          what + ": Gen code from vsmp's text differs from " + os.path.basename(ref))
            with tempfile.TemporaryDirectory() as tmp:
                # 2. text re-printed from the source
                r = run([vsmp, "dis", src, "-o", os.path.join(tmp, "q.visaasm")])
                check(r.returncode == 0, what + ": vsmp dis .visaasm", r.stderr)
                rc, asm, _, log = genx(genx_ir, os.path.join(tmp, "q.visaasm"), plat, tmp)
                check(rc == 0 and asm is not None, what + ": GenX_IR rejects re-printed text", log)
                if asm is not None and case not in UNREPRESENTABLE:
                    check(normalise(asm) == normalise(open(gold_asm).read()),
                          what + ": Gen code from re-printed text differs from the golden")
            if not os.path.exists(rb_dump):
                continue  # GenX_IR cannot read this binary back (swapped sampler/surface)
            with tempfile.TemporaryDirectory() as tmp:
                # 3. vsmp's binary read by GenX_IR
                r = run([vsmp, "asm", src, "-o", os.path.join(tmp, "v.isa")])
                check(r.returncode == 0, what + ": vsmp asm", r.stderr)
                rc, asm, dump, log = genx(genx_ir, os.path.join(tmp, "v.isa"), plat, tmp,
                                          ("-dumpcommonisa",))
                check(rc == 0, what + ": GenX_IR cannot read vsmp's .isa", log)
                check(dump is not None and dump == open(rb_dump).read(),
                      what + ": GenX_IR dumps vsmp's .isa differently from the golden .isa")
                check(asm is not None and normalise(asm) == normalise(open(rb_asm).read()),
                      what + ": Gen code from vsmp's .isa differs")
    # 4. the version gates: vsmp writes each case at older vISA versions; GenX_IR 12504 reads
    #    them (it honours the same gates) and must compile the program it compiles from 4.1.
    versions = ("3.0", "3.3", "3.4", "3.5", "3.6", "3.7", "4.0")
    for case in sorted(os.listdir(cases)):
        cdir = os.path.join(cases, case)
        src = os.path.join(cdir, case + ".visaasm")
        rb_asm = os.path.join(cdir, f"{case}.TGLLP.readback.asm")
        if not os.path.exists(rb_asm):
            continue
        for ver in versions:
            with tempfile.TemporaryDirectory() as tmp:
                out = os.path.join(tmp, "v.isa")
                r = run([vsmp, "asm", "--isa-version", ver, src, "-o", out])
                if r.returncode != 0:
                    # only what the older layout cannot hold may be refused
                    check("cannot be encoded" in r.stderr or "does not fit" in r.stderr,
                          f"{case} v{ver}: vsmp asm failed", r.stderr)
                    continue
                data = open(out, "rb").read()
                check(data[4:6] == bytes(int(x) for x in ver.split(".")),
                      f"{case} v{ver}: header version")
                rc, asm, _, log = genx(genx_ir, out, "TGLLP", tmp)
                check(rc == 0 and asm is not None, f"{case} v{ver}: GenX_IR cannot read it", log)
                if asm is not None:
                    # both sides come from binaries: the reader renames labels alike
                    check(normalise(asm) == normalise(open(rb_asm).read()),
                          f"{case} v{ver}: Gen code differs from the 4.1 binary's")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
