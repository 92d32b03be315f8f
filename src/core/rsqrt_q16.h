/* SPDX-License-Identifier: MIT */
/*
 * src/core/rsqrt_q16.h — the reciprocal square root's core, inline for the
 * solvers on cores with a long multiply (afn_p_rsqrt_near, solve_q16.h) and out of
 * line (rsqrt_q16.c) for the others. Internal.
 */
#ifndef AIMFIX_SRC_RSQRT_Q16_H
#define AIMFIX_SRC_RSQRT_Q16_H

#include "q16_internal.h"

/* The seeds of rsqrt_q16.c: 1 / sqrt(x) 2^16 to 2^-10 for x in [1, 2),
 * 256 intervals. */
extern const uint16_t afi_rsqrt_seed[256] AFI_FLASH_TABLE;

/* afi_rsqrt31 (q16_internal.h). */
static inline uint32_t afi_rsqrt31_inline(uint32_t m, int odd)
{
    /* x = X / 2^30 in [1, 4), X = m 2^odd; the seed s = y 2^16 is the
     * table's for m, times 1 / sqrt(2) (46341 / 2^16, 2^-16.5 off) for
     * an odd exponent. */
    uint32_t x = m << odd, s = afi_table_u16(afi_rsqrt_seed, (m >> 22) - 256), y, h, l;
    uint64_t y2;
    int64_t r;
    int32_t r13;
    if (odd)
        s = (s * 46341u + 32768u) >> 16;
    /* First step: x y^2 2^30 is the high word of X s^2 (s^2 < 2^32), so
     * that e = (3 - x y^2) 2^30, and y (3 - x y^2) / 2 2^31 is floor(s e /
     * 2^16) (below 2^32), exactly s e_hi + floor(s e_lo / 2^16) for e's
     * 16-bit halves: two 32-bit products, s being below 2^16. */
    {
        uint32_t p = (uint32_t)(afi_umul32(x, s * s) >> 32);
        uint32_t e = (UINT32_C(3) << 30) - p;
        y = s * (e >> 16) + ((s * (e & 0xFFFFu)) >> 16);
    }
    /* Second step: y += y (1 - x y^2) / 2 with the residual r = (1 - x
     * y^2) 2^60 = 2^60 - X y2 / 2^32, y2 = Y^2 = h 2^32 + l: X h plus the
     * high word of X l, two units at most below X y2 / 2^32. |r| < 2^42
     * after the first step; r / 2^13 fits 29 bits. The step y r / 2^61 is
     * (y / 2) (r / 2^13) / 2^47, rounded. */
    y2 = afi_umul32(y, y);
    h = (uint32_t)(y2 >> 32);
    l = (uint32_t)y2;
    r = (int64_t)((uint64_t)1 << 60) - (int64_t)(afi_umul32(x, h) + (afi_umul32(x, l) >> 32));
    r13 = (int32_t)afi_floor_shift64(r, 13);
    return y + (uint32_t)(int32_t)afi_floor_shift64(afi_smul32((int32_t)(y >> 1), r13) +
                                                        ((int64_t)1 << 46), 47);
}

#endif /* AIMFIX_SRC_RSQRT_Q16_H */
