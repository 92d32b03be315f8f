/* SPDX-License-Identifier: MIT */
/* The drag physics of the tests, from the definitions (see drag_sim.h). */
#include "drag_sim.h"

#include <math.h>

/* A double-double: hi + lo with |lo| <= ulp(hi) / 2. */
typedef struct dd {
    double hi, lo;
} dd;

/* Knuth's TwoSum: hi + lo == a + b exactly. */
static inline dd two_sum(double a, double b)
{
    dd r;
    double bb;
    r.hi = a + b;
    bb = r.hi - a;
    r.lo = (a - (r.hi - bb)) + (b - bb);
    return r;
}

/* The same when |a| >= |b| (Dekker's fast sum). */
static inline dd fast_two_sum(double a, double b)
{
    dd r;
    r.hi = a + b;
    r.lo = b - (r.hi - a);
    return r;
}

/* A double split into two halves of 26 bits, whose products are exact
 * (the build forbids fused multiply-add, so they stay exact). */
typedef struct split {
    double v, hi, lo;
} split;

static inline split split_of(double a)
{
    const double factor = 134217729.0; /* 2^27 + 1 */
    double c = factor * a;
    split s;
    s.v = a;
    s.hi = c - (c - a);
    s.lo = a - s.hi;
    return s;
}

static inline dd dd_add(dd x, dd y)
{
    dd s = two_sum(x.hi, y.hi);
    s.lo += x.lo + y.lo;
    return fast_two_sum(s.hi, s.lo);
}

/* x * y for a double y split once (Dekker's product for the high parts). */
static inline dd dd_mul(dd x, split y)
{
    split xs = split_of(x.hi);
    dd p;
    p.hi = x.hi * y.v;
    p.lo = ((xs.hi * y.hi - p.hi) + xs.hi * y.lo + xs.lo * y.hi) + xs.lo * y.lo;
    p.lo += x.lo * y.v;
    return fast_two_sum(p.hi, p.lo);
}

void dsim_loop_start(dsim_loop *loop, const af_drag_f64 *m, const af_body_f64 *start)
{
    const double p[3] = { start->position.x, start->position.y, start->position.z };
    const double v[3] = { start->velocity.x, start->velocity.y, start->velocity.z };
    int c;
    loop->model = *m;
    for (c = 0; c < 3; c++) {
        loop->position[c][0] = p[c];
        loop->position[c][1] = 0.0;
        loop->velocity[c][0] = v[c];
        loop->velocity[c][1] = 0.0;
    }
}

void dsim_loop_run(dsim_loop *loop, long n)
{
    const af_drag_f64 *m = &loop->model;
    const double g[3] = { m->gravity.x, m->gravity.y, m->gravity.z };
    const split r = split_of(m->r), dt = split_of(m->dt);
    const int gravity_first = m->order == AF_STEP_GRAVITY_THEN_DAMPING;
    const int damping_last = m->order == AF_STEP_DAMPING_LAST;
    const int move_first = m->order == AF_STEP_MOVE_FIRST;
    dd v[3], gdt[3], moved[3];
    long k;
    int c;

    for (c = 0; c < 3; c++) {
        dd gc = { g[c], 0.0 };
        v[c].hi = loop->velocity[c][0];
        v[c].lo = loop->velocity[c][1];
        /* g dt kept exact, like every other product: the library's sums
         * are those of exact arithmetic. */
        gdt[c] = dd_mul(gc, dt);
        moved[c].hi = moved[c].lo = 0.0;
    }
    /* Each step moves the body by v dt; the loop adds up the velocities
     * and multiplies the sum by dt once at the end, which in exact
     * arithmetic is the same and saves a product per step. */
    for (k = 0; k < n; k++) {
        for (c = 0; c < 3; c++) {
            if (move_first) { /* the move by the velocity before the step */
                moved[c] = dd_add(moved[c], v[c]);
                v[c] = dd_add(dd_mul(v[c], r), gdt[c]);
                continue;
            }
            if (damping_last) { /* the move before the damping */
                dd u = dd_add(v[c], gdt[c]);
                moved[c] = dd_add(moved[c], u);
                v[c] = dd_mul(u, r);
                continue;
            }
            v[c] = gravity_first ? dd_mul(dd_add(v[c], gdt[c]), r)
                                 : dd_add(dd_mul(v[c], r), gdt[c]);
            moved[c] = dd_add(moved[c], v[c]);
        }
    }
    for (c = 0; c < 3; c++) {
        dd p = { loop->position[c][0], loop->position[c][1] };
        p = dd_add(p, dd_mul(moved[c], dt));
        loop->position[c][0] = p.hi;
        loop->position[c][1] = p.lo;
        loop->velocity[c][0] = v[c].hi;
        loop->velocity[c][1] = v[c].lo;
    }
}

af_body_f64 dsim_loop_state(const dsim_loop *loop)
{
    af_body_f64 b;
    b.position.x = loop->position[0][0] + loop->position[0][1];
    b.position.y = loop->position[1][0] + loop->position[1][1];
    b.position.z = loop->position[2][0] + loop->position[2][1];
    b.velocity.x = loop->velocity[0][0] + loop->velocity[0][1];
    b.velocity.y = loop->velocity[1][0] + loop->velocity[1][1];
    b.velocity.z = loop->velocity[2][0] + loop->velocity[2][1];
    return b;
}

void dsim_steps(const af_drag_f64 *m, af_body_f64 *state, long n)
{
    dsim_loop loop;
    dsim_loop_start(&loop, m, state);
    dsim_loop_run(&loop, n);
    *state = dsim_loop_state(&loop);
}

/* dv/dt = G - k v with G = g + k wind; dp/dt = v. */
static void rk4_deriv(const af_drag_f64 *m, const double y[6], double dy[6])
{
    const double G[3] = { m->gravity.x + m->k * m->wind.x, m->gravity.y + m->k * m->wind.y,
                          m->gravity.z + m->k * m->wind.z };
    int c;
    for (c = 0; c < 3; c++) {
        dy[c] = y[3 + c];
        dy[3 + c] = G[c] - m->k * y[3 + c];
    }
}

/* The derivative over the whole flight, t dy/dt: the integration runs in
 * fractions of t, so a subnormal t is never divided into steps (t / 64
 * would keep few of its bits, and h / 6 fewer). */
static void rk4_flight_deriv(const af_drag_f64 *m, double t, const double y[6], double dy[6])
{
    int c;
    rk4_deriv(m, y, dy);
    for (c = 0; c < 6; c++)
        dy[c] *= t;
}

void dsim_rk4(const af_drag_f64 *m, af_body_f64 *state, double t, long substeps)
{
    double y[6], k1[6], k2[6], k3[6], k4[6], tmp[6];
    double h = 1.0 / (double)substeps;
    long s;
    int c;

    y[0] = state->position.x;
    y[1] = state->position.y;
    y[2] = state->position.z;
    y[3] = state->velocity.x;
    y[4] = state->velocity.y;
    y[5] = state->velocity.z;
    for (s = 0; s < substeps; s++) {
        rk4_flight_deriv(m, t, y, k1);
        for (c = 0; c < 6; c++)
            tmp[c] = y[c] + 0.5 * h * k1[c];
        rk4_flight_deriv(m, t, tmp, k2);
        for (c = 0; c < 6; c++)
            tmp[c] = y[c] + 0.5 * h * k2[c];
        rk4_flight_deriv(m, t, tmp, k3);
        for (c = 0; c < 6; c++)
            tmp[c] = y[c] + h * k3[c];
        rk4_flight_deriv(m, t, tmp, k4);
        for (c = 0; c < 6; c++)
            y[c] += h / 6.0 * (k1[c] + 2.0 * k2[c] + 2.0 * k3[c] + k4[c]);
    }
    state->position.x = y[0];
    state->position.y = y[1];
    state->position.z = y[2];
    state->velocity.x = y[3];
    state->velocity.y = y[4];
    state->velocity.z = y[5];
}

long dsim_rk4_substeps(const af_drag_f64 *m, double t)
{
    double n = ceil(m->k * t / 0.006);
    return n < 64.0 ? 64 : (long)n;
}

void dsim_fly(const af_drag_f64 *m, af_body_f64 *state, double t)
{
    if (m->kind == AF_DRAG_KIND_STEPPED)
        dsim_steps(m, state, (long)floor(t / m->dt + 0.5));
    else
        dsim_rk4(m, state, t, dsim_rk4_substeps(m, t));
}

af_vec3_f64 dsim_direction(th_rng *rng)
{
    /* Uniform on the sphere: z uniform in [-1, 1], azimuth uniform. */
    double z = th_rand_uniform(rng, -1.0, 1.0);
    double phi = th_rand_uniform(rng, 0.0, 6.283185307179586);
    double s = sqrt(1.0 - z * z);
    af_vec3_f64 d = { s * cos(phi), s * sin(phi), z };
    return d;
}

af_vec3_f64 dsim_vector(th_rng *rng, double lo, double hi)
{
    double len = th_rand_log(rng, lo, hi);
    af_vec3_f64 d = dsim_direction(rng);
    d.x *= len;
    d.y *= len;
    d.z *= len;
    return d;
}

void dsim_body(th_rng *rng, af_body_f64 *b)
{
    b->position = dsim_vector(rng, 1e-3, 1e3);
    b->velocity = dsim_vector(rng, 1e-2, 1e3);
}

static af_vec3_f64 random_gravity(th_rng *rng)
{
    af_vec3_f64 g = { 0.0, 0.0, -9.81 };
    if (th_rand_below(rng, 2))
        g = dsim_vector(rng, 0.1, 100.0);
    return g;
}

af_drag_f64 dsim_model(th_rng *rng, int kind)
{
    af_drag_f64 m;
    af_vec3_f64 g = random_gravity(rng), wind = { 0.0, 0.0, 0.0 };
    double dt = th_rand_log(rng, 1e-4, 0.1), d = th_rand_log(rng, 1e-3, 20.0);
    af_status st;

    switch (kind) {
    case 0: /* Unity: r = 1 - d dt needs d dt < 1 */
        if (d * dt >= 0.999)
            d = th_rand_uniform(rng, 0.0, 0.999) / dt;
        break;
    case 2: /* Bullet: (1 - d)^dt needs d < 1 */
        d = th_rand_log(rng, 1e-5, 0.999);
        break;
    case 4:
        if (th_rand_below(rng, 2))
            wind = dsim_vector(rng, 0.1, 20.0);
        if (th_rand_below(rng, 16) == 0)
            d = 0.0;
        break;
    default:
        break;
    }
    if (kind == 5) {
        static const double near_one[] = { 1.0, 1.0 - 0x1p-53, 1.0 - 0x1p-50, 1.0 - 1e-12 };
        m.kind = AF_DRAG_KIND_STEPPED;
        m.gravity = g;
        m.dt = dt;
        m.order = (af_step_order)th_rand_below(rng, 4);
        m.r = th_rand_below(rng, 2) ? near_one[th_rand_below(rng, 4)]
                                    : 1.0 - th_rand_log(rng, 1e-15, 0.999);
        m.k = 0.0;
        m.wind = wind;
        m.max_move = 0.0;
        return m;
    }
    st = af_drag_init_f64(kind == 4 ? AF_DRAG_CONTINUOUS : (af_drag_model)kind, d, dt, &g,
                          &wind, &m);
    TH_CHECK(st == AF_OK, "dsim_model: init of kind %d failed (%s)", kind, af_status_name(st));
    /* These flights test the law far past Box2D's cap on one step's move,
     * which has its own tests. */
    m.max_move = 0.0;
    return m;
}

const char *dsim_kind_name(int kind)
{
    static const char *const names[DSIM_KINDS] = { "unity",      "box2d", "bullet",
                                                   "exact",      "continuous",
                                                   "hand-filled" };
    return kind >= 0 && kind < DSIM_KINDS ? names[kind] : "?";
}

double dsim_vmax(af_vec3_f64 a)
{
    return fmax(fabs(a.x), fmax(fabs(a.y), fabs(a.z)));
}

double dsim_dot(af_vec3_f64 a, af_vec3_f64 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

double dsim_len(af_vec3_f64 a)
{
    return sqrt(dsim_dot(a, a));
}

af_vec3_f64 dsim_sub(af_vec3_f64 a, af_vec3_f64 b)
{
    af_vec3_f64 r = { a.x - b.x, a.y - b.y, a.z - b.z };
    return r;
}

double dsim_dist(af_vec3_f64 a, af_vec3_f64 b)
{
    return dsim_len(dsim_sub(a, b));
}
