/* SPDX-License-Identifier: MIT */
/*
 * Turret aims with quadratic drag at accelerating targets in Q16.16:
 * every shot of af_turret_aim_qdrag_accel_q16, flown in double from the
 * Q16.16 command by the tests' own engine loop (tests/support/qdrag_sim.h)
 * to the target p + v t + a t^2/2, meets it within the Q16 turret
 * tolerance (tests/support/turret_q16_check.h) plus the quadratic drag
 * aim's own miss and the Q16.16 engine's drift from the f64 one; it is
 * inside the limits and in time; its first impact is within the measured
 * tolerance of suite_turret_qdrag_q16 of af_turret_aim_qdrag_accel_f64's
 * on the same numbers (host); zero acceleration is af_turret_aim_qdrag_q16
 * bit for bit; and the edges.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "port.h"
#include "q16_solve_check.h"
#include "qdrag_q16_check.h"
#include "qdrag_sim.h"
#include "turret_check.h"
#include "turret_q16_check.h"

#define LSB (1.0 / 65536.0)
#define Q(v) ((fix16_t)((v) * 65536))
/* The Q16.16 engine drifts from the f64 one by at most this many LSB
 * times the square of the steps flown (aimfix/qdrag.h: 0.24 measured). */
#define DRIFT_LSB 2.0
/* The first impacts of the Q16.16 and f64 aims on the same numbers differ
 * by the engines' drift carried through both searches (suite
 * turret_qdrag_q16's bound). */
#define FIRST_IMPACT_TOL 1e-3

/* Every shot of one answer, flown in double: a failure leaves q all zero;
 * each shot misses the accelerating target by at most its tolerance, is
 * within the limits, launched after the latency and the slew (to an LSB),
 * with a flight in (0, max_time], earliest impact first. The worst miss
 * over its tolerance. */
static double check_shots(const turret_scene *s, const af_qdrag_f64 *m, af_status st,
                          const af_turret_shots_q16 *q, const char *what, long i)
{
    double worst = 0.0;
    int k;
    if (st != AF_OK) {
        TH_CHECK(q->count == 0 && turret_all_zero(q, sizeof *q), "%s %ld: %s but not cleared",
                 what, i, af_status_name(st));
        return 0.0;
    }
    TH_CHECK(q->count >= 1 && q->count <= AF_MAX_SHOTS, "%s %ld: count %d", what, i, q->count);
    for (k = 0; k < q->count; k++) {
        af_turret_shot_f64 sh = turret_shot_f64_of(&q->shot[k]);
        const af_turret_f64 *t = &s->turret;
        af_vec3_f64 barrel, above, goal;
        af_body_f64 start, end;
        double n = sh.flight / m->dt + 1.0, T = sh.launch + sh.flight, tol, miss, slew;
        int j;
        turret_axes(t, sh.yaw, sh.pitch, &barrel, &above);
        for (j = 0; j < 3; j++) {
            double inherit = (t->flags & AF_INHERIT_VELOCITY) ? (&t->velocity.x)[j] : 0.0;
            (&start.position.x)[j] = (&t->pivot.x)[j] + sh.launch * (&t->velocity.x)[j] +
                                     t->muzzle_forward * (&barrel.x)[j] +
                                     t->muzzle_up * (&above.x)[j];
            (&start.velocity.x)[j] = t->speed * (&barrel.x)[j] + inherit;
            (&goal.x)[j] = (&s->target.position.x)[j] + T * (&s->target.velocity.x)[j] +
                           0.5 * T * T * (&s->acceleration.x)[j];
        }
        end = qsim_engine_at(m, &start, sh.flight);
        miss = qsim_norm(qsim_sub(end.position, goal));
        /* The turret's roundings with the aim's flight to 4 LSB (the
         * target's speed grown by |a| T inside); the aim's own miss against
         * the Q16.16 engine; that engine's drift. */
        tol = turret_q16_miss_tolerance(s, &sh, 4.0 * LSB) +
              (AF_QDRAG_Q16_AIM_MISS_LSB + n * n / AF_QDRAG_Q16_AIM_MISS_DIV + DRIFT_LSB * n * n) *
                  LSB;
        worst = fmax(worst, miss / tol);
        TH_CHECK(miss <= tol, "%s %ld shot %d: miss %.3g m, allowed %.3g", what, i, k, miss, tol);
        slew = turret_slew(t, sh.yaw, sh.pitch);
        TH_CHECK(turret_within(t, sh.yaw, sh.pitch), "%s %ld shot %d: beyond the limits", what, i,
                 k);
        TH_CHECK(sh.launch >= t->latency - LSB && sh.launch >= slew - 2.0 * LSB,
                 "%s %ld shot %d: launch %.6f before latency or slew %.6f", what, i, k, sh.launch,
                 slew);
        TH_CHECK(sh.flight > 0.0 && sh.flight <= s->max_time, "%s %ld shot %d: flight %g", what,
                 i, k, sh.flight);
        if (k > 0)
            TH_CHECK(q->shot[k].launch + q->shot[k].flight >=
                         q->shot[k - 1].launch + q->shot[k - 1].flight,
                     "%s %ld: shots not earliest impact first", what, i);
    }
    return worst;
}

/* A random scene: the level turret at 30 to 60 m/s, the target 15 to
 * 80 m away within the yaw limits, -2 to 5 m up, moving at up to 3 m/s
 * and accelerating by up to 2 m/s^2 along each axis, a stepped model
 * (k 0.002 to 0.01 /m, 30 to 60 Hz, either order, no wind); *s the same
 * in doubles. */
static void random_scene(th_rng *rng, af_turret_q16 *qt, af_body_accel_q16 *qa, af_qdrag_q16 *qm,
                         af_qdrag_f64 *m, turret_scene *s)
{
    double az = th_rand_uniform(rng, -1.2, 1.2), r = th_rand_uniform(rng, 15.0, 80.0);
    *qt = turret_q16_level();
    memset(qa, 0, sizeof *qa);
    memset(qm, 0, sizeof *qm);
    memset(s, 0, sizeof *s);
    qt->speed = q16_from_f64(th_rand_uniform(rng, 30.0, 60.0));
    qa->position.x = q16_from_f64(r * cos(az));
    qa->position.y = q16_from_f64(r * sin(az));
    qa->position.z = q16_from_f64(th_rand_uniform(rng, -2.0, 5.0));
    qa->velocity.x = q16_from_f64(th_rand_uniform(rng, -2.0, 2.0));
    qa->velocity.y = q16_from_f64(th_rand_uniform(rng, -2.0, 2.0));
    qa->acceleration.x = q16_from_f64(th_rand_uniform(rng, -2.0, 2.0));
    qa->acceleration.y = q16_from_f64(th_rand_uniform(rng, -2.0, 2.0));
    qa->acceleration.z = q16_from_f64(th_rand_uniform(rng, -2.0, 2.0));
    qm->kind = AF_DRAG_KIND_STEPPED;
    qm->gravity.z = Q(-9.81);
    qm->k = q16_from_f64(th_rand_log(rng, 0.002, 0.01));
    qm->dt = q16_from_f64(1.0 / th_rand_uniform(rng, 30.0, 60.0));
    qm->order = th_rand_below(rng, 2) ? AF_QDRAG_DRAG_FIRST : AF_QDRAG_GRAVITY_FIRST;
    *m = qq16_model_f64(qm);
    s->turret = turret_f64_of(qt);
    s->target.position = q16_vec_to_f64(qa->position);
    s->target.velocity = q16_vec_to_f64(qa->velocity);
    s->acceleration = q16_vec_to_f64(qa->acceleration);
    s->gravity = m->gravity;
    s->max_time = 6.0;
}

static void random_aims(void)
{
    const char *name = "turret_qdrag_accel_q16.random";
    th_rng rng = th_rng_for(name);
    long i, n = th_count(24), both = 0, q_only = 0, f_only = 0;
    double worst = 0.0, worst_dt = 0.0, cost_sum = 0.0;
    for (i = 0; i < n; i++) {
        af_turret_q16 qt;
        af_body_accel_q16 qa;
        af_qdrag_q16 qm;
        af_qdrag_f64 m;
        turret_scene s;
        af_turret_shots_q16 q;
        af_turret_shots_f64 f;
        af_status sq, sf;
        uint32_t start;
        random_scene(&rng, &qt, &qa, &qm, &m, &s);
        start = port_counter();
        sq = af_turret_aim_qdrag_accel_q16(&qt, &qm, &qa, Q(6), &q);
        cost_sum += (double)(uint32_t)(port_counter() - start);
        /* The f64 aim under soft float takes minutes a scene: the host
         * compares, the boards check their own shots by flight. */
        sf = AF_ERR_NO_SOLUTION;
        if (TH_SCALE == 1) {
            turret_scene wide = turret_q16_widened(&s);
            af_body_accel_f64 target = turret_scene_target(&s);
            sf = af_turret_aim_qdrag_accel_f64(&wide.turret, &m, &target, wide.max_time, &f);
        }
        TH_CHECK(sq == AF_OK || sq == AF_ERR_NO_SOLUTION || sq == AF_ERR_BEYOND_YAW ||
                     sq == AF_ERR_BEYOND_PITCH,
                 "%s %ld: %s", name, i, af_status_name(sq));
        worst = fmax(worst, check_shots(&s, &m, sq, &q, name, i));
        if (sq == AF_OK && sf == AF_OK) {
            double tq = q16_to_f64(q.shot[0].launch) + q16_to_f64(q.shot[0].flight);
            double tf = f.shot[0].launch + f.shot[0].flight;
            both++;
            worst_dt = fmax(worst_dt, fabs(tq - tf));
            TH_CHECK(fabs(tq - tf) <= FIRST_IMPACT_TOL,
                     "%s %ld: first impact %.6f in Q16.16, %.6f in f64", name, i, tq, tf);
        } else if (TH_SCALE == 1) {
            q_only += sq == AF_OK;
            f_only += sf == AF_OK;
        }
    }
    /* Near a grazing arc or a limit the engines' drift may decide
     * differently, rarely. */
    TH_CHECK((q_only + f_only) * 8 <= n, "%s: %ld Q16-only and %ld f64-only of %ld scenes", name,
             q_only, f_only, n);
    th_note("%s: %ld scenes: both found shots %ld, q16 only %ld, f64 only %ld; worst miss %.3f "
            "of the tolerance; first impacts within %.3g s; cost mean %.0f %s",
            name, n, both, q_only, f_only, worst, worst_dt, cost_sum / (double)n,
            port_counter_unit());
}

/* Zero acceleration is af_turret_aim_qdrag_q16, bit for bit. */
static void zero_acceleration_is_the_constant_velocity_aim(void)
{
    th_rng rng = th_rng_for("turret_qdrag_accel_q16.zero");
    long i, n = th_count(12), found = 0;
    for (i = 0; i < n; i++) {
        af_turret_q16 qt;
        af_body_accel_q16 qa;
        af_body_q16 qb;
        af_qdrag_q16 qm;
        af_qdrag_f64 m;
        turret_scene s;
        af_turret_shots_q16 a, b;
        af_status sa, sb;
        random_scene(&rng, &qt, &qa, &qm, &m, &s);
        memset(&qa.acceleration, 0, sizeof qa.acceleration);
        qb.position = qa.position;
        qb.velocity = qa.velocity;
        sa = af_turret_aim_qdrag_accel_q16(&qt, &qm, &qa, Q(6), &a);
        sb = af_turret_aim_qdrag_q16(&qt, &qm, &qb, Q(6), &b);
        TH_CHECK(sa == sb && memcmp(&a, &b, sizeof a) == 0,
                 "%ld: %s with zero acceleration, %s without, or other bits", i,
                 af_status_name(sa), af_status_name(sb));
        found += sa == AF_OK;
    }
    th_note("%ld of %ld scenes with shots", found, n);
}

/* The edges, a row each with its reason: the level turret at 50 m/s,
 * gravity -9.81 z, a stepped model at 60 Hz, gravity first, flights up to
 * 8 s. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, ax, az, k;
        af_status status;
    } rows[] = {
        { "a lob at 150 m, k = 0.003 /m, the target lifting at 0.2 m/s^2: both arcs", 150, 0,
          0.2, 0.003, AF_OK },
        { "a target at 60 m accelerating away at 20 m/s^2, k = 0.01 /m: out of reach", 60, 20, 0,
          0.01, AF_ERR_NO_SOLUTION },
        { "a target at 200 m (beyond the reach) rushing in at 10 m/s^2", 200, -10, 0, 0.005,
          AF_OK },
        { "behind the yaw limit, lifting at 0.5 m/s^2", -60, 0, 0.5, 0.003, AF_ERR_BEYOND_YAW },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        af_turret_q16 t = turret_q16_level();
        af_body_accel_q16 target;
        af_qdrag_q16 qm;
        af_qdrag_f64 m;
        af_turret_shots_q16 out;
        turret_scene s;
        af_status st;
        memset(&s, 0, sizeof s);
        memset(&target, 0, sizeof target);
        target.position.x = Q(rows[i].x);
        target.acceleration.x = Q(rows[i].ax);
        target.acceleration.z = Q(rows[i].az);
        qm = qq16_stepped_model(q16_from_f64(rows[i].k), q16_from_f64(1.0 / 60));
        m = qq16_model_f64(&qm);
        st = af_turret_aim_qdrag_accel_q16(&t, &qm, &target, Q(8), &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        s.turret = turret_f64_of(&t);
        s.target.position = q16_vec_to_f64(target.position);
        s.acceleration = q16_vec_to_f64(target.acceleration);
        s.gravity = m.gravity;
        s.max_time = 8;
        check_shots(&s, &m, st, &out, rows[i].why, (long)i);
        if (i == 0)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
    }
}

/* Bad models, flight bounds and targets: refused, out all zero. */
static void aim_refuses_bad_arguments(void)
{
    static const char *const why[] = { "stepped model with dt = 0", "negative k", "max_time 0",
                                       "NULL model", "NULL target" };
    size_t i;
    for (i = 0; i < sizeof why / sizeof why[0]; i++) {
        af_turret_q16 t = turret_q16_level();
        af_body_accel_q16 target;
        af_qdrag_q16 qm;
        af_turret_shots_q16 out;
        fix16_t max_time = Q(8);
        memset(&target, 0, sizeof target);
        target.position.x = Q(100);
        target.acceleration.z = Q(1);
        qm = qq16_stepped_model(Q(0.003), Q(0.02));
        switch (i) {
        case 0: qm.dt = 0; break;
        case 1: qm.k = -Q(0.1); break;
        case 2: max_time = 0; break;
        default: break;
        }
        turret_q16_check_refused(af_turret_aim_qdrag_accel_q16(&t, i == 3 ? NULL : &qm,
                                                               i == 4 ? NULL : &target, max_time,
                                                               &out),
                                 AF_ERR_BAD_ARGUMENT, &out, why[i]);
    }
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(aim_refuses_bad_arguments),
    TH_CASE(zero_acceleration_is_the_constant_velocity_aim),
    TH_CASE(random_aims),
};

TH_MAIN("turret_qdrag_accel_q16", cases)
