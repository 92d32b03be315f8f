/* SPDX-License-Identifier: MIT */
/*
 * Heights under drag: the apex in closed form and the time at which a
 * height is reached, against the forward prediction (itself checked against
 * the engine loop and RK4 in suite_drag_predict_f64) and the engine loop.
 */
#include <math.h>
#include <string.h>
#include <stddef.h>

#include "aimfix.h"
#include "drag_sim.h"
#include "harness.h"

/* The figure for a returned time: the body is at the height within
 * 1e-9 of the trajectory's scale (the solver stops near 1e-15). */
#define HEIGHT_TOL 1e-9
/* A time on the requested branch: at most this far (relative to the apex
 * time) on the wrong side of the apex, the apex itself being rounded. */
#define BRANCH_TOL 1e-9

static af_vec3_f64 up_of(const af_drag_f64 *m)
{
    double g = dsim_len(m->gravity);
    af_vec3_f64 up = { -m->gravity.x / g, -m->gravity.y / g, -m->gravity.z / g };
    return up;
}

/* The height of the predicted position at t, and the size of the terms
 * that make it up (what any rounding is relative to). */
static double predicted_height(const af_drag_f64 *m, const af_body_f64 *start, double t,
                               double *scale)
{
    af_body_f64 p;
    af_vec3_f64 G = { m->gravity.x + m->k * m->wind.x, m->gravity.y + m->k * m->wind.y,
                      m->gravity.z + m->k * m->wind.z };
    if (!TH_CHECK(af_drag_predict_f64(m, start, t, &p) == AF_OK, "predict at t = %g", t))
        return NAN;
    *scale = dsim_len(start->position) + dsim_len(start->velocity) * t + dsim_len(G) * t * t;
    return dsim_dot(dsim_sub(p.position, start->position), up_of(m));
}

/* A body that has a fall ahead: a stepped model, or continuous drag whose
 * wind does not hold it up. */
static af_drag_f64 falling_model(th_rng *rng)
{
    for (;;) {
        int kind = (int)th_rand_below(rng, DSIM_KINDS);
        af_drag_f64 m = dsim_model(rng, kind);
        af_vec3_f64 G = { m.gravity.x + m.k * m.wind.x, m.gravity.y + m.k * m.wind.y,
                          m.gravity.z + m.k * m.wind.z };
        if (m.kind == AF_DRAG_KIND_STEPPED || dsim_dot(G, up_of(&m)) < 0.0)
            return m;
    }
}

/* A random flight that comes down (falling_model), launched from within
 * `reach` of the origin at `speed_lo` to `speed_hi`, and its apex. */
static int random_flight(th_rng *rng, double reach, double speed_lo, double speed_hi,
                         af_drag_f64 *m, af_body_f64 *start, af_drag_event_f64 *apex)
{
    *m = falling_model(rng);
    start->position = dsim_vector(rng, 1e-3, reach);
    start->velocity = dsim_vector(rng, speed_lo, speed_hi);
    return TH_CHECK(af_drag_apex_f64(m, start, apex) == AF_OK, "apex");
}

static void time_at_height_hits_the_height(void)
{
    th_rng rng = th_rng_for("time_at_height_hits_the_height");
    long i, count = th_count(100000), solved = 0;
    int most_steps = 0;
    double worst = 0.0;
    for (i = 0; i < count; i++) {
        af_drag_f64 m;
        af_body_f64 start;
        af_drag_event_f64 apex, ev;
        af_branch branch;
        double H, h, scale, err;
        af_status st;
        if (!random_flight(&rng, 1e3, 1e-2, 1e3, &m, &start, &apex))
            continue;
        branch = th_rand_below(&rng, 2) ? AF_RISING : AF_FALLING;
        /* Heights on the branch: from the launch level (or just above the
         * apex's foot) to the apex when rising; any depth below the apex
         * when falling, 1e-9 to 1e3 of the flight's own height scale. */
        if (branch == AF_RISING) {
            uint32_t pick = th_rand_below(&rng, 16);
            H = apex.height * (pick == 0 ? 0.0 : pick == 1 ? 1.0 : th_rand_uniform(&rng, 0, 1));
        } else {
            double hs = apex.height + dsim_dot(start.velocity, start.velocity) /
                                          dsim_len(m.gravity);
            H = apex.height - th_rand_log(&rng, 1e-9, 1e3) * hs;
        }
        st = af_drag_time_at_height_f64(&m, &start, H, branch, &ev);
        if (branch == AF_RISING && apex.t == 0.0) {
            TH_CHECK(st == AF_ERR_NO_SOLUTION || (st == AF_OK && H == 0.0 && ev.t == 0.0),
                     "a body that never rises has no rising branch (%s)", af_status_name(st));
            continue;
        }
        if (!TH_CHECK(st == AF_OK, "%s kind %d r = %.17g k = %g: H = %g (apex %g at %g) on %s: %s",
                      dsim_kind_name(m.kind), (int)m.kind, m.r, m.k, H, apex.height, apex.t,
                      branch == AF_RISING ? "rising" : "falling", af_status_name(st)))
            continue;
        solved++;
        if (ev.steps > most_steps)
            most_steps = ev.steps;
        TH_CHECK(ev.steps <= AF_DRAG_HEIGHT_MAX_STEPS, "%d steps", ev.steps);
        h = predicted_height(&m, &start, ev.t, &scale);
        scale += fabs(H);
        err = fabs(h - H) / scale;
        worst = fmax(worst, err);
        TH_CHECK(err <= HEIGHT_TOL,
                 "r = %.17g dt = %g k = %g: at t = %.17g height %.17g, asked %.17g (err %.3g)",
                 m.r, m.dt, m.k, ev.t, h, H, err);
        TH_CHECK(fabs(ev.height - h) <= HEIGHT_TOL * scale, "reported height %g vs %g",
                 ev.height, h);
        if (branch == AF_RISING)
            TH_CHECK(ev.t <= apex.t * (1.0 + BRANCH_TOL), "rising: t = %.17g after the apex %.17g",
                     ev.t, apex.t);
        else
            TH_CHECK(ev.t >= apex.t * (1.0 - BRANCH_TOL), "falling: t = %.17g before the apex %.17g",
                     ev.t, apex.t);
    }
    th_note("%ld of %ld cases solved, worst height error %.3g of the scale, most steps %d "
            "(bound %d)",
            solved, count, worst, most_steps, AF_DRAG_HEIGHT_MAX_STEPS);
}

/* The apex is where the curve's height stops rising: its slope there is
 * zero (a central difference over 1e-4 of the apex time is flat within its
 * truncation), and no nearby time is higher. For an engine the highest
 * whole step (from the loop) is one of the two steps either side of it and
 * not above it. */
static void apex_is_the_top(void)
{
    th_rng rng = th_rng_for("apex_is_the_top");
    long i, count = th_count(10000);
    for (i = 0; i < count; i++) {
        af_drag_f64 m;
        af_body_f64 start;
        af_drag_event_f64 apex;
        double hs, delta, hl, hr, h, scale;
        if (!random_flight(&rng, 1e2, 1e-1, 1e2, &m, &start, &apex))
            continue;
        if (apex.t == 0.0)
            continue;
        h = predicted_height(&m, &start, apex.t, &scale);
        TH_CHECK(fabs(h - apex.height) <= 1e-12 * scale, "height %g vs prediction %g",
                 apex.height, h);
        delta = 1e-4 * apex.t;
        hl = predicted_height(&m, &start, apex.t - delta, &hs);
        hr = predicted_height(&m, &start, apex.t + delta, &hs);
        TH_CHECK(hl <= apex.height + 1e-14 * scale && hr <= apex.height + 1e-14 * scale,
                 "apex %g at t = %g, but %g and %g around it", apex.height, apex.t, hl, hr);
        /* Slope zero: (hr - hl) / (2 delta) against the launch speed. The
         * central difference is off by h''' delta^2 / 6, under 1e-8 of it. */
        TH_CHECK(fabs(hr - hl) / (2.0 * delta) <= 1e-7 * dsim_len(start.velocity) +
                                                     1e-13 * scale / delta,
                 "slope at the apex %g", (hr - hl) / (2.0 * delta));
        if (m.kind == AF_DRAG_KIND_STEPPED && apex.t / m.dt < 5000.0) {
            /* The engine's own highest whole step. */
            long n_top = (long)floor(apex.t / m.dt) + 2, n, best = 0;
            double best_h = 0.0;
            af_body_f64 loop = start;
            for (n = 1; n <= n_top; n++) {
                double hn;
                dsim_steps(&m, &loop, 1);
                hn = dsim_dot(dsim_sub(loop.position, start.position), up_of(&m));
                if (hn > best_h) {
                    best_h = hn;
                    best = n;
                }
            }
            TH_CHECK(best == (long)floor(apex.t / m.dt) || best == (long)ceil(apex.t / m.dt) ||
                         best_h <= 0.0,
                     "r = %.17g: highest step %ld, apex at %g steps", m.r, best, apex.t / m.dt);
            TH_CHECK(best_h <= apex.height + 1e-12 * scale,
                     "the engine's highest step %g is above the curve's apex %g", best_h,
                     apex.height);
        }
    }
}

/* Without drag the apex is U / |g| (continuous) or U / |g| - dt / 2 (an
 * engine: the body moves by the velocity after each step's gravity), at
 * height U^2 / (2 |g|) (continuous). */
static void apex_without_drag(void)
{
    af_vec3_f64 g = { 0.0, 0.0, -10.0 };
    af_body_f64 start = { { 0.0, 0.0, 0.0 }, { 3.0, 0.0, 20.0 } };
    af_drag_f64 m;
    af_drag_event_f64 apex;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_CONTINUOUS, 0.0, 0.0, &g, NULL, &m) == AF_OK &&
                      af_drag_apex_f64(&m, &start, &apex) == AF_OK,
                  "continuous apex"))
        return;
    TH_CHECK(fabs(apex.t - 2.0) <= 1e-15 && fabs(apex.height - 20.0) <= 1e-14,
             "parabola's apex at t = %.17g height %.17g", apex.t, apex.height);
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_UNITY, 0.0, 0.1, &g, NULL, &m) == AF_OK &&
                      af_drag_apex_f64(&m, &start, &apex) == AF_OK,
                  "engine apex"))
        return;
    TH_CHECK(fabs(apex.t - 1.95) <= 1e-14, "engine's apex at t = %.17g, not 2 - dt / 2",
             apex.t);
}

/* Heights the body never reaches, and the statuses that say so. */
static void unreachable_heights(void)
{
    th_rng rng = th_rng_for("unreachable_heights");
    long i, count = th_count(10000);
    for (i = 0; i < count; i++) {
        af_drag_f64 m;
        af_body_f64 start;
        af_drag_event_f64 apex, ev;
        double above;
        af_status st;
        if (!random_flight(&rng, 1e3, 1e-2, 1e3, &m, &start, &apex))
            continue;
        above = apex.height + (1e-6 + fabs(apex.height)) * th_rand_log(&rng, 1e-6, 1e3);
        st = af_drag_time_at_height_f64(&m, &start, above, AF_FALLING, &ev);
        TH_CHECK(st == AF_ERR_NO_SOLUTION && ev.t == 0.0 && ev.state.position.x == 0.0,
                 "above the apex (falling): %s", af_status_name(st));
        st = af_drag_time_at_height_f64(&m, &start, above, AF_RISING, &ev);
        TH_CHECK(st == AF_ERR_NO_SOLUTION, "above the apex (rising): %s", af_status_name(st));
        st = af_drag_time_at_height_f64(&m, &start, -th_rand_log(&rng, 1e-6, 1e3), AF_RISING,
                                        &ev);
        TH_CHECK(st == AF_ERR_NO_SOLUTION, "below the launch point on the way up: %s",
                 af_status_name(st));
    }
}

/* A continuous updraft stronger than gravity (k wind.up >= |g|): the body
 * need not come down. */
static void updraft(void)
{
    af_vec3_f64 g = { 0.0, 0.0, -9.81 }, wind = { 0.0, 0.0, 30.0 };
    af_body_f64 start = { { 0.0, 0.0, 0.0 }, { 5.0, 0.0, 5.0 } };
    af_drag_f64 m;
    af_drag_event_f64 ev;
    af_status st;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_CONTINUOUS, 0.5, 0.0, &g, &wind, &m) == AF_OK, "init"))
        return;
    st = af_drag_apex_f64(&m, &start, &ev);
    TH_CHECK(st == AF_ERR_NO_SOLUTION, "no apex in an updraft: %s", af_status_name(st));
    st = af_drag_time_at_height_f64(&m, &start, 1.0, AF_RISING, &ev);
    TH_CHECK(st == AF_ERR_OUT_OF_RANGE, "heights in an updraft: %s", af_status_name(st));
    /* Thrown down into it: the apex is the launch. */
    start.velocity.z = -5.0;
    wind.z = 9.81 / 0.5;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_CONTINUOUS, 0.5, 0.0, &g, &wind, &m) == AF_OK, "init"))
        return;
    st = af_drag_apex_f64(&m, &start, &ev);
    TH_CHECK(st == AF_OK && ev.t == 0.0 && ev.height == 0.0,
             "hovering wind, thrown down: apex at launch (%s, t = %g)", af_status_name(st), ev.t);
}

/* Box2D's 2 m a step (120 m/s at 60 Hz): an apex reached by a step longer
 * than that, or a height reached falling faster, is refused. */
static void step_cap_refuses_apex_and_height(void)
{
    af_vec3_f64 g = { 0.0, -9.81, 0.0 };
    af_body_f64 up = { { 0.0, 0.0, 0.0 }, { 0.0, 125.0, 0.0 } };
    af_drag_f64 m;
    af_drag_event_f64 e;
    af_status st;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_BOX2D, 0.0, 1.0 / 60.0, &g, NULL, &m) == AF_OK,
                  "init"))
        return;
    st = af_drag_apex_f64(&m, &up, &e);
    TH_CHECK(st == AF_ERR_ENGINE_LIMIT && e.t == 0.0 && e.height == 0.0,
             "apex of a 125 m/s shot: %s", af_status_name(st));
    up.velocity.y = 100.0;
    st = af_drag_apex_f64(&m, &up, &e);
    TH_CHECK(st == AF_OK, "apex of a 100 m/s shot: %s", af_status_name(st));
    up.velocity.y = 0.0;
    st = af_drag_time_at_height_f64(&m, &up, -500.0, AF_FALLING, &e);
    TH_CHECK(st == AF_OK, "500 m down, at 99 m/s: %s", af_status_name(st));
    st = af_drag_time_at_height_f64(&m, &up, -1000.0, AF_FALLING, &e);
    TH_CHECK(st == AF_ERR_ENGINE_LIMIT && e.t == 0.0 && e.state.position.y == 0.0,
             "1000 m down, at 140 m/s: %s", af_status_name(st));
}

static void bad_inputs_are_rejected(void)
{
    af_vec3_f64 g = { 0.0, 0.0, -9.81 }, zero = { 0.0, 0.0, 0.0 };
    af_body_f64 start = { { 0.0, 0.0, 0.0 }, { 1.0, 0.0, 5.0 } };
    af_drag_f64 m, no_g;
    af_drag_event_f64 ev;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_BOX2D, 0.3, 0.02, &g, NULL, &m) == AF_OK &&
                      af_drag_init_f64(AF_DRAG_BOX2D, 0.3, 0.02, &zero, NULL, &no_g) == AF_OK,
                  "init"))
        return;
    TH_CHECK(af_drag_apex_f64(&no_g, &start, &ev) == AF_ERR_BAD_ARGUMENT, "apex without gravity");
    TH_CHECK(af_drag_time_at_height_f64(&no_g, &start, 1.0, AF_RISING, &ev) ==
                 AF_ERR_BAD_ARGUMENT,
             "height without gravity");
    TH_CHECK(af_drag_time_at_height_f64(&m, &start, NAN, AF_RISING, &ev) == AF_ERR_BAD_ARGUMENT,
             "height NaN");
    TH_CHECK(af_drag_time_at_height_f64(&m, &start, 1.0, (af_branch)3, &ev) ==
                 AF_ERR_BAD_ARGUMENT,
             "unknown branch");
    TH_CHECK(af_drag_time_at_height_f64(NULL, &start, 1.0, AF_RISING, &ev) ==
                 AF_ERR_BAD_ARGUMENT,
             "model NULL");
    TH_CHECK(af_drag_apex_f64(&m, NULL, &ev) == AF_ERR_BAD_ARGUMENT, "start NULL");
    TH_CHECK(af_drag_apex_f64(&m, &start, NULL) == AF_ERR_BAD_ARGUMENT, "out NULL");
    start.position.x = INFINITY;
    TH_CHECK(af_drag_apex_f64(&m, &start, &ev) == AF_ERR_BAD_ARGUMENT && ev.t == 0.0,
             "infinite start");
}

/* A magnitude log-uniform in [10^lo, 10^hi) (th_rand_log needs hi / lo to
 * be a double: not so from 1e-300 to 1e308). */
static double log_uniform(th_rng *rng, double lo, double hi)
{
    return pow(10.0, th_rand_uniform(rng, lo, hi));
}

/* Zero a quarter of the time, else of either sign and magnitude
 * log-uniform in [1e-300, 10^hi). */
static double extreme_component(th_rng *rng, double hi)
{
    if (th_rand_below(rng, 4) == 0)
        return 0.0;
    return th_rand_sign(rng) * log_uniform(rng, -300, hi);
}

/* Launch speeds, gravities and heights up to the largest double. Found by
 * fuzzing the CLI: a launch at 1e308 m/s (exact model,
 * d = 0.03, dt = 0.02) rises to 3e309 m, beyond double, and the search
 * used to bisect on NaN until its bound (no_convergence). Such a flight
 * is an overflow; at 1e300 m/s everything fits and the height is met. No
 * input may end in no_convergence. */
static void huge_magnitudes(void)
{
    th_rng rng = th_rng_for("huge_magnitudes");
    af_vec3_f64 g = { 0.0, 0.0, -9.81 };
    af_body_f64 start = { { 0.0, 0.0, 0.0 }, { 1.3, -2.8, 1e308 } };
    af_drag_f64 m;
    af_drag_event_f64 ev;
    af_status st;
    long i, count = th_count(20000), solved = 0, overflow = 0;
    if (!TH_CHECK(af_drag_init_f64(AF_DRAG_EXACT, 0.03, 0.02, &g, NULL, &m) == AF_OK, "init"))
        return;
    st = af_drag_time_at_height_f64(&m, &start, 1000.0, AF_FALLING, &ev);
    TH_CHECK(st == AF_ERR_OVERFLOW && ev.t == 0.0,
             "launch at 1e308 m/s, falling through 1000 m: %s (the apex is beyond double)",
             af_status_name(st));
    start.velocity.z = 1e300;
    st = af_drag_time_at_height_f64(&m, &start, 1000.0, AF_FALLING, &ev);
    /* The apex is 3.3e301 m up; the fall back at the terminal 327 m/s
     * takes 1.02e299 s. The height is only known relative to the flight's
     * 3.3e301 m scale. */
    TH_CHECK(st == AF_OK && fabs(ev.t / 1.01937e299 - 1.0) < 1e-5 &&
                 fabs(ev.height - 1000.0) <= 1e-12 * 3.4e301,
             "launch at 1e300 m/s, falling through 1000 m: %s at t = %g", af_status_name(st),
             ev.t);
    for (i = 0; i < count; i++) {
        double d = log_uniform(&rng, -300, 300), dt = log_uniform(&rng, -300, 300);
        double H = extreme_component(&rng, 308);
        int kind = (int)th_rand_below(&rng, 5);
        /* Components of unrelated magnitudes (a vertical gravity with a
         * horizontal part 1e200 times larger, say), some of them zero. */
        af_vec3_f64 gr = g;
        start.position.x = start.position.y = start.position.z = 0.0;
        start.velocity.x = extreme_component(&rng, 308);
        start.velocity.y = extreme_component(&rng, 308);
        start.velocity.z = extreme_component(&rng, 308);
        if (th_rand_below(&rng, 2)) {
            gr.x = extreme_component(&rng, 300);
            gr.y = extreme_component(&rng, 300);
            gr.z = -log_uniform(&rng, -300, 300);
        }
        if (th_rand_below(&rng, 2)) {
            d = th_rand_log(&rng, 1e-3, 10.0);
            dt = th_rand_log(&rng, 1e-3, 0.1);
        }
        if (th_rand_below(&rng, 4) == 0)
            d = 0.0; /* no drag: the apex height grows as the speed squared */
        if (af_drag_init_f64((af_drag_model)kind, d, dt, &gr, NULL, &m) != AF_OK)
            continue;
        st = af_drag_time_at_height_f64(&m, &start, H,
                                        th_rand_below(&rng, 2) ? AF_RISING : AF_FALLING, &ev);
        solved += st == AF_OK;
        overflow += st == AF_ERR_OVERFLOW;
        TH_CHECK(st != AF_ERR_NO_CONVERGENCE,
                 "model %d d %g dt %g g (%g %g %g) v (%g %g %g) H %g: no_convergence", kind, d,
                 dt, gr.x, gr.y, gr.z, start.velocity.x, start.velocity.y, start.velocity.z, H);
        TH_CHECK(st != AF_OK || (isfinite(ev.t) && isfinite(ev.height)),
                 "ok with a time or height that is not finite");
    }
    th_note("%ld extreme cases: %ld solved, %ld overflows", count, solved, overflow);
}

/* A body thrown down a little slower than its terminal velocity under
 * strong continuous drag: its height curve had an apex several decay
 * times before launch, where the curvature is a difference of nearly
 * equal terms and exp(mu S) amplifies what is left of it. The time at a
 * height below must still put the body at that height, to the precision
 * of its terms. */
static void height_of_a_launch_near_terminal_velocity(void)
{
    static const double rates[] = { 8.0, 512.0, 32768.0 };
    af_vec3_f64 wind = { 0.0, 0.0, -2047.0 }, g = { 0.0, 0.0, -9.81 };
    double worst = 0.0;
    size_t i;
    int j;
    for (i = 0; i < sizeof rates / sizeof rates[0]; i++) {
        af_drag_f64 m;
        double terminal = -(9.81 / rates[i] + 2047.0);
        if (!TH_CHECK(af_drag_init_f64(AF_DRAG_CONTINUOUS, rates[i], 0.0, &g, &wind, &m) ==
                          AF_OK,
                      "init"))
            return;
        for (j = 1; j <= 40; j++) {
            af_body_f64 start = { { 0.0, 0.0, 0.0 }, { 3.0, 0.0, 0.0 } };
            af_drag_event_f64 ev;
            double H = -247.515625, err;
            af_status st;
            start.velocity.z = terminal * (1.0 - ldexp(1.0, -j));
            st = af_drag_time_at_height_f64(&m, &start, H, AF_FALLING, &ev);
            err = fabs(ev.height - H) / fabs(H);
            worst = fmax(worst, err);
            TH_CHECK(st == AF_OK && err <= 1e-12,
                     "k %g, launch 1 - 2^-%d of the terminal velocity: %s, at height %.17g", rates[i],
                     j, af_status_name(st), ev.height);
        }
    }
    th_note("worst height error %.3g of the height", worst);
}

/* Continuous drag whose pull along up, k wind.up, equals gravity exactly
 * while the wind also blows across it: G = g + k wind is horizontal and
 * W = 0, an updraft (AF_ERR_OUT_OF_RANGE), which up's rounding must not
 * turn into a slow fall (Q16.16 values: g = m (a, b, c) 2^-16, k = m,
 * wind = -g / k + t (b - c, c - a, a - b) 2^-16, across g). */
static void updraft_exactly_at_gravity_across_a_wind(void)
{
    th_rng rng = th_rng_for("updraft_exactly_at_gravity_across_a_wind");
    const double Q = 1.0 / 65536.0;
    af_body_f64 rest = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
    af_vec3_f64 heading = { 1.0, 1.0, -2.0 };
    long i, count = th_count(2000), wrong = 0;
    for (i = 0; i < count; i++) {
        double m = 1.0 + th_rand_below(&rng, 64), t = (double)th_rand_below(&rng, 65) - 32.0;
        double a = ((double)th_rand_below(&rng, 20001) - 10000.0) * m;
        double b = ((double)th_rand_below(&rng, 20001) - 10000.0) * m;
        double c = ((double)th_rand_below(&rng, 20001) - 10000.0) * m;
        af_drag_f64 d;
        af_drag_event_f64 ev;
        af_range_f64 r;
        af_status st, sr;
        if (a == 0.0 && b == 0.0 && c == 0.0)
            continue;
        memset(&d, 0, sizeof d);
        d.kind = AF_DRAG_KIND_CONTINUOUS;
        d.gravity.x = a * Q;
        d.gravity.y = b * Q;
        d.gravity.z = c * Q;
        d.k = m;
        d.wind.x = (-a / m + t * (b - c)) * Q;
        d.wind.y = (-b / m + t * (c - a)) * Q;
        d.wind.z = (-c / m + t * (a - b)) * Q;
        st = af_drag_time_at_height_f64(&d, &rest, -1.0, AF_FALLING, &ev);
        sr = af_drag_max_range_f64(&d, 1.0, -1.0, &heading, &r);
        if (st != AF_ERR_OUT_OF_RANGE || (sr != AF_ERR_OUT_OF_RANGE && sr != AF_ERR_BAD_ARGUMENT))
            wrong++;
    }
    TH_CHECK(wrong == 0, "%ld of %ld exact updrafts not refused as one", wrong, count);
}

/* A body thrown up at 1e305 m/s into drag of rate 4e175: mu U overflows
 * a double though the apex (after 1.7e-173 s, 1.5e129 m up) and the way
 * down do not. The falling crossing of the launch level must come after
 * the apex, falling; it was the launch itself (t = 0, still rising). */
static void falling_time_past_an_apex_where_mu_u_overflows(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 217.5625, 0.0, 0.0 }, { 0.0, -9.861588581005076e305, 0.0 } };
    af_drag_event_f64 apex, ev;
    af_status sa, st;
    double g, vz;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.x = 256.0;
    m.gravity.y = m.gravity.z = 16.0;
    m.k = 4.0353148451549564e175;
    m.wind.x = 9060.39;
    m.wind.z = -32768.0;
    g = dsim_len(m.gravity);
    sa = af_drag_apex_f64(&m, &start, &apex);
    st = af_drag_time_at_height_f64(&m, &start, 0.0, AF_FALLING, &ev);
    vz = -dsim_dot(ev.state.velocity, m.gravity) / g;
    TH_CHECK(sa == AF_OK && apex.t > 0.0 && apex.height > 1e129 && st == AF_OK &&
                 ev.t > apex.t && vz < 0.0 && fabs(ev.height) <= 1e-9 * apex.height,
             "apex %s (t %g, %g m), falling crossing %s at t %g, height %g, vertical speed %g",
             af_status_name(sa), apex.t, apex.height, af_status_name(st), ev.t, ev.height, vz);
}

/* A launch at 1e154 m/s into continuous drag (k 0.0055) under a gravity
 * of 5.5e-222 m/s^2: U / w, not only mu U / w, is beyond the doubles.
 * The apex (t = 1.56e5 s, 1.8e156 m up, after which the body falls at
 * 1e-219 m/s) was an overflow, and the falling branch was solved about an
 * apex taken at launch: ok at 1.8e155 m for an asked -1e154 m. The apex
 * is found; a height the fall reaches after 1e370 s is an overflow. */
static void apex_where_launch_speed_over_gravity_overflows(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, -1e154 } };
    af_drag_event_f64 apex, ev;
    af_status sa, st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.z = 5.5329046628180653e-222;
    m.k = 0.0054931640625;
    sa = af_drag_apex_f64(&m, &start, &apex);
    st = af_drag_time_at_height_f64(&m, &start, -1e154, AF_FALLING, &ev);
    TH_CHECK(sa == AF_OK && fabs(apex.t / 156350.15109748213 - 1.0) <= 1e-12 &&
                 fabs(apex.height / (1e154 / m.k) - 1.0) <= 1e-12 && st == AF_ERR_OVERFLOW,
             "apex %s at t %.17g, %.17g m; falling to -1e154 m: %s at %.17g m",
             af_status_name(sa), apex.t, apex.height, af_status_name(st), ev.height);
}

/* Thrown up at 1 m/s into continuous drag (k 3e-308) under a gravity of
 * 3e-309 m/s^2 (subnormal): U / w, 3.3e308 s, is beyond the doubles but
 * mu U / w is 10, and the apex comes after log1p(10) / k = 8.0e307 s at
 * 2.5e307 m. The apex time read y as beyond the doubles too, log(10) / k:
 * 4% early, an ok apex and rising time off by as much. At the fuzzer's
 * (y 0.79) log(y) < 0 put the apex at launch, and the falling branch
 * answered ok 1.4e156 m up for -465.8 asked; that fall ends after 4e308
 * s, an overflow. */
static void apex_where_launch_speed_over_gravity_alone_overflows(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 1.0 } };
    af_drag_event_f64 apex, ev;
    af_status sa, st;
    double t_apex, h_apex, h = NAN;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.z = -3e-309;
    m.k = 3e-308;
    t_apex = log1p(m.k / 3e-309) / m.k;
    h_apex = 1.0 / m.k - 3e-309 / m.k * t_apex;
    sa = af_drag_apex_f64(&m, &start, &apex);
    st = af_drag_time_at_height_f64(&m, &start, h_apex / 2.0, AF_RISING, &ev);
    if (st == AF_OK) {
        af_body_f64 p;
        if (af_drag_predict_f64(&m, &start, ev.t, &p) == AF_OK)
            h = p.position.z;
    }
    TH_CHECK(sa == AF_OK && fabs(apex.t / t_apex - 1.0) <= 1e-12 &&
                 fabs(apex.height / h_apex - 1.0) <= 1e-12 && st == AF_OK &&
                 fabs(h / (h_apex / 2.0) - 1.0) <= 1e-9,
             "apex %s at %.17g s, %.17g m (expected %.17g s, %.17g m); rising to half: %s, "
             "at %.17g m",
             af_status_name(sa), apex.t, apex.height, t_apex, h_apex, af_status_name(st), h);

    /* The fuzzer's: a launch 13.5 m/s up (its velocity along -z, gravity
     * mostly along x) whose apex and fall back are beyond the doubles. */
    m.gravity = (af_vec3_f64){ 0x1.12e900000206p-1021, 0x0.00dd7p-1022, 0x0.1p-1022 };
    m.k = 0x0.1ffp-1022;
    m.wind = (af_vec3_f64){ 0x0.0003ap-1022, 0.0, 0.0 };
    start.position = (af_vec3_f64){ 0.0, -0x1p+81, 0x0.004p-1022 };
    start.velocity = (af_vec3_f64){ 0x0.001p-1022, -0x1.b8b8b8b8b8bp-839, -465.828125 };
    st = af_drag_time_at_height_f64(&m, &start, -465.828125, AF_FALLING, &ev);
    TH_CHECK(st == AF_ERR_OVERFLOW, "falling to -465.8 m: %s at %.17g m after %g s",
             af_status_name(st), ev.height, ev.t);
}

/* Continuous drag of k 4.4e175 /s pulled down through a 201.6 m/s wind
 * (gravity 1e-317 m/s^2): 1e154 m below comes after 5e151 s, where k t
 * is beyond the doubles. The coefficients took t phi1(k t) and t phi2(k t)
 * as t / inf = 0: the height was 0 at every such time, and ok at -0 m
 * after 4.4e157 s for -1e154 m asked. They are 1 / k there. */
static void falling_time_where_drag_times_time_overflows(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 401.5625, 401.5625, 4.0 }, { 0x1.f8p-11, 401.5625, 0x1.ep-13 } };
    af_drag_event_f64 ev;
    af_body_f64 p;
    af_status st;
    double H = -1e154, t = 1e154 / 201.5625;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.z = 0x0.0000000212e9p-1022;
    m.k = 0x1.60d641ce03fp+583;
    m.wind = (af_vec3_f64){ 0x1.ep-13, -32768.0, 201.5625 };
    st = af_drag_time_at_height_f64(&m, &start, H, AF_FALLING, &ev);
    TH_CHECK(st == AF_OK && fabs(ev.height / H - 1.0) <= 1e-12 && fabs(ev.t / t - 1.0) <= 1e-12 &&
                 af_drag_predict_f64(&m, &start, ev.t, &p) == AF_OK &&
                 fabs((p.position.z - start.position.z) / -H - 1.0) <= 1e-12,
             "%s at height %.17g after %.17g s (expected %.17g s), asked %.17g",
             af_status_name(st), ev.height, ev.t, t, H);
}

/* Thrown down at 2 m/s into a drag of 2.4e-309 /s under a gravity of
 * 1.07e-317 m/s^2 (both subnormal): 5.5e303 m below comes after 2.7e303
 * s. The terminal slope W / k, 4.4e-9 m/s, was formed through 1 / k,
 * beyond the doubles: taken as -inf, it made the launch slope the gentler
 * one, and the root lay past the bracket's end, ok there at 3.3e-6 of
 * the height short. */
static void falling_time_where_one_over_the_drag_overflows(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 211.953125, 16.0, 8192.0 }, { -0.015625, 0.0, 0x1.000d60019p+1 } };
    af_drag_event_f64 ev;
    af_status st;
    double H = -0x1.0000000dcp+1009;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.z = 0x0.000000021239p-1022;
    m.k = 0x0.1bfp-1022;
    m.wind = (af_vec3_f64){ 0x0.000fb00007cp-1022, 0.0, 0x0.00026ffp-1022 };
    st = af_drag_time_at_height_f64(&m, &start, H, AF_FALLING, &ev);
    TH_CHECK(st == AF_OK && fabs(ev.height / H - 1.0) <= 1e-12,
             "%s at height %.17g after %g s, asked %.17g", af_status_name(st), ev.height, ev.t, H);
}

/* A vacuum lob thrown up at 9.6e-322 m/s under 416 m/s^2 along -x: its
 * apex, 2.3e-324 s, rounds to 0, and its fall back to the launch height
 * comes at 4.6e-324 s, the least subnormal double; t = 0 was still
 * rising. */
static void falling_time_after_a_subnormal_apex(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 0.0, 0.0, 0.0 }, { 9.584873529320183e-322, 0.0, 0.0 } };
    af_drag_event_f64 ev;
    af_status st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.x = -416.234375;
    st = af_drag_time_at_height_f64(&m, &start, 0.0, AF_FALLING, &ev);
    TH_CHECK(st == AF_OK && ev.t > 0.0 && ev.state.velocity.x <= 0.0 && ev.height == 0.0,
             "%s: t %g, vertical speed %g, height %g", af_status_name(st), ev.t,
             ev.state.velocity.x, ev.height);
}

/* A body thrown down into an engine's drag under a vanishing gravity
 * (5e-195 m/s^2 and 1e-30): its fall is bounded by its own launch, 755 m;
 * a height above that is reached at a time the launch's part alone
 * brackets, where the terminal slope's bracket reaches 1e197 s. */
static void falling_time_under_a_vanishing_gravity(void)
{
    static const double gravities[] = { 5.0069447911014138e-195, 1e-30 };
    size_t i;
    for (i = 0; i < sizeof gravities / sizeof gravities[0]; i++) {
        af_drag_f64 m;
        af_body_f64 start = { { 0.0, 0.0, 0.0 }, { -417.640625, -417.640625, -417.640625 } };
        af_drag_event_f64 ev;
        af_status st;
        double H = -417.640625;
        memset(&m, 0, sizeof m);
        m.kind = AF_DRAG_KIND_STEPPED;
        m.order = AF_STEP_GRAVITY_THEN_DAMPING;
        m.gravity.z = -gravities[i];
        m.dt = 0.0041656494140625;
        m.r = 0.9976959228515625;
        st = af_drag_time_at_height_f64(&m, &start, H, AF_FALLING, &ev);
        TH_CHECK(st == AF_OK && fabs(ev.height - H) <= 1e-12 * fabs(H),
                 "gravity %g: %s at height %.17g, asked %.17g", gravities[i], af_status_name(st),
                 ev.height, H);
    }
}

/* A body thrown down into an engine's drag (r 0.11 a step of 0.76 s) at
 * 1e154 m/s under 32768 m/s^2: its launch alone carries it 9.6e152 m, and
 * gravity's terminal fall the rest of the 1e154 m asked, after 2.9e150 s.
 * The bracket's lower end was the height over the launch slope (3.6 s),
 * where Newton's first correction, 1e5 s, was below the tolerance of a
 * bracket reaching to the root: ok at the launch's reach. */
static void falling_time_past_the_launchs_whole_reach(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 4.0, 0.0009613037109375, 401.5625 },
                          { 0.0002288818359375, -1e154, -1e154 } };
    af_drag_event_f64 ev;
    af_status st;
    double H = -1e154;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_STEP_GRAVITY_THEN_DAMPING;
    m.gravity = (af_vec3_f64){ 0.0002288818359375, -32768.0, -0.015625 };
    m.dt = 0.7561798095703125;
    m.r = 0.1128082275390625;
    st = af_drag_time_at_height_f64(&m, &start, H, AF_FALLING, &ev);
    TH_CHECK(st == AF_OK && fabs(ev.height - H) <= 1e-12 * fabs(H) && ev.t > 1e150,
             "%s at height %.17g after %g s, asked %.17g", af_status_name(st), ev.height, ev.t, H);
}

/* Thrown up at 16 m/s without drag under a gravity of 1.35e-309 m/s^2
 * (subnormal): the apex comes after 1.2e310 s and the fall back to the
 * launch height after 2.4e310 s, both beyond the doubles. The apex time
 * took the branch for a drag whose mu U / w overflows, log(mu) / mu with
 * mu = 0, and came out -inf: the falling branch was solved about an apex
 * at launch, ok after 2e-323 s while still rising at 16 m/s. */
static void falling_time_past_a_driftless_apex_beyond_the_doubles(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 0.0, 0.0, 0.0 }, { -16.0, 16.0, 0.0 } };
    af_drag_event_f64 apex, ev;
    af_status sa, st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.x = 0x0.0f8p-1022;
    sa = af_drag_apex_f64(&m, &start, &apex);
    st = af_drag_time_at_height_f64(&m, &start, 0.0, AF_FALLING, &ev);
    TH_CHECK(sa == AF_ERR_OVERFLOW && st == AF_ERR_OVERFLOW && ev.t == 0.0,
             "apex %s; falling to the launch height: %s at t %g, vertical speed %g",
             af_status_name(sa), af_status_name(st), ev.t, -ev.state.velocity.x);
}

/* Thrown up at 10 km/s into an engine's drag (r 0.45 a step of 1e-301 s)
 * under a gravity of 1e308 m/s^2: the apex comes 6e-302 s before launch,
 * and the body falls at 2.1e7 m/s, through 457.86 m below after 2.1e-5 s.
 * The curvature at that apex overflows: the apex form took it as
 * infinite and answered the apex itself, t = 0 at height 0. Newton on h
 * needs no curvature. */
static void falling_time_past_an_apex_whose_curvature_overflows(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 0x1p-10, 1.0, 1.0 }, { 1e-16, 10000.0, -16.0 } };
    af_drag_event_f64 ev;
    af_body_f64 p;
    af_status st;
    double H = -457.859375;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_STEP_DAMPING_THEN_GRAVITY;
    m.gravity = (af_vec3_f64){ 15.999984741210938, -1e308, 0.0 };
    m.dt = 0x1.4p-1000;
    m.r = 0.4531707763671875;
    st = af_drag_time_at_height_f64(&m, &start, H, AF_FALLING, &ev);
    TH_CHECK(st == AF_OK && fabs(ev.height - H) <= 1e-12 * fabs(H) &&
                 af_drag_predict_f64(&m, &start, ev.t, &p) == AF_OK &&
                 fabs(p.position.y - start.position.y - H) <= 1e-9 * fabs(H),
             "%s at height %.17g after %g s, asked %.17g", af_status_name(st), ev.height, ev.t, H);
}

/* A drop of d = 2^-840 m from rest under a gravity of 2^840 m/s^2 (with and
 * without a drag of 1/s) comes after sqrt(2 d / g) = 2^-839.5 s, at
 * 2^0.5 m/s; d / g, 2^-1680 s^2, underflows to 0, and the apex form
 * answered ok at t = 0. The fuzzer's drop of 5e-253 m under 9.4e252 m/s^2
 * the same. */
static void falling_time_of_a_drop_whose_square_time_underflows(void)
{
    static const struct {
        double g, d, k;
    } drops[] = { { 0x1p840, 0x1p-840, 0.0 },
                  { 0x1p840, 0x1p-840, 1.0 },
                  { 9.3724760234759e+252, 0x1.cp-839, 9.6628906844751925e-315 } };
    size_t i;
    for (i = 0; i < sizeof drops / sizeof drops[0]; i++) {
        af_drag_f64 m;
        af_body_f64 start = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
        af_drag_event_f64 ev;
        af_status st;
        double t = sqrt(2.0 * (drops[i].d / 0x1p-600) / (drops[i].g * 0x1p-600)) * 0x1p-600;
        memset(&m, 0, sizeof m);
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.gravity.z = -drops[i].g;
        m.k = drops[i].k;
        st = af_drag_time_at_height_f64(&m, &start, -drops[i].d, AF_FALLING, &ev);
        TH_CHECK(st == AF_OK && fabs(ev.t / t - 1.0) <= 1e-12 &&
                     fabs(ev.state.velocity.z / -(drops[i].g * t) - 1.0) <= 1e-12,
                 "drop %g under %g: %s at t %g (expected %g), vertical speed %g", drops[i].d,
                 drops[i].g, af_status_name(st), ev.t, t, ev.state.velocity.z);
    }
}

/* A body thrown down at 3.17 m/s (across at 101 m/s) into a subnormal
 * drag (k 1.5e-319 /s) under a subnormal gravity (1e-321 m/s^2): it
 * falls 1/32 m in 9.85 ms. The bracket's end where the launch alone
 * reaches the height, -log1p(-mu H / U) / mu, came from a subnormal mu H
 * of a few bits, 1e-3 short of the root: ok at 0.0312167 m. */
static void falling_time_under_a_subnormal_drag(void)
{
    static const double ks[] = { 0x0.000000000738p-1022, 0x0.0000000000001p-1022 };
    size_t i;
    for (i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        af_drag_f64 m;
        af_body_f64 start = { { -208.828125, -208.828125, -208.828125 },
                              { 3.171875, 100.78125, 0.0 } };
        af_drag_event_f64 ev;
        af_status st;
        double H = -0.03125;
        memset(&m, 0, sizeof m);
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.gravity.x = 0x0.00000000000cbp-1022;
        m.k = ks[i];
        m.wind = (af_vec3_f64){ 0.0, 16.0, -467.1875 };
        st = af_drag_time_at_height_f64(&m, &start, H, AF_FALLING, &ev);
        TH_CHECK(st == AF_OK && fabs(ev.height - H) <= 1e-12 * fabs(H) &&
                     fabs(ev.t * 3.171875 / -H - 1.0) <= 1e-12,
                 "k %g: %s at height %.17g after %.17g s, asked %.17g", ks[i], af_status_name(st),
                 ev.height, ev.t, H);
    }
}

/* An engine whose damping (r 1.2e-312 a step of 1.4e-307 s) wipes the
 * velocity each step, under a gravity of 4.8e306 m/s^2: thrown up at
 * 29555 m/s, it moves at once at the 0.674 m/s one step of gravity gives,
 * and is 6431 m below after 9541 s. The launch slope U rho + W sigma lag
 * took W sigma first, which overflows: -inf, and ok at t = 0. */
static void falling_time_under_a_gravity_whose_product_with_the_damping_overflows(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 0.0, 0.0, 0.0 }, { 0.0, 29555.450973510742, 0.0 } };
    af_drag_event_f64 ev;
    af_body_f64 p;
    af_status st;
    double H = -6431.0021514892578;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_STEP_DAMPING_THEN_GRAVITY;
    m.gravity.y = -0x1.b9cp+1018;
    m.dt = 0x1.900007ffd057cp-1020;
    m.r = 0x0.0003a64000056p-1022;
    st = af_drag_time_at_height_f64(&m, &start, H, AF_FALLING, &ev);
    TH_CHECK(st == AF_OK && ev.t > 9000.0 && fabs(ev.height - H) <= 1e-12 * fabs(H) &&
                 af_drag_predict_f64(&m, &start, ev.t, &p) == AF_OK &&
                 fabs(p.position.y - H) <= 1e-9 * fabs(H),
             "%s at height %.17g after %g s, asked %.17g", af_status_name(st), ev.height, ev.t, H);
}

/* An engine whose damping (r 2.6e-231 a step of 3.7e-229 s) wipes the
 * velocity each step, under a gravity of 1e308 m/s^2: thrown up at
 * 4883 m/s, its first step already falls 1.4e-150 m. The launch slope
 * took sigma lag first, which underflows (2^-1525): a body that rises,
 * with an apex 1.2e-229 s before launch, and the rising branch ok at the
 * launch itself. The terminal slope's sigma (lag + rho / mu) underflowed
 * too: a fall of 1 m (after 1e151 s) was an overflow. */
static void apex_at_launch_where_the_damping_times_the_lag_underflows(void)
{
    af_drag_f64 m;
    const double v = 4883.0745086669922;
    af_body_f64 start = { { v, v, v }, { v, v, v } }, p;
    af_drag_event_f64 apex, ev;
    af_status sa, sr, sf;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_STEP_GRAVITY_THEN_DAMPING;
    m.gravity = (af_vec3_f64){ 304.671875, 64.859375, -1e308 };
    m.dt = 0x1.210371d4c2bbdp-759;
    m.r = 0x1.0101010102f1p-766;
    sa = af_drag_apex_f64(&m, &start, &apex);
    sr = af_drag_time_at_height_f64(&m, &start, 0.0, AF_RISING, &ev);
    TH_CHECK(sa == AF_OK && apex.t == 0.0 && apex.height == 0.0 && sr == AF_ERR_NO_SOLUTION,
             "apex %s at t %g, %g m; rising through the launch: %s", af_status_name(sa), apex.t,
             apex.height, af_status_name(sr));
    sf = af_drag_time_at_height_f64(&m, &start, -1.0, AF_FALLING, &ev);
    TH_CHECK(sf == AF_OK && ev.t > 0.0 && af_drag_predict_f64(&m, &start, ev.t, &p) == AF_OK &&
                 fabs(p.position.z - v + 1.0) <= 1e-9,
             "falling 1 m: %s after %g s, at %.17g m", af_status_name(sf), ev.t,
             p.position.z - v);
}

/* An engine damping first (r 2.8e-306 a step of 1.4e-158 s) thrown up at
 * 1e149 m/s under 85 m/s^2: its apex is 7e-161 s out, 1e-316 m up. There
 * a = rho t phi1 (rho 1e-303) underflowed to 0 while W b, a subnormal,
 * did not: the apex came out 1e-316 m below the launch. */
static void apex_above_the_launch_where_rho_times_the_time_underflows(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 19.8125, 5.984375, 0x1.1fb8717baff7fp-493 },
                          { 0x1p-17, 0.0, -0x1.fp+494 } };
    af_drag_event_f64 apex;
    af_status st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_STEP_DAMPING_THEN_GRAVITY;
    m.gravity = (af_vec3_f64){ 0x1p-17, 0x1.e1ep+5, 0x1.e1ep+5 };
    m.dt = 0x1.825a0fb1787ffp-525;
    m.r = 0x1.0000000515129p-1015;
    st = af_drag_apex_f64(&m, &start, &apex);
    TH_CHECK(st == AF_OK && apex.t > 0.0 && apex.height > 0.0 && apex.height < 1e-300,
             "%s at t %g: %g m", af_status_name(st), apex.t, apex.height);
}

/* An engine with steps of 3e174 s damping to r = 2^-12 under a gravity
 * of 8.4e-322 m/s^2, thrown up at 4.2e-5 m/s: its apex is 1.3e176 s out,
 * 3.4e166 m up (the closed form to 60 digits), and its fall back, at
 * 6.6e-151 m/s, takes some 5e316 s. w = sigma |g| (1.7e-324) underflowed
 * to 0: the apex time was U / 0 times log1p(inf) / inf, NaN; the apex
 * "overflowed" and the landing 0.5 m below the launch came at 2e90 s,
 * with the body 1.8e83 m up. */
static void apex_of_a_lob_whose_gravity_times_the_damping_underflows(void)
{
    af_drag_f64 m;
    af_body_f64 start = { { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 } };
    af_drag_event_f64 apex, ev;
    af_status sa, sf;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_STEP_GRAVITY_THEN_DAMPING;
    m.gravity = (af_vec3_f64){ 0.0, 0.0, -0x0.00000000000aap-1022 };
    m.dt = 0x1.a5174p+579;
    m.r = 0x1p-12;
    start.velocity.z = 0x1p-12 * sin(0.17453292519943295);
    sa = af_drag_apex_f64(&m, &start, &apex);
    TH_CHECK(sa == AF_OK && fabs(apex.t / 1.28938918130595375618e176 - 1.0) <= 1e-12 &&
                 fabs(apex.height / 3.36945510439555102898e166 - 1.0) <= 1e-12,
             "apex %s at %.17g s, %.17g m", af_status_name(sa), apex.t, apex.height);
    sf = af_drag_time_at_height_f64(&m, &start, -0.5, AF_FALLING, &ev);
    TH_CHECK(sf == AF_ERR_OVERFLOW, "falling 0.5 m: %s after %g s, at %g m", af_status_name(sf),
             ev.t, ev.height);
}

/* An engine damping first with steps of 1e-310 s under a gravity of
 * -DBL_MAX along x, thrown at 668 m/s: its apex is 1.6e-307 s out,
 * 1.5e-305 m up (the closed form to 60 digits). w = sigma |g| overflowed:
 * U / w was 0 and the apex came out at minus the lead, 5e-311 s before
 * launch, 1.9e-308 m below it. */
static void apex_of_a_launch_whose_gravity_times_the_damping_overflows(void)
{
    const double q = 385.515625;
    af_drag_f64 m;
    af_body_f64 start = { { q, q, q }, { q, q, q } };
    af_drag_event_f64 apex;
    af_status st;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_STEP_DAMPING_THEN_GRAVITY;
    m.gravity = (af_vec3_f64){ -0x1.fffffffffffffp+1023, 3.9375, 0x1.799999999999ap+3 };
    m.dt = 0x0.012688b70e62bp-1022;
    m.r = 0x1.fec2p-1;
    st = af_drag_apex_f64(&m, &start, &apex);
    TH_CHECK(st == AF_OK && fabs(apex.t / 1.6341968533136785e-307 - 1.0) <= 1e-12 &&
                 fabs(apex.height / 1.4640226263870374e-305 - 1.0) <= 1e-12,
             "%s at %.17g s, %.17g m", af_status_name(st), apex.t, apex.height);
}

static const th_case cases[] = {
    TH_CASE(apex_above_the_launch_where_rho_times_the_time_underflows),
    TH_CASE(apex_of_a_lob_whose_gravity_times_the_damping_underflows),
    TH_CASE(apex_of_a_launch_whose_gravity_times_the_damping_overflows),
    TH_CASE(apex_at_launch_where_the_damping_times_the_lag_underflows),
    TH_CASE(falling_time_under_a_gravity_whose_product_with_the_damping_overflows),
    TH_CASE(falling_time_under_a_subnormal_drag),
    TH_CASE(falling_time_of_a_drop_whose_square_time_underflows),
    TH_CASE(falling_time_past_an_apex_whose_curvature_overflows),
    TH_CASE(falling_time_past_a_driftless_apex_beyond_the_doubles),
    TH_CASE(falling_time_after_a_subnormal_apex),
    TH_CASE(falling_time_past_the_launchs_whole_reach),
    TH_CASE(falling_time_under_a_vanishing_gravity),
    TH_CASE(apex_where_launch_speed_over_gravity_overflows),
    TH_CASE(apex_where_launch_speed_over_gravity_alone_overflows),
    TH_CASE(falling_time_where_drag_times_time_overflows),
    TH_CASE(falling_time_where_one_over_the_drag_overflows),
    TH_CASE(falling_time_past_an_apex_where_mu_u_overflows),
    TH_CASE(updraft_exactly_at_gravity_across_a_wind),
    TH_CASE(height_of_a_launch_near_terminal_velocity),
    TH_CASE(time_at_height_hits_the_height),
    TH_CASE(apex_is_the_top),
    TH_CASE(apex_without_drag),
    TH_CASE(unreachable_heights),
    TH_CASE(updraft),
    TH_CASE(step_cap_refuses_apex_and_height),
    TH_CASE(bad_inputs_are_rejected),
    TH_CASE(huge_magnitudes),
};

TH_MAIN("drag_height", cases)
