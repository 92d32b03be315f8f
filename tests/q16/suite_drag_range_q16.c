/* SPDX-License-Identifier: MIT */
/*
 * Q16 maximum range with drag (af_drag_max_range_q16) against the f64
 * reference on the same Q16.16 inputs: statuses, the range, and the Q16
 * optimum flown by the f64 law (it must land where it says, and no f64
 * elevation may go measurably farther).
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "aimfix.h"
#include "drag_q16_check.h"
#include "drag_sim.h"
#include "harness.h"
#include "q16_solve_check.h"

#define LSB (1.0 / 65536.0)

/* A range from the Q16 law is within 2^-27 of the size of its terms
 * (speed t, |G| t^2), the law's precision (suite_drag_predict_q16.c),
 * plus the rounding; doubled. The optimum is flat: an elevation off by
 * 2^-14 (the search's precision where the range is known to 2^-28) costs
 * 2^-28 of the range, inside the same allowance. */
#define RANGE_RELATIVE (1.0 / 67108864.0) /* 2^-26 */

typedef struct range_case {
    af_drag_q16 mq;
    af_drag_f64 mf;
    af_vec3_q16 heading_q;
    af_vec3_f64 heading, up;
    fix16_t speed, height;
} range_case;

/* The f64 law's landing on the level for a launch of horizontal speed hs
 * along the heading and vertical speed vs: range (signed, along the
 * heading: drag.h; -inf when it never comes down to it) and time. */
static double f64_range(const range_case *c, double hs, double vs, double *t)
{
    af_vec3_f64 h = c->heading;
    af_body_f64 start, p;
    af_drag_event_f64 ev;
    double along = dsim_dot(h, c->up), len;
    h.x -= along * c->up.x;
    h.y -= along * c->up.y;
    h.z -= along * c->up.z;
    len = dsim_len(h);
    start.position.x = start.position.y = start.position.z = 0.0;
    start.velocity.x = h.x / len * hs + c->up.x * vs;
    start.velocity.y = h.y / len * hs + c->up.y * vs;
    start.velocity.z = h.z / len * hs + c->up.z * vs;
    if (af_drag_time_at_height_f64(&c->mf, &start, q16_to_f64(c->height), AF_FALLING, &ev) !=
        AF_OK)
        return -HUGE_VAL;
    *t = ev.t;
    p = ev.state;
    along = dsim_dot(p.position, c->up);
    p.position.x -= along * c->up.x;
    p.position.y -= along * c->up.y;
    p.position.z -= along * c->up.z;
    return dsim_dot(p.position, h) / len;
}

static range_case random_case(th_rng *rng, int cls)
{
    for (;;) {
        range_case c;
        double g, speed, top;
        c.mq = dq16_random_model(rng, cls);
        c.mf = dq16_model_f64(&c.mq);
        g = dsim_len(c.mf.gravity);
        if (g == 0.0)
            continue;
        c.up.x = -c.mf.gravity.x / g;
        c.up.y = -c.mf.gravity.y / g;
        c.up.z = -c.mf.gravity.z / g;
        c.heading_q = dq16_random_vector(rng, 0.01, 100.0);
        c.heading = q16_vec_to_f64(c.heading_q);
        speed = dsim_len(q16_vec_to_f64(dq16_random_body(rng, cls).velocity));
        c.speed = q16_from_f64(speed);
        if (c.speed <= 0)
            continue;
        top = speed * speed / (2 * g);
        c.height = q16_from_f64(fmax(-32767.0, fmin(32767.0, th_rand_uniform(rng, -3, 1.2) * top)));
        return c;
    }
}

/* Whether the f64 range over the elevation has more than one local
 * maximum (or a higher one than f64's answer): with a continuous wind
 * along the heading the drift of a high lob can carry it
 * farther than a flat shot goes, and the range is no longer unimodal. Both
 * solvers' golden sections then find one maximum, not necessarily the
 * same. 64 elevations from straight down to straight up. */
static int several_maxima(const range_case *c, double f64_best)
{
    double speed = q16_to_f64(c->speed), r[65], t;
    int j, peaks = 0;
    for (j = 0; j <= 64; j++) {
        double e = -1.5707963267948966 + j * 3.141592653589793 / 64.0;
        r[j] = f64_range(c, speed * cos(e), speed * sin(e), &t);
        if (r[j] > f64_best + 1e-9 * fabs(f64_best) + 1e-12)
            return 1;
    }
    for (j = 0; j <= 64; j++)
        if (r[j] > -HUGE_VAL && (j == 0 || r[j] > r[j - 1]) && (j == 64 || r[j] >= r[j + 1]))
            peaks++;
    return peaks > 1;
}

/* How far the landing of a launch moves when its rounded speeds move by
 * up to an LSB: the largest change over the four neighbours. Near the top
 * of a lob onto a high level the landing is that sensitive to the
 * vertical speed (and not linearly: a square root). INFINITY when the
 * launch itself does not reach the level but a neighbour does (a graze).
 */
static double rounding_reach(const range_case *c, double hs, double vs)
{
    static const double dh[4] = { 1, -1, 0, 0 }, dv[4] = { 0, 0, 1, -1 };
    double t, r0 = f64_range(c, hs, vs, &t), reach = 0;
    int j;
    for (j = 0; j < 4; j++) {
        double r = f64_range(c, hs + dh[j] * LSB, vs + dv[j] * LSB, &t);
        if (r0 == -HUGE_VAL && r > -HUGE_VAL)
            return INFINITY;
        if (r > -HUGE_VAL && r0 > -HUGE_VAL)
            reach = fmax(reach, fabs(r - r0));
    }
    return reach;
}

/* Whether some elevation lands beyond Q16.16 (range or time), on a scan of
 * 64: a maximum the Q16 solver may find and report as an overflow. */
static int lands_beyond(const range_case *c)
{
    double speed = q16_to_f64(c->speed), t;
    int j;
    for (j = 0; j <= 64; j++) {
        double e = -1.5707963267948966 + j * 3.141592653589793 / 64.0;
        double r = f64_range(c, speed * cos(e), speed * sin(e), &t);
        if (r > -HUGE_VAL && (dq16_near_or_beyond(r, 1e-3) || dq16_near_or_beyond(t, 1e-3)))
            return 1;
    }
    return 0;
}

static void max_range_agrees_with_f64(void)
{
    th_rng rng = th_rng_for("max_range_agrees_with_f64");
    long i, count = th_count(100000), solved = 0, band = 0, beyond = 0, several = 0, grazes = 0;
    double worst_r = 0, worst_fly = 0;
    for (i = 0; i < count; i++) {
        range_case c = random_case(&rng, (int)(i % DQ16_CLASSES));
        af_range_f64 rf;
        af_range_q16 rq;
        af_status sf = af_drag_max_range_f64(&c.mf, q16_to_f64(c.speed), q16_to_f64(c.height),
                                            &c.heading, &rf);
        af_status sq = af_drag_max_range_q16(&c.mq, c.speed, c.height, &c.heading_q, &rq);
        double speed = q16_to_f64(c.speed), g = dsim_len(c.mf.gravity) + c.mf.k * dsim_len(c.mf.wind);
        double scale, eps, t, r;
        if (sf == AF_OK && (dq16_near_or_beyond(rf.range, 0.0) || dq16_near_or_beyond(rf.t, 0.0))) {
            beyond++;
            TH_CHECK(sq == AF_ERR_OVERFLOW, "range %ld: beyond Q16.16 (%g m in %g s), q16 %s", i,
                     rf.range, rf.t, af_status_name(sq));
            continue;
        }
        if (sf != sq) {
            /* The band: a level within the law's precision of the highest
             * reach (the vertical shot's apex), or a range at the edge of
             * Q16.16. */
            af_body_f64 up_shot = { { 0, 0, 0 }, { c.up.x * speed, c.up.y * speed, c.up.z * speed } };
            af_drag_event_f64 apex;
            int in_band = af_drag_apex_f64(&c.mf, &up_shot, &apex) == AF_OK &&
                          fabs(apex.height - q16_to_f64(c.height)) <=
                              LSB + RANGE_RELATIVE * (speed * apex.t + g * apex.t * apex.t);
            in_band |= sf == AF_OK && sq == AF_ERR_OVERFLOW &&
                       (dq16_near_or_beyond(rf.range, 1e-6) || dq16_near_or_beyond(rf.t, 1e-6) ||
                        lands_beyond(&c));
            band += in_band;
            TH_CHECK(in_band, "range %ld: f64 %s, q16 %s (speed %g, level %g)", i,
                     af_status_name(sf), af_status_name(sq), speed, q16_to_f64(c.height));
            continue;
        }
        if (sf != AF_OK)
            continue;
        solved++;
        scale = speed * rf.t + g * rf.t * rf.t + fabs(q16_to_f64(c.height));
        eps = LSB + RANGE_RELATIVE * scale;
        if (several_maxima(&c, rf.range)) {
            several++;
        } else {
            /* A head wind can put the optimum at the lowest elevation that
             * reaches a level above: a graze, whose landing moves with the
             * square root of the launch's rounding (an LSB lower, it does
             * not land at all); the range is known to that reach, and so
             * is the landing of the Q16 launch below. */
            if (f64_range(&c, rf.horizontal_speed, rf.vertical_speed - LSB, &t) == -HUGE_VAL) {
                grazes++;
                eps += rounding_reach(&c, rf.horizontal_speed, rf.vertical_speed);
            }
            worst_r = fmax(worst_r, fabs(q16_to_f64(rq.range) - rf.range) / eps);
            TH_CHECK(fabs(q16_to_f64(rq.range) - rf.range) <= eps,
                     "range %ld: %.9g vs f64 %.9g (allowed %.3g)", i, q16_to_f64(rq.range),
                     rf.range, eps);
        }
        /* The Q16 optimum flown by f64: it lands at the range reported,
         * within the law's precision and the reach of the speeds'
         * rounding. */
        {
            double hs = q16_to_f64(rq.horizontal_speed), vs = q16_to_f64(rq.vertical_speed);
            double allowed = eps + rounding_reach(&c, hs, vs);
            r = f64_range(&c, hs, vs, &t);
            if (isfinite(allowed))
                worst_fly = fmax(worst_fly, fabs(r - q16_to_f64(rq.range)) / allowed);
            TH_CHECK(fabs(r - q16_to_f64(rq.range)) <= allowed,
                     "range %ld: its launch flown by f64 lands at %.9g, reported %.9g", i, r,
                     q16_to_f64(rq.range));
        }
        TH_CHECK(fabs(hypot(q16_to_f64(rq.horizontal_speed), q16_to_f64(rq.vertical_speed)) -
                      speed) <= 2 * LSB + ldexp(speed, -26),
                 "range %ld: launch speed", i);
    }
    th_note("%ld levels, %ld solved by both (%ld with several maxima, in the wind; %ld at a "
            "graze), %ld status differences in the band, %ld beyond Q16.16; worst range error "
            "%.3g and flown error %.3g of their allowances",
            count, solved, several, grazes, band, beyond, worst_r, worst_fly);
}

#define Q(v) ((fix16_t)((v) * 65536))

static void edge_table(void)
{
    af_vec3_q16 g = { 0, 0, Q(-10) }, heading = { Q(1), Q(1), Q(0.5) }, up = { 0, 0, Q(3) };
    af_vec3_q16 zero = { 0, 0, 0 }, wind = { 0, 0, Q(30) };
    af_drag_q16 m, none, updraft;
    af_range_q16 r;
    af_status st;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_CONTINUOUS, 0, 0, &g, NULL, &m) == AF_OK &&
                      af_drag_init_q16(AF_DRAG_EXACT, Q(0.1), Q(0.02), &zero, NULL, &none) == AF_OK &&
                      af_drag_init_q16(AF_DRAG_CONTINUOUS, Q(0.5), 0, &g, &wind, &updraft) == AF_OK,
                  "init"))
        return;
    /* Without drag: 30^2 / 10 = 90 m on level ground at 45 degrees; onto
     * a level 12 m up, v / g sqrt(v^2 - 2 g h) = 3 sqrt(660) = 77.07 m. */
    st = af_drag_max_range_q16(&m, Q(30), 0, &heading, &r);
    TH_CHECK(st == AF_OK && abs(r.range - Q(90)) <= Q(0.001) &&
                 abs(r.horizontal_speed - r.vertical_speed) <= Q(0.01),
             "level ground: 90 m at 45 degrees (%s, %g)", af_status_name(st), r.range / 65536.0);
    st = af_drag_max_range_q16(&m, Q(30), Q(12), &heading, &r);
    TH_CHECK(st == AF_OK && abs(r.range - Q(77.0714)) <= Q(0.001),
             "onto a level 12 m up (%g)", r.range / 65536.0);
    TH_CHECK(af_drag_max_range_q16(&m, Q(30), Q(46), &heading, &r) == AF_ERR_NO_SOLUTION &&
                 r.range == 0,
             "a level above the vertical shot's apex");
    TH_CHECK(af_drag_max_range_q16(&m, Q(30), 0, &up, &r) == AF_ERR_BAD_ARGUMENT, "vertical heading");
    TH_CHECK(af_drag_max_range_q16(&m, Q(30), 0, &zero, &r) == AF_ERR_BAD_ARGUMENT, "zero heading");
    TH_CHECK(af_drag_max_range_q16(&m, 0, 0, &heading, &r) == AF_ERR_BAD_ARGUMENT, "speed = 0");
    TH_CHECK(af_drag_max_range_q16(&none, Q(30), 0, &heading, &r) == AF_ERR_BAD_ARGUMENT,
             "no gravity");
    TH_CHECK(af_drag_max_range_q16(&m, Q(30), 0, NULL, &r) == AF_ERR_BAD_ARGUMENT, "NULL heading");
    TH_CHECK(af_drag_max_range_q16(&m, Q(30), 0, &heading, NULL) == AF_ERR_BAD_ARGUMENT, "NULL out");
    TH_CHECK(af_drag_max_range_q16(&updraft, Q(30), 0, &heading, &r) == AF_ERR_OUT_OF_RANGE,
             "an updraft");
    st = af_drag_max_range_q16(&m, Q(1000), 0, &heading, &r);
    TH_CHECK(st == AF_ERR_OVERFLOW && r.range == 0, "100 km: beyond Q16.16 (%s)",
             af_status_name(st));
}

/* A slow shot whose flight lasts a step or two of the engine: every
 * elevation below a steep one is back on the level at t = 0 (range 0),
 * and the maximum lies above that flat stretch: upward, with the f64
 * range to a few LSB. */
static void max_range_of_a_flight_a_step_long(void)
{
    /* From 0.15 m/s up the range is several LSB (at 0.1 m/s, 3e-6 m). */
    static const double speeds[] = { 0.15, 0.2, 0.3 };
    af_vec3_q16 g = { 0, 0, Q(-9.81) }, heading = { Q(1), 0, 0 };
    af_vec3_f64 gf = { 0.0, 0.0, Q(-9.81) / 65536.0 }, hf = { 1.0, 0.0, 0.0 };
    size_t i;
    for (i = 0; i < sizeof speeds / sizeof speeds[0]; i++) {
        af_drag_q16 m;
        af_drag_f64 mf;
        af_range_q16 r;
        af_range_f64 rf;
        af_status st, stf;
        fix16_t speed = Q(speeds[i]);
        if (!TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, Q(0.5), Q(0.02), &g, NULL, &m) == AF_OK &&
                          af_drag_init_f64(AF_DRAG_UNITY, Q(0.5) / 65536.0, Q(0.02) / 65536.0, &gf,
                                           NULL, &mf) == AF_OK,
                      "init"))
            return;
        st = af_drag_max_range_q16(&m, speed, 0, &heading, &r);
        stf = af_drag_max_range_f64(&mf, speed / 65536.0, 0.0, &hf, &rf);
        TH_CHECK(st == AF_OK && stf == AF_OK && r.vertical_speed > 0 &&
                     fabs(r.range / 65536.0 - rf.range) <= 4.0 / 65536.0 && rf.range > 4.0 / 65536.0,
                 "speed %g: %s, range %g (up %g), f64 %s %g", speeds[i], af_status_name(st),
                 r.range / 65536.0, r.vertical_speed / 65536.0, af_status_name(stf), rf.range);
    }
}

/* In a head wind a lob drifts back behind the launcher: that landing is
 * no range along the heading. The range is the landing point's signed
 * distance along the heading, the same in both formats: ahead at 9.81 m/s
 * against a 48 m/s wind on level ground, behind (negative, the least far
 * back) at 1 m/s onto a level 4.9 cm up, which only steep shots reach;
 * no elevation of a scan lands farther along. */
static void max_range_in_a_head_wind_is_signed_along_the_heading(void)
{
    static const double speeds[] = { 9.80999755859375, 1.0 }, heights[] = { 0.0, 0.049 };
    af_vec3_q16 g = { 0, 0, -642908 }, wind = { Q(48), 0, 0 }, heading = { Q(-10), 0, 0 };
    af_vec3_f64 gf = { 0.0, 0.0, -642908 / 65536.0 }, windf = { 48.0, 0.0, 0.0 };
    af_vec3_f64 headingf = { -10.0, 0.0, 0.0 };
    af_drag_q16 m;
    af_drag_f64 mf;
    size_t i;
    int j;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_CONTINUOUS, Q(0.125), 0, &g, &wind, &m) == AF_OK &&
                      af_drag_init_f64(AF_DRAG_CONTINUOUS, 0.125, 0.0, &gf, &windf, &mf) == AF_OK,
                  "init"))
        return;
    for (i = 0; i < sizeof speeds / sizeof speeds[0]; i++) {
        af_range_q16 r;
        af_range_f64 rf;
        af_status st = af_drag_max_range_q16(&m, Q(speeds[i]), Q(heights[i]), &heading, &r);
        af_status stf = af_drag_max_range_f64(&mf, speeds[i], Q(heights[i]) / 65536.0, &headingf,
                                              &rf);
        double best = -HUGE_VAL, flown;
        if (!TH_CHECK(st == AF_OK && stf == AF_OK, "speed %g: q16 %s, f64 %s", speeds[i],
                      af_status_name(st), af_status_name(stf)))
            continue;
        /* Every elevation from level to straight up, launched along the
         * heading (-x): the distance along the heading is -x. */
        for (j = 0; j <= 720; j++) {
            double e = j * 1.5707963267948966 / 720.0;
            af_body_f64 start = { { 0.0, 0.0, 0.0 }, { -speeds[i] * cos(e), 0.0, speeds[i] * sin(e) } };
            af_drag_event_f64 ev;
            if (af_drag_time_at_height_f64(&mf, &start, Q(heights[i]) / 65536.0, AF_FALLING,
                                           &ev) == AF_OK)
                best = fmax(best, -ev.state.position.x);
        }
        {
            af_body_f64 start = { { 0.0, 0.0, 0.0 }, { -rf.horizontal_speed, 0.0, rf.vertical_speed } };
            af_drag_event_f64 ev;
            flown = af_drag_time_at_height_f64(&mf, &start, Q(heights[i]) / 65536.0, AF_FALLING,
                                               &ev) == AF_OK
                        ? -ev.state.position.x
                        : -HUGE_VAL;
        }
        TH_CHECK((i == 0 ? rf.range > 0.0 : rf.range < 0.0) && fabs(flown - rf.range) <= 1e-9 &&
                     rf.range >= best - 1e-9,
                 "speed %g: f64 range %.9g (flown %.9g), a scan found %.9g", speeds[i], rf.range,
                 flown, best);
        TH_CHECK(fabs(r.range / 65536.0 - rf.range) <= 4.0 / 65536.0,
                 "speed %g: q16 range %.9g, f64 %.9g", speeds[i], r.range / 65536.0, rf.range);
    }
}

/* A heading of subnormal length (5e-320 along x) under gravity tilted a
 * little off -z, in a strong vertical wind: the range is that of the unit
 * heading. Projected across up as given, the heading kept too few bits to
 * stay level, and the wind's drift along it followed the error. */
static void max_range_along_a_subnormal_heading(void)
{
    af_vec3_f64 g = { 0.000244140625, 0.0, 0.5 }, wind = { 0.0, 0.0, 144.5625 };
    af_vec3_f64 tiny = { 4.6570627776995899e-320, 0.0, 0.0 }, unit = { 1.0, 0.0, 0.0 };
    af_drag_f64 m;
    af_range_f64 a, b;
    af_status sa, sb;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity = g;
    m.k = 0.000244140625;
    m.wind = wind;
    sa = af_drag_max_range_f64(&m, 1.0, -367.4375, &tiny, &a);
    sb = af_drag_max_range_f64(&m, 1.0, -367.4375, &unit, &b);
    TH_CHECK(sa == AF_OK && sb == AF_OK && fabs(a.range - b.range) <= 1e-12 * fabs(b.range) &&
                 a.t == b.t,
             "subnormal heading %s range %.17g, unit heading %s range %.17g", af_status_name(sa),
             a.range, af_status_name(sb), b.range);
}

/* A heading 2^-19 off vertical (along a gravity tilted by raw -17 and 16
 * LSB of 144.56 m/s^2 off x) in a 144.56 m/s cross wind at k = 2: the
 * drift of about 400 m counts along the heading's horizontal part, whose
 * direction then rests on the tilt alone: taken across a rounded up it
 * keeps only 11 bits, so it must come from the exact heading x g (30
 * bits), for a range within 2 LSB of f64's. */
static void max_range_keeps_the_direction_of_a_heading_near_vertical(void)
{
    af_drag_q16 m;
    af_drag_f64 mf;
    af_vec3_q16 heading = { 82944, 0, 0 };
    af_vec3_f64 headingf = { 82944 / 65536.0, 0.0, 0.0 };
    af_range_q16 r;
    af_range_f64 rf;
    af_status st, stf;
    memset(&m, 0, sizeof m);
    memset(&mf, 0, sizeof mf);
    m.kind = mf.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.x = 9474048;
    m.gravity.y = -17;
    m.gravity.z = 16;
    m.k = Q(2);
    m.wind.x = 16;
    m.wind.y = 9474048;
    m.wind.z = 16;
    mf.gravity.x = m.gravity.x * LSB;
    mf.gravity.y = m.gravity.y * LSB;
    mf.gravity.z = m.gravity.z * LSB;
    mf.k = 2.0;
    mf.wind.x = m.wind.x * LSB;
    mf.wind.y = m.wind.y * LSB;
    mf.wind.z = m.wind.z * LSB;
    st = af_drag_max_range_q16(&m, 16, -11992064, &heading, &r);
    stf = af_drag_max_range_f64(&mf, 16 * LSB, -11992064 * LSB, &headingf, &rf);
    if (!TH_CHECK(st == AF_OK && stf == AF_OK, "q16 %s, f64 %s", af_status_name(st),
                  af_status_name(stf)))
        return;
    th_note("range %.9g m, q16 %.3g LSB off f64", rf.range, fabs(r.range * LSB - rf.range) / LSB);
    TH_CHECK(fabs(r.range * LSB - rf.range) <= 2.0 * LSB, "q16 range %.9g, f64 %.9g",
             r.range * LSB, rf.range);
}

/* max_range_refuses_a_step_past_the_cap of suite_drag_range_f64.c in Q16.16. */
static void max_range_refuses_a_step_past_the_cap_q16(void)
{
    af_vec3_q16 g = { 0, Q(-9.81), 0 }, heading = { Q(1), 0, 0 };
    af_drag_q16 m;
    af_range_q16 out;
    af_status st;
    if (!TH_CHECK(af_drag_init_q16(AF_DRAG_BOX2D, 0, Q(1) / 60, &g, NULL, &m) == AF_OK, "init"))
        return;
    st = af_drag_max_range_q16(&m, Q(100), 0, &heading, &out);
    TH_CHECK(st == AF_OK, "on its level: %s", af_status_name(st));
    st = af_drag_max_range_q16(&m, Q(100), Q(-2000), &heading, &out);
    TH_CHECK(st == AF_ERR_ENGINE_LIMIT && out.range == 0, "2000 m down: %s", af_status_name(st));
    st = af_drag_max_range_q16(&m, Q(125), 0, &heading, &out);
    TH_CHECK(st == AF_ERR_ENGINE_LIMIT, "125 m/s: %s", af_status_name(st));
}

static const th_case cases[] = {
    TH_CASE(max_range_keeps_the_direction_of_a_heading_near_vertical),
    TH_CASE(max_range_along_a_subnormal_heading),
    TH_CASE(max_range_in_a_head_wind_is_signed_along_the_heading),
    TH_CASE(max_range_of_a_flight_a_step_long),
    TH_CASE(max_range_agrees_with_f64),
    TH_CASE(edge_table),
    TH_CASE(max_range_refuses_a_step_past_the_cap_q16),
};

TH_MAIN("drag_range_q16", cases)
