#!/bin/sh
# SPDX-License-Identifier: MIT
# One namespace whose prefix says the layer (src/README.md): af_ public,
# afi_ integer primitives and afn_ wide numbers (src/core/), afq_ helpers of
# the Q16 solvers (src/q16/), afr_ helpers of the f64 ones (src/f64/), so
# that a user's own function of the same name can never replace the
# library's. Every archive's external symbols are in the namespace, and
# every object's are in its own layer's part of it (its folder under
# BUILD_DIR/obj/src/). Checked with nm on the host and on every board.
#
#   check-namespace.sh BUILD_DIR      (NM names the nm to use; default nm;
#                                      NO_F64=1: a board without the f64 library)
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
        af_* | afi_* | afn_* | afq_* | afr_*) return 0 ;;
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
         afterwards aff_x afs_fit_problem afdq_law_init afx_make; do
    if in_namespace "$s"; then
        fail "refuses_foreign_names: $s is accepted"
        refused=0
    fi
done
in_namespace af_ || { fail "accepts_public_prefix"; refused=0; }
[ $refused -eq 1 ] && ok "refuses_foreign_names"

# in_layer LAYER SYMBOL: may an object of LAYER (core, q16, f64, top) define
# SYMBOL? The core: the public math (af_*_q16, af_sqrt_u32 ...), afi_ and
# afn_; the solvers: their format's public functions and their own helpers;
# the top of src/: the format-free public functions.
in_layer() {
    case $1:$2 in
        core:af_* | core:afi_* | core:afn_*) return 0 ;;
        q16:af_*_q16 | q16:afq_*) return 0 ;;
        f64:af_*_f64 | f64:afr_*) return 0 ;;
        top:af_*) case $2 in *_q16 | *_f64) return 1 ;; esac; return 0 ;;
        *:__odr_asan.*)
            [ "${SANITIZED:-0}" = 1 ] && in_layer "$1" "${2#__odr_asan.}" && return 0 ;;
    esac
    return 1
}
refused=1
for pair in q16:afr_drag_cap_f64 f64:afq_fit_problem core:afq_zero_from q16:afi_turret_frame_q16 \
            top:af_intercept_q16 f64:af_intercept_q16 q16:af_intercept_f64; do
    if in_layer "${pair%%:*}" "${pair#*:}"; then
        fail "layers_refuse_foreign_names: ${pair#*:} is accepted in ${pair%%:*}"
        refused=0
    fi
done
[ $refused -eq 1 ] && ok "layers_refuse_foreign_names"

# The objects of each layer: src/core/, src/q16/ (drag/ too), src/f64/
# (drag/ too) and the files at the top of src/.
layers="core q16 f64 top"
[ "${NO_F64:-}" = 1 ] && layers="core q16 top"
# The defined external symbols (weak ones too; nm -g prints "ADDR TYPE
# NAME") of objects or archives, but the __gnu_lto_* markers GCC puts in
# an object built for link-time optimisation (the ATmega328P's), which
# name no code.
defined_symbols() {
    "$nm" -g --defined-only "$@" 2>/dev/null | awk 'NF == 3 && $3 !~ /^__gnu_lto_/ { print $3 }' | sort -u
}

for layer in $layers; do
    if [ $layer = top ]; then
        objs=$(find "$dir/obj/src" -maxdepth 1 -name '*.o' 2>/dev/null | sort)
    else
        objs=$(find "$dir/obj/src/$layer" -name '*.o' 2>/dev/null | sort)
    fi
    if [ -z "$objs" ]; then
        fail "$layer.objects_found: none under $dir/obj/src"
        continue
    fi
    # shellcheck disable=SC2086
    defined=$(defined_symbols $objs)
    bad=""
    for s in $defined; do
        in_layer $layer "$s" || bad="$bad $s"
    done
    if [ -z "$bad" ]; then
        ok "$layer.every_symbol_in_its_layer ($(printf '%s\n' "$defined" | grep -c .) symbols)"
    else
        fail "$layer.every_symbol_in_its_layer: outside the layer's prefixes:$bad"
    fi
done

for lib in "$dir/libaimfix.a" "$dir/libaimfix_q16.a"; do
    name=$(basename "$lib" .a)
    if [ ! -f "$lib" ]; then
        fail "$name.exists: no $lib"
        continue
    fi
    defined=$(defined_symbols "$lib")
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
