#!/bin/sh
# The test runner must report a program that faults, hangs, exits non-zero
# or overflows its stack as a failure.
#
#   check-runner.sh BUILD_DIR
#
# Runs each program of BUILD_DIR/runner/ (built from tests/runner/) through
# tests/run-suite.sh and tests/summarize.sh exactly as make test runs a
# suite, with BUILD_DIR/run as the runner when there is one (the boards),
# and prints "ok" when the failure is reported, with the expected cause.
dir=${1:?usage: check-runner.sh BUILD_DIR}
here=$(dirname "$0")/..
runner=
[ -x "$dir/run" ] && runner=$dir/run
work=$dir/runner/results
mkdir -p "$work"

# Exit statuses from port/cortex-m/exit_codes.h.
HARD_FAULT=70
STACK_OVERFLOW=72

# expect NAME TIMEOUT PATTERN WHAT: run runner/NAME, then require that the
# summary reports 1 failure (beside the program's one "ok" line) and that
# the log has a line matching PATTERN.
expect() {
    name=$1 timeout_s=$2 pattern=$3 what=$4
    program=$dir/runner/$name
    log=$work/$name.log
    if [ ! -f "$program" ]; then
        echo "FAIL runner.$name: $program was not built"
        return
    fi
    # shellcheck disable=SC2086
    "$here/run-suite.sh" "$log" "$timeout_s" $runner "$program"
    summary=$("$here/summarize.sh" "$log")
    verdict=$?
    last=$(printf '%s\n' "$summary" | tail -n 1)
    if [ "$verdict" -eq 0 ] || [ "$last" != "1 passed, 1 failed" ]; then
        echo "FAIL runner.$name: not reported as a failure (summary: $last)"
    elif ! grep -q "$pattern" "$log"; then
        echo "FAIL runner.$name: no \"$pattern\" in the log; it ends:"
        tail -n 5 "$log" | sed 's/^/     /'
    else
        echo "ok   runner.$name: $what"
    fi
}

expect fault 60 "^# exit $HARD_FAULT\$" "a HardFault fails the run (exit $HARD_FAULT)"
expect hang 3 "^# timed out" "a program that never ends is stopped and failed"
expect exit_nonzero 60 "^# exit 3\$" "an exit status of 3 fails the run despite an ok line"
expect stack_overflow 60 "^# exit $STACK_OVERFLOW\$" "a stack overflow fails the run (exit $STACK_OVERFLOW)"
