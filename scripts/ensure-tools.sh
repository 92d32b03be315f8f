#!/bin/sh
# SPDX-License-Identifier: MIT
# Make sure the tools the build and the tests need are here; install the
# missing ones from Debian's packages.
#
#   HOST_CC=cc TARGET_CC=arm-none-eabi-gcc QEMU=qemu-system-arm ensure-tools.sh [COMMAND...]
#   HOST_ONLY=1 ensure-tools.sh     only what make check needs (no cross
#                                   compiler, QEMU, CMake or pkg-config)
#
# With COMMANDs (for example `ensure-tools.sh doxygen`), only those of the
# tools below are looked at.
#
#   what                          Debian package(s)
#   $HOST_CC and the C headers    gcc, libc6-dev (the host build and tests)
#   $TARGET_CC                    gcc-arm-none-eabi (with its binutils)
#   newlib's libc.a for it        libnewlib-arm-none-eabi
#   $QEMU                         qemu-system-arm
#   $RISCV_CC                     gcc-riscv64-unknown-elf (the RISC-V board)
#   picolibc for it               picolibc-riscv64-unknown-elf
#   $RISCV_QEMU                   qemu-system-misc
#   $AVR_CC and avr-libc          gcc-avr, avr-libc (the AVR boards)
#   $SIMAVR                       simavr (runs the AVR boards' programs)
#   clang and its sanitizer       clang, libclang-rt-dev (the determinism
#   runtime                       check builds the Q16 code with gcc and clang)
#   libFuzzer                     libclang-rt-dev (the fuzz targets, tests/fuzz/)
#   xz                            xz-utils (to unpack libfixmath's tarball)
#   $DOXYGEN                      doxygen (make docs, the API reference)
#   $HOST_CXX and the engines     g++, libbox2d-dev, libbullet-dev, libode-dev,
#   the conformance tests fly     libchipmunk-dev (tests/host/check-engines.sh)
#   cmake, pkg-config             cmake, pkg-config (the consumer tests: the
#                                 CMake and pkg-config routes)
#
# Silent when everything is present. Otherwise it says what is missing and
# runs `apt-get install -y --no-install-recommends` as root, or through sudo
# when this is not root; if that fails (package lists empty or stale) it
# runs `apt-get update` and tries once more. Where it cannot, it fails with
# a message saying what to install. APT_GET replaces the apt-get command
# (APT_GET='echo apt-get' shows what would run).
set -u

HOST_CC=${HOST_CC:-cc}
HOST_CXX=${HOST_CXX:-g++}
TARGET_CC=${TARGET_CC:-arm-none-eabi-gcc}
QEMU=${QEMU:-qemu-system-arm}
DOXYGEN=${DOXYGEN:-doxygen}
RISCV_CC=${RISCV_CC:-riscv64-unknown-elf-gcc}
RISCV_QEMU=${RISCV_QEMU:-qemu-system-riscv32}
AVR_CC=${AVR_CC:-avr-gcc}
SIMAVR=${SIMAVR:-simavr}
APT_GET=${APT_GET:-apt-get}
HOST_ONLY=${HOST_ONLY:-0}

fail() {
    echo "ensure-tools: $*" >&2
    exit 1
}

have() {
    command -v "$1" >/dev/null 2>&1
}

# Prints one "what-is-missing package..." line per missing piece.
missing() {
    if ! have "$HOST_CC"; then
        echo "$HOST_CC gcc libc6-dev"
    elif ! echo '#include <stdio.h>' | "$HOST_CC" -E -x c - >/dev/null 2>&1; then
        echo "C-headers libc6-dev"
    fi
    if ! have clang; then
        echo "clang clang libclang-rt-dev"
    elif ! echo 'int main(void) { return 0; }' |
        clang -fsanitize=address,undefined -x c - -o /dev/null >/dev/null 2>&1; then
        echo "clang-sanitizers libclang-rt-dev"
    elif ! echo 'int LLVMFuzzerTestOneInput(const char *d, long n) { return d && n; }' |
        clang -fsanitize=fuzzer -x c - -o /dev/null >/dev/null 2>&1; then
        echo "libFuzzer libclang-rt-dev"
    fi
    have xz || echo "xz xz-utils"
    have "$DOXYGEN" || echo "$DOXYGEN doxygen"
    have "$HOST_CXX" || echo "$HOST_CXX g++"
    # The engines' headers (each package also brings its library).
    [ -f /usr/include/box2d/box2d.h ] || echo "Box2D libbox2d-dev"
    [ -f /usr/include/bullet/btBulletDynamicsCommon.h ] || echo "Bullet libbullet-dev"
    [ -f /usr/include/ode/ode.h ] || echo "ODE libode-dev"
    [ -f /usr/include/chipmunk/chipmunk.h ] || echo "Chipmunk2D libchipmunk-dev"
    # HOST_ONLY=1 (make check): the host build and its tests need no more.
    [ "$HOST_ONLY" = 1 ] && return
    if have "$TARGET_CC"; then
        # gcc prints a bare file name when it cannot find the file.
        libc=$("$TARGET_CC" -mthumb -mcpu=cortex-m0 -print-file-name=libc.a 2>/dev/null)
        case $libc in
            /*) [ -f "$libc" ] || echo "newlib libnewlib-arm-none-eabi" ;;
            *) echo "newlib libnewlib-arm-none-eabi" ;;
        esac
    else
        echo "$TARGET_CC gcc-arm-none-eabi libnewlib-arm-none-eabi"
    fi
    have "$QEMU" || echo "$QEMU qemu-system-arm"
    if have "$RISCV_CC"; then
        # gcc prints a bare file name when it cannot find the file.
        case $("$RISCV_CC" -print-file-name=picolibc.specs 2>/dev/null) in
            /*) ;;
            *) echo "picolibc picolibc-riscv64-unknown-elf" ;;
        esac
    else
        echo "$RISCV_CC gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf"
    fi
    have "$RISCV_QEMU" || echo "$RISCV_QEMU qemu-system-misc"
    if have "$AVR_CC"; then
        echo '#include <avr/io.h>' | "$AVR_CC" -mmcu=atmega2560 -E -x c - >/dev/null 2>&1 ||
            echo "avr-libc avr-libc"
    else
        echo "$AVR_CC gcc-avr avr-libc"
    fi
    have "$SIMAVR" || echo "$SIMAVR simavr"
    # The consumer tests (tests/consumers/): CMake, pkg-config.
    have cmake || echo "cmake cmake"
    have pkg-config || echo "pkg-config pkg-config"
}

# The lines of missing's report whose command is one of the arguments (all
# of them without arguments).
wanted() {
    if [ $# -eq 0 ]; then
        cat
        return
    fi
    while IFS= read -r line; do
        for command in "$@"; do
            [ "${line%% *}" = "$command" ] && echo "$line"
        done
    done
    return 0
}

report=$(missing | wanted "$@")
[ -z "$report" ] && exit 0
what=$(printf '%s\n' "$report" | cut -d' ' -f1 | tr '\n' ' ')
packages=$(printf '%s\n' "$report" | cut -d' ' -f2- | tr '\n' ' ' | sed 's/ *$//')

echo "ensure-tools: missing: $what-> installing the Debian packages: $packages"
have "${APT_GET%% *}" ||
    fail "no apt-get here: install $packages (or the same tools from your system's packages) by hand"
if [ "$(id -u)" -eq 0 ]; then
    as_root=
elif have sudo; then
    as_root=sudo
    echo "ensure-tools: not root: using sudo (it may ask for your password)"
else
    fail "not root and no sudo: as root, run: apt-get install --no-install-recommends $packages"
fi

install() {
    # shellcheck disable=SC2086
    $as_root env DEBIAN_FRONTEND=noninteractive $APT_GET install -y --no-install-recommends $packages
}
if ! install; then
    echo "ensure-tools: install failed; updating apt's package lists and trying again"
    # shellcheck disable=SC2086
    { $as_root $APT_GET update && install; } ||
        fail "apt-get could not install $packages (see above)"
fi

still=$(missing | wanted "$@" | cut -d' ' -f1 | tr '\n' ' ')
[ -z "$still" ] ||
    fail "after installing $packages, still missing: $still(are CC, CROSS_COMPILE, QEMU and DOXYGEN the right commands?)"
echo "ensure-tools: installed $packages"
