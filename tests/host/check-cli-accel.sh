#!/bin/sh
# SPDX-License-Identifier: MIT
# The CLI's accelerating targets (target_acceleration on arc_apex,
# arc_moving with closest, drag_aim_time and drag_aim_speed, linear and
# quadratic, turret_aim, turret_aim_drag with either drag), turret_aim_drag,
# turret_angles and turret_barrel:
# each answer in f64 and q16 is exactly the library's, called directly by
# cli_accel_reference.c on the same inputs (status, solutions, their
# numbers and raw bits, the closest miss, the head's command and pose);
# inputs the library refuses get its status, and requests the CLI cannot
# use get bad_input naming why. --compare flies the new turret shots
# (accelerating target, drag) to a hit; --svg draws the turret, its slew,
# a drag shot that ends on the impact and an accelerating target's curve.
#   check-cli-accel.sh BUILD_DIR   (CC, CFLAGS, LDLIBS, LDFLAGS from make)
suite=cli_accel
. "$(dirname "$0")/cli-checks.sh"

# Line N of in.jsonl is request N of cli_accel_reference.c.
cat >"$work/in.jsonl" <<'JSON'
{"solve":"arc_apex","target":[40,0,0],"target_velocity":[0,2,0],"target_acceleration":[0,1,0]}
{"solve":"arc_apex","target":[40,0,0],"target_velocity":[0,2,0],"target_acceleration":[0,1,0],"format":"q16"}
{"solve":"arc_moving","target":[60,0,0],"target_acceleration":[2,0,0],"speed":20,"closest":true}
{"solve":"arc_moving","target":[60,0,0],"target_acceleration":[2,0,0],"speed":20,"closest":true,"format":"q16"}
{"solve":"drag_aim_time","drag":{"model":"unity","d":0.5},"target":[20,0,0],"target_acceleration":[0,2,0],"time_of_flight":2}
{"solve":"drag_aim_time","drag":{"model":"unity","d":0.5},"target":[20,0,0],"target_acceleration":[0,2,0],"time_of_flight":2,"format":"q16"}
{"solve":"drag_aim_speed","drag":{"model":"unity","d":0.5},"target":[20,0,0],"target_acceleration":[0,2,0],"speed":25}
{"solve":"drag_aim_speed","drag":{"model":"unity","d":0.5},"target":[20,0,0],"target_acceleration":[0,2,0],"speed":25,"format":"q16"}
{"solve":"drag_aim_speed","drag":{"model":"unity","d":0.5},"target":[200,0,0],"target_acceleration":[1,0,0],"speed":20,"max_time":20,"closest":true}
{"solve":"drag_aim_speed","drag":{"model":"unity","d":0.5},"target":[200,0,0],"target_acceleration":[1,0,0],"speed":20,"max_time":20,"closest":true,"format":"q16"}
{"solve":"drag_aim_time","drag":{"model":"quadratic","k":0.01},"target":[20,0,0],"target_acceleration":[0,2,0],"time_of_flight":2}
{"solve":"drag_aim_time","drag":{"model":"quadratic","k":0.01},"target":[20,0,0],"target_acceleration":[0,2,0],"time_of_flight":2,"format":"q16"}
{"solve":"drag_aim_speed","drag":{"model":"quadratic","k":0.01},"target":[20,0,0],"target_acceleration":[0,2,0],"speed":25,"max_time":10}
{"solve":"drag_aim_speed","drag":{"model":"quadratic","k":0.01},"target":[20,0,0],"target_acceleration":[0,2,0],"speed":25,"max_time":10,"format":"q16"}
{"solve":"turret_aim","target":[40,10,2],"target_velocity":[0,3,0],"target_acceleration":[0,0,1],"speed":60,"turret":{"yaw_rate":1,"latency":0.25,"muzzle_forward":0.5}}
{"solve":"turret_aim","target":[40,10,2],"target_velocity":[0,3,0],"target_acceleration":[0,0,1],"speed":60,"turret":{"yaw_rate":1,"latency":0.25,"muzzle_forward":0.5},"format":"q16"}
{"solve":"turret_aim_drag","drag":{"model":"unity","d":0.5},"target":[40,10,2],"target_velocity":[0,3,0],"speed":60,"max_time":10,"turret":{"yaw_rate":1,"latency":0.25,"muzzle_forward":0.5}}
{"solve":"turret_aim_drag","drag":{"model":"unity","d":0.5},"target":[40,10,2],"target_velocity":[0,3,0],"speed":60,"max_time":10,"turret":{"yaw_rate":1,"latency":0.25,"muzzle_forward":0.5},"format":"q16"}
{"solve":"turret_aim_drag","drag":{"model":"quadratic","k":0.002},"target":[40,10,2],"speed":60,"max_time":10,"turret":{"muzzle_forward":0.5}}
{"solve":"turret_aim_drag","drag":{"model":"quadratic","k":0.002},"target":[40,10,2],"speed":60,"max_time":10,"turret":{"muzzle_forward":0.5},"format":"q16"}
{"solve":"turret_angles","direction":[1,1,1],"turret":{"yaw_rate":2}}
{"solve":"turret_angles","direction":[1,1,1],"turret":{"yaw_rate":2},"format":"q16"}
{"solve":"turret_barrel","turret":{"yaw":0.5,"pitch":0.25,"muzzle_forward":2,"muzzle_up":0.5}}
{"solve":"turret_barrel","turret":{"yaw":0.5,"pitch":0.25,"muzzle_forward":2,"muzzle_up":0.5},"format":"q16"}
{"solve":"turret_aim_drag","target":[40,10,2],"speed":60}
{"solve":"turret_aim_drag","drag":{"model":"unity","d":0.5},"target":[40,10,2],"speed":60,"target_acceleration":[0,0,1]}
{"solve":"turret_angles"}
{"solve":"turret_angles","direction":[0,0,0]}
{"solve":"turret_angles","direction":[0,0,1],"turret":{"pitch_max":1}}
{"solve":"turret_barrel","turret":{"yaw":0.5,"yaw_min":-0.25,"yaw_max":0.25}}
{"solve":"turret_aim_drag","drag":{"model":"unity","d":0.5},"target":[40,10,2],"speed":60,"max_time":0}
{"solve":"drag_aim_time","drag":{"model":"unity","d":0.5},"target":[20,0,0],"target_acceleration":[0,40000,0],"time_of_flight":2,"format":"q16"}
{"solve":"arc_apex","target":[40,0,0],"target_acceleration":[0,0,-10]}
{"solve":"drag_aim_speed","drag":{"model":"quadratic","k":0.01},"target":[20,0,0],"target_acceleration":[0,2,0],"speed":25,"max_time":-1}
{"solve":"turret_aim","target":[40,10,2],"target_acceleration":[0,0,1],"speed":60,"turret":{"yaw_min":-0.1,"yaw_max":0.1}}
{"solve":"turret_aim_drag","drag":{"model":"unity","d":0.5},"target":[40,10,2],"speed":60,"target_acceleration":[0,0,1],"format":"q16"}
{"solve":"turret_aim_drag","drag":{"model":"quadratic","k":0.002},"target":[40,10,2],"target_velocity":[0,3,0],"target_acceleration":[0,-2,1],"speed":60,"max_time":10,"turret":{"muzzle_forward":0.5}}
{"solve":"turret_aim_drag","drag":{"model":"quadratic","k":0.002},"target":[40,10,2],"target_velocity":[0,3,0],"target_acceleration":[0,-2,1],"speed":60,"max_time":10,"turret":{"muzzle_forward":0.5},"format":"q16"}
JSON
names="arc_apex arc_apex_q16 arc_moving_closest arc_moving_closest_q16
drag_aim_time drag_aim_time_q16 drag_aim_speed drag_aim_speed_q16
drag_aim_speed_closest drag_aim_speed_closest_q16 qdrag_aim_time qdrag_aim_time_q16
qdrag_aim_speed qdrag_aim_speed_q16 turret_aim turret_aim_q16 turret_aim_drag
turret_aim_drag_q16 turret_aim_qdrag turret_aim_qdrag_q16 turret_angles turret_angles_q16
turret_barrel turret_barrel_q16 turret_aim_drag_needs_drag turret_aim_drag_accel
turret_angles_needs_direction turret_angles_zero_direction turret_angles_beyond_pitch
turret_barrel_beyond_yaw turret_aim_drag_max_time_zero acceleration_beyond_q16
arc_apex_sinking_target qdrag_aim_speed_negative_max_time turret_aim_beyond_yaw
turret_aim_drag_accel_q16 turret_aim_qdrag_accel turret_aim_qdrag_accel_q16"

# shellcheck disable=SC2086
if ! $CC $CFLAGS "$(dirname "$0")/cli_accel_reference.c" $LDLIBS $LDFLAGS \
    -o "$work/reference" >"$work/cc.log" 2>&1; then
    bad reference_compiles "$(head -n 5 "$work/cc.log")"
    finish
    exit 1
fi
ok reference_compiles
"$work/reference" >"$work/expected"
check reference_runs [ $? -eq 0 ]
"$cli" batch <"$work/in.jsonl" >"$work/out.jsonl" 2>"$work/err"
check batch_exit_status [ $? -eq 0 ]
check batch_one_answer_per_line [ "$(wc -l <"$work/out.jsonl")" -eq "$(wc -l <"$work/in.jsonl")" ]

line() { sed -n "$1p" "$work/out.jsonl"; }
name() { echo $names | cut -d' ' -f"$1"; }

# as_the_library N: every expectation of request N holds in answer N (a
# text it must contain, or "#K": it holds K solutions).
as_the_library() {
    l=$(line "$1")
    found=0
    while IFS=$(printf '\t') read -r n want; do
        [ "$n" = "$1" ] || continue
        found=1
        case $want in
            "#"*)
                k=$(printf '%s' "$l" | grep -o '{"t":' | wc -l)
                [ "$k" -eq "${want#?}" ] || { echo "     $k solutions, not ${want#?}"; return 1; } ;;
            *)
                case $l in
                    *"$want"*) ;;
                    *) echo "     missing: $want"; return 1 ;;
                esac ;;
        esac
    done <"$work/expected"
    [ "$found" -eq 1 ]
}
for n in $(cut -f1 "$work/expected" | sort -un); do
    check "as_the_library.$(name "$n")" as_the_library "$n"
done

# The requests the CLI cannot use: bad_input, and why.
says() { case $(line "$1") in *"\"status\":\"bad_input\",\"error\":\"$2\""*) ;; *) false ;; esac; }
check "$(name 25)" says 25 "turret_aim_drag needs 'drag.model'"
check "$(name 27)" says 27 "turret_angles needs 'direction'"
check "$(name 32)" says 32 "'target_acceleration' y = 40000 does not fit Q16.16 (-32768 to 32767.99998)"
# The statuses expected of the library are not all ok.
check statuses_beyond_the_domain [ "$(sed -n '28,35p' "$work/out.jsonl" | grep -c '"status":"ok"')" -eq 0 ]

# --compare flies each shot: the new turret shots hit in f64 (1e-9 of the
# 40 m scene) and in q16 within 5 cm.
printf '%s\n' \
    '{"solve":"turret_aim","target":[40,10,2],"target_velocity":[0,3,0],"target_acceleration":[0,0,1],"speed":60,"turret":{"yaw_rate":1,"latency":0.25,"muzzle_forward":0.5},"compare":true}' \
    '{"solve":"turret_aim_drag","drag":{"model":"unity","d":0.5},"target":[40,10,2],"target_velocity":[0,3,0],"speed":60,"max_time":10,"turret":{"yaw_rate":1,"muzzle_forward":0.5},"compare":true}' \
    '{"solve":"turret_aim_drag","drag":{"model":"quadratic","k":0.002},"target":[40,10,2],"speed":60,"max_time":10,"turret":{"muzzle_forward":0.5},"compare":true}' \
    '{"solve":"turret_aim_drag","drag":{"model":"unity","d":0.5},"target":[40,10,2],"target_velocity":[0,3,0],"target_acceleration":[0,-2,1],"speed":60,"max_time":10,"turret":{"yaw_rate":1,"muzzle_forward":0.5},"compare":true}' \
    '{"solve":"turret_aim_drag","drag":{"model":"quadratic","k":0.002},"target":[40,10,2],"target_velocity":[0,3,0],"target_acceleration":[0,-2,1],"speed":60,"max_time":10,"turret":{"muzzle_forward":0.5},"compare":true}' \
    | "$cli" batch >"$work/compare.jsonl"
compare_figures "$work/compare.jsonl"
flown=$(grep -o '"miss":' "$work/compare.jsonl" | wc -l)
check compare_every_shot_flown [ "$flown" -ge 10 ]
check compare_f64_turret_shots_hit eval '[ "$flown" -ge 10 ] && at_most "$f64_miss" 4e-8'
check compare_q16_turret_shots_hit eval '[ "$flown" -ge 10 ] && at_most "$q16_miss" 0.05'

# Subcommands, text and --svg.
"$cli" turret_aim_drag --drag-model unity --drag-d 0.5 --target 40,10,2 --speed 60 \
    --turret-yaw 2 --turret-yaw-rate 1 --max-time 10 --svg "$work/drag.svg" >"$work/drag.txt"
check turret_aim_drag_subcommand [ $? -eq 0 ]
check turret_aim_drag_text [ "$(grep -c 'turret: yaw .* launch at ' "$work/drag.txt")" -ge 1 ]
check turret_aim_drag_svg_slew [ "$(grep -c 'stroke-dasharray="2,2"' "$work/drag.svg")" -ge 2 ]
# The side view's first shot (a polyline of width 2) ends on its impact
# mark (an x centred 4 px right of and below the path's start): the shot
# is flown with drag, not in vacuum, from the muzzle.
ends_on_impact() {
    awk '/stroke-width="2" points="/ && !shot { n = split($0, a, "points=\""); split(a[2], p, " ");
            for (i = 1; p[i] ~ /,/; i++) last = p[i]; shot = 1; next }
         /<path d="M/ && shot && !mark { sub(/.*d="M/, ""); split($0, m, /[ l]/); mark = 1
            split(last, e, ","); dx = e[1] - (m[1] + 4); dy = e[2] - (m[2] + 4)
            exit !(dx * dx + dy * dy <= 0.5) }
         END { if (!mark) exit 1 }' "$1"
}
check turret_aim_drag_svg_shot_ends_on_impact ends_on_impact "$work/drag.svg"
"$cli" turret_aim --target 40,10,2 --target-acceleration 0,0,3 --speed 60 --turret-yaw 2 \
    --svg "$work/accel.svg" >/dev/null
check turret_aim_accel_subcommand [ $? -eq 0 ]
check turret_aim_accel_svg_shot_ends_on_impact ends_on_impact "$work/accel.svg"
# The accelerating target's path is drawn as the curve it follows, in
# both views.
check turret_aim_accel_svg_target_curve \
    [ "$(grep -c '<path fill="none" stroke="#888" stroke-dasharray="6,4" d="M[0-9.]* [0-9.]*\( L[0-9.]* [0-9.]*\)\{96\}"/>' "$work/accel.svg")" -eq 2 ]
"$cli" turret_angles --direction 1,1,1 --turret-yaw 2 --svg "$work/angles.svg" >"$work/angles.txt"
check turret_angles_subcommand [ $? -eq 0 ]
check turret_angles_text [ "$(grep -c '^  command: yaw .* rad .* slew .* s$' "$work/angles.txt")" -eq 1 ]
check turret_angles_svg_slew [ "$(grep -c 'stroke-dasharray="2,2"' "$work/angles.svg")" -eq 2 ]
"$cli" turret_barrel --turret-yaw 4 --turret-yaw-min -1 --turret-yaw-max 1 >"$work/barrel.txt"
check turret_barrel_subcommand_beyond_yaw [ $? -eq 1 ]
"$cli" turret_barrel --turret-yaw 1 --turret-muzzle-forward 2 --svg "$work/barrel.svg" >"$work/barrel.txt"
check turret_barrel_text [ "$(grep -c '^  barrel (.*), muzzle at (.*) m$' "$work/barrel.txt")" -eq 1 ]
check turret_barrel_svg_muzzle [ "$(grep -c '<circle .* r="4"' "$work/barrel.svg")" -eq 2 ]
"$cli" solvers >"$work/solvers.txt"
for s in turret_aim_drag turret_angles turret_barrel; do
    check "listed_$s" grep -qx "$s" "$work/solvers.txt"
done
finish
