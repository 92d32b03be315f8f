/* SPDX-License-Identifier: MIT */
/* Shared answer checks (see shots_check.h). */
#include "shots_check.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "harness.h"
#include "kinematics.h"

static int shot_is_zero(const af_shot_f64 *s)
{
    static const af_shot_f64 zero;
    return memcmp(s, &zero, sizeof zero) == 0;
}

int check_shots_shape(af_status st, const af_shots_f64 *out, const char *what)
{
    int ok = 1, i;
    if (st != AF_OK) {
        ok &= TH_CHECK(out->count == 0, "%s: failed (%s) but count = %d", what,
                       af_status_name(st), out->count);
        for (i = 0; i < AF_MAX_SHOTS; i++)
            ok &= TH_CHECK(shot_is_zero(&out->shot[i]), "%s: failed but shot %d is not zero",
                           what, i);
        return ok;
    }
    ok &= TH_CHECK(out->count >= 1 && out->count <= AF_MAX_SHOTS, "%s: ok with count = %d",
                   what, out->count);
    for (i = 0; i < out->count && i < AF_MAX_SHOTS; i++) {
        ok &= TH_CHECK(out->shot[i].t >= 0.0 && isfinite(out->shot[i].t), "%s: shot %d t = %g",
                       what, i, out->shot[i].t);
        if (i > 0)
            ok &= TH_CHECK(out->shot[i].t >= out->shot[i - 1].t,
                           "%s: shots not earliest first (%.17g after %.17g)", what,
                           out->shot[i].t, out->shot[i - 1].t);
    }
    for (i = out->count; i >= 0 && i < AF_MAX_SHOTS; i++)
        ok &= TH_CHECK(shot_is_zero(&out->shot[i]), "%s: unused shot %d is not zero", what, i);
    return ok;
}

double check_shots_hit(const scenario *s, const af_shots_f64 *out, double speed,
                       const char *what)
{
    double worst = 0.0;
    int i, inherit = (s->flags & AF_INHERIT_VELOCITY) != 0;
    for (i = 0; i < out->count; i++) {
        const af_shot_f64 *shot = &out->shot[i];
        double scale = scenario_range(s, shot);
        double miss = kin_miss(&s->shooter, &s->target, inherit, s->gravity, shot) / scale;
        double at = kin_dist(shot->point, kin_body(&s->target, shot->t)) / scale;
        if (miss > worst)
            worst = miss;
        TH_CHECK(miss <= HIT_TOL, "%s: shot %d of %d misses by %.3g of the scale %.3g (t = %.17g)",
                 what, i, out->count, miss, scale, shot->t);
        TH_CHECK(at <= HIT_TOL, "%s: shot %d point is %.3g off the target's position at t", what,
                 i, at);
        if (speed > 0.0 && shot->t > 0.0) {
            double ref = fmax(speed, kin_dist(shot->point, s->shooter.position) / shot->t);
            double err = fabs(kin_len(shot->velocity) - speed) / ref;
            TH_CHECK(err <= SPEED_TOL, "%s: shot %d launch speed %.17g, asked %.17g (rel %.3g)",
                     what, i, kin_len(shot->velocity), speed, err);
        }
    }
    return worst;
}

double scenario_gap(const scenario *s, double t)
{
    int inherit = (s->flags & AF_INHERIT_VELOCITY) != 0;
    af_vec3_f64 p = kin_body(&s->target, t), q;
    q.x = p.x - s->shooter.position.x - (inherit ? s->shooter.velocity.x * t : 0.0) -
          0.5 * s->gravity.x * t * t;
    q.y = p.y - s->shooter.position.y - (inherit ? s->shooter.velocity.y * t : 0.0) -
          0.5 * s->gravity.y * t * t;
    q.z = p.z - s->shooter.position.z - (inherit ? s->shooter.velocity.z * t : 0.0) -
          0.5 * s->gravity.z * t * t;
    return kin_len(q) - s->speed * t;
}

/* The exponent of the largest component of v (INT_MIN for a zero v). */
static int vexp(af_vec3_f64 v)
{
    double m = fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z)));
    int e;
    if (m == 0.0)
        return INT_MIN / 4;
    (void)frexp(m, &e);
    return e;
}

static double scaled_axis(double d, double v, double g, double tm, int et, int E)
{
    return ldexp(d, -E) + ldexp(v, et - E) * tm - ldexp(g, 2 * et - E) * (tm * tm) * 0.5;
}

double scenario_gap_scaled(const scenario *s, double t)
{
    int inherit = (s->flags & AF_INHERIT_VELOCITY) != 0, et, es, E;
    af_vec3_f64 d, v, q;
    double tm = frexp(t, &et), sp;
    d.x = s->target.position.x - s->shooter.position.x;
    d.y = s->target.position.y - s->shooter.position.y;
    d.z = s->target.position.z - s->shooter.position.z;
    v.x = s->target.velocity.x - (inherit ? s->shooter.velocity.x : 0.0);
    v.y = s->target.velocity.y - (inherit ? s->shooter.velocity.y : 0.0);
    v.z = s->target.velocity.z - (inherit ? s->shooter.velocity.z : 0.0);
    /* 2^E above the largest term: |D|, |V| t, |g| t^2 / 2 and s t. */
    E = vexp(d);
    if (vexp(v) + et > E)
        E = vexp(v) + et;
    if (vexp(s->gravity) + 2 * et > E)
        E = vexp(s->gravity) + 2 * et;
    (void)frexp(s->speed, &es);
    if (s->speed > 0.0 && es + et > E)
        E = es + et;
    q.x = scaled_axis(d.x, v.x, s->gravity.x, tm, et, E);
    q.y = scaled_axis(d.y, v.y, s->gravity.y, tm, et, E);
    q.z = scaled_axis(d.z, v.z, s->gravity.z, tm, et, E);
    sp = ldexp(s->speed, et - E) * tm;
    return kin_len(q) - sp;
}

int check_given_once(const scenario *s, double t)
{
    double lo = scenario_gap_scaled(s, t * (1.0 - 1e-6)), hi = scenario_gap_scaled(s, t * (1.0 + 1e-6));
    return isfinite(lo) && isfinite(hi) && (lo < 0) == (hi < 0);
}

/* The gap's own rounding, scaled: a few of its largest term's last bits. */
#define GAP_NOISE (16 * DBL_EPSILON)

/* A root at t next to the crossing in [a, b] (t within a neighbouring
 * cell, lo to hi) where the gap at t and at the crossing's nearer end are
 * both within the gap's rounding: where |D + V t| and s t agree to their
 * last bits over a span, the sign change's place is noise, and t is as
 * good a root as any in the span. */
static int in_the_noise(const scenario *s, double t, double lo, double a, double ha, double b,
                        double hb, double hi)
{
    if (t < lo || t > hi || !(fabs(scenario_gap_scaled(s, t)) <= GAP_NOISE))
        return 0;
    return t < a ? fabs(ha) <= GAP_NOISE : t <= b || fabs(hb) <= GAP_NOISE;
}

int check_no_root_lost(const scenario *s, af_status st, const af_shots_f64 *out, int cells,
                       long index)
{
    const double ratio = pow(1e12, 1.0 / cells);
    double a = kin_dist(s->target.position, s->shooter.position) / s->speed * 1e-6;
    double ha = scenario_gap_scaled(s, a);
    int k, crossings = 0;
    for (k = 0; k < cells; k++) {
        double b = a * ratio, hb = scenario_gap_scaled(s, b);
        /* Past the largest double there is no time a solver could give. */
        if (!isfinite(b))
            break;
        if ((ha < 0.0) != (hb < 0.0)) {
            int j, found = 0;
            crossings++;
            for (j = 0; j < out->count; j++) {
                double t = out->shot[j].t;
                found |= (t >= a * (1 - 1e-9) && t <= b * (1 + 1e-9)) ||
                         (t >= a * (1 - 1e-6) && t <= b * (1 + 1e-6) && check_given_once(s, t)) ||
                         in_the_noise(s, t, a / ratio, a, ha, b, hb, b * ratio);
            }
            TH_CHECK(found || a < 0x1p-1042,
                     "scenario %ld: a solution with t in [%.17g, %.17g] is lost (%s, %d)", index, a,
                     b, af_status_name(st), out->count);
        }
        a = b;
        ha = hb;
    }
    return crossings;
}

void check_same_shots(af_status sa, const af_shots_f64 *a, af_status sb, const af_shots_f64 *b,
                      const char *what, long index)
{
    int j;
    if (!TH_CHECK(sa == sb && a->count == b->count, "%s, scenario %ld: %s/%d vs %s/%d", what,
                  index, af_status_name(sa), a->count, af_status_name(sb), b->count))
        return;
    for (j = 0; j < a->count; j++)
        TH_CHECK(fabs(a->shot[j].t - b->shot[j].t) <= 1e-9 * b->shot[j].t,
                 "%s, scenario %ld shot %d: t %.17g vs %.17g", what, index, j, a->shot[j].t,
                 b->shot[j].t);
}
