/*
 * The libfixmath yardsticks of the drag rows (bench/drag_*fix16.c) against
 * the f64 solvers where their closed forms are well conditioned: strong
 * drag (1 - r of a tenth, k of 1 /s) or none, so that what the benchmark
 * reports as their error at light drag is the formulas' cancellation, not
 * a wrong formula. Built and run by tests/host/check-bench-drag-textbook.sh;
 * prints "ok ..." / "FAIL ..." lines.
 */
#include <math.h>
#include <stdio.h>

#include "aimfix.h"
#include "ref_solvers.h"

#define ONE 65536.0

static int failures;

/* One line: the case's name and what was compared (a printf format). */
static void check(int ok, const char *name, const char *what, double a, double b)
{
    printf("%s bench_textbook.%s (", ok ? "ok  " : "FAIL", name);
    printf(what, a, b);
    printf(")\n");
    failures += !ok;
}

static double real(fix16_t x)
{
    return x / ONE;
}

/* The f64 twin of a Q16 model (its own r, dt and k). */
static af_drag_f64 twin(const af_drag_q16 *m)
{
    af_drag_f64 f;
    f.kind = m->kind;
    f.dt = real(m->dt);
    f.r = real(m->r);
    f.k = real(m->k);
    f.order = m->order;
    f.gravity.x = real(m->gravity.x);
    f.gravity.y = real(m->gravity.y);
    f.gravity.z = real(m->gravity.z);
    f.wind.x = real(m->wind.x);
    f.wind.y = real(m->wind.y);
    f.wind.z = real(m->wind.z);
    return f;
}

static af_body_f64 body_f64(const af_body_q16 *b)
{
    af_body_f64 f;
    f.position.x = real(b->position.x);
    f.position.y = real(b->position.y);
    f.position.z = real(b->position.z);
    f.velocity.x = real(b->velocity.x);
    f.velocity.y = real(b->velocity.y);
    f.velocity.z = real(b->velocity.z);
    return f;
}

/* The largest difference of position and velocity, m and m/s. */
static double body_error(const af_body_q16 *q, const af_body_f64 *f)
{
    const fix16_t *a = &q->position.x, *av = &q->velocity.x;
    const double *b = &f->position.x, *bv = &f->velocity.x;
    double worst = 0;
    unsigned i;
    for (i = 0; i < 3; i++) {
        worst = fmax(worst, fabs(real(a[i]) - b[i]));
        worst = fmax(worst, fabs(real(av[i]) - bv[i]));
    }
    return worst;
}

static af_drag_q16 model(af_drag_model kind, double d, double dt)
{
    af_vec3_q16 g = { 0, 0, -642908 }, wind = { 65536, -131072, 0 };
    af_drag_q16 m;
    if (af_drag_init_q16(kind, (fix16_t)(d * ONE), (fix16_t)(dt * ONE), &g,
                         kind == AF_DRAG_CONTINUOUS ? &wind : NULL, &m) != AF_OK)
        printf("FAIL bench_textbook.model %d: no Q16 model\n", (int)kind), failures++;
    return m;
}

static void predictions(void)
{
    static const struct {
        const char *name;
        af_drag_model kind;
        double d, dt, when; /* when: steps for a stepped model, else s */
    } cases[] = {
        { "predict_steps.box2d_d4_30hz", AF_DRAG_BOX2D, 4, 1.0 / 30, 75.5 },
        { "predict_steps.unity_d3_60hz", AF_DRAG_UNITY, 3, 1.0 / 60, 150 },
        { "predict_steps.no_drag", AF_DRAG_EXACT, 0, 1.0 / 60, 100.25 },
        { "predict.continuous_k1_wind", AF_DRAG_CONTINUOUS, 1, 0, 2.5 },
        { "predict.exact_d2_120hz", AF_DRAG_EXACT, 2, 1.0 / 120, 1.7 },
        { "predict.continuous_no_drag", AF_DRAG_CONTINUOUS, 0, 0, 3.25 },
    };
    af_body_q16 start = { { 196608, -131072, 327680 }, { 655360, 786432, 262144 } }, got;
    unsigned i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        af_drag_q16 m = model(cases[i].kind, cases[i].d, cases[i].dt);
        af_drag_f64 f = twin(&m);
        af_body_f64 from = body_f64(&start), want;
        fix16_t when = (fix16_t)(cases[i].when * ONE);
        int steps = cases[i].name[7] == '_'; /* "predict_steps..." */
        af_status a = steps ? bench_drag_predict_steps_fix16(&m, &start, when, &got)
                            : bench_drag_predict_fix16(&m, &start, when, &got);
        af_status b = steps ? af_drag_predict_steps_f64(&f, &from, real(when), &want)
                            : af_drag_predict_f64(&f, &from, real(when), &want);
        double error = a == AF_OK && b == AF_OK ? body_error(&got, &want) : INFINITY;
        /* 2 mm: r^n and ln r each a few LSB, over a few metres. */
        check(error < 2e-3, cases[i].name, "largest difference %.6f m or m/s, at most %g", error,
              2e-3);
    }
}

static void heights(void)
{
    af_body_q16 start = { { 0, 0, 0 }, { 196608, 0, 983040 } }; /* 15 m/s up */
    static const af_drag_model kinds[] = { AF_DRAG_CONTINUOUS, AF_DRAG_BOX2D, AF_DRAG_EXACT };
    static const double d[] = { 1, 3, 0 };
    static const char *const names[] = { "height.continuous_k1", "height.box2d_d3_60hz",
                                         "height.no_drag" };
    unsigned i, branch;
    for (i = 0; i < 3; i++) {
        af_drag_q16 m = model(kinds[i], d[i], 1.0 / 60);
        af_drag_f64 f = twin(&m);
        af_body_f64 from = body_f64(&start);
        for (branch = AF_RISING; branch <= AF_FALLING; branch++) {
            af_drag_event_q16 got;
            af_drag_event_f64 want;
            char name[64];
            af_status a = bench_drag_time_at_height_fix16(&m, &start, 3 * 65536,
                                                          (af_branch)branch, &got);
            af_status b = af_drag_time_at_height_f64(&f, &from, 3.0, (af_branch)branch, &want);
            snprintf(name, sizeof name, "%s.%s", names[i], branch ? "falling" : "rising");
            /* 1 ms: the bisection's LSB of time, and the heights' error. */
            check(a == AF_OK && b == AF_OK && fabs(real(got.t) - want.t) < 1e-3, name,
                  "t = %.6f s, f64 %.6f s", real(got.t), want.t);
        }
    }
}

static void aims(void)
{
    af_body_q16 shooter = { { 0, 0, 0 }, { 0, 0, 0 } };
    af_body_q16 target = { { 6 * 65536, 3 * 65536, 32768 }, { 32768, 0, 0 } };
    static const af_drag_model kinds[] = { AF_DRAG_CONTINUOUS, AF_DRAG_UNITY, AF_DRAG_EXACT };
    static const double d[] = { 1, 1, 0 };
    static const char *const names[] = { "aim.continuous_k1", "aim.unity_d1_50hz", "aim.no_drag" };
    unsigned i;
    for (i = 0; i < 3; i++) {
        af_drag_q16 m = model(kinds[i], d[i], 1.0 / 50);
        af_drag_f64 f = twin(&m);
        af_body_f64 from = body_f64(&shooter), to = body_f64(&target);
        af_shots_q16 got;
        af_shots_f64 want;
        af_status a = bench_drag_aim_speed_fix16(&m, &shooter, &target, 20 * 65536, 8 * 65536, 0,
                                                 &got);
        af_status b = af_drag_aim_speed_f64(&f, &from, &to, 20.0, 8.0, 0, &want);
        int ok = a == AF_OK && b == AF_OK && got.count == 2 && want.count == 2;
        unsigned k;
        for (k = 0; ok && k < 2; k++) {
            /* 2 ms of time, 2 cm/s of launch velocity. */
            ok = fabs(real(got.shot[k].t) - want.shot[k].t) < 2e-3 &&
                 fabs(real(got.shot[k].velocity.x) - want.shot[k].velocity.x) < 2e-2 &&
                 fabs(real(got.shot[k].velocity.y) - want.shot[k].velocity.y) < 2e-2 &&
                 fabs(real(got.shot[k].velocity.z) - want.shot[k].velocity.z) < 2e-2;
        }
        check(ok, names[i], "both arcs; low arc t = %.6f s, f64 %.6f s", real(got.shot[0].t),
              want.shot[0].t);
    }
}

int main(void)
{
    predictions();
    heights();
    aims();
    return failures != 0;
}
