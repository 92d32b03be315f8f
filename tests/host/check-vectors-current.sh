#!/bin/sh
# SPDX-License-Identifier: MIT
# The committed host vectors are current: the generator built in this
# variant (tests/gen/gen_q16_vectors.c, see mk/vectors.mk) must write
# exactly tests/vectors/q16_vectors.h. A solver whose results changed, or a
# row added to tests/support/q16_solvers.c, without `make vectors` fails here. Under
# host-asan the generator runs with the sanitizers and must still write the
# same bytes (the f64 answers do not depend on the optimisation level).
#   check-vectors-current.sh BUILD_DIR
set -u
root=$(dirname "$0")/../..
gen=$1/gen/gen_q16_vectors
committed=$root/tests/vectors/q16_vectors.h
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! "$gen" >"$work/now.h" 2>"$work/err"; then
    echo "FAIL vectors.generator_runs: $gen failed:"
    head -n 10 "$work/err" | sed 's/^/     /'
    exit 1
fi
echo "ok   vectors.generator_runs ($(grep -c ' vectors of ' "$work/now.h") solvers)"
if cmp -s "$work/now.h" "$committed"; then
    echo "ok   vectors.committed_tables_current"
else
    echo "     tests/vectors/q16_vectors.h differs from the generator's output (run make vectors):"
    diff "$committed" "$work/now.h" | head -n 20 | sed 's/^/     /'
    echo "FAIL vectors.committed_tables_current"
    exit 1
fi
