#!/bin/sh
# SPDX-License-Identifier: MIT
# The CLI: every solver answers in batch and as a subcommand, malformed
# lines get a bad_input line and never a crash, --svg writes a picture.
#   check-cli.sh BUILD_DIR      (BUILD_DIR holds the aimfix binary)
suite=cli
. "$(dirname "$0")/cli-checks.sh"

# --version prints the version of include/aimfix/version.h.
header_version=$(sed -n 's/^#define AIMFIX_VERSION_STRING "\(.*\)"$/\1/p' \
    "$(dirname "$0")/../../include/aimfix/version.h")
check version_flag [ "$("$cli" --version)" = "aimfix $header_version" ]

# Every solver, one batch line each, with the status expected.
cat >"$work/in.jsonl" <<'JSON'
{"solve":"intercept","target":[10,0,0],"target_velocity":[0,1,0],"speed":5}
{"solve":"arc_point","target":[10,0,0],"speed":12,"arc":"all"}
{"solve":"max_range","speed":20,"gravity":[0,0,-10],"target":[5,0,-10]}
{"solve":"min_speed","target":[10,0,0],"gravity":[0,0,-10]}
{"solve":"arc_time","target":[10,0,0],"target_velocity":[1,0,0],"time_of_flight":2}
{"solve":"arc_apex","target":[10,0,0],"apex_height":3,"per_distance":0.1}
{"solve":"arc_moving","target":[9,0,6],"target_velocity":[-15,0,-36],"speed":24,"gravity":[0,0,-10]}
{"solve":"arc_point","target":[100,0,0],"speed":5}
{"solve":"intercept","target":[1,0,0],"speed":0}
{"solve":"arc_point","target":[10,0,0],"speed":12,"arc":"high"}
JSON
"$cli" batch <"$work/in.jsonl" >"$work/out.jsonl" 2>"$work/err"
check batch_exit_status [ $? -eq 0 ]
check batch_one_answer_per_line [ "$(wc -l <"$work/out.jsonl")" -eq "$(wc -l <"$work/in.jsonl")" ]
expect() { # LINE STATUS COUNT
    line=$(sed -n "$1p" "$work/out.jsonl")
    n=$(printf '%s' "$line" | grep -o '"t":' | wc -l)
    case $line in
        *"\"status\":\"$2\""*) [ "$n" -eq "$3" ] ;;
        *) false ;;
    esac
}
check batch_intercept expect 1 ok 1
check batch_arc_point_two_arcs expect 2 ok 2
check batch_max_range expect 3 ok 1
check batch_min_speed expect 4 ok 1
check batch_arc_time expect 5 ok 1
check batch_arc_apex expect 6 ok 1
check batch_arc_moving_four_solutions expect 7 ok 4
check batch_out_of_reach expect 8 no_solution 0
check batch_zero_speed expect 9 bad_argument 0
check batch_arc_high_keeps_one expect 10 ok 1
check batch_max_range_reports_range grep -q '"range":48.98979485566356' "$work/out.jsonl"

# Malformed input: one bad_input line each, the tool keeps going.
printf '%s\n' 'garbage' '{' '{"solve":"nope"}' '{"solve":"arc_point","speed":"x","target":[1,0,0]}' \
    '{"solve":"arc_point","target":[1,2]}' '{"solve":"arc_point","target":[1,0,0]}' \
    '{"solve":"intercept","target":[1,0,0],"speed":1,"bogus":1}' '[1,2,3]' \
    '{"solve":"intercept","target":[1,0,0],"speed":1e999}' \
    '{"solve":"intercept","target":[1,0,0],"speed":1,"format":"q17"}' \
    '{"solve":"arc_point","target":[1,0,0],"speed":1,"arc":"middle"}' \
    "$(printf '[%.0s' $(seq 1 40))" >"$work/bad.jsonl"
"$cli" batch <"$work/bad.jsonl" >"$work/bad.out" 2>&1
check malformed_exit_status [ $? -eq 0 ]
check malformed_one_line_each [ "$(wc -l <"$work/bad.out")" -eq "$(wc -l <"$work/bad.jsonl")" ]
check malformed_all_bad_input_or_bad_argument \
    [ "$(grep -c -E '"status":"(bad_input|bad_argument)"' "$work/bad.out")" -eq "$(wc -l <"$work/bad.jsonl")" ]

# Random bytes: whatever comes in, every answer is a status line.
head -c 20000 /dev/urandom | tr -d '\000' >"$work/noise"
"$cli" batch <"$work/noise" >"$work/noise.out" 2>&1
st=$?
check noise_no_crash [ $st -eq 0 ]
check noise_answers_are_status_lines [ "$(grep -vc '^{"status":"bad_input","error":"' "$work/noise.out")" -eq 0 ]

# A line longer than the reader's buffer.
awk 'BEGIN { printf "{\"solve\":\""; for (i = 0; i < 20000; i++) printf "x"; print "\"}" }' \
    >"$work/long.jsonl"
"$cli" batch <"$work/long.jsonl" >"$work/long.out" 2>&1
check long_line_is_bad_input grep -q '"error":"line too long"' "$work/long.out"

# Subcommands: text, --json, exit codes, the SVG.
"$cli" arc_point --target 10,0,0 --speed 12 --svg "$work/shot.svg" >"$work/text" 2>&1
check subcommand_ok_exit [ $? -eq 0 ]
check subcommand_text_lists_two grep -q '^arc_point (f64): ok, 2 solutions' "$work/text"
check svg_is_svg sh -c "head -n 1 '$work/shot.svg' | grep -q '^<svg ' && tail -n 1 '$work/shot.svg' | grep -q '^</svg>'"
check svg_draws_both_arcs [ "$(grep -c '<polyline' "$work/shot.svg")" -eq 4 ]
"$cli" arc_point --target 100,0,0 --speed 5 >/dev/null 2>&1
check subcommand_no_solution_exit_1 [ $? -eq 1 ]
"$cli" arc_point --target 100,0 --speed 5 >/dev/null 2>&1
check subcommand_bad_vector_exit_2 [ $? -eq 2 ]
"$cli" arc_point --speed 5 >/dev/null 2>&1
check subcommand_missing_target_exit_2 [ $? -eq 2 ]
"$cli" intercept --target 10,0,0 --target-velocity 0,1,0 --speed 5 --json >"$work/json" 2>&1
check subcommand_json_matches_batch [ "$(cat "$work/json")" = "$(sed -n 1p "$work/out.jsonl")" ]
"$cli" solvers >"$work/solvers"
check solvers_listed [ "$(wc -l <"$work/solvers")" -ge 7 ]

# target_acceleration: the accelerating-target solvers answer, in both
# formats, and aim at a target falling with the shot as if it hung still
# (straight at it: velocity along (2, 0, 1)); a solver without an
# accelerating twin refuses the key.
cat >"$work/accel.jsonl" <<'JSON'
{"solve":"arc_moving","target":[100,0,50],"target_acceleration":[0,0,-9.81],"speed":60}
{"solve":"arc_moving","format":"q16","target":[100,0,50],"target_acceleration":[0,0,-9.81],"speed":60}
{"solve":"intercept","target":[100,0,0],"target_velocity":[0,10,0],"target_acceleration":[0,0,5],"speed":60}
{"solve":"arc_time","target":[100,0,0],"target_acceleration":[0,0,5],"time_of_flight":2}
{"solve":"arc_point","target":[100,0,0],"target_acceleration":[0,0,5],"speed":60}
JSON
"$cli" batch <"$work/accel.jsonl" >"$work/accel.out" 2>&1
check accel_exit_status [ $? -eq 0 ]
accel_line() { sed -n "$1p" "$work/accel.out"; }
check accel_falling_target_aimed_straight_at \
    sh -c "printf '%s' '$(accel_line 1)' | grep -q '\"velocity\":\[53.665631459994948,0,26.832815729997474\],\"point\":\[100,0,32.96875\]'"
check accel_falling_target_q16 sh -c "printf '%s' '$(accel_line 2)' | grep -q '\"format\":\"q16\",\"status\":\"ok\"'"
check accel_intercept_two_meetings [ "$(accel_line 3 | grep -o '"t":' | wc -l)" -eq 2 ]
check accel_arc_time_point_moves_with_acceleration \
    sh -c "printf '%s' '$(accel_line 4)' | grep -q '\"velocity\":\[50,0,14.81\],\"point\":\[100,0,10\]'"
check accel_refused_by_arc_point \
    sh -c "printf '%s' '$(accel_line 5)' | grep -q 'bad_input.*target_acceleration'"
"$cli" arc_moving --target 100,0,50 --target-acceleration 0,0,-9.81 --speed 60 >"$work/accel.txt" 2>&1
check accel_subcommand_flag grep -q 'impact at (100, 0, 32.96875) m' "$work/accel.txt"

# docs/cli.md's batch examples: each line "echo 'JSON' | build/host/aimfix
# batch" is run, and its answer must be the line the page shows after it.
readme=$(dirname "$0")/../../docs/cli.md
grep -n "^echo '{.*}' | build/host/aimfix batch\$" "$readme" >"$work/examples"
check docs_have_batch_examples [ -s "$work/examples" ]
while IFS= read -r example; do
    at=${example%%:*}
    json=$(printf '%s\n' "$example" | sed "s/^[0-9]*:echo '//; s/' | build.*//")
    name=$(printf '%s' "$json" | sed 's/^{"solve":"\([a-z_]*\)".*/\1/')
    check "docs_batch_example_$name" \
        [ "$(printf '%s\n' "$json" | "$cli" batch)" = "$(sed -n "$((at + 1))p" "$readme")" ]
done <"$work/examples"

finish
