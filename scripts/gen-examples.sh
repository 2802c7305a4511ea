#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerate the launch example (examples/launch): the OpenCL kernel rotate.cl compiled by ocloc
# (IGC 1.0.12504, tgllp, SIMD16) with IGC's dumps on; keeps IGC's vISA text (rotate.visaasm) and
# its patch-token dump (rotate.cos, the interface vsmp launch reads, without the SURFACE_STATE
# listings), and draws the input picture (picture.png, a test pattern) with Python's zlib.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$root/examples/launch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$dir/rotate.cl" "$tmp/"
(cd "$tmp" && IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir=dump IGC_ForceOCLSIMDWidth=16 \
    "${OCLOC:-ocloc}" compile -file rotate.cl -device tgllp >log 2>&1)
v=$(grep -l '^\.kernel "rotate"' "$tmp"/dump/*_simd16_entry_*.visaasm | head -n 1)
cp "$v" "$dir/rotate.visaasm"
awk '/^SURFACE_STATE = /{skip=1;next} skip && /^\t/{next} {skip=0;print}' "${v%.visaasm}.cos" \
    >"$dir/rotate.cos"
python3 - "$dir/picture.png" <<'PY'
import math, struct, sys, zlib
W = H = 128
rows = []
for y in range(H):
    row = bytearray([0])  # filter: none
    for x in range(W):
        # a checkerboard of 16-pixel squares, a red-to-blue ramp across, a green disc
        chk = ((x // 16) + (y // 16)) & 1
        r = 40 + int(200 * x / (W - 1)) if chk else 30
        b = 40 + int(200 * (W - 1 - x) / (W - 1)) if chk else 30
        g = 220 if math.hypot(x - 64, y - 40) < 22 else (60 if chk else 30)
        if y > 100 and 20 < x < 108:  # a white bar near the bottom shows the orientation
            r = g = b = 240
        row += bytes([r, g, b, 255])
    rows.append(bytes(row))
def chunk(t, d):
    c = struct.pack(">I", len(d)) + t + d
    return c + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 6, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
PY
