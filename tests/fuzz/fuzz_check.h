/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_check.h — the invariants every fuzz target checks.
 *
 * A broken invariant prints what broke, the call, and every argument (as
 * decoded, in %a as well, and as Q16.16 raw), then aborts: libFuzzer keeps
 * the input as a crash, and a regression input replays it.
 *
 * The physics comes from the tests' own independent helpers
 * (tests/support/kinematics.c, tests/support/shots_check.h's tolerances, the Q16 miss
 * measures of tests/support/q16_solve_check.c); nothing here calls the library to
 * judge the library.
 */
#ifndef AIMFIX_TESTS_FUZZ_CHECK_H
#define AIMFIX_TESTS_FUZZ_CHECK_H

#include <stddef.h>

#include "aimfix.h"
#include "fuzz_input.h"
#include "scenario.h"

#if defined(__GNUC__) || defined(__clang__)
#define FZ_NORETURN __attribute__((noreturn, format(printf, 1, 2)))
#else
#define FZ_NORETURN
#endif

/* The target and its arguments, for the failure report; then, before each
 * call, its name (which entry point, on which form of the arguments). */
void fz_begin(const char *target, const fz_args *args);
void fz_int(const char *name, long value);
void fz_call(const char *what);

void fz_fail(const char *fmt, ...) FZ_NORETURN;
#define FZ_CHECK(cond, ...)                                                   \
    do {                                                                      \
        if (!(cond))                                                          \
            fz_fail(__VA_ARGS__);                                             \
    } while (0)

/* A status is one of af_status's values. */
void fz_status(af_status st);
/* On failure the `size` bytes of out are all zero. */
void fz_zero_on_failure(af_status st, const void *out, size_t size);
int fz_all_zero(const void *p, size_t size);
int fz_finite3(af_vec3_f64 v);

/* Below this a length is too small for a relative tolerance to mean
 * anything (subnormal positions carry a few bits). */
#define FZ_TINY 1e-300

/* A shot set's shape (tests/support/shots_check.c: count, order, unused slots,
 * zero on failure) and, on success, no NaN or infinity. */
void fz_shots_f64(af_status st, const af_shots_f64 *out);
void fz_shots_q16(af_status st, const af_shots_q16 *out);

/* Every f64 shot flown by tests/support/kinematics.c meets the scenario's target
 * within HIT_TOL of the scene's scale (scenario_range) and, when speed > 0,
 * has that launch speed within SPEED_TOL; a t = 0 shot has zero velocity.
 * A flight whose kinematics overflow a double is not judged. */
void fz_hit_f64(const scenario *s, const af_shots_f64 *out, double speed);
/* The same, with a shot at a near-double root given once (the meeting
 * equation keeping its sign across t (1 +- 1e-6), where the time is known
 * to about 1e-8 only) judged against the solver's documented speed
 * tolerance tangent_tol, relative (af_arc_moving_f64: 2^-26). */
void fz_hit_tangent_f64(const scenario *s, const af_shots_f64 *out, double speed,
                        double tangent_tol);

/* Every time at which a shot of s->speed can meet the target (a sign
 * change of scenario_gap, tests/support/shots_check.c's scan over 1e-6 to 1e6
 * times the straight-line flight time, 256 cells) is one of out's. */
void fz_no_root_lost_f64(const scenario *s, af_status st, const af_shots_f64 *out);

/* Every q16 shot, flown by the same physics, meets the target within the
 * Q16 suites' worst-case figure (2e-3 of the shot's range + 2^-12 m);
 * fixed_speed: flown at s->speed along its direction, and its own speed
 * within FZ_Q16_SPEED_LSB + 2^-26 of the scene's scale of s->speed
 * (FZ_LINE_SPEED), or within the fixed-speed lobs' documented tolerance
 * (FZ_LOB_SPEED: 2 LSB + 2^-24 of the larger of the speed and |D| / t +
 * |V|, ballistic.h). */
#define FZ_Q16_SPEED_LSB 2.0
enum { FZ_NO_SPEED = 0, FZ_LINE_SPEED = 1, FZ_LOB_SPEED = 2 };
void fz_hit_q16(const scenario *s, const af_shots_q16 *out, int fixed_speed);

/* The q16 answer against the f64 one on the same numbers: never
 * no_solution, overflow or a bad argument where an f64 shot fits Q16.16
 * with room; every such shot present (t within 1e-3 relative + 2^-10 s)
 * and no q16 shot without an f64 one near it, except for roots within 2 %
 * of each other (a tangent pair, which 30 significant bits of a larger
 * problem scale may merge or split) and, given the scene s (the Q16.16
 * values), roots across which its meeting equation keeps its sign over
 * +-2 % (a tangent root). */
void fz_compare_shots(af_status sf, const af_shots_f64 *f, af_status sq,
                      const af_shots_q16 *q, const scenario *s);

/* A Q16.16 value against its f64 reference: within 2 LSB + 2^-22 of
 * scale (the size of the terms that make it up). */
void fz_close(const char *what, fix16_t q, double f, double scale);
/* The same for a value already converted to double. */
void fz_close_value(const char *what, double got, double f, double scale);
/* Whether |v| is well inside Q16.16 (below 0.999 of its limit). */
int fz_fits(double v);
int fz_fits3(af_vec3_f64 v);

af_shot_f64 fz_shot_of_q16(const af_shot_q16 *q);
af_vec3_f64 fz_vec_of_q16(af_vec3_q16 v);
/* The largest magnitude of a vector's components. */
double fz_vmax(af_vec3_f64 v);


/* The slots of a shooting scene, shared by the vacuum targets: shooter
 * position and velocity, target position and velocity, gravity, speed. */
enum { FZ_SHOOTER = 0, FZ_TARGET = 6, FZ_GRAVITY = 12, FZ_SPEED = 15, FZ_SCENE_SLOTS = 16 };
extern const char *const fz_scene_names[FZ_SCENE_SLOTS];
extern const fz_kind fz_scene_kinds[FZ_SCENE_SLOTS];
scenario fz_scene(const double *s, unsigned flags);

/* The same count and the same bits in every shot (not memcmp of the
 * whole set, whose padding after the count is nobody's). */
int fz_same_shots_f64(const af_shots_f64 *a, const af_shots_f64 *b);
int fz_same_shots_q16(const af_shots_q16 *a, const af_shots_q16 *b);

/* Where a target at p moving at v and accelerating at a is at t:
 * p + v t + (a t)(t / 2). Halving a subnormal a first would drop its last
 * bit (2^-16 of an a of 16 bits), which t^2 carries into the point;
 * halving t is exact, and a t^2 formed whole may overflow where its half
 * does not. */
af_vec3_f64 fz_accel_point(af_vec3_f64 p, af_vec3_f64 v, af_vec3_f64 a, double t);

/* accel.h: an accelerating target's shots are judged in the scene they
 * reduce to (gravity g - a, the target at p + v t). Each f64 shot's point
 * is checked against p + v t + a t^2/2 (to 4e-12 of its terms), and
 * *judged is out with each point the reduced target's at its t. */
void fz_accel_points_f64(const af_body_accel_f64 *target, const af_shots_f64 *out,
                         af_shots_f64 *judged);
/* The q16 shots with each point the reduced target's p + v t at its t
 * (sc's target), rounded to Q16.16. */
void fz_reduced_points_q16(const scenario *sc, const af_shots_q16 *q, af_shots_q16 *judged);

/* Whether |a - b| < 32768 (the q16 solvers' domain rule), for each
 * component of two vectors. */
int fz_diff_fits3(af_vec3_q16 a, af_vec3_q16 b);
/* The same for a target's position and velocity relative to the shooter
 * (its velocity subtracted only when inherited). */
int fz_relative_fits(const af_body_q16 *shooter, const af_body_q16 *target, unsigned flags);

#endif /* AIMFIX_TESTS_FUZZ_CHECK_H */
