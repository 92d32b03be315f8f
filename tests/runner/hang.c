/* SPDX-License-Identifier: MIT */
/* Must fail: never ends, so only the runner's time limit stops it. Run by
 * tests/check-runner.sh, which expects a time-out. */
#include <string.h>

#include "port.h"

int main(void)
{
    static const char message[] = "ok   runner.hang: about to spin forever\n";
    volatile unsigned long turns = 0;
    port_init();
    port_write(message, strlen(message));
    for (;;)
        turns++;
}
