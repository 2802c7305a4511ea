#!/bin/sh
# SPDX-License-Identifier: MIT
# Install the Debian packages vsmp's build and tests need, when they are missing.
#   scripts/deps.sh build   cmake, ninja, a C compiler
#   scripts/deps.sh test    + GenX_IR (libigc-tools) for the compatibility tier, clang for fuzzing,
#                           lavapipe (mesa-vulkan-drivers, libvulkan-dev, glslang-tools) for the
#                           sampling tier, ocloc (intel-opencl-icd) for scripts/gen-corpus.sh,
#                           pocl (pocl-opencl-icd, ocl-icd-opencl-dev) for scripts/gen-expected.sh
set -eu
want="cmake ninja-build gcc pkg-config libjson-c-dev libpng-dev"
case "${1:-build}" in
    test) want="$want libigc-tools clang python3 libvulkan-dev mesa-vulkan-drivers glslang-tools"
          want="$want intel-opencl-icd pocl-opencl-icd ocl-icd-opencl-dev" ;;
esac
missing=""
for p in $want; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "vsmp: installing Debian packages:$missing"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
