/* SPDX-License-Identifier: MIT */
/*
 * The moving-target lob's usual scene, in Q16.16 (moving_q16.h).
 *
 * Divided by tau^2, the quartic F is P(tau) = |u(tau)|^2 - s^2, the
 * square of the launch speed a meeting at tau needs, u = d/tau + v -
 * g tau/2, less the speed's: P = c0/tau^2 + c1/tau + c2 + c3 tau + c4 tau^2
 * and P'' = 2 (3 c0 + c1 tau + c4 tau^4) / tau^4. With c0 = |d|^2, c1 = 2
 * d.v and c4 = |g|^2/4, P is convex for every tau > 0 when c1 >= 0 or
 * c1^4 < 256 c0^3 c4 (the least of 3 c0 + c1 tau + c4 tau^4, found where
 * its slope is zero, is then positive): a target not closing in faster
 * than gravity bends the lob, nearly every scene. P then has one minimum
 * and at most two roots, one each side of it, and Newton's method on P
 * from a point left of every root (or right of every root) moves towards
 * the nearest root without passing it: P lies above each tangent. So no
 * turning point is isolated, each root takes a few Newton steps, and a
 * tangent whose zero lies beyond the interval (or a slope of the wrong
 * sign while P > 0) proves there is no root.
 *
 * Each step forms the five terms T_i = c_i tau^i once, in one 32-bit unit
 * (28 bits of the largest, from tau's powers renormalized after each
 * product): F = sum T_i and tau^3 P' = F' tau - 2 F = sum (i - 2) T_i, and
 * the Newton step on P is tau -> tau (1 - F / (F' tau - 2 F)). Whatever
 * this cannot settle (a root within F's rounding of a minimum, a step
 * that crosses a root) is left to afq_poly_roots (-1).
 */
#include "moving_q16.h"

/* Newton steps per root: from the start the step shrinks at least by a
 * quarter, then quadratically; more than this is a near-double root. */
#define CONVEX_MAX_STEPS 40

/* x y for x, y in [2^30, 2^31), renormalized into [2^30, 2^31) (the
 * product's exponent added to *e), truncated. */
static AFI_OUTLINE_M0 uint32_t mul_norm(uint32_t x, uint32_t y, int *e)
{
    uint64_t p = afi_umul32(x, y); /* [2^60, 2^62) */
    if (p >> 61) {
        *e += 31;
        return (uint32_t)(p >> 31);
    }
    *e += 30;
    return (uint32_t)(p >> 30);
}

/* c tau^i for tau^i = m 2^e: the product's high word, a quarter of it
 * (below 2^28), and its exponent (far below any other's when c = 0). */
static AFI_OUTLINE_M0 int32_t term(afn_snum c, uint32_t m, int e, int *exponent)
{
    *exponent = c.m != 0 ? c.e + e : -32768;
    return (int32_t)afi_floor_shift64(afi_smul32(c.m, (int32_t)m), 34);
}

/* t 2^-sh, 0 from 31 on. */
static int32_t align(int32_t t, int sh)
{
    return sh >= 31 ? 0 : afi_floor_shift32(t, sh);
}

/* afq_poly_terms for p of degree n, inlined into the convex path's
 * Newton steps (where n is 4) but on AVR (one copy there, for flash). */
AFI_ALWAYS_INLINE_EXCEPT_AVR uint32_t poly_terms(const struct afq_poly *p, int n, afn_snum tau,
                                                 int32_t t[5])
{
    uint32_t m1 = (uint32_t)tau.m, m2, m3, m4;
    int e2 = 2 * tau.e, e3, e4, x0, x1, x2, x3, x4, top;
    int32_t t0, t1, t2, t3, t4;
    m2 = mul_norm(m1, m1, &e2);
    e3 = e2 + tau.e;
    m3 = mul_norm(m2, m1, &e3);
    e4 = 2 * e2;
    m4 = mul_norm(m2, m2, &e4);
    t0 = term(p->c[0], UINT32_C(1) << 30, -30, &x0);
    t1 = term(p->c[1], m1, tau.e, &x1);
    t2 = term(p->c[2], m2, e2, &x2);
    t3 = n >= 3 ? term(p->c[3], m3, e3, &x3) : 0;
    t4 = n >= 4 ? term(p->c[4], m4, e4, &x4) : 0;
    if (n < 4)
        x4 = -32768;
    if (n < 3)
        x3 = -32768;
    top = x0 > x1 ? x0 : x1;
    top = top > x2 ? top : x2;
    top = top > x3 ? top : x3;
    top = top > x4 ? top : x4;
    t[0] = align(t0, top - x0);
    t[1] = align(t1, top - x1);
    t[2] = align(t2, top - x2);
    t[3] = align(t3, top - x3);
    t[4] = align(t4, top - x4);
    return afi_abs32(t[0]) + afi_abs32(t[1]) + afi_abs32(t[2]) + afi_abs32(t[3]) + afi_abs32(t[4]);
}

uint32_t afq_poly_terms(const struct afq_poly *p, afn_snum tau, int32_t t[5])
{
    return poly_terms(p, p->n, tau, t);
}

/* F(tau) and tau^3 P'(tau) in a common unit, 2^-28 of the largest term
 * (the terms' high words, each truncated once: F within 8 units), with
 * the sum of the terms' magnitudes (F's scale). tau.m > 0. */
static void evaluate(const struct afq_poly *p, afn_snum tau, int32_t *F, int32_t *slope,
                     uint32_t *size)
{
    int32_t t[5];
    *size = poly_terms(p, 4, tau, t);
    *F = t[0] + t[1] + t[2] + t[3] + t[4];
    *slope = t[3] - t[1] + 2 * (t[4] - t[0]);
}

/* n / d in Q30 for n, d > 0, saturated at 2^31 - 1, never above the true
 * ratio (d's 16 leading bits rounded up): a Newton step so shortened
 * still stops short of the root. */
uint32_t afq_ratio_q30(uint32_t n, uint32_t d)
{
    int zn = afi_clz32(n), zd = afi_clz32(d), sh;
    uint32_t n31 = (n << zn) >> 1;                  /* [2^30, 2^31) */
    uint32_t d16 = ((d << zd) >> 16) + 1;           /* (2^15, 2^16] */
    uint32_t q = afi_udiv_by16(n31, d16);           /* [2^14, 2^16) */
    /* n / d = n31 / d16 2^((1 - zn) - (16 - zd)); in Q30: */
    sh = 15 - zn + zd;
    if (sh >= 0)
        return sh > 15 || (q << sh) >> 31 ? UINT32_C(0x7fffffff) : q << sh;
    return sh < -31 ? 0 : q >> -sh;
}

/* tau (1 + r 2^-30), or tau (1 - r 2^-30) when `down` (r < 2^30),
 * renormalized, truncated. */
afn_snum afq_scaled_tau(afn_snum tau, uint32_t r, int down)
{
    uint32_t f = down ? (UINT32_C(1) << 30) - r : (UINT32_C(1) << 30) + r;
    uint64_t p = afi_umul32((uint32_t)tau.m, f); /* below 2^63 */
    int k = 33 - afi_clz64(p);                  /* bits - 31 */
    afn_snum out;
    out.m = (int32_t)(k >= 0 ? p >> k : p << -k);
    out.e = tau.e - 30 + k;
    return out;
}

/* Newton on P towards the root left of its minimum (F > 0, P' < 0
 * there) or right of it (`right`: F > 0, P' > 0), from an estimate `tau`
 * that may lie anywhere, and from `safe` (left or right of every root)
 * whenever the estimate proves to be on the other side of the minimum
 * or steps out of (safe, limit). A point between the roots (F < 0) takes
 * a Newton step towards the root, whose tangent's zero lies beyond it.
 * 1 with the root, 0 when there is no root in the interval at all, -1
 * when this cannot tell. */
static int side_root(const struct afq_poly *p, afn_snum tau, afn_snum safe, int right,
                     afn_snum limit, afn_snum *root)
{
    int step, sure = tau.m == safe.m && tau.e == safe.e;
    for (step = 0; step < CONVEX_MAX_STEPS; step++) {
        int32_t F, slope, side;
        uint32_t size, tol, r;
        evaluate(p, tau, &F, &slope, &size);
        tol = (size >> 22) + 8;
        side = right ? slope : -slope; /* > 0 on the root's side of the minimum */
        if (F <= (int32_t)tol) {
            if (side <= (int32_t)(tol << 4)) {
                if (sure)
                    return -1; /* a minimum within reach of zero */
                tau = safe; /* the estimate lies past the minimum */
                sure = 1;
                continue;
            }
            r = F != 0 ? afq_ratio_q30(afi_abs32(F), (uint32_t)side) : 0;
            if (F >= -(int32_t)tol) {
                /* On the root within F's rounding: a last Newton step,
                 * either way. */
                if (r != 0)
                    tau = afq_scaled_tau(tau, r, (F > 0) == right);
                *root = tau;
                return 1;
            }
            /* Between the roots: the step towards this one, a point past
             * it (or short of it, the step being shortened). */
            if (!right && r >= UINT32_C(1) << 30)
                return -1;
            tau = afq_scaled_tau(tau, r, !right);
            if (right ? !afn_s_less(tau, safe) : !afn_s_less(safe, tau)) {
                tau = safe;
                sure = 1;
            }
            continue;
        }
        if (side <= 0) {
            if (!sure) {
                tau = safe; /* the estimate lies past the minimum */
                sure = 1;
                continue;
            }
            /* Past the minimum with P > 0 and above its tangents: no
             * root, unless the minimum is near enough zero to hide two. */
            return F <= (int32_t)(tol << 4) ? -1 : 0;
        }
        r = afq_ratio_q30((uint32_t)F, (uint32_t)side);
        if (right && r >= UINT32_C(1) << 30)
            return 0; /* the tangent's zero at tau <= 0: P > 0 on (0, tau] */
        tau = afq_scaled_tau(tau, r, right);
        if (right ? !afn_s_less(limit, tau) : !afn_s_less(tau, limit))
            return 0; /* P above a tangent that stays positive over the interval */
        if (r <= 16) {
            *root = tau; /* a relative step below 2^-26: converged */
            return 1;
        }
    }
    return -1;
}

/* The smallest (or `largest`) root in (lo, hi) of c[k] + c[k + 1] tau +
 * c[k + 2] tau^2, three of the quartic's terms (where the others are
 * small); hi itself when there is none. An estimate only. */
static afn_snum estimate(const struct afq_poly *p, int k, int largest, afn_snum lo, afn_snum hi)
{
    return afq_quadratic_root(&p->c[k], largest, lo, hi);
}

/* a < b for positive normalized numbers (mantissas in [2^30, 2^31)). */
static int less_pos(uint32_t am, int ae, uint32_t bm, int be)
{
    return ae != be ? ae < be : am < bm;
}

/* c1^4 < 128 c0^3 c4: P convex with a factor 2 to spare for the roundings
 * of the 31-bit numbers (c0, c4 > 0), from the mantissas' products. */
static int convex(const struct afq_poly *p)
{
    uint32_t a = afi_abs32(p->c[1].m), l, r, c0 = (uint32_t)p->c[0].m;
    int el = 2 * p->c[1].e, er = 2 * p->c[0].e;
    if (p->c[1].m >= 0)
        return 1;
    if (p->c[0].m <= 0 || p->c[4].m <= 0)
        return 0;
    l = mul_norm(a, a, &el);
    el *= 2;
    l = mul_norm(l, l, &el);
    r = mul_norm(c0, c0, &er);
    er += p->c[0].e;
    r = mul_norm(r, c0, &er);
    er += p->c[4].e;
    r = mul_norm(r, (uint32_t)p->c[4].m, &er);
    return less_pos(l, el, r, er + 7);
}

/* Bounds of every root in powers of two, from bit lengths alone (the
 * Newton steps need no more). At a root, |g'| tau^2/2 = |d' + v' tau -
 * r| <= |d'| + (|v'| + s') tau, so every root lies between 2 |d'| / N
 * and N / |g'|, N = A + sqrt(A^2 + 2 |g'| |d'|), A = |v'| + s'. With A <
 * 2^la and 2 |g'| |d'| < 2^x, N < 2^la + 2^((m + 1) / 2) <= 2^n for m =
 * max(2 la, x), n = floor(m / 2) + 2; 2^(lg - 1) <= |g'| < 2^(lg + 1),
 * the sum of |d'|'s components is below 2^ld and its largest at least
 * 2^(lm - 1). Each bound is then widened by a factor 2 for the
 * quartic's roundings. */
void afq_root_bounds(const struct afq_fit *f, afn_snum *start, afn_snum *bound)
{
    uint32_t vmax = afq_max3(f->v), dmax = afq_max3(f->d);
    /* A and the sum of |d'|'s components are below 4 times their largest
     * term (the 1 keeps clz's argument nonzero; d' and g' are). */
    int la = 34 - afi_clz32((vmax > (uint32_t)f->s ? vmax : (uint32_t)f->s) | 1u);
    int lm = 32 - afi_clz32(dmax), ld = lm + 2;
    int lg = 32 - afi_clz32(afq_max3(f->g)) + f->ge, x, n;
    /* Above every root: N / |g'| with |g'| at its least, 2^(lg - 1). */
    x = lg + ld;
    n = (x > 2 * la ? x : 2 * la) / 2 + 2;
    bound->m = INT32_C(1) << 30;
    bound->e = n - (lg - 1) + 1 - 30;
    /* Below every root: 2 |d'| / N with |g'| at its most, 2^(lg + 1),
     * and |d'| at its least. */
    x = lg + 2 + ld;
    n = (x > 2 * la ? x : 2 * la) / 2 + 2;
    start->m = INT32_C(1) << 30;
    start->e = lm - n - 1 - 30;
}

int afq_convex_roots(const struct afq_poly *p, const struct afq_fit *f, afn_snum lo,
                     afn_snum hi, afn_snum *roots)
{
    int32_t F, slope;
    uint32_t size, tol;
    afn_snum est, start, bound;
    int got;
    if (p->n != 4 || !convex(p))
        return -1;
    afq_root_bounds(f, &start, &bound);
    if (afn_s_less(bound, hi))
        hi = bound;
    if (afn_s_less(start, lo))
        start = lo;
    if (!afn_s_less(start, hi))
        return -1;
    /* The first root from the meeting the first three terms place (P's
     * c0 / tau^2 + c1 / tau + c2 ahead where tau is small), else from the
     * bound below every root. */
    est = estimate(p, 0, 0, start, hi);
    if (!afn_s_less(est, hi))
        est = start;
    got = side_root(p, est, start, 0, hi, &roots[0]);
    if (got <= 0)
        return got;
    /* The other root, from hi: beyond it when F(hi) < 0 (a meeting after
     * the time limit), the same one when the two are a double root. */
    evaluate(p, hi, &F, &slope, &size);
    tol = (size >> 22) + 8;
    if (F < -(int32_t)tol)
        return 1;
    if (F <= (int32_t)tol)
        return -1;
    /* From the last three terms' meeting (c2 + c3 tau + c4 tau^2 ahead
     * where tau is large), else from hi. */
    est = estimate(p, 2, 1, roots[0], hi);
    got = side_root(p, est, hi, 1, roots[0], &roots[1]);
    if (got <= 0)
        return -1; /* one root found, the other side none: not convex after all */
    {
        /* Two roots closer than 2^-20 of themselves: a near-double root
         * (roots[1] >= roots[0], both positive and normalized). */
        int k = roots[1].e - roots[0].e;
        uint64_t gap;
        if (k < 0)
            return -1;
        if (k < 2) {
            gap = ((uint64_t)(uint32_t)roots[1].m << k) - (uint32_t)roots[0].m;
            if (gap <= (uint64_t)((uint32_t)roots[0].m >> 20))
                return -1;
        }
    }
    return 2;
}
