/* SPDX-License-Identifier: MIT */
/*
 * Whether two Q16.16 turret shots are one within the roundings
 * (turret_search_q16.h), integers only.
 */
#include "turret_search_q16.h"

/* A fold's copies (turret_search_q16.h): angles within 2^-7 rad, flights
 * within 2^-7 of the longer, launches within 2^-10 of the later impact,
 * each with its rounding. */
static int fold_copies(fix16_t L1, fix16_t f1, fix16_t L2, fix16_t f2, int64_t dy, int64_t dp)
{
    int64_t df = (int64_t)f1 - f2, dL = (int64_t)L1 - L2;
    int64_t f = f1 > f2 ? f1 : f2, I1 = (int64_t)L1 + f1, I2 = (int64_t)L2 + f2;
    int64_t I = I1 > I2 ? I1 : I2;
    df = df < 0 ? -df : df;
    dL = dL < 0 ? -dL : dL;
    return dy <= ((int64_t)1 << (16 - AFQ_TURRET_FOLD_SHIFT)) + 2 * AFQ_TURRET_ANGLE_LSB &&
           dp <= ((int64_t)1 << (16 - AFQ_TURRET_FOLD_SHIFT)) + 2 * AFQ_TURRET_ANGLE_LSB &&
           df <= (f >> AFQ_TURRET_FOLD_SHIFT) + 2 * AFQ_TURRET_FLIGHT_LSB &&
           dL <= (I >> (AFQ_TURRET_FOLD_SHIFT + 3)) + 2;
}

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
    if (dy <= 2 * AFQ_TURRET_ANGLE_LSB && dp <= 2 * AFQ_TURRET_ANGLE_LSB &&
        dI <= 2 * (AFQ_TURRET_FLIGHT_LSB + slew + 1) + (flights >> 26))
        return 1;
    return fold_copies(L1, f1, L2, f2, dy, dp);
}
