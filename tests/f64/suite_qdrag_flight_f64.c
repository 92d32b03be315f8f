/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag, the flight: the coefficient of a projectile, predictions
 * (the engine's steps to the last bit at whole steps; the ODE within 1e-9
 * of the path flown, against the tests' fine-step integrator), apex, time
 * at a height, landing through a raycast, samples, and every bad input.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "qdrag_sim.h"

/* The continuous kind's error budget against the fine integrator, relative
 * to the path flown (the header's figure). */
#define ODE_TOL 1e-9

static af_body_f64 random_launch(th_rng *rng)
{
    af_body_f64 b;
    double speed = th_rand_uniform(rng, 2.0, 40.0), el = th_rand_uniform(rng, -0.5, 1.4);
    double az = th_rand_uniform(rng, -3.14159, 3.14159);
    b.position.x = th_rand_uniform(rng, -10.0, 10.0);
    b.position.y = th_rand_uniform(rng, -10.0, 10.0);
    b.position.z = th_rand_uniform(rng, 0.0, 5.0);
    b.velocity.x = speed * cos(el) * cos(az);
    b.velocity.y = speed * cos(el) * sin(az);
    b.velocity.z = speed * sin(el);
    return b;
}

static int same_body(af_body_f64 a, af_body_f64 b)
{
    return a.position.x == b.position.x && a.position.y == b.position.y &&
           a.position.z == b.position.z && a.velocity.x == b.velocity.x &&
           a.velocity.y == b.velocity.y && a.velocity.z == b.velocity.z;
}

static int all_zero(const void *p, size_t n)
{
    const unsigned char *c = p;
    size_t i;
    for (i = 0; i < n; i++)
        if (c[i])
            return 0;
    return 1;
}

static void coefficient_of_a_ping_pong_ball(void)
{
    /* 2.7 g, 40 mm, Cd 0.5, sea-level air: 1.225 * 0.5 * pi 0.02^2 / (2 * 0.0027). */
    double k = -1.0;
    double expect = 1.225 * 0.5 * 3.14159265358979 * 0.0004 / (2.0 * 0.0027);
    TH_CHECK(af_qdrag_coef_f64(0.0027, 0.04, 0.5, 1.225, &k) == AF_OK, "ping-pong ball refused");
    TH_CHECK(fabs(k - expect) <= 1e-12 * expect, "k = %.17g, expected %.17g", k, expect);
    TH_CHECK(af_qdrag_coef_f64(0.0, 0.04, 0.5, 1.225, &k) == AF_ERR_BAD_ARGUMENT && k == 0.0,
             "zero mass accepted");
    TH_CHECK(af_qdrag_coef_f64(0.0027, NAN, 0.5, 1.225, &k) == AF_ERR_BAD_ARGUMENT && k == 0.0,
             "NaN diameter accepted");
    TH_CHECK(af_qdrag_coef_f64(0.0027, 0.04, -0.5, 1.225, &k) == AF_ERR_BAD_ARGUMENT,
             "negative Cd accepted");
    TH_CHECK(af_qdrag_coef_f64(1e-300, 1e200, 1.0, 1.0, &k) == AF_ERR_OVERFLOW && k == 0.0,
             "an overflowing k reported as a success");
    TH_CHECK(af_qdrag_coef_f64(1.0, 1.0, 1.0, 1.0, NULL) == AF_ERR_BAD_ARGUMENT, "NULL k");
}

/* A subnormal air density (a near vacuum) against a light, wide body: k
 * is 5.6e-311, but the density times the drag coefficient alone would
 * be 6e-314, 2^11 times further down the subnormals: k is rounded once,
 * to its own last place. */
static void coefficient_in_a_near_vacuum_keeps_its_digits(void)
{
    double mass = 0x1.cp-23, d = 0x1.00001p-6, cd = 0x1.00001p-2, rho = 4.8325139024757652e-313;
    double k = -1.0;
    long double want = 3.14159265358979323846L * d * d / 8.0L / mass * cd * rho;
    TH_CHECK(af_qdrag_coef_f64(mass, d, cd, rho, &k) == AF_OK, "refused");
    TH_CHECK(fabsl(k - want) <= 4.0L * DBL_EPSILON * want + 2.0L * 4.9406564584124654e-324L,
             "k = %.17g, expected %.17Lg", k, want);
}

static void stepped_prediction_is_the_engine_at_whole_steps(void)
{
    th_rng rng = th_rng_for("stepped_prediction_is_the_engine_at_whole_steps");
    long i, count = th_count(2000);
    double worst_between = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_f64 m = qsim_model(&rng, AF_DRAG_KIND_STEPPED, (int)(i % 3 == 0));
        af_body_f64 start = random_launch(&rng), out, ref, out_t;
        long n = (long)th_rand_below(&rng, 400);
        double frac = th_rand_uniform(&rng, 0.0, 1.0), e, scale;
        af_status st = af_qdrag_predict_steps_f64(&m, &start, (double)n, &out);
        ref = qsim_engine(&m, &start, n);
        TH_CHECK(st == AF_OK && same_body(out, ref),
                 "n = %ld order %d: not the engine's state (%s, x %.17g vs %.17g)", n, m.order,
                 af_status_name(st), out.position.x, ref.position.x);
        st = af_qdrag_predict_f64(&m, &start, (double)n * m.dt, &out_t);
        TH_CHECK(st == AF_OK && same_body(out_t, ref), "t = n dt, n = %ld: not the engine's", n);
        /* Between steps: the engine's straight segment. */
        st = af_qdrag_predict_steps_f64(&m, &start, (double)n + frac, &out);
        ref = qsim_engine_at(&m, &start, ((double)n + frac) * m.dt);
        scale = qsim_norm(qsim_sub(ref.position, start.position)) + qsim_norm(start.velocity) * m.dt;
        e = qsim_norm(qsim_sub(out.position, ref.position)) / scale;
        if (e > worst_between)
            worst_between = e;
        TH_CHECK(st == AF_OK && e <= 1e-12 && same_body((af_body_f64){ ref.velocity, ref.velocity },
                                                        (af_body_f64){ out.velocity, out.velocity }),
                 "n = %ld + %.3f: off the engine's segment by %.3g", n, frac, e);
    }
    th_note("between steps: largest distance to the engine's segment %.3g of the path", worst_between);
}

static void continuous_prediction_meets_the_fine_integrator(void)
{
    th_rng rng = th_rng_for("continuous_prediction_meets_the_fine_integrator");
    long i, count = th_count(300);
    double worst = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_f64 m = qsim_model(&rng, AF_DRAG_KIND_CONTINUOUS, (int)(i % 3 == 0));
        af_body_f64 start = random_launch(&rng), out, ref;
        double t = th_rand_uniform(&rng, 0.01, 6.0), path, e;
        af_status st = af_qdrag_predict_f64(&m, &start, t, &out);
        ref = qsim_ode(&m, &start, t);
        path = qsim_path(&m, &start, t);
        e = qsim_norm(qsim_sub(out.position, ref.position)) / path;
        if (e > worst)
            worst = e;
        TH_CHECK(st == AF_OK && e <= ODE_TOL, "t = %g k = %g: off by %.3g of the path", t, m.k, e);
        e = qsim_norm(qsim_sub(out.velocity, ref.velocity)) /
            (qsim_norm(start.velocity) + qsim_norm(m.wind) + 9.81 * t);
        TH_CHECK(e <= ODE_TOL, "t = %g: velocity off by %.3g", t, e);
    }
    th_note("continuous: largest position error %.3g of the path flown", worst);
}

static double height_of(af_vec3_f64 p, const af_body_f64 *start, const af_qdrag_f64 *m)
{
    double g = qsim_norm(m->gravity);
    return -((p.x - start->position.x) * m->gravity.x + (p.y - start->position.y) * m->gravity.y +
             (p.z - start->position.z) * m->gravity.z) /
           g;
}

/* A shot straight up in still air, or nearly: at the top its speed
 * through the air passes (near) zero, where the drag k |v| v bends
 * sharply. The flight still meets the fine integrator within the
 * header's 1e-9 of the path (the embedded estimate alone let 2e-8 by). */
/* An engine step of 4e175 s: the next node's position overflows, but a
 * point 1.6e-320 of a step along the segment (2.5e-145 s) does not, and
 * that is the engine's body there. */
static void fraction_of_a_huge_step_is_predicted(void)
{
    af_qdrag_f64 m;
    af_body_f64 start = { { -289.140625, -289.140625, 401.5625 },
                          { 0x1.ep-15, 0x1.ep-15, 5.00390625 } },
                out, seg;
    double n = 6.3240402667679558e-321;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_QDRAG_DRAG_FIRST;
    m.gravity.z = 0.6875;
    m.dt = 0x1.44d020428f405p+583;
    m.k = 0.49860382080078125;
    m.c = 0.22426128387451172;
    m.wind.x = m.wind.y = m.wind.z = -4.517822265625;
    seg = qsim_engine(&m, &start, 1);
    TH_CHECK(af_qdrag_predict_steps_f64(&m, &start, n, &out) == AF_OK, "refused");
    TH_CHECK(same_body(out, (af_body_f64){ { start.position.x + seg.velocity.x * (n * m.dt),
                                               start.position.y + seg.velocity.y * (n * m.dt),
                                               start.position.z + seg.velocity.z * (n * m.dt) },
                                             seg.velocity }),
             "not on the engine's first segment");
}

static void straight_up_shot_meets_the_fine_integrator(void)
{
    static const double across[] = { 0.0, 0.0049, 0.05, 0.5 };
    int i;
    for (i = 0; i < 4; i++) {
        af_qdrag_f64 m;
        af_body_f64 start, out, ref;
        double path;
        memset(&m, 0, sizeof m);
        memset(&start, 0, sizeof start);
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.gravity.z = -9.8125;
        m.k = 0.03;
        start.position.z = 1.0;
        start.velocity.y = across[i];
        start.velocity.z = 21.76;
        if (!TH_CHECK(af_qdrag_predict_f64(&m, &start, 3.0, &out) == AF_OK, "predict"))
            continue;
        ref = qsim_ode(&m, &start, 3.0);
        path = qsim_path(&m, &start, 3.0);
        TH_CHECK(qsim_norm(qsim_sub(ref.position, out.position)) <= ODE_TOL * path,
                 "across %g m/s: %.3g m off after a path of %.3g m", across[i],
                 qsim_norm(qsim_sub(ref.position, out.position)), path);
    }
}

static void apex_is_the_top_of_the_flight(void)
{
    th_rng rng = th_rng_for("apex_is_the_top_of_the_flight");
    long i, count = th_count(300);
    for (i = 0; i < count; i++) {
        af_drag_kind kind = i % 2 ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
        af_qdrag_f64 m = qsim_model(&rng, kind, 0);
        af_body_f64 start = random_launch(&rng);
        af_drag_event_f64 apex;
        af_status st;
        start.velocity.z = fabs(start.velocity.z) + 0.5;
        st = af_qdrag_apex_f64(&m, &start, &apex);
        if (!TH_CHECK(st == AF_OK, "apex: %s", af_status_name(st)))
            continue;
        if (kind == AF_DRAG_KIND_STEPPED) {
            long n = (long)floor(apex.t / m.dt + 0.5);
            af_body_f64 a = qsim_engine(&m, &start, n), b = qsim_engine(&m, &start, n + 1);
            TH_CHECK(apex.t == (double)n * m.dt && same_body(a, apex.state),
                     "stepped apex not a whole step of the engine");
            TH_CHECK(b.position.z <= a.position.z &&
                         (n == 0 || qsim_engine(&m, &start, n - 1).position.z < a.position.z),
                     "step %ld is not the engine's highest", n);
        } else {
            double path = qsim_path(&m, &start, apex.t);
            af_body_f64 ref = qsim_ode(&m, &start, apex.t);
            TH_CHECK(qsim_norm(qsim_sub(ref.position, apex.state.position)) <= ODE_TOL * path,
                     "apex state off the flight");
            TH_CHECK(fabs(ref.velocity.z) <= 1e-8 * (qsim_norm(start.velocity) + 10.0),
                     "vertical speed %.3g at the apex", ref.velocity.z);
            TH_CHECK(fabs(apex.height - height_of(ref.position, &start, &m)) <= ODE_TOL * path,
                     "apex height");
        }
    }
}

static void time_at_height_on_both_branches(void)
{
    th_rng rng = th_rng_for("time_at_height_on_both_branches");
    long i, count = th_count(300);
    for (i = 0; i < count; i++) {
        af_drag_kind kind = i % 2 ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
        af_qdrag_f64 m = qsim_model(&rng, kind, (int)(i % 5 == 0));
        af_body_f64 start = random_launch(&rng);
        af_drag_event_f64 apex, ev;
        af_branch br = th_rand_below(&rng, 2) ? AF_RISING : AF_FALLING;
        double h;
        af_status st;
        start.velocity.z = fabs(start.velocity.z) + 0.5;
        /* A body that never rises has no rising branch. */
        if (af_qdrag_apex_f64(&m, &start, &apex) != AF_OK || apex.t == 0.0)
            continue;
        h = br == AF_RISING ? th_rand_uniform(&rng, 0.0, apex.height)
                            : th_rand_uniform(&rng, -20.0, apex.height);
        st = af_qdrag_time_at_height_f64(&m, &start, h, br, &ev);
        if (!TH_CHECK(st == AF_OK, "h = %g of apex %g: %s", h, apex.height, af_status_name(st)))
            continue;
        TH_CHECK(br == AF_RISING ? ev.t <= apex.t : ev.t >= apex.t, "wrong branch");
        {
            af_body_f64 ref = qsim_fly(&m, &start, ev.t);
            double path = qsim_path(&m, &start, ev.t) + 1e-3;
            double tol = kind == AF_DRAG_KIND_STEPPED ? 1e-12 * path : ODE_TOL * path;
            TH_CHECK(fabs(height_of(ref.position, &start, &m) - h) <= tol,
                     "kind %d: height %.17g at t, asked %.17g", kind,
                     height_of(ref.position, &start, &m), h);
        }
        /* Above the apex: never. */
        st = af_qdrag_time_at_height_f64(&m, &start, apex.height + 1.0, br, &ev);
        TH_CHECK(st == AF_ERR_NO_SOLUTION && all_zero(&ev, sizeof ev),
                 "above the apex: %s", af_status_name(st));
    }
}

/* An updraft under a strong crosswind lifts a ball at rest, or one
 * thrown slightly down, through the drag: the apex is the top of the
 * climb after the dip (the launch when the climb stays below it), and
 * the rising branch is that climb. Against the fine integrator, sampled. */
static void updraft_lifts_a_resting_or_falling_body(void)
{
    static const double scene[][4] = {
        /* k, wind x, wind z, vertical speed */
        {0.25, 7.5, 5.0, 0.0}, {0.5, 20.0, 3.0, 0.0},  {0.5, 20.0, 3.0, -0.5},
        {0.5, 20.0, 3.0, -1.0}, {0.5, 20.0, 3.0, -1.5}, {0.5, 20.0, 3.0, -3.0}};
    int i, j, climbs = 0, below = 0;
    for (i = 0; i < (int)(sizeof scene / sizeof scene[0]); i++) {
        af_qdrag_f64 m;
        af_body_f64 start, fly;
        af_drag_event_f64 apex, ev;
        double top = 0.0, t_top = 0.0, low = 0.0, t_low = 0.0, peak = -INFINITY, dt = 1.0 / 2048;
        memset(&m, 0, sizeof m);
        memset(&start, 0, sizeof start);
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.gravity.z = -9.8125;
        m.k = scene[i][0];
        m.wind.x = scene[i][1];
        m.wind.z = scene[i][2];
        start.position.z = 1.0;
        start.velocity.z = scene[i][3];
        /* The dip's bottom, then the highest point after it (2 s), flown
         * on from sample to sample (the law is autonomous). */
        fly = start;
        for (j = 1; j <= 4096; j++) {
            double h;
            fly = qsim_ode(&m, &fly, dt);
            h = height_of(fly.position, &start, &m);
            if (peak == -INFINITY && h < low)
                low = h, t_low = j * dt;
            else if (h > low + 1e-9 && h > peak)
                peak = h, t_top = j * dt;
        }
        top = fmax(peak, 0.0);
        if (!TH_CHECK(af_qdrag_apex_f64(&m, &start, &apex) == AF_OK, "scene %d: apex", i))
            continue;
        TH_CHECK(fabs(apex.height - top) <= 1e-6, "scene %d: apex %.9f m, the flight's top %.9f m",
                 i, apex.height, top);
        if (peak > 1e-3) {
            climbs++;
            TH_CHECK(fabs(apex.t - t_top) <= 2.0 * dt, "scene %d: apex at %.6f s, the top at %.6f s",
                     i, apex.t, t_top);
            /* Rising through the middle of the climb, from the dip's bottom. */
            for (j = 0; j < 2; j++) {
                double H = j ? peak / 2 : low / 2;
                if (H == 0.0)
                    continue;
                if (!TH_CHECK(af_qdrag_time_at_height_f64(&m, &start, H, AF_RISING, &ev) == AF_OK,
                              "scene %d: rising to %.6f m", i, H))
                    continue;
                TH_CHECK(ev.t >= t_low - dt && ev.t <= apex.t &&
                             fabs(height_of(qsim_ode(&m, &start, ev.t).position, &start, &m) - H) <=
                                 1e-7,
                         "scene %d: rising to %.6f m at %.6f s", i, H, ev.t);
            }
        } else {
            below++;
            TH_CHECK(apex.t == 0.0 && apex.height == 0.0, "scene %d: apex at %.6f s, %.9f m", i,
                     apex.t, apex.height);
            /* The climb below the launch is no rising branch. */
            if (peak > low + 1e-3)
                TH_CHECK(af_qdrag_time_at_height_f64(&m, &start, (low + peak) / 2, AF_RISING,
                                                     &ev) == AF_ERR_NO_SOLUTION,
                         "scene %d: a rising branch below the launch", i);
        }
    }
    TH_CHECK(climbs >= 3 && below >= 2, "%d scenes climb, %d stay below", climbs, below);
}

/* Flat ground at z = 0, or the slope z = x / 4. */
static int ground(void *user, const af_vec3_f64 *o, const af_vec3_f64 *d, double len,
                  af_vec3_f64 *hit)
{
    double slope = *(const double *)user;
    double f0 = o->z - slope * o->x, df = d->z - slope * d->x, s;
    if (df >= 0.0 || f0 < 0.0)
        return f0 < 0.0 ? (hit->x = o->x, hit->y = o->y, hit->z = o->z, 1) : 0;
    s = -f0 / df;
    if (s > len)
        return 0;
    hit->x = o->x + d->x * s;
    hit->y = o->y + d->y * s;
    hit->z = o->z + d->z * s;
    return 1;
}

static void landing_through_the_raycast(void)
{
    th_rng rng = th_rng_for("landing_through_the_raycast");
    long i, count = th_count(200);
    int most = 0;
    for (i = 0; i < count; i++) {
        af_drag_kind kind = i % 2 ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
        af_qdrag_f64 m = qsim_model(&rng, kind, 0);
        af_body_f64 start = random_launch(&rng);
        double slope = i % 4 < 2 ? 0.0 : 0.25, tol = th_rand_log(&rng, 1e-6, 1e-2);
        af_drag_landing_f64 out;
        af_status st;
        start.position.z = 1.0 + slope * start.position.x;
        st = af_qdrag_land_f64(&m, &start, 30.0, tol, ground, &slope, &out);
        if (out.casts > most)
            most = out.casts;
        if (!TH_CHECK(st == AF_OK, "landing: %s", af_status_name(st)))
            continue;
        {
            af_body_f64 ref = qsim_fly(&m, &start, out.t);
            double off = qsim_norm(qsim_sub(ref.position, out.point));
            double lim = kind == AF_DRAG_KIND_STEPPED ? 1e-9 * (qsim_norm(out.point) + 1.0)
                                                      : tol + 1e-8 * (qsim_norm(out.point) + 1.0);
            TH_CHECK(off <= lim, "kind %d: hit %.3g from the flight at t (limit %.3g)", kind, off,
                     lim);
            TH_CHECK(fabs(out.point.z - slope * out.point.x) <= 1e-9 * (1.0 + fabs(out.point.x)),
                     "hit not on the ground");
            TH_CHECK(out.casts <= AF_QDRAG_LAND_MAX_CASTS, "%d casts", out.casts);
        }
    }
    th_note("landing: at most %d casts", most);
}

static int never(void *user, const af_vec3_f64 *o, const af_vec3_f64 *d, double len,
                 af_vec3_f64 *hit)
{
    (void)user;
    (void)o;
    (void)d;
    (void)len;
    (void)hit;
    return 0;
}

static void samples_are_predictions(void)
{
    af_qdrag_f64 m = { AF_DRAG_KIND_CONTINUOUS, { 0, 0, -9.81 }, { 1, 0, 0 }, 0.14, 0.0, 0.02,
                       AF_QDRAG_GRAVITY_FIRST };
    af_body_f64 start = { { 0, 0, 1 }, { 10, 0, 10 } }, p;
    af_vec3_f64 pts[9];
    int kind, i;
    for (kind = 0; kind < 2; kind++) {
        m.kind = kind ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
        TH_CHECK(af_qdrag_samples_f64(&m, &start, 2.0, pts, 9) == AF_OK, "samples failed");
        for (i = 0; i < 9; i++) {
            TH_CHECK(af_qdrag_predict_f64(&m, &start, 2.0 * i / 8.0, &p) == AF_OK, "predict");
            TH_CHECK(qsim_norm(qsim_sub(p.position, pts[i])) <= 1e-9 * 30.0, "sample %d", i);
        }
        pts[0].x = 5.0;
        TH_CHECK(af_qdrag_samples_f64(&m, &start, 2.0, pts, 1) == AF_ERR_BAD_ARGUMENT &&
                     pts[0].x == 0.0,
                 "one sample accepted or not zeroed");
    }
}

static void bad_inputs_are_refused(void)
{
    af_qdrag_f64 good = { AF_DRAG_KIND_STEPPED, { 0, 0, -9.81 }, { 0, 0, 0 }, 0.1, 0.0, 0.02,
                          AF_QDRAG_GRAVITY_FIRST };
    af_qdrag_f64 bad[7];
    af_body_f64 start = { { 0, 0, 0 }, { 5, 0, 5 } }, out;
    af_drag_event_f64 ev;
    af_drag_landing_f64 land;
    double slope = 0.0;
    int i;
    for (i = 0; i < 7; i++)
        bad[i] = good;
    bad[0].k = -1.0;
    bad[1].c = NAN;
    bad[2].dt = 0.0;
    bad[3].order = (af_qdrag_order)7;
    bad[4].kind = (af_drag_kind)9;
    bad[5].wind.y = INFINITY;
    bad[6].gravity.z = NAN;
    for (i = 0; i < 7; i++) {
        memset(&out, 0x55, sizeof out);
        TH_CHECK(af_qdrag_predict_f64(&bad[i], &start, 1.0, &out) == AF_ERR_BAD_ARGUMENT &&
                     all_zero(&out, sizeof out),
                 "bad model %d accepted or out not zeroed", i);
        memset(&ev, 0x55, sizeof ev);
        TH_CHECK(af_qdrag_apex_f64(&bad[i], &start, &ev) == AF_ERR_BAD_ARGUMENT &&
                     all_zero(&ev, sizeof ev),
                 "bad model %d: apex", i);
    }
    TH_CHECK(af_qdrag_predict_f64(&good, &start, -1.0, &out) == AF_ERR_BAD_ARGUMENT, "t < 0");
    TH_CHECK(af_qdrag_predict_f64(NULL, &start, 1.0, &out) == AF_ERR_BAD_ARGUMENT, "NULL model");
    TH_CHECK(af_qdrag_predict_f64(&good, NULL, 1.0, &out) == AF_ERR_BAD_ARGUMENT, "NULL start");
    TH_CHECK(af_qdrag_predict_f64(&good, &start, 1.0, NULL) == AF_ERR_BAD_ARGUMENT, "NULL out");
    good.kind = AF_DRAG_KIND_CONTINUOUS;
    TH_CHECK(af_qdrag_predict_steps_f64(&good, &start, 3.0, &out) == AF_ERR_BAD_ARGUMENT,
             "steps of a continuous model");
    TH_CHECK(af_qdrag_time_at_height_f64(&good, &start, 0.5, (af_branch)3, &ev) ==
                 AF_ERR_BAD_ARGUMENT,
             "unknown branch");
    good.gravity.z = 0.0;
    TH_CHECK(af_qdrag_apex_f64(&good, &start, &ev) == AF_ERR_BAD_ARGUMENT, "apex without g");
    good.gravity.z = -9.81;
    /* An updraft faster than the ball falls: it never comes down. */
    good.wind.z = 30.0;
    TH_CHECK(af_qdrag_apex_f64(&good, &start, &ev) == AF_ERR_NO_SOLUTION, "updraft apex");
    TH_CHECK(af_qdrag_time_at_height_f64(&good, &start, -1.0, AF_FALLING, &ev) ==
                 AF_ERR_OUT_OF_RANGE,
             "updraft fall");
    good.wind.z = 0.0;
    memset(&land, 0x55, sizeof land);
    TH_CHECK(af_qdrag_land_f64(&good, &start, 5.0, 1e-3, never, NULL, &land) ==
                     AF_ERR_NO_SOLUTION &&
                 land.casts == AF_QDRAG_LAND_CHORDS && land.t == 0.0,
             "a raycast that never hits");
    TH_CHECK(af_qdrag_land_f64(&good, &start, 5.0, 0.0, ground, &slope, &land) ==
                 AF_ERR_BAD_ARGUMENT,
             "zero tolerance");
    TH_CHECK(af_qdrag_land_f64(&good, &start, 5.0, 1e-3, NULL, NULL, &land) ==
                 AF_ERR_BAD_ARGUMENT,
             "NULL raycast");
    /* A flight beyond the step bound. */
    good.kind = AF_DRAG_KIND_STEPPED;
    good.dt = 1e-9;
    TH_CHECK(af_qdrag_predict_f64(&good, &start, 1.0, &out) == AF_ERR_NO_CONVERGENCE &&
                 all_zero(&out, sizeof out),
             "a billion steps taken");
}

/* A ball dropped from rest, in still air and under drag: the step
 * control measured the position's error against the distance flown and
 * the speed, both 0 at the start, and called the first step an overflow;
 * the fall is its reach. */
static void ball_dropped_from_rest_is_predicted(void)
{
    af_qdrag_f64 m;
    af_body_f64 start, out, ref;
    double k[2] = { 0.0, 0.05 };
    int i;
    memset(&m, 0, sizeof m);
    memset(&start, 0, sizeof start);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.z = -9.81;
    start.position.x = 3.0;
    for (i = 0; i < 2; i++) {
        af_status st;
        m.k = k[i];
        st = af_qdrag_predict_f64(&m, &start, 1.0, &out);
        ref = qsim_ode(&m, &start, 1.0);
        TH_CHECK(st == AF_OK && qsim_norm(qsim_sub(out.position, ref.position)) <= ODE_TOL * 4.905,
                 "k %g: %s, z %.17g, the tests' %.17g", m.k, af_status_name(st), out.position.z,
                 ref.position.z);
    }
}

static const th_case cases[] = {
    TH_CASE(coefficient_of_a_ping_pong_ball),
    TH_CASE(coefficient_in_a_near_vacuum_keeps_its_digits),
    TH_CASE(stepped_prediction_is_the_engine_at_whole_steps),
    TH_CASE(continuous_prediction_meets_the_fine_integrator),
    TH_CASE(ball_dropped_from_rest_is_predicted),
    TH_CASE(straight_up_shot_meets_the_fine_integrator),
    TH_CASE(fraction_of_a_huge_step_is_predicted),
    TH_CASE(apex_is_the_top_of_the_flight),
    TH_CASE(time_at_height_on_both_branches),
    TH_CASE(updraft_lifts_a_resting_or_falling_body),
    TH_CASE(landing_through_the_raycast),
    TH_CASE(samples_are_predictions),
    TH_CASE(bad_inputs_are_refused),
};

TH_MAIN("qdrag_flight", cases)
