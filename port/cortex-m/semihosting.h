/* SPDX-License-Identifier: MIT */
/*
 * Semihosting: the program asks the debugger (here QEMU, started with
 * -semihosting-config enable=on) to do I/O and to end the run, by executing
 * "bkpt 0xab" with an operation number in r0 and a parameter in r1.
 *
 * Without a debugger attached the breakpoint is a fault: these calls only
 * work under QEMU or a probe with semihosting enabled, which is what the
 * test and benchmark runs use.
 */
#ifndef AIMFIX_PORT_SEMIHOSTING_H
#define AIMFIX_PORT_SEMIHOSTING_H

#include <stddef.h>

/* Open the host's console for writing; returns a handle, or -1. */
int semihosting_open_console(void);

/* Write length bytes to a handle from semihosting_open_console(). */
void semihosting_write(int handle, const char *text, size_t length);

/* Write a NUL-terminated string to the debugger's console; needs no handle,
 * so it also works before port_init() and from a fault handler. */
void semihosting_write0(const char *text);

/* End the run: the emulator exits with status (0..255 on a POSIX host). */
void semihosting_exit(int status) __attribute__((noreturn));

#endif /* AIMFIX_PORT_SEMIHOSTING_H */
