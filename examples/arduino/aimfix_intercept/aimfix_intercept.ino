// SPDX-License-Identifier: MIT
// aimfix on an Arduino board (AVR: Uno, Mega; ARM, ESP32, RISC-V):
// where to aim a 50 m/s shot at a target 100 m away crossing at 30 m/s,
// in Q16.16 fixed point only, so no floating point is linked.
#include <aimfix.h>

// Q16.16 from a whole number: value * 65536.
static fix16_t q16(long whole)
{
    return (fix16_t)(whole * 65536L);
}

// A Q16.16 value printed as whole.thousandths without floating point.
// The whole part and the fraction are taken apart, so that nothing needs
// more than the 32 bits of a long (v * 1000 would overflow beyond 32.7).
static void printQ16(fix16_t v)
{
    unsigned long magnitude = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    unsigned long whole = magnitude >> 16;
    unsigned long thousandths = ((magnitude & 0xFFFFUL) * 1000UL + 32768UL) >> 16;
    if (thousandths == 1000UL) {
        whole++;
        thousandths = 0;
    }
    if (v < 0)
        Serial.print('-');
    Serial.print((long)whole);
    Serial.print('.');
    if (thousandths < 100) Serial.print('0');
    if (thousandths < 10) Serial.print('0');
    Serial.print((long)thousandths);
}

void setup()
{
    Serial.begin(115200);
    const af_body_q16 gun = { { 0, 0, 0 }, { 0, 0, 0 } };
    const af_body_q16 target = { { q16(100), 0, 0 }, { 0, q16(30), 0 } };
    af_shots_q16 shots;
    af_status status = af_intercept_q16(&gun, &target, q16(50), 0, &shots);

    Serial.print("aimfix ");
    Serial.println(af_version());
    Serial.print("status ");
    Serial.println(af_status_name(status));
    if (status == AF_OK) {
        Serial.print("t = ");
        printQ16(shots.shot[0].t);
        Serial.print(" s, aim (");
        printQ16(shots.shot[0].velocity.x);
        Serial.print(", ");
        printQ16(shots.shot[0].velocity.y);
        Serial.println(") m/s");
    }
}

void loop()
{
}
