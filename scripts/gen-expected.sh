#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerate tests/corpus/expected/*.json: a few corpus kernels run by pocl (OpenCL on the CPU,
# pocl-opencl-icd through the ocl-icd loader; `scripts/deps.sh test` installs both) on fixed
# inputs, for the vISA executor to compare against; spec_expected.py writes those pocl cannot
# give, from the OpenCL specification. Then check_expected.py recomputes the outputs it can
# model independently and compares.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$root/tests/corpus/expected
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -std=c11 -O2 -Wall -Wextra -Werror "$dir/pocl_expected.c" -o "$tmp/pocl_expected" -lOpenCL
# pocl caches compiled kernels in the home directory; keep it out of the way
POCL_CACHE_DIR=$tmp/cache "$tmp/pocl_expected" "$root/tests/corpus/cl" "$dir"
echo "pocl: pocl-opencl-icd $(dpkg-query -W -f='${Version}' pocl-opencl-icd 2>/dev/null || echo '?')" \
    >"$dir/versions.txt"
# the image kernels pocl cannot run (fp16, mipmaps) or reads wrongly: from the OpenCL spec
python3 "$dir/spec_expected.py" "$dir"
python3 "$dir/check_expected.py" "$dir"
