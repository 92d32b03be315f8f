/* SPDX-License-Identifier: MIT */
/*
 * Semihosting: the program asks the debugger (here QEMU, started with
 * -semihosting-config enable=on) to do I/O and to end the run, by trapping
 * with an operation number and a parameter block (Arm's "Semihosting for
 * AArch32 and AArch64"; RISC-V uses the same operations). Each core supplies
 * the trap, semihosting_call(); the rest is shared.
 *
 * Without a debugger attached the trap is a fault: these calls only work
 * under QEMU or a probe with semihosting enabled, which is what the test and
 * benchmark runs use.
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

/* The core's trap: operation in the first argument register, parameter in
 * the second, the debugger's answer returned (semihosting_call_*.c). */
int semihosting_call(int operation, const void *parameter);

/* The port's console and exit (port/port.h) over semihosting: port_write
 * is semihosting_port.c's; a port's port_init calls semihosting_port_open
 * (so no measured code pays for the opening), and its port_exit calls
 * semihosting_port_exit with its C library's heap figures, reported with
 * the stack's. */
void semihosting_port_open(void);
void semihosting_port_exit(int status, size_t heap_used, size_t heap_size) __attribute__((noreturn));

#endif /* AIMFIX_PORT_SEMIHOSTING_H */
