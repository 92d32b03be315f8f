#!/bin/sh
# Make sure the Cortex-M tools are here; install the missing ones from
# Debian's packages.
#
#   TARGET_CC=arm-none-eabi-gcc QEMU=qemu-system-arm ensure-tools.sh
#
#   command (or file)          Debian package
#   $TARGET_CC                 gcc-arm-none-eabi (brings binutils-arm-none-eabi)
#   newlib's libc.a for it     libnewlib-arm-none-eabi
#   $QEMU                      qemu-system-arm
#
# Silent when everything is present. Otherwise it says what is missing and
# runs `apt-get install -y --no-install-recommends` as root, or through sudo
# when this is not root; if apt's package lists are too old or empty it
# runs `apt-get update` and tries once more. It fails with a message saying
# what to install by hand when it cannot. APT_GET replaces the apt-get
# command (APT_GET='echo apt-get' shows what would run).
set -u

TARGET_CC=${TARGET_CC:-arm-none-eabi-gcc}
QEMU=${QEMU:-qemu-system-arm}
APT_GET=${APT_GET:-apt-get}

fail() {
    echo "ensure-tools: $*" >&2
    exit 1
}

# Prints the packages whose command or files are missing.
missing_packages() {
    if command -v "$TARGET_CC" >/dev/null 2>&1; then
        # gcc prints a bare file name when it cannot find the file.
        libc=$("$TARGET_CC" -mthumb -mcpu=cortex-m0 -print-file-name=libc.a 2>/dev/null)
        case $libc in
            /*) [ -f "$libc" ] || echo libnewlib-arm-none-eabi ;;
            *) echo libnewlib-arm-none-eabi ;;
        esac
    else
        echo gcc-arm-none-eabi
        echo libnewlib-arm-none-eabi
    fi
    command -v "$QEMU" >/dev/null 2>&1 || echo qemu-system-arm
}

packages=$(missing_packages | tr '\n' ' ')
[ -z "$packages" ] && exit 0

echo "ensure-tools: missing ${TARGET_CC}, newlib or ${QEMU}; installing: $packages"
command -v "${APT_GET%% *}" >/dev/null 2>&1 ||
    fail "no apt-get here: install $packages (or the same tools from your system's packages) by hand"
if [ "$(id -u)" -eq 0 ]; then
    as_root=
elif command -v sudo >/dev/null 2>&1; then
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
    $as_root $APT_GET update && install ||
        fail "apt-get could not install $packages (see above)"
fi

still=$(missing_packages | tr '\n' ' ')
[ -z "$still" ] ||
    fail "after installing, still missing: $still(is ${TARGET_CC} / ${QEMU} the right command name?)"
echo "ensure-tools: installed $packages"
