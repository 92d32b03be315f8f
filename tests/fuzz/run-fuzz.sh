#!/bin/sh
# SPDX-License-Identifier: MIT
# make fuzz: every target in turn for SECONDS.
#
#   run-fuzz.sh SECONDS FUZZ_BUILD_DIR TARGET...
#
# Each target starts from its committed seed corpus (the regression inputs
# are make test's: one that still fails would end the run at once) and grows a working corpus in FUZZ_BUILD_DIR/corpus/<target>/ (kept
# between runs); an input that breaks an invariant, or runs 300 s (a hang:
# the slowest bounded calls, an f64 quadratic-drag max range under a
# subnormal gravity whose every apex takes most of the 2^20 steps, take
# 35 s under the sanitizers on a quiet machine, twice that under load), is written to
# FUZZ_BUILD_DIR/findings/<target>/ and ends that target's run. The last
# line counts the targets with a finding; the status is non-zero if any.
set -u
seconds=$1 dir=$2
shift 2
found=0
for target in "$@"; do
    corpus=$dir/corpus/$target findings=$dir/findings/$target
    mkdir -p "$corpus" "$findings"
    seeds=tests/fuzz/corpus/$target
    echo "fuzz $target for ${seconds}s"
    if "$dir/fuzz/$target" -max_total_time="$seconds" -timeout=300 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$findings/" "$corpus" "$seeds" \
        >"$dir/fuzz-$target.log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/fuzz-$target.log")
        speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$dir/fuzz-$target.log")
        cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$dir/fuzz-$target.log" | tail -n 1)
        echo "  nothing found: $runs runs, $speed per second, $cov"
    else
        found=$((found + 1))
        grep -E 'FUZZ FAIL|runtime error|ERROR: |Test unit written' "$dir/fuzz-$target.log" |
            head -n 5 | sed 's/^/  /'
    fi
done
echo "$found of $# targets found something (logs: $dir/fuzz-<target>.log)"
[ "$found" -eq 0 ]
