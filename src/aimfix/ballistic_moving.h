/* SPDX-License-Identifier: MIT */
/* For the Arduino builder, which puts only src/ on the include path: the
 * public header, from include/aimfix/. */
#include "../../include/aimfix/ballistic_moving.h"
