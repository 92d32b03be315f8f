/* SPDX-License-Identifier: MIT */
/**
 * @file
 * aimfix.h — where to aim so that a projectile meets a moving target.
 *
 * Every solver exists twice with the same shape: a double-precision
 * reference (_f64) and a Q16.16 fixed-point twin (_q16, libfixmath's
 * fix16_t) that needs no FPU, no heap and no libm. Every function returns an
 * af_status and fills an out-struct that is defined on every path.
 */
#ifndef AIMFIX_H
#define AIMFIX_H

#include "aimfix/config.h"
#include "aimfix/version.h"
#include "aimfix/status.h"
#include "aimfix/types.h"
#include "aimfix/q16.h"
#include "aimfix/intercept.h"
#include "aimfix/ballistic.h"
#include "aimfix/drag.h"
#include "aimfix/turret.h"
#include "aimfix/accel.h"
#include "aimfix/qdrag.h"
#include "aimfix/fixed_launch.h"
#include "aimfix/miss.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* AIMFIX_H */
