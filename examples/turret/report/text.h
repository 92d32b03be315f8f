/* SPDX-License-Identifier: MIT */
/*
 * text.h — console lines built from integers: no printf, no floating
 * point, the same bytes on every target. A line is filled left to right
 * and written through the port with its newline; one longer than
 * TEXT_LINE_MAX is cut short.
 */
#ifndef TURRET_TEXT_H
#define TURRET_TEXT_H

#include <stddef.h>
#include <stdint.h>

#define TEXT_LINE_MAX 200

typedef struct text_line {
    char text[TEXT_LINE_MAX + 1];
    size_t length;
} text_line;

void text_begin(text_line *line);
void text_str(text_line *line, const char *s);
/* Spaces up to column `column` (0-based), at least one when `column` is
 * already reached. */
void text_column(text_line *line, size_t column);
/* value right-aligned in `width` characters. */
void text_int(text_line *line, int64_t value, int width);
/* A value given in thousandths, printed with `decimals` (0 to 3) decimals,
 * rounded to nearest (halves away from zero), right-aligned in `width`;
 * with `plus`, positive values get a '+'. */
void text_milli(text_line *line, int64_t milli, int decimals, int width, int plus);
/* Write the line and its newline to the console. */
void text_end(text_line *line);

/* One string as a whole line. */
void text_line_out(const char *s);

#endif /* TURRET_TEXT_H */
