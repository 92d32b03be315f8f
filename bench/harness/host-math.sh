#!/bin/sh
# SPDX-License-Identifier: MIT
# The Q16 math core beside libfixmath on the host: accuracy against double
# and instructions per call under callgrind, as a markdown table.
#
#   host-math.sh HOST_MATH_BINARY OUTPUT.md
#
# Each function runs CALLS times under callgrind, once ours and once
# libfixmath's; the count is the function's inclusive cost (its callees
# included: helpers, libgcc) divided by CALLS. They are x86-64
# instructions of the host build, a relative figure: the Cortex-M counts
# come from the QEMU boards.
set -eu
bin=$1 out=$2
calls=20000
dir=$(dirname "$out")
mkdir -p "$dir"
counts=$dir/host-math-counts.txt
: >"$counts"
command -v valgrind >/dev/null 2>&1 || { echo "host-math: valgrind not found" >&2; exit 1; }
for name in $("$bin" list); do
    set -- $("$bin" symbols "$name")
    for which in ours fix16; do
        if [ "$which" = ours ]; then symbol=$1; else symbol=$2; fi
        cg=$dir/callgrind.$name.$which
        valgrind --tool=callgrind --callgrind-out-file="$cg" "$bin" loop "$name" "$which" "$calls" \
            >/dev/null 2>&1
        # The inclusive cost of the symbol: callgrind_annotate prints
        # "  N,NNN (xx%)  file:symbol [object]" (older: without the percent).
        ir=$(callgrind_annotate --inclusive=yes --threshold=100 "$cg" 2>/dev/null |
             awk -v s="$symbol" '{ for (i = 2; i <= NF; i++) if ($i ~ (":" s "$") || $i == s) { gsub(",", "", $1); print $1; exit } }')
        [ -n "$ir" ] || { echo "host-math: no cost for $symbol in $cg" >&2; exit 1; }
        echo "$name $which $(awk -v ir="$ir" -v n="$calls" 'BEGIN { printf "%.1f", ir / n }')" >>"$counts"
    done
done
{
    echo "Host: $(${CC:-cc} --version 2>/dev/null | head -n 1), $(uname -m); callgrind, $calls calls per function."
    echo
    "$bin" table "$counts"
} >"$out"
cat "$out"
