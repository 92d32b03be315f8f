/* SPDX-License-Identifier: MIT */
/* Drag models and independent flights for the fuzz targets (see
 * fuzz_drag.h). */
#include "fuzz_drag.h"

#include <math.h>

#include "drag_sim.h"
#include "kinematics.h"

static const char *const model_names[FZ_DRAG_SLOTS] = {
    "gravity.x", "gravity.y", "gravity.z", "dt", "r", "k", "wind.x", "wind.y",
    "wind.z", "start.position.x", "start.position.y", "start.position.z",
    "start.velocity.x", "start.velocity.y", "start.velocity.z"
};
static const fz_kind model_kinds[FZ_DRAG_SLOTS] = {
    FZ_ANY, FZ_ANY, FZ_ANY, FZ_STEP, FZ_RATIO, FZ_DAMP, FZ_ANY, FZ_ANY, FZ_ANY,
    FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY, FZ_ANY
};

void fz_drag_slots(const char **names, fz_kind *kinds)
{
    int i;
    for (i = 0; i < FZ_DRAG_SLOTS; i++) {
        names[i] = model_names[i];
        kinds[i] = model_kinds[i];
    }
}

fz_model_ints fz_drag_ints(fz_input *in)
{
    uint8_t b = fz_u8(in);
    fz_model_ints m;
    /* One byte in 32 gives an unknown kind (3) or order (4). */
    m.kind = (b & 31) == 31 ? 3 : b & 1;
    m.order = (b & 31) == 30 ? 4 : (b >> 1) & 1;
    fz_int("drag.kind", m.kind);
    fz_int("drag.order", m.order);
    return m;
}

af_drag_f64 fz_drag_f64(const double *s, fz_model_ints m)
{
    af_drag_f64 d;
    d.kind = (af_drag_kind)m.kind;
    d.gravity = fz_vec_f64(s, FZ_DRAG_GRAVITY);
    d.dt = s[FZ_DRAG_DT];
    d.r = s[FZ_DRAG_R];
    d.order = (af_step_order)m.order;
    d.k = s[FZ_DRAG_K];
    d.wind = fz_vec_f64(s, FZ_DRAG_WIND);
    d.max_move = 0.0; /* no engine cap: the model is the law alone */
    return d;
}

af_drag_q16 fz_drag_q16(const fix16_t *s, fz_model_ints m)
{
    af_drag_q16 d;
    d.kind = (af_drag_kind)m.kind;
    d.gravity = fz_vec_q16(s, FZ_DRAG_GRAVITY);
    d.dt = s[FZ_DRAG_DT];
    d.r = s[FZ_DRAG_R];
    d.order = (af_step_order)m.order;
    d.k = s[FZ_DRAG_K];
    d.wind = fz_vec_q16(s, FZ_DRAG_WIND);
    d.max_move = 0;
    return d;
}

int fz_body_finite(const af_body_f64 *b)
{
    return fz_finite3(b->position) && fz_finite3(b->velocity);
}

int fz_drag_fly(const af_drag_f64 *m, const af_body_f64 *start, double t, af_body_f64 *end)
{
    af_body_f64 b = *start;
    if (!fz_body_finite(start) || !fz_finite3(m->gravity) || !(t >= 0) || !isfinite(t))
        return 0;
    if (m->kind == AF_DRAG_KIND_STEPPED) {
        double n;
        if (!(m->dt > 0) || !(m->r > 0 && m->r <= 1) || m->order > 1)
            return 0;
        n = t / m->dt;
        if (!(n <= FZ_FLY_MAX_STEPS) || n != floor(n))
            return 0;
        dsim_steps(m, &b, (long)n);
    } else if (m->kind == AF_DRAG_KIND_CONTINUOUS) {
        if (!(m->k >= 0) || !(m->k * t <= 12) || !fz_finite3(m->wind))
            return 0;
        dsim_rk4(m, &b, t, dsim_rk4_substeps(m, t));
    } else {
        return 0;
    }
    if (!fz_body_finite(&b))
        return 0;
    *end = b;
    return 1;
}

double fz_drag_scale(const af_drag_f64 *m, const af_body_f64 *start, double t)
{
    double dt = m->kind == AF_DRAG_KIND_STEPPED && isfinite(m->dt) ? fabs(m->dt) : 0.0;
    double wind = m->kind == AF_DRAG_KIND_CONTINUOUS ? kin_len(m->wind) * (1.0 + t) : 0.0;
    /* No time, no fall: an overflowing |g| times 0 is no scale. The pull
     * along up is a double, a multiple of 2^-1074 (drag.h): over t^2 that
     * is 1e-9 of a fall under 2^-1044, the least |g| the scale counts. */
    double fall = t + dt != 0.0
                      ? fmax(kin_len(m->gravity), 0x1p-1044) * (t + dt + 1.0) * (t + dt)
                      : 0.0;
    return kin_len(start->position) + kin_len(start->velocity) * (1.0 + t) + fall + wind;
}

void fz_vec_close(const char *what, af_vec3_q16 q, af_vec3_f64 f, double scale)
{
    fz_close(what, q.x, f.x, scale);
    fz_close(what, q.y, f.y, scale);
    fz_close(what, q.z, f.z, scale);
}

void fz_body_close(const char *what, const af_body_q16 *q, const af_body_f64 *f, double scale)
{
    (void)what;
    fz_vec_close("position", q->position, f->position, scale);
    fz_vec_close("velocity", q->velocity, f->velocity, scale);
}

af_vec3_f64 fz_up(const af_drag_f64 *m)
{
    /* g brought near 1 first (a power of two, exact): the length of a
     * subnormal g keeps few bits (1.0000076 of it for g 2^-1066 (-1/256,
     * 0, 1)), and a launch along g over it is that much too fast. */
    af_vec3_f64 g = m->gravity;
    double len;
    int e;
    (void)frexp(fz_vmax(g), &e);
    g.x = ldexp(g.x, -e);
    g.y = ldexp(g.y, -e);
    g.z = ldexp(g.z, -e);
    len = kin_len(g);
    g.x = -g.x / len;
    g.y = -g.y / len;
    g.z = -g.z / len;
    return g;
}

double fz_height(const af_drag_f64 *m, af_vec3_f64 origin, af_vec3_f64 p)
{
    /* Along a unit up: the product of a height and a subnormal or huge g
     * under- or overflows long before the height does. */
    af_vec3_f64 up = fz_up(m);
    return (p.x - origin.x) * up.x + (p.y - origin.y) * up.y + (p.z - origin.z) * up.z;
}

int fz_drag_fly_shot(const af_drag_f64 *m, const af_body_f64 *shooter, unsigned flags,
                     af_vec3_f64 u, double t, af_vec3_f64 *end)
{
    af_body_f64 start, stop;
    start.position = shooter->position;
    start.velocity = u;
    if (flags & AF_INHERIT_VELOCITY) {
        start.velocity.x += shooter->velocity.x;
        start.velocity.y += shooter->velocity.y;
        start.velocity.z += shooter->velocity.z;
    }
    if (!fz_drag_fly(m, &start, t, &stop))
        return 0;
    *end = stop.position;
    return 1;
}
