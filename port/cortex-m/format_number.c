/* SPDX-License-Identifier: MIT */
/* Number to text (see format_number.h). */
#include "format_number.h"

/* Digits of value in base, least significant first, then reversed. At most
 * 10 digits (2^32 - 1 in base 10), so the loop is bounded. */
static char *format(char buffer[FORMAT_NUMBER_SIZE], uint32_t value, uint32_t base,
                    int min_digits)
{
    int n = 0, i;
    do {
        buffer[n++] = "0123456789abcdef"[value % base];
        value /= base;
    } while (value != 0 || n < min_digits);
    buffer[n] = '\0';
    for (i = 0; i < n / 2; i++) {
        char c = buffer[i];
        buffer[i] = buffer[n - 1 - i];
        buffer[n - 1 - i] = c;
    }
    return buffer;
}

char *format_decimal(char buffer[FORMAT_NUMBER_SIZE], uint32_t value)
{
    return format(buffer, value, 10u, 1);
}

char *format_hex(char buffer[FORMAT_NUMBER_SIZE], uint32_t value)
{
    return format(buffer, value, 16u, 8);
}
