/*
 * A correctly rounded reciprocal for the Q16 solvers' divisions, two ways
 * to the same bits (q16_internal.h picks one per core): a 256-entry seed
 * and two Newton steps, multiplies only, for cores without a divide
 * instruction; or one 32-bit division as the seed and one Newton step.
 * Either ends with a correction from the exact remainder. On the
 * Cortex-M3 the first costs about a third of a 64-by-32 long division
 * (afi_udiv64_32), which every afs_div used to make.
 */
#include "q16_internal.h"

/* round(2^15 512 / (256 + i + 1/2)): 1/x to 9 bits for x = m / 2^31 whose
 * 8 bits after the leading one are i. */
static const uint16_t reciprocal_seed[256] = {
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

/* One Newton step y += y e / 2^61, e = 2^61 - m y: the relative error
 * squares. */
static uint32_t newton_step(uint32_t m, uint32_t y)
{
    int64_t e = ((int64_t)1 << 61) - (int64_t)afi_umul32(m, y);
    return (uint32_t)((int64_t)y +
                      afi_floor_shift64((int64_t)y * (int32_t)afi_floor_shift64(e, 29), 32));
}

/* From within 2 units to round(2^61 / m), by the exact remainder. */
static uint32_t nearest(uint32_t m, uint32_t y)
{
    int64_t e = ((int64_t)1 << 61) - (int64_t)afi_umul32(m, y), half = m >> 1;
    int i;
    for (i = 0; i < 2; i++) {
        if (e > half) {
            y++;
            e -= m;
        } else if (e < -half) {
            y--;
            e += m;
        }
    }
    return y;
}

uint32_t afi_recip31_table(uint32_t m)
{
    /* 2^61 / m to 9 bits, then two Newton steps (|e| < 2^53, then 2^45):
     * 2^-9 -> 2^-18 -> 2^-31. */
    uint32_t y = (uint32_t)reciprocal_seed[(m >> 22) - 256] << 15;
    return nearest(m, newton_step(m, newton_step(m, y)));
}

uint32_t afi_recip31_udiv(uint32_t m)
{
    /* 2^61 / m = 2^46 / (m 2^-15): the quotient of 2^32 - 1 by m 2^-15
     * rounded to 16 bits, d in [2^15, 2^16], is 2^61 / m 2^-14 within
     * 2^-15.4 relative. One Newton step (|e| < 2^47) ends 0 to 3 units
     * below round(2^61 / m) (Newton's reciprocal approaches from below;
     * measured over every m): one unit up, it is within 2. */
    uint32_t d = (m + (1u << 14)) >> 15;
    return nearest(m, newton_step(m, (0xFFFFFFFFu / d) << 14) + 1);
}
