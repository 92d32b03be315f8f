/* SPDX-License-Identifier: MIT */
/*
 * Landing on terrain by raycasts in Q16: the chords, windows and bounds of
 * drag_land_f64.c (read it first), with times as afn_snum and the flight's
 * positions rounded to Q16.16 for the caller's raycast. The flight is
 * marched along its bracketing chords (drag_land_chords_q16.c), a hit
 * chord narrowed to windows abeam of each hit until it lies within the
 * tolerance of the arc.
 */
#include <string.h>

#include "drag_cap_q16.h"
#include "drag_land_q16.h"

/* Casts the head [ta, *t1] of a window; on a hit the window becomes the
 * head: *t2 = *t1, *t1 = ta. */
static int cast_head(afq_lander *L, afn_snum ta, afn_snum *t1, afn_snum *t2, afn_snum *u,
                     af_vec3_q16 *hit)
{
    int r = afq_land_cast_chord(L, ta, *t1, u, hit);
    if (r == AFQ_CAST_HIT) {
        *t2 = *t1;
        *t1 = ta;
    }
    return r;
}

/* Narrows a hit chord [ta, tb] (hit at u, point *hit) to the landing, as
 * drag_land_f64.c's refine. */
static int refine(afq_lander *L, afn_snum ta, afn_snum tb, afn_snum u, af_vec3_q16 *hit, afn_snum *t)
{
    int first = 1;
    for (;; first = 0) {
        afn_snum span = afn_s_sub_trunc(tb, ta), tc, w, t1, t2, u2 = { 0, 0 }, frac;
        af_vec3_q16 hit2;
        int r, head_cast;
        fix16_t turn;
        if (!afn_s_lt(L->tolerance, afq_land_chord_sag(L, ta, tb))) {
            *t = afn_s_add_trunc(ta, afn_s_mul_trunc(u, span));
            return AFQ_CAST_HIT;
        }
        tc = afq_land_abeam_time(L, ta, tb, u);
        /* w = span clamp(turn / 2, 1/32, 1/4) */
        turn = afq_land_chord_turn(L, ta, tb) / 2;
        if (turn < AFI_ONE / 32)
            turn = AFI_ONE / 32;
        if (turn > AFI_ONE / 4)
            turn = AFI_ONE / 4;
        frac = afn_s_raw(turn);
        w = afn_s_mul_trunc(span, frac);
        t1 = afn_s_sub_trunc(tc, w);
        if (afn_s_lt(t1, ta))
            t1 = ta;
        t2 = afn_s_add_trunc(tc, w);
        if (afn_s_lt(tb, t2))
            t2 = tb;
        r = AFQ_CAST_MISS;
        head_cast = !afn_s_lt(ta, t1);
        if (first) {
            head_cast = 1;
            r = cast_head(L, ta, &t1, &t2, &u2, &hit2);
        }
        if (r == AFQ_CAST_MISS) {
            r = afq_land_cast_chord(L, t1, t2, &u2, &hit2);
            if (r == AFQ_CAST_HIT && u2.m == 0 && !head_cast) {
                afn_snum h1 = t1, h2 = t2, hu = u2;
                af_vec3_q16 hh;
                int rh = cast_head(L, ta, &h1, &h2, &hu, &hh);
                head_cast = 1;
                if (rh == AFQ_CAST_HIT) {
                    t1 = h1;
                    t2 = h2;
                    u2 = hu;
                    hit2 = hh;
                } else if (rh != AFQ_CAST_MISS) {
                    return rh;
                }
            }
        }
        if (r == AFQ_CAST_MISS && afn_s_lt(t2, tb)) {
            t1 = t2;
            t2 = tb;
            r = afq_land_cast_chord(L, t1, t2, &u2, &hit2);
        }
        if (r == AFQ_CAST_MISS && !head_cast) {
            t1 = afn_s_sub_trunc(tc, w);
            r = cast_head(L, ta, &t1, &t2, &u2, &hit2);
        }
        if (r == AFQ_CAST_MISS)
            *t = tb;
        if (r != AFQ_CAST_HIT)
            return r;
        ta = t1;
        tb = t2;
        u = u2;
        *hit = hit2;
    }
}

af_status af_drag_land_q16(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t max_time,
                           fix16_t tolerance, af_raycast_q16 raycast, void *user,
                           af_drag_landing_q16 *out)
{
    afq_lander L;
    afn_snum times[AF_DRAG_LAND_BRACKET_CHORDS + 1], end;
    int n, j;

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!start || !raycast || max_time <= 0 || tolerance <= 0 ||
        afq_drag_law_init(drag, &L.law) != AF_OK)
        return AF_ERR_BAD_ARGUMENT;
    afq_drag_law_rate(&L.law);
    L.start = start;
    L.raycast = raycast;
    L.user = user;
    L.tolerance = afn_s_raw(tolerance);
    L.casts = 0;
    afq_land_inputs(&L, drag);
    end = afn_s_raw(max_time);
    n = afq_land_bracket_times(&L, end, times);
    for (j = 0; j < n; j++) {
        /* March along chord j; after terrain the arc clears, on from where
         * the arc is known clear to the chord's end. */
        afn_snum ta = times[j];
        while (afn_s_lt(ta, times[j + 1])) {
            afn_snum u, stop = times[j + 1], t = stop;
            af_vec3_q16 hit;
            int r;
            /* A chord that Q16.16 cannot hold (an end beyond it, or a
             * length of 32768 m or more) is cast as far as it can be, and
             * the march goes on from there; a flight that leaves Q16.16
             * before it lands is an overflow. */
            if (!afq_land_chord_fits(&L, ta, stop)) {
                t = stop = afq_land_fitting_end(&L, ta, stop);
                if (!afn_s_lt(ta, stop)) {
                    out->casts = L.casts;
                    return AF_ERR_OVERFLOW;
                }
            }
            r = afq_land_cast_chord(&L, ta, stop, &u, &hit);
            if (r == AFQ_CAST_HIT)
                r = refine(&L, ta, stop, u, &hit, &t);
            if (r == AFQ_CAST_HIT) {
                afq_drag_coef k;
                afq_drag_terms terms;
                af_body_q16 state;
                fix16_t traw;
                out->casts = L.casts;
                if (!afn_s_to_raw_near(t, &traw)) {
                    memset(out, 0, sizeof *out);
                    out->casts = L.casts;
                    return AF_ERR_OVERFLOW;
                }
                afq_land_terms_at(&L, afn_s_raw(traw), &k, &terms);
                if (!afq_drag_state(&L.law, start, &k, &terms, &state)) {
                    memset(out, 0, sizeof *out);
                    out->casts = L.casts;
                    return AF_ERR_OVERFLOW;
                }
                if (afq_drag_cap(&L.law, start, traw) != AF_OK) {
                    memset(out, 0, sizeof *out);
                    out->casts = L.casts;
                    return AF_ERR_ENGINE_LIMIT;
                }
                out->t = traw;
                out->point = hit;
                out->velocity = state.velocity;
                return AF_OK;
            }
            if (r != AFQ_CAST_MISS) {
                out->casts = L.casts;
                return r == AFQ_CAST_OVERFLOW ? AF_ERR_OVERFLOW : AF_ERR_NO_CONVERGENCE;
            }
            ta = t;
        }
    }
    out->casts = L.casts;
    return AF_ERR_NO_SOLUTION;
}
