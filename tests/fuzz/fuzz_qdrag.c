/* SPDX-License-Identifier: MIT */
/* Quadratic drag models and the tests' own flights for the fuzz targets
 * (see fuzz_qdrag.h). */
#include "fuzz_qdrag.h"

#include <math.h>
#include <string.h>

#include "qdrag_sim.h"

static const char *const model_names[FZ_Q_SLOTS] = {
    "gravity.x", "gravity.y", "gravity.z", "dt", "k", "c", "wind.x", "wind.y",
    "wind.z", "start.position.x", "start.position.y", "start.position.z",
    "start.velocity.x", "start.velocity.y", "start.velocity.z"
};
static const fz_kind model_kinds[FZ_Q_SLOTS] = {
    FZ_ANY, FZ_ANY, FZ_ANY, FZ_STEP, FZ_RATIO, FZ_DAMP, FZ_ANY, FZ_ANY, FZ_ANY,
    FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY
};

void fz_qdrag_slots(const char **names, fz_kind *kinds)
{
    int i;
    for (i = 0; i < FZ_Q_SLOTS; i++) {
        names[i] = model_names[i];
        kinds[i] = model_kinds[i];
    }
}

void fz_qdrag_div(fz_args *a, int i, double f)
{
    a->v[i] /= f;
    a->q[i] = fz_q16_of(a->v[i]);
    a->fq[i] = fz_f64_of(a->q[i]);
}

void fz_qdrag_rescale(fz_args *a)
{
    int i;
    for (i = 0; i < 3; i++) {
        fz_qdrag_div(a, FZ_Q_GRAVITY + i, 32.0);
        fz_qdrag_div(a, FZ_Q_WIND + i, 64.0);
        fz_qdrag_div(a, FZ_Q_BODY + 3 + i, 4.0);
    }
    fz_qdrag_div(a, FZ_Q_K, 2.0);
    fz_qdrag_div(a, FZ_Q_C, 64.0);
}

af_qdrag_f64 fz_qdrag_f64(const double *s, fz_model_ints mi)
{
    af_qdrag_f64 m;
    memset(&m, 0, sizeof m);
    m.kind = (af_drag_kind)mi.kind;
    m.gravity = fz_vec_f64(s, FZ_Q_GRAVITY);
    m.wind = fz_vec_f64(s, FZ_Q_WIND);
    m.k = s[FZ_Q_K];
    m.c = s[FZ_Q_C];
    m.dt = s[FZ_Q_DT];
    m.order = (af_qdrag_order)mi.order;
    return m;
}

af_qdrag_q16 fz_qdrag_q16(const fix16_t *s, fz_model_ints mi)
{
    af_qdrag_q16 m;
    memset(&m, 0, sizeof m);
    m.kind = (af_drag_kind)mi.kind;
    m.gravity = fz_vec_q16(s, FZ_Q_GRAVITY);
    m.wind = fz_vec_q16(s, FZ_Q_WIND);
    m.k = s[FZ_Q_K];
    m.c = s[FZ_Q_C];
    /* The continuous kind's dt bounds its Runge-Kutta step: the same
     * number, a bound the f64 kind ignores. */
    m.dt = s[FZ_Q_DT];
    m.order = (af_qdrag_order)mi.order;
    return m;
}

double fz_qlen(af_vec3_f64 v)
{
    return sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
}

double fz_qdot(af_vec3_f64 a, af_vec3_f64 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

af_vec3_f64 fz_qup(const af_qdrag_f64 *m)
{
    af_vec3_f64 g = m->gravity, up;
    int e;
    double l;
    (void)frexp(fz_vmax(g), &e);
    g.x = ldexp(g.x, -e);
    g.y = ldexp(g.y, -e);
    g.z = ldexp(g.z, -e);
    l = fz_qlen(g);
    up.x = -g.x / l;
    up.y = -g.y / l;
    up.z = -g.z / l;
    return up;
}

double fz_qheight(const af_qdrag_f64 *m, af_vec3_f64 origin, af_vec3_f64 p)
{
    /* g brought near 1 first (a power of two, exact): a subnormal g's
     * square underflows. */
    af_vec3_f64 g = m->gravity;
    int e;
    (void)frexp(fz_vmax(g), &e);
    g.x = ldexp(g.x, -e);
    g.y = ldexp(g.y, -e);
    g.z = ldexp(g.z, -e);
    return -fz_qdot(qsim_sub(p, origin), g) / fz_qlen(g);
}

int fz_qdrag_valid(const af_qdrag_f64 *m, const af_body_f64 *b)
{
    if (!fz_finite3(m->gravity) || !fz_finite3(m->wind) || !(m->k >= 0) || !isfinite(m->k) ||
        !(m->c >= 0) || !isfinite(m->c) || !fz_body_finite(b))
        return 0;
    if (m->kind == AF_DRAG_KIND_STEPPED)
        return m->dt > 0 && isfinite(m->dt) && (unsigned)m->order <= 1u;
    return m->kind == AF_DRAG_KIND_CONTINUOUS;
}

int fz_qdrag_affordable(const af_qdrag_f64 *m, const af_body_f64 *b, double t)
{
    double g, s, rate;
    if (!fz_qdrag_valid(m, b) || !(t > 0) || !isfinite(t))
        return 1;
    if (t > 16.0)
        return 0;
    if (m->kind == AF_DRAG_KIND_STEPPED)
        return t / m->dt <= 65536.0;
    if (m->dt > 0 && t / m->dt > 65536.0) /* the q16 twin's step bound */
        return 0;
    g = fz_qlen(m->gravity);
    s = fz_qlen(qsim_sub(b->velocity, m->wind)) + g * t;
    if (!(g <= 1024.0) || !(s <= 4096.0) || !(m->k <= 4.0) || !(m->c <= 64.0))
        return 0;
    rate = m->k * s + m->c;
    return rate * t <= 2048.0;
}

int fz_qdrag_ref(const af_qdrag_f64 *m, const af_body_f64 *b, double t, af_body_f64 *out,
                 af_body_f64 *alt, double *path)
{
    if (!fz_qdrag_valid(m, b) || !(t >= 0) || !(t <= 16.0))
        return 0;
    if (m->kind == AF_DRAG_KIND_STEPPED) {
        double n = t / m->dt, whole = floor(n + 0.5);
        if (!(n <= 65536.0))
            return 0;
        *out = qsim_engine_at(m, b, t);
        *alt = *out;
        if (fabs(n - whole) <= 1e-9 * (1.0 + whole)) {
            /* At a whole step either side's velocity is the engine's. */
            af_body_f64 lo = qsim_engine(m, b, (long)whole), hi = lo;
            hi = qsim_engine(m, b, (long)whole + 1);
            out->velocity = lo.velocity;
            alt->velocity = hi.velocity;
        }
        *path = 0.0;
    } else {
        af_body_f64 cur = *b, next;
        long budget = 400000;
        int i;
        double len = 0.0;
        for (i = 1; i <= 64; i++) {
            if (!qsim_ode_within(m, &cur, t / 64.0, budget / 64, &next))
                return 0;
            len += fz_qlen(qsim_sub(next.position, cur.position));
            cur = next;
        }
        *out = cur;
        *alt = cur;
        *path = len;
    }
    return fz_body_finite(out) && fz_body_finite(alt);
}

double fz_qdrag_scale(const af_qdrag_f64 *m, const af_body_f64 *b, double t)
{
    double dt = m->kind == AF_DRAG_KIND_STEPPED && isfinite(m->dt) ? fabs(m->dt) : 0.0;
    return fz_qlen(b->position) + fz_qlen(b->velocity) * (1.0 + t) +
           fz_qlen(m->gravity) * (t + dt + 1.0) * (t + dt) + fz_qlen(m->wind) * (1.0 + t);
}

double fz_qdrag_pos_tol(const af_qdrag_f64 *m, const af_body_f64 *b, double t, double path,
                        const af_body_f64 *end)
{
    /* A folding engine's state outgrows the start's terms: the rounding
     * of p[n] + v[n+1] tau is relative to those of the end. */
    if (m->kind == AF_DRAG_KIND_STEPPED)
        return 1e-9 * (fz_qdrag_scale(m, b, t) + fz_qlen(end->position) +
                       fz_qlen(end->velocity) * (t + m->dt)) +
               FZ_TINY;
    return 1e-8 * path + 1e-13 * fz_qlen(b->position) + FZ_TINY;
}

double fz_qdrag_vel_tol(const af_qdrag_f64 *m, const af_body_f64 *b, double t,
                        const af_body_f64 *end)
{
    double s = fz_qlen(b->velocity) + fz_qlen(end->velocity) + fz_qlen(m->wind) +
               fz_qlen(m->gravity) * (t + 1.0);
    return (m->kind == AF_DRAG_KIND_STEPPED ? 1e-9 : 1e-8) * s + FZ_TINY;
}

int fz_qdrag_domain(const af_qdrag_f64 *m, const af_body_f64 *b, double t)
{
    double g = fz_qlen(m->gravity);
    if (!fz_qdrag_valid(m, b) || !(t >= 0 && t <= 4.0) || !(m->k <= 0.5) || !(m->c <= 0.3) ||
        !(g >= 1.0 && g <= 16.0) || !(fz_qlen(m->wind) <= 8.0) || !(fz_qlen(b->velocity) <= 100.0))
        return 0;
    return m->kind != AF_DRAG_KIND_STEPPED || (m->dt >= 1.0 / 128 && m->dt <= 1.0 / 30);
}

double fz_qdrag_q16_pos_tol(const af_qdrag_f64 *m, const af_body_f64 *b, double t,
                            const af_body_f64 *f)
{
    const double lsb = 1.0 / 65536.0;
    if (m->kind == AF_DRAG_KIND_STEPPED) {
        double n = ceil(t / m->dt);
        return 2.0 * (1.0 + n * n) * lsb;
    }
    /* qdrag.h: whatever the steps (a dt bound's among them). */
    return 64.0 * lsb + 1e-5 * fz_qlen(qsim_sub(f->position, b->position));
}

void fz_qdrag_state_close(const af_qdrag_f64 *m, const af_body_f64 *b, double t,
                          const af_body_q16 *q, const af_body_f64 *f)
{
    const double lsb = 1.0 / 65536.0;
    af_vec3_f64 qp = fz_vec_of_q16(q->position), qv = fz_vec_of_q16(q->velocity);
    double ptol = fz_qdrag_q16_pos_tol(m, b, t, f), vtol;
    double pe = fz_vmax(qsim_sub(qp, f->position)), ve = fz_vmax(qsim_sub(qv, f->velocity));
    if (m->kind == AF_DRAG_KIND_STEPPED)
        /* The header bounds the position's drift only; a step's velocity
         * carries the rounding of its drag factor d times |r| (half an LSB
         * of d is |r| / 2 LSB of velocity), the position that over dt. */
        vtol = ptol * (1.0 + fz_qlen(qsim_sub(f->velocity, m->wind)) +
                       fz_qlen(qsim_sub(b->velocity, m->wind)));
    else
        vtol = 64.0 * lsb + 1e-5 * fz_qlen(qsim_sub(f->velocity, b->velocity));
    FZ_CHECK(pe <= ptol, "q16 position %.9g LSB from f64's (allowed %.9g LSB)", pe / lsb,
             ptol / lsb);
    FZ_CHECK(ve <= vtol, "q16 velocity %.9g LSB from f64's (allowed %.9g LSB)", ve / lsb,
             vtol / lsb);
}
