#!/bin/sh
# SPDX-License-Identifier: MIT
# The CLI's quadratic drag (drag.model "quadratic"): every drag query
# answers in batch with the status expected, a stepped prediction is the
# engine's step loop written here in awk, the fixed-speed aim's shots have
# the speed asked, the projectile's figures give the same answers as their
# k, and what the model lacks gets bad_input; the stepped kind answers in
# format q16 and with "compare" too (both arcs in both formats).
#   check-cli-qdrag.sh BUILD_DIR      (BUILD_DIR holds the aimfix binary)
suite=cli_qdrag
. "$(dirname "$0")/cli-checks.sh"

cat >"$work/in.jsonl" <<'JSON'
{"solve":"drag_predict","drag":{"model":"quadratic","kind":"stepped","k":0.14,"c":0.05,"dt":0.02,"wind":[1,-2,0.5]},"velocity":[10,3,10],"steps":60}
{"solve":"drag_predict","drag":{"model":"quadratic","k":0.14},"velocity":[10,0,10],"time":1}
{"solve":"drag_apex","drag":{"model":"quadratic","k":0.14,"wind":[2,1,0]},"velocity":[10,0,10]}
{"solve":"drag_height","drag":{"model":"quadratic","kind":"stepped","k":0.14,"order":"damping_first"},"shooter":[0,0,5],"velocity":[10,0,10],"height":-2}
{"solve":"drag_land","drag":{"model":"quadratic","k":0.14},"shooter":[0,0,1],"velocity":[10,0,10],"terrain":{"slope":[0.1,0,0],"hill_amplitude":0.5,"hill_wavelength":7}}
{"solve":"drag_aim_time","drag":{"model":"quadratic","k":0.14},"target":[12,3,0],"target_velocity":[0,1,0],"time_of_flight":1.5}
{"solve":"drag_aim_speed","drag":{"model":"quadratic","k":0.14},"shooter":[0,0,1],"target":[8,0,0],"speed":15,"max_time":10}
{"solve":"drag_max_range","drag":{"model":"quadratic","k":0.14},"speed":20,"target":[5,0,-3]}
{"solve":"drag_samples","drag":{"model":"quadratic","kind":"stepped","k":0.14},"velocity":[10,0,10],"time":2,"samples":5}
{"solve":"drag_aim_speed","drag":{"model":"quadratic","k":0.14},"target":[100,0,0],"speed":15}
{"solve":"drag_aim_speed","drag":{"model":"quadratic","mass":0.0027,"diameter":0.04,"cd":0.5},"shooter":[0,0,1],"target":[8,0,0],"speed":15,"max_time":10}
{"solve":"drag_predict","drag":{"model":"quadratic"},"velocity":[10,0,10],"time":1}
{"solve":"drag_predict","format":"q16","drag":{"model":"quadratic","k":0.1},"velocity":[10,0,10],"time":1}
{"solve":"drag_predict","drag":{"model":"quadratic","kind":"stepped","k":0.1,"order":"damping_last"},"velocity":[10,0,10],"time":1}
{"solve":"drag_predict","drag":{"model":"quadratic","k":-1},"velocity":[10,0,10],"time":1}
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
check batch_predict_steps expect 1 drag_predict ok 1
check batch_predict_time expect 2 drag_predict ok 1
check batch_apex expect 3 drag_apex ok 1
check batch_height expect 4 drag_height ok 1
check batch_land_hills expect 5 drag_land ok 1
check batch_aim_time expect 6 drag_aim_time ok 1
check batch_aim_speed_two_arcs expect 7 drag_aim_speed ok 2
check batch_max_range expect 8 drag_max_range ok 1
check batch_samples expect 9 drag_samples ok 1
check batch_aim_out_of_reach expect 10 drag_aim_speed no_solution 0
check batch_figures_two_arcs expect 11 drag_aim_speed ok 2
check batch_needs_k [ "$(line 12 | grep -c '"status":"bad_input"')" -eq 1 ]
check batch_q16_continuous expect 13 drag_predict ok 1
check batch_no_damping_last [ "$(line 14 | grep -c '"status":"bad_input"')" -eq 1 ]
check batch_negative_k expect 15 drag_predict bad_argument 0

vec() { line "$1" | grep -o "\"$2\":\[[^]]*\]" | sed -n "${3:-1}p" | sed 's/.*\[//; s/\]//; s/,/ /g'; }

# The engine's loop, gravity first: u = v + g dt, r = u - w,
# v = u - r (k |r| + c) dt, p = p + v dt; 60 steps.
engine=$(awk 'BEGIN {
    k = 0.14; c = 0.05; dt = 0.02; wx = 1; wy = -2; wz = 0.5
    px = 0; py = 0; pz = 0; vx = 10; vy = 3; vz = 10
    for (i = 0; i < 60; i++) {
        ux = vx; uy = vy; uz = vz + -9.81 * dt
        rx = ux - wx; ry = uy - wy; rz = uz - wz
        d = (k * sqrt(rx * rx + ry * ry + rz * rz) + c) * dt
        vx = ux - rx * d; vy = uy - ry * d; vz = uz - rz * d
        px = px + vx * dt; py = py + vy * dt; pz = pz + vz * dt
    }
    printf "%.17g %.17g %.17g", px, py, pz }')
same3() { # "X Y Z" "X Y Z": equal to 1e-12 of their size
    printf '%s %s\n' "$1" "$2" | awk '{ s = 1e-300; e = 0
        for (i = 1; i <= 3; i++) { d = $i - $(i + 3); if (d < 0) d = -d; if (d > e) e = d
            a = $i < 0 ? -$i : $i; if (a > s) s = a }
        exit !(e <= 1e-12 * s) }'
}
check stepped_predict_is_the_engine same3 "$(vec 1 position)" "$engine"

# The aim's shots leave at the speed asked.
speeds_are() { # LINE SPEED
    line "$1" | grep -o '"velocity":\[[^]]*\]' | sed 's/.*\[//; s/\]//; s/,/ /g' |
        awk -v s="$2" '{ v = sqrt($1 * $1 + $2 * $2 + $3 * $3); if (v - s > 1e-7 * s || s - v > 1e-7 * s) bad = 1 }
                       END { exit bad || NR == 0 }'
}
check aim_speed_at_speed speeds_are 7 15
# k from the ping-pong ball's figures (1.225 0.5 pi 0.02^2 / (2 0.0027)):
# the same two arcs as k itself.
kpp=$(awk 'BEGIN { printf "%.17g", 0.5 * 1.225 * 0.5 * (3.14159265358979323846 * 0.25 * 0.04 * 0.04 / 0.0027) }')
printf '{"solve":"drag_aim_speed","drag":{"model":"quadratic","k":%s},"shooter":[0,0,1],"target":[8,0,0],"speed":15,"max_time":10}\n' "$kpp" |
    "$cli" batch >"$work/k.jsonl"
check figures_are_k [ "$(sed 's/.*"solutions"//' "$work/k.jsonl")" = "$(line 11 | sed 's/.*"solutions"//')" ]

# The stepped kind in Q16.16: every query, then the fixed-speed aim's two
# arcs in both formats with "compare".
cat >"$work/q16.jsonl" <<'JSON'
{"solve":"drag_predict","format":"q16","drag":{"model":"quadratic","kind":"stepped","k":0.14,"c":0.05,"dt":0.02,"wind":[1,-2,0.5]},"velocity":[10,3,10],"steps":60}
{"solve":"drag_apex","format":"q16","drag":{"model":"quadratic","kind":"stepped","k":0.14,"wind":[2,1,0]},"velocity":[10,0,10]}
{"solve":"drag_height","format":"q16","drag":{"model":"quadratic","kind":"stepped","k":0.14,"order":"damping_first"},"shooter":[0,0,5],"velocity":[10,0,10],"height":-2}
{"solve":"drag_land","format":"q16","drag":{"model":"quadratic","kind":"stepped","k":0.14},"shooter":[0,0,1],"velocity":[10,0,10],"terrain":{"slope":[0.1,0,0],"hill_amplitude":0.5,"hill_wavelength":7}}
{"solve":"drag_aim_time","format":"q16","drag":{"model":"quadratic","kind":"stepped","k":0.14},"target":[12,3,0],"target_velocity":[0,1,0],"time_of_flight":1.5}
{"solve":"drag_aim_speed","format":"q16","drag":{"model":"quadratic","kind":"stepped","k":0.14},"shooter":[0,0,1],"target":[8,0,0],"speed":15,"max_time":10}
{"solve":"drag_max_range","format":"q16","drag":{"model":"quadratic","kind":"stepped","k":0.14},"speed":20,"target":[5,0,-3]}
{"solve":"drag_samples","format":"q16","drag":{"model":"quadratic","kind":"stepped","k":0.14},"velocity":[10,0,10],"time":2,"samples":5}
{"solve":"drag_aim_speed","compare":true,"drag":{"model":"quadratic","kind":"stepped","k":0.14},"shooter":[0,0,1],"target":[8,0,0],"speed":15,"max_time":10}
{"solve":"drag_predict","compare":true,"drag":{"model":"quadratic","kind":"stepped","k":0.14,"c":0.05,"dt":0.02,"wind":[1,-2,0.5]},"velocity":[10,3,10],"steps":60}
{"solve":"drag_aim_speed","format":"q16","drag":{"model":"quadratic","k":0.14},"shooter":[0,0,1],"target":[8,0,0],"speed":15,"max_time":10}
{"solve":"drag_predict","compare":true,"drag":{"model":"quadratic","k":0.14,"c":0.05,"wind":[1,-2,0.5]},"velocity":[10,3,10],"time":1.5}
{"solve":"drag_land","format":"q16","drag":{"model":"quadratic","k":0.14},"shooter":[0,0,1],"velocity":[10,0,10],"terrain":{"slope":[0.1,0,0],"hill_amplitude":0.5,"hill_wavelength":7}}
JSON
"$cli" batch <"$work/q16.jsonl" >"$work/q16.out" 2>"$work/err"
check q16_batch_exit_status [ $? -eq 0 ]
qline() { sed -n "$1p" "$work/q16.out"; }
qexpect() { # LINE SOLVER COUNT: ok in format q16 with COUNT answers
    l=$(qline "$1")
    n=$(printf '%s' "$l" | grep -o '"t":' | wc -l)
    case $l in
        "{\"solve\":\"$2\",\"format\":\"q16\","*"\"status\":\"ok\""*) [ "$n" -eq "$3" ] ;;
        *) false ;;
    esac
}
check q16_predict qexpect 1 drag_predict 1
check q16_apex qexpect 2 drag_apex 1
check q16_height qexpect 3 drag_height 1
check q16_land qexpect 4 drag_land 1
check q16_aim_time qexpect 5 drag_aim_time 1
check q16_aim_speed_two_arcs qexpect 6 drag_aim_speed 2
check q16_max_range qexpect 7 drag_max_range 1
check q16_samples qexpect 8 drag_samples 1
# The Q16 engine's position after 60 steps beside the f64 engine's on the
# same (rounded) model: within its roundings (measured 4 LSB; 1e-3 m is 65).
near3() { # "X Y Z" "X Y Z"
    printf '%s %s\n' "$1" "$2" | awk '{ for (i = 1; i <= 3; i++) { d = $i - $(i + 3)
        if (d < 0) d = -d; if (d > 1e-3) exit 1 } }'
}
cpos() { qline 10 | grep -o '"position":\[[^]]*\]' | sed -n "$1p" | sed 's/.*\[//; s/\]//; s/,/ /g'; }
check q16_predict_near_the_f64_engine near3 "$(cpos 1)" "$(cpos 2)"
check compare_both_formats [ "$(qline 9 | grep -o '"status":"ok"' | wc -l)" -eq 2 ]
# The continuous kind in Q16.16: both arcs, a landing, and its flight
# beside the f64 ODE's within the stated tolerance (64 LSB and 1e-5 of
# the distance: under 1e-3 m here).
check q16_continuous_aim_speed_two_arcs qexpect 11 drag_aim_speed 2
check q16_continuous_land qexpect 13 drag_land 1
ode() { qline 12 | grep -o '"position":\[[^]]*\]' | sed -n "$1p" | sed 's/.*\[//; s/\]//; s/,/ /g'; }
check compare_continuous_both_formats [ "$(qline 12 | grep -o '"status":"ok"' | wc -l)" -eq 2 ]
check q16_continuous_near_the_f64_ode near3 "$(ode 1)" "$(ode 2)"
# Both Q16 arcs, each beside its f64 one.
check compare_two_arcs_each [ "$(qline 9 | grep -o '"f64_solution":[01]' | sort -u | wc -l)" -eq 2 ]

# --svg: each arc in each view, with the vacuum and linear drag arcs of
# the same launch beside it (dotted and dashed), which end elsewhere.
"$cli" drag_aim_speed --drag-model quadratic --drag-k 0.14 --shooter 0,0,1 --target 8,0,0 \
    --speed 15 --max-time 10 --svg "$work/q.svg" >/dev/null 2>&1
check svg_exit_status [ $? -eq 0 ]
check svg_draws_two_arcs_and_their_references [ "$(grep -c '<polyline' "$work/q.svg")" -eq 12 ]
check svg_four_reference_arcs_per_view [ "$(grep -c 'class="reference"' "$work/q.svg")" -eq 8 ]
ends=$(awk '/<polyline/ { n = split($0, a, " "); print a[n - 1] }' "$work/q.svg" | sort -u | wc -l)
# (the two shots' own arcs end on the one impact point: 2 ends per view)
check svg_references_end_elsewhere [ "$ends" -eq 10 ]
check svg_legend_names_them grep -q 'dotted: the same launch in vacuum' "$work/q.svg"

finish
