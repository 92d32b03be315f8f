/* SPDX-License-Identifier: MIT */
/*
 * Fixed-speed lobs at a static point in Q16.16 (low and high arc). See
 * aimfix/ballistic.h; maximum range and minimum speed have files of their
 * own (arc_max_range_q16.c, arc_min_speed_q16.c).
 *
 * The fixed-speed lob solves the f64 solver's equation in the squared time
 * T = t^2, |g|^2/4 T^2 - (s^2 + d.g) T + |d|^2 = 0, in units fitted to the
 * problem (solve_q16.h): the coefficients are exact in 64 bits, their 32-bit
 * roundings give an exact discriminant, and the two roots are taken as
 * 2C / q and q / 2A with the unrounded A and C, so that a weak gravity's
 * high arc keeps its precision.
 */
#include "aimfix/ballistic.h"

#include "distance_q16.h"

/* The shots of squared fitted times T[0..n-1], in order, into the slots
 * from out->count on; one that does not fit Q16.16, or misses the speed
 * tolerance (ballistic.h; a root the 31-bit coefficients placed too far
 * off, even once refined on the distance), is left out (its slot left for
 * the caller to empty). 1 / t from one reciprocal root, t = T / t.
 * Returns the number off the speed. */
static int point_shots(const struct afq_fit *f, const afn_snum *T, int n, const af_vec3_q16 *to,
                       const int32_t D[3], fix16_t speed, af_shots_q16 *out)
{
    int i, off_speed = 0;
    for (i = 0; i < n; i++) {
        af_shot_q16 *shot = &out->shot[out->count];
        afn_snum inv, t = afn_p_root_pair_near(T[i], &inv);
        if (!afq_lob_shot(f, t, inv, 0, shot))
            continue;
        if (!afq_speed_holds(shot, speed, D, NULL)) {
            /* Refined on the distance itself, where the drop and the
             * lob's rise cancel in 31-bit numbers per component. */
            t = afq_distance_polish(f, t, AFQ_DISTANCE_POLISH_STEPS);
            if (!afq_lob_shot(f, t, afn_p_recip_near(t), 0, shot))
                continue;
            if (!afq_speed_holds(shot, speed, D, NULL)) {
                off_speed++;
                continue;
            }
        }
        shot->point = *to;
        out->count++;
    }
    return off_speed;
}

/* 4A = A4 2^(2 ge) in units of 2^31, rounded (below 2^31): A4 < 3 2^60
 * and ge <= 0, so that the shift 31 - 2 ge is 31 or at least 33, where
 * A4's high word alone decides the result (a 32-bit shift). */
static uint32_t quarter_a(int64_t A4, int ge)
{
    int k = 31 - 2 * ge;
    if (k == 31)
        return (uint32_t)afi_round_shift_u64((uint64_t)A4, 31);
    if (k >= 63)
        return 0;
    return (((uint32_t)((uint64_t)A4 >> 32) >> (k - 33)) + 1) >> 1;
}

/* From a point onto itself: t = 0, and straight up, back after 2 s / g. */
static af_status coincident(fix16_t speed, const af_vec3_q16 *g, const af_vec3_q16 *to,
                            af_shots_q16 *out)
{
    afn_snum glen = afn_p_len_near(g);
    af_vec3_q16 down;
    af_shot_q16 *up = &out->shot[1];
    out->count = 1;
    out->shot[0].point = *to;
    if (glen.m == 0)
        return AF_OK;
    /* speed along -g: resize g to speed (never above it, so negating is
     * safe), then negate. */
    if (af_vec3_resize_q16(g, speed, &down) != AF_OK ||
        !afn_p_to_raw_near(afn_p_div_near(afn_p_from_u64_near((uint64_t)speed), glen), 17,
                           &up->t)) {
        memset(up, 0, sizeof *up);
        return AF_OK; /* the lob back down takes too long: left out */
    }
    if (up->t == 0)
        up->t = 1; /* a positive time below half an LSB */
    up->velocity.x = -down.x;
    up->velocity.y = -down.y;
    up->velocity.z = -down.z;
    up->point = *to;
    out->count = 2;
    return AF_OK;
}

af_status af_arc_point_q16(const af_vec3_q16 *from, const af_vec3_q16 *to, fix16_t speed,
                           const af_vec3_q16 *gravity, af_shots_q16 *out)
{
    struct afq_fit f;
    int32_t D[3];
    int64_t A4, B, C;
    afn_snum T[2];
    int n;
    af_status st;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    /* The slots are emptied once, at the end, from the last shot found
     * on (every field of a shot is written when it is found). */
    out->count = 0;
    st = AF_ERR_BAD_ARGUMENT;
    if (!from || !to || !gravity || speed <= 0)
        goto failed;
    st = AF_ERR_OUT_OF_RANGE;
    if (!afi_sub_fits(to->x, from->x, &D[0]) || !afi_sub_fits(to->y, from->y, &D[1]) ||
        !afi_sub_fits(to->z, from->z, &D[2]))
        goto failed;
    if (D[0] == 0 && D[1] == 0 && D[2] == 0) {
        afq_clear(out);
        return coincident(speed, gravity, to, out);
    }
    afq_fit_problem(D, NULL, gravity, (uint32_t)speed, &f);
    /* 4A = |g'|^2 = A4 2^(2 ge), B = s'^2 + d'.g', C = |d'|^2: each of
     * the sums below 2^62 (d'.g' rounded to the speeds' unit). */
    A4 = afq_len2(f.g);
    B = (int64_t)afi_square32(f.s) +
        afi_scale(afi_smul32(f.d[0], f.g[0]) + afi_smul32(f.d[1], f.g[1]) +
                      afi_smul32(f.d[2], f.g[2]),
                  f.ge);
    C = afq_len2(f.d);
    st = AF_ERR_NO_SOLUTION; /* even straight at it, gravity wins */
    if (B <= 0)
        goto failed;
    if (A4 == 0) {
        T[0] = afn_p_div_u64_near((uint64_t)C, (uint64_t)B);
        n = 1;
    } else {
        /* B^2 - 4AC on the 32-bit roundings: exact in 64 bits. B > 0 and
         * A4, C >= 0 are below 2^62, so each rounds to at most 2^31, an
         * unsigned 32-bit value whose products are single long
         * multiplies (from 16-bit halves on the M0, not libgcc's 64 x 64
         * bits). */
        uint32_t b = (uint32_t)afi_round_shift_u64((uint64_t)B, 31);
        uint32_t c = (uint32_t)afi_round_shift_u64((uint64_t)C, 31);
        uint32_t a4 = quarter_a(A4, f.ge);
        int64_t disc = (int64_t)afi_umul32(b, b) - (int64_t)afi_umul32(a4, c);
        afn_snum q;
        if (disc < 0) {
            /* Out of reach, unless within the roundings of b, a4 and c
             * (half a unit each: b^2 - a4 c moves by b + (a4 + c) / 2 + 1
             * at most), where a double root cannot be told from none. */
            if ((uint64_t)-disc <= (uint64_t)b + (((uint64_t)a4 + c) >> 1) + 1)
                st = AF_ERR_NO_CONVERGENCE;
            goto failed;
        }
        /* q = b + sqrt(disc) (the true q is q 2^31), normalized once for
         * both roots: low = 2C / (q 2^31), high = q 2^31 / 2A = q 2^32 /
         * 4A. */
        q = afn_p_from_u64_near((uint64_t)b + af_sqrt_u64((uint64_t)disc));
        T[0] = afn_p_div_near(afn_p_from_u64_near((uint64_t)C), q);
        T[0].e -= 30;
        T[1] = afn_p_div_near(q, afn_p_from_u64_near((uint64_t)A4));
        T[1].e += 32 - 2 * f.ge;
        n = disc > 0 ? 2 : 1; /* a double root once */
    }
    /* An arc that Q16.16 cannot hold (a lob of more than 32767 s) is left
     * out; overflow only when that leaves none, and no convergence when
     * an arc off the speed tolerance does. */
    st = point_shots(&f, T, n, to, D, speed, out) ? AF_ERR_NO_CONVERGENCE : AF_ERR_OVERFLOW;
    if (out->count == 2 && out->shot[1].t < out->shot[0].t) {
        /* A near-double root: each time rounded (and maybe refined) on
         * its own may come out a few LSB the wrong way; earliest first. */
        af_shot_q16 low = out->shot[0];
        out->shot[0] = out->shot[1];
        out->shot[1] = low;
    }
    if (out->count > 0) {
        afq_zero_from(out, out->count);
        return AF_OK;
    }
failed:
    afq_clear(out);
    return st;
}
