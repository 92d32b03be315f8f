/* SPDX-License-Identifier: MIT */
/* aim.h: flight_aim from the muzzle, angles within the servos' travel. */
#include "aim.h"

#include "flight.h"
#include "head.h"

const char *aim_verdict_text(aim_verdict verdict)
{
    switch (verdict) {
    case AIM_OK:
        return "ok";
    case AIM_OUT_OF_RANGE:
        return "out of range";
    case AIM_BEYOND_TILT:
        return "beyond the tilt limit";
    case AIM_BEYOND_PAN:
        return "beyond the pan limit";
    case AIM_SOLVER_ERROR:
        return "solver error";
    }
    return "unknown";
}

static void fail(aim_result *out, aim_verdict verdict, af_status status)
{
    const af_vec3_q16 zero = { 0, 0, 0 };
    out->verdict = verdict;
    out->status = status;
    out->yaw = out->pitch = out->t = 0;
    out->impact = zero;
    out->predicted_miss = 0;
}

/* The earliest shot within the servos' travel: its index, or -1 with the
 * reason of the earliest shot's refusal in *verdict. */
static int pick(const af_shots_q16 *shots, fix16_t *yaw, fix16_t *pitch, aim_verdict *verdict)
{
    int i;
    *verdict = AIM_OUT_OF_RANGE;
    for (i = 0; i < shots->count; i++) {
        fix16_t y, p;
        af_status status = head_angles(&shots->shot[i].velocity, &y, &p);
        if (status == AF_OK) {
            *yaw = y;
            *pitch = p;
            return i;
        }
        if (i == 0)
            *verdict = status == AF_ERR_BEYOND_PITCH ? AIM_BEYOND_TILT
                       : status == AF_ERR_BEYOND_YAW ? AIM_BEYOND_PAN
                                                     : AIM_SOLVER_ERROR;
    }
    return -1;
}

/* How far the firmware's own model of the flight, fired from yaw and
 * pitch at the muzzle speed, passes from the target at time t. */
static fix16_t predicted_miss(fix16_t yaw, fix16_t pitch, fix16_t t, const af_vec3_q16 *impact)
{
    af_body_q16 start;
    af_vec3_q16 barrel, at, gap;
    fix16_t miss;
    head_muzzle(yaw, pitch, &start.position, &barrel);
    if (af_vec3_scale_q16(&barrel, TURRET_SPEED, &start.velocity) != AF_OK ||
        flight_predict(&start, t, &at) != AF_OK || af_vec3_sub_q16(impact, &at, &gap) != AF_OK ||
        af_vec3_len_q16(&gap, &miss) != AF_OK)
        return fix16_maximum;
    return miss;
}

void aim_solve(const af_body_q16 *target, fix16_t yaw_hint, fix16_t pitch_hint,
               aim_result *out)
{
    af_vec3_q16 muzzle, barrel;
    fix16_t yaw = yaw_hint, pitch = pitch_hint;
    af_shots_q16 shots;
    int pass, chosen = -1;

    out->solves = 0;
    head_muzzle(yaw, pitch, &muzzle, &barrel);
    for (pass = 0; pass < AIM_MAX_SOLVES; pass++) {
        af_vec3_q16 moved_to, step;
        aim_verdict verdict;
        af_status status = flight_aim(&muzzle, target, &shots);
        out->solves++;
        if (status != AF_OK) {
            fail(out, status == AF_ERR_NO_SOLUTION ? AIM_OUT_OF_RANGE : AIM_SOLVER_ERROR,
                 status);
            return;
        }
        chosen = pick(&shots, &yaw, &pitch, &verdict);
        if (chosen < 0) {
            fail(out, verdict, AF_OK);
            return;
        }
        head_muzzle(yaw, pitch, &moved_to, &barrel);
        if (af_vec3_sub_q16(&moved_to, &muzzle, &step) != AF_OK)
            break;
        muzzle = moved_to;
        if (af_vec3_len2_q16(&step) <=
            (uint64_t)AIM_MUZZLE_TOLERANCE * (uint64_t)AIM_MUZZLE_TOLERANCE)
            break;
    }
    out->verdict = AIM_OK;
    out->status = AF_OK;
    out->yaw = yaw;
    out->pitch = pitch;
    out->t = shots.shot[chosen].t;
    out->impact = shots.shot[chosen].point;
    out->predicted_miss = predicted_miss(yaw, pitch, out->t, &out->impact);
}
