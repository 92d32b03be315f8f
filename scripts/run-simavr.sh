#!/bin/sh
# SPDX-License-Identifier: MIT
# Run one AVR program under simavr and exit with the program's status.
#
#   run-simavr.sh ELF
#
# The program writes its console through simavr's console register; simavr
# prints each line as "O:<text>" (on stderr), and its own messages without
# that prefix. simavr exits with 0 whatever the program did, so the port
# (port/avr/port_avr.c) ends with a line "# simavr exit N" and this script
# exits with N; a run that ends without it (a crash, a jump to nowhere)
# fails with 70, after simavr's last messages.
set -u
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# After a crash simavr waits for a debugger (it says it listens on port
# 1234) instead of exiting: stop it then.
# stdbuf: simavr's own messages unbuffered, so that the loop sees them.
if command -v stdbuf >/dev/null 2>&1; then
    stdbuf -o0 -e0 simavr "$1" >"$out" 2>&1 &
else
    simavr "$1" >"$out" 2>&1 &
fi
pid=$!
trap 'kill "$pid" 2>/dev/null; rm -f "$out"' EXIT
while kill -0 "$pid" 2>/dev/null; do
    if grep -q 'listening on port' "$out"; then
        kill "$pid"
        break
    fi
    sleep 0.1
done
wait "$pid"
simavr_status=$?
sed -n 's/^O://p' "$out"
status=$(sed -n 's/^O:# simavr exit \([0-9]*\)$/\1/p' "$out" | tail -n 1)
if [ -z "$status" ]; then
    echo "*** no exit status from the program (simavr exited with $simavr_status):"
    grep -v '^O:' "$out" | tail -n 5 | sed 's/^/*** simavr: /'
    exit 70
fi
exit "$status"
