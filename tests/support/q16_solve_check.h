/* SPDX-License-Identifier: MIT */
/*
 * tests/support/q16_solve_check.h — judging the Q16 solvers against the f64 ones.
 *
 * A Q16 answer is judged the way a user would use it: its launch velocity is
 * flown by the f64 physics of tests/support/kinematics.c (at the launcher's fixed
 * speed along the Q16 direction, for the fixed-speed solvers; as returned,
 * for the others), and the miss is the closest approach to the target.
 * The figures, per solver over its random scenarios:
 *   - miss <= 2e-4 range + 2^-12 m in at least 99.9 % of the shots,
 *   - miss <= 2e-3 range in all of them,
 * with range the size of the shot: the largest of the distance to the target
 * now, to the f64 impact point, and the farthest the f64 projectile gets
 * from the launch point during its flight. For a flat shot that is the
 * distance to the target; for a lob it includes the climb. (A Q16.16
 * launch velocity is only known to 2^-17 m/s per component, so a 400 s lob
 * that climbs 3 km to land 1 m away lands millimetres off whatever the
 * solver: the error scales with the trajectory, not with the distance.)
 */
#ifndef AIMFIX_TESTS_Q16_SOLVE_CHECK_H
#define AIMFIX_TESTS_Q16_SOLVE_CHECK_H

#include "aimfix.h"
#include "harness.h"
#include "scenario.h"

#define Q16_MISS_RELATIVE 2e-4
#define Q16_MISS_ABSOLUTE (1.0 / 4096.0)
#define Q16_MISS_WORST_RELATIVE 2e-3

double q16_to_f64(fix16_t v);
af_vec3_f64 q16_vec_to_f64(af_vec3_q16 v);
/* The nearest Q16.16 value (inputs of the tests are chosen representable,
 * so this is exact there). */
fix16_t q16_from_f64(double v);
af_vec3_q16 q16_vec_from_f64(af_vec3_f64 v);
af_body_q16 q16_body_from_f64(const af_body_f64 *b);

/* Round every number of a scenario to Q16.16, so that the f64 and Q16
 * solvers see the same inputs. */
void q16_round_scenario(scenario *s);

/*
 * A random scenario over the Q16 solvers' domain, in three magnitude
 * classes drawn in turn: small (distances 1e-3 to 1 m, speeds 0.25 to
 * 2 m/s), ordinary (1 to 100 m, 2 to 100 m/s) and near the limit (100 to
 * 16 000 m, 100 to 16 000 m/s), with every difference within Q16.16.
 * Gravity is {0, 0, -9.81} or random (0.1 to 100 m/s^2). Rounded to Q16.16.
 */
scenario q16_random_scenario(th_rng *rng, int magnitude_class);
#define Q16_CLASSES 3

/* The least value of a smooth function of time f over [0.5, 1.5] t_hint:
 * a scan of 64 samples, then golden sections around the best. */
double q16_minimize_near(double (*f)(double t, const void *ctx), const void *ctx, double t_hint);

/* The closest approach of a projectile launched at t = 0 from s's shooter
 * with launch velocity u (plus the shooter's when inheriting) under
 * gravity g to s's target, searched around t_hint (0.5 to 1.5 times it,
 * then refined). */
double q16_closest_approach(const scenario *s, af_vec3_f64 u, af_vec3_f64 g, double t_hint);

/* The largest time and coordinate Q16.16 holds. */
#define Q16_LIMIT 32767.99998

/* Whether an f64 shot (or any of a set) lies beyond what Q16.16 holds (then
 * the Q16 solver must say overflow); a relative 1e-6 margin for the last
 * bits. */
int q16_shot_beyond(const af_shot_f64 *shot);
int q16_shots_beyond(const af_shots_f64 *shots);

/* The miss of a Q16 shot flown by the f64 physics under s's gravity:
 * at the launcher's fixed speed s->speed along the Q16 direction
 * (q16_miss_fixed_speed), or with the Q16 velocity as returned
 * (q16_miss_as_given). */
double q16_miss_fixed_speed(const scenario *s, const af_shot_q16 *q);
double q16_miss_as_given(const scenario *s, const af_shot_q16 *q);

/* Accumulated figures of one solver's comparison. */
typedef struct q16_stats {
    long shots;          /* Q16 shots judged */
    long over_tolerance; /* above 2e-4 range + 2^-12 */
    long over_worst;     /* above 2e-3 range */
    double worst;        /* worst miss / range */
    double worst_range;  /* its range */
    long hist[64];       /* misses / range by half-decade, 1e-12 .. 1 */
    long status_band;    /* status disagreements inside the documented band */
} q16_stats;

/* The size of an f64 shot from s's shooter (see above). */
double q16_shot_range(const scenario *s, const af_shot_f64 *f);

/* Judge one Q16 shot (its miss, computed by the caller); records it. */
void q16_record_miss(q16_stats *st, double miss, double range);

/* How one solver's Q16 answers are judged against its f64 answers. */
typedef struct q16_judge {
    const char *solver;
    /* Whether the scenario is in the solver's documented band, where the
     * two statuses or counts may differ. */
    int (*in_band)(const scenario *s);
    /* The miss of a Q16 shot (q16_miss_fixed_speed or q16_miss_as_given). */
    double (*miss)(const scenario *s, const af_shot_q16 *q);
    /* The allowed |t_q16 - t_f64|, seconds, for an f64 time tf. */
    double (*t_tolerance)(const scenario *s, double tf);
    /* The allowed angle between the launch velocities, radians. */
    double (*aim_tolerance)(const scenario *s, const af_shot_f64 *f);
} q16_judge;

/* Tallies over a run. */
typedef struct q16_tally {
    long scenarios, both_ok, band, overflow;
    double worst_t, worst_aim; /* worst |dt| / max(tf, 1e-3) and angle */
    q16_stats stats;
} q16_tally;

/*
 * Judge one scenario: the f64 shots that Q16.16 cannot hold are set aside
 * (the Q16 solver must leave them out, and say AF_ERR_OVERFLOW when none is
 * left); outside the band the statuses and counts must then agree, and each
 * pair of shots (both earliest first) must agree in time and aim; every Q16
 * shot's miss is recorded against the range of the engagement.
 */
void q16_compare(const q16_judge *j, const scenario *s, af_status sf, const af_shots_f64 *f,
                 af_status sq, const af_shots_q16 *q, q16_tally *tally, long index);

/* Print a run's tallies and check the miss figures (q16_report). */
void q16_tally_report(const q16_judge *j, const q16_tally *tally);

/* Print the figures (th_note) and check the two tolerances. */
void q16_report(const q16_stats *st, const char *solver);

/* The angle between two vectors, radians (0 when either is zero). */
double q16_angle(af_vec3_f64 a, af_vec3_f64 b);

#endif /* AIMFIX_TESTS_Q16_SOLVE_CHECK_H */
