/* SPDX-License-Identifier: MIT */
/*
 * The flight-time scan of the fixed-direction and fixed-elevation
 * launchers, Q16.16 (see aimfix/fixed_launch.h): the direction of the
 * required launch velocity u(t) is sampled at times growing by a 32nd
 * (at least 1 LSB) from 1 LSB to the longest flight; the components that
 * must vanish (two square to a fixed direction, or cos e u_up - sin e
 * |u_h|) are formed exactly in 64 bits and each sign change is bisected
 * to one LSB of time.
 */
#include "fixed_scan_q16.h"

#include <string.h>

#include "aimfix/q16.h"
#include "../core/q16_internal.h"

/* One evaluation: the components (Q32), their tolerance and u . dir. */
struct sample {
    int64_t f[2], tol, along;
    af_vec3_q16 u;
};

static int64_t dot32(const af_vec3_q16 *a, const af_vec3_q16 *b)
{
    return afi_smul32(a->x, b->x) + afi_smul32(a->y, b->y) + afi_smul32(a->z, b->z);
}

/* u's part along up (Q16, rounded) and the length of the rest (Q16). */
static void split_up(const afq_fixed_scan *sc, const af_vec3_q16 *u, int64_t *z, uint64_t *h)
{
    uint64_t len2 = af_vec3_len2_q16(u), z2;
    *z = afi_round_shift(dot32(u, &sc->dir), 16);
    z2 = afi_abs64(*z) * afi_abs64(*z);
    *h = len2 > z2 ? af_sqrt_u64(len2 - z2) : 0u;
}

static int eval(const afq_fixed_scan *sc, fix16_t t, struct sample *s)
{
    if (!(sc->sample ? sc->sample : sc->aim)(sc->ctx, t, &s->u))
        return 0;
    s->along = dot32(&s->u, &sc->dir);
    /* 4 LSB plus 2^-12 of |u| (bounded by its components' sum), in Q32. */
    s->tol = ((int64_t)4 << 16) + ((int64_t)(afi_abs32(s->u.x) + (uint64_t)afi_abs32(s->u.y) +
                                              afi_abs32(s->u.z)) << 4);
    if (sc->elev) {
        int64_t z;
        uint64_t h;
        split_up(sc, &s->u, &z, &h);
        s->f[0] = (int64_t)sc->c * z - (int64_t)sc->s * (int64_t)h;
        s->f[1] = 0;
    } else {
        s->f[0] = dot32(&s->u, &sc->e[0]);
        s->f[1] = dot32(&s->u, &sc->e[1]);
    }
    return 1;
}

static int add_time(fix16_t *ts, int n, fix16_t t)
{
    int i, j;
    for (i = 0; i < n; i++)
        if (ts[i] - t <= 1 && t - ts[i] <= 1)
            return n;
    if (n >= 2 * AF_MAX_SHOTS)
        return n;
    for (i = 0; i < n && ts[i] < t; i++)
        ;
    for (j = n; j > i; j--)
        ts[j] = ts[j - 1];
    ts[i] = t;
    return n + 1;
}

/* The root of component k between lo and hi (whose signs differ; lo = hi
 * for an exact zero), kept when the launch there is valid. */
static int refine(const afq_fixed_scan *sc, int k, fix16_t lo, fix16_t hi, struct sample slo,
                  struct sample shi, fix16_t *ts, int n)
{
    const struct sample *best;
    fix16_t t;
    while (hi - lo > 1) {
        struct sample m;
        fix16_t mid = lo + (hi - lo) / 2;
        if (!eval(sc, mid, &m))
            return n;
        if ((m.f[k] < 0) == (slo.f[k] < 0) && m.f[k] != 0) {
            lo = mid;
            slo = m;
        } else {
            hi = mid;
            shi = m;
        }
    }
    if (afi_abs64(slo.f[k]) <= afi_abs64(shi.f[k])) {
        best = &slo;
        t = lo;
    } else {
        best = &shi;
        t = hi;
    }
    if (sc->elev) {
        int64_t z;
        uint64_t h;
        split_up(sc, &best->u, &z, &h);
        if (h == 0 || (sc->s != 0 && !((z > 0) == (sc->s > 0) && z != 0)))
            return n;
    } else {
        int o = 1 - k;
        int64_t near = afi_abs64(slo.f[o]) < afi_abs64(shi.f[o]) ? slo.f[o] : shi.f[o];
        int crosses = (slo.f[o] < 0) != (shi.f[o] < 0);
        if ((!crosses && (int64_t)afi_abs64(near) > best->tol) || best->along <= 0)
            return n;
    }
    return add_time(ts, n, t);
}

/* u's part along w / |w| (w near unit length), rounded: 0 when it does not
 * fit, *speed 0 when it is not positive. The part along the launch, not
 * |u|: where the time's rounding leaves u off the elevation, the nearest
 * shot. */
static int along_unit(const af_vec3_q16 *u, const af_vec3_q16 *w, fix16_t *speed)
{
    int64_t n = dot32(u, w);
    uint32_t len, rem, q;
    *speed = 0;
    if (n <= 0)
        return 1;
    /* |w| 2^14, to 2^-30 of itself: |w|^2 is near 2^32 (Q32). */
    len = (uint32_t)af_sqrt_u64(af_vec3_len2_q16(w) << 28);
    if (len == 0)
        return 1;
    q = afi_udiv64_32(((uint64_t)n << 14) + (len >> 1), len, &rem);
    if (q > 0x7FFFFFFFu)
        return 0;
    *speed = (fix16_t)q;
    return 1;
}

int afq_fixed_push(const afq_fixed_scan *sc, fix16_t t, af_shots_q16 *out)
{
    struct sample s;
    af_vec3_q16 v, w, point;
    fix16_t speed;
    if (!sc->aim(sc->ctx, t, &s.u) || !afq_fixed_point(&sc->target, t, &point))
        return 0;
    s.along = dot32(&s.u, &sc->dir);
    if (sc->elev) {
        int64_t z, hx, hy, hz;
        uint64_t h;
        af_vec3_q16 hv, hu;
        split_up(sc, &s.u, &z, &h);
        hx = s.u.x - afi_round_shift(z * sc->dir.x, 16);
        hy = s.u.y - afi_round_shift(z * sc->dir.y, 16);
        hz = s.u.z - afi_round_shift(z * sc->dir.z, 16);
        if (afi_abs64(hx) > 0x7FFFFFFF || afi_abs64(hy) > 0x7FFFFFFF || afi_abs64(hz) > 0x7FFFFFFF)
            return 0;
        hv.x = (fix16_t)hx;
        hv.y = (fix16_t)hy;
        hv.z = (fix16_t)hz;
        if (af_vec3_normalize_q16(&hv, &hu) != AF_OK)
            return -1; /* no horizontal part: no heading */
        /* hv is off the horizontal by its rounding, a raw or so: over a
         * short hv (a steep u) a tilt; made level again at unit scale. */
        z = afi_round_shift(dot32(&hu, &sc->dir), 16);
        if (z != 0) {
            hv.x = hu.x - (fix16_t)afi_round_shift(z * sc->dir.x, 16);
            hv.y = hu.y - (fix16_t)afi_round_shift(z * sc->dir.y, 16);
            hv.z = hu.z - (fix16_t)afi_round_shift(z * sc->dir.z, 16);
            if (af_vec3_normalize_q16(&hv, &hu) != AF_OK)
                return -1;
        }
        w.x = (fix16_t)afi_round_shift(afi_smul32(sc->c, hu.x) + afi_smul32(sc->s, sc->dir.x), 16);
        w.y = (fix16_t)afi_round_shift(afi_smul32(sc->c, hu.y) + afi_smul32(sc->s, sc->dir.y), 16);
        w.z = (fix16_t)afi_round_shift(afi_smul32(sc->c, hu.z) + afi_smul32(sc->s, sc->dir.z), 16);
        if (!along_unit(&s.u, &w, &speed))
            return 0;
    } else {
        int64_t sp = afi_round_shift(s.along, 16);
        if (sp <= 0)
            return -1;
        if (sp > 0x7FFFFFFF)
            return 0;
        speed = (fix16_t)sp;
        w = sc->dir;
    }
    if (speed <= 0 || af_vec3_resize_q16(&w, speed, &v) != AF_OK)
        return -1;
    {
        af_shot_q16 *shot = &out->shot[out->count++];
        shot->t = t;
        shot->velocity = v;
        shot->point = point;
    }
    return 1;
}

af_status afq_fixed_scan_solve(const afq_fixed_scan *sc, af_shots_q16 *out)
{
    fix16_t ts[2 * AF_MAX_SHOTS], t = 1, prev_t = 0;
    struct sample prev, cur;
    int n = 0, i, k, have_prev = 0, any = 0, off_line = 0, ahead = 0, overflow = 0;

    memset(out, 0, sizeof *out);
    memset(&prev, 0, sizeof prev);
    for (;;) {
        fix16_t step;
        if (eval(sc, t, &cur)) {
            any = 1;
            if (sc->elev || (int64_t)afi_abs64(cur.f[0]) > cur.tol ||
                (int64_t)afi_abs64(cur.f[1]) > cur.tol)
                off_line = 1;
            else if (cur.along > 0)
                ahead = 1;
            for (k = 0; k < (sc->elev ? 1 : 2); k++) {
                if (cur.f[k] == 0)
                    n = refine(sc, k, t, t, cur, cur, ts, n);
                else if (have_prev && prev.f[k] != 0 && (prev.f[k] < 0) != (cur.f[k] < 0))
                    n = refine(sc, k, prev_t, t, prev, cur, ts, n);
            }
            prev = cur;
            prev_t = t;
            have_prev = 1;
        } else
            have_prev = 0;
        if (t >= sc->t_max)
            break;
        step = t >> 5;
        if (step < 1)
            step = 1;
        t = t > sc->t_max - step ? sc->t_max : t + step;
    }
    if (sc->at_muzzle) {
        out->shot[0].point = sc->target.position;
        out->count = 1;
    }
    if (!any)
        return out->count ? AF_OK : AF_ERR_OVERFLOW;
    /* On the launch line at every time: met at every time it is ahead. */
    if (!off_line) {
        memset(out, 0, sizeof *out);
        return ahead ? AF_ERR_OUT_OF_RANGE : AF_ERR_NO_SOLUTION;
    }
    for (i = 0; i < n && out->count < AF_MAX_SHOTS; i++)
        overflow |= afq_fixed_push(sc, ts[i], out) == 0;
    if (out->count)
        return AF_OK;
    return overflow ? AF_ERR_OVERFLOW : AF_ERR_NO_SOLUTION;
}

af_status afq_fixed_direction(afq_fixed_scan *sc, const af_vec3_q16 *direction)
{
    af_vec3_q16 axis = { 0, 0, 0 }, d;
    int64_t along;
    int32_t ax, ay, az;
    if (!direction || af_vec3_normalize_q16(direction, &d) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    sc->elev = 0;
    sc->dir = d;
    sc->line = *direction;
    ax = (int32_t)afi_abs32(d.x);
    ay = (int32_t)afi_abs32(d.y);
    az = (int32_t)afi_abs32(d.z);
    /* The axis least along d, made square to it. */
    if (ax <= ay && ax <= az)
        axis.x = fix16_one;
    else if (ay <= az)
        axis.y = fix16_one;
    else
        axis.z = fix16_one;
    along = afi_round_shift(dot32(&axis, &d), 16);
    axis.x -= (fix16_t)afi_round_shift(along * d.x, 16);
    axis.y -= (fix16_t)afi_round_shift(along * d.y, 16);
    axis.z -= (fix16_t)afi_round_shift(along * d.z, 16);
    if (af_vec3_normalize_q16(&axis, &sc->e[0]) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    sc->e[1].x = (fix16_t)afi_round_shift(afi_smul32(d.y, sc->e[0].z) - afi_smul32(d.z, sc->e[0].y), 16);
    sc->e[1].y = (fix16_t)afi_round_shift(afi_smul32(d.z, sc->e[0].x) - afi_smul32(d.x, sc->e[0].z), 16);
    sc->e[1].z = (fix16_t)afi_round_shift(afi_smul32(d.x, sc->e[0].y) - afi_smul32(d.y, sc->e[0].x), 16);
    sc->c = sc->s = 0;
    return AF_OK;
}

af_status afq_fixed_elevation(afq_fixed_scan *sc, const af_vec3_q16 *gravity, fix16_t elevation)
{
    af_vec3_q16 down;
    if (!gravity || elevation > AFQ_HALF_PI || elevation < -AFQ_HALF_PI ||
        af_vec3_normalize_q16(gravity, &down) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    if (elevation == AFQ_HALF_PI || elevation == -AFQ_HALF_PI) {
        af_vec3_q16 dir = down;
        if (elevation > 0) {
            dir.x = -down.x;
            dir.y = -down.y;
            dir.z = -down.z;
        }
        if (afq_fixed_direction(sc, &dir) != AF_OK)
            return AF_ERR_BAD_ARGUMENT;
        sc->line = *gravity; /* up or down along gravity itself */
        return AF_OK;
    }
    sc->elev = 1;
    sc->dir.x = -down.x;
    sc->dir.y = -down.y;
    sc->dir.z = -down.z;
    memset(sc->e, 0, sizeof sc->e);
    sc->c = af_cos_q16(elevation);
    sc->s = af_sin_q16(elevation);
    return AF_OK;
}

int64_t afq_fixed_half_at2(int32_t a, fix16_t t)
{
    uint64_t m = (uint64_t)afi_abs32(a) * (uint32_t)t, hi = m >> 32, lo = m & 0xFFFFFFFFu;
    uint64_t big = hi * (uint32_t)t, small = lo * (uint32_t)t;
    uint64_t r = (big >> 1) + ((small + ((big & 1u) << 32) + (UINT64_C(1) << 32)) >> 33);
    return a < 0 ? -(int64_t)r : (int64_t)r;
}

/* p + v t + a t^2/2 on one axis: v t rounded, a t^2/2 exact then rounded
 * once (a t rounded first would be off by half an LSB times t/2). */
static int axis_at(fix16_t p, fix16_t v, fix16_t a, fix16_t t, fix16_t *out)
{
    int64_t x = (int64_t)p + afi_round_shift(afi_smul32(v, t), 16) + afq_fixed_half_at2(a, t);
    if (x > 0x7FFFFFFF || x < -0x7FFFFFFF - 1)
        return 0;
    *out = (fix16_t)x;
    return 1;
}

int afq_fixed_point(const af_body_accel_q16 *target, fix16_t t, af_vec3_q16 *p)
{
    return axis_at(target->position.x, target->velocity.x, target->acceleration.x, t, &p->x) &&
           axis_at(target->position.y, target->velocity.y, target->acceleration.y, t, &p->y) &&
           axis_at(target->position.z, target->velocity.z, target->acceleration.z, t, &p->z);
}
