/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16: the farthest landing on a level at a given
 * speed. As af_qdrag_max_range_f64, but over the launch velocity's upward
 * part vz (raw units, the horizontal part sqrt(speed^2 - vz^2) exact to
 * the rounding). The range is signed, along the heading. When the vertical
 * shot's apex falls short of the level, a golden section finds the vz of
 * the highest apex (tilted downwind in a tail wind) and the band of vz
 * that reaches the level lies around it; each end of the band by halving,
 * then a golden section over the band until the interval is 2 raw units
 * (at most AF_QDRAG_RANGE_ITER steps), the ends tried too.
 *
 * As in f64, a stepped model's launches whose first step folds are
 * refused: the fold measure is a sinusoid of the elevation, so the folding
 * vz are one interval around its peak or the ends around its trough, their
 * edges halved on the engine's fold test; each piece left is searched.
 */
#include <string.h>

#include "../../core/q16_internal.h"
#include "qdrag_q16.h"

typedef struct range_pb {
    const af_qdrag_q16 *m;
    af_vec3_q16 up, side; /* unit vectors: up, the heading's horizontal part */
    fix16_t speed, height;
    int stepped; /* the continuous kind's launches are never refused */
} range_pb;

/* The launch velocity whose upward part is vz, and its horizontal part. */
static af_status launch(const range_pb *pb, fix16_t vz, af_body_q16 *b, fix16_t *h)
{
    uint64_t s2 = (uint64_t)pb->speed * (uint64_t)pb->speed;
    uint64_t z2 = (uint64_t)((int64_t)vz * vz);
    af_vec3_q16 a;
    af_status st;
    *h = (fix16_t)af_sqrt_u64(s2 - z2);
    memset(&b->position, 0, sizeof b->position);
    st = af_vec3_scale_q16(&pb->side, *h, &a);
    if (st == AF_OK)
        st = afq_qd_add_scaled(&a, &pb->up, vz, &b->velocity);
    return st;
}

/* Whether the first engine step of the launch at vz folds (a first step
 * that fails is left to the flight, which reports it). */
static int folds_at(const range_pb *pb, fix16_t vz)
{
    af_body_q16 b;
    afq_qd_frac fr;
    afq_qd_drag dr;
    fix16_t h;
    if (!pb->stepped || launch(pb, vz, &b, &h) != AF_OK)
        return 0;
    memset(&fr, 0, sizeof fr);
    return afq_qd_step(pb->m, &b, &fr, &dr) == AF_OK && afq_qd_folds(pb->m, &dr);
}

/* The apex height of the shot at vz, INT32_MIN when it fails. */
static af_status apex_of(const range_pb *pb, fix16_t vz, fix16_t *height)
{
    af_body_q16 b;
    af_drag_event_q16 e;
    fix16_t h;
    af_status st = launch(pb, vz, &b, &h);
    if (st == AF_OK)
        st = af_qdrag_apex_q16(pb->m, &b, &e);
    *height = st == AF_OK ? e.height : INT32_MIN;
    return st;
}

/* Whether the apex of the shot at vz reaches the level. */
static af_status reaches(const range_pb *pb, fix16_t vz, int *yes)
{
    fix16_t top;
    af_status st = apex_of(pb, vz, &top);
    *yes = st == AF_OK && top >= pb->height;
    return st;
}

/* The signed range along the heading of the shot at vz, INT32_MIN when it
 * does not come down on the level (other failures through the status). */
static af_status range_of(const range_pb *pb, fix16_t vz, fix16_t *range, fix16_t *t)
{
    af_body_q16 b;
    af_drag_event_q16 e;
    int64_t along;
    fix16_t h;
    af_status st = launch(pb, vz, &b, &h);
    *range = INT32_MIN;
    *t = 0;
    /* A fold the pieces missed (their centre is estimated) is refused too. */
    if (st == AF_OK && folds_at(pb, vz))
        return AF_OK;
    if (st == AF_OK)
        st = af_qdrag_time_at_height_q16(pb->m, &b, pb->height, AF_FALLING, &e);
    if (st == AF_ERR_NO_SOLUTION)
        return AF_OK;
    if (st == AF_OK)
        st = af_vec3_dot_q16(&e.state.position, &pb->side, &along);
    if (st == AF_OK)
        st = af_round_q32_q16(along, range);
    if (st == AF_OK)
        *t = e.t;
    else
        *range = INT32_MIN;
    return st;
}

/* 0.381966 of the interval [lo, hi] (which may span 2^32 raw units). */
static fix16_t golden(fix16_t lo, fix16_t hi)
{
    return (fix16_t)((((int64_t)hi - lo) * 25033) >> 16);
}

/* The vz in [lo, hi] whose apex is highest, by golden section (the apex
 * rises towards the launch that meets the wind and falls past it). */
static af_status highest_apex(const range_pb *pb, fix16_t lo, fix16_t hi, fix16_t *top)
{
    fix16_t a = lo + golden(lo, hi), b = hi - golden(lo, hi), ha, hb = INT32_MIN;
    int i;
    af_status st = apex_of(pb, a, &ha);
    if (st == AF_OK)
        st = apex_of(pb, b, &hb);
    for (i = 0; st == AF_OK && i < AF_QDRAG_RANGE_ITER && (int64_t)b - a > 1; i++) {
        if (ha >= hb) {
            hi = b;
            b = a;
            hb = ha;
            a = lo + golden(lo, hi);
            st = apex_of(pb, a, &ha);
        } else {
            lo = a;
            a = b;
            ha = hb;
            b = hi - golden(lo, hi);
            st = apex_of(pb, b, &hb);
        }
    }
    *top = ha >= hb ? a : b;
    return st;
}

/* The end of the band of vz whose apex reaches the level, between `out`
 * (which does not) and `in` (which does), by halving to one raw unit. */
static af_status band_end(const range_pb *pb, fix16_t out, fix16_t in, fix16_t *end)
{
    int yes;
    *end = in;
    while ((in > out ? (int64_t)in - out : (int64_t)out - in) > 1) {
        fix16_t m = (fix16_t)(out + ((int64_t)in - out) / 2);
        af_status st = reaches(pb, m, &yes);
        if (yes)
            in = m;
        else if (st != AF_OK)
            return st;
        else
            out = m;
    }
    *end = in;
    return AF_OK;
}

/* One candidate: kept when farther than the best. */
typedef struct best {
    fix16_t range, t, vz;
} best;

static af_status try_vz(const range_pb *pb, fix16_t vz, best *b, fix16_t *r)
{
    fix16_t t;
    af_status st = range_of(pb, vz, r, &t);
    if (st == AF_OK && *r > b->range) {
        b->range = *r;
        b->t = t;
        b->vz = vz;
    }
    return st;
}

/* The launch next to the fold edge between `ok` (which does not fold)
 * and `bad` (which does), by halving to one raw unit. */
static fix16_t fold_edge(const range_pb *pb, fix16_t ok, fix16_t bad)
{
    while ((ok > bad ? (int64_t)ok - bad : (int64_t)bad - ok) > 1) {
        fix16_t m = (fix16_t)(ok + ((int64_t)bad - ok) / 2);
        if (folds_at(pb, m))
            bad = m;
        else
            ok = m;
    }
    return ok;
}

/* The first step's air speed squared, s^2 + |q|^2 + 2 s (cos e A + sin e B)
 * (q = g dt - w, or -w drag first; A = side.q, B = up.q): the vz in
 * [lo, hi] where it peaks (*peak = 1, when A >= 0) or bottoms. */
static fix16_t fold_center(const range_pb *pb, const af_qdrag_q16 *drag, fix16_t lo, fix16_t hi,
                           int *peak)
{
    const fix16_t g[3] = { drag->gravity.x, drag->gravity.y, drag->gravity.z },
                  w[3] = { drag->wind.x, drag->wind.y, drag->wind.z },
                  side[3] = { pb->side.x, pb->side.y, pb->side.z },
                  up[3] = { pb->up.x, pb->up.y, pb->up.z };
    int64_t a = 0, b = 0, c, gf = drag->order == AF_QDRAG_GRAVITY_FIRST;
    uint64_t m;
    int i;
    for (i = 0; i < 3; i++) {
        int64_t q = gf * g[i] * drag->dt / 65536 - w[i];
        a += (int64_t)side[i] * q;
        b += (int64_t)up[i] * q;
    }
    /* Halved below 2^30, so that a^2 + b^2 fits: only their ratio counts. */
    for (i = 0; i < 40 && (afi_abs64(a) | afi_abs64(b)) >= ((uint64_t)1 << 30); i++) {
        a /= 2;
        b /= 2;
    }
    m = af_sqrt_u64((uint64_t)(a * a) + (uint64_t)(b * b));
    *peak = a >= 0;
    if (m == 0)
        return hi;
    c = (*peak ? b : -b) * (int64_t)pb->speed / (int64_t)m;
    return (fix16_t)(c < lo ? lo : c > hi ? hi : c);
}

/* The vz in [lo, hi] whose launch's first step does not fold, as up to
 * two intervals into piece; their count. */
static int unfolded(const range_pb *pb, const af_qdrag_q16 *drag, fix16_t lo, fix16_t hi,
                    fix16_t piece[2][2])
{
    int peak, n = 0;
    fix16_t c;
    piece[0][0] = lo;
    piece[0][1] = hi;
    if (!pb->stepped)
        return 1;
    c = fold_center(pb, drag, lo, hi, &peak);
    if (peak) {
        if (!folds_at(pb, c))
            return 1;
        if (!folds_at(pb, lo)) {
            piece[n][0] = lo;
            piece[n][1] = fold_edge(pb, lo, c);
            n++;
        }
        if (!folds_at(pb, hi)) {
            piece[n][0] = fold_edge(pb, hi, c);
            piece[n][1] = hi;
            n++;
        }
        return n;
    }
    if (folds_at(pb, c))
        return 0;
    piece[0][0] = folds_at(pb, lo) ? fold_edge(pb, c, lo) : lo;
    piece[0][1] = folds_at(pb, hi) ? fold_edge(pb, c, hi) : hi;
    return 1;
}

/* The farthest landing from the vz in [lo, hi] into *bs (kept when
 * farther than it already is). */
static af_status search(const range_pb *pb, fix16_t lo, fix16_t hi, best *bs)
{
    fix16_t a, b, ra, rb;
    af_status st;
    int yes, i;
    st = reaches(pb, hi, &yes);
    if (!yes) {
        /* The highest launch falls short: only a shot tilted downwind can
         * climb higher, and the band that reaches the level lies around it. */
        fix16_t top;
        if (st != AF_OK)
            return st;
        st = highest_apex(pb, lo, hi, &top);
        if (st == AF_OK)
            st = reaches(pb, top, &yes);
        if (st != AF_OK)
            return st;
        if (!yes)
            return AF_ERR_NO_SOLUTION;
        st = band_end(pb, hi, top, &hi);
        if (st == AF_OK && pb->height > 0)
            st = band_end(pb, lo, top, &lo);
        if (st != AF_OK)
            return st;
    } else if (pb->height > 0) {
        /* The lowest vz whose apex reaches the level. */
        st = band_end(pb, lo, hi, &lo);
        if (st != AF_OK)
            return st;
    }
    st = try_vz(pb, lo, bs, &ra);
    if (st == AF_OK)
        st = try_vz(pb, hi, bs, &ra);
    /* Golden section: 0.381966 of the interval in from each end. */
    a = lo + golden(lo, hi);
    b = hi - golden(lo, hi);
    if (st == AF_OK)
        st = try_vz(pb, a, bs, &ra);
    if (st == AF_OK)
        st = try_vz(pb, b, bs, &rb);
    for (i = 0; st == AF_OK && i < AF_QDRAG_RANGE_ITER && (int64_t)b - a > 1; i++) {
        if (ra >= rb) {
            hi = b;
            b = a;
            rb = ra;
            a = lo + golden(lo, hi);
            st = try_vz(pb, a, bs, &ra);
        } else {
            lo = a;
            a = b;
            ra = rb;
            b = hi - golden(lo, hi);
            st = try_vz(pb, b, bs, &rb);
        }
    }
    return st;
}

af_status af_qdrag_max_range_q16(const af_qdrag_q16 *drag, fix16_t speed, fix16_t height,
                                 const af_vec3_q16 *heading, af_range_q16 *out)
{
    range_pb pb;
    af_qdrag_q16 model;
    best bs;
    af_vec3_q16 ng, hd;
    int64_t hu;
    fix16_t lo, hs, t, piece[2][2];
    af_status st;
    int i, j, n;
    af_body_q16 unused;
    const af_vec3_q16 zero = { 0, 0, 0 };

    if (!out)
        return AF_ERR_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!heading || speed <= 0 ||
        !afq_qd_prepare(drag, (int64_t)speed + afq_qd_speed_of(drag, &zero), &model) ||
        (drag->gravity.x == 0 && drag->gravity.y == 0 && drag->gravity.z == 0) ||
        drag->gravity.x == INT32_MIN || drag->gravity.y == INT32_MIN ||
        drag->gravity.z == INT32_MIN)
        return AF_ERR_BAD_ARGUMENT;
    /* One step for every launch: the continuous kind's from the speed plus the wind. */
    pb.m = &model;
    pb.speed = speed;
    pb.height = height;
    pb.stepped = drag->kind == AF_DRAG_KIND_STEPPED;
    st = af_vec3_scale_q16(&drag->gravity, -65536, &ng);
    if (st == AF_OK)
        st = af_vec3_normalize_q16(&ng, &pb.up);
    /* Doubled up to 0.5 long: a heading of a few raw units cannot spare
     * its part along up rounded to one raw unit. */
    hd = *heading;
    for (i = 0; st == AF_OK && i < 32 && af_vec3_len2_q16(&hd) < ((uint64_t)1 << 30); i++)
        st = af_vec3_scale_q16(&hd, 2 * 65536, &hd);
    /* Its part along up removed twice, the second time from the unit side:
     * up's rounded length leaves |h.up| (1 - |up|^2) along up, 2^-10 rad of
     * the side of a heading 256 times longer than it. */
    for (j = 0; st == AF_OK && j < 2; j++) {
        st = af_vec3_dot_q16(&hd, &pb.up, &hu);
        if (st == AF_OK)
            st = af_round_q32_q16(hu, &hs);
        if (st == AF_OK && j > 0 && hs >= -1 && hs <= 1)
            break; /* one raw unit is the unit side's own rounding */
        /* Scaled rather than negated: hs may be -32768. */
        if (st == AF_OK)
            st = af_vec3_scale_q16(&pb.up, hs, &ng);
        if (st == AF_OK)
            st = af_vec3_sub_q16(&hd, &ng, &pb.side);
        /* A heading whose horizontal part is below 2^-20 of it is vertical. */
        if (st != AF_OK || af_vec3_len2_q16(&pb.side) <= (af_vec3_len2_q16(&hd) >> 40) ||
            af_vec3_normalize_q16(&pb.side, &hd) != AF_OK)
            return AF_ERR_BAD_ARGUMENT;
    }
    pb.side = hd;

    lo = height < 0 ? -speed : 0;
    memset(&bs, 0, sizeof bs);
    bs.range = INT32_MIN;
    n = unfolded(&pb, drag, lo, speed, piece);
    for (i = 0; i < n; i++) {
        st = search(&pb, piece[i][0], piece[i][1], &bs);
        if (st != AF_OK && st != AF_ERR_NO_SOLUTION)
            return st;
    }
    if (bs.range == INT32_MIN) {
        /* Refused launches might have landed: the engine's rule, not the level, failed. */
        int whole = n == 1 && piece[0][0] == lo && piece[0][1] == speed;
        return whole ? AF_ERR_NO_SOLUTION : AF_ERR_ENGINE_LIMIT;
    }
    st = launch(&pb, bs.vz, &unused, &t);
    if (st != AF_OK)
        return st;
    out->range = bs.range;
    out->t = bs.t;
    out->horizontal_speed = t;
    out->vertical_speed = bs.vz;
    return AF_OK;
}
