/* SPDX-License-Identifier: MIT */
/*
 * Same bits everywhere, for the Q16 turret aims: af_turret_aim_q16,
 * af_turret_aim_accel_q16, af_turret_aim_drag_q16,
 * af_turret_aim_qdrag_q16, af_turret_aim_drag_accel_q16 and
 * af_turret_aim_qdrag_accel_q16 run on a fixed set of
 * turrets and targets drawn with integer arithmetic, each answer's status,
 * count and every shot's command, times and impact point hashed into one
 * 64-bit number that must equal the one recorded here, on the host (any
 * compiler and level) and on every board. A suite of its own, beside
 * suite_determinism_q16: each turret solve is many fixed-speed solves, so
 * it hashes fewer of them, and the boards whose flash is tight link the
 * turret code only here.
 *
 * After an intended change of results, run this suite from a clean host
 * build once the other suites pass and record the hash it prints; each
 * row's own hash is printed too.
 */
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "port.h"
#include "q16_determinism.h"

/* Solves per row: enough to pass every branch of the search (folds,
 * bisections, the descent of an accelerating target) many times. */
#define TURRET_SOLVES 64
/* The quadratic drag aim steps whole flights at every launch time the
 * search tries: each solve costs hundreds of times a vacuum aim's. */
#define QDRAG_SOLVES 4
#define QDRAG_ACCEL_SOLVES 8
#define RECORDED_HASH UINT64_C(0x6f960253ddabf32b)

#define ONE 65536
#define ROWS 6

/* Uniform raw value in [lo, hi], integers only. */
static int32_t draw(th_rng *rng, int32_t lo, int32_t hi)
{
    return lo + (int32_t)th_rand_below(rng, (uint32_t)((int64_t)hi - lo + 1));
}

/*
 * A turret and a target, raw:
 *   v[0..2] pivot, [3..4] forward (x, y; up is z), [5..6] yaw limits,
 *   [7..8] pitch limits, [9..10] muzzle along and above the barrel,
 *   [11..12] current yaw and pitch, [13..14] yaw and pitch rates,
 *   [15] latency, [16] speed, [17] flags, [18..20] the platform's
 *   velocity (the accelerating row: the target's acceleration; the drag
 *   row: damping, step and preset; the quadratic drag rows: k, step and
 *   kind or order), [21..26] target position and velocity, [27] gravity
 *   along z, [28..30] the accelerating drag rows' target acceleration.
 * Targets 5 to 200 m away, slower than half the muzzle speed; every other
 * solve a lob under 4 to 20 m/s^2; a third of the yaws wrapping, a
 * quarter turning at one rate.
 */
static void turret_make(th_rng *rng, long i, qs_in *in)
{
    int32_t *v = in->v, speed = draw(rng, 20 * ONE, 120 * ONE), dist;
    unsigned flags = 0;
    int k;
    memset(in, 0, sizeof *in);
    for (k = 0; k < 3; k++)
        v[k] = draw(rng, -100 * ONE, 100 * ONE);
    v[3] = draw(rng, -ONE, ONE);
    v[4] = draw(rng, -ONE, ONE);
    if (v[3] == 0 && v[4] == 0)
        v[3] = ONE;
    v[11] = draw(rng, -2 * ONE, 2 * ONE);
    v[5] = v[11] - draw(rng, 2 * ONE, 4 * ONE);
    v[6] = v[11] + draw(rng, 2 * ONE, 4 * ONE);
    v[12] = draw(rng, -ONE / 2, ONE);
    v[7] = v[12] - draw(rng, ONE / 4, ONE);
    v[8] = v[12] + draw(rng, ONE / 4, ONE);
    if (v[7] < -102943)
        v[7] = -102943;
    if (v[8] > 102943)
        v[8] = 102943;
    v[9] = draw(rng, 0, 2 * ONE);
    v[10] = draw(rng, -ONE / 4, ONE / 4);
    v[13] = draw(rng, ONE / 4, 4 * ONE);
    v[14] = draw(rng, ONE / 4, 4 * ONE);
    v[15] = draw(rng, 0, ONE);
    v[16] = speed;
    if (th_rand_below(rng, 3) == 0)
        flags |= AF_TURRET_YAW_WRAPS;
    if (th_rand_below(rng, 4) == 0)
        flags |= AF_TURRET_ONE_RATE;
    if (th_rand_below(rng, 2) == 0) {
        flags |= AF_INHERIT_VELOCITY;
        v[18] = draw(rng, -speed / 10, speed / 10);
        v[19] = draw(rng, -speed / 10, speed / 10);
    }
    v[17] = (int32_t)flags;
    dist = draw(rng, 5 * ONE, 200 * ONE);
    v[21] = v[0] + (int32_t)((int64_t)dist * draw(rng, -ONE, ONE) / ONE);
    v[22] = v[1] + (int32_t)((int64_t)dist * draw(rng, -ONE, ONE) / ONE);
    v[23] = v[2] + draw(rng, -20 * ONE, 10 * ONE);
    for (k = 24; k < 27; k++)
        v[k] = draw(rng, -speed / 4, speed / 4);
    v[27] = (i & 1) ? -draw(rng, 4 * ONE, 20 * ONE) : 0;
}

static void turret_of(const qs_in *in, af_turret_q16 *t, af_body_q16 *target, af_vec3_q16 *g)
{
    const int32_t *v = in->v;
    memset(t, 0, sizeof *t);
    t->pivot.x = v[0];
    t->pivot.y = v[1];
    t->pivot.z = v[2];
    t->up.z = ONE;
    t->forward.x = v[3];
    t->forward.y = v[4];
    t->yaw_min = v[5];
    t->yaw_max = v[6];
    t->pitch_min = v[7];
    t->pitch_max = v[8];
    t->muzzle_forward = v[9];
    t->muzzle_up = v[10];
    t->yaw = v[11];
    t->pitch = v[12];
    t->yaw_rate = v[13];
    t->pitch_rate = v[14];
    t->latency = v[15];
    t->speed = v[16];
    t->flags = (unsigned)v[17];
    t->velocity.x = v[18];
    t->velocity.y = v[19];
    t->velocity.z = v[20];
    target->position.x = v[21];
    target->position.y = v[22];
    target->position.z = v[23];
    target->velocity.x = v[24];
    target->velocity.y = v[25];
    target->velocity.z = v[26];
    g->x = g->y = 0;
    g->z = v[27];
}

/* The count, then per shot yaw, pitch, launch, flight and impact point
 * (every shot slot, unused ones zero). */
static void flat(af_status st, const af_turret_shots_q16 *s, qs_out_q16 *out)
{
    int k, n = 0;
    out->status = st;
    out->v[n++] = s->count;
    for (k = 0; k < AF_MAX_SHOTS; k++) {
        out->v[n++] = s->shot[k].yaw;
        out->v[n++] = s->shot[k].pitch;
        out->v[n++] = s->shot[k].launch;
        out->v[n++] = s->shot[k].flight;
        out->v[n++] = s->shot[k].point.x;
        out->v[n++] = s->shot[k].point.y;
        out->v[n++] = s->shot[k].point.z;
    }
    out->n = n;
}

static void aim_q16(const qs_in *in, qs_out_q16 *out)
{
    af_turret_q16 t;
    af_body_q16 target;
    af_vec3_q16 g;
    af_turret_shots_q16 s;
    turret_of(in, &t, &target, &g);
    flat(af_turret_aim_q16(&t, &target, &g, &s), &s, out);
}

/* The rows but the first: the turret standing still (the platform's
 * velocity left out). */
static void still_turret_of(const qs_in *in, af_turret_q16 *t, af_body_q16 *target,
                            af_vec3_q16 *g)
{
    turret_of(in, t, target, g);
    t->velocity.x = t->velocity.y = t->velocity.z = 0;
}

static void accel_make(th_rng *rng, long i, qs_in *in)
{
    turret_make(rng, i, in);
    in->v[17] &= ~(int32_t)AF_INHERIT_VELOCITY;
    in->v[18] = draw(rng, -10 * ONE, 10 * ONE);
    in->v[19] = draw(rng, -10 * ONE, 10 * ONE);
    in->v[20] = draw(rng, -10 * ONE, 10 * ONE);
}

static void accel_q16(const qs_in *in, qs_out_q16 *out)
{
    af_turret_q16 t;
    af_body_q16 target;
    af_body_accel_q16 b;
    af_vec3_q16 g;
    af_turret_shots_q16 s;
    still_turret_of(in, &t, &target, &g);
    b.position = target.position;
    b.velocity = target.velocity;
    b.acceleration.x = in->v[18];
    b.acceleration.y = in->v[19];
    b.acceleration.z = in->v[20];
    flat(af_turret_aim_accel_q16(&t, &b, &g, &s), &s, out);
}

/* The drag row: lobs under every engine preset, 30 to 120 steps a
 * second, damping 0.01 to 0.125 (within every preset's domain), flights
 * to 10 s. */
static void drag_make(th_rng *rng, long i, qs_in *in)
{
    turret_make(rng, i | 1, in);
    in->v[17] &= ~(int32_t)AF_INHERIT_VELOCITY;
    in->v[18] = draw(rng, 655, ONE / 8);
    in->v[19] = draw(rng, 546, 2185);
    in->v[20] = (int32_t)(i % 9);
}

/* The drag row's scenes with the target accelerating by up to 4 m/s^2
 * along each axis. */
static void drag_accel_make(th_rng *rng, long i, qs_in *in)
{
    drag_make(rng, i, in);
    in->v[28] = draw(rng, -4 * ONE, 4 * ONE);
    in->v[29] = draw(rng, -4 * ONE, 4 * ONE);
    in->v[30] = draw(rng, -4 * ONE, 4 * ONE);
}

static af_body_accel_q16 accelerating(const qs_in *in, const af_body_q16 *target)
{
    af_body_accel_q16 b;
    b.position = target->position;
    b.velocity = target->velocity;
    b.acceleration.x = in->v[28];
    b.acceleration.y = in->v[29];
    b.acceleration.z = in->v[30];
    return b;
}

/* The drag rows' aim: the engine preset of v[20] (Chipmunk's kept
 * fraction 1 - v[18]) at step v[19], at the target or, with accel, at it
 * accelerating; a model refused is the row's answer. */
static void drag_aim(const qs_in *in, int accel, qs_out_q16 *out)
{
    af_turret_q16 t;
    af_body_q16 target;
    af_vec3_q16 g;
    af_drag_q16 m;
    af_turret_shots_q16 s;
    af_status st;
    still_turret_of(in, &t, &target, &g);
    st = af_drag_init_q16((af_drag_model)in->v[20],
                          in->v[20] == AF_DRAG_CHIPMUNK ? ONE - in->v[18] : in->v[18], in->v[19],
                          &g, NULL, &m);
    if (st != AF_OK) {
        memset(&s, 0, sizeof s);
        flat(st, &s, out);
        return;
    }
    if (accel) {
        af_body_accel_q16 b = accelerating(in, &target);
        st = af_turret_aim_drag_accel_q16(&t, &m, &b, 10 * ONE, &s);
    } else {
        st = af_turret_aim_drag_q16(&t, &m, &target, 10 * ONE, &s);
    }
    flat(st, &s, out);
}

static void drag_q16(const qs_in *in, qs_out_q16 *out)
{
    drag_aim(in, 0, out);
}

/* The quadratic drag row: lobs under k 1/2048 to 1/128 /m, stepped at 30
 * to 120 steps a second with either order, or continuous; flights to
 * 4 s. */
static void qdrag_make(th_rng *rng, long i, qs_in *in)
{
    turret_make(rng, i | 1, in);
    in->v[17] &= ~(int32_t)AF_INHERIT_VELOCITY;
    in->v[18] = draw(rng, 32, 512);
    in->v[19] = draw(rng, 546, 2185);
    in->v[20] = (int32_t)((i / 2) % 3);
}

/* The quadratic drag rows' model: k v[18], stepped at v[19] gravity
 * first (v[20] 0), drag first (1), or continuous (2); no wind, no linear
 * term. */
static af_qdrag_q16 qdrag_model_of(const qs_in *in, const af_vec3_q16 *g)
{
    af_qdrag_q16 m;
    memset(&m, 0, sizeof m);
    m.kind = in->v[20] == 2 ? AF_DRAG_KIND_CONTINUOUS : AF_DRAG_KIND_STEPPED;
    m.gravity = *g;
    m.k = in->v[18];
    m.dt = in->v[20] == 2 ? 0 : in->v[19];
    m.order = in->v[20] == 1 ? AF_QDRAG_DRAG_FIRST : AF_QDRAG_GRAVITY_FIRST;
    return m;
}

static void qdrag_q16(const qs_in *in, qs_out_q16 *out)
{
    af_turret_q16 t;
    af_body_q16 target;
    af_vec3_q16 g;
    af_qdrag_q16 m;
    af_turret_shots_q16 s;
    still_turret_of(in, &t, &target, &g);
    m = qdrag_model_of(in, &g);
    flat(af_turret_aim_qdrag_q16(&t, &m, &target, 4 * ONE, &s), &s, out);
}

static void drag_accel_q16(const qs_in *in, qs_out_q16 *out)
{
    drag_aim(in, 1, out);
}

/* The quadratic drag row: stepped lobs (either order) at 30 to 120 steps
 * a second, k 0.0005 to 0.004 /m, targets accelerating by up to 4 m/s^2
 * along each axis, flights to 4 s. */
static void qdrag_accel_make(th_rng *rng, long i, qs_in *in)
{
    drag_accel_make(rng, i, in);
    in->v[18] = draw(rng, 33, 262);
    in->v[20] = (int32_t)(i % 2);
}

static void qdrag_accel_q16(const qs_in *in, qs_out_q16 *out)
{
    af_turret_q16 t;
    af_body_q16 target;
    af_vec3_q16 g;
    af_body_accel_q16 b;
    af_qdrag_q16 m;
    af_turret_shots_q16 s;
    still_turret_of(in, &t, &target, &g);
    b = accelerating(in, &target);
    m = qdrag_model_of(in, &g);
    flat(af_turret_aim_qdrag_accel_q16(&t, &m, &b, 4 * ONE, &s), &s, out);
}

static const qs_solver rows[ROWS] = {
    { "turret_aim", NULL, NULL, turret_make, aim_q16, NULL, 0.0 },
    { "turret_aim_accel", NULL, NULL, accel_make, accel_q16, NULL, 0.0 },
    { "turret_aim_drag", NULL, NULL, drag_make, drag_q16, NULL, 0.0 },
    { "turret_aim_qdrag", NULL, NULL, qdrag_make, qdrag_q16, NULL, 0.0 },
    { "turret_drag_accel", NULL, NULL, drag_accel_make, drag_accel_q16, NULL, 0.0 },
    { "turret_qdrag_accel", NULL, NULL, qdrag_accel_make, qdrag_accel_q16, NULL, 0.0 },
};

static long solves_of(int r)
{
    if (strcmp(rows[r].name, "turret_aim_qdrag") == 0)
        return QDRAG_SOLVES;
    return strcmp(rows[r].name, "turret_qdrag_accel") == 0 ? QDRAG_ACCEL_SOLVES : TURRET_SOLVES;
}

static uint64_t total_of(const uint64_t *hashes)
{
    q16_hash h;
    int r;
    q16_hash_init(&h);
    for (r = 0; r < ROWS; r++)
        q16_hash_u64(&h, hashes[r]);
    return h.state;
}

static void same_hash_as_the_recorded_build(void)
{
    uint64_t hashes[ROWS], total;
    char hex[19], want[19];
    long all = 0;
    int r;
    for (r = 0; r < ROWS; r++) {
        long st[QD_STATUS_KINDS] = { 0 };
        qd_cost cost = { 0, 0 };
        long n = solves_of(r);
        all += n;
        hashes[r] = qd_row_hash(&rows[r], n, NULL, st, &cost);
        th_note("%-18s %ld solves: %ld ok, %ld no_solution; hash %s; cost mean %lu, worst %lu %s",
                rows[r].name, n, st[0], st[2], q16_hash_hex(hashes[r], hex),
                (unsigned long)(cost.total / (unsigned long)n), (unsigned long)cost.worst,
                port_counter_unit());
        /* The inputs exercise the aims, not their refusals: a third of
         * them at least find shots. */
        TH_CHECK(3 * st[0] >= n, "%s: only %ld of %ld solves are ok", rows[r].name, st[0], n);
    }
    total = total_of(hashes);
    th_note("hash of %ld turret solves: %s", all, q16_hash_hex(total, hex));
    TH_CHECK(total == RECORDED_HASH, "hash %s, recorded %s", hex,
             q16_hash_hex(RECORDED_HASH, want));
}

/* The check above can fail: one result bit flipped in any row gives a
 * different total. */
static void one_flipped_bit_changes_the_hash(void)
{
    uint64_t hashes[ROWS], total;
    int r;
    for (r = 0; r < ROWS; r++)
        hashes[r] = qd_row_hash(&rows[r], solves_of(r), NULL, NULL, NULL);
    total = total_of(hashes);
    for (r = 0; r < ROWS; r++) {
        uint64_t kept = hashes[r];
        qd_flip f;
        f.solve = (17L * r + 5) % solves_of(r);
        f.value = 0; /* the count: every answer has it */
        f.bit = (7 * r + 2) % 32;
        hashes[r] = qd_row_hash(&rows[r], solves_of(r), &f, NULL, NULL);
        TH_CHECK(hashes[r] != kept && total_of(hashes) != total,
                 "%s: bit %d of solve %ld flipped, same hash", rows[r].name, f.bit, f.solve);
        hashes[r] = kept;
    }
}

static const th_case cases[] = {
    TH_CASE(same_hash_as_the_recorded_build),
    TH_CASE(one_flipped_bit_changes_the_hash),
};

TH_MAIN("turret_determinism", cases)
