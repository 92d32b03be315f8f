/* SPDX-License-Identifier: MIT */
/*
 * Whether two Q16.16 turret shots are one within the roundings
 * (turret_search_q16.h), integers only.
 */
#include "turret_search_q16.h"

/* A fold's copies (turret_search_q16.h): angles within 2^-7 rad, flights
 * within 2^-7 of the longer, launches within 2^-10 of the later impact,
 * each with its rounding. */
static int fold_copies(fix16_t L1, fix16_t f1, fix16_t L2, fix16_t f2, int64_t dy, int64_t dp)
{
    int64_t df = (int64_t)f1 - f2, dL = (int64_t)L1 - L2;
    int64_t f = f1 > f2 ? f1 : f2, I1 = (int64_t)L1 + f1, I2 = (int64_t)L2 + f2;
    int64_t I = I1 > I2 ? I1 : I2;
    df = df < 0 ? -df : df;
    dL = dL < 0 ? -dL : dL;
    return dy <= ((int64_t)1 << (16 - AFQ_TURRET_FOLD_SHIFT)) + 2 * AFQ_TURRET_ANGLE_LSB &&
           dp <= ((int64_t)1 << (16 - AFQ_TURRET_FOLD_SHIFT)) + 2 * AFQ_TURRET_ANGLE_LSB &&
           df <= (f >> AFQ_TURRET_FOLD_SHIFT) + 2 * AFQ_TURRET_FLIGHT_LSB &&
           dL <= (I >> (AFQ_TURRET_FOLD_SHIFT + 3)) + 2;
}

int afq_turret_same_shot_q16(const af_turret_q16 *t, fix16_t L1, fix16_t f1,
                             const af_turret_command_q16 *c1, fix16_t L2, fix16_t f2,
                             const af_turret_command_q16 *c2)
{
    int64_t dy = (int64_t)c1->yaw - c2->yaw, dp = (int64_t)c1->pitch - c2->pitch;
    int64_t dI = ((int64_t)L1 + f1) - ((int64_t)L2 + f2);
    int64_t flights = (int64_t)(f1 > 0 ? f1 : 0) + (f2 > 0 ? f2 : 0);
    int64_t rate = t->pitch_rate < t->yaw_rate ? t->pitch_rate : t->yaw_rate;
    int64_t slew = rate > 0 ? (((int64_t)AFQ_TURRET_ANGLE_LSB << 16) + rate - 1) / rate : 0;
    dy = dy < 0 ? -dy : dy;
    dp = dp < 0 ? -dp : dp;
    dI = dI < 0 ? -dI : dI;
    if (dy > AFI_TWO_PI_Q16 / 2)
        dy = AFI_TWO_PI_Q16 - dy; /* a yaw that wraps, either side of pi */
    if (dy <= 2 * AFQ_TURRET_ANGLE_LSB && dp <= 2 * AFQ_TURRET_ANGLE_LSB &&
        dI <= 2 * (AFQ_TURRET_FLIGHT_LSB + slew + 1) + (flights >> 26))
        return 1;
    return fold_copies(L1, f1, L2, f2, dy, dp);
}

/* Widens r's pair to take shots k and k + 1 of s, when both are within
 * the limits. */
static void take_pair(struct qfold *r, const struct qsample *s, int k)
{
    int j;
    if (k + 1 >= s->n || s->st[k] != AF_OK || s->st[k + 1] != AF_OK)
        return;
    for (j = k; j <= k + 1; j++) {
        r->f[0] = s->f[j] < r->f[0] ? s->f[j] : r->f[0];
        r->f[1] = s->f[j] > r->f[1] ? s->f[j] : r->f[1];
        r->yaw[0] = s->cmd[j].yaw < r->yaw[0] ? s->cmd[j].yaw : r->yaw[0];
        r->yaw[1] = s->cmd[j].yaw > r->yaw[1] ? s->cmd[j].yaw : r->yaw[1];
        r->pitch[0] = s->cmd[j].pitch < r->pitch[0] ? s->cmd[j].pitch : r->pitch[0];
        r->pitch[1] = s->cmd[j].pitch > r->pitch[1] ? s->cmd[j].pitch : r->pitch[1];
    }
}

static int overlap(const fix16_t *a, const fix16_t *b)
{
    return a[0] <= b[1] && b[0] <= a[1];
}

static void join(fix16_t *a, const fix16_t *b)
{
    a[0] = b[0] < a[0] ? b[0] : a[0];
    a[1] = b[1] > a[1] ? b[1] : a[1];
}

void afq_turret_note_fold_q16(struct qaim *a, const struct qsample *ca, const struct qsample *cb,
                              const struct qsample *sa, const struct qsample *sb)
{
    const struct qsample *s = sa->n > sb->n ? sa : sb, *end = ca->n == s->n ? ca : cb;
    struct qfold *r;
    int64_t gap = INT64_MAX;
    int k, best = -1;
    /* The pair that meets: the closest neighbours next to the change. */
    for (k = 0; k + 1 < s->n; k++) {
        int64_t g = (int64_t)s->f[k + 1] - s->f[k];
        g = g < 0 ? -g : g;
        if (s->st[k] == AF_OK && s->st[k + 1] == AF_OK && g < gap) {
            gap = g;
            best = k;
        }
    }
    if (best < 0 || a->folds >= AFQ_TURRET_MAX_FOLDS)
        return;
    r = &a->fold[a->folds];
    r->lo = ca->L;
    r->hi = cb->L;
    r->f[0] = r->f[1] = s->f[best];
    r->yaw[0] = r->yaw[1] = s->cmd[best].yaw;
    r->pitch[0] = r->pitch[1] = s->cmd[best].pitch;
    take_pair(r, s, best);
    /* The same pair at the cell's end with as many branches: the fold's
     * shots from there on lie between them, across the cell and the next
     * one, where the rounding may still find the pair. */
    if (end->n == s->n) {
        int64_t width = (int64_t)cb->L - ca->L;
        take_pair(r, end, best);
        if (end == ca)
            r->hi = (fix16_t)(cb->L + width < fix16_maximum ? cb->L + width : fix16_maximum);
        else
            r->lo = (fix16_t)(ca->L - width > 0 ? ca->L - width : 0);
    }
    /* The rounding's changes at one fold: one record. */
    for (k = 0; k < a->folds; k++) {
        struct qfold *o = &a->fold[k];
        if (o->lo == r->lo && o->hi == r->hi && overlap(o->f, r->f) && overlap(o->yaw, r->yaw) &&
            overlap(o->pitch, r->pitch)) {
            join(o->f, r->f);
            join(o->yaw, r->yaw);
            join(o->pitch, r->pitch);
            return;
        }
    }
    a->folds++;
}

/* v within [a, b] (either order) widened by `slack`. */
static int between(int64_t v, int64_t a, int64_t b, int64_t slack)
{
    return v >= (a < b ? a : b) - slack && v <= (a < b ? b : a) + slack;
}

static int on_fold(const struct qfold *r, const struct qcandidate *c)
{
    return between(c->f, r->f[0], r->f[1], 2 * AFQ_TURRET_FLIGHT_LSB) &&
           between(c->cmd.yaw, r->yaw[0], r->yaw[1], 2 * AFQ_TURRET_ANGLE_LSB) &&
           between(c->cmd.pitch, r->pitch[0], r->pitch[1], 2 * AFQ_TURRET_ANGLE_LSB);
}

int afq_turret_fold_shots_q16(const struct qaim *a, const struct qcandidate *c1,
                              const struct qcandidate *c2)
{
    int i, j, pass;
    for (i = 0; i < a->folds; i++) {
        const struct qfold *r = &a->fold[i];
        fix16_t lo = r->lo, hi = r->hi;
        if (!on_fold(r, c1) || !on_fold(r, c2))
            continue;
        /* A fold whose changes run on into the next cells: its pair
         * holds its shots there too. */
        for (pass = 0; pass < a->folds; pass++)
            for (j = 0; j < a->folds; j++) {
                if (a->fold[j].lo <= hi && a->fold[j].hi > hi)
                    hi = a->fold[j].hi;
                if (a->fold[j].hi >= lo && a->fold[j].lo < lo)
                    lo = a->fold[j].lo;
            }
        if (c1->L >= lo && c1->L <= hi && c2->L >= lo && c2->L <= hi)
            return 1;
    }
    return 0;
}
