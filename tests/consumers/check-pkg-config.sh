#!/bin/sh
# SPDX-License-Identifier: MIT
# make install PREFIX=... DESTDIR=... puts the headers, the host archives
# and aimfix.pc in place; a program built with nothing but
# `pkg-config --cflags --libs aimfix` runs. The DESTDIR staging is read
# through PKG_CONFIG_SYSROOT_DIR, as a packager's build would.
#   check-pkg-config.sh BUILD_DIR   (CC, LIBFIXMATH_DIR from make)
suite=pkg_config
. "$(dirname "$0")/consumer-checks.sh"

stage=$work/stage prefix=/opt/aimfix
quiet make_install "$work/install.log" \
    make --no-print-directory -C "$root" install BUILDDIR="$(dirname "$build")" \
    LIBFIXMATH_DIR="$LIBFIXMATH_DIR" PREFIX=$prefix DESTDIR="$stage"
for f in include/aimfix.h include/aimfix/version.h include/aimfix/libfixmath/fix16.h \
         lib/libaimfix.a lib/libaimfix_q16.a lib/pkgconfig/aimfix.pc; do
    check "installs_$(basename "$f" | tr . _)" [ -f "$stage$prefix/$f" ]
done
check pc_records_the_prefix grep -qx "prefix=$prefix" "$stage$prefix/lib/pkgconfig/aimfix.pc"

export PKG_CONFIG_PATH="$stage$prefix/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$stage"
check pc_version [ "$(pkg-config --modversion aimfix)" = "$version" ]
flags=$(pkg-config --cflags --libs aimfix)
# shellcheck disable=SC2086
quiet consumer_builds "$work/cc.log" \
    ${CC:-cc} -std=c99 -Wall -Wextra -Werror -pedantic "$root/tests/consumers/app/consumer_app.c" \
    $flags -o "$work/app" &&
    expect_output consumer_runs "$work/app"
finish
