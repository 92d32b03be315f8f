/* SPDX-License-Identifier: MIT */
/*
 * A launcher of fixed direction or elevation and free speed, in vacuum,
 * Q16.16 (see aimfix/fixed_launch.h), in closed form.
 *
 * Relative to the launch point the target is met after t when s d t
 * equals the reach R(t) = D + V t + A t^2/2 (A: the target's acceleration
 * minus gravity). Its parts along a unit axis are quadratics in t whose
 * coefficients, D, V and A dotted with the Q16.16 axis, are exact in 64
 * bits. A fixed direction d needs both parts square to d to vanish: the
 * roots of each quadratic are candidates, kept where the exact reach at
 * the rounded time lies on the ray. A fixed elevation e needs R's angle
 * above the horizontal to be e: c^2 R_up^2 = s^2 |R x up|^2 (c, s its
 * cosine and sine), a quartic whose parts are exact products, isolated by
 * afq_poly_roots; each root, and each root of R_up, starts Newton's method
 * on the unsquared c R_up - s |R_h| (its rounding cannot merge the roots
 * of e and of -e), and the roots of -e are dropped by the sign of R_up.
 * A target that only passes near the ray gets the time of its nearest
 * pass (one Gauss-Newton step). Each shot's velocity is the fixed-time aim
 * af_arc_time_accel_q16's at its time, along the fixed direction or
 * elevation (afq_fixed_push).
 */
#include "aimfix/fixed_launch.h"

#include <string.h>

#include "aimfix/q16.h"
#include "../core/q16_internal.h"
#include "fixed_scan_q16.h"
#include "moving_q16.h"

struct vacuum {
    const af_body_q16 *shooter;
    const af_body_accel_q16 *target;
    const af_vec3_q16 *gravity;
    unsigned flags;
    af_vec3_q16 c[3]; /* the reach's terms D, V, A (each fits: the aim checked) */
};

static AFI_OUTLINE_M0 afn_snum quot(afn_snum a, afn_snum b)
{
    return afn_s_div_near(a, b);
}

/* |a| t^2 / 2 rounded to Q16.16, exactly in 64 bits: |a| t < 2^62 split
 * into 32-bit halves, each multiplied by t. */
static int64_t half_a_t2(int32_t a, fix16_t t)
{
    uint64_t m = (uint64_t)afi_abs32(a) * (uint32_t)t, hi = m >> 32, lo = m & 0xFFFFFFFFu;
    uint64_t big = hi * (uint32_t)t, small = lo * (uint32_t)t;
    uint64_t r = (big >> 1) + ((small + ((big & 1u) << 32) + (UINT64_C(1) << 32)) >> 33);
    return a < 0 ? -(int64_t)r : (int64_t)r;
}

/* One candidate time: the reach then brought within 31 bits by a common
 * shift, and its rate R' = V + A t in the same units. */
struct reach {
    af_vec3_q16 r, rate;
    int shift;
};

static fix16_t shifted(int64_t x, int shift)
{
    return (fix16_t)(shift ? afi_round_shift(x, shift) : x);
}

static void reach_at(const struct vacuum *v, fix16_t t, struct reach *out)
{
    int64_t x[3], y[3];
    uint64_t m = 0;
    int k;
    for (k = 0; k < 3; k++) {
        int32_t d = (&v->c[0].x)[k], w = (&v->c[1].x)[k], a = (&v->c[2].x)[k];
        x[k] = (int64_t)d + afi_round_shift(afi_smul32(w, t), 16) + half_a_t2(a, t);
        y[k] = (int64_t)w + afi_round_shift(afi_smul32(a, t), 16);
        if (afi_abs64(x[k]) > m)
            m = afi_abs64(x[k]);
        if (afi_abs64(y[k]) > m)
            m = afi_abs64(y[k]);
    }
    out->shift = 0;
    while ((m >> out->shift) > 0x7FFFFFFFu)
        out->shift++;
    for (k = 0; k < 3; k++) {
        (&out->r.x)[k] = shifted(x[k], out->shift);
        (&out->rate.x)[k] = shifted(y[k], out->shift);
    }
}

static int64_t dot32(const af_vec3_q16 *a, const af_vec3_q16 *b)
{
    return afi_smul32(a->x, b->x) + afi_smul32(a->y, b->y) + afi_smul32(a->z, b->z);
}

static uint64_t l1(const af_vec3_q16 *a)
{
    return (uint64_t)afi_abs32(a->x) + afi_abs32(a->y) + afi_abs32(a->z);
}

static int vacuum_aim(void *ctx, fix16_t t, af_vec3_q16 *u)
{
    const struct vacuum *v = ctx;
    af_shots_q16 one;
    if (af_arc_time_accel_q16(v->shooter, v->target, t, v->gravity, v->flags, &one) != AF_OK)
        return 0;
    *u = one.shot[0].velocity;
    return 1;
}

/* The checks the fixed-time aim makes (a flight of 1 s tells them), and
 * the reach's terms. */
static af_status setup(afq_fixed_scan *sc, struct vacuum *v, const af_body_q16 *shooter,
                       const af_body_accel_q16 *target, const af_vec3_q16 *gravity, unsigned flags)
{
    af_shots_q16 one;
    af_status st;
    if (!shooter || !target || !gravity)
        return AF_ERR_BAD_ARGUMENT;
    if (af_vec3_sub_q16(&target->position, &shooter->position, &v->c[0]) != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    st = af_arc_time_accel_q16(shooter, target, fix16_one, gravity, flags, &one);
    if (st == AF_ERR_BAD_ARGUMENT || st == AF_ERR_OUT_OF_RANGE)
        return st;
    /* The aim took them: the relative velocity and the target's
     * acceleration less gravity fit Q16.16. */
    v->c[1] = target->velocity;
    if (((flags & AF_INHERIT_VELOCITY) &&
         af_vec3_sub_q16(&target->velocity, &shooter->velocity, &v->c[1]) != AF_OK) ||
        af_vec3_sub_q16(&target->acceleration, gravity, &v->c[2]) != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    v->shooter = shooter;
    v->target = target;
    v->gravity = gravity;
    v->flags = flags;
    sc->aim = vacuum_aim;
    sc->sample = NULL;
    sc->ctx = v;
    sc->t_max = fix16_maximum;
    sc->target = *target;
    sc->at_muzzle = v->c[0].x == 0 && v->c[0].y == 0 && v->c[0].z == 0;
    return AF_OK;
}

/* x (Q32, exact) as a wide number in units of 2^-32 (2^-33: a term of
 * t^2/2 as one of t^2). */
static afn_snum wide(int64_t x, int half)
{
    return afn_s_make_near_compact(x, -32 - half);
}

/* The positive roots of c + b t + a t^2, ascending (a double root
 * twice): q = -(b + sgn(b) sqrt(b^2 - 4 a c)) / 2, roots q / a and c / q
 * (none from a = 0). A discriminant below zero by less than 2^-24 of b^2
 * (its rounding) is a double root. */
static int quadratic_roots(afn_snum a, afn_snum b, afn_snum c, afn_snum *r)
{
    afn_snum b2 = afn_s_mul_near_compact(b, b), disc, q, x[2];
    int n = 0, i;
    disc = afn_s_sub_near_compact(
        b2, afn_s_mul_near_compact(afn_s_make_near_compact(4, 0), afn_s_mul_near_compact(a, c)));
    if (disc.m < 0) {
        afn_snum slack = b2;
        slack.e -= 24;
        if (b2.m == 0 || !afn_s_less(afn_s_abs(disc), slack))
            return 0;
        disc.m = 0;
    }
    disc = afn_s_sqrt_near(disc);
    q = afn_s_add_near_compact(b, b.m < 0 ? afn_s_neg(disc) : disc);
    q = afn_s_neg(q);
    q.e--;
    if (q.m == 0)
        return 0;
    x[0] = quot(q, a);
    x[1] = quot(c, q);
    if (x[0].m > 0 && x[1].m > 0 && afn_s_less(x[1], x[0])) {
        afn_snum t = x[0];
        x[0] = x[1];
        x[1] = t;
    }
    for (i = 0; i < 2; i++)
        if (x[i].m > 0)
            r[n++] = x[i];
    return n;
}

/* A positive root as a time of Q16.16: 0 when it rounds below one LSB
 * or beyond the longest flight. */
static fix16_t root_time(afn_snum root)
{
    int32_t t = afq_fixed(root, 16);
    return t > 0 ? t : 0;
}

/* The times found, ascending, each with its fit (lower better) and the
 * equation it is a root of. */
struct times {
    fix16_t t[2 * AF_MAX_SHOTS];
    afn_snum score[2 * AF_MAX_SHOTS];
    int from[2 * AF_MAX_SHOTS], n;
};

/* Insert t, a root of equation `from`, unless it is one listed found
 * again: within 2 LSB, or within `near` of a root of another equation
 * (the same crossing seen by both); then the better one stays. */
static void add_time(struct times *ts, fix16_t t, afn_snum score, int from, fix16_t near)
{
    int i, j;
    for (i = 0; i < ts->n; i++) {
        fix16_t gap = ts->from[i] == from ? 2 : near;
        if (ts->t[i] - t <= gap && t - ts->t[i] <= gap) {
            if (afn_s_mag_less(score, ts->score[i])) {
                ts->t[i] = t;
                ts->score[i] = score;
            }
            return;
        }
    }
    if (ts->n >= 2 * AF_MAX_SHOTS)
        return;
    for (i = 0; i < ts->n && ts->t[i] < t; i++)
        ;
    for (j = ts->n; j > i; j--) {
        ts->t[j] = ts->t[j - 1];
        ts->score[j] = ts->score[j - 1];
        ts->from[j] = ts->from[j - 1];
    }
    ts->t[i] = t;
    ts->score[i] = score;
    ts->from[i] = from;
    ts->n++;
}

/* The muzzle's t = 0 shot, then one per time; the status. */
static af_status finish(const afq_fixed_scan *sc, const struct times *ts, af_shots_q16 *out)
{
    int i;
    if (sc->at_muzzle) {
        out->shot[0].point = sc->target.position;
        out->count = 1;
    }
    for (i = 0; i < ts->n && out->count < AF_MAX_SHOTS; i++) {
        afq_fixed_push(sc, ts->t[i], out);
    }
    if (out->count)
        return AF_OK;
    return ts->n ? AF_ERR_OVERFLOW : AF_ERR_NO_SOLUTION;
}

/* ---- fixed direction ------------------------------------------------- */

/* Whether D.d + V.d t + A.d t^2/2 > 0 at some t > 0 (Q32 terms). */
static int ahead_sometime(int64_t d0, int64_t d1, int64_t d2)
{
    if (d2 > 0 || d0 > 0 || (d2 == 0 && d1 > 0))
        return 1;
    /* d0 <= 0 and d2 <= 0: positive only around the vertex of a falling
     * parabola at t > 0, where d1^2 > 2 d0 d2. */
    return d2 < 0 && d1 > 0 &&
           (d0 == 0 || afn_s_less(afn_s_mul_near_compact(wide(2 * d0, 0), wide(d2, 0)),
                                  afn_s_mul_near_compact(wide(d1, 0), wide(d1, 0))));
}

/* A wide number of seconds as raw Q16.16 time, saturated at +-2^30. */
static int32_t raw_time(afn_snum x)
{
    int e = x.e + 16;
    uint32_t m = afi_abs32(x.m);
    if (x.m == 0 || e < -31)
        return 0;
    if (e >= 0)
        m = INT32_C(1) << 30;
    else
        m = ((m >> (-e - 1)) + 1) >> 1;
    return afi_signed32(m > (UINT32_C(1) << 30) ? UINT32_C(1) << 30 : m, x.m < 0);
}

/* Whether the reach at t lies on the launch ray: ahead, and each part
 * square to it within 4 LSB plus 2^-12 of its size, plus its move over
 * `off` 256ths of an LSB of time (how far t is from the root it rounds).
 * Then *score is the larger part, and *step the Gauss-Newton step (raw)
 * towards the nearest pass when a part exceeds what rounding leaves (that
 * move, 2 LSB and 2^-16 of the reach: the axes' rounding), else 0. */
static int on_ray(const afq_fixed_scan *sc, const struct vacuum *v, fix16_t t, int64_t off,
                  afn_snum *score, int32_t *step)
{
    struct reach rc;
    int64_t tol, noise, worst = 0, p[2], dp[2];
    int k, exact = 1;
    reach_at(v, t, &rc);
    if (dot32(&rc.r, &sc->dir) <= 0)
        return 0;
    noise = ((int64_t)2 << 16 >> rc.shift) + (int64_t)l1(&rc.r);
    tol = ((int64_t)4 << 16 >> rc.shift) + (int64_t)(l1(&rc.r) << 4);
    for (k = 0; k < 2; k++) {
        int64_t mag, slope;
        p[k] = dot32(&rc.r, &sc->e[k]);
        dp[k] = dot32(&rc.rate, &sc->e[k]);
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
        afn_snum num =
                     afn_s_add_near_compact(afn_s_mul_near_compact(wide(p[0], 0), wide(dp[0], 0)),
                                            afn_s_mul_near_compact(wide(p[1], 0), wide(dp[1], 0))),
                 den =
                     afn_s_add_near_compact(afn_s_mul_near_compact(wide(dp[0], 0), wide(dp[0], 0)),
                                            afn_s_mul_near_compact(wide(dp[1], 0), wide(dp[1], 0)));
        *step = -raw_time(quot(num, den));
    }
    return 1;
}

/* A candidate time onto the list when on the ray; where the target only
 * passes near it, the time of its nearest pass when that is nearer. */
static void dir_candidate(const afq_fixed_scan *sc, const struct vacuum *v, afn_snum root, int from,
                          struct times *ts)
{
    afn_snum score, better, frac;
    fix16_t t = root_time(root);
    int32_t step, again;
    int64_t off;
    if (!t)
        return;
    /* How far t is from the root, in 256ths of an LSB, with the root's
     * own rounding (2^-27 of it) and 2 more. */
    frac = afn_s_sub_near_compact(root, afn_s_make_near_compact(t, -16));
    frac.e += 8;
    off = afi_abs32(raw_time(frac)) + (t >> 19) + 2;
    if (!on_ray(sc, v, t, off, &score, &step))
        return;
    if (step != 0 && (step > 0 ? t <= fix16_maximum - step : t > -step) &&
        on_ray(sc, v, t + step, 128, &better, &again) && afn_s_mag_less(better, score)) {
        t += step;
        score = better;
    }
    add_time(ts, t, score, from, (t >> 11) + 2);
}

static af_status dir_solve(const afq_fixed_scan *sc, const struct vacuum *v, af_shots_q16 *out)
{
    int64_t co[3][3]; /* [term D, V, A][axis e0, e1, d], Q32 */
    struct times ts;
    int j, k, on_line = 1;
    ts.n = 0;
    for (j = 0; j < 3; j++) {
        int64_t tol = (j == 0 ? (int64_t)4 << 16 : 0) + (int64_t)(l1(&v->c[j]) << 4);
        co[j][0] = dot32(&v->c[j], &sc->e[0]);
        co[j][1] = dot32(&v->c[j], &sc->e[1]);
        co[j][2] = dot32(&v->c[j], &sc->dir);
        if ((int64_t)afi_abs64(co[j][0]) > tol || (int64_t)afi_abs64(co[j][1]) > tol)
            on_line = 0;
    }
    /* On the launch line at every time: met at every time it is ahead. */
    if (on_line)
        return ahead_sometime(co[0][2], co[1][2], co[2][2]) ? AF_ERR_OUT_OF_RANGE
                                                            : AF_ERR_NO_SOLUTION;
    for (k = 0; k < 2; k++) {
        afn_snum r[2];
        int m, i;
        if (co[0][k] == 0 && co[1][k] == 0 && co[2][k] == 0)
            continue;
        m = quadratic_roots(wide(co[2][k], 1), wide(co[1][k], 0), wide(co[0][k], 0), r);
        for (i = 0; i < m; i++) {
            dir_candidate(sc, v, r[i], k, &ts);
        }
    }
    return finish(sc, &ts, out);
}

af_status af_fixed_dir_q16(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                           const af_vec3_q16 *direction, const af_vec3_q16 *gravity, unsigned flags,
                           af_shots_q16 *out)
{
    afq_fixed_scan sc;
    struct vacuum v;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    st = afq_fixed_direction(&sc, direction);
    if (st == AF_OK)
        st = setup(&sc, &v, shooter, target, gravity, flags);
    if (st == AF_OK)
        st = dir_solve(&sc, &v, out);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}

/* ---- fixed elevation ------------------------------------------------- */

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
 * of its sine) with a horizontal part to aim along. */
static int elev_side(const afq_fixed_scan *sc, const struct vacuum *v, fix16_t t)
{
    struct reach rc;
    int64_t z;
    uint64_t z2;
    reach_at(v, t, &rc);
    z = afi_round_shift(dot32(&rc.r, &sc->dir), 16);
    z2 = afi_abs64(z) * afi_abs64(z);
    if (af_vec3_len2_q16(&rc.r) <= z2)
        return 0;
    return sc->s == 0 || (z != 0 && (z > 0) == (sc->s > 0));
}

/* x . u rounded from Q32 to the units of x. */
static int64_t along(const af_vec3_q16 *x, const af_vec3_q16 *u)
{
    return afi_round_shift(dot32(x, u), 16);
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
static int elev_gap(const afq_fixed_scan *sc, const struct vacuum *v, fix16_t t, afn_snum *f,
                    afn_snum *df, afn_snum *tol)
{
    afn_snum c = afn_s_make_near_compact(sc->c, -16), s = afn_s_make_near_compact(sc->s, -16), h,
             wdw;
    struct reach rc;
    int64_t w[3], dw[3];
    uint64_t h2 = 0;
    int k;
    reach_at(v, t, &rc);
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
                                 afn_s_mul_near_compact(s, quot(wdw, h)));
    *tol = num((int64_t)(l1(&rc.r) >> 13) + (4 >> (rc.shift < 3 ? rc.shift : 3)));
    return 1;
}

/* Newton's method on F from t: 1 and *out once a step is within an LSB
 * of time, or once the steps turn back within 4 LSB (the reach's own
 * rounding: the side with the smaller F); 0 when it does not settle in
 * `steps` steps. */
static int elev_refine(const afq_fixed_scan *sc, const struct vacuum *v, fix16_t t, int steps,
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
        dt = raw_time(quot(f, df));
        if (last_dt != 0 && (dt < 0) != (last_dt < 0) && dt <= 4 && dt >= -4) {
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
static int elev_close(const afq_fixed_scan *sc, const struct vacuum *v, fix16_t t)
{
    afn_snum f, df, tol;
    return elev_gap(sc, v, t, &f, &df, &tol) && !afn_s_mag_less(tol, f);
}

static af_status elev_solve(const afq_fixed_scan *sc, const struct vacuum *v, af_shots_q16 *out)
{
    afn_snum z[3][3], w[3][3], zz[5], ww[5], roots[6], c2, s2, one = { 0, 0 };
    struct afq_poly p;
    struct times ts;
    int i, j, top = 4, low = 0, m, quartic = 0;
    ts.n = 0;
    /* R_up's terms and those of R x up (its length the horizontal part's),
     * exact in 64 bits, as wide numbers of t's powers (A's halved). */
    for (j = 0; j < 3; j++) {
        const af_vec3_q16 *c = &v->c[j], *u = &sc->dir;
        int half = j == 2;
        z[j][0] = wide(dot32(c, u), half);
        w[j][0] = wide(afi_smul32(c->y, u->z) - afi_smul32(c->z, u->y), half);
        w[j][1] = wide(afi_smul32(c->z, u->x) - afi_smul32(c->x, u->z), half);
        w[j][2] = wide(afi_smul32(c->x, u->y) - afi_smul32(c->y, u->x), half);
    }
    if (sc->s == 0) {
        /* Level: R_up(t) = 0, a quadratic (its square has only double
         * roots). */
        if (z[0][0].m == 0 && z[1][0].m == 0 && z[2][0].m == 0)
            return sc->at_muzzle ? finish(sc, &ts, out) : AF_ERR_OUT_OF_RANGE;
        m = quadratic_roots(z[2][0], z[1][0], z[0][0], roots);
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
            return sc->at_muzzle ? finish(sc, &ts, out) : AF_ERR_OUT_OF_RANGE;
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
        m += quadratic_roots(z[2][0], z[1][0], z[0][0], roots + m);
    }
    for (i = 0; i < m; i++) {
        fix16_t t = root_time(roots[i]), refined = t;
        /* A quartic root stays where its refinement fails if F is near
         * zero there; R_up's roots only start one. */
        if (t && sc->s != 0 && !elev_refine(sc, v, t, i < quartic ? 8 : 4, &refined) &&
            (i >= quartic || !elev_close(sc, v, t)))
            continue;
        if (refined && elev_side(sc, v, refined))
            add_time(&ts, refined, one, i + 1, (refined >> 20) + 2);
    }
    return finish(sc, &ts, out);
}

af_status af_fixed_elev_q16(const af_body_q16 *shooter, const af_body_accel_q16 *target,
                            fix16_t elevation, const af_vec3_q16 *gravity, unsigned flags,
                            af_shots_q16 *out)
{
    afq_fixed_scan sc;
    struct vacuum v;
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    st = afq_fixed_elevation(&sc, gravity, elevation);
    if (st == AF_OK)
        st = setup(&sc, &v, shooter, target, gravity, flags);
    if (st == AF_OK)
        st = sc.elev ? elev_solve(&sc, &v, out) : dir_solve(&sc, &v, out);
    if (st != AF_OK)
        memset(out, 0, sizeof *out);
    return st;
}
