#!/bin/sh
# The Q16 library, as built for a board, must need no floating-point
# helper, no libm and no heap: every symbol that libaimfix_q16.a and the
# libfixmath.a it builds on leave undefined must be one of an explicit list
# of integer helpers (a whitelist, so that a helper nobody thought of fails
# too).
#
#   NM=arm-none-eabi-nm check-q16-symbols.sh BUILD_DIR
#
# Prints one "ok"/"FAIL" line per library, naming any symbol not allowed.
dir=${1:?usage: check-q16-symbols.sh BUILD_DIR}
NM=${NM:-nm}

# Allowed from outside the two libraries, one extended regular expression:
#  - libgcc's integer division, 64-bit multiply, shifts and compares, and
#    bit counts (ARMv6-M has no divide instruction; no core here has a
#    64-bit one), its switch-table helpers for Thumb-1, and its
#    divide-by-zero hooks;
#  - the C library's memcpy/memset/memmove, which compilers call for
#    structure copies, and its character-class table (libfixmath's
#    fix16_from_str uses isdigit and isspace).
ALLOWED='^(__aeabi_(u?idiv(mod)?|u?ldivmod|lmul|llsl|llsr|lasr|u?lcmp|idiv0|ldiv0)|__(clz|ctz|popcount)[sd]i2|__gnu_thumb1_case_(u?qi|u?hi|si)|__aeabi_mem(cpy|move|set|clr)[48]?|mem(cpy|set|move)|_ctype_)$'

allowed() {
    printf '%s\n' "$1" | grep -Eq "$ALLOWED"
}

# The list must refuse what it exists to refuse, or the check proves
# nothing: a double add, a float conversion, libm and malloc.
for forbidden in __aeabi_dadd __aeabi_f2iz __aeabi_i2d sqrt sinf malloc free; do
    if allowed "$forbidden"; then
        echo "FAIL q16_symbols.whitelist: it allows $forbidden"
        exit 0
    fi
done

q16=$dir/libaimfix_q16.a
fix=$dir/libfixmath.a
for lib in "$q16" "$fix"; do
    [ -f "$lib" ] || { echo "FAIL q16_symbols: $lib was not built"; exit 0; }
done

# Symbols defined anywhere in the two libraries satisfy each other.
defined=$("$NM" --defined-only "$q16" "$fix" | awk 'NF == 3 { print $3 }' | sort -u)
for lib in "$q16" "$fix"; do
    name=$(basename "$lib" .a)
    bad=
    count=0
    for symbol in $("$NM" -u "$lib" | awk 'NF == 2 && $1 == "U" { print $2 }' | sort -u); do
        count=$((count + 1))
        printf '%s\n' "$defined" | grep -qx "$symbol" && continue
        allowed "$symbol" || bad="$bad $symbol"
    done
    if [ -n "$bad" ]; then
        echo "FAIL q16_symbols.$name: needs symbols outside the allowed list:$bad"
    else
        echo "ok   q16_symbols.$name: its $count undefined symbols are all integer helpers or each other's"
    fi
done
