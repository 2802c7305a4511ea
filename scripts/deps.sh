#!/bin/sh
# SPDX-License-Identifier: MIT
# Install the Debian packages vsmp's build and tests need, when they are missing.
#   scripts/deps.sh build   cmake, ninja, a C compiler, json-c and libpng (the vsmp tool),
#                           libelf and libyaml (zebin and zeinfo: ocl/), the OpenCL ICD's
#                           headers and python3 (opencl-c-headers), the loader
#                           (ocl-icd-opencl-dev) and ocloc (intel-opencl-icd): make run's
#                           OpenCL program on vsmp (docs/OPENCL.md)
#   scripts/deps.sh test    + GenX_IR (libigc-tools) for the compatibility tier, clang for the
#                           sanitizers and fuzzing, a C++ compiler for the install test,
#                           lavapipe (mesa-vulkan-drivers, libvulkan-dev, glslang-tools) for the
#                           sampling tier, ocloc (intel-opencl-icd) for scripts/gen-corpus.sh,
#                           pocl (pocl-opencl-icd) for scripts/gen-expected.sh, clinfo for
#                           the OpenCL tier, pyopencl and numpy (python3-pyopencl,
#                           python3-numpy) and ffmpeg for its client tiers; python3-yaml
#                           for the zeinfo2 tier
#   scripts/deps.sh corpus2 debootstrap, for the sid chroot of scripts/gen-corpus-igc2.sh
# apt's output is summarised (one line per package unpacked and set up) as it goes; on failure
# the whole log is printed.
set -eu
want="cmake ninja-build gcc pkg-config libjson-c-dev libpng-dev libelf-dev libyaml-dev"
want="$want python3 opencl-c-headers ocl-icd-opencl-dev intel-opencl-icd"
case "${1:-build}" in
    test) want="$want libigc-tools clang g++ libvulkan-dev mesa-vulkan-drivers glslang-tools"
          want="$want pocl-opencl-icd clinfo python3-pyopencl python3-numpy python3-yaml ffmpeg" ;;
    corpus2) want="debootstrap xz-utils" ;;
esac
missing=""
for p in $want; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp "${TMPDIR:-/tmp}/vsmp-apt.XXXXXX")
trap 'rm -f "$log" "$log.rc"' EXIT

# run "what" "apt-get args...": stream apt's progress lines, keep the rest in the log
apt_run() {
    what="$1"
    shift
    echo "vsmp: $what"
    : >"$log"
    start=$(date +%s)
    {
        rc=0
        $SUDO apt-get -o Dpkg::Progress-Fancy=0 -o APT::Color=0 "$@" 2>&1 || rc=$?
        echo "$rc" > "$log.rc"
    } | tee -a "$log" | while IFS= read -r line; do
        case "$line" in
            "Unpacking "* | "Setting up "* | "E: "* | "W: "* | "Err:"* | "Need to get "* | \
                "After this operation"* | *" newly installed, "*)
                echo "  $line" ;;
        esac
    done
    rc=$(cat "$log.rc")
    if [ "$rc" != 0 ]; then
        echo "vsmp: apt-get $* failed (exit $rc); its output:"
        cat "$log"
        exit "$rc"
    fi
    echo "vsmp: done in $(($(date +%s) - start)) s"
}

apt_run "updating the package lists" update -q
# shellcheck disable=SC2086 # one word per package
apt_run "installing Debian packages:$missing" install -y -q --no-install-recommends $missing
