/* SPDX-License-Identifier: MIT */
/*
 * A lob of chosen height at a moving target, in Q16.16 (af_arc_apex_q16).
 * See aimfix/ballistic.h and the f64 twin in arc_apex_f64.c.
 *
 * The solve works in gravity's frame: the target's height above the
 * launch point and its vertical speed (along up = -g / |g|), and its
 * horizontal distance. Gravity along one axis, as nearly every caller has
 * it (z or y down), makes that frame the coordinates themselves: up is
 * exactly a unit axis and the projections are a sign and a pick, where any
 * other direction needs a reciprocal root for 1 / |g| and fifteen rounded
 * products. The axis path's |g| and up are exact,
 * the other's rounded to 31 and 30 bits: given gravity along an axis, the
 * general path would differ from it in the last bits for some strengths
 * (for about a fifth of |g|'s 2^31 values its 31-bit |g| is not exact).
 */
#include "aimfix/ballistic.h"

#include "accel_q16.h"
#include "solve_q16.h"

/* The lob in gravity's frame: |g| (raw units, normalized), the target's
 * height dz and vertical speed vz along up and its horizontal distance x
 * (all raw). g_whole is |g| when it is a whole number of raw units below
 * 2^31 + 1 (gravity along an axis), else 0. */
struct apex_frame {
    afn_snum g;
    int64_t dz, vz, x;
    int64_t dz_fine; /* dz in units of 2^-16 raw: its sign and size below a raw unit */
    uint32_t g_whole;
};

/* Gravity's one nonzero component, or -1 when it has more or none (z
 * first: the usual axis, two tests). */
static int gravity_axis(const af_vec3_q16 *g)
{
    if ((g->x | g->y) == 0)
        return g->z ? 2 : -1;
    if (g->z != 0)
        return -1;
    return g->x == 0 ? 1 : g->y == 0 ? 0 : -1;
}

/* -2 dz / (r - b): the time of a meeting on the way down when the arc
 * starts no faster upwards than the target (b <= 0), which is rare: out
 * of line, so that the two copies of apex_time below do not carry it.
 * dz and r - b both in units of 2^-16 raw. */
static AFI_NOINLINE afn_snum time_from_below(int64_t dz_fine, int64_t rb_fine)
{
    return afn_p_div_u64_near((uint64_t)(-2 * dz_fine), (uint64_t)rb_fine);
}

/* The vertical launch speed w the policy asks for and the time of flight
 * t (normalized; raw Q16.16 in *traw, 1 LSB at least): the later root of
 * g/2 t^2 - b t + dz = 0, b = w - vz, on the way down. `whole` says that
 * f->g_whole holds g: inlined, each path gets a copy with `whole` a
 * constant. */
AFI_ALWAYS_INLINE_EXCEPT_M0 af_status apex_time(const struct apex_frame *f,
                                                const af_arc_policy_q16 *policy, int whole,
                                                int64_t *w_out, afn_snum *t_out, fix16_t *traw)
{
    int64_t value, w, b, bq, disc2, r, b_fine;
    afn_snum t, gq = f->g;
    int ok = 1, q;

    /* The policy's value, base + per_distance x, in Q32.32 (x < 2^31.8,
     * the product below 2^62.8): unrounded, so that a value below half a
     * raw unit is still positive. Then w: sqrt(2 g H) for an apex H above
     * the higher end; or the value itself, rounded to Q16.16, 1 raw at
     * least. */
    value = (int64_t)policy->base * 65536 + (int64_t)policy->per_distance * (uint32_t)f->x;
    if (value <= 0)
        return AF_ERR_BAD_ARGUMENT;
    if (policy->kind == AF_ARC_APEX_HEIGHT) {
        afn_snum h2 = afn_p_mul_near(
            f->g, afn_p_from_u64_near((uint64_t)((f->dz_fine > 0 ? f->dz_fine : 0) + value)));
        h2.e -= 15;
        w = afn_p_to_int_near(afn_p_sqrt_near(h2), &ok);
    } else {
        w = afi_floor_shift64(value + 32768, 16);
    }
    if (w == 0)
        w = 1;
    if (!ok || w > INT32_MAX)
        return AF_ERR_OVERFLOW; /* a vertical launch speed beyond Q16.16 */
    b = w - f->vz; /* |b| < 2^32.7 */

    /* disc / 2 = b^2 / 2 - g dz, in Q32.32, divided by 4^q: q = 1 when b
     * does not fit 32 bits (a target falling fast), so that b^2 fits. A
     * whole g makes g dz one exact 32 x 32 -> 64-bit product (below 2^62,
     * |dz| < 2^31 along an axis), as afn_p_mul64_near rounds it. */
    q = b > INT32_MAX || b < -INT32_MAX;
    if (whole) {
        uint64_t p = afi_umul32(afi_abs32((int32_t)f->dz), f->g_whole);
        disc2 = f->dz < 0 ? -(int64_t)p : (int64_t)p;
        if (q)
            disc2 = afi_round_shift(disc2, 4);
    } else {
        /* |g dz| reaches 2^63.6 (both near 2^31.8, off an axis): then
         * quartered too, below 2^59.6. */
        gq.e -= 16 + 4 * q;
        disc2 = afn_p_mul64_near(f->dz_fine, gq, &ok);
        if (!ok && !q) {
            q = 1;
            ok = 1;
            gq.e -= 4;
            disc2 = afn_p_mul64_near(f->dz_fine, gq, &ok);
        }
        if (!ok)
            return AF_ERR_OVERFLOW; /* cannot happen */
    }
    bq = q ? afi_round_shift(b, 2) : b;
    disc2 = (int64_t)((uint64_t)afi_smul32((int32_t)bq, (int32_t)bq) >> 1) - disc2; /* < 2^62 */
    if (disc2 < 0)
        return AF_ERR_NO_SOLUTION;
    {
        /* disc = 2 disc2 plus the bit the halving dropped (an odd b^2):
         * without it a vertical speed of 1 LSB at the target's height
         * gave r = 0, half the time and twice the velocity. */
        uint64_t odd = (uint64_t)(bq & 1);
        afn_snum rr = afn_p_from_u64_near(((uint64_t)disc2 << 1) + odd);
        /* sqrt(disc) in units of 2^-16 raw m/s (below 2^49.5): rounded
         * to a whole raw unit, it moved t by up to 2^-17 / |g| s, a third
         * of a second under a gravity of a few raw units. */
        rr.e += 4 * q + 32;
        r = disc2 || odd ? afn_p_to_int_near(afn_p_sqrt_near(rr), &ok) : 0;
    }
    b_fine = b * 65536; /* |b| < 2^32.7 */
    if (b > 0) {
        t = afn_p_div_near(afn_p_from_u64_near((uint64_t)(b_fine + r)), f->g); /* (b + r) / g */
        t.e -= 16;
    } else {
        if (f->dz_fine >= 0 || r - b_fine <= 0)
            return AF_ERR_NO_SOLUTION; /* the meeting is in the past */
        t = time_from_below(f->dz_fine, r - b_fine);
    }
    if (!afn_p_to_raw_near(t, 16, traw))
        return AF_ERR_OVERFLOW;
    if (*traw == 0)
        *traw = 1;
    *w_out = w;
    *t_out = t;
    return AF_OK;
}

/* Horizontally the launch velocity goes straight to where the target
 * will be at t: the horizontal part of Q = (D + V t) / t = D / t + V (a
 * velocity, so it stays bounded however far the shooter's frame carries
 * the meeting point); vertically it is w. */

/* Gravity along `axis`: |g| exactly, and the height, the vertical speed
 * and the horizontal distance straight from D and V. */
static af_status apex_along_axis(const int32_t D[3], const int32_t V[3],
                                 const af_vec3_q16 *gravity, int axis,
                                 const af_arc_policy_q16 *policy, af_shot_q16 *shot)
{
    const fix16_t ga = (&gravity->x)[axis];
    int b = axis == 0 ? 1 : 0, c = axis == 2 ? 1 : 2; /* the other two */
    fix16_t *velocity = &shot->velocity.x;
    struct apex_frame f;
    int64_t w, ub, uc;
    afn_snum t, inv_t;
    af_status st;
    int ok = 1;

    /* |g| normalized: m = |g| 2^z / 2 in [2^30, 2^31), exactly (|g| <=
     * 2^31: the one bit that can drop is 2^31's zero). */
    f.g_whole = afi_abs32(ga);
    f.g.m = (int32_t)((f.g_whole << afi_clz32(f.g_whole)) >> 1);
    f.g.e = 1 - afi_clz32(f.g_whole);
    /* up = -sign(ga) along the axis; |D_i|, |V_i| < 2^31: no overflow. */
    f.dz = ga < 0 ? D[axis] : -(int64_t)D[axis];
    f.dz_fine = f.dz * 65536;
    f.vz = ga < 0 ? V[axis] : -(int64_t)V[axis];
    /* Each square below 2^62, their sum below 2^63. */
    f.x = (int64_t)af_sqrt_u64((uint64_t)(afi_smul32(D[b], D[b]) + afi_smul32(D[c], D[c])));
    st = apex_time(&f, policy, 1, &w, &t, &shot->t);
    if (st != AF_OK)
        return st;
    inv_t = afn_p_recip_near(t);
    ub = afn_p_mul32_near(D[b], inv_t, &ok) + V[b];
    uc = afn_p_mul32_near(D[c], inv_t, &ok) + V[c];
    velocity[axis] = (fix16_t)(ga < 0 ? w : -w); /* 0 <= w <= INT32_MAX */
    if (!ok || !afq_store(ub, &velocity[b]) || !afq_store(uc, &velocity[c]))
        return AF_ERR_OVERFLOW;
    return AF_OK;
}

/* x up_i / 2^30 in x's units, rounded once (ties away from zero, so that
 * a mirrored problem gives the mirrored bits), for |x| < 2^42 and up_i in
 * Q30: |x| split at 2^20, so that each part's product fits 64 bits. */
static int64_t times_up(int64_t x, int32_t up)
{
    uint64_t ax = afi_abs64(x), hi, r;
    uint32_t au = afi_abs32(up);
    hi = afi_umul32((uint32_t)(ax >> 20), au); /* below 2^52 */
    r = (hi >> 10) +
        afi_round_shift_u64(((hi & 1023u) << 20) + afi_umul32((uint32_t)ax & 0xFFFFFu, au), 30);
    return (x < 0) != (up < 0) ? -(int64_t)r : (int64_t)r;
}

/* v . up for a 32-bit v, exactly: 32 x 32-bit products (on the Cortex-M0
 * from 16-bit halves rather than libgcc's 64 x 64-bit multiply), each
 * below 2^61, their sum below 2^62.6, in Q30 units. */
static int64_t dot_up(const int32_t v[3], const int32_t up[3])
{
    return afi_smul32(v[0], up[0]) + afi_smul32(v[1], up[1]) + afi_smul32(v[2], up[2]);
}

/* The height in units of 2^-16 raw, rounded once (so that a height below
 * half a raw unit keeps its size), and a nonzero height below half of
 * that unit is one unit of its sign: a target a hair below the launch
 * point, rising faster than the arc, is met an instant later (1 LSB), not
 * never. */
static int64_t height_fine(const int32_t D[3], const int32_t up[3])
{
    int64_t sum = dot_up(D, up), h = afi_round_shift_floor(sum, 14);
    return h != 0 ? h : (sum > 0) - (sum < 0);
}

/* The horizontal distance |D x g| / |g| in raw units, rounded to an
 * integer, to 2^-29 of itself: the cross product is exact (each product
 * below 2^62), so a target nearly along gravity is as near the vertical
 * as it is (D - dz up with a rounded up would be 2^-30 |D| off). Its
 * components are brought below 2^31 by one
 * rounded shift, so that their squares sum within 64 bits. */
static int64_t distance_across(const int32_t D[3], const af_vec3_q16 *gravity, afn_snum g_len,
                               int *ok)
{
    const fix16_t *g = &gravity->x;
    uint64_t a[3], big = 0, sum = 0;
    afn_snum len;
    int i, k = 0;
    for (i = 0; i < 3; i++) { /* (D x g)_i = D_j g_l - D_l g_j */
        int j = i == 2 ? 0 : i + 1, l = j == 2 ? 0 : j + 1;
        a[i] = afi_abs64(afi_smul32(D[j], g[l]) - afi_smul32(D[l], g[j]));
        big |= a[i];
    }
    if (big >> 31)
        k = 33 - afi_clz64(big);
    for (i = 0; i < 3; i++) {
        uint64_t m = k ? afi_round_shift_u64(a[i], k) : a[i]; /* <= 2^31 */
        sum += m * m;
    }
    len = afn_p_sqrt_near(afn_p_from_u64_near(sum));
    len.e += k;
    return sum ? afn_p_to_int_near(afn_p_div_near(len, g_len), ok) : 0;
}

/* Any other gravity, |g|^2 = len2 > 0: |g| and 1 / |g| from one
 * reciprocal root (|g| = |g|^2 / |g|), up = -g / |g| in Q30, and the
 * frame's numbers as projections on it. */
static af_status apex_any_gravity(const int32_t D[3], const int32_t V[3],
                                  const af_vec3_q16 *gravity, uint64_t len2,
                                  const af_arc_policy_q16 *policy, af_shot_q16 *shot)
{
    const fix16_t *g = &gravity->x;
    struct apex_frame f;
    int32_t up[3];
    int64_t w, Q[3], lift;
    afn_snum inv_g, t, inv_t;
    af_status st;
    int ok = 1, i;

    f.g_whole = 0;
    f.g = afn_p_root_pair_near(afn_p_from_u64_near(len2), &inv_g);
    inv_g.e += 30;
    for (i = 0; i < 3; i++) /* 2^30 at most, within a rounding */
        up[i] = (int32_t)-afn_p_mul32_near(g[i], inv_g, &ok);
    f.dz = afi_round_shift_floor(dot_up(D, up), 30);
    f.dz_fine = height_fine(D, up);
    f.vz = afi_round_shift_floor(dot_up(V, up), 30);
    f.x = distance_across(D, gravity, f.g, &ok);
    st = apex_time(&f, policy, 0, &w, &t, &shot->t);
    if (st != AF_OK)
        return st;
    /* Q's vertical part replaced by w, in units of 2^-8 raw and rounded
     * once at the end: Q, Q . up and the correction each rounded to raw
     * units put the launch velocity up to 1.5 LSB off, which a long lob
     * flies into a miss (4 mm after 180 s). */
    inv_t = afn_p_recip_near(t);
    inv_t.e += 8;
    for (i = 0; i < 3; i++) {
        Q[i] = afn_p_mul32_near(D[i], inv_t, &ok) + (int64_t)V[i] * 256;
        if (Q[i] >= ((int64_t)1 << 40) || Q[i] <= -((int64_t)1 << 40))
            return AF_ERR_OVERFLOW; /* its horizontal part, the launch velocity's, won't fit */
    }
    /* The lift w - Q . up, plus the part of V . up that vz's rounding
     * dropped (t is the meeting time for the rounded vz): |Q . up| <
     * 2^40.8, w < 2^31, the part below 2^7, so below 2^41.3. */
    lift = (int64_t)w * 256 + afi_round_shift_floor(dot_up(V, up) - f.vz * ((int64_t)1 << 30), 22);
    for (i = 0; i < 3; i++)
        lift -= times_up(Q[i], up[i]);
    if (!ok)
        return AF_ERR_OVERFLOW;
    for (i = 0; i < 3; i++)
        if (!afq_store(afi_round_shift_floor(Q[i] + times_up(lift, up[i]), 8), &shot->velocity.x + i))
            return AF_ERR_OVERFLOW;
    return AF_OK;
}

/* The shot into *shot (partly written on failure). Inlined into each
 * caller, so that the constant-velocity call keeps no test of accel. */
AFI_ALWAYS_INLINE_EXCEPT_AVR af_status apex_shot(const af_body_q16 *shooter,
                                                 const af_body_q16 *target,
                                                 const af_vec3_q16 *accel,
                                                 const af_vec3_q16 *gravity,
                                                 const af_arc_policy_q16 *policy,
                                                 unsigned flags, af_shot_q16 *shot)
{
    int32_t D[3], V[3];
    uint64_t len2;
    af_status st;
    int axis;

    if (!shooter || !target || !gravity || !policy)
        return AF_ERR_BAD_ARGUMENT;
    if (policy->kind != AF_ARC_APEX_HEIGHT && policy->kind != AF_ARC_VERTICAL_SPEED)
        return AF_ERR_BAD_ARGUMENT;
    axis = gravity_axis(gravity);
    len2 = axis >= 0 ? 1 : af_vec3_len2_q16(gravity);
    if (len2 == 0)
        return AF_ERR_BAD_ARGUMENT;
    if (!afq_relative(shooter, target, flags, D, V))
        return AF_ERR_OUT_OF_RANGE;
    if (axis >= 0)
        st = apex_along_axis(D, V, gravity, axis, policy, shot);
    else
        st = apex_any_gravity(D, V, gravity, len2, policy, shot);
    if (st == AF_OK && !afq_target_at(target, accel, shot->t, &shot->point))
        st = AF_ERR_OVERFLOW;
    return st;
}

AFI_ALWAYS_INLINE_EXCEPT_AVR af_status apex_answer(const af_body_q16 *shooter,
                                                   const af_body_q16 *target,
                                                   const af_vec3_q16 *accel,
                                                   const af_vec3_q16 *gravity,
                                                   const af_arc_policy_q16 *policy,
                                                   unsigned flags, af_shots_q16 *out)
{
    af_status st;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    st = apex_shot(shooter, target, accel, gravity, policy, flags, &out->shot[0]);
    if (st != AF_OK) {
        afq_clear(out);
        return st;
    }
    out->count = 1;
    afq_zero_from(out, 1);
    return AF_OK;
}

af_status afq_arc_apex(const af_body_q16 *shooter, const af_body_q16 *target,
                       const af_vec3_q16 *accel, const af_vec3_q16 *gravity,
                       const af_arc_policy_q16 *policy, unsigned flags, af_shots_q16 *out)
{
    return apex_answer(shooter, target, accel, gravity, policy, flags, out);
}

af_status af_arc_apex_q16(const af_body_q16 *shooter, const af_body_q16 *target,
                          const af_vec3_q16 *gravity, const af_arc_policy_q16 *policy,
                          unsigned flags, af_shots_q16 *out)
{
    return apex_answer(shooter, target, NULL, gravity, policy, flags, out);
}
