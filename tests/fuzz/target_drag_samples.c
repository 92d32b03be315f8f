/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_drag_samples_f64 and af_drag_samples_q16
 * (see fuzz_drag.h). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "drag_sim.h"
#include "fuzz_drag.h"
#include "kinematics.h"

enum { T_END = FZ_DRAG_SLOTS, SLOTS };
#define MAX_COUNT 24

static af_status run_f64(const double *s, fz_model_ints mi, int count, int null_points,
                         af_vec3_f64 *points)
{
    af_drag_f64 m = fz_drag_f64(s, mi);
    af_body_f64 start = fz_body_f64(s, FZ_DRAG_BODY);
    af_status st;
    int i, n = count > 0 ? count : 0;
    /* Garbage in the array first: the call must overwrite all of it. */
    memset(points, 0x5a, sizeof(af_vec3_f64) * MAX_COUNT);
    st = af_drag_samples_f64(&m, &start, s[T_END], null_points ? NULL : points, count);
    fz_status(st);
    if (null_points) {
        FZ_CHECK(st == AF_ERR_BAD_ARGUMENT, "NULL points: %s", af_status_name(st));
        return st;
    }
    if (st != AF_OK) {
        /* drag.h: on failure the array (when not NULL) is zeroed. */
        FZ_CHECK(fz_all_zero(points, sizeof(af_vec3_f64) * n), "failed (%s) but the %d points "
                 "are not all zero", af_status_name(st), count);
        return st;
    }
    FZ_CHECK(count >= 2, "ok for count %d", count);
    for (i = 0; i < count; i++) {
        double t = s[T_END] * i / (count - 1);
        af_body_f64 flown;
        FZ_CHECK(fz_finite3(points[i]), "ok with a non-finite point %d", i);
        if (fz_drag_fly(&m, &start, t, &flown)) {
            double scale = fz_drag_scale(&m, &start, t);
            double e = kin_dist(points[i], flown.position);
            FZ_CHECK(e <= 1e-9 * scale + FZ_TINY, "point %d (t %.17g) is %.3g off the flight "
                     "(scale %.3g)", i, t, e, scale);
        }
    }
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    fz_input in;
    fz_args a;
    fz_model_ints mi;
    af_vec3_f64 f[MAX_COUNT];
    af_vec3_q16 q[MAX_COUNT];
    af_body_q16 start;
    af_drag_q16 m;
    af_status sf, sq;
    int count, null_points, i, n;
    uint8_t b;

    fz_drag_slots(names, kinds);
    names[T_END] = "t_end";
    kinds[T_END] = FZ_POS;
    fz_input_start(&in, data, size);
    fz_begin("drag_samples", &a);
    mi = fz_drag_ints(&in);
    b = fz_u8(&in);
    count = (int)(b % (MAX_COUNT + 2)) - 1; /* -1 .. MAX_COUNT */
    null_points = b >= 250;
    fz_int("count", count);
    fz_int("points NULL", null_points);
    fz_decode(&in, &a, SLOTS, kinds, names);
    n = count > 0 ? count : 0;

    fz_call("af_drag_samples_f64 on the decoded values");
    (void)run_f64(a.v, mi, count, null_points, f);
    fz_call("af_drag_samples_f64 on the Q16.16 values");
    sf = run_f64(a.fq, mi, count, null_points, f);

    fz_call("af_drag_samples_q16");
    m = fz_drag_q16(a.q, mi);
    start = fz_body_q16(a.q, FZ_DRAG_BODY);
    memset(q, 0x5a, sizeof q);
    sq = af_drag_samples_q16(&m, &start, a.q[T_END], null_points ? NULL : q, count);
    fz_status(sq);
    if (null_points)
        return 0;
    if (sq != AF_OK)
        FZ_CHECK(fz_all_zero(q, sizeof(af_vec3_q16) * n), "failed (%s) but the %d points are "
                 "not all zero", af_status_name(sq), count);
    FZ_CHECK(sq == sf || (sq == AF_ERR_OVERFLOW && sf == AF_OK),
             "q16 says %s, f64 %s", af_status_name(sq), af_status_name(sf));
    if (sq == AF_OK && sf == AF_OK) {
        af_drag_f64 mf = fz_drag_f64(a.fq, mi);
        af_body_f64 bf = fz_body_f64(a.fq, FZ_DRAG_BODY);
        double scale = fz_drag_scale(&mf, &bf, a.fq[T_END]);
        for (i = 0; i < count; i++)
            fz_vec_close("point", q[i], f[i], scale);
    }
    return 0;
}
