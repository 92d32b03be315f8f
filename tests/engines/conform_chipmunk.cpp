/* SPDX-License-Identifier: MIT */
/*
 * Chipmunk2D 7.0.3 (Debian's libchipmunk, double, 2D: the x/y plane).
 * cpSpaceStep moves every body by its velocity first, then updates the
 * velocity: v = v damping^dt + g dt (cpBodyUpdateVelocity, damping the
 * fraction of velocity kept per second, here e^-d). No preset fits that
 * order directly, but it is the damping-last law (ODE's) launched at
 * v0 - g dt: from p[k], w[k] = v[k] - g dt the damping-last step gives
 * p[k+1] = p[k] + (w[k] + g dt) dt = p[k] + v[k] dt and w[k+1] =
 * (w[k] + g dt) r = v[k] r = v[k+1] - g dt. This checks that recipe
 * (docs/engines.md) against the engine: predictions to 1e-12 of the path,
 * and the aims' shots (launch velocity + g dt) meeting their targets.
 */
#include <chipmunk/chipmunk.h>

#include "engine_check.h"

namespace {

const char *const suite = "engines_chipmunk";

struct chipmunk_engine {
    cpSpace *space = nullptr;
    cpBody *body = nullptr;
    double dt = 0.0;
    af_vec3_f64 g = { 0, 0, 0 };

    ~chipmunk_engine() { drop(); }
    void drop()
    {
        if (space) {
            cpSpaceRemoveBody(space, body);
            cpBodyFree(body);
            cpSpaceFree(space);
            space = nullptr;
        }
    }
    /* p0, v0: the model's launch; the engine's is v0 + g dt. */
    void start(const ec::flight &f, af_vec3_f64 p0, af_vec3_f64 v0)
    {
        drop();
        space = cpSpaceNew();
        cpSpaceSetGravity(space, cpv(f.g.x, f.g.y));
        cpSpaceSetDamping(space, std::exp(-f.d));
        cpSpaceSetSleepTimeThreshold(space, INFINITY);
        body = cpSpaceAddBody(space, cpBodyNew(1.0, 1.0));
        cpBodySetPosition(body, cpv(p0.x, p0.y));
        cpBodySetVelocity(body, cpv(v0.x + f.g.x * f.dt, v0.y + f.g.y * f.dt));
        dt = f.dt;
        g = f.g;
    }
    void step() { cpSpaceStep(space, dt); }
    af_vec3_f64 position() const
    {
        cpVect p = cpBodyGetPosition(body);
        return { p.x, p.y, 0.0 };
    }
    /* The model's velocity: the engine's minus g dt. */
    af_vec3_f64 velocity() const
    {
        cpVect v = cpBodyGetVelocity(body);
        return { v.x - g.x * dt, v.y - g.y * dt, 0.0 };
    }
    af_drag_f64 model(const ec::flight &f) const
    {
        af_drag_f64 m;
        if (af_drag_init_f64(AF_DRAG_EXACT, 0.0, f.dt, &f.g, nullptr, &m) != AF_OK)
            m.kind = (af_drag_kind)99;
        m.r = std::pow(std::exp(-f.d), f.dt); /* cpfpow(damping, dt) */
        m.order = AF_STEP_DAMPING_LAST;
        return m;
    }
    double rounding(const ec::flight &, int, double path) const { return 1e-12 * path; }
};

} // namespace

int main()
{
    std::printf("# suite %s (Chipmunk %s, cpFloat of %d bytes)\n", suite, cpVersionString,
                (int)sizeof(cpFloat));
    chipmunk_engine e;
    int failed = ec::predictions_match(e, suite, 0xc4195, true, 1000);
    failed += ec::aims_meet_the_target(e, suite, 0xc4196, true, 200);
    return failed ? 1 : 0;
}
