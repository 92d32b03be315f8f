/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16: the apex. The flight is marched through any
 * dip an updraft may still lift (qdrag_height_f64.c's bound), then to the
 * engine's highest step; the continuous kind's apex lies inside that
 * step (qdrag_within_q16.c).
 */
#include <stdint.h>
#include <string.h>

#include "../../core/q16_internal.h"
#include "qdrag_q16.h"

/* |x| / |g| (x Q32.32, glen > 0) in raw units, UINT32_MAX when larger. */
static uint32_t per_g(int64_t x, fix16_t glen)
{
    uint64_t mag = afi_abs64(x);
    uint32_t r;
    if ((mag >> 32) >= (uint32_t)glen)
        return UINT32_MAX;
    return afi_udiv64_32(mag, (uint32_t)glen, &r);
}

/* a . b exact, or saturated with its sign. */
static int64_t dot_or_saturated(const af_vec3_q16 *a, const af_vec3_q16 *b)
{
    int64_t d;
    af_status st = af_vec3_dot_q16(a, b, &d);
    (void)st; /* an overflow leaves INT64_MAX or INT64_MIN, the sign kept */
    return d;
}

/* Whether a body whose next move does not rise may still be turned
 * upward: its vertical velocity grew over the step and, at zero vertical
 * speed, the drag would lift it by (k s0 + c) w_up > |g|, s0 =
 * hypot(|r_h|, w_up) from the step's end. The roundings only steer. */
static af_status lifted(const afq_qd_flight *f, int *lift)
{
    const af_qdrag_q16 *m = f->m;
    af_vec3_q16 r;
    int64_t wg, vg0, vg1, rg;
    fix16_t glen, s;
    uint64_t s2, rup2, wu2, s02, d, a, b;
    uint32_t wu, s0;
    af_status st;
    *lift = 0;
    if (m->kind != AF_DRAG_KIND_CONTINUOUS)
        return AF_OK;
    st = af_vec3_len_q16(&m->gravity, &glen);
    if (st != AF_OK)
        return st;
    wg = dot_or_saturated(&m->wind, &m->gravity);
    vg0 = dot_or_saturated(&f->at.velocity, &m->gravity);
    vg1 = dot_or_saturated(&f->next.velocity, &m->gravity);
    if (wg >= 0 || vg1 >= vg0)
        return AF_OK;
    st = af_vec3_sub_q16(&f->next.velocity, &m->wind, &r);
    if (st != AF_OK)
        return st;
    if (af_vec3_len_q16(&r, &s) != AF_OK)
        s = fix16_maximum; /* a larger lift: a longer march, never a lost one */
    rg = dot_or_saturated(&r, &m->gravity);
    wu = per_g(wg, glen);
    s2 = (uint64_t)(uint32_t)s * (uint32_t)s;
    rup2 = (uint64_t)per_g(rg, glen) * per_g(rg, glen);
    wu2 = (uint64_t)wu * wu;
    s02 = (s2 > rup2 ? s2 - rup2 : 0) + wu2;
    if (s02 < wu2)
        s02 = UINT64_MAX;
    s0 = (uint32_t)af_sqrt_u64(s02);
    /* d = (k s0 + c) in Q32.32; d wu > |g| 2^32, compared in halves. */
    d = (uint64_t)(uint32_t)m->k * s0 + ((uint64_t)(uint32_t)m->c << 16);
    a = (d >> 32) * wu;
    b = (d & 0xFFFFFFFFu) * wu;
    a += b >> 32;
    *lift = a > (uint32_t)glen || (a == (uint32_t)glen && (b & 0xFFFFFFFFu) != 0);
    return AF_OK;
}

af_status afq_qd_march_dip(afq_qd_flight *f, int *rises)
{
    for (;;) {
        int lift = 0;
        af_status st = afq_qd_rising(f, rises);
        if (st == AF_OK && !*rises)
            st = lifted(f, &lift);
        if (st != AF_OK || !lift)
            return st;
        st = afq_qd_advance(f);
        if (st != AF_OK)
            return st;
    }
}

/* Marches f to the engine's highest step after a rise (the first whose
 * next move does not rise). */
static af_status march_apex(afq_qd_flight *f)
{
    for (;;) {
        int rising;
        af_status st = afq_qd_rising(f, &rising);
        if (st != AF_OK || !rising)
            return st;
        st = afq_qd_advance(f);
        if (st != AF_OK)
            return st;
    }
}

af_status afq_qd_find_apex(afq_qd_flight *f, fix16_t *t, af_body_q16 *state)
{
    const afq_qd_flight launch = *f;
    int rises;
    int64_t drop;
    af_status st = afq_qd_march_dip(f, &rises);
    if (st == AF_OK && !rises)
        *f = launch;
    if (st == AF_OK && rises)
        st = march_apex(f);
    *t = afq_qd_time(f);
    *state = f->at;
    if (st == AF_OK && f->m->kind == AF_DRAG_KIND_CONTINUOUS)
        st = afq_qd_apex_within(f, t, state);
    /* A climb out of a dip that stays below the launch. */
    if (st == AF_OK && rises && launch.n != f->n)
        st = afq_qd_drop(f->m, &state->position, &launch.at.position, &drop);
    if (st == AF_OK && rises && launch.n != f->n && drop > 0) {
        *f = launch;
        *t = 0;
        *state = launch.at;
    }
    return st;
}

af_status af_qdrag_apex_q16(const af_qdrag_q16 *drag, const af_body_q16 *start,
                            af_drag_event_q16 *out)
{
    afq_qd_flight f;
    af_qdrag_q16 m;
    af_status st;
    fix16_t t;
    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!start || !afq_qd_prepare(drag, afq_qd_speed_of(drag, &start->velocity), &m) ||
        (drag->gravity.x == 0 && drag->gravity.y == 0 && drag->gravity.z == 0))
        return AF_ERR_BAD_ARGUMENT;
    st = afq_qd_start(&f, &m, start);
    if (st == AF_OK)
        st = afq_qd_find_apex(&f, &t, &out->state);
    if (st == AF_OK)
        st = afq_qd_height(&m, &out->state.position, &start->position, &out->height);
    if (st != AF_OK) {
        memset(out, 0, sizeof *out);
        return st;
    }
    out->t = t;
    out->steps = 0;
    return AF_OK;
}
