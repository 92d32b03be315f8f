#!/bin/sh
# SPDX-License-Identifier: MIT
# The CLI's fixed launchers (fixed_dir, fixed_elev, drag_fixed_dir,
# drag_fixed_elev), turret aim and closest misses ("closest"): each
# answers in batch with the status and number of solutions expected, in
# f64, q16 and compare; a fixed direction's shots have that direction; a
# turret shot says its command, launch time and muzzle (its own under
# "arc":"high"); the closest miss comes only beside no_solution; --svg
# draws the turret.
#   check-cli-shots.sh BUILD_DIR      (BUILD_DIR holds the aimfix binary)
suite=cli_shots
. "$(dirname "$0")/cli-checks.sh"

cat >"$work/in.jsonl" <<'JSON'
{"solve":"fixed_dir","target":[80,0,0],"direction":[1,0,1]}
{"solve":"fixed_dir","target":[-80,0,0],"direction":[1,0,1]}
{"solve":"fixed_elev","target":[80,0,5],"target_velocity":[0,2,0],"elevation":0.6}
{"solve":"fixed_elev","target":[80,0,0],"target_acceleration":[0,0.5,0],"elevation":0.6,"format":"q16"}
{"solve":"drag_fixed_dir","drag":{"model":"unity","d":0.1},"target":[40,0,0],"direction":[1,0,1],"max_time":20}
{"solve":"drag_fixed_elev","drag":{"model":"continuous","d":0.2},"target":[40,0,0],"elevation":0.5,"max_time":20,"compare":true}
{"solve":"turret_aim","target":[40,10,2],"target_velocity":[0,3,0],"speed":60,"turret":{"yaw_rate":1,"latency":0.1,"muzzle_forward":0.5}}
{"solve":"turret_aim","target":[40,10,2],"speed":60,"turret":{"yaw_min":-0.1,"yaw_max":0.1}}
{"solve":"arc_point","target":[1000,0,0],"speed":30,"closest":true}
{"solve":"arc_point","target":[50,0,0],"speed":30,"closest":true}
{"solve":"arc_moving","target":[500,0,0],"target_velocity":[30,0,0],"speed":20,"closest":true,"format":"q16"}
{"solve":"drag_aim_speed","drag":{"model":"unity","d":0.1},"target":[500,0,0],"speed":20,"closest":true,"max_time":20}
{"solve":"fixed_elev","target":[80,0,0]}
{"solve":"fixed_elev","target":[80,0,0],"elevation":2}
JSON
"$cli" batch <"$work/in.jsonl" >"$work/out.jsonl" 2>"$work/err"
check batch_exit_status [ $? -eq 0 ]
check batch_one_answer_per_line [ "$(wc -l <"$work/out.jsonl")" -eq "$(wc -l <"$work/in.jsonl")" ]

line() { sed -n "$1p" "$work/out.jsonl"; }
expect() { # LINE SOLVER STATUS COUNT: solutions counted by their velocities
    l=$(line "$1")
    n=$(printf '%s' "$l" | sed 's/"closest":{.*//' | grep -o '"velocity":' | wc -l)
    case $l in
        "{\"solve\":\"$2\","*"\"status\":\"$3\""*) [ "$n" -eq "$4" ] ;;
        *) false ;;
    esac
}
check fixed_dir_one_lob expect 1 fixed_dir ok 1
check fixed_dir_target_behind expect 2 fixed_dir no_solution 0
check fixed_elev_moving expect 3 fixed_elev ok 1
check fixed_elev_accelerating_q16 expect 4 fixed_elev ok 1
check drag_fixed_dir expect 5 drag_fixed_dir ok 1
check drag_fixed_elev_compare [ "$(line 6 | grep -o '"status":"ok"' | wc -l)" -eq 2 ]
check turret_two_arcs expect 7 turret_aim ok 2
check turret_beyond_yaw expect 8 turret_aim beyond_yaw 0
check closest_out_of_reach [ "$(line 9 | grep -c '"status":"no_solution","solutions":\[\],"closest":{"distance":')" -eq 1 ]
check closest_not_beside_a_hit [ "$(line 10 | grep -c '"closest"')" -eq 0 ]
check closest_q16_raw [ "$(line 11 | grep -c '"closest":{"distance":[0-9.]*,"distance_raw":"0x')" -eq 1 ]
check closest_drag [ "$(line 12 | grep -c '"status":"no_solution".*"closest":{"distance":')" -eq 1 ]
check fixed_elev_needs_elevation [ "$(line 13 | grep -c '"status":"bad_input"')" -eq 1 ]
check fixed_elev_beyond_vertical expect 14 fixed_elev bad_argument 0

# The fixed direction's shot is along (1, 0, 1): its velocity's x and z
# agree and its y is 0.
v=$(line 1 | grep -o '"velocity":\[[^]]*\]' | sed 's/.*\[//; s/\]//; s/,/ /g')
check fixed_dir_along_the_hood awk -v v="$v" 'BEGIN { split(v, a, " "); d = a[1] - a[3];
    exit !(a[2] == 0 && (d < 0 ? -d : d) <= 1e-12 * a[1] && a[1] > 0) }'
# A turret shot names its command, launch time and muzzle; the launch is
# at least the latency.
l=$(line 7)
check turret_keys [ "$(printf '%s' "$l" | grep -o '"yaw":[^,]*,"pitch":[^,]*,"launch":[^,]*,"muzzle":\[' | wc -l)" -eq 2 ]
launch=$(printf '%s' "$l" | grep -o '"launch":[0-9.e-]*' | head -n 1 | sed 's/.*://')
check turret_launch_after_latency awk -v x="$launch" 'BEGIN { exit !(x >= 0.1) }'

# "arc":"high" keeps the latest turret shot with its own command, launch
# time and muzzle: the very solution "all" lists last.
all=$(printf '%s\n' '{"solve":"turret_aim","target":[40,10,2],"speed":60,"turret":{"muzzle_forward":0.5}}' |
    "$cli" batch | sed 's/.*},{//; s/}]}$//')
high=$(printf '%s\n' '{"solve":"turret_aim","target":[40,10,2],"speed":60,"turret":{"muzzle_forward":0.5},"arc":"high"}' |
    "$cli" batch | sed 's/.*"solutions":\[{//; s/}]}$//')
check turret_arc_high_keeps_its_command eval '[ -n "$all" ] && [ "$all" = "$high" ]'

# Subcommands, text and --svg: the turret's slew is drawn.
"$cli" turret_aim --target 40,10,2 --speed 60 --turret-yaw 2 --turret-yaw-rate 1 \
    --svg "$work/turret.svg" >"$work/turret.txt"
check turret_subcommand [ $? -eq 0 ]
check turret_text [ "$(grep -c 'turret: yaw .* launch at ' "$work/turret.txt")" -ge 1 ]
check turret_svg_slew [ "$(grep -c 'stroke-dasharray="2,2"' "$work/turret.svg")" -ge 2 ]
"$cli" arc_point --target 1000,0,0 --speed 30 --closest >"$work/closest.txt"
check closest_subcommand_no_solution [ $? -eq 1 ]
check closest_text [ "$(grep -c 'closest shot: misses by ' "$work/closest.txt")" -eq 1 ]
"$cli" solvers >"$work/solvers.txt"
for s in fixed_dir fixed_elev drag_fixed_dir drag_fixed_elev turret_aim; do
    check "listed_$s" grep -qx "$s" "$work/solvers.txt"
done
finish
