/* SPDX-License-Identifier: MIT */
#include "turret_qdrag_q16_check.h"

#include <math.h>
#include <string.h>

#include "port.h"
#include "q16_solve_check.h"
#include "qdrag_q16_check.h"
#include "qdrag_sim.h"
#include "turret_q16_check.h"
#include "turret_qdrag_check.h"

#define LSB (1.0 / 65536.0)
#define Q(v) ((fix16_t)((v) * 65536))
/* The Q16.16 engine drifts from the f64 one by at most this many LSB
 * times the square of the steps flown (aimfix/qdrag.h: 0.24 measured). */
#define DRIFT_LSB 2.0
/* The first impacts of the Q16.16 and f64 aims on the same numbers
 * differ by the engines' drift carried through both searches: measured
 * at most 1.7e-4 s over the constant-velocity scenes. */
#define FIRST_IMPACT_TOL 1e-3
/* Two Q16.16 shots are one when their launches are within twice the
 * aim's merge of a fold's copies (turret_search_q16.h: 2^-10 of the
 * impact) and their angles and flights within 2^-5 rad and 2^-5 of the
 * flight: the aim merges a fold's copies however far apart its pair lies,
 * and of 2 000 random scenes each way none keeps two shots that close
 * (the nearest: 0.022 rad and 3.7 % of the flight). */
#define COPY_ANGLE 0x1p-5
#define COPY_FLIGHT 0x1p-5
#define COPY_LAUNCH 0x1p-9

void turret_qdrag_q16_check_no_copies(const af_turret_shots_q16 *q, long i, const char *what)
{
    int j, k;
    for (j = 0; j < q->count; j++)
        for (k = j + 1; k < q->count; k++) {
            af_turret_shot_f64 a = turret_shot_f64_of(&q->shot[j]),
                               b = turret_shot_f64_of(&q->shot[k]);
            double dy = fabs(a.yaw - b.yaw), ia = a.launch + a.flight, ib = b.launch + b.flight;
            if (dy > 3.14159265358979323846)
                dy = 6.28318530717958647692 - dy;
            TH_CHECK(dy > COPY_ANGLE || fabs(a.pitch - b.pitch) > COPY_ANGLE ||
                         fabs(a.flight - b.flight) > COPY_FLIGHT * fmax(a.flight, b.flight) ||
                         fabs(a.launch - b.launch) > COPY_LAUNCH * fmax(ia, ib),
                     "%s %ld: Q16.16 shots %d and %d one shot: yaws %.6f %.6f, pitches %.6f "
                     "%.6f, launches %.6f %.6f, flights %.6f %.6f",
                     what, i, j, k, a.yaw, b.yaw, a.pitch, b.pitch, a.launch, b.launch, a.flight,
                     b.flight);
        }
}

double turret_qdrag_q16_check_shots(const turret_scene *s, const af_qdrag_f64 *m, af_status st,
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
    turret_qdrag_q16_check_no_copies(q, i, what);
    return worst;
}

void turret_qdrag_q16_random_scene(th_rng *rng, int accel, af_turret_q16 *qt,
                                   af_body_accel_q16 *qa, af_qdrag_q16 *qm, af_qdrag_f64 *m,
                                   turret_scene *s)
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
    if (accel) {
        qa->acceleration.x = q16_from_f64(th_rand_uniform(rng, -2.0, 2.0));
        qa->acceleration.y = q16_from_f64(th_rand_uniform(rng, -2.0, 2.0));
        qa->acceleration.z = q16_from_f64(th_rand_uniform(rng, -2.0, 2.0));
    }
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

void turret_qdrag_q16_random_aims(const char *name, int accel, turret_qdrag_q16_aim aim,
                                  turret_qdrag_f64_twin twin)
{
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
        turret_qdrag_q16_random_scene(&rng, accel, &qt, &qa, &qm, &m, &s);
        start = port_counter();
        sq = aim(&qt, &qm, &qa, Q(6), &q);
        cost_sum += (double)(uint32_t)(port_counter() - start);
        /* The f64 aim under soft float takes minutes a scene: the host
         * compares, the boards check their own shots by flight. */
        sf = AF_ERR_NO_SOLUTION;
        if (TH_SCALE == 1) {
            turret_scene wide = turret_q16_widened(&s);
            sf = twin(&wide, &s, &m, &f);
        }
        TH_CHECK(sq == AF_OK || sq == AF_ERR_NO_SOLUTION || sq == AF_ERR_BEYOND_YAW ||
                     sq == AF_ERR_BEYOND_PITCH,
                 "%s %ld: %s", name, i, af_status_name(sq));
        worst = fmax(worst, turret_qdrag_q16_check_shots(&s, &m, sq, &q, name, i));
        if (sf == AF_OK)
            turret_qdrag_check_no_copies(&f, i, name);
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

turret_scene turret_qdrag_q16_edge_scene(const af_turret_q16 *t, const af_body_accel_q16 *target,
                                         const af_qdrag_f64 *m, double max_time)
{
    turret_scene s;
    memset(&s, 0, sizeof s);
    s.turret = turret_f64_of(t);
    s.target.position = q16_vec_to_f64(target->position);
    s.target.velocity = q16_vec_to_f64(target->velocity);
    s.acceleration = q16_vec_to_f64(target->acceleration);
    s.gravity = m->gravity;
    s.max_time = max_time;
    return s;
}
