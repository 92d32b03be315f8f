/* SPDX-License-Identifier: MIT */
/*
 * The floor of the fixed-time lob (bench/yardsticks/ref_solvers.h):
 * af_arc_time_q16's arithmetic with every safeguard taken out, to measure what
 * the arithmetic alone costs. The same reciprocal of t, the same 32 x 32 ->
 * 64-bit products and constant shifts of their high words; but no argument or
 * range checks, truncating shifts instead of rounded ones, no test that a
 * result fits (one that does not is garbage, not an error), and unused slots
 * left as they were. Not a solver anyone should call: the Goals section of
 * bench/results.md compares the goals with it.
 */
#include "../../src/core/q16_internal.h"
#include "ref_solvers.h"

/* One axis: u = D / t + V - g t / 2 with D / t = D 2^s m 2^-(32 + sh),
 * and the point pt + vt t. */
AFI_ALWAYS_INLINE void axis(fix16_t ps, fix16_t vs, fix16_t pt, fix16_t vt, fix16_t g, fix16_t t,
                            int32_t m, int s, int sh, fix16_t *u, fix16_t *p)
{
    uint32_t d = (uint32_t)pt - (uint32_t)ps, v = (uint32_t)vt - (uint32_t)vs;
    int32_t hi = (int32_t)afi_floor_shift64(afi_smul32((int32_t)(d << s), m), 32);
    uint32_t gt = (uint32_t)afi_floor_shift64(afi_smul32(g, t), 17);
    *u = (fix16_t)((uint32_t)afi_floor_shift32(hi, sh) + v - gt);
    *p = (fix16_t)((uint32_t)pt + (uint32_t)afi_floor_shift64(afi_smul32(vt, t), 16));
}

/* The three axes, written out, for constant s and sh: each case compiles
 * to its own straight code, as in af_arc_time_q16. */
AFI_ALWAYS_INLINE void axes(const fix16_t *ps, const fix16_t *vs, const af_body_q16 *target,
                            const fix16_t *g, fix16_t t, int32_t m, int s, int sh,
                            af_shot_q16 *shot)
{
    const fix16_t *pt = &target->position.x, *vt = &target->velocity.x;
    axis(ps[0], vs[0], pt[0], vt[0], g[0], t, m, s, sh, &shot->velocity.x, &shot->point.x);
    axis(ps[1], vs[1], pt[1], vt[1], g[1], t, m, s, sh, &shot->velocity.y, &shot->point.y);
    axis(ps[2], vs[2], pt[2], vt[2], g[2], t, m, s, sh, &shot->velocity.z, &shot->point.z);
}

af_status bench_arc_time_floor(const af_body_q16 *shooter, const af_body_q16 *target, fix16_t t,
                               const af_vec3_q16 *gravity, unsigned flags, af_shots_q16 *out)
{
    /* 2^16 / t = m 2^-k, t 2^z in [2^30, 2^31), k = 45 - z in [15, 45]. */
    int z = afi_clz32((uint32_t)t) - 1, k = 45 - z;
    int32_t m = (int32_t)(afi_recip31((uint32_t)t << z) >> 1); /* 2^60 / (t 2^z) */
    /* The shooter's velocity counts only when inherited. */
    static const fix16_t still[3] = { 0, 0, 0 };
    const fix16_t *vs = flags & AF_INHERIT_VELOCITY ? &shooter->velocity.x : still;
    k--;
    AFI_OPAQUE(m);
    AFI_OPAQUE(t);
    if (k >= 32)
        axes(&shooter->position.x, vs, target, &gravity->x, t, m, 0, k - 32, &out->shot[0]);
    else
        axes(&shooter->position.x, vs, target, &gravity->x, t, m, 32 - k, 0, &out->shot[0]);
    out->shot[0].t = t;
    out->count = 1;
    return AF_OK;
}
