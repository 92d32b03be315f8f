#!/bin/sh
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

# allowed SYMBOL: may the Q16 library need SYMBOL from outside?
allowed() {
    case $1 in
        # Memory fills and copies a compiler may emit for struct copies.
        memset | memcpy | memmove | __aeabi_memset* | __aeabi_memcpy* | \
        __aeabi_memclr* | __aeabi_memmove*) return 0 ;;
        # Integer helpers of libgcc and compiler-rt: 64-bit shifts,
        # multiplies, divisions and compares, 32-bit divisions (Cortex-M0
        # has no divide), bit counts, Thumb-1 switch tables, the
        # divide-by-zero hooks.
        __aeabi_uidiv | __aeabi_uidivmod | __aeabi_idiv | __aeabi_idivmod | \
        __aeabi_uldivmod | __aeabi_ldivmod | __aeabi_lmul | __aeabi_llsl | \
        __aeabi_llsr | __aeabi_lasr | __aeabi_lcmp | __aeabi_ulcmp | \
        __aeabi_idiv0 | __aeabi_ldiv0) return 0 ;;
        __gnu_thumb1_case_qi | __gnu_thumb1_case_uqi | __gnu_thumb1_case_hi | \
        __gnu_thumb1_case_uhi | __gnu_thumb1_case_si) return 0 ;;
        __clzsi2 | __clzdi2 | __ctzsi2 | __ctzdi2 | __popcountsi2 | __popcountdi2 | \
        __ashldi3 | __ashrdi3 | __lshrdi3 | __muldi3 | __multi3 | \
        __divdi3 | __udivdi3 | __moddi3 | __umoddi3 | __divmoddi4 | __udivmoddi4 | \
        __divti3 | __udivti3 | __modti3 | __umodti3 | __cmpdi2 | __ucmpdi2) return 0 ;;
        # The C library's character classes: libfixmath's fix16_from_str
        # uses isdigit and isspace (newlib's table, glibc's accessor).
        _ctype_ | __ctype_b_loc) return 0 ;;
        # Stack protection, on by default in some distributions' compilers;
        # position-independent code on 32-bit x86. Neither is arithmetic.
        __stack_chk_fail | __stack_chk_guard | _GLOBAL_OFFSET_TABLE_) return 0 ;;
        __asan_* | __ubsan_*) [ "${SANITIZED:-0}" = 1 ] && return 0 ;;
    esac
    return 1
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
