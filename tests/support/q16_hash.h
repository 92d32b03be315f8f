/* SPDX-License-Identifier: MIT */
/*
 * tests/support/q16_hash.h — one 64-bit number standing for many Q16 results, so
 * that "the same bits on every compiler and core" is a single comparison:
 * FNV-1a over the four bytes of each 32-bit value, low byte first. Every
 * step (xor a byte, multiply by an odd constant modulo 2^64) is a bijection
 * of the state, so changing any one value changes the final hash.
 */
#ifndef AIMFIX_TESTS_Q16_HASH_H
#define AIMFIX_TESTS_Q16_HASH_H

#include <stdint.h>

#include "aimfix.h"
#include "harness.h"

typedef struct q16_hash {
    uint64_t state;
} q16_hash;

void q16_hash_init(q16_hash *h);
void q16_hash_u32(q16_hash *h, uint32_t v);
/* A 64-bit value as its two halves, high first. */
void q16_hash_u64(q16_hash *h, uint64_t v);

/* 24 calls into the Q16 math core (every function of aimfix/q16.h) on
 * operands drawn from rng (q16_random_operand), their statuses and results
 * mixed into h. */
void q16_hash_core_round(q16_hash *h, th_rng *rng);

/* "0x0123456789abcdef" into buf (19 bytes), without %ll: small printf
 * implementations (newlib-nano) have none. Returns buf. */
const char *q16_hash_hex(uint64_t v, char buf[19]);

#endif /* AIMFIX_TESTS_Q16_HASH_H */
