#!/bin/sh
# SPDX-License-Identifier: MIT
# Every global symbol libvsmp defines is part of its namespace: vsmp_ (functions, data) or
# VSMP_. A static archive has no visibility: a global `lex_init` in it would clash with the
# program's own; a shared library exports only its default-visibility symbols.
#   symbols.sh NM LIBRARY   (libvsmp.a or libvsmp.so*)
set -eu
nm="$1"
lib="$2"
case "$lib" in
*.a) list=$("$nm" -g --defined-only "$lib") ;;
*) list=$("$nm" -D --defined-only "$lib") ;;
esac
names=$(printf '%s\n' "$list" | awk 'NF == 3 { print $3 }')
total=$(printf '%s\n' "$names" | grep -c . || true)
bad=$(printf '%s\n' "$names" | grep -v -E '^(vsmp_|VSMP_)' || true)
if [ "$total" -lt 50 ]; then
    echo "FAIL: only $total global symbols in $lib (is it the library?)"
    echo "0 passed, 1 failed"
    exit 1
fi
if [ -n "$bad" ]; then
    echo "FAIL: $lib defines global symbols outside the vsmp_ namespace:"
    printf '  %s\n' $bad
    echo "0 passed, 1 failed"
    exit 1
fi
echo "$total global symbols, all vsmp_-prefixed"
echo "1 passed, 0 failed"
