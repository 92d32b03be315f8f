/*
 * Lobs whose time of flight is chosen rather than solved for, in Q16.16:
 * a fixed time, or a vertical launch speed picked by a policy. See
 * aimfix/ballistic.h and the f64 twins in arc_time_f64.c.
 */
#include "aimfix/ballistic.h"

#include "solve_q16.h"

af_status af_arc_time_q16(const af_body_q16 *shooter, const af_body_q16 *target, fix16_t t,
                          const af_vec3_q16 *gravity, unsigned flags, af_shots_q16 *out)
{
    int32_t D[3], V[3];
    int64_t u[3];
    afs_num inv;
    int ok = 1, i;
    af_shot_q16 *shot;
    const fix16_t *g;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afs_clear(out);
    if (!shooter || !target || !gravity || t <= 0)
        return AF_ERR_BAD_ARGUMENT;
    if (!afs_relative(shooter, target, flags, D, V))
        return AF_ERR_OUT_OF_RANGE;
    /* u = D / t + V - g t / 2: 1 / t to 30 bits (in 1/s: 2^16 / t raw),
     * g t / 2 exact before its rounding. */
    inv = afs_div(65536, (uint64_t)t);
    g = &gravity->x;
    for (i = 0; i < 3; i++)
        u[i] = afs_mul(D[i], inv, &ok) + V[i] - afs_round_shift((int64_t)g[i] * t, 17);
    shot = &out->shot[0];
    if (!ok || !afs_store(u[0], &shot->velocity.x) || !afs_store(u[1], &shot->velocity.y) ||
        !afs_store(u[2], &shot->velocity.z) || !afs_body_at(target, t, &shot->point)) {
        afs_clear(out);
        return AF_ERR_OVERFLOW;
    }
    shot->t = t;
    out->count = 1;
    return AF_OK;
}

/* v . up, for |v_i| < 2^32 and up in Q30: each product below 2^62,
 * rounded before the sum. */
static int64_t along(const int64_t v[3], const int64_t up[3])
{
    return afs_round_shift(v[0] * up[0], 30) + afs_round_shift(v[1] * up[1], 30) +
           afs_round_shift(v[2] * up[2], 30);
}

af_status af_arc_apex_q16(const af_body_q16 *shooter, const af_body_q16 *target,
                          const af_vec3_q16 *gravity, const af_arc_policy_q16 *policy,
                          unsigned flags, af_shots_q16 *out)
{
    int32_t D[3], V[3];
    int64_t d[3], v[3], up[3], Q[3], dz, vz, x, value, w, b, disc2, r, u[3], qz;
    afs_num g, inv_g, t, inv_t;
    int ok = 1, i;
    af_shot_q16 *shot;
    fix16_t traw;
    const fix16_t *gv;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    afs_clear(out);
    if (!shooter || !target || !gravity || !policy)
        return AF_ERR_BAD_ARGUMENT;
    if (policy->kind != AF_ARC_APEX_HEIGHT && policy->kind != AF_ARC_VERTICAL_SPEED)
        return AF_ERR_BAD_ARGUMENT;
    g = afs_len(gravity);
    if (g.m == 0)
        return AF_ERR_BAD_ARGUMENT;
    if (!afs_relative(shooter, target, flags, D, V))
        return AF_ERR_OUT_OF_RANGE;

    /* up = -g / |g| in Q30. */
    inv_g = afs_div((uint64_t)1 << 62, g.m);
    inv_g.e -= 62 + g.e - 30;
    gv = &gravity->x;
    for (i = 0; i < 3; i++) {
        up[i] = -afs_mul(gv[i], inv_g, &ok);
        d[i] = D[i];
        v[i] = V[i];
    }
    dz = along(d, up); /* the target's height above the launch point */
    vz = along(v, up);
    /* Horizontal distance from the horizontal components, D - dz up (not
     * sqrt(|D|^2 - dz^2), which cancels for a target nearly overhead). */
    {
        af_vec3_q16 h;
        int fits = afs_store(d[0] - afs_round_shift(dz * up[0], 30), &h.x) &&
                   afs_store(d[1] - afs_round_shift(dz * up[1], 30), &h.y) &&
                   afs_store(d[2] - afs_round_shift(dz * up[2], 30), &h.z);
        if (!fits)
            return AF_ERR_OUT_OF_RANGE; /* cannot happen: |h_i| <= |D| */
        x = (int64_t)af_sqrt_u64(af_vec3_len2_q16(&h));
    }

    /* The policy's value, base + per_distance x, then the vertical launch
     * speed w: sqrt(2 g H) for an apex H above the higher end. */
    value = (int64_t)policy->base + afs_round_shift((int64_t)policy->per_distance * x, 16);
    if (value <= 0)
        return AF_ERR_BAD_ARGUMENT;
    if (policy->kind == AF_ARC_APEX_HEIGHT) {
        afs_num h2 = afs_nmul(g, afs_from_u64((uint64_t)((dz > 0 ? dz : 0) + value)));
        h2.e++;
        w = afs_mul(1, afs_sqrt(h2), &ok);
    } else {
        w = value;
    }
    b = w - vz;
    if (!ok || w > INT32_MAX || b > INT32_MAX || b < -INT32_MAX)
        return AF_ERR_OVERFLOW; /* vertical speeds beyond Q16.16 */

    /* Heights meet when g/2 t^2 - b t + dz = 0: the later root, on the way
     * down. disc / 2 = b^2 / 2 - g dz, in Q32.32 (|g dz| < 2^62 checked). */
    disc2 = afs_mul(dz, g, &ok);
    if (!ok) /* |g dz| >= 2^62 > b^2: the sign of dz decides */
        return dz > 0 ? AF_ERR_NO_SOLUTION : AF_ERR_OVERFLOW;
    disc2 = b * b / 2 - disc2;
    if (disc2 < 0)
        return AF_ERR_NO_SOLUTION;
    {
        afs_num rr = afs_from_u64((uint64_t)disc2);
        rr.e++;
        r = disc2 ? afs_mul(1, afs_sqrt(rr), &ok) : 0; /* sqrt(disc), raw m/s */
    }
    if (b > 0) {
        t = afs_ndiv(afs_from_u64((uint64_t)(b + r)), g); /* (b + r) / g */
    } else {
        if (dz >= 0 || r - b <= 0)
            return AF_ERR_NO_SOLUTION; /* the meeting is in the past */
        t = afs_div((uint64_t)(-2 * dz), (uint64_t)(r - b)); /* -2 dz / (r - b) */
    }
    if (!afs_to_raw(t, 16, &traw))
        return AF_ERR_OVERFLOW;
    if (traw == 0)
        traw = 1;

    /* Horizontally, straight to where the target will be at t: the
     * horizontal part of Q = (D + V t) / t = D / t + V, a velocity (so it
     * stays bounded however far the shooter's frame carries the meeting
     * point); then the vertical part becomes w. */
    inv_t = afs_ndiv(afs_from_u64(1), t);
    for (i = 0; i < 3; i++) {
        Q[i] = afs_mul(d[i], inv_t, &ok) + v[i];
        if (Q[i] >= ((int64_t)1 << 32) || Q[i] <= -((int64_t)1 << 32))
            ok = 0; /* its horizontal part, the launch velocity's, won't fit */
    }
    if (!ok)
        return AF_ERR_OVERFLOW;
    qz = along(Q, up);
    for (i = 0; i < 3; i++)
        u[i] = Q[i] + afs_round_shift((w - qz) * up[i], 30);
    shot = &out->shot[0];
    if (!ok || !afs_store(u[0], &shot->velocity.x) || !afs_store(u[1], &shot->velocity.y) ||
        !afs_store(u[2], &shot->velocity.z) || !afs_body_at(target, traw, &shot->point)) {
        afs_clear(out);
        return AF_ERR_OVERFLOW;
    }
    shot->t = traw;
    out->count = 1;
    return AF_OK;
}
