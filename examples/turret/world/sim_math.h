/* SPDX-License-Identifier: MIT */
/*
 * sim_math.h — the few functions the simulated world needs beyond + - * /,
 * written with those four alone (and comparisons), so that the world is
 * the same to the last bit on every core and compiler: IEEE 754 rounds
 * each of them (and sqrt, which the world takes from the C library)
 * exactly, whether in an FPU or in soft-float code, whereas libm's exp,
 * sin and cos differ between C libraries. With the firmware's
 * Q16 arithmetic bit-identical too, a run prints the same bytes on the
 * host and on every board, save the instruction counts.
 */
#ifndef TURRET_SIM_MATH_H
#define TURRET_SIM_MATH_H

#include <stdint.h>

/* Seeded random numbers (splitmix64). */
typedef struct sim_rng {
    uint64_t state;
} sim_rng;

sim_rng sim_rng_seeded(uint64_t seed);
/* Uniform in [0, 1), 53 bits. */
double sim_uniform(sim_rng *rng);
/* Standard normal, approximately: the sum of 12 uniforms minus 6
 * (Irwin-Hall), which has mean 0, variance 1 and tails cut at 6. */
double sim_gauss(sim_rng *rng);

/* exp(x) for |x| <= 64: within 1e-11 relative (1e-13 for |x| <= 1). */
double sim_exp(double x);
/* sin and cos for |x| <= 1000, within 1e-13. */
double sim_sin(double x);
double sim_cos(double x);

/* x rounded to the nearest integer, halves away from zero; |x| < 2^31. */
int32_t sim_round(double x);

#endif /* TURRET_SIM_MATH_H */
