#!/bin/sh
# SPDX-License-Identifier: MIT
# Merge the slices of the exhaustive run (tests/exhaustive/exhaustive_q16.c
# result lines, one file per slice) into a markdown table, one row per
# function. Exits non-zero when an input failed or a slice is missing.
awk '
    NF != 10 { missing++; next }
    {
        f = $1
        if (!(f in inputs)) order[++n] = f
        inputs[f] += $4; failures[f] += $5; rounded[f] += $8; slices[f]++
        if (!(f in worst) || $6 > worst[f]) { worst[f] = $6; at[f] = $7 }
        if (!(f in rel) || $9 > rel[f]) { rel[f] = $9; relat[f] = $10 }
        parts[f] = $3
    }
    END {
        print "| function | inputs | failures | worst error (LSB) | at (raw) | not correctly rounded | worst excess above 256 |"
        print "|---|---:|---:|---:|---:|---:|---|"
        for (i = 1; i <= n; i++) {
            f = order[i]
            if (slices[f] != parts[f]) missing++
            if (f ~ /^sqrt_u(32|64)/ || f ~ /^recip31/ || f ~ /^rsqrt31/) { err = "exact"; where = "-" }
            else { err = sprintf("%.6f", worst[f]); where = at[f] }
            excess = rel[f] < 0 ? "-" : (rel[f] == 0 ? "0" : sprintf("2^%.1f of the result", log(rel[f]) / log(2)))
            printf "| %s | %.0f | %.0f | %s | %s | %.0f | %s |\n", f, inputs[f], failures[f], err, where, rounded[f], excess
            bad += failures[f]
        }
        if (missing) printf "\n%d slice(s) missing or unreadable\n", missing
        exit (bad || missing) ? 1 : 0
    }
' "$@"
