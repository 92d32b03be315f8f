/* SPDX-License-Identifier: MIT */
/*
 * Same bits everywhere for arc_moving alone, over the first 32 inputs of
 * its row in suite_determinism_q16: the one-solver program of the
 * ATmega328P's kind, which for this row is still larger than the Uno's
 * 32 KiB of flash (docs/porting.md measures it). The hashes are the
 * host's; after an intended change of results, record the ones the
 * host's run prints.
 */
#include "q16_determinism.h"

QD_ONE_ROW_SUITE(arc_moving, 32, 0x44dabcd3b1a2ebf8, 0xbe18c0149a33292c)
