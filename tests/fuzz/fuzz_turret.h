/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_turret.h — a turret's slots for the turret fuzz targets
 * (the layout of target_turret_aim.c's), the turret decoded from them in
 * doubles and in Q16.16, and the turret's domain (aimfix/turret_head.h)
 * judged apart from the library.
 */
#ifndef AIMFIX_TESTS_FUZZ_TURRET_H
#define AIMFIX_TESTS_FUZZ_TURRET_H

#include "fuzz_check.h"

/* The turret's slots, from `base` on in a target's list. */
enum {
    FT_PIVOT = 0, FT_UP = 3, FT_FORWARD = 6, FT_YAW_MIN = 9, FT_YAW_MAX, FT_PITCH_MIN,
    FT_PITCH_MAX, FT_MUZZLE_FORWARD, FT_MUZZLE_UP, FT_YAW, FT_PITCH, FT_YAW_RATE,
    FT_PITCH_RATE, FT_LATENCY, FT_SPEED, FT_VELOCITY, FT_SLOTS = 24
};

/* The FT_SLOTS names and kinds, into names[base..] and kinds[base..]. */
void ft_slots(const char **names, fz_kind *kinds, int base);

/* The turret flags from one byte (inherit, wrapping yaw, one rate). */
unsigned ft_flags(uint8_t b);

af_turret_f64 ft_turret_f64(const double *s, int base, unsigned flags);
af_turret_q16 ft_turret_q16(const fix16_t *s, int base, unsigned flags);

/* Whether the turret is within turret_head.h's domain, its frame aside
 * (every number finite, positive rates and speed, latency and
 * muzzle_forward >= 0, the angles within their limits, pitch within
 * +-pi/2, up and forward nonzero). */
int ft_domain_f64(const af_turret_f64 *t);
/* The same on the raw Q16.16 values (pitch within +-102944). */
int ft_domain_q16(const af_turret_q16 *q);

/* The sine of the angle between up and forward, each scaled by a power
 * of two first (a subnormal or huge one has a direction): 0 when parallel
 * or either is zero. */
double ft_frame_sine(const af_turret_f64 *t);

/* A direction's angles in the tests' own head frame (turret_axes):
 * yaw in (-pi, pi], pitch in [-pi/2, pi/2], and the fraction of the
 * direction that is horizontal (0: vertical, yaw undefined). */
typedef struct ft_angles {
    double yaw, pitch, horizontal;
    af_vec3_f64 unit; /* the direction's unit vector */
} ft_angles;
ft_angles ft_angles_of(const af_turret_f64 *t, af_vec3_f64 d);

/* Whether some yaw + 2 pi k lies in [lo, hi]. */
int ft_some_turn_within(double yaw, double lo, double hi);

/* |a - b| in the largest component. */
double ft_vdist(af_vec3_f64 a, af_vec3_f64 b);

#endif /* AIMFIX_TESTS_FUZZ_TURRET_H */
