/* SPDX-License-Identifier: MIT */
/*
 * src/q16/drag/drag_q16.h — what the Q16 drag solvers share. Internal.
 *
 * The Q16 solvers evaluate the same law as the f64 ones (drag_f64.h):
 *
 *     p(t) = p0 + a(t) v0 + b(t) G,        v(t) = c(t) v0 + d(t) G
 *     x = mu t,  c = e^-x,
 *     a = rho t phi1(x),  d = sigma t phi1(x),
 *     b = sigma (lag t + rho t^2 phi2(x)),
 *
 * phi1(x) = (1 - e^-x) / x, phi2(x) = (x - 1 + e^-x) / x^2, with the
 * constants of a stepped engine from its geometric sums (drag_engine_q16.c)
 * or those of continuous drag (rho = sigma = 1, lag = 0). Every one of these
 * quantities is positive, and their sizes are not known in advance (a time
 * of flight from microseconds to hours, a decay rate from 2^-31 to 2^20
 * per second), so they are carried as unsigned floating integers, afn_unum:
 * a 32-bit mantissa with its top bit set and a binary exponent. A product
 * is one 32 x 32 -> 64-bit multiply and a one-bit normalisation. Only at
 * the end are the coefficients applied to the Q16.16 inputs, in 64-bit
 * integer sums rounded once per component (afq_drag_apply).
 *
 * Signed quantities of the solvers (heights, slopes, vertical speeds) are
 * 31-bit signed floating integers, afn_snum (xnum_q16.h).
 *
 * Rounding: afn_unum operations truncate (each loses less than 2^-31 of its
 * result); the conversions to Q16.16 round to nearest, ties away from
 * zero. Integer-only throughout: the same bits on every compiler and core.
 */
#ifndef AIMFIX_SRC_DRAG_Q16_H
#define AIMFIX_SRC_DRAG_Q16_H

#include "aimfix/drag.h"
#include "../../core/dnum_q16.h"
#include "../solve_q16.h"

/* ---- The law of a model ---------------------------------------------- */

/* The constants of one model (see the top of this file). */
typedef struct afq_drag_law {
    int continuous;    /* continuous drag: wind terms, rho = sigma = 1 */
    int move_first;    /* an engine that moves first: damping last's
                        * constants, applied to v0 - g dt (afq_drag_launch_vec),
                        * its velocities the law's plus g dt */
    afn_unum lambda;   /* stepped: -ln r per step; continuous: k */
    afn_unum unit;     /* stepped: dt; continuous: 1 s: mu = lambda / unit */
    afn_unum rho, sigma; /* in (0, 1] and (0, 11.1]: 1 for continuous drag */
    afn_unum lag;        /* s: dt psi for an engine (half a step without drag) */
    afn_unum mu;         /* lambda / unit, 1/s: set by afq_drag_law_rate */
    const af_drag_q16 *model;
} afq_drag_law;

/* The law of a model, checked: AF_OK or AF_ERR_BAD_ARGUMENT (NULL, an
 * unknown kind or order, dt <= 0, r outside (0, 1], k < 0).
 * drag_predict_q16.c; the kinds' own parts in drag_engine_q16.c and
 * drag_continuous_q16.c. */
af_status afq_drag_law_init(const af_drag_q16 *drag, afq_drag_law *law);
af_status afq_drag_stepped_law(const af_drag_q16 *drag, afq_drag_law *law);
af_status afq_drag_continuous_law(const af_drag_q16 *drag, afq_drag_law *law);

/* Whether a stepped model's dt, r, max_move and order are valid (what
 * afq_drag_stepped_law checks). */
int afq_drag_stepped_valid(const af_drag_q16 *drag);

/* psi(lambda) = 1/2 - lambda/12 + ... in Q32 for lambda in Q32 below 2^31
 * (lambda < 1/2), by its series (drag_engine_q16.c). */
uint32_t afq_drag_psi_q32(uint32_t lambda);

/* Set law->mu = lambda / unit (1/s; 0 without drag): a division, which
 * the forward prediction in steps does without. */
void afq_drag_law_rate(afq_drag_law *law);

/* ---- Coefficients at a time ------------------------------------------ */

/* The parts of the law at time t that do not depend on the model's
 * constants (drag_expo_q16.c). */
typedef struct afq_drag_coef {
    afn_unum t;      /* s */
    afn_unum x;      /* mu t */
    afn_unum c;      /* e^-x */
    afn_unum omc;    /* 1 - e^-x */
    afn_unum tphi1;  /* t phi1(x) */
    afn_unum t2phi2; /* t^2 phi2(x) */
    afn_unum tbk;    /* t - t phi1(x) = x t phi2(x) */
} afq_drag_coef;

/* Fill k for time t >= 0 and x = mu t >= 0. */
void afq_drag_coef_at(afn_unum t, afn_unum x, afq_drag_coef *k);

/* phi1(z) and phi2(z) for any z, negative included (the apex frame's
 * rising side): each to about 30 bits (drag_expo_q16.c). */
void afq_drag_phi(afn_snum z, afn_unum *phi1, afn_unum *phi2);

/* phi2(x) = sum (-x)^k / (k + 2)! in Q32 for x in Q32 below 2^31 (x < 1/2),
 * by the series (drag_expo_q16.c). */
uint32_t afq_drag_phi2_q32(uint32_t x);

/* The decay over a time s of either sign (from an apex, s < 0 before
 * it), x = mu s: e^-x, |s phi1(x)| and s^2 phi2(x), from the reciprocal
 * 1 / mu taken once (0 without drag): no division (drag_expo_q16.c). */
typedef struct afq_drag_decayed {
    afn_unum c, sphi1, s2phi2;
} afq_drag_decayed;

void afq_drag_decay(afn_snum s, afn_unum mu, afn_unum inv_mu, afq_drag_decayed *out);

/* log1p(y) / y for y > -1 (1 at 0), to about 30 bits. */
afn_unum afq_drag_log1p_ratio(afn_snum y);

/* log2(a) for a > 0, and 2^y for |y| < 2^30, to about 30 bits. */
afn_snum afq_drag_log2(afn_unum a);
afn_unum afq_drag_pow2(afn_snum y);

/* The law's coefficients a, b, d, and the derivatives da = rho c and
 * db = sigma (lag + rho t phi1) of a and b (drag_predict_q16.c). */
typedef struct afq_drag_terms {
    afn_unum a, b, d, da, db;
} afq_drag_terms;

/* a, b and d; then da and db (from a) for the solvers that need slopes. */
void afq_drag_terms_of(const afq_drag_law *law, const afq_drag_coef *k, afq_drag_terms *out);
void afq_drag_slopes_of(const afq_drag_law *law, const afq_drag_coef *k, afq_drag_terms *terms);

/* The law's coefficients at time t (afq_drag_law_rate called before). */
void afq_drag_terms_at(const afq_drag_law *law, afn_unum t, afq_drag_coef *k,
                       afq_drag_terms *terms);

/* The geometric sums of a stepped model after n >= 0 steps (n real), with
 * u = 1 - r: c = r^n, G = (1 - r^n) / u, H = (n - r G) / u (n and
 * n (n + 1) / 2 without drag), and log2(1/r) and lambda = ln(1/r) they
 * came from. A valid stepped model; `like`, when not NULL, the sums of the
 * same model at another n, whose logarithms are taken again
 * (drag_steps_q16.c). */
typedef struct afq_drag_sums {
    afn_unum c, G, H;
    afn_unum l2, lambda;
} afq_drag_sums;

void afq_drag_step_sums(const af_drag_q16 *drag, fix16_t n, const afq_drag_sums *like,
                        afq_drag_sums *out);

/* ---- Applying coefficients to Q16.16 vectors -------------------------- */

/* A Q16.16 vector made ready for afq_drag_apply: its components shifted left
 * (exactly) by z until the largest magnitude is in [2^30, 2^31]; the
 * vector is v 2^-z. */
typedef struct afq_drag_vec {
    int32_t v[3];
    int z, zero;
} afq_drag_vec;

void afq_drag_vec_of(const af_vec3_q16 *in, afq_drag_vec *out);

/* The same for a vector of 64-bit raw values (|v| < 2^62), shifted right
 * (z < 0, rounded to 31 bits) when it does not fit 32 bits. */
void afq_drag_vec_of64(const int64_t in[3], afq_drag_vec *out);

/*
 * out = sum_j +-coef[j] in[j], componentwise, in raw Q16.16 units: n <= 4
 * terms with coefficients >= 0, term j subtracted when bit j of
 * `negative` is set. Each component is summed exactly in 64 bits from
 * 30-bit mantissas aligned to the largest term, and rounded once: within
 * 2^-28 of the largest term plus half a unit. Returns 0 when a component
 * reaches 2^62 raw.
 */
int afq_drag_apply(int n, const afn_unum *coef, unsigned negative, const afq_drag_vec *in,
                   int64_t out[3]);

/* afq_drag_apply for two terms and a base (NULL: none), straight to
 * Q16.16, the second term subtracted when `minus` (the stepped model's
 * position and velocity: the forward predictions' hot path). The same
 * alignment and rounding as afq_drag_apply. Returns 0 when a component
 * does not fit Q16.16. */
int afq_drag_apply2(const af_vec3_q16 *base, afn_unum c0, const afq_drag_vec *v0, afn_unum c1,
                    const afq_drag_vec *v1, int minus, af_vec3_q16 *out);

/* The launch velocity the law is applied to: v, or v - g dt exactly (to
 * 31 bits) for an engine that moves first. */
void afq_drag_launch_vec(const afq_drag_law *law, const af_vec3_q16 *v, afq_drag_vec *out);

/* out = v + base (base may be NULL), when every component fits Q16.16;
 * returns 0 otherwise. */
int afq_drag_store3(const int64_t v[3], const af_vec3_q16 *base, af_vec3_q16 *out);

/* The velocity of a stepped model after n whole steps (n < 32768): an
 * evaluation of the law's velocity alone. Returns 0 when it does not fit. */
int afq_drag_velocity_steps(const afq_drag_law *law, const af_body_q16 *start, uint32_t n,
                            af_vec3_q16 *out);

/* The state at the coefficients' time: position and velocity (the wind's
 * terms for continuous drag included). Returns 0 when it does not fit. */
int afq_drag_state(const afq_drag_law *law, const af_body_q16 *start, const afq_drag_coef *k,
                   const afq_drag_terms *terms, af_body_q16 *out);

/* ---- Heights --------------------------------------------------------- */

/*
 * The motion along up = -g / |g|: the law projected on up, with U = v0.up
 * and W = G.up (h(t) = U a(t) + W b(t)); up in Q30 (2^-30 of a unit per
 * component). Filled by afq_drag_vertical_init (the law's rate included), which
 * returns AF_ERR_BAD_ARGUMENT for a bad model, a NULL start or g = 0
 * (drag_vertical_q16.c).
 */
typedef struct afq_drag_vertical {
    afq_drag_law law;
    int32_t up[3];
    afn_unum glen; /* |g| */
    afn_snum U, W;
} afq_drag_vertical;

af_status afq_drag_vertical_init(const af_drag_q16 *drag, const af_body_q16 *start,
                                 afq_drag_vertical *v);

/* The time the body reaches height H on `branch` (>= 0), and the
 * evaluations taken; statuses as af_drag_time_at_height_q16 (but overflow:
 * the caller checks the state). */
af_status afq_drag_height_time(const afq_drag_vertical *v, afn_snum H, af_branch branch,
                               afn_snum *t, int *steps);

/* The time of the apex: the root of h' = 0, before launch (< 0) when the
 * body is already falling; for a concave curve (W < 0). */
afn_snum afq_drag_apex_time(const afq_drag_vertical *v);

/* The height U a + W b of the terms at a time. */
afn_snum afq_drag_height_of(const afq_drag_vertical *v, const afq_drag_terms *terms);

/* Its slope U da + W db (the terms' slopes filled in), the slope at
 * launch h'(0) = U rho + W sigma lag, and the curvature at launch
 * K0 = rho (-sigma W + mu U), > 0 for a concave curve
 * (drag_vertical_q16.c). */
afn_snum afq_drag_vertical_slope(const afq_drag_vertical *v, const afq_drag_terms *terms);
afn_snum afq_drag_launch_slope(const afq_drag_vertical *v);
afn_snum afq_drag_launch_curvature(const afq_drag_vertical *v);

/* The curvature at the apex, w (rho + mu lag) > 0 (W < 0): the launch's
 * K0 decayed to the apex, without the decay (drag_vertical_q16.c). */
afn_snum afq_drag_apex_curvature(const afq_drag_vertical *v);

/* The event at time t (afn_snum >= 0) rounded to Q16.16: that time, and
 * the height and state there (so that predicting at out->t gives
 * out->state), or 0 when one of them does not fit Q16.16. */
int afq_drag_event_at(const afq_drag_vertical *v, const af_body_q16 *start, afn_snum t, int steps,
                      af_drag_event_q16 *out);

/* ---- Root finding ---------------------------------------------------- */

/* A function whose root is sought: f(x), with f'(x) in *slope and a bound
 * on the rounding error of f(x) in *noise. */
typedef afn_snum (*afq_drag_fn)(afn_snum x, void *ctx, afn_snum *slope, afn_snum *noise);

/*
 * afq_drag_newton — the root of fn (increasing on [lo, hi], fn(lo) <= 0 <=
 * fn(hi)) by Newton's method from x0, kept in the bracket with bisection,
 * as afr_drag_newton_f64 (drag_newton_q16.c). Stops when |f| is within its
 * noise, or a Newton correction or the bracket is below 2^-AFQ_DRAG_NEWTON_TOL_BITS
 * of the bracket's magnitude: at most AFQ_DRAG_NEWTON_MAX_STEPS evaluations
 * (the bracket at least halves every two). Stores the root and the
 * evaluations made; AF_ERR_NO_CONVERGENCE (root = the bracket's middle)
 * past the bound.
 */
#define AFQ_DRAG_NEWTON_TOL_BITS 30
#define AFQ_DRAG_NEWTON_MAX_STEPS (2 * (AFQ_DRAG_NEWTON_TOL_BITS + 1))
af_status afq_drag_newton_in(afq_drag_fn fn, void *ctx, afn_snum lo, afn_snum hi, afn_snum x0,
                             int band, afn_snum *root, int *steps);

static inline af_status afq_drag_newton(afq_drag_fn fn, void *ctx, afn_snum lo, afn_snum hi,
                                        afn_snum x0, afn_snum *root, int *steps)
{
    return afq_drag_newton_in(fn, ctx, lo, hi, x0, 0, root, steps);
}

/*
 * afq_drag_newton_one_sided — Newton from x0 on a function that increases
 * and keeps one convexity on
 * [lo, hi], x0 the end from which its steps approach the root from one
 * side without overshooting: no bracket bookkeeping and no bisections.
 * It stops where |f| is within its noise, or at a correction below 2^-30
 * of the point it corrects (not of the bracket, whose far end may lie
 * many times beyond the root); a step that leaves the
 * bracket (rounding near the root, or a slope of 0) hands the narrowed
 * bracket to afq_drag_newton, within the same bound on evaluations.
 */
af_status afq_drag_newton_one_sided(afq_drag_fn fn, void *ctx, afn_snum lo, afn_snum hi,
                                    afn_snum x0, afn_snum *root, int *steps);

/* afq_drag_newton for a function whose noise may cover more than its root (a
 * shallow dip beside it): |f| within the noise does not end the search.
 * At the first point x where it is and f rises, the root is within
 * 2 noise / |f'| of x; one probe that far towards the bracket's other end
 * (or a bracket already within 8 times that) ends it at the point of least
 * |f|. A point within the noise where f falls is a crossing beside the
 * root sought: the search moves past it, towards the farther end. No
 * forced bisection while Newton at least halves |f|. The evaluations stay
 * within AFQ_DRAG_NEWTON_MAX_STEPS (AF_ERR_NO_CONVERGENCE past them). */
static inline af_status afq_drag_newton_band(afq_drag_fn fn, void *ctx, afn_snum lo, afn_snum hi,
                                             afn_snum x0, afn_snum *root, int *steps)
{
    return afq_drag_newton_in(fn, ctx, lo, hi, x0, 1, root, steps);
}

/* af_drag_aim_speed_q16 at a target of constant acceleration `accel`
 * (NULL or zero: af_drag_aim_speed_q16 itself, the same bits)
 * (drag_aim_q16.c). Each shot's point is the constant-velocity one,
 * p + v t (a shot whose p + v t does not fit is left out): the caller
 * adds the acceleration's term. */
af_status afq_drag_aim_speed(const af_drag_q16 *drag, const af_body_q16 *shooter,
                             const af_body_q16 *target, const af_vec3_q16 *accel, fix16_t speed,
                             fix16_t max_time, unsigned flags, af_shots_q16 *out);

#endif /* AIMFIX_SRC_DRAG_Q16_H */
