/* SPDX-License-Identifier: MIT */
/*
 * Quadratic drag in Q16.16, stepped kind: the prediction is a Q16.16
 * engine's step loop (written here again from the header's statement) to
 * the last bit at whole steps, follows the f64 engine within the
 * roundings of its steps, and the apex is that engine's highest step.
 */
#include <math.h>
#include <string.h>

#include "aimfix.h"
#include "harness.h"
#include "qdrag_q16_check.h"

/* Rounding per step: each of the step's roundings is half an LSB of a
 * product; the position gathers those of every velocity before it, so a
 * bound of STEP_LSB LSB per step per step flown (n^2 / 2 growth). */
#define STEP_LSB 2.0

/* The header's step, in Q16.16: 0 on an overflow. */
static int q16_step(const af_qdrag_q16 *m, af_body_q16 *b)
{
    fix16_t ux = b->velocity.x, uy = b->velocity.y, uz = b->velocity.z, t, s, d;
    fix16_t *u[3];
    const fix16_t *g[3], *w[3];
    af_vec3_q16 r;
    int i, ok = 1;
    u[0] = &ux;
    u[1] = &uy;
    u[2] = &uz;
    g[0] = &m->gravity.x;
    g[1] = &m->gravity.y;
    g[2] = &m->gravity.z;
    w[0] = &m->wind.x;
    w[1] = &m->wind.y;
    w[2] = &m->wind.z;
    if (m->order == AF_QDRAG_GRAVITY_FIRST)
        for (i = 0; i < 3; i++)
            ok &= af_mul_q16(*g[i], m->dt, &t) == AF_OK && af_add_q16(*u[i], t, u[i]) == AF_OK;
    ok &= af_sub_q16(ux, *w[0], &r.x) == AF_OK && af_sub_q16(uy, *w[1], &r.y) == AF_OK &&
          af_sub_q16(uz, *w[2], &r.z) == AF_OK;
    ok &= af_vec3_len_q16(&r, &s) == AF_OK && af_mul_q16(m->k, s, &d) == AF_OK &&
          af_add_q16(d, m->c, &d) == AF_OK && af_mul_q16(d, m->dt, &d) == AF_OK;
    ok &= af_mul_q16(r.x, d, &t) == AF_OK && af_sub_q16(ux, t, &ux) == AF_OK;
    ok &= af_mul_q16(r.y, d, &t) == AF_OK && af_sub_q16(uy, t, &uy) == AF_OK;
    ok &= af_mul_q16(r.z, d, &t) == AF_OK && af_sub_q16(uz, t, &uz) == AF_OK;
    if (m->order == AF_QDRAG_DRAG_FIRST)
        for (i = 0; i < 3; i++)
            ok &= af_mul_q16(*g[i], m->dt, &t) == AF_OK && af_add_q16(*u[i], t, u[i]) == AF_OK;
    ok &= af_mul_q16(ux, m->dt, &t) == AF_OK && af_add_q16(b->position.x, t, &b->position.x) == AF_OK;
    ok &= af_mul_q16(uy, m->dt, &t) == AF_OK && af_add_q16(b->position.y, t, &b->position.y) == AF_OK;
    ok &= af_mul_q16(uz, m->dt, &t) == AF_OK && af_add_q16(b->position.z, t, &b->position.z) == AF_OK;
    b->velocity.x = ux;
    b->velocity.y = uy;
    b->velocity.z = uz;
    return ok;
}

static af_qdrag_q16 random_model(th_rng *rng)
{
    af_qdrag_q16 m;
    static const double steps[] = { 0.01, 1.0 / 60.0, 0.02, 1.0 / 30.0 };
    memset(&m, 0, sizeof m);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.gravity.z = raw(-9.81);
    m.k = raw(th_rand_log(rng, 0.005, 0.5));
    m.c = th_rand_below(rng, 2) ? raw(th_rand_uniform(rng, 0.0, 0.3)) : 0;
    if (th_rand_below(rng, 2)) {
        m.wind.x = raw(th_rand_uniform(rng, -5.0, 5.0));
        m.wind.y = raw(th_rand_uniform(rng, -5.0, 5.0));
    }
    m.dt = raw(steps[th_rand_below(rng, 4)]);
    m.order = th_rand_below(rng, 2) ? AF_QDRAG_DRAG_FIRST : AF_QDRAG_GRAVITY_FIRST;
    return m;
}

static af_body_q16 random_launch(th_rng *rng)
{
    af_body_q16 b;
    double speed = th_rand_uniform(rng, 2.0, 40.0), el = th_rand_uniform(rng, 0.05, 1.4);
    double az = th_rand_uniform(rng, -3.14159, 3.14159);
    b.position.x = raw(th_rand_uniform(rng, -10.0, 10.0));
    b.position.y = raw(th_rand_uniform(rng, -10.0, 10.0));
    b.position.z = raw(th_rand_uniform(rng, 0.0, 5.0));
    b.velocity.x = raw(speed * cos(el) * cos(az));
    b.velocity.y = raw(speed * cos(el) * sin(az));
    b.velocity.z = raw(speed * sin(el));
    return b;
}

static int same(const af_body_q16 *a, const af_body_q16 *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static af_qdrag_f64 as_f64(const af_qdrag_q16 *m)
{
    af_qdrag_f64 f;
    f.kind = AF_DRAG_KIND_STEPPED;
    f.gravity.x = val(m->gravity.x);
    f.gravity.y = val(m->gravity.y);
    f.gravity.z = val(m->gravity.z);
    f.wind.x = val(m->wind.x);
    f.wind.y = val(m->wind.y);
    f.wind.z = val(m->wind.z);
    f.k = val(m->k);
    f.c = val(m->c);
    f.dt = val(m->dt);
    f.order = m->order;
    return f;
}

static void q16_prediction_is_the_q16_engine(void)
{
    th_rng rng = th_rng_for("q16_prediction_is_the_q16_engine");
    long i, count = th_count(1000);
    double worst = 0.0;
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        af_body_q16 start = random_launch(&rng), loop = start, out, out_t;
        int32_t n = (int32_t)th_rand_below(&rng, 200), k;
        int ok = 1;
        af_status st;
        for (k = 0; k < n && ok; k++)
            ok = q16_step(&m, &loop);
        if (!ok)
            continue;
        st = af_qdrag_predict_steps_q16(&m, &start, n * 65536, &out);
        TH_CHECK(st == AF_OK && same(&out, &loop), "n = %ld: not the Q16 engine's state (%s)", (long)n,
                 af_status_name(st));
        st = af_qdrag_predict_q16(&m, &start, n * m.dt, &out_t);
        TH_CHECK(st == AF_OK && same(&out_t, &loop), "t = n dt, n = %ld: not the engine's", (long)n);
        /* Beside the f64 engine on the same numbers. */
        {
            af_qdrag_f64 f = as_f64(&m);
            af_body_f64 s, ref;
            double e, lim;
            s.position.x = val(start.position.x);
            s.position.y = val(start.position.y);
            s.position.z = val(start.position.z);
            s.velocity.x = val(start.velocity.x);
            s.velocity.y = val(start.velocity.y);
            s.velocity.z = val(start.velocity.z);
            if (af_qdrag_predict_steps_f64(&f, &s, (double)n, &ref) != AF_OK)
                continue;
            e = fmax(fabs(val(out.position.x) - ref.position.x),
                     fmax(fabs(val(out.position.y) - ref.position.y),
                          fabs(val(out.position.z) - ref.position.z))) *
                65536.0;
            lim = STEP_LSB * (1.0 + (double)n * (double)n);
            if (e / (1.0 + (double)n * (double)n) > worst)
                worst = e / (1.0 + (double)n * (double)n);
            TH_CHECK(e <= lim, "n = %ld: %.1f LSB from the f64 engine (limit %.1f)", (long)n, e, lim);
        }
    }
    th_note("q16 against the f64 engine: at most %.3g LSB per squared step", worst);
}

static void q16_apex_is_the_engines_highest_step(void)
{
    th_rng rng = th_rng_for("q16_apex_is_the_engines_highest_step");
    long i, count = th_count(300);
    for (i = 0; i < count; i++) {
        af_qdrag_q16 m = random_model(&rng);
        af_body_q16 start = random_launch(&rng), b = start, prev;
        af_drag_event_q16 apex;
        af_status st = af_qdrag_apex_q16(&m, &start, &apex);
        int32_t n = 0;
        if (!TH_CHECK(st == AF_OK, "apex: %s", af_status_name(st)))
            continue;
        /* Walk the engine to the apex's step: strictly higher each step
         * before, and the next step not higher. */
        do {
            prev = b;
            if (!q16_step(&m, &b))
                break;
            n++;
        } while (b.velocity.z > 0);
        TH_CHECK(apex.t == (n - 1) * m.dt && same(&apex.state, &prev),
                 "apex at t %ld raw, the engine's last rising step ends at %ld", (long)apex.t,
                 (long)((n - 1) * m.dt));
        TH_CHECK(fabs(val(apex.height) - val(prev.position.z - start.position.z)) <= 1.5 / 65536.0,
                 "apex height %ld raw, the state's %ld", (long)apex.height,
                 (long)(prev.position.z - start.position.z));
    }
}

static void q16_bad_inputs_are_refused(void)
{
    af_qdrag_q16 m;
    af_body_q16 start, out;
    af_drag_event_q16 ev;
    memset(&m, 0, sizeof m);
    memset(&start, 0, sizeof start);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.gravity.z = raw(-9.81);
    m.k = raw(0.1);
    m.dt = raw(0.02);
    start.velocity.x = raw(10.0);
    start.velocity.z = raw(10.0);
    memset(&out, 0x55, sizeof out);
    TH_CHECK(af_qdrag_predict_q16(&m, &start, -1, &out) == AF_ERR_BAD_ARGUMENT &&
                 out.position.x == 0 && out.velocity.z == 0,
             "negative time");
    m.dt = 0;
    TH_CHECK(af_qdrag_predict_steps_q16(&m, &start, 65536, &out) == AF_ERR_BAD_ARGUMENT,
             "zero step");
    m.dt = raw(0.02);
    m.k = -1;
    TH_CHECK(af_qdrag_apex_q16(&m, &start, &ev) == AF_ERR_BAD_ARGUMENT, "negative k");
    m.k = raw(0.1);
    m.kind = AF_DRAG_KIND_CONTINUOUS;
    TH_CHECK(af_qdrag_predict_steps_q16(&m, &start, 65536, &out) == AF_ERR_BAD_ARGUMENT,
             "steps of a continuous model");
    m.c = -1;
    TH_CHECK(af_qdrag_predict_q16(&m, &start, 65536, &out) == AF_ERR_BAD_ARGUMENT,
             "a continuous model with c < 0");
    m.c = 0;
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = (af_qdrag_order)5;
    TH_CHECK(af_qdrag_predict_q16(&m, &start, 65536, &out) == AF_ERR_BAD_ARGUMENT,
             "unknown order");
    m.order = AF_QDRAG_GRAVITY_FIRST;
    m.gravity.z = 0;
    TH_CHECK(af_qdrag_apex_q16(&m, &start, &ev) == AF_ERR_BAD_ARGUMENT, "apex without gravity");
    m.gravity.z = raw(-9.81);
    /* A body flying off Q16.16: refused, never wrapped. */
    start.position.x = raw(32000.0);
    start.velocity.x = raw(30000.0);
    m.k = 0;
    memset(&out, 0x55, sizeof out);
    TH_CHECK(af_qdrag_predict_q16(&m, &start, raw(1.0), &out) == AF_ERR_OVERFLOW &&
                 out.position.x == 0 && out.velocity.x == 0,
             "an overflowing flight");
}

/* A stepped model, drag first, under -9.8125 m/s^2, at rest at the origin. */
static af_qdrag_q16 drag_first_model(fix16_t k, fix16_t c, fix16_t dt, af_body_q16 *start)
{
    af_qdrag_q16 m;
    memset(&m, 0, sizeof m);
    memset(start, 0, sizeof *start);
    m.kind = AF_DRAG_KIND_STEPPED;
    m.order = AF_QDRAG_DRAG_FIRST;
    m.gravity.z = raw(-9.8125);
    m.k = k;
    m.c = c;
    m.dt = dt;
    return m;
}

/* One LSB of a step past step 16, of which dt keeps less than an LSB of
 * time: the body is on the next segment, with its velocity v[17]. */
static void q16_step_fraction_below_an_lsb_of_time_is_on_the_next_segment(void)
{
    af_body_q16 start, after, next, between;
    af_qdrag_q16 m = drag_first_model(raw(0.08), raw(0.1), 1024, &start);
    start.velocity.x = raw(4.0);
    start.velocity.z = raw(4.0);
    TH_CHECK(af_qdrag_predict_steps_q16(&m, &start, 16 * 65536, &after) == AF_OK &&
                 af_qdrag_predict_steps_q16(&m, &start, 17 * 65536, &next) == AF_OK &&
                 af_qdrag_predict_steps_q16(&m, &start, 16 * 65536 + 1, &between) == AF_OK,
             "predictions");
    TH_CHECK(memcmp(&between.velocity, &next.velocity, sizeof next.velocity) == 0 &&
                 memcmp(&between.position, &after.position, sizeof after.position) == 0,
             "16 steps and 1 LSB: velocity z %ld, v[17] %ld; position z %ld, p[16] %ld",
             (long)between.velocity.z, (long)next.velocity.z, (long)between.position.z,
             (long)after.position.z);
}

/* 31 LSB of a 1/128 s step at 51 m/s: 12 LSB of position, where frac dt
 * alone rounds to no time. The move is v[1] frac dt, rounded once. */
static void q16_step_fraction_moves_the_body_by_v_frac_dt_rounded_once(void)
{
    af_body_q16 start, first, between;
    af_qdrag_q16 m = drag_first_model(1, 0, 512, &start);
    double want;
    m.wind.x = raw(0.03125);
    start.position.z = raw(0.078125);
    start.velocity.y = raw(10.234375);
    start.velocity.z = raw(50.99609375);
    TH_CHECK(af_qdrag_predict_steps_q16(&m, &start, 65536, &first) == AF_OK &&
                 af_qdrag_predict_steps_q16(&m, &start, 31, &between) == AF_OK,
             "predictions");
    want = (double)start.position.z + floor((double)first.velocity.z * 31.0 * 512.0 / 4294967296.0 + 0.5);
    TH_CHECK((double)between.position.z == want &&
                 memcmp(&between.velocity, &first.velocity, sizeof first.velocity) == 0,
             "position z %ld raw, want %.0f; velocity z %ld, v[1] %ld", (long)between.position.z,
             want, (long)between.velocity.z, (long)first.velocity.z);
}

static const th_case cases[] = {
    TH_CASE(q16_prediction_is_the_q16_engine),
    TH_CASE(q16_step_fraction_below_an_lsb_of_time_is_on_the_next_segment),
    TH_CASE(q16_step_fraction_moves_the_body_by_v_frac_dt_rounded_once),
    TH_CASE(q16_apex_is_the_engines_highest_step),
    TH_CASE(q16_bad_inputs_are_refused),
};

TH_MAIN("qdrag_q16", cases)
