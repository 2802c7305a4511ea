#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Kernels of today's compiler (tests/corpus2: IGC 2.40, ocloc 26.27) launched by `vsmp launch`
from their zebin (the "binary" path: the `.visaasm` sections and the zeinfo 1.73), against
the expected outputs for the same sources, inputs and NDRange (tests/corpus/expected, the files
launch_e2e uses: pocl's, and the OpenCL specification's where pocl cannot run a kernel; nothing
of vsmp produced them). Tolerances are launch_e2e's
(tests/launch/launch_test.py TOLERANCE).

Each expected kernel is launched on every device of --devices (default all: skl and icllp from
IGC 1.0.17791, tgllp, dg2, mtl, arl and the 64-byte-register lnl, bmg, ptl from IGC 2.40) at
SIMD 8, 16 and 32: from KERNEL.DEVICE.simdW.visaasm with the program's
SOURCE.DEVICE.simdW.zeinfo as its "interface", and at SIMD16 also from SOURCE.DEVICE.simd16.zebin
("binary"; the corpus keeps a zebin at every width, and the .zeinfo launches take their program's
data from the zebin of their width: a program with const_base or global_base whose zebin is
missing fails the tier). A launch passes when every output equals the expected one as
launch_test.compare has it (tolerances, "any_of", printf as text, IGC 1.0.17791's SIMD32
subroutine returns);
a launch refused with its reason (a kernel the zeinfo reader keeps unsupported, an instruction
the machine does not implement) is listed REFUSED with that reason, counted, and fails the tier
only with --strict (unless KNOWN_REFUSALS lists it); a kernel whose source tests/corpus2 does not hold is counted apart. Any
other error or difference fails.

usage: launch2_test.py --vsmp PATH [--devices skl,icllp,tgllp,dg2,mtl,arl,lnl,bmg,ptl] [--filter REGEX] [--strict] [-v]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "launch"))
import launch_test  # noqa: E402  (launch_args, compare, TOLERANCE)

PLATFORMS = {"skl": "SKL", "icllp": "ICLLP", "tgllp": "TGLLP", "dg2": "DG2", "mtl": "MTL",
             "arl": "ARL", "lnl": "LNL",
             "bmg": "BMG", "ptl": "PTL"}


def reason(stderr):
    """The refusal's reason: the first error line, without the file prefix."""
    for ln in stderr.splitlines():
        if "error" in ln:
            return re.sub(r"^\S+: ", "", ln.strip())[:200]
    return stderr.strip()[-200:]


def kernel_zeinfo(text, name):
    """The zeinfo's entry of kernel @p name under `kernels:` (its text up to the next entry or
    top-level key), or the whole text when there is none."""
    m = re.search(r"^  - name:\s+%s\n(.*?)(?=^  - |^\S)" % re.escape(name), text, re.M | re.S)
    return m.group(1) if m else text


def launch(o, work, desc, exp, name, tol, skip=None):
    """True when the launch's outputs equal pocl's; else ("refused", why) or ("failed", why)."""
    jpath = os.path.join(work, "launch.json")
    with open(jpath, "w") as f:
        json.dump(desc, f)
    p = subprocess.run([o.vsmp, "launch", jpath], capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        why = reason(p.stderr)
        if "[exec-unsupported]" in p.stderr or "is not launched" in p.stderr:
            return ("refused", why)
        return ("failed", "vsmp launch exit %d: %s" % (p.returncode, why))
    lines = launch_test.printed(p.stdout)
    res = launch_test.compare(name, exp, lines, tol, skip)
    pf = launch_test.printf_differs(exp, p.stdout)
    if pf:
        res.append((1, 1, 0.0, pf))
    if sum(r[1] for r in res):
        return ("failed", "; ".join("%d of %d differ (%s)" % (r[1], r[0], r[3])
                                    for r in res if r[1]))
    WORST[name] = max([WORST.get(name, 0.0)] + [r[2] for r in res])
    return True


WORST = {}  # kernel: the largest float difference from pocl over its passing launches

# iface.cl's float kernel (tests/launch/iface_e2e_test.py's tolerance): pow and tan are not
# correctly rounded (OpenCL: 16 and 4 ulp), and IGC's and pocl's differ in the last bits
IFACE_TOLERANCE = {"ps_pow_tan": 1e-5}

# Refusals the machine gives today, by kernel and device, with the reason the diagnostic names
# (docs/LAUNCH.md section 6): such a launch is counted as refused and does not fail --strict;
# any other refusal does.
KNOWN_REFUSALS = {}  # (kernel, device) -> the text its refusal must contain; none today


def negative_cases(o, work):
    """Launches refused with their reason (exit 1): the zeinfo interface without the kernel the
    .visaasm names; an Xe2 zebin, and an Xe2 kernel with its zeinfo as interface, launched for
    TGLLP (the kernel's 64-byte %r0 alias does not fit TGLLP's 32-byte r0: read for 32, its
    SIMD16 local IDs of 64 bytes would pass for two dimensions); and lr_deadlock on every
    device of --devices, a barrier only the group's first eight work-items reach (undefined in
    OpenCL, so it has no pocl expectation): at the device's narrowest width, a group of two
    hardware threads, of which one waits at the barrier while the other ends: the deadlock."""
    exp = {"global": [16], "args": [{"kind": "buffer", "type": "int", "data": [0] * 16},
                                     {"kind": "buffer", "type": "int", "count": 16}]}
    cases = [
        ({"kernel": os.path.join(work, "br_switch.dg2.simd16.visaasm"),
          "interface": os.path.join(work, "vector.dg2.simd16.zeinfo"), "platform": "DG2"},
         "holds no kernel \"br_switch\""),
        ({"binary": os.path.join(work, "branch.lnl.simd16.zebin"), "kernel": "br_switch",
          "platform": "TGLLP"}, "which is one 32-byte GRF on TGLLP"),
        # "program": a zebin without the .zeinfo's kernel (another program's)
        ({"kernel": os.path.join(work, "pf_hello.tgllp.simd16.visaasm"),
          "interface": os.path.join(work, "printf.tgllp.simd16.zeinfo"),
          "program": os.path.join(work, "branch.tgllp.simd16.zebin"), "platform": "TGLLP",
          "args": [{"kind": "buffer", "type": "float", "count": 16}]},
         "the zebin holds no kernel \"pf_hello\""),
        ({"kernel": os.path.join(work, "br_switch.lnl.simd16.visaasm"),
          "interface": os.path.join(work, "branch.lnl.simd16.zeinfo"), "platform": "TGLLP"},
         "which is one 32-byte GRF on TGLLP"),
    ]
    for dev in o.devices.split(","):
        simd = 16 if dev in ("lnl", "bmg", "ptl") else 8  # IGC 2.40: no SIMD8 on Xe2/Xe3
        cases.append((
            {"kernel": os.path.join(work, "lr_deadlock.%s.simd%d.visaasm" % (dev, simd)),
             "interface": os.path.join(work, "local_reduce.%s.simd%d.zeinfo" % (dev, simd)),
             "platform": PLATFORMS[dev], "local": [2 * simd], "global": [2 * simd],
             "args": [{"kind": "buffer", "type": "int", "count": 2 * simd}]},
            "deadlock"))
    failed = 0
    for desc, want in cases:
        desc = dict(exp, **desc)
        jpath = os.path.join(work, "neg.json")
        with open(jpath, "w") as f:
            json.dump(desc, f)
        p = subprocess.run([o.vsmp, "launch", jpath], capture_output=True, text=True, timeout=60)
        if p.returncode != 1 or want not in p.stderr:
            failed += 1
            print("FAIL refusal \"%s\": exit %d: %s" % (want, p.returncode, p.stderr.strip()))
    print("launch2: %d of %d refusals as expected" % (len(cases) - failed, len(cases)))
    return failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vsmp", required=True)
    ap.add_argument("--devices", default=",".join(PLATFORMS))
    ap.add_argument("--filter", default="")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("-v", action="store_true")
    o = ap.parse_args()
    edir = os.path.join(HERE, "..", "corpus", "expected")
    devices = o.devices.split(",")
    for d in devices:
        if d not in PLATFORMS:
            print("unknown device %s (%s)" % (d, ", ".join(PLATFORMS)))
            return 2
    counts = {d: [0, 0, 0] for d in devices}  # passed, failed, refused
    absent = 0
    no_data = 0  # zeinfo runs of programs with program-scope data and no zebin at that SIMD
    refusals = {}
    known = 0  # refusals KNOWN_REFUSALS lists
    with tempfile.TemporaryDirectory(prefix="vsmp-launch2-") as work:
        for arc in ("zebin", "zeinfo", "visaasm"):
            with tarfile.open(os.path.join(HERE, arc + ".tar.xz")) as t:
                t.extractall(work)
        for fn in sorted(os.listdir(edir)):
            if not fn.endswith(".json"):
                continue
            exp = json.load(open(os.path.join(edir, fn)))
            name = exp["kernel"]
            if not re.search(o.filter, name):
                continue
            stem = os.path.splitext(os.path.basename(exp["source"]))[0]
            tol = launch_test.TOLERANCE.get(name, (IFACE_TOLERANCE.get(name, 0.0), "exact"))[0]
            outputs = {a["index"] for a in exp["outputs"]}
            for dev in devices:
                runs = []
                for simd in (8, 16, 32):
                    vis = os.path.join(work, "%s.%s.simd%d.visaasm" % (name, dev, simd))
                    zi = os.path.join(work, "%s.%s.simd%d.zeinfo" % (stem, dev, simd))
                    if os.path.exists(vis) and os.path.exists(zi):
                        desc = {"kernel": vis, "interface": zi, "simd": simd}
                        # the program-scope data (const_base, global_base) from the zebin of
                        # the same compilation (the corpus keeps a zebin at every width)
                        zb = os.path.join(work, "%s.%s.simd%d.zebin" % (stem, dev, simd))
                        if os.path.exists(zb):
                            desc["program"] = zb
                        elif re.search(r"arg_type:\s*(const_base|global_base)",
                                       kernel_zeinfo(open(zi).read(), name)) \
                                or 'faddr "' in open(vis).read():
                            # the kernel reaches data only its zebin carries (through the
                            # payload, or faddr: printf strings): a corpus without that zebin
                            # is incomplete, and the tier fails
                            no_data += 1
                            print("FAIL %s.%s.simd%d.zeinfo: the kernel reaches program data "
                                  "(const_base, global_base, faddr) and the corpus has no %s" %
                                  (name, dev, simd, os.path.basename(zb)))
                            continue
                        runs.append(("%s.%s.simd%d.zeinfo" % (name, dev, simd), desc))
                zebin = os.path.join(work, "%s.%s.simd16.zebin" % (stem, dev))
                if os.path.exists(zebin):
                    runs.append(("%s.%s.simd16.zebin" % (name, dev),
                                 {"binary": zebin, "kernel": name, "simd": 16}))
                if not runs:
                    absent += 1
                    continue
                for label, desc in runs:
                    # IGC 1.0.17791 (skl, icllp) has launch_test's SIMD32 defect, 2.40 not
                    skip = launch_test.half_return_skip(name, desc.pop("simd"),
                                                        dev not in ("skl", "icllp"))
                    desc.update({"platform": PLATFORMS[dev], "global": exp["global"],
                                 "args": launch_test.launch_args(exp, outputs)})
                    for key in ("local", "offset"):  # the global offset: go_offset
                        if exp.get(key):
                            desc[key] = exp[key]
                    verdict = launch(o, work, desc, exp, name, tol, skip)
                    if verdict is True:
                        counts[dev][0] += 1
                        if o.v:
                            print("ok   %s" % label)
                    elif verdict[0] == "refused":
                        counts[dev][2] += 1
                        refusals[label] = verdict[1]
                        if KNOWN_REFUSALS.get((name, dev), "\0") in verdict[1]:
                            known += 1
                    else:
                        counts[dev][1] += 1
                        print("FAIL %s: %s" % (label, verdict[1]))
        if not o.filter:
            negative = negative_cases(o, work)
    if o.v:
        for name in sorted(WORST):
            if WORST[name]:
                print("largest float difference %s: %.3g" % (name, WORST[name]))
    for label in sorted(refusals):
        print("REFUSED %s: %s" % (label, refusals[label]))
    failed = 0
    for d in devices:
        p, f, r = counts[d]
        failed += f
        print("launch2 %s: %d launched and match the expected outputs, %d failed, %d refused" %
              (d, p, f, r))
    print("launch2: %d kernel-device pairs without files (their source is not in tests/corpus2)"
          % absent)
    print("launch2: %d .zeinfo runs without program data (const_base or global_base, and no "
          "zebin at that SIMD width)" % no_data)
    failed += no_data
    if not o.filter:
        failed += negative
    print("launch2: %d of the refusals are the known ones (KNOWN_REFUSALS)" % known)
    if o.strict:
        failed += sum(c[2] for c in counts.values()) - known
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
