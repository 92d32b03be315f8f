/*
 * tests/q16_solve_check.h — judging the Q16 solvers against the f64 ones.
 *
 * A Q16 answer is judged the way a user would use it: its launch velocity is
 * flown by the f64 physics of tests/kinematics.c (at the launcher's fixed
 * speed along the Q16 direction, for the fixed-speed solvers; as returned,
 * for the others), and the miss is the closest approach to the target.
 * The figures, per solver over its random scenarios:
 *   - miss <= 2e-4 range + 2^-12 m in at least 99.9 % of the shots,
 *   - miss <= 2e-3 range in all of them,
 * with range the engagement's size: the larger of the distance to the
 * target now and to the f64 impact point.
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

/* The closest approach of a projectile launched at t = 0 from s's shooter
 * with launch velocity u (plus the shooter's when inheriting) under
 * gravity g to s's target, searched around t_hint (0.5 to 1.5 times it,
 * then refined). */
double q16_closest_approach(const scenario *s, af_vec3_f64 u, af_vec3_f64 g, double t_hint);

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

/* Judge one Q16 shot (its miss, computed by the caller); records it. */
void q16_record_miss(q16_stats *st, double miss, double range);

/* Print the figures (th_note) and check the two tolerances. */
void q16_report(const q16_stats *st, const char *solver);

/* The angle between two vectors, radians (0 when either is zero). */
double q16_angle(af_vec3_f64 a, af_vec3_f64 b);

#endif /* AIMFIX_TESTS_Q16_SOLVE_CHECK_H */
