/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag: the launch velocities of a chosen speed (root finding on
 * the time of flight, as for linear drag: F(T) = |u(T)| - speed, with u(T)
 * the fixed-time aim of qdrag_aim_f64.c), each bracketed root solved by
 * Newton's method on the velocity and the time together.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "drag_f64.h"
#include "qdrag_aim_f64.h"

/* F(T) = |u(T)| - speed and F'(T), starting from the last aim solved;
 * with sign_only, F only to its sign. */
static double excess(aim *pb, double T, int sign_only, double *slope, double *noise)
{
    af_vec3_f64 guess =
        pb->have ? afr_vaddk(pb->v_last, pb->dv_last, T - pb->t_last) : afr_qd_vacuum_guess_f64(pb, T);
    af_vec3_f64 v, dv, u;
    double len;
    *slope = 0.0;
    *noise = 0.0;
    if (afr_qd_solve_time_f64(pb, T, guess, sign_only, &v, &dv) != AF_OK &&
        (!pb->have || afr_qd_solve_time_f64(pb, T, afr_qd_vacuum_guess_f64(pb, T), sign_only, &v, &dv) != AF_OK)) {
        pb->have = 0;
        return OUT_OF_REACH;
    }
    pb->have = 1;
    pb->t_last = T;
    pb->v_last = v;
    pb->dv_last = dv;
    u = pb->inherit ? afr_vsub(v, pb->shooter.velocity) : v;
    len = afr_vnorm(u);
    *slope = len > 0.0 ? afr_vdot(u, dv) / len : 0.0;
    /* The aim is solved to AIM_TOL of the reach: F is known to about that
     * much of the speeds that make it up. */
    *noise = 10.0 * pb->aim_tol * (len + pb->speed + afr_vnorm(pb->shooter.velocity));
    return len - pb->speed;
}

static double speed_excess(double T, void *ctx, double *slope, double *noise)
{
    return excess(ctx, T, 0, slope, noise);
}

static double speed_deficit(double T, void *ctx, double *slope, double *noise)
{
    double f = speed_excess(T, ctx, slope, noise);
    *slope = -*slope;
    return -f;
}

static double speed_slope(double T, void *ctx, double *slope, double *noise)
{
    double f_slope, f_noise;
    (void)speed_excess(T, ctx, &f_slope, &f_noise);
    *slope = 0.0;
    *noise = 0.0;
    return f_slope;
}

static double speed_slope_down(double T, void *ctx, double *slope, double *noise)
{
    return -speed_slope(T, ctx, slope, noise);
}

static af_status refine_root(aim *pb, double lo, double hi, double f_lo, double f_hi, double *T)
{
    double x0 = f_lo < OUT_OF_REACH && f_hi < OUT_OF_REACH
                    ? lo + (hi - lo) * (f_lo / (f_lo - f_hi))
                    : (f_lo < OUT_OF_REACH ? lo : hi);
    int steps;
    return afr_drag_newton_f64(f_lo < 0.0 ? speed_excess : speed_deficit, pb, lo, hi, x0,
                               ldexp(hi, -DRAG_NEWTON_TOL_BITS), T, &steps);
}

static double locate_dip(aim *pb, double lo, double hi, double f1_lo)
{
    double T = lo;
    int steps;
    (void)afr_drag_newton_f64(f1_lo < 0.0 ? speed_slope : speed_slope_down, pb, lo, hi, lo,
                              ldexp(hi, -30), &T, &steps);
    return T;
}

/*
 * Newton's method on the launch velocity and the time together, from (T,
 * v), at the aim's tolerances: the miss p(T; v) - P(T) = 0 with the launch
 * speed held on its sphere (v is projected onto it first and after each
 * step), dT from the speed's row: with x_m = J^-1 (-miss) and x_a = J^-1
 * (v(T) - V), dT = n.x_m / n.x_a and dv = x_m - x_a dT (n the launch
 * direction). With jc not NULL, J is jc throughout and the flights carry
 * no Jacobian (a chord iteration: each shrinks the miss by J's relative
 * error); without, J is kept the same way once the miss is below
 * CHORD_MISS of the reach. 1 once the miss is below pb->aim_tol of the reach with T in
 * [lo, hi]; 0 when an iteration does not halve the miss, T leaves [lo, hi]
 * or `iters` flights are not enough.
 */
static int joint_newton(aim *pb, double lo, double hi, int iters, const double *jc, double *T,
                        af_vec3_f64 *v)
{
    af_vec3_f64 vs = pb->inherit ? pb->shooter.velocity : afr_vzero();
    double prev = INFINITY, len0 = afr_vnorm(afr_vsub(*v, vs)), jk[9];
    int it;
    if (!(len0 > 0.0) || !(*T >= lo && *T <= hi))
        return 0;
    *v = afr_vaddk(vs, afr_vsub(*v, vs), pb->speed / len0);
    for (it = 0; it < iters; it++) {
        af_vec3_f64 point = afr_qd_point_f64(pb, *T);
        af_vec3_f64 miss, vt, xm, xa, u = afr_vsub(*v, vs), n;
        double j[9], err, len = afr_vnorm(u), dT;
        double scale = afr_vnorm(afr_vsub(point, pb->shooter.position)) + afr_vnorm(*v) * *T;
        if (afr_qd_aim_fly_f64(pb, *v, *T, point, &miss, jc ? NULL : j, &vt) != AF_OK)
            return 0;
        if (jc)
            memcpy(j, jc, sizeof j);
        err = afr_vnorm(miss);
        if (err <= pb->aim_tol * scale)
            return 1;
        /* Close enough that J hardly changes up to the root: chord
         * iterations on this one, flights without the Jacobian. */
        if (!jc && err <= CHORD_MISS * scale) {
            memcpy(jk, j, sizeof jk);
            jc = jk;
        }
        /* Newton's quadratic convergence halves the miss at the least. */
        if (!(err < 0.5 * prev) || !(len > 0.0))
            return 0;
        prev = err;
        n = afr_vdiv(u, len);
        if (!afr_qd_solve3_f64(j, afr_vscale(miss, -1.0), &xm) ||
            !afr_qd_solve3_f64(j, afr_vsub(vt, afr_qd_target_velocity_f64(pb, *T)), &xa))
            return 0;
        dT = afr_vdot(n, xm) / afr_vdot(n, xa);
        if (!isfinite(dT) || !(*T + dT >= lo) || !(*T + dT <= hi))
            return 0;
        *T += dT;
        u = afr_vadd(afr_vaddk(u, xa, -dT), xm);
        len = afr_vnorm(u);
        if (!(len > 0.0))
            return 0;
        *v = afr_vaddk(vs, u, pb->speed / len);
    }
    return 0;
}

/* A root bracketed by the samples (lo, f_lo) and (hi, f_hi), solved
 * directly by joint_newton from the secant's time and the velocity the
 * aim at hi predicts there (pb holds that aim); 1 when it converges
 * inside the bracket. */
static int joint_root(aim *pb, double lo, double hi, double f_lo, double f_hi, double *T,
                      af_vec3_f64 *v)
{
    if (!(f_lo < OUT_OF_REACH && f_hi < OUT_OF_REACH) || !pb->have || pb->t_last != hi)
        return 0;
    *T = lo + (hi - lo) * (f_lo / (f_lo - f_hi));
    *v = afr_vaddk(pb->v_last, pb->dv_last, *T - hi);
    return joint_newton(pb, lo, hi, JOINT_ITER, NULL, T, v);
}

/* Records the root T with its launch velocity v (unless it repeats the
 * last one). */
static int push_root(double *roots, af_vec3_f64 *vs, int n, double T, af_vec3_f64 v)
{
    if (n >= AF_MAX_SHOTS || (n > 0 && T - roots[n - 1] <= ldexp(T, -40)))
        return n;
    roots[n] = T;
    vs[n] = v;
    return n + 1;
}

/* Records the root T with its launch velocity, solved from the aim the
 * refinement last made (next to T). */
static int add_root(aim *pb, double *roots, af_vec3_f64 *vs, int n, double T)
{
    double slope, noise;
    if (n >= AF_MAX_SHOTS || (n > 0 && T - roots[n - 1] <= ldexp(T, -40)))
        return n;
    (void)speed_excess(T, pb, &slope, &noise);
    if (!pb->have)
        return n;
    roots[n] = T;
    vs[n] = pb->v_last;
    return n + 1;
}

/* The scan of af_qdrag_aim_speed_f64 (see aimfix/qdrag.h). */
static int scan_roots(aim *pb, double t_lo, double t_hi, double *roots, af_vec3_f64 *vs)
{
    double T[2], F[2], F1[2], noise;
    aim saved;
    double ratio = pow(t_hi / t_lo, 1.0 / (AF_QDRAG_AIM_SCAN_POINTS - 1));
    int i, n = 0;

    T[0] = t_lo;
    F[0] = excess(pb, T[0], 1, &F1[0], &noise);
    if (fabs(F[0]) <= noise)
        F[0] = 0.0;
    if (F[0] == 0.0)
        n = add_root(pb, roots, vs, n, T[0]);
    for (i = 1; i < AF_QDRAG_AIM_SCAN_POINTS; i++) {
        double root;
        T[1] = i == AF_QDRAG_AIM_SCAN_POINTS - 1 ? t_hi : t_lo * pow(ratio, (double)i);
        F[1] = excess(pb, T[1], 1, &F1[1], &noise);
        saved = *pb;
        if (F[1] == 0.0) {
            n = add_root(pb, roots, vs, n, T[1]);
        } else if (F[0] != 0.0 && (F[0] < 0.0) != (F[1] < 0.0)) {
            af_vec3_f64 v;
            if (joint_root(pb, T[0], T[1], F[0], F[1], &root, &v))
                n = push_root(roots, vs, n, root, v);
            else if (refine_root(pb, T[0], T[1], F[0], F[1], &root) == AF_OK)
                n = add_root(pb, roots, vs, n, root);
        } else if (F[0] != 0.0 && F[0] < OUT_OF_REACH && F[1] < OUT_OF_REACH &&
                   (F1[0] < 0.0) != (F1[1] < 0.0) && (F[0] > 0.0) == (F1[0] < 0.0)) {
            /* Moving towards zero at T0, away at T1: a turning point. */
            double Tm = locate_dip(pb, T[0], T[1], F1[0]), f1m, Fm;
            double tol = pb->tol, aim_tol = pb->aim_tol;
            /* Whether the dip reaches 0 decides two arcs: at the full
             * accuracy, however loose the scan. */
            pb->tol = AF_QDRAG_TOL;
            pb->aim_tol = AIM_TOL;
            Fm = speed_excess(Tm, pb, &f1m, &noise);
            pb->tol = tol;
            pb->aim_tol = aim_tol;
            if ((Fm < 0.0) != (F[0] < 0.0) && Fm != 0.0) {
                if (refine_root(pb, T[0], Tm, F[0], Fm, &root) == AF_OK)
                    n = add_root(pb, roots, vs, n, root);
                if (refine_root(pb, Tm, T[1], Fm, F[1], &root) == AF_OK)
                    n = add_root(pb, roots, vs, n, root);
            } else if (Fm == 0.0) {
                n = add_root(pb, roots, vs, n, Tm);
            }
        }
        /* The next sample starts from this one's aim, not from a refinement's. */
        *pb = saved;
        /* A static target has at most two arcs, and F falls then rises:
         * past its minimum and above zero (a sign-only sample's F and F'
         * confirmed by a full aim), no root is left. */
        if (pb->static_target && n >= 2)
            break;
        if (pb->static_target && F[1] > 0.0 && F1[1] > 0.0 && F[0] != 0.0 && F[1] > F[0]) {
            F[1] = excess(pb, T[1], 0, &F1[1], &noise);
            if (F[1] > 0.0 && F1[1] > 0.0 && F[1] > F[0])
                break;
        }
        T[0] = T[1];
        F[0] = F[1];
        F1[0] = F1[1];
    }
    return n;
}

/*
 * A static target's search (F falls then rises: at most two roots). From
 * the vacuum's time of least speed, the minimum of F is sought by secant
 * steps on F' kept inside its bracket, until a time with F < 0 turns up;
 * from there Newton's steps on F go out to each side until F turns
 * positive (or out of reach) or the time's bound is met, and each bracket
 * is solved as the scan's are. A minimum found above zero (checked at the
 * full accuracy) means no arc. -1 when the search cannot vouch for its
 * answer (an aim out of reach where F should be defined, or the
 * iterations spent): the scan then runs instead.
 */
#define STATIC_MIN_ITER 24
#define STATIC_SIDE_ITER 8

/* The vacuum's times of flight at `speed` to the static target (no wind):
 * |D / T - g T / 2| = speed, a quadratic in T^2; 0 when out of its reach. */
static int vacuum_times(const aim *pb, double *t_low, double *t_high)
{
    af_vec3_f64 d = afr_vsub(pb->target.position, pb->shooter.position);
    double g2 = afr_vdot(pb->law.g, pb->law.g), b = afr_vdot(d, pb->law.g) + pb->speed * pb->speed;
    double disc = b * b - g2 * afr_vdot(d, d), r;
    if (!(g2 > 0.0) || !(disc >= 0.0) || !(b > 0.0))
        return 0;
    r = sqrt(disc);
    *t_high = sqrt(2.0 * (b + r) / g2);
    *t_low = sqrt(2.0 * afr_vdot(d, d) / (b + r));
    return 1;
}

/* From x (F(x) = fx < 0, slope f1) towards limit: the first time with
 * F > 0 into *y, *fy (1), or 0 when F is still negative at limit; pb then
 * holds the aim at *y (none if out of reach), at_x the aim at the last
 * time with F < 0. Newton's steps on F, bounded the first time by the
 * vacuum's time `vac` (drag moves the root towards x) and always by
 * limit; a time out of reach becomes the bound, and the next try a
 * quarter of the way to it (a finite bracket, for the joint iteration),
 * the out-of-reach bracket kept if none turns up; -1 on failure. */
static int side_bracket(aim *pb, double x, double fx, double f1, double limit, double vac,
                        double *y, double *fy, aim *at_x)
{
    double lim = limit;
    int i, up = limit > x, out = 0;
    for (i = 0; i < STATIC_SIDE_ITER; i++) {
        double n = x - fx / f1, f, slope, noise;
        *at_x = *pb;
        if (!isfinite(n) || (up ? !(n > x) || n > lim : !(n < x) || n < lim))
            n = lim;
        if (i == 0 && (up ? vac > x && vac < n : vac < x && vac > n))
            n = vac;
        /* Not the time known out of reach again: a quarter of the way. */
        if (out && n == lim)
            n = x + 0.25 * (lim - x);
        f = excess(pb, n, 1, &slope, &noise);
        if (f > 0.0 && f < OUT_OF_REACH) {
            *y = n;
            *fy = f;
            return 1;
        }
        if (!(f < OUT_OF_REACH)) {
            /* Out of reach: a finite bracket sought nearer x. */
            *pb = *at_x;
            lim = n;
            out = 1;
            continue;
        }
        if (n == limit)
            return 0;
        x = n;
        fx = f;
        f1 = slope;
    }
    if (!out)
        return -1;
    *pb = *at_x;
    pb->have = 0;
    *y = lim;
    *fy = OUT_OF_REACH;
    return 1;
}

/* F and F' of a solved aim. */
static double aim_excess(const aim *pb, double *slope)
{
    af_vec3_f64 u = pb->inherit ? afr_vsub(pb->v_last, pb->shooter.velocity) : pb->v_last;
    double len = afr_vnorm(u);
    *slope = len > 0.0 ? afr_vdot(u, pb->dv_last) / len : 0.0;
    return len - pb->speed;
}

/* The cubic Hermite interpolant of values f0, f1 and slopes d0, d1 over
 * [0, 1] (slopes per unit of s) at s. */
static double hermite(double f0, double d0, double f1, double d1, double s)
{
    double s2 = s * s, s3 = s2 * s;
    return (2.0 * s3 - 3.0 * s2 + 1.0) * f0 + (s3 - 2.0 * s2 + s) * d0 +
           (3.0 * s2 - 2.0 * s3) * f1 + (s3 - s2) * d1;
}

static af_vec3_f64 hermite_v(const aim *a, const aim *b, double s, double h)
{
    af_vec3_f64 r;
    r.x = hermite(a->v_last.x, h * a->dv_last.x, b->v_last.x, h * b->dv_last.x, s);
    r.y = hermite(a->v_last.y, h * a->dv_last.y, b->v_last.y, h * b->dv_last.y, s);
    r.z = hermite(a->v_last.z, h * a->dv_last.z, b->v_last.z, h * b->dv_last.z, s);
    return r;
}

/* The root of F between the aims a and b (F of opposite signs): the root
 * of F's cubic Hermite interpolant (by bisection: it changes sign) and
 * the launch velocity's there, the start of the joint iteration. */
static double hermite_root(const aim *a, const aim *b, af_vec3_f64 *v)
{
    double h = b->t_last - a->t_last, d0, d1, f0 = aim_excess(a, &d0), f1 = aim_excess(b, &d1);
    double lo = 0.0, hi = 1.0;
    int i;
    for (i = 0; i < 40; i++) {
        double mid = 0.5 * (lo + hi);
        if ((hermite(f0, h * d0, f1, h * d1, mid) < 0.0) == (f0 < 0.0))
            lo = mid;
        else
            hi = mid;
    }
    *v = hermite_v(a, b, 0.5 * (lo + hi), h);
    return a->t_last + h * 0.5 * (lo + hi);
}

/* The root between x (F < 0, the aim at_x) and y (F > 0, the aim in pb
 * unless out of reach); 1 when recorded (or repeated). */
static int side_root(aim *pb, const aim *at_x, double x, double fx, double y, double fy,
                     double *roots, af_vec3_f64 *vs, int *done, int *n)
{
    double lo = fmin(x, y), hi = fmax(x, y), f_lo = x < y ? fx : fy, f_hi = x < y ? fy : fx;
    double root;
    af_vec3_f64 v;
    if (pb->have && pb->t_last == y && at_x->have && at_x->t_last == x) {
        double aim_tol = pb->aim_tol;
        int ok;
        root = x < y ? hermite_root(at_x, pb, &v) : hermite_root(pb, at_x, &v);
        /* The engine's flights are exact: their root at the full miss
         * needs no polish. */
        if (pb->law.stepped)
            pb->aim_tol = AIM_TOL;
        ok = joint_newton(pb, lo, hi, JOINT_ITER, NULL, &root, &v);
        pb->aim_tol = aim_tol;
        if (ok) {
            if (*n < AF_MAX_SHOTS)
                done[*n] = pb->law.stepped;
            *n = push_root(roots, vs, *n, root, v);
            return 1;
        }
    }
    if (!pb->have)
        *pb = *at_x;
    if (refine_root(pb, lo, hi, f_lo, f_hi, &root) != AF_OK)
        return 0;
    if (*n < AF_MAX_SHOTS)
        done[*n] = 0;
    *n = add_root(pb, roots, vs, *n, root);
    /* A root whose aim fails (the edge of reach, not a root) is not one. */
    return pb->have;
}

/* The root on x's side towards limit straight by the joint iteration,
 * from F's Newton step (bounded by the vacuum's time vac) and there the
 * vacuum's shot with the drag's part of the aim at x (pb); the engine's
 * exact flights to the full miss. 1 when recorded. */
static int side_direct(aim *pb, double x, double fx, double f1, double limit, double vac,
                       double *roots, af_vec3_f64 *vs, int *done, int *n)
{
    int up = limit > x, ok;
    double T = x - fx / f1, aim_tol = pb->aim_tol, lo = up ? x : limit, hi = up ? limit : x;
    af_vec3_f64 v;
    if (!isfinite(T) || (up ? !(T > x) || T > limit : !(T < x) || T < limit))
        T = limit;
    if (up ? vac > x && vac < T : vac < x && vac > T)
        T = vac;
    v = afr_vadd(afr_qd_vacuum_guess_f64(pb, T),
                 afr_vsub(pb->v_last, afr_qd_vacuum_guess_f64(pb, x)));
    if (pb->law.stepped)
        pb->aim_tol = AIM_TOL;
    ok = joint_newton(pb, lo, hi, JOINT_ITER, NULL, &T, &v) && T != x;
    pb->aim_tol = aim_tol;
    if (!ok)
        return 0;
    if (*n < AF_MAX_SHOTS)
        done[*n] = pb->law.stepped;
    *n = push_root(roots, vs, *n, T, v);
    return 1;
}

static int static_roots(aim *pb, double t_lo, double t_hi, double *roots, af_vec3_f64 *vs,
                        int *done)
{
    double a = t_lo, b = t_hi, x, fx = 0.0, f1 = 0.0, xp = 0.0, f1p = 0.0, noise, y, fy;
    double distance = afr_vnorm(afr_vsub(pb->target.position, pb->shooter.position));
    aim at_x, at_neg;
    int it, side, n = 0, have_prev = 0, found = 0;

    double v_low = 0.0, v_high = 0.0;
    x = pb->law.gn > 0.0 ? sqrt(2.0 * distance / pb->law.gn) : sqrt(t_lo * t_hi);
    x = fmin(fmax(x, t_lo), t_hi);
    (void)vacuum_times(pb, &v_low, &v_high);
    {
        /* The first aim from the vacuum's shot stretched by the drag: a
         * body slowed by k s^2 alone covers ln(1 + k s0 T) / k in T, so
         * reaching L takes (e^(k L) - 1) / (k L) times the speed. */
        double kl = fmin(pb->law.k * distance, 4.0);
        pb->v_last = afr_qd_vacuum_guess_f64(pb, x);
        if (kl > 0.0)
            pb->v_last = afr_vscale(pb->v_last, expm1(kl) / kl);
        pb->dv_last = afr_vzero();
        pb->t_last = x;
        pb->have = 1;
    }
    for (it = 0; it < STATIC_MIN_ITER && !found; it++) {
        double next;
        fx = excess(pb, x, 0, &f1, &noise);
        if (!(fx < OUT_OF_REACH))
            return -1;
        if (fx < -noise) {
            found = 1;
            break;
        }
        if (f1 < 0.0)
            a = x;
        else
            b = x;
        /* F convex: nowhere in [a, b] below F(x) - |F'(x)| (b - a). */
        if (fx - fabs(f1) * (b - a) > 100.0 * noise)
            return 0;
        if (b - a <= 1e-6 * b) {
            /* The least speed needed: whether it reaches `speed` decides
             * the arcs, at the full accuracy however loose the search. */
            double tol = pb->tol, aim_tol = pb->aim_tol;
            pb->tol = AF_QDRAG_TOL;
            pb->aim_tol = AIM_TOL;
            fx = speed_excess(x, pb, &f1, &noise);
            pb->tol = tol;
            pb->aim_tol = aim_tol;
            if (!(fx < OUT_OF_REACH))
                return -1;
            if (fx > 0.0)
                return 0;
            if (fx == 0.0)
                return add_root(pb, roots, vs, 0, x);
            found = 1;
            break;
        }
        /* The first step a probe a sixteenth of x downhill, for the secant. */
        next = have_prev && f1 != f1p ? x - f1 * (x - xp) / (f1 - f1p)
                                      : x * (f1 < 0.0 ? 1.0625 : 0.9375);
        if (!(next > a && next < b))
            next = sqrt(a * b);
        xp = x;
        f1p = f1;
        have_prev = 1;
        x = next;
    }
    if (!found)
        return -1;
    at_x = *pb;
    /* The low arc, then the high one: one root on each side of x at most
     * (F falls then rises), the low one always there (F > 0 at t_lo). */
    for (side = 0; side < 2; side++) {
        double limit = side ? t_hi : t_lo, fn, f1n;
        int got;
        *pb = at_x;
        if (side_direct(pb, x, fx, f1, limit, side ? v_high : v_low, roots, vs, done, &n))
            continue;
        *pb = at_x;
        got = side_bracket(pb, x, fx, f1, limit, side ? v_high : v_low, &y, &fy, &at_neg);
        fn = aim_excess(&at_neg, &f1n);
        if (got < 0 || (got == 1 && !side_root(pb, &at_neg, at_neg.t_last, fn, y, fy, roots, vs,
                                               done, &n)))
            return -1;
    }
    return n;
}

/* A scanned root (T, v) at the full tolerances: chord iterations with the
 * Jacobian of one loose flight (plain flights), else Newton's method. */
static int polish(aim *pb, double max_time, double *T, af_vec3_f64 *v)
{
    af_vec3_f64 point = afr_qd_point_f64(pb, *T), miss, vt;
    af_vec3_f64 v0 = *v;
    double T0 = *T, jc[9], tol = pb->tol;
    af_status st;
    pb->tol = pb->law.stepped ? AF_QDRAG_TOL : SCAN_FLIGHT_TOL;
    st = afr_qd_aim_fly_f64(pb, *v, *T, point, &miss, jc, &vt);
    pb->tol = tol;
    if (st == AF_OK && joint_newton(pb, 0.0, max_time, POLISH_ITER, jc, T, v))
        return 1;
    *T = T0;
    *v = v0;
    return joint_newton(pb, 0.0, max_time, POLISH_ITER, NULL, T, v);
}

/*
 * A lower bound on every hit's time that the drag gives: the speed s
 * relative to the air obeys ds/dt <= |g| - k s^2, so s - v_t (v_t =
 * sqrt(|g| / k), above the terminal speed whatever c is) decays at least
 * as fast as under k s^2 alone, s(t) <= v_t + s0 / (1 + k s0 t), and in T
 * the body covers at most v_t T + ln(1 + k s0 T) / k through the air, plus
 * |w| T with it. A hit at T needs that plus the target's own |V| T to
 * reach |D|; the smallest such T by 60 halvings.
 */
static double drag_bound(const aim *pb, double speed, double v_far, double distance,
                         double max_time)
{
    double k = pb->law.k, w = afr_vnorm(pb->law.w), s0 = speed + v_far + w,
           vt = sqrt(pb->law.gn / k);
    double lo = 0.0, hi = max_time;
    int i;
    for (i = 0; i < 60; i++) {
        double T = 0.5 * (lo + hi);
        if ((vt + w + v_far) * T + log1p(k * s0 * T) / k < distance)
            lo = T;
        else
            hi = T;
    }
    return lo;
}

/* af_qdrag_aim_speed_f64 and its accelerating twin (accel NULL: none). */
static af_status aim_speed(const af_qdrag_f64 *drag, const af_body_f64 *shooter,
                           const af_body_f64 *target, const af_vec3_f64 *accel, double speed,
                           double max_time, unsigned flags, af_shots_f64 *out)
{
    aim pb;
    double roots[AF_MAX_SHOTS], distance, t_lo, v_far;
    af_vec3_f64 vs[AF_MAX_SHOTS];
    int done[AF_MAX_SHOTS] = { 0 }; /* roots already at the full tolerances */
    int n, i;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    st = afr_qd_aim_setup_f64(&pb, drag, shooter, target, accel, flags);
    if (st != AF_OK)
        return st;
    if (!isfinite(speed) || !(speed > 0.0) || !isfinite(max_time) || !(max_time > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    pb.speed = speed;
    /* |v - w| grows at most at |g|, so the body covers at most
     * T (|v0| + 2 |w| + |g| T / 2) in T: no hit comes sooner than t_lo. */
    distance = afr_vnorm(afr_vsub(target->position, shooter->position));
    /* The target's speed over the flights: its acceleration's part at
     * max_time at most. */
    v_far = afr_vnorm(target->velocity) + afr_vnorm(pb.accel) * max_time +
            (pb.inherit ? afr_vnorm(shooter->velocity) : 0.0);
    t_lo = distance / (speed + v_far + 2.0 * afr_vnorm(pb.law.w) + 0.5 * pb.law.gn * max_time);
    if (pb.law.k > 0.0 && distance > 0.0)
        t_lo = fmax(t_lo, drag_bound(&pb, speed, v_far, distance, max_time));
    if (distance == 0.0) {
        afr_shots_push_f64(out, 0.0, afr_vzero(), target->position);
        t_lo = max_time * 1e-9;
    }
    if (!(t_lo < max_time))
        return out->count ? afr_shots_finish_f64(out) : AF_ERR_NO_SOLUTION;
    {
        /* The roots at loose tolerances (a static target's search, else
         * or should it fail the scan), each root then polished unless the
         * engine's exact flights already met the full miss; should one
         * not converge (or two meet), the scan again at the full
         * tolerances. */
        aim fresh = pb;
        int ok = 1;
        pb.tol = pb.law.stepped ? AF_QDRAG_TOL : SCAN_FLIGHT_TOL;
        pb.aim_tol = SCAN_AIM_TOL;
        n = pb.static_target ? static_roots(&pb, t_lo, max_time, roots, vs, done) : -1;
        if (n < 0) {
            memset(done, 0, sizeof done);
            pb = fresh;
            pb.tol = pb.law.stepped ? AF_QDRAG_TOL : SCAN_FLIGHT_TOL;
            pb.aim_tol = SCAN_AIM_TOL;
            n = scan_roots(&pb, t_lo, max_time, roots, vs);
        }
        pb = fresh;
        for (i = 0; i < n && ok; i++)
            ok = (done[i] || polish(&pb, max_time, &roots[i], &vs[i])) &&
                 (i == 0 || roots[i] - roots[i - 1] > ldexp(roots[i], -30));
        if (!ok)
            n = scan_roots(&pb, t_lo, max_time, roots, vs);
    }
    for (i = 0; i < n && out->count < AF_MAX_SHOTS; i++)
        afr_shots_push_f64(out, roots[i], pb.inherit ? afr_vsub(vs[i], shooter->velocity) : vs[i],
                           afr_qd_point_f64(&pb, roots[i]));
    if (out->count == 0)
        return AF_ERR_NO_SOLUTION;
    return afr_shots_finish_f64(out);
}

af_status af_qdrag_aim_speed_f64(const af_qdrag_f64 *drag, const af_body_f64 *shooter,
                                 const af_body_f64 *target, double speed, double max_time,
                                 unsigned flags, af_shots_f64 *out)
{
    return aim_speed(drag, shooter, target, NULL, speed, max_time, flags, out);
}

af_status af_qdrag_aim_speed_accel_f64(const af_qdrag_f64 *drag, const af_body_f64 *shooter,
                                       const af_body_accel_f64 *target, double speed,
                                       double max_time, unsigned flags, af_shots_f64 *out)
{
    af_body_f64 b;
    if (!target) {
        if (out)
            afr_shots_clear_f64(out);
        return AF_ERR_BAD_ARGUMENT;
    }
    b.position = target->position;
    b.velocity = target->velocity;
    return aim_speed(drag, shooter, &b, &target->acceleration, speed, max_time, flags, out);
}
