#!/bin/sh
# SPDX-License-Identifier: MIT
# Same bits from every compiler and optimisation: tests/cross/suite_determinism_q16.c
# and everything it links (the whole library, its test support) built with
# the host's compiler and with clang, each at -O0, -O2 and -Os, must pass
# (its hash equals the recorded one) and print the same hash. The make test
# variant's flags come along (under host-asan: the sanitizers, so undefined
# behaviour in the Q16 code is caught at every level with both compilers).
#   check-q16-determinism.sh BUILD_DIR     (CC, CFLAGS, LDFLAGS from make)
set -u
suite=q16_determinism_builds
root=$(dirname "$0")/../..
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

ok() { echo "ok   $suite.$1"; passed=$((passed + 1)); }
bad() { echo "FAIL $suite.$1"; failed=$((failed + 1)); }

sources="$(find "$root/src" -name '*.c' | sort) $root/tests/support/harness.c $root/tests/support/q16_hash.c
         $root/tests/support/q16_check.c $root/tests/support/q16_sweep.c
         $root/tests/support/q16_determinism.c $root/tests/support/q16_solvers.c $root/tests/support/q16_rows.c
         $root/tests/support/q16_drag_rows.c $root/tests/support/q16_shots_rows.c
         $root/port/host/port_host.c
         $root/tests/cross/suite_determinism_q16.c"

for cc in "$CC" clang; do
    name=$(basename "$cc")
    if ! command -v "$cc" >/dev/null 2>&1; then
        bad "${name}_found"
        echo "     $cc is not installed (make ensure-tools installs clang)"
        continue
    fi
    echo "# $name: $("$cc" --version | head -n 1)"
    for level in -O0 -O2 -Os; do
        label=${name}_$(echo "$level" | tr -d -)
        # The level last: it overrides the variant's own -O. No debug
        # information (-g0): it changes no code and costs a quarter of the
        # compile time.
        # shellcheck disable=SC2086
        if ! $cc $CFLAGS $level -g0 -I"$root/port" -I"$root/tests/support" -I"$root/tests" $sources $LDFLAGS -lm \
            -o "$work/$label" >"$work/$label.cc" 2>&1; then
            bad "$label"
            sed 's/^/     /' "$work/$label.cc" | head -n 20
            continue
        fi
        "$work/$label" >"$work/$label.log" 2>&1
        status=$?
        hash=$(sed -n 's/^# *hash of .*: \(0x[0-9a-f]*\)$/\1/p' "$work/$label.log")
        if [ "$status" -eq 0 ] && [ -n "$hash" ]; then
            ok "$label ($hash)"
            echo "$hash" >>"$work/hashes"
        else
            bad "$label"
            grep -E '^(FAIL|     |# *hash)' "$work/$label.log" | head -n 20 | sed 's/^/     /'
            tail -n 3 "$work/$label.log" | sed 's/^/     /'
        fi
    done
done

# Every build that ran printed the same number (the suite's own check
# compares each with the recorded one; this says it again across builds).
if [ -f "$work/hashes" ] && [ "$(sort -u "$work/hashes" | wc -l)" -eq 1 ] &&
    [ "$(wc -l <"$work/hashes")" -eq 6 ]; then
    ok "six_builds_one_hash"
else
    bad "six_builds_one_hash"
    echo "     hashes: $(tr '\n' ' ' <"$work/hashes" 2>/dev/null)"
fi

echo "# $suite: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
