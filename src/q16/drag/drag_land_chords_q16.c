/* SPDX-License-Identifier: MIT */
/*
 * The flight's chords for the Q16 landing search (drag_land_q16.h): the
 * positions and directions of the flight, a chord's sag below the arc and
 * the turn of the flight along it, the time abeam of a hit, the
 * bracketing chords' ends at equal turns, and the longest chord Q16.16
 * holds. The bounds are drag_land_f64.c's; the angles come from the math
 * core's atan2 (2^-16 rad: the windows' sizes need no more).
 */
#include "drag_land_q16.h"

/* 30 degrees per bracketing chord, in Q16.16 radians. */
#define LAND_TURN 34315

void afq_land_terms_at(const afq_lander *L, afn_snum t, afq_drag_coef *k, afq_drag_terms *terms)
{
    afq_drag_terms_at(&L->law, t.m > 0 ? afn_s_to_u(t) : afn_u_make_trunc(0, 0), k, terms);
}

/* The position at t, rounded to Q16.16 (0 when it does not fit). */
static int position_at(const afq_lander *L, afn_snum t, af_vec3_q16 *p)
{
    afq_drag_coef k;
    afq_drag_terms terms;
    af_body_q16 state;
    afq_land_terms_at(L, t, &k, &terms);
    if (!afq_drag_state(&L->law, L->start, &k, &terms, &state))
        return 0;
    *p = state.position;
    return 1;
}

/* The derivative of the position at t (raw units per second, 64 bits):
 * da v0 + db g (+ (db k) wind = (1 - c) wind for continuous drag). */
static void tangent_at(const afq_lander *L, afn_snum t, afn_snum out[3])
{
    afq_drag_coef k;
    afq_drag_terms terms;
    afn_unum coef[3];
    int64_t v[3];
    int i;
    afq_land_terms_at(L, t, &k, &terms);
    afq_drag_slopes_of(&L->law, &k, &terms);
    coef[0] = terms.da;
    coef[1] = terms.db;
    coef[2] = k.omc;
    if (!afq_drag_apply(L->law.continuous ? 3 : 2, coef, 0, L->in, v))
        v[0] = v[1] = v[2] = 0;
    for (i = 0; i < 3; i++)
        out[i] = afn_s_make_near(v[i], -16);
}

static afn_snum length3(const afn_snum a[3])
{
    return afn_s_sqrt_near(afn_s_dot3_trunc(a, a));
}

/* atan2(y, x) of two afn_snum values, in Q16.16 radians: brought to one scale
 * (only the ratio matters to af_atan2_q16). */
static fix16_t angle_of(afn_snum y, afn_snum x)
{
    int top = y.m == 0 ? x.e : x.m == 0 ? y.e : y.e > x.e ? y.e : x.e;
    int32_t ym = y.m == 0 || top - y.e >= 31 ? 0 : afi_floor_shift32(y.m, top - y.e);
    int32_t xm = x.m == 0 || top - x.e >= 31 ? 0 : afi_floor_shift32(x.m, top - x.e);
    return af_atan2_q16(ym, xm);
}

/* The chord from pa to pb as afn_snum (metres), and its length. */
static afn_snum chord_of(const af_vec3_q16 *pa, const af_vec3_q16 *pb, afn_snum d[3])
{
    int i;
    for (i = 0; i < 3; i++)
        d[i] = afn_s_make_near((int64_t)(&pb->x)[i] - (&pa->x)[i], -16);
    return length3(d);
}

afn_snum afq_land_chord_sag(const afq_lander *L, afn_snum ta, afn_snum tb)
{
    afq_drag_coef k;
    afq_drag_terms terms;
    af_vec3_q16 pa, pb;
    afn_snum span = afn_s_sub_trunc(tb, ta), sag, d[3];
    afq_land_terms_at(L, ta, &k, &terms);
    sag = afn_s_mul_u_trunc(afn_s_mul_trunc(L->accel0, afn_s_mul_trunc(span, span)), k.c);
    sag.e -= 3;
    if (position_at(L, ta, &pa) && position_at(L, tb, &pb)) {
        afn_snum reach = chord_of(&pa, &pb, d);
        reach.e -= 16;
        sag = afn_s_add_trunc(sag, reach);
    }
    return sag;
}

fix16_t afq_land_chord_turn(const afq_lander *L, afn_snum ta, afn_snum tb)
{
    afn_snum a[3], b[3], c[3];
    tangent_at(L, ta, a);
    tangent_at(L, tb, b);
    c[0] = afn_s_sub_trunc(afn_s_mul_trunc(a[1], b[2]), afn_s_mul_trunc(a[2], b[1]));
    c[1] = afn_s_sub_trunc(afn_s_mul_trunc(a[2], b[0]), afn_s_mul_trunc(a[0], b[2]));
    c[2] = afn_s_sub_trunc(afn_s_mul_trunc(a[0], b[1]), afn_s_mul_trunc(a[1], b[0]));
    return angle_of(length3(c), afn_s_dot3_trunc(a, b));
}

afn_snum afq_land_abeam_time(const afq_lander *L, afn_snum ta, afn_snum tb, afn_snum u)
{
    af_vec3_q16 pa, pb;
    afn_snum d[3], length2, t = afn_s_add_trunc(ta, afn_s_mul_trunc(u, afn_s_sub_trunc(tb, ta)));
    int i, j;
    if (!position_at(L, ta, &pa) || !position_at(L, tb, &pb))
        return t;
    (void)chord_of(&pa, &pb, d);
    length2 = afn_s_dot3_trunc(d, d);
    if (length2.m == 0)
        return t;
    for (i = 0; i < 2; i++) {
        af_vec3_q16 p;
        afn_snum off[3], tan[3], progress, rate;
        if (!position_at(L, t, &p))
            break;
        for (j = 0; j < 3; j++)
            off[j] = afn_s_make_near((int64_t)(&p.x)[j] - (&pa.x)[j], -16);
        progress = afn_s_sub_trunc(afn_s_dot3_trunc(off, d), afn_s_mul_trunc(u, length2));
        tangent_at(L, t, tan);
        rate = afn_s_dot3_trunc(tan, d);
        if (rate.m <= 0)
            break;
        t = afn_s_sub_trunc(t, afn_s_div_near(progress, rate));
        if (afn_s_lt(t, ta))
            t = ta;
        if (afn_s_lt(tb, t))
            t = tb;
    }
    return t;
}

int afq_land_bracket_times(const afq_lander *L, afn_snum max_time, afn_snum *times)
{
    afn_unum coef[2];
    int64_t G[3];
    afn_snum g[3], v[3], glen, along, across[3], across_len, omega0, lead = { 0, 0 };
    fix16_t turn0;
    int n = 0, chords, j, i;
    times[0].m = 0;
    times[0].e = 0;
    /* G = g + k wind. */
    coef[0] = afn_u_make_trunc(1, 0);
    coef[1] = L->law.lambda;
    if (!afq_drag_apply(L->law.continuous ? 2 : 1, coef, 0, &L->in[1], G))
        G[0] = G[1] = G[2] = 0;
    for (i = 0; i < 3; i++) {
        g[i] = afn_s_make_near(G[i], -16);
        v[i] = afn_s_raw((&L->start->velocity.x)[i]);
        if (L->law.move_first) /* the law's launch, v0 - g dt */
            v[i] = afn_s_sub_trunc(
                v[i], afn_s_mul_u_trunc(afn_s_raw((&L->law.model->gravity.x)[i]), L->law.unit));
    }
    glen = length3(g);
    if (glen.m != 0) {
        along = afn_s_div_near(afn_s_dot3_trunc(v, g), glen);
        for (i = 0; i < 3; i++)
            across[i] = afn_s_sub_trunc(v[i], afn_s_mul_trunc(along, afn_s_div_near(g[i], glen)));
        across_len = length3(across);
        omega0 = afn_u_to_s_sticky(
            afn_u_div_trunc(afn_u_mul_trunc(L->law.sigma, L->law.lag), L->law.rho));
        turn0 = angle_of(across_len, afn_s_add_trunc(along, afn_s_mul_trunc(omega0, glen)));
        chords = (turn0 + LAND_TURN - 1) / LAND_TURN;
        if (chords > AF_DRAG_LAND_BRACKET_CHORDS)
            chords = AF_DRAG_LAND_BRACKET_CHORDS;
        if (!afn_u_is_zero(L->law.lag)) {
            afn_unum r = afn_u_div_trunc(L->law.lag, L->law.rho);
            lead = afn_u_to_s_sticky(afn_u_mul_trunc(
                r, afq_drag_log1p_ratio(afn_u_to_s_sticky(afn_u_mul_trunc(r, L->law.mu)))));
        }
        for (j = 1; j < chords; j++) {
            fix16_t turn = (fix16_t)((int64_t)turn0 * (chords - j) / chords);
            afn_snum omega, y, t;
            /* omega = (across cot(turn) - along) / g */
            omega = afn_s_div_near(
                afn_s_sub_trunc(
                    afn_s_div_near(afn_s_mul_trunc(across_len, afn_s_raw(af_cos_q16(turn))),
                                   afn_s_raw(af_sin_q16(turn))),
                    along),
                glen);
            omega = afn_s_div_near(omega, afn_u_to_s_sticky(L->law.sigma));
            y = afn_s_mul_u_trunc(omega, L->law.mu);
            if (!afn_s_lt(afn_s_make_near(-1, 0), y))
                continue;
            t = afn_s_sub_trunc(afn_s_mul_u_trunc(omega, afq_drag_log1p_ratio(y)), lead);
            if (!afn_s_lt(t, max_time))
                break;
            if (afn_s_lt(times[n], t))
                times[++n] = t;
        }
    }
    times[++n] = max_time;
    return n;
}

int afq_land_chord_fits(const afq_lander *L, afn_snum ta, afn_snum t)
{
    af_vec3_q16 pa, pb;
    afn_snum d[3];
    fix16_t length;
    return position_at(L, ta, &pa) && position_at(L, t, &pb) &&
           afn_s_to_raw_near(chord_of(&pa, &pb, d), &length);
}

/* The longest chord from ta towards tb that fits, its end fitting at ta
 * and not at tb: bisection to 2^-30 of tb (30 steps). */
afn_snum afq_land_fitting_end(const afq_lander *L, afn_snum ta, afn_snum tb)
{
    afn_snum lo = ta;
    int i;
    for (i = 0; i < 30; i++) {
        afn_snum mid = afn_s_add_trunc(lo, tb);
        mid.e--;
        if (afq_land_chord_fits(L, ta, mid))
            lo = mid;
        else
            tb = mid;
    }
    return lo;
}

void afq_land_inputs(afq_lander *L, const af_drag_q16 *drag)
{
    afn_unum coef[3];
    int64_t a[3];
    afn_snum av[3];
    afq_drag_vec in[3];
    int i;
    afq_drag_launch_vec(&L->law, &L->start->velocity, &L->in[0]);
    afq_drag_vec_of(&drag->gravity, &L->in[1]);
    afq_drag_vec_of(&drag->wind, &L->in[2]);
    in[0] = L->in[1];
    in[1] = L->in[2];
    in[2] = L->in[0];
    coef[0] = L->law.sigma;
    coef[1] = afn_u_mul_trunc(L->law.sigma, L->law.lambda);
    coef[2] = L->law.mu;
    if (!L->law.continuous)
        coef[1] = afn_u_make_trunc(0, 0);
    if (!afq_drag_apply(3, coef, 4u, in, a))
        a[0] = a[1] = a[2] = 0;
    for (i = 0; i < 3; i++)
        av[i] = afn_s_make_near(a[i], -16);
    L->accel0 = afn_s_mul_u_trunc(length3(av), L->law.rho);
}

int afq_land_cast_chord(afq_lander *L, afn_snum ta, afn_snum tb, afn_snum *u, af_vec3_q16 *hit)
{
    af_vec3_q16 pa, pb, dir;
    afn_snum d[3], length, along;
    fix16_t raw_length;
    int i;
    if (!position_at(L, ta, &pa) || !position_at(L, tb, &pb))
        return AFQ_CAST_OVERFLOW;
    length = chord_of(&pa, &pb, d);
    if (length.m == 0)
        return AFQ_CAST_MISS;
    if (!afn_s_to_raw_near(length, &raw_length))
        return AFQ_CAST_OVERFLOW;
    if (L->casts >= AF_DRAG_LAND_MAX_CASTS)
        return AFQ_CAST_BUDGET;
    L->casts++;
    for (i = 0; i < 3; i++)
        (void)afn_s_to_raw_near(afn_s_div_near(d[i], length), &(&dir.x)[i]);
    if (!L->raycast(L->user, &pa, &dir, raw_length, hit))
        return AFQ_CAST_MISS;
    /* The hit's progress along the chord, as a fraction of its length:
     * (hit - pa).d / |d|^2. */
    {
        afn_snum off[3];
        for (i = 0; i < 3; i++)
            off[i] = afn_s_make_near((int64_t)(&hit->x)[i] - (&pa.x)[i], -16);
        along = afn_s_div_near(afn_s_dot3_trunc(off, d), afn_s_mul_trunc(length, length));
    }
    if (along.m < 0)
        along.m = 0;
    if (afn_s_lt(afn_s_make_near(1, 0), along))
        along = afn_s_make_near(1, 0);
    *u = along;
    return AFQ_CAST_HIT;
}
