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

} // namespace

int main()
{
    std::printf("# suite engines_ode (ODE %s, seed 0x0de016)\n", dGetConfiguration());
    ode_engine e;
    int failed = ec::predictions_match(e, "engines_ode", 0x0de016, false, 2000);
    failed += ec::aims_meet_the_target(e, "engines_ode", 0x0de017, false, 300);
    return failed ? 1 : 0;
}
