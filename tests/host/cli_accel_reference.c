/* SPDX-License-Identifier: MIT */
/*
 * The library's own answers to the requests of check-cli-accel.sh, called
 * directly: for each request line N, lines "N<TAB>TEXT" where TEXT is what
 * the CLI's JSON answer must hold ("status":"ok", each solution's numbers
 * as the CLI prints them, %.17g and in q16 the raw bits), and "N<TAB>#K"
 * when it must hold K solutions. The requests' numbers are rounded to
 * Q16.16 here by the rule the CLI documents (nearest, ties away from zero).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "aimfix.h"

#define PI 3.141592653589793
#define HALF_PI 1.5707963267948966

static int line;

static fix16_t raw(double v)
{
    return (fix16_t)lround(v * 65536.0);
}

static double value(fix16_t r)
{
    return r / 65536.0;
}

static af_vec3_f64 v3(double x, double y, double z)
{
    af_vec3_f64 v = { x, y, z };
    return v;
}

static af_vec3_q16 q3(double x, double y, double z)
{
    af_vec3_q16 v = { raw(x), raw(y), raw(z) };
    return v;
}

static af_vec3_f64 vq(af_vec3_q16 v)
{
    return v3(value(v.x), value(v.y), value(v.z));
}

static const af_vec3_f64 gravity = { 0.0, 0.0, -9.81 };

/* ---- Expected text, as the CLI prints it (tools/aimfix/output.c) ---- */

static char text[4096];

static void put(const char *fmt, double v)
{
    size_t n = strlen(text);
    snprintf(text + n, sizeof text - n, fmt, v);
}

static void put_raw(double v)
{
    size_t n = strlen(text);
    snprintf(text + n, sizeof text - n, "\"0x%08lx\"", (unsigned long)(uint32_t)raw(v));
}

static void number(const char *sep, const char *key, double v, int q16)
{
    size_t n = strlen(text);
    snprintf(text + n, sizeof text - n, "%s\"%s\":", sep, key);
    put("%.17g", v);
    if (q16) {
        n = strlen(text);
        snprintf(text + n, sizeof text - n, ",\"%s_raw\":", key);
        put_raw(v);
    }
}

static void vector(const char *sep, const char *key, af_vec3_f64 v, int q16)
{
    size_t n = strlen(text);
    snprintf(text + n, sizeof text - n, "%s\"%s\":[", sep, key);
    put("%.17g,", v.x);
    put("%.17g,", v.y);
    put("%.17g]", v.z);
    if (q16) {
        n = strlen(text);
        snprintf(text + n, sizeof text - n, ",\"%s_raw\":[", key);
        put_raw(v.x);
        strcat(text, ",");
        put_raw(v.y);
        strcat(text, ",");
        put_raw(v.z);
        strcat(text, "]");
    }
}

static void emit(void)
{
    printf("%d\t%s\n", line, text);
    text[0] = '\0';
}

static void status(af_status st)
{
    snprintf(text, sizeof text, "\"status\":\"%s\"", af_status_name(st));
    emit();
}

static void shots(af_status st, const af_shots_f64 *s, int q16)
{
    int i;
    status(st);
    printf("%d\t#%d\n", line, s->count);
    for (i = 0; i < s->count; i++) {
        number("{", "t", s->shot[i].t, q16);
        vector(",", "velocity", s->shot[i].velocity, q16);
        vector(",", "point", s->shot[i].point, q16);
        emit();
    }
}

static void shots_q16(af_status st, const af_shots_q16 *q)
{
    af_shots_f64 s;
    int i;
    memset(&s, 0, sizeof s);
    s.count = q->count;
    for (i = 0; i < q->count; i++) {
        s.shot[i].t = value(q->shot[i].t);
        s.shot[i].velocity = vq(q->shot[i].velocity);
        s.shot[i].point = vq(q->shot[i].point);
    }
    shots(st, &s, 1);
}

static void closest(const af_miss_f64 *m, int q16)
{
    number("\"closest\":{", "distance", m->distance, q16);
    number(",", "t", m->shot.t, q16);
    vector(",", "velocity", m->shot.velocity, q16);
    vector(",", "point", m->shot.point, q16);
    strcat(text, "}");
    emit();
}

static void closest_q16(const af_miss_q16 *q)
{
    af_miss_f64 m;
    m.distance = value(q->distance);
    m.shot.t = value(q->shot.t);
    m.shot.velocity = vq(q->shot.velocity);
    m.shot.point = vq(q->shot.point);
    closest(&m, 1);
}

static void turret_shots(af_status st, const af_turret_shots_f64 *s, int q16)
{
    int i;
    status(st);
    printf("%d\t#%d\n", line, s->count);
    for (i = 0; i < s->count; i++) {
        const af_turret_shot_f64 *x = &s->shot[i];
        number("{", "t", x->flight, q16);
        vector(",", "velocity", x->velocity, q16);
        vector(",", "point", x->point, q16);
        number(",", "yaw", x->yaw, q16);
        number(",", "pitch", x->pitch, q16);
        number(",", "launch", x->launch, q16);
        vector(",", "muzzle", x->muzzle, q16);
        emit();
    }
}

static void turret_shots_q16(af_status st, const af_turret_shots_q16 *q)
{
    af_turret_shots_f64 s;
    int i;
    memset(&s, 0, sizeof s);
    s.count = q->count;
    for (i = 0; i < q->count; i++) {
        s.shot[i].flight = value(q->shot[i].flight);
        s.shot[i].velocity = vq(q->shot[i].velocity);
        s.shot[i].point = vq(q->shot[i].point);
        s.shot[i].yaw = value(q->shot[i].yaw);
        s.shot[i].pitch = value(q->shot[i].pitch);
        s.shot[i].launch = value(q->shot[i].launch);
        s.shot[i].muzzle = vq(q->shot[i].muzzle);
    }
    turret_shots(st, &s, 1);
}

/* ---- The requests' bodies, models and turrets ---- */

static af_body_f64 body(af_vec3_f64 p, af_vec3_f64 v)
{
    af_body_f64 b;
    b.position = p;
    b.velocity = v;
    return b;
}

static af_body_accel_f64 accel(af_vec3_f64 p, af_vec3_f64 v, af_vec3_f64 a)
{
    af_body_accel_f64 b;
    b.position = p;
    b.velocity = v;
    b.acceleration = a;
    return b;
}

static af_body_q16 body_q16(af_body_f64 b)
{
    af_body_q16 q;
    q.position = q3(b.position.x, b.position.y, b.position.z);
    q.velocity = q3(b.velocity.x, b.velocity.y, b.velocity.z);
    return q;
}

static af_body_accel_q16 accel_q16(af_body_accel_f64 b)
{
    af_body_accel_q16 q;
    q.position = q3(b.position.x, b.position.y, b.position.z);
    q.velocity = q3(b.velocity.x, b.velocity.y, b.velocity.z);
    q.acceleration = q3(b.acceleration.x, b.acceleration.y, b.acceleration.z);
    return q;
}

/* The "unity" model of damping d at the default step, 0.02 s. */
static af_drag_f64 unity(double d)
{
    af_drag_f64 m;
    af_vec3_f64 still = { 0, 0, 0 };
    if (af_drag_init_f64(AF_DRAG_UNITY, d, 0.02, &gravity, &still, &m) != AF_OK)
        memset(&m, 0, sizeof m);
    return m;
}

static af_drag_q16 unity_q16(double d)
{
    af_drag_q16 m;
    af_vec3_q16 g = q3(0, 0, -9.81), still = { 0, 0, 0 };
    if (af_drag_init_q16(AF_DRAG_UNITY, raw(d), raw(0.02), &g, &still, &m) != AF_OK)
        memset(&m, 0, sizeof m);
    return m;
}

/* The "quadratic" model of coefficient k, continuous, in still air. */
static af_qdrag_f64 quadratic(double k)
{
    af_qdrag_f64 m;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity = gravity;
    m.k = k;
    m.dt = 0.02;
    m.order = AF_QDRAG_GRAVITY_FIRST;
    return m;
}

static af_qdrag_q16 quadratic_q16(double k)
{
    af_qdrag_q16 m;
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    m.gravity = q3(0, 0, -9.81);
    m.k = raw(k);
    m.order = AF_QDRAG_GRAVITY_FIRST;
    return m;
}

/* The CLI's turret at the origin: up against gravity, forward x, the yaw
 * wrapping, pitch within +-pi/2, rates pi unless given. */
static af_turret_f64 turret(double speed, double yaw_rate, double latency, double muzzle_forward)
{
    af_turret_f64 t;
    memset(&t, 0, sizeof t);
    t.up = v3(0, 0, 1);
    t.forward = v3(1, 0, 0);
    t.pitch_min = -HALF_PI;
    t.pitch_max = HALF_PI;
    t.yaw_rate = yaw_rate;
    t.pitch_rate = PI;
    t.latency = latency;
    t.muzzle_forward = muzzle_forward;
    t.speed = speed;
    t.flags = AF_TURRET_YAW_WRAPS;
    return t;
}

static af_turret_q16 turret_q16(const af_turret_f64 *f)
{
    af_turret_q16 t;
    memset(&t, 0, sizeof t);
    t.pivot = q3(f->pivot.x, f->pivot.y, f->pivot.z);
    t.up = q3(f->up.x, f->up.y, f->up.z);
    t.forward = q3(f->forward.x, f->forward.y, f->forward.z);
    t.yaw_min = raw(f->yaw_min);
    t.yaw_max = raw(f->yaw_max);
    t.pitch_min = raw(f->pitch_min);
    t.pitch_max = raw(f->pitch_max);
    t.muzzle_forward = raw(f->muzzle_forward);
    t.muzzle_up = raw(f->muzzle_up);
    t.yaw = raw(f->yaw);
    t.pitch = raw(f->pitch);
    t.yaw_rate = raw(f->yaw_rate);
    t.pitch_rate = raw(f->pitch_rate);
    t.latency = raw(f->latency);
    t.speed = raw(f->speed);
    t.flags = f->flags;
    return t;
}

int main(void)
{
    af_body_f64 origin = body(v3(0, 0, 0), v3(0, 0, 0));
    af_body_q16 origin_q = body_q16(origin);
    af_vec3_q16 g_q = q3(0, 0, -9.81);
    af_shots_f64 s;
    af_shots_q16 q;
    af_miss_f64 m;
    af_miss_q16 mq;
    af_turret_shots_f64 ts;
    af_turret_shots_q16 tq;
    af_status st;

    /* 1, 2: arc_apex, the default policy, an accelerating target. */
    {
        af_arc_policy_f64 p = AF_ARC_POLICY_DEFAULT;
        af_arc_policy_q16 pq;
        af_body_accel_f64 a = accel(v3(40, 0, 0), v3(0, 2, 0), v3(0, 1, 0));
        af_body_accel_q16 aq = accel_q16(a);
        pq.kind = p.kind;
        pq.base = raw(p.base);
        pq.per_distance = raw(p.per_distance);
        line = 1;
        shots(af_arc_apex_accel_f64(&origin, &a, &gravity, &p, 0, &s), &s, 0);
        line = 2;
        shots_q16(af_arc_apex_accel_q16(&origin_q, &aq, &g_q, &pq, 0, &q), &q);
    }
    /* 3, 4: arc_moving's closest miss at an accelerating target. */
    {
        af_body_accel_f64 a = accel(v3(60, 0, 0), v3(0, 0, 0), v3(2, 0, 0));
        af_body_accel_q16 aq = accel_q16(a);
        line = 3;
        st = af_arc_moving_miss_accel_f64(&origin, &a, 20, &gravity, 0, &s, &m);
        shots(st, &s, 0);
        closest(&m, 0);
        line = 4;
        st = af_arc_moving_miss_accel_q16(&origin_q, &aq, raw(20), &g_q, 0, &q, &mq);
        shots_q16(st, &q);
        closest_q16(&mq);
    }
    /* 5-10: the linear drag aims at an accelerating target. */
    {
        af_drag_f64 d = unity(0.5);
        af_drag_q16 dq = unity_q16(0.5);
        af_body_accel_f64 a = accel(v3(20, 0, 0), v3(0, 0, 0), v3(0, 2, 0));
        af_body_accel_f64 far = accel(v3(200, 0, 0), v3(0, 0, 0), v3(1, 0, 0));
        af_body_accel_q16 aq = accel_q16(a), farq = accel_q16(far);
        line = 5;
        shots(af_drag_aim_time_accel_f64(&d, &origin, &a, 2, 0, &s), &s, 0);
        line = 6;
        shots_q16(af_drag_aim_time_accel_q16(&dq, &origin_q, &aq, raw(2), 0, &q), &q);
        line = 7;
        shots(af_drag_aim_speed_accel_f64(&d, &origin, &a, 25, 60, 0, &s), &s, 0);
        line = 8;
        shots_q16(af_drag_aim_speed_accel_q16(&dq, &origin_q, &aq, raw(25), raw(60), 0, &q), &q);
        line = 9;
        st = af_drag_aim_speed_miss_accel_f64(&d, &origin, &far, 20, 20, 0, &s, &m);
        shots(st, &s, 0);
        closest(&m, 0);
        line = 10;
        st = af_drag_aim_speed_miss_accel_q16(&dq, &origin_q, &farq, raw(20), raw(20), 0, &q,
                                              &mq);
        shots_q16(st, &q);
        closest_q16(&mq);
    }
    /* 11-14: the quadratic drag aims at an accelerating target. */
    {
        af_qdrag_f64 d = quadratic(0.01);
        af_qdrag_q16 dq = quadratic_q16(0.01);
        af_body_accel_f64 a = accel(v3(20, 0, 0), v3(0, 0, 0), v3(0, 2, 0));
        af_body_accel_q16 aq = accel_q16(a);
        line = 11;
        shots(af_qdrag_aim_time_accel_f64(&d, &origin, &a, 2, 0, &s), &s, 0);
        line = 12;
        shots_q16(af_qdrag_aim_time_accel_q16(&dq, &origin_q, &aq, raw(2), 0, &q), &q);
        line = 13;
        shots(af_qdrag_aim_speed_accel_f64(&d, &origin, &a, 25, 10, 0, &s), &s, 0);
        line = 14;
        shots_q16(af_qdrag_aim_speed_accel_q16(&dq, &origin_q, &aq, raw(25), raw(10), 0, &q), &q);
    }
    /* 15-20: turret_aim at an accelerating target, turret_aim_drag. */
    {
        af_turret_f64 t = turret(60, 1, 0.25, 0.5), plain = turret(60, PI, 0, 0.5);
        af_turret_q16 tt = turret_q16(&t), plain_q = turret_q16(&plain);
        af_body_accel_f64 a = accel(v3(40, 10, 2), v3(0, 3, 0), v3(0, 0, 1));
        af_body_accel_q16 aq = accel_q16(a);
        af_body_f64 b = body(v3(40, 10, 2), v3(0, 3, 0)), still = body(v3(40, 10, 2), v3(0, 0, 0));
        af_body_q16 bq = body_q16(b), still_q = body_q16(still);
        af_drag_f64 d = unity(0.5);
        af_drag_q16 dq = unity_q16(0.5);
        af_qdrag_f64 k = quadratic(0.002);
        af_qdrag_q16 kq = quadratic_q16(0.002);
        line = 15;
        turret_shots(af_turret_aim_accel_f64(&t, &a, &gravity, &ts), &ts, 0);
        line = 16;
        turret_shots_q16(af_turret_aim_accel_q16(&tt, &aq, &g_q, &tq), &tq);
        line = 17;
        turret_shots(af_turret_aim_drag_f64(&t, &d, &b, 10, &ts), &ts, 0);
        line = 18;
        turret_shots_q16(af_turret_aim_drag_q16(&tt, &dq, &bq, raw(10), &tq), &tq);
        line = 19;
        turret_shots(af_turret_aim_qdrag_f64(&plain, &k, &still, 10, &ts), &ts, 0);
        line = 20;
        turret_shots_q16(af_turret_aim_qdrag_q16(&plain_q, &kq, &still_q, raw(10), &tq), &tq);
    }
    /* 21-24: the head alone (speed 1: the CLI's when none is given). */
    {
        af_turret_f64 t = turret(1, 2, 0, 0), h = turret(1, PI, 0, 2);
        af_turret_q16 tt, hq;
        af_vec3_f64 dir = v3(1, 1, 1);
        af_vec3_q16 dir_q = q3(1, 1, 1);
        af_turret_command_f64 c;
        af_turret_command_q16 cq;
        af_turret_pose_f64 p;
        af_turret_pose_q16 pq;
        h.muzzle_up = 0.5;
        h.yaw = 0.5;
        h.pitch = 0.25;
        tt = turret_q16(&t);
        hq = turret_q16(&h);
        line = 21;
        status(af_turret_angles_f64(&t, &dir, &c));
        number("\"command\":{", "yaw", c.yaw, 0);
        number(",", "pitch", c.pitch, 0);
        number(",", "slew", c.slew, 0);
        emit();
        line = 22;
        status(af_turret_angles_q16(&tt, &dir_q, &cq));
        number("\"command\":{", "yaw", value(cq.yaw), 1);
        number(",", "pitch", value(cq.pitch), 1);
        number(",", "slew", value(cq.slew), 1);
        emit();
        line = 23;
        status(af_turret_barrel_f64(&h, 0.5, 0.25, &p));
        vector("\"pose\":{", "barrel", p.barrel, 0);
        vector(",", "muzzle", p.muzzle, 0);
        emit();
        line = 24;
        status(af_turret_barrel_q16(&hq, raw(0.5), raw(0.25), &pq));
        vector("\"pose\":{", "barrel", vq(pq.barrel), 1);
        vector(",", "muzzle", vq(pq.muzzle), 1);
        emit();
    }
    /* 28-35: the library's statuses for inputs outside its domain. */
    {
        af_turret_f64 t = turret(1, PI, 0, 0), up = turret(1, PI, 0, 0);
        af_turret_f64 narrow = turret(1, PI, 0, 0), gun = turret(60, PI, 0, 0);
        af_turret_command_f64 c;
        af_turret_pose_f64 p;
        af_vec3_f64 zero = v3(0, 0, 0), vertical = v3(0, 0, 1);
        af_body_f64 b = body(v3(40, 10, 2), v3(0, 0, 0));
        af_body_accel_f64 sinking = accel(v3(40, 0, 0), v3(0, 0, 0), v3(0, 0, -10));
        af_body_accel_f64 a = accel(v3(20, 0, 0), v3(0, 0, 0), v3(0, 2, 0));
        af_body_accel_f64 lifted = accel(v3(40, 10, 2), v3(0, 0, 0), v3(0, 0, 1));
        af_drag_f64 d = unity(0.5);
        af_qdrag_f64 k = quadratic(0.01);
        af_arc_policy_f64 policy = AF_ARC_POLICY_DEFAULT;
        up.pitch_max = 1;
        narrow.flags = 0;
        narrow.yaw_min = -0.25;
        narrow.yaw_max = 0.25;
        narrow.yaw = 0.25;
        line = 28;
        status(af_turret_angles_f64(&t, &zero, &c));
        line = 29;
        status(af_turret_angles_f64(&up, &vertical, &c));
        line = 30;
        status(af_turret_barrel_f64(&narrow, 0.5, 0, &p));
        line = 31;
        status(af_turret_aim_drag_f64(&gun, &d, &b, 0, &ts));
        line = 33;
        status(af_arc_apex_accel_f64(&origin, &sinking, &gravity, &policy, 0, &s));
        line = 34;
        status(af_qdrag_aim_speed_accel_f64(&k, &origin, &a, 25, -1, 0, &s));
        gun.flags = 0;
        gun.yaw_min = -0.1;
        gun.yaw_max = 0.1;
        line = 35;
        status(af_turret_aim_accel_f64(&gun, &lifted, &gravity, &ts));
    }
    /* 26, 36-38: turret_aim_drag at an accelerating target, either drag. */
    {
        af_turret_f64 plain = turret(60, PI, 0, 0), muzzle = turret(60, PI, 0, 0.5);
        af_turret_q16 plain_q = turret_q16(&plain), muzzle_q = turret_q16(&muzzle);
        af_body_accel_f64 lifted = accel(v3(40, 10, 2), v3(0, 0, 0), v3(0, 0, 1));
        af_body_accel_f64 swerving = accel(v3(40, 10, 2), v3(0, 3, 0), v3(0, -2, 1));
        af_body_accel_q16 lifted_q = accel_q16(lifted), swerving_q = accel_q16(swerving);
        af_drag_f64 d = unity(0.5);
        af_drag_q16 dq = unity_q16(0.5);
        af_qdrag_f64 k = quadratic(0.002);
        af_qdrag_q16 kq = quadratic_q16(0.002);
        line = 26;
        turret_shots(af_turret_aim_drag_accel_f64(&plain, &d, &lifted, 60, &ts), &ts, 0);
        line = 36;
        turret_shots_q16(af_turret_aim_drag_accel_q16(&plain_q, &dq, &lifted_q, raw(60), &tq),
                         &tq);
        line = 37;
        turret_shots(af_turret_aim_qdrag_accel_f64(&muzzle, &k, &swerving, 10, &ts), &ts, 0);
        line = 38;
        turret_shots_q16(
            af_turret_aim_qdrag_accel_q16(&muzzle_q, &kq, &swerving_q, raw(10), &tq), &tq);
    }
    return 0;
}
