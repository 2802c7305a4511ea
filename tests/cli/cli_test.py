#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The vsmp CLI: exit codes (0 success, 1 diagnostics, 2 usage), compiler-style diagnostics,
stdin, --help/--version, and the bytes it writes. usage: cli_test.py VSMP GOLDEN_DIR"""
import os
import re
import subprocess
import sys
import tempfile

vsmp, golden = sys.argv[1], sys.argv[2]
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


def run(args, stdin=None):
    return subprocess.run([vsmp, *args], input=stdin, capture_output=True, timeout=60)


case = os.path.join(golden, "cases", "rep_sample")
src = os.path.join(case, "rep_sample.visaasm")
isa = os.path.join(case, "rep_sample.TGLLP.isa")
bad_text = b'.version 4.1\n.kernel "k"\n.decl D v_type=G type=f num_elts=8\n' \
           b'add (M1, 1) D(0,0)<1> D(0,0)<0;1,0>\nsample_3d.RGBA (M1, 16) 0x0:uw S9 T6 D.0 D.0\n'

r = run([])
check(r.returncode == 2, "no command -> 2")
r = run(["--version"])
check(r.returncode == 0 and re.match(rb"vsmp \d+\.\d+\.\d+", r.stdout), "--version")
for cmd in ("asm", "dis", "check"):
    r = run([cmd, "--help"])
    check(r.returncode == 0 and b"usage: vsmp " + cmd.encode() in r.stdout, cmd + " --help")
    r = run(["help", cmd])
    check(r.returncode == 0 and b"usage: vsmp " + cmd.encode() in r.stdout, "help " + cmd)
    r = run([cmd, "--no-such-option", src])
    check(r.returncode == 2, cmd + " unknown option -> 2")
r = run(["asm", src])
check(r.returncode == 2 and b"-o" in r.stderr, "asm without -o -> 2")
r = run(["check", src])
check(r.returncode == 2, "check without --platform -> 2")
r = run(["check", "--platform", "NOPE", src])
check(r.returncode == 2, "unknown platform -> 2")
r = run(["dis", "/no/such/file.isa"])
check(r.returncode == 1 and b"cannot open" in r.stderr, "missing file -> 1")

with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "o.isa")
    r = run(["asm", src, "-o", out])
    check(r.returncode == 0 and os.path.exists(out), "asm -> 0")
    # the kernel object is the fixed GenX_IR's (offset/size from the header)
    def kobj(b):
        nl = b[8] | b[9] << 8
        p = 10 + nl
        off = int.from_bytes(b[p:p + 4], "little")
        size = int.from_bytes(b[p + 4:p + 8], "little")
        return b[off:off + size]
    check(kobj(open(out, "rb").read()) == kobj(open(isa, "rb").read()), "asm bytes")
    r = run(["asm", "--isa-version", "3.6", src, "-o", out])
    check(r.returncode == 0 and open(out, "rb").read()[4:6] == b"\x03\x06", "asm 3.6")
    r = run(["asm", "--isa-version", "3.3", src, "-o", out])
    check(r.returncode == 1 and b"cannot be encoded in vISA 3.3" in r.stderr,
          "a variable aoffimmi has no 3.3 encoding")
    r = run(["asm", "-", "-o", "-"], stdin=open(src, "rb").read())
    check(r.returncode == 0 and r.stdout[:4] == b"CISA", "stdin to stdout")
    r = run(["dis", isa, "-o", os.path.join(tmp, "t.visaasm")])
    check(r.returncode == 0 and b"sample_b" in open(os.path.join(tmp, "t.visaasm"), "rb").read(),
          "dis -o")

r = run(["asm", "-", "-o", os.devnull], stdin=bad_text)
err = r.stderr.decode()
check(r.returncode == 1, "bad text -> 1")
check(re.search(r"^<stdin>:4:1: error: instruction 'add' is not implemented", err, re.M),
      "unsupported instruction reported with line:col")
check(re.search(r"^<stdin>:5:\d+: error: S9: undefined sampler variable \[undeclared\]", err, re.M),
      "second error reported too")
r = run(["check", "--platform", "PVC", isa])
check(r.returncode == 1 and re.search(rb"instruction at 0x1c6: error: .*PVC has no sampler",
                                      r.stderr), "binary diagnostics carry the offset")
r = run(["check", "--platform", "TGLLP", isa])
check(r.returncode == 0, "valid program -> 0")
r = run(["check", "-W", "--platform", "TGLLP",
         os.path.join(golden, "cases", "s3d_slm", "s3d_slm.visaasm")])
check(r.returncode == 1 and b"warning" in r.stderr, "-W turns warnings into failure")
# vsmp sample: values computed by hand from the rules in docs/SAMPLING.md
import json as _json
job = {
    "surface": {"type": "2D", "format": "R32_FLOAT", "width": 4, "height": 1,
                "texels": [[0], [1], [2], [4]], "generate_mips": False},
    "sampler": {"min_filter": "linear", "mag_filter": "linear", "address": ["clamp", "clamp"]},
    "lanes": [
        {"op": "sample_lz", "u": 0.5, "v": 0.5},      # x = 2 - 0.5 = 1.5: halfway 1 and 2
        {"op": "sample_lz", "u": 0.875, "v": 0.5},    # x - 0.5 = 3: texel 3 = 4
        {"op": "sample_lz", "u": 0.0, "v": 0.5, "offset": [1]},  # taps -1, 0 (+1): 0 and 1 clamp
        {"op": "ld", "u": 3, "v": 0, "lod": 0},       # texel 3
        {"op": "ld", "u": 4, "v": 0, "lod": 0},       # out of range: 0
        {"op": "resinfo", "lod": 0},
    ],
}
with tempfile.TemporaryDirectory() as tmp:
    jp = os.path.join(tmp, "job.json")
    open(jp, "w").write(_json.dumps(job))
    r = run(["sample", "--format", "json", jp])
    check(r.returncode == 0, "sample job runs")
    if r.returncode == 0:
        out = _json.loads(r.stdout)
        got = [l["rgba"] for l in out["lanes"]]
        check(got[0][0] == 1.5 and got[1][0] == 4.0, "bilinear weights: %r" % got[:2])
        check(got[2][0] == 0.5, "immediate offset then clamp: %r" % got[2])
        check(got[3] == [4.0, 0, 0, 1] and got[4] == [0, 0, 0, 0], "ld and its bound: %r" % got[3:5])
        check(got[5] == [4, 1, 0, 1], "resinfo of a 4x1 2D surface: %r" % got[5])
    r = run(["sample", jp])
    check(r.returncode == 0 and r.stdout.startswith(b"lane 0 sample_lz: 1.5 0 0 1"), "text output")
    # --cpu: the same lanes from the C kernels (hand values above hold at every level)
    r2 = run(["sample", "--cpu", "c", jp])
    check(r2.returncode == 0 and r2.stdout == r.stdout, "--cpu c gives the same output")
    r2 = run(["sample", "--cpu", "sse9", jp])
    check(r2.returncode == 2 and b"--cpu takes" in r2.stderr, "--cpu with an unknown level: usage")
    # given mips: level 1 (2x1) = 10, 20; sample_l lod 1 at u 0.75 -> x 1.5 -> texel 1 = 20
    job["surface"]["levels"] = 2
    job["surface"]["mip_texels"] = [[[10], [20]]]
    job["sampler"] = {"mip_filter": "nearest"}
    job["lanes"] = [{"op": "sample_l", "u": 0.75, "v": 0.5, "lod": 1.0}]
    open(jp, "w").write(_json.dumps(job))
    r = run(["sample", "--format", "json", jp])
    check(r.returncode == 0 and _json.loads(r.stdout)["lanes"][0]["rgba"][0] == 20.0,
          "given mip levels")
    # multisample + MCS + sparse in a job: 4x, pixel samples 5 7 5 9 -> MCS 0x84 (SEMANTICS 4.1)
    ms = {"surface": {"format": "R32_UINT", "width": 1, "height": 1, "samples": 4, "mcs": True,
                      "compress": True, "texels": [[5], [7], [5], [9]]},
          "lanes": [{"op": "ld_mcs", "u": 0, "v": 0},
                    {"op": "ld2dms_w", "si": 3, "mcsl": 0x84, "u": 0, "v": 0},
                    {"op": "ld2dms_w", "si": 1, "mcs0": 0x84, "u": 0, "v": 0}]}
    open(jp, "w").write(_json.dumps(ms))
    r = run(["sample", "--format", "json", jp])
    check(r.returncode == 0, "multisample job runs: %r" % r.stderr)
    if r.returncode == 0:
        got = [l["rgba"][0] for l in _json.loads(r.stdout)["lanes"]]
        check(got == [0x84, 9, 7], "ld_mcs, UD and UW ld2dms_w: %r" % got)
    sp = {"surface": {"format": "R8G8B8A8_UNORM", "width": 256, "height": 128, "pattern": "checker",
                      "nonresident_tiles": [1]},
          "lanes": [{"op": "ld", "u": 0, "v": 100, "lod": 0}, {"op": "ld", "u": 0, "v": 0, "lod": 0}]}
    open(jp, "w").write(_json.dumps(sp))
    r = run(["sample", "--format", "json", jp])
    if r.returncode == 0:
        ls = _json.loads(r.stdout)["lanes"]
        check(ls[0]["mapped"] is False and ls[0]["rgba"] == [0, 0, 0, 0] and ls[1]["mapped"] is True,
              "sparse: row 100 lies in the unmapped tile 1: %r" % ls)
    else:
        check(False, "sparse job runs: %r" % r.stderr)
    # raw memory: a BC1 block, red and blue endpoints, texel (2, 0) index 2 = (2 red + blue) / 3
    bc = {"surface": {"format": "BC1_UNORM", "width": 4, "height": 4,
                      "bytes": "00f8 1f00 e4000000"},
          "lanes": [{"op": "ld", "u": 2, "v": 0, "lod": 0}]}
    open(jp, "w").write(_json.dumps(bc))
    import struct
    f32 = lambda x: struct.unpack("<f", struct.pack("<f", x))[0]  # output is %.9g of a float
    r = run(["sample", "--format", "json", jp])
    check(r.returncode == 0 and [f32(x) for x in _json.loads(r.stdout)["lanes"][0]["rgba"]] ==
          [f32(2 / 3), 0, f32(1 / 3), 1], "BC1 block given as bytes: %r %r" % (r.stdout, r.stderr))
    bc["surface"]["bytes"] = "00" * 9
    open(jp, "w").write(_json.dumps(bc))
    r = run(["sample", jp])
    check(r.returncode == 1 and b"more than the surface's 8 bytes" in r.stderr, "too many bytes")
    bc["surface"].pop("bytes")
    bc["surface"]["pattern"] = "checker"
    open(jp, "w").write(_json.dumps(bc))
    r = run(["sample", jp])
    check(r.returncode == 1 and b"BC1_UNORM texels cannot be given one by one" in r.stderr,
          "texels for a BC surface are refused")
    # NV12 from texels (R = Cr, G = Y, B = Cb): the 2x2 texels share one pair, written last by
    # texel (1, 1): Cr round(0.5 * 255) = 128, Cb round(0.75 * 255) = 191, its Y 0
    nv = {"surface": {"format": "PLANAR_420_8", "width": 2, "height": 2,
                      "texels": [[0.5, 0.25, 0.75], [0.5, 0.5, 0.75], [0.5, 1, 0.75], [0.5, 0, 0.75]]},
          "lanes": [{"op": "ld", "u": 1, "v": 1, "lod": 0}, {"op": "ld", "u": 0, "v": 1, "lod": 0}]}
    open(jp, "w").write(_json.dumps(nv))
    r = run(["sample", "--format", "json", jp])
    if r.returncode == 0:
        ls = _json.loads(r.stdout)["lanes"]
        check([f32(x) for x in ls[0]["rgba"]] == [f32(128 / 255), 0, f32(191 / 255), 1] and
              ls[1]["rgba"][1] == 1.0, "NV12 job: %r" % ls)
    else:
        check(False, "NV12 job runs: %r" % r.stderr)
    # the media sampler on NV12 4x4: Y rows 01..04, 11..14, ...; pairs (Cb, Cr) = (40, c0),
    # (50, d0) / (41, c1), (51, d1). Nearest, clamp, du = dv = 1/4: pixel p reads texel
    # (min(p % 8, 3), p / 8): R = Cr << 8, G = Y << 8, B = Cb << 8, A = 0xff00 (SEMANTICS 1.3)
    md = {"surface": {"format": "PLANAR_420_8", "width": 4, "height": 4,
                      "bytes": "01020304 11121314 21222324 31323334 40c050d0 41c151d1"},
          "sampler": {"address": "clamp"},
          "media": {"u": 0, "v": 0, "du": 0.25, "dv": 0.25}}
    open(jp, "w").write(_json.dumps(md))
    r = run(["sample", "--format", "json", jp])
    if r.returncode == 0:
        px = _json.loads(r.stdout)["media"]["pixels"]
        check(len(px) == 32 and px[2] == [0xd000, 0x0300, 0x5000, 0xff00] and
              px[31] == [0xd100, 0x3400, 0x5100, 0xff00] and px[8] == [0xc000, 0x1100, 0x4000, 0xff00],
              "media block on NV12: %r" % px[:9])
    else:
        check(False, "media job runs: %r" % r.stderr)
    md["media"].update({"channels": "RB", "output": "8_downsampled"})
    open(jp, "w").write(_json.dumps(md))
    r = run(["sample", "--format", "json", jp])
    # R (even pixels) in bytes 0..15, B in 16..31: row y holds x = 0, 2, 4, 6 -> clamp to 0, 2, 3, 3
    want = "c0d0d0d0" "c0d0d0d0" "c1d1d1d1" "c1d1d1d1" "40505050" "40505050" "41515151" "41515151"
    check(r.returncode == 0 and _json.loads(r.stdout)["media"]["bytes"] == want,
          "media 8-bit downsampled layout: %r" % r.stdout)
    md["lanes"] = [{"op": "ld", "u": 0, "v": 0}]
    open(jp, "w").write(_json.dumps(md))
    r = run(["sample", jp])
    check(r.returncode == 1 and b"not both" in r.stderr, "lanes and media together are refused")
    open(jp, "w").write('{"surface": {"format": "R8_UNORM", "width": 0}, "lanes": [{"op": "sample"}]}')
    r = run(["sample", jp])
    check(r.returncode == 1 and b"invalid surface" in r.stderr, "bad surface reported")
    open(jp, "w").write('{"surface": {}, "lanes": [{"op": "frobnicate"}]}')
    r = run(["sample", jp])
    check(r.returncode == 1 and b"lanes[0]" in r.stderr, "bad op reported with its lane")
    open(jp, "w").write('{"surface": ')
    r = run(["sample", jp])
    check(r.returncode == 1 and b"invalid JSON" in r.stderr, "bad JSON reported")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
