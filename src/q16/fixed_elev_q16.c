/* SPDX-License-Identifier: MIT */
/*
 * A launcher of fixed elevation and free speed, in vacuum, Q16.16 (see
 * aimfix/fixed_launch.h), in closed form over fixed_vacuum_q16.h's reach.
 *
 * A fixed elevation e needs the reach's angle above the horizontal to be
 * e: c^2 R_up^2 = s^2 |R x up|^2 (c, s its cosine and sine), a quartic
 * whose parts are exact products, isolated by afq_poly_roots; each root,
 * and each root of R_up, starts Newton's method on the unsquared c R_up -
 * s |R_h| (its rounding cannot merge the roots of e and of -e), and the
 * roots of -e are dropped by the sign of R_up.
 */
#include <string.h>

#include "fixed_vacuum_q16.h"
#include "moving_q16.h"

/* a . b of wide vectors. */
static afn_snum wdot(const afn_snum *a, const afn_snum *b)
{
    return afn_s_add_near_compact(afn_s_add_near_compact(afn_s_mul_near_compact(a[0], b[0]),
                                                         afn_s_mul_near_compact(a[1], b[1])),
                                  afn_s_mul_near_compact(a[2], b[2]));
}

/* The square of p0 + p1 t + p2 t^2 (dot: of wide vectors, n components). */
static void square_poly(const afn_snum p[3][3], int dim, afn_snum sq[5])
{
    afn_snum pp[3][3];
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = i; j < 3; j++) {
            pp[i][j] = dim == 3 ? wdot(p[i], p[j]) : afn_s_mul_near_compact(p[i][0], p[j][0]);
            if (i != j)
                pp[i][j].e++;
        }
    sq[0] = pp[0][0];
    sq[1] = pp[0][1];
    sq[2] = afn_s_add_near_compact(pp[1][1], pp[0][2]);
    sq[3] = pp[1][2];
    sq[4] = pp[2][2];
}

/* Whether the reach at t rises at the elevation's side (R_up of the sign
 * of its sine, or within 2 units: its rounding, on either side) with a
 * horizontal part to aim along. */
static int elev_side(const afq_fixed_scan *sc, const afq_vacuum *v, fix16_t t)
{
    afq_reach rc;
    int64_t z;
    uint64_t z2;
    afq_vacuum_reach(v, t, &rc);
    z = afi_round_shift(afq_vacuum_dot32(&rc.r, &sc->dir), 16);
    z2 = afi_abs64(z) * afi_abs64(z);
    if (af_vec3_len2_q16(&rc.r) <= z2)
        return 0;
    return sc->s == 0 || (z <= 2 && z >= -2) || (z > 0) == (sc->s > 0);
}

/* x . u rounded from Q32 to the units of x. */
static int64_t along(const af_vec3_q16 *x, const af_vec3_q16 *u)
{
    return afi_round_shift(afq_vacuum_dot32(x, u), 16);
}

/* x times the unit u, in the units of x (each part below 2^31.3). */
static void cross_unit(const af_vec3_q16 *x, const af_vec3_q16 *u, int64_t w[3])
{
    w[0] = afi_round_shift(afi_smul32(x->y, u->z) - afi_smul32(x->z, u->y), 16);
    w[1] = afi_round_shift(afi_smul32(x->z, u->x) - afi_smul32(x->x, u->z), 16);
    w[2] = afi_round_shift(afi_smul32(x->x, u->y) - afi_smul32(x->y, u->x), 16);
}

static afn_snum num(int64_t x)
{
    return afn_s_make_near_compact(x, 0);
}

/* F(t) = c R_up - s |R_h| (zero at the elevation's roots, unsquared),
 * its slope and what its rounding allows (2^-13 of the reach's size plus
 * 4 LSB: an angle within 1.2e-4 rad), in the reach's units: 0 when the
 * reach has no horizontal part. */
static int elev_gap(const afq_fixed_scan *sc, const afq_vacuum *v, fix16_t t, afn_snum *f,
                    afn_snum *df, afn_snum *tol)
{
    afn_snum c = afn_s_make_near_compact(sc->c, -16), s = afn_s_make_near_compact(sc->s, -16), h,
             wdw;
    afq_reach rc;
    int64_t w[3], dw[3];
    uint64_t h2 = 0;
    int k;
    afq_vacuum_reach(v, t, &rc);
    cross_unit(&rc.r, &sc->dir, w);
    cross_unit(&rc.rate, &sc->dir, dw);
    for (k = 0; k < 3; k++)
        h2 += afi_abs64(w[k]) * afi_abs64(w[k]);
    if (h2 == 0)
        return 0;
    h = num((int64_t)af_sqrt_u64(h2));
    wdw = afn_s_add_near_compact(
        afn_s_add_near_compact(afn_s_mul_near_compact(num(w[0]), num(dw[0])),
                               afn_s_mul_near_compact(num(w[1]), num(dw[1]))),
        afn_s_mul_near_compact(num(w[2]), num(dw[2])));
    *f = afn_s_sub_near_compact(afn_s_mul_near_compact(c, num(along(&rc.r, &sc->dir))),
                                afn_s_mul_near_compact(s, h));
    *df = afn_s_sub_near_compact(afn_s_mul_near_compact(c, num(along(&rc.rate, &sc->dir))),
                                 afn_s_mul_near_compact(s, afq_vacuum_quot(wdw, h)));
    *tol = num((int64_t)(afq_vacuum_l1(&rc.r) >> 13) + (4 >> (rc.shift < 3 ? rc.shift : 3)));
    return 1;
}

/* Newton's method on F from t: 1 and *out once a step is within an LSB
 * of time, or once two steps within 4 LSB turn back (the reach's own
 * rounding: the side with the smaller F); 0 when it does not settle in
 * `steps` steps. */
static int elev_refine(const afq_fixed_scan *sc, const afq_vacuum *v, fix16_t t, int steps,
                       fix16_t *out)
{
    afn_snum last_f = { 0, 0 };
    fix16_t last_t = 0;
    int32_t last_dt = 0;
    int step;
    for (step = 0; step < steps; step++) {
        afn_snum f, df, tol;
        int32_t dt;
        if (!elev_gap(sc, v, t, &f, &df, &tol) || df.m == 0)
            return 0;
        dt = afq_vacuum_raw_time(afq_vacuum_quot(f, df));
        /* two short steps that turn back: the rounding, not an overshoot */
        if (last_dt != 0 && (dt < 0) != (last_dt < 0) && dt <= 4 && dt >= -4 && last_dt <= 4 &&
            last_dt >= -4) {
            *out = afn_s_mag_less(last_f, f) ? last_t : t;
            return 1;
        }
        if (dt >= t || (dt < 0 && t > fix16_maximum + dt))
            return 0;
        last_t = t;
        last_f = f;
        last_dt = dt;
        t -= dt;
        if (dt <= 1 && dt >= -1) {
            *out = t;
            return 1;
        }
    }
    return 0;
}

/* A quartic root whose refinement failed: kept when F there is within its
 * rounding (a tangent root), not where the quartic's own rounding made a
 * root of a near miss. */
static int elev_close(const afq_fixed_scan *sc, const afq_vacuum *v, fix16_t t)
{
    afn_snum f, df, tol;
    return elev_gap(sc, v, t, &f, &df, &tol) && !afn_s_mag_less(tol, f);
}

/* A root Newton's method rounded to the LSB past R_up's root (the roots of
 * e and of R_up within one LSB of time: the reach there has the wrong
 * side): the neighbour on the elevation's side, with the smaller F, which
 * lies within one LSB of the root; 0 when neither is. */
static fix16_t elev_side_near(const afq_fixed_scan *sc, const afq_vacuum *v, fix16_t t)
{
    afn_snum f, df, tol, best_f = { 0, 0 };
    fix16_t best = 0, u;
    int d;
    for (d = -1; d <= 1; d += 2) {
        if ((d < 0 && t <= 1) || (d > 0 && t >= fix16_maximum))
            continue;
        u = t + d;
        if (elev_side(sc, v, u) && elev_gap(sc, v, u, &f, &df, &tol) &&
            (!best || afn_s_mag_less(f, best_f))) {
            best = u;
            best_f = f;
        }
    }
    return best;
}

static af_status elev_solve(const afq_fixed_scan *sc, const afq_vacuum *v, af_shots_q16 *out)
{
    afn_snum z[3][3], w[3][3], zz[5], ww[5], roots[6], c2, s2, one = { 0, 0 };
    struct afq_poly p;
    afq_times ts;
    int i, j, top = 4, low = 0, m, quartic = 0;
    ts.n = 0;
    /* R_up's terms and those of R x up (its length the horizontal part's),
     * exact in 64 bits, as wide numbers of t's powers (A's halved). */
    for (j = 0; j < 3; j++) {
        const af_vec3_q16 *c = &v->c[j], *u = &sc->dir;
        int half = j == 2;
        z[j][0] = afq_vacuum_wide(afq_vacuum_dot32(c, u), half);
        w[j][0] = afq_vacuum_wide(afi_smul32(c->y, u->z) - afi_smul32(c->z, u->y), half);
        w[j][1] = afq_vacuum_wide(afi_smul32(c->z, u->x) - afi_smul32(c->x, u->z), half);
        w[j][2] = afq_vacuum_wide(afi_smul32(c->x, u->y) - afi_smul32(c->y, u->x), half);
    }
    if (sc->s == 0) {
        /* Level: R_up(t) = 0, a quadratic (its square has only double
         * roots). */
        if (z[0][0].m == 0 && z[1][0].m == 0 && z[2][0].m == 0)
            return sc->at_muzzle ? afq_vacuum_finish(sc, &ts, out) : AF_ERR_OUT_OF_RANGE;
        m = afq_vacuum_quadratic_roots(z[2][0], z[1][0], z[0][0], roots);
    } else {
        square_poly((const afn_snum(*)[3])z, 1, zz);
        square_poly((const afn_snum(*)[3])w, 3, ww);
        c2 = afn_s_mul_near_compact(afn_s_make_near_compact(sc->c, -16),
                                    afn_s_make_near_compact(sc->c, -16));
        s2 = afn_s_mul_near_compact(afn_s_make_near_compact(sc->s, -16),
                                    afn_s_make_near_compact(sc->s, -16));
        for (i = 0; i < 5; i++)
            p.c[i] = afn_s_sub_near_compact(afn_s_mul_near_compact(c2, zz[i]),
                                            afn_s_mul_near_compact(s2, ww[i]));
        while (top >= 0 && p.c[top].m == 0)
            top--;
        if (top < 0) /* at the elevation at every time */
            return sc->at_muzzle ? afq_vacuum_finish(sc, &ts, out) : AF_ERR_OUT_OF_RANGE;
        while (p.c[low].m == 0)
            low++;
        p.n = top - low;
        for (i = 0; i <= p.n; i++)
            p.c[i] = p.c[i + low];
        if (p.n == 1) { /* the closed form's degree */
            p.c[2] = one;
            p.n = 2;
        }
        m = 0;
        if (p.n > 0) {
            afn_snum lo = { INT32_C(1) << 30, -47 }, hi = { INT32_C(1) << 30, -15 };
            m = afq_poly_roots(&p, NULL, lo, hi, roots);
        }
        /* Where R_up changes sign fast against the horizontal part, the
         * roots of e and of -e lie either side of its root, so close that
         * the quartic's rounding may merge them (or place them far off):
         * R_up's roots start the refinement too. */
        quartic = m;
        m += afq_vacuum_quadratic_roots(z[2][0], z[1][0], z[0][0], roots + m);
    }
    for (i = 0; i < m; i++) {
        fix16_t t = afq_vacuum_root_time(roots[i]), refined = t;
        int settled = 0;
        /* A quartic root stays where its refinement fails if F is near
         * zero there; R_up's roots only start one. */
        if (t && sc->s != 0) {
            settled = elev_refine(sc, v, t, i < quartic ? 8 : 4, &refined);
            if (!settled && (i >= quartic || !elev_close(sc, v, t)))
                continue;
        }
        if (refined && settled && !elev_side(sc, v, refined))
            refined = elev_side_near(sc, v, refined);
        if (refined && elev_side(sc, v, refined))
            afq_vacuum_add_time(&ts, refined, one, i + 1, (refined >> 20) + 2);
    }
    return afq_vacuum_finish(sc, &ts, out);
}

af_status af_fixed_elev_q16(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                            fix16_t elevation, const af_vec3_q16 *gravity, unsigned flags,
                            af_shots_q16 *out)
{
    afq_fixed_scan sc;
    afq_vacuum v;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    st = afq_fixed_elevation(&sc, gravity, elevation);
    if (st == AF_OK)
        st = afq_vacuum_setup(&sc, &v, shooter, target, gravity, flags);
    if (st == AF_OK)
        st = sc.elev ? elev_solve(&sc, &v, out) : afq_vacuum_dir_solve(&sc, &v, out);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}
