#!/bin/sh
# SPDX-License-Identifier: MIT
# The CLI's drag queries: every drag solver answers in batch and as a
# subcommand with the status expected, its answers agree with the physics
# written here (the engine's step loop in awk, the requested height, speed
# and target), malformed drag and terrain objects get bad_input and never a
# crash, and --svg draws the drag arc, not the vacuum parabola.
#   check-cli-drag.sh BUILD_DIR      (BUILD_DIR holds the aimfix binary)
suite=cli_drag
. "$(dirname "$0")/cli-checks.sh"

# Every drag solver, with the status and the number of solutions expected.
# Line numbers below refer to this list.
cat >"$work/in.jsonl" <<'JSON'
{"solve":"drag_predict","drag":{"model":"unity","d":0.5,"dt":0.02},"velocity":[10,0,10],"steps":100}
{"solve":"drag_predict","drag":{"model":"unity","d":0.5,"dt":0.02},"velocity":[10,0,10],"time":2}
{"solve":"drag_apex","drag":{"model":"continuous","d":0.3,"wind":[2,1,0]},"velocity":[10,0,10]}
{"solve":"drag_height","drag":{"model":"bullet","d":0.1,"dt":0.01},"shooter":[0,0,5],"velocity":[10,0,10],"height":-2,"branch":"falling"}
{"solve":"drag_land","drag":{"model":"exact","d":0.2},"shooter":[0,0,1],"velocity":[10,0,10],"terrain":{"slope":[0.1,0,0],"hill_amplitude":0.5,"hill_wavelength":7}}
{"solve":"drag_aim_time","drag":{"model":"box2d","d":0.5,"dt":0.02},"target":[12,3,0],"target_velocity":[0,1,0],"time_of_flight":1.5}
{"solve":"drag_aim_speed","drag":{"model":"unity","d":0.5},"shooter":[0,0,1],"target":[12,3,0],"speed":15}
{"solve":"drag_max_range","drag":{"model":"continuous","d":0.2},"speed":20,"target":[5,0,-3]}
{"solve":"drag_samples","drag":{"model":"custom","r":0.99,"dt":0.02,"order":"damping_first"},"velocity":[10,0,10],"time":2,"samples":5}
{"solve":"drag_land","drag":{"model":"box2d","d":0.1},"shooter":[0,0,2],"velocity":[8,3,6],"terrain":{"level":0.5}}
{"solve":"drag_height","drag":{"model":"unity","d":0.5},"velocity":[10,0,10],"height":100}
{"solve":"drag_aim_speed","drag":{"model":"unity","d":0.5},"target":[1000,0,0],"speed":15}
{"solve":"drag_land","drag":{"model":"unity","d":0.5},"shooter":[0,0,1000],"velocity":[1,0,0],"max_time":1}
{"solve":"drag_apex","drag":{"model":"continuous","d":1,"wind":[0,0,20]},"velocity":[1,0,1]}
{"solve":"drag_predict","drag":{"model":"unity","d":60,"dt":0.02},"velocity":[1,0,1],"time":1}
{"solve":"drag_aim_speed","drag":{"model":"unity","d":0.5},"shooter":[0,0,1],"target":[12,3,0],"speed":15,"arc":"high"}
{"solve":"drag_height","drag":{"model":"box2d","d":0.3},"velocity":[10,0,10],"height":2,"branch":"rising"}
{"solve":"drag_predict","drag":{"model":"continuous","d":0.5},"velocity":[10,0,10],"steps":3}
JSON
"$cli" batch <"$work/in.jsonl" >"$work/out.jsonl" 2>"$work/err"
check batch_exit_status [ $? -eq 0 ]
check batch_one_answer_per_line [ "$(wc -l <"$work/out.jsonl")" -eq "$(wc -l <"$work/in.jsonl")" ]

line() { sed -n "$1p" "$work/out.jsonl"; }
expect() { # LINE SOLVER STATUS COUNT
    l=$(line "$1")
    n=$(printf '%s' "$l" | grep -o '"t":' | wc -l)
    case $l in
        "{\"solve\":\"$2\","*"\"status\":\"$3\""*) [ "$n" -eq "$4" ] ;;
        *) false ;;
    esac
}
check batch_drag_predict_steps expect 1 drag_predict ok 1
check batch_drag_predict_time expect 2 drag_predict ok 1
check batch_drag_apex expect 3 drag_apex ok 1
check batch_drag_height expect 4 drag_height ok 1
check batch_drag_land_hills expect 5 drag_land ok 1
check batch_drag_aim_time expect 6 drag_aim_time ok 1
check batch_drag_aim_speed_two_arcs expect 7 drag_aim_speed ok 2
check batch_drag_max_range expect 8 drag_max_range ok 1
check batch_drag_samples expect 9 drag_samples ok 1
check batch_drag_land_flat expect 10 drag_land ok 1
check batch_height_above_apex expect 11 drag_height no_solution 0
check batch_aim_out_of_reach expect 12 drag_aim_speed no_solution 0
check batch_land_never expect 13 drag_land no_solution 0
check batch_apex_updraft expect 14 drag_apex no_solution 0
check batch_unity_d_dt_over_1 expect 15 drag_predict bad_argument 0
check batch_aim_high_keeps_one expect 16 drag_aim_speed ok 1
check batch_drag_height_rising expect 17 drag_height ok 1
check batch_steps_of_continuous expect 18 drag_predict bad_argument 0

# The keys each query adds (docs/cli.md, "Drag in the CLI").
has() { line "$1" | grep -q "$2"; }
check predict_has_state has 1 '"state":{"position":\[[^]]*\],"velocity":\['
check apex_has_height has 3 '"height":'
check height_has_evaluations has 4 '"evaluations":[1-9]'
check land_has_casts has 5 '"casts":[1-9]'
check land_reports_casts_on_failure has 13 '"casts":[1-9]'
check max_range_has_range has 8 '"range":[1-9]'
check samples_has_points has 9 '"points":\[\['

# Numbers out of an answer line: the first array or number under KEY.
vec() { line "$1" | grep -o "\"$2\":\[[^]]*\]" | sed -n "${3:-1}p" | sed 's/.*\[//; s/\]//; s/,/ /g'; }
num() { line "$1" | grep -o "\"$2\":[-0-9.eE+]*" | sed -n 1p | cut -d: -f2; }

# The engine's step loop, here in awk: v = (v + g dt) r (or v r + g dt),
# p = p + v dt, for N steps from the origin, gravity 0,0,-9.81. Printed
# as "px py pz". 100 steps in doubles round to about 1e-14 of the path.
loop() { # R DT N ORDER(0 gravity first, 1 damping first) VX VY VZ
    awk -v r="$1" -v dt="$2" -v n="$3" -v o="$4" -v vx="$5" -v vy="$6" -v vz="$7" 'BEGIN {
        px = py = pz = 0; gz = -9.81
        for (k = 0; k < n; k++) {
            if (o == 0) { vx = vx * r; vy = vy * r; vz = (vz + gz * dt) * r }
            else { vx = vx * r; vy = vy * r; vz = vz * r + gz * dt }
            px += vx * dt; py += vy * dt; pz += vz * dt
        }
        printf "%.17g %.17g %.17g\n", px, py, pz }'
}
check predict_is_the_unity_loop near "$(vec 1 position)" "$(loop 0.99 0.02 100 0 10 0 10)" 1e-9
check predict_steps_and_time_agree near "$(vec 1 position)" "$(vec 2 position)" 1e-9
# Every sample's coordinates, in order, as one list.
points() { line "$1" | sed 's/.*"points":\[\(.*\)\],"solutions".*/\1/' | tr -d '[]' | tr ',' ' '; }
check samples_end_on_the_damping_first_loop \
    near "$(points 9 | awk '{ print $(NF - 2), $(NF - 1), $NF }')" \
    "$(loop 0.99 0.02 100 1 10 0 10)" 1e-9
check samples_start_at_the_shooter near "$(points 9 | awk '{ print $1, $2, $3 }')" "0 0 0" 0
check samples_count [ "$(points 9 | wc -w)" -eq 15 ]
check height_is_reached near "$(num 4 height) $(vec 4 point | awk '{ print $3 }')" "-2 3" 1e-9
check rising_height_is_reached near "$(num 17 height)" "2" 1e-9
# Flat ground at level 0.5: the landing point is on it, within the default
# tolerance of 1e-3 m, and the body on its trajectory there too.
check land_on_flat_ground near "$(vec 10 point | awk '{ print $3 }') $(vec 10 position | awk '{ print $3 }')" \
    "0.5 0.5" 1e-3
# Sine hills: the point hit is on the terrain the keys describe.
ground() { echo "$1" | awk '{ pi = atan2(0, -1);
    printf "%.17g\n", 0.1 * $1 + 0.5 * sin(2 * pi * $1 / 7) * cos(2 * pi * $2 / 7) }'; }
check land_on_the_hills near "$(vec 5 point | awk '{ print $3 }')" "$(ground "$(vec 5 point)")" 1e-9
# A fixed time of flight meets the target where it will be then.
check aim_time_meets_the_moving_target near "$(vec 6 point)" "12 4.5 0" 1e-9
# Both fixed-speed arcs launch at the speed asked.
speed() { echo "$1" | awk '{ print sqrt($1 * $1 + $2 * $2 + $3 * $3) }'; }
check aim_speed_low_arc_speed near "$(speed "$(vec 7 velocity 1)")" 15 1e-9
check aim_speed_high_arc_speed near "$(speed "$(vec 7 velocity 2)")" 15 1e-9
check max_range_lands_at_the_target_level near "$(vec 8 point | awk '{ print $3 }')" -3 1e-6

# Subcommands: each batch line above as flags, with --json, gives the same
# line; exit 0 for ok, 1 for a library failure, 2 for unusable input.
sub() { # LINE EXPECTED-EXIT FLAGS...
    n=$1 want=$2
    shift 2
    "$cli" "$@" --json >"$work/sub" 2>&1
    st=$?
    [ "$st" -eq "$want" ] && [ "$(cat "$work/sub")" = "$(line "$n")" ]
}
check sub_drag_predict sub 1 0 drag_predict --drag-model unity --drag-d 0.5 --drag-dt 0.02 \
    --velocity 10,0,10 --steps 100
check sub_drag_apex sub 3 0 drag_apex --drag-model continuous --drag-d 0.3 --drag-wind 2,1,0 \
    --velocity 10,0,10
check sub_drag_height sub 4 0 drag_height --drag-model bullet --drag-d 0.1 --drag-dt 0.01 \
    --shooter 0,0,5 --velocity 10,0,10 --height -2 --branch falling
check sub_drag_land sub 5 0 drag_land --drag-model exact --drag-d 0.2 --shooter 0,0,1 \
    --velocity 10,0,10 --terrain-slope 0.1,0,0 --terrain-hill-amplitude 0.5 \
    --terrain-hill-wavelength 7
check sub_drag_aim_time sub 6 0 drag_aim_time --drag-model box2d --drag-d 0.5 --drag-dt 0.02 \
    --target 12,3,0 --target-velocity 0,1,0 --time-of-flight 1.5
check sub_drag_aim_speed sub 7 0 drag_aim_speed --drag-model unity --drag-d 0.5 --shooter 0,0,1 \
    --target 12,3,0 --speed 15
check sub_drag_max_range sub 8 0 drag_max_range --drag-model continuous --drag-d 0.2 --speed 20 \
    --target 5,0,-3
check sub_drag_samples sub 9 0 drag_samples --drag-model custom --drag-r 0.99 --drag-dt 0.02 \
    --drag-order damping_first --velocity 10,0,10 --time 2 --samples 5
check sub_drag_land_flat sub 10 0 drag_land --drag-model box2d --drag-d 0.1 --shooter 0,0,2 \
    --velocity 8,3,6 --terrain-level 0.5
check sub_no_solution_exit_1 sub 11 1 drag_height --drag-model unity --drag-d 0.5 \
    --velocity 10,0,10 --height 100
"$cli" drag_apex --velocity 10,0,10 >/dev/null 2>&1
check sub_missing_model_exit_2 [ $? -eq 2 ]
"$cli" drag_apex --drag-model havok --velocity 10,0,10 >/dev/null 2>&1
check sub_unknown_model_exit_2 [ $? -eq 2 ]
"$cli" drag_predict --drag-model unity --velocity 10,0,10 >/dev/null 2>&1
check sub_predict_without_time_exit_2 [ $? -eq 2 ]
"$cli" drag_apex --drag-model unity --velocity 10,0,10 >"$work/text" 2>&1
check sub_text_names_the_height grep -q '^  height [0-9.]* m above the launch point' "$work/text"
"$cli" help >"$work/help"
check help_lists_drag_flags grep -q -- '--drag-model .*\[batch: drag.model\]' "$work/help"
check solvers_lists_every_drag_solver [ "$("$cli" solvers | grep -c '^drag_')" -eq 10 ]

# Malformed drag and terrain objects: one bad_input line each.
printf '%s\n' \
    '{"solve":"drag_predict","drag":[1,2],"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":"unity","velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":null,"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"unity","colour":1},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":3},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"havok"},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"unity","d":"big"},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"continuous","wind":[1,2]},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"continuous","wind":[1,2,3,4]},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"unity","dt":{"x":1}},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"unity","order":"random"},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"unity","drag":{}},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag_model":"unity","velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"unity"},"velocity":[1,0,1]}' \
    '{"solve":"drag_predict","drag":{"model":"unity"},"velocity":[1,0,1],"time":1,"steps":3}' \
    '{"solve":"drag_predict","drag":{"model":"custom"},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"unity"},"time":1}' \
    '{"solve":"drag_samples","drag":{"model":"unity"},"velocity":[1,0,1],"time":1,"samples":1000}' \
    '{"solve":"drag_samples","drag":{"model":"unity"},"velocity":[1,0,1],"time":1,"samples":2.5}' \
    '{"solve":"drag_land","drag":{"model":"unity"},"velocity":[1,0,1],"terrain":{"hill_wavelength":0}}' \
    '{"solve":"drag_land","drag":{"model":"unity"},"velocity":[1,0,1],"terrain":{"level":1e999}}' \
    '{"solve":"drag_land","drag":{"model":"unity"},"velocity":[1,0,1],"terrain":5}' \
    '{"solve":"drag_land","drag":{"model":"unity"},"velocity":[1,0,1],"terrain":{"bumps":5}}' \
    '{"solve":"drag_height","drag":{"model":"unity"},"velocity":[1,0,1],"height":1,"branch":"sideways"}' \
    >"$work/bad.jsonl"
malformed "$work/bad.jsonl"

# Values out of the library's domain reach it and come back as its status.
printf '%s\n' \
    '{"solve":"drag_predict","drag":{"model":"unity","d":-1},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"bullet","d":1},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"exact","dt":0},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"unity","wind":[1,0,0]},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"custom","r":1.5},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"custom","r":0.9,"wind":[0,1,0]},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"continuous","d":1e999},"velocity":[1,0,1],"time":1}' \
    '{"solve":"drag_predict","drag":{"model":"unity"},"velocity":[1,0,1],"time":-1}' \
    '{"solve":"drag_land","drag":{"model":"unity"},"velocity":[1,0,1],"max_time":0}' \
    '{"solve":"drag_land","drag":{"model":"unity"},"velocity":[1,0,1],"tolerance":0}' \
    '{"solve":"drag_apex","drag":{"model":"unity"},"velocity":[1,0,1],"gravity":[0,0,0]}' \
    '{"solve":"drag_max_range","drag":{"model":"unity"},"speed":0}' \
    '{"solve":"drag_aim_time","drag":{"model":"unity"},"target":[10,0,0],"time_of_flight":0}' \
    '{"solve":"drag_aim_speed","drag":{"model":"unity"},"target":[10,0,0],"speed":10,"max_time":-1}' \
    >"$work/domain.jsonl"
"$cli" batch <"$work/domain.jsonl" >"$work/domain.out" 2>&1
check out_of_domain_is_bad_argument \
    [ "$(grep -c '"status":"bad_argument","' "$work/domain.out")" -eq "$(wc -l <"$work/domain.jsonl")" ]

# Engine presets: each takes its engine's step order unless "order" names
# one. Bullet damps first (y = -37.498 after 300 steps, as Bullet 3.24
# flies it; gravity first gives -36.908); ODE moves before it damps and
# equals the damping_last order; Box2D refuses a step longer than 2 m.
# Chipmunk moves before its velocity's update: from rest one step leaves
# the body where it was, and without drag 100 steps of 0.02 s from
# (10, 10) reach y = 20 - 9.81 0.02^2 100 99 / 2 = 0.5762, not the
# 0.1838 of the other orders; Jolt refuses a speed beyond its 500 m/s.
printf '%s\n' \
    '{"solve":"drag_predict","drag":{"model":"bullet","d":0.5,"dt":0.016666666666666666},"gravity":[0,-9.81,0],"velocity":[10,10,0],"steps":300}' \
    '{"solve":"drag_predict","drag":{"model":"bullet","d":0.5,"dt":0.016666666666666666,"order":"gravity_first"},"gravity":[0,-9.81,0],"velocity":[10,10,0],"steps":300}' \
    '{"solve":"drag_predict","drag":{"model":"ode","d":0.02,"dt":0.02},"gravity":[0,-9.81,0],"velocity":[10,10,0],"steps":100}' \
    '{"solve":"drag_predict","drag":{"model":"custom","r":0.98,"dt":0.02,"order":"damping_last"},"gravity":[0,-9.81,0],"velocity":[10,10,0],"steps":100}' \
    '{"solve":"drag_predict","drag":{"model":"box2d","dt":0.02},"gravity":[0,-9.81,0],"velocity":[101,0,0],"steps":10}' \
    '{"solve":"drag_predict","drag":{"model":"chipmunk","d":0.9,"dt":0.02},"gravity":[0,-9.81,0],"velocity":[0,0,0],"steps":1}' \
    '{"solve":"drag_predict","drag":{"model":"chipmunk","d":1,"dt":0.02},"gravity":[0,-9.81,0],"velocity":[10,10,0],"steps":100}' \
    '{"solve":"drag_predict","drag":{"model":"jolt","d":0.5,"dt":0.02},"gravity":[0,-9.81,0],"velocity":[600,0,0],"steps":10}' \
    >"$work/presets.jsonl"
"$cli" batch <"$work/presets.jsonl" >"$work/presets.out" 2>&1
check bullet_preset_damps_first \
    [ "$(sed -n 1p "$work/presets.out" | grep -c '"position":\[13.8955[0-9]*,-37.498[0-9]*,')" -eq 1 ]
check bullet_gravity_first_on_request \
    [ "$(sed -n 2p "$work/presets.out" | grep -c ',-36.9079[0-9]*,')" -eq 1 ]
check ode_preset_is_damping_last \
    [ "$(sed -n 3p "$work/presets.out" | sed 's/.*"state"://')" = \
      "$(sed -n 4p "$work/presets.out" | sed 's/.*"state"://')" ]
check box2d_step_cap_is_engine_limit \
    [ "$(sed -n 5p "$work/presets.out" | grep -c '"status":"engine_limit"')" -eq 1 ]
check chipmunk_preset_moves_before_gravity \
    [ "$(sed -n 6p "$work/presets.out" | grep -c '"position":\[0,0,0\],"velocity":\[0,-0.1962')" -eq 1 ]
check chipmunk_preset_moves_by_the_old_velocity \
    [ "$(sed -n 7p "$work/presets.out" | grep -c '"position":\[20,0.576[12]')" -eq 1 ]
check jolt_speed_limit_is_engine_limit \
    [ "$(sed -n 8p "$work/presets.out" | grep -c '"status":"engine_limit"')" -eq 1 ]

# The SVG of a drag aim: each drawn arc ends on its impact mark (the mark
# is a cross drawn from 4 px up-left of the point). The vacuum parabola of
# the same launch would end over a metre away from the target, so the
# arcs drawn are the drag model's.
"$cli" drag_aim_speed --drag-model unity --drag-d 0.5 --shooter 0,0,1 --target 12,3,0 --speed 15 \
    --svg "$work/aim.svg" >/dev/null 2>&1
check svg_exit_status [ $? -eq 0 ]
check svg_is_svg sh -c "head -n 1 '$work/aim.svg' | grep -q '^<svg ' && tail -n 1 '$work/aim.svg' | grep -q '^</svg>'"
check svg_draws_both_arcs_in_both_views [ "$(grep -c '<polyline' "$work/aim.svg")" -eq 4 ]
ends=$(awk '/<polyline/ { n = split($0, a, " "); split(a[n - 1], p, ","); print p[1], p[2] }' "$work/aim.svg")
marks=$(grep -o '<path d="M[0-9.]* [0-9.]*' "$work/aim.svg" | sed 's/.*M//' | awk '{ print $1 + 4, $2 + 4 }')
check svg_arcs_end_on_their_impacts near "$(echo $ends)" "$(echo $marks)" 0.15
vacuum_miss=$(echo "$(vec 7 velocity 1) $(line 7 | grep -o '"t":[-0-9.eE+]*' | sed -n 1p | cut -d: -f2)" | awk '{
    x = $1 * $4 - 12; y = $2 * $4 - 3; z = 1 + $3 * $4 - 9.81 * $4 * $4 / 2
    print sqrt(x * x + y * y + z * z) }')
check svg_vacuum_arc_would_miss awk -v m="$vacuum_miss" 'BEGIN { exit !(m > 1) }'
"$cli" drag_land --drag-model exact --drag-d 0.2 --shooter 0,0,1 --velocity 10,0,10 \
    --terrain-hill-amplitude 0.5 --svg "$work/land.svg" >/dev/null 2>&1
check svg_land_draws_the_terrain grep -q 'stroke="#8c6d31"' "$work/land.svg"
"$cli" drag_samples --drag-model unity --drag-d 0.5 --velocity 10,0,10 --time 2 --samples 7 \
    --svg "$work/samples.svg" >/dev/null 2>&1
check svg_samples_as_dots [ "$(grep -c 'r="3" fill="#444"' "$work/samples.svg")" -eq 14 ]

# docs/cli.md's drag_aim_speed example prints what the page shows (the
# text block after the command).
readme=$(dirname "$0")/../../docs/cli.md
awk '/^build\/host\/aimfix drag_aim_speed .*--svg shot.svg$/ { armed = 1; next }
     armed && /^```text$/ { inside = 1; next }
     inside && /^```$/ { exit }
     inside { print }' "$readme" >"$work/readme.text"
"$cli" drag_aim_speed --drag-model unity --drag-d 0.5 --shooter 0,0,1 --target 12,3,0 --speed 15 \
    >"$work/aim.text" 2>&1
same_text() { [ -s "$1" ] && cmp -s "$1" "$2"; }
check docs_drag_example same_text "$work/readme.text" "$work/aim.text"
check docs_drag_example_command \
    grep -q '^build/host/aimfix drag_aim_speed --drag-model unity --drag-d 0.5 --shooter 0,0,1 --target 12,3,0 --speed 15 --svg shot.svg$' "$readme"

finish
