/* The Q16 solvers as table rows (see q16_solvers.h). */
#include "q16_solvers.h"

#include <string.h>

/* ---- Inputs, from integers only ------------------------------------- */

/* One problem with every input any row needs; each row packs the ones its
 * solver takes. */
typedef struct scene {
    af_body_q16 shooter, target;
    af_vec3_q16 gravity;
    fix16_t speed, time, height, base, per_distance;
    int32_t kind, flags;
} scene;

/* Magnitude classes in bits of the raw value (2^16 is 1 m or 1 m/s), as
 * in the comparison suites (q16_random_scenario): small (distances 1/1024
 * to 1 m, speeds 1/4 to 2 m/s), ordinary (1 to 128 m, 2 to 128 m/s) and
 * near the limit (128 to 16384 m and m/s). */
static const struct {
    int dist_lo, dist_hi, speed_lo, speed_hi;
} classes[3] = { { 6, 16, 14, 17 }, { 16, 23, 17, 23 }, { 23, 30, 23, 30 } };

/* Positions stay within +-2^30 raw (16384 m), so that differences fit. */
#define POSITION_LIMIT (INT32_C(1) << 30)
/* 9.81 m/s^2, rounded to Q16.16. */
#define EARTH_RAW 642908

/* A raw magnitude in [2^lo, 2^hi), every power of two equally likely. */
static uint32_t magnitude(th_rng *rng, int lo, int hi)
{
    int e = lo + (int)th_rand_below(rng, (uint32_t)(hi - lo));
    return (UINT32_C(1) << e) | ((uint32_t)th_rand_u64(rng) & ((UINT32_C(1) << e) - 1u));
}

/* Uniform in [-m, m], m <= 2^30. */
static int32_t spread(th_rng *rng, uint32_t m)
{
    return (int32_t)((int64_t)th_rand_below(rng, 2u * m + 1u) - (int64_t)m);
}

/* Components uniform in a cube whose half-side is a magnitude in
 * [2^lo, 2^hi). */
static af_vec3_q16 vector(th_rng *rng, int lo, int hi)
{
    uint32_t m = magnitude(rng, lo, hi);
    af_vec3_q16 v;
    v.x = spread(rng, m);
    v.y = spread(rng, m);
    v.z = spread(rng, m);
    return v;
}

static int32_t clamp_position(int64_t p)
{
    if (p > POSITION_LIMIT)
        return POSITION_LIMIT;
    return (int32_t)(p < -POSITION_LIMIT ? -POSITION_LIMIT : p);
}

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* Edge cases, one input set in 16, in turn: the degenerate geometries and
 * the extreme raw values each solver documents. */
static void edge_case(scene *s, long which)
{
    static const af_vec3_q16 zero = { 0, 0, 0 };
    switch (which % 8) {
    case 0: /* the target at the muzzle */
        s->target.position = s->shooter.position;
        break;
    case 1: /* no gravity */
        s->gravity = zero;
        break;
    case 2: /* the two ends of the raw range: differences overflow */
        s->shooter.position.x = INT32_MIN;
        s->target.position.x = INT32_MAX;
        s->target.velocity.y = INT32_MIN;
        break;
    case 3: /* the smallest positive speed, time and policy */
        s->speed = s->time = s->base = 1;
        break;
    case 4: /* zero and negative speed, time, height and policy */
        s->speed = 0;
        s->time = -s->time;
        s->height = 0;
        s->base = -s->base;
        break;
    case 5: /* the target straight above or below */
        s->target.position.x = s->shooter.position.x;
        s->target.position.y = s->shooter.position.y;
        s->gravity.x = s->gravity.y = 0;
        break;
    case 6: /* everything at the top of the range */
        s->shooter.position.x = s->shooter.position.y = INT32_MAX;
        s->target.position = s->shooter.position;
        s->target.position.z = INT32_MAX;
        s->speed = s->time = s->height = INT32_MAX;
        s->target.velocity.x = INT32_MAX;
        break;
    default: /* gravity at the limit */
        s->gravity.x = INT32_MIN;
        s->gravity.z = INT32_MAX;
        break;
    }
}

static scene make_scene(th_rng *rng, long i)
{
    static const af_vec3_q16 zero = { 0, 0, 0 };
    int c = (int)(i % 3), lo = classes[c].speed_lo, hi = classes[c].speed_hi;
    /* Bodies' speeds: from 2^-10 of the class's slowest launch to four
     * times its fastest. */
    int vlo = lo > 10 ? lo - 10 : 0, vhi = min_int(hi + 2, 30);
    scene s;
    af_vec3_q16 d;
    s.shooter.position.x = spread(rng, POSITION_LIMIT);
    s.shooter.position.y = spread(rng, POSITION_LIMIT);
    s.shooter.position.z = spread(rng, POSITION_LIMIT);
    d = vector(rng, classes[c].dist_lo, classes[c].dist_hi);
    s.target.position.x = clamp_position((int64_t)s.shooter.position.x + d.x);
    s.target.position.y = clamp_position((int64_t)s.shooter.position.y + d.y);
    s.target.position.z = clamp_position((int64_t)s.shooter.position.z + d.z);
    s.speed = (fix16_t)magnitude(rng, lo, hi);
    /* A quarter of the bodies stand still. */
    s.target.velocity = th_rand_below(rng, 4) ? vector(rng, vlo, vhi) : zero;
    s.shooter.velocity = th_rand_below(rng, 4) ? vector(rng, vlo, vhi) : zero;
    if (th_rand_below(rng, 2)) {
        s.gravity = zero;
        s.gravity.z = -EARTH_RAW;
    } else {
        s.gravity = vector(rng, 13, 23); /* 0.125 to 128 m/s^2 */
    }
    s.time = (fix16_t)magnitude(rng, 10, 26); /* 1/64 to 1024 s */
    s.height = (th_rand_below(rng, 2) ? 1 : -1) *
               (fix16_t)magnitude(rng, classes[c].dist_lo, classes[c].dist_hi);
    s.base = (fix16_t)th_rand_below(rng, UINT32_C(10) << 16);  /* 0 to 10 m or m/s */
    s.per_distance = 655 + (fix16_t)th_rand_below(rng, 65536 - 655); /* 0.01 to 1 */
    s.kind = (int32_t)th_rand_below(rng, 2);
    s.flags = th_rand_below(rng, 2) ? AF_INHERIT_VELOCITY : 0;
    if (i % 16 == 15)
        edge_case(&s, i / 16);
    return s;
}

/* ---- Packing and unpacking, in the order of the input names ---------- */

#define VEC_NAMES(v) v ".x", v ".y", v ".z"
#define BODY_NAMES(b) b ".x", b ".y", b ".z", b ".vx", b ".vy", b ".vz"

static void put_vec(int32_t **p, af_vec3_q16 v)
{
    *(*p)++ = v.x;
    *(*p)++ = v.y;
    *(*p)++ = v.z;
}

static void put_body(int32_t **p, const af_body_q16 *b)
{
    put_vec(p, b->position);
    put_vec(p, b->velocity);
}

static af_vec3_q16 take_vec_q16(const int32_t **p)
{
    af_vec3_q16 v;
    v.x = *(*p)++;
    v.y = *(*p)++;
    v.z = *(*p)++;
    return v;
}

static af_body_q16 take_body_q16(const int32_t **p)
{
    af_body_q16 b;
    b.position = take_vec_q16(p);
    b.velocity = take_vec_q16(p);
    return b;
}

/* Raw Q16.16 to double is exact: 32 bits fit the 53 of a double. */
static double f64_of(int32_t raw)
{
    return raw / 65536.0;
}

static double take_f64(const int32_t **p)
{
    return f64_of(*(*p)++);
}

static af_vec3_f64 take_vec_f64(const int32_t **p)
{
    af_vec3_f64 v;
    v.x = take_f64(p);
    v.y = take_f64(p);
    v.z = take_f64(p);
    return v;
}

static af_body_f64 take_body_f64(const int32_t **p)
{
    af_body_f64 b;
    b.position = take_vec_f64(p);
    b.velocity = take_vec_f64(p);
    return b;
}

static void flat_shots_q16(af_status st, const af_shots_q16 *q, qs_out_q16 *out)
{
    int32_t *v = out->v;
    int k;
    out->status = st;
    *v++ = q->count;
    for (k = 0; k < AF_MAX_SHOTS; k++) {
        *v++ = q->shot[k].t;
        put_vec(&v, q->shot[k].velocity);
        put_vec(&v, q->shot[k].point);
    }
    out->n = (int)(v - out->v);
}

static void put_vec_f64(double **p, af_vec3_f64 v)
{
    *(*p)++ = v.x;
    *(*p)++ = v.y;
    *(*p)++ = v.z;
}

static void flat_shots_f64(af_status st, const af_shots_f64 *f, qs_out_f64 *out)
{
    double *v = out->v;
    int k;
    out->status = st;
    *v++ = f->count;
    for (k = 0; k < AF_MAX_SHOTS; k++) {
        *v++ = f->shot[k].t;
        put_vec_f64(&v, f->shot[k].velocity);
        put_vec_f64(&v, f->shot[k].point);
    }
    out->n = (int)(v - out->v);
}

/* ---- The rows -------------------------------------------------------- */

/* The i-th scene, and the inputs cleared for a row to pack it into. */
static scene start(th_rng *rng, long i, qs_in *in)
{
    memset(in, 0, sizeof *in);
    return make_scene(rng, i);
}

/* The numbers of an answer with shots (flat_shots_q16). */
#define SHOT_NAMES(k) "shot" k ".t", VEC_NAMES("shot" k ".velocity"), VEC_NAMES("shot" k ".point")
static const char *const shots_outputs[] = { "count",      SHOT_NAMES("1"), SHOT_NAMES("2"),
                                             SHOT_NAMES("3"), SHOT_NAMES("4"), NULL };
typedef char shot_names_match[AF_MAX_SHOTS == 4 ? 1 : -1];

/* intercept: shooter, target, speed, flags. */
static const char *const intercept_inputs[] = { BODY_NAMES("shooter"), BODY_NAMES("target"),
                                                "speed", "flags", NULL };

static void intercept_make(th_rng *rng, long i, qs_in *in)
{
    scene s = start(rng, i, in);
    int32_t *p = in->v;
    put_body(&p, &s.shooter);
    put_body(&p, &s.target);
    *p++ = s.speed;
    *p = s.flags;
}

static void intercept_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_body_q16 sh = take_body_q16(&p), tg = take_body_q16(&p);
    af_shots_q16 q;
    af_status st = af_intercept_q16(&sh, &tg, p[0], (unsigned)p[1], &q);
    flat_shots_q16(st, &q, out);
}

static void intercept_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_body_f64 sh = take_body_f64(&p), tg = take_body_f64(&p);
    af_shots_f64 f;
    af_status st = af_intercept_f64(&sh, &tg, f64_of(p[0]), (unsigned)p[1], &f);
    flat_shots_f64(st, &f, out);
}

/* arc_point: from, to, speed, gravity. */
static const char *const arc_point_inputs[] = { VEC_NAMES("from"), VEC_NAMES("to"), "speed",
                                                VEC_NAMES("gravity"), NULL };

static void arc_point_make(th_rng *rng, long i, qs_in *in)
{
    scene s = start(rng, i, in);
    int32_t *p = in->v;
    put_vec(&p, s.shooter.position);
    put_vec(&p, s.target.position);
    *p++ = s.speed;
    put_vec(&p, s.gravity);
}

static void arc_point_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_vec3_q16 from = take_vec_q16(&p), to = take_vec_q16(&p);
    fix16_t speed = *p++;
    af_vec3_q16 g = take_vec_q16(&p);
    af_shots_q16 q;
    af_status st = af_arc_point_q16(&from, &to, speed, &g, &q);
    flat_shots_q16(st, &q, out);
}

static void arc_point_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_vec3_f64 from = take_vec_f64(&p), to = take_vec_f64(&p);
    double speed = take_f64(&p);
    af_vec3_f64 g = take_vec_f64(&p);
    af_shots_f64 f;
    af_status st = af_arc_point_f64(&from, &to, speed, &g, &f);
    flat_shots_f64(st, &f, out);
}

/* max_range: speed, height, gravity; answers range, t, horizontal and
 * vertical speed. */
static const char *const max_range_inputs[] = { "speed", "height", VEC_NAMES("gravity"), NULL };
static const char *const max_range_outputs[] = { "range", "t", "horizontal_speed", "vertical_speed",
                                                 NULL };

static void max_range_make(th_rng *rng, long i, qs_in *in)
{
    scene s = start(rng, i, in);
    int32_t *p = in->v;
    *p++ = s.speed;
    *p++ = s.height;
    put_vec(&p, s.gravity);
}

static void max_range_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v + 2;
    af_vec3_q16 g = take_vec_q16(&p);
    af_range_q16 r;
    out->status = af_arc_max_range_q16(in->v[0], in->v[1], &g, &r);
    out->v[0] = r.range;
    out->v[1] = r.t;
    out->v[2] = r.horizontal_speed;
    out->v[3] = r.vertical_speed;
    out->n = 4;
}

static void max_range_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v + 2;
    af_vec3_f64 g = take_vec_f64(&p);
    af_range_f64 r;
    out->status = af_arc_max_range_f64(f64_of(in->v[0]), f64_of(in->v[1]), &g, &r);
    out->v[0] = r.range;
    out->v[1] = r.t;
    out->v[2] = r.horizontal_speed;
    out->v[3] = r.vertical_speed;
    out->n = 4;
}

/* min_speed: from, to, gravity. */
static const char *const min_speed_inputs[] = { VEC_NAMES("from"), VEC_NAMES("to"),
                                                VEC_NAMES("gravity"), NULL };

static void min_speed_make(th_rng *rng, long i, qs_in *in)
{
    scene s = start(rng, i, in);
    int32_t *p = in->v;
    put_vec(&p, s.shooter.position);
    put_vec(&p, s.target.position);
    put_vec(&p, s.gravity);
}

static void min_speed_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_vec3_q16 from = take_vec_q16(&p), to = take_vec_q16(&p), g = take_vec_q16(&p);
    af_shots_q16 q;
    af_status st = af_arc_min_speed_q16(&from, &to, &g, &q);
    flat_shots_q16(st, &q, out);
}

static void min_speed_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_vec3_f64 from = take_vec_f64(&p), to = take_vec_f64(&p), g = take_vec_f64(&p);
    af_shots_f64 f;
    af_status st = af_arc_min_speed_f64(&from, &to, &g, &f);
    flat_shots_f64(st, &f, out);
}

/* arc_time and arc_moving take the same arguments: shooter, target, one
 * number (the time of flight, the speed), gravity, flags. */
typedef af_status (*lob_q16)(const af_body_q16 *shooter, const af_body_q16 *target, fix16_t number,
                             const af_vec3_q16 *gravity, unsigned flags, af_shots_q16 *out);
typedef af_status (*lob_f64)(const af_body_f64 *shooter, const af_body_f64 *target, double number,
                             const af_vec3_f64 *gravity, unsigned flags, af_shots_f64 *out);

static void lob_make(const scene *s, fix16_t number, qs_in *in)
{
    int32_t *p = in->v;
    put_body(&p, &s->shooter);
    put_body(&p, &s->target);
    *p++ = number;
    put_vec(&p, s->gravity);
    *p = s->flags;
}

static void lob_run_q16(lob_q16 solve, const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_body_q16 sh = take_body_q16(&p), tg = take_body_q16(&p);
    fix16_t number = *p++;
    af_vec3_q16 g = take_vec_q16(&p);
    af_shots_q16 q;
    af_status st = solve(&sh, &tg, number, &g, (unsigned)*p, &q);
    flat_shots_q16(st, &q, out);
}

static void lob_run_f64(lob_f64 solve, const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_body_f64 sh = take_body_f64(&p), tg = take_body_f64(&p);
    double number = take_f64(&p);
    af_vec3_f64 g = take_vec_f64(&p);
    af_shots_f64 f;
    af_status st = solve(&sh, &tg, number, &g, (unsigned)*p, &f);
    flat_shots_f64(st, &f, out);
}

/* arc_time: shooter, target, time, gravity, flags. */
static const char *const arc_time_inputs[] = { BODY_NAMES("shooter"), BODY_NAMES("target"), "time",
                                               VEC_NAMES("gravity"), "flags", NULL };

static void arc_time_make(th_rng *rng, long i, qs_in *in)
{
    scene s = start(rng, i, in);
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
    scene s = start(rng, i, in);
    int32_t *p = in->v;
    put_body(&p, &s.shooter);
    put_body(&p, &s.target);
    put_vec(&p, s.gravity);
    *p++ = s.kind;
    *p++ = s.base;
    *p++ = s.per_distance;
    *p = s.flags;
}

static void arc_apex_q16(const qs_in *in, qs_out_q16 *out)
{
    const int32_t *p = in->v;
    af_body_q16 sh = take_body_q16(&p), tg = take_body_q16(&p);
    af_vec3_q16 g = take_vec_q16(&p);
    af_arc_policy_q16 policy;
    af_shots_q16 q;
    af_status st;
    policy.kind = (af_arc_kind)p[0];
    policy.base = p[1];
    policy.per_distance = p[2];
    st = af_arc_apex_q16(&sh, &tg, &g, &policy, (unsigned)p[3], &q);
    flat_shots_q16(st, &q, out);
}

static void arc_apex_f64(const qs_in *in, qs_out_f64 *out)
{
    const int32_t *p = in->v;
    af_body_f64 sh = take_body_f64(&p), tg = take_body_f64(&p);
    af_vec3_f64 g = take_vec_f64(&p);
    af_arc_policy_f64 policy;
    af_shots_f64 f;
    af_status st;
    policy.kind = (af_arc_kind)p[0];
    policy.base = f64_of(p[1]);
    policy.per_distance = f64_of(p[2]);
    st = af_arc_apex_f64(&sh, &tg, &g, &policy, (unsigned)p[3], &f);
    flat_shots_f64(st, &f, out);
}

/* arc_moving: shooter, target, speed, gravity, flags. */
static const char *const arc_moving_inputs[] = { BODY_NAMES("shooter"), BODY_NAMES("target"),
                                                 "speed", VEC_NAMES("gravity"), "flags", NULL };

static void arc_moving_make(th_rng *rng, long i, qs_in *in)
{
    scene s = start(rng, i, in);
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

const qs_solver qs_solvers[] = {
    { "intercept", intercept_inputs, shots_outputs, intercept_make, intercept_q16, intercept_f64,
      VACUUM_F64_TOLERANCE },
    { "arc_point", arc_point_inputs, shots_outputs, arc_point_make, arc_point_q16, arc_point_f64,
      VACUUM_F64_TOLERANCE },
    { "max_range", max_range_inputs, max_range_outputs, max_range_make, max_range_q16,
      max_range_f64, VACUUM_F64_TOLERANCE },
    { "min_speed", min_speed_inputs, shots_outputs, min_speed_make, min_speed_q16, min_speed_f64,
      VACUUM_F64_TOLERANCE },
    { "arc_time", arc_time_inputs, shots_outputs, arc_time_make, arc_time_q16, arc_time_f64,
      VACUUM_F64_TOLERANCE },
    { "arc_apex", arc_apex_inputs, shots_outputs, arc_apex_make, arc_apex_q16, arc_apex_f64,
      VACUUM_F64_TOLERANCE },
    { "arc_moving", arc_moving_inputs, shots_outputs, arc_moving_make, arc_moving_q16,
      arc_moving_f64, VACUUM_F64_TOLERANCE },
};

const int qs_solver_count = (int)(sizeof qs_solvers / sizeof qs_solvers[0]);

const qs_solver *qs_find(const char *name)
{
    int i;
    for (i = 0; i < qs_solver_count; i++)
        if (strcmp(qs_solvers[i].name, name) == 0)
            return &qs_solvers[i];
    return NULL;
}

int qs_is_integer(const char *name)
{
    size_t n = strlen(name);
    return strcmp(name, "flags") == 0 || strcmp(name, "count") == 0 ||
           (n >= 5 && strcmp(name + n - 5, ".kind") == 0);
}

int qs_input_count(const qs_solver *s)
{
    int n = 0;
    while (s->inputs[n])
        n++;
    return n;
}
