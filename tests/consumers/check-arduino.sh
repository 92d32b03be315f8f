#!/bin/sh
# SPDX-License-Identifier: MIT
# The Arduino and PlatformIO packaging: library.properties and library.json
# say what their specifications require and carry the version of
# include/aimfix/version.h; src/ forwards every public header (the Arduino
# builder puts only src/ on the include path); and every example sketch of
# examples/arduino/ is built the way the Arduino builder builds it for an
# ARM Cortex-M0+ board (SAMD21's flags): the .ino made a .cpp after
# #include <Arduino.h>, compiled by arm-none-eabi-g++, every .c of src/ by
# arm-none-eabi-gcc, linked with --gc-sections against a stand-in core
# (tests/consumers/arduino/core/; linked by gcc, since nothing needs
# libstdc++, which Debian ships apart for this compiler). A sketch that calls only _q16 solvers
# must link no f64 solver and no floating-point helper.
#   check-arduino.sh BUILD_DIR   (LIBFIXMATH_DIR from make)
suite=arduino
. "$(dirname "$0")/consumer-checks.sh"

props=$root/library.properties
json=$root/library.json
prop() { sed -n "s/^$1=//p" "$props"; }
for key in name version author maintainer sentence paragraph category url architectures; do
    check "library_properties_has_$key" [ -n "$(prop $key)" ]
done
check library_properties_version [ "$(prop version)" = "$version" ]
check library_properties_depends_on_libfixmath [ "$(prop depends)" = libfixmath ]
check library_json_parses python3 -c "import json, sys; json.load(open(sys.argv[1]))" "$json"
jget() { python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$json" "$1"; }
check library_json_version [ "$(jget 'd["version"]')" = "$version" ]
check library_json_name [ "$(jget 'd["name"]')" = aimfix ]
check library_json_depends_on_libfixmath \
    [ "$(jget '",".join(x["name"] for x in d["dependencies"])')" = libfixmath ]

missing=""
for h in "$root"/include/aimfix.h "$root"/include/aimfix/*.h; do
    rel=${h#"$root"/include/}
    grep -q "#include \"\\(../\\)*include/$rel\"" "$root/src/$rel" 2>/dev/null || missing="$missing $rel"
done
check_forwarders() { [ -z "$missing" ]; }
check "src_forwards_every_public_header$missing" check_forwarders

CPU="-mcpu=cortex-m0plus -mthumb"
DEFS="-DF_CPU=48000000L -DARDUINO=10819 -DARDUINO_SAMD_ZERO -DARDUINO_ARCH_SAMD"
INC="-I$root/tests/consumers/arduino/core -I$root/src -I$fix16_dir"
CFLAGS="$CPU -c -g -Os -Wall -Wextra -Werror -std=gnu11 -ffunction-sections -fdata-sections -nostdlib --param max-inline-insns-single=500"
CXXFLAGS="$CPU -c -g -Os -Wall -Wextra -Werror -std=gnu++11 -ffunction-sections -fdata-sections -fno-threadsafe-statics -nostdlib --param max-inline-insns-single=500 -fno-rtti -fno-exceptions"
mkdir -p "$work/lib" "$work/core"

# The library and the core, once for every sketch.
lib_ok=1
for c in $(cd "$root" && find src -name '*.c' | sort); do
    o=$work/lib/$(basename "$c" .c).o
    # shellcheck disable=SC2086
    arm-none-eabi-gcc $CFLAGS $DEFS $INC "$root/$c" -o "$o" >>"$work/lib.log" 2>&1 || lib_ok=0
done
# shellcheck disable=SC2086
arm-none-eabi-g++ $CXXFLAGS $DEFS $INC "$root/tests/consumers/arduino/core/core.cpp" \
    -o "$work/core/core.o" >>"$work/lib.log" 2>&1 || lib_ok=0
if [ $lib_ok -eq 1 ]; then
    ok library_compiles_for_cortex_m0plus
else
    tail -n 15 "$work/lib.log" | sed 's/^/     /'
    bad library_compiles_for_cortex_m0plus "see the compiler's messages above"
fi

sketches=$(find "$root/examples/arduino" -name '*.ino' | sort)
check example_sketches_found [ -n "$sketches" ]
for ino in $sketches; do
    sk=$(basename "$ino" .ino)
    check "$sk.in_a_folder_of_its_name" [ "$(basename "$(dirname "$ino")")" = "$sk" ]
    { printf '#include <Arduino.h>\n#line 1 "%s"\n' "$ino"; cat "$ino"; } >"$work/$sk.ino.cpp"
    # shellcheck disable=SC2086
    quiet "$sk.sketch_compiles" "$work/$sk.cc.log" \
        arm-none-eabi-g++ $CXXFLAGS $DEFS $INC "$work/$sk.ino.cpp" -o "$work/$sk.o" || continue
    # shellcheck disable=SC2086
    quiet "$sk.links" "$work/$sk.ld.log" \
        arm-none-eabi-gcc $CPU -Os -Wl,--gc-sections --specs=nano.specs --specs=nosys.specs \
        "$work/$sk.o" "$work/core/core.o" "$work"/lib/*.o -lm -o "$work/$sk.elf" || continue
    arm-none-eabi-nm "$work/$sk.elf" | awk '{ print $NF }' >"$work/$sk.syms"
    check "$sk.links_the_q16_solver" grep -qx af_intercept_q16 "$work/$sk.syms"
    f64=$(grep -E '^af.*_f64$|^__aeabi_[dfi]?[a-z0-9]*(add|sub|mul|div|cmp|2iz|2d|2f)' "$work/$sk.syms" |
          grep -vE '^__aeabi_(l|ui|i|ul)' | tr '\n' ' ')
    no_float() { [ -z "$f64" ]; }
    check "$sk.q16_alone_links_no_floating_point $f64" no_float
done
finish
