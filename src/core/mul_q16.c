/* SPDX-License-Identifier: MIT */
/*
 * The 32 x 32 -> 64-bit products of q16_internal.h out of line, for code
 * that multiplies in many places and would grow too much with ARMv6-M's
 * 16-bit-halves form inlined at each (the drag law's floating products).
 * A call is slower than the inline form and faster than libgcc's 64 x
 * 64-bit multiply, which plain C products get on that core. Compiled on
 * every build, so that the hosts test them too (suite_arith_q16).
 */
#include "q16_internal.h"

uint64_t afi_umul32_call(uint32_t a, uint32_t b)
{
    return afi_umul32_by_halves(a, b);
}

int64_t afi_smul32_call(int32_t a, int32_t b)
{
    return afi_smul32_by_halves(a, b);
}
