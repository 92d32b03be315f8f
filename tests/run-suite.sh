#!/bin/sh
# SPDX-License-Identifier: MIT
# Run one test binary and keep its output.
#
#   run-suite.sh LOG TIMEOUT [RUNNER...] BINARY
#
# LOG gets everything the binary printed, then "# exit STATUS"; the suite's
# summary line is printed as soon as it has finished. The script
# itself always succeeds: judging the log is tests/summarize.sh's job, so
# that one failing suite does not stop the others from running.
log=$1 timeout_s=$2
shift 2
timeout --kill-after=5 "$timeout_s" "$@" >"$log.tmp" 2>&1 </dev/null
status=$?
case $status in
    124|137) echo "# timed out after ${timeout_s}s" >>"$log.tmp" ;;
esac
echo "# exit $status" >>"$log.tmp"
mv "$log.tmp" "$log"
"$(dirname "$0")/summarize.sh" --line "$log"
exit 0
