/* SPDX-License-Identifier: MIT */
/*
 * The AVR port (port/port.h) for simavr: console through simavr's console
 * register (simavr_tags.c), the counter from Timer 1 at the CPU clock with
 * its overflows counted, exit by a marker line and a sleep with interrupts
 * off, which ends simavr. simavr's own exit status is always 0, so
 * scripts/run-simavr.sh turns the marker's status into its own.
 */
#include <string.h>

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <avr/sleep.h>

#include "format_number.h"
#include "port.h"
#include "stack_meter.h"

#include "exit_codes.h"

/* A jump to address 0 (a null function pointer, a return address
 * overwritten) restarts the program without clearing RAM, and the AVR
 * would run again and again: .noinit, which start-up leaves alone, keeps
 * the mark of the first start, so that the second one fails the run. */
#define STARTED_MARK 0xA5C3u
static uint16_t started __attribute__((section(".noinit")));

/* The port's own messages stay in flash: avr-gcc copies constant strings
 * to RAM, of which the ATmega328P has 2 KiB. */
static const char restarted[] PROGMEM = "*** the program restarted: a jump to address 0\n";
static const char stack_used[] PROGMEM = "# stack: ";
static const char of[] PROGMEM = " of ";
static const char bytes_used[] PROGMEM = " bytes used\n";
static const char overflowed[] PROGMEM = "*** the stack overflowed its region\n";
static const char exit_marker[] PROGMEM = "# simavr exit ";
static const char newline[] PROGMEM = "\n";

static void write_flash_text(const char *text)
{
    char c;
    while ((c = (char)pgm_read_byte(text++)) != 0)
        port_write(&c, 1);
}

static volatile uint16_t overflows;
static uint32_t reads;
static uint32_t read_cost;

ISR(TIMER1_OVF_vect)
{
    overflows++;
}

/* noinline: every reading runs the same instructions. An overflow that
 * is pending while the low half has already wrapped counts here. */
__attribute__((noinline)) uint32_t port_counter(void)
{
    uint8_t sreg = SREG;
    uint16_t low, high;
    cli();
    low = TCNT1;
    high = overflows;
    if ((TIFR1 & _BV(TOV1)) && low < 0x8000u)
        high++;
    SREG = sreg;
    return (((uint32_t)high << 16) | low) - reads++ * read_cost;
}

const char *port_counter_unit(void)
{
    return "cycles";
}

void port_init(void)
{
    uint32_t first, second;
    if (started == STARTED_MARK) {
        write_flash_text(restarted);
        port_exit(PORT_EXIT_HARD_FAULT);
    }
    started = STARTED_MARK;
    stack_meter_paint();
    TCCR1A = 0;
    TCCR1B = _BV(CS10); /* the CPU clock, no prescaler */
    TIMSK1 = _BV(TOIE1);
    sei();
    reads = 0;
    read_cost = 0;
    /* Two readings in a row, as a caller makes them around the code it
     * measures: what lies between them is the cost to subtract. */
    first = port_counter();
    second = port_counter();
    read_cost = second - first;
}

void port_write(const char *text, size_t length)
{
    size_t i;
    for (i = 0; i < length; i++)
        GPIOR0 = text[i] == '\n' ? '\r' : (uint8_t)text[i]; /* '\r' ends simavr's line */
}

void port_exit(int status)
{
    char number[FORMAT_NUMBER_SIZE];
    const char *digits;
    write_flash_text(stack_used);
    digits = format_decimal(number, (uint32_t)stack_meter_high_water());
    port_write(digits, strlen(digits));
    write_flash_text(of);
    digits = format_decimal(number, (uint32_t)stack_meter_size());
    port_write(digits, strlen(digits));
    write_flash_text(bytes_used);
    if (stack_meter_overflowed()) {
        write_flash_text(overflowed);
        if (status == 0)
            status = PORT_EXIT_STACK_OVERFLOW;
    }
    write_flash_text(exit_marker);
    digits = format_decimal(number, (uint32_t)status);
    port_write(digits, strlen(digits));
    write_flash_text(newline);
    cli();
    set_sleep_mode(SLEEP_MODE_PWR_DOWN);
    sleep_enable();
    for (;;)
        sleep_cpu();
}

/* avr-libc's start-up code calls main and then exit, which stops the CPU
 * in a loop simavr would run forever: the boards link with
 * -Wl,--wrap=main, so that start-up calls this instead, which ends through
 * port_exit with main's status, as the other ports do. */
int __real_main(void);
int __wrap_main(void);
int __wrap_main(void)
{
    port_exit(__real_main());
}
