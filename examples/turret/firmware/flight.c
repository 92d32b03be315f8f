/*
 * flight.h: drag-free shots from af_arc_moving_q16, carried over to linear
 * drag by Newton's method on the time of flight.
 *
 * With drag, a ball launched from m with velocity u is at
 *     p(t) = m + a(t) u + b(t) g,   a = (1 - e) / k,  b = (t - a) / k,
 * e = exp(-k t) (a -> t and b -> t^2 / 2 as k -> 0). To meet the target,
 * at P + V t at time t, the launch velocity must be
 *     u(t) = (P - m + V t - b g) / a,
 * and the time of flight is where |u(t)| equals the muzzle speed s. With
 * a' = e and b' = a, the velocity changes with t as
 *     u'(t) = (V - a g - e u) / a,
 * so f(t) = |u|^2 - s^2 has f' = 2 u.u'. Drag makes every launch need
 * more speed for the same time, so the drag-free time of flight t0 has
 * f(t0) > 0: the flat arc's time grows to the root, on the side where f
 * falls (f' < 0), the lob's shrinks to it, where f rises. f is convex
 * there (as |(P - m)/t + V - g t/2|^2 is without drag, unless the target
 * closes in faster than 1.5 times its distance per time of flight), so
 * Newton's steps approach the root from one side without overshooting it;
 * if f' changes sign on the way, the iteration has passed the slowest
 * launch that still meets the target and none of this speed does.
 */
#include "flight.h"

#include "checked.h"
#include "units.h"

static const af_vec3_q16 gravity = { 0, 0, -TURRET_GRAVITY };

/* Q30: the drag factors are summed with 30 fraction bits in an int64_t. */
#define Q30_ONE ((int64_t)1 << 30)

/* v / 2^s rounded to nearest, ties away from zero (|v| < 2^62, 0 < s < 62). */
static int64_t shift_round(int64_t v, int s)
{
    const int64_t half = (int64_t)1 << (s - 1);
    return (v < 0 ? v - half : v + half) / ((int64_t)1 << s);
}

/* 1 / f in Q30, rounded. */
#define Q30_OVER(f) ((Q30_ONE + (f) / 2) / (f))

/* The series' coefficients, 1 / (n + 1)! and 1 / (n + 2)! for n = 0 to 11,
 * each within 2^-31: for x <= 1 the first term left out (1 / 13!) is below
 * 2^-32, so the sums are good to 12 2^-31 + 2^-32, about 2^-27. */
#define PHI_TERMS 12
static const int64_t phi1_coefficient[PHI_TERMS] = {
    Q30_OVER(1), Q30_OVER(2), Q30_OVER(6), Q30_OVER(24), Q30_OVER(120), Q30_OVER(720),
    Q30_OVER(5040), Q30_OVER(40320), Q30_OVER(362880), Q30_OVER(3628800),
    Q30_OVER(39916800), Q30_OVER(479001600)
};
static const int64_t phi2_coefficient[PHI_TERMS] = {
    Q30_OVER(2), Q30_OVER(6), Q30_OVER(24), Q30_OVER(120), Q30_OVER(720), Q30_OVER(5040),
    Q30_OVER(40320), Q30_OVER(362880), Q30_OVER(3628800), Q30_OVER(39916800),
    Q30_OVER(479001600), Q30_OVER(6227020800LL)
};

/* sum c[n] (-x)^n by Horner's rule, for 0 <= x <= 1 (Q30): every partial
 * sum stays below 1, so each product fits an int64_t. */
static int64_t alternating(const int64_t *c, int64_t x)
{
    int64_t sum = c[PHI_TERMS - 1];
    int n;
    for (n = PHI_TERMS - 2; n >= 0; n--)
        sum = c[n] - shift_round(sum * x, 30);
    return sum;
}

/* phi1(x) = (1 - e^-x) / x and phi2(x) = (x - 1 + e^-x) / x^2, in Q30,
 * for 0 <= x <= 1 (Q30), from their series sum (-x)^n / (n + 1)! and
 * sum (-x)^n / (n + 2)!. Summed directly, they never suffer the
 * cancellation of 1 - e^-x and t - a at small x. */
static void phi(int64_t x, int64_t *phi1, int64_t *phi2)
{
    *phi1 = alternating(phi1_coefficient, x);
    *phi2 = alternating(phi2_coefficient, x);
}

/* a(t) = t phi1(k t) and b(t) = t^2 phi2(k t) of the comment above, and
 * e = exp(-k t), for t >= 0. Up to k t = 1 (3.3 s of flight at the
 * turret's drag, twice its longest lob) and t = 128 s they come from the
 * series, to half an LSB; beyond, from af_exp_q16 (where t - a no longer
 * cancels much). */
static void drag_factors(af_status *status, fix16_t t, fix16_t *e, fix16_t *a, fix16_t *b)
{
    const int64_t x = shift_round((int64_t)TURRET_DRAG_K * t, 2);
    if (x <= Q30_ONE && t <= 128 * fix16_one) {
        int64_t phi1, phi2, t_phi2;
        phi(x, &phi1, &phi2);
        *a = (fix16_t)shift_round((int64_t)t * phi1, 30);
        t_phi2 = shift_round((int64_t)t * phi2, 16);
        *b = (fix16_t)shift_round((int64_t)t * t_phi2, 30);
        *e = (fix16_t)shift_round(Q30_ONE - shift_round(x * phi1, 30), 14);
        return;
    }
    if (TURRET_DRAG_K == 0) {
        *e = fix16_one;
        *a = t;
        *b = ck_mul(status, ck_mul(status, t, t), fix16_one / 2);
        return;
    }
    {
        const fix16_t exponent = ck_mul(status, -TURRET_DRAG_K, t);
        const af_status s = af_exp_q16(exponent, e);
        if (s != AF_OK && *status == AF_OK)
            *status = s;
    }
    *a = ck_div(status, fix16_one - *e, TURRET_DRAG_K);
    *b = ck_div(status, ck_sub(status, t, *a), TURRET_DRAG_K);
}

af_status flight_predict(const af_body_q16 *start, fix16_t t, af_vec3_q16 *position)
{
    af_status status = AF_OK;
    fix16_t e, a, b;
    af_vec3_q16 p;
    drag_factors(&status, t, &e, &a, &b);
    p = ck_vec_add_scaled(&status, &start->position, &start->velocity, a);
    p = ck_vec_add_scaled(&status, &p, &gravity, b);
    if (status != AF_OK) {
        position->x = position->y = position->z = 0;
        return AF_ERR_OVERFLOW;
    }
    *position = p;
    return AF_OK;
}

/* u(t) and, when du is not NULL, u'(t), for the target seen from the
 * muzzle (offset = P - m). */
static void launch_velocity(af_status *status, const af_vec3_q16 *offset,
                            const af_vec3_q16 *target_velocity, fix16_t t, af_vec3_q16 *u,
                            af_vec3_q16 *du)
{
    fix16_t e, a, b;
    af_vec3_q16 r;
    drag_factors(status, t, &e, &a, &b);
    r = ck_vec_add_scaled(status, offset, target_velocity, t);
    r = ck_vec_sub_scaled(status, &r, &gravity, b);
    *u = ck_vec_div(status, &r, a);
    if (du) {
        af_vec3_q16 w = ck_vec_sub_scaled(status, target_velocity, &gravity, a);
        w = ck_vec_sub_scaled(status, &w, u, e);
        *du = ck_vec_div(status, &w, a);
    }
}

/* num / den rounded to nearest, ties away from zero (den != 0). */
static int64_t divide_rounded(int64_t num, int64_t den)
{
    int64_t q = num / den, r = num % den;
    int64_t ar = r < 0 ? -r : r, ad = den < 0 ? -den : den;
    if (ar >= ad - ar) /* 2 |r| >= |den|, without overflowing */
        q += ((num < 0) == (den < 0)) ? 1 : -1;
    return q;
}

/* -f / f' in Q16.16 seconds from f and f'/2 = u.u', both Q32.32, limited
 * to half of t either way (a safeguard; a converging step is far smaller).
 * |f| < 2^46 (|u|^2 - s^2 below 16384 m^2/s^2) keeps f 2^16 in an
 * int64_t; beyond, the step is the limit, in the direction Newton's
 * would take. */
static fix16_t newton_step(int64_t f, int64_t half_slope, fix16_t t)
{
    const int64_t limit = t / 2;
    const int64_t wide = (int64_t)1 << 46;
    int64_t step;
    if (f >= wide || f <= -wide)
        step = ((f > 0) == (half_slope > 0)) ? -limit : limit;
    else
        step = divide_rounded(-f * 65536, 2 * half_slope);
    if (step > limit)
        step = limit;
    if (step < -limit)
        step = -limit;
    return (fix16_t)step;
}

/* Carry one drag-free shot over to the drag. AF_ERR_NO_SOLUTION when the
 * iteration passes the turning point (out of reach on this arc).
 *
 * When to stop: Newton's steps on the convex f approach the root from one
 * side, so a step that turns back means the root has been passed by less
 * than the rounding of f can resolve (u carries errors of some 100 LSB
 * from b = (t - a) / k, so f is known to about 1e-2 m^2/s^2, and t to some
 * 20 LSB, 0.3 ms: a few tenths of a millimetre where the ball meets the
 * target). The last time before the turn is kept; a step of 2 LSB or less
 * also ends the iteration. */
static af_status refine(const af_vec3_q16 *offset, const af_vec3_q16 *target_velocity,
                        af_shot_q16 *shot)
{
    const int64_t speed2 = (int64_t)TURRET_SPEED * TURRET_SPEED;
    fix16_t t = shot->t, last_step = 0;
    int branch = 0;
    int i;
    for (i = 0; i < FLIGHT_REFINE_STEPS; i++) {
        af_status status = AF_OK;
        af_vec3_q16 u, du;
        int64_t f, half_slope;
        fix16_t step;
        launch_velocity(&status, offset, target_velocity, t, &u, &du);
        if (status == AF_OK)
            status = af_vec3_dot_q16(&u, &du, &half_slope);
        if (status != AF_OK)
            return status;
        f = (int64_t)af_vec3_len2_q16(&u) - speed2;
        if (half_slope == 0 || (branch != 0 && (half_slope > 0) != (branch > 0)))
            return AF_ERR_NO_SOLUTION;
        branch = half_slope > 0 ? 1 : -1;
        step = newton_step(f, half_slope, t);
        if ((step <= 2 && step >= -2) || (last_step != 0 && (step > 0) != (last_step > 0))) {
            status = af_vec3_resize_q16(&u, TURRET_SPEED, &shot->velocity);
            if (status != AF_OK)
                return status;
            shot->t = t;
            return AF_OK;
        }
        if (t + step <= 0)
            return AF_ERR_NO_SOLUTION;
        t += step;
        last_step = step;
    }
    return AF_ERR_NO_CONVERGENCE;
}

static void clear(af_shots_q16 *out)
{
    const af_shot_q16 zero = { 0, { 0, 0, 0 }, { 0, 0, 0 } };
    int i;
    out->count = 0;
    for (i = 0; i < AF_MAX_SHOTS; i++)
        out->shot[i] = zero;
}

af_status flight_aim(const af_vec3_q16 *muzzle, const af_body_q16 *target,
                     af_shots_q16 *out)
{
    af_body_q16 launcher;
    af_shots_q16 vacuum;
    af_vec3_q16 offset;
    af_status status, first_failure = AF_ERR_NO_SOLUTION;
    int i;

    launcher.position = *muzzle;
    launcher.velocity.x = launcher.velocity.y = launcher.velocity.z = 0;
    clear(out);
    status = af_arc_moving_q16(&launcher, target, TURRET_SPEED, &gravity, 0, &vacuum);
    if (status != AF_OK)
        return status;
    status = af_vec3_sub_q16(&target->position, muzzle, &offset);
    if (status != AF_OK)
        return status;

    for (i = 0; i < vacuum.count; i++) {
        af_shot_q16 shot = vacuum.shot[i];
        af_status s = refine(&offset, &target->velocity, &shot);
        int j;
        if (s == AF_OK) {
            af_status ps = AF_OK;
            shot.point = ck_vec_add_scaled(&ps, &target->position, &target->velocity, shot.t);
            s = ps;
        }
        if (s != AF_OK) {
            if (first_failure == AF_ERR_NO_SOLUTION)
                first_failure = s;
            continue;
        }
        /* Keep earliest first: drag lengthens a flat arc and shortens a
         * lob, so near the edge of reach two shots may swap. */
        for (j = out->count; j > 0 && out->shot[j - 1].t > shot.t; j--)
            out->shot[j] = out->shot[j - 1];
        out->shot[j] = shot;
        out->count++;
    }
    return out->count > 0 ? AF_OK : first_failure;
}
