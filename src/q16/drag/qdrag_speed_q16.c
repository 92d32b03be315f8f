/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16: the launch velocities of a
 * chosen speed. As af_qdrag_aim_speed_f64: F(T) = |u(T)| - speed, u(T) the
 * fixed-time aim, sampled at AF_QDRAG_AIM_SCAN_POINTS times spaced
 * geometrically (each aim started from the last one and its derivative in
 * T); each sign change is narrowed to one raw unit of T (regula falsi,
 * every other step a halving: at most AF_QDRAG_Q16_ROOT_ITER samples), and
 * each sampled dip of F (F'(T) changing sign towards zero) is located by
 * halving on the sign of F' and checked, so that two close arcs are not
 * lost.
 */
#include <string.h>

#include "qdrag_aim_q16.h"

/* F of a time whose fixed-time aim fails: out of reach. */
#define OUT_OF_REACH INT32_MAX
/* Flights of the joint Newton iteration on one root. */
#define JOINT_ITER 8

typedef struct scan {
    afq_qd_aim pb;
    fix16_t speed;
    int static_target;
    int have;             /* an aim to start the next from */
    fix16_t t_last;       /* its time */
    af_vec3_q16 v_last;   /* its world launch velocity */
    af_vec3_q16 dv_last;  /* and that velocity's derivative in T */
    /* The scan's samples: whether one was out of reach, whether F rose
     * then fell again (more than one dip), and the one of least F. */
    int unreachable, humped, rose;
    fix16_t f_prev;
    int have_prev;
} scan;

typedef struct sample {
    fix16_t T, F, F1; /* time, F and F' (OUT_OF_REACH / 0 when the aim fails) */
    af_vec3_q16 v;    /* the world launch velocity */
    af_vec3_q16 dv;   /* its derivative in T */
} sample;

/* Notes a scan's grid sample in sc's shape of F (see scan), and keeps
 * the one of least F in *lowest. */
static void note(scan *sc, const sample *s, sample *lowest)
{
    if (s->F == OUT_OF_REACH) {
        sc->unreachable = 1;
        return;
    }
    if (sc->have_prev && s->F > sc->f_prev)
        sc->rose = 1;
    else if (sc->have_prev && s->F < sc->f_prev && sc->rose)
        sc->humped = 1;
    sc->f_prev = s->F;
    sc->have_prev = 1;
    if (lowest->F == OUT_OF_REACH || s->F < lowest->F)
        *lowest = *s;
}

/* The guess for T from the last aim: v + dv (T - t). */
static int guess_from_last(const scan *sc, fix16_t T, af_vec3_q16 *g)
{
    return sc->have && afq_qd_add_scaled(&sc->v_last, &sc->dv_last, T - sc->t_last, g) == AF_OK;
}

static void evaluate(scan *sc, fix16_t T, int sign_only, sample *s)
{
    af_vec3_q16 g, v, dv, u;
    fix16_t len;
    int64_t dot;
    fix16_t d;
    af_status st = AF_ERR_NO_CONVERGENCE;
    s->T = T;
    s->F = OUT_OF_REACH;
    s->F1 = 0;
    memset(&s->v, 0, sizeof s->v);
    memset(&s->dv, 0, sizeof s->dv);
    sc->pb.settle = sign_only ? sc->speed : 0;
    if (guess_from_last(sc, T, &g))
        st = afq_qd_aim_time(&sc->pb, T, &g, &v, &dv);
    if (st != AF_OK)
        st = afq_qd_aim_time(&sc->pb, T, NULL, &v, &dv);
    u = v;
    if (st == AF_OK && sc->pb.inherit)
        st = af_vec3_sub_q16(&v, &sc->pb.shooter.velocity, &u);
    if (st == AF_OK)
        st = af_vec3_len_q16(&u, &len);
    if (st != AF_OK) {
        sc->have = 0;
        return;
    }
    sc->have = 1;
    sc->t_last = T;
    sc->v_last = v;
    sc->dv_last = dv;
    s->v = v;
    s->dv = dv;
    s->F = len - sc->speed;
    /* F' = u . dv / |u|, saturated (only its sign and rough size steer). */
    if (len > 0 && af_vec3_dot_q16(&u, &dv, &dot) == AF_OK &&
        af_round_q32_q16(dot, &d) == AF_OK && af_div_q16(d, len, &s->F1) == AF_OK)
        return;
    s->F1 = len > 0 ? (dot < 0 ? -INT32_MAX : INT32_MAX) : 0;
}

static int negative(const sample *s)
{
    return s->F < 0;
}

/* The sign change between a and b narrowed to one raw unit of T; the
 * end of smaller |F| into *root. */
static void narrow(scan *sc, sample a, sample b, sample *root)
{
    int it;
    for (it = 0; it < AF_QDRAG_Q16_ROOT_ITER && b.T - a.T > 1 && a.F != 0 && b.F != 0; it++) {
        fix16_t x = a.T + (b.T - a.T) / 2, f;
        sample m;
        /* Regula falsi on even iterations (both ends in reach), a halving
         * on odd ones: the bracket at least halves every two. */
        if (!(it & 1) && a.F != OUT_OF_REACH && b.F != OUT_OF_REACH &&
            af_muldiv_q16(b.T - a.T, a.F, a.F - b.F, &f) == AF_OK && f > 0 && f < b.T - a.T)
            x = a.T + f;
        evaluate(sc, x, 1, &m);
        if (negative(&m) == negative(&a))
            a = m;
        else
            b = m;
    }
    if (a.F == OUT_OF_REACH)
        *root = b;
    else if (b.F == OUT_OF_REACH)
        *root = a;
    else
        *root = (a.F < 0 ? -a.F : a.F) <= (b.F < 0 ? -b.F : b.F) ? a : b;
}

/* The turning point of F between a and b (F' changes sign): halvings on
 * the sign of F' until one raw unit of T, or AF_QDRAG_Q16_ROOT_ITER. */
static void dip(scan *sc, sample a, sample b, sample *m)
{
    int it, down = a.F1 < 0;
    *m = a;
    for (it = 0; it < AF_QDRAG_Q16_ROOT_ITER && b.T - a.T > 1; it++) {
        evaluate(sc, a.T + (b.T - a.T) / 2, 1, m);
        if (m->F == OUT_OF_REACH)
            return;
        if ((m->F1 < 0) == down)
            a = *m;
        else
            b = *m;
    }
    *m = (a.F < 0 ? -a.F : a.F) <= (b.F < 0 ? -b.F : b.F) ? a : b;
}

/* v = vs + u resized to the speed. */
static af_status on_sphere(const scan *sc, const af_vec3_q16 *vs, const af_vec3_q16 *u,
                           af_vec3_q16 *v)
{
    af_vec3_q16 w;
    af_status st = af_vec3_resize_q16(u, sc->speed, &w);
    if (st == AF_OK)
        st = af_vec3_add_q16(vs, &w, v);
    return st;
}

/*
 * Newton's method on the launch velocity and the time together, as in
 * f64: the miss p(T; v) - P(T) = 0 with the launch speed held on its
 * sphere; with x_m = J^-1 (-miss) and x_a = J^-1 (v(T) - V), dT = n.x_m /
 * n.x_a and u += x_m - x_a dT (n the launch direction), u then resized to
 * the speed. 1 with (T, v) once the miss is within 2 LSB, or within the
 * aim's allowance when a step no longer halves it, T inside [lo, hi].
 */
static int joint(const scan *sc, fix16_t lo, fix16_t hi, fix16_t *T, af_vec3_q16 *v)
{
    const afq_qd_aim *pb = &sc->pb;
    af_vec3_q16 vs = { 0, 0, 0 }, u;
    uint64_t prev = UINT64_MAX;
    int it;
    if (pb->inherit)
        vs = pb->shooter.velocity;
    if (af_vec3_sub_q16(v, &vs, &u) != AF_OK || on_sphere(sc, &vs, &u, v) != AF_OK)
        return 0;
    for (it = 0; it < JOINT_ITER; it++) {
        af_vec3_q16 P, V, miss, rel, xm3, xa3, n;
        af_body_q16 end;
        afq_qd_jacobian jac;
        int32_t b[3], xm[3], xa[3];
        int64_t nm, na;
        fix16_t dT, nm16, na16;
        uint64_t err;
        if (afq_qd_target_at(pb, *T, &P, &V) != AF_OK ||
            afq_qd_fly(pb->m, &pb->shooter.position, v, *T, &end, &jac) != AF_OK ||
            af_vec3_sub_q16(&end.position, &P, &miss) != AF_OK)
            return 0;
        err = af_vec3_len2_q16(&miss);
        if (err <= 4u)
            return 1;
        if (err * 4 > prev || err > prev)
            return prev <= afq_qd_miss_allowed(pb->m, *T) ? -1 : 0;
        prev = err;
        b[0] = afq_qd_neg(miss.x);
        b[1] = afq_qd_neg(miss.y);
        b[2] = afq_qd_neg(miss.z);
        if (!afq_qd_solve(&jac, b, xm) ||
            af_vec3_sub_q16(&end.velocity, &V, &rel) != AF_OK)
            return 0;
        b[0] = rel.x;
        b[1] = rel.y;
        b[2] = rel.z;
        if (!afq_qd_solve(&jac, b, xa) || af_vec3_sub_q16(v, &vs, &u) != AF_OK ||
            af_vec3_normalize_q16(&u, &n) != AF_OK)
            return 0;
        xm3.x = xm[0];
        xm3.y = xm[1];
        xm3.z = xm[2];
        xa3.x = xa[0];
        xa3.y = xa[1];
        xa3.z = xa[2];
        if (af_vec3_dot_q16(&n, &xm3, &nm) != AF_OK || af_vec3_dot_q16(&n, &xa3, &na) != AF_OK ||
            af_round_q32_q16(nm, &nm16) != AF_OK || af_round_q32_q16(na, &na16) != AF_OK ||
            af_div_q16(nm16, na16, &dT) != AF_OK)
            return 0;
        if ((int64_t)*T + dT < lo || (int64_t)*T + dT > hi)
            return 0;
        *T += dT;
        if (af_vec3_add_q16(&u, &xm3, &u) != AF_OK ||
            afq_qd_add_scaled(&u, &xa3, -dT, &u) != AF_OK || on_sphere(sc, &vs, &u, v) != AF_OK)
            return 0;
    }
    return 0;
}

/* The root between the samples a and b (F changes sign): joint Newton
 * from the secant's time, else the bracket narrowed and its end aimed at
 * fully. 1 with the root in *r. */
static int solve_root(scan *sc, const sample *a, const sample *b, sample *r)
{
    sample m;
    const sample *near = b;
    fix16_t f;
    r->T = a->T + (b->T - a->T) / 2;
    if (a->F != OUT_OF_REACH && b->F != OUT_OF_REACH &&
        af_muldiv_q16(b->T - a->T, a->F, a->F - b->F, &f) == AF_OK && f >= 0 && f <= b->T - a->T)
        r->T = a->T + f;
    if (b->F == OUT_OF_REACH || (a->F != OUT_OF_REACH && r->T - a->T < b->T - r->T))
        near = a;
    if (near->F != OUT_OF_REACH &&
        afq_qd_add_scaled(&near->v, &near->dv, r->T - near->T, &r->v) == AF_OK) {
        int j = joint(sc, a->T, b->T, &r->T, &r->v);
        if (j)
            return 1;
    }
    narrow(sc, *a, *b, &m);
    evaluate(sc, m.T, 0, r);
    return r->F != OUT_OF_REACH;
}

/* Appends the root s unless it repeats the last one's time. */
static int push(sample *roots, int n, const sample *s)
{
    if (n >= AF_MAX_SHOTS || (n > 0 && s->T == roots[n - 1].T))
        return n;
    roots[n] = *s;
    return n + 1;
}

/* The scan: T geometrically from t_lo to t_hi. */
static int scan_roots(scan *sc, fix16_t t_lo, fix16_t t_hi, sample *roots, sample *lowest)
{
    fix16_t l0, l1;
    sample s0, s1, r;
    int i, n = 0;
    if (af_log2_q16(t_lo, &l0) != AF_OK || af_log2_q16(t_hi, &l1) != AF_OK)
        return 0;
    evaluate(sc, t_lo, 1, &s0);
    lowest->F = OUT_OF_REACH;
    note(sc, &s0, lowest);
    if (s0.F == 0) {
        evaluate(sc, t_lo, 0, &r);
        if (r.F != OUT_OF_REACH)
            n = push(roots, n, &r);
        evaluate(sc, t_lo, 1, &s0);
    }
    for (i = 1; i < AF_QDRAG_AIM_SCAN_POINTS; i++) {
        fix16_t T = t_hi, l;
        scan saved;
        if (i < AF_QDRAG_AIM_SCAN_POINTS - 1 &&
            af_muldiv_q16(l1 - l0, i, AF_QDRAG_AIM_SCAN_POINTS - 1, &l) == AF_OK &&
            af_exp2_q16(l0 + l, &T) != AF_OK)
            T = t_hi;
        if (T <= s0.T)
            T = s0.T + 1;
        if (T > t_hi)
            T = t_hi;
        if (T <= s0.T)
            break;
        evaluate(sc, T, 1, &s1);
        note(sc, &s1, lowest);
        saved = *sc;
        if (s1.F == 0) {
            evaluate(sc, s1.T, 0, &r);
            if (r.F != OUT_OF_REACH)
                n = push(roots, n, &r);
        } else if (s0.F != 0 && negative(&s0) != negative(&s1)) {
            if (solve_root(sc, &s0, &s1, &r))
                n = push(roots, n, &r);
        } else if (s0.F != 0 && s0.F != OUT_OF_REACH && s1.F != OUT_OF_REACH &&
                   (s0.F1 < 0) != (s1.F1 < 0) && (s0.F > 0) == (s0.F1 < 0)) {
            /* Moving towards zero at s0, away at s1: a turning point. */
            sample m;
            dip(sc, s0, s1, &m);
            if (m.F == 0) {
                evaluate(sc, m.T, 0, &r);
                if (r.F != OUT_OF_REACH)
                    n = push(roots, n, &r);
            } else if (m.F != OUT_OF_REACH && negative(&m) != negative(&s0)) {
                if (solve_root(sc, &s0, &m, &r))
                    n = push(roots, n, &r);
                if (solve_root(sc, &m, &s1, &r))
                    n = push(roots, n, &r);
            }
        }
        /* The next sample starts from this one's aim, not a refinement's. */
        *sc = saved;
        /* A static target has at most two arcs, and F falls then rises:
         * past its minimum and above zero (a settled sample's F and F'
         * confirmed by a full aim), no root is left. */
        if (sc->static_target && n >= 2)
            break;
        if (sc->static_target && s1.F > 0 && s1.F1 > 0 && s0.F != 0 && s1.F > s0.F) {
            evaluate(sc, s1.T, 0, &s1);
            if (s1.F > 0 && s1.F1 > 0 && s1.F > s0.F)
                break;
        }
        s0 = s1;
    }
    return n;
}

/* A lower bound on every hit's time: |v - w| grows at most at |g|, so the
 * body covers at most T (|v0| + 2 |w| + |g| T / 2) <= T (speed + v_far +
 * 2 |w| + |g| max_time / 2) in T. In raw units, rounded down. */
static fix16_t time_bound(const scan *sc, fix16_t distance, int64_t v_far, fix16_t max_time)
{
    fix16_t w32, g32;
    /* Lengths saturate at the Q16.16 maximum: a smaller bound, still one. */
    int64_t w = af_vec3_len_q16(&sc->pb.m->wind, &w32) == AF_OK ? w32 : INT32_MAX;
    int64_t gn = af_vec3_len_q16(&sc->pb.m->gravity, &g32) == AF_OK ? g32 : INT32_MAX;
    int64_t den = sc->speed + v_far + 2 * w + ((gn * max_time) >> 17);
    return (fix16_t)(((int64_t)distance * 65536) / den);
}

/* The fastest a launch at `speed` moves through the air: the speed, the
 * wind's and the inherited shooter's (the continuous kind's step is
 * chosen from it). */
static int64_t speed_bound(const af_qdrag_q16 *drag, const af_body_q16 *shooter, fix16_t speed,
                           unsigned flags)
{
    fix16_t w = INT32_MAX, vs = 0;
    if (!drag || af_vec3_len_q16(&drag->wind, &w) != AF_OK ||
        ((flags & AF_INHERIT_VELOCITY) && af_vec3_len_q16(&shooter->velocity, &vs) != AF_OK))
        return INT32_MAX;
    return (int64_t)speed + w + vs;
}

/* The target at max_time from the shooter, into *d: 0 when it does not
 * fit. */
static int end_offset(const scan *sc, fix16_t max_time, af_vec3_q16 *d)
{
    af_vec3_q16 P;
    return afq_qd_target_at(&sc->pb, max_time, &P, NULL) == AF_OK &&
           af_vec3_sub_q16(&P, &sc->pb.shooter.position, d) == AF_OK;
}

/* Whether F at max_time keeps the sign it had at known->d_end without a
 * new aim: a launch velocity meets a point moved by dD moved by at most
 * dD (1 + (k s + c) T) / T (the derivative of a flight along its own
 * path), so with (k s + c) T <= 7, |F| above 8 |dD| / T keeps its sign. */
static int end_kept(const scan *sc, fix16_t max_time, const afq_qd_roots *known)
{
    const af_qdrag_q16 *m = sc->pb.m;
    af_vec3_q16 d, dd;
    fix16_t w, len;
    int64_t f = known->f_end < 0 ? -(int64_t)known->f_end : known->f_end;
    if (af_vec3_len_q16(&m->wind, &w) != AF_OK ||
        (((int64_t)m->k * ((int64_t)sc->speed + w)) >> 16) + m->c >
            ((int64_t)7 << 32) / max_time ||
        !end_offset(sc, max_time, &d) || af_vec3_sub_q16(&d, &known->d_end, &dd) != AF_OK ||
        af_vec3_len_q16(&dd, &len) != AF_OK)
        return 0;
    return (int64_t)len * 8 * 65536 < f * max_time;
}

/* The roots in `known` followed to this scene by the joint iteration,
 * each from its own time and launch velocity: 1 with them in roots when
 * every one converges, in the same order and apart, and F at max_time
 * keeps its sign (no root crossed the end of the flights); 0 otherwise. */
static int follow(scan *sc, fix16_t max_time, afq_qd_roots *known, sample *roots,
                  fix16_t *f_end)
{
    int k;
    sample end;
    for (k = 0; k < known->n; k++) {
        roots[k].T = known->T[k];
        roots[k].v = known->v[k];
        if (!joint(sc, 1, max_time, &roots[k].T, &roots[k].v) ||
            (k > 0 && roots[k].T <= roots[k - 1].T))
            return 0;
    }
    /* A static target has two arcs at most: with both found, none is
     * left to cross max_time. */
    if ((sc->static_target && known->n >= 2) || end_kept(sc, max_time, known)) {
        *f_end = known->f_end;
        return 1;
    }
    sc->have = known->have_end;
    sc->t_last = max_time;
    sc->v_last = known->v_end;
    memset(&sc->dv_last, 0, sizeof sc->dv_last);
    evaluate(sc, max_time, 1, &end);
    if (end.F == OUT_OF_REACH || end.F == 0 || (end.F < 0) != (known->f_end < 0) ||
        !end_offset(sc, max_time, &known->d_end))
        return 0;
    known->v_end = end.v;
    *f_end = end.F;
    return 1;
}

/* F at max_time for `known` (its sign and launch velocity), after a scan. */
static void remember_end(scan *sc, fix16_t max_time, afq_qd_roots *known)
{
    sample end;
    known->have_end = 0;
    known->f_end = 0;
    if (known->n == 0 || (sc->static_target && known->n >= 2))
        return;
    sc->have = 0;
    evaluate(sc, max_time, 1, &end);
    if (end.F == OUT_OF_REACH || end.F == 0 || !end_offset(sc, max_time, &known->d_end)) {
        known->n = 0; /* nothing to follow against */
        return;
    }
    known->f_end = end.F;
    known->v_end = end.v;
    known->have_end = 1;
}

/* Whether no root is closer than this to F's dip (speed / 32). */
#define DIP_MARGIN_SHIFT 5

/* t clamped to [lo, hi]. */
static fix16_t clamp_time(int64_t t, fix16_t lo, fix16_t hi)
{
    return t < lo ? lo : t > hi ? hi : (fix16_t)t;
}

/* A scene without roots followed from the last one's dip (known->t_low):
 * F there, beside it, and at the secant step on F' between the two; 1
 * (the dip moved into known) when F stays above the margin at all three
 * and the step stays within four of the spacing, F convex between them. */
static int follow_none(scan *sc, fix16_t t_lo, fix16_t t_hi, afq_qd_roots *known)
{
    sample a, b, c;
    const sample *least;
    fix16_t margin = sc->speed >> DIP_MARGIN_SHIFT, h, T;
    int64_t dT, dF1;
    sc->have = 1;
    sc->t_last = known->t_low;
    sc->v_last = known->v_low;
    sc->dv_last = known->dv_low;
    T = clamp_time(known->t_low, t_lo, t_hi);
    evaluate(sc, T, 0, &a);
    if (a.F == OUT_OF_REACH || a.F <= margin || a.F1 == INT32_MAX || a.F1 == -INT32_MAX)
        return 0;
    least = &a;
    h = T >> 5 > 0 ? T >> 5 : 1;
    b = a;
    c = a;
    /* At an end with F rising away from it, that end is the dip. */
    if (!((T == t_lo && a.F1 >= 0) || (T == t_hi && a.F1 <= 0))) {
        evaluate(sc, clamp_time(a.F1 < 0 ? (int64_t)T + h : (int64_t)T - h, t_lo, t_hi), 0, &b);
        dF1 = (int64_t)b.F1 - a.F1;
        if (b.F == OUT_OF_REACH || b.F <= margin || b.T == a.T || b.F1 == INT32_MAX ||
            b.F1 == -INT32_MAX || (dF1 > 0) != (b.T > a.T) || dF1 == 0)
            return 0;
        dT = -(int64_t)a.F1 * (b.T - a.T) / dF1;
        if (dT > 4 * (int64_t)h || dT < -4 * (int64_t)h)
            return 0;
        evaluate(sc, clamp_time(T + dT, t_lo, t_hi), 0, &c);
        if (c.F == OUT_OF_REACH || c.F <= margin)
            return 0;
        if (b.F < least->F)
            least = &b;
        if (c.F < least->F)
            least = &c;
    }
    known->t_low = least->T;
    known->v_low = least->v;
    known->dv_low = least->dv;
    return 1;
}

af_status afq_qd_aim_at_speed(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                              const af_body_q16 *target, const af_vec3_q16 *accel,
                              fix16_t speed, fix16_t max_time, unsigned flags,
                              af_shots_q16 *out)
{
    return afq_qd_aim_follow(drag, shooter, target, accel, speed, max_time, flags, NULL, out);
}

af_status afq_qd_aim_follow(const af_qdrag_q16 *drag, const af_body_q16 *shooter,
                            const af_body_q16 *target, const af_vec3_q16 *accel, fix16_t speed,
                            fix16_t max_time, unsigned flags, afq_qd_roots *known,
                            af_shots_q16 *out)
{
    scan sc;
    af_qdrag_q16 m;
    sample roots[AF_MAX_SHOTS];
    af_vec3_q16 D;
    fix16_t distance, vt = 0, vs = 0, va = 0, t_lo, f_end = 0;
    int n, i;
    sample lowest;
    afq_qd_roots prev;
    prev.n = 0;
    prev.have_low = 0;
    if (known) {
        prev = *known;
        known->n = 0; /* until this scene's roots replace them */
        known->have_low = 0;
    }
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!shooter || !target || speed <= 0 || max_time <= 0 ||
        !afq_qd_prepare(drag, speed_bound(drag, shooter, speed, flags), &m))
        return AF_ERR_BAD_ARGUMENT;
    memset(&sc, 0, sizeof sc);
    sc.pb.m = &m;
    sc.pb.accelerating = accel && (accel->x != 0 || accel->y != 0 || accel->z != 0);
    if (sc.pb.accelerating)
        sc.pb.accel = *accel;
    sc.pb.shooter = *shooter;
    sc.pb.target = *target;
    sc.pb.inherit = (flags & AF_INHERIT_VELOCITY) != 0;
    sc.speed = speed;
    if (af_vec3_sub_q16(&target->position, &shooter->position, &D) != AF_OK ||
        af_vec3_len_q16(&D, &distance) != AF_OK ||
        af_vec3_len_q16(&target->velocity, &vt) != AF_OK ||
        (sc.pb.inherit && af_vec3_len_q16(&shooter->velocity, &vs) != AF_OK) ||
        (sc.pb.accelerating && af_vec3_len_q16(accel, &va) != AF_OK))
        return AF_ERR_OUT_OF_RANGE;
    sc.static_target = vt == 0 && !sc.pb.accelerating && (!sc.pb.inherit || vs == 0);
    /* The target's speed over the flights, its acceleration's included. */
    t_lo = time_bound(&sc, distance, (int64_t)vt + vs + (((int64_t)va * max_time) >> 16),
                      max_time);
    if (distance == 0) {
        out->count = 1;
        out->shot[0].point = target->position;
    }
    if (t_lo < 1)
        t_lo = 1;
    if (prev.n > 0 && t_lo < max_time && distance > 0 &&
        follow(&sc, max_time, &prev, roots, &f_end)) {
        n = prev.n;
        *known = prev;
        known->f_end = f_end;
        known->have_low = 0;
    } else if (prev.n == 0 && prev.have_low && t_lo < max_time && distance > 0 &&
               follow_none(&sc, t_lo, max_time, &prev)) {
        n = 0;
        *known = prev;
    } else {
        lowest.F = OUT_OF_REACH;
        n = t_lo < max_time ? scan_roots(&sc, t_lo, max_time, roots, &lowest) : 0;
        if (known) {
            known->n = distance > 0 ? n : 0;
            remember_end(&sc, max_time, known);
            if (n == 0 && distance > 0 && !sc.unreachable && !sc.humped &&
                lowest.F != OUT_OF_REACH && lowest.F > 0) {
                known->have_low = 1;
                known->t_low = lowest.T;
                known->v_low = lowest.v;
                known->dv_low = lowest.dv;
            }
        }
    }
    if (known)
        for (i = 0; i < known->n; i++) {
            known->T[i] = roots[i].T;
            known->v[i] = roots[i].v;
        }
    for (i = 0; i < n && out->count < AF_MAX_SHOTS; i++) {
        af_shot_q16 *shot = &out->shot[out->count];
        af_vec3_q16 u = roots[i].v;
        if (sc.pb.inherit && af_vec3_sub_q16(&u, &shooter->velocity, &u) != AF_OK)
            continue;
        if (afq_qd_target_at(&sc.pb, roots[i].T, &shot->point, NULL) != AF_OK) {
            memset(shot, 0, sizeof *shot);
            continue;
        }
        shot->t = roots[i].T;
        shot->velocity = u;
        out->count++;
    }
    return out->count > 0 ? AF_OK : AF_ERR_NO_SOLUTION;
}
