/* SPDX-License-Identifier: MIT */
/*
 * Turret aims with quadratic drag at accelerating targets, double
 * precision: every shot of af_turret_aim_qdrag_accel_f64 flown from the
 * muzzle at the commanded angles at its launch time (the stepped kind by
 * the tests' own engine loop, the continuous kind by
 * af_qdrag_predict_f64) meets the target p + v t + a t^2/2 within 1e-9
 * of the scene, within the limits, in time, earliest impact first; with
 * no drag it is the vacuum aim at the accelerating target and a
 * brute-force scan of every launch time finds no earlier impact; zero
 * acceleration is af_turret_aim_qdrag_f64 bit for bit; and its edges.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "qdrag_sim.h"
#include "turret_check.h"

/* The shot flown: its distance from the accelerating target at
 * launch + flight. */
static double qdrag_miss(const turret_scene *s, const af_qdrag_f64 *m,
                         const af_turret_shot_f64 *sh)
{
    const af_turret_f64 *t = &s->turret;
    af_vec3_f64 barrel, above, goal;
    af_body_f64 start, end;
    double T = sh->launch + sh->flight;
    int j;
    turret_axes(t, sh->yaw, sh->pitch, &barrel, &above);
    for (j = 0; j < 3; j++) {
        double inherit = (t->flags & AF_INHERIT_VELOCITY) ? (&t->velocity.x)[j] : 0.0;
        (&start.position.x)[j] = (&t->pivot.x)[j] + sh->launch * (&t->velocity.x)[j] +
                                 t->muzzle_forward * (&barrel.x)[j] +
                                 t->muzzle_up * (&above.x)[j];
        (&start.velocity.x)[j] = t->speed * (&barrel.x)[j] + inherit;
        (&goal.x)[j] = (&s->target.position.x)[j] + T * (&s->target.velocity.x)[j] +
                       0.5 * T * T * (&s->acceleration.x)[j];
    }
    if (m->kind == AF_DRAG_KIND_STEPPED)
        end = qsim_engine_at(m, &start, sh->flight);
    else if (af_qdrag_predict_f64(m, &start, sh->flight, &end) != AF_OK)
        return INFINITY;
    return qsim_norm(qsim_sub(end.position, goal));
}

/* The continuous kind's flights are integrated, the aim's and the
 * check's (af_qdrag_predict_f64) each within 1e-9 of the distance flown
 * (aimfix/qdrag.h), at most the launch speed (plus the platform's) times
 * the flight: the miss may hold both besides the 1e-9 of the scene. */
static double continuous_slack(const turret_scene *s, const af_turret_shot_f64 *sh)
{
    double platform = qsim_norm(s->turret.velocity);
    return 2e-9 * (s->turret.speed + platform) * sh->flight;
}

/* Every shot of one answer: a failure leaves out all zero; each shot
 * misses by at most 1e-9 of the scene (plus the continuous kind's
 * integration), is within the limits, launched
 * after the latency and the slew, with a flight in (0, max_time],
 * earliest impact first. The worst miss over the scene size. */
static double check_shots(const turret_scene *s, const af_qdrag_f64 *m, af_status st,
                          const af_turret_shots_f64 *out, long i, const char *what)
{
    double worst = 0.0;
    int k;
    if (!turret_check_answer(st, out, i, what))
        return 0.0;
    for (k = 0; k < out->count; k++) {
        const af_turret_shot_f64 *sh = &out->shot[k];
        double size = turret_scene_size(s, sh), miss = qdrag_miss(s, m, sh);
        double tol = 1e-9 * size +
                     (m->kind == AF_DRAG_KIND_CONTINUOUS ? continuous_slack(s, sh) : 0.0);
        double slew = turret_slew(&s->turret, sh->yaw, sh->pitch);
        worst = fmax(worst, miss / size);
        TH_CHECK(miss <= tol, "%s %ld shot %d (kind %d): miss %.3g of the scene, allowed %.3g",
                 what, i, k, (int)m->kind, miss / size, tol / size);
        TH_CHECK(turret_within(&s->turret, sh->yaw, sh->pitch),
                 "%s %ld shot %d: yaw %.17g pitch %.17g beyond the limits", what, i, k, sh->yaw,
                 sh->pitch);
        TH_CHECK(sh->launch >= s->turret.latency && sh->launch >= slew * (1.0 - 1e-12),
                 "%s %ld shot %d: launch %.17g before latency %g or slew %.17g", what, i, k,
                 sh->launch, s->turret.latency, slew);
        TH_CHECK(sh->flight > 0.0 && sh->flight <= s->max_time, "%s %ld shot %d: flight %g", what,
                 i, k, sh->flight);
        if (k > 0)
            TH_CHECK(sh->launch + sh->flight >= out->shot[k - 1].launch + out->shot[k - 1].flight,
                     "%s %ld: shots not earliest impact first", what, i);
    }
    return worst;
}

/* A vector of length at most m, uniform in a cube then shrunk. */
static af_vec3_f64 small_vec(th_rng *rng, double m)
{
    af_vec3_f64 v;
    double n;
    v.x = th_rand_uniform(rng, -1.0, 1.0);
    v.y = th_rand_uniform(rng, -1.0, 1.0);
    v.z = th_rand_uniform(rng, -1.0, 1.0);
    n = qsim_norm(v);
    return n > 1.0 ? (af_vec3_f64){ v.x / n * m, v.y / n * m, v.z / n * m }
                   : (af_vec3_f64){ v.x * m, v.y * m, v.z * m };
}

/* A random turret scene (turret_scene_random's turret) within a quadratic
 * drag's reach: 30 to 60 m/s, the target 10 to 80 m from the pivot, it
 * and the platform at up to 5 m/s, the target accelerating by up to
 * 3 m/s^2, flights up to 6 s. */
static turret_scene qdrag_scene(th_rng *rng, int lob)
{
    turret_scene s = turret_scene_random(rng, lob);
    af_vec3_f64 d = small_vec(rng, 1.0);
    double dist = th_rand_uniform(rng, 10.0, 80.0) / fmax(qsim_norm(d), 1e-3);
    s.turret.speed = th_rand_uniform(rng, 30.0, 60.0);
    s.turret.velocity = small_vec(rng, 5.0);
    s.target.position.x = s.turret.pivot.x + dist * d.x;
    s.target.position.y = s.turret.pivot.y + dist * d.y;
    s.target.position.z = s.turret.pivot.z + dist * d.z;
    s.target.velocity = small_vec(rng, 5.0);
    s.acceleration = small_vec(rng, 3.0);
    s.max_time = 6.0;
    return s;
}

static af_status aim(const turret_scene *s, const af_qdrag_f64 *m, af_turret_shots_f64 *out)
{
    af_body_accel_f64 target = turret_scene_target(s);
    return af_turret_aim_qdrag_accel_f64(&s->turret, m, &target, s->max_time, out);
}

/* Random scenes (qdrag_scene) with a model of either kind with k 0.001
 * to 0.01 /m (qsim_model's linear term and wind), its gravity the
 * scene's (none for a straight line). */
static void random_shots_hit(int lob, const char *name)
{
    th_rng rng = th_rng_for(name);
    long i, n = th_count(16), found = 0;
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        turret_scene s = qdrag_scene(&rng, lob);
        af_qdrag_f64 m = qsim_model(
            &rng, (i & 1) ? AF_DRAG_KIND_CONTINUOUS : AF_DRAG_KIND_STEPPED, 0);
        af_turret_shots_f64 out;
        af_status st;
        m.gravity = s.gravity;
        m.k = th_rand_log(&rng, 0.001, 0.01);
        st = aim(&s, &m, &out);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION || st == AF_ERR_BEYOND_YAW ||
                     st == AF_ERR_BEYOND_PITCH,
                 "%s %ld: %s", name, i, af_status_name(st));
        worst = fmax(worst, check_shots(&s, &m, st, &out, i, name));
        found += st == AF_OK;
    }
    th_note("%s: %ld scenes, %ld with shots; worst miss %.3g of the scene", name, n, found,
            worst);
}

static void random_straight_shots_hit(void)
{
    random_shots_hit(0, "turret_qdrag_accel_f64.straight");
}

static void random_lobs_hit(void)
{
    random_shots_hit(1, "turret_qdrag_accel_f64.lob");
}

/* Without drag (continuous, k = c = 0, no wind) the quadratic drag aim
 * is the vacuum aim at the accelerating target: the same status and the
 * same earliest impact to 1e-9; and the brute-force scan of every launch
 * time (the tests' own, in vacuum, past the longest slew too) finds no
 * impact before it, none where it says none. */
static void no_drag_is_the_vacuum_aim(void)
{
    const char *name = "turret_qdrag_accel_f64.no_drag";
    th_rng rng = th_rng_for(name);
    long i, n = th_count(12), compared = 0;
    for (i = 0; i < n; i++) {
        turret_scene s = qdrag_scene(&rng, (int)(i & 1));
        af_body_accel_f64 target = turret_scene_target(&s);
        af_qdrag_f64 m;
        af_turret_shots_f64 a, b;
        af_status sa, sb;
        double scan;
        memset(&m, 0, sizeof m);
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.gravity = s.gravity;
        s.max_time = 1e3; /* the vacuum aim's flights are unbounded */
        sa = aim(&s, &m, &a);
        sb = af_turret_aim_accel_f64(&s.turret, &target, &s.gravity, &b);
        s.scan_past = sa == AF_OK ? 2.0 * (a.shot[0].launch + a.shot[0].flight) : 0.0;
        scan = turret_scan_earliest(&s, 300, 1e-9);
        turret_check_scan(sa, &a, scan, name, i);
        if (sa != AF_OK || sb != AF_OK) {
            TH_CHECK(sa == sb, "%ld: qdrag %s, vacuum %s", i, af_status_name(sa),
                     af_status_name(sb));
            continue;
        }
        compared++;
        TH_CHECK(fabs(a.shot[0].launch + a.shot[0].flight - b.shot[0].launch - b.shot[0].flight) <=
                     1e-9 * (1.0 + b.shot[0].launch + b.shot[0].flight),
                 "%ld: first impact %.17g with k = 0, %.17g in vacuum", i,
                 a.shot[0].launch + a.shot[0].flight, b.shot[0].launch + b.shot[0].flight);
    }
    th_note("%ld of %ld scenes compared", compared, n);
}

/* Zero acceleration is af_turret_aim_qdrag_f64 itself: the same status
 * and the same bytes. */
static void zero_acceleration_is_the_constant_velocity_aim(void)
{
    th_rng rng = th_rng_for("turret_qdrag_accel_f64.zero");
    long i, n = th_count(8), found = 0;
    for (i = 0; i < n; i++) {
        turret_scene s = qdrag_scene(&rng, (int)(i & 1));
        af_qdrag_f64 m = qsim_model(
            &rng, (i & 1) ? AF_DRAG_KIND_CONTINUOUS : AF_DRAG_KIND_STEPPED, 0);
        af_turret_shots_f64 a, b;
        af_status sa, sb;
        m.gravity = s.gravity;
        m.k = th_rand_log(&rng, 0.001, 0.01);
        memset(&s.acceleration, 0, sizeof s.acceleration);
        sa = aim(&s, &m, &a);
        sb = af_turret_aim_qdrag_f64(&s.turret, &m, &s.target, s.max_time, &b);
        TH_CHECK(sa == sb && memcmp(&a, &b, sizeof a) == 0,
                 "%ld: %s with zero acceleration, %s without, or other bits", i,
                 af_status_name(sa), af_status_name(sb));
        found += sa == AF_OK;
    }
    th_note("%ld of %ld scenes with shots", found, n);
}

/* The edges, a row each with its reason: the level turret (50 m/s, yaw
 * +-90 deg, pitch -10 to +60 deg), gravity -9.81 z, a stepped model at
 * 60 Hz, gravity first. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, y, vx, ax, ay, az;
        af_drag_kind kind;
        double k, max_time;
        af_status status;
    } rows[] = {
        { "a lob at 150 m, k = 0.003 /m, the target lifting at 0.2 m/s^2: both arcs", 150, 0, 0,
          0, 0, 0.2, AF_DRAG_KIND_STEPPED, 0.003, 20, AF_OK },
        { "the same with the continuous kind: both arcs", 150, 0, 0, 0, 0, 0.2,
          AF_DRAG_KIND_CONTINUOUS, 0.003, 20, AF_OK },
        { "a target at 60 m accelerating away at 20 m/s^2 from a shot slowed by 0.01 /m", 60, 0,
          0, 20, 0, 0, AF_DRAG_KIND_CONTINUOUS, 0.01, 20, AF_ERR_NO_SOLUTION },
        { "a target 200 m off (beyond the reach) rushing in at 10 m/s^2", 200, 0, 0, -10, 0, 0,
          AF_DRAG_KIND_STEPPED, 0.005, 20, AF_OK },
        { "a target crossing at 5 m/s, 60 m off, swerving at 2 m/s^2", 60, 20, -5, 0, -2, 0,
          AF_DRAG_KIND_STEPPED, 0.005, 20, AF_OK },
        { "behind the yaw limit, lifting at 0.5 m/s^2", -60, 0, 0, 0, 0, 0.5,
          AF_DRAG_KIND_CONTINUOUS, 0.002, 20, AF_ERR_BEYOND_YAW },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        turret_scene s;
        af_qdrag_f64 m;
        af_turret_shots_f64 out;
        af_status st;
        memset(&s, 0, sizeof s);
        memset(&m, 0, sizeof m);
        s.turret = turret_level();
        s.target.position.x = rows[i].x;
        s.target.position.y = rows[i].y;
        s.target.velocity.x = rows[i].vx;
        s.acceleration.x = rows[i].ax;
        s.acceleration.y = rows[i].ay;
        s.acceleration.z = rows[i].az;
        s.gravity.z = -9.81;
        s.max_time = rows[i].max_time;
        m.kind = rows[i].kind;
        m.gravity = s.gravity;
        m.k = rows[i].k;
        m.dt = 1.0 / 60;
        m.order = AF_QDRAG_GRAVITY_FIRST;
        st = aim(&s, &m, &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        check_shots(&s, &m, st, &out, (long)i, rows[i].why);
        if (i <= 1)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
    }
}

/* Bad models, flight bounds and non-finite scenes: refused, out all zero
 * (turret_check.h's shared cases, then a NaN and an infinite
 * acceleration). */
static void aim_refuses_bad_arguments(void)
{
    int i;
    for (i = 0; i < TURRET_SHARED_REFUSALS + 2; i++) {
        turret_refusal r = turret_refusal_start();
        af_qdrag_f64 m;
        af_body_accel_f64 target;
        af_turret_shots_f64 out;
        memset(&m, 0, sizeof m);
        m.kind = AF_DRAG_KIND_STEPPED;
        m.gravity.z = -9.81;
        m.k = 0.002;
        m.dt = 1.0 / 60;
        memset(&target.acceleration, 0, sizeof target.acceleration);
        if (i < TURRET_SHARED_REFUSALS) {
            turret_refusal_spoil(&r, i, &m.dt, &m.kind);
        } else if (i == TURRET_SHARED_REFUSALS) {
            target.acceleration.x = NAN;
            r.why = "acceleration NaN";
        } else {
            target.acceleration.z = INFINITY;
            r.why = "acceleration infinite";
        }
        target.position = r.target.position;
        target.velocity = r.target.velocity;
        turret_check_refused(af_turret_aim_qdrag_accel_f64(&r.turret, r.null_model ? NULL : &m,
                                                           &target, r.max_time, &out),
                             &out, r.why);
    }
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(aim_refuses_bad_arguments),
    TH_CASE(zero_acceleration_is_the_constant_velocity_aim),
    TH_CASE(no_drag_is_the_vacuum_aim),
    TH_CASE(random_straight_shots_hit),
    TH_CASE(random_lobs_hit),
};

TH_MAIN("turret_qdrag_accel_f64", cases)
