/* SPDX-License-Identifier: MIT */
/*
 * newlib's assert() failure hook, replaced. newlib's own prints its message
 * with fiprintf, which links newlib's whole FILE-stream machinery (about
 * 8 KiB on the M0) into every program that formats a double: dtoa asserts
 * that its big-number allocations succeeded. This one writes the same
 * message through the console and ends the run as abort() does.
 */
#include <stdlib.h>
#include <string.h>

#include "format_number.h"
#include "port.h"

void __assert_func(const char *file, int line, const char *function, const char *expression);

static void say(const char *text)
{
    port_write(text, strlen(text));
}

void __assert_func(const char *file, int line, const char *function, const char *expression)
{
    char number[FORMAT_NUMBER_SIZE];
    say("assertion \"");
    say(expression);
    say("\" failed: file \"");
    say(file);
    say("\", line ");
    say(format_decimal(number, (uint32_t)line));
    if (function) {
        say(", function: ");
        say(function);
    }
    say("\n");
    abort();
}
