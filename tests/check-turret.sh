#!/bin/sh
# SPDX-License-Identifier: MIT
# The turret example's figures, from its own output:
#   - at least 95 % hits over the reachable scenarios, and the totals line
#     agrees with the shot lines it sums;
#   - not one shot at the unreachable scenario, and the reason said;
#   - every shot line carries the solve's cost (instructions on a board);
#   - the firmware's objects call no floating-point helper and no f64
#     function of the library (the program links the whole library, for
#     the simulated world);
#   - the run prints what the reference run prints (TURRET_REFERENCE, the
#     host's program), instruction counts aside: the Q16 firmware and the
#     simulated world give the same bits on every core and compiler;
#   - the excerpt of the output in docs/turret.md is found in it.
#
#   check-turret.sh BUILD_DIR     (NM, TURRET_REFERENCE from make)
#
# BUILD_DIR/examples/turret is run with BUILD_DIR/run as the runner when
# there is one (a board). The judging is also run on doctored copies of
# the output, which it must fail: the check can fail.
set -u
dir=${1:?usage: check-turret.sh BUILD_DIR}
here=$(dirname "$0")
readme=$here/../docs/turret.md
nm=${NM:-nm}
program=$dir/examples/turret
work=$dir/examples/turret-check
mkdir -p "$work"
failed=0
ok() { echo "ok   turret.$1"; }
fail() { echo "FAIL turret.$1"; failed=1; }

# Hits needed over the reachable scenarios, percent.
MIN_HIT_PERCENT=95
UNREACHABLE=out-of-range

if [ ! -x "$program" ]; then
    fail "built: no $program"
    exit 1
fi
runner=
[ -x "$dir/run" ] && runner=$dir/run
# shellcheck disable=SC2086
if ! $runner "$program" >"$work/out" 2>&1; then
    fail "runs: $program exited with a failure; it ends:"
    tail -n 5 "$work/out" | sed 's/^/     /'
    exit 1
fi
ok "runs ($(grep -c ' hit$\| MISS$' "$work/out") shots)"

# The output without the instruction counts (and the port's own closing
# lines, and the counter's name): what every variant must print alike.
normalize() {
    sed -E -e 's/ +[0-9]+ instr / - instr /' -e 's/ +- instr / - instr /' \
           -e 's/solve cost [^;]*/solve cost/' -e 's/solve cost in [^;]*;/solve cost in;/' \
           -e '/^# (stack|heap):/d' "$1"
}

# judge FILE COUNTED MIN: print an ok or FAIL line per figure; COUNTED=1
# when the port counts instructions (a board), MIN the hit rate needed.
judge() {
    awk -v min="$3" -v unreachable="$UNREACHABLE" -v counted="$2" '
        function bad(what) { print "FAIL " what; failures++ }
        / (hit|MISS)$/ {
            shots[$1]++; all++
            if ($NF == "hit") hits[$1]++
            if ($1 != unreachable) { reach++; if ($NF == "hit") reach_hits++ }
            # The cost: "<n> instr" on a board, "- instr" on the host.
            cost = ""
            for (i = 2; i < NF; i++) if ($(i + 1) == "instr") cost = $i
            if (counted ? cost !~ /^[1-9][0-9]*$/ : cost != "-") uncosted++
        }
        / no shot: / && $1 == unreachable && /out of range/ { said++ }
        /^summary / {
            name = $2; sub(/:$/, "", name)
            summary_shots[name] = $3; summary_hits[name] = $5
            summaries++
        }
        /^totals: reachable / {
            total_shots = $3; total_hits = $5
            line = $0; sub(/.*; unreachable /, "", line); split(line, u, " "); unreach_shots = u[1]
        }
        END {
            if (summaries == 0) bad("summaries: no summary line")
            for (name in summary_shots)
                if (summary_shots[name] != 0 + shots[name] || summary_hits[name] != 0 + hits[name])
                    bad("summary_" name ": says " summary_shots[name] " shots, " summary_hits[name] \
                        " hits; the shot lines have " 0 + shots[name] " and " 0 + hits[name])
            if (total_shots == "") bad("totals: no totals line")
            else if (total_shots != 0 + reach || total_hits != 0 + reach_hits)
                bad("totals: says " total_shots " shots, " total_hits " hits; the shot lines have " \
                    0 + reach " and " 0 + reach_hits)
            if (reach == 0) bad("hit_rate: no shot at a reachable scenario")
            else if (reach_hits * 100 < min * reach)
                bad(sprintf("hit_rate: %d of %d shots hit (%.1f %%), below %d %%", reach_hits, reach,
                            100 * reach_hits / reach, min))
            else printf "ok   hit_rate: %d of %d shots hit (%.1f %%, at least %d %%)\n",
                        reach_hits, reach, 100 * reach_hits / reach, min
            if (shots[unreachable] > 0 || unreach_shots != 0)
                bad("unreachable: " 0 + shots[unreachable] " shots at " unreachable)
            else if (said == 0) bad("unreachable: no \"no shot: out of range\" line for " unreachable)
            else print "ok   unreachable: 0 shots at " unreachable ", " said " times said why"
            if (uncosted > 0) bad("cost: " uncosted " of " all " shot lines without a solve cost")
            else print "ok   cost: every shot line has its solve cost"
        }' "$1" | sed 's/^\(ok  \|FAIL\) /\1 turret./'
}

counted=0
[ -n "$runner" ] && counted=1
judge "$work/out" $counted $MIN_HIT_PERCENT | tee "$work/judged"
grep -q '^FAIL' "$work/judged" && failed=1

# The judge must fail what it is there to catch: a shot at the unreachable
# target (the first shot line copied under its name), a shot line without
# its cost, and this very output against a bar above 100 %.
first_shot=$(grep -m 1 -n ' hit$' "$work/out" | cut -d: -f1)
{
    sed -n "${first_shot}p" "$work/out" | sed "s/^[^ ]*/$UNREACHABLE/"
    cat "$work/out"
} >"$work/doctored-unreachable"
sed -E "${first_shot}s/ +([0-9]+|-) instr / instr /" "$work/out" >"$work/doctored-cost"
cp "$work/out" "$work/doctored-hit_rate"
can_fail=1
for what in unreachable cost hit_rate; do
    bar=$MIN_HIT_PERCENT
    [ $what = hit_rate ] && bar=101
    judge "$work/doctored-$what" $counted $bar >"$work/doctored-$what.judged"
    if ! grep -q "^FAIL turret\.$what" "$work/doctored-$what.judged"; then
        fail "check_can_fail: the judge let a doctored output ($what) pass"
        can_fail=0
    fi
done
[ $can_fail -eq 1 ] && ok "check_can_fail (a shot at $UNREACHABLE, a cost removed, a 101 % bar)"

# The firmware calls the library, the port and integer helpers only (the
# list of those is tests/integer-symbols.sh's, which check-q16-symbols.sh
# shows refuses every floating-point helper).
. "$here/integer-symbols.sh"
allowed() {
    case $1 in
        af_*_f64 | afr_*) return 1 ;;
        af_* | port_counter) return 0 ;;
    esac
    integer_symbol "$1"
}
objects=$(ls "$dir"/obj/examples/turret/firmware/*.o 2>/dev/null)
defined=$(for o in $objects; do "$nm" --defined-only -g "$o"; done | awk 'NF == 3 { print $3 }' |
    sort -u)
external=$(for o in $objects; do "$nm" -u "$o"; done | awk '$1 == "U" { print $2 }' | sort -u |
    grep -vxF "$defined")
bad=""
for s in $external; do
    allowed "$s" || bad="$bad $s"
done
if [ -z "$objects" ]; then
    fail "firmware_integers: no firmware objects in $dir/obj/examples/turret/firmware"
elif allowed __aeabi_dadd || allowed sqrt || allowed af_qdrag_coef_f64; then
    fail "firmware_integers: the allow-list lets floating point through"
elif [ -n "$bad" ]; then
    fail "firmware_integers: the firmware needs$bad"
else
    ok "firmware_integers ($(printf '%s\n' "$external" | grep -c .) outside symbols: the Q16 library, port, integer helpers)"
fi

# The same run as the reference, counts aside.
if [ -n "${TURRET_REFERENCE:-}" ] && [ "$TURRET_REFERENCE" != "$program" ]; then
    if ! "$TURRET_REFERENCE" >"$work/reference" 2>&1; then
        fail "same_as_reference: $TURRET_REFERENCE failed"
    else
        normalize "$work/reference" >"$work/reference.norm"
        normalize "$work/out" >"$work/out.norm"
        if cmp -s "$work/out.norm" "$work/reference.norm"; then
            ok "same_as_reference ($(wc -l <"$work/out.norm") lines as $TURRET_REFERENCE prints them)"
        else
            fail "same_as_reference: differs from $TURRET_REFERENCE; first differences:"
            diff "$work/reference.norm" "$work/out.norm" | head -n 6 | sed 's/^/     /'
        fi
    fi
fi

# docs/turret.md's excerpt, line by line, in the output.
awk '/^<!-- turret-output: excerpt -->$/ { armed = 1; next }
     armed && /^```/ { if (inside) exit; inside = 1; next }
     inside { print }' "$readme" >"$work/excerpt"
if [ ! -s "$work/excerpt" ]; then
    fail "docs_excerpt: no <!-- turret-output: excerpt --> block in docs/turret.md"
else
    normalize "$work/out" >"$work/out.norm"
    missing=$(normalize "$work/excerpt" | while IFS= read -r line; do
        [ -z "$line" ] && continue
        grep -qxF -- "$line" "$work/out.norm" || echo "$line"
    done)
    if [ -z "$missing" ]; then
        ok "docs_excerpt ($(grep -c . "$work/excerpt") lines found in the output)"
    else
        fail "docs_excerpt: docs/turret.md lines not in the output:"
        printf '%s\n' "$missing" | head -n 5 | sed 's/^/     /'
    fi
fi
exit $failed
