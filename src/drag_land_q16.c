/* SPDX-License-Identifier: MIT */
/*
 * Landing on terrain by raycasts in Q16: the chords, windows and bounds of
 * drag_land_f64.c (read it first), with times as afx, the flight's
 * positions rounded to Q16.16 for the caller's raycast, and the angles of
 * the flight's turn from the math core's atan2 (2^-16 rad: the windows'
 * sizes need no more).
 */
#include <string.h>

#include "drag_cap_q16.h"
#include "drag_q16.h"

/* 30 degrees per bracketing chord, in Q16.16 radians. */
#define LAND_TURN 34315

typedef struct lander {
    afdq_law law;
    const af_body_q16 *start;
    af_raycast_q16 raycast;
    void *user;
    afdq_vec in[3];   /* v0, g, wind */
    afx tolerance;
    afx accel0;     /* |p''(0)| */
    int casts;
} lander;

/* The outcome of a cast. */
enum { CAST_MISS = 0, CAST_HIT = 1, CAST_BUDGET = -2, CAST_OVERFLOW = -3 };

/* Terms of the law at t >= 0. */
static void terms_at(const lander *L, afx t, afdq_coef *k, afdq_terms *terms)
{
    afdq_terms_at(&L->law, t.m > 0 ? afx_dq(t) : afdq_make(0, 0), k, terms);
}

/* The position at t, rounded to Q16.16 (0 when it does not fit). */
static int position_at(const lander *L, afx t, af_vec3_q16 *p)
{
    afdq_coef k;
    afdq_terms terms;
    af_body_q16 state;
    terms_at(L, t, &k, &terms);
    if (!afdq_state(&L->law, L->start, &k, &terms, &state))
        return 0;
    *p = state.position;
    return 1;
}

/* The derivative of the position at t (raw units per second, 64 bits):
 * da v0 + db g (+ (db k) wind = (1 - c) wind for continuous drag). */
static void tangent_at(const lander *L, afx t, afx out[3])
{
    afdq_coef k;
    afdq_terms terms;
    afdq_num coef[3];
    int64_t v[3];
    int i;
    terms_at(L, t, &k, &terms);
    afdq_slopes_of(&L->law, &k, &terms);
    coef[0] = terms.da;
    coef[1] = terms.db;
    coef[2] = k.omc;
    if (!afdq_apply(L->law.continuous ? 3 : 2, coef, 0, L->in, v))
        v[0] = v[1] = v[2] = 0;
    for (i = 0; i < 3; i++)
        out[i] = afx_make(v[i], -16);
}

static afx dot3(const afx a[3], const afx b[3])
{
    return dx_add(dx_add(dx_mul(a[0], b[0]), dx_mul(a[1], b[1])), dx_mul(a[2], b[2]));
}

static afx length3(const afx a[3])
{
    return afx_sqrt(dot3(a, a));
}

/* atan2(y, x) of two afx values, in Q16.16 radians: brought to one scale
 * (only the ratio matters to af_atan2_q16). */
static fix16_t angle_of(afx y, afx x)
{
    int top = y.m == 0 ? x.e : x.m == 0 ? y.e : y.e > x.e ? y.e : x.e;
    int32_t ym = y.m == 0 || top - y.e >= 31 ? 0 : afi_floor_shift32(y.m, top - y.e);
    int32_t xm = x.m == 0 || top - x.e >= 31 ? 0 : afi_floor_shift32(x.m, top - x.e);
    return af_atan2_q16(ym, xm);
}

static afx chord_of(const af_vec3_q16 *pa, const af_vec3_q16 *pb, afx d[3]);

/* The chord's distance bound from the arc, |p''(ta)| (tb - ta)^2 / 8,
 * plus what the rounding of the ray's direction to Q16.16 (2^-17 per
 * component) moves its far end: 2^-16 of its length. A ray that meets
 * the terrain at a shallow angle moves its hit along by that over the
 * angle, so the chord must be short as well as close to the arc. */
static afx chord_sag(const lander *L, afx ta, afx tb)
{
    afdq_coef k;
    afdq_terms terms;
    af_vec3_q16 pa, pb;
    afx span = dx_sub(tb, ta), sag, d[3];
    terms_at(L, ta, &k, &terms);
    sag = afx_mul_dq(dx_mul(L->accel0, dx_mul(span, span)), k.c);
    sag.e -= 3;
    if (position_at(L, ta, &pa) && position_at(L, tb, &pb)) {
        afx reach = chord_of(&pa, &pb, d);
        reach.e -= 16;
        sag = dx_add(sag, reach);
    }
    return sag;
}

/* The angle between the flight's directions at ta and tb, Q16.16 radians. */
static fix16_t chord_turn(const lander *L, afx ta, afx tb)
{
    afx a[3], b[3], c[3];
    tangent_at(L, ta, a);
    tangent_at(L, tb, b);
    c[0] = dx_sub(dx_mul(a[1], b[2]), dx_mul(a[2], b[1]));
    c[1] = dx_sub(dx_mul(a[2], b[0]), dx_mul(a[0], b[2]));
    c[2] = dx_sub(dx_mul(a[0], b[1]), dx_mul(a[1], b[0]));
    return angle_of(length3(c), dot3(a, b));
}

/* The chord from pa to pb as afx (metres), and its length. */
static afx chord_of(const af_vec3_q16 *pa, const af_vec3_q16 *pb, afx d[3])
{
    int i;
    for (i = 0; i < 3; i++)
        d[i] = afx_make((int64_t)(&pb->x)[i] - (&pa->x)[i], -16);
    return length3(d);
}

/* Casts the chord of [ta, tb]; on a hit, *u is the fraction of the chord's
 * length where it hit and *hit the point. A chord of zero length is not
 * cast. */
static int cast_chord(lander *L, afx ta, afx tb, afx *u, af_vec3_q16 *hit)
{
    af_vec3_q16 pa, pb, dir;
    afx d[3], length, along;
    fix16_t raw_length;
    int i;
    if (!position_at(L, ta, &pa) || !position_at(L, tb, &pb))
        return CAST_OVERFLOW;
    length = chord_of(&pa, &pb, d);
    if (length.m == 0)
        return CAST_MISS;
    if (!afx_to_raw(length, &raw_length))
        return CAST_OVERFLOW;
    if (L->casts >= AF_DRAG_LAND_MAX_CASTS)
        return CAST_BUDGET;
    L->casts++;
    for (i = 0; i < 3; i++)
        (void)afx_to_raw(afx_div(d[i], length), &(&dir.x)[i]);
    if (!L->raycast(L->user, &pa, &dir, raw_length, hit))
        return CAST_MISS;
    /* The hit's progress along the chord, as a fraction of its length:
     * (hit - pa).d / |d|^2. */
    {
        afx off[3];
        for (i = 0; i < 3; i++)
            off[i] = afx_make((int64_t)(&hit->x)[i] - (&pa.x)[i], -16);
        along = afx_div(dot3(off, d), dx_mul(length, length));
    }
    if (along.m < 0)
        along.m = 0;
    if (afx_lt(afx_make(1, 0), along))
        along = afx_make(1, 0);
    *u = along;
    return CAST_HIT;
}

/* The time at which the arc is abeam of a point a fraction u along the
 * chord of [ta, tb] (two Newton steps from ta + u (tb - ta)). */
static afx abeam_time(const lander *L, afx ta, afx tb, afx u)
{
    af_vec3_q16 pa, pb;
    afx d[3], length2, t = dx_add(ta, dx_mul(u, dx_sub(tb, ta)));
    int i, j;
    if (!position_at(L, ta, &pa) || !position_at(L, tb, &pb))
        return t;
    (void)chord_of(&pa, &pb, d);
    length2 = dot3(d, d);
    if (length2.m == 0)
        return t;
    for (i = 0; i < 2; i++) {
        af_vec3_q16 p;
        afx off[3], tan[3], progress, rate;
        if (!position_at(L, t, &p))
            break;
        for (j = 0; j < 3; j++)
            off[j] = afx_make((int64_t)(&p.x)[j] - (&pa.x)[j], -16);
        progress = dx_sub(dot3(off, d), dx_mul(u, length2));
        tangent_at(L, t, tan);
        rate = dot3(tan, d);
        if (rate.m <= 0)
            break;
        t = dx_sub(t, afx_div(progress, rate));
        if (afx_lt(t, ta))
            t = ta;
        if (afx_lt(tb, t))
            t = tb;
    }
    return t;
}

/* Casts the head [ta, *t1] of a window; on a hit the window becomes the
 * head: *t2 = *t1, *t1 = ta. */
static int cast_head(lander *L, afx ta, afx *t1, afx *t2, afx *u, af_vec3_q16 *hit)
{
    int r = cast_chord(L, ta, *t1, u, hit);
    if (r == CAST_HIT) {
        *t2 = *t1;
        *t1 = ta;
    }
    return r;
}

/* Narrows a hit chord [ta, tb] (hit at u, point *hit) to the landing, as
 * drag_land_f64.c's refine. */
static int refine(lander *L, afx ta, afx tb, afx u, af_vec3_q16 *hit, afx *t)
{
    int first = 1;
    for (;; first = 0) {
        afx span = dx_sub(tb, ta), tc, w, t1, t2, u2 = { 0, 0 }, frac;
        af_vec3_q16 hit2;
        int r, head_cast;
        fix16_t turn;
        if (!afx_lt(L->tolerance, chord_sag(L, ta, tb))) {
            *t = dx_add(ta, dx_mul(u, span));
            return CAST_HIT;
        }
        tc = abeam_time(L, ta, tb, u);
        /* w = span clamp(turn / 2, 1/32, 1/4) */
        turn = chord_turn(L, ta, tb) / 2;
        if (turn < AFI_ONE / 32)
            turn = AFI_ONE / 32;
        if (turn > AFI_ONE / 4)
            turn = AFI_ONE / 4;
        frac = afx_raw(turn);
        w = dx_mul(span, frac);
        t1 = dx_sub(tc, w);
        if (afx_lt(t1, ta))
            t1 = ta;
        t2 = dx_add(tc, w);
        if (afx_lt(tb, t2))
            t2 = tb;
        r = CAST_MISS;
        head_cast = !afx_lt(ta, t1);
        if (first) {
            head_cast = 1;
            r = cast_head(L, ta, &t1, &t2, &u2, &hit2);
        }
        if (r == CAST_MISS) {
            r = cast_chord(L, t1, t2, &u2, &hit2);
            if (r == CAST_HIT && u2.m == 0 && !head_cast) {
                afx h1 = t1, h2 = t2, hu = u2;
                af_vec3_q16 hh;
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
        if (r == CAST_MISS && afx_lt(t2, tb)) {
            t1 = t2;
            t2 = tb;
            r = cast_chord(L, t1, t2, &u2, &hit2);
        }
        if (r == CAST_MISS && !head_cast) {
            t1 = dx_sub(tc, w);
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
 * turns of the flight's direction (drag_land_f64.c). Returns n. */
static int bracket_times(const lander *L, afx max_time, afx *times)
{
    afdq_num coef[2];
    int64_t G[3];
    afx g[3], v[3], glen, along, across[3], across_len, omega0, lead = { 0, 0 };
    fix16_t turn0;
    int n = 0, chords, j, i;
    times[0].m = 0;
    times[0].e = 0;
    /* G = g + k wind. */
    coef[0] = afdq_make(1, 0);
    coef[1] = L->law.lambda;
    if (!afdq_apply(L->law.continuous ? 2 : 1, coef, 0, &L->in[1], G))
        G[0] = G[1] = G[2] = 0;
    for (i = 0; i < 3; i++) {
        g[i] = afx_make(G[i], -16);
        v[i] = afx_raw((&L->start->velocity.x)[i]);
        if (L->law.move_first) /* the law's launch, v0 - g dt */
            v[i] = dx_sub(v[i], afx_mul_dq(afx_raw((&L->law.model->gravity.x)[i]), L->law.unit));
    }
    glen = length3(g);
    if (glen.m != 0) {
        along = afx_div(dot3(v, g), glen);
        for (i = 0; i < 3; i++)
            across[i] = dx_sub(v[i], dx_mul(along, afx_div(g[i], glen)));
        across_len = length3(across);
        omega0 = afdq_afx(afdq_div(afdq_mul(L->law.sigma, L->law.lag), L->law.rho));
        turn0 = angle_of(across_len, dx_add(along, dx_mul(omega0, glen)));
        chords = (turn0 + LAND_TURN - 1) / LAND_TURN;
        if (chords > AF_DRAG_LAND_BRACKET_CHORDS)
            chords = AF_DRAG_LAND_BRACKET_CHORDS;
        if (!afdq_is_zero(L->law.lag)) {
            afdq_num r = afdq_div(L->law.lag, L->law.rho);
            lead = afdq_afx(afdq_mul(r, afdq_log1p_ratio(afdq_afx(afdq_mul(r, L->law.mu)))));
        }
        for (j = 1; j < chords; j++) {
            fix16_t turn = (fix16_t)((int64_t)turn0 * (chords - j) / chords);
            afx omega, y, t;
            /* omega = (across cot(turn) - along) / g */
            omega = afx_div(dx_sub(afx_div(dx_mul(across_len, afx_raw(af_cos_q16(turn))),
                                            afx_raw(af_sin_q16(turn))),
                                    along),
                            glen);
            omega = afx_div(omega, afdq_afx(L->law.sigma));
            y = afx_mul_dq(omega, L->law.mu);
            if (!afx_lt(afx_make(-1, 0), y))
                continue;
            t = dx_sub(afx_mul_dq(omega, afdq_log1p_ratio(y)), lead);
            if (!afx_lt(t, max_time))
                break;
            if (afx_lt(times[n], t))
                times[++n] = t;
        }
    }
    times[++n] = max_time;
    return n;
}

/* Whether the chord of [ta, t] can be cast: both ends in Q16.16, and
 * shorter than 32768 m (its length is the raycast's Q16.16 max_distance). */
static int chord_fits(const lander *L, afx ta, afx t)
{
    af_vec3_q16 pa, pb;
    afx d[3];
    fix16_t length;
    return position_at(L, ta, &pa) && position_at(L, t, &pb) &&
           afx_to_raw(chord_of(&pa, &pb, d), &length);
}

/* The longest chord from ta towards tb that fits, its end fitting at ta
 * and not at tb: bisection to 2^-30 of tb (30 steps). */
static afx fitting_end(const lander *L, afx ta, afx tb)
{
    afx lo = ta;
    int i;
    for (i = 0; i < 30; i++) {
        afx mid = dx_add(lo, tb);
        mid.e--;
        if (chord_fits(L, ta, mid))
            lo = mid;
        else
            tb = mid;
    }
    return lo;
}

af_status af_drag_land_q16(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t max_time,
                           fix16_t tolerance, af_raycast_q16 raycast, void *user,
                           af_drag_landing_q16 *out)
{
    lander L;
    afx times[AF_DRAG_LAND_BRACKET_CHORDS + 1], end;
    int n, j;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!start || !raycast || max_time <= 0 || tolerance <= 0 ||
        afdq_law_init(drag, &L.law) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    afdq_law_rate(&L.law);
    L.start = start;
    L.raycast = raycast;
    L.user = user;
    L.tolerance = afx_raw(tolerance);
    L.casts = 0;
    afdq_launch_vec(&L.law, &start->velocity, &L.in[0]);
    afdq_vec_of(&drag->gravity, &L.in[1]);
    afdq_vec_of(&drag->wind, &L.in[2]);
    {
        /* |p''(0)| = rho |sigma G - mu v0|, G = g + k wind. */
        afdq_num coef[3];
        int64_t a[3];
        afx av[3];
        afdq_vec in[3];
        int i;
        in[0] = L.in[1];
        in[1] = L.in[2];
        in[2] = L.in[0];
        coef[0] = L.law.sigma;
        coef[1] = afdq_mul(L.law.sigma, L.law.lambda);
        coef[2] = L.law.mu;
        if (!L.law.continuous)
            coef[1] = afdq_make(0, 0);
        if (!afdq_apply(3, coef, 4u, in, a))
            a[0] = a[1] = a[2] = 0;
        for (i = 0; i < 3; i++)
            av[i] = afx_make(a[i], -16);
        L.accel0 = afx_mul_dq(length3(av), L.law.rho);
    }
    end = afx_raw(max_time);
    n = bracket_times(&L, end, times);
    for (j = 0; j < n; j++) {
        /* March along chord j; after terrain the arc clears, on from where
         * the arc is known clear to the chord's end. */
        afx ta = times[j];
        while (afx_lt(ta, times[j + 1])) {
            afx u, stop = times[j + 1], t = stop;
            af_vec3_q16 hit;
            int r;
            /* A chord that Q16.16 cannot hold (an end beyond it, or a
             * length of 32768 m or more) is cast as far as it can be, and
             * the march goes on from there; a flight that leaves Q16.16
             * before it lands is an overflow. */
            if (!chord_fits(&L, ta, stop)) {
                t = stop = fitting_end(&L, ta, stop);
                if (!afx_lt(ta, stop)) {
                    out->casts = L.casts;
                    return AF_ERR_OVERFLOW;
                }
            }
            r = cast_chord(&L, ta, stop, &u, &hit);
            if (r == CAST_HIT)
                r = refine(&L, ta, stop, u, &hit, &t);
            if (r == CAST_HIT) {
                afdq_coef k;
                afdq_terms terms;
                af_body_q16 state;
                fix16_t traw;
                out->casts = L.casts;
                if (!afx_to_raw(t, &traw)) {
                    memset(out, 0, sizeof *out);
                    out->casts = L.casts;
                    return AF_ERR_OVERFLOW;
                }
                terms_at(&L, afx_raw(traw), &k, &terms);
                if (!afdq_state(&L.law, start, &k, &terms, &state)) {
                    memset(out, 0, sizeof *out);
                    out->casts = L.casts;
                    return AF_ERR_OVERFLOW;
                }
                if (afdq_cap(&L.law, start, traw) != AF_OK) {
                    memset(out, 0, sizeof *out);
                    out->casts = L.casts;
                    return AF_ERR_ENGINE_LIMIT;
                }
                out->t = traw;
                out->point = hit;
                out->velocity = state.velocity;
                return AF_OK;
            }
            if (r != CAST_MISS) {
                out->casts = L.casts;
                return r == CAST_OVERFLOW ? AF_ERR_OVERFLOW : AF_ERR_NO_CONVERGENCE;
            }
            ta = t;
        }
    }
    out->casts = L.casts;
    return AF_ERR_NO_SOLUTION;
}
