#!/bin/sh
# SPDX-License-Identifier: MIT
# Configure a build directory, every time make builds:
#   scripts/configure.sh BUILD_DIR [CMAKE_ARGS...]
# - CMake runs on every call (a second when nothing changed), so peers installed since the last
#   run (Vulkan for the lavapipe tier, GenX_IR, Python) are found: a build configured by
#   `make run` before `make test` installed the test packages gets its full test suite.
# - The arguments are kept in BUILD_DIR/vsmp-configure.args; when they differ from the last
#   run's (CMAKE_FLAGS changed, or a directory configured by hand), the cache is dropped and
#   the directory is configured afresh, so no option of an earlier run lingers.
set -eu
build="$1"
shift
args="$*"
stamp="$build/vsmp-configure.args"
if [ -f "$build/CMakeCache.txt" ]; then
    old=""
    [ -f "$stamp" ] && old=$(cat "$stamp")
    if [ "$old" != "$args" ]; then
        echo "vsmp: configure arguments changed (was: '${old:-unknown}', now: '$args');" \
            "configuring $build afresh"
        rm -f "$build/CMakeCache.txt" "$stamp"
    fi
fi

cmake -S . -B "$build" --log-level=NOTICE "$@"
printf '%s\n' "$args" > "$stamp"
