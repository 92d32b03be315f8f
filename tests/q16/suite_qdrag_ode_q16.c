/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16, continuous kind: every query against the f64
 * continuous kind on the same numbers (its Dormand-Prince flight at 1e-9
 * is the ODE's path here), within the tolerances aimfix/qdrag.h states
 * for the Q16.16 Runge-Kutta flight; and against the Q16.16 solvers' own
 * path where an answer is defined on it (states are the predictions at
 * their times, samples the predictions, aims hit when flown).
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "qdrag_q16_check.h"

/* aimfix/qdrag.h's tolerances of the continuous kind in Q16.16 against
 * the ODE: a position within POS_LSB LSB plus POS_REL of the distance
 * flown, a velocity within VEL_LSB LSB plus VEL_REL of its change. */
#define POS_LSB 64.0
#define POS_REL 1e-5
#define VEL_LSB 64.0
#define VEL_REL 1e-5

/* The f64 model of the same numbers, its step its own (a Q16.16 bound
 * on the step is not the f64 ODE's). */
static af_qdrag_f64 model_f64(const af_qdrag_q16 *m)
{
    af_qdrag_f64 f = qq16_model_f64(m);
    f.dt = 0.0;
    return f;
}

static double len(af_vec3_f64 a)
{
    return sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
}

/* The stated tolerances (m, m/s) of a flight from s to e (f64). */
static double pos_tol(const af_body_f64 *s, const af_body_f64 *e)
{
    return POS_LSB * LSB + POS_REL * dist(s->position, e->position);
}

static double vel_tol(const af_body_f64 *s, const af_body_f64 *e)
{
    return VEL_LSB * LSB + VEL_REL * dist(s->velocity, e->velocity);
}

/* Gravity down z; k log-uniform in [0.005, 0.5] 1/m; half with a linear
 * term, half with a wind along x; dt 0 (the step chosen from the scene)
 * or a bound on it. */
static af_qdrag_q16 random_model(th_rng *rng)
{
    af_qdrag_q16 m;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.z = raw(-9.81);
    m.k = raw(th_rand_log(rng, 0.005, 0.5));
    m.c = th_rand_below(rng, 2) ? raw(th_rand_uniform(rng, 0.0, 0.3)) : 0;
    if (th_rand_below(rng, 2))
        m.wind.x = raw(th_rand_uniform(rng, -3.0, 4.0));
    m.dt = th_rand_below(rng, 4) == 0 ? raw(1.0 / 60.0) : 0;
    return m;
}

static void q16_ode_prediction_follows_the_ode(void)
{
    th_rng rng = th_rng_for("q16_ode_prediction_follows_the_ode");
    long i, count = at_least(th_count(300), 12);
    double worst_p = 0.0, worst_v = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        af_qdrag_f64 f = model_f64(&m);
        af_body_q16 s = launch(th_rand_uniform(&rng, 1.0, 40.0), th_rand_uniform(&rng, -1.4, 1.4),
                               th_rand_uniform(&rng, 0.0, 3.0));
        af_body_f64 sf = body_f64(&s), ef;
        af_body_q16 e;
        fix16_t t = raw(th_rand_uniform(&rng, 0.0, 4.0));
        af_status st = af_qdrag_predict_q16(&m, &s, t, &e);
        if (!TH_CHECK(st == AF_OK, "predict: %s", af_status_name(st)) ||
            !TH_CHECK(af_qdrag_predict_f64(&f, &sf, val(t), &ef) == AF_OK, "f64 predict"))
            continue;
        worst_p = fmax(worst_p, dist(vec_f64(&e.position), ef.position) / LSB);
        worst_v = fmax(worst_v, dist(vec_f64(&e.velocity), ef.velocity) / LSB);
        TH_CHECK(dist(vec_f64(&e.position), ef.position) <= pos_tol(&sf, &ef),
                 "position %.3g m from the ODE's (k %.4f, t %.3f)",
                 dist(vec_f64(&e.position), ef.position), val(m.k), val(t));
        TH_CHECK(dist(vec_f64(&e.velocity), ef.velocity) <= vel_tol(&sf, &ef),
                 "velocity %.3g m/s from the ODE's", dist(vec_f64(&e.velocity), ef.velocity));
    }
    th_note("prediction: at most %.1f LSB of position, %.1f LSB of velocity from f64", worst_p,
            worst_v);
    {
        af_qdrag_q16 m = random_model(&rng);
        af_body_q16 s = launch(10.0, 0.5, 0.0), e;
        TH_CHECK(af_qdrag_predict_steps_q16(&m, &s, 65536, &e) == AF_ERR_BAD_ARGUMENT,
                 "steps of a continuous model");
    }
}

/* The time the ODE's flight (f64) takes for a change of height dh near
 * the event, from its vertical speed: the tolerance of a time. */
static double time_tol(double dh, double vz)
{
    return dh / fmax(fabs(vz), 0.5) + 2.0 * LSB;
}

static void q16_ode_apex_and_heights_follow_the_ode(void)
{
    th_rng rng = th_rng_for("q16_ode_apex_and_heights_follow_the_ode");
    long i, count = at_least(th_count(300), 12), met = 0;
    double worst_apex = 0.0, worst_t = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        af_qdrag_f64 f = model_f64(&m);
        af_body_q16 s = launch(th_rand_uniform(&rng, 3.0, 30.0), th_rand_uniform(&rng, 0.1, 1.4),
                               th_rand_uniform(&rng, 0.0, 3.0));
        af_body_f64 sf = body_f64(&s);
        af_branch br = th_rand_below(&rng, 2) ? AF_RISING : AF_FALLING;
        double draw = th_rand_uniform(&rng, 0.0, 1.0);
        fix16_t H;
        af_drag_event_q16 ev, ap;
        af_drag_event_f64 ef, af;
        af_body_q16 p;
        af_status st;
        if (!TH_CHECK(af_qdrag_apex_q16(&m, &s, &ap) == AF_OK && af_qdrag_apex_f64(&f, &sf, &af) ==
                          AF_OK,
                      "apex"))
            continue;
        /* Apex: its height within the position's tolerance; its time
         * where the vertical speed is within the velocity's. */
        worst_apex = fmax(worst_apex, fabs(val(ap.height) - af.height) / LSB);
        TH_CHECK(fabs(val(ap.height) - af.height) <= pos_tol(&sf, &af.state) + LSB,
                 "apex height %.7f, f64 %.7f", val(ap.height), af.height);
        TH_CHECK(fabs(val(ap.t) - af.t) <= (vel_tol(&sf, &af.state) + LSB) / 9.81 * 2.0 + 2.0 * LSB,
                 "apex at %.7f s, f64 %.7f s", val(ap.t), af.t);
        /* A height on the branch: up to 0.9 of the apex, rising from the
         * launch, falling to 3 m below it. */
        H = raw(br == AF_RISING ? draw * 0.9 * af.height : -3.0 + draw * (3.0 + 0.9 * af.height));
        st = af_qdrag_time_at_height_q16(&m, &s, H, br, &ev);
        if (af_qdrag_time_at_height_f64(&f, &sf, val(H), br, &ef) != AF_OK) {
            /* Within a tolerance of the apex or of nothing: either answer. */
            if (fabs(val(H) - af.height) > pos_tol(&sf, &af.state) + LSB)
                TH_CHECK(st == AF_ERR_NO_SOLUTION || (br == AF_RISING && H == 0),
                         "f64 has no crossing, Q16 %s", af_status_name(st));
            continue;
        }
        if (fabs(val(H) - af.height) <= pos_tol(&sf, &af.state) + LSB && st != AF_OK)
            continue; /* at the apex, within the tolerance */
        if (!TH_CHECK(st == AF_OK, "height %.4f: %s", val(H), af_status_name(st)))
            continue;
        met++;
        TH_CHECK(af_qdrag_predict_q16(&m, &s, ev.t, &p) == AF_OK &&
                     memcmp(&p, &ev.state, sizeof p) == 0,
                 "the state is not the prediction at t");
        worst_t = fmax(worst_t, fabs(val(ev.t) - ef.t));
        TH_CHECK(fabs(val(ev.t) - ef.t) <=
                     time_tol(pos_tol(&sf, &ef.state) + LSB, ef.state.velocity.z),
                 "t %.7f, f64 %.7f", val(ev.t), ef.t);
    }
    TH_CHECK(met * 10 >= count * 9, "only %ld of %ld heights met", met, count);
    th_note("apex height at most %.1f LSB from f64; %ld heights met, time at most %.3g s from "
            "f64",
            worst_apex, met, worst_t);
}

/* An updraft under a crosswind lifts a ball at rest, or one thrown
 * slightly down: the apex and the rising branch after the dip follow the
 * f64 kind (checked against the fine integrator in its own suite), and a
 * climb that stays below the launch leaves the apex at the launch. */
static void q16_ode_updraft_lifts_a_resting_or_falling_body(void)
{
    static const double scene[][4] = {
        /* k, wind x, wind z, vertical speed */
        {0.25, 7.5, 5.0, 0.0}, {0.5, 20.0, 3.0, 0.0},  {0.5, 20.0, 3.0, -0.5},
        {0.5, 20.0, 3.0, -1.0}, {0.5, 20.0, 3.0, -1.5}, {0.5, 20.0, 3.0, -3.0}};
    int i, j, climbs = 0, below = 0;
    for (i = 0; i < (int)(sizeof scene / sizeof scene[0]); i++) {
        af_qdrag_q16 m;
        af_qdrag_f64 f;
        af_body_q16 s;
        af_body_f64 sf, b;
        af_drag_event_q16 ap, ev;
        af_drag_event_f64 af, ef;
        double low = 0.0;
        memset(&m, 0, sizeof m);
        memset(&s, 0, sizeof s);
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.gravity.z = raw(-9.8125);
        m.k = raw(scene[i][0]);
        m.wind.x = raw(scene[i][1]);
        m.wind.z = raw(scene[i][2]);
        s.position.z = raw(1.0);
        s.velocity.z = raw(scene[i][3]);
        f = model_f64(&m);
        sf = body_f64(&s);
        if (!TH_CHECK(af_qdrag_apex_q16(&m, &s, &ap) == AF_OK &&
                          af_qdrag_apex_f64(&f, &sf, &af) == AF_OK,
                      "scene %d: apex", i))
            continue;
        TH_CHECK(fabs(val(ap.height) - af.height) <= pos_tol(&sf, &af.state) + LSB &&
                     fabs(val(ap.t) - af.t) <=
                         (vel_tol(&sf, &af.state) + LSB) / 9.81 * 2.0 + 2.0 * LSB,
                 "scene %d: apex %.7f m at %.7f s, f64 %.7f m at %.7f s", i, val(ap.height),
                 val(ap.t), af.height, af.t);
        if (af.t == 0.0) {
            below++;
            TH_CHECK(ap.t == 0 && ap.height == 0, "scene %d: the apex is not the launch", i);
            TH_CHECK(af_qdrag_time_at_height_q16(&m, &s, raw(-0.05), AF_RISING, &ev) ==
                         AF_ERR_NO_SOLUTION,
                     "scene %d: a rising branch below the launch", i);
            continue;
        }
        climbs++;
        /* The dip's bottom, sampled on the f64 flight. */
        for (j = 1; j <= 256 && af_qdrag_predict_f64(&f, &sf, af.t * j / 256, &b) == AF_OK; j++)
            low = fmin(low, b.position.z - sf.position.z);
        for (j = 0; j < 2; j++) {
            fix16_t H = raw(j ? af.height / 2 : low / 2);
            af_status st = af_qdrag_time_at_height_q16(&m, &s, H, AF_RISING, &ev);
            if (low / 2 > -4.0 * LSB && !j)
                continue; /* no dip to climb out of */
            if (!TH_CHECK(st == AF_OK &&
                              af_qdrag_time_at_height_f64(&f, &sf, val(H), AF_RISING, &ef) == AF_OK,
                          "scene %d: rising to %.6f m: %s", i, val(H), af_status_name(st)))
                continue;
            TH_CHECK(fabs(val(ev.t) - ef.t) <=
                         time_tol(pos_tol(&sf, &ef.state) + LSB, ef.state.velocity.z),
                     "scene %d: rising to %.6f m at %.7f s, f64 %.7f s", i, val(H), val(ev.t),
                     ef.t);
        }
    }
    TH_CHECK(climbs >= 3 && below >= 2, "%d scenes climb, %d stay below", climbs, below);
}

static void q16_ode_samples_are_the_predictions(void)
{
    th_rng rng = th_rng_for("q16_ode_samples_are_the_predictions");
    long i, count = at_least(th_count(60), 6);
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        qq16_check_samples(&rng, &m);
    }
}

static void q16_ode_landing_is_the_height_crossing(void)
{
    th_rng rng = th_rng_for("q16_ode_landing_is_the_height_crossing");
    long i, count = at_least(th_count(200), 12), landed = 0;
    double worst = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        fix16_t tol = raw(0.001);
        af_drag_landing_q16 out;
        af_drag_event_q16 ev;
        if (!qq16_landing(&rng, &m, tol, &out, &ev))
            continue;
        landed++;
        /* The chord's hit lies within the tolerance of the path: its time
         * within that over the vertical speed of the height's crossing. */
        worst = fmax(worst, fabs(val(out.t - ev.t)));
        TH_CHECK(fabs(val(out.t - ev.t)) <= time_tol(2.0 * val(tol), val(ev.state.velocity.z)),
                 "landing at %.7f s, the height crossing at %.7f s", val(out.t), val(ev.t));
    }
    TH_CHECK(landed * 2 >= count, "only %ld of %ld landed", landed, count);
    th_note("landing: %ld landed, at most %.3g s from the crossing", landed, worst);
}

/* The miss aimfix/qdrag_aim.h allows a continuous aim, with the flight's
 * steps counted at the shortest step the tests' scenes lead to (1/512 s:
 * the allowance grows with the steps). */
static double miss_allowed(fix16_t t)
{
    return qq16_miss_allowed(val(t) * 512.0 + 1.0);
}

static void q16_ode_aim_time_hits_and_follows_the_ode(void)
{
    th_rng rng = th_rng_for("q16_ode_aim_time_hits_and_follows_the_ode");
    long i, count = at_least(th_count(200), 12), solved = 0;
    double worst = 0.0, worst_f64 = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        af_qdrag_f64 f = model_f64(&m);
        af_body_q16 shooter, target;
        unsigned flags;
        fix16_t T;
        af_shots_q16 out;
        af_shots_f64 of;
        af_body_f64 sf, tf;
        af_status st;
        double e;
        if (!qq16_aim_time_scene(&rng, &m, &shooter, &target, &T, &flags))
            continue;
        st = af_qdrag_aim_time_q16(&m, &shooter, &target, T, flags, &out);
        if (!TH_CHECK(st == AF_OK && out.count == 1, "aim_time: %s", af_status_name(st)))
            continue;
        solved++;
        e = qq16_flown_miss(&m, &shooter, &out.shot[0], flags);
        worst = fmax(worst, e);
        TH_CHECK(e <= miss_allowed(T), "the flight misses by %.1f LSB (allowed %.0f)", e,
                 miss_allowed(T));
        sf = body_f64(&shooter);
        tf = body_f64(&target);
        if (af_qdrag_aim_time_f64(&f, &sf, &tf, val(T), flags, &of) == AF_OK) {
            /* A miss of the position's tolerance moves the launch by about
             * that over the time of flight (drag only shortens a
             * velocity's reach: four times it, with the allowed miss). */
            af_body_f64 a, b;
            double ev = dist(of.shot[0].velocity, vec_f64(&out.shot[0].velocity)), lim;
            a.position = sf.position;
            a.velocity = of.shot[0].velocity;
            b.position = of.shot[0].point;
            b.velocity = a.velocity;
            lim = (pos_tol(&a, &b) + miss_allowed(T) * LSB) / val(T) * 4.0;
            worst_f64 = fmax(worst_f64, ev);
            TH_CHECK(ev <= lim, "velocity %.3g m/s from f64's (limit %.3g)", ev, lim);
        }
    }
    TH_CHECK(solved * 2 >= count, "only %ld of %ld solved", solved, count);
    th_note("fixed time: %ld solved; flown miss at most %.1f LSB; velocity against f64 %.3g m/s",
            solved, worst, worst_f64);
}

static void q16_ode_aim_speed_finds_the_odes_shots(void)
{
    th_rng rng = th_rng_for("q16_ode_aim_speed_finds_the_odes_shots");
    long i, count = at_least(th_count(100), 6), shots = 0, same = 0;
    double worst = 0.0, worst_t = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        af_qdrag_f64 f = model_f64(&m);
        af_body_q16 shooter, target;
        af_body_f64 sf, tf;
        af_shots_q16 out;
        af_shots_f64 of;
        double speed = val(raw(th_rand_uniform(&rng, 8.0, 30.0)));
        double X = val(raw(th_rand_uniform(&rng, 2.0, fmax(3.0, fmin(25.0, 2.0 / val(m.k))))));
        af_status st, sf_st;
        int k;
        memset(&shooter, 0, sizeof shooter);
        memset(&target, 0, sizeof target);
        target.position.x = raw(X);
        target.position.z = raw(th_rand_uniform(&rng, -2.0, 4.0));
        if (th_rand_below(&rng, 2)) {
            target.velocity.x = raw(th_rand_uniform(&rng, -2.0, 2.0));
            target.velocity.y = raw(th_rand_uniform(&rng, -2.0, 2.0));
        }
        st = af_qdrag_aim_speed_q16(&m, &shooter, &target, raw(speed), raw(4.0), 0, &out);
        sf = body_f64(&shooter);
        tf = body_f64(&target);
        sf_st = af_qdrag_aim_speed_f64(&f, &sf, &tf, speed, 4.0, 0, &of);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "aim_speed: %s", af_status_name(st));
        for (k = 0; k < out.count; k++) {
            double e = qq16_flown_miss(&m, &shooter, &out.shot[k], 0);
            af_vec3_f64 v = vec_f64(&out.shot[k].velocity);
            shots++;
            worst = fmax(worst, e);
            TH_CHECK(e <= miss_allowed(out.shot[k].t), "shot %d misses by %.1f LSB", k, e);
            TH_CHECK(fabs(len(v) - speed) <= 1e-3 * speed, "shot %d: speed %.6f, asked %.6f", k,
                     len(v), speed);
        }
        /* The same shots as the ODE's, but for a pair of arcs that meet
         * (a graze) within the tolerances, which either may see or not. */
        if (sf_st != AF_OK && out.count == 0)
            same++;
        else if (sf_st == AF_OK && out.count == of.count) {
            same++;
            for (k = 0; k < out.count; k++) {
                double dt = fabs(val(out.shot[k].t) - of.shot[k].t);
                worst_t = fmax(worst_t, dt);
                TH_CHECK(dt <= 0.01 * of.shot[k].t + 4.0 * LSB, "shot %d at %.5f s, f64 %.5f s",
                         k, val(out.shot[k].t), of.shot[k].t);
            }
        } else if (sf_st == AF_OK || out.count > 0)
            th_note("scene %ld: %d shots, f64 %d", i, out.count, sf_st == AF_OK ? of.count : 0);
    }
    TH_CHECK(same * 10 >= count * 9, "the same shots as f64 in only %ld of %ld scenes", same,
             count);
    th_note("fixed speed: %ld shots, flown miss at most %.1f LSB; %ld of %ld scenes as f64, "
            "times within %.3g s",
            shots, worst, same, count, worst_t);
}

static void q16_ode_max_range_follows_the_ode(void)
{
    th_rng rng = th_rng_for("q16_ode_max_range_follows_the_ode");
    long i, count = at_least(th_count(40), 4);
    double worst = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        af_qdrag_f64 f = model_f64(&m);
        double speed = val(raw(th_rand_uniform(&rng, 5.0, 30.0)));
        double h = val(raw(th_rand_uniform(&rng, -2.0, 1.0)));
        af_vec3_q16 heading = { 65536, 0, 0 };
        af_vec3_f64 hf = { 1.0, 0.0, 0.0 };
        af_range_q16 r;
        af_range_f64 rf;
        af_status st = af_qdrag_max_range_q16(&m, raw(speed), raw(h), &heading, &r);
        if (af_qdrag_max_range_f64(&f, speed, h, &hf, &rf) != AF_OK) {
            TH_CHECK(st != AF_OK || r.range < raw(0.05), "f64 has no range, Q16 %s",
                     af_status_name(st));
            continue;
        }
        if (!TH_CHECK(st == AF_OK, "max_range: %s", af_status_name(st)))
            continue;
        worst = fmax(worst, fabs(val(r.range) - rf.range));
        /* The range is flat at its top: the elevation's roundings cost
         * little, the flight's tolerance all its length. */
        TH_CHECK(fabs(val(r.range) - rf.range) <= POS_LSB * LSB + 1e-4 * rf.range,
                 "range %.6f m, f64 %.6f m", val(r.range), rf.range);
    }
    th_note("max range: at most %.3g m from f64", worst);
}

static const th_case cases[] = {
    TH_CASE(q16_ode_prediction_follows_the_ode),
    TH_CASE(q16_ode_apex_and_heights_follow_the_ode),
    TH_CASE(q16_ode_updraft_lifts_a_resting_or_falling_body),
    TH_CASE(q16_ode_samples_are_the_predictions),
    TH_CASE(q16_ode_landing_is_the_height_crossing),
    TH_CASE(q16_ode_aim_time_hits_and_follows_the_ode),
    TH_CASE(q16_ode_aim_speed_finds_the_odes_shots),
    TH_CASE(q16_ode_max_range_follows_the_ode),
};

TH_MAIN("qdrag_ode_q16", cases)
