#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The kernel corpus (tests/corpus/k, made by scripts/gen-corpus.sh) against vsmp.

usage: corpus_test.py --vsmp PATH [--tier robust|codec] [--filter REGEX] [--genx-ir PATH]
                      [--jobs N] [--quiet]

Every kernel file is KERNEL.DEVICE.simdW (manifest.tsv lists them; the files are gzip-compressed
and unpacked into a scratch directory under their own names); --filter keeps the names that
match REGEX (re.search), e.g. --filter 'tgllp\\.simd16' or --filter '^cp_'.

--tier robust (the default; today's vsmp must pass it): every .visaasm, every fixed-GenX_IR
  .isa and every .igc.isa IGC itself dumped (corrupted by the 12504 writer bug) goes through
  `vsmp dis`, `vsmp check --platform P` and `vsmp asm`. Each run must end with exit status 0 or
  1 (never a signal, a usage error or a time-out), print no sanitizer report, and when it fails
  say why on stderr in vsmp's diagnostic format naming the input file.

--tier codec (what the whole-instruction-set codec must pass; expected values are the
  fixed GenX_IR's .isa and Debian GenX_IR's Gen assembly, never vsmp's own output):
  asm        `vsmp asm K.visaasm` writes K.isa's kernel (and function) objects byte for byte
             (K.isa also embeds the Gen binary GenX_IR compiled; vsmp writes no Gen code);
  reencode   `vsmp asm K.isa` (read + write) is K.isa byte for byte;
  igc-isa    `vsmp dis K.igc.isa` is refused with a diagnostic (IGC's corrupted dump);
  dis-text   `vsmp dis K.visaasm` prints text that Debian's GenX_IR compiles to the golden
             Gen code K.asm.gz;
  dis-isa    `vsmp dis --divs compiler K.isa` prints text that Debian's GenX_IR compiles to the
             golden too (the binary does not hold whether the compiler's text wrote `.divS`;
             --divs compiler prints sampler messages as the compiler writes them: docs/TEXT.md);
  check      `vsmp check --platform P` is clean (exit 0) on K.visaasm and on K.isa.
  Gen code is compared line by line without the //.declare, //.options_string and
  //.full_options comment lines (register-allocation notes and the command line).

It prints the failures, then per check and per kernel (over its devices and widths) the pass
and fail counts; exit status 0 when everything passed, 1 otherwise, 77 (skip) for the codec
tier when GenX_IR is absent and VSMP_REQUIRE_GENX is unset.
"""
import argparse
import collections
import concurrent.futures
import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PLATFORM = {"skl": "SKL", "tgllp": "TGLLP", "acm-g10": "DG2"}
VOLATILE = ("//.declare", "//.options_string", "//.full_options")
SANITIZER = ("AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer",
             "runtime error:", "MemorySanitizer")
DIAG = re.compile(r"^(?P<file>[^:\n]+):(?: instruction at 0x[0-9a-f]+:|\d+:\d+:|) ?(error|warning)"
                  r": .+", re.M)
TIMEOUT = 60


def kernels(kdir, pattern):
    names = sorted(f[:-len(".visaasm.gz")] for f in os.listdir(kdir) if f.endswith(".visaasm.gz"))
    return [n for n in names if re.search(pattern, n)]


def unpack(kdir, name, ext, tmp):
    """k/NAME.EXT.gz decompressed into tmp under its own name (diagnostics name it)."""
    path = os.path.join(tmp, name + ext)
    if not os.path.exists(path):
        with gzip.open(os.path.join(kdir, name + ext + ".gz"), "rb") as z, open(path, "wb") as o:
            shutil.copyfileobj(z, o)
    return path


def run(cmd, cwd=None):
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=TIMEOUT)
        return r.returncode, r.stdout, r.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "timeout", b"", f"no answer within {TIMEOUT} s"


def robust_one(vsmp, kdir, name):
    """Every command on every file of one kernel: [(check, ok, detail)]."""
    plat = PLATFORM[name.split(".")[-2]]
    res = []
    with tempfile.TemporaryDirectory() as tmp:
        for ext in (".visaasm", ".isa", ".igc.isa"):
            if not os.path.exists(os.path.join(kdir, name + ext + ".gz")):
                continue  # no golden .isa where GenX_IR cannot compile the kernel
            path = unpack(kdir, name, ext, tmp)
            cmds = {"dis": [vsmp, "dis", path, "-o", os.path.join(tmp, "o.visaasm")],
                    "check": [vsmp, "check", "--platform", plat, path],
                    "asm": [vsmp, "asm", path, "-o", os.path.join(tmp, "o.isa")]}
            for what, cmd in cmds.items():
                rc, _, err = run(cmd)
                why = ""
                if rc not in (0, 1):
                    why = f"exit status {rc}" + (" (a signal)" if isinstance(rc, int) and rc < 0
                                                 else "")
                elif any(s in err for s in SANITIZER):
                    why = "sanitizer report"
                elif rc == 1:
                    d = DIAG.search(err)
                    if not d or os.path.basename(d.group("file")) != os.path.basename(path):
                        why = "exit 1 without a diagnostic naming the file"
                res.append((f"{what} {ext[1:]}", not why, f"{why}\n$ {' '.join(cmd)}\n{err[:1500]}"))
    return res


def gen_asm(genx_ir, text_path, plat, tmp):
    """Debian GenX_IR's Gen assembly for a .visaasm, normalised; (lines or None, log)."""
    d = tempfile.mkdtemp(dir=tmp)
    shutil.copy(text_path, os.path.join(d, "k.visaasm"))
    rc, out, err = run([genx_ir, "k.visaasm", "-platform", plat, "-output"], cwd=d)
    asm = os.path.join(d, "k.asm")
    if rc != 0 or not os.path.exists(asm):
        return None, f"GenX_IR exit {rc}\n{out.decode('utf-8', 'replace')[-1500:]}{err[-1500:]}"
    return [l for l in open(asm).read().splitlines() if not l.startswith(VOLATILE)], ""


def objects(data):
    """The kernel and function objects of a 4.x .isa file, [(name, bytes)], by the header layout
    (VISA_ENCODING 5.1: the header, then each kernel object followed by its Gen binary, then the
    function objects). The Gen binaries are GenX_IR's compiled code, which vsmp does not write."""
    def u(pos, n):
        if pos + n > len(data):
            raise ValueError("header runs past the end")
        return int.from_bytes(data[pos:pos + n], "little"), pos + n
    out = []
    nk, pos = u(6, 2)
    for _ in range(nk):
        nl, pos = u(pos, 2)
        name, pos = data[pos:pos + nl], pos + nl
        off, pos = u(pos, 4)
        size, pos = u(pos, 4)
        pos += 4 + 2 + 2  # input_offset, num_syms_variable, num_syms_function
        ng, pos = u(pos, 1)
        pos += 9 * ng     # platform UB, offset UD, size UD
        out.append((b"kernel " + name, data[off:off + size]))
    _, pos = u(pos, 2)    # num_filescope_variables
    nf, pos = u(pos, 2)
    for _ in range(nf):
        pos += 1          # linkage
        nl, pos = u(pos, 2)
        name, pos = data[pos:pos + nl], pos + nl
        off, pos = u(pos, 4)
        size, pos = u(pos, 4)
        pos += 4
        out.append((b"function " + name, data[off:off + size]))
    return out


def first_diff(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"line {i + 1}:\n  got:    {x}\n  golden: {y}"
    return f"lengths {len(a)} vs {len(b)}"


def codec_one(vsmp, genx_ir, kdir, name):
    plat = PLATFORM[name.split(".")[-2]]
    with gzip.open(os.path.join(kdir, name + ".isa.gz"), "rb") as g:
        gold_isa = g.read()
    with gzip.open(os.path.join(kdir, name + ".asm.gz"), "rt") as g:
        gold_asm = g.read().splitlines()
    res = []
    with tempfile.TemporaryDirectory() as tmp:
        for ext in (".visaasm", ".isa", ".igc.isa"):
            unpack(kdir, name, ext, tmp)
        k = os.path.join(tmp, name)
        for what, src in (("asm", k + ".visaasm"), ("reencode", k + ".isa")):
            out = os.path.join(tmp, what + ".isa")
            rc, _, err = run([vsmp, "asm", src, "-o", out])
            got = open(out, "rb").read() if rc == 0 and os.path.exists(out) else None
            if got is None:
                res.append((what, False, f"vsmp asm exit {rc}\n{err[:1500]}"))
                continue
            if what == "reencode":
                # the whole file, Gen binaries carried through
                same, want = got == gold_isa, gold_isa
            else:
                # the kernel and function objects: vsmp writes no Gen code
                try:
                    same, want = objects(got) == objects(gold_isa), gold_isa
                except ValueError as e:
                    res.append((what, False, f"vsmp's .isa: {e}"))
                    continue
            if same:
                res.append((what, True, ""))
                continue
            detail = f"{len(got)} vs {len(want)} bytes"
            try:
                for (gn, gb), (wn, wb) in zip(objects(got), objects(want)):
                    if gn != wn or gb != wb:
                        at = next((i for i, (x, y) in enumerate(zip(gb, wb)) if x != y),
                                  min(len(gb), len(wb)))
                        detail = (f"{wn.decode(errors='replace')} differs at object byte "
                                  f"0x{at:x} ({len(gb)} vs {len(wb)} bytes)")
                        break
            except ValueError:
                pass
            res.append((what, False, f"differs from {name}.isa: {detail}"))
        rc, _, err = run([vsmp, "dis", k + ".igc.isa", "-o", os.path.join(tmp, "igc.visaasm")])
        res.append(("igc-isa", rc == 1 and DIAG.search(err) is not None,
                    f"vsmp dis of IGC's corrupted .isa: exit {rc}\n{err[:1500]}"))
        for what, src, opts in (("dis-text", k + ".visaasm", []),
                                ("dis-isa", k + ".isa", ["--divs", "compiler"])):
            text = os.path.join(tmp, what + ".visaasm")
            rc, _, err = run([vsmp, "dis", *opts, src, "-o", text])
            if rc != 0 or not os.path.exists(text):
                res.append((what, False, f"vsmp dis exit {rc}, no text\n{err[:1500]}"))
                continue
            lines, log = gen_asm(genx_ir, text, plat, tmp)
            if lines is None:
                res.append((what, False, "GenX_IR rejects vsmp's text: " + log))
            elif lines != gold_asm:
                res.append((what, False, "Gen code differs from the golden: " +
                            first_diff(lines, gold_asm)))
            else:
                res.append((what, True, ""))
        for ext in (".visaasm", ".isa"):
            rc, _, err = run([vsmp, "check", "--platform", plat, k + ext])
            res.append(("check " + ext[1:], rc == 0, f"exit {rc}\n{err[:1500]}"))
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--vsmp", required=True)
    ap.add_argument("--tier", choices=("robust", "codec"), default="robust")
    ap.add_argument("--filter", default="", help="regular expression on KERNEL.DEVICE.simdW")
    ap.add_argument("--genx-ir", default=shutil.which("GenX_IR"))
    ap.add_argument("--corpus", default=HERE)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--quiet", action="store_true", help="counts only, no failure details")
    a = ap.parse_args()
    kdir = os.path.join(a.corpus, "k")
    names = kernels(kdir, a.filter)
    if a.tier == "codec":
        bare = [n for n in names if not all(os.path.exists(os.path.join(kdir, n + e))
                                            for e in (".isa.gz", ".asm.gz"))]
        names = [n for n in names if n not in bare]
        if bare:
            print(f"{len(bare)} kernel files without goldens (GenX_IR cannot compile them; "
                  f"skipped.tsv) are left to the robust tier")
    if not names:
        print(f"no kernel matches {a.filter!r}")
        return 1
    if a.tier == "codec" and not (a.genx_ir and os.path.exists(a.genx_ir)):
        print("GenX_IR not found (apt-get install libigc-tools)")
        return 1 if os.environ.get("VSMP_REQUIRE_GENX") else 77

    def one(n):
        if a.tier == "robust":
            return robust_one(a.vsmp, kdir, n)
        return codec_one(a.vsmp, a.genx_ir, kdir, n)

    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as ex:
        results = dict(zip(names, ex.map(one, names)))

    per_check = collections.defaultdict(lambda: [0, 0])
    per_kernel = collections.defaultdict(lambda: [0, 0])
    files_ok = 0
    shown = 0
    for n in names:
        ok_all = True
        for check, ok, detail in results[n]:
            per_check[check][0 if ok else 1] += 1
            if not ok:
                ok_all = False
                if not a.quiet and shown < 200:
                    shown += 1
                    print(f"FAIL {n}: {check}: {detail.strip()}"[:2500])
        per_kernel[n.split(".")[0]][0 if ok_all else 1] += 1
        files_ok += ok_all
    print(f"\n{a.tier} tier: per check (passed / failed)")
    for c, (p, f) in sorted(per_check.items()):
        print(f"  {c:16} {p:5} {f:5}")
    print("per kernel (device x width variants passing every check / failing)")
    for k, (p, f) in sorted(per_kernel.items()):
        print(f"  {k:20} {p:3} {f:3}")
    print(f"{files_ok} of {len(names)} kernel files pass every {a.tier} check")
    return 0 if files_ok == len(names) else 1


if __name__ == "__main__":
    sys.exit(main())
