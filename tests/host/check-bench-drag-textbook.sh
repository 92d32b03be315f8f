#!/bin/sh
# The benchmark's libfixmath yardsticks of the drag rows agree with the f64
# solvers where their closed forms are well conditioned
# (tests/host/bench_drag_textbook.c): compiled with the variant's flags
# (the sanitizers on host-asan) from bench/'s sources, run, its lines
# passed on.
#   check-bench-drag-textbook.sh BUILD_DIR   (CC, CFLAGS, LDLIBS, LDFLAGS from make)
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$(dirname "$0")/../..
# shellcheck disable=SC2086
if ! $CC $CFLAGS -I"$root/bench" "$root/tests/host/bench_drag_textbook.c" \
    "$root/bench/drag_fix16.c" "$root/bench/drag_predict_fix16.c" \
    "$root/bench/drag_height_fix16.c" "$root/bench/drag_aim_fix16.c" \
    $LDLIBS $LDFLAGS -o "$work/check" >"$work/cc.log" 2>&1; then
    sed 's/^/     /' "$work/cc.log" | head -n 20
    echo "FAIL bench_textbook.compiles"
    exit 1
fi
"$work/check"
