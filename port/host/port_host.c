/* SPDX-License-Identifier: MIT */
/* The host port: stdio for the console, no counter (callgrind counts
 * instructions on the host, see bench/), exit() for the status. */
#include <stdio.h>
#include <stdlib.h>

#include "port.h"

void port_init(void)
{
    /* Line buffering keeps test output in order when stdout is a pipe and a
     * test dies: what was printed before the crash is still seen. */
    setvbuf(stdout, NULL, _IOLBF, 0);
}

void port_write(const char *text, size_t length)
{
    fwrite(text, 1, length, stdout);
}

uint32_t port_counter(void)
{
    return 0;
}

const char *port_counter_unit(void)
{
    return "none";
}

void port_exit(int status)
{
    fflush(stdout);
    exit(status);
}
