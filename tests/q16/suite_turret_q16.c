/* SPDX-License-Identifier: MIT */
/*
 * Turrets in Q16.16: the angles agree with the f64 reference, and every
 * shot of af_turret_aim_q16, flown in double by the tests' own kinematics
 * from the Q16.16 command, meets the target within the tolerance below,
 * inside the limits, and never before the f64 solver's earliest impact
 * (itself checked by a brute-force scan in suite_turret_f64).
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "port.h"
#include "q16_solve_check.h"
#include "turret_check.h"
#include "turret_q16_check.h"

#define LSB (1.0 / 65536.0)
#define Q(v) ((fix16_t)((v) * 65536))

/* The angles: atan2 rounds to 0.51 LSB, and the direction's components in
 * the head frame carry the roundings of the direction and of the frame
 * (unit vectors to 0.5 LSB a component, their dot products to 0.5 LSB):
 * 3 LSB in all. The yaw's share grows as the direction's horizontal part
 * shrinks, by 1 / cos(pitch). */
#define ANGLE_TOL TURRET_Q16_ANGLE_TOL

static void angles_agree_with_f64(void)
{
    th_rng rng = th_rng_for("turret_q16.angles");
    long i, n = th_count(20000), compared = 0;
    double worst = 0.0;
    for (i = 0; i < n; i++) {
        af_turret_q16 qt;
        af_body_q16 qb;
        af_vec3_q16 qg, qd;
        turret_scene s;
        af_vec3_f64 d;
        af_turret_command_f64 cf;
        af_turret_command_q16 cq;
        af_status sf, sq;
        turret_q16_scene(&rng, 0, &qt, &qb, &qg, &s);
        qd = q16_vec_from_f64(s.target.position);
        qd.x -= qt.pivot.x;
        qd.y -= qt.pivot.y;
        qd.z -= qt.pivot.z;
        d = q16_vec_to_f64(qd);
        sf = af_turret_angles_f64(&s.turret, &d, &cf);
        sq = af_turret_angles_q16(&qt, &qd, &cq);
        if (sf != AF_OK || sq != AF_OK) {
            /* Statuses may differ only within the angles' tolerance of a
             * limit: there, limits moved out or in by it change f64's. */
            if (sf != sq) {
                af_turret_f64 wide = s.turret, narrow = s.turret;
                af_turret_command_f64 c;
                wide.yaw_min -= ANGLE_TOL;
                wide.yaw_max += ANGLE_TOL;
                wide.pitch_min -= ANGLE_TOL;
                wide.pitch_max += ANGLE_TOL;
                narrow.yaw_min += ANGLE_TOL;
                narrow.yaw_max -= ANGLE_TOL;
                narrow.pitch_min += ANGLE_TOL;
                narrow.pitch_max -= ANGLE_TOL;
                narrow.yaw = fmin(fmax(narrow.yaw, narrow.yaw_min), narrow.yaw_max);
                narrow.pitch = fmin(fmax(narrow.pitch, narrow.pitch_min), narrow.pitch_max);
                TH_CHECK(af_turret_angles_f64(&wide, &d, &c) != af_turret_angles_f64(&narrow, &d, &c),
                         "case %ld: f64 %s, q16 %s, not at a limit", i, af_status_name(sf),
                         af_status_name(sq));
            }
            continue;
        }
        compared++;
        {
            double ey = fabs(cf.yaw - q16_to_f64(cq.yaw)) * cos(cf.pitch);
            double e = fmax(ey, fabs(cf.pitch - q16_to_f64(cq.pitch)));
            worst = fmax(worst, e);
            TH_CHECK(e <= ANGLE_TOL,
                     "case %ld: yaw %.9g/%.9g pitch %.9g/%.9g", i, cf.yaw, q16_to_f64(cq.yaw),
                     cf.pitch, q16_to_f64(cq.pitch));
        }
        TH_CHECK(turret_within(&s.turret, q16_to_f64(cq.yaw), q16_to_f64(cq.pitch)),
                 "case %ld: q16 angles beyond a limit", i);
    }
    th_note("%ld directions, %ld compared: worst angle error %.3f LSB (yaw's times cos(pitch))", n, compared,
            worst / LSB);
}

static void bad_turrets_are_refused(void)
{
    static const char *const why[] = {
        "zero yaw rate", "zero pitch rate", "empty yaw limits", "empty pitch limits",
        "pitch limit beyond straight up", "negative latency", "zero speed", "zero up",
        "forward along up", "negative muzzle distance",
    };
    size_t i;
    for (i = 0; i < sizeof why / sizeof why[0]; i++) {
        af_turret_q16 t;
        af_body_q16 target = { { Q(100), 0, 0 }, { 0, 0, 0 } };
        af_vec3_q16 g = { 0, 0, Q(-9.81) }, d = { Q(1), 0, 0 };
        af_turret_shots_q16 shots;
        af_turret_command_q16 cmd;
        af_turret_pose_q16 pose;
        memset(&t, 0, sizeof t);
        t.up.z = Q(1);
        t.forward.x = Q(1);
        t.yaw_min = Q(-1.5);
        t.yaw_max = Q(1.5);
        t.pitch_min = Q(-0.2);
        t.pitch_max = Q(1);
        t.yaw_rate = t.pitch_rate = Q(1);
        t.speed = Q(50);
        switch (i) {
        case 0: t.yaw_rate = 0; break;
        case 1: t.pitch_rate = 0; break;
        case 2: t.yaw_min = Q(1); t.yaw_max = Q(-1); break;
        case 3: t.pitch_min = Q(0.5); t.pitch_max = Q(-0.5); break;
        case 4: t.pitch_max = Q(2); break;
        case 5: t.latency = -1; break;
        case 6: t.speed = 0; break;
        case 7: t.up.z = 0; break;
        case 8: t.forward.x = 0; t.forward.z = Q(1); break;
        default: t.muzzle_forward = -1; break;
        }
        TH_CHECK(af_turret_aim_q16(&t, &target, &g, &shots) == AF_ERR_BAD_ARGUMENT &&
                     shots.count == 0,
                 "aim: %s", why[i]);
        {
            af_body_accel_q16 moving;
            af_drag_q16 m;
            moving.position = target.position;
            moving.velocity = target.velocity;
            moving.acceleration.x = Q(1);
            moving.acceleration.y = moving.acceleration.z = 0;
            TH_CHECK(af_drag_init_q16(AF_DRAG_UNITY, Q(0.1), Q(0.02), &g, NULL, &m) == AF_OK,
                     "model");
            TH_CHECK(af_turret_aim_accel_q16(&t, &moving, &g, &shots) == AF_ERR_BAD_ARGUMENT &&
                         shots.count == 0,
                     "accelerating aim: %s", why[i]);
            TH_CHECK(af_turret_aim_drag_q16(&t, &m, &target, Q(10), &shots) ==
                             AF_ERR_BAD_ARGUMENT &&
                         shots.count == 0,
                     "drag aim: %s", why[i]);
        }
        TH_CHECK(af_turret_angles_q16(&t, &d, &cmd) == AF_ERR_BAD_ARGUMENT &&
                     cmd.yaw == 0 && cmd.pitch == 0 && cmd.slew == 0,
                 "angles: %s", why[i]);
        TH_CHECK(af_turret_barrel_q16(&t, 0, 0, &pose) == AF_ERR_BAD_ARGUMENT &&
                     pose.muzzle.x == 0 && pose.barrel.x == 0,
                 "barrel: %s", why[i]);
    }
}

/* The aim's edges in Q16.16, a row each with its reason: a level turret
 * (z up, heading +x, yaw +-1.5, pitch -0.2 to 1 unless the row says,
 * muzzle 0.5 m along and 0.1 m above, rates 1 and 0.5 rad/s, 50 m/s). */
static void aim_edges(void)
{
    static const struct {
        const char *why;
        double px, x, y, z, vx;
        int lob;
        double latency, pitch_min, pitch_max, mf, mu;
        af_status status;
    } rows[] = {
        { "target at the pivot: inside the muzzle's circle", 0, 0, 0, 0, 0, 0, 0.1, -0.2, 1.0,
          0.5, 0.1, AF_ERR_NO_SOLUTION },
        { "target inside the muzzle's circle, walking out: met outside", 0, 0.3, 0, 0, 10, 0, 0.1,
          -0.2, 1.0, 0.5, 0.1, AF_OK },
        { "straight up, no offset, pitch up to 90 deg", 0, 0, 0, 100, 0, 0, 0.1, -0.2, 1.5707963267948966,
          0, 0, AF_OK },
        { "straight up, pitch up to 1 rad: beyond the pitch limit", 0, 0, 0, 100, 0, 0, 0.1,
          -0.2, 1.0, 0.5, 0.1, AF_ERR_BEYOND_PITCH },
        { "straight down, pitch down to -90 deg", 0, 0, 0, -100, 0, 0, 0.1, -1.5707963267948966, 1.0, 0, 0,
          AF_OK },
        { "behind, yaw within +-1.5: beyond the yaw limit", 0, -100, 0, 0, 0, 0, 0.1, -0.2, 1.0,
          0.5, 0.1, AF_ERR_BEYOND_YAW },
        { "zero latency", 0, 100, 20, 0, 0, 0, 0, -0.2, 1.0, 0.5, 0.1, AF_OK },
        { "latency 30000 s, static target: launch at the latency", 0, 100, 50, 0, 0, 0, 30000,
          -0.2, 1.0, 0.5, 0.1, AF_OK },
        { "latency 30000 s, the target walks out of Q16.16 meanwhile: out of range", 0, 100, 50,
          0, 2, 0, 30000, -0.2, 1.0, 0.5, 0.1, AF_ERR_OUT_OF_RANGE },
        { "target 60000 m from the pivot: the difference does not fit", -30000, 30000, 0, 0, 0,
          0, 0.1, -0.2, 1.0, 0.5, 0.1, AF_ERR_OUT_OF_RANGE },
        { "target 32000 m away, static: the difference just fits", -16000, 16000, 0, 0, 0, 0,
          0.1, -0.2, 1.0, 0.5, 0.1, AF_OK },
        { "a target escaping faster than the shot", 0, 100, 0, 0, 80, 0, 0.1, -0.2, 1.0, 0.5,
          0.1, AF_ERR_NO_SOLUTION },
        { "a lob beyond the muzzle speed's reach", 0, 400, 0, 0, 0, 1, 0.1, -0.2, 1.0, 0.5, 0.1,
          AF_ERR_NO_SOLUTION },
        { "a lob at 200 m: both arcs, the low one first", 0, 200, 30, 0, 0, 1, 0.1, -0.2, 1.5,
          0.5, 0.1, AF_OK },
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        af_turret_q16 t;
        af_body_q16 target;
        af_vec3_q16 g = { 0, 0, 0 };
        af_turret_shots_q16 out;
        turret_scene s;
        af_status st;
        int k;
        memset(&s, 0, sizeof s);
        memset(&t, 0, sizeof t);
        t.pivot.x = q16_from_f64(rows[i].px);
        t.up.z = Q(1);
        t.forward.x = Q(1);
        t.yaw_min = Q(-1.5);
        t.yaw_max = Q(1.5);
        t.pitch_min = q16_from_f64(rows[i].pitch_min);
        t.pitch_max = q16_from_f64(rows[i].pitch_max);
        t.muzzle_forward = q16_from_f64(rows[i].mf);
        t.muzzle_up = q16_from_f64(rows[i].mu);
        t.yaw_rate = Q(1);
        t.pitch_rate = Q(0.5);
        t.latency = q16_from_f64(rows[i].latency);
        t.speed = Q(50);
        memset(&target, 0, sizeof target);
        target.position.x = q16_from_f64(rows[i].x);
        target.position.y = q16_from_f64(rows[i].y);
        target.position.z = q16_from_f64(rows[i].z);
        target.velocity.x = q16_from_f64(rows[i].vx);
        if (rows[i].lob)
            g.z = Q(-9.81);
        st = af_turret_aim_q16(&t, &target, &g, &out);
        TH_CHECK(st == rows[i].status, "%s: %s", rows[i].why, af_status_name(st));
        if (st != AF_OK) {
            TH_CHECK(out.count == 0, "%s: count %d", rows[i].why, out.count);
            continue;
        }
        s.turret = turret_f64_of(&t);
        s.target.position = q16_vec_to_f64(target.position);
        s.target.velocity = q16_vec_to_f64(target.velocity);
        s.gravity = q16_vec_to_f64(g);
        for (k = 0; k < out.count; k++) {
            af_turret_shot_f64 sh;
            double miss, tol;
            sh.yaw = q16_to_f64(out.shot[k].yaw);
            sh.pitch = q16_to_f64(out.shot[k].pitch);
            sh.launch = q16_to_f64(out.shot[k].launch);
            sh.flight = q16_to_f64(out.shot[k].flight);
            miss = turret_miss(&s, &sh);
            tol = turret_q16_miss_tolerance(&s, &sh, 0.0);
            TH_CHECK(miss <= tol && turret_within(&s.turret, sh.yaw, sh.pitch),
                     "%s shot %d: miss %.3g (tolerance %.3g), yaw %g pitch %g", rows[i].why, k,
                     miss, tol, sh.yaw, sh.pitch);
        }
        if (i == 7)
            TH_CHECK(out.shot[0].launch == t.latency, "%s: launch %d", rows[i].why,
                     (int)out.shot[0].launch);
        if (i == 13)
            TH_CHECK(out.count == 2 && out.shot[0].pitch < out.shot[1].pitch, "%s: %d shots",
                     rows[i].why, out.count);
    }
}

/* A lob at a target 3 m from the pivot, under two offsets of the muzzle
 * (1.7 m along the barrel): each angle moves the muzzle by a large part
 * of the distance, so a shot re-solved from the muzzle its angles give
 * does not settle; solved with the offset in the equation, the lob the
 * f64 aim finds is there, and it hits. */
static void random_aims(int lob, const char *name)
{
    static const af_status none[] = { AF_OK };
    th_rng rng = th_rng_for(name);
    long i, n = th_count(600);
    turret_q16_tally tl;
    memset(&tl, 0, sizeof tl);
    for (i = 0; i < n; i++) {
        af_turret_q16 qt;
        af_body_q16 qb;
        af_vec3_q16 qg;
        turret_scene s;
        af_turret_shots_q16 q;
        af_turret_shots_f64 f;
        af_status sq, sf;
        uint32_t start, cost;
        turret_q16_scene(&rng, lob, &qt, &qb, &qg, &s);
        start = port_counter();
        sq = af_turret_aim_q16(&qt, &qb, &qg, &q);
        cost = port_counter() - start;
        {
            turret_scene wide = turret_q16_widened(&s);
            sf = af_turret_aim_f64(&wide.turret, &wide.target, &wide.gravity, &f);
        }
        turret_q16_tally_scene(&tl, &s, sq, &q, sf, &f, cost, none, name, i);
    }
    turret_q16_tally_note(&tl, name, n);
}

static void random_straight_aims(void)
{
    random_aims(0, "turret_q16.straight");
}

static void random_lob_aims(void)
{
    random_aims(1, "turret_q16.lob");
}

/* The rotating shooter of suite_turret_f64 in Q16.16: a quarter turn at
 * 1 rad/s in the plane, and from straight up to the horizon in space,
 * each to the angles' few LSB. */
static void rotating_shooter_turns_the_shortest_way(void)
{
    af_turret_q16 t;
    af_body_q16 target;
    af_vec3_q16 none = { 0, 0, 0 };
    af_turret_shots_q16 out;
    af_status st;
    memset(&t, 0, sizeof t);
    memset(&target, 0, sizeof target);
    t.up.z = Q(1);
    t.forward.x = Q(1);
    t.flags = AF_TURRET_YAW_WRAPS | AF_TURRET_ONE_RATE;
    t.yaw_rate = t.pitch_rate = Q(1);
    t.speed = Q(50);
    target.position.y = Q(100);
    st = af_turret_aim_q16(&t, &target, &none, &out);
    TH_CHECK(st == AF_OK && fabs(q16_to_f64(out.shot[0].launch) - 1.5707963) < 4 * LSB &&
                 out.shot[0].pitch == 0 && fabs(q16_to_f64(out.shot[0].flight) - 2.0) < 4 * LSB,
             "in the plane: %s launch %g pitch %d flight %g", af_status_name(st),
             q16_to_f64(out.shot[0].launch), (int)out.shot[0].pitch,
             q16_to_f64(out.shot[0].flight));
    t.pitch_min = -102944;
    t.pitch_max = t.pitch = 102944;
    t.yaw = Q(2);
    t.pitch_rate = 66; /* 1e-3 rad/s: unused */
    target.position.x = Q(100);
    target.position.y = 0;
    st = af_turret_aim_q16(&t, &target, &none, &out);
    TH_CHECK(st == AF_OK && fabs(q16_to_f64(out.shot[0].launch) - 1.5707963) < 4 * LSB &&
                 fabs(q16_to_f64(out.shot[0].pitch)) < 4 * LSB,
             "from straight up: %s launch %g pitch %g", af_status_name(st),
             q16_to_f64(out.shot[0].launch), q16_to_f64(out.shot[0].pitch));
}

/* A wrapping head left at the largest yaw, 5 215 turns round: the turn
 * back to yaw 0 is the remainder against 2 pi itself (2 pi rounded to
 * Q16.16 and multiplied by the turns was 887 LSB off, firing early). */
static void slew_from_a_yaw_thousands_of_turns_round(void)
{
    af_turret_q16 t;
    af_vec3_q16 ahead = { Q(1), 0, 0 };
    af_turret_command_q16 c;
    af_status st;
    double want;
    memset(&t, 0, sizeof t);
    t.up.z = Q(1);
    t.forward.x = Q(1);
    t.flags = AF_TURRET_YAW_WRAPS;
    t.yaw_rate = t.pitch_rate = Q(1);
    t.yaw = fix16_maximum;
    t.speed = Q(50);
    want = fabs(remainder(q16_to_f64(fix16_maximum), 2.0 * 3.14159265358979323846));
    st = af_turret_angles_q16(&t, &ahead, &c);
    TH_CHECK(st == AF_OK && c.yaw == 0 && fabs(q16_to_f64(c.slew) - want) <= 2 * LSB,
             "%s: yaw %d slew %.9f, the turn is %.9f", af_status_name(st), (int)c.yaw,
             q16_to_f64(c.slew), want);
    t.flags = AF_TURRET_YAW_WRAPS | AF_TURRET_ONE_RATE;
    st = af_turret_angles_q16(&t, &ahead, &c);
    TH_CHECK(st == AF_OK && fabs(q16_to_f64(c.slew) - want) <= 3 * LSB,
             "one rate: %s slew %.9f, the turn is %.9f", af_status_name(st), q16_to_f64(c.slew),
             want);
}

/* suite_turret_f64's platform that outruns its shots: the earliest impact
 * is where the muzzle reaches the target, 9.95 s, to the time's LSB. */
static void earliest_impact_where_the_muzzle_reaches_the_target(void)
{
    af_turret_q16 t = turret_q16_level();
    af_body_accel_q16 target;
    af_vec3_q16 none = { 0, 0, 0 };
    af_turret_shots_q16 out;
    af_status st;
    double first;
    t.muzzle_forward = Q(5);
    t.muzzle_up = 0;
    t.speed = Q(30);
    t.velocity.x = Q(100);
    memset(&target, 0, sizeof target);
    target.position.x = Q(1000);
    st = af_turret_aim_accel_q16(&t, &target, &none, &out);
    first = q16_to_f64(out.shot[0].launch) + q16_to_f64(out.shot[0].flight);
    TH_CHECK(st == AF_OK && fabs(first - 9.95) < 8 * LSB,
             "%s: first impact %.6f (launch %.6f), the muzzle reaches the target at 9.95",
             af_status_name(st), first, q16_to_f64(out.shot[0].launch));
}

/* A 0.1 m/s shot from a platform drifting at 0.76 m/s, falling 12 km
 * along gravity to a static target: the flight's equation cancels to 2^-28
 * of 1.5e8 m^2 and places the root 160 LSB off, where the impact closes
 * at 270 m/s (4 mm an LSB); the flight must come to the time's LSB. */
static void a_slow_shot_falling_12_km_meets_its_target(void)
{
    af_turret_q16 t = turret_q16_level();
    af_body_q16 target;
    af_vec3_q16 g = { Q(3), 0, 0 };
    af_turret_shots_q16 out;
    turret_scene s;
    af_status st;
    t.latency = 0;
    t.yaw = Q(-0.42);
    t.pitch = Q(0.4);
    t.yaw_rate = Q(0.5);
    t.pitch_rate = Q(3.4);
    t.speed = Q(0.1015625);
    t.velocity.x = Q(0.4);
    t.velocity.y = Q(0.5);
    t.velocity.z = Q(0.39);
    memset(&target, 0, sizeof target);
    target.position.x = Q(12233.01171875);
    memset(&s, 0, sizeof s);
    s.turret = turret_f64_of(&t);
    s.target.position.x = q16_to_f64(target.position.x);
    s.gravity.x = 3.0;
    st = af_turret_aim_q16(&t, &target, &g, &out);
    TH_CHECK(st == AF_OK && out.count > 0, "%s, %d shots", af_status_name(st), (int)out.count);
    (void)turret_q16_check_shots(&s, st, &out, "12 km fall", 0);
}

/* A 0.1 m/s shot from a platform running away at 800 m/s, launched 18 s
 * on, 16 930 m behind it, into the path of a target at 0.98 m/s that
 * meets it 4.8 hours later (the second shot): beyond 16 384 m the angles came from the
 * shot's Q16.16 velocity, 6 554 LSB long, 4.7 LSB of pitch off, and it
 * missed by 14 cm; now from the reach itself, as at any distance. */
static void a_slow_shot_at_a_target_beyond_16384_m_keeps_its_pitch(void)
{
    af_turret_q16 t = turret_q16_level();
    af_body_q16 target;
    af_vec3_q16 none = { 0, 0, 0 };
    af_turret_shots_q16 out;
    turret_scene s;
    af_status st;
    t.pivot = (af_vec3_q16){ 317406, -257706, 170155 };
    t.muzzle_up = -13107;
    t.yaw = Q(1);
    t.pitch = Q(0.5);
    t.yaw_rate = 6554;
    t.pitch_rate = 41328;
    t.latency = 47944;
    t.speed = 6554;
    t.velocity = (af_vec3_q16){ Q(800), -289823, 307823 };
    t.flags = AF_TURRET_YAW_WRAPS;
    target.position = (af_vec3_q16){ Q(-2304), 1709011, -1178855 };
    target.velocity = (af_vec3_q16){ 64256, 0, 0 };
    memset(&s, 0, sizeof s);
    s.turret = turret_f64_of(&t);
    s.target.position = q16_vec_to_f64(target.position);
    s.target.velocity = q16_vec_to_f64(target.velocity);
    st = af_turret_aim_q16(&t, &target, &none, &out);
    TH_CHECK(st == AF_OK && out.count == 2 && q16_to_f64(out.shot[1].flight) > 17000.0,
             "%s, %d shots, the second's flight %g", af_status_name(st), (int)out.count,
             q16_to_f64(out.shot[1].flight));
    (void)turret_q16_check_shots(&s, st, &out, "16 930 m behind", 0);
}

/* A muzzle 32768 m above a barrel 20 km long pitched down, on a head
 * 4000 m up: the offset alone leaves Q16.16 (36 086 m down), the muzzle
 * does not (it was overflow); and a forward
 * 1/512 rad from up is no heading (the frame's threshold took up's largest
 * component as 2^29 where it reaches 2^30, and accepted it). */
static void head_edges_of_q16(void)
{
    af_turret_q16 t = turret_q16_level();
    af_turret_pose_q16 pose;
    af_turret_command_q16 c;
    af_vec3_q16 ahead = { Q(1), 0, 0 };
    af_status st;
    t.pivot.z = Q(4000);
    t.muzzle_forward = Q(20000);
    t.muzzle_up = INT32_MIN;
    st = af_turret_barrel_q16(&t, 0, Q(-0.19), &pose);
    TH_CHECK(st == AF_OK && fabs(q16_to_f64(pose.muzzle.z) -
                                 (4000.0 + 20000.0 * sin(-0.19) - 32768.0 * cos(-0.19))) <
                                 4.0 * LSB * (20000.0 + 32768.0),
             "%s, muzzle z %g", af_status_name(st), q16_to_f64(pose.muzzle.z));
    t = turret_q16_level();
    t.flags = AF_TURRET_YAW_WRAPS;
    t.up = (af_vec3_q16){ 33554431, 0, Q(1) };
    st = af_turret_angles_q16(&t, &ahead, &c);
    TH_CHECK(st == AF_ERR_BAD_ARGUMENT, "forward 1/512 rad from up: %s", af_status_name(st));
}

static const th_case cases[] = {
    TH_CASE(a_slow_shot_at_a_target_beyond_16384_m_keeps_its_pitch),
    TH_CASE(head_edges_of_q16),
    TH_CASE(a_slow_shot_falling_12_km_meets_its_target),
    TH_CASE(earliest_impact_where_the_muzzle_reaches_the_target),
    TH_CASE(angles_agree_with_f64),
    TH_CASE(slew_from_a_yaw_thousands_of_turns_round),
    TH_CASE(bad_turrets_are_refused),
    TH_CASE(aim_edges),
    TH_CASE(rotating_shooter_turns_the_shortest_way),
    TH_CASE(random_straight_aims),
    TH_CASE(random_lob_aims),
};

TH_MAIN("turret_q16", cases)
