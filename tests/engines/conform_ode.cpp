/* SPDX-License-Identifier: MIT */
/*
 * ODE 0.16 (Debian's libode, double precision) against AF_DRAG_ODE: the
 * engine adds gravity, moves the body, then damps it by its linear damping
 * scale (dBodySetLinearDamping, a fraction per step: here d dt for d in
 * 1/s). The f64 prediction meets the engine to 1e-12 of the path flown,
 * and the aims' shots flown in the engine meet their targets.
 */
#include <ode/ode.h>

#include "engine_check.h"

namespace {

struct ode_engine {
    dWorldID world = nullptr;
    dBodyID body = nullptr;
    ode_engine() { dInitODE(); }
    ~ode_engine()
    {
        if (world)
            dWorldDestroy(world);
        dCloseODE();
    }
    void start(const ec::flight &f, af_vec3_f64 p0, af_vec3_f64 v0)
    {
        if (world)
            dWorldDestroy(world);
        world = dWorldCreate();
        dWorldSetGravity(world, f.g.x, f.g.y, f.g.z);
        body = dBodyCreate(world);
        dMass m;
        dMassSetSphereTotal(&m, 1.0, 0.5);
        dBodySetMass(body, &m);
        dBodySetAutoDisableFlag(body, 0);
        dBodySetLinearDamping(body, f.d * f.dt);
        /* ODE damps only above a speed (0.1 m/s by default): none here. */
        dBodySetLinearDampingThreshold(body, 0.0);
        dBodySetPosition(body, p0.x, p0.y, p0.z);
        dBodySetLinearVel(body, v0.x, v0.y, v0.z);
        dt = f.dt;
    }
    void step() { dWorldStep(world, dt); }
    af_vec3_f64 position() const
    {
        const dReal *p = dBodyGetPosition(body);
        return { p[0], p[1], p[2] };
    }
    af_vec3_f64 velocity() const
    {
        const dReal *v = dBodyGetLinearVel(body);
        return { v[0], v[1], v[2] };
    }
    af_drag_f64 model(const ec::flight &f) const
    {
        af_drag_f64 m;
        if (af_drag_init_f64(AF_DRAG_ODE, f.d * f.dt, f.dt, &f.g, nullptr, &m) != AF_OK)
            m.kind = (af_drag_kind)99;
        return m;
    }
    /* The brief's bound for a double-precision engine: 1e-12 of the
     * distance flown. */
    double rounding(const ec::flight &, int, double path) const { return 1e-12 * path; }
    double dt = 0.0;
};

/* Q16.16 numbers held exactly in double. */
fix16_t q16(double x)
{
    return (fix16_t)std::lround(x * 65536.0);
}

double value(fix16_t x)
{
    return x / 65536.0;
}

/* The Q16 preset on Q16.16 inputs (flown by the engine exactly as given):
 * within 1 LSB plus 2^-27 of the size of the flight (drag.h's accuracy of
 * the law in Q16). */
int q16_predictions_match(ode_engine &e, long flights)
{
    ec::check pos("engines_ode", "q16_prediction_matches_the_engine");
    ec::rng r(0x0de018);
    long overflows = 0;
    for (long i = 0; i < flights; i++) {
        ec::flight f = ec::random_flight(r, false);
        af_vec3_q16 g = { q16(f.g.x), q16(f.g.y), q16(f.g.z) };
        af_body_q16 start = { { q16(f.p0.x), q16(f.p0.y), q16(f.p0.z) },
                              { q16(f.v0.x), q16(f.v0.y), q16(f.v0.z) } },
                    out;
        fix16_t dt = q16(f.dt), d = q16(f.d * f.dt);
        af_drag_q16 m;
        if (!pos.that(af_drag_init_q16(AF_DRAG_ODE, d, dt, &g, nullptr, &m) == AF_OK &&
                          m.order == AF_STEP_DAMPING_LAST,
                      i, "init"))
            continue;
        ec::flight held = f;
        held.dt = value(dt);
        held.d = value(d) / held.dt;
        held.g = { value(g.x), value(g.y), value(g.z) };
        af_vec3_f64 p0 = { value(start.position.x), value(start.position.y),
                           value(start.position.z) };
        af_vec3_f64 v0 = { value(start.velocity.x), value(start.velocity.y),
                           value(start.velocity.z) };
        e.start(held, p0, v0);
        /* The engine's damping scale is the Q16 one, exactly. */
        dBodySetLinearDamping(e.body, value(d));
        double pmax;
        double path = ec::fly(e, f.steps, &pmax);
        af_status st = af_drag_predict_steps_q16(&m, &start, (fix16_t)(f.steps * 65536), &out);
        if (st == AF_ERR_OVERFLOW) {
            overflows++;
            continue; /* beyond Q16.16's 32768 m */
        }
        if (!pos.that(st == AF_OK, i, af_status_name(st)))
            continue;
        af_vec3_f64 got = { value(out.position.x), value(out.position.y), value(out.position.z) };
        double size = ec::len(v0) * f.steps * held.dt / (1.0 - value(d)) +
                      ec::len(held.g) * std::pow(f.steps * held.dt, 2) / (1.0 - value(d));
        pos.within(ec::dist(got, e.position()),
                   std::sqrt(3.0) / 65536.0 + size / 134217728.0 + 1e-12 * (path + pmax), i);
    }
    std::printf("#    engines_ode: %ld Q16 flights left Q16.16 (overflow)\n", overflows);
    return pos.done();
}

} // namespace

int main()
{
    std::printf("# suite engines_ode (ODE %s, seed 0x0de016)\n", dGetConfiguration());
    ode_engine e;
    int failed = ec::predictions_match(e, "engines_ode", 0x0de016, false, 2000);
    failed += ec::aims_meet_the_target(e, "engines_ode", 0x0de017, false, 300);
    failed += q16_predictions_match(e, 1000);
    return failed ? 1 : 0;
}
