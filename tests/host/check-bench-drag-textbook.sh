#!/bin/sh
# SPDX-License-Identifier: MIT
# The benchmark's libfixmath yardsticks of the drag rows agree with the f64
# solvers where their closed forms are well conditioned: the harness suite
# tests/host/bench_drag_textbook.c, compiled with the variant's flags (the
# sanitizers on host-asan) and linked with bench/'s yardstick sources and
# the suites' support objects, then run; its lines are passed on.
#   check-bench-drag-textbook.sh BUILD_DIR
#   (CC, CFLAGS, LDLIBS, LDFLAGS, SUPPORT_OBJS from make)
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$(dirname "$0")/../..
# shellcheck disable=SC2086
yard=$root/bench/yardsticks
if ! $CC $CFLAGS -I"$root/bench/harness" -I"$root/bench/rows" -I"$yard" \
    -I"$root/tests/support" -I"$root/tests" -I"$root/port" \
    "$root/tests/host/bench_drag_textbook.c" "$yard/drag_fix16.c" \
    "$yard/drag_predict_fix16.c" "$yard/drag_height_fix16.c" \
    "$yard/drag_aim_fix16.c" $SUPPORT_OBJS $LDLIBS $LDFLAGS -o "$work/check" \
    >"$work/cc.log" 2>&1; then
    sed 's/^/     /' "$work/cc.log" | head -n 20
    echo "FAIL bench_drag_textbook.compiles"
    exit 1
fi
"$work/check"
