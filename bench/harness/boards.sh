#!/bin/sh
# SPDX-License-Identifier: MIT
# The every-board sections of bench/results.md (report.sh prints them
# last; docs/porting.md points to them): a row per board with the Q16
# library's flash and RAM and the deepest stack of its determinism
# programs, the cost of each solver on every board, and the AVR boards'
# programs one by one (the Uno's 32 KiB hold one solver a program).
#
#   boards.sh BUILDDIR LOG...
#
# LOG: BUILDDIR/<board>/results/suite_determinism_<name>_q16.log, the run
# of a determinism prefix program (tests/support/q16_determinism.c), which
# prints each row's cost and, from the port, the program's stack; the
# boards appear in the order of their first log. Each board's archives
# (libaimfix_q16.a, libfixmath.a) and programs are read with its own
# toolchain's size (CROSS_COMPILE: the default toolchain's prefix).
set -eu
builddir=$1
shift

# A setting of a board: its board.mk's, or that of a family file it
# includes (boards/avr.mk).
setting_of() {
    files="boards/$1/board.mk $(sed -n 's/^include \(boards\/[^ ]*\.mk\)$/\1/p' "boards/$1/board.mk")"
    # shellcheck disable=SC2086
    sed -n "s/^$2 := //p" $files | head -n 1
}

size_tool() {
    cross=$(setting_of "$1" BOARD_CROSS_COMPILE)
    echo "${cross:-${CROSS_COMPILE:-arm-none-eabi-}}size"
}

# The bytes of an archive or program as "FLASH RAM": flash is text and
# data (size -t's totals), RAM the data and bss sections, and on AVR the
# read-only data too, which avr-gcc copies to RAM unless it is marked
# for flash (PROGMEM).
bytes_of() {
    tool=$(size_tool "$1")
    ro=0
    [ "$(setting_of "$1" BOARD_PORT)" = avr ] && ro=1
    flash=$("$tool" -t "$2" | awk 'END { print $1 + $2 }')
    ram=$("$tool" -A "$2" | awk -v ro=$ro '$1 ~ /^\.(data|bss)/ || (ro && $1 ~ /^\.rodata/) { n += $2 }
                                           END { print n + 0 }')
    echo "$flash $ram"
}

# Every input as tagged lines for awk:
#   board BOARD CORE PORT Q16_FLASH Q16_RAM FIX_FLASH
#   cost BOARD ROW UNIT MEAN WORST
#   stack BOARD PROGRAM USED FREE
#   program BOARD PROGRAM FLASH RAM ROWS      (AVR boards only)
#   toolarge BOARD ROW
stream() {
    seen=" "
    for log in "$@"; do
        dir=${log%/results/*}
        board=${dir##*/}
        program=$(basename "$log" .log)
        program=${program#suite_determinism_}
        program=${program%_q16}
        port=$(setting_of "$board" BOARD_PORT)
        case $seen in
        *" $board "*) ;;
        *)
            seen="$seen$board "
            echo "board $board $(setting_of "$board" BOARD_CORE | sed 's/ /_/g') ${port:-cortex-m}" \
                "$(bytes_of "$board" "$dir/libaimfix_q16.a") $(bytes_of "$board" "$dir/libfixmath.a" | cut -d ' ' -f 1)"
            # Rows whose solver alone is larger than the board's flash
            # (BOARD_TOO_LARGE: none of its programs can run them).
            for row in $(setting_of "$board" BOARD_TOO_LARGE); do
                echo "toolarge $board $row"
            done
            ;;
        esac
        # "#    ROW   hash H; UNIT a solve: mean M, worst W"
        sed -n "s/^#    \([a-z0-9_]*\) *hash [^;]*; \([a-z]*\) a solve: mean \([0-9]*\), worst \([0-9]*\)\$/cost $board \1 \2 \3 \4/p" "$log"
        # "# stack: USED of FREE bytes used"
        sed -n "s/^# stack: \([0-9]*\) of \([0-9]*\) bytes used\$/stack $board $program \1 \2/p" "$log"
        if [ "$port" = avr ]; then
            rows=$(sed -n 's/^#    \([a-z0-9_]*\) *hash [^;]*;.*/\1/p' "$log" | tr '\n' ',' | sed 's/,$//')
            echo "program $board $program $(bytes_of "$board" "$dir/tests/suite_determinism_${program}_q16") ${rows:--}"
        fi
    done
}

stream "$@" | awk '
function kib(n) { return sprintf("%.1f KiB", n / 1024) }
BEGIN {
    # The vacuum rows in the order of the other tables, then the rest as
    # the logs list them.
    nr = split("intercept arc_point max_range min_speed arc_time arc_apex arc_moving", rows, " ")
    for (j = 1; j <= nr; j++) known[rows[j]] = 1
}
$1 == "board" {
    nb++; b[nb] = $2; core[$2] = $3; gsub("_", " ", core[$2]); port[$2] = $4
    q16_flash[$2] = $5; q16_ram[$2] = $6; fix_flash[$2] = $7
}
$1 == "cost" {
    if (!($3 in known)) { known[$3] = 1; rows[++nr] = $3 }
    unit[$2] = $4; cell[$2, $3] = $5 " / " $6
}
$1 == "toolarge" { if (!($3 in known)) { known[$3] = 1; rows[++nr] = $3 }; too_large[$2, $3] = 1 }
$1 == "stack" && $4 + 0 >= deepest[$2] + 0 { deepest[$2] = $4; free[$2] = $5; deepest_in[$2] = $3 }
$1 == "program" { np++; pb[np] = $2; pp[np] = $3; pf[np] = $4; pr[np] = $5; prow[np] = $6 }
$1 == "stack" { used[$2, $3] = $4; left[$2, $3] = $5 }
END {
    print "## Every board at a glance"
    print ""
    print "Flash is the text and data of the whole Q16 library (`libaimfix_q16.a`)"
    print "and of libfixmath; a firmware links only what it calls (`--gc-sections`),"
    print "which on the AVR boards, where the library is larger than the flash,"
    print "is all that can fit. RAM is what the library keeps in RAM of its own:"
    print "none on the 32-bit cores; on AVR the constant tables not marked for"
    print "flash, which avr-gcc copies to RAM. The stack is the deepest of the"
    print "board'"'"'s determinism programs, the test harness and the port included,"
    print "in bytes of the stack its program had free."
    print ""
    print "| board | core | Q16 library, flash | libfixmath, flash | Q16 library, RAM | deepest stack (program) |"
    print "|---|---|---:|---:|---:|---|"
    for (i = 1; i <= nb; i++)
        print "| `" b[i] "` | " core[b[i]] " | " kib(q16_flash[b[i]]) " | " kib(fix_flash[b[i]]) " | " \
              q16_ram[b[i]] " bytes | " (b[i] in deepest ? deepest[b[i]] " of " free[b[i]] " bytes (`" \
              deepest_in[b[i]] "`)" : "—") " |"
    print ""
    print "## Solvers on every board, AVR included"
    print ""
    print "Cost of one solve, mean / worst, over the inputs the determinism check"
    print "runs on every board (`tests/support/q16_determinism.c`: the first 32 of"
    print "each vacuum row, the first 12 of each drag row): executed instructions"
    print "on the QEMU boards, **cycles** on the AVR boards (simavr counts them"
    print "exactly; 16 MHz). A board shows the rows its programs run (the"
    print "programs of the AVR boards are listed below); \"does not fit\": the"
    print "solver alone is larger than the board'"'"'s flash (docs/porting.md)."
    print ""
    h = "| row |"; sep = "|---|"
    for (i = 1; i <= nb; i++) { h = h " " core[b[i]] " (" (b[i] in unit ? unit[b[i]] : "?") ") |"; sep = sep "---:|" }
    print h; print sep
    for (j = 1; j <= nr; j++) {
        line = "| `" rows[j] "` |"
        for (i = 1; i <= nb; i++)
            line = line " " ((b[i], rows[j]) in cell ? cell[b[i], rows[j]] : \
                             (b[i], rows[j]) in too_large ? "does not fit" : "—") " |"
        print line
    }
    if (np == 0) exit
    print ""
    print "## Programs on the AVR boards"
    print ""
    print "Each determinism program of the AVR boards, which cannot link the whole"
    print "library: its flash (text and data), its RAM (data, bss and the"
    print "read-only data avr-gcc copies there) and the deepest its stack went,"
    print "of what the RAM left free; the ATmega328P has 32 KiB of flash and 2 KiB"
    print "of RAM, the ATmega2560 256 KiB and 8 KiB."
    print ""
    print "| board | program | rows | flash | RAM | stack |"
    print "|---|---|---|---:|---:|---:|"
    for (k = 1; k <= np; k++) {
        r = prow[k]; gsub(",", ", ", r)
        print "| `" pb[k] "` | `" pp[k] "` | " r " | " pf[k] " bytes | " pr[k] " bytes | " \
              ((pb[k], pp[k]) in used ? used[pb[k], pp[k]] " of " left[pb[k], pp[k]] " bytes" : "—") " |"
    }
}'
