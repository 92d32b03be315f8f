/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the turret aims beside af_turret_aim_* (aimfix/turret_aim.h,
 * turret_drag_aim.h), one per input by a selector byte: at an
 * accelerating target (af_turret_aim_accel_*), with linear drag
 * (af_turret_aim_drag_*, af_turret_aim_drag_accel_*) and with quadratic
 * drag (af_turret_aim_qdrag_*, af_turret_aim_qdrag_accel_*); f64 on the
 * decoded values and on their Q16.16 roundings, q16 on those.
 *
 * Judged by the turret suites' own checks (tests/support/turret_check.h,
 * turret_q16_check.h, turret_accel_check.h, turret_qdrag_check.h,
 * turret_qdrag_q16_check.h): every shot flown by the tests' kinematics
 * meets the target within its tolerance, within the limits, launched
 * after the latency and the slew, earliest impact first; a failure
 * leaves out all zero; an _accel_ aim at zero acceleration gives the very
 * bits of its plain form. A quadratic-drag turret aim runs hundreds of
 * aims, so it is only called on small scenes (qdrag_affordable).
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_check.h"
#include "fuzz_drag.h"
#include "fuzz_turret.h"
#include "harness.h"
#include "turret_accel_check.h"
#include "turret_check.h"
#include "turret_q16_check.h"
#include "turret_qdrag_check.h"
#include "turret_qdrag_q16_check.h"

enum {
    ACCEL = FZ_DRAG_SLOTS, MAX_TIME = ACCEL + 3, QK, QC, TURRET, SLOTS = TURRET + FT_SLOTS
};

enum { AIM_ACCEL, AIM_DRAG, AIM_DRAG_ACCEL, AIM_QDRAG, AIM_QDRAG_ACCEL, AIMS };
static const char *const aim_names[AIMS] = { "accel", "drag", "drag_accel", "qdrag",
                                             "qdrag_accel" };

/* The most steps or integration substeps the judged flights may take
 * (turret_miss flies each shot by the tests' own loop). */
#define MOST_STEPS 20000.0

typedef struct aim_case {
    int aim, zero_accel;
    unsigned flags;
    fz_model_ints model;
} aim_case;

static int drag_aim(int aim)
{
    return aim == AIM_DRAG || aim == AIM_DRAG_ACCEL;
}

static int qdrag_aim(int aim)
{
    return aim == AIM_QDRAG || aim == AIM_QDRAG_ACCEL;
}

static int accel_aim(int aim)
{
    return aim == AIM_ACCEL || aim == AIM_DRAG_ACCEL || aim == AIM_QDRAG_ACCEL;
}

static af_vec3_f64 accel_of(const double *s, const aim_case *c)
{
    af_vec3_f64 zero = { 0, 0, 0 };
    return c->zero_accel || !accel_aim(c->aim) ? zero : fz_vec_f64(s, ACCEL);
}

static af_vec3_q16 accel_q16_of(const fix16_t *s, const aim_case *c)
{
    af_vec3_q16 zero = { 0, 0, 0 };
    return c->zero_accel || !accel_aim(c->aim) ? zero : fz_vec_q16(s, ACCEL);
}

static af_qdrag_f64 qdrag_f64(const double *s, fz_model_ints m)
{
    af_qdrag_f64 d;
    d.kind = (af_drag_kind)m.kind;
    d.gravity = fz_vec_f64(s, FZ_DRAG_GRAVITY);
    d.wind = fz_vec_f64(s, FZ_DRAG_WIND);
    d.k = s[QK];
    d.c = s[QC];
    d.dt = s[FZ_DRAG_DT];
    d.order = (af_qdrag_order)m.order;
    return d;
}

static af_qdrag_q16 qdrag_q16(const fix16_t *s, fz_model_ints m)
{
    af_qdrag_q16 d;
    d.kind = (af_drag_kind)m.kind;
    d.gravity = fz_vec_q16(s, FZ_DRAG_GRAVITY);
    d.wind = fz_vec_q16(s, FZ_DRAG_WIND);
    d.k = s[QK];
    d.c = s[QC];
    d.dt = s[FZ_DRAG_DT];
    d.order = (af_qdrag_order)m.order;
    return d;
}

static int within(double v, double most)
{
    return fabs(v) <= most;
}

static int vec_within(af_vec3_f64 v, double most)
{
    return within(v.x, most) && within(v.y, most) && within(v.z, most);
}

/* A quadratic-drag turret aim is several hundred drag aims: called only
 * on a scene of bounded size (the target within 256 m of the pivot,
 * speeds within 32 m/s but the shot's 1 to 256 m/s, gravity and the
 * target's acceleration within 32 m/s^2, flights up to 4 s, a model
 * stepped at 1/64 s or longer, the muzzle within 16 m of the pivot, no
 * slew across the limits longer than 16 s: the search scans launch times
 * up to the longest slew, and an 82-turn yaw took its whole budget;
 * (k speed + c) max_time at most 64: the Q16 flights' Runge-Kutta steps
 * grow with it, k = 2 /m at 40 m/s took 2.5 s a solve and c = 128 /s
 * over 2 s 6.6 s a turret aim). */
static int qdrag_affordable(const double *s)
{
    af_turret_f64 t = ft_turret_f64(s, TURRET, 0);
    af_vec3_f64 d = fz_vec_f64(s, FZ_DRAG_BODY);
    d.x -= t.pivot.x;
    d.y -= t.pivot.y;
    d.z -= t.pivot.z;
    return vec_within(d, 256.0) && vec_within(fz_vec_f64(s, FZ_DRAG_BODY + 3), 32.0) &&
           vec_within(t.velocity, 32.0) && vec_within(fz_vec_f64(s, FZ_DRAG_GRAVITY), 32.0) &&
           vec_within(fz_vec_f64(s, FZ_DRAG_WIND), 32.0) && vec_within(fz_vec_f64(s, ACCEL), 32.0) &&
           s[MAX_TIME] <= 4.0 && s[FZ_DRAG_DT] >= 1.0 / 64.0 && t.speed >= 1.0 &&
           t.speed <= 256.0 && within(t.muzzle_forward, 16.0) && within(t.muzzle_up, 16.0) &&
           (t.yaw_max - t.yaw_min) / t.yaw_rate <= 16.0 &&
           (t.pitch_max - t.pitch_min) / t.pitch_rate <= 16.0 &&
           (s[QK] * t.speed + s[QC]) * s[MAX_TIME] <= 64.0;
}

/* The scene as the checks see it (gravity the drag model's). */
static turret_scene scene_of(const double *s, const aim_case *c, const af_drag_f64 *drag)
{
    turret_scene sc;
    sc.turret = ft_turret_f64(s, TURRET, c->flags);
    sc.target = fz_body_f64(s, FZ_DRAG_BODY);
    sc.gravity = fz_vec_f64(s, FZ_DRAG_GRAVITY);
    sc.acceleration = accel_of(s, c);
    sc.drag = drag_aim(c->aim) ? drag : NULL;
    sc.max_time = drag_aim(c->aim) || qdrag_aim(c->aim) ? s[MAX_TIME] : 0.0;
    sc.scan_past = 0.0;
    return sc;
}

/* Whether the tests' flight can judge every shot: its numbers finite,
 * its rounding and its Runge-Kutta's error far below the miss allowed
 * (target_turret_aim.c's rule), and its steps or substeps bounded. */
static int judgeable(const turret_scene *s, const af_turret_shots_f64 *out)
{
    int k;
    for (k = 0; k < out->count; k++) {
        const af_turret_shot_f64 *sh = &out->shot[k];
        af_turret_shot_f64 whole = *sh;
        double size = turret_scene_size(s, sh);
        /* A stepped flight is judged on the whole steps around it: their
         * length, not the flight's, sizes the judge's rounding. */
        if (s->drag && s->drag->kind == AF_DRAG_KIND_STEPPED)
            whole.flight = ceil(sh->flight / s->drag->dt) * s->drag->dt;
        if (s->drag && !(s->drag->kind == AF_DRAG_KIND_STEPPED
                             ? sh->flight / s->drag->dt <= MOST_STEPS
                             : s->drag->k * sh->flight <= 0.006 * MOST_STEPS))
            return 0;
        if (!isfinite(size) || !isfinite(turret_miss(s, sh)) ||
            !(64.0 * DBL_EPSILON * turret_flight_reach(s, &whole) <= 1e-10 * size))
            return 0;
        /* Runge-Kutta's own error grows with the speed through the air (a
         * gale across the shot), which the scene's size does not see. */
        if (s->drag && s->drag->kind == AF_DRAG_KIND_CONTINUOUS &&
            !(fabs(turret_miss(s, sh) - turret_miss_finer(s, sh, 4)) <= 1e-10 * size))
            return 0;
    }
    return 1;
}

static void turret_status(af_status st)
{
    if (st != AF_ERR_BEYOND_YAW && st != AF_ERR_BEYOND_PITCH)
        fz_status(st);
}

static af_status call_f64(const aim_case *c, const turret_scene *sc, const af_drag_f64 *drag,
                          const af_qdrag_f64 *qm, af_turret_shots_f64 *out)
{
    af_body_accel_f64 b = turret_scene_target(sc);
    switch (c->aim) {
    case AIM_ACCEL:
        return af_turret_aim_accel_f64(&sc->turret, &b, &sc->gravity, out);
    case AIM_DRAG:
        return af_turret_aim_drag_f64(&sc->turret, drag, &sc->target, sc->max_time, out);
    case AIM_DRAG_ACCEL:
        return af_turret_aim_drag_accel_f64(&sc->turret, drag, &b, sc->max_time, out);
    case AIM_QDRAG:
        return af_turret_aim_qdrag_f64(&sc->turret, qm, &sc->target, sc->max_time, out);
    default:
        return af_turret_aim_qdrag_accel_f64(&sc->turret, qm, &b, sc->max_time, out);
    }
}

/* The plain form of an _accel_ aim (zero acceleration). */
static af_status call_plain_f64(const aim_case *c, const turret_scene *sc,
                                const af_drag_f64 *drag, const af_qdrag_f64 *qm,
                                af_turret_shots_f64 *out)
{
    switch (c->aim) {
    case AIM_ACCEL:
        return af_turret_aim_f64(&sc->turret, &sc->target, &sc->gravity, out);
    case AIM_DRAG_ACCEL:
        return af_turret_aim_drag_f64(&sc->turret, drag, &sc->target, sc->max_time, out);
    default:
        return af_turret_aim_qdrag_f64(&sc->turret, qm, &sc->target, sc->max_time, out);
    }
}

static af_status run_f64(const double *s, const aim_case *c, af_turret_shots_f64 *out)
{
    af_drag_f64 drag = fz_drag_f64(s, c->model);
    af_qdrag_f64 qm = qdrag_f64(s, c->model);
    turret_scene sc = scene_of(s, c, &drag);
    af_status st = call_f64(c, &sc, &drag, &qm, out);
    long before = th_failures();
    turret_status(st);
    if (st != AF_OK)
        FZ_CHECK(fz_all_zero(out, sizeof *out), "%s but out is not all zero", af_status_name(st));
    if (accel_aim(c->aim) && c->zero_accel) {
        af_turret_shots_f64 plain;
        af_status sp = call_plain_f64(c, &sc, &drag, &qm, &plain);
        FZ_CHECK(sp == st && memcmp(&plain, out, sizeof plain) == 0,
                 "the _accel_ aim at zero acceleration: %s, its plain form %s or other bits",
                 af_status_name(st), af_status_name(sp));
    }
    if (st == AF_OK && judgeable(&sc, out)) {
        if (qdrag_aim(c->aim))
            (void)turret_qdrag_check_shots(&sc, &qm, st, out, 0, "fuzz",
                                           accel_aim(c->aim) ? 2e-9 : 0.0);
        else if (accel_aim(c->aim))
            (void)turret_check_accel_shots(&sc, st, out, 0, "fuzz");
        else
            (void)turret_check_shots(&sc, st, out, 0, "fuzz");
        FZ_CHECK(th_failures() == before, "a turret shot breaks a promise of its header (above)");
    }
    return st;
}

static af_status call_q16(int aim, const af_turret_q16 *t, const af_drag_q16 *drag,
                          const af_qdrag_q16 *qm, const af_body_accel_q16 *b, fix16_t max_time,
                          const af_vec3_q16 *g, af_turret_shots_q16 *out)
{
    af_body_q16 plain;
    plain.position = b->position;
    plain.velocity = b->velocity;
    switch (aim) {
    case AIM_ACCEL:
        return af_turret_aim_accel_q16(t, b, g, out);
    case AIM_DRAG:
        return af_turret_aim_drag_q16(t, drag, &plain, max_time, out);
    case AIM_DRAG_ACCEL:
        return af_turret_aim_drag_accel_q16(t, drag, b, max_time, out);
    case AIM_QDRAG:
        return af_turret_aim_qdrag_q16(t, qm, &plain, max_time, out);
    case AIM_QDRAG_ACCEL:
        return af_turret_aim_qdrag_accel_q16(t, qm, b, max_time, out);
    default: /* the plain form of the vacuum aim */
        return af_turret_aim_q16(t, &plain, g, out);
    }
}

static void run_q16(const fz_args *a, const aim_case *c)
{
    af_turret_q16 t = ft_turret_q16(a->q, TURRET, c->flags);
    af_drag_q16 drag = fz_drag_q16(a->q, c->model);
    af_qdrag_q16 qm = qdrag_q16(a->q, c->model);
    af_drag_f64 fdrag = fz_drag_f64(a->fq, c->model);
    af_qdrag_f64 fqm = qdrag_f64(a->fq, c->model);
    af_vec3_q16 g = fz_vec_q16(a->q, FZ_DRAG_GRAVITY);
    af_body_accel_q16 b;
    af_turret_shots_q16 q;
    af_status st;
    turret_scene sc = scene_of(a->fq, c, &fdrag);
    long before;
    int k;
    b.position = fz_vec_q16(a->q, FZ_DRAG_BODY);
    b.velocity = fz_vec_q16(a->q, FZ_DRAG_BODY + 3);
    b.acceleration = accel_q16_of(a->q, c);
    st = call_q16(c->aim, &t, &drag, &qm, &b, a->q[MAX_TIME], &g, &q);
    turret_status(st);
    if (st != AF_OK)
        FZ_CHECK(fz_all_zero(&q, sizeof q), "%s but out is not all zero", af_status_name(st));
    if (accel_aim(c->aim) && c->zero_accel) {
        af_turret_shots_q16 plain;
        int plain_aim = c->aim == AIM_ACCEL ? AIMS : c->aim == AIM_DRAG_ACCEL ? AIM_DRAG : AIM_QDRAG;
        af_status sp = call_q16(plain_aim, &t, &drag, &qm, &b, a->q[MAX_TIME], &g, &plain);
        FZ_CHECK(sp == st && memcmp(&plain, &q, sizeof q) == 0,
                 "the q16 _accel_ aim at zero acceleration: %s, its plain form %s or other bits",
                 af_status_name(st), af_status_name(sp));
    }
    if (st != AF_OK)
        return;
    FZ_CHECK(q.count >= 1 && q.count <= AF_MAX_SHOTS, "count %d", q.count);
    for (k = 1; k < q.count; k++)
        FZ_CHECK((int64_t)q.shot[k].launch + q.shot[k].flight >=
                     (int64_t)q.shot[k - 1].launch + q.shot[k - 1].flight,
                 "q16 shots not earliest impact first (shot %d)", k);
    {
        af_turret_shots_f64 qf;
        memset(&qf, 0, sizeof qf);
        qf.count = q.count;
        for (k = 0; k < q.count; k++)
            qf.shot[k] = turret_shot_f64_of(&q.shot[k]);
        if (!judgeable(&sc, &qf))
            return;
    }
    before = th_failures();
    if (qdrag_aim(c->aim)) {
        /* The Q16.16 judge flies the stepped engine: the continuous kind
         * is not judged. */
        if (fqm.kind == AF_DRAG_KIND_STEPPED) {
            turret_scene wide = turret_q16_widened(&sc);
            (void)turret_qdrag_q16_check_shots(&wide, &fqm, st, &q, "fuzz", 0);
        }
    } else {
        turret_scene wide = turret_q16_widened(&sc);
        (void)turret_q16_check_shots(&wide, st, &q, "fuzz", 0);
    }
    FZ_CHECK(th_failures() == before, "a Q16.16 turret shot breaks a promise (above)");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    fz_input in;
    fz_args a;
    aim_case c;
    af_turret_shots_f64 f;
    uint8_t sel;
    static char call[96];

    fz_drag_slots(names, kinds);
    ft_slots(names, kinds, TURRET);
    names[ACCEL] = "acceleration.x";
    names[ACCEL + 1] = "acceleration.y";
    names[ACCEL + 2] = "acceleration.z";
    names[MAX_TIME] = "max_time";
    names[QK] = "qdrag.k";
    names[QC] = "qdrag.c";
    kinds[ACCEL] = kinds[ACCEL + 1] = kinds[ACCEL + 2] = FZ_ANY;
    kinds[MAX_TIME] = FZ_POS;
    kinds[QK] = kinds[QC] = FZ_RATIO;
    names[FZ_DRAG_BODY] = "target.position.x";
    names[FZ_DRAG_BODY + 1] = "target.position.y";
    names[FZ_DRAG_BODY + 2] = "target.position.z";
    names[FZ_DRAG_BODY + 3] = "target.velocity.x";
    names[FZ_DRAG_BODY + 4] = "target.velocity.y";
    names[FZ_DRAG_BODY + 5] = "target.velocity.z";

    fz_input_start(&in, data, size);
    sel = fz_u8(&in);
    c.aim = (sel & 7) % AIMS;
    c.zero_accel = (sel >> 3) & 1;
    c.flags = ft_flags(fz_u8(&in));
    fz_decode(&in, &a, SLOTS, kinds, names);
    fz_begin("turret_aim_more", &a);
    fz_int("aim", c.aim);
    fz_int("zero_acceleration", c.zero_accel);
    fz_int("flags", (long)c.flags);
    c.model = fz_drag_ints(&in);
    if (qdrag_aim(c.aim) && !qdrag_affordable(a.fq))
        return 0;

    /* The decoded values add nothing to the slow quadratic-drag aims
     * that the Q16.16 ones do not test. */
    if (!qdrag_aim(c.aim)) {
        snprintf(call, sizeof call, "af_turret_aim_%s_f64 on the decoded values", aim_names[c.aim]);
        fz_call(call);
        (void)run_f64(a.v, &c, &f);
    }
    /* The f64 quadratic-drag turret aims take 0.1 to 1 s here (the q16
     * ones a few ms): only inputs whose selector's high nibble is all ones
     * call them, so that make test's runs stay short. */
    if (!qdrag_aim(c.aim) || (sel & 0xF0) == 0xF0) {
        snprintf(call, sizeof call, "af_turret_aim_%s_f64 on the Q16.16 values", aim_names[c.aim]);
        fz_call(call);
        (void)run_f64(a.fq, &c, &f);
    }
    snprintf(call, sizeof call, "af_turret_aim_%s_q16", aim_names[c.aim]);
    fz_call(call);
    run_q16(&a, &c);
    return 0;
}
