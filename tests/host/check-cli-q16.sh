#!/bin/sh
# SPDX-License-Identifier: MIT
# The CLI in Q16.16: every solver with a Q16 twin answers with "format":
# "q16" in batch and --format q16 as a subcommand, with the statuses
# expected; every printed number equals its raw hex / 65536 exactly; inputs
# are rounded to the nearest Q16.16 value (ties away from zero) and an
# answer's decimals read back to the same raw bits; numbers that do not fit
# Q16.16 get bad_input with a reason; --compare (and "compare": true)
# prints both formats with misses and differences in LSB.
#   check-cli-q16.sh BUILD_DIR      (BUILD_DIR holds the aimfix binary)
suite=cli_q16
. "$(dirname "$0")/cli-checks.sh"

# Every Q16 solver, then the Q16-only failures. Line numbers below refer
# to this list; lines 1-7 are also run in f64 (the same statuses).
cat >"$work/in.jsonl" <<'JSON'
{"solve":"intercept","target":[10,0,0],"target_velocity":[0,1,0],"speed":5}
{"solve":"arc_point","target":[10,0,0],"speed":12}
{"solve":"max_range","speed":20,"gravity":[0,0,-10],"target":[5,0,-10]}
{"solve":"min_speed","target":[10,0,0],"gravity":[0,0,-10]}
{"solve":"arc_time","target":[10,0,0],"target_velocity":[1,0,0],"time_of_flight":2}
{"solve":"arc_apex","target":[10,0,0],"apex_height":3,"per_distance":0.1}
{"solve":"arc_moving","target":[9,0,6],"target_velocity":[-15,0,-36],"speed":24,"gravity":[0,0,-10]}
{"solve":"arc_point","target":[100,0,0],"speed":5}
{"solve":"intercept","target":[1,0,0],"speed":0}
{"solve":"intercept","shooter":[-30000,0,0],"target":[30000,0,0],"speed":5}
{"solve":"arc_time","target":[10,0,0],"target_velocity":[10,0,0],"time_of_flight":30000}
{"solve":"max_range","speed":600,"gravity":[0,0,-9.81],"target":[5,0,0]}
JSON
sed 's/^{/{"format":"q16",/' "$work/in.jsonl" >"$work/q16.jsonl"
"$cli" batch <"$work/q16.jsonl" >"$work/out.jsonl" 2>"$work/err"
check batch_exit_status [ $? -eq 0 ]
check batch_one_answer_per_line [ "$(wc -l <"$work/out.jsonl")" -eq "$(wc -l <"$work/in.jsonl")" ]

line() { sed -n "$1p" "$work/out.jsonl"; }
expect() { # LINE STATUS COUNT
    l=$(line "$1")
    n=$(printf '%s' "$l" | grep -o '"t":' | wc -l)
    case $l in
        *"\"format\":\"q16\",\"status\":\"$2\""*) [ "$n" -eq "$3" ] ;;
        *) false ;;
    esac
}
check q16_intercept expect 1 ok 1
check q16_arc_point_two_arcs expect 2 ok 2
check q16_max_range expect 3 ok 1
check q16_min_speed expect 4 ok 1
check q16_arc_time expect 5 ok 1
check q16_arc_apex expect 6 ok 1
check q16_arc_moving_four_solutions expect 7 ok 4
check q16_out_of_reach expect 8 no_solution 0
check q16_zero_speed expect 9 bad_argument 0
check q16_difference_beyond_q16 expect 10 out_of_range 0
check q16_impact_beyond_q16 expect 11 overflow 0
check q16_range_beyond_q16 expect 12 overflow 0

# The same requests in f64 give the same statuses and counts (lines 1-9).
head -n 9 "$work/in.jsonl" | "$cli" batch >"$work/f64.jsonl"
summary() { sed 's/.*"status":"\([a-z_]*\)".*/\1/' "$1" | head -n 9 >"$2.status"
    while IFS= read -r l; do printf '%s' "$l" | grep -o '"t":' | wc -l; done <"$1" |
        head -n 9 >"$2.count"; }
summary "$work/f64.jsonl" "$work/f"
summary "$work/out.jsonl" "$work/q"
check statuses_as_f64 cmp -s "$work/f.status" "$work/q.status"
check counts_as_f64 cmp -s "$work/f.count" "$work/q.count"

raw_pairs <"$work/out.jsonl" >"$work/pairs"
check raw_hex_equals_decimal [ $? -eq 0 ]
# Every solution number of lines 1-7 was paired: 7 per shot (11 shots),
# and max_range's range.
check raw_hex_on_every_number [ "$(head -n 7 "$work/pairs" | awk '{ s += $1 } END { print s }')" -eq $((11 * 7 + 1)) ]
check raw_hex_negative_twos_complement sh -c "sed -n 3p '$work/out.jsonl' | grep -q '\"point\":\[[^]]*,-10\],\"point_raw\":\[[^]]*,\"0xfff60000\"\]'"

# Inputs: rounded to nearest, ties away from zero; answers read back.
# arc_time answers the time asked, so t_raw shows the rounded input (the
# target at the muzzle, no gravity: the launch velocity is 0 at any time).
t_raw() { printf '{"solve":"arc_time","format":"q16","target":[0,0,0],"gravity":[0,0,0],"time_of_flight":%s}\n' "$1" |
    "$cli" batch | sed 's/.*"t_raw":"\(0x[0-9a-f]*\)".*/\1/'; }
check input_rounds_to_nearest [ "$(t_raw 0.1)" = 0x0000199a ]
check input_tie_away_from_zero [ "$(t_raw 2.288818359375e-05)" = 0x00000002 ]
check input_below_half_lsb [ "$(t_raw 7.62939453125e-06)" = 0x00000001 ]
check input_largest [ "$(t_raw 32767.99999)" = 0x7fffffff ]
tie=$(printf '%s\n' '{"solve":"arc_time","format":"q16","target":[-2.288818359375e-05,0,0],"time_of_flight":1}' |
    "$cli" batch)
check negative_tie_away_from_zero sh -c "printf '%s' '$tie' | grep -q '\"point_raw\":\[\"0xfffffffe\"'"
# The low arc's t, printed in decimal, fed back as a time of flight: the
# same raw bits.
t=$(line 2 | sed 's/.*"solutions":\[{"t":\([-0-9.e]*\),.*/\1/')
traw=$(line 2 | sed 's/.*"solutions":\[{"t":[^,]*,"t_raw":"\(0x[0-9a-f]*\)".*/\1/')
check decimal_reads_back_to_raw [ -n "$traw" ] && [ "$(t_raw "$t")" = "$traw" ]

# Numbers that do not fit Q16.16.
printf '%s\n' \
    '{"solve":"intercept","format":"q16","target":[32768,0,0],"speed":5}' \
    '{"solve":"intercept","format":"q16","target":[1,0,0],"speed":32767.999993}' \
    '{"solve":"intercept","format":"q16","target":[1,0,0],"speed":1e999}' \
    '{"solve":"arc_point","format":"q16","target":[1,0,0],"speed":5,"gravity":[0,-40000,0]}' \
    '{"solve":"arc_time","format":"q16","target":[1,0,0],"time_of_flight":-32768.1}' \
    '{"solve":"drag_apex","format":"q16","drag":{"model":"unity","d":40000},"velocity":[1,0,1]}' \
    '{"solve":"intercept","compare":true,"target":[1,0,0],"speed":1e6}' \
    '{"solve":"intercept","compare":"yes","target":[1,0,0],"speed":1}' \
    '{"solve":"intercept","format":"q16","speed":1}' \
    >"$work/bad.jsonl"
malformed "$work/bad.jsonl"
check reason_names_the_number grep -q "\"error\":\"'target' x = 32768 does not fit Q16.16" "$work/bad.jsonl.out"
check reason_names_the_component grep -q "'gravity' y = -40000 does not fit" "$work/bad.jsonl.out"
check reason_not_finite grep -q "'speed' = inf does not fit" "$work/bad.jsonl.out"
check reason_names_the_drag_member grep -q "'drag.d' = 40000 does not fit Q16.16" "$work/bad.jsonl.out"
check extremes_fit sh -c "printf '%s\n' '{\"solve\":\"arc_time\",\"format\":\"q16\",\"shooter\":[-32768,32767.99998,0],\"target\":[-32768,32767.99998,0],\"time_of_flight\":1}' |
    '$cli' batch | grep -q '\"status\":\"ok\".*\"point_raw\":\[\"0x80000000\",\"0x7fffffff\"'"

# --compare: both answers, each shot's miss, the q16 shots' differences.
sed 's/^{/{"compare":true,/' "$work/in.jsonl" | head -n 8 | "$cli" batch >"$work/cmp.jsonl"
check compare_one_line_each [ "$(wc -l <"$work/cmp.jsonl")" -eq 8 ]
check compare_both_answers [ "$(grep -c '"format":"compare","f64":{"status":"ok".*"q16":{"status":"ok"' "$work/cmp.jsonl")" -eq 7 ]
check compare_out_of_reach_both grep -q '"f64":{"status":"no_solution","solutions":\[\]},"q16":{"status":"no_solution","solutions":\[\]}' "$work/cmp.jsonl"
compare_shape_checks "$work/cmp.jsonl" 11
# The figures themselves: the f64 shots meet their targets (under 1e-9 m
# for these 10 m scenes), the q16 ones within the Q16 solvers' stated
# accuracy (2e-4 of the range + 2^-12 m, at most 3.5e-3 m here), and the
# q16 numbers are within 64 LSB of the f64 ones (their documented
# accuracy is a few LSB).
compare_figures "$work/cmp.jsonl"
check compare_f64_misses_tiny at_most "$f64_miss" 1e-9
check compare_q16_misses_within_accuracy at_most "$q16_miss" 3.5e-3
check compare_diffs_within_64_lsb at_most "$diffs" 64
# A mismatch is visible: the same q16 answer against a different f64 one
# would differ by whole LSB (the figures are computed, not copied).
check compare_diffs_nonzero [ "$(grep -o '"diff_lsb":{"t":[^,]*' "$work/cmp.jsonl" | grep -vc '"t":0$')" -gt 0 ]

# Subcommands: text with raw hex, --compare text, --json, exit codes.
"$cli" arc_point --target 10,0,0 --speed 12 --format q16 >"$work/text" 2>&1
check subcommand_q16_exit_0 [ $? -eq 0 ]
check subcommand_q16_header grep -q '^arc_point (q16): ok, 2 solutions' "$work/text"
check subcommand_q16_raw grep -q 't = 0.895477295 s \[0x0000e53e\]' "$work/text"
"$cli" arc_point --target 10,0,0 --speed 12 --compare >"$work/cmp.text" 2>&1
check subcommand_compare_exit_0 [ $? -eq 0 ]
check subcommand_compare_both sh -c "grep -q '^arc_point (f64): ok' '$work/cmp.text' && grep -q '^arc_point (q16): ok' '$work/cmp.text'"
check subcommand_compare_lsb [ "$(grep -c 'vs f64 [12], in LSB: t ' "$work/cmp.text")" -eq 2 ]
check subcommand_compare_misses [ "$(grep -c 'flown: misses by ' "$work/cmp.text")" -eq 4 ]
"$cli" arc_point --target 10,0,0 --speed 12 --compare --json >"$work/cmp.json" 2>&1
check subcommand_compare_json_matches_batch [ "$(cat "$work/cmp.json")" = "$(sed -n 2p "$work/cmp.jsonl")" ]
"$cli" arc_point --target 100,0,0 --speed 5 --compare >/dev/null 2>&1
check subcommand_compare_no_solution_exit_1 [ $? -eq 1 ]
"$cli" arc_point --target 100000,0,0 --speed 5 --format q16 >"$work/big" 2>&1
check subcommand_q16_unfit_exit_2 [ $? -eq 2 ]
check subcommand_q16_unfit_reason grep -q "'target' x = 100000 does not fit Q16.16" "$work/big"
"$cli" arc_point --target 10,0,0 --speed 12 --compare --svg "$work/cmp.svg" >/dev/null 2>&1
check subcommand_compare_svg sh -c "head -n 1 '$work/cmp.svg' | grep -q '^<svg '"

finish
