#!/bin/sh
# SPDX-License-Identifier: MIT
# C++ can use the library: a C++ program calling an f64 and a Q16 solver,
# compiled by g++ and clang++ as C++11 and C++17 with every warning an
# error, linked against the host archive and run.
#   check-cxx.sh BUILD_DIR
suite=cxx
. "$(dirname "$0")/consumer-checks.sh"

for cxx in g++ clang++; do
    for std in c++11 c++17; do
        name=$(echo "$cxx.$std" | tr '+.' 'x_')
        exe=$work/$name
        quiet "${name}_builds" "$work/$name.log" \
            "$cxx" -std=$std -Wall -Wextra -Werror -pedantic -I"$root/include" -I"$fix16_dir" \
            "$root/tests/consumers/cxx/main.cpp" "$build/libaimfix.a" -lm -o "$exe" &&
            expect_output "${name}_runs" "$exe"
    done
done
finish
