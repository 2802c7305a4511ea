#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The corpus of today's Intel compiler (tests/corpus2, made by scripts/gen-corpus-igc2.sh)
against vsmp: IGC 2.40 (ocloc 26.27) for tgllp, dg2, mtl, arl, lnl, bmg, ptl and IGC 1.0.17791
(ocloc-legacy 24.35) for skl and icllp, at SIMD 8/16/32.

usage: corpus2_test.py --vsmp PATH [--filter REGEX] [--genx-ir-chroot DIR] [--update-digests]

Every KERNEL.DEVICE.simdW.visaasm of visaasm.tar.xz (unpacked into a scratch directory), in the
dialect its content selects (no --syntax anywhere):
  check      `vsmp check --platform DEVICE` exits 0 with no warning, except the warnings
             expect_warnings.tsv lists (file and rule, each with its reason);
  roundtrip  `vsmp asm` of the compiler's text gives bytes B; `vsmp dis` prints text T in the
             file's own dialect; `vsmp asm T` gives B again and `vsmp dis T` gives T again;
  digest     sha256(T) equals genx17791.tsv's row: those texts were compiled by GenX_IR
             1.0.17791 (libigc-tools of Debian sid) to the same Gen code as the compiler's own
             text when the rows were written (--genx-ir-chroot checks that again and
             --update-digests rewrites the rows from such a run). Without a chroot the digest
             still catches any change in what vsmp prints.
A file expect_refused.tsv lists (file, rule, reason: a form vsmp does not read yet) must be
refused by `vsmp check` with errors of that rule only; it is counted apart and not round-tripped.
It prints the failures and per device the files that passed; exit status 0 when all passed.
"""
import argparse
import collections
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DIGESTS = os.path.join(HERE, "genx17791.tsv")
# GenX_IR 1.0.17791's -platform names; PTL (Xe3) is newer than it
GENX_PLATFORM = {"skl": "SKL", "icllp": "ICLLP", "tgllp": "TGLLP", "dg2": "DG2", "mtl": "MTL",
                 "arl": "ARL", "lnl": "Xe2", "bmg": "Xe2"}
VOLATILE = ("//.declare", "//.options_string", "//.full_options", "//.kernel", "//.platform",
            "//.thread_config", "//.stepping", "//.BuildOptions", "//.build_options")
TIMEOUT = 120


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, timeout=TIMEOUT, **kw)


def load_table(path, ncols):
    rows = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                cols = line.rstrip("\n").split("\t")
                if len(cols) >= ncols:
                    rows.setdefault(cols[0], []).append(cols[1:])
    return rows


def gen_code(chroot, text_path, platform, work):
    """Gen assembly GenX_IR 1.0.17791 compiles from a text, without the volatile lines."""
    inside = os.path.join(chroot, "tmp", "vsmp-genx")
    shutil.rmtree(inside, ignore_errors=True)
    os.makedirs(inside)
    shutil.copy(text_path, os.path.join(inside, "k.visaasm"))
    r = run(["chroot", chroot, "sh", "-c",
             "cd /tmp/vsmp-genx && GenX_IR k.visaasm -platform %s -output >log 2>&1" % platform])
    asm = os.path.join(inside, "k.asm")
    if r.returncode != 0 or not os.path.exists(asm):
        return None
    with open(asm, errors="replace") as f:
        return [l for l in f if not l.startswith(VOLATILE)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vsmp", required=True)
    ap.add_argument("--filter", default="")
    ap.add_argument("--genx-ir-chroot")
    ap.add_argument("--update-digests", action="store_true")
    a = ap.parse_args()
    expect = load_table(os.path.join(HERE, "expect_warnings.tsv"), 3)
    refuse = load_table(os.path.join(HERE, "expect_refused.tsv"), 3)
    refused = collections.Counter()
    digests = {k: v[0][0] for k, v in load_table(DIGESTS, 2).items()}
    fails = []
    passed = collections.Counter()
    total = collections.Counter()
    new_digests = {}
    seen = set()
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(os.path.join(HERE, "visaasm.tar.xz")) as t:
            members = [m for m in t.getmembers()
                       if m.isfile() and "/" not in m.name and re.search(a.filter, m.name)]
            t.extractall(tmp, members=members)
        for m in sorted(members, key=lambda m: m.name):
            seen.add(m.name)
            name = m.name[:-len(".visaasm")]
            dev = name.split(".")[1]
            total[dev] += 1
            src = os.path.join(tmp, m.name)
            why = []
            # check
            r = run([a.vsmp, "check", "--platform", dev, src])
            if m.name in refuse:
                rules = set(re.findall(r"error: .*\[([a-z0-9-]+)\]", r.stderr.decode()))
                want = {row[0] for row in refuse[m.name]}
                if r.returncode != 1 or not rules or rules - want:
                    fails.append((m.name, ["expected a refusal %s, got exit %d: %s" % (
                        sorted(want), r.returncode, r.stderr.decode().strip()[:300])]))
                else:
                    refused[dev] += 1
                continue
            warns = set(re.findall(r"warning: .*\[([a-z0-9-]+)\]", r.stderr.decode()))
            allowed = {row[0] for row in expect.get(m.name, [])}
            if r.returncode != 0 or warns - allowed:
                why.append("check: exit %d, %s" % (r.returncode,
                                                   r.stderr.decode().strip().splitlines()[:3]))
            # round trip
            b1, b2 = os.path.join(tmp, "b1.isa"), os.path.join(tmp, "b2.isa")
            t1, t2 = os.path.join(tmp, "t1.visaasm"), os.path.join(tmp, "t2.visaasm")
            steps = [([a.vsmp, "asm", src, "-o", b1], "asm"),
                     ([a.vsmp, "dis", src, "-o", t1], "dis"),
                     ([a.vsmp, "asm", t1, "-o", b2], "asm of the printed text"),
                     ([a.vsmp, "dis", t1, "-o", t2], "dis of the printed text")]
            for cmd, what in steps:
                r = run(cmd)
                if r.returncode != 0:
                    why.append("%s: exit %d: %s" % (what, r.returncode,
                                                    r.stderr.decode().strip()[:300]))
                    break
            else:
                with open(b1, "rb") as f1, open(b2, "rb") as f2:
                    if f1.read() != f2.read():
                        why.append("roundtrip: asm(dis(text)) differs from asm(text)")
                with open(t1, "rb") as f1, open(t2, "rb") as f2:
                    printed = f1.read()
                    if printed != f2.read():
                        why.append("roundtrip: dis(dis(text)) differs from dis(text)")
                digest = hashlib.sha256(printed).hexdigest()
                if a.genx_ir_chroot and dev in GENX_PLATFORM:
                    ours = gen_code(a.genx_ir_chroot, t1, GENX_PLATFORM[dev], tmp)
                    igc = gen_code(a.genx_ir_chroot, src, GENX_PLATFORM[dev], tmp)
                    if igc is None:
                        pass  # GenX_IR cannot compile the compiler's own text: no row
                    elif ours != igc:
                        why.append("GenX_IR 1.0.17791: Gen code of vsmp's text differs")
                    else:
                        new_digests[m.name] = digest
                elif m.name in digests and digests[m.name] != digest:
                    why.append("digest: vsmp prints another text than the one GenX_IR 1.0.17791 "
                               "compiled to the compiler's Gen code (genx17791.tsv)")
            if why:
                fails.append((m.name, why))
            else:
                passed[dev] += 1
    for n, why in fails:
        print("FAIL %s: %s" % (n, "; ".join(why)))
    for dev in sorted(total):
        print("%-6s %4d of %4d files pass%s" % (
            dev, passed[dev], total[dev],
            ", %d refused as expect_refused.tsv says" % refused[dev] if refused[dev] else ""))
    if a.update_digests:
        # the files of this run get their new rows (or none); the others keep theirs
        rows = {k: v for k, v in digests.items() if k not in seen}
        rows.update(new_digests)
        new_digests = rows
        with open(DIGESTS, "w") as f:
            f.write("# file\tsha256 of vsmp's printed text, compiled by GenX_IR 1.0.17791 to the "
                    "Gen code of the compiler's own text (corpus2_test.py --genx-ir-chroot)\n")
            for n in sorted(new_digests):
                f.write("%s\t%s\n" % (n, new_digests[n]))
        print("%d digests written" % len(new_digests))
    if digests and not a.genx_ir_chroot:
        print("%d files carry a GenX_IR 1.0.17791 digest" % len(digests))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
