/* SPDX-License-Identifier: MIT */
/*
 * A fixed-speed lob at a target moving at constant velocity, in Q16.16
 * (see aimfix/ballistic.h and the f64 twin in arc_moving_f64.c).
 *
 * In units fitted to the problem (solve_q16.h), the quartic
 *     F(tau) = |d + v tau - g tau^2/2|^2 - s^2 tau^2
 * has its coefficients computed exactly in 64 bits, then carried as 31-bit
 * floating numbers (xnum_q16.h), because its roots may lie anywhere from
 * microseconds to hours. In the usual scene F / tau^2 is convex and has
 * two roots at most, each found by Newton's method from an estimate
 * (moving_convex_q16.c); every other scene, and any root that path cannot
 * place, goes to the isolation of every root through the turning points
 * (poly_roots_q16.c). No closed-form quartic formula: no root is lost.
 */
#include "aimfix/ballistic.h"
#include "aimfix/intercept.h"

#include "accel_q16.h"
#include "distance_q16.h"
#include "moving_q16.h"

/* The shot of fitted time tau into the next slot, when it fits Q16.16
 * and has the asked speed (else the slot is left for the caller to
 * empty): 1 kept, 0 left out as not fitting, -1 left out as off the
 * speed (a root the quartic's rounding left too far from the true one,
 * in a scene so ill-conditioned that 28 bits cannot place it). */
static AFI_OUTLINE_M0 int moving_shot(const struct afq_fit *f, afn_snum tau,
                                      const af_body_q16 *target, const af_vec3_q16 *accel,
                                      fix16_t speed, const int32_t D[3], const int32_t V[3],
                                      af_shots_q16 *out)
{
    af_shot_q16 *shot = &out->shot[out->count];
    afn_snum t = tau;
    if (!afq_lob_shot(f, t, afn_p_recip_near(t), 1, shot) ||
        !afq_target_at(target, accel, shot->t, &shot->point))
        return 0;
    if (!afq_speed_holds(shot, speed, D, V)) {
        t = afq_distance_polish(f, tau, AFQ_DISTANCE_POLISH_STEPS);
        if (!afq_lob_shot(f, t, afn_p_recip_near(t), 1, shot) ||
            !afq_target_at(target, accel, shot->t, &shot->point))
            return 0;
        if (!afq_speed_holds(shot, speed, D, V))
            return -1;
    }
    /* Two near-equal roots, each rounded (and maybe polished) on its own,
     * may come out a few LSB the wrong way: earliest first. */
    while (shot > out->shot && shot[-1].t > shot[0].t) {
        af_shot_q16 later = shot[-1];
        shot[-1] = shot[0];
        shot[0] = later;
        shot--;
    }
    out->count++;
    return 1;
}

/* |v'|^2 - s'^2, from the raw values where the fitted ones dropped bits
 * (kv < 0: a speed past 2^30 raw, or gravity strong for the distance),
 * which may be every bit of a target nearly as fast as the shot (as in
 * intercept_q16.c): the squares' sum, below 3 2^62, exact in 64 bits,
 * the difference rounded once. */
static afn_snum speed_gap(const struct afq_fit *f, fix16_t speed)
{
    uint64_t vv, ss, m;
    int e = 2 * f->kv;
    if (f->kv >= 0)
        return afn_s_make_near(afi_dot3_32(f->v, f->v) - (int64_t)afi_square32(f->s), 0);
    vv = afi_square32(f->vr[0]) + afi_square32(f->vr[1]) + afi_square32(f->vr[2]);
    ss = afi_square32(speed);
    m = vv >= ss ? vv - ss : ss - vv;
    if (m >> 63) {
        m = (m >> 1) | (m & 1); /* the dropped bit kept as a sticky one: rounded once */
        e++;
    }
    return afn_s_make_near(vv >= ss ? (int64_t)m : -(int64_t)m, e);
}

/* At the muzzle now: t = 0, then every t with |V - g t/2| = s, a quadratic
 * |g|^2/4 t^2 - (V.g) t + |V|^2 - s^2 = 0, in units fitted to V as if it
 * were a length (any scale serves; times come out in the fitted unit). */
static af_status coincident(const int32_t V[3], const af_vec3_q16 *g, fix16_t speed,
                            const af_body_q16 *target, const af_vec3_q16 *accel,
                            af_shots_q16 *out)
{
    static const int32_t unit[3] = { INT32_C(1) << 16, 0, 0 }, none[3] = { 0, 0, 0 };
    struct afq_fit f;
    struct afq_poly p;
    afn_snum roots[2], lo = { INT32_C(1) << 30, -80 }, hi = { INT32_C(1) << 30, 80 };
    int n, i;
    out->count = 1;
    out->shot[0].point = target->position;
    afq_fit_problem(V[0] || V[1] || V[2] ? V : unit, V, g, (uint32_t)speed, &f);
    /* With D' = 0, the quartic's c4, c3 and c2 alone remain (divided by
     * tau^2): a quadratic. */
    p.n = 2;
    p.c[2] = afn_s_make_near(afi_dot3_32(f.g, f.g), 2 * f.ge - 2);
    p.c[1] = afn_s_make_near(-afi_dot3_32(f.v, f.g), f.ge);
    p.c[0] = speed_gap(&f, speed);
    for (i = 0; i < 3; i++)
        f.d[i] = 0;
    if (p.c[2].m == 0)
        return AF_OK;
    n = afq_poly_roots(&p, NULL, lo, hi, roots);
    for (i = 0; i < n && out->count < AF_MAX_SHOTS; i++)
        (void)moving_shot(&f, roots[i], target, accel, speed, none, V, out);
    afq_zero_from(out, out->count); /* a shot left out may have left numbers */
    return AF_OK;
}

/* F(tau) = c4 tau^4 + c3 tau^3 + c2 tau^2 + c1 tau + c0 with g' = g[]
 * 2^ge: every dot product exact in 64 bits. A function of its own, so
 * that each frame stays small (8-bit cores reach only 64 bytes of a
 * frame directly). */
static void quartic(const struct afq_fit *f, fix16_t speed, struct afq_poly *p)
{
    p->n = 4;
    p->c[4] = afn_s_make_near(afi_dot3_32(f->g, f->g), 2 * f->ge - 2);
    p->c[3] = afn_s_make_near(-afi_dot3_32(f->v, f->g), f->ge);
    p->c[2] = afn_s_add_near(speed_gap(f, speed),
                             afn_s_make_near(-afi_dot3_32(f->d, f->g), f->ge));
    p->c[1] = afn_s_make_near(afi_dot3_32(f->d, f->v), 1);
    p->c[0] = afn_s_make_near(afi_dot3_32(f->d, f->d), 0);
}

af_status afq_arc_moving(const af_body_q16 *shooter, const af_body_q16 *target,
                         const af_vec3_q16 *accel, fix16_t speed, const af_vec3_q16 *gravity,
                         unsigned flags, af_shots_q16 *out)
{
    struct afq_fit f;
    struct afq_poly p;
    int32_t D[3], V[3];
    afn_snum lo, limit, start, bound, from, to, roots[4];
    int n, i, found = 0, off_speed = 0, careful;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afq_clear(out);
    if (!shooter || !target || !gravity || speed <= 0)
        return AF_ERR_BAD_ARGUMENT;
    if (!afq_relative(shooter, target, flags, D, V))
        return AF_ERR_OUT_OF_RANGE;
    if (gravity->x == 0 && gravity->y == 0 && gravity->z == 0)
        return afq_place_points(target, accel, af_intercept_q16(shooter, target, speed, flags, out),
                                out); /* a straight line: the intercept's points rule */
    if (D[0] == 0 && D[1] == 0 && D[2] == 0)
        return coincident(V, gravity, speed, target, accel, out);

    afq_fit_problem(D, V, gravity, (uint32_t)speed, &f);
    quartic(&f, speed, &p);

    /* The roots to look for: no root lies below tau = 1/8 in fitted units
     * (there |d'| >= 2^29 outruns every speed, each below sqrt(3) 2^30),
     * and none beyond the time Q16.16 can hold, 2^15 s = tau 2^(kv - kd)
     * (a root there would be left out anyway; those beyond are looked for
     * only when none lies before, to tell an overflow from no solution). */
    lo.m = INT32_C(1) << 30;
    lo.e = -33;
    limit.m = INT32_C(1) << 30;
    limit.e = 15 + f.kd - f.kv - 30;
    if (afn_s_less(limit, lo))
        return AF_ERR_OVERFLOW; /* every meeting takes more than 2^15 s */
    /* The usual scene's two roots at most, else every root isolated
     * between the bounds of every root (none lies beyond them: where the
     * upper one is below the time limit, none is lost to the limit). */
    n = afq_convex_roots(&p, &f, lo, limit, roots);
    careful = n < 0;
    if (careful) {
        afq_root_bounds(&f, &start, &bound);
        from = afn_s_less(lo, start) ? start : lo;
        to = afn_s_less(bound, limit) ? bound : limit;
        n = afn_s_less(from, to) ? afq_poly_roots(&p, &f, from, to, roots) : 0;
    }
    for (i = 0; i < n; i++) {
        if (out->count == AF_MAX_SHOTS)
            break;
        found++;
        if (moving_shot(&f, roots[i], target, accel, speed, D, V, out) < 0)
            off_speed = 1;
    }
    if (out->count > 0) {
        afq_zero_from(out, out->count); /* a shot left out may have left numbers */
        return AF_OK;
    }
    afq_clear(out);
    /* Past the time limit F may cross zero twice (F > 0 at the limit, as
     * with no root): the roots there, not F's sign, tell an overflow. */
    if (off_speed)
        return AF_ERR_NO_CONVERGENCE;
    if (!found) {
        if (!careful)
            afq_root_bounds(&f, &start, &bound);
        if (!afn_s_less(bound, limit))
            found = afq_poly_roots(&p, &f, limit, bound, roots);
    }
    return found ? AF_ERR_OVERFLOW : AF_ERR_NO_SOLUTION;
}

af_status af_arc_moving_q16(const af_body_q16 *shooter, const af_body_q16 *target,
                            fix16_t speed, const af_vec3_q16 *gravity, unsigned flags,
                            af_shots_q16 *out)
{
    return afq_arc_moving(shooter, target, NULL, speed, gravity, flags, out);
}
