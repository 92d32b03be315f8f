/* SPDX-License-Identifier: MIT */
/*
 * Turret aims with quadratic drag in Q16.16: every shot of
 * af_turret_aim_qdrag_q16, flown in double from the Q16.16 command by the
 * tests' own engine loop (tests/support/qdrag_sim.h), meets the target
 * within the Q16 turret tolerance (tests/support/turret_q16_check.h) plus
 * the quadratic drag aim's own miss and the Q16.16 engine's drift from
 * the f64 one; it is inside the limits and in time; its first impact is
 * within a measured tolerance of af_turret_aim_qdrag_f64's on the same
 * numbers; and the edges.
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
/* The first impacts of the Q16.16 and f64 aims on the same numbers
 * differ by the engines' drift carried through both searches: measured
 * at most 1.7e-4 s over these scenes. */
#define FIRST_IMPACT_TOL 1e-3

/* Every shot of one answer, flown in double: a failure leaves q all zero;
 * each shot misses by at most its tolerance, is within the limits,
 * launched after the latency and the slew (to an LSB), with a flight in
 * (0, max_time], earliest impact first. The worst miss over its
 * tolerance. */
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
        double n = sh.flight / m->dt + 1.0, tol, miss, slew;
        int j;
        turret_axes(t, sh.yaw, sh.pitch, &barrel, &above);
        for (j = 0; j < 3; j++) {
            (&start.position.x)[j] = (&t->pivot.x)[j] + sh.launch * (&t->velocity.x)[j] +
                                     t->muzzle_forward * (&barrel.x)[j] +
                                     t->muzzle_up * (&above.x)[j];
            (&start.velocity.x)[j] = t->speed * (&barrel.x)[j];
            (&goal.x)[j] = (&s->target.position.x)[j] +
                           (sh.launch + sh.flight) * (&s->target.velocity.x)[j];
        }
        end = qsim_engine_at(m, &start, sh.flight);
        miss = qsim_norm(qsim_sub(end.position, goal));
        /* The turret's roundings with the aim's flight to 4 LSB; the aim's
         * own miss against the Q16.16 engine; that engine's drift. */
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

/* Random scenes: the level turret at 30 to 60 m/s, the target 15 to 80 m
 * away within the yaw limits, -2 to 5 m up, moving at up to 3 m/s, a
 * stepped model (k 0.002 to 0.01 /m, 30 to 60 Hz, either order, no
 * wind), flights up to 6 s. */
static void random_aims(void)
{
    const char *name = "turret_qdrag_q16.random";
    th_rng rng = th_rng_for(name);
    long i, n = th_count(24), both = 0, q_only = 0, f_only = 0;
    double worst = 0.0, worst_dt = 0.0, cost_sum = 0.0;
    for (i = 0; i < n; i++) {
        af_turret_q16 qt = turret_q16_level();
        af_body_q16 qb;
        af_qdrag_q16 qm;
        af_qdrag_f64 m;
        turret_scene s;
        af_turret_shots_q16 q;
        af_turret_shots_f64 f;
        af_status sq, sf;
        double az = th_rand_uniform(&rng, -1.2, 1.2), r = th_rand_uniform(&rng, 15.0, 80.0);
        fix16_t max_time = Q(6);
        uint32_t start;
        memset(&qb, 0, sizeof qb);
        memset(&qm, 0, sizeof qm);
        memset(&s, 0, sizeof s);
        qt.speed = q16_from_f64(th_rand_uniform(&rng, 30.0, 60.0));
        qb.position.x = q16_from_f64(r * cos(az));
        qb.position.y = q16_from_f64(r * sin(az));
        qb.position.z = q16_from_f64(th_rand_uniform(&rng, -2.0, 5.0));
        qb.velocity.x = q16_from_f64(th_rand_uniform(&rng, -2.0, 2.0));
        qb.velocity.y = q16_from_f64(th_rand_uniform(&rng, -2.0, 2.0));
        qm.kind = AF_DRAG_KIND_STEPPED;
        qm.gravity.z = Q(-9.81);
        qm.k = q16_from_f64(th_rand_log(&rng, 0.002, 0.01));
        qm.dt = q16_from_f64(1.0 / th_rand_uniform(&rng, 30.0, 60.0));
        qm.order = th_rand_below(&rng, 2) ? AF_QDRAG_DRAG_FIRST : AF_QDRAG_GRAVITY_FIRST;
        m = qq16_model_f64(&qm);
        s.turret = turret_f64_of(&qt);
        s.target.position = q16_vec_to_f64(qb.position);
        s.target.velocity = q16_vec_to_f64(qb.velocity);
        s.gravity = m.gravity;
        s.max_time = q16_to_f64(max_time);
        start = port_counter();
        sq = af_turret_aim_qdrag_q16(&qt, &qm, &qb, max_time, &q);
        cost_sum += (double)(uint32_t)(port_counter() - start);
        /* The f64 aim under soft float takes minutes a scene: the host
         * compares, the boards check their own shots by flight. */
        sf = AF_ERR_NO_SOLUTION;
        if (TH_SCALE == 1) {
            turret_scene wide = turret_q16_widened(&s);
            sf = af_turret_aim_qdrag_f64(&wide.turret, &m, &wide.target, wide.max_time, &f);
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

/* The edges, a row each with its reason: the level turret at 50 m/s,
 * gravity -9.81 z, a stepped model at 60 Hz, gravity first. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, z, k, max_time;
        af_status status;
    } rows[] = {
        { "a lob at 150 m, k = 0.003 /m: both arcs", 150, 0, 0.003, 8, AF_OK },
        { "a lob at 100 m, k = 0.05 /m: beyond the reach", 100, 0, 0.05, 8,
          AF_ERR_NO_SOLUTION },
        { "straight up 50 m: beyond the pitch limit of 1 rad", 0, 50, 0.003, 8,
          AF_ERR_BEYOND_PITCH },
        { "behind the yaw limit", -60, 0, 0.003, 8, AF_ERR_BEYOND_YAW },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        af_turret_q16 t = turret_q16_level();
        af_body_q16 target;
        af_qdrag_q16 qm;
        af_qdrag_f64 m;
        af_turret_shots_q16 out;
        turret_scene s;
        af_status st;
        memset(&s, 0, sizeof s);
        memset(&target, 0, sizeof target);
        target.position.x = Q(rows[i].x);
        target.position.z = Q(rows[i].z);
        qm = qq16_stepped_model(q16_from_f64(rows[i].k), q16_from_f64(1.0 / 60));
        m = qq16_model_f64(&qm);
        st = af_turret_aim_qdrag_q16(&t, &qm, &target, Q(rows[i].max_time), &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        s.turret = turret_f64_of(&t);
        s.target.position = q16_vec_to_f64(target.position);
        s.gravity = m.gravity;
        s.max_time = rows[i].max_time;
        check_shots(&s, &m, st, &out, rows[i].why, (long)i);
        if (i == 0)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
    }
}

/* Bad models and flight bounds: refused, out all zero. */
static void aim_refuses_bad_arguments(void)
{
    static const char *const why[] = { "stepped model with dt = 0", "negative k",
                                       "an unknown order", "max_time 0", "NULL model",
                                       "NULL target" };
    size_t i;
    for (i = 0; i < sizeof why / sizeof why[0]; i++) {
        af_turret_q16 t = turret_q16_level();
        af_body_q16 target;
        af_qdrag_q16 qm;
        af_turret_shots_q16 out;
        fix16_t max_time = Q(8);
        memset(&target, 0, sizeof target);
        target.position.x = Q(100);
        qm = qq16_stepped_model(Q(0.003), Q(0.02));
        switch (i) {
        case 0: qm.dt = 0; break;
        case 1: qm.k = -Q(0.1); break;
        case 2: qm.order = (af_qdrag_order)5; break;
        case 3: max_time = 0; break;
        default: break;
        }
        turret_q16_check_refused(af_turret_aim_qdrag_q16(&t, i == 4 ? NULL : &qm,
                                                         i == 5 ? NULL : &target, max_time, &out),
                                 AF_ERR_BAD_ARGUMENT, &out, why[i]);
    }
}

static const th_case cases[] = {
    TH_CASE(aim_edges),
    TH_CASE(aim_refuses_bad_arguments),
    TH_CASE(random_aims),
};

TH_MAIN("turret_qdrag_q16", cases)
