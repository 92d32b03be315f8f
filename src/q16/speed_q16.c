/* SPDX-License-Identifier: MIT */
/*
 * The speed tolerance of a fixed-speed lob's shot (solve_q16.h), checked
 * on every shot af_arc_point_q16 and af_arc_moving_q16 return.
 */
#include "solve_q16.h"

/* |x| for a vector of 64-bit components below 2^32 in magnitude, rounded
 * down (by up to a unit): the squares halved once when a component
 * passes 2^31, so that their sum fits 64 bits. */
static uint64_t length_below(const int64_t x[3])
{
    uint64_t a[3], sum = 0;
    int i, half = 0;
    for (i = 0; i < 3; i++) {
        a[i] = afi_abs64(x[i]);
        half |= (a[i] >> 31) != 0;
    }
    for (i = 0; i < 3; i++) {
        uint64_t c = a[i] >> half; /* below 2^31 */
        sum += c * c;              /* below 3 2^62 */
    }
    sum = af_sqrt_u64(sum);
    return (sum > 0 ? sum - 1 : 0) << half;
}

/* a < b for normalized numbers, b nonzero. */
static int num_less(afn_snum a, afn_snum b)
{
    return a.m == 0 || a.e < b.e || (a.e == b.e && a.m < b.m);
}

/* |D| + |V| t in raw metres (t in Q16.16), each length from below: a
 * function of its own, so that each frame stays small (8-bit cores
 * reach only 64 bytes of a frame directly). */
static uint64_t reach_below(const int32_t D[3], const int32_t V[3], uint64_t t)
{
    int64_t d[3], v[3];
    int i;
    for (i = 0; i < 3; i++) {
        d[i] = D[i];
        v[i] = V ? V[i] : 0;
    }
    return length_below(d) + ((length_below(v) * t) >> 16); /* below 2^32 + 2^63 */
}

int afq_speed_holds_scaled(const af_shot_q16 *shot, fix16_t speed, const int32_t D[3],
                           const int32_t V[3], uint64_t u2)
{
    uint64_t s2 = afi_square32(speed), diff, den, L, st, t = (uint64_t)shot->t;
    afn_snum lhs, rhs;
    diff = u2 > s2 ? u2 - s2 : s2 - u2;
    /* ||u| - s| = |u^2 - s^2| / (|u| + s) <= tol with tol = 2 + L / (256
     * t) raw units, L the larger of |D| + |V| t and s t / 2^16 (raw
     * metres): diff 256 t <= (512 t + L) (|u| + s), with |u| + s, |D| and
     * |V| taken from below and the products' roundings (2^-29 each) well
     * inside the 2^-20 margin, so that a shot accepted here meets the
     * documented tolerance. */
    L = reach_below(D, V, t);
    st = afi_umul32((uint32_t)speed, (uint32_t)shot->t) >> 16;
    if (st > L)
        L = st;
    den = af_sqrt_u64(u2);
    den = (den > 0 ? den - 1 : 0) + (uint32_t)speed;
    lhs = afn_p_mul_near(afn_p_from_u64_near(diff), afn_p_from_u64_near(t << 8));
    lhs = afn_p_carry((uint32_t)lhs.m + ((uint32_t)lhs.m >> 20), lhs.e);
    rhs = afn_p_mul_near(afn_p_from_u64_near((t << 9) + L), afn_p_from_u64_near(den));
    return num_less(lhs, rhs);
}
