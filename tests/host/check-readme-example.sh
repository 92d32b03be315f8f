#!/bin/sh
# SPDX-License-Identifier: MIT
# The examples of README.md and docs/*.md: each program block is extracted,
# compiled against the library, run, and its output compared with the
# block the page shows after it. A pair is marked by the lines
#     <!-- readme-example: NAME program -->   (before the ```c block)
#     <!-- readme-example: NAME output -->    (before the ```text block)
# (NAME may be empty: "<!-- readme-example: program -->"). The README must
# hold an example of each number format: one calling an _f64 solver and
# one calling a _q16 solver.
#   check-readme-example.sh BUILD_DIR   (CC, CFLAGS, LDLIBS, LDFLAGS from make)
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$(dirname "$0")/../..
failed=0

# block PAGE MARKER: the first fenced block after the marker line.
block() {
    awk -v marker="<!-- readme-example: $2 -->" '
        $0 == marker { armed = 1; next }
        armed && /^```/ { if (inside) exit; inside = 1; next }
        inside { print }
    ' "$1"
}

count=0
: >"$work/readme-programs"
for page in "$root/README.md" "$root"/docs/*.md; do
    [ -f "$page" ] || continue
    short=$(basename "$page" .md | tr 'A-Z' 'a-z')
    sed -n 's/^<!-- readme-example: \(.*\)program -->$/\1/p' "$page" >"$work/names"
    while IFS= read -r prefix; do
        count=$((count + 1))
        label=${prefix% }
        label=$short.${label:-example}
        label=$(printf '%s' "$label" | tr ' ' '_')
        block "$page" "${prefix}program" >"$work/example.c"
        block "$page" "${prefix}output" >"$work/expected"
        if [ ! -s "$work/example.c" ] || [ ! -s "$work/expected" ]; then
            echo "FAIL $label.found: no program or output block"
            failed=1
            continue
        fi
        [ "$short" = readme ] && cat "$work/example.c" >>"$work/readme-programs"
        # shellcheck disable=SC2086
        if ! $CC $CFLAGS "$work/example.c" $LDLIBS $LDFLAGS -o "$work/example" >"$work/cc.log" 2>&1; then
            sed 's/^/     /' "$work/cc.log" | head -n 20
            echo "FAIL $label.compiles"
            failed=1
            continue
        fi
        echo "ok   $label.compiles"
        "$work/example" >"$work/actual" 2>&1
        status=$?
        if [ $status -ne 0 ] || ! cmp -s "$work/actual" "$work/expected"; then
            diff "$work/expected" "$work/actual" | sed 's/^/     /' | head -n 20
            echo "FAIL $label.prints_what_the_page_shows (exit $status)"
            failed=1
        else
            echo "ok   $label.prints_what_the_page_shows"
        fi
    done <"$work/names"
done

# A solver call in a README example, by number format.
for format in f64 q16; do
    if grep -q "af_[a-z0-9_]*_$format(" "$work/readme-programs"; then
        echo "ok   readme.has_a_${format}_example"
    else
        echo "FAIL readme.has_a_${format}_example: no README example calls an af_..._$format solver"
        failed=1
    fi
done
echo "# examples: $count"
exit $failed
