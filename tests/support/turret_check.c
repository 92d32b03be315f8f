/* SPDX-License-Identifier: MIT */
/* tests/support/turret_check.h: written without the library's helpers. */
#include "turret_check.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "drag_sim.h"

#define PI 3.14159265358979323846

static af_vec3_f64 v3(double x, double y, double z)
{
    af_vec3_f64 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}

static double dot(af_vec3_f64 a, af_vec3_f64 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static af_vec3_f64 comb(double ka, af_vec3_f64 a, double kb, af_vec3_f64 b)
{
    return v3(ka * a.x + kb * b.x, ka * a.y + kb * b.y, ka * a.z + kb * b.z);
}

/* Scaled by the largest component first: an up of 1e226 has a length,
 * though its square overflows. */
static af_vec3_f64 unit(af_vec3_f64 a)
{
    double m = fmax(fabs(a.x), fmax(fabs(a.y), fabs(a.z))), l;
    a = v3(a.x / m, a.y / m, a.z / m);
    l = sqrt(dot(a, a));
    return v3(a.x / l, a.y / l, a.z / l);
}

/* |a|, whose square may overflow (a shot 1e303 s out). */
static double len(af_vec3_f64 a)
{
    return hypot(hypot(a.x, a.y), a.z);
}

/* a b = *p + *e exactly (Dekker's product with Veltkamp's 27-bit split:
 * no fused multiply-add, which soft-float libms may not fuse), for
 * |a|, |b| <= 1 and products above the subnormals. */
static void two_product(double a, double b, double *p, double *e)
{
    double ca = 134217729.0 * a, cb = 134217729.0 * b;
    double ah = ca - (ca - a), al = a - ah, bh = cb - (cb - b), bl = b - bh;
    *p = a * b;
    *e = ((ah * bh - *p) + ah * bl + al * bh) + al * bl;
}

/* a b - c d to within about an ulp of the exact value. */
static double products_difference(double a, double b, double c, double d)
{
    double p1, e1, p2, e2;
    two_product(a, b, &p1, &e1);
    two_product(c, d, &p2, &e2);
    return (p1 - p2) + (e1 - e2);
}

static af_vec3_f64 cross(af_vec3_f64 a, af_vec3_f64 b)
{
    return v3(products_difference(a.y, b.z, a.z, b.y), products_difference(a.z, b.x, a.x, b.z),
              products_difference(a.x, b.y, a.y, b.x));
}

/* a over a power of two, its largest component near 1: exact. */
static af_vec3_f64 pow2_scaled(af_vec3_f64 a)
{
    int e;
    (void)frexp(fmax(fabs(a.x), fmax(fabs(a.y), fabs(a.z))), &e);
    return v3(ldexp(a.x, -e), ldexp(a.y, -e), ldexp(a.z, -e));
}

/* The head's frame from up and forward as given (scaled by powers of two
 * to at most 1): left = up x forward and forward = left x up, each within
 * an ulp, since a forward near up turns its heading by the roundings over
 * their angle. */
static void frame(const af_turret_f64 *t, af_vec3_f64 *up, af_vec3_f64 *fw, af_vec3_f64 *left)
{
    af_vec3_f64 u = pow2_scaled(t->up);
    *left = pow2_scaled(cross(u, pow2_scaled(t->forward)));
    *fw = unit(cross(*left, u));
    *up = unit(u);
    *left = unit(*left);
}

void turret_axes(const af_turret_f64 *t, double yaw, double pitch, af_vec3_f64 *barrel,
                 af_vec3_f64 *above)
{
    af_vec3_f64 up, fw, left, level;
    frame(t, &up, &fw, &left);
    level = comb(cos(yaw), fw, sin(yaw), left);
    *barrel = comb(cos(pitch), level, sin(pitch), up);
    *above = comb(-sin(pitch), level, cos(pitch), up);
}

double turret_slew(const af_turret_f64 *t, double yaw, double pitch)
{
    double dy = fabs(yaw - t->yaw);
    if (t->flags & AF_TURRET_ONE_RATE) {
        /* The angle between the two barrels, from their cross and dot
         * products. */
        af_vec3_f64 a, b, n;
        turret_axes(t, t->yaw, t->pitch, &a, &n);
        turret_axes(t, yaw, pitch, &b, &n);
        n = v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
        return atan2(sqrt(dot(n, n)), dot(a, b)) / t->yaw_rate;
    }
    /* The turn from the angles' sines and cosines: a yaw thousands of
     * turns round is reduced by 2 pi exactly there. */
    if (t->flags & AF_TURRET_YAW_WRAPS)
        dy = fabs(atan2(sin(yaw) * cos(t->yaw) - cos(yaw) * sin(t->yaw),
                        cos(yaw) * cos(t->yaw) + sin(yaw) * sin(t->yaw)));
    return fmax(dy / t->yaw_rate, fabs(pitch - t->pitch) / t->pitch_rate);
}

int turret_within(const af_turret_f64 *t, double yaw, double pitch)
{
    if (pitch < t->pitch_min || pitch > t->pitch_max)
        return 0;
    return (t->flags & AF_TURRET_YAW_WRAPS) || (yaw >= t->yaw_min && yaw <= t->yaw_max);
}

static af_vec3_f64 target_at(const turret_scene *s, double time)
{
    return comb(1.0, comb(1.0, s->target.position, time, s->target.velocity), time,
                comb(0.5 * time, s->acceleration, 0.0, s->acceleration));
}

af_body_accel_f64 turret_scene_target(const turret_scene *s)
{
    af_body_accel_f64 b;
    b.position = s->target.position;
    b.velocity = s->target.velocity;
    b.acceleration = s->acceleration;
    return b;
}

/* The miss of a drag flight from `fly` (launch state) after f, relative to
 * nothing: metres. */
static double drag_miss(const af_drag_f64 *m, af_body_f64 fly, double f, af_vec3_f64 aim,
                        long finer)
{
    if (m->kind == AF_DRAG_KIND_CONTINUOUS) {
        dsim_rk4(m, &fly, f, finer * dsim_rk4_substeps(m, f));
        return dsim_dist(fly.position, aim);
    } else {
        double n = f / m->dt, n0 = floor(n + 1e-9), u;
        af_body_f64 before, after;
        af_vec3_f64 seg, off;
        dsim_steps(m, &fly, (long)n0);
        before = fly;
        if (n - n0 <= 1e-9)
            return dsim_dist(before.position, aim);
        dsim_steps(m, &fly, 1);
        after = fly;
        /* Distance from the segment the engine moves along, less the
         * curve's sag from it (|acceleration| dt^2 / 8, drag.h). */
        seg = dsim_sub(after.position, before.position);
        off = dsim_sub(aim, before.position);
        u = dsim_dot(seg, seg) > 0.0 ? dsim_dot(off, seg) / dsim_dot(seg, seg) : 0.0;
        u = fmin(fmax(u, 0.0), 1.0);
        return fmax(dsim_dist(aim, comb(1.0, before.position, u, seg)) -
                        dsim_dist(after.velocity, before.velocity) / (m->dt * m->r) * m->dt *
                            m->dt / 8.0,
                    0.0);
    }
}

double turret_miss(const turret_scene *s, const af_turret_shot_f64 *shot)
{
    return turret_miss_finer(s, shot, 1);
}

double turret_miss_finer(const turret_scene *s, const af_turret_shot_f64 *shot, long finer)
{
    const af_turret_f64 *t = &s->turret;
    af_vec3_f64 barrel, above, at, vel, d;
    double f = shot->flight;
    turret_axes(t, shot->yaw, shot->pitch, &barrel, &above);
    at = comb(1.0, t->pivot, shot->launch, t->velocity);
    at = comb(1.0, at, t->muzzle_forward, barrel);
    at = comb(1.0, at, t->muzzle_up, above);
    vel = comb(t->speed, barrel, (t->flags & AF_INHERIT_VELOCITY) ? 1.0 : 0.0, t->velocity);
    if (s->drag) {
        af_body_f64 fly;
        fly.position = at;
        fly.velocity = vel;
        return drag_miss(s->drag, fly, f, target_at(s, shot->launch + f), finer);
    }
    at = comb(1.0, at, f, vel);
    /* (g f / 2) f: f^2 overflows past 2^512 s where the drop may not. */
    at = comb(1.0, at, f, comb(0.5 * f, s->gravity, 0.0, s->gravity));
    d = comb(1.0, at, -1.0, target_at(s, shot->launch + f));
    return len(d);
}

double turret_scene_size(const turret_scene *s, const af_turret_shot_f64 *shot)
{
    af_vec3_f64 d = comb(1.0, shot->point, -1.0, s->turret.pivot);
    af_vec3_f64 e = comb(1.0, s->target.position, -1.0, s->turret.pivot);
    return 1.0 + len(d) + len(e) + s->turret.muzzle_forward +
           fabs(s->turret.muzzle_up);
}

double turret_flight_reach(const turret_scene *s, const af_turret_shot_f64 *shot)
{
    const af_turret_f64 *t = &s->turret;
    double f = shot->flight, end = shot->launch + f;
    double shooter = sqrt(dot(t->pivot, t->pivot)) + shot->launch * sqrt(dot(t->velocity, t->velocity)) +
                     f * (t->speed + sqrt(dot(t->velocity, t->velocity))) +
                     0.5 * f * f * sqrt(dot(s->gravity, s->gravity));
    double target = sqrt(dot(s->target.position, s->target.position)) +
                    end * sqrt(dot(s->target.velocity, s->target.velocity)) +
                    0.5 * end * end * sqrt(dot(s->acceleration, s->acceleration));
    return t->muzzle_forward + fabs(t->muzzle_up) + fmax(shooter, target);
}

static double rnd(th_rng *rng, double lo, double hi)
{
    return th_rand_uniform(rng, lo, hi);
}

static af_vec3_f64 rnd_vec(th_rng *rng, double m)
{
    return v3(rnd(rng, -m, m), rnd(rng, -m, m), rnd(rng, -m, m));
}

turret_scene turret_scene_random(th_rng *rng, int lob)
{
    turret_scene s;
    af_turret_f64 *t = &s.turret;
    af_vec3_f64 up, fw, left, dir;
    double dist;
    t->pivot = rnd_vec(rng, 50.0);
    t->up = th_rand_below(rng, 2) ? v3(0.0, 0.0, rnd(rng, 0.5, 3.0)) : rnd_vec(rng, 1.0);
    t->forward = rnd_vec(rng, 1.0);
    t->flags = th_rand_below(rng, 2) ? AF_INHERIT_VELOCITY : 0u;
    t->yaw = rnd(rng, -3.0, 3.0);
    if (th_rand_below(rng, 3) == 0) {
        t->flags |= AF_TURRET_YAW_WRAPS;
        t->yaw_min = t->yaw_max = 0.0;
    } else {
        t->yaw_min = t->yaw - rnd(rng, 0.0, 4.0);
        t->yaw_max = t->yaw + rnd(rng, 0.0, 4.0);
    }
    if (th_rand_below(rng, 4) == 0)
        t->flags |= AF_TURRET_ONE_RATE;
    t->pitch = rnd(rng, -1.0, 1.2);
    t->pitch_min = fmax(-0.5 * PI, t->pitch - rnd(rng, 0.0, 1.5));
    t->pitch_max = fmin(0.5 * PI, t->pitch + rnd(rng, 0.0, 1.5));
    t->muzzle_forward = th_rand_below(rng, 4) ? rnd(rng, 0.0, 2.0) : 0.0;
    t->muzzle_up = th_rand_below(rng, 4) ? rnd(rng, -0.5, 0.5) : 0.0;
    t->yaw_rate = th_rand_log(rng, 0.1, 10.0);
    t->pitch_rate = th_rand_log(rng, 0.1, 10.0);
    t->latency = th_rand_below(rng, 4) ? rnd(rng, 0.0, 1.0) : 0.0;
    t->speed = rnd(rng, 10.0, 100.0);
    t->velocity = th_rand_below(rng, 2) ? rnd_vec(rng, 0.1 * t->speed) : v3(0.0, 0.0, 0.0);
    frame(t, &up, &fw, &left);
    dir = unit(rnd_vec(rng, 1.0));
    if (lob && dot(dir, up) > 0.0)
        dir = comb(1.0, dir, -1.5 * dot(dir, up), up); /* mostly at or below the pivot */
    dist = th_rand_log(rng, 1.0, lob ? 400.0 : 1000.0);
    s.target.position = comb(1.0, t->pivot, dist, unit(dir));
    s.target.velocity = rnd_vec(rng, 0.25 * t->speed);
    s.gravity = lob ? comb(-rnd(rng, 1.0, 20.0), up, 0.0, up) : v3(0.0, 0.0, 0.0);
    s.acceleration = v3(0.0, 0.0, 0.0);
    s.drag = NULL;
    s.max_time = 0.0;
    s.scan_past = 0.0;
    return s;
}

turret_scene turret_scene_flyby(th_rng *rng, int lob)
{
    turret_scene s = turret_scene_random(rng, lob);
    af_turret_f64 *t = &s.turret;
    af_vec3_f64 way = unit(rnd_vec(rng, 1.0)), aside = rnd_vec(rng, 1.0);
    double slew, pass, miss;
    t->flags = (t->flags & ~AF_INHERIT_VELOCITY) | AF_TURRET_YAW_WRAPS;
    t->pitch_min = -0.5 * PI;
    t->pitch_max = 0.5 * PI;
    slew = (t->flags & AF_TURRET_ONE_RATE)
               ? PI / t->yaw_rate
               : fmax(PI / t->yaw_rate, fmax(t->pitch + 0.5 * PI, 0.5 * PI - t->pitch) / t->pitch_rate);
    pass = t->latency + rnd(rng, 0.0, 1.2) * slew;
    miss = th_rand_log(rng, 0.5, 100.0);
    t->velocity = comb(th_rand_log(rng, 1.5, 400.0) * t->speed, way, 0.0, way);
    aside = unit(comb(1.0, aside, -dot(aside, way), way));
    s.target.position = comb(1.0, comb(1.0, t->pivot, pass, t->velocity), miss, aside);
    s.target.velocity = rnd_vec(rng, 0.25 * t->speed);
    return s;
}

/* The muzzle's path from pivot(L) must reach R(f) = A + W f + G f^2 in
 * vacuum. With continuous drag k the projectile gains a(f) u + b(f) Ge
 * instead of u f + g f^2/2, a = (1 - exp(-k f)) / k, b = (f - a) / k,
 * Ge = g + k wind: then R(f) = A + W f + acc f^2/2 - a(f) Q - b(f) Ge
 * (W the target's velocity, Q the inherited one), barrel length
 * muzzle_forward + speed a(f). */
struct path {
    af_vec3_f64 A, W, G, acc, Q, Ge;
    double k;
    int drag;
};

static double drift(const struct path *p, double f)
{
    return p->k > 0.0 ? -expm1(-p->k * f) / p->k : f;
}

static af_vec3_f64 path_at(const struct path *p, double f)
{
    double a, b;
    if (!p->drag)
        return comb(1.0, comb(1.0, p->A, f, p->W), f * f, p->G);
    a = drift(p, f);
    b = p->k > 0.0 ? (f - a) / p->k : 0.5 * f * f;
    return comb(1.0, comb(1.0, comb(1.0, p->A, f, p->W), 0.5 * f * f, p->acc), 1.0,
                comb(-a, p->Q, -b, p->Ge));
}

static double excess(const af_turret_f64 *t, const struct path *p, double f)
{
    af_vec3_f64 R = path_at(p, f);
    double lb = t->muzzle_forward + t->speed * (p->drag ? drift(p, f) : f);
    return sqrt(dot(R, R)) - sqrt(lb * lb + t->muzzle_up * t->muzzle_up);
}

/* Angles by search instead of formula: the yaw is the azimuth of R or its
 * opposite; the pitch is the one whose muzzle path points at R, i.e.
 * lb b + mu n = R, found by bisection on the angle between them. */
static int angles_of(const af_turret_f64 *t, af_vec3_f64 R, double lb, int plane, double *yaw,
                     double *pitch)
{
    af_vec3_f64 up, fw, left;
    double x, y, z, h, az, side;
    int k;
    frame(t, &up, &fw, &left);
    x = dot(R, fw);
    y = dot(R, left);
    z = dot(R, up);
    h = sqrt(x * x + y * y);
    az = (h == 0.0) ? t->yaw : atan2(y, x);
    /* Only the given plane: both can hold R with |p| <= pi/2 near the zenith. */
    for (side = plane ? -1.0 : 1.0, k = plane; k < plane + 1; k++) {
        /* In the plane of az (side +1) or az + pi (side -1): the point
         * (lb cos p - mu sin p, lb sin p + mu cos p) must equal (side h, z);
         * its angle grows with p, so bisect p on the angle difference. */
        double lo = -0.5 * PI, hi = 0.5 * PI, target = atan2(z, side * h);
        double a_lo = atan2(lb * sin(lo) + t->muzzle_up * cos(lo), lb * cos(lo) - t->muzzle_up * sin(lo));
        double a_hi = atan2(lb * sin(hi) + t->muzzle_up * cos(hi), lb * cos(hi) - t->muzzle_up * sin(hi));
        int i;
        if (a_hi < a_lo)
            a_hi += 2.0 * PI;
        if (target < a_lo)
            target += 2.0 * PI;
        if (target > a_hi)
            continue;
        for (i = 0; i < 80; i++) {
            double mid = 0.5 * (lo + hi);
            double a = atan2(lb * sin(mid) + t->muzzle_up * cos(mid),
                             lb * cos(mid) - t->muzzle_up * sin(mid));
            if (a < a_lo)
                a += 2.0 * PI;
            if (a < target)
                lo = mid;
            else
                hi = mid;
        }
        *pitch = 0.5 * (lo + hi);
        *yaw = side > 0.0 ? az : az + PI;
        return 1;
    }
    return 0;
}

/* The yaw within the limits nearest the current one, for a direction's
 * yaw known up to whole turns; 0 when none is within. */
static int yaw_within(const af_turret_f64 *t, double *yaw)
{
    double best = 0.0, y;
    int found = 0, k;
    if (t->flags & AF_TURRET_YAW_WRAPS)
        return 1;
    for (k = -4; k <= 4; k++) {
        y = *yaw + 2.0 * PI * k;
        if (y >= t->yaw_min - 1e-9 && y <= t->yaw_max + 1e-9 &&
            (!found || fabs(y - t->yaw) < fabs(best - t->yaw))) {
            best = y;
            found = 1;
        }
    }
    *yaw = best;
    return found;
}

/* Runs of neighbouring launches that each have some shot in time; a run
 * counts when it holds one of the coarse scan's launches (every fine-th). */
struct seen_runs {
    int fine, seen;
    double least, best;
};

static void runs_close(struct seen_runs *r)
{
    if (r->seen && r->least >= 0.0 && (r->best < 0.0 || r->least < r->best))
        r->best = r->least;
    r->seen = 0;
    r->least = -1.0;
}

/* Launch i's earliest impact alone (negative: none). */
static void runs_add(struct seen_runs *r, int i, double earliest)
{
    if (earliest < 0.0) {
        runs_close(r);
        return;
    }
    r->seen |= i % r->fine == 0;
    if (r->least < 0.0 || earliest < r->least)
        r->least = earliest;
}

double turret_in_time_from(const af_turret_f64 *t)
{
    double span_y = (t->flags & AF_TURRET_YAW_WRAPS) ? PI
                                                      : fmax(t->yaw - t->yaw_min, t->yaw_max - t->yaw);
    double span_p = fmax(t->pitch - t->pitch_min, t->pitch_max - t->pitch);
    if (t->flags & AF_TURRET_ONE_RATE)
        return fmax(t->latency, PI / t->yaw_rate);
    return fmax(t->latency, fmax(span_y / t->yaw_rate, span_p / t->pitch_rate));
}

/* turret_scan_earliest on fcells flight cells; runs, when given, is fed
 * each launch's earliest impact. */
static double scan_launches(const turret_scene *s, int cells, int fcells, double margin,
                            struct seen_runs *runs)
{
    const af_turret_f64 *t = &s->turret;
    double L0 = t->latency, L1 = turret_in_time_from(t) + s->scan_past;
    double best = -1.0, fmax_, wlen, alen;
    int i, j;
    struct path p;
    af_vec3_f64 inherited = (t->flags & AF_INHERIT_VELOCITY) ? t->velocity : v3(0.0, 0.0, 0.0);
    p.drag = s->drag != NULL;
    p.acc = s->acceleration;
    p.k = p.drag ? s->drag->k : 0.0;
    p.Q = inherited;
    p.Ge = p.drag ? comb(1.0, s->drag->gravity, s->drag->k, s->drag->wind) : v3(0.0, 0.0, 0.0);
    p.G = comb(-0.5, s->gravity, 0.5, s->acceleration);
    if (p.drag && s->drag->kind != AF_DRAG_KIND_CONTINUOUS)
        return -2.0; /* an engine's curve between steps is the library's to define */
    for (i = 0; i <= cells; i++) {
        double L = (L1 > L0) ? L0 + (L1 - L0) * i / cells : L0, prev_f = 0.0, prev_e;
        af_vec3_f64 d = comb(1.0, s->target.position, -1.0, t->pivot);
        af_vec3_f64 vr = comb(1.0, s->target.velocity, -1.0, t->velocity);
        p.A = comb(1.0, comb(1.0, d, L, vr), 0.5 * L * L, s->acceleration);
        p.W = comb(1.0, s->target.velocity, L, s->acceleration);
        if (!p.drag)
            p.W = comb(1.0, p.W, -1.0, inherited);
        wlen = sqrt(dot(p.W, p.W));
        alen = sqrt(dot(p.A, p.A));
        /* Every flight ends before this: beyond it the projectile's reach
         * grows faster than the target's distance (straight line) or has
         * fallen below any point the target reaches. */
        fmax_ = 2.0 * (alen + t->muzzle_forward + fabs(t->muzzle_up) + 1.0) / (t->speed - wlen);
        if (dot(p.G, p.G) > 0.0)
            fmax_ += 4.0 * (t->speed + wlen) / sqrt(4.0 * dot(p.G, p.G));
        if (!(fmax_ > 0.0) || !(t->speed > wlen))
            fmax_ = 1e3; /* a target faster than the shot: a long look */
        if (p.drag)
            fmax_ = s->max_time;
        double here = -1.0;
        prev_e = excess(t, &p, 0.0);
        if (L1 == L0 && i > 0)
            break;
        for (j = 1; j <= fcells; j++) {
            double f = fmax_ * j / fcells, e = excess(t, &p, f), lo, hi, yaw, pitch;
            int k;
            if ((prev_e > 0.0) == (e > 0.0)) {
                prev_e = e;
                prev_f = f;
                continue;
            }
            lo = prev_f;
            hi = f;
            for (k = 0; k < 60; k++) {
                double mid = 0.5 * (lo + hi);
                if ((excess(t, &p, mid) > 0.0) == (prev_e > 0.0))
                    lo = mid;
                else
                    hi = mid;
            }
            prev_e = e;
            prev_f = f;
            {
                int plane, ok = 0;
                for (plane = 0; plane < 2 && !ok; plane++)
                    ok = angles_of(t, path_at(&p, hi), t->muzzle_forward + t->speed * hi, plane,
                                   &yaw, &pitch) &&
                         yaw_within(t, &yaw) && pitch >= t->pitch_min - 1e-9 &&
                         pitch <= t->pitch_max + 1e-9 &&
                         turret_slew(t, yaw, pitch) <= L - margin && L >= t->latency;
                if (!ok)
                    continue;
            }
            if (best < 0.0 || L + hi < best)
                best = L + hi;
            if (here < 0.0 || L + hi < here)
                here = L + hi;
        }
        if (runs)
            runs_add(runs, i, here);
    }
    if (runs)
        runs_close(runs);
    return best;
}

double turret_scan_earliest(const turret_scene *s, int cells, double margin)
{
    return scan_launches(s, cells, 4 * cells, margin, NULL);
}

double turret_scan_earliest_seen(const turret_scene *s, int cells, int fine, double margin)
{
    struct seen_runs r = {1, 0, -1.0, -1.0};
    if (cells < 1 || fine < 1)
        return -3.0;
    r.fine = fine;
    scan_launches(s, cells * fine, 4 * cells, margin, &r);
    return r.best;
}

int turret_all_zero(const void *p, size_t n)
{
    const unsigned char *b = p;
    size_t i;
    for (i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

af_turret_f64 turret_level(void)
{
    af_turret_f64 t;
    memset(&t, 0, sizeof t);
    t.up.z = 1.0;
    t.forward.x = 1.0;
    t.yaw_min = -0.5 * PI;
    t.yaw_max = 0.5 * PI;
    t.pitch_min = -10.0 * PI / 180.0;
    t.pitch_max = 60.0 * PI / 180.0;
    t.muzzle_forward = 0.5;
    t.muzzle_up = 0.1;
    t.yaw_rate = 1.0;
    t.pitch_rate = 0.5;
    t.latency = 0.1;
    t.speed = 50.0;
    return t;
}

int turret_check_answer(af_status st, const af_turret_shots_f64 *out, long i, const char *what)
{
    if (st != AF_OK) {
        TH_CHECK(out->count == 0 && turret_all_zero(out, sizeof *out),
                 "%s %ld: %s but not cleared", what, i, af_status_name(st));
        return 0;
    }
    TH_CHECK(out->count >= 1 && out->count <= AF_MAX_SHOTS, "%s %ld: count %d", what, i,
             out->count);
    return 1;
}

double turret_check_shots(const turret_scene *s, af_status st, const af_turret_shots_f64 *out,
                          long i, const char *what)
{
    double worst = 0.0;
    int k;
    if (!turret_check_answer(st, out, i, what))
        return 0.0;
    for (k = 0; k < out->count; k++) {
        const af_turret_shot_f64 *sh = &out->shot[k];
        double size = turret_scene_size(s, sh), miss = turret_miss(s, sh) / size;
        double slew = turret_slew(&s->turret, sh->yaw, sh->pitch);
        worst = fmax(worst, miss);
        TH_CHECK(miss <= 1e-9, "%s %ld shot %d (drag kind %d): miss %.3g of the scene", what, i,
                 k, s->drag ? (int)s->drag->kind : -1, miss);
        TH_CHECK(turret_within(&s->turret, sh->yaw, sh->pitch),
                 "%s %ld shot %d: yaw %.17g pitch %.17g beyond the limits", what, i, k, sh->yaw,
                 sh->pitch);
        TH_CHECK(sh->launch >= s->turret.latency && sh->launch >= slew * (1.0 - 1e-12),
                 "%s %ld shot %d: launch %.17g before latency %g or slew %.17g", what, i, k,
                 sh->launch, s->turret.latency, slew);
        TH_CHECK(sh->flight > 0.0 && (!s->drag || sh->flight <= s->max_time),
                 "%s %ld shot %d: flight %g", what, i, k, sh->flight);
        if (k > 0)
            TH_CHECK(sh->launch + sh->flight >= out->shot[k - 1].launch + out->shot[k - 1].flight,
                     "%s %ld: shots not earliest impact first", what, i);
    }
    return worst;
}

int turret_check_scan(af_status st, const af_turret_shots_f64 *out, double scan,
                      const char *name, long i)
{
    if (st == AF_OK) {
        double first = out->shot[0].launch + out->shot[0].flight;
        TH_CHECK(scan < 0.0 || first <= scan + 1e-9 * (1.0 + scan),
                 "%s %ld: solver's first impact %.17g, the scan found %.17g", name, i, first,
                 scan);
        return scan >= 0.0;
    }
    TH_CHECK(scan < 0.0, "%s %ld: solver says %s, the scan found an impact at %.17g", name, i,
             af_status_name(st), scan);
    return 0;
}

turret_refusal turret_refusal_start(void)
{
    turret_refusal r;
    memset(&r, 0, sizeof r);
    r.turret = turret_level();
    r.target.position.x = 100.0;
    r.max_time = 20.0;
    return r;
}

void turret_refusal_spoil(turret_refusal *r, int i, double *dt, af_drag_kind *kind)
{
    switch (i) {
    case 0: *dt = 0.0; r->why = "stepped model with dt = 0"; break;
    case 1: *kind = (af_drag_kind)7; r->why = "unknown kind"; break;
    case 2: r->max_time = 0.0; r->why = "max_time 0"; break;
    case 3: r->max_time = NAN; r->why = "max_time NaN"; break;
    case 4: r->target.position.y = NAN; r->why = "NaN target"; break;
    default: r->null_model = 1; r->why = "NULL model"; break;
    }
}

void turret_check_refused(af_status st, const af_turret_shots_f64 *out, const char *why)
{
    TH_CHECK(st == AF_ERR_BAD_ARGUMENT && turret_all_zero(out, sizeof *out), "%s: %s", why,
             af_status_name(st));
}
