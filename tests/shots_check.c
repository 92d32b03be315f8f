/* Shared answer checks (see shots_check.h). */
#include "shots_check.h"

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
