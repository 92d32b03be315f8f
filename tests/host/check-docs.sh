#!/bin/sh
# SPDX-License-Identifier: MIT
# The documentation: the API reference builds without a Doxygen warning
# (make docs, with the committed Doxyfile) and a warning does fail it; the
# README stays a page a newcomer reads (at most 300 lines); every relative
# link of README.md and docs/*.md names a file that exists; no page speaks
# of the tracker ("issue 8", "the Q16 issue").
#
#   check-docs.sh BUILD_DIR      (DOXYGEN: the doxygen command)
#
# Prints ok/FAIL lines like a test suite and exits non-zero on a failure.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
doxygen=${DOXYGEN:-doxygen}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
ok() { echo "ok   docs.$1"; }
fail() { echo "FAIL docs.$1"; failed=1; }

# doxygen_run OUT_DIR [EXTRA SETTINGS...]: the committed Doxyfile, in the
# project's root, writing into OUT_DIR; its status and warnings in OUT_DIR.
doxygen_run() {
    out=$1
    shift
    mkdir -p "$out"
    {
        cat "$root/Doxyfile"
        echo "OUTPUT_DIRECTORY = $out"
        for setting in "$@"; do echo "$setting"; done
    } | (cd "$root" && "$doxygen" -) >"$out/log" 2>&1
}

if ! command -v "$doxygen" >/dev/null 2>&1; then
    fail "doxygen_present: no $doxygen (make ensure-tools installs it)"
    exit 1
fi
echo "# check docs: $("$doxygen" --version) on $root"

if doxygen_run "$work/reference" && [ ! -s "$work/reference/log" ] &&
    [ -f "$work/reference/html/index.html" ]; then
    ok "reference_builds_without_warnings"
else
    head -n 20 "$work/reference/log" | sed 's/^/     /'
    fail "reference_builds_without_warnings"
fi

# The check can fail: the same settings on the headers plus one public
# function without a comment.
mkdir -p "$work/doctored/include/aimfix"
cp -R "$root/include/." "$work/doctored/include/"
printf '/** @file */\nint af_undocumented(int x);\n' >"$work/doctored/include/aimfix/undocumented.h"
if doxygen_run "$work/doctored-out" "INPUT = $work/doctored/include" "USE_MDFILE_AS_MAINPAGE ="; then
    fail "a_warning_fails_the_reference: an undocumented function passed"
elif grep -q 'af_undocumented' "$work/doctored-out/log"; then
    ok "a_warning_fails_the_reference"
else
    head -n 5 "$work/doctored-out/log" | sed 's/^/     /'
    fail "a_warning_fails_the_reference: failed, but not on the undocumented function"
fi

lines=$(wc -l <"$root/README.md")
if [ "$lines" -le 300 ]; then
    ok "readme_at_most_300_lines ($lines)"
else
    fail "readme_at_most_300_lines: README.md has $lines lines"
fi

# Relative links: [text](path) and [text](path#anchor), from the page's
# own folder; web addresses and in-page anchors are left alone.
pages="$root/README.md $(ls "$root"/docs/*.md 2>/dev/null)"
broken=
for page in $pages; do
    dir=$(dirname "$page")
    for target in $(grep -o '](\([^)]*\))' "$page" | sed 's/^](//; s/)$//; s/#.*//'); do
        case $target in http://* | https://* | mailto:* | '') continue ;; esac
        [ -e "$dir/$target" ] || broken="$broken ${page#"$root"/}:$target"
    done
done
if [ -z "$broken" ]; then
    ok "links_resolve"
else
    fail "links_resolve:$broken"
fi

tracker=$(grep -nEi 'issues? #?[0-9]+|the [a-z0-9]+ issue|issue.s (goal|figure)' $pages)
if [ -z "$tracker" ]; then
    ok "no_tracker_wording"
else
    printf '%s\n' "$tracker" | sed "s|$root/||; s/^/     /" | head -n 5
    fail "no_tracker_wording"
fi
exit $failed
