/* SPDX-License-Identifier: MIT */
/*
 * A correctly rounded reciprocal for the Q16 solvers' divisions, two ways
 * to the same bits (q16_internal.h picks one per core): a 256-entry seed
 * and two Newton steps in 32 x 32 -> 32-bit multiplies, for cores without
 * a divide instruction or a long multiply; or one 32-bit division as the
 * seed and one Newton step in 64-bit products.
 * Either ends with a correction by the remainder's low 32 bits, and
 * either is cheaper than a 64-by-32 long division (afi_udiv64_32). The
 * same table also
 * gives the square roots' 32-by-16-bit divisions on cores without a
 * divide instruction (afi_udiv_by16_table).
 */
#include "q16_internal.h"

/* round(2^15 512 / (256 + i + 1/2)): 1/x to 9 bits for x = m / 2^31 whose
 * 8 bits after the leading one are i. */
static const uint16_t reciprocal_seed[256] AFI_FLASH_TABLE = {
    65408, 65154, 64902, 64652, 64404, 64158, 63913, 63671, 63430, 63191, 62954, 62719,
    62485, 62253, 62023, 61795, 61568, 61343, 61119, 60897, 60677, 60458, 60241, 60026,
    59812, 59599, 59388, 59179, 58971, 58764, 58559, 58356, 58153, 57952, 57753, 57555,
    57358, 57163, 56968, 56776, 56584, 56394, 56205, 56017, 55831, 55646, 55462, 55279,
    55098, 54917, 54738, 54560, 54383, 54207, 54033, 53859, 53687, 53516, 53346, 53177,
    53009, 52842, 52676, 52511, 52347, 52184, 52022, 51862, 51702, 51543, 51385, 51228,
    51072, 50917, 50763, 50610, 50458, 50306, 50156, 50007, 49858, 49710, 49563, 49417,
    49272, 49128, 48985, 48842, 48700, 48559, 48419, 48280, 48141, 48003, 47867, 47730,
    47595, 47460, 47326, 47193, 47061, 46929, 46798, 46668, 46539, 46410, 46282, 46155,
    46028, 45902, 45777, 45652, 45528, 45405, 45283, 45161, 45040, 44919, 44799, 44680,
    44561, 44443, 44326, 44209, 44093, 43977, 43862, 43748, 43634, 43521, 43408, 43296,
    43185, 43074, 42963, 42854, 42744, 42636, 42528, 42420, 42313, 42207, 42101, 41996,
    41891, 41786, 41683, 41579, 41476, 41374, 41272, 41171, 41070, 40970, 40870, 40771,
    40672, 40574, 40476, 40378, 40281, 40185, 40089, 39993, 39898, 39804, 39709, 39616,
    39522, 39429, 39337, 39245, 39153, 39062, 38971, 38881, 38791, 38702, 38613, 38524,
    38436, 38348, 38260, 38173, 38087, 38000, 37915, 37829, 37744, 37659, 37575, 37491,
    37407, 37324, 37241, 37159, 37077, 36995, 36914, 36833, 36752, 36672, 36592, 36512,
    36433, 36354, 36275, 36197, 36119, 36041, 35964, 35887, 35810, 35734, 35658, 35583,
    35507, 35432, 35358, 35283, 35209, 35136, 35062, 34989, 34916, 34844, 34771, 34700,
    34628, 34557, 34486, 34415, 34344, 34274, 34204, 34135, 34065, 33996, 33928, 33859,
    33791, 33723, 33655, 33588, 33521, 33454, 33387, 33321, 33255, 33189, 33124, 33059,
    32994, 32929, 32864, 32800,
};

/* From y, round(2^61 / m) or one less, to round(2^61 / m): the remainder
 * 2^61 - m y is then in (-m / 2, 3 m / 2), an interval 2^32 wide, so its
 * low 32 bits alone tell which (2^61 / m is never a half-integer). */
static uint32_t nearest_of_two(uint32_t m, uint32_t y)
{
    uint32_t r = 0u - m * y, half = m >> 1;
    return y + (r > half && r < 0u - half);
}

uint32_t afi_recip31_table(uint32_t m)
{
    /* s 2^15 = 2^61 / m to 9 bits (s below 2^16). The first Newton step
     * (2^-9 -> 2^-18) needs only 32-bit products: p = m s 2^-15 (less than
     * 2 units short) is 2^31 within 2^-9, and the step adds y e / 2^61 =
     * s e / 2^16 with e = 2^31 - p (the full step's e is 2^30 times it),
     * |e| < 2^23, taken to 15 bits so that the product fits 31. */
    uint32_t s = afi_table_u16(reciprocal_seed, (m >> 22) - 256);
    uint32_t p = (m >> 15) * s + (((m & 0x7FFFu) * s) >> 15);
    int32_t e = p <= 0x80000000u ? (int32_t)(0x80000000u - p) : -(int32_t)(p - 0x80000000u);
    uint32_t y = (s << 15) + (uint32_t)afi_floor_shift32(afi_floor_shift32(e, 8) * (int32_t)s, 8);
    /* The second step (2^-18 -> 2^-31) in 32-bit products too: now
     * |2^61 - m y| < 2^44, so its top part e = ceil((2^61 - m y) / 2^29),
     * within one of newton_step's, has |e| < 2^15 and is fixed by bits 29
     * to 44 of m y: floor(m y / 2^16) modulo 2^32 from the 16-bit halves'
     * products, less its own 13 low bits. Then y e / 2^32 from y's halves:
     * yh e and yl e fit 31 bits. */
    {
        uint32_t mh = m >> 16, ml = m & 0xFFFFu, yh = y >> 16, yl = y & 0xFFFFu;
        uint32_t w = ((mh * yh) << 16) + mh * yl + ml * yh + ((ml * yl) >> 16);
        uint32_t f = (0u - (w >> 13)) & 0xFFFFu;
        e = (int32_t)f - (int32_t)((f & 0x8000u) << 1);
        y += (uint32_t)afi_floor_shift32((int32_t)yh * e + afi_floor_shift32((int32_t)yl * e, 16), 16);
    }
    /* Now y is round(2^61 / m) or one less (so it measures over every m;
     * make test-exhaustive checks the result for each). */
    return nearest_of_two(m, y);
}

uint32_t afi_recip31_udiv(uint32_t m)
{
    /* 2^61 / m = 2^46 / (m 2^-15): the quotient of 2^32 - 1 by d, m 2^-15
     * taken to 16 bits, is 2^61 / m 2^-14 within 2^-15.5 relative. d is
     * m 2^-15 rounded 1/8 low, which centres the seed's error: the
     * quotient's own truncation (up to 2^-17 relative at m = 2^30, where
     * the error matters most) pulls the other way. */
    uint32_t d = (m + (3u << 12)) >> 15, y = (0xFFFFFFFFu / d) << 14;
    /* One Newton step y += y e / 2^61, e = 2^61 - m y (|e| < 2^45.5), with
     * e to 2^15 (its 15 low bits are worth under 2^-15 of a unit) and the step
     * rounded: y then lands at round(2^61 / m) or one below, as measured
     * over every m (make test-exhaustive, recip31_udiv; with d rounded to
     * nearest instead, 2 860 land two below). The exact step falls short
     * by y eps^2, below 0.79 of a unit; the rounding adds half a unit
     * either way. */
    int64_t e = ((int64_t)1 << 61) - (int64_t)afi_umul32(m, y);
    int32_t e15 = (int32_t)afi_floor_shift64(e, 15);
    y += (uint32_t)(int32_t)afi_floor_shift64(afi_smul32((int32_t)y, e15) + ((int64_t)1 << 45), 46);
    return nearest_of_two(m, y);
}

/*
 * floor(n / d) for d in [2^15, 2^16] by multiplies, exact: the seed less
 * 2^-9 of itself and one unit is s <= 2^31 / d, at most 2^-8 below it (the
 * seed is within 0.5 / 256.5 of 2^24 / (d / 2^7) over each of its
 * intervals: verified for all 256 when written; the tests divide by every
 * divisor on the host). Every estimate
 * below therefore stays at or below the true quotient Q = n / d < 2^17 + 1,
 * so each remainder is a nonnegative 32-bit value: q0 = (n 2^-16) s 2^-15
 * is at most Q 2^-8 + 3 <= 515 short; the remainder's own quotient, by the
 * same s, leaves at most 515 2^-8 + 1.04 < 3.1 units, which the last steps
 * add one at a time. Products stay below 2^32: n 2^-16 and r 2^-10
 * (r < 516 d < 2^26) are below 2^16, as s is.
 */
uint32_t afi_udiv_by16_table(uint32_t n, uint32_t d)
{
    /* d = 2^16 takes the seed of 2^16 - 1 (2^-16 apart). */
    uint32_t s = afi_table_u16(reciprocal_seed, ((d - (d >> 16)) >> 7) - 256), q, r;
    int i;
    s -= (s >> 9) + 1;
    q = ((n >> 16) * s) >> 15;
    r = n - q * d;
    q += ((r >> 10) * s) >> 21;
    r = n - q * d; /* below 4 d */
    for (i = 0; i < 3 && r >= d; i++) {
        q++;
        r -= d;
    }
    return q;
}
