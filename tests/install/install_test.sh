#!/bin/sh
# SPDX-License-Identifier: MIT
# vsmp as a library other programs use. For the static and the shared library:
#   - build the library alone, with no pkg-config modules visible (json-c and libpng are the
#     command-line tool's, not the library's), every source of it but unoptimised (Debug: the
#     optimised build of the same sources is the suite's own, and optimising the SIMD kernels
#     twice more took most of this test's time);
#   - install it with `cmake --install --prefix`, then move the prefix elsewhere (the .pc and
#     the CMake package must not name where they were configured or installed);
#   - check that every global symbol is vsmp_-prefixed (symbols.sh);
#   - build consumer.c as C and as C++ through pkg-config (static: --static, so libm comes from
#     Libs.private) and through CMake (find_package(vsmp), vsmp::vsmp), and run them.
# usage: install_test.sh SOURCE_DIR WORK_DIR [CC [NM]]   (CXX from the environment, or c++)
set -eu
src=$(cd "$1" && pwd)
work="$2"
cc="${3:-cc}"
nm="${4:-nm}"
here="$src/tests/install"
cxx="${CXX:-}"
if [ -z "$cxx" ]; then
    for c in c++ g++ clang++; do
        if command -v "$c" >/dev/null 2>&1; then
            cxx="$c"
            break
        fi
    done
fi
passed=0
failed=0
ok() {
    passed=$((passed + 1))
    echo "install: ok: $*"
}
bad() {
    failed=$((failed + 1))
    echo "install: FAIL: $*"
}
if [ -z "$cxx" ]; then
    bad "no C++ compiler (apt-get install g++)"
fi
rm -rf "$work"
mkdir -p "$work"
for kind in static shared; do
    shared=OFF
    [ "$kind" = shared ] && shared=ON
    b="$work/build-$kind"
    p="$work/prefix-$kind"
    log="$work/$kind.log"
    echo "install: building the $kind library alone"
    if ! PKG_CONFIG_LIBDIR=/nonexistent PKG_CONFIG_PATH="" cmake -S "$src" -B "$b" -G Ninja \
        -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER="$cc" -DBUILD_SHARED_LIBS="$shared" \
        -DVSMP_BUILD_CLI=OFF -DVSMP_BUILD_TESTS=OFF -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON \
        -DCMAKE_INSTALL_PREFIX=/nonexistent/configure-prefix --log-level=WARNING >"$log" 2>&1 ||
        ! cmake --build "$b" >>"$log" 2>&1 ||
        ! cmake --install "$b" --prefix "$work/staging-$kind" >>"$log" 2>&1; then
        cat "$log"
        bad "$kind: the library alone does not build and install"
        continue
    fi
    mv "$work/staging-$kind" "$p"
    ok "$kind: library built alone, installed, prefix moved"
    lib=$(find "$p" -name 'libvsmp.a' -o -name 'libvsmp.so.*.*' | head -n 1)
    if sh "$here/symbols.sh" "$nm" "$lib" >"$log" 2>&1; then
        ok "$kind: $(head -n 1 "$log")"
    else
        cat "$log"
        bad "$kind: symbols"
    fi
    libdir=$(dirname "$lib")

    # pkg-config
    pc=$(find "$p" -name vsmp.pc | head -n 1)
    if [ -z "$pc" ] || grep -q -e /nonexistent -e "$work/staging" "$pc"; then
        bad "$kind: vsmp.pc missing or naming the configure/install prefix"
    else
        ok "$kind: vsmp.pc is relocatable"
    fi
    static=""
    [ "$kind" = static ] && static="--static"
    if [ -n "$pc" ]; then
        cflags=$(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --cflags vsmp)
        libs=$(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config $static --libs vsmp)
        echo "install: pkg-config $static: $cflags $libs"
        for lang in c cxx; do
            if [ "$lang" = c ]; then
                comp="$cc -std=c11"
                file="$here/consumer.c"
            else
                [ -n "$cxx" ] || continue
                comp="$cxx -std=c++11"
                file="$here/consumer.cpp"
            fi
            exe="$work/pc-$kind-$lang"
            # shellcheck disable=SC2086 # flags are words
            if $comp -Wall -Wextra -Werror $cflags "$file" -o "$exe" $libs >"$log" 2>&1 &&
                LD_LIBRARY_PATH="$libdir" "$exe" >"$log.run" 2>&1; then
                ok "$kind: pkg-config $lang consumer: $(tail -n 1 "$log.run")"
            else
                cat "$log" "$log.run" 2>/dev/null || true
                bad "$kind: pkg-config $lang consumer"
            fi
        done
    fi

    # CMake
    cm="$work/cmake-$kind"
    cxxdef=""
    [ -n "$cxx" ] && cxxdef="-DCMAKE_CXX_COMPILER=$cxx"
    # shellcheck disable=SC2086
    if cmake -S "$here/consumer" -B "$cm" -G Ninja -DCMAKE_PREFIX_PATH="$p" \
        -DCMAKE_C_COMPILER="$cc" $cxxdef --log-level=WARNING >"$log" 2>&1 &&
        cmake --build "$cm" >>"$log" 2>&1; then
        for lang in c cxx; do
            if "$cm/consumer_$lang" >"$log.run" 2>&1; then
                ok "$kind: CMake $lang consumer: $(tail -n 1 "$log.run")"
            else
                cat "$log.run"
                bad "$kind: CMake $lang consumer"
            fi
        done
    else
        cat "$log"
        bad "$kind: find_package(vsmp) and vsmp::vsmp"
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
