/* SPDX-License-Identifier: MIT */
/*
 * Chipmunk2D 7.0.3 (Debian's libchipmunk, double, 2D: the x/y plane).
 * cpSpaceStep moves every body by its velocity first (position_func: p +=
 * v dt), then updates the velocity (cpBodyUpdateVelocity: v = v
 * damping^dt + g dt, damping the fraction kept per second, here e^-d):
 * AF_DRAG_CHIPMUNK's order, AF_STEP_MOVE_FIRST. The preset is flown as a
 * user names it: the engine's own damping and the launch velocity the
 * engine is given; predictions to 1e-12 of the path, the aims' shots
 * meeting their targets.
 */
#include <chipmunk/chipmunk.h>

#include "engine_check.h"

namespace {

const char *const suite = "engines_chipmunk";

struct chipmunk_engine {
    cpSpace *space = nullptr;
    cpBody *body = nullptr;
    double dt = 0.0;

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
    void start(const ec::flight &f, af_vec3_f64 p0, af_vec3_f64 v0)
    {
        drop();
        space = cpSpaceNew();
        cpSpaceSetGravity(space, cpv(f.g.x, f.g.y));
        cpSpaceSetDamping(space, std::exp(-f.d));
        cpSpaceSetSleepTimeThreshold(space, INFINITY);
        body = cpSpaceAddBody(space, cpBodyNew(1.0, 1.0));
        cpBodySetPosition(body, cpv(p0.x, p0.y));
        cpBodySetVelocity(body, cpv(v0.x, v0.y));
        dt = f.dt;
    }
    void step() { cpSpaceStep(space, dt); }
    af_vec3_f64 position() const
    {
        cpVect p = cpBodyGetPosition(body);
        return { p.x, p.y, 0.0 };
    }
    af_vec3_f64 velocity() const
    {
        cpVect v = cpBodyGetVelocity(body);
        return { v.x, v.y, 0.0 };
    }
    af_drag_f64 model(const ec::flight &f) const
    {
        af_drag_f64 m;
        if (af_drag_init_f64(AF_DRAG_CHIPMUNK, std::exp(-f.d), f.dt, &f.g, nullptr, &m) != AF_OK)
            m.kind = (af_drag_kind)99;
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
