/* SPDX-License-Identifier: MIT */
/* The linked library's version: shared by the f64 and q16 libraries. */
#include "aimfix/version.h"

const char *af_version(void)
{
    return AIMFIX_VERSION_STRING;
}
