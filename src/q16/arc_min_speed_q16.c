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
    afn_num T, t, inv, half;
    int64_t u[3];
    int ok = 1;
    af_shot_q16 *shot;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    if (!from || !to || !gravity || (g2 = af_vec3_len2_q16(gravity)) == 0) {
        afq_clear(out);
        return AF_ERR_BAD_ARGUMENT;
    }
    if (!afq_sub_fits(to->x, from->x, &D.x) || !afq_sub_fits(to->y, from->y, &D.y) ||
        !afq_sub_fits(to->z, from->z, &D.z)) {
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
    T = afn_sqrt(afn_div(af_vec3_len2_q16(&D), g2));
    T.e++;
    t = afn_root_pair(T, &inv);
    half = t;
    half.e--;
    u[0] = afn_mul32(D.x, inv, &ok) - afn_mul32(gravity->x, half, &ok);
    u[1] = afn_mul32(D.y, inv, &ok) - afn_mul32(gravity->y, half, &ok);
    u[2] = afn_mul32(D.z, inv, &ok) - afn_mul32(gravity->z, half, &ok);
    if (!ok || !afq_store(u[0], &shot->velocity.x) || !afq_store(u[1], &shot->velocity.y) ||
        !afq_store(u[2], &shot->velocity.z) || !afn_to_raw(t, 16, &shot->t)) {
        afq_clear(out);
        return AF_ERR_OVERFLOW;
    }
    if (shot->t == 0)
        shot->t = 1;
    return AF_OK;
}
