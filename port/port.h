/* SPDX-License-Identifier: MIT */
/*
 * port/port.h — what a target provides to the tests, benchmarks and examples.
 *
 * Five functions, nothing else. The library in src/ never calls them: it only
 * computes. A new target copies port/host/port_host.c (or port/cortex-m/) and
 * fills these in; docs/porting.md walks through adding a board.
 */
#ifndef AIMFIX_PORT_H
#define AIMFIX_PORT_H

#include <stddef.h>
#include <stdint.h>

/* Bring up whatever the other four need (console, counter). Called once,
 * first thing in main. */
void port_init(void);

/* Write length bytes of text to the console. No formatting, no newline
 * added; may block. */
void port_write(const char *text, size_t length);

/* A 32-bit counter that wraps modulo 2^32; differences of two readings
 * measure the code between them. The unit is port_counter_unit(). A port
 * may take the cost of a reading itself off: the Cortex-M port does, so
 * there two readings in a row differ by 0 and the count is exact
 * (port/cortex-m/instruction_counter.h). */
uint32_t port_counter(void);

/* "instructions", "cycles", or "none" when the target has no counter (then
 * port_counter() always returns 0). */
const char *port_counter_unit(void);

/* End the program with a status (0 = success). Under QEMU the status
 * becomes the emulator's exit code. */
void port_exit(int status)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((noreturn))
#endif
    ;

#endif /* AIMFIX_PORT_H */
