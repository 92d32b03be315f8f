/* SPDX-License-Identifier: MIT */
/*
 * Q16 heights under drag (af_drag_apex_q16, af_drag_time_at_height_q16)
 * against the f64 reference on the same Q16.16 inputs: statuses, times,
 * heights and states, every Q16 time flown by the f64 law (itself checked
 * against the engine's loop and RK4 in the f64 suites), and the edges.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aimfix.h"
#include "drag_q16_check.h"
#include "drag_sim.h"
#include "harness.h"
#include "q16_solve_check.h"

#define LSB (1.0 / 65536.0)

/*
 * A height computed by the Q16 law is within 2^-27 of the size of its
 * terms (|U a| + |W b|, the flight's scale below), the precision of the
 * law's coefficients (suite_drag_predict_q16.c measures 2^-28), plus the
 * rounding to Q16.16. Placing the body at a height also depends on the
 * time, which Q16.16 rounds to 2^-17 s: the height then moves by up to
 * |h'| 2^-17. HEIGHT_RELATIVE is that budget doubled.
 */
#define HEIGHT_RELATIVE (1.0 / 67108864.0) /* 2^-26 */

typedef struct flight {
    af_drag_q16 mq;
    af_drag_f64 mf;
    af_body_q16 bq;
    af_body_f64 bf;
    af_vec3_f64 up;
} flight;

/* A random flight of the class that comes down (continuous drag whose
 * wind holds the body up is redrawn), with gravity. */
static flight random_flight(th_rng *rng, int c)
{
    for (;;) {
        flight f;
        double g;
        f.mq = dq16_random_model(rng, c);
        f.bq = dq16_random_body(rng, c);
        f.mf = dq16_model_f64(&f.mq);
        f.bf = dq16_body_f64(&f.bq);
        g = dsim_len(f.mf.gravity);
        if (g == 0.0)
            continue;
        f.up.x = -f.mf.gravity.x / g;
        f.up.y = -f.mf.gravity.y / g;
        f.up.z = -f.mf.gravity.z / g;
        if (f.mf.kind == AF_DRAG_KIND_CONTINUOUS &&
            dsim_dot(f.mf.gravity, f.up) + f.mf.k * dsim_dot(f.mf.wind, f.up) >= 0.0)
            continue;
        return f;
    }
}

/* The height of the f64 law at t. */
static double law_height(const flight *f, double t)
{
    af_body_f64 p;
    if (af_drag_predict_f64(&f->mf, &f->bf, t, &p) != AF_OK)
        return NAN;
    return dsim_dot(dsim_sub(p.position, f->bf.position), f->up);
}

/* The height of the f64 law at t, its rate of change (the curve's: for an
 * engine not the velocity, which is the step's end velocity; by central
 * differences over 2^-17 s, exact enough for an allowance), and the
 * flight's scale there (|v0| t + |G| t^2, the size of the terms). */
static double height_at(const flight *f, double t, double *rate, double *scale)
{
    const double d = LSB / 2;
    af_vec3_f64 G = { f->mf.gravity.x + f->mf.k * f->mf.wind.x,
                      f->mf.gravity.y + f->mf.k * f->mf.wind.y,
                      f->mf.gravity.z + f->mf.k * f->mf.wind.z };
    double lo = fmax(t - d, 0.0);
    *rate = (law_height(f, t + d) - law_height(f, lo)) / (t + d - lo);
    *scale = dsim_len(f->bf.velocity) * t + dsim_len(G) * t * t + LSB;
    /* Damping last moves by the velocity before the damping, up to 1 / r
     * times the others: its terms are that much larger. */
    if (f->mf.kind == AF_DRAG_KIND_STEPPED && f->mf.order == AF_STEP_DAMPING_LAST)
        *scale /= f->mf.r;
    return law_height(f, t);
}

/* Whether any part of an f64 event lies beyond Q16.16 (or within `margin`
 * of its edge). */
static int event_beyond(const af_drag_event_f64 *e, double margin)
{
    return dq16_near_or_beyond(e->t, margin) || dq16_near_or_beyond(e->height, margin) ||
           dq16_vec_near_or_beyond(e->state.position, margin) ||
           dq16_vec_near_or_beyond(e->state.velocity, margin);
}

static void apex_agrees_with_f64(void)
{
    th_rng rng = th_rng_for("apex_agrees_with_f64");
    long i, count = th_count(100000), solved = 0, overflow = 0;
    double worst_t = 0, worst_h = 0;
    for (i = 0; i < count; i++) {
        int c = (int)(i % DQ16_CLASSES);
        flight f = random_flight(&rng, c);
        af_drag_event_f64 ef;
        af_drag_event_q16 eq;
        af_status sf = af_drag_apex_f64(&f.mf, &f.bf, &ef);
        af_status sq = af_drag_apex_q16(&f.mq, &f.bq, &eq);
        double rate, scale, h, dt, dh;
        if (sf == AF_OK && event_beyond(&ef, 0.0)) {
            overflow++;
            TH_CHECK(sq == AF_ERR_OVERFLOW, "apex %ld: beyond Q16.16 (t %g, height %g), q16 %s",
                     i, ef.t, ef.height, af_status_name(sq));
            continue;
        }
        if (sf == AF_OK && event_beyond(&ef, 1e-6) && sq == AF_ERR_OVERFLOW)
            continue; /* at the edge: either */
        if (!TH_CHECK(sf == sq, "apex %ld: f64 %s, q16 %s", i, af_status_name(sf),
                      af_status_name(sq)) ||
            sf != AF_OK)
            continue;
        solved++;
        /* The apex time is a closed form to 2^-28 of its parts (U / w and
         * the lead, each below t + lead); rounded to 2^-17 s. */
        dt = fabs(q16_to_f64(eq.t) - ef.t);
        worst_t = fmax(worst_t, dt / (ef.t + LSB));
        TH_CHECK(dt <= LSB + ldexp(ef.t + q16_to_f64(f.mq.dt), -26),
                 "apex %ld: t %.9g vs %.9g", i, q16_to_f64(eq.t), ef.t);
        h = height_at(&f, q16_to_f64(eq.t), &rate, &scale);
        dh = fabs(q16_to_f64(eq.height) - ef.height);
        worst_h = fmax(worst_h, dh / scale);
        TH_CHECK(dh <= LSB + HEIGHT_RELATIVE * scale, "apex %ld: height %.9g vs %.9g", i,
                 q16_to_f64(eq.height), ef.height);
        TH_CHECK(fabs(h - q16_to_f64(eq.height)) <= LSB + HEIGHT_RELATIVE * scale,
                 "apex %ld: reported height %.9g, the f64 law's at its time %.9g", i,
                 q16_to_f64(eq.height), h);
    }
    th_note("%ld apexes, %ld solved by both, %ld beyond Q16.16; worst t error %.3g (relative), "
            "height %.3g of the scale",
            count, solved, overflow, worst_t, worst_h);
}

static void time_at_height_agrees_with_f64(void)
{
    th_rng rng = th_rng_for("time_at_height_agrees_with_f64");
    long i, count = th_count(100000), solved = 0, band = 0, overflow = 0;
    int most_steps = 0;
    double worst_h = 0, worst_t = 0;
    for (i = 0; i < count; i++) {
        int c = (int)(i % DQ16_CLASSES);
        flight f = random_flight(&rng, c);
        af_drag_event_f64 apex, ef;
        af_drag_event_q16 eq;
        af_branch branch = th_rand_below(&rng, 2) ? AF_RISING : AF_FALLING;
        double H, hs, rate, scale, h, eps, tq;
        int in_band;
        fix16_t Hq;
        af_status sf, sq;
        if (af_drag_apex_f64(&f.mf, &f.bf, &apex) != AF_OK)
            continue;
        if (branch == AF_RISING) {
            uint32_t pick = th_rand_below(&rng, 16);
            H = apex.height * (pick == 0 ? 0.0 : pick == 1 ? 1.0 : th_rand_uniform(&rng, 0, 1));
        } else {
            hs = apex.height + dsim_dot(f.bf.velocity, f.bf.velocity) / dsim_len(f.mf.gravity);
            H = apex.height - th_rand_log(&rng, 1e-9, 1e3) * hs;
        }
        Hq = q16_from_f64(fmax(-32767.0, fmin(32767.0, H)));
        H = q16_to_f64(Hq);
        sf = af_drag_time_at_height_f64(&f.mf, &f.bf, H, branch, &ef);
        sq = af_drag_time_at_height_q16(&f.mq, &f.bq, Hq, branch, &eq);
        /* The band: the height within the law's precision of the apex (or
         * of the launch level, rising), where the last bits decide whether
         * it is reached. */
        (void)height_at(&f, apex.t, &rate, &scale);
        eps = LSB + HEIGHT_RELATIVE * scale;
        in_band = fabs(H - apex.height) <= eps || (branch == AF_RISING && fabs(H) <= eps);
        if (sf == AF_OK && event_beyond(&ef, 0.0) && !in_band) {
            overflow++;
            TH_CHECK(sq == AF_ERR_OVERFLOW, "height %ld: beyond Q16.16 (t %g), q16 %s", i, ef.t,
                     af_status_name(sq));
            continue;
        }
        if (sf != sq) {
            in_band |= sf == AF_OK && event_beyond(&ef, 1e-6) && sq == AF_ERR_OVERFLOW;
            band += in_band;
            TH_CHECK(in_band, "height %ld: f64 %s, q16 %s (H %.9g, apex %.9g, %s)", i,
                     af_status_name(sf), af_status_name(sq), H, apex.height,
                     branch == AF_RISING ? "rising" : "falling");
            continue;
        }
        if (sf != AF_OK)
            continue;
        solved++;
        if (eq.steps > most_steps)
            most_steps = eq.steps;
        TH_CHECK(eq.steps <= AF_DRAG_HEIGHT_MAX_STEPS, "%d steps", eq.steps);
        /* Flown by the f64 law, the Q16 time puts the body at H. */
        tq = q16_to_f64(eq.t);
        h = height_at(&f, tq, &rate, &scale);
        eps = LSB + HEIGHT_RELATIVE * scale + fabs(rate) * LSB / 2;
        worst_h = fmax(worst_h, fabs(h - H) / eps);
        TH_CHECK(fabs(h - H) <= eps,
                 "height %ld: at t = %.9g the f64 body is at %.9g, asked %.9g (order %d r %.9g)", i,
                 tq, h, H, (int)f.mf.order, f.mf.r);
        TH_CHECK(fabs(q16_to_f64(eq.height) - h) <= LSB + HEIGHT_RELATIVE * scale,
                 "height %ld: reported %.9g, the f64 law's %.9g", i, q16_to_f64(eq.height), h);
        /* The time itself: where the height changes fast it is pinned by
         * the height's precision over the rate; near an apex, where
         * h ~ h_apex - K s^2 / 2, by sqrt(2 eps / K) (K from |g|). */
        {
            double k_near = dsim_len(f.mf.gravity) * exp(-f.mf.k * ef.t) + 1e-30;
            double allowed = LSB + ldexp(ef.t, -26) +
                             fmin(eps / fmax(fabs(rate), 1e-30), sqrt(2.0 * eps / k_near) * 4);
            worst_t = fmax(worst_t, fabs(tq - ef.t) / allowed);
            TH_CHECK(fabs(tq - ef.t) <= allowed, "height %ld: t %.9g vs f64 %.9g (allowed %.3g)",
                     i, tq, ef.t, allowed);
        }
    }
    th_note("%ld heights, %ld solved by both, %ld status differences in the band, %ld beyond "
            "Q16.16; worst height miss %.6g and time error %.3g of their allowances; most "
            "evaluations %d (bound %d)",
            count, solved, band, overflow, worst_h, worst_t, most_steps, AF_DRAG_HEIGHT_MAX_STEPS);
}

/* A body thrown down fast in weak gravity (damping last, r = 65529 / 65536)
 * reaches H = -3598 m after 30.2 s; the bracket's far end is 264 s (the
 * terminal slope), where a and b are several times their size at the root.
 * Newton on h must stop within the rounding of h at the root, not at that
 * end: the f64 law puts the body at H from the Q16 time within an LSB,
 * 2^-26 of the flight's scale and the time's rounding. */
static void time_at_height_stops_within_the_noise_at_its_root(void)
{
    flight f;
    af_drag_event_q16 eq;
    fix16_t Hq = -235794503;
    double rate, scale, h, eps;
    f.mq.kind = AF_DRAG_KIND_STEPPED;
    f.mq.gravity.x = -4161;
    f.mq.gravity.y = 2867;
    f.mq.gravity.z = -4488;
    f.mq.dt = 926;
    f.mq.r = 65529;
    f.mq.order = AF_STEP_DAMPING_LAST;
    f.mq.k = 0;
    f.mq.wind.x = f.mq.wind.y = f.mq.wind.z = 0;
    f.mq.max_move = 0;
    f.bq.position.x = 1705072;
    f.bq.position.y = 2755865;
    f.bq.position.z = 804526;
    f.bq.velocity.x = -984432;
    f.bq.velocity.y = 9307799;
    f.bq.velocity.z = -6130423;
    f.mf = dq16_model_f64(&f.mq);
    f.bf = dq16_body_f64(&f.bq);
    h = dsim_len(f.mf.gravity);
    f.up.x = -f.mf.gravity.x / h;
    f.up.y = -f.mf.gravity.y / h;
    f.up.z = -f.mf.gravity.z / h;
    if (!TH_CHECK(af_drag_time_at_height_q16(&f.mq, &f.bq, Hq, AF_FALLING, &eq) == AF_OK,
                  "not solved"))
        return;
    h = height_at(&f, q16_to_f64(eq.t), &rate, &scale);
    eps = LSB + HEIGHT_RELATIVE * scale + fabs(rate) * LSB / 2;
    TH_CHECK(fabs(h - q16_to_f64(Hq)) <= eps, "at t = %.9g the body is at %.9g, asked %.9g (%.3g of %.3g)",
             q16_to_f64(eq.t), h, q16_to_f64(Hq), fabs(h - q16_to_f64(Hq)), eps);
}

#define Q(v) ((fix16_t)((v) * 65536))

/* A body thrown straight down at 32768 m/s by an engine (r 0.73 a step of
 * 1/128 s: it covers 700 m before it slows) under a gravity of a few LSB,
 * whose terminal speed of 5e-6 m/s bounds the time of a height only at
 * 1e8 s: the times of heights along the fast part against f64. Bracketed
 * by that bound alone, Newton stopped at its first step, 0.003 s early. */
static void fast_throw_down_under_a_gravity_of_a_few_lsb(void)
{
    flight f;
    int i;
    double g, worst = 0;
    memset(&f, 0, sizeof f);
    f.mq.kind = AF_DRAG_KIND_STEPPED;
    f.mq.gravity.x = 15;
    f.mq.gravity.y = -2;
    f.mq.dt = 512;
    f.mq.r = 48115;
    f.mq.order = AF_STEP_GRAVITY_THEN_DAMPING;
    f.bq.position.x = Q(1000);
    f.bq.position.z = INT32_MIN;
    f.bq.velocity.x = INT32_MAX;
    f.bq.velocity.y = -2;
    f.mf = dq16_model_f64(&f.mq);
    f.bf = dq16_body_f64(&f.bq);
    g = dsim_len(f.mf.gravity);
    f.up.x = -f.mf.gravity.x / g;
    f.up.y = -f.mf.gravity.y / g;
    f.up.z = 0;
    for (i = 1; i <= 69; i++) {
        fix16_t Hq = Q(-10 * i) + 1000 * i;
        af_drag_event_f64 ef;
        af_drag_event_q16 eq;
        af_status sf = af_drag_time_at_height_f64(&f.mf, &f.bf, q16_to_f64(Hq), AF_FALLING, &ef);
        af_status sq = af_drag_time_at_height_q16(&f.mq, &f.bq, Hq, AF_FALLING, &eq);
        double rate, scale, eps;
        if (!TH_CHECK(sf == AF_OK && sq == AF_OK, "height %.6g: f64 %s, q16 %s", q16_to_f64(Hq),
                      af_status_name(sf), af_status_name(sq)))
            continue;
        (void)height_at(&f, q16_to_f64(eq.t), &rate, &scale);
        eps = LSB + HEIGHT_RELATIVE * scale;
        worst = fmax(worst, fabs(q16_to_f64(eq.t) - ef.t) / (LSB + eps / fabs(rate)));
        TH_CHECK(fabs(q16_to_f64(eq.t) - ef.t) <= LSB + eps / fabs(rate),
                 "height %.6g: t %.9g vs f64 %.9g", q16_to_f64(Hq), q16_to_f64(eq.t), ef.t);
    }
    th_note("thrown down under a gravity of a few LSB: worst time error %.3g of the allowance",
            worst);
}

/* Thrown straight down at 32767 m/s under continuous drag (k = 1) and
 * an updraft that leaves a pull of one LSB: the launch alone reaches
 * 32767 m below, and heights at that reach or up to 0.25 m beyond it are
 * met 23 s to 16384 s later, while the terminal slope bounds them only at
 * 2^31 s. Newton's steps of about 1 s each must not stop at their first
 * for being below 2^-30 of that bound: the f64 law puts the body at H
 * from the Q16 time within an LSB, 2^-26 of the flight's scale and the
 * time's rounding. */
static void fall_to_the_launch_reach_under_a_pull_of_an_lsb(void)
{
    flight f;
    int i;
    memset(&f, 0, sizeof f);
    f.mq.kind = AF_DRAG_KIND_CONTINUOUS;
    f.mq.gravity.z = -Q(1);
    f.mq.k = Q(1);
    f.mq.wind.z = Q(1) - 1;
    f.bq.velocity.z = -Q(32767);
    f.mf = dq16_model_f64(&f.mq);
    f.bf = dq16_body_f64(&f.bq);
    f.up.z = 1;
    for (i = 0; i <= 8; i++) {
        fix16_t Hq = -Q(32767) - (i > 0 ? (fix16_t)1 << (2 * i - 2) : 0);
        af_drag_event_q16 eq;
        double rate, scale, h, eps;
        if (!TH_CHECK(af_drag_time_at_height_q16(&f.mq, &f.bq, Hq, AF_FALLING, &eq) == AF_OK,
                      "height %.9g: not solved", q16_to_f64(Hq)))
            continue;
        h = height_at(&f, q16_to_f64(eq.t), &rate, &scale);
        eps = LSB + HEIGHT_RELATIVE * scale + fabs(rate) * LSB / 2;
        TH_CHECK(fabs(h - q16_to_f64(Hq)) <= eps,
                 "height %.9g: at t = %.9g the body is at %.9g (%.3g off, allowed %.3g)",
                 q16_to_f64(Hq), q16_to_f64(eq.t), h, fabs(h - q16_to_f64(Hq)), eps);
    }
}

/* A launch within 2^-12 of the terminal velocity, straight down (the
 * curvature at launch cancels to a few bits there: heights by Newton on h,
 * drag_height_q16.c), deep levels: the time against f64. */
static void near_terminal_launches(void)
{
    th_rng rng = th_rng_for("near_terminal_launches");
    long i, count = th_count(20000);
    double worst = 0;
    for (i = 0; i < count; i++) {
        flight f = random_flight(&rng, DQ16_ORDINARY);
        af_drag_event_f64 ef;
        af_drag_event_q16 eq;
        double k = f.mf.kind == AF_DRAG_KIND_CONTINUOUS ? f.mf.k : -log(f.mf.r) / f.mf.dt;
        af_vec3_f64 G = { f.mf.gravity.x + f.mf.k * f.mf.wind.x, f.mf.gravity.y + f.mf.k * f.mf.wind.y,
                          f.mf.gravity.z + f.mf.k * f.mf.wind.z };
        double w = -dsim_dot(G, f.up), vt, H, rate, scale, eps;
        fix16_t Hq;
        af_status sf, sq;
        if (!(k > 0.05) || !(w > 0))
            continue;
        vt = -w / k * (1.0 + th_rand_uniform(&rng, -1.0, 1.0) * ldexp(1.0, -12));
        f.bf.velocity.x = f.up.x * vt + (f.mf.kind == AF_DRAG_KIND_CONTINUOUS ? f.mf.wind.x : 0);
        f.bf.velocity.y = f.up.y * vt + (f.mf.kind == AF_DRAG_KIND_CONTINUOUS ? f.mf.wind.y : 0);
        f.bf.velocity.z = f.up.z * vt + (f.mf.kind == AF_DRAG_KIND_CONTINUOUS ? f.mf.wind.z : 0);
        f.bq = q16_body_from_f64(&f.bf);
        f.bf = dq16_body_f64(&f.bq);
        H = -th_rand_log(&rng, 1.0, 30000.0);
        Hq = q16_from_f64(H);
        H = q16_to_f64(Hq);
        sf = af_drag_time_at_height_f64(&f.mf, &f.bf, H, AF_FALLING, &ef);
        sq = af_drag_time_at_height_q16(&f.mq, &f.bq, Hq, AF_FALLING, &eq);
        if (sf == AF_OK && event_beyond(&ef, 1e-6))
            continue;
        if (!TH_CHECK(sf == sq, "%ld: f64 %s, q16 %s", i, af_status_name(sf), af_status_name(sq)) ||
            sf != AF_OK)
            continue;
        (void)height_at(&f, q16_to_f64(eq.t), &rate, &scale);
        eps = LSB + HEIGHT_RELATIVE * scale;
        worst = fmax(worst, fabs(q16_to_f64(eq.t) - ef.t) / (LSB + eps / fabs(rate)));
        TH_CHECK(fabs(q16_to_f64(eq.t) - ef.t) <= LSB + eps / fabs(rate),
                 "%ld: t %.9g vs f64 %.9g", i, q16_to_f64(eq.t), ef.t);
    }
    th_note("near the terminal velocity: worst time error %.3g of the allowance", worst);
}

static void edge_table(void)
{
    af_vec3_q16 g = { 0, 0, Q(-10) }, zero = { 0, 0, 0 }, up_wind = { 0, 0, Q(30) };
    af_body_q16 b = { { 0, 0, 0 }, { Q(3), 0, Q(20) } };
    af_drag_q16 m, none, updraft;
    af_drag_event_q16 ev;
    af_status st;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_CONTINUOUS, 0, 0, &g, NULL, &m) == AF_OK &&
                      af_drag_init_q16(AF_DRAG_BOX2D, Q(0.3), Q(0.02), &zero, NULL, &none) == AF_OK &&
                      af_drag_init_q16(AF_DRAG_CONTINUOUS, Q(0.5), 0, &g, &up_wind, &updraft) ==
                          AF_OK,
                  "init"))
        return;
    /* Without drag: apex at U / |g| = 2 s, 20 m up; the engine's at
     * 2 - dt / 2. */
    TH_CHECK(af_drag_apex_q16(&m, &b, &ev) == AF_OK && abs(ev.t - Q(2)) <= 1 &&
                 abs(ev.height - Q(20)) <= 1,
             "parabola's apex at t = 2, height 20");
    TH_CHECK(af_drag_time_at_height_q16(&m, &b, Q(15), AF_FALLING, &ev) == AF_OK &&
                 abs(ev.t - Q(3)) <= 1,
             "15 m on the way down at t = 3");
    TH_CHECK(af_drag_time_at_height_q16(&m, &b, Q(15), AF_RISING, &ev) == AF_OK &&
                 abs(ev.t - Q(1)) <= 1,
             "15 m on the way up at t = 1");
    TH_CHECK(af_drag_time_at_height_q16(&m, &b, 0, AF_RISING, &ev) == AF_OK && ev.t == 0,
             "the launch itself");
    TH_CHECK(af_drag_time_at_height_q16(&m, &b, Q(21), AF_FALLING, &ev) == AF_ERR_NO_SOLUTION &&
                 ev.t == 0,
             "above the apex");
    TH_CHECK(af_drag_time_at_height_q16(&m, &b, Q(-1), AF_RISING, &ev) == AF_ERR_NO_SOLUTION,
             "below the launch on the way up");
    TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, 0, Q(0.1), &g, NULL, &m) == AF_OK &&
                 af_drag_apex_q16(&m, &b, &ev) == AF_OK && abs(ev.t - Q(1.95)) <= 1,
             "the engine's apex at 2 - dt / 2 (%d)", (int)ev.t);
    /* Bad inputs. */
    TH_CHECK(af_drag_apex_q16(&none, &b, &ev) == AF_ERR_BAD_ARGUMENT, "apex without gravity");
    TH_CHECK(af_drag_time_at_height_q16(&none, &b, Q(1), AF_RISING, &ev) == AF_ERR_BAD_ARGUMENT,
             "height without gravity");
    TH_CHECK(af_drag_time_at_height_q16(&m, &b, Q(1), (af_branch)3, &ev) == AF_ERR_BAD_ARGUMENT,
             "unknown branch");
    TH_CHECK(af_drag_time_at_height_q16(NULL, &b, Q(1), AF_RISING, &ev) == AF_ERR_BAD_ARGUMENT,
             "NULL model");
    TH_CHECK(af_drag_apex_q16(&m, NULL, &ev) == AF_ERR_BAD_ARGUMENT, "NULL start");
    TH_CHECK(af_drag_apex_q16(&m, &b, NULL) == AF_ERR_BAD_ARGUMENT, "NULL out");
    /* An updraft stronger than gravity. */
    TH_CHECK(af_drag_apex_q16(&updraft, &b, &ev) == AF_ERR_NO_SOLUTION, "no apex in an updraft");
    TH_CHECK(af_drag_time_at_height_q16(&updraft, &b, Q(1), AF_RISING, &ev) == AF_ERR_OUT_OF_RANGE,
             "heights in an updraft");
    /* Overflow: straight up at 32767 m/s under 0.01 m/s^2, no drag: the
     * apex is 5e10 m up, beyond Q16.16; the largest gravity and speed. */
    b.velocity.x = 0;
    b.velocity.z = Q(32767);
    g.z = Q(-0.01);
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_CONTINUOUS, 0, 0, &g, NULL, &m) == AF_OK, "init"))
        return;
    st = af_drag_apex_q16(&m, &b, &ev);
    TH_CHECK(st == AF_ERR_OVERFLOW && ev.t == 0 && ev.height == 0, "apex beyond Q16.16: %s",
             af_status_name(st));
    st = af_drag_time_at_height_q16(&m, &b, Q(1), AF_FALLING, &ev);
    TH_CHECK(st == AF_ERR_OVERFLOW, "falling back after 6.5e6 s: %s", af_status_name(st));
    g.z = INT32_MIN;
    b.velocity.z = INT32_MIN;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_EXACT, Q(1), Q(0.5), &g, NULL, &m) == AF_OK, "init"))
        return;
    st = af_drag_time_at_height_q16(&m, &b, Q(-32767), AF_FALLING, &ev);
    /* At the time rounded to 2^-17 s the body, falling at about 32768
     * m/s, is within 0.25 m of the level. */
    TH_CHECK(st == AF_OK && ev.t > 0 && abs(ev.height + Q(32767)) <= Q(0.25),
             "thrown down at -32768 m/s under -32768 m/s^2: %s, height %g", af_status_name(st),
             ev.height / 65536.0);
}

/* A continuous wind whose pull along up, k wind.up, equals gravity
 * exactly, with gravity tilted so that up is not a Q16.16 vector: an
 * updraft (AF_ERR_OUT_OF_RANGE), as is one LSB more wind; one LSB less and
 * the body comes down (or its fall overflows Q16.16), never an updraft. */
static void updraft_exactly_at_gravity(void)
{
    /* g = (A, 0, A), wind = (-w, 0, 0): k w A = 2 A^2 when k w = 2 A. */
    static const struct { fix16_t A, k, w; } rows[] = {
        { 1048575, 1048575, Q(2) },
        { Q(9.8125), Q(0.5), Q(39.25) },
        { Q(-3), Q(12), Q(-0.5) },
        { Q(100), Q(200), Q(1) },
    };
    af_body_q16 rest = { { 0, 0, 0 }, { 0, 0, 0 } };
    size_t i;
    int d;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
        for (d = -1; d <= 1; d++) {
            af_vec3_q16 g = { rows[i].A, 0, rows[i].A }, wind = { 0, 0, 0 }, heading = { 0, Q(1), 0 };
            af_drag_q16 m;
            af_drag_event_q16 ev;
            af_range_q16 r;
            af_status st, sr;
            wind.x = -(rows[i].w + (rows[i].w > 0 ? d : -d)); /* d > 0: more wind */
            if (!TH_CHECK(af_drag_init_q16(AF_DRAG_CONTINUOUS, rows[i].k, 0, &g, &wind, &m) ==
                              AF_OK,
                          "init"))
                return;
            st = af_drag_time_at_height_q16(&m, &rest, Q(-1), AF_FALLING, &ev);
            sr = af_drag_max_range_q16(&m, Q(1), Q(-1), &heading, &r);
            if (d >= 0)
                TH_CHECK(st == AF_ERR_OUT_OF_RANGE && sr == AF_ERR_OUT_OF_RANGE,
                         "row %d, wind %+d LSB: height %s, range %s", (int)i, d,
                         af_status_name(st), af_status_name(sr));
            else
                TH_CHECK(st != AF_ERR_OUT_OF_RANGE && sr != AF_ERR_OUT_OF_RANGE,
                         "row %d, wind %+d LSB: height %s, range %s", (int)i, d,
                         af_status_name(st), af_status_name(sr));
        }
}

/* A nearly weightless body (a continuous wind cancelling gravity to an
 * LSB, G = (-4, -1, -1) raw) launched across gravity but for 1e-7 m/s of
 * it (up has components 1 LSB in 2^31 apart): it rises, slowly, to an apex
 * 16.8 s later, as in f64. up rounded to 2^-30 gave U = 0: no rise. */
static void apex_of_a_nearly_weightless_body(void)
{
    af_drag_q16 m;
    af_drag_f64 mf;
    af_body_q16 start = { { 0, 0, 0 }, { 20263936, 20263936, 20263936 } };
    af_body_f64 sf;
    af_drag_event_q16 ev;
    af_drag_event_f64 ef;
    af_status st, stf;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.y = INT32_MAX;
    m.gravity.z = INT32_MIN;
    m.k = Q(1);
    m.wind.x = -4;
    m.wind.y = INT32_MIN;
    m.wind.z = INT32_MAX;
    mf = dq16_model_f64(&m);
    sf = dq16_body_f64(&start);
    st = af_drag_apex_q16(&m, &start, &ev);
    stf = af_drag_apex_f64(&mf, &sf, &ef);
    TH_CHECK(st == AF_OK && stf == AF_OK && ef.t > 10.0 &&
                 fabs(ev.t / 65536.0 - ef.t) <= 1e-3 * ef.t,
             "q16 %s t %g, f64 %s t %g", af_status_name(st), ev.t / 65536.0, af_status_name(stf),
             ef.t);
}

/* step_cap_refuses_apex_and_height of suite_drag_height_f64.c in Q16.16. */
static void step_cap_refuses_apex_and_height_q16(void)
{
    af_vec3_q16 g = { 0, Q(-9.81), 0 };
    af_body_q16 up = { { 0, 0, 0 }, { 0, Q(125), 0 } };
    af_drag_q16 m;
    af_drag_event_q16 e;
    af_status st;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_BOX2D, 0, Q(1) / 60, &g, NULL, &m) == AF_OK, "init"))
        return;
    st = af_drag_apex_q16(&m, &up, &e);
    TH_CHECK(st == AF_ERR_ENGINE_LIMIT && e.t == 0 && e.height == 0,
             "apex of a 125 m/s shot: %s", af_status_name(st));
    up.velocity.y = Q(100);
    st = af_drag_apex_q16(&m, &up, &e);
    TH_CHECK(st == AF_OK, "apex of a 100 m/s shot: %s", af_status_name(st));
    up.velocity.y = 0;
    st = af_drag_time_at_height_q16(&m, &up, Q(-500), AF_FALLING, &e);
    TH_CHECK(st == AF_OK, "500 m down, at 99 m/s: %s", af_status_name(st));
    st = af_drag_time_at_height_q16(&m, &up, Q(-1000), AF_FALLING, &e);
    TH_CHECK(st == AF_ERR_ENGINE_LIMIT && e.t == 0 && e.state.position.y == 0,
             "1000 m down, at 140 m/s: %s", af_status_name(st));
}

/* Continuous drag k = 32768 whose wind (2, 0, 0) all but cancels a
 * gravity of (-32768, 32768, 0) along up: a sharp apex after 1.6 ms
 * (mu t_apex = 53, so e^(-mu t_apex) is below 32 bits), then a fall at a
 * terminal speed of nearly 0, back to the launch level after 4.6e18 s
 * (f64). That time does not fit Q16.16: AF_ERR_OVERFLOW, not
 * AF_ERR_OUT_OF_RANGE (which says the body need not come down). */
static void fall_past_an_apex_whose_decay_underflows_overflows(void)
{
    af_drag_q16 m;
    af_body_q16 b;
    af_drag_f64 mf;
    af_body_f64 bf;
    af_drag_event_q16 e;
    af_drag_event_f64 ef;
    af_status st, stf;
    memset(&m, 0, sizeof m);
    memset(&b, 0, sizeof b);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.x = INT32_MIN;
    m.gravity.y = INT32_MAX;
    m.k = INT32_MAX;
    m.wind.x = Q(2);
    m.dt = 256;
    m.r = 50739;
    b.position.x = -13056000;
    b.position.y = 25216000;
    b.position.z = INT32_MAX;
    b.velocity.x = INT32_MAX;
    mf = dq16_model_f64(&m);
    bf = dq16_body_f64(&b);
    stf = af_drag_time_at_height_f64(&mf, &bf, 0.0, AF_FALLING, &ef);
    st = af_drag_time_at_height_q16(&m, &b, 0, AF_FALLING, &e);
    TH_CHECK(stf == AF_OK && ef.t >= 32768.0, "f64 %s t %g", af_status_name(stf), ef.t);
    TH_CHECK(st == AF_ERR_OVERFLOW && e.t == 0 && e.state.position.x == 0, "q16 %s t %d",
             af_status_name(st), (int)e.t);
}

static const th_case cases[] = {
    TH_CASE(fall_past_an_apex_whose_decay_underflows_overflows),
    TH_CASE(apex_of_a_nearly_weightless_body),
    TH_CASE(updraft_exactly_at_gravity),
    TH_CASE(apex_agrees_with_f64),
    TH_CASE(time_at_height_agrees_with_f64),
    TH_CASE(time_at_height_stops_within_the_noise_at_its_root),
    TH_CASE(near_terminal_launches),
    TH_CASE(fast_throw_down_under_a_gravity_of_a_few_lsb),
    TH_CASE(fall_to_the_launch_reach_under_a_pull_of_an_lsb),
    TH_CASE(edge_table),
    TH_CASE(step_cap_refuses_apex_and_height_q16),
};

TH_MAIN("drag_height_q16", cases)
