#!/bin/sh
# SPDX-License-Identifier: MIT
# Read test logs (see run-suite.sh) and print, for each: its failures, one
# summary line; then the grand total as the very last line:
#     N passed, N failed
# A case is a line "ok ..." or "FAIL ..."; a log whose binary exited with a
# non-zero status but reported no failing case (a crash, a timeout, a fault
# on a board) counts as one more failure, named after the log.
#
#   summarize.sh LOG...           the failures, a line per log, the total
#   summarize.sh --line LOG       that log's line alone (run-suite.sh prints
#                                 it as each suite finishes)
only_line=0
if [ "${1:-}" = --line ]; then
    only_line=1
    shift
fi
passed=0
failed=0
for log in "$@"; do
    name=$(echo "$log" | sed 's|.*/\([^/]*\)/results/\([^/]*\)\.log$|\1/\2|')
    if [ ! -f "$log" ]; then
        echo "FAIL $name: no log (the suite did not build or run)"
        failed=$((failed + 1))
        continue
    fi
    ok=$(grep -c '^ok ' "$log")
    bad=$(grep -c '^FAIL ' "$log")
    status=$(sed -n 's/^# exit \([0-9]*\)$/\1/p' "$log" | tail -n 1)
    extra=0
    if [ "${status:-1}" != 0 ] && [ "$bad" -eq 0 ]; then
        extra=1
    fi
    if [ $only_line -eq 0 ] && { [ "$bad" -gt 0 ] || [ "$extra" -gt 0 ]; }; then
        # Show the failing cases with their details, and the tail of a crash.
        grep -E '^(FAIL |     |# timed out)' "$log" | head -n 40
        if [ "$extra" -gt 0 ]; then
            echo "FAIL $name: exited with status ${status:-?} (crash, fault or timeout); last lines:"
            tail -n 5 "$log" | sed 's/^/     /'
        fi
    fi
    printf '%-40s %4d passed, %d failed\n' "$name" "$ok" $((bad + extra))
    passed=$((passed + ok))
    failed=$((failed + bad + extra))
done
[ $only_line -eq 1 ] && exit 0
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
