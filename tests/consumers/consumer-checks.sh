# SPDX-License-Identifier: MIT
# Sourced by the consumer checks (tests/consumers/check-*.sh, run once with
# the host build folder as $1; the script sets `suite` first). Gives:
#   root      the aimfix checkout
#   build     the host build folder (absolute)
#   work      a scratch folder removed on exit
#   version   AIMFIX_VERSION_STRING from include/aimfix/version.h
#   fix16_dir the folder holding fix16.h ($LIBFIXMATH_DIR/libfixmath;
#             LIBFIXMATH_DIR made absolute)
#   expect_output NAME PROGRAM...: runs PROGRAM and compares what it prints
#             with tests/consumers/app/expected.txt (the version filled in)
#   ok / bad / check, and finish for the summary, like the CLI checks.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:?usage: $0 BUILD_DIR}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
version=$(sed -n 's/^#define AIMFIX_VERSION_STRING "\(.*\)"$/\1/p' "$root/include/aimfix/version.h")
# make passes LIBFIXMATH_DIR relative to the checkout; the checks run
# tools from other folders.
case ${LIBFIXMATH_DIR:?LIBFIXMATH_DIR not set} in
    /*) ;;
    *) LIBFIXMATH_DIR=$root/$LIBFIXMATH_DIR ;;
esac
fix16_dir=$LIBFIXMATH_DIR/libfixmath

ok() { echo "ok   $suite.$1"; passed=$((passed + 1)); }
bad() { echo "     $2"; echo "FAIL $suite.$1"; failed=$((failed + 1)); }
check() { name=$1; shift; if "$@"; then ok "$name"; else bad "$name" "failed: $*"; fi; }
# quiet NAME LOG COMMAND...: COMMAND's output goes to LOG; on failure the
# log's tail is shown and NAME fails. Returns COMMAND's success.
quiet() {
    q_name=$1 q_log=$2
    shift 2
    if "$@" >"$q_log" 2>&1; then
        ok "$q_name"
        return 0
    fi
    tail -n 15 "$q_log" | sed 's/^/     /'
    bad "$q_name" "failed: $*"
    return 1
}
expect_output() {
    e_name=$1
    shift
    sed "s/@VERSION@/$version/" "$root/tests/consumers/app/expected.txt" >"$work/expected"
    "$@" >"$work/actual" 2>&1
    status=$?
    if [ $status -eq 0 ] && cmp -s "$work/expected" "$work/actual"; then
        ok "$e_name"
    else
        diff "$work/expected" "$work/actual" | sed 's/^/     /' | head -n 10
        bad "$e_name" "exit $status, output differs from tests/consumers/app/expected.txt"
    fi
}
finish() {
    echo "# $suite: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
