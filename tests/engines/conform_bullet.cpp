/* SPDX-License-Identifier: MIT */
/*
 * Bullet 3.24 (Debian's libbullet, built twice: float, and double with
 * BT_USE_DOUBLE_PRECISION against the -float64 libraries) against
 * AF_DRAG_BULLET: btRigidBody::applyDamping scales the velocity by
 * (1 - d)^dt, then the constraint solver adds gravity's impulse, then the
 * body moves by the new velocity (damping first).
 *
 * Double build: the f64 prediction meets the engine to 1e-12 of the path.
 * Float build: the engine is matched bit for bit by the library's law
 * replayed in float (v = v r + g dt, p += v dt, with the engine's float r),
 * and by the f64 prediction within float rounding.
 * In both, the aims' shots flown in the engine meet their targets. A
 * gravity-first model (the preset's order before) misses the engine.
 */
#include <btBulletDynamicsCommon.h>

#include "engine_check.h"

namespace {

#ifdef BT_USE_DOUBLE_PRECISION
const char *const suite = "engines_bullet_double";
const bool single = false;
#else
const char *const suite = "engines_bullet_float";
const bool single = true;
#endif

/* A number as the engine holds it. */
double held(double x)
{
    return (double)(btScalar)x;
}

af_vec3_f64 held(af_vec3_f64 v)
{
    return { held(v.x), held(v.y), held(v.z) };
}

/* Bullet's damping fraction per second for d in 1/s: (1 - f) = e^-d. */
double fraction(double d)
{
    return held(-std::expm1(-d));
}

struct bullet_engine {
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher{ &config };
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btDiscreteDynamicsWorld world{ &dispatcher, &broadphase, &solver, &config };
    btSphereShape shape{ 0.5 };
    btRigidBody *body = nullptr;
    btScalar dt = 0;

    ~bullet_engine() { drop(); }
    void drop()
    {
        if (body) {
            world.removeRigidBody(body);
            delete body;
            body = nullptr;
        }
    }
    void start(const ec::flight &f, af_vec3_f64 p0, af_vec3_f64 v0)
    {
        drop();
        world.setGravity(btVector3(f.g.x, f.g.y, f.g.z));
        btVector3 inertia(0, 0, 0);
        shape.calculateLocalInertia(1, inertia);
        btRigidBody::btRigidBodyConstructionInfo info(1, nullptr, &shape, inertia);
        info.m_startWorldTransform.setIdentity();
        info.m_startWorldTransform.setOrigin(btVector3(p0.x, p0.y, p0.z));
        info.m_linearDamping = (btScalar)fraction(f.d);
        body = new btRigidBody(info);
        body->setLinearVelocity(btVector3(v0.x, v0.y, v0.z));
        body->setActivationState(DISABLE_DEACTIVATION);
        world.addRigidBody(body);
        dt = (btScalar)f.dt;
    }
    void step() { world.stepSimulation(dt, 0); }
    af_vec3_f64 position() const
    {
        const btVector3 &p = body->getWorldTransform().getOrigin();
        return { p.x(), p.y(), p.z() };
    }
    af_vec3_f64 velocity() const
    {
        const btVector3 &v = body->getLinearVelocity();
        return { v.x(), v.y(), v.z() };
    }
    /* The preset, with the engine's own r (computed in its precision). */
    af_drag_f64 model(const ec::flight &f) const
    {
        af_drag_f64 m;
        af_vec3_f64 g = held(f.g);
        if (af_drag_init_f64(AF_DRAG_BULLET, fraction(f.d), held(f.dt), &g, nullptr, &m) != AF_OK)
            m.kind = (af_drag_kind)99;
        m.r = (double)btPow(btScalar(1) - (btScalar)fraction(f.d), (btScalar)f.dt);
        return m;
    }
    double rounding(const ec::flight &, int n, double scale) const
    {
        /* float: each step rounds the position and the velocity, which
         * the later steps carry: about n ulps of the scale. */
        return single ? 2.0 * (n + 1) * (1.0 / 16777216.0) * scale : 1e-12 * scale;
    }
};

/* The float build, step by step: the library's law (damping first) in
 * float gives the engine's very bits. */
int float_replay_is_exact(bullet_engine &e, long flights)
{
    ec::check bits(suite, "float_law_is_the_engine_bit_for_bit");
    ec::rng r(0xb0117e7);
    for (long i = 0; i < flights; i++) {
        ec::flight f = ec::random_flight(r, false);
        f.p0 = held(f.p0), f.v0 = held(f.v0);
        e.start(f, f.p0, f.v0);
        float rf = (float)e.model(f).r, h = (float)f.dt;
        float g[3] = { (float)f.g.x, (float)f.g.y, (float)f.g.z };
        float p[3] = { (float)f.p0.x, (float)f.p0.y, (float)f.p0.z };
        float v[3] = { (float)f.v0.x, (float)f.v0.y, (float)f.v0.z };
        bool same = true;
        for (int k = 0; k < f.steps && same; k++) {
            e.step();
            af_vec3_f64 q = e.position();
            for (int c = 0; c < 3; c++) {
                v[c] = v[c] * rf;
                v[c] = v[c] + g[c] * h;
                p[c] = p[c] + v[c] * h;
            }
            same = (double)p[0] == q.x && (double)p[1] == q.y && (double)p[2] == q.z;
        }
        bits.that(same, i, "the float replay left the engine");
    }
    return bits.done();
}

/* The gravity-first order (the preset's before) is not Bullet's: over
 * flights with damping it misses by more than four times the allowance
 * the damping-first preset meets. */
int gravity_first_misses(bullet_engine &e, long flights)
{
    ec::check miss(suite, "gravity_first_order_misses_the_engine");
    ec::rng r(0xb0117e8);
    for (long i = 0; i < flights; i++) {
        ec::flight f = ec::random_flight(r, false);
        f.d = r.range(1.0, 2.0);
        f.dt = r.range(1.0 / 60.0, 1.0 / 30.0);
        f.steps = 300;
        f.p0 = held(f.p0), f.v0 = held(f.v0);
        af_drag_f64 m = e.model(f);
        m.order = AF_STEP_GRAVITY_THEN_DAMPING;
        af_body_f64 start = { f.p0, f.v0 }, out;
        double pmax;
        e.start(f, f.p0, f.v0);
        double path = ec::fly(e, f.steps, &pmax);
        if (!miss.that(af_drag_predict_steps_f64(&m, &start, f.steps, &out) == AF_OK, i, "predict"))
            continue;
        miss.that(ec::dist(out.position, e.position()) > 4.0 * e.rounding(f, f.steps, path + pmax),
                  i, "a gravity-first model met the engine");
    }
    return miss.done();
}

} // namespace

int main()
{
    std::printf("# suite %s (Bullet %d, btScalar of %d bytes)\n", suite, btGetVersion(),
                (int)sizeof(btScalar));
    bullet_engine e;
    int failed = 0;
    if (single)
        failed += float_replay_is_exact(e, 300);
    failed += ec::predictions_match(e, suite, 0xb0117e9, false, 1000);
    failed += ec::aims_meet_the_target(e, suite, 0xb0117ea, false, 200);
    failed += gravity_first_misses(e, 50);
    return failed ? 1 : 0;
}
