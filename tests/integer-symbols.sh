# SPDX-License-Identifier: MIT
# Sourced by the checks that code needs integers only (tests/check-q16-symbols.sh
# for the Q16 library, tests/check-turret.sh for the turret's firmware):
# integer_symbol SYMBOL succeeds when SYMBOL is something such code may
# still need from outside. A list of what is allowed, so that a helper
# nobody thought of fails. SANITIZED=1 (the host-asan build) also allows
# the sanitizers' own runtime hooks, which instrumentation adds to every
# object.
integer_symbol() {
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
        # avr-gcc's: 64-bit adds, subtracts, negations and compares (with
        # a constant: _s8), 32-bit multiplies and divisions and their
        # widening forms, the start-up hook that copies .data to RAM,
        # which any object with initialised data references, and the
        # shared register saves of -mcall-prologues and the switch tables'
        # jump.
        __adddi3 | __adddi3_s8 | __subdi3 | __negdi2 | __cmpdi2_s8 | __mulsi3 | \
        __mulsidi3 | __umulsidi3 | __umulhisi3 | __mulhisi3 | __usmulhisi3 | \
        __muluhisi3 | __mulshisi3 | __tablejump2__ | \
        __divmodsi4 | __udivmodsi4 | __divmodhi4 | __udivmodhi4 | \
        __do_copy_data | __do_clear_bss | __prologue_saves__ | __epilogue_restores__) return 0 ;;
        # The C library's character classes: libfixmath's fix16_from_str
        # uses isdigit and isspace (newlib's table, glibc's accessor, avr-libc's
        # function).
        _ctype_ | __ctype_b_loc | isspace) return 0 ;;
        # Stack protection, on by default in some distributions' compilers;
        # position-independent code on 32-bit x86. Neither is arithmetic.
        __stack_chk_fail | __stack_chk_guard | _GLOBAL_OFFSET_TABLE_) return 0 ;;
        __asan_* | __ubsan_*) [ "${SANITIZED:-0}" = 1 ] && return 0 ;;
    esac
    return 1
}
