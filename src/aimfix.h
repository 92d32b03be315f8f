/* SPDX-License-Identifier: MIT */
/* For the Arduino builder, which puts only src/ on the include path: the
 * public header, from include/. */
#include "../include/aimfix.h"
