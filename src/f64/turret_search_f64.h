/* SPDX-License-Identifier: MIT */
/*
 * src/f64/turret_search_f64.h: what the f64 turret aims' launch-time
 * search (turret_search_f64.c) shares with the shots at one launch time
 * (turret_sample_f64.c) and with the searches along a branch whose impact
 * falls as its launch time grows (turret_descent_f64.c). Internal.
 */
#ifndef AIMFIX_SRC_F64_TURRET_SEARCH_F64_H
#define AIMFIX_SRC_F64_TURRET_SEARCH_F64_H

#include "turret_f64.h"

/* Halvings of a cell where a branch becomes in time: 2^-52 of a cell is
 * below a double's resolution. */
#define AFR_TURRET_BISECT_STEPS 60
/* Launch times evaluated at most: the scan, the fold halvings, the
 * bisections; beyond it no cell is halved any more. */
#define AFR_TURRET_EVAL_BUDGET 8192
#define AFR_TURRET_MAX_CANDIDATES 16

struct sample {
    double L;
    int n;
    double f[AF_MAX_SHOTS];
    af_status st[AF_MAX_SHOTS];
    double e[AF_MAX_SHOTS];
    af_turret_command_f64 ang[AF_MAX_SHOTS];
};

struct search {
    const af_turret_f64 *turret;
    const afr_turret_flights_f64 *fn;
    afr_head_f64 head;
    int evals;
    struct sample before; /* the sample before the left end of the pair scanned */
    int have_before;
    /* Per branch, the sample at which it last became in time and the
     * impact of its first in-time launch before it. */
    double first_at[AF_MAX_SHOTS], first_impact[AF_MAX_SHOTS];
};

struct candidate {
    double L, f;
    af_turret_command_f64 ang;
};

static inline int afr_turret_in_time(const struct sample *s, int i)
{
    return i < s->n && s->st[i] == AF_OK && s->e[i] <= 0.0;
}

static inline double afr_turret_impact(const struct sample *s, int i)
{
    return s->L + s->f[i];
}

static inline void afr_turret_add(struct candidate *list, int *count, const struct sample *s, int i)
{
    if (*count < AFR_TURRET_MAX_CANDIDATES) {
        list[*count].L = s->L;
        list[*count].f = s->f[i];
        list[*count].ang = s->ang[i];
        (*count)++;
    }
}

/* The shots at launch time L into *s, one per branch of flights.
 * turret_sample_f64.c. */
void afr_turret_evaluate_f64(struct search *a, double L, struct sample *s);

/* The shot launched at L with the angles `ang` and flight f: its muzzle,
 * velocity and times (the point is the caller's). turret_sample_f64.c. */
const af_turret_shot_f64 *afr_turret_shot_at_f64(const struct search *a, double L, double f,
                                                 const af_turret_command_f64 *ang,
                                                 af_turret_shot_f64 *s);

/* Along each branch of sa in time: where a later launch stops hitting
 * earlier between sa and sb, or where the branch, newly in time at sa,
 * hits earliest around it. turret_descent_f64.c. */
void afr_turret_descend_f64(struct search *a, const struct sample *sa, const struct sample *sb,
                            struct candidate *list, int *count);

/* Branch i became in time at `first`, before the end of its cell: where
 * it hits earlier just after, the launch time of its earliest impact up
 * to the cell's end. turret_descent_f64.c. */
void afr_turret_fall_after_f64(struct search *a, const struct sample *first,
                               const struct sample *end, int i, struct candidate *list,
                               int *count);

/* Some branch of the last sample still hits earlier the later it is
 * launched, and no candidate impact comes before that launch time.
 * turret_descent_f64.c. */
int afr_turret_still_descending_f64(const struct search *a, const struct sample *s,
                                    const struct candidate *list, int count);

#endif /* AIMFIX_SRC_F64_TURRET_SEARCH_F64_H */
