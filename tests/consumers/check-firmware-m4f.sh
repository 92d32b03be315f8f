#!/bin/sh
# SPDX-License-Identifier: MIT
# The firmware route: a user's plain Makefile (tests/consumers/firmware-m4f/)
# compiles the files mk/sources.mk lists with its own flags for a
# Cortex-M4F with the hard-float ABI, links, and the firmware runs under
# QEMU (mps2-an386) printing what the host program prints.
#   check-firmware-m4f.sh BUILD_DIR   (LIBFIXMATH_DIR from make; QEMU)
suite=firmware_m4f
. "$(dirname "$0")/consumer-checks.sh"

fw=$work/fw
if quiet builds_with_its_own_flags "$work/make.log" \
    make --no-print-directory -C "$root/tests/consumers/firmware-m4f" -j2 \
    AIMFIX_ROOT="$root" LIBFIXMATH_DIR="$LIBFIXMATH_DIR" OUT="$fw"; then
    check uses_the_hard_float_abi \
        sh -c "arm-none-eabi-readelf -A '$fw/firmware.elf' | grep -q 'Tag_ABI_VFP_args: VFP registers'"
    expect_output runs_on_mps2_an386 timeout 60 "${QEMU:-qemu-system-arm}" -machine mps2-an386 \
        -nographic -monitor none -serial none -semihosting-config enable=on,target=native \
        -kernel "$fw/firmware.elf"
fi
finish
