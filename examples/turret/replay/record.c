/* SPDX-License-Identifier: MIT */
/*
 * The turret example's run on the host, recorded for a replay on another
 * core (replay_record.h): the same scenarios, seeds and world as main.c,
 * without the report; writes the tables as C to stdout.
 *
 *   turret-record > replay_tables.h
 */
#include <inttypes.h>
#include <stdio.h>

#include "control.h"
#include "replay_record.h"
#include "turret_spec.h"
#include "world.h"

#ifndef TURRET_SEED
#define TURRET_SEED 0x7e11e7ull
#endif

/* A frame per camera fix of the whole run: about 1700. */
#define MAX_FRAMES 4096
#define MAX_SHOTS 512
/* Frames in one table of the output (21 bytes each on AVR). */
#define REPLAY_CHUNK 1024u

static replay_frame frames[MAX_FRAMES];
static replay_shot shots[MAX_SHOTS];
static unsigned frame_count, shot_count;

static void launch_due(world *w, uint32_t time_us)
{
    uint32_t launch_us;
    ball_flight flight;
    ball_pass pass;
    if (!world_launch_due(w, time_us, &launch_us))
        return;
    world_advance(w, launch_us);
    world_launch(w, &flight, &pass);
}

static int record_scenario(const scenario *sc, uint64_t seed)
{
    const uint32_t count = (uint32_t)(sc->duration * SPEC_CAMERA_HZ);
    world w;
    turret_control control;
    uint32_t n;
    world_init(&w, sc, seed);
    control_init(&control);
    for (n = 0; n <= count; n++) {
        const uint32_t frame_us = (uint32_t)((uint64_t)n * 1000000u / SPEC_CAMERA_HZ);
        camera_fix fix;
        control_output out;
        replay_frame *f = &frames[frame_count];
        if (frame_count == MAX_FRAMES)
            return -1;
        launch_due(&w, frame_us);
        world_advance(&w, frame_us);
        world_camera(&w, &fix);
        control_frame(&control, &fix, &out);
        world_command(&w, out.pan, out.tilt, out.fire);
        f->x_mm = fix.x_mm;
        f->y_mm = fix.y_mm;
        f->z_mm = fix.z_mm;
        f->pan = out.pan;
        f->tilt = out.tilt;
        f->flags = (uint8_t)((n == 0 ? REPLAY_FIRST : 0u) | (out.fire ? REPLAY_FIRE : 0u) |
                             (out.hold ? REPLAY_HOLD : 0u));
        if (out.fire || out.hold) {
            replay_shot *s = &shots[shot_count];
            if (shot_count == MAX_SHOTS)
                return -1;
            s->frame = (uint16_t)frame_count;
            s->hold = (uint8_t)out.shot.hold;
            s->verdict = (uint8_t)out.shot.aim.verdict;
            s->yaw = out.shot.aim.yaw;
            s->pitch = out.shot.aim.pitch;
            s->t = out.shot.aim.t;
            s->target_x = out.shot.target.position.x;
            s->target_y = out.shot.target.position.y;
            s->target_z = out.shot.target.position.z;
            shot_count++;
        }
        frame_count++;
    }
    return 0;
}

int main(void)
{
    unsigned i;
    for (i = 0; i < (unsigned)scenario_count; i++) {
        if (record_scenario(&scenarios[i], TURRET_SEED + (uint64_t)i) != 0) {
            fprintf(stderr, "turret-record: more frames or shots than the tables hold\n");
            return 1;
        }
    }
    printf("/* The host's run of the turret example (seed %#llx), written by\n"
           " * examples/turret/replay/record.c: do not edit. */\n",
           (unsigned long long)TURRET_SEED);
    printf("#define REPLAY_SCENARIOS %d\n#define REPLAY_FRAMES %u\n#define REPLAY_SHOTS %u\n",
           scenario_count, frame_count, shot_count);
    /* In chunks of REPLAY_CHUNK frames: avr-gcc refuses an object over
     * 32 KiB. */
    printf("#define REPLAY_CHUNK %u\n", REPLAY_CHUNK);
    for (i = 0; i < frame_count; i++) {
        if (i % REPLAY_CHUNK == 0)
            printf("%sstatic const replay_frame replay_frames_%u[] REPLAY_FLASH = {\n",
                   i ? "};\n" : "", i / REPLAY_CHUNK);
        printf("    { %" PRId32 ", %" PRId32 ", %" PRId32 ", %" PRId32 ", %" PRId32 ", %u },\n",
               frames[i].x_mm, frames[i].y_mm, frames[i].z_mm, frames[i].pan, frames[i].tilt,
               (unsigned)frames[i].flags);
    }
    printf("};\nstatic const replay_frame *const replay_frame_chunks[] = {");
    for (i = 0; i < frame_count; i += REPLAY_CHUNK)
        printf("%sreplay_frames_%u", i ? ", " : " ", i / REPLAY_CHUNK);
    printf(" };\n");
    printf("static const replay_vehicle replay_vehicles[REPLAY_SCENARIOS] REPLAY_FLASH = {\n");
    for (i = 0; i < (unsigned)scenario_count; i++)
        printf("    { %" PRId32 ", %" PRId32 " },\n", scenarios[i].vehicle_vx_mm_s,
               scenarios[i].vehicle_vy_mm_s);
    printf("};\n");
    printf("static const replay_shot replay_shots[REPLAY_SHOTS] REPLAY_FLASH = {\n");
    for (i = 0; i < shot_count; i++)
        printf("    { %u, %u, %u, %" PRId32 ", %" PRId32 ", %" PRId32 ", %" PRId32 ", %" PRId32
               ", %" PRId32 " },\n",
               (unsigned)shots[i].frame, (unsigned)shots[i].hold, (unsigned)shots[i].verdict,
               shots[i].yaw, shots[i].pitch, shots[i].t, shots[i].target_x, shots[i].target_y,
               shots[i].target_z);
    printf("};\n");
    return 0;
}
