/* SPDX-License-Identifier: MIT */
/* The prediction targets' shared part (see fuzz_predict.h). */
#include "fuzz_predict.h"

#include <stdio.h>

#include "kinematics.h"

enum { TIME = FZ_DRAG_SLOTS, SLOTS };

/* The flight's seconds for the time slot's value. */
static double seconds(const fz_predict *p, const af_drag_f64 *m, double time)
{
    return time * (p->time_unit > 0.0 ? p->time_unit : m->dt);
}

static af_status run_f64(const fz_predict *p, const double *s, fz_model_ints mi,
                         af_body_f64 *out)
{
    af_drag_f64 m = fz_drag_f64(s, mi);
    af_body_f64 start = fz_body_f64(s, FZ_DRAG_BODY), flown;
    af_status st = p->f64(&m, &start, s[TIME], out);
    fz_zero_on_failure(st, out, sizeof *out);
    if (st != AF_OK)
        return st;
    FZ_CHECK(fz_body_finite(out), "ok with a non-finite state");
    if (p->check_ok)
        p->check_ok(&m);
    if (p->reference(&m, &start, s[TIME], &flown)) {
        double scale = fz_drag_scale(&m, &start, seconds(p, &m, s[TIME]));
        double ep = kin_dist(out->position, flown.position);
        double ev = kin_dist(out->velocity, flown.velocity);
        FZ_CHECK(ep <= 1e-9 * scale + FZ_TINY, "position %.3g off the reference (scale %.3g)",
                 ep, scale);
        FZ_CHECK(ev <= 1e-9 * scale + FZ_TINY, "velocity %.3g off the reference (scale %.3g)",
                 ev, scale);
    }
    return st;
}

int fz_predict_run(const fz_predict *p, const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    static char on_decoded[96], on_q16[96];
    fz_input in;
    fz_args a;
    fz_model_ints mi;
    af_body_f64 f;
    af_body_q16 q, start;
    af_drag_q16 m;
    af_status sf, sq;

    fz_drag_slots(names, kinds);
    names[TIME] = p->time_name;
    kinds[TIME] = FZ_POS;
    fz_input_start(&in, data, size);
    fz_begin(p->target, &a);
    mi = fz_drag_ints(&in);
    fz_decode(&in, &a, SLOTS, kinds, names);

    (void)snprintf(on_decoded, sizeof on_decoded, "%s on the decoded values", p->f64_name);
    (void)snprintf(on_q16, sizeof on_q16, "%s on the Q16.16 values", p->f64_name);
    fz_call(on_decoded);
    (void)run_f64(p, a.v, mi, &f);
    fz_call(on_q16);
    sf = run_f64(p, a.fq, mi, &f);

    fz_call(p->q16_name);
    m = fz_drag_q16(a.q, mi);
    start = fz_body_q16(a.q, FZ_DRAG_BODY);
    sq = p->q16(&m, &start, a.q[TIME], &q);
    fz_zero_on_failure(sq, &q, sizeof q);
    FZ_CHECK(sq == sf || (sq == AF_ERR_OVERFLOW && sf == AF_OK &&
                          !(fz_fits3(f.position) && fz_fits3(f.velocity))),
             "q16 says %s, f64 %s", af_status_name(sq), af_status_name(sf));
    if (sq == AF_OK && sf == AF_OK) {
        af_drag_f64 mf = fz_drag_f64(a.fq, mi);
        af_body_f64 sfb = fz_body_f64(a.fq, FZ_DRAG_BODY);
        fz_body_close("state", &q, &f, fz_drag_scale(&mf, &sfb, seconds(p, &mf, a.fq[TIME])));
    }
    return 0;
}
