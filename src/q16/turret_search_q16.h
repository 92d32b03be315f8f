/* SPDX-License-Identifier: MIT */
/*
 * src/q16/turret_search_q16.h: what the Q16.16 turret aims' launch-time
 * scan (turret_search_q16.c) shares with the searches along one branch
 * (turret_descent_q16.c) and the evaluation of the shots at one launch
 * time (turret_sample_q16.c). Internal.
 */
#ifndef AIMFIX_SRC_Q16_TURRET_SEARCH_Q16_H
#define AIMFIX_SRC_Q16_TURRET_SEARCH_Q16_H

#include "aimfix/turret.h"

#include "accel_q16.h"
#include "turret_q16.h"

struct qsample {
    fix16_t L;
    int n;
    fix16_t f[AF_MAX_SHOTS];
    af_status st[AF_MAX_SHOTS];
    int late[AF_MAX_SHOTS];
    af_turret_command_q16 cmd[AF_MAX_SHOTS];
    fix16_t yaw[AF_MAX_SHOTS], pitch[AF_MAX_SHOTS]; /* unlimited: the next sample's start */
};

/* Folds a search keeps, at most. */
#define AFQ_TURRET_MAX_FOLDS 4

/* A fold seen by the scan (the branch count changes between two samples
 * one step apart, where two neighbouring roots meet or the rounding
 * decides whether they exist): the launches [lo, hi] its shots may have
 * (its cell, and the next one towards the fold when the pair comes from
 * the cell's end) and the span in flight and angles of its pair (the
 * closest neighbours on the side that has more, there and at that end):
 * a fold's shots between a pair and the fold lie between the two. */
struct qfold {
    fix16_t lo, hi;
    fix16_t f[2], yaw[2], pitch[2];
};

struct qaim {
    const af_turret_q16 *t;
    const af_body_accel_q16 *target;
    const afq_turret_solver_q16 *solver;
    afi_head_q16 head;
    int evals;
    int accelerates;
    int beyond_q16;   /* some launch time had the scene leave Q16.16 */
    int engine_limit; /* some launch time's shots all broke the engine's cap */
    struct qsample before; /* the sample before the left end of the pair scanned */
    int have_before;
    /* Per branch: the launch at a cell's end where it last became in
     * time, and the impact of its first in-time launch (INT64_MIN: none). */
    fix16_t first_at[AF_MAX_SHOTS];
    int64_t first_impact[AF_MAX_SHOTS];
    int folds;
    struct qfold fold[AFQ_TURRET_MAX_FOLDS];
};

/* Shots evaluated by one aim at most, and candidates kept. */
#define AFQ_TURRET_EVAL_BUDGET 2048
#define AFQ_TURRET_MAX_CANDIDATES 16

struct qcandidate {
    fix16_t L, f;
    af_turret_command_q16 cmd;
};

static inline int afq_turret_in_time(const struct qsample *s, int i)
{
    return i < s->n && s->st[i] == AF_OK && !s->late[i];
}

static inline void afq_turret_add(struct qcandidate *list, int *count, const struct qsample *s,
                                  int i)
{
    if (*count < AFQ_TURRET_MAX_CANDIDATES) {
        list[*count].L = s->L;
        list[*count].f = s->f[i];
        list[*count].cmd = s->cmd[i];
        (*count)++;
    }
}

static inline int64_t afq_turret_impact(const struct qsample *s, int i)
{
    return (int64_t)s->L + s->f[i];
}

/* p + v * L, checked. */
static inline int afq_turret_advance(const af_vec3_q16 *p, const af_vec3_q16 *v, fix16_t L,
                                     af_vec3_q16 *out)
{
    af_vec3_q16 step;
    return af_vec3_scale_q16(v, L, &step) == AF_OK && af_vec3_add_q16(p, &step, out) == AF_OK;
}

/* A command angle's rounding: the heading's atan2 (half an LSB) of a
 * direction rounded to an LSB, the muzzle settled to 2 LSB of position. */
#define AFQ_TURRET_ANGLE_LSB 3
/* A flight's rounding, the loosest of the aims' (the drag aims': 2 LSB
 * plus 2^-27 of their speed equation's terms, as time 4 LSB plus 2^-26
 * of the flight). */
#define AFQ_TURRET_FLIGHT_LSB 4

/* A fold's spread, as a shift: where two branches meet, their roots (a
 * double root, fixed only to the square root of the aim's tolerance) and
 * the muzzle's settling come and go, so each branch ends early, at its
 * own launch; its copies were measured within 2^-8.5 of the flight in
 * flight, 113 LSB in angle and 58 LSB in launch. */
#define AFQ_TURRET_FOLD_SHIFT 7

/* Two shots are the same shot within the roundings when they point the
 * barrel the same way and meet the target at the same time: a pose and
 * an impact time fix the trajectory and the point met, hence the flight
 * and the launch. Each angle is within AFQ_TURRET_ANGLE_LSB of the exact
 * one, each flight within AFQ_TURRET_FLIGHT_LSB plus 2^-26 of itself,
 * each launch (an in-time edge moves with the slew) within the time the
 * slower axis turns through that angle plus the bisection's LSB: the two
 * within twice those. Or they are copies of one fold shot: angles within
 * 2^-AFQ_TURRET_FOLD_SHIFT rad, flights within that fraction of theirs,
 * launches within an eighth of it of the impact. turret_same_shot_q16.c. */
int afq_turret_same_shot_q16(const af_turret_q16 *t, fix16_t L1, fix16_t f1,
                             const af_turret_command_q16 *c1, fix16_t L2, fix16_t f2,
                             const af_turret_command_q16 *c2);

/* sa and sb, one step apart in the scan's cell from ca to cb, hold
 * different branch counts: a fold kept when the side with more has two
 * neighbouring shots within the limits. turret_same_shot_q16.c. */
void afq_turret_note_fold_q16(struct qaim *a, const struct qsample *ca, const struct qsample *cb,
                              const struct qsample *sa, const struct qsample *sb);

/* Two candidates are one fold's shots (the rounding deciding whether its
 * pair exists, the scan finds a branch end at each change): both
 * launched within a kept fold's launches (joined with those of folds it
 * overlaps) and both between its pair, within the roundings.
 * turret_same_shot_q16.c. */
int afq_turret_fold_shots_q16(const struct qaim *a, const struct qcandidate *c1,
                              const struct qcandidate *c2);

/* Branch i is out at `out` (late, beyond a limit, or gone), in time at
 * `in`: its in-time launch nearest out, to one LSB. turret_descent_q16.c. */
struct qsample afq_turret_edge_of_q16(struct qaim *a, struct qsample out, struct qsample in,
                                      int i);

/* `end` is where branch i stops being in time, `inner` a launch inside,
 * and end hits earlier: 1 when the impact turns just inside the end (the
 * probe there, in *probe, hits earlier still). turret_descent_q16.c. */
int afq_turret_turns_before_q16(struct qaim *a, const struct qsample *end,
                                const struct qsample *inner, int i, struct qsample *probe);

/* Branch i's impact is least at mid of lo, mid and hi: the launch in
 * between with the earliest impact joins the list. turret_descent_q16.c. */
void afq_turret_earliest_between_q16(struct qaim *a, struct qsample lo, struct qsample mid,
                                     struct qsample hi, int i, struct qcandidate *list,
                                     int *count);

/* Branch i of s is in time there and hits earlier the later it leaves.
 * turret_descent_q16.c. */
int afq_turret_falls_q16(const struct qaim *a, const struct qsample *s, int i);

/* The least impact past the first in-time launch `first` before `end`,
 * where the slope at first shows one. turret_descent_q16.c. */
void afq_turret_fall_after_q16(struct qaim *a, const struct qsample *first,
                               const struct qsample *end, int i, struct qcandidate *list,
                               int *count);

/* Some branch of s still hits earlier the later it is launched, and no
 * candidate impact comes before s. turret_descent_q16.c. */
int afq_turret_still_descending_q16(const struct qaim *a, const struct qsample *s,
                                    const struct qcandidate *list, int count);

/* The shots at launch time L into *s (hint: the sample before, whose
 * angles start each branch's muzzle iteration; NULL for none).
 * turret_sample_q16.c. */
void afq_turret_sample_q16(struct qaim *a, fix16_t L, struct qsample *s,
                           const struct qsample *hint);

#endif /* AIMFIX_SRC_Q16_TURRET_SEARCH_Q16_H */
