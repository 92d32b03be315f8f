/* SPDX-License-Identifier: MIT */
/* tests/support/turret_q16_check.h: turrets and scenes between Q16.16 and
 * doubles. */
#include "turret_q16_check.h"

#include <math.h>
#include <string.h>

#include "port.h"
#include "q16_solve_check.h"

af_turret_q16 turret_q16_of(const af_turret_f64 *t)
{
    af_turret_q16 q;
    q.pivot = q16_vec_from_f64(t->pivot);
    q.up = q16_vec_from_f64(t->up);
    q.forward = q16_vec_from_f64(t->forward);
    q.yaw_min = q16_from_f64(t->yaw_min);
    q.yaw_max = q16_from_f64(t->yaw_max);
    q.pitch_min = q16_from_f64(t->pitch_min);
    q.pitch_max = q16_from_f64(t->pitch_max);
    q.muzzle_forward = q16_from_f64(t->muzzle_forward);
    q.muzzle_up = q16_from_f64(t->muzzle_up);
    q.yaw = q16_from_f64(t->yaw);
    q.pitch = q16_from_f64(t->pitch);
    q.yaw_rate = q16_from_f64(t->yaw_rate);
    q.pitch_rate = q16_from_f64(t->pitch_rate);
    q.latency = q16_from_f64(t->latency);
    q.speed = q16_from_f64(t->speed);
    q.velocity = q16_vec_from_f64(t->velocity);
    q.flags = t->flags;
    return q;
}

af_turret_f64 turret_f64_of(const af_turret_q16 *q)
{
    af_turret_f64 t;
    t.pivot = q16_vec_to_f64(q->pivot);
    t.up = q16_vec_to_f64(q->up);
    t.forward = q16_vec_to_f64(q->forward);
    t.yaw_min = q16_to_f64(q->yaw_min);
    t.yaw_max = q16_to_f64(q->yaw_max);
    t.pitch_min = q16_to_f64(q->pitch_min);
    t.pitch_max = q16_to_f64(q->pitch_max);
    t.muzzle_forward = q16_to_f64(q->muzzle_forward);
    t.muzzle_up = q16_to_f64(q->muzzle_up);
    t.yaw = q16_to_f64(q->yaw);
    t.pitch = q16_to_f64(q->pitch);
    t.yaw_rate = q16_to_f64(q->yaw_rate);
    t.pitch_rate = q16_to_f64(q->pitch_rate);
    t.latency = q16_to_f64(q->latency);
    t.speed = q16_to_f64(q->speed);
    t.velocity = q16_vec_to_f64(q->velocity);
    t.flags = q->flags;
    return t;
}

/* A random scene in Q16.16, and the same scene read back as doubles (so
 * both solvers see identical inputs). */
void turret_q16_scene(th_rng *rng, int lob, af_turret_q16 *qt, af_body_q16 *qb,
                         af_vec3_q16 *qg, turret_scene *s)
{
    *s = turret_scene_random(rng, lob);
    /* Keep the pitch limits off +-pi/2 by a few LSB: the rounded limit
     * must stay within the domain. */
    s->turret.pitch_min = fmax(s->turret.pitch_min, -1.5707);
    s->turret.pitch_max = fmin(s->turret.pitch_max, 1.5707);
    s->turret.pitch = fmin(fmax(s->turret.pitch, s->turret.pitch_min), s->turret.pitch_max);
    *qt = turret_q16_of(&s->turret);
    qb->position = q16_vec_from_f64(s->target.position);
    qb->velocity = q16_vec_from_f64(s->target.velocity);
    *qg = q16_vec_from_f64(s->gravity);
    s->turret = turret_f64_of(qt);
    s->target.position = q16_vec_to_f64(qb->position);
    s->target.velocity = q16_vec_to_f64(qb->velocity);
    s->gravity = q16_vec_to_f64(*qg);
}


af_turret_shot_f64 turret_shot_f64_of(const af_turret_shot_q16 *q)
{
    af_turret_shot_f64 sh;
    sh.yaw = q16_to_f64(q->yaw);
    sh.pitch = q16_to_f64(q->pitch);
    sh.launch = q16_to_f64(q->launch);
    sh.flight = q16_to_f64(q->flight);
    sh.muzzle = q16_vec_to_f64(q->muzzle);
    sh.velocity = q16_vec_to_f64(q->velocity);
    sh.point = q16_vec_to_f64(q->point);
    return sh;
}

static double len(af_vec3_f64 v)
{
    return sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
}

double turret_q16_miss_tolerance(const turret_scene *s, const af_turret_shot_f64 *sh,
                                 double time_slack)
{
    const af_turret_f64 *t = &s->turret;
    double LSB = 1.0 / 65536.0, T = sh->launch + sh->flight, a = len(s->acceleration);
    double vt = len(s->target.velocity) + a * T, vp = len(t->velocity);
    double g = (s->drag ? len(s->drag->gravity) : len(s->gravity)) + a;
    return LSB * (4.0 * (t->speed * sh->flight + t->muzzle_forward + fabs(t->muzzle_up)) +
                  2.0 * (t->speed + vt + vp + g * sh->flight) + 8.0) +
           time_slack * (t->speed + vt + vp);
}

#define LSB (1.0 / 65536.0)
#define Q(v) ((fix16_t)((v) * 65536))

af_turret_q16 turret_q16_level(void)
{
    af_turret_q16 t;
    memset(&t, 0, sizeof t);
    t.up.z = Q(1);
    t.forward.x = Q(1);
    t.yaw_min = Q(-1.5);
    t.yaw_max = Q(1.5);
    t.pitch_min = Q(-0.2);
    t.pitch_max = Q(1);
    t.muzzle_forward = Q(0.5);
    t.muzzle_up = Q(0.1);
    t.yaw_rate = Q(1);
    t.pitch_rate = Q(0.5);
    t.latency = Q(0.1);
    t.speed = Q(50);
    return t;
}

turret_scene turret_q16_widened(const turret_scene *s)
{
    turret_scene wide = *s;
    wide.turret.yaw_min -= TURRET_Q16_ANGLE_TOL;
    wide.turret.yaw_max += TURRET_Q16_ANGLE_TOL;
    wide.turret.pitch_min = fmax(wide.turret.pitch_min - TURRET_Q16_ANGLE_TOL,
                                 -0.5 * 3.14159265358979323846);
    wide.turret.pitch_max = fmin(wide.turret.pitch_max + TURRET_Q16_ANGLE_TOL,
                                 0.5 * 3.14159265358979323846);
    return wide;
}

double turret_q16_drag_flight_slack(const af_turret_shot_f64 *sh)
{
    return 4.0 * LSB + ldexp(sh->flight, -26);
}

double turret_q16_check_shots(const turret_scene *s, af_status st, const af_turret_shots_q16 *q,
                              const char *name, long i)
{
    double worst = 0.0;
    int k;
    if (st != AF_OK) {
        TH_CHECK(q->count == 0 && turret_all_zero(q, sizeof *q), "%s %ld: %s, out not cleared",
                 name, i, af_status_name(st));
        return 0.0;
    }
    for (k = 0; k < q->count; k++) {
        af_turret_shot_f64 sh = turret_shot_f64_of(&q->shot[k]);
        double slack = s->drag ? turret_q16_drag_flight_slack(&sh) : 0.0;
        double miss = turret_miss(s, &sh), tol = turret_q16_miss_tolerance(s, &sh, slack);
        double slew = turret_slew(&s->turret, sh.yaw, sh.pitch);
        worst = fmax(worst, miss / tol);
        TH_CHECK(miss <= tol, "%s %ld shot %d (drag kind %d): miss %.3g m, tolerance %.3g m",
                 name, i, k, s->drag ? (int)s->drag->kind : -1, miss, tol);
        TH_CHECK(turret_within(&s->turret, sh.yaw, sh.pitch), "%s %ld shot %d: beyond a limit",
                 name, i, k);
        /* The slew is the Q16.16 angles' own: at one rate it comes through
         * a sine, a cosine and an atan2, a few LSB of angle. */
        if (s->turret.flags & AF_TURRET_ONE_RATE)
            slew -= 4.0 * LSB / s->turret.yaw_rate;
        /* Whole turns dropped are 2 pi rounded once: half an LSB of yaw. */
        else if (s->turret.flags & AF_TURRET_YAW_WRAPS)
            slew -= 0.5 * LSB / s->turret.yaw_rate;
        TH_CHECK(sh.launch >= s->turret.latency && sh.launch >= slew - LSB,
                 "%s %ld shot %d: launch %.6f before latency %.6f or slew %.6f (flags %u, rates "
                 "%g %g)",
                 name, i, k, sh.launch, s->turret.latency, slew, s->turret.flags,
                 s->turret.yaw_rate, s->turret.pitch_rate);
        TH_CHECK(sh.flight > 0.0 && (!s->drag || sh.flight <= s->max_time),
                 "%s %ld shot %d: flight %g", name, i, k, sh.flight);
    }
    return worst;
}

/* Within a few LSB of a pitch limit, or of a yaw limit of a head that
 * does not wrap. */
static int at_a_limit(const af_turret_f64 *t, double yaw, double pitch)
{
    double near = 4.0 * LSB;
    return fabs(pitch - t->pitch_min) <= near || fabs(pitch - t->pitch_max) <= near ||
           (!(t->flags & AF_TURRET_YAW_WRAPS) &&
            (fabs(yaw - t->yaw_min) <= near || fabs(yaw - t->yaw_max) <= near));
}

static double dot(af_vec3_f64 a, af_vec3_f64 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/* How far the impact moves per second of launch along a vacuum shot's
 * branch: 1 + df/dL, where the flight f solves |D(L) + W f - g' f^2/2| =
 * s f (the muzzle aside), so df/dL = u.(Vt - Vp) / (s - u.(W - g' f)),
 * u the barrel, W the target's velocity less what the shot inherits:
 * large where the shot barely closes on the target (a platform running
 * from it at nearly the shot's speed); infinite at a graze. */
static double impact_gain(const turret_scene *s, const af_turret_shot_f64 *sh)
{
    af_vec3_f64 u = sh->velocity, vt, w, rate;
    double n, closing;
    if (s->turret.flags & AF_INHERIT_VELOCITY) {
        u.x -= s->turret.velocity.x;
        u.y -= s->turret.velocity.y;
        u.z -= s->turret.velocity.z;
    }
    n = len(u);
    if (!(n > 0.0))
        return INFINITY;
    vt.x = s->target.velocity.x + s->acceleration.x * sh->launch;
    vt.y = s->target.velocity.y + s->acceleration.y * sh->launch;
    vt.z = s->target.velocity.z + s->acceleration.z * sh->launch;
    w = vt;
    if (s->turret.flags & AF_INHERIT_VELOCITY) {
        w.x -= s->turret.velocity.x;
        w.y -= s->turret.velocity.y;
        w.z -= s->turret.velocity.z;
    }
    rate.x = w.x - (s->gravity.x - s->acceleration.x) * sh->flight;
    rate.y = w.y - (s->gravity.y - s->acceleration.y) * sh->flight;
    rate.z = w.z - (s->gravity.z - s->acceleration.z) * sh->flight;
    closing = s->turret.speed - dot(u, rate) / n;
    vt.x -= s->turret.velocity.x;
    vt.y -= s->turret.velocity.y;
    vt.z -= s->turret.velocity.z;
    return closing > 0.0 ? 1.0 + fabs(dot(u, vt)) / n / closing : INFINITY;
}

/* What a Q16.16 first impact may come before an exact one tf by: its
 * roundings. */
static double impact_slack(const turret_scene *s, const af_turret_shot_f64 *sh, double tf)
{
    /* A launch time is whole LSB: the flight moves with it by up to the
     * platform's and target's speed over the shot's (a platform at 32 km/s
     * firing at 3 m/s: 0.02 s per 0.4 LSB of launch), and in vacuum by the
     * branch's own gain (a platform fleeing the target at the shot's
     * speed: 95 s of impact per s of launch). */
    double sweep = (len(s->turret.velocity) + len(s->target.velocity) +
                    len(s->acceleration) * tf) / s->turret.speed;
    double gain = s->drag ? 1.0 + sweep : fmax(1.0 + sweep, impact_gain(s, sh));
    /* A command within the angles' tolerance is in time that much slew
     * earlier, and the impact moves with the launch by that gain (a
     * 768 m/s platform firing at 1 m/s, pitching at 8 LSB/s: 15 s). */
    return 4.0 * LSB * (1.0 + tf) + (s->drag ? turret_q16_drag_flight_slack(sh) : 0.0) +
           TURRET_Q16_ANGLE_TOL / fmin(s->turret.yaw_rate, s->turret.pitch_rate) * gain +
           2.0 * LSB * (gain - 1.0);
}

double turret_q16_check_not_earlier(const turret_scene *s, const af_turret_shots_q16 *q,
                                    const af_turret_shots_f64 *f, const char *name, long i)
{
    af_turret_shot_f64 sh = turret_shot_f64_of(&q->shot[0]);
    double tq = sh.launch + sh.flight, tf = f->shot[0].launch + f->shot[0].flight, slack;
    /* A shot held at a limit grazes the target: its miss changes slowly
     * with the impact time, and Q16's tolerance admits a window of
     * impacts (a horizontal 11 km/s shot 6.6 km out: 140 s). */
    if (at_a_limit(&s->turret, sh.yaw, sh.pitch) ||
        at_a_limit(&s->turret, f->shot[0].yaw, f->shot[0].pitch))
        return tq;
    /* A Q16.16 shot (flown and checked on its own) launched past the
     * longest slew: f64 may have stepped over its stretch of launches in
     * a wait's cell, or, having found a later impact, not looked for a
     * branch born then (turret_aim.h). */
    if (sh.launch > turret_in_time_from(&s->turret))
        return tq;
    slack = impact_slack(s, &sh, tf);
    if (tq < tf - slack) {
        /* f64's scan is blind to a stretch in time between two of its
         * samples (turret_aim.h), where Q16's own grid may land: only a
         * shot in a run that holds one of f64's samples counts. */
        double seen = turret_scan_earliest_seen(s, AF_TURRET_SCAN_CELLS, 4, 0.0);
        if (seen == -1.0 || seen > tq + slack)
            return tq;
    }
    TH_CHECK(tq >= tf - slack, "%s %ld: q16 impact %.6f before f64 %.6f", name, i, tq, tf);
    return tq;
}

double turret_q16_check_scan(const turret_scene *s, const af_turret_shots_q16 *q, double scan,
                             double later_tol, const char *name, long i)
{
    af_turret_shot_f64 sh = turret_shot_f64_of(&q->shot[0]);
    double tq = sh.launch + sh.flight;
    (void)s;
    TH_CHECK(scan < 0.0 || tq <= scan + later_tol, "%s %ld: q16 first impact %.6f s, the scan's %.6f s",
             name, i, tq, scan);
    return tq;
}

void turret_q16_tally_add(turret_q16_tally *t, const turret_scene *s, af_status sq,
                          const af_turret_shots_q16 *q, af_status sf,
                          const af_turret_shots_f64 *f, uint32_t cost, const char *name, long i)
{
    double tq, tf;
    t->cost_sum += cost;
    t->cost_max = cost > t->cost_max ? cost : t->cost_max;
    t->worst = fmax(t->worst, turret_q16_check_shots(s, sq, q, name, i));
    if (sq != AF_OK) {
        t->f_only += sf == AF_OK;
        return;
    }
    if (sf != AF_OK) {
        t->q_only++;
        return;
    }
    t->both++;
    tq = turret_q16_check_not_earlier(s, q, f, name, i);
    tf = f->shot[0].launch + f->shot[0].flight;
    t->later += tq > tf + 1e-3 * (1.0 + tf);
}

void turret_q16_check_refused(af_status st, af_status want, const af_turret_shots_q16 *q,
                              const char *why)
{
    TH_CHECK(st == want && turret_all_zero(q, sizeof *q), "%s: %s", why, af_status_name(st));
}

void turret_q16_tally_scene(turret_q16_tally *t, const turret_scene *s, af_status sq,
                            const af_turret_shots_q16 *q, af_status sf,
                            const af_turret_shots_f64 *f, uint32_t cost, const af_status *also,
                            const char *name, long i)
{
    int known = sq == AF_OK || sq == AF_ERR_NO_SOLUTION || sq == AF_ERR_BEYOND_YAW ||
                sq == AF_ERR_BEYOND_PITCH;
    for (; *also != AF_OK; also++)
        known |= sq == *also;
    TH_CHECK(known, "%s %ld: %s", name, i, af_status_name(sq));
    turret_q16_tally_add(t, s, sq, q, sf, f, cost, name, i);
}

void turret_q16_tally_note(const turret_q16_tally *t, const char *name, long n)
{
    th_note("%s: %ld scenes: both found shots %ld (q16 first impact later by > 1e-3 in %ld), "
            "q16 only %ld, f64 only %ld; worst miss %.3f of the tolerance; cost mean %.0f, max "
            "%lu %s",
            name, n, t->both, t->later, t->q_only, t->f_only, t->worst, t->cost_sum / (double)n,
            (unsigned long)t->cost_max, port_counter_unit());
}
