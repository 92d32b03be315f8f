/* SPDX-License-Identifier: MIT */
/*
 * Forward prediction: where a body is after a time (or a number of engine
 * steps), for either kind of drag model, from the one law of drag_f64.h.
 */
#include <math.h>
#include <string.h>

#include "drag_cap_f64.h"
#include "drag_f64.h"

af_status afr_drag_law_init_f64(const af_drag_f64 *drag, drag_law_f64 *law)
{
    if (!drag)
        return AF_ERR_BAD_ARGUMENT;
    switch (drag->kind) {
    case AF_DRAG_KIND_STEPPED:
        return afr_drag_stepped_law_f64(drag, law);
    case AF_DRAG_KIND_CONTINUOUS:
        return afr_drag_continuous_law_f64(drag, law);
    }
    return AF_ERR_BAD_ARGUMENT;
}

/* m c 2^e from the factors' mantissas: m c itself may be subnormal (a
 * subnormal velocity times a's mantissa) and keep too few bits. */
static double product_ldexp(double m, double c, int e)
{
    int em, ec;
    double fm = frexp(m, &em), fc = frexp(c, &ec);
    return ldexp(fm * fc, e + em + ec);
}

double afr_drag_times_a_f64(double m, const drag_coef_f64 *k)
{
    return k->scale == 0 ? m * k->a : product_ldexp(m, k->a_scaled, k->scale);
}

double afr_drag_times_b_f64(double m, const drag_coef_f64 *k)
{
    return k->scale == 0 ? m * k->b : product_ldexp(m, k->b_scaled, k->scale);
}

double afr_drag_times_b_ldexp_f64(double m, int e, const drag_coef_f64 *k)
{
    return product_ldexp(m, k->b_scaled, k->scale + e);
}

void afr_drag_coef_at_f64(const drag_law_f64 *law, double t, drag_coef_f64 *k)
{
    /* mu t, or, where mu overflowed (a subnormal step), -ln r (t / dt). */
    afr_drag_coef_x_f64(law, t, isfinite(law->mu) ? law->mu * t : law->lambda * (t / law->dt), k);
}

void afr_drag_coef_x_f64(const drag_law_f64 *law, double t, double x, drag_coef_f64 *k)
{
    double tf1 = t * afr_drag_phi1(x), tt = t * t, tf2 = t * afr_drag_phi2(x);
    /* mu t beyond the doubles (a drag of 4e175 /s over 1e152 s): phi1 and
     * phi2 are 1 / x there, and t phi1 = t phi2 = 1 / mu, not t / inf. */
    if (x == INFINITY && law->mu > 0.0 && isfinite(law->mu) && isfinite(t))
        tf1 = tf2 = 1.0 / law->mu;
    k->c = exp(-x);
    k->a = law->rho * tf1;
    k->d = law->sigma * tf1;
    /* Past 1e154 s, t^2 overflows while t^2 phi2(x) (about t / mu) need
     * not: then t (t phi2(x)), so that b stays finite as long as it fits. */
    if (isfinite(tt) && x != INFINITY)
        k->b = law->sigma * (law->lag * t + law->rho * tt * afr_drag_phi2(x));
    else
        k->b = law->sigma * (law->lag * t + law->rho * t * tf2);
    k->a_scaled = k->a;
    k->b_scaled = k->b;
    k->scale = 0;
    if (isfinite(t) && t != 0.0 &&
        (!isfinite(k->b) || (fabs(t) < 1.0 && (fpclassify(k->a) != FP_NORMAL ||
                                               fpclassify(k->b) != FP_NORMAL)))) {
        /* a and b over 2^e of t = m 2^e (|m| in [1/2, 1)): the products
         * with them that fit the doubles are formed from these
         * (afr_drag_times_a/b_f64). */
        double m = frexp(t, &k->scale);
        k->a_scaled = law->rho * (m * afr_drag_phi1(x));
        k->b_scaled = law->sigma * (law->lag * m + law->rho * m * tf2);
    }
    k->da = law->rho * k->c;
    k->db = law->sigma * (law->lag + law->rho * tf1);
}

af_vec3_f64 afr_drag_position_f64(const drag_law_f64 *law, const af_body_f64 *start,
                              const drag_coef_f64 *k)
{
    af_vec3_f64 v = afr_vsub(start->velocity, law->shift), p;
    p.x = start->position.x + afr_drag_times_a_f64(v.x, k);
    p.y = start->position.y + afr_drag_times_a_f64(v.y, k);
    p.z = start->position.z + afr_drag_times_a_f64(v.z, k);
    p.x += afr_drag_times_b_f64(law->accel.x, k);
    p.y += afr_drag_times_b_f64(law->accel.y, k);
    p.z += afr_drag_times_b_f64(law->accel.z, k);
    return p;
}

af_vec3_f64 afr_drag_velocity_f64(const drag_law_f64 *law, const af_body_f64 *start,
                              const drag_coef_f64 *k)
{
    return afr_vadd(
        afr_vaddk(afr_vscale(afr_vsub(start->velocity, law->shift), k->c), law->accel, k->d),
        law->shift);
}

af_vec3_f64 afr_drag_tangent_f64(const drag_law_f64 *law, const af_body_f64 *start,
                             const drag_coef_f64 *k)
{
    return afr_vaddk(afr_vscale(afr_vsub(start->velocity, law->shift), k->da), law->accel, k->db);
}

/* The state at time t >= 0 into out (zeroed on failure); out may be the
 * start itself. */
static af_status predict_at(const af_drag_f64 *drag, const af_body_f64 *start, double t,
                            int steps, af_body_f64 *out)
{
    drag_law_f64 law;
    drag_coef_f64 k;
    af_body_f64 from;
    double time = t;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    if (!afr_body_ok_f64(start)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_BAD_ARGUMENT;
    }
    from = *start;
    memset(out, 0, sizeof *out);
    if (afr_drag_law_init_f64(drag, &law) != AF_OK || !isfinite(t) || !(t >= 0.0))
        return AF_ERR_BAD_ARGUMENT;
    if (steps) {
        if (drag->kind != AF_DRAG_KIND_STEPPED)
            return AF_ERR_BAD_ARGUMENT;
        time = t * drag->dt;
    }
    if (steps && !isfinite(law.mu))
        afr_drag_coef_x_f64(&law, time, law.lambda * t, &k); /* r^n: -ln r n */
    else
        afr_drag_coef_at_f64(&law, time, &k);
    out->position = afr_drag_position_f64(&law, &from, &k);
    out->velocity = afr_drag_velocity_f64(&law, &from, &k);
    if (!afr_vfinite(out->position) || !afr_vfinite(out->velocity)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_OVERFLOW;
    }
    if ((steps ? afr_drag_cap_steps_f64(drag, &from, t) : afr_drag_cap_f64(drag, &from, t)) !=
        AF_OK) {
        memset(out, 0, sizeof *out);
        return AF_ERR_ENGINE_LIMIT;
    }
    return AF_OK;
}

af_status af_drag_predict_f64(const af_drag_f64 *drag, const af_body_f64 *start, double t,
                              af_body_f64 *out)
{
    return predict_at(drag, start, t, 0, out);
}

af_status af_drag_predict_steps_f64(const af_drag_f64 *drag, const af_body_f64 *start, double n,
                                    af_body_f64 *out)
{
    return predict_at(drag, start, n, 1, out);
}
