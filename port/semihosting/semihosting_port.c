/* SPDX-License-Identifier: MIT */
/* The console and the end of a run (port/port.h) over semihosting, shared by
 * every port that runs under QEMU with semihosting. */
#include <string.h>

#include "exit_codes.h"
#include "format_number.h"
#include "port.h"
#include "semihosting.h"
#include "stack_meter.h"

/* The console's handle; opened on first use, so that output also works
 * before port_init (from a fault report, say). */
static int console = -1;

void semihosting_port_open(void)
{
    if (console < 0)
        console = semihosting_open_console();
}

void port_write(const char *text, size_t length)
{
    semihosting_port_open();
    semihosting_write(console, text, length);
}

static void write_text(const char *text)
{
    port_write(text, strlen(text));
}

/* "# <what>: <used> of <size> bytes used" */
static void write_use(const char *what, size_t used, size_t size)
{
    char number[FORMAT_NUMBER_SIZE];
    write_text("# ");
    write_text(what);
    write_text(": ");
    write_text(format_decimal(number, (uint32_t)used));
    write_text(" of ");
    write_text(format_decimal(number, (uint32_t)size));
    write_text(" bytes used\n");
}

void semihosting_port_exit(int status, size_t heap_used, size_t heap_size)
{
    /* How much of the reserved stack and of the heap the run needed: the
     * figures to size a board's RAM from (boards/<name>/memory.ld). */
    write_use("stack", stack_meter_high_water(), stack_meter_size());
    write_use("heap", heap_used, heap_size);
    if (stack_meter_overflowed()) {
        write_text("*** the stack overflowed its reserved region\n");
        if (status == 0)
            status = PORT_EXIT_STACK_OVERFLOW;
    }
    semihosting_exit(status);
}
