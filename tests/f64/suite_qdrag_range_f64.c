/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag, the maximum range of a stepped model whose first engine
 * step folds some launches ((2 k s + c) dt >= 1 relative to the air): no
 * such launch is a candidate; with every launch folding the range is
 * refused as AF_ERR_ENGINE_LIMIT with the outputs zero, and with a fold
 * arc inside the elevations the range is the farthest of the launches on
 * either side of it, flown again by the tests' own engine.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "qdrag_sim.h"

/* The tests' own fold rule: the first step's velocity through the air. */
static int first_step_folds(const af_qdrag_f64 *m, af_vec3_f64 v)
{
    af_vec3_f64 r = v;
    double s;
    if (m->order == AF_QDRAG_GRAVITY_FIRST) {
        r.x += m->gravity.x * m->dt;
        r.y += m->gravity.y * m->dt;
        r.z += m->gravity.z * m->dt;
    }
    r.x -= m->wind.x;
    r.y -= m->wind.y;
    r.z -= m->wind.z;
    s = sqrt(r.x * r.x + r.y * r.y + r.z * r.z);
    return (2.0 * m->k * s + m->c) * m->dt >= 1.0;
}

static af_qdrag_f64 stepped(double dt, double k, double c, af_vec3_f64 g, af_vec3_f64 w)
{
    af_qdrag_f64 m;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_QDRAG_GRAVITY_FIRST;
    m.dt = dt;
    m.k = k;
    m.c = c;
    m.gravity = g;
    m.wind = w;
    return m;
}

static void max_range_refuses_a_model_whose_every_launch_folds(void)
{
    const af_vec3_f64 g = { -4.77, -4.77, -4.77 }, w = { 0.0, 0.0, -5.56 };
    const af_vec3_f64 heading = { 0.09375, 0.0, 0.0 };
    af_qdrag_f64 m = stepped(0.85, 0.498, 0.266, g, w);
    af_range_f64 r, zero;
    af_status st;
    memset(&zero, 0, sizeof zero);
    st = af_qdrag_max_range_f64(&m, 30.0, 0.0, &heading, &r);
    TH_CHECK(st == AF_ERR_ENGINE_LIMIT && memcmp(&r, &zero, sizeof r) == 0,
             "%s with range %.9g at t %.9g", af_status_name(st), r.range, r.t);
}

/* A wind down and against the heading: the launches up and along it move
 * fastest through the air and fold, the flat and steep ones do not. */
static void max_range_searches_both_sides_of_a_fold_arc(void)
{
    const af_vec3_f64 g = { 0.0, 0.0, -9.81 }, w = { -12.0, 0.0, -12.0 };
    const af_vec3_f64 heading = { 1.0, 0.0, 0.0 };
    const double speed = 36.0, level = -1.0;
    af_qdrag_f64 m = stepped(0.1, 0.1, 0.0, g, w);
    af_range_f64 r;
    af_body_f64 b;
    double best = -INFINITY;
    int j, folded = 0, sides = 0, was_free = 1;
    af_status st = af_qdrag_max_range_f64(&m, speed, level, &heading, &r);
    for (j = 0; j <= 100; j++) {
        double el = -1.5707963267948966 + 3.141592653589793 * j / 100.0;
        af_drag_event_f64 ev;
        int free;
        memset(&b, 0, sizeof b);
        b.velocity.x = speed * cos(el);
        b.velocity.z = speed * sin(el);
        free = !first_step_folds(&m, b.velocity);
        folded += !free;
        sides += free && !was_free;
        was_free = free;
        if (free && af_qdrag_time_at_height_f64(&m, &b, level, AF_FALLING, &ev) == AF_OK)
            best = fmax(best, qsim_fly(&m, &b, ev.t).position.x);
    }
    TH_CHECK(folded > 0 && sides == 1, "the scene: %d folded elevations, %d free after them",
             folded, sides);
    if (!TH_CHECK(st == AF_OK, "max_range: %s", af_status_name(st)))
        return;
    memset(&b, 0, sizeof b);
    b.velocity.x = r.horizontal_speed;
    b.velocity.z = r.vertical_speed;
    TH_CHECK(!first_step_folds(&m, b.velocity), "the range's launch (%.9g, %.9g) folds",
             r.horizontal_speed, r.vertical_speed);
    TH_CHECK(r.range >= best - 1e-6 * fabs(best), "range %.9g, the scan found %.9g", r.range,
             best);
    b = qsim_fly(&m, &b, r.t);
    TH_CHECK(fabs(b.position.x - r.range) <= 1e-6 * fabs(r.range) &&
                 fabs(b.position.z - level) <= 1e-6 * fabs(r.range),
             "the range's shot lands at (%.9g, %.9g), not (%.9g, %g)", b.position.x,
             b.position.z, r.range, level);
}

static const th_case cases[] = {
    TH_CASE(max_range_refuses_a_model_whose_every_launch_folds),
    TH_CASE(max_range_searches_both_sides_of_a_fold_arc),
};

TH_MAIN("qdrag_range", cases)
