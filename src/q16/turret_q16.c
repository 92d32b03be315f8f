/* SPDX-License-Identifier: MIT */
/* Turret angles and poses in Q16.16 (see aimfix/turret.h): integers only. */
#include "turret_q16.h"

#include <string.h>

#include "../core/q16_internal.h"

/* round(a x + b y) for products that fit 2^61 (unit factors times any
 * Q16.16 value): the sum is exact in 64 bits before the one rounding. */
static af_status lin2(fix16_t a, fix16_t x, fix16_t b, fix16_t y, fix16_t *out)
{
    return af_round_q32_q16((int64_t)a * x + (int64_t)b * y, out);
}

static af_status lin2v(fix16_t a, const af_vec3_q16 *x, fix16_t b, const af_vec3_q16 *y,
                       af_vec3_q16 *out)
{
    af_vec3_q16 r;
    if (lin2(a, x->x, b, y->x, &r.x) != AF_OK || lin2(a, x->y, b, y->y, &r.y) != AF_OK ||
        lin2(a, x->z, b, y->z, &r.z) != AF_OK)
        return AF_ERR_OVERFLOW;
    *out = r;
    return AF_OK;
}

/* p + a x + b y rounded once per component: an offset past Q16.16 that
 * the pivot brings back within it (a muzzle 32768 m below the barrel of a
 * head above the origin) still fits. */
static af_status offset_from(const af_vec3_q16 *p, fix16_t a, const af_vec3_q16 *x, fix16_t b,
                             const af_vec3_q16 *y, af_vec3_q16 *out)
{
    af_vec3_q16 r;
    if (af_round_q32_q16((int64_t)p->x * 65536 + (int64_t)a * x->x + (int64_t)b * y->x, &r.x) !=
            AF_OK ||
        af_round_q32_q16((int64_t)p->y * 65536 + (int64_t)a * x->y + (int64_t)b * y->y, &r.y) !=
            AF_OK ||
        af_round_q32_q16((int64_t)p->z * 65536 + (int64_t)a * x->z + (int64_t)b * y->z, &r.z) !=
            AF_OK)
        return AF_ERR_OVERFLOW;
    *out = r;
    return AF_OK;
}

/* a . b of two vectors of length <= 1 (in Q16.16): fits. */
static fix16_t dot_unit(const af_vec3_q16 *a, const af_vec3_q16 *b)
{
    int64_t d = (int64_t)a->x * b->x + (int64_t)a->y * b->y + (int64_t)a->z * b->z;
    fix16_t r = 0;
    return af_round_q32_q16(d, &r) == AF_OK ? r : 0;
}

/* x >> k rounded to nearest, for k >= 0 (any sign of x). */
static int64_t shift_round(int64_t x, int k)
{
    int64_t h = k > 0 ? ((int64_t)1 << (k - 1)) : 0;
    return k > 0 ? (x >= 0 ? (x + h) >> k : -((-x + h) >> k)) : x;
}

int afq_turret_frame_q16(const af_turret_q16 *t, afi_head_q16 *head)
{
    af_vec3_q16 fn, c;
    const af_vec3_q16 *u = &head->up;
    int64_t cx, cy, cz, m, top;
    int k = 0;
    if (!t)
        return 0;
    if (t->yaw_rate <= 0 || t->pitch_rate <= 0 || t->latency < 0 || t->speed <= 0 ||
        t->muzzle_forward < 0)
        return 0;
    if (!(t->pitch_min >= -AFI_HALF_PI_Q16 && t->pitch_min <= t->pitch &&
          t->pitch <= t->pitch_max && t->pitch_max <= AFI_HALF_PI_Q16))
        return 0;
    if (!(t->flags & AF_TURRET_YAW_WRAPS) && !(t->yaw_min <= t->yaw && t->yaw <= t->yaw_max))
        return 0;
    if (af_vec3_normalize_q16(&t->up, &head->up) != AF_OK)
        return 0;
    /* left = up x forward from the raw inputs, up scaled to 30 bits: exact
     * in 64 bits and then normalised, so that a forward close to up keeps
     * every bit of its small part square to up (normalising the inputs
     * first would round it away). */
    {
        int64_t ux = t->up.x, uy = t->up.y, uz = t->up.z;
        int64_t um = ux < 0 ? -ux : ux;
        um = um > (uy < 0 ? -uy : uy) ? um : (uy < 0 ? -uy : uy);
        um = um > (uz < 0 ? -uz : uz) ? um : (uz < 0 ? -uz : uz);
        while (um >= ((int64_t)1 << 30)) {
            ux = shift_round(ux, 1);
            uy = shift_round(uy, 1);
            uz = shift_round(uz, 1);
            um >>= 1;
        }
        while (um < ((int64_t)1 << 29)) {
            ux *= 2;
            uy *= 2;
            uz *= 2;
            um *= 2;
        }
        fn = t->forward;
        cx = uy * fn.z - uz * fn.y;
        cy = uz * fn.x - ux * fn.z;
        cz = ux * fn.y - uy * fn.x;
        /* |forward| and up's largest component for the threshold below. */
        m = (int64_t)af_sqrt_u64(af_vec3_len2_q16(&fn));
        top = um;
    }
    /* A heading within about 2^-8 rad of up is none: every component of c
     * below 2^-8 of up's largest times |fw| (2^-8 / sqrt 3 to sqrt 3 2^-8
     * rad). */
    {
        int64_t limit = (m * top) >> 8;
        int64_t a = cx < 0 ? -cx : cx, b = cy < 0 ? -cy : cy, d = cz < 0 ? -cz : cz;
        if (a < limit && b < limit && d < limit)
            return 0;
    }
    m = cx < 0 ? -cx : cx;
    m = m > (cy < 0 ? -cy : cy) ? m : (cy < 0 ? -cy : cy);
    m = m > (cz < 0 ? -cz : cz) ? m : (cz < 0 ? -cz : cz);
    while ((m >> k) >= ((int64_t)1 << 30))
        k++;
    c.x = (fix16_t)shift_round(cx, k);
    c.y = (fix16_t)shift_round(cy, k);
    c.z = (fix16_t)shift_round(cz, k);
    if (af_vec3_normalize_q16(&c, &head->left) != AF_OK)
        return 0;
    {
        const af_vec3_q16 *l = &head->left;
        af_vec3_q16 f;
        if (lin2(l->y, u->z, (fix16_t)-l->z, u->y, &f.x) != AF_OK ||
            lin2(l->z, u->x, (fix16_t)-l->x, u->z, &f.y) != AF_OK ||
            lin2(l->x, u->y, (fix16_t)-l->y, u->x, &f.z) != AF_OK)
            return 0;
        head->forward = f;
    }
    return 1;
}

int afq_turret_heading_q16(const af_turret_q16 *t, const afi_head_q16 *head,
                           const af_vec3_q16 *direction, fix16_t *yaw, fix16_t *pitch)
{
    af_vec3_q16 d;
    fix16_t x, y, z, h;
    if (af_vec3_normalize_q16(direction, &d) != AF_OK)
        return 0;
    x = dot_unit(&d, &head->forward);
    y = dot_unit(&d, &head->left);
    z = dot_unit(&d, &head->up);
    h = (fix16_t)af_sqrt_u64((uint64_t)((int64_t)x * x) + (uint64_t)((int64_t)y * y));
    *yaw = (x == 0 && y == 0) ? t->yaw : af_atan2_q16(y, x);
    *pitch = af_atan2_q16(z, h);
    return 1;
}

/* floor(n / d) for d > 0. */
static int64_t floor_div(int64_t n, int64_t d)
{
    int64_t q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

/* floor(a / 2pi) for an angle a in Q16.16, against 2pi in Q32.32 so that
 * a yaw of thousands of turns counts them exactly. */
static int64_t floor_turns(int64_t a)
{
    return floor_div(a * 65536, AFI_TWO_PI_Q32);
}

/* The whole number of turns nearest a / 2pi. */
static int64_t nearest_turns(int64_t a)
{
    return floor_div(a * 65536 + AFI_TWO_PI_Q32 / 2, AFI_TWO_PI_Q32);
}

/* k turns in Q16.16, rounded once: a wrapped angle loses at most half an
 * LSB however many turns it drops. */
static int64_t turns(int64_t k)
{
    return shift_round(k * AFI_TWO_PI_Q32, 16);
}

/* |a| / rate in Q16.16, saturated. */
static fix16_t over_rate(int64_t a, fix16_t rate)
{
    fix16_t r;
    if (a < 0)
        a = -a;
    if (a > INT32_MAX)
        return fix16_maximum;
    if (af_div_q16((fix16_t)a, rate, &r) != AF_OK)
        return fix16_maximum;
    return r;
}

/* The angle between the barrels at (yaw0, pitch0) and (yaw, pitch), as
 * atan2(|a x b|, a . b) of the two unit barrels in the first one's yaw
 * frame: a = (cos p0, 0, sin p0), b = (cos p cos dy, cos p sin dy, sin p).
 * Unlike a haversine, this keeps its accuracy (about 1 LSB) for turns
 * near a half turn as well as small ones. */
static fix16_t turn_angle(fix16_t yaw0, fix16_t pitch0, fix16_t yaw, fix16_t pitch)
{
    int64_t d = (int64_t)yaw - yaw0;
    fix16_t cp0 = af_cos_q16(pitch0), sp0 = af_sin_q16(pitch0), cp = af_cos_q16(pitch);
    fix16_t bx, by, bz = af_sin_q16(pitch), cx, cy, cz, dot, dy;
    /* The yaw difference reduced to [-pi, pi), where it fits Q16.16. */
    d -= turns(nearest_turns(d));
    dy = (fix16_t)d;
    /* Products of sines and cosines: within [-2, 2], rounded to nearest. */
    bx = (fix16_t)shift_round((int64_t)cp * af_cos_q16(dy), 16);
    by = (fix16_t)shift_round((int64_t)cp * af_sin_q16(dy), 16);
    cx = (fix16_t)shift_round(-(int64_t)sp0 * by, 16);
    cy = (fix16_t)shift_round((int64_t)sp0 * bx - (int64_t)cp0 * bz, 16);
    cz = (fix16_t)shift_round((int64_t)cp0 * by, 16);
    dot = (fix16_t)shift_round((int64_t)cp0 * bx + (int64_t)sp0 * bz, 16);
    return af_atan2_q16((fix16_t)af_sqrt_u64((uint64_t)((int64_t)cx * cx) +
                                             (uint64_t)((int64_t)cy * cy) +
                                             (uint64_t)((int64_t)cz * cz)),
                        dot);
}

af_status afq_turret_limit_q16(const af_turret_q16 *t, fix16_t yaw, fix16_t pitch,
                               af_turret_command_q16 *out)
{
    int64_t dyaw, y = yaw;
    fix16_t sy, sp;
    if (pitch < t->pitch_min || pitch > t->pitch_max)
        return AF_ERR_BEYOND_PITCH;
    if (t->flags & AF_TURRET_YAW_WRAPS) {
        /* The shorter way, in (-pi, pi]; the yaw itself too. */
        dyaw = (int64_t)yaw - t->yaw - turns(nearest_turns((int64_t)yaw - t->yaw));
        y = (int64_t)yaw - turns(nearest_turns(yaw));
    } else {
        int64_t klo = -floor_turns((int64_t)yaw - t->yaw_min);
        int64_t khi = floor_turns((int64_t)t->yaw_max - yaw);
        int64_t k = nearest_turns((int64_t)t->yaw - yaw);
        if (klo > khi)
            return AF_ERR_BEYOND_YAW;
        k = k < klo ? klo : (k > khi ? khi : k);
        y = (int64_t)yaw + turns(k);
        dyaw = y - t->yaw;
    }
    if (t->flags & AF_TURRET_ONE_RATE) {
        sy = over_rate(turn_angle(t->yaw, t->pitch, (fix16_t)y, pitch), t->yaw_rate);
        sp = 0;
    } else {
        sy = over_rate(dyaw, t->yaw_rate);
        sp = over_rate((int64_t)pitch - t->pitch, t->pitch_rate);
    }
    out->yaw = (fix16_t)y;
    out->pitch = pitch;
    out->slew = sy > sp ? sy : sp;
    return AF_OK;
}

af_status afq_turret_muzzle_q16(const af_turret_q16 *t, const afi_head_q16 *h, fix16_t yaw,
                                fix16_t pitch, const af_vec3_q16 *pivot, af_vec3_q16 *barrel,
                                af_vec3_q16 *muzzle)
{
    fix16_t cy = af_cos_q16(yaw), sy = af_sin_q16(yaw), cp = af_cos_q16(pitch),
            sp = af_sin_q16(pitch);
    af_vec3_q16 level, b, above;
    if (lin2v(cy, &h->forward, sy, &h->left, &level) != AF_OK ||
        lin2v(cp, &level, sp, &h->up, &b) != AF_OK ||
        lin2v((fix16_t)-sp, &level, cp, &h->up, &above) != AF_OK ||
        offset_from(pivot, t->muzzle_forward, &b, t->muzzle_up, &above, muzzle) != AF_OK)
        return AF_ERR_OVERFLOW;
    *barrel = b;
    return AF_OK;
}

/* The farthest the limits' nearest turn of any yaw can be from the
 * current one: the whole span, or, where the limits hold a full turn, the
 * half-width of the narrowest window about the yaw that holds one (a turn
 * rounds to within an LSB of 2 pi). */
static int64_t yaw_reach(const af_turret_q16 *t)
{
    int64_t below = (int64_t)t->yaw - t->yaw_min, above = (int64_t)t->yaw_max - t->yaw;
    int64_t turn = AFI_TWO_PI_Q16 + 2 - (below < above ? below : above);
    if (turn < AFI_TWO_PI_Q16 / 2 + 1)
        turn = AFI_TWO_PI_Q16 / 2 + 1;
    return turn < (below > above ? below : above) ? turn : (below > above ? below : above);
}

fix16_t afq_turret_max_slew_q16(const af_turret_q16 *t)
{
    if (t->flags & AF_TURRET_ONE_RATE)
        return over_rate(AFI_TWO_PI_Q16 / 2 + 1, t->yaw_rate);
    int64_t span_y = (t->flags & AF_TURRET_YAW_WRAPS) ? AFI_TWO_PI_Q16 / 2 + 1 : 0;
    int64_t span_p = (int64_t)t->pitch - t->pitch_min;
    fix16_t a, b;
    if (!(t->flags & AF_TURRET_YAW_WRAPS))
        span_y = yaw_reach(t);
    if ((int64_t)t->pitch_max - t->pitch > span_p)
        span_p = (int64_t)t->pitch_max - t->pitch;
    a = over_rate(span_y, t->yaw_rate);
    b = over_rate(span_p, t->pitch_rate);
    return a > b ? a : b;
}

af_status af_turret_angles_q16(const af_turret_q16 *turret, const af_vec3_q16 *direction,
                               af_turret_command_q16 *out)
{
    afi_head_q16 h;
    fix16_t yaw, pitch;
    af_status status;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!direction || !afq_turret_frame_q16(turret, &h) ||
        !afq_turret_heading_q16(turret, &h, direction, &yaw, &pitch))
        return AF_ERR_BAD_ARGUMENT;
    status = afq_turret_limit_q16(turret, yaw, pitch, out);
    if (status != AF_OK)
        memset(out, 0, sizeof *out);
    return status;
}

af_status af_turret_barrel_q16(const af_turret_q16 *turret, fix16_t yaw, fix16_t pitch,
                               af_turret_pose_q16 *out)
{
    afi_head_q16 h;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!afq_turret_frame_q16(turret, &h))
        return AF_ERR_BAD_ARGUMENT;
    if (pitch < turret->pitch_min || pitch > turret->pitch_max)
        return AF_ERR_BEYOND_PITCH;
    if (!(turret->flags & AF_TURRET_YAW_WRAPS) && (yaw < turret->yaw_min || yaw > turret->yaw_max))
        return AF_ERR_BEYOND_YAW;
    if (afq_turret_muzzle_q16(turret, &h, yaw, pitch, &turret->pivot, &out->barrel, &out->muzzle) !=
        AF_OK) {
        memset(out, 0, sizeof *out);
        return AF_ERR_OVERFLOW;
    }
    return AF_OK;
}

af_status afq_turret_steady_q16(const af_body_q16 *target, af_body_accel_q16 *body,
                                af_turret_shots_q16 *out)
{
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!target)
        return AF_ERR_BAD_ARGUMENT;
    body->position = target->position;
    body->velocity = target->velocity;
    memset(&body->acceleration, 0, sizeof body->acceleration);
    return AF_OK;
}
