#!/bin/sh
# SPDX-License-Identifier: MIT
# The README's examples: each program block is extracted, compiled against
# the library, run, and its output compared with the block the README
# shows after it. A pair is marked in README.md by the lines
#     <!-- readme-example: NAME program -->   (before the ```c block)
#     <!-- readme-example: NAME output -->    (before the ```text block)
# (NAME may be empty: "<!-- readme-example: program -->").
#   check-readme-example.sh BUILD_DIR   (CC, CFLAGS, LDLIBS, LDFLAGS from make)
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
readme=$(dirname "$0")/../../README.md
failed=0

# The first fenced block after the marker line.
block() {
    awk -v marker="<!-- readme-example: $1 -->" '
        $0 == marker { armed = 1; next }
        armed && /^```/ { if (inside) exit; inside = 1; next }
        inside { print }
    ' "$readme"
}

names=$(sed -n 's/^<!-- readme-example: \(.*\)program -->$/\1/p' "$readme" | sed 's/ $//')
if [ -z "$(sed -n '/^<!-- readme-example: .*program -->$/p' "$readme")" ]; then
    echo "FAIL readme.examples_found: no example in README.md"
    exit 1
fi
count=0
sed -n 's/^<!-- readme-example: \(.*\)program -->$/\1/p' "$readme" >"$work/names"
while IFS= read -r prefix; do
    count=$((count + 1))
    label=${prefix% }
    label=${label:-quick_start}
    label=$(printf '%s' "$label" | tr ' ' '_')
    block "${prefix}program" >"$work/example.c"
    block "${prefix}output" >"$work/expected"
    if [ ! -s "$work/example.c" ] || [ ! -s "$work/expected" ]; then
        echo "FAIL readme.$label.found: no program or output block"
        failed=1
        continue
    fi
    # shellcheck disable=SC2086
    if ! $CC $CFLAGS "$work/example.c" $LDLIBS $LDFLAGS -o "$work/example" >"$work/cc.log" 2>&1; then
        sed 's/^/     /' "$work/cc.log" | head -n 20
        echo "FAIL readme.$label.compiles"
        failed=1
        continue
    fi
    echo "ok   readme.$label.compiles"
    "$work/example" >"$work/actual" 2>&1
    status=$?
    if [ $status -ne 0 ] || ! cmp -s "$work/actual" "$work/expected"; then
        diff "$work/expected" "$work/actual" | sed 's/^/     /' | head -n 20
        echo "FAIL readme.$label.prints_what_the_readme_shows (exit $status)"
        failed=1
    else
        echo "ok   readme.$label.prints_what_the_readme_shows"
    fi
done <"$work/names"
: "$names"
echo "# readme: $count examples"
exit $failed
