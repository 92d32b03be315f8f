/* SPDX-License-Identifier: MIT */
/*
 * The Q16 turret aim near the zenith (the twin of suite_turret_over_top_f64):
 * both planes that hold the muzzle's path can give a pitch within +-90 deg,
 * and the aim takes the one in the limits with the shorter slew, in
 * vacuum and with drag.
 */
#include <string.h>

#include "aimfix.h"
#include "harness.h"

/* A target 3 m up and 0.3 m behind a head whose muzzle sits 0.5 m above a
 * 0.2 m barrel: over the back (yaw pi) or over the top (yaw 0, ~87 deg). */
static void overhead(af_turret_q16 *t, af_body_q16 *target, af_vec3_q16 *g, unsigned flags,
                     fix16_t yaw_lim, fix16_t pitch)
{
    memset(t, 0, sizeof *t);
    memset(target, 0, sizeof *target);
    memset(g, 0, sizeof *g);
    t->up.z = 65536;
    t->forward.x = 65536;
    t->flags = flags;
    t->yaw_min = -yaw_lim;
    t->yaw_max = yaw_lim;
    t->pitch_min = -102944;
    t->pitch_max = 102944;
    t->muzzle_forward = 13107;
    t->muzzle_up = 32768;
    t->pitch = pitch;
    t->yaw_rate = 65536;
    t->pitch_rate = 65536;
    t->speed = 655360;
    target->position.x = -19661;
    target->position.z = 196608;
    g->z = -642908;
}

typedef af_status (*aim_fn)(const af_turret_q16 *t, const af_body_q16 *target,
                            const af_vec3_q16 *g, af_turret_shots_q16 *out);

static af_status vacuum_aim(const af_turret_q16 *t, const af_body_q16 *target,
                            const af_vec3_q16 *g, af_turret_shots_q16 *out)
{
    return af_turret_aim_q16(t, target, g, out);
}

/* The same head against the same target with a drag of 0.1 /s: the aim
 * settles each shot's muzzle by solving again from it, and near the
 * zenith both planes' muzzles settle, so both are tried. */
static af_status drag_aim(const af_turret_q16 *t, const af_body_q16 *target,
                          const af_vec3_q16 *g, af_turret_shots_q16 *out)
{
    af_drag_q16 d;
    memset(&d, 0, sizeof d);
    d.kind = AF_DRAG_KIND_CONTINUOUS;
    d.gravity = *g;
    d.k = 6554;
    return af_turret_aim_drag_q16(t, &d, target, 655360, out);
}

/* Yaw limited to +-1 rad from a level head: only the over-the-top plane
 * is within. */
static void only_over_the_top(aim_fn aim, const char *name)
{
    af_turret_q16 t;
    af_body_q16 target;
    af_vec3_q16 g;
    af_turret_shots_q16 out;
    af_status st;
    overhead(&t, &target, &g, 0, 65536, 0);
    st = aim(&t, &target, &g, &out);
    TH_CHECK(st == AF_OK && out.shot[0].yaw > -64 && out.shot[0].yaw < 64 &&
                 out.shot[0].pitch > 91750,
             "%s: %s, yaw %ld pitch %ld", name, af_status_name(st),
             (long)(st == AF_OK ? out.shot[0].yaw : 0), (long)(st == AF_OK ? out.shot[0].pitch : 0));
}

/* The yaw wraps: over the back is a half turn of yaw (pi s), over the top
 * a pitch slew shorter than `within` (raw s) from the head's pitch. */
static void over_the_top_sooner(aim_fn aim, fix16_t pitch, fix16_t within, const char *name)
{
    af_turret_q16 t;
    af_body_q16 target;
    af_vec3_q16 g;
    af_turret_shots_q16 out;
    af_status st;
    overhead(&t, &target, &g, AF_TURRET_YAW_WRAPS, 0, pitch);
    st = aim(&t, &target, &g, &out);
    TH_CHECK(st == AF_OK && out.shot[0].yaw > -64 && out.shot[0].yaw < 64 &&
                 out.shot[0].launch < within,
             "%s: %s, yaw %ld launch %ld", name, af_status_name(st),
             (long)(st == AF_OK ? out.shot[0].yaw : 0), (long)(st == AF_OK ? out.shot[0].launch : 0));
}

static void reachable_only_over_the_top_q16(void)
{
    only_over_the_top(vacuum_aim, "over the top");
}

/* The head already points up at yaw 0: a small pitch slew. */
static void over_the_top_when_it_is_the_shorter_slew_q16(void)
{
    over_the_top_sooner(vacuum_aim, 98304, 32768, "shorter slew");
}

static void drag_reachable_only_over_the_top_q16(void)
{
    only_over_the_top(drag_aim, "drag, over the top");
}

/* The head level: a pitch slew of about 1.5 s. */
static void drag_over_the_top_when_it_is_the_shorter_slew_q16(void)
{
    over_the_top_sooner(drag_aim, 0, 104858, "drag, shorter slew");
}

static const th_case cases[] = {
    TH_CASE(reachable_only_over_the_top_q16),
    TH_CASE(over_the_top_when_it_is_the_shorter_slew_q16),
    TH_CASE(drag_reachable_only_over_the_top_q16),
    TH_CASE(drag_over_the_top_when_it_is_the_shorter_slew_q16),
};

TH_MAIN("turret_over_top_q16", cases)
