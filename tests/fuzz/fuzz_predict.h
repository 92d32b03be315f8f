/* SPDX-License-Identifier: MIT */
/*
 * tests/fuzz/fuzz_predict.h — the two prediction targets' shared part:
 * af_drag_predict (a time) and af_drag_predict_steps (a number of the
 * engine's steps), each f64 twin on the decoded and on the Q16.16 values
 * and the q16 twin, judged the same way.
 */
#ifndef AIMFIX_TESTS_FUZZ_PREDICT_H
#define AIMFIX_TESTS_FUZZ_PREDICT_H

#include <stdint.h>

#include "fuzz_drag.h"

typedef struct fz_predict {
    const char *target;   /* the target's name, for the report */
    const char *f64_name; /* the entry points' names */
    const char *q16_name;
    const char *time_name; /* the last slot: "t", or "n" steps */
    double time_unit;      /* the seconds of one unit of that slot: 1, or 0 for dt */
    af_status (*f64)(const af_drag_f64 *drag, const af_body_f64 *start, double time,
                     af_body_f64 *out);
    af_status (*q16)(const af_drag_q16 *drag, const af_body_q16 *start, fix16_t time,
                     af_body_q16 *out);
    /* The independent reference state after `time` (1), or 0 where it
     * has none; and an extra check of an f64 answer that is ok. */
    int (*reference)(const af_drag_f64 *m, const af_body_f64 *start, double time,
                     af_body_f64 *flown);
    void (*check_ok)(const af_drag_f64 *m);
} fz_predict;

/* One input through both formats: zero on failure, a finite state on
 * success within 1e-9 of the reference flight's scale, the same status
 * in q16 (or an overflow where the f64 state does not fit Q16.16) and
 * its state within fz_close of f64's. */
int fz_predict_run(const fz_predict *p, const uint8_t *data, size_t size);

#endif /* AIMFIX_TESTS_FUZZ_PREDICT_H */
