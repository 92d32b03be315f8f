/* SPDX-License-Identifier: MIT */
/*
 * The flights of a Q16.16 turret shot at one launch time, integers only,
 * as in turret_aim_f64.c: with A = target(L) - pivot(L), W the target's
 * velocity at L less the inherited one and g' = gravity - target
 * acceleration, the shot meets the target after a flight f exactly when
 *     |A + W f - g' f^2/2|^2 = (muzzle_forward + speed f)^2 + muzzle_up^2,
 * a polynomial of degree 4 at most in f; the angles follow from
 * R = A + W f - g' f^2/2 = (muzzle_forward + speed f) b + muzzle_up n.
 * The polynomial is af_arc_moving_q16's (units fitted to A, solve_q16.h)
 * with the muzzle's terms added, and its roots are isolated the same way:
 * the turning points from the derivatives, one root between two of them.
 */
#include <limits.h>

#include "solve_q16.h"
#include "turret_q16.h"
#include "../core/xnum_q16.h"
#include "../core/steering_q16.h"

/* Steps of one root's refinement in fixed point: a Newton step is kept only
 * when it halves the previous one, else the bracket is halved, so within
 * 2 (30 + 2) steps the step or the bracket is down to a unit of 2^-30. */
#define MOVING_MAX_STEPS 72

/* A polynomial of degree <= 4 with floating coefficients (set up once). */
struct poly {
    afn_snum c[5];
    int n;
};

/*
 * The polynomial rescaled for tau = x 2^P, x = X / 2^30 in (0, 1]: every
 * term c_i tau^i becomes k_i x^i 2^E with |k_i| <= 2^28, so that Horner's
 * rule runs in 32-bit integers with a 32x32->64-bit product and a constant
 * shift per step, cheaper than a floating operation. The terms keep 28
 * bits relative to the largest
 * possible one on the interval; the root is found to about 2^-26 of tau.
 */
struct scaled {
    int32_t k[5];
    int n, P, E;
};

static void scale_poly(const struct poly *p, int P, struct scaled *s)
{
    int i, top = INT_MIN;
    s->n = p->n;
    s->P = P;
    /* |c_i tau^i| < 2^(e_i + 31 + i P) for x <= 1. */
    for (i = 0; i <= p->n; i++)
        if (p->c[i].m != 0 && p->c[i].e + 31 + i * P > top)
            top = p->c[i].e + 31 + i * P;
    s->E = top - 28;
    for (i = 0; i <= p->n; i++) {
        int shift = s->E - p->c[i].e - i * P; /* >= 3 */
        int32_t m = p->c[i].m;
        s->k[i] = m == 0 || shift > 31
                      ? 0
                      : afi_signed32(((afi_abs32(m) >> (shift - 1)) + 1) >> 1, m < 0);
    }
}

/* The scaled polynomial at X (Q30): its value (units 2^E) and the sum of
 * the terms' magnitudes (the value's scale, for telling zero from
 * rounding). */
static int32_t horner(const struct scaled *s, int32_t X, uint32_t *size)
{
    int32_t v = s->k[s->n];
    uint32_t a = afi_abs32(v);
    int i;
    for (i = s->n - 1; i >= 0; i--) {
        v = (int32_t)afi_floor_shift64((int64_t)v * X, 30) + s->k[i];
        a = (uint32_t)(afi_umul32(a, (uint32_t)X) >> 30) + afi_abs32(s->k[i]);
    }
    *size = a;
    return v;
}

/* The value and a quarter of the slope (the Newton steps need no size,
 * and the slope to 16 bits only): all in 32 bits, the slope's quarter
 * staying below 2^31 as the slope stays below 4 times the terms' sum. */
static int32_t horner_step(const struct scaled *s, int32_t X, int32_t *slope4)
{
    int32_t v = s->k[s->n], d = 0;
    int i;
    for (i = s->n - 1; i >= 0; i--) {
        d = (int32_t)afi_floor_shift64((int64_t)d * X, 30) + afi_floor_shift32(v, 2);
        v = (int32_t)afi_floor_shift64((int64_t)v * X, 30) + s->k[i];
    }
    *slope4 = d;
    return v;
}

/* Rounding in the scaled form leaves errors of a few units; below 2^-22 of
 * the terms' size (64 units of 2^28) the value counts as zero. */
static int sign_of_value(int32_t v, uint32_t size)
{
    uint32_t tol = (size >> 22) + 64;
    if (v > 0 && (uint32_t)v > tol)
        return 1;
    if (v < 0 && afi_abs32(v) > tol)
        return -1;
    return 0;
}

/* The sign of p at tau (positive), from its own scaling. */
static int sign_at(const struct poly *p, afn_snum tau)
{
    struct scaled s;
    uint32_t size;
    int32_t v;
    scale_poly(p, tau.e + 31, &s); /* tau = (m / 2^31) 2^(e + 31) */
    v = horner(&s, (int32_t)(((uint32_t)tau.m >> 1) + (tau.m & 1)), &size);
    return sign_of_value(v, size);
}

/* Midpoint of a positive bracket: geometric while the ends are more than a
 * factor 4 apart (the roots' scale is not known), arithmetic otherwise. */
static afn_snum midpoint(afn_snum a, afn_snum b)
{
    afn_snum m;
    if (b.e - a.e >= 3) {
        m.m = INT32_C(1) << 30; /* 2^(mean exponent), roughly sqrt(a b) */
        m.e = (a.e + b.e) / 2;
        if (afn_s_less(a, m) && afn_s_less(m, b))
            return m;
    }
    m = afn_s_add(a, b);
    m.e--;
    return m;
}

/* |num| 2^30 / |den| (a Newton step in Q30 units of x), saturated at
 * 2^30: needed to about 15 bits only (the next step corrects it), so it is
 * one 32-by-32-bit division of the leading bits. */
static int32_t step_q30(int32_t num, int64_t den)
{
    uint32_t n = afi_abs32(num), n31, d16, q;
    uint64_t d = afi_abs64(den);
    int zn, sd, e;
    if (n == 0)
        return 0;
    if (d == 0)
        return INT32_C(1) << 30;
    zn = afi_clz32(n) - 1;
    n31 = n << zn; /* [2^30, 2^31) */
    sd = 48 - afi_clz64(d); /* bits(d) - 16 */
    d16 = (uint32_t)(sd >= 0 ? d >> sd : d << -sd); /* [2^15, 2^16) */
    q = n31 / d16; /* (2^14, 2^16] */
    e = 30 - zn - sd; /* the step is q 2^e */
    if (e >= 0)
        return e > 16 || (q << e) >> 30 ? INT32_C(1) << 30 : (int32_t)(q << e);
    return e < -31 ? 0 : (int32_t)(q >> -e);
}

/* A root of p in (a, b), where p changes sign (p(a) of sign sa). */
static AFI_OUTLINE_M0 afn_snum root_in(const struct poly *p, afn_snum a, afn_snum b, int sa)
{
    struct scaled s;
    int32_t xa = 0, xb = 0, x = 0, last;
    int step, phase;
    afn_snum r, root = { 0, 0 };
    /* Geometric bisection until b < 4 a. */
    for (step = 0; step < 8 && b.e - a.e >= 2; step++) {
        afn_snum m = midpoint(a, b);
        int sm = sign_at(p, m);
        if (sm == 0)
            return m;
        if (sm == sa)
            a = m;
        else
            b = m;
    }
    /* Newton in fixed point, twice: first on the scale of the whole bracket
     * (tau = x 2^P with b at x in [1/2, 1), a at x > 1/8), where a root near
     * a may have terms up to 2^12 below the scale; then on the scale of the
     * narrow bracket left around the root, which gives every bit back. */
    for (phase = 0; phase < 2; phase++) {
        scale_poly(p, b.e + 31, &s);
        xb = (int32_t)((b.m >> 1) + (b.m & 1));
        xa = (int32_t)afi_round_shift_u64(a.m, 1 + (b.e - a.e));
        /* Phase 0 starts in the middle; phase 1 from phase 0's root. */
        x = phase == 0 ? xa + (xb - xa) / 2
                       : (int32_t)afi_round_shift_u64(root.m, 1 + (b.e - root.e));
        if (x <= xa || x >= xb)
            x = xa + (xb - xa) / 2;
        last = xb - xa;
        for (step = 0; step < MOVING_MAX_STEPS; step++) {
            int32_t slope4, v = horner_step(&s, x, &slope4), next = -1, dx = 0;
            int sv = (v > 0) - (v < 0); /* here every bit counts */
            if (sv == 0)
                break;
            if (sv == sa)
                xa = x;
            else
                xb = x;
            if (xb - xa <= 2)
                break;
            /* Newton's step, kept when it stays inside the bracket and at
             * least halves the previous step; else a bisection. */
            if (slope4 != 0) {
                dx = step_q30(v, (int64_t)slope4 * 4);
                next = ((v < 0) != (slope4 < 0)) ? x + dx : x - dx;
            }
            if (next > xa && next < xb && dx <= last / 2) {
                if (dx <= 1) {
                    x = next;
                    break; /* converged to a unit of 2^-30 */
                }
                last = dx;
                x = next;
            } else {
                last = xb - xa;
                x = xa + (xb - xa) / 2;
            }
        }
        if (phase == 0) {
            /* The bracket left, widened by a unit each side, and the root. */
            a = afn_s_make(xa > 1 ? xa - 1 : xa, s.P - 30);
            b = afn_s_make(xb + 1, s.P - 30);
            root = afn_s_make(x, s.P - 30);
        }
    }
    r = afn_s_make(x, s.P - 30);
    return r;
}

/* The positive roots of p inside (lo, hi), ascending; a turning point
 * where p is zero within rounding counts as a (double) root. n <= 4. */
static AFI_OUTLINE_M0 int roots_in(const struct poly *p, afn_snum lo,
                                   afn_snum hi, afn_snum *roots)
{
    afn_snum points[6], turn[4];
    int signs[6], count = 0, npoints = 0, nturn, i;
    if (p->n == 2) {
        /* Closed form, cancellation-free: q = -(b + sgn(b) sqrt(b^2 - 4ac)) / 2,
         * roots q / a and c / q. */
        afn_snum a = p->c[2], b = p->c[1], c = p->c[0], disc, q, r[2];
        disc = afn_s_sub(afn_s_mul(b, b), afn_s_mul(afn_s_make(4, 0), afn_s_mul(a, c)));
        if (afn_s_sign(disc) < 0)
            return 0;
        q = afn_s_add(b, afn_s_sign(b) < 0 ? afn_s_neg(afn_s_sqrt(disc)) : afn_s_sqrt(disc));
        q = afn_s_neg(q);
        q.e--;
        if (q.m == 0)
            return 0;
        r[0] = afn_s_div(q, a);
        r[1] = afn_s_div(c, q);
        if (afn_s_less(r[1], r[0]) && afn_s_sign(r[1]) > 0) {
            afn_snum t = r[0];
            r[0] = r[1];
            r[1] = t;
        }
        for (i = 0; i < 2; i++)
            if (afn_s_sign(r[i]) > 0 && afn_s_less(lo, r[i]) && afn_s_less(r[i], hi) &&
                (count == 0 || roots[0].m != r[i].m || roots[0].e != r[i].e))
                roots[count++] = r[i];
        return count;
    }
    /* Turning points: roots of p'. */
    {
        struct poly d;
        d.n = p->n - 1;
        for (i = 1; i <= p->n; i++)
            d.c[i - 1] = afn_s_mul(p->c[i], afn_s_make(i, 0));
        nturn = roots_in(&d, lo, hi, turn);
    }
    points[npoints++] = lo;
    for (i = 0; i < nturn; i++)
        points[npoints++] = turn[i];
    points[npoints++] = hi;
    for (i = 0; i < npoints; i++)
        signs[i] = sign_at(p, points[i]);
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


/* x 2^-k for k >= 0, rounded to nearest (ties away from zero). */
static int64_t shift_down(int64_t x, int k)
{
    if (k <= 0)
        return x;
    if (k > 62)
        return 0;
    return x >= 0 ? (int64_t)(((uint64_t)x + ((uint64_t)1 << (k - 1))) >> k)
                  : -(int64_t)(((uint64_t)-x + ((uint64_t)1 << (k - 1))) >> k);
}

/* Numbers shifted together until the largest fits 30 bits: the same
 * direction, the same angle for af_atan2_q16. */
static void fit_together(int64_t v[], int n)
{
    uint64_t m = 0;
    int i, k = 0;
    for (i = 0; i < n; i++)
        m |= afi_abs64(v[i]);
    while ((m >> k) >= ((uint64_t)1 << 30))
        k++;
    for (i = 0; i < n; i++)
        v[i] = shift_down(v[i], k);
}

/* Floating numbers as integers of one common unit (the largest keeps its
 * 31 bits). */
static void to_common(const afn_snum v[], int n, int64_t out[])
{
    int i, top = INT_MIN;
    for (i = 0; i < n; i++)
        if (v[i].m != 0 && v[i].e > top)
            top = v[i].e;
    for (i = 0; i < n; i++)
        out[i] = v[i].m == 0 ? 0 : shift_down(v[i].m, top - v[i].e);
}

/* Yaw and pitch of the barrel for the flight tau (fitted units): R's
 * heading, and R's elevation turned down by the muzzle's angle above the
 * barrel, atan2(muzzle_up, muzzle_forward + speed f), as one rotation of
 * (horizontal, vertical) so that a single arctangent rounds. R is formed
 * at the root itself, not at its Q16.16 rounding. */
static int angles_at(const af_turret_q16 *t, const afi_head_q16 *head, const struct afq_fit *f,
                     afn_snum tau, int64_t mf, int64_t mu, fix16_t *yaw, fix16_t *pitch)
{
    afn_snum r[3], arm[2], tau2 = afn_s_mul(tau, tau);
    int64_t R[3], hv[3], lm[2], b[2];
    int i;
    for (i = 0; i < 3; i++)
        r[i] = afn_s_add(afn_s_add(afn_s_make(f->d[i], 0), afn_s_mul(afn_s_make(f->v[i], 0), tau)),
                         afn_s_mul(afn_s_make(-(int64_t)f->g[i], f->ge - 1), tau2));
    to_common(r, 3, R);
    /* Components in the head's frame (unit vectors in Q16.16). */
    hv[0] = R[0] * head->forward.x + R[1] * head->forward.y + R[2] * head->forward.z;
    hv[1] = R[0] * head->left.x + R[1] * head->left.y + R[2] * head->left.z;
    hv[2] = R[0] * head->up.x + R[1] * head->up.y + R[2] * head->up.z;
    fit_together(hv, 3);
    if (hv[0] == 0 && hv[1] == 0 && hv[2] == 0)
        return 0;
    *yaw = (hv[0] == 0 && hv[1] == 0) ? t->yaw : af_atan2_q16((fix16_t)hv[1], (fix16_t)hv[0]);
    hv[0] = (int64_t)af_sqrt_u64((uint64_t)(hv[0] * hv[0]) + (uint64_t)(hv[1] * hv[1]));
    arm[0] = afn_s_add(afn_s_make(mf, 0), afn_s_mul(afn_s_make(f->s, 0), tau));
    arm[1] = afn_s_make(mu, 0);
    to_common(arm, 2, lm);
    fit_together(lm, 2);
    b[0] = lm[0] * hv[0] + lm[1] * hv[2];
    b[1] = lm[0] * hv[2] - lm[1] * hv[0];
    fit_together(b, 2);
    if (b[0] == 0 && b[1] == 0)
        return 0;
    *pitch = af_atan2_q16((fix16_t)b[1], (fix16_t)b[0]);
    return 1;
}

int afq_turret_flights_q16(const af_turret_q16 *t, const afi_head_q16 *head,
                           const af_vec3_q16 *A, const af_vec3_q16 *W, const af_vec3_q16 *grel,
                           fix16_t flight[], fix16_t yaw[], fix16_t pitch[])
{
    const int32_t D[3] = { A->x, A->y, A->z }, V[3] = { W->x, W->y, W->z };
    struct afq_fit f;
    struct poly p;
    afn_snum lo, hi, roots[4], beyond = { 0, 0 };
    int64_t mf, mu;
    int n, i, count = 0, shift = 0, found = 0;

    if (afq_top3(D) == 0 || afq_top3(D) >> 30)
        return AFQ_FLIGHTS_OTHER; /* the target at the pivot, or A near Q16.16's end */
    afq_fit_problem(D, V, grel, (uint32_t)t->speed, &f);
    /* The muzzle's offsets in the units of A: below 2^30 or the scene is
     * left to the general path (a target inside the muzzle's circle). */
    mf = (int64_t)t->muzzle_forward * ((int64_t)1 << f.kd);
    mu = (int64_t)t->muzzle_up * ((int64_t)1 << f.kd);
    if (f.kd < 0 || afi_abs64(mf) >> 30 || afi_abs64(mu) >> 30)
        return AFQ_FLIGHTS_OTHER;
    p.n = 4;
    p.c[4] = afn_s_make(afi_dot3_32(f.g, f.g), 2 * f.ge - 2);
    p.c[3] = afn_s_make(-afi_dot3_32(f.v, f.g), f.ge);
    p.c[2] = afn_s_add(afn_s_make(afi_dot3_32(f.v, f.v) - (int64_t)afi_square32(f.s), 0),
                       afn_s_make(-afi_dot3_32(f.d, f.g), f.ge));
    p.c[1] = afn_s_make(afi_dot3_32(f.d, f.v) - mf * f.s, 1);
    p.c[0] = afn_s_make(afi_dot3_32(f.d, f.d) - mf * mf - mu * mu, 0);
    while (p.n > 0 && p.c[p.n].m == 0)
        p.n--;
    /* A root at f = 0 (the target on the muzzle's circle now) is no flight. */
    while (shift < p.n && p.c[shift].m == 0)
        shift++;
    for (i = 0; i + shift <= p.n; i++)
        p.c[i] = p.c[i + shift];
    p.n -= shift;
    if (p.n < 1)
        return 0;

    /* Roots from far below the smallest time Q16.16 holds to the largest
     * (2^15 s = tau 2^(kv - kd)); with a gravity, none beyond
     * (B + sqrt(B^2 + 2 |g'| (|d'| + |offset|))) / |g'|, B = |v'| + s',
     * as in af_arc_moving_q16, doubled for the roundings. */
    lo = afn_s_make(1, -16 + f.kd - f.kv - 2);
    hi = afn_s_make(1, 15 + f.kd - f.kv);
    if (p.n >= 3 && afq_top3(f.g)) {
        afn_snum B = afn_s_make(
            (int64_t)afi_abs32(f.v[0]) + afi_abs32(f.v[1]) + afi_abs32(f.v[2]) + f.s, 0);
        afn_snum Dn = afn_s_make((int64_t)afi_abs32(f.d[0]) + afi_abs32(f.d[1]) +
                                     afi_abs32(f.d[2]) + afi_abs64(mf) + afi_abs64(mu),
                                 0);
        afn_snum G = afn_s_make(afq_max3(f.g), f.ge), bound, twice_gd = afn_s_mul(G, Dn);
        twice_gd.e++;
        bound = afn_s_div(afn_s_add(B, afn_s_sqrt(afn_s_add(afn_s_mul(B, B), twice_gd))), G);
        bound.e++;
        if (afn_s_less(bound, hi))
            hi = bound;
        else
            beyond = bound;
    }
    if (p.n == 1) {
        afn_snum r = afn_s_neg(afn_s_div(p.c[0], p.c[1]));
        n = 0;
        if (afn_s_sign(r) > 0 && afn_s_less(lo, r) && afn_s_less(r, hi))
            roots[n++] = r;
    } else {
        n = roots_in(&p, lo, hi, roots);
    }
    for (i = 0; i < n && count < AF_MAX_SHOTS; i++) {
        fix16_t fl;
        found++;
        if (!afn_to_raw(afn_s_to_num(roots[i]), f.kv - f.kd + 16, &fl) || fl <= 0)
            continue;
        if (!angles_at(t, head, &f, roots[i], mf, mu, &yaw[count], &pitch[count]))
            continue;
        flight[count++] = fl;
    }
    if (count > 0)
        return count;
    if (!found && beyond.m != 0 && p.n >= 2)
        found = roots_in(&p, hi, beyond, roots);
    return found ? AFQ_FLIGHTS_BEYOND : 0;
}
