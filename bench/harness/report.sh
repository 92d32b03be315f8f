#!/bin/sh
# SPDX-License-Identifier: MIT
# Write bench/results.md (to stdout) from what make bench measured:
#
#   report.sh BUILDDIR HOST_COUNTS SIZE_REPORT BUDGET_LOG BOARD...
#
# BUILDDIR/<board>/bench/results.txt   each board's run of bench_board
#                                      (bench_board.c says its format)
# HOST_COUNTS                          "ROW KIND COUNT" lines (host-solves.sh)
# SIZE_REPORT                          make size's output, shown as it is
# BUDGET_LOG                           the M3's suite_budget log, for the
#                                      budgets ("-": none)
# CC, TARGET_CC, QEMU, TARGET_OPT and HOST_OPT name the tools and their
# optimisation, for the header.
set -eu
builddir=$1 host_counts=$2 size_report=$3 budget_log=$4
shift 4

core_of() {
    sed -n 's/^BOARD_CORE := //p' "boards/$1/board.mk"
}

# Every input as one stream of tagged lines for awk:
#   board BOARD CORE FLOAT-MODE      the boards, in order
#   BOARD result ... / BOARD worst ...
#   host ROW KIND COUNT
#   budget ROW LIMIT
#   goal ROW M3 RATIO_M3 RATIO_M0 WHY... (ratios in tenths, 0: no goal)
stream() {
    for board in "$@"; do
        file=$builddir/$board/bench/results.txt
        mode=$(sed -n 's/^# float: \([a-z]*\).*/\1/p' "$file")
        echo "board $board $(core_of "$board" | sed 's/ /_/g') $mode"
        grep -E '^(result|worst) ' "$file" | sed "s/^/$board /"
    done
    sed 's/^/host /' "$host_counts"
    if [ "$budget_log" != - ] && [ -f "$budget_log" ]; then
        # "#    ROW NAME min A median B max C  (M3 budget N)"
        sed -n 's/^#    \([a-z0-9_]*\) .*(M3 budget \([0-9]*\))$/budget \1 \2/p' "$budget_log"
        # "#    goal ROW m3 N ratio A B | WHY"
        sed -n 's/^#    goal \([a-z0-9_]*\) m3 \([0-9]*\) ratio \([0-9]*\) \([0-9]*\) | *\(.*\)$/goal \1 \2 \3 \4 \5/p' \
            "$budget_log"
    fi
}

gcc_version=$("${TARGET_CC:-arm-none-eabi-gcc}" -dumpversion 2>/dev/null || echo "?")
riscv_gcc_version=$(riscv64-unknown-elf-gcc -dumpversion 2>/dev/null || echo "?")
qemu_version=$("${QEMU:-qemu-system-arm}" --version 2>/dev/null | sed -n '1s/.*version \([^ ]*\).*/\1/p')
host_cc=$("${CC:-cc}" --version 2>/dev/null | head -n 1)
first=$1
calls=$(awk '$1 == "result" { print $4; exit }' "$builddir/$first/bench/results.txt")

cat <<EOF
# Benchmark results

Written by \`make bench\` (\`bench/harness/report.sh\`); regenerate rather than edit.
The counts are **executed instructions per call, not cycles**: QEMU
$qemu_version runs each board with \`-icount\`, under which the port's counter
is exact (docs/porting.md, "Counting instructions"), so a second run gives the same
numbers (\`make bench\` runs every board twice and compares). Compiler:
arm-none-eabi-gcc $gcc_version, \`${TARGET_OPT:--O2}\` (the RISC-V board: riscv64-unknown-elf-gcc
$riscv_gcc_version with picolibc, rv32imac, counted by minstret under QEMU's
\`-icount\`; the ARMv4T board: the same arm-none-eabi-gcc for \`-mcpu=arm7tdmi -mthumb\`,
counted from the Versatile's 24 MHz counter under \`-icount\`); the Q16 library and libfixmath are
soft-float everywhere, the float yardsticks use the FPU on the M4 and M7
(\`-mfloat-abi=softfp\`), double is software on every board.

Each row runs over the same $calls inputs on every core (\`bench/rows/rows_*.c\`:
the edges of the domain first, then log-uniform or uniform numbers, all
chosen so that the true result fits Q16.16). A count covers the call as a
caller pays it: moving the arguments into place, the call, the function
and everything it calls. The float and double yardsticks are called
through a wrapper that takes their arguments from an array (a few
instructions more than a direct call). Errors are against the double
result, in LSB of Q16.16 (2^-16; whole units for the integer square
roots); "no result" counts inputs where a variant reported a failure
(libfixmath's \`fix16_overflow\`, a status, a non-finite float) while
double had a result.

EOF

stream "$@" | awk -v size_report="$size_report" -v host_cc="$host_cc, $(uname -m), ${HOST_OPT:--O2}" '
function fmt_err(e) {
    if (e == 0) return "0"
    if (e < 10) return sprintf("%.3f", e)
    if (e < 1e6) return sprintf("%.0f", e)
    return sprintf("%.2e", e)
}
function cell(b, r, k) {
    if (!((b, r, k) in med)) return "—"
    return med[b, r, k] " / " max[b, r, k]
}
function ratio(b, r, k) {
    if (!((b, r, k) in med) || !((b, r, "q16") in med) || med[b, r, "q16"] == 0) return "—"
    return sprintf("%.1f", med[b, r, k] / med[b, r, "q16"])
}
# The Q16 name of a row, or the row itself.
function qname(r) {
    return (r, "q16") in names ? names[r, "q16"] : "`" r "`"
}
# The ratio of medians float / Q16 on board b, or "" when not measured.
function fratio(b, r) {
    if (b == "" || !((b, r, "float") in med) || !((b, r, "q16") in med) || med[b, r, "q16"] == 0) return ""
    return med[b, r, "float"] / med[b, r, "q16"]
}
# One ratio goal (tenths) against its measured value: "8 (5.6)".
function ratio_cell(goal, got) {
    if (goal == 0) return "—"
    return sprintf("%g (%s)", goal / 10, got == "" ? "?" : sprintf("%.1f", got))
}
function accuracy(b, r, k) {
    if (!((b, r, k) in maxerr)) return "—"
    s = fmt_err(maxerr[b, r, k]) " / " fmt_err(meanerr[b, r, k])
    if (fails[b, r, k] > 0) s = s ", " fails[b, r, k] " no result"
    return s
}
# A table'"'"'s head with a column per board between its first and last
# columns: the header line and the alignment line.
function board_table_head(first, first_sep, prefix, last, last_sep,    i, h, sep) {
    h = first; sep = first_sep
    for (i = 1; i <= nb; i++) { h = h " " prefix core[board[i]] " |"; sep = sep "---:|" }
    print h last
    print sep last_sep
}
$1 == "board" { nb++; board[nb] = $2; core[$2] = $3; gsub("_", " ", core[$2]); mode[$2] = $4; next }
$1 == "host" {
    host[$2, $3] = $4
    if (!($2 in hseen)) { hseen[$2] = 1; nh++; hrows[nh] = $2 }
    next
}
$1 == "budget" { budget[$2] = $3; next }
$1 == "goal" {
    ng++; goal_row[ng] = $2; goal_m3[$2] = $3; goal_r3[$2] = $4; goal_r0[$2] = $5
    w = $0; sub(/^goal [^ ]+ [^ ]+ [^ ]+ [^ ]+ */, "", w); why[$2] = w
    next
}
$2 == "result" {
    b = $1; r = $3; k = $4
    if (!(r in seen)) {
        seen[r] = 1
        # A floor (rows/rows.h) gets its own table, not a line in the others.
        if (r ~ /_floor$/) { nf++; floors[nf] = r } else { nr++; rows[nr] = r }
    }
    mn[b, r, k] = $6; med[b, r, k] = $7; max[b, r, k] = $8
    if ($9 > 0 || $10 > 0) { maxerr[b, r, k] = $11; meanerr[b, r, k] = $12; fails[b, r, k] = $10 }
    # The name after the first "|", in backticks, its own pipes escaped
    # for the markdown table.
    name = $0; sub(/^[^|]*\| /, "", name); gsub(/\|/, "\\|", name); names[r, k] = "`" name "`"
    next
}
$2 == "worst" {
    w = ""; for (i = 5; i <= NF; i++) w = w (i > 5 ? ", " : "") $i
    worst[$1, $3, $4] = w
    next
}
END {
    # A row without a Q16 variant yet (a solver whose _q16 twin has not
    # landed) is named after the row.
    for (j = 1; j <= nr; j++)
        if (!((rows[j], "q16") in names)) names[rows[j], "q16"] = "`" rows[j] "` (no Q16 yet)"
    # The boards whose cores the goals name.
    m3 = ""; m0 = ""
    for (i = 1; i <= nb; i++) {
        if (core[board[i]] == "Cortex-M3" && m3 == "") m3 = board[i]
        if (core[board[i]] == "Cortex-M0" && m0 == "") m0 = board[i]
    }
    print "## Q16 functions on every core"
    print ""
    print "Instructions per call, median / max (min in `results.txt`), and the"
    print "M3 budgets that `tests/target/suite_budget.c` enforces in `make test`"
    print "(over the worst count):"
    print ""
    board_table_head("| function |", "|---|", "", " M3 budget |", "---|")
    for (j = 1; j <= nr; j++) {
        r = rows[j]
        if (!((board[1], r, "q16") in med)) continue
        line = "| " names[r, "q16"] " |"
        for (i = 1; i <= nb; i++) line = line " " cell(board[i], r, "q16") " |"
        verdict = ""
        if (r in budget) {
            verdict = budget[r]
            if (m3 != "") {
                if (max[m3, r, "q16"] <= budget[r] + 0) verdict = verdict ": met"
                else verdict = verdict ": **over by " max[m3, r, "q16"] - budget[r] "**"
            }
        }
        print line " " verdict " |"
    }
    print ""
    if (ng > 0) {
        print "## Goals"
        print ""
        print "The goals set for each function, beside the measured figures: the worst"
        print "count on the M3, and the median count of float divided by that of"
        print "Q16 on the M3 and the M0 (measured in brackets). Where a goal is"
        print "missed, the budget `make test` enforces is a regression guard at the"
        print "measured level instead (`tests/target/suite_budget.c`)."
        print ""
        print "| function | M3 goal, worst | M3 median / worst | float ÷ Q16 goal (measured), M3 | M0 | verdict |"
        print "|---|---:|---:|---:|---:|---|"
        for (j = 1; j <= ng; j++) {
            r = goal_row[j]
            got = m3 != "" && ((m3, r, "q16") in max) ? med[m3, r, "q16"] " / " max[m3, r, "q16"] : "—"
            r3 = fratio(m3, r); r0 = fratio(m0, r)
            miss = ""
            if (goal_m3[r] > 0 && m3 != "" && max[m3, r, "q16"] > goal_m3[r] + 0)
                miss = miss sprintf("; M3 worst %.1fx the goal", max[m3, r, "q16"] / goal_m3[r])
            if (goal_r3[r] > 0 && r3 != "" && r3 < goal_r3[r] / 10)
                miss = miss sprintf("; M3 ratio %.0f %% of the goal", 100 * r3 / (goal_r3[r] / 10))
            if (goal_r0[r] > 0 && r0 != "" && r0 < goal_r0[r] / 10)
                miss = miss sprintf("; M0 ratio %.0f %% of the goal", 100 * r0 / (goal_r0[r] / 10))
            verdict = miss == "" ? "met" : "**missed**: " substr(miss, 3)
            print "| " qname(r) " | " (goal_m3[r] > 0 ? goal_m3[r] : "—") " | " got " | " \
                  ratio_cell(goal_r3[r], r3) " | " ratio_cell(goal_r0[r], r0) " | " verdict " |"
        }
        print ""
        nwhy = 0
        for (j = 1; j <= ng; j++) if (why[goal_row[j]] != "") nwhy++
        if (nwhy > 0) {
            print "Why the missed goals are missed (the reasons kept beside each"
            print "budget in `tests/target/suite_budget.c`):"
            print ""
            for (j = 1; j <= ng; j++) {
                r = goal_row[j]
                if (why[r] != "") print "- " qname(r) ": " why[r] "."
            }
            print ""
        }
    }
    if (nf > 0) {
        print "## Floors"
        print ""
        print "What a solver'"'"'s arithmetic alone costs: its algorithm and primitives"
        print "on the same inputs with every safeguard taken out (`bench/floors/floor_*.c`):"
        print "no argument or range checks, truncating shifts instead of rounded"
        print "ones, no test that a result fits (one that does not is garbage, not"
        print "an error) and no emptying of unused slots. Not a solver to use (its"
        print "error shows what the rounding buys); a goal at or below its floor"
        print "cannot be met by trimming the safeguards, only by cheaper arithmetic."
        print "The floors are plain C written for the M3: on the M0 the intercept'"'"'s"
        print "costs more than aimfix'"'"'s own code, tuned for that core, so it is no"
        print "floor there. (Its one input without a result is the target at the"
        print "muzzle, which it leaves out.)"
        print ""
        board_table_head("| solver | M3 goal, worst | aimfix, M3 |", "|---|---:|---:|", "floor, ",
                         " floor error, max / mean |", "---:|")
        for (j = 1; j <= nf; j++) {
            f = floors[j]; r = f; sub(/_floor$/, "", r)
            line = "| " qname(r) " | " (goal_m3[r] > 0 ? goal_m3[r] : "—") " | " (m3 != "" ? cell(m3, r, "q16") : "—") " |"
            for (i = 1; i <= nb; i++) line = line " " cell(board[i], f, "q16") " |"
            print line " " accuracy(board[1], f, "q16") " |"
        }
        print ""
    }
    for (i = 1; i <= nb; i++) {
        b = board[i]
        print "## Beside float, double and libfixmath: " core[b] " (" b ")"
        print ""
        print "Median / max instructions per call; float " (mode[b] == "hardware" ? "on the FPU" : "in software") \
              ", double in software."
        print "The ratios are of medians: how many times more instructions the"
        print "yardstick takes than aimfix (below 1: fewer)."
        print ""
        print "| function | aimfix | float | double | libfixmath | float ÷ aimfix | double ÷ aimfix | libfixmath ÷ aimfix |"
        print "|---|---:|---:|---:|---:|---:|---:|---:|"
        for (j = 1; j <= nr; j++) {
            r = rows[j]
            fl = (b, r, "float") in med ? names[r, "float"] ": " cell(b, r, "float") : "—"
            db = (b, r, "double") in med ? cell(b, r, "double") : "—"
            fx = (b, r, "fix16") in med ? names[r, "fix16"] ": " cell(b, r, "fix16") : "—"
            print "| " names[r, "q16"] " | " cell(b, r, "q16") " | " fl " | " db " | " fx " | " \
                  ratio(b, r, "float") " | " ratio(b, r, "double") " | " ratio(b, r, "fix16") " |"
        }
        print ""
    }
    # Accuracy: Q16 and libfixmath are integer code, the same bits on every
    # core (checked here); float may differ between software and the FPU.
    soft = ""; hard = ""
    for (i = 1; i <= nb; i++) {
        if (mode[board[i]] == "hardware" && hard == "") hard = board[i]
        if (mode[board[i]] != "hardware" && soft == "") soft = board[i]
    }
    ref = board[1]
    differ = ""
    for (i = 2; i <= nb; i++)
        for (j = 1; j <= nr; j++)
            for (kk = 1; kk <= 2; kk++) {
                k = kk == 1 ? "q16" : "fix16"
                if (((ref, rows[j], k) in maxerr) && maxerr[board[i], rows[j], k] != maxerr[ref, rows[j], k])
                    differ = differ " " rows[j] "/" k "@" board[i]
            }
    print "## Accuracy against double"
    print ""
    print "Max / mean error in LSB over the same inputs, and the input of the"
    print "largest error (the arguments, as real numbers; vectors are three"
    print "consecutive numbers). Errors of a few thousandths of an LSB on exact"
    print "functions are the double reference rounding, not aimfix. aimfix and libfixmath"
    if (differ == "") print "gave the same errors on every board, as integer code must;"
    else print "gave different errors on some boards (" differ " ): a fault to look into;"
    print "float is shown " (soft != "" ? "in software (" core[soft] ")" : "") \
          (soft != "" && hard != "" ? " and " : "") (hard != "" ? "on the FPU (" core[hard] ")" : "") "."
    print ""
    h = "| function | aimfix | worst at |"; sep = "|---|---:|---|"
    if (soft != "") { h = h " float, software |"; sep = sep "---:|" }
    if (hard != "") { h = h " float, FPU |"; sep = sep "---:|" }
    print h " libfixmath | worst at |"
    print sep "---:|---|"
    a = soft != "" ? soft : hard
    for (j = 1; j <= nr; j++) {
        r = rows[j]
        line = "| " names[r, "q16"] " | " accuracy(a, r, "q16") " | " worst[a, r, "q16"] " |"
        if (soft != "") line = line " " accuracy(soft, r, "float") " |"
        if (hard != "") line = line " " accuracy(hard, r, "float") " |"
        print line " " accuracy(a, r, "fix16") " | " worst[a, r, "fix16"] " |"
    }
    print ""
    print "## On the host"
    print ""
    print "Instructions per call under callgrind (the measured function and"
    print "everything it calls, mean over the same inputs), host build (" host_cc "):"
    print ""
    print "| function | Q16 | double |"
    print "|---|---:|---:|"
    for (j = 1; j <= nr; j++) {
        r = rows[j]
        print "| " names[r, "q16"] " | " ((r, "q16") in host ? host[r, "q16"] : "—") " | " \
              ((r, "double") in host ? host[r, "double"] : "—") " |"
    }
    # Rows measured on the host only (rows/rows.h), named after their
    # function.
    for (j = 1; j <= nh; j++) {
        r = hrows[j]
        if (r in seen) continue
        print "| `af_" r "_q16` (host only) | " ((r, "q16") in host ? host[r, "q16"] : "—") " | " \
              ((r, "double") in host ? host[r, "double"] : "—") " |"
    }
    print ""
    print "## Code size and stack per board"
    print ""
    print "`make size`:"
    print ""
    print "```"
    while ((getline l < size_report) > 0) print l
    print "```"
}'
# The every-board sections (bench/harness/boards.sh), from the determinism
# check's prefix logs (PREFIX_LOGS: those make bench ran, on every board).
if [ -n "${PREFIX_LOGS:-}" ]; then
    echo
    # shellcheck disable=SC2086
    "$(dirname "$0")/boards.sh" "$builddir" $PREFIX_LOGS
fi
# The figures before each redesign, written by hand where a solver is
# redesigned (bench/previous.md), after the measured ones.
if [ -f bench/previous.md ]; then
    echo
    cat bench/previous.md
fi
