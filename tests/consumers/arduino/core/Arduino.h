// SPDX-License-Identifier: MIT
// A stand-in for an Arduino core's Arduino.h, enough for the example
// sketches: Serial's print and println. It lets the test compile and link a
// sketch as the Arduino builder would, without the Arduino tools.
#ifndef AIMFIX_TEST_ARDUINO_H
#define AIMFIX_TEST_ARDUINO_H

class StandInSerial {
public:
    void begin(unsigned long baud);
    void print(const char *text);
    void print(char c);
    void print(long value);
    void println(const char *text);
};

extern StandInSerial Serial;

void setup();
void loop();

#endif
