#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""How much of what Intel's compiler emits for OpenCL C the machine runs.

Compiles every OpenCL C file of a directory with ocloc (IGC's dumps: each kernel's .visaasm,
.cos and the program binary) and launches every kernel twice with zero inputs on a tiny NDRange:
from the dumps (the .cos, "program") and from the source (vsmp launch compiles the zebin). Each
launch ends one of four ways:

  read     refused by the interface reader (.cos or zeinfo), before anything is planned
  plan     refused while the machine plans the kernel (an instruction or form it lacks)
  fault    planned, then failed while running (zero inputs can address outside a buffer)
  run      ran to its end

and the report counts, per instruction mnemonic of the kernels' .visaasm and per interface
feature (of the .cos's patch tokens), how many kernels have it, and how many of those plan
(everything but read and plan) and run, for each of the two paths; then the instructions that
refused a plan, with how many kernels each refused. Results are not compared with anything:
zero inputs only show what is refused (tests/launch compares results).

usage: scripts/coverage.py [--device tgllp] [--simd 16] [--vsmp build/vsmp] [--options OPTS]
                           [--json FILE] [-v] DIR
"""
import argparse
import collections
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

PLATFORMS = {"tgllp": "TGLLP", "skl": "SKL", "acm-g10": "DG2", "dg2": "DG2", "icllp": "ICLLP"}
SCALARS = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float",
           "double"}
IMAGES = {"image1d_t": {"type": "1D", "width": 8},
          "image1d_buffer_t": {"type": "BUFFER", "width": 8},
          "image1d_array_t": {"type": "1D", "array": True, "array_len": 2, "width": 8},
          "image2d_t": {"type": "2D", "width": 8, "height": 8},
          "image2d_depth_t": {"type": "2D", "width": 8, "height": 8, "format": "R32_FLOAT"},
          "image2d_array_t": {"type": "2D", "array": True, "array_len": 2, "width": 8,
                              "height": 8},
          "image3d_t": {"type": "3D", "width": 8, "height": 8, "depth": 2}}
# the interface features, by what the .cos says
FEATURES = [
    ("program-scope __constant", r"ALLOCATE_STATELESS_CONSTANT_MEMORY_SURFACE_WITH_INIT"),
    ("program-scope __global", r"ALLOCATE_STATELESS_GLOBAL_MEMORY_SURFACE_WITH_INIT"),
    ("printf", r"ALLOCATE_STATELESS_PRINTF_SURFACE"),
    ("private memory (stateless)", r"PerThreadPrivateMemorySize= *[1-9]"),
    ("scratch space", r"PerThreadScratchSpace = *[1-9]"),
    ("__local arguments", r"SUM_OF_LOCAL_MEMORY_OBJECT_ARGUMENT_SIZES"),
    ("inline __local", r"TotalInlineLocalMemorySize = *[1-9]"),
    ("images", r"IMAGE_MEMORY_OBJECT_KERNEL_ARGUMENT"),
    ("sampler arguments", r"SAMPLER_KERNEL_ARGUMENT"),
    ("inline samplers", r"SAMPLER_STATE_ARRAY"),
    ("no local IDs", r"UnusedPerThreadConstantPresent = true"),
    ("barriers", r"HasBarriers = [1-9]"),
]


def dumps(ocloc, cl, dev, simd, options, out):
    """IGC's dumps of one program: {kernel: (visaasm, cos)}, the program binary, ocloc's log."""
    os.makedirs(out)
    src = os.path.join(out, "p.cl")
    shutil.copy(cl, src)
    env = dict(os.environ, IGC_ShaderDumpEnable="1", IGC_DumpToCustomDir=out)
    if simd:
        env["IGC_ForceOCLSIMDWidth"] = str(simd)
    cmd = [ocloc, "compile", "-file", src, "-device", dev]
    if options:
        cmd += ["-options", options]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=out, env=env, timeout=600)
    kernels = {}
    for va in glob.glob(os.path.join(out, "*_simd*_entry_*.visaasm")):
        m = re.search(r'^\.kernel "([^"]+)"', open(va, errors="replace").read(), re.M)
        cos = va[:-len(".visaasm")] + ".cos"
        if m and os.path.exists(cos):
            kernels[m.group(1)] = (va, cos)
    pb = glob.glob(os.path.join(out, "*.progbin"))
    return kernels, (pb[0] if pb else None), p.returncode, p.stdout + p.stderr


def arg_info(cos_text):
    """[(address qualifier, type name)] by argument number, from KERNEL_ARGUMENT_INFO."""
    args = {}
    for blk in cos_text.split("PATCH_TOKEN_KERNEL_ARGUMENT_INFO")[1:]:
        n = re.search(r"ArgumentNumber\s*=\s*(\d+)", blk)
        aq = re.search(r'AddressQualifierSize\s*=.*value = "([^"]*)"', blk)
        ty = re.search(r'TypeNameSize\s*=.*value = "([^"]*)"', blk)
        if n:
            args[int(n.group(1))] = (aq.group(1) if aq else "", (ty.group(1) if ty else "")
                                     .split(";")[0])
    return [args.get(i, ("", "")) for i in range(max(args) + 1 if args else 0)]


def zero_args(info):
    """Launch arguments of zeros for every argument, or None when one cannot be made."""
    out = []
    for aq, ty in info:
        if aq == "__local":
            out.append({"kind": "local", "size": 4096})
        elif ty.endswith("*"):
            out.append({"kind": "buffer", "type": "uchar", "count": 1 << 16})
        elif ty in IMAGES:
            out.append(dict({"kind": "image", "format": "R8G8B8A8_UNORM"}, **IMAGES[ty]))
        elif ty == "sampler_t":
            out.append({"kind": "sampler", "sampler": "CLK_NORMALIZED_COORDS_FALSE | "
                        "CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST"})
        else:
            m = re.match(r"([a-z]+?)(\d*)$", ty)
            if not m or m.group(1) not in SCALARS:
                return None
            n = int(m.group(2) or 1)
            out.append({"kind": "scalar", "type": ty, "value": [0] * n if n > 1 else 0})
    return out


def classify(p):
    """(outcome, the refusing diagnostic's file, line, message)."""
    if p.returncode == 0:
        return ("run", None, None, "")
    err = p.stderr
    first = next((ln for ln in err.splitlines() if ": error:" in ln), err.strip()[-300:])
    m = re.match(r"(.+?):(\d+):(\d+): error: (.*)", first)
    where = (m.group(1), int(m.group(2))) if m else (None, None)
    if "in work-group" in err:
        return ("fault",) + where + (first,)
    if re.search(r"is not launched|\.cos:\d+: error|\[launch\.(iface|program|printf)\]|unknown "
                 r"key|inline sampler", err):
        return ("read",) + where + (first,)
    return ("plan",) + where + (first,)


def mnemonics(visaasm):
    ops = set()
    for ln in open(visaasm, errors="replace"):
        m = re.match(r"\s+(?:\([^)]*\)\s+)?([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*)\s", ln)
        if m and not ln.lstrip().startswith("//"):
            ops.add(m.group(1).split(".")[0])
    return ops


def mnemonic_at(path, line):
    try:
        text = open(path, errors="replace").read().splitlines()[line - 1]
    except (OSError, IndexError, TypeError):
        return None
    m = re.match(r"\s+(?:\([^)]*\)\s+)?([a-z][a-z0-9_]*)", text)
    return m.group(1) if m else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--device", default="tgllp")
    ap.add_argument("--simd", type=int, default=0, help="IGC_ForceOCLSIMDWidth (0: IGC's choice)")
    ap.add_argument("--vsmp", default="build/vsmp")
    ap.add_argument("--options", default="-cl-std=CL2.0", help="ocloc -options")
    ap.add_argument("--global-size", type=int, default=32)
    ap.add_argument("--json", help="write every kernel's outcome here")
    ap.add_argument("-v", action="store_true")
    o = ap.parse_args()
    ocloc = os.environ.get("VSMP_OCLOC") or shutil.which("ocloc")
    if not ocloc:
        sys.exit("coverage: ocloc not found (intel-opencl-icd)")
    platform = PLATFORMS.get(o.device)
    if not platform:
        sys.exit("coverage: device %s: one of %s" % (o.device, ", ".join(sorted(PLATFORMS))))
    files = sorted(glob.glob(os.path.join(o.dir, "*.cl")))
    rows = []
    failed_builds = []
    with tempfile.TemporaryDirectory() as tmp:
        cache = os.path.join(tmp, "cache")
        for fi, cl in enumerate(files):
            kernels, progbin, rc, log = dumps(ocloc, cl, o.device, o.simd, o.options,
                                              os.path.join(tmp, "d%d" % fi))
            if rc != 0 or not kernels:
                failed_builds.append(os.path.basename(cl))
                continue
            for name in sorted(kernels):
                va, cos = kernels[name]
                text = open(cos, errors="replace").read()
                info = arg_info(text)
                args = zero_args(info)
                row = {"file": os.path.basename(cl), "kernel": name,
                       "ops": sorted(mnemonics(va)),
                       "features": [f for f, rx in FEATURES if re.search(rx, text)]}
                if args is None:
                    row["cos"] = row["src"] = ("read", None, None,
                                               "an argument type the script cannot make: %r"
                                               % (info,))
                    rows.append(row)
                    continue
                common = {"platform": platform, "global": [o.global_size], "args": args}
                dcos = dict(common, kernel=va, interface=cos)
                if progbin:
                    dcos["program"] = progbin
                    if "SAMPLER_STATE_ARRAY" in text:
                        dcos["dynamic_state"] = progbin
                dsrc = dict(common, source=os.path.abspath(cl), kernel=name, device=o.device,
                            options=o.options)
                for path, desc in (("cos", dcos), ("src", dsrc)):
                    jpath = os.path.join(tmp, "l.json")
                    json.dump(desc, open(jpath, "w"))
                    env = dict(os.environ, XDG_CACHE_HOME=cache, VSMP_LAUNCH_WORKERS="1")
                    if o.simd:
                        env["IGC_ForceOCLSIMDWidth"] = str(o.simd)
                    p = subprocess.run([o.vsmp, "launch", "--quiet", "--max-instructions",
                                        "100000000", jpath], capture_output=True, text=True,
                                       timeout=600, env=env)
                    kind, f, line, msg = classify(p)
                    # the instruction that refused the plan (its line in the kernel's text)
                    by = mnemonic_at(f, line) if kind == "plan" and f else None
                    m = re.search(r"instruction \d+ \(([a-z_0-9]+)", msg)
                    if kind == "plan" and not by and m:
                        by = m.group(1)
                    row[path] = (kind, by, None, msg)
                rows.append(row)
                if o.v:
                    print("%-24s %-8s cos %-6s src %-6s %s" % (name, row["file"][:8], row["cos"][0],
                                                             row["src"][0], row["cos"][3][-120:]))
    report(o, rows, failed_builds, files)
    if o.json:
        json.dump(rows, open(o.json, "w"), indent=1)
    return 0


def report(o, rows, failed_builds, files):
    def counts(rows, path):
        c = collections.Counter(r[path][0] for r in rows)
        return len(rows), len(rows) - c["read"] - c["plan"], c["run"]

    print("coverage of %s: %d files, %d kernels (%s, SIMD %s, options %r); %d files ocloc did "
          "not build%s" % (o.dir, len(files), len(rows), o.device, o.simd or "IGC's", o.options,
                           len(failed_builds),
                           ": " + ", ".join(failed_builds) if failed_builds else ""))
    for path, what in (("cos", "IGC's .cos + program binary"), ("src", "the zebin (source)")):
        n, planned, ran = counts(rows, path)
        c = collections.Counter(r[path][0] for r in rows)
        print("  %s: %d kernels, %d plan, %d run (read refused %d, plan refused %d, faulted "
              "with zero inputs %d)" % (what, n, planned, ran, c["read"], c["plan"], c["fault"]))
    print("\n| interface feature | kernels | plan (.cos) | run (.cos) | plan (zebin) | run (zebin) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for f, _ in FEATURES:
        sel = [r for r in rows if f in r["features"]]
        if sel:
            _, pc, rc = counts(sel, "cos")
            _, ps, rs = counts(sel, "src")
            print("| %s | %d | %d | %d | %d | %d |" % (f, len(sel), pc, rc, ps, rs))
    ops = sorted({op for r in rows for op in r["ops"]})
    print("\n| instruction | kernels | plan (.cos) | run (.cos) | plan (zebin) | run (zebin) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for op in ops:
        sel = [r for r in rows if op in r["ops"]]
        _, pc, rc = counts(sel, "cos")
        _, ps, rs = counts(sel, "src")
        print("| `%s` | %d | %d | %d | %d | %d |" % (op, len(sel), pc, rc, ps, rs))
    refusals = collections.Counter()
    for r in rows:
        for path in ("cos", "src"):
            kind, op, _, msg = r[path]
            if kind in ("read", "plan"):
                why = normalize(msg)
                key = (path, kind, op or "-", why)
                refusals[key] += 1
    print("\n| path | refused at | by | kernels | reason (the first diagnostic) |")
    print("| --- | --- | --- | --- | --- |")
    for (path, kind, by, why), n in sorted(refusals.items(), key=lambda kv: (-kv[1], kv[0])):
        print("| %s | %s | %s | %d | %s |" % ("cos" if path == "cos" else "zebin", kind,
                                              "`%s`" % by if by != "-" else "-", n,
                                              why.replace("|", "/")))


def normalize(msg):
    """A diagnostic without what differs from kernel to kernel (paths, numbers, names)."""
    m = re.sub(r"^.*?error: ", "", msg)
    m = re.sub(r"^.*? is not launched: ", "", m)
    m = re.sub(r"instruction \d+", "instruction N", m)
    m = re.sub(r"zeinfo line \d+: kernel \S+: ", "", m)
    m = re.sub(r"zeinfo line \d+: ", "", m)
    m = re.sub(r"\.rel\.text\.\S+", ".rel.text.KERNEL", m)
    m = re.sub(r"\(argument \d+\)", "", m)
    return m[:150]


if __name__ == "__main__":
    sys.exit(main())
