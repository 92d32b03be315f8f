/* SPDX-License-Identifier: MIT */
/* The vector suites' checks (see q16_vectors_check.h). */
#include "q16_vectors_check.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "harness.h"

static const qs_vectors *set_for(const qsv_tables *t, const char *solver)
{
    int i;
    for (i = 0; i < t->set_count; i++)
        if (strcmp(t->sets[i].solver, solver) == 0)
            return &t->sets[i];
    return NULL;
}

/* One vector of a set, as the tables lay it out (see qs_vectors). */
typedef struct vector {
    int index;
    qs_in in;
    af_status q_status, f_status;
    int n, m;
    const int32_t *q;
    const double *f;
} vector;

typedef struct cursor {
    const qs_vectors *set;
    int next;
    const int32_t *q;
    const double *f;
} cursor;

static cursor cursor_at(const qs_vectors *set)
{
    cursor c;
    c.set = set;
    c.next = 0;
    c.q = set->q16;
    c.f = set->f64;
    return c;
}

/* The next vector; 0 after the last. A count beyond QS_MAX_OUT would be a
 * broken table: it ends the walk (the caller sees fewer vectors). */
static int next_vector(cursor *c, vector *v)
{
    int k;
    if (c->next >= c->set->count || c->set->inputs > QS_MAX_IN)
        return 0;
    v->index = c->next;
    memset(&v->in, 0, sizeof v->in);
    for (k = 0; k < c->set->inputs; k++)
        v->in.v[k] = c->set->in[c->next * c->set->inputs + k];
    v->q_status = (af_status)c->q[0];
    v->n = c->q[1];
    v->f_status = (af_status)c->q[2];
    v->m = c->q[3];
    if (v->n < 0 || v->n > QS_MAX_OUT || v->m < 0 || v->m > QS_MAX_OUT)
        return 0;
    v->q = c->q + 4;
    v->f = c->f;
    c->q += 4 + v->n;
    c->f += v->m;
    c->next++;
    return 1;
}

/* Every row has its vectors, with its number of inputs, and every set
 * belongs to a row: a solver added to tests/support/q16_solvers.c without
 * `make vectors` fails here. */
void qsv_every_solver_has_its_vectors(const qsv_tables *t)
{
    int i;
    for (i = 0; i < t->group->count; i++) {
        const qs_vectors *set = set_for(t, t->group->rows[i].name);
        if (TH_CHECK(set != NULL, "%s has no vectors (make vectors)", t->group->rows[i].name))
            TH_CHECK(set->count > 0 && set->inputs == qs_input_count(&t->group->rows[i]),
                     "%s: %d vectors of %d inputs; the row takes %d", set->solver, set->count,
                     set->inputs, qs_input_count(&t->group->rows[i]));
    }
    for (i = 0; i < t->set_count; i++)
        TH_CHECK(qs_find(t->group, t->sets[i].solver) != NULL, "vectors of an unknown solver %s",
                 t->sets[i].solver);
}

void qsv_q16_same_bits_as_the_host(const qsv_tables *t)
{
    int i, total = 0;
    for (i = 0; i < t->group->count; i++) {
        const qs_solver *s = &t->group->rows[i];
        const qs_vectors *set = set_for(t, s->name);
        cursor c;
        vector v;
        int seen = 0, differ = 0;
        if (!set)
            continue; /* reported by every_solver_has_its_vectors */
        c = cursor_at(set);
        while (next_vector(&c, &v)) {
            qs_out_q16 out;
            int k, first = -1;
            s->run_q16(&v.in, &out);
            for (k = 0; k < out.n; k++)
                if (out.v[k] != (k < v.n ? v.q[k] : 0) && first < 0)
                    first = k;
            seen++;
            if (out.status != v.q_status || out.n < v.n || first >= 0)
                differ++;
            TH_CHECK(out.status == v.q_status && out.n >= v.n && first < 0,
                     "%s vector %d: %s, host %s; first differing number %d (%s): 0x%08lx, host "
                     "0x%08lx",
                     s->name, v.index, af_status_name(out.status), af_status_name(v.q_status),
                     first, first >= 0 ? s->outputs[first] : "-",
                     first >= 0 ? (unsigned long)(uint32_t)out.v[first] : 0ul,
                     first >= 0 ? (unsigned long)(uint32_t)(first < v.n ? v.q[first] : 0) : 0ul);
        }
        TH_CHECK(seen == set->count, "%s: %d of %d vectors readable", s->name, seen, set->count);
        th_note("%-10s q16: %d vectors, %d differ from the host", s->name, seen, differ);
        total += seen;
    }
    th_note("q16: %d vectors checked bit for bit", total);
}

void qsv_f64_agrees_with_the_host(const qsv_tables *t)
{
    int i;
    for (i = 0; i < t->group->count; i++) {
        const qs_solver *s = &t->group->rows[i];
        const qs_vectors *set = set_for(t, s->name);
        cursor c;
        vector v;
        int seen = 0, identical = 0;
        double worst = 0.0;
        if (!set)
            continue;
        c = cursor_at(set);
        while (next_vector(&c, &v)) {
            qs_out_f64 out;
            double scale = 0.0, diff = 0.0;
            int k;
            s->run_f64(&v.in, &out);
            for (k = 0; k < out.n; k++) {
                double want = k < v.m ? v.f[k] : 0.0;
                scale = fmax(scale, fmax(fabs(want), fabs(out.v[k])));
                diff = fmax(diff, fabs(out.v[k] - want));
            }
            seen++;
            identical += diff == 0.0 && out.status == v.f_status;
            if (scale > 0.0)
                worst = fmax(worst, diff / scale);
            TH_CHECK(out.status == v.f_status && out.n >= v.m && diff <= s->f64_tolerance * scale,
                     "%s vector %d: %s, host %s; largest difference %.17g (allowed %.3g of %.17g)",
                     s->name, v.index, af_status_name(out.status), af_status_name(v.f_status),
                     diff, s->f64_tolerance, scale);
        }
        TH_CHECK(seen == set->count, "%s: %d of %d vectors readable", s->name, seen, set->count);
        th_note("%-10s f64: %d vectors, %d identical to the host, worst difference %.3g of the "
                "answer's largest number (allowed %.3g)",
                s->name, seen, identical, worst, s->f64_tolerance);
    }
}
