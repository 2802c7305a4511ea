#!/bin/sh
# SPDX-License-Identifier: MIT
# Run each libFuzzer target for SECONDS. New inputs go to a scratch directory first (libFuzzer
# writes into the first corpus directory it is given); merge the interesting ones by hand with
#   build-fuzz/tests/fuzz_isa -merge=1 tests/fuzz/corpus/isa fuzz-scratch/isa
set -eu
build="$1"
seconds="${2:-60}"
for t in isa text job run launch launchjob sample fastpath exec_fast; do
    mkdir -p "fuzz-scratch/$t"
    echo "== fuzz_$t for ${seconds}s"
    "$build/tests/fuzz_$t" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
        -artifact_prefix="fuzz-scratch/$t-" "fuzz-scratch/$t" "tests/fuzz/corpus/$t"
done
