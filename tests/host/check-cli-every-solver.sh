#!/bin/sh
# SPDX-License-Identifier: MIT
# Every public solver is in the CLI: each af_..._f64 function declared in
# include/aimfix/*.h, and its af_..._q16 twin when there is one, is called
# by tools/aimfix/ (as a call or a pointer its runners pass), so that each
# has a subcommand and a batch name. The Q16 math core (aimfix/q16.h: no
# f64 twin) is no solver.
#   check-cli-every-solver.sh BUILD_DIR
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

cat "$root"/include/aimfix/*.h | grep -oE '\baf_[a-z0-9_]+_(f64|q16) *\(' | sed 's/ *(//' |
    sort -u >"$work/public"
cat "$root"/tools/aimfix/*.c | grep -oE '\baf_[a-z0-9_]+_(f64|q16)\b' | sort -u >"$work/called"
count=0
for f in $(grep '_f64$' "$work/public"); do
    count=$((count + 1))
    twin=${f%_f64}_q16
    missing=""
    grep -qx "$f" "$work/called" || missing="$f"
    if grep -qx "$twin" "$work/public" && ! grep -qx "$twin" "$work/called"; then
        missing="$missing $twin"
    fi
    if [ -z "$missing" ]; then
        echo "ok   cli_every_solver.${f%_f64}"
        passed=$((passed + 1))
    else
        echo "     not called by tools/aimfix:$missing"
        echo "FAIL cli_every_solver.${f%_f64}"
        failed=$((failed + 1))
    fi
done
# The list itself is no empty pass: the library has dozens of solvers.
if [ "$count" -ge 40 ]; then
    echo "ok   cli_every_solver.found_the_solvers"
    passed=$((passed + 1))
else
    echo "     only $count af_..._f64 functions in include/aimfix/"
    echo "FAIL cli_every_solver.found_the_solvers"
    failed=$((failed + 1))
fi
echo "# cli_every_solver: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
