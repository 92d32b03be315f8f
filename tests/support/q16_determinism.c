/* SPDX-License-Identifier: MIT */
/* The determinism suites' hashes (see q16_determinism.h). */
#include "q16_determinism.h"

#include <stddef.h>
#include <string.h>

#include "port.h"

uint64_t qd_row_hash(const qs_solver *s, long solves, const qd_flip *f,
                     long statuses[QD_STATUS_KINDS], qd_cost *cost)
{
    th_rng rng = th_rng_for(s->name);
    q16_hash h;
    long i;
    q16_hash_init(&h);
    for (i = 0; i < solves; i++) {
        qs_in in;
        qs_out_q16 out;
        int k;
        s->make(&rng, i, &in);
        if (cost) {
            uint32_t start = port_counter(), spent;
            s->run_q16(&in, &out);
            spent = port_counter() - start;
            cost->total += spent;
            if (spent > cost->worst)
                cost->worst = spent;
        } else {
            s->run_q16(&in, &out);
        }
        q16_hash_u32(&h, (uint32_t)(int32_t)out.status);
        q16_hash_u32(&h, (uint32_t)out.n);
        for (k = 0; k < out.n; k++) {
            uint32_t v = (uint32_t)out.v[k];
            if (f && f->solve == i && f->value == k)
                v ^= UINT32_C(1) << f->bit;
            q16_hash_u32(&h, v);
        }
        if (statuses && -(int)out.status >= 0 && -(int)out.status < QD_STATUS_KINDS)
            statuses[-(int)out.status]++;
    }
    return h.state;
}

uint64_t qd_core_hash(long rounds)
{
    th_rng rng = th_rng_for("determinism.core");
    q16_hash h;
    long i;
    q16_hash_init(&h);
    for (i = 0; i < rounds; i++)
        q16_hash_core_round(&h, &rng);
    return h.state;
}

uint64_t qd_total_hash(const uint64_t *rows, int count, uint64_t core)
{
    q16_hash h;
    int r;
    q16_hash_init(&h);
    for (r = 0; r < count; r++)
        q16_hash_u64(&h, rows[r]);
    q16_hash_u64(&h, core);
    return h.state;
}

/* Groups hold at most this many rows (the flips keep every row's hash). */
#define QD_MAX_GROUP_ROWS 16

static uint64_t prefix_total(const qd_prefix *p, const uint64_t *rows)
{
    return qd_total_hash(rows, p->group->count, p->core_hash ? p->core_hash(p->core_rounds) : 0);
}

/* The total is hashed as the rows come (qd_total_hash's order), keeping
 * no row hash: the least stack under the solvers (the ATmega328P's 2 KiB
 * of RAM). */
void qd_check_prefix(const qd_prefix *p)
{
    uint64_t row, core = 0;
    q16_hash total;
    char hex[19], want[19];
    int r;
    if (!TH_CHECK(p->row_count == p->group->count, "%d hashes recorded for %d %s rows",
                  p->row_count, p->group->count, p->group->name))
        return;
    th_note("first %ld solves of each %s row%s (all: suite_determinism_q16)",
            p->solves, p->group->name, p->core_hash ? " and of the math core" : "");
    q16_hash_init(&total);
    for (r = 0; r < p->group->count; r++) {
        const qs_solver *s = &p->group->rows[r];
        qd_cost cost = { 0, 0 };
        row = qd_row_hash(s, p->solves, NULL, NULL, &cost);
        q16_hash_u64(&total, row);
        if (strcmp(port_counter_unit(), "none") == 0)
            th_note("%-18s hash %s", s->name, q16_hash_hex(row, hex));
        else
            th_note("%-18s hash %s; %s a solve: mean %lu, worst %lu", s->name,
                    q16_hash_hex(row, hex), port_counter_unit(),
                    (unsigned long)(cost.total / (uint32_t)p->solves), (unsigned long)cost.worst);
        TH_CHECK(row == p->rows[r], "%s: hash %s, recorded %s", s->name, hex,
                 q16_hash_hex(p->rows[r], want));
    }
    if (p->core_hash) {
        core = p->core_hash(p->core_rounds);
        th_note("%-18s hash %s (%ld calls)", "core", q16_hash_hex(core, hex), p->core_rounds * 24);
        TH_CHECK(core == p->core, "core: hash %s, recorded %s", hex, q16_hash_hex(p->core, want));
    }
    q16_hash_u64(&total, core);
    th_note("hash of the %s prefix: %s", p->group->name, q16_hash_hex(total.state, hex));
    TH_CHECK(total.state == p->total, "hash %s, recorded %s", hex, q16_hash_hex(p->total, want));
}

/* The flips of qd_check_prefix_flips, with rows[] the group's size. */
static void check_flips(const qd_prefix *p, uint64_t *rows)
{
    uint64_t total;
    int r;
    for (r = 0; r < p->group->count; r++)
        rows[r] = qd_row_hash(&p->group->rows[r], p->solves, NULL, NULL, NULL);
    total = prefix_total(p, rows);
    for (r = 0; r < p->group->count; r++) {
        uint64_t kept = rows[r];
        qd_flip f;
        f.solve = (397L * r + 11) % p->solves;
        f.value = r % 4; /* every answer has at least four numbers */
        f.bit = (5 * r + 3) % 32;
        rows[r] = qd_row_hash(&p->group->rows[r], p->solves, &f, NULL, NULL);
        TH_CHECK(rows[r] != kept && prefix_total(p, rows) != total,
                 "%s: bit %d of number %d of solve %ld flipped, same hash", p->group->rows[r].name,
                 f.bit, f.value, f.solve);
        rows[r] = kept;
    }
}

void qd_check_prefix_flips(const qd_prefix *p)
{
    if (!TH_CHECK(p->group->count >= 1 && p->group->count <= QD_MAX_GROUP_ROWS,
                  "%d rows, 1 to %d", p->group->count, QD_MAX_GROUP_ROWS))
        return;
    {
        /* As many as the group has: the least stack (see qd_check_prefix). */
        uint64_t rows[p->group->count];
        check_flips(p, rows);
    }
}
