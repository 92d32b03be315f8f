/* SPDX-License-Identifier: MIT */
/*
 * The f64 turret aim waits past the longest slew for a target that comes
 * into the limits or within reach only later, and does not wait where the
 * scene is the same at every launch time. Each answer is flown and set
 * against a brute-force scan of launch times that runs on past the slew.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "turret_check.h"

/* Launch times the brute-force scan covers past the longest slew, s. */
#define SCAN_PAST 60.0

/* turret_level (yaw +-90 deg: only x > 0 is within the limits), the
 * target given, a straight line or a lob at 9.8125 m/s^2. */
static turret_scene scene(double px, double py, double vx, double vy, int lob)
{
    turret_scene s;
    memset(&s, 0, sizeof s);
    s.turret = turret_level();
    s.target.position.x = px;
    s.target.position.y = py;
    s.target.velocity.x = vx;
    s.target.velocity.y = vy;
    s.gravity.z = lob ? -9.8125 : 0.0;
    s.scan_past = SCAN_PAST;
    return s;
}

/* The answer flown, the first impact no later than the scan's and
 * within its resolution, and the launch past the longest slew (the head
 * waited), or the status. */
static void check_wait(const turret_scene *s, af_status want, const char *what)
{
    af_turret_shots_f64 out;
    af_status st = af_turret_aim_f64(&s->turret, &s->target, &s->gravity, &out);
    long cells = th_count(4000);
    double scan = turret_scan_earliest(s, (int)cells, 1e-9);
    /* The scan's launch cells (the longest slew is 2.1 s): its first
     * impact within two of the exact one, whose launch moves it about as
     * much. */
    double cell = (2.1 + SCAN_PAST) / (double)cells;
    if (!TH_CHECK(st == want, "%s: %s, want %s", what, af_status_name(st), af_status_name(want)))
        return;
    turret_check_scan(st, &out, scan, what, 0);
    turret_check_shots(s, st, &out, 0, what);
    if (want == AF_OK)
        TH_CHECK(out.shot[0].launch > 2.1 && scan > 0.0 &&
                     fabs(out.shot[0].launch + out.shot[0].flight - scan) <= 2.0 * cell,
                 "%s: launch %.6f s, impact %.6f s; the scan's impact %.6f s", what,
                 out.shot[0].launch, out.shot[0].launch + out.shot[0].flight, scan);
}

/* Behind the turret, 12 s from crossing into its yaw limits. */
static void target_crossing_into_the_yaw_limits_is_waited_for(void)
{
    turret_scene s = scene(-60.0, 30.0, 5.0, 0.0, 0);
    check_wait(&s, AF_OK, "straight line into the yaw limits");
    s = scene(-60.0, 30.0, 5.0, 0.0, 1);
    check_wait(&s, AF_OK, "lob into the yaw limits");
}

/* 400 m out, closing at 10 m/s on a lob whose reach is 255 m. */
static void target_closing_into_reach_is_waited_for(void)
{
    turret_scene s = scene(400.0, 0.0, -10.0, 0.0, 1);
    check_wait(&s, AF_OK, "closing into reach");
}

/* Out of reach and riding with the turret, or leaving it: never hit. */
static void targets_never_in_reach_are_not_hit(void)
{
    turret_scene s = scene(400.0, 0.0, 0.0, 0.0, 1);
    check_wait(&s, AF_ERR_NO_SOLUTION, "still, out of reach");
    s.turret.velocity.x = s.target.velocity.x = 3.0;
    check_wait(&s, AF_ERR_NO_SOLUTION, "riding with the turret, out of reach");
    s = scene(400.0, 0.0, 10.0, 0.0, 1);
    check_wait(&s, AF_ERR_NO_SOLUTION, "leaving, out of reach");
    s = scene(-60.0, 30.0, 0.0, 0.0, 0);
    check_wait(&s, AF_ERR_BEYOND_YAW, "still, behind the turret");
    s = scene(-60.0, 30.0, -5.0, 0.0, 0);
    check_wait(&s, AF_ERR_BEYOND_YAW, "leaving behind the turret");
}

static const th_case cases[] = {
    TH_CASE(target_crossing_into_the_yaw_limits_is_waited_for),
    TH_CASE(target_closing_into_reach_is_waited_for),
    TH_CASE(targets_never_in_reach_are_not_hit),
};

TH_MAIN("turret_wait_f64", cases)
