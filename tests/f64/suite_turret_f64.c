/* SPDX-License-Identifier: MIT */
/*
 * Turrets in double precision: angles and their limits, and the turret
 * aim, whose every shot is flown by the tests' own kinematics (leaving at
 * the launch time from the muzzle at the commanded angles), never exceeds a
 * limit, and is not beaten by a brute-force scan of every launch time.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "shot_flight.h"
#include "turret_check.h"

#define PI 3.14159265358979323846

static void barrel_and_angles_round_trip(void)
{
    th_rng rng = th_rng_for("turret_f64.round_trip");
    long i, n = th_count(20000);
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        turret_scene s = turret_scene_random(&rng, 0);
        af_turret_f64 *t = &s.turret;
        double yaw = (t->flags & AF_TURRET_YAW_WRAPS) ? th_rand_uniform(&rng, -PI, PI)
                                                      : th_rand_uniform(&rng, t->yaw_min, t->yaw_max);
        double pitch = th_rand_uniform(&rng, t->pitch_min, t->pitch_max);
        af_turret_pose_f64 pose;
        af_turret_command_f64 cmd;
        af_vec3_f64 b, a;
        af_status st = af_turret_barrel_f64(t, yaw, pitch, &pose);
        if (!TH_CHECK(st == AF_OK, "case %ld: barrel %s", i, af_status_name(st)))
            continue;
        turret_axes(t, yaw, pitch, &b, &a);
        worst = fmax(worst, fabs(pose.barrel.x - b.x) + fabs(pose.barrel.y - b.y) +
                                fabs(pose.barrel.z - b.z));
        TH_CHECK(fabs(pose.muzzle.x - (t->pivot.x + t->muzzle_forward * b.x + t->muzzle_up * a.x)) <
                     1e-12 * (1.0 + fabs(t->pivot.x)),
                 "case %ld: muzzle x", i);
        st = af_turret_angles_f64(t, &pose.barrel, &cmd);
        if (!TH_CHECK(st == AF_OK, "case %ld: angles %s", i, af_status_name(st)))
            continue;
        /* Near the vertical the yaw is ill-defined and the barrel is what
         * must agree; elsewhere the angles themselves. */
        turret_axes(t, cmd.yaw, cmd.pitch, &a, &b);
        TH_CHECK(fabs(a.x - pose.barrel.x) + fabs(a.y - pose.barrel.y) + fabs(a.z - pose.barrel.z) <
                     1e-9,
                 "case %ld: angles point elsewhere", i);
        TH_CHECK(turret_within(t, cmd.yaw, cmd.pitch), "case %ld: beyond a limit", i);
        TH_CHECK(fabs(cmd.slew - turret_slew(t, cmd.yaw, cmd.pitch)) < 1e-9 * (1.0 + cmd.slew),
                 "case %ld: slew %g, expected %g", i, cmd.slew, turret_slew(t, cmd.yaw, cmd.pitch));
        if (!(t->flags & AF_TURRET_YAW_WRAPS) && fabs(pitch) < 1.5)
            TH_CHECK(fabs(cmd.yaw - yaw) < 1e-9 || t->yaw_max - t->yaw_min > 2.0 * PI - 1e-9,
                     "case %ld: yaw %.17g, expected %.17g", i, cmd.yaw, yaw);
    }
    th_note("%ld poses: worst barrel difference %.3g", n, worst);
}

/* Each row: a direction, the current yaw, and what must come back. */
static void angles_say_which_limit(void)
{
    static const struct {
        const char *why;
        double x, y, z, yaw0, wraps;
        af_status status;
        double yaw, pitch;
    } rows[] = {
        { "straight ahead", 1, 0, 0, 0, 0, AF_OK, 0, 0 },
        { "left, within yaw", 0, 1, 0, 0, 0, AF_OK, 0.5 * PI, 0 },
        { "behind: beyond the yaw limits", -1, 0, 0, 0, 0, AF_ERR_BEYOND_YAW, 0, 0 },
        { "too steep: beyond the pitch limit", 1, 0, 2, 0, 0, AF_ERR_BEYOND_PITCH, 0, 0 },
        { "below the floor of the pitch", 1, 0, -1, 0, 0, AF_ERR_BEYOND_PITCH, 0, 0 },
        { "behind and too steep: pitch is named first", -1, 0, 3, 0, 0, AF_ERR_BEYOND_PITCH, 0, 0 },
        { "behind with a wrapping yaw: the short way round", -1, 0, 0, 3.0, 1, AF_OK, PI, 0 },
        { "just past pi with a wrapping yaw: reported in (-pi, pi]", -1, -1e-3, 0, 0, 1, AF_OK,
          -3.140592653923126 /* -pi + atan(1e-3) */, 0 },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        af_turret_f64 t = turret_level();
        af_vec3_f64 d = { rows[i].x, rows[i].y, rows[i].z };
        af_turret_command_f64 cmd;
        af_status st;
        t.yaw = rows[i].yaw0;
        if (rows[i].wraps != 0.0)
            t.flags |= AF_TURRET_YAW_WRAPS;
        st = af_turret_angles_f64(&t, &d, &cmd);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        if (st != AF_OK) {
            TH_CHECK(turret_all_zero(&cmd, sizeof cmd), "%s: out not cleared", rows[i].why);
            continue;
        }
        TH_CHECK(fabs(cmd.yaw - rows[i].yaw) < 1e-12 && fabs(cmd.pitch - rows[i].pitch) < 1e-12,
                 "%s: yaw %g pitch %g", rows[i].why, cmd.yaw, cmd.pitch);
    }
}

/* A vertical direction has every yaw: the head keeps its own, so it need
 * not turn. A cable-wrap yaw range wider than a turn takes the nearest of
 * the yaws that point the same way. */
static void vertical_keeps_yaw_and_wide_yaw_takes_nearest(void)
{
    af_turret_f64 t = turret_level();
    af_vec3_f64 down = { 0, 0, -1 }, back = { -1, 0, 0 };
    af_turret_command_f64 cmd;
    af_status st;
    t.pitch_min = -0.5 * PI;
    t.yaw = 0.3;
    st = af_turret_angles_f64(&t, &down, &cmd);
    TH_CHECK(st == AF_OK && cmd.yaw == 0.3 && fabs(cmd.pitch + 0.5 * PI) < 1e-15,
             "straight down: %s yaw %g pitch %g", af_status_name(st), cmd.yaw, cmd.pitch);
    TH_CHECK(fabs(cmd.slew - 0.5 * PI / t.pitch_rate) < 1e-12, "straight down: slew %g", cmd.slew);
    t.yaw_min = -1.5 * PI;
    t.yaw_max = 1.5 * PI;
    t.yaw = -2.0;
    st = af_turret_angles_f64(&t, &back, &cmd);
    TH_CHECK(st == AF_OK && fabs(cmd.yaw + PI) < 1e-12, "wide yaw from -2: %s yaw %g",
             af_status_name(st), cmd.yaw);
    t.yaw = 2.0;
    st = af_turret_angles_f64(&t, &back, &cmd);
    TH_CHECK(st == AF_OK && fabs(cmd.yaw - PI) < 1e-12, "wide yaw from 2: %s yaw %g",
             af_status_name(st), cmd.yaw);
}

/* Each row breaks one rule of the turret's domain: every function (the
 * accelerating-target and drag aims too) refuses it with bad_argument and
 * an all-zero out-struct. */
static void bad_turrets_are_refused(void)
{
    static const char *const why[] = {
        "zero yaw rate: a head that cannot turn has no slew time",
        "zero pitch rate",
        "empty yaw limits (min > max)",
        "empty pitch limits (min > max)",
        "pitch limit beyond straight up",
        "current yaw outside the limits",
        "negative latency",
        "zero speed",
        "zero up",
        "forward along up: no heading",
        "NaN latency",
        "infinite pivot",
        "negative muzzle distance along the barrel",
        "NaN platform velocity",
    };
    size_t i;
    for (i = 0; i < sizeof why / sizeof why[0]; i++) {
        af_turret_f64 t = turret_level();
        af_body_f64 target = { { 100, 0, 0 }, { 0, 0, 0 } };
        af_vec3_f64 g = { 0, 0, -9.81 }, d = { 1, 0, 0 };
        af_turret_shots_f64 shots;
        af_turret_command_f64 cmd;
        af_turret_pose_f64 pose;
        switch (i) {
        case 0: t.yaw_rate = 0.0; break;
        case 1: t.pitch_rate = 0.0; break;
        case 2: t.yaw_min = 1.0; t.yaw_max = -1.0; break;
        case 3: t.pitch_min = 0.5; t.pitch_max = -0.5; break;
        case 4: t.pitch_max = 2.0; break;
        case 5: t.yaw = 2.0; break;
        case 6: t.latency = -0.1; break;
        case 7: t.speed = 0.0; break;
        case 8: t.up.z = 0.0; break;
        case 9: t.forward.x = 0.0; t.forward.z = 1.0; break;
        case 10: t.latency = NAN; break;
        case 11: t.pivot.y = INFINITY; break;
        case 12: t.muzzle_forward = -0.1; break;
        default: t.velocity.x = NAN; break;
        }
        TH_CHECK(af_turret_aim_f64(&t, &target, &g, &shots) == AF_ERR_BAD_ARGUMENT &&
                     turret_all_zero(&shots, sizeof shots),
                 "aim: %s", why[i]);
        {
            af_body_accel_f64 moving = { { 100, 0, 0 }, { 0, 0, 0 }, { 1, 0, 0 } };
            af_drag_f64 m;
            TH_CHECK(af_drag_init_f64(AF_DRAG_UNITY, 0.1, 0.02, &g, NULL, &m) == AF_OK, "model");
            TH_CHECK(af_turret_aim_accel_f64(&t, &moving, &g, &shots) == AF_ERR_BAD_ARGUMENT &&
                         turret_all_zero(&shots, sizeof shots),
                     "accelerating aim: %s", why[i]);
            TH_CHECK(af_turret_aim_drag_f64(&t, &m, &target, 10.0, &shots) ==
                             AF_ERR_BAD_ARGUMENT &&
                         turret_all_zero(&shots, sizeof shots),
                     "drag aim: %s", why[i]);
        }
        TH_CHECK(af_turret_angles_f64(&t, &d, &cmd) == AF_ERR_BAD_ARGUMENT &&
                     turret_all_zero(&cmd, sizeof cmd),
                 "angles: %s", why[i]);
        TH_CHECK(af_turret_barrel_f64(&t, 0.0, 0.0, &pose) == AF_ERR_BAD_ARGUMENT &&
                     turret_all_zero(&pose, sizeof pose),
                 "barrel: %s", why[i]);
    }
}

static void random_turrets_hit(int lob, const char *name)
{
    th_rng rng = th_rng_for(name);
    long i, n = th_count(4000), found = 0, late = 0;
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        turret_scene s = turret_scene_random(&rng, lob);
        af_turret_shots_f64 out;
        af_status st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
        TH_CHECK(st == AF_OK || st == AF_ERR_NO_SOLUTION || st == AF_ERR_BEYOND_YAW ||
                     st == AF_ERR_BEYOND_PITCH,
                 "%s %ld: %s", name, i, af_status_name(st));
        worst = fmax(worst, turret_check_shots(&s, st, &out, i, name));
        if (st == AF_OK) {
            const af_turret_shot_f64 *sh = &out.shot[0];
            double due = fmax(s.turret.latency, turret_slew(&s.turret, sh->yaw, sh->pitch));
            found++;
            if (sh->launch > due + 1e-9 * (1.0 + due))
                late++;
        }
    }
    th_note("%s: %ld scenes, %ld with shots, %ld first shots held past max(latency, slew); worst "
            "miss %.3g of the scene",
            name, n, found, late, worst);
}

static void random_straight_shots_hit(void)
{
    random_turrets_hit(0, "turret_f64.straight");
}

static void random_lobs_hit(void)
{
    random_turrets_hit(1, "turret_f64.lob");
}

/* The brute-force scan of every launch time up to the solver's first
 * impact (a grid, so it can only find later shots than the exact
 * earliest): it never finds a shot that impacts before the solver's
 * first, and finds none where the solver says none. */
static void scan_finds_nothing_earlier(int lob, const char *name)
{
    th_rng rng = th_rng_for(name);
    long i, n = th_count(100), agreed = 0;
    for (i = 0; i < n; i++) {
        turret_scene s = turret_scene_random(&rng, lob);
        af_turret_shots_f64 out;
        af_status st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
        double scan = turret_scan_earliest(&s, 300, 1e-9);
        if (st == AF_OK) {
            /* A branch born past the longest slew may hit sooner (a short
             * lob coming within reach once a long one is found): the scan
             * looks up to the solver's first impact too. */
            turret_scene past = s;
            past.scan_past = out.shot[0].launch + out.shot[0].flight;
            scan = turret_scan_earliest(&past, 600, 1e-9);
        }
        agreed += turret_check_scan(st, &out, scan, name, i);
    }
    th_note("%s: %ld scenes, %ld where both found shots", name, n, agreed);
}

static void scan_straight(void)
{
    scan_finds_nothing_earlier(0, "turret_f64.scan_straight");
}

static void scan_lob(void)
{
    scan_finds_nothing_earlier(1, "turret_f64.scan_lob");
}


/* The aim's edges, a row each with its reason. The turret is
 * turret_level() unless the row changes it; z is up, gravity -9.81 or
 * none. */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double x, y, z, vx, vy, vz;
        int lob;
        double latency, pitch_min, pitch_max, mf, mu;
        af_status status;
    } rows[] = {
        { "target at the pivot: inside the muzzle's circle, the shot can never come back",
          0, 0, 0, 0, 0, 0, 0, 0.1, -0.2, 1.0, 0.5, 0.1, AF_ERR_NO_SOLUTION },
        { "target inside the muzzle's circle (0.3 m of a 0.51 m arm)",
          0.3, 0, 0, 0, 0, 0, 0, 0.1, -0.2, 1.0, 0.5, 0.1, AF_ERR_NO_SOLUTION },
        { "target inside the muzzle's circle but walking out of it: met outside",
          0.3, 0, 0, 10, 0, 0, 0, 0.1, -0.2, 1.0, 0.5, 0.1, AF_OK },
        { "straight up, no muzzle offset, pitch up to 90 deg: pitch 90 deg, yaw kept",
          0, 0, 100, 0, 0, 0, 0, 0.1, -0.2, 1.5707963267948966, 0.0, 0.0, AF_OK },
        { "straight up, pitch up to 60 deg: beyond the pitch limit",
          0, 0, 100, 0, 0, 0, 0, 0.1, -0.2, 1.0, 0.5, 0.1, AF_ERR_BEYOND_PITCH },
        { "straight down, pitch down to -90 deg: pitch -90 deg",
          0, 0, -100, 0, 0, 0, 0, 0.1, -1.5707963267948966, 1.0, 0.0, 0.0, AF_OK },
        { "straight down, pitch down to -11 deg: beyond the pitch limit",
          0, 0, -100, 0, 0, 0, 0, 0.1, -0.2, 1.0, 0.5, 0.1, AF_ERR_BEYOND_PITCH },
        { "behind, yaw limited to +-90 deg: beyond the yaw limit",
          -100, 0, 0, 0, 0, 0, 0, 0.1, -0.2, 1.0, 0.5, 0.1, AF_ERR_BEYOND_YAW },
        { "zero latency, the head already on a static target: launch at once",
          100, 0, 0.1, 0, 0, 0, 0, 0.0, -0.2, 1.0, 0.5, 0.1, AF_OK },
        { "huge latency (1e6 s), static target: launch at the latency",
          100, 50, 0, 0, 0, 0, 0, 1e6, -0.2, 1.0, 0.5, 0.1, AF_OK },
        { "huge latency, the target walking away: met after the latency",
          100, 50, 0, 1, 0, 0, 0, 1e6, -0.2, 1.0, 0.5, 0.1, AF_OK },
        { "a target escaping faster than the shot: out of range",
          100, 0, 0, 80, 0, 0, 0, 0.1, -0.2, 1.0, 0.5, 0.1, AF_ERR_NO_SOLUTION },
        { "a lob beyond the muzzle speed's reach (50 m/s reaches 255 m)",
          400, 0, 0, 0, 0, 0, 1, 0.1, -0.2, 1.0, 0.5, 0.1, AF_ERR_NO_SOLUTION },
        { "a lob at 200 m: both arcs, the low one first",
          200, 30, 0, 0, 0, 0, 1, 0.1, -0.2, 1.5, 0.5, 0.1, AF_OK },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        turret_scene s;
        af_turret_shots_f64 out;
        af_status st;
        memset(&s, 0, sizeof s);
        s.turret = turret_level();
        s.turret.latency = rows[i].latency;
        s.turret.pitch_min = rows[i].pitch_min;
        s.turret.pitch_max = rows[i].pitch_max;
        s.turret.muzzle_forward = rows[i].mf;
        s.turret.muzzle_up = rows[i].mu;
        s.target.position.x = rows[i].x;
        s.target.position.y = rows[i].y;
        s.target.position.z = rows[i].z;
        s.target.velocity.x = rows[i].vx;
        s.target.velocity.y = rows[i].vy;
        s.target.velocity.z = rows[i].vz;
        s.gravity.x = s.gravity.y = 0.0;
        s.gravity.z = rows[i].lob ? -9.81 : 0.0;
        st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        turret_check_shots(&s, st, &out, (long)i, rows[i].why);
        if (st != AF_OK)
            continue;
        if (i == 3)
            TH_CHECK(fabs(out.shot[0].pitch - 0.5 * PI) < 1e-12 && out.shot[0].yaw == 0.0,
                     "%s: yaw %g pitch %.17g", rows[i].why, out.shot[0].yaw, out.shot[0].pitch);
        if (i == 5)
            TH_CHECK(fabs(out.shot[0].pitch + 0.5 * PI) < 1e-12, "%s: pitch %.17g", rows[i].why,
                     out.shot[0].pitch);
        if (i == 8) /* the slew left is the angles' rounding */
            TH_CHECK(out.shot[0].launch < 1e-12, "%s: launch %g", rows[i].why, out.shot[0].launch);
        if (i == 9 || i == 10)
            TH_CHECK(out.shot[0].launch == 1e6, "%s: launch %.17g", rows[i].why,
                     out.shot[0].launch);
        if (i == 13)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
    }
}

/* NaN or infinite scene inputs: refused, out all zero. */
static void aim_refuses_non_finite_scenes(void)
{
    static const char *const why[] = { "NaN target position", "infinite target velocity",
                                       "NaN gravity", "NULL gravity", "NULL target" };
    size_t i;
    for (i = 0; i < sizeof why / sizeof why[0]; i++) {
        af_turret_f64 t = turret_level();
        af_body_f64 target = { { 100, 0, 0 }, { 0, 0, 0 } };
        af_vec3_f64 g = { 0, 0, -9.81 };
        af_turret_shots_f64 out;
        af_status st;
        switch (i) {
        case 0: target.position.x = NAN; break;
        case 1: target.velocity.y = -INFINITY; break;
        default: g.z = NAN; break;
        }
        st = af_turret_aim_f64(&t, i == 4 ? NULL : &target, i == 3 ? NULL : &g, &out);
        TH_CHECK(st == AF_ERR_BAD_ARGUMENT && turret_all_zero(&out, sizeof out), "%s: %s", why[i],
                 af_status_name(st));
    }
}

/* A wrapping head at a yaw 5 215 turns round (32767.99998 rad, Q16.16's
 * largest): the turn to yaw 0 is that yaw reduced by the exact 2 pi
 * (libm's sine and cosine), where a reduction by 2 pi rounded to a double
 * is 1.3e-12 rad off; at either rate model. */
static void slew_from_a_yaw_thousands_of_turns_round(void)
{
    af_turret_f64 t = turret_level();
    af_vec3_f64 ahead = { 1.0, 0.0, 0.0 };
    af_turret_command_f64 c;
    double y0 = 2147483647.0 / 65536, want = fabs(atan2(sin(y0), cos(y0)));
    int one_rate;
    t.yaw = y0;
    t.pitch = 0.0;
    t.pitch_min = -0.5;
    for (one_rate = 0; one_rate < 2; one_rate++) {
        af_status st;
        t.flags = AF_TURRET_YAW_WRAPS | (one_rate ? AF_TURRET_ONE_RATE : 0u);
        st = af_turret_angles_f64(&t, &ahead, &c);
        TH_CHECK(st == AF_OK && c.yaw == 0.0 && fabs(c.slew - want) <= 1e-14,
                 "%s: %s yaw %.17g slew %.17g, the turn is %.17g",
                 one_rate ? "one rate" : "per axis", af_status_name(st), c.yaw, c.slew, want);
    }
}

/* A rotating shooter (AF_TURRET_ONE_RATE) turns about the shortest axis
 * at one rate. In the plane (pitch pinned at 0, the yaw wrapping) a
 * target a quarter turn to the left is shot after a quarter turn at
 * 1 rad/s; in space, from straight up to the horizon is a quarter turn
 * too, whatever the yaw, and the pitch rate plays no part. */
static void rotating_shooter_turns_the_shortest_way(void)
{
    turret_scene s;
    af_turret_shots_f64 out;
    af_status st;
    memset(&s, 0, sizeof s);
    s.turret = turret_level();
    s.turret.flags = AF_TURRET_YAW_WRAPS | AF_TURRET_ONE_RATE;
    s.turret.pitch_min = s.turret.pitch_max = 0.0;
    s.turret.muzzle_forward = s.turret.muzzle_up = 0.0;
    s.turret.latency = 0.0;
    s.target.position.y = 100.0;
    st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
    TH_CHECK(st == AF_OK && fabs(out.shot[0].launch - 0.5 * PI) < 1e-12 &&
                 fabs(out.shot[0].yaw - 0.5 * PI) < 1e-12 && out.shot[0].pitch == 0.0 &&
                 fabs(out.shot[0].flight - 2.0) < 1e-12,
             "in the plane: %s launch %.17g yaw %.17g pitch %g flight %.17g", af_status_name(st),
             out.shot[0].launch, out.shot[0].yaw, out.shot[0].pitch, out.shot[0].flight);
    turret_check_shots(&s, st, &out, 0, "in the plane");
    s.turret.pitch_min = -0.5 * PI;
    s.turret.pitch_max = 0.5 * PI;
    s.turret.pitch = 0.5 * PI;
    s.turret.yaw = 2.0;
    s.turret.pitch_rate = 1e-3;
    s.target.position.x = 100.0;
    s.target.position.y = 0.0;
    st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
    TH_CHECK(st == AF_OK && fabs(out.shot[0].launch - 0.5 * PI) < 1e-9 &&
                 fabs(out.shot[0].pitch) < 1e-9,
             "from straight up: %s launch %.17g pitch %.17g", af_status_name(st),
             out.shot[0].launch, out.shot[0].pitch);
    turret_check_shots(&s, st, &out, 1, "from straight up");
}

/* A platform at 100 m/s carries a 30 m/s gun (the shot does not inherit
 * its velocity) towards a target 1 km ahead: the later it fires, the
 * sooner it hits, down to the launch at which the muzzle reaches the
 * target, 9.95 s; past it the target is inside the muzzle's circle. The
 * earliest impact is that end, not a sample before it. */
static void earliest_impact_where_the_muzzle_reaches_the_target(void)
{
    af_turret_f64 t = turret_level();
    af_body_accel_f64 target;
    af_vec3_f64 none = { 0, 0, 0 };
    af_turret_shots_f64 out;
    af_status st;
    t.muzzle_forward = 5.0;
    t.muzzle_up = 0.0;
    t.speed = 30.0;
    t.velocity.x = 100.0;
    memset(&target, 0, sizeof target);
    target.position.x = 1000.0;
    st = af_turret_aim_accel_f64(&t, &target, &none, &out);
    TH_CHECK(st == AF_OK && fabs(out.shot[0].launch + out.shot[0].flight - 9.95) < 1e-6,
             "%s: first impact %.9f (launch %.9f), the muzzle reaches the target at 9.95",
             af_status_name(st), out.count ? out.shot[0].launch + out.shot[0].flight : -1.0,
             out.shot[0].launch);
}

/* A rotating shooter on a platform at 18 km/s, firing at 50 m/s across
 * its path at a target 768 m aside: shots exist only while the pivot
 * passes the target, a window narrower than the scan's cells, and the
 * shot becomes in time inside it and hits sooner the later it leaves,
 * down to 17.07 s. The first in-time launch (17.54 s) is not the answer. */
static void earliest_impact_after_the_first_in_time_launch(void)
{
    af_turret_f64 t = turret_level();
    af_body_accel_f64 target;
    af_vec3_f64 none = { 0, 0, 0 };
    af_turret_shots_f64 out;
    af_status st;
    double first;
    t.pivot = sf_vec(2.6848602294921875, 3.4353790283203125, 0.0460205078125);
    t.up = sf_vec(0, 1, 0);
    t.flags = AF_TURRET_ONE_RATE;
    t.yaw = 0.8619537353515625;
    t.pitch = 0.152374267578125;
    t.yaw_rate = 0.631500244140625;
    t.latency = 0.05;
    t.velocity = sf_vec(0, 0, 18432.8);
    memset(&target, 0, sizeof target);
    target.position = sf_vec(768, 0.01171875, 32768);
    st = af_turret_aim_accel_f64(&t, &target, &none, &out);
    first = out.shot[0].launch + out.shot[0].flight;
    TH_CHECK(st == AF_OK && first < 17.08 && first > 17.0,
             "%s: first impact %.9f (launch %.9f); one at 17.07 s hits", af_status_name(st), first,
             out.shot[0].launch);
}

/* A platform at 476 m/s draws away from a target 20 m behind its pivot,
 * inside the 768 m muzzle's circle, while a lob that comes back after
 * 348 000 s is already in time. At 1.5714 s, within the 3.1 s of the
 * longest slew, the target leaves the circle and a second branch is born,
 * flight 0, listed before the lob: it is in time there and hits first,
 * although the lob is in time on both sides. */
static void earliest_impact_of_a_branch_born_before_one_in_time(void)
{
    turret_scene s;
    af_turret_shots_f64 out;
    af_status st;
    double first;
    memset(&s, 0, sizeof s);
    s.turret = turret_level();
    s.turret.muzzle_forward = 768.0;
    s.turret.muzzle_up = 0.0;
    s.turret.speed = 8192.0;
    s.turret.pitch_max = 0.5 * PI;
    s.turret.yaw_rate = 0.5;
    s.turret.pitch_rate = 2.0;
    s.turret.velocity.x = -476.0;
    s.turret.flags = AF_INHERIT_VELOCITY;
    s.target.position.x = 20.0;
    s.gravity.z = -0.046875;
    st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
    first = out.shot[0].launch + out.shot[0].flight;
    TH_CHECK(st == AF_OK && out.count == 2 && fabs(first - 748.0 / 476.0) < 1e-9,
             "%s, %d shots: first impact %.9f (launch %.9f); the target leaves the muzzle's "
             "circle at %.9f",
             af_status_name(st), out.count, first, out.shot[0].launch, 748.0 / 476.0);
    turret_check_shots(&s, st, &out, 0, "branch born before one in time");
}

/* A platform at 12 km/s passes 10 m beside a target, 3.5 m below it;
 * the head, slewing from yaw -1 rad, is in time from 2.748685 s on, when
 * the target is still 15 m ahead (impact 3.1115 s). Launched later, the
 * shot hits sooner, down to 2.947926 s from the launch at the pass,
 * 1.3 ms later: a dip far inside one scan cell, whose ends both hit later
 * than the first in-time launch. */
static void earliest_impact_inside_the_cell_where_the_shot_becomes_in_time(void)
{
    turret_scene s;
    af_turret_shots_f64 out;
    af_status st;
    double first, scan;
    long cells;
    memset(&s, 0, sizeof s);
    s.turret = turret_level();
    s.turret.flags = AF_TURRET_YAW_WRAPS;
    s.turret.yaw = -1.0;
    s.turret.pitch = 0.33;
    s.turret.pitch_min = -0.2;
    s.turret.pitch_max = 1.0;
    s.turret.yaw_rate = 0.73;
    s.turret.pitch_rate = 0.7;
    s.turret.speed = 51.0;
    s.turret.velocity.y = 12000.0;
    s.target.position = sf_vec(10.0, 33000.0, 3.5);
    st = af_turret_aim_f64(&s.turret, &s.target, &s.gravity, &out);
    first = out.shot[0].launch + out.shot[0].flight;
    /* No shot the scan finds is earlier, at any resolution. At full scale
     * its cells of 0.26 ms see the 1.3 ms dip and, on its steep sides,
     * land within a millisecond of its bottom: far below the 3.1115 s of
     * the first in-time launch (the boards scan fewer cells, too coarse
     * for the dip). */
    cells = th_count(16384);
    scan = turret_scan_earliest(&s, (int)cells, 1e-9);
    TH_CHECK(st == AF_OK && scan > 0.0 && first <= scan + 1e-9 &&
                 (cells < 16384 || first > scan - 1e-3),
             "%s: first impact %.9f (launch %.9f); a scan of %ld cells finds one at %.9f",
             af_status_name(st), first, out.shot[0].launch, cells, scan);
    turret_check_shots(&s, st, &out, 0, "dip inside the first in-time cell");
}

static const th_case cases[] = {
    TH_CASE(earliest_impact_inside_the_cell_where_the_shot_becomes_in_time),
    TH_CASE(earliest_impact_of_a_branch_born_before_one_in_time),
    TH_CASE(earliest_impact_where_the_muzzle_reaches_the_target),
    TH_CASE(earliest_impact_after_the_first_in_time_launch),
    TH_CASE(barrel_and_angles_round_trip),
    TH_CASE(angles_say_which_limit),
    TH_CASE(vertical_keeps_yaw_and_wide_yaw_takes_nearest),
    TH_CASE(bad_turrets_are_refused),
    TH_CASE(aim_edges),
    TH_CASE(aim_refuses_non_finite_scenes),
    TH_CASE(rotating_shooter_turns_the_shortest_way),
    TH_CASE(slew_from_a_yaw_thousands_of_turns_round),
    TH_CASE(random_straight_shots_hit),
    TH_CASE(random_lobs_hit),
    TH_CASE(scan_straight),
    TH_CASE(scan_lob),
};

TH_MAIN("turret_f64", cases)
