/* SPDX-License-Identifier: MIT */
/*
 * Same bits everywhere for min_speed alone, over the first 32 inputs of its
 * row in suite_determinism_q16: what the ATmega328P (32 KiB of flash, one
 * solver per program) checks. The hashes are the host's; after an
 * intended change of results, record the ones the host's run prints.
 */
#include "q16_determinism.h"

QD_ONE_ROW_SUITE(min_speed, 32, 0x714caa1f0272c9bd, 0x7d34e147adbe7c99)
