#!/bin/sh
# SPDX-License-Identifier: MIT
# Build the corpus of today's Intel compiler (tests/corpus2) from the OpenCL C sources in
# tests/corpus/cl, with the compilers of Debian sid run in a chroot.
#
#   scripts/gen-corpus-igc2.sh            build the chroot if needed, then compile every source
#   scripts/gen-corpus-igc2.sh chroot     only build (or complete) the chroot
#   scripts/gen-corpus-igc2.sh img_copy   only the sources whose base name contains "img_copy"
#   scripts/gen-corpus-igc2.sh iface conv64   ... contains any of the words given
#
# The chroot (VSMP_SID_CHROOT, default /var/tmp/vsmp-sid/root; never committed, CI does not
# build it) is a debootstrap of trixie from the Debian mirror the host's apt uses, dist-upgraded
# to sid (sid's Release file may have expired: apt runs with Acquire::Check-Valid-Until=false),
# with intel-ocloc (ocloc 26.27 with libigc2, IGC 2.40) and intel-ocloc-legacy (ocloc 24.35 with
# IGC 1.0.17791) side by side, and libigc-tools (GenX_IR 1.0.17791, when sid has it). Needs root
# and debootstrap (scripts/deps.sh corpus2 installs it).
#
# For each source, device and SIMD width (forced with IGC_ForceOCLSIMDWidth) ocloc compiles the
# program to zebin with IGC's dumps on and the vISA sections in the zebin (-internal_options
# -ze-emit-zebin-visa-sections). tests/corpus2/ receives, as three xz-compressed tar files (the
# dumps of nine devices are alike: 54 MB of text pack into about 1.2 MB, 64 MB of zebins into
# about 1.8 MB):
#   visaasm.tar.xz   KERNEL.DEVICE.simdW.visaasm: IGC's own vISA text of every kernel IGC
#                    compiled at the width asked for (what `vsmp check` and the tiers read)
#   zeinfo.tar.xz    SOURCE.DEVICE.simdW.zeinfo: the program's zeInfo (every kernel's interface)
#   zebin.tar.xz     SOURCE.DEVICE.simdW.zebin: the zebin ocloc wrote, at every width (it holds
#                    the program-scope data the .zeinfo launches of launch2 need)
# plus manifest.tsv (one row per kernel/device/width), skipped.tsv (what was not produced, and
# why) and versions.txt. Output is deterministic: fixed file names, tar members sorted by name
# with owner 0 and time 0. A filtered run replaces only its sources' members.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=$root/tests/corpus2
CHROOT=${VSMP_SID_CHROOT:-/var/tmp/vsmp-sid/root}
filter="$*"

# true when the run compiles source $1 (every source when no word was given)
picked() {
    [ -z "$filter" ] && return 0
    for f in $filter; do
        case "$1" in *"$f"*) return 0 ;; esac
    done
    return 1
}

# device:compiler (new = ocloc 26.27 / IGC 2.40, legacy = ocloc-legacy 24.35 / IGC 1.0.17791)
DEVICES="tgllp:new dg2:new mtl:new arl:new lnl:new bmg:new ptl:new skl:legacy icllp:legacy"
WIDTHS="8 16 32"

in_chroot() {
    chroot "$CHROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
        DEBIAN_FRONTEND=noninteractive "$@"
}

mount_chroot() {
    mountpoint -q "$CHROOT/proc" || mount -t proc proc "$CHROOT/proc"
    mountpoint -q "$CHROOT/dev" || mount --bind /dev "$CHROOT/dev"
}

umount_chroot() {
    mountpoint -q "$CHROOT/dev" && umount "$CHROOT/dev"
    mountpoint -q "$CHROOT/proc" && umount "$CHROOT/proc"
    return 0
}

build_chroot() {
    if [ -x "$CHROOT/usr/bin/ocloc" ] && [ -f "$CHROOT/etc/vsmp-sid-ready" ]; then
        return 0
    fi
    # the mirror the host's apt uses
    mirror=$(sed -n 's/^URIs: *\([^ ]*debian\)\/*$/\1/p' /etc/apt/sources.list.d/*.sources \
        2>/dev/null | head -n 1)
    [ -n "$mirror" ] || mirror=$(sed -n 's/^deb \([^ ]*\) .*/\1/p' /etc/apt/sources.list \
        2>/dev/null | head -n 1)
    [ -n "$mirror" ] || mirror=http://deb.debian.org/debian
    if [ ! -x "$CHROOT/usr/bin/apt-get" ]; then
        command -v debootstrap >/dev/null || {
            echo "gen-corpus-igc2: debootstrap not found (scripts/deps.sh corpus2)" >&2
            exit 1
        }
        mkdir -p "$CHROOT"
        echo "gen-corpus-igc2: debootstrap trixie from $mirror into $CHROOT"
        debootstrap --variant=minbase trixie "$CHROOT" "$mirror"
    fi
    echo "deb $mirror sid main" >"$CHROOT/etc/apt/sources.list"
    rm -f "$CHROOT/etc/apt/sources.list.d/"*
    printf 'Acquire::Check-Valid-Until "false";\nAPT::Install-Recommends "false";\n' \
        >"$CHROOT/etc/apt/apt.conf.d/99vsmp"
    cp /etc/resolv.conf "$CHROOT/etc/resolv.conf" 2>/dev/null || true
    mount_chroot
    in_chroot apt-get -q update
    in_chroot apt-get -q -y dist-upgrade
    in_chroot apt-get -q -y install intel-ocloc libigc2 libigdfcl2 intel-ocloc-legacy libigc1 libigdfcl1
    # GenX_IR 1.0.17791 (text only): optional, the Gen-code comparison uses it when present
    in_chroot apt-get -q -y install libigc-tools || true
    touch "$CHROOT/etc/vsmp-sid-ready"
}

trap umount_chroot EXIT
build_chroot
[ "$filter" = chroot ] && exit 0
mount_chroot

legacy=$(in_chroot sh -c 'ls /usr/bin/ocloc-legacy* /usr/bin/ocloc-24* 2>/dev/null | head -n 1')
[ -n "$legacy" ] || legacy=ocloc-legacy
work=$CHROOT/tmp/vsmp-corpus2
rm -rf "$work"
mkdir -p "$work/k" "$corpus"
out=$work/k
# a filtered run keeps the other sources' members
if [ -n "$filter" ]; then
    for a in visaasm zeinfo zebin; do
        [ -f "$corpus/$a.tar.xz" ] && tar -xJf "$corpus/$a.tar.xz" -C "$out"
    done
fi
skipped=$work/skipped.new
: >"$skipped"

for cl in "$root"/tests/corpus/cl/*.cl; do
    src=$(basename "$cl" .cl)
    picked "$src" || continue
    opts=$(sed -n 's|^// ocloc-options: *||p' "$cl" | head -n 1)
    for k in $(sed -n 's/^__kernel void \([A-Za-z0-9_]*\).*/\1/p' "$cl"); do
        rm -f "$out/$k".*
    done
    rm -f "$out/$src".*.zebin "$out/$src".*.zeinfo
    for dc in $DEVICES; do
        dev=${dc%%:*}
        oc=ocloc
        [ "${dc#*:}" = legacy ] && oc=$legacy
        for w in $WIDTHS; do
            d=$work/run
            rm -rf "$d"
            mkdir -p "$d"
            cp "$cl" "$d/$src.cl"
            if ! in_chroot sh -c "cd /tmp/vsmp-corpus2/run && IGC_ShaderDumpEnable=1 \
                    IGC_DumpToCustomDir=dump IGC_ForceOCLSIMDWidth=$w $oc compile \
                    -file $src.cl -device $dev -output $src -output_no_suffix \
                    ${opts:+-options '$opts'} -internal_options -ze-emit-zebin-visa-sections \
                    >log 2>&1"; then
                printf '%s\t*\t%s\t%s\tocloc fails: %s\n' "$src" "$dev" "$w" \
                    "$(grep -m1 -i 'error' "$d/log" | tr '\t' ' ' | cut -c1-120)" >>"$skipped"
                continue
            fi
            zebin=$(ls "$d"/*.bin "$d/$src" 2>/dev/null | head -n 1 || true)
            [ -n "$zebin" ] && cp "$zebin" "$out/$src.$dev.simd$w.zebin"
            zeinfo=$(ls "$d"/dump/*.zeinfo 2>/dev/null | head -n 1 || true)
            [ -n "$zeinfo" ] && cp "$zeinfo" "$out/$src.$dev.simd$w.zeinfo"
            for k in $(sed -n 's/^__kernel void \([A-Za-z0-9_]*\).*/\1/p' "$cl"); do
                v=$(grep -l "^\.kernel \"$k\"" "$d"/dump/*_simd"$w"_entry_*.visaasm 2>/dev/null |
                    head -n 1 || true)
                if [ -z "$v" ]; then
                    got=$(grep -l "^\.kernel \"$k\"" "$d"/dump/*.visaasm 2>/dev/null |
                        sed -n 's/.*_simd\([0-9]*\)_entry_.*/\1/p' | head -n 1 || true)
                    printf '%s\t%s\t%s\t%s\tIGC compiled SIMD%s instead\n' "$src" "$k" "$dev" \
                        "$w" "${got:-nothing}" >>"$skipped"
                    continue
                fi
                name=$k.$dev.simd$w
                cp "$v" "$out/$name.visaasm"
            done
        done
    done
done

{
    printf 'source\tkernel\tdevice\tsimd\twhy\n'
    if [ -f "$corpus/skipped.tsv" ]; then
        tail -n +2 "$corpus/skipped.tsv" | while IFS='	' read -r s rest; do
            picked "$s" || printf '%s\t%s\n' "$s" "$rest"
        done
    fi
    cat "$skipped"
} | { IFS= read -r h; printf '%s\n' "$h"; LC_ALL=C sort; } >"$work/skipped.tsv"
mv "$work/skipped.tsv" "$corpus/skipped.tsv"

# manifest: kernel, its source, device, simd, the .version line, the files of the kernel
{
    printf 'kernel\tsource\tdevice\tsimd\tversion\tfiles\n'
    for f in "$out"/*.visaasm; do
        b=$(basename "$f" .visaasm)
        k=${b%%.*}
        r=${b#*.}
        dev=${r%%.*}
        w=${r#*.simd}
        ver=$(sed -n 's/^\.version *//p' "$f" | head -n 1)
        src=$(grep -l "^__kernel void $k(" "$root"/tests/corpus/cl/*.cl | head -n 1 || true)
        src=$(basename "$src" .cl)
        files=$(cd "$out" && ls "$b".* "$src.$dev.simd$w".* 2>/dev/null | sed "s/^[^.]*\.[^.]*\.simd[0-9]*\.//" |
            LC_ALL=C sort | paste -sd, -)
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$k" "$src" "$dev" "$w" "$ver" "$files"
    done | LC_ALL=C sort
} >"$corpus/manifest.tsv"

# xz -9e for the zebins (6 % smaller than -9 on their binary sections)
for a in visaasm zeinfo zebin; do
    level=-9
    [ "$a" = zebin ] && level=-9e
    (cd "$out" && printf '%s\n' *."$a" | LC_ALL=C sort |
        tar -cf - --owner=0 --group=0 --numeric-owner --mtime=@0 --no-recursion -T - |
        xz "$level" -T1 >"$corpus/$a.tar.xz")
done

{
    echo "ocloc: intel-ocloc $(in_chroot dpkg-query -W -f='${Version}' intel-ocloc)"
    echo "libigc2: $(in_chroot dpkg-query -W -f='${Version}' libigc2)"
    echo "ocloc-legacy: intel-ocloc-legacy $(in_chroot dpkg-query -W -f='${Version}' \
        intel-ocloc-legacy)"
    echo "libigc-tools: $(in_chroot dpkg-query -W -f='${Version}' libigc-tools 2>/dev/null ||
        echo absent)"
} >"$corpus/versions.txt"
rm -rf "$work"
echo "gen-corpus-igc2: $(tail -n +2 "$corpus/manifest.tsv" | wc -l) kernels," \
    "$(tail -n +2 "$corpus/skipped.tsv" | wc -l) skipped"
