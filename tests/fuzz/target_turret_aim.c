/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: af_turret_aim_f64 and af_turret_aim_q16 (aimfix/turret.h),
 * a straight line or a vacuum lob at a target moving at constant velocity.
 *
 * The shots are judged by the turret suites' own geometry and flight
 * (tests/support/turret_check.h, turret_q16_check.h): each shot meets the
 * target within its tolerance, within the limits, launched after the
 * latency and the slew, earliest impact first; a failure leaves out all
 * zero. The Q16.16 aim runs on the same numbers as the second f64 call,
 * and its first impact is never earlier than the f64 one by more than its
 * roundings.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>

#include "fuzz_check.h"
#include "fuzz_turret.h"
#include "harness.h"
#include "turret_check.h"
#include "turret_q16_check.h"

enum {
    PIVOT = 0, UP = 3, FORWARD = 6, YAW_MIN = 9, YAW_MAX, PITCH_MIN, PITCH_MAX, MUZZLE_FORWARD,
    MUZZLE_UP, YAW, PITCH, YAW_RATE, PITCH_RATE, LATENCY, SPEED, VELOCITY, TARGET = 24,
    GRAVITY = 30, SLOTS = 33
};

static const char *const names[SLOTS] = {
    "pivot.x", "pivot.y", "pivot.z", "up.x", "up.y", "up.z", "forward.x", "forward.y",
    "forward.z", "yaw_min", "yaw_max", "pitch_min", "pitch_max", "muzzle_forward", "muzzle_up",
    "yaw", "pitch", "yaw_rate", "pitch_rate", "latency", "speed", "velocity.x", "velocity.y",
    "velocity.z", "target.position.x", "target.position.y", "target.position.z",
    "target.velocity.x", "target.velocity.y", "target.velocity.z", "gravity.x", "gravity.y",
    "gravity.z"
};

static const fz_kind kinds[SLOTS] = {
    FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, /* frame */
    FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_POS, FZ_ANY, FZ_ANY, FZ_ANY,         /* angles */
    FZ_RATIO, FZ_RATIO, FZ_STEP, FZ_POS, FZ_ANY, FZ_ANY, FZ_ANY,           /* head, speed */
    FZ_WIDE, FZ_WIDE, FZ_WIDE, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY
};

static turret_scene scene_of(const double *s, unsigned flags)
{
    turret_scene sc;
    af_vec3_f64 zero = { 0, 0, 0 };
    sc.turret = ft_turret_f64(s, PIVOT, flags);
    sc.target = fz_body_f64(s, TARGET);
    sc.gravity = fz_vec_f64(s, GRAVITY);
    sc.acceleration = zero;
    sc.drag = NULL;
    sc.max_time = 0.0;
    sc.scan_past = 0.0;
    return sc;
}

/* Whether the judged kinematics can measure every shot: its numbers
 * finite (a scene near the largest double overflows the checks' own
 * squares) and the flight's rounding far below the miss allowed (a lob
 * at 1e121 m/s flying 1e121 s cancels terms of 1e242 to meet a target
 * 12 m away: no double sum resolves that). */
static int judgeable(const turret_scene *s, const af_turret_shots_f64 *out)
{
    int k;
    for (k = 0; k < out->count; k++) {
        const af_turret_shot_f64 *sh = &out->shot[k];
        double size = turret_scene_size(s, sh);
        if (!isfinite(size) || !isfinite(turret_miss(s, sh)) ||
            !(64.0 * DBL_EPSILON * turret_flight_reach(s, sh) <= 1e-10 * size))
            return 0;
    }
    return 1;
}

/* A status of turret.h's list: the solvers' own and the two limits. */
static void turret_status(af_status st)
{
    if (st != AF_ERR_BEYOND_YAW && st != AF_ERR_BEYOND_PITCH)
        fz_status(st);
}

static af_status run_f64(const double *s, unsigned flags, af_turret_shots_f64 *out)
{
    turret_scene sc = scene_of(s, flags);
    af_status st = af_turret_aim_f64(&sc.turret, &sc.target, &sc.gravity, out);
    long before = th_failures();
    turret_status(st);
    if (st != AF_OK)
        FZ_CHECK(fz_all_zero(out, sizeof *out), "%s but out is not all zero", af_status_name(st));
    if (st == AF_OK && judgeable(&sc, out)) {
        (void)turret_check_shots(&sc, st, out, 0, "fuzz");
        FZ_CHECK(th_failures() == before, "a turret shot breaks a promise of turret.h (above)");
    }
    return st;
}

/* x moved toward `to` by up to `by`. */
static double toward(double x, double to, double by)
{
    return to > x ? fmin(x + by, to) : fmax(x - by, to);
}

/* The earliest f64 impact once Q16's angle tolerance is granted: the head
 * starts that much nearer q16's first shot on each axis (q16's angles,
 * and so its slews, are that far from the exact ones; where the slew
 * grazes the launch time, the first launch in time moves far more than
 * the tolerance over the rate: 0.09 s for 3 LSB of pitch). */
static const af_turret_shots_f64 *helped_reference(const turret_scene *sc,
                                                   const af_turret_shots_q16 *q,
                                                   const af_turret_shots_f64 *f,
                                                   af_turret_shots_f64 *buf)
{
    turret_scene helped = *sc;
    af_turret_shot_f64 first = turret_shot_f64_of(&q->shot[0]);
    helped.turret.yaw = toward(helped.turret.yaw, first.yaw, TURRET_Q16_ANGLE_TOL);
    helped.turret.pitch = toward(helped.turret.pitch, first.pitch, TURRET_Q16_ANGLE_TOL);
    if (af_turret_aim_f64(&helped.turret, &helped.target, &helped.gravity, buf) == AF_OK &&
        buf->shot[0].launch + buf->shot[0].flight < f->shot[0].launch + f->shot[0].flight)
        return buf;
    return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in;
    fz_args a;
    af_turret_shots_f64 f;
    af_turret_shots_q16 q;
    af_turret_q16 tq;
    af_body_q16 target;
    af_vec3_q16 g;
    af_status sf, sq;
    unsigned flags;
    turret_scene sc;
    long before;

    fz_input_start(&in, data, size);
    flags = fz_u8(&in) & (AF_INHERIT_VELOCITY | AF_TURRET_YAW_WRAPS | AF_TURRET_ONE_RATE);
    fz_decode(&in, &a, SLOTS, kinds, names);
    fz_begin("turret_aim", &a);
    fz_int("flags", (long)flags);

    fz_call("af_turret_aim_f64 on the decoded values");
    (void)run_f64(a.v, flags, &f);
    fz_call("af_turret_aim_f64 on the Q16.16 values");
    sf = run_f64(a.fq, flags, &f);

    fz_call("af_turret_aim_q16");
    sc = scene_of(a.fq, flags);
    tq = turret_q16_of(&sc.turret);
    target = fz_body_q16(a.q, TARGET);
    g = fz_vec_q16(a.q, GRAVITY);
    sq = af_turret_aim_q16(&tq, &target, &g, &q);
    turret_status(sq);
    if (sq != AF_OK)
        FZ_CHECK(fz_all_zero(&q, sizeof q), "%s but out is not all zero", af_status_name(sq));
    before = th_failures();
    if (sq == AF_OK) {
        af_turret_shots_f64 qf = f;
        int k;
        qf.count = q.count;
        for (k = 0; k < q.count; k++)
            qf.shot[k] = turret_shot_f64_of(&q.shot[k]);
        if (!judgeable(&sc, &qf))
            return 0;
    }
    if (sq == AF_OK) {
        turret_scene wide = turret_q16_widened(&sc);
        (void)turret_q16_check_shots(&wide, sq, &q, "fuzz", 0);
        if (sf == AF_OK) {
            af_turret_shots_f64 buf;
            (void)turret_q16_check_not_earlier(&sc, &q, helped_reference(&sc, &q, &f, &buf),
                                               "fuzz", 0);
        }
        FZ_CHECK(th_failures() == before, "a Q16.16 turret shot breaks a promise (above)");
    }
    return 0;
}
