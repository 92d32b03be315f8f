#!/bin/sh
# SPDX-License-Identifier: MIT
# Fetch libfixmath's release source from Debian's source package and unpack it.
#
#   fetch-libfixmath.sh DEST_DIR
#
# No mirror address is written anywhere: the deb-src entries are derived at
# run time from this machine's own apt sources, apt's lists are kept under
# DEST_DIR/apt (the system's are not touched), the orig tarball's address is
# asked of `apt-get source --print-uris`, and apt-helper downloads it and
# checks its SHA256 (the pinned hash below), so a changed tarball fails here.
set -eu

VERSION='0~20220222'
SHA256='38a93f38bcf2b6fbc00bfc4e10905f8f012cc72943ec5eed69a459c3bc0349e0'

dest=${1:?usage: fetch-libfixmath.sh DEST_DIR}
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)   # apt reads relative Dir:: paths against /etc/apt
apt_dir=$dest/apt
mkdir -p "$apt_dir/sources.list.d" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"

fail() {
    echo "fetch-libfixmath: $*" >&2
    echo "fetch-libfixmath: on a system without Debian's apt, unpack libfixmath" \
         "$VERSION yourself and pass LIBFIXMATH_DIR=path to make" >&2
    exit 1
}

command -v apt-get >/dev/null 2>&1 || fail "apt-get not found"
[ -x /usr/lib/apt/apt-helper ] || fail "/usr/lib/apt/apt-helper not found"

# deb-src twins of every enabled deb source, one-line and deb822 styles alike.
: > "$apt_dir/sources.list"
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' "$f" >> "$apt_dir/sources.list"
done
rm -f "$apt_dir"/sources.list.d/*.sources
for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    sed 's/^Types:.*/Types: deb-src/' "$f" > "$apt_dir/sources.list.d/$(basename "$f")"
done

# Run apt as the calling user, with every state file inside $apt_dir.
apt_opts="-o Dir::Etc::SourceList=$apt_dir/sources.list
          -o Dir::Etc::SourceParts=$apt_dir/sources.list.d
          -o Dir::State::Lists=$apt_dir/lists
          -o Dir::Cache=$apt_dir/cache
          -o APT::Sandbox::User=$(id -un)
          -o Debug::NoLocking=1"

echo "fetch-libfixmath: reading Debian's source index (apt lists in $apt_dir)"
# A source without deb-src (a third-party repository) may fail to update;
# only the answer below matters.
# shellcheck disable=SC2086
apt-get -q $apt_opts update >"$apt_dir/update.log" 2>&1 || true

# shellcheck disable=SC2086
uris=$(apt-get -q $apt_opts source --print-uris "libfixmath=0~20220222-3" 2>/dev/null ||
       apt-get -q $apt_opts source --print-uris libfixmath 2>/dev/null) ||
    fail "apt-get source --print-uris libfixmath failed (see $apt_dir/update.log)"

uri=$(printf '%s\n' "$uris" | sed -n "s/^'\([^']*\.orig\.tar\.[a-z0-9]*\)'.*/\1/p" | head -n 1)
[ -n "$uri" ] || fail "no orig tarball in apt's answer"
file=$(printf '%s\n' "$uris" | sed -n "s/^'[^']*\.orig\.tar\.[a-z0-9]*' \([^ ]*\) .*/\1/p" | head -n 1)
case "$file" in
    *"$VERSION".orig.tar.*) ;;
    *) fail "apt offers $file, not version $VERSION" ;;
esac

echo "fetch-libfixmath: downloading $file (SHA256 checked)"
/usr/lib/apt/apt-helper -o "APT::Sandbox::User=$(id -un)" \
    download-file "$uri" "$dest/$file" "SHA256:$SHA256" >"$apt_dir/download.log" 2>&1 ||
    fail "download or checksum failed (see $apt_dir/download.log)"

rm -rf "$dest/src"
mkdir -p "$dest/src"
tar -xf "$dest/$file" -C "$dest/src"
[ -f "$dest/src/libfixmath/fix16.h" ] || fail "the tarball has no libfixmath/fix16.h"
echo "fetch-libfixmath: libfixmath $VERSION unpacked in $dest/src"
