/* SPDX-License-Identifier: MIT */
#include "turret_qdrag_check.h"

#include <math.h>
#include <string.h>

#include "qdrag_sim.h"

double turret_qdrag_miss(const turret_scene *s, const af_qdrag_f64 *m,
                         const af_turret_shot_f64 *sh)
{
    const af_turret_f64 *t = &s->turret;
    af_vec3_f64 barrel, above, goal;
    af_body_f64 start, end;
    double T = sh->launch + sh->flight;
    int j;
    turret_axes(t, sh->yaw, sh->pitch, &barrel, &above);
    for (j = 0; j < 3; j++) {
        double inherit = (t->flags & AF_INHERIT_VELOCITY) ? (&t->velocity.x)[j] : 0.0;
        (&start.position.x)[j] = (&t->pivot.x)[j] + sh->launch * (&t->velocity.x)[j] +
                                 t->muzzle_forward * (&barrel.x)[j] +
                                 t->muzzle_up * (&above.x)[j];
        (&start.velocity.x)[j] = t->speed * (&barrel.x)[j] + inherit;
        (&goal.x)[j] = (&s->target.position.x)[j] + T * (&s->target.velocity.x)[j] +
                       0.5 * T * T * (&s->acceleration.x)[j];
    }
    if (m->kind == AF_DRAG_KIND_STEPPED)
        end = qsim_engine_at(m, &start, sh->flight);
    else if (af_qdrag_predict_f64(m, &start, sh->flight, &end) != AF_OK)
        return INFINITY;
    return qsim_norm(qsim_sub(end.position, goal));
}

void turret_qdrag_check_no_copies(const af_turret_shots_f64 *out, long i, const char *what)
{
    int j, k;
    for (j = 0; j < out->count; j++)
        for (k = j + 1; k < out->count; k++) {
            const af_turret_shot_f64 *a = &out->shot[j], *b = &out->shot[k];
            double dy = fabs(a->yaw - b->yaw), ia = a->launch + a->flight,
                   ib = b->launch + b->flight;
            if (dy > 3.14159265358979323846)
                dy = 6.28318530717958647692 - dy;
            TH_CHECK(dy > 0x1p-8 || fabs(a->pitch - b->pitch) > 0x1p-8 ||
                         fabs(a->flight - b->flight) > 0x1p-8 * fmax(a->flight, b->flight) ||
                         fabs(a->launch - b->launch) > 0x1p-12 * fmax(ia, ib),
                     "%s %ld: shots %d and %d one shot: yaws %.9g %.9g, pitches %.9g %.9g, "
                     "launches %.9g %.9g, flights %.9g %.9g",
                     what, i, j, k, a->yaw, b->yaw, a->pitch, b->pitch, a->launch, b->launch,
                     a->flight, b->flight);
        }
}

double turret_qdrag_check_shots(const turret_scene *s, const af_qdrag_f64 *m, af_status st,
                                const af_turret_shots_f64 *out, long i, const char *what,
                                double integration)
{
    double worst = 0.0;
    int k;
    if (!turret_check_answer(st, out, i, what))
        return 0.0;
    for (k = 0; k < out->count; k++) {
        const af_turret_shot_f64 *sh = &out->shot[k];
        double size = turret_scene_size(s, sh), miss = turret_qdrag_miss(s, m, sh);
        /* The continuous kind's flights are integrated, the aim's and the
         * check's each within their tolerance of the distance flown. */
        double flown = (s->turret.speed + qsim_norm(s->turret.velocity)) * sh->flight;
        double tol = 1e-9 * size +
                     (m->kind == AF_DRAG_KIND_CONTINUOUS ? integration * flown : 0.0);
        double slew = turret_slew(&s->turret, sh->yaw, sh->pitch);
        worst = fmax(worst, miss / size);
        TH_CHECK(miss <= tol, "%s %ld shot %d (kind %d): miss %.3g of the scene, allowed %.3g",
                 what, i, k, (int)m->kind, miss / size, tol / size);
        TH_CHECK(turret_within(&s->turret, sh->yaw, sh->pitch),
                 "%s %ld shot %d: yaw %.17g pitch %.17g beyond the limits", what, i, k, sh->yaw,
                 sh->pitch);
        TH_CHECK(sh->launch >= s->turret.latency && sh->launch >= slew * (1.0 - 1e-12),
                 "%s %ld shot %d: launch %.17g before latency %g or slew %.17g", what, i, k,
                 sh->launch, s->turret.latency, slew);
        TH_CHECK(sh->flight > 0.0 && sh->flight <= s->max_time, "%s %ld shot %d: flight %g", what,
                 i, k, sh->flight);
        if (k > 0)
            TH_CHECK(sh->launch + sh->flight >= out->shot[k - 1].launch + out->shot[k - 1].flight,
                     "%s %ld: shots not earliest impact first", what, i);
    }
    turret_qdrag_check_no_copies(out, i, what);
    return worst;
}

/* A vector of length at most m, uniform in a cube then shrunk. */
static af_vec3_f64 small_vec(th_rng *rng, double m)
{
    af_vec3_f64 v;
    double n;
    v.x = th_rand_uniform(rng, -1.0, 1.0);
    v.y = th_rand_uniform(rng, -1.0, 1.0);
    v.z = th_rand_uniform(rng, -1.0, 1.0);
    n = qsim_norm(v);
    return n > 1.0 ? (af_vec3_f64){ v.x / n * m, v.y / n * m, v.z / n * m }
                   : (af_vec3_f64){ v.x * m, v.y * m, v.z * m };
}

turret_scene turret_qdrag_scene(th_rng *rng, int lob, double accel)
{
    turret_scene s = turret_scene_random(rng, lob);
    af_vec3_f64 d = small_vec(rng, 1.0);
    double dist = th_rand_uniform(rng, 10.0, 80.0) / fmax(qsim_norm(d), 1e-3);
    s.turret.speed = th_rand_uniform(rng, 30.0, 60.0);
    s.turret.velocity = small_vec(rng, 5.0);
    s.target.position.x = s.turret.pivot.x + dist * d.x;
    s.target.position.y = s.turret.pivot.y + dist * d.y;
    s.target.position.z = s.turret.pivot.z + dist * d.z;
    s.target.velocity = small_vec(rng, 5.0);
    if (accel > 0.0)
        s.acceleration = small_vec(rng, accel);
    s.max_time = 6.0;
    return s;
}

void turret_qdrag_random_shots_hit(int lob, const char *name, double accel,
                                   turret_qdrag_aim aim, double integration)
{
    th_rng rng = th_rng_for(name);
    long i, n = th_count(16), found = 0;
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        turret_scene s = turret_qdrag_scene(&rng, lob, accel);
        af_qdrag_f64 m = qsim_model(
            &rng, (i & 1) ? AF_DRAG_KIND_CONTINUOUS : AF_DRAG_KIND_STEPPED, 0);
        af_turret_shots_f64 out;
        af_status st;
        m.gravity = s.gravity;
        m.k = th_rand_log(&rng, 0.001, 0.01);
        st = aim(&s, &m, &out);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION || st == AF_ERR_BEYOND_YAW ||
                     st == AF_ERR_BEYOND_PITCH,
                 "%s %ld: %s", name, i, af_status_name(st));
        worst = fmax(worst, turret_qdrag_check_shots(&s, &m, st, &out, i, name, integration));
        found += st == AF_OK;
    }
    th_note("%s: %ld scenes, %ld with shots; worst miss %.3g of the scene", name, n, found,
            worst);
}

void turret_qdrag_edge_start(turret_scene *s, af_qdrag_f64 *m, af_drag_kind kind, double k,
                             double max_time)
{
    memset(s, 0, sizeof *s);
    memset(m, 0, sizeof *m);
    s->turret = turret_level();
    s->gravity.z = -9.81;
    s->max_time = max_time;
    m->kind = kind;
    m->gravity = s->gravity;
    m->k = k;
    m->dt = 1.0 / 60;
    m->order = AF_QDRAG_GRAVITY_FIRST;
}

af_qdrag_f64 turret_qdrag_refusal_model(void)
{
    af_qdrag_f64 m;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.gravity.z = -9.81;
    m.k = 0.002;
    m.dt = 1.0 / 60;
    return m;
}
