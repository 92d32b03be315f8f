/* SPDX-License-Identifier: MIT */
/*
 * The turret firmware's flight model (firmware/flight.h) and aim
 * (firmware/aim.h) against the library's f64 drag solvers on the same
 * problems: continuous linear drag of the firmware's rate TURRET_DRAG_K,
 * its gravity and muzzle speed, converted exactly from Q16.16.
 *
 * Turret-sized scenes: the muzzle within 0.15 m of its rest point, the
 * target 0.5 to 7 m away on any bearing, 0 to 0.6 m high, moving at up to
 * 1 m/s horizontally. Every Q16 shot is flown by af_drag_predict_f64 and
 * must meet the target.
 */
#include <math.h>
#include <stddef.h>

#include "aim.h"
#include "aimfix.h"
#include "aimfix/drag.h"
#include "flight.h"
#include "harness.h"
#include "head.h"
#include "units.h"

/* A Q16 shot flown by the f64 physics may pass this far (m) from the
 * target. af_drag_aim_speed_q16 solves the time of flight to 30 bits and
 * rounds it to Q16.16 for the shot (half an LSB, 7.6 us): at that time the
 * ball and the target, closing at up to 9 m/s here, are up to 6.9e-5 m
 * apart; the launch velocity's own rounding (2^-17 m/s per axis) adds
 * 1.3e-5 m over a 1 s flight. 2e-4 m is 2.5 times their sum. */
#define MEET_TOLERANCE 2e-4
/* flight_predict against af_drag_predict_f64 (m): af_drag_predict_q16 is
 * within 1 LSB + 3.7e-9 of its terms' size per axis (include/aimfix/drag.h,
 * docs/q16.md's accuracy table), the terms |a v0| and |b g| here below
 * 20 m: 1.53e-5 + 7.4e-8 m per axis, 2.7e-5 m across three. */
#define PREDICT_TOLERANCE 3e-5
/* Times of flight closer than this (relative) between the flat arc and the
 * lob mark the edge of reach, where the two solvers may disagree on
 * whether a shot exists (a grazing shot: both arcs are one). */
#define EDGE_BAND 0.05

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

static af_drag_f64 model(void)
{
    const af_vec3_f64 g = { 0, 0, -d(TURRET_GRAVITY) };
    af_drag_f64 m;
    if (af_drag_init_f64(AF_DRAG_CONTINUOUS, d(TURRET_DRAG_K), 1.0, &g, NULL, &m) != AF_OK)
        TH_CHECK(0, "af_drag_init_f64 refused the turret's drag");
    return m;
}

/* A random turret scene: muzzle and target, in Q16.16. */
static void scene(th_rng *r, af_vec3_q16 *muzzle, af_body_q16 *target)
{
    const double bearing = th_rand_uniform(r, -3.14159, 3.14159);
    const double range = th_rand_uniform(r, 0.5, 7.0);
    const double heading = th_rand_uniform(r, -3.14159, 3.14159);
    const double speed = th_rand_uniform(r, 0.0, 1.0);
    muzzle->x = q(th_rand_uniform(r, -0.15, 0.15));
    muzzle->y = q(th_rand_uniform(r, -0.15, 0.15));
    muzzle->z = q(0.3 + th_rand_uniform(r, -0.15, 0.15));
    target->position.x = q(range * cos(bearing));
    target->position.y = q(range * sin(bearing));
    target->position.z = q(th_rand_uniform(r, 0.0, 0.6));
    target->velocity.x = q(speed * cos(heading));
    target->velocity.y = q(speed * sin(heading));
    target->velocity.z = 0;
}

/* How far the shot, flown by the f64 physics from the muzzle, passes
 * from where the target is at the shot's time. */
static double flown_miss(const af_drag_f64 *m, const af_vec3_q16 *muzzle, const af_body_q16 *target,
                         const af_shot_q16 *shot)
{
    af_body_f64 start, at;
    af_vec3_f64 p = vd(&target->position), v = vd(&target->velocity);
    start.position = vd(muzzle);
    start.velocity = vd(&shot->velocity);
    if (af_drag_predict_f64(m, &start, d(shot->t), &at) != AF_OK)
        return HUGE_VAL;
    return sqrt(pow(at.position.x - (p.x + v.x * d(shot->t)), 2) +
                pow(at.position.y - (p.y + v.y * d(shot->t)), 2) +
                pow(at.position.z - (p.z + v.z * d(shot->t)), 2));
}

/* Every shot flight_aim returns meets the target under the f64 physics at
 * the muzzle speed, and it finds what af_drag_aim_speed_f64 finds, except
 * at the edge of reach. */
static void aim_matches_f64(void)
{
    const af_drag_f64 m = model();
    th_rng r = th_rng_for("aim_matches_f64");
    const long n = th_count(20000);
    long i, both = 0, neither = 0, edge = 0, disagree = 0;
    double worst = 0, worst_speed = 0;
    for (i = 0; i < n; i++) {
        af_vec3_q16 muzzle;
        af_body_q16 target;
        af_body_f64 shooter, target_f64;
        af_shots_q16 got;
        af_shots_f64 ref;
        af_status sq, sf;
        int k;
        scene(&r, &muzzle, &target);
        shooter.position = vd(&muzzle);
        shooter.velocity.x = shooter.velocity.y = shooter.velocity.z = 0;
        target_f64.position = vd(&target.position);
        target_f64.velocity = vd(&target.velocity);
        sq = flight_aim(&muzzle, &target, &got);
        sf = af_drag_aim_speed_f64(&m, &shooter, &target_f64, d(TURRET_SPEED), 4.0, 0, &ref);
        for (k = 0; k < got.count; k++) {
            const double miss = flown_miss(&m, &muzzle, &target, &got.shot[k]);
            const double speed = sqrt(pow(d(got.shot[k].velocity.x), 2) +
                                      pow(d(got.shot[k].velocity.y), 2) +
                                      pow(d(got.shot[k].velocity.z), 2));
            worst = fmax(worst, miss);
            worst_speed = fmax(worst_speed, fabs(speed - d(TURRET_SPEED)));
            TH_CHECK(miss <= MEET_TOLERANCE, "scene %ld shot %d: passes %.2e m from the target", i,
                     k, miss);
        }
        TH_CHECK(sq == AF_OK || sq == AF_ERR_NO_SOLUTION, "scene %ld: status %s", i,
                 af_status_name(sq));
        if ((sq == AF_OK) == (sf == AF_OK)) {
            if (sq == AF_OK) {
                both++;
                TH_CHECK(fabs(d(got.shot[0].t) - ref.shot[0].t) <= 1e-3,
                         "scene %ld: flat arc's time %.5f s, f64 %.5f s", i, d(got.shot[0].t),
                         ref.shot[0].t);
            } else
                neither++;
        } else if (sf == AF_OK && ref.count == 2 &&
                   ref.shot[1].t - ref.shot[0].t < EDGE_BAND * ref.shot[1].t) {
            edge++;
        } else if (sf == AF_OK && ref.count == 1) {
            edge++; /* the two arcs are one: the very edge */
        } else {
            disagree++;
            TH_CHECK(0, "scene %ld: Q16 %s, f64 %s (%d shots)", i, af_status_name(sq),
                     af_status_name(sf), sf == AF_OK ? ref.count : 0);
        }
    }
    th_note("%ld scenes: %ld shots in both, %ld in neither, %ld at the edge of reach, %ld apart",
            n, both, neither, edge, disagree);
    th_note("worst pass from the target %.2e m (tolerance %.0e), worst speed error %.2e m/s",
            worst, MEET_TOLERANCE, worst_speed);
    TH_CHECK(both > n / 4 && neither > n / 20, "the scenes cover both sides of the reach");
}

/* Just inside the farthest reach on a level (af_drag_max_range_f64) a
 * shot exists; just beyond it none does. */
static void edge_of_reach(void)
{
    const af_drag_f64 m = model();
    th_rng r = th_rng_for("edge_of_reach");
    const long n = th_count(2000);
    long i;
    for (i = 0; i < n; i++) {
        const double bearing = th_rand_uniform(&r, -3.14159, 3.14159);
        const double height = th_rand_uniform(&r, -0.5, 0.3);
        const af_vec3_f64 heading = { cos(bearing), sin(bearing), 0 };
        const af_vec3_q16 muzzle = { 0, 0, q(0.3) };
        af_range_f64 range;
        int side;
        if (!TH_CHECK(af_drag_max_range_f64(&m, d(TURRET_SPEED), height, &heading, &range) == AF_OK,
                      "af_drag_max_range_f64 refused height %.3f", height))
            continue;
        for (side = 0; side < 2; side++) {
            /* 1 % inside or outside: 5 cm at the reach of 5 m. */
            const double reach = range.range * (side == 0 ? 0.99 : 1.01);
            const af_body_q16 target = { { q(reach * cos(bearing)), q(reach * sin(bearing)),
                                           q(0.3 + height) },
                                         { 0, 0, 0 } };
            af_shots_q16 got;
            const af_status s = flight_aim(&muzzle, &target, &got);
            TH_CHECK(side == 0 ? s == AF_OK : s == AF_ERR_NO_SOLUTION,
                     "range %.3f m at height %+.2f: %s at %s the reach", range.range, height,
                     af_status_name(s), side == 0 ? "99 % of" : "101 % of");
        }
    }
    th_note("%ld bearings and heights, each 1 %% inside and beyond the farthest reach", n);
}

/* flight_predict is af_drag_predict_f64 to rounding. */
static void predict_matches_f64(void)
{
    const af_drag_f64 m = model();
    th_rng r = th_rng_for("predict_matches_f64");
    const long n = th_count(20000);
    double worst = 0;
    long i;
    for (i = 0; i < n; i++) {
        const double yaw = th_rand_uniform(&r, -1.6, 1.6), pitch = th_rand_uniform(&r, -0.3, 0.8);
        const double t = th_rand_uniform(&r, 0.0, 1.5);
        af_body_q16 start;
        af_body_f64 start_f64, at;
        af_vec3_q16 p;
        start.position.x = q(th_rand_uniform(&r, -0.2, 0.2));
        start.position.y = q(th_rand_uniform(&r, -0.2, 0.2));
        start.position.z = q(th_rand_uniform(&r, 0.1, 0.5));
        start.velocity.x = q(8 * cos(pitch) * cos(yaw));
        start.velocity.y = q(8 * cos(pitch) * sin(yaw));
        start.velocity.z = q(8 * sin(pitch));
        start_f64.position = vd(&start.position);
        start_f64.velocity = vd(&start.velocity);
        if (!TH_CHECK(flight_predict(&start, q(t), &p) == AF_OK &&
                          af_drag_predict_f64(&m, &start_f64, d(q(t)), &at) == AF_OK,
                      "predict failed at t %.3f", t))
            continue;
        worst = fmax(worst, sqrt(pow(d(p.x) - at.position.x, 2) + pow(d(p.y) - at.position.y, 2) +
                                 pow(d(p.z) - at.position.z, 2)));
    }
    th_note("worst position error %.2e m over %ld flights (tolerance %.0e)", worst, n,
            PREDICT_TOLERANCE);
    TH_CHECK(worst <= PREDICT_TOLERANCE, "worst %.2e m", worst);
}

/* aim_solve's angles, fired from the muzzle they put the barrel at, meet
 * the target under the f64 physics; its predicted miss says so too; a
 * refusal names a real reason. The head starts within 0.5 rad (29 deg) of
 * the target's bearing, as when the firmware first aims at a new track
 * from where the servos are (the scenarios' targets lie within 26 deg of
 * the rest heading) or follows one from frame to frame. */
static void aim_angles_hit(void)
{
    const af_drag_f64 m = model();
    th_rng r = th_rng_for("aim_angles_hit");
    const long n = th_count(5000);
    long i, ok = 0, refused = 0;
    double worst = 0, worst_account = 0;
    for (i = 0; i < n; i++) {
        af_vec3_q16 unused;
        af_body_q16 target;
        aim_result aim;
        scene(&r, &unused, &target);
        aim_solve(&target,
                  q(atan2(d(target.position.y), d(target.position.x)) +
                    th_rand_uniform(&r, -0.5, 0.5)),
                  q(th_rand_uniform(&r, 0.0, 0.5)), &aim);
        if (aim.verdict == AIM_OK) {
            af_vec3_q16 muzzle, barrel;
            af_shot_q16 shot;
            double miss;
            head_muzzle(aim.yaw, aim.pitch, &muzzle, &barrel);
            shot.t = aim.t;
            shot.velocity.x = q(d(barrel.x) * d(TURRET_SPEED));
            shot.velocity.y = q(d(barrel.y) * d(TURRET_SPEED));
            shot.velocity.z = q(d(barrel.z) * d(TURRET_SPEED));
            miss = flown_miss(&m, &muzzle, &target, &shot);
            worst = fmax(worst, miss);
            ok++;
            TH_CHECK(miss <= MEET_TOLERANCE + 2e-3,
                     "scene %ld: the aimed shot passes %.2e m from the target", i, miss);
            worst_account = fmax(worst_account, fabs(miss - d(aim.predicted_miss)));
            TH_CHECK(fabs(miss - d(aim.predicted_miss)) <= 1e-3,
                     "scene %ld: predicted miss %.2e m, flown %.2e m", i, d(aim.predicted_miss),
                     miss);
            TH_CHECK(aim.pitch >= TURRET_TILT_MIN && aim.pitch <= TURRET_TILT_MAX &&
                         aim.yaw >= TURRET_PAN_MIN && aim.yaw <= TURRET_PAN_MAX,
                     "scene %ld: angles %.3f %.3f beyond the servos", i, d(aim.yaw), d(aim.pitch));
        } else {
            refused++;
            TH_CHECK(aim.verdict != AIM_SOLVER_ERROR && aim.yaw == 0 && aim.pitch == 0 &&
                         aim.t == 0,
                     "scene %ld: verdict %s, status %s", i, aim_verdict_text(aim.verdict),
                     af_status_name(aim.status));
        }
    }
    /* The aim adds the muzzle's own tolerance (2 mm, aim.h) to the flight's. */
    th_note("%ld aimed, %ld refused; worst aimed pass %.2e m (tolerance %.1e), predicted to %.1e m",
            ok, refused, worst, MEET_TOLERANCE + 2e-3, worst_account);
    TH_CHECK(ok > n / 4 && refused > n / 20, "the scenes cover both verdicts");
}

static const th_case cases[] = {
    TH_CASE(aim_matches_f64),
    TH_CASE(edge_of_reach),
    TH_CASE(predict_matches_f64),
    TH_CASE(aim_angles_hit),
};

TH_MAIN("turret_flight", cases)
