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
