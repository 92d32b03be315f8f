/* SPDX-License-Identifier: MIT */
/* sim_math.h: + - * / only. */
#include "sim_math.h"

sim_rng sim_rng_seeded(uint64_t seed)
{
    sim_rng rng;
    rng.state = seed;
    return rng;
}

double sim_uniform(sim_rng *rng)
{
    uint64_t z = (rng->state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

double sim_gauss(sim_rng *rng)
{
    double sum = -6.0;
    int i;
    for (i = 0; i < 12; i++)
        sum += sim_uniform(rng);
    return sum;
}

double sim_exp(double x)
{
    /* exp(x) = exp(x / 2^m)^(2^m): halve until |x| <= 2^-10 (at most 16
     * times for |x| <= 64), where six terms of the series are exact to
     * double precision, then square back; each squaring doubles the
     * relative error, hence 2^m ulp at worst. */
    double r = x, term, sum;
    int m = 0, i;
    while ((r > 1.0 / 1024 || r < -1.0 / 1024) && m < 16) {
        r /= 2;
        m++;
    }
    sum = 1.0;
    term = 1.0;
    for (i = 1; i <= 6; i++) {
        term = term * r / i;
        sum += term;
    }
    for (i = 0; i < m; i++)
        sum *= sum;
    return sum;
}

/* The series of sin (odd = 1) or cos (odd = 0) at x in [-pi, pi]: terms
 * fall below 1e-17 of the sum within 20 (pi^41 / 41! < 1e-29). */
static double series(double x, int odd)
{
    double term = odd ? x : 1.0, sum = term;
    int n = odd ? 1 : 0, i;
    for (i = 0; i < 20; i++) {
        term = -term * x * x / ((n + 1) * (n + 2));
        n += 2;
        sum += term;
    }
    return sum;
}

/* x - 2 pi k in [-pi, pi]. */
static double reduce(double x)
{
    const double two_pi = 6.283185307179586;
    double k = x / two_pi;
    int32_t whole = sim_round(k);
    return x - two_pi * whole;
}

double sim_sin(double x)
{
    return series(reduce(x), 1);
}

double sim_cos(double x)
{
    return series(reduce(x), 0);
}

int32_t sim_round(double x)
{
    return x >= 0 ? (int32_t)(x + 0.5) : -(int32_t)(0.5 - x);
}
