/* SPDX-License-Identifier: MIT */
/*
 * The Q16.16 turret aim waits past the longest slew for a target that
 * comes into the limits or within reach only later, as the f64 aim does,
 * and does not wait where the scene is the same at every launch time.
 * Each answer is flown in double and set beside the f64 aim's.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "turret_check.h"
#include "turret_q16_check.h"

#define Q(x) ((fix16_t)((x) * 65536.0))

/* turret_q16_level (yaw +-1.5 rad: x > 0 and a little behind), the
 * target given, a straight line or a lob at 9.8125 m/s^2. */
static void scene(double px, double py, double vx, int lob, af_turret_q16 *qt, af_body_q16 *qb,
                  af_vec3_q16 *qg, turret_scene *s)
{
    *qt = turret_q16_level();
    memset(qb, 0, sizeof *qb);
    memset(qg, 0, sizeof *qg);
    qb->position.x = Q(px);
    qb->position.y = Q(py);
    qb->velocity.x = Q(vx);
    qg->z = lob ? Q(-9.8125) : 0;
    memset(s, 0, sizeof *s);
    s->turret = turret_f64_of(qt);
    s->target.position.x = px;
    s->target.position.y = py;
    s->target.velocity.x = vx;
    s->gravity.z = lob ? -9.8125 : 0.0;
}

/* The Q16.16 status and, on success, its shots flown and its first impact
 * within 1e-3 of the f64 aim's (which waited too). */
static void check_wait(double px, double py, double vx, int lob, af_status want,
                       const char *what)
{
    af_turret_q16 qt;
    af_body_q16 qb;
    af_vec3_q16 qg;
    turret_scene s;
    af_turret_shots_q16 q;
    af_turret_shots_f64 f;
    af_status sq, sf;
    scene(px, py, vx, lob, &qt, &qb, &qg, &s);
    sq = af_turret_aim_q16(&qt, &qb, &qg, &q);
    sf = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &f);
    if (!TH_CHECK(sq == want && sf == want, "%s: q16 %s, f64 %s, want %s", what,
                  af_status_name(sq), af_status_name(sf), af_status_name(want)))
        return;
    turret_q16_check_shots(&s, sq, &q, what, 0);
    if (want == AF_OK) {
        double tq = turret_q16_check_not_earlier(&s, &q, &f, what, 0);
        double tf = f.shot[0].launch + f.shot[0].flight;
        TH_CHECK(q.shot[0].launch > Q(2.1) && fabs(tq - tf) <= 1e-3 * tf,
                 "%s: launch %.6f s, impact %.6f s; f64's %.6f s", what,
                 q.shot[0].launch / 65536.0, tq, tf);
    }
}

/* Behind the turret, 12 s from crossing into its yaw limits. */
static void target_crossing_into_the_yaw_limits_is_waited_for(void)
{
    check_wait(-60.0, 30.0, 5.0, 0, AF_OK, "straight line into the yaw limits");
    check_wait(-60.0, 30.0, 5.0, 1, AF_OK, "lob into the yaw limits");
}

/* 400 m out, closing at 10 m/s on a lob whose reach is 255 m. */
static void target_closing_into_reach_is_waited_for(void)
{
    check_wait(400.0, 0.0, -10.0, 1, AF_OK, "closing into reach");
}

/* Out of reach and still, or leaving: never hit. */
static void targets_never_in_reach_are_not_hit(void)
{
    check_wait(400.0, 0.0, 0.0, 1, AF_ERR_NO_SOLUTION, "still, out of reach");
    check_wait(400.0, 0.0, 10.0, 1, AF_ERR_NO_SOLUTION, "leaving, out of reach");
    check_wait(-60.0, 30.0, 0.0, 0, AF_ERR_BEYOND_YAW, "still, behind the turret");
    check_wait(-60.0, 30.0, -5.0, 0, AF_ERR_BEYOND_YAW, "leaving behind the turret");
}

static const th_case cases[] = {
    TH_CASE(target_crossing_into_the_yaw_limits_is_waited_for),
    TH_CASE(target_closing_into_reach_is_waited_for),
    TH_CASE(targets_never_in_reach_are_not_hit),
};

TH_MAIN("turret_wait_q16", cases)
