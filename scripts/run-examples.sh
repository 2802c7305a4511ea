#!/bin/sh
# SPDX-License-Identifier: MIT
# The main job: assemble, check and disassemble the bundled example programs.
set -eu
vsmp="$1"
out="$(dirname "$vsmp")/examples"
mkdir -p "$out"
for src in examples/*.visaasm; do
    name=$(basename "$src" .visaasm)
    echo "== $src"
    "$vsmp" asm "$src" -o "$out/$name.isa"
    echo "assembled $out/$name.isa ($(wc -c < "$out/$name.isa") bytes)"
    "$vsmp" check --platform TGLLP "$out/$name.isa"
    echo "disassembled:"
    "$vsmp" dis "$out/$name.isa"
    echo
done
for job in examples/*.json; do
    echo "== vsmp sample $job"
    "$vsmp" sample "$job"
    echo
done
# An OpenCL kernel compiled by Intel's compiler (examples/launch/rotate.cl, IGC's vISA and
# interface dump beside it) launched over a 128x128 NDRange: the bundled picture rotated by 30
# degrees through a bilinear sampler.
echo "== vsmp launch examples/launch/rotate.json"
"$vsmp" launch --out-dir "$out" examples/launch/rotate.json
echo "wrote $out/rotated.png (examples/launch/picture.png rotated by 30 degrees)"
# The same kernel from an ordinary OpenCL host program (examples/opencl/rotate_host.c) through the
# system's ICD loader on vsmp's platform: built from its OpenCL C by ocloc, run by vsmp.
rot="$(dirname "$vsmp")/vsmp-ocl-rotate"
icd="$(dirname "$vsmp")/ocl/icd/libvsmp_opencl.so"
echo
if [ -x "$rot" ] && [ -f "$icd" ]; then
    echo "== OCL_ICD_VENDORS=$icd $rot examples/launch/rotate.cl examples/launch/picture.png $out/rotated_opencl.png"
    OCL_ICD_VENDORS="$icd" "$rot" examples/launch/rotate.cl examples/launch/picture.png \
        "$out/rotated_opencl.png"
else
    echo "== the OpenCL program was not built: the ICD needs opencl-c-headers, ocl-icd-opencl-dev"
    echo "   and python3 (make deps-build installs them; docs/OPENCL.md)"
    exit 1
fi
