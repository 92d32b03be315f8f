/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_drag_land_f64 and af_drag_land_q16 (see fuzz_drag.h),
 * over a plane of terrain: the points p with n . p <= c are solid. */
#include <math.h>
#include <stdint.h>

#include "fuzz_drag.h"
#include "kinematics.h"

enum { NORMAL = FZ_DRAG_SLOTS, OFFSET = NORMAL + 3, MAX_TIME, TOLERANCE, SLOTS };

typedef struct ground {
    af_vec3_f64 n;
    double c;
    int casts;
} ground;

/* The first solid point along the ray, in double; 0 when it stays clear. */
static int cast(ground *gr, af_vec3_f64 o, af_vec3_f64 d, double len, af_vec3_f64 *hit)
{
    double above = gr->n.x * o.x + gr->n.y * o.y + gr->n.z * o.z - gr->c;
    double closing = -(gr->n.x * d.x + gr->n.y * d.y + gr->n.z * d.z), s;
    gr->casts++;
    if (above <= 0) {
        *hit = o;
        return 1;
    }
    if (closing <= 0 || above > closing * len)
        return 0;
    s = above / closing;
    hit->x = o.x + d.x * s;
    hit->y = o.y + d.y * s;
    hit->z = o.z + d.z * s;
    return 1;
}

/* drag.h's raycast contract, checked on every call: a finite origin, a
 * unit direction, a positive finite length. */
static int raycast_f64(void *user, const af_vec3_f64 *origin, const af_vec3_f64 *direction,
                       double max_distance, af_vec3_f64 *hit)
{
    FZ_CHECK(fz_finite3(*origin), "raycast from a non-finite origin %g %g %g", origin->x,
             origin->y, origin->z);
    FZ_CHECK(fabs(kin_len(*direction) - 1.0) <= 1e-9,
             "raycast along a direction of length %.17g (%g %g %g)", kin_len(*direction),
             direction->x, direction->y, direction->z);
    FZ_CHECK(max_distance > 0 && isfinite(max_distance), "raycast of length %g", max_distance);
    return cast(user, *origin, *direction, max_distance, hit);
}

static int raycast_q16(void *user, const af_vec3_q16 *origin, const af_vec3_q16 *direction,
                       fix16_t max_distance, af_vec3_q16 *hit)
{
    af_vec3_f64 h, d = fz_vec_of_q16(*direction);
    double lsb = 1.0 / 65536.0;
    FZ_CHECK(fabs(kin_len(d) - 1.0) <= 2.0 * lsb,
             "raycast along a direction of length %.9g (raw %ld %ld %ld)", kin_len(d),
             (long)direction->x, (long)direction->y, (long)direction->z);
    FZ_CHECK(max_distance > 0, "raycast of length raw %ld", (long)max_distance);
    if (!cast(user, fz_vec_of_q16(*origin), d, fz_f64_of(max_distance), &h))
        return 0;
    hit->x = fz_q16_of(h.x);
    hit->y = fz_q16_of(h.y);
    hit->z = fz_q16_of(h.z);
    return 1;
}

static ground ground_of(const double *s)
{
    ground g;
    g.n = fz_vec_f64(s, NORMAL);
    g.c = s[OFFSET];
    g.casts = 0;
    return g;
}

static af_status run_f64(const double *s, fz_model_ints mi, af_drag_landing_f64 *out)
{
    af_drag_f64 m = fz_drag_f64(s, mi);
    af_body_f64 start = fz_body_f64(s, FZ_DRAG_BODY), flown;
    ground gr = ground_of(s);
    af_drag_landing_f64 zeroed;
    af_status st = af_drag_land_f64(&m, &start, s[MAX_TIME], s[TOLERANCE], raycast_f64, &gr,
                                    out);
    fz_status(st);
    FZ_CHECK(out->casts == gr.casts && out->casts <= AF_DRAG_LAND_MAX_CASTS,
             "%d casts reported, %d made (at most %d)", out->casts, gr.casts,
             AF_DRAG_LAND_MAX_CASTS);
    zeroed = *out;
    zeroed.casts = 0;
    fz_zero_on_failure(st, &zeroed, sizeof zeroed);
    if (st != AF_OK)
        return st;
    FZ_CHECK(out->t >= 0 && out->t <= s[MAX_TIME] && fz_finite3(out->point) &&
                 fz_finite3(out->velocity),
             "ok with t %.17g (max %.17g) or a non-finite point", out->t, s[MAX_TIME]);
    if (fz_drag_fly(&m, &start, out->t, &flown)) {
        double scale = fz_drag_scale(&m, &start, out->t);
        double off = kin_dist(flown.position, out->point);
        FZ_CHECK(off <= s[TOLERANCE] + 1e-9 * scale + FZ_TINY,
                 "the hit point is %.3g from the flight at t = %.17g (tolerance %.3g)", off,
                 out->t, s[TOLERANCE]);
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
    af_drag_landing_f64 f;
    af_drag_landing_q16 q, zeroed;
    af_body_q16 start;
    af_drag_q16 m;
    af_status sq;
    ground gr;

    fz_drag_slots(names, kinds);
    names[NORMAL] = "ground.normal.x";
    names[NORMAL + 1] = "ground.normal.y";
    names[NORMAL + 2] = "ground.normal.z";
    names[OFFSET] = "ground.offset";
    names[MAX_TIME] = "max_time";
    names[TOLERANCE] = "tolerance";
    kinds[NORMAL] = kinds[NORMAL + 1] = kinds[NORMAL + 2] = kinds[OFFSET] = FZ_ANY;
    kinds[MAX_TIME] = kinds[TOLERANCE] = FZ_POS;
    fz_input_start(&in, data, size);
    fz_begin("drag_land", &a);
    mi = fz_drag_ints(&in);
    fz_decode(&in, &a, SLOTS, kinds, names);

    fz_call("af_drag_land_f64 on the decoded values");
    (void)run_f64(a.v, mi, &f);
    fz_call("af_drag_land_f64 on the Q16.16 values");
    (void)run_f64(a.fq, mi, &f);

    fz_call("af_drag_land_q16");
    m = fz_drag_q16(a.q, mi);
    start = fz_body_q16(a.q, FZ_DRAG_BODY);
    gr = ground_of(a.fq);
    sq = af_drag_land_q16(&m, &start, a.q[MAX_TIME], a.q[TOLERANCE], raycast_q16, &gr, &q);
    fz_status(sq);
    FZ_CHECK(q.casts == gr.casts && q.casts <= AF_DRAG_LAND_MAX_CASTS,
             "%d casts reported, %d made (at most %d)", q.casts, gr.casts,
             AF_DRAG_LAND_MAX_CASTS);
    zeroed = q;
    zeroed.casts = 0;
    fz_zero_on_failure(sq, &zeroed, sizeof zeroed);
    if (sq == AF_OK)
        FZ_CHECK(q.t >= 0 && q.t <= a.q[MAX_TIME], "ok with raw t %ld (max %ld)", (long)q.t,
                 (long)a.q[MAX_TIME]);
    return 0;
}
