/* SPDX-License-Identifier: MIT */
/*
 * How far a shot aimed through a drag model flies from its target, judged
 * by the tests' own flight (drag_sim.h: the engine's literal loop or RK4),
 * shared by the drag aim suites.
 */
#include <math.h>

#include "drag_shot_check.h"
#include "drag_sim.h"

/* Between two steps the curve of a stepped model is within |a| dt^2 / 8 of
 * the engine's straight move (suite_drag_predict_f64); |a| is bounded by the
 * change of velocity over the step divided by dt r. */
#define SAG_SLACK 1.0

af_vec3_f64 dshot_add_scaled(af_vec3_f64 a, af_vec3_f64 b, double k)
{
    af_vec3_f64 r = { a.x + b.x * k, a.y + b.y * k, a.z + b.z * k };
    return r;
}

af_vec3_f64 dshot_effective_g(const af_drag_f64 *m)
{
    return dshot_add_scaled(m->gravity, m->wind, m->k);
}

/* The scene's size for a shot: distance covered, the launch velocity's
 * reach, gravity's pull over the flight, and where everything is. */
double dshot_scene_scale(const af_drag_f64 *m, const af_body_f64 *shooter,
                          const af_shot_f64 *shot)
{
    return dsim_len(shooter->position) + dsim_len(shot->point) +
           (dsim_len(shot->velocity) + dsim_len(shooter->velocity)) * shot->t +
           dsim_len(dshot_effective_g(m)) * shot->t * shot->t;
}

/* The projectile's state at launch: the shooter's position, the shot's
 * velocity plus the shooter's when inherited. */
af_body_f64 dshot_projectile(const af_body_f64 *shooter, const af_shot_f64 *shot, int inherit)
{
    af_body_f64 p;
    p.position = shooter->position;
    p.velocity = inherit ? dshot_add_scaled(shot->velocity, shooter->velocity, 1.0) : shot->velocity;
    return p;
}

/*
 * How far a shot flies from its target, relative to the scene's size.
 * Continuous drag: RK4 to the shot's time. Stepped: the literal loop to the
 * steps either side of the time; the loop's states must be the curve's
 * (checked within 1e-12), and the target must lie within the curve's sag
 * of the engine's straight move between them (where a swept collision test
 * finds it). At a whole step that is the loop's position itself.
 */
double dshot_miss(const af_drag_f64 *m, const af_body_f64 *shooter, int inherit,
                        const af_shot_f64 *shot)
{
    af_body_f64 fly = dshot_projectile(shooter, shot, inherit);
    double scale = dshot_scene_scale(m, shooter, shot);
    if (m->kind == AF_DRAG_KIND_CONTINUOUS) {
        dsim_rk4(m, &fly, shot->t, dsim_rk4_substeps(m, shot->t));
        return dsim_dist(fly.position, shot->point) / scale;
    } else {
        double n = shot->t / m->dt, n0 = floor(n + 1e-9), f;
        af_body_f64 before, after, start = fly;
        af_vec3_f64 seg, off;
        double along, sag;
        dsim_steps(m, &fly, (long)n0);
        before = fly;
        if (n - n0 <= 1e-9)
            return dsim_dist(before.position, shot->point) / scale;
        dsim_steps(m, &fly, 1);
        after = fly;
        {
            /* The loop agrees with the curve at both steps. */
            af_body_f64 c0, c1;
            if (af_drag_predict_steps_f64(m, &start, n0, &c0) != AF_OK ||
                af_drag_predict_steps_f64(m, &start, n0 + 1.0, &c1) != AF_OK)
                return 1.0;
            TH_CHECK(dsim_dist(c0.position, before.position) <= 1e-12 * scale &&
                         dsim_dist(c1.position, after.position) <= 1e-12 * scale,
                     "loop vs curve at steps %g, %g", n0, n0 + 1.0);
        }
        /* Distance from the target to the segment before -> after, less
         * the curve's sag there. */
        seg = dsim_sub(after.position, before.position);
        off = dsim_sub(shot->point, before.position);
        f = dsim_dot(seg, seg) > 0.0 ? dsim_dot(off, seg) / dsim_dot(seg, seg) : 0.0;
        f = fmin(fmax(f, 0.0), 1.0);
        along = dsim_dist(shot->point, dshot_add_scaled(before.position, seg, f));
        sag = SAG_SLACK * dsim_dist(after.velocity, before.velocity) / (m->dt * m->r) * m->dt *
              m->dt / 8.0;
        return fmax(along - sag, 0.0) / scale;
    }
}


double dshot_random_flight_time(th_rng *rng, const af_drag_f64 *m)
{
    if (m->kind == AF_DRAG_KIND_STEPPED)
        return floor(th_rand_log(rng, 1.0, 3000.0)) * m->dt;
    return m->k > 0.0 ? fmin(th_rand_log(rng, 1e-3, 20.0) / m->k, 30.0)
                      : th_rand_log(rng, 1e-3, 30.0);
}

af_vec3_f64 dshot_random_launch(th_rng *rng, double speed)
{
    af_vec3_f64 v = dsim_direction(rng);
    v.x *= speed;
    v.y *= speed;
    v.z *= speed;
    return v;
}

void dshot_check_speed_shots(const af_drag_f64 *m, const af_body_f64 *shooter, int inherit,
                             double speed, const af_shot_f64 *planted, const af_shots_f64 *out,
                             double hit_tol, double speed_tol, dshot_tally *tally)
{
    double t = planted->t;
    int j, found = 0;
    for (j = 0; j < out->count; j++) {
        const af_shot_f64 *s = &out->shot[j];
        double miss = dshot_miss(m, shooter, inherit, s);
        double terms = fmax(speed, dsim_dist(s->point, shooter->position) / s->t +
                                       dsim_len(dshot_effective_g(m)) * s->t);
        double serr = fabs(dsim_len(s->velocity) - speed) / terms;
        tally->shots++;
        tally->worst_miss = fmax(tally->worst_miss, miss);
        tally->worst_speed = fmax(tally->worst_speed, serr);
        TH_CHECK(miss <= hit_tol, "%s r = %.17g k = %g: shot %d at t = %g misses by %.3g",
                 dsim_kind_name(m->kind), m->r, m->k, j, s->t, miss);
        TH_CHECK(serr <= speed_tol, "shot %d speed %.17g, asked %.17g", j, dsim_len(s->velocity),
                 speed);
        TH_CHECK(j == 0 || s->t > out->shot[j - 1].t, "shots not ordered by time");
        if (fabs(s->t - t) <= 1e-6 * t && dsim_dist(s->velocity, planted->velocity) <= 1e-6 * speed)
            found = 1;
    }
    TH_CHECK(found, "%s r = %.17g k = %g inherit %d: the planted shot (t = %g) is not among "
                    "the %d returned (first t = %g)",
             dsim_kind_name(m->kind), m->r, m->k, inherit, t, out->count, out->shot[0].t);
}
