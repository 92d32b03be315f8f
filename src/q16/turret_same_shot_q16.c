/* SPDX-License-Identifier: MIT */
/*
 * Whether two Q16.16 turret shots are one within the roundings
 * (turret_search_q16.h), integers only.
 */
#include "turret_search_q16.h"

int afq_turret_same_shot_q16(const af_turret_q16 *t, fix16_t L1, fix16_t f1,
                             const af_turret_command_q16 *c1, fix16_t L2, fix16_t f2,
                             const af_turret_command_q16 *c2)
{
    int64_t dy = (int64_t)c1->yaw - c2->yaw, dp = (int64_t)c1->pitch - c2->pitch;
    int64_t dI = ((int64_t)L1 + f1) - ((int64_t)L2 + f2);
    int64_t flights = (int64_t)(f1 > 0 ? f1 : 0) + (f2 > 0 ? f2 : 0);
    int64_t rate = t->pitch_rate < t->yaw_rate ? t->pitch_rate : t->yaw_rate;
    int64_t slew = rate > 0 ? (((int64_t)AFQ_TURRET_ANGLE_LSB << 16) + rate - 1) / rate : 0;
    dy = dy < 0 ? -dy : dy;
    dp = dp < 0 ? -dp : dp;
    dI = dI < 0 ? -dI : dI;
    if (dy > AFI_TWO_PI_Q16 / 2)
        dy = AFI_TWO_PI_Q16 - dy; /* a yaw that wraps, either side of pi */
    return dy <= 2 * AFQ_TURRET_ANGLE_LSB && dp <= 2 * AFQ_TURRET_ANGLE_LSB &&
           dI <= 2 * (AFQ_TURRET_FLIGHT_LSB + slew + 1) + (flights >> 26);
}
