/* SPDX-License-Identifier: MIT */
/*
 * Same bits everywhere for arc_point alone, over the first 32 inputs of its
 * row in suite_determinism_q16: what the ATmega328P (32 KiB of flash, one
 * solver per program) checks. The hashes are the host's; after an
 * intended change of results, record the ones the host's run prints.
 */
#include "q16_determinism.h"

QD_ONE_ROW_SUITE(arc_point, 32, 0xc1780a3f85ffe93d, 0xa1dd319ba48147b1)
