/* SPDX-License-Identifier: MIT */
/* world.h: camera noise, servo mechanics, the launcher's geometry. */
#include "world.h"

#include "odometry.h"
#include "sim_math.h"
#include "turret_spec.h"

#define PI 3.141592653589793

static double radians(double millidegrees)
{
    return millidegrees / 1000.0 * PI / 180.0;
}

static void servo_init(world_servo *s, double rate_mdeg, double min_mdeg, double max_mdeg)
{
    s->angle = s->command = 0.0;
    s->rate = radians(rate_mdeg);
    s->min = radians(min_mdeg);
    s->max = radians(max_mdeg);
}

static void servo_move(world_servo *s, double dt)
{
    const double travel = s->rate * dt, gap = s->command - s->angle;
    if (gap > travel)
        s->angle += travel;
    else if (gap < -travel)
        s->angle -= travel;
    else
        s->angle = s->command;
}

static void servo_set(world_servo *s, fix16_t command)
{
    double angle = command / 65536.0;
    /* The mechanical stops. */
    if (angle < s->min)
        angle = s->min;
    if (angle > s->max)
        angle = s->max;
    s->command = angle;
}

void world_init(world *w, const scenario *sc, uint64_t seed)
{
    w->sc = sc;
    w->rng = sim_rng_seeded(seed);
    w->now_us = 0;
    w->loaded = 0;
    w->launch_us = 0;
    servo_init(&w->pan, SPEC_PAN_RATE_MDEG_S, SPEC_PAN_MIN_MDEG, SPEC_PAN_MAX_MDEG);
    servo_init(&w->tilt, SPEC_TILT_RATE_MDEG_S, SPEC_TILT_MIN_MDEG, SPEC_TILT_MAX_MDEG);
}

void world_advance(world *w, uint32_t time_us)
{
    if (time_us > w->now_us) {
        const double dt = (time_us - w->now_us) / 1e6;
        servo_move(&w->pan, dt);
        servo_move(&w->tilt, dt);
        w->now_us = time_us;
    }
}

void world_camera(world *w, camera_fix *fix)
{
    const double noise = SPEC_CAMERA_NOISE_MM / 1000.0;
    double p[3], v[3];
    scenario_state(w->sc, w->now_us / 1e6, p, v);
    fix->time_us = w->now_us;
    fix->x_mm = sim_round((p[0] + noise * sim_gauss(&w->rng)) * 1000.0);
    fix->y_mm = sim_round((p[1] + noise * sim_gauss(&w->rng)) * 1000.0);
    fix->z_mm = sim_round((p[2] + noise * sim_gauss(&w->rng)) * 1000.0);
    fix->vehicle_x_mm = odometry_mm(w->sc->vehicle_vx_mm_s, w->now_us);
    fix->vehicle_y_mm = odometry_mm(w->sc->vehicle_vy_mm_s, w->now_us);
    fix->vehicle_vx_mm_s = w->sc->vehicle_vx_mm_s;
    fix->vehicle_vy_mm_s = w->sc->vehicle_vy_mm_s;
}

void world_target(const world *w, double position[3])
{
    double velocity[3];
    scenario_state(w->sc, w->now_us / 1e6, position, velocity);
}

void world_command(world *w, fix16_t pan, fix16_t tilt, int fire)
{
    servo_set(&w->pan, pan);
    servo_set(&w->tilt, tilt);
    if (fire && !w->loaded) {
        w->loaded = 1;
        w->launch_us = w->now_us + SPEC_FIRE_LATENCY_US;
    }
}

int world_launch_due(const world *w, uint32_t time_us, uint32_t *launch_us)
{
    *launch_us = w->launch_us;
    return w->loaded && w->launch_us <= time_us;
}

void world_launch(world *w, ball_flight *flight, ball_pass *pass)
{
    /* The muzzle and the barrel at the servos' true angles: the pivot
     * SPEC_PIVOT_HEIGHT_MM above the vehicle's place, the muzzle along
     * the barrel and above it; the ball leaves with the vehicle's
     * velocity added. */
    const double t = w->now_us / 1e6;
    const double vehicle[3] = { w->sc->vehicle_vx_mm_s / 1000.0, w->sc->vehicle_vy_mm_s / 1000.0,
                                0.0 };
    const double cy = sim_cos(w->pan.angle), sy = sim_sin(w->pan.angle);
    const double cp = sim_cos(w->tilt.angle), sp = sim_sin(w->tilt.angle);
    const double forward[3] = { cp * cy, cp * sy, sp };
    const double up[3] = { -sp * cy, -sp * sy, cp };
    const double along = SPEC_MUZZLE_FORWARD_MM / 1000.0, above = SPEC_MUZZLE_UP_MM / 1000.0;
    const double speed = SPEC_MUZZLE_SPEED_MM_S / 1000.0;
    int i;
    for (i = 0; i < 3; i++) {
        flight->position[i] = vehicle[i] * t + forward[i] * along + up[i] * above;
        flight->velocity[i] = forward[i] * speed + vehicle[i];
    }
    flight->position[2] += SPEC_PIVOT_HEIGHT_MM / 1000.0;
    flight->launch_time = t;
    w->loaded = 0;
    ball_closest(flight, w->sc, pass);
}
