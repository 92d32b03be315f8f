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
 * with the muzzle's terms added, and its roots are isolated by the same
 * code (afq_poly_roots, poly_roots_q16.c).
 */
#include <limits.h>

#include "distance_q16.h"
#include "moving_q16.h"
#include "solve_q16.h"
#include "turret_q16.h"
#include "../core/xnum_q16.h"
#include "../core/steering_q16.h"

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

/* x 2^k, rounded for k < 0 (a distance of 2^30 raw or more is fitted down). */
static int64_t fitted(fix16_t x, int k)
{
    return k < 0 ? shift_down(x, -k) : (int64_t)x * ((int64_t)1 << k);
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
    afn_snum r[3], arm[2], tau2 = afn_s_mul_near(tau, tau);
    int64_t R[3], hv[3], lm[2], b[2];
    int i;
    for (i = 0; i < 3; i++)
        r[i] = afn_s_add_near(afn_s_add_near(afn_s_make_near(f->d[i], 0),
                                             afn_s_mul_near(afn_s_make_near(f->v[i], 0), tau)),
                              afn_s_mul_near(afn_s_make_near(-(int64_t)f->g[i], f->ge - 1), tau2));
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
    arm[0] = afn_s_add_near(afn_s_make_near(mf, 0), afn_s_mul_near(afn_s_make_near(f->s, 0), tau));
    arm[1] = afn_s_make_near(mu, 0);
    to_common(arm, 2, lm);
    fit_together(lm, 2);
    /* Both planes that hold R (yaw, and yaw + pi with the horizontal part
     * negated) may give a pitch within the limits: the shorter slew wins. */
    {
        fix16_t y0 = *yaw, p2[2];
        fix16_t y1 = y0 > 0 ? y0 - AFI_TWO_PI_Q16 / 2 : y0 + AFI_TWO_PI_Q16 / 2;
        af_turret_command_q16 c[2];
        af_status st[2];
        int side;
        for (side = 0; side < 2; side++) {
            int64_t hs = side ? -hv[0] : hv[0];
            b[0] = lm[0] * hs + lm[1] * hv[2];
            b[1] = lm[0] * hv[2] - lm[1] * hs;
            fit_together(b, 2);
            if (b[0] == 0 && b[1] == 0)
                return 0;
            p2[side] = af_atan2_q16((fix16_t)b[1], (fix16_t)b[0]);
            st[side] = afq_turret_limit_q16(t, side ? y1 : y0, p2[side],
                                            &c[side]);
        }
        side = st[1] == AF_OK && (st[0] != AF_OK || c[1].slew < c[0].slew);
        *yaw = side ? y1 : y0;
        *pitch = p2[side];
    }
    return 1;
}

/* The quartic's terms outgrow the squared reach |R|^2 by more than 2^6 at
 * tau (|v'| or |g'| tau / 2 above 8 s'; a fast platform's long lob): its
 * 28-bit evaluation then places the root too coarsely for the angles, and
 * Newton's steps on the distance itself take it to within the rounding. */
static int terms_cancel(const struct afq_fit *f, afn_snum tau)
{
    int64_t s8 = (int64_t)f->s * 8;
    afn_snum fall = afn_s_mul_near(
        afn_s_make_near((int64_t)afi_abs32(f->g[0]) + afi_abs32(f->g[1]) + afi_abs32(f->g[2]),
                        f->ge - 1),
        tau);
    return (int64_t)afi_abs32(f->v[0]) + afi_abs32(f->v[1]) + afi_abs32(f->v[2]) > s8 ||
           afn_s_less(afn_s_make_near(s8, 0), fall);
}

/* tau after Newton's steps, each kept only while it brings the distance
 * nearer zero: where two flights are born (a graze) the tangent points
 * far off, to a flight that misses; a root placed hundreds of LSB off (a
 * 12 km fall at 0.1 m/s) needs more than one step. */
static afn_snum polished(const struct afq_fit *f, afn_snum tau)
{
    afn_snum slope2, tol, before = afq_distance_value(f, tau, &slope2, &tol);
    int step;
    for (step = 0; step < AFQ_DISTANCE_POLISH_STEPS; step++) {
        afn_snum next = afq_distance_polish(f, tau, 1);
        afn_snum after = afq_distance_value(f, next, &slope2, &tol);
        if (!afn_s_less(afn_s_abs(after), afn_s_abs(before)))
            break;
        tau = next;
        before = after;
    }
    return tau;
}

int afq_turret_flights_q16(const af_turret_q16 *t, const afi_head_q16 *head,
                           const af_vec3_q16 *A, const af_vec3_q16 *W, const af_vec3_q16 *grel,
                           fix16_t flight[], fix16_t yaw[], fix16_t pitch[])
{
    const int32_t D[3] = { A->x, A->y, A->z }, V[3] = { W->x, W->y, W->z };
    struct afq_fit f;
    struct afq_poly p;
    afn_snum lo, hi, roots[4], beyond = { 0, 0 };
    int64_t mf, mu;
    int n, i, count = 0, shift = 0, found = 0;

    if (afq_top3(D) == 0)
        return AFQ_FLIGHTS_OTHER; /* the target at the pivot */
    /* The units of A fitted to the muzzle's offsets too (a target nearer
     * than the muzzle's circle), dropping A's last bit beyond 16384 m. */
    afq_fit_problem_span(D, afq_top3(D) | afi_abs32(t->muzzle_forward) | afi_abs32(t->muzzle_up),
                         V, grel, (uint32_t)t->speed, &f);
    mf = fitted(t->muzzle_forward, f.kd);
    mu = fitted(t->muzzle_up, f.kd);
    if (afi_abs64(mf) >> 30 || afi_abs64(mu) >> 30)
        return AFQ_FLIGHTS_OTHER;
    f.mf = (int32_t)mf;
    f.mu = (int32_t)mu;
    p.n = 4;
    p.c[4] = afn_s_make_near(afi_dot3_32(f.g, f.g), 2 * f.ge - 2);
    p.c[3] = afn_s_make_near(-afi_dot3_32(f.v, f.g), f.ge);
    p.c[2] = afn_s_add_near(afn_s_make_near(afi_dot3_32(f.v, f.v) - (int64_t)afi_square32(f.s), 0),
                            afn_s_make_near(-afi_dot3_32(f.d, f.g), f.ge));
    p.c[1] = afn_s_make_near(afi_dot3_32(f.d, f.v) - mf * f.s, 1);
    p.c[0] = afn_s_make_near(afi_dot3_32(f.d, f.d) - mf * mf - mu * mu, 0);
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
    lo = afn_s_make_near(1, -16 + f.kd - f.kv - 2);
    hi = afn_s_make_near(1, 15 + f.kd - f.kv);
    if (p.n >= 3 && afq_top3(f.g)) {
        afn_snum B = afn_s_make_near(
            (int64_t)afi_abs32(f.v[0]) + afi_abs32(f.v[1]) + afi_abs32(f.v[2]) + f.s, 0);
        afn_snum Dn = afn_s_make_near((int64_t)afi_abs32(f.d[0]) + afi_abs32(f.d[1]) +
                                          afi_abs32(f.d[2]) + afi_abs64(mf) + afi_abs64(mu),
                                      0);
        afn_snum G = afn_s_make_near(afq_max3(f.g), f.ge), bound, twice_gd = afn_s_mul_near(G, Dn);
        twice_gd.e++;
        bound = afn_s_div_near(
            afn_s_add_near(B, afn_s_sqrt_near(afn_s_add_near(afn_s_mul_near(B, B), twice_gd))), G);
        bound.e++;
        if (afn_s_less(bound, hi))
            hi = bound;
        else
            beyond = bound;
    }
    if (p.n == 1) {
        afn_snum r = afn_s_neg(afn_s_div_near(p.c[0], p.c[1]));
        n = 0;
        if (afn_s_sign(r) > 0 && afn_s_less(lo, r) && afn_s_less(r, hi))
            roots[n++] = r;
    } else {
        n = afq_poly_roots(&p, &f, lo, hi, roots); /* a grazing root judged by the distance */
    }
    for (i = 0; i < n && count < AF_MAX_SHOTS; i++) {
        fix16_t fl;
        found++;
        if (terms_cancel(&f, roots[i]))
            roots[i] = polished(&f, roots[i]);
        if (!afn_p_to_raw_near(roots[i], f.kv - f.kd + 16, &fl) || fl <= 0)
            continue;
        if (!angles_at(t, head, &f, roots[i], mf, mu, &yaw[count], &pitch[count]))
            continue;
        flight[count++] = fl;
    }
    if (count > 0)
        return count;
    if (!found && beyond.m != 0 && p.n >= 2)
        found = afq_poly_roots(&p, NULL, hi, beyond, roots);
    return found ? AFQ_FLIGHTS_BEYOND : 0;
}
