/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the fixed-time and chosen-apex lobs at an accelerating
 * target (af_arc_time_accel_*, af_arc_apex_accel_*, aimfix/accel.h), f64
 * and q16. A selector byte picks the lob, the policy's kind and the
 * inherited velocity.
 *
 * accel.h: the projectile under g meets the target at p + v t + a t^2/2
 * exactly when it meets p + v t under g - a, so each shot is judged in
 * that reduced scene by the tests' kinematics once its point is checked
 * against p + v t + a t^2/2; with a = 0 the f64 answers are the
 * constant-velocity solvers' bits (and the q16 fixed-time one's).
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_check.h"
#include "kinematics.h"
#include "q16_solve_check.h"

/* The scene's slots (the speed slot is the time of flight), the
 * acceleration, then the apex policy's numbers. */
enum { ACCEL = FZ_SCENE_SLOTS, BASE = ACCEL + 3, PER_DISTANCE, SLOTS };

typedef struct lob_case {
    int apex;        /* af_arc_apex_accel_* (else af_arc_time_accel_*) */
    int kind;        /* the policy's kind, unknown ones included */
    unsigned flags;  /* 0 or AF_INHERIT_VELOCITY */
} lob_case;

static af_status call_f64(const lob_case *c, const scenario *sc, const af_body_accel_f64 *target,
                          const double *s, af_shots_f64 *out)
{
    af_arc_policy_f64 policy;
    policy.kind = (af_arc_kind)c->kind;
    policy.base = s[BASE];
    policy.per_distance = s[PER_DISTANCE];
    return c->apex ? af_arc_apex_accel_f64(&sc->shooter, target, &sc->gravity, &policy, c->flags,
                                           out)
                   : af_arc_time_accel_f64(&sc->shooter, target, s[FZ_SPEED], &sc->gravity,
                                           c->flags, out);
}

static af_status plain_f64(const lob_case *c, const scenario *sc, const double *s,
                           af_shots_f64 *out)
{
    af_arc_policy_f64 policy;
    policy.kind = (af_arc_kind)c->kind;
    policy.base = s[BASE];
    policy.per_distance = s[PER_DISTANCE];
    return c->apex ? af_arc_apex_f64(&sc->shooter, &sc->target, &sc->gravity, &policy, c->flags,
                                     out)
                   : af_arc_time_f64(&sc->shooter, &sc->target, s[FZ_SPEED], &sc->gravity,
                                     c->flags, out);
}

static af_status run_f64(const lob_case *c, const double *s, af_shots_f64 *out)
{
    scenario sc = fz_scene(s, c->flags);
    af_body_accel_f64 target;
    af_vec3_f64 a = fz_vec_f64(s, ACCEL);
    af_shots_f64 same, judged;
    af_status st, st0;

    target.position = sc.target.position;
    target.velocity = sc.target.velocity;
    target.acceleration = a;
    st = call_f64(c, &sc, &target, s, out);
    fz_shots_f64(st, out);
    if (a.x == 0 && a.y == 0 && a.z == 0) {
        st0 = plain_f64(c, &sc, s, &same);
        FZ_CHECK(st0 == st && fz_same_shots_f64(&same, out),
                 "no acceleration: %s, the constant-velocity lob %s or other bits",
                 af_status_name(st), af_status_name(st0));
    }
    if (st != AF_OK)
        return st;
    FZ_CHECK(out->count == 1 && out->shot[0].t > 0 && (c->apex || out->shot[0].t == s[FZ_SPEED]),
             "ok with %d shots, t %.17g", out->count, out->shot[0].t);
    /* The reduced scene: gravity g - a, the target at p + v t. */
    sc.gravity.x -= a.x;
    sc.gravity.y -= a.y;
    sc.gravity.z -= a.z;
    if (!fz_finite3(sc.gravity))
        return st;
    fz_accel_points_f64(&target, out, &judged);
    fz_hit_f64(&sc, &judged, 0.0);
    return st;
}

static af_status call_q16(const lob_case *c, const fix16_t *q, af_shots_q16 *out,
                          af_shots_q16 *plain, af_status *plain_st)
{
    af_body_q16 shooter = fz_body_q16(q, FZ_SHOOTER), target = fz_body_q16(q, FZ_TARGET);
    af_body_accel_q16 body;
    af_vec3_q16 g = fz_vec_q16(q, FZ_GRAVITY);
    af_arc_policy_q16 policy;
    body.position = target.position;
    body.velocity = target.velocity;
    body.acceleration = fz_vec_q16(q, ACCEL);
    policy.kind = (af_arc_kind)c->kind;
    policy.base = q[BASE];
    policy.per_distance = q[PER_DISTANCE];
    *plain_st = c->apex ? af_arc_apex_q16(&shooter, &target, &g, &policy, c->flags, plain)
                        : af_arc_time_q16(&shooter, &target, q[FZ_SPEED], &g, c->flags, plain);
    return c->apex ? af_arc_apex_accel_q16(&shooter, &body, &g, &policy, c->flags, out)
                   : af_arc_time_accel_q16(&shooter, &body, q[FZ_SPEED], &g, c->flags, out);
}

/* The q16 apex lob meets the target as fz_hit_q16 asks, plus what
 * accel.h grants it: |g| and the pull along up, |g| + a.up, each rounded
 * to an LSB, carry 2^-17 / |g| + 2^-17 / pull of the range each into the
 * flight (most of it under a gravity of a few LSB). */
static void apex_hit_q16(const scenario *sc, const af_shots_q16 *q, af_vec3_q16 g,
                         af_vec3_q16 acc)
{
    af_vec3_f64 gf = fz_vec_of_q16(g), af = fz_vec_of_q16(acc);
    double glen = kin_len(gf), pull, share, range, miss, late;
    af_shot_f64 f = fz_shot_of_q16(&q->shot[0]);
    if (!(glen > 0))
        return;
    pull = glen - (af.x * gf.x + af.y * gf.y + af.z * gf.z) / glen;
    share = 0.5 / 65536.0 / glen + (pull > 0 ? 0.5 / 65536.0 / pull : 1.0);
    range = q16_shot_range(sc, &f);
    miss = q16_miss_as_given(sc, &q->shot[0]);
    /* ballistic_moving.h: a meeting sooner than half an LSB is returned at
     * 1 LSB, its velocity flown up to that much longer. */
    late = q->shot[0].t == 1 ? (kin_len(f.velocity) + kin_len(sc->target.velocity) +
                                kin_len(sc->shooter.velocity)) / 65536.0
                             : 0.0;
    FZ_CHECK(miss <= (Q16_MISS_WORST_RELATIVE + 4.0 * share) * range + Q16_MISS_ABSOLUTE +
                         1.8 / 131072.0 * f.t + late,
             "apex shot (t %.9g) misses by %.4g m, %.3g of its range %.4g m (allowed %.0e + 4 x "
             "%.3g of it + 2^-12 m + 1.8 2^-17 t + %.3g m for a meeting under an LSB)",
             f.t, miss, miss / range, range, Q16_MISS_WORST_RELATIVE, share, late);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    fz_input in;
    fz_args a;
    af_shots_f64 f;
    af_shots_q16 q, plain, judged;
    af_status sf, sq, s0;
    af_vec3_q16 g, acc;
    unsigned selector;
    lob_case c;
    scenario sc;
    int i;

    for (i = 0; i < FZ_SCENE_SLOTS; i++) {
        names[i] = i == FZ_SPEED ? "t (time lob)" : fz_scene_names[i];
        kinds[i] = fz_scene_kinds[i];
    }
    names[ACCEL] = "target.acceleration.x";
    names[ACCEL + 1] = "target.acceleration.y";
    names[ACCEL + 2] = "target.acceleration.z";
    kinds[ACCEL] = kinds[ACCEL + 1] = kinds[ACCEL + 2] = FZ_ANY;
    names[BASE] = "policy.base";
    names[PER_DISTANCE] = "policy.per_distance";
    kinds[BASE] = kinds[PER_DISTANCE] = FZ_POS;

    fz_input_start(&in, data, size);
    selector = fz_u8(&in);
    c.flags = selector & AF_INHERIT_VELOCITY;
    c.apex = (selector & 2) != 0;
    c.kind = (int)((selector >> 2) & 3); /* mostly the two kinds, now and then an unknown one */
    fz_decode(&in, &a, SLOTS, kinds, names);
    fz_begin("accel_lobs", &a);
    fz_int("flags", (long)c.flags);
    fz_int("apex", c.apex);
    fz_int("policy.kind", c.kind);

    fz_call(c.apex ? "af_arc_apex_accel_f64 on the decoded values"
                   : "af_arc_time_accel_f64 on the decoded values");
    (void)run_f64(&c, a.v, &f);
    fz_call(c.apex ? "af_arc_apex_accel_f64 on the Q16.16 values"
                   : "af_arc_time_accel_f64 on the Q16.16 values");
    sf = run_f64(&c, a.fq, &f);

    fz_call(c.apex ? "af_arc_apex_accel_q16" : "af_arc_time_accel_q16");
    sq = call_q16(&c, a.q, &q, &plain, &s0);
    fz_shots_q16(sq, &q);
    g = fz_vec_q16(a.q, FZ_GRAVITY);
    acc = fz_vec_q16(a.q, ACCEL);
    /* accel.h: the fixed-time lob needs g - a to fit, else out_of_range,
     * and with a = 0 it is af_arc_time_q16 itself (the apex lob works
     * along up with its own projections, and rounds its policy's value
     * once more: only its f64 form keeps the bits). */
    if (!fz_diff_fits3(g, acc)) {
        FZ_CHECK(c.apex || sq == AF_ERR_OUT_OF_RANGE || sq == AF_ERR_BAD_ARGUMENT,
                 "%s where g - a does not fit Q16.16", af_status_name(sq));
        if (!c.apex || sq != AF_OK)
            return 0;
    }
    if (!c.apex && (acc.x | acc.y | acc.z) == 0)
        FZ_CHECK(s0 == sq && fz_same_shots_q16(&plain, &q),
                 "no acceleration: %s, af_arc_time_q16 %s or other bits", af_status_name(sq),
                 af_status_name(s0));
    if (sq != AF_OK)
        return 0;
    FZ_CHECK(q.count == 1 && q.shot[0].t > 0 && (c.apex || q.shot[0].t == a.q[FZ_SPEED]),
             "ok with %d shots, raw t %ld", q.count, (long)q.shot[0].t);
    sc = fz_scene(a.fq, c.flags);
    sc.gravity.x = fz_f64_of(g.x) - fz_f64_of(acc.x);
    sc.gravity.y = fz_f64_of(g.y) - fz_f64_of(acc.y);
    sc.gravity.z = fz_f64_of(g.z) - fz_f64_of(acc.z);
    fz_reduced_points_q16(&sc, &q, &judged);
    if (c.apex)
        apex_hit_q16(&sc, &judged, g, acc);
    else
        fz_hit_q16(&sc, &judged, FZ_NO_SPEED);
    {
        double t = fz_f64_of(q.shot[0].t);
        af_vec3_f64 p = fz_vec_f64(a.fq, FZ_TARGET), v = fz_vec_f64(a.fq, FZ_TARGET + 3);
        af_vec3_f64 want = fz_accel_point(p, v, fz_vec_f64(a.fq, ACCEL), t);
        double scale = kin_len(p) + kin_len(v) * t + kin_len(fz_vec_f64(a.fq, ACCEL)) * t * t;
        fz_close("point.x", q.shot[0].point.x, want.x, scale);
        fz_close("point.y", q.shot[0].point.y, want.y, scale);
        fz_close("point.z", q.shot[0].point.z, want.z, scale);
    }
    /* The fixed-time lob is one closed form: on Q16.16 values f64 answers
     * too, and its velocity is q16's within the roundings. */
    if (!c.apex) {
        double t = fz_f64_of(q.shot[0].t);
        double scale = kin_len(sc.target.position) / t + kin_len(sc.shooter.position) / t +
                       kin_len(sc.target.velocity) + kin_len(sc.shooter.velocity) +
                       (kin_len(fz_vec_f64(a.fq, FZ_GRAVITY)) + kin_len(fz_vec_f64(a.fq, ACCEL))) * t;
        FZ_CHECK(sf == AF_OK, "q16 ok, f64 %s", af_status_name(sf));
        fz_close("velocity.x", q.shot[0].velocity.x, f.shot[0].velocity.x, scale);
        fz_close("velocity.y", q.shot[0].velocity.y, f.shot[0].velocity.y, scale);
        fz_close("velocity.z", q.shot[0].velocity.z, f.shot[0].velocity.z, scale);
    }
    return 0;
}
