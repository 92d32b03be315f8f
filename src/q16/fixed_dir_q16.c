/* SPDX-License-Identifier: MIT */
/*
 * A launcher of fixed direction and free speed, in vacuum, Q16.16 (see
 * aimfix/fixed_launch.h), in closed form over fixed_vacuum_q16.h's reach.
 *
 * A fixed direction d needs both parts of the reach square to d to
 * vanish: the roots of each quadratic are candidates, kept where the
 * exact reach at the rounded time lies on the ray. A target that only
 * passes near the ray gets the time of its nearest pass (one Gauss-Newton
 * step).
 */
#include <string.h>

#include "fixed_vacuum_q16.h"

/* Whether D.d + V.d t + A.d t^2/2 > 0 at some t > 0 (Q32 terms). */
static int ahead_sometime(int64_t d0, int64_t d1, int64_t d2)
{
    if (d2 > 0 || d0 > 0 || (d2 == 0 && d1 > 0))
        return 1;
    /* d0 <= 0 and d2 <= 0: positive only around the vertex of a falling
     * parabola at t > 0, where d1^2 > 2 d0 d2. */
    return d2 < 0 && d1 > 0 &&
           (d0 == 0 || afn_s_less(afn_s_mul_near_compact(afq_vacuum_wide(2 * d0, 0), afq_vacuum_wide(d2, 0)),
                                  afn_s_mul_near_compact(afq_vacuum_wide(d1, 0), afq_vacuum_wide(d1, 0))));
}

/* Whether x is parallel to the line w (or zero): x cross w = 0, exactly. */
static int parallel(const af_vec3_q16 *x, const af_vec3_q16 *w)
{
    return afi_smul32(x->y, w->z) == afi_smul32(x->z, w->y) &&
           afi_smul32(x->z, w->x) == afi_smul32(x->x, w->z) &&
           afi_smul32(x->x, w->y) == afi_smul32(x->y, w->x);
}

/* Whether the reach at t lies on the launch ray: ahead, and each part
 * square to it within 4 LSB plus 2^-12 of its size, plus its move over
 * `off` 256ths of an LSB of time (how far t is from the root it rounds).
 * Then *score is the larger part, and *step the Gauss-Newton step (raw)
 * towards the nearest pass when a part exceeds what rounding leaves (that
 * move, 2 LSB and 2^-16 of the reach: the axes' rounding), else 0. */
static int on_ray(const afq_fixed_scan *sc, const afq_vacuum *v, fix16_t t, int64_t off,
                  afn_snum *score, int32_t *step)
{
    afq_reach rc;
    int64_t tol, noise, worst = 0, p[2], dp[2];
    int k, exact = 1;
    afq_vacuum_reach(v, t, &rc);
    if (afq_vacuum_dot32(&rc.r, &sc->dir) <= 0)
        return 0;
    noise = ((int64_t)2 << 16 >> rc.shift) + (int64_t)afq_vacuum_l1(&rc.r);
    tol = ((int64_t)4 << 16 >> rc.shift) + (int64_t)(afq_vacuum_l1(&rc.r) << 4);
    for (k = 0; k < 2; k++) {
        int64_t mag, slope;
        p[k] = afq_vacuum_dot32(&rc.r, &sc->e[k]);
        dp[k] = afq_vacuum_dot32(&rc.rate, &sc->e[k]);
        mag = (int64_t)afi_abs64(p[k]);
        slope = (int64_t)(((afi_abs64(dp[k]) >> 16) * (uint64_t)off) >> 8);
        if (mag > tol + slope)
            return 0;
        if (mag > slope + noise)
            exact = 0;
        if (mag > worst)
            worst = mag;
    }
    *score = afn_s_make_near_compact(worst, rc.shift);
    *step = 0;
    if (!exact) {
        /* -(P . P') / |P'|^2 seconds: P's least length, P linear in t. */
        afn_snum p0 = afq_vacuum_wide(p[0], 0), p1 = afq_vacuum_wide(p[1], 0);
        afn_snum d0 = afq_vacuum_wide(dp[0], 0), d1 = afq_vacuum_wide(dp[1], 0);
        afn_snum num = afn_s_add_near_compact(afn_s_mul_near_compact(p0, d0),
                                              afn_s_mul_near_compact(p1, d1));
        afn_snum den = afn_s_add_near_compact(afn_s_mul_near_compact(d0, d0),
                                              afn_s_mul_near_compact(d1, d1));
        *step = -afq_vacuum_raw_time(afq_vacuum_quot(num, den));
    }
    return 1;
}

/* A candidate time onto the list when on the ray; where the target only
 * passes near it, the time of its nearest pass when that is nearer. */
static void dir_candidate(const afq_fixed_scan *sc, const afq_vacuum *v, afn_snum root, int from,
                          afq_times *ts)
{
    afn_snum score, better, frac;
    fix16_t t = afq_vacuum_root_time(root);
    int32_t step, again;
    int64_t off;
    if (!t)
        return;
    /* How far t is from the root, in 256ths of an LSB, with the root's
     * own rounding (2^-27 of it) and 2 more. */
    frac = afn_s_sub_near_compact(root, afn_s_make_near_compact(t, -16));
    frac.e += 8;
    off = afi_abs32(afq_vacuum_raw_time(frac)) + (t >> 19) + 2;
    if (!on_ray(sc, v, t, off, &score, &step))
        return;
    if (step != 0 && (step > 0 ? t <= fix16_maximum - step : t > -step) &&
        on_ray(sc, v, t + step, 128, &better, &again) && afn_s_mag_less(better, score)) {
        t += step;
        score = better;
    }
    afq_vacuum_add_time(ts, t, score, from, (t >> 11) + 2);
}

af_status afq_vacuum_dir_solve(const afq_fixed_scan *sc, const afq_vacuum *v, af_shots_q16 *out)
{
    int64_t co[3][3]; /* [term D, V, A][axis e0, e1, d], Q32 */
    afq_times ts;
    int j, k, on_line = 1;
    ts.n = 0;
    for (j = 0; j < 3; j++) {
        int64_t tol = (j == 0 ? (int64_t)4 << 16 : 0) + (int64_t)(afq_vacuum_l1(&v->c[j]) << 4);
        co[j][0] = afq_vacuum_dot32(&v->c[j], &sc->e[0]);
        co[j][1] = afq_vacuum_dot32(&v->c[j], &sc->e[1]);
        co[j][2] = afq_vacuum_dot32(&v->c[j], &sc->dir);
        if ((int64_t)afi_abs64(co[j][0]) > tol || (int64_t)afi_abs64(co[j][1]) > tol)
            on_line = 0;
    }
    /* On the launch line at every time: met at every time it is ahead. The
     * rounded axes only screen; exactly parallel to the line as given
     * decides (a target a hair off it, moving along it, is never on it). */
    if (on_line)
        for (j = 0; j < 3; j++)
            on_line = on_line && parallel(&v->c[j], &sc->line);
    if (on_line)
        return ahead_sometime(co[0][2], co[1][2], co[2][2]) ? AF_ERR_OUT_OF_RANGE
                                                            : AF_ERR_NO_SOLUTION;
    for (k = 0; k < 2; k++) {
        afn_snum r[2];
        int m, i;
        if (co[0][k] == 0 && co[1][k] == 0 && co[2][k] == 0)
            continue;
        m = afq_vacuum_quadratic_roots(afq_vacuum_wide(co[2][k], 1), afq_vacuum_wide(co[1][k], 0), afq_vacuum_wide(co[0][k], 0), r);
        for (i = 0; i < m; i++) {
            dir_candidate(sc, v, r[i], k, &ts);
        }
    }
    return afq_vacuum_finish(sc, &ts, out);
}

af_status af_fixed_dir_q16(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                           const af_vec3_q16 *direction, const af_vec3_q16 *gravity, unsigned flags,
                           af_shots_q16 *out)
{
    afq_fixed_scan sc;
    afq_vacuum v;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    st = afq_fixed_direction(&sc, direction);
    if (st == AF_OK)
        st = afq_vacuum_setup(&sc, &v, shooter, target, gravity, flags);
    if (st == AF_OK)
        st = afq_vacuum_dir_solve(&sc, &v, out);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}
