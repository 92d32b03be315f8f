/* SPDX-License-Identifier: MIT */
/* The vacuum solvers as table rows, and the table (see q16_solvers.h). */
#include "q16_solvers.h"

#include <string.h>

#include "q16_rows.h"

/* intercept: shooter, target, speed, flags. */
static const char *const intercept_inputs[] = { BODY_NAMES("shooter"), BODY_NAMES("target"),
                                                "speed", "flags", NULL };

static void intercept_make(th_rng *rng, long i, qs_in *in)
{
    qs_scene s = qs_start(rng, i, in);
    int32_t *p = in->v;
    qs_put_body(&p, &s.shooter);
    qs_put_body(&p, &s.target);
    *p++ = s.speed;
    *p = s.flags;
}

static void intercept_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_body_q16 sh = qs_take_body_q16(&p), tg = qs_take_body_q16(&p);
    af_shots_q16 q;
    af_status st = af_intercept_q16(&sh, &tg, p[0], (unsigned)p[1], &q);
    qs_flat_shots_q16(st, &q, out);
}

static void intercept_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_body_f64 sh = qs_take_body_f64(&p), tg = qs_take_body_f64(&p);
    af_shots_f64 f;
    af_status st = af_intercept_f64(&sh, &tg, qs_f64_of(p[0]), (unsigned)p[1], &f);
    qs_flat_shots_f64(st, &f, out);
}

/* arc_point: from, to, speed, gravity. */
static const char *const arc_point_inputs[] = { VEC_NAMES("from"), VEC_NAMES("to"), "speed",
                                                VEC_NAMES("gravity"), NULL };

static void arc_point_make(th_rng *rng, long i, qs_in *in)
{
    qs_scene s = qs_start(rng, i, in);
    int32_t *p = in->v;
    qs_put_vec(&p, s.shooter.position);
    qs_put_vec(&p, s.target.position);
    *p++ = s.speed;
    qs_put_vec(&p, s.gravity);
}

static void arc_point_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_vec3_q16 from = qs_take_vec_q16(&p), to = qs_take_vec_q16(&p);
    fix16_t speed = *p++;
    af_vec3_q16 g = qs_take_vec_q16(&p);
    af_shots_q16 q;
    af_status st = af_arc_point_q16(&from, &to, speed, &g, &q);
    qs_flat_shots_q16(st, &q, out);
}

static void arc_point_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_vec3_f64 from = qs_take_vec_f64(&p), to = qs_take_vec_f64(&p);
    double speed = qs_take_f64(&p);
    af_vec3_f64 g = qs_take_vec_f64(&p);
    af_shots_f64 f;
    af_status st = af_arc_point_f64(&from, &to, speed, &g, &f);
    qs_flat_shots_f64(st, &f, out);
}

/* max_range: speed, height, gravity; answers range, t, horizontal and
 * vertical speed. */
static const char *const max_range_inputs[] = { "speed", "height", VEC_NAMES("gravity"), NULL };
static const char *const max_range_outputs[] = { "range", "t", "horizontal_speed", "vertical_speed",
                                                 NULL };

static void max_range_make(th_rng *rng, long i, qs_in *in)
{
    qs_scene s = qs_start(rng, i, in);
    int32_t *p = in->v;
    *p++ = s.speed;
    *p++ = s.height;
    qs_put_vec(&p, s.gravity);
}

static void max_range_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v + 2;
    af_vec3_q16 g = qs_take_vec_q16(&p);
    af_range_q16 r;
    qs_flat_range_q16(af_arc_max_range_q16(in->v[0], in->v[1], &g, &r), &r, out);
}

static void max_range_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v + 2;
    af_vec3_f64 g = qs_take_vec_f64(&p);
    af_range_f64 r;
    af_status st = af_arc_max_range_f64(qs_f64_of(in->v[0]), qs_f64_of(in->v[1]), &g, &r);
    qs_flat_range_f64(st, &r, out);
}

/* min_speed: from, to, gravity. */
static const char *const min_speed_inputs[] = { VEC_NAMES("from"), VEC_NAMES("to"),
                                                VEC_NAMES("gravity"), NULL };

static void min_speed_make(th_rng *rng, long i, qs_in *in)
{
    qs_scene s = qs_start(rng, i, in);
    int32_t *p = in->v;
    qs_put_vec(&p, s.shooter.position);
    qs_put_vec(&p, s.target.position);
    qs_put_vec(&p, s.gravity);
}

static void min_speed_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_vec3_q16 from = qs_take_vec_q16(&p), to = qs_take_vec_q16(&p), g = qs_take_vec_q16(&p);
    af_shots_q16 q;
    af_status st = af_arc_min_speed_q16(&from, &to, &g, &q);
    qs_flat_shots_q16(st, &q, out);
}

static void min_speed_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_vec3_f64 from = qs_take_vec_f64(&p), to = qs_take_vec_f64(&p), g = qs_take_vec_f64(&p);
    af_shots_f64 f;
    af_status st = af_arc_min_speed_f64(&from, &to, &g, &f);
    qs_flat_shots_f64(st, &f, out);
}

/* arc_time and arc_moving take the same arguments: shooter, target, one
 * number (the time of flight, the speed), gravity, flags. */
typedef af_status (*lob_q16)(const af_body_q16 *shooter, const af_body_q16 *target, fix16_t number,
                             const af_vec3_q16 *gravity, unsigned flags, af_shots_q16 *out);
typedef af_status (*lob_f64)(const af_body_f64 *shooter, const af_body_f64 *target, double number,
                             const af_vec3_f64 *gravity, unsigned flags, af_shots_f64 *out);

static void lob_make(const qs_scene *s, fix16_t number, qs_in *in)
{
    int32_t *p = in->v;
    qs_put_body(&p, &s->shooter);
    qs_put_body(&p, &s->target);
    *p++ = number;
    qs_put_vec(&p, s->gravity);
    *p = s->flags;
}

static void lob_run_q16(lob_q16 solve, const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_body_q16 sh = qs_take_body_q16(&p), tg = qs_take_body_q16(&p);
    fix16_t number = *p++;
    af_vec3_q16 g = qs_take_vec_q16(&p);
    af_shots_q16 q;
    af_status st = solve(&sh, &tg, number, &g, (unsigned)*p, &q);
    qs_flat_shots_q16(st, &q, out);
}

static void lob_run_f64(lob_f64 solve, const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_body_f64 sh = qs_take_body_f64(&p), tg = qs_take_body_f64(&p);
    double number = qs_take_f64(&p);
    af_vec3_f64 g = qs_take_vec_f64(&p);
    af_shots_f64 f;
    af_status st = solve(&sh, &tg, number, &g, (unsigned)*p, &f);
    qs_flat_shots_f64(st, &f, out);
}

/* arc_time: shooter, target, time, gravity, flags. */
static const char *const arc_time_inputs[] = { BODY_NAMES("shooter"), BODY_NAMES("target"), "time",
                                               VEC_NAMES("gravity"), "flags", NULL };

static void arc_time_make(th_rng *rng, long i, qs_in *in)
{
    qs_scene s = qs_start(rng, i, in);
    lob_make(&s, s.time, in);
}

static void arc_time_q16(const qs_in *in, qs_out_q16 *out)
{
    lob_run_q16(af_arc_time_q16, in, out);
}

static void arc_time_f64(const qs_in *in, qs_out_f64 *out)
{
    lob_run_f64(af_arc_time_f64, in, out);
}

/* arc_apex: shooter, target, gravity, policy, flags. */
static const char *const arc_apex_inputs[] = { BODY_NAMES("shooter"),
                                               BODY_NAMES("target"),
                                               VEC_NAMES("gravity"),
                                               "policy.kind",
                                               "policy.base",
                                               "policy.per_distance",
                                               "flags",
                                               NULL };

static void arc_apex_make(th_rng *rng, long i, qs_in *in)
{
    qs_scene s = qs_start(rng, i, in);
    int32_t *p = in->v;
    qs_put_body(&p, &s.shooter);
    qs_put_body(&p, &s.target);
    qs_put_vec(&p, s.gravity);
    *p++ = s.kind;
    *p++ = s.base;
    *p++ = s.per_distance;
    *p = s.flags;
}

static void arc_apex_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_body_q16 sh = qs_take_body_q16(&p), tg = qs_take_body_q16(&p);
    af_vec3_q16 g = qs_take_vec_q16(&p);
    af_arc_policy_q16 policy;
    af_shots_q16 q;
    af_status st;
    policy.kind = (af_arc_kind)p[0];
    policy.base = p[1];
    policy.per_distance = p[2];
    st = af_arc_apex_q16(&sh, &tg, &g, &policy, (unsigned)p[3], &q);
    qs_flat_shots_q16(st, &q, out);
}

static void arc_apex_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_body_f64 sh = qs_take_body_f64(&p), tg = qs_take_body_f64(&p);
    af_vec3_f64 g = qs_take_vec_f64(&p);
    af_arc_policy_f64 policy;
    af_shots_f64 f;
    af_status st;
    policy.kind = (af_arc_kind)p[0];
    policy.base = qs_f64_of(p[1]);
    policy.per_distance = qs_f64_of(p[2]);
    st = af_arc_apex_f64(&sh, &tg, &g, &policy, (unsigned)p[3], &f);
    qs_flat_shots_f64(st, &f, out);
}

/* arc_moving: shooter, target, speed, gravity, flags. */
static const char *const arc_moving_inputs[] = { BODY_NAMES("shooter"), BODY_NAMES("target"),
                                                 "speed", VEC_NAMES("gravity"), "flags", NULL };

static void arc_moving_make(th_rng *rng, long i, qs_in *in)
{
    qs_scene s = qs_start(rng, i, in);
    lob_make(&s, s.speed, in);
}

static void arc_moving_q16(const qs_in *in, qs_out_q16 *out)
{
    lob_run_q16(af_arc_moving_q16, in, out);
}

static void arc_moving_f64(const qs_in *in, qs_out_f64 *out)
{
    lob_run_f64(af_arc_moving_f64, in, out);
}

/*
 * f64 on a target against the host: the vacuum solvers use only +, -, *,
 * / and sqrt, which IEEE 754 rounds correctly (x86-64's SSE2 on the host,
 * libgcc's soft-float and newlib's sqrt on the boards), with no
 * contraction into fused multiply-adds (-ffp-contract=off) and C's fixed
 * order of evaluation: the same operations on the same inputs give the
 * same bits, so the tolerance is 0. A solver calling exp, log or pow
 * (newlib's and glibc's differ in the last bit) needs its own.
 */
#define VACUUM_F64_TOLERANCE 0.0

/* Each row once, as a macro: the table holds them all, and each is also
 * an object of its own (qs_row_intercept, ...), so that a program can link
 * one solver without the others (the ATmega328P's 32 KiB of flash). */
#define INTERCEPT_ROW \
    { "intercept", QS_NAMES(intercept_inputs), QS_NAMES(qs_shots_outputs), intercept_make, intercept_q16, QS_F64(intercept_f64), \
    VACUUM_F64_TOLERANCE }
#define ARC_POINT_ROW \
    { "arc_point", QS_NAMES(arc_point_inputs), QS_NAMES(qs_shots_outputs), arc_point_make, arc_point_q16, QS_F64(arc_point_f64), \
    VACUUM_F64_TOLERANCE }
#define MAX_RANGE_ROW \
    { "max_range", QS_NAMES(max_range_inputs), QS_NAMES(max_range_outputs), max_range_make, max_range_q16, \
    QS_F64(max_range_f64), VACUUM_F64_TOLERANCE }
#define MIN_SPEED_ROW \
    { "min_speed", QS_NAMES(min_speed_inputs), QS_NAMES(qs_shots_outputs), min_speed_make, min_speed_q16, QS_F64(min_speed_f64), \
    VACUUM_F64_TOLERANCE }
#define ARC_TIME_ROW \
    { "arc_time", QS_NAMES(arc_time_inputs), QS_NAMES(qs_shots_outputs), arc_time_make, arc_time_q16, QS_F64(arc_time_f64), \
    VACUUM_F64_TOLERANCE }
#define ARC_APEX_ROW \
    { "arc_apex", QS_NAMES(arc_apex_inputs), QS_NAMES(qs_shots_outputs), arc_apex_make, arc_apex_q16, QS_F64(arc_apex_f64), \
    VACUUM_F64_TOLERANCE }
#define ARC_MOVING_ROW \
    { "arc_moving", QS_NAMES(arc_moving_inputs), QS_NAMES(qs_shots_outputs), arc_moving_make, arc_moving_q16, \
    QS_F64(arc_moving_f64), VACUUM_F64_TOLERANCE }

static const qs_solver vacuum_rows[] = {
    INTERCEPT_ROW, ARC_POINT_ROW, MAX_RANGE_ROW, MIN_SPEED_ROW, ARC_TIME_ROW, ARC_APEX_ROW, ARC_MOVING_ROW,
};

const qs_solver qs_row_intercept = INTERCEPT_ROW;
const qs_solver qs_row_arc_point = ARC_POINT_ROW;
const qs_solver qs_row_max_range = MAX_RANGE_ROW;
const qs_solver qs_row_min_speed = MIN_SPEED_ROW;
const qs_solver qs_row_arc_time = ARC_TIME_ROW;
const qs_solver qs_row_arc_apex = ARC_APEX_ROW;
const qs_solver qs_row_arc_moving = ARC_MOVING_ROW;

#define VACUUM_ROWS ((int)(sizeof vacuum_rows / sizeof vacuum_rows[0]))

const qs_group qs_vacuum_group = { "vacuum", vacuum_rows, VACUUM_ROWS };

const int qs_solver_count = VACUUM_ROWS + QS_DRAG_ROWS;

const qs_solver *qs_row(int i)
{
    if (i < 0 || i >= qs_solver_count)
        return NULL;
    return i < VACUUM_ROWS ? &vacuum_rows[i] : &qs_drag_rows[i - VACUUM_ROWS];
}

const qs_solver *qs_find(const qs_group *group, const char *name)
{
    int i;
    for (i = 0; i < group->count; i++)
        if (strcmp(group->rows[i].name, name) == 0)
            return &group->rows[i];
    return NULL;
}

int qs_is_integer(const char *name)
{
    static const char *const whole[] = { "flags",   "count",       "branch",
                                         "samples", "evaluations", "casts" };
    static const char *const endings[] = { ".kind", ".model", ".order" };
    size_t n = strlen(name), k;
    for (k = 0; k < sizeof whole / sizeof whole[0]; k++)
        if (strcmp(name, whole[k]) == 0)
            return 1;
    for (k = 0; k < sizeof endings / sizeof endings[0]; k++) {
        size_t e = strlen(endings[k]);
        if (n >= e && strcmp(name + n - e, endings[k]) == 0)
            return 1;
    }
    return 0;
}

int qs_input_count(const qs_solver *s)
{
    int n = 0;
    while (s->inputs[n])
        n++;
    return n;
}
