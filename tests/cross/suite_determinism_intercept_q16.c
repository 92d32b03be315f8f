/* SPDX-License-Identifier: MIT */
/*
 * Same bits everywhere for intercept alone, over the first 32 inputs of its
 * row in suite_determinism_q16: what the ATmega328P (32 KiB of flash, one
 * solver per program) checks. The hashes are the host's; after an
 * intended change of results, record the ones the host's run prints.
 */
#include "q16_determinism.h"

QD_ONE_ROW_SUITE(intercept, 32, 0x7b33522c43c1f75b, 0x1bc7ae7a680fb73f)
