#!/bin/sh
# SPDX-License-Identifier: MIT
# One namespace: every external symbol a library archive defines starts
# with "af" (af_ public; afi_, afs_, afx_, afdq_, afr_ internal), so that a
# user's own function of the same name can never replace the library's.
# Checked with nm on the host and on every board.
#
#   check-namespace.sh BUILD_DIR      (NM names the nm to use; default nm)
#
# Prints ok/FAIL lines like a test suite and exits non-zero on a failure.
set -u
dir=${1:?usage: check-namespace.sh BUILD_DIR}
nm=${NM:-nm}
failed=0
ok() { echo "ok   namespace.$1"; }
fail() { echo "FAIL namespace.$1"; failed=1; }

# in_namespace SYMBOL: may the library define SYMBOL for the world to see?
in_namespace() {
    case $1 in
        af_* | afi_* | afs_* | afx_* | afdq_* | afr_*) return 0 ;;
        # The address sanitizer's one-definition-rule marker of a global
        # (host-asan build): in the namespace when the global is.
        __odr_asan.*)
            [ "${SANITIZED:-0}" = 1 ] && in_namespace "${1#__odr_asan.}" && return 0 ;;
    esac
    return 1
}

# The rule must refuse the names that once leaked, or it checks nothing.
refused=1
for s in quadratic_roots_f64 dq_step drag_law poly_roots_f64 root_bracketed_f64 \
         afterwards aff_x; do
    if in_namespace "$s"; then
        fail "refuses_foreign_names: $s is accepted"
        refused=0
    fi
done
in_namespace af_ || { fail "accepts_public_prefix"; refused=0; }
[ $refused -eq 1 ] && ok "refuses_foreign_names"

for lib in "$dir/libaimfix.a" "$dir/libaimfix_q16.a"; do
    name=$(basename "$lib" .a)
    if [ ! -f "$lib" ]; then
        fail "$name.exists: no $lib"
        continue
    fi
    # Defined external symbols (weak ones too): nm -g prints "ADDR TYPE NAME".
    defined=$("$nm" -g --defined-only "$lib" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u)
    count=$(printf '%s\n' "$defined" | grep -c .)
    if [ "$count" -lt 20 ]; then
        fail "$name.defines_the_library: only $count external symbols"
        continue
    fi
    bad=""
    for s in $defined; do
        in_namespace "$s" || bad="$bad $s"
    done
    if [ -z "$bad" ]; then
        ok "$name.every_symbol_starts_with_af ($count symbols)"
    else
        fail "$name.every_symbol_starts_with_af: outside the namespace:$bad"
    fi
done
exit $failed
