#!/bin/sh
# SPDX-License-Identifier: MIT
# No integer-width assumption: the public headers build with the host's
# compiler, and, where avr-gcc is installed, every source of the Q16
# library compiles without a warning for an AVR, whose int has 16 bits
# (1 << 30 is 0 there, and GCC says so). The boards atmega2560 and
# atmega328p run the answers; this catches a slip in make check already.
#   check-int-width.sh BUILD_DIR   (CC, CFLAGS from make)
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
printf '#include "aimfix.h"\nint main(void) { return 0; }\n' >"$work/use.c"

# shellcheck disable=SC2086
if $CC $CFLAGS -c "$work/use.c" -o "$work/use.o" >"$work/int32.log" 2>&1; then
    echo "ok   int_width.builds_with_32_bit_int"
else
    sed 's/^/     /' "$work/int32.log" | head -n 10
    echo "FAIL int_width.builds_with_32_bit_int"
    failed=1
fi

command -v avr-gcc >/dev/null 2>&1 || exit $failed
fix=$(printf '%s\n' $CFLAGS | sed -n 's/^-I\(.*libfixmath\)$/\1/p' | head -n 1)
# The library's Q16 sources, from the list every build reads.
sources=$(make -s --no-print-directory -f mk/sources.mk -f - print-q16 <<'END'
print-q16:
	@echo $(AIMFIX_Q16_LIB_SRCS)
END
)
for source in $sources; do
    name=$(basename "$source" .c)
    # The warnings of boards/atmega*/board.mk (GCC 5's -Wall also has
    # -Wstrict-overflow, which reports optimisations, not defects).
    if avr-gcc -mmcu=atmega328p -std=c99 -Os -Wall -Wextra -Werror -pedantic \
           -Wmissing-prototypes -Wshadow -Wstrict-prototypes -Wundef -Wno-strict-overflow \
           -Iinclude -I"$fix" -c "$source" -o "$work/$name.o" >"$work/$name.log" 2>&1; then
        echo "ok   int_width.avr_compiles_clean.$name"
    else
        sed 's/^/     /' "$work/$name.log" | head -n 10
        echo "FAIL int_width.avr_compiles_clean.$name"
        failed=1
    fi
done
exit $failed
