/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_drag_max_range_f64 and af_drag_max_range_q16
 * (see fuzz_drag.h). */
#include <math.h>
#include <stdint.h>

#include "fuzz_drag.h"
#include "kinematics.h"

/* The model's slots (its body unused), the speed, height and heading. */
enum { SPEED = FZ_DRAG_SLOTS, HEIGHT, HEADING, SLOTS = HEADING + 3 };

/* The range of the shot at elevation angle e (radians) towards heading's
 * horizontal part, landing on the level height falling, by the library's
 * af_drag_time_at_height_f64 (checked by its own target): the landing
 * point's signed distance along that horizontal part (drag.h), -inf when
 * it does not land there. */
static double range_at(const af_drag_f64 *m, double speed, double height, af_vec3_f64 h,
                       double e, double *t)
{
    af_vec3_f64 up = fz_up(m);
    double hu, len;
    af_body_f64 start = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_drag_event_f64 ev;
    /* A unit heading first (a subnormal one keeps too few bits of its
     * projection). */
    len = kin_len(h);
    h.x /= len;
    h.y /= len;
    h.z /= len;
    hu = h.x * up.x + h.y * up.y + h.z * up.z;
    h.x -= hu * up.x;
    h.y -= hu * up.y;
    h.z -= hu * up.z;
    len = kin_len(h);
    start.velocity.x = speed * (cos(e) * h.x / len + sin(e) * up.x);
    start.velocity.y = speed * (cos(e) * h.y / len + sin(e) * up.y);
    start.velocity.z = speed * (cos(e) * h.z / len + sin(e) * up.z);
    *t = 0.0;
    if (af_drag_time_at_height_f64(m, &start, height, AF_FALLING, &ev) != AF_OK)
        return -HUGE_VAL;
    *t = ev.t;
    /* The landing point's horizontal part first: h keeps a rounding of up. */
    hu = ev.state.position.x * up.x + ev.state.position.y * up.y + ev.state.position.z * up.z;
    return ((ev.state.position.x - hu * up.x) * h.x + (ev.state.position.y - hu * up.y) * h.y +
            (ev.state.position.z - hu * up.z) * h.z) / len;
}

/* How far the landing moves along the level per metre of height error at
 * the landing of the launch (hs along heading's horizontal part, vs up):
 * |horizontal velocity| / |vertical velocity| there, the landing time's
 * error being the height's over the vertical speed (inf for a graze). */
static double landing_leverage(const af_drag_f64 *m, af_vec3_f64 h, double hs, double vs,
                               double t, double *scale)
{
    double len, vz;
    af_vec3_f64 up = fz_up(m);
    af_body_f64 start = { { 0, 0, 0 }, { 0, 0, 0 } }, end;
    double hu;
    len = kin_len(h);
    h.x /= len;
    h.y /= len;
    h.z /= len;
    hu = h.x * up.x + h.y * up.y + h.z * up.z;
    h.x -= hu * up.x;
    h.y -= hu * up.y;
    h.z -= hu * up.z;
    len = kin_len(h);
    start.velocity.x = hs * h.x / len + vs * up.x;
    start.velocity.y = hs * h.y / len + vs * up.y;
    start.velocity.z = hs * h.z / len + vs * up.z;
    *scale = fz_drag_scale(m, &start, t);
    if (af_drag_predict_f64(m, &start, t, &end) != AF_OK)
        return INFINITY;
    vz = end.velocity.x * up.x + end.velocity.y * up.y + end.velocity.z * up.z;
    return hypot(hypot(end.velocity.x - vz * up.x, end.velocity.y - vz * up.y),
                 end.velocity.z - vz * up.z) / fabs(vz);
}

/* The landing time of the steepest elevation whose range is within
 * `allowed` of f's (drag_aim.h: on a flat optimum q16 may stop anywhere
 * the range is within its rounding of the maximum, and its time is that
 * elevation's), by bisection between f's elevation and vertical (the
 * range is unimodal in still air; the time grows with the elevation). */
static double flat_top_time(const af_drag_f64 *m, double speed, double height,
                            af_vec3_f64 heading, const af_range_f64 *f, double allowed)
{
    double lo = atan2(f->vertical_speed, f->horizontal_speed), hi = 1.5707963267948966, t;
    int i;
    if (range_at(m, speed, height, heading, hi, &t) >= f->range - allowed)
        return t;
    for (i = 0; i < 60; i++) {
        double mid = 0.5 * (lo + hi);
        if (range_at(m, speed, height, heading, mid, &t) >= f->range - allowed)
            lo = mid;
        else
            hi = mid;
    }
    (void)range_at(m, speed, height, heading, lo, &t);
    return t;
}

static af_status run_f64(const double *s, fz_model_ints mi, af_range_f64 *out)
{
    af_drag_f64 m = fz_drag_f64(s, mi);
    af_vec3_f64 heading = fz_vec_f64(s, HEADING);
    af_status st = af_drag_max_range_f64(&m, s[SPEED], s[HEIGHT], &heading, out);
    double len;
    int k, still;
    fz_zero_on_failure(st, out, sizeof *out);
    if (st != AF_OK)
        return st;
    FZ_CHECK(isfinite(out->range) && isfinite(out->t) && isfinite(out->horizontal_speed) &&
                 isfinite(out->vertical_speed),
             "ok with range %g, t %g, speeds %g %g", out->range, out->t, out->horizontal_speed,
             out->vertical_speed);
    still = m.kind == AF_DRAG_KIND_STEPPED || (m.wind.x == 0 && m.wind.y == 0 && m.wind.z == 0);
    /* Signed along the heading: behind the launcher only in a wind. */
    FZ_CHECK((out->range >= 0 || !still) && out->t >= 0, "range %.17g, t %.17g", out->range,
             out->t);
    len = hypot(out->horizontal_speed, out->vertical_speed);
    /* Subnormal speeds are split into components rounded to 2^-1074. */
    FZ_CHECK(fabs(len - s[SPEED]) <= 1e-9 * s[SPEED] + 64 * 4.9406564584124654e-324,
             "launch speed %.17g, asked %.17g", len, s[SPEED]);
    FZ_CHECK(out->horizontal_speed >= 0, "the shot leans back past vertical (horizontal %.17g)",
             out->horizontal_speed);
    /* The farthest: no elevation of nine tried goes farther (the range
     * is unimodal in the elevation in still air, drag.h); in any wind the
     * straight-up shot, one of the ends drag.h says are tried. */
    for (k = still ? -4 : 5; k <= 5; k++) {
        double e = k < 5 ? k * 0.3490658503988659 /* 20 degrees */ : 1.5707963267948966;
        double t, r = range_at(&m, s[SPEED], s[HEIGHT], heading, e, &t);
        /* (range_at projects a landing point s[HEIGHT] away: its rounding
         * is an ulp or so of that; NaN when that projection overflows.
         * Its prediction rounds each component of g + k wind, to 2^-1075
         * where subnormal, a drift of b <= t^2 / 2 times that.) */
        FZ_CHECK(isnan(r) || r <= out->range + 1e-6 * fabs(out->range) + 1e-9 * s[SPEED] * out->t +
                          1e-12 * fabs(s[HEIGHT]) + ldexp(t, -537) * ldexp(t, -537) + FZ_TINY,
                 "range %.17g, yet the elevation %g degrees reaches %.17g", out->range,
                 e * 57.29577951308232, r);
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
    af_range_f64 f;
    af_range_q16 q;
    af_vec3_q16 heading;
    af_drag_q16 m;
    af_status sf, sq;
    int i, may_overflow = 0;

    fz_drag_slots(names, kinds);
    for (i = FZ_DRAG_BODY; i < FZ_DRAG_BODY + 6; i++)
        names[i] = "(unused)";
    names[SPEED] = "speed";
    kinds[SPEED] = FZ_POS;
    names[HEIGHT] = "height";
    kinds[HEIGHT] = FZ_ANY;
    names[HEADING] = "heading.x";
    names[HEADING + 1] = "heading.y";
    names[HEADING + 2] = "heading.z";
    kinds[HEADING] = kinds[HEADING + 1] = kinds[HEADING + 2] = FZ_ANY;
    fz_input_start(&in, data, size);
    fz_begin("drag_max_range", &a);
    mi = fz_drag_ints(&in);
    fz_decode(&in, &a, SLOTS, kinds, names);

    fz_call("af_drag_max_range_f64 on the decoded values");
    (void)run_f64(a.v, mi, &f);
    fz_call("af_drag_max_range_f64 on the Q16.16 values");
    sf = run_f64(a.fq, mi, &f);

    fz_call("af_drag_max_range_q16");
    m = fz_drag_q16(a.q, mi);
    heading = fz_vec_q16(a.q, HEADING);
    sq = af_drag_max_range_q16(&m, a.q[SPEED], a.q[HEIGHT], &heading, &q);
    fz_zero_on_failure(sq, &q, sizeof q);
    if (sq == AF_ERR_OVERFLOW && sf == AF_OK && fz_fits(f.range) && fz_fits(f.t)) {
        /* A flat optimum: a steeper elevation whose range is within the
         * range's tolerance below (fz_close's, the lever left out) may
         * land at a time that does not fit. */
        af_drag_f64 mf = fz_drag_f64(a.fq, mi);
        double allowed = 2.0 / 65536.0 + (a.fq[SPEED] * (1.0 + f.t) + fabs(f.range) +
                                          fabs(a.fq[HEIGHT])) / 4194304.0;
        if (!fz_fits(flat_top_time(&mf, a.fq[SPEED], a.fq[HEIGHT], fz_vec_f64(a.fq, HEADING),
                                   &f, allowed)))
            may_overflow = 1;
    }
    if (sq == AF_ERR_OVERFLOW && sf == AF_OK && fz_fits(f.range) && fz_fits(f.t) &&
        !may_overflow) {
        /* A landing much faster across than down (a graze, a wind's
         * drift) carries the height's rounding times that lever into the
         * range (drag_aim.h): a range that far from f64's may not fit. */
        af_drag_f64 mf = fz_drag_f64(a.fq, mi);
        double hscale, lever = landing_leverage(&mf, fz_vec_f64(a.fq, HEADING), f.horizontal_speed,
                                                f.vertical_speed, f.t, &hscale);
        double scale = a.fq[SPEED] * (1.0 + f.t) + fabs(f.range) + fabs(a.fq[HEIGHT]) +
                       lever * hscale;
        if (!isfinite(scale) || !fz_fits(fabs(f.range) + 2.0 / 65536.0 + scale / 4194304.0))
            may_overflow = 1;
    }
    FZ_CHECK(sq == sf || (sq == AF_ERR_OVERFLOW && sf == AF_OK &&
                          !(fz_fits(f.range) && fz_fits(f.t))) || may_overflow ||
                 sq == AF_ERR_BAD_ARGUMENT /* a heading within 2^-20 of vertical */,
             "q16 says %s, f64 %s (range %.9g, t %.9g)", af_status_name(sq), af_status_name(sf),
             f.range, f.t);
    if (sq == AF_OK && sf == AF_OK) {
        /* The optimum is flat: the range agrees to its terms' size, the
         * elevation only to the square root of that. The landing time
         * comes from the height, whose terms' rounding moves it by that
         * over the vertical speed, and the landing by the horizontal
         * speed times it (drag.h): a wind's drift can make that lever
         * long. */
        af_drag_f64 mf = fz_drag_f64(a.fq, mi);
        double hscale, lever = landing_leverage(&mf, fz_vec_f64(a.fq, HEADING), f.horizontal_speed,
                                                f.vertical_speed, f.t, &hscale);
        double scale = a.fq[SPEED] * (1.0 + f.t) + fabs(f.range) + fabs(a.fq[HEIGHT]) +
                       lever * hscale;
        if (isfinite(scale))
            fz_close("range", q.range, f.range, scale);
    }
    return 0;
}
