/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16: a flight that carries dp/dv0 through the
 * engine's steps, and the 3x3 solve of the aims' Newton steps.
 *
 * One step maps the velocity by v' = u - r d (u = v + g dt or v, r = u - w,
 * d = (k |r| + c) dt), whose derivative is (1 - d) I - e rh rh^T with rh
 * the unit vector along r and e = k |r| dt. While d < 1 its eigenvalues lie
 * in (-1, 1], so the velocity's Jacobian keeps its entries within 1: it is
 * carried in Q2.30, the position's (up to T) in 64 bits at the same scale.
 * The Jacobian only steers Newton's method (each miss is the engine's
 * own), so its roundings, about 2^-30 per step, cost nothing in accuracy.
 */
#include <string.h>

#include "../../core/q16_internal.h"
#include "qdrag_aim_q16.h"

#define ONE30 ((int64_t)1 << 30)

/* jv = A jv with A = a I - e rh rh^T (a, e and rh in Q2.30); jp += h jv. */
static void jacobian_step(int32_t jv[9], int64_t jp[9], const int32_t rh[3], int64_t a,
                          int64_t e, fix16_t h)
{
    int64_t y[3];
    int i, j;
    for (j = 0; j < 3; j++)
        y[j] = afi_round_shift((int64_t)rh[0] * jv[j] + (int64_t)rh[1] * jv[3 + j] +
                                   (int64_t)rh[2] * jv[6 + j],
                               30);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            int64_t ry = afi_round_shift((int64_t)rh[i] * y[j], 30);
            int32_t nv = (int32_t)afi_round_shift(a * jv[3 * i + j] - e * ry, 30);
            jv[3 * i + j] = nv;
            jp[3 * i + j] += afi_round_shift((int64_t)h * nv, 16);
        }
}

/* The Jacobian's part of one step, of length h, with the step's drag. */
static af_status carry(const af_qdrag_q16 *m, const afq_qd_drag *dr, fix16_t h, int32_t jv[9],
                       int64_t jp[9])
{
    int32_t rh[3] = { 0, 0, 0 };
    fix16_t cdt;
    af_status st = af_mul_q16(m->c, m->dt, &cdt);
    if (st != AF_OK)
        return st;
    if (dr->s > 0) {
        /* rh = r / s in Q2.30 by one reciprocal: s 2^sh in [2^30, 2^31). */
        int sh = afi_clz32((uint32_t)dr->s) - 1;
        int64_t inv = (int64_t)afi_recip31((uint32_t)dr->s << sh);
        rh[0] = (int32_t)afi_round_shift(dr->r.x * inv, 31 - sh);
        rh[1] = (int32_t)afi_round_shift(dr->r.y * inv, 31 - sh);
        rh[2] = (int32_t)afi_round_shift(dr->r.z * inv, 31 - sh);
    }
    jacobian_step(jv, jp, rh, (int64_t)(65536 - dr->d) * 16384,
                  (int64_t)(dr->d - cdt) * 16384, h);
    return AF_OK;
}

int afq_qd_folds(const af_qdrag_q16 *m, const afq_qd_drag *dr)
{
    return 2 * (int64_t)dr->d - afi_round_shift(afi_smul32(m->c, m->dt), 16) >= 65536;
}

af_status afq_qd_fly(const af_qdrag_q16 *m, const af_vec3_q16 *from, const af_vec3_q16 *v,
                     fix16_t T, af_body_q16 *out, afq_qd_jacobian *jac)
{
    int32_t jv[9] = { (int32_t)ONE30, 0, 0, 0, (int32_t)ONE30, 0, 0, 0, (int32_t)ONE30 };
    int64_t jp[9] = { 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    int32_t n = T / m->dt, i;
    fix16_t tau = T - n * m->dt;
    af_body_q16 b;
    afq_qd_frac fr;
    af_status st = AF_OK;
    memset(&fr, 0, sizeof fr);
    if (n > AF_QDRAG_MAX_STEPS)
        return AF_ERR_NO_CONVERGENCE;
    b.position = *from;
    b.velocity = *v;
    for (i = 0; i < n || (i == n && tau > 0); i++) {
        af_body_q16 nb = b;
        afq_qd_frac nf = fr;
        afq_qd_drag dr;
        st = afq_qd_step(m, &nb, &nf, &dr);
        if (st != AF_OK)
            return st;
        /* A step that folds the velocity relative to the air, 2 d - c dt
         * >= 1 (its derivative along r, 1 - 2 k s dt - c dt, <= 0): a
         * faster launch would leave it slower, a branch of the engine with
         * no physics, on which Newton's method finds false far-flung
         * solutions. */
        if (afq_qd_folds(m, &dr))
            return AF_ERR_OUT_OF_RANGE;
        if (jac) {
            st = carry(m, &dr, i < n ? m->dt : tau, jv, jp);
            if (st != AF_OK)
                return st;
        }
        if (i < n) {
            b = nb;
            fr = nf;
        } else
            st = afq_qd_between(m, &b, &fr, &nb, tau, &b);
    }
    if (st == AF_OK) {
        *out = b;
        if (jac)
            memcpy(jac->m, jp, sizeof jp);
    }
    return st;
}

/* n / d rounded to nearest (d != 0). */
static int64_t rdiv(int64_t n, int64_t d)
{
    int64_t q = n / d, r = n - q * d;
    uint64_t r2 = afi_abs64(r) * 2;
    if (r2 >= afi_abs64(d))
        q += (n < 0) == (d < 0) ? 1 : -1;
    return q;
}

/* f B / 2^30 for |f| <= 2^31, |B| < 2^62, without a 128-bit product. */
static int64_t mul30(int64_t f, int64_t B)
{
    int64_t hi = afi_floor_shift64(B, 30), lo = B - hi * ONE30;
    return f * hi + afi_round_shift(f * lo, 30);
}

int afq_qd_solve(const afq_qd_jacobian *jac, const int32_t b[3], int32_t x[3])
{
    int64_t M[9], B[3], big = 0, y[3];
    int i, j, c, s, bits = 0;
    for (i = 0; i < 9; i++)
        if ((int64_t)afi_abs64(jac->m[i]) > big)
            big = (int64_t)afi_abs64(jac->m[i]);
    if (big == 0)
        return 0;
    while ((big >> bits) != 0)
        bits++;
    /* M = J 2^(30 - s), its largest entry in [2^27, 2^28). */
    s = bits - 28;
    for (i = 0; i < 9; i++)
        M[i] = afi_scale(jac->m[i], -s);
    for (i = 0; i < 3; i++) {
        /* M x = b 2^(30 - s), kept below 2^58. */
        int k = 30 - s;
        if (k > 0 && afi_abs64(b[i]) >= ((uint64_t)1 << (k < 58 ? 58 - k : 0)))
            return 0;
        B[i] = afi_scale(b[i], k);
    }
    for (c = 0; c < 2; c++) {
        int p = c;
        for (i = c + 1; i < 3; i++)
            if (afi_abs64(M[3 * i + c]) > afi_abs64(M[3 * p + c]))
                p = i;
        if (M[3 * p + c] == 0)
            return 0;
        if (p != c) {
            for (j = 0; j < 3; j++) {
                int64_t t = M[3 * p + j];
                M[3 * p + j] = M[3 * c + j];
                M[3 * c + j] = t;
            }
            y[0] = B[p];
            B[p] = B[c];
            B[c] = y[0];
        }
        for (i = c + 1; i < 3; i++) {
            /* |f| <= 2^30: the pivot is the column's largest. */
            int64_t f = rdiv(M[3 * i + c] * ONE30, M[3 * c + c]);
            for (j = c; j < 3; j++)
                M[3 * i + j] -= afi_round_shift(f * M[3 * c + j], 30);
            B[i] -= mul30(f, B[c]);
        }
    }
    for (i = 2; i >= 0; i--) {
        int64_t r = B[i];
        if (M[3 * i + i] == 0)
            return 0;
        for (j = i + 1; j < 3; j++)
            r -= M[3 * i + j] * y[j];
        y[i] = rdiv(r, M[3 * i + i]);
        if (y[i] > INT32_MAX || y[i] < -INT32_MAX)
            return 0;
    }
    for (i = 0; i < 3; i++)
        x[i] = (int32_t)y[i];
    return 1;
}
