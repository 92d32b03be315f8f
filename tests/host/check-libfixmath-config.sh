#!/bin/sh
# SPDX-License-Identifier: MIT
# libfixmath's configuration is a list of -D options (mk/libfixmath.mk). An
# option its sources never read configures nothing, silently (libfixmath's
# own test matrix once set FIXMATH_NO_HARD_DIV, which no code reads). Check
# that each option is tested by a preprocessor condition in its sources.
#
#   check-libfixmath-config.sh BUILD_DIR
#     (LIBFIXMATH_DIR: the folder holding libfixmath/; LIBFIXMATH_DEFS: the
#      options, as make passes them)
#
# Prints ok/FAIL lines like a test suite and exits non-zero on a failure.
set -u
: "${LIBFIXMATH_DIR:?LIBFIXMATH_DIR must name the libfixmath folder}"
defs=${LIBFIXMATH_DEFS-}
src=$LIBFIXMATH_DIR/libfixmath
failed=0

echo "# check libfixmath_config: options '$defs' against $src"
if [ ! -f "$src/fix16.h" ]; then
    echo "FAIL libfixmath_config.sources_present: no $src/fix16.h"
    exit 1
fi

# read_by NAME: does a preprocessor condition in the sources test NAME?
read_by() {
    grep -hE '^[[:space:]]*#[[:space:]]*(if|ifdef|ifndef|elif)\b' "$src"/*.c "$src"/*.h |
        grep -qw -- "$1"
}

# The check must be able to fail: a name no condition tests.
if read_by FIXMATH_NO_HARD_DIV; then
    echo "FAIL libfixmath_config.detects_unread_options: FIXMATH_NO_HARD_DIV counted as read"
    failed=1
else
    echo "ok   libfixmath_config.detects_unread_options"
fi

count=0
for d in $defs; do
    case $d in -D*) ;; *) continue ;; esac
    name=${d#-D}
    name=${name%%=*}
    count=$((count + 1))
    if read_by "$name"; then
        echo "ok   libfixmath_config.option_is_read ($name)"
    else
        echo "FAIL libfixmath_config.option_is_read: no condition in $src tests $name"
        failed=1
    fi
done
if [ $count -eq 0 ]; then
    echo "FAIL libfixmath_config.options_given: LIBFIXMATH_DEFS holds no -D option"
    failed=1
fi
exit $failed
