/* SPDX-License-Identifier: MIT */
/*
 * The turret firmware's flight model (firmware/flight.h: the library's
 * stepped quadratic drag engine in Q16.16) and aim (firmware/aim.h: the
 * library's turret aim through Q16 quadratic drag) against the
 * physical flight: the library's f64 continuous quadratic drag
 * (af_qdrag_predict_f64, each step's error below 1e-9 of the path), with
 * the firmware's coefficient, gravity and muzzle speed converted exactly
 * from Q16.16.
 *
 * Turret-sized scenes: the turret on the floor or on a vehicle moving at
 * up to 1 m/s, the head anywhere within 0.5 rad of the target's bearing,
 * the target 1.5 to 6 m away, 0 to 0.3 m high, moving at up to 1 m/s and
 * accelerating at up to 0.2 m/s^2 horizontally.
 */
#include <math.h>
#include <stddef.h>

#include "aim.h"
#include "aimfix.h"
#include "aimfix/qdrag.h"
#include "flight.h"
#include "harness.h"
#include "head.h"
#include "units.h"

/* How far an aimed ball, flown by the continuous physics, may pass from
 * the target (m). The stepped engine at 120 Hz strays from the continuous
 * flight by its first-order error; the aim takes out its main part, half a
 * step of the velocity gained, and what is left reaches 42 mm on flights
 * of up to 1 s at any pitch (engine_matches_f64 measures it: a mean of
 * 14 mm), 27 mm on the aimed shots here; the lead is estimated on the
 * vacuum shot, a few millimetres off the drag shot's. 40 mm
 * keeps a noise-free track's every shot inside the target's 50 mm. */
#define HIT_TOLERANCE 0.040
/* How far the firmware's own predicted miss may be from the flown one
 * (m): the firmware's model is that engine, the same error. */
#define PREDICTED_TOLERANCE 0.040
/* flight_predict against the f64 engine of the same step (m): the Q16.16
 * engine's roundings over at most 180 steps (include/aimfix/qdrag.h). */
#define ENGINE_TOLERANCE 0.002

static double d(fix16_t v)
{
    return v / 65536.0;
}

static fix16_t q(double v)
{
    return (fix16_t)floor(v * 65536.0 + 0.5);
}

static af_vec3_f64 vd(const af_vec3_q16 *v)
{
    af_vec3_f64 r = { d(v->x), d(v->y), d(v->z) };
    return r;
}

/* The firmware's model in f64, continuous (the physics) or stepped. */
static af_qdrag_f64 model(af_drag_kind kind)
{
    const af_qdrag_q16 *m = flight_model();
    af_qdrag_f64 f;
    f.kind = kind;
    f.gravity = vd(&m->gravity);
    f.wind = vd(&m->wind);
    f.k = d(m->k);
    f.c = d(m->c);
    f.dt = d(m->dt);
    f.order = m->order;
    return f;
}

static double dist(const af_vec3_f64 *a, const af_vec3_f64 *b)
{
    return sqrt(pow(a->x - b->x, 2) + pow(a->y - b->y, 2) + pow(a->z - b->z, 2));
}

/* A random turret scene: the turret now and the target now. */
static void scene(th_rng *r, af_turret_q16 *turret, af_body_accel_q16 *target)
{
    const double bearing = th_rand_uniform(r, -1.2, 1.2);
    const double range = th_rand_uniform(r, 1.5, 6.0);
    const double heading = th_rand_uniform(r, -3.14159, 3.14159);
    const double speed = th_rand_uniform(r, 0.0, 1.0);
    const double push = th_rand_uniform(r, -3.14159, 3.14159);
    const double accel = th_rand_uniform(r, 0.0, 0.2);
    const int moving = th_rand_below(r, 2);
    const af_vec3_q16 base = { q(th_rand_uniform(r, -1, 1)), q(th_rand_uniform(r, -1, 1)), 0 };
    af_vec3_q16 velocity = { 0, 0, 0 };
    if (moving) {
        velocity.x = q(th_rand_uniform(r, -0.7, 0.7));
        velocity.y = q(th_rand_uniform(r, -0.7, 0.7));
    }
    /* The head within its travel (pan +-1.57 rad), as the servos are. */
    head_describe(q(fmax(-1.5, fmin(1.5, bearing + th_rand_uniform(r, -0.5, 0.5)))),
                  q(th_rand_uniform(r, -0.1, 0.5)), &base, &velocity, turret);
    target->position.x = base.x + q(range * cos(bearing));
    target->position.y = base.y + q(range * sin(bearing));
    target->position.z = q(th_rand_uniform(r, 0.0, 0.3));
    target->velocity.x = q(speed * cos(heading));
    target->velocity.y = q(speed * sin(heading));
    target->velocity.z = 0;
    target->acceleration.x = q(accel * cos(push));
    target->acceleration.y = q(accel * sin(push));
    target->acceleration.z = 0;
}

/* The ball the aim fires, flown by the continuous physics: where it is
 * at the aim's time of flight, against where the target is then. */
static double flown_miss(const af_turret_q16 *turret, const af_body_accel_q16 *target,
                         const aim_result *aim)
{
    const af_qdrag_f64 physics = model(AF_DRAG_KIND_CONTINUOUS);
    const double L = d(aim->launch), f = d(aim->t), T = L + f;
    af_turret_pose_q16 pose;
    af_body_f64 start, end;
    af_vec3_f64 p = vd(&target->position), v = vd(&target->velocity);
    af_vec3_f64 a = vd(&target->acceleration), v0 = vd(&turret->velocity), at;
    if (af_turret_barrel_q16(turret, aim->yaw, aim->pitch, &pose) != AF_OK)
        return HUGE_VAL;
    start.position = vd(&pose.muzzle);
    start.position.x += v0.x * L;
    start.position.y += v0.y * L;
    start.position.z += v0.z * L;
    start.velocity = vd(&pose.barrel);
    start.velocity.x = start.velocity.x * d(TURRET_SPEED) + v0.x;
    start.velocity.y = start.velocity.y * d(TURRET_SPEED) + v0.y;
    start.velocity.z = start.velocity.z * d(TURRET_SPEED) + v0.z;
    if (af_qdrag_predict_f64(&physics, &start, f, &end) != AF_OK)
        return HUGE_VAL;
    at.x = p.x + v.x * T + a.x * T * T / 2;
    at.y = p.y + v.y * T + a.y * T * T / 2;
    at.z = p.z + v.z * T + a.z * T * T / 2;
    return dist(&end.position, &at);
}

/* aim_solve's angles, fired from the muzzle they put the barrel at when
 * the ball leaves, with the vehicle's velocity, meet the moving and
 * accelerating target under the continuous physics; the firmware's
 * predicted miss says as much; the angles are within the servos' travel;
 * a refusal names a real reason. */
static void aim_hits_under_continuous_drag(void)
{
    th_rng r = th_rng_for("aim_hits_under_continuous_drag");
    const long n = th_count(300);
    long i, ok = 0, refused = 0;
    double worst = 0, worst_account = 0;
    for (i = 0; i < n; i++) {
        af_turret_q16 turret;
        af_body_accel_q16 target;
        aim_result aim;
        scene(&r, &turret, &target);
        aim_solve(&turret, &target, &aim);
        if (aim.verdict == AIM_OK) {
            const double miss = flown_miss(&turret, &target, &aim);
            worst = fmax(worst, miss);
            ok++;
            TH_CHECK(miss <= HIT_TOLERANCE, "scene %ld: the aimed ball passes %.1f mm from the target",
                     i, miss * 1e3);
            worst_account = fmax(worst_account, fabs(miss - d(aim.predicted_miss)));
            TH_CHECK(fabs(miss - d(aim.predicted_miss)) <= PREDICTED_TOLERANCE,
                     "scene %ld: predicted miss %.1f mm, flown %.1f mm", i,
                     d(aim.predicted_miss) * 1e3, miss * 1e3);
            TH_CHECK(aim.pitch >= TURRET_TILT_MIN && aim.pitch <= TURRET_TILT_MAX &&
                         aim.yaw >= TURRET_PAN_MIN && aim.yaw <= TURRET_PAN_MAX,
                     "scene %ld: angles %.3f %.3f beyond the servos", i, d(aim.yaw), d(aim.pitch));
            TH_CHECK(aim.launch >= turret.latency && aim.launch >= aim.slew,
                     "scene %ld: launch %.3f s before the latency or the slew %.3f s", i,
                     d(aim.launch), d(aim.slew));
        } else {
            refused++;
            TH_CHECK((aim.verdict == AIM_OUT_OF_RANGE || aim.verdict == AIM_BEYOND_TILT ||
                      aim.verdict == AIM_BEYOND_PAN) &&
                         aim.yaw == 0 && aim.pitch == 0 && aim.t == 0,
                     "scene %ld: verdict %s, status %s", i, aim_verdict_text(aim.verdict),
                     af_status_name(aim.status));
        }
    }
    th_note("%ld aimed, %ld refused; worst aimed pass %.1f mm (tolerance %.0f), predicted to %.1f mm",
            ok, refused, worst * 1e3, HIT_TOLERANCE * 1e3, worst_account * 1e3);
    /* The refusals at the edge of reach are edge_of_reach's. */
    TH_CHECK(ok > n / 2, "most scenes are within reach: %ld of %ld", ok, n);
}

/* The continuous flight's reach at the tilt limit: a target on the level
 * `height` below the muzzle's, 3 % inside the range of a 30-degree shot,
 * is aimed at; 3 % beyond it, it is refused (out of range, or beyond the
 * tilt limit). */
static void edge_of_reach(void)
{
    const af_qdrag_f64 physics = model(AF_DRAG_KIND_CONTINUOUS);
    th_rng r = th_rng_for("edge_of_reach");
    const long n = th_count(60);
    long i;
    for (i = 0; i < n; i++) {
        const double bearing = th_rand_uniform(&r, -1.2, 1.2);
        const af_vec3_q16 base = { 0, 0, 0 }, still = { 0, 0, 0 };
        af_turret_q16 turret;
        af_turret_pose_q16 pose;
        af_body_f64 start;
        af_drag_event_f64 landing;
        double reach;
        int side;
        head_describe(q(bearing), TURRET_TILT_MAX, &base, &still, &turret);
        if (!TH_CHECK(af_turret_barrel_q16(&turret, q(bearing), TURRET_TILT_MAX, &pose) == AF_OK,
                      "the pose at the tilt limit"))
            continue;
        start.position = vd(&pose.muzzle);
        start.velocity = vd(&pose.barrel);
        start.velocity.x *= d(TURRET_SPEED);
        start.velocity.y *= d(TURRET_SPEED);
        start.velocity.z *= d(TURRET_SPEED);
        /* The floor under the target's centre: 5 cm up. */
        if (!TH_CHECK(af_qdrag_time_at_height_f64(&physics, &start, 0.05 - start.position.z,
                                                  AF_FALLING, &landing) == AF_OK,
                      "the 30-degree shot's landing"))
            continue;
        reach = sqrt(pow(landing.state.position.x, 2) + pow(landing.state.position.y, 2));
        for (side = 0; side < 2; side++) {
            const double at = reach * (side == 0 ? 0.97 : 1.03);
            af_body_accel_q16 target = { { q(at * cos(bearing)), q(at * sin(bearing)), q(0.05) },
                                         { 0, 0, 0 },
                                         { 0, 0, 0 } };
            aim_result aim;
            aim_solve(&turret, &target, &aim);
            TH_CHECK(side == 0 ? aim.verdict == AIM_OK
                               : aim.verdict == AIM_OUT_OF_RANGE || aim.verdict == AIM_BEYOND_TILT,
                     "reach %.3f m at bearing %+.2f: %s at %s it", reach, bearing,
                     aim_verdict_text(aim.verdict), side == 0 ? "97 % of" : "103 % of");
        }
    }
    th_note("%ld bearings, each 3 %% inside and beyond the 30-degree shot's reach", n);
}

/* flight_predict is the f64 engine of the same step to the Q16.16
 * engine's rounding, and the engine leads the continuous flight by about
 * half a step of the velocity gained (what aim_solve takes out). */
static void engine_matches_f64(void)
{
    const af_qdrag_f64 engine = model(AF_DRAG_KIND_STEPPED);
    const af_qdrag_f64 physics = model(AF_DRAG_KIND_CONTINUOUS);
    th_rng r = th_rng_for("engine_matches_f64");
    const long n = th_count(2000);
    double worst = 0, worst_raw = 0, worst_led = 0, sum_raw = 0, sum_led = 0;
    long i;
    for (i = 0; i < n; i++) {
        const double yaw = th_rand_uniform(&r, -1.6, 1.6), pitch = th_rand_uniform(&r, -0.2, 0.6);
        const double t = th_rand_uniform(&r, 0.05, 1.0);
        af_body_q16 start, end;
        af_body_f64 start_f64, stepped, flown;
        af_vec3_f64 led;
        start.position.x = q(th_rand_uniform(&r, -0.2, 0.2));
        start.position.y = q(th_rand_uniform(&r, -0.2, 0.2));
        start.position.z = q(th_rand_uniform(&r, 0.2, 0.5));
        start.velocity.x = q(12 * cos(pitch) * cos(yaw) + th_rand_uniform(&r, -0.7, 0.7));
        start.velocity.y = q(12 * cos(pitch) * sin(yaw) + th_rand_uniform(&r, -0.7, 0.7));
        start.velocity.z = q(12 * sin(pitch));
        start_f64.position = vd(&start.position);
        start_f64.velocity = vd(&start.velocity);
        if (!TH_CHECK(flight_predict(&start, q(t), &end) == AF_OK &&
                          af_qdrag_predict_f64(&engine, &start_f64, d(q(t)), &stepped) == AF_OK &&
                          af_qdrag_predict_f64(&physics, &start_f64, d(q(t)), &flown) == AF_OK,
                      "predict failed at t %.3f", t))
            continue;
        led = vd(&end.position);
        worst = fmax(worst, dist(&led, &stepped.position));
        worst_raw = fmax(worst_raw, dist(&led, &flown.position));
        sum_raw += dist(&led, &flown.position);
        /* The lead taken out: (v(t) - v(0)) dt / 2. */
        led.x -= (d(end.velocity.x) - start_f64.velocity.x) * engine.dt / 2;
        led.y -= (d(end.velocity.y) - start_f64.velocity.y) * engine.dt / 2;
        led.z -= (d(end.velocity.z) - start_f64.velocity.z) * engine.dt / 2;
        worst_led = fmax(worst_led, dist(&led, &flown.position));
        sum_led += dist(&led, &flown.position);
    }
    th_note("over %ld flights: the Q16 engine within %.2f mm of f64's (tolerance %.0f); against "
            "the continuous flight mean %.1f mm, worst %.1f mm; with the lead taken out %.1f mm, "
            "%.1f mm",
            n, worst * 1e3, ENGINE_TOLERANCE * 1e3, sum_raw / n * 1e3, worst_raw * 1e3,
            sum_led / n * 1e3, worst_led * 1e3);
    TH_CHECK(worst <= ENGINE_TOLERANCE, "worst %.2e m", worst);
    TH_CHECK(sum_led < sum_raw / 2, "the lead's correction gains less than half: mean %.1f of %.1f mm",
             sum_led / n * 1e3, sum_raw / n * 1e3);
}

static const th_case cases[] = {
    TH_CASE(aim_hits_under_continuous_drag),
    TH_CASE(edge_of_reach),
    TH_CASE(engine_matches_f64),
};

TH_MAIN("turret_flight", cases)
