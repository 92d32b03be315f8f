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

/* The vertical launch speed of the policy's value v, as ballistic.h
 * forms it. */
static double policy_w(int kind, double g, double dz, double v)
{
    return kind == AF_ARC_APEX_HEIGHT ? sqrt(2.0 * g * (fmax(dz, 0.0) + v)) : v;
}

/* The later root of g/2 t^2 - b t + dz = 0, or b / g (the apex) where the
 * arc does not reach dz. */
static double meeting(double b, double g, double dz)
{
    double disc = b * b - 2.0 * g * dz;
    return disc >= 0.0 ? (b + sqrt(disc)) / g : b / g;
}

/* Whether q16's status may differ from an f64 shot by its documented
 * roundings (ballistic.h, af_arc_apex_q16), judged on the f64 frame of
 * the same values. The horizontal distance x is |D x g| / |g| to 2^-29 of
 * itself, rounded to an LSB (within 1 LSB here: the frame is itself
 * rounded), the policy's value formed from it; w is that value's
 * vertical speed rounded to Q16.16, 1 LSB at least; vz within an LSB,
 * dz within 2^-16 LSB (both 2^-29 of |V|, |D| more off the axes).
 * AF_ERR_BAD_ARGUMENT when the value may be <= 0; AF_ERR_NO_SOLUTION
 * when the arc of the smallest such w clears the target by less than the
 * roundings of w, vz and dz; AF_ERR_OVERFLOW when w, the time, the launch
 * velocity or the impact point of some such w, vz and dz may not fit
 * Q16.16. */
static int rounding_excuses(af_status sq, const scenario *sc, int kind, double base,
                            double per_distance)
{
    const double lsb = 1.0 / 65536.0;
    af_vec3_f64 D = { sc->target.position.x - sc->shooter.position.x,
                      sc->target.position.y - sc->shooter.position.y,
                      sc->target.position.z - sc->shooter.position.z };
    af_vec3_f64 V = sc->target.velocity, up = sc->gravity, h;
    double g = kin_len(sc->gravity), dz, vz, x, xr[2], value[2], w[2], wq[2];
    int k;
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
    xr[0] = fmax(x - ldexp(x, -29) - lsb, 0.0);
    xr[1] = x + ldexp(x, -29) + lsb;
    for (k = 0; k < 2; k++) {
        value[k] = base + per_distance * xr[k];
        w[k] = policy_w(kind, g, dz, fmax(value[k], 0.0));
    }
    if (w[0] > w[1]) { /* a negative per_distance */
        double smaller = w[1];
        w[1] = w[0];
        w[0] = smaller;
    }
    /* w as q16 rounds it: half an LSB either way, 1 LSB at least. */
    wq[0] = fmax(w[0] - 0.5 * lsb, lsb);
    wq[1] = fmax(w[1] + 0.5 * lsb, lsb);
    if (sq == AF_ERR_BAD_ARGUMENT)
        return fmin(value[0], value[1]) <= 0.0;
    if (sq == AF_ERR_OVERFLOW) {
        /* The time grows with b = w - vz and falls with dz: its extremes
         * are those of w (vz within an LSB and 2^-29 |V|) and of dz (to
         * 2^-16 LSB and 2^-29 |D|, never nearer 0 than 2^-16 LSB from
         * below: the meeting from below takes a time in proportion to
         * it), the point's and the velocity's at them. */
        const double dv = 2.0 * lsb + ldexp(kin_len(V), -29);
        const double dd = ldexp(lsb, -16) + ldexp(kin_len(D), -29);
        for (k = 0; k < 2; k++) {
            double bk = wq[k] - vz + (k ? dv : -dv), dzk = k ? dz - dd : dz + dd;
            double t;
            if (!k && bk <= 0.0 && dz - dd < 0.0)
                dzk = fmin(dzk, -ldexp(lsb, -16));
            t = meeting(bk, g, dzk);
            /* b is a whole number of LSB: where it may also be positive,
             * its least such value meets soonest, at the highest dz (a
             * dz rounded to exactly 0 halves the time of one 2^-16 LSB
             * below). */
            if (!k && bk <= 0.0 && wq[1] - vz + dv >= lsb) {
                double soonest = meeting(lsb, g, dz + dd);
                t = t > 0.0 ? fmin(t, soonest) : soonest;
            }
            af_vec3_f64 P = kin_body(&sc->target, t), Q;
            double across;
            if (!fz_fits(w[k]) || !fz_fits(t) || !fz_fits3(P))
                return 1;
            /* (D + V t) / t across gravity, plus w up. */
            Q.x = D.x / t + V.x;
            Q.y = D.y / t + V.y;
            Q.z = D.z / t + V.z;
            across = Q.x * up.x + Q.y * up.y + Q.z * up.z;
            Q.x += (wq[k] - across) * up.x;
            Q.y += (wq[k] - across) * up.y;
            Q.z += (wq[k] - across) * up.z;
            if (t > 0 && !fz_fits3(Q))
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
    return w[0] - vz - lsb - ldexp(kin_len(V), -29) <=
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
