// SPDX-License-Identifier: MIT
// The stand-in core: Serial keeps what the sketch prints in a buffer (no
// console on a link-only build), main runs setup and loop once.
#include "Arduino.h"

static char printed[256];
static unsigned used;

StandInSerial Serial;

static void keep(char c)
{
    if (used < sizeof printed)
        printed[used++] = c;
}

void StandInSerial::begin(unsigned long)
{
    used = 0;
}

void StandInSerial::print(const char *text)
{
    while (*text)
        keep(*text++);
}

void StandInSerial::print(char c)
{
    keep(c);
}

void StandInSerial::print(long value)
{
    char digits[12];
    unsigned n = 0;
    unsigned long magnitude = value < 0 ? 0ul - (unsigned long)value : (unsigned long)value;
    if (value < 0)
        keep('-');
    do {
        digits[n++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    while (n)
        keep(digits[--n]);
}

void StandInSerial::println(const char *text)
{
    print(text);
    keep('\n');
}

int main()
{
    setup();
    loop();
    return (int)used;
}
