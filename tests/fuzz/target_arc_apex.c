/* SPDX-License-Identifier: MIT */
/* Fuzz target: af_arc_apex_f64 and af_arc_apex_q16 (see fuzz_check.h). */
#include <math.h>
#include <stdint.h>

#include "fuzz_check.h"
#include "kinematics.h"

/* The scene's slots (its speed slot unused), then the policy's numbers. */
enum { BASE = FZ_SCENE_SLOTS, PER_DISTANCE, SLOTS };

static af_status run_f64(const double *s, int kind, unsigned flags, af_shots_f64 *out)
{
    scenario sc = fz_scene(s, flags);
    af_arc_policy_f64 policy;
    af_status st;
    policy.kind = (af_arc_kind)kind;
    policy.base = s[BASE];
    policy.per_distance = s[PER_DISTANCE];
    st = af_arc_apex_f64(&sc.shooter, &sc.target, &sc.gravity, &policy, flags, out);
    fz_shots_f64(st, out);
    if (st == AF_OK) {
        FZ_CHECK(out->count == 1 && out->shot[0].t > 0, "ok with %d shots, t %.17g", out->count,
                 out->shot[0].t);
        fz_hit_f64(&sc, out, 0.0);
    }
    return st;
}

/* Whether q16's status may differ from an f64 shot by its documented
 * roundings (ballistic.h, af_arc_apex_q16), judged on the f64 frame of
 * the same values: AF_ERR_BAD_ARGUMENT when the policy's value, at the
 * horizontal distance rounded to an LSB (within 1 LSB here: the frame is
 * itself rounded), is <= 0; AF_ERR_NO_SOLUTION when the arc clears the
 * target by less than the rounding of w, the target's vertical speed and
 * height (b = w - vz within 1 LSB of sqrt(2 |g| dz), dz >= 0); AF_ERR_OVERFLOW
 * when w does not fit Q16.16. */
static int rounding_excuses(af_status sq, const scenario *sc, int kind, double base,
                            double per_distance)
{
    const double lsb = 1.0 / 65536.0;
    af_vec3_f64 D = { sc->target.position.x - sc->shooter.position.x,
                      sc->target.position.y - sc->shooter.position.y,
                      sc->target.position.z - sc->shooter.position.z };
    af_vec3_f64 V = sc->target.velocity, up = sc->gravity, h;
    double g = kin_len(sc->gravity), dz, vz, x, value, w;
    if (!(g > 0))
        return 0;
    if (sc->flags & AF_INHERIT_VELOCITY) {
        V.x -= sc->shooter.velocity.x;
        V.y -= sc->shooter.velocity.y;
        V.z -= sc->shooter.velocity.z;
    }
    up.x /= -g;
    up.y /= -g;
    up.z /= -g;
    dz = D.x * up.x + D.y * up.y + D.z * up.z;
    vz = V.x * up.x + V.y * up.y + V.z * up.z;
    h.x = D.x - dz * up.x;
    h.y = D.y - dz * up.y;
    h.z = D.z - dz * up.z;
    x = kin_len(h);
    if (sq == AF_ERR_BAD_ARGUMENT)
        return fmin(base + per_distance * fmax(x - lsb, 0.0), base + per_distance * (x + lsb)) <=
               0.0;
    value = base + per_distance * x;
    w = kind == AF_ARC_APEX_HEIGHT ? sqrt(2.0 * g * (fmax(dz, 0.0) + value)) : value;
    /* ballistic.h: AF_ERR_OVERFLOW when w does not fit Q16.16 (the shot
     * along a slanted gravity may), or the time of the lob of the value at
     * the rounded x (within 1 LSB here, w and vz within 1 LSB too) does
     * not: per_distance up to 32768 moves w by up to 32768 LSB. */
    if (sq == AF_ERR_OVERFLOW) {
        int k;
        if (!fz_fits(w))
            return 1;
        for (k = -1; k <= 1; k += 2) {
            double vk = base + per_distance * fmax(x + k * lsb, 0.0);
            double wk = kind == AF_ARC_APEX_HEIGHT ? sqrt(2.0 * g * (fmax(dz, 0.0) + vk)) : vk;
            double b = wk - vz + 2.0 * lsb, disc = b * b - 2.0 * g * dz;
            if (!fz_fits(wk) || (disc >= 0.0 && !fz_fits((b + sqrt(disc)) / g)))
                return 1;
        }
        return 0;
    }
    /* Below the launch point (beyond up's own rounding) a meeting on the
     * way down exists for every w. */
    if (sq != AF_ERR_NO_SOLUTION || dz < -1e-8 * kin_len(D))
        return 0;
    /* Off the axes up is rounded to 30 bits: the height and the vertical
     * speed also carry 2^-30 of |D| and |V| (2^-29 here), and the height
     * is kept to 2^-16 LSB (a smaller one is that of its sign). */
    return w - vz - lsb - ldexp(kin_len(V), -29) <=
           sqrt(2.0 * g * (fmax(dz, 0.0) + ldexp(lsb, -16) + ldexp(kin_len(D), -29))) *
                   (1.0 + 1e-6) +
               1e-6 * lsb;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *names[SLOTS];
    static fz_kind kinds[SLOTS];
    fz_input in;
    fz_args a;
    af_shots_f64 f;
    af_shots_q16 q;
    af_status sf, sq;
    unsigned flags;
    int kind, i;
    af_body_q16 shooter, target;
    af_vec3_q16 g;
    af_arc_policy_q16 policy;
    scenario sc;

    for (i = 0; i < FZ_SCENE_SLOTS; i++) {
        names[i] = i == FZ_SPEED ? "(unused)" : fz_scene_names[i];
        kinds[i] = fz_scene_kinds[i];
    }
    names[BASE] = "policy.base";
    names[PER_DISTANCE] = "policy.per_distance";
    kinds[BASE] = kinds[PER_DISTANCE] = FZ_POS;
    fz_input_start(&in, data, size);
    flags = fz_u8(&in);
    /* Mostly the two kinds, now and then an unknown one. */
    kind = (flags >> 1) & 3;
    flags &= AF_INHERIT_VELOCITY;
    fz_decode(&in, &a, SLOTS, kinds, names);
    fz_begin("arc_apex", &a);
    fz_int("flags", (long)flags);
    fz_int("policy.kind", kind);

    fz_call("af_arc_apex_f64 on the decoded values");
    (void)run_f64(a.v, kind, flags, &f);
    fz_call("af_arc_apex_f64 on the Q16.16 values");
    sf = run_f64(a.fq, kind, flags, &f);

    fz_call("af_arc_apex_q16");
    shooter = fz_body_q16(a.q, FZ_SHOOTER);
    target = fz_body_q16(a.q, FZ_TARGET);
    g = fz_vec_q16(a.q, FZ_GRAVITY);
    policy.kind = (af_arc_kind)kind;
    policy.base = a.q[BASE];
    policy.per_distance = a.q[PER_DISTANCE];
    sq = af_arc_apex_q16(&shooter, &target, &g, &policy, flags, &q);
    fz_shots_q16(sq, &q);
    if (sq == AF_ERR_OUT_OF_RANGE)
        FZ_CHECK(!fz_relative_fits(&shooter, &target, flags),
                 "out_of_range although every difference fits Q16.16");
    sc = fz_scene(a.fq, flags);
    if (sq == AF_OK)
        fz_hit_q16(&sc, &q, 0);
    /* The statuses only: the policy's vertical speed is rounded to
     * Q16.16, which moves the time by up to 2^-16 / |g| (a second under a
     * gravity of 1 LSB); the q16 shot is judged by fz_hit_q16. */
    FZ_CHECK(sf != AF_OK || sq == AF_OK || sq == AF_ERR_OUT_OF_RANGE ||
                 rounding_excuses(sq, &sc, kind, a.fq[BASE], a.fq[PER_DISTANCE]) ||
                 (sq == AF_ERR_OVERFLOW && !(fz_fits(f.shot[0].t) &&
                                             fz_fits3(f.shot[0].velocity) &&
                                             fz_fits3(f.shot[0].point))),
             "q16 says %s where f64 has a shot well inside Q16.16 (t %.9g)", af_status_name(sq),
             f.shot[0].t);
    return 0;
}
