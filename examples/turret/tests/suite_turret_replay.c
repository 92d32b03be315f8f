/* SPDX-License-Identifier: MIT */
/*
 * The turret firmware on this core, fed the camera fixes of the host's
 * run (replay/record.c wrote them with the host's answers): every servo
 * command, every fire and hold decision, and every aim (angles, time of
 * flight, predicted target) must equal the host's bit for bit. This is
 * how the firmware is checked where the simulated world cannot run as on
 * the host: on AVR, avr-gcc's double has 32 bits, so the world would
 * drift, while the firmware is Q16.16 integer code and must not.
 *
 * The run prints the firmware's cost per frame (tracking, aiming, the
 * firing policy) in the port's counter unit: cycles on AVR.
 *
 * The slow simulators (TH_SCALE 200 and more: simavr, the micro:bit)
 * replay the first scenario up to its REPLAY_SLOW_SHOTS-th fire command:
 * on AVR each full aim through the quadratic drag takes some 200 million
 * cycles, and the first two scenarios took 73 s of simavr's time (8
 * minutes on a loaded machine, past the suites' time limit); the run
 * says how much it replayed.
 */
#include <stdint.h>
#include <string.h>

#include "control.h"
#include "harness.h"
#include "odometry.h"
#include "port.h"
#include "replay_record.h"
#include "replay_tables.h"
#include "turret_spec.h"

static void read_frame(unsigned i, replay_frame *f)
{
    const replay_frame *at = &replay_frame_chunks[i / REPLAY_CHUNK][i % REPLAY_CHUNK];
#if defined(__AVR__)
    memcpy_P(f, at, sizeof *f);
#else
    *f = *at;
#endif
}

static void read_vehicle(unsigned i, replay_vehicle *v)
{
    const replay_vehicle *at = &replay_vehicles[i];
#if defined(__AVR__)
    memcpy_P(v, at, sizeof *v);
#else
    *v = *at;
#endif
}

static void read_shot(unsigned i, replay_shot *s)
{
    const replay_shot *at = &replay_shots[i];
#if defined(__AVR__)
    memcpy_P(s, at, sizeof *s);
#else
    *s = *at;
#endif
}

#define REPLAY_SLOW_SHOTS 3
#if TH_SCALE >= 200
#define REPLAYED_SCENARIOS 1
#define REPLAYED_SHOTS REPLAY_SLOW_SHOTS
#else
#define REPLAYED_SCENARIOS REPLAY_SCENARIOS
#define REPLAYED_SHOTS REPLAY_SHOTS
#endif

/* Static: the firmware's state and output are large for an 8 KiB RAM's
 * stack. */
static turret_control control;
static control_output out;

typedef struct replay_run {
    unsigned frames, scenarios, shots;
    unsigned differing; /* frames whose commands, decision or aim differ */
    uint32_t worst;     /* the firmware's cost per frame, counter units */
    uint64_t total;
} replay_run;

/* Feed the first `frames` recorded fixes to the firmware and compare its
 * answers with the recorded ones, the pan of frame `altered` (if any)
 * taken as one LSB off, as a wrong recording or a wrong answer would be.
 * The first few differences are noted. */
static void replay(unsigned frames, long altered, replay_run *run)
{
    unsigned i, n = 0;
    replay_vehicle vehicle = { 0, 0 };
    memset(run, 0, sizeof *run);
    for (i = 0; i < frames; i++) {
        replay_frame f;
        camera_fix fix;
        uint32_t start, spent;
        unsigned flags;
        int differs;
        read_frame(i, &f);
        if ((long)i == altered)
            f.pan++;
        if (f.flags & REPLAY_FIRST) {
            if (run->scenarios == REPLAYED_SCENARIOS)
                break;
            control_init(&control);
            read_vehicle(run->scenarios, &vehicle);
            n = 0;
            run->scenarios++;
        }
        fix.time_us = (uint32_t)((uint64_t)n * 1000000u / SPEC_CAMERA_HZ);
        fix.x_mm = f.x_mm;
        fix.y_mm = f.y_mm;
        fix.z_mm = f.z_mm;
        fix.vehicle_x_mm = odometry_mm(vehicle.vx_mm_s, fix.time_us);
        fix.vehicle_y_mm = odometry_mm(vehicle.vy_mm_s, fix.time_us);
        fix.vehicle_vx_mm_s = vehicle.vx_mm_s;
        fix.vehicle_vy_mm_s = vehicle.vy_mm_s;
        start = port_counter();
        control_frame(&control, &fix, &out);
        spent = port_counter() - start;
        run->total += spent;
        if (spent > run->worst)
            run->worst = spent;
        flags = (out.fire ? REPLAY_FIRE : 0u) | (out.hold ? REPLAY_HOLD : 0u);
        differs = out.pan != f.pan || out.tilt != f.tilt ||
                  flags != (f.flags & (REPLAY_FIRE | REPLAY_HOLD));
        if (out.fire || out.hold) {
            replay_shot s;
            if (run->shots == REPLAY_SHOTS)
                break;
            read_shot(run->shots++, &s);
            differs |= s.frame != i || s.hold != (unsigned)out.shot.hold ||
                       s.verdict != (unsigned)out.shot.aim.verdict || s.yaw != out.shot.aim.yaw ||
                       s.pitch != out.shot.aim.pitch || s.t != out.shot.aim.t ||
                       s.target_x != out.shot.target.position.x ||
                       s.target_y != out.shot.target.position.y ||
                       s.target_z != out.shot.target.position.z;
        }
        /* One line per differing frame would flood a small console: the
         * first few say where, the count says how many. */
        if (differs && run->differing++ < 3)
            th_note("frame %u (scenario %u, %lu us): pan %ld tilt %ld flags %u, host %ld %ld %u", i,
                    run->scenarios, (unsigned long)fix.time_us, (long)out.pan, (long)out.tilt, flags,
                    (long)f.pan, (long)f.tilt, (unsigned)(f.flags & (REPLAY_FIRE | REPLAY_HOLD)));
        n++;
        if (REPLAYED_SHOTS < REPLAY_SHOTS && run->shots == REPLAYED_SHOTS) {
            i++;
            break;
        }
    }
    run->frames = i;
}

/* The recorded shots within the first `frames` frames. */
static unsigned shots_within(unsigned frames)
{
    unsigned n = 0;
    replay_shot s;
    while (n < REPLAY_SHOTS) {
        read_shot(n, &s);
        if (s.frame >= frames)
            break;
        n++;
    }
    return n;
}

static void decisions_and_angles_equal_the_hosts(void)
{
    replay_run run;
    replay(REPLAY_FRAMES, -1, &run);
    TH_CHECK(run.differing == 0, "%u of %u frames differ from the host's", run.differing,
             run.frames);
    TH_CHECK(run.scenarios == REPLAYED_SCENARIOS && run.shots == shots_within(run.frames) &&
                 (REPLAYED_SHOTS == REPLAY_SHOTS || run.shots == REPLAYED_SHOTS),
             "%u scenarios and %u shots replayed, the host's %u and %u", run.scenarios, run.shots,
             (unsigned)REPLAYED_SCENARIOS, shots_within(run.frames));
    th_note("%u frames of %u scenarios (of %u recorded), %u fire commands and declined shots,"
            " as the host",
            run.frames, run.scenarios, (unsigned)REPLAY_SCENARIOS, run.shots);
    if (strcmp(port_counter_unit(), "none") != 0)
        th_note("firmware per frame (tracking, aim, firing policy): %s mean %lu, worst %lu",
                port_counter_unit(), (unsigned long)(run.total / run.frames),
                (unsigned long)run.worst);
}

/* The comparison can fail: up to the first fire command, with the
 * recorded pan of that frame one LSB off, exactly that frame differs. */
static void an_answer_one_lsb_off_is_caught(void)
{
    replay_run run;
    replay_shot first;
    read_shot(0, &first);
    replay(first.frame + 1u, (long)first.frame, &run);
    TH_CHECK(run.differing == 1, "%u frames differ, 1 altered", run.differing);
}

static const th_case cases[] = {
    TH_CASE(decisions_and_angles_equal_the_hosts),
    TH_CASE(an_answer_one_lsb_off_is_caught),
};

TH_MAIN("turret_replay", cases)
