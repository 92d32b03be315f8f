/* SPDX-License-Identifier: MIT */
/* Must fail: reports a passing case, then fails an assert(). newlib's
 * hook is the port's (port/cortex-m/newlib_assert.c): it must print the
 * assertion and end the run as abort() does, status 128 + SIGABRT. Run by
 * tests/check-runner.sh. */
#include <assert.h>
#include <string.h>

#include "port.h"

int main(void)
{
    static const char message[] = "ok   runner.assert_fails: about to fail an assertion\n";
    volatile int zero = 0;
    port_init();
    port_write(message, strlen(message));
    assert(zero == 1);
    return 0;
}
