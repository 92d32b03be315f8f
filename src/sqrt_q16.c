/*
 * Correctly rounded integer square roots, 32 and 64 bits, and the Q16.16
 * square root built on them.
 *
 * Both use Newton's iteration y <- (y + x / y) / 2 started above the root:
 * in integers it then decreases and never falls below floor(sqrt(x)) (the
 * arithmetic-geometric mean inequality survives the truncations), so the
 * result is checked and stepped down at most a stated number of times.
 * Rounding: sqrt(x) of an integer x is never a half-integer, so
 * round(sqrt(x)) = f + 1 exactly when x - f^2 > f, with f = floor(sqrt(x)).
 */
#include "q16_internal.h"

/* ceil(sqrt((i + 1) 2^27)) for i = 8..31: an upper bound of sqrt(x) for any
 * x in [i 2^27, (i + 1) 2^27), i.e. by the top 5 bits of a 32-bit x whose
 * top two bits are not both zero. At most 6.1 % above the root. */
static const uint32_t sqrt_start[24] = {
    34756, 36636, 38424, 40133, 41772, 43348, 44870, 46341,
    47768, 49152, 50499, 51811, 53091, 54340, 55561, 56756,
    57927, 59074, 60199, 61304, 62389, 63455, 64504, 65536,
};

/* floor(sqrt(x)) for x in [2^30, 2^32). The root is in [2^15, 2^16), and
 * so is every Newton iterate (at most the start, at least the root's
 * floor): each quotient is a 32-by-16-bit one. */
static uint32_t floor_sqrt_top(uint32_t x)
{
    /* The start is at most 6.1 % high; two Newton steps bring it within
     * 6.1 %^4 / 8 ~ 2e-6 relative, below 1 for a 16-bit root. */
    uint32_t y = sqrt_start[(x >> 27) - 8];
    y = (y + afi_udiv_by16(x, y)) >> 1;
    y = (y + afi_udiv_by16(x, y)) >> 1;
    /* y is floor(sqrt(x)) or one more (y <= 65536: square it in 64 bits). */
    if (afi_umul32(y, y) > x)
        y--;
    return y;
}

/* floor(sqrt(x)) for x != 0: x shifted by an even amount into [2^30,
 * 2^32), where the root shifts by half, and its floor by half rounded
 * down. */
static uint32_t floor_sqrt32(uint32_t x)
{
    int half = afi_clz32(x) >> 1;
    return floor_sqrt_top(x << 2 * half) >> half;
}

uint32_t af_sqrt_u32(uint32_t x)
{
    uint32_t f;
    if (x == 0)
        return 0;
    f = floor_sqrt32(x);
    return f + (x - f * f > f);
}

/* floor(sqrt(x)) for x >= 2^32. */
static uint32_t floor_sqrt64(uint64_t x)
{
    int half = afi_clz64(x) >> 1;
    uint64_t xn = x << 2 * half; /* in [2^62, 2^64) */
    uint32_t top = (uint32_t)(xn >> 32);
    uint32_t f, y;

    /* From the root's floor f of the top half, (f + 1) 2^16 > sqrt(xn). At
     * the very top (f = 2^16 - 1) that is 2^32, which does not fit: start
     * from 2^32 - 1 instead, still above the root unless xn >= (2^32 - 1)^2,
     * where the root's floor is 2^32 - 1 itself. */
    if (xn >= UINT64_C(0xFFFFFFFE00000001))
        return 0xFFFFFFFFu >> half;
    f = floor_sqrt_top(top); /* in [2^15, 2^16) */
    /* One Newton step down from y0 >= sqrt(xn), y0 - sqrt(xn) <= 2^16:
     * y0 - r / (2 y0), r = y0^2 - xn < 2^49, lands at most 1 above the
     * root (and not below it), 2 with the floor of the quotient. Since
     * 2 y0 = 2^17 (f + 1), floor(r / (2 y0)) = floor(floor(r / 2^17) /
     * (f + 1)): a 32-by-16-bit division (afi_udiv_by16) instead of a
     * 64-by-32 one. */
    if (f == 0xFFFFu) {
        uint64_t r;
        y = 0xFFFFFFFFu;
        r = afi_umul32(y, y) - xn;
        y -= (uint32_t)(r >> 33); /* r / 2^33 <= r / (2 y): still above */
    } else {
        /* y0^2 = (f + 1)^2 2^32, so r = a 2^32 - low with a = (f + 1)^2 -
         * top in [1, 2 f + 1] and floor(r / 2^17) = a 2^15 - ceil(low /
         * 2^17): 32-bit values only. */
        uint32_t low = (uint32_t)xn, a = (f + 1) * (f + 1) - top;
        y = (f + 1) << 16;
        y -= afi_udiv_by16((a << 15) - (low >> 17) - ((low & 0x1FFFFu) != 0), f + 1);
    }
    while (afi_umul32(y, y) > xn) /* at most twice (three times at the very top) */
        y--;
    return y >> half;
}

uint64_t af_sqrt_u64(uint64_t x)
{
    uint64_t f;
    if (x <= 0xFFFFFFFFu)
        return af_sqrt_u32((uint32_t)x);
    f = floor_sqrt64(x);
    return f + (x - afi_umul32((uint32_t)f, (uint32_t)f) > f);
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
