/* SPDX-License-Identifier: MIT */
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

/* The projectile's distance from the target at t. */
typedef struct approach {
    const scenario *s;
    af_vec3_f64 u, g;
} approach;

static double distance_at(double t, const void *ctx)
{
    const approach *a = ctx;
    return kin_dist(kin_projectile(&a->s->shooter, (a->s->flags & AF_INHERIT_VELOCITY) != 0, a->u,
                                   a->g, t),
                    kin_body(&a->s->target, t));
}

double q16_minimize_near(double (*f)(double t, const void *ctx), const void *ctx, double t_hint)
{
    /* A coarse scan of [0.5, 1.5] t_hint, then golden sections around the
     * best sample: the function is smooth and, near a hit, has one
     * minimum there. A bounded 64 + 80 evaluations. */
    const double phi = 0.6180339887498949;
    double lo = 0.5 * t_hint, step = t_hint / 64.0, best_t = t_hint, best, a, b;
    int i;
    best = f(t_hint, ctx);
    for (i = 0; i <= 64; i++) {
        double t = lo + step * i, d = f(t, ctx);
        if (d < best) {
            best = d;
            best_t = t;
        }
    }
    a = fmax(0.0, best_t - step);
    b = best_t + step;
    for (i = 0; i < 80; i++) {
        double x1 = b - phi * (b - a), x2 = a + phi * (b - a);
        if (f(x1, ctx) < f(x2, ctx))
            b = x2;
        else
            a = x1;
    }
    return fmin(best, f(0.5 * (a + b), ctx));
}

double q16_closest_approach(const scenario *s, af_vec3_f64 u, af_vec3_f64 g, double t_hint)
{
    approach a;
    a.s = s;
    a.u = u;
    a.g = g;
    return q16_minimize_near(distance_at, &a, t_hint);
}

double q16_shot_range(const scenario *s, const af_shot_f64 *f)
{
    int inherit = (s->flags & AF_INHERIT_VELOCITY) != 0, k;
    double r = fmax(kin_dist(s->target.position, s->shooter.position),
                    kin_dist(f->point, s->shooter.position));
    /* The flight sampled at 32 instants: enough to find a lob's top. */
    for (k = 1; k < 32; k++)
        r = fmax(r, kin_dist(kin_projectile(&s->shooter, inherit, f->velocity, s->gravity,
                                            f->t * k / 32.0),
                             s->shooter.position));
    return r;
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

int q16_shot_beyond(const af_shot_f64 *shot)
{
    const double lim = Q16_LIMIT * (1 - 1e-6);
    return shot->t > lim || fabs(shot->velocity.x) > lim || fabs(shot->velocity.y) > lim ||
           fabs(shot->velocity.z) > lim || fabs(shot->point.x) > lim ||
           fabs(shot->point.y) > lim || fabs(shot->point.z) > lim;
}

int q16_shots_beyond(const af_shots_f64 *shots)
{
    int i;
    for (i = 0; i < shots->count; i++)
        if (q16_shot_beyond(&shots->shot[i]))
            return 1;
    return 0;
}

double q16_miss_as_given(const scenario *s, const af_shot_q16 *q)
{
    return q16_closest_approach(s, q16_vec_to_f64(q->velocity), s->gravity,
                                fmax(q16_to_f64(q->t), 1e-6));
}

double q16_miss_fixed_speed(const scenario *s, const af_shot_q16 *q)
{
    af_vec3_f64 u = q16_vec_to_f64(q->velocity);
    double len = kin_len(u);
    if (len > 0) {
        u.x *= s->speed / len;
        u.y *= s->speed / len;
        u.z *= s->speed / len;
    }
    return q16_closest_approach(s, u, s->gravity, fmax(q16_to_f64(q->t), 1e-6));
}

void q16_compare(const q16_judge *j, const scenario *s, af_status sf, const af_shots_f64 *f,
                 af_status sq, const af_shots_q16 *q, q16_tally *tally, long index)
{
    af_shots_f64 fit = *f;
    double now = kin_dist(s->target.position, s->shooter.position);
    int k, n = 0;
    tally->scenarios++;
    /* The f64 shots a Q16.16 answer can hold. */
    for (k = 0; k < f->count; k++)
        if (!q16_shot_beyond(&f->shot[k]))
            fit.shot[n++] = f->shot[k];
    fit.count = n;
    if (sf == AF_OK && n < f->count)
        tally->overflow++;
    if (sf == AF_OK && n == 0) {
        TH_CHECK(sq == AF_ERR_OVERFLOW || j->in_band(s),
                 "%s scenario %ld: no f64 shot fits Q16.16, yet q16 says %s", j->solver, index,
                 af_status_name(sq));
        return;
    }
    if (sf != sq || fit.count != q->count) {
        int band = j->in_band(s);
        tally->band += band;
        TH_CHECK(band, "%s scenario %ld: f64 %s/%d (%d fit), q16 %s/%d, outside the band",
                 j->solver, index, af_status_name(sf), f->count, n, af_status_name(sq),
                 q->count);
        for (k = 0; k < q->count; k++)
            q16_record_miss(&tally->stats, j->miss(s, &q->shot[k]), now);
        return;
    }
    if (sf != AF_OK)
        return;
    tally->both_ok++;
    for (k = 0; k < q->count; k++) {
        const af_shot_f64 *fs = &fit.shot[k];
        double tf = fs->t, tq = q16_to_f64(q->shot[k].t);
        double range = q16_shot_range(s, fs);
        double aim = q16_angle(fs->velocity, q16_vec_to_f64(q->shot[k].velocity));
        q16_record_miss(&tally->stats, j->miss(s, &q->shot[k]), range);
        tally->worst_t = fmax(tally->worst_t, fabs(tq - tf) / fmax(tf, 1e-3));
        tally->worst_aim = fmax(tally->worst_aim, aim);
        if (j->in_band(s))
            continue;
        TH_CHECK(fabs(tq - tf) <= j->t_tolerance(s, tf),
                 "%s scenario %ld shot %d: t %.9g vs f64 %.9g (allowed %.3g)", j->solver, index,
                 k, tq, tf, j->t_tolerance(s, tf));
        TH_CHECK(aim <= j->aim_tolerance(s, fs),
                 "%s scenario %ld shot %d: aim off by %.3g rad (allowed %.3g)", j->solver, index,
                 k, aim, j->aim_tolerance(s, fs));
    }
}

void q16_tally_report(const q16_judge *j, const q16_tally *tally)
{
    th_note("%s: %ld scenarios, %ld solved by both, %ld status differences in the band, %ld "
            "with shots beyond Q16.16 left out; worst t error %.3g (relative), aim %.3g rad",
            j->solver, tally->scenarios, tally->both_ok, tally->band, tally->overflow,
            tally->worst_t, tally->worst_aim);
    q16_report(&tally->stats, j->solver);
}
