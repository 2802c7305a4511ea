#!/bin/sh
# SPDX-License-Identifier: MIT
# Run the whole CTest suite of BUILD_DIR with JOBS in parallel, each test's output shown as it
# runs (the long tiers print their progress), CTest's bookkeeping lines left out:
#   scripts/test.sh BUILD_DIR JOBS [CTEST_ARGS...]
set -eu
build="$1"
jobs="$2"
shift 2
status="$build/vsmp-ctest.status"
rm -f "$status"
{
    rc=0
    (cd "$build" && ctest -j "$jobs" -V "$@") 2>&1 || rc=$?
    echo "$rc" > "$status"
} | grep -v -E '^(UpdateCTestConfiguration|Constructing a list|Done constructing|Updating test list|Added 0 tests|Checking test dependency|[0-9]+: (Test command|Working Directory|Test timeout computed|Environment variables):|test [0-9]+$|[0-9]+:  [A-Z_]+=)' || true
rc=$(cat "$status" 2>/dev/null || echo 1)
exit "$rc"
