/* SPDX-License-Identifier: MIT */
/* report.h: fixed columns, so that a scenario's shots read as a table. */
#include "report.h"

#include <string.h>

#include "port.h"
#include "text.h"
#include "turret_spec.h"
#include "units.h"

/* Columns of a shot line. */
enum {
    COL_TIME = 13,
    COL_TARGET = 23,
    COL_VELOCITY = 41,
    COL_YAW = 58,
    COL_FLIGHT = 74,
    COL_STATUS = 82,
    COL_COST = 86,
    COL_PREDICTED = 101,
    COL_MISS = 110
};

void tally_init(tally *t)
{
    t->shots = t->hits = t->holds = 0;
    t->miss_sum_um = 0;
    t->miss_worst_um = 0;
    t->cost_sum = 0;
    t->cost_max = 0;
}

void tally_add(tally *a, const tally *b)
{
    a->shots += b->shots;
    a->hits += b->hits;
    a->holds += b->holds;
    a->miss_sum_um += b->miss_sum_um;
    if (b->miss_worst_um > a->miss_worst_um)
        a->miss_worst_um = b->miss_worst_um;
    a->cost_sum += b->cost_sum;
    if (b->cost_max > a->cost_max)
        a->cost_max = b->cost_max;
}

/* 1 when the port counts something (it does not on the host). */
static int counted(void)
{
    return strcmp(port_counter_unit(), "none") != 0;
}

void report_start(uint64_t seed)
{
    text_line line;
    text_line_out("aimfix turret: a pan-tilt ball launcher aiming in Q16.16 (examples/turret)");
    text_begin(&line);
    text_str(&line, "ping-pong ball ");
    text_milli(&line, SPEC_MUZZLE_SPEED_MM_S, 1, 0, 0);
    text_str(&line, " m/s, quadratic drag k ");
    text_milli(&line, q16_to_milli(TURRET_QDRAG_K), 3, 0, 0);
    text_str(&line, " 1/m (aimed with a ");
    text_int(&line, SPEC_FLIGHT_STEP_HZ, 0);
    text_str(&line, " Hz engine), fire latency ");
    text_int(&line, SPEC_FIRE_LATENCY_US / 1000, 0);
    text_str(&line, " ms, reload ");
    text_int(&line, SPEC_RELOAD_US / 1000, 0);
    text_str(&line, " ms; tilt ");
    text_int(&line, SPEC_TILT_MIN_MDEG / 1000, 0);
    text_str(&line, " to ");
    text_int(&line, SPEC_TILT_MAX_MDEG / 1000, 0);
    text_str(&line, " deg, pan +-");
    text_int(&line, SPEC_PAN_MAX_MDEG / 1000, 0);
    text_str(&line, " deg");
    text_end(&line);
    text_begin(&line);
    text_str(&line, "camera ");
    text_int(&line, SPEC_CAMERA_HZ, 0);
    text_str(&line, " Hz, noise ");
    text_int(&line, SPEC_CAMERA_NOISE_MM, 0);
    text_str(&line, " mm; hit: the ball's centre within ");
    text_int(&line, SPEC_TARGET_RADIUS_MM, 0);
    text_str(&line, " mm of the target's; solve cost in ");
    text_str(&line, counted() ? port_counter_unit() : "(no counter on this port)");
    text_str(&line, "; world seed ");
    text_int(&line, (int64_t)seed, 0);
    text_end(&line);
}

void report_scenario(const char *name, const char *what)
{
    text_line line;
    text_line_out("");
    text_begin(&line);
    text_str(&line, "== ");
    text_str(&line, name);
    text_str(&line, ": ");
    text_str(&line, what);
    text_end(&line);
    text_begin(&line);
    text_str(&line, "scenario");
    text_column(&line, COL_TIME);
    text_str(&line, "time s");
    text_column(&line, COL_TARGET);
    text_str(&line, "target at launch, m");
    text_column(&line, COL_VELOCITY);
    text_str(&line, "velocity m/s");
    text_column(&line, COL_YAW);
    text_str(&line, "yaw, pitch deg");
    text_column(&line, COL_FLIGHT);
    text_str(&line, "flight");
    text_column(&line, COL_STATUS);
    text_str(&line, "solver, solve cost");
    text_column(&line, COL_PREDICTED);
    text_str(&line, "predicted");
    text_column(&line, COL_MISS);
    text_str(&line, "simulated miss");
    text_end(&line);
}

/* The columns a shot and a declined shot share: name, time, target. */
static void shot_start(text_line *line, const char *name, const shot_record *shot)
{
    const af_body_q16 *target = &shot->target;
    text_begin(line);
    text_str(line, name);
    text_column(line, COL_TIME);
    text_milli(line, shot->time_us / 1000, 3, 6, 0);
    text_column(line, COL_TARGET);
    text_milli(line, q16_to_milli(target->position.x), 3, 7, 0);
    text_milli(line, q16_to_milli(target->position.y), 3, 8, 0);
    text_column(line, COL_VELOCITY);
    text_milli(line, q16_to_milli(target->velocity.x), 2, 6, 1);
    text_milli(line, q16_to_milli(target->velocity.y), 2, 7, 1);
}

void report_shot(const char *name, const shot_record *shot, int32_t miss_um, int hit, tally *t)
{
    const aim_result *aim = &shot->aim;
    text_line line;
    shot_start(&line, name, shot);
    text_column(&line, COL_YAW);
    text_milli(&line, q16_rad_to_mdeg(aim->yaw), 2, 7, 0);
    text_milli(&line, q16_rad_to_mdeg(aim->pitch), 2, 7, 0);
    text_column(&line, COL_FLIGHT);
    text_milli(&line, q16_to_milli(aim->t), 3, 5, 0);
    text_str(&line, " s");
    text_column(&line, COL_STATUS);
    text_str(&line, af_status_name(aim->status));
    text_column(&line, COL_COST);
    if (counted()) {
        text_int(&line, shot->cost, 8);
        text_str(&line, " instr");
    } else {
        text_str(&line, "       - instr");
    }
    text_column(&line, COL_PREDICTED);
    text_milli(&line, q16_to_micro(aim->predicted_miss), 1, 5, 0);
    text_str(&line, " mm");
    text_column(&line, COL_MISS);
    text_milli(&line, miss_um, 1, 5, 0);
    text_str(&line, hit ? " mm  hit" : " mm  MISS");
    text_end(&line);
    t->shots++;
    t->hits += hit;
    t->miss_sum_um += miss_um;
    if (miss_um > t->miss_worst_um)
        t->miss_worst_um = miss_um;
    t->cost_sum += shot->cost;
    if (shot->cost > t->cost_max)
        t->cost_max = shot->cost;
}

void report_hold(const char *name, const shot_record *shot, tally *t)
{
    text_line line;
    shot_start(&line, name, shot);
    text_column(&line, COL_YAW);
    text_str(&line, "no shot: ");
    if (shot->hold == HOLD_RHYTHM) {
        text_str(&line, "it would land after the target's next turn, due at ");
        text_milli(&line, shot->change_us / 1000, 2, 0, 0);
        text_str(&line, " s (every ");
        text_milli(&line, shot->interval_us / 1000, 2, 0, 0);
        text_str(&line, " s)");
    } else {
        text_str(&line, aim_verdict_text(shot->aim.verdict));
        if (shot->aim.status != AF_OK) {
            text_str(&line, " (solver ");
            text_str(&line, af_status_name(shot->aim.status));
            text_str(&line, ")");
        }
    }
    text_end(&line);
    t->holds++;
}

/* "<shots> shots, <hits> hits (<percent> %), miss mean <mm>, worst <mm>" */
static void shots_and_misses(text_line *line, const tally *t)
{
    text_int(line, t->shots, 0);
    text_str(line, " shots, ");
    text_int(line, t->hits, 0);
    text_str(line, " hits");
    if (t->shots > 0) {
        text_str(line, " (");
        text_milli(line, (int64_t)t->hits * 100000 / t->shots, 1, 0, 0);
        text_str(line, " %), miss mean ");
        text_milli(line, t->miss_sum_um / t->shots, 1, 0, 0);
        text_str(line, " mm, worst ");
        text_milli(line, t->miss_worst_um, 1, 0, 0);
        text_str(line, " mm");
    }
}

/* "solve cost mean <n>, max <n> <unit>" */
static void solve_cost(text_line *line, const tally *t)
{
    text_str(line, "solve cost ");
    if (!counted() || t->shots == 0) {
        text_str(line, "not measured");
        return;
    }
    text_str(line, "mean ");
    text_int(line, (int64_t)(t->cost_sum / (uint64_t)t->shots), 0);
    text_str(line, ", max ");
    text_int(line, t->cost_max, 0);
    text_str(line, " ");
    text_str(line, port_counter_unit());
}

void report_summary(const char *name, const tally *t)
{
    text_line line;
    text_begin(&line);
    text_str(&line, "summary ");
    text_str(&line, name);
    text_str(&line, ": ");
    shots_and_misses(&line, t);
    text_str(&line, "; ");
    solve_cost(&line, t);
    text_str(&line, "; ");
    text_int(&line, t->holds, 0);
    text_str(&line, " declined");
    text_end(&line);
}

void report_totals(const tally *reachable, const tally *unreachable)
{
    text_line line;
    text_line_out("");
    text_begin(&line);
    text_str(&line, "totals: reachable ");
    shots_and_misses(&line, reachable);
    text_str(&line, "; unreachable ");
    text_int(&line, unreachable->shots, 0);
    text_str(&line, " shots, ");
    text_int(&line, unreachable->holds, 0);
    text_str(&line, " declined");
    text_end(&line);
    text_begin(&line);
    text_str(&line, "totals: ");
    solve_cost(&line, reachable);
    text_str(&line, " per shot");
    text_end(&line);
}
