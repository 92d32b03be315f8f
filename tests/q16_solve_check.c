/* Q16 solvers against f64 (see q16_solve_check.h). */
#include "q16_solve_check.h"

#include <math.h>

#include "kinematics.h"

double q16_to_f64(fix16_t v)
{
    return v / 65536.0;
}

af_vec3_f64 q16_vec_to_f64(af_vec3_q16 v)
{
    af_vec3_f64 r;
    r.x = q16_to_f64(v.x);
    r.y = q16_to_f64(v.y);
    r.z = q16_to_f64(v.z);
    return r;
}

fix16_t q16_from_f64(double v)
{
    double r = floor(v * 65536.0 + 0.5);
    if (r > 2147483647.0)
        r = 2147483647.0;
    if (r < -2147483648.0)
        r = -2147483648.0;
    return (fix16_t)r;
}

af_vec3_q16 q16_vec_from_f64(af_vec3_f64 v)
{
    af_vec3_q16 r;
    r.x = q16_from_f64(v.x);
    r.y = q16_from_f64(v.y);
    r.z = q16_from_f64(v.z);
    return r;
}

af_body_q16 q16_body_from_f64(const af_body_f64 *b)
{
    af_body_q16 r;
    r.position = q16_vec_from_f64(b->position);
    r.velocity = q16_vec_from_f64(b->velocity);
    return r;
}

static af_vec3_f64 round_vec(af_vec3_f64 v)
{
    return q16_vec_to_f64(q16_vec_from_f64(v));
}

void q16_round_scenario(scenario *s)
{
    s->shooter.position = round_vec(s->shooter.position);
    s->shooter.velocity = round_vec(s->shooter.velocity);
    s->target.position = round_vec(s->target.position);
    s->target.velocity = round_vec(s->target.velocity);
    s->gravity = round_vec(s->gravity);
    s->speed = q16_to_f64(q16_from_f64(s->speed));
}

static double clamp(double v, double limit)
{
    return v > limit ? limit : v < -limit ? -limit : v;
}

scenario q16_random_scenario(th_rng *rng, int magnitude_class)
{
    static const double dist[Q16_CLASSES][2] = { { 1e-3, 1 }, { 1, 100 }, { 100, 16000 } };
    static const double speed[Q16_CLASSES][2] = { { 0.25, 2 }, { 2, 100 }, { 100, 16000 } };
    const double limit = 16000.0; /* positions: differences stay within Q16.16 */
    scenario s;
    af_vec3_f64 d, zero = { 0, 0, 0 };
    int c = magnitude_class % Q16_CLASSES;
    s.shooter.position.x = th_rand_uniform(rng, -limit, limit);
    s.shooter.position.y = th_rand_uniform(rng, -limit, limit);
    s.shooter.position.z = th_rand_uniform(rng, -limit, limit);
    d = scenario_vector(rng, dist[c][0], dist[c][1]);
    s.target.position.x = clamp(s.shooter.position.x + d.x, limit);
    s.target.position.y = clamp(s.shooter.position.y + d.y, limit);
    s.target.position.z = clamp(s.shooter.position.z + d.z, limit);
    s.speed = th_rand_log(rng, speed[c][0], speed[c][1]);
    s.target.velocity = th_rand_below(rng, 4) == 0
                            ? zero
                            : scenario_vector(rng, 1e-3 * s.speed, fmin(3.0 * s.speed, 16000));
    s.shooter.velocity = th_rand_below(rng, 4) == 0
                             ? zero
                             : scenario_vector(rng, 1e-3 * s.speed, fmin(3.0 * s.speed, 16000));
    if (th_rand_below(rng, 2)) {
        s.gravity.x = s.gravity.y = 0.0;
        s.gravity.z = -9.81;
    } else {
        s.gravity = scenario_vector(rng, 0.1, 100);
    }
    s.flags = th_rand_below(rng, 2) ? AF_INHERIT_VELOCITY : 0u;
    q16_round_scenario(&s);
    return s;
}

static double distance_at(const scenario *s, af_vec3_f64 u, af_vec3_f64 g, double t)
{
    return kin_dist(kin_projectile(&s->shooter, (s->flags & AF_INHERIT_VELOCITY) != 0, u, g, t),
                    kin_body(&s->target, t));
}

double q16_closest_approach(const scenario *s, af_vec3_f64 u, af_vec3_f64 g, double t_hint)
{
    /* A coarse scan of [0.5, 1.5] t_hint, then golden sections around the
     * best sample: the distance is smooth and, near a hit, has one minimum
     * there. A bounded 64 + 80 evaluations. */
    const double phi = 0.6180339887498949;
    double lo = 0.5 * t_hint, step = t_hint / 64.0, best_t = t_hint, best, a, b;
    int i;
    best = distance_at(s, u, g, t_hint);
    for (i = 0; i <= 64; i++) {
        double t = lo + step * i, d = distance_at(s, u, g, t);
        if (d < best) {
            best = d;
            best_t = t;
        }
    }
    a = fmax(0.0, best_t - step);
    b = best_t + step;
    for (i = 0; i < 80; i++) {
        double x1 = b - phi * (b - a), x2 = a + phi * (b - a);
        if (distance_at(s, u, g, x1) < distance_at(s, u, g, x2))
            b = x2;
        else
            a = x1;
    }
    return fmin(best, distance_at(s, u, g, 0.5 * (a + b)));
}

void q16_record_miss(q16_stats *st, double miss, double range)
{
    double r = range > 0 ? miss / range : 0.0;
    int bin;
    st->shots++;
    if (miss > Q16_MISS_RELATIVE * range + Q16_MISS_ABSOLUTE)
        st->over_tolerance++;
    if (miss > Q16_MISS_WORST_RELATIVE * range && miss > Q16_MISS_ABSOLUTE)
        st->over_worst++;
    if (r > st->worst) {
        st->worst = r;
        st->worst_range = range;
    }
    /* Half-decade bins from 1e-12: bin k holds [1e-12 10^(k/2), ...). */
    bin = r <= 1e-12 ? 0 : (int)floor(2.0 * (log10(r) + 12.0)) + 1;
    if (bin < 0)
        bin = 0;
    if (bin > 63)
        bin = 63;
    st->hist[bin]++;
}

/* The upper edge of the half-decade bin holding the p-quantile. */
static double quantile(const q16_stats *st, double p)
{
    long need = (long)ceil(p * st->shots), seen = 0;
    int k;
    for (k = 0; k < 64; k++) {
        seen += st->hist[k];
        if (seen >= need)
            return k == 0 ? 1e-12 : 1e-12 * pow(10.0, k / 2.0);
    }
    return 1.0;
}

void q16_report(const q16_stats *st, const char *solver)
{
    th_note("%s: %ld shots; miss/range: median <= %.1g, 99.9%% <= %.1g, worst %.3g (range %.3g m); "
            "%ld over 2e-4 range + 2^-12, %ld over 2e-3 range",
            solver, st->shots, quantile(st, 0.5), quantile(st, 0.999), st->worst, st->worst_range,
            st->over_tolerance, st->over_worst);
    TH_CHECK(st->shots > 0, "%s: no shot was judged", solver);
    TH_CHECK(st->over_tolerance * 1000 <= st->shots,
             "%s: %ld of %ld shots miss by more than 2e-4 range + 2^-12 (at most 0.1 %% may)",
             solver, st->over_tolerance, st->shots);
    TH_CHECK(st->over_worst == 0, "%s: %ld shots miss by more than 2e-3 range", solver,
             st->over_worst);
}

double q16_angle(af_vec3_f64 a, af_vec3_f64 b)
{
    double la = kin_len(a), lb = kin_len(b), c;
    if (la == 0 || lb == 0)
        return 0.0;
    c = (a.x * b.x + a.y * b.y + a.z * b.z) / (la * lb);
    /* acos loses accuracy near 0: use the cross product's length. */
    {
        af_vec3_f64 x = { a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x };
        return atan2(kin_len(x) / (la * lb), c);
    }
}
