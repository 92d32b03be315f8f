#!/bin/sh
# SPDX-License-Identifier: MIT
# aimfix needs only libfixmath's header (the fix16_t type), none of its
# code: a firmware copies fix16.h alone (mk/sources.mk says so). Checked
# with nm on the host and on every board: no library archive leaves a
# fix16_ symbol undefined.
#
#   check-fix16-header-only.sh BUILD_DIR   (NM names the nm to use; default nm)
set -u
dir=${1:?usage: check-fix16-header-only.sh BUILD_DIR}
nm=${NM:-nm}
failed=0
for lib in "$dir/libaimfix.a" "$dir/libaimfix_q16.a"; do
    name=$(basename "$lib" .a)
    if [ ! -f "$lib" ]; then
        echo "FAIL fix16_header_only.$name: no $lib"
        failed=1
        continue
    fi
    needed=$("$nm" -u "$lib" 2>/dev/null | awk '$1 == "U" && $2 ~ /^fix16_/ { print $2 }' | sort -u)
    if [ -z "$needed" ]; then
        echo "ok   fix16_header_only.$name.needs_no_libfixmath_code"
    else
        echo "FAIL fix16_header_only.$name.needs_no_libfixmath_code: needs" $needed
        failed=1
    fi
done
exit $failed
