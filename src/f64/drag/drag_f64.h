/* SPDX-License-Identifier: MIT */
/*
 * src/f64/drag/drag_f64.h — what the f64 drag solvers share. Internal.
 *
 * Both kinds of drag model reduce to one law (see drag_predict_f64.c):
 *
 *     p(t) = p0 + a(t) v0 + b(t) G          (position)
 *     v(t) =      c(t) v0 + d(t) G          (velocity; for a stepped model
 *                                             the engine's velocity)
 *     with x = mu t, c = exp(-x),
 *     a = rho t phi1(x)                      da/dt = rho c
 *     d = sigma t phi1(x)
 *     b = sigma (lag t + rho t^2 phi2(x))    db/dt = sigma (lag + rho t phi1(x))
 *
 * where phi1(x) = (1 - exp(-x)) / x and phi2(x) = (x - 1 + exp(-x)) / x^2.
 * Continuous drag is the case rho = sigma = 1, lag = 0, mu = k, G = g + k
 * wind; a stepped engine gets its constants from the geometric sums
 * (drag_engine_f64.c). da/dt and db/dt are the derivatives of the position
 * curve (for a stepped model they differ from c and d: the engine moves by
 * the velocity after each step, not by the velocity at the step).
 */
#ifndef AIMFIX_SRC_DRAG_F64_H
#define AIMFIX_SRC_DRAG_F64_H

#include "aimfix/drag.h"
#include "../check_f64.h"

/* The constants of one model's law. */
typedef struct drag_law_f64 {
    af_vec3_f64 accel; /* G, m/s^2: gravity, plus k wind for continuous drag */
    double mu;         /* decay rate of the velocity, 1/s (>= 0; +inf for a step
                        * so short that -ln r / dt overflows) */
    double lambda;     /* mu dt = -ln r for a stepped engine (finite), 0 for
                        * continuous drag */
    double dt;         /* the stepped engine's step, s; 0 for continuous drag */
    double rho;        /* in (0, 1]: 1 for continuous drag */
    double sigma;      /* > 0: 1 for continuous drag */
    double lag;        /* s: where a stepped engine's first move departs from
                        * the velocity it was given; 0 for continuous drag */
    double lead;       /* s: log1p(mu lag / rho) / mu, the time by which the
                        * curve's turning points come early (dt/2 without drag) */
    af_vec3_f64 shift; /* m/s: the body's velocity minus the one the law is
                        * applied to: g dt when the engine moves first (the
                        * damping-last law launched at v0 - g dt), else 0 */
} drag_law_f64;

/* The law's coefficients at one time (see the top of this file). */
typedef struct drag_coef_f64 {
    double a, b, c, d, da, db;
    /* a = a_scaled 2^scale and b = b_scaled 2^scale, scale t's exponent,
     * where b overflows (1/mu^2 under a drag near 1e-304 s^-1) or, for
     * |t| < 1, a or b underflows (a damping's rho of 1e-303 times t of
     * 1e-160); a, b and 0 otherwise. For afr_drag_times_a/b_f64, out of
     * line (drag_predict_f64.c): every position and height uses them. */
    double a_scaled, b_scaled;
    int scale;
} drag_coef_f64;

/* m a for the coefficient a at k: a launch fast enough (1e149 m/s) keeps
 * it within the doubles where a, a damping's rho times a time, is not,
 * and level with m b (the height's terms cancel). */
double afr_drag_times_a_f64(double m, const drag_coef_f64 *k);

/* m b for the coefficient b at k: a gravity small enough (4.7e-308 m/s^2)
 * keeps it within the doubles where b, a time squared, is not. */
double afr_drag_times_b_f64(double m, const drag_coef_f64 *k);

/* m 2^e b for a factor carried in scaled form (a subnormal drag k times
 * a wind keeps its bits), b's mantissa taken apart too: only the whole
 * overflows or underflows. */
double afr_drag_times_b_ldexp_f64(double m, int e, const drag_coef_f64 *k);

/* Exponential helpers, accurate near zero (drag_expo_f64.c). */
double afr_drag_phi1(double x);
double afr_drag_phi2(double x);
double afr_drag_log1p_ratio(double y);

/* The law of a stepped or continuous model, checked (drag_engine_f64.c,
 * drag_continuous_f64.c). Return AF_OK or AF_ERR_BAD_ARGUMENT. */
af_status afr_drag_stepped_law_f64(const af_drag_f64 *drag, drag_law_f64 *law);
af_status afr_drag_continuous_law_f64(const af_drag_f64 *drag, drag_law_f64 *law);

/* Either of the above by the model's kind; AF_ERR_BAD_ARGUMENT for NULL or an
 * unknown kind (drag_predict_f64.c). */
af_status afr_drag_law_init_f64(const af_drag_f64 *drag, drag_law_f64 *law);

/* The coefficients at time t (any real t; the solvers use t >= 0 except for
 * an apex before launch). */
void afr_drag_coef_at_f64(const drag_law_f64 *law, double t, drag_coef_f64 *k);
/* The same for a given mu t = x (the stepped engine's -ln r n after n steps). */
void afr_drag_coef_x_f64(const drag_law_f64 *law, double t, double x, drag_coef_f64 *k);

/* Position, velocity, and derivative of the position at time t. */
af_vec3_f64 afr_drag_position_f64(const drag_law_f64 *law, const af_body_f64 *start,
                              const drag_coef_f64 *k);
af_vec3_f64 afr_drag_velocity_f64(const drag_law_f64 *law, const af_body_f64 *start,
                              const drag_coef_f64 *k);
af_vec3_f64 afr_drag_tangent_f64(const drag_law_f64 *law, const af_body_f64 *start,
                             const drag_coef_f64 *k);

/*
 * The motion along up: the law projected on up = -g/|g|, with U = v0.up and
 * W = G.up (so h(t) = U a(t) + W b(t)). Filled by afr_drag_vertical_init_f64, which
 * returns AF_ERR_BAD_ARGUMENT for g = 0 (drag_vertical_f64.c).
 */
typedef struct drag_vertical_f64 {
    drag_law_f64 law;
    af_vec3_f64 up;
    double U, W;
} drag_vertical_f64;

af_status afr_drag_vertical_init_f64(const af_drag_f64 *drag, const af_body_f64 *start,
                            drag_vertical_f64 *vert);

/* The height h = U a + W b and its slope h' = U da + W db at the law's
 * coefficients k. */
static inline double afr_drag_height_at_f64(const drag_vertical_f64 *vert, const drag_coef_f64 *k)
{
    return afr_drag_times_a_f64(vert->U, k) + afr_drag_times_b_f64(vert->W, k);
}

static inline double afr_drag_slope_at_f64(const drag_vertical_f64 *vert, const drag_coef_f64 *k)
{
    return vert->U * k->da + vert->W * k->db;
}

/* a b c with the largest and smallest magnitudes multiplied first: that
 * partial product overflows or underflows only where the whole one does. */
static inline double afr_drag_product3_f64(double a, double b, double c)
{
    double fa = fabs(a), fb = fabs(b), fc = fabs(c);
    if ((fb <= fa && fa <= fc) || (fc <= fa && fa <= fb))
        return (b * c) * a;
    if ((fa <= fb && fb <= fc) || (fc <= fb && fb <= fa))
        return (a * c) * b;
    return (a * b) * c;
}

/* a b c / (d e) from the factors' mantissas, their exponents summed
 * apart: it overflows or underflows only where the whole one does (sigma
 * lag underflows under a damping of 1e-300 a step of 1e-30 s, sigma W
 * under a gravity of 1e-321; the same bits where no part leaves the
 * normal range). */
static inline double afr_drag_ratio_f64(double a, double b, double c, double d, double e)
{
    int ea, eb, ec, ed, ee;
    double m = frexp(a, &ea) * frexp(b, &eb) * frexp(c, &ec) / (frexp(d, &ed) * frexp(e, &ee));
    return ldexp(m, ea + eb + ec - ed - ee);
}

/* h'(0) = U rho + W sigma lag: the engine's first move already carries one
 * step of gravity. No pair of the three is safe first: W sigma overflows
 * for a gravity near 1e306 under a damping that wipes the velocity each
 * step, sigma lag underflows (to a launch that rises) for a damping of
 * 1e-231 a step of 1e-229 s. */
static inline double afr_drag_launch_slope_f64(const drag_vertical_f64 *vert)
{
    return vert->U * vert->law.rho +
           afr_drag_product3_f64(vert->W, vert->law.sigma, vert->law.lag);
}

/* |g|^2 + k w.g (continuous drag's pull along up times -|g|) from its
 * exact value rounded about once, so that its sign is exact (0 exactly
 * when the two cancel), when every nonzero component of g and w, and k,
 * lies between 2^-200 and 2^200 (every Q16.16 value does): returns 1 and
 * stores it in *out; otherwise 0 (drag_exact_f64.c). */
int afr_drag_pull_excess_f64(af_vec3_f64 g, double k, af_vec3_f64 w, double *out);

/* The time the body reaches `height` on `branch`, and the number of
 * evaluations taken (drag_height_f64.c). Statuses as for
 * af_drag_time_at_height_f64. */
af_status afr_drag_height_time_f64(const drag_vertical_f64 *vert, double height, af_branch branch,
                               double *t, int *steps);

/* The apex time of a concave height curve (the root of h' = 0; may be
 * negative when the body is already falling at launch) and the curve's
 * concavity test. */
int afr_drag_concave_f64(const drag_vertical_f64 *vert);
double afr_drag_apex_time_f64(const drag_vertical_f64 *vert);

/* A function whose root is sought: returns f(x), stores f'(x) in *slope and
 * a bound on the rounding error of f(x) in *noise. */
typedef double (*drag_fn_f64)(double x, void *ctx, double *slope, double *noise);

/*
 * afr_drag_newton_f64 — the root of fn (increasing on [lo, hi], fn(lo) <= 0 <=
 * fn(hi)) by Newton's method from x0, kept in the bracket with bisection
 * (afr_drag_newton_f64.c). Stops when |f| is within its noise, or a Newton
 * correction or the bracket is below tol (pass tol >= 2^-50 max(|lo|, |hi|) for the step bound to hold).
 * Stores the root and the evaluations made; AF_ERR_NO_CONVERGENCE (root =
 * bracket's midpoint) if DRAG_NEWTON_MAX_STEPS evaluations were not enough;
 * AF_ERR_OVERFLOW (root 0) when the bracket or a value of fn is not finite.
 */
#define DRAG_NEWTON_TOL_BITS 50
#define DRAG_NEWTON_MAX_STEPS AF_DRAG_HEIGHT_MAX_STEPS
/* The public bound is this proof's: 2 (50 + 1) evaluations (compile-time check). */
typedef char drag_newton_bound_check[DRAG_NEWTON_MAX_STEPS == 2 * (DRAG_NEWTON_TOL_BITS + 1) ? 1
                                                                                            : -1];
af_status afr_drag_newton_f64(drag_fn_f64 fn, void *ctx, double lo, double hi, double x0, double tol,
                          double *root, int *steps);

/* The event at time t: state and height (drag_height_f64.c). */
void afr_drag_event_at_f64(const drag_vertical_f64 *vert, const af_body_f64 *start, double t,
                       int steps, af_drag_event_f64 *out);

/* af_drag_aim_speed_f64 at a target of constant acceleration `accel`
 * (NULL or zero: af_drag_aim_speed_f64 itself, the same bits); the
 * target is at P + V T + A T^2/2 (drag_aim_f64.c). */
af_status afr_drag_aim_speed_f64(const af_drag_f64 *drag, const af_body_f64 *shooter,
                                 const af_body_f64 *target, const af_vec3_f64 *accel,
                                 double speed, double max_time, unsigned flags,
                                 af_shots_f64 *out);

#endif /* AIMFIX_SRC_DRAG_F64_H */
