#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerate the kernel corpus (tests/corpus) from the OpenCL C sources in tests/corpus/cl.
#
#   scripts/gen-corpus.sh            every source
#   scripts/gen-corpus.sh img_copy   only the sources whose base name contains "img_copy"
#                                    (the manifest is rebuilt from every file present)
#
# For each source, platform (skl, tgllp, acm-g10) and SIMD width (8, 16, 32 forced with
# IGC_ForceOCLSIMDWidth), ocloc compiles the program with IGC's shader dumps on; for every kernel
# of the program that IGC compiled at the width asked for, tests/corpus/k/ receives, each
# gzip-compressed (the large kernels would weigh megabytes):
#   KERNEL.DEVICE.simdW.visaasm.gz  IGC's own vISA text dump (the input of every check)
#   KERNEL.DEVICE.simdW.isa.gz      that text assembled by the fixed GenX_IR 1.0.12504
#                                   (GENX_IR_FIXED; golden bytes for `vsmp asm`)
#   KERNEL.DEVICE.simdW.asm.gz      Gen assembly Debian's GenX_IR compiles from the .visaasm
#                                   (golden Gen code; the volatile comment lines //.declare,
#                                   //.options_string and //.full_options are dropped)
#   KERNEL.DEVICE.simdW.cos.gz      IGC's text dump of the kernel's patch tokens (its interface:
#                                   what `vsmp launch` reads), without the SURFACE_STATE listings
#   KERNEL.DEVICE.simdW.dsh.gz      the kernel's dynamic state heap from IGC's program binary
#                                   (its SAMPLER_STATEs: the inline samplers' values)
#   KERNEL.DEVICE.simdW.igc.isa.gz  the .isa IGC itself dumped: corrupted by the 12504 writer
#                                   bug (tests/corpus/README.md); a robustness input only
# plus manifest.tsv (one row per kernel/platform/width), skipped.tsv (what the compiler did not
# produce, and why) and versions.txt (the tools that made the files).
# When GenX_IR cannot compile a kernel on its own, the .isa and .asm goldens are absent.
# After regenerating, tests/corpus/genx_standin.py checks the goldens (see the corpus README).
#
# A source may name extra compiler options on a line "// ocloc-options: ...".
#
# Tools: ocloc from intel-opencl-icd 22.43.24595 with IGC 1.0.12504 (libigc1), Debian's GenX_IR
# (libigc-tools 1.0.12504.6): `scripts/deps.sh test` installs both. GENX_IR_FIXED is GenX_IR
# 1.0.12504.6 built with the upstream fix of its binary writer (its build recipe is in
# tests/corpus/README.md); it is not packaged. Output is deterministic: every tool runs in a
# scratch directory under fixed file names, gzip stores no name or time, and ocloc runs without
# address-space randomisation (IGC's corrupted .isa dumps contain heap addresses; those bytes
# may still differ on another machine).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=$root/tests/corpus
OCLOC=${OCLOC:-ocloc}
GENX_IR=${GENX_IR:-/usr/bin/GenX_IR}
GENX_IR_FIXED=${GENX_IR_FIXED:-$root/../shared/tools/genx-ir-fixed/GenX_IR_12504_fixed}
filter=${1:-}

for t in "$OCLOC" "$GENX_IR" "$GENX_IR_FIXED" gzip python3; do
    if ! command -v "$t" >/dev/null 2>&1; then
        echo "gen-corpus: $t not found (scripts/deps.sh test installs ocloc and GenX_IR;" \
             "set GENX_IR_FIXED to the fixed GenX_IR 1.0.12504)" >&2
        exit 1
    fi
done
GENX_IR_FIXED=$(cd "$(dirname "$GENX_IR_FIXED")" && pwd)/$(basename "$GENX_IR_FIXED")

# IGC's own .isa dumps hold heap addresses of the compiler: without address-space
# randomisation they come out the same from run to run on one machine.
norandom=""
if setarch "$(uname -m)" -R true 2>/dev/null; then
    norandom="setarch $(uname -m) -R"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$corpus/k
mkdir -p "$out"
skipped=$tmp/skipped.new
: >"$skipped"

# why GenX_IR failed: its signal, or the first line of its log that says what went wrong
why() {
    if [ "$1" -gt 128 ]; then
        echo "killed by signal $(($1 - 128))"
    else
        grep -m1 -i -e 'error' -e 'spill' -e 'fail' "$2" | tr '\t' ' ' | cut -c1-120
    fi
}

# device, GenX_IR platform name
PLATFORMS="skl:SKL tgllp:TGLLP acm-g10:DG2"
WIDTHS="8 16 32"

for cl in "$corpus"/cl/*.cl; do
    src=$(basename "$cl" .cl)
    case "$src" in *"$filter"*) ;; *) continue ;; esac
    opts=$(sed -n 's|^// ocloc-options: *||p' "$cl" | head -n 1)
    # forget what this source produced before
    for k in $(sed -n 's/^__kernel void \([A-Za-z0-9_]*\).*/\1/p' "$cl"); do
        rm -f "$out/$k".*
    done
    for pd in $PLATFORMS; do
        dev=${pd%%:*}
        plat=${pd#*:}
        for w in $WIDTHS; do
            work=$tmp/work
            rm -rf "$work"
            mkdir -p "$work"
            cp "$cl" "$work/$src.cl"
            if ! (cd "$work" && IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir=dump \
                    IGC_ForceOCLSIMDWidth=$w $norandom "$OCLOC" compile -file "$src.cl" -device "$dev" \
                    ${opts:+-options "$opts"} >log 2>&1); then
                printf '%s\t*\t%s\t%s\tocloc fails: %s\n' "$src" "$dev" "$w" \
                    "$(grep -m1 'error' "$work/log" | sed 's/^[0-9:]* *//' | tr '\t' ' ')" >>"$skipped"
                continue
            fi
            for k in $(sed -n 's/^__kernel void \([A-Za-z0-9_]*\).*/\1/p' "$cl"); do
                # When IGC recompiled a kernel (its retry after too many spills), the retry's
                # dump is HASH_1_simdW_entry_N and sorts first: that is the kernel IGC kept.
                v=$(grep -l "^\.kernel \"$k\"" "$work"/dump/*_simd"$w"_entry_*.visaasm 2>/dev/null |
                    head -n 1 || true)
                if [ -z "$v" ]; then
                    got=$(grep -l "^\.kernel \"$k\"" "$work"/dump/*.visaasm 2>/dev/null |
                        sed -n 's/.*_simd\([0-9]*\)_entry_.*/\1/p' | head -n 1 || true)
                    printf '%s\t%s\t%s\t%s\tIGC compiled SIMD%s instead\n' "$src" "$k" "$dev" \
                        "$w" "${got:-nothing}" >>"$skipped"
                    continue
                fi
                name=$k.$dev.simd$w
                gzip -n -9 <"$v" >"$out/$name.visaasm.gz"
                gzip -n -9 <"${v%.visaasm}.isa" >"$out/$name.igc.isa.gz"
                # the kernel's interface: IGC's text dump of its patch tokens (argument
                # offsets in the cross-thread data, binding-table slots, the thread payload);
                # the SURFACE_STATE field listings are dropped (the launcher builds its own)
                # After a retry IGC writes every kernel's .cos under the retry's name
                # (HASH_1_simdW_entry_N.cos, sorting first) while only the retried kernels get
                # a new .visaasm: the .cos is the one of the same entry, the retry's if any.
                e=${v##*_simd}
                cos=$(ls "$work"/dump/*_simd"${e%.visaasm}".cos | head -n 1)
                awk '/^SURFACE_STATE = /{skip=1;next} skip && /^\t/{next} {skip=0;print}' \
                    "$cos" | gzip -n -9 >"$out/$name.cos.gz"
                # the kernel's dynamic state heap (its SAMPLER_STATEs: the inline samplers'
                # values, which the .cos does not carry), cut from the program binary IGC
                # dumped: header (7 dwords) and program patch list, then per kernel a 40-byte
                # header (checksum, hash, name size, patch list size, kernel heap, general
                # state heap, dynamic state heap, surface state heap sizes, unpadded size), the
                # name, the heaps in that order and the patch list
                progbin=$(ls "$work"/dump/*.progbin | head -n 1)
                python3 - "$progbin" "$k" "$out/$name.dsh" <<'PY'
import struct, sys
b = open(sys.argv[1], "rb").read()
nk, pls = struct.unpack_from("<II", b, 16)[0], struct.unpack_from("<I", b, 24)[0]
o = 28 + pls
for _ in range(nk):
    _, _, nsz, pl, kh, gsh, dsh, ssh, _ = struct.unpack_from("<IQIIIIIII", b, o)
    o += 40
    name = b[o:o + nsz].split(b"\0")[0].decode()
    o += nsz + kh + gsh
    if name == sys.argv[2]:
        open(sys.argv[3], "wb").write(b[o:o + dsh])
    o += dsh + ssh + pl
PY
                if [ -f "$out/$name.dsh" ]; then
                    gzip -n -9 -f "$out/$name.dsh"
                fi
                g=$tmp/g
                rm -rf "$g"
                mkdir -p "$g/fixed" "$g/deb"
                cp "$v" "$g/fixed/$name.visaasm"
                cp "$v" "$g/deb/$name.visaasm"
                # GenX_IR standalone fails on a few kernels IGC compiles (it crashes, or
                # refuses to spill without the scratch space IGC would give): they keep their
                # .visaasm and .igc.isa for the robust tier, without goldens.
                rc=0
                (cd "$g/fixed" && "$GENX_IR_FIXED" "$name.visaasm" -platform "$plat" \
                    -binary -outputCisaBinaryName "$name.isa" >log 2>&1; exit $?) 2>/dev/null || rc=$?
                if [ $rc != 0 ]; then
                    printf '%s\t%s\t%s\t%s\tno goldens: the fixed GenX_IR fails (%s)\n' "$src" \
                        "$k" "$dev" "$w" "$(why $rc "$g/fixed/log")" >>"$skipped"
                    continue
                fi
                gzip -n -9 <"$g/fixed/$name.isa" >"$out/$name.isa.gz"
                rc=0
                (cd "$g/deb" && "$GENX_IR" "$name.visaasm" -platform "$plat" -output \
                    >log 2>&1; exit $?) 2>/dev/null || rc=$?
                if [ $rc != 0 ]; then
                    printf '%s\t%s\t%s\t%s\tno Gen golden: GenX_IR fails (%s)\n' "$src" "$k" \
                        "$dev" "$w" "$(why $rc "$g/deb/log")" >>"$skipped"
                    continue
                fi
                grep -v -e '^//\.declare' -e '^//\.options_string' -e '^//\.full_options' \
                    "$g/deb/$name.asm" | gzip -n -9 >"$out/$name.asm.gz"
            done
        done
    done
done

# skipped.tsv: keep the rows of the sources not regenerated now
{
    printf 'source\tkernel\tdevice\tsimd\twhy\n'
    if [ -f "$corpus/skipped.tsv" ]; then
        tail -n +2 "$corpus/skipped.tsv" | while IFS='	' read -r s rest; do
            case "$s" in *"$filter"*) ;; *) printf '%s\t%s\n' "$s" "$rest" ;; esac
        done
    fi
    cat "$skipped"
} | { IFS= read -r h; printf '%s\n' "$h"; LC_ALL=C sort; } >"$tmp/skipped.tsv"
mv "$tmp/skipped.tsv" "$corpus/skipped.tsv"

{
    echo "ocloc: intel-opencl-icd $(dpkg-query -W -f='${Version}' intel-opencl-icd 2>/dev/null || echo '?')"
    echo "IGC: libigc1 $(dpkg-query -W -f='${Version}' libigc1 2>/dev/null || echo '?')"
    echo "GenX_IR: libigc-tools $(dpkg-query -W -f='${Version}' libigc-tools 2>/dev/null || echo '?')"
    echo "fixed GenX_IR: 1.0.12504.6 with the binary-writer fix, sha256 $(sha256sum "$GENX_IR_FIXED" | cut -c1-16)"
} >"$corpus/versions.txt"

python3 "$corpus/corpus_manifest.py" "$corpus"
