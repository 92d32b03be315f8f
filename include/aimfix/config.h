/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix/config.h — compile-time options and portability macros.
 *
 * Every option is listed here with its default. Library options only: what a
 * target must provide (console, counter, exit) belongs to port/, not here.
 */
#ifndef AIMFIX_CONFIG_H
#define AIMFIX_CONFIG_H

#include <limits.h>

/* No source assumes the width of int: every constant, shift and product
 * that needs more than 16 bits is written in int32_t, uint32_t or a wider
 * type, so that a 16-bit int (AVR: Arduino Uno, Mega) gives the same bits
 * (docs/porting.md). */

/**
 * @def AF_CHECK_RESULT
 * AF_CHECK_RESULT marks functions whose return value is a status: ignoring it
 * is a compile-time warning (an error under -Werror). Define it empty before
 * including aimfix to turn the check off.
 */
#ifndef AF_CHECK_RESULT
#  if defined(__GNUC__) || defined(__clang__)
#    define AF_CHECK_RESULT __attribute__((warn_unused_result))
#  else
#    define AF_CHECK_RESULT
#  endif
#endif

/**
 * AF_MAX_SHOTS: the most solutions one solver can return. A projectile under
 * gravity fired at fixed speed at a moving target obeys a quartic in time,
 * which has at most four positive roots; no solver returns more.
 * Fixed by the mathematics, not a tuning knob.
 */
#define AF_MAX_SHOTS 4

#endif /* AIMFIX_CONFIG_H */
