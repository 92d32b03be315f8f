/*
 * Aiming with drag in Q16: the launch velocity for a chosen time of flight
 * (closed form) and the launch velocities of a chosen speed (the scan and
 * refinements of drag_aim_f64.c, read it first).
 *
 * Meeting the target at P(T) = target + V T fixes the world launch
 * velocity
 *     v0(T) = (D + V T - b G) / a,   D = target - shooter,
 * and the launcher gives u = v0 (minus the shooter's velocity when it is
 * inherited). For continuous drag b G = b g + (T - T phi1) wind, as in
 * the forward prediction (b k = T - T phi1). Each component of v0 is one
 * dq_apply of the coefficients 1/a, T/a, b/a (and (T - T phi1)/a) to the
 * Q16.16 vectors, rounded once to a raw value: the speed equation of the
 * scan is solved to the precision of the velocity's last bit.
 */
#include <string.h>

#include "drag_q16.h"

typedef struct aim_problem {
    dq_law law;
    dq_vec in[4];      /* D, V, gravity, wind */
    af_vec3_q16 D;     /* target - shooter */
    const af_body_q16 *shooter, *target;
    int inherit, terms; /* 3, or 4 with continuous drag's wind */
    afx speed;
    dq_num len[5];     /* |D|, |V|, |g|, |wind|, |v shooter| (0 unless inherited) */
} aim_problem;

static const dq_num one = { 0x80000000u, -31 };

static dq_num length_of(const af_vec3_q16 *v)
{
    return dq_sqrt(dq_make(af_vec3_len2_q16(v), -32));
}

/* AF_OK, AF_ERR_BAD_ARGUMENT, or AF_ERR_OUT_OF_RANGE when D does not fit. */
static af_status aim_setup(aim_problem *pb, const af_drag_q16 *drag, const af_body_q16 *shooter,
                           const af_body_q16 *target, unsigned flags)
{
    int64_t d[3];
    int i;
    if (!shooter || !target || dq_law_init(drag, &pb->law) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    dq_law_rate(&pb->law);
    for (i = 0; i < 3; i++) {
        d[i] = (int64_t)(&target->position.x)[i] - (&shooter->position.x)[i];
        if (d[i] > INT32_MAX || d[i] < INT32_MIN)
            return AF_ERR_OUT_OF_RANGE;
    }
    pb->D.x = (fix16_t)d[0];
    pb->D.y = (fix16_t)d[1];
    pb->D.z = (fix16_t)d[2];
    pb->shooter = shooter;
    pb->target = target;
    pb->inherit = (flags & AF_INHERIT_VELOCITY) != 0;
    pb->terms = pb->law.continuous ? 4 : 3;
    dq_vec_of(&pb->D, &pb->in[0]);
    dq_vec_of(&target->velocity, &pb->in[1]);
    dq_vec_of(&drag->gravity, &pb->in[2]);
    dq_vec_of(&drag->wind, &pb->in[3]);
    pb->len[0] = length_of(&pb->D);
    pb->len[1] = length_of(&target->velocity);
    pb->len[2] = length_of(&drag->gravity);
    pb->len[3] = length_of(&drag->wind);
    pb->len[4] = pb->inherit ? length_of(&shooter->velocity) : dq_make(0, 0);
    pb->speed.m = 0;
    pb->speed.e = 0;
    return AF_OK;
}

/* The launch at time T > 0: the world launch velocity v0 and the
 * launcher's u, in raw units (64 bits: they may exceed Q16.16), with the
 * law's coefficients then and 1/a. Returns 0 when they reach 2^62 raw. */
static int launch_at(const aim_problem *pb, dq_num T, dq_coef *k, dq_terms *terms, dq_num *inv_a,
                     int64_t v0[3], int64_t u[3])
{
    dq_num coef[4];
    int i;
    dq_terms_at(&pb->law, T, k, terms);
    *inv_a = dq_div(one, terms->a);
    coef[0] = *inv_a;
    coef[1] = dq_mul(T, *inv_a);
    coef[2] = dq_mul(terms->b, *inv_a);
    coef[3] = dq_mul(k->tbk, *inv_a);
    if (!dq_apply(pb->terms, coef, 4u | 8u, pb->in, v0))
        return 0;
    for (i = 0; i < 3; i++)
        u[i] = v0[i] - (pb->inherit ? (&pb->shooter->velocity.x)[i] : 0);
    return 1;
}

/* The shot meeting the target at time T > 0, reported with T rounded to
 * t (raw), into out->shot[out->count], when its velocity and the impact
 * point fit Q16.16. The velocity is T's, not t's: a short flight's time
 * rounded to 2^-17 s would change a fast shot's speed by much more than
 * its own rounding. */
static af_status push_shot(const aim_problem *pb, dq_num T, fix16_t t, af_shots_q16 *out)
{
    af_shot_q16 *shot = &out->shot[out->count];
    dq_coef k;
    dq_terms terms;
    dq_num inv_a;
    int64_t v0[3], u[3];
    if (!launch_at(pb, T, &k, &terms, &inv_a, v0, u) ||
        !dq_store3(u, NULL, &shot->velocity) || !afs_body_at(pb->target, t, &shot->point)) {
        memset(shot, 0, sizeof *shot);
        return AF_ERR_OVERFLOW;
    }
    shot->t = t;
    out->count++;
    return AF_OK;
}

af_status af_drag_aim_time_q16(const af_drag_q16 *drag, const af_body_q16 *shooter,
                               const af_body_q16 *target, fix16_t t, unsigned flags,
                               af_shots_q16 *out)
{
    aim_problem pb;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afs_clear(out);
    if (t <= 0)
        return AF_ERR_BAD_ARGUMENT;
    st = aim_setup(&pb, drag, shooter, target, flags);
    if (st != AF_OK)
        return st;
    return push_shot(&pb, dq_q16(t), t, out);
}

/* ---- Fixed speed ----------------------------------------------------- */

/* A raw 64-bit vector's length, as afx. */
static afx length64(const int64_t v[3], afx *x, afx *y, afx *z)
{
    *x = afx_make(v[0], -16);
    *y = afx_make(v[1], -16);
    *z = afx_make(v[2], -16);
    return afx_sqrt(dx_add(dx_add(dx_mul(*x, *x), dx_mul(*y, *y)), dx_mul(*z, *z)));
}

/*
 * F(T) = |u(T)| - speed and F' = u.u' / |u|, with
 *     u'(T) = v0'(T) = (V - db G - da v0) / a
 * (db G = db g + (1 - c) wind for continuous drag). Rounding: half a raw
 * unit per component of u, and 2^-27 of the terms that make it up.
 */
static afx speed_excess(afx T, void *ctx, afx *slope, afx *noise)
{
    const aim_problem *pb = ctx;
    dq_num t = T.m > 0 ? afx_dq(T) : dq_make(1, -40), inv_a, coef[4];
    dq_coef k;
    dq_terms terms;
    dq_vec in[4];
    int64_t v0[3], u[3], du[3];
    afx ux, uy, uz, len;
    noise->m = 0;
    noise->e = 0;
    slope->m = 0;
    slope->e = 0;
    if (!launch_at(pb, t, &k, &terms, &inv_a, v0, u))
        return afx_make(1, 40); /* a speed of 2^46 m/s: far above any asked */
    len = length64(u, &ux, &uy, &uz);
    /* |D| / a + |V| T / a + |g| b / a + |wind| (T - T phi1) / a + |v_s|. */
    {
        dq_num terms_size = dq_add(dq_mul(pb->len[0], inv_a), dq_mul(pb->len[1], dq_mul(t, inv_a)));
        terms_size = dq_add(terms_size, dq_mul(pb->len[2], dq_mul(terms.b, inv_a)));
        terms_size = dq_add(terms_size, dq_mul(pb->len[3], dq_mul(k.tbk, inv_a)));
        terms_size = dq_add(terms_size, pb->len[4]);
        *noise = dx_add(afx_make(1, -15), dq_afx(dq_scale(terms_size, -27)));
    }
    in[0] = pb->in[1];
    in[1] = pb->in[2];
    in[2] = pb->in[3];
    dq_vec_of64(v0, &in[3]);
    dq_slopes_of(&pb->law, &k, &terms);
    coef[0] = inv_a;
    coef[1] = dq_mul(terms.db, inv_a);
    coef[2] = dq_mul(k.omc, inv_a);
    coef[3] = dq_mul(terms.da, inv_a);
    if (!pb->law.continuous)
        coef[2] = dq_make(0, 0);
    if (len.m != 0 && dq_apply(4, coef, 2u | 4u | 8u, in, du)) {
        afx dot = dx_add(dx_add(dx_mul(ux, afx_make(du[0], -16)), dx_mul(uy, afx_make(du[1], -16))),
                          dx_mul(uz, afx_make(du[2], -16)));
        *slope = afx_div(dot, len);
    }
    return dx_sub(len, pb->speed);
}

/* F for the refinement of a root, and -F for a stretch where F decreases.
 * They report no rounding noise: near a shallow dip F stays within its
 * noise over a stretch that may reach the next root, and a point there
 * must not be taken for the root the bracket holds. Its sign is still
 * right, so the bracket closes on a true sign change. */
static afx speed_rising(afx T, void *ctx, afx *slope, afx *noise)
{
    afx f = speed_excess(T, ctx, slope, noise);
    noise->m = 0;
    return f;
}

static afx speed_deficit(afx T, void *ctx, afx *slope, afx *noise)
{
    afx f = speed_excess(T, ctx, slope, noise);
    noise->m = 0;
    *slope = afx_neg(*slope);
    return afx_neg(f);
}

/* F' alone, and -F', for locating a turning point of F (slope unknown:
 * the iteration bisects). */
static afx speed_slope(afx T, void *ctx, afx *slope, afx *noise)
{
    afx f_slope, f_noise;
    (void)speed_excess(T, ctx, &f_slope, &f_noise);
    slope->m = noise->m = 0;
    slope->e = noise->e = 0;
    return f_slope;
}

static afx speed_slope_down(afx T, void *ctx, afx *slope, afx *noise)
{
    return afx_neg(speed_slope(T, ctx, slope, noise));
}

/* The root of F in (lo, hi), where F changes sign. */
static af_status refine_root(aim_problem *pb, afx lo, afx hi, afx f_lo, afx f_hi, afx *T)
{
    /* Start at the secant's root. */
    afx x0 = dx_add(lo, dx_mul(dx_sub(hi, lo), afx_div(f_lo, dx_sub(f_lo, f_hi))));
    int steps;
    return dq_newton(f_lo.m < 0 ? speed_rising : speed_deficit, pb, lo, hi, x0, T, &steps);
}

/* Where F' = 0 in (lo, hi), F' going from f1_lo to the other sign. */
static afx locate_dip(aim_problem *pb, afx lo, afx hi, afx f1_lo)
{
    afx T = lo;
    int steps;
    (void)dq_newton(f1_lo.m < 0 ? speed_slope : speed_slope_down, pb, lo, hi, lo, &T, &steps);
    return T;
}

static int add_root(afx *roots, int n, afx T)
{
    if (n < AF_MAX_SHOTS)
        roots[n++] = T;
    return n;
}

/* The scan of drag_aim_f64.c: F at AF_DRAG_AIM_SCAN_POINTS times,
 * geometric from t_lo to t_hi; sign changes refined, dips located. */
static int scan_roots(aim_problem *pb, dq_num t_lo, dq_num t_hi, afx *roots)
{
    afx T[2], F[2], F1[2], noise, step;
    int i, n = 0;

    /* T_i = t_lo 2^(i log2(t_hi / t_lo) / (points - 1)). */
    step = afx_div(dq_log2(dq_div(t_hi, t_lo)), afx_make(AF_DRAG_AIM_SCAN_POINTS - 1, 0));
    T[0] = dq_afx(t_lo);
    F[0] = speed_excess(T[0], pb, &F1[0], &noise);
    if (F[0].m == 0)
        n = add_root(roots, n, T[0]);
    for (i = 1; i < AF_DRAG_AIM_SCAN_POINTS; i++) {
        afx root;
        T[1] = i == AF_DRAG_AIM_SCAN_POINTS - 1
                   ? dq_afx(t_hi)
                   : dq_afx(dq_mul(t_lo, dq_pow2(dx_mul(step, afx_make(i, 0)))));
        F[1] = speed_excess(T[1], pb, &F1[1], &noise);
        if (F[1].m == 0) {
            n = add_root(roots, n, T[1]);
        } else if (F[0].m != 0 && (F[0].m < 0) != (F[1].m < 0)) {
            if (refine_root(pb, T[0], T[1], F[0], F[1], &root) == AF_OK)
                n = add_root(roots, n, root);
        } else if (F[0].m != 0 && (F1[0].m < 0) != (F1[1].m < 0) &&
                   (F[0].m > 0) == (F1[0].m < 0)) {
            /* Moving towards zero at T0, away at T1: a turning point. */
            afx Tm = locate_dip(pb, T[0], T[1], F1[0]), f1m;
            afx Fm = speed_excess(Tm, pb, &f1m, &noise);
            if ((Fm.m < 0) != (F[0].m < 0) && Fm.m != 0) {
                if (refine_root(pb, T[0], Tm, F[0], Fm, &root) == AF_OK)
                    n = add_root(roots, n, root);
                if (refine_root(pb, Tm, T[1], Fm, F[1], &root) == AF_OK)
                    n = add_root(roots, n, root);
            } else if (Fm.m == 0) {
                n = add_root(roots, n, Tm);
            }
        }
        T[0] = T[1];
        F[0] = F[1];
        F1[0] = F1[1];
    }
    return n;
}

af_status af_drag_aim_speed_q16(const af_drag_q16 *drag, const af_body_q16 *shooter,
                                const af_body_q16 *target, fix16_t speed, fix16_t max_time,
                                unsigned flags, af_shots_q16 *out)
{
    aim_problem pb;
    dq_coef k;
    dq_terms terms;
    dq_num t_hi, t_lo, distance, bound;
    afx roots[AF_MAX_SHOTS];
    int n, i, found = 0;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afs_clear(out);
    if (speed <= 0 || max_time <= 0)
        return AF_ERR_BAD_ARGUMENT;
    st = aim_setup(&pb, drag, shooter, target, flags);
    if (st != AF_OK)
        return st;
    pb.speed = afx_raw(speed);
    /*
     * No solution comes before t_lo = |D| / (speed + |V| + |v_shooter| +
     * |G| b(max_time) / max_time) (drag_aim_f64.c), with |G| <= |g| +
     * k |wind|.
     */
    t_hi = dq_q16(max_time);
    distance = length_of(&pb.D);
    dq_terms_at(&pb.law, t_hi, &k, &terms);
    bound = dq_add(length_of(&drag->gravity), dq_mul(dq_q16(drag->k), length_of(&drag->wind)));
    if (!pb.law.continuous)
        bound = length_of(&drag->gravity);
    bound = dq_add(dq_add(dq_q16(speed), length_of(&target->velocity)),
                   dq_div(dq_mul(bound, terms.b), t_hi));
    if (pb.inherit)
        bound = dq_add(bound, length_of(&shooter->velocity));
    t_lo = dq_div(distance, bound);
    if (dq_is_zero(distance)) {
        /* The target at the muzzle: nothing to aim now, then whatever
         * comes back to it. */
        out->shot[0].point = target->position;
        out->count = 1;
        t_lo = dq_scale(t_hi, -30);
    }
    if (!dq_less(t_lo, t_hi))
        return out->count ? AF_OK : AF_ERR_NO_SOLUTION;
    n = scan_roots(&pb, t_lo, t_hi, roots);
    for (i = 0; i < n && out->count < AF_MAX_SHOTS; i++) {
        fix16_t t;
        if (!afx_to_raw(roots[i], &t))
            continue;
        if (t <= 0)
            t = 1; /* a positive time below half an LSB */
        /* Two roots closer than an LSB make one shot. */
        if (out->count > 0 && out->shot[out->count - 1].t == t)
            continue;
        found++;
        (void)push_shot(&pb, afx_dq(roots[i]), t, out);
    }
    if (out->count > 0)
        return AF_OK;
    afs_clear(out);
    return found ? AF_ERR_OVERFLOW : AF_ERR_NO_SOLUTION;
}
