/* SPDX-License-Identifier: MIT */
/*
 * Lobs with a chosen time (af_arc_time_q16) or height (af_arc_apex_q16)
 * against their f64 references on the same Q16.16 inputs.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "aimfix.h"
#include "harness.h"
#include "kinematics.h"
#include "q16_solve_check.h"
#include "scenario.h"

/* Fixed time: nothing is solved, so no band: statuses agree whenever the
 * f64 answer fits Q16.16. */
static int never(const scenario *s)
{
    (void)s;
    return 0;
}

/* The time is the input itself. */
static double exact_time(const scenario *s, double tf)
{
    (void)s;
    (void)tf;
    return 0.0;
}

/* u = D/t + V - g t/2: D/t to 30 bits, the rest exact before the final
 * rounding of each component (2^-17): the direction to 1.8 2^-16 / |u|. */
static double aim_from_rounding(const scenario *s, const af_shot_f64 *f)
{
    (void)s;
    return 1.8 / 65536 / fmax(kin_len(f->velocity), 1e-9) + ldexp(1.0, -28);
}

static const q16_judge time_judge = { "arc_time_q16", never, q16_miss_as_given, exact_time,
                                      aim_from_rounding };

static void fixed_time_agrees_with_f64(void)
{
    th_rng rng = th_rng_for("arc_time_q16.random");
    long i, n = th_count(100000);
    q16_tally tally = { 0 };
    for (i = 0; i < n; i++) {
        scenario s = q16_random_scenario(&rng, (int)(i % Q16_CLASSES));
        fix16_t tq = q16_from_f64(th_rand_log(&rng, 1e-2, 1e3));
        af_body_q16 sh = q16_body_from_f64(&s.shooter), tg = q16_body_from_f64(&s.target);
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf = af_arc_time_f64(&s.shooter, &s.target, q16_to_f64(tq), &s.gravity,
                                       s.flags, &f);
        af_status sq = af_arc_time_q16(&sh, &tg, tq, &g, s.flags, &q);
        q16_compare(&time_judge, &s, sf, &f, sq, &q, &tally, i);
    }
    q16_tally_report(&time_judge, &tally);
}

/* The policy of the current apex scenario (the judge's callbacks read it). */
static af_arc_policy_f64 current_policy;

/* The vertical quadratic g/2 t^2 - b t + dz = 0 of an apex scenario. */
struct vquad {
    double b, dz, g, disc;
};

static struct vquad vquad_of(const scenario *s)
{
    struct vquad q;
    af_vec3_f64 D = { s->target.position.x - s->shooter.position.x,
                      s->target.position.y - s->shooter.position.y,
                      s->target.position.z - s->shooter.position.z };
    af_vec3_f64 V = s->target.velocity;
    double x, w, value, vz;
    if (s->flags & AF_INHERIT_VELOCITY) {
        V.x -= s->shooter.velocity.x;
        V.y -= s->shooter.velocity.y;
        V.z -= s->shooter.velocity.z;
    }
    q.g = kin_len(s->gravity);
    q.dz = -(D.x * s->gravity.x + D.y * s->gravity.y + D.z * s->gravity.z) / q.g;
    vz = -(V.x * s->gravity.x + V.y * s->gravity.y + V.z * s->gravity.z) / q.g;
    x = sqrt(fmax(0.0, kin_len(D) * kin_len(D) - q.dz * q.dz));
    value = current_policy.base + current_policy.per_distance * x;
    w = current_policy.kind == AF_ARC_APEX_HEIGHT ? sqrt(2 * q.g * (fmax(q.dz, 0) + value))
                                                  : value;
    q.b = w - vz;
    q.disc = q.b * q.b - 2 * q.g * q.dz;
    return q;
}

/* The band: the arc's top within 2^-22 of the target's height (a grazing
 * meeting kept or lost by the last bits), or a meeting within a few LSB of
 * t = 0. */
static int apex_band(const scenario *s)
{
    struct vquad q = vquad_of(s);
    return fabs(q.disc) <= ldexp(1.0, -22) * q.b * q.b || fabs(q.dz) < 4.0 / 65536;
}

/* The Q16 solver carries the target's height dz, the vertical speeds and
 * the policy's distance at Q16.16 resolution (2^-16 m, m/s), and the root
 * t of g/2 t^2 - b t + dz moves by (ddz + t db) / sqrt(disc) for such
 * changes. dz and the vertical speed each sum three rounded products, the
 * launch speed w adds its own rounding and the policy's: up to 4 LSB each
 * for ddz and db, doubled for margin; plus t's own rounding and 30-bit
 * quotients. */
static double apex_t_tolerance(const scenario *s, double tf)
{
    struct vquad q = vquad_of(s);
    return 1.0 / 65536 + ldexp(1.0, -26) * tf +
           8.0 / 65536 * (1 + tf) / sqrt(fmax(q.disc, 1e-300));
}

/* The launch velocity's components: rounded to 2^-17 each, the vertical
 * speed carried at 2^-16 m/s, the horizontal from 30-bit quotients over a
 * time that moves by apex_t_tolerance (relative error of t). */
static double apex_aim_tolerance(const scenario *s, const af_shot_f64 *f)
{
    return 4.0 / 65536 / fmax(kin_len(f->velocity), 1e-9) + ldexp(1.0, -26) +
           apex_t_tolerance(s, f->t) / f->t;
}

static const q16_judge apex_judge = { "arc_apex_q16", apex_band, q16_miss_as_given,
                                      apex_t_tolerance, apex_aim_tolerance };

/* An apex policy of either kind, base 0 to 10 and 0.01 to 1 per metre. */
static af_arc_policy_q16 random_policy(th_rng *rng)
{
    af_arc_policy_q16 pq;
    pq.kind = th_rand_below(rng, 2) ? AF_ARC_APEX_HEIGHT : AF_ARC_VERTICAL_SPEED;
    pq.base = q16_from_f64(th_rand_uniform(rng, 0.0, 10.0));
    pq.per_distance = q16_from_f64(th_rand_uniform(rng, 0.01, 1.0));
    return pq;
}

static void apex_agrees_with_f64(void)
{
    th_rng rng = th_rng_for("arc_apex_q16.random");
    long i, n = th_count(100000);
    q16_tally tally = { 0 };
    for (i = 0; i < n; i++) {
        scenario s = q16_random_scenario(&rng, (int)(i % Q16_CLASSES));
        af_body_q16 sh = q16_body_from_f64(&s.shooter), tg = q16_body_from_f64(&s.target);
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        af_arc_policy_q16 pq;
        af_shots_f64 f;
        af_shots_q16 q;
        af_status sf, sq;
        pq = random_policy(&rng);
        current_policy.kind = pq.kind;
        current_policy.base = q16_to_f64(pq.base);
        current_policy.per_distance = q16_to_f64(pq.per_distance);
        sf = af_arc_apex_f64(&s.shooter, &s.target, &s.gravity, &current_policy, s.flags, &f);
        sq = af_arc_apex_q16(&sh, &tg, &g, &pq, s.flags, &q);
        q16_compare(&apex_judge, &s, sf, &f, sq, &q, &tally, i);
    }
    q16_tally_report(&apex_judge, &tally);
}

/* A change of axes: a cyclic turn by `turn` places (x, y, z) -> (z, x,
 * y) once, then the component `flip` (0 to 2, 3: none) negated. Rounding
 * to nearest with ties away from zero, and sums of whole products, have
 * no preferred axis or sign: the same problem so restated must give the
 * same bits, restated. */
static af_vec3_q16 restate(af_vec3_q16 v, int turn, int flip)
{
    fix16_t c[3], r[3];
    int i;
    c[0] = v.x;
    c[1] = v.y;
    c[2] = v.z;
    for (i = 0; i < 3; i++)
        r[(i + turn) % 3] = c[i];
    if (flip < 3)
        r[flip] = -r[flip];
    v.x = r[0];
    v.y = r[1];
    v.z = r[2];
    return v;
}

static af_body_q16 restate_body(af_body_q16 b, int turn, int flip)
{
    b.position = restate(b.position, turn, flip);
    b.velocity = restate(b.velocity, turn, flip);
    return b;
}

/* Gravity along one axis takes a path of its own (the frame is the
 * coordinates); along x, y or z, down or up, it must give the bits the
 * other axes give, and so must any other gravity, turned or mirrored. */
static void apex_has_no_preferred_axis(void)
{
    th_rng rng = th_rng_for("arc_apex_q16.axes");
    long i, n = th_count(20000), differ = 0, solved = 0;
    for (i = 0; i < n; i++) {
        scenario s = q16_random_scenario(&rng, (int)(i % Q16_CLASSES));
        af_body_q16 sh = q16_body_from_f64(&s.shooter), tg = q16_body_from_f64(&s.target);
        af_vec3_q16 g = q16_vec_from_f64(s.gravity);
        af_arc_policy_q16 pq;
        af_shots_q16 q;
        af_status st;
        int turn, flip;
        if (i % 2) { /* half along an axis, of any strength */
            g.x = g.y = 0;
            g.z = q16_from_f64(-th_rand_log(&rng, 0.1, 1000.0));
        }
        pq = random_policy(&rng);
        st = af_arc_apex_q16(&sh, &tg, &g, &pq, s.flags, &q);
        solved += st == AF_OK;
        for (turn = 0; turn < 3; turn++) {
            for (flip = 0; flip < 4; flip++) {
                af_body_q16 sh2 = restate_body(sh, turn, flip), tg2 = restate_body(tg, turn, flip);
                af_vec3_q16 g2 = restate(g, turn, flip), u, p;
                af_shots_q16 q2;
                af_status st2 = af_arc_apex_q16(&sh2, &tg2, &g2, &pq, s.flags, &q2);
                int same = st2 == st && q2.count == q.count;
                if (same && st == AF_OK) {
                    u = restate(q.shot[0].velocity, turn, flip);
                    p = restate(q.shot[0].point, turn, flip);
                    same = q2.shot[0].t == q.shot[0].t && u.x == q2.shot[0].velocity.x &&
                           u.y == q2.shot[0].velocity.y && u.z == q2.shot[0].velocity.z &&
                           p.x == q2.shot[0].point.x && p.y == q2.shot[0].point.y &&
                           p.z == q2.shot[0].point.z;
                }
                if (!same && differ++ < 5)
                    th_note("input %ld, turn %d, flip %d: status %d then %d", i, turn, flip,
                            (int)st, (int)st2);
            }
        }
    }
    TH_CHECK(differ == 0, "%ld restated problems gave other bits", differ);
    TH_CHECK(solved > n / 2, "only %ld of %ld problems solved: the test proves little", solved, n);
}

/* Gravity along an axis at the very edge of Q16.16 (-32768 m/s^2, whose
 * magnitude 2^31 only an unsigned number holds): the same bits on every
 * axis, and the f64 solver's shot to within rounding. */
static void apex_at_the_strongest_gravity(void)
{
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_q16 target = { { 10 * 65536, 3 * 65536, -2 * 65536 }, { 65536, 0, 0 } };
    af_vec3_q16 g = { 0, 0, INT32_MIN };
    af_arc_policy_q16 pq = AF_ARC_POLICY_DEFAULT_Q16;
    af_arc_policy_f64 pf = AF_ARC_POLICY_DEFAULT;
    af_body_f64 sf = { { 0, 0, 0 }, { 0, 0, 0 } }, tf;
    af_vec3_f64 gf = { 0, 0, -32768.0 }, u;
    af_shots_q16 q, q2;
    af_shots_f64 f;
    int turn;
    tf.position = q16_vec_to_f64(target.position);
    tf.velocity = q16_vec_to_f64(target.velocity);
    TH_CHECK(af_arc_apex_q16(&shooter, &target, &g, &pq, 0, &q) == AF_OK && q.count == 1,
             "a lob under -32768 m/s^2");
    TH_CHECK(af_arc_apex_f64(&sf, &tf, &gf, &pf, 0, &f) == AF_OK, "its f64 twin");
    u = q16_vec_to_f64(q.shot[0].velocity);
    TH_CHECK(fabs(q16_to_f64(q.shot[0].t) - f.shot[0].t) <= 2.0 / 65536 &&
                 kin_dist(u, f.shot[0].velocity) <= 1e-6 * kin_len(f.shot[0].velocity) + 4.0 / 65536,
             "t %.9g (f64 %.9g), velocity (%.6f, %.6f, %.6f) (f64 (%.6f, %.6f, %.6f))",
             q16_to_f64(q.shot[0].t), f.shot[0].t, u.x, u.y, u.z, f.shot[0].velocity.x,
             f.shot[0].velocity.y, f.shot[0].velocity.z);
    for (turn = 1; turn < 3; turn++) {
        af_body_q16 sh2 = restate_body(shooter, turn, 3), tg2 = restate_body(target, turn, 3);
        af_vec3_q16 g2 = restate(g, turn, 3), v = restate(q.shot[0].velocity, turn, 3);
        TH_CHECK(af_arc_apex_q16(&sh2, &tg2, &g2, &pq, 0, &q2) == AF_OK &&
                     q2.shot[0].t == q.shot[0].t && q2.shot[0].velocity.x == v.x &&
                     q2.shot[0].velocity.y == v.y && q2.shot[0].velocity.z == v.z,
                 "the same lob with gravity along axis %d", (turn + 2) % 3);
    }
}

#define Q(v) ((fix16_t)((v) * 65536))

static void edge_cases(void)
{
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } }, target = { { Q(10), 0, 0 }, { 0, 0, 0 } };
    af_vec3_q16 g = { 0, 0, Q(-10) }, none = { 0, 0, 0 };
    af_arc_policy_q16 def = AF_ARC_POLICY_DEFAULT_Q16, zero = { AF_ARC_APEX_HEIGHT, 0, 0 };
    af_arc_policy_q16 unknown = { (af_arc_kind)7, Q(1), 0 };
    af_arc_policy_q16 fast = { AF_ARC_VERTICAL_SPEED, Q(32000), Q(32000) };
    af_shots_q16 q = { 0 };
    TH_CHECK(af_arc_time_q16(&shooter, &target, 0, &g, 0, &q) == AF_ERR_BAD_ARGUMENT &&
                 q.count == 0,
             "time 0");
    TH_CHECK(af_arc_time_q16(&shooter, &target, -1, &g, 0, &q) == AF_ERR_BAD_ARGUMENT,
             "negative time");
    TH_CHECK(af_arc_time_q16(&shooter, &target, Q(2), &g, 0, &q) == AF_OK &&
                 q.shot[0].velocity.x == Q(5) && q.shot[0].velocity.z == Q(10),
             "10 m in 2 s under 10 m/s^2: (5, 0, 10) exactly");
    TH_CHECK(af_arc_time_q16(&shooter, &target, 1, &g, 0, &q) == AF_ERR_OVERFLOW && q.count == 0,
             "10 m in 2^-16 s: 655360 m/s does not fit");
    TH_CHECK(af_arc_time_q16(NULL, &target, Q(1), &g, 0, &q) == AF_ERR_BAD_ARGUMENT, "NULL");
    TH_CHECK(af_arc_apex_q16(&shooter, &target, &g, &def, 0, &q) == AF_OK &&
                 abs(q.shot[0].velocity.x - q.shot[0].velocity.z) <= 2,
             "default policy on level ground: 45 degrees (%d, %d)", (int)q.shot[0].velocity.x,
             (int)q.shot[0].velocity.z);
    TH_CHECK(af_arc_apex_q16(&shooter, &target, &none, &def, 0, &q) == AF_ERR_BAD_ARGUMENT,
             "no gravity");
    TH_CHECK(af_arc_apex_q16(&shooter, &target, &g, &zero, 0, &q) == AF_ERR_BAD_ARGUMENT,
             "policy value 0");
    TH_CHECK(af_arc_apex_q16(&shooter, &target, &g, &unknown, 0, &q) == AF_ERR_BAD_ARGUMENT,
             "unknown kind");
    TH_CHECK(af_arc_apex_q16(&shooter, &target, &g, NULL, 0, &q) == AF_ERR_BAD_ARGUMENT,
             "NULL policy");
    TH_CHECK(af_arc_apex_q16(&shooter, &target, &g, &fast, 0, &q) == AF_ERR_OVERFLOW &&
                 q.count == 0,
             "a vertical speed beyond Q16.16");
    target.velocity.z = Q(40);
    TH_CHECK(af_arc_apex_q16(&shooter, &target, &g, &def, 0, &q) == AF_ERR_NO_SOLUTION,
             "a target rising faster than the arc");
    target.position.x = INT32_MAX;
    shooter.position.x = INT32_MIN;
    TH_CHECK(af_arc_apex_q16(&shooter, &target, &g, &def, 0, &q) == AF_ERR_OUT_OF_RANGE,
             "a distance beyond Q16.16");
}

/* One apex lob in both formats on the same Q16.16 values: the statuses,
 * and the times within 2^-16 / |g| (the vertical speed's rounding) plus
 * 2^-12 of t. */
static void apex_like_f64(const char *what, af_body_q16 sh, af_body_q16 tg, af_vec3_q16 g,
                          af_arc_policy_q16 pq, unsigned flags)
{
    af_body_f64 shf, tgf;
    af_vec3_f64 gf = q16_vec_to_f64(g);
    af_arc_policy_f64 pf;
    af_shots_q16 q;
    af_shots_f64 f;
    af_status sf, sq;
    shf.position = q16_vec_to_f64(sh.position);
    shf.velocity = q16_vec_to_f64(sh.velocity);
    tgf.position = q16_vec_to_f64(tg.position);
    tgf.velocity = q16_vec_to_f64(tg.velocity);
    pf.kind = pq.kind;
    pf.base = q16_to_f64(pq.base);
    pf.per_distance = q16_to_f64(pq.per_distance);
    sf = af_arc_apex_f64(&shf, &tgf, &gf, &pf, flags, &f);
    sq = af_arc_apex_q16(&sh, &tg, &g, &pq, flags, &q);
    TH_CHECK(sf == AF_OK && sq == AF_OK, "%s: f64 %s, q16 %s", what, af_status_name(sf),
             af_status_name(sq));
    if (sf == AF_OK && sq == AF_OK)
        TH_CHECK(fabs(q16_to_f64(q.shot[0].t) - f.shot[0].t) <=
                     1.0 / 65536 / kin_len(gf) + ldexp(f.shot[0].t, -12) + 1.0 / 65536,
                 "%s: t %.9g, f64 %.9g", what, q16_to_f64(q.shot[0].t), f.shot[0].t);
}

/* base 0 and 0.043 per metre over 2 raw units: an apex of 0.1 raw, which
 * is positive (rounded to a raw unit first it was 0, a bad argument). */
static void apex_value_below_half_an_lsb_is_positive(void)
{
    af_body_q16 sh = { { 0, -2, 1 }, { 0, 1, 1 } }, tg = { { 1, 0, 0 }, { 0, 0, 0 } };
    af_vec3_q16 g = { 1, INT32_MAX, INT32_MAX };
    af_arc_policy_q16 pq = { AF_ARC_APEX_HEIGHT, 0, 2816 };
    apex_like_f64("an apex of 0.1 raw", sh, tg, g, pq, AF_INHERIT_VELOCITY);
}

/* A scene of 1-raw magnitudes under a slanted 1-raw gravity: the target's
 * height and vertical speed are projections rounded once (three rounded
 * products put them 1.5 raw off, and the lob out of reach). */
static void apex_in_a_scene_of_1_lsb_magnitudes(void)
{
    af_body_q16 sh = { { 1, 1, 1 }, { 1, 1, 1 } }, tg = { { 1, 0, 0 }, { 0, 1, 1 } };
    af_vec3_q16 g = { 1, 1, 1 };
    af_arc_policy_q16 pq = { AF_ARC_APEX_HEIGHT, 1, 0 };
    apex_like_f64("1-raw scene", sh, tg, g, pq, AF_INHERIT_VELOCITY);
}

/* The target's distance across gravity has a component beyond 32768 m
 * (D at the edge, and the projection on a gravity tilted off x adds to
 * it), though every difference and the distance itself fit. */
static void apex_horizontal_component_beyond_32768(void)
{
    af_body_q16 sh = { { INT32_MAX, 0, 0 }, { INT32_MAX, INT32_MAX, INT32_MIN } };
    af_body_q16 tg = { { 131073, INT32_MAX, INT32_MAX }, { INT32_MAX, INT32_MAX, INT32_MAX } };
    af_vec3_q16 g = { INT32_MAX, 38912, 0 };
    af_arc_policy_q16 pq = { AF_ARC_VERTICAL_SPEED, 0, 0 };
    af_shots_q16 q;
    af_status st = af_arc_apex_q16(&sh, &tg, &g, &pq, 0, &q);
    /* The policy's value is 0 here: a bad argument, not out of range. */
    TH_CHECK(st == AF_ERR_BAD_ARGUMENT, "status %s", af_status_name(st));
    pq.base = 65536;
    st = af_arc_apex_q16(&sh, &tg, &g, &pq, 0, &q);
    TH_CHECK(st != AF_ERR_OUT_OF_RANGE, "every difference fits, yet %s", af_status_name(st));
}

/* A target falling at nearly 32768 m/s under g_y = -32768: the relative
 * vertical speed w - vz passes 32768 m/s, the launch velocity does not. */
static void apex_at_a_target_falling_at_32768(void)
{
    af_body_q16 sh = { { INT32_MAX, 0, 0 }, { 0, INT32_MAX, 0 } };
    af_body_q16 tg = { { 0, 0, -2 }, { 0, 0, 33260544 } };
    af_vec3_q16 g = { -8029184, INT32_MIN, -7865344 };
    af_arc_policy_q16 pq = { AF_ARC_APEX_HEIGHT, 2816, 0 };
    apex_like_f64("falling target", sh, tg, g, pq, AF_INHERIT_VELOCITY);
}

/* Gravity off the axes near 32768 m/s^2 and a target 32768 m below: g dz
 * passes 2^62 (raw units), its root does not, nor does t (1.41 s). */
static void apex_where_g_dz_passes_2_to_62(void)
{
    af_body_q16 sh = { { 13158400, INT32_MAX, 0 }, { 0, 0, 0 } };
    af_body_q16 tg = { { 0, 0, -518382050 }, { 0, 0, 0 } };
    af_vec3_q16 g = { -8029184, INT32_MIN, 0 };
    af_arc_policy_q16 pq = { AF_ARC_VERTICAL_SPEED, 41984, 0 };
    apex_like_f64("32768 m below", sh, tg, g, pq, 0);
}

/* The target 8 m off the launch point across a steep slanted gravity, its
 * height along up a small fraction of a raw unit below the launch: the
 * meeting is 1.9e-6 s away, on the way down, at 4e6 m/s: an overflow (a
 * height rounded to a whole raw unit, 0, put it in the past). */
static void apex_at_a_target_a_fraction_of_an_lsb_below(void)
{
    af_body_q16 sh = { { 0, 0, 1 }, { 1, 1, 1 } };
    af_body_q16 tg = { { -524349, 1, 1 }, { 1, 1, 1 } };
    af_vec3_q16 g = { 1, 8684544, INT32_MIN };
    af_arc_policy_q16 pq = { AF_ARC_VERTICAL_SPEED, 1, 0 };
    af_arc_policy_f64 pf = { AF_ARC_VERTICAL_SPEED, 1.0 / 65536, 0 };
    af_body_f64 shf, tgf;
    af_vec3_f64 gf = q16_vec_to_f64(g);
    af_shots_q16 q;
    af_shots_f64 f;
    af_status sf, sq;
    shf.position = q16_vec_to_f64(sh.position);
    shf.velocity = q16_vec_to_f64(sh.velocity);
    tgf.position = q16_vec_to_f64(tg.position);
    tgf.velocity = q16_vec_to_f64(tg.velocity);
    sf = af_arc_apex_f64(&shf, &tgf, &gf, &pf, 0, &f);
    sq = af_arc_apex_q16(&sh, &tg, &g, &pq, 0, &q);
    TH_CHECK(sf == AF_OK && f.shot[0].t < 1e-5 && kin_len(f.shot[0].velocity) > 32768,
             "f64 %s, t %g", af_status_name(sf), f.shot[0].t);
    TH_CHECK(sq == AF_ERR_OVERFLOW, "q16 %s", af_status_name(sq));
}

/* A target 2 raw units off the launch point, nearly across a slanted
 * gravity: its height along up is 2.5e-7 raw below (below 2^-16 raw, the
 * unit the height is kept in) and it rises faster than the arc, so the
 * meeting is 8e-14 s away at 3.9e8 m/s: an overflow (the height rounded
 * to 0 put the meeting in the past: no solution). */
static void apex_at_a_target_below_2_to_minus_16_of_an_lsb(void)
{
    af_body_q16 sh = { { 0, -2, 0 }, { 0, 0, 0 } }, tg = { { 0, 0, 0 }, { 0, 0, -8029184 } };
    af_vec3_q16 g = { 642908, 1, 7865344 };
    af_arc_policy_q16 pq = { AF_ARC_APEX_HEIGHT, 1447680, 15262208 };
    af_shots_q16 q;
    af_status sq = af_arc_apex_q16(&sh, &tg, &g, &pq, AF_INHERIT_VELOCITY, &q);
    TH_CHECK(sq == AF_ERR_OVERFLOW, "q16 %s", af_status_name(sq));
}

/* The convention (ballistic.h): the horizontal distance is rounded to an
 * LSB before the policy's value is formed. A target 132.5 m off along a
 * gravity tilted by 1 raw unit is 6e-8 m off the vertical, which rounds
 * to 0: the value is base, 0 here, a bad argument (f64 has 1.8e-6). */
static void apex_distance_rounding_to_0_leaves_the_base(void)
{
    af_body_q16 sh = { { 8684544, 1, 1 }, { 1, 1, 1 } }, tg = { { 1, 1, 1 }, { 8684544, 1, 1 } };
    af_vec3_q16 g = { INT32_MAX, 1, 1 };
    af_arc_policy_q16 pq = { AF_ARC_APEX_HEIGHT, 0, 1972224 };
    af_shots_q16 q;
    af_status st = af_arc_apex_q16(&sh, &tg, &g, &pq, AF_INHERIT_VELOCITY, &q);
    TH_CHECK(st == AF_ERR_BAD_ARGUMENT, "base 0: %s", af_status_name(st));
    pq.base = 1;
    st = af_arc_apex_q16(&sh, &tg, &g, &pq, AF_INHERIT_VELOCITY, &q);
    TH_CHECK(st == AF_OK, "base 1 LSB: %s", af_status_name(st));
}

/* The convention (ballistic.h): the status is decided on the rounded w.
 * A target at the launch height rising at 1 raw unit, under a gravity of
 * 1 raw unit, asks for an apex 1.07 raw up: w = 1.45 raw, met after 0.9 s
 * in f64; rounded to 1 raw, the arc rises no faster than the target and
 * never comes down to it. */
static void apex_rounded_to_the_target_vertical_speed_has_no_meeting(void)
{
    af_body_q16 sh = { { 1, 1, 1 }, { 1, -2, 1 } }, tg = { { 0, 1, 1 }, { 1, 0, 0 } };
    af_vec3_q16 g = { 0, 0, 1 };
    af_arc_policy_q16 pq = { AF_ARC_APEX_HEIGHT, 1, 4608 };
    af_shots_q16 q;
    af_status st = af_arc_apex_q16(&sh, &tg, &g, &pq, AF_INHERIT_VELOCITY, &q);
    TH_CHECK(st == AF_ERR_NO_SOLUTION, "w rounded to vz: %s", af_status_name(st));
}

/* A vertical launch speed of 1 raw unit (the policy's value rounded) at
 * a target level with the launch point, 1 raw away on x and y, under
 * 32768 m/s^2: the meeting is after t = 2 w / |g| = 2^-30 s, and the
 * horizontal velocity D / t + V is -16384 m/s on y and 16384 m/s more
 * than the target's on x, both inside Q16.16. Halving the discriminant
 * b^2 dropped its one odd bit (b = 1 raw), the time came out half and the
 * velocity twice, an overflow. */
static void apex_of_a_one_lsb_vertical_speed_at_the_launch_height(void)
{
    af_body_q16 sh = { { 1, 1, 0 }, { 0, 0, 0 } }, tg = { { 0, 0, 0 }, { -7896064, 0, 0 } };
    af_vec3_q16 g = { 0, 0, INT32_MIN };
    af_arc_policy_q16 pq = { AF_ARC_VERTICAL_SPEED, 1, 1 };
    af_shots_q16 q;
    af_status st;
    apex_like_f64("a 1-raw vertical speed", sh, tg, g, pq, AF_INHERIT_VELOCITY);
    st = af_arc_apex_q16(&sh, &tg, &g, &pq, AF_INHERIT_VELOCITY, &q);
    TH_CHECK(st == AF_OK && q.shot[0].velocity.x == -1073741824 - 7896064 &&
                 q.shot[0].velocity.y == -1073741824 && q.shot[0].velocity.z == 1,
             "%s: velocity (%ld, %ld, %ld) raw", af_status_name(st), (long)q.shot[0].velocity.x,
             (long)q.shot[0].velocity.y, (long)q.shot[0].velocity.z);
}

/* A 180 s lob off the axes (a slanted gravity of 1 raw per axis) from a
 * moving shooter: the launch velocity's components, each rounded once to
 * Q16.16 (2^-17 m/s), miss by at most sqrt(3) 2^-17 t (ballistic.h: the
 * direction exact to that rounding). Rounded three times on the way (the
 * target's velocity over the flight, its part along gravity, the lift to
 * the vertical speed asked) they were 1.5 LSB off: a miss of 4.3 mm. */
static void apex_off_the_axes_misses_by_one_rounding_of_the_velocity(void)
{
    af_body_q16 sh = { { 2, 1, 43691 }, { 1, 1, 0 } }, tg = { { 0, 0, 1 }, { 0, 1, 1 } };
    af_vec3_q16 g = { 1, 1, 1 };
    af_arc_policy_q16 pq = { AF_ARC_APEX_HEIGHT, 0, 2 };
    af_shots_q16 q;
    af_status st = af_arc_apex_q16(&sh, &tg, &g, &pq, AF_INHERIT_VELOCITY, &q);
    af_body_f64 shf, tgf;
    af_shot_f64 shot;
    double miss, allowed;
    if (!TH_CHECK(st == AF_OK && q.count == 1, "%s, %d shots", af_status_name(st), q.count))
        return;
    shf.position = q16_vec_to_f64(sh.position);
    shf.velocity = q16_vec_to_f64(sh.velocity);
    tgf.position = q16_vec_to_f64(tg.position);
    tgf.velocity = q16_vec_to_f64(tg.velocity);
    shot.t = q16_to_f64(q.shot[0].t);
    shot.velocity = q16_vec_to_f64(q.shot[0].velocity);
    shot.point = q16_vec_to_f64(q.shot[0].point);
    miss = kin_miss(&shf, &tgf, 1, q16_vec_to_f64(g), &shot);
    allowed = sqrt(3.0) / 131072.0 * shot.t + 1.0 / 65536;
    TH_CHECK(shot.t > 170 && miss <= allowed, "t %.6f s: misses by %.3g m, allowed %.3g m", shot.t,
             miss, allowed);
}

/* A 1-raw vertical speed under a slanted gravity of sqrt(2) raw, the
 * target 0.71 raw below along up: t = (1 + sqrt(3)) / sqrt(2) s =
 * 1.93185 s (126606.4 raw). sqrt(disc) rounded to a whole raw unit (2
 * for sqrt(3)) gave 2.12 s, and the point of a target crossing at 16384
 * m/s out of Q16.16: an overflow. */
static void apex_time_keeps_the_fraction_of_the_discriminant_root(void)
{
    af_body_q16 sh = { { 0, 1, 1 }, { 1, 1, 1 } }, tg = { { 1, 1, -1 }, { 1, 1, -1073741824 } };
    af_vec3_q16 g = { 1, 1, 0 };
    af_arc_policy_q16 pq = { AF_ARC_VERTICAL_SPEED, 1, 0 };
    af_shots_q16 q;
    af_status st = af_arc_apex_q16(&sh, &tg, &g, &pq, AF_INHERIT_VELOCITY, &q);
    TH_CHECK(st == AF_OK && abs(q.shot[0].t - 126606) <= 1, "%s, t %ld raw (exact 126606.4)",
             af_status_name(st), (long)q.shot[0].t);
    apex_like_f64("1-raw vertical speed across a fast target", sh, tg, g, pq, AF_INHERIT_VELOCITY);
}

/* A target 56755 m away exactly along a slanted gravity (1, 1, 1) m/s^2:
 * it is on the vertical, x = 0, and the policy's value is its base (1
 * m/s) whatever per_distance (-32768). x from D - dz up, with up rounded
 * to 30 bits, was a few raw units, and the value below 0: a bad
 * argument. */
static void apex_target_along_a_slanted_gravity_is_on_the_vertical(void)
{
    af_body_q16 sh = { { 65536, 65536, 65536 }, { 0, 0, 0 } };
    af_body_q16 tg = { { INT32_MAX, INT32_MAX, INT32_MAX }, { 0, 0, 0 } };
    af_vec3_q16 g = { 65536, 65536, 65536 };
    af_arc_policy_q16 pq = { AF_ARC_VERTICAL_SPEED, 65536, INT32_MIN };
    apex_like_f64("56755 m down a slanted gravity", sh, tg, g, pq, 0);
}

static const th_case cases[] = {
    TH_CASE(apex_off_the_axes_misses_by_one_rounding_of_the_velocity),
    TH_CASE(apex_of_a_one_lsb_vertical_speed_at_the_launch_height),
    TH_CASE(apex_at_a_target_below_2_to_minus_16_of_an_lsb),
    TH_CASE(apex_distance_rounding_to_0_leaves_the_base),
    TH_CASE(apex_rounded_to_the_target_vertical_speed_has_no_meeting),
    TH_CASE(fixed_time_agrees_with_f64),
    TH_CASE(apex_agrees_with_f64),
    TH_CASE(apex_has_no_preferred_axis),
    TH_CASE(apex_at_the_strongest_gravity),
    TH_CASE(edge_cases),
    TH_CASE(apex_value_below_half_an_lsb_is_positive),
    TH_CASE(apex_in_a_scene_of_1_lsb_magnitudes),
    TH_CASE(apex_horizontal_component_beyond_32768),
    TH_CASE(apex_at_a_target_falling_at_32768),
    TH_CASE(apex_where_g_dz_passes_2_to_62),
    TH_CASE(apex_at_a_target_a_fraction_of_an_lsb_below),
    TH_CASE(apex_time_keeps_the_fraction_of_the_discriminant_root),
    TH_CASE(apex_target_along_a_slanted_gravity_is_on_the_vertical),
};

TH_MAIN("arc_time_q16", cases)
