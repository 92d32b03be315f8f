/* SPDX-License-Identifier: MIT */
/*
 * The floor of the intercept (bench/yardsticks/ref_solvers.h):
 * af_intercept_q16's algorithm and primitives with every safeguard taken out,
 * to measure what its arithmetic alone costs. The same fitted units, 31-bit
 * coefficients, exact discriminant, integer square root and two reciprocals per
 * root; but no argument or range checks, truncating shifts instead of rounded
 * ones, no test that a result fits (a result that does not is garbage, not an
 * error), and unused slots left as they were. Not a solver anyone should call:
 * the Goals section of bench/results.md compares the goals with it.
 */
#include "../../src/core/q16_internal.h"
#include "ref_solvers.h"

/* x 2^z in [2^30, 2^31) for x > 0, z = -1 when bit 31 is set (cut). */
static uint32_t mantissa(uint32_t x, int z)
{
    return z >= 0 ? x << z : x >> 1;
}

/* num / den 2^e, cut, for num, den > 0, a result below 2^32 assumed:
 * num's mantissa times den's reciprocal. */
static uint32_t ratio(uint32_t num, uint32_t den, int e)
{
    int zn = afi_clz32(num) - 1, zd = afi_clz32(den) - 1;
    uint64_t p = afi_umul32(mantissa(num, zn), afi_recip31(mantissa(den, zd)));
    int sh = 61 + zn - zd - e; /* p is num / den 2^(61 + zn - zd) */
    if (sh >= 64)
        return 0;
    if (sh < 0)
        return UINT32_MAX; /* far beyond 2^32: garbage, but no undefined shift */
    return sh >= 32 ? (uint32_t)(p >> 32) >> (sh - 32) : (uint32_t)(p >> sh);
}

/* One root tau = num / den into *shot: t, u = V + D / t, the point. */
static void shot_at(const int32_t d[3], const int32_t V[3], int kd, int kv,
                    const af_body_q16 *target, uint32_t num, uint32_t den, af_shot_q16 *shot)
{
    uint32_t t = ratio(num, den, 16 + kv - kd);
    int32_t inv = (int32_t)ratio(den, num, 28); /* 1 / tau in Q28, below 2^31 for a root */
    fix16_t *u = &shot->velocity.x, *p = &shot->point.x;
    const fix16_t *pt = &target->position.x, *vt = &target->velocity.x;
    int i;
    shot->t = (fix16_t)t;
    for (i = 0; i < 3; i++) {
        /* D / t = d' / tau 2^-kv. */
        int64_t q = afi_smul32(d[i], inv);
        int32_t dt = kv >= 4 ? afi_floor_shift32((int32_t)afi_floor_shift64(q, 32), kv - 4)
                             : (int32_t)afi_floor_shift64(q, 28 + kv);
        u[i] = (fix16_t)((uint32_t)dt + (uint32_t)V[i]);
        p[i] = (fix16_t)((uint32_t)pt[i] + (uint32_t)afi_floor_shift64(afi_smul32(vt[i], (int32_t)t), 16));
    }
}

/* x 2^k for a fitting shift k (negative: to the right). */
static int32_t fit(int32_t x, int k)
{
    return k >= 0 ? (int32_t)((uint32_t)x << k) : afi_floor_shift32(x, -k);
}

af_status bench_intercept_floor(const af_body_q16 *shooter, const af_body_q16 *target,
                                fix16_t speed, unsigned flags, af_shots_q16 *out)
{
    const fix16_t *ps = &shooter->position.x, *vs = &shooter->velocity.x;
    const fix16_t *pt = &target->position.x, *vt = &target->velocity.x;
    int32_t D[3], V[3], d[3], v[3], a, b, c, s;
    uint32_t md = 0, mv = (uint32_t)speed, q;
    int64_t disc;
    int i, kd, kv;
    for (i = 0; i < 3; i++) {
        D[i] = (int32_t)((uint32_t)pt[i] - (uint32_t)ps[i]);
        V[i] = (int32_t)((uint32_t)vt[i] - (flags ? (uint32_t)vs[i] : 0u));
        md |= afi_abs32(D[i]);
        mv |= afi_abs32(V[i]);
    }
    out->count = 0;
    if (md == 0)
        return AF_ERR_NO_SOLUTION; /* coincident: not this floor's business */
    kd = afi_clz32(md) - 2;
    kv = afi_clz32(mv) - 2;
    for (i = 0; i < 3; i++) {
        d[i] = fit(D[i], kd);
        v[i] = fit(V[i], kv);
    }
    s = fit(speed, kv);
    /* Squares as aimfix takes them (three 16-bit multiplies on the M0,
     * not four). */
    c = (int32_t)((afi_square32(d[0]) + afi_square32(d[1]) + afi_square32(d[2])) >> 31);
    b = (int32_t)afi_floor_shift64(afi_smul32(d[0], v[0]) + afi_smul32(d[1], v[1]) + afi_smul32(d[2], v[2]), 31);
    a = (int32_t)afi_floor_shift64((int64_t)(afi_square32(v[0]) + afi_square32(v[1]) + afi_square32(v[2])) -
                                       (int64_t)afi_square32(s), 31);
    if (a == 0) {
        if (b >= 0)
            return AF_ERR_NO_SOLUTION;
        shot_at(d, V, kd, kv, target, (uint32_t)c, 2 * afi_abs32(b), &out->shot[out->count++]);
        return AF_OK;
    }
    disc = (int64_t)afi_square32(b) - afi_smul32(a, c);
    if (disc < 0)
        return AF_ERR_NO_SOLUTION;
    q = afi_abs32(b) + (uint32_t)af_sqrt_u64((uint64_t)disc);
    if (a < 0) {
        if (b < 0)
            shot_at(d, V, kd, kv, target, (uint32_t)c, q, &out->shot[out->count++]);
        else
            shot_at(d, V, kd, kv, target, q, afi_abs32(a), &out->shot[out->count++]);
    } else if (b < 0) {
        shot_at(d, V, kd, kv, target, (uint32_t)c, q, &out->shot[out->count++]);
        shot_at(d, V, kd, kv, target, q, (uint32_t)a, &out->shot[out->count++]);
    } else {
        return AF_ERR_NO_SOLUTION;
    }
    return AF_OK;
}
