#!/bin/sh
# SPDX-License-Identifier: MIT
# The three CMake routes into aimfix, each a user's project configured,
# built and run (tests/consumers/cmake/): add_subdirectory, FetchContent
# (from a source tarball of this checkout) and find_package after
# cmake --install; the installed package's version file is checked too.
# aimfix itself is built with its warnings as errors (AIMFIX_WARNINGS).
#   check-cmake.sh BUILD_DIR   (CC, LIBFIXMATH_DIR from make)
suite=cmake
. "$(dirname "$0")/consumer-checks.sh"

projects=$root/tests/consumers/cmake
common="-DLIBFIXMATH_DIR=$LIBFIXMATH_DIR -DAIMFIX_WARNINGS=ON -DCMAKE_C_COMPILER=${CC:-cc}"
jobs=-j2

# route NAME CONFIGURE-ARGS...: configure, build and run one project.
route() {
    r_name=$1
    shift
    # shellcheck disable=SC2086
    quiet "${r_name}_configures" "$work/$r_name.configure.log" \
        cmake -S "$projects/$r_name" -B "$work/$r_name" $common "$@" &&
        quiet "${r_name}_builds" "$work/$r_name.build.log" \
            cmake --build "$work/$r_name" --target app $jobs &&
        expect_output "${r_name}_runs" "$work/$r_name/app"
}

route add_subdirectory -DAIMFIX_SOURCE_DIR="$root"

# What a release tarball holds: the checkout without its build outputs.
tar -C "$root" --exclude=./build --exclude=./.git -czf "$work/aimfix.tar.gz" .
route fetchcontent -DAIMFIX_TARBALL="$work/aimfix.tar.gz"

# aimfix on its own, installed, then found.
# shellcheck disable=SC2086
quiet install_configures "$work/lib.configure.log" \
    cmake -S "$root" -B "$work/lib" $common -DCMAKE_INSTALL_PREFIX="$work/prefix" &&
    quiet install_builds "$work/lib.build.log" cmake --build "$work/lib" $jobs &&
    quiet installs "$work/lib.install.log" cmake --install "$work/lib"
cfg=$work/prefix/lib/cmake/aimfix
check installs_config [ -f "$cfg/aimfixConfig.cmake" ]
check installs_version_file grep -q "PACKAGE_VERSION \"$version\"" "$cfg/aimfixConfigVersion.cmake"
check installs_fix16_h [ -f "$work/prefix/include/aimfix/libfixmath/fix16.h" ]
route find_package -DAIMFIX_SOURCE_DIR="$root" -DCMAKE_PREFIX_PATH="$work/prefix"
finish
