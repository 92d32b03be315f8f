/* SPDX-License-Identifier: MIT */
/* Must fail: executes an undefined instruction, so the core takes a
 * HardFault and the port exits with PORT_EXIT_HARD_FAULT. Run by
 * tests/check-runner.sh, which expects exactly that. */
#include <string.h>

#include "port.h"

int main(void)
{
    static const char message[] = "ok   runner.fault: about to execute an undefined instruction\n";
    port_init();
    port_write(message, strlen(message));
    __builtin_trap();
}
