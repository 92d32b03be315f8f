/* SPDX-License-Identifier: MIT */
/*
 * The RISC-V port (port/port.h): console and exit through semihosting
 * (port/semihosting/), the counter from the minstret CSR, start-up in
 * startup.c.
 *
 * Under QEMU's -icount, minstret is the virtual clock in ns, and with
 * shift 0 an instruction is 1 ns: it counts executed instructions exactly
 * (without -icount it counts host time, so the runner always passes it).
 * Each reading subtracts the cost of one reading, measured at start-up, so
 * that two readings in a row differ by 0, as on the Cortex-M boards.
 */
#include "csr.h"
#include "picolibc_syscalls.h"
#include "port.h"
#include "semihosting.h"

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
    semihosting_port_open();
    reads = 0;
    read_cost = 0;
    /* Two readings in a row, as a caller makes them around the code it
     * measures: what lies between them is the cost to subtract. */
    first = port_counter();
    second = port_counter();
    read_cost = second - first;
}

void port_exit(int status)
{
    semihosting_port_exit(status, picolibc_heap_used(), picolibc_heap_size());
}
