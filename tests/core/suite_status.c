/* SPDX-License-Identifier: MIT */
/* The status enum and its names: the CLI's JSON output and every error
 * message depend on them. */
#include <string.h>

#include "aimfix.h"
#include "harness.h"

static void every_status_has_its_name(void)
{
    static const struct {
        af_status status;
        const char *name;
    } table[] = {
        { AF_OK, "ok" },
        { AF_ERR_BAD_ARGUMENT, "bad_argument" },
        { AF_ERR_NO_SOLUTION, "no_solution" },
        { AF_ERR_OUT_OF_RANGE, "out_of_range" },
        { AF_ERR_OVERFLOW, "overflow" },
        { AF_ERR_NO_CONVERGENCE, "no_convergence" },
        { AF_ERR_BEYOND_YAW, "beyond_yaw" },
        { AF_ERR_BEYOND_PITCH, "beyond_pitch" },
        { AF_ERR_ENGINE_LIMIT, "engine_limit" },
    };
    size_t i;
    for (i = 0; i < sizeof table / sizeof table[0]; i++)
        TH_CHECK(strcmp(af_status_name(table[i].status), table[i].name) == 0,
                 "status %d is named %s, expected %s", (int)table[i].status,
                 af_status_name(table[i].status), table[i].name);
}

static void success_is_zero_and_failures_negative(void)
{
    TH_CHECK(AF_OK == 0, "AF_OK must be 0 so that `if (status)` means failure");
    TH_CHECK(AF_ERR_BAD_ARGUMENT < 0 && AF_ERR_NO_SOLUTION < 0 && AF_ERR_OUT_OF_RANGE < 0 &&
                 AF_ERR_OVERFLOW < 0 && AF_ERR_NO_CONVERGENCE < 0 &&
                 AF_ERR_BEYOND_YAW < 0 && AF_ERR_BEYOND_PITCH < 0 && AF_ERR_ENGINE_LIMIT < 0,
             "every failure status is negative");
}

static void unknown_status_is_named_unknown(void)
{
    /* A value outside the enum (a caller's own code, memory corruption)
     * still gets a printable name, never NULL. */
    TH_CHECK(strcmp(af_status_name((af_status)-99), "unknown") == 0, "status -99");
    TH_CHECK(strcmp(af_status_name((af_status)7), "unknown") == 0, "status 7");
    TH_CHECK(strcmp(af_status_name((af_status)-9), "unknown") == 0, "status -9");
}

static const th_case cases[] = {
    TH_CASE(every_status_has_its_name),
    TH_CASE(success_is_zero_and_failures_negative),
    TH_CASE(unknown_status_is_named_unknown),
};

TH_MAIN("status", cases)
