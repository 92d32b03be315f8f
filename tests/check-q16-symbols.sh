#!/bin/sh
# The Q16 library needs nothing but integers: no floating point, no libm,
# no heap. Checked on the built archive with nm: every symbol its objects
# use and do not define themselves must be on the allow-list below
# (libfixmath's fix16_*, the compiler's integer helpers, memset/memcpy).
#
#   check-q16-symbols.sh BUILD_DIR      (NM names the nm to use; default nm)
#
# Prints ok/FAIL lines like a test suite (tests/summarize.sh counts them)
# and exits non-zero when a check failed.
set -u
dir=${1:?usage: check-q16-symbols.sh BUILD_DIR}
nm=${NM:-nm}
lib=$dir/libaimfix_q16.a
failed=0

echo "# check q16_symbols: $lib (nm: $nm)"

ok() { echo "ok   q16_symbols.$1"; }
fail() { echo "FAIL q16_symbols.$1"; failed=1; }

# allowed SYMBOL: is SYMBOL something the Q16 library may need from outside?
allowed() {
    case $1 in
        # libfixmath, which the Q16 library is built on.
        fix16_*) return 0 ;;
        # Memory fills and copies a compiler may emit for struct copies.
        memset | memcpy | memmove | __aeabi_memset* | __aeabi_memcpy* | \
        __aeabi_memclr* | __aeabi_memmove*) return 0 ;;
        # Integer helpers of libgcc and compiler-rt: 64-bit shifts,
        # multiplies and divisions, 32-bit divisions (Cortex-M0 has no
        # divide), bit counts.
        __aeabi_uidiv | __aeabi_uidivmod | __aeabi_idiv | __aeabi_idivmod | \
        __aeabi_uldivmod | __aeabi_ldivmod | __aeabi_lmul | __aeabi_llsl | \
        __aeabi_llsr | __aeabi_lasr | __aeabi_lcmp | __aeabi_ulcmp) return 0 ;;
        __clzsi2 | __clzdi2 | __ctzsi2 | __ctzdi2 | __popcountsi2 | __popcountdi2 | \
        __ashldi3 | __ashrdi3 | __lshrdi3 | __muldi3 | __multi3 | \
        __divdi3 | __udivdi3 | __moddi3 | __umoddi3 | __divmoddi4 | __udivmoddi4 | \
        __divti3 | __udivti3 | __modti3 | __umodti3 | __cmpdi2 | __ucmpdi2) return 0 ;;
        # Stack protection, on by default in some distributions' compilers;
        # position-independent code on 32-bit x86. Neither is arithmetic.
        __stack_chk_fail | __stack_chk_guard | _GLOBAL_OFFSET_TABLE_) return 0 ;;
    esac
    return 1
}

# The classifier must refuse what the check exists to catch, or the check
# itself checks nothing.
refused=0
for s in sqrt sqrtf exp log pow atan2 sin malloc free calloc printf \
         __aeabi_dadd __aeabi_fmul __aeabi_d2iz __muldf3 __floatsidf __extendsfdf2 \
         __addsf3 __divdf3; do
    if allowed "$s"; then
        fail "refuses_forbidden_symbols: $s is allowed"
        refused=1
    fi
done
[ $refused -eq 0 ] && ok "refuses_forbidden_symbols"

if [ ! -f "$lib" ]; then
    fail "archive_exists: no $lib"
    exit 1
fi

defined=$("$nm" --defined-only -g "$lib" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u)
undefined=$("$nm" -u "$lib" 2>/dev/null | awk 'NF >= 2 && $1 == "U" { print $2 }' | sort -u)

# The archive must hold the core: a few entry points by name.
missing=""
for s in af_sqrt_u32 af_sqrt_u64 af_atan2_q16 af_log2_q16 af_exp2_q16 af_pow_q16 \
         af_vec3_normalize_q16; do
    printf '%s\n' "$defined" | grep -qx "$s" || missing="$missing $s"
done
if [ -z "$missing" ]; then
    ok "holds_the_q16_core ($(printf '%s\n' "$defined" | grep -c .) global symbols)"
else
    fail "holds_the_q16_core: missing$missing"
fi

# What the archive needs from outside: undefined in some object and
# defined in none.
external=$(printf '%s\n' "$undefined" | grep . | while read -r s; do
    printf '%s\n' "$defined" | grep -qx "$s" || echo "$s"
done)
bad=""
for s in $external; do
    allowed "$s" || bad="$bad $s"
done
if [ -z "$bad" ]; then
    ok "needs_only_integer_helpers ($(echo $external | wc -w) external:$(echo '' $external))"
else
    fail "needs_only_integer_helpers: not allowed:$bad"
fi

exit $failed
