/* SPDX-License-Identifier: MIT */
/*
 * The lob at a point with the least launch speed, in Q16.16 (see
 * aimfix/ballistic.h and the f64 twin in arc_min_speed_f64.c).
 */
#include "aimfix/ballistic.h"

#include "solve_q16.h"

af_status af_arc_min_speed_q16(const af_vec3_q16 *from, const af_vec3_q16 *to,
                               const af_vec3_q16 *gravity, af_shots_q16 *out)
{
    af_vec3_q16 D; /* to - from */
    uint64_t g2;
    afn_snum T, t, inv, half;
    int64_t u[3];
    int ok = 1;
    af_shot_q16 *shot;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    if (!from || !to || !gravity || (g2 = af_vec3_len2_q16(gravity)) == 0) {
        afq_clear(out);
        return AF_ERR_BAD_ARGUMENT;
    }
    if (!afi_sub_fits(to->x, from->x, &D.x) || !afi_sub_fits(to->y, from->y, &D.y) ||
        !afi_sub_fits(to->z, from->z, &D.z)) {
        afq_clear(out);
        return AF_ERR_OUT_OF_RANGE;
    }
    /* Every slot but the shot's is emptied here, the shot's fields are
     * each written below (clearing the whole struct first cost seven
     * stores more). */
    shot = &out->shot[0];
    shot->point = *to;
    out->count = 1;
    afq_zero_from(out, 1);
    if (D.x == 0 && D.y == 0 && D.z == 0) {
        shot->t = 0; /* already there: t = 0, speed 0 */
        shot->velocity.x = shot->velocity.y = shot->velocity.z = 0;
        return AF_OK;
    }
    /* t^2 = T = 2 L / g (s^2), from the exact squared lengths: one root
     * for L / g; then 1 / t from a reciprocal root and t = T / t, a
     * product rather than a second root or a division. u = d / t - g t
     * / 2. */
    T = afn_p_sqrt_near(afn_p_div_u64_near(af_vec3_len2_q16(&D), g2));
    T.e++;
    t = afn_p_root_pair_near(T, &inv);
    half = t;
    half.e--;
    u[0] = afn_p_mul32_near(D.x, inv, &ok) - afn_p_mul32_near(gravity->x, half, &ok);
    u[1] = afn_p_mul32_near(D.y, inv, &ok) - afn_p_mul32_near(gravity->y, half, &ok);
    u[2] = afn_p_mul32_near(D.z, inv, &ok) - afn_p_mul32_near(gravity->z, half, &ok);
    if (!ok || !afq_store(u[0], &shot->velocity.x) || !afq_store(u[1], &shot->velocity.y) ||
        !afq_store(u[2], &shot->velocity.z) || !afn_p_to_raw_near(t, 16, &shot->t)) {
        afq_clear(out);
        return AF_ERR_OVERFLOW;
    }
    if (shot->t == 0)
        shot->t = 1;
    return AF_OK;
}
