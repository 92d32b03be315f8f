#!/bin/sh
# SPDX-License-Identifier: MIT
# One list of files for every build: mk/sources.mk (make, a user's
# Makefile, the "copy these files" list) and cmake/sources.cmake (CMake,
# ESP-IDF, Zephyr) name the same files, and together they name every
# source and header of src/ and include/, each once.
#   check-source-lists.sh BUILD_DIR
suite=source_lists
. "$(dirname "$0")/consumer-checks.sh"

lists="AIMFIX_COMMON_SRCS AIMFIX_F64_SRCS AIMFIX_Q16_SRCS AIMFIX_PRIVATE_HDRS AIMFIX_PUBLIC_HDRS"
printf 'include mk/sources.mk\nprint:\n' >"$work/print.mk"
for l in $lists; do
    printf '\t@echo %s $(%s)\n' "$l" "$l" >>"$work/print.mk"
done
(cd "$root" && make -s --no-print-directory -f "$work/print.mk" print) >"$work/make.txt"
printf 'include("%s/cmake/sources.cmake")\n' "$root" >"$work/print.cmake"
for l in $lists; do
    printf 'list(JOIN %s " " _s)\nmessage("%s ${_s}")\n' "$l" "$l" >>"$work/print.cmake"
done
cmake -P "$work/print.cmake" >"$work/cmake.txt" 2>&1

# sorted LIST FILE: the names of LIST in FILE, one per line, sorted.
sorted() { sed -n "s/^$1 //p" "$2" | tr ' ' '\n' | grep . | sort; }
for l in $lists; do
    sorted "$l" "$work/make.txt" >"$work/$l.make"
    sorted "$l" "$work/cmake.txt" >"$work/$l.cmake"
    if [ ! -s "$work/$l.make" ]; then
        bad "$l.listed" "mk/sources.mk gives no $l"
    elif cmp -s "$work/$l.make" "$work/$l.cmake"; then
        ok "$l.same_in_make_and_cmake"
    else
        diff "$work/$l.make" "$work/$l.cmake" | sed 's/^/     /'
        bad "$l.same_in_make_and_cmake" "mk/sources.mk (<) and cmake/sources.cmake (>) differ"
    fi
done

# covers WHAT EXPECTED-FILE LISTS...: the lists together name exactly the files.
covers() {
    c_name=$1 c_expected=$2
    shift 2
    for l in "$@"; do cat "$work/$l.make"; done | sort >"$work/listed"
    if cmp -s "$work/listed" "$c_expected"; then
        ok "$c_name"
    else
        diff "$c_expected" "$work/listed" | sed 's/^/     /'
        bad "$c_name" "files on disk (<) and in the lists (>) differ: name each file in mk/sources.mk and cmake/sources.cmake"
    fi
}
(cd "$root" && find src -name '*.c' | sort) >"$work/c_files"
# src/aimfix.h and src/aimfix/ forward to include/ for the Arduino builder
# (tests/consumers/check-arduino.sh checks them).
(cd "$root" && find src -name '*.h' ! -path src/aimfix.h ! -path 'src/aimfix/*' | sort) >"$work/h_files"
(cd "$root" && ls include/aimfix.h include/aimfix/*.h | sort) >"$work/public_files"
covers every_source_listed_once "$work/c_files" AIMFIX_COMMON_SRCS AIMFIX_F64_SRCS AIMFIX_Q16_SRCS
covers every_private_header_listed "$work/h_files" AIMFIX_PRIVATE_HDRS
covers every_public_header_listed "$work/public_files" AIMFIX_PUBLIC_HDRS
finish
