#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every zeinfo of tests/corpus2 (zeinfo 1.73 from IGC 2.40, 1.49 from IGC 1.0.17791) read by
vsmp's reader (ocl/zeinfo.c, through tests/zeinfo_dump.c), against the YAML itself, read here
with Python's yaml module, and the compiler's own `.visaasm` of each kernel:

  read      no file is refused;
  support   a kernel is kept without an interface exactly when its zeinfo asks for what the
            launcher does not provide (const_base, global_base, a scratch space past 2 MiB a
            thread), with that reason;
  payload   every payload entry is a value of the interface at its offset and size (an
            argument's pointer or bytes, or a payload value of the kind its arg_type names);
            a bindless entry (addrmode: bindless) is a bindless surface value of its argument
            (none when its size is 0: an image the kernel only queries) or a bindless sampler
            value of its sampler_index, and each bindless buffer or image has a binding-table
            index of its own, none of binding_table_indices';
  layout    every `.input` of the kernel's `.visaasm` (IGC's own placement) at or past the
            cross-thread offset vsmp computed starts at one of the zeinfo's payload entries.

usage: zeinfo_test.py --dump PATH/zeinfo_dump
"""
import argparse
import os
import re
import subprocess
import sys
import tarfile
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
# launch_param_kind (src/launch/launch_internal.h) and vsmp_arg_kind (vsmp/launch.h)
LP = {"zero": 2, "arg": 3, "global_id_offset": 4, "local_size": 5, "enqueued_local_size": 6,
      "global_size": 7, "group_count": 8, "work_dimensions": 9, "image_width": 10,
      "image_height": 11, "image_depth": 12, "image_array_size": 13,
      "image_channel_data_type": 14, "image_channel_order": 15, "image_num_mip_levels": 16,
      "image_num_samples": 17, "slm": 18, "bindless_surface": 19, "bindless_sampler": 20, "sampler_address": 21,
      "sampler_normalized": 22, "sampler_snap_wa": 23, "bindless_program": 24}
ZERO_TYPES = ("buffer_offset", "private_base_stateless")
UNSUPPORTED = ()  # every payload arg_type the corpus holds is filled
MAX_SCRATCH = 2 << 20  # VSMP_LAUNCH_MAX_SCRATCH, docs/LAUNCH.md
VOID = "Intel_Symbol_Table_Void_Program"
# Xe2 and Xe3: 64-byte registers (the inline data takes a whole one, docs/LAUNCH.md section 2)
GRF64 = ("lnl", "bmg", "ptl")


def expected_reason(k, device):
    scratch = sum(b["size"] for b in k.get("per_thread_memory_buffers") or []
                  if b["type"] == "scratch")
    if scratch > MAX_SCRATCH:
        return "scratch"
    for p in k.get("payload_arguments") or []:
        if p["arg_type"] in UNSUPPORTED:
            return p["arg_type"]
    return None


def check_kernel(fail, name, k, got, visaasm_dir, device, simd):
    args = {a[0]: a for a in got["A"]}
    params = got["P"]
    bound = {(b["arg_index"]): b["bti_value"] for b in k.get("binding_table_indices") or []}
    bindless_btis = []

    def has_param(kind, off, size, arg=None, source=None):
        return any(p[0] == kind and p[2] == off and p[3] == size and
                   (arg is None or p[1] == arg) and (source is None or p[4] == source)
                   for p in params)

    for p in k.get("payload_arguments") or []:
        t, off, size = p["arg_type"], p["offset"], p["size"]
        idx = p.get("arg_index")
        what = "%s %s at %d" % (name, t, off)
        if p.get("addrmode") == "bindless" and t not in ("const_base", "global_base"):
            if p.get("addrspace") == "sampler":
                s = p["sampler_index"]
                if not has_param(LP["bindless_sampler"], off, size, None, s):
                    fail("%s: no bindless sampler value of sampler %d" % (what, s))
                if t == "arg_bypointer" and (idx not in args or args[idx][3] != s):
                    fail("%s: argument %s is no sampler_t at %d" % (what, idx, s))
                continue
            if size and not has_param(LP["bindless_surface"], off, size, idx):
                fail("%s: no bindless surface value of argument %s" % (what, idx))
            a = args.get(idx)
            if not a or a[1] not in (2, 3) or a[2] < 0 or a[2] in bound.values():
                fail("%s: argument %s has no binding-table index of its own (%s)" % (what, idx, a))
            elif a[2] in bindless_btis:
                fail("%s: binding-table index %d given twice" % (what, a[2]))
            else:
                bindless_btis.append(a[2])
            continue
        if t == "arg_bypointer":
            space = p.get("addrspace")
            a = args.get(idx)
            if space == "local":
                ok = has_param(LP["slm"], off, size, idx)
            elif space in ("global", "constant"):
                ok = a and a[1] == 2 and (p.get("addrmode") == "stateful" or
                                          (a[4] == off and a[5] == size))
                if ok and p.get("addrmode") == "stateful":
                    ok = a[2] == bound.get(idx)
            elif space == "image":
                ok = a and a[1] == 3 and a[2] == bound.get(idx)
            elif space == "sampler":
                ok = a and a[1] == 4 and a[3] == p.get("sampler_index")
            else:
                ok = False
            if not ok:
                fail("%s: argument %s is %s" % (what, idx, a))
        elif t == "arg_byvalue":
            a = args.get(idx)
            if not (a and a[1] == 1 and (a[4] == off or has_param(LP["arg"], off, size, idx))):
                fail("%s: scalar argument %s is %s" % (what, idx, a))
        elif t == "buffer_address":
            a = args.get(idx)
            if not (a and a[4] == off and a[5] == size):
                fail("%s: buffer %s has its pointer elsewhere (%s)" % (what, idx, a))
        elif t == "printf_buffer":
            # the interface keeps the printf buffer's place with its program data, which the
            # dump does not list; launch_iface_e2e checks it end to end (pf_ints against pocl)
            continue
        elif t in ("const_base", "global_base") and p.get("addrmode") == "bindless":
            # the program's data as a bindless surface (IGC 2.40 on DG2, MTL, ARL): bound at
            # an index no argument holds, its bindless state offset here
            b = [x for x in got["B"] if x[0] == (0 if t == "const_base" else 1)]
            bti = b[0][1] if b else -1
            if bti < 0 or bti in [a[2] for a in args.values() if a[1] in (2, 3)]:
                fail("%s: program buffer at binding-table index %d" % (what, bti))
            if not has_param(LP["bindless_program"], off, size, None, bti):
                fail("%s: no bindless program value" % what)
        elif t in ("const_base", "global_base"):
            # the program's __constant (0) or __global (1) data: its address here, bound at
            # bti_value when the zeinfo gives one (docs/LAUNCH.md section 6)
            which = 0 if t == "const_base" else 1
            if not any(b[0] == which and b[2] == off and b[3] == size and
                       ("bti_value" not in p or b[1] == p["bti_value"]) for b in got["B"]):
                want = [which, p.get("bti_value"), off, size]
                fail("%s: no program buffer %s (%s)" % (what, want, got["B"]))
        elif t == "private_base_stateless" and any(
                b["type"] == "global" and b["usage"] == "private_space"
                for b in k.get("per_thread_memory_buffers") or []):
            # private memory in global memory (IGC 2.40's private arrays on DG2, MTL, ARL): its
            # base here; without such a buffer the value is zero (docs/LAUNCH.md section 6)
            if not any(b[0] == 3 and b[2] == off and b[3] == size for b in got["B"]):
                fail("%s: no private base (%s)" % (what, got["B"]))
        elif t in ZERO_TYPES:
            if not has_param(LP["zero"], off, size):
                fail("%s: no zero value" % what)
        elif t in LP:
            dims = size // 4 if t in ("global_id_offset", "local_size", "enqueued_local_size",
                                      "global_size", "group_count") else 1
            for d in range(dims):
                if not has_param(LP[t], off + 4 * d, 4, None, 4 * d if dims > 1 else None):
                    fail("%s: no %s value (dimension %d)" % (what, t, d))
        else:
            fail("%s: arg_type not expected in a kernel read" % what)
    # layout: IGC's .input declarations of the same kernel
    path = os.path.join(visaasm_dir, "%s.%s.simd%d.visaasm" % (k["name"], device, simd))
    if not os.path.exists(path):
        return
    cto = got["K"][4]
    starts = {p["offset"] for p in k.get("payload_arguments") or []}
    # the inline data fills a GRF of its own: the bytes after it start at the next GRF
    grf = 64 if device in GRF64 else 32
    inline = k["execution_env"].get("inline_data_payload_size", 0)
    gap = -inline % grf
    with open(path) as f:
        for m in re.finditer(r"^\.input \S+ offset=(\d+) size=(\d+)", f.read(), re.M):
            o = int(m.group(1))
            if o < cto:
                continue
            b = o - cto if o - cto < inline + gap else o - cto - gap
            if o - cto < inline + gap and o - cto >= inline or b not in starts:
                fail("%s: .input at %d is cross-thread byte %d, where no payload entry starts"
                     % (name, o, b))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dump", required=True)
    opt = ap.parse_args()
    failures = []
    counts = {"files": 0, "kernels": 0, "read": 0, "unsupported": {}}
    with tempfile.TemporaryDirectory(prefix="vsmp-zeinfo2-") as work:
        zdir, vdir = os.path.join(work, "z"), os.path.join(work, "v")
        with tarfile.open(os.path.join(HERE, "zeinfo.tar.xz")) as t:
            t.extractall(zdir)
        with tarfile.open(os.path.join(HERE, "visaasm.tar.xz")) as t:
            t.extractall(vdir)
        files = sorted(f for f in os.listdir(zdir) if f.endswith(".zeinfo"))
        out = subprocess.run([opt.dump] + [os.path.join(zdir, f) for f in files],
                             capture_output=True, text=True, timeout=600)
        if out.returncode not in (0, 1):
            print("zeinfo_dump failed: %s" % out.stderr)
            return 1
        got, cur = {}, None
        for line in out.stdout.splitlines():
            c = line.split(" ", 4 if line[0] == "U" else 6)
            if c[0] == "E":
                failures.append("refused: " + line[2:])
            elif c[0] == "U":
                got[(c[1], c[2])] = {"U": c[4] if len(c) > 4 else ""}
            elif c[0] == "K":
                cur = got[(c[1], c[2])] = {"K": c[:3] + [int(x) for x in c[3:]], "A": [],
                                           "P": [], "B": []}
            else:
                cur[c[0]].append([int(x) for x in c[1:]])
        for f in files:
            counts["files"] += 1
            _, device, simdw, _ = f.split(".")
            simd = int(simdw[4:])
            with open(os.path.join(zdir, f)) as fh:
                doc = yaml.safe_load(fh)
            for k in doc["kernels"]:
                if k["name"] == VOID:
                    continue
                counts["kernels"] += 1
                name = "%s %s" % (f, k["name"])
                g = got.get((f, k["name"]))
                if g is None:
                    if not any(x.startswith("refused: " + f) for x in failures):
                        failures.append("%s: not in the reader's output" % name)
                    continue
                want = expected_reason(k, device)
                if "U" in g:
                    if not want or want not in g["U"]:
                        failures.append("%s: unsupported (%s), expected %s"
                                        % (name, g["U"], want or "read"))
                    else:
                        counts["unsupported"][want] = counts["unsupported"].get(want, 0) + 1
                    continue
                if want:
                    failures.append("%s: read, expected unsupported (%s)" % (name, want))
                    continue
                counts["read"] += 1
                check_kernel(failures.append, name, k, g, vdir, device, simd)
    for x in failures[:60]:
        print("FAIL", x)
    print("zeinfo2: %d files, %d kernels: %d read, unsupported %s; %d failures"
          % (counts["files"], counts["kernels"], counts["read"],
             ", ".join("%s %d" % kv for kv in sorted(counts["unsupported"].items())) or "none",
             len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
