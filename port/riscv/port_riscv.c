/* SPDX-License-Identifier: MIT */
/*
 * The RISC-V port (port/port.h): console and exit through semihosting,
 * the counter from the minstret CSR, start-up in startup.c.
 *
 * Under QEMU's -icount, minstret is the virtual clock in ns, and with
 * shift 0 an instruction is 1 ns: it counts executed instructions exactly
 * (without -icount it counts host time, so the runner always passes it).
 * Each reading subtracts the cost of one reading, measured at start-up, so
 * that two readings in a row differ by 0, as on the Cortex-M boards.
 */
#include <string.h>

#include "csr.h"
#include "exit_codes.h"
#include "format_number.h"
#include "picolibc_syscalls.h"
#include "port.h"
#include "semihosting.h"
#include "stack_meter.h"

/* The console's semihosting handle; opened on first use, so that output
 * also works before port_init (from a trap report, say). */
static int console = -1;

static uint32_t reads;
static uint32_t read_cost;

/* noinline and branch-free: every reading runs the same instructions.
 * The low 32 bits wrap modulo 2^32, as port_counter() must. */
__attribute__((noinline)) uint32_t port_counter(void)
{
    uint32_t instructions;
    CSR_READ(minstret, instructions);
    return instructions - reads++ * read_cost;
}

const char *port_counter_unit(void)
{
    return "instructions";
}

void port_init(void)
{
    uint32_t first, second;
    if (console < 0)
        console = semihosting_open_console();
    reads = 0;
    read_cost = 0;
    /* Two readings in a row, as a caller makes them around the code it
     * measures: what lies between them is the cost to subtract. */
    first = port_counter();
    second = port_counter();
    read_cost = second - first;
}

void port_write(const char *text, size_t length)
{
    if (console < 0)
        console = semihosting_open_console();
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

void port_exit(int status)
{
    write_use("stack", stack_meter_high_water(), stack_meter_size());
    write_use("heap", picolibc_heap_used(), picolibc_heap_size());
    if (stack_meter_overflowed()) {
        write_text("*** the stack overflowed its reserved region\n");
        if (status == 0)
            status = PORT_EXIT_STACK_OVERFLOW;
    }
    semihosting_exit(status);
}
