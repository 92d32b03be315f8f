#!/bin/sh
# SPDX-License-Identifier: MIT
# The Q16 library needs nothing but integers: no floating point, no libm,
# no heap. Checked on the built archives with nm, on the host and on every
# board: every symbol that libaimfix_q16.a, or the libfixmath.a it builds
# on, uses and that neither defines must be on an allow-list of integer
# helpers (a list of what is allowed, so that a helper nobody thought of
# fails too).
#
#   check-q16-symbols.sh BUILD_DIR      (NM names the nm to use; default nm)
#
# SANITIZED=1 (the host-asan build) also allows the sanitizers' own runtime
# hooks, which instrumentation adds to every object.
#
# Prints ok/FAIL lines like a test suite and exits non-zero on a failure.
set -u
dir=${1:?usage: check-q16-symbols.sh BUILD_DIR}
nm=${NM:-nm}
q16=$dir/libaimfix_q16.a
fix=$dir/libfixmath.a
failed=0

echo "# check q16_symbols: $q16 and $fix (nm: $nm)"
ok() { echo "ok   q16_symbols.$1"; }
fail() { echo "FAIL q16_symbols.$1"; failed=1; }

# allowed SYMBOL: may the Q16 library need SYMBOL from outside? The list
# is tests/integer-symbols.sh's, shared with the turret's check.
. "$(dirname "$0")/integer-symbols.sh"
allowed() {
    integer_symbol "$1"
}

# The list must refuse what the check exists to catch, or it checks nothing.
refused=1
for s in sqrt sqrtf exp log pow atan2 sin sinf malloc free calloc printf \
         __aeabi_dadd __aeabi_fmul __aeabi_d2iz __aeabi_f2iz __aeabi_i2d \
         __muldf3 __floatsidf __extendsfdf2 __addsf3 __divdf3; do
    if allowed "$s"; then
        fail "refuses_forbidden_symbols: $s is allowed"
        refused=0
    fi
done
[ $refused -eq 1 ] && ok "refuses_forbidden_symbols"

for lib in "$q16" "$fix"; do
    if [ ! -f "$lib" ]; then
        fail "archives_exist: no $lib"
        exit 1
    fi
done

# Symbols defined anywhere in the two archives satisfy each other.
defined=$("$nm" --defined-only -g "$q16" "$fix" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u)

# The archive must hold the core: a few entry points by name.
missing=""
for s in af_sqrt_u32 af_sqrt_u64 af_atan2_q16 af_log2_q16 af_exp2_q16 af_pow_q16 \
         af_vec3_normalize_q16; do
    printf '%s\n' "$defined" | grep -qx "$s" || missing="$missing $s"
done
if [ -z "$missing" ]; then
    ok "holds_the_q16_core"
else
    fail "holds_the_q16_core: missing$missing"
fi

for lib in "$q16" "$fix"; do
    name=$(basename "$lib" .a)
    external=$("$nm" -u "$lib" 2>/dev/null | awk 'NF >= 2 && $1 == "U" { print $2 }' | sort -u |
        while read -r s; do printf '%s\n' "$defined" | grep -qx "$s" || echo "$s"; done)
    bad=""
    for s in $external; do
        allowed "$s" || bad="$bad $s"
    done
    if [ -z "$bad" ]; then
        ok "$name.needs_only_integer_helpers ($(echo $external | wc -w) external:$(echo '' $external))"
    else
        fail "$name.needs_only_integer_helpers: not allowed:$bad"
    fi
done
exit $failed
