/* SPDX-License-Identifier: MIT */
/*
 * A lob whose time of flight is chosen rather than solved for, in Q16.16
 * (af_arc_time_q16). See aimfix/ballistic.h and the f64 twin in
 * arc_time_f64.c; the lob of chosen height is in arc_apex_q16.c.
 *
 * The launch velocity is u = D / t + V - g t / 2 (D and V the target's
 * position and velocity relative to the shooter): a lean path computes it
 * with constant shifts for the common case, and a careful one through the
 * generic helpers takes any input or result that might not fit.
 */
#include "aimfix/ballistic.h"

#include "accel_q16.h"
#include "solve_q16.h"

/* The careful path: every term through the generic helpers. Used when the
 * lean one below finds an input or a result that might not fit. */
static af_status arc_time_careful(const af_body_q16 *shooter, const af_body_q16 *target,
                                  const af_vec3_q16 *accel, fix16_t t,
                                  const af_vec3_q16 *gravity, unsigned flags, af_shots_q16 *out)
{
    int32_t D[3], V[3];
    int64_t u[3];
    afn_snum inv;
    int ok = 1, i;
    af_shot_q16 *shot;
    const fix16_t *g;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afq_clear(out);
    if (!shooter || !target || !gravity || t <= 0)
        return AF_ERR_BAD_ARGUMENT;
    if (!afq_relative(shooter, target, flags, D, V))
        return AF_ERR_OUT_OF_RANGE;
    /* u = D / t + V - g t / 2: 1 / t to 30 bits (in 1/s: 2^16 / t raw),
     * g t / 2 exact before its rounding. */
    inv = afn_p_div_u64_near(65536, (uint64_t)t);
    g = &gravity->x;
    for (i = 0; i < 3; i++)
        u[i] = afn_p_mul32_near(D[i], inv, &ok) + V[i] - afi_round_shift(afi_smul32(g[i], t), 17);
    shot = &out->shot[0];
    if (!ok || !afq_store(u[0], &shot->velocity.x) || !afq_store(u[1], &shot->velocity.y) ||
        !afq_store(u[2], &shot->velocity.z) || !afq_target_at(target, accel, t, &shot->point)) {
        afq_clear(out);
        return AF_ERR_OVERFLOW;
    }
    shot->t = t;
    out->count = 1;
    return AF_OK;
}

/*
 * The same numbers faster, for the common case. 1 / t as
 * afn_p_div_u64_near gives it (its mantissa afi_recip31 of t's); then per axis three
 * 32 x 32 -> 64-bit multiply-accumulates, each started from its rounding
 * constant so that one shift rounds it exactly as afn_p_mul64_near and
 * afi_round_shift do (to nearest, ties away from zero: floor((x + 2^(k-1)
 * - [x < 0]) / 2^k)), and one test per result that it fits. Anything that
 * might not fit (a relative position or velocity beyond Q16.16, a launch
 * velocity or impact point that overflows, a distance too large for the
 * 32-bit shift below) goes to the careful path, which says which.
 */

/* The lean path is compiled once per case, so that its shifts are
 * constant rather than variable 64-bit ones (on AVR, where flash counts
 * more, once for all). */
#define LEAN_INLINE AFI_ALWAYS_INLINE_EXCEPT_AVR

/* g t for one axis. Gravity mostly lies along one axis: where products
 * are slow, a zero component is worth a test. */
LEAN_INLINE int64_t gravity_times(fix16_t g, fix16_t t)
{
    if (AFI_SLOW_MULTIPLY && g == 0)
        return 0;
    return afi_smul32(g, t);
}

/* One axis of the launch velocity into *u; nonzero when something might
 * not fit (then the careful path rewrites everything). D / t = D m 2^-k is
 * computed as the high word of D 2^s m shifted by sh (k + s = 32 + sh),
 * with s = 0 or sh = 0: the callers pass constants, so that each case
 * compiles to its own straight code. */
LEAN_INLINE uint32_t lean_velocity(int32_t d, int32_t v, fix16_t g, fix16_t t, int32_t m, int s,
                                   int sh, fix16_t *u)
{
    int32_t ds = (int32_t)((uint32_t)d << s);
    uint32_t bad = s ? (uint32_t)(afi_floor_shift32(ds, s) ^ d) : 0; /* D 2^s fits */
    int64_t acc, q;
    /* D / t: D 2^s m + 2^(k + s - 1) - [D < 0] 2^s, its high word shifted. */
    acc = afi_smul32(ds, m) + (((int64_t)1 << (31 + sh)) + (int64_t)(afi_floor_shift32(ds, 31) * (INT32_C(1) << s)));
    q = afi_floor_shift32((int32_t)afi_floor_shift64(acc, 32), sh); /* |.| < 2^30 */
    /* + V - g t / 2: floor((g t + 2^16 - [g < 0]) / 2^17), the constant
     * 2^16 + (g >> 31) (an arithmetic shift: -1 or 0). */
    acc = gravity_times(g, t) + (int64_t)(65536 + afi_floor_shift32(g, 31));
    q = q + v - afi_floor_shift64(acc, 17);
    *u = (fix16_t)q;
    return bad | (uint32_t)(((uint64_t)q + 0x80000000u) >> 32);
}

/* One axis of the impact point pt + vt t, rounded the same way. */
LEAN_INLINE uint32_t lean_point(fix16_t pt, fix16_t vt, fix16_t t, fix16_t *p)
{
    int64_t acc = afi_smul32(vt, t) + (int64_t)(32768 + afi_floor_shift32(vt, 31)) + (int64_t)pt * 65536;
    int64_t q = afi_floor_shift64(acc, 16);
    *p = (fix16_t)q;
    return (uint32_t)(((uint64_t)q + 0x80000000u) >> 32);
}

/* The three axes for given s and sh: the velocities, then the points
 * (fewer values live at once than axis by axis). */
LEAN_INLINE uint32_t lean_axes(const int32_t d[3], const int32_t v[3], const af_body_q16 *target,
                                 const af_vec3_q16 *gravity, fix16_t t, int32_t m, int s, int sh,
                                 af_shot_q16 *shot)
{
    const fix16_t *g = &gravity->x, *pt = &target->position.x, *vt = &target->velocity.x;
    /* Written out: compilers do not peel the loop at -O2. */
    uint32_t bad = lean_velocity(d[0], v[0], g[0], t, m, s, sh, &shot->velocity.x) |
                   lean_velocity(d[1], v[1], g[1], t, m, s, sh, &shot->velocity.y) |
                   lean_velocity(d[2], v[2], g[2], t, m, s, sh, &shot->velocity.z);
    return bad | lean_point(pt[0], vt[0], t, &shot->point.x) |
           lean_point(pt[1], vt[1], t, &shot->point.y) | lean_point(pt[2], vt[2], t, &shot->point.z);
}

af_status af_arc_time_q16(const af_body_q16 *shooter, const af_body_q16 *target, fix16_t t,
                          const af_vec3_q16 *gravity, unsigned flags, af_shots_q16 *out)
{
    int32_t d[3], v[3], ms;
    uint32_t m, bad;
    int z, k;
    af_shot_q16 *shot;

    if (!out || !shooter || !target || !gravity || t <= 0 ||
        !afq_relative(shooter, target, flags, d, v))
        return arc_time_careful(shooter, target, NULL, t, gravity, flags, out);
    /* 2^16 / t = m 2^-k: t 2^z in [2^30, 2^31), m = round(2^61 / (t 2^z))
     * in (2^30, 2^31], k = 45 - z in [15, 45]; m = 2^31 (t a power of two)
     * is 2^30 2^-(k-1), as afn_p_div_u64_near normalizes it. */
    z = afi_clz32((uint32_t)t) - 1;
    m = afi_recip31((uint32_t)t << z);
    k = 45 - z;
    if (m >> 31) {
        m >>= 1;
        k--;
    }
    shot = &out->shot[0];
    ms = (int32_t)m;
    /* m and t are positive here: known so, they would be widened as
     * unsigned, with a sign correction on each product. */
    AFI_OPAQUE_FACTOR(ms);
    AFI_OPAQUE_FACTOR(t);
    if (k >= 32)
        bad = lean_axes(d, v, target, gravity, t, ms, 0, k - 32, shot);
    else
        bad = lean_axes(d, v, target, gravity, t, ms, 32 - k, 0, shot);
    if (bad)
        return arc_time_careful(shooter, target, NULL, t, gravity, flags, out);
    shot->t = t;
    out->count = 1;
    afq_zero_from(out, 1);
    return AF_OK;
}

/* An accelerating target's point needs the careful path's whole sums. */
af_status afq_arc_time(const af_body_q16 *shooter, const af_body_q16 *target,
                       const af_vec3_q16 *accel, fix16_t t, const af_vec3_q16 *gravity,
                       unsigned flags, af_shots_q16 *out)
{
    if (!accel)
        return af_arc_time_q16(shooter, target, t, gravity, flags, out);
    return arc_time_careful(shooter, target, accel, t, gravity, flags, out);
}
