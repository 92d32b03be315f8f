#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/results.md covers every board: the every-board sections that
# bench/harness/boards.sh writes, which docs/porting.md names instead of
# copying their figures, are there; "Every board at a glance" has a row
# for each folder of boards/, and the solver table a column for each
# board's core. A board added without `make bench`, or a section renamed
# under docs/porting.md, fails here.
#
#   check-bench-boards.sh BUILD_DIR      (the build folder is not read)
#
# Prints ok/FAIL lines like a test suite and exits non-zero on a failure.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
results=$root/bench/results.md
failed=0
ok() { echo "ok   bench_boards.$1"; }
fail() { echo "FAIL bench_boards.$1"; failed=1; }

echo "# check bench_boards: $results against $root/boards/"

# section TITLE: the lines of results.md under "## TITLE", up to the next
# heading of that level.
section() {
    awk -v h="## $1" '$0 == h { on = 1; next } /^## / { on = 0 } on' "$results"
}

# has_row BOARD: does the at-a-glance table have BOARD's row?
has_row() {
    section "Every board at a glance" | grep -qF "| \`$1\` |"
}

# The check must be able to fail: a board that does not exist.
if has_row no-such-board; then
    fail "detects_a_missing_board: no-such-board has a row"
else
    ok "detects_a_missing_board"
fi

for title in "Every board at a glance" "Solvers on every board, AVR included" "Programs on the AVR boards"; do
    if ! grep -qF "\"$title\"" "$root/docs/porting.md"; then
        fail "porting_names_the_section: docs/porting.md does not name \"$title\""
    elif [ -z "$(section "$title")" ]; then
        fail "section_present: no \"## $title\" in bench/results.md (make bench writes it)"
    else
        ok "section_present ($title)"
    fi
done

solver_head=$(section "Solvers on every board, AVR included" | grep -m 1 '^| row |')
for mk in "$root"/boards/*/board.mk; do
    board=$(basename "$(dirname "$mk")")
    core=$(sed -n 's/^BOARD_CORE := //p' "$mk")
    if ! has_row "$board"; then
        fail "every_board_has_a_row: no row for $board (run make bench)"
    elif ! printf '%s\n' "$solver_head" | grep -qF "| $core ("; then
        fail "every_core_has_a_cost_column: no column for $core ($board; run make bench)"
    else
        ok "every_board_has_a_row ($board, $core)"
    fi
done
exit $failed
