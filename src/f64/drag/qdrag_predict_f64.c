/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag: the coefficient of a projectile, the state at a time or
 * after a number of steps, and samples of the arc.
 */
#include <math.h>
#include <string.h>

#include "qdrag_f64.h"

af_status af_qdrag_coef_f64(double mass, double diameter, double cd, double air_density,
                            double *k)
{
    double area, md, mm, mc, mr;
    int ed, em, ec, er;
    if (!k)
        return AF_ERR_BAD_ARGUMENT;
    *k = 0.0;
    if (!isfinite(mass) || !(mass > 0.0) || !isfinite(diameter) || !(diameter > 0.0) ||
        !isfinite(cd) || !(cd > 0.0) || !isfinite(air_density) || !(air_density > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    /* On the mantissas (in [0.5, 1)), in the formula's order, so that no
     * intermediate overflows or goes subnormal where k does not (a
     * subnormal density times a drag coefficient lost 2e-11 of k); the
     * exponents are applied once, at the end. */
    md = frexp(diameter, &ed);
    mm = frexp(mass, &em);
    mc = frexp(cd, &ec);
    mr = frexp(air_density, &er);
    area = 3.14159265358979323846 * 0.25 * md * md;
    *k = ldexp(0.5 * mr * mc * (area / mm), 2 * ed + er + ec - em);
    if (!isfinite(*k)) {
        *k = 0.0;
        return AF_ERR_OVERFLOW;
    }
    return AF_OK;
}

static af_status predict(const af_qdrag_f64 *drag, const af_body_f64 *start, int by_steps,
                         double x, af_body_f64 *out)
{
    qd_law_f64 law;
    qd_flight_f64 f;
    double y[QD_DIM];
    af_status st;
    af_body_f64 b;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    if (!afr_body_ok_f64(start) || !isfinite(x) || !(x >= 0.0)) {
        memset(out, 0, sizeof *out);
        return AF_ERR_BAD_ARGUMENT;
    }
    b = *start;
    memset(out, 0, sizeof *out);
    st = afr_qd_law_f64(drag, &law);
    if (st == AF_OK && by_steps && !law.stepped)
        st = AF_ERR_BAD_ARGUMENT;
    if (st != AF_OK)
        return st;
    afr_qd_start_f64(&f, &law, &b, 0);
    if (by_steps) {
        double m = floor(x);
        st = m > (double)AF_QDRAG_MAX_STEPS ? AF_ERR_NO_CONVERGENCE
                                            : afr_qd_at_steps_f64(&f, (long)m, x - m, y);
    } else {
        st = afr_qd_at_f64(&f, x, y);
    }
    if (st == AF_OK)
        qd_body(y, out);
    return st;
}

af_status af_qdrag_predict_f64(const af_qdrag_f64 *drag, const af_body_f64 *start, double t,
                               af_body_f64 *out)
{
    return predict(drag, start, 0, t, out);
}

af_status af_qdrag_predict_steps_f64(const af_qdrag_f64 *drag, const af_body_f64 *start,
                                     double n, af_body_f64 *out)
{
    return predict(drag, start, 1, n, out);
}

af_status af_qdrag_samples_f64(const af_qdrag_f64 *drag, const af_body_f64 *start, double t_end,
                               af_vec3_f64 *points, int count)
{
    qd_law_f64 law;
    qd_flight_f64 f;
    double y[QD_DIM];
    af_status st;
    int i;

    if (!points)
        return AF_ERR_BAD_ARGUMENT;
    if (count > 0)
        memset(points, 0, sizeof *points * (size_t)count);
    if (count < 2 || !afr_body_ok_f64(start) || !isfinite(t_end) || !(t_end > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    st = afr_qd_law_f64(drag, &law);
    if (st != AF_OK)
        return st;
    afr_qd_start_f64(&f, &law, start, 0);
    for (i = 0; i < count; i++) {
        double t = i == count - 1 ? t_end : t_end * ((double)i / (double)(count - 1));
        st = afr_qd_at_f64(&f, t, y);
        if (st != AF_OK) {
            memset(points, 0, sizeof *points * (size_t)count);
            return st;
        }
        points[i] = qd_vec(y);
    }
    return AF_OK;
}
