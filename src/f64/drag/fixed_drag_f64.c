/* SPDX-License-Identifier: MIT */
/*
 * A launcher of fixed direction or elevation and free speed under a drag
 * model, double precision (see aimfix/fixed_launch.h): the fixed-time aim
 * u(t) (af_drag_aim_time_f64 at the target's position then) is sampled
 * over the flight times and the times at which it has the fixed direction
 * or elevation are bisected from the sign changes of its components.
 */
#include "aimfix/fixed_launch.h"

#include <float.h>
#include <math.h>

#include "../check_f64.h"
#include "../fixed_launch_f64.h"
#include "drag_f64.h"

/* The other perpendicular component may be this much of the velocity's
 * scale at a root of the first (rounding of the aim). */
#define OTHER_TOL 0x1p-30
/* Bisections of a sign change: more than a double's bits of t. */
#define BISECTIONS 80
/* A launch velocity this many times its rounding or less is no velocity. */
#define ZERO_ROUNDINGS 4096.0

struct scan {
    af_drag_f64 drag; /* the model without its step cap: the scan's */
    drag_law_f64 law; /* its law */
    const af_body_f64 *shooter;
    const afr_fixed_f64 *p;
    unsigned flags;
    int elev;         /* fixed elevation (else fixed direction) */
    af_vec3_f64 dir;  /* fixed direction, or up */
    af_vec3_f64 e[2]; /* square to dir */
    double c, s;      /* the elevation's cosine and sine */
};

/* The launch velocity that meets the target after t (0 when none). */
static int aim_at(const struct scan *sc, const af_drag_f64 *drag, double t, af_vec3_f64 *u)
{
    af_body_f64 target;
    af_shots_f64 one;
    target.position = afr_fixed_point_f64(&sc->p->target, t);
    target.velocity = afr_vzero();
    if (!afr_vfinite(target.position) ||
        af_drag_aim_time_f64(drag, sc->shooter, &target, t, sc->flags, &one) != AF_OK)
        return 0;
    *u = one.shot[0].velocity;
    return 1;
}

/* The components whose zeros are sought at t: f[0], f[1] (direction) or
 * f[0] (elevation); *scale is the size of the velocity's terms. 0 also
 * when that size overflows a double: every tolerance would be infinite
 * there, and any velocity would count as along the direction. */
static int eval(const struct scan *sc, double t, double f[2], double *scale, af_vec3_f64 *u)
{
    if (!aim_at(sc, &sc->drag, t, u))
        return 0;
    *scale = afr_vnorm(*u) + afr_vnorm(sc->p->d) / t + afr_vnorm(sc->p->v) +
             afr_vnorm(sc->p->a) * t;
    if (!isfinite(*scale))
        return 0;
    if (sc->elev) {
        double z = afr_vdot(*u, sc->dir);
        f[0] = sc->c * z - sc->s * afr_vnorm(afr_vaddk(*u, sc->dir, -z));
        f[1] = 0.0;
    } else {
        f[0] = afr_vdot(*u, sc->e[0]);
        f[1] = afr_vdot(*u, sc->e[1]);
    }
    return 1;
}

/* The rounding of the aim's u(t): an ulp of each term it is formed from,
 * the target's point then and the launch point (whole positions, not
 * their difference) over a(t) = rho t phi1(x), b(t) G / a(t), the
 * shooter's velocity and an engine's shift. */
static double aim_rounding(const struct scan *sc, double t)
{
    const drag_law_f64 *law = &sc->law;
    const af_body_accel_f64 *tg = &sc->p->target;
    double x = isfinite(law->mu) ? law->mu * t : law->lambda * (t / law->dt);
    double per_t = law->rho * afr_drag_phi1(x);
    double points = (afr_vnorm(tg->position) + afr_vnorm(sc->shooter->position)) / t +
                    afr_vnorm(tg->velocity) + 0.5 * afr_vnorm(tg->acceleration) * t;
    double pull = law->sigma * (law->lag + law->rho * t * afr_drag_phi2(x)) / per_t;
    double inherited = (sc->flags & AF_INHERIT_VELOCITY) ? afr_vnorm(sc->shooter->velocity) : 0.0;
    return DBL_EPSILON *
           (points / per_t + afr_vnorm(law->accel) * pull + inherited + afr_vnorm(law->shift));
}

static int add_time(double *ts, int n, double t)
{
    int i, j;
    for (i = 0; i < n; i++)
        if (fabs(ts[i] - t) <= 0x1p-30 * fmax(ts[i], t))
            return n;
    if (n >= 2 * AF_MAX_SHOTS)
        return n;
    for (i = 0; i < n && ts[i] < t; i++)
        ;
    for (j = n; j > i; j--)
        ts[j] = ts[j - 1];
    ts[i] = t;
    return n + 1;
}

/* The root of component k in [lo, hi] (f of opposite signs at the ends),
 * kept when the launch there is valid. */
static int refine(const struct scan *sc, int k, double lo, double hi, double flo, double *ts,
                  int n)
{
    double f[2], scale, t;
    af_vec3_f64 u;
    int i;
    for (i = 0; i < BISECTIONS; i++) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi)
            break;
        if (!eval(sc, mid, f, &scale, &u))
            return n;
        if ((f[k] < 0.0) == (flo < 0.0)) {
            lo = mid;
            flo = f[k];
        } else
            hi = mid;
    }
    t = 0.5 * (lo + hi);
    if (!eval(sc, t, f, &scale, &u))
        return n;
    if (sc->elev) {
        double z = afr_vdot(u, sc->dir);
        /* u within its rounding of 0 (the projectile dropped from the
         * muzzle meets the target; its sign changes are rounding's): a
         * shot of no elevation, however its rounding points. */
        if (afr_vnorm(u) <= ZERO_ROUNDINGS * aim_rounding(sc, t) ||
            afr_vnorm(afr_vaddk(u, sc->dir, -z)) == 0.0 || (sc->s != 0.0 && !(z * sc->s > 0.0)))
            return n;
    } else if (!(fabs(f[1 - k]) <= OTHER_TOL * scale) || !(afr_vdot(u, sc->dir) > 0.0))
        return n;
    return add_time(ts, n, t);
}

/* The shot at time t: the fixed direction or elevation, the aim's speed. */
static void push_shot(const struct scan *sc, const af_drag_f64 *drag, double t, af_shots_f64 *out)
{
    af_vec3_f64 u, v;
    if (!aim_at(sc, drag, t, &u))
        return;
    if (sc->elev) {
        double z = afr_vdot(u, sc->dir), hl, speed;
        af_vec3_f64 h = afr_vaddk(u, sc->dir, -z);
        hl = afr_vnorm(h);
        speed = sc->c * hl + sc->s * z; /* u along the launch: |u| at a root */
        if (!(speed > 0.0))
            return;
        v = afr_vaddk(afr_vscale(afr_vdiv(h, hl), sc->c * speed), sc->dir, sc->s * speed);
    } else
        v = afr_vscale(sc->dir, afr_vdot(u, sc->dir));
    afr_shots_push_f64(out, t, v, afr_fixed_point_f64(&sc->p->target, t));
}

static af_status scan_solve(struct scan *sc, const af_drag_f64 *drag, double max_time,
                            af_shots_f64 *out)
{
    double ts[2 * AF_MAX_SHOTS], prev_t = 0.0, prev_f[2] = { 0.0, 0.0 }, f[2], scale;
    int n = 0, i, k, have_prev = 0, off_line = 0, ahead = 0, capped = 0;
    af_vec3_f64 u;

    if (afr_viszero(sc->p->d))
        afr_shots_push_f64(out, 0.0, afr_vzero(), sc->p->target.position);
    for (i = 0; i < AF_FIXED_SCAN_POINTS; i++) {
        double t = max_time *
                   exp2(-24.0 * (double)(AF_FIXED_SCAN_POINTS - 1 - i) /
                        (double)(AF_FIXED_SCAN_POINTS - 1));
        if (i == AF_FIXED_SCAN_POINTS - 1)
            t = max_time;
        if (!eval(sc, t, f, &scale, &u)) {
            have_prev = 0;
            continue;
        }
        if (sc->elev || fabs(f[0]) > OTHER_TOL * scale || fabs(f[1]) > OTHER_TOL * scale)
            off_line = 1;
        else if (afr_vdot(u, sc->dir) > 0.0)
            ahead = 1;
        for (k = 0; k < (sc->elev ? 1 : 2); k++) {
            if (f[k] == 0.0)
                n = refine(sc, k, t, t, f[k], ts, n);
            else if (have_prev && prev_f[k] != 0.0 && (prev_f[k] < 0.0) != (f[k] < 0.0))
                n = refine(sc, k, prev_t, t, prev_f[k], ts, n);
        }
        prev_t = t;
        prev_f[0] = f[0];
        prev_f[1] = f[1];
        have_prev = 1;
    }
    /* On the launch line at every time: met at every time it is ahead. */
    if (!off_line)
        return ahead ? AF_ERR_OUT_OF_RANGE : AF_ERR_NO_SOLUTION;
    for (i = 0; i < n && out->count < AF_MAX_SHOTS; i++) {
        int before = out->count;
        push_shot(sc, drag, ts[i], out);
        if (out->count == before)
            capped = 1;
    }
    if (!out->count)
        return capped ? AF_ERR_ENGINE_LIMIT : AF_ERR_NO_SOLUTION;
    return afr_shots_finish_f64(out);
}

static af_status scan_setup(struct scan *sc, const af_drag_f64 *drag, const af_body_f64 *shooter,
                            const af_body_accel_f64 *target, double max_time, unsigned flags,
                            afr_fixed_f64 *p)
{
    af_body_f64 probe;
    af_shots_f64 one;
    af_status st;
    if (!drag || !(max_time > 0.0) || !isfinite(max_time))
        return AF_ERR_BAD_ARGUMENT;
    st = afr_fixed_setup_f64(shooter, target, &drag->gravity, flags, p);
    if (st != AF_OK)
        return st;
    /* An invalid model is refused by the aim itself. */
    probe.position = target->position;
    probe.velocity = afr_vzero();
    st = af_drag_aim_time_f64(drag, shooter, &probe, max_time, flags, &one);
    if (st == AF_ERR_BAD_ARGUMENT)
        return st;
    sc->drag = *drag;
    sc->drag.max_move = 0.0;
    if (afr_drag_law_init_f64(drag, &sc->law) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    sc->shooter = shooter;
    sc->p = p;
    sc->flags = flags;
    return AF_OK;
}

af_status af_drag_fixed_dir_f64(const af_drag_f64 *drag, const af_body_f64 *shooter,
                                const af_body_accel_f64 *target, const af_vec3_f64 *direction,
                                double max_time, unsigned flags, af_shots_f64 *out)
{
    struct scan sc;
    afr_fixed_f64 p;
    af_status st;
    double len;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!direction || !afr_vfinite(*direction) || !((len = afr_vnorm(*direction)) > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    st = scan_setup(&sc, drag, shooter, target, max_time, flags, &p);
    if (st != AF_OK)
        return st;
    sc.elev = 0;
    sc.dir = afr_vdiv(*direction, len);
    afr_fixed_basis_f64(sc.dir, &sc.e[0], &sc.e[1]);
    sc.c = sc.s = 0.0;
    st = scan_solve(&sc, drag, max_time, out);
    if (st != AF_OK)
        afr_shots_clear_f64(out);
    return st;
}

af_status af_drag_fixed_elev_f64(const af_drag_f64 *drag, const af_body_f64 *shooter,
                                 const af_body_accel_f64 *target, double elevation,
                                 double max_time, unsigned flags, af_shots_f64 *out)
{
    struct scan sc;
    afr_fixed_f64 p;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afr_shots_clear_f64(out);
    if (!drag || !isfinite(elevation) || fabs(elevation) > AFR_HALF_PI ||
        !afr_vfinite(drag->gravity) || afr_gravity_up_f64(&drag->gravity, &sc.dir) == 0.0)
        return AF_ERR_BAD_ARGUMENT;
    if (fabs(elevation) == AFR_HALF_PI)
    {
        af_vec3_f64 down = afr_vscale(sc.dir, -1.0);
        return af_drag_fixed_dir_f64(drag, shooter, target, elevation > 0.0 ? &sc.dir : &down,
                                     max_time, flags, out);
    }
    st = scan_setup(&sc, drag, shooter, target, max_time, flags, &p);
    if (st != AF_OK)
        return st;
    sc.elev = 1;
    sc.c = cos(elevation);
    sc.s = sin(elevation);
    sc.e[0] = sc.e[1] = afr_vzero();
    st = scan_solve(&sc, drag, max_time, out);
    if (st != AF_OK)
        afr_shots_clear_f64(out);
    return st;
}
