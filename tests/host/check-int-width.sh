#!/bin/sh
# SPDX-License-Identifier: MIT
# A 16-bit int target (AVR) must stop at compile time with a message that
# says why, not build a library that answers wrong. Shown with a limits.h
# that says INT_MAX is 32767, found before the system's, and with avr-gcc
# when it is installed.
#   check-int-width.sh BUILD_DIR   (CC, CFLAGS from make)
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
mkdir -p "$work/int16"
cat >"$work/int16/limits.h" <<'END'
#define INT_MAX 32767
#define INT_MIN (-32767 - 1)
END
printf '#include "aimfix.h"\nint main(void) { return 0; }\n' >"$work/use.c"

# shellcheck disable=SC2086
if $CC $CFLAGS -c "$work/use.c" -o "$work/use.o" >"$work/int32.log" 2>&1; then
    echo "ok   int_width.builds_with_32_bit_int"
else
    sed 's/^/     /' "$work/int32.log" | head -n 10
    echo "FAIL int_width.builds_with_32_bit_int"
    failed=1
fi

# shellcheck disable=SC2086
if $CC -I"$work/int16" $CFLAGS -c "$work/use.c" -o "$work/use16.o" >"$work/int16.log" 2>&1; then
    echo "FAIL int_width.refuses_16_bit_int: the build went through"
    failed=1
elif grep -q 'needs an int of at least 32 bits' "$work/int16.log"; then
    echo "ok   int_width.refuses_16_bit_int"
else
    sed 's/^/     /' "$work/int16.log" | head -n 10
    echo "FAIL int_width.refuses_16_bit_int: failed without the int message"
    failed=1
fi

if command -v avr-gcc >/dev/null 2>&1; then
    fix=$(printf '%s\n' $CFLAGS | sed -n 's/^-I\(.*libfixmath\)$/\1/p' | head -n 1)
    if avr-gcc -mmcu=atmega328p -std=c99 -Iinclude -I"$fix" -c "$work/use.c" \
           -o "$work/avr.o" >"$work/avr.log" 2>&1; then
        echo "FAIL int_width.refuses_avr: avr-gcc built it"
        failed=1
    elif grep -q 'needs an int of at least 32 bits' "$work/avr.log"; then
        echo "ok   int_width.refuses_avr"
    else
        sed 's/^/     /' "$work/avr.log" | head -n 10
        echo "FAIL int_width.refuses_avr: failed without the int message"
        failed=1
    fi
fi
exit $failed
