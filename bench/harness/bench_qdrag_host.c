/* SPDX-License-Identifier: MIT */
/*
 * make bench-host-qdrag: the f64 quadratic drag aim at a fixed speed on the
 * host, over realistic scenes (docs/qdrag.md's four projectiles at their
 * usual speeds, targets 3 to 15 m away and 1 m below to 2 m above, both
 * kinds): the median and 90th percentile time per solve, and a loop for
 * callgrind's instruction count.
 *
 *   bench_qdrag_host time             prints "KIND MEDIAN_US P90_US SOLVED SCENES"
 *   bench_qdrag_host loop KIND CALLS  solves the scenes of KIND CALLS times
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aimfix.h"

typedef struct projectile {
    const char *name;
    double k, speed; /* 1/m (docs/qdrag.md), m/s */
} projectile;

static const projectile projectiles[] = {
    { "ping-pong ball", 0.13398, 12.0 },
    { "foam dart", 0.06097, 20.0 },
    { "6 mm BB", 0.04002, 60.0 },
    { "tennis ball", 0.02084, 25.0 },
};
#define PROJECTILES 4
static const double distances[] = { 3.0, 6.0, 10.0, 15.0 };
static const double heights[] = { -1.0, 0.0, 2.0 };
#define SCENES (PROJECTILES * 4 * 3)

static void scene(int kind, int i, af_qdrag_f64 *m, af_body_f64 *shooter, af_body_f64 *target,
                  double *speed)
{
    const projectile *p = &projectiles[i / 12];
    memset(m, 0, sizeof *m);
    memset(shooter, 0, sizeof *shooter);
    memset(target, 0, sizeof *target);
    m->kind = kind ? AF_DRAG_KIND_STEPPED : AF_DRAG_KIND_CONTINUOUS;
    m->gravity.z = -9.81;
    m->k = p->k;
    m->dt = 1.0 / 60.0;
    m->order = AF_QDRAG_GRAVITY_FIRST;
    shooter->position.z = 1.0;
    target->position.x = distances[(i / 3) % 4];
    target->position.z = 1.0 + heights[i % 3];
    *speed = p->speed;
}

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int solve(int kind, int i)
{
    af_qdrag_f64 m;
    af_body_f64 s, t;
    af_shots_f64 out;
    double speed;
    scene(kind, i, &m, &s, &t, &speed);
    return af_qdrag_aim_speed_f64(&m, &s, &t, speed, 4.0, 0, &out) == AF_OK;
}

int main(int argc, char **argv)
{
    int kind, i, r;
    if (argc == 4 && strcmp(argv[1], "loop") == 0) {
        long calls = atol(argv[3]), c;
        kind = strcmp(argv[2], "stepped") == 0;
        for (c = 0; c < calls; c++)
            (void)solve(kind, (int)(c % SCENES));
        return 0;
    }
    if (argc != 2 || strcmp(argv[1], "time") != 0) {
        fprintf(stderr, "usage: bench_qdrag_host time | loop continuous|stepped CALLS\n");
        return 2;
    }
    for (kind = 0; kind < 2; kind++) {
        double per[SCENES];
        int solved = 0;
        for (i = 0; i < SCENES; i++) {
            /* The best of 5 runs: the machine's noise only adds. */
            double best = 1e300;
            for (r = 0; r < 5; r++) {
                double t0 = now_us(), dt;
                int ok = solve(kind, i);
                dt = now_us() - t0;
                if (dt < best)
                    best = dt;
                if (r == 0)
                    solved += ok;
            }
            per[i] = best;
        }
        qsort(per, SCENES, sizeof per[0], cmp);
        printf("%s %.1f %.1f %d %d\n", kind ? "stepped" : "continuous", per[SCENES / 2],
               per[SCENES * 9 / 10], solved, SCENES);
    }
    return 0;
}
