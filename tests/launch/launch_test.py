#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""End-to-end tier of the launcher: corpus kernels compiled by Intel's ocloc (IGC 1.0.12504),
launched by `vsmp launch` over the NDRange pocl ran them on, with the same inputs, compared with
the outputs pocl (a second OpenCL implementation, on the CPU) computed: the committed
tests/corpus/expected/KERNEL.json files, produced by scripts/gen-expected.sh. Nothing of vsmp
produced them.

For every expected file and every platform and SIMD width the corpus holds the kernel at (with
its .cos interface), this writes a launch description, runs `vsmp launch` and compares every
output value:
  * integer results: exactly (an element the expectation's "any_of" names: any of the values
    it allows, as it depends on the order the work-items run in);
  * float results: within the kernel's tolerance (TOLERANCE below, each with its reason);
  * printf output: as text, line by line after sorting;
  * lanes 16..31 of SIMD32 subroutine returns from IGC 1.0.x are not compared
    (SIMD32_HALF_RETURN below: a compiler defect).
A kernel the machine refuses to plan (an instruction it does not implement, named) is listed as
UNSUPPORTED, not failed; any other launch error or any difference fails.

usage: launch_test.py --vsmp build/vsmp [--corpus tests/corpus] [--filter REGEX] [-v] [--source]

--source: the source tier instead (source_tier below).
"""
import argparse
import gzip
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

# Float tolerances, as the largest absolute difference allowed, per kernel. 0 = bit-exact.
TOLERANCE = {
    # every input and result exactly representable (the inputs were chosen so, see
    # tests/corpus/README.md): identical bits
    "buf_saxpy": (0.0, "exact inputs and results"),
    "loop_sum_n": (0.0, "exact inputs and results"),
    "cp_2d": (0.0, "a copy"),
    # pocl converts UNORM8 texels as x * (binary32 nearest 1/255), vsmp as the sampler does; the
    # two differ by one ulp for about half of the values (tests/corpus/README.md)
    "s2d_nearest_norm": (1.2e-7, "UNORM8 to float conversion: 1 ulp (values <= 1)"),
    # linear filtering of UNORM8 texels: Intel's sampler interpolates with an 8-bit sub-texel
    # weight (1/256 steps), pocl's software sampler with float weights; on a bilinear filter of
    # values in [0, 1] the difference is at most about 2/255 (docs/SEMANTICS section 12.8, 15)
    # vsmp filters in float as its rule says (SEMANTICS 12.8: the sub-texel grid ignored), so
    # what remains is float rounding: 4 ulp of values <= 1. Against real hardware this would
    # need about 2/255.
    "s2d_linear_norm": (4.8e-7, "float weights on both sides; float rounding"),
    # the same through a sampler_t argument, unnormalized coordinates between texel centres
    "s2d_linear_pix": (4.8e-7, "float weights on both sides; float rounding"),
    # the average of 9 converted UNORM8 texels: conversion ulps and the summation order (pocl
    # may vectorise and contract) move the last bits: 4 ulp of values <= 1
    "f_box3": (4.8e-7, "UNORM8 conversion and summation order"),
    # exp() is OpenCL's (pocl's libm) vs IGC's expansion through the hardware's exp2 (OpenCL
    # allows 3 ulp for exp, and native precision differs); weights are normalised, the texels
    # are read at texel centres: 1e-5 absolute on values <= 1
    "f_blur_h": (1e-5, "exp() precision (OpenCL: 3 ulp) and summation"),
    # math functions, not correctly rounded in OpenCL: tests/corpus/expected/check_expected.py
    # carries each function's bound of the OpenCL 1.2 ULP table (section 7.4, table 7.1) and
    # each float operation's half ulp through the expression for every input, checks pocl's
    # values against them, and prints twice the largest bound (two implementations that each
    # keep it differ by at most that): the tolerance below is that, rounded up
    "m_transcendental": (2.5e-4, "ULP table: sqrt 3, rsqrt 2, exp/exp2/log/log2 3, pow 16, "
                         "sin/cos 4, tan 5, atan2 6 ulp through the expression; |out| < 160"),
    "big_math": (9.2e-5, "ULP table: sin 4, sqrt 3, exp 3, pow 16 ulp through six chained "
                 "steps"),
    # large.cl's image kernels (tests/corpus/README.md): the convolution's texels and weights
    # are binary fractions; the linear taps lie on quarter texels (exact for 8-bit sub-texel
    # weights and for float ones) and those multiplied by 1 / (k + 1) are powers of two
    "big_conv9x9": (0.0, "binary-fraction texels and weights: every sum exact"),
    "big_lin_taps": (0.0, "quarter-texel taps; exact products, each sum rounded once"),
    # exp() weights: check_expected.py bounds each output (its exact exp arguments, exp 3 ulp,
    # division 2.5 ulp, half an ulp per product and sum over the 81 taps) and prints twice the
    # largest bound
    "big_bilateral": (6.9e-6, "ULP table: exp 3, divide 2.5 ulp through 81 weighted taps; "
                      "|out| <= 1"),
    # native_*: the implementation's precision (OpenCL 1.2 section 7.4); bounded as the full
    # functions, with IGC's expansions (exp2(x * log2 e), log2(u) * ln 2, x * recip(y)) and
    # their own roundings
    "m_native": (1.1e-5, "native_*: the full functions' ULP-table bounds, IGC's expansions"),
    # image dimensions and kinds (tests/corpus/expected: pocl, and spec_expected.py where pocl
    # cannot): copies, and linear reads only where the weights are exact, so no tolerance
    "cp_1d": (0.0, "a copy"),
    "cp_2darr": (0.0, "a copy"),
    "cp_3d": (0.0, "a copy"),
    "f_blend": (0.0, "values in 1/16 steps, mask weights 1/4..1: mix and squares exact"),
    # linear filtering at texel centres: the weights are 1 and 0 in float and on Intel's 8-bit
    # sub-texel grid alike (docs/SEMANTICS.md 12.8), so the texel itself
    "sd_1d": (0.0, "linear at texel centres (weight 1) plus nearest"),
    "sd_3d": (0.0, "linear at texel centres (weight 1)"),
    "sd_2darr": (0.0, "linear at texel centres; n x 2^20 texels keep the sum exact"),
    "hf_sample": (0.0, "linear at texel centres; 1.5 x k/8 exact in binary16"),
    # level 1 read at level 0's texel centres: weights 1/4 and 3/4, exact in float and on the
    # 8-bit sub-texel grid (64/256, 192/256), on texels in 1/16 steps
    "mip_lod": (0.0, "weights 1/4, 3/4 on 1/16 steps: exact"),
}

# OpenCL image channel types as vsmp surface formats
FORMATS = {"FLOAT": "R32G32B32A32_FLOAT", "UNORM_INT8": "R8G8B8A8_UNORM",
           "SIGNED_INT32": "R32G32B32A32_SINT", "UNSIGNED_INT32": "R32G32B32A32_UINT",
           "HALF_FLOAT": "R16G16B16A16_FLOAT"}
# the expected files' image kinds (OpenCL's image types) as vsmp surfaces (docs/SAMPLE_JOB.md):
# type and whether an array; "array_size" gives the layers, "depth" a 3D image's slices
IMAGE_KINDS = {"image1d": ("1D", False), "image1d_buffer": ("BUFFER", False),
               "image1d_array": ("1D", True), "image2d": ("2D", False),
               "image2d_array": ("2D", True), "image3d": ("3D", False)}
PLATFORMS = {"skl": "SKL", "tgllp": "TGLLP", "acm-g10": "DG2"}



def untimed(err):
    """stderr without the summary line's wall time (docs/LAUNCH.md section 3)."""
    return re.sub(r", [0-9.]+ s, (\d+ files? written)$", r", \1", err, flags=re.M)

def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def inline_samplers(cl_text, kernel):
    """The __constant sampler_t the kernel's body names, numbered from 0 in the order of their
    first use in the body, as IGC numbers a kernel's inline samplers (IGC 1.0.12504's
    `movs S0(0) 0x0` / `0x1` before each sampler message of sd_1d and sd_2darr, and the
    sampler_index of IGC 2.40's zeinfo inline_samplers, follow that order)."""
    consts = dict(re.findall(r"__constant\s+sampler_t\s+(\w+)\s*=\s*([^;]+);", cl_text))
    m = re.search(r"__kernel\s+void\s+" + kernel + r"\s*\(", cl_text)
    body = cl_text[m.end():]
    nxt = re.search(r"\n__kernel\s", body)
    body = body[:nxt.start()] if nxt else body
    first = {}
    for n in consts:
        u = re.search(r"\b" + n + r"\b", body)
        if u:
            first[n] = u.start()
    used = sorted(first, key=first.get)
    return [{"index": i, "sampler": " | ".join(s.strip() for s in consts[u].split("|"))}
            for i, u in enumerate(used)]


# OpenCL C's scalar types: bytes per element
SIZES = {"char": 1, "uchar": 1, "short": 2, "ushort": 2, "int": 4, "uint": 4, "long": 8,
         "ulong": 8, "float": 4, "double": 8}


def exact_value(v, vtype):
    """A launch description's element: longs and doubles as "0x..." bits (a JSON number is not
    exact beyond 2^53; docs/LAUNCH.md section 3), the rest as they are."""
    base = vtype.rstrip("0123456789")
    if isinstance(v, list):
        return [exact_value(x, base) for x in v]
    if base in ("long", "ulong"):
        return "0x%016x" % (v & (1 << 64) - 1)
    if base == "double":
        return "0x%016x" % struct.unpack("<Q", struct.pack("<d", v))[0]
    return v


def launch_args(exp, outputs):
    args = []
    for a in sorted(exp["args"], key=lambda a: a["index"]):
        out = a["index"] in outputs
        if a["kind"] == "buffer":
            e = {"kind": "buffer", "type": a["type"], "data": exact_value(a["data"], a["type"])}
        elif a["kind"] == "sampler":
            e = {"kind": "sampler", "sampler": a["value"]}
        elif a["kind"] == "scalar":
            e = {"kind": "scalar", "type": a["type"],
                 "value": exact_value(a["value"], a["type"])}
        elif a["kind"] == "local":
            e = {"kind": "local", "size": a["size"]}
        elif a["kind"] in IMAGE_KINDS:
            e = {"kind": "image", "format": FORMATS[a["channel_type"]], "width": a["width"]}
            typ, array = IMAGE_KINDS[a["kind"]]
            if typ != "2D":
                e["type"] = typ
            for k in ("height", "depth"):
                if k in a:
                    e[k] = a[k]
            if array:
                e["array"] = True
                e["array_len"] = a["array_size"]
            if a["channel_type"] == "UNORM_INT8":
                e["bytes"] = "".join("%02x" % v for v in a["data"])
            else:
                d = a["data"]
                e["texels"] = [d[i:i + 4] for i in range(0, len(d), 4)]
            if "mip_levels" in a:  # every level given (nothing generated)
                e["levels"] = a["mip_levels"]
                e["mip_texels"] = [[d[i:i + 4] for i in range(0, len(d), 4)]
                                   for d in a["mip_data"]]
        else:
            raise ValueError("argument kind " + a["kind"])
        if out:
            e["print"] = True
            e["hex"] = True
        args.append(e)
    return args


def printed(stdout):
    """The "print"ed arguments of `vsmp launch`'s output: {index: [hex words]}; an image of
    several slices prints one line per slice ("argN slice Z = ..."), joined here in order."""
    lines = {}
    for ln in stdout.splitlines():
        m = re.match(r"arg(\d+)(?: slice \d+)? =(.*)", ln)
        if m:
            lines.setdefault(int(m.group(1)), []).extend(m.group(2).split())
    return lines


def decode(words, kind):
    if kind == "float":
        return [struct.unpack("<f", struct.pack("<I", w))[0] for w in words]
    if kind == "double":
        return [struct.unpack("<d", struct.pack("<Q", w))[0] for w in words]
    if kind in ("char", "short", "int", "long"):
        bits = 8 * SIZES[kind]
        return [w - (1 << bits) if w >> (bits - 1) else w for w in words]
    return words


def printf_differs(exp, stdout):
    """None when the kernel's printf output (the lines before the argN lines) is pocl's, line
    by line after sorting (pocl runs the work-items in another order than the machine's
    lanes); else what differs."""
    if "printf" not in exp:
        return None
    want = sorted(exp["printf"].splitlines())
    got = sorted(ln for ln in stdout.splitlines() if not re.match(r"arg\d+ =", ln))
    if want == got:
        return None
    return "printf output differs: pocl %r, vsmp %r" % (want[:3], got[:3])


# A defect of IGC 1.0.12504 and 1.0.17791 (fixed in IGC 2.40): in a SIMD32 kernel, a subroutine
# IGC does not inline returns only the lower half of its value. calls.cl's cl_poly at SIMD32
# ends `mov (M1, 16) V0065 V0075; ret (M1, 32)`, and the caller reads the upper 16 lanes from
# V0066, which nothing writes (IGC 2.40 adds `mov (M5, 16) V0094 V0108`). The machine runs the
# text as written, so lanes 16..31 of each thread hold whatever V0066 held; the lower lanes are
# compared. These kernels write out[i] for work-item i.
SIMD32_HALF_RETURN = {"call_poly", "call_divergent"}


def half_return_skip(name, simd, compiler_fixed):
    """The elements compare() leaves out for a launch: those of lanes 16..31 when @p name is a
    kernel of SIMD32_HALF_RETURN at SIMD32 from a compiler with the defect; else None."""
    if name in SIMD32_HALF_RETURN and simd == 32 and not compiler_fixed:
        return lambda i: i % 32 >= 16
    return None


def compare(name, exp, got_lines, tol, skip=None):
    """Per output argument: (values, mismatches, largest float difference, first mismatch).
    @p skip(i), when given, is true for the elements not compared."""
    res = []
    # elements whose value depends on the order the work-items run in: any of another
    # argument's values (pocl_expected.c "any_of")
    args = {a["index"]: a for a in exp["args"]}
    any_of = {(a["index"], a["element"]): set(args[a["of"]]["data"])
              for a in exp.get("any_of", [])}
    for o in exp["outputs"]:
        line = got_lines.get(o["index"])
        if line is None:
            res.append((0, 1, 0.0, "arg%d not printed" % o["index"]))
            continue
        words = [int(w, 16) for w in line]
        if o["kind"] == "buffer":
            kind = o["type"]
        else:
            kind = {"FLOAT": "float", "UNORM_INT8": "float", "HALF_FLOAT": "float",
                    "SIGNED_INT32": "int", "UNSIGNED_INT32": "uint"}[o["channel_type"]]
        got = decode(words, kind)
        want = o["data"]
        bad, worst, first = 0, 0.0, None
        if len(got) != len(want):
            res.append((len(want), 1, 0.0, "%d values, pocl %d" % (len(got), len(want))))
            continue
        for i, (g, w) in enumerate(zip(got, want)):
            if skip and skip(i):
                continue
            if (o["index"], i) in any_of:
                ok = g in any_of[(o["index"], i)]
            elif kind == "double":
                d = abs(g - w) if g == g else float("inf")
                worst = max(worst, d)
                ok = d <= tol
            elif kind == "float":
                d = abs(g - f32(w)) if g == g else float("inf")
                worst = max(worst, d)
                ok = d <= tol
            else:
                ok = g == w
            if not ok:
                bad += 1
                first = first or "value %d: vsmp %r, pocl %r" % (i, g, w)
        res.append((len(want), bad, worst, first))
    return res


def groups(exp):
    """The launch's work-groups: global / local per dimension, the local size vsmp's default
    when the description has none (docs/LAUNCH.md section 2)."""
    g = list(exp["global"])
    loc = exp.get("local")
    if not loc:
        loc = [max(d for d in range(1, 17) if g[0] % d == 0)] + [1] * (len(g) - 1)
    n = 1
    for a, b in zip(g, loc):
        n *= a // b
    return n


def negative_cases(vsmp, kdir):
    """Launches that must be refused with a diagnostic naming the reason (exit 1)."""
    def files(tmp, name):
        for ext in ("visaasm", "cos"):
            path = os.path.join(kdir, "%s.%s.gz" % (name, ext))
            if not os.path.exists(path):
                return False
            with gzip.open(path, "rb") as src, open(os.path.join(tmp, "k." + ext), "wb") as d:
                d.write(src.read())
        return True

    saxpy = [{"kind": "buffer", "type": "float", "count": 16},
             {"kind": "buffer", "type": "float", "count": 16},
             {"kind": "scalar", "type": "float", "value": 1}]
    cases = [
        ("buf_saxpy.tgllp.simd16", {"interface": "k.visaasm", "global": [16], "args": saxpy},
         "not an IGC patch-token dump"),
        ("buf_saxpy.tgllp.simd16", {"global": [16], "args": [dict(saxpy[0], kind="image")] +
                                    saxpy[1:]}, "is a buffer"),
        ("buf_saxpy.tgllp.simd16", {"global": [16], "local": [3], "args": saxpy},
         "multiple of the local size"),
        ("buf_saxpy.tgllp.simd16", {"global": [16], "args": saxpy[:2]}, "takes 3"),
        # a barrier only one of the group's two SIMD8 threads reaches: a deadlock
        ("lr_deadlock.tgllp.simd8",
         {"global": [16], "local": [16],
          "args": [{"kind": "buffer", "type": "int", "count": 16}]}, "deadlock"),
        # the same deadlock in each of 8 groups: the first group's, whatever the workers
        ("lr_deadlock.tgllp.simd8",
         {"global": [128], "local": [16],
          "args": [{"kind": "buffer", "type": "int", "count": 128}]},
         "work-group (0, 0, 0): deadlock"),
        # a __local argument needs its size
        ("lb_reduce.tgllp.simd16",
         {"global": [64], "local": [64],
          "args": [{"kind": "buffer", "type": "float", "count": 64},
                   {"kind": "buffer", "type": "float", "count": 1},
                   {"kind": "local"}]}, "needs its \"size\""),
    ]
    bad = 0
    for name, d, want in cases:
        with tempfile.TemporaryDirectory() as tmp:
            if not files(tmp, name):
                print("FAIL refusal %s: kernel files missing" % name)
                bad += 1
                continue
            desc = {"kernel": "k.visaasm", "interface": "k.cos", "platform": "TGLLP"}
            desc.update(d)
            jpath = os.path.join(tmp, "launch.json")
            json.dump(desc, open(jpath, "w"))
            p = subprocess.run([vsmp, "launch", jpath], capture_output=True, text=True,
                               timeout=60, env=dict(os.environ, VSMP_LAUNCH_WORKERS="3"))
            p1 = subprocess.run([vsmp, "launch", jpath], capture_output=True, text=True,
                                timeout=60, env=dict(os.environ, VSMP_LAUNCH_WORKERS="1"))
        if untimed(p.stderr) != untimed(p1.stderr):
            print("FAIL refusal %s (%s): three workers and one report differently:\n%s\n%s" %
                  (name, want, p.stderr.strip()[-300:], p1.stderr.strip()[-300:]))
            bad += 1
            continue
        if p.returncode != 1 or want not in p.stderr:
            print("FAIL refusal %s (%s): exit %d: %s" % (name, want, p.returncode,
                                                          p.stderr.strip()[-300:]))
            bad += 1
    print("launch_e2e: %d of %d refusals as expected" % (len(cases) - bad, len(cases)))
    return bad


# The source tier's devices and SIMD widths: tgllp at every width, skl and acm-g10 at 16 (each
# variant is a compile of about half a second)
# the interface features' kernels (program-scope data, printf...) need "program" and "options":
# tests/launch/iface_e2e_test.py launches them
IFACE_SOURCE = "cl/iface.cl"
# kernels that read their program's __constant data, which tests/corpus does not keep for them (no
# .progbin): tests/corpus2/launch2_test.py launches them with the data from the zebin
# big_math and m_transcendental (sin, exp, pow, tan, atan2 read IGC's constant tables) too
NO_PROGRAM_DATA = ("ind_table", "big_math", "m_transcendental")

SOURCE_VARIANTS = [("tgllp", 8), ("tgllp", 16), ("tgllp", 32), ("skl", 16), ("acm-g10", 16)]


def source_tier(o, edir, kdir):
    """The same kernels compiled from their OpenCL C source by `vsmp launch` itself ("source" and
    "kernel": ocloc in a child process, the zebin's .visaasm and zeinfo), for the devices and
    SIMD widths of SOURCE_VARIANTS (IGC_ForceOCLSIMDWidth, which ocloc's child reads): the output
    must be the bytes the .visaasm + .cos launch of that platform and width gives, and match pocl
    as above. The kernels of NO_PROGRAM_DATA, whose .cos launch lacks its program's data, are
    compared with pocl alone (the zebin holds the data). The build cache goes to a directory of
    its own (XDG_CACHE_HOME)."""
    passed, failed = 0, 0
    with tempfile.TemporaryDirectory() as cache:
        for fn in sorted(os.listdir(edir)):
            if not fn.endswith(".json"):
                continue
            exp = json.load(open(os.path.join(edir, fn)))
            if exp["source"] == IFACE_SOURCE:
                continue
            cos_too = exp["kernel"] not in NO_PROGRAM_DATA
            name = exp["kernel"]
            if not re.search(o.filter, name):
                continue
            tol = TOLERANCE.get(name, (0.0, "exact"))[0]
            outputs = {a["index"] for a in exp["outputs"]}
            cl_path = os.path.abspath(os.path.join(o.corpus, exp["source"]))
            inl = inline_samplers(open(cl_path).read(), name)
            for dev, simd in SOURCE_VARIANTS:
                base = os.path.join(kdir, "%s.%s.simd%d" % (name, dev, simd))
                if not os.path.exists(base + ".cos.gz"):
                    continue
                label = "%s.%s.simd%d from source" % (name, dev, simd)
                common = {"platform": PLATFORMS[dev], "global": exp["global"],
                          "args": launch_args(exp, outputs)}
                if exp.get("local"):
                    common["local"] = exp["local"]
                env = dict(os.environ, VSMP_LAUNCH_WORKERS="3", XDG_CACHE_HOME=cache,
                           IGC_ForceOCLSIMDWidth=str(simd))
                with tempfile.TemporaryDirectory() as tmp:
                    for ext in ("visaasm", "cos"):
                        with gzip.open(base + "." + ext + ".gz", "rb") as src, \
                                open(os.path.join(tmp, "k." + ext), "wb") as dst:
                            dst.write(src.read())
                    dcos = dict(common, kernel="k.visaasm", interface="k.cos")
                    if os.path.exists(base + ".dsh.gz"):
                        with gzip.open(base + ".dsh.gz", "rb") as src, \
                                open(os.path.join(tmp, "k.dsh"), "wb") as dst:
                            dst.write(src.read())
                        dcos["dynamic_state"] = "k.dsh"
                    elif inl:
                        dcos["inline_samplers"] = inl
                    # the source form: the inline samplers are the zeinfo's
                    dsrc = dict(common, source=cl_path, kernel=name, device=dev)
                    if exp.get("options"):  # the source's "// ocloc-options:" (img_mip.cl)
                        dsrc["options"] = exp["options"]
                    runs = [None]
                    for tag, desc in (("cos", dcos), ("src", dsrc))[0 if cos_too else 1:]:
                        jpath = os.path.join(tmp, tag + ".json")
                        json.dump(desc, open(jpath, "w"))
                        runs.append(subprocess.run([o.vsmp, "launch", jpath], capture_output=True,
                                                   text=True, timeout=300, env=env))
                pc, ps = runs[-2:]
                if ps.returncode != 0:
                    failed += 1
                    print("FAIL %s: vsmp launch exit %d: %s" % (label, ps.returncode,
                                                               ps.stderr.strip()[-600:]))
                    continue
                if pc and (pc.returncode, pc.stdout) != (ps.returncode, ps.stdout):
                    failed += 1
                    print("FAIL %s: not the output of the .cos launch (exit %d)" %
                          (label, pc.returncode))
                    continue
                lines = printed(ps.stdout)
                res = compare(name, exp, lines, tol, half_return_skip(name, simd, False))
                pf = printf_differs(exp, ps.stdout)
                if pf:
                    res.append((1, 1, 0.0, pf))
                if sum(r[1] for r in res):
                    failed += 1
                    print("FAIL %s: %s" % (label, "; ".join(
                        "%d of %d differ (%s)" % (r[1], r[0], r[3]) for r in res if r[1])))
                    continue
                passed += 1
                if o.v:
                    print("ok   %s: %spocl's" % (label, "as the .cos launch, and " if pc else ""))
        # a kernel without local IDs, its results worked out by hand: IGC leaves one GRF of
        # per-thread data, so its cross-thread data starts at 64, not 32
        with tempfile.TemporaryDirectory() as tmp:
            cl = os.path.join(tmp, "nolid.cl")
            open(cl, "w").write("__kernel void nolid(__global int *a, int v)\n"
                                "{ a[get_group_id(0)] = v + 10 * (int)get_group_id(0); }\n")
            # "device" alone: the platform follows (SKL)
            desc = {"source": cl, "kernel": "nolid", "device": "skl", "global": [4], "local": [1],
                    "args": [{"kind": "buffer", "type": "int", "count": 4, "print": True},
                             {"kind": "scalar", "type": "int", "value": 7}]}
            jpath = os.path.join(tmp, "nolid.json")
            json.dump(desc, open(jpath, "w"))
            p = subprocess.run([o.vsmp, "launch", jpath], capture_output=True, text=True,
                               timeout=120, env=dict(os.environ, XDG_CACHE_HOME=cache))
            if p.returncode != 0 or p.stdout.split() != ["arg0", "=", "7", "17", "27", "37"]:
                failed += 1
                print("FAIL nolid: exit %d: %s %s" % (p.returncode, p.stdout.strip(),
                                                      p.stderr.strip()[-400:]))
            else:
                passed += 1
        # refusals, with their reason (exit 1)
        with tempfile.TemporaryDirectory() as tmp:
            bad_cl = os.path.join(tmp, "bad.cl")
            open(bad_cl, "w").write("__kernel void k(__global int *a) { a[0] = undeclared; }\n")
            good_cl = os.path.abspath(os.path.join(o.corpus, "cl", "buf_arith.cl"))
            buf = [{"kind": "buffer", "type": "float", "count": 16}]
            cases = [
                ({"source": bad_cl, "kernel": "k", "global": [16], "args": buf[:1]},
                 "use of undeclared identifier 'undeclared'"),
                ({"source": good_cl, "kernel": "nope", "global": [16], "args": buf},
                 "holds no kernel \"nope\" (it holds buf_saxpy, buf_int_ops)"),
                ({"source": good_cl, "kernel": "buf_saxpy", "interface": "k.cos", "global": [16],
                  "args": buf}, "\"interface\" goes with a .visaasm"),
                ({"binary": good_cl, "kernel": "buf_saxpy", "global": [16], "args": buf},
                 "not an ELF file"),
                ({"source": good_cl, "kernel": "buf_saxpy", "device": "acm-g10",
                  "platform": "TGLLP", "global": [16], "args": buf},
                 "\"device\" acm-g10 and \"platform\" TGLLP disagree"),
                ({"source": good_cl, "kernel": "buf_saxpy", "program": "p.progbin",
                  "global": [16], "args": buf},
                 "\"program\" goes with a .cos or .zeinfo \"interface\" (a zebin holds its own data)"),
            ]
            for desc, want in cases:
                jpath = os.path.join(tmp, "bad.json")
                json.dump(desc, open(jpath, "w"))
                p = subprocess.run([o.vsmp, "launch", jpath], capture_output=True, text=True,
                                   timeout=120, env=dict(os.environ, XDG_CACHE_HOME=cache))
                if p.returncode != 1 or want not in p.stderr:
                    failed += 1
                    print("FAIL refusal (%s): exit %d: %s" % (want, p.returncode,
                                                              p.stderr.strip()[-400:]))
                else:
                    passed += 1
    print("launch_source: %d passed, %d failed (compiled by ocloc through vsmp launch, equal to "
          "the .cos launches and to pocl; a kernel without local IDs; 6 refusals)" % (passed, failed))
    if passed + failed == 0:
        print("launch_source: no kernel found")
        return 1
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vsmp", required=True)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--corpus", default=os.path.join(here, "..", "corpus"))
    ap.add_argument("--filter", default="")
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--source", action="store_true",
                    help="the kernels compiled from their OpenCL C by vsmp launch (needs ocloc)")
    o = ap.parse_args()
    edir = os.path.join(o.corpus, "expected")
    kdir = os.path.join(o.corpus, "k")
    if o.source:
        return source_tier(o, edir, kdir)
    passed, failed, unsupported, cases = 0, 0, 0, []
    shared = 0
    dsh_used = 0
    for fn in sorted(os.listdir(edir)):
        if not fn.endswith(".json"):
            continue
        exp = json.load(open(os.path.join(edir, fn)))
        if exp["source"] == IFACE_SOURCE or exp["kernel"] in NO_PROGRAM_DATA:
            continue
        name = exp["kernel"]
        if not re.search(o.filter, name):
            continue
        cl_text = open(os.path.join(o.corpus, exp["source"])).read()
        inl = inline_samplers(cl_text, name)
        tol = TOLERANCE.get(name, (0.0, "exact"))[0]
        outputs = {a["index"] for a in exp["outputs"]}
        variants = sorted(f[len(name) + 1:-len(".cos.gz")] for f in os.listdir(kdir)
                          if f.startswith(name + ".") and f.endswith(".cos.gz"))
        for var in variants:
            dev, simd = var.split(".")
            base = os.path.join(kdir, "%s.%s" % (name, var))
            if not os.path.exists(base + ".visaasm.gz"):
                continue
            with tempfile.TemporaryDirectory() as tmp:
                for ext in ("visaasm", "cos"):
                    with gzip.open(base + "." + ext + ".gz", "rb") as src, \
                            open(os.path.join(tmp, "k." + ext), "wb") as dst:
                        dst.write(src.read())
                desc = {"kernel": "k.visaasm", "interface": "k.cos",
                        "platform": PLATFORMS[dev], "global": exp["global"],
                        "args": launch_args(exp, outputs)}
                # inline samplers: from the kernel's dynamic state heap when the corpus has it
                # (IGC's own SAMPLER_STATEs), else from the OpenCL C source
                if os.path.exists(base + ".dsh.gz"):
                    with gzip.open(base + ".dsh.gz", "rb") as src, \
                            open(os.path.join(tmp, "k.dsh"), "wb") as dst:
                        dst.write(src.read())
                    desc["dynamic_state"] = "k.dsh"
                    dsh_used += 1
                else:
                    desc["inline_samplers"] = inl
                if exp.get("local"):
                    desc["local"] = exp["local"]
                jpath = os.path.join(tmp, "launch.json")
                json.dump(desc, open(jpath, "w"))
                # three workers (docs/LAUNCH.md section 2), and one: the same output
                p = subprocess.run([o.vsmp, "launch", jpath], capture_output=True, text=True,
                                   timeout=300, env=dict(os.environ, VSMP_LAUNCH_WORKERS="3"))
                p1 = subprocess.run([o.vsmp, "launch", jpath], capture_output=True, text=True,
                                    timeout=300, env=dict(os.environ, VSMP_LAUNCH_WORKERS="1"))
            label = "%s.%s" % (name, var)
            # the summary line's counts too, all but its wall time
            if (p.returncode, p.stdout, untimed(p.stderr)) != \
                    (p1.returncode, p1.stdout, untimed(p1.stderr)):
                failed += 1
                print("FAIL %s: three workers and one differ (exit %d / %d)" %
                      (label, p.returncode, p1.returncode))
                continue
            if groups(exp) >= 3:
                shared += 1
            if p.returncode != 0 and "[exec-unsupported]" in p.stderr and \
                    "error" not in p.stderr.replace("[exec-unsupported]", "").replace(
                        "error: instruction", ""):
                unsupported += 1
                ops = sorted(set(re.findall(r"\((\w+), opcode", p.stderr)))
                print("UNSUPPORTED %s: the machine does not implement %s" % (label,
                                                                          ", ".join(ops)))
                continue
            if p.returncode != 0:
                failed += 1
                print("FAIL %s: vsmp launch exit %d: %s" % (label, p.returncode,
                                                           p.stderr.strip()[-600:]))
                continue
            lines = printed(p.stdout)
            res = compare(name, exp, lines, tol, half_return_skip(name, int(simd[4:]), False))
            pf = printf_differs(exp, p.stdout)
            if pf:
                res.append((1, 1, 0.0, pf))
            bad = sum(r[1] for r in res)
            worst = max([r[2] for r in res] + [0.0])
            if bad:
                failed += 1
                print("FAIL %s: %s" % (label, "; ".join(
                    "%d of %d differ (%s)" % (r[1], r[0], r[3]) for r in res if r[1])))
            else:
                passed += 1
                if o.v:
                    print("ok   %s: %d values, largest float difference %.3g (tolerance %.3g)"
                          % (label, sum(r[0] for r in res), worst, tol))
            cases.append((label, not bad, worst))
    print("launch_e2e: %d passed, %d failed, %d refused by the machine (instructions it does "
          "not implement)" % (passed, failed, unsupported))
    print("launch_e2e: %d launches took their inline samplers from the kernel's dynamic state "
          "heap" % dsh_used)
    print("launch_e2e: %d launches of three work-groups or more gave the same output with three "
          "workers and with one" % shared)
    if not o.filter:
        failed += negative_cases(o.vsmp, kdir)
    if passed + failed == 0:
        print("launch_e2e: no kernel found")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
