/* SPDX-License-Identifier: MIT */
#include "turret_drag_check.h"

#include <math.h>
#include <string.h>

#include "turret_accel_check.h"

af_drag_f64 turret_drag_random_model(th_rng *rng, af_drag_model model, af_vec3_f64 gravity)
{
    af_drag_f64 m;
    af_vec3_f64 wind = { 0.0, 0.0, 0.0 };
    double dt = 1.0 / th_rand_uniform(rng, 30.0, 120.0), d = th_rand_log(rng, 0.01, 1.0);
    if (model == AF_DRAG_BULLET || model == AF_DRAG_ODE)
        d = fmin(d, 0.5);
    if (model == AF_DRAG_CHIPMUNK)
        d = th_rand_uniform(rng, 0.5, 1.0);
    if (model == AF_DRAG_CONTINUOUS && th_rand_below(rng, 2)) {
        wind.x = th_rand_uniform(rng, -10.0, 10.0);
        wind.y = th_rand_uniform(rng, -10.0, 10.0);
    }
    if (af_drag_init_f64(model, d, dt, &gravity, &wind, &m) != AF_OK)
        memset(&m, 0, sizeof m);
    return m;
}

void turret_drag_random_shots_hit(int lob, const char *name, double accel, turret_drag_aim aim)
{
    th_rng rng = th_rng_for(name);
    long i, n = th_count(900), found = 0, capped = 0;
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        turret_scene s = accel > 0.0 ? turret_accelerating_scene(&rng, lob, accel)
                                     : turret_scene_random(&rng, lob);
        af_drag_f64 m = turret_drag_random_model(&rng, (af_drag_model)(i % TURRET_DRAG_MODELS),
                                                 s.gravity);
        af_turret_shots_f64 out;
        af_status st;
        s.drag = &m;
        s.max_time = th_rand_uniform(&rng, 5.0, 30.0);
        st = aim(&s, &out);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION || st == AF_ERR_BEYOND_YAW ||
                     st == AF_ERR_BEYOND_PITCH || st == AF_ERR_ENGINE_LIMIT,
                 "%s %ld: %s", name, i, af_status_name(st));
        worst = fmax(worst, accel > 0.0 ? turret_check_accel_shots(&s, st, &out, i, name)
                                        : turret_check_shots(&s, st, &out, i, name));
        found += st == AF_OK;
        capped += st == AF_ERR_ENGINE_LIMIT;
    }
    th_note("%s: %ld scenes, %ld with shots, %ld refused by an engine's cap; worst miss %.3g of "
            "the scene",
            name, n, found, capped, worst);
}

void turret_drag_scan_finds_nothing_earlier(const char *name, double accel, turret_drag_aim aim)
{
    th_rng rng = th_rng_for(name);
    long i, n = th_count(100), agreed = 0;
    for (i = 0; i < n; i++) {
        turret_scene s = accel > 0.0 ? turret_accelerating_scene(&rng, (int)(i & 1), accel)
                                     : turret_scene_random(&rng, (int)(i & 1));
        af_drag_f64 m = turret_drag_random_model(&rng, AF_DRAG_CONTINUOUS, s.gravity);
        af_turret_shots_f64 out;
        af_status st;
        double scan;
        s.drag = &m;
        s.max_time = th_rand_uniform(&rng, 5.0, 30.0);
        st = aim(&s, &out);
        scan = turret_scan_earliest(&s, 300, 1e-9);
        if (accel > 0.0 && st == AF_OK) {
            turret_scene past = s;
            past.scan_past = 2.0 * (out.shot[0].launch + out.shot[0].flight);
            scan = turret_scan_earliest(&past, 600, 1e-9);
        }
        agreed += turret_check_scan(st, &out, scan, name, i);
    }
    th_note("%s: %ld scenes, %ld where both found shots", name, n, agreed);
}
