/* SPDX-License-Identifier: MIT */
/*
 * The turret example: the firmware in firmware/ against the simulated
 * hardware in world/, scenario after scenario, every shot reported.
 *
 * On a real turret main would read the camera, call control_frame and
 * drive the servos and the trigger; here the world stands in for all
 * three, and for the target. Built for the host and for every board;
 * `make run` runs it under QEMU.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "control.h"
#include "engagement.h"
#include "port.h"
#include "report.h"
#include "turret_spec.h"
#include "world.h"

/* The world's seed; each scenario adds its index. Another seed gives
 * another run of the same scenarios (-DTURRET_SEED=n). */
#ifndef TURRET_SEED
#define TURRET_SEED 0x7e11e7ull
#endif

/* The scenario whose engagement is drawn after its shots. */
#define PICTURED "zigzag"

/* Static, as the firmware's state would be: off the stack, which the
 * library's turret and quadratic drag aims need most of on the
 * micro:bit (8 KiB). */
static engagement pictured;
static turret_control control;

/* Launch the ball that is due by time_us, if one is, and report it (and
 * draw it, when e is not NULL). */
static void launch_due(world *w, uint32_t time_us, const shot_record *shot, tally *t,
                       engagement *e)
{
    uint32_t launch_us;
    ball_flight flight;
    ball_pass pass;
    int32_t miss_um;
    if (!world_launch_due(w, time_us, &launch_us))
        return;
    world_advance(w, launch_us);
    world_launch(w, &flight, &pass);
    miss_um = sim_round(pass.miss * 1e6);
    report_shot(w->sc->name, shot, miss_um, miss_um < SPEC_TARGET_RADIUS_MM * 1000, t);
    if (e)
        engagement_shot(e, &flight, &pass, miss_um < SPEC_TARGET_RADIUS_MM * 1000);
}

static void run_scenario(const scenario *sc, uint64_t seed, tally *t, engagement *e)
{
    const uint32_t frames = (uint32_t)(sc->duration * SPEC_CAMERA_HZ);
    world w;
    shot_record fired;
    uint32_t n;

    world_init(&w, sc, seed);
    control_init(&control);
    tally_init(t);
    report_scenario(sc->name, sc->what);
    for (n = 0; n <= frames; n++) {
        const uint32_t frame_us = (uint32_t)((uint64_t)n * 1000000u / SPEC_CAMERA_HZ);
        camera_fix fix;
        control_output out;
        launch_due(&w, frame_us, &fired, t, e);
        world_advance(&w, frame_us);
        if (e) {
            double truth[3];
            world_target(&w, truth);
            engagement_target(e, truth);
        }
        world_camera(&w, &fix);
        control_frame(&control, &fix, &out);
        world_command(&w, out.pan, out.tilt, out.fire);
        if (out.fire)
            fired = out.shot;
        if (out.hold)
            report_hold(sc->name, &out.shot, t);
    }
    /* A ball fired in the last frames still flies. */
    launch_due(&w, UINT32_MAX, &fired, t, e);
    report_summary(sc->name, t);
}

int main(void)
{
    tally reachable, unreachable;
    int i;
    port_init();
    report_start(TURRET_SEED);
    tally_init(&reachable);
    tally_init(&unreachable);
    for (i = 0; i < scenario_count; i++) {
        const int drawn = strcmp(scenarios[i].name, PICTURED) == 0;
        tally t;
        if (drawn)
            engagement_begin(&pictured);
        run_scenario(&scenarios[i], TURRET_SEED + (uint64_t)i, &t, drawn ? &pictured : NULL);
        tally_add(scenarios[i].reachable ? &reachable : &unreachable, &t);
        if (drawn)
            engagement_print(&pictured, PICTURED);
    }
    report_totals(&reachable, &unreachable);
    port_exit(0);
    return 0;
}
