/* SPDX-License-Identifier: MIT */
/*
 * Same bits everywhere for max_range alone, over the first 32 inputs of its
 * row in suite_determinism_q16: what the ATmega328P (32 KiB of flash, one
 * solver per program) checks. The hashes are the host's; after an
 * intended change of results, record the ones the host's run prints.
 */
#include "q16_determinism.h"

QD_ONE_ROW_SUITE(max_range, 32, 0xa8d664f9012ccc49, 0xc66da44bce8686cc)
