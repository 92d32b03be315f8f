#!/bin/sh
# SPDX-License-Identifier: MIT
# Instructions per call on the host, under callgrind, of every row's Q16
# and double variant (bench/harness/bench_host.c lists them).
#
#   host-solves.sh BENCH_HOST OUTPUT
#
# Each variant runs CALLS times over its row's inputs with callgrind
# collecting only inside the measured function (--toggle-collect), callees
# included; the total divided by CALLS is written as "ROW KIND COUNT".
# These are x86-64 (or whatever the host is) instructions of the host
# build: a relative figure, the Cortex-M counts come from the boards.
set -eu
bin=$1 out=$2
calls=10000
command -v valgrind >/dev/null 2>&1 || { echo "host-solves: valgrind not found" >&2; exit 1; }
work=$(dirname "$out")/callgrind
mkdir -p "$work"
: >"$out.tmp"
"$bin" list | while read -r row kind symbol; do
    cg=$work/$row.$kind
    # The quadratic drag, turret, fixed-launcher and closest-miss rows take
    # up to millions of instructions a call (dozens of flights or a scan):
    # 256 calls through their inputs, not 10000 (hours under callgrind);
    # the quadratic-drag turret aim (about 2e7 a call) once through its 4.
    case $row in
        turret_aim_qdrag) n=4 ;;
        qdrag_* | turret_* | fixed_* | drag_fixed_* | moving_miss | drag_miss) n=256 ;;
        *) n=$calls ;;
    esac
    valgrind --tool=callgrind --callgrind-out-file="$cg" --toggle-collect="$symbol" \
        "$bin" loop "$row" "$kind" "$n" >/dev/null 2>&1
    total=$(sed -n 's/^summary: //p' "$cg")
    [ -n "$total" ] && [ "$total" -gt 0 ] || { echo "host-solves: nothing counted in $symbol ($cg)" >&2; exit 1; }
    echo "$row $kind $(awk -v t="$total" -v n="$n" 'BEGIN { printf "%.1f", t / n }')" >>"$out.tmp"
done
mv "$out.tmp" "$out"
