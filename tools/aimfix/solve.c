/* SPDX-License-Identifier: MIT */
/* The CLI's solver table and request runner (see solve.h). */
#include "solve.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aimfix/accel.h"
#include "solve_drag.h"
#include "solve_shots.h"
#include "solve_turret.h"
#include "runners_q16.h"

#define NEED(f) (1ull << (f))

/* Every field has a bit in a solver's needs. */
typedef char needs_fit_every_field[F_COUNT <= 64 ? 1 : -1];

void solve_bodies(const request *rq, af_body_f64 *shooter, af_body_f64 *target)
{
    shooter->position = rq->shooter;
    shooter->velocity = rq->shooter_velocity;
    target->position = rq->target;
    target->velocity = rq->target_velocity;
}

/* The target with its acceleration (zero unless given). */
static af_body_accel_f64 accel_target(const request *rq)
{
    af_body_accel_f64 t;
    t.position = rq->target;
    t.velocity = rq->target_velocity;
    t.acceleration = rq->target_acceleration;
    return t;
}

unsigned solve_flags(const request *rq)
{
    return rq->inherit_velocity ? AF_INHERIT_VELOCITY : 0u;
}

static af_status run_intercept(const request *rq, result *out)
{
    af_body_f64 s, t;
    af_body_accel_f64 a = accel_target(rq);
    solve_bodies(rq, &s, &t);
    if (request_has(rq, F_TARGET_ACCELERATION))
        return af_intercept_accel_f64(&s, &a, rq->speed, solve_flags(rq), &out->shots);
    return af_intercept_f64(&s, &t, rq->speed, solve_flags(rq), &out->shots);
}

static af_status run_arc_point(const request *rq, result *out)
{
    if (rq->closest) {
        af_miss_f64 miss;
        af_status st = af_arc_point_miss_f64(&rq->shooter, &rq->target, rq->speed, &rq->gravity,
                                             &out->shots, &miss);
        solve_miss_store(out, &miss);
        return st;
    }
    return af_arc_point_f64(&rq->shooter, &rq->target, rq->speed, &rq->gravity, &out->shots);
}

static af_status run_min_speed(const request *rq, result *out)
{
    return af_arc_min_speed_f64(&rq->shooter, &rq->target, &rq->gravity, &out->shots);
}

static af_status run_arc_time(const request *rq, result *out)
{
    af_body_f64 s, t;
    af_body_accel_f64 a = accel_target(rq);
    solve_bodies(rq, &s, &t);
    if (request_has(rq, F_TARGET_ACCELERATION))
        return af_arc_time_accel_f64(&s, &a, rq->time_of_flight, &rq->gravity, solve_flags(rq),
                                     &out->shots);
    return af_arc_time_f64(&s, &t, rq->time_of_flight, &rq->gravity, solve_flags(rq),
                           &out->shots);
}

void solve_arc_policy(const request *rq, af_arc_kind *kind, double *base, double *per_distance)
{
    af_arc_policy_f64 policy = AF_ARC_POLICY_DEFAULT;
    if (request_has(rq, F_APEX_HEIGHT) || request_has(rq, F_VERTICAL_SPEED)) {
        policy.kind = request_has(rq, F_APEX_HEIGHT) ? AF_ARC_APEX_HEIGHT : AF_ARC_VERTICAL_SPEED;
        policy.base = request_has(rq, F_APEX_HEIGHT) ? rq->apex_height : rq->vertical_speed;
        policy.per_distance = rq->per_distance;
    } else if (request_has(rq, F_PER_DISTANCE)) {
        policy.per_distance = rq->per_distance;
    }
    *kind = policy.kind;
    *base = policy.base;
    *per_distance = policy.per_distance;
}

static af_status run_arc_apex(const request *rq, result *out)
{
    af_body_f64 s, t;
    af_arc_policy_f64 policy;
    af_body_accel_f64 a = accel_target(rq);
    solve_bodies(rq, &s, &t);
    solve_arc_policy(rq, &policy.kind, &policy.base, &policy.per_distance);
    if (request_has(rq, F_TARGET_ACCELERATION))
        return af_arc_apex_accel_f64(&s, &a, &rq->gravity, &policy, solve_flags(rq),
                                     &out->shots);
    return af_arc_apex_f64(&s, &t, &rq->gravity, &policy, solve_flags(rq), &out->shots);
}

static af_status run_arc_moving(const request *rq, result *out)
{
    af_body_f64 s, t;
    af_body_accel_f64 a = accel_target(rq);
    int accel = request_has(rq, F_TARGET_ACCELERATION);
    solve_bodies(rq, &s, &t);
    if (rq->closest) {
        af_miss_f64 miss;
        af_status st = accel ? af_arc_moving_miss_accel_f64(&s, &a, rq->speed, &rq->gravity,
                                                            solve_flags(rq), &out->shots, &miss)
                             : af_arc_moving_miss_f64(&s, &t, rq->speed, &rq->gravity,
                                                      solve_flags(rq), &out->shots, &miss);
        solve_miss_store(out, &miss);
        return st;
    }
    if (accel)
        return af_arc_moving_accel_f64(&s, &a, rq->speed, &rq->gravity, solve_flags(rq),
                                       &out->shots);
    return af_arc_moving_f64(&s, &t, rq->speed, &rq->gravity, solve_flags(rq), &out->shots);
}

void solve_range_frame(const request *rq, af_vec3_f64 *up, double *h, af_vec3_f64 *heading)
{
    af_vec3_f64 d = { rq->target.x - rq->shooter.x, rq->target.y - rq->shooter.y,
                      rq->target.z - rq->shooter.z };
    af_vec3_f64 side;
    double g = sqrt(rq->gravity.x * rq->gravity.x + rq->gravity.y * rq->gravity.y +
                    rq->gravity.z * rq->gravity.z);
    double len;
    up->x = up->y = up->z = 0.0;
    *h = 0.0;
    if (g > 0.0 && isfinite(g)) {
        up->x = -rq->gravity.x / g;
        up->y = -rq->gravity.y / g;
        up->z = -rq->gravity.z / g;
        *h = d.x * up->x + d.y * up->y + d.z * up->z;
    }
    side.x = d.x - *h * up->x;
    side.y = d.y - *h * up->y;
    side.z = d.z - *h * up->z;
    len = sqrt(side.x * side.x + side.y * side.y + side.z * side.z);
    if (!(len > 0.0)) {
        /* Straight above or below: any horizontal direction; world x
         * with its vertical part removed (world y if x is vertical). */
        side.x = 1 - up->x * up->x;
        side.y = -up->x * up->y;
        side.z = -up->x * up->z;
        len = sqrt(side.x * side.x + side.y * side.y + side.z * side.z);
        if (len < 1e-6) {
            side.x = -up->y * up->x;
            side.y = 1 - up->y * up->y;
            side.z = -up->y * up->z;
            len = sqrt(side.x * side.x + side.y * side.y + side.z * side.z);
        }
    }
    heading->x = side.x / len;
    heading->y = side.y / len;
    heading->z = side.z / len;
}

af_vec3_f64 solve_range_velocity(af_vec3_f64 up, af_vec3_f64 heading, const af_range_f64 *r)
{
    af_vec3_f64 v = { heading.x * r->horizontal_speed + up.x * r->vertical_speed,
                      heading.y * r->horizontal_speed + up.y * r->vertical_speed,
                      heading.z * r->horizontal_speed + up.z * r->vertical_speed };
    return v;
}

af_shot_f64 solve_range_shot(const request *rq, af_vec3_f64 up, double h, af_vec3_f64 heading,
                             const af_range_f64 *r)
{
    af_shot_f64 shot;
    shot.t = r->t;
    shot.velocity = solve_range_velocity(up, heading, r);
    shot.point.x = rq->shooter.x + heading.x * r->range + up.x * h;
    shot.point.y = rq->shooter.y + heading.y * r->range + up.y * h;
    shot.point.z = rq->shooter.z + heading.z * r->range + up.z * h;
    return shot;
}

/* max_range towards the target: the level is the target's height above the
 * shooter, the direction its horizontal bearing (solve_range_frame); the
 * shot returned lands at the maximum range. */
static af_status run_max_range(const request *rq, result *out)
{
    af_range_f64 r;
    af_vec3_f64 up, heading;
    double h;
    af_status st;
    solve_range_frame(rq, &up, &h, &heading);
    st = af_arc_max_range_f64(rq->speed, h, &rq->gravity, &r);
    if (st != AF_OK)
        return st;
    out->has_range = 1;
    out->range = r.range;
    out->shots.count = 1;
    out->shots.shot[0] = solve_range_shot(rq, up, h, heading, &r);
    return AF_OK;
}

const solver solvers[] = {
    { "intercept", "straight-line intercept of a moving target (no gravity)",
      NEED(F_TARGET) | NEED(F_SPEED), SOLVER_INHERITS | SOLVER_ACCELERATES, run_intercept,
      run_intercept_q16 },
    { "arc_point", "fixed-speed lob at a static point: low and high arc",
      NEED(F_TARGET) | NEED(F_SPEED), SOLVER_GRAVITY, run_arc_point, run_arc_point_q16 },
    { "max_range", "farthest landing at the target's height for a speed, toward the target",
      NEED(F_SPEED), SOLVER_GRAVITY | SOLVER_RANGE, run_max_range, run_max_range_q16 },
    { "min_speed", "slowest launch that reaches a static point", NEED(F_TARGET),
      SOLVER_GRAVITY, run_min_speed, run_min_speed_q16 },
    { "arc_time", "launch velocity for a fixed time of flight (static or moving target)",
      NEED(F_TARGET) | NEED(F_TIME_OF_FLIGHT), SOLVER_GRAVITY | SOLVER_INHERITS | SOLVER_ACCELERATES,
      run_arc_time,
      run_arc_time_q16 },
    { "arc_apex", "lob of chosen height (apex_height or vertical_speed policy) at a moving target",
      NEED(F_TARGET), SOLVER_GRAVITY | SOLVER_INHERITS | SOLVER_ACCELERATES, run_arc_apex,
      run_arc_apex_q16 },
    { "arc_moving", "fixed-speed lob at a moving target (exact quartic, every solution)",
      NEED(F_TARGET) | NEED(F_SPEED), SOLVER_GRAVITY | SOLVER_INHERITS | SOLVER_ACCELERATES,
      run_arc_moving,
      run_arc_moving_q16 },
    { "drag_predict", "drag: position and velocity after a time or a number of steps",
      NEED(F_DRAG_MODEL) | NEED(F_VELOCITY), SOLVER_DRAG | SOLVER_FORWARD, run_drag_predict,
      run_drag_predict_q16 },
    { "drag_apex", "drag: the highest point of the flight", NEED(F_DRAG_MODEL) | NEED(F_VELOCITY),
      SOLVER_DRAG | SOLVER_FORWARD, run_drag_apex, run_drag_apex_q16 },
    { "drag_height", "drag: when the flight is at a height, rising or falling",
      NEED(F_DRAG_MODEL) | NEED(F_VELOCITY) | NEED(F_HEIGHT), SOLVER_DRAG | SOLVER_FORWARD,
      run_drag_height, run_drag_height_q16 },
    { "drag_land", "drag: where the flight meets the terrain, found by raycasts",
      NEED(F_DRAG_MODEL) | NEED(F_VELOCITY), SOLVER_DRAG | SOLVER_FORWARD | SOLVER_TERRAIN,
      run_drag_land, run_drag_land_q16 },
    { "drag_aim_time", "drag: launch velocity for a fixed time of flight (static or moving target)",
      NEED(F_DRAG_MODEL) | NEED(F_TARGET) | NEED(F_TIME_OF_FLIGHT),
      SOLVER_DRAG | SOLVER_INHERITS | SOLVER_ACCELERATES, run_drag_aim_time,
      run_drag_aim_time_q16 },
    { "drag_aim_speed", "drag: every launch of a fixed speed that hits, low and high arcs",
      NEED(F_DRAG_MODEL) | NEED(F_TARGET) | NEED(F_SPEED),
      SOLVER_DRAG | SOLVER_INHERITS | SOLVER_ACCELERATES, run_drag_aim_speed,
      run_drag_aim_speed_q16 },
    { "drag_max_range", "drag: farthest landing at the target's height for a speed, toward it",
      NEED(F_DRAG_MODEL) | NEED(F_SPEED), SOLVER_DRAG | SOLVER_RANGE, run_drag_max_range,
      run_drag_max_range_q16 },
    { "drag_samples", "drag: positions at even times up to 'time', for drawing",
      NEED(F_DRAG_MODEL) | NEED(F_VELOCITY) | NEED(F_TIME), SOLVER_DRAG | SOLVER_FORWARD,
      run_drag_samples, run_drag_samples_q16 },
    { "fixed_dir", "fixed launch direction, free speed: the speeds that hit (vacuum)",
      NEED(F_TARGET) | NEED(F_DIRECTION), SOLVER_GRAVITY | SOLVER_INHERITS | SOLVER_ACCELERATES,
      run_fixed_dir, run_fixed_dir_q16 },
    { "fixed_elev", "fixed launch elevation, free yaw and speed: the speeds that hit (vacuum)",
      NEED(F_TARGET) | NEED(F_ELEVATION), SOLVER_GRAVITY | SOLVER_INHERITS | SOLVER_ACCELERATES,
      run_fixed_elev, run_fixed_elev_q16 },
    { "drag_fixed_dir", "drag: fixed launch direction, free speed, flights up to max_time",
      NEED(F_DRAG_MODEL) | NEED(F_TARGET) | NEED(F_DIRECTION),
      SOLVER_DRAG | SOLVER_INHERITS | SOLVER_ACCELERATES, run_drag_fixed_dir,
      run_drag_fixed_dir_q16 },
    { "drag_fixed_elev", "drag: fixed launch elevation, free yaw and speed, up to max_time",
      NEED(F_DRAG_MODEL) | NEED(F_TARGET) | NEED(F_ELEVATION),
      SOLVER_DRAG | SOLVER_INHERITS | SOLVER_ACCELERATES, run_drag_fixed_elev,
      run_drag_fixed_elev_q16 },
    { "turret_aim", "turret: yaw and pitch command, launch time after slew and latency, flight",
      NEED(F_TARGET) | NEED(F_SPEED),
      SOLVER_GRAVITY | SOLVER_INHERITS | SOLVER_ACCELERATES | SOLVER_TURRET, run_turret_aim,
      run_turret_aim_q16 },
    { "turret_aim_drag", "turret: turret_aim for a projectile under the drag model, up to max_time",
      NEED(F_DRAG_MODEL) | NEED(F_TARGET) | NEED(F_SPEED),
      SOLVER_DRAG | SOLVER_INHERITS | SOLVER_ACCELERATES | SOLVER_TURRET,
      run_turret_aim_drag, run_turret_aim_drag_q16 },
    { "turret_angles", "turret: the yaw and pitch that point the barrel along 'direction', slew time",
      NEED(F_DIRECTION), SOLVER_HEAD, run_turret_angles, run_turret_angles_q16 },
    { "turret_barrel", "turret: the barrel's direction and the muzzle at the turret's yaw and pitch",
      0, SOLVER_HEAD, run_turret_barrel, run_turret_barrel_q16 },
    { NULL, NULL, 0, 0, NULL, NULL },
};

const solver *solver_find(const char *name)
{
    const solver *s;
    for (s = solvers; s->name; s++)
        if (strcmp(s->name, name) == 0)
            return s;
    return NULL;
}

unsigned solve_traits(const request *rq)
{
    const solver *s = solver_find(rq->solve);
    return s ? s->traits : 0u;
}

/* Keep only the earliest (low) or the latest (high) shot, with its
 * turret command when it has one. */
static void choose_arc(int arc, result *out)
{
    af_shots_f64 *shots = &out->shots;
    int i, k;
    if (arc == ARC_ALL || shots->count <= 1)
        return;
    k = arc == ARC_LOW ? 0 : shots->count - 1;
    shots->shot[0] = shots->shot[k];
    out->yaw[0] = out->yaw[k];
    out->pitch[0] = out->pitch[k];
    out->launch[0] = out->launch[k];
    out->muzzle[0] = out->muzzle[k];
    for (i = 1; i < AF_MAX_SHOTS; i++) {
        memset(&shots->shot[i], 0, sizeof shots->shot[i]);
        out->yaw[i] = out->pitch[i] = out->launch[i] = 0.0;
        memset(&out->muzzle[i], 0, sizeof out->muzzle[i]);
    }
    shots->count = 1;
}

/* The solver of a request, or NULL with out->bad_input set: unknown
 * solver, missing key, a target acceleration it does not take. */
static const solver *usable_solver(const request *rq, result *out)
{
    const solver *s;
    int f;
    if (!request_has(rq, F_SOLVE) && rq->solve[0] == '\0') {
        out->bad_input = 1;
        snprintf(out->error, sizeof out->error, "missing key 'solve'");
        return NULL;
    }
    s = solver_find(rq->solve);
    if (!s) {
        out->bad_input = 1;
        snprintf(out->error, sizeof out->error, "unknown solver '%s'", rq->solve);
        return NULL;
    }
    for (f = 0; f < F_COUNT; f++) {
        if ((s->needs >> f) & 1u && !request_has(rq, (enum req_field)f)) {
            char name[48];
            out->bad_input = 1;
            snprintf(out->error, sizeof out->error, "%s needs '%s'", s->name,
                     request_name((enum req_field)f, name, sizeof name));
            return NULL;
        }
    }
    if (request_has(rq, F_TARGET_ACCELERATION) && !(s->traits & SOLVER_ACCELERATES)) {
        out->bad_input = 1;
        snprintf(out->error, sizeof out->error, "%s does not take 'target_acceleration'",
                 s->name);
        return NULL;
    }
    return s;
}

/* A Q16 run: rq rounded into *rounded, then the solver's Q16 twin. */
static void run_q16(const solver *s, const request *rq, request *rounded, result *out)
{
    *rounded = *rq;
    if (request_round_q16(rounded, out->error, sizeof out->error) < 0) {
        out->bad_input = 1;
        return;
    }
    out->status = s->run_q16(rounded, out);
}

void solve_request(const request *rq, result *out)
{
    const solver *s;
    request rounded;
    memset(out, 0, sizeof *out);
    s = usable_solver(rq, out);
    if (!s)
        return;
    if (rq->format == FORMAT_Q16)
        run_q16(s, rq, &rounded, out);
    else
        out->status = s->run(rq, out);
    if (!out->bad_input && out->status == AF_OK)
        choose_arc(rq->arc, out);
}

af_vec3_f64 solve_trajectory(const request *rq, const af_shot_f64 *shot, double t)
{
    unsigned traits = solve_traits(rq);
    int inherit = rq->inherit_velocity && (traits & SOLVER_INHERITS);
    int gravity = (traits & SOLVER_GRAVITY) != 0;
    af_vec3_f64 v = shot->velocity, p;
    if (inherit) {
        v.x += rq->shooter_velocity.x;
        v.y += rq->shooter_velocity.y;
        v.z += rq->shooter_velocity.z;
    }
    if (traits & SOLVER_DRAG)
        return solve_drag_position(rq, v, t);
    p.x = rq->shooter.x + v.x * t + (gravity ? 0.5 * rq->gravity.x * t * t : 0.0);
    p.y = rq->shooter.y + v.y * t + (gravity ? 0.5 * rq->gravity.y * t * t : 0.0);
    p.z = rq->shooter.z + v.z * t + (gravity ? 0.5 * rq->gravity.z * t * t : 0.0);
    return p;
}
