/* SPDX-License-Identifier: MIT */
/*
 * The Q16 core gives the same bits on every compiler and core: a hash of
 * its outputs on fixed inputs must equal the one recorded from the
 * reference build (host gcc 12.2 -O2). The same value came out of host gcc
 * -O0/-O3 and clang 14 -O0/-O2/-O3, and of arm-none-eabi-gcc 12.2
 * -O0/-Os/-O2 for Cortex-M0, M3, M4 and M7 under QEMU. The inputs do not
 * shrink on slow targets (no th_count): the hash covers exactly the same
 * calls everywhere.
 *
 * After an intended change of results (a new polynomial, a rounding fix),
 * run this suite on the host and record the hash it prints, once the
 * other suites pass.
 */
#include "q16_hash.h"

/* Input sets hashed; each makes 24 calls. */
#define ROUNDS 4096
#define RECORDED_HASH UINT64_C(0x79bf9f11d24ecc06)

static void same_bits_as_the_recorded_build(void)
{
    th_rng rng = th_rng_for("bits");
    q16_hash h;
    char got[19], want[19];
    long i;
    q16_hash_init(&h);
    for (i = 0; i < ROUNDS; i++)
        q16_hash_core_round(&h, &rng);
    th_note("hash of %d x 24 results: %s", ROUNDS, q16_hash_hex(h.state, got));
    TH_CHECK(h.state == RECORDED_HASH, "hash %s, recorded %s", got,
             q16_hash_hex(RECORDED_HASH, want));
}

static const th_case cases[] = {
    TH_CASE(same_bits_as_the_recorded_build),
};

TH_MAIN("q16_bits", cases)
