/* SPDX-License-Identifier: MIT */
/* Must fail: reports a passing case, then exits with status 3. A run is
 * judged by its exit status too, not only by the lines it prints. Run by
 * tests/check-runner.sh. */
#include <string.h>

#include "port.h"

int main(void)
{
    static const char message[] = "ok   runner.exit_nonzero: about to exit with status 3\n";
    port_init();
    port_write(message, strlen(message));
    return 3;
}
