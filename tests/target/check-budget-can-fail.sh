#!/bin/sh
# SPDX-License-Identifier: MIT
# The budget test must be able to fail: tests/target/suite_budget.c built
# with every goal at a tenth of its value (BUDGET_PERCENT=10, by
# mk/bench.mk) must report each of its rows over budget on the Cortex-M3,
# where the budgets apply, and none on the other cores, where they do not.
#
#   check-budget-can-fail.sh BUILD_DIR      (BUILD_DIR = build/<board>)
dir=${1:?usage: check-budget-can-fail.sh BUILD_DIR}
here=$(dirname "$0")/..
board=$(basename "$dir")
program=$dir/bench/suite_budget_tight
log=$dir/bench/suite_budget_tight.log
echo "# check budget_can_fail: $program on $board"
if [ ! -f "$program" ]; then
    echo "FAIL budget_can_fail.built: $program was not built"
    exit 1
fi
"$here/run-suite.sh" "$log" 300 "$dir/run" "$program"
core=$(sed -n 's/^BOARD_CORE := //p' "$here/../boards/$board/board.mk")
# The rows the suite measured (one note each: "... max N  (M3 budget B)"),
# those whose worst count is over their budget, the float ratios it
# measured (one note each, "... (budget R)"), and the checks that failed:
# the harness prints only the first 8 failures of a case, so the count in
# its FAIL line is what shows that every budget and every ratio, each ten
# times tighter, was caught.
rows=$(grep -c '(M3 budget [0-9]*)$' "$log")
ratios=$(grep -c 'times Q16.s (budget [0-9.]*)$' "$log")
over=$(sed -n 's/.* max *\([0-9]*\) *(M3 budget \([0-9]*\))$/\1 \2/p' "$log" | awk '$1 > $2' | wc -l)
failed=$(sed -n 's/^FAIL budget\.q16_counts_within_budget: \([0-9]*\) of .*/\1/p' "$log")
reported=$(grep -c 'over the budget of' "$log")
if [ "$rows" -eq 0 ]; then
    echo "FAIL budget_can_fail.measured: no row measured; log:"
    tail -n 5 "$log" | sed 's/^/     /'
    exit 1
fi
if [ "$core" = Cortex-M3 ]; then
    if "$here/summarize.sh" "$log" >/dev/null; then
        echo "FAIL budget_can_fail.reported: at a tenth of the budgets the suite passed"
        exit 1
    fi
    if [ "$over" -ne "$rows" ] || [ "${failed:-0}" -ne $((rows + ratios)) ]; then
        echo "FAIL budget_can_fail.every_row: $over of $rows rows over budget;" \
             "${failed:-0} checks failed, not $rows budgets + $ratios ratios"
        exit 1
    fi
    echo "ok   budget_can_fail.every_row ($rows of $rows rows over a tenth of their budget, $ratios ratios below ten times their budget)"
else
    if [ "$reported" -ne 0 ]; then
        echo "FAIL budget_can_fail.m3_only: $reported rows judged against M3 budgets on $core"
        exit 1
    fi
    echo "ok   budget_can_fail.m3_only ($core: $rows rows measured, no M3 budget applied)"
fi
