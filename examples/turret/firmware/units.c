/* SPDX-License-Identifier: MIT */
/* units.h: conversions to and from Q16.16, integers only, rounded to
 * nearest with ties away from zero. */
#include "units.h"

/* num / den for den > 0, rounded to nearest, ties away from zero. */
static int64_t ratio(int64_t num, int64_t den)
{
    return (num + (num < 0 ? -(den / 2) : den / 2)) / den;
}

fix16_t q16_from_milli(int32_t milli)
{
    return (fix16_t)ratio((int64_t)milli * 65536, 1000);
}

fix16_t q16_from_micro(uint32_t us)
{
    return (fix16_t)ratio((int64_t)us * 65536, 1000000);
}

int32_t q16_to_milli(fix16_t value)
{
    return (int32_t)ratio((int64_t)value * 1000, 65536);
}

int64_t q16_to_micro(fix16_t value)
{
    return ratio((int64_t)value * 1000000, 65536);
}

int32_t q16_rad_to_mdeg(fix16_t angle)
{
    /* 180000 / pi mdeg per rad; pi 65536 to ten digits as in units.h. */
    return (int32_t)ratio((int64_t)angle * 1800000000LL, 2058874161LL);
}
