#!/bin/sh
# SPDX-License-Identifier: MIT
# The engine presets against the real engines (Debian's packages, installed
# by make's ensure-tools): each tests/engines/conform_*.cpp flies seeded
# random bodies in one engine and compares them with the f64 library, built
# with the host's C++ compiler against the variant's libraries (sanitizers
# on host-asan); Bullet twice, in its float and its double build. Their
# "ok"/"FAIL" lines are passed on.
#   check-engines.sh BUILD_DIR   (CFLAGS, LDLIBS, LDFLAGS from make; CXX)
set -u
suite=engines
root=$(dirname "$0")/../..
CXX=${CXX:-g++}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

# The C flags a C++ compiler shares: include paths, defines, optimisation,
# debug information and sanitizers.
cxxflags=
for f in $CFLAGS; do
    case $f in
        -I* | -D* | -O* | -g | -fsanitize* | -fno-sanitize* | -fno-omit-frame-pointer)
            cxxflags="$cxxflags $f" ;;
    esac
done

# run NAME SOURCE EXTRA-FLAGS ENGINE-LIBS
run() {
    # shellcheck disable=SC2086
    if ! $CXX -std=c++11 -Wall -Wextra -Werror -ffp-contract=off $cxxflags -I"$root/include" \
        $3 "$root/tests/engines/$2" $LDLIBS $4 $LDFLAGS -o "$work/$1" >"$work/$1.log" 2>&1; then
        sed 's/^/     /' "$work/$1.log" | head -n 20
        echo "FAIL $suite.$1_compiles"
        failed=1
        return
    fi
    "$work/$1" >"$work/$1.out" 2>&1 || failed=1
    # Chipmunk's debug build greets on every new space.
    grep -v '^Initializing cpSpace\|^Compile with -DNDEBUG' "$work/$1.out"
}

run box2d conform_box2d.cpp "" "-lbox2d"
run bullet_float conform_bullet.cpp "-I/usr/include/bullet" \
    "-lBulletDynamics -lBulletCollision -lLinearMath"
run bullet_double conform_bullet.cpp "-I/usr/include/bullet -DBT_USE_DOUBLE_PRECISION" \
    "-lBulletDynamics-float64 -lBulletCollision-float64 -lLinearMath-float64"
run ode conform_ode.cpp "" "-lode"
run chipmunk conform_chipmunk.cpp "" "-lchipmunk"
exit $failed
