/* SPDX-License-Identifier: MIT */
/*
 * The benchmark's input sets: integers from a hash of the row's name and
 * the input's index, so that every core, compiler and run sees the same
 * numbers and a row's set does not depend on any other row.
 */
#include "bench.h"

uint64_t bench_hash(const char *row, unsigned i, unsigned k)
{
    /* FNV-1a over the name, then the index, mixed by splitmix64's
     * finaliser (which spreads neighbouring indices over all 64 bits). */
    uint64_t z = 0xcbf29ce484222325ull;
    const char *c;
    for (c = row; *c; c++)
        z = (z ^ (unsigned char)*c) * 0x100000001b3ull;
    z += 0x9e3779b97f4a7c15ull * ((uint64_t)i * BENCH_DRAWS + k + 1u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t bench_with_length(uint64_t h, unsigned length)
{
    /* The bits below the leading one from h mixed once more, so that they
     * do not share bits with whatever chose the length. */
    uint64_t top = (uint64_t)1 << (length - 1u);
    uint64_t low = (h ^ (h >> 29)) * 0xbf58476d1ce4e5b9ull;
    return top | (low & (top - 1u));
}

unsigned bench_length(uint64_t h, unsigned lo, unsigned hi)
{
    /* From the top byte, which bench_with_length mixes away. */
    return lo + (unsigned)((h >> 56) % (hi - lo + 1u));
}

uint64_t bench_log_uniform(uint64_t h, unsigned bits)
{
    return bench_with_length(h, bench_length(h, 1, bits));
}

int32_t bench_signed(uint64_t h, int32_t v)
{
    return (h & 1u) ? -v : v;
}

int32_t bench_uniform(uint64_t h, int32_t lo, int32_t hi)
{
    uint64_t span = (uint64_t)((int64_t)hi - lo) + 1u;
    return (int32_t)((int64_t)lo + (int64_t)((h >> 8) % span));
}
