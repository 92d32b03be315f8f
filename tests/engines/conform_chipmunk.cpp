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

/* Q16.16 numbers held exactly in double. */
fix16_t q16(double x)
{
    return (fix16_t)std::lround(x * 65536.0);
}

double value(fix16_t x)
{
    return x / 65536.0;
}

/* The Q16 preset on Q16.16 inputs, flown by the engine as given with the
 * damping whose dt-th power is the preset's r (to a few ulps): within 1 LSB
 * plus 2^-27 of the size of the flight (drag.h's accuracy of the law in
 * Q16), in position and velocity. */
int q16_predictions_match(chipmunk_engine &e, long flights)
{
    ec::check pos(suite, "q16_prediction_matches_the_engine"),
        vel(suite, "q16_velocity_matches_the_engine");
    ec::rng r(0xc4197);
    long overflows = 0;
    for (long i = 0; i < flights; i++) {
        ec::flight f = ec::random_flight(r, true);
        af_vec3_q16 g = { q16(f.g.x), q16(f.g.y), 0 };
        af_body_q16 start = { { q16(f.p0.x), q16(f.p0.y), 0 }, { q16(f.v0.x), q16(f.v0.y), 0 } },
                    out;
        fix16_t dt = q16(f.dt);
        af_drag_q16 m;
        if (!pos.that(af_drag_init_q16(AF_DRAG_CHIPMUNK, q16(std::exp(-f.d)), dt, &g, nullptr,
                                       &m) == AF_OK &&
                          m.order == AF_STEP_MOVE_FIRST,
                      i, "init"))
            continue;
        ec::flight held = f;
        held.dt = value(dt);
        held.d = -std::log(value(m.r)) / held.dt; /* damping e^-d: r = e^-(d dt) */
        held.g = { value(g.x), value(g.y), 0.0 };
        af_vec3_f64 p0 = { value(start.position.x), value(start.position.y), 0.0 };
        af_vec3_f64 v0 = { value(start.velocity.x), value(start.velocity.y), 0.0 };
        e.start(held, p0, v0);
        double pmax;
        double path = ec::fly(e, f.steps, &pmax);
        af_status st = af_drag_predict_steps_q16(&m, &start, (fix16_t)(f.steps * 65536), &out);
        if (st == AF_ERR_OVERFLOW) {
            overflows++;
            continue; /* beyond Q16.16's 32768 m */
        }
        if (!pos.that(st == AF_OK, i, af_status_name(st)))
            continue;
        af_vec3_f64 got = { value(out.position.x), value(out.position.y), 0.0 };
        af_vec3_f64 gotv = { value(out.velocity.x), value(out.velocity.y), 0.0 };
        double t = f.steps * held.dt, rr = value(m.r);
        double size = (ec::len(v0) * t + ec::len(held.g) * t * t) / rr;
        double vsize = (ec::len(v0) + ec::len(held.g) * (t + held.dt)) / rr;
        pos.within(ec::dist(got, e.position()),
                   std::sqrt(2.0) / 65536.0 + size / 134217728.0 + 1e-12 * (path + pmax), i);
        vel.within(ec::dist(gotv, e.velocity()), std::sqrt(2.0) / 65536.0 + vsize / 134217728.0,
                   i);
    }
    std::printf("#    %s: %ld Q16 flights left Q16.16 (overflow)\n", suite, overflows);
    return pos.done() + vel.done();
}

} // namespace

int main()
{
    std::printf("# suite %s (Chipmunk %s, cpFloat of %d bytes)\n", suite, cpVersionString,
                (int)sizeof(cpFloat));
    chipmunk_engine e;
    int failed = ec::predictions_match(e, suite, 0xc4195, true, 1000);
    failed += ec::aims_meet_the_target(e, suite, 0xc4196, true, 200);
    failed += q16_predictions_match(e, 1000);
    return failed ? 1 : 0;
}
