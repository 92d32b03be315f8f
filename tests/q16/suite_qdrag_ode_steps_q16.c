/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16, continuous kind, on many small steps: a fast
 * launch under strong drag picks a step of 1/256 s or less, and the flight
 * then settles towards its terminal velocity, where each step's change of
 * velocity and position is below half an LSB. Those changes must still
 * add up: the flight follows the f64 continuous kind within the
 * tolerances aimfix/qdrag.h states (suite_qdrag_ode_q16's, whose launches
 * are slower).
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "qdrag_q16_check.h"

/* aimfix/qdrag.h: a position within 64 LSB plus 1e-5 of the distance
 * flown, a velocity within 64 LSB plus 1e-5 of its change. */
static double pos_tol(const af_body_f64 *s, const af_body_f64 *e)
{
    return 64.0 * LSB + 1e-5 * dist(s->position, e->position);
}

static double vel_tol(const af_body_f64 *s, const af_body_f64 *e)
{
    return 64.0 * LSB + 1e-5 * dist(s->velocity, e->velocity);
}

/* Whether the samples of m from s over t_end and the prediction at
 * t_end follow the f64 flight; the worst position error (LSB) into
 * *worst. */
static void follows_the_ode(const af_qdrag_q16 *m, const af_body_q16 *s, fix16_t t_end,
                            int count, double *worst)
{
    af_qdrag_f64 f = qq16_model_f64(m);
    af_body_f64 sf = body_f64(s), ef;
    af_body_q16 e;
    af_vec3_q16 pts[8];
    int i;
    f.dt = 0.0;
    if (!TH_CHECK(count <= 8 && af_qdrag_samples_q16(m, s, t_end, pts, count) == AF_OK,
                  "samples refused (k %.4f)", val(m->k)))
        return;
    for (i = 0; i < count; i++) {
        /* The sample's time as the library rounds it. */
        fix16_t t = (fix16_t)(((int64_t)t_end * i + (count - 1) / 2) / (count - 1));
        double e_lsb;
        if (!TH_CHECK(af_qdrag_predict_f64(&f, &sf, val(t), &ef) == AF_OK, "f64 predict"))
            return;
        e_lsb = dist(vec_f64(&pts[i]), ef.position) / LSB;
        *worst = fmax(*worst, e_lsb);
        TH_CHECK(e_lsb * LSB <= pos_tol(&sf, &ef),
                 "sample %d at %.4f s: %.1f LSB from the ODE's (allowed %.1f; k %.4f)", i, val(t),
                 e_lsb, pos_tol(&sf, &ef) / LSB, val(m->k));
    }
    if (TH_CHECK(af_qdrag_predict_q16(m, s, t_end, &e) == AF_OK, "predict refused"))
        TH_CHECK(dist(vec_f64(&e.velocity), ef.velocity) <= vel_tol(&sf, &ef),
                 "velocity %.1f LSB from the ODE's at %.4f s (allowed %.1f)",
                 dist(vec_f64(&e.velocity), ef.velocity) / LSB, val(t_end),
                 vel_tol(&sf, &ef) / LSB);
}

static void q16_ode_increments_below_an_lsb_add_up_over_small_steps(void)
{
    th_rng rng = th_rng_for("q16_ode_increments_below_an_lsb_add_up_over_small_steps");
    long i, count = at_least(th_count(16), 4);
    double worst = 0.0;
    {
        /* A fall at 60 m/s under k 0.5 /m (the step 1/256 s) that drifts
         * sideways at 2 cm/s in a tilted gravity. */
        af_qdrag_q16 m;
        af_body_q16 s;
        memset(&m, 0, sizeof m);
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.gravity.x = -42240;
        m.gravity.y = 32;
        m.gravity.z = -643072;
        m.wind.y = 80;
        m.wind.z = 1;
        m.k = 32767;
        m.c = 400;
        m.dt = 1024;
        memset(&s, 0, sizeof s);
        s.position.x = 71680;
        s.velocity.x = 66048;
        s.velocity.y = 1280;
        s.velocity.z = -3950080;
        follows_the_ode(&m, &s, 258028, 8, &worst);
    }
    for (i = 0; i < count; i++) {
        /* k 0.1 to 0.5 /m, launches at 40 to 80 m/s, a light wind
         * across: steps of 1/128 to 1/512 s over 4 s. */
        af_qdrag_q16 m;
        af_body_q16 s;
        memset(&m, 0, sizeof m);
        m.kind = AF_DRAG_KIND_CONTINUOUS;
        m.gravity.z = raw(-9.81);
        m.k = raw(th_rand_log(&rng, 0.1, 0.5));
        m.c = th_rand_below(&rng, 2) ? raw(th_rand_uniform(&rng, 0.0, 0.3)) : 0;
        m.wind.y = raw(th_rand_uniform(&rng, -0.5, 0.5));
        s = launch(th_rand_uniform(&rng, 40.0, 80.0), th_rand_uniform(&rng, -1.5, 1.5), 0.0);
        follows_the_ode(&m, &s, raw(4.0), 5, &worst);
    }
    th_note("samples at most %.1f LSB from f64", worst);
}

static const th_case cases[] = {
    TH_CASE(q16_ode_increments_below_an_lsb_add_up_over_small_steps),
};

TH_MAIN("qdrag_ode_steps_q16", cases)
