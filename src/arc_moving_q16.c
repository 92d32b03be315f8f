/*
 * A fixed-speed lob at a target moving at constant velocity, in Q16.16
 * (see aimfix/ballistic.h and the f64 twin in arc_moving_f64.c).
 *
 * The same method as the f64 solver, in units fitted to the problem
 * (solve_q16.h): the quartic
 *     F(tau) = |d + v tau - g tau^2/2|^2 - s^2 tau^2
 * has its coefficients computed exactly in 64 bits, then carried as 31-bit
 * floating numbers (xnum_q16.h), because its roots may lie anywhere from
 * microseconds to hours. Its turning points are the roots of the cubic F'
 * (isolated by the closed-form roots of the quadratic F''); between two of
 * them F is monotonic and holds at most one root, found by Newton's method
 * kept inside the bracket. No closed-form quartic formula: no root is lost.
 */
#include "aimfix/ballistic.h"
#include "aimfix/intercept.h"

#include "xnum_q16.h"

/* Steps of a bracketed Newton iteration: bisection at least every other
 * step takes a bracket of 2^k orders of magnitude to relative width 2^-28
 * in fewer than 2 (k + 30) steps; 96 covers brackets of 2^18 binary orders. */
#define MOVING_MAX_STEPS 96

/* A polynomial of degree <= 4 with floating coefficients. */
struct poly {
    afx c[5];
    int n;
};

/* p(x) and p'(x) by Horner's rule. */
static afx poly_eval(const struct poly *p, afx x, afx *slope)
{
    afx v = p->c[p->n], d = { 0, 0 };
    int i;
    for (i = p->n - 1; i >= 0; i--) {
        d = afx_add(afx_mul(d, x), v);
        v = afx_add(afx_mul(v, x), p->c[i]);
    }
    *slope = d;
    return v;
}

/* What rounding can leave of p(x): 2^-26 of the sum of the magnitudes of
 * its terms (each product and sum keeps 30 bits). Below it, p(x) counts as
 * zero. */
static afx poly_noise(const struct poly *p, afx x)
{
    afx s = afx_abs(p->c[p->n]);
    int i;
    for (i = p->n - 1; i >= 0; i--)
        s = afx_add(afx_mul(s, x), afx_abs(p->c[i]));
    s.e -= 26;
    return s;
}

static int sign_of(const struct poly *p, afx x, afx *value)
{
    afx slope, noise = poly_noise(p, x);
    *value = poly_eval(p, x, &slope);
    if (!afx_less(afx_abs(*value), noise))
        return afx_sign(*value);
    return 0;
}

/* Midpoint of a positive bracket: geometric while the ends are more than a
 * factor 4 apart (the roots' scale is not known), arithmetic otherwise. */
static afx midpoint(afx a, afx b)
{
    afx m;
    if (b.e - a.e >= 3) {
        m.m = 1 << 30; /* 2^(mean exponent), roughly sqrt(a b) */
        m.e = (a.e + b.e) / 2;
        if (afx_less(a, m) && afx_less(m, b))
            return m;
    }
    m = afx_add(a, b);
    m.e--;
    return m;
}

/* A root of p in (a, b), where p changes sign (p(a) of sign sa). */
static afx root_in(const struct poly *p, afx a, afx b, int sa)
{
    afx x = midpoint(a, b);
    int step, bisect = 0;
    for (step = 0; step < MOVING_MAX_STEPS; step++) {
        afx slope, v = poly_eval(p, x, &slope), next, width;
        int s = afx_sign(v);
        if (s == 0)
            return x;
        if (s == sa)
            a = x;
        else
            b = x;
        width = afx_sub(b, a);
        if (width.m == 0 || width.e <= b.e - 28 + 30 - 31)
            break; /* relative width 2^-28: 30 significant bits */
        next = x;
        if (!bisect && slope.m != 0) {
            next = afx_sub(x, afx_div(v, slope));
            if (!(afx_less(a, next) && afx_less(next, b)))
                next = x;
        }
        if (next.m == x.m && next.e == x.e) {
            next = midpoint(a, b);
            bisect = 0;
        } else {
            bisect = 1; /* the next step bisects: halving is guaranteed */
        }
        x = next;
    }
    return midpoint(a, b);
}

/* The positive roots of p inside (lo, hi), ascending; a turning point
 * where p is zero within rounding counts as a (double) root. n <= 4. */
static int roots_in(const struct poly *p, afx lo, afx hi, afx *roots)
{
    afx points[6], values[6], turn[4];
    int signs[6], count = 0, npoints = 0, nturn, i;
    if (p->n == 2) {
        /* Closed form, cancellation-free: q = -(b + sgn(b) sqrt(b^2 - 4ac)) / 2,
         * roots q / a and c / q. */
        afx a = p->c[2], b = p->c[1], c = p->c[0], disc, q, r[2];
        disc = afx_sub(afx_mul(b, b), afx_mul(afx_make(4, 0), afx_mul(a, c)));
        if (afx_sign(disc) < 0)
            return 0;
        q = afx_add(b, afx_sign(b) < 0 ? afx_neg(afx_sqrt(disc)) : afx_sqrt(disc));
        q = afx_neg(q);
        q.e--;
        if (q.m == 0)
            return 0;
        r[0] = afx_div(q, a);
        r[1] = afx_div(c, q);
        if (afx_less(r[1], r[0]) && afx_sign(r[1]) > 0) {
            afx t = r[0];
            r[0] = r[1];
            r[1] = t;
        }
        for (i = 0; i < 2; i++)
            if (afx_sign(r[i]) > 0 && afx_less(lo, r[i]) && afx_less(r[i], hi) &&
                (count == 0 || roots[0].m != r[i].m || roots[0].e != r[i].e))
                roots[count++] = r[i];
        return count;
    }
    /* Turning points: roots of p'. */
    {
        struct poly d;
        d.n = p->n - 1;
        for (i = 1; i <= p->n; i++)
            d.c[i - 1] = afx_mul(p->c[i], afx_make(i, 0));
        nturn = roots_in(&d, lo, hi, turn);
    }
    points[npoints++] = lo;
    for (i = 0; i < nturn; i++)
        points[npoints++] = turn[i];
    points[npoints++] = hi;
    for (i = 0; i < npoints; i++)
        signs[i] = sign_of(p, points[i], &values[i]);
    for (i = 0; i < npoints; i++) {
        if (signs[i] == 0 && i > 0 && i < npoints - 1) {
            roots[count++] = points[i]; /* tangent: a double root */
            continue;
        }
        if (i + 1 < npoints && signs[i] != 0 && signs[i + 1] != 0 && signs[i] != signs[i + 1])
            roots[count++] = root_in(p, points[i], points[i + 1], signs[i]);
    }
    return count;
}

/* The shot of fitted time tau: u' = d'/tau + v' - g' tau/2. */
static void moving_shot(const struct afs_fit *f, afx tau, const af_body_q16 *target,
                        af_shots_q16 *out)
{
    afs_num t = afx_num(tau), inv = afs_div((uint64_t)1 << 62, t.m), half = t;
    af_shot_q16 *shot = &out->shot[out->count];
    int64_t u[3];
    int ok = 1, i;
    inv.e -= 62 + t.e;
    half.e += f->ge - 1;
    for (i = 0; i < 3; i++)
        u[i] = afs_scale(afs_mul(f->d[i], inv, &ok) + f->v[i] - afs_mul(f->g[i], half, &ok),
                         -f->kv);
    if (!ok || !afs_time_raw(f, t, &shot->t) || !afs_store(u[0], &shot->velocity.x) ||
        !afs_store(u[1], &shot->velocity.y) || !afs_store(u[2], &shot->velocity.z)) {
        memset(shot, 0, sizeof *shot);
        return; /* beyond Q16.16: left out */
    }
    if (shot->t == 0)
        shot->t = 1;
    if (!afs_body_at(target, shot->t, &shot->point)) {
        memset(shot, 0, sizeof *shot);
        return;
    }
    out->count++;
}

/* Sum of three exact products, each below 2^61 in magnitude. */
static int64_t dot3(const int32_t *a, const int32_t *b)
{
    return (int64_t)a[0] * b[0] + (int64_t)a[1] * b[1] + (int64_t)a[2] * b[2];
}

/* At the muzzle now: t = 0, then every t with |V - g t/2| = s, a quadratic
 * |g|^2/4 t^2 - (V.g) t + |V|^2 - s^2 = 0, in units fitted to V as if it
 * were a length (any scale serves; times come out in the fitted unit). */
static af_status coincident(const int32_t V[3], const af_vec3_q16 *g, fix16_t speed,
                            const af_body_q16 *target, af_shots_q16 *out)
{
    static const int32_t unit[3] = { 1 << 16, 0, 0 };
    struct afs_fit f;
    struct poly p;
    afx roots[2], lo = { 1 << 30, -80 }, hi = { 1 << 30, 80 };
    int n, i;
    out->count = 1;
    out->shot[0].point = target->position;
    afs_fit_problem(V[0] || V[1] || V[2] ? V : unit, V, g, (uint32_t)speed, &f);
    /* With D' = 0, the quartic's c4, c3 and c2 alone remain (divided by
     * tau^2): a quadratic. */
    p.n = 2;
    p.c[2] = afx_make(dot3(f.g, f.g), 2 * f.ge - 2);
    p.c[1] = afx_make(-dot3(f.v, f.g), f.ge);
    p.c[0] = afx_make(dot3(f.v, f.v) - (int64_t)f.s * f.s, 0);
    for (i = 0; i < 3; i++)
        f.d[i] = 0;
    if (p.c[2].m == 0)
        return AF_OK;
    n = roots_in(&p, lo, hi, roots);
    for (i = 0; i < n && out->count < AF_MAX_SHOTS; i++)
        moving_shot(&f, roots[i], target, out);
    return AF_OK;
}

af_status af_arc_moving_q16(const af_body_q16 *shooter, const af_body_q16 *target,
                            fix16_t speed, const af_vec3_q16 *gravity, unsigned flags,
                            af_shots_q16 *out)
{
    struct afs_fit f;
    struct poly p;
    int32_t D[3], V[3];
    afx lo, hi, big, roots[4];
    int n, i, found = 0;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afs_clear(out);
    if (!shooter || !target || !gravity || speed <= 0)
        return AF_ERR_BAD_ARGUMENT;
    if (!afs_relative(shooter, target, flags, D, V))
        return AF_ERR_OUT_OF_RANGE;
    if (gravity->x == 0 && gravity->y == 0 && gravity->z == 0)
        return af_intercept_q16(shooter, target, speed, flags, out); /* a straight line */
    if (D[0] == 0 && D[1] == 0 && D[2] == 0)
        return coincident(V, gravity, speed, target, out);

    afs_fit_problem(D, V, gravity, (uint32_t)speed, &f);
    /* F(tau) = c4 tau^4 + c3 tau^3 + c2 tau^2 + c1 tau + c0 with
     * g' = g[] 2^ge: every dot product exact in 64 bits. */
    p.n = 4;
    p.c[4] = afx_make(dot3(f.g, f.g), 2 * f.ge - 2);
    p.c[3] = afx_make(-dot3(f.v, f.g), f.ge);
    p.c[2] = afx_add(afx_make(dot3(f.v, f.v) - (int64_t)f.s * f.s, 0),
                     afx_make(-dot3(f.d, f.g), f.ge));
    p.c[1] = afx_make(dot3(f.d, f.v), 1);
    p.c[0] = afx_make(dot3(f.d, f.d), 0);

    /* Every positive root lies within Cauchy's bounds, widened by 2. */
    big = afx_max_abs(afx_max_abs(p.c[3], p.c[2]), afx_max_abs(p.c[1], p.c[0]));
    hi = afx_add(afx_make(1, 0), afx_div(big, p.c[4]));
    hi.e++;
    big = afx_max_abs(afx_max_abs(p.c[4], p.c[3]), afx_max_abs(p.c[2], p.c[1]));
    lo = afx_div(p.c[0], afx_add(p.c[0], big));
    lo.e--;

    n = roots_in(&p, lo, hi, roots);
    for (i = 0; i < n; i++) {
        if (out->count == AF_MAX_SHOTS)
            break;
        found++;
        moving_shot(&f, roots[i], target, out);
    }
    if (out->count > 0)
        return AF_OK;
    afs_clear(out);
    return found ? AF_ERR_OVERFLOW : AF_ERR_NO_SOLUTION;
}
