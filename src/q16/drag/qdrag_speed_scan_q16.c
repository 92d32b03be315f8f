/* SPDX-License-Identifier: MIT */
/*
 * The roots of the Q16.16 quadratic-drag aim at a fixed speed over the
 * flight times (see qdrag_speed_q16.c): F sampled geometrically, each sign
 * change narrowed and each dip of F located and checked.
 */
#include "qdrag_speed_q16.h"

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

static int negative(const sample *s)
{
    return s->F < 0;
}

/* The sign change between a and b narrowed to one raw unit of T; the
 * end of smaller |F| into *root, or the end in reach when the other is
 * out of reach (then 1: F may jump there rather than cross zero). */
static int narrow(scan *sc, sample a, sample b, sample *root)
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
        afq_qd_evaluate(sc, x, 1, &m);
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
    return a.F == OUT_OF_REACH || b.F == OUT_OF_REACH;
}

/* Whether F is zero at s to within its change over one raw unit of T
 * plus the aim's rounding: a root, not the edge of the times out of reach
 * (where the launches a step would fold are refused) that F jumps at. */
static int zero_near(const sample *s)
{
    int64_t f = s->F < 0 ? -(int64_t)s->F : (int64_t)s->F;
    int64_t f1 = s->F1 < 0 ? -(int64_t)s->F1 : (int64_t)s->F1;
    return f <= f1 / 65536 + AF_QDRAG_Q16_AIM_MISS_LSB;
}

/* The turning point of F between a and b (F' changes sign): halvings on
 * the sign of F' until one raw unit of T, or AF_QDRAG_Q16_ROOT_ITER. */
static void dip(scan *sc, sample a, sample b, sample *m)
{
    int it, down = a.F1 < 0;
    *m = a;
    for (it = 0; it < AF_QDRAG_Q16_ROOT_ITER && b.T - a.T > 1; it++) {
        afq_qd_evaluate(sc, a.T + (b.T - a.T) / 2, 1, m);
        if (m->F == OUT_OF_REACH)
            return;
        if ((m->F1 < 0) == down)
            a = *m;
        else
            b = *m;
    }
    *m = (a.F < 0 ? -a.F : a.F) <= (b.F < 0 ? -b.F : b.F) ? a : b;
}

/* The root between the samples a and b (F changes sign): joint Newton
 * from the secant's time, else the bracket narrowed and its end aimed at
 * fully. 1 with the root in *r. */
static int solve_root(scan *sc, const sample *a, const sample *b, sample *r)
{
    sample m;
    const sample *near = b;
    fix16_t f;
    int edge;
    r->T = a->T + (b->T - a->T) / 2;
    if (a->F != OUT_OF_REACH && b->F != OUT_OF_REACH &&
        af_muldiv_q16(b->T - a->T, a->F, a->F - b->F, &f) == AF_OK && f >= 0 && f <= b->T - a->T)
        r->T = a->T + f;
    if (b->F == OUT_OF_REACH || (a->F != OUT_OF_REACH && r->T - a->T < b->T - r->T))
        near = a;
    if (near->F != OUT_OF_REACH &&
        afq_qd_add_scaled(&near->v, &near->dv, r->T - near->T, &r->v) == AF_OK) {
        int j = afq_qd_joint(sc, a->T, b->T, &r->T, &r->v);
        if (j)
            return 1;
    }
    edge = narrow(sc, *a, *b, &m);
    afq_qd_evaluate(sc, m.T, 0, r);
    return r->F != OUT_OF_REACH && (!edge || zero_near(r));
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
int afq_qd_scan_roots(scan *sc, fix16_t t_lo, fix16_t t_hi, sample *roots, sample *lowest)
{
    fix16_t l0, l1;
    sample s0, s1, r;
    int i, n = 0;
    if (af_log2_q16(t_lo, &l0) != AF_OK || af_log2_q16(t_hi, &l1) != AF_OK)
        return 0;
    afq_qd_evaluate(sc, t_lo, 1, &s0);
    lowest->F = OUT_OF_REACH;
    note(sc, &s0, lowest);
    if (s0.F == 0) {
        afq_qd_evaluate(sc, t_lo, 0, &r);
        if (r.F != OUT_OF_REACH)
            n = push(roots, n, &r);
        afq_qd_evaluate(sc, t_lo, 1, &s0);
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
        afq_qd_evaluate(sc, T, 1, &s1);
        note(sc, &s1, lowest);
        saved = *sc;
        if (s1.F == 0) {
            afq_qd_evaluate(sc, s1.T, 0, &r);
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
                afq_qd_evaluate(sc, m.T, 0, &r);
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
            afq_qd_evaluate(sc, s1.T, 0, &s1);
            if (s1.F > 0 && s1.F1 > 0 && s1.F > s0.F)
                break;
        }
        s0 = s1;
    }
    return n;
}
