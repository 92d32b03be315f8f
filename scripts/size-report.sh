#!/bin/sh
# SPDX-License-Identifier: MIT
# Print the size tables of `make size`: for each board, the flash and RAM
# the Q16 library takes, then each Q16 function's deepest stack use as the
# board measured it (tests/target/suite_stack_use.c).
#
#   SIZE=arm-none-eabi-size size-report.sh BUILDDIR BOARD...
set -eu
builddir=$1
shift
SIZE=${SIZE:-size}

# text data bss of an archive: the "(TOTALS)" line of size -t; a board
# with its own toolchain (BOARD_CROSS_COMPILE in its board.mk) is read with
# that toolchain's size.
totals() {
    cross=$(sed -n 's/^BOARD_CROSS_COMPILE := //p' "boards/$2/board.mk")
    size=$SIZE
    [ -n "$cross" ] && size=${cross}size
    "$size" -t "$1" | awk '/\(TOTALS\)/ { print $1, $2, $3 }'
}

echo "Q16 library, bytes (text and data are flash; data and bss are RAM)"
printf '%-12s %-10s | %-26s | %-26s\n' "" "" "libaimfix_q16.a" "libfixmath.a (all of it)"
printf '%-12s %-10s | %8s %8s %8s | %8s %8s %8s\n' board core text data bss text data bss
for board in "$@"; do
    core=$(sed -n 's/^BOARD_CORE := //p' "boards/$board/board.mk")
    # shellcheck disable=SC2046
    printf '%-12s %-10s | %8s %8s %8s | %8s %8s %8s\n' "$board" "$core" \
        $(totals "$builddir/$board/libaimfix_q16.a" "$board") $(totals "$builddir/$board/libfixmath.a" "$board")
done

echo
echo "Deepest stack use, bytes (measured by painting the stack on each board)"
printf '%-20s' function
for board in "$@"; do printf ' %11s' "$board"; done
echo
# The function names in the order the first board's log lists them.
first=$1
for name in $(sed -n 's/^#    stack \([^ ]*\) [0-9]*$/\1/p' "$builddir/$first/results/suite_stack_use.log" \
        2>/dev/null); do
    printf '%-20s' "$name"
    for board in "$@"; do
        # A board without the stack suite (atmega328p) shows "?".
        bytes=$(sed -n "s/^#    stack $name \\([0-9]*\\)\$/\\1/p" \
            "$builddir/$board/results/suite_stack_use.log" 2>/dev/null || true)
        printf ' %11s' "${bytes:-?}"
    done
    echo
done
