/* SPDX-License-Identifier: MIT */
/*
 * Number to text without stdio, for the port's own messages: a fault
 * report cannot trust the C library, and a program that prints nothing
 * else should not pull in printf.
 */
#ifndef AIMFIX_PORT_FORMAT_NUMBER_H
#define AIMFIX_PORT_FORMAT_NUMBER_H

#include <stdint.h>

/* Room for any uint32_t in base 10 or 16, and the terminating NUL. */
#define FORMAT_NUMBER_SIZE 11

/* Write value into buffer, NUL-terminated, and return buffer: in decimal,
 * or in hexadecimal as exactly 8 digits (no prefix). */
char *format_decimal(char buffer[FORMAT_NUMBER_SIZE], uint32_t value);
char *format_hex(char buffer[FORMAT_NUMBER_SIZE], uint32_t value);

#endif /* AIMFIX_PORT_FORMAT_NUMBER_H */
