/* SPDX-License-Identifier: MIT */
/*
 * The vacuum launchers' shared part in Q16.16 (see fixed_vacuum_q16.h):
 * the set-up, the reach at a time exactly in 64 bits, the positive roots
 * of a quadratic, the list of times found and the shots made of it.
 */
#include "fixed_vacuum_q16.h"

afn_snum afq_vacuum_quot(afn_snum a, afn_snum b)
{
    return afn_s_div_near(a, b);
}

static fix16_t shifted(int64_t x, int shift)
{
    return (fix16_t)(shift ? afi_round_shift(x, shift) : x);
}

void afq_vacuum_reach(const afq_vacuum *v, fix16_t t, afq_reach *out)
{
    int64_t x[3], y[3];
    uint64_t m = 0;
    int k;
    for (k = 0; k < 3; k++) {
        int32_t d = (&v->c[0].x)[k], w = (&v->c[1].x)[k], a = (&v->c[2].x)[k];
        x[k] = (int64_t)d + afi_round_shift(afi_smul32(w, t), 16) + afq_fixed_half_at2(a, t);
        y[k] = (int64_t)w + afi_round_shift(afi_smul32(a, t), 16);
        if (afi_abs64(x[k]) > m)
            m = afi_abs64(x[k]);
        if (afi_abs64(y[k]) > m)
            m = afi_abs64(y[k]);
    }
    out->shift = 0;
    while ((m >> out->shift) > 0x7FFFFFFFu)
        out->shift++;
    for (k = 0; k < 3; k++) {
        (&out->r.x)[k] = shifted(x[k], out->shift);
        (&out->rate.x)[k] = shifted(y[k], out->shift);
    }
}

static int vacuum_aim(void *ctx, fix16_t t, af_vec3_q16 *u)
{
    const afq_vacuum *v = ctx;
    af_shots_q16 one;
    if (af_arc_time_accel_q16(v->shooter, v->target, t, v->gravity, v->flags, &one) != AF_OK)
        return 0;
    *u = one.shot[0].velocity;
    return 1;
}

/* The checks the fixed-time aim makes (a flight of 1 s tells them), and
 * the reach's terms. */
af_status afq_vacuum_setup(afq_fixed_scan *sc, afq_vacuum *v, const af_body_q16 *shooter,
                       const af_body_accel_q16 *target, const af_vec3_q16 *gravity, unsigned flags)
{
    af_shots_q16 one;
    af_status st;
    if (!shooter || !target || !gravity)
        return AF_ERR_BAD_ARGUMENT;
    if (af_vec3_sub_q16(&target->position, &shooter->position, &v->c[0]) != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    st = af_arc_time_accel_q16(shooter, target, fix16_one, gravity, flags, &one);
    if (st == AF_ERR_BAD_ARGUMENT || st == AF_ERR_OUT_OF_RANGE)
        return st;
    /* The aim took them: the relative velocity and the target's
     * acceleration less gravity fit Q16.16. */
    v->c[1] = target->velocity;
    if (((flags & AF_INHERIT_VELOCITY) &&
         af_vec3_sub_q16(&target->velocity, &shooter->velocity, &v->c[1]) != AF_OK) ||
        af_vec3_sub_q16(&target->acceleration, gravity, &v->c[2]) != AF_OK)
        return AF_ERR_OUT_OF_RANGE;
    v->shooter = shooter;
    v->target = target;
    v->gravity = gravity;
    v->flags = flags;
    sc->aim = vacuum_aim;
    sc->sample = NULL;
    sc->ctx = v;
    sc->t_max = fix16_maximum;
    sc->target = *target;
    sc->at_muzzle = v->c[0].x == 0 && v->c[0].y == 0 && v->c[0].z == 0;
    return AF_OK;
}

/* The positive roots of c + b t + a t^2, ascending (a double root
 * twice): q = -(b + sgn(b) sqrt(b^2 - 4 a c)) / 2, roots q / a and c / q
 * (none from a = 0). A discriminant below zero by less than 2^-24 of b^2
 * (its rounding) is a double root. */
int afq_vacuum_quadratic_roots(afn_snum a, afn_snum b, afn_snum c, afn_snum *r)
{
    afn_snum b2 = afn_s_mul_near_compact(b, b), disc, q, x[2];
    int n = 0, i;
    disc = afn_s_sub_near_compact(
        b2, afn_s_mul_near_compact(afn_s_make_near_compact(4, 0), afn_s_mul_near_compact(a, c)));
    if (disc.m < 0) {
        afn_snum slack = b2;
        slack.e -= 24;
        if (b2.m == 0 || !afn_s_less(afn_s_abs(disc), slack))
            return 0;
        disc.m = 0;
    }
    disc = afn_s_sqrt_near(disc);
    q = afn_s_add_near_compact(b, b.m < 0 ? afn_s_neg(disc) : disc);
    q = afn_s_neg(q);
    q.e--;
    if (q.m == 0)
        return 0;
    x[0] = afq_vacuum_quot(q, a);
    x[1] = afq_vacuum_quot(c, q);
    if (x[0].m > 0 && x[1].m > 0 && afn_s_less(x[1], x[0])) {
        afn_snum t = x[0];
        x[0] = x[1];
        x[1] = t;
    }
    for (i = 0; i < 2; i++)
        if (x[i].m > 0)
            r[n++] = x[i];
    return n;
}

/* A positive root as a time of Q16.16: 0 when it rounds below one LSB
 * or beyond the longest flight. */
fix16_t afq_vacuum_root_time(afn_snum root)
{
    int32_t t = afq_fixed(root, 16);
    return t > 0 ? t : 0;
}

/* Insert t, a root of equation `from`, unless it is one listed found
 * again: within 2 LSB, or within `near` of a root of another equation
 * (the same crossing seen by both); then the better one stays. */
void afq_vacuum_add_time(afq_times *ts, fix16_t t, afn_snum score, int from, fix16_t near)
{
    int i, j;
    for (i = 0; i < ts->n; i++) {
        fix16_t gap = ts->from[i] == from ? 2 : near;
        if (ts->t[i] - t <= gap && t - ts->t[i] <= gap) {
            if (afn_s_mag_less(score, ts->score[i])) {
                ts->t[i] = t;
                ts->score[i] = score;
            }
            return;
        }
    }
    if (ts->n >= 2 * AF_MAX_SHOTS)
        return;
    for (i = 0; i < ts->n && ts->t[i] < t; i++)
        ;
    for (j = ts->n; j > i; j--) {
        ts->t[j] = ts->t[j - 1];
        ts->score[j] = ts->score[j - 1];
        ts->from[j] = ts->from[j - 1];
    }
    ts->t[i] = t;
    ts->score[i] = score;
    ts->from[i] = from;
    ts->n++;
}

/* The muzzle's t = 0 shot, then one per time; the status. */
af_status afq_vacuum_finish(const afq_fixed_scan *sc, const afq_times *ts, af_shots_q16 *out)
{
    int i, overflow = 0;
    if (sc->at_muzzle) {
        out->shot[0].point = sc->target.position;
        out->count = 1;
    }
    for (i = 0; i < ts->n && out->count < AF_MAX_SHOTS; i++)
        overflow |= afq_fixed_push(sc, ts->t[i], out) == 0;
    if (out->count)
        return AF_OK;
    return overflow ? AF_ERR_OVERFLOW : AF_ERR_NO_SOLUTION;
}

/* A wide number of seconds as raw Q16.16 time, saturated at +-2^30. */
int32_t afq_vacuum_raw_time(afn_snum x)
{
    int e = x.e + 16;
    uint32_t m = afi_abs32(x.m);
    if (x.m == 0 || e < -31)
        return 0;
    if (e >= 0)
        m = INT32_C(1) << 30;
    else
        m = ((m >> (-e - 1)) + 1) >> 1;
    return afi_signed32(m > (UINT32_C(1) << 30) ? UINT32_C(1) << 30 : m, x.m < 0);
}
