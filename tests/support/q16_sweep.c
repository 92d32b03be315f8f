/* SPDX-License-Identifier: MIT */
/* Q16 operands for the tests: the sweeps over a range and the random
 * operands, drawn with integer arithmetic only, so that every target,
 * the AVR boards (no 64-bit double) included, draws the same ones. */
#include "q16_check.h"

/* ---- Sweeps ------------------------------------------------------------ */

/* Candidates of the first part: lo, hi, 0, 1, -1, then per k = 1..31 the
 * six values +-2^k + {-1, 0, 1}. */
#define SPECIAL_COUNT (5 + 31 * 6)

static int64_t special_value(const q16_sweep *s, long i)
{
    static const int offsets[3] = { -1, 0, 1 };
    switch (i) {
    case 0: return s->lo;
    case 1: return s->hi;
    case 2: return 0;
    case 3: return 1;
    case 4: return -1;
    default: break;
    }
    i -= 5;
    return ((i / 3) % 2 ? -1 : 1) * ((int64_t)1 << (1 + i / 6)) + offsets[i % 3];
}

void q16_sweep_init(q16_sweep *s, const char *case_name, fix16_t lo, fix16_t hi, long count)
{
    s->lo = lo;
    s->hi = hi;
    s->count = count < 8 ? 8 : count;
    s->index = 0;
    s->rng = th_rng_for(case_name);
}

int q16_special(long i, fix16_t *x)
{
    q16_sweep whole;
    int64_t v;
    whole.lo = INT32_MIN;
    whole.hi = INT32_MAX;
    v = special_value(&whole, i);
    if (v < INT32_MIN || v > INT32_MAX)
        return 0;
    *x = (fix16_t)v;
    return 1;
}

static uint64_t magnitude(fix16_t v)
{
    return v < 0 ? (uint64_t)(-(int64_t)v) : (uint64_t)v;
}

static fix16_t log_uniform_in(q16_sweep *s)
{
    uint64_t limit = magnitude(s->lo) > magnitude(s->hi) ? magnitude(s->lo) : magnitude(s->hi);
    uint32_t bits = 0, e;
    uint64_t mag;
    int64_t v;
    while ((limit >> bits) > 1)
        bits++;
    e = th_rand_below(&s->rng, bits + 1);
    mag = ((uint64_t)1 << e) | (th_rand_u64(&s->rng) & (((uint64_t)1 << e) - 1));
    if (mag > limit)
        mag = limit;
    v = th_rand_sign(&s->rng) < 0 ? -(int64_t)mag : (int64_t)mag;
    if (v < s->lo || v > s->hi)
        v = -v; /* the range may be one-sided */
    if (v < s->lo)
        v = s->lo;
    if (v > s->hi)
        v = s->hi;
    return (fix16_t)v;
}

int q16_sweep_next(q16_sweep *s, fix16_t *x)
{
    long grid = s->count / 2, quarter = s->count / 4;
    int64_t span = (int64_t)s->hi - s->lo;
    long i;
    for (;;) {
        i = s->index++;
        if (i < SPECIAL_COUNT) {
            int64_t v = special_value(s, i);
            if (v >= s->lo && v <= s->hi) {
                *x = (fix16_t)v;
                return 1;
            }
            continue; /* outside the range: the next candidate */
        }
        i -= SPECIAL_COUNT;
        if (i < grid) {
            *x = (fix16_t)(s->lo + span * i / (grid - 1));
            return 1;
        }
        i -= grid;
        if (i < quarter) {
            *x = (fix16_t)(s->lo + (int64_t)(th_rand_u64(&s->rng) % (uint64_t)(span + 1)));
            return 1;
        }
        i -= quarter;
        if (i < quarter) {
            *x = log_uniform_in(s);
            return 1;
        }
        return 0;
    }
}

fix16_t q16_random_operand(th_rng *rng)
{
    q16_sweep whole;
    fix16_t x;
    uint32_t kind = th_rand_below(rng, 8);
    if (kind < 2) {
        while (!q16_special((long)th_rand_below(rng, Q16_SPECIAL_COUNT), &x))
            ; /* about one candidate in 60 is out of range: few retries */
        return x;
    }
    if (kind < 5) /* uniform over every raw value */
        return (fix16_t)((int64_t)(th_rand_u64(rng) >> 32) - INT64_C(2147483648));
    whole.lo = INT32_MIN;
    whole.hi = INT32_MAX;
    whole.rng = *rng;
    x = log_uniform_in(&whole);
    *rng = whole.rng;
    return x;
}
