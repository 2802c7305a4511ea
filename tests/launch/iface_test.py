#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The launcher's interface rules through `vsmp launch` (docs/LAUNCH.md sections 1 and 2):

  * inline samplers: CLK_ADDRESS_NONE is clamp to edge (as IGC programs it), from
    "inline_samplers" and from the heap in a .dsh, IGC's .progbin and ocloc's .bin; a sampler_t
    argument's NONE stays clamp to border (as compute-runtime's SamplerHw programs it);
  * "dynamic_state": a zebin, a heap of another size than the .cos says, another compilation's
    program binary are refused; no inline samplers given is refused at once;
  * the interface against the kernel: another kernel's .cos, another SIMD width, a 3D image for
    an image2d_t are refused; a kernel with barriers whose .cos says HasBarriers = 0 still
    interleaves its threads (a reduction comes out right);
  * where errors are reported: the NDRange under the description, the .cos's under its line;
  * the validator's rule input-offset through `vsmp check` and `vsmp run`.

Kernels: tests/launch/data (inline_none.cl, compiled by ocloc for tgllp at SIMD8: see its header)
and the corpus (lb_reduce, buf_saxpy). Expected values are worked out by hand below.

usage: iface_test.py --vsmp build/vsmp
"""
import argparse
import gzip
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
CORPUS = os.path.join(HERE, "..", "corpus", "k")
NONE_SMP = "CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST"

failures = 0
checks = 0


def check(ok, what, detail=""):
    global failures, checks
    checks += 1
    if not ok:
        failures += 1
        print("FAIL %s%s" % (what, (": " + detail) if detail else ""))


def unzip(src, dst):
    with gzip.open(src, "rb") as f, open(dst, "wb") as o:
        o.write(f.read())


def run(vsmp, tmp, desc, name="launch.json"):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        json.dump(desc, f)
    p = subprocess.run([vsmp, "launch", path], capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, VSMP_LAUNCH_WORKERS="1"))
    return p


def floats(line):
    return [float(v) for v in line.split("=", 1)[1].split()]


# A 4x4 R32G32B32A32_FLOAT image: texel (x, y) = (x + 1, y + 1, 10 (x + 1), 100 (y + 1)).
W = H = 4


def texel(x, y):
    return [x + 1.0, y + 1.0, 10.0 * (x + 1), 100.0 * (y + 1)]


IMAGE = {"kind": "image", "format": "R32G32B32A32_FLOAT", "width": W, "height": H,
         "texels": [texel(x, y) for y in range(H) for x in range(W)]}
OUT = {"kind": "buffer", "type": "float", "count": 4 * W * H, "print": True}


def expect_read(edge):
    """Both kernels write out[y * 4 + x] = read_imagef(src, s, (int2)(x - 1, y - 1)): at x = 0
    or y = 0 the coordinate -1 is outside. Clamp to edge reads texel (max(x-1, 0),
    max(y-1, 0)); clamp to border reads the border colour (0, 0, 0, 0)."""
    v = []
    for y in range(H):
        for x in range(W):
            if x == 0 or y == 0:
                v += texel(max(x - 1, 0), max(y - 1, 0)) if edge else [0.0] * 4
            else:
                v += texel(x - 1, y - 1)
    return v


def raw_heap(progbin, kernel):
    """The kernel's dynamic state heap cut out of IGC's program binary (docs/LAUNCH.md section
    1: 7-dword header, program patch list, per kernel a 40-byte header, the name and the
    kernel, general, dynamic and surface state heaps, the patch list)."""
    b = open(progbin, "rb").read()
    nk, pls = struct.unpack_from("<I", b, 16)[0], struct.unpack_from("<I", b, 24)[0]
    o = 28 + pls
    for _ in range(nk):
        _, _, nsz, pl, kh, gsh, dsh, ssh, _ = struct.unpack_from("<IQIIIIIII", b, o)
        o += 40
        name = b[o:o + nsz].split(b"\0")[0].decode()
        o += nsz + kh + gsh
        if name == kernel:
            return b[o:o + dsh]
        o += dsh + ssh + pl
    raise ValueError(kernel)


def inline_samplers(vsmp):
    with tempfile.TemporaryDirectory() as tmp:
        for k in ("rd_none", "rd_arg"):
            for ext in ("visaasm", "cos"):
                unzip(os.path.join(DATA, "%s.tgllp.simd8.%s.gz" % (k, ext)),
                      os.path.join(tmp, "%s.%s" % (k, ext)))
        for ext in ("progbin", "bin", "zebin"):
            unzip(os.path.join(DATA, "inline_none.tgllp.%s.gz" % ext),
                  os.path.join(tmp, "inline_none." + ext))
        with open(os.path.join(tmp, "rd_none.dsh"), "wb") as f:
            f.write(raw_heap(os.path.join(tmp, "inline_none.progbin"), "rd_none"))
        base = {"kernel": "rd_none.visaasm", "interface": "rd_none.cos", "platform": "TGLLP",
                "global": [W, H], "local": [W, 1], "args": [IMAGE, OUT]}
        edge = expect_read(True)
        sources = [("inline_samplers", {"inline_samplers": [{"index": 0, "sampler": NONE_SMP}]}),
                   ("the .dsh", {"dynamic_state": "rd_none.dsh"}),
                   ("IGC's .progbin", {"dynamic_state": "inline_none.progbin"}),
                   ("ocloc's .bin", {"dynamic_state": "inline_none.bin"})]
        for what, extra in sources:
            p = run(vsmp, tmp, dict(base, **extra))
            got = floats(p.stdout.splitlines()[0]) if p.returncode == 0 and p.stdout else None
            check(got == edge, "inline CLK_ADDRESS_NONE from %s reads the edge texel" % what,
                  "exit %d, %s" % (p.returncode, (p.stderr.strip() or str(got))[-400:]))
        # a sampler_t argument: NONE is clamp to border (the runtime's mapping)
        arg = dict(base, kernel="rd_arg.visaasm", interface="rd_arg.cos",
                   args=[IMAGE, {"kind": "sampler", "sampler": NONE_SMP}, OUT])
        p = run(vsmp, tmp, arg)
        got = floats(p.stdout.splitlines()[0]) if p.returncode == 0 and p.stdout else None
        check(got == expect_read(False), "a sampler_t argument's CLK_ADDRESS_NONE reads the border",
              "exit %d, %s" % (p.returncode, (p.stderr.strip() or str(got))[-400:]))

        # refusals of "dynamic_state" and of missing inline samplers
        def refused(what, desc, want):
            p = run(vsmp, tmp, desc)
            check(p.returncode == 1 and all(w in p.stderr for w in want), what,
                  "exit %d: %s" % (p.returncode, p.stderr.strip()[-400:]))
            return p

        refused("a zebin as dynamic_state", dict(base, dynamic_state="inline_none.zebin"),
                ["zebin", ".progbin"])
        refused("a heap of another size", dict(base, dynamic_state="rd_arg.cos"),
                ["rd_none.cos:", "DynamicStateHeapSize = 160"])
        cos = open(os.path.join(tmp, "rd_none.cos")).read()
        with open(os.path.join(tmp, "other.cos"), "w") as f:
            f.write(cos.replace("CheckSum = 30c37e6e", "CheckSum = 30c37e6f"))
        refused("another compilation's program binary",
                dict(base, interface="other.cos", dynamic_state="inline_none.progbin"),
                ["another compilation"])
        # no inline samplers: refused before the kernel is read (it does not exist here)
        refused("inline samplers not given", dict(base, kernel="missing.visaasm"),
                ["\"dynamic_state\"", "\"inline_samplers\"", "1 inline sampler"])
        # the interface against the kernel
        refused("another kernel's interface", dict(base, interface="rd_arg.cos",
                                                   args=[IMAGE, {"kind": "sampler",
                                                                 "sampler": NONE_SMP}, OUT]),
                ["rd_arg.cos:", "the interface is kernel rd_arg's, the kernel is rd_none"])
        img3d = dict(IMAGE, type="3D", depth=2,
                     texels=[texel(x, y) for z in range(2) for y in range(H) for x in range(W)])
        refused("a 3D image for an image2d_t",
                dict(base, inline_samplers=[{"index": 0, "sampler": NONE_SMP}],
                     args=[img3d, OUT]),
                ["argument 0 (image2d_t src) needs a 2D image; a 3D image was given"])


def corpus_files(tmp, name, dst):
    for ext in ("visaasm", "cos"):
        unzip(os.path.join(CORPUS, "%s.%s.gz" % (name, ext)), os.path.join(tmp, "%s.%s" % (dst, ext)))


def kernel_checks(vsmp):
    with tempfile.TemporaryDirectory() as tmp:
        # lb_reduce: out[g] = the sum of group g's 64 inputs; in[i] = i + 1, so 1 + ... + 64 =
        # 2080 and 65 + ... + 128 = 8256 - 2080 = 6176 (exact in binary32)
        args = [{"kind": "buffer", "type": "float", "data": [i + 1.0 for i in range(128)]},
                {"kind": "buffer", "type": "float", "count": 2, "print": True},
                {"kind": "local", "size": 256}]
        desc = {"kernel": "k.visaasm", "interface": "k.cos", "platform": "TGLLP",
                "global": [128], "local": [64], "args": args}
        for w in (8, 16, 32):
            corpus_files(tmp, "lb_reduce.tgllp.simd%d" % w, "k")
            cos = open(os.path.join(tmp, "k.cos")).read()
            check("HasBarriers = 1" in cos, "lb_reduce's .cos says HasBarriers = 1")
            with open(os.path.join(tmp, "k.cos"), "w") as f:
                f.write(cos.replace("HasBarriers = 1", "HasBarriers = 0"))
            p = run(vsmp, tmp, desc)
            check(p.returncode == 0 and p.stdout.strip() == "arg1 = 2080 6176",
                  "lb_reduce SIMD%d with HasBarriers = 0 interleaves at its barriers" % w,
                  "exit %d: %s %s" % (p.returncode, p.stdout.strip(), p.stderr.strip()[-300:]))
        # a SIMD8 kernel with the SIMD16 compilation's interface
        corpus_files(tmp, "lb_reduce.tgllp.simd8", "k")
        corpus_files(tmp, "lb_reduce.tgllp.simd16", "k16")
        p = run(vsmp, tmp, dict(desc, interface="k16.cos"))
        check(p.returncode == 1 and "k16.cos:" in p.stderr and
              "LargestCompiledSIMDSize = 16, but kernel lb_reduce is compiled for SIMD8" in p.stderr,
              "a SIMD16 interface for a SIMD8 kernel", p.stderr.strip()[-300:])
        # where errors are reported: the NDRange under the description, not the kernel
        corpus_files(tmp, "buf_saxpy.tgllp.simd16", "s")
        saxpy = [{"kind": "buffer", "type": "float", "count": 16},
                 {"kind": "buffer", "type": "float", "count": 16},
                 {"kind": "scalar", "type": "float", "value": 1}]
        sdesc = {"kernel": "s.visaasm", "interface": "s.cos", "global": [16], "args": saxpy}
        p = run(vsmp, tmp, dict(sdesc, local=[3]), name="nd.json")
        check(p.returncode == 1 and "nd.json:" in p.stderr and "local" in p.stderr and
              "s.visaasm: error" not in p.stderr, "an NDRange error under the description",
              p.stderr.strip()[-300:])
        # a data parameter the launcher does not fill: under its .cos line
        cos = open(os.path.join(tmp, "s.cos")).read().split("\n")
        at = cos.index("PATCH_TOKEN_DATA_PARAMETER_STREAM (00000019) (size = 12)")
        cos[at:at] = ["PATCH_TOKEN_DATA_PARAMETER_BUFFER (00000011) (size = 40)",
                      "\tType = PRINTF_SURFACE_SIZE", "\tArgumentNumber = 0", "\tOffset = 48",
                      "\tDataSize = 4", "\tSourceOffset = 0"]
        at += 1  # the token's line (1-based)
        with open(os.path.join(tmp, "s.cos"), "w") as f:
            f.write("\n".join(cos))
        p = run(vsmp, tmp, sdesc)
        want = "s.cos:%d: error: PATCH_TOKEN_DATA_PARAMETER_BUFFER: Type = PRINTF_SURFACE_SIZE" % at
        check(p.returncode == 1 and want in p.stderr, "an unknown data parameter under its line",
              p.stderr.strip()[-300:])


def input_offsets(vsmp):
    """Validator rule input-offset through `vsmp check` and `vsmp run`: tests/run/ld8's kernel
    with its input UI (32 bytes) moved to offset 4080: bytes 4080..4111, past TGLLP's register
    file of 128 GRFs x 32 bytes = 4096 bytes."""
    run_dir = os.path.join(HERE, "..", "run")
    with tempfile.TemporaryDirectory() as tmp:
        k = open(os.path.join(run_dir, "ld8.visaasm")).read()
        check(".input UI offset=32 size=32" in k, "ld8's input UI at 32")
        with open(os.path.join(tmp, "ld8.visaasm"), "w") as f:
            f.write(k.replace(".input UI offset=32 size=32", ".input UI offset=4080 size=32"))
        desc = json.load(open(os.path.join(run_dir, "ld8.json")))
        desc["payload"] = [e for e in desc["payload"] if e["offset"] < 32]
        with open(os.path.join(tmp, "ld8.json"), "w") as f:
            json.dump(desc, f)
        for cmd in (["check", "--platform", "TGLLP", os.path.join(tmp, "ld8.visaasm")],
                    ["run", os.path.join(tmp, "ld8.json")]):
            p = subprocess.run([vsmp] + cmd, capture_output=True, text=True, timeout=60)
            check(p.returncode == 1 and "[input-offset]" in p.stderr and "4080..4111" in p.stderr,
                  "vsmp %s refuses an input past the register file" % cmd[0],
                  "exit %d: %s" % (p.returncode, p.stderr.strip()[-300:]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vsmp", required=True)
    o = ap.parse_args()
    inline_samplers(o.vsmp)
    kernel_checks(o.vsmp)
    input_offsets(o.vsmp)
    print("%d passed, %d failed" % (checks - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
