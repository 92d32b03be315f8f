/* SPDX-License-Identifier: MIT */
/*
 * The fixed launchers, the drag aims at accelerating targets and the
 * closest-miss aims as rows of the Q16 solver table (see q16_shots_rows.h). Each draws the shared scene (q16_rows.h)
 * and, as a row needs: a target acceleration, a launch direction in the
 * vertical plane through the target (so that the ray can reach it), an
 * elevation, a drag model (Unity or continuous, from af_drag_init) and a
 * longest flight. The miss rows use a tenth of the scene's speed, so that
 * most targets are out of reach.
 */
#include <string.h>

#include "q16_rows.h"
#include "q16_shots_rows.h"

/* The largest magnitude of a vector's components. */
static uint32_t abs_max(af_vec3_q16 v)
{
    uint32_t x = v.x < 0 ? 0u - (uint32_t)v.x : (uint32_t)v.x,
             y = v.y < 0 ? 0u - (uint32_t)v.y : (uint32_t)v.y,
             z = v.z < 0 ? 0u - (uint32_t)v.z : (uint32_t)v.z;
    return x > y ? (x > z ? x : z) : (y > z ? y : z);
}

typedef struct shots_draw {
    qs_scene s;
    af_vec3_q16 accel, dir;
    fix16_t elevation, max_time;
    int32_t model, d, dt;
} shots_draw;

static shots_draw draw(th_rng *rng, long i, qs_in *in)
{
    shots_draw w;
    af_vec3_q16 zero = { 0, 0, 0 };
    int64_t dx, dy, dz;
    w.s = qs_start(rng, i, in);
    w.accel = th_rand_below(rng, 3) ? qs_vector(rng, 8, 20) : zero;
    dx = (int64_t)w.s.target.position.x - w.s.shooter.position.x;
    dy = (int64_t)w.s.target.position.y - w.s.shooter.position.y;
    dz = (int64_t)w.s.target.position.z - w.s.shooter.position.z;
    /* In the plane of the target's offset and gravity, tilted against
     * gravity by 1/16 to 4 times the offset's size (the ray that a static
     * target can be met along); every other scene's target is static. */
    {
        int64_t l = ((dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy) + (dz < 0 ? -dz : dz)) / 8;
        int64_t gm = (int64_t)abs_max(w.s.gravity), k = 1 + (int64_t)th_rand_below(rng, 64);
        w.dir.x = (fix16_t)(dx / 8 - (gm ? (int64_t)w.s.gravity.x * (l / 16) / gm * k / 4 : 0));
        w.dir.y = (fix16_t)(dy / 8 - (gm ? (int64_t)w.s.gravity.y * (l / 16) / gm * k / 4 : 0));
        w.dir.z = (fix16_t)(dz / 8 - (gm ? (int64_t)w.s.gravity.z * (l / 16) / gm * k / 4 : 0));
    }
    if (i % 2 == 0) {
        w.s.target.velocity = zero;
        w.accel = zero;
        w.s.flags = 0;
    }
    w.elevation = qs_spread(rng, 102944);
    w.max_time = (fix16_t)qs_magnitude(rng, 16, 22);
    w.model = th_rand_below(rng, 2) ? AF_DRAG_CONTINUOUS : AF_DRAG_UNITY;
    w.d = (int32_t)qs_magnitude(rng, 8, 17);
    w.dt = 64 + (int32_t)th_rand_below(rng, 4096);
    return w;
}

#define ACCEL_BODY_NAMES(b) BODY_NAMES(b), b ".ax", b ".ay", b ".az"
#define MODEL_NAMES "drag.model", "drag.d", "drag.dt", VEC_NAMES("gravity")

static void put_accel_target(int32_t **p, const shots_draw *w)
{
    qs_put_body(p, &w->s.target);
    qs_put_vec(p, w->accel);
}

static af_body_accel_q16 take_accel_q16(const int32_t **p)
{
    af_body_accel_q16 b;
    b.position = qs_take_vec_q16(p);
    b.velocity = qs_take_vec_q16(p);
    b.acceleration = qs_take_vec_q16(p);
    return b;
}

static void put_model(int32_t **p, const shots_draw *w)
{
    *(*p)++ = w->model;
    *(*p)++ = w->d;
    *(*p)++ = w->dt;
    qs_put_vec(p, w->s.gravity);
}

static af_status take_model_q16(const int32_t **p, af_drag_q16 *m)
{
    int32_t model = *(*p)++, d = *(*p)++, dt = *(*p)++;
    af_vec3_q16 g = qs_take_vec_q16(p);
    return af_drag_init_q16((af_drag_model)model, d, dt, &g, NULL, m);
}

/* ---- fixed_dir / fixed_elev: shooter, target, the direction or the
 * elevation, gravity, flags ------------------------------------------- */

static const char *const fixed_dir_inputs[] = { BODY_NAMES("shooter"), ACCEL_BODY_NAMES("target"),
                                                VEC_NAMES("direction"), VEC_NAMES("gravity"),
                                                "flags", NULL };

static const char *const fixed_elev_inputs[] = { BODY_NAMES("shooter"), ACCEL_BODY_NAMES("target"),
                                                 "elevation", VEC_NAMES("gravity"), "flags", NULL };

/* As a row needs: the direction, or the elevation. */
static void fixed_make(th_rng *rng, long i, qs_in *in, int elev)
{
    shots_draw w = draw(rng, i, in);
    int32_t *p = in->v;
    qs_put_body(&p, &w.s.shooter);
    put_accel_target(&p, &w);
    if (elev)
        *p++ = w.elevation;
    else
        qs_put_vec(&p, w.dir);
    qs_put_vec(&p, w.s.gravity);
    *p++ = w.s.flags;
}

static void fixed_dir_make(th_rng *rng, long i, qs_in *in)
{
    fixed_make(rng, i, in, 0);
}

static void fixed_elev_make(th_rng *rng, long i, qs_in *in)
{
    fixed_make(rng, i, in, 1);
}

static void fixed_q16(const qs_in *in, qs_out_q16 *out, int elev)
{
    const int32_t *p = in->v;
    af_body_q16 shooter = qs_take_body_q16(&p);
    af_body_accel_q16 target = take_accel_q16(&p);
    af_vec3_q16 dir = { 0, 0, 0 }, g;
    fix16_t e = 0;
    af_shots_q16 q;
    af_status st;
    if (elev)
        e = *p++;
    else
        dir = qs_take_vec_q16(&p);
    g = qs_take_vec_q16(&p);
    st = elev ? af_fixed_elev_q16(&shooter, &target, e, &g, (unsigned)*p, &q)
              : af_fixed_dir_q16(&shooter, &target, &dir, &g, (unsigned)*p, &q);
    qs_flat_shots_q16(st, &q, out);
}

static void fixed_dir_q16(const qs_in *in, qs_out_q16 *out)
{
    fixed_q16(in, out, 0);
}

static void fixed_elev_q16(const qs_in *in, qs_out_q16 *out)
{
    fixed_q16(in, out, 1);
}

/* ---- drag_fixed_dir / drag_fixed_elev: the model first, then as above,
 * then the longest flight ------------------------------------------------ */

static const char *const drag_fixed_dir_inputs[] = { MODEL_NAMES, BODY_NAMES("shooter"),
                                                     ACCEL_BODY_NAMES("target"),
                                                     VEC_NAMES("direction"), "max_time", "flags",
                                                     NULL };
static const char *const drag_fixed_elev_inputs[] = { MODEL_NAMES, BODY_NAMES("shooter"),
                                                      ACCEL_BODY_NAMES("target"), "elevation",
                                                      "max_time", "flags", NULL };

static void drag_fixed_make(th_rng *rng, long i, qs_in *in, int elev)
{
    shots_draw w = draw(rng, i, in);
    int32_t *p = in->v;
    put_model(&p, &w);
    qs_put_body(&p, &w.s.shooter);
    put_accel_target(&p, &w);
    if (elev)
        *p++ = w.elevation;
    else
        qs_put_vec(&p, w.dir);
    *p++ = w.max_time;
    *p++ = w.s.flags;
}

static void drag_fixed_dir_make(th_rng *rng, long i, qs_in *in)
{
    drag_fixed_make(rng, i, in, 0);
}

static void drag_fixed_elev_make(th_rng *rng, long i, qs_in *in)
{
    drag_fixed_make(rng, i, in, 1);
}

static void drag_fixed_q16(const qs_in *in, qs_out_q16 *out, int elev)
{
    const int32_t *p = in->v;
    af_drag_q16 m;
    af_status st = take_model_q16(&p, &m);
    af_body_q16 shooter = qs_take_body_q16(&p);
    af_body_accel_q16 target = take_accel_q16(&p);
    af_vec3_q16 dir = { 0, 0, 0 };
    fix16_t e = 0, max_time;
    af_shots_q16 q;
    memset(&q, 0, sizeof q);
    if (elev)
        e = *p++;
    else
        dir = qs_take_vec_q16(&p);
    max_time = *p++;
    if (st == AF_OK)
        st = elev ? af_drag_fixed_elev_q16(&m, &shooter, &target, e, max_time, (unsigned)*p, &q)
                  : af_drag_fixed_dir_q16(&m, &shooter, &target, &dir, max_time, (unsigned)*p,
                                          &q);
    qs_flat_shots_q16(st, &q, out);
}

static void drag_fixed_dir_q16(const qs_in *in, qs_out_q16 *out)
{
    drag_fixed_q16(in, out, 0);
}

static void drag_fixed_elev_q16(const qs_in *in, qs_out_q16 *out)
{
    drag_fixed_q16(in, out, 1);
}

/* ---- drag_aim_time_accel / drag_aim_speed_accel: the model, shooter,
 * accelerating target, then the time (or the speed and the longest
 * flight), flags ---------------------------------------------------------- */

static const char *const drag_time_accel_inputs[] = { MODEL_NAMES, BODY_NAMES("shooter"),
                                                      ACCEL_BODY_NAMES("target"), "t", "flags",
                                                      NULL };
#ifndef QS_SHOTS_NO_DRAG_SPEED
static const char *const drag_speed_accel_inputs[] = { MODEL_NAMES, BODY_NAMES("shooter"),
                                                       ACCEL_BODY_NAMES("target"), "speed",
                                                       "max_time", "flags", NULL };
#endif

static void drag_accel_make(th_rng *rng, long i, qs_in *in, int speed)
{
    shots_draw w = draw(rng, i, in);
    int32_t *p = in->v;
    put_model(&p, &w);
    qs_put_body(&p, &w.s.shooter);
    put_accel_target(&p, &w);
    if (speed)
        *p++ = w.s.speed;
    *p++ = w.max_time;
    *p++ = w.s.flags;
}

static void drag_time_accel_make(th_rng *rng, long i, qs_in *in)
{
    drag_accel_make(rng, i, in, 0);
}

#ifndef QS_SHOTS_NO_DRAG_SPEED
static void drag_speed_accel_make(th_rng *rng, long i, qs_in *in)
{
    drag_accel_make(rng, i, in, 1);
}
#endif

static void drag_accel_q16(const qs_in *in, qs_out_q16 *out, int speed)
{
    const int32_t *p = in->v;
    af_drag_q16 m;
    af_status st = take_model_q16(&p, &m);
    af_body_q16 shooter = qs_take_body_q16(&p);
    af_body_accel_q16 target = take_accel_q16(&p);
    fix16_t v = speed ? *p++ : 0, t = *p++;
    af_shots_q16 q;
    memset(&q, 0, sizeof q);
#ifdef QS_SHOTS_NO_DRAG_SPEED
    (void)v;
    if (st == AF_OK)
        st = af_drag_aim_time_accel_q16(&m, &shooter, &target, t, (unsigned)*p, &q);
#else
    if (st == AF_OK)
        st = speed ? af_drag_aim_speed_accel_q16(&m, &shooter, &target, v, t, (unsigned)*p, &q)
                   : af_drag_aim_time_accel_q16(&m, &shooter, &target, t, (unsigned)*p, &q);
#endif
    qs_flat_shots_q16(st, &q, out);
}

static void drag_time_accel_q16(const qs_in *in, qs_out_q16 *out)
{
    drag_accel_q16(in, out, 0);
}

#ifndef QS_SHOTS_NO_DRAG_SPEED
static void drag_speed_accel_q16(const qs_in *in, qs_out_q16 *out)
{
    drag_accel_q16(in, out, 1);
}
#endif

/* ---- The closest-miss rows: count, the miss and its shot, the first two
 * shots -------------------------------------------------------------- */

static const char *const miss_outputs[] = { "count", "miss.distance", "miss.t",
                                            VEC_NAMES("miss.velocity"), VEC_NAMES("miss.point"),
                                            SHOT_NAMES("1"), SHOT_NAMES("2"), NULL };

static void flat_miss_q16(af_status st, const af_shots_q16 *q, const af_miss_q16 *m,
                          qs_out_q16 *out)
{
    int32_t *v = out->v;
    int k;
    out->status = st;
    *v++ = q->count;
    *v++ = m->distance;
    *v++ = m->shot.t;
    qs_put_vec(&v, m->shot.velocity);
    qs_put_vec(&v, m->shot.point);
    for (k = 0; k < 2; k++) {
        *v++ = q->shot[k].t;
        qs_put_vec(&v, q->shot[k].velocity);
        qs_put_vec(&v, q->shot[k].point);
    }
    out->n = (int)(v - out->v);
}

static const char *const point_miss_inputs[] = { VEC_NAMES("from"), VEC_NAMES("to"), "speed",
                                                 VEC_NAMES("gravity"), NULL };

static void point_miss_make(th_rng *rng, long i, qs_in *in)
{
    shots_draw w = draw(rng, i, in);
    int32_t *p = in->v;
    qs_put_vec(&p, w.s.shooter.position);
    qs_put_vec(&p, w.s.target.position);
    *p++ = w.s.speed / 10 + 1;
    qs_put_vec(&p, w.s.gravity);
}

static void point_miss_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_vec3_q16 from = qs_take_vec_q16(&p), to = qs_take_vec_q16(&p);
    fix16_t speed = *p++;
    af_vec3_q16 g = qs_take_vec_q16(&p);
    af_shots_q16 q;
    af_miss_q16 m;
    af_status st = af_arc_point_miss_q16(&from, &to, speed, &g, &q, &m);
    flat_miss_q16(st, &q, &m, out);
}

/* ---- moving_miss / drag_miss and their accelerating twins: the model
 * (drag), shooter, target (accelerating or not), a tenth of the scene's
 * speed, the gravity (vacuum) or the longest flight (drag), flags ------- */

static const char *const moving_miss_inputs[] = { BODY_NAMES("shooter"), BODY_NAMES("target"),
                                                  "speed", VEC_NAMES("gravity"), "flags", NULL };
static const char *const moving_miss_accel_inputs[] = { BODY_NAMES("shooter"),
                                                        ACCEL_BODY_NAMES("target"), "speed",
                                                        VEC_NAMES("gravity"), "flags", NULL };
#ifndef QS_SHOTS_NO_DRAG_SPEED
static const char *const drag_miss_inputs[] = { MODEL_NAMES, BODY_NAMES("shooter"),
                                                BODY_NAMES("target"), "speed", "max_time",
                                                "flags", NULL };
static const char *const drag_miss_accel_inputs[] = { MODEL_NAMES, BODY_NAMES("shooter"),
                                                      ACCEL_BODY_NAMES("target"), "speed",
                                                      "max_time", "flags", NULL };
#endif

static void miss_make(th_rng *rng, long i, qs_in *in, int drag, int accel)
{
    shots_draw w = draw(rng, i, in);
    int32_t *p = in->v;
    if (drag)
        put_model(&p, &w);
    qs_put_body(&p, &w.s.shooter);
    if (accel)
        put_accel_target(&p, &w);
    else
        qs_put_body(&p, &w.s.target);
    *p++ = w.s.speed / 10 + 1;
    if (drag)
        *p++ = w.max_time;
    else
        qs_put_vec(&p, w.s.gravity);
    *p++ = w.s.flags;
}

static void miss_q16(const qs_in *in, qs_out_q16 *out, int drag, int accel)
{
    const int32_t *p = in->v;
    af_drag_q16 d;
    af_status st = AF_OK;
    af_body_q16 shooter, target;
    af_body_accel_q16 pulled;
    af_vec3_q16 g = { 0, 0, 0 };
    fix16_t speed, max_time = 0;
    unsigned flags;
    af_shots_q16 q;
    af_miss_q16 m;
    memset(&d, 0, sizeof d);
    memset(&target, 0, sizeof target);
    memset(&pulled, 0, sizeof pulled);
    memset(&q, 0, sizeof q);
    memset(&m, 0, sizeof m);
    if (drag)
        st = take_model_q16(&p, &d);
    shooter = qs_take_body_q16(&p);
    if (accel)
        pulled = take_accel_q16(&p);
    else
        target = qs_take_body_q16(&p);
    speed = *p++;
    if (drag)
        max_time = *p++;
    else
        g = qs_take_vec_q16(&p);
    flags = (unsigned)*p;
#ifndef QS_SHOTS_NO_DRAG_SPEED
    if (st == AF_OK && drag)
        st = accel ? af_drag_aim_speed_miss_accel_q16(&d, &shooter, &pulled, speed, max_time,
                                                      flags, &q, &m)
                   : af_drag_aim_speed_miss_q16(&d, &shooter, &target, speed, max_time, flags, &q,
                                                &m);
    else
#else
    (void)max_time;
#endif
    if (st == AF_OK)
        st = accel ? af_arc_moving_miss_accel_q16(&shooter, &pulled, speed, &g, flags, &q, &m)
                   : af_arc_moving_miss_q16(&shooter, &target, speed, &g, flags, &q, &m);
    flat_miss_q16(st, &q, &m, out);
}

static void moving_miss_make(th_rng *rng, long i, qs_in *in)
{
    miss_make(rng, i, in, 0, 0);
}

static void moving_miss_q16(const qs_in *in, qs_out_q16 *out)
{
    miss_q16(in, out, 0, 0);
}

static void moving_miss_accel_make(th_rng *rng, long i, qs_in *in)
{
    miss_make(rng, i, in, 0, 1);
}

static void moving_miss_accel_q16(const qs_in *in, qs_out_q16 *out)
{
    miss_q16(in, out, 0, 1);
}

#ifndef QS_SHOTS_NO_DRAG_SPEED
static void drag_miss_make(th_rng *rng, long i, qs_in *in)
{
    miss_make(rng, i, in, 1, 0);
}

static void drag_miss_q16(const qs_in *in, qs_out_q16 *out)
{
    miss_q16(in, out, 1, 0);
}

static void drag_miss_accel_make(th_rng *rng, long i, qs_in *in)
{
    miss_make(rng, i, in, 1, 1);
}

static void drag_miss_accel_q16(const qs_in *in, qs_out_q16 *out)
{
    miss_q16(in, out, 1, 1);
}
#endif

/* No f64 twins: the group has no vectors (tests/q16/suite_fixed_launch_q16.c
 * and suite_miss_q16.c compare the formats), and on the micro:bit the
 * determinism suite has no flash left for the f64 solvers. */
#define SHOTS_F64_TOLERANCE 0.0

static const qs_solver shots_rows[] = {
    { "fixed_dir", QS_NAMES(fixed_dir_inputs), QS_NAMES(qs_shots_outputs), fixed_dir_make,
      fixed_dir_q16, NULL, SHOTS_F64_TOLERANCE },
    { "fixed_elev", QS_NAMES(fixed_elev_inputs), QS_NAMES(qs_shots_outputs), fixed_elev_make,
      fixed_elev_q16, NULL, SHOTS_F64_TOLERANCE },
    { "drag_fixed_dir", QS_NAMES(drag_fixed_dir_inputs), QS_NAMES(qs_shots_outputs),
      drag_fixed_dir_make, drag_fixed_dir_q16, NULL, SHOTS_F64_TOLERANCE },
    { "drag_fixed_elev", QS_NAMES(drag_fixed_elev_inputs), QS_NAMES(qs_shots_outputs),
      drag_fixed_elev_make, drag_fixed_elev_q16, NULL, SHOTS_F64_TOLERANCE },
    { "point_miss", QS_NAMES(point_miss_inputs), QS_NAMES(miss_outputs), point_miss_make,
      point_miss_q16, NULL, SHOTS_F64_TOLERANCE },
    { "moving_miss", QS_NAMES(moving_miss_inputs), QS_NAMES(miss_outputs), moving_miss_make,
      moving_miss_q16, NULL, SHOTS_F64_TOLERANCE },
#ifndef QS_SHOTS_NO_DRAG_SPEED
    { "drag_miss", QS_NAMES(drag_miss_inputs), QS_NAMES(miss_outputs), drag_miss_make,
      drag_miss_q16, NULL, SHOTS_F64_TOLERANCE },
#endif
    { "drag_aim_time_accel", QS_NAMES(drag_time_accel_inputs), QS_NAMES(qs_shots_outputs),
      drag_time_accel_make, drag_time_accel_q16, NULL, SHOTS_F64_TOLERANCE },
#ifndef QS_SHOTS_NO_DRAG_SPEED
    { "drag_aim_speed_accel", QS_NAMES(drag_speed_accel_inputs), QS_NAMES(qs_shots_outputs),
      drag_speed_accel_make, drag_speed_accel_q16, NULL, SHOTS_F64_TOLERANCE },
#endif
    { "moving_miss_accel", QS_NAMES(moving_miss_accel_inputs), QS_NAMES(miss_outputs),
      moving_miss_accel_make, moving_miss_accel_q16, NULL, SHOTS_F64_TOLERANCE },
#ifndef QS_SHOTS_NO_DRAG_SPEED
    { "drag_miss_accel", QS_NAMES(drag_miss_accel_inputs), QS_NAMES(miss_outputs),
      drag_miss_accel_make, drag_miss_accel_q16, NULL, SHOTS_F64_TOLERANCE },
#endif
};

const qs_group qs_shots_group = { "shots", shots_rows,
                                  (int)(sizeof shots_rows / sizeof shots_rows[0]) };
