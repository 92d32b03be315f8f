#!/bin/sh
# SPDX-License-Identifier: MIT
# The test runner must report a program that faults, hangs, exits non-zero,
# overflows its stack or fails an assertion as a failure.
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
# abort() raises SIGABRT (6); the port ends the run with 128 + the signal.
ABORTED=134

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
expect assert_fails 60 "^assertion \"zero == 1\" failed: file \".*assert_fails.c\", line [0-9]*, function: main\$" \
    "a failed assertion prints its expression, file, line and function"
expect assert_fails 60 "^# exit $ABORTED\$" "a failed assertion fails the run as abort() does (exit $ABORTED)"
# ...through the port's hook, not newlib's, whose fiprintf links newlib's
# stream machinery (the link map names every archive member it took).
if [ ! -f "$dir/runner/assert_fails.map" ]; then
    echo "FAIL runner.assert_hook: $dir/runner/assert_fails.map was not written"
elif grep -q "lib_a-assert\.o\|lib_a-fiprintf\.o" "$dir/runner/assert_fails.map"; then
    echo "FAIL runner.assert_hook: newlib's assert.o or fiprintf.o is linked"
else
    echo "ok   runner.assert_hook: the port's __assert_func replaces newlib's"
fi
