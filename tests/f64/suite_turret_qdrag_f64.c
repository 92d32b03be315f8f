/* SPDX-License-Identifier: MIT */
/*
 * Turret aims with quadratic drag, double precision: every shot of
 * af_turret_aim_qdrag_f64 flown from the muzzle at the commanded angles
 * at its launch time (the stepped kind by the tests' own engine loop, the
 * continuous kind by af_qdrag_predict_f64) meets the target within 1e-9
 * of the scene, within the limits, in time, earliest impact first; with
 * no drag it is the vacuum aim; and its edges.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "qdrag_sim.h"
#include "turret_check.h"

/* The shot flown: its distance from the target at launch + flight. */
static double qdrag_miss(const turret_scene *s, const af_qdrag_f64 *m,
                         const af_turret_shot_f64 *sh)
{
    const af_turret_f64 *t = &s->turret;
    af_vec3_f64 barrel, above, goal;
    af_body_f64 start, end;
    int j;
    turret_axes(t, sh->yaw, sh->pitch, &barrel, &above);
    for (j = 0; j < 3; j++) {
        double inherit = (t->flags & AF_INHERIT_VELOCITY) ? (&t->velocity.x)[j] : 0.0;
        (&start.position.x)[j] = (&t->pivot.x)[j] + sh->launch * (&t->velocity.x)[j] +
                                 t->muzzle_forward * (&barrel.x)[j] +
                                 t->muzzle_up * (&above.x)[j];
        (&start.velocity.x)[j] = t->speed * (&barrel.x)[j] + inherit;
        (&goal.x)[j] = (&s->target.position.x)[j] +
                       (sh->launch + sh->flight) * (&s->target.velocity.x)[j];
    }
    if (m->kind == AF_DRAG_KIND_STEPPED)
        end = qsim_engine_at(m, &start, sh->flight);
    else if (af_qdrag_predict_f64(m, &start, sh->flight, &end) != AF_OK)
        return INFINITY;
    return qsim_norm(qsim_sub(end.position, goal));
}

/* Every shot of one answer: a failure leaves out all zero; each shot
 * misses by at most 1e-9 of the scene, is within the limits, launched
 * after the latency and the slew, with a flight in (0, max_time], earliest
 * impact first. The worst miss over the scene size. */
static double check_shots(const turret_scene *s, const af_qdrag_f64 *m, af_status st,
                          const af_turret_shots_f64 *out, long i, const char *what)
{
    double worst = 0.0;
    int k;
    if (!turret_check_answer(st, out, i, what))
        return 0.0;
    for (k = 0; k < out->count; k++) {
        const af_turret_shot_f64 *sh = &out->shot[k];
        double miss = qdrag_miss(s, m, sh) / turret_scene_size(s, sh);
        double slew = turret_slew(&s->turret, sh->yaw, sh->pitch);
        worst = fmax(worst, miss);
        TH_CHECK(miss <= 1e-9, "%s %ld shot %d (kind %d): miss %.3g of the scene", what, i, k,
                 (int)m->kind, miss);
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

/* A random turret scene (turret_scene_random's turret) brought within a
 * quadratic drag's reach: 30 to 60 m/s, the target 10 to 80 m from the
 * pivot, it and the platform at up to 5 m/s, flights up to 6 s. */
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
    s.max_time = 6.0;
    return s;
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
        st = af_turret_aim_qdrag_f64(&s.turret, &m, &s.target, s.max_time, &out);
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
    random_shots_hit(0, "turret_qdrag_f64.straight");
}

static void random_lobs_hit(void)
{
    random_shots_hit(1, "turret_qdrag_f64.lob");
}

/* Without drag (continuous, k = c = 0, no wind) the quadratic drag aim is
 * the vacuum aim: the same status and the same earliest impact to 1e-9. */
static void no_drag_is_the_vacuum_aim(void)
{
    th_rng rng = th_rng_for("turret_qdrag_f64.no_drag");
    long i, n = th_count(12), compared = 0;
    for (i = 0; i < n; i++) {
        turret_scene s = qdrag_scene(&rng, (int)(i & 1));
        af_qdrag_f64 m;
        af_turret_shots_f64 a, b;
        af_status sa, sb;
        memset(&m, 0, sizeof m);
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.gravity = s.gravity;
        s.max_time = 1e3; /* the vacuum aim's flights are unbounded */
        sa = af_turret_aim_qdrag_f64(&s.turret, &m, &s.target, s.max_time, &a);
        sb = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &b);
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

/* The edges, a row each with its reason: the level turret (50 m/s, yaw
 * +-90 deg, pitch -10 to +60 deg), gravity -9.81 z, a stepped model at
 * 60 Hz, gravity first. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, y, z, vx;
        af_drag_kind kind;
        double k, max_time;
        af_status status;
    } rows[] = {
        { "a lob at 150 m, k = 0.003 /m: both arcs", 150, 0, 0, 0, AF_DRAG_KIND_STEPPED, 0.003,
          20, AF_OK },
        { "the same with the continuous kind: both arcs", 150, 0, 0, 0, AF_DRAG_KIND_CONTINUOUS,
          0.003, 20, AF_OK },
        { "a lob at 100 m, k = 0.05 /m: beyond the reach", 100, 0, 0, 0, AF_DRAG_KIND_STEPPED,
          0.05, 20, AF_ERR_NO_SOLUTION },
        { "flights up to 0.5 s only: none that short", 100, 0, 0, 0, AF_DRAG_KIND_STEPPED, 0.002,
          0.5, AF_ERR_NO_SOLUTION },
        { "straight up 50 m: beyond the 60 deg pitch limit", 0, 0, 50, 0, AF_DRAG_KIND_STEPPED,
          0.002, 20, AF_ERR_BEYOND_PITCH },
        { "behind the yaw limit", -60, 0, 0, 0, AF_DRAG_KIND_CONTINUOUS, 0.002, 20,
          AF_ERR_BEYOND_YAW },
        { "a target crossing at 5 m/s, 60 m off", 60, 20, 0, -5, AF_DRAG_KIND_STEPPED, 0.005, 20,
          AF_OK },
        { "a target escaping at 30 m/s from a shot slowed by 0.02 /m", 40, 0, 0, 30,
          AF_DRAG_KIND_CONTINUOUS, 0.02, 20, AF_ERR_NO_SOLUTION },
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
        s.target.position.z = rows[i].z;
        s.target.velocity.x = rows[i].vx;
        s.gravity.z = -9.81;
        s.max_time = rows[i].max_time;
        m.kind = rows[i].kind;
        m.gravity = s.gravity;
        m.k = rows[i].k;
        m.dt = 1.0 / 60;
        m.order = AF_QDRAG_GRAVITY_FIRST;
        st = af_turret_aim_qdrag_f64(&s.turret, &m, &s.target, s.max_time, &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        check_shots(&s, &m, st, &out, (long)i, rows[i].why);
        if (i <= 1)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
    }
}

/* Bad models, flight bounds and non-finite scenes: refused, out all zero
 * (turret_check.h's shared cases, then a negative k and a NaN wind). */
static void aim_refuses_bad_arguments(void)
{
    int i;
    for (i = 0; i < TURRET_SHARED_REFUSALS + 2; i++) {
        turret_refusal r = turret_refusal_start();
        af_qdrag_f64 m;
        af_turret_shots_f64 out;
        memset(&m, 0, sizeof m);
        m.kind = AF_DRAG_KIND_STEPPED;
        m.gravity.z = -9.81;
        m.k = 0.002;
        m.dt = 1.0 / 60;
        if (i < TURRET_SHARED_REFUSALS) {
            turret_refusal_spoil(&r, i, &m.dt, &m.kind);
        } else if (i == TURRET_SHARED_REFUSALS) {
            m.k = -0.1;
            r.why = "negative k";
        } else {
            m.wind.x = NAN;
            r.why = "NaN wind";
        }
        turret_check_refused(af_turret_aim_qdrag_f64(&r.turret, r.null_model ? NULL : &m,
                                                     &r.target, r.max_time, &out),
                             &out, r.why);
    }
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(aim_refuses_bad_arguments),
    TH_CASE(no_drag_is_the_vacuum_aim),
    TH_CASE(random_straight_shots_hit),
    TH_CASE(random_lobs_hit),
};

TH_MAIN("turret_qdrag_f64", cases)
