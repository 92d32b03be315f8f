# Sourced by the CLI's check scripts (check-cli*.sh, run with the build
# folder as $1; the script sets `suite` first): `cli` is the binary under
# test, `work` a folder removed on exit, and cases are reported like a
# suite's, "ok   SUITE.NAME" or the details then "FAIL SUITE.NAME", then
# the summary line.
set -u
cli=$1/aimfix
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

ok() { echo "ok   $suite.$1"; passed=$((passed + 1)); }
bad() { echo "     $2"; echo "FAIL $suite.$1"; failed=$((failed + 1)); }
# check NAME CONDITION-COMMAND... : a case from a shell test.
check() { name=$1; shift; if "$@"; then ok "$name"; else bad "$name" "failed: $*"; fi; }

# malformed FILE: the batch answers every line of FILE, one line each,
# with bad_input and goes on (exit status 0); the answers go to FILE.out.
malformed() {
    "$cli" batch <"$1" >"$1.out" 2>&1
    check malformed_exit_status [ $? -eq 0 ]
    check malformed_one_line_each [ "$(wc -l <"$1.out")" -eq "$(wc -l <"$1")" ]
    check malformed_all_bad_input \
        [ "$(grep -c '"status":"bad_input","error":"' "$1.out")" -eq "$(wc -l <"$1")" ]
}

# The last line of a check script; its exit status.
finish() {
    echo "# $suite: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
