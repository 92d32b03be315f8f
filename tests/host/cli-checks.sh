# SPDX-License-Identifier: MIT
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

# Every number of a q16 answer followed by its raw bits: "key":value,
# "key_raw":"0x..." or arrays of both. value must be raw / 65536 exactly
# (raw as a 32-bit two's complement integer). Prints the pairs it checked,
# or fails on the first mismatch.
raw_pairs() {
    awk '
    function hex(s,   i, v) {
        v = 0; s = tolower(substr(s, 4, length(s) - 4)) # drop "0x and the closing quote
        for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
        return v >= 2147483648 ? v - 4294967296 : v
    }
    {
        gsub(/[][{},:]/, " ")
        n = split($0, tok, " "); count = 0; have = 0; raw = 0; bad = 0
        for (i = 1; i <= n; i++) {
            t = tok[i]
            if (t ~ /^"0x[0-9a-f]+"$/) {
                if (!raw || k >= have || hex(t) / 65536 != nums[k + 1] + 0) { bad = 1; break }
                k++; count++
            } else if (t ~ /^"/) {
                if (raw && k != have) { bad = 1; break }
                raw = t ~ /_raw"$/; k = 0
                if (!raw) have = 0
            } else if (!raw) {
                nums[++have] = t
            }
        }
        if (!bad && raw && k != have) bad = 1
        if (bad) { print "mismatch at token " i " (" t ") of line " NR; exit 1 }
        print count
    }'
}

# The largest magnitude among the numbers on stdin (one field or more a line).
largest() { tr -c '0-9.e+-' ' ' | awk '{ for (i = 1; i <= NF; i++) { v = $i + 0; if (v < 0) v = -v
    if (v > w) w = v } } END { print w + 0 }'; }
# at_most A B: A <= B (numbers).
at_most() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 <= b + 0) }'; }

# near A B TOL: |A - B| <= TOL (each of A, B a list of numbers).
near() { echo "$1 | $2 | $3" | awk -F'|' '{ n = split($1, a, " "); split($2, b, " ");
    for (i = 1; i <= n; i++) { d = a[i] - b[i]; if (d < 0) d = -d; if (d > $3 + 0) exit 1 } }'; }

# compare_shape_checks FILE SHOTS: a --compare batch output whose q16
# answers hold SHOTS shots in all: a miss on every shot of both answers,
# differences from an f64 shot on every q16 one, raw bits in q16 only.
compare_shape_checks() {
    check compare_miss_on_every_shot [ "$(grep -o '"miss":' "$1" | wc -l)" -eq $((2 * $2)) ]
    check compare_diff_on_every_q16_shot \
        [ "$(grep -o '"f64_solution":[0-3],"diff_lsb":{"t":' "$1" | wc -l)" -eq "$2" ]
    check compare_raw_in_q16_only [ "$(sed 's/"q16":{.*//' "$1" | grep -c '_raw')" -eq 0 ]
}

# compare_figures FILE: from a batch output with "compare":true, the worst
# f64 miss, the worst q16 miss and the largest q16 - f64 difference in LSB
# (into f64_miss, q16_miss and diffs), printed as a note.
compare_figures() {
    f64_miss=$(sed 's/"q16":{.*//' "$1" | grep -o '"miss":[^,}]*' | cut -d: -f2 | largest)
    q16_miss=$(sed 's/.*"q16":{//' "$1" | grep -o '"miss":[^,}]*' | cut -d: -f2 | largest)
    diffs=$(grep -o '"diff_lsb":{[^}]*}' "$1" | sed 's/"[a-z_]*"://g' | largest)
    echo "# compare: worst f64 miss $f64_miss m, q16 miss $q16_miss m, difference $diffs LSB"
}

# The last line of a check script; its exit status.
finish() {
    echo "# $suite: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
