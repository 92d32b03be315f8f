#!/bin/sh
# SPDX-License-Identifier: MIT
# make test's part of one fuzz target, printed as suite cases:
#
#   run-target.sh BINARY CORPUS REGRESSIONS RUNS
#
# Every file in REGRESSIONS is replayed alone, one "ok"/"FAIL" case each
# (named after the file: what the input once broke). Then the target runs
# RUNS inputs from its seed corpus CORPUS with a fixed seed, the same
# inputs on every machine (new inputs go to a scratch folder, never into
# the committed corpus; 120 s at most), or with RUNS 0 replays each seed
# input once: one more case, with the executions, coverage and, on a
# finding, the input in hex.
set -u
bin=$1 corpus=$2 regressions=$3 runs=$4
name=fuzz_$(basename "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

# The lines of a libFuzzer log that say what broke, indented as a case's
# details (tests/summarize.sh shows lines starting with five spaces).
details() {
    grep -E 'FUZZ FAIL|^    [a-z]|runtime error|ERROR: (Address|Leak|libFuzzer)|SUMMARY|Test unit written' "$1" |
        head -n 40 | sed 's/^/     /'
}

for input in "$regressions"/*; do
    [ -f "$input" ] || continue
    case_name="$name.$(basename "$input")"
    if "$bin" -runs=1 -timeout=60 "$input" >"$work/log" 2>&1; then
        echo "ok   $case_name"
    else
        echo "FAIL $case_name"
        details "$work/log"
        failed=1
    fi
done

mkdir -p "$work/new"
if [ "$runs" -gt 0 ]; then
    "$bin" -seed=1 -runs="$runs" -max_total_time=120 -timeout=60 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$work/" "$work/new" "$corpus" >"$work/log" 2>&1
    status=$?
else
    # 0 runs: every seed input once, nothing new.
    "$bin" -runs=0 -timeout=60 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$work/" "$corpus" >"$work/log" 2>&1
    status=$?
fi
done_runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
cov=$(grep -o 'cov: [0-9]*' "$work/log" | tail -n 1)
if [ "$status" -eq 0 ]; then
    echo "ok   $name.seed_corpus_and_${runs}_runs (${done_runs:-?} runs, ${cov:-cov: ?})"
else
    echo "FAIL $name.seed_corpus_and_${runs}_runs: the fuzzer found an input (status $status)"
    details "$work/log"
    for crash in "$work"/crash-* "$work"/timeout-* "$work"/oom-*; do
        [ -f "$crash" ] && echo "     input (hex): $(od -An -tx1 -v "$crash" | tr -d ' \n')"
    done
    failed=1
fi
exit "$failed"
