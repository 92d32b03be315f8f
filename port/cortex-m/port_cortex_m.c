/* SPDX-License-Identifier: MIT */
/*
 * The Cortex-M port (port/port.h): console and exit through semihosting
 * (port/semihosting/), the counter in instruction_counter.c, start-up in
 * startup.c.
 */
#include "instruction_counter.h"
#include "newlib_syscalls.h"
#include "port.h"
#include "semihosting.h"

void port_init(void)
{
    semihosting_port_open();
    instruction_counter_start();
}

void port_exit(int status)
{
    semihosting_port_exit(status, newlib_heap_used(), newlib_heap_size());
}
