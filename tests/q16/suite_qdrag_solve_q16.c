/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16, stepped kind: the queries beyond prediction.
 * Each answer is checked against the Q16.16 engine itself (written here
 * again from aimfix/qdrag.h's statement: heights on its segments, samples
 * and landings on its path, aims flown by it), against a brute-force scan
 * over the elevation for lost arcs, and against the f64 solvers on the
 * same numbers within the engines' drift (the position drifts by the
 * steps' roundings: at most DRIFT_LSB times the square of the steps, the
 * bound suite_qdrag_q16 holds the prediction to).
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "qdrag_q16_check.h"

#define DRIFT_LSB 2.0

/* Gravity down z; k log-uniform in [0.005, 0.5] 1/m; half with a linear
 * term, half with a wind along x (from behind a shot along +x). */
static af_qdrag_q16 random_model(th_rng *rng)
{
    af_qdrag_q16 m;
    static const double steps[] = { 0.01, 1.0 / 60.0, 0.02, 1.0 / 30.0 };
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.gravity.z = raw(-9.81);
    m.k = raw(th_rand_log(rng, 0.005, 0.5));
    m.c = th_rand_below(rng, 2) ? raw(th_rand_uniform(rng, 0.0, 0.3)) : 0;
    if (th_rand_below(rng, 2))
        m.wind.x = raw(th_rand_uniform(rng, -3.0, 4.0));
    m.dt = raw(steps[th_rand_below(rng, 4)]);
    m.order = th_rand_below(rng, 2) ? AF_QDRAG_DRAG_FIRST : AF_QDRAG_GRAVITY_FIRST;
    return m;
}

/* The engine's state after n steps (predict_steps is held to the
 * engine's own loop by suite_qdrag_q16). */
static int engine(const af_qdrag_q16 *m, const af_body_q16 *s, int32_t n, af_body_q16 *out)
{
    return af_qdrag_predict_steps_q16(m, s, n * 65536, out) == AF_OK;
}

static void q16_height_is_on_the_engines_segment(void)
{
    th_rng rng = th_rng_for("q16_height_is_on_the_engines_segment");
    long i, count = at_least(th_count(300), 12), met = 0;
    double worst_f64 = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        af_body_q16 s = launch(th_rand_uniform(&rng, 3.0, 30.0), th_rand_uniform(&rng, 0.1, 1.4),
                               th_rand_uniform(&rng, 0.0, 3.0));
        af_branch br = th_rand_below(&rng, 2) ? AF_RISING : AF_FALLING;
        fix16_t H = raw(th_rand_uniform(&rng, -3.0, 8.0));
        af_drag_event_q16 ev;
        af_body_q16 a, b, p;
        int32_t n, want = -1;
        int apex_passed = 0;
        af_status st = af_qdrag_time_at_height_q16(&m, &s, H, br, &ev);
        /* The engine's segments: the first on the branch that crosses H. */
        a = s;
        for (n = 0; n < 2000 && want < 0; n++, a = b) {
            if (!engine(&m, &a, 1, &b))
                break;
            if (b.velocity.z <= 0)
                apex_passed = 1;
            if (br == AF_RISING && apex_passed)
                break;
            if (br == AF_RISING && a.position.z - s.position.z < H &&
                b.position.z - s.position.z >= H)
                want = n;
            if (br == AF_FALLING && apex_passed && a.position.z - s.position.z > H &&
                b.position.z - s.position.z <= H)
                want = n;
            if (br == AF_FALLING && apex_passed && a.position.z - s.position.z == H)
                want = n;
        }
        if (want < 0) {
            TH_CHECK(st == AF_ERR_NO_SOLUTION || (br == AF_RISING && H == 0 && st == AF_OK),
                     "no crossing on the engine's branch, got %s", af_status_name(st));
            continue;
        }
        if (!TH_CHECK(st == AF_OK, "crossing in segment %ld: %s", (long)want, af_status_name(st)))
            continue;
        met++;
        TH_CHECK(ev.t >= want * m.dt && ev.t <= (want + 1) * m.dt,
                 "t %ld raw outside the crossing segment [%ld, %ld]", (long)ev.t,
                 (long)(want * m.dt), (long)((want + 1) * m.dt));
        TH_CHECK(af_qdrag_predict_q16(&m, &s, ev.t, &p) == AF_OK &&
                     memcmp(&p, &ev.state, sizeof p) == 0,
                 "the state is not the prediction at t");
        /* Within the rounding of t (half an LSB of time at the segment's
         * vertical speed) and of the position. */
        TH_CHECK(fabs(val(ev.state.position.z - s.position.z) - val(H)) <=
                     (1.0 + 0.5 * fabs(val(ev.state.velocity.z))) * LSB,
                 "height %.7f at t, asked %.7f", val(ev.state.position.z - s.position.z), val(H));
        {
            af_qdrag_f64 f = qq16_model_f64(&m);
            af_body_f64 sf = body_f64(&s);
            af_drag_event_f64 ef;
            if (af_qdrag_time_at_height_f64(&f, &sf, val(H), br, &ef) == AF_OK) {
                /* The drift in height over the vertical speed, or a
                 * segment's time where the branches differ by one step. */
                double e = fabs(ef.t - val(ev.t)), nn = val(ev.t) / f.dt + 1.0;
                double lim = DRIFT_LSB * nn * nn * LSB / fmax(fabs(ef.state.velocity.z), 0.5) + f.dt;
                worst_f64 = fmax(worst_f64, e);
                TH_CHECK(e <= lim, "t %.7f, f64 %.7f", val(ev.t), ef.t);
            }
        }
    }
    TH_CHECK(met * 3 >= count, "only %ld of %ld heights met", met, count);
    th_note("height: %ld met; time against f64 at most %.3g s", met, worst_f64);
}

static void q16_samples_are_the_predictions(void)
{
    th_rng rng = th_rng_for("q16_samples_are_the_predictions");
    long i, count = th_count(100);
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        qq16_check_samples(&rng, &m);
    }
}

static void q16_landing_is_on_the_engines_path(void)
{
    th_rng rng = th_rng_for("q16_landing_is_on_the_engines_path");
    long i, count = at_least(th_count(200), 12), landed = 0;
    double worst = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        af_drag_landing_q16 out;
        af_drag_event_q16 ev;
        if (!qq16_landing(&rng, &m, raw(0.01), &out, &ev))
            continue;
        landed++;
        /* The floor's crossing of the engine's segment, within the
         * rounding of the hit and of the ray's direction. */
        worst = fmax(worst, fabs(val(out.t - ev.t)));
        TH_CHECK(fabs(val(out.t - ev.t)) <= 8.0 * LSB + 1e-3 * val(m.dt),
                 "landing at %.7f s, the height crossing at %.7f s", val(out.t), val(ev.t));
    }
    TH_CHECK(landed * 2 >= count, "only %ld of %ld landed", landed, count);
    th_note("landing: %ld landed, at most %.3g s from the crossing", landed, worst);
}

static double miss_allowed(const af_qdrag_q16 *m, fix16_t t)
{
    return qq16_miss_allowed((double)(t / m->dt) + 1.0);
}

static void q16_aim_time_hits_with_the_engine(void)
{
    th_rng rng = th_rng_for("q16_aim_time_hits_with_the_engine");
    long i, count = at_least(th_count(200), 12), solved = 0;
    double worst = 0.0, worst_f64 = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        af_body_q16 shooter, target;
        unsigned flags;
        fix16_t T;
        af_shots_q16 out;
        af_status st;
        double e;
        if (!qq16_aim_time_scene(&rng, &m, &shooter, &target, &T, &flags))
            continue;
        st = af_qdrag_aim_time_q16(&m, &shooter, &target, T, flags, &out);
        if (st == AF_ERR_OUT_OF_RANGE)
            continue; /* a launch whose first step's drag reverses it */
        if (!TH_CHECK(st == AF_OK && out.count == 1, "aim_time: %s", af_status_name(st)))
            continue;
        solved++;
        e = qq16_flown_miss(&m, &shooter, &out.shot[0], flags);
        worst = fmax(worst, e);
        TH_CHECK(e <= miss_allowed(&m, T), "the engine misses by %.1f LSB (allowed %.0f)", e,
                 miss_allowed(&m, T));
        {
            af_qdrag_f64 f = qq16_model_f64(&m);
            af_body_f64 sf = body_f64(&shooter), tf = body_f64(&target);
            af_shots_f64 of;
            if (af_qdrag_aim_time_f64(&f, &sf, &tf, val(T), flags, &of) == AF_OK) {
                /* The velocities differ by the drift over the time, both
                 * engines' misses included. */
                double nn = val(T) / f.dt + 1.0;
                double ev = dist(of.shot[0].velocity, vec_f64(&out.shot[0].velocity));
                double lim = (DRIFT_LSB * nn * nn + miss_allowed(&m, T)) * LSB / val(T) * 4.0;
                worst_f64 = fmax(worst_f64, ev);
                TH_CHECK(ev <= lim, "velocity %.3g m/s from f64's (limit %.3g)", ev, lim);
            }
        }
    }
    TH_CHECK(solved * 2 >= count, "only %ld of %ld solved", solved, count);
    th_note("fixed time: %ld solved; engine miss at most %.1f LSB; velocity against f64 %.3g m/s",
            solved, worst, worst_f64);
}

/* The height at horizontal distance X of the Q16 engine's flight, on its
 * segments; 0 when it never gets there within max_t. */
static int cross_x(const af_qdrag_q16 *m, const af_body_q16 *s, double X, double max_t,
                   double *z)
{
    af_vec3_q16 pts[2];
    af_body_q16 b = *s, nb;
    int32_t n;
    (void)pts;
    for (n = 0; n * val(m->dt) < max_t; n++) {
        if (!engine(m, &b, 1, &nb))
            return 0;
        if (val(nb.position.x) >= X) {
            double f = (X - val(b.position.x)) / (val(nb.position.x) - val(b.position.x));
            *z = val(b.position.z) + f * (val(nb.position.z) - val(b.position.z));
            return 1;
        }
        b = nb;
    }
    return 0;
}

#if TH_SCALE > 1
#define ELEVATIONS 120
#else
#define ELEVATIONS 480
#endif
#define SCAN_MAX_TIME 4.0

static void q16_aim_speed_misses_no_arc(void)
{
    th_rng rng = th_rng_for("q16_aim_speed_misses_no_arc");
    /* At least 6 scenes on a slow board: enough to hold an arc. */
    long i, count = at_least(th_count(100), 6), arcs = 0, shots = 0;
    double worst = 0.0, worst_speed = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        af_body_q16 shooter, target;
        af_shots_q16 out;
        double speed = val(raw(th_rand_uniform(&rng, 8.0, 30.0)));
        double X = val(raw(th_rand_uniform(&rng, 2.0, fmax(3.0, fmin(25.0, 2.0 / val(m.k))))));
        double prev_e = 0.0, prev_el = 0.0;
        int have_prev = 0, j, k;
        af_status st;
        m.wind.x = raw(th_rand_uniform(&rng, 0.0, 4.0));
        memset(&shooter, 0, sizeof shooter);
        memset(&target, 0, sizeof target);
        target.position.x = raw(X);
        target.position.z = raw(th_rand_uniform(&rng, -2.0, 4.0));
        st = af_qdrag_aim_speed_q16(&m, &shooter, &target, raw(speed), raw(SCAN_MAX_TIME), 0,
                                    &out);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "aim_speed: %s", af_status_name(st));
        for (k = 0; k < out.count; k++) {
            double e = qq16_flown_miss(&m, &shooter, &out.shot[k], 0);
            double sp = sqrt(val(out.shot[k].velocity.x) * val(out.shot[k].velocity.x) +
                             val(out.shot[k].velocity.y) * val(out.shot[k].velocity.y) +
                             val(out.shot[k].velocity.z) * val(out.shot[k].velocity.z));
            shots++;
            worst = fmax(worst, e);
            worst_speed = fmax(worst_speed, fabs(sp - speed));
            TH_CHECK(e <= miss_allowed(&m, out.shot[k].t), "shot %d misses by %.1f LSB", k, e);
            TH_CHECK(fabs(sp - speed) <= 1e-3 * speed, "shot %d: speed %.6f, asked %.6f", k, sp,
                     speed);
            TH_CHECK(k == 0 || out.shot[k].t > out.shot[k - 1].t, "shots out of order");
        }
        for (j = 0; j <= ELEVATIONS; j++) {
            double el = -1.45 + 2.9 * j / ELEVATIONS, z;
            af_body_q16 b = launch(speed, el, 0.0);
            if (!cross_x(&m, &b, X, 0.95 * SCAN_MAX_TIME, &z)) {
                have_prev = 0;
                continue;
            }
            if (have_prev && (prev_e < 0.0) != (z - val(target.position.z) < 0.0)) {
                int found = 0;
                arcs++;
                for (k = 0; k < out.count; k++) {
                    double sel = atan2(val(out.shot[k].velocity.z), val(out.shot[k].velocity.x));
                    if (sel >= prev_el - 0.02 && sel <= el + 0.02)
                        found = 1;
                }
                TH_CHECK(found, "the arc between %.2f and %.2f rad was missed (%d shots)", prev_el,
                         el, out.count);
            }
            prev_e = z - val(target.position.z);
            prev_el = el;
            have_prev = 1;
        }
    }
    TH_CHECK(arcs > 0, "the scan found no arc at all");
    th_note("fixed speed: %ld arcs scanned, %ld shots; engine miss at most %.1f LSB, speed %.3g",
            arcs, shots, worst, worst_speed);
}

/* A static target whose needed speed dips below the one given (two
 * arcs, about 1.08 s and 1.75 s): a scan sample settled on the engine's
 * folded branch (a launch near 200 m/s whose first step leaves it slower
 * than a slower launch would) once gave a wrong F and F' and ended the
 * scan as if past the dip. */
static void q16_a_folded_sample_does_not_end_the_scan(void)
{
    static const int32_t in[] = { 6021, -10039, -606640, 7487, 9349, -130051, 154924, -17160,
                                  -120147, 92216, 317714, 105023, -77670, 895589, 219133 };
    af_qdrag_q16 m;
    af_body_q16 shooter, target;
    af_shots_q16 out;
    af_status st;
    int k;
    memset(&m, 0, sizeof m);
    memset(&shooter, 0, sizeof shooter);
    memset(&target, 0, sizeof target);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_QDRAG_GRAVITY_FIRST;
    m.gravity.x = in[0];
    m.gravity.y = in[1];
    m.gravity.z = in[2];
    m.k = in[3];
    m.dt = in[4];
    shooter.position.x = in[5];
    shooter.position.y = in[6];
    shooter.position.z = in[7];
    shooter.velocity.x = in[8];
    shooter.velocity.y = in[9];
    target.position.x = in[10];
    target.position.y = in[11];
    target.position.z = in[12];
    st = af_qdrag_aim_speed_q16(&m, &shooter, &target, in[13], in[14], 0, &out);
    TH_CHECK(st == AF_OK && out.count == 2, "%s, %d shots (two arcs)", af_status_name(st),
             out.count);
    for (k = 0; k < out.count; k++)
        TH_CHECK(qq16_flown_miss(&m, &shooter, &out.shot[k], 0) <= miss_allowed(&m, out.shot[k].t),
                 "shot %d misses", k);
}

static void q16_aim_speed_meets_moving_targets(void)
{
    th_rng rng = th_rng_for("q16_aim_speed_meets_moving_targets");
    long i, count = th_count(200), hit = 0, same_count = 0, compared = 0;
    double worst_t = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        af_body_q16 shooter, target;
        af_shots_q16 out;
        af_shots_f64 of;
        unsigned flags = th_rand_below(&rng, 2) ? AF_INHERIT_VELOCITY : 0;
        double speed = th_rand_uniform(&rng, 10.0, 30.0);
        int k;
        af_status st, sf;
        memset(&shooter, 0, sizeof shooter);
        memset(&target, 0, sizeof target);
        shooter.velocity.x = raw(th_rand_uniform(&rng, -2.0, 2.0));
        target.position.x = raw(th_rand_uniform(&rng, 3.0, 15.0));
        target.position.y = raw(th_rand_uniform(&rng, -5.0, 5.0));
        target.position.z = raw(th_rand_uniform(&rng, -1.0, 3.0));
        target.velocity.x = raw(th_rand_uniform(&rng, -3.0, 3.0));
        target.velocity.y = raw(th_rand_uniform(&rng, -3.0, 3.0));
        st = af_qdrag_aim_speed_q16(&m, &shooter, &target, raw(speed), raw(4.0), flags, &out);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "aim_speed: %s", af_status_name(st));
        for (k = 0; k < out.count; k++) {
            double e = qq16_flown_miss(&m, &shooter, &out.shot[k], flags);
            hit++;
            TH_CHECK(e <= miss_allowed(&m, out.shot[k].t), "shot %d misses by %.1f LSB", k, e);
        }
        {
            af_qdrag_f64 f = qq16_model_f64(&m);
            af_body_f64 s64 = body_f64(&shooter), t64 = body_f64(&target);
            sf = af_qdrag_aim_speed_f64(&f, &s64, &t64, val(raw(speed)), 4.0, flags, &of);
            if (sf == AF_OK && st == AF_OK) {
                compared++;
                if (of.count == out.count) {
                    same_count++;
                    for (k = 0; k < out.count; k++)
                        worst_t = fmax(worst_t, fabs(of.shot[k].t - val(out.shot[k].t)));
                }
            }
        }
    }
    /* Near a grazing arc pair the engines' drift may decide differently. */
    TH_CHECK(same_count * 10 >= compared * 9, "only %ld of %ld scenes with f64's shot count",
             same_count, compared);
    th_note("moving: %ld shots; %ld of %ld scenes as f64, times within %.3g s", hit, same_count,
            compared, worst_t);
}

static void q16_max_range_beats_every_scanned_shot(void)
{
    th_rng rng = th_rng_for("q16_max_range_beats_every_scanned_shot");
    long i, count = th_count(60);
    double worst = 0.0, worst_scan = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        af_vec3_q16 heading = { 65536, 0, 0 };
        af_range_q16 r;
        af_range_f64 rf;
        double speed = val(raw(th_rand_uniform(&rng, 5.0, 30.0)));
        fix16_t level = raw(th_rand_uniform(&rng, -3.0, 2.0));
        double best = -INFINITY; /* signed, along the heading +x */
        int j;
        af_qdrag_f64 f = qq16_model_f64(&m);
        af_vec3_f64 hf = { 1.0, 0.0, 0.0 };
        af_status st = af_qdrag_max_range_q16(&m, raw(speed), level, &heading, &r);
        af_status sf = af_qdrag_max_range_f64(&f, speed, val(level), &hf, &rf);
        if (st == AF_ERR_NO_SOLUTION) {
            /* Too high for even a vertical shot: f64 agrees, or its apex
             * is within the engines' drift of the level. */
            af_body_q16 up = launch(speed, 1.5707963267948966, 0.0);
            af_drag_event_q16 apex;
            TH_CHECK(sf == AF_ERR_NO_SOLUTION ||
                         (af_qdrag_apex_q16(&m, &up, &apex) == AF_OK &&
                          fabs(val(apex.height) - val(level)) < 1e-3),
                     "no solution, f64 %s", af_status_name(sf));
            continue;
        }
        if (!TH_CHECK(st == AF_OK, "max_range: %s", af_status_name(st)))
            continue;
        for (j = 1; j < 200; j++) {
            af_body_q16 b = launch(speed, -1.4 + 2.9 * j / 200.0, 0.0);
            af_drag_event_q16 ev;
            if (af_qdrag_time_at_height_q16(&m, &b, level, AF_FALLING, &ev) == AF_OK)
                best = fmax(best, val(ev.state.position.x));
        }
        {
            /* The range is the engine's, whose roundings make it a noisy
             * function of the launch: within that noise of the best. */
            double nn = val(r.t) / val(m.dt) + 1.0, noise = (4.0 + nn * nn / 64.0) * LSB;
            worst_scan = fmax(worst_scan, best - val(r.range));
            TH_CHECK(val(r.range) >= best - noise, "range %.6f, the scan found %.6f",
                     val(r.range), best);
            if (sf == AF_OK) {
                double e = fabs(rf.range - val(r.range));
                worst = fmax(worst, e);
                TH_CHECK(e <= 1e-4 * rf.range + DRIFT_LSB * nn * nn * LSB,
                         "range %.6f, f64 %.6f", val(r.range), rf.range);
            }
        }
    }
    th_note("max range: at most %.3g m from f64, %.3g m below the scan", worst, worst_scan);
}

/* One fixed scene's maximum range: found, its shot lands on the level
 * where it says along the heading +x (signed: a head wind can carry a lob
 * back behind the launcher), and no scanned shot lands farther along. */
static void check_fixed_range(const af_qdrag_q16 *m, double speed, double level)
{
    af_vec3_q16 heading = { 65536, 0, 0 };
    af_range_q16 r;
    af_body_q16 b;
    af_drag_event_q16 ev;
    double best = -INFINITY, nn, noise;
    int j;
    af_status st = af_qdrag_max_range_q16(m, raw(speed), raw(level), &heading, &r);
    if (!TH_CHECK(st == AF_OK, "max_range: %s", af_status_name(st)))
        return;
    for (j = 1; j < 200; j++) {
        b = launch(speed, -1.4 + 2.9 * j / 200.0, 0.0);
        if (af_qdrag_time_at_height_q16(m, &b, raw(level), AF_FALLING, &ev) == AF_OK)
            best = fmax(best, val(ev.state.position.x));
    }
    nn = val(r.t) / val(m->dt) + 1.0;
    noise = (4.0 + nn * nn / 64.0) * LSB;
    TH_CHECK(val(r.range) >= best - noise, "range %.6f, the scan found %.6f", val(r.range), best);
    memset(&b, 0, sizeof b);
    b.velocity.x = r.horizontal_speed;
    b.velocity.z = r.vertical_speed;
    st = af_qdrag_time_at_height_q16(m, &b, raw(level), AF_FALLING, &ev);
    TH_CHECK(st == AF_OK && ev.state.position.x == r.range && ev.t == r.t,
             "the range's shot (%s) lands at %.6f after %.6f s, not %.6f after %.6f s",
             af_status_name(st), val(ev.state.position.x), val(ev.t), val(r.range), val(r.t));
}

/* A strong head wind carries a lob straight up farther back than any
 * forward shot lands: the range is the best landing along the heading,
 * not the farthest from the launcher in any direction. */
static void q16_max_range_is_along_the_heading_in_a_head_wind(void)
{
    af_qdrag_q16 m;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.gravity.z = raw(-9.81);
    m.wind.x = raw(-3.8663126407546011);
    m.k = raw(0.12104663064075435);
    m.c = raw(0.27399013696312657);
    m.dt = raw(0.01);
    m.order = AF_QDRAG_DRAG_FIRST;
    check_fixed_range(&m, 10.814101397877602, -2.6843243569234705);
    m.wind.x = raw(-3.9161847421136056);
    m.k = raw(0.46505910036152481);
    m.c = 0;
    m.dt = raw(1.0 / 60.0);
    check_fixed_range(&m, 26.356269541014601, -0.32114491935304823);
}

/* In a tail wind the apex is highest for a shot tilted downwind (its
 * horizontal speed meets the air's, so the rise is least dragged): a
 * level above the vertical shot's apex but below that one is reached. */
static void q16_max_range_reaches_a_level_only_a_tilted_shot_climbs_to(void)
{
    af_qdrag_q16 m;
    af_body_q16 up = launch(7.0, 1.5707963267948966, 0.0);
    af_drag_event_q16 apex;
    af_status st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.gravity.z = raw(-9.81);
    m.wind.x = raw(5.0);
    m.k = raw(0.5);
    m.dt = raw(0.02);
    m.order = AF_QDRAG_GRAVITY_FIRST;
    st = af_qdrag_apex_q16(&m, &up, &apex);
    /* The engine's apex peaks near 1.057 m; straight up reaches 1.026 m. */
    TH_CHECK(st == AF_OK && apex.height < raw(1.04), "the vertical shot's apex (%s) reaches 1.04",
             af_status_name(st));
    check_fixed_range(&m, 7.0, 1.04);
}

/* The range's search at the ends of Q16.16: 24000 m/s aimed at a lower
 * level spans 3e9 raw units of vz (its interval once overflowed an int;
 * the heights of such flights, 4 km under 32767 m/s^2, once overflowed
 * their drop's rounding to Q16.16), and a heading of -32768 straight down
 * once overflowed the negation of its vertical part. The sanitizer builds
 * stop on either. */
static void q16_range_at_the_ends_of_q16(void)
{
    af_qdrag_q16 m;
    af_vec3_q16 level = { 65536, 0, 0 }, down = { 0, 0, INT32_MIN };
    af_range_q16 r;
    af_status st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    /* Gravity of 32767 m/s^2 keeps those flights within Q16.16. */
    m.gravity.z = -INT32_MAX;
    m.dt = raw(0.01);
    st = af_qdrag_max_range_q16(&m, 24000 * 65536, raw(-1.0), &level, &r);
    TH_CHECK(st == AF_OK && r.range > 0 && r.vertical_speed > 0, "24000 m/s: %s",
             af_status_name(st));
    m.gravity.z = raw(-9.81);
    m.k = raw(0.01);
    st = af_qdrag_max_range_q16(&m, raw(10.0), 0, &down, &r);
    TH_CHECK(st == AF_ERR_BAD_ARGUMENT && r.range == 0, "heading straight down: %s",
             af_status_name(st));
}

static void q16_solver_bad_inputs_are_refused(void)
{
    af_qdrag_q16 m;
    af_body_q16 s;
    af_drag_event_q16 ev;
    af_shots_q16 shots;
    af_range_q16 r;
    af_drag_landing_q16 land;
    af_vec3_q16 pts[4], heading = { 0, 0, 65536 };
    double fl = 0.0;
    memset(&m, 0, sizeof m);
    memset(&s, 0, sizeof s);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.gravity.z = raw(-9.81);
    m.k = raw(0.1);
    m.dt = raw(0.02);
    s.velocity.x = raw(10.0);
    s.velocity.z = raw(10.0);
    memset(&ev, 0x55, sizeof ev);
    TH_CHECK(af_qdrag_time_at_height_q16(&m, &s, raw(1.0), (af_branch)7, &ev) ==
                     AF_ERR_BAD_ARGUMENT &&
                 ev.t == 0 && ev.state.position.x == 0,
             "unknown branch");
    TH_CHECK(af_qdrag_time_at_height_q16(&m, &s, raw(100.0), AF_RISING, &ev) ==
                     AF_ERR_NO_SOLUTION && ev.t == 0,
             "a height above the apex");
    memset(&shots, 0x55, sizeof shots);
    TH_CHECK(af_qdrag_aim_time_q16(&m, &s, &s, 0, 0, &shots) == AF_ERR_BAD_ARGUMENT &&
                 shots.count == 0 && shots.shot[0].t == 0,
             "aim at t = 0");
    TH_CHECK(af_qdrag_aim_speed_q16(&m, &s, &s, 0, raw(2.0), 0, &shots) == AF_ERR_BAD_ARGUMENT,
             "zero speed");
    TH_CHECK(af_qdrag_max_range_q16(&m, raw(10.0), 0, &heading, &r) == AF_ERR_BAD_ARGUMENT,
             "vertical heading");
    TH_CHECK(af_qdrag_samples_q16(&m, &s, raw(1.0), pts, 1) == AF_ERR_BAD_ARGUMENT &&
                 pts[0].x == 0,
             "one sample");
    TH_CHECK(af_qdrag_land_q16(&m, &s, raw(1.0), raw(0.1), NULL, &fl, &land) ==
                 AF_ERR_BAD_ARGUMENT,
             "no raycast");
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.k = -1;
    TH_CHECK(af_qdrag_samples_q16(&m, &s, raw(1.0), pts, 4) == AF_ERR_BAD_ARGUMENT,
             "a continuous model with k < 0");
    m.k = raw(0.1);
    m.kind = AF_DRAG_KIND_STEPPED;
    /* A step whose drag reverses the velocity: no physics to aim with. */
    m.k = raw(20.0);
    TH_CHECK(af_qdrag_aim_time_q16(&m, &s, &s, raw(1.0), 0, &shots) == AF_ERR_OUT_OF_RANGE &&
                 shots.count == 0,
             "drag reversing the first step");
}

static const th_case cases[] = {
    TH_CASE(q16_height_is_on_the_engines_segment),
    TH_CASE(q16_samples_are_the_predictions),
    TH_CASE(q16_landing_is_on_the_engines_path),
    TH_CASE(q16_aim_time_hits_with_the_engine),
    TH_CASE(q16_aim_speed_misses_no_arc),
    TH_CASE(q16_a_folded_sample_does_not_end_the_scan),
    TH_CASE(q16_aim_speed_meets_moving_targets),
    TH_CASE(q16_max_range_beats_every_scanned_shot),
    TH_CASE(q16_max_range_is_along_the_heading_in_a_head_wind),
    TH_CASE(q16_max_range_reaches_a_level_only_a_tilted_shot_climbs_to),
    TH_CASE(q16_range_at_the_ends_of_q16),
    TH_CASE(q16_solver_bad_inputs_are_refused),
};

TH_MAIN("qdrag_solve_q16", cases)
