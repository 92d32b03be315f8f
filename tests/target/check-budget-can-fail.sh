#!/bin/sh
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
# The rows the suite measured (one note each) and those reported over.
rows=$(grep -c '(M3 budget [0-9]*)$' "$log")
over=$(grep -c 'over the budget of' "$log")
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
    if [ "$over" -ne "$rows" ]; then
        echo "FAIL budget_can_fail.every_row: $over of $rows rows reported over budget"
        exit 1
    fi
    echo "ok   budget_can_fail.every_row ($rows of $rows rows over a tenth of their budget)"
else
    if [ "$over" -ne 0 ]; then
        echo "FAIL budget_can_fail.m3_only: $over rows judged against M3 budgets on $core"
        exit 1
    fi
    echo "ok   budget_can_fail.m3_only ($core: $rows rows measured, no M3 budget applied)"
fi
