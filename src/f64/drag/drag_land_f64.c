/* SPDX-License-Identifier: MIT */
/*
 * Landing on terrain the library cannot see: the caller's raycast is asked
 * about straight chords of the flight, first to find which stretch of the
 * flight meets the terrain (bracketing), then to narrow that stretch until
 * its chord lies within the tolerance of the arc (refining).
 *
 * The chord from p(ta) to p(tb) is within M (tb - ta)^2 / 8 of the arc at
 * every matching time (linear interpolation error; M = the largest
 * |p''| on the stretch, which is |p''(ta)| since p'' = rho c (sigma G -
 * mu v0) decays as exp(-mu t)). A hit on a chord that close to the arc is
 * a hit of the arc within the tolerance.
 *
 * Bracketing: the tangent of the flight, v0 + omega(t) G with omega =
 * (db/dt) / (da/dt) increasing from sigma lag / rho to infinity, turns
 * monotonically from v0's direction to G's: through less than 180 degrees
 * in all. The chords are placed at equal turns of at most 30 degrees
 * (so at most AF_DRAG_LAND_BRACKET_CHORDS of them up to max_time), each
 * time solved in closed form from omega:
 *     t(omega) = (omega / sigma) log1p(mu omega / sigma) / (mu omega / sigma) - lead.
 * A chord through 30 degrees of turn sags by at most about a fifteenth of
 * its length below the arc, mostly on the gravity side where terrain lies,
 * so it meets terrain where the arc does or a little earlier.
 *
 * Refining: a chord hit at a fraction u of its length puts the landing
 * near tc, the time at which the arc is abeam of the hit point (see
 * abeam_time), off by at most about the chord's turning angle theta times
 * its span / 2 for a landing that is not grazing. The next cast is the
 * chord of the window tc +- w with w = theta (tb - ta) / 2 (at least a
 * 32nd, at most a quarter of the span); its turn is about theta^2 (in
 * radians), so the sag falls quadratically and a few windows reach any
 * tolerance. Terrain between a chord and the arc (a wall's face) can meet
 * the arc before the window: the stretch before the window is cast first
 * when narrowing a marching chord, whose sag is the largest, and later
 * whenever a window's hit lies right at its start. A window that misses
 * leaves the landing after it (the rest of the stretch is cast) or before
 * it; if all miss, the chord hit terrain that the arc clears (a ledge) and
 * the march goes on from the end of the stretch.
 */
#include <math.h>

#include "drag_cap_f64.h"
#include "drag_f64.h"

#define LAND_TURN (3.141592653589793 / 6.0) /* 30 degrees per bracketing chord */

typedef struct lander {
    drag_law_f64 law;
    af_body_f64 start;
    af_raycast_f64 raycast;
    void *user;
    double tolerance;
    double accel0; /* |p''(0)| */
    int casts;
} lander;

/* The outcome of a cast. */
enum { CAST_MISS = 0, CAST_HIT = 1, CAST_BAD_HIT = -1, CAST_BUDGET = -2, CAST_OVERFLOW = -3 };

static af_vec3_f64 position_at(const lander *L, double t)
{
    drag_coef_f64 k;
    afr_drag_coef_at_f64(&L->law, t, &k);
    return afr_drag_position_f64(&L->law, &L->start, &k);
}

static af_vec3_f64 tangent_at(const lander *L, double t)
{
    drag_coef_f64 k;
    afr_drag_coef_at_f64(&L->law, t, &k);
    return afr_drag_tangent_f64(&L->law, &L->start, &k);
}

/* The chord's distance bound from the arc: |p''(ta)| (tb - ta)^2 / 8. */
static double chord_sag(const lander *L, double ta, double tb)
{
    double span = tb - ta;
    return L->accel0 * exp(-L->law.mu * ta) * span * span / 8.0;
}

/* The angle between the flight's directions at ta and tb, radians. */
static double chord_turn(const lander *L, double ta, double tb)
{
    af_vec3_f64 a = tangent_at(L, ta), b = tangent_at(L, tb);
    af_vec3_f64 c = { a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
    return atan2(afr_vnorm(c), afr_vdot(a, b));
}

/* d / |d| from d brought near 1 first (exactly, a power of two): a
 * subnormal |d| keeps a few bits only, and d divided by it is then not
 * of unit length. d is finite and not zero. */
static af_vec3_f64 unit_of(af_vec3_f64 d)
{
    d = afr_vunit_scale(d);
    return afr_vdiv(d, afr_vnorm(d));
}

/* Casts the chord of [ta, tb]; on a hit, *u is the fraction of the chord's
 * length where it hit and *hit the point. A chord of zero length (a body
 * at rest) is not cast; nor is one whose end or length does not fit a
 * double (the flight leaves the format before it lands): CAST_OVERFLOW. */
static int cast_chord(lander *L, double ta, double tb, double *u, af_vec3_f64 *hit)
{
    af_vec3_f64 pa = position_at(L, ta), d = afr_vsub(position_at(L, tb), pa), dir;
    double length = afr_vnorm(d);
    if (!afr_vfinite(pa) || !afr_vfinite(d) || !isfinite(length))
        return CAST_OVERFLOW;
    if (!(length > 0.0))
        return CAST_MISS;
    if (L->casts >= AF_DRAG_LAND_MAX_CASTS)
        return CAST_BUDGET;
    L->casts++;
    dir = unit_of(d);
    if (!L->raycast(L->user, &pa, &dir, length, hit))
        return CAST_MISS;
    if (!afr_vfinite(*hit))
        return CAST_BAD_HIT;
    *u = fmin(fmax(afr_vdot(afr_vsub(*hit, pa), dir) / length, 0.0), 1.0);
    return CAST_HIT;
}

/*
 * The time at which the arc is abeam of a point a fraction u along the
 * chord of [ta, tb]: where its progress along the chord's direction e,
 * (p(t) - p(ta)).e, equals u |chord|. That progress grows monotonically
 * (the flight turns less than 90 degrees over a chord), so two Newton steps
 * from the chord's own time ta + u (tb - ta) settle it. Unlike that time it
 * puts a hit on a wall or step face at the arc's own crossing of the face:
 * with drag the arc covers the first part of a chord faster than the chord's
 * uniform parametrisation.
 */
static double abeam_time(const lander *L, double ta, double tb, double u)
{
    af_vec3_f64 pa = position_at(L, ta), d = afr_vsub(position_at(L, tb), pa);
    double length2 = afr_vdot(d, d), t = ta + u * (tb - ta);
    int i;
    if (!(length2 > 0.0))
        return t;
    for (i = 0; i < 2; i++) {
        drag_coef_f64 k;
        double progress, rate;
        afr_drag_coef_at_f64(&L->law, t, &k);
        progress =
            afr_vdot(afr_vsub(afr_drag_position_f64(&L->law, &L->start, &k), pa), d) - u * length2;
        rate = afr_vdot(afr_drag_tangent_f64(&L->law, &L->start, &k), d);
        if (!(rate > 0.0))
            break;
        t = fmin(fmax(t - progress / rate, ta), tb);
    }
    return t;
}

/* Casts the head [ta, *t1] of a window; on a hit the window becomes the
 * head: *t2 = *t1, *t1 = ta. */
static int cast_head(lander *L, double ta, double *t1, double *t2, double *u, af_vec3_f64 *hit)
{
    int r = cast_chord(L, ta, *t1, u, hit);
    if (r == CAST_HIT) {
        *t2 = *t1;
        *t1 = ta;
    }
    return r;
}

/* Narrows a hit chord [ta, tb] (hit at u, point *hit) to the landing:
 * CAST_HIT with *t and *hit set; CAST_MISS when the arc clears what the
 * chord hit, with *t the time up to which the arc is now known clear; or a
 * negative CAST_ code. */
static int refine(lander *L, double ta, double tb, double u, af_vec3_f64 *hit, double *t)
{
    int first = 1;
    for (;; first = 0) {
        double span = tb - ta, tc, w, t1, t2, u2 = 0.0;
        af_vec3_f64 hit2;
        int r, head_cast;
        if (chord_sag(L, ta, tb) <= L->tolerance) {
            *t = ta + u * span;
            return CAST_HIT;
        }
        tc = abeam_time(L, ta, tb, u);
        w = span * fmin(fmax(chord_turn(L, ta, tb) / 2.0, 1.0 / 32.0), 0.25);
        t1 = fmax(ta, tc - w);
        t2 = fmin(tb, tc + w);
        /*
         * The window's chord, and around it: the head [ta, t1] (terrain
         * between a chord and the arc may meet the arc before the window:
         * checked first on the marching chord, whose lens is widest, and
         * later when the window's hit is right at its start, which may
         * then be inside the terrain already), the tail [t2, tb] (a window
         * that misses leaves the landing after it), and the head again
         * when both miss.
         */
        r = CAST_MISS;
        head_cast = !(t1 > ta);
        if (first) {
            head_cast = 1;
            r = cast_head(L, ta, &t1, &t2, &u2, &hit2);
        }
        if (r == CAST_MISS) {
            r = cast_chord(L, t1, t2, &u2, &hit2);
            if (r == CAST_HIT && u2 == 0.0 && !head_cast) {
                double h1 = t1, h2 = t2, hu = u2;
                af_vec3_f64 hh;
                int rh = cast_head(L, ta, &h1, &h2, &hu, &hh);
                head_cast = 1;
                if (rh == CAST_HIT) {
                    t1 = h1;
                    t2 = h2;
                    u2 = hu;
                    hit2 = hh;
                } else if (rh != CAST_MISS) {
                    return rh;
                }
            }
        }
        if (r == CAST_MISS && t2 < tb) {
            t1 = t2;
            t2 = tb;
            r = cast_chord(L, t1, t2, &u2, &hit2);
        }
        if (r == CAST_MISS && !head_cast) {
            t1 = tc - w;
            r = cast_head(L, ta, &t1, &t2, &u2, &hit2);
        }
        if (r == CAST_MISS)
            *t = tb;
        if (r != CAST_HIT)
            return r;
        ta = t1;
        tb = t2;
        u = u2;
        *hit = hit2;
    }
}

/* The bracketing chords' ends: 0 = t[0] < ... < t[n] = max_time, at equal
 * turns of the flight's direction (see the top of this file). Returns n. */
static int bracket_times(const lander *L, double max_time, double *times)
{
    const drag_law_f64 *law = &L->law;
    double g = afr_vnorm(law->accel), v_along, v_across, omega0, turn0;
    af_vec3_f64 gdir;
    int n = 0, chords, j;

    times[0] = 0.0;
    if (g > 0.0) {
        gdir = afr_vdiv(law->accel, g);
        af_vec3_f64 w0 = afr_vsub(L->start.velocity, law->shift); /* the law's launch */
        v_along = afr_vdot(w0, gdir);
        v_across = afr_vnorm(afr_vaddk(w0, gdir, -v_along));
        omega0 = law->sigma * law->lag / law->rho;
        turn0 = atan2(v_across, v_along + omega0 * g); /* from G's direction */
        /* Compared as a double before the conversion: a turn that is not
         * a number (never from finite inputs) must not reach the cast. */
        chords = turn0 / LAND_TURN < AF_DRAG_LAND_BRACKET_CHORDS
                     ? (int)ceil(fmax(turn0 / LAND_TURN, 1.0))
                     : AF_DRAG_LAND_BRACKET_CHORDS;
        for (j = 1; j < chords; j++) {
            double turn = turn0 * (1.0 - (double)j / chords);
            double omega = (v_across * cos(turn) / sin(turn) - v_along) / g;
            double y = law->mu * omega / law->sigma;
            double t = omega / law->sigma * afr_drag_log1p_ratio(y) - law->lead;
            if (!(t < max_time))
                break;
            if (t > times[n])
                times[++n] = t;
        }
    }
    times[++n] = max_time;
    return n;
}

af_status af_drag_land_f64(const af_drag_f64 *drag, const af_body_f64 *start, double max_time,
                           double tolerance, af_raycast_f64 raycast, void *user,
                           af_drag_landing_f64 *out)
{
    lander L;
    double times[AF_DRAG_LAND_BRACKET_CHORDS + 1];
    int n, j;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    *out = (af_drag_landing_f64){ 0 };
    if (afr_drag_law_init_f64(drag, &L.law) != AF_OK || !afr_body_ok_f64(start) || !raycast ||
        !isfinite(max_time) || !(max_time > 0.0) || !isfinite(tolerance) || !(tolerance > 0.0))
        return AF_ERR_BAD_ARGUMENT;
    L.start = *start;
    L.raycast = raycast;
    L.user = user;
    L.tolerance = tolerance;
    L.casts = 0;
    L.accel0 = L.law.rho * afr_vnorm(afr_vaddk(afr_vscale(L.law.accel, L.law.sigma),
                                               afr_vsub(start->velocity, L.law.shift), -L.law.mu));
    n = bracket_times(&L, max_time, times);
    for (j = 0; j < n; j++) {
        /* March along chord j; after terrain the arc clears, on from where
         * the arc is known clear to the chord's end. */
        double ta = times[j];
        while (ta < times[j + 1]) {
            double u, t = times[j + 1];
            af_vec3_f64 hit;
            int r = cast_chord(&L, ta, times[j + 1], &u, &hit);
            if (r == CAST_HIT)
                r = refine(&L, ta, times[j + 1], u, &hit, &t);
            if (r == CAST_HIT) {
                drag_coef_f64 k;
                afr_drag_coef_at_f64(&L.law, t, &k);
                out->t = t;
                out->point = hit;
                out->velocity = afr_drag_velocity_f64(&L.law, start, &k);
                out->casts = L.casts;
                if (afr_drag_cap_f64(drag, start, t) != AF_OK) {
                    *out = (af_drag_landing_f64){ 0 };
                    out->casts = L.casts;
                    return AF_ERR_ENGINE_LIMIT;
                }
                return AF_OK;
            }
            if (r != CAST_MISS) {
                out->casts = L.casts;
                return r == CAST_BAD_HIT   ? AF_ERR_BAD_ARGUMENT
                       : r == CAST_OVERFLOW ? AF_ERR_OVERFLOW
                                            : AF_ERR_NO_CONVERGENCE;
            }
            ta = t;
        }
    }
    out->casts = L.casts;
    return AF_ERR_NO_SOLUTION;
}
