#!/bin/sh
# The README's example: extracted, compiled against the library, run, and
# its output compared with the block the README shows after it.
#   check-readme-example.sh BUILD_DIR   (CC, CFLAGS, LDLIBS, LDFLAGS from make)
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
readme=$(dirname "$0")/../../README.md

# The first fenced block after a marker line.
block() {
    awk -v marker="<!-- readme-example: $1 -->" '
        $0 == marker { armed = 1; next }
        armed && /^```/ { if (inside) exit; inside = 1; next }
        inside { print }
    ' "$readme"
}

block program >"$work/example.c"
block output >"$work/expected"
if [ ! -s "$work/example.c" ] || [ ! -s "$work/expected" ]; then
    echo "FAIL readme.example_found: no program or output block in README.md"
    exit 1
fi
echo "ok   readme.example_found"
# shellcheck disable=SC2086
if ! $CC $CFLAGS "$work/example.c" $LDLIBS $LDFLAGS -o "$work/example" >"$work/cc.log" 2>&1; then
    sed 's/^/     /' "$work/cc.log" | head -n 20
    echo "FAIL readme.example_compiles"
    exit 1
fi
echo "ok   readme.example_compiles"
"$work/example" >"$work/actual" 2>&1
status=$?
if [ $status -ne 0 ] || ! cmp -s "$work/actual" "$work/expected"; then
    diff "$work/expected" "$work/actual" | sed 's/^/     /' | head -n 20
    echo "FAIL readme.example_prints_what_the_readme_shows (exit $status)"
    exit 1
fi
echo "ok   readme.example_prints_what_the_readme_shows"
