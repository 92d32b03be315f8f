/* SPDX-License-Identifier: MIT */
/*
 * The moving-target lob's closed-form quadratic root (src/q16/moving_q16.h):
 * afq_quadratic_root, which forms one quotient where it can, must pick the
 * root that the full closed form of afq_poly_roots (both quotients,
 * sorted, filtered) gives as the smallest or the largest in the interval,
 * bit for bit. Near a double root (the two roots within 2^-20 of each
 * other) rounding may order the two either way and either is accepted.
 * And the isolation of every root (afq_poly_roots) finds each root of a
 * quartic whose roots are known, over sixteen binades, none lost.
 */
#include <math.h>

#include "../../src/q16/moving_q16.h"

#include "harness.h"

#define DRAWS 200000L

/* A random nonzero normalized number of either sign, e in [lo, hi]. */
static afn_snum random_num(th_rng *rng, int lo, int hi)
{
    afn_snum n;
    n.m = (int32_t)(0x40000000u | (th_rand_u64(rng) >> 34));
    if (th_rand_below(rng, 2))
        n.m = -n.m;
    n.e = lo + (int)th_rand_below(rng, (uint32_t)(hi - lo + 1));
    return n;
}

/* a and b within 2^-20 of each other (positive, normalized). */
static int nearly_equal(afn_snum a, afn_snum b)
{
    int64_t am = a.m, bm = b.m, d;
    if (a.e > b.e + 1 || b.e > a.e + 1)
        return 0;
    if (a.e > b.e)
        am <<= 1;
    else if (b.e > a.e)
        bm <<= 1;
    d = am > bm ? am - bm : bm - am;
    return d <= (am > bm ? am : bm) >> 20;
}

static int same(afn_snum a, afn_snum b)
{
    return a.m == b.m && a.e == b.e;
}

static void quadratic_root_is_the_closed_forms_pick(void)
{
    th_rng rng = th_rng_for("quadratic_root");
    long i, n = th_count(DRAWS), checked = 0, two = 0;
    for (i = 0; i < n; i++) {
        struct afq_poly p;
        afn_snum roots[4], lo, hi, want[2];
        int k, count, largest;
        /* Coefficients of either sign over a few binades (some equal in
         * scale, so that two roots fall in the interval), an interval
         * around their roots' scale; now and then a zero constant. */
        p.n = 2;
        p.c[2] = random_num(&rng, -40, -20);
        p.c[1] = random_num(&rng, -36, -24);
        p.c[0] = th_rand_below(&rng, 16) == 0 ? (afn_snum){ 0, 0 } : random_num(&rng, -40, -20);
        lo.m = INT32_C(1) << 30;
        lo.e = -30 - 12 + (int)th_rand_below(&rng, 8);
        hi.m = INT32_C(1) << 30;
        hi.e = lo.e + 1 + (int)th_rand_below(&rng, 24);
        count = afq_poly_roots(&p, NULL, lo, hi, roots);
        want[0] = count > 0 ? roots[0] : hi;
        want[1] = count > 0 ? roots[count - 1] : hi;
        two += count == 2;
        for (largest = 0; largest < 2; largest++) {
            afn_snum got = afq_quadratic_root(p.c, largest, lo, hi);
            if (count == 2 && nearly_equal(roots[0], roots[1]))
                k = same(got, roots[0]) || same(got, roots[1]);
            else
                k = same(got, want[largest]);
            checked += count > 0;
            TH_CHECK(k,
                     "%s root of %ld 2^%d t^2 + %ld 2^%d t + %ld 2^%d in (2^%d, 2^%d): "
                     "%ld 2^%d, want %ld 2^%d (%d roots)",
                     largest ? "largest" : "smallest", (long)p.c[2].m, p.c[2].e, (long)p.c[1].m,
                     p.c[1].e, (long)p.c[0].m, p.c[0].e, lo.e + 30, hi.e + 30, (long)got.m, got.e,
                     (long)want[largest].m, want[largest].e, count);
        }
    }
    /* The draws must reach the case the shortcut is about. */
    TH_CHECK(checked > n / 8, "only %ld of %ld draws had a root in the interval", checked, 2 * n);
    TH_CHECK(two > n / 64, "only %ld of %ld draws had two roots in the interval", two, n);
    th_note("%ld draws, %ld with a root in the interval, %ld with two", n, checked / 2, two);
}

/* x as a normalized number (x != 0). */
static afn_snum num_of(double x)
{
    int e;
    double f = frexp(x, &e); /* |f| in [1/2, 1) */
    afn_snum n;
    n.m = (int32_t)lround(ldexp(f, 31));
    n.e = e - 31;
    if (n.m == INT32_MIN || n.m == INT32_MAX) {
        n.m /= 2; /* rounded up to 2^31 */
        n.e++;
    }
    return n;
}

static double value_of(afn_snum n)
{
    return ldexp((double)n.m, n.e);
}

static void poly_roots_finds_every_root_of_a_quartic(void)
{
    th_rng rng = th_rng_for("quartic_roots");
    long i, n = th_count(DRAWS / 4), found = 0, four = 0;
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        struct afq_poly p;
        afn_snum roots[4], lo = { INT32_C(1) << 30, -30 - 12 }, hi = { INT32_C(1) << 30, -30 + 12 };
        double r[4], c[5], scale;
        int k, j, count, want = 0;
        /* Four roots 2^u, u in [-8, 8), a factor 1.25 apart at least (a
         * root's 31-bit coefficients place it to about 2^-20 then), each
         * negative now and then (none to find there). */
        for (k = 0; k < 4; k++)
            r[k] = ldexp(1.0 + (double)th_rand_below(&rng, 1u << 20) / (1u << 20),
                         (int)th_rand_below(&rng, 16) - 8);
        for (k = 1; k < 4; k++)
            for (j = k; j > 0 && r[j - 1] > r[j]; j--) {
                double t = r[j];
                r[j] = r[j - 1];
                r[j - 1] = t;
            }
        if (r[1] < 1.25 * r[0] || r[2] < 1.25 * r[1] || r[3] < 1.25 * r[2]) {
            i--;
            continue;
        }
        for (k = 0; k < 4; k++)
            if (th_rand_below(&rng, 4) == 0)
                r[k] = -r[k];
        /* c4 (t - r0)(t - r1)(t - r2)(t - r3), c4 = 2^-20: the roots'
         * elementary sums. */
        scale = ldexp(1.0, -20);
        c[4] = scale;
        c[3] = -scale * (r[0] + r[1] + r[2] + r[3]);
        c[2] = scale * (r[0] * r[1] + r[0] * r[2] + r[0] * r[3] + r[1] * r[2] + r[1] * r[3] +
                        r[2] * r[3]);
        c[1] = -scale * (r[0] * r[1] * r[2] + r[0] * r[1] * r[3] + r[0] * r[2] * r[3] +
                         r[1] * r[2] * r[3]);
        c[0] = scale * r[0] * r[1] * r[2] * r[3];
        p.n = 4;
        for (k = 0; k <= 4; k++)
            p.c[k] = num_of(c[k]);
        count = afq_poly_roots(&p, NULL, lo, hi, roots);
        for (k = 0; k < 4; k++)
            want += r[k] > 0.0;
        four += want == 4;
        TH_CHECK(count == want, "%d roots of the quartic with roots %g %g %g %g, want %d", count,
                 r[0], r[1], r[2], r[3], want);
        if (count != want)
            continue;
        for (j = 0, k = 0; k < 4; k++) {
            double got, err;
            if (r[k] <= 0.0)
                continue;
            got = value_of(roots[j++]);
            err = fabs(got - r[k]) / r[k];
            worst = err > worst ? err : worst;
            found++;
            TH_CHECK(err <= ldexp(1.0, -16), "root %g found at %g (relative error %g)", r[k], got,
                     err);
        }
    }
    TH_CHECK(four > n / 512, "only %ld of %ld draws had four positive roots", four, n);
    th_note("%ld quartics, %ld roots found, %ld with four; worst relative error %.3g", n, found,
            four, worst);
}

static const th_case cases[] = {
    TH_CASE(quadratic_root_is_the_closed_forms_pick),
    TH_CASE(poly_roots_finds_every_root_of_a_quartic),
};

TH_MAIN("q16_moving_roots", cases)
