/* SPDX-License-Identifier: MIT */
/* text.h: integers to text. */
#include "text.h"

#include <string.h>

#include "port.h"

void text_begin(text_line *line)
{
    line->length = 0;
    line->text[0] = '\0';
}

static void put(text_line *line, char c)
{
    if (line->length < TEXT_LINE_MAX) {
        line->text[line->length++] = c;
        line->text[line->length] = '\0';
    }
}

void text_str(text_line *line, const char *s)
{
    while (*s)
        put(line, *s++);
}

void text_column(text_line *line, size_t column)
{
    do
        put(line, ' ');
    while (line->length < column && line->length < TEXT_LINE_MAX);
}

/* The digits of `magnitude` with a sign and `decimals` of them after a
 * point, right-aligned in width. */
static void number(text_line *line, uint64_t magnitude, int negative, int plus, int decimals,
                   int width)
{
    char digits[32];
    int n = 0, length, i;
    do {
        digits[n++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
        if (n == decimals)
            digits[n++] = '.';
    } while (magnitude > 0 || n <= decimals + (decimals > 0));
    if (negative)
        digits[n++] = '-';
    else if (plus)
        digits[n++] = '+';
    length = n;
    for (i = length; i < width; i++)
        put(line, ' ');
    while (n > 0)
        put(line, digits[--n]);
}

void text_int(text_line *line, int64_t value, int width)
{
    const uint64_t magnitude = value < 0 ? 0 - (uint64_t)value : (uint64_t)value;
    number(line, magnitude, value < 0, 0, 0, width);
}

void text_milli(text_line *line, int64_t milli, int decimals, int width, int plus)
{
    static const uint64_t scale[4] = { 1000, 100, 10, 1 };
    uint64_t magnitude = milli < 0 ? 0 - (uint64_t)milli : (uint64_t)milli;
    const uint64_t unit = scale[decimals < 0 ? 0 : decimals > 3 ? 3 : decimals];
    magnitude = (magnitude + unit / 2) / unit;
    number(line, magnitude, milli < 0 && magnitude > 0, plus, decimals, width);
}

void text_end(text_line *line)
{
    port_write(line->text, line->length);
    port_write("\n", 1);
}

void text_line_out(const char *s)
{
    port_write(s, strlen(s));
    port_write("\n", 1);
}
