/* SPDX-License-Identifier: MIT */
/*
 * sin and cos in Q16.16, within 0.51 LSB for every angle.
 *
 * The angle (radians) becomes a phase in turns, Q64 modulo one turn: the
 * product of the raw angle by round(2^48 / (2 pi)) kept modulo 2^64, whose
 * error is at most |raw| / 2 units of 2^-64 turn, i.e. below 2^-31 radian
 * over the whole Q16.16 range. The top two bits are the quadrant; within it
 * sin(pi/2 g) for g in [0, 1] is g S(g^2 / 4), S a degree-5 polynomial
 * within 2^-35 (fit by scripts/q16-coefficients.py), and the quadrant picks
 * g or 1 - g and the sign. cos is sin a quarter turn later.
 */
#include "q16_internal.h"

/* sin(pi/2 g) = g S(w), w = g^2 / 4 in [0, 1/4], S(w) = sum c_k w^k, Q29. */
static const int32_t sin_poly[6] = {
    843314857,   /* c0 =  1.57079632677 */
    -1387197332, /* c1 = -2.5838563823 */
    684554253,   /* c2 =  1.27508165897 */
    -160860534,  /* c3 = -0.299626093266 */
    22025223,    /* c4 =  0.0410251751007 */
    -1886646,    /* c5 = -0.0035141519276 */
};

/* round(2^48 / (2 pi)): raw Q16.16 radians to Q64 turns. */
#define TURNS_PER_RAD_Q48 UINT64_C(44798133900177)

/* sin of the phase (Q64 turns), rounded to Q16.16. */
static fix16_t sin_of_phase(uint64_t phase)
{
    unsigned quadrant = (unsigned)(phase >> 62);
    /* Position within the quadrant, Q31 of a quarter turn. */
    uint32_t g = (uint32_t)(phase >> 31) & 0x7FFFFFFFu;
    int32_t w, acc;
    int k;
    uint64_t mag;

    if (quadrant & 1u)
        g = 0x80000000u - g; /* in (0, 2^31]: sin(pi/2 (1 - g)) */
    /* w = g^2 / 4 in Q32: (Q62 product) / 4 / 2^30, at most 2^30. */
    w = (int32_t)(afi_umul32(g, g) >> 32);
    acc = sin_poly[5];
    for (k = 4; k >= 0; k--) /* Horner; Q29 times Q32, top word is Q29 */
        acc = sin_poly[k] + (int32_t)afi_floor_shift64((int64_t)acc * w, 32);
    /* S is in [1, pi/2], positive: g (Q31) S (Q29) is Q60; Q16 is >> 44. */
    mag = afi_round_shift_u64(afi_umul32(g, (uint32_t)acc), 44);
    return afi_signed32((uint32_t)mag, quadrant >= 2u);
}

/* The phase of a raw angle: (raw 2^48 / (2 pi)) modulo 2^64, computed with
 * unsigned arithmetic, which wraps by definition. */
static uint64_t phase_of(fix16_t angle)
{
    return (uint64_t)(int64_t)angle * TURNS_PER_RAD_Q48;
}

fix16_t af_sin_q16(fix16_t angle)
{
    return sin_of_phase(phase_of(angle));
}

fix16_t af_cos_q16(fix16_t angle)
{
    return sin_of_phase(phase_of(angle) + (UINT64_C(1) << 62));
}
