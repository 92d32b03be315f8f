/* SPDX-License-Identifier: MIT */
/*
 * The fixed-speed aim's usual scene in Q16: the speed equation convex,
 * its roots by Newton's method from the ends (drag_aim_scan_q16.c's scan
 * for every other scene).
 *
 * With w = a u (u the launcher's velocity for a meeting at T), every law
 * gives w'' = -da Ge for one constant vector
 *     Ge = sigma g + mu wind - mu v_s (+ mu dt g for an engine moving first)
 * (the wind's term for continuous drag, v_s when inherited), and a'' =
 * -mu da <= 0. So phi = w.Ge is concave (phi'' = -da |Ge|^2), and
 *     g(T) = |w| - speed a,   |w|'' = (|w'|^2 - (w.w')^2 / |w|^2) / |w| - da phi / |w|,
 * is convex wherever phi <= 0: where the launch leans against Ge, in
 * practice wherever the shot is not aimed down. g has F's sign (g = a F).
 * phi <= 0 over [t_lo, t_hi] is proved from the tangents of the concave
 * phi at the ends. A convex g has at most two roots, one each side of its
 * minimum; it lies above every tangent, so Newton's method from an end
 * where g > 0 moves towards the nearest root without passing it, and two
 * tangents whose zeros cross (or a slope pointing away) prove there is
 * none. No scan, no turning point to isolate, and each root in a few
 * steps. Whatever this cannot settle (a step that lands below zero, a
 * near-double root still moving after the step bound) goes to the scan.
 */
#include "drag_aim_q16.h"

/* Evaluations per solve: a simple root takes five or six steps from an
 * end; more is a near-double root, left to the scan. */
#define CONVEX_MAX_EVALS 28

typedef struct convex_point {
    afn_unum T;
    afn_snum g, slope, noise; /* a F, da F + a F', a (F's noise) */
    afq_aim_eval ev;
} convex_point;

/* g at T; 0 when the launch does not fit (the scan decides then). */
static int convex_at(const afq_aim_problem *pb, afn_unum T, convex_point *p)
{
    afq_aim_evaluate(pb, T, &p->ev);
    if (p->ev.a.m == 0)
        return 0;
    p->T = T;
    p->g = afn_s_mul_u_trunc_compact(p->ev.f, p->ev.a);
    p->slope = afn_s_add_trunc_compact(afn_s_mul_u_trunc_compact(p->ev.f, p->ev.da),
                                       afn_s_mul_u_trunc_compact(p->ev.slope, p->ev.a));
    p->noise = afn_s_mul_u_trunc_compact(p->ev.noise, p->ev.a);
    return 1;
}

static int within_noise(const convex_point *p)
{
    return !afn_s_mag_less(p->ev.noise, p->ev.f);
}

/* The scene's dot products with Ge: V.Ge, g.Ge, wind.Ge, v_s.Ge. */
typedef struct lean_dots {
    afn_snum v, g, wind, vs;
} lean_dots;

/* phi and phi' at an evaluation, divided by a (phi' by nothing): u.Ge
 * and w'.Ge = V.Ge - db g.Ge - (1 - c) wind.Ge + da (dt g - v_s).Ge, each
 * made worse by its rounding for the tangent on the side `later` (phi
 * raised, phi' raised for the tangent towards later times, lowered for
 * the one towards earlier ones: the proof fails safe). */
static void lean_of(const afq_aim_problem *pb, const afn_snum ge[3], afn_unum ge_len,
                    const lean_dots *dots, const convex_point *p, int later, afn_snum *phi,
                    afn_snum *dphi)
{
    afn_snum d =
        afn_s_add_trunc_compact(dots->v, afn_s_neg(afn_s_mul_u_trunc_compact(dots->g, p->ev.db)));
    afn_snum own = afn_s_make_trunc(0, 0), err;
    afn_unum size;
    *phi = afn_s_dot3_trunc_compact(p->ev.u, ge);
    /* u to its noise plus 2^-26 of |u|, each dot product to 2^-26. */
    size = afn_u_add_trunc_compact(afn_s_to_u(p->ev.noise), afn_u_scale(p->ev.ulen, -24));
    *phi = afn_s_add_trunc_compact(*phi, afn_u_to_s_sticky(afn_u_mul_trunc_compact(size, ge_len)));
    if (pb->law.continuous && pb->len[3].m != 0)
        d = afn_s_add_trunc_compact(d, afn_s_neg(afn_s_mul_u_trunc_compact(dots->wind, p->ev.omc)));
    if (pb->law.move_first)
        own = afn_s_mul_u_trunc_compact(dots->g, pb->law.unit);
    if (pb->inherit)
        own = afn_s_add_trunc_compact(own, afn_s_neg(dots->vs));
    d = afn_s_add_trunc_compact(d, afn_s_mul_u_trunc_compact(own, p->ev.da));
    /* 2^-24 of the terms' size: |V| + |g| db + |wind| + |v_s| + |g| dt. */
    size = afn_u_add_trunc_compact(
        afn_u_add_trunc_compact(pb->len[1], afn_u_mul_trunc_compact(pb->len[2], p->ev.db)),
        afn_u_add_trunc_compact(pb->len[3], pb->len[4]));
    err = afn_u_to_s_sticky(afn_u_mul_trunc_compact(afn_u_scale(size, -24), ge_len));
    *dphi = afn_s_add_trunc_compact(d, later ? err : afn_s_neg(err));
}

/* Where phi <= 0 is proved, from the tangents of the concave phi at L
 * and R: it lies below both. 1 for all of [L, R] (the lower tangent's
 * largest value at an end or where they cross: phi_L p_R + p_L phi_R -
 * p_L p_R h <= 0 there when p_L > 0 > p_R); 2 for [*from, R] only, past
 * where a falling tangent reaches zero (the aim leaning down before it);
 * 0 when not even that. */
static int convex_from(const afq_aim_problem *pb, const convex_point *L, const convex_point *R,
                       afn_unum *from)
{
    afn_snum ge[3], phiL, phiR, pL, pR;
    afn_unum ge_len;
    lean_dots dots;
    int i;
    for (i = 0; i < 3; i++) {
        afn_snum gi = afn_s_mul_u_trunc_compact(pb->dir[1][i], pb->law.sigma), m = { 0, 0 };
        if (pb->law.continuous)
            m = pb->dir[2][i];
        if (pb->law.move_first)
            m = afn_s_add_trunc_compact(m, afn_s_mul_u_trunc_compact(pb->dir[1][i], pb->law.unit));
        if (pb->inherit)
            m = afn_s_add_trunc_compact(m, afn_s_neg(pb->dir[3][i]));
        ge[i] = afn_s_add_trunc_compact(gi, afn_s_mul_u_trunc_compact(m, pb->law.mu));
    }
    ge_len = afn_u_add_trunc_compact(
        afn_u_add_trunc_compact(afn_s_to_u(ge[0]), afn_s_to_u(ge[1])), afn_s_to_u(ge[2]));
    dots.v = afn_s_dot3_trunc_compact(pb->dir[0], ge);
    dots.g = afn_s_dot3_trunc_compact(pb->dir[1], ge);
    dots.wind = afn_s_dot3_trunc_compact(pb->dir[2], ge);
    dots.vs = afn_s_dot3_trunc_compact(pb->dir[3], ge);
    lean_of(pb, ge, ge_len, &dots, L, 1, &phiL, &pL);
    lean_of(pb, ge, ge_len, &dots, R, 0, &phiR, &pR);
    if (phiR.m > 0)
        return 0;
    if (phiL.m > 0) {
        /* phi <= 0 past R - |phi_R| / |p_R| and past L + phi_L / |p_L|. */
        afn_unum x = R->T;
        if (pR.m < 0) {
            afn_unum back = afn_u_div_trunc(afn_u_mul_trunc_compact(afn_s_to_u(phiR), R->ev.a),
                                            afn_s_to_u(pR));
            x = afn_u_less(back, R->T) ? afn_u_sub_trunc(R->T, back) : afn_u_make_trunc(0, 0);
        }
        if (pL.m < 0) {
            afn_unum on = afn_u_add_trunc_compact(
                L->T, afn_u_div_trunc(afn_u_mul_trunc_compact(afn_s_to_u(phiL), L->ev.a),
                                      afn_s_to_u(pL)));
            if (afn_u_less(on, x))
                x = on;
        }
        /* A hair later, for the rounding of the division. */
        x = afn_u_add_trunc_compact(x, afn_u_scale(x, -24));
        if (!afn_u_less(L->T, x) || !afn_u_less(x, R->T))
            return 0;
        *from = x;
        return 2;
    }
    if (pL.m <= 0 || pR.m >= 0)
        return 1;
    /* phi = a (u.Ge): the ends' values times their a. Both terms on the
     * left are <= 0, the one on the right >= 0; 2^-20 of it for the
     * rounding. */
    {
        afn_unum t1 = afn_u_mul_trunc_compact(afn_s_to_u(pL),
                                              afn_u_mul_trunc_compact(afn_s_to_u(phiR), R->ev.a));
        afn_unum t2 = afn_u_mul_trunc_compact(afn_s_to_u(pR),
                                              afn_u_mul_trunc_compact(afn_s_to_u(phiL), L->ev.a));
        afn_unum t3 = afn_u_mul_trunc_compact(
            afn_u_mul_trunc_compact(afn_s_to_u(pL), afn_s_to_u(pR)), afn_u_sub_trunc(R->T, L->T));
        t3 = afn_u_add_trunc_compact(t3, afn_u_scale(t3, -20));
        return !afn_u_less(afn_u_add_trunc_compact(t1, t2), t3);
    }
}

/* Newton's step from p: T - g / g', and g / g' in *delta (p's slope not
 * zero). */
static afn_snum newton_to(const convex_point *p, afn_snum *delta)
{
    *delta = afn_s_div_near(p->g, p->slope);
    return afn_s_add_trunc_compact(afn_u_to_s_sticky(p->T), afn_s_neg(*delta));
}

/* Newton's step from p (g > 0) rightwards (towards later times) or
 * leftwards: its landing point in *next; 0 when the tangent points away
 * (a slope of the wrong sign, or zero: no root that way), or lands at or
 * below 0. *tiny when the step is within 2^-30 of T. */
static int newton_next(const convex_point *p, int rightwards, afn_unum *next, int *tiny)
{
    afn_snum delta, x;
    if (p->slope.m == 0 || (p->slope.m < 0) != rightwards)
        return 0;
    x = newton_to(p, &delta);
    if (x.m <= 0)
        return 0;
    *next = afn_s_to_u(x);
    *tiny = afn_u_less(afn_s_to_u(delta), afn_u_scale(p->T, -30));
    return 1;
}

/* One side's search: Newton from *p (g > 0 there) towards the nearest
 * root. Returns 1 with the root in *root, 0 while it goes on (*p moved),
 * -1 for the scan (the step landed where g < 0: rounding the proof did
 * not foresee, or the launch there does not fit). */
static int newton_side(const afq_aim_problem *pb, convex_point *p, afn_unum next, int tiny,
                       afn_unum *root)
{
    convex_point q;
    if (tiny) {
        *root = next;
        return 1;
    }
    if (!convex_at(pb, next, &q))
        return -1;
    if (within_noise(&q)) {
        /* One more Newton correction from there, without evaluating:
         * F within its noise still leaves the root up to noise / |F'|
         * away, and the step knows which way. Not one longer than the
         * step that led here: Newton's steps shrink towards a root, and
         * one that grows is at the bottom of a dip within the noise (no
         * root, or a double one), where the tangent points anywhere; nor
         * one from a slope that turned since p: past the bottom, it
         * points at the other side's root (a step from max_time landing
         * at a dip 1e-6 s wide went on to where F is 5000 m/s). */
        afn_snum delta, x = newton_to(&q, &delta);
        afn_unum d = afn_s_to_u(delta);
        afn_unum step = afn_u_less(p->T, next) ? afn_u_sub_trunc(next, p->T)
                                               : afn_u_sub_trunc(p->T, next);
        *root = next;
        if (q.slope.m != 0 && (q.slope.m < 0) == (p->slope.m < 0) &&
            afn_u_less(d, afn_u_scale(next, -10)) && afn_u_less(d, step))
            *root = afn_s_to_u(x);
        return 1;
    }
    if (q.g.m < 0)
        return -1;
    *p = q;
    return 0;
}

/*
 * The search over [L, R] where g is convex: the roots in increasing
 * order appended to roots (n so far); the new count, or -1.
 * lo_root: L within F's noise is a root (else it only starts the
 * stretch: g's sign there decides).
 */
static int convex_search(const afq_aim_problem *pb, convex_point L, convex_point R, int lo_root,
                         afn_snum *roots, int n)
{
    /* Side 0 searches from L rightwards, side 1 from R leftwards. */
    convex_point P[2];
    afn_unum found[2], z[2];
    int evals = 0, on[2], zero[2], sign[2], tiny[2] = { 0, 0 }, got[2] = { 0, 0 }, s;
    P[0] = L;
    P[1] = R;
    /* An end within F's noise is a root there (t_lo and t_hi bound the
     * search: no evaluation can tell a root just past them). */
    for (s = 0; s < 2; s++) {
        zero[s] = within_noise(&P[s]);
        sign[s] = zero[s] ? 0 : P[s].g.m > 0 ? 1 : -1;
    }
    /* Which sides search: from an end where g > 0 towards the other,
     * when g has either sign there (both search when positive at both),
     * or is zero there but reached it rising (g dipped below between) or
     * flat (its minimum there or, a hair below zero, a crossing before:
     * a target receding at the speed asked from one LSB away) or is below
     * zero within the noise (g crossed before it: where g is flat, far
     * before; a target receding at the speed asked). */
    on[0] = sign[0] > 0 && (sign[1] != 0 || R.slope.m >= 0 || R.g.m < 0);
    on[1] = sign[1] > 0 && (sign[0] != 0 || L.slope.m <= 0 || L.g.m < 0);
    if (zero[0] && lo_root)
        n = afq_aim_add_root(roots, n, afn_u_to_s_sticky(L.T));
    while (on[0] || on[1]) {
        int both = on[0] && on[1], r;
        if (evals >= CONVEX_MAX_EVALS)
            return -1;
        for (s = 0; s < 2; s++)
            if (on[s] && !newton_next(&P[s], !s, &z[s], &tiny[s])) {
                if (!both)
                    return -1;
                on[0] = on[1] = 0; /* rising from a positive g: none */
            }
        /* Tangent zeros that meet or cross: g above both, no root. */
        if ((!on[0] && !on[1]) || (both && !afn_u_less(z[0], z[1])))
            break;
        /* A lone side's step at or past the other end: the root there
         * (already found, or the end's own), else rounding's. */
        for (s = 0; s < 2; s++)
            if (on[s] && !afn_u_less(s ? P[0].T : z[0], s ? z[1] : P[1].T)) {
                if (!got[!s] && !zero[!s])
                    return -1;
                on[0] = on[1] = 0;
            }
        for (s = 0; s < 2; s++) {
            if (!on[s])
                continue;
            evals += !tiny[s];
            r = newton_side(pb, &P[s], z[s], tiny[s], &found[s]);
            if (r < 0)
                return -1;
            if (r > 0) {
                P[s].T = found[s];
                got[s] = 1;
                on[s] = 0;
            }
        }
    }
    /* The sides' roots in order (crossed only by rounding, at a double
     * root: afq_aim_add_root keeps one). */
    for (s = 0; s < 2; s++)
        if (got[s])
            n = afq_aim_add_root(roots, n, afn_u_to_s_sticky(found[s]));
    if (zero[1])
        n = afq_aim_add_root(roots, n, afn_u_to_s_sticky(R.T));
    return n;
}

/*
 * The roots of F in [t_lo, t_hi] (t_lo bounding them from below), in
 * increasing order, into roots: their count, or -1 when the scan must
 * decide (an accelerating target, g not proved convex, a step this
 * cannot settle). Where the aim leans down at first, the scan takes
 * [t_lo, from] and the convex search the rest.
 */
int afq_aim_convex_roots(afq_aim_problem *pb, afn_unum t_lo, afn_unum t_hi, afn_snum *roots)
{
    convex_point L, R, M;
    afn_unum from;
    int n, proved;
    if (pb->accel || !convex_at(pb, t_lo, &L) || !convex_at(pb, t_hi, &R))
        return -1;
    proved = convex_from(pb, &L, &R, &from);
    if (proved == 1)
        return convex_search(pb, L, R, 1, roots, 0);
    if (proved == 0 || !convex_at(pb, from, &M))
        return -1;
    n = afq_aim_scan_roots(pb, t_lo, from, 1, roots);
    return convex_search(pb, M, R, 1, roots, n);
}
