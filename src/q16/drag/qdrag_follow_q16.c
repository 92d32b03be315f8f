/* SPDX-License-Identifier: MIT */
/*
 * The Q16.16 quadratic-drag aim at a fixed speed followed from one scene
 * to the next (the turret aims' launch times): each root by the joint
 * Newton iteration from the last one, with a check that none crossed
 * max_time, and a scene without roots from the last one's dip.
 */
#include <string.h>

#include "qdrag_speed_q16.h"

/* The target at max_time from the shooter, into *d: 0 when it does not
 * fit. */
static int end_offset(const scan *sc, fix16_t max_time, af_vec3_q16 *d)
{
    af_vec3_q16 P;
    return afq_qd_target_at(&sc->pb, max_time, &P, NULL) == AF_OK &&
           af_vec3_sub_q16(&P, &sc->pb.shooter.position, d) == AF_OK;
}

/* Whether F at max_time keeps the sign it had at known->d_end without a
 * new aim: a launch velocity meets a point moved by dD moved by at most
 * dD (1 + (k s + c) T) / T (the derivative of a flight along its own
 * path), so with (k s + c) T <= 7, |F| above 8 |dD| / T keeps its sign. */
static int end_kept(const scan *sc, fix16_t max_time, const afq_qd_roots *known)
{
    const af_qdrag_q16 *m = sc->pb.m;
    af_vec3_q16 d, dd;
    fix16_t w, len;
    int64_t f = known->f_end < 0 ? -(int64_t)known->f_end : known->f_end;
    if (af_vec3_len_q16(&m->wind, &w) != AF_OK ||
        (((int64_t)m->k * ((int64_t)sc->speed + w)) >> 16) + m->c >
            ((int64_t)7 << 32) / max_time ||
        !end_offset(sc, max_time, &d) || af_vec3_sub_q16(&d, &known->d_end, &dd) != AF_OK ||
        af_vec3_len_q16(&dd, &len) != AF_OK)
        return 0;
    return (int64_t)len * 8 * 65536 < f * max_time;
}

/* The roots in `known` followed to this scene by the joint iteration,
 * each from its own time and launch velocity: 1 with them in roots when
 * every one converges, in the same order and apart, and F at max_time
 * keeps its sign (no root crossed the end of the flights); 0 otherwise. */
int afq_qd_follow_roots(scan *sc, fix16_t max_time, afq_qd_roots *known, sample *roots,
                  fix16_t *f_end)
{
    int k;
    sample end;
    for (k = 0; k < known->n; k++) {
        roots[k].T = known->T[k];
        roots[k].v = known->v[k];
        if (!afq_qd_joint(sc, 1, max_time, &roots[k].T, &roots[k].v) ||
            (k > 0 && roots[k].T <= roots[k - 1].T))
            return 0;
    }
    /* A static target has two arcs at most: with both found, none is
     * left to cross max_time. */
    if ((sc->static_target && known->n >= 2) || end_kept(sc, max_time, known)) {
        *f_end = known->f_end;
        return 1;
    }
    sc->have = known->have_end;
    sc->t_last = max_time;
    sc->v_last = known->v_end;
    memset(&sc->dv_last, 0, sizeof sc->dv_last);
    afq_qd_evaluate(sc, max_time, 1, &end);
    if (end.F == OUT_OF_REACH || end.F == 0 || (end.F < 0) != (known->f_end < 0) ||
        !end_offset(sc, max_time, &known->d_end))
        return 0;
    known->v_end = end.v;
    *f_end = end.F;
    return 1;
}

/* F at max_time for `known` (its sign and launch velocity), after a scan. */
void afq_qd_remember_end(scan *sc, fix16_t max_time, afq_qd_roots *known)
{
    sample end;
    known->have_end = 0;
    known->f_end = 0;
    if (known->n == 0 || (sc->static_target && known->n >= 2))
        return;
    sc->have = 0;
    afq_qd_evaluate(sc, max_time, 1, &end);
    if (end.F == OUT_OF_REACH || end.F == 0 || !end_offset(sc, max_time, &known->d_end)) {
        known->n = 0; /* nothing to follow against */
        return;
    }
    known->f_end = end.F;
    known->v_end = end.v;
    known->have_end = 1;
}

/* Whether no root is closer than this to F's dip (speed / 32). */
#define DIP_MARGIN_SHIFT 5

/* t clamped to [lo, hi]. */
static fix16_t clamp_time(int64_t t, fix16_t lo, fix16_t hi)
{
    return t < lo ? lo : t > hi ? hi : (fix16_t)t;
}

/* A scene without roots followed from the last one's dip (known->t_low):
 * F there, beside it, and at the secant step on F' between the two; 1
 * (the dip moved into known) when F stays above the margin at all three
 * and the step stays within four of the spacing, F convex between them. */
int afq_qd_follow_dip(scan *sc, fix16_t t_lo, fix16_t t_hi, afq_qd_roots *known)
{
    sample a, b, c;
    const sample *least;
    fix16_t margin = sc->speed >> DIP_MARGIN_SHIFT, h, T;
    int64_t dT, dF1;
    sc->have = 1;
    sc->t_last = known->t_low;
    sc->v_last = known->v_low;
    sc->dv_last = known->dv_low;
    T = clamp_time(known->t_low, t_lo, t_hi);
    afq_qd_evaluate(sc, T, 0, &a);
    if (a.F == OUT_OF_REACH || a.F <= margin || a.F1 == INT32_MAX || a.F1 == -INT32_MAX)
        return 0;
    least = &a;
    h = T >> 5 > 0 ? T >> 5 : 1;
    b = a;
    c = a;
    /* At an end with F rising away from it, that end is the dip. */
    if (!((T == t_lo && a.F1 >= 0) || (T == t_hi && a.F1 <= 0))) {
        afq_qd_evaluate(sc, clamp_time(a.F1 < 0 ? (int64_t)T + h : (int64_t)T - h, t_lo, t_hi), 0, &b);
        dF1 = (int64_t)b.F1 - a.F1;
        if (b.F == OUT_OF_REACH || b.F <= margin || b.T == a.T || b.F1 == INT32_MAX ||
            b.F1 == -INT32_MAX || (dF1 > 0) != (b.T > a.T) || dF1 == 0)
            return 0;
        dT = -(int64_t)a.F1 * (b.T - a.T) / dF1;
        if (dT > 4 * (int64_t)h || dT < -4 * (int64_t)h)
            return 0;
        afq_qd_evaluate(sc, clamp_time(T + dT, t_lo, t_hi), 0, &c);
        if (c.F == OUT_OF_REACH || c.F <= margin)
            return 0;
        if (b.F < least->F)
            least = &b;
        if (c.F < least->F)
            least = &c;
    }
    known->t_low = least->T;
    known->v_low = least->v;
    known->dv_low = least->dv;
    return 1;
}
