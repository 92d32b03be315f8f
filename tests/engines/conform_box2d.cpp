/* SPDX-License-Identifier: MIT */
/*
 * Box2D 2.4.1 (Debian's libbox2d, float, 2D: the x/y plane) against
 * AF_DRAG_BOX2D: b2Island::Solve adds gravity, scales the velocity by
 * 1 / (1 + h d), then moves the body by h v, unless that move is longer
 * than b2_maxTranslation (2 m): then the engine shortens the velocity.
 *
 * Flights the library accepts are matched bit for bit by the library's law
 * replayed in float, and by the f64 prediction within float rounding;
 * flights it refuses with AF_ERR_ENGINE_LIMIT do leave that law in the
 * engine. The aims' shots flown in the engine meet their targets.
 */
#include <box2d/box2d.h>

#include "engine_check.h"

namespace {

const char *const suite = "engines_box2d";

double held(double x)
{
    return (double)(float)x;
}

af_vec3_f64 held(af_vec3_f64 v)
{
    return { held(v.x), held(v.y), 0.0 };
}

struct box2d_engine {
    b2World *world = nullptr;
    b2Body *body = nullptr;
    float dt = 0;

    ~box2d_engine() { delete world; }
    void start(const ec::flight &f, af_vec3_f64 p0, af_vec3_f64 v0)
    {
        delete world;
        world = new b2World(b2Vec2((float)f.g.x, (float)f.g.y));
        b2BodyDef def;
        def.type = b2_dynamicBody;
        def.position.Set((float)p0.x, (float)p0.y);
        def.linearVelocity.Set((float)v0.x, (float)v0.y);
        def.linearDamping = (float)f.d;
        def.allowSleep = false;
        body = world->CreateBody(&def);
        /* A unit mass (a body without fixtures has none, and gravity
         * would not move it): gravity's impulse is then h g exactly. */
        b2MassData mass;
        mass.mass = 1.0f;
        mass.center.SetZero();
        mass.I = 1.0f;
        body->SetMassData(&mass);
        dt = (float)f.dt;
    }
    void step() { world->Step(dt, 8, 3); }
    af_vec3_f64 position() const
    {
        b2Vec2 p = body->GetPosition();
        return { p.x, p.y, 0.0 };
    }
    af_vec3_f64 velocity() const
    {
        b2Vec2 v = body->GetLinearVelocity();
        return { v.x, v.y, 0.0 };
    }
    /* The engine's float r. */
    static float damping(const ec::flight &f)
    {
        float h = (float)f.dt;
        return 1.0f / (1.0f + h * (float)f.d);
    }
    af_drag_f64 model(const ec::flight &f) const
    {
        af_drag_f64 m;
        af_vec3_f64 g = held(f.g);
        if (af_drag_init_f64(AF_DRAG_BOX2D, held(f.d), held(f.dt), &g, nullptr, &m) != AF_OK)
            m.kind = (af_drag_kind)99;
        m.r = (double)damping(f);
        return m;
    }
    double rounding(const ec::flight &, int n, double scale) const
    {
        return 2.0 * (n + 1) * (1.0 / 16777216.0) * scale;
    }
};

/* Step by step against the library's law in float (no cap), for flights
 * the library accepts; the ones it refuses must leave that law. */
int float_replay(box2d_engine &e, long flights)
{
    ec::check bits(suite, "float_law_is_the_engine_bit_for_bit"),
        refused(suite, "refused_flights_leave_the_law"), cap(suite, "cap_refusals_seen");
    ec::rng r(0xb02d);
    long refusals = 0;
    for (long i = 0; i < flights; i++) {
        ec::flight f = ec::random_flight(r, true);
        f.p0 = held(f.p0), f.v0 = held(f.v0);
        af_drag_f64 m = e.model(f);
        af_body_f64 start = { f.p0, f.v0 }, out;
        af_status st = af_drag_predict_steps_f64(&m, &start, f.steps, &out);
        e.start(f, f.p0, f.v0);
        float rf = box2d_engine::damping(f), h = (float)f.dt;
        float g[2] = { (float)f.g.x, (float)f.g.y };
        float p[2] = { (float)f.p0.x, (float)f.p0.y }, v[2] = { (float)f.v0.x, (float)f.v0.y };
        bool same = true;
        for (int k = 0; k < f.steps && same; k++) {
            e.step();
            af_vec3_f64 q = e.position();
            for (int c = 0; c < 2; c++) {
                v[c] = v[c] + h * g[c];
                v[c] = v[c] * rf;
                p[c] = p[c] + h * v[c];
            }
            same = (double)p[0] == q.x && (double)p[1] == q.y;
        }
        if (st == AF_OK) {
            bits.that(same, i, "the float replay left the engine");
        } else {
            refusals++;
            refused.that(st == AF_ERR_ENGINE_LIMIT && !same, i,
                         st == AF_ERR_ENGINE_LIMIT ? "refused, yet the engine kept the law"
                                                   : af_status_name(st));
        }
    }
    cap.that(refusals > 0, 0, "no flight reached the cap");
    std::printf("#    %s: %ld of %ld flights refused for the 2 m cap\n", suite, refusals, flights);
    return bits.done() + refused.done() + cap.done();
}

} // namespace

int main()
{
    std::printf("# suite %s (Box2D %d.%d.%d, float)\n", suite, b2_version.major,
                b2_version.minor, b2_version.revision);
    box2d_engine e;
    int failed = float_replay(e, 600);
    failed += ec::predictions_match(e, suite, 0xb02e, true, 1000);
    failed += ec::aims_meet_the_target(e, suite, 0xb02f, true, 200);
    return failed ? 1 : 0;
}
