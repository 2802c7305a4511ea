#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The interface features end to end (docs/LAUNCH.md sections 1, 2 and 6): the kernels of
tests/corpus/cl/iface.cl (program-scope __constant and __global data, pow() and tan()'s constant
tables, printf, a private array, the global offset, a kernel without local IDs) compiled by ocloc
for tgllp at SIMD8/16/32 and skl and acm-g10 at SIMD16, launched two ways:

  cos: IGC's dumps (IGC_ShaderDumpEnable): the kernel's .visaasm, its .cos and the program
       binary (.progbin: "program", the program-scope bytes and relocations);
  src: "source" and "options": vsmp launch compiles the zebin itself (its .visaasm and zeinfo);

and compared with pocl's results for the same inputs and NDRange (tests/corpus/expected/*.json,
scripts/gen-expected.sh): buffers as launch_e2e compares them, printf output as text, line by
line after sorting (pocl runs work-items in another order than the machine's SIMD lanes).

A launch the machine or the reader refuses (exit 1 with its reason) is listed UNSUPPORTED with
that reason; REQUIRED names the launches that must run and match, so a feature that regresses to
a refusal fails the test.

usage: iface_e2e_test.py --vsmp build/vsmp [--corpus tests/corpus] [-v]
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import launch_test  # noqa: E402  (launch_args, compare, TOLERANCE)

VARIANTS = [("tgllp", 8), ("tgllp", 16), ("tgllp", 32), ("skl", 16), ("acm-g10", 16)]
PLATFORMS = {"tgllp": "TGLLP", "skl": "SKL", "acm-g10": "DG2"}
SOURCE = "cl/iface.cl"
# float kernels: pow and tan are not correctly rounded (OpenCL: 16 and 4 ulp); IGC and pocl
# each approximate them their own way
TOLERANCE = {"ps_pow_tan": 1e-5, "ps_table": 0.0}
# (kernel, path, device or None for every one) that must run and match pocl
REQUIRED = {("ps_table", "cos", None), ("ps_global", "cos", None), ("ps_pow_tan", "cos", None),
            # from the zebin: the symbols faddr takes the address of (.symtab, .data.const,
            # .data.global), printf's strings by address
            ("ps_table", "src", None), ("ps_global", "src", None), ("ps_pow_tan", "src", None),
            ("pf_ints", "src", None),
            ("go_offset", "cos", None), ("go_offset", "src", None), ("nl_groups", "cos", None),
            ("nl_groups", "src", None),
            # acm-g10 keeps private arrays in stateless private memory, tgllp and skl in the
            # scratch surface T5
            ("pv_array", "cos", None), ("pv_array", "src", None),
            # printf: its records are reserved with svm_atomic; a machine without it refuses
            # the kernel at planning, and that refusal alone is allowed
            ("pf_ints", "cos", None)}
ALLOWED_REFUSAL = {"pf_ints": r"\(svm_atomic\) is not implemented"}


def dumps(ocloc, cl, dev, simd, tmp):
    """IGC's dumps of the whole program for one device and width: {kernel: (visaasm, cos)} and
    the program binary."""
    out = os.path.join(tmp, "dump.%s.%d" % (dev, simd))
    os.makedirs(out)
    src = os.path.join(out, "p.cl")
    shutil.copy(cl, src)
    env = dict(os.environ, IGC_ShaderDumpEnable="1", IGC_DumpToCustomDir=out,
               IGC_ForceOCLSIMDWidth=str(simd))
    p = subprocess.run([ocloc, "compile", "-file", src, "-device", dev, "-options",
                        "-cl-std=CL2.0"], capture_output=True, text=True, cwd=out, env=env,
                       timeout=300)
    if p.returncode != 0:
        raise RuntimeError("ocloc %s: %s" % (dev, p.stdout[-400:] + p.stderr[-400:]))
    kernels = {}
    for va in glob.glob(os.path.join(out, "*_simd%d_entry_*.visaasm" % simd)):
        m = re.search(r'^\.kernel "([^"]+)"', open(va).read(), re.M)
        cos = va[:-len(".visaasm")] + ".cos"
        if m and os.path.exists(cos):
            kernels[m.group(1)] = (va, cos)
    pb = glob.glob(os.path.join(out, "*.progbin"))
    return kernels, pb[0] if pb else None


def printf_lines(stdout):
    return sorted(ln for ln in stdout.splitlines() if not re.match(r"arg\d+ =", ln))


def check(o, exp, label, p, tol):
    """'pass', ('unsupported', reason) or ('fail', why)."""
    if p.returncode != 0:
        err = p.stderr.strip()
        if p.returncode == 1 and re.search(r"not implemented|is not launched|not a declared surface"
                                           r"|does not (fill|provide)", err):
            reason = [ln for ln in err.splitlines()
                      if re.search(r"not implemented|not launched|declared surface|does not", ln)]
            return ("unsupported", reason[0] if reason else err[-200:])
        return ("fail", "exit %d: %s" % (p.returncode, err[-500:]))
    if "printf" in exp:
        want, got = sorted(exp["printf"].splitlines()), printf_lines(p.stdout)
        if want != got:
            return ("fail", "printf output differs: pocl %r, vsmp %r" % (want[:3], got[:3]))
    lines = {}
    for ln in p.stdout.splitlines():
        m = re.match(r"arg(\d+) =(.*)", ln)
        if m:
            lines[int(m.group(1))] = m.group(2).split()
    res = launch_test.compare(exp["kernel"], exp, lines, tol)
    bad = [r for r in res if r[1]]
    if bad:
        return ("fail", "; ".join("%d of %d differ (%s)" % (r[1], r[0], r[3]) for r in bad))
    return "pass"


def hand_cases(o, tmp, cache):
    """The image queries, worked out by hand: get_image_channel_order(img) * 256 +
    get_image_channel_data_type(img) is CL_RGBA (0x10B5) * 256 + CL_UNORM_INT8 (0x10D2) =
    1099218 for R8G8B8A8_UNORM and CL_R (0x10B0) * 256 + CL_FLOAT (0x10DE) = 1097950 for
    R32_FLOAT (the values of CL/cl.h, which OpenCL C's CLK_* equal); get_image_num_mip_levels of
    an image of 3 levels, all zero, added to its read: 3 in every component. (pocl builds no
    cl_khr_fp16 program, and img_half.cl is one.) Returns (passed, failed)."""
    cl = lambda f: os.path.abspath(os.path.join(o.corpus, "cl", f))
    img = lambda fmt, w, h, **kw: dict({"kind": "image", "format": fmt, "width": w, "height": h},
                                       **kw)
    out = {"kind": "buffer", "type": "int", "count": 8, "print": True}
    cases = [
        ("q_format RGBA UNORM8, zebin", {"source": cl("img_half.cl"), "kernel": "q_format",
                                         "global": [4, 2],
                                         "args": [img("R8G8B8A8_UNORM", 4, 2), out]},
         ["1099218"] * 8),
        ("q_format R32_FLOAT, zebin", {"source": cl("img_half.cl"), "kernel": "q_format",
                                       "global": [4, 2], "args": [img("R32_FLOAT", 4, 2), out]},
         ["1097950"] * 8),
        ("mip_lod, 3 levels, zebin", {"source": cl("img_mip.cl"), "kernel": "mip_lod",
                                      "options": "-cl-std=CL2.0",
                                      "global": [4, 4],
                                      "args": [img("R8G8B8A8_UNORM", 4, 4, levels=3),
                                               {"kind": "buffer", "type": "float4", "count": 16,
                                                "print": True},
                                               {"kind": "scalar", "type": "float", "value": 0}]},
         ["3"] * 64),
    ]
    # work_group_reduce_add and work_group_scan_inclusive_add of in[i] = i + 1 over two groups
    # of 64 work-items (several hardware threads each): group 0 sums 1..64 = 64 * 65 / 2 = 2080,
    # group 1 65..128 = 128 * 129 / 2 - 2080 = 6176; the inclusive scan at i is
    # (i + 1)(i + 2) / 2, less 2080 in group 1. On acm-g10 IGC takes each thread's sub-group
    # index from r0.2 bits 7:0 (the launcher's thread index in its group).
    seq = list(range(1, 129))
    red = ["2080"] * 64 + ["6176"] * 64
    scan = [str((i + 1) * (i + 2) // 2 - (2080 if i >= 64 else 0)) for i in range(128)]
    for dev in ("acm-g10", "tgllp"):
        for kern, want in (("wg_reduce_add", red), ("wg_scan_add", scan)):
            cases.append(("%s, %s, zebin" % (kern, dev),
                          {"source": cl("wg_funcs.cl"), "kernel": kern, "device": dev,
                           "options": "-cl-std=CL2.0", "global": [128], "local": [64],
                           "args": [{"kind": "buffer", "type": "int", "data": seq},
                                    {"kind": "buffer", "type": "int", "count": 128,
                                     "print": True}]}, want))
    # scalars narrower than the 4 bytes IGC passes them in, each given in its own type:
    # c * 1000 + s + u * i = -3000 + 1234 + 200 i
    cases.append(("sa_char_short, zebin",
                  {"source": cl("small_args.cl"), "kernel": "sa_char_short", "global": [8],
                   "args": [{"kind": "buffer", "type": "int", "count": 8, "print": True},
                            {"kind": "scalar", "type": "char", "value": -3},
                            {"kind": "scalar", "type": "short", "value": 1234},
                            {"kind": "scalar", "type": "uchar", "value": 200}]},
                  [str(-1766 + 200 * i) for i in range(8)]))
    kdir = os.path.join(o.corpus, "k")
    base = os.path.join(kdir, "q_format.tgllp.simd16")
    if os.path.exists(base + ".cos.gz"):
        import gzip
        for ext in ("visaasm", "cos"):
            with gzip.open(base + "." + ext + ".gz", "rb") as src, \
                    open(os.path.join(tmp, "q." + ext), "wb") as dst:
                dst.write(src.read())
        cases.append(("q_format RGBA UNORM8, .cos (tgllp SIMD16)",
                      {"kernel": os.path.join(tmp, "q.visaasm"),
                       "interface": os.path.join(tmp, "q.cos"), "global": [4, 2],
                       "args": [img("R8G8B8A8_UNORM", 4, 2), out]}, ["1099218"] * 8))
    passed = failed = 0
    for label, desc, want in cases:
        jpath = os.path.join(tmp, "h.json")
        json.dump(desc, open(jpath, "w"))
        p = subprocess.run([o.vsmp, "launch", jpath], capture_output=True, text=True,
                           timeout=300, env=dict(os.environ, XDG_CACHE_HOME=cache))
        got = [ln.split("=", 1)[1].split() for ln in p.stdout.splitlines() if "=" in ln]
        if p.returncode != 0 or not got or got[-1] != want:
            failed += 1
            print("FAIL %s: exit %d: %s %s" % (label, p.returncode, p.stdout.strip()[-200:],
                                              p.stderr.strip()[-300:]))
        else:
            passed += 1
            if o.v:
                print("ok   %s" % label)
    return passed, failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vsmp", required=True)
    ap.add_argument("--corpus", default="tests/corpus")
    ap.add_argument("-v", action="store_true")
    o = ap.parse_args()
    ocloc = os.environ.get("VSMP_OCLOC") or shutil.which("ocloc")
    if not ocloc:
        print("iface_e2e: ocloc not found (intel-opencl-icd; scripts/deps.sh test)")
        return 1
    edir = os.path.join(o.corpus, "expected")
    cl = os.path.abspath(os.path.join(o.corpus, SOURCE))
    exps = []
    for fn in sorted(os.listdir(edir)):
        if fn.endswith(".json"):
            exp = json.load(open(os.path.join(edir, fn)))
            if exp.get("source") == SOURCE:
                exps.append(exp)
    counts = {"pass": 0, "unsupported": 0, "fail": 0}
    required_seen = set()
    with tempfile.TemporaryDirectory() as tmp:
        cache = os.path.join(tmp, "cache")
        for dev, simd in VARIANTS:
            kernels, progbin = dumps(ocloc, cl, dev, simd, tmp)
            for exp in exps:
                name = exp["kernel"]
                outputs = {a["index"] for a in exp["outputs"]}
                common = {"platform": PLATFORMS[dev], "global": exp["global"],
                          "args": launch_test.launch_args(exp, outputs)}
                for key in ("local", "offset"):
                    if exp.get(key):
                        common[key] = exp[key]
                descs = []
                if name in kernels:
                    va, cos = kernels[name]
                    d = dict(common, kernel=va, interface=cos)
                    if progbin:
                        d["program"] = progbin
                    descs.append(("cos", d))
                else:
                    counts["fail"] += 1
                    print("FAIL %s.%s.simd%d: IGC dumped no kernel of that name" % (name, dev, simd))
                descs.append(("src", dict(common, source=cl, kernel=name, device=dev,
                                          options=exp.get("options", ""))))
                for path, d in descs:
                    label = "%s.%s.simd%d %s" % (name, dev, simd, path)
                    jpath = os.path.join(tmp, "l.json")
                    json.dump(d, open(jpath, "w"))
                    env = dict(os.environ, XDG_CACHE_HOME=cache, IGC_ForceOCLSIMDWidth=str(simd),
                               VSMP_LAUNCH_WORKERS="2")
                    p = subprocess.run([o.vsmp, "launch", jpath], capture_output=True, text=True,
                                       timeout=300, env=env)
                    r = check(o, exp, label, p, TOLERANCE.get(name, 0.0))
                    req = (name, path, None) in REQUIRED or (name, path, dev) in REQUIRED
                    if req and r != "pass" and r[0] == "unsupported" and \
                            re.search(ALLOWED_REFUSAL.get(name, "^$"), r[1]):
                        req = False
                    if r == "pass":
                        counts["pass"] += 1
                        required_seen.add((name, path, dev, simd))
                        if o.v:
                            print("ok   %s" % label)
                    elif r[0] == "unsupported" and not req:
                        counts["unsupported"] += 1
                        print("UNSUPPORTED %s: %s" % (label, r[1]))
                    else:
                        counts["fail"] += 1
                        print("FAIL %s: %s%s" % (label, r[1], " (required to run)" if req else ""))
        hp, hf = hand_cases(o, tmp, cache)
        counts["pass"] += hp
        counts["fail"] += hf
    print("iface_e2e: %d passed, %d unsupported, %d failed (the .cos with the program binary, and "
          "the zebin; pocl's results; 4 image queries by hand)" % (counts["pass"],
                                                                  counts["unsupported"],
                                                                  counts["fail"]))
    return 1 if counts["fail"] or not counts["pass"] else 0


if __name__ == "__main__":
    sys.exit(main())
