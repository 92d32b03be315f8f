/* SPDX-License-Identifier: MIT */
/* head.h: sines and cosines from the library, products rounded to nearest. */
#include "head.h"

#include "units.h"

/* a * b for |a|, |b| <= 1 or a length of a few metres: the product fits,
 * so af_mul_q16 cannot fail here. */
static fix16_t mul(fix16_t a, fix16_t b)
{
    fix16_t r;
    return af_mul_q16(a, b, &r) == AF_OK ? r : 0;
}

void head_muzzle(fix16_t yaw, fix16_t pitch, af_vec3_q16 *muzzle, af_vec3_q16 *barrel)
{
    const fix16_t cy = af_cos_q16(yaw), sy = af_sin_q16(yaw);
    const fix16_t cp = af_cos_q16(pitch), sp = af_sin_q16(pitch);
    /* forward along the barrel, and "up" square to it in the same
     * vertical plane */
    const af_vec3_q16 forward = { mul(cp, cy), mul(cp, sy), sp };
    const af_vec3_q16 up = { -mul(sp, cy), -mul(sp, sy), cp };
    muzzle->x = mul(forward.x, TURRET_MUZZLE_FORWARD) + mul(up.x, TURRET_MUZZLE_UP);
    muzzle->y = mul(forward.y, TURRET_MUZZLE_FORWARD) + mul(up.y, TURRET_MUZZLE_UP);
    muzzle->z = TURRET_PIVOT_HEIGHT + mul(forward.z, TURRET_MUZZLE_FORWARD) +
                mul(up.z, TURRET_MUZZLE_UP);
    *barrel = forward;
}

void head_angles(const af_vec3_q16 *direction, fix16_t *yaw, fix16_t *pitch)
{
    /* The horizontal length, from the exact Q32.32 sum of squares. */
    const uint64_t h2 = (uint64_t)((int64_t)direction->x * direction->x) +
                        (uint64_t)((int64_t)direction->y * direction->y);
    const uint64_t horizontal = af_sqrt_u64(h2);
    /* atan2 only needs the ratio: halve both when the length does not
     * fit (it is below 2^31.5, so once is enough). */
    int64_t h = (int64_t)horizontal, z = direction->z;
    if (h > INT32_MAX) {
        h /= 2;
        z /= 2;
    }
    *yaw = af_atan2_q16(direction->y, direction->x);
    *pitch = af_atan2_q16((fix16_t)z, (fix16_t)h);
}
