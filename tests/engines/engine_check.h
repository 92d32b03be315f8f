/* SPDX-License-Identifier: MIT */
/*
 * tests/engines/engine_check.h — what the conformance programs share: a
 * seeded generator for the random bodies of the brief (steps of 1/240 to
 * 1/30 s, damping 0 to 2 1/s, gravity 1 to 30 m/s^2 in any direction,
 * speeds 1 to 100 m/s, up to 600 steps), "ok"/"FAIL" lines in the suites'
 * format, and the distance checks. Header-only C++ (each program is one
 * translation unit linked with one engine and the f64 library).
 */
#ifndef AIMFIX_TESTS_ENGINE_CHECK_H
#define AIMFIX_TESTS_ENGINE_CHECK_H

#include <cmath>
#include <cstdint>
#include <cstdio>

#include "aimfix.h"

namespace ec {

/* splitmix64: the same bodies on every run and machine. */
struct rng {
    uint64_t s;
    explicit rng(uint64_t seed) : s(seed) {}
    uint64_t next()
    {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double unit() { return (double)(next() >> 11) * (1.0 / 9007199254740992.0); } /* [0, 1) */
    double range(double lo, double hi) { return lo + (hi - lo) * unit(); }
    double log_range(double lo, double hi) { return lo * std::exp(std::log(hi / lo) * unit()); }
    int below(int n) { return (int)(unit() * n); }
    /* A direction: in the x/y plane for a 2D engine. */
    af_vec3_f64 direction(bool plane)
    {
        for (;;) {
            af_vec3_f64 v = { range(-1, 1), range(-1, 1), plane ? 0.0 : range(-1, 1) };
            double n = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
            if (n > 0.1 && n <= 1.0) {
                v.x /= n, v.y /= n, v.z /= n;
                return v;
            }
        }
    }
};

/* One random flight of the brief. */
struct flight {
    double dt, d; /* step (s), damping (1/s) */
    af_vec3_f64 g, p0, v0;
    int steps;
};

inline flight random_flight(rng &r, bool plane)
{
    flight f;
    af_vec3_f64 gd = r.direction(plane), vd = r.direction(plane);
    double gm = r.range(1.0, 30.0), speed = r.range(1.0, 100.0);
    f.dt = r.log_range(1.0 / 240.0, 1.0 / 30.0);
    f.d = r.below(8) == 0 ? 0.0 : r.range(0.0, 2.0);
    f.g = { gd.x * gm, gd.y * gm, gd.z * gm };
    f.v0 = { vd.x * speed, vd.y * speed, vd.z * speed };
    f.p0 = { r.range(-10, 10), r.range(-10, 10), plane ? 0.0 : r.range(-10, 10) };
    f.steps = 1 + r.below(600);
    return f;
}

inline double dist(af_vec3_f64 a, af_vec3_f64 b)
{
    double x = a.x - b.x, y = a.y - b.y, z = a.z - b.z;
    return std::sqrt(x * x + y * y + z * z);
}

inline double len(af_vec3_f64 a)
{
    return std::sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
}

/* Distance from q to the segment a-b. */
inline double to_segment(af_vec3_f64 q, af_vec3_f64 a, af_vec3_f64 b)
{
    double ab[3] = { b.x - a.x, b.y - a.y, b.z - a.z }, aq[3] = { q.x - a.x, q.y - a.y, q.z - a.z };
    double l2 = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2], s = 0.0;
    if (l2 > 0.0)
        s = (aq[0] * ab[0] + aq[1] * ab[1] + aq[2] * ab[2]) / l2;
    s = s < 0.0 ? 0.0 : s > 1.0 ? 1.0 : s;
    af_vec3_f64 p = { a.x + s * ab[0], a.y + s * ab[1], a.z + s * ab[2] };
    return dist(q, p);
}

/* One named check: counts its failures, prints the first few, then an
 * "ok"/"FAIL" line with the worst ratio of error to allowance. */
struct check {
    const char *suite, *name;
    long count = 0, failed = 0;
    double worst = 0.0;
    check(const char *s, const char *n) : suite(s), name(n) {}
    bool within(double error, double allowance, long index)
    {
        double ratio = allowance > 0.0 ? error / allowance : (error > 0.0 ? INFINITY : 0.0);
        count++;
        if (!(ratio <= 1.0)) {
            if (failed++ < 5)
                std::printf("     %s.%s %ld: error %.3g, allowed %.3g\n", suite, name, index,
                            error, allowance);
            return false;
        }
        if (ratio > worst)
            worst = ratio;
        return true;
    }
    bool that(bool ok, long index, const char *what)
    {
        count++;
        if (!ok && failed++ < 5)
            std::printf("     %s.%s %ld: %s\n", suite, name, index, what);
        return ok;
    }
    /* Prints the verdict; returns 1 on failure. */
    int done() const
    {
        if (count == 0) {
            std::printf("     nothing was checked\nFAIL %s.%s\n", suite, name);
            return 1;
        }
        if (failed) {
            std::printf("FAIL %s.%s: %ld of %ld checks failed\n", suite, name, failed, count);
            return 1;
        }
        std::printf("ok   %s.%s (%ld checks, worst %.3g of the allowance)\n", suite, name, count,
                    worst);
        return 0;
    }
};

/*
 * The checks every engine runs, on an Engine with
 *     void start(const flight &f, af_vec3_f64 p0, af_vec3_f64 v0);
 *     void step();
 *     af_vec3_f64 position(); af_vec3_f64 velocity();
 *     af_drag_f64 model(const flight &f);   the preset, as the engine's
 *                                           numbers are (float or double)
 *     double rounding(const flight &f, int n, double path);  the engine's
 *                                           own rounding over n steps
 */

/* Flies n steps; returns the path length and the largest |p|. */
template <class Engine>
double fly(Engine &e, int n, double *pmax)
{
    af_vec3_f64 last = e.position();
    double path = 0.0;
    *pmax = len(last);
    for (int k = 0; k < n; k++) {
        e.step();
        af_vec3_f64 p = e.position();
        path += dist(p, last);
        last = p;
        if (len(p) > *pmax)
            *pmax = len(p);
    }
    return path;
}

/* Whole steps: the f64 prediction (whole steps) against the engine. */
template <class Engine>
int predictions_match(Engine &e, const char *suite, uint64_t seed, bool plane, long flights)
{
    check pos(suite, "prediction_matches_the_engine"), vel(suite, "velocity_matches_the_engine");
    rng r(seed);
    for (long i = 0; i < flights; i++) {
        flight f = random_flight(r, plane);
        af_drag_f64 m = e.model(f);
        af_body_f64 start = { f.p0, f.v0 }, out;
        double pmax;
        e.start(f, f.p0, f.v0);
        double path = fly(e, f.steps, &pmax);
        af_status st = af_drag_predict_steps_f64(&m, &start, f.steps, &out);
        if (st == AF_ERR_ENGINE_LIMIT && m.max_move > 0.0)
            continue; /* past the engine's cap: its own test flies these */
        if (!pos.that(st == AF_OK, i, af_status_name(st)))
            continue;
        double tol = e.rounding(f, f.steps, path + pmax);
        pos.within(dist(out.position, e.position()), tol, i);
        vel.within(dist(out.velocity, e.velocity()),
                   e.rounding(f, f.steps, len(f.v0) + len(f.g) * f.steps * f.dt), i);
    }
    return pos.done() + vel.done();
}

/* The flight of a shot, flown to time t in the engine: returns the miss
 * from `point` and the allowance between steps. At a whole step the
 * allowance is the engine's rounding alone; between steps k and k + 1 the
 * point lies within |p''| dt^2 / 8 of the segment the engine moves along
 * (drag.h), |p''| bounded by its largest value at the step's ends. */
template <class Engine>
void fly_shot(Engine &e, const flight &f, const af_drag_f64 &m, af_vec3_f64 launch, double t,
              af_vec3_f64 point, double *miss, double *allowance)
{
    double n = t / f.dt, pmax;
    long k = (long)std::floor(n + 1e-9);
    bool whole = std::fabs(n - std::floor(n + 0.5)) <= 1e-9;
    e.start(f, f.p0, launch);
    double path = fly(e, (int)k, &pmax);
    af_vec3_f64 a = e.position(), b;
    double rounding = e.rounding(f, (int)k + 1, path + pmax + dist(point, f.p0));
    if (whole) {
        *miss = dist(a, point);
        *allowance = rounding;
        return;
    }
    e.step();
    b = e.position();
    /* |p''| at the step's ends, by second differences of the f64 curve. */
    af_body_f64 s = { f.p0, launch };
    double h = f.dt / 64.0, acc = 0.0;
    for (int end = 0; end < 2; end++) {
        double tc = (k + end) * f.dt, tl = tc > h ? tc - h : tc, th = tl + 2 * h;
        af_body_f64 p0, p1, p2;
        if (af_drag_predict_f64(&m, &s, tl, &p0) != AF_OK ||
            af_drag_predict_f64(&m, &s, tl + h, &p1) != AF_OK ||
            af_drag_predict_f64(&m, &s, th, &p2) != AF_OK)
            continue;
        af_vec3_f64 dd = { (p0.position.x - 2 * p1.position.x + p2.position.x) / (h * h),
                           (p0.position.y - 2 * p1.position.y + p2.position.y) / (h * h),
                           (p0.position.z - 2 * p1.position.z + p2.position.z) / (h * h) };
        acc = std::fmax(acc, len(dd));
    }
    *miss = to_segment(point, a, b);
    *allowance = 1.01 * acc * f.dt * f.dt / 8.0 + rounding;
}

/* Aims: the fixed-time shot (at a whole step and between steps) and every
 * fixed-speed shot, flown in the engine, meet the target. */
template <class Engine>
int aims_meet_the_target(Engine &e, const char *suite, uint64_t seed, bool plane, long flights)
{
    check whole(suite, "aim_time_whole_step_hits"), between(suite, "aim_time_between_steps_hits"),
        speed(suite, "aim_speed_hits"), launch_speed(suite, "aim_speed_launches_at_the_speed");
    rng r(seed);
    long solved = 0;
    for (long i = 0; i < flights; i++) {
        flight f = random_flight(r, plane);
        af_drag_f64 m = e.model(f);
        af_body_f64 shooter = { f.p0, { 0, 0, 0 } }, target;
        af_vec3_f64 dir = r.direction(plane);
        double reach = r.range(1.0, 60.0);
        target.position = { f.p0.x + dir.x * reach, f.p0.y + dir.y * reach,
                            f.p0.z + dir.z * reach };
        af_vec3_f64 tv = r.direction(plane);
        double ts = r.range(0.0, 5.0);
        target.velocity = { tv.x * ts, tv.y * ts, tv.z * ts };
        af_shots_f64 shots;
        double miss, allowance;
        /* A whole number of steps, and the same plus a fraction. */
        double t_whole = f.steps * f.dt, t_between = (f.steps + r.range(0.05, 0.95)) * f.dt;
        af_status st = af_drag_aim_time_f64(&m, &shooter, &target, t_whole, 0, &shots);
        if (st == AF_OK) {
            fly_shot(e, f, m, shots.shot[0].velocity, shots.shot[0].t, shots.shot[0].point, &miss,
                     &allowance);
            whole.within(miss, allowance, i);
        } else {
            whole.that(st == AF_ERR_ENGINE_LIMIT, i, af_status_name(st));
        }
        st = af_drag_aim_time_f64(&m, &shooter, &target, t_between, 0, &shots);
        if (st == AF_OK) {
            fly_shot(e, f, m, shots.shot[0].velocity, shots.shot[0].t, shots.shot[0].point, &miss,
                     &allowance);
            between.within(miss, allowance, i);
        } else {
            between.that(st == AF_ERR_ENGINE_LIMIT, i, af_status_name(st));
        }
        double asked = r.range(10.0, 100.0);
        st = af_drag_aim_speed_f64(&m, &shooter, &target, asked, 10.0, 0, &shots);
        if (st == AF_OK) {
            solved++;
            for (int j = 0; j < shots.count; j++) {
                /* The velocity the engine is given has the speed asked. */
                launch_speed.within(std::fabs(len(shots.shot[j].velocity) - asked), 1e-9 * asked,
                                    i);
                fly_shot(e, f, m, shots.shot[j].velocity, shots.shot[j].t, shots.shot[j].point,
                         &miss, &allowance);
                speed.within(miss, allowance, i);
            }
        } else {
            speed.that(st == AF_ERR_NO_SOLUTION || st == AF_ERR_ENGINE_LIMIT, i,
                       af_status_name(st));
        }
    }
    std::printf("#    %s: %ld of %ld fixed-speed aims solved\n", suite, solved, flights);
    return whole.done() + between.done() + speed.done() + launch_speed.done();
}

} // namespace ec

#endif
