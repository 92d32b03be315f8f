/* SPDX-License-Identifier: MIT */
#include "turret_drag_q16_check.h"

#include <math.h>
#include <string.h>

#include "drag_q16_check.h"
#include "port.h"
#include "q16_solve_check.h"
#include "turret_accel_q16_check.h"
#include "turret_drag_check.h"
#include "turret_q16_check.h"

#define Q(v) ((fix16_t)((v) * 65536))

af_drag_q16 turret_drag_q16_random_model(th_rng *rng, af_drag_model model, af_vec3_q16 g)
{
    af_drag_q16 m;
    double dt = 1.0 / th_rand_uniform(rng, 30.0, 120.0), d = th_rand_log(rng, 0.01, 1.0);
    if (model == AF_DRAG_BULLET || model == AF_DRAG_ODE)
        d = fmin(d, 0.5);
    if (model == AF_DRAG_CHIPMUNK)
        d = th_rand_uniform(rng, 0.5, 1.0);
    if (af_drag_init_q16(model, q16_from_f64(d), q16_from_f64(dt), &g, NULL, &m) != AF_OK)
        memset(&m, 0, sizeof m);
    return m;
}

void turret_drag_q16_random_aims(int lob, const char *name, double accel,
                                 turret_drag_q16_aim aim, turret_drag_f64_twin twin)
{
    static const af_status also[] = { AF_ERR_OUT_OF_RANGE, AF_ERR_ENGINE_LIMIT, AF_OK };
    th_rng rng = th_rng_for(name);
    long i, n = th_count(90);
    turret_q16_tally tl;
    memset(&tl, 0, sizeof tl);
    for (i = 0; i < n; i++) {
        af_turret_q16 qt;
        af_body_accel_q16 qa;
        af_vec3_q16 qg;
        af_drag_q16 qm;
        af_drag_f64 m;
        turret_scene s;
        af_turret_shots_q16 q;
        af_turret_shots_f64 f;
        af_status sq, sf;
        uint32_t start, cost;
        fix16_t max_time;
        if (accel > 0.0) {
            turret_q16_accel_scene(&rng, lob, accel, &qt, &qa, &qg, &s);
        } else {
            af_body_q16 qb;
            turret_q16_scene(&rng, lob, &qt, &qb, &qg, &s);
            memset(&qa, 0, sizeof qa);
            qa.position = qb.position;
            qa.velocity = qb.velocity;
        }
        qm = turret_drag_q16_random_model(&rng, (af_drag_model)(i % TURRET_DRAG_MODELS), qg);
        m = dq16_model_f64(&qm);
        max_time = Q(th_rand_uniform(&rng, 5.0, 30.0));
        s.drag = &m;
        s.max_time = q16_to_f64(max_time);
        start = port_counter();
        sq = aim(&qt, &qm, &qa, max_time, &q);
        cost = port_counter() - start;
        {
            turret_scene wide = turret_q16_widened(&s);
            sf = twin(&wide, &s, &m, &f);
        }
        turret_q16_tally_scene(&tl, &s, sq, &q, sf, &f, cost, also, name, i);
    }
    turret_q16_tally_note(&tl, name, n);
}
