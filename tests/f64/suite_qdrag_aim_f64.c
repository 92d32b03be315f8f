/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag, aiming: every shot of the fixed-time and fixed-speed aims
 * flown by the tests' own flight (the engine's loop, or the fine-step
 * integrator) meets its target within 1e-6 of the range; a brute-force scan
 * over the elevation finds no arc the fixed-speed aim missed; the maximum
 * range is no shorter than any the scan finds; bad inputs give their
 * status with the outputs zero.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "qdrag_sim.h"

/* The accuracy figure: the miss over the range. */
#define MISS_TOL 1e-6

static double deg(double rad)
{
    return rad * 57.29577951308232;
}

/* Flies the shot (with the shooter's velocity when inherited) and returns
 * its miss over the range. */
static double shot_miss(const af_qdrag_f64 *m, const af_body_f64 *shooter, const af_shot_f64 *s,
                        int inherit)
{
    af_body_f64 b = *shooter, at;
    double range = qsim_norm(qsim_sub(s->point, shooter->position));
    if (!inherit)
        b.velocity.x = b.velocity.y = b.velocity.z = 0.0;
    b.velocity.x += s->velocity.x;
    b.velocity.y += s->velocity.y;
    b.velocity.z += s->velocity.z;
    at = qsim_fly(m, &b, s->t);
    return qsim_norm(qsim_sub(at.position, s->point)) / (range > 0.0 ? range : 1.0);
}

/* A target within 2.5 drag lengths (1 / k): farther ones need launch
 * speeds beyond any launcher's (e^(k d) grows fast). */
static void random_scene(th_rng *rng, const af_qdrag_f64 *m, af_body_f64 *shooter,
                         af_body_f64 *target, int moving)
{
    double d = th_rand_uniform(rng, 3.0, fmax(4.0, fmin(40.0, 2.5 / m->k))), az = th_rand_uniform(rng, -3.14159, 3.14159);
    memset(shooter, 0, sizeof *shooter);
    memset(target, 0, sizeof *target);
    shooter->position.z = th_rand_uniform(rng, 0.0, 3.0);
    target->position.x = d * cos(az);
    target->position.y = d * sin(az);
    target->position.z = th_rand_uniform(rng, -3.0, 6.0);
    if (moving) {
        shooter->velocity.x = th_rand_uniform(rng, -3.0, 3.0);
        shooter->velocity.y = th_rand_uniform(rng, -3.0, 3.0);
        target->velocity.x = th_rand_uniform(rng, -4.0, 4.0);
        target->velocity.y = th_rand_uniform(rng, -4.0, 4.0);
        target->velocity.z = th_rand_uniform(rng, -1.0, 1.0);
    }
}

static void fixed_time_aims_hit(void)
{
    th_rng rng = th_rng_for("fixed_time_aims_hit");
    long i, count = th_count(300), failed = 0;
    double worst = 0.0;
    for (i = 0; i < count; i++) {
        af_drag_kind kind = i % 2 ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
        af_qdrag_f64 m = qsim_model(&rng, kind, (int)(i % 5 == 0));
        af_body_f64 shooter, target;
        unsigned flags = th_rand_below(&rng, 2) ? AF_INHERIT_VELOCITY : 0u;
        af_shots_f64 out;
        double t = th_rand_uniform(&rng, 0.3, 3.0), e;
        af_status st;
        random_scene(&rng, &m, &shooter, &target, (int)(i % 3 != 0));
        if (kind == AF_DRAG_KIND_STEPPED && i % 4 == 1)
            t = floor(t / m.dt) * m.dt; /* a whole number of steps */
        st = af_qdrag_aim_time_f64(&m, &shooter, &target, t, flags, &out);
        if (st != AF_OK) {
            /* Only a shot no engine step takes may fail: the continuous
             * law's shot there is so fast that the engine cannot launch it:
             * its first step leaves at most 1 / (4 k dt) of speed (c = 0), the
             * most u (1 - k u dt) reaches. */
            af_qdrag_f64 mc = m;
            af_shots_f64 cont;
            double s = 0.0;
            mc.kind = AF_DRAG_KIND_CONTINUOUS;
            failed++;
            TH_CHECK(st == AF_ERR_NO_CONVERGENCE && out.count == 0, "aim_time: %s",
                     af_status_name(st));
            if (af_qdrag_aim_time_f64(&mc, &shooter, &target, t, flags, &cont) == AF_OK)
                s = qsim_norm(qsim_sub(cont.shot[0].velocity, m.wind)) +
                    (flags ? qsim_norm(shooter.velocity) : 0.0);
            TH_CHECK(kind == AF_DRAG_KIND_STEPPED && (s == 0.0 || (m.k * s + m.c) * m.dt > 0.2),
                     "kind %d t = %g: failed, yet the continuous shot is %g m/s", kind, t, s);
            continue;
        }
        e = shot_miss(&m, &shooter, &out.shot[0], flags != 0u);
        if (e > worst)
            worst = e;
        TH_CHECK(out.count == 1 && out.shot[0].t == t && e <= MISS_TOL,
                 "kind %d t = %g: miss %.3g of the range (k %g, c %g, speed %g)", kind, t, e, m.k,
                 m.c, qsim_norm(out.shot[0].velocity));
    }
    th_note("fixed time: largest miss %.3g of the range, %ld of %ld out of reach", worst, failed,
            count);
}

static void fixed_speed_aims_hit(void)
{
    th_rng rng = th_rng_for("fixed_speed_aims_hit");
    long i, count = th_count(120), solved = 0;
    double worst = 0.0, worst_speed = 0.0;
    for (i = 0; i < count; i++) {
        af_drag_kind kind = i % 2 ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
        af_qdrag_f64 m = qsim_model(&rng, kind, (int)(i % 5 == 0));
        af_body_f64 shooter, target;
        unsigned flags = th_rand_below(&rng, 2) ? AF_INHERIT_VELOCITY : 0u;
        af_shots_f64 out;
        double speed = th_rand_uniform(&rng, 8.0, 40.0);
        int j;
        af_status st;
        random_scene(&rng, &m, &shooter, &target, (int)(i % 3 != 0));
        st = af_qdrag_aim_speed_f64(&m, &shooter, &target, speed, 6.0, flags, &out);
        if (st == AF_ERR_NO_SOLUTION) {
            /* Then no time of flight asks for less than the speed: the
             * required speed is above it at the scan's lower bound, so a
             * time asking less would bracket a missed solution. */
            int n;
            TH_CHECK(out.count == 0, "no solution with shots");
            for (n = 0; n < 40; n++) {
                double T = 0.05 * pow(6.0 / 0.05, n / 39.0);
                af_shots_f64 ft;
                if (af_qdrag_aim_time_f64(&m, &shooter, &target, T, flags, &ft) == AF_OK)
                    TH_CHECK(qsim_norm(ft.shot[0].velocity) >= speed * (1.0 - 1e-6),
                             "kind %d: no solution, yet T = %g asks only %g m/s of %g", kind, T,
                             qsim_norm(ft.shot[0].velocity), speed);
            }
            continue;
        }
        if (!TH_CHECK(st == AF_OK, "aim_speed: %s", af_status_name(st)))
            continue;
        solved++;
        for (j = 0; j < out.count; j++) {
            double e = shot_miss(&m, &shooter, &out.shot[j], flags != 0u);
            double es = fabs(qsim_norm(out.shot[j].velocity) - speed) / speed;
            if (e > worst)
                worst = e;
            if (es > worst_speed)
                worst_speed = es;
            TH_CHECK(e <= MISS_TOL && es <= 1e-8, "kind %d shot %d: miss %.3g, speed off %.3g",
                     kind, j, e, es);
            TH_CHECK(j == 0 || out.shot[j].t > out.shot[j - 1].t, "shots not earliest first");
        }
    }
    TH_CHECK(solved * 3 >= count, "only %ld of %ld scenes solved", solved, count);
    th_note("fixed speed: %ld of %ld scenes hit, largest miss %.3g of the range, speed %.3g",
            solved, count, worst, worst_speed);
}

/* The brute-force scan: over ELEVATIONS launch angles in the vertical plane
 * through a static target (wind along that plane, from behind), the
 * height at the target's horizontal distance minus its height; each sign
 * change between neighbours is an arc. */
#if TH_SCALE > 1
#define ELEVATIONS 150 /* a board: the scan alone would take minutes */
#else
#define ELEVATIONS 600
#endif
#define SCAN_MAX_TIME 5.0

static int cross_height(const af_qdrag_f64 *m, const af_body_f64 *start, double X, double *z,
                        double *t)
{
    qsim_march q;
    qsim_march_init(&q, m, start, 0.004);
    while (q.t < SCAN_MAX_TIME) {
        af_body_f64 prev = q.b;
        double t0 = q.t;
        qsim_march_step(&q);
        if (q.b.position.x >= X) {
            double s = (X - prev.position.x) / (q.b.position.x - prev.position.x);
            *z = prev.position.z + s * (q.b.position.z - prev.position.z);
            *t = t0 + s * (q.t - t0);
            return 1;
        }
    }
    return 0;
}

static void no_arc_is_missed(void)
{
    th_rng rng = th_rng_for("no_arc_is_missed");
    long i, count = th_count(24), arcs = 0;
    for (i = 0; i < count; i++) {
        af_drag_kind kind = i % 2 ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
        af_qdrag_f64 m = qsim_model(&rng, kind, 0);
        af_body_f64 shooter, target;
        af_shots_f64 out;
        double speed = th_rand_uniform(&rng, 8.0, 30.0);
        double X = th_rand_uniform(&rng, 2.0, fmax(3.0, fmin(25.0, 2.0 / m.k)));
        double prev_e = 0.0, prev_el = 0.0;
        int have_prev = 0, j, k;
        af_status st;
        memset(&shooter, 0, sizeof shooter);
        memset(&target, 0, sizeof target);
        m.wind.x = th_rand_uniform(&rng, 0.0, 4.0);
        m.wind.y = m.wind.z = 0.0;
        target.position.x = X;
        target.position.z = th_rand_uniform(&rng, -2.0, 4.0);
        st = af_qdrag_aim_speed_f64(&m, &shooter, &target, speed, SCAN_MAX_TIME, 0, &out);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION, "aim_speed: %s", af_status_name(st));
        for (j = 0; j <= ELEVATIONS; j++) {
            double el = -1.45 + 2.9 * j / ELEVATIONS, z, t;
            af_body_f64 b = shooter;
            b.velocity.x = speed * cos(el);
            b.velocity.z = speed * sin(el);
            if (!cross_height(&m, &b, X, &z, &t) || t > 0.95 * SCAN_MAX_TIME) {
                have_prev = 0;
                continue;
            }
            if (have_prev && (prev_e < 0.0) != (z - target.position.z < 0.0)) {
                int found = 0;
                arcs++;
                for (k = 0; k < out.count; k++) {
                    double sel = atan2(out.shot[k].velocity.z, out.shot[k].velocity.x);
                    if (sel >= prev_el - 0.02 && sel <= el + 0.02)
                        found = 1;
                }
                TH_CHECK(found, "kind %d: the arc between %.2f and %.2f deg was missed (%d shots)",
                         kind, deg(prev_el), deg(el), out.count);
            }
            prev_e = z - target.position.z;
            prev_el = el;
            have_prev = 1;
        }
    }
    th_note("brute-force scan: %ld arcs scanned", arcs);
}

/* The maximum range of one scene (wind and gravity across y, heading +x)
 * against a scan of the elevation: no scanned shot lands farther along the
 * heading, and the range's own shot lands where it says. The range is
 * signed along the heading, so a shot a head wind carries back behind the
 * launcher counts as negative. No solution only when no scanned shot comes
 * down on the level. */
static void check_max_range(const af_qdrag_f64 *m, double speed, double level)
{
    af_vec3_f64 heading = { 1.0, 0.0, 0.0 };
    af_range_f64 r;
    double best = -INFINITY;
    int j;
    af_status st = af_qdrag_max_range_f64(m, speed, level, &heading, &r);
    for (j = 1; j < 200; j++) {
        double el = -1.4 + 2.9 * j / 200.0;
        af_body_f64 b;
        af_drag_event_f64 ev;
        memset(&b, 0, sizeof b);
        b.velocity.x = speed * cos(el);
        b.velocity.z = speed * sin(el);
        if (af_qdrag_time_at_height_f64(m, &b, level, AF_FALLING, &ev) == AF_OK)
            best = fmax(best, qsim_fly(m, &b, ev.t).position.x);
    }
    if (st == AF_ERR_NO_SOLUTION) {
        TH_CHECK(best == -INFINITY, "kind %d: no solution, the scan landed %.9g along", m->kind,
                 best);
        return;
    }
    if (!TH_CHECK(st == AF_OK, "max_range: %s", af_status_name(st)))
        return;
    TH_CHECK(r.range >= best - MISS_TOL * fabs(best), "kind %d: range %.9g, the scan found %.9g",
             m->kind, r.range, best);
    {
        af_body_f64 b;
        memset(&b, 0, sizeof b);
        b.velocity.x = r.horizontal_speed;
        b.velocity.z = r.vertical_speed;
        b = qsim_fly(m, &b, r.t);
        TH_CHECK(fabs(b.position.x - r.range) <= MISS_TOL * fabs(r.range) &&
                     fabs(b.position.z - level) <= MISS_TOL * fabs(r.range),
                 "the range's shot lands at (%.9g, %.9g), not (%.9g, %.9g)", b.position.x,
                 b.position.z, r.range, level);
    }
}

static void max_range_beats_every_scanned_shot(void)
{
    th_rng rng = th_rng_for("max_range_beats_every_scanned_shot");
    long i, count = th_count(24);
    for (i = 0; i < count; i++) {
        af_drag_kind kind = i % 2 ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
        af_qdrag_f64 m = qsim_model(&rng, kind, 0);
        double speed = th_rand_uniform(&rng, 5.0, 30.0), level = th_rand_uniform(&rng, -3.0, 2.0);
        m.wind.y = 0.0;
        m.wind.z = 0.0;
        check_max_range(&m, speed, level);
    }
}

/* A strong head wind carries a lob straight up farther back than any
 * forward shot lands: the range is the best landing along the heading, not
 * the farthest from the launcher in any direction. */
static void max_range_is_along_the_heading_in_a_head_wind(void)
{
    af_qdrag_f64 cont = { AF_DRAG_KIND_CONTINUOUS, { 0, 0, -9.81 }, { -3.9161847421136056, 0, 0 },
                          0.46505910036152481, 0.0, 1.0 / 60.0, AF_QDRAG_DRAG_FIRST };
    af_qdrag_f64 step = { AF_DRAG_KIND_STEPPED, { 0, 0, -9.81 }, { -3.8663126407546011, 0, 0 },
                          0.12104663064075435, 0.27399013696312657, 0.01, AF_QDRAG_DRAG_FIRST };
    check_max_range(&cont, 26.356269541014601, -0.32114491935304823);
    check_max_range(&step, 10.814101397877602, -2.6843243569234705);
}

/* In a tail wind the apex is highest for a shot tilted downwind (its
 * horizontal speed meets the air's, so the rise is least dragged): a level
 * above the vertical shot's apex but below that one is still reached. */
static void max_range_reaches_a_level_only_a_tilted_shot_climbs_to(void)
{
    /* The continuous flight's apex peaks near 1.131 m, the engine's (its
     * 0.02 s steps drag a little more) near 1.057 m; straight up reaches
     * 1.106 m and 1.026 m. */
    static const double levels[2] = { 1.11, 1.04 };
    af_qdrag_f64 m = { AF_DRAG_KIND_CONTINUOUS, { 0, 0, -9.81 }, { 5, 0, 0 }, 0.5, 0.0, 0.02,
                       AF_QDRAG_GRAVITY_FIRST };
    int i;
    for (i = 0; i < 2; i++) {
        af_vec3_f64 heading = { 1.0, 0.0, 0.0 };
        af_range_f64 r;
        af_body_f64 up = { { 0, 0, 0 }, { 0, 0, 7.0 } };
        af_drag_event_f64 apex;
        af_status st;
        m.kind = i ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
        st = af_qdrag_apex_f64(&m, &up, &apex);
        TH_CHECK(st == AF_OK && apex.height < levels[i],
                 "kind %d: the vertical shot's apex (%s) reaches %.2f", m.kind,
                 af_status_name(st), levels[i]);
        st = af_qdrag_max_range_f64(&m, 7.0, levels[i], &heading, &r);
        TH_CHECK(st == AF_OK, "kind %d: a tilted shot reaches %.2f: %s", m.kind, levels[i],
                 af_status_name(st));
        check_max_range(&m, 7.0, levels[i]);
    }
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

static void bad_aims_are_refused(void)
{
    af_qdrag_f64 m = { AF_DRAG_KIND_CONTINUOUS, { 0, 0, -9.81 }, { 0, 0, 0 }, 0.14, 0.0, 0.02,
                       AF_QDRAG_GRAVITY_FIRST };
    af_body_f64 shooter = { { 0, 0, 0 }, { 0, 0, 0 } }, target = { { 10, 0, 0 }, { 0, 0, 0 } };
    af_shots_f64 out;
    af_range_f64 r;
    af_vec3_f64 up = { 0, 0, 1 }, side = { 1, 0, 0 };
    memset(&out, 0x55, sizeof out);
    TH_CHECK(af_qdrag_aim_speed_f64(&m, &shooter, &target, 0.0, 5.0, 0, &out) ==
                     AF_ERR_BAD_ARGUMENT &&
                 all_zero(&out, sizeof out),
             "zero speed");
    TH_CHECK(af_qdrag_aim_speed_f64(&m, &shooter, &target, 10.0, -1.0, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "negative max_time");
    TH_CHECK(af_qdrag_aim_time_f64(&m, &shooter, &target, 0.0, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "zero time");
    TH_CHECK(af_qdrag_aim_time_f64(&m, NULL, &target, 1.0, 0, &out) == AF_ERR_BAD_ARGUMENT,
             "NULL shooter");
    target.position.y = NAN;
    TH_CHECK(af_qdrag_aim_time_f64(&m, &shooter, &target, 1.0, 0, &out) == AF_ERR_BAD_ARGUMENT &&
                 all_zero(&out, sizeof out),
             "NaN target");
    target.position.y = 0.0;
    /* Far beyond what 5 m/s reaches against this drag. */
    memset(&out, 0x55, sizeof out);
    TH_CHECK(af_qdrag_aim_speed_f64(&m, &shooter, &target, 5.0, 5.0, 0, &out) ==
                     AF_ERR_NO_SOLUTION &&
                 all_zero(&out, sizeof out),
             "an unreachable target");
    memset(&r, 0x55, sizeof r);
    TH_CHECK(af_qdrag_max_range_f64(&m, 10.0, 0.0, &up, &r) == AF_ERR_BAD_ARGUMENT &&
                 all_zero(&r, sizeof r),
             "vertical heading");
    TH_CHECK(af_qdrag_max_range_f64(&m, 10.0, 100.0, &side, &r) == AF_ERR_NO_SOLUTION &&
                 all_zero(&r, sizeof r),
             "a level above every apex");
    m.gravity.z = 0.0;
    TH_CHECK(af_qdrag_max_range_f64(&m, 10.0, 0.0, &side, &r) == AF_ERR_BAD_ARGUMENT,
             "max range without gravity");
    m.gravity.z = -9.81;
    m.k = -1.0;
    TH_CHECK(af_qdrag_aim_speed_f64(&m, &shooter, &target, 10.0, 5.0, 0, &out) ==
                 AF_ERR_BAD_ARGUMENT,
             "negative k");
}

/* A static target whose needed speed dips below the one given between
 * two samples: the scan's sign-only samples near the out-of-reach start
 * converge loosely (a fast launch's miss is flat in its speed), and a
 * sample's unconfirmed F and F' once ended the scan as if past the dip,
 * losing both arcs (about 0.95 s and 2.72 s here, a stepped engine at 15
 * Hz in a wind). */
static void a_loose_sample_does_not_end_the_scan(void)
{
    af_qdrag_f64 m;
    af_body_f64 shooter, target;
    af_shots_f64 out;
    af_status st;
    int k;
    memset(&m, 0, sizeof m);
    memset(&shooter, 0, sizeof shooter);
    memset(&target, 0, sizeof target);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_QDRAG_GRAVITY_FIRST;
    m.gravity.x = 10676 / 65536.0;
    m.gravity.y = -23738 / 65536.0;
    m.gravity.z = -630554 / 65536.0;
    m.wind.x = -249777 / 65536.0;
    m.wind.y = 168581 / 65536.0;
    m.wind.z = 62251 / 65536.0;
    m.k = 3452 / 65536.0;
    m.c = 12057 / 65536.0;
    m.dt = 4393 / 65536.0;
    shooter.position.x = -224925 / 65536.0;
    shooter.position.y = -932873 / 65536.0;
    shooter.position.z = -125806 / 65536.0;
    shooter.velocity.x = 53210 / 65536.0;
    shooter.velocity.y = -109523 / 65536.0;
    target.position.x = 616792 / 65536.0;
    target.position.y = -1095686 / 65536.0;
    target.position.z = -265562 / 65536.0;
    st = af_qdrag_aim_speed_f64(&m, &shooter, &target, 2150411 / 65536.0, 219693 / 65536.0, 0,
                                &out);
    TH_CHECK(st == AF_OK && out.count == 2, "%s, %d shots (two arcs)", af_status_name(st),
             out.count);
    for (k = 0; k < out.count; k++) {
        af_body_f64 b = shooter;
        b.velocity = out.shot[k].velocity;
        TH_CHECK(qsim_norm(qsim_sub(qsim_fly(&m, &b, out.shot[k].t).position,
                                    target.position)) <= 1e-6,
                 "shot %d misses", k);
    }
}

/* A target whose one arc (0.212 s) needs 28.5 m/s from an engine at 6.4
 * Hz with k 0.059 /m: its first step folds the velocity above 54 m/s
 * (a faster launch leaves it slower), and on that branch the scan's aims
 * found false far-flung solutions of about 70 to 100 m/s, whose speeds
 * hid the real root. */
static void a_folded_launch_does_not_hide_an_arc(void)
{
    static const int32_t in[] = { 32738, 37090,  -648096, -146123, -4850,   -15420,
                                  3844,  5001,   10314,   431308,  -858952, 92531,
                                  82027, -76372, 632126,  -1028236, -64270, -200715,
                                  94457, 1869384, 164477 };
    af_qdrag_f64 m;
    af_body_f64 shooter, target;
    af_shots_f64 out;
    af_status st;
    memset(&m, 0, sizeof m);
    memset(&shooter, 0, sizeof shooter);
    memset(&target, 0, sizeof target);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_QDRAG_GRAVITY_FIRST;
    m.gravity.x = in[0] / 65536.0;
    m.gravity.y = in[1] / 65536.0;
    m.gravity.z = in[2] / 65536.0;
    m.wind.x = in[3] / 65536.0;
    m.wind.y = in[4] / 65536.0;
    m.wind.z = in[5] / 65536.0;
    m.k = in[6] / 65536.0;
    m.c = in[7] / 65536.0;
    m.dt = in[8] / 65536.0;
    shooter.position.x = in[9] / 65536.0;
    shooter.position.y = in[10] / 65536.0;
    shooter.position.z = in[11] / 65536.0;
    shooter.velocity.x = in[12] / 65536.0;
    shooter.velocity.y = in[13] / 65536.0;
    target.position.x = in[14] / 65536.0;
    target.position.y = in[15] / 65536.0;
    target.position.z = in[16] / 65536.0;
    target.velocity.x = in[17] / 65536.0;
    target.velocity.y = in[18] / 65536.0;
    st = af_qdrag_aim_speed_f64(&m, &shooter, &target, in[19] / 65536.0, in[20] / 65536.0, 0,
                                &out);
    TH_CHECK(st == AF_OK && out.count == 1 && fabs(out.shot[0].t - 0.2118) < 1e-3,
             "%s, %d shots, the first at %.4f s (the arc at 0.2118 s)", af_status_name(st),
             out.count, out.count ? out.shot[0].t : 0.0);
}

/* A static target whose high arc lies just short of the times the
 * fixed-time aim cannot reach (the engine's strong drag, a fast launch):
 * the search out to that side meets a time out of reach, and the arc
 * just inside it must still be found, at the speed asked. At 42.06 m/s,
 * just below the 42.068 m/s from which the first step folds ((2 k s + c)
 * dt >= 1), it is; at 46.35 m/s every launch folds, and the aim at the
 * edge (42.06 m/s) is no shot. */
static void an_arc_at_the_edge_of_reach_is_kept(void)
{
    af_qdrag_f64 m = { AF_DRAG_KIND_STEPPED, { 0, 0, -9.81 }, { 0, 0, 0 }, 0.29837619973326879,
                       0.0, 0.039836968730793343, AF_QDRAG_DRAG_FIRST };
    af_body_f64 shooter = { { 0, 0, 0.79369451515082945 }, { 0, 0, 0 } };
    af_body_f64 target = { { 0.20915062410622476, -5.1186567462939534, -0.16074035789852026 },
                           { 0, 0, 0 } };
    static const double speeds[] = { 42.06, 46.346420561124766 };
    int i;
    for (i = 0; i < 2; i++) {
        af_shots_f64 out;
        af_status st =
            af_qdrag_aim_speed_f64(&m, &shooter, &target, speeds[i], 3.6614057331631917, 0, &out);
        int j, high = 0;
        for (j = 0; st == AF_OK && j < out.count; j++) {
            double e = shot_miss(&m, &shooter, &out.shot[j], 0),
                   v = qsim_norm(out.shot[j].velocity);
            TH_CHECK(e <= MISS_TOL, "shot %d at %.4f s: miss %.3g of the range", j,
                     out.shot[j].t, e);
            TH_CHECK(fabs(v - speeds[i]) <= 1e-9 * speeds[i], "shot %d: speed %.17g, asked %.17g",
                     j, v, speeds[i]);
            high |= fabs(out.shot[j].t - 1.703) < 2e-3;
        }
        if (i == 0)
            TH_CHECK(st == AF_OK && high, "%s, %d shots (the high arc at 1.703 s)",
                     af_status_name(st), st == AF_OK ? out.count : 0);
        else
            TH_CHECK(st == AF_ERR_NO_SOLUTION, "every launch folds: %s, %d shots",
                     af_status_name(st), st == AF_OK ? out.count : 0);
    }
}

/* A static target's high arc a millionth inside max_time is kept (it was
 * lost: the Newton steps towards it overshot max_time, and the search
 * then missed it) and a millionth past it left out, in both kinds and for
 * three projectiles; every shot still hits. */
static void a_high_arc_just_inside_max_time_is_kept(void)
{
    static const double ks[] = { 0.13398, 0.06097, 0.02084 }, speeds[] = { 12.0, 20.0, 25.0 };
    int kind, p, side;
    for (kind = 0; kind < 2; kind++)
        for (p = 0; p < 3; p++) {
            af_qdrag_f64 m;
            af_body_f64 shooter, target;
            af_shots_f64 both, out;
            double high;
            af_status st;
            memset(&m, 0, sizeof m);
            memset(&shooter, 0, sizeof shooter);
            memset(&target, 0, sizeof target);
            m.kind = kind ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
            m.gravity.z = -9.81;
            m.k = ks[p];
            m.dt = 1.0 / 60.0;
            m.order = AF_QDRAG_GRAVITY_FIRST;
            shooter.position.z = 1.0;
            target.position.x = 6.0;
            target.position.z = 1.5;
            st = af_qdrag_aim_speed_f64(&m, &shooter, &target, speeds[p], 10.0, 0, &both);
            if (!TH_CHECK(st == AF_OK && both.count == 2, "kind %d k %g: %s, %d shots", kind,
                          m.k, af_status_name(st), st == AF_OK ? both.count : 0))
                continue;
            high = both.shot[1].t;
            for (side = 0; side < 2; side++) {
                double max_time = high * (side ? 1.0 + 1e-6 : 1.0 - 1e-6);
                int j;
                st = af_qdrag_aim_speed_f64(&m, &shooter, &target, speeds[p], max_time, 0, &out);
                TH_CHECK(st == AF_OK && out.count == 1 + side,
                         "kind %d k %g max_time %s the high arc at %.6f s: %s, %d shots", kind,
                         m.k, side ? "past" : "short of", high, af_status_name(st),
                         st == AF_OK ? out.count : 0);
                for (j = 0; st == AF_OK && j < out.count; j++)
                    TH_CHECK(shot_miss(&m, &shooter, &out.shot[j], 0) <= MISS_TOL &&
                                 fabs(out.shot[j].t - both.shot[j].t) <= 1e-6 * high,
                             "kind %d k %g shot %d at %.6f s, with a long max_time %.6f s", kind,
                             m.k, j, out.shot[j].t, both.shot[j].t);
            }
        }
}

/* A heading of 2^-1072 m along x under a gravity slanted on every axis
 * is the heading (1, 0, 0): projected across gravity as the subnormal it
 * is, it lost its right angle to up and the shot left the level's time. */
static void max_range_of_a_subnormal_heading_is_that_of_its_direction(void)
{
    af_qdrag_f64 m;
    af_vec3_f64 tiny = { ldexp(1.0, -1072), 0.0, 0.0 }, unit = { 1.0, 0.0, 0.0 };
    af_range_f64 a, b;
    memset(&m, 0, sizeof m);
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity.x = m.gravity.y = m.gravity.z = -4.76904296875;
    m.k = 0.5;
    m.c = 0.25;
    m.wind.z = -5.5;
    TH_CHECK(af_qdrag_max_range_f64(&m, 30.0, 0.0, &tiny, &a) == AF_OK &&
                 af_qdrag_max_range_f64(&m, 30.0, 0.0, &unit, &b) == AF_OK &&
                 memcmp(&a, &b, sizeof a) == 0,
             "range %.17g at t %.17g, the unit heading's %.17g at t %.17g", a.range, a.t,
             b.range, b.t);
}

static const th_case cases[] = {
    TH_CASE(fixed_time_aims_hit),
    TH_CASE(fixed_speed_aims_hit),
    TH_CASE(no_arc_is_missed),
    TH_CASE(a_loose_sample_does_not_end_the_scan),
    TH_CASE(a_folded_launch_does_not_hide_an_arc),
    TH_CASE(an_arc_at_the_edge_of_reach_is_kept),
    TH_CASE(a_high_arc_just_inside_max_time_is_kept),
    TH_CASE(max_range_beats_every_scanned_shot),
    TH_CASE(max_range_is_along_the_heading_in_a_head_wind),
    TH_CASE(max_range_reaches_a_level_only_a_tilted_shot_climbs_to),
    TH_CASE(max_range_of_a_subnormal_heading_is_that_of_its_direction),
    TH_CASE(bad_aims_are_refused),
};

TH_MAIN("qdrag_aim", cases)
