/* SPDX-License-Identifier: MIT */
/*
 * Correctly rounded integer square roots, 32 and 64 bits, and the Q16.16
 * square root built on them.
 *
 * Both use Newton's iteration y <- (y + x / y) / 2: in integers a step
 * never lands below floor(sqrt(x)), whatever it starts from (the
 * arithmetic-geometric mean inequality survives the truncations), so the
 * result is checked and stepped down at most a stated number of times.
 * Each works on x scaled by 4^half into the top of its width, where every
 * Newton quotient is a 32-by-16-bit one (afi_udiv_by16). Rounding: sqrt(x)
 * of an integer x is never a half-integer, so round(sqrt(x)) = f + 1
 * exactly when x - f^2 > f, with f = floor(sqrt(x)); for half >= 1 the
 * scaled root's floor rounds by shifts alone (round_from_scaled).
 */
#include "q16_internal.h"

/* round(2^12 (i (i + 1))^(1/4)) for i = 64..255: the root of the
 * geometric middle of [i 2^24, (i + 1) 2^24), so within 2^-8 relative of
 * sqrt(x) for every x whose top 8 bits are i (x in [2^30, 2^32)). */
static const uint16_t sqrt_seed[192] AFI_FLASH_TABLE = {
    32895, 33149, 33401, 33652, 33900, 34147, 34391, 34634, 34876, 35115, 35354, 35590,
    35825, 36058, 36290, 36521, 36750, 36977, 37203, 37428, 37652, 37874, 38095, 38314,
    38533, 38750, 38966, 39180, 39394, 39606, 39817, 40028, 40237, 40444, 40651, 40857,
    41062, 41266, 41469, 41670, 41871, 42071, 42270, 42468, 42665, 42861, 43057, 43251,
    43444, 43637, 43829, 44020, 44210, 44399, 44588, 44776, 44963, 45149, 45334, 45519,
    45703, 45886, 46068, 46250, 46431, 46612, 46791, 46970, 47148, 47326, 47503, 47679,
    47855, 48030, 48204, 48378, 48551, 48723, 48895, 49066, 49237, 49407, 49577, 49746,
    49914, 50082, 50249, 50416, 50582, 50747, 50912, 51077, 51241, 51404, 51567, 51730,
    51892, 52053, 52214, 52374, 52534, 52694, 52853, 53011, 53169, 53327, 53484, 53640,
    53796, 53952, 54107, 54262, 54417, 54571, 54724, 54877, 55030, 55182, 55334, 55485,
    55636, 55787, 55937, 56087, 56236, 56385, 56534, 56682, 56830, 56977, 57124, 57271,
    57417, 57563, 57708, 57854, 57998, 58143, 58287, 58431, 58574, 58717, 58860, 59002,
    59144, 59286, 59427, 59568, 59709, 59849, 59989, 60129, 60268, 60407, 60546, 60684,
    60822, 60960, 61098, 61235, 61372, 61508, 61644, 61780, 61916, 62051, 62186, 62321,
    62456, 62590, 62724, 62857, 62990, 63124, 63256, 63389, 63521, 63653, 63785, 63916,
    64047, 64178, 64308, 64439, 64569, 64699, 64828, 64957, 65086, 65215, 65344, 65472,
};

/* floor(sqrt(x)) for x in [2^30, 2^32). The seed and every Newton iterate
 * are in [2^15, 2^16] (each quotient a 32-by-16-bit one). */
static uint32_t floor_sqrt_top(uint32_t x)
{
    /* One Newton step from a seed within 2^-8 leaves at most 2^-17
     * relative (eps^2 / 2), under half a unit of a 16-bit root, above the
     * root's floor: y is floor(sqrt(x)) or one more (checked for every x by
     * make test-exhaustive, sqrt_u32). y = 2^16 (whose square does not
     * fit 32 bits) is always one more, as x < 2^32. */
    uint32_t y = afi_table_u16(sqrt_seed, (x >> 24) - 64);
    y = (y + afi_udiv_by16(x, y)) >> 1;
    if ((y >> 16) || y * y > x)
        y--;
    return y;
}

/* round(sqrt(x)) from f = floor(sqrt(x 4^half)), half >= 1: it is
 * floor((sqrt(x) 2^half + 2^(half-1)) / 2^half), and since 2^(half-1) is
 * a whole number, sqrt(x) 2^half may be replaced by its floor f: no
 * product. */
static uint32_t round_from_scaled(uint32_t f, int half)
{
    return (f >> half) + ((f >> (half - 1)) & 1);
}

uint32_t af_sqrt_u32(uint32_t x)
{
    int half;
    uint32_t f;
    if (x == 0)
        return 0;
    /* x 4^half in [2^30, 2^32), whose root is sqrt(x) 2^half; the floor
     * of the root of x is f >> half (here a 32-bit square and compare
     * round it, cheaper than round_from_scaled). */
    half = afi_clz32(x) >> 1;
    f = floor_sqrt_top(x << 2 * half) >> half;
    return f + (x - f * f > f);
}

/* floor(sqrt(x)) for x in [2^62, 2^64). */
static inline uint32_t floor_sqrt_top64(uint64_t x)
{
    uint32_t top = (uint32_t)(x >> 32), low = (uint32_t)x, f, y;

    /* From the root's floor f of the top half, (f + 1) 2^16 > sqrt(x). At
     * the very top (f = 2^16 - 1) that is 2^32, which does not fit: start
     * from 2^32 - 1 instead, still above the root unless x >= (2^32 - 1)^2,
     * where the root's floor is 2^32 - 1 itself. */
    if (x >= UINT64_C(0xFFFFFFFE00000001))
        return 0xFFFFFFFFu;
    f = floor_sqrt_top(top); /* in [2^15, 2^16) */
    /* One Newton step down from y0 >= sqrt(x), y0 - sqrt(x) <= 2^16:
     * y0 - r / (2 y0), r = y0^2 - x < 2^49, lands at most 1 above the
     * root (and not below it), 2 with the floor of the quotient. */
    if (f == 0xFFFFu) {
        uint64_t r;
        y = 0xFFFFFFFFu;
        r = afi_umul32(y, y) - x;
        y -= (uint32_t)(r >> 33); /* r / 2^33 <= r / (2 y): still above */
    } else {
        /* y0^2 = (f + 1)^2 2^32, so r = a 2^32 - low with a = (f + 1)^2 -
         * top in [1, 2 f + 1], n = floor(r / 2^17) = a 2^15 - ceil(low /
         * 2^17) and r's last 17 bits are those of -low. Since 2 y0 = 2^17
         * (f + 1), floor(r / (2 y0)) = floor(n / (f + 1)) = q: a
         * 32-by-16-bit division. */
        uint32_t a = (f + 1) * (f + 1) - top, q;
        uint32_t n = (a << 15) - (low >> 17) - ((low & 0x1FFFFu) != 0);
        q = afi_udiv_by16(n, f + 1);
        y = ((f + 1) << 16) - q;
#if defined(__ARM_ARCH_6M__)
        {
            /* Without a long multiply (each 64-bit square four 16-bit
             * products), y^2 - x comes from the division's remainder rho:
             * r - 2^17 (f + 1) q + q^2 = 2^17 rho + (r mod 2^17) + q^2
             * (q < 2^16). Step down while it is positive, (y - 1)^2 being
             * y^2 - (2 y - 1). */
            uint32_t rho = n - q * (f + 1);
            int64_t excess = ((int64_t)rho << 17) + ((0u - low) & 0x1FFFFu) + q * q;
            int i;
            for (i = 0; i < 2 && excess > 0; i++) {
                excess -= 2 * (int64_t)y - 1;
                y--;
            }
            return y;
        }
#endif
    }
    while (afi_umul32(y, y) > x) /* at most twice (three times at the very top) */
        y--;
    return y;
}

/* The same for the solvers' normalized roots (afn_p_sqrt_near), whose x is
 * already there: a copy of its own, so that af_sqrt_u64 keeps the core
 * inline. */
uint32_t afi_floor_sqrt_top64(uint64_t x)
{
    return floor_sqrt_top64(x);
}

uint64_t af_sqrt_u64(uint64_t x)
{
    int half;
    uint32_t f;
    if (x <= 0xFFFFFFFFu)
        return af_sqrt_u32((uint32_t)x);
    /* x 4^half in [2^62, 2^64), whose root is sqrt(x) 2^half. */
    half = afi_clz64(x) >> 1;
    f = floor_sqrt_top64(x << 2 * half);
    if (half > 0)
        return round_from_scaled(f, half);
    return (uint64_t)f + (x - afi_umul32(f, f) > f);
}

af_status af_sqrt_q16(fix16_t x, fix16_t *out)
{
    if (x < 0) {
        *out = 0;
        return AF_ERR_OUT_OF_RANGE;
    }
    /* sqrt(x / 2^16) 2^16 = sqrt(x 2^16): at most 2^23.5, always fits. */
    *out = (fix16_t)af_sqrt_u64((uint64_t)x << 16);
    return AF_OK;
}
