/* SPDX-License-Identifier: MIT */
/*
 * src/drag_q16.h — what the Q16 drag solvers share. Internal.
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
 * per second), so they are carried as unsigned floating integers, afdq_num:
 * a 32-bit mantissa with its top bit set and a binary exponent. A product
 * is one 32 x 32 -> 64-bit multiply and a one-bit normalisation, so the
 * law costs a few dozen instructions on a Cortex-M3. Only at the end are
 * the coefficients applied to the Q16.16 inputs, in 64-bit integer sums
 * rounded once per component (afdq_apply).
 *
 * Signed quantities of the solvers (heights, slopes, vertical speeds) are
 * 31-bit signed floating integers, afx (xnum_q16.h).
 *
 * Rounding: afdq_num operations truncate (each loses less than 2^-31 of its
 * result); the conversions to Q16.16 round to nearest, ties away from
 * zero. Integer-only throughout: the same bits on every compiler and core.
 */
#ifndef AIMFIX_SRC_DRAG_Q16_H
#define AIMFIX_SRC_DRAG_Q16_H

#include "aimfix/drag.h"
#include "xnum_q16.h"

/* Keeps a helper out of line on an ARMv6-M core (Cortex-M0): the
 * arithmetic below is static inline, and GCC inlines it at every use,
 * which there (every 64-bit step a sequence or a libgcc call) more than
 * doubles the code of a solver that uses it often. Elsewhere inlining
 * saves a quarter of the instructions. The bits are the same either way. */
#if defined(__GNUC__) && defined(__ARM_ARCH_6M__)
#define AFDQ_OUTLINE __attribute__((noinline))
#else
#define AFDQ_OUTLINE inline
#endif

/* ---- Unsigned floating integers ------------------------------------- */

/* The number m 2^e, m in [2^31, 2^32); m = 0 is zero (whatever e). */
typedef struct afdq_num {
    uint32_t m;
    int e;
} afdq_num;

/* v 2^e for any v (truncated to 32 significant bits). */
static inline afdq_num afdq_make(uint64_t v, int e)
{
    afdq_num r;
    int z;
    if (v == 0) {
        r.m = 0;
        r.e = e;
        return r;
    }
    z = afi_clz64(v);
    if (z >= 32) {
        r.m = (uint32_t)v << (z - 32);
        r.e = e - (z - 32);
    } else {
        r.m = (uint32_t)(v >> (32 - z));
        r.e = e + (32 - z);
    }
    return r;
}

/* A non-negative Q16.16 value (raw), exactly. */
static inline afdq_num afdq_q16(fix16_t raw)
{
    return afdq_make((uint64_t)(uint32_t)raw, -16);
}

static inline afdq_num afdq_mul(afdq_num a, afdq_num b)
{
    uint32_t am = a.m, bm = b.m;
    uint64_t p;
    afdq_num r;
    /* Inlined where a mantissa comes from a wider expression, GCC kept
     * its high word and multiplied 64 x 32 bits (UMULL and MLA, a libgcc
     * call on the M0): the barrier leaves it a 32-bit value. */
    AFI_OPAQUE(am);
    AFI_OPAQUE(bm);
    p = afi_umul32_compact(am, bm); /* in [2^62, 2^64), or 0 */
    r.e = a.e + b.e + 32;
    if (!(p >> 63)) {
        p <<= 1;
        r.e--;
    }
    r.m = (uint32_t)(p >> 32);
    return r;
}

/* a / b, b nonzero: one 64-by-32-bit division of the mantissas. */
static inline afdq_num afdq_div(afdq_num a, afdq_num b)
{
    uint32_t rem;
    afdq_num r;
    if (a.m >= b.m) { /* quotient in [1, 2): 31 fractional bits */
        r.m = afi_udiv64_32((uint64_t)a.m << 31, b.m, &rem);
        r.e = a.e - b.e - 31;
    } else { /* in (1/2, 1): 32 */
        r.m = afi_udiv64_32((uint64_t)a.m << 32, b.m, &rem);
        r.e = a.e - b.e - 32;
    }
    return r;
}

/* a 2^k. */
static inline afdq_num afdq_scale(afdq_num a, int k)
{
    a.e += k;
    return a;
}

static inline int afdq_is_zero(afdq_num a)
{
    return a.m == 0;
}

/* a < b. */
static inline int afdq_less(afdq_num a, afdq_num b)
{
    if (a.m == 0 || b.m == 0)
        return a.m == 0 && b.m != 0;
    return a.e < b.e || (a.e == b.e && a.m < b.m);
}

/* a + b. */
static inline afdq_num afdq_add(afdq_num a, afdq_num b)
{
    uint64_t s;
    int d;
    if (a.m == 0)
        return b;
    if (b.m == 0)
        return a;
    if (a.e < b.e) {
        afdq_num t = a;
        a = b;
        b = t;
    }
    d = a.e - b.e;
    s = (uint64_t)a.m + (d < 32 ? b.m >> d : 0u);
    if (s >> 32) {
        s >>= 1;
        a.e++;
    }
    a.m = (uint32_t)s;
    return a;
}

/* a - b for a >= b (0 otherwise); exact to 2^-64 of a before the result
 * is normalised, so a cancellation keeps every bit the operands had. */
static inline afdq_num afdq_sub(afdq_num a, afdq_num b)
{
    uint64_t s, t;
    int d;
    if (b.m == 0)
        return a;
    if (!afdq_less(b, a))
        return afdq_make(0, 0);
    d = a.e - b.e;
    t = d < 64 ? ((uint64_t)b.m << 32) >> d : 0u;
    s = ((uint64_t)a.m << 32) - t;
    return afdq_make(s, a.e - 32);
}

/* sqrt(a), correctly rounded mantissa (32 bits). */
static inline afdq_num afdq_sqrt(afdq_num a)
{
    int k = (a.e & 1) ? 31 : 32; /* e - k even */
    uint64_t root;
    afdq_num r;
    if (a.m == 0)
        return a;
    root = af_sqrt_u64((uint64_t)a.m << k); /* in [2^31, 2^32] */
    r.m = root >> 32 ? 0xFFFFFFFFu : (uint32_t)root;
    r.e = (a.e - k) / 2;
    return r;
}

/* floor(a 2^bits), for a < 2^(64 - bits): a in fixed point. */
static inline uint64_t afdq_fixed(afdq_num a, int bits)
{
    int s = a.e + bits;
    if (a.m == 0 || s <= -32)
        return 0;
    return s >= 0 ? (uint64_t)a.m << s : (uint64_t)(a.m >> -s);
}

/* a rounded to a Q16.16 raw value (a >= 0); 0 when it does not fit. */
static inline int afdq_to_raw(afdq_num a, fix16_t *out)
{
    int s = a.e + 16; /* raw = m 2^s */
    *out = 0;
    if (a.m == 0 || s <= -33)
        return 1;
    if (s >= 0)
        return 0; /* at least 2^31 raw */
    {
        uint64_t v = ((uint64_t)a.m + ((uint64_t)1 << (-s - 1))) >> -s;
        if (v > INT32_MAX)
            return 0;
        *out = (fix16_t)v;
    }
    return 1;
}

/* The signed float of a afdq_num, and of a signed Q16.16 raw value. */
static inline afx afdq_afx(afdq_num a)
{
    afx r;
    r.m = (int32_t)((a.m >> 1) | (a.m & 1u)); /* sticky last bit, |m| >= 2^30 */
    r.e = a.e + 1;
    if (a.m == 0)
        r.e = 0;
    return r;
}

/* |a| as a afdq_num. */
static inline afdq_num afx_dq(afx a)
{
    return afdq_make((uint64_t)afi_abs32(a.m), a.e);
}

/* Fast arithmetic on afx for the drag solvers' inner loops: products and
 * sums normalised by truncating the magnitude (symmetric under a change
 * of sign; the last bit is not rounded), at a third of afx_make's cost. */

/* v 2^e for |v| < 2^63, normalised. */
static inline afx dx_norm(int64_t v, int e)
{
    uint64_t mag = afi_abs64(v);
    afx r;
    int k;
    if (mag == 0) {
        r.m = 0;
        r.e = 0;
        return r;
    }
    k = 33 - afi_clz64(mag); /* bits - 31 */
    mag = k > 0 ? mag >> k : mag << -k;
    r.m = v < 0 ? -(int32_t)mag : (int32_t)mag;
    r.e = e + k;
    return r;
}

/* a b: a product of two normalised mantissas is in [2^60, 2^62). */
static inline afx dx_mul(afx a, afx b)
{
    int32_t am = a.m, bm = b.m;
    int64_t p;
    uint64_t mag;
    int k;
    afx r;
    /* Where GCC has proved a factor non-negative (a afdq_num's mantissa
     * halved, afx_mul_dq) it widens it as unsigned: UMULL, ASR and MLA
     * for one SMULL. */
    AFI_OPAQUE(am);
    AFI_OPAQUE(bm);
    p = afi_smul32_compact(am, bm);
    mag = afi_abs64(p);
    k = (mag >> 61) ? 31 : 30;
    if (mag == 0) {
        r.m = 0;
        r.e = 0;
        return r;
    }
    mag >>= k;
    r.m = p < 0 ? -(int32_t)mag : (int32_t)mag;
    r.e = a.e + b.e + k;
    return r;
}

/* a + b: the smaller aligned to the larger in 64 bits (exact below 2^-31
 * of the larger), one normalisation. */
static inline afx dx_add(afx a, afx b)
{
    int d;
    if (a.m == 0)
        return b;
    if (b.m == 0)
        return a;
    if (a.e < b.e) {
        afx t = a;
        a = b;
        b = t;
    }
    d = a.e - b.e;
    if (d > 31)
        return a;
    return dx_norm((int64_t)a.m * ((int64_t)1 << 31) + (int64_t)b.m * ((int64_t)1 << (31 - d)),
                   a.e - 31);
}

static inline afx dx_sub(afx a, afx b)
{
    b.m = -b.m;
    return dx_add(a, b);
}

/* a b for a signed, b >= 0. */
static inline afx afx_mul_dq(afx a, afdq_num b)
{
    afx c;
    c.m = (int32_t)(b.m >> 1);
    c.e = b.e + 1;
    return dx_mul(a, c);
}

/* |a| < |b| (afx_less assumes both nonzero). */
static inline int afx_mag_less(afx a, afx b)
{
    if (a.m == 0 || b.m == 0)
        return a.m == 0 && b.m != 0;
    return afx_less(afx_abs(a), afx_abs(b));
}

/* a < b for any signed a, b. */
static inline int afx_lt(afx a, afx b)
{
    int sa = afx_sign(a), sb = afx_sign(b);
    if (sa != sb)
        return sa < sb;
    if (sa == 0)
        return 0;
    return sa > 0 ? afx_less(a, b) : afx_less(afx_abs(b), afx_abs(a));
}

/* The larger magnitude of a and b. */
static inline afx afx_larger(afx a, afx b)
{
    return afx_mag_less(a, b) ? afx_abs(b) : afx_abs(a);
}

/* A signed Q16.16 raw value. */
static inline afx afx_raw(fix16_t v)
{
    return afx_make(v, -16);
}

/* a rounded to a Q16.16 raw value (to nearest, ties away from zero); 0
 * when it does not fit. */
static inline int afx_to_raw(afx a, fix16_t *out)
{
    fix16_t mag;
    int ok = afdq_to_raw(afx_dq(a), &mag);
    *out = a.m < 0 ? -mag : mag;
    return ok;
}

/* ---- The law of a model ---------------------------------------------- */

/* The constants of one model (see the top of this file). */
typedef struct afdq_law {
    int continuous;    /* continuous drag: wind terms, rho = sigma = 1 */
    int move_first;    /* an engine that moves first: damping last's
                        * constants, applied to v0 - g dt (afdq_launch_vec),
                        * its velocities the law's plus g dt */
    afdq_num lambda;     /* stepped: -ln r per step; continuous: k */
    afdq_num unit;       /* stepped: dt; continuous: 1 s: mu = lambda / unit */
    afdq_num rho, sigma; /* in (0, 1] and (0, 11.1]: 1 for continuous drag */
    afdq_num lag;        /* s: dt psi for an engine (half a step without drag) */
    afdq_num mu;         /* lambda / unit, 1/s: set by afdq_law_rate */
    const af_drag_q16 *model;
} afdq_law;

/* The law of a model, checked: AF_OK or AF_ERR_BAD_ARGUMENT (NULL, an
 * unknown kind or order, dt <= 0, r outside (0, 1], k < 0).
 * drag_predict_q16.c; the kinds' own parts in drag_engine_q16.c and
 * drag_continuous_q16.c. */
af_status afdq_law_init(const af_drag_q16 *drag, afdq_law *law);
af_status afdq_stepped_law(const af_drag_q16 *drag, afdq_law *law);
af_status afdq_continuous_law(const af_drag_q16 *drag, afdq_law *law);

/* Set law->mu = lambda / unit (1/s; 0 without drag): a division, which
 * the forward prediction in steps does without. */
void afdq_law_rate(afdq_law *law);

/* ---- Coefficients at a time ------------------------------------------ */

/* The parts of the law at time t that do not depend on the model's
 * constants (drag_expo_q16.c). */
typedef struct afdq_coef {
    afdq_num t;      /* s */
    afdq_num x;      /* mu t */
    afdq_num c;      /* e^-x */
    afdq_num omc;    /* 1 - e^-x */
    afdq_num tphi1;  /* t phi1(x) */
    afdq_num t2phi2; /* t^2 phi2(x) */
    afdq_num tbk;    /* t - t phi1(x) = x t phi2(x) */
} afdq_coef;

/* Fill k for time t >= 0 and x = mu t >= 0. */
void afdq_coef_at(afdq_num t, afdq_num x, afdq_coef *k);

/* phi1(z) and phi2(z) for any z, negative included (the apex frame's
 * rising side): each to about 30 bits (drag_expo_q16.c). */
void afdq_phi(afx z, afdq_num *phi1, afdq_num *phi2);

/* log1p(y) / y for y > -1 (1 at 0), to about 30 bits. */
afdq_num afdq_log1p_ratio(afx y);

/* log2(a) for a > 0, and 2^y for |y| < 2^30, to about 30 bits. */
afx afdq_log2(afdq_num a);
afdq_num afdq_pow2(afx y);

/* The law's coefficients a, b, d, and the derivatives da = rho c and
 * db = sigma (lag + rho t phi1) of a and b (drag_predict_q16.c). */
typedef struct afdq_terms {
    afdq_num a, b, d, da, db;
} afdq_terms;

/* a, b and d; then da and db (from a) for the solvers that need slopes. */
void afdq_terms_of(const afdq_law *law, const afdq_coef *k, afdq_terms *out);
void afdq_slopes_of(const afdq_law *law, const afdq_coef *k, afdq_terms *terms);

/* The law's coefficients at time t (afdq_law_rate called before). */
void afdq_terms_at(const afdq_law *law, afdq_num t, afdq_coef *k, afdq_terms *terms);

/* ---- Applying coefficients to Q16.16 vectors -------------------------- */

/* A Q16.16 vector made ready for afdq_apply: its components shifted left
 * (exactly) by z until the largest magnitude is in [2^30, 2^31]; the
 * vector is v 2^-z. */
typedef struct afdq_vec {
    int32_t v[3];
    int z, zero;
} afdq_vec;

void afdq_vec_of(const af_vec3_q16 *in, afdq_vec *out);

/* The same for a vector of 64-bit raw values (|v| < 2^62), shifted right
 * (z < 0, rounded to 31 bits) when it does not fit 32 bits. */
void afdq_vec_of64(const int64_t in[3], afdq_vec *out);

/*
 * out = sum_j +-coef[j] in[j], componentwise, in raw Q16.16 units: n <= 4
 * terms with coefficients >= 0, term j subtracted when bit j of
 * `negative` is set. Each component is summed exactly in 64 bits from
 * 30-bit mantissas aligned to the largest term, and rounded once: within
 * 2^-28 of the largest term plus half a unit. Returns 0 when a component
 * reaches 2^62 raw.
 */
int afdq_apply(int n, const afdq_num *coef, unsigned negative, const afdq_vec *in, int64_t out[3]);

/* The launch velocity the law is applied to: v, or v - g dt exactly (to
 * 31 bits) for an engine that moves first. */
void afdq_launch_vec(const afdq_law *law, const af_vec3_q16 *v, afdq_vec *out);

/* out = v + base (base may be NULL), when every component fits Q16.16;
 * returns 0 otherwise. */
int afdq_store3(const int64_t v[3], const af_vec3_q16 *base, af_vec3_q16 *out);

/* The velocity of a stepped model after n whole steps (n < 32768): an
 * evaluation of the law's velocity alone. Returns 0 when it does not fit. */
int afdq_velocity_steps(const afdq_law *law, const af_body_q16 *start, uint32_t n,
                        af_vec3_q16 *out);

/* The state at the coefficients' time: position and velocity (the wind's
 * terms for continuous drag included). Returns 0 when it does not fit. */
int afdq_state(const afdq_law *law, const af_body_q16 *start, const afdq_coef *k,
             const afdq_terms *terms, af_body_q16 *out);

/* ---- Heights --------------------------------------------------------- */

/*
 * The motion along up = -g / |g|: the law projected on up, with U = v0.up
 * and W = G.up (h(t) = U a(t) + W b(t)); up in Q30 (2^-30 of a unit per
 * component). Filled by afdq_vertical_init (the law's rate included), which
 * returns AF_ERR_BAD_ARGUMENT for a bad model, a NULL start or g = 0
 * (drag_height_q16.c).
 */
typedef struct afdq_vertical {
    afdq_law law;
    int32_t up[3];
    afdq_num glen; /* |g| */
    afx U, W;
} afdq_vertical;

af_status afdq_vertical_init(const af_drag_q16 *drag, const af_body_q16 *start, afdq_vertical *v);

/* The time the body reaches height H on `branch` (>= 0), and the
 * evaluations taken; statuses as af_drag_time_at_height_q16 (but overflow:
 * the caller checks the state). */
af_status afdq_height_time(const afdq_vertical *v, afx H, af_branch branch, afx *t, int *steps);

/* The time of the apex: the root of h' = 0, before launch (< 0) when the
 * body is already falling; for a concave curve (W < 0). */
afx afdq_apex_time(const afdq_vertical *v);

/* The height U a + W b of the terms at a time. */
afx afdq_height_of(const afdq_vertical *v, const afdq_terms *terms);

/* ---- Root finding ---------------------------------------------------- */

/* A function whose root is sought: f(x), with f'(x) in *slope and a bound
 * on the rounding error of f(x) in *noise. */
typedef afx (*afdq_fn)(afx x, void *ctx, afx *slope, afx *noise);

/*
 * afdq_newton — the root of fn (increasing on [lo, hi], fn(lo) <= 0 <=
 * fn(hi)) by Newton's method from x0, kept in the bracket with bisection,
 * as afr_drag_newton_f64 (drag_newton_q16.c). Stops when |f| is within its
 * noise, or a Newton correction or the bracket is below 2^-AFDQ_NEWTON_TOL_BITS
 * of the bracket's magnitude: at most AFDQ_NEWTON_MAX_STEPS evaluations
 * (the bracket at least halves every two). Stores the root and the
 * evaluations made; AF_ERR_NO_CONVERGENCE (root = the bracket's middle)
 * past the bound.
 */
#define AFDQ_NEWTON_TOL_BITS 30
#define AFDQ_NEWTON_MAX_STEPS (2 * (AFDQ_NEWTON_TOL_BITS + 1))
af_status afdq_newton_in(afdq_fn fn, void *ctx, afx lo, afx hi, afx x0, int band, afx *root,
                       int *steps);

static inline af_status afdq_newton(afdq_fn fn, void *ctx, afx lo, afx hi, afx x0, afx *root,
                                  int *steps)
{
    return afdq_newton_in(fn, ctx, lo, hi, x0, 0, root, steps);
}

/* afdq_newton for a function whose noise may cover more than its root (a
 * shallow dip beside it): |f| within the noise does not end the search.
 * At the first point x where it is and f rises, the root is within
 * 2 noise / |f'| of x; one probe that far towards the bracket's other end
 * (or a bracket already within 8 times that) ends it at the point of least
 * |f|. A point within the noise where f falls is a crossing beside the
 * root sought: the search moves past it, towards the farther end. No
 * forced bisection while Newton at least halves |f|. The evaluations stay
 * within AFDQ_NEWTON_MAX_STEPS (AF_ERR_NO_CONVERGENCE past them). */
static inline af_status afdq_newton_band(afdq_fn fn, void *ctx, afx lo, afx hi, afx x0, afx *root,
                                       int *steps)
{
    return afdq_newton_in(fn, ctx, lo, hi, x0, 1, root, steps);
}

#endif /* AIMFIX_SRC_DRAG_Q16_H */
